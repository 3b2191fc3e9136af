//! One search on a thread of its own: the one way every front end (the UCI loop, the OpenTafl
//! mode, `serve`, `analyse`, `solve`) searches. The job restricts the root (`searchmoves`),
//! turns clock words into seat clocks, keeps the best lines found so far (MultiPV), waits for
//! `stop` where the protocol says an answer must wait, and plays at a limited strength when
//! asked; the front end only says what to search and what to do with the reports and the end.

use super::clocks::ClockWords;
use super::strength::{self, StrengthLimit};
use super::{Session, VariantError};
use crate::search::{self, Report, SearchLimits, SearchOptions, SharedTable};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// A search thread's stack: deep recursion in the search itself.
const STACK_BYTES: usize = 64 << 20;

/// Everything a running search shares with the front end: separate flags for "asked to stop"
/// and "finished", so that a front end never mistakes one for the other.
#[derive(Clone, Default)]
pub struct SearchControl {
    pub stop: Arc<AtomicBool>,
    /// True while pondering; `ponderhit` clears it and the clock starts.
    pub pondering: Arc<AtomicBool>,
    /// Set once the search has its answer, before the front end is told it.
    pub done: Arc<AtomicBool>,
}

impl SearchControl {
    /// A search not yet stopped and not pondering.
    pub fn new() -> SearchControl {
        SearchControl::pondering(false)
    }

    /// A search not yet stopped, pondering or not (`go ponder`).
    pub fn pondering(pondering: bool) -> SearchControl {
        SearchControl {
            stop: Arc::new(AtomicBool::new(false)),
            pondering: Arc::new(AtomicBool::new(pondering)),
            done: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    pub fn is_done(&self) -> bool {
        self.done.load(Ordering::Acquire)
    }

    pub fn mark_done(&self) {
        self.done.store(true, Ordering::Release);
    }
}

/// What a front end asks one search for.
#[derive(Clone, Debug, Default)]
pub struct SearchOrder {
    /// The `go` command's clocks, by clock word; the job gives them to the seats.
    pub clocks: ClockWords,
    /// Every other limit. Its per-seat clocks are left empty: the job fills them.
    pub limits: SearchLimits,
    /// `searchmoves`: the root moves to consider (protocol notation; empty: all).
    pub search_moves: Vec<String>,
    pub options: SearchOptions,
    /// Play at a limited strength (ignored by an open-ended search, which analyses).
    pub strength: Option<StrengthLimit>,
}

impl SearchOrder {
    /// `go infinite` or `go ponder`: such a search never ends by itself.
    pub fn open_ended(&self) -> bool {
        self.limits.infinite || self.limits.ponder
    }
}

/// What the search has found so far, as the front ends show it.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// The deepest iteration with an exact line.
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// `lines[i]`: the last exact report of MultiPV line `i + 1`, once searched.
    pub lines: Vec<Option<Report>>,
    pub finished: bool,
}

impl Progress {
    /// Takes one report in. A line that failed its aspiration window has only a bound: its
    /// true score comes later, so the line shown stays the last exact one.
    pub fn record(&mut self, r: &Report) {
        self.nodes = r.nodes;
        self.nps = r.nps;
        self.time_ms = r.time_ms;
        if r.bound.is_some() || r.pv.is_empty() {
            return;
        }
        self.depth = self.depth.max(r.depth);
        let slot = r.multipv.saturating_sub(1);
        if self.lines.len() <= slot {
            self.lines.resize(slot + 1, None);
        }
        self.lines[slot] = Some(r.clone());
    }

    /// The best line (MultiPV 1), once searched.
    pub fn first_line(&self) -> Option<&Report> {
        self.lines.first().and_then(Option::as_ref)
    }
}

/// How a search ended.
#[derive(Clone, Debug)]
pub struct JobEnd {
    /// The move to play (None: no legal move), and the reply expected to it.
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub nodes: u64,
    /// The lines as they stood at the end.
    pub progress: Progress,
}

/// Why a job did not start or did not end well.
#[derive(Debug)]
pub enum JobError {
    /// The session refused the search (`searchmoves` not legal here…).
    Refused(VariantError),
    /// No thread could be started.
    Spawn(std::io::Error),
    /// The search thread panicked.
    Panicked,
}

impl std::fmt::Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobError::Refused(e) => write!(f, "{e}"),
            JobError::Spawn(e) => write!(f, "could not start the search: {e}"),
            JobError::Panicked => write!(f, "the search thread failed"),
        }
    }
}

impl std::error::Error for JobError {}

impl From<VariantError> for JobError {
    fn from(e: VariantError) -> JobError {
        JobError::Refused(e)
    }
}

/// A running search.
pub struct SearchJob {
    control: SearchControl,
    progress: Arc<Mutex<Progress>>,
    handle: JoinHandle<Result<JobEnd, VariantError>>,
    open_ended: bool,
}

/// Locks a mutex even if a thread panicked while holding it: the data is still good to read.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl SearchJob {
    /// Starts searching `session`'s position on a thread named `name`. `on_report` sees every
    /// report as it comes; `on_end` sees how the search ended, on the search thread, once
    /// [`SearchJob::is_done`] is true (so that a front end answering with it can be sent its
    /// next order at once). A `searchmoves` list that does not read is refused here, before
    /// any thread starts.
    pub fn start(
        name: &str,
        mut session: Box<dyn Session>,
        order: SearchOrder,
        table: SharedTable,
        mut on_report: impl FnMut(&Report) + Send + 'static,
        on_end: impl FnOnce(&Result<JobEnd, VariantError>) + Send + 'static,
    ) -> Result<SearchJob, JobError> {
        session.restrict_root_moves(&order.search_moves)?;
        let open_ended = order.open_ended();
        let control = SearchControl::pondering(order.limits.ponder);
        let progress = Arc::new(Mutex::new(Progress::default()));
        let (thread_control, thread_progress) = (control.clone(), progress.clone());
        let handle = std::thread::Builder::new()
            .name(name.to_string())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let end = run(
                    session.as_ref(),
                    order,
                    &table,
                    &thread_control,
                    &thread_progress,
                    &mut on_report,
                );
                // Also when the search was refused, which leaves `run` early.
                lock(&thread_progress).finished = true;
                thread_control.mark_done();
                on_end(&end);
                end
            })
            .map_err(JobError::Spawn)?;
        Ok(SearchJob {
            control,
            progress,
            handle,
            open_ended,
        })
    }

    /// Asks the search to stop; it answers with the best move it has.
    pub fn stop(&self) {
        self.control.request_stop();
    }

    /// The pondered move was played: the search goes on, now on the clock.
    pub fn ponderhit(&self) {
        self.control.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search has its answer (its `on_end` may still be running).
    pub fn is_done(&self) -> bool {
        self.control.is_done()
    }

    /// `go infinite` or `go ponder`: a search that waits for `stop`.
    pub fn is_open_ended(&self) -> bool {
        self.open_ended
    }

    /// What the search has found so far.
    pub fn progress(&self) -> Progress {
        lock(&self.progress).clone()
    }

    /// Waits for the search to end.
    pub fn join(self) -> Result<JobEnd, JobError> {
        match self.handle.join() {
            Ok(end) => end.map_err(JobError::Refused),
            Err(_) => Err(JobError::Panicked),
        }
    }

    /// Searches to the order's limits on a new thread and waits for the end (for the command
    /// line's one-shot searches).
    pub fn run_to_end(
        session: Box<dyn Session>,
        order: SearchOrder,
        table: SharedTable,
    ) -> Result<JobEnd, JobError> {
        SearchJob::start("search", session, order, table, |_| {}, |_| {})?.join()
    }
}

/// The search thread's body: search, wait for `stop` if the protocol says so, choose the move.
fn run(
    session: &dyn Session,
    order: SearchOrder,
    table: &SharedTable,
    control: &SearchControl,
    progress: &Mutex<Progress>,
    on_report: &mut dyn FnMut(&Report),
) -> Result<JobEnd, VariantError> {
    let open_ended = order.open_ended();
    let SearchOrder {
        clocks,
        mut limits,
        mut options,
        strength,
        ..
    } = order;
    clocks
        .for_seats(session.clock_letters())
        .apply_to(&mut limits);
    // A limited strength plays games; analysis (infinite, ponder) keeps full strength.
    let strength = strength.filter(|_| !open_ended);
    if let Some(s) = strength {
        limits = s.limits(&limits);
    }
    // Within its budget, a move is either chosen among several lines or, at the top settings
    // (session/strength.rs, the fade), searched and played as at full strength.
    let strength = strength.filter(|s| s.chooses(&mut rand::thread_rng()));
    if strength.is_some() {
        options.multi_pv = options.multi_pv.max(strength::LINES);
    }
    // The session chooses the move among its lines at the limited strength, if any.
    let outcome = session.search(&limits, &options, table, control, strength, &mut |r| {
        lock(progress).record(r);
        on_report(r);
    })?;
    // UCI: in infinite or ponder mode the answer waits for `stop` (or `ponderhit`), even when
    // there was nothing to search.
    search::wait_for_stop(limits.infinite, Some(&control.pondering), &control.stop);
    let progress = {
        let mut p = lock(progress);
        p.finished = true;
        p.clone()
    };
    Ok(JobEnd {
        best: outcome.best,
        ponder: outcome.ponder,
        nodes: outcome.nodes,
        progress,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{SearchTable, Variant};

    fn chess_at(fen: Option<&str>) -> Box<dyn Session> {
        let mut session = Variant::Chess.new_session();
        if let Err(e) = session.set_position(fen, &[]) {
            panic!("{e}");
        }
        session
    }

    /// A job whose reports and end nobody watches but its `join`.
    fn start_quiet(session: Box<dyn Session>, order: SearchOrder) -> Result<SearchJob, JobError> {
        SearchJob::start(
            "test-search",
            session,
            order,
            SearchTable::new(1).shared(),
            |_| {},
            |_| {},
        )
    }

    fn depth(d: u32, multi_pv: usize) -> SearchOrder {
        SearchOrder {
            limits: SearchLimits {
                depth: Some(d),
                ..Default::default()
            },
            options: SearchOptions {
                multi_pv,
                ..SearchOptions::default()
            },
            ..SearchOrder::default()
        }
    }

    #[test]
    fn a_job_reports_its_lines_and_ends_with_a_move() {
        let reports = Arc::new(Mutex::new(0));
        let counted = reports.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        let job = SearchJob::start(
            "test-search",
            chess_at(None),
            depth(4, 3),
            SearchTable::new(1).shared(),
            move |_| *lock(&counted) += 1,
            move |end| {
                let _ = tx.send(end.as_ref().map(|e| e.best.clone()).ok().flatten());
            },
        )
        .expect("starts");
        let end = job.join().expect("ends");
        assert!(end.progress.finished);
        assert_eq!(end.progress.lines.iter().flatten().count(), 3);
        let best = end.best.clone().expect("a move");
        assert_eq!(
            end.progress.first_line().map(|r| r.pv[0].clone()),
            Some(best.clone())
        );
        assert_eq!(
            rx.recv().ok().flatten(),
            Some(best),
            "on_end saw the same end"
        );
        assert!(*lock(&reports) > 0);
    }

    #[test]
    fn searchmoves_are_read_before_the_thread_starts_and_bind_the_root() {
        let mut order = depth(3, 1);
        order.search_moves = vec!["e2e5".into()];
        let refused = start_quiet(chess_at(None), order);
        assert!(matches!(refused, Err(JobError::Refused(_))));
        let mut order = depth(3, 1);
        order.search_moves = vec!["h2h3".into()];
        let end = SearchJob::run_to_end(chess_at(None), order, SearchTable::new(1).shared())
            .expect("ends");
        assert_eq!(end.best.as_deref(), Some("h2h3"));
    }

    #[test]
    fn an_open_ended_search_with_no_move_answers_only_after_stop() {
        let mated = chess_at(Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
        let order = SearchOrder {
            limits: SearchLimits {
                infinite: true,
                ..Default::default()
            },
            ..SearchOrder::default()
        };
        let job = start_quiet(mated, order).expect("starts");
        assert!(job.is_open_ended());
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert!(!job.is_done(), "go infinite waits for stop");
        job.stop();
        let end = job.join().expect("ends");
        assert_eq!(end.best, None);
    }

    #[test]
    fn a_limited_strength_searches_several_lines_but_analysis_does_not() {
        let mut order = depth(3, 1);
        order.strength = Some(StrengthLimit {
            elo: strength::FADE_FROM,
        });
        let end =
            SearchJob::run_to_end(chess_at(None), order.clone(), SearchTable::new(1).shared())
                .expect("ends");
        assert_eq!(end.progress.lines.len(), strength::LINES);
        // From the fade's end up a move is searched as one line and played as the full engine
        // plays it, the budget aside.
        let mut top = order.clone();
        top.strength = Some(StrengthLimit {
            elo: strength::FADE_TO,
        });
        let end =
            SearchJob::run_to_end(chess_at(None), top, SearchTable::new(1).shared()).expect("ends");
        assert_eq!(end.progress.lines.len(), 1);
        assert_eq!(end.best, end.progress.first_line().map(|r| r.pv[0].clone()));
        order.limits.ponder = true;
        let job = start_quiet(chess_at(None), order).expect("starts");
        job.ponderhit();
        let end = job.join().expect("ends");
        assert_eq!(
            end.progress.lines.len(),
            1,
            "pondering analyses at full strength"
        );
    }

    #[test]
    fn a_limited_strength_plays_a_legal_move_of_one_of_its_lines_in_every_variant() {
        use crate::search::MultiplayerSearch;
        for &variant in Variant::ALL {
            let searches: &[MultiplayerSearch] = if variant.new_session().seats() > 2 {
                &MultiplayerSearch::ALL
            } else {
                &[MultiplayerSearch::Paranoid]
            };
            for &multiplayer in searches {
                for elo in [strength::MIN_ELO, strength::DEFAULT_ELO] {
                    let session = variant.new_session();
                    let legal = session.legal_moves();
                    let mut order = SearchOrder {
                        strength: Some(StrengthLimit { elo }),
                        ..SearchOrder::default()
                    };
                    order.options.multiplayer = multiplayer;
                    let what = format!("{variant:?} {multiplayer:?} at {elo}");
                    let end = SearchJob::run_to_end(session, order, SearchTable::new(1).shared())
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    let best = end.best.clone().unwrap_or_else(|| panic!("{what}: a move"));
                    assert!(legal.contains(&best), "{what}: {best} is not legal");
                    // The typed choice is one of the lines shown, with that line's reply.
                    let line = end
                        .progress
                        .lines
                        .iter()
                        .flatten()
                        .find(|r| r.pv[0] == best)
                        .unwrap_or_else(|| panic!("{what}: {best} is in no line shown"));
                    assert_eq!(end.ponder, line.pv.get(1).cloned(), "{what}");
                    if let Some(reply) = &end.ponder {
                        let mut after = variant.new_session();
                        if let Err(e) = after.set_position(None, std::slice::from_ref(&best)) {
                            panic!("{what}: {e}");
                        }
                        assert!(after.legal_moves().contains(reply), "{what}: {reply}");
                    }
                }
            }
        }
    }
}
