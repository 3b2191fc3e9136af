//! Seats: who plays, who is still in, and how a game ends for two to four players.

use super::Score;

/// A player's seat, counted from 0 in playing order (chess: 0 white, 1 black; tafl: 0 attackers).
pub type Seat = u8;

/// The most seats any game has (Sceptre 1027 is played by up to four).
pub const MAX_SEATS: usize = 4;

/// One score per seat (multi-player searches); seats a game does not have stay at zero.
pub type SeatScores = [Score; MAX_SEATS];

/// A set of seats, one bit per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Seats `0..n`.
    pub const fn first(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }

    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat)
    }

    #[inline(always)]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat) != 0
    }

    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat))
    }

    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat))
    }

    /// The seats of `self` not in `other`.
    #[must_use]
    pub const fn without_all(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |&s| self.contains(s))
    }

    /// The first seat of the set after `seat` in turn order (wrapping round `seats`), if any.
    pub fn next_after(self, seat: Seat, seats: usize) -> Option<Seat> {
        (1..=seats)
            .map(|k| ((seat as usize + k) % seats) as Seat)
            .find(|&s| self.contains(s))
    }
}

/// A finished game: one seat won, or the listed seats share a draw (the seats left out lost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Winner(Seat),
    Draw(SeatSet),
}

/// What happens when the side to move has no legal move: the game says, not the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    /// The game ends (checkmate, stalemate as a draw, tafl's loss).
    Ends(Outcome),
    /// The player withdraws ([`crate::core::Rules::make_withdrawal`]) and play goes on.
    Withdraws,
}

/// How a seat stands in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatState {
    Active,
    /// Out of the game (a captured king); its pieces may have passed to another seat.
    Eliminated,
    /// Out of the game by a stalemate; its pieces stay as obstacles.
    Withdrawn,
}

/// The two-seat score vector behind a two-sided score: `mover_score` for the side to move, its
/// negation for the one other active seat.
pub fn two_seat_scores(mover: Seat, active: SeatSet, mover_score: Score) -> SeatScores {
    let mut out = [0; MAX_SEATS];
    for s in active.iter() {
        out[s as usize] = if s == mover {
            mover_score
        } else {
            -mover_score
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_count_and_walk_in_turn_order() {
        let all = SeatSet::first(4);
        assert_eq!(all.len(), 4);
        let s = all.without(1).without(3);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 2]);
        assert_eq!(s.next_after(0, 4), Some(2));
        assert_eq!(s.next_after(2, 4), Some(0));
        assert_eq!(SeatSet::only(2).next_after(2, 4), Some(2));
        assert_eq!(SeatSet::EMPTY.next_after(0, 4), None);
        assert!(SeatSet::first(2).contains(1) && !SeatSet::first(2).contains(2));
    }

    #[test]
    fn two_seat_vectors_are_antisymmetric() {
        assert_eq!(two_seat_scores(1, SeatSet::first(2), 30), [-30, 30, 0, 0]);
        assert_eq!(
            two_seat_scores(3, SeatSet::only(0).with(3), 5),
            [-5, 0, 0, 5]
        );
    }
}
