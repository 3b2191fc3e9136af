//! A move buffer on the stack for the usual case: move generation allocates only when a
//! position has more moves than the inline room (a four-player set-up phase on a large field
//! can), and then the list moves to the heap instead of overflowing.

use std::mem::MaybeUninit;

/// Inline room: every chess position (at most 218 moves) and every tafl position (attackers
/// peak below 500) fits. No larger: the search keeps several lists in each node's frame, and
/// at 1,024 a Sceptre quiescence frame was 21 KB, each frame's page probes and scattered
/// lines costing cache misses per node (issue 32; docs/results/performance.md).
const INLINE: usize = 512;

pub struct MoveList<M: Copy> {
    moves: [MaybeUninit<M>; INLINE],
    len: usize,
    /// Every move once `len` passes the inline room (empty and unallocated before).
    heap: Vec<M>,
}

impl<M: Copy> MoveList<M> {
    #[inline]
    pub fn new() -> Self {
        MoveList {
            // An array of MaybeUninit needs no initialisation.
            moves: [const { MaybeUninit::uninit() }; INLINE],
            len: 0,
            heap: Vec::new(),
        }
    }

    /// The move is written where it goes with a typed write in both branches. Were it passed
    /// to an out-of-line spill, it would need an address: a temporary on the stack, written
    /// field by field and read back whole, and a wide load of narrow stores just made waits
    /// for them to reach the cache (a stall at every push of the picker, issue 32).
    #[inline(always)]
    pub fn push(&mut self, m: M) {
        if self.len < INLINE {
            self.moves[self.len].write(m);
        } else {
            self.heap_room().write(m);
            // SAFETY: `heap_room` reserved the slot just written.
            unsafe { self.heap.set_len(self.heap.len() + 1) };
        }
        self.len += 1;
    }

    /// The heap's next free slot, the inline moves moved there first when the list reaches
    /// the inline room.
    #[cold]
    #[inline(never)]
    fn heap_room(&mut self) -> &mut MaybeUninit<M> {
        if self.len == INLINE {
            let inline = self.inline_slice(INLINE).to_vec();
            self.heap = inline;
        }
        self.heap.reserve(1);
        &mut self.heap.spare_capacity_mut()[0]
    }

    #[inline(always)]
    fn inline_slice(&self, n: usize) -> &[M] {
        // SAFETY: the first `n <= len` inline entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const M, n) }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.heap.clear();
    }

    #[inline]
    pub fn as_slice(&self) -> &[M] {
        if self.len <= INLINE {
            self.inline_slice(self.len)
        } else {
            &self.heap
        }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        if self.len <= INLINE {
            // SAFETY: the first `len` entries were written by `push`.
            unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut M, self.len) }
        } else {
            &mut self.heap
        }
    }

    /// Keeps the first `len` moves (all of them if there are fewer).
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        if self.len > INLINE && len <= INLINE {
            // The moves live on the heap since the spill (and may have been reordered there).
            for (slot, &m) in self.moves.iter_mut().zip(&self.heap[..len]) {
                *slot = MaybeUninit::new(m);
            }
            self.heap.clear();
        } else if len > INLINE {
            self.heap.truncate(len);
        }
        self.len = len;
    }

    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    pub fn contains(&self, m: &M) -> bool
    where
        M: PartialEq,
    {
        self.as_slice().contains(m)
    }
}

impl<M: Copy> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a, M: Copy> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_moves_to_the_heap_and_keeps_every_move() {
        let mut list = MoveList::new();
        for i in 0..3000u32 {
            list.push(i);
        }
        assert_eq!(list.len(), 3000);
        assert!(list.iter().copied().eq(0..3000));
        list.as_mut_slice()[2999] = 7;
        assert_eq!(list.as_slice()[2999], 7);
        list.clear();
        assert!(list.is_empty());
        list.push(5);
        assert_eq!(list.as_slice(), [5]);
    }

    #[test]
    fn truncating_keeps_the_first_moves_as_they_now_stand_inline_or_spilled() {
        for (len, keep) in [(10, 4), (3000, 2000), (3000, 700), (3000, 300), (3000, 0)] {
            let mut list = MoveList::new();
            for i in 0..len as u32 {
                list.push(i);
            }
            // Reordered after the spill: the kept moves are the list's, not the first pushed.
            list.as_mut_slice().reverse();
            let expected: Vec<u32> = list.as_slice()[..keep].to_vec();
            list.truncate(keep);
            assert_eq!(list.len(), keep);
            assert_eq!(list.as_slice(), expected.as_slice(), "{len} -> {keep}");
            list.push(99);
            assert_eq!(list.as_slice().last(), Some(&99));
        }
    }
}
