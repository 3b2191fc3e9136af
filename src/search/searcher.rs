//! The search's long-lived state: the transposition table (sized by `Hash`), the table max-n
//! and best-reply search keep, and each search thread's state (move histories, correction
//! history, evaluation cache, reduction table). It lives from start-up, or the last
//! `ucinewgame`, on: every search of a game starts from what the previous ones learnt, and
//! nothing of a megabyte or more is allocated per `go`. `ucinewgame` and `Clear Hash` forget
//! everything; a new `Hash` size makes a new searcher.

use super::correction::CorrectionHistory;
use super::eval_cache::EvalCache;
use super::limits::MultiplayerSearch;
use super::node_table::NodeTable;
use super::tt::TranspositionTable;
use crate::core::SearchParams;
use std::sync::{Arc, Mutex, MutexGuard};

/// The searcher as the front ends and the search threads share it.
pub type SharedTable = Arc<Searcher>;

pub struct Searcher {
    table: TranspositionTable,
    /// Max-n's or best-reply's table, with the algorithm and evaluator that filled it (their
    /// entries mean nothing to another).
    node_table: Mutex<Option<(NodeTableOwner, NodeTable)>>,
    /// Each thread's state between searches (thread 0 is the main thread).
    threads: Mutex<Vec<Option<ThreadState>>>,
}

/// Whose entries a node table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NodeTableOwner {
    pub algorithm: MultiplayerSearch,
    pub eval_salt: u64,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Searcher {
    /// A searcher whose transposition table takes at most `megabytes` MiB.
    pub fn new(megabytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::new(megabytes),
            node_table: Mutex::new(None),
            threads: Mutex::new(Vec::new()),
        }
    }

    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    pub fn size_bytes(&self) -> usize {
        self.table.size_bytes()
    }

    /// Per-mille of the table written during the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.table.hashfull()
    }

    /// Marks a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.table.new_search();
    }

    /// Forgets everything learnt (`ucinewgame`, `Clear Hash`, another evaluation). The
    /// threads' states are emptied in place: a fresh megabyte of evaluation cache per clear
    /// had the kernel fault in and zero its pages during the next search (the bench clears
    /// before each position, issue 32).
    pub fn clear(&self) {
        self.table.clear();
        *locked(&self.node_table) = None;
        for state in locked(&self.threads).iter_mut().flatten() {
            state.forget();
        }
    }

    /// Hands thread `id` its state from the last search, if any.
    pub(super) fn take_thread(&self, id: usize) -> Option<ThreadState> {
        locked(&self.threads).get_mut(id).and_then(Option::take)
    }

    /// Keeps thread `id`'s state for the next search.
    pub(super) fn put_thread(&self, id: usize, state: ThreadState) {
        let mut threads = locked(&self.threads);
        if threads.len() <= id {
            threads.resize_with(id + 1, || None);
        }
        threads[id] = Some(state);
    }

    /// The multi-player table for `owner`, ready for a new search: the kept one if it filled
    /// it, else a new one the size of the transposition table (64 MiB at most).
    pub(super) fn take_node_table(&self, owner: NodeTableOwner) -> NodeTable {
        match locked(&self.node_table).take() {
            Some((o, mut t)) if o == owner => {
                t.new_search();
                t
            }
            _ => NodeTable::with_bytes(self.table.size_bytes()),
        }
    }

    pub(super) fn put_node_table(&self, owner: NodeTableOwner, table: NodeTable) {
        *locked(&self.node_table) = Some((owner, table));
    }
}

/// Late-move-reduction table, indexed by depth and move number, for the constants it was
/// built from.
pub(super) struct LmrTable {
    base: f64,
    divisor: f64,
    rows: Vec<[i32; 64]>,
}

impl LmrTable {
    fn new(base: f64, divisor: f64) -> LmrTable {
        // 64 logarithms rather than one per cell.
        let ln: [f64; 64] = std::array::from_fn(|i| (i as f64).ln());
        let mut rows = vec![[0; 64]; 64];
        for (d, row) in rows.iter_mut().enumerate().skip(1) {
            for (n, cell) in row.iter_mut().enumerate().skip(1) {
                *cell = (base + ln[d] * ln[n] / divisor) as i32;
            }
        }
        LmrTable {
            base,
            divisor,
            rows,
        }
    }

    #[inline(always)]
    pub fn reduction(&self, depth: i32, moves: usize) -> i32 {
        self.rows[depth.min(63) as usize][moves.min(63)]
    }
}

/// What one search thread keeps from one search to the next.
pub(super) struct ThreadState {
    /// History scores ([`crate::core::SearchHints::HISTORY_SLOTS`] per table).
    pub history: Vec<i32>,
    /// The learnt corrections of the static evaluation, kept while games search with them.
    pub correction: Option<CorrectionHistory>,
    /// Static evaluations by salted position key.
    pub eval_cache: EvalCache,
    pub lmr: LmrTable,
}

impl ThreadState {
    /// As a state never used: no histories, no corrections, no cached evaluations; only
    /// the memory and the reduction table (a function of its constants) are kept.
    fn forget(&mut self) {
        self.history.clear();
        self.correction = None;
        self.eval_cache.clear();
    }

    /// The state a search with `params` starts from, for `seats` seats and `history_len`
    /// history entries: what was `kept` where it fits and the game keeps it, the rest fresh.
    /// Move histories are kept only where the game asks for it; corrections whenever the game
    /// searches with them.
    pub fn for_search(
        kept: Option<ThreadState>,
        params: &SearchParams,
        seats: usize,
        history_len: usize,
    ) -> ThreadState {
        let mut state = kept.unwrap_or_else(|| ThreadState {
            history: Vec::new(),
            correction: None,
            eval_cache: EvalCache::new(),
            lmr: LmrTable::new(params.lmr_base, params.lmr_divisor),
        });
        if !(params.keep_histories && state.history.len() == history_len) {
            state.history.clear();
            state.history.resize(history_len, 0);
        }
        if params.correction_history && !state.correction.as_ref().is_some_and(|c| c.fits(seats)) {
            state.correction = Some(CorrectionHistory::new(seats));
        }
        if state.lmr.base != params.lmr_base || state.lmr.divisor != params.lmr_divisor {
            state.lmr = LmrTable::new(params.lmr_base, params.lmr_divisor);
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::super::node_table::Known;
    use super::super::tt::Bound;
    use super::*;

    #[test]
    fn thread_states_come_back_once_per_thread_and_clear_forgets_them() {
        let searcher = Searcher::new(1);
        let params = SearchParams::CHESS;
        assert!(searcher.take_thread(0).is_none());
        let mut state = ThreadState::for_search(None, &params, 2, 4);
        state.history[1] = 7;
        searcher.put_thread(2, state);
        assert!(searcher.take_thread(1).is_none());
        assert!(searcher.take_thread(2).is_some());
        assert!(searcher.take_thread(2).is_none(), "a taken state is gone");
        let correcting = SearchParams::ORTHODOX;
        let mut state = ThreadState::for_search(None, &correcting, 2, 4);
        state.history[1] = 7;
        state.eval_cache.put(99, 5);
        assert!(state.correction.is_some());
        searcher.put_thread(0, state);
        searcher.clear();
        let forgotten = searcher.take_thread(0).expect("the memory is kept");
        assert!(forgotten.history.is_empty());
        assert!(forgotten.correction.is_none());
        assert_eq!(forgotten.eval_cache.get(99), None);
        let reused = ThreadState::for_search(Some(forgotten), &params, 2, 4);
        assert_eq!(reused.history, vec![0; 4]);
        assert!(
            reused.correction.is_none(),
            "as fresh: none where the game has none"
        );
    }

    #[test]
    fn histories_are_kept_only_where_the_game_keeps_them() {
        let mut state = ThreadState::for_search(None, &SearchParams::CHESS, 2, 4);
        state.history[1] = 7;
        let fresh = ThreadState::for_search(Some(state), &SearchParams::CHESS, 2, 4);
        assert_eq!(fresh.history, vec![0; 4]);
        let keeping = SearchParams {
            keep_histories: true,
            ..SearchParams::CHESS
        };
        let mut state = ThreadState::for_search(None, &keeping, 2, 4);
        state.history[1] = 7;
        let kept = ThreadState::for_search(Some(state), &keeping, 2, 4);
        assert_eq!(kept.history, vec![0, 7, 0, 0]);
        let other_game = ThreadState::for_search(Some(kept), &keeping, 2, 8);
        assert_eq!(other_game.history, vec![0; 8]);
    }

    #[test]
    fn a_node_table_comes_back_only_to_the_search_that_filled_it() {
        const KEY: u64 = 0xABCD_1234_5678;
        let searcher = Searcher::new(1);
        let owner = |algorithm| NodeTableOwner {
            algorithm,
            eval_salt: 0,
        };
        let filled = |searcher: &Searcher, algorithm| {
            let t = searcher.take_node_table(owner(algorithm));
            t.store_score(KEY, 0, 77, 5, Bound::Lower, 1);
            searcher.put_node_table(owner(algorithm), t);
        };
        filled(&searcher, MultiplayerSearch::MaxN);
        let other = searcher.take_node_table(owner(MultiplayerSearch::Brs));
        assert!(
            other.probe(KEY).is_none(),
            "another algorithm starts afresh"
        );
        filled(&searcher, MultiplayerSearch::MaxN);
        let kept = searcher.take_node_table(owner(MultiplayerSearch::MaxN));
        assert_eq!(
            kept.probe(KEY).map(|e| (e.move_bits, e.known)),
            Some((77, Known::MoveOnly)),
            "a value of an earlier search offers only its move"
        );
    }
}
