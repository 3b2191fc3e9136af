//! A confirmed "set up for me" plan (Sceptre 1027's set-up, docs/rules/sceptre1027.md#the-set-up)
//! kept by the server with the game: whenever it is the seat's turn in the set-up, the server
//! plays the plan's next placement itself, so the player's page need not stay open. Checked in
//! order when given (`setup_plan.rs`); stored with the game (`store.rs`), so a restarted server
//! goes on with it. It is played until every placement is made or the player cancels it; a
//! take-back drops it. What it did (how many placed, why it stopped) stays on the seat's view.
//!
//! The check plays the other players' placements as the engine expects them; if theirs in the
//! game make one of the plan's illegal after all (a piece that would attack an enemy king), the
//! plan's next placement still allowed is made instead, and the one put off is tried again at
//! the seat's next turns; once none of the rest is allowed, the engine places the rest of the
//! seat's army (the "set up for me" stand-in), so the set-up never waits on a page that may be
//! closed, and the plan keeps the reason.

use super::http::ApiError;
use super::stand_in::StandIn;
use super::web_game::WebGame;
use serde::{Deserialize, Serialize};

/// `{"placements": ["K@c1", …]}`: every placement the token's seat still has to make, in order.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanRequest {
    pub placements: Vec<String>,
}

/// A seat's confirmed plan and how far the server has played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldPlan {
    pub placements: Vec<String>,
    /// How many of `placements` have been played.
    pub played: usize,
    /// Why the server stopped playing it (a placement the position no longer allowed).
    #[serde(default)]
    pub stopped: Option<String>,
}

impl HeldPlan {
    /// The placement to play at the seat's next turn, while the plan goes on.
    pub fn next(&self) -> Option<&str> {
        match self.stopped {
            Some(_) => None,
            None => self.placements.get(self.played).map(String::as_str),
        }
    }
}

impl WebGame {
    /// The plan held for `seat`, if any.
    pub fn held_plan(&self, seat: u8) -> Option<&HeldPlan> {
        self.setup_plans.get(seat as usize).and_then(Option::as_ref)
    }

    /// Whether the seat to move is placed by its held plan (its person waits).
    pub fn plan_to_move(&self) -> bool {
        !self.is_over()
            && self.in_set_up()
            && self
                .held_plan(self.session.to_move())
                .is_some_and(|p| p.next().is_some())
    }

    /// Who may be given a plan: a person still playing, in a set-up still going on.
    pub fn may_hold_plan(&self, seat: u8) -> Result<(), ApiError> {
        self.person_still_playing(seat)?;
        self.set_up_still_going_on()
    }

    /// Holds `placements` (checked already) as the seat's plan, in place of any stand-in; it
    /// is played from the next `kick`.
    pub fn hold_plan(&mut self, seat: u8, placements: Vec<String>) -> Result<(), ApiError> {
        self.may_hold_plan(seat)?;
        let seats = self.players.len();
        self.setup_plans.resize(seats, None);
        self.stand_in.resize(seats, StandIn::Off);
        self.setup_plans[seat as usize] = Some(HeldPlan {
            placements,
            played: 0,
            stopped: None,
        });
        self.stand_in[seat as usize] = StandIn::Off;
        self.noted();
        Ok(())
    }

    /// Drops the seat's plan (the player places the rest by hand); nothing if it has none.
    pub fn drop_plan(&mut self, seat: u8) {
        if let Some(plan) = self.setup_plans.get_mut(seat as usize) {
            if plan.take().is_some() {
                self.noted();
            }
        }
    }

    /// Plays held plans' placements while a seat with a plan is to move: the plan's next
    /// placement, or, if the position no longer allows it, the first later one it allows (the
    /// one put off is tried again at each turn). When none of the rest is allowed, the plan
    /// stops: the engine places the seat's rest instead.
    pub fn play_held_plans(&mut self) {
        while self.plan_to_move() {
            let seat = self.session.to_move();
            let legal = self.session.legal_moves();
            let Some(plan) = self.setup_plans[seat as usize].as_mut() else {
                return;
            };
            let Some(blocked) = plan.next().map(str::to_string) else {
                return;
            };
            let allowed = plan.placements[plan.played..]
                .iter()
                .position(|p| legal.contains(p));
            let played = match allowed {
                Some(k) => {
                    // Played placements stay first, in the order they were made.
                    let next = plan.placements.remove(plan.played + k);
                    plan.placements.insert(plan.played, next.clone());
                    plan.played += 1;
                    self.play(&next, None, None)
                        .map_err(|e| (next, e.to_string()))
                }
                None => Err((
                    blocked,
                    "the other players' placements no longer allow it, nor any other of the \
                     plan's"
                        .to_string(),
                )),
            };
            if let Err((next, why)) = played {
                let name = self.session.seat_name(seat);
                log::info!("serve: game {}: {name}'s planned {next}: {why}", self.id);
                if let Some(plan) = self.setup_plans[seat as usize].as_mut() {
                    if allowed.is_some() {
                        plan.played -= 1;
                    }
                    plan.stopped = Some(format!(
                        "{next} could not be placed ({why}): the engine places the rest"
                    ));
                }
                self.stand_in[seat as usize] = StandIn::SetUp;
                self.noted();
                return;
            }
        }
    }
}
