//! Which squares each owner's pieces stand on, as bit sets over the mailbox: move generation
//! visits the mover's pieces without scanning the field, in square order (rank by rank, as
//! the mailbox is laid out), whichever colours the mover owns. Derived from the board and
//! kept by make/unmake, so equal boards have equal sets.

use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::Square;

/// One bit per mailbox cell for each of the four owners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareSets {
    words: usize,
    bits: Vec<u64>,
}

impl SquareSets {
    /// Empty sets for a mailbox of `cells` cells.
    pub fn new(cells: usize) -> SquareSets {
        let words = cells.div_ceil(64);
        SquareSets {
            words,
            bits: vec![0; 4 * words],
        }
    }

    #[inline(always)]
    fn slot(&self, owner: PlayerColour, sq: Square) -> (usize, u64) {
        (
            owner.index() * self.words + sq as usize / 64,
            1 << (sq % 64),
        )
    }

    #[inline(always)]
    pub fn insert(&mut self, owner: PlayerColour, sq: Square) {
        let (i, bit) = self.slot(owner, sq);
        self.bits[i] |= bit;
    }

    #[inline(always)]
    pub fn remove(&mut self, owner: PlayerColour, sq: Square) {
        let (i, bit) = self.slot(owner, sq);
        self.bits[i] &= !bit;
    }

    /// Gives every square of `from` to `to` (the pieces of an eliminated player).
    pub fn transfer(&mut self, from: PlayerColour, to: PlayerColour) {
        let w = self.words;
        for i in 0..w {
            let moved = std::mem::take(&mut self.bits[from.index() * w + i]);
            self.bits[to.index() * w + i] |= moved;
        }
    }

    pub fn clear(&mut self) {
        self.bits.fill(0);
    }

    /// The squares of one owner, in mailbox order.
    #[inline]
    pub fn squares(&self, owner: PlayerColour) -> Squares<'_> {
        let w = self.words;
        let words = &self.bits[owner.index() * w..(owner.index() + 1) * w];
        Squares {
            words,
            index: 0,
            current: words.first().copied().unwrap_or(0),
        }
    }
}

/// The squares of a set, lowest first.
pub struct Squares<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl Iterator for Squares<'_> {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        while self.current == 0 {
            self.index += 1;
            self.current = *self.words.get(self.index)?;
        }
        let bit = self.current.trailing_zeros();
        self.current &= self.current - 1;
        Some((self.index * 64) as Square + bit as Square)
    }
}
