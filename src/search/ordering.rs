//! Move ordering: the transposition-table move first, then winning and equal captures by
//! most valuable victim, killer moves, quiet moves by history, and losing captures last.
//! Moves are scored once and picked lazily (a cut-off usually comes early).

use crate::core::{Game, MoveList, Score};

const TT_MOVE: Score = 1 << 30;
const GOOD_NOISY: Score = 1 << 28;
const KILLER: [Score; 2] = [1 << 27, (1 << 27) - 1];
const BAD_NOISY: Score = -(1 << 28);

/// History scores stay within this bound (gravity keeps them from saturating).
pub const HISTORY_MAX: i32 = 16_384;

pub struct MovePicker<M: Copy> {
    moves: MoveList<M>,
    scores: [Score; 1024],
    next: usize,
}

impl<M: Copy + Eq> MovePicker<M> {
    #[allow(clippy::too_many_arguments)]
    pub fn new<G: Game<Move = M>>(
        game: &G,
        moves: MoveList<M>,
        tt_move: Option<M>,
        killers: &[Option<M>; 2],
        history: &[i32],
        use_see: bool,
    ) -> Self {
        let mut scores = [0; 1024];
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if Some(m) == tt_move {
                TT_MOVE
            } else if game.is_noisy(m) {
                let order = game.noisy_order(m);
                if !use_see || game.see_at_least(m, 0) {
                    GOOD_NOISY + order
                } else {
                    BAD_NOISY + order
                }
            } else if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else {
                history[game.history_slot(m)]
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// The best remaining move, or None when all have been handed out.
    pub fn next_move(&mut self) -> Option<M> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let list = self.moves.as_mut_slice();
        list.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = list[self.next];
        self.next += 1;
        Some(m)
    }
}

/// Rewards a move that caused a cut-off and punishes the quiet moves tried before it.
pub fn update_history(entry: &mut i32, bonus: i32) {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry += b - *entry * b.abs() / HISTORY_MAX;
}
