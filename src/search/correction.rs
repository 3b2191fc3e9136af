//! Correction history: a hand-written evaluation errs the same way across positions that share
//! a feature (in chess, the pawn structure), so the search learns, per side to move and
//! [`crate::core::SearchHints::correction_key`], a running average of how far its results were from the
//! static evaluation, and adds it to that evaluation before it prunes on it.

use crate::core::{Score, Seat, MATE_BOUND};

/// Entries per side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries hold the correction in 1/GRAIN centipawns, so that small updates are not lost.
const GRAIN: i32 = 256;
/// A correction never exceeds this many centipawns.
const MAX_CORRECTION: i32 = 64;
/// Weights of an update are out of this; a deeper search weighs more.
const WEIGHT_SCALE: i32 = 1024;
const MAX_WEIGHT: i32 = 128;

#[derive(Clone, Debug)]
pub struct CorrectionHistory {
    entries: Vec<i32>,
    sides: usize,
}

impl CorrectionHistory {
    /// A table for `sides` sides to move (the two seats of a two-player game).
    pub fn new(sides: usize) -> Self {
        CorrectionHistory {
            entries: vec![0; ENTRIES * sides],
            sides,
        }
    }

    /// Whether it fits a game of `sides` sides (a kept table of another game does not).
    pub fn fits(&self, sides: usize) -> bool {
        self.sides == sides
    }

    #[inline(always)]
    fn index(side: Seat, key: u64) -> usize {
        side as usize * ENTRIES + (key >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// The static evaluation `eval` with the learnt correction, kept clear of mate scores.
    #[inline]
    pub fn corrected(&self, side: Seat, key: u64, eval: Score) -> Score {
        let correction = self.entries[Self::index(side, key)] / GRAIN;
        (eval + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Learns from a search of `depth` plies whose result was `score` where the (corrected)
    /// static evaluation said `eval`.
    pub fn update(&mut self, side: Seat, key: u64, depth: i32, score: Score, eval: Score) {
        let entry = &mut self.entries[Self::index(side, key)];
        let error = (score - eval) * GRAIN;
        let weight = (depth * depth + 2 * depth + 1).min(MAX_WEIGHT);
        let blended = (*entry * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
        *entry = blended.clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_above_the_evaluation_raise_it_for_that_key_and_side_only() {
        let mut table = CorrectionHistory::new(2);
        let key = 0xDEAD_BEEF_0123_4567;
        for _ in 0..50 {
            table.update(0, key, 8, 140, 100);
        }
        let corrected = table.corrected(0, key, 100);
        assert!((130..=140).contains(&corrected), "{corrected}");
        assert_eq!(
            table.corrected(1, key, 100),
            100,
            "the other side keeps its own"
        );
        assert_eq!(
            table.corrected(0, !key, 100),
            100,
            "another key is untouched"
        );
    }

    #[test]
    fn corrections_are_bounded() {
        let mut table = CorrectionHistory::new(2);
        for _ in 0..100 {
            table.update(1, 7, 20, 5_000, -5_000);
        }
        assert_eq!(table.corrected(1, 7, 0), MAX_CORRECTION);
        assert!(table.fits(2) && !table.fits(3));
    }
}
