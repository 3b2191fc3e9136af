//! The chess family as the session layer sees it: which variant each rule set is, how its
//! positions are read, described, benched and recorded, and how its games end in words.

use super::eval::ChessEval;
use super::{bench, describe, ChessMove, FenError, Position, Rules};
use crate::render::Diagram;
use crate::session::{
    embedded_file, EmbeddedFile, OptionValueError, RecordFormat, Variant, VariantRules,
};

impl VariantRules for Rules {
    type G = Position;
    type E = ChessEval;
    type PositionError = FenError;

    fn variant(&self) -> Variant {
        match self {
            Rules::Orthodox | Rules::Chess960 => Variant::Chess,
            Rules::Scepter => Variant::ScepterChess,
            Rules::Forty => Variant::Chess40k,
        }
    }

    fn start(&self) -> Position {
        Position::startpos(*self)
    }

    fn parse_position(&self, text: &str) -> Result<Position, FenError> {
        Position::from_fen(text, *self)
    }

    fn evaluator(&self, material_only: bool) -> ChessEval {
        ChessEval::for_rules(*self, material_only)
    }

    fn describe(&self, pos: &Position) -> String {
        describe::board_text(*self, pos)
    }

    fn describe_eval(&self, pos: &Position) -> String {
        describe::eval_text(*self, pos)
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        bench::bench_positions(*self)
    }

    fn decided_reason(&self, _pos: &Position) -> &'static str {
        match self {
            Rules::Scepter => "capturing the scepter",
            _ => "destroying the king",
        }
    }

    fn diagram(&self, pos: &Position) -> Diagram {
        describe::diagram(*self, pos)
    }

    fn seat_name(&self, seat: u8) -> String {
        if seat == 0 { "white" } else { "black" }.to_string()
    }

    fn record_notation(&self, pos: &Position, m: ChessMove) -> String {
        crate::games::chess::san::san(pos, m)
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

    fn record_format(&self) -> RecordFormat {
        RecordFormat::Pgn
    }

    fn shipped_openings(&self) -> &'static [EmbeddedFile] {
        match self {
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

    /// `UCI_Chess960`, orthodox chess only: the Chess960 castling rules and notation.
    fn option_choices(&self) -> Vec<(&'static str, Vec<String>)> {
        match self {
            Rules::Orthodox | Rules::Chess960 => {
                vec![("UCI_Chess960", vec!["false".into(), "true".into()])]
            }
            Rules::Scepter | Rules::Forty => Vec::new(),
        }
    }

    fn option_declarations(&self) -> Vec<String> {
        match self {
            Rules::Orthodox | Rules::Chess960 => {
                vec!["option name UCI_Chess960 type check default false".to_string()]
            }
            Rules::Scepter | Rules::Forty => Vec::new(),
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), OptionValueError>> {
        if !name.trim().eq_ignore_ascii_case("uci_chess960")
            || !matches!(self, Rules::Orthodox | Rules::Chess960)
        {
            return None;
        }
        Some(match value.trim().to_ascii_lowercase().as_str() {
            "true" => {
                *self = Rules::Chess960;
                Ok(())
            }
            "false" => {
                *self = Rules::Orthodox;
                Ok(())
            }
            _ => Err(OptionValueError(Box::new(NotABoolean))),
        })
    }
}

/// A check option's value other than `true` or `false`.
#[derive(Debug)]
struct NotABoolean;

impl std::fmt::Display for NotABoolean {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("expected true or false")
    }
}

impl std::error::Error for NotABoolean {}
