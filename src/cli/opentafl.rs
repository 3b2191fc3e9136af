//! `regalia opentafl`: the OpenTafl Engine Protocol instead of UCI (for OpenTafl's engine
//! `.ini` files).

use super::CliError;
use crate::protocol::opentafl::{run_stdio, Settings};
use clap::Args;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct OpenTaflArgs {
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Milliseconds to think per move when OpenTafl's game has no clock.
    #[arg(long, default_value_t = 3000)]
    pub think: u64,
    /// Search every move to this depth instead, whatever the clock (reproducible games and
    /// tests).
    #[arg(long, conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// Search every move for this many nodes instead, whatever the clock.
    #[arg(long)]
    pub nodes: Option<u64>,
}

pub fn opentafl(args: OpenTaflArgs) -> Result<(), CliError> {
    run_stdio(Settings {
        threads: args.threads.clamp(1, 256),
        hash_mb: args.hash.clamp(1, 65_536),
        think: Duration::from_millis(args.think.max(10)),
        depth: args.depth.map(|d| d.max(1)),
        nodes: args.nodes.map(|n| n.max(1)),
    });
    Ok(())
}
