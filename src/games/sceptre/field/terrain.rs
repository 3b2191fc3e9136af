//! Terrain: the six kinds of square, their letters (the same in board files and position
//! strings), and the two square colours.

use std::fmt;

/// What a square is made of (docs/rules/sceptre1027.md#the-field; the rules say which piece may cross or enter which).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Meadow,
    Forest,
    River,
    Pond,
    Bridge,
    Ruin,
}

impl Terrain {
    pub const ALL: [Terrain; 6] = [
        Terrain::Meadow,
        Terrain::Forest,
        Terrain::River,
        Terrain::Pond,
        Terrain::Bridge,
        Terrain::Ruin,
    ];

    /// The letters, in the order of [`Terrain::ALL`], for messages.
    pub const LETTERS: &'static str = "m f r p b c";

    pub const fn letter(self) -> char {
        match self {
            Terrain::Meadow => 'm',
            Terrain::Forest => 'f',
            Terrain::River => 'r',
            Terrain::Pond => 'p',
            Terrain::Bridge => 'b',
            Terrain::Ruin => 'c',
        }
    }

    pub const fn from_letter(letter: char) -> Option<Terrain> {
        Some(match letter {
            'm' => Terrain::Meadow,
            'f' => Terrain::Forest,
            'r' => Terrain::River,
            'p' => Terrain::Pond,
            'b' => Terrain::Bridge,
            'c' => Terrain::Ruin,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Meadow => "meadow",
            Terrain::Forest => "forest",
            Terrain::River => "river",
            Terrain::Pond => "pond",
            Terrain::Bridge => "bridge",
            Terrain::Ruin => "castle ruin",
        }
    }

    /// Meadow and bridge are open to every piece, so they are what a kingdom needs enough of
    /// (docs/rules/sceptre1027.md#the-nine-boards: at least 16 of each colour on every board).
    pub const fn is_open_ground(self) -> bool {
        matches!(self, Terrain::Meadow | Terrain::Bridge)
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two greens of the checkerboard. Colour follows from coordinates alone: with 0-based
/// file and rank, a square is medium when `file + rank` is even (board a1 and field a1 alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareColour {
    Medium,
    Light,
}

impl SquareColour {
    pub const fn of(file: usize, rank: usize) -> SquareColour {
        if (file + rank).is_multiple_of(2) {
            SquareColour::Medium
        } else {
            SquareColour::Light
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            SquareColour::Medium => "medium",
            SquareColour::Light => "light",
        }
    }
}

impl fmt::Display for SquareColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_colours_follow_coordinates() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_letter(t.letter()), Some(t));
            assert!(Terrain::LETTERS.contains(t.letter()));
        }
        assert_eq!(Terrain::from_letter('-'), None);
        assert_eq!(Terrain::from_letter('M'), None);
        assert_eq!(SquareColour::of(0, 0), SquareColour::Medium);
        assert_eq!(SquareColour::of(1, 0), SquareColour::Light);
        assert_eq!(SquareColour::of(7, 7), SquareColour::Medium);
    }
}
