//! Searches for three or more active seats besides paranoid (which is the alpha-beta core under
//! a root-against-everyone [`super::Paranoid`] perspective): max-n ([`maxn`]) and best-reply
//! search with its BRS+ refinement ([`brs`]).
//!
//! They run the two-player search's iterative deepening ([`iterate`]) and its [`Control`] (the
//! clock and node limit, `stop`, pondering) through [`MultiRoot`]: one line per iteration, at
//! full width. With `Threads` above one, each iteration's root moves are shared out among the
//! threads ([`root_split`]).

pub mod brs;
mod contempt;
#[cfg(test)]
mod kept_table_tests;
pub mod maxn;
mod move_order;
mod path;
mod root_split;
#[cfg(test)]
mod tests;

use super::control::Control;
use super::iterate::{iterate, RootSearch};
use super::report::{Report, ReportScore, RootLine, SearchResult};
use super::{pv_text, Bound, SearchRequest};
use crate::core::{Game, MoveList, Scope, Score, SeatScores, INFINITE, MAX_PLY, MAX_SEATS};
pub(crate) use root_split::{MoveResult, RootWork};
use std::sync::atomic::AtomicBool;

/// The node counter and the limits every node checks.
pub(crate) struct Budget<'a> {
    control: Control<'a>,
    pub nodes: u64,
    /// While the first iteration runs nothing stops the search: there must be a move.
    must_finish: bool,
    aborted: bool,
}

impl<'a> Budget<'a> {
    fn new<G: Game>(request: &SearchRequest<'a, G>) -> Budget<'a> {
        Budget {
            control: Control::main(request),
            nodes: 0,
            must_finish: true,
            aborted: false,
        }
    }

    /// A helper thread's: it stops when the main thread raises `stop` (or the flag it is
    /// given), at any depth.
    fn helper(stop: &'a AtomicBool) -> Budget<'a> {
        Budget {
            control: Control::helper(stop),
            nodes: 0,
            must_finish: false,
            aborted: false,
        }
    }

    /// Counts a node; true once the search must end (checked in full every 256 nodes).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted || !self.nodes.is_multiple_of(256) || self.must_finish {
            return self.aborted;
        }
        self.aborted = self.control.must_stop(self.nodes);
        self.aborted
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The full check of [`Budget::tick`] without counting a node: for the main thread while
    /// other threads search.
    fn poll(&mut self) -> bool {
        if !self.aborted && !self.must_finish {
            self.aborted = self.control.must_stop(self.nodes);
        }
        self.aborted
    }
}

/// What one finished iteration found.
pub(crate) struct Iteration<M> {
    pub best: M,
    /// The root's score (its share in max-n).
    pub score: Score,
    /// The max-n value vector.
    pub vector: Option<SeatScores>,
    pub pv: Vec<M>,
}

/// The score `info` prints for an iteration.
pub(crate) type ScoreForReport<M> = fn(&Iteration<M>) -> Score;

/// Iterative deepening ([`iterate`]): `search_depth(depth, budget, previous best)` searches one
/// depth, `None` when the budget ran out mid-way (its partial result is dropped).
fn deepen<G: Game>(
    request: &SearchRequest<'_, G>,
    report: &mut dyn FnMut(&Report),
    report_score: ScoreForReport<G::Move>,
    leaf_vector: &dyn Fn(&[G::Move]) -> SeatScores,
    search_depth: impl FnMut(i32, &mut Budget, Option<G::Move>) -> Option<Iteration<G::Move>>,
) -> SearchResult<G::Move> {
    let root = MultiRoot {
        request,
        budget: Budget::new(request),
        last: None,
        aborted: false,
        report_score,
        leaf_vector,
        search_depth,
    };
    iterate(root, request.limits, report)
}

/// A max-n or best-reply root as [`iterate`] deepens it: one line, always at full width; the
/// last finished iteration is the answer.
struct MultiRoot<'r, 'a, G: Game, F> {
    request: &'r SearchRequest<'a, G>,
    budget: Budget<'a>,
    last: Option<Iteration<G::Move>>,
    aborted: bool,
    report_score: ScoreForReport<G::Move>,
    leaf_vector: &'r dyn Fn(&[G::Move]) -> SeatScores,
    search_depth: F,
}

impl<'a, G: Game, F> RootSearch<'a, G> for MultiRoot<'_, 'a, G, F>
where
    F: FnMut(i32, &mut Budget, Option<G::Move>) -> Option<Iteration<G::Move>>,
{
    const DEEPEST: i32 = MAX_PLY as i32 - 2;
    const STOPS_AT_MATE: bool = false;
    const SETTLES_BY_STABILITY: bool = false;

    fn lines(&self) -> usize {
        1
    }

    fn aspiration(&self) -> Option<(Score, i32)> {
        None
    }

    fn search_line(&mut self, depth: i32, _alpha: Score, _beta: Score, _line: usize) -> Score {
        let previous = self.last.as_ref().map(|it| it.best);
        match (self.search_depth)(depth, &mut self.budget, previous) {
            Some(it) => {
                let score = it.score;
                self.last = Some(it);
                score
            }
            None => {
                self.aborted = true;
                -INFINITE
            }
        }
    }

    fn aborted(&self) -> bool {
        self.aborted || self.budget.aborted()
    }

    fn line_score(&self, _line: usize) -> Score {
        self.last.as_ref().map_or(-INFINITE, |it| it.score)
    }

    fn sort_lines(&mut self, _searched: usize) {}

    fn best_move(&self) -> G::Move {
        match &self.last {
            Some(it) => it.best,
            None => self.request.root_moves[0],
        }
    }

    fn iteration_done(&mut self) {
        self.budget.must_finish = false;
    }

    fn control(&mut self) -> &mut Control<'a> {
        &mut self.budget.control
    }

    fn report(&mut self, depth: i32, _line: usize, bound: Option<Bound>, _score: Score) -> Report {
        let elapsed = self.budget.control.elapsed();
        let ms = elapsed.as_millis() as u64;
        let nodes = self.budget.nodes;
        let seats = self.request.game.seats();
        let (score, pv, seat_scores) = match &self.last {
            Some(it) => (
                (self.report_score)(it),
                it.pv.as_slice(),
                it.vector.unwrap_or_else(|| (self.leaf_vector)(&it.pv)),
            ),
            None => (0, &[][..], [0; MAX_SEATS]),
        };
        Report {
            depth: depth as u32,
            seldepth: pv.len().max(depth as usize) as u32,
            multipv: 1,
            score: ReportScore::from_score(score),
            bound,
            nodes,
            nps: super::report::nodes_per_second(nodes, elapsed),
            hashfull: 0,
            time_ms: ms,
            pv: pv_text(self.request.game, pv),
            seat_scores: Some(seat_scores[..seats].to_vec()),
        }
    }

    fn exact_line(&self, _line: usize) -> Option<RootLine<G::Move>> {
        self.last.as_ref().map(|it| RootLine {
            first: it.best,
            reply: it.pv.get(1).copied(),
            score: ReportScore::from_score((self.report_score)(it)),
        })
    }

    fn result(
        self,
        completed: i32,
        _best_score: Score,
        lines: Vec<Option<RootLine<G::Move>>>,
    ) -> SearchResult<G::Move> {
        let (best, ponder, score, vector) = match &self.last {
            Some(it) => (Some(it.best), it.pv.get(1).copied(), it.score, it.vector),
            None => (self.request.root_moves.first().copied(), None, 0, None),
        };
        SearchResult {
            best,
            ponder,
            score,
            seat_scores: vector,
            depth: completed as u32,
            nodes: self.budget.nodes,
            lines,
        }
    }
}

/// Deepens the root on `Threads` threads: on one, the algorithm's whole iteration; on more,
/// each iteration's root moves shared out among them ([`root_split`]). Each thread has its
/// own state (`work.new_state`: move order, path).
pub(crate) fn deepen_in_threads<G: Game, S: Send>(
    request: &SearchRequest<'_, G>,
    report: &mut dyn FnMut(&Report),
    report_score: ScoreForReport<G::Move>,
    leaf_vector: &dyn Fn(&[G::Move]) -> SeatScores,
    work: RootWork<'_, S, G::Move>,
) -> SearchResult<G::Move> {
    let threads = request.options.threads.max(1);
    if threads == 1 {
        let mut state = (work.new_state)();
        return deepen(
            request,
            report,
            report_score,
            leaf_vector,
            |depth, budget, previous| (work.iteration)(&mut state, depth, budget, previous),
        );
    }
    let mut states: Vec<S> = (0..threads).map(|_| (work.new_state)()).collect();
    deepen(
        request,
        report,
        report_score,
        leaf_vector,
        |depth, budget, previous| {
            root_split::split_iteration(&work, &mut states, depth, budget, previous)
        },
    )
}

/// The legal moves of the side to move.
pub(crate) fn legal_moves<G: Game>(g: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    g.generate(Scope::All, &mut moves);
    moves
}

/// The static ordering every best-reply search shares: noisy moves first by their own order,
/// then quiet moves by the game's bonus; the first generated among equals.
pub(crate) fn static_order<G: Game>(g: &G, m: G::Move) -> Score {
    if g.is_noisy(m) {
        (1 << 20) + g.noisy_order(m)
    } else {
        g.quiet_order(m)
    }
}
