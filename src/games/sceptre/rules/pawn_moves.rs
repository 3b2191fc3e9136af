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
use crate::games::sceptre::field::lines::{nearest, LINE_KIND};
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
/// capture, by the terrain alone (`Field::pawn_reach`), reaches one of the squares.
pub(in crate::games::sceptre) struct NearPawns {
    at: [Square; MAX_NEAR],
    len: usize,
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
    /// The pawns nearest to `a` and to `b` along their eight lines within [`WALK`] steps
    /// whose reach back along that line includes the square, those on `a` or `b` left out
    /// (the caller counts the move's own pieces).
    #[inline]
    pub(in crate::games::sceptre) fn pawns_near(&self, a: Square, b: Square) -> NearPawns {
        let mut near = NearPawns {
            at: [0; MAX_NEAR],
            len: 0,
        };
        let field = &*self.field;
        let lines = field.lines();
        let steps = field.steps();
        let squares = [a, b];
        let changed = if a == b { &squares[..1] } else { &squares[..] };
        for &s in changed {
            let places = lines.places(s);
            for (d, &step) in steps.iter().enumerate() {
                let place = places[LINE_KIND[d]];
                let distance = nearest(self.lines[place.line as usize], place.bit, d < 4);
                if distance == 0 || distance > WALK {
                    continue;
                }
                let sq = (s as isize + distance as isize * step) as Square;
                if sq == a || sq == b {
                    continue;
                }
                let Some(pawn) = self.board[sq as usize].filter(|p| p.kind == PieceKind::Pawn)
                else {
                    continue;
                };
                // Back towards `s`, the pawn walks at most so far and captures one step only
                // where the terrain lets it: a square beyond both is none of its moves.
                let reach = field.pawn_reach(sq, self.forward_of(pawn.colour))[(d + 4) % 8];
                let walks_there = u32::from(reach & PAWN_WALK) >= distance;
                let takes_there = distance == 1 && reach & PAWN_CAPTURE != 0;
                if !walks_there && !takes_there {
                    continue;
                }
                if near.at[..near.len].contains(&sq) {
                    continue;
                }
                near.at[near.len] = sq;
                near.len += 1;
            }
        }
        near
    }

    /// Counts the moves of the pawns in `near` out of the kept sums (`add` false) or in.
    #[inline]
    pub(in crate::games::sceptre) fn count_near_pawns(&mut self, near: &NearPawns, add: bool) {
        for &sq in &near.at[..near.len] {
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
