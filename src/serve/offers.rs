//! A person's calls that end or restart a game: resign, offer or answer a draw, rematch.
//! Which seat acts is the caller's to say; by default the person to move, else the first
//! person (a game against engines has one).

use super::clock::GameClocks;
use super::ending::{agreed_draw, engine_takes_draw, resignation};
use super::http::ApiError;
use super::table::new_id;
use super::web_game::WebGame;
use crate::core::SeatState;

/// A seat's request body: `{}` or `{"seat": 1}`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    #[serde(default)]
    pub seat: Option<u8>,
}

/// An answer to a draw offer: `{"accept": true}` (and `seat` as above).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawAnswer {
    pub accept: bool,
    #[serde(default)]
    pub seat: Option<u8>,
}

impl WebGame {
    fn is_person(&self, seat: u8) -> bool {
        self.players.get(seat as usize).is_some_and(|p| p.is_none())
    }

    /// The person seat a call speaks for: the one named (it must be a person still playing),
    /// or the person to move, or the first person still playing.
    fn acting_seat(&self, asked: Option<u8>) -> Result<u8, ApiError> {
        if let Some(end) = self.end() {
            return Err(ApiError::Conflict(format!("the game is over: {end}")));
        }
        let playing = |s: u8| self.session.seat_state(s) == SeatState::Active;
        match asked {
            Some(seat) if (seat as usize) >= self.session.seats() => Err(ApiError::BadRequest(
                format!("this game has seats 0 to {}", self.session.seats() - 1),
            )),
            Some(seat) if !self.is_person(seat) || !playing(seat) => {
                Err(ApiError::Conflict(format!(
                    "{} is not a person still playing",
                    self.session.seat_name(seat)
                )))
            }
            Some(seat) => Ok(seat),
            None => {
                let to_move = self.session.to_move();
                if self.is_person(to_move) {
                    return Ok(to_move);
                }
                (0..self.session.seats() as u8)
                    .find(|&s| self.is_person(s) && playing(s))
                    .ok_or_else(|| ApiError::Conflict("no person plays this game".into()))
            }
        }
    }

    pub fn resign(&mut self, seat: Option<u8>) -> Result<(), ApiError> {
        let seat = self.acting_seat(seat)?;
        let end = resignation(self.session.as_ref(), seat);
        self.finish(end);
        Ok(())
    }

    /// The seats that would have to agree to a draw `seat` offers.
    fn opponents(&self, seat: u8) -> Vec<u8> {
        (0..self.session.seats() as u8)
            .filter(|&s| s != seat && self.session.seat_state(s) == SeatState::Active)
            .collect()
    }

    /// Offers a draw. An engine answers at once; a person answers with `answer_draw`.
    pub fn offer_draw(&mut self, seat: Option<u8>) -> Result<(), ApiError> {
        let seat = self.acting_seat(seat)?;
        let opponents = self.opponents(seat);
        let [other] = opponents[..] else {
            return Err(ApiError::Conflict(
                "a draw is offered in a game of two still playing".into(),
            ));
        };
        let other_name = self.session.seat_name(other);
        if self.is_person(other) {
            self.play.draw_offer = Some(seat);
            self.play.draw_answer = None;
            self.noted();
            return Ok(());
        }
        // The engine's own last judgement of the game, from its side.
        let last_score = self
            .moves
            .iter()
            .rev()
            .find(|m| m.seat == other)
            .and_then(|m| m.score);
        if engine_takes_draw(self.moves.len(), last_score) {
            let end = agreed_draw(self.session.as_ref());
            self.finish(end);
        } else {
            let mut name = other_name;
            if let Some(first) = name.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            self.play.draw_answer = Some(format!("{name} (engine) declines the draw."));
            self.noted();
        }
        Ok(())
    }

    /// Accepts or declines the draw offered to `seat`.
    pub fn answer_draw(&mut self, accept: bool, seat: Option<u8>) -> Result<(), ApiError> {
        let Some(offered_by) = self.play.draw_offer else {
            return Err(ApiError::Conflict("no draw is on offer".into()));
        };
        let seat = match seat {
            Some(s) => self.acting_seat(Some(s))?,
            None => self
                .opponents(offered_by)
                .into_iter()
                .find(|&s| self.is_person(s))
                .ok_or_else(|| ApiError::Conflict("no person may answer this offer".into()))?,
        };
        if seat == offered_by {
            return Err(ApiError::Conflict(
                "a draw offer is answered by the other side".into(),
            ));
        }
        if accept {
            let end = agreed_draw(self.session.as_ref());
            self.finish(end);
        } else {
            self.play.draw_offer = None;
            let mut name = self.session.seat_name(seat);
            if let Some(first) = name.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            self.play.draw_answer = Some(format!("{name} declines the draw."));
            self.noted();
        }
        Ok(())
    }

    /// A new game with the same settings, each player moved on one seat (two players swap
    /// colours); the same start and the same clocks.
    pub fn rematch(&self) -> Result<WebGame, ApiError> {
        let mut session = self
            .variant
            .configured_session(&self.options)
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
        session
            .set_position(self.start.as_deref(), &[])
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
        let mut players = self.players.clone();
        players.rotate_right(1);
        let mut game = WebGame::new(
            new_id(),
            self.variant,
            self.options.clone(),
            self.start.clone(),
            session,
            players,
        );
        game.analysis = None;
        game.play.clocks = self
            .play
            .clocks
            .as_ref()
            .map(|c| GameClocks::new(c.control, self.session.seats()));
        Ok(game)
    }
}
