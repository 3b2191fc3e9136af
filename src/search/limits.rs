//! What a `go` asks for, and the engine-wide options that shape every search.

use std::time::Duration;

/// The limits of one search (UCI `go` parameters, game-agnostic: clocks are per seat).
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Remaining time per seat (seat 0 = wtime, seat 1 = btime in two-player games).
    pub time: [Option<Duration>; 4],
    /// Increment per seat.
    pub increment: [Option<Duration>; 4],
    pub moves_to_go: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves (stop once one is found).
    pub mate: Option<u32>,
    pub move_time: Option<Duration>,
    pub infinite: bool,
    pub ponder: bool,
    /// Restrict the root to these moves (move texts; empty = all).
    pub search_moves: Vec<String>,
}

/// Options the protocol sets that every search reads.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub threads: usize,
    pub multi_pv: usize,
    /// Time kept back per move for GUI and transmission delays.
    pub move_overhead: Duration,
    /// Evaluate by material alone (the `Evaluation` option; for strength comparisons).
    pub material_only: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multi_pv: 1,
            move_overhead: Duration::from_millis(30),
            material_only: false,
        }
    }
}
