//! Pawn structure as sets of squares: the isolated, doubled and passed pawns of a side found
//! with a few shifts, not by looking around each pawn (the evaluation asks at every node).

use super::bitboard::{Bitboard, FILE_A, FILE_H};
use super::types::Color;

/// Every square on or above a square of `b`.
#[inline(always)]
pub fn north_fill(mut b: Bitboard) -> Bitboard {
    b |= b << 8;
    b |= b << 16;
    b | b << 32
}

/// Every square on or below a square of `b`.
#[inline(always)]
pub fn south_fill(mut b: Bitboard) -> Bitboard {
    b |= b >> 8;
    b |= b >> 16;
    b | b >> 32
}

/// The whole files holding a square of `b`.
#[inline(always)]
pub fn files_of(b: Bitboard) -> Bitboard {
    north_fill(south_fill(b))
}

/// `b` widened by one file to each side, the file itself left out.
#[inline(always)]
pub fn beside(b: Bitboard) -> Bitboard {
    ((b << 1) & !FILE_A) | ((b >> 1) & !FILE_H)
}

/// The squares strictly ahead of a square of `b` on its file, from `c`'s side.
#[inline(always)]
pub fn front_spans(c: Color, b: Bitboard) -> Bitboard {
    match c {
        Color::White => north_fill(b << 8),
        Color::Black => south_fill(b >> 8),
    }
}

/// Pawns with no pawn of their own on a file beside them.
#[inline(always)]
pub fn isolated(pawns: Bitboard) -> Bitboard {
    pawns & !beside(files_of(pawns))
}

/// Pawns of `c` with another of theirs ahead on the same file.
#[inline(always)]
pub fn doubled(c: Color, pawns: Bitboard) -> Bitboard {
    pawns & front_spans(c.flip(), pawns)
}

/// Pawns of `c` that no enemy pawn ahead on their file or a file beside it can stop.
#[inline(always)]
pub fn passed(c: Color, pawns: Bitboard, their_pawns: Bitboard) -> Bitboard {
    let stoppers = front_spans(c.flip(), their_pawns);
    pawns & !(stoppers | beside(stoppers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::bitboard::{bit, squares};
    use crate::games::chess::types::{file_of, rank_of};

    /// xorshift64: the same pawn sets every run.
    fn sets(n: usize) -> impl Iterator<Item = (Bitboard, Bitboard)> {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..n).map(move |_| {
            let a = next() & next() & !0xFF00_0000_0000_00FF;
            let b = next() & next() & !0xFF00_0000_0000_00FF & !a;
            (a, b)
        })
    }

    fn ahead(c: Color, sq: u8, other: u8) -> bool {
        match c {
            Color::White => rank_of(other) > rank_of(sq),
            Color::Black => rank_of(other) < rank_of(sq),
        }
    }

    #[test]
    fn sets_match_the_pawn_by_pawn_definitions() {
        for (ours, theirs) in sets(2000) {
            for c in [Color::White, Color::Black] {
                for sq in squares(ours) {
                    let f = file_of(sq) as i32;
                    let near = |s: u8, files: &[i32]| files.contains(&(file_of(s) as i32));
                    let lone = squares(ours).all(|o| !near(o, &[f - 1, f + 1]));
                    let twin = squares(ours).any(|o| near(o, &[f]) && ahead(c, sq, o));
                    let free =
                        squares(theirs).all(|t| !(near(t, &[f - 1, f, f + 1]) && ahead(c, sq, t)));
                    assert_eq!(isolated(ours) & bit(sq) != 0, lone, "{ours:x} {sq}");
                    assert_eq!(doubled(c, ours) & bit(sq) != 0, twin, "{ours:x} {sq}");
                    assert_eq!(
                        passed(c, ours, theirs) & bit(sq) != 0,
                        free,
                        "{ours:x} {theirs:x} {sq}"
                    );
                }
            }
        }
    }
}
