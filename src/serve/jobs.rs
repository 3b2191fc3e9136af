//! Searches for the browser, each on its own thread, never on a request thread: an engine's
//! move (played into the game when it ends, unless the game changed meanwhile) or an analysis
//! (until stopped). Their progress is kept where the page's polls can read it at any time.

use super::web_game::{EngineLevel, WebGame};
use crate::search::{Report, ReportScore, SearchLimits, SearchOptions};
use crate::session::SearchControl;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// An engine seat without a level thinks this long.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    EngineMove(EngineLevel),
    Analysis { lines: usize },
}

/// One line of the search as the page shows it.
#[derive(Clone, Debug)]
pub struct Line {
    pub depth: u32,
    /// From the view of the seat to move.
    pub score: ReportScore,
    pub pv: Vec<String>,
}

/// What the search has found so far.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// Line `i` is MultiPV line `i + 1`, once searched.
    pub lines: Vec<Option<Line>>,
    pub finished: bool,
}

impl Progress {
    fn update(&mut self, r: &Report) {
        self.nodes = r.nodes;
        self.nps = r.nps;
        self.time_ms = r.time_ms;
        // A line that failed its aspiration window has only a bound: wait for the true score.
        if r.bound.is_some() || r.pv.is_empty() {
            return;
        }
        self.depth = self.depth.max(r.depth);
        let slot = r.multipv.saturating_sub(1);
        if self.lines.len() <= slot {
            self.lines.resize(slot + 1, None);
        }
        self.lines[slot] = Some(Line {
            depth: r.depth,
            score: r.score,
            pv: r.pv.clone(),
        });
    }
}

pub struct Job {
    pub kind: JobKind,
    control: SearchControl,
    pub progress: Arc<Mutex<Progress>>,
    /// The seat to move when it started.
    pub seat: u8,
}

/// Locks a mutex even if a thread panicked while holding it: the data is still the game.
pub fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Job {
    /// Starts a search of `game`'s position on a new thread; `me` is the game itself, which
    /// an engine's search locks when it is done to play its move.
    pub fn start(game: &mut WebGame, me: &Arc<Mutex<WebGame>>, kind: JobKind) -> Option<Job> {
        let limits = match kind {
            JobKind::EngineMove(level) => SearchLimits {
                depth: level.depth,
                move_time: match (level.movetime, level.depth) {
                    (None, None) => Some(DEFAULT_MOVETIME),
                    (time, _) => time,
                },
                ..Default::default()
            },
            JobKind::Analysis { .. } => SearchLimits {
                infinite: true,
                ..Default::default()
            },
        };
        let options = SearchOptions {
            threads: 1,
            multi_pv: match kind {
                JobKind::Analysis { lines } => lines.clamp(1, 16),
                JobKind::EngineMove(_) => 1,
            },
            move_overhead: Duration::ZERO,
            ..SearchOptions::default()
        };
        let control = SearchControl::new();
        let progress = Arc::new(Mutex::new(Progress::default()));
        let session = game.session.boxed_clone();
        let table = game.table();
        table.new_search();
        let generation = game.generation;
        let thread_control = control.clone();
        let thread_progress = progress.clone();
        let thread_game = me.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("serve-search-{}", game.id))
            .spawn(move || {
                let outcome =
                    session.search(&limits, &options, &table, &thread_control, &mut |r| {
                        lock(&thread_progress).update(r)
                    });
                let (score, depth) = {
                    let mut p = lock(&thread_progress);
                    p.finished = true;
                    let first = p.lines.first().cloned().flatten();
                    (first.as_ref().map(|l| l.score), first.map(|l| l.depth))
                };
                let JobKind::EngineMove(_) = kind else {
                    return;
                };
                let mut game = lock(&thread_game);
                if game.generation != generation {
                    return; // The game moved on (a take-back, a pause): this move is stale.
                }
                let finished = game.job.take();
                match outcome {
                    Ok(out) => match out.best {
                        Some(best) => match game.play(&best, score, depth) {
                            Ok(()) => {
                                // Its lines stay on show (the evaluation bar) until the next search.
                                game.stopped_job = finished;
                                game.kick(&thread_game)
                            }
                            Err(e) => game.notice = Some(format!("the engine's move {best}: {e}")),
                        },
                        None => game.notice = Some("the engine found no move".into()),
                    },
                    Err(e) => game.notice = Some(format!("the engine could not search: {e}")),
                }
            });
        if let Err(e) = spawned {
            game.notice = Some(format!("could not start a search thread: {e}"));
            return None;
        }
        Some(Job {
            kind,
            control,
            progress,
            seat: game.session.to_move(),
        })
    }

    /// Asks the search to stop; an engine's search then plays the best move it has.
    pub fn stop(&self) {
        self.control
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn progress(&self) -> Progress {
        lock(&self.progress).clone()
    }
}
