//! Which squares each owner's pieces stand on, as bit sets over the mailbox: move generation
//! visits the mover's pieces without scanning the field, in square order (rank by rank, as
//! the mailbox is laid out), whichever colours the mover owns. Derived from the board and
//! kept by make/unmake, so equal boards have equal sets.
//!
//! Beside the bits, per owner, which of his words are not empty (`filled`): a field of nine
//! boards has about a hundred words an owner, most of them empty, and the walk over his
//! squares (each evaluation, each move generation) skipped them one by one (issue 32).

use crate::games::sceptre::field::cells::CELLS;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::Square;

/// The most words an owner's set may have: every mailbox fits in [`CELLS`] cells.
const MAX_WORDS: usize = 128;
const _: () = assert!(CELLS <= 64 * MAX_WORDS);

/// One bit per mailbox cell for each of the four owners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareSets {
    words: usize,
    bits: Vec<u64>,
    /// Per owner, a bit per word of his that is not empty (derived from `bits`).
    filled: [u128; 4],
}

impl SquareSets {
    /// Empty sets for a mailbox of `cells` cells.
    pub fn new(cells: usize) -> SquareSets {
        let words = cells.div_ceil(64);
        SquareSets {
            words,
            bits: vec![0; 4 * words],
            filled: [0; 4],
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
        self.filled[owner.index() & 3] |= 1u128 << (sq as usize / 64 % MAX_WORDS);
    }

    #[inline(always)]
    pub fn remove(&mut self, owner: PlayerColour, sq: Square) {
        let (i, bit) = self.slot(owner, sq);
        self.bits[i] &= !bit;
        if self.bits[i] == 0 {
            self.filled[owner.index() & 3] &= !(1u128 << (sq as usize / 64 % MAX_WORDS));
        }
    }

    /// Gives every square of `from` to `to` (the pieces of an eliminated player).
    pub fn transfer(&mut self, from: PlayerColour, to: PlayerColour) {
        let w = self.words;
        for i in 0..w {
            let moved = std::mem::take(&mut self.bits[from.index() * w + i]);
            self.bits[to.index() * w + i] |= moved;
        }
        self.filled[to.index() & 3] |= std::mem::take(&mut self.filled[from.index() & 3]);
    }

    pub fn clear(&mut self) {
        self.bits.fill(0);
        self.filled = [0; 4];
    }

    /// The squares of one owner, in mailbox order.
    #[inline]
    pub fn squares(&self, owner: PlayerColour) -> Squares<'_> {
        let w = self.words;
        let words = &self.bits[owner.index() * w..(owner.index() + 1) * w];
        Squares {
            words,
            filled: self.filled[owner.index() & 3],
            index: 0,
            current: 0,
        }
    }
}

/// The squares of a set, lowest first: its non-empty words from `filled`, lowest first, and
/// the bits of each.
pub struct Squares<'a> {
    words: &'a [u64],
    /// The non-empty words not yet reached.
    filled: u128,
    index: usize,
    current: u64,
}

impl Iterator for Squares<'_> {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        while self.current == 0 {
            if self.filled == 0 {
                return None;
            }
            self.index = self.filled.trailing_zeros() as usize;
            self.filled &= self.filled - 1;
            self.current = *self.words.get(self.index)?;
        }
        let bit = self.current.trailing_zeros();
        self.current &= self.current - 1;
        Some((self.index * 64) as Square + bit as Square)
    }
}
