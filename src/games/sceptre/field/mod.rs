//! The field (docs/rules/sceptre1027.md "Boards"): nine 8x8 boards of our own design as data, layouts that
//! place them on one grid (TOML, validated by the rulebook's rules), the terrain and its text,
//! squares, the kingdoms, and the padded mailbox move generation runs on (`mailbox`: neighbour,
//! knight and line tables); with the pieces and seats the terrain table is written for.

pub mod access;
pub mod board;
pub mod cells;
pub mod grid;
pub mod kingdoms;
pub mod layout;
pub(super) mod lines;
pub mod mailbox;
pub(in crate::games::sceptre) mod pawn_reach;
pub mod piece;
pub mod seats;
pub mod square;
pub mod terrain;
pub mod terrain_text;
pub(super) mod validate;

// `field::Field`, `field::Square`…: the mailbox is what the rest of the game calls the field.
pub use mailbox::*;
