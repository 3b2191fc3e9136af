//! Time management: a soft limit (do not start another iteration past it) and a hard limit
//! (abort the search), worked out from the clock, increment, moves to go and move overhead.

use super::limits::{SearchLimits, SearchOptions};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct TimeBudget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// Budget for the side in `seat` under `limits`; `None` limits mean "no time limit".
pub fn budget(limits: &SearchLimits, options: &SearchOptions, seat: usize) -> TimeBudget {
    let overhead = options.move_overhead;
    if let Some(mt) = limits.move_time {
        // A fixed time per move is used in full: no early stop between iterations.
        let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
        return TimeBudget {
            soft: None,
            hard: Some(t),
        };
    }
    if limits.infinite {
        return TimeBudget {
            soft: None,
            hard: None,
        };
    }
    let Some(remaining) = limits.time.get(seat).copied().flatten() else {
        return TimeBudget {
            soft: None,
            hard: None,
        };
    };
    let inc = limits
        .increment
        .get(seat)
        .copied()
        .flatten()
        .unwrap_or_default();
    // Never plan to use the last slice of the clock; keep the overhead for every move to come.
    let usable = remaining
        .saturating_sub(overhead)
        .max(Duration::from_millis(1));
    let moves_left = limits.moves_to_go.unwrap_or(25).clamp(1, 50);
    let per_move = usable / moves_left + inc * 3 / 4;
    let soft = per_move.min(usable / 2);
    // The hard limit lets a troubled iteration finish, but never eats more than a fifth of the
    // clock (or, with one move to go before the control, nearly all of it).
    let hard_cap = if moves_left == 1 {
        usable * 9 / 10
    } else {
        usable / 5 + inc / 2
    };
    let hard = (soft * 4).min(hard_cap).min(usable).max(soft.min(usable));
    TimeBudget {
        soft: Some(soft.max(Duration::from_millis(1))),
        hard: Some(hard.max(Duration::from_millis(1))),
    }
}

/// The running clock of one search; restartable for `ponderhit`.
#[derive(Clone, Debug)]
pub struct SearchClock {
    start: Instant,
    budget: TimeBudget,
}

impl SearchClock {
    pub fn new(budget: TimeBudget) -> SearchClock {
        SearchClock {
            start: Instant::now(),
            budget,
        }
    }
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
    /// Past the hard limit: abort now.
    pub fn hard_expired(&self) -> bool {
        self.budget.hard.is_some_and(|h| self.start.elapsed() >= h)
    }
    /// Past the point where another iteration is worth starting (`scale` > 1 when the best
    /// move is unstable, < 1 when it is settled).
    pub fn soft_expired(&self, scale: f64) -> bool {
        self.budget
            .soft
            .is_some_and(|s| self.start.elapsed().as_secs_f64() >= s.as_secs_f64() * scale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_is_honoured_minus_overhead() {
        let limits = SearchLimits {
            move_time: Some(ms(1000)),
            ..Default::default()
        };
        let b = budget(&limits, &SearchOptions::default(), 0);
        assert_eq!(b.hard, Some(ms(970)));
    }

    #[test]
    fn hard_limit_never_exceeds_the_clock() {
        for remaining in [5u64, 50, 500, 5_000, 60_000, 600_000] {
            for mtg in [None, Some(1), Some(5), Some(40)] {
                for inc in [0u64, 100, 2_000] {
                    let mut limits = SearchLimits::default();
                    limits.time[1] = Some(ms(remaining));
                    limits.increment[1] = Some(ms(inc));
                    limits.moves_to_go = mtg;
                    let b = budget(&limits, &SearchOptions::default(), 1);
                    let hard = b.hard.unwrap_or_default();
                    let soft = b.soft.unwrap_or_default();
                    assert!(
                        hard <= ms(remaining.saturating_sub(30).max(1)),
                        "{remaining} {mtg:?} {inc}"
                    );
                    assert!(soft <= hard, "{remaining} {mtg:?} {inc}");
                }
            }
        }
    }

    #[test]
    fn no_clock_means_no_limit() {
        let b = budget(&SearchLimits::default(), &SearchOptions::default(), 0);
        assert!(b.hard.is_none() && b.soft.is_none());
    }
}
