//! The chess family for a person: the board and facts of the `d` command, the evaluation terms
//! of `eval`, and the diagram `regalia render` draws.

use super::bitboard::squares;
use super::eval::{breakdown_with, ChessEval, Term, TERMS};
use super::types::{make_square, square_name};
use super::weights::Weights;
use super::{Color, Position, Role, Rules};
use crate::render::{Diagram, DiagramPiece, Glyph};

/// The board with the key facts (variant, scepters, FEN, key, checkers), for `d`.
pub fn board_text(rules: Rules, pos: &Position) -> String {
    let mut s = String::new();
    s.push_str(" +---+---+---+---+---+---+---+---+\n");
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            let c = pos
                .piece_at(make_square(file, rank))
                .map_or(' ', |p| p.fen_char());
            s.push_str(&format!(" | {c}"));
        }
        s.push_str(&format!(" | {}\n", rank + 1));
        s.push_str(" +---+---+---+---+---+---+---+---+\n");
    }
    s.push_str("   a   b   c   d   e   f   g   h\n\n");
    s.push_str(&format!(
        "Variant: {}{}\n",
        rules.variant_name(),
        if rules == Rules::Chess960 {
            " (Chess960)"
        } else {
            ""
        }
    ));
    if let (Some(w), Some(b)) = (rules.scepter(Color::White), rules.scepter(Color::Black)) {
        s.push_str(&format!(
            "Scepters: white {}, black {}\n",
            square_name(w),
            square_name(b)
        ));
    }
    s.push_str(&format!("Fen: {}\n", pos.to_fen()));
    s.push_str(&format!("Key: {:016X}\n", pos.key()));
    let checkers: Vec<String> = squares(pos.checkers()).map(square_name).collect();
    s.push_str(&format!("Checkers: {}", checkers.join(" ")));
    s
}

/// The evaluation term by term with `weights`, for each side and in total, for `eval`.
pub fn eval_text(rules: Rules, weights: &'static Weights, pos: &Position) -> String {
    let b = breakdown_with(pos, weights);
    let mut s = String::new();
    s.push_str(&format!(
        "{:<16}|{:>7} {:>7} |{:>7} {:>7} |{:>7} {:>7}\n",
        "Term", "White", "", "Black", "", "Total", ""
    ));
    s.push_str(&format!(
        "{:<16}|{:>7} {:>7} |{:>7} {:>7} |{:>7} {:>7}\n",
        "", "MG", "EG", "MG", "EG", "MG", "EG"
    ));
    for (i, term) in TERMS.iter().enumerate() {
        let applies = match term {
            Term::Scepter => rules == Rules::Scepter,
            Term::Zealots => rules == Rules::Forty,
            Term::Threats => matches!(rules, Rules::Orthodox | Rules::Chess960),
            _ => true,
        };
        if !applies {
            continue;
        }
        let w = b.terms[0][i];
        let k = b.terms[1][i];
        s.push_str(&format!(
            "{:<16}|{:>7} {:>7} |{:>7} {:>7} |{:>7} {:>7}\n",
            term.name(),
            w.0,
            w.1,
            k.0,
            k.1,
            w.0 - k.0,
            w.1 - k.1
        ));
    }
    let white = b.white_score();
    s.push_str(&format!("Phase: {} / 24\n", b.phase));
    s.push_str(&format!(
        "Final evaluation: {:+} cp (white's view), {:+} cp (side to move, with tempo)",
        white,
        crate::core::Evaluator::evaluate(
            &ChessEval {
                material_only: false,
                weights
            },
            pos
        )
    ));
    s
}

/// How a role is drawn.
fn glyph(role: Role) -> Glyph {
    match role {
        Role::Pawn => Glyph::Pawn,
        Role::Knight => Glyph::Knight,
        Role::Bishop => Glyph::Bishop,
        Role::Rook => Glyph::Rook,
        Role::Queen => Glyph::Queen,
        Role::King => Glyph::King,
        Role::Zealot => Glyph::Zealot,
    }
}

/// The position as a game-neutral diagram, scepters flagged.
pub fn diagram(rules: Rules, pos: &Position) -> Diagram {
    let mut d = Diagram::checkered(8, 8);
    for sq in 0..64u8 {
        if let Some(p) = pos.piece_at(sq) {
            d.place(
                ((sq % 8) as usize, (sq / 8) as usize),
                DiagramPiece {
                    glyph: glyph(p.role()),
                    label: p.role().letter().to_ascii_uppercase().to_string(),
                    owner: p.color().index(),
                    royal: false,
                },
            );
        }
    }
    for color in [Color::White, Color::Black] {
        if let Some(sq) = rules.scepter(color) {
            let name = if color == Color::White {
                "white"
            } else {
                "black"
            };
            d.flags.push((
                ((sq % 8) as usize, (sq / 8) as usize),
                format!("{name}'s scepter"),
            ));
        }
    }
    d.title = format!("{}: {}", rules.variant_name(), pos.to_fen());
    d
}
