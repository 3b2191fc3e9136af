//! The bridge between the game-agnostic protocol and the games: the registry ([`Variant`]) and a
//! [`Session`] object per game being played; no game's boards, tables or texts. The protocol holds a `Box<dyn Session>` (dynamic
//! dispatch once per command, never inside a search); behind it, [`GameSession`] is generic
//! over one game and its evaluator, so search and perft are monomorphised per game.
//!
//! Adding a game: one folder under `games/` (with its [`VariantRules`] impl), one arm of
//! [`Variant`] and of [`Variant::visit`] in `games/registry.rs`; the protocol, the arena and the
//! command line learn it from the registry.

mod bench;
mod clocks;
mod error;
mod game_session;
mod position_source;
mod search_job;
pub mod stalls;
pub mod strength;
mod table;
mod variant;

pub use bench::{run_bench, BenchSummary};
pub use clocks::{Clock, ClockPart, ClockWords, SeatClocks, CLOCK_LETTERS};
pub use error::VariantError;
pub use game_session::GameSession;
pub use search_job::{lock, JobEnd, JobError, Progress, SearchControl, SearchJob, SearchOrder};
pub use table::SearchTable;
// The registry lives in `games/`; named here too for the layers above, which meet games
// through the session layer.
pub use crate::games::{
    EmbeddedFile, OptionKind, OptionSpec, OptionValue, OptionValueError, OptionValueMismatch,
    RecordFormat, RulesVisitor, UnknownVariant, Variant, VariantFacts, VariantRules,
};

use crate::search::{Report, SearchLimits, SearchOptions, SharedTable};
use std::sync::atomic::AtomicBool;
use strength::StrengthLimit;

/// Whether the game is over by rule at the current position, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Ongoing,
    Over(GameEnd),
}

/// How a game ended by rule.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameEnd {
    /// The winning seat (0 moves first in the standard set-up), or None for a draw.
    pub winner: Option<u8>,
    /// For a draw, the seats that share it (every seat left out lost); empty with a winner.
    pub drawn: Vec<u8>,
    /// Why, in a few words: "checkmate", "threefold repetition", "king captured"…
    pub reason: String,
    /// The whole verdict for a person, e.g. "white wins by checkmate".
    pub text: String,
}

impl std::fmt::Display for GameEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The result of a finished search, in text.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub nodes: u64,
}

/// One game being played, behind an object so the protocol need not know which.
pub trait Session: Send {
    fn variant(&self) -> Variant;
    /// The name a game record's `Variant` tag gives this game (`Chess960` under UCI_Chess960).
    fn record_variant_name(&self) -> &'static str;
    /// Sets the position from a position string (None: the variant's start) and moves played
    /// from it. On any error the previous position is kept.
    fn set_position(&mut self, text: Option<&str>, moves: &[String]) -> Result<(), VariantError>;
    fn position_text(&self) -> String;
    /// A board diagram with the key facts (FEN, key, checkers…), for the `d` command.
    fn describe(&self) -> String;
    /// The static evaluation with its terms, for the `eval` command.
    fn describe_eval(&self) -> String;
    /// The current position as a diagram (for `regalia render`).
    fn diagram(&self) -> crate::render::Diagram;
    fn status(&self) -> GameStatus;
    /// The square of the king of the side to move when it stands in check; None otherwise
    /// and in games without check.
    fn checked_king(&self) -> Option<String>;
    /// How many seats the game has (2 for two-player games).
    fn seats(&self) -> usize;
    /// The seat to move.
    fn to_move(&self) -> u8;
    /// "white", "attackers"…: a seat's name.
    fn seat_name(&self, seat: u8) -> String;
    /// Quarter turns (clockwise) of a diagram that put `seat`'s side at the bottom.
    fn seat_turn(&self, seat: u8) -> u8;
    /// The clock word letter of each seat (`w` for `wtime`/`winc`…), in seat order.
    fn clock_letters(&self) -> &'static [char];
    /// The seats still playing.
    fn active_seats(&self) -> crate::core::SeatSet;
    /// How a seat stands: playing, eliminated or withdrawn.
    fn seat_state(&self, seat: u8) -> crate::core::SeatState;
    /// The seats the last move put out of the game (eliminated, or withdrawn for want of a move).
    fn last_move_departures(&self) -> Vec<(u8, crate::core::SeatState)>;
    /// Sets one of the variant's own options and starts a new game at its start position:
    /// `None` if the variant has no such option; on error nothing changes.
    fn set_variant_option(&mut self, name: &str, value: &str) -> Option<Result<(), VariantError>>;
    /// Takes `seat` out of the game (a resignation, or its engine failing in a match) if the
    /// game can go on without it; false for two-seat games, where the other side wins.
    fn forfeit(&mut self, seat: u8) -> bool;
    /// Plays one move, returning it in the game's record notation (SAN for the chess family,
    /// the move text elsewhere). An illegal move leaves the position unchanged.
    fn play(&mut self, text: &str) -> Result<String, VariantError>;
    fn legal_moves(&self) -> Vec<String>;
    /// Checks that every move text is legal here.
    fn check_moves(&self, moves: &[String]) -> Result<(), VariantError>;
    /// Restricts the root of this session's searches to these moves (`go searchmoves`; empty:
    /// every legal move), read once here. For a search's own copy of the session: moving or
    /// setting a position lifts it.
    fn restrict_root_moves(&mut self, moves: &[String]) -> Result<(), VariantError>;
    /// Per-root-move perft counts.
    fn perft(&self, depth: u32, threads: usize) -> Vec<(String, u64)>;
    /// Per-root-move perft counts that give up once `stop` is raised: each root move with
    /// its count, `None` for those not counted in full.
    fn perft_until(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Vec<(String, Option<u64>)>;
    /// Runs a search to completion on the calling thread, reporting as it goes. With a
    /// `strength`, the move is chosen among the search's lines as that limit says (the limits
    /// and options must already carry its node budget and lines: [`SearchJob`] sets them).
    fn search(
        &self,
        limits: &SearchLimits,
        options: &SearchOptions,
        table: &SharedTable,
        control: &SearchControl,
        strength: Option<StrengthLimit>,
        report: &mut dyn FnMut(&Report),
    ) -> Result<SearchOutcome, VariantError>;
    /// Position strings `bench` searches for this variant.
    fn bench_positions(&self) -> &'static [&'static str];
    /// The depth `bench` searches to by default (11; less for games whose nodes are dear).
    fn bench_depth(&self) -> u32;
    /// A fresh copy of this session (same position), for a search thread.
    fn boxed_clone(&self) -> Box<dyn Session>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_start_and_bench_position_reads() {
        for &v in Variant::ALL {
            let mut session = v.new_session();
            if let Err(e) = session.set_position(None, &[]) {
                panic!("{v}: {e}");
            }
            for text in session.bench_positions() {
                if let Err(e) = session.set_position(Some(text), &[]) {
                    panic!("{v}: {text}: {e}");
                }
            }
        }
    }

    /// What a front end sees of a session's position.
    fn seen(
        session: &dyn Session,
    ) -> (
        String,
        GameStatus,
        Vec<(u8, crate::core::SeatState)>,
        Vec<String>,
    ) {
        (
            session.position_text(),
            session.status(),
            session.last_move_departures(),
            session.legal_moves(),
        )
    }

    /// Sends `position startpos moves …` one move longer each time, as a front end does, and
    /// checks the session against one set from the whole command at once.
    fn extended_move_by_move(v: Variant, moves: &[String]) {
        let mut growing = v.new_session();
        for k in 0..=moves.len() {
            growing.set_position(None, &moves[..k]).unwrap();
            let mut fresh = v.new_session();
            fresh.set_position(None, &moves[..k]).unwrap();
            assert_eq!(seen(&*growing), seen(&*fresh), "{v} after {k} moves");
        }
    }

    #[test]
    fn a_position_extended_move_by_move_is_the_one_set_at_once() {
        for &v in Variant::ALL {
            // A game of varied legal moves (not always the first).
            let mut session = v.new_session();
            let mut moves = Vec::new();
            for ply in 0..16 {
                let legal = session.legal_moves();
                if legal.is_empty() || session.status() != GameStatus::Ongoing {
                    break;
                }
                let m = legal[(ply * 7) % legal.len()].clone();
                session.play(&m).unwrap();
                moves.push(m);
            }
            extended_move_by_move(v, &moves);
            // An illegal move in an extension keeps the position; a shorter list takes back.
            let mut growing = v.new_session();
            growing.set_position(None, &moves).unwrap();
            let before = seen(&*growing);
            let mut bad = moves.clone();
            bad.push("zz9zz9".to_string());
            match growing.set_position(None, &bad) {
                Err(VariantError::Move { index, .. }) => assert_eq!(index, moves.len(), "{v}"),
                other => panic!("{v}: {other:?}"),
            }
            assert_eq!(seen(&*growing), before, "{v}: kept after the error");
            let half = &moves[..moves.len() / 2];
            growing.set_position(None, half).unwrap();
            let mut fresh = v.new_session();
            fresh.set_position(None, half).unwrap();
            assert_eq!(seen(&*growing), seen(&*fresh), "{v}: taken back");
            // A move played by another command ends the extension: the next command is read
            // afresh.
            growing.set_position(None, &moves).unwrap();
            if let Some(m) = growing.legal_moves().first().cloned() {
                growing.play(&m).unwrap();
                growing.set_position(None, &moves).unwrap();
                assert_eq!(seen(&*growing), before, "{v}: after a played move");
            }
        }
    }

    #[test]
    fn repetitions_count_the_same_when_the_position_is_extended() {
        let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let moves: Vec<String> = cycle
            .iter()
            .cycle()
            .take(8)
            .map(|m| m.to_string())
            .collect();
        extended_move_by_move(Variant::Chess, &moves);
        let mut session = Variant::Chess.new_session();
        for k in 0..=moves.len() {
            session.set_position(None, &moves[..k]).unwrap();
        }
        assert!(
            matches!(session.status(), GameStatus::Over(_)),
            "threefold repetition"
        );
    }

    #[test]
    fn position_errors_keep_the_games_own_type_and_message() {
        use crate::games::{chess::FenError, tafl::PositionError};
        let error = |v: Variant, text: &str| match v.new_session().set_position(Some(text), &[]) {
            Err(VariantError::Position(e)) => e,
            other => panic!("{v} {text}: {other:?}"),
        };
        let fen = error(Variant::Chess, "bad fen");
        assert_eq!(fen.downcast_ref(), Some(&FenError::FieldCount(2)));
        assert_eq!(
            VariantError::Position(fen).to_string(),
            "FEN needs 4 to 6 space-separated fields, found 2"
        );
        let tafl = error(Variant::Tafl, "11/11/11 a");
        assert_eq!(
            tafl.downcast_ref(),
            Some(&PositionError::Ranks { found: 3, size: 11 })
        );
        assert_eq!(
            VariantError::Position(tafl).to_string(),
            "tafl position has 3 ranks, but the rule set plays 11x11"
        );
    }
}
