//! One move of a refereed game as the record keeps it: who played it, in both notations, with
//! the engine's own score and depth. Its own file so that adjudication, which reads moves, and
//! the game, which plays them, both depend on it rather than on each other.

use super::engine::EngineScore;
use std::time::Duration;

/// A move played in a refereed game.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub seat: u8,
    /// The move as the engine sent it.
    pub text: String,
    /// The move in the game's record notation (SAN for the chess family).
    pub notation: String,
    pub score: Option<EngineScore>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}
