//! The runner as the controller of an engine speaking the Hnefatafl Text Protocol: on the
//! engine's stdin/stdout (`regalia htp`, the reference `hnefatafl-text-protocol`), or, with
//! `listen=ADDR:PORT`, on a connection the engine opens to the runner (the reference engine's
//! `--host`, which plays one game a connection and then exits: it is started anew for each
//! game). Each move of the other side is sent as `play ROLE FROM TO` and the engine is asked
//! with `generate_move`. HTP has no position command, so games start at the rule set's start
//! and openings are moves from it.

use super::engine::{EngineFault, Thought};
use super::lines::Lines;
use super::program::Program;
use super::seat_engine::{GameStart, Turn, RESIGNS};
use super::EngineSpec;
use crate::protocol::htp::{read_vertex, split_move, write_vertex, Role};
use crate::session::Variant;
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// How the runner and the engine talk.
enum Link {
    /// The engine's stdin and stdout; every command is answered `= …` or `? …`.
    Pipes(Program),
    /// A connection the engine opened; only `generate_move` is answered on it.
    Socket {
        /// Kept so that the program is killed with the link.
        _program: Program,
        stream: TcpStream,
        lines: Lines,
    },
}

pub struct HtpPeer {
    spec: EngineSpec,
    /// Where a client engine connects (`listen=`).
    listener: Option<TcpListener>,
    link: Option<Link>,
    /// The board size of the game.
    size: u8,
    /// How many of the game's moves the engine has (been told or made).
    known: usize,
}

impl HtpPeer {
    /// Starts a stdin/stdout engine at once; for a client engine, opens the listening socket
    /// (the engine itself is started for each game).
    pub fn start(spec: &EngineSpec, variant: Variant) -> Result<HtpPeer, EngineFault> {
        if variant != Variant::Tafl {
            return Err(EngineFault::Unsupported(format!(
                "{variant} (HTP engines play tafl)"
            )));
        }
        let (listener, link) = match &spec.listen {
            Some(address) => {
                let listener = TcpListener::bind(address)
                    .map_err(|e| EngineFault::Spawn(format!("listen={address}: {e}")))?;
                listener
                    .set_nonblocking(true)
                    .map_err(|e| EngineFault::Spawn(format!("listen={address}: {e}")))?;
                (Some(listener), None)
            }
            None => (None, Some(Link::Pipes(Program::start(spec, true)?))),
        };
        Ok(HtpPeer {
            spec: spec.clone(),
            listener,
            link,
            size: 11,
            known: 0,
        })
    }

    /// A new game on the rule set's board: `board_size` to a stdin/stdout engine; a client
    /// engine is started afresh and its connection awaited.
    pub fn new_game(&mut self, start: &GameStart, timeout: Duration) -> Result<(), EngineFault> {
        if start.base != start.rules_start {
            return Err(EngineFault::Unsupported(
                "a position other than the rule set's start (HTP has no position command: \
                 give openings as the start position and moves)"
                    .into(),
            ));
        }
        self.size = start
            .base
            .split_whitespace()
            .next()
            .unwrap_or("")
            .split('/')
            .count() as u8;
        self.known = 0;
        match &self.listener {
            Some(listener) => {
                self.link = None;
                let program = Program::start(&self.spec, false)?;
                let stream = accept(listener, Instant::now() + timeout)?;
                let reader = stream
                    .try_clone()
                    .map_err(|e| EngineFault::Spawn(format!("the connection: {e}")))?;
                self.link = Some(Link::Socket {
                    _program: program,
                    stream,
                    lines: Lines::spawn(reader),
                });
                Ok(())
            }
            None => {
                let size = self.size;
                self.ask(&format!("board_size {size}"), timeout).map(|_| ())
            }
        }
    }

    /// Passes on the moves the engine has not seen, then asks for its move.
    pub fn think(&mut self, turn: &Turn) -> Result<Thought, (EngineFault, Duration)> {
        let fail = |fault| (fault, Duration::ZERO);
        for i in self.known..turn.moves.len() {
            let before = match i {
                0 => turn.base,
                _ => turn.positions[i - 1].as_str(),
            };
            let played = &turn.moves[i];
            let (from, to) = split_move(played)
                .ok_or_else(|| fail(EngineFault::Unsupported(format!("the move text {played}"))))?;
            let command = format!(
                "play {} {} {}",
                role_to_move(before),
                write_vertex(from, self.size),
                write_vertex(to, self.size)
            );
            match self.tell(&command, turn.deadline) {
                Err(EngineFault::Answered(why)) => {
                    return Err(fail(EngineFault::Refused {
                        played: played.clone(),
                        why,
                    }))
                }
                other => other.map_err(fail)?,
            }
        }
        self.known = turn.moves.len();
        let started = Instant::now();
        let fail = |fault| (fault, started.elapsed());
        let answer = self.ask("generate_move", turn.deadline).map_err(fail)?;
        // `play ROLE FROM TO[, score: …]`, `= ` taken off.
        let words: Vec<&str> = answer
            .split(',')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let best = match words.as_slice() {
            ["play", _, "resigns", ..] => RESIGNS.to_string(),
            ["play", _, from, to] => {
                match (read_vertex(from, self.size), read_vertex(to, self.size)) {
                    (Some(from), Some(to)) => format!("{from}{to}"),
                    _ => answer.clone(),
                }
            }
            _ => answer.clone(),
        };
        self.known += 1;
        Ok(Thought {
            best,
            score: None,
            depth: None,
            elapsed: started.elapsed(),
        })
    }

    /// Sends a command whose answer only says whether it was accepted: on a socket nothing
    /// comes back (a refusal ends the client engine, which shows at the next question).
    fn tell(&mut self, command: &str, timeout: Duration) -> Result<(), EngineFault> {
        match &mut self.link {
            Some(Link::Socket { stream, .. }) => send_on(stream, command),
            _ => self.ask(command, timeout).map(|_| ()),
        }
    }

    /// Sends a command and returns its answer with `= ` taken off; `? …` is
    /// [`EngineFault::Answered`].
    fn ask(&mut self, command: &str, timeout: Duration) -> Result<String, EngineFault> {
        let deadline = Instant::now() + timeout;
        let mut answer = None;
        match &mut self.link {
            None => return Err(EngineFault::Exited),
            Some(Link::Pipes(program)) => {
                program.send(command)?;
                program.read_until(deadline, "an answer", |line| {
                    answer = answer_of(line);
                    answer.is_some()
                })?;
            }
            Some(Link::Socket { stream, lines, .. }) => {
                send_on(stream, command)?;
                lines.read_until(deadline, "a move", |line| {
                    let line = line.trim();
                    if line.starts_with("play ") {
                        answer = Some(Ok(line.to_string()));
                    }
                    answer.is_some()
                })?;
            }
        }
        match answer {
            Some(Ok(text)) => Ok(text),
            Some(Err(why)) => Err(EngineFault::Answered(why)),
            None => Err(EngineFault::Exited),
        }
    }

    pub fn quit(mut self) {
        if let Some(Link::Pipes(mut program)) = self.link.take() {
            let _ = program.send("quit");
            program.wait_briefly();
        }
    }
}

/// The answer an HTP line carries: `= TEXT` → Ok, `? WHY` → Err, anything else (the blank
/// line after an answer) → None.
fn answer_of(line: &str) -> Option<Result<String, String>> {
    if let Some(text) = line.strip_prefix('=') {
        Some(Ok(text.trim().to_string()))
    } else {
        line.strip_prefix('?')
            .map(|why| Err(why.trim().to_string()))
    }
}

fn send_on(stream: &mut TcpStream, command: &str) -> Result<(), EngineFault> {
    log::debug!("> {command}");
    stream
        .write_all(format!("{command}\n").as_bytes())
        .and_then(|_| stream.flush())
        .map_err(|_| EngineFault::Exited)
}

/// Waits for the client engine's connection.
fn accept(listener: &TcpListener, deadline: Instant) -> Result<TcpStream, EngineFault> {
    loop {
        match listener.accept() {
            Ok((stream, _)) => {
                stream
                    .set_nonblocking(false)
                    .map_err(|e| EngineFault::Spawn(format!("the connection: {e}")))?;
                return Ok(stream);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err(EngineFault::Timeout("a connection"));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => return Err(EngineFault::Spawn(format!("accepting: {e}"))),
        }
    }
}

/// The HTP role to move in Regalia's tafl position text (`… a` or `… d`).
fn role_to_move(position: &str) -> Role {
    if position.trim_end().ends_with('d') {
        Role::Defender
    } else {
        Role::Attacker
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_refusals_read() {
        assert_eq!(answer_of("= e2 "), Some(Ok("e2".into())));
        assert_eq!(answer_of("= "), Some(Ok(String::new())));
        assert_eq!(
            answer_of("? play: illegal move"),
            Some(Err("play: illegal move".into()))
        );
        assert_eq!(answer_of(""), None);
        assert_eq!(role_to_move("3a3/7/7/3k3/7/7/7 d"), Role::Defender);
        assert_eq!(role_to_move("3a3/7/7/3k3/7/7/7 a"), Role::Attacker);
    }
}
