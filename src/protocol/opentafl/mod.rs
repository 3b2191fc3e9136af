//! `regalia opentafl`: the OpenTafl Engine Protocol on stdin/stdout (protocol.md, "OpenTafl
//! mode"), so that OpenTafl can run Regalia as an external AI. The messages are read in
//! `message`, the clock in `clock`; the game itself is an ordinary tafl session under the
//! rules string OpenTafl sends, and the search runs on its own thread as under UCI.

mod clock;
mod message;

pub use message::{move_text, parse, record, Message, MessageError, Side};

use super::Output;
use crate::search::{ReportScore, SearchLimits, SearchOptions};
use crate::session::{
    JobEnd, JobError, SearchJob, SearchOrder, SearchTable, Session, Variant, VariantError,
};
use message::Clock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

/// What the mode is started with (`regalia opentafl --help`).
#[derive(Clone, Debug)]
pub struct Settings {
    pub threads: usize,
    pub hash_mb: usize,
    /// Thinking time per move when the game has no clock.
    pub think: Duration,
    /// A depth or node limit instead of any time (reproducible games).
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

struct RunningSearch {
    job: SearchJob,
    /// Set when the answer is no longer wanted (`finish`, `goodbye`, new rules).
    discard: Arc<AtomicBool>,
}

/// The protocol state: the game as OpenTafl last described it, and the search.
pub struct OpenTaflEngine {
    out: Output,
    settings: Settings,
    table: SearchTable,
    /// The game under the last rules OpenTafl sent; None before any, or if they were refused.
    session: Option<Box<dyn Session>>,
    /// The session as it was before our last move, in case OpenTafl refuses it.
    before_our_move: Option<Box<dyn Session>>,
    /// Moves OpenTafl refused in the current position: never offered again.
    refused: Vec<String>,
    /// Our last move, until OpenTafl accepts or refuses it.
    pending: Option<String>,
    clock: Option<Clock>,
    /// The side `side` named (analysis and replays).
    side: Option<Side>,
    search: Option<RunningSearch>,
    moves_made: Receiver<String>,
    moves_sender: Sender<String>,
}

impl OpenTaflEngine {
    pub fn new(out: Output, settings: Settings) -> OpenTaflEngine {
        let (moves_sender, moves_made) = channel();
        OpenTaflEngine {
            table: SearchTable::new(settings.hash_mb),
            out,
            settings,
            session: None,
            before_our_move: None,
            refused: Vec::new(),
            pending: None,
            clock: None,
            side: None,
            search: None,
            moves_made,
            moves_sender,
        }
    }

    /// `hello`, at once: OpenTafl waits for it before asking for a move.
    pub fn greet(&self) {
        self.out.line("hello");
    }

    /// A non-critical error, shown to the user; the game goes on.
    fn warn(&self, text: &str) {
        log::warn!("{text}");
        self.out.line(&format!("error 0 {}", one_line(text)));
    }

    /// Handles one line; false once OpenTafl said goodbye.
    pub fn handle_line(&mut self, line: &str) -> bool {
        self.collect_our_move();
        if line.trim().is_empty() {
            return true;
        }
        let message = match parse(line) {
            Ok(m) => m,
            Err(e) => {
                self.warn(&e.to_string());
                return true;
            }
        };
        log::info!("opentafl: {message:?}");
        match message {
            Message::Rules(text) => self.rules(&text),
            Message::Position(record) => {
                self.stop_search(true);
                let side = self.side.or_else(|| self.session_side());
                self.resync(&record, side);
            }
            Message::Side(side) => {
                self.side = Some(side);
                if let Some(s) = &mut self.session {
                    let text = s.position_text();
                    let board = text.split_whitespace().next().unwrap_or("");
                    let fixed = format!("{board} {}", side.letter());
                    if let Err(e) = s.set_position(Some(&fixed), &[]) {
                        let e = e.to_string();
                        self.warn(&e);
                    }
                }
            }
            Message::Clock(c) => self.clock = Some(c),
            Message::OpponentMove { moves, position } => self.opponent_move(&moves, &position),
            Message::Play(side) => self.play(side),
            Message::MoveAccepted(position) => {
                self.pending = None;
                self.before_our_move = None;
                self.refused.clear();
                let side = self.session_side();
                if !self.matches(&position, side) {
                    self.warn("the position after our move differs from ours: taking OpenTafl's");
                    self.resync(&position, side);
                }
            }
            Message::Error(code) => {
                // Our move was refused: back to the position before it, and never that move
                // again here. OpenTafl repeats the last opponent move and asks again.
                if let Some(m) = self.pending.take() {
                    log::warn!("OpenTafl refused our move {m} (error {code})");
                    self.refused.push(m);
                }
                if let Some(before) = self.before_our_move.take() {
                    self.session = Some(before);
                }
            }
            Message::Analyze { count, seconds } => self.analyze(count, seconds),
            Message::Finish(code) => {
                log::info!("game finished, code {code}");
                self.stop_search(true);
            }
            Message::Goodbye => {
                self.stop_search(true);
                return false;
            }
            Message::Ignored => {}
        }
        true
    }

    /// The side to move in our session.
    fn session_side(&self) -> Option<Side> {
        self.session.as_ref().map(|s| match s.to_move() {
            0 => Side::Attackers,
            _ => Side::Defenders,
        })
    }

    fn rules(&mut self, text: &str) {
        self.stop_search(true);
        self.table.clear();
        self.refused.clear();
        self.pending = None;
        self.before_our_move = None;
        self.side = None;
        let options = [("TaflRules".to_string(), text.to_string())];
        match Variant::Tafl.configured_session(&options) {
            Ok(s) => self.session = Some(s),
            Err(e) => {
                self.session = None;
                // A critical error: OpenTafl must not play a game Regalia would misread.
                self.out.line(&format!(
                    "error -1 Regalia cannot play these rules: {}",
                    one_line(&e.to_string())
                ));
            }
        }
    }

    /// Does our game stand where OpenTafl's `record` (with `side` to move) says?
    fn matches(&self, record: &str, side: Option<Side>) -> bool {
        let Some(s) = &self.session else {
            return false;
        };
        let mut probe = s.boxed_clone();
        let text = match side {
            Some(side) => format!("{record} {}", side.letter()),
            None => record.to_string(),
        };
        probe.set_position(Some(&text), &[]).is_ok() && probe.position_text() == s.position_text()
    }

    /// Takes OpenTafl's position as ours (the game's history before it is lost).
    fn resync(&mut self, record: &str, side: Option<Side>) {
        let Some(s) = &mut self.session else {
            self.out
                .line("error -1 no rules yet: OpenTafl must send rules first");
            return;
        };
        let text = match side {
            Some(side) => format!("{record} {}", side.letter()),
            None => record.to_string(),
        };
        if let Err(e) = s.set_position(Some(&text), &[]) {
            let e = e.to_string();
            self.warn(&format!("position '{record}': {e}"));
        }
    }

    fn opponent_move(&mut self, moves: &[String], record: &str) {
        self.stop_search(true);
        let Some(s) = &self.session else {
            self.out
                .line("error -1 no rules yet: OpenTafl must send rules first");
            return;
        };
        let mover = self.session_side();
        let after = mover.map(|m| match m {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        });
        // After a refused move OpenTafl repeats the opponent's move we already have.
        if self.matches(record, mover) || self.matches(record, after) {
            return;
        }
        let mut next = s.boxed_clone();
        let played = moves.iter().all(|m| next.play(m).is_ok());
        self.session = Some(next);
        if !played || !self.matches(record, after) {
            log::warn!(
                "opponent-move {moves:?} does not lead to {record}: taking OpenTafl's position"
            );
            self.resync(record, after);
        }
        self.refused.clear();
    }

    fn play(&mut self, side: Side) {
        self.stop_search(true);
        let Some(s) = &mut self.session else {
            self.out
                .line("error -1 no rules yet: OpenTafl must send rules first");
            return;
        };
        if s.to_move() != side.seat() {
            let text = s.position_text();
            let board = text.split_whitespace().next().unwrap_or("").to_string();
            if let Err(e) = s.set_position(Some(&format!("{board} {}", side.letter())), &[]) {
                let e = e.to_string();
                self.warn(&e);
                return;
            }
        }
        let legal = s.legal_moves();
        let allowed: Vec<String> = legal
            .into_iter()
            .filter(|m| !self.refused.contains(m))
            .collect();
        if allowed.is_empty() {
            self.out
                .line("error -1 Regalia has no move to offer in this position");
            return;
        }
        let limits = match (self.settings.depth, self.settings.nodes) {
            (None, None) => SearchLimits {
                move_time: Some(clock::move_time(
                    self.clock.as_ref(),
                    side,
                    self.settings.think,
                )),
                ..SearchLimits::default()
            },
            (depth, nodes) => SearchLimits {
                depth,
                nodes,
                ..SearchLimits::default()
            },
        };
        let search_moves = if self.refused.is_empty() {
            Vec::new()
        } else {
            allowed
        };
        self.start_search(limits, search_moves, 1, Purpose::Play);
    }

    fn analyze(&mut self, count: usize, seconds: f64) {
        self.stop_search(true);
        let Some(s) = &self.session else {
            self.out
                .line("error -1 no rules yet: OpenTafl must send rules first");
            return;
        };
        if s.legal_moves().is_empty() {
            self.out.line("analysis 0");
            return;
        }
        let budget = Duration::from_secs_f64(seconds.clamp(0.05, 86_400.0));
        let limits = SearchLimits {
            move_time: Some(
                budget
                    .saturating_sub(clock::MARGIN)
                    .max(Duration::from_millis(20)),
            ),
            ..SearchLimits::default()
        };
        self.start_search(limits, Vec::new(), count.clamp(1, 64), Purpose::Analyze);
    }

    fn start_search(
        &mut self,
        limits: SearchLimits,
        search_moves: Vec<String>,
        multi_pv: usize,
        purpose: Purpose,
    ) {
        let Some(s) = &self.session else {
            return;
        };
        let order = SearchOrder {
            limits,
            search_moves,
            options: SearchOptions {
                threads: self.settings.threads,
                multi_pv,
                move_overhead: Duration::ZERO,
                ..SearchOptions::default()
            },
            ..SearchOrder::default()
        };
        let discard = Arc::new(AtomicBool::new(false));
        let (status_out, status_discard) = (self.out.clone(), discard.clone());
        let (end_out, end_discard, sender) =
            (self.out.clone(), discard.clone(), self.moves_sender.clone());
        let started = SearchJob::start(
            "search",
            s.boxed_clone(),
            order,
            self.table.shared(),
            move |r| {
                if r.multipv == 1 && !status_discard.load(Ordering::Relaxed) {
                    let pv: Vec<String> = r.pv.iter().map(|m| record(m)).collect();
                    status_out.line(&format!(
                        "status depth {} score {} nodes {} pv {}",
                        r.depth,
                        score_number(&r.score),
                        r.nodes,
                        pv.join(" ")
                    ));
                }
            },
            move |end| {
                if !end_discard.load(Ordering::Relaxed) {
                    answer(&end_out, &sender, purpose, end);
                }
            },
        );
        match started {
            Ok(job) => self.search = Some(RunningSearch { job, discard }),
            Err(JobError::Refused(e)) => self
                .out
                .line(&format!("error 0 {}", one_line(&e.to_string()))),
            Err(e) => self.out.line(&format!("error -1 {e}")),
        }
    }

    /// Our move, once the search thread has sent it: played in our game (the game before it
    /// kept until OpenTafl accepts it).
    fn collect_our_move(&mut self) {
        while let Ok(m) = self.moves_made.try_recv() {
            if let Some(s) = &mut self.session {
                let before = s.boxed_clone();
                match s.play(&m) {
                    Ok(_) => {
                        self.before_our_move = Some(before);
                        self.pending = Some(m);
                    }
                    Err(e) => log::warn!("our own move {m} did not play: {e}"),
                }
            }
        }
    }

    /// Stops a running search (`discard`: without sending its answer) and waits for it.
    pub fn stop_search(&mut self, discard: bool) {
        if let Some(s) = self.search.take() {
            s.discard.store(discard, Ordering::Relaxed);
            s.job.stop();
            if let Err(JobError::Panicked) = s.job.join() {
                self.out.line("error 0 the search thread failed");
            }
        }
        self.collect_our_move();
    }

    /// End of input: a search still running may finish and answer.
    pub fn finish_input(&mut self) {
        if let Some(s) = self.search.take() {
            let _ = s.job.join();
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Play,
    Analyze,
}

/// A score as OpenTafl's `analysis` and our `status` show it: the mover's view, in hundredths of
/// a taflman, mates as ±100000.
fn score_number(score: &ReportScore) -> i64 {
    match *score {
        ReportScore::Centipawns(cp) => cp as i64,
        ReportScore::Mate(m) if m > 0 => 100_000 - m as i64,
        ReportScore::Mate(m) => -100_000 - m as i64,
    }
}

/// The answer to `play` (a `move`) or to `analyze` (an `analysis`), from the search thread.
fn answer(
    out: &Output,
    sender: &Sender<String>,
    purpose: Purpose,
    end: &Result<JobEnd, VariantError>,
) {
    match (purpose, end) {
        (Purpose::Play, Ok(end)) => match &end.best {
            Some(best) => {
                // The protocol thread plays it before it can read OpenTafl's answer.
                let _ = sender.send(best.clone());
                out.line(&format!("move {}", record(best)));
            }
            None => out.line("error -1 Regalia found no move"),
        },
        (Purpose::Analyze, Ok(end)) => {
            let mut found: Vec<String> = Vec::new();
            for r in end.progress.lines.iter().flatten() {
                let pv: Vec<String> = r.pv.iter().map(|m| record(m)).collect();
                found.push(format!("{} {}", pv.join("|"), score_number(&r.score)));
            }
            if found.is_empty() {
                if let Some(best) = &end.best {
                    found.push(format!("{} 0", record(best)));
                }
            }
            out.line(format!("analysis {} {}", found.len(), found.join(" ")).trim_end());
        }
        (_, Err(e)) => out.line(&format!("error 0 {}", one_line(&e.to_string()))),
    }
}

/// Error texts go on one protocol line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Speaks the OpenTafl Engine Protocol on stdin/stdout until `goodbye` or end of input.
pub fn run_stdio(settings: Settings) {
    Variant::init_all();
    let mut engine = OpenTaflEngine::new(Output::stdout(), settings);
    engine.greet();
    if super::read_stdin_lines(|line| engine.handle_line(line)) {
        return;
    }
    engine.finish_input();
}
