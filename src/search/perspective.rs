//! Whose score an alpha-beta search maximises. The search core negates a score only where the
//! side to move changes, so one PVS serves two-player games (every ply changes side) and the
//! paranoid multi-player search (the root player against a coalition of all the others, whose
//! consecutive plies keep their sign).

use crate::core::{splitmix, Evaluator, Game, Score, Seat, MAX_SEATS};

pub trait Perspective: Copy + Send + Sync + 'static {
    /// Whether every seat but the root plays as one coalition against it (paranoid): their
    /// noisy moves are then judged by the coalition's exchange (`exchange.rs`).
    const COALITION: bool;
    /// The side a seat plays for; equal sides share a score.
    fn side(self, seat: Seat) -> Seat;
    /// The seat the search plays for (the root's side to move).
    fn root(self) -> Seat;
    /// The static score for the side to move.
    fn evaluate<G: Game, E: Evaluator<G>>(self, eval: &E, g: &G) -> Score;
    /// Mixed into every transposition-table key: scores stored under one perspective are
    /// meaningless under another.
    fn key_salt(self) -> u64;
    /// The root player is already out (eliminated or withdrawn) though the game goes on.
    fn root_out<G: Game>(self, g: &G) -> bool;
}

/// Two sides, each seat its own: ordinary alpha-beta (two players, or two still active).
#[derive(Clone, Copy, Debug)]
pub struct TwoSided {
    pub root: Seat,
}

impl Perspective for TwoSided {
    const COALITION: bool = false;
    #[inline(always)]
    fn side(self, seat: Seat) -> Seat {
        seat
    }
    #[inline(always)]
    fn root(self) -> Seat {
        self.root
    }
    #[inline(always)]
    fn evaluate<G: Game, E: Evaluator<G>>(self, eval: &E, g: &G) -> Score {
        eval.evaluate(g)
    }
    #[inline(always)]
    fn key_salt(self) -> u64 {
        0
    }
    #[inline(always)]
    fn root_out<G: Game>(self, _g: &G) -> bool {
        false
    }
}

/// The root seat against everybody else.
#[derive(Clone, Copy, Debug)]
pub struct Paranoid {
    pub root: Seat,
}

/// One salt per root seat (never zero, so paranoid entries never meet two-sided ones).
const PARANOID_SALTS: [u64; MAX_SEATS] = {
    let mut salts = [0; MAX_SEATS];
    let mut state = 0x5041_5241_4E4F_4944; // "PARANOID"
    let mut i = 0;
    while i < MAX_SEATS {
        let (next, value) = splitmix(state);
        state = next;
        salts[i] = value | 1;
        i += 1;
    }
    salts
};

impl Perspective for Paranoid {
    const COALITION: bool = true;
    #[inline(always)]
    fn side(self, seat: Seat) -> Seat {
        (seat != self.root) as Seat
    }
    #[inline(always)]
    fn root(self) -> Seat {
        self.root
    }
    #[inline]
    fn evaluate<G: Game, E: Evaluator<G>>(self, eval: &E, g: &G) -> Score {
        let v = eval.evaluate_seats(g)[self.root as usize];
        if g.to_move() == self.root {
            v
        } else {
            -v
        }
    }
    #[inline(always)]
    fn key_salt(self) -> u64 {
        PARANOID_SALTS[self.root as usize]
    }
    #[inline]
    fn root_out<G: Game>(self, g: &G) -> bool {
        !g.active().contains(self.root)
    }
}
