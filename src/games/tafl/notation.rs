//! Position strings: the project's own (docs/rules/tafl.md#position-strings) in and out, and OpenTafl's records in.
//!
//! Ours: ranks from the top down separated by `/`, runs of empty squares as decimal numbers,
//! `a` attacker, `d` defender, `k` king, then a space and the side to move (`a` or `d`); the
//! number of ranks is the board size. OpenTafl: `/3ttttt3/5t5/…/` with `t` attacker, `T`
//! defender, `K` king, rank 1 first (its notation's rule), optionally followed by the side to
//! move (`a`/`d`, or OpenTafl's `t`/`T`); otherwise the rule set's first mover.

use super::board::{square, square_name, Square};
use super::position::{Cell, Side, TaflPosition};
use super::rules::{kind, RuleSet, SPECIAL};
use std::fmt;

pub const START: &str = "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Ranks { found: usize, size: u8 },
    RankWidth { rank: u8, width: usize, size: u8 },
    Piece(char),
    Kings(usize),
    SideToMove(String),
    Forbidden(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Ranks { found, size } => write!(
                f,
                "tafl position has {found} ranks, but the rule set plays {size}x{size}"
            ),
            PositionError::RankWidth { rank, width, size } => {
                write!(f, "tafl rank {rank} describes {width} squares, not {size}")
            }
            PositionError::Piece(c) => write!(f, "unknown tafl piece letter '{c}'"),
            PositionError::Kings(n) => write!(f, "tafl position needs exactly one king, found {n}"),
            PositionError::SideToMove(t) => {
                write!(f, "tafl side to move must be 'a' or 'd', found '{t}'")
            }
            PositionError::Forbidden(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Reads the rows of a board of `size` (the first row the top rank if `top_first`), with the
/// piece letters `letter` maps; the pieces with their squares.
fn read_rows(
    rows: &[&str],
    size: u8,
    top_first: bool,
    letter: impl Fn(char) -> Option<Cell>,
) -> Result<Vec<(Square, Cell)>, PositionError> {
    if rows.len() != size as usize {
        return Err(PositionError::Ranks {
            found: rows.len(),
            size,
        });
    }
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = if top_first {
            size - 1 - i as u8
        } else {
            i as u8
        };
        let mut file: usize = 0;
        let mut digits = String::new();
        let flush = |digits: &mut String, file: &mut usize| {
            if !digits.is_empty() {
                *file += digits.parse::<usize>().unwrap_or(usize::MAX / 2);
                digits.clear();
            }
        };
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut file);
            let cell = letter(c).ok_or(PositionError::Piece(c))?;
            if file >= size as usize {
                return Err(PositionError::RankWidth {
                    rank: rank + 1,
                    width: file + 1,
                    size,
                });
            }
            pieces.push((square(file as u8, rank), cell));
            file += 1;
        }
        flush(&mut digits, &mut file);
        if file != size as usize {
            return Err(PositionError::RankWidth {
                rank: rank + 1,
                width: file,
                size,
            });
        }
    }
    Ok(pieces)
}

fn otn_letter(c: char) -> Option<Cell> {
    match c {
        't' => Some(Cell::Attacker),
        'T' => Some(Cell::Defender),
        'K' => Some(Cell::King),
        _ => None,
    }
}

/// Reads an OpenTafl position record (`/…/…/`) of a board of `size`.
pub fn read_otn_record(
    record: &str,
    size: u8,
    top_first: bool,
) -> Result<Vec<(Square, Cell)>, String> {
    let rows: Vec<&str> = record.trim().trim_matches('/').split('/').collect();
    read_rows(&rows, size, top_first, otn_letter).map_err(|e| e.to_string())
}

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
