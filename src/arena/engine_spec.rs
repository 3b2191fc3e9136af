//! One `--engine` argument: `cmd=... name=... proto=uci option.Hash=64 ...`.

use super::MatchError;
use std::time::Duration;

/// The protocol an engine speaks (`proto=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineProtocol {
    /// Regalia's UCI-like protocol (protocol.md), the default.
    #[default]
    Uci,
    /// The OpenTafl Engine Protocol, the runner playing OpenTafl's host part.
    OpenTafl,
    /// The Hnefatafl Text Protocol, the runner playing the controller (docs/htp.md).
    Htp,
}

impl EngineProtocol {
    fn parse(text: &str) -> Option<EngineProtocol> {
        match text.to_ascii_lowercase().as_str() {
            "uci" => Some(EngineProtocol::Uci),
            "opentafl" => Some(EngineProtocol::OpenTafl),
            "htp" => Some(EngineProtocol::Htp),
            _ => None,
        }
    }
}

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
    pub protocol: EngineProtocol,
    /// `listen=ADDR:PORT`, HTP only: the engine is a client that connects to an HTP driver
    /// (the reference engine's `--host`), so the runner listens there for it each game.
    pub listen: Option<String>,
}

impl EngineSpec {
    /// Reads the `key=value` words of one `--engine`. `cmd` is split like a shell would
    /// (quotes keep spaces); `name` defaults to the program's file name.
    pub fn parse(words: &[String]) -> Result<EngineSpec, MatchError> {
        let mut command = None;
        let mut name = None;
        let mut options = Vec::new();
        let mut answer_timeout = None;
        let mut protocol = EngineProtocol::Uci;
        let mut listen = None;
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
                "proto" => {
                    protocol = EngineProtocol::parse(value).ok_or_else(|| {
                        MatchError::EngineSpec(format!(
                            "proto '{value}' is none of uci, opentafl, htp"
                        ))
                    })?
                }
                "listen" if value.contains(':') => listen = Some(value.to_string()),
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.push((option.to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(MatchError::EngineSpec(format!(
                            "unknown key '{key}' (known: cmd, name, proto, listen, answer-timeout, option.<Name>)"
                        )))
                    }
                },
            }
        }
        let command = command
            .ok_or_else(|| MatchError::EngineSpec(format!("'{}' has no cmd=", words.join(" "))))?;
        if listen.is_some() && protocol != EngineProtocol::Htp {
            return Err(MatchError::EngineSpec(
                "listen= is for proto=htp engines that connect to a driver".into(),
            ));
        }

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
            protocol,
            listen,
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
        assert_eq!(spec.protocol, EngineProtocol::Uci);
        let peer = EngineSpec::parse(&words("cmd=peer proto=HTP listen=127.0.0.2:49152"))
            .expect("an HTP client peer");
        assert_eq!(peer.protocol, EngineProtocol::Htp);
        assert_eq!(peer.listen.as_deref(), Some("127.0.0.2:49152"));
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
            "cmd=x proto=gtp",
            "cmd=x proto=uci listen=127.0.0.1:1",
            "cmd=x proto=htp listen=nowhere",
        ] {
            assert!(EngineSpec::parse(&words(bad)).is_err(), "{bad}");
        }
    }
}
