//! The root of one iteration: every root move searched in turn (MultiPV skips the lines already
//! chosen), their scores and lines kept for the driver, best first.

use super::perspective::Perspective;
use super::tt::Bound;
use super::worker::Worker;
use crate::core::{Evaluator, Game, GameMove, Score, INFINITE};

impl<G: Game, E: Evaluator<G>, P: Perspective> Worker<'_, G, E, P> {
    /// Searches every root move from `first` on (MultiPV skips the lines already chosen).
    pub fn search_root(
        &mut self,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        first: usize,
    ) -> Score {
        let mut best = -INFINITE;
        self.seldepth = 0;
        let in_check = self.game.urgent();
        let side = self.mover_side();
        for i in first..self.root_moves.len() {
            let m = self.root_moves[i].m;
            let noisy = self.game.is_noisy(m);
            let undo = self.play(m);
            let gives_check = self.game.urgent();
            let new_depth = depth - 1;
            let mut score;
            if i == first {
                score = self.child(side, new_depth, 1, alpha, beta, false);
            } else {
                let reduce = if depth >= self.params.lmr_min_depth
                    && i >= first + 3
                    && !noisy
                    && !in_check
                    && !gives_check
                {
                    1
                } else {
                    0
                };
                score = self.child(side, new_depth - reduce, 1, alpha, alpha + 1, true);
                if score > alpha && reduce > 0 {
                    score = self.child(side, new_depth, 1, alpha, alpha + 1, true);
                }
                if score > alpha && score < beta {
                    score = self.child(side, new_depth, 1, alpha, beta, false);
                }
            }
            self.take_back(m, undo);
            // No picker below the root waits for a quiet score any more.
            self.history_changes.clear();
            let rm = &mut self.root_moves[i];
            if self.aborted {
                return best;
            }
            if i == first || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.stack[1].pv);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Best first; a stable sort keeps the previous order among equals.
        self.root_moves[first..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        if let Some(rm) = self.root_moves.get(first) {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > -INFINITE && rm.score > -INFINITE {
                Bound::Exact
            } else {
                Bound::Upper
            };
            if first == 0 {
                self.tt.store(
                    self.tt.key(self.game.key() ^ self.salt),
                    0,
                    rm.m.to_bits(),
                    best,
                    depth,
                    bound,
                );
            }
        }
        best
    }
}
