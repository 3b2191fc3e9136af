//! The registry: from a [`Variant`] to its rules, and the plain facts the layers above ask of
//! a game without knowing it — record formats, shipped openings,
//! its own options, start-up work. [`Variant::visit`] is the one place a variant meets its
//! rules; the session layer builds its sessions on it.

use super::option_spec::{find_option, OptionSpec};
use super::variant::Variant;
use super::variant_rules::{EmbeddedFile, RecordFormat, VariantRules};
use super::{chess, sceptre, tafl, takeaway};

/// Plain facts about a variant, read from its rules in one visit.
#[derive(Clone, Debug)]
pub struct VariantFacts {
    /// The format of its game records.
    pub record_format: RecordFormat,
    /// The openings shipped with the binary (`openings/<variant>/`, files in name order);
    /// empty for a variant without any.
    pub shipped_openings: &'static [EmbeddedFile],
    /// Its own options, declared once.
    pub options: Vec<OptionSpec>,
}

/// Work generic over a variant's rules, and so over its game type: how code that needs the
/// concrete game (a session, a test of every game) reaches it from a [`Variant`].
pub trait RulesVisitor {
    type Output;
    fn visit<V: VariantRules>(self, rules: V) -> Self::Output;
}

impl Variant {
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

    /// The plain facts about this variant.
    pub fn facts(self) -> VariantFacts {
        struct ReadFacts;
        impl RulesVisitor for ReadFacts {
            type Output = VariantFacts;
            fn visit<V: VariantRules>(self, rules: V) -> VariantFacts {
                VariantFacts {
                    record_format: rules.record_format(),
                    shipped_openings: rules.shipped_openings(),
                    options: rules.options(),
                }
            }
        }
        self.visit(ReadFacts)
    }

    /// The format the arena writes this variant's game records in.
    pub fn record_format(self) -> RecordFormat {
        self.facts().record_format
    }

    /// The openings shipped with the binary; empty for a variant without any.
    pub fn shipped_openings(self) -> &'static [EmbeddedFile] {
        self.facts().shipped_openings
    }

    /// This variant's own options.
    pub fn options(self) -> Vec<OptionSpec> {
        self.facts().options
    }

    /// This variant's own option called `name` (case-insensitive), if it has one.
    pub fn option(self, name: &str) -> Option<OptionSpec> {
        find_option(&self.options(), name).cloned()
    }

    /// The names of this variant's own options.
    pub fn option_names(self) -> Vec<&'static str> {
        self.options().iter().map(|o| o.name).collect()
    }

    /// The variant whose own option is called `name` (case-insensitive), if any.
    pub fn owning_option(name: &str) -> Option<Variant> {
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.option(name).is_some())
    }

    /// Builds this variant's tables now rather than on first use (keeps the first search's
    /// timing clean). Cheap to call again.
    pub fn init(self) {
        struct Init;
        impl RulesVisitor for Init {
            type Output = ();
            fn visit<V: VariantRules>(self, rules: V) {
                rules.init();
            }
        }
        self.visit(Init);
    }

    /// Builds every variant's tables now (see [`Variant::init`]).
    pub fn init_all() {
        for &v in Variant::ALL {
            v.init();
        }
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
            assert_eq!(v.name().parse::<Variant>().ok(), Some(v));
        }
        assert!(Variant::ALL.contains(&Variant::DEFAULT));
        assert_eq!(
            "checkers".parse::<Variant>().map_err(|e| e.to_string()),
            Err(format!(
                "unknown variant 'checkers' (known: {})",
                Variant::names()
            ))
        );
    }

    #[test]
    fn the_chess_family_writes_pgn_and_tafl_line_records() {
        let formats: Vec<RecordFormat> = Variant::ALL.iter().map(|v| v.record_format()).collect();
        use RecordFormat::{Lines, Pgn};
        assert_eq!(formats, [Pgn, Pgn, Pgn, Lines, Lines, Lines]);
    }

    #[test]
    fn options_belong_to_their_variant() {
        assert_eq!(Variant::owning_option("taflrules"), Some(Variant::Tafl));
        assert_eq!(
            Variant::owning_option("SceptreLayout"),
            Some(Variant::Sceptre)
        );
        assert_eq!(Variant::owning_option("UCI_Chess960"), Some(Variant::Chess));
        assert_eq!(Variant::owning_option("Hash"), None);
        assert!(Variant::Takeaway.options().is_empty());
    }
}
