//! Seats that belong to someone: each seat of a game has a private token (128 random bits),
//! given once to the game's creator, who passes each person the link of their seat. Reading a
//! game needs only its id (the watch link); every call that changes a game needs a seat's
//! token, checked here, in one place, before any action runs.

use super::http::ApiError;
use super::web_game::WebGame;
use serde::Serialize;
use std::collections::BTreeMap;

/// A fresh token: 128 bits from the operating system's generator (through `rand`'s thread
/// generator, which is a CSPRNG seeded from it), as 32 hex digits.
pub fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Who is asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// No token: may read the game, never change it.
    Watcher,
    /// The holder of this seat's token.
    Seat(u8),
}

/// Compares without stopping at the first difference, so timing tells nothing of a token.
pub(super) fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The seat whose token this is.
fn seat_of(g: &WebGame, token: &str) -> Option<u8> {
    g.seat_tokens
        .iter()
        .position(|t| same_token(t, token))
        .map(|s| s as u8)
}

/// The one check every call on a game passes: reads are open to anyone with the game's id;
/// anything else needs one of its seats' tokens (`?seat=TOKEN`), except the analysis of a game
/// that is over (and its stop): nothing in a finished game can change any more, and anyone
/// who opens it from the finished games may review and analyse it.
pub fn authorize(
    g: &WebGame,
    method: &str,
    action: &str,
    query: &BTreeMap<String, String>,
) -> Result<Access, ApiError> {
    let read = matches!(method, "GET" | "HEAD");
    let seat = match query.get("seat") {
        // An invitation not yet claimed (`handout.rs`) may be claimed, and read as a watcher's:
        // until a screen takes it, the seat is nobody's to play.
        Some(token) => match seat_of(g, token) {
            Some(seat) if super::handout::invited(g, seat) => match (method, action) {
                ("POST", "claim") => Some(seat),
                _ if read => None,
                _ => {
                    return Err(ApiError::Forbidden(super::handout::unclaimed(
                        &g.session.seat_name(seat),
                    )))
                }
            },
            Some(seat) => Some(seat),
            // A link whose seat was handed out on, or an invitation already taken, reads as a
            // watcher's: a page still open at it goes on showing the game, and changes nothing.
            None => match super::handout::retired(g, token) {
                Some(_) if read => None,
                Some(r) if r.taken => {
                    return Err(ApiError::Forbidden(super::handout::taken(
                        &g.session.seat_name(r.seat),
                    )))
                }
                Some(_) => return Err(ApiError::Forbidden(super::handout::HANDED_OUT.into())),
                None => return Err(ApiError::Forbidden(
                    "this seat link is not one of this game's: ask the game's creator for yours"
                        .into(),
                )),
            },
        },
        None => None,
    };
    match (method, seat) {
        (_, Some(seat)) => Ok(Access::Seat(seat)),
        ("GET" | "HEAD", None) => Ok(Access::Watcher),
        ("POST", None) if g.is_over() && matches!(action, "analysis" | "stop") => {
            Ok(Access::Watcher)
        }
        _ => Err(ApiError::Forbidden(
            "you are watching this game: only a player's seat link can change it".into(),
        )),
    }
}

/// What the link a request was made with is, for its page: a seat it plays, an invitation to
/// claim, an invitation another screen took, or a link handed on. None without a token (or
/// with one of no seat of the game).
#[derive(Serialize)]
pub struct LinkState {
    pub seat: u8,
    /// `plays`, `invitation`, `taken` or `handed_out`.
    pub state: &'static str,
}

pub fn link_state(g: &WebGame, query: &BTreeMap<String, String>) -> Option<LinkState> {
    let token = query.get("seat")?;
    if let Some(seat) = seat_of(g, token) {
        let state = if super::handout::invited(g, seat) {
            "invitation"
        } else {
            "plays"
        };
        return Some(LinkState { seat, state });
    }
    super::handout::retired(g, token).map(|r| LinkState {
        seat: r.seat,
        state: if r.taken { "taken" } else { "handed_out" },
    })
}

/// A move must come from the seat to move.
pub fn may_move(g: &WebGame, access: Access) -> Result<(), ApiError> {
    let to_move = g.session.to_move();
    match access {
        Access::Seat(seat) if seat == to_move => Ok(()),
        Access::Seat(seat) => Err(ApiError::Forbidden(format!(
            "your seat link plays {}, and it is {}'s move",
            g.session.seat_name(seat),
            g.session.seat_name(to_move)
        ))),
        Access::Watcher => Err(ApiError::Forbidden(
            "you are watching this game: only a player's seat link can move".into(),
        )),
    }
}

/// The seat a resignation or draw call speaks for is its token's: a body naming another seat
/// is refused, so no link can resign or agree a draw for someone else.
pub fn acting_seat(g: &WebGame, access: Access, named: Option<u8>) -> Result<u8, ApiError> {
    match (access, named) {
        (Access::Seat(seat), Some(other)) if other != seat => {
            let name = |s: u8| {
                if (s as usize) < g.session.seats() {
                    g.session.seat_name(s).to_string()
                } else {
                    format!("seat {s}")
                }
            };
            Err(ApiError::Forbidden(format!(
                "your seat link plays {}, not {}",
                name(seat),
                name(other)
            )))
        }
        (Access::Seat(seat), _) => Ok(seat),
        (Access::Watcher, _) => Err(ApiError::Forbidden(
            "you are watching this game: only a player's seat link can change it".into(),
        )),
    }
}

/// A take-back asked for and not yet agreed by every person in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakebackOffer {
    pub plies: Option<usize>,
    /// The seats that asked or agreed.
    pub agreed: Vec<u8>,
    /// The game's epoch when it was asked: any change of the position makes it void.
    pub epoch: u64,
}

impl WebGame {
    /// The take-back request still standing: one the position has moved past is void.
    pub(super) fn live_takeback(&self) -> Option<&TakebackOffer> {
        self.takeback.as_ref().filter(|o| o.epoch == self.epoch)
    }
}

/// The seats people play (engines never need asking).
fn people(g: &WebGame) -> Vec<u8> {
    (0..g.players.len() as u8)
        .filter(|&s| g.players[s as usize].is_none())
        .collect()
}

/// What a take-back request does: `Ok(true)` when every person has now agreed (take back),
/// `Ok(false)` when it waits for the others. Between people it needs them all; against
/// engines the one person decides alone.
pub fn ask_takeback(
    g: &mut WebGame,
    access: Access,
    plies: Option<usize>,
    decline: bool,
) -> Result<bool, ApiError> {
    let Access::Seat(seat) = access else {
        return Err(ApiError::Forbidden(
            "you are watching this game: only a player can take back".into(),
        ));
    };
    let people = people(g);
    // An engine's seat link (the creator's tab holds those too) asks for nothing: against an
    // engine it would take back the moves of a person who may be playing on another screen.
    if !people.contains(&seat) {
        return Err(ApiError::Forbidden(format!(
            "the engine plays {}: only a person's seat link can ask for a take-back",
            g.session.seat_name(seat)
        )));
    }
    if decline {
        g.takeback = None;
        g.noted();
        return Ok(false);
    }
    if people.len() <= 1 {
        return Ok(true);
    }
    let current = g
        .takeback
        .take()
        .filter(|o| o.epoch == g.epoch && o.plies == plies);
    let mut offer = current.unwrap_or(TakebackOffer {
        plies,
        agreed: Vec::new(),
        epoch: g.epoch,
    });
    if !offer.agreed.contains(&seat) {
        offer.agreed.push(seat);
    }
    if people.iter().all(|p| offer.agreed.contains(p)) {
        return Ok(true);
    }
    g.takeback = Some(offer);
    // The other people's pages show the request at once.
    g.noted();
    Ok(false)
}

/// What the view adds for seats: whose link asked, and a take-back waiting for consent.
#[derive(Serialize)]
pub struct SeatExtras {
    /// The seat of the link that asked (null for a watcher).
    pub you: Option<u8>,
    /// What the link that asked is (null without one): see [`LinkState`].
    pub seat_link: Option<LinkState>,
    /// A take-back waiting for consent: the seats that agreed so far.
    pub takeback: Option<TakebackView>,
}

#[derive(Serialize)]
pub struct TakebackView {
    pub plies: Option<usize>,
    pub agreed: Vec<u8>,
}

pub fn extras(g: &WebGame, access: Access, seat_link: Option<LinkState>) -> SeatExtras {
    SeatExtras {
        seat_link,
        you: match access {
            Access::Seat(s) => Some(s),
            Access::Watcher => None,
        },
        takeback: g.live_takeback().map(|o| TakebackView {
            plies: o.plies,
            agreed: o.agreed.clone(),
        }),
    }
}

/// The links the creator hands out: a path per seat and one to watch (the page puts the
/// server's address in front).
#[derive(Serialize)]
pub struct SeatLinks {
    pub seats: Vec<SeatLink>,
    pub watch: String,
}

#[derive(Serialize)]
pub struct SeatLink {
    pub seat: u8,
    pub name: String,
    pub engine: bool,
    /// Null where the seat is held at another screen (a rematch's links, `rematch.rs`).
    pub token: Option<String>,
    pub link: Option<String>,
}

pub fn links(g: &WebGame) -> SeatLinks {
    SeatLinks {
        seats: g
            .seat_tokens
            .iter()
            .enumerate()
            .map(|(s, token)| SeatLink {
                seat: s as u8,
                name: g.session.seat_name(s as u8),
                engine: g.players.get(s).is_some_and(|p| p.is_some()),
                token: Some(token.clone()),
                link: Some(format!("/?seat={token}#{}", g.id)),
            })
            .collect(),
        watch: format!("/#{}", g.id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_fresh_and_compared_whole() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(same_token(&a, &a.clone()));
        assert!(!same_token(&a, &b));
        assert!(!same_token(&a, &a[..31]));
    }
}
