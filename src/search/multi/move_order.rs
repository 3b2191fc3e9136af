//! Move ordering for max-n and best-reply search: the table's move, noisy moves by the game's
//! most-valuable-victim order, two killers per ply, then quiet moves by a history table per
//! seat (the mover's seat indexes it: four players share no plans) plus the game's bonus.

use super::super::ordering::{
    push_killer, reward_quiets, GOOD_NOISY as NOISY, KILLER, TT_MOVE as TABLE_MOVE,
};
use crate::core::{Game, Score, Seat, MAX_PLY};

pub struct MoveOrder<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    slots: usize,
}

impl<M: Copy + Eq> MoveOrder<M> {
    pub fn new<G: Game<Move = M>>(g: &G) -> MoveOrder<M> {
        MoveOrder {
            killers: vec![[None; 2]; MAX_PLY + 8],
            history: vec![0; G::HISTORY_SLOTS * g.seats()],
            slots: G::HISTORY_SLOTS,
        }
    }

    /// The ordering score of `m` for the side to move in `g` at `ply`.
    pub fn score<G: Game<Move = M>>(
        &self,
        g: &G,
        m: M,
        table_move: Option<M>,
        ply: usize,
    ) -> Score {
        if Some(m) == table_move {
            TABLE_MOVE
        } else if g.is_noisy(m) {
            NOISY + g.noisy_order(m)
        } else if Some(m) == self.killers[ply][0] {
            KILLER[0]
        } else if Some(m) == self.killers[ply][1] {
            KILLER[1]
        } else {
            self.history[self.index(g.to_move(), g.history_slot(m))] + g.quiet_order(m)
        }
    }

    /// `moves` with their generation index, best first; equals keep their generated order.
    pub fn sorted<G: Game<Move = M>>(
        &self,
        g: &G,
        moves: &[M],
        table_move: Option<M>,
        ply: usize,
    ) -> Vec<(M, usize)> {
        let mut list: Vec<(Score, M, usize)> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (self.score(g, m, table_move, ply), m, i))
            .collect();
        list.sort_by_key(|&(s, _, _)| std::cmp::Reverse(s));
        list.into_iter().map(|(_, m, i)| (m, i)).collect()
    }

    /// A quiet move that was best (or cut) at `ply`: a killer there and a history bonus for
    /// the side to move in `g`; the quiet moves tried before it lose as much.
    pub fn reward<G: Game<Move = M>>(&mut self, g: &G, m: M, ply: usize, depth: i32, tried: &[M]) {
        if g.is_noisy(m) {
            return;
        }
        push_killer(&mut self.killers[ply], m);
        let bonus = (depth * depth).min(400) * 16;
        let best = self.index(g.to_move(), g.history_slot(m));
        let seat_base = best - g.history_slot(m);
        let others = tried
            .iter()
            .filter(|&&q| q != m && !g.is_noisy(q))
            .map(|&q| seat_base + g.history_slot(q));
        reward_quiets(&mut self.history, best, others, bonus);
    }

    #[inline]
    fn index(&self, seat: Seat, slot: usize) -> usize {
        seat as usize * self.slots + slot
    }
}
