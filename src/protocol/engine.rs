//! The protocol state machine: owns the options, the table and the game being played, and runs
//! each search on its own thread so that `isready`, `stop` and `quit` are answered at once.

use super::command::{parse, Command, GoCommand, ParseError};
use super::options::{EngineOptions, OptionEffect};
use super::output::Output;
use super::strength::StrengthLimit;
use crate::core::SeatState;
use crate::search::{Report, SearchLimits, SearchOptions, Searcher, SharedTable};
use crate::session::{run_bench, GameStatus, SearchControl, Session};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;

pub const ENGINE_NAME: &str = concat!("Regalia ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Regalia developers";

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

struct RunningSearch {
    control: SearchControl,
    handle: JoinHandle<()>,
    /// `go infinite` or `go ponder`: such a search never ends by itself.
    open_ended: bool,
}

pub struct Engine {
    out: Output,
    options: EngineOptions,
    table: SharedTable,
    session: Box<dyn Session>,
    search: Option<RunningSearch>,
    debug: bool,
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        let options = EngineOptions::default();
        Engine {
            out,
            table: Arc::new(Searcher::new(options.hash_mb)),
            session: options.new_session(),
            options,
            search: None,
            debug: false,
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
            Command::Go(GoCommand::Search(limits)) => self.go(limits.0),
            Command::Stop => self.stop_search(),
            Command::PonderHit => {
                if let Some(s) = &self.search {
                    s.control.pondering.store(false, Ordering::Relaxed);
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

    /// A search is running until it raises its stop flag, which it does before `bestmove`.
    fn searching(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|s| !s.control.stop.load(Ordering::Relaxed))
    }

    /// Joins a search that has finished (or is printing its last line), so that a `go` sent
    /// right after `bestmove` is never refused.
    fn reap_finished_search(&mut self) {
        if self.search.is_some() && !self.searching() {
            self.join_search();
        }
    }

    fn join_search(&mut self) {
        if let Some(s) = self.search.take() {
            if s.handle.join().is_err() {
                self.out.error("the search thread failed");
            }
        }
    }

    /// End of input: a search that ends by itself may finish (so `printf 'go depth 12' |
    /// regalia` answers in full); an open-ended one is stopped.
    pub fn finish_input(&mut self) {
        if self.search.as_ref().is_some_and(|s| !s.open_ended) {
            self.join_search();
        }
        self.stop_search();
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn stop_search(&mut self) {
        if let Some(s) = &self.search {
            s.control.stop.store(true, Ordering::Relaxed);
            s.control.pondering.store(false, Ordering::Relaxed);
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
                    OptionEffect::ResizeHash => {
                        // Drop the old table first so both never live at once.
                        self.table = Arc::new(Searcher::new(1));
                        self.table = Arc::new(Searcher::new(updated.hash_mb));
                    }
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

    fn go(&mut self, limits: SearchLimits) {
        if self.searching() {
            self.out
                .error("a search is already running (send stop first)");
            return;
        }
        self.join_search();
        if let Err(e) = self.session.check_moves(&limits.search_moves) {
            self.out.error(&e.to_string());
            return;
        }
        let session = self.session.boxed_clone();
        let open_ended = limits.infinite || limits.ponder;
        let control = SearchControl::pondering(limits.ponder);
        let mut options = self.search_options();
        // A limited strength plays games; analysis (infinite, ponder) keeps full strength.
        let strength = (self.options.limit_strength && !open_ended).then_some(StrengthLimit {
            elo: self.options.elo,
        });
        let limits = match strength {
            Some(s) => {
                options.multi_pv = options.multi_pv.max(super::strength::LINES);
                s.limits(&limits)
            }
            None => limits,
        };
        let table = self.table.clone();
        let out = self.out.clone();
        let thread_control = control.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                run_search(
                    session,
                    limits,
                    options,
                    strength,
                    table,
                    thread_control,
                    out,
                );
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(RunningSearch {
                    control,
                    handle,
                    open_ended,
                })
            }
            Err(e) => self.out.error(&format!("could not start the search: {e}")),
        }
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
            Ok(handle) => {
                self.search = Some(RunningSearch {
                    control,
                    handle,
                    open_ended: false,
                })
            }
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

/// The perft thread's body. A whole count prints RULINGS §0's format (`<move>: <count>` per root
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
    control.stop.store(true, Ordering::Relaxed);
    for line in &lines {
        out.line(line);
    }
}

/// The search thread's body: search, then exactly one `bestmove`.
fn run_search(
    session: Box<dyn Session>,
    limits: SearchLimits,
    options: SearchOptions,
    strength: Option<StrengthLimit>,
    table: SharedTable,
    control: SearchControl,
    out: Output,
) {
    let report_out = out.clone();
    let mut lines: Vec<Option<Report>> = vec![None; options.multi_pv];
    let result = session.search(&limits, &options, &table, &control, &mut |r| {
        if r.bound.is_none() {
            if let Some(slot) = lines.get_mut(r.multipv.saturating_sub(1)) {
                *slot = Some(r.clone());
            }
        }
        report_out.report(r)
    });
    // A limited strength picks among the lines it searched instead of the best.
    let result = result.map(|mut outcome| {
        let pick = strength.and_then(|s| s.choose(&lines, &mut rand::thread_rng()));
        if let (Some(pick), Some(_)) = (pick, &outcome.best) {
            outcome.best = pick.pv.first().cloned();
            outcome.ponder = pick.pv.get(1).cloned();
        }
        outcome
    });
    let finish = |line: &str| {
        control.stop.store(true, Ordering::Relaxed);
        out.line(line);
    };
    match result {
        Ok(outcome) => match outcome.best {
            Some(best) => match outcome.ponder {
                Some(p) => finish(&format!("bestmove {best} ponder {p}")),
                None => finish(&format!("bestmove {best}")),
            },
            None => {
                // No legal move: say why, wait for stop if asked to, then answer "(none)".
                if let GameStatus::Over(result) = session.status() {
                    out.info_string(&format!("game over: {result}"));
                }
                while (limits.infinite || control.pondering.load(Ordering::Relaxed))
                    && !control.stop.load(Ordering::Relaxed)
                {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                finish("bestmove (none)");
            }
        },
        Err(e) => {
            out.error(&e.to_string());
            finish("bestmove (none)");
        }
    }
}
