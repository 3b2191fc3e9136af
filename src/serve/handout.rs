//! Handing a seat to its player (`POST /api/games/{id}/hand-out`). The creator's tab holds every
//! seat's token, so that people at one screen can play each seat in turn; once a seat is given
//! to a person on another screen, the creator must no longer be able to act for it. So giving a
//! seat out is an action: the seat's current holder asks, the server issues the seat a fresh
//! token (the link the holder passes on) and the old one stops working at once. Only the seat's
//! holder can do it, so a seat handed out can be handed on again only by its new holder.
//!
//! The link handed out is an invitation, not yet a seat: the creator saw it (and may have copied
//! it), so it plays nothing until a screen claims it (`POST …/claim`, the page does it when it
//! opens the link). The claim gives the seat one more token, which only the claiming screen ever
//! sees, and spends the invitation: whoever opens it after that, the creator too, is told the
//! invitation was taken, and watches.

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
    /// An invitation claimed by its player (else a link its holder handed on).
    #[serde(default)]
    pub taken: bool,
}

/// What a refused holder of a replaced token is told.
pub const HANDED_OUT: &str =
    "this seat was handed out: its player holds the link now, and this one no longer plays it";

/// What the holder of an invitation already claimed is told.
pub fn taken(seat_name: &str) -> String {
    format!(
        "this invitation was already taken by the player of {seat_name}: it no longer plays the seat (you may watch the game)"
    )
}

/// What an invitation not yet claimed may not do: anything but its claim.
pub fn unclaimed(seat_name: &str) -> String {
    format!(
        "this is an invitation to play {seat_name}: open it in the page (or claim it, POST …/claim) to take the seat first"
    )
}

/// The answer to a hand-out: the seat's new link, for the asking screen to pass on (and not to
/// keep).
#[derive(Serialize)]
pub struct HandOut {
    pub seat: u8,
    pub name: String,
    pub token: String,
    pub link: String,
}

/// The record of `token` if it once played (or invited to) a seat of `g` whose token has since
/// been replaced.
pub fn retired<'a>(g: &'a WebGame, token: &str) -> Option<&'a RetiredToken> {
    g.retired_tokens
        .iter()
        .find(|r| seats::same_token(&r.token, token))
}

/// Whether the seat's current token is an invitation no screen has claimed yet.
pub fn invited(g: &WebGame, seat: u8) -> bool {
    g.invited.get(seat as usize).copied().unwrap_or(false)
}

/// Gives `seat` a fresh token, retiring the one it had (`taken`: an invitation claimed), and
/// marks the seat invited or not; stored at once, put back as it was if that fails.
fn replace_token(
    g: &mut WebGame,
    seat: u8,
    taken: bool,
    invitation: bool,
) -> Result<HandOut, ApiError> {
    let name = g.session.seat_name(seat);
    let fresh = seats::new_token();
    let before = (
        g.seat_tokens.clone(),
        g.handed_out.clone(),
        g.invited.clone(),
        g.retired_tokens.clone(),
    );
    let old = std::mem::replace(&mut g.seat_tokens[seat as usize], fresh.clone());
    g.retired_tokens.push(RetiredToken {
        seat,
        token: old,
        taken,
    });
    if g.retired_tokens.len() > RETIRED_KEPT {
        g.retired_tokens.remove(0);
    }
    if let Some(flag) = g.handed_out.get_mut(seat as usize) {
        *flag = true;
    }
    if let Some(flag) = g.invited.get_mut(seat as usize) {
        *flag = invitation;
    }
    // Stored at once (a restart must not bring the old token back), and every page is told:
    // the creator's shows the seat as invited, then as played on another screen.
    g.noted();
    if let Some(e) = g.store_error.take() {
        // A new link nobody could be given, or one a restart would forget: the seat stays
        // with the link it had.
        (g.seat_tokens, g.handed_out, g.invited, g.retired_tokens) = before;
        return Err(e);
    }
    Ok(HandOut {
        seat,
        name,
        link: format!("/?seat={fresh}#{}", g.id),
        token: fresh,
    })
}

/// Gives the asking seat a fresh token, an invitation for the screen that opens it first, and
/// retires the one it was asked with.
pub fn hand_out(g: &mut WebGame, access: Access) -> Result<HandOut, ApiError> {
    let seat = seats::acting_seat(g, access, None)?;
    let name = g.session.seat_name(seat);
    if g.players.get(seat as usize).is_some_and(|p| p.is_some()) {
        return Err(ApiError::Conflict(format!(
            "the engine plays {name}: there is no person to hand the seat to"
        )));
    }
    replace_token(g, seat, false, true)
}

/// The first screen to open an invitation takes the seat: the seat gets a token only that
/// screen sees, and the invitation is spent (`seats::authorize` lets an invitation do nothing
/// else).
pub fn claim(g: &mut WebGame, access: Access) -> Result<HandOut, ApiError> {
    let seat = seats::acting_seat(g, access, None)?;
    if !invited(g, seat) {
        return Err(ApiError::Conflict(format!(
            "this link already plays {}: it is no invitation to claim",
            g.session.seat_name(seat)
        )));
    }
    replace_token(g, seat, true, false)
}
