//! Where the move picker keeps a second copy of its ordering scores, chosen by the game
//! (`SearchHints::PickScores`): games with long move lists (Sceptre, 150 moves and more) keep
//! them in a plain list that the picker scans with vector code; the others keep nothing
//! (`NoPickScores`, zero bytes), so their search frames are what they were without it.

use super::{MoveList, Score};

/// A buffer of ordering scores, one per move at the same index as the picker's entries.
pub trait PickScores {
    /// Whether the buffer holds the scores (false: the picker scans its entries plainly).
    const KEPT: bool;
    fn new() -> Self;
    fn clear(&mut self);
    fn push(&mut self, score: Score);
    fn as_mut_slice(&mut self) -> &mut [Score];
    fn truncate(&mut self, len: usize);
}

/// No second copy: the plain scan over the entries.
pub struct NoPickScores;

impl PickScores for NoPickScores {
    const KEPT: bool = false;
    #[inline(always)]
    fn new() -> Self {
        NoPickScores
    }
    #[inline(always)]
    fn clear(&mut self) {}
    #[inline(always)]
    fn push(&mut self, _score: Score) {}
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [Score] {
        &mut []
    }
    #[inline(always)]
    fn truncate(&mut self, _len: usize) {}
}

impl PickScores for MoveList<Score> {
    const KEPT: bool = true;
    #[inline(always)]
    fn new() -> Self {
        MoveList::new()
    }
    #[inline(always)]
    fn clear(&mut self) {
        MoveList::clear(self);
    }
    #[inline(always)]
    fn push(&mut self, score: Score) {
        MoveList::push(self, score);
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [Score] {
        MoveList::as_mut_slice(self)
    }
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        MoveList::truncate(self, len);
    }
}
