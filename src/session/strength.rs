//! `UCI_LimitStrength` and `UCI_Elo`: a beatable opponent for people. Game-neutral: one skill
//! number sets a node budget for the search and the noise of a choice among its best lines, so
//! a weak setting both sees less and picks worse moves. The search job gives the search its
//! budget and lines; the session chooses among the lines' moves in the game's own type, before
//! any move is written as text; the protocol only passes the setting on.
//! Calibrated for chess against Stockfish's own `UCI_Elo` levels (docs/results/strength.md#limited-strength-uci_elo-calibration).
//!
//! Searching four lines in one budget costs the search about three plies (chess, 262,144
//! nodes: depth 11 against 14), which made the step from the strongest foe to the full engine
//! a cliff. So above [`FADE_FROM`] the handicap fades: a move is chosen among the lines (with
//! a noise that fades too) only at a rate falling from 1 to 0 at [`FADE_TO`], the other moves
//! are searched as one line and played as the full engine plays them. From [`FADE_TO`] up a
//! limited foe is the full engine within its node budget, so the scale meets full strength
//! without a jump. At and below [`FADE_FROM`] nothing differs (chess's calibration stands).

use crate::games::{FoeStrength, Variant};
use crate::search::{ReportScore, RootLine, SearchLimits};
use rand::Rng;

pub const MIN_ELO: u32 = 800;
pub const MAX_ELO: u32 = 2600;
pub const DEFAULT_ELO: u32 = 1500;
/// The lines searched to choose among.
pub const LINES: usize = 4;
/// Up to this setting every move is chosen among [`LINES`] lines.
pub const FADE_FROM: u32 = 2000;
/// From this setting up no move is: its budget, 272,436 nodes, is within 4% of the 2^18 nodes
/// the ladders' full-strength foe searches (`FULL_NODES` in engine-tests/strength/ladder.sh).
pub const FADE_TO: u32 = 2350;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthLimit {
    pub elo: u32,
}

impl StrengthLimit {
    /// The limit of the game's foe at `level` of its ladder (`Level` option, the page's foe) in
    /// a game of `players` seats (a foe may play another setting for another player count):
    /// None at level 0, for the full-strength foe, and beyond the ladder (its top is full).
    pub fn of_level(variant: Variant, level: usize, players: usize) -> Option<StrengthLimit> {
        match variant.foe(level)?.strength_for(players) {
            FoeStrength::Limited(elo) => Some(StrengthLimit { elo }),
            FoeStrength::Full => None,
        }
    }

    /// 0 at [`MIN_ELO`], 1 at [`MAX_ELO`].
    fn skill(self) -> f64 {
        let elo = self.elo.clamp(MIN_ELO, MAX_ELO);
        f64::from(elo - MIN_ELO) / f64::from(MAX_ELO - MIN_ELO)
    }

    /// Nodes a move may search: 64 at the weakest, about a million at the strongest.
    pub fn node_budget(self) -> u64 {
        2f64.powf(6.0 + 14.0 * self.skill()).round() as u64
    }

    /// The largest random bonus a line may get before the choice, in centipawns.
    pub fn noise(self) -> f64 {
        let weakness = 1.0 - self.skill();
        300.0 * weakness * weakness * self.choice_rate()
    }

    /// The share of moves chosen among [`LINES`] lines: 1 up to [`FADE_FROM`], falling
    /// evenly to 0 at [`FADE_TO`].
    pub fn choice_rate(self) -> f64 {
        let elo = self.elo.clamp(FADE_FROM, FADE_TO);
        f64::from(FADE_TO - elo) / f64::from(FADE_TO - FADE_FROM)
    }

    /// Whether this move is chosen among lines (else searched and played as at full strength).
    pub fn chooses(self, rng: &mut impl Rng) -> bool {
        let rate = self.choice_rate();
        rate >= 1.0 || (rate > 0.0 && rng.gen_bool(rate))
    }

    /// The search limits with the node budget: the tighter of it and any `go nodes`.
    pub fn limits(self, limits: &SearchLimits) -> SearchLimits {
        let mut out = limits.clone();
        let budget = self.node_budget();
        out.nodes = Some(limits.nodes.map_or(budget, |n| n.min(budget)));
        out
    }

    /// Picks a root move: each line's score plus a random bonus up to
    /// [`StrengthLimit::noise`], the highest wins. `lines[i]` is MultiPV line `i + 1` as the
    /// search last reported it exactly; the moves are the game's own, written out only by
    /// whoever shows the pick.
    pub fn choose<M: Clone>(
        self,
        lines: &[Option<RootLine<M>>],
        rng: &mut impl Rng,
    ) -> Option<Pick<M>> {
        let noise = self.noise();
        lines
            .iter()
            .flatten()
            .map(|line| {
                let bonus = if noise > 0.0 {
                    rng.gen_range(0.0..noise)
                } else {
                    0.0
                };
                let pick = Pick {
                    best: line.first.clone(),
                    reply: line.reply.clone(),
                };
                (value(line.score) + bonus, pick)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, pick)| pick)
    }
}

/// The root move a limited strength plays, with the reply its line expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick<M> {
    pub best: M,
    pub reply: Option<M>,
}

/// A score as one number: mates far beyond any evaluation, sooner ones better.
fn value(score: ReportScore) -> f64 {
    match score {
        ReportScore::Centipawns(cp) => f64::from(cp),
        ReportScore::Mate(n) if n > 0 => 100_000.0 - f64::from(n),
        ReportScore::Mate(n) => -100_000.0 - f64::from(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// MultiPV line `_multipv` (for the reader: its place in the list is its number), starting
    /// with `first`. The moves here are strings; any type a game uses will do.
    fn line(_multipv: usize, cp: i32, first: &str) -> Option<RootLine<String>> {
        Some(RootLine {
            first: first.to_string(),
            reply: None,
            score: ReportScore::Centipawns(cp),
        })
    }

    #[test]
    fn every_foe_plays_at_a_setting_uci_elo_accepts() {
        for &v in Variant::ALL {
            for players in 2..=4 {
                for (i, foe) in v.ladder().iter().enumerate() {
                    let limit = StrengthLimit::of_level(v, i + 1, players);
                    match foe.strength_for(players) {
                        FoeStrength::Limited(elo) => {
                            assert!((MIN_ELO..=MAX_ELO).contains(&elo), "{v} {}", foe.name);
                            assert_eq!(limit, Some(StrengthLimit { elo }));
                        }
                        FoeStrength::Full => assert_eq!(limit, None),
                    }
                }
                assert_eq!(
                    StrengthLimit::of_level(v, 0, players),
                    None,
                    "level 0 is full"
                );
                assert_eq!(
                    StrengthLimit::of_level(v, 99, players),
                    None,
                    "beyond the top"
                );
            }
        }
        assert_eq!(
            StrengthLimit::of_level(Variant::Chess, 1, 2),
            Some(StrengthLimit { elo: MIN_ELO }),
            "chess's first foe is UCI_Elo's weakest"
        );
    }

    #[test]
    fn budgets_and_noise_follow_the_elo() {
        let weakest = StrengthLimit { elo: MIN_ELO };
        let strongest = StrengthLimit { elo: MAX_ELO };
        assert_eq!(weakest.node_budget(), 64);
        assert_eq!(strongest.node_budget(), 1 << 20);
        assert_eq!(strongest.noise(), 0.0);
        assert!(weakest.noise() > StrengthLimit { elo: 1500 }.noise());
        let top = StrengthLimit { elo: FADE_TO }.node_budget();
        assert!(
            (262_144..=262_144 * 104 / 100).contains(&top),
            "the fade ends where the budget meets the ladders' full foe's 2^18 nodes: {top}"
        );
    }

    #[test]
    fn the_handicap_fades_to_nothing_between_fade_from_and_fade_to() {
        let at = |elo| StrengthLimit { elo };
        // Chess's calibrated settings are untouched: every move chosen, the noise as before.
        for elo in [MIN_ELO, 1500, FADE_FROM] {
            assert_eq!(at(elo).choice_rate(), 1.0, "{elo}");
            let weakness = 1.0 - at(elo).skill();
            assert_eq!(at(elo).noise(), 300.0 * weakness * weakness, "{elo}");
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(30);
        assert!((0..100).all(|_| at(FADE_FROM).chooses(&mut rng)));
        assert!((0..100).all(|_| !at(FADE_TO).chooses(&mut rng)));
        assert!((0..100).all(|_| !at(MAX_ELO).chooses(&mut rng)));
        assert_eq!(at(FADE_TO).noise(), 0.0);
        // Between, evenly and without a jump.
        let rates: Vec<f64> = (FADE_FROM..=FADE_TO)
            .step_by(50)
            .map(|e| at(e).choice_rate())
            .collect();
        assert!(rates.windows(2).all(|w| w[0] > w[1]), "{rates:?}");
        let half = at((FADE_FROM + FADE_TO) / 2);
        assert!((half.choice_rate() - 0.5).abs() < 0.01);
        let chosen = (0..4000).filter(|_| half.chooses(&mut rng)).count();
        assert!((1800..2200).contains(&chosen), "{chosen} of 4000");
    }

    #[test]
    fn the_limit_takes_the_tighter_node_count() {
        let limits = StrengthLimit { elo: 1500 }.limits(&SearchLimits {
            nodes: Some(10),
            ..Default::default()
        });
        assert_eq!(limits.nodes, Some(10), "a tighter go nodes stands");
    }

    #[test]
    fn the_strongest_takes_the_best_line_and_the_weakest_varies() {
        let lines = [
            line(1, 50, "e2e4"),
            line(2, 40, "d2d4"),
            line(3, -200, "g2g4"),
            None,
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let strongest = StrengthLimit { elo: MAX_ELO };
        for _ in 0..20 {
            assert_eq!(strongest.choose(&lines, &mut rng).unwrap().best, "e2e4");
        }
        let weakest = StrengthLimit { elo: MIN_ELO };
        let picks: std::collections::BTreeSet<String> = (0..200)
            .map(|_| weakest.choose(&lines, &mut rng).unwrap().best)
            .collect();
        assert!(
            picks.contains("e2e4") && picks.contains("d2d4"),
            "{picks:?}"
        );
        // A mate is never given up for noise.
        let mate = [line(1, 0, "a2a3"), {
            let mut m = line(2, 0, "d1h5").unwrap();
            m.score = ReportScore::Mate(1);
            Some(m)
        }];
        for _ in 0..50 {
            assert_eq!(weakest.choose(&mate, &mut rng).unwrap().best, "d1h5");
        }
    }

    #[test]
    fn the_choice_reads_only_the_scores_and_plays_the_chosen_lines_reply() {
        // The same lines with moves of two types: the same seed picks the same line.
        let scores = [
            ReportScore::Centipawns(30),
            ReportScore::Centipawns(10),
            ReportScore::Mate(-2),
            ReportScore::Centipawns(25),
        ];
        let numbered: Vec<Option<RootLine<u16>>> = (0u16..)
            .zip(scores)
            .map(|(i, score)| {
                Some(RootLine {
                    first: i,
                    reply: Some(100 + i),
                    score,
                })
            })
            .collect();
        let named: Vec<Option<RootLine<String>>> = numbered
            .iter()
            .flatten()
            .map(|l| {
                Some(RootLine {
                    first: format!("move{}", l.first),
                    reply: l.reply.map(|r| format!("move{r}")),
                    score: l.score,
                })
            })
            .collect();
        let limit = StrengthLimit { elo: 1000 };
        let mut by_number = rand::rngs::StdRng::seed_from_u64(29);
        let mut by_name = rand::rngs::StdRng::seed_from_u64(29);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..100 {
            let pick = limit.choose(&numbered, &mut by_number).unwrap();
            assert_eq!(
                pick.reply,
                Some(100 + pick.best),
                "the reply of its own line"
            );
            let same = limit.choose(&named, &mut by_name).unwrap();
            assert_eq!(same.best, format!("move{}", pick.best));
            assert_ne!(pick.best, 2, "a line that is mated loses to any other");
            seen.insert(pick.best);
        }
        assert!(seen.len() > 1, "the noise varies the choice: {seen:?}");
        assert_eq!(limit.choose::<u16>(&[None, None], &mut by_number), None);
    }
}
