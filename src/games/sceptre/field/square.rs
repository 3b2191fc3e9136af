//! Global squares (docs/rules/README.md#squares): file letters from the left like spreadsheet columns (`a` … `z`,
//! `aa`, `ab`, … `bt` for the 72nd), then the rank from 1 at the bottom, never padded.

use super::terrain::SquareColour;
use std::fmt;
use std::str::FromStr;

/// A mailbox index: names a cell of the padded array, a square of the field or not.
pub type Square = u16;

/// The widest and tallest field: nine boards in a row.
pub const MAX_SIDE: usize = 72;

/// A square of the global grid by 0-based file and rank (`a1` is `(0, 0)`). Whether the square
/// exists is the field's business; this is only a place on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    pub file: u8,
    pub rank: u8,
}

impl Coord {
    pub const fn new(file: u8, rank: u8) -> Coord {
        Coord { file, rank }
    }

    pub const fn colour(self) -> SquareColour {
        SquareColour::of(self.file as usize, self.rank as usize)
    }

    /// The square `(df, dr)` away, if it is still on a grid of `MAX_SIDE` squares a side.
    pub fn offset(self, df: i32, dr: i32) -> Option<Coord> {
        let (f, r) = (self.file as i32 + df, self.rank as i32 + dr);
        let side = 0..MAX_SIDE as i32;
        (side.contains(&f) && side.contains(&r)).then(|| Coord::new(f as u8, r as u8))
    }
}

/// A file's letters: 0 -> `a`, 25 -> `z`, 26 -> `aa`, 71 -> `bt` (bijective base 26).
pub fn file_name(file: usize) -> String {
    let mut letters = Vec::new();
    let mut n = file + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// The 0-based file of lower-case letters (`a` -> 0, `aa` -> 26), if it is below `MAX_SIDE`.
pub fn parse_file(letters: &str) -> Option<usize> {
    if letters.is_empty() || letters.len() > 2 {
        return None;
    }
    let mut n = 0usize;
    for c in letters.bytes() {
        if !c.is_ascii_lowercase() {
            return None;
        }
        n = n * 26 + (c - b'a' + 1) as usize;
    }
    (n <= MAX_SIDE).then(|| n - 1)
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            file_name(self.file as usize),
            self.rank as usize + 1
        )
    }
}

/// Text that is not a square name within a 72x72 grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError(pub String);

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square: lower-case file letters a..bt then a rank 1..72, like c3 or ab17",
            self.0
        )
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Coord {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Coord, SquareError> {
        let bad = || SquareError(text.to_string());
        let split = text
            .find(|c: char| !c.is_ascii_lowercase())
            .ok_or_else(bad)?;
        let (letters, digits) = text.split_at(split);
        let file = parse_file(letters).ok_or_else(bad)?;
        if digits.starts_with('0') || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        let rank: usize = digits.parse().map_err(|_| bad())?;
        if !(1..=MAX_SIDE).contains(&rank) {
            return Err(bad());
        }
        Ok(Coord::new(file as u8, (rank - 1) as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_up_to_72_files() {
        assert_eq!(file_name(0), "a");
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(27), "ab");
        assert_eq!(file_name(51), "az");
        assert_eq!(file_name(52), "ba");
        assert_eq!(file_name(71), "bt");
        for file in 0..MAX_SIDE as u8 {
            for rank in 0..MAX_SIDE as u8 {
                let c = Coord::new(file, rank);
                assert_eq!(c.to_string().parse::<Coord>(), Ok(c), "{c}");
            }
        }
        assert_eq!("ab17".parse(), Ok(Coord::new(27, 16)));
        assert_eq!("bt72".parse(), Ok(Coord::new(71, 71)));
    }

    #[test]
    fn bad_square_names_are_refused() {
        for text in [
            "", "a", "1", "a0", "a01", "a73", "bu1", "zz1", "A1", "a1b", "aaa1", "a-1", "é1",
        ] {
            assert!(text.parse::<Coord>().is_err(), "{text}");
        }
        let message = "q0".parse::<Coord>().unwrap_err().to_string();
        assert!(message.contains("'q0'"), "{message}");
    }
}
