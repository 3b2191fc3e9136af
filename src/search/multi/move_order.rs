//! Move ordering for max-n and best-reply search: the table's move, noisy moves by the game's
//! most-valuable-victim order, two killers per ply, then quiet moves by a history table per
//! seat (the mover's seat indexes it: four players share no plans) plus the game's bonus.

use super::super::ordering::update_history;
use crate::core::{Game, Score, Seat, MAX_PLY};

const TABLE_MOVE: Score = 1 << 30;
const NOISY: Score = 1 << 28;
const KILLER: [Score; 2] = [1 << 27, (1 << 27) - 1];

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
        let killers = &mut self.killers[ply];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let bonus = (depth * depth).min(400) * 16;
        let seat = g.to_move();
        let slot = self.index(seat, g.history_slot(m));
        update_history(&mut self.history[slot], bonus);
        for &q in tried {
            if q != m && !g.is_noisy(q) {
                let slot = self.index(seat, g.history_slot(q));
                update_history(&mut self.history[slot], -bonus);
            }
        }
    }

    #[inline]
    fn index(&self, seat: Seat, slot: usize) -> usize {
        seat as usize * self.slots + slot
    }
}
