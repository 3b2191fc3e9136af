//! The engine's UCI options: their declarations (for `uci`) and their validation.

use crate::search::MultiplayerSearch;
use crate::session::Variant;
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

fn spin<T: std::str::FromStr + PartialOrd + fmt::Display + Copy>(
    name: &str,
    value: Option<&str>,
    min: T,
    max: T,
) -> Result<T, OptionError> {
    let v = value.ok_or_else(|| OptionError::MissingValue(name.to_string()))?;
    v.trim()
        .parse::<T>()
        .ok()
        .filter(|n| *n >= min && *n <= max)
        .ok_or_else(|| OptionError::BadValue {
            name: name.to_string(),
            value: v.to_string(),
            expected: format!("a whole number from {min} to {max}"),
        })
}

fn check(name: &str, value: Option<&str>) -> Result<bool, OptionError> {
    let v = value.ok_or_else(|| OptionError::MissingValue(name.to_string()))?;
    match v.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::BadValue {
            name: name.to_string(),
            value: v.to_string(),
            expected: "true or false".into(),
        }),
    }
}

impl EngineOptions {
    /// The `option …` lines `uci` prints.
    pub fn declarations() -> Vec<String> {
        let d = EngineOptions::default();
        let variants: Vec<String> = Variant::ALL
            .iter()
            .map(|v| format!("var {}", v.name()))
            .collect();
        let mut lines = vec![
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                d.hash_mb
            ),
            format!(
                "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                d.threads
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MAX_MULTI_PV}",
                d.multi_pv
            ),
            format!(
                "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
                d.move_overhead.as_millis()
            ),
            "option name Clear Hash type button".to_string(),
            format!("option name Ponder type check default {}", d.ponder),
            format!(
                "option name UCI_Variant type combo default {} {}",
                d.variant.name(),
                variants.join(" ")
            ),
            "option name Evaluation type combo default full var full var material".to_string(),
            format!(
                "option name MultiplayerSearch type combo default {} {}",
                d.multiplayer.name(),
                MultiplayerSearch::ALL
                    .iter()
                    .map(|a| format!("var {}", a.name()))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            format!(
                "option name UCI_LimitStrength type check default {}",
                d.limit_strength
            ),
            format!(
                "option name UCI_Elo type spin default {} min {} max {}",
                d.elo,
                crate::session::strength::MIN_ELO,
                crate::session::strength::MAX_ELO
            ),
        ];
        lines.extend(Variant::option_declarations());
        lines
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
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = spin(name, value, 1, MAX_HASH_MB)?;
                Ok(OptionEffect::ResizeHash)
            }
            "threads" => {
                self.threads = spin(name, value, 1, MAX_THREADS)?;
                Ok(OptionEffect::Nothing)
            }
            "multipv" => {
                self.multi_pv = spin(name, value, 1, MAX_MULTI_PV)?;
                Ok(OptionEffect::Nothing)
            }
            "move overhead" => {
                self.move_overhead =
                    Duration::from_millis(spin(name, value, 0, MAX_MOVE_OVERHEAD_MS)?);
                Ok(OptionEffect::Nothing)
            }
            "clear hash" => Ok(OptionEffect::ClearHash),
            "ponder" => {
                self.ponder = check(name, value)?;
                Ok(OptionEffect::Nothing)
            }
            "uci_limitstrength" => {
                self.limit_strength = check(name, value)?;
                Ok(OptionEffect::Nothing)
            }
            "uci_elo" => {
                use crate::session::strength::{MAX_ELO, MIN_ELO};
                self.elo = spin(name, value, MIN_ELO, MAX_ELO)?;
                Ok(OptionEffect::Nothing)
            }
            "uci_variant" => {
                let v = value.ok_or_else(|| OptionError::MissingValue(name.to_string()))?;
                self.variant = v.trim().parse().map_err(|_| OptionError::BadValue {
                    name: name.to_string(),
                    value: v.to_string(),
                    expected: format!("one of {}", Variant::names()),
                })?;
                Ok(OptionEffect::ChangeVariant)
            }
            "evaluation" => {
                let v = value.ok_or_else(|| OptionError::MissingValue(name.to_string()))?;
                let material_only = match v.trim().to_ascii_lowercase().as_str() {
                    "full" => false,
                    "material" => true,
                    _ => {
                        return Err(OptionError::BadValue {
                            name: name.to_string(),
                            value: v.to_string(),
                            expected: "full or material".into(),
                        })
                    }
                };
                let changed = material_only != self.material_only;
                self.material_only = material_only;
                // The table's scores were made by the other evaluator: a search must not
                // mistake them for its own.
                Ok(if changed {
                    OptionEffect::ClearHash
                } else {
                    OptionEffect::Nothing
                })
            }
            "multiplayersearch" => {
                let v = value.ok_or_else(|| OptionError::MissingValue(name.to_string()))?;
                self.multiplayer = MultiplayerSearch::from_name(v.trim()).ok_or_else(|| {
                    OptionError::BadValue {
                        name: name.to_string(),
                        value: v.to_string(),
                        expected: "paranoid, maxn, brs or brsplus".into(),
                    }
                })?;
                Ok(OptionEffect::Nothing)
            }
            _ => match Variant::owning_option(name) {
                Some(owner) => self.set_variant_option(owner, name, value),
                None => Err(OptionError::Unknown(name.to_string())),
            },
        }
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
