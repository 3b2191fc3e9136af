//! The registry: the list of games, by their `UCI_Variant` names (RULINGS §0), and everything
//! the layers above ask of a game without knowing it — sessions, record formats, shipped
//! openings, start-up work. [`Variant::visit`] is the one place a variant meets its rules.

use super::{GameSession, Session, VariantError, VariantRules};
use crate::games::{chess, tafl, takeaway};
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    ScepterChess,
    Chess40k,
    Tafl,
    /// A small take-away game of two to four players, for the multi-player machinery's tests.
    Takeaway,
}

/// How the arena writes a variant's game records (protocol.md, "Game records").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN with a `Variant` tag: the chess family.
    Pgn,
    /// One fact a line (`game`, `seat`, `move`…): every game PGN cannot describe.
    Lines,
}

/// A data file built into the binary: its path in the source tree (which records and messages
/// name) and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmbeddedFile {
    pub path: &'static str,
    pub text: &'static str,
}

/// `embedded_file!("openings/chess/four-plies.epd")`: the file, path relative to the crate root,
/// built into the binary.
macro_rules! embedded_file {
    ($path:literal) => {
        $crate::session::EmbeddedFile {
            path: $path,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
        }
    };
}
pub(crate) use embedded_file;

/// Work generic over a variant's rules, and so over its game type: how code that needs the
/// concrete game (a session, a test of every game) reaches it from a [`Variant`].
pub trait RulesVisitor {
    type Output;
    fn visit<V: VariantRules>(self, rules: V) -> Self::Output;
}

impl Variant {
    /// Every variant this build plays, in the order `uci` lists them.
    pub const ALL: &'static [Variant] = &[
        Variant::Chess,
        Variant::ScepterChess,
        Variant::Chess40k,
        Variant::Tafl,
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

    /// Runs `visitor` with this variant's rules.
    pub fn visit<R: RulesVisitor>(self, visitor: R) -> R::Output {
        match self {
            Variant::Chess => visitor.visit(chess::Rules::Orthodox),
            Variant::ScepterChess => visitor.visit(chess::Rules::Scepter),
            Variant::Chess40k => visitor.visit(chess::Rules::Forty),
            Variant::Tafl => visitor.visit(tafl::TaflRules),
            Variant::Takeaway => visitor.visit(takeaway::TakeawayRules),
        }
    }

    /// A session at the variant's start position.
    pub fn new_session(self) -> Box<dyn Session> {
        struct NewSession;
        impl RulesVisitor for NewSession {
            type Output = Box<dyn Session>;
            fn visit<V: VariantRules>(self, rules: V) -> Box<dyn Session> {
                Box::new(GameSession::new(rules))
            }
        }
        self.visit(NewSession)
    }

    /// The format the arena writes this variant's game records in.
    pub fn record_format(self) -> RecordFormat {
        struct Format;
        impl RulesVisitor for Format {
            type Output = RecordFormat;
            fn visit<V: VariantRules>(self, rules: V) -> RecordFormat {
                rules.record_format()
            }
        }
        self.visit(Format)
    }

    /// The openings shipped with the binary (`openings/<variant>/`, files in name order);
    /// empty for a variant without any.
    pub fn shipped_openings(self) -> &'static [EmbeddedFile] {
        struct Openings;
        impl RulesVisitor for Openings {
            type Output = &'static [EmbeddedFile];
            fn visit<V: VariantRules>(self, rules: V) -> &'static [EmbeddedFile] {
                rules.shipped_openings()
            }
        }
        self.visit(Openings)
    }

    /// Builds every variant's tables now rather than on first use (keeps the first search's
    /// timing clean). Cheap to call again.
    pub fn init_all() {
        struct Init;
        impl RulesVisitor for Init {
            type Output = ();
            fn visit<V: VariantRules>(self, rules: V) {
                rules.init();
            }
        }
        for &v in Variant::ALL {
            v.visit(Init);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_reaches_rules_that_name_it_back() {
        struct Named;
        impl RulesVisitor for Named {
            type Output = Variant;
            fn visit<V: VariantRules>(self, rules: V) -> Variant {
                rules.variant()
            }
        }
        for &v in Variant::ALL {
            assert_eq!(v.visit(Named), v);
            assert_eq!(v.new_session().variant(), v);
            assert_eq!(v.name().parse::<Variant>().ok(), Some(v));
        }
        assert!(Variant::ALL.contains(&Variant::DEFAULT));
    }

    #[test]
    fn the_chess_family_writes_pgn_and_tafl_line_records() {
        let formats: Vec<RecordFormat> = Variant::ALL.iter().map(|v| v.record_format()).collect();
        use RecordFormat::{Lines, Pgn};
        assert_eq!(formats, [Pgn, Pgn, Pgn, Lines, Lines]);
    }
}
