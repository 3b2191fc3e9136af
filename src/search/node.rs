//! A node of the principal variation search below the root: table cut-offs, reverse futility,
//! null move, then the moves in order with late-move and futility pruning, exchange pruning of
//! noisy moves and late move reductions; cut-offs teach killers and histories. The moves'
//! pruning is for zero-window nodes, and for the coalition's principal-variation nodes too
//! where the game asks it ([`crate::core::SearchParams::coalition_pv_pruning_from`]).

use super::ordering::{push_killer, reward_quiets, reward_quiets_noted, MovePicker, PickBuffer};
use super::perspective::Perspective;
use super::tt::Bound;
use super::worker::{Resume, Worker};
use crate::core::{
    mate_in, mated_in, Evaluator, Game, GameMove, MoveList, NoMoves, Scope, Score, DRAW, INFINITE,
    MATE_BOUND,
};

impl<G: Game, E: Evaluator<G>, P: Perspective> Worker<'_, G, E, P> {
    /// Principal variation search below the root.
    pub fn search(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        cut_node: bool,
    ) -> Score {
        let pv_node = beta - alpha > 1;
        if let Some(score) = self.enter_node(ply, true) {
            return score;
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        // The side to move wins one move from now at best, unless being stuck can win at once.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + usize::from(!self.params.stuck_can_win)));
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.game.urgent();
        if in_check && self.params.urgent_extension {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(ply, 0, alpha, beta);
        }

        let params = self.params;
        let side = self.mover_side();
        let key = self.tt.key(self.game.key() ^ self.salt);
        let probe = self.tt.probe(key, ply);
        if let Some(p) = probe {
            if !pv_node && p.depth >= depth && p.fits(alpha, beta) {
                return p.score;
            }
        }

        let static_eval = if in_check {
            -INFINITE
        } else {
            self.corrected_eval()
        };
        self.stack[ply].static_eval = static_eval;
        // A stored bound on the true score sharpens the static guess for pruning decisions.
        let eval = match probe {
            Some(p) if !in_check && p.score.abs() < MATE_BOUND => match p.bound {
                Bound::Lower if p.score > static_eval => p.score,
                Bound::Upper if p.score < static_eval => p.score,
                Bound::Exact => p.score,
                _ => static_eval,
            },
            _ => static_eval,
        };
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].static_eval;

        if !pv_node && !in_check {
            // Reverse futility: far above beta with little depth left.
            let margin = params.reverse_futility_margin * depth
                - if improving {
                    params.reverse_futility_improving
                } else {
                    0
                };
            if depth <= params.reverse_futility_max_depth
                && eval - margin >= beta
                && eval.abs() < MATE_BOUND
            {
                return eval;
            }
            // Null move: if passing still holds beta, a real move surely does.
            if depth >= params.null_move_min_depth
                && eval >= beta
                && !self.stack[ply].after_null
                && self.game.null_move_allowed()
            {
                let r = params.null_move_base
                    + depth / params.null_move_depth_divisor
                    + ((eval - beta) / params.null_move_eval_divisor)
                        .min(params.null_move_eval_max);
                let position_key = self.game.key();
                if let Some(undo) = self.game.make_null() {
                    self.keys.push(position_key);
                    self.stack[ply + 1].after_null = true;
                    let score = self.child(side, depth - 1 - r, ply + 1, beta - 1, beta, !cut_node);
                    self.stack[ply + 1].after_null = false;
                    self.keys.pop();
                    self.game.unmake_null(undo);
                    if self.aborted {
                        return DRAW;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move: Option<G::Move> = None;
        let mut searched = 0usize;
        let mut quiets_tried: MoveList<G::Move> = MoveList::new();
        let history_offset = self.history_offset();
        // The history's changes from here on are those the deferred quiet scores undo.
        let changes_from = self.history_changes.len();

        // Where the game defers its quiet scores, the table's move is tried before the moves
        // are generated if the game can tell it legal: it is the first move handed out either
        // way, never pruned, and a cut-off there needs no list.
        let tt_first = match probe {
            Some(p) if Self::DEFER_QUIETS && p.move_bits != 0 => {
                Some(G::Move::from_bits(p.move_bits)).filter(|&m| self.game.surely_legal(m))
            }
            _ => None,
        };
        let mut cut = false;
        if let Some(m) = tt_first {
            let noisy = self.game.is_noisy(m);
            let undo = self.play(m);
            self.stack[ply + 1].after_null = false;
            let score = self.child(side, depth - 1, ply + 1, alpha, beta, false);
            self.take_back(m, undo);
            if self.aborted {
                return DRAW;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        self.stack.set_pv(ply, m);
                    }
                    cut = score >= beta;
                    if !cut {
                        alpha = score;
                    }
                }
            }
            if !noisy && !cut {
                quiets_tried.push(m);
            }
        }

        if !cut {
            let mut moves = MoveList::new();
            let killers = self.stack[ply].killers;
            // Moves in stages: the noisy ones first, the quiet ones only once the picker
            // reaches them, where the table's move and the killers are known legal or not
            // without the list.
            let staged = Self::DEFER_QUIETS
                && !in_check
                && (tt_first.is_some() || probe.is_none_or(|p| p.move_bits == 0))
                && killers.iter().flatten().all(|&k| {
                    tt_first == Some(k) || self.game.is_noisy(k) || self.game.legality_known(k)
                });
            if staged {
                // An empty noisy list stages too where a killer or the table's move is legal
                // (the picker has a move to hand out, so the node has moves).
                self.game.generate(Scope::Noisy, &mut moves);
            } else {
                self.game.generate(Scope::All, &mut moves);
            }
            if !staged && moves.is_empty() {
                return match self.game.no_moves() {
                    NoMoves::Ends(o) => self.outcome_score(o, ply),
                    NoMoves::Withdraws => {
                        self.after_withdrawal(Resume::Depth(depth), ply, alpha, beta)
                    }
                };
            }
            let tt_move = if staged {
                tt_first
            } else {
                probe.and_then(|p| self.tt_move(p.move_bits, &moves))
            };
            let unreduced_depth = depth;
            // Without a hash move this node was never searched: a shallower look is enough.
            if tt_move.is_none() && depth >= params.iid_min_depth && (pv_node || cut_node) {
                depth -= 1;
            }
            let mut buffer = PickBuffer::new();
            let history = &self.history[history_offset..history_offset + G::HISTORY_SLOTS];
            let exchange = self.exchange_test();
            let staged_picker = if staged {
                let legal_killers = killers.map(|k| k.filter(|&k| self.game.surely_legal(k)));
                MovePicker::new_staged(
                    &mut buffer,
                    &self.game,
                    &moves,
                    tt_move,
                    &legal_killers,
                    exchange,
                )
            } else {
                Err(&mut buffer)
            };
            // The quiet moves are still to generate.
            let mut quiets_missing = staged_picker.is_ok();
            if cfg!(debug_assertions) && quiets_missing {
                let mut all = MoveList::new();
                self.game.generate(Scope::All, &mut all);
                let noisy: Vec<G::Move> = all
                    .iter()
                    .copied()
                    .filter(|&m| self.game.is_noisy(m))
                    .collect();
                assert_eq!(
                    noisy.as_slice(),
                    moves.as_slice(),
                    "noisy list = noisy part of all"
                );
                for k in killers.iter().flatten() {
                    if !self.game.is_noisy(*k) {
                        assert_eq!(
                            self.game.surely_legal(*k),
                            all.contains(k),
                            "killer legality"
                        );
                    }
                }
            }
            let mut picker = match staged_picker {
                Ok(p) => p,
                Err(buffer) => {
                    if staged {
                        moves.clear();
                        self.game.generate(Scope::All, &mut moves);
                        if moves.is_empty() {
                            return match self.game.no_moves() {
                                NoMoves::Ends(o) => self.outcome_score(o, ply),
                                NoMoves::Withdraws => self.after_withdrawal(
                                    Resume::Depth(unreduced_depth),
                                    ply,
                                    alpha,
                                    beta,
                                ),
                            };
                        }
                    }
                    if Self::DEFER_QUIETS {
                        MovePicker::new_deferring_quiets(
                            buffer, &self.game, &moves, tt_move, &killers, history, exchange,
                        )
                    } else {
                        MovePicker::new(
                            buffer, &self.game, &moves, tt_move, &killers, history, exchange,
                        )
                    }
                }
            };
            if tt_first.is_some() {
                // The table's move, searched above, is the picker's first.
                let first = picker.next_deferred(
                    &self.game,
                    &mut self.history,
                    &self.history_changes[changes_from..],
                    history_offset,
                );
                debug_assert!(first == tt_first, "the table's move comes first");
            }
            let late_move_limit =
                (params.late_move_base + depth * depth) as usize / if improving { 1 } else { 2 };

            // Zero-window nodes prune; so do the coalition's PV nodes where the game asks it.
            let prunes = !pv_node || self.coalition_prunes_pv();
            while let Some(m) = if Self::DEFER_QUIETS {
                if quiets_missing && picker.outranking_done() {
                    moves.clear();
                    self.game.generate(Scope::All, &mut moves);
                    picker.restage(&self.game, &moves, tt_move, &killers, exchange);
                    quiets_missing = false;
                }
                picker.next_deferred(
                    &self.game,
                    &mut self.history,
                    &self.history_changes[changes_from..],
                    history_offset,
                )
            } else {
                picker.next_move()
            } {
                let noisy = self.game.is_noisy(m);
                if prunes && !in_check && best_score > -MATE_BOUND {
                    if !noisy {
                        let late =
                            depth <= params.late_move_max_depth && searched >= late_move_limit;
                        let futile = depth <= params.futility_max_depth
                            && eval + params.futility_base + params.futility_margin * depth
                                <= alpha;
                        // A quiet check can start a mating attack that no static margin foresees.
                        if (late || futile) && (params.prune_quiet_checks || !self.gives_check(m)) {
                            if params.prune_quiet_checks {
                                // The same holds for every quiet move still to come.
                                if quiets_missing && !picker.drop_quiets_staged() {
                                    moves.clear();
                                    self.game.generate(Scope::All, &mut moves);
                                    picker.restage(&self.game, &moves, tt_move, &killers, exchange);
                                    picker.drop_quiets();
                                } else if !quiets_missing {
                                    picker.drop_quiets();
                                }
                                quiets_missing = false;
                            }
                            continue;
                        }
                    } else if depth <= params.see_prune_max_depth {
                        let threshold = -params.see_prune_margin * depth;
                        // The picker's test at 0 already answers a threshold at or below 0.
                        let passes = (threshold <= 0 && picker.won_exchange())
                            || exchange.at_least(&self.game, m, threshold);
                        if !passes {
                            continue;
                        }
                    }
                }
                let history_score = if noisy {
                    0
                } else {
                    self.history[history_offset + self.game.history_slot(m)]
                };
                let undo = self.play(m);
                self.stack[ply + 1].after_null = false;
                let gives_check = self.game.urgent();
                let new_depth = depth - 1;
                let mut score;
                if searched == 0 {
                    score = self.child(side, new_depth, ply + 1, alpha, beta, false);
                } else {
                    let mut r = 0;
                    if depth >= params.lmr_min_depth && searched > pv_node as usize && !noisy {
                        r = self.lmr.reduction(depth, searched);
                        r += cut_node as i32 + (!improving) as i32;
                        r -= pv_node as i32 + gives_check as i32;
                        r -= history_score / params.lmr_history_divisor;
                        r = r.clamp(0, (new_depth - 1).max(0));
                    }
                    score = self.child(side, new_depth - r, ply + 1, alpha, alpha + 1, true);
                    if score > alpha && r > 0 {
                        score = self.child(side, new_depth, ply + 1, alpha, alpha + 1, !cut_node);
                    }
                    if pv_node && score > alpha && score < beta {
                        score = self.child(side, new_depth, ply + 1, alpha, beta, false);
                    }
                }
                self.take_back(m, undo);
                if self.aborted {
                    return DRAW;
                }
                searched += 1;
                if score > best_score {
                    best_score = score;
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
                if !noisy {
                    quiets_tried.push(m);
                }
            }
        }

        if let Some(bm) = best_move {
            if best_score >= beta && !self.game.is_noisy(bm) {
                push_killer(&mut self.stack[ply].killers, bm);
                let bonus =
                    (depth * depth * params.history_bonus_scale).min(params.history_bonus_max);
                let game = &self.game;
                let tried = quiets_tried
                    .iter()
                    .filter(|&&q| q != bm)
                    .map(|&q| history_offset + game.history_slot(q));
                let best = history_offset + game.history_slot(bm);
                if Self::DEFER_QUIETS {
                    reward_quiets_noted(
                        &mut self.history,
                        best,
                        tried,
                        bonus,
                        &mut self.history_changes,
                    );
                } else {
                    reward_quiets(&mut self.history, best, tried, bonus);
                }
            }
        }
        let bound = Bound::of_result(best_score, original_alpha, beta);
        if !in_check {
            self.learn_correction(depth, best_score, bound, static_eval, best_move);
        }
        self.tt.store(
            key,
            ply,
            best_move.map_or(0, |m| m.to_bits()),
            best_score,
            depth,
            bound,
        );
        best_score
    }
}
