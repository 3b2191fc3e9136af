//! `regalia htp --host ADDR:PORT`: the engine on the far end of a TCP connection.
//!
//! With a login it is an AI player of an hnefatafl.org server (the reference
//! `hnefatafl-server`): it logs in, offers or joins games, answers `game ID generate_move ROLE`
//! with `game ID play ROLE FROM TO` and follows the opponent's `game ID play …`. Without one
//! it serves a plain HTP driver as the reference engine's `--host` mode does: the driver sends
//! commands, `generate_move` is answered on the connection with `play ROLE FROM TO`, every other
//! answer is only shown on stdout.

use super::command::TimeControl;
use super::engine::{HtpEngine, Settings};
use super::notation::{read_vertex, Role};
use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

/// The reference server's protocol version word, sent first at login (hnefatafl-copenhagen
/// 6.4.1).
pub const SERVER_VERSION_ID: &str = "32d9a140";

/// How to join a server.
#[derive(Clone, Debug)]
pub struct Login {
    pub username: String,
    pub password: String,
    pub create_account: bool,
    /// The version word the server expects.
    pub version_id: String,
    /// Offer a game: our role, its clock and board size.
    pub new_game: Option<(Role, TimeControl, u8)>,
    /// Ask to join this pending game.
    pub join_game: Option<u64>,
    /// Leave after this many finished games (None: stay until the server closes).
    pub games: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct ClientSettings {
    pub address: String,
    pub login: Option<Login>,
    pub engine: Settings,
}

#[derive(Debug)]
pub enum ClientError {
    Connect {
        address: String,
        error: std::io::Error,
    },
    Io(std::io::Error),
    /// The server refused the login (its answer).
    Login(String),
    /// A command-line value that cannot be used.
    Argument(String),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Connect { address, error } => {
                write!(f, "cannot connect to {address}: {error}")
            }
            ClientError::Io(e) => write!(f, "connection failed: {e}"),
            ClientError::Login(answer) => write!(f, "the server refused the login: {answer}"),
            ClientError::Argument(what) => write!(f, "bad value: {what}"),
        }
    }
}

impl std::error::Error for ClientError {}

impl From<std::io::Error> for ClientError {
    fn from(e: std::io::Error) -> Self {
        ClientError::Io(e)
    }
}

/// Connects and plays until the server or driver is done with us.
pub fn run_client(settings: ClientSettings) -> Result<(), ClientError> {
    crate::session::Variant::init_all();
    let stream = TcpStream::connect(&settings.address).map_err(|error| ClientError::Connect {
        address: settings.address.clone(),
        error,
    })?;
    let _ = stream.set_nodelay(true);
    println!("connected to {}", settings.address);
    let reader = BufReader::new(stream.try_clone()?);
    match &settings.login {
        Some(login) => Server::new(stream, login.clone(), settings.engine).run(reader),
        None => serve_driver(stream, reader, settings.engine),
    }
}

fn send(stream: &mut TcpStream, line: &str) -> Result<(), ClientError> {
    println!("-> {line}");
    stream.write_all(format!("{line}\n").as_bytes())?;
    Ok(())
}

/// The reference engine's `--host` mode: a driver's commands over TCP.
fn serve_driver(
    mut stream: TcpStream,
    reader: BufReader<TcpStream>,
    settings: Settings,
) -> Result<(), ClientError> {
    let mut engine = HtpEngine::new(settings);
    for line in reader.lines() {
        let line = line?;
        println!("<- {line}");
        let first = line.split_whitespace().next().unwrap_or("");
        if first == "generate_move" {
            match engine.generate_move() {
                Ok(generated) => send(&mut stream, &generated.play_text(engine.size()))?,
                Err(e) => println!("? {e}"),
            }
        } else {
            let response = engine.respond(&line);
            if let Some(text) = response.text {
                print!("{text}");
            }
            if response.quit {
                break;
            }
        }
        if engine.final_status() != "ongoing" {
            println!("game over: {}", engine.final_status());
            break;
        }
    }
    Ok(())
}

/// One game the server has us in.
struct ServerGame {
    engine: HtpEngine,
}

/// The board size and clock of the game the server last said we joined.
#[derive(Clone, Copy, Debug)]
struct Setup {
    size: u8,
    /// Milliseconds and added seconds, or None un-timed.
    fischer: Option<(u64, u64)>,
}

struct Server {
    stream: TcpStream,
    login: Login,
    settings: Settings,
    games: HashMap<String, ServerGame>,
    setup: Setup,
    finished: u32,
}

impl Server {
    fn new(stream: TcpStream, login: Login, settings: Settings) -> Server {
        Server {
            stream,
            login,
            settings,
            games: HashMap::new(),
            setup: Setup {
                size: 11,
                fischer: None,
            },
            finished: 0,
        }
    }

    fn run(mut self, mut reader: BufReader<TcpStream>) -> Result<(), ClientError> {
        let how = if self.login.create_account {
            "create_account"
        } else {
            "login"
        };
        let hello = format!(
            "{} {how} {} {}",
            self.login.version_id, self.login.username, self.login.password
        );
        send(&mut self.stream, hello.trim_end())?;
        let mut answer = String::new();
        reader.read_line(&mut answer)?;
        if !answer.trim().starts_with("= login") {
            return Err(ClientError::Login(answer.trim().to_string()));
        }
        println!("<- {}", answer.trim());
        if let Some((role, time, size)) = self.login.new_game {
            let time_settings = match time {
                TimeControl::Untimed => "\"UnTimed\"".to_string(),
                TimeControl::Fischer {
                    minutes,
                    add_seconds,
                } => format!(
                    "{{\"Timed\":{{\"add_seconds\":{add_seconds},\"milliseconds_left\":{}}}}}",
                    minutes.saturating_mul(60_000)
                ),
            };
            let role = match role {
                Role::Attacker => "Attacker",
                Role::Defender => "Defender",
            };
            let offer = format!(
                "new_game {{\"role\":\"{role}\",\"rated\":false,\"time_settings\":{time_settings},\"board_size\":{size}}}"
            );
            send(&mut self.stream, &offer)?;
        }
        if let Some(id) = self.login.join_game {
            send(&mut self.stream, &format!("join_game_pending {id}"))?;
        }
        let mut line = String::new();
        loop {
            line.clear();
            if reader.read_line(&mut line)? == 0 {
                println!("the server closed the connection");
                return Ok(());
            }
            if !self.handle(line.trim())? {
                return Ok(());
            }
        }
    }

    /// Handles one server line; false once we are done.
    fn handle(&mut self, line: &str) -> Result<bool, ClientError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["=", "new_game", _id, ..] => println!("<- {line}"),
            ["=", "challenge_requested", id, ..] => {
                println!("<- {line}");
                send(&mut self.stream, &format!("join_game {id}"))?;
            }
            ["=", "join_game", _attacker, _defender, _rated, rest @ ..] => {
                println!("<- {line}");
                self.setup = read_setup(rest);
            }
            ["game", id, "play", role, from, rest @ ..] => {
                println!("<- {line}");
                self.opponent_move(id, role, from, rest.first().copied());
            }
            ["game", id, "generate_move", _role, ..] => {
                println!("<- {line}");
                let id = id.to_string();
                let size = self.setup.size;
                let game = self.game(&id);
                let play = match game.engine.generate_move() {
                    Ok(generated) => {
                        println!(
                            "game {id}: score {} nodes {} in {} ms",
                            generated.score, generated.nodes, generated.millis
                        );
                        generated.play_text(size)
                    }
                    Err(e) => {
                        println!("game {id}: no move: {e}");
                        format!("play {} resigns _", game.engine.to_move())
                    }
                };
                send(&mut self.stream, &format!("game {id} {play}"))?;
            }
            ["=", "game_over", id, status, ..] => {
                println!("<- {line}");
                let ours = self
                    .games
                    .remove(*id)
                    .map(|g| g.engine.final_status().to_string());
                println!(
                    "game {id} over: {status} (Regalia's rules: {})",
                    ours.as_deref().unwrap_or("no game")
                );
                self.finished += 1;
                if self.login.games.is_some_and(|n| self.finished >= n) {
                    return Ok(false);
                }
            }
            ["?", ..] => {
                // A refused move or command: the server keeps the game as it was.
                println!("<- {line}");
                log::warn!("the server refused: {line}");
            }
            _ => log::debug!("server: {line}"),
        }
        Ok(true)
    }

    fn game(&mut self, id: &str) -> &mut ServerGame {
        let (setup, settings) = (self.setup, &self.settings);
        self.games.entry(id.to_string()).or_insert_with(|| {
            let mut engine = HtpEngine::new(settings.clone());
            let _ = engine.execute(super::command::Command::BoardSize(setup.size));
            if let Some((millis, add)) = setup.fischer {
                engine.set_clock_millis(millis, add);
            }
            ServerGame { engine }
        })
    }

    fn opponent_move(&mut self, id: &str, role: &str, from: &str, to: Option<&str>) {
        let size = self.setup.size;
        let game = self.game(id);
        let Some(role) = Role::parse(role) else {
            log::warn!("game {id}: unknown role {role}");
            return;
        };
        if from == "resigns" {
            let _ = game.engine.execute(super::command::Command::Resign(role));
            return;
        }
        let squares = (
            read_vertex(from, size),
            to.and_then(|t| read_vertex(t, size)),
        );
        let result = match squares {
            (Some(from), Some(to)) => game.engine.play(role, &from, &to),
            _ => Err(format!("unreadable squares {from} {to:?}")),
        };
        match result {
            Ok(captures) => {
                if !captures.is_empty() {
                    println!("game {id}: captures {}", captures.join(" "));
                }
            }
            Err(e) => println!("game {id}: Regalia's rules refuse the opponent's move: {e}"),
        }
    }
}

/// Reads `fischer MILLISECONDS ADD_SECONDS SIZE` or `un-timed SIZE` (the tail of `= join_game`).
fn read_setup(words: &[&str]) -> Setup {
    let size = words
        .last()
        .and_then(|s| s.parse::<u8>().ok())
        .filter(|s| super::rule_sets::rules_for_size(*s).is_some())
        .unwrap_or(11);
    let fischer = match words {
        ["fischer", millis, add, ..] => millis.parse().ok().zip(add.parse().ok()),
        _ => None,
    };
    Setup { size, fischer }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_game_tails_give_the_size_and_clock() {
        let setup = read_setup(&["fischer", "900000", "10", "11"]);
        assert_eq!((setup.size, setup.fischer), (11, Some((900_000, 10))));
        let setup = read_setup(&["un-timed", "13"]);
        assert_eq!((setup.size, setup.fischer), (13, None));
    }
}
