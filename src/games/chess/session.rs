//! The chess family as the session layer sees it: which variant each rule set is, how its
//! positions are read, described, benched and recorded, and how its games end in words.

use super::eval::ChessEval;
use super::weights::Weights;
use super::weights_tuned::TUNED;
use super::{bench, describe, ChessMove, FenError, Position, Rules};
use crate::games::{
    embedded_file, EmbeddedFile, OptionKind, OptionSpec, OptionValueError, RecordFormat, Variant,
    VariantRules,
};
use crate::render::Diagram;

/// Which weights table orthodox chess evaluates with (`EvalWeights`); the variants always
/// play with the hand-set one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalWeights {
    /// The weights `regalia tune` fitted (`weights_tuned.rs`): they beat the hand-set ones by
    /// SPRT (docs/tuning.md, docs/results/sprt-log.md).
    #[default]
    Tuned,
    /// The hand-set weights (`weights.rs`), kept to measure a new fit against.
    HandSet,
}

/// A chess-family variant as the session layer holds it: the rules and the chosen weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessVariant {
    pub rules: Rules,
    pub weights: EvalWeights,
}

impl ChessVariant {
    pub fn new(rules: Rules) -> Self {
        ChessVariant {
            rules,
            weights: EvalWeights::Tuned,
        }
    }

    /// The table the evaluation uses, chosen once per search (never per position).
    pub fn weights_table(&self) -> &'static Weights {
        match (self.rules, self.weights) {
            (Rules::Orthodox | Rules::Chess960, EvalWeights::Tuned) => &TUNED,
            (rules, _) => Weights::for_rules(rules),
        }
    }

    fn orthodox(&self) -> bool {
        matches!(self.rules, Rules::Orthodox | Rules::Chess960)
    }
}

impl VariantRules for ChessVariant {
    type G = Position;
    type E = ChessEval;
    type PositionError = FenError;

    fn variant(&self) -> Variant {
        match self.rules {
            Rules::Orthodox | Rules::Chess960 => Variant::Chess,
            Rules::Scepter => Variant::ScepterChess,
            Rules::Forty => Variant::Chess40k,
        }
    }

    fn start(&self) -> Position {
        Position::startpos(self.rules)
    }

    fn parse_position(&self, text: &str) -> Result<Position, FenError> {
        Position::from_fen(text, self.rules)
    }

    fn evaluator(&self, material_only: bool, _root: &Position) -> ChessEval {
        ChessEval {
            material_only,
            weights: self.weights_table(),
        }
    }

    fn describe(&self, pos: &Position) -> String {
        describe::board_text(self.rules, pos)
    }

    fn describe_eval(&self, pos: &Position) -> String {
        describe::eval_text(self.rules, self.weights_table(), pos)
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        bench::bench_positions(self.rules)
    }

    fn decided_reason(&self, _pos: &Position) -> &'static str {
        match self.rules {
            Rules::Scepter => "capturing the scepter",
            _ => "destroying the king",
        }
    }

    fn diagram(&self, pos: &Position) -> Diagram {
        describe::diagram(self.rules, pos)
    }

    fn seat_name(&self, seat: u8) -> String {
        if seat == 0 { "white" } else { "black" }.to_string()
    }

    fn record_notation(&self, pos: &Position, m: ChessMove) -> String {
        crate::games::chess::san::san(pos, m)
    }

    fn checked_king(&self, pos: &Position) -> Option<String> {
        if !pos.in_check() {
            return None;
        }
        pos.king_square(pos.side_to_move())
            .map(crate::games::chess::types::square_name)
    }

    fn no_moves_reason(&self, pos: &Position) -> &'static str {
        if pos.in_check() {
            "checkmate"
        } else {
            "stalemate"
        }
    }

    fn draw_reason(&self, pos: &Position) -> &'static str {
        if pos.insufficient_material() {
            "insufficient material"
        } else {
            "fifty-move rule"
        }
    }

    /// PGN readers (python-chess, lichess, GUIs) know Chess960 games by this tag.
    fn record_variant_name(&self) -> &'static str {
        match self.rules {
            Rules::Chess960 => "Chess960",
            rules => rules.variant_name(),
        }
    }

    fn record_format(&self) -> RecordFormat {
        RecordFormat::Pgn
    }

    fn shipped_openings(&self) -> &'static [EmbeddedFile] {
        match self.rules {
            Rules::Orthodox | Rules::Chess960 => &[embedded_file!("openings/chess/four-plies.epd")],
            Rules::Scepter => &[embedded_file!("openings/scepterchess/four-plies.epd")],
            Rules::Forty => &[embedded_file!("openings/chess40k/four-plies.epd")],
        }
    }

    fn init(&self) {
        super::attacks::init();
    }

    fn key_from_scratch(&self, pos: &Position) -> u64 {
        pos.key_from_scratch()
    }

    /// `UCI_Chess960` and `EvalWeights`, orthodox chess only. The weights table is how one
    /// engine plays, not the game: engines of a match may differ in it.
    fn options(&self) -> Vec<OptionSpec> {
        if !self.orthodox() {
            return Vec::new();
        }
        vec![
            OptionSpec::new("UCI_Chess960", OptionKind::Check { default: false }),
            OptionSpec::new(
                "EvalWeights",
                OptionKind::Combo {
                    default: "tuned".into(),
                    choices: vec!["tuned".into(), "handset".into()],
                },
            )
            .engine_only(),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), OptionValueError>> {
        if !self.orthodox() {
            return None;
        }
        let value = value.trim().to_ascii_lowercase();
        match name.trim().to_ascii_lowercase().as_str() {
            "uci_chess960" => Some(match value.as_str() {
                "true" => {
                    self.rules = Rules::Chess960;
                    Ok(())
                }
                "false" => {
                    self.rules = Rules::Orthodox;
                    Ok(())
                }
                _ => Err(OptionValueError(Box::new(NotABoolean))),
            }),
            "evalweights" => Some(match value.as_str() {
                "tuned" => {
                    self.weights = EvalWeights::Tuned;
                    Ok(())
                }
                "handset" => {
                    self.weights = EvalWeights::HandSet;
                    Ok(())
                }
                _ => Err(OptionValueError(Box::new(UnknownWeights(value)))),
            }),
            _ => None,
        }
    }
}

/// An `EvalWeights` value other than `default` or `tuned`.
#[derive(Debug)]
struct UnknownWeights(String);

impl std::fmt::Display for UnknownWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown weights {:?}: expected tuned or handset", self.0)
    }
}

impl std::error::Error for UnknownWeights {}

/// A check option's value other than `true` or `false`.
#[derive(Debug)]
struct NotABoolean;

impl std::fmt::Display for NotABoolean {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("expected true or false")
    }
}

impl std::error::Error for NotABoolean {}
