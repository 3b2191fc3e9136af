//! `regalia analyse`: the board and the best lines, in readable form, for a person at the shell.

use super::{say, CliError};
use crate::search::{Report, ReportScore, SearchLimits, SearchOptions, Searcher};
use crate::session::{GameStatus, SearchControl};
use clap::Args;
use std::sync::Arc;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: super::PositionArgs,
    /// Search depth (default 12 when no --movetime is given).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search time in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Number of best lines.
    #[arg(long, default_value_t = 3)]
    pub multipv: usize,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
}

/// `+0.35` for centipawns, `#3` / `#-2` for mates.
pub fn score_text(score: ReportScore) -> String {
    match score {
        ReportScore::Centipawns(cp) => format!("{:+.2}", cp as f64 / 100.0),
        ReportScore::Mate(n) => format!("#{n}"),
    }
}

pub fn analyse(args: AnalyseArgs) -> Result<(), CliError> {
    let session = args.position.session()?;
    say(&session.describe())?;
    say("")?;
    if let GameStatus::Over(result) = session.status() {
        return say(&format!("The game is over: {result}."));
    }
    let limits = SearchLimits {
        depth: match (args.depth, args.movetime) {
            (None, None) => Some(12),
            (d, _) => d,
        },
        move_time: args.movetime.map(Duration::from_millis),
        ..Default::default()
    };
    let options = SearchOptions {
        threads: args.threads.clamp(1, 256),
        multi_pv: args.multipv.clamp(1, 256),
        move_overhead: Duration::ZERO,
        ..SearchOptions::default()
    };
    let control = SearchControl::new();
    let table = Arc::new(Searcher::new(args.hash.clamp(1, 16_384)));
    let mut lines: Vec<Option<Report>> = vec![None; options.multi_pv];
    let outcome = session.search(&limits, &options, &table, &control, &mut |r| {
        if r.bound.is_none() {
            if let Some(slot) = lines.get_mut(r.multipv - 1) {
                *slot = Some(r.clone());
            }
        }
    })?;
    say("Best lines (score from the side to move's view):")?;
    for (i, line) in lines.iter().flatten().enumerate() {
        say(&format!(
            "{:>2}. {:>7}  depth {:>2}  {}",
            i + 1,
            score_text(line.score),
            line.depth,
            line.pv.join(" ")
        ))?;
    }
    if let Some(best) = outcome.best {
        say(&format!("Best move: {best} ({} nodes)", outcome.nodes))?;
    }
    Ok(())
}
