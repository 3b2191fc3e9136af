//! Root splitting, how max-n, BRS and BRS+ use `Threads` above one: at each iteration the
//! root moves, in the main thread's order, are handed out one at a time (a shared atomic
//! index) to `Threads` workers; each searches its moves with its own state (move order, path)
//! against the shared node table, and the main thread gathers the best.
//!
//! Lazy SMP gave these searches no depth: they search at full width, so a helper at the same
//! depth repeats the main thread's tree instead of shortening it. Splitting the root divides
//! that tree instead.
//!
//! The answer is the one a single thread finds. Every worker reads the best score any move
//! has for sure (the floor) before each move and may prune below it; a move that comes back
//! below the floor is dropped (its score may be a bound), while a move that reaches it comes
//! back exact. So the best score is the true one, and among equal scores the lowest rank wins
//! (max-n: the move generated first, as on one thread; best-reply: the first in search order).
//! The main thread alone keeps the clock: it raises the iteration's abort flag when the search
//! must end, and the workers check that flag as Lazy SMP's helpers check `stop`. The first
//! iteration always completes, as on one thread: nothing raises the flag before it has.

use super::{Budget, Iteration};
use crate::core::{Score, SeatScores};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::time::Duration;

/// One root move as a worker found it: the root's score (its share in max-n), the max-n
/// vector, and the line from the move on.
pub(crate) struct MoveResult<M> {
    pub score: Score,
    pub vector: Option<SeatScores>,
    pub pv: Vec<M>,
}

/// One whole iteration on one thread: `(state, depth, budget, previous best)`.
pub(crate) type IterateWith<'a, S, M> =
    dyn Fn(&mut S, i32, &mut Budget, Option<M>) -> Option<Iteration<M>> + Sync + 'a;
/// The root moves in the order an iteration searches them (`state`'s order, the previous best
/// first), each with its rank: among equal scores the lower rank is chosen.
pub(crate) type OrderRoot<'a, S, M> = dyn Fn(&S, Option<M>) -> Vec<(M, usize)> + Sync + 'a;
/// Searches one root move: `(state, depth, move, floor, budget)`. Below `floor` (the best score
/// another root move has for sure) the search may prune, but a move reaching it must come back
/// with its exact score. `None` once the budget ran out.
pub(crate) type SearchMove<'a, S, M> =
    dyn Fn(&mut S, i32, M, Option<Score>, &mut Budget) -> Option<MoveResult<M>> + Sync + 'a;

/// What an algorithm hands the threading: each thread's state, and its root searched whole
/// (one thread) or move by move (root splitting).
pub(crate) struct RootWork<'a, S, M> {
    /// A new thread state (move order, path keys).
    pub new_state: &'a (dyn Fn() -> S + Sync),
    pub iteration: &'a IterateWith<'a, S, M>,
    pub order_root: &'a OrderRoot<'a, S, M>,
    pub search_move: &'a SearchMove<'a, S, M>,
}

/// What the workers of one iteration share.
struct Shared<'m, M> {
    moves: &'m [(M, usize)],
    /// The next move to hand out.
    next: AtomicUsize,
    /// The best score of a finished move (`NO_FLOOR` before the first).
    floor: AtomicI32,
    /// Raised by the main thread: the iteration is abandoned.
    abort: AtomicBool,
    /// Helpers still searching.
    working: AtomicUsize,
}

const NO_FLOOR: Score = Score::MIN;

/// How often the main thread, its own moves done, checks the clock while helpers finish.
const POLL: Duration = Duration::from_micros(250);

/// One iteration at `depth` split over `states.len()` threads (the main thread is
/// `states[0]` and `budget`'s owner); `None` when it was abandoned.
pub(crate) fn split_iteration<M: Copy + Send + Sync, S: Send>(
    work: &RootWork<'_, S, M>,
    states: &mut [S],
    depth: i32,
    budget: &mut Budget,
    previous: Option<M>,
) -> Option<Iteration<M>> {
    let (main_state, helper_states) = states.split_first_mut()?;
    let moves = (work.order_root)(main_state, previous);
    let shared = Shared {
        moves: &moves,
        next: AtomicUsize::new(0),
        floor: AtomicI32::new(NO_FLOOR),
        abort: AtomicBool::new(false),
        working: AtomicUsize::new(0),
    };
    let search_move = work.search_move;
    let (mine, helpers) = std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(helper_states.len());
        for (id, state) in helper_states.iter_mut().enumerate() {
            let shared = &shared;
            shared.working.fetch_add(1, Ordering::SeqCst);
            let spawned = std::thread::Builder::new()
                .name(format!("root-split-{}", id + 1))
                .stack_size(32 << 20)
                .spawn_scoped(scope, move || {
                    let mut budget = Budget::helper(&shared.abort);
                    let best = take_moves(shared, state, depth, &mut budget, search_move);
                    shared.working.fetch_sub(1, Ordering::SeqCst);
                    (best, budget.nodes, budget.aborted())
                });
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(e) => {
                    shared.working.fetch_sub(1, Ordering::SeqCst);
                    log::warn!("could not start root-split worker {}: {e}", id + 1);
                }
            }
        }
        let mine = take_moves(&shared, main_state, depth, budget, search_move);
        while shared.working.load(Ordering::SeqCst) > 0 {
            if budget.poll() {
                shared.abort.store(true, Ordering::Relaxed);
            }
            std::thread::sleep(POLL);
        }
        if budget.aborted() {
            shared.abort.store(true, Ordering::Relaxed);
        }
        let helpers: Vec<_> = handles
            .into_iter()
            .filter_map(|h| match h.join() {
                Ok(found) => Some(found),
                Err(_) => {
                    log::error!("a root-split worker panicked");
                    None
                }
            })
            .collect();
        (mine, helpers)
    });
    let mut abandoned = budget.aborted();
    let mut best = mine;
    for (found, nodes, aborted) in helpers {
        budget.nodes += nodes;
        abandoned |= aborted;
        best = better(best, found);
    }
    if abandoned {
        return None;
    }
    best.map(|(m, _, r)| Iteration {
        best: m,
        score: r.score,
        vector: r.vector,
        pv: r.pv,
    })
}

/// A move, its rank and what it scored.
type Found<M> = Option<(M, usize, MoveResult<M>)>;

/// The higher score; on equal scores the lower rank.
fn better<M>(a: Found<M>, b: Found<M>) -> Found<M> {
    match (a, b) {
        (Some(a), Some(b)) => {
            if b.2.score > a.2.score || (b.2.score == a.2.score && b.1 < a.1) {
                Some(b)
            } else {
                Some(a)
            }
        }
        (a, None) => a,
        (None, b) => b,
    }
}

/// A worker's loop: takes the next root move until none is left (or the iteration is
/// abandoned); returns its best move that reached the floor.
fn take_moves<M: Copy, S>(
    shared: &Shared<'_, M>,
    state: &mut S,
    depth: i32,
    budget: &mut Budget,
    search_move: &SearchMove<'_, S, M>,
) -> Found<M> {
    let mut best: Found<M> = None;
    loop {
        let i = shared.next.fetch_add(1, Ordering::Relaxed);
        let Some(&(m, rank)) = shared.moves.get(i) else {
            break;
        };
        let floor = shared.floor.load(Ordering::Relaxed);
        let floor = (floor != NO_FLOOR).then_some(floor);
        let Some(result) = search_move(state, depth, m, floor, budget) else {
            break;
        };
        // Below what another move has for sure: never the best, and maybe only a bound.
        if floor.is_some_and(|f| result.score < f) {
            continue;
        }
        shared.floor.fetch_max(result.score, Ordering::Relaxed);
        best = better(best, Some((m, rank, result)));
    }
    best
}
