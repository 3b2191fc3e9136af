//! Tafl: the 11x11 siege game (RULINGS §4). Attackers (seat 0) move first; the defenders'
//! king runs for the four corner gates.

pub mod bench;
pub mod board;
pub mod describe;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod session;

pub use eval::TaflEval;
pub use notation::PositionError;
pub use position::{Cell, Side, TaflMove, TaflPosition};
pub use session::TaflRules;
