//! The table max-n and best-reply search keep: per position its best move, the
//! depth it was searched to, and what is known of its value (a score bound for best-reply, an
//! exact vector for max-n). Every thread of a search shares it, without locks.
//!
//! Direct-mapped and always replaced: the newest result is the one the next iteration needs
//! (its best move leads the ordering there).

use super::tt::{relative_to_node, relative_to_root, Bound};
use crate::core::{Score, MAX_SEATS};
use std::sync::atomic::{AtomicU64, Ordering};

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
    pub move_bits: u32,
    pub depth: i16,
    pub known: Known,
    /// Stored relative to the node (see [`relative_to_node`]), i16 to keep entries small.
    scores: [i16; MAX_SEATS],
}

impl Known {
    fn code(self) -> u64 {
        match self {
            Known::MoveOnly => 0,
            Known::Score(Bound::Exact) => 1,
            Known::Score(Bound::Lower) => 2,
            Known::Score(Bound::Upper) => 3,
            Known::Vector => 4,
        }
    }

    fn from_code(code: u64) -> Known {
        match code {
            1 => Known::Score(Bound::Exact),
            2 => Known::Score(Bound::Lower),
            3 => Known::Score(Bound::Upper),
            4 => Known::Vector,
            _ => Known::MoveOnly,
        }
    }
}

/// An entry as three words written without locks: the key is stored mixed with the two data
/// words, so an entry torn by two threads writing at once reads as another key and is ignored.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    head: AtomicU64,
    scores: AtomicU64,
}

/// Entries of at most this many bytes.
const MAX_BYTES: usize = 64 << 20;

/// Shared by every thread of a search, and kept by the [`crate::search::Searcher`] from one
/// search to the next.
pub struct NodeTable {
    slots: Vec<Slot>,
    mask: usize,
    /// The search under way (modulo 256), written into every entry: an entry of an earlier
    /// search offers only its move. Its value may come from a deeper search than the one that
    /// meets it now, and max-n and best-reply answer for exactly the depth they searched.
    generation: u8,
}

impl NodeTable {
    /// A table of at most `bytes` (a power of two of entries, at least 1024).
    pub fn with_bytes(bytes: usize) -> NodeTable {
        let wanted = bytes.min(MAX_BYTES) / std::mem::size_of::<Slot>();
        // The largest power of two that fits.
        let len = (wanted.max(1024) + 1).next_power_of_two() / 2;
        let mut slots = Vec::with_capacity(len);
        slots.resize_with(len, Slot::default);
        NodeTable {
            slots,
            mask: len - 1,
            generation: 0,
        }
    }

    /// Marks the start of another search: older entries offer only their moves.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // Both halves: a salt mixed into a key must still move it to another slot.
        &self.slots[((key >> 32) ^ key) as usize & self.mask]
    }

    /// The entry of `key`, if the table still holds it (key 0 is never stored).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let head = slot.head.load(Ordering::Relaxed);
        let scores = slot.scores.load(Ordering::Relaxed);
        if key == 0 || slot.check.load(Ordering::Relaxed) ^ head ^ scores != key {
            return None;
        }
        Some(Entry {
            move_bits: head as u32,
            depth: (head >> 32) as u16 as i16,
            known: if (head >> 56) as u8 == self.generation {
                Known::from_code((head >> 48) & 0xFF)
            } else {
                Known::MoveOnly
            },
            scores: std::array::from_fn(|i| (scores >> (16 * i)) as u16 as i16),
        })
    }

    /// Stores a best-reply score (mate distances made relative to the node at `ply`).
    pub fn store_score(
        &self,
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
        &self,
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

    fn put(&self, key: u64, move_bits: u32, depth: i32, known: Known, scores: [i16; 4]) {
        let head = move_bits as u64
            | (depth.clamp(0, i16::MAX as i32) as u16 as u64) << 32
            | known.code() << 48
            | (self.generation as u64) << 56;
        let scores = scores
            .iter()
            .enumerate()
            .fold(0u64, |w, (i, &s)| w | (s as u16 as u64) << (16 * i));
        let slot = self.slot(key);
        slot.head.store(head, Ordering::Relaxed);
        slot.scores.store(scores, Ordering::Relaxed);
        slot.check.store(key ^ head ^ scores, Ordering::Relaxed);
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
        let t = NodeTable::with_bytes(1 << 16);
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
        let t = NodeTable::with_bytes(1 << 16);
        // A mate 5 plies from the root, seen at ply 2; met again at ply 4 it is 7 plies away.
        t.store_score(42, 2, 0, 4, Bound::Exact, mate_in(5));
        assert_eq!(t.probe(42).map(|e| e.score(4)), Some(mate_in(7)));
        // A max-n win share likewise; ordinary shares stay as they are.
        t.store_vector(43, 1, 9, 3, Some([9_990, 5, 0, 0]), 9_000);
        let v = t.probe(43).map(|e| e.vector(3, 9_000));
        assert_eq!(v, Some([9_988, 5, 0, 0]));
    }
}
