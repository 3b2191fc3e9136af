//! The pieces of Sceptre 1027 A.D. (docs/rules/sceptre1027.md#how-the-pieces-move): six kinds, each piece moved by its owner and
//! keeping its original colour when it passes to the capturer of its king.

use super::seats::PlayerColour;
use super::terrain::Terrain;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl PieceKind {
    /// In the order of the set-up field's letters (`KQRBNP`).
    pub const ALL: [PieceKind; 6] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ];

    /// The letter of the position string, upper case.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Queen => 'Q',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
            PieceKind::Pawn => 'P',
        }
    }

    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter {
            'K' => PieceKind::King,
            'Q' => PieceKind::Queen,
            'R' => PieceKind::Rook,
            'B' => PieceKind::Bishop,
            'N' => PieceKind::Knight,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Queen => "queen",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Knight => "knight",
            PieceKind::Pawn => "pawn",
        }
    }

    /// Index in [`PieceKind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the piece may ever stand on `terrain` (the terrain table of docs/rules/sceptre1027.md#terrain: every
    /// square that is not prohibited, limited squares included).
    pub const fn may_stand_on(self, terrain: Terrain) -> bool {
        use Terrain as T;
        !match self {
            PieceKind::King | PieceKind::Queen | PieceKind::Bishop => {
                matches!(terrain, T::River | T::Pond | T::Ruin)
            }
            PieceKind::Rook => matches!(terrain, T::Forest | T::River | T::Pond),
            PieceKind::Knight => matches!(terrain, T::Ruin),
            PieceKind::Pawn => matches!(terrain, T::Pond),
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the field: `owner` moves it, `colour` is the colour it started with (its forward
/// direction and the pool it goes to when captured).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: PieceKind,
    pub owner: PlayerColour,
    pub colour: PlayerColour,
}

impl Piece {
    /// A piece still with the player it started with.
    pub const fn new(kind: PieceKind, colour: PlayerColour) -> Piece {
        Piece {
            kind,
            owner: colour,
            colour,
        }
    }
}

impl fmt::Display for Piece {
    /// The piece part of a pieces-field entry: `Kb`, or `Pwb` when the owner is not the colour.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind.letter(), self.owner.letter())?;
        if self.colour != self.owner {
            write!(f, "{}", self.colour.letter())?;
        }
        Ok(())
    }
}

/// Bits of the three sliders in the field's `passable` and `reachable` tables.
pub const SLIDE_QUEEN: u8 = 1;
pub const SLIDE_ROOK: u8 = 2;
pub const SLIDE_BISHOP: u8 = 4;

/// The slider bit of a kind (0 for the pieces that do not slide).
#[inline(always)]
pub const fn slide_bit(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Queen => SLIDE_QUEEN,
        PieceKind::Rook => SLIDE_ROOK,
        PieceKind::Bishop => SLIDE_BISHOP,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_the_terrain_table() {
        for k in PieceKind::ALL {
            assert_eq!(PieceKind::from_letter(k.letter()), Some(k));
            assert!(k.may_stand_on(Terrain::Meadow) && k.may_stand_on(Terrain::Bridge));
        }
        assert_eq!(PieceKind::from_letter('k'), None);
        assert!(!PieceKind::Rook.may_stand_on(Terrain::Forest));
        assert!(PieceKind::Rook.may_stand_on(Terrain::Ruin));
        assert!(PieceKind::Bishop.may_stand_on(Terrain::Forest));
        assert!(!PieceKind::King.may_stand_on(Terrain::River));
        assert!(!PieceKind::Queen.may_stand_on(Terrain::Ruin));
        assert!(PieceKind::Knight.may_stand_on(Terrain::River));
        assert!(PieceKind::Knight.may_stand_on(Terrain::Pond));
        assert!(!PieceKind::Knight.may_stand_on(Terrain::Ruin));
        assert!(PieceKind::Pawn.may_stand_on(Terrain::River));
        assert!(PieceKind::Pawn.may_stand_on(Terrain::Ruin));
        assert!(!PieceKind::Pawn.may_stand_on(Terrain::Pond));
        let p = Piece {
            kind: PieceKind::Pawn,
            owner: PlayerColour::White,
            colour: PlayerColour::Black,
        };
        assert_eq!(p.to_string(), "Pwb");
        assert_eq!(
            Piece::new(PieceKind::King, PlayerColour::Black).to_string(),
            "Kb"
        );
    }
}
