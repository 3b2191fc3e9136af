//! The keys of the positions before the current one (the game so far, then the search path),
//! for repetitions inside the tree: the same rule as the alpha-beta worker's.

use crate::core::{path_repetition, Game};

pub struct PathKeys {
    keys: Vec<u64>,
    root_index: usize,
}

impl PathKeys {
    pub fn new(game_history: &[u64]) -> PathKeys {
        let mut keys = Vec::with_capacity(game_history.len() + crate::core::MAX_PLY + 8);
        keys.extend_from_slice(game_history);
        PathKeys {
            root_index: keys.len(),
            keys,
        }
    }

    /// Before a move is made from `g`.
    #[inline]
    pub fn push<G: Game>(&mut self, g: &G) {
        self.keys.push(g.key());
    }

    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
    }

    /// How many plies ago the current position first stood, if it repeats: once on the search
    /// path is enough (the side could repeat it at will), else a third occurrence in the game.
    pub fn repetition<G: Game>(&self, g: &G) -> Option<usize> {
        path_repetition(g, &self.keys, self.root_index)
    }
}
