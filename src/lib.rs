//! Regalia: one engine for orthodox chess and four variants.
//!
//! Layers, each calling only the ones below it: `protocol` (the text loop) and `cli` (the shell
//! subcommands) -> `session` (one enum of variants, text in and out) -> `search` (generic over
//! the game traits) -> `games` (rules and notation) -> `core` (the traits).

pub mod arena;
pub mod cli;
pub mod core;
pub mod games;
pub mod protocol;
pub mod render;
pub mod search;
pub mod serve;
pub mod session;
pub mod tune;
