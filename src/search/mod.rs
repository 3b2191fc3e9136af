//! Search, generic over the game traits: perft, and alpha-beta (iterative deepening, PVS,
//! quiescence, transposition table, move ordering, time management, Lazy SMP).

mod control;
mod correction;
mod driver;
mod limits;
pub mod multi;
mod node;
mod ordering;
pub mod perft;
mod perspective;
mod qsearch;
mod report;
mod root;
mod searcher;
mod stack;
mod table_memory;
mod timeman;
mod tt;
mod worker;

pub use driver::{leaf_scores, pv_text, search, SearchRequest};
pub use limits::{MultiplayerSearch, SearchLimits, SearchOptions, CLOCK_LETTERS};
pub use perspective::{Paranoid, Perspective, TwoSided};
pub use report::{Report, ReportScore, SearchResult};
pub use searcher::{Searcher, SharedTable};
pub use tt::{Bound, TranspositionTable};
