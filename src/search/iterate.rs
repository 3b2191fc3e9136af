//! Iterative deepening, the one loop every search algorithm runs on its main thread: depth
//! after depth, each MultiPV line in an aspiration window where the algorithm takes one, an
//! `info` report per finished line, the rule that the first iteration always finishes (there
//! must be a move), the stop checks between iterations, and the wait for `stop` at the end.
//! What differs between PVS, max-n, BRS and BRS+ is behind [`RootSearch`].

use super::control::Control;
use super::limits::SearchLimits;
use super::report::{Report, ReportScore, RootLine, SearchResult};
use super::tt::Bound;
use crate::core::{Game, Score, INFINITE, MATE_BOUND};
use std::time::Duration;

/// One search algorithm's root, as [`iterate`] deepens it.
pub(crate) trait RootSearch<'c, G: Game> {
    /// The deepest iteration the algorithm starts.
    const DEEPEST: i32;
    /// Whether a found mate within `go mate`'s count ends the search.
    const STOPS_AT_MATE: bool;
    /// Whether a best move that stayed best for several iterations leaves time unused.
    const SETTLES_BY_STABILITY: bool;

    /// How many lines each iteration searches (MultiPV where the algorithm supports it).
    fn lines(&self) -> usize;
    /// The first half-width of the aspiration window and the depth it starts from, for an
    /// algorithm that searches in a window; `None` for one that always takes the full width.
    fn aspiration(&self) -> Option<(Score, i32)>;
    /// Searches line `line` at `depth` in the window (`alpha`, `beta`) and returns its score,
    /// which means nothing once [`RootSearch::aborted`].
    fn search_line(&mut self, depth: i32, alpha: Score, beta: Score, line: usize) -> Score;
    fn aborted(&self) -> bool;
    /// Line `line`'s score as last searched (`-INFINITE`: no line to report).
    fn line_score(&self, line: usize) -> Score;
    /// Puts lines `0..=searched` best first (each was searched in its own window).
    fn sort_lines(&mut self, searched: usize);
    /// The best line's first move.
    fn best_move(&self) -> G::Move;
    /// The iteration at `depth` has finished: from now on there is a move to play.
    fn iteration_done(&mut self) {}
    /// The main thread's stop checks.
    fn control(&mut self) -> &mut Control<'c>;
    /// Line `line`'s `info` report, with its `score` and `bound` (`None`: exact).
    fn report(&mut self, depth: i32, line: usize, bound: Option<Bound>, score: Score) -> Report;
    /// Line `line` as its exact report shows it (first move, reply, score); None before it has
    /// an exact score.
    fn exact_line(&self, line: usize) -> Option<RootLine<G::Move>>;
    /// The answer, after `completed` iterations, the last of which scored `best_score`, with
    /// each line as last reported exactly (what a limited strength chooses among).
    fn result(
        self,
        completed: i32,
        best_score: Score,
        lines: Vec<Option<RootLine<G::Move>>>,
    ) -> SearchResult<G::Move>;
}

/// Deepens `search` to the request's limits (or `stop`), reporting each finished line.
pub(crate) fn iterate<'c, G: Game, S: RootSearch<'c, G>>(
    mut search: S,
    limits: &SearchLimits,
    report: &mut dyn FnMut(&Report),
) -> SearchResult<G::Move> {
    let lines = search.lines();
    let max_depth = limits
        .depth
        .map_or(S::DEEPEST, |d| (d as i32).clamp(1, S::DEEPEST));
    let mut completed = 0;
    let mut best_score = -INFINITE;
    let mut last_best = None;
    let mut stable_iterations = 0;
    let mut kept = vec![None; lines];

    for depth in 1..=max_depth {
        for line in 0..lines {
            search_in_window(&mut search, depth, line, report);
            if search.aborted() {
                break;
            }
            search.sort_lines(line);
        }
        if search.aborted() && completed > 0 {
            break;
        }
        // The first iteration always completes, even when stopped at once: there must be a move.
        completed = depth;
        search.iteration_done();
        for (line, kept) in kept.iter_mut().enumerate() {
            let score = search.line_score(line);
            if score > -INFINITE {
                report(&search.report(depth, line, None, score));
            }
            // A line not reported this time keeps its last report, as the front end shows it.
            *kept = search.exact_line(line).or(kept.take());
        }
        best_score = search.line_score(0);
        let best = search.best_move();
        if last_best == Some(best) {
            stable_iterations += 1;
        } else {
            stable_iterations = 0;
        }
        last_best = Some(best);

        if S::STOPS_AT_MATE {
            if let Some(n) = limits.mate {
                if matches!(ReportScore::from_score(best_score), ReportScore::Mate(k) if k > 0 && k <= n as i32)
                {
                    break;
                }
            }
        }
        let scale = if S::SETTLES_BY_STABILITY && stable_iterations >= 4 {
            0.5
        } else {
            0.85
        };
        if search.aborted() || search.control().soft_expired(scale) || search.control().stopped() {
            break;
        }
    }
    search.control().finish(limits.infinite);
    search.result(completed, best_score, kept)
}

/// Searches one line at `depth`: in a window around its last score that widens on each
/// failure where the algorithm takes a window, else once at full width.
fn search_in_window<'c, G: Game, S: RootSearch<'c, G>>(
    search: &mut S,
    depth: i32,
    line: usize,
    report: &mut dyn FnMut(&Report),
) {
    let Some((width, from_depth)) = search.aspiration() else {
        search.search_line(depth, -INFINITE, INFINITE, line);
        return;
    };
    let previous = search.line_score(line);
    let mut delta = width;
    let (mut alpha, mut beta) = if depth >= from_depth && previous.abs() < MATE_BOUND {
        (previous - delta, previous + delta)
    } else {
        (-INFINITE, INFINITE)
    };
    loop {
        let score = search.search_line(depth, alpha, beta, line);
        if search.aborted() {
            return;
        }
        let bound = if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            return;
        };
        // Report the failure only when a person can see it (after a second).
        if search.control().elapsed() > Duration::from_secs(1) {
            report(&search.report(depth, line, Some(bound), score));
        }
        if bound == Bound::Upper {
            beta = (alpha + beta) / 2;
            alpha = (score - delta).max(-INFINITE);
        } else {
            beta = (score + delta).min(INFINITE);
        }
        delta += delta / 2;
        if delta > 1000 {
            alpha = -INFINITE;
            beta = INFINITE;
        }
    }
}
