//! The leader closing in for mate (issue 32, conversion): in a game of two, a search whose
//! root player leads by [`CLOSING_LEAD`] or more in material keeps quiet checks out of
//! late-move and futility pruning, as orthodox chess does everywhere.
//!
//! Sceptre prunes them (`SearchParams::prune_quiet_checks`): searched in every search they
//! cost ten times the nodes at the bench's depth (docs/results/sprt-log.md). But a side a queen
//! and both rooks ahead kept its score above +6,700 for a hundred plies and more without
//! finding the mate within the 150 plies, its pieces parked round the other king (the
//! shipped conversion misses, docs/results/strength.md): a mate is a line of checks, and the
//! quiet ones near the horizon were the moves its searches never looked at. Only the
//! leader's own searches change, like the guard (`eval::guard`): the side behind searches
//! as before.

use crate::core::{Score, SearchParams};

/// The material lead at the root from which the leader's search keeps its quiet checks;
/// `None`: never. From the 30 plies left of main's ten slow mates (ply 120 of the games
/// where it drew at the limit), the leader mated in 11 of 20 games with it and in 1 of 20
/// without (docs/results/strength.md, sconv17).
pub const CLOSING_LEAD: Option<Score> = Some(1_000);

/// The constants of a leader's search closing in, from the game's own.
pub fn closing_params(params: SearchParams) -> SearchParams {
    SearchParams {
        prune_quiet_checks: false,
        ..params
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leader_closing_in_keeps_its_quiet_checks_and_nothing_else_changes() {
        let game = SearchParams::CHESS;
        let closing = closing_params(game);
        assert!(game.prune_quiet_checks && !closing.prune_quiet_checks);
        assert_eq!(
            SearchParams {
                prune_quiet_checks: true,
                ..closing
            },
            game
        );
    }
}
