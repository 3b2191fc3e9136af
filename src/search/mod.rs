//! Search, generic over the game traits: perft, and alpha-beta (iterative deepening, PVS,
//! quiescence, transposition table, move ordering, time management, Lazy SMP).

mod control;
mod correction;
mod driver;
mod eval_cache;
mod exchange;
mod iterate;
mod lazy_smp;
mod limits;
pub mod multi;
mod node;
mod node_count;
mod node_table;
mod ordering;
pub mod perft;
mod perspective;
mod qsearch;
mod report;
mod request;
mod root;
mod searcher;
mod stack;
mod table_memory;
mod timeman;
mod tt;
mod worker;

pub use control::wait_for_stop;
pub use driver::search;
pub use limits::{MultiplayerSearch, SearchLimits, SearchOptions, CLOCK_LETTERS};
pub use perspective::{Paranoid, Perspective, TwoSided};
pub use report::{leaf_scores, pv_text};
pub use report::{Report, ReportScore, RootLine, SearchResult};
pub use request::SearchRequest;
pub use searcher::{Searcher, SharedTable};
pub use timeman::{budget, TimeBudget};
pub use tt::{Bound, TranspositionTable};
