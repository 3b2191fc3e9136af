//! Tafl as the session layer sees it: its one rule set, how its positions are read, described
//! and benched, and how its games end in words.

use super::{bench, describe, PositionError, Side, TaflEval, TaflPosition};
use crate::render::Diagram;
use crate::session::{embedded_file, EmbeddedFile, Variant, VariantRules};

/// Tafl has one rule set; this marker stands for it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TaflRules;

impl VariantRules for TaflRules {
    type G = TaflPosition;
    type E = TaflEval;
    type PositionError = PositionError;

    fn variant(&self) -> Variant {
        Variant::Tafl
    }

    fn start(&self) -> TaflPosition {
        TaflPosition::startpos()
    }

    fn parse_position(&self, text: &str) -> Result<TaflPosition, PositionError> {
        TaflPosition::from_text(text)
    }

    fn evaluator(&self, material_only: bool) -> TaflEval {
        TaflEval { material_only }
    }

    fn describe(&self, pos: &TaflPosition) -> String {
        describe::board_text(pos)
    }

    fn describe_eval(&self, pos: &TaflPosition) -> String {
        describe::eval_text(pos)
    }

    fn diagram(&self, pos: &TaflPosition) -> Diagram {
        describe::diagram(pos)
    }

    fn seat_name(&self, seat: u8) -> String {
        if seat == 0 { "attackers" } else { "defenders" }.to_string()
    }

    fn winner_text(&self, seat: u8) -> String {
        format!("the {} win", self.seat_name(seat))
    }

    fn no_moves_reason(&self, _pos: &TaflPosition) -> &'static str {
        "leaving the other side without a move"
    }

    fn draw_reason(&self, _pos: &TaflPosition) -> &'static str {
        "rule"
    }

    fn decided_reason(&self, pos: &TaflPosition) -> &'static str {
        match pos.winner() {
            Some(Side::Defenders) => "the king's escape",
            _ => "capturing the king",
        }
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        bench::BENCH_POSITIONS
    }

    fn shipped_openings(&self) -> &'static [EmbeddedFile] {
        &[embedded_file!("openings/tafl/two-quiet-plies.epd")]
    }

    fn key_from_scratch(&self, pos: &TaflPosition) -> u64 {
        pos.key_from_scratch()
    }
}
