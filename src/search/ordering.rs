//! Move ordering: the transposition-table move first, then winning and equal captures by
//! most valuable victim, killer moves, quiet moves by
//! history, and losing captures last.
//! Moves are scored once and picked lazily (a cut-off usually comes early).

use crate::core::{Game, MoveList, Score};

// The ordering bands every move orderer uses (this picker and max-n's and best-reply's
// `multi::move_order`): the table's move, noisy moves, two killers, then quiet moves by history.
pub(super) const TT_MOVE: Score = 1 << 30;
pub(super) const GOOD_NOISY: Score = 1 << 28;
pub(super) const KILLER: [Score; 2] = [1 << 27, (1 << 27) - 1];
const BAD_NOISY: Score = -(1 << 28);

/// History scores stay within this bound (gravity keeps them from saturating).
pub const HISTORY_MAX: i32 = 16_384;

/// A move with its ordering score.
#[derive(Clone, Copy)]
pub struct Scored<M> {
    m: M,
    score: Score,
    /// The exchange test at 0 ran and passed: the search need not run it again.
    won_exchange: bool,
}

/// Borrows the caller's buffers (returning a kilobyte-sized list by value costs a copy per node).
pub struct MovePicker<'a, M: Copy> {
    /// Each move with its ordering score; only the generated moves are ever touched.
    entries: &'a mut MoveList<Scored<M>>,
    next: usize,
    /// Where the best move stands before any is handed out, found while scoring (the first
    /// pick then needs no scan; a cut-off usually comes at that first move).
    first_best: usize,
}

impl<'a, M: Copy + Eq> MovePicker<'a, M> {
    #[allow(clippy::too_many_arguments)]
    pub fn new<G: Game<Move = M>>(
        entries: &'a mut MoveList<Scored<M>>,
        game: &G,
        moves: &MoveList<M>,
        tt_move: Option<M>,
        killers: &[Option<M>; 2],
        history: &[i32],
        use_see: bool,
    ) -> Self {
        entries.clear();
        let mut first_best = 0;
        let mut best_score = Score::MIN;
        for &m in moves.iter() {
            let mut won_exchange = false;
            let score = if Some(m) == tt_move {
                TT_MOVE
            } else if game.is_noisy(m) {
                let order = game.noisy_order(m);
                won_exchange = use_see && game.see_at_least(m, 0);
                if !use_see || won_exchange {
                    GOOD_NOISY + order
                } else {
                    BAD_NOISY + order
                }
            } else if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else {
                history[game.history_slot(m)] + game.quiet_order(m)
            };
            // Strictly greater: the first of equal bests, as the scan in `next_move` picks (and
            // index 0 if every score is the minimum).
            if score > best_score {
                best_score = score;
                first_best = entries.len();
            }
            entries.push(Scored {
                m,
                score,
                won_exchange,
            });
        }
        MovePicker {
            entries,
            next: 0,
            first_best,
        }
    }

    /// The best remaining move, or None when all have been handed out.
    pub fn next_move(&mut self) -> Option<M> {
        let list = self.entries.as_mut_slice();
        let n = list.len();
        if self.next >= n {
            return None;
        }
        let best = if self.next == 0 {
            self.first_best
        } else {
            let mut best = self.next;
            let mut best_score = list[best].score;
            for (i, e) in list.iter().enumerate().skip(self.next + 1) {
                if e.score > best_score {
                    best = i;
                    best_score = e.score;
                }
            }
            best
        };
        list.swap(self.next, best);
        let m = list[self.next].m;
        self.next += 1;
        Some(m)
    }

    /// Whether the move last handed out was found to win at least 0 in the exchange test
    /// (false where the test did not run).
    #[inline]
    pub fn won_exchange(&self) -> bool {
        self.next > 0 && self.entries.as_slice()[self.next - 1].won_exchange
    }
}

/// A quiet move that was best (or cut) at a ply becomes its first killer, the old first the
/// second.
pub fn push_killer<M: Copy + Eq>(killers: &mut [Option<M>; 2], m: M) {
    if killers[0] != Some(m) {
        killers[1] = killers[0];
        killers[0] = Some(m);
    }
}

/// Rewards the quiet move that was best (history slot `best`) by `bonus` and punishes the
/// quiet moves tried before it (`tried`, their slots in the order they were tried) as much.
pub fn reward_quiets(
    history: &mut [i32],
    best: usize,
    tried: impl Iterator<Item = usize>,
    bonus: i32,
) {
    update_history(&mut history[best], bonus);
    for slot in tried {
        update_history(&mut history[slot], -bonus);
    }
}

/// Moves a history entry by `bonus`, less the nearer it already is to the bound.
pub fn update_history(entry: &mut i32, bonus: i32) {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry += b - *entry * b.abs() / HISTORY_MAX;
}
