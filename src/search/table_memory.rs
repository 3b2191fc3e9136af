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
