//! Memory hints for the transposition table, the one large structure the search reads at
//! random: without them most probes wait on a cache miss and a page-table walk.

/// Asks the kernel to back `[start, start + len)` with 2 MiB pages (Linux, where transparent
/// huge pages are in `madvise` mode); one TLB entry then covers 512 times the memory. Only the
/// whole huge pages inside the range are advised. Elsewhere, or if refused, nothing changes.
pub fn advise(start: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 * 1024 * 1024;
        let first = (start as usize).next_multiple_of(HUGE);
        let end = (start as usize).saturating_add(len) / HUGE * HUGE;
        if end > first {
            // SAFETY: advice only; the range lies inside an allocation this process owns and
            // madvise(MADV_HUGEPAGE) neither moves nor changes its contents.
            let refused = unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE)
            } != 0;
            if refused {
                log::debug!("huge pages refused for the transposition table");
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

/// Starts loading the cache line at `at`; harmless if it is never read.
#[inline(always)]
pub fn prefetch(at: *const u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is a hint; it never faults, even on an invalid address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Types whose all-zero bytes are a valid value (an empty table entry), so that memory the
/// kernel hands out zero-filled may be read as them without writing it first.
///
/// # Safety
/// The all-zero bit pattern must be a valid, meaningful value of the type.
pub unsafe trait Zeroable: Sized {}

/// A fixed-length slice of zero-valued `T`s whose memory comes zero-filled from the kernel
/// (an anonymous mapping on Unix): a large table costs nothing to clear at birth, and the
/// kernel backs only the pages the search touches. Elsewhere, or if the mapping is refused,
/// the allocator's zeroed memory.
pub struct ZeroedSlice<T: Zeroable> {
    ptr: std::ptr::NonNull<T>,
    len: usize,
    mapped: bool,
}

// SAFETY: the slice owns its memory alone, like a `Box<[T]>`.
unsafe impl<T: Zeroable + Send> Send for ZeroedSlice<T> {}
// SAFETY: shared access hands out only `&[T]`, like a `Box<[T]>`.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedSlice<T> {}

impl<T: Zeroable> ZeroedSlice<T> {
    /// `len` (at least one) zero values, with huge pages advised before any is touched.
    pub fn new(len: usize) -> ZeroedSlice<T> {
        let len = len.max(1);
        let layout = match std::alloc::Layout::array::<T>(len) {
            Ok(l) => l,
            Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<T>()),
        };
        #[cfg(unix)]
        if layout.align() <= 4096 {
            // SAFETY: a fresh private anonymous mapping; the result is checked below.
            let at = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    layout.size(),
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if at != libc::MAP_FAILED {
                if let Some(ptr) = std::ptr::NonNull::new(at.cast::<T>()) {
                    advise(ptr.as_ptr().cast(), layout.size());
                    return ZeroedSlice {
                        ptr,
                        len,
                        mapped: true,
                    };
                }
            }
        }
        // SAFETY: the layout has a non-zero size (len >= 1; a zero-sized T is never a table).
        let at = unsafe { std::alloc::alloc_zeroed(layout) };
        match std::ptr::NonNull::new(at.cast::<T>()) {
            Some(ptr) => ZeroedSlice {
                ptr,
                len,
                mapped: false,
            },
            None => std::alloc::handle_alloc_error(layout),
        }
    }
}

impl<T: Zeroable> std::ops::Deref for ZeroedSlice<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        // SAFETY: `len` zero-filled, hence valid (`Zeroable`), values owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for ZeroedSlice<T> {
    fn drop(&mut self) {
        // Zeroable types in tables hold plain data: nothing to drop in place.
        let Ok(layout) = std::alloc::Layout::array::<T>(self.len) else {
            return;
        };
        if self.mapped {
            #[cfg(unix)]
            // SAFETY: the mapping made in `new`, of this size, unmapped once.
            unsafe {
                libc::munmap(self.ptr.as_ptr().cast(), layout.size());
            }
        } else {
            // SAFETY: allocated in `new` by `alloc_zeroed` with this layout.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), layout) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // SAFETY: zero is a valid u64 and a valid atomic.
    unsafe impl Zeroable for u64 {}
    // SAFETY: as above.
    unsafe impl Zeroable for std::sync::atomic::AtomicU64 {}

    #[test]
    fn a_zeroed_slice_reads_zero_everywhere_and_is_writable() {
        for len in [1, 1000, 3 << 20] {
            let s = ZeroedSlice::<u64>::new(len);
            assert_eq!(s.len(), len);
            assert!(s.iter().all(|&v| v == 0));
        }
        let atomics = ZeroedSlice::<std::sync::atomic::AtomicU64>::new(4096);
        atomics[4095].store(7, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(atomics[4095].load(std::sync::atomic::Ordering::Relaxed), 7);
    }
}
