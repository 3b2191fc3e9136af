//! The one repetition rule: where a position can have occurred before. Positions before the
//! last irreversible move can never come back, so only the last `reversible_plies` count.

use super::{Outcome, Rules};

/// Indices in `keys` (the positions before the current one, oldest first) holding the current
/// position of `game` again, newest first.
#[inline]
pub fn earlier_occurrences<'a, G: Rules>(
    game: &G,
    keys: &'a [u64],
) -> impl Iterator<Item = usize> + 'a {
    let key = game.key();
    let reach = game.reversible_plies().min(keys.len());
    (keys.len() - reach..keys.len())
        .rev()
        .filter(move |&i| keys[i] == key)
}

/// The current position standing for exactly the third time: how many plies ago it first
/// stood. A fourth occurrence only comes once a drawn game goes on (perft goes on past draws,
/// docs/rules/README.md), and "occurs for the third time" (§5) no longer describes it.
#[inline]
pub fn third_occurrence<G: Rules>(game: &G, keys: &[u64]) -> Option<usize> {
    let mut earlier = earlier_occurrences(game, keys);
    let (_second, first) = (earlier.next()?, earlier.next()?);
    earlier.next().is_none().then_some(keys.len() - first)
}

/// What the third occurrence of the current position decides where the game says it decides
/// (Sceptre's perpetual check); `None` where there is none, or it draws.
#[inline]
pub fn decided_by_repetition<G: Rules>(game: &G, keys: &[u64]) -> Option<Outcome> {
    game.repetition_outcome(third_occurrence(game, keys)?)
}

/// The search's repetition rule: how many plies ago the current position first stood, if it
/// repeats — once on the search path (`keys[root_index..]`) is enough, since the side could
/// repeat it at will; before the root, only a third occurrence counts.
#[inline]
pub fn path_repetition<G: Rules>(game: &G, keys: &[u64], root_index: usize) -> Option<usize> {
    let mut seen = 0;
    for i in earlier_occurrences(game, keys) {
        if i >= root_index {
            return Some(keys.len() - i);
        }
        seen += 1;
        if seen >= 2 {
            return Some(keys.len() - i);
        }
    }
    None
}
