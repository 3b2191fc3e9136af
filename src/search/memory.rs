//! What the search threads learnt about move order, kept from one search to the next within a
//! game: the position after the reply is the previous root two plies on, so the moves that
//! refuted well there mostly still do (engines keep their histories for this reason). The
//! table owns the store, so `ucinewgame` and `Clear Hash` forget the histories with the entries.

use super::correction::CorrectionHistory;
use std::sync::Mutex;

/// One thread's history tables, as [`super::worker::Worker`] keeps them.
#[derive(Clone, Debug, Default)]
pub struct MoveHistories {
    pub history: Vec<i32>,
    /// The learnt corrections of the static evaluation, where the game searches with them.
    pub correction: Option<CorrectionHistory>,
}

/// The histories of each search thread between searches (thread 0 is the main thread).
#[derive(Debug, Default)]
pub struct HistoryStore {
    threads: Mutex<Vec<Option<MoveHistories>>>,
}

impl HistoryStore {
    /// Hands thread `id` what it left at the end of the last search, if anything.
    pub fn take(&self, id: usize) -> Option<MoveHistories> {
        let mut threads = self.threads.lock().unwrap_or_else(|e| e.into_inner());
        threads.get_mut(id).and_then(Option::take)
    }

    /// Keeps thread `id`'s histories for the next search.
    pub fn put(&self, id: usize, histories: MoveHistories) {
        let mut threads = self.threads.lock().unwrap_or_else(|e| e.into_inner());
        if threads.len() <= id {
            threads.resize_with(id + 1, || None);
        }
        threads[id] = Some(histories);
    }

    /// Forgets every thread's histories.
    pub fn clear(&self) {
        self.threads
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histories_come_back_once_per_thread_and_clear_forgets_them() {
        let store = HistoryStore::default();
        assert!(store.take(0).is_none());
        store.put(
            2,
            MoveHistories {
                history: vec![7],
                correction: None,
            },
        );
        assert!(store.take(1).is_none());
        assert_eq!(store.take(2).map(|h| h.history), Some(vec![7]));
        assert!(store.take(2).is_none(), "taken histories are gone");
        store.put(0, MoveHistories::default());
        store.clear();
        assert!(store.take(0).is_none());
    }
}
