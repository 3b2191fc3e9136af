//! Takeaway: a small multi-player take-away game, written only to test the seat model and the
//! multi-player searches against a brute-force reference (the `takeaway` variant: playable through the protocol and `regalia match` like any game).
//!
//! Two to four seats share one to four heaps of at most nine tokens. A move takes one to three
//! tokens from a heap and adds them to the mover's score, which may not pass the cap. Emptying
//! a heap eliminates the next active seat after the mover; a seat that is capped withdraws
//! while three or more seats are active. The last seat standing wins; once every heap is empty
//! the highest score among the active seats wins, several tied at the top share a draw.

pub mod error;
pub mod eval;
pub mod foes;
pub mod game;
pub mod notation;
pub mod position;
pub mod session;

pub use error::TakeawayError;
pub use eval::TakeawayEval;
pub use position::{TakeawayMove, TakeawayPosition};
pub use session::TakeawayRules;

#[cfg(test)]
mod tests;
