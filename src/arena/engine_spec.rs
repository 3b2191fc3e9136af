//! One `--engine` argument: `cmd=... name=... option.Hash=64 ...`.

use super::MatchError;
use std::time::Duration;

/// How to start one engine and set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// A display name for tables and records.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `setoption` pairs, sent in the order given.
    pub options: Vec<(String, String)>,
    /// `answer-timeout=SECONDS`: this engine's own bound on the start-up and `isready` waits,
    /// over the match's `--answer-timeout` (a test gives a broken engine a short one, while
    /// the engines meant to answer keep a generous one on a busy machine).
    pub answer_timeout: Option<Duration>,
}

impl EngineSpec {
    /// Reads the `key=value` words of one `--engine`. `cmd` is split like a shell would
    /// (quotes keep spaces); `name` defaults to the program's file name.
    pub fn parse(words: &[String]) -> Result<EngineSpec, MatchError> {
        let mut command = None;
        let mut name = None;
        let mut options = Vec::new();
        let mut answer_timeout = None;
        for word in words {
            let bad = || MatchError::EngineSpec(format!("'{word}' is not key=value"));
            let (key, value) = word.split_once('=').ok_or_else(bad)?;
            match key {
                "cmd" => {
                    let parts = shell_words::split(value)
                        .map_err(|e| MatchError::EngineSpec(format!("cmd '{value}': {e}")))?;
                    if parts.is_empty() {
                        return Err(MatchError::EngineSpec("cmd is empty".into()));
                    }
                    command = Some(parts);
                }
                "name" if !value.trim().is_empty() => name = Some(value.trim().to_string()),
                "answer-timeout" => answer_timeout = Some(seconds(value)?),
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.push((option.to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(MatchError::EngineSpec(format!(
                            "unknown key '{key}' (known: cmd, name, answer-timeout, option.<Name>)"
                        )))
                    }
                },
            }
        }
        let command = command
            .ok_or_else(|| MatchError::EngineSpec(format!("'{}' has no cmd=", words.join(" "))))?;
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(&command[0])
                .file_name()
                .map_or_else(|| command[0].clone(), |f| f.to_string_lossy().into_owned())
        });
        Ok(EngineSpec {
            name,
            command,
            options,
            answer_timeout,
        })
    }

    /// How long to wait for this engine's `uciok` and `readyok`: its own `answer-timeout=`, else
    /// the match's.
    pub fn answer_timeout_or(&self, match_default: Duration) -> Duration {
        self.answer_timeout.unwrap_or(match_default)
    }
}

/// A positive number of seconds, fractions allowed.
fn seconds(value: &str) -> Result<Duration, MatchError> {
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            MatchError::EngineSpec(format!(
                "answer-timeout '{value}' is not a number of seconds (above 0, at most a day)"
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        shell_words::split(text).expect("test words")
    }

    #[test]
    fn reads_command_name_and_options() {
        let spec = EngineSpec::parse(&words(
            "'cmd=python3 broken.py \"two words\"' name=Broken option.Hash=64 'option.Move Overhead=5'",
        ))
        .expect("valid spec");
        assert_eq!(spec.command, ["python3", "broken.py", "two words"]);
        assert_eq!(spec.name, "Broken");
        assert_eq!(
            spec.options,
            [
                ("Hash".to_string(), "64".to_string()),
                ("Move Overhead".to_string(), "5".to_string())
            ]
        );
        assert_eq!(spec.answer_timeout, None);
        let default_name = EngineSpec::parse(&words("cmd=/usr/bin/regalia")).expect("valid");
        assert_eq!(default_name.name, "regalia");
        let patient = EngineSpec::parse(&words("cmd=x answer-timeout=0.5")).expect("valid");
        assert_eq!(patient.answer_timeout, Some(Duration::from_millis(500)));
        let default = Duration::from_secs(10);
        assert_eq!(
            patient.answer_timeout_or(default),
            Duration::from_millis(500)
        );
        assert_eq!(default_name.answer_timeout_or(default), default);
    }

    #[test]
    fn rejects_what_it_cannot_read() {
        for bad in [
            "name=x",
            "cmd=",
            "cmd=x colour=red",
            "cmd=x option.=3",
            "cmd=x hash",
            "cmd=x answer-timeout=0",
            "cmd=x answer-timeout=soon",
            "cmd=x answer-timeout=-1",
        ] {
            assert!(EngineSpec::parse(&words(bad)).is_err(), "{bad}");
        }
    }
}
