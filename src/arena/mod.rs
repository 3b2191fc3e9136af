//! `regalia match`: engine-vs-engine games of any variant, refereed by the rules library.
//!
//! The runner starts every engine as a program speaking the protocol, keeps the true game
//! itself (an illegal `bestmove` loses), runs the clocks, ends games by rule, fault or
//! adjudication, and writes a record of every game. Games run concurrently, each worker with
//! its own engine processes; an engine that crashes, hangs or goes silent loses that game and
//! is started afresh for the next. Seats are counted, never assumed to be two, so games of
//! three or four players get the same runner (with points tables instead of Elo).

pub mod adjudication;
pub mod clock;
pub mod engine;
mod engine_spec;
pub mod game;
mod htp_peer;
mod last_words;
mod lines;
pub mod openings;
mod opentafl_peer;
mod played_move;
mod program;
pub mod read_record;
pub mod record;
pub mod referee;
mod runner;
pub mod seat_engine;
pub mod standings;
pub mod stats;

pub use engine_spec::{EngineProtocol, EngineSpec};
pub use record::format_points;
pub use runner::{game_setup, run, MatchConfig, MatchSummary, SprtStop};

use std::fmt;

/// Why a match could not be set up or carried on (engine misbehaviour is not an error: it
/// loses games).
#[derive(Debug)]
pub enum MatchError {
    EngineSpec(String),
    TimeControl(String),
    Openings(String),
    Sprt(String),
    /// The settings do not fit together (engine count against seats, no limit given…).
    Setup(String),
    Output(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::EngineSpec(why) => write!(f, "--engine: {why}"),
            MatchError::TimeControl(why) => write!(f, "--tc: {why}"),
            MatchError::Openings(why) => write!(f, "openings: {why}"),
            MatchError::Sprt(why) => write!(f, "--sprt: {why}"),
            MatchError::Setup(why) => write!(f, "{why}"),
            MatchError::Output(why) => write!(f, "--out: {why}"),
        }
    }
}

impl std::error::Error for MatchError {}
