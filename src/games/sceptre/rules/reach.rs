//! What a piece covers, for the evaluation: every square it could capture on if an enemy
//! stood there, own pieces included (it defends them). Move generation asks the narrower
//! question of where a piece may go; the evaluation needs both, the attacks for threats and
//! king safety, the moves for mobility.

use super::attacks::{forward_diagonals, pawn_may_capture_onto, Access};
use super::position::SceptrePosition;
use crate::games::sceptre::field::lines::{nearest_stop, LINE_KIND};
use crate::games::sceptre::field::pawn_reach::{PAWN_CAPTURE, PAWN_WALK};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::{slide_bit, Square};

const QUEEN_LINES: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const ROOK_LINES: [usize; 4] = [0, 2, 4, 6];
const BISHOP_LINES: [usize; 4] = [1, 3, 5, 7];

impl SceptrePosition {
    /// Calls `visit` with every square `piece` on `from` covers: where it would capture an
    /// enemy piece, whoever stands there now (empty, own or enemy).
    #[inline]
    pub(in crate::games::sceptre) fn covered(
        &self,
        from: Square,
        piece: Piece,
        mut visit: impl FnMut(Square),
    ) {
        let field = &*self.field;
        let reach = field.access_table(piece.kind);
        match piece.kind {
            PieceKind::Pawn => {
                let start = field.land(from);
                for d in forward_diagonals(self.forward_of(piece.colour)) {
                    let to = (from as isize + field.steps()[d as usize]) as Square;
                    if field.land(to).is_some() && pawn_may_capture_onto(start, field.land(to)) {
                        visit(to);
                    }
                }
            }
            PieceKind::Knight => {
                for &to in field.knight_targets(from) {
                    if reach[to as usize] != Access::Prohibited {
                        visit(to);
                    }
                }
            }
            PieceKind::King => {
                for &step in field.steps() {
                    let to = (from as isize + step) as Square;
                    if reach[to as usize] != Access::Prohibited {
                        visit(to);
                    }
                }
            }
            kind => {
                let lines: &[usize] = match kind {
                    PieceKind::Queen => &QUEEN_LINES,
                    PieceKind::Rook => &ROOK_LINES,
                    _ => &BISHOP_LINES,
                };
                for &d in lines {
                    let step = field.steps()[d];
                    let mut to = from;
                    for _ in 0..self.ray_len(from, kind, d) {
                        to = (to as isize + step) as Square;
                        visit(to);
                    }
                }
            }
        }
    }

    /// How many squares a slider of `kind` on `from` covers in direction `d` (one of its
    /// lines): they are the first that many steps, up to and including the first piece, and
    /// short of the first cell closed to it (a limited cell is covered and ends the line).
    /// Bit operations on the line, no walk; the kept cover map (`rules::cover`) recounts a
    /// slider's line by comparing this before and after a move.
    #[inline(always)]
    pub(in crate::games::sceptre) fn ray_len(
        &self,
        from: Square,
        kind: PieceKind,
        d: usize,
    ) -> u32 {
        let field = &*self.field;
        let to = (from as isize + field.steps()[d]) as Square;
        match field.access_table(kind)[to as usize] {
            Access::Prohibited => 0,
            Access::Limited => 1,
            Access::Open if self.board[to as usize].is_some() => 1,
            Access::Open => {
                let place = field.lines().places(from)[LINE_KIND[d]];
                // Every line ends in walls, so the stop is a piece before the first wall
                // or that wall.
                let (at, wall) = nearest_stop(
                    self.lines[place.line as usize],
                    field.lines().walls(place.line, slide_bit(kind)),
                    place.bit,
                    d < 4,
                );
                // A piece before the first wall stands on open ground: it is covered too.
                let end = if wall { at } else { at + 1 };
                end.max(2) - 1
            }
        }
    }

    /// How many squares `piece` on `from` may move to (its king's safety aside).
    #[inline]
    pub(in crate::games::sceptre) fn move_count(&self, from: Square, piece: Piece) -> u32 {
        let mut n = 0;
        self.targets(from, piece, |_| n += 1);
        n
    }

    /// How many squares the pawn `piece` on `from` may move to, as [`Self::move_count`]
    /// counts them, with the terrain's part read from `Field::pawn_reach`: per direction only
    /// the squares the terrain leaves are tested for a piece, and the forward diagonals for an
    /// enemy to take where the terrain allows it.
    #[inline(always)]
    pub(in crate::games::sceptre) fn pawn_move_count(&self, from: Square, piece: Piece) -> u32 {
        let field = &*self.field;
        let board = &self.board;
        let steps = field.steps();
        let mut rest = u64::from_ne_bytes(*field.pawn_reach(from, self.forward_of(piece.colour)));
        let mut n = 0;
        while rest != 0 {
            let byte_at = rest.trailing_zeros() & !7;
            let reach = (rest >> byte_at) as u8;
            rest &= !(0xff << byte_at);
            // `byte_at / 8` is below 8: `rest` is not zero.
            let step = steps[(byte_at / 8) as usize & 7];
            let mut to = from as isize;
            for _ in 0..reach & PAWN_WALK {
                to += step;
                if board[to as usize].is_some() {
                    break;
                }
                n += 1;
            }
            if reach & PAWN_CAPTURE != 0 {
                let at = (from as isize + step) as usize;
                if board[at].is_some_and(|p| p.owner != piece.owner) {
                    n += 1;
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::games::sceptre::field::layout::{Layout, SHIPPED_LAYOUTS};
    use crate::games::sceptre::field::piece::PieceKind;
    use crate::games::sceptre::rules::position::SceptrePosition;
    use crate::games::sceptre::test_support::{reference_positions, Rng};

    /// Checks every pawn's counted moves against its walked ones along a random game of up to
    /// `plies` from `pos`; returns how many pawns were compared.
    fn pawn_counts_along(mut pos: SceptrePosition, rng: &mut Rng, plies: usize) -> usize {
        let mut compared = 0;
        for _ in 0..plies {
            for (from, piece) in pos.pieces() {
                if piece.kind == PieceKind::Pawn {
                    assert_eq!(
                        pos.pawn_move_count(from, piece),
                        pos.move_count(from, piece),
                        "{piece} on {} in {pos}",
                        pos.field().square_name(from)
                    );
                    compared += 1;
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
        }
        compared
    }

    /// A pawn's moves counted from the terrain's reach and the occupancy lines are the moves
    /// move generation walks: in the suite's positions (rivers, ruins, ponds, holes, every
    /// seat's direction) and the shipped layouts, along random games.
    #[test]
    fn pawn_moves_counted_without_walking_are_the_walked_ones() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut compared = 0;
        for text in reference_positions() {
            let start = SceptrePosition::from_text(&text).unwrap();
            for _ in 0..4 {
                compared += pawn_counts_along(start.clone(), &mut rng, 60);
            }
        }
        for shipped in SHIPPED_LAYOUTS {
            let layout = Layout::load(shipped.name).unwrap();
            for &players in layout.players() {
                let start = SceptrePosition::start(&layout, players).unwrap();
                compared += pawn_counts_along(start, &mut rng, 64 + 120);
            }
        }
        assert!(compared > 30_000, "{compared} pawns");
    }

    /// Covered squares are the captures the rules allow onto an enemy there: compared with
    /// `piece_attacks`, the rules' own question, square by square.
    #[test]
    fn covered_squares_are_the_attacks_of_the_rules() {
        for text in reference_positions() {
            let pos = SceptrePosition::from_text(&text).unwrap();
            let field = pos.field().clone();
            for (from, piece) in pos.pieces() {
                let mut covered = Vec::new();
                pos.covered(from, piece, |sq| covered.push(sq));
                for &to in field.squares() {
                    let expected = to != from && pos.piece_attacks(from, piece, to);
                    assert_eq!(
                        covered.contains(&to),
                        expected,
                        "{piece} on {} covering {}",
                        field.square_name(from),
                        field.square_name(to)
                    );
                }
                if piece.kind != PieceKind::Pawn {
                    // Every move of a non-pawn is onto a covered square not its owner's.
                    let free = covered
                        .iter()
                        .filter(|&&sq| pos.piece(sq).is_none_or(|p| p.owner != piece.owner))
                        .count();
                    assert_eq!(pos.move_count(from, piece) as usize, free);
                }
            }
        }
    }
}
