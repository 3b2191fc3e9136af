//! Tafl as the session layer sees it.

use super::board::{is_gate, SIZE, THRONE};
use super::eval::terms;
use super::{Cell, Side, TaflEval, TaflPosition};
use crate::session::{Variant, VariantRules};
use crate::render::{CellKind, Diagram, DiagramPiece};

/// Tafl has one rule set; this marker stands for it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TaflRules;

impl VariantRules for TaflRules {
    type G = TaflPosition;
    type E = TaflEval;

    fn variant(&self) -> Variant {
        Variant::Tafl
    }

    fn start(&self) -> TaflPosition {
        TaflPosition::startpos()
    }

    fn parse_position(&self, text: &str) -> Result<TaflPosition, String> {
        TaflPosition::from_text(text).map_err(|e| e.to_string())
    }

    fn evaluator(&self, material_only: bool) -> TaflEval {
        TaflEval { material_only }
    }

    fn describe(&self, pos: &TaflPosition) -> String {
        let mut s = String::new();
        let border = format!("   +{}\n", "---+".repeat(SIZE as usize));
        s.push_str(&border);
        for rank in (0..SIZE).rev() {
            s.push_str(&format!("{:>2} |", rank + 1));
            for file in 0..SIZE {
                let sq = rank * SIZE + file;
                let c = match pos.cell(sq) {
                    Cell::Attacker => " a ",
                    Cell::Defender => " d ",
                    Cell::King => " K ",
                    Cell::Empty if sq == THRONE => " # ",
                    Cell::Empty if is_gate(sq) => " * ",
                    Cell::Empty => "   ",
                };
                s.push_str(c);
                s.push('|');
            }
            s.push('\n');
            s.push_str(&border);
        }
        s.push_str("     a   b   c   d   e   f   g   h   i   j   k\n");
        s.push_str("   (# empty throne f6, * empty gate; K the king)\n\n");
        s.push_str("Variant: tafl\n");
        s.push_str(&format!("Position: {}\n", pos.to_text()));
        s.push_str(&format!(
            "Pieces: {} attackers, {} defenders and the king\n",
            pos.attacker_count(),
            pos.defender_count()
        ));
        s.push_str(&format!("Key: {:016X}\n", pos.key()));
        s.push_str(&format!(
            "Checkers: {}",
            if crate::core::Game::urgent(pos) {
                match pos.side_to_move() {
                    Side::Attackers => "the king has an open line to a gate",
                    Side::Defenders => "the king can be captured next move",
                }
            } else {
                ""
            }
        ));
        s
    }

    fn describe_eval(&self, pos: &TaflPosition) -> String {
        let t = terms(pos);
        let mut s = String::from("Term (attackers' view)    |  Score\n");
        for (name, v) in t.named() {
            s.push_str(&format!("{name:<26}| {v:>6}\n"));
        }
        let side = match pos.side_to_move() {
            Side::Attackers => t.total(),
            Side::Defenders => -t.total(),
        };
        s.push_str(&format!(
            "Final evaluation: {:+} (attackers' view), {:+} (side to move)",
            t.total(),
            side
        ));
        s
    }

    fn diagram(&self, pos: &TaflPosition) -> Diagram {
        let mut d = Diagram::checkered(SIZE as usize, SIZE as usize);
        for sq in 0..(SIZE * SIZE) {
            let cell = ((sq % SIZE) as usize, (sq / SIZE) as usize);
            d.set_kind(
                cell,
                if sq == THRONE {
                    CellKind::Throne
                } else if is_gate(sq) {
                    CellKind::Gate
                } else {
                    CellKind::Light
                },
            );
            let piece = match pos.cell(sq) {
                Cell::Empty => None,
                Cell::Attacker => Some(("A", 1, false)),
                Cell::Defender => Some(("D", 0, false)),
                Cell::King => Some(("K", 0, true)),
            };
            if let Some((label, owner, royal)) = piece {
                d.place(
                    cell,
                    DiagramPiece {
                        label: label.to_string(),
                        owner,
                        royal,
                    },
                );
            }
        }
        d.title = format!("tafl: {}", pos.to_text());
        d
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
        BENCH_POSITIONS
    }
}

/// The start, an opening, middlegames from engine games, and an endgame escape.
const BENCH_POSITIONS: &[&str] = &[
    "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a",
    "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/5a5/11/3aaaaa3 d",
    "2a5a2/2a5a2/1a3a2a2/5aa4/3adddd3/2a1dk2d1a/3aaaddd2/4aa5/a1a2a3aa/2a6a1/8d2 a",
    "4aaaa3/10a/10k/1a2a1d1d1a/a1dd7/aa1dd4aa/a3ddd4/a7a2/11/3a1a5/4aaaa3 d",
    "11/2a2a2a2/1aa1add1aa1/3a1dda3/2add1a4/3ddkda3/3aadd4/5aa4/a1a2a2a1a/2a8/8a2 a",
    "11/11/9a1/11/11/11/2k8/11/11/11/11 d",
];
