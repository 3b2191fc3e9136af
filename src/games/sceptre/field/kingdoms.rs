//! The kingdoms field of the position string (protocol.md#sceptre-position-string, field 5): each player's 8x8 set-up
//! board, named by its bottom-left square, `b@i1,w@a9,r@a17`.

use super::board::BOARD_SIZE;
use super::mailbox::Field;
use super::seats::PlayerColour;
use super::square::Coord;
use std::fmt;
use std::str::FromStr;

/// One kingdom corner per player, in playing order (black first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kingdoms {
    corners: Vec<(PlayerColour, Coord)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KingdomsError {
    /// An entry that is not `<colour>@<square>`.
    Entry(String),
    Duplicate(PlayerColour),
    /// The colours are not those of 2, 3 or 4 players (`b,w`, `b,w,r`, `b,w,r,g`).
    Players(String),
    /// A kingdom's 8x8 square is not all squares of the field; `square` is the first missing.
    OffField {
        colour: PlayerColour,
        corner: Coord,
        square: Coord,
    },
    /// Two kingdoms share squares.
    Overlap {
        first: PlayerColour,
        second: PlayerColour,
    },
}

impl fmt::Display for KingdomsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KingdomsError::Entry(text) => write!(
                f,
                "kingdom '{text}' is not <colour>@<square> (colour b, w, r or g; e.g. b@i1)"
            ),
            KingdomsError::Duplicate(c) => write!(f, "{c} has two kingdoms"),
            KingdomsError::Players(list) => write!(
                f,
                "kingdoms are given for {list}; 2, 3 or 4 players are b,w / b,w,r / b,w,r,g"
            ),
            KingdomsError::OffField {
                colour,
                corner,
                square,
            } => write!(
                f,
                "{colour}'s kingdom at {corner} is not a whole board of the field: {square} is missing"
            ),
            KingdomsError::Overlap { first, second } => {
                write!(f, "the kingdoms of {first} and {second} overlap")
            }
        }
    }
}

impl std::error::Error for KingdomsError {}

impl Kingdoms {
    /// Kingdoms from (colour, bottom-left corner) pairs in any order; the colours must be
    /// those of 2, 3 or 4 players.
    pub fn new(mut corners: Vec<(PlayerColour, Coord)>) -> Result<Kingdoms, KingdomsError> {
        corners.sort_by_key(|&(c, _)| c);
        for pair in corners.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(KingdomsError::Duplicate(pair[0].0));
            }
        }
        let prefix = corners
            .iter()
            .zip(PlayerColour::ALL)
            .all(|(&(c, _), expected)| c == expected);
        if !prefix || !(2..=4).contains(&corners.len()) {
            let list: Vec<String> = corners.iter().map(|(c, _)| c.letter().into()).collect();
            return Err(KingdomsError::Players(list.join(",")));
        }
        Ok(Kingdoms { corners })
    }

    pub fn players(&self) -> usize {
        self.corners.len()
    }

    /// The bottom-left square of a player's kingdom.
    pub fn corner(&self, colour: PlayerColour) -> Option<Coord> {
        self.corners
            .iter()
            .find(|&&(c, _)| c == colour)
            .map(|&(_, sq)| sq)
    }

    /// Whether `square` lies in the player's kingdom.
    pub fn contains(&self, colour: PlayerColour, square: Coord) -> bool {
        self.corner(colour).is_some_and(|c| {
            let inside = |start: u8, x: u8| x >= start && ((x - start) as usize) < BOARD_SIZE;
            inside(c.file, square.file) && inside(c.rank, square.rank)
        })
    }

    /// Every kingdom is a whole 8x8 of squares of `field`, and no two share a square.
    pub fn check(&self, field: &Field) -> Result<(), KingdomsError> {
        self.check_allowing_overlap(field)?;
        for (i, &(first, a)) in self.corners.iter().enumerate() {
            for &(second, b) in &self.corners[i + 1..] {
                let apart = |x: u8, y: u8| x.abs_diff(y) as usize >= BOARD_SIZE;
                if !apart(a.file, b.file) && !apart(a.rank, b.rank) {
                    return Err(KingdomsError::Overlap { first, second });
                }
            }
        }
        Ok(())
    }

    /// Every kingdom is a whole 8x8 of squares of `field`; kingdoms may share squares (a
    /// position string may give two players the same board, as small test positions do).
    pub fn check_allowing_overlap(&self, field: &Field) -> Result<(), KingdomsError> {
        for &(colour, corner) in &self.corners {
            for dr in 0..BOARD_SIZE as i32 {
                for df in 0..BOARD_SIZE as i32 {
                    let square = corner.offset(df, dr);
                    if square.and_then(|s| field.square(s)).is_none() {
                        return Err(KingdomsError::OffField {
                            colour,
                            corner,
                            square: square.unwrap_or(corner),
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Kingdoms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (colour, corner)) in self.corners.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}@{corner}", colour.letter())?;
        }
        Ok(())
    }
}

impl FromStr for Kingdoms {
    type Err = KingdomsError;

    fn from_str(text: &str) -> Result<Kingdoms, KingdomsError> {
        let mut corners = Vec::new();
        for entry in text.split(',') {
            let bad = || KingdomsError::Entry(entry.to_string());
            let (colour, square) = entry.split_once('@').ok_or_else(bad)?;
            let mut letters = colour.chars();
            let colour = match (letters.next(), letters.next()) {
                (Some(c), None) => PlayerColour::from_letter(c).ok_or_else(bad)?,
                _ => return Err(bad()),
            };
            corners.push((colour, square.parse().map_err(|_| bad())?));
        }
        Kingdoms::new(corners)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel_field() -> Field {
        Field::from_terrain_text(&vec!["8m"; 16].join("/")).unwrap()
    }

    #[test]
    fn kingdoms_text_round_trips_in_playing_order() {
        let k: Kingdoms = "w@a9,b@a1".parse().unwrap();
        assert_eq!(k.to_string(), "b@a1,w@a9");
        assert_eq!(k.players(), 2);
        assert_eq!(k.corner(PlayerColour::White), Some(Coord::new(0, 8)));
        assert!(k.contains(PlayerColour::White, "h16".parse().unwrap()));
        assert!(!k.contains(PlayerColour::Black, "a9".parse().unwrap()));
        assert_eq!(k.check(&duel_field()), Ok(()));
        let four: Kingdoms = "b@q1,w@a1,r@a17,g@q17".parse().unwrap();
        assert_eq!(four.to_string(), "b@q1,w@a1,r@a17,g@q17");
    }

    #[test]
    fn bad_kingdoms_are_refused() {
        use KingdomsError as E;
        assert!(matches!("".parse::<Kingdoms>(), Err(E::Entry(_))));
        assert!(matches!("b@a1,x@a9".parse::<Kingdoms>(), Err(E::Entry(_))));
        assert!(matches!("b@a1,w@a0".parse::<Kingdoms>(), Err(E::Entry(_))));
        assert!(matches!("bw@a1".parse::<Kingdoms>(), Err(E::Entry(_))));
        assert_eq!(
            "b@a1,b@a9".parse::<Kingdoms>(),
            Err(E::Duplicate(PlayerColour::Black))
        );
        assert!(matches!("b@a1".parse::<Kingdoms>(), Err(E::Players(_))));
        assert!(matches!(
            "b@a1,r@a9".parse::<Kingdoms>(),
            Err(E::Players(_))
        ));
        let field = duel_field();
        let off: Kingdoms = "b@a1,w@a10".parse().unwrap();
        assert_eq!(
            off.check(&field),
            Err(E::OffField {
                colour: PlayerColour::White,
                corner: "a10".parse().unwrap(),
                square: "a17".parse().unwrap()
            })
        );
        let overlap: Kingdoms = "b@a1,w@a8".parse().unwrap();
        assert!(matches!(overlap.check(&field), Err(E::Overlap { .. })));
        // The position string allows overlap, but not a kingdom off the field.
        assert_eq!(overlap.check_allowing_overlap(&field), Ok(()));
        let same: Kingdoms = "b@a1,w@a1".parse().unwrap();
        assert_eq!(same.check_allowing_overlap(&field), Ok(()));
        assert!(matches!(
            off.check_allowing_overlap(&field),
            Err(E::OffField { .. })
        ));
    }
}
