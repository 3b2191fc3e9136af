//! The rule switches of the chess family. One bitboard core serves every variant; a variant is
//! a value of [`Rules`] consulted at the few places where the rules differ.

/// Which member of the chess family a position follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// FIDE chess.
    Orthodox,
}

impl Rules {
    pub fn variant_name(self) -> &'static str {
        match self {
            Rules::Orthodox => "chess",
        }
    }

    pub fn start_fen(self) -> &'static str {
        match self {
            Rules::Orthodox => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        }
    }

    /// Whether `Z`/`z` is a piece of this variant.
    pub fn has_zealots(self) -> bool {
        false
    }

    /// Whether a pawn may stand on its last rank (Chess 40k's declined promotion).
    pub fn pawns_may_stay_on_last_rank(self) -> bool {
        false
    }
}
