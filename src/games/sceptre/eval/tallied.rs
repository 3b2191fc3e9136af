//! The terms that are sums over pieces, read from the position's tally (kept by make/unmake,
//! `rules::tally`) instead of counted piece by piece at each node: material weighed by the
//! terrain round each piece, and the pawns' progress toward promotion. `full_reference`
//! counts them piece by piece; the two must agree on every position.

use super::value;
use super::weights::{SceptreWeights, PAWN_NEAR};
use super::Terms;
use crate::core::Score;
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::rules::position::SceptrePosition;
use crate::games::sceptre::rules::tally::{ColourTally, LEFT_TRACKED};

// The pawn bonus near the edge reads the tally's counts by steps left.
const _: () = assert!(PAWN_NEAR as usize <= LEFT_TRACKED);

/// The best piece a pawn of `colour` could promote to now (0 with an empty pool).
pub(super) fn best_in_pool(pos: &SceptrePosition, colour: PlayerColour) -> Score {
    let pool = pos.pool(colour);
    [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Knight,
        PieceKind::Bishop,
    ]
    .into_iter()
    .find(|k| pool[k.index()] > 0)
    .map_or(0, value)
}

/// Material of one colour's pieces: their values (the king's aside), and what the terrain
/// round them adds or takes.
fn material(t: &ColourTally, w: &SceptreWeights) -> Score {
    let mut sum = 0;
    for kind in PieceKind::ALL {
        if kind == PieceKind::King {
            continue;
        }
        let k = kind.index();
        sum +=
            w.material(kind) * Score::from(t.count[k]) + w.terrain(kind) * Score::from(t.closed[k]);
    }
    sum
}

/// Progress of one colour's pawns: a step's worth for each step come, and near the edge a
/// bonus growing with the square of the steps within [`PAWN_NEAR`], more with a piece in the
/// colour's pool to promote to.
fn pawns(
    pos: &SceptrePosition,
    colour: PlayerColour,
    t: &ColourTally,
    w: &SceptreWeights,
) -> Score {
    use super::weights::index::{PAWN_ADVANCE, PAWN_NEAR_BASE};
    let mut bonus = w.get(PAWN_ADVANCE) * t.pawn_advance;
    let near = &t.pawn_left[..PAWN_NEAR as usize];
    if near.iter().any(|&n| n > 0) {
        let per = w.get(PAWN_NEAR_BASE) + best_in_pool(pos, colour) / 100;
        for (left, &n) in near.iter().enumerate() {
            let within = PAWN_NEAR - left as i32;
            bonus += Score::from(n) * (within * within * per / 4);
        }
    }
    bonus
}

/// Adds material and pawn progress to each playing owner's terms (withdrawn players' pieces
/// count for nobody).
pub fn add_tallied(pos: &SceptrePosition, terms: &mut Terms, w: &SceptreWeights) {
    let tally = pos.tally();
    for colour in pos.colours() {
        let t = &tally.colours[colour.index()];
        if t.pieces == 0 {
            continue;
        }
        let owner = tally.owner[colour.index()];
        if !pos.is_playing(owner) {
            continue;
        }
        let o = owner.index();
        terms.material[o] += material(t, w);
        if t.count[PieceKind::Pawn.index()] > 0 {
            terms.pawns[o] += pawns(pos, colour, t, w);
        }
    }
}
