//! How a browser game may end besides by its rules: a resignation, a fallen flag, a draw
//! agreed. Also the draw offers on the table and the engine's answer to one. The rules library
//! knows none of this: these endings are the site's, kept beside the session.

use super::clock::{ClockView, GameClocks};
use crate::core::SeatState;
use crate::search::ReportScore;
use crate::session::{GameEnd, Session};
use serde::Serialize;

/// An engine takes a draw when its last score is at most this (level, or worse for it)…
pub const ENGINE_DRAW_CP: i32 = 25;
/// …and at least this many moves (plies) have been played.
pub const ENGINE_DRAW_AFTER: usize = 20;

/// The site's part of a game: clocks, an ending not by rule, a draw offer.
#[derive(Clone, Debug, Default)]
pub struct PlayState {
    pub clocks: Option<GameClocks>,
    /// Each seat's time left before each move (for take-backs): `clock_history[i]` before
    /// move `i`.
    pub clock_history: Vec<Vec<std::time::Duration>>,
    /// An end not by rule (resignation, time, agreement).
    pub ending: Option<GameEnd>,
    /// The seat whose draw offer waits for an answer.
    pub draw_offer: Option<u8>,
    /// The last answer to a draw offer, in words ("Black (engine) declines the draw.").
    pub draw_answer: Option<String>,
}

/// What the page is told of the site's part (flattened into the game view).
#[derive(Serialize)]
pub struct PlayView {
    /// `3+2`, or null for a game without clocks.
    pub time_control: Option<String>,
    pub clocks: Option<Vec<ClockView>>,
    /// The winning seat once the game is over (null while it goes on, and for a draw).
    pub winner: Option<u8>,
    /// How the game ended, once it has: `{"winner":1,"drawn":[],"reason":"resignation"}`.
    pub result: Option<ResultView>,
    pub draw_offer: Option<u8>,
    pub draw_answer: Option<String>,
}

#[derive(Serialize)]
pub struct ResultView {
    pub winner: Option<u8>,
    pub drawn: Vec<u8>,
    pub reason: String,
}

impl PlayState {
    pub fn view(&self, end: Option<&GameEnd>) -> PlayView {
        PlayView {
            time_control: self.clocks.as_ref().map(|c| c.control.to_string()),
            clocks: self.clocks.as_ref().map(GameClocks::view),
            winner: end.and_then(|e| e.winner),
            result: end.map(|e| ResultView {
                winner: e.winner,
                drawn: e.drawn.clone(),
                reason: e.reason.clone(),
            }),
            draw_offer: self.draw_offer,
            draw_answer: self.draw_answer.clone(),
        }
    }
}

fn name(session: &dyn Session, seat: u8) -> String {
    session.seat_name(seat)
}

/// The verb for a seat's name: tafl's sides are plural (`attackers resign`, `defenders win`).
fn verb<'a>(who: &str, one: &'a str, many: &'a str) -> &'a str {
    if who.ends_with('s') {
        many
    } else {
        one
    }
}

/// The seats still playing other than `seat`.
fn others(session: &dyn Session, seat: u8) -> Vec<u8> {
    (0..session.seats() as u8)
        .filter(|&s| s != seat && session.seat_state(s) == SeatState::Active)
        .collect()
}

/// `seat` leaves the game (resigned, or out of time): the one seat left wins; with more left
/// (three or four players) they share the game.
fn seat_leaves(session: &dyn Session, seat: u8, reason: &str, what: (&str, &str)) -> GameEnd {
    let rest = others(session, seat);
    let who = name(session, seat);
    let what = verb(&who, what.0, what.1);
    match rest.as_slice() {
        [winner] => GameEnd {
            winner: Some(*winner),
            drawn: Vec::new(),
            reason: reason.into(),
            text: {
                let winner = name(session, *winner);
                format!("{winner} {}: {who} {what}", verb(&winner, "wins", "win"))
            },
        },
        _ => GameEnd {
            winner: None,
            drawn: rest.clone(),
            reason: reason.into(),
            text: format!(
                "{who} {what}; {} share the game",
                rest.iter()
                    .map(|&s| name(session, s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
    }
}

pub fn resignation(session: &dyn Session, seat: u8) -> GameEnd {
    seat_leaves(session, seat, "resignation", ("resigns", "resign"))
}

pub fn time_out(session: &dyn Session, seat: u8) -> GameEnd {
    seat_leaves(
        session,
        seat,
        "time",
        ("ran out of time", "ran out of time"),
    )
}

pub fn agreed_draw(session: &dyn Session) -> GameEnd {
    GameEnd {
        winner: None,
        drawn: (0..session.seats() as u8)
            .filter(|&s| session.seat_state(s) == SeatState::Active)
            .collect(),
        reason: "agreement".into(),
        text: "drawn by agreement".into(),
    }
}

/// Whether an engine takes a draw offered after `plies` moves, given its last score (from its
/// own view): only after some moves, and only when it does not think it is winning.
pub fn engine_takes_draw(plies: usize, last_score: Option<ReportScore>) -> bool {
    plies >= ENGINE_DRAW_AFTER
        && match last_score {
            Some(ReportScore::Centipawns(cp)) => cp <= ENGINE_DRAW_CP,
            Some(ReportScore::Mate(n)) => n < 0,
            None => false,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_takes_a_draw_only_late_and_when_not_winning() {
        let level = Some(ReportScore::Centipawns(10));
        assert!(!engine_takes_draw(4, level));
        assert!(engine_takes_draw(ENGINE_DRAW_AFTER, level));
        assert!(engine_takes_draw(40, Some(ReportScore::Centipawns(-300))));
        assert!(!engine_takes_draw(40, Some(ReportScore::Centipawns(200))));
        assert!(!engine_takes_draw(40, Some(ReportScore::Mate(3))));
        assert!(engine_takes_draw(40, Some(ReportScore::Mate(-3))));
        assert!(!engine_takes_draw(40, None));
    }
}
