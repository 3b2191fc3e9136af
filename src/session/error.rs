//! Errors a session reports: each becomes one `info string error …` line at the protocol.

use crate::core::MoveTextError;
use std::fmt;

#[derive(Debug)]
pub enum VariantError {
    UnknownVariant(String),
    /// A position string the variant cannot read, with the game's own error (a chess
    /// `FenError`, a tafl `PositionError`…); its message is the game's.
    Position(Box<dyn std::error::Error + Send + Sync>),
    Move {
        index: usize,
        error: MoveTextError,
    },
    /// A single move (not from a list) that is not legal here.
    IllegalMove(MoveTextError),
    SearchMoves(String),
    /// A value one of the variant's own options refused.
    Option {
        name: String,
        value: String,
        why: crate::games::OptionValueError,
    },
    /// A move given after the game ended by a rule of its history (perpetual check).
    AfterTheEnd(String),
    /// An option the variant does not have, with those it has.
    UnknownOption {
        name: String,
        known: String,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::UnknownVariant(v) => write!(
                f,
                "unknown variant '{v}' (known: {})",
                super::Variant::names()
            ),
            VariantError::Position(why) => write!(f, "{why}"),
            VariantError::Move { index, error } => {
                write!(f, "{error} (move {} of the list)", index + 1)
            }
            VariantError::IllegalMove(error) => write!(f, "{error}"),
            VariantError::SearchMoves(t) => write!(f, "searchmoves: {t}"),
            VariantError::Option { name, value, why } => {
                write!(f, "option '{name}' does not accept '{value}': {why}")
            }
            VariantError::AfterTheEnd(m) => {
                write!(f, "move '{m}' comes after the end of the game")
            }
            VariantError::UnknownOption { name, known } => {
                write!(
                    f,
                    "unknown option '{name}' (options of this variant: {known})"
                )
            }
        }
    }
}

impl From<crate::games::UnknownVariant> for VariantError {
    fn from(e: crate::games::UnknownVariant) -> VariantError {
        VariantError::UnknownVariant(e.0)
    }
}

impl std::error::Error for VariantError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VariantError::Position(error) => Some(error.as_ref()),
            VariantError::Move { error, .. } | VariantError::IllegalMove(error) => Some(error),
            VariantError::Option { why, .. } => Some(why.0.as_ref()),
            VariantError::UnknownVariant(_)
            | VariantError::SearchMoves(_)
            | VariantError::AfterTheEnd(_)
            | VariantError::UnknownOption { .. } => None,
        }
    }
}
