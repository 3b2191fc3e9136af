//! One game of a match: the runner keeps the true game with the rules library, asks each seat's
//! engine for its move under the clock, and ends the game by rule, by a fault (illegal move,
//! time, crash) or by adjudication.

use super::adjudication::{Adjudication, Verdict};
use super::clock::MoveLimits;
use super::engine::EngineFault;
use super::openings::Opening;
pub use super::played_move::PlayedMove;
use super::seat_engine::{GameStart, SeatEngine, Turn, RESIGNS};
use super::{EngineProtocol, EngineSpec, MatchError};
use crate::core::{SeatSet, SeatState};
use crate::session::{GameEnd, GameStatus, Session, Variant};
use std::time::Duration;

/// Which game to play: its number, its start, and which engine sits at each seat.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// 1-based, in schedule order.
    pub number: usize,
    pub opening: Opening,
    /// `seat_engines[seat]` is an index into the match's engines.
    pub seat_engines: Vec<usize>,
}

/// What every game of a match shares.
pub struct GameRules<'a> {
    pub variant: Variant,
    /// The variant's own options, under which the referee judges.
    pub variant_options: &'a [(String, String)],
    pub engines: &'a [EngineSpec],
    pub limits: &'a MoveLimits,
    pub adjudication: &'a Adjudication,
    /// How long start-up, `isready` and `ucinewgame` may take.
    pub answer_timeout: Duration,
}

/// What went wrong with a seat's engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    IllegalMove,
    TimeForfeit,
    /// Exited, crashed or could not be started.
    Crash,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The rules ended the game (mate, scepter, king captured, repetition…).
    Rule(GameEnd),
    /// A seat's engine misbehaved and loses.
    Fault {
        seat: u8,
        kind: FaultKind,
        detail: String,
    },
    Adjudicated {
        winner: Option<u8>,
        why: String,
    },
    /// Still going (the record of a game saved mid-way, as `regalia serve` offers it).
    Unfinished,
}

/// A seat leaving a game of three or four that goes on without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatEvent {
    /// How many moves had been played.
    pub after_moves: usize,
    pub seat: u8,
    /// "eliminated", "withdrew", "forfeits: lost on time …", "resigns …".
    pub what: String,
}

/// A finished game, everything a record or a table needs.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub setup: GameSetup,
    pub variant: Variant,
    /// The variant's own options the game was played under (a tafl rule set…).
    pub variant_options: Vec<(String, String)>,
    /// "white", "black" / "attackers", "defenders".
    pub seat_names: Vec<String>,
    pub moves: Vec<PlayedMove>,
    /// Seats that left the game on the way (eliminations, withdrawals, forfeits).
    pub events: Vec<SeatEvent>,
    /// The seats still playing when the game ended.
    pub active: SeatSet,
    pub ending: Ending,
}

impl GameRecord {
    /// The winning seat, or None for a draw (or a multi-seat fault shared by the others).
    pub fn winner(&self) -> Option<u8> {
        match &self.ending {
            Ending::Rule(end) => end.winner,
            Ending::Adjudicated { winner, .. } => *winner,
            Ending::Unfinished => None,
            Ending::Fault { seat, .. } => {
                let others = self.active.without(*seat);
                (others.len() == 1).then(|| others.iter().next()).flatten()
            }
        }
    }

    /// Points per seat, summing to one: the winner takes all; a draw is shared by the seats
    /// that drew (by rule), or by the seats still playing (adjudicated); a faulty seat's point
    /// goes to the others still playing. Seats that left the game get nothing.
    pub fn points(&self) -> Vec<f64> {
        let n = self.seat_names.len();
        let mut points = vec![0.0; n];
        let share = |points: &mut Vec<f64>, seats: &[u8]| {
            for &s in seats {
                points[s as usize] = 1.0 / seats.len() as f64;
            }
        };
        let still_in: Vec<u8> = self.active.iter().collect();
        match (self.winner(), &self.ending) {
            (_, Ending::Unfinished) => {}
            (Some(w), _) => points[w as usize] = 1.0,
            (None, Ending::Rule(end)) if !end.drawn.is_empty() => share(&mut points, &end.drawn),
            (None, Ending::Fault { seat, .. }) => {
                let others: Vec<u8> = still_in.iter().copied().filter(|s| s != seat).collect();
                share(&mut points, &others);
            }
            (None, _) => share(&mut points, &still_in),
        }
        points
    }

    /// One line for a person: "the attackers win by capturing the king",
    /// "forfeit by black: lost on time …".
    pub fn ending_text(&self) -> String {
        match &self.ending {
            Ending::Rule(end) => end.text.clone(),
            Ending::Fault { seat, detail, .. } => {
                format!("forfeit by {}: {detail}", self.seat_names[*seat as usize])
            }
            Ending::Adjudicated { why, .. } => format!("adjudicated: {why}"),
            Ending::Unfinished => "the game goes on".to_string(),
        }
    }
}

/// The engines one worker keeps running between games (None: to be started).
pub type EngineSlots = Vec<Option<SeatEngine>>;

/// Plays one game. Engines that misbehave are dropped from `slots` (killed) so that the next
/// game starts them afresh.
pub fn play(
    setup: GameSetup,
    rules: &GameRules,
    slots: &mut EngineSlots,
) -> Result<GameRecord, MatchError> {
    let mut referee = super::referee::new_session(rules.variant, rules.variant_options);
    let rules_start = referee.position_text();
    let opening_error =
        |e: &dyn std::fmt::Display| MatchError::Openings(format!("{}: {e}", setup.opening.source));
    referee
        .set_position(Some(&setup.opening.position), &[])
        .map_err(|e| opening_error(&e))?;
    // What the engines are sent: a position and the moves since, the opening's first. A
    // forfeit is no move, so the position the game goes on from after one becomes the new base.
    let mut sent = Sent {
        base: setup.opening.position.clone(),
        moves: Vec::new(),
        positions: Vec::new(),
    };
    for played in &setup.opening.moves {
        referee.play(played).map_err(|e| opening_error(&e))?;
        sent.moves.push(played.clone());
        sent.positions.push(referee.position_text());
    }
    let seats = referee.seats();
    let seat_names: Vec<String> = (0..seats as u8).map(|s| referee.seat_name(s)).collect();
    let mut record = GameRecord {
        setup,
        variant: rules.variant,
        variant_options: rules.variant_options.to_vec(),
        seat_names,
        moves: Vec::new(),
        events: Vec::new(),
        active: referee.active_seats(),
        ending: Ending::Adjudicated {
            winner: None,
            why: "not played".into(),
        },
    };
    let fault = |seat: usize, kind, detail: String| Ending::Fault {
        seat: seat as u8,
        kind,
        detail,
    };
    let start = GameStart {
        variant: rules.variant,
        variant_options: rules.variant_options,
        rules_start: &rules_start,
        base: &sent.base,
    };
    // Start (if needed) and reset every seat's engine.
    for seat in 0..seats {
        let e = record.setup.seat_engines[seat];
        let timeout = rules.engines[e].answer_timeout_or(rules.answer_timeout);
        let ready = match slots[e].take() {
            Some(mut engine) => engine.new_game(&start, timeout).map(|_| engine),
            None => SeatEngine::start(&rules.engines[e], rules.variant, timeout)
                .and_then(|mut engine| engine.new_game(&start, timeout).map(|_| engine)),
        };
        match ready {
            Ok(engine) => slots[e] = Some(engine),
            Err(why) => {
                record.ending = fault(seat, FaultKind::Crash, format!("engine {why}"));
                return Ok(record);
            }
        }
    }
    let mut clocks = rules.limits.start_clocks(seats);
    let letters = referee.clock_letters();
    record.ending = loop {
        if let GameStatus::Over(end) = referee.status() {
            break Ending::Rule(end);
        }
        let seat = referee.to_move() as usize;
        let e = record.setup.seat_engines[seat];
        let Some(engine) = slots[e].as_mut() else {
            break fault(seat, FaultKind::Crash, "engine is not running".into());
        };
        let go = rules
            .limits
            .go_command(&clocks, seat, letters, referee.active_seats());
        // OpenTafl and HTP engines are given no limits (they think as their own settings say):
        // only a hang is caught.
        let deadline = match rules.engines[e].protocol {
            EngineProtocol::Uci => rules.limits.deadline(&clocks[seat]),
            _ => rules
                .limits
                .deadline(&clocks[seat])
                .max(rules.limits.hang_timeout),
        };
        let turn = Turn {
            base: &sent.base,
            moves: &sent.moves,
            positions: &sent.positions,
            seat: seat as u8,
            go: &go,
            deadline,
        };
        let thought = match engine.think(&turn) {
            Ok(t) => t,
            Err((EngineFault::Refused { played, why }, _)) => {
                slots[e] = None;
                break refusal(&record, seat, &played, &why, &rules.engines[e].name);
            }
            Err((EngineFault::Timeout(_), used)) => {
                slots[e] = None;
                let detail = format!(
                    "lost on time (no move after {} ms; {} ms allowed, margin included)",
                    used.as_millis(),
                    deadline.as_millis()
                );
                match leave(referee.as_mut(), &mut record, &mut sent, seat, &detail) {
                    true => continue,
                    false => break fault(seat, FaultKind::TimeForfeit, detail),
                }
            }
            Err((why, _)) => {
                slots[e] = None;
                let detail = format!("engine {why}");
                match leave(referee.as_mut(), &mut record, &mut sent, seat, &detail) {
                    true => continue,
                    false => break fault(seat, FaultKind::Crash, detail),
                }
            }
        };
        if thought.best == RESIGNS && seats == 2 {
            let winner = 1 - seat;
            break Ending::Rule(GameEnd {
                winner: Some(winner as u8),
                drawn: Vec::new(),
                reason: "resignation".to_string(),
                text: format!(
                    "the {} win: the {} resign",
                    record.seat_names[winner], record.seat_names[seat]
                ),
            });
        }
        let before: Vec<SeatState> = (0..seats as u8).map(|s| referee.seat_state(s)).collect();
        let notation = match referee.play(&thought.best) {
            Ok(n) => n,
            Err(why) => {
                slots[e] = None;
                let detail = why.to_string();
                match leave(referee.as_mut(), &mut record, &mut sent, seat, &detail) {
                    true => continue,
                    false => break fault(seat, FaultKind::IllegalMove, detail),
                }
            }
        };
        rules.limits.charge(&mut clocks[seat], thought.elapsed);
        sent.moves.push(thought.best.clone());
        sent.positions.push(referee.position_text());
        record.moves.push(PlayedMove {
            seat: seat as u8,
            text: thought.best,
            notation,
            score: thought.score,
            depth: thought.depth,
            elapsed: thought.elapsed,
        });
        note_departures(referee.as_ref(), &mut record, &before);
        if let GameStatus::Over(end) = referee.status() {
            break Ending::Rule(end);
        }
        match rules
            .adjudication
            .verdict(&record.moves, &record.seat_names, referee.active_seats())
        {
            None => {}
            Some(Verdict::Ends { winner, why }) => break Ending::Adjudicated { winner, why },
            Some(Verdict::Resigns { seat, why })
                if !leave(
                    referee.as_mut(),
                    &mut record,
                    &mut sent,
                    seat as usize,
                    &why,
                ) =>
            {
                let winner = referee.active_seats().without(seat).iter().next();
                break Ending::Adjudicated { winner, why };
            }
            Some(Verdict::Resigns { .. }) => {}
        }
    };
    record.active = referee.active_seats();
    Ok(record)
}

/// The game as the engines are given it: a position, the moves played since, and the
/// position after each (for the protocols that send one with a move).
struct Sent {
    base: String,
    moves: Vec<String>,
    positions: Vec<String>,
}

/// How a game ends when `seat`'s engine refuses a move the referee accepted. A refusal that
/// names a repetition is a rule the engine plays by that the referee's rule set words
/// differently (HTP's engines refuse any defenders' move that makes a board seen before,
/// Copenhagen loses the third): the game is over, the side that repeated losing, as the
/// refusing engine's rules say. Any other refusal is the refusing engine's fault.
fn refusal(record: &GameRecord, seat: usize, played: &str, why: &str, engine: &str) -> Ending {
    let lower = why.to_ascii_lowercase();
    let repetition = ["repeat", "repetition", "already stood", "already been"]
        .iter()
        .any(|w| lower.contains(w));
    if !repetition || record.seat_names.len() != 2 {
        return Ending::Fault {
            seat: seat as u8,
            kind: FaultKind::Crash,
            detail: format!("engine refused the legal move {played}: {why}"),
        };
    }
    let winner = &record.seat_names[seat];
    let loser = &record.seat_names[1 - seat];
    Ending::Rule(GameEnd {
        winner: Some(seat as u8),
        drawn: Vec::new(),
        reason: "repetition refused".to_string(),
        text: format!(
            "the {winner} win: {engine} refuses the {loser}' move {played} as a repetition ({why})"
        ),
    })
}

/// A seat whose engine failed or resigned leaves a game of three or more, which goes on
/// without it (the engines are sent the position after it left); false when the game cannot
/// go on (two seats: the fault ends it).
fn leave(
    referee: &mut dyn Session,
    record: &mut GameRecord,
    sent: &mut Sent,
    seat: usize,
    why: &str,
) -> bool {
    if referee.active_seats().len() <= 2 || !referee.forfeit(seat as u8) {
        return false;
    }
    sent.base = referee.position_text();
    sent.moves.clear();
    sent.positions.clear();
    record.events.push(SeatEvent {
        after_moves: record.moves.len(),
        seat: seat as u8,
        what: format!("forfeits: {why}"),
    });
    true
}

/// Records the seats the last move put out of the game.
fn note_departures(referee: &dyn Session, record: &mut GameRecord, before: &[SeatState]) {
    for (seat, was) in before.iter().enumerate() {
        let now = referee.seat_state(seat as u8);
        if *was == SeatState::Active && now != SeatState::Active {
            record.events.push(SeatEvent {
                after_moves: record.moves.len(),
                seat: seat as u8,
                what: match now {
                    SeatState::Withdrawn => "withdrew".to_string(),
                    _ => "eliminated".to_string(),
                },
            });
        }
    }
}
