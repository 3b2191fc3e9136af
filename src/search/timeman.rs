//! Time management: a soft limit (do not start another iteration past it) and a hard limit
//! (abort the search), worked out from the clock, increment, moves to go and move overhead.

use super::limits::{SearchLimits, SearchOptions};
use std::time::{Duration, Instant};

/// The clock no plan touches, in move overheads: with the default overhead of 30 ms, 300 ms.
/// At or below it every move gets a millisecond, so the clock climbs back by the increment.
/// A fixed floor, not a share of the clock: a share shrinks as the clock does, and at
/// 2 s + 0.02 s on a busy machine the clock then sank to 50 ms, where one stall loses.
const RESERVE_OVERHEADS: u32 = 10;
/// However large the overhead, the reserve stays at most this.
const MAX_RESERVE: Duration = Duration::from_secs(1);

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
    // Never plan to use the last slice of the clock: the overhead of this move, and a reserve
    // that only a stalled machine eats (a busy core can hold the process up for a few hundred
    // ms; within the reserve that costs nothing but time).
    let reserve = (overhead * RESERVE_OVERHEADS).min(MAX_RESERVE);
    let usable = remaining
        .saturating_sub(overhead)
        .saturating_sub(reserve)
        .max(Duration::from_millis(1));
    let moves_left = limits.moves_to_go.unwrap_or(25).clamp(1, 50);
    // Only half the increment is planned for: the moves' cost outside the search (pipes, the
    // scheduler, the GUI) is paid from the other half, so the clock settles above the reserve.
    let per_move = usable / moves_left + inc / 2;
    let soft = per_move.min(usable / 2);
    // The hard limit lets a troubled iteration finish, but never eats more than a fifth of the
    // usable clock (or, with one move to go before the control, nearly all of it).
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
                    // The overhead and the reserve (ten overheads) stay unused.
                    assert!(
                        hard <= ms(remaining.saturating_sub(30 + 300).max(1)),
                        "{remaining} {mtg:?} {inc}"
                    );
                    assert!(soft <= hard, "{remaining} {mtg:?} {inc}");
                }
            }
        }
    }

    /// 2 s + 0.02 s, the control a user lost on time at with a busy machine: whether every move
    /// stops at the soft limit (a settled search), runs to the hard limit, or runs to it and
    /// then loses 15 ms more outside the search (a busy machine), the clock stays above the
    /// reserve, so a stall of the machine has room.
    #[test]
    fn a_small_increment_keeps_a_reserve_on_the_clock() {
        for (use_hard, lost_outside, floor) in [(false, 0, 500), (true, 0, 330), (true, 15, 300)] {
            let mut left = ms(2000);
            let mut lowest = left;
            for _ in 0..300 {
                let mut limits = SearchLimits::default();
                limits.time[0] = Some(left);
                limits.increment[0] = Some(ms(20));
                let b = budget(&limits, &SearchOptions::default(), 0);
                let spent = if use_hard { b.hard } else { b.soft }.unwrap_or_default();
                left = left.saturating_sub(spent + ms(lost_outside)) + ms(20);
                lowest = lowest.min(left);
            }
            let case = format!("hard: {use_hard}, {lost_outside} ms lost a move");
            assert!(lowest >= ms(floor), "{case}: lowest {lowest:?}");
        }
    }

    /// Only the mover's clock and increment count: three seats, red (seat 2) to move.
    #[test]
    fn the_movers_own_clock_and_increment_count() {
        let clocks = |red: u64, others: u64, red_inc: u64, others_inc: u64| {
            let limits = SearchLimits {
                time: [Some(ms(others)), Some(ms(others)), Some(ms(red)), None],
                increment: [
                    Some(ms(others_inc)),
                    Some(ms(others_inc)),
                    Some(ms(red_inc)),
                    None,
                ],
                ..Default::default()
            };
            budget(&limits, &SearchOptions::default(), 2)
        };
        let little = clocks(300, 100_000, 0, 0);
        assert!(little.hard.unwrap_or_default() <= ms(300), "{little:?}");
        let plenty = clocks(20_000, 50, 0, 0);
        assert!(plenty.soft.unwrap_or_default() >= ms(500), "{plenty:?}");
        let with_inc = clocks(4_000, 4_000, 1_000, 0);
        let without = clocks(4_000, 4_000, 0, 1_000);
        assert!(with_inc.soft > without.soft, "{with_inc:?} {without:?}");
    }

    #[test]
    fn no_clock_means_no_limit() {
        let b = budget(&SearchLimits::default(), &SearchOptions::default(), 0);
        assert!(b.hard.is_none() && b.soft.is_none());
    }
}
