//! The registry: the list of games, by their `UCI_Variant` names (docs/rules/README.md#variant-names), and everything
//! the layers above ask of a game without knowing it — sessions, record formats, shipped
//! openings, start-up work. [`Variant::visit`] is the one place a variant meets its rules.

use super::{GameSession, Session, VariantError, VariantRules};
use crate::games::{chess, sceptre, tafl, takeaway};
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

    /// Runs `visitor` with this variant's rules.
    pub fn visit<R: RulesVisitor>(self, visitor: R) -> R::Output {
        match self {
            Variant::Chess => visitor.visit(chess::ChessVariant::new(chess::Rules::Orthodox)),
            Variant::ScepterChess => visitor.visit(chess::ChessVariant::new(chess::Rules::Scepter)),
            Variant::Chess40k => visitor.visit(chess::ChessVariant::new(chess::Rules::Forty)),
            Variant::Tafl => visitor.visit(tafl::TaflRules::default()),
            Variant::Sceptre => visitor.visit(sceptre::SceptreRules::default()),
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

    /// A session at the start position after the variant's own options in `options` (name,
    /// value; other variants' options skipped). Options that depend on each other (a layout
    /// and the players it must seat) are applied in order, and those refused are tried again
    /// once the others are in; an error only if some value fits none of them.
    pub fn configured_session(
        self,
        options: &[(String, String)],
    ) -> Result<Box<dyn Session>, VariantError> {
        let mut session = self.new_session();
        let mut pending: Vec<&(String, String)> = options.iter().collect();
        loop {
            let mut refused = Vec::new();
            let mut last_error = None;
            for option in &pending {
                if let Some(Err(e)) = session.set_variant_option(&option.0, &option.1) {
                    refused.push(*option);
                    last_error = Some(e);
                }
            }
            match last_error {
                None => return Ok(session),
                Some(e) if refused.len() == pending.len() => return Err(e),
                Some(_) => pending = refused,
            }
        }
    }

    /// The `uci` option lines of every variant's own options.
    pub fn option_declarations() -> Vec<String> {
        struct Declarations;
        impl RulesVisitor for Declarations {
            type Output = Vec<String>;
            fn visit<V: VariantRules>(self, rules: V) -> Vec<String> {
                rules.option_declarations()
            }
        }
        Variant::ALL
            .iter()
            .flat_map(|v| v.visit(Declarations))
            .collect()
    }

    /// The names of this variant's own options.
    pub fn option_names(self) -> Vec<String> {
        struct Names;
        impl RulesVisitor for Names {
            type Output = Vec<String>;
            fn visit<V: VariantRules>(self, rules: V) -> Vec<String> {
                rules
                    .option_declarations()
                    .iter()
                    .filter_map(|d| {
                        let rest = d.strip_prefix("option name ")?;
                        Some(rest.split(" type ").next()?.to_string())
                    })
                    .collect()
            }
        }
        self.visit(Names)
    }

    /// The named values of this variant's own options (see [`VariantRules::option_choices`]).
    pub fn option_choices(self) -> Vec<(&'static str, Vec<String>)> {
        struct Choices;
        impl RulesVisitor for Choices {
            type Output = Vec<(&'static str, Vec<String>)>;
            fn visit<V: VariantRules>(self, rules: V) -> Self::Output {
                rules.option_choices()
            }
        }
        self.visit(Choices)
    }

    /// Whether this variant's own option `name` changes the rules of the game (see
    /// [`VariantRules::option_changes_rules`]).
    pub fn option_changes_rules(self, name: &str) -> bool {
        struct Changes<'a>(&'a str);
        impl RulesVisitor for Changes<'_> {
            type Output = bool;
            fn visit<V: VariantRules>(self, rules: V) -> bool {
                rules.option_changes_rules(self.0)
            }
        }
        self.visit(Changes(name))
    }

    /// The variant whose own option is called `name` (case-insensitive), if any.
    pub fn owning_option(name: &str) -> Option<Variant> {
        struct Owns<'a>(&'a str);
        impl RulesVisitor for Owns<'_> {
            type Output = bool;
            fn visit<V: VariantRules>(self, rules: V) -> bool {
                let prefix = format!("option name {} type", self.0.trim()).to_ascii_lowercase();
                rules
                    .option_declarations()
                    .iter()
                    .any(|d| d.to_ascii_lowercase().starts_with(&prefix))
            }
        }
        Variant::ALL.iter().copied().find(|v| v.visit(Owns(name)))
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
        assert_eq!(formats, [Pgn, Pgn, Pgn, Lines, Lines, Lines]);
    }
}
