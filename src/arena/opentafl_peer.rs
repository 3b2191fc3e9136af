//! The runner as OpenTafl's host for an engine speaking the OpenTafl Engine Protocol
//! (OpenTafl's own AI started with `--engine`, or `regalia opentafl`): `rules`, `position`
//! and `side` at a game's start, each move of the other side as `opponent-move`, and `play`
//! when the engine is to move, answered by `move`. The engine keeps the game itself.

use super::engine::{EngineFault, Thought};
use super::program::Program;
use super::seat_engine::{GameStart, Turn};
use super::EngineSpec;
use crate::games::tafl::RuleSet;
use crate::protocol::opentafl::{move_text, record};
use crate::session::Variant;
use std::time::{Duration, Instant};

pub struct OpenTaflPeer {
    program: Program,
    /// How many of the game's moves the engine has (been told or made).
    known: usize,
    /// A game was set up, to be finished before the next.
    in_game: bool,
    /// The engine's last move, not yet confirmed by `move <position>` (the host's answer once
    /// the move is accepted, sent when the engine is next written to).
    unconfirmed: bool,
}

impl OpenTaflPeer {
    /// Starts the engine and waits for its `hello`.
    pub fn start(
        spec: &EngineSpec,
        variant: Variant,
        timeout: Duration,
    ) -> Result<OpenTaflPeer, EngineFault> {
        if variant != Variant::Tafl {
            return Err(EngineFault::Unsupported(format!(
                "{variant} (OpenTafl engines play tafl)"
            )));
        }
        let mut program = Program::start(spec, true)?;
        program.read_until(Instant::now() + timeout, "hello", |line| {
            line.trim() == "hello"
        })?;
        Ok(OpenTaflPeer {
            program,
            known: 0,
            in_game: false,
            unconfirmed: false,
        })
    }

    /// Sends the rules string of the match's rule set, the start position and the side to move.
    pub fn new_game(&mut self, start: &GameStart, _timeout: Duration) -> Result<(), EngineFault> {
        if self.in_game {
            self.program.send("finish 0")?;
        }
        let named = start
            .variant_options
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("TaflRules"))
            .map_or("default", |(_, value)| value.as_str());
        let rules = RuleSet::from_name_or_text(named)
            .map_err(|e| EngineFault::Unsupported(e.to_string()))?;
        self.program.send(&format!("rules {}", rules.text))?;
        if start.base != start.rules_start {
            self.program
                .send(&format!("position {}", position_record(start.base)))?;
        }
        self.program
            .send(&format!("side {}", side_name(side_to_move(start.base))))?;
        self.known = 0;
        self.in_game = true;
        self.unconfirmed = false;
        Ok(())
    }

    /// Passes on the moves the engine has not seen, then asks for its move.
    pub fn think(&mut self, turn: &Turn) -> Result<Thought, (EngineFault, Duration)> {
        let fail = |fault| (fault, Duration::ZERO);
        if std::mem::take(&mut self.unconfirmed) {
            if let Some(after) = self
                .known
                .checked_sub(1)
                .and_then(|i| turn.positions.get(i))
            {
                self.program
                    .send(&format!("move {}", position_record(after)))
                    .map_err(fail)?;
            }
        }
        for i in self.known..turn.moves.len() {
            let after = turn.positions.get(i).map_or("", String::as_str);
            self.program
                .send(&format!(
                    "opponent-move {} {}",
                    record(&turn.moves[i]),
                    position_record(after)
                ))
                .map_err(fail)?;
        }
        self.known = turn.moves.len();
        let started = Instant::now();
        let fail = |fault| (fault, started.elapsed());
        self.program
            .send(&format!("play {}", side_name(turn.seat == 0)))
            .map_err(fail)?;
        let mut answer = Err(EngineFault::Exited);
        self.program
            .read_until(started + turn.deadline, "move", |line| {
                let (word, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
                match word {
                    // A record that does not read is passed on as it is: the referee refuses it.
                    "move" => answer = Ok(move_text(rest.trim()).unwrap_or_else(|_| rest.into())),
                    // `error 0 …` is a remark (Regalia's, when the position it was sent is
                    // not the one it has); any other code is the engine giving up.
                    "error" if rest.trim_start().starts_with("0 ") => {
                        log::warn!("OpenTafl engine: {line}");
                        return false;
                    }
                    "error" => {
                        answer = Err(EngineFault::Answered(format!("error {rest}")));
                    }
                    _ => return false,
                }
                true
            })
            .map_err(fail)?;
        let best = answer.map_err(fail)?;
        // The engine has played its move in its own game.
        self.known += 1;
        self.unconfirmed = true;
        Ok(Thought {
            best,
            score: None,
            depth: None,
            elapsed: started.elapsed(),
        })
    }

    pub fn quit(mut self) {
        let _ = self.program.send("goodbye");
        self.program.wait_briefly();
    }
}

/// Whether the attackers are to move in Regalia's tafl position text (`… a` or `… d`).
fn side_to_move(position: &str) -> bool {
    !position.trim_end().ends_with('d')
}

fn side_name(attackers: bool) -> &'static str {
    if attackers {
        "attackers"
    } else {
        "defenders"
    }
}

/// Regalia's tafl position text (ranks from the top, `3aaaaa3/…/3aaaaa3 a`) as an OpenTafl
/// position record (rank 1 first, `/3ttttt3/…/3ttttt3/`): `t` attackers, `T` defenders, `K`
/// the king.
fn position_record(position: &str) -> String {
    let board = position.split_whitespace().next().unwrap_or("");
    let mut record = String::from("/");
    for row in board.split('/').rev() {
        record.extend(row.chars().map(|c| match c {
            'a' => 't',
            'd' => 'T',
            'k' => 'K',
            other => other,
        }));
        record.push('/');
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_as_opentafl_writes_them() {
        assert_eq!(
            position_record("3a3/3a3/3d3/aadkdaa/3d3/7/2a4 d"),
            "/2t4/7/3T3/ttTKTtt/3T3/3t3/3t3/"
        );
        assert!(side_to_move("3a3/7/7/3k3/7/7/7 a"));
        assert!(!side_to_move("3a3/7/7/3k3/7/7/7 d"));
    }
}
