//! The rules of play on a field (docs/rules/sceptre1027.md): the position's state (pieces, players, set-up,
//! pools, check runs), move generation (`attacks`, `movegen`: terrain, limited sliders, pawns
//! in rivers and ruins, holes, check and the set-up), `SceptreMove`, make/unmake (`make`:
//! pools, promotion, elimination, withdrawal), the start of a game and the keys of positions.

pub mod attacks;
pub mod cover;
pub mod make;
pub mod movegen;
pub mod moves;
pub(super) mod occupancy;
pub mod pawn_moves;
pub mod position;
pub(super) mod reach;
#[cfg(test)]
mod slow_rules;
pub mod start;
pub mod tally;
pub mod zobrist;
