//! The list of games, by their `UCI_Variant` names (docs/rules/README.md#variant-names): what every layer may name
//! without knowing any game.

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    ScepterChess,
    Chess40k,
    Tafl,
    /// Sceptre 1027 A.D.: terrain chess for two to four players.
    Sceptre,
    /// A small take-away game of two to four players, for the multi-player machinery's tests.
    Takeaway,
}

impl Variant {
    /// Every variant this build plays, in the order `uci` lists them.
    pub const ALL: &'static [Variant] = &[
        Variant::Chess,
        Variant::ScepterChess,
        Variant::Chess40k,
        Variant::Tafl,
        Variant::Sceptre,
        Variant::Takeaway,
    ];

    /// The variant played when none is chosen: the protocol's `UCI_Variant` default, the
    /// command line's `--variant` default, and what an engine without `UCI_Variant` plays.
    pub const DEFAULT: Variant = Variant::Chess;

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::ScepterChess => "scepterchess",
            Variant::Chess40k => "chess40k",
            Variant::Tafl => "tafl",
            Variant::Sceptre => "sceptre1027",
            Variant::Takeaway => "takeaway",
        }
    }

    /// Every name, comma-separated ("chess, scepterchess, …"), for messages and help texts.
    pub fn names() -> String {
        Variant::ALL
            .iter()
            .map(|v| v.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A name that is no variant's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            Variant::names()
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
