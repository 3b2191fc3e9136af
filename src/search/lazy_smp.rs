//! Lazy SMP, as the alpha-beta searches (two-sided and paranoid) run it: `Threads - 1` helper
//! threads deepen the same root over the shared table, so the main thread finds more of its
//! nodes there; the main thread alone keeps time, reports and chooses, and its end raises
//! `stop`, which ends them. (Max-n, BRS and BRS+ split the root instead: `multi/root_split.rs`.)

use std::sync::atomic::{AtomicBool, Ordering};

/// Runs `helper(id)` on helper threads 1 to `threads - 1` and `main` on this thread; returns
/// `main`'s answer once every helper has ended.
pub(crate) fn with_helpers<R>(
    threads: usize,
    stop: &AtomicBool,
    helper: impl Fn(usize) + Sync,
    main: impl FnOnce() -> R,
) -> R {
    std::thread::scope(|scope| {
        for id in 1..threads.max(1) {
            let helper = &helper;
            let spawned = std::thread::Builder::new()
                .name(format!("search-helper-{id}"))
                .stack_size(32 << 20)
                .spawn_scoped(scope, move || helper(id));
            if let Err(e) = spawned {
                log::warn!("could not start search helper {id}: {e}");
            }
        }
        let result = main();
        stop.store(true, Ordering::Relaxed);
        result
    })
}

/// The depths helper `id` searches, up to (not including) `end`: half of the helpers start a
/// ply ahead, so the threads spread over depths.
pub(crate) fn helper_depths(id: usize, end: i32) -> std::ops::Range<i32> {
    1 + (id % 2) as i32..end
}
