//! Perft: the leaves of the legal-move tree (docs/rules/README.md#perft), counted as the generic perft of
//! `search::perft` counts them through the game trait: `generate_legal`, then `make` and
//! `unmake`, the last ply bulk-counted. A withdrawal is no move: the tree goes on from the
//! next player at the same depth.

use super::position::SceptrePosition;
use crate::core::MoveList;

impl SceptrePosition {
    /// The number of leaves of the legal-move tree of depth `depth`.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = MoveList::new();
        self.generate_legal(false, &mut moves);
        if moves.is_empty() {
            return self.perft_after_withdrawal(depth);
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for &m in moves.iter() {
            let undo = self.make(m);
            total += self.perft(depth - 1);
            self.unmake(m, undo);
        }
        total
    }

    /// The count below a position whose side to move has no move: none, unless he withdraws
    /// (three or more playing, set-up over) and the next player goes on at the same depth.
    #[cold]
    fn perft_after_withdrawal(&mut self, depth: u32) -> u64 {
        if self.in_set_up() || self.playing_count() < 3 {
            return 0;
        }
        let undo = self.withdraw();
        let n = self.perft(depth);
        self.unwithdraw(undo);
        n
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
                let undo = self.make(m);
                let n = self.perft(depth - 1);
                self.unmake(m, undo);
                (m.text(&field), n)
            })
            .collect()
    }
}
