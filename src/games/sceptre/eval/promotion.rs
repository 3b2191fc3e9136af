//! The threat of a promotion (issue 32, conversion): in a game of two, a pawn a move or three
//! from its edge is worth part of what the pool would give it. A pawn slides up to three
//! squares a move, so one nine steps away promotes within three moves, and the promotion swings
//! the score by a queen and, for a leader, by the progress term its lead pays for; a pawn's
//! bonus near the edge alone ([`super::weights::PAWN_NEAR`]) left the search blind to it until
//! the last move, when a search cut short could no longer stop it.
//!
//! Each colour's pawns nearest their edge are paired with the pieces in its pool, best first
//! (the first pawn to arrive takes the queen), and each pair counts
//! [`promotion_share`] percent of the piece's gain over the pawn, by the moves the pawn still
//! needs. Only with two at the table from the start: with three or four the pools and the
//! pieces that change hands make another reckoning, left unmeasured.

use super::value;
use super::weights::{promotion_share, PAWN_STRIDE, PROMOTION_MOVES};
use crate::core::Score;
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::rules::position::SceptrePosition;

/// The steps from the edge within which a pawn threatens to promote.
pub const THREAT_STEPS: usize = (PROMOTION_MOVES * PAWN_STRIDE) as usize;

/// The moves a pawn `left` steps from its edge needs to promote (one on the edge itself: a
/// step along it onto meadow).
#[inline(always)]
pub fn moves_to_promote(left: usize) -> i32 {
    (left as i32 + PAWN_STRIDE - 1).max(PAWN_STRIDE) / PAWN_STRIDE
}

/// The pool's pieces, best first, as the pawns nearest the edge would take them.
const POOL_ORDER: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Knight,
    PieceKind::Bishop,
];

/// The threat of `colour`'s pawns, given how many of them stand at each number of steps from
/// their edge (`near[left]`, at least [`THREAT_STEPS`] entries).
pub fn threat(pos: &SceptrePosition, colour: PlayerColour, near: &[u8]) -> Score {
    if pos.player_count() != 2 {
        return 0;
    }
    let pool = pos.pool(colour);
    let mut pieces = POOL_ORDER
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, usize::from(pool[k.index()])));
    let mut sum = 0;
    for (left, &n) in near.iter().take(THREAT_STEPS).enumerate() {
        for _ in 0..n {
            let Some(kind) = pieces.next() else {
                return sum;
            };
            let gain = value(kind) - value(PieceKind::Pawn);
            sum += gain * promotion_share(moves_to_promote(left)) / 100;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::super::SceptreEval;
    use super::*;

    fn duel(pieces: &str, pool: &str) -> SceptrePosition {
        let meadow = ["8m"; 16].join("/");
        let text = format!("{meadow} {pieces} b+,w+ b b@a1,w@a9 - {pool} -");
        SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn pawns(pieces: &str, pool: &str) -> Score {
        SceptreEval::default().terms(&duel(pieces, pool)).pawns[0]
    }

    #[test]
    fn a_pawn_counts_moves_of_three_steps() {
        assert_eq!(moves_to_promote(0), 1);
        assert_eq!(moves_to_promote(3), 1);
        assert_eq!(moves_to_promote(4), 2);
        assert_eq!(moves_to_promote(9), 3);
    }

    #[test]
    fn a_pawn_near_its_edge_threatens_more_the_better_the_pool_and_the_nearer() {
        let (k, p) = ("Kb@a1,Kw@h16", "b:Q");
        let one_move = pawns(&format!("{k},Pb@c14"), p);
        let two_moves = pawns(&format!("{k},Pb@c11"), p);
        let far = pawns(&format!("{k},Pb@c5"), p);
        assert!(one_move - two_moves > 100, "{one_move} against {two_moves}");
        assert!(two_moves - far > 100, "{two_moves} against {far}");
        let rook = pawns(&format!("{k},Pb@c14"), "b:R");
        assert!(one_move > rook, "{one_move} against {rook}");
    }

    #[test]
    fn each_piece_of_the_pool_goes_to_one_pawn_only() {
        let (k, one, two) = ("Kb@a1,Kw@h16", "Pb@c14", "Pb@c14,Pb@e14");
        // One pawn takes the queen; the rook waits for a second.
        let alone = pawns(&format!("{k},{one}"), "b:Q");
        assert_eq!(alone, pawns(&format!("{k},{one}"), "b:QR"));
        let rook = pawns(&format!("{k},{two}"), "b:QR") - pawns(&format!("{k},{two}"), "b:Q");
        assert_eq!(rook, (450 - 100) * promotion_share(1) / 100);
    }

    #[test]
    fn three_or_four_players_leave_it_out() {
        let field = ["24m"; 8].join("/");
        let text = |pool: &str| {
            format!("{field} Kb@a1,Pb@c7,Kw@i1,Kr@x8 b+,w+,r+ w b@a1,w@i1,r@q1 - {pool} -")
        };
        let pos = |pool: &str| SceptrePosition::from_text(&text(pool)).unwrap();
        let near = [1u8; THREAT_STEPS];
        assert_eq!(threat(&pos("b:Q"), PlayerColour::Black, &near), 0);
    }
}
