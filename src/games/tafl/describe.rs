//! Tafl for a person: the board and facts of the `d` command, the evaluation terms of `eval`,
//! and the diagram `regalia render` draws.

use super::board::{square, square_name, Cell};
use super::eval::terms;
use super::position::{Side, TaflPosition};
use super::rules::{CENTRE, CORNER};
use crate::render::{CellKind, Diagram, DiagramPiece, Glyph};

/// The board with the key facts (position string, pieces, key, threats), for `d`.
pub fn board_text(pos: &TaflPosition) -> String {
    let rules = pos.rules();
    let size = rules.size;
    let mut s = String::new();
    let border = format!("   +{}\n", "---+".repeat(size as usize));
    s.push_str(&border);
    for rank in (0..size).rev() {
        s.push_str(&format!("{:>2} |", rank + 1));
        for file in 0..size {
            let sq = square(file, rank);
            let f = rules.flags(sq);
            let c = match pos.cell(sq) {
                Cell::Attacker => " a ",
                Cell::Defender => " d ",
                Cell::King => " K ",
                Cell::Empty if f & CENTRE != 0 => " # ",
                Cell::Empty if f & CORNER != 0 => " * ",
                Cell::Empty | Cell::Off => "   ",
            };
            s.push_str(c);
            s.push('|');
        }
        s.push('\n');
        s.push_str(&border);
    }
    s.push_str("   ");
    for file in 0..size {
        s.push_str(&format!("  {} ", (b'a' + file) as char));
    }
    s.push('\n');
    let names = |list: &[u8]| {
        list.iter()
            .map(|&q| square_name(q))
            .collect::<Vec<_>>()
            .join(" ")
    };
    s.push_str(&format!(
        "   (# empty throne {}, * empty corner {}; K the king)\n\n",
        names(&rules.centres),
        names(&rules.corners)
    ));
    s.push_str("Variant: tafl\n");
    s.push_str(&format!("Rules: {} ({})\n", rules.name, rules.text));
    s.push_str(&format!("Position: {}\n", pos.to_text()));
    s.push_str(&format!(
        "Pieces: {} attackers, {} defenders and the king\n",
        pos.attacker_count(),
        pos.defender_count()
    ));
    s.push_str(&format!("Key: {:016X}\n", pos.key()));
    s.push_str(&format!(
        "Checkers: {}",
        if crate::core::SearchHints::urgent(pos) {
            match pos.side_to_move() {
                Side::Attackers => "the king has an open line to escape",
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
    // A search plays by the total of the side to move at its root: the throne hole counts in
    // the attackers' search only.
    let (total, side) = match pos.side_to_move() {
        Side::Attackers => (t.total(), t.total()),
        Side::Defenders => (t.defenders_total(), -t.defenders_total()),
    };
    s.push_str(&format!(
        "Final evaluation: {total:+} (attackers' view), {side:+} (side to move)"
    ));
    s
}

/// The position as a game-neutral diagram: throne, gates and pieces.
pub fn diagram(pos: &TaflPosition) -> Diagram {
    let rules = pos.rules();
    let size = rules.size as usize;
    let mut d = Diagram::checkered(size, size);
    for &sq in &rules.squares {
        let cell = (
            super::board::file_of(sq) as usize,
            super::board::rank_of(sq) as usize,
        );
        let f = rules.flags(sq);
        d.set_kind(
            cell,
            if f & CENTRE != 0 {
                CellKind::Throne
            } else if f & CORNER != 0 {
                CellKind::Gate
            } else {
                CellKind::Light
            },
        );
        let piece = match pos.cell(sq) {
            Cell::Empty | Cell::Off => None,
            Cell::Attacker => Some((Glyph::Man, "A", 1, false)),
            Cell::Defender => Some((Glyph::Man, "D", 0, false)),
            Cell::King => Some((Glyph::TaflKing, "K", 0, true)),
        };
        if let Some((glyph, label, owner, royal)) = piece {
            d.place(
                cell,
                DiagramPiece {
                    glyph,
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
