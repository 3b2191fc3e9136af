//! A fixed-capacity move buffer on the stack: move generation never allocates.

use std::mem::MaybeUninit;

/// Room for the largest move count of any game Regalia plays (tafl attackers peak below 500;
/// a four-seat Sceptre field stays below this as well).
const CAPACITY: usize = 1024;

pub struct MoveList<M: Copy> {
    moves: [MaybeUninit<M>; CAPACITY],
    len: usize,
}

impl<M: Copy> MoveList<M> {
    #[inline]
    pub fn new() -> Self {
        MoveList {
            // An array of MaybeUninit needs no initialisation.
            moves: [const { MaybeUninit::uninit() }; CAPACITY],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: M) {
        // A full list is a move-generator bug, never an input problem; indexing checks it.
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
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
    }

    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const M, self.len) }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut M, self.len) }
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
