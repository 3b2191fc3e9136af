//! Why a takeaway position string or start does not read: one variant per field, with a
//! message naming what was found.

use crate::core::Seat;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeawayError {
    /// The string does not have the six `/`-separated fields.
    Fields(usize),
    /// The heaps field is not one to four digits.
    Heaps(String),
    /// The scores field is not two to four digits.
    Scores(String),
    /// The states field is not one letter `a`, `e` or `w` per seat.
    States(String),
    /// The turn field is not a seat of the game.
    Turn(String),
    /// The seat to move is not active.
    TurnInactive(Seat),
    /// The moves field is not a decimal number up to 999.
    Moves(String),
    /// The cap field is not a digit 1 to 9.
    Cap(String),
    /// A score above the cap.
    ScoreAboveCap { seat: Seat, score: u8, cap: u8 },
    /// The fields agree one by one, but no game reaches them together.
    Unreachable(String),
    /// A start with a seat count other than 2 to 4.
    SeatCount(usize),
    /// A start with a heap count other than 1 to 4.
    HeapCount(usize),
    /// A start with a heap above nine tokens.
    HeapSize(u8),
}

impl fmt::Display for TakeawayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TakeawayError::Fields(n) => write!(
                f,
                "takeaway position needs 6 fields heaps/scores/states/turn/moves/cap, found {n}"
            ),
            TakeawayError::Heaps(t) => {
                write!(f, "takeaway heaps must be 1 to 4 digits, found '{t}'")
            }
            TakeawayError::Scores(t) => write!(
                f,
                "takeaway scores must be one digit per seat, 2 to 4 seats, found '{t}'"
            ),
            TakeawayError::States(t) => write!(
                f,
                "takeaway states must be one letter a, e or w per seat, found '{t}'"
            ),
            TakeawayError::Turn(t) => write!(f, "takeaway turn must be a seat digit, found '{t}'"),
            TakeawayError::TurnInactive(s) => {
                write!(f, "takeaway turn names seat {s}, which is not active")
            }
            TakeawayError::Moves(t) => {
                write!(f, "takeaway moves must be a number 0 to 999, found '{t}'")
            }
            TakeawayError::Cap(t) => write!(f, "takeaway cap must be a digit 1 to 9, found '{t}'"),
            TakeawayError::ScoreAboveCap { seat, score, cap } => write!(
                f,
                "takeaway scores: seat {seat} has {score}, above the cap {cap}"
            ),
            TakeawayError::Unreachable(why) => write!(f, "takeaway position unreachable: {why}"),
            TakeawayError::SeatCount(n) => write!(f, "takeaway needs 2 to 4 seats, not {n}"),
            TakeawayError::HeapCount(n) => write!(f, "takeaway needs 1 to 4 heaps, not {n}"),
            TakeawayError::HeapSize(n) => {
                write!(f, "takeaway heaps hold at most 9 tokens, not {n}")
            }
        }
    }
}

impl std::error::Error for TakeawayError {}
