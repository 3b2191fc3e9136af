//! Where the move picker keeps a second copy of its ordering scores, chosen by the game
//! (`SearchHints::PickScores`): games with long move lists (Sceptre, 150 moves and more) keep
//! them in a plain list that the picker scans with vector code; the others keep nothing
//! (`NoPickScores`, zero bytes), so their search frames are what they were without it.

use super::movelist::Appender;
use super::{MoveList, Score};

/// A buffer of ordering scores, one per move at the same index as the picker's entries.
pub trait PickScores {
    /// Whether the buffer holds the scores (false: the picker scans its entries plainly).
    const KEPT: bool;
    fn new() -> Self;
    fn clear(&mut self);
    fn push(&mut self, score: Score);
    /// Pushes with the length in a register (`MoveList::appender`) until dropped.
    type Appender<'a>: PushScore
    where
        Self: 'a;
    fn appender(&mut self) -> Self::Appender<'_>;
    fn as_mut_slice(&mut self) -> &mut [Score];
    fn truncate(&mut self, len: usize);
}

/// What an appender of ordering scores does.
pub trait PushScore {
    fn push(&mut self, score: Score);
}

impl PushScore for Appender<'_, Score> {
    #[inline(always)]
    fn push(&mut self, score: Score) {
        Appender::push(self, score);
    }
}

impl PushScore for NoPickScores {
    #[inline(always)]
    fn push(&mut self, _score: Score) {}
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
    type Appender<'a> = NoPickScores;
    #[inline(always)]
    fn appender(&mut self) -> NoPickScores {
        NoPickScores
    }
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
    type Appender<'a> = Appender<'a, Score>;
    #[inline(always)]
    fn appender(&mut self) -> Appender<'_, Score> {
        MoveList::appender(self)
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
