//! The game trait search is generic over (the rules plus the search hints) and the evaluator.

use super::{Rules, Score, SearchHints, SearchParams, SeatScores};

/// A game as the search sees it: its rules and its search hints. Search and perft are generic
/// over this trait and are monomorphised per game; every type with both halves is a `Game`.
pub trait Game: Rules + SearchHints {}

impl<G: Rules + SearchHints> Game for G {}

/// A static evaluation of a game's positions.
///
/// Two-sided searches use [`Evaluator::evaluate`], from the side to move's point of view.
/// Multi-player searches (paranoid, max-n, best-reply) use one score per seat, each from that
/// seat's point of view; a two-seat game builds its vector with [`super::two_seat_scores`].
pub trait Evaluator<G: Game>: Send + Sync {
    fn evaluate(&self, g: &G) -> Score;

    fn evaluate_seats(&self, g: &G) -> SeatScores;

    /// Mixed into every transposition-table key of a search with this evaluator: an evaluator
    /// whose scores depend on something beyond the position (the side the search plays for)
    /// keeps its entries apart from the other's. Zero for most.
    #[inline(always)]
    fn key_salt(&self) -> u64 {
        0
    }

    /// The search's constants for a search with this evaluator, given the game's: an
    /// evaluator that plays for one side (a leader closing in for mate) may change them for
    /// that side's searches. The game's own for most.
    #[inline(always)]
    fn search_params(&self, params: SearchParams) -> SearchParams {
        params
    }
}
