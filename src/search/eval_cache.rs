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

#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Slot {
    key: u64,
    score: Score,
    /// A slot never written holds no evaluation, whatever key is asked for (0 included).
    filled: bool,
}

pub(super) struct EvalCache {
    slots: Box<[Slot]>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![Slot::default(); SLOTS].into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn index(key: u64) -> usize {
        (key as usize) & (SLOTS - 1)
    }

    /// The evaluation stored for `key`, if its slot holds that key.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Score> {
        let slot = &self.slots[Self::index(key)];
        (slot.filled && slot.key == key).then_some(slot.score)
    }

    /// Every slot empty again, in the memory it has.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    /// Starts loading `key`'s slot, for a lookup soon after.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        super::table_memory::prefetch((&self.slots[Self::index(key)] as *const Slot).cast());
    }

    /// Remembers `score` for `key`, in place of whatever its slot held.
    #[inline(always)]
    pub fn put(&mut self, key: u64, score: Score) {
        self.slots[Self::index(key)] = Slot {
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
    fn a_slot_is_sixteen_bytes_and_four_fill_a_cache_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
        assert_eq!(64 % std::mem::align_of::<Slot>(), 0);
    }

    #[test]
    fn a_key_is_found_until_another_of_its_slot_replaces_it() {
        let mut cache = EvalCache::new();
        assert_eq!(cache.get(0), None, "an empty slot holds no key, not even 0");
        cache.put(0, 17);
        assert_eq!(cache.get(0), Some(17));
        let same_slot = SLOTS as u64 * 3;
        assert_eq!(cache.get(same_slot), None);
        cache.put(same_slot, -5);
        assert_eq!(cache.get(same_slot), Some(-5));
        assert_eq!(cache.get(0), None, "replaced");
        cache.put(1, 2);
        assert_eq!((cache.get(1), cache.get(same_slot)), (Some(2), Some(-5)));
        cache.clear();
        assert_eq!(
            (cache.get(1), cache.get(same_slot)),
            (None, None),
            "cleared"
        );
    }
}
