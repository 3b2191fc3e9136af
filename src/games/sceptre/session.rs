//! Sceptre 1027 A.D. as the session layer sees it: the layout and player count chosen by the
//! `SceptreLayout` and `SceptrePlayers` options, the start (the set-up phase), the views for
//! people, the seats' names and clock words (docs/rules/sceptre1027.md#players-seats-and-turns: black moves first and keeps `btime`).

use super::bench::{BENCH_DEPTH, BENCH_POSITIONS};
use super::eval::{closing, guard, uncorrected, ways::Ways, EvalStyle, SceptreEval, WeightsChoice};
use super::field::layout::{Layout, DEFAULT_LAYOUT};
use super::field::seats::{Compass, PlayerColour};
use super::rules::position::{SceptrePosition, SceptrePositionError};
use crate::core::{Evaluator, Rules, Seat};
use crate::games::{
    embedded_file, EmbeddedFile, OptionKind, OptionSpec, OptionValueError, Variant, VariantRules,
};
use crate::render::Diagram;
use std::sync::{Arc, OnceLock};

/// The players when `SceptrePlayers` is not set: the two-player game every GUI can host.
pub const DEFAULT_PLAYERS: usize = 2;

/// The rules of a game of Sceptre: which layout, how many players.
#[derive(Clone, Debug)]
pub struct SceptreRules {
    layout: Arc<Layout>,
    players: usize,
    /// `SceptreEvaluation`: the full evaluator, or the first one as a baseline.
    eval_style: EvalStyle,
    /// `SceptreWeights`: the full evaluator's table.
    weights: WeightsChoice,
}

impl Default for SceptreRules {
    /// The default layout is read once: the registry builds rules for every question it asks.
    fn default() -> SceptreRules {
        static DEFAULT: OnceLock<Arc<Layout>> = OnceLock::new();
        let layout = DEFAULT.get_or_init(|| {
            Arc::new(Layout::default_layout().expect("the shipped default layout is valid"))
        });
        SceptreRules {
            layout: layout.clone(),
            players: DEFAULT_PLAYERS,
            eval_style: EvalStyle::Full,
            weights: WeightsChoice::default(),
        }
    }
}

impl SceptreRules {
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn players(&self) -> usize {
        self.players
    }
}

/// `SceptrePlayers` outside 2 to 4, or a count the chosen layout does not seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersError {
    NotANumber(String),
    Unseated {
        layout: String,
        players: usize,
        seats: Vec<usize>,
        /// What to change first: the option not being set.
        first: &'static str,
    },
}

impl std::fmt::Display for PlayersError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayersError::NotANumber(v) => write!(f, "'{v}' is not 2, 3 or 4"),
            PlayersError::Unseated {
                layout,
                players,
                seats,
                first,
            } => {
                let list: Vec<String> = seats.iter().map(|n| n.to_string()).collect();
                write!(
                    f,
                    "layout '{layout}' seats {} players, not {players} (set {first} first)",
                    list.join(" or ")
                )
            }
        }
    }
}

impl std::error::Error for PlayersError {}

fn unseated(layout: &Layout, players: usize, first: &'static str) -> OptionValueError {
    OptionValueError(Box::new(PlayersError::Unseated {
        layout: layout.name().to_string(),
        players,
        seats: layout.players().to_vec(),
        first,
    }))
}

impl VariantRules for SceptreRules {
    type G = SceptrePosition;
    type E = SceptreEval;
    type PositionError = SceptrePositionError;

    fn variant(&self) -> Variant {
        Variant::Sceptre
    }

    fn start(&self) -> SceptrePosition {
        SceptrePosition::start(&self.layout, self.players)
            .expect("options only accept layouts that seat the players")
    }

    fn parse_position(&self, text: &str) -> Result<SceptrePosition, SceptrePositionError> {
        SceptrePosition::from_text(text)
    }

    fn evaluator(&self, material_only: bool, root: &SceptrePosition) -> SceptreEval {
        let mut eval = SceptreEval {
            style: self.eval_style,
            material_only,
            weights: self.weights.table(),
            guard: None,
            closing: false,
            uncorrected: false,
            ways: None,
        };
        // A leader's search guards against the other side's promotion (`eval::guard`),
        // closing in for mate searches its quiet checks (`eval::closing`), goes without
        // the correction history (`eval::uncorrected`), and walks round the terrain
        // (`eval::ways`).
        if eval.style == EvalStyle::Full && !material_only {
            let material = eval.terms(root).material;
            let leads_by = |lead| guard::guarded(root, &material, lead).is_some();
            eval.guard = guard::guarded(root, &material, guard::GUARD_LEAD);
            eval.closing = leads_by(closing::CLOSING_LEAD);
            eval.uncorrected = leads_by(uncorrected::UNCORRECTED_LEAD);
            eval.ways = Ways::for_search(root, &material);
        }
        eval
    }

    fn describe(&self, pos: &SceptrePosition) -> String {
        format!(
            "{}\nKey: {:016X}",
            super::text::describe::describe(pos),
            pos.key()
        )
    }

    fn describe_eval(&self, pos: &SceptrePosition) -> String {
        let eval = self.evaluator(false, pos);
        let terms = eval.terms(pos);
        let seats = eval.evaluate_seats(pos);
        let mut s = format!(
            "Evaluator: {}\n\
             Player        | Material | Mobility |     King |    Pawns |  Threats | Progress |    Total | Score\n",
            match self.eval_style {
                EvalStyle::Full => "full",
                EvalStyle::Basic => "basic (material and mobility)",
            }
        );
        for colour in pos.colours() {
            let i = colour.index();
            let state = match pos.state(colour) {
                Some(super::rules::position::PlayerState::Playing) => "",
                Some(super::rules::position::PlayerState::Withdrawn) => " (withdrawn)",
                _ => " (eliminated)",
            };
            s.push_str(&format!(
                "{:<13} | {:>8} | {:>8} | {:>8} | {:>8} | {:>8} | {:>8} | {:>8} | {:+}{state}\n",
                colour.to_string(),
                terms.material[i],
                terms.mobility[i],
                terms.king[i],
                terms.pawns[i],
                terms.threats[i],
                terms.progress[i],
                terms.total(colour),
                seats[i]
            ));
        }
        let scores: Vec<String> = pos
            .colours()
            .map(|c| format!("{}{:+}", c.letter(), seats[c.index()]))
            .collect();
        s.push_str(&format!(
            "Score per player (own view: the total against the others'): {}\n",
            scores.join(" ")
        ));
        s.push_str(&format!(
            "Final evaluation: {:+} ({} to move)",
            eval.evaluate(pos),
            pos.to_move()
        ));
        s
    }

    fn diagram(&self, pos: &SceptrePosition) -> Diagram {
        super::text::describe::diagram(pos)
    }

    fn seat_name(&self, seat: Seat) -> String {
        PlayerColour::ALL
            .get(seat as usize)
            .map_or_else(|| format!("seat {seat}"), |c| c.to_string())
    }

    /// Black, white, red, green: `btime` is black's clock, as in chess.
    fn clock_letters(&self) -> &'static [char] {
        &['b', 'w', 'r', 'g']
    }

    fn checked_king(&self, pos: &SceptrePosition) -> Option<String> {
        let colour = pos.to_move();
        if !pos.in_check(colour) {
            return None;
        }
        pos.king_square(colour)
            .map(|sq| pos.field().square_name(sq))
    }

    fn no_moves_reason(&self, pos: &SceptrePosition) -> &'static str {
        if pos.in_check(pos.to_move()) {
            "checkmate"
        } else {
            "stalemate"
        }
    }

    fn draw_reason(&self, _pos: &SceptrePosition) -> &'static str {
        "rule"
    }

    fn decided_reason(&self, _pos: &SceptrePosition) -> &'static str {
        "being the last player standing"
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        BENCH_POSITIONS
    }

    fn bench_depth(&self) -> u32 {
        BENCH_DEPTH
    }

    /// Ready set-ups and the set-up phase itself, on every layout, for 2, 3 and 4 players
    /// (`regalia match` picks those for its number of engines).
    fn shipped_openings(&self) -> &'static [EmbeddedFile] {
        &[
            embedded_file!("openings/sceptre1027/ready-2.epd"),
            embedded_file!("openings/sceptre1027/ready-3.epd"),
            embedded_file!("openings/sceptre1027/ready-4.epd"),
            embedded_file!("openings/sceptre1027/start-2.epd"),
            embedded_file!("openings/sceptre1027/start-3.epd"),
            embedded_file!("openings/sceptre1027/start-4.epd"),
        ]
    }

    fn key_from_scratch(&self, pos: &SceptrePosition) -> u64 {
        pos.key_from_scratch()
    }

    /// The evaluator is an engine author's switch, not offered to people setting up a game;
    /// like the layout and the players it stands for the whole match (the referee keeps it).
    fn options(&self) -> Vec<OptionSpec> {
        let layouts = super::field::layout::SHIPPED_LAYOUTS
            .iter()
            .map(|l| l.name.to_string());
        vec![
            OptionSpec::new(
                "SceptreLayout",
                OptionKind::Text {
                    default: DEFAULT_LAYOUT.into(),
                    suggestions: layouts.collect(),
                },
            ),
            OptionSpec::new(
                "SceptrePlayers",
                OptionKind::Spin {
                    default: DEFAULT_PLAYERS as i64,
                    min: 2,
                    max: 4,
                },
            ),
            OptionSpec::new(
                "SceptreEvaluation",
                OptionKind::Combo {
                    default: "full".into(),
                    choices: vec!["full".into(), "basic".into()],
                },
            )
            .not_offered(),
            OptionSpec::new(
                "SceptreWeights",
                OptionKind::Combo {
                    default: "handset".into(),
                    choices: vec!["handset".into(), "tuned".into()],
                },
            )
            .engine_only()
            .not_offered(),
        ]
    }

    /// South at the bottom as it is; west (seat 1 of three or four) three quarter turns, north
    /// two, east one.
    fn seat_turn(&self, pos: &SceptrePosition, seat: Seat) -> u8 {
        match Compass::seats(pos.seats()).and_then(|s| s.get(seat as usize)) {
            Some(Compass::West) => 3,
            Some(Compass::North) => 2,
            Some(Compass::East) => 1,
            _ => 0,
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), OptionValueError>> {
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "sceptrelayout" => Some(
                Layout::load(value)
                    .map_err(|e| OptionValueError(Box::new(e)))
                    .and_then(|layout| {
                        if !layout.supports(self.players) {
                            return Err(unseated(&layout, self.players, "SceptrePlayers"));
                        }
                        self.layout = Arc::new(layout);
                        Ok(())
                    }),
            ),
            "sceptreplayers" => Some(match value.parse::<usize>() {
                Ok(n @ 2..=4) if self.layout.supports(n) => {
                    self.players = n;
                    Ok(())
                }
                Ok(n @ 2..=4) => Err(unseated(&self.layout, n, "a SceptreLayout that seats them")),
                _ => Err(OptionValueError(Box::new(PlayersError::NotANumber(
                    value.to_string(),
                )))),
            }),
            "sceptreevaluation" => Some(match value.to_ascii_lowercase().as_str() {
                "full" => {
                    self.eval_style = EvalStyle::Full;
                    Ok(())
                }
                "basic" => {
                    self.eval_style = EvalStyle::Basic;
                    Ok(())
                }
                _ => Err(OptionValueError(Box::new(EvaluationError(
                    value.to_string(),
                )))),
            }),
            "sceptreweights" => Some(match value.to_ascii_lowercase().as_str() {
                "handset" => {
                    self.weights = WeightsChoice::HandSet;
                    Ok(())
                }
                "tuned" => {
                    self.weights = WeightsChoice::Tuned;
                    Ok(())
                }
                _ => Err(OptionValueError(Box::new(WeightsError(value.to_string())))),
            }),
            _ => None,
        }
    }
}

/// A `SceptreWeights` value other than `handset` or `tuned`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError(pub String);

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not handset or tuned", self.0)
    }
}

impl std::error::Error for WeightsError {}

/// A `SceptreEvaluation` value other than `full` or `basic`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvaluationError(pub String);

impl std::fmt::Display for EvaluationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not full or basic", self.0)
    }
}

impl std::error::Error for EvaluationError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::eval::weights::HANDSET;
    use crate::games::sceptre::eval::TUNED;

    #[test]
    fn sceptre_weights_chooses_the_table_and_refuses_other_values() {
        let mut rules = SceptreRules::default();
        let start = rules.start();
        assert_eq!(*rules.evaluator(false, &start).weights, HANDSET);
        assert!(matches!(
            rules.set_option("SceptreWeights", "Tuned"),
            Some(Ok(()))
        ));
        assert_eq!(*rules.evaluator(false, &start).weights, TUNED);
        assert_ne!(TUNED, HANDSET);
        let refused = rules.set_option("SceptreWeights", "best");
        assert!(
            matches!(&refused, Some(Err(e)) if e.to_string().contains("'best' is not handset or tuned")),
            "{refused:?}"
        );
    }

    /// A game of two on a meadow, black a queen and two rooks ahead (some 1,700), white a
    /// pawn near its edge with those three in its pool; `mover` moves.
    fn lead_of_a_queen_and_two_rooks(mover: &str) -> SceptrePosition {
        let meadow = ["8m"; 16].join("/");
        let text = format!(
            "{meadow} Kb@a1,Qb@b2,Rb@c2,Rb@d2,Kw@h16,Pw@c5 b+,w+ {mover} b@a1,w@a9 - w:QRR -"
        );
        SceptrePosition::from_text(&text).unwrap()
    }

    #[test]
    fn only_a_leaders_search_guards_against_promotion() {
        let rules = SceptreRules::default();
        let pos = lead_of_a_queen_and_two_rooks;
        assert_eq!(
            rules.evaluator(false, &pos("b")).guard,
            Some(PlayerColour::White)
        );
        assert_eq!(rules.evaluator(false, &pos("w")).guard, None);
        assert_eq!(rules.evaluator(true, &pos("b")).guard, None);
        assert_eq!(rules.evaluator(false, &rules.start()).guard, None);
    }

    #[test]
    fn only_the_leaders_search_counts_the_ways_to_the_weaker_king() {
        let rules = SceptreRules::default();
        let pos = lead_of_a_queen_and_two_rooks;
        assert!(rules.evaluator(false, &pos("b")).ways.is_some());
        assert!(rules.evaluator(false, &pos("w")).ways.is_none());
        assert!(rules.evaluator(true, &pos("b")).ways.is_none());
        assert!(rules.evaluator(false, &rules.start()).ways.is_none());
    }

    #[test]
    fn only_a_leaders_search_closing_in_searches_its_quiet_checks() {
        use crate::core::SearchHints;
        let rules = SceptreRules::default();
        let pos = lead_of_a_queen_and_two_rooks;
        let params =
            |eval: SceptreEval, pos: &SceptrePosition| eval.search_params(pos.search_params());
        let leader = pos("b");
        assert!(leader.search_params().prune_quiet_checks);
        // A lead of some 1,700: the leader searches its quiet checks unless the switch is off.
        assert_eq!(
            params(rules.evaluator(false, &leader), &leader).prune_quiet_checks,
            closing::CLOSING_LEAD.is_none()
        );
        let behind = pos("w");
        assert!(params(rules.evaluator(false, &behind), &behind).prune_quiet_checks);
        assert!(params(rules.evaluator(true, &leader), &leader).prune_quiet_checks);
        let start = rules.start();
        assert_eq!(
            params(rules.evaluator(false, &start), &start),
            start.search_params()
        );
    }

    #[test]
    fn only_a_leaders_search_goes_without_the_correction_history() {
        use crate::core::SearchHints;
        let rules = SceptreRules::default();
        let pos = lead_of_a_queen_and_two_rooks;
        let corrected = |eval: SceptreEval, pos: &SceptrePosition| {
            eval.search_params(pos.search_params()).correction_history
        };
        let leader = pos("b");
        assert!(leader.search_params().correction_history);
        // A lead of some 1,700: the leader's search goes without it unless the switch is off.
        assert_eq!(
            corrected(rules.evaluator(false, &leader), &leader),
            uncorrected::UNCORRECTED_LEAD.is_none()
        );
        let behind = pos("w");
        assert!(corrected(rules.evaluator(false, &behind), &behind));
        assert!(corrected(rules.evaluator(true, &leader), &leader));
        let start = rules.start();
        assert!(corrected(rules.evaluator(false, &start), &start));
    }
}
