//! The protocol state machine: owns the options, the table and the game being played, and runs
//! each search on its own thread so that `isready`, `stop` and `quit` are answered at once.

use super::command::{parse, Command, GoCommand, GoLimits, ParseError};
use super::options::{EngineOptions, OptionEffect};
use super::output::Output;
use crate::core::SeatState;
use crate::search::{budget, SearchOptions};
use crate::session::stalls::{StallMeter, TimedMove};
use crate::session::strength::StrengthLimit;
use crate::session::{
    lock, run_bench, GameStatus, JobEnd, JobError, SearchControl, SearchJob, SearchOrder,
    SearchTable, Session, VariantError,
};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub const ENGINE_NAME: &str = concat!("Regalia ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Regalia developers";

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// `go perft`'s thread, stopped and finished like a search.
struct PerftRun {
    control: SearchControl,
    handle: JoinHandle<()>,
}

/// What runs off the protocol thread: at most one search or perft at a time.
enum Running {
    Search(SearchJob),
    Perft(PerftRun),
}

impl Running {
    fn is_done(&self) -> bool {
        match self {
            Running::Search(job) => job.is_done(),
            Running::Perft(p) => p.control.is_done(),
        }
    }

    fn stop(&self) {
        match self {
            Running::Search(job) => job.stop(),
            Running::Perft(p) => p.control.request_stop(),
        }
    }

    fn open_ended(&self) -> bool {
        matches!(self, Running::Search(job) if job.is_open_ended())
    }

    /// Waits for the thread; false if it failed.
    fn join(self) -> bool {
        match self {
            // The thread has printed the search's end, error or not; only a panic is news.
            Running::Search(job) => !matches!(job.join(), Err(JobError::Panicked)),
            Running::Perft(p) => p.handle.join().is_ok(),
        }
    }
}

pub struct Engine {
    out: Output,
    options: EngineOptions,
    table: SearchTable,
    session: Box<dyn Session>,
    running: Option<Running>,
    debug: bool,
    /// What timed moves really cost, read from the clocks (filled in on the search thread).
    stalls: Arc<Mutex<StallMeter>>,
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        let options = EngineOptions::default();
        Engine {
            out,
            table: SearchTable::new(options.hash_mb),
            session: options.new_session(),
            options,
            running: None,
            debug: false,
            stalls: Arc::default(),
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        self.reap_finished_search();
        let command = match parse(line) {
            Ok(c) => c,
            Err(ParseError::Empty) => return Flow::Continue,
            Err(e) => {
                self.out.error(&e.to_string());
                return Flow::Continue;
            }
        };
        if self.debug {
            log::info!("command: {command:?}");
        }
        match command {
            Command::Uci => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line(&format!("id author {ENGINE_AUTHOR}"));
                for d in EngineOptions::declarations() {
                    self.out.line(&d);
                }
                self.out.line("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                self.stop_search();
                self.table.clear();
                self.session = self.options.new_session();
                lock(&self.stalls).new_game();
            }
            Command::Position { position, moves } => {
                match self.session.set_position(position.as_deref(), &moves) {
                    Ok(()) => {
                        for (seat, state) in self.session.last_move_departures() {
                            let name = self.session.seat_name(seat);
                            self.out.info_string(&match state {
                                SeatState::Withdrawn => format!("{name} withdrew"),
                                _ => format!("{name} eliminated"),
                            });
                        }
                        if let GameStatus::Over(result) = self.session.status() {
                            self.out.info_string(&format!("game over: {result}"));
                        }
                    }
                    Err(e) => self.out.error(&e.to_string()),
                }
            }
            Command::Go(GoCommand::Perft(depth)) => self.perft(depth),
            Command::Go(GoCommand::Search(go)) => self.go(*go),
            Command::Stop => self.stop_search(),
            Command::PonderHit => {
                if let Some(Running::Search(job)) = &self.running {
                    job.ponderhit();
                }
            }
            Command::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            Command::Display => self.out.line(&self.session.describe()),
            Command::Eval => self.out.line(&self.session.describe_eval()),
            Command::Moves => self.out.line(&self.session.legal_moves().join(" ")),
            Command::Bench { depth } => self.bench(depth),
        }
        Flow::Continue
    }

    /// A search is running until it is done, which it is before `bestmove` goes out.
    fn searching(&self) -> bool {
        self.running.as_ref().is_some_and(|r| !r.is_done())
    }

    /// Joins a search that has finished (or is printing its last line), so that a `go` sent
    /// right after `bestmove` is never refused.
    fn reap_finished_search(&mut self) {
        if self.running.is_some() && !self.searching() {
            self.join_search();
        }
    }

    fn join_search(&mut self) {
        if let Some(r) = self.running.take() {
            if !r.join() {
                self.out.error("the search thread failed");
            }
        }
    }

    /// End of input: a search that ends by itself may finish (so `printf 'go depth 12' |
    /// regalia` answers in full); an open-ended one is stopped.
    pub fn finish_input(&mut self) {
        if self.running.as_ref().is_some_and(|r| !r.open_ended()) {
            self.join_search();
        }
        self.stop_search();
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn stop_search(&mut self) {
        if let Some(r) = &self.running {
            r.stop();
        }
        self.join_search();
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.searching() {
            self.out.error(&format!(
                "option '{name}' cannot change while a search runs"
            ));
            return;
        }
        let mut updated = self.options.clone();
        match updated.set(name, value) {
            Err(e) => self.out.error(&e.to_string()),
            Ok(effect) => {
                match effect {
                    OptionEffect::Nothing => {}
                    OptionEffect::ResizeHash => self.table.resize(updated.hash_mb),
                    OptionEffect::ClearHash => self.table.clear(),
                    OptionEffect::ChangeVariant => {
                        self.session = updated.new_session();
                        self.table.clear();
                    }
                }
                self.options = updated;
            }
        }
    }

    fn search_options(&self) -> SearchOptions {
        SearchOptions {
            threads: self.options.threads,
            multi_pv: self.options.multi_pv,
            move_overhead: self.options.move_overhead,
            material_only: self.options.material_only,
            multiplayer: self.options.multiplayer,
        }
    }

    /// The strength to play at: the `Level`'s foe (for the game's number of players) when a
    /// level is set, else `UCI_Elo`'s when `UCI_LimitStrength` is on, else full.
    fn strength(&self) -> Option<StrengthLimit> {
        if self.options.level > 0 {
            StrengthLimit::of_level(
                self.options.variant,
                self.options.level,
                self.session.seats(),
            )
        } else {
            self.options.limit_strength.then_some(StrengthLimit {
                elo: self.options.elo,
            })
        }
    }

    fn go(&mut self, go: GoLimits) {
        if self.searching() {
            self.out
                .error("a search is already running (send stop first)");
            return;
        }
        self.join_search();
        if self.session.legal_moves().is_empty() {
            // No move to search: say why now; the job still waits for `stop` if asked to.
            if let GameStatus::Over(result) = self.session.status() {
                self.out.info_string(&format!("game over: {result}"));
            }
        }
        let received = Instant::now();
        let mut options = self.search_options();
        let timed = self.timed_move(&go, &mut options);
        let order = SearchOrder {
            clocks: go.clocks,
            limits: go.limits,
            search_moves: go.search_moves,
            options,
            strength: self.strength(),
        };
        let (report_out, end_out) = (self.out.clone(), self.out.clone());
        let stalls = self.stalls.clone();
        let started = SearchJob::start(
            "search",
            self.session.boxed_clone(),
            order,
            self.table.shared(),
            move |r| report_out.report(r),
            move |end| {
                if let Some(timed) = timed {
                    lock(&stalls).finished(timed, received.elapsed());
                }
                answer(&end_out, end)
            },
        );
        match started {
            Ok(job) => self.running = Some(Running::Search(job)),
            Err(e) => self.out.error(&e.to_string()),
        }
    }

    /// A move on the clock (not pondering, not analysing, no fixed move time): reads from the
    /// seat's clock whether its last move stalled, keeps the stalls' estimate in hand on top of
    /// the move overhead, and returns the move's clock and plan for the stall meter.
    fn timed_move(&self, go: &GoLimits, options: &mut SearchOptions) -> Option<TimedMove> {
        let limits = &go.limits;
        if limits.ponder || limits.infinite || limits.move_time.is_some() {
            return None;
        }
        let seat = usize::from(self.session.to_move());
        let clock = go
            .clocks
            .for_seats(self.session.clock_letters())
            .0
            .get(seat)
            .copied()?;
        let time = clock.time?;
        let mut stalls = lock(&self.stalls);
        // Stalls the move overhead already covers are the normal cost of a pipe: not worth a line.
        let stall = stalls.observe(seat, time);
        if let Some(stall) = stall.filter(|s| *s > options.move_overhead) {
            self.out.info_string(&format!(
                "clock: the last move cost {} ms more than searched; keeping more time in hand",
                stall.as_millis()
            ));
        }
        options.move_overhead += stalls.extra_overhead(options.move_overhead);
        let mut seat_limits = limits.clone();
        seat_limits.time[seat] = Some(time);
        seat_limits.increment[seat] = clock.increment;
        Some(TimedMove {
            seat,
            clock: time,
            increment: clock.increment.unwrap_or(Duration::ZERO),
            planned: budget(&seat_limits, options, seat).hard.unwrap_or(time),
        })
    }

    /// `go perft`: counted on its own thread like a search, so that `isready`, `stop` and
    /// `quit` are answered while it runs; the result is printed when it ends.
    fn perft(&mut self, depth: u32) {
        if self.searching() {
            self.out.error("perft cannot run while a search runs");
            return;
        }
        self.join_search();
        let session = self.session.boxed_clone();
        let threads = self.options.threads;
        let control = SearchControl::new();
        let thread_control = control.clone();
        let out = self.out.clone();
        let spawned = std::thread::Builder::new()
            .name("perft".into())
            .stack_size(64 << 20)
            .spawn(move || run_perft(session, depth, threads, thread_control, out));
        match spawned {
            Ok(handle) => self.running = Some(Running::Perft(PerftRun { control, handle })),
            Err(e) => self.out.error(&format!("could not start perft: {e}")),
        }
    }

    fn bench(&mut self, depth: Option<u32>) {
        if self.searching() {
            self.out.error("bench cannot run while a search runs");
            return;
        }
        let out = self.out.clone();
        let variant = self.options.variant;
        let result = run_bench(variant, depth, &mut |i, n, text, nodes| {
            out.info_string(&format!("bench position {i}/{n} '{text}': {nodes} nodes"));
        });
        match result {
            Ok(summary) => {
                self.out.line("");
                self.out.line("===========================");
                self.out.line(&format!(
                    "Total time (ms) : {}",
                    summary.elapsed.as_millis()
                ));
                self.out
                    .line(&format!("Nodes searched  : {}", summary.nodes));
                self.out
                    .line(&format!("Nodes/second    : {}", summary.nps()));
            }
            Err(e) => self.out.error(&e.to_string()),
        }
    }
}

/// The perft thread's body. A whole count prints the format of docs/rules/README.md#perft (`<move>: <count>` per root
/// move, a blank line, `Nodes searched: <total>`, a blank line); a count cut short by `stop`
/// prints the root moves counted in full, a blank line, `info string perft stopped: <k> of <n>
/// root moves counted, <nodes> nodes` and a blank line, never a `Nodes searched` line.
fn run_perft(
    session: Box<dyn Session>,
    depth: u32,
    threads: usize,
    control: SearchControl,
    out: Output,
) {
    let counts = session.perft_until(depth, threads, &control.stop);
    let whole = counts.iter().all(|(_, n)| n.is_some());
    let mut lines = Vec::with_capacity(counts.len() + 3);
    let mut total = 0;
    let mut counted = 0;
    for (m, n) in &counts {
        if let Some(n) = n {
            lines.push(format!("{m}: {n}"));
            total += n;
            counted += 1;
        }
    }
    if depth == 0 {
        total = 1;
    }
    lines.push(String::new());
    if whole {
        lines.push(format!("Nodes searched: {total}"));
    } else {
        lines.push(format!(
            "info string perft stopped: {counted} of {} root moves counted, {total} nodes",
            counts.len()
        ));
    }
    lines.push(String::new());
    // Finished before the last lines go out, as a search is before its `bestmove`.
    control.mark_done();
    for line in &lines {
        out.line(line);
    }
}

/// A search's one `bestmove`, sent from the search thread once the job is done.
fn answer(out: &Output, end: &Result<JobEnd, VariantError>) {
    match end {
        Ok(JobEnd {
            best: Some(best),
            ponder,
            ..
        }) => match ponder {
            Some(p) => out.line(&format!("bestmove {best} ponder {p}")),
            None => out.line(&format!("bestmove {best}")),
        },
        Ok(_) => out.line("bestmove (none)"),
        Err(e) => {
            out.error(&e.to_string());
            out.line("bestmove (none)");
        }
    }
}
