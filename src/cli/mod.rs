//! The shell subcommands: perft and bench (analyse and match join with the tools issue).

mod bench;
mod perft;

pub use bench::{bench, BenchArgs};
pub use perft::{perft, PerftArgs};
