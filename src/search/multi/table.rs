//! The table max-n and best-reply search keep for one search: per position its best move, the
//! depth it was searched to, and what is known of its value (a score bound for best-reply, an
//! exact vector for max-n). One thread owns it, so plain entries do: no atomics, no locks.
//!
//! Direct-mapped and always replaced: the newest result is the one the next iteration needs
//! (its best move leads the ordering there).

use super::super::tt::{relative_to_node, relative_to_root, Bound};
use crate::core::{Score, MAX_SEATS};

/// What an entry says about the node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Only the best move (a max-n node cut by shallow pruning: its vector is a bound).
    MoveOnly,
    /// A best-reply score of this bound in `scores[0]`.
    Score(Bound),
    /// A max-n vector, exact.
    Vector,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    pub move_bits: u32,
    pub depth: i16,
    pub known: Known,
    /// Stored relative to the node (see [`to_node`]), i16 to keep entries small.
    scores: [i16; MAX_SEATS],
}

const EMPTY: Entry = Entry {
    key: 0,
    move_bits: 0,
    depth: 0,
    known: Known::MoveOnly,
    scores: [0; MAX_SEATS],
};

/// Entries of at most this many bytes: a search allocates its table once per `go`.
const MAX_BYTES: usize = 64 << 20;

pub struct NodeTable {
    entries: Vec<Entry>,
    mask: usize,
}

impl NodeTable {
    /// A table of at most `bytes` (a power of two of entries, at least 1024).
    pub fn with_bytes(bytes: usize) -> NodeTable {
        let wanted = bytes.min(MAX_BYTES) / std::mem::size_of::<Entry>();
        // The largest power of two that fits.
        let len = (wanted.max(1024) + 1).next_power_of_two() / 2;
        NodeTable {
            entries: vec![EMPTY; len],
            mask: len - 1,
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Both halves: a salt mixed into a key must still move it to another slot.
        ((key >> 32) ^ key) as usize & self.mask
    }

    /// The entry of `key`, if the table still holds it (key 0 is never stored).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry> {
        let e = &self.entries[self.slot(key)];
        (e.key == key && key != 0).then_some(e)
    }

    /// Stores a best-reply score (mate distances made relative to the node at `ply`).
    pub fn store_score(
        &mut self,
        key: u64,
        ply: usize,
        move_bits: u32,
        depth: i32,
        bound: Bound,
        score: Score,
    ) {
        let mut scores = [0; MAX_SEATS];
        scores[0] = relative_to_node(score, ply, MATE_LIKE) as i16;
        self.put(key, move_bits, depth, Known::Score(bound), scores);
    }

    /// Stores a max-n vector (exact) or only a best move.
    pub fn store_vector(
        &mut self,
        key: u64,
        ply: usize,
        move_bits: u32,
        depth: i32,
        vector: Option<[Score; MAX_SEATS]>,
        win_above: Score,
    ) {
        let mut scores = [0; MAX_SEATS];
        let known = match vector {
            Some(v) => {
                for (s, &x) in scores.iter_mut().zip(v.iter()) {
                    *s = relative_to_node(x, ply, win_above) as i16;
                }
                Known::Vector
            }
            None => Known::MoveOnly,
        };
        self.put(key, move_bits, depth, known, scores);
    }

    fn put(&mut self, key: u64, move_bits: u32, depth: i32, known: Known, scores: [i16; 4]) {
        let slot = self.slot(key);
        self.entries[slot] = Entry {
            key,
            move_bits,
            depth: depth.clamp(0, i16::MAX as i32) as i16,
            known,
            scores,
        };
    }
}

impl Entry {
    /// The stored best-reply score, seen from a node at `ply`.
    pub fn score(&self, ply: usize) -> Score {
        relative_to_root(self.scores[0] as Score, ply, MATE_LIKE)
    }

    /// The stored max-n vector, seen from a node at `ply`.
    pub fn vector(&self, ply: usize, win_above: Score) -> [Score; MAX_SEATS] {
        self.scores
            .map(|s| relative_to_root(s as Score, ply, win_above))
    }
}

/// Best-reply scores: wins and losses beyond this are mate distances.
const MATE_LIKE: Score = crate::core::MATE_BOUND;

/// A win found `n` plies below the root is worth less the further away it is; stored relative
/// to the node, the same entry is right wherever the position is met again.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mate_in;

    #[test]
    fn returns_the_stored_move_and_bound() {
        let mut t = NodeTable::with_bytes(1 << 16);
        t.store_score(0xABCD_1234_5678, 3, 77, 5, Bound::Lower, 120);
        let e = t.probe(0xABCD_1234_5678).expect("stored");
        assert_eq!(
            (e.move_bits, e.depth, e.known),
            (77, 5, Known::Score(Bound::Lower))
        );
        assert_eq!(e.score(9), 120);
        assert!(t.probe(0xABCD_1234_5679).is_none());
    }

    #[test]
    fn wins_are_relative_to_the_node() {
        let mut t = NodeTable::with_bytes(1 << 16);
        // A mate 5 plies from the root, seen at ply 2; met again at ply 4 it is 7 plies away.
        t.store_score(42, 2, 0, 4, Bound::Exact, mate_in(5));
        assert_eq!(t.probe(42).map(|e| e.score(4)), Some(mate_in(7)));
        // A max-n win share likewise; ordinary shares stay as they are.
        t.store_vector(43, 1, 9, 3, Some([9_990, 5, 0, 0]), 9_000);
        let v = t.probe(43).map(|e| e.vector(3, 9_000));
        assert_eq!(v, Some([9_988, 5, 0, 0]));
    }
}
