//! Which static exchange the search asks of a noisy move. In a game of two (or two left) the
//! mover stands against the other player. The paranoid search plays its root player's
//! opponents as one side, so for them the exchange must be the coalition's: the root player's
//! pieces alone take back, and the other opponents' pieces join the mover. Judged against
//! every other player instead, an opponent's good capture that a third player "answers" looks
//! losing and the zero-window search prunes it, while the full re-search finds it: the root
//! moves that pass one and fail the other were most of the four-player search's nodes.

use crate::core::{Game, Score, Seat};

/// The exchange test a node's noisy moves are judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeTest {
    /// None: every noisy move counts as winning (quiescence's ordering).
    Off,
    /// The mover against every other playing owner.
    AgainstAll,
    /// The mover, with every player but the root, against the root player alone.
    AgainstRoot(Seat),
}

impl ExchangeTest {
    /// Whether the mover of `m` wins at least `threshold` in this exchange.
    #[inline(always)]
    pub fn at_least<G: Game>(self, game: &G, m: G::Move, threshold: Score) -> bool {
        match self {
            ExchangeTest::Off => true,
            ExchangeTest::AgainstAll => game.see_at_least(m, threshold),
            ExchangeTest::AgainstRoot(root) => game.see_at_least_against(m, threshold, root),
        }
    }
}
