//! No engine help in a game between people. While a game is on and two or more people still
//! play in it, an analysis would be an engine's help in a game against another person, and an
//! analysis is shown to every reader (players and watchers alike): so there is none, as on any
//! game site. Analysis stays open in a game against engines only (one person) and once the game
//! is over (review). "Play for me" is another matter: the person lets the engine play their own
//! seat, and its thinking goes to that seat alone (`search_privacy.rs`).

use super::http::ApiError;
use super::web_game::WebGame;
use crate::core::SeatState;

/// Why analysis is closed now, in words for the page, or None while it is open.
pub fn analysis_closed(g: &WebGame) -> Option<&'static str> {
    let people_playing = (0..g.players.len() as u8)
        .filter(|&s| g.players[s as usize].is_none())
        .filter(|&s| g.session.seat_state(s) == SeatState::Active)
        .count();
    (!g.is_over() && people_playing >= 2).then_some(
        "no engine analysis while people play each other: it opens when the game is over",
    )
}

/// Refuses an analysis asked for while it is closed (409).
pub fn may_analyse(g: &WebGame) -> Result<(), ApiError> {
    match analysis_closed(g) {
        Some(why) => Err(ApiError::Conflict(why.to_string())),
        None => Ok(()),
    }
}
