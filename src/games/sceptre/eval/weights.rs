//! The full evaluator's weights, in centipawns, in one place to tune them.

use crate::core::Score;
use crate::games::sceptre::field::piece::PieceKind;

/// Per square that cuts lines within two steps (of 25): knights gain, sliders lose.
pub const fn terrain_per_closed(kind: PieceKind) -> Score {
    match kind {
        PieceKind::Knight => 3,
        PieceKind::Rook => -3,
        PieceKind::Bishop | PieceKind::Queen => -2,
        _ => 0,
    }
}

/// Per square a piece may move to.
pub const fn mobility(kind: PieceKind) -> Score {
    match kind {
        PieceKind::Queen => 2,
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Knight => 3,
        PieceKind::Pawn => 1,
        PieceKind::King => 0,
    }
}

/// Attack units a piece brings on each square next to a king it covers.
pub const fn king_attack(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Queen => 4,
        PieceKind::Rook => 3,
        PieceKind::Bishop | PieceKind::Knight => 2,
        PieceKind::Pawn | PieceKind::King => 1,
    }
}

/// The danger of `units` attack units round a king: grows with their square, capped.
pub const fn king_danger(units: Score) -> Score {
    let d = units * units * 3 / 4;
    if d > 500 {
        500
    } else {
        d
    }
}

/// A king with no square to step to, or one.
pub const NO_ESCAPE: Score = 40;
pub const ONE_ESCAPE: Score = 15;
/// Shelter: per forest square next to the king (rooks cannot enter, bishops stop there),
/// per own piece next to it (at most [`SHELTER_PIECES`] count).
pub const SHELTER_FOREST: Score = 10;
pub const SHELTER_PIECE: Score = 8;
pub const SHELTER_PIECES: Score = 4;
/// Per step (the larger of files and ranks) between the king and the field's centre: away
/// from the middle, where every army's roads cross, a king has fewer sides to watch.
pub const KING_AWAY: Score = 2;
/// Per enemy piece (not pawn or king) within three steps of the king; a queen counts twice.
pub const ATTACKER_NEAR: Score = 8;
pub const ATTACKER_REACH: i32 = 3;
/// A king in check while others move first may be taken, and its army with it: this much,
/// plus [`ARMY_AT_STAKE`] percent of its army.
pub const KING_EXPOSED: Score = 250;
pub const ARMY_AT_STAKE: Score = 25;

/// A pawn's bonus per rank (or file) advanced.
pub const PAWN_ADVANCE: Score = 1;
/// Within this many steps of the promotion edge a pawn gains quadratically ...
pub const PAWN_NEAR: i32 = 8;
/// ... by (steps within)^2 * (PAWN_NEAR_BASE + best piece in its pool / 100) / 4.
pub const PAWN_NEAR_BASE: Score = 4;

/// Percent of a hanging piece's loss counted: for the player to move (who can save one, so
/// the second-worst counts), and for the others (the worst, then the second-worst).
pub const HANGING_MOVER_SECOND: Score = 25;
pub const HANGING_WORST: Score = 50;
pub const HANGING_SECOND: Score = 12;

/// Percent of its lead over the best other that a leader of three or four gives up.
pub const LEADER_SHARE: Score = 25;
