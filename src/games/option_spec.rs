//! Options declared once, as typed specs: the `uci` option lines, `setoption`'s checks, the
//! choices `serve` offers, the command line's `--option` and the referee all read the same
//! spec, and none of them parses an option back out of its own `option name … type` text.

use std::fmt;

/// What kind of value an option takes (the UCI option types), with its default and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    /// One of a fixed list of words (compared without regard to case).
    Combo {
        default: String,
        choices: Vec<String>,
    },
    /// Free text; `suggestions` are named values a front end may offer (shipped layouts, named
    /// rule sets).
    Text {
        default: String,
        suggestions: Vec<String>,
    },
    Button,
}

/// One option, declared once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    /// Whether the option changes the game itself (`UCI_Chess960`, `TaflRules`), so that every
    /// player and the referee must share it, rather than only how this engine plays it
    /// (`EvalWeights`), which each engine of a match may set its own way.
    pub changes_rules: bool,
    /// Whether a page offers it to a person setting up a game (engine-tuning switches are not).
    pub offered: bool,
}

/// A value an option accepts, read by its spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Check(bool),
    Spin(i64),
    /// A combo's choice, spelt as declared.
    Combo(String),
    Text(String),
    Button,
}

/// Why a value does not fit an option's spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValueMismatch {
    Missing,
    /// The value, and what the option expects (in words).
    Wrong {
        value: String,
        expected: String,
    },
}

impl fmt::Display for OptionValueMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValueMismatch::Missing => write!(f, "a value is needed"),
            OptionValueMismatch::Wrong { value, expected } => {
                write!(f, "'{value}' is not {expected}")
            }
        }
    }
}

impl OptionSpec {
    /// An option that changes the rules and is offered to people.
    pub fn new(name: &'static str, kind: OptionKind) -> OptionSpec {
        OptionSpec {
            name,
            kind,
            changes_rules: true,
            offered: true,
        }
    }

    /// The same option, changing only how this engine plays.
    pub fn engine_only(mut self) -> OptionSpec {
        self.changes_rules = false;
        self
    }

    /// The same option, not offered to people setting up a game.
    pub fn not_offered(mut self) -> OptionSpec {
        self.offered = false;
        self
    }

    /// Whether `name` names this option (names are case-insensitive).
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.trim())
    }

    /// The `uci` line declaring it.
    pub fn uci_line(&self) -> String {
        let name = self.name;
        match &self.kind {
            OptionKind::Check { default } => {
                format!("option name {name} type check default {default}")
            }
            OptionKind::Spin { default, min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, choices } => {
                let vars: Vec<String> = choices.iter().map(|c| format!("var {c}")).collect();
                format!(
                    "option name {name} type combo default {default} {}",
                    vars.join(" ")
                )
            }
            OptionKind::Text { default, .. } => {
                format!("option name {name} type string default {default}")
            }
            OptionKind::Button => format!("option name {name} type button"),
        }
    }

    /// The named values a front end may offer (empty: free text, or a wide range).
    pub fn choices(&self) -> Vec<String> {
        match &self.kind {
            OptionKind::Check { .. } => vec!["false".into(), "true".into()],
            OptionKind::Spin { min, max, .. } if max - min < 16 => {
                (*min..=*max).map(|n| n.to_string()).collect()
            }
            OptionKind::Spin { .. } | OptionKind::Button => Vec::new(),
            OptionKind::Combo { choices, .. } => choices.clone(),
            OptionKind::Text { suggestions, .. } => suggestions.clone(),
        }
    }

    /// Reads a value by the spec: a check's `true`/`false`, a spin's whole number in range, a
    /// combo's choice (any case), any text; surrounding spaces do not count.
    pub fn read(&self, value: Option<&str>) -> Result<OptionValue, OptionValueMismatch> {
        if self.kind == OptionKind::Button {
            return Ok(OptionValue::Button);
        }
        let raw = value.ok_or(OptionValueMismatch::Missing)?;
        let v = raw.trim();
        let wrong = |expected: String| OptionValueMismatch::Wrong {
            value: raw.to_string(),
            expected,
        };
        match &self.kind {
            OptionKind::Check { .. } => match v.to_ascii_lowercase().as_str() {
                "true" => Ok(OptionValue::Check(true)),
                "false" => Ok(OptionValue::Check(false)),
                _ => Err(wrong("true or false".into())),
            },
            OptionKind::Spin { min, max, .. } => v
                .parse::<i64>()
                .ok()
                .filter(|n| (min..=max).contains(&n))
                .map(OptionValue::Spin)
                .ok_or_else(|| wrong(format!("a whole number from {min} to {max}"))),
            OptionKind::Combo { choices, .. } => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(v))
                .map(|c| OptionValue::Combo(c.clone()))
                .ok_or_else(|| wrong(one_of(choices))),
            OptionKind::Text { .. } => Ok(OptionValue::Text(v.to_string())),
            OptionKind::Button => Ok(OptionValue::Button),
        }
    }
}

/// "full or material", "paranoid, maxn, brs or brsplus"; a longer list as "one of a, b, …".
fn one_of(choices: &[String]) -> String {
    match choices {
        [] => "a choice".into(),
        [one] => one.clone(),
        _ if choices.len() > 4 => format!("one of {}", choices.join(", ")),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The spec named `name` (case-insensitive) in `specs`.
pub fn find_option<'a>(specs: &'a [OptionSpec], name: &str) -> Option<&'a OptionSpec> {
    specs.iter().find(|s| s.is_named(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn combo() -> OptionSpec {
        OptionSpec::new(
            "Evaluation",
            OptionKind::Combo {
                default: "full".into(),
                choices: vec!["full".into(), "material".into()],
            },
        )
    }

    #[test]
    fn uci_lines_follow_the_kind() {
        assert_eq!(
            combo().uci_line(),
            "option name Evaluation type combo default full var full var material"
        );
        let spin = OptionSpec::new(
            "Hash",
            OptionKind::Spin {
                default: 16,
                min: 1,
                max: 16_384,
            },
        );
        assert_eq!(
            spin.uci_line(),
            "option name Hash type spin default 16 min 1 max 16384"
        );
        assert_eq!(
            OptionSpec::new("Clear Hash", OptionKind::Button).uci_line(),
            "option name Clear Hash type button"
        );
        assert_eq!(
            OptionSpec::new("Ponder", OptionKind::Check { default: false }).uci_line(),
            "option name Ponder type check default false"
        );
    }

    #[test]
    fn values_are_read_by_the_spec() {
        assert_eq!(
            combo().read(Some(" Material ")),
            Ok(OptionValue::Combo("material".into()))
        );
        assert_eq!(
            combo().read(Some("half")).map_err(|e| e.to_string()),
            Err("'half' is not full or material".into())
        );
        assert_eq!(combo().read(None), Err(OptionValueMismatch::Missing));
        let players = OptionSpec::new(
            "SceptrePlayers",
            OptionKind::Spin {
                default: 2,
                min: 2,
                max: 4,
            },
        );
        assert_eq!(players.read(Some("3")), Ok(OptionValue::Spin(3)));
        assert!(players.read(Some("5")).is_err());
        assert_eq!(players.choices(), ["2", "3", "4"]);
        assert!(players.is_named("sceptreplayers "));
    }
}
