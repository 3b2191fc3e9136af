//! One input line -> one [`Command`]. Parsing knows the protocol's grammar, no game's rules:
//! positions and moves stay text until the session reads them.

use crate::search::SearchLimits;
use crate::session::ClockWords;
use std::fmt;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    Position {
        position: Option<String>,
        moves: Vec<String>,
    },
    Go(GoCommand),
    Stop,
    PonderHit,
    Quit,
    /// Non-UCI extras every chess engine has.
    Display,
    Eval,
    Bench {
        depth: Option<u32>,
    },
    /// `moves`: list the legal moves (a convenience for people at the shell).
    Moves,
}

#[derive(Clone, Debug, PartialEq)]
pub enum GoCommand {
    Search(Box<GoLimits>),
    Perft(u32),
}

/// What `go` asks of a search, as read: the clocks by clock word (which seat each word is, the
/// game says), every other limit, and the `searchmoves` texts.
#[derive(Clone, Debug, Default)]
pub struct GoLimits {
    pub clocks: ClockWords,
    /// Every limit but the clocks (its per-seat clocks stay empty).
    pub limits: SearchLimits,
    pub search_moves: Vec<String>,
}

/// Equality for tests of the parser (`SearchLimits` has none of its own).
impl PartialEq for GoLimits {
    fn eq(&self, other: &Self) -> bool {
        format!("{self:?}") == format!("{other:?}")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    Empty,
    UnknownCommand(String),
    Missing(&'static str),
    BadNumber {
        field: String,
        value: String,
    },
    UnexpectedToken(String),
    /// `go perft N` deeper than [`crate::search::perft::MAX_PERFT_DEPTH`].
    PerftTooDeep(u32),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "empty line"),
            ParseError::UnknownCommand(c) => write!(f, "unknown command '{c}'"),
            ParseError::Missing(what) => write!(f, "missing {what}"),
            ParseError::BadNumber { field, value } => {
                write!(
                    f,
                    "'{field}' needs a non-negative whole number, got '{value}'"
                )
            }
            ParseError::UnexpectedToken(t) => write!(f, "unexpected '{t}'"),
            ParseError::PerftTooDeep(depth) => write!(
                f,
                "perft depth {depth} is more than {}",
                crate::search::perft::MAX_PERFT_DEPTH
            ),
        }
    }
}

impl std::error::Error for ParseError {}

fn number<T: std::str::FromStr>(field: &str, value: Option<&&str>) -> Result<T, ParseError> {
    let v = value.ok_or(ParseError::Missing("a number"))?;
    v.parse().map_err(|_| ParseError::BadNumber {
        field: field.to_string(),
        value: v.to_string(),
    })
}

/// Reads one line. Blank lines are `Err(Empty)`, which the loop ignores silently.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(&head) = tokens.first() else {
        return Err(ParseError::Empty);
    };
    let rest = &tokens[1..];
    Ok(match head {
        "uci" => Command::Uci,
        "debug" => Command::Debug(rest.first() != Some(&"off")),
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(rest)?,
        "ucinewgame" => Command::UciNewGame,
        "position" => parse_position(rest)?,
        "go" => Command::Go(parse_go(rest)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "moves" => Command::Moves,
        "bench" => Command::Bench {
            depth: match rest.first() {
                None => None,
                Some(_) => Some(number("bench", rest.first())?),
            },
        },
        other => return Err(ParseError::UnknownCommand(other.to_string())),
    })
}

/// `setoption name <words…> [value <words…>]`: names and values may contain spaces.
fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    if rest.first() != Some(&"name") {
        return Err(ParseError::Missing("'name' after setoption"));
    }
    let value_at = rest.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(rest.len());
    let name = rest[1..name_end].join(" ");
    if name.is_empty() {
        return Err(ParseError::Missing("an option name"));
    }
    let value = value_at.map(|i| rest[i + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

/// `position startpos|fen <text…> [moves <m…>]`.
fn parse_position(rest: &[&str]) -> Result<Command, ParseError> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let spec = &rest[..moves_at.unwrap_or(rest.len())];
    let moves: Vec<String> = moves_at
        .map(|i| rest[i + 1..].iter().map(|s| s.to_string()).collect())
        .unwrap_or_default();
    let position = match spec.first() {
        Some(&"startpos") => {
            if spec.len() > 1 {
                return Err(ParseError::UnexpectedToken(spec[1].to_string()));
            }
            None
        }
        Some(&"fen") => {
            if spec.len() < 2 {
                return Err(ParseError::Missing("a position after 'fen'"));
            }
            Some(spec[1..].join(" "))
        }
        Some(other) => return Err(ParseError::UnexpectedToken(other.to_string())),
        None => return Err(ParseError::Missing("'startpos' or 'fen'")),
    };
    Ok(Command::Position { position, moves })
}

fn parse_go(rest: &[&str]) -> Result<GoCommand, ParseError> {
    if rest.first() == Some(&"perft") {
        let depth = number("perft", rest.get(1))?;
        if depth > crate::search::perft::MAX_PERFT_DEPTH {
            return Err(ParseError::PerftTooDeep(depth));
        }
        return Ok(GoCommand::Perft(depth));
    }
    let mut go = GoLimits::default();
    let l = &mut go.limits;
    let ms = |field: &str, v: Option<&&str>| -> Result<Duration, ParseError> {
        // GUIs sometimes send negative clocks when a player has overstepped: treat as zero.
        if let Some(t) = v {
            if let Ok(n) = t.parse::<i64>() {
                return Ok(Duration::from_millis(n.max(0) as u64));
            }
        }
        Err(ParseError::BadNumber {
            field: field.to_string(),
            value: v.map_or(String::new(), |s| s.to_string()),
        })
    };
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let val = rest.get(i + 1);
        let mut takes_value = true;
        if let Some((letter, part)) = ClockWords::read_word(key) {
            go.clocks.set(letter, part, ms(key, val)?);
            i += 2;
            continue;
        }
        match key {
            "movestogo" => l.moves_to_go = Some(number(key, val)?),
            "depth" => l.depth = Some(number(key, val)?),
            "nodes" => l.nodes = Some(number(key, val)?),
            "mate" => l.mate = Some(number(key, val)?),
            "movetime" => l.move_time = Some(ms(key, val)?),
            "infinite" => {
                l.infinite = true;
                takes_value = false;
            }
            "ponder" => {
                l.ponder = true;
                takes_value = false;
            }
            "searchmoves" => {
                // Every following token that is not a keyword is a move.
                let mut j = i + 1;
                while j < rest.len() && !GO_KEYWORDS.contains(&rest[j]) {
                    go.search_moves.push(rest[j].to_string());
                    j += 1;
                }
                i = j;
                continue;
            }
            other => return Err(ParseError::UnexpectedToken(other.to_string())),
        }
        i += if takes_value { 2 } else { 1 };
    }
    Ok(GoCommand::Search(Box::new(go)))
}

const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "rtime",
    "gtime",
    "winc",
    "binc",
    "rinc",
    "ginc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setoption_with_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Command::Position {
                position: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Ok(Command::Position {
                position: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec![]
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position somewhere").is_err());
    }

    #[test]
    fn go_parameters() {
        let Ok(Command::Go(GoCommand::Search(l))) = parse(
            "go wtime 1000 btime -5 winc 10 binc 10 movestogo 5 searchmoves e2e4 d2d4 depth 3",
        ) else {
            panic!("go did not parse");
        };
        assert_eq!(l.clocks.of('w').time, Some(Duration::from_millis(1000)));
        assert_eq!(l.clocks.of('b').time, Some(Duration::ZERO));
        assert_eq!(l.limits.time, [None; 4], "seat clocks wait for the game");
        assert_eq!(l.search_moves, vec!["e2e4", "d2d4"]);
        assert_eq!(l.limits.depth, Some(3));
        // Four players' clocks, by colour word.
        let Ok(Command::Go(GoCommand::Search(l))) =
            parse("go btime 1 binc 2 wtime 3 winc 4 rtime 5 rinc 6 gtime 7 ginc 8")
        else {
            panic!("go did not parse");
        };
        let ms = |n| Some(Duration::from_millis(n));
        let words = ['w', 'b', 'r', 'g'].map(|c| l.clocks.of(c));
        assert_eq!(words.map(|c| c.time), [ms(3), ms(1), ms(5), ms(7)]);
        assert_eq!(words.map(|c| c.increment), [ms(4), ms(2), ms(6), ms(8)]);
        assert!(parse("go rtime").is_err());
        assert!(parse("go gtime soon").is_err());
        assert_eq!(parse("go perft 3"), Ok(Command::Go(GoCommand::Perft(3))));
        assert_eq!(
            parse("go perft 128"),
            Ok(Command::Go(GoCommand::Perft(128)))
        );
        assert_eq!(parse("go perft 129"), Err(ParseError::PerftTooDeep(129)));
        assert!(parse("go depth x").is_err());
        assert!(parse("go depth").is_err());
        assert!(parse("go sideways").is_err());
    }

    #[test]
    fn unknown_and_empty() {
        assert_eq!(parse("   "), Err(ParseError::Empty));
        assert_eq!(
            parse("hello"),
            Err(ParseError::UnknownCommand("hello".into()))
        );
    }
}
