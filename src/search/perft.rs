//! Perft: counts the leaves of the legal-move tree, the standard proof of a move generator.
//! A player who withdraws for want of a move makes no move: the count goes on from the same
//! depth with the next player. A game decided by a repetition (Sceptre's perpetual check) has
//! no moves, so the count keeps the keys of the positions on its path, after the game's own
//! (docs/rules/README.md: draws do not stop perft, wins do).

use crate::core::{decided_by_repetition, Game, MoveList, NoMoves, Scope};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The deepest perft counted: far beyond any count that could finish, and shallow enough that
/// the recursion (one move list a ply) never runs out of stack, even when a game never ends.
pub const MAX_PERFT_DEPTH: u32 = 128;

/// A stop flag nobody raises, for the counts that cannot be stopped.
static NEVER: AtomicBool = AtomicBool::new(false);

/// Leaves of the legal-move tree of `depth` plies below `game`, a position given with no
/// history. Bulk-counts the last ply.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    count::<G, false>(game, &mut Vec::new(), depth, &NEVER)
}

/// The count, given up (with a partial number) once `stop` is raised when `STOPPABLE`; the
/// flag is read at nodes three or more plies above the leaves, so the plain count pays nothing
/// and a stopped one ends within a few thousand leaves. `keys` holds the positions before
/// this one, oldest first, and is left as found.
fn count<G: Game, const STOPPABLE: bool>(
    game: &mut G,
    keys: &mut Vec<u64>,
    depth: u32,
    stop: &AtomicBool,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if STOPPABLE && depth >= 3 && stop.load(Ordering::Relaxed) {
        return 0;
    }
    if decided_by_repetition(game, keys).is_some() {
        return 0;
    }
    let mut moves = MoveList::new();
    game.generate(Scope::All, &mut moves);
    if moves.is_empty() {
        return after_withdrawal::<G, STOPPABLE>(game, keys, depth, stop);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    keys.push(game.key());
    for &m in moves.iter() {
        let undo = game.make(m);
        nodes += count::<G, STOPPABLE>(game, keys, depth - 1, stop);
        game.unmake(m, undo);
    }
    keys.pop();
    nodes
}

/// The count below a position whose side to move has no move: none, unless it withdraws.
#[cold]
fn after_withdrawal<G: Game, const STOPPABLE: bool>(
    game: &mut G,
    keys: &mut Vec<u64>,
    depth: u32,
    stop: &AtomicBool,
) -> u64 {
    if game.decided().is_some() || game.no_moves() != NoMoves::Withdraws {
        return 0;
    }
    let before = game.key();
    match game.make_withdrawal() {
        Some(undo) => {
            keys.push(before);
            let n = count::<G, STOPPABLE>(game, keys, depth, stop);
            keys.pop();
            game.unmake_withdrawal(undo);
            n
        }
        None => 0,
    }
}

/// Per-root-move counts, in move-generation order ("divide"). `history` holds the keys of the
/// game's positions before `game`, oldest first (as far back as a repetition can reach).
pub fn perft_divide<G: Game>(
    game: &G,
    history: &[u64],
    depth: u32,
    threads: usize,
) -> Vec<(G::Move, u64)> {
    divide::<G, false>(game, history, depth, threads, &NEVER)
        .into_iter()
        .map(|(m, n)| (m, n.unwrap_or(0)))
        .collect()
}

/// [`perft_divide`] that gives up once `stop` is raised: each root move with its count, or
/// `None` for those not counted in full.
pub fn perft_divide_until<G: Game>(
    game: &G,
    history: &[u64],
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Vec<(G::Move, Option<u64>)> {
    divide::<G, true>(game, history, depth, threads, stop)
}

fn divide<G: Game, const STOPPABLE: bool>(
    game: &G,
    history: &[u64],
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Vec<(G::Move, Option<u64>)> {
    let mut moves = MoveList::new();
    if decided_by_repetition(game, history).is_none() {
        game.generate(Scope::All, &mut moves);
    }
    let roots: Vec<G::Move> = moves.iter().copied().collect();
    if depth == 0 {
        return Vec::new();
    }
    // One copy of the position per worker, not per root move: a Sceptre position is a few
    // hundred kilobytes of fixed arrays, and make/unmake leave the copy as it was.
    let fresh = || (game.clone(), history.to_vec());
    let root_count = |(g, keys): &mut (G, Vec<u64>), m: &G::Move| {
        if STOPPABLE && stop.load(Ordering::Relaxed) {
            return (*m, None);
        }
        keys.push(g.key());
        let undo = g.make(*m);
        let n = count::<G, STOPPABLE>(g, keys, depth - 1, stop);
        g.unmake(*m, undo);
        keys.pop();
        // A count the flag may have cut short is no count.
        let whole = !STOPPABLE || !stop.load(Ordering::Relaxed);
        (*m, whole.then_some(n))
    };
    let serial = || {
        let mut own = fresh();
        roots.iter().map(|m| root_count(&mut own, m)).collect()
    };
    if threads <= 1 {
        serial()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| roots.par_iter().map_init(fresh, root_count).collect()),
            Err(_) => serial(),
        }
    }
}
