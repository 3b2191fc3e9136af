//! Perft: the leaves of the legal-move tree (RULINGS §0). A withdrawal is no move: the tree
//! goes on from the next player at the same depth.

use super::position::SceptrePosition;

impl SceptrePosition {
    /// The number of leaves of the legal-move tree of depth `depth`.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            if !self.in_set_up() && self.playing_count() >= 3 {
                let undo = self.withdraw();
                let n = self.perft(depth);
                self.unwithdraw(undo);
                return n;
            }
            return 0;
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in moves {
            // Check runs never change which moves are legal, so perft leaves them alone.
            let undo = self.make_unchecked(m);
            total += self.perft(depth - 1);
            self.unmake(m, undo);
        }
        total
    }

    /// Perft per root move (`go perft`): each legal move's text and its leaf count, after any
    /// withdrawals of players with no move.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            if !self.in_set_up() && self.playing_count() >= 3 {
                let undo = self.withdraw();
                let out = self.perft_divide(depth);
                self.unwithdraw(undo);
                return out;
            }
            return Vec::new();
        }
        let field = self.field.clone();
        moves
            .into_iter()
            .map(|m| {
                let undo = self.make_unchecked(m);
                let n = self.perft(depth - 1);
                self.unmake(m, undo);
                (m.text(&field), n)
            })
            .collect()
    }
}
