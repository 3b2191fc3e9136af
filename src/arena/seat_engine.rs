//! An engine in a seat, whatever protocol it speaks: the runner asks every one the same way
//! (a new game, then a move for the game so far) and each protocol's driver turns that into
//! its own messages. UCI engines are sent the whole game each move; OpenTafl and HTP engines
//! keep the game themselves, so their drivers pass on the moves they have not yet seen.

use super::engine::{EngineFault, EngineProcess, Thought};
use super::engine_spec::EngineProtocol;
use super::htp_peer::HtpPeer;
use super::opentafl_peer::OpenTaflPeer;
use super::EngineSpec;
use crate::session::Variant;
use std::time::Duration;

/// The move text of an engine that resigns (HTP's `play ROLE resigns`).
pub const RESIGNS: &str = "resigns";

/// The game as the runner has it when an engine is to move.
pub struct Turn<'a> {
    /// The position the game (after a forfeit, the rest of it) started from.
    pub base: &'a str,
    /// Every move since `base`, opening moves included, in the game's move text.
    pub moves: &'a [String],
    /// The position text after each of `moves`.
    pub positions: &'a [String],
    /// The mover's seat.
    pub seat: u8,
    /// The UCI `go` command for the match's limits.
    pub go: &'a str,
    /// How long the engine may take.
    pub deadline: Duration,
}

/// What every game of a match tells the engines about its rules.
pub struct GameStart<'a> {
    pub variant: Variant,
    pub variant_options: &'a [(String, String)],
    /// The rule set's own start position (HTP can begin nowhere else).
    pub rules_start: &'a str,
    /// The position the game begins from, before its opening moves.
    pub base: &'a str,
}

pub enum SeatEngine {
    Uci(EngineProcess),
    OpenTafl(OpenTaflPeer),
    Htp(HtpPeer),
}

impl SeatEngine {
    /// Starts the engine (for an HTP client peer: opens the place it connects to).
    pub fn start(
        spec: &EngineSpec,
        variant: Variant,
        timeout: Duration,
    ) -> Result<SeatEngine, EngineFault> {
        match spec.protocol {
            EngineProtocol::Uci => {
                EngineProcess::start(spec, variant, timeout).map(SeatEngine::Uci)
            }
            EngineProtocol::OpenTafl => {
                OpenTaflPeer::start(spec, variant, timeout).map(SeatEngine::OpenTafl)
            }
            EngineProtocol::Htp => HtpPeer::start(spec, variant).map(SeatEngine::Htp),
        }
    }

    /// Sets the engine up for a new game.
    pub fn new_game(&mut self, start: &GameStart, timeout: Duration) -> Result<(), EngineFault> {
        match self {
            SeatEngine::Uci(e) => e.new_game(timeout),
            SeatEngine::OpenTafl(e) => e.new_game(start, timeout),
            SeatEngine::Htp(e) => e.new_game(start, timeout),
        }
    }

    /// The engine's move; the time it took is counted from the question, the passing on of the
    /// moves it had not seen excluded.
    pub fn think(&mut self, turn: &Turn) -> Result<Thought, (EngineFault, Duration)> {
        match self {
            SeatEngine::Uci(e) => {
                let position = uci_position(turn.base, turn.moves);
                e.think(&position, turn.go, turn.deadline)
            }
            SeatEngine::OpenTafl(e) => e.think(turn),
            SeatEngine::Htp(e) => e.think(turn),
        }
    }

    pub fn quit(self) {
        match self {
            SeatEngine::Uci(e) => e.quit(),
            SeatEngine::OpenTafl(e) => e.quit(),
            SeatEngine::Htp(e) => e.quit(),
        }
    }
}

/// The UCI `position` command: a position string and the moves played since.
fn uci_position(base: &str, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position fen {base}")
    } else {
        format!("position fen {base} moves {}", moves.join(" "))
    }
}
