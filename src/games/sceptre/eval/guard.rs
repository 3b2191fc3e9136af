//! The leader's guard against promotion (issue 32, conversion): in a game of two, a search
//! whose root player leads by [`GUARD_LEAD`] or more in material counts the other side's
//! pawns near their edge as threats worth part of what the pool would give them.
//!
//! A pawn slides up to three squares a move, so one nine steps from its edge promotes within
//! three moves, and the promotion swings the score by a queen and by the progress term the
//! leader's lead pays for; the pawns' own bonus near the edge is small, so the leader's pruned
//! searches let such a pawn through until it was too late to stop. The same threat in the
//! evaluation of both sides made the side behind run for it as much as the leader stopped it
//! (strength.md, "the threat of promotion"); here only the leader's own searches count it,
//! like a contempt: the side behind plays as before, and a search's table entries are kept
//! apart by [`guard_salt`].
//!
//! Each of the guarded-against colour's pawns nearest its edge is paired with a piece of its
//! pool, best first (the first pawn to arrive takes the queen), and each pair counts
//! [`SHARE`] percent of the piece's gain over the pawn by the moves the pawn still needs.

use super::value;
use crate::core::Score;
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::rules::position::SceptrePosition;
use crate::games::sceptre::rules::tally::LEFT_TRACKED;

/// The material lead at the root from which the leader's search guards against promotion;
/// `None`: never.
pub const GUARD_LEAD: Option<Score> = Some(1_000);

/// A pawn's longest move, in steps.
const PAWN_STRIDE: usize = 3;

/// Percent of a promotion's gain counted for a pawn one, two and three moves from its edge.
pub const SHARE: [Score; 3] = [50, 25, 12];

/// The steps from the edge within which a pawn threatens to promote.
const THREAT_STEPS: usize = PAWN_STRIDE * SHARE.len();
const _: () = assert!(THREAT_STEPS <= LEFT_TRACKED);

/// The pool's pieces, best first, as the pawns nearest the edge would take them.
const POOL_ORDER: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Knight,
    PieceKind::Bishop,
];

/// The moves a pawn `left` steps from its edge needs to promote (one on the edge itself: a
/// step along it).
fn moves_to_promote(left: usize) -> usize {
    left.max(1).div_ceil(PAWN_STRIDE)
}

/// The colour a search from `root` guards against: the other player's, when two play from
/// the start and the root's mover leads by [`GUARD_LEAD`] or more in `material` (per colour
/// index).
pub fn guarded(
    root: &SceptrePosition,
    material: &[Score],
    lead_from: Option<Score>,
) -> Option<PlayerColour> {
    let from = lead_from?;
    if root.player_count() != 2 || root.playing_count() != 2 || root.in_set_up() {
        return None;
    }
    let me = root.to_move();
    let other = root.colours().find(|&c| c != me && root.is_playing(c))?;
    (material[me.index()] - material[other.index()] >= from).then_some(other)
}

/// What `colour`'s pawns near their edge threaten to gain by promotion.
pub fn threat(pos: &SceptrePosition, colour: PlayerColour) -> Score {
    let pool = pos.pool(colour);
    let mut pieces = POOL_ORDER
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, usize::from(pool[k.index()])));
    let near = &pos.tally().colours[colour.index()].pawn_left;
    let mut sum = 0;
    for (left, &n) in near.iter().take(THREAT_STEPS + 1).enumerate() {
        for _ in 0..n {
            let Some(kind) = pieces.next() else {
                return sum;
            };
            let gain = value(kind) - value(PieceKind::Pawn);
            sum += gain * SHARE[moves_to_promote(left) - 1] / 100;
        }
    }
    sum
}

/// Mixed into the table keys of a search that guards against `colour`.
pub fn guard_salt(colour: PlayerColour) -> u64 {
    0x6775_6172_6400_0000 ^ (colour.index() as u64 + 1)
}

#[cfg(test)]
mod tests {
    use super::super::SceptreEval;
    use super::*;
    use crate::core::Evaluator;

    fn duel(pieces: &str, pool: &str) -> SceptrePosition {
        let meadow = ["8m"; 16].join("/");
        let text = format!("{meadow} {pieces} b+,w+ b b@a1,w@a9 - {pool} -");
        SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn a_pawn_counts_moves_of_three_steps() {
        assert_eq!(moves_to_promote(0), 1);
        assert_eq!(moves_to_promote(3), 1);
        assert_eq!(moves_to_promote(4), 2);
        assert_eq!(moves_to_promote(9), 3);
    }

    #[test]
    fn a_pawn_near_its_edge_threatens_more_the_nearer_and_the_better_the_pool() {
        let (k, q) = ("Kb@a1,Kw@h16", "b:Q");
        let at = |sq: &str, pool: &str| {
            threat(&duel(&format!("{k},Pb@{sq}"), pool), PlayerColour::Black)
        };
        assert_eq!(at("c14", q), 400);
        assert_eq!(at("c11", q), 200);
        assert_eq!(at("c8", q), 96);
        assert_eq!(at("c5", q), 0);
        assert_eq!(at("c14", "b:R"), 175);
        assert_eq!(at("c14", "-"), 0);
    }

    #[test]
    fn each_piece_of_the_pool_goes_to_one_pawn_only() {
        let k = "Kb@a1,Kw@h16";
        let one = threat(&duel(&format!("{k},Pb@c14"), "b:QR"), PlayerColour::Black);
        assert_eq!(one, 400);
        let two = threat(
            &duel(&format!("{k},Pb@c14,Pb@e14"), "b:QR"),
            PlayerColour::Black,
        );
        assert_eq!(two, 400 + 175);
    }

    #[test]
    fn only_a_leader_of_a_game_of_two_guards() {
        let pos = duel("Kb@a1,Kw@h16,Pb@c3", "w:Q");
        let mut material = [0; 4];
        material[PlayerColour::Black.index()] = 2_000;
        material[PlayerColour::White.index()] = 1_000;
        assert_eq!(
            guarded(&pos, &material, Some(1_000)),
            Some(PlayerColour::White)
        );
        assert_eq!(guarded(&pos, &material, Some(1_001)), None);
        assert_eq!(guarded(&pos, &material, None), None);
        material[PlayerColour::White.index()] = 3_000;
        assert_eq!(guarded(&pos, &material, Some(1_000)), None);
        let field = ["24m"; 8].join("/");
        let three = SceptrePosition::from_text(&format!(
            "{field} Kb@a1,Kw@i1,Kr@x8 b+,w+,r+ b b@a1,w@i1,r@q1 - - -"
        ))
        .unwrap();
        material[PlayerColour::White.index()] = 0;
        assert_eq!(guarded(&three, &material, Some(1_000)), None);
    }

    #[test]
    fn the_guard_moves_the_score_by_the_threat_from_either_side() {
        let white_to_move = |pieces: &str| {
            let meadow = ["8m"; 16].join("/");
            let text = format!("{meadow} {pieces} b+,w+ w b@a1,w@a9 - b:Q -");
            SceptrePosition::from_text(&text).unwrap()
        };
        let pieces = "Kb@a1,Kw@h16,Pb@c14,Qw@h12,Rw@g12,Rw@f12";
        let guarded = SceptreEval {
            guard: Some(PlayerColour::Black),
            ..SceptreEval::default()
        };
        let plain = SceptreEval::default();
        let (w, b) = (white_to_move(pieces), duel(pieces, "b:Q"));
        assert_eq!(guarded.evaluate(&w), plain.evaluate(&w) - 400);
        assert_eq!(guarded.evaluate(&b), plain.evaluate(&b) + 400);
        assert_ne!(guarded.key_salt(), plain.key_salt());
    }
}
