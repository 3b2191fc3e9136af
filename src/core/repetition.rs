//! The one repetition rule: where a position can have occurred before. Positions before the
//! last irreversible move can never come back, so only the last `reversible_plies` count.

use super::Game;

/// Indices in `keys` (the positions before the current one, oldest first) holding the current
/// position of `game` again, newest first.
#[inline]
pub fn earlier_occurrences<'a, G: Game>(
    game: &G,
    keys: &'a [u64],
) -> impl Iterator<Item = usize> + 'a {
    let key = game.key();
    let reach = game.reversible_plies().min(keys.len());
    (keys.len() - reach..keys.len())
        .rev()
        .filter(move |&i| keys[i] == key)
}
