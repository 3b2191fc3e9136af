//! How long to think on OpenTafl's clock: a share of the main time, and, once it is gone or
//! nearly so, well inside one overtime period, so that neither main time nor a period is ever
//! overrun.

use super::message::{Clock, Side};
use std::time::Duration;

/// Kept back from every budget for the pipe and OpenTafl's own bookkeeping.
pub const MARGIN: Duration = Duration::from_millis(150);
/// The least a search is given.
const FLOOR: Duration = Duration::from_millis(20);
/// Main time is shared as if this many moves were still to come.
const MOVES_LEFT: u64 = 30;

/// The time to spend on this move (`default` when the game has no clock).
pub fn move_time(clock: Option<&Clock>, side: Side, default: Duration) -> Duration {
    let Some(clock) = clock else {
        return default;
    };
    let me = clock.of(side);
    let period = Duration::from_secs(clock.overtime_secs);
    let left = Duration::from_millis(me.millis);
    if me.in_overtime {
        // Inside a period: half of what is left of it.
        return (left / 2).saturating_sub(MARGIN).max(FLOOR);
    }
    let has_overtime = me.overtimes > 0 && !period.is_zero();
    let share = left / MOVES_LEFT as u32;
    let budget = if has_overtime {
        // Once main time runs out each move still has a whole period: half of one is safe.
        share + period / 2
    } else {
        share.min(left / 4)
    };
    let ceiling = if has_overtime {
        left + period / 2
    } else {
        left / 2
    };
    budget.min(ceiling).saturating_sub(MARGIN).max(FLOOR)
}

#[cfg(test)]
mod tests {
    use super::super::message::SideClock;
    use super::*;

    fn clock(millis: u64, in_overtime: bool, overtimes: u32, overtime_secs: u64) -> Clock {
        let side = SideClock {
            millis,
            in_overtime,
            overtimes,
        };
        Clock {
            attackers: side,
            defenders: side,
            overtime_secs,
        }
    }

    #[test]
    fn budgets_stay_inside_main_time_and_periods() {
        let d = Duration::from_secs(3);
        assert_eq!(move_time(None, Side::Attackers, d), d);
        // 60 s main, no overtime: a thirtieth, less the margin.
        let t = move_time(Some(&clock(60_000, false, 0, 0)), Side::Defenders, d);
        assert_eq!(t, Duration::from_millis(2000) - MARGIN);
        // Almost no main time and no overtime: a quarter of it at most, never zero.
        let t = move_time(Some(&clock(400, false, 0, 0)), Side::Attackers, d);
        assert!(t <= Duration::from_millis(100) && t >= FLOOR);
        // Main time nearly gone but 3 periods of 5 s: half a period plus a share.
        let t = move_time(Some(&clock(300, false, 3, 5)), Side::Attackers, d);
        assert!(
            t > Duration::from_secs(2) && t < Duration::from_millis(2700),
            "{t:?}"
        );
        // In a period with 4 s left of it: under 2 s.
        let t = move_time(Some(&clock(4_000, true, 2, 5)), Side::Attackers, d);
        assert_eq!(t, Duration::from_millis(2000) - MARGIN);
    }
}
