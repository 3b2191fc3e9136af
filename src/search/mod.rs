//! Search, generic over the game traits: perft, and alpha-beta (iterative deepening, PVS,
//! quiescence, transposition table, move ordering, time management, Lazy SMP).

mod driver;
mod limits;
mod ordering;
pub mod perft;
mod report;
mod timeman;
mod tt;
mod worker;

pub use driver::{pv_text, search, SearchRequest};
pub use limits::{SearchLimits, SearchOptions};
pub use report::{Report, ReportScore, SearchResult};
pub use tt::{Bound, SharedTable, TranspositionTable};
