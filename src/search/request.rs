//! What a search is asked: the position and its history, the root moves, the limits and
//! options, the searcher whose table and thread state it uses, and the flags that stop it.

use super::limits::{SearchLimits, SearchOptions};
use super::searcher::Searcher;
use crate::core::Game;
use std::sync::atomic::AtomicBool;

/// Everything one search needs besides the position.
pub struct SearchRequest<'a, G: Game> {
    pub game: &'a G,
    /// Keys of the positions played before this one, oldest first (for repetitions).
    pub history: &'a [u64],
    /// The root moves to consider (already restricted by `searchmoves`), never empty.
    pub root_moves: Vec<G::Move>,
    pub limits: &'a SearchLimits,
    pub options: &'a SearchOptions,
    /// The table and the threads' state, kept from one search to the next.
    pub searcher: &'a Searcher,
    pub stop: &'a AtomicBool,
    pub pondering: &'a AtomicBool,
}
