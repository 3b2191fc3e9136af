//! The seam between games and search: the traits every game implements and the small types
//! shared by all layers. Nothing here knows a rule of any particular game.
//!
//! How the five games fit the one [`Game`] trait:
//! - **chess family** (`chess`, `scepterchess`, `chess40k`): one bitboard position with rule
//!   switches; two seats; stay moves (a Chess 40k self-destruct) are ordinary moves whose from
//!   and to squares coincide. A scepter capture is reported by [`Game::decided`].
//! - **tafl**: a 128-bit board; two seats (attackers = seat 0, they move first); "no legal move
//!   loses" is what [`Game::outcome_without_moves`] answers; a king on a gate is `decided`.
//! - **Sceptre 1027**: a padded mailbox over a field of several boards; two to four seats,
//!   [`Game::players`] counts the seats still active and [`Game::to_move`] skips eliminated ones.
//!   Set-up placements (`N@c3`) are moves like any other, so the set-up phase is searched and
//!   perft-counted with the same machinery. Its evaluator returns one score per seat
//!   ([`Evaluator::evaluate_seats`]) for paranoid, max-n and best-reply searches.

mod game;
mod movelist;
mod score;
mod zobrist;

pub use game::{Evaluator, Game, GameMove, MoveTextError, Outcome, Scope, Seat};
pub use movelist::MoveList;
pub use score::{mate_in, mated_in, Score, DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY};
pub use zobrist::splitmix;
