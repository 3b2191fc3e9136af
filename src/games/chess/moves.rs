//! The chess-family move: 16 bits (from, to, kind) and its UCI text.

use super::types::{square_name, Role, Square};
use crate::core::GameMove;

/// What a move does beyond taking a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Includes captures, double steps, sliding-pawn steps, declined promotions and stay moves.
    Normal = 0,
    Castle = 1,
    EnPassant = 2,
    PromoteKnight = 3,
    PromoteBishop = 4,
    PromoteRook = 5,
    PromoteQueen = 6,
    PromoteZealot = 7,
}

const KINDS: [MoveKind; 8] = [
    MoveKind::Normal,
    MoveKind::Castle,
    MoveKind::EnPassant,
    MoveKind::PromoteKnight,
    MoveKind::PromoteBishop,
    MoveKind::PromoteRook,
    MoveKind::PromoteQueen,
    MoveKind::PromoteZealot,
];

/// from (6 bits) | to (6 bits) << 6 | kind (3 bits) << 12.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ChessMove(u16);

impl ChessMove {
    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> ChessMove {
        ChessMove(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }
    #[inline(always)]
    pub fn from(self) -> Square {
        (self.0 & 63) as Square
    }
    #[inline(always)]
    pub fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        KINDS[(self.0 >> 12) as usize & 7]
    }
    /// The piece a pawn becomes, if this is a promotion.
    #[inline(always)]
    pub fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            MoveKind::PromoteZealot => Some(Role::Zealot),
            _ => None,
        }
    }
    pub fn promotion_kind(role: Role) -> MoveKind {
        match role {
            Role::Knight => MoveKind::PromoteKnight,
            Role::Bishop => MoveKind::PromoteBishop,
            Role::Rook => MoveKind::PromoteRook,
            Role::Zealot => MoveKind::PromoteZealot,
            _ => MoveKind::PromoteQueen,
        }
    }
    /// UCI text: `e2e4`, `e7e8q`, `e1g1` (castling as the king's move).
    pub fn uci(self) -> String {
        let mut s = square_name(self.from());
        s.push_str(&square_name(self.to()));
        if let Some(role) = self.promotion() {
            s.push(role.letter());
        }
        s
    }
}

impl std::fmt::Debug for ChessMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.uci())
    }
}

impl std::fmt::Display for ChessMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.uci())
    }
}

impl GameMove for ChessMove {
    #[inline(always)]
    fn to_bits(self) -> u32 {
        // Bit 16 marks "a move" so that a1a1 (a stay move) never packs to 0.
        self.0 as u32 | 1 << 16
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> Self {
        ChessMove(bits as u16)
    }
}
