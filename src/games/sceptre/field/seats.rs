//! Who sits where (docs/rules/sceptre1027.md#players-seats-and-turns): the seats clockwise round the table and the colours in playing
//! order. The colour of playing-order index `i` is also the engine's seat number `i`.

use std::fmt;

/// A place at the table, clockwise from black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compass {
    South,
    West,
    North,
    East,
}

impl Compass {
    pub const ALL: [Compass; 4] = [Compass::South, Compass::West, Compass::North, Compass::East];

    /// The seats taken by `players` players, in playing order (black first): two play south
    /// and north, three south, west and north, four all round. `None` outside 2..=4.
    pub const fn seats(players: usize) -> Option<&'static [Compass]> {
        match players {
            2 => Some(&[Compass::South, Compass::North]),
            3 => Some(&[Compass::South, Compass::West, Compass::North]),
            4 => Some(&Compass::ALL),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Compass::South => "south",
            Compass::West => "west",
            Compass::North => "north",
            Compass::East => "east",
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A player's colour, in playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayerColour {
    Black,
    White,
    Red,
    Green,
}

impl PlayerColour {
    pub const ALL: [PlayerColour; 4] = [
        PlayerColour::Black,
        PlayerColour::White,
        PlayerColour::Red,
        PlayerColour::Green,
    ];

    pub const fn letter(self) -> char {
        match self {
            PlayerColour::Black => 'b',
            PlayerColour::White => 'w',
            PlayerColour::Red => 'r',
            PlayerColour::Green => 'g',
        }
    }

    pub const fn from_letter(letter: char) -> Option<PlayerColour> {
        Some(match letter {
            'b' => PlayerColour::Black,
            'w' => PlayerColour::White,
            'r' => PlayerColour::Red,
            'g' => PlayerColour::Green,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            PlayerColour::Black => "black",
            PlayerColour::White => "white",
            PlayerColour::Red => "red",
            PlayerColour::Green => "green",
        }
    }

    /// Position in playing order (0 for black), which is also the seat number.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Where this colour sits when `players` play (white sits north in a duel, west otherwise).
    pub fn seat(self, players: usize) -> Option<Compass> {
        Compass::seats(players)?.get(self.index()).copied()
    }
}

impl fmt::Display for PlayerColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_follow_the_player_count() {
        assert_eq!(PlayerColour::White.seat(2), Some(Compass::North));
        assert_eq!(PlayerColour::White.seat(3), Some(Compass::West));
        assert_eq!(PlayerColour::Red.seat(3), Some(Compass::North));
        assert_eq!(PlayerColour::Green.seat(3), None);
        assert_eq!(PlayerColour::Green.seat(4), Some(Compass::East));
        assert_eq!(Compass::seats(5), None);
        for c in PlayerColour::ALL {
            assert_eq!(PlayerColour::from_letter(c.letter()), Some(c));
        }
    }
}
