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
//!
//! Each pawn's own count is kept too, on its square (`pawn_counts`, 0 where no pawn stands):
//! counting a pawn out is then a read, not a walk, and the values a move took out go into
//! its `Undo` (`NearPawns::before`), so that unmake puts them back without walking either.

use super::position::SceptrePosition;
use crate::games::sceptre::field::cells::CellArray;
use crate::games::sceptre::field::pawn_reach::{PAWN_CAPTURE, PAWN_WALK};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::Square;

/// Per colour index, the moves of that colour's pawns summed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnMoves(pub [u32; 4]);

/// Per mailbox cell, the moves of the pawn standing there as last counted in; 0 where no pawn
/// stands. A pawn has at most eight lines of three steps and a capture each: it fits a byte.
pub(in crate::games::sceptre) type PawnCounts = CellArray<u8>;

/// How far a pawn's walk goes: a piece further from a square than this never stops a walk
/// that reaches it.
const WALK: u32 = 3;

/// The most pawns one or two changed squares can touch: eight lines each.
const MAX_NEAR: usize = 16;

/// The pawns whose moves a change at one or two squares may change: those whose walk or
/// capture, by the terrain alone (`Field::pawn_reach`), reaches one of the squares. They are
/// the nearest pieces along the squares' lines within [`WALK`] steps, found by the scan that
/// finds the sliders' lines (`SceptrePosition::lines_and_pawns_through`). Once counted out,
/// with each one's count before the move, for unmake.
#[derive(Clone, Copy, Debug)]
pub(in crate::games::sceptre) struct NearPawns {
    at: [Square; MAX_NEAR],
    before: [u8; MAX_NEAR],
    len: usize,
}

impl NearPawns {
    pub(in crate::games::sceptre) const NONE: NearPawns = NearPawns {
        at: [0; MAX_NEAR],
        before: [0; MAX_NEAR],
        len: 0,
    };

    /// No pawn noted.
    #[inline(always)]
    pub(in crate::games::sceptre) fn clear(&mut self) {
        self.len = 0;
    }

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

    /// Counts the moves of the pawns in `near` out of the kept sums (`add` false; each one's
    /// count noted in `near.before`) or in.
    #[inline]
    pub(in crate::games::sceptre) fn count_near_pawns(&mut self, near: &mut NearPawns, add: bool) {
        let len = near.len.min(MAX_NEAR);
        for (&sq, before) in near.at[..len].iter().zip(&mut near.before[..len]) {
            if let Some(p) = self.board[sq as usize] {
                let n = self.count_pawn(sq, p, add);
                if !add {
                    *before = n;
                }
            }
        }
    }

    /// Puts back the counts of the pawns in `near` as they were before the move (unmake).
    #[inline]
    pub(in crate::games::sceptre) fn restore_near_pawns(&mut self, near: &NearPawns) {
        let len = near.len.min(MAX_NEAR);
        for (&sq, &n) in near.at[..len].iter().zip(&near.before[..len]) {
            self.pawn_counts[sq as usize] = n;
        }
    }

    /// Counts the moves of `piece` on `sq` out of the kept sums (a read of its kept count,
    /// which becomes 0) or in (walked and kept), if it is a pawn; returns that count (0 for
    /// another piece).
    #[inline(always)]
    pub(in crate::games::sceptre) fn count_pawn(
        &mut self,
        sq: Square,
        piece: Piece,
        add: bool,
    ) -> u8 {
        if piece.kind != PieceKind::Pawn {
            return 0;
        }
        if add {
            let n = self.pawn_move_count(sq, piece);
            self.pawn_counts[sq as usize] = n as u8;
            self.pawn_moves.add(piece, n);
            n as u8
        } else {
            let n = std::mem::take(&mut self.pawn_counts[sq as usize]);
            self.pawn_moves.sub(piece, u32::from(n));
            n
        }
    }

    /// Every pawn's moves counted afresh (part of `derive`, and after an elimination).
    pub(in crate::games::sceptre) fn derive_pawn_moves(&mut self) {
        self.pawn_moves = PawnMoves::default();
        self.pawn_counts.fill_first(self.field.mailbox_len(), 0);
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
