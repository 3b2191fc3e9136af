//! The transposition table, shared by all search threads without locks: each entry stores
//! `tagged key ^ data` beside `data`, so a torn write (two threads writing one entry at once)
//! shows up as a key mismatch and is ignored instead of being believed.
//!
//! The tagged key is the position's key with its low byte replaced by the table's epoch, which
//! `clear` advances: an entry of an earlier epoch matches no probe and is the first victim of a
//! store, exactly as an empty one, so clearing writes nothing (the bench clears one table per
//! position instead of having the kernel zero-fill a fresh one, issue 32). The key's other 56
//! bits are checked, as the bucket's index comes from its top bits.

use crate::core::{Score, MATE_BOUND};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is exactly this.
    Exact = 1,
    /// The true score is at least this (a beta cut-off).
    Lower = 2,
    /// The true score is at most this (every move failed low).
    Upper = 3,
}

impl Bound {
    /// What a node's best score says, given the window it was searched with.
    #[inline]
    pub fn of_result(best: Score, alpha: Score, beta: Score) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A position's key as the table reads it: the key itself, whose top bits choose the bucket,
/// and the key tagged with the table's epoch, which an entry must hold to answer. Made once
/// per node by [`TranspositionTable::key`], so that its probe and its store do not tag the key
/// twice (the tag cost chess 0.4% more instructions, issue 32).
#[derive(Clone, Copy, Debug)]
pub struct TableKey {
    key: u64,
    tagged: u64,
}

#[derive(Clone, Copy, Debug)]
pub struct Probe {
    pub move_bits: u32,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

impl Probe {
    /// Whether the stored score answers a search with window (`alpha`, `beta`).
    #[inline(always)]
    pub fn fits(&self, alpha: Score, beta: Score) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;
const ENTRY_BYTES: usize = 16;

/// One cache line: a probe touches a single line, so it costs one memory access, not two.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

/// data layout: move 32 bits (all of [`crate::core::GameMove::to_bits`]) | score 16 | depth 8 |
/// bound 2 | age 6.
fn pack(move_bits: u32, score: Score, depth: i32, bound: Bound, age: u8) -> u64 {
    move_bits as u64
        | ((score as i16 as u16 as u64) << 32)
        | ((depth.clamp(0, 255) as u64) << 48)
        | ((bound as u64) << 56)
        | (((age & 63) as u64) << 58)
}

fn unpack(data: u64) -> (u32, Score, i32, Option<Bound>, u8) {
    let bound = match (data >> 56) & 3 {
        1 => Some(Bound::Exact),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Upper),
        _ => None,
    };
    (
        data as u32,
        ((data >> 32) & 0xFFFF) as u16 as i16 as Score,
        ((data >> 48) & 0xFF) as i32,
        bound,
        ((data >> 58) & 63) as u8,
    )
}

// SAFETY: a bucket is atomics only, and all-zero entries are empty ones (no bound).
unsafe impl super::table_memory::Zeroable for Bucket {}

/// The tagged key's bits that hold the epoch.
const EPOCH_BITS: u64 = 0xFF;

pub struct TranspositionTable {
    /// Zero-filled at birth by the kernel: a fresh table is not written before its first use
    /// (clearing 16 MiB cost the Sceptre bench's six searches 3% of their instructions). A
    /// zero entry is of epoch 0, which is never the table's.
    buckets: super::table_memory::ZeroedSlice<Bucket>,
    age: AtomicU8,
    /// The epoch of the entries that count, 1 to 255 ([`EPOCH_BITS`]).
    epoch: AtomicU8,
}

impl TranspositionTable {
    /// A table of at most `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let count = (bytes / (ENTRY_BYTES * BUCKET)).max(1);
        TranspositionTable {
            buckets: super::table_memory::ZeroedSlice::new(count),
            age: AtomicU8::new(0),
            epoch: AtomicU8::new(1),
        }
    }

    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * BUCKET * ENTRY_BYTES
    }

    /// Forgets everything (`ucinewgame`, `Clear Hash`, the bench's next position): the next
    /// epoch, so every entry written so far counts as empty. Once in 255 clears the epochs run
    /// out and the entries are zeroed. Not while a search runs.
    pub fn clear(&self) {
        let next = self.epoch.load(Ordering::Relaxed).wrapping_add(1);
        if next == 0 {
            for e in self.buckets.iter().flat_map(|b| &b.0) {
                e.check.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
            self.epoch.store(1, Ordering::Relaxed);
        } else {
            self.epoch.store(next, Ordering::Relaxed);
        }
    }

    /// `key` with its tag, as this epoch's entries hold it.
    #[inline(always)]
    pub fn key(&self, key: u64) -> TableKey {
        TableKey {
            key,
            tagged: (key & !EPOCH_BITS) | u64::from(self.epoch.load(Ordering::Relaxed)),
        }
    }

    /// Marks a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &[Entry; BUCKET] {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index].0
    }

    /// Starts loading `key`'s bucket into the cache, so that the probe which follows a few
    /// hundred instructions later does not wait for memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        super::table_memory::prefetch(self.bucket(key).as_ptr().cast());
    }

    /// Looks `key` up; the score is returned relative to `ply` (mates counted from here).
    #[inline]
    pub fn probe(&self, key: TableKey, ply: usize) -> Option<Probe> {
        let TableKey { key, tagged } = key;
        for e in self.bucket(key) {
            let data = e.data.load(Ordering::Relaxed);
            if e.check.load(Ordering::Relaxed) ^ data == tagged {
                let (move_bits, score, depth, bound, _) = unpack(data);
                let bound = bound?;
                return Some(Probe {
                    move_bits,
                    score: score_from_table(score, ply),
                    depth,
                    bound,
                });
            }
        }
        None
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: TableKey,
        ply: usize,
        move_bits: u32,
        score: Score,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let TableKey { key, tagged } = key;
        let bucket = self.bucket(key);
        // Same position: overwrite (keeping its move when we have none). Otherwise replace the
        // entry whose depth, discounted by its age, is smallest.
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, e) in bucket.iter().enumerate() {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data == tagged {
                let (old_move, _, old_depth, _, _) = unpack(data);
                if bound != Bound::Exact && depth + 3 < old_depth {
                    return;
                }
                let m = if move_bits == 0 { old_move } else { move_bits };
                self.write(
                    e,
                    tagged,
                    pack(m, score_to_table(score, ply), depth, bound, age),
                );
                return;
            }
            let (_, _, d, _, a) = unpack(data);
            // An earlier epoch's entry is an empty one. An entry never written (all zero) is of
            // epoch 0, and every write of this epoch has a bound, so the epoch alone tells an
            // empty entry: no test of the bound (chess paid for both, issue 32).
            let worth = if (check ^ data ^ tagged) & EPOCH_BITS != 0 {
                i32::MIN
            } else {
                d - 8 * (age.wrapping_sub(a) & 63) as i32
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        self.write(
            &bucket[victim],
            tagged,
            pack(move_bits, score_to_table(score, ply), depth, bound, age),
        );
    }

    #[inline(always)]
    fn write(&self, e: &Entry, tagged: u64, data: u64) {
        e.data.store(data, Ordering::Relaxed);
        e.check.store(tagged ^ data, Ordering::Relaxed);
    }

    /// Per-mille of a sample of entries written during the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let epoch = u64::from(self.epoch.load(Ordering::Relaxed));
        let sample = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .take(sample)
            .filter(|e| {
                let data = e.data.load(Ordering::Relaxed);
                let current = (e.check.load(Ordering::Relaxed) ^ data) & EPOCH_BITS == epoch;
                let (_, _, _, b, a) = unpack(data);
                current && b.is_some() && a == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// Mate scores are stored relative to the node, so the same entry is right at any ply.
fn score_to_table(score: Score, ply: usize) -> Score {
    relative_to_node(score, ply, MATE_BOUND)
}

/// A win (or loss) at or beyond `win_above` as a distance from the node at `ply` rather than
/// from the root, so that the entry means the same wherever the node is met again.
#[inline]
pub(crate) fn relative_to_node(score: Score, ply: usize, win_above: Score) -> Score {
    if score >= win_above {
        score + ply as Score
    } else if score <= -win_above {
        score - ply as Score
    } else {
        score
    }
}

fn score_from_table(score: Score, ply: usize) -> Score {
    relative_to_root(score, ply, MATE_BOUND)
}

/// The inverse of [`relative_to_node`], for the node at `ply`.
#[inline]
pub(crate) fn relative_to_root(score: Score, ply: usize, win_above: Score) -> Score {
    if score >= win_above {
        score - ply as Score
    } else if score <= -win_above {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mate_in;

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        let tt = TranspositionTable::new(3);
        assert_eq!(tt.buckets.as_ptr() as usize % 64, 0);
        assert_eq!(tt.size_bytes(), 3 * 1024 * 1024);
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        // A move using all 32 bits comes back whole.
        tt.store(tt.key(0xDEAD_BEEF), 0, 0xF123_4567, -123, 7, Bound::Lower);
        let p = tt.probe(tt.key(0xDEAD_BEEF), 0).expect("stored entry");
        assert_eq!(
            (p.move_bits, p.score, p.depth, p.bound),
            (0xF123_4567, -123, 7, Bound::Lower)
        );
        assert!(tt.probe(tt.key(0xBEEF_DEAD), 0).is_none());
    }

    #[test]
    fn mate_scores_are_ply_relative() {
        let tt = TranspositionTable::new(1);
        // Mate in 5 plies from the root, found at ply 2: 3 plies from the node.
        tt.store(tt.key(42), 2, 0, mate_in(5), 4, Bound::Exact);
        // Reached again at ply 4, the same mate is 7 plies from the root.
        assert_eq!(tt.probe(tt.key(42), 4).map(|p| p.score), Some(mate_in(7)));
    }

    /// Six keys for each of eight buckets, each in the middle of its bucket: full buckets, so
    /// that stores choose victims.
    fn crowded_keys(tt: &TranspositionTable) -> Vec<u64> {
        let width = u64::MAX / tt.buckets.len() as u64;
        (0..6 * 8)
            .map(|i| (2 * (i % 8) + 1) * (width / 2) + (i / 8) * 0x1_0000_0100 + 0x77)
            .collect()
    }

    /// Stores every other key of `keys`, then what each key's probe finds.
    fn second_round(tt: &TranspositionTable, keys: &[u64]) -> Vec<Option<(u32, Score, i32)>> {
        for (i, &k) in keys.iter().enumerate().step_by(2) {
            tt.store(
                tt.key(k),
                0,
                100 + i as u32,
                -(i as Score),
                (i % 3) as i32,
                Bound::Upper,
            );
        }
        keys.iter()
            .map(|&k| {
                tt.probe(tt.key(k), 0)
                    .map(|p| (p.move_bits, p.score, p.depth))
            })
            .collect()
    }

    /// [`second_round`] on a table filled with every key and cleared `clears` times.
    fn after_clears(clears: usize) -> Vec<Option<(u32, Score, i32)>> {
        let tt = TranspositionTable::new(1);
        let keys = crowded_keys(&tt);
        for (i, &k) in keys.iter().enumerate() {
            tt.store(
                tt.key(k),
                0,
                i as u32 + 1,
                i as Score,
                (i % 5) as i32,
                Bound::Lower,
            );
        }
        for _ in 0..clears {
            tt.clear();
        }
        second_round(&tt, &keys)
    }

    #[test]
    fn a_cleared_table_answers_as_a_fresh_one_whatever_the_epoch() {
        let tt = TranspositionTable::new(1);
        let fresh = second_round(&tt, &crowded_keys(&tt));
        assert!(fresh.iter().any(Option::is_some) && fresh.iter().any(Option::is_none));
        // 254 clears reach the last epoch; the 255th wraps around and zeroes the entries.
        for clears in [1, 2, 254, 255, 256, 600] {
            assert_eq!(after_clears(clears), fresh, "{clears} clears");
        }
        assert_ne!(
            after_clears(0),
            fresh,
            "without a clear the first round's entries stay"
        );
    }

    #[test]
    fn hashfull_counts_only_this_epochs_entries() {
        let tt = TranspositionTable::new(1);
        tt.new_search();
        for k in 0..4000u64 {
            tt.store(
                tt.key(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                0,
                1,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 0);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn size_stays_within_the_requested_megabytes() {
        for mb in [1, 3, 16, 100] {
            let tt = TranspositionTable::new(mb);
            assert!(tt.size_bytes() <= mb * 1024 * 1024);
            assert!(tt.size_bytes() > mb * 1024 * 1024 / 2);
        }
    }
}
