//! Position strings: the project's own (docs/rules/tafl.md#position-strings) in and out, and OpenTafl's records in.
//!
//! Ours: ranks from the top down separated by `/`, runs of empty squares as decimal numbers,
//! `a` attacker, `d` defender, `k` king, then a space and the side to move (`a` or `d`); the
//! number of ranks is the board size. OpenTafl: `/3ttttt3/5t5/…/` with `t` attacker, `T`
//! defender, `K` king, rank 1 first (its notation's rule), optionally followed by the side to
//! move (`a`/`d`, or OpenTafl's `t`/`T`); otherwise the rule set's first mover.

use super::board::{square, square_name, Cell};
use super::position::{Side, TaflPosition};
use super::rows::{otn_letter, read_rows, PositionError};
use super::rules::{kind, RuleSet, SPECIAL};

pub const START: &str = "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a";

/// An OpenTafl position record of the board (rank 1 first).
pub fn otn_record(pos: &TaflPosition) -> String {
    let size = pos.rules().size;
    let mut s = String::from("/");
    for rank in 0..size {
        s.push_str(&row_text(pos, rank, |c| match c {
            Cell::Attacker => 't',
            Cell::Defender => 'T',
            _ => 'K',
        }));
        s.push('/');
    }
    s
}

fn row_text(pos: &TaflPosition, rank: u8, letter: impl Fn(Cell) -> char) -> String {
    let mut s = String::new();
    let mut empty = 0;
    for file in 0..pos.rules().size {
        match pos.cell(square(file, rank)) {
            Cell::Empty | Cell::Off => {
                empty += 1;
                continue;
            }
            c => {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(letter(c));
            }
        }
    }
    if empty > 0 {
        s.push_str(&empty.to_string());
    }
    s
}

impl TaflPosition {
    /// The default rule set's start.
    pub fn startpos() -> TaflPosition {
        TaflPosition::start(RuleSet::default_rules())
    }

    /// Reads our position string or an OpenTafl record, under `rules`.
    pub fn from_text_in(
        text: &str,
        rules: &'static RuleSet,
    ) -> Result<TaflPosition, PositionError> {
        let text = text.trim();
        let (board, rest) = match text.split_once(char::is_whitespace) {
            Some((b, r)) => (b, r.trim()),
            None => (text, ""),
        };
        let open_tafl = board.starts_with('/') || board.contains('t') || board.contains('T');
        let rows: Vec<&str> = board.trim_matches('/').split('/').collect();
        let pieces = if open_tafl {
            read_rows(&rows, rules.size, false, otn_letter)?
        } else {
            read_rows(&rows, rules.size, true, |c| match c {
                'a' => Some(Cell::Attacker),
                'd' => Some(Cell::Defender),
                'k' => Some(Cell::King),
                _ => None,
            })?
        };
        let mut pos = TaflPosition::empty(rules);
        let mut kings = 0;
        for (sq, cell) in pieces {
            if cell == Cell::King {
                kings += 1;
            } else if rules.flags(sq) & SPECIAL != 0 && !rules.may_stop(kind(cell), sq, sq) {
                return Err(PositionError::Forbidden(format!(
                    "a {} may not stand on {}",
                    if cell == Cell::Attacker {
                        "attacker"
                    } else {
                        "defender"
                    },
                    square_name(sq)
                )));
            }
            if kings > 1 {
                return Err(PositionError::Kings(kings));
            }
            pos.put(sq, cell);
        }
        if kings != 1 {
            return Err(PositionError::Kings(kings));
        }
        let side = match rest.split_whitespace().next() {
            None if rules.attackers_first => Side::Attackers,
            None => Side::Defenders,
            Some("a") | Some("t") => Side::Attackers,
            Some("d") | Some("T") => Side::Defenders,
            Some(other) => return Err(PositionError::SideToMove(other.to_string())),
        };
        pos.set_side(side);
        pos.settle();
        Ok(pos)
    }

    /// Reads a position of the default rule set.
    pub fn from_text(text: &str) -> Result<TaflPosition, PositionError> {
        TaflPosition::from_text_in(text, RuleSet::default_rules())
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..self.rules().size).rev() {
            s.push_str(&row_text(self, rank, |c| match c {
                Cell::Attacker => 'a',
                Cell::Defender => 'd',
                _ => 'k',
            }));
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(match self.side_to_move() {
            Side::Attackers => " a",
            Side::Defenders => " d",
        });
        s
    }
}
