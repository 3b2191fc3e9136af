//! Runs a whole match: the schedule (openings with seats rotated), the worker threads with
//! their engines, the records file, the standings and the SPRT stop.

use super::adjudication::Adjudication;
use super::clock::MoveLimits;
use super::engine::EngineFault;
use super::game::{self, EngineSlots, GameRecord, GameRules, GameSetup};
use super::openings::Opening;
use super::record::{record_text, RecordHeader};
use super::seat_engine::SeatEngine;
use super::standings::Standings;
use super::stats::{Sprt, SprtDecision};
use super::{EngineSpec, MatchError};
use crate::session::Variant;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

pub struct MatchConfig {
    pub variant: Variant,
    /// The variant's own options the engines are given: the referee plays under them too.
    pub variant_options: Vec<(String, String)>,
    pub engines: Vec<EngineSpec>,
    pub limits: MoveLimits,
    pub adjudication: Adjudication,
    pub openings: Vec<Opening>,
    pub games: usize,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    /// Where the records go (PGN or line records by variant).
    pub out: Option<PathBuf>,
    pub answer_timeout: Duration,
    pub event: String,
    /// "2026.11.29": the date records carry.
    pub date: String,
}

pub struct MatchSummary {
    pub standings: Standings,
    /// Set when the SPRT stopped the match early.
    pub sprt_stop: Option<SprtStop>,
}

/// When and why the SPRT stopped a match: the games the decision was taken on and the
/// log-likelihood ratio then. The games under way at that moment still finish and count, so
/// the final ratio may fall back inside the bounds; the decision stands as taken.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStop {
    pub decision: SprtDecision,
    pub games: u32,
    pub llr: f64,
}

/// Game `i` (from 0) plays opening `i / seats` (cycling) with the seats rotated `i % seats`
/// places, so every engine plays every seat of every opening once. Made on demand, so a huge
/// `--games` costs nothing up front.
pub fn game_setup(openings: &[Opening], seats: usize, i: usize) -> GameSetup {
    GameSetup {
        number: i + 1,
        opening: openings[(i / seats) % openings.len()].clone(),
        seat_engines: (0..seats)
            .map(|s| (s + seats - i % seats) % seats)
            .collect(),
    }
}

/// Plays the match. `on_game` hears of every finished game (for progress output) with the
/// standings so far.
pub fn run(
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord, &Standings),
) -> Result<MatchSummary, MatchError> {
    let seats = seat_count(config)?;
    let probe = super::referee::new_session(config.variant, &config.variant_options);
    if config.engines.len() != seats {
        return Err(MatchError::Setup(format!(
            "{} has {seats} seats: give {seats} --engine arguments (got {})",
            config.variant,
            config.engines.len()
        )));
    }
    check_engines(config)?;
    let seat_names = (0..seats as u8).map(|s| probe.seat_name(s)).collect();
    let engine_names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut standings = Standings::new(engine_names.clone(), seat_names);
    let mut out = match &config.out {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| MatchError::Output(format!("{}: {e}", path.display())))?,
        )),
        None => None,
    };
    let pgn_time_control = config
        .limits
        .clock
        .filter(|tc| tc.moves.is_none())
        .map_or("-".to_string(), |tc| tc.to_string());
    let limits_text = config.limits.describe();
    let header = RecordHeader {
        site: "regalia match",
        event: &config.event,
        date: &config.date,
        engine_names: &engine_names,
        limits: &limits_text,
        pgn_time_control: &pgn_time_control,
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let rules = GameRules {
        variant: config.variant,
        variant_options: &config.variant_options,
        engines: &config.engines,
        limits: &config.limits,
        adjudication: &config.adjudication,
        answer_timeout: config.answer_timeout,
    };
    let mut sprt_stop = None;
    let mut failure = None;
    std::thread::scope(|scope| {
        let (sender, results) = mpsc::channel();
        for _ in 0..config.concurrency.max(1) {
            let sender = sender.clone();
            let (next, stop, rules) = (&next, &stop, &rules);
            scope.spawn(move || {
                let mut slots: EngineSlots = (0..rules.engines.len()).map(|_| None).collect();
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    let setup = game_setup(&config.openings, seats, i);
                    let result = game::play(setup, rules, &mut slots);
                    if sender.send(result).is_err() {
                        break;
                    }
                }
                for engine in slots.into_iter().flatten() {
                    engine.quit();
                }
            });
        }
        drop(sender);
        for result in results {
            let record = match result {
                Ok(r) => r,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            if let Some(file) = out.as_mut() {
                if let Err(e) = file
                    .write_all(record_text(&record, &header).as_bytes())
                    .and_then(|_| file.flush())
                {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(MatchError::Output(e.to_string()));
                }
            }
            standings.add(&record);
            on_game(&record, &standings);
            if let Some(sprt) = &config.sprt {
                let decision = sprt.decision(&standings.tally);
                if decision != SprtDecision::Continue && sprt_stop.is_none() {
                    // Games already under way finish and count; no new ones start.
                    sprt_stop = Some(SprtStop {
                        decision,
                        games: standings.games(),
                        llr: sprt.llr(&standings.tally),
                    });
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(MatchSummary {
            standings,
            sprt_stop,
        }),
    }
}

/// How many seats the match's games have: the openings say (a game of several player counts,
/// like Sceptre's, sets them in its positions), and they must all agree.
fn seat_count(config: &MatchConfig) -> Result<usize, MatchError> {
    let mut probe = super::referee::new_session(config.variant, &config.variant_options);
    let mut seats = None;
    for opening in &config.openings {
        probe
            .set_position(Some(&opening.position), &[])
            .map_err(|e| MatchError::Openings(format!("{}: {e}", opening.source)))?;
        match seats {
            None => seats = Some(probe.seats()),
            Some(n) if n != probe.seats() => {
                return Err(MatchError::Openings(format!(
                    "{}: a game of {} seats among openings of {n}",
                    opening.source,
                    probe.seats()
                )))
            }
            Some(_) => {}
        }
    }
    Ok(seats.unwrap_or_else(|| {
        super::referee::new_session(config.variant, &config.variant_options).seats()
    }))
}

/// Starts every engine once: a program that cannot be run at all, or that cannot play the
/// variant, is a mistake in the settings, not a game to forfeit. One that starts but then
/// misbehaves (silent, exiting) is left to lose its games.
fn check_engines(config: &MatchConfig) -> Result<(), MatchError> {
    for spec in &config.engines {
        let timeout = spec.answer_timeout_or(config.answer_timeout);
        match SeatEngine::start(spec, config.variant, timeout) {
            Ok(engine) => engine.quit(),
            Err(fault @ (EngineFault::Spawn(_) | EngineFault::Unsupported(_))) => {
                return Err(MatchError::Setup(format!("engine {}: {fault}", spec.name)))
            }
            Err(fault) => log::warn!("engine {}: {fault}; it will lose its games", spec.name),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_rotates_seats_over_each_opening() {
        let openings: Vec<Opening> = ["p", "q"]
            .iter()
            .map(|p| Opening {
                position: p.to_string(),
                moves: Vec::new(),
                source: String::new(),
            })
            .collect();
        let schedule = |seats, games| -> Vec<GameSetup> {
            (0..games)
                .map(|i| game_setup(&openings, seats, i))
                .collect()
        };
        let two = schedule(2, 5);
        let seen: Vec<(&str, Vec<usize>)> = two
            .iter()
            .map(|g| (g.opening.position.as_str(), g.seat_engines.clone()))
            .collect();
        assert_eq!(
            seen,
            [
                ("p", vec![0, 1]),
                ("p", vec![1, 0]),
                ("q", vec![0, 1]),
                ("q", vec![1, 0]),
                ("p", vec![0, 1])
            ]
        );
        let four = schedule(4, 4);
        for seat in 0..4 {
            let mut engines: Vec<usize> = four.iter().map(|g| g.seat_engines[seat]).collect();
            engines.sort();
            assert_eq!(engines, [0, 1, 2, 3], "every engine plays seat {seat} once");
        }
    }
}
