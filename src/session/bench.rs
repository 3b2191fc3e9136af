//! `bench`: fixed positions searched to a fixed depth with one thread and a cleared table. The
//! node total is a signature: any change to search or evaluation that alters it shows.

use super::{SearchControl, Variant, VariantError};
use crate::search::{SearchLimits, SearchOptions, Searcher};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct BenchSummary {
    pub positions: usize,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchSummary {
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// Runs the bench for `variant`, calling `progress` after each position with its node count.
pub fn run_bench(
    variant: Variant,
    depth: Option<u32>,
    progress: &mut dyn FnMut(usize, usize, &str, u64),
) -> Result<BenchSummary, VariantError> {
    let mut session = variant.new_session();
    let depth = depth.unwrap_or(session.bench_depth()).clamp(1, 64);
    let positions = session.bench_positions();
    let limits = SearchLimits {
        depth: Some(depth),
        ..Default::default()
    };
    let options = SearchOptions::default();
    let mut total = 0;
    let start = Instant::now();
    // One searcher, cleared for each position as a new game clears it: its table's epoch moves
    // on and nothing is written. A fresh 16 MiB table per position had the kernel zero-fill
    // its pages inside the timed part, which a game pays once (issue 32).
    let table = Arc::new(Searcher::new(16));
    for (i, text) in positions.iter().enumerate() {
        session.set_position(Some(text), &[])?;
        table.clear();
        let control = SearchControl::new();
        let outcome = session.search(&limits, &options, &table, &control, None, &mut |_| {})?;
        total += outcome.nodes;
        progress(i + 1, positions.len(), text, outcome.nodes);
    }
    Ok(BenchSummary {
        positions: positions.len(),
        nodes: total,
        elapsed: start.elapsed(),
    })
}
