//! The engine's UCI options, each declared once as a typed spec: the `uci` lines and
//! `setoption`'s checks both come from the specs, the variants' own options from the registry.

use crate::search::MultiplayerSearch;
use crate::session::{OptionKind, OptionSpec, OptionValue, OptionValueMismatch, Variant};
use std::fmt;
use std::time::Duration;

pub const MAX_HASH_MB: usize = 16_384;
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTI_PV: usize = 256;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 10_000;

/// Current values of every option.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub hash_mb: usize,
    pub threads: usize,
    pub multi_pv: usize,
    pub move_overhead: Duration,
    pub ponder: bool,
    pub variant: Variant,
    /// `material`: evaluate by material alone (to measure what the full evaluation adds).
    pub material_only: bool,
    /// The search for three or more active seats.
    pub multiplayer: MultiplayerSearch,
    /// `UCI_LimitStrength`, and the strength `UCI_Elo` asks for.
    pub limit_strength: bool,
    pub elo: u32,
    /// `Level`: the foe of the game's ladder to play as (0: none, full strength); when not 0
    /// it takes precedence over `UCI_LimitStrength`.
    pub level: usize,
    /// Per variant with options of its own set (`SceptreLayout`…), a new game with them: every
    /// new game of that variant is a copy, so a layout file is read once, when it is chosen.
    pub configured: Vec<Configured>,
}

/// A fresh game of a variant with its own options applied.
pub struct Configured(Box<dyn crate::session::Session>);

impl Clone for Configured {
    fn clone(&self) -> Configured {
        Configured(self.0.boxed_clone())
    }
}

impl fmt::Debug for Configured {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Configured({})", self.0.variant())
    }
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
            multi_pv: 1,
            move_overhead: Duration::from_millis(30),
            ponder: false,
            variant: Variant::DEFAULT,
            material_only: false,
            multiplayer: MultiplayerSearch::default(),
            limit_strength: false,
            elo: crate::session::strength::DEFAULT_ELO,
            level: 0,
            configured: Vec::new(),
        }
    }
}

/// What changing an option requires of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    Nothing,
    ResizeHash,
    ClearHash,
    ChangeVariant,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown(String),
    MissingValue(String),
    BadValue {
        name: String,
        value: String,
        expected: String,
    },
    /// A variant's own option refused the value (the message says why).
    Refused(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(n) => write!(f, "unknown option '{n}'"),
            OptionError::MissingValue(n) => write!(f, "option '{n}' needs a value"),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => write!(
                f,
                "option '{name}' does not accept '{value}' (expected {expected})"
            ),
            OptionError::Refused(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// The engine's own options (the variants' own follow them), in the order `uci` lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EngineOption {
    Hash,
    Threads,
    MultiPv,
    MoveOverhead,
    ClearHash,
    Ponder,
    Variant,
    Evaluation,
    MultiplayerSearch,
    LimitStrength,
    Elo,
    Level,
}

impl EngineOption {
    const ALL: [EngineOption; 12] = [
        EngineOption::Hash,
        EngineOption::Threads,
        EngineOption::MultiPv,
        EngineOption::MoveOverhead,
        EngineOption::ClearHash,
        EngineOption::Ponder,
        EngineOption::Variant,
        EngineOption::Evaluation,
        EngineOption::MultiplayerSearch,
        EngineOption::LimitStrength,
        EngineOption::Elo,
        EngineOption::Level,
    ];

    /// The option's declaration, its default the engine's.
    fn spec(self) -> OptionSpec {
        use crate::session::strength::{MAX_ELO, MIN_ELO};
        let d = EngineOptions::default();
        let spin = |default: usize, min: usize, max: usize| OptionKind::Spin {
            default: default as i64,
            min: min as i64,
            max: max as i64,
        };
        let combo = |default: &str, choices: Vec<String>| OptionKind::Combo {
            default: default.to_string(),
            choices,
        };
        let (name, kind) = match self {
            EngineOption::Hash => ("Hash", spin(d.hash_mb, 1, MAX_HASH_MB)),
            EngineOption::Threads => ("Threads", spin(d.threads, 1, MAX_THREADS)),
            EngineOption::MultiPv => ("MultiPV", spin(d.multi_pv, 1, MAX_MULTI_PV)),
            EngineOption::MoveOverhead => (
                "Move Overhead",
                spin(
                    d.move_overhead.as_millis() as usize,
                    0,
                    MAX_MOVE_OVERHEAD_MS as usize,
                ),
            ),
            EngineOption::ClearHash => ("Clear Hash", OptionKind::Button),
            EngineOption::Ponder => ("Ponder", OptionKind::Check { default: d.ponder }),
            EngineOption::Variant => (
                "UCI_Variant",
                combo(
                    d.variant.name(),
                    Variant::ALL.iter().map(|v| v.name().to_string()).collect(),
                ),
            ),
            EngineOption::Evaluation => (
                "Evaluation",
                combo("full", vec!["full".into(), "material".into()]),
            ),
            EngineOption::MultiplayerSearch => (
                "MultiplayerSearch",
                combo(
                    d.multiplayer.name(),
                    MultiplayerSearch::ALL
                        .iter()
                        .map(|a| a.name().to_string())
                        .collect(),
                ),
            ),
            EngineOption::LimitStrength => (
                "UCI_LimitStrength",
                OptionKind::Check {
                    default: d.limit_strength,
                },
            ),
            EngineOption::Elo => (
                "UCI_Elo",
                spin(d.elo as usize, MIN_ELO as usize, MAX_ELO as usize),
            ),
            EngineOption::Level => ("Level", spin(d.level, 0, Variant::max_level())),
        };
        OptionSpec::new(name, kind).engine_only()
    }

    fn named(name: &str) -> Option<EngineOption> {
        EngineOption::ALL
            .into_iter()
            .find(|o| o.spec().is_named(name))
    }
}

/// A spin's value as the field's type (the spec has checked the range).
fn whole<T: TryFrom<i64> + Default>(n: i64) -> T {
    T::try_from(n).unwrap_or_default()
}

impl EngineOptions {
    /// The `option …` lines `uci` prints: the engine's options, then every variant's own.
    pub fn declarations() -> Vec<String> {
        EngineOption::ALL
            .iter()
            .map(|o| o.spec())
            .chain(Variant::ALL.iter().flat_map(|v| v.options()))
            .map(|spec| spec.uci_line())
            .collect()
    }

    /// A new game of the chosen variant, with its own options applied.
    pub fn new_session(&self) -> Box<dyn crate::session::Session> {
        self.new_session_of(self.variant)
    }

    fn new_session_of(&self, variant: Variant) -> Box<dyn crate::session::Session> {
        match self.configured.iter().find(|c| c.0.variant() == variant) {
            Some(c) => c.0.boxed_clone(),
            None => variant.new_session(),
        }
    }

    /// A variant's own option: applied to a new game of its variant (so a layout file that
    /// does not read, or a player count the layout cannot seat, is refused here and changes
    /// nothing), which every later game of that variant copies.
    fn set_variant_option(
        &mut self,
        owner: Variant,
        name: &str,
        value: Option<&str>,
    ) -> Result<OptionEffect, OptionError> {
        let value = value.ok_or_else(|| OptionError::MissingValue(name.to_string()))?;
        let mut session = self.new_session_of(owner);
        if let Some(Err(e)) = session.set_variant_option(name.trim(), value.trim()) {
            return Err(OptionError::Refused(e.to_string()));
        }
        self.configured.retain(|c| c.0.variant() != owner);
        self.configured.push(Configured(session));
        Ok(if owner == self.variant {
            OptionEffect::ChangeVariant
        } else {
            OptionEffect::Nothing
        })
    }

    /// Applies `setoption`; names are case-insensitive. On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, OptionError> {
        let Some(option) = EngineOption::named(name) else {
            return match Variant::owning_option(name) {
                Some(owner) => self.set_variant_option(owner, name, value),
                None => Err(OptionError::Unknown(name.to_string())),
            };
        };
        let read = option.spec().read(value).map_err(|e| match e {
            OptionValueMismatch::Missing => OptionError::MissingValue(name.to_string()),
            OptionValueMismatch::Wrong { value, expected } => OptionError::BadValue {
                name: name.to_string(),
                value,
                expected,
            },
        })?;
        let (n, on, choice) = match &read {
            OptionValue::Spin(n) => (*n, false, ""),
            OptionValue::Check(on) => (0, *on, ""),
            OptionValue::Combo(c) | OptionValue::Text(c) => (0, false, c.as_str()),
            OptionValue::Button => (0, false, ""),
        };
        let effect = match option {
            EngineOption::Hash => {
                self.hash_mb = whole(n);
                OptionEffect::ResizeHash
            }
            EngineOption::Threads => {
                self.threads = whole(n);
                OptionEffect::Nothing
            }
            EngineOption::MultiPv => {
                self.multi_pv = whole(n);
                OptionEffect::Nothing
            }
            EngineOption::MoveOverhead => {
                self.move_overhead = Duration::from_millis(whole(n));
                OptionEffect::Nothing
            }
            EngineOption::ClearHash => OptionEffect::ClearHash,
            EngineOption::Ponder => {
                self.ponder = on;
                OptionEffect::Nothing
            }
            EngineOption::LimitStrength => {
                self.limit_strength = on;
                OptionEffect::Nothing
            }
            EngineOption::Elo => {
                self.elo = whole(n);
                OptionEffect::Nothing
            }
            EngineOption::Level => {
                let top = self.variant.ladder().len();
                let level: usize = whole(n);
                if level > top {
                    return Err(OptionError::BadValue {
                        name: name.to_string(),
                        value: level.to_string(),
                        expected: format!("0 to {top}, the foes of {}", self.variant),
                    });
                }
                self.level = level;
                OptionEffect::Nothing
            }
            EngineOption::Variant => {
                // The spec's choices are the registry's names.
                self.variant = choice.parse().unwrap_or(self.variant);
                OptionEffect::ChangeVariant
            }
            EngineOption::Evaluation => {
                let material_only = choice == "material";
                let changed = material_only != self.material_only;
                self.material_only = material_only;
                // The table's scores were made by the other evaluator: a search must not
                // mistake them for its own.
                if changed {
                    OptionEffect::ClearHash
                } else {
                    OptionEffect::Nothing
                }
            }
            EngineOption::MultiplayerSearch => {
                self.multiplayer = MultiplayerSearch::from_name(choice).unwrap_or_default();
                OptionEffect::Nothing
            }
        };
        Ok(effect)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switching_the_evaluation_clears_the_table() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("Evaluation", Some("full")), Ok(OptionEffect::Nothing));
        assert_eq!(
            o.set("evaluation", Some("Material")),
            Ok(OptionEffect::ClearHash)
        );
        assert!(o.material_only);
        assert_eq!(
            o.set("Evaluation", Some("material")),
            Ok(OptionEffect::Nothing)
        );
        assert!(o.set("Evaluation", Some("half")).is_err());
        assert!(o.material_only, "a bad value leaves the option unchanged");
        assert_eq!(
            o.set("Evaluation", Some("full")),
            Ok(OptionEffect::ClearHash)
        );
        assert!(!o.material_only);
    }

    #[test]
    fn a_level_is_a_foe_of_the_current_games_ladder() {
        let mut o = EngineOptions::default();
        let chess = Variant::Chess.ladder().len();
        assert_eq!(o.set("level", Some("3")), Ok(OptionEffect::Nothing));
        assert_eq!(o.level, 3);
        assert_eq!(
            o.set("Level", Some(&chess.to_string())),
            Ok(OptionEffect::Nothing),
            "the top foe"
        );
        assert!(o.set("Level", Some(&(chess + 1).to_string())).is_err());
        assert!(o.set("Level", Some("-1")).is_err());
        assert!(o.set("Level", Some("strong")).is_err());
        assert_eq!(o.level, chess, "a refused value changes nothing");
        o.set("UCI_Variant", Some("takeaway")).unwrap();
        let takeaway = Variant::Takeaway.ladder().len();
        assert!(
            o.set("Level", Some(&(takeaway + 1).to_string())).is_err(),
            "the range is the current game's ladder"
        );
        assert_eq!(o.set("Level", Some("0")), Ok(OptionEffect::Nothing));
        assert_eq!(o.level, 0);
        let line = EngineOptions::declarations()
            .into_iter()
            .find(|l| l.contains("name Level "))
            .unwrap();
        assert_eq!(
            line,
            format!(
                "option name Level type spin default 0 min 0 max {}",
                Variant::max_level()
            )
        );
    }

    #[test]
    fn names_are_case_insensitive_and_values_checked() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("hASh", Some("64")), Ok(OptionEffect::ResizeHash));
        assert_eq!(o.hash_mb, 64);
        assert!(o.set("Hash", Some("0")).is_err());
        assert!(o.set("Hash", Some("lots")).is_err());
        assert_eq!(o.hash_mb, 64, "a bad value leaves the option unchanged");
        assert!(o.set("Ponder", Some("maybe")).is_err());
        assert!(o.set("No Such Option", Some("1")).is_err());
        assert_eq!(
            o.set("move overhead", Some("250")),
            Ok(OptionEffect::Nothing)
        );
        assert_eq!(o.move_overhead, Duration::from_millis(250));
        assert!(o.set("UCI_Variant", Some("checkers")).is_err());
        assert_eq!(
            o.set("multiplayersearch", Some("BRSplus")),
            Ok(OptionEffect::Nothing)
        );
        assert_eq!(o.multiplayer, MultiplayerSearch::BrsPlus);
        assert!(o.set("MultiplayerSearch", Some("minimax")).is_err());
        assert_eq!(o.set("uci_elo", Some("1200")), Ok(OptionEffect::Nothing));
        assert_eq!(o.elo, 1200);
        assert!(o.set("UCI_Elo", Some("3500")).is_err());
        assert_eq!(
            o.set("UCI_LimitStrength", Some("true")),
            Ok(OptionEffect::Nothing)
        );
        assert!(o.limit_strength);
        assert_eq!(o.multiplayer, MultiplayerSearch::BrsPlus);
        assert_eq!(
            o.set("UCI_Variant", Some("chess")),
            Ok(OptionEffect::ChangeVariant)
        );
    }
}
