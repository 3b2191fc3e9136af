//! Searches for the browser, each on its own thread, never on a request thread: an engine's
//! move or an analysis (until stopped). Their progress is kept where the page's polls can read
//! it at any time. A job knows no game: what a finished engine's search does to the game is
//! the game's to say (`on_end`).

use crate::search::{SearchLimits, SearchOptions, SharedTable};
use crate::session::strength::StrengthLimit;
use crate::session::{
    ClockWords, JobEnd, JobError, Progress, SearchJob, SearchOrder, Session, Variant, VariantError,
};
use std::time::Duration;

pub use crate::session::lock;

/// An engine seat without a level thinks this long.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// How an engine seat thinks: a time per move or a depth (a time of one second by default),
/// and the foe of the game's ladder it plays as (`level`, 1 = the weakest; none: full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLevel {
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub level: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    EngineMove(EngineLevel),
    Analysis { lines: usize },
}

impl JobKind {
    /// The search this kind of job runs in a game of `variant` with `players` seats; an engine
    /// on a clock (`clocks`) spends its own time.
    pub(super) fn order(
        self,
        variant: Variant,
        players: usize,
        clocks: Option<ClockWords>,
    ) -> SearchOrder {
        let limits = match self {
            JobKind::EngineMove(level) => SearchLimits {
                depth: level.depth,
                move_time: match (level.movetime, level.depth, clocks) {
                    (_, _, Some(_)) => None,
                    (None, None, None) => Some(DEFAULT_MOVETIME),
                    (time, _, None) => time,
                },
                ..Default::default()
            },
            JobKind::Analysis { .. } => SearchLimits {
                infinite: true,
                ..Default::default()
            },
        };
        SearchOrder {
            clocks: match self {
                JobKind::EngineMove(_) => clocks.unwrap_or_default(),
                JobKind::Analysis { .. } => ClockWords::default(),
            },
            limits,
            options: SearchOptions {
                threads: 1,
                multi_pv: match self {
                    JobKind::Analysis { lines } => lines.clamp(1, 16),
                    JobKind::EngineMove(_) => 1,
                },
                // On a clock the default overhead also keeps a reserve (search/timeman.rs) that a
                // stalled machine eats instead of the flag; a fixed time a move is used in full.
                move_overhead: match clocks {
                    Some(_) => SearchOptions::default().move_overhead,
                    None => Duration::ZERO,
                },
                ..SearchOptions::default()
            },
            // A foe plays at its level's strength (the session chooses its move).
            strength: match self {
                JobKind::EngineMove(level) => level
                    .level
                    .and_then(|n| StrengthLimit::of_level(variant, n, players)),
                JobKind::Analysis { .. } => None,
            },
            ..SearchOrder::default()
        }
    }
}

pub struct Job {
    pub kind: JobKind,
    search: SearchJob,
    /// The seat to move when it started.
    pub seat: u8,
    /// The position it searches, to read its lines' moves in record notation.
    pub root: Box<dyn Session>,
    /// An analysis of an earlier position: the moves played to reach it (None: the game's
    /// position when it started).
    pub ply: Option<usize>,
}

impl Job {
    /// Starts a search of `session`'s position (`id` names its thread); `on_end` runs on the
    /// search thread when it ends.
    pub fn start(
        id: &str,
        session: Box<dyn Session>,
        table: SharedTable,
        kind: JobKind,
        clocks: Option<ClockWords>,
        on_end: impl FnOnce(&Result<JobEnd, VariantError>) + Send + 'static,
    ) -> Result<Job, String> {
        let seat = session.to_move();
        let root = session.boxed_clone();
        let order = kind.order(session.variant(), session.seats(), clocks);
        table.new_search();
        let search = SearchJob::start(
            &format!("serve-search-{id}"),
            session,
            order,
            table,
            |_| {},
            on_end,
        )
        .map_err(|e| match e {
            JobError::Spawn(e) => format!("could not start a search thread: {e}"),
            other => other.to_string(),
        })?;
        Ok(Job {
            kind,
            search,
            seat,
            root,
            ply: None,
        })
    }

    /// Asks the search to stop; an engine's search then plays the best move it has.
    pub fn stop(&self) {
        self.search.stop();
    }

    pub fn progress(&self) -> Progress {
        self.search.progress()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_on_a_clock_keeps_the_overhead_reserve_and_a_fixed_time_is_used_in_full() {
        let level = EngineLevel {
            movetime: Some(Duration::from_millis(300)),
            depth: None,
            level: None,
        };
        let clocked =
            JobKind::EngineMove(level).order(Variant::Chess, 2, Some(ClockWords::default()));
        assert_eq!(clocked.limits.move_time, None);
        assert_eq!(
            clocked.options.move_overhead,
            SearchOptions::default().move_overhead
        );
        assert!(clocked.options.move_overhead > Duration::ZERO);
        let fixed = JobKind::EngineMove(level).order(Variant::Chess, 2, None);
        assert_eq!(fixed.limits.move_time, Some(Duration::from_millis(300)));
        assert_eq!(fixed.options.move_overhead, Duration::ZERO);
    }
}
