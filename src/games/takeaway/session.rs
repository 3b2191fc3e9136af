//! Takeaway as the session layer sees it: a game of two to four seats played through every
//! tool (protocol, `regalia match`), so the seat model is exercised end to end before any
//! Sceptre code exists.

use super::{TakeawayError, TakeawayEval, TakeawayPosition};
use crate::core::{Evaluator, Rules, SeatState};
use crate::games::{embedded_file, EmbeddedFile, Variant, VariantRules};
use crate::render::{CellKind, Diagram, DiagramPiece, Glyph};

/// Takeaway's one rule set.
#[derive(Clone, Copy, Debug, Default)]
pub struct TakeawayRules;

/// Positions `bench` searches (three and four seats, one withdrawal-prone cap).
const BENCH_POSITIONS: &[&str] = &[
    "543/000/aaa/0/0/9",
    "5432/0000/aaaa/0/0/9",
    "9876/000/aaa/0/0/9",
    "7654/2130/aaaa/2/4/6",
    "666/120/aaa/1/2/4",
];

impl VariantRules for TakeawayRules {
    type G = TakeawayPosition;
    type E = TakeawayEval;
    type PositionError = TakeawayError;

    fn variant(&self) -> Variant {
        Variant::Takeaway
    }

    fn start(&self) -> TakeawayPosition {
        TakeawayPosition::start(3)
    }

    fn parse_position(&self, text: &str) -> Result<TakeawayPosition, TakeawayError> {
        TakeawayPosition::from_text(text)
    }

    fn evaluator(&self, _material_only: bool, _root: &TakeawayPosition) -> TakeawayEval {
        TakeawayEval
    }

    fn describe(&self, pos: &TakeawayPosition) -> String {
        let mut s = String::new();
        for (i, &h) in pos.heaps().iter().enumerate() {
            let letter = (b'a' + i as u8) as char;
            s.push_str(&format!(
                " heap {letter}: {:<9} {h}\n",
                "o".repeat(h as usize)
            ));
        }
        s.push('\n');
        for seat in 0..pos.seats() as u8 {
            let state = match pos.seat_state(seat) {
                SeatState::Active => "playing",
                SeatState::Eliminated => "eliminated",
                SeatState::Withdrawn => "withdrawn",
            };
            let marker = if seat == pos.to_move() {
                " (to move)"
            } else {
                ""
            };
            s.push_str(&format!(
                " seat {seat}: score {} of {}, {state}{marker}\n",
                pos.score(seat),
                pos.cap()
            ));
        }
        s.push_str("\nVariant: takeaway\n");
        s.push_str(&format!("Position: {}\n", pos.to_text()));
        s.push_str(&format!("Key: {:016X}", pos.key()));
        s
    }

    fn describe_eval(&self, pos: &TakeawayPosition) -> String {
        let v = TakeawayEval.evaluate_seats(pos);
        let mut s =
            String::from("Seat | Score (each seat's own view: 10 a token, less the best other)\n");
        for (seat, score) in v.iter().enumerate().take(pos.seats()) {
            s.push_str(&format!("{seat:>4} | {score:+}\n"));
        }
        s.push_str(&format!(
            "Final evaluation: {:+} (side to move)",
            TakeawayEval.evaluate(pos)
        ));
        s
    }

    fn diagram(&self, pos: &TakeawayPosition) -> Diagram {
        let heaps = pos.heaps();
        let mut d = Diagram::checkered(heaps.len().max(1), 9);
        for (column, &h) in heaps.iter().enumerate() {
            for row in 0..9 {
                d.set_kind((column, row), CellKind::Light);
                if row < h as usize {
                    d.place(
                        (column, row),
                        DiagramPiece {
                            glyph: Glyph::Letter,
                            label: "o".to_string(),
                            owner: 0,
                            royal: false,
                        },
                    );
                }
            }
        }
        d.title = format!("takeaway: {}", pos.to_text());
        d
    }

    fn seat_name(&self, seat: u8) -> String {
        format!("seat {seat}")
    }

    fn clock_letters(&self) -> &'static [char] {
        &['w', 'b', 'r', 'g']
    }

    fn no_moves_reason(&self, _pos: &TakeawayPosition) -> &'static str {
        "the highest score (the player to move is capped)"
    }

    fn draw_reason(&self, _pos: &TakeawayPosition) -> &'static str {
        "rule"
    }

    fn decided_reason(&self, pos: &TakeawayPosition) -> &'static str {
        if pos.active().len() == 1 {
            "being the last player standing"
        } else {
            "the highest score"
        }
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        BENCH_POSITIONS
    }

    fn shipped_openings(&self) -> &'static [EmbeddedFile] {
        &[embedded_file!("openings/takeaway/three-seats.epd")]
    }

    fn key_from_scratch(&self, pos: &TakeawayPosition) -> u64 {
        pos.key()
    }
}
