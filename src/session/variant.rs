//! The list of games, by their `UCI_Variant` names (RULINGS §0).

use super::{GameSession, Session, VariantError};
use crate::games::{chess, tafl};
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    ScepterChess,
    Chess40k,
    Tafl,
}

impl Variant {
    /// Every variant this build plays, in the order `uci` lists them.
    pub const ALL: &'static [Variant] = &[
        Variant::Chess,
        Variant::ScepterChess,
        Variant::Chess40k,
        Variant::Tafl,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::ScepterChess => "scepterchess",
            Variant::Chess40k => "chess40k",
            Variant::Tafl => "tafl",
        }
    }

    pub fn new_session(self) -> Box<dyn Session> {
        match self {
            Variant::Chess => Box::new(GameSession::new(chess::Rules::Orthodox)),
            Variant::ScepterChess => Box::new(GameSession::new(chess::Rules::Scepter)),
            Variant::Chess40k => Box::new(GameSession::new(chess::Rules::Forty)),
            Variant::Tafl => Box::new(GameSession::new(tafl::TaflRules)),
        }
    }
}

impl FromStr for Variant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| VariantError::UnknownVariant(s.to_string()))
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
