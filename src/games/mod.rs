//! The games, one folder per family, and the registry that lists them. A game knows its rules
//! and notation, never the protocol or the session layer above it.

pub mod chess;
pub mod ladder;
mod option_spec;
mod registry;
pub mod sceptre;
pub mod tafl;
pub mod takeaway;
mod variant;
mod variant_rules;

pub use ladder::{Foe, FoeStrength};
pub use option_spec::{find_option, OptionKind, OptionSpec, OptionValue, OptionValueMismatch};
pub use registry::{RulesVisitor, VariantFacts};
pub use variant::{UnknownVariant, Variant};
pub(crate) use variant_rules::embedded_file;
pub use variant_rules::{
    EmbeddedFile, OptionValueError, RecordFormat, VariantRules, DEFAULT_BENCH_DEPTH,
};
