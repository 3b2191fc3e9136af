//! One engine program as the match runner drives it: started, set up with `uci`, options and
//! `isready`, asked for moves under a deadline, and killed when it misbehaves. Its output is read
//! on a thread of its own, so a silent engine never blocks the runner.

use super::program::Program;
use super::EngineSpec;
use crate::session::Variant;
use std::time::{Duration, Instant};

/// Why an engine could not go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// The program could not be started at all.
    Spawn(String),
    /// It closed its output (exited or crashed).
    Exited,
    /// It exited, and this is what it left behind: its exit status and last stderr lines.
    ExitedSaying(String),
    /// It did not answer in time; says what it was waiting for.
    Timeout(&'static str),
    /// It cannot play this game (no such variant among its `UCI_Variant` values).
    Unsupported(String),
    /// It refused a move the referee had accepted: the move's text and the engine's words.
    Refused { played: String, why: String },
    /// It answered a question with an error.
    Answered(String),
}

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFault::Spawn(why) => write!(f, "could not be started: {why}"),
            EngineFault::Exited => write!(f, "exited"),
            EngineFault::ExitedSaying(words) => write!(f, "exited ({words})"),
            EngineFault::Timeout(what) => write!(f, "did not answer {what} in time"),
            EngineFault::Unsupported(what) => write!(f, "cannot play {what}"),
            EngineFault::Refused { played, why } => write!(f, "refused the move {played}: {why}"),
            EngineFault::Answered(what) => write!(f, "answered {what}"),
        }
    }
}

/// An engine's own opinion of the position after its move, from its last `info ... score`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    Centipawns(i32),
    /// Mate in so many moves; negative when the engine is being mated.
    Mate(i32),
}

impl EngineScore {
    /// Centipawns with mates far outside any evaluation, for adjudication.
    pub fn as_centipawns(self) -> i32 {
        match self {
            EngineScore::Centipawns(cp) => cp,
            EngineScore::Mate(n) if n > 0 => 100_000 - n,
            EngineScore::Mate(n) => -100_000 - n,
        }
    }
}

impl std::fmt::Display for EngineScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineScore::Centipawns(cp) => write!(f, "cp {cp}"),
            EngineScore::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// The answer to one `go`.
#[derive(Clone, Debug)]
pub struct Thought {
    pub best: String,
    pub score: Option<EngineScore>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

pub struct EngineProcess {
    program: Program,
}

impl EngineProcess {
    /// Starts the engine and sets it up for `variant`; waits at most `timeout` for each answer.
    pub fn start(
        spec: &EngineSpec,
        variant: Variant,
        timeout: Duration,
    ) -> Result<EngineProcess, EngineFault> {
        let mut engine = EngineProcess {
            program: Program::start(spec, true)?,
        };
        engine.handshake(spec, variant, timeout)?;
        Ok(engine)
    }

    fn handshake(
        &mut self,
        spec: &EngineSpec,
        variant: Variant,
        timeout: Duration,
    ) -> Result<(), EngineFault> {
        self.send("uci")?;
        let mut announced = Vec::new();
        let mut variants = None;
        self.read_until(Instant::now() + timeout, "uciok", |line| {
            if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest
                    .split(" type ")
                    .next()
                    .unwrap_or(rest)
                    .trim()
                    .to_string();
                if name == "UCI_Variant" {
                    variants = Some(
                        rest.split_whitespace()
                            .skip_while(|w| *w != "var")
                            .filter(|w| *w != "var")
                            .map(str::to_string)
                            .collect::<Vec<_>>(),
                    );
                }
                announced.push(name);
            }
            line == "uciok"
        })?;
        match &variants {
            Some(list) if list.iter().any(|v| v == variant.name()) => {
                self.send(&format!(
                    "setoption name UCI_Variant value {}",
                    variant.name()
                ))?;
            }
            // An engine without the option plays the default variant only.
            None if variant == Variant::DEFAULT => {}
            _ => return Err(EngineFault::Unsupported(variant.name().to_string())),
        }
        for (name, value) in &spec.options {
            if !announced.iter().any(|a| a.eq_ignore_ascii_case(name)) {
                log::warn!("{}: engine does not announce option '{name}'", spec.name);
            }
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync(timeout)
    }

    /// `isready` and the wait for `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineFault> {
        self.send("isready")?;
        self.read_until(Instant::now() + timeout, "readyok", |line| {
            line == "readyok"
        })
    }

    /// Tells the engine a new game starts, and waits until it is ready.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineFault> {
        self.send("ucinewgame")?;
        self.sync(timeout)
    }

    /// Sends the position and `go`, then waits for `bestmove` until `deadline` has passed.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        deadline: Duration,
    ) -> Result<Thought, (EngineFault, Duration)> {
        let started = Instant::now();
        let fail = |fault| (fault, started.elapsed());
        self.send(position).map_err(fail)?;
        self.send(go).map_err(fail)?;
        let mut score = None;
        let mut depth = None;
        let mut best = None;
        self.read_until(started + deadline, "bestmove", |line| {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => read_info(line, &mut score, &mut depth),
                Some("bestmove") => {
                    best = Some(words.next().unwrap_or("(none)").to_string());
                    return true;
                }
                _ => {}
            }
            false
        })
        .map_err(fail)?;
        Ok(Thought {
            best: best.unwrap_or_default(),
            score,
            depth,
            elapsed: started.elapsed(),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        self.program.send(line)
    }

    fn read_until(
        &mut self,
        deadline: Instant,
        what: &'static str,
        done: impl FnMut(&str) -> bool,
    ) -> Result<(), EngineFault> {
        self.program.read_until(deadline, what, done)
    }

    /// Asks the engine to quit, and makes sure it is gone soon after.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        self.program.wait_briefly();
    }
}

/// Keeps the last score and depth of an `info` line (bounds are not scores).
fn read_info(line: &str, score: &mut Option<EngineScore>, depth: &mut Option<u32>) {
    // Everything after `string` is free text.
    let words: Vec<&str> = line
        .split_whitespace()
        .take_while(|w| *w != "string")
        .collect();
    if words
        .iter()
        .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return;
    }
    // With MultiPV only the first line is the engine's choice.
    if let Some(i) = words.iter().position(|w| *w == "multipv") {
        if words.get(i + 1).is_some_and(|n| *n != "1") {
            return;
        }
    }
    for pair in words.windows(3) {
        match pair {
            ["score", "cp", v] => {
                if let Ok(v) = v.parse() {
                    *score = Some(EngineScore::Centipawns(v));
                }
            }
            ["score", "mate", v] => {
                if let Ok(v) = v.parse() {
                    *score = Some(EngineScore::Mate(v));
                }
            }
            _ => {}
        }
    }
    if let Some(i) = words.iter().position(|w| *w == "depth") {
        if let Some(d) = words.get(i + 1).and_then(|d| d.parse().ok()) {
            *depth = Some(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scores_and_depths_from_info_lines() {
        let (mut score, mut depth) = (None, None);
        read_info(
            "info depth 12 seldepth 18 score cp -35 nodes 100 pv e2e4",
            &mut score,
            &mut depth,
        );
        assert_eq!(
            (score, depth),
            (Some(EngineScore::Centipawns(-35)), Some(12))
        );
        read_info(
            "info depth 13 score cp 80 lowerbound",
            &mut score,
            &mut depth,
        );
        assert_eq!(score, Some(EngineScore::Centipawns(-35)));
        read_info(
            "info depth 13 multipv 2 score mate 3",
            &mut score,
            &mut depth,
        );
        assert_eq!(score, Some(EngineScore::Centipawns(-35)));
        read_info(
            "info depth 14 multipv 1 score mate -3",
            &mut score,
            &mut depth,
        );
        assert_eq!((score, depth), (Some(EngineScore::Mate(-3)), Some(14)));
        assert!(EngineScore::Mate(-3).as_centipawns() < -90_000);
        read_info("info string score cp garbage", &mut score, &mut depth);
        read_info("info string score cp 99 depth 40", &mut score, &mut depth);
        assert_eq!((score, depth), (Some(EngineScore::Mate(-3)), Some(14)));
    }
}
