//! Each colour's pawn moves summed, kept by make/unmake instead of counted at each evaluation
//! (issue 32): the full evaluation weighs them for mobility.
//!
//! A pawn's moves (`pawn_move_count`) are walks of at most three steps that end before the
//! first piece, and captures one step diagonally forward onto another owner's piece. So a
//! move changes the count only of pawns whose walk or capture reaches a square the move
//! empties, fills or hands to another owner, with nothing between: each such pawn is the
//! nearest piece within three steps along one of the eight lines from that square, on the
//! board before the move and after it alike (the squares between are neither of the move's
//! squares, so they are empty both times). Those pawns are counted out before the move and
//! in after it, with the moving, captured and promoted pieces; unmake gives the sums back
//! from its `Undo`. An elimination hands pieces to another owner, which changes captures
//! anywhere: the sums are then counted afresh. Derived from the board: equal boards, equal
//! sums.

use super::position::SceptrePosition;
use crate::games::sceptre::field::pawn_reach::{PAWN_CAPTURE, PAWN_WALK};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::Square;

/// Per colour index, the moves of that colour's pawns summed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnMoves(pub [u32; 4]);

/// How far a pawn's walk goes: a piece further from a square than this never stops a walk
/// that reaches it.
const WALK: u32 = 3;

/// The most pawns one or two changed squares can touch: eight lines each.
const MAX_NEAR: usize = 16;

/// The pawns whose moves a change at one or two squares may change: those whose walk or
/// capture, by the terrain alone (`Field::pawn_reach`), reaches one of the squares. They are
/// the nearest pieces along the squares' lines within [`WALK`] steps, found by the scan that
/// finds the sliders' lines (`SceptrePosition::lines_and_pawns_through`).
pub(in crate::games::sceptre) struct NearPawns {
    at: [Square; MAX_NEAR],
    len: usize,
}

impl NearPawns {
    pub(in crate::games::sceptre) const NONE: NearPawns = NearPawns {
        at: [0; MAX_NEAR],
        len: 0,
    };

    /// Notes the pawn on `sq`, once.
    #[inline(always)]
    pub(in crate::games::sceptre) fn add(&mut self, sq: Square) {
        let len = self.len.min(MAX_NEAR);
        if !self.at[..len].contains(&sq) && len < MAX_NEAR {
            self.at[len] = sq;
            self.len = len + 1;
        }
    }
}

impl PawnMoves {
    #[inline(always)]
    fn add(&mut self, piece: Piece, n: u32) {
        let c = &mut self.0[piece.colour.index()];
        *c = c.wrapping_add(n);
    }

    #[inline(always)]
    fn sub(&mut self, piece: Piece, n: u32) {
        let c = &mut self.0[piece.colour.index()];
        *c = c.wrapping_sub(n);
    }
}

impl SceptrePosition {
    /// Whether the pawn `pawn` on `sq`, `distance` steps from a changed square in direction
    /// `back` (from the pawn towards the square), walks or captures as far as that square by
    /// the terrain alone: only then may the change alter its moves.
    #[inline(always)]
    pub(in crate::games::sceptre) fn pawn_reaches(
        &self,
        sq: Square,
        pawn: Piece,
        back: usize,
        distance: u32,
    ) -> bool {
        if distance > WALK {
            return false;
        }
        // Back towards the square, the pawn walks at most so far and captures one step only
        // where the terrain lets it: a square beyond both is none of its moves.
        let reach = self.field.pawn_reach(sq, self.forward_of(pawn.colour))[back & 7];
        u32::from(reach & PAWN_WALK) >= distance || (distance == 1 && reach & PAWN_CAPTURE != 0)
    }

    /// Counts the moves of the pawns in `near` out of the kept sums (`add` false) or in.
    #[inline]
    pub(in crate::games::sceptre) fn count_near_pawns(&mut self, near: &NearPawns, add: bool) {
        for &sq in &near.at[..near.len.min(MAX_NEAR)] {
            if let Some(p) = self.board[sq as usize] {
                self.count_pawn(sq, p, add);
            }
        }
    }

    /// Counts the moves of `piece` on `sq` out of the kept sums or in, if it is a pawn.
    #[inline(always)]
    pub(in crate::games::sceptre) fn count_pawn(&mut self, sq: Square, piece: Piece, add: bool) {
        if piece.kind != PieceKind::Pawn {
            return;
        }
        let n = self.pawn_move_count(sq, piece);
        if add {
            self.pawn_moves.add(piece, n);
        } else {
            self.pawn_moves.sub(piece, n);
        }
    }

    /// Every pawn's moves counted afresh (part of `derive`, and after an elimination).
    pub(in crate::games::sceptre) fn derive_pawn_moves(&mut self) {
        self.pawn_moves = PawnMoves::default();
        for i in 0..self.field.squares().len() {
            let sq = self.field.squares()[i];
            if let Some(p) = self.board[sq as usize] {
                self.count_pawn(sq, p, true);
            }
        }
    }

    /// The kept sums of each colour's pawn moves.
    #[inline(always)]
    pub fn pawn_moves(&self) -> &PawnMoves {
        &self.pawn_moves
    }
}
