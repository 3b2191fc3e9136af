//! One game played in the browser: the rules library's session, who plays each seat, the moves
//! so far, and the search running for it (an engine's move or an analysis), if any.

use super::ending::PlayState;
use super::http::ApiError;
use super::jobs::{lock, EngineLevel, Job, JobKind};
use crate::core::SeatState;
use crate::session::{GameEnd, GameStatus, JobEnd, SearchTable, Session, Variant, VariantError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The hash table each game's searches share (games are many, cores two).
const TABLE_MEGABYTES: usize = 16;

/// One move as the page lists it.
#[derive(Clone, Debug)]
pub struct WebMove {
    pub seat: u8,
    /// In protocol notation (`e2e4`, `N@c3`).
    pub text: String,
    /// In the game's record notation (SAN for the chess family).
    pub notation: String,
    /// The engine's score and depth for an engine's move.
    pub score: Option<crate::search::ReportScore>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
    /// Seats the move put out of the game.
    pub departures: Vec<(u8, SeatState)>,
}

pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

pub struct WebGame {
    pub id: String,
    pub variant: Variant,
    pub options: Vec<(String, String)>,
    /// The position string the game started from (None: the variant's start).
    pub start: Option<String>,
    /// The start's position string as the session writes it.
    pub start_text: String,
    pub session: Box<dyn Session>,
    pub moves: Vec<WebMove>,
    /// `players[seat]`: None for a person.
    pub players: Vec<Option<EngineLevel>>,
    /// Counts every change a page shows (moves, endings, draw offers, take-back requests): a
    /// page that saw another count is stale, and the game's event streams are told of each.
    /// It never goes down, also across a read-back from the store (`serve/generation.rs`): a
    /// page draws no view older than one it drew.
    pub generation: u64,
    /// Counts changes of the position and pauses: a search started at another count is stale
    /// (a draw offer changes the generation, not the search).
    pub epoch: u64,
    pub job: Option<Job>,
    /// The last search stopped at the page's request, for its lines to stay on show.
    pub stopped_job: Option<Job>,
    /// The number of lines to analyse with while analysis is on.
    pub analysis: Option<usize>,
    /// The analysis is of the position after this many moves ("Analyse from here" on a
    /// reviewed position, also after the end); None: of the game's position as it goes.
    pub analysis_ply: Option<usize>,
    pub last_seen: Instant,
    /// No page has asked for the game for a while: searches wait until one does.
    pub paused: bool,
    /// Dropped from the server's table (for room): a request that still holds this copy
    /// must not change it, since the game may be read back from the store as a fresh copy.
    pub set_aside: bool,
    /// The last search error, for the page to show.
    pub notice: Option<String>,
    table: Option<SearchTable>,
    /// When the side to move began thinking (for the engine's move time).
    pub turn_started: Instant,
    /// Clocks, an ending not by rule, draw offers (`ending.rs`).
    pub play: PlayState,
    /// `seat_tokens[seat]`: the secret of that seat's link (`serve/seats.rs`).
    pub seat_tokens: Vec<String>,
    /// `handed_out[seat]`: the seat was given to a person on another screen (`handout.rs`);
    /// the creator's tab no longer plays it.
    pub handed_out: Vec<bool>,
    /// `invited[seat]`: the seat's token is an invitation no screen has claimed yet
    /// (`handout.rs`): it plays nothing until claimed.
    pub invited: Vec<bool>,
    /// The rematch, once a player asked for it, and whose seats each screen gets
    /// (`rematch.rs`).
    pub rematch: Option<super::rematch::RematchSeats>,
    /// Tokens replaced when their seats were handed out: refused with a word of why.
    pub retired_tokens: Vec<super::handout::RetiredToken>,
    /// A take-back asked for between people, waiting for the others' consent.
    pub takeback: Option<super::seats::TakebackOffer>,
    /// Where every change is written (`serve/store.rs`); None keeps the game in memory only.
    pub store: Option<Arc<super::store::Store>>,
    /// The last change the store could not write, for the request that made it to report.
    pub store_error: Option<ApiError>,
    /// `stand_in[seat]`: the engine placing or playing for that person (`stand_in.rs`).
    pub stand_in: Vec<super::stand_in::StandIn>,
    /// `setup_plans[seat]`: a confirmed set-up the server places for that person
    /// (`held_plan.rs`).
    pub setup_plans: Vec<Option<super::held_plan::HeldPlan>>,
    /// The server's event streams (`serve/events.rs`), rung at every change; None outside a
    /// game table.
    pub events: Option<super::events::EventHub>,
}

impl WebGame {
    pub fn new(
        id: String,
        variant: Variant,
        options: Vec<(String, String)>,
        start: Option<String>,
        session: Box<dyn Session>,
        players: Vec<Option<EngineLevel>>,
    ) -> WebGame {
        let start_text = session.position_text();
        let seat_tokens = players.iter().map(|_| super::seats::new_token()).collect();
        let stand_in = vec![super::stand_in::StandIn::Off; players.len()];
        let players_len = players.len();
        WebGame {
            id,
            variant,
            options,
            start,
            start_text,
            session,
            moves: Vec::new(),
            players,
            generation: 0,
            epoch: 0,
            job: None,
            stopped_job: None,
            analysis: None,
            analysis_ply: None,
            last_seen: Instant::now(),
            paused: false,
            set_aside: false,
            notice: None,
            table: None,
            turn_started: Instant::now(),
            play: PlayState::default(),
            seat_tokens,
            handed_out: vec![false; players_len],
            invited: vec![false; players_len],
            rematch: None,
            retired_tokens: Vec::new(),
            takeback: None,
            store: None,
            store_error: None,
            stand_in,
            setup_plans: vec![None; players_len],
            events: None,
        }
    }

    fn table(&mut self) -> crate::search::SharedTable {
        self.table
            .get_or_insert_with(|| SearchTable::new(TABLE_MEGABYTES))
            .shared()
    }

    /// How the game ended: by its rules, or else by resignation, time or agreement.
    pub fn end(&self) -> Option<GameEnd> {
        match self.session.status() {
            GameStatus::Over(end) => Some(end),
            GameStatus::Ongoing => self.play.ending.clone(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.play.ending.is_some() || matches!(self.session.status(), GameStatus::Over(_))
    }

    /// Ends the game not by rule (resignation, time, agreement): searches stop, clocks too.
    pub fn finish(&mut self, end: GameEnd) {
        if self.is_over() {
            return;
        }
        self.play.ending = Some(end);
        self.play.draw_offer = None;
        if let Some(c) = self.play.clocks.as_mut() {
            c.halt();
        }
        self.analysis = None;
        self.analysis_ply = None;
        self.changed();
    }

    /// A clock that has fallen ends the game; true if it did.
    pub fn check_flag(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        let Some(seat) = self.play.clocks.as_ref().and_then(|c| c.fallen()) else {
            return false;
        };
        let end = super::ending::time_out(self.session.as_ref(), seat);
        self.finish(end);
        true
    }

    /// The clock of the seat to move runs while the game goes on and a page watches it.
    fn run_clock(&mut self) {
        let over = self.is_over();
        let to_move = self.session.to_move();
        if let Some(c) = self.play.clocks.as_mut() {
            if over || self.paused {
                c.halt();
            } else if !c.is_running() {
                c.start(to_move);
            }
        }
    }

    /// The engine level of the seat to move, if an engine plays it (or stands in for its
    /// person).
    pub fn engine_to_move(&self) -> Option<EngineLevel> {
        if self.is_over() {
            return None;
        }
        let seat = self.session.to_move();
        self.players
            .get(seat as usize)
            .copied()
            .flatten()
            .or_else(|| self.stand_in_level(seat))
    }

    /// Something a page shows changed, not the position (a draw offered or declined, a
    /// take-back asked for, a stand-in): it is stored (a restart keeps it), pages are told,
    /// searches go on.
    pub fn noted(&mut self) {
        self.generation += 1;
        self.persist();
        if let Some(hub) = &self.events {
            hub.ring(&self.id, self.generation, self.moves.len());
        }
    }

    /// Something changed: searches of the old position are stale.
    fn changed(&mut self) {
        self.epoch += 1;
        self.stop_job();
        self.stopped_job = None;
        self.notice = None;
        self.turn_started = Instant::now();
        self.noted();
    }

    /// Writes the game to its store, if it has one; a failure is kept for the request (or
    /// shown on the page, for an engine's move): what was stored before stays stored.
    pub fn persist(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let names = super::record::player_names(self);
        if let Err(e) = store.save(self, &names) {
            log::error!("serve: game {}: {e}", self.id);
            self.notice = Some(e.to_string());
            self.store_error = Some(e);
        }
    }

    /// Stops the running search, if any (it notices the flag within a few milliseconds).
    pub fn stop_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
            self.stopped_job = Some(job);
        }
    }

    /// Plays a move of the seat to move (checked legal by the rules library).
    pub fn play(
        &mut self,
        text: &str,
        score: Option<crate::search::ReportScore>,
        depth: Option<u32>,
    ) -> Result<(), ApiError> {
        self.check_flag();
        if let Some(end) = self.end() {
            return Err(ApiError::Conflict(format!("the game is over: {end}")));
        }
        let seat = self.session.to_move();
        let clocks_before = self.play.clocks.as_ref().map(|c| c.snapshot());
        let before: Vec<SeatState> = (0..self.session.seats() as u8)
            .map(|s| self.session.seat_state(s))
            .collect();
        let notation = self
            .session
            .play(text.trim())
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
        let departures = before
            .iter()
            .enumerate()
            .filter_map(|(s, was)| {
                let now = self.session.seat_state(s as u8);
                (*was == SeatState::Active && now != SeatState::Active).then_some((s as u8, now))
            })
            .collect();
        let elapsed = self.turn_started.elapsed();
        self.moves.push(WebMove {
            seat,
            text: text.trim().to_string(),
            notation,
            score,
            depth,
            elapsed,
            departures,
        });
        if let Some(c) = self.play.clocks.as_mut() {
            c.moved(seat);
        }
        self.end_finished_set_ups();
        self.play.clock_history.extend(clocks_before);
        // An offer stands until the other side moves (a move is an answer too).
        if self.play.draw_offer.is_some_and(|s| s != seat) {
            self.play.draw_offer = None;
        }
        self.play.draw_answer = None;
        self.changed();
        self.run_clock();
        Ok(())
    }

    /// A person's move: refused while an engine plays the seat to move.
    pub fn play_human(&mut self, text: &str) -> Result<(), ApiError> {
        if self.plan_to_move() {
            let seat = self.session.seat_name(self.session.to_move());
            return Err(ApiError::Conflict(format!(
                "the server places {seat}'s confirmed set-up: cancel it to place by hand"
            )));
        }
        if !self.is_over() && self.engine_to_move().is_some() {
            let seat = self.session.seat_name(self.session.to_move());
            return Err(ApiError::Conflict(format!(
                "the engine plays {seat}: wait for its move (or stop it to make it move now)"
            )));
        }
        self.play(text, None, None)
    }

    /// Takes moves back: `plies` of them, or (None) back to the last position a person was to
    /// move in, at least one move.
    pub fn take_back(&mut self, plies: Option<usize>) -> Result<(), ApiError> {
        if self.moves.is_empty() {
            return Err(ApiError::Conflict("no move to take back".into()));
        }
        if let Some(end) = &self.play.ending {
            return Err(ApiError::Conflict(format!("the game is over: {end}")));
        }
        let keep = match plies {
            Some(0) => return Err(ApiError::BadRequest("plies must be at least 1".into())),
            Some(n) if n > self.moves.len() => {
                return Err(ApiError::BadRequest(format!(
                    "only {} moves have been played",
                    self.moves.len()
                )))
            }
            Some(n) => self.moves.len() - n,
            None => {
                let human = |seat: u8| self.players.get(seat as usize).is_some_and(|p| p.is_none());
                // Back one move, then on while an engine would be to move.
                let mut keep = self.moves.len() - 1;
                while keep > 0 && !human(self.moves[keep].seat) {
                    keep -= 1;
                }
                if !human(self.moves[keep].seat) {
                    keep = self.moves.len() - 1;
                }
                keep
            }
        };
        let texts: Vec<String> = self.moves[..keep].iter().map(|m| m.text.clone()).collect();
        let mut session = self.session.boxed_clone();
        session
            .set_position(self.start.as_deref(), &texts)
            .map_err(|e| ApiError::BadRequest(format!("could not replay the game: {e}")))?;
        self.session = session;
        self.moves.truncate(keep);
        // A person takes back to change what the engine did for them: from here they play.
        self.stand_in.fill(super::stand_in::StandIn::Off);
        self.setup_plans.fill(None);
        if let Some(c) = self.play.clocks.as_mut() {
            // The clocks go back to what they showed before the first move taken back.
            if let Some(left) = self.play.clock_history.get(keep) {
                c.restore(left.clone());
            }
            self.play.clock_history.truncate(keep);
        }
        self.play.draw_offer = None;
        self.play.draw_answer = None;
        self.changed();
        self.run_clock();
        Ok(())
    }

    /// A page asked for the game: it is watched again.
    pub fn seen(&mut self) {
        self.last_seen = Instant::now();
    }

    /// Who moves next, whether the game is over, what the last move did: in words.
    pub fn status_text(&self) -> String {
        match self.end() {
            Some(end) => format!("{}.", capitalised(&end.text)),
            None => {
                let seat = self.session.to_move();
                let name = capitalised(&self.session.seat_name(seat));
                let standing_in = self.players.get(seat as usize).copied().flatten().is_none();
                let status = match self.engine_to_move() {
                    Some(_) if self.paused => format!("{name} (engine) to move"),
                    Some(_) if standing_in => format!("{name} (the engine, for you) is thinking"),
                    Some(_) => format!("{name} (engine) is thinking"),
                    None => format!("{name} to move"),
                };
                match self.session.checked_king() {
                    Some(_) => format!("{status}: check!"),
                    None => status,
                }
            }
        }
    }

    /// The eliminations and withdrawals so far, in words.
    pub fn announcements(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            for (seat, state) in &m.departures {
                let name = self.session.seat_name(*seat);
                let what = match state {
                    SeatState::Withdrawn => "withdraws (no legal move); its pieces stay",
                    _ => "is eliminated",
                };
                out.push(format!(
                    "After move {}: {} {what}.",
                    i + 1,
                    capitalised(&name)
                ));
            }
        }
        out
    }

    /// Starts what the position calls for: the engine's move if an engine is to move, else
    /// the analysis if it is on. Nothing while paused or while a search runs.
    pub fn kick(&mut self, me: &Arc<Mutex<WebGame>>) {
        self.check_flag();
        // A confirmed set-up's placements need no search: played at once, whoever is watching.
        self.play_held_plans();
        self.run_clock();
        // An earlier position (a take-back may have removed it: then the game's own).
        let ply = self.analysis_ply.filter(|&n| n <= self.moves.len());
        if self.paused || self.job.is_some() || (self.is_over() && ply.is_none()) {
            return;
        }
        let kind = match (self.engine_to_move(), self.analysis) {
            (Some(level), _) if !self.is_over() => JobKind::EngineMove(level),
            // Closed while people play each other, however it was turned on.
            (_, Some(lines)) if super::fair_play::analysis_closed(self).is_none() => {
                JobKind::Analysis { lines }
            }
            _ => return,
        };
        let session = match (kind, ply) {
            (JobKind::Analysis { .. }, Some(n)) => match self.session_at(n) {
                Ok(s) => s,
                Err(e) => {
                    self.notice = Some(e);
                    return;
                }
            },
            _ => self.session.boxed_clone(),
        };
        let (game, epoch) = (me.clone(), self.epoch);
        let table = self.table();
        let clocks = self
            .play
            .clocks
            .as_ref()
            .map(|c| c.words(self.session.clock_letters()));
        let started = Job::start(&self.id, session, table, kind, clocks, move |end| {
            if let JobKind::EngineMove(_) = kind {
                lock(&game).engine_move_found(&game, epoch, end);
            }
        });
        match started {
            Ok(mut job) => {
                if matches!(kind, JobKind::Analysis { .. }) {
                    job.ply = ply;
                }
                self.job = Some(job)
            }
            Err(e) => self.notice = Some(e),
        }
    }

    /// A copy of the game's session at the position after the first `ply` moves.
    pub fn session_at(&self, ply: usize) -> Result<Box<dyn crate::session::Session>, String> {
        let texts: Vec<String> = self.moves[..ply.min(self.moves.len())]
            .iter()
            .map(|m| m.text.clone())
            .collect();
        let mut session = self.session.boxed_clone();
        session
            .set_position(self.start.as_deref(), &texts)
            .map_err(|e| format!("could not replay the game: {e}"))?;
        Ok(session)
    }

    /// An engine's search ended: its move is played, unless the game changed meanwhile.
    fn engine_move_found(
        &mut self,
        me: &Arc<Mutex<WebGame>>,
        epoch: u64,
        end: &Result<JobEnd, VariantError>,
    ) {
        if self.epoch != epoch || self.check_flag() {
            return; // The game moved on (a take-back, a pause, a fallen flag): this move is stale.
        }
        let finished = self.job.take();
        match end {
            Ok(end) => match &end.best {
                Some(best) => {
                    let first = end.progress.first_line();
                    let (score, depth) = (first.map(|l| l.score), first.map(|l| l.depth));
                    match self.play(best, score, depth) {
                        Ok(()) => {
                            // Its lines stay on show (the evaluation bar) until the next search.
                            self.stopped_job = finished;
                            self.kick(me)
                        }
                        Err(e) => self.notice = Some(format!("the engine's move {best}: {e}")),
                    }
                }
                None => self.notice = Some("the engine found no move".into()),
            },
            Err(e) => self.notice = Some(format!("the engine could not search: {e}")),
        }
    }

    /// A page has not asked for the game for a while: stop thinking for it.
    pub fn pause(&mut self) {
        if !self.paused {
            self.paused = true;
            // No ring: a paused game's pages are gone (a ring would bring them back).
            self.generation += 1;
            self.epoch += 1;
            self.stop_job();
            self.run_clock();
        }
    }
}
