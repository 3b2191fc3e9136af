//! What a game is: its seats, moves, ends and notation. Perft, the protocol's sessions and
//! the referee need only this; how to search a game is [`super::SearchHints`].

use super::{MoveList, NoMoves, Outcome, Seat, SeatSet};
use std::fmt;

/// Which moves to generate: all legal moves, or only the "noisy" ones quiescence looks at
/// (captures, promotions, material-winning stay moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    All,
    Noisy,
}

/// A move as the search stores it: small, copyable, packable into a transposition-table entry.
pub trait GameMove: Copy + Eq + Default + Send + Sync + fmt::Debug + 'static {
    /// Packs the move into 32 bits, all of which the transposition table keeps (0 is reserved
    /// for "no move").
    fn to_bits(self) -> u32;
    fn from_bits(bits: u32) -> Self;
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    Malformed(String),
    Illegal(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Malformed(t) => write!(f, "malformed move '{t}'"),
            MoveTextError::Illegal(t) => write!(f, "illegal move '{t}'"),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// A position of one game with its rules.
pub trait Rules: Clone + Send + Sync + 'static {
    type Move: GameMove;
    /// What `make` hands back so that `unmake` can restore the position exactly.
    type Undo: Copy + Send;

    /// How many seats the game has (fixed for its whole life: 2 for chess and tafl).
    fn seats(&self) -> usize;
    /// The seats still playing; the turn skips the others. Every seat, unless the game
    /// eliminates or withdraws players.
    fn active(&self) -> SeatSet {
        SeatSet::first(self.seats())
    }
    /// The seats that withdrew (stalemated with three or more players left): out of the game,
    /// but unlike eliminated seats their pieces stay. None unless the game has the rule.
    fn withdrawn(&self) -> SeatSet {
        SeatSet::EMPTY
    }
    /// The active seat whose turn it is.
    fn to_move(&self) -> Seat;

    /// Appends the legal moves of `scope` to `out`. A game already decided by rule has none.
    fn generate(&self, scope: Scope, out: &mut MoveList<Self::Move>);
    fn make(&mut self, m: Self::Move) -> Self::Undo;
    fn unmake(&mut self, m: Self::Move, undo: Self::Undo);

    /// Zobrist key of the position (pieces, side to move and every right that changes the moves).
    fn key(&self) -> u64;

    /// A decisive result already on the board (a scepter taken, a king captured or on a gate,
    /// the last player standing). Cheap: never generates moves.
    fn decided(&self) -> Option<Outcome>;
    /// What it means that the side to move has no legal move: an end (mate, stalemate, tafl's
    /// loss) or a withdrawal after which play goes on.
    fn no_moves(&self) -> NoMoves;
    /// Takes the side to move out of the game after [`NoMoves::Withdraws`] and passes the turn
    /// on; `None` for games without withdrawals.
    fn make_withdrawal(&mut self) -> Option<Self::Undo> {
        None
    }
    fn unmake_withdrawal(&mut self, _undo: Self::Undo) {}
    /// Takes `seat` out of the game at once, whoever is to move (its player resigned, or its
    /// engine failed in a match); the game goes on without it. `None` where the game cannot
    /// go on that way (two-seat games: the other side simply wins).
    fn make_forfeit(&mut self, _seat: Seat) -> Option<Self::Undo> {
        None
    }
    /// Draws that need no history (fifty-move rule, dead positions), shared by the active seats.
    fn drawn_by_rule(&self) -> bool;
    /// What a third occurrence of the current position means when its first occurrence was
    /// `cycle_plies` plies ago: `None`, a draw shared by the active seats (every game so far),
    /// or a decision (Sceptre's perpetual check, lost by the checked player).
    fn repetition_outcome(&self, _cycle_plies: usize) -> Option<Outcome> {
        None
    }
    /// Plies since the last irreversible move: a repetition cannot reach further back.
    fn reversible_plies(&self) -> usize;

    /// The move in the variant's notation (docs/rules/README.md#move-text).
    fn move_text(&self, m: Self::Move) -> String;
    /// Reads a move in the variant's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveTextError> {
        let mut moves = MoveList::new();
        self.generate(Scope::All, &mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| self.move_text(m) == text)
            .ok_or_else(|| MoveTextError::Illegal(text.to_string()))
    }
    /// The position string (FEN or the variant's equivalent).
    fn position_text(&self) -> String;
}
