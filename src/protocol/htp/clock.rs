//! The engine's own clock under `time_settings fischer MINUTES ADD_SECONDS`: HTP sends no clock
//! readings, so the engine counts down what it spends itself and plans each move from that.

use std::time::Duration;

/// Kept back from every move for the pipe or the network.
const MARGIN: Duration = Duration::from_millis(100);
/// The least a search is given.
const FLOOR: Duration = Duration::from_millis(20);
/// What is left is shared as if this many moves were still to come.
const MOVES_LEFT: u32 = 30;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FischerClock {
    /// Time left per seat (attackers first).
    left: [Duration; 2],
    increment: Duration,
}

impl FischerClock {
    pub fn new(start: Duration, increment: Duration) -> FischerClock {
        FischerClock {
            left: [start; 2],
            increment,
        }
    }

    /// The time to think for `seat`: a share of what is left plus most of the increment,
    /// never more than a third of what is left.
    pub fn budget(&self, seat: u8) -> Duration {
        let left = self.left[usize::from(seat.min(1))];
        let planned = left / MOVES_LEFT + self.increment * 3 / 4;
        planned.min(left / 3).saturating_sub(MARGIN).max(FLOOR)
    }

    /// Books a move of `seat` that took `used`.
    pub fn spend(&mut self, seat: u8, used: Duration) {
        let left = &mut self.left[usize::from(seat.min(1))];
        *left = left.saturating_sub(used) + self.increment;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_time_left() {
        let mut clock = FischerClock::new(Duration::from_secs(60), Duration::from_secs(3));
        // 60 s / 30 + 2.25 s, less the margin.
        assert_eq!(clock.budget(0), Duration::from_millis(4150));
        clock.spend(0, Duration::from_secs(62));
        // 1 s + 3 s left: a third of it at most.
        assert_eq!(clock.left[0], Duration::from_secs(3));
        assert_eq!(clock.budget(0), Duration::from_millis(900));
        assert_eq!(clock.left[1], Duration::from_secs(60));
        let empty = FischerClock::new(Duration::ZERO, Duration::ZERO);
        assert_eq!(empty.budget(1), FLOOR);
    }
}
