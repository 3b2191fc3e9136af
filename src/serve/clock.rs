//! Game clocks for the browser: a time control (`3+2`: three minutes each, two seconds added
//! after every move) and each seat's time left. Only the seat to move loses time; a clock with
//! no time left has fallen (the game's to say what that means: see `ending.rs`).

use crate::session::{ClockPart, ClockWords};
use serde::Serialize;
use std::fmt;
use std::time::{Duration, Instant};

/// The time controls the page offers; the API takes any `minutes+seconds` in range.
pub const STANDARD_CONTROLS: [&str; 4] = ["3+2", "5+3", "10+5", "15+10"];

/// The longest base time and increment the API takes; the shortest base (0.01: 0.6 s, for
/// tests that watch a flag fall).
const MAX_MINUTES: f64 = 180.0;
const MIN_MINUTES: f64 = 0.01;
const MAX_INCREMENT_S: u64 = 180;

/// Minutes for each seat and seconds added after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64() / 60.0,
            self.increment.as_secs()
        )
    }
}

impl TimeControl {
    /// Reads `3+2` (minutes, whole seconds); a sentence for a person when it does not.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let refuse = || {
            format!(
                "a clock is written minutes+seconds, as {}; not '{text}'",
                STANDARD_CONTROLS.join(", ")
            )
        };
        let (minutes, seconds) = text.trim().split_once('+').ok_or_else(refuse)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| refuse())?;
        let seconds: u64 = seconds.trim().parse().map_err(|_| refuse())?;
        if !(MIN_MINUTES..=MAX_MINUTES).contains(&minutes) || seconds > MAX_INCREMENT_S {
            return Err(format!(
                "a clock has {MIN_MINUTES} to {MAX_MINUTES} minutes and 0 to {MAX_INCREMENT_S} seconds a move, not '{text}'"
            ));
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs(seconds),
        })
    }
}

/// Every seat's clock in one game.
#[derive(Clone, Debug)]
pub struct GameClocks {
    pub control: TimeControl,
    /// Time left per seat when its clock last stopped.
    left: Vec<Duration>,
    /// The seat whose clock runs, and since when.
    running: Option<(u8, Instant)>,
}

/// One seat's clock as the page shows it.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub ms_left: u64,
    pub running: bool,
}

impl GameClocks {
    pub fn new(control: TimeControl, seats: usize) -> GameClocks {
        GameClocks {
            control,
            left: vec![control.base; seats],
            running: None,
        }
    }

    /// The time `seat` has left now (its running time counted).
    pub fn left(&self, seat: u8) -> Duration {
        let stored = self.left.get(seat as usize).copied().unwrap_or_default();
        match self.running {
            Some((s, since)) if s == seat => stored.saturating_sub(since.elapsed()),
            _ => stored,
        }
    }

    /// Starts `seat`'s clock (stopping any other, charged for its time).
    pub fn start(&mut self, seat: u8) {
        self.halt();
        self.running = Some((seat, Instant::now()));
    }

    /// Stops the running clock, charging its seat for the time used; no increment.
    pub fn halt(&mut self) {
        if let Some((seat, _)) = self.running {
            let now = self.left(seat);
            if let Some(slot) = self.left.get_mut(seat as usize) {
                *slot = now;
            }
            self.running = None;
        }
    }

    /// `seat` has moved: its clock stops and gains the increment (unless it had fallen).
    pub fn moved(&mut self, seat: u8) {
        self.halt();
        let increment = self.control.increment;
        if let Some(slot) = self.left.get_mut(seat as usize) {
            if !slot.is_zero() {
                *slot += increment;
            }
        }
    }

    /// The seat whose running clock has no time left.
    pub fn fallen(&self) -> Option<u8> {
        let (seat, _) = self.running?;
        self.left(seat).is_zero().then_some(seat)
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Sets the time left on every seat (take-backs restore the clocks as they were).
    pub fn restore(&mut self, left: Vec<Duration>) {
        self.running = None;
        self.left = left;
    }

    /// Every seat's time left now.
    pub fn snapshot(&self) -> Vec<Duration> {
        (0..self.left.len() as u8).map(|s| self.left(s)).collect()
    }

    pub fn view(&self) -> Vec<ClockView> {
        (0..self.left.len() as u8)
            .map(|s| ClockView {
                ms_left: self.left(s).as_millis() as u64,
                running: matches!(self.running, Some((r, _)) if r == s),
            })
            .collect()
    }

    /// The clock words an engine's search is given, so it spends its own time wisely:
    /// each seat's time left and increment under the game's clock letters.
    pub fn words(&self, letters: &[char]) -> ClockWords {
        let mut words = ClockWords::default();
        for (seat, &letter) in letters.iter().enumerate() {
            // A search told "no time" would move at once anyway; a millisecond keeps it sane.
            let left = self.left(seat as u8).max(Duration::from_millis(1));
            words.set(letter, ClockPart::Time, left);
            words.set(letter, ClockPart::Increment, self.control.increment);
        }
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_refuse() {
        let c = TimeControl::parse("3+2").unwrap();
        assert_eq!(c.base, Duration::from_secs(180));
        assert_eq!(c.increment, Duration::from_secs(2));
        assert_eq!(c.to_string(), "3+2");
        assert_eq!(TimeControl::parse("0.5+0").unwrap().to_string(), "0.5+0");
        for bad in ["", "3", "0+2", "x+1", "3+-1", "999+0", "NaN+1", "inf+0"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn only_the_running_clock_loses_time_and_a_move_adds_the_increment() {
        let mut c = GameClocks::new(TimeControl::parse("1+5").unwrap(), 2);
        c.restore(vec![Duration::from_secs(10), Duration::from_secs(10)]);
        c.start(0);
        c.moved(0);
        assert!(c.left(0) > Duration::from_secs(14));
        assert_eq!(c.left(1), Duration::from_secs(10));
        assert_eq!(c.fallen(), None);
        c.restore(vec![Duration::ZERO, Duration::from_secs(10)]);
        c.start(0);
        assert_eq!(c.fallen(), Some(0));
        c.moved(0);
        assert_eq!(c.left(0), Duration::ZERO, "a fallen clock gains nothing");
    }
}
