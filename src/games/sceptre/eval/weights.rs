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

/// Where each linear weight sits in a [`SceptreWeights`] table. Per-kind groups are in
/// [`PieceKind::ALL`] order (king, queen, rook, bishop, knight, pawn); the king's material and
/// terrain are never counted (a king has no material) and stay at 0.
pub mod index {
    /// A piece's material: 6.
    pub const MATERIAL: usize = 0;
    /// Per square round a piece that cuts lines (`terrain_per_closed`): 6.
    pub const TERRAIN: usize = MATERIAL + 6;
    /// Per square a piece may move to (`mobility`): 6.
    pub const MOBILITY: usize = TERRAIN + 6;
    pub const PAWN_ADVANCE: usize = MOBILITY + 6;
    pub const PAWN_NEAR_BASE: usize = PAWN_ADVANCE + 1;
    pub const NO_ESCAPE: usize = PAWN_NEAR_BASE + 1;
    pub const ONE_ESCAPE: usize = NO_ESCAPE + 1;
    pub const SHELTER_FOREST: usize = ONE_ESCAPE + 1;
    pub const SHELTER_PIECE: usize = SHELTER_FOREST + 1;
    pub const KING_AWAY: usize = SHELTER_PIECE + 1;
    pub const ATTACKER_NEAR: usize = KING_AWAY + 1;
    pub const KING_EXPOSED: usize = ATTACKER_NEAR + 1;
    pub const ARMY_AT_STAKE: usize = KING_EXPOSED + 1;
    pub const HANGING_MOVER_SECOND: usize = ARMY_AT_STAKE + 1;
    pub const HANGING_WORST: usize = HANGING_MOVER_SECOND + 1;
    pub const HANGING_SECOND: usize = HANGING_WORST + 1;
    /// The progress terms (`progress`): per step nearer the weakest king, percent of trades.
    pub const APPROACH: usize = HANGING_SECOND + 1;
    pub const TRADE: usize = APPROACH + 1;
    /// The standing of three or four (`standing`) and the bonus per rival out (`elimination`).
    pub const LEADER_SHARE: usize = TRADE + 1;
    pub const PER_RIVAL_OUT: usize = LEADER_SHARE + 1;
    /// The number of weights.
    pub const COUNT: usize = PER_RIVAL_OUT + 1;
}

/// The linear weights of the full evaluator as one table, so that it plays with any table
/// (`SceptreWeights` option) and `regalia tune` can fit one to game results. What is not linear
/// in a weight (king danger from attack units, the attack units themselves, the reaches and
/// caps, the values that order captures and price hanging pieces) stays in the constants above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceptreWeights(pub [Score; index::COUNT]);

/// The hand-set table: the constants above.
pub const HANDSET: SceptreWeights = {
    let mut w = [0; index::COUNT];
    let mut k = 0;
    while k < 6 {
        let kind = PieceKind::ALL[k];
        if !matches!(kind, PieceKind::King) {
            w[index::MATERIAL + k] = super::value(kind);
            w[index::TERRAIN + k] = terrain_per_closed(kind);
        }
        w[index::MOBILITY + k] = mobility(kind);
        k += 1;
    }
    w[index::PAWN_ADVANCE] = PAWN_ADVANCE;
    w[index::PAWN_NEAR_BASE] = PAWN_NEAR_BASE;
    w[index::NO_ESCAPE] = NO_ESCAPE;
    w[index::ONE_ESCAPE] = ONE_ESCAPE;
    w[index::SHELTER_FOREST] = SHELTER_FOREST;
    w[index::SHELTER_PIECE] = SHELTER_PIECE;
    w[index::KING_AWAY] = KING_AWAY;
    w[index::ATTACKER_NEAR] = ATTACKER_NEAR;
    w[index::KING_EXPOSED] = KING_EXPOSED;
    w[index::ARMY_AT_STAKE] = ARMY_AT_STAKE;
    w[index::HANGING_MOVER_SECOND] = HANGING_MOVER_SECOND;
    w[index::HANGING_WORST] = HANGING_WORST;
    w[index::HANGING_SECOND] = HANGING_SECOND;
    w[index::APPROACH] = super::progress::APPROACH;
    w[index::TRADE] = super::progress::TRADE;
    w[index::LEADER_SHARE] = LEADER_SHARE;
    w[index::PER_RIVAL_OUT] = super::elimination::PER_RIVAL_OUT;
    SceptreWeights(w)
};

impl SceptreWeights {
    #[inline(always)]
    pub fn get(&self, i: usize) -> Score {
        self.0[i]
    }

    #[inline(always)]
    pub fn material(&self, kind: PieceKind) -> Score {
        self.0[index::MATERIAL + kind.index()]
    }

    #[inline(always)]
    pub fn terrain(&self, kind: PieceKind) -> Score {
        self.0[index::TERRAIN + kind.index()]
    }

    #[inline(always)]
    pub fn mobility(&self, kind: PieceKind) -> Score {
        self.0[index::MOBILITY + kind.index()]
    }

    /// The weight's name, for the tuner's output.
    pub fn describe_index(i: usize) -> String {
        use index::*;
        const KINDS: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];
        match i {
            _ if i < TERRAIN => format!("material {}", KINDS[i - MATERIAL]),
            _ if i < MOBILITY => format!("terrain {}", KINDS[i - TERRAIN]),
            _ if i < PAWN_ADVANCE => format!("mobility {}", KINDS[i - MOBILITY]),
            _ => [
                "pawn advance",
                "pawn near base",
                "no escape",
                "one escape",
                "shelter forest",
                "shelter piece",
                "king away",
                "attacker near",
                "king exposed",
                "army at stake",
                "hanging mover second",
                "hanging worst",
                "hanging second",
                "approach",
                "trade",
                "leader share",
                "per rival out",
            ]
            .get(i - PAWN_ADVANCE)
            .map_or_else(|| format!("weight {i}"), |s| s.to_string()),
        }
    }
}
