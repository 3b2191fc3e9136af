//! The leader's searches without the correction history (issue 32, conversion): in a game of
//! two, a search whose root player leads by [`UNCORRECTED_LEAD`] or more in material does not
//! add the correction history to its static evaluations.
//!
//! The correction history (`DUEL_SEARCH`) won head to head (+42 Elo, SPRT), but with it the
//! side a queen and both rooks ahead converted fewer of the done-when's set-ups at 150,000
//! nodes (75 of 96 against 81; docs/results/strength.md). Its key is the material and the
//! pawns' distances to their edge, which stay the same through the long quiet stretch of a
//! mating attack, so one entry learns from every position of it. Only the leader's own
//! searches change, like the guard (`eval::guard`): the side behind, and every even
//! position, search with it as before. The table itself is kept (parked) for the searches
//! that use it.

use crate::core::{Score, SearchParams};

/// The material lead at the root from which the leader's search goes without the correction
/// history; `None`: never.
pub const UNCORRECTED_LEAD: Option<Score> = Some(1_000);

/// The constants of a leader's search without the correction history, from the game's own.
pub fn uncorrected_params(params: SearchParams) -> SearchParams {
    SearchParams {
        correction_history: false,
        ..params
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leader_without_the_correction_changes_nothing_else() {
        let game = SearchParams {
            correction_history: true,
            ..SearchParams::CHESS
        };
        let uncorrected = uncorrected_params(game);
        assert!(!uncorrected.correction_history);
        assert_eq!(
            SearchParams {
                correction_history: true,
                ..uncorrected
            },
            game
        );
    }
}
