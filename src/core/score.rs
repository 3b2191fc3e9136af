//! Scores in centipawn-like units, from the point of view of the side to move.

pub type Score = i32;

/// Deepest ply any search may reach; mate scores are encoded relative to it.
pub const MAX_PLY: usize = 128;
pub const DRAW: Score = 0;
pub const MATE: Score = 32_000;
/// Scores at or beyond this magnitude are mates (or wins by any rule) at a known distance.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
pub const INFINITE: Score = MATE + 1;

/// The score of delivering a win `ply` plies from the root.
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// The score of suffering a loss `ply` plies from the root.
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}
