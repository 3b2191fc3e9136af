//! Time controls and the seats' clocks: what `go` says, and when a mover has run out of time.

use super::MatchError;
use std::time::Duration;

/// The limits every move of a match is played under.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveLimits {
    /// Classical clock `[moves/]base+increment`, or None.
    pub clock: Option<TimeControl>,
    /// A fixed time per move, or None.
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// Grace after the allowed time before a move counts as late (time forfeit).
    pub margin: Duration,
    /// How long a move may take when nothing else bounds it (nodes or depth only): after that
    /// the engine is taken to hang.
    pub hang_timeout: Duration,
}

/// `40/60+0.5`: 60 s for every 40 moves, 0.5 s added after each move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    pub moves: Option<u32>,
    pub base: Duration,
    pub increment: Duration,
}

impl std::str::FromStr for TimeControl {
    type Err = MatchError;
    /// `10+0.1`, `60`, `40/120+1` (seconds, decimals allowed).
    fn from_str(text: &str) -> Result<Self, MatchError> {
        let bad = |why: &str| MatchError::TimeControl(format!("'{text}': {why}"));
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m
                    .parse()
                    .map_err(|_| bad("moves before '/' must be a number"))?;
                if m == 0 {
                    return Err(bad("moves per period must be at least 1"));
                }
                (Some(m), rest)
            }
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let seconds = |s: &str| -> Result<Duration, MatchError> {
            let v: f64 = s
                .parse()
                .map_err(|_| bad("times are seconds, like 10+0.1"))?;
            if !v.is_finite() || !(0.0..=1e7).contains(&v) {
                return Err(bad("times must be between 0 and 10^7 seconds"));
            }
            Ok(Duration::from_secs_f64(v))
        };
        let (base, increment) = (seconds(base)?, seconds(increment)?);
        if base.is_zero() && increment.is_zero() {
            return Err(bad("no time at all"));
        }
        Ok(TimeControl {
            moves,
            base,
            increment,
        })
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

/// One seat's clock during a game.
#[derive(Clone, Debug)]
pub struct SeatClock {
    /// Time left in milliseconds (may dip below zero within the margin).
    pub left_ms: i64,
    /// Moves still to play in this period (with `moves/...` controls).
    pub moves_to_go: Option<u32>,
}

impl MoveLimits {
    /// Fresh clocks for `seats` seats.
    pub fn start_clocks(&self, seats: usize) -> Vec<SeatClock> {
        let clock = match &self.clock {
            Some(tc) => SeatClock {
                left_ms: tc.base.as_millis() as i64,
                moves_to_go: tc.moves,
            },
            None => SeatClock {
                left_ms: 0,
                moves_to_go: None,
            },
        };
        vec![clock; seats]
    }

    /// The `go` command for `mover`. Two-player games use `wtime/btime` (seat 0 is "white");
    /// three and four seats will use the per-seat fields Sceptre's protocol (planned) will define.
    pub fn go_command(&self, clocks: &[SeatClock], mover: usize) -> String {
        let mut go = String::from("go");
        if let Some(tc) = &self.clock {
            let names = [("wtime", "winc"), ("btime", "binc")];
            for (seat, (time, inc)) in names.iter().enumerate().take(clocks.len()) {
                go.push_str(&format!(" {time} {}", clocks[seat].left_ms.max(0)));
                go.push_str(&format!(" {inc} {}", tc.increment.as_millis()));
            }
            if let Some(m) = clocks[mover].moves_to_go {
                go.push_str(&format!(" movestogo {m}"));
            }
        }
        if let Some(t) = self.movetime {
            go.push_str(&format!(" movetime {}", t.as_millis()));
        }
        if let Some(n) = self.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(d) = self.depth {
            go.push_str(&format!(" depth {d}"));
        }
        go
    }

    /// How long the mover may take before losing on time (margin included).
    pub fn deadline(&self, clock: &SeatClock) -> Duration {
        let allowed = match (&self.clock, self.movetime) {
            (Some(_), Some(t)) => Duration::from_millis(clock.left_ms.max(0) as u64).min(t),
            (Some(_), None) => Duration::from_millis(clock.left_ms.max(0) as u64),
            (None, Some(t)) => t,
            (None, None) => return self.hang_timeout,
        };
        allowed + self.margin
    }

    /// Charges `used` to the mover's clock after a move in time.
    pub fn charge(&self, clock: &mut SeatClock, used: Duration) {
        let Some(tc) = &self.clock else {
            return;
        };
        clock.left_ms = (clock.left_ms - used.as_millis() as i64).max(0);
        clock.left_ms += tc.increment.as_millis() as i64;
        if let Some(m) = clock.moves_to_go {
            if m <= 1 {
                clock.left_ms += tc.base.as_millis() as i64;
                clock.moves_to_go = tc.moves;
            } else {
                clock.moves_to_go = Some(m - 1);
            }
        }
    }

    /// A short description for records ("10+0.1", "movetime 100 ms", "nodes 5000").
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(tc) = &self.clock {
            parts.push(tc.to_string());
        }
        if let Some(t) = self.movetime {
            parts.push(format!("movetime {} ms", t.as_millis()));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes {n}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(clock: &str) -> MoveLimits {
        MoveLimits {
            clock: Some(clock.parse().expect("valid control")),
            movetime: None,
            nodes: None,
            depth: None,
            margin: Duration::from_millis(50),
            hang_timeout: Duration::from_secs(30),
        }
    }

    #[test]
    fn reads_time_controls() {
        let tc: TimeControl = "40/60+0.5".parse().expect("valid");
        assert_eq!(tc.moves, Some(40));
        assert_eq!(tc.base, Duration::from_secs(60));
        assert_eq!(tc.increment, Duration::from_millis(500));
        let plain: TimeControl = "10".parse().expect("seconds alone");
        assert_eq!(plain.increment, Duration::ZERO);
        for bad in ["", "x+1", "0/10", "0+0", "-5+1", "10+", "1e99", "nan"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_down_and_periods_refill() {
        let l = limits("2/1+0.1");
        let mut clocks = l.start_clocks(2);
        assert_eq!(
            l.go_command(&clocks, 0),
            "go wtime 1000 winc 100 btime 1000 binc 100 movestogo 2"
        );
        assert_eq!(l.deadline(&clocks[0]), Duration::from_millis(1050));
        l.charge(&mut clocks[0], Duration::from_millis(300));
        assert_eq!(clocks[0].left_ms, 800);
        assert_eq!(clocks[0].moves_to_go, Some(1));
        l.charge(&mut clocks[0], Duration::from_millis(300));
        assert_eq!(clocks[0].left_ms, 600 + 1000);
        assert_eq!(clocks[0].moves_to_go, Some(2));
    }

    #[test]
    fn movetime_and_nodes_bound_the_wait() {
        let mut l = limits("10");
        l.clock = None;
        l.movetime = Some(Duration::from_millis(100));
        let clocks = l.start_clocks(2);
        assert_eq!(l.go_command(&clocks, 1), "go movetime 100");
        assert_eq!(l.deadline(&clocks[1]), Duration::from_millis(150));
        l.movetime = None;
        l.nodes = Some(5000);
        assert_eq!(l.go_command(&clocks, 1), "go nodes 5000");
        assert_eq!(l.deadline(&clocks[1]), Duration::from_secs(30));
    }
}
