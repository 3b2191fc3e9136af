//! The takeaway evaluator: ten points a token taken, measured against the best other active
//! seat. Out of the game is -1000.

use super::position::TakeawayPosition;
use crate::core::{Evaluator, Rules, Score, Seat, SeatScores, MAX_SEATS};

/// Score of a seat that is out of the game (eliminated or withdrawn).
pub const OUT: Score = -1000;

#[derive(Clone, Copy, Debug, Default)]
pub struct TakeawayEval;

fn tokens(pos: &TakeawayPosition, seat: Seat) -> Score {
    10 * pos.score(seat) as Score
}

impl Evaluator<TakeawayPosition> for TakeawayEval {
    /// With two active seats, the mover's tokens less the other's; otherwise the mover's entry
    /// of [`Evaluator::evaluate_seats`].
    fn evaluate(&self, pos: &TakeawayPosition) -> Score {
        let active = pos.active();
        let mover = pos.to_move();
        if active.len() == 2 {
            let other = active.without(mover).iter().next().unwrap_or(mover);
            tokens(pos, mover) - tokens(pos, other)
        } else {
            self.evaluate_seats(pos)[mover as usize]
        }
    }

    /// An active seat: its tokens less the most any other active seat has (its tokens when it
    /// is alone). A seat out of the game: [`OUT`]. Seats the game lacks: 0.
    fn evaluate_seats(&self, pos: &TakeawayPosition) -> SeatScores {
        let active = pos.active();
        let mut out = [0; MAX_SEATS];
        for seat in 0..pos.seats() as Seat {
            out[seat as usize] = if active.contains(seat) {
                let best_other = active.without(seat).iter().map(|o| tokens(pos, o)).max();
                tokens(pos, seat) - best_other.unwrap_or(0)
            } else {
                OUT
            };
        }
        out
    }
}
