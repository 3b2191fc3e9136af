//! The field of every tafl rule set: a mailbox with a border, wide enough for the largest
//! board, so that a rook ray is a constant step and stops at the border like at a piece.

/// Square index into the mailbox: `(rank + 1) * STRIDE + file + 1`, so a1 = 16. The same index
/// names the same square on every board size.
pub type Square = u8;

/// The largest board Regalia plays (13x13). With a one-cell border on every side the mailbox
/// keeps square indices below 256.
pub const MAX_SIZE: u8 = 13;
pub const MIN_SIZE: u8 = 7;
pub const STRIDE: usize = MAX_SIZE as usize + 2;
/// Mailbox length: every `u8` square index is in bounds, so indexing needs no checks (the
/// cells past `STRIDE * STRIDE` are border too).
pub const CELLS: usize = 256;
const _: () = assert!(STRIDE * STRIDE <= CELLS);
pub const NO_SQUARE: Square = 255;

/// What stands on a square (`Off` is the border round the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty = 0,
    Attacker = 1,
    Defender = 2,
    King = 3,
    Off = 4,
}

/// The four directions, in the order the moves are generated: +file, -file, +rank, -rank.
pub const STEPS: [isize; 4] = [1, -1, STRIDE as isize, -(STRIDE as isize)];

#[inline(always)]
pub const fn square(file: u8, rank: u8) -> Square {
    ((rank as usize + 1) * STRIDE + file as usize + 1) as Square
}

#[inline(always)]
pub const fn file_of(sq: Square) -> u8 {
    (sq as usize % STRIDE) as u8 - 1
}

#[inline(always)]
pub const fn rank_of(sq: Square) -> u8 {
    (sq as usize / STRIDE) as u8 - 1
}

/// The neighbour of `sq` in direction `d` (an index into [`STEPS`]); it may be border.
#[inline(always)]
pub const fn step(sq: Square, d: usize) -> Square {
    (sq as isize + STEPS[d]) as Square
}

/// Manhattan distance between two squares.
#[inline(always)]
pub fn distance(a: Square, b: Square) -> i32 {
    (file_of(a) as i32 - file_of(b) as i32).abs() + (rank_of(a) as i32 - rank_of(b) as i32).abs()
}

/// The square's name: file letter then rank number, `a1` … `m13`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", (b'a' + file_of(sq)) as char, rank_of(sq) + 1)
}

/// Reads `a1` … on a board of `size`.
pub fn parse_square(text: &str, size: u8) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() < 2 || !b[0].is_ascii_lowercase() || b[0] - b'a' >= size {
        return None;
    }
    let digits = &text[1..];
    if digits.starts_with('0') || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = digits.parse().ok()?;
    if !(1..=size).contains(&rank) {
        return None;
    }
    Some(square(b[0] - b'a', rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_geometry() {
        assert_eq!(square_name(square(5, 5)), "f6");
        assert_eq!(parse_square("k11", 11), Some(square(10, 10)));
        assert_eq!(parse_square("m13", 13), Some(square(12, 12)));
        assert_eq!(parse_square("a01", 11), None);
        assert_eq!(parse_square("l1", 11), None);
        assert_eq!(parse_square("a12", 11), None);
        assert_eq!(parse_square("h1", 7), None);
        assert_eq!(step(square(0, 0), 0), square(1, 0));
        assert_eq!(step(square(3, 3), 3), square(3, 2));
        assert!(square(MAX_SIZE, MAX_SIZE) < NO_SQUARE);
        assert_eq!(distance(square(0, 0), square(10, 10)), 20);
    }
}
