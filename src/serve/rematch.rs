//! A rematch keeps its players (`POST …/rematch`, `GET …/rematch-seat`). A game's seats may be
//! held at several screens: the creator's (every seat it never handed out, the engines' too)
//! and one for each seat handed out to a person elsewhere. The rematch moves each player on one
//! seat (two swap sides), and each screen gets the new seats of the seats it held, and only
//! those: whoever asks gets theirs in the answer, every other screen fetches its own from the
//! old game with its old token (the finished game's view names the rematch, so its pages learn
//! of it). Nobody is given a seat another screen held.

use super::http::ApiError;
use super::seats::{Access, SeatLink, SeatLinks};
use super::web_game::WebGame;
use serde::{Deserialize, Serialize};

/// The rematch of a game, kept with the game (and stored with it: a screen may come for its
/// seat after a restart).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchSeats {
    /// The rematch's game id.
    pub id: String,
    /// The seat (of this game) whose link asked for it.
    pub by: u8,
    /// `tokens[seat]`: the rematch's seat tokens as it was made, in its seat order.
    pub tokens: Vec<String>,
    /// `holders[seat]`: the screen that held this game's seat when the rematch was made: 0 for
    /// the creator's, `seat + 1` for a seat handed out (a screen of its own).
    pub holders: Vec<u8>,
}

/// What the view says of a rematch: its id and who asked.
#[derive(Serialize)]
pub struct RematchView {
    pub id: String,
    pub by: u8,
}

pub fn view(g: &WebGame) -> Option<RematchView> {
    g.rematch.as_ref().map(|r| RematchView {
        id: r.id.clone(),
        by: r.by,
    })
}

/// The rematch's seat a player of `seat` moves to: the next one (`WebGame::rematch` turns the
/// players the same way).
pub fn next_seat(seat: usize, seats: usize) -> usize {
    (seat + 1) % seats
}

/// Which screen holds each seat now.
fn holders(g: &WebGame) -> Vec<u8> {
    (0..g.players.len())
        .map(|s| {
            if g.handed_out.get(s).copied().unwrap_or(false) {
                s as u8 + 1
            } else {
                0
            }
        })
        .collect()
}

/// The seat of this game that `access` holds, for a rematch call: a watcher has none.
fn holder_seat(access: Access) -> Result<u8, ApiError> {
    match access {
        Access::Seat(seat) => Ok(seat),
        Access::Watcher => Err(ApiError::Forbidden(
            "you are watching this game: only a player's seat link joins its rematch".into(),
        )),
    }
}

/// Makes the rematch of `g`, asked by `access`'s seat: the new game, with each seat held on
/// another screen marked so (as it was in this game), and the rematch kept with `g` (neither
/// stored nor announced yet: the caller does both once the new game is in the table, so a
/// screen told of it finds it).
pub fn make(g: &mut WebGame, access: Access) -> Result<WebGame, ApiError> {
    let by = holder_seat(access)?;
    let mut next = g.rematch()?;
    let seats = g.players.len();
    for s in 0..seats {
        if let Some(flag) = next.handed_out.get_mut(next_seat(s, seats)) {
            *flag = g.handed_out.get(s).copied().unwrap_or(false);
        }
    }
    g.rematch = Some(RematchSeats {
        id: next.id.clone(),
        by,
        tokens: next.seat_tokens.clone(),
        holders: holders(g),
    });
    Ok(next)
}

/// The rematch's links for the screen holding `access`'s seat of `g`: every seat listed, with
/// a token and link only for the new seats of the seats that screen held.
pub fn links_for(g: &WebGame, access: Access) -> Result<(String, SeatLinks), ApiError> {
    let seat = holder_seat(access)? as usize;
    let Some(r) = g.rematch.as_ref() else {
        return Err(ApiError::Conflict(
            "this game has no rematch yet: a player asks for it (POST …/rematch)".into(),
        ));
    };
    let seats = r.tokens.len();
    let holder = r.holders.get(seat).copied();
    let mine: Vec<usize> = (0..seats)
        .filter(|&s| holder.is_some() && r.holders.get(s).copied() == holder)
        .map(|s| next_seat(s, seats))
        .collect();
    let links = SeatLinks {
        seats: (0..seats)
            .map(|s| {
                // The player of this game's seat before it plays the rematch's `s`.
                let before = (s + seats - 1) % seats;
                let token = mine.contains(&s).then(|| r.tokens[s].clone());
                SeatLink {
                    seat: s as u8,
                    name: g.session.seat_name(s as u8),
                    engine: g.players.get(before).is_some_and(|p| p.is_some()),
                    link: token.as_ref().map(|t| format!("/?seat={t}#{}", r.id)),
                    token,
                }
            })
            .collect(),
        watch: format!("/#{}", r.id),
    };
    Ok((r.id.clone(), links))
}

/// The answer to `GET …/rematch-seat`: the rematch's id and this screen's links to it.
#[derive(Serialize)]
pub struct RematchSeat {
    pub id: String,
    pub links: SeatLinks,
}
