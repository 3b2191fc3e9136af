//! Handing a seat to its player (`POST /api/games/{id}/hand-out`). The creator's tab holds every
//! seat's token, so that people at one screen can play each seat in turn; once a seat is given
//! to a person on another screen, the creator must no longer be able to act for it. So giving a
//! seat out is an action: the seat's current holder asks, the server issues the seat a fresh
//! token (the link the holder passes on) and the old one stops working at once. Only the seat's
//! holder can do it, so a seat handed out can be handed on again only by its new holder.

use super::http::ApiError;
use super::seats::{self, Access};
use super::web_game::WebGame;
use serde::Serialize;

/// How many replaced tokens a game remembers, to tell their holders why they were refused (an
/// older one is refused as any wrong token is).
const RETIRED_KEPT: usize = 16;

/// A token that played a seat until the seat was handed out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct RetiredToken {
    pub seat: u8,
    pub token: String,
}

/// What a refused holder of a replaced token is told.
pub const HANDED_OUT: &str =
    "this seat was handed out: its player holds the link now, and this one no longer plays it";

/// The answer to a hand-out: the seat's new link, for the asking screen to pass on (and not to
/// keep).
#[derive(Serialize)]
pub struct HandOut {
    pub seat: u8,
    pub name: String,
    pub token: String,
    pub link: String,
}

/// Whether `token` once played a seat of `g` that has since been handed out.
pub fn retired(g: &WebGame, token: &str) -> bool {
    g.retired_tokens
        .iter()
        .any(|r| seats::same_token(&r.token, token))
}

/// Gives the asking seat a fresh token and retires the one it was asked with.
pub fn hand_out(g: &mut WebGame, access: Access) -> Result<HandOut, ApiError> {
    let seat = seats::acting_seat(g, access, None)?;
    let name = g.session.seat_name(seat);
    if g.players.get(seat as usize).is_some_and(|p| p.is_some()) {
        return Err(ApiError::Conflict(format!(
            "the engine plays {name}: there is no person to hand the seat to"
        )));
    }
    let fresh = seats::new_token();
    let before = (
        g.seat_tokens.clone(),
        g.handed_out.clone(),
        g.retired_tokens.clone(),
    );
    let old = std::mem::replace(&mut g.seat_tokens[seat as usize], fresh.clone());
    g.retired_tokens.push(RetiredToken { seat, token: old });
    if g.retired_tokens.len() > RETIRED_KEPT {
        g.retired_tokens.remove(0);
    }
    if let Some(flag) = g.handed_out.get_mut(seat as usize) {
        *flag = true;
    }
    // Stored at once (a restart must not bring the old token back), and every page is told:
    // the creator's shows the seat as played on another screen.
    g.noted();
    if let Some(e) = g.store_error.take() {
        // A new link nobody could be given, or one a restart would forget: the seat stays
        // with the link it had.
        (g.seat_tokens, g.handed_out, g.retired_tokens) = before;
        return Err(e);
    }
    Ok(HandOut {
        seat,
        name,
        link: format!("/?seat={fresh}#{}", g.id),
        token: fresh,
    })
}
