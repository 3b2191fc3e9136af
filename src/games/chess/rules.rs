//! The rule switches of the chess family. One bitboard core serves every variant; a variant is
//! a value of [`Rules`] consulted at the few places where the rules differ.

use super::types::{Color, Square};

/// Which member of the chess family a position follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// FIDE chess.
    Orthodox,
    /// Capture the Scepter: sliding pawns, and a king reaching the enemy scepter wins.
    Scepter,
    /// Chess 40k: the Zealot, its self-destruct, optional promotion, king capture ends the game.
    Forty,
    /// FIDE chess under the Chess960 castling rules (`UCI_Chess960`): the king and the rooks may
    /// start on any back-rank squares, castling rights name rooks (X-FEN and Shredder-FEN), and
    /// castling is written king-takes-rook (`e1h1`).
    Chess960,
}

/// The scepter squares of Capture the Scepter: e1 (white's) and e8 (black's), fixed.
pub const SCEPTER_SQUARES: [Square; 2] = [4, 60];

impl Rules {
    pub fn variant_name(self) -> &'static str {
        match self {
            Rules::Orthodox | Rules::Chess960 => "chess",
            Rules::Scepter => "scepterchess",
            Rules::Forty => "chess40k",
        }
    }

    pub fn start_fen(self) -> &'static str {
        match self {
            Rules::Orthodox | Rules::Chess960 | Rules::Scepter => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            Rules::Forty => "rnbqkbnr/pzppppzp/8/8/8/8/PZPPPPZP/RNBQKBNR w KQkq - 0 1",
        }
    }

    /// Whether castling follows the Chess960 rules (and notation).
    #[inline(always)]
    pub fn chess960(self) -> bool {
        self == Rules::Chess960
    }

    /// Whether `Z`/`z` is a piece of this variant.
    #[inline(always)]
    pub fn has_zealots(self) -> bool {
        self == Rules::Forty
    }

    /// Whether a pawn may stand on its last rank (Chess 40k's declined promotion).
    #[inline(always)]
    pub fn pawns_may_stay_on_last_rank(self) -> bool {
        self == Rules::Forty
    }

    /// Whether a blocked pawn may slide diagonally past an enemy piece.
    #[inline(always)]
    pub fn sliding_pawns(self) -> bool {
        self == Rules::Scepter
    }

    /// The square of `c`'s scepter, in Capture the Scepter.
    #[inline(always)]
    pub fn scepter(self, c: Color) -> Option<Square> {
        (self == Rules::Scepter).then_some(SCEPTER_SQUARES[c.index()])
    }

    /// Whether the orthodox dead-position draw applies (a bare king can still reach the scepter).
    pub fn insufficient_material_applies(self) -> bool {
        self != Rules::Scepter
    }

    /// A side may have lost its king (Chess 40k: the game is then over).
    pub fn king_may_be_missing(self) -> bool {
        self == Rules::Forty
    }
}
