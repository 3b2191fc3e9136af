//! Perft: counts the leaves of the legal-move tree, the standard proof of a move generator.
//! A player who withdraws for want of a move makes no move: the count goes on from the same
//! depth with the next player.

use crate::core::{Game, MoveList, NoMoves, Scope};
use rayon::prelude::*;

/// Leaves of the legal-move tree of `depth` plies below `game`. Bulk-counts the last ply.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    game.generate(Scope::All, &mut moves);
    if moves.is_empty() {
        return after_withdrawal(game, depth);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = game.make(m);
        nodes += perft(game, depth - 1);
        game.unmake(m, undo);
    }
    nodes
}

/// The count below a position whose side to move has no move: none, unless it withdraws.
#[cold]
fn after_withdrawal<G: Game>(game: &mut G, depth: u32) -> u64 {
    if game.decided().is_some() || game.no_moves() != NoMoves::Withdraws {
        return 0;
    }
    match game.make_withdrawal() {
        Some(undo) => {
            let n = perft(game, depth);
            game.unmake_withdrawal(undo);
            n
        }
        None => 0,
    }
}

/// Per-root-move counts, in move-generation order ("divide").
pub fn perft_divide<G: Game>(game: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    let mut moves = MoveList::new();
    game.generate(Scope::All, &mut moves);
    let roots: Vec<G::Move> = moves.iter().copied().collect();
    let count = |m: &G::Move| {
        let mut g = game.clone();
        let undo = g.make(*m);
        let n = if depth == 0 {
            1
        } else {
            perft(&mut g, depth - 1)
        };
        g.unmake(*m, undo);
        (*m, n)
    };
    if depth == 0 {
        return Vec::new();
    }
    if threads <= 1 {
        roots.iter().map(count).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| roots.par_iter().map(count).collect()),
            Err(_) => roots.iter().map(count).collect(),
        }
    }
}
