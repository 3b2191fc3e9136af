//! Reading one HTP line into a command. Text after `#` is a comment; a line with nothing else
//! is no command at all. The words and their arguments are those of the reference engine
//! (`hnefatafl-text-protocol`, docs/htp.md).

use super::notation::{read_vertex, Role};
use std::fmt;

/// Every command, in the order `list_commands` gives them.
pub const COMMANDS: [&str; 17] = [
    "board_size",
    "final_status",
    "first_move",
    "generate_move",
    "known_command",
    "list_commands",
    "name",
    "play",
    "play_from",
    "play_to",
    "play_undo",
    "protocol_version",
    "quit",
    "show_board",
    "show_board_open_tafl",
    "time_settings",
    "version",
];

/// The clock `time_settings` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    Untimed,
    /// Fischer: a starting time and an increment added after each of one's moves.
    Fischer {
        minutes: u64,
        add_seconds: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    BoardSize(u8),
    FinalStatus,
    FirstMove(Role),
    GenerateMove,
    KnownCommand(String),
    ListCommands,
    Name,
    /// A move, squares already in Regalia's notation.
    Play {
        role: Role,
        from: String,
        to: String,
    },
    Resign(Role),
    PlayFrom,
    PlayTo {
        role: Role,
        from: String,
    },
    PlayUndo,
    ProtocolVersion,
    Quit,
    ShowBoard,
    ShowBoardOpenTafl,
    TimeSettings(TimeControl),
    Version,
}

/// Why a line is not a command; the text follows `? `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    Unknown(String),
    /// A command word with missing or bad arguments: the usage.
    Usage(&'static str),
    Role(String),
    Vertex(String),
    BoardSize(String),
    Number(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(w) => write!(f, "unrecognized command: {w}"),
            CommandError::Usage(u) => write!(f, "expected: {u}"),
            CommandError::Role(r) => write!(f, "'{r}' is not a role (a, attacker, d or defender)"),
            CommandError::Vertex(v) => write!(f, "'{v}' is not a square of this board"),
            CommandError::BoardSize(s) => {
                write!(f, "board_size: '{s}' is not a board size (7, 11 or 13)")
            }
            CommandError::Number(n) => write!(f, "time_settings: '{n}' is not a whole number"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Reads one line on a board of `size`: Ok(None) for a blank or comment-only line.
pub fn parse(line: &str, size: u8) -> Result<Option<Command>, CommandError> {
    let text = line.split('#').next().unwrap_or("");
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Ok(None);
    };
    let arg =
        |i: usize, usage: &'static str| words.get(i).copied().ok_or(CommandError::Usage(usage));
    let role = |w: &str| Role::parse(w).ok_or_else(|| CommandError::Role(w.to_string()));
    let vertex = |w: &str| read_vertex(w, size).ok_or_else(|| CommandError::Vertex(w.to_string()));
    let command = match first {
        "board_size" => {
            let n = arg(1, "board_size 7, board_size 11 or board_size 13")?;
            match n {
                "7" | "11" | "13" => Command::BoardSize(n.parse().unwrap_or(11)),
                _ => return Err(CommandError::BoardSize(n.to_string())),
            }
        }
        "final_status" => Command::FinalStatus,
        "first_move" => Command::FirstMove(role(arg(1, "first_move ROLE")?)?),
        "generate_move" => Command::GenerateMove,
        "known_command" => Command::KnownCommand(arg(1, "known_command COMMAND")?.to_string()),
        "list_commands" => Command::ListCommands,
        "name" => Command::Name,
        "play" => {
            const USAGE: &str = "play ROLE FROM TO or play ROLE resigns";
            let who = role(arg(1, USAGE)?)?;
            let from = arg(2, USAGE)?;
            if from == "resigns" || from == "resign" {
                Command::Resign(who)
            } else {
                Command::Play {
                    role: who,
                    from: vertex(from)?,
                    to: vertex(arg(3, USAGE)?)?,
                }
            }
        }
        "play_from" => Command::PlayFrom,
        "play_to" => {
            const USAGE: &str = "play_to ROLE FROM";
            Command::PlayTo {
                role: role(arg(1, USAGE)?)?,
                from: vertex(arg(2, USAGE)?)?,
            }
        }
        "play_undo" => Command::PlayUndo,
        "protocol_version" => Command::ProtocolVersion,
        "quit" => Command::Quit,
        "show_board" => Command::ShowBoard,
        "show_board_open_tafl" => Command::ShowBoardOpenTafl,
        "time_settings" => {
            const USAGE: &str =
                "time_settings un-timed or time_settings fischer MINUTES ADD_SECONDS";
            match arg(1, USAGE)? {
                "un-timed" => Command::TimeSettings(TimeControl::Untimed),
                "fischer" => {
                    let number = |w: &str| {
                        w.parse::<u64>()
                            .map_err(|_| CommandError::Number(w.to_string()))
                    };
                    Command::TimeSettings(TimeControl::Fischer {
                        minutes: number(arg(2, USAGE)?)?,
                        add_seconds: number(arg(3, USAGE)?)?,
                    })
                }
                _ => return Err(CommandError::Usage(USAGE)),
            }
        }
        "version" => Command::Version,
        other => return Err(CommandError::Unknown(other.to_string())),
    };
    Ok(Some(command))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_the_reference_engine_reads_them() {
        assert_eq!(parse("  # only a comment", 11), Ok(None));
        assert_eq!(parse("", 11), Ok(None));
        assert_eq!(
            parse("play a D1 d3 # first", 11),
            Ok(Some(Command::Play {
                role: Role::Attacker,
                from: "d1".into(),
                to: "d3".into()
            }))
        );
        assert_eq!(
            parse("play defender resigns _", 11),
            Ok(Some(Command::Resign(Role::Defender)))
        );
        assert_eq!(
            parse("time_settings fischer 15 10", 11),
            Ok(Some(Command::TimeSettings(TimeControl::Fischer {
                minutes: 15,
                add_seconds: 10
            })))
        );
        assert_eq!(parse("board_size 13", 11), Ok(Some(Command::BoardSize(13))));
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let error = |line: &str| parse(line, 11).expect_err(line).to_string();
        assert_eq!(error("fly"), "unrecognized command: fly");
        assert_eq!(
            error("play x d1 d3"),
            "'x' is not a role (a, attacker, d or defender)"
        );
        assert_eq!(error("play a d1 m3"), "'m3' is not a square of this board");
        assert_eq!(
            error("play a d1"),
            "expected: play ROLE FROM TO or play ROLE resigns"
        );
        assert_eq!(
            error("board_size 9"),
            "board_size: '9' is not a board size (7, 11 or 13)"
        );
        assert_eq!(
            error("time_settings fischer x 1"),
            "time_settings: 'x' is not a whole number"
        );
        assert_eq!(
            error("time_settings blitz"),
            "expected: time_settings un-timed or time_settings fischer MINUTES ADD_SECONDS"
        );
    }
}
