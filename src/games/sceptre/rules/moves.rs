//! A move of Sceptre 1027 A.D.: a step or capture `from`-`to` with an optional promotion, or a
//! set-up placement of a piece on a square (docs/rules/sceptre1027.md#notation). Packed into a nonzero `u32`.

use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::{Field, Square, NO_SQUARE};
use std::fmt;
use std::num::NonZeroU32;

const SQUARE_BITS: u32 = 13;
const SQUARE_MASK: u32 = (1 << SQUARE_BITS) - 1;
const FROM_SHIFT: u32 = SQUARE_BITS;
const KIND_SHIFT: u32 = 2 * SQUARE_BITS;
const KIND_MASK: u32 = 0b111;
const PLACEMENT: u32 = 1 << 29;
const ALWAYS: u32 = 1 << 31;

/// A move: `from`/`to` are mailbox squares of the field (at most 78 x 78 cells, so 13 bits
/// each), the kind is the promotion piece or, for a placement, the piece placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SceptreMove(NonZeroU32);

/// A value no move packs to (bit 30 is never used), for the search's empty slots.
impl Default for SceptreMove {
    fn default() -> SceptreMove {
        SceptreMove(NonZeroU32::MAX)
    }
}

impl SceptreMove {
    fn pack(from: Square, to: Square, kind: Option<PieceKind>, placement: bool) -> SceptreMove {
        debug_assert!(u32::from(from) <= SQUARE_MASK && u32::from(to) <= SQUARE_MASK);
        let kind = kind.map_or(0, |k| k.index() as u32 + 1);
        let bits = ALWAYS
            | (u32::from(to) & SQUARE_MASK)
            | ((u32::from(from) & SQUARE_MASK) << FROM_SHIFT)
            | (kind << KIND_SHIFT)
            | if placement { PLACEMENT } else { 0 };
        SceptreMove(NonZeroU32::new(bits).expect("bit 31 is set"))
    }

    /// A step or a capture.
    pub fn step(from: Square, to: Square) -> SceptreMove {
        SceptreMove::pack(from, to, None, false)
    }

    /// A pawn's move that ends in its exchange for `kind`.
    pub fn promotion(from: Square, to: Square, kind: PieceKind) -> SceptreMove {
        SceptreMove::pack(from, to, Some(kind), false)
    }

    /// A set-up placement of `kind` on `square`.
    pub fn placement(kind: PieceKind, square: Square) -> SceptreMove {
        SceptreMove::pack(0, square, Some(kind), true)
    }

    pub fn is_placement(self) -> bool {
        self.0.get() & PLACEMENT != 0
    }

    /// The square moved from; [`NO_SQUARE`] for a placement.
    pub fn from(self) -> Square {
        if self.is_placement() {
            NO_SQUARE
        } else {
            ((self.0.get() >> FROM_SHIFT) & SQUARE_MASK) as Square
        }
    }

    /// The square moved to or placed on.
    pub fn to(self) -> Square {
        (self.0.get() & SQUARE_MASK) as Square
    }

    fn kind(self) -> Option<PieceKind> {
        let k = (self.0.get() >> KIND_SHIFT) & KIND_MASK;
        (k as usize)
            .checked_sub(1)
            .and_then(|i| PieceKind::ALL.get(i).copied())
    }

    /// Whether the move names a kind: a promotion's, or a placement's piece.
    #[inline(always)]
    pub fn has_kind(self) -> bool {
        self.0.get() & (KIND_MASK << KIND_SHIFT) != 0
    }

    /// The piece a pawn becomes, if this is a promotion.
    pub fn promotion_kind(self) -> Option<PieceKind> {
        self.kind().filter(|_| !self.is_placement())
    }

    /// The piece placed, if this is a placement.
    pub fn placed(self) -> Option<PieceKind> {
        self.kind().filter(|_| self.is_placement())
    }

    pub fn to_u32(self) -> u32 {
        self.0.get()
    }

    /// A move from its packed form; `None` for values no move packs to.
    pub fn from_u32(bits: u32) -> Option<SceptreMove> {
        let m = SceptreMove(NonZeroU32::new(bits)?);
        // The kind field has room for more values than there are kinds.
        let kind_field = (bits >> KIND_SHIFT) & KIND_MASK;
        let valid = bits & ALWAYS != 0
            && kind_field as usize <= PieceKind::ALL.len()
            && bits
                & !(ALWAYS
                    | PLACEMENT
                    | (KIND_MASK << KIND_SHIFT)
                    | (SQUARE_MASK << FROM_SHIFT)
                    | SQUARE_MASK)
                == 0
            && m.kind().is_none_or(|k| {
                m.is_placement() || !matches!(k, PieceKind::King | PieceKind::Pawn)
            })
            && (!m.is_placement()
                || (m.kind().is_some() && (bits >> FROM_SHIFT) & SQUARE_MASK == 0));
        valid.then_some(m)
    }

    /// The move's text on `field`: `e2e4`, `c23c24q`, `N@c3`.
    pub fn text(self, field: &Field) -> String {
        match self.placed() {
            Some(kind) => format!("{}@{}", kind.letter(), field.square_name(self.to())),
            None => {
                let mut s = field.square_name(self.from());
                s.push_str(&field.square_name(self.to()));
                if let Some(k) = self.promotion_kind() {
                    s.push(k.letter().to_ascii_lowercase());
                }
                s
            }
        }
    }
}

impl fmt::Debug for SceptreMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.placed() {
            Some(kind) => write!(f, "{}@#{}", kind.letter(), self.to()),
            None => write!(f, "#{}-#{}", self.from(), self.to()),
        }
        .and_then(|_| match self.promotion_kind() {
            Some(k) => write!(f, "={}", k.letter()),
            None => Ok(()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pack_and_unpack() {
        let m = SceptreMove::step(4000, 6083);
        assert_eq!(
            (m.from(), m.to(), m.promotion_kind(), m.placed()),
            (4000, 6083, None, None)
        );
        let p = SceptreMove::promotion(12, 34, PieceKind::Knight);
        assert_eq!(p.promotion_kind(), Some(PieceKind::Knight));
        assert!(!p.is_placement());
        let q = SceptreMove::placement(PieceKind::King, 77);
        assert_eq!(
            (q.placed(), q.to(), q.from()),
            (Some(PieceKind::King), 77, NO_SQUARE)
        );
        for x in [m, p, q] {
            assert_eq!(SceptreMove::from_u32(x.to_u32()), Some(x));
        }
        assert_eq!(SceptreMove::from_u32(0), None);
        assert_eq!(SceptreMove::from_u32(5), None);
        // Every kind field past the six kinds (7 fits its three bits), step and placement.
        let wild = ALWAYS | (7 << KIND_SHIFT) | (12 << FROM_SHIFT) | 34;
        assert_eq!(SceptreMove::from_u32(wild), None);
        assert_eq!(
            SceptreMove::from_u32(ALWAYS | PLACEMENT | (7 << KIND_SHIFT) | 34),
            None
        );
        let field = Field::from_terrain_text("8m/8m").unwrap();
        let sq = |n: &str| field.parse_square(n).unwrap();
        assert_eq!(SceptreMove::step(sq("a1"), sq("b2")).text(&field), "a1b2");
        assert_eq!(
            SceptreMove::promotion(sq("a1"), sq("a2"), PieceKind::Queen).text(&field),
            "a1a2q"
        );
        assert_eq!(
            SceptreMove::placement(PieceKind::Knight, sq("c2")).text(&field),
            "N@c2"
        );
    }
}
