//! Per-cell arrays of the mailbox without bounds checks in the hot loops (issue 32): every
//! field's mailbox fits in [`CELLS`] cells, so an array of exactly that many, indexed by a
//! square masked to [`CELLS`]` - 1`, is in range by construction: the compiler sees an index
//! below the array's fixed length and drops the check, and no index can fail.
//!
//! The widest field is [`MAX_SIDE`] squares a side with [`PAD`] rings round it, 6,084 cells;
//! [`CELLS`] is the next power of two. The cells past a field's mailbox are never written, so
//! a masked [`NO_SQUARE`](super::NO_SQUARE) (`u16::MAX`, cell 8,191) reads the fill value: an
//! empty square, no cover, no terrain, as a lookup that fails would have answered.

use super::mailbox::PAD;
use super::square::MAX_SIDE;
use std::fmt;
use std::ops::{Index, IndexMut};

/// Cells in every per-cell array: a power of two at least as large as any mailbox.
pub const CELLS: usize = 8192;

/// Entries in a per-line array (`field::lines`): the widest field has 72 files, 72 ranks and
/// 143 diagonals each way, 430 lines.
pub const LINES: usize = 512;

const _: () = assert!((MAX_SIDE + 2 * PAD) * (MAX_SIDE + 2 * PAD) <= CELLS);
const _: () = assert!(2 * MAX_SIDE + 2 * (2 * MAX_SIDE - 1) <= LINES);
const _: () = assert!(CELLS.is_power_of_two() && LINES.is_power_of_two());

/// `N` values (a power of two) indexed by `index & (N - 1)`: in range by construction.
#[derive(Clone, PartialEq, Eq)]
pub struct MaskedArray<T, const N: usize>(Box<[T; N]>);

/// One value per mailbox cell, indexed by `square as usize`.
pub type CellArray<T> = MaskedArray<T, CELLS>;

/// One value per line of the field, indexed by `LinePlace::line as usize`.
pub type LineArray<T> = MaskedArray<T, LINES>;

impl<T: Copy, const N: usize> MaskedArray<T, N> {
    /// Every entry holding `value`.
    pub fn filled(value: T) -> MaskedArray<T, N> {
        let cells: Box<[T]> = vec![value; N].into_boxed_slice();
        match cells.try_into() {
            Ok(array) => MaskedArray(array),
            Err(_) => unreachable!("a vector of N values is an array of N"),
        }
    }

    /// The entries of `values` in order, the rest holding `fill`.
    pub fn from_cells(values: &[T], fill: T) -> MaskedArray<T, N> {
        let mut cells = MaskedArray::filled(fill);
        let len = values.len().min(N);
        cells.0[..len].copy_from_slice(&values[..len]);
        cells
    }

    /// The first `len` entries of `other` copied into these.
    pub fn copy_first(&mut self, len: usize, other: &MaskedArray<T, N>) {
        let len = len.min(N);
        self.0[..len].copy_from_slice(&other.0[..len]);
    }

    /// The first `len` entries set to `value` (the rest were never written).
    pub fn fill_first(&mut self, len: usize, value: T) {
        self.0[..len.min(N)].fill(value);
    }
}

impl<T: Copy + Default, const N: usize> Default for MaskedArray<T, N> {
    fn default() -> MaskedArray<T, N> {
        MaskedArray::filled(T::default())
    }
}

impl<T, const N: usize> Index<usize> for MaskedArray<T, N> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        &self.0[i & (N - 1)]
    }
}

impl<T, const N: usize> IndexMut<usize> for MaskedArray<T, N> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i & (N - 1)]
    }
}

impl<T: fmt::Debug + PartialEq + Copy, const N: usize> fmt::Debug for MaskedArray<T, N> {
    /// The cells up to the last one that differs from cell 0 (the rest are the fill value).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let used = self
            .0
            .iter()
            .rposition(|v| *v != self.0[0])
            .map_or(1, |i| i + 1);
        f.debug_list().entries(&self.0[..used]).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_and_no_square_index_in_range() {
        let mut cells = CellArray::filled(0u8);
        cells[5] = 7;
        assert_eq!(cells[5], 7);
        // `NO_SQUARE` lands on the last cell, which no field's mailbox reaches.
        assert_eq!(u16::MAX as usize & (CELLS - 1), CELLS - 1);
        assert!((MAX_SIDE + 2 * PAD).pow(2) < CELLS - 1);
        assert_eq!(cells[u16::MAX as usize], 0);
        cells.fill_first(6, 1);
        assert_eq!((cells[5], cells[6]), (1, 0));
    }
}
