//! The searcher a front end's searches share (the hash table and each search thread's state):
//! made, resized (`Hash`) and cleared (`ucinewgame`, `Clear Hash`) here only, so that what a
//! search keeps between searches has one owner.

use crate::search::{Searcher, SharedTable};
use std::sync::Arc;

/// A front end's table, sized in MiB.
pub struct SearchTable {
    shared: SharedTable,
}

impl SearchTable {
    pub fn new(megabytes: usize) -> SearchTable {
        SearchTable {
            shared: Arc::new(Searcher::new(megabytes)),
        }
    }

    /// A table of a new size, its contents gone.
    pub fn resize(&mut self, megabytes: usize) {
        // Drop the old table first so both never live at once (a search holding a handle
        // has been joined before any resize).
        self.shared = Arc::new(Searcher::new(1));
        self.shared = Arc::new(Searcher::new(megabytes));
    }

    /// Forgets every entry (a new game, or scores from another evaluator).
    pub fn clear(&self) {
        self.shared.clear();
    }

    /// The handle a search uses.
    pub fn shared(&self) -> SharedTable {
        self.shared.clone()
    }
}
