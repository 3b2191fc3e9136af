//! One search thread's static evaluations, remembered by salted position key: the same
//! position is evaluated again and again (main search, quiescence, re-searches), and the
//! evaluation is a pure function of it.
//!
//! A slot is 16 bytes, four to a cache line, so a lookup reads one line (as an
//! `Option<(u64, Score)>`, 24 bytes, one slot in four straddled two lines and the cache took
//! 1.5 MiB, not 1 MiB: issue 32, docs/results/performance.md).

use crate::core::Score;

/// Slots in a thread's cache (a power of two; 1 MiB).
const SLOTS: usize = 1 << 16;

/// Slots of a cache line, any of which a key may use: with one slot a key, a key whose slot
/// another took was evaluated again (a cache sixteen times the size evaluated 3.3% fewer
/// positions in the Sceptre bench, issue 32).
const WAYS: usize = 4;

#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Slot {
    key: u64,
    score: Score,
    /// A slot never written holds no evaluation, whatever key is asked for (0 included).
    filled: bool,
}

/// A cache line of slots, newest first: a lookup reads one line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Line([Slot; WAYS]);

pub(super) struct EvalCache {
    lines: Box<[Line]>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache {
            lines: vec![Line::default(); SLOTS / WAYS].into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn index(key: u64) -> usize {
        (key as usize) & (SLOTS / WAYS - 1)
    }

    /// The evaluation stored for `key`, if a slot of its line holds that key.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Score> {
        self.lines[Self::index(key)]
            .0
            .iter()
            .find(|slot| slot.filled && slot.key == key)
            .map(|slot| slot.score)
    }

    /// Every slot empty again, in the memory it has.
    pub fn clear(&mut self) {
        self.lines.fill(Line::default());
    }

    /// Starts loading `key`'s line, for a lookup soon after.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        super::table_memory::prefetch((&self.lines[Self::index(key)] as *const Line).cast());
    }

    /// Remembers `score` for `key` first in its line, the others moved one on: the line's
    /// oldest is forgotten.
    #[inline(always)]
    pub fn put(&mut self, key: u64, score: Score) {
        let line = &mut self.lines[Self::index(key)].0;
        line.copy_within(0..WAYS - 1, 1);
        line[0] = Slot {
            key,
            score,
            filled: true,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_sixteen_bytes_and_a_line_of_them_one_cache_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
        assert_eq!(std::mem::size_of::<Line>(), 64);
        assert_eq!(std::mem::align_of::<Line>(), 64);
    }

    #[test]
    fn a_key_is_found_until_four_others_of_its_line_come_after_it() {
        let mut cache = EvalCache::new();
        assert_eq!(cache.get(0), None, "an empty slot holds no key, not even 0");
        cache.put(0, 17);
        assert_eq!(cache.get(0), Some(17));
        let same_line = |i: u64| (SLOTS / WAYS) as u64 * i;
        for i in 1..WAYS as u64 {
            assert_eq!(cache.get(same_line(i)), None);
            cache.put(same_line(i), -(i as Score));
        }
        assert_eq!(cache.get(0), Some(17), "four ways");
        assert_eq!(cache.get(same_line(3)), Some(-3));
        cache.put(same_line(WAYS as u64), 5);
        assert_eq!(cache.get(0), None, "the oldest forgotten");
        assert_eq!(cache.get(same_line(1)), Some(-1));
        cache.put(1, 2);
        assert_eq!((cache.get(1), cache.get(same_line(4))), (Some(2), Some(5)));
        cache.clear();
        assert_eq!(
            (cache.get(1), cache.get(same_line(4))),
            (None, None),
            "cleared"
        );
    }
}
