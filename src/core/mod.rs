//! The seam between games and search: the traits every game implements and the small types
//! shared by all layers. Nothing here knows a rule of any particular game.
//!
//! The seat model: a game has a fixed number of seats (2 to [`MAX_SEATS`]) and a set of active
//! ones ([`Rules::active`]); the turn ([`Rules::to_move`]) skips the others. The game, not the
//! search, says what ends it ([`Rules::decided`], an [`Outcome`] naming the winner or the seats
//! that share a draw) and what "no legal move" means ([`Rules::no_moves`]: an end, or a
//! withdrawal after which play goes on). Evaluations come as a two-sided score for the side to
//! move and as one score per seat ([`Evaluator::evaluate_seats`]) for multi-player searches.
//!
//! How the games fit:
//! - **chess family** (`chess`, `scepterchess`, `chess40k`): one bitboard position with rule
//!   switches; two seats; stay moves (a Chess 40k self-destruct) are ordinary moves whose from
//!   and to squares coincide. A scepter capture is reported by [`Rules::decided`].
//! - **tafl**: an 11x11 mailbox with precomputed rays; two seats (attackers = seat 0, they move
//!   first); "no legal move loses" is what [`Rules::no_moves`] answers; a king on a gate is
//!   `decided`.
//! - **Sceptre 1027** (planned): two to four seats with eliminations and withdrawals; set-up
//!   placements (`N@c3`) will be moves like any other, so the set-up phase is searched and
//!   perft-counted with the same machinery.

mod game;
mod movelist;
mod params;
mod pick_scores;
mod repetition;
mod rules;
mod score;
mod search_hints;
mod seats;
mod zobrist;

pub use game::{Evaluator, Game};
pub use movelist::MoveList;
pub use params::SearchParams;
pub use pick_scores::{NoPickScores, PickScores};
pub use repetition::{
    decided_by_repetition, earlier_occurrences, path_repetition, third_occurrence,
};
pub use rules::{GameMove, MoveTextError, Rules, Scope};
pub use score::{mate_in, mated_in, Score, DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY};
pub use search_hints::SearchHints;
pub use seats::{
    two_seat_scores, NoMoves, Outcome, Seat, SeatScores, SeatSet, SeatState, MAX_SEATS,
};
pub use zobrist::splitmix;
