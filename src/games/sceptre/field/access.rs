//! What each piece may enter: the terrain table of docs/rules/sceptre1027.md#terrain, one of open, limited or
//! prohibited for each kind of piece and terrain.

use super::piece::PieceKind;
use super::terrain::Terrain;

/// How a piece may use a kind of terrain (docs/rules/sceptre1027.md#terrain).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Open,
    Limited,
    Prohibited,
}

pub const fn access(kind: PieceKind, terrain: Terrain) -> Access {
    use Access::{Limited as L, Open as O, Prohibited as P};
    use Terrain as T;
    match kind {
        PieceKind::King | PieceKind::Queen => match terrain {
            T::River | T::Pond | T::Ruin => P,
            _ => O,
        },
        PieceKind::Rook => match terrain {
            T::Forest | T::River | T::Pond => P,
            T::Ruin => L,
            _ => O,
        },
        PieceKind::Bishop => match terrain {
            T::River | T::Pond | T::Ruin => P,
            T::Forest => L,
            _ => O,
        },
        PieceKind::Knight => match terrain {
            T::Ruin => P,
            _ => O,
        },
        PieceKind::Pawn => match terrain {
            T::Pond => P,
            T::River | T::Ruin => L,
            _ => O,
        },
    }
}
