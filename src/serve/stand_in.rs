//! The engine standing in for a person, at that person's asking: it places their pieces for
//! the rest of a set-up phase ("set up for me", Sceptre 1027), or plays their seat until they
//! take it back ("play for me"). The seat stays a person's: they may take back, stop the
//! stand-in and play on by hand at any time. Stored with the game (`store.rs`): after a
//! restart the engine goes on standing in.

use super::http::ApiError;
use super::jobs::EngineLevel;
use super::web_game::WebGame;
use crate::core::SeatState;
use std::time::Duration;

/// How long the stand-in thinks over a move: quick, so that a set-up by the engine passes at
/// the speed of the engines' own placements and a stand-in game does not keep a person waiting.
pub const STAND_IN_MOVETIME: Duration = Duration::from_millis(300);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StandIn {
    /// The person plays.
    #[default]
    Off,
    /// The engine places the person's pieces while the set-up phase lasts.
    SetUp,
    /// The engine plays the person's moves until asked to stop.
    Game,
}

impl StandIn {
    /// The word the API takes and the view shows: `off`, `setup`, `game`.
    pub fn word(self) -> &'static str {
        match self {
            StandIn::Off => "off",
            StandIn::SetUp => "setup",
            StandIn::Game => "game",
        }
    }

    pub fn parse(word: &str) -> Result<StandIn, ApiError> {
        match word {
            "off" => Ok(StandIn::Off),
            "setup" => Ok(StandIn::SetUp),
            "game" => Ok(StandIn::Game),
            other => Err(ApiError::BadRequest(format!(
                "mode must be setup, game or off, not '{other}'"
            ))),
        }
    }
}

/// `{"mode": "setup"}`: the seat is the token's (`seats.rs`).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandInRequest {
    pub mode: String,
}

impl WebGame {
    /// Only a person's seat still in a game that goes on may hand its moves to the server (a
    /// stand-in, a held set-up plan).
    pub(super) fn person_still_playing(&self, seat: u8) -> Result<(), ApiError> {
        if let Some(end) = self.end() {
            return Err(ApiError::Conflict(format!("the game is over: {end}")));
        }
        let name = self.session.seat_name(seat);
        if self.players.get(seat as usize).is_none_or(|p| p.is_some()) {
            return Err(ApiError::Conflict(format!(
                "{name} is played by the engine already"
            )));
        }
        if self.session.seat_state(seat) != SeatState::Active {
            return Err(ApiError::Conflict(format!("{name} is out of the game")));
        }
        Ok(())
    }

    pub(super) fn set_up_still_going_on(&self) -> Result<(), ApiError> {
        if self.in_set_up() {
            Ok(())
        } else {
            Err(ApiError::Conflict(
                "the set-up is over: there is nothing left to place".into(),
            ))
        }
    }

    /// Whether the game is in a set-up phase: what may be done now is placing pieces
    /// (`N@c3`), the one notation a placement has.
    pub fn in_set_up(&self) -> bool {
        self.session.legal_moves().iter().any(|m| m.contains('@'))
    }

    /// The stand-in's engine for `seat`, when it plays that seat in the position now.
    pub fn stand_in_level(&self, seat: u8) -> Option<EngineLevel> {
        let active = match self
            .stand_in
            .get(seat as usize)
            .copied()
            .unwrap_or_default()
        {
            StandIn::Off => false,
            StandIn::SetUp => self.in_set_up(),
            StandIn::Game => true,
        };
        active.then_some(EngineLevel {
            movetime: Some(STAND_IN_MOVETIME),
            depth: None,
            level: None,
        })
    }

    /// Once the set-up is over, "set up for me" has done its work: the person plays on by hand.
    pub fn end_finished_set_ups(&mut self) {
        if self.stand_in.contains(&StandIn::SetUp) && !self.in_set_up() {
            for mode in &mut self.stand_in {
                if *mode == StandIn::SetUp {
                    *mode = StandIn::Off;
                }
            }
        }
    }

    /// A person's seat asks for (or ends) the stand-in: only a person still playing, only in
    /// a game that goes on, and "set up for me" only while there is a set-up to make.
    pub fn set_stand_in(&mut self, seat: u8, mode: StandIn) -> Result<(), ApiError> {
        self.person_still_playing(seat)?;
        if mode == StandIn::SetUp {
            self.set_up_still_going_on()?;
        }
        if self.stand_in.len() < self.players.len() {
            self.stand_in.resize(self.players.len(), StandIn::Off);
        }
        // The engine placing or playing for the seat replaces its confirmed set-up.
        if mode != StandIn::Off {
            self.drop_plan(seat);
        }
        if self.stand_in[seat as usize] != mode {
            self.stand_in[seat as usize] = mode;
            // A search under the old arrangement (an analysis for the person) is stale, and
            // every page shows who plays the seat.
            self.epoch += 1;
            self.noted();
            self.stop_job();
        }
        Ok(())
    }
}
