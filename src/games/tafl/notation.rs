//! Position strings: the project's own (RULINGS §4) in and out, and OpenTafl's records in.
//!
//! Ours: ranks 11 down to 1 separated by `/`, runs of empty squares as decimal numbers, `a`
//! attacker, `d` defender, `k` king, then a space and the side to move (`a` or `d`).
//! OpenTafl: `/3ttttt3/5t5/…/` with `t` attacker, `T` defender, `K` king, and (optionally)
//! the side to move as a following token (`a`/`d`, or OpenTafl's `t`/`T`); attackers by default.

use super::board::{Square, SIZE};
use super::position::{Cell, Side, TaflPosition};
use std::fmt;

pub const START: &str = "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Ranks(usize),
    RankWidth { rank: u8, width: usize },
    Piece(char),
    Kings(usize),
    SideToMove(String),
    KingOffThrone(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Ranks(n) => write!(f, "tafl position needs 11 ranks, found {n}"),
            PositionError::RankWidth { rank, width } => {
                write!(f, "tafl rank {rank} describes {width} squares, not 11")
            }
            PositionError::Piece(c) => write!(f, "unknown tafl piece letter '{c}'"),
            PositionError::Kings(n) => write!(f, "tafl position needs exactly one king, found {n}"),
            PositionError::SideToMove(t) => {
                write!(f, "tafl side to move must be 'a' or 'd', found '{t}'")
            }
            PositionError::KingOffThrone(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl TaflPosition {
    pub fn startpos() -> TaflPosition {
        // The start string is valid by construction; a test reads it.
        TaflPosition::from_text(START).unwrap_or_else(|_| TaflPosition::empty())
    }

    /// Reads our position string or an OpenTafl record.
    pub fn from_text(text: &str) -> Result<TaflPosition, PositionError> {
        let text = text.trim();
        let (board, rest) = match text.split_once(char::is_whitespace) {
            Some((b, r)) => (b, r.trim()),
            None => (text, ""),
        };
        let open_tafl = board.starts_with('/') || board.contains('t') || board.contains('T');
        let ranks: Vec<&str> = board.trim_matches('/').split('/').collect();
        if ranks.len() != SIZE as usize {
            return Err(PositionError::Ranks(ranks.len()));
        }
        let mut pos = TaflPosition::empty();
        let mut kings = 0;
        for (i, row) in ranks.iter().enumerate() {
            let rank = SIZE - 1 - i as u8;
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
                let cell = match (c, open_tafl) {
                    ('a', false) | ('t', true) => Cell::Attacker,
                    ('d', false) | ('T', true) => Cell::Defender,
                    ('k', false) | ('K', true) => Cell::King,
                    _ => return Err(PositionError::Piece(c)),
                };
                if file >= SIZE as usize {
                    return Err(PositionError::RankWidth {
                        rank: rank + 1,
                        width: file + 1,
                    });
                }
                let sq = rank * SIZE + file as u8;
                if cell == Cell::King {
                    kings += 1;
                    if kings > 1 {
                        return Err(PositionError::Kings(kings));
                    }
                } else if super::board::is_restricted(sq) {
                    return Err(PositionError::KingOffThrone(format!(
                        "only the king may stand on {}",
                        super::board::square_name(sq)
                    )));
                }
                pos.put(sq, cell);
                file += 1;
            }
            flush(&mut digits, &mut file);
            if file != SIZE as usize {
                return Err(PositionError::RankWidth {
                    rank: rank + 1,
                    width: file,
                });
            }
        }
        if kings != 1 {
            return Err(PositionError::Kings(kings));
        }
        let side = match rest.split_whitespace().next() {
            None => Side::Attackers,
            Some("a") | Some("t") => Side::Attackers,
            Some("d") | Some("T") => Side::Defenders,
            Some(other) => return Err(PositionError::SideToMove(other.to_string())),
        };
        pos.set_side(side);
        if side == Side::Defenders && pos.king_surrounded() {
            // Enclosed by the attackers' last move: captured, the game is over. (With the
            // attackers to move, their next move captures him.)
            pos.king_captured = true;
        }
        Ok(pos)
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..SIZE).rev() {
            let mut empty = 0;
            for file in 0..SIZE {
                let sq: Square = rank * SIZE + file;
                let c = match self.cell(sq) {
                    Cell::Empty => {
                        empty += 1;
                        continue;
                    }
                    Cell::Attacker => 'a',
                    Cell::Defender => 'd',
                    Cell::King => 'k',
                };
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(c);
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
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
