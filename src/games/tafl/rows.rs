//! Boards written as rows of text: runs of empty squares as decimal numbers between piece
//! letters. Both our position strings and OpenTafl's records (which rule sets' `start:` entries
//! use) are read here, below the rules and the position, so that neither needs the other.

use super::board::{square, Cell, Square};
use std::fmt;

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
pub(super) fn read_rows(
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

pub(super) fn otn_letter(c: char) -> Option<Cell> {
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
