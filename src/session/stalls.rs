//! Stalls: what a timed move cost beyond the engine's plan, read from the next clock the front
//! end sends. On a busy machine the process can be held up for hundreds of milliseconds, before
//! the `go` is read, inside the search, or before `bestmove` leaves; a fixed move overhead does
//! not cover that, and with 2 s on the clock one such stall loses the game. So the engine
//! compares each clock with the one before it and, when a move cost more than it meant to
//! spend, keeps that much more in hand for a while (docs/engine.md, "Time under load").
//!
//! Game-neutral: a seat is a number and a clock is a duration.

use std::time::Duration;

/// How quickly a stall is forgotten: each move keeps 7/8 of the estimate (about 15 moves to
/// halve it), so one hold-up makes the next moves careful without slowing the whole game.
const KEEP_EIGHTHS: u32 = 7;
/// However bad the stalls, the extra time kept in hand is at most this.
const MAX_EXTRA: Duration = Duration::from_secs(1);

/// A timed move in flight: what the clock said at `go`, and the most the search meant to use.
#[derive(Clone, Copy, Debug)]
pub struct TimedMove {
    pub seat: usize,
    pub clock: Duration,
    pub increment: Duration,
    /// The search's hard limit for this move.
    pub planned: Duration,
}

/// One seat's last timed move and, once `bestmove` was sent, how long the engine took.
#[derive(Clone, Copy, Debug)]
struct Finished {
    timed: TimedMove,
    own: Duration,
}

/// The engine's estimate of the stalls it suffers, per front end (one game at a time).
#[derive(Clone, Debug, Default)]
pub struct StallMeter {
    last: [Option<Finished>; 4],
    estimate: Duration,
}

impl StallMeter {
    /// Forgets the last moves (a new game: its clocks do not follow on from the old ones). The
    /// estimate stays: the machine is as busy as it was.
    pub fn new_game(&mut self) {
        self.last = [None; 4];
    }

    /// A timed move for `seat` begins with `clock` left: if the seat's last move is known, the
    /// clock says what that move really cost, and anything past the plan is a stall. Returns
    /// the stall just seen, if any.
    pub fn observe(&mut self, seat: usize, clock: Duration) -> Option<Duration> {
        self.estimate = self.estimate * KEEP_EIGHTHS / 8;
        let last = self.last.get_mut(seat)?.take()?;
        // Charged by the front end: the clock it gave, plus the increment, minus what is left.
        // A negative answer (a new time control, a new game without `ucinewgame`) says nothing.
        let charged = (last.timed.clock + last.timed.increment).checked_sub(clock)?;
        let meant = last.own.min(last.timed.planned);
        let stall = charged.checked_sub(meant).filter(|s| !s.is_zero())?;
        self.estimate = self.estimate.max(stall);
        Some(stall)
    }

    /// Time to keep in hand on top of the move overhead: the stall estimate beyond what the
    /// overhead already covers.
    pub fn extra_overhead(&self, move_overhead: Duration) -> Duration {
        self.estimate.saturating_sub(move_overhead).min(MAX_EXTRA)
    }

    /// The move began at `timed` and the engine answered after `own`.
    pub fn finished(&mut self, timed: TimedMove, own: Duration) {
        if let Some(slot) = self.last.get_mut(timed.seat) {
            *slot = Some(Finished { timed, own });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn timed(seat: usize, clock: u64, planned: u64) -> TimedMove {
        TimedMove {
            seat,
            clock: ms(clock),
            increment: ms(20),
            planned: ms(planned),
        }
    }

    #[test]
    fn a_move_charged_as_searched_is_no_stall() {
        let mut m = StallMeter::default();
        m.finished(timed(0, 2000, 300), ms(100));
        // 2000 + 20 - 100 = 1920 left: charged exactly what the engine took.
        assert_eq!(m.observe(0, ms(1920)), None);
        assert_eq!(m.extra_overhead(ms(30)), Duration::ZERO);
    }

    #[test]
    fn a_held_up_move_raises_the_reserve_and_is_forgotten_slowly() {
        let mut m = StallMeter::default();
        // Planned at most 300 ms, took 100 ms by its own watch, charged 740 ms.
        m.finished(timed(0, 2000, 300), ms(100));
        assert_eq!(m.observe(0, ms(1280)), Some(ms(640)));
        assert_eq!(m.extra_overhead(ms(30)), ms(610));
        // A search that overran its own plan: only the plan counts as meant.
        m.finished(timed(0, 1280, 200), ms(500));
        assert_eq!(m.observe(0, ms(800)), Some(ms(300)));
        // The larger stall is kept, decayed by one move: 640 * 7/8 = 560.
        assert_eq!(m.extra_overhead(ms(30)), ms(530));
        // Moves without stalls wear it down.
        for _ in 0..40 {
            m.finished(timed(0, 2000, 300), ms(50));
            assert_eq!(m.observe(0, ms(1970)), None);
        }
        assert_eq!(m.extra_overhead(ms(30)), Duration::ZERO);
    }

    #[test]
    fn clocks_that_do_not_follow_on_say_nothing() {
        let mut m = StallMeter::default();
        m.finished(timed(0, 500, 100), ms(50));
        // A new time control: more on the clock than before.
        assert_eq!(m.observe(0, ms(60_000)), None);
        // Another seat's clock, and a seat with no last move.
        m.finished(timed(1, 2000, 300), ms(50));
        assert_eq!(m.observe(2, ms(100)), None);
        // After a new game the old move is forgotten.
        m.new_game();
        assert_eq!(m.observe(1, ms(100)), None);
        // Out-of-range seats are ignored, never a panic.
        m.finished(timed(9, 2000, 300), ms(50));
        assert_eq!(m.observe(9, ms(10)), None);
    }

    #[test]
    fn the_extra_time_has_a_ceiling() {
        let mut m = StallMeter::default();
        m.finished(timed(0, 60_000, 1000), ms(10));
        assert!(m.observe(0, ms(20_000)).is_some());
        assert_eq!(m.extra_overhead(ms(30)), MAX_EXTRA);
    }
}
