//! What the search keeps per ply of the path from the root: one entry per ply instead of one
//! vector per fact, so that a node's state sits together.

use crate::core::{Score, MAX_PLY};

/// The search's state at one ply.
#[derive(Clone, Debug)]
pub struct Ply<M> {
    /// Quiet moves that caused a cut-off here most recently, newest first.
    pub killers: [Option<M>; 2],
    /// The principal variation found from this ply (empty until a move raises alpha).
    pub pv: Vec<M>,
    /// The corrected static evaluation of the node here (`-INFINITE` in check): a node two
    /// plies down compares its own with it to tell whether the side to move is improving.
    pub static_eval: Score,
    /// The node here was reached by a null move (no second null move in a row).
    pub after_null: bool,
}

/// The per-ply entries of one search thread, from the root to the deepest ply it can reach.
pub struct SearchStack<M> {
    plies: Vec<Ply<M>>,
}

impl<M: Copy> SearchStack<M> {
    pub fn new() -> Self {
        SearchStack {
            plies: (0..MAX_PLY + 8)
                .map(|_| Ply {
                    killers: [None; 2],
                    pv: Vec::with_capacity(MAX_PLY),
                    static_eval: 0,
                    after_null: false,
                })
                .collect(),
        }
    }

    /// The principal variation at `ply` becomes `m` followed by the one found a ply below.
    pub fn set_pv(&mut self, ply: usize, m: M) {
        let (head, tail) = self.plies.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0].pv);
    }
}

impl<M> std::ops::Index<usize> for SearchStack<M> {
    type Output = Ply<M>;
    #[inline(always)]
    fn index(&self, ply: usize) -> &Ply<M> {
        &self.plies[ply]
    }
}

impl<M> std::ops::IndexMut<usize> for SearchStack<M> {
    #[inline(always)]
    fn index_mut(&mut self, ply: usize) -> &mut Ply<M> {
        &mut self.plies[ply]
    }
}
