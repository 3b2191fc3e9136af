//! The OpenTafl Engine Protocol's messages, as OpenTafl sends them, read into typed values;
//! and the text of its move records (simple `a4-a1` or full OpenTafl notation), which is text
//! handling only: what a move means is the session's business.

use std::fmt;

/// A side as the protocol names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Attackers,
    Defenders,
}

impl Side {
    /// The letter Regalia's tafl position strings use for the side to move.
    pub fn letter(self) -> char {
        match self {
            Side::Attackers => 'a',
            Side::Defenders => 'd',
        }
    }
    /// The seat the side is in Regalia (attackers are seat 0).
    pub fn seat(self) -> u8 {
        match self {
            Side::Attackers => 0,
            Side::Defenders => 1,
        }
    }
}

/// One side's clock: milliseconds left, and whether they are of an overtime period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideClock {
    pub millis: u64,
    pub in_overtime: bool,
    pub overtimes: u32,
}

/// The `clock` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub attackers: SideClock,
    pub defenders: SideClock,
    pub overtime_secs: u64,
}

impl Clock {
    pub fn of(&self, side: Side) -> SideClock {
        match side {
            Side::Attackers => self.attackers,
            Side::Defenders => self.defenders,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Rules(String),
    Position(String),
    Side(Side),
    Clock(Clock),
    Play(Side),
    /// The move list (oldest first, in Regalia's move text) and the position after it.
    OpponentMove {
        moves: Vec<String>,
        position: String,
    },
    /// Our move was accepted; the position after it.
    MoveAccepted(String),
    Error(i32),
    Analyze {
        count: usize,
        seconds: f64,
    },
    Finish(u8),
    Goodbye,
    /// `hello`, `simple-moves`, `status` echoed back: nothing to do.
    Ignored,
}

/// Why a line did not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageError {
    Unknown(String),
    Missing(&'static str),
    Bad { what: &'static str, text: String },
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::Unknown(c) => write!(f, "unknown OpenTafl message '{c}'"),
            MessageError::Missing(what) => write!(f, "message lacks its {what}"),
            MessageError::Bad { what, text } => write!(f, "'{text}' is not a valid {what}"),
        }
    }
}

impl std::error::Error for MessageError {}

fn side(text: Option<&str>) -> Result<Side, MessageError> {
    match text {
        Some("attackers") => Ok(Side::Attackers),
        Some("defenders") => Ok(Side::Defenders),
        Some(t) => Err(MessageError::Bad {
            what: "side (attackers or defenders)",
            text: t.to_string(),
        }),
        None => Err(MessageError::Missing("side")),
    }
}

fn number<T: std::str::FromStr>(text: Option<&str>, what: &'static str) -> Result<T, MessageError> {
    let text = text.ok_or(MessageError::Missing(what))?;
    text.parse().map_err(|_| MessageError::Bad {
        what,
        text: text.to_string(),
    })
}

fn side_clock(text: Option<&str>) -> Result<SideClock, MessageError> {
    let text = text.ok_or(MessageError::Missing("clock time"))?;
    let (digits, in_overtime) = match text.strip_suffix('*') {
        Some(d) => (d, true),
        None => (text, false),
    };
    Ok(SideClock {
        millis: number(Some(digits), "clock time in milliseconds")?,
        in_overtime,
        overtimes: 0,
    })
}

/// Reads one line OpenTafl sent.
pub fn parse(line: &str) -> Result<Message, MessageError> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let mut args = rest.split_whitespace();
    Ok(match word {
        "rules" if rest.is_empty() => return Err(MessageError::Missing("rules string")),
        "rules" => Message::Rules(rest.to_string()),
        "position" => Message::Position(
            args.next()
                .ok_or(MessageError::Missing("position record"))?
                .to_string(),
        ),
        "side" => Message::Side(side(args.next())?),
        "play" => Message::Play(side(args.next())?),
        "clock" => {
            let mut attackers = side_clock(args.next())?;
            let mut defenders = side_clock(args.next())?;
            let overtime_secs = args
                .next()
                .map_or(Ok(0), |t| number(Some(t), "overtime length"))?;
            attackers.overtimes = args
                .next()
                .map_or(Ok(0), |t| number(Some(t), "overtime count"))?;
            defenders.overtimes = args
                .next()
                .map_or(Ok(0), |t| number(Some(t), "overtime count"))?;
            Message::Clock(Clock {
                attackers,
                defenders,
                overtime_secs,
            })
        }
        "opponent-move" => {
            let list = args.next().ok_or(MessageError::Missing("move list"))?;
            let position = args
                .next()
                .ok_or(MessageError::Missing("position record"))?;
            let moves = list
                .split('|')
                .map(move_text)
                .collect::<Result<Vec<_>, _>>()?;
            Message::OpponentMove {
                moves,
                position: position.to_string(),
            }
        }
        "move" => Message::MoveAccepted(
            args.next()
                .ok_or(MessageError::Missing("position record"))?
                .to_string(),
        ),
        "error" => Message::Error(number(args.next(), "error code")?),
        "analyze" => Message::Analyze {
            count: number(args.next(), "number of moves")?,
            seconds: number(args.next(), "number of seconds")?,
        },
        "finish" => Message::Finish(number(args.next(), "finish code")?),
        "goodbye" => Message::Goodbye,
        "hello" | "simple-moves" | "status" => Message::Ignored,
        other => return Err(MessageError::Unknown(other.to_string())),
    })
}

/// The squares of an OpenTafl move record (`a4-a1`, `Ke5-e1-`, `e5-e8xe9`, `Kd5-a5xa6--`),
/// as Regalia's move text `a4a1`.
pub fn move_text(record: &str) -> Result<String, MessageError> {
    let bad = || MessageError::Bad {
        what: "OpenTafl move record",
        text: record.to_string(),
    };
    // An upper-case piece letter (`K`) may come first.
    let body = record.trim_start_matches(|c: char| c.is_ascii_uppercase());
    let (from, rest) = body.split_once('-').ok_or_else(bad)?;
    // The to-square: its letters, then its digits (a capture record `x…` may follow).
    let letters = rest.chars().take_while(char::is_ascii_lowercase).count();
    let digits = rest[letters..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    let to = &rest[..letters + digits];
    let square = |s: &str| {
        let letters = s.chars().take_while(char::is_ascii_lowercase).count();
        letters >= 1 && s.len() > letters && s[letters..].bytes().all(|b| b.is_ascii_digit())
    };
    // A lower-case piece letter before the from-square (`t`…): OpenTafl only writes one for
    // special pieces, which Regalia does not play; the square check refuses it.
    if !square(from) || !square(to) {
        return Err(bad());
    }
    Ok(format!("{from}{to}"))
}

/// Regalia's move text `a4a1` as OpenTafl's simple move record `a4-a1`.
pub fn record(move_text: &str) -> String {
    let split = move_text
        .char_indices()
        .skip(1)
        .find(|&(i, c)| {
            c.is_ascii_lowercase() && move_text[..i].ends_with(|p: char| p.is_ascii_digit())
        })
        .map(|(i, _)| i);
    match split {
        Some(i) => format!("{}-{}", &move_text[..i], &move_text[i..]),
        None => move_text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_opentafl_sends_them() {
        assert_eq!(parse("play attackers"), Ok(Message::Play(Side::Attackers)));
        assert_eq!(
            parse("clock 59499 60000* 5 3 2 "),
            Ok(Message::Clock(Clock {
                attackers: SideClock {
                    millis: 59499,
                    in_overtime: false,
                    overtimes: 3
                },
                defenders: SideClock {
                    millis: 60000,
                    in_overtime: true,
                    overtimes: 2
                },
                overtime_secs: 5,
            }))
        );
        assert_eq!(
            parse("opponent-move d1-e1|Ke5-e1xe2-- /4t2/7/"),
            Ok(Message::OpponentMove {
                moves: vec!["d1e1".into(), "e5e1".into()],
                position: "/4t2/7/".into()
            })
        );
        assert_eq!(
            parse("analyze 3 10"),
            Ok(Message::Analyze {
                count: 3,
                seconds: 10.0
            })
        );
        assert!(matches!(parse("frobnicate"), Err(MessageError::Unknown(_))));
        assert!(matches!(parse("play"), Err(MessageError::Missing(_))));
        assert!(matches!(
            parse("play sideways"),
            Err(MessageError::Bad { .. })
        ));
        assert!(matches!(
            parse("clock x 1 2 3 4"),
            Err(MessageError::Bad { .. })
        ));
        assert!(matches!(
            parse("opponent-move a1a2 /7/"),
            Err(MessageError::Bad { .. })
        ));
    }

    #[test]
    fn move_records_both_ways() {
        assert_eq!(move_text("a4-a1").as_deref(), Ok("a4a1"));
        assert_eq!(move_text("Ke5-e1-").as_deref(), Ok("e5e1"));
        assert_eq!(move_text("e5-e8xe9/f8+").as_deref(), Ok("e5e8"));
        assert_eq!(move_text("k10-k11++").as_deref(), Ok("k10k11"));
        assert!(move_text("a4a1").is_err());
        assert!(move_text("-a1").is_err());
        assert_eq!(record("a4a1"), "a4-a1");
        assert_eq!(record("k10k11"), "k10-k11");
    }
}
