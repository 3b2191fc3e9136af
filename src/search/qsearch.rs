//! Quiescence search: captures (and every move when in check) until the position is quiet, so
//! that the static evaluation is never taken in the middle of an exchange. A game may add quiet
//! threats near the horizon and bound its urgent plies ([`crate::core::SearchParams`]).

use super::exchange::ExchangeTest;
use super::ordering::{MovePicker, PickBuffer};
use super::perspective::Perspective;
use super::tt::Bound;
use super::worker::{Resume, Worker};
use crate::core::{
    mate_in, mated_in, Evaluator, Game, GameMove, MoveList, NoMoves, Scope, Score, DRAW, INFINITE,
};

impl<G: Game, E: Evaluator<G>, P: Perspective> Worker<'_, G, E, P> {
    /// Resolves captures (and check evasions) until the position is quiet; `qply` counts the
    /// plies since the horizon.
    pub(super) fn quiescence(
        &mut self,
        ply: usize,
        qply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let pv_node = beta - alpha > 1;
        if let Some(score) = self.enter_node(ply, false) {
            return score;
        }
        if self.params.quiescence_mate_distance {
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + usize::from(!self.params.stuck_can_win)));
            if alpha >= beta {
                return alpha;
            }
        }
        let side = self.mover_side();
        let key = self.tt.key(self.game.key() ^ self.salt);
        let probe = self.tt.probe(key, ply);
        if let Some(p) = probe {
            if p.fits(alpha, beta) && !pv_node {
                return p.score;
            }
        }
        let in_check = qply < self.params.quiescence_urgent_plies && self.game.urgent();
        let mut best = -INFINITE;
        if !in_check {
            let stand_pat = self.corrected_eval();
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut moves = MoveList::new();
        if in_check {
            self.game.urgent_replies(&mut moves);
        } else {
            self.game.generate(Scope::Noisy, &mut moves);
        }
        if !in_check && qply < self.params.quiescence_threat_plies {
            self.game.quiet_threats(&mut moves);
        }
        if moves.is_empty() {
            if !in_check {
                return best;
            }
            return match self.game.no_moves() {
                NoMoves::Ends(o) => self.outcome_score(o, ply),
                NoMoves::Withdraws => {
                    self.after_withdrawal(Resume::Quiescence(qply), ply, alpha, beta)
                }
            };
        }
        let tt_move = probe.and_then(|p| self.tt_move(p.move_bits, &moves));
        let no_killers = [None, None];
        let mut buffer = PickBuffer::new();
        let history_offset = self.history_offset();
        let mut picker = MovePicker::new(
            &mut buffer,
            &self.game,
            &moves,
            tt_move,
            &no_killers,
            &self.history[history_offset..history_offset + G::HISTORY_SLOTS],
            ExchangeTest::Off,
        );
        let original_alpha = alpha;
        let mut best_move = None;
        let exchange = self.exchange_test();
        while let Some(m) = picker.next_move() {
            if !in_check && !exchange.at_least(&self.game, m, 0) {
                continue;
            }
            let undo = self.play(m);
            let score = self.child_quiescence(side, ply + 1, qply + 1, alpha, beta);
            self.take_back(m, undo);
            if self.aborted {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        self.stack.set_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        let bound = Bound::of_result(best, original_alpha, beta);
        self.tt.store(
            key,
            ply,
            best_move.map_or(0, |m| m.to_bits()),
            best,
            0,
            bound,
        );
        best
    }
}
