//! `regalia perft`: node counts from the shell, parallel over root moves.

use super::{say, CliError};
use clap::Args;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: super::PositionArgs,
    /// Plies to count (at most 128).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=crate::search::perft::MAX_PERFT_DEPTH as i64))]
    pub depth: u32,
    /// Print the count under each root move.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (1 = single-threaded); default: all cores.
    #[arg(long)]
    pub threads: Option<usize>,
}

pub fn perft(args: PerftArgs) -> Result<(), CliError> {
    let session = args.position.session()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = Instant::now();
    let lines = session.perft(args.depth, threads.max(1));
    let elapsed = start.elapsed();
    let total: u64 = if args.depth == 0 {
        1
    } else {
        lines.iter().map(|(_, n)| n).sum()
    };
    if args.divide {
        for (m, n) in &lines {
            say(&format!("{m}: {n}"))?;
        }
        say("")?;
    }
    say(&format!("Nodes searched: {total}"))?;
    let secs = elapsed.as_secs_f64();
    say(&format!(
        "Time: {:.3} s, {:.0} nodes/s",
        secs,
        if secs > 0.0 { total as f64 / secs } else { 0.0 }
    ))?;
    Ok(())
}
