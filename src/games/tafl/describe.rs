//! Tafl for a person: the board and facts of the `d` command, the evaluation terms of `eval`,
//! and the diagram `regalia render` draws.

use super::board::{is_gate, SIZE, THRONE};
use super::eval::terms;
use super::{Cell, Side, TaflPosition};
use crate::render::{CellKind, Diagram, DiagramPiece};

/// The board with the key facts (position string, pieces, key, threats), for `d`.
pub fn board_text(pos: &TaflPosition) -> String {
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

/// The evaluation term by term, from the attackers' view, for `eval`.
pub fn eval_text(pos: &TaflPosition) -> String {
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

/// The position as a game-neutral diagram: throne, gates and pieces.
pub fn diagram(pos: &TaflPosition) -> Diagram {
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
