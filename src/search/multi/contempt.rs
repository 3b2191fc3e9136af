//! Contempt for max-n and best-reply, per seat (issue 32): what a draw is worth to each player
//! follows his standing at the root, as the paranoid search's contempt does for its root
//! player, so a player ahead shuns a repetition and one behind may welcome it.
//!
//! - Best-reply scores everything for the root player: a draw is his `contempt` plus
//!   [`SearchParams::contempt_share`] percent of his static score (at most
//!   [`SearchParams::contempt_max`]) below even, and [`SearchParams::contempt_many`] more
//!   while three or more play: exactly the paranoid search's draw.
//! - Max-n gives every seat its own share of a draw. A seat whose share of the root's static
//!   vector is above an even split gives up `contempt_share` percent of that excess from its
//!   share of a draw; while three or more play every seat also gives up
//!   [`SearchParams::contempt_many`] (in points of share). Shares only ever shrink, so every component stays
//!   at least 0 and their sum at most [`super::maxn::SHARE_SUM`]: shallow pruning stays sound.

use crate::core::{Score, SearchParams, SeatScores, SeatSet, MAX_SEATS};
use crate::search::worker::search_contempt;

/// Max-n's points of share per centipawn of [`SearchParams::contempt_many`]: with Sceptre's
/// `share_softness` of 1,000 and totals of a few thousand centipawns, one centipawn is worth
/// three to five points.
const SHARE_POINTS_PER_CP: Score = 4;

/// Best-reply's value of a draw for the root player whose static score is `root_score`, with
/// `active` players in.
pub(crate) fn root_draw(params: &SearchParams, root_score: Score, active: usize) -> Score {
    -search_contempt(params, root_score, active)
}

/// Max-n: what each seat gives up from its share of a draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DrawPenalty {
    per_seat: SeatScores,
}

impl DrawPenalty {
    /// From the root's static shares `root_shares` of the `active` seats.
    pub(crate) fn new(params: &SearchParams, root_shares: &SeatScores, active: SeatSet) -> Self {
        let mut per_seat = [0; MAX_SEATS];
        let n = active.len() as Score;
        if n == 0 {
            return DrawPenalty { per_seat };
        }
        let even = super::maxn::SHARE_SUM / n;
        let many = if n >= 3 {
            params.contempt_many * SHARE_POINTS_PER_CP
        } else {
            0
        };
        for s in active.iter() {
            let excess = (root_shares[s as usize] - even).max(0);
            per_seat[s as usize] = (many + excess * params.contempt_share / 100).clamp(0, even);
        }
        DrawPenalty { per_seat }
    }

    /// A draw's vector with each seat's penalty taken off (never below 0).
    pub(crate) fn apply(&self, mut v: SeatScores) -> SeatScores {
        for (share, penalty) in v.iter_mut().zip(self.per_seat) {
            *share = (*share - penalty).max(0);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::multi::maxn::SHARE_SUM;

    fn params(share: Score) -> SearchParams {
        SearchParams {
            contempt_share: share,
            contempt_max: 120,
            ..SearchParams::CHESS
        }
    }

    #[test]
    fn the_root_ahead_counts_a_draw_below_even_and_behind_above() {
        assert_eq!(root_draw(&params(20), 300, 2), -60);
        assert_eq!(root_draw(&params(20), -300, 2), 60);
        assert_eq!(root_draw(&params(20), 5_000, 2), -120, "capped");
        assert_eq!(
            root_draw(&params(0), 5_000, 3),
            0,
            "no contempt for other games"
        );
        let many = SearchParams {
            contempt_many: 80,
            ..params(20)
        };
        assert_eq!(root_draw(&many, 300, 2), -60, "two playing");
        assert_eq!(root_draw(&many, 300, 3), -140, "three playing");
    }

    #[test]
    fn only_a_seat_ahead_gives_up_part_of_a_draw() {
        let active = SeatSet::first(3);
        let even = SHARE_SUM / 3;
        let penalty = DrawPenalty::new(
            &params(20),
            &[even + 1_000, even - 400, even - 600, 0],
            active,
        );
        let draw = [even, even, even, 0];
        let v = penalty.apply(draw);
        assert_eq!(v, [even - 200, even, even, 0]);
        assert!(v.iter().sum::<Score>() <= SHARE_SUM);
        let none = DrawPenalty::new(&params(0), &[9_000, 500, 500, 0], active);
        assert_eq!(none.apply(draw), draw);
        let many = SearchParams {
            contempt_many: 80,
            ..params(20)
        };
        let everyone = DrawPenalty::new(&many, &[even + 1_000, even - 400, even - 600, 0], active);
        let m = 80 * SHARE_POINTS_PER_CP;
        assert_eq!(
            everyone.apply(draw),
            [even - 200 - m, even - m, even - m, 0]
        );
    }
}
