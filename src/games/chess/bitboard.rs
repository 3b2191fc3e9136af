//! 64-bit sets of squares and the few operations the move generator needs on them.

use super::types::Square;

pub type Bitboard = u64;

pub const RANK_1: Bitboard = 0xFF;
pub const RANK_2: Bitboard = RANK_1 << 8;
pub const RANK_4: Bitboard = RANK_1 << 24;
pub const RANK_5: Bitboard = RANK_1 << 32;
pub const RANK_7: Bitboard = RANK_1 << 48;
pub const RANK_8: Bitboard = RANK_1 << 56;
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
pub const FILE_H: Bitboard = FILE_A << 7;

#[inline(always)]
pub const fn bit(sq: Square) -> Bitboard {
    1u64 << sq
}

#[inline(always)]
pub fn lsb(b: Bitboard) -> Square {
    b.trailing_zeros() as Square
}

#[inline(always)]
pub fn more_than_one(b: Bitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// Iterates the squares of a bitboard, lowest first.
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = lsb(self.0);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

#[inline(always)]
pub fn squares(b: Bitboard) -> Squares {
    Squares(b)
}
