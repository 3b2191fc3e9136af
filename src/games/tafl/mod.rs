//! Tafl: the siege games (docs/rules/tafl.md). One core plays every rule set
//! Regalia supports: the seed's 11x11 game by default, and any OpenTafl rules string within
//! its switches. The attackers are seat 0; the defenders' king runs for the corners or edges.

pub mod bench;
pub mod board;
pub mod describe;
pub mod endings;
pub mod eval;
pub mod eval_tables;
pub mod foes;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod rows;
pub mod rules;
pub mod session;

pub use board::Cell;
pub use eval::TaflEval;
pub use position::{Ending, Side, TaflMove, TaflPosition};
pub use rows::PositionError;
pub use rules::{RuleSet, RulesError};
pub use session::TaflRules;
