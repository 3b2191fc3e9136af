//! One search thread's node count, and the rhythm of its stop checks. The count is published
//! to the threads' shared total in batches (an atomic add per node would cost every node), and
//! the clock and node limit are checked once a batch. The checks fall on every 256th node of
//! the thread's own count, whatever else published the count meanwhile: an `info` report
//! publishes it too, and an aspiration failure is reported only after a second of wall time,
//! so a rhythm counted from the last publication made a node-limited search stop at a node
//! that depended on the machine's load (issue 32: the same binary did not replay its own
//! conversion games at `go nodes`).

use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes between two stop checks (a power of two: the test is a mask).
const CHECK_EVERY: u64 = 256;

#[derive(Default)]
pub(super) struct NodeCount {
    /// Nodes already added to the shared total.
    published: u64,
    /// Nodes counted since.
    pending: u64,
}

impl NodeCount {
    /// Counts a node; true when the stop checks are due (every [`CHECK_EVERY`]th node).
    #[inline(always)]
    pub fn count(&mut self) -> bool {
        self.pending += 1;
        (self.published + self.pending) & (CHECK_EVERY - 1) == 0
    }

    /// Adds the nodes not yet published to `shared`.
    pub fn publish(&mut self, shared: &AtomicU64) {
        shared.fetch_add(self.pending, Ordering::Relaxed);
        self.published += self.pending;
        self.pending = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes (1-based) at which the checks fall over `nodes` nodes, publishing after each
    /// node in `publish_after` as a report would.
    fn checks(nodes: u64, publish_after: &[u64]) -> Vec<u64> {
        let shared = AtomicU64::new(0);
        let mut count = NodeCount::default();
        let mut due = Vec::new();
        for n in 1..=nodes {
            if count.count() {
                due.push(n);
                count.publish(&shared);
            }
            if publish_after.contains(&n) {
                count.publish(&shared);
            }
        }
        count.publish(&shared);
        assert_eq!(shared.load(Ordering::Relaxed), nodes);
        due
    }

    #[test]
    fn checks_fall_on_the_same_nodes_however_often_the_count_is_published() {
        let steady = checks(1_000, &[]);
        assert_eq!(steady, vec![256, 512, 768]);
        // Reports in mid-batch (an aspiration failure after a second, an iteration's end).
        assert_eq!(checks(1_000, &[100, 300, 301, 700]), steady);
        assert_eq!(checks(1_000, &(1..=1_000).collect::<Vec<_>>()), steady);
    }
}
