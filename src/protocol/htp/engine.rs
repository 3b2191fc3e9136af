//! The HTP engine: one tafl session under the rule set of the board size, and the answer to
//! each command. Game rules stay in the session; here are only HTP's words and bookkeeping
//! (who resigned, the positions to undo to, the clock).

use super::board::Grid;
use super::clock::FischerClock;
use super::command::{parse, Command, TimeControl, COMMANDS};
use super::notation::{split_move, write_vertex, Role};
use super::rule_sets::rules_for_size;
use crate::search::{ReportScore, SearchLimits, SearchOptions};
use crate::session::{GameStatus, SearchJob, SearchOrder, SearchTable, Session, Variant};
use std::time::{Duration, Instant};

/// The HTP version the reference engine answers `protocol_version` with.
pub const PROTOCOL_VERSION: &str = "1-beta";

/// How the engine searches (`regalia htp --help`).
#[derive(Clone, Debug)]
pub struct Settings {
    pub threads: usize,
    pub hash_mb: usize,
    /// Time per move when the game has no clock.
    pub think: Duration,
    /// Fixed limits, for tests and reproducible games; they replace the time limit.
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// What one input line produced: the exact text to write (None for a blank line) and
/// whether the engine stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub text: Option<String>,
    pub quit: bool,
}

/// A move the engine chose, with what its search said.
#[derive(Clone, Debug)]
pub struct Generated {
    pub role: Role,
    /// None when the engine resigns (no move it may play).
    pub squares: Option<(String, String)>,
    pub score: i64,
    pub millis: u128,
    pub nodes: u64,
}

impl Generated {
    /// `play ROLE FROM TO` (or `play ROLE resigns _`), as sent to a server or a driver.
    pub fn play_text(&self, size: u8) -> String {
        match &self.squares {
            Some((from, to)) => format!(
                "play {} {} {}",
                self.role,
                write_vertex(from, size),
                write_vertex(to, size)
            ),
            None => format!("play {} resigns _", self.role),
        }
    }
}

pub struct HtpEngine {
    settings: Settings,
    table: SearchTable,
    size: u8,
    session: Box<dyn Session>,
    /// The session before each move played, for `play_undo` (and the boards that stood).
    before: Vec<Box<dyn Session>>,
    resigned: Option<Role>,
    time: TimeControl,
    clock: Option<FischerClock>,
}

impl HtpEngine {
    pub fn new(settings: Settings) -> HtpEngine {
        let table = SearchTable::new(settings.hash_mb);
        HtpEngine {
            settings,
            table,
            size: 11,
            session: new_game(11, None),
            before: Vec::new(),
            resigned: None,
            time: TimeControl::Untimed,
            clock: None,
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// Answers one line as the reference engine does: `= answer` on success, `? error` and a
    /// blank line on failure, nothing for a blank or comment-only line.
    pub fn respond(&mut self, line: &str) -> Response {
        let command = match parse(line, self.size) {
            Ok(Some(c)) => c,
            Ok(None) => {
                return Response {
                    text: None,
                    quit: false,
                }
            }
            Err(e) => return failure(&e.to_string()),
        };
        log::info!("htp: {command:?}");
        if command == Command::Quit {
            return Response {
                text: None,
                quit: true,
            };
        }
        match self.execute(command) {
            Ok(answer) => Response {
                text: Some(format!("= {answer}\n")),
                quit: false,
            },
            Err(e) => failure(&e),
        }
    }

    /// Carries out a command: the answer after `= `, or the error after `? `.
    pub fn execute(&mut self, command: Command) -> Result<String, String> {
        match command {
            Command::BoardSize(size) => {
                self.size = size;
                self.restart(None);
                Ok(String::new())
            }
            Command::FinalStatus => Ok(self.final_status().to_string()),
            Command::FirstMove(role) => {
                self.restart(Some(role));
                Ok(String::new())
            }
            Command::GenerateMove => {
                let generated = self.generate_move()?;
                // The reference ends this answer with a newline of its own.
                Ok(format!(
                    "{}, score: {}, delay milliseconds: {}, loops: {}\n",
                    generated.play_text(self.size),
                    generated.score,
                    generated.millis,
                    generated.nodes
                ))
            }
            Command::KnownCommand(word) => Ok(COMMANDS.contains(&word.as_str()).to_string()),
            Command::ListCommands => Ok(format!("\n{}", COMMANDS.join("\n"))),
            Command::Name => Ok("regalia".to_string()),
            Command::Play { role, from, to } => {
                let captures = self.play(role, &from, &to)?;
                Ok(captures
                    .iter()
                    .map(|c| format!("{} ", write_vertex(c, self.size)))
                    .collect())
            }
            Command::Resign(role) => {
                self.ongoing()?;
                if role != self.to_move() {
                    return Err("play: only the side to move may resign".to_string());
                }
                self.before.push(self.session.boxed_clone());
                self.resigned = Some(role);
                Ok(String::new())
            }
            Command::PlayFrom => {
                let role = self.to_move();
                let mut froms: Vec<String> = Vec::new();
                for m in self.allowed_moves() {
                    if let Some((from, _)) = split_move(&m) {
                        let from = write_vertex(from, self.size);
                        if !froms.contains(&from) {
                            froms.push(from);
                        }
                    }
                }
                Ok(format!("{role} {}", froms.join(" ")))
            }
            Command::PlayTo { role, from } => {
                if role != self.to_move() {
                    return Err("play_to: it isn't that role's turn".to_string());
                }
                let tos: Vec<String> = self
                    .allowed_moves()
                    .iter()
                    .filter_map(|m| split_move(m))
                    .filter(|(f, _)| *f == from)
                    .map(|(_, t)| write_vertex(t, self.size))
                    .collect();
                if tos.is_empty() {
                    return Err(format!(
                        "play_to: no move from {}",
                        write_vertex(&from, self.size)
                    ));
                }
                Ok(tos.join(" "))
            }
            Command::PlayUndo => match self.before.pop() {
                Some(previous) => {
                    self.session = previous;
                    self.resigned = None;
                    Ok(String::new())
                }
                None => Err("play_undo: no move has been played".to_string()),
            },
            Command::ProtocolVersion => Ok(PROTOCOL_VERSION.to_string()),
            Command::Quit => Ok(String::new()),
            Command::ShowBoard => Ok(self.grid()?.diagram()),
            Command::ShowBoardOpenTafl => Ok(self.grid()?.open_tafl()),
            Command::TimeSettings(time) => {
                self.time = time;
                self.restart(None);
                Ok(String::new())
            }
            Command::Version => Ok(env!("CARGO_PKG_VERSION").to_string()),
        }
    }

    /// A new game on the current board size and clock, `first` to move (the rule set's
    /// first side when None).
    pub fn restart(&mut self, first: Option<Role>) {
        self.session = new_game(self.size, first);
        self.before.clear();
        self.resigned = None;
        self.table.clear();
        self.clock = match self.time {
            TimeControl::Untimed => None,
            TimeControl::Fischer {
                minutes,
                add_seconds,
            } => Some(FischerClock::new(
                Duration::from_secs(minutes.saturating_mul(60)),
                Duration::from_secs(add_seconds),
            )),
        };
    }

    /// Sets the clock from a server's `fischer MILLISECONDS ADD_SECONDS`, without a new game.
    pub fn set_clock_millis(&mut self, millis: u64, add_seconds: u64) {
        self.clock = Some(FischerClock::new(
            Duration::from_millis(millis),
            Duration::from_secs(add_seconds),
        ));
    }

    /// `attacker_wins`, `defender_wins`, `draw` or `ongoing`.
    pub fn final_status(&self) -> &'static str {
        if let Some(loser) = self.resigned {
            return win_word(loser.other());
        }
        match self.session.status() {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Over(end) => match end.winner {
                Some(seat) => win_word(Role::from_seat(seat)),
                None => "draw",
            },
        }
    }

    pub fn to_move(&self) -> Role {
        Role::from_seat(self.session.to_move())
    }

    fn ongoing(&self) -> Result<(), String> {
        if self.final_status() == "ongoing" {
            Ok(())
        } else {
            Err("play: the game is already over".to_string())
        }
    }

    fn grid(&self) -> Result<Grid, String> {
        Grid::read(&self.session.position_text())
            .ok_or_else(|| "show_board: the position did not read as a board".to_string())
    }

    /// Plays `role`'s move and returns its captures.
    pub fn play(&mut self, role: Role, from: &str, to: &str) -> Result<Vec<String>, String> {
        self.ongoing()?;
        if role != self.to_move() {
            return Err(format!(
                "play: it isn't your turn, the {}s move",
                self.to_move()
            ));
        }
        let text = format!("{from}{to}");
        if !self.allowed_moves().contains(&text) && self.session.legal_moves().contains(&text) {
            return Err("play: the defenders may not make a board that has already stood".into());
        }
        let before_grid = self.grid()?;
        let mut next = self.session.boxed_clone();
        next.play(&text).map_err(|e| format!("play: {e}"))?;
        let previous = std::mem::replace(&mut self.session, next);
        self.before.push(previous);
        let after = self.grid()?;
        Ok(before_grid.captures(&after, role == Role::Attacker))
    }

    /// The legal moves, less those HTP's server refuses: it will not let the defenders make a
    /// board that has stood before in the game (the reference's reading of Copenhagen's
    /// "perpetual repetition" rule), where Regalia's rule set only judges a third occurrence.
    fn allowed_moves(&self) -> Vec<String> {
        let legal = self.session.legal_moves();
        if self.to_move() != Role::Defender {
            return legal;
        }
        let board = |s: &dyn Session| {
            let text = s.position_text();
            text.split_whitespace().next().unwrap_or("").to_string()
        };
        let stood: Vec<String> = self.before.iter().map(|s| board(s.as_ref())).collect();
        legal
            .into_iter()
            .filter(|m| {
                let mut probe = self.session.boxed_clone();
                probe.play(m).is_ok() && !stood.contains(&board(probe.as_ref()))
            })
            .collect()
    }

    /// Searches, plays and returns the engine's move for the side to move.
    pub fn generate_move(&mut self) -> Result<Generated, String> {
        if self.final_status() != "ongoing" {
            return Err("generate_move: the game is already over".to_string());
        }
        let role = self.to_move();
        let allowed = self.allowed_moves();
        if allowed.is_empty() {
            self.before.push(self.session.boxed_clone());
            self.resigned = Some(role);
            return Ok(Generated {
                role,
                squares: None,
                score: 0,
                millis: 0,
                nodes: 0,
            });
        }
        let seat = role.seat();
        let mut limits = SearchLimits {
            depth: self.settings.depth,
            nodes: self.settings.nodes,
            ..SearchLimits::default()
        };
        if limits.depth.is_none() && limits.nodes.is_none() {
            limits.move_time = Some(match &self.clock {
                Some(clock) => clock.budget(seat),
                None => self.settings.think,
            });
        }
        let search_moves = if allowed.len() < self.session.legal_moves().len() {
            allowed.clone()
        } else {
            Vec::new()
        };
        let started = Instant::now();
        let found = search_move(
            self.session.as_ref(),
            limits,
            search_moves,
            self.settings.threads,
            &self.table,
        )?;
        let used = started.elapsed();
        if let Some(clock) = &mut self.clock {
            clock.spend(seat, used);
        }
        let best = match found.best {
            Some(m) if allowed.contains(&m) => m,
            // A search stopped before its first answer: the first move it may play.
            _ => allowed[0].clone(),
        };
        let (from, to) =
            split_move(&best).ok_or_else(|| format!("generate_move: unreadable move {best}"))?;
        let (from, to) = (from.to_string(), to.to_string());
        self.play(role, &from, &to)?;
        Ok(Generated {
            role,
            squares: Some((from, to)),
            score: found.score,
            millis: used.as_millis(),
            nodes: found.nodes,
        })
    }
}

fn win_word(role: Role) -> &'static str {
    match role {
        Role::Attacker => "attacker_wins",
        Role::Defender => "defender_wins",
    }
}

/// `? error` and the blank line that ends an error answer.
fn failure(text: &str) -> Response {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    Response {
        text: Some(format!("? {one_line}\n\n")),
        quit: false,
    }
}

/// A new tafl game on an HTP board size, `first` to move (the rule set's first side if None).
fn new_game(size: u8, first: Option<Role>) -> Box<dyn Session> {
    let rules = rules_for_size(size).unwrap_or("copenhagen");
    let options = [("TaflRules".to_string(), rules.to_string())];
    let mut session = match Variant::Tafl.configured_session(&options) {
        Ok(s) => s,
        Err(e) => {
            log::error!("the HTP rule set for {size}x{size} did not load: {e}");
            Variant::Tafl.new_session()
        }
    };
    if let Some(role) = first {
        let text = session.position_text();
        let board = text.split_whitespace().next().unwrap_or("").to_string();
        let start = format!("{board} {}", role.position_letter());
        if let Err(e) = session.set_position(Some(&start), &[]) {
            log::error!("first_move {role}: {e}");
        }
    }
    session
}

/// What the search found.
struct Found {
    best: Option<String>,
    /// Hundredths of a taflman from the mover's view; mates as ±100000.
    score: i64,
    nodes: u64,
}

/// The one place HTP calls the search: a search job run to its end (`search_moves`: the root
/// moves allowed, empty for all).
fn search_move(
    session: &dyn Session,
    limits: SearchLimits,
    search_moves: Vec<String>,
    threads: usize,
    table: &SearchTable,
) -> Result<Found, String> {
    let order = SearchOrder {
        limits,
        search_moves,
        options: SearchOptions {
            threads,
            move_overhead: Duration::ZERO,
            ..SearchOptions::default()
        },
        ..SearchOrder::default()
    };
    let end = SearchJob::run_to_end(session.boxed_clone(), order, table.shared())
        .map_err(|e| format!("generate_move: {e}"))?;
    let score = match end.progress.first_line().map(|r| r.score) {
        Some(ReportScore::Centipawns(cp)) => cp as i64,
        Some(ReportScore::Mate(m)) if m > 0 => 100_000 - m as i64,
        Some(ReportScore::Mate(m)) => -100_000 - m as i64,
        None => 0,
    };
    Ok(Found {
        best: end.best,
        score,
        nodes: end.nodes,
    })
}
