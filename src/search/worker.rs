//! One search thread: principal variation search with quiescence, pruning and reductions,
//! generic over the game. Lazy SMP runs several of these over one shared table.

use super::ordering::{update_history, MovePicker};
use super::timeman::SearchClock;
use super::tt::{Bound, TranspositionTable};
use crate::core::{
    mate_in, mated_in, Evaluator, Game, GameMove, MoveList, Outcome, Scope, Score, DRAW, INFINITE,
    MATE_BOUND, MAX_PLY,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A root move with what the last iteration learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub m: M,
    pub score: Score,
    pub previous_score: Score,
    /// The bound of `score` when the last iteration ended on an aspiration failure.
    pub pv: Vec<M>,
    pub seldepth: usize,
}

/// The limits a worker enforces itself; only the main worker watches the clock.
pub struct WorkerLimits<'a> {
    pub clock: Option<SearchClock>,
    pub nodes: Option<u64>,
    pub pondering: Option<&'a AtomicBool>,
    /// Pondering as last seen: its end restarts the clock.
    pub was_pondering: bool,
}

/// Entries of the per-thread evaluation cache (a power of two; 1 MiB).
const EVAL_CACHE_SIZE: usize = 1 << 16;

/// Late-move-reduction table, indexed by depth and move number.
fn lmr_table() -> Vec<[i32; 64]> {
    let mut t = vec![[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, cell) in row.iter_mut().enumerate().skip(1) {
            *cell = (0.75 + (d as f64).ln() * (n as f64).ln() / 2.25) as i32;
        }
    }
    t
}

pub struct Worker<'a, G: Game, E: Evaluator<G>> {
    pub game: G,
    eval: &'a E,
    tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    shared_nodes: &'a AtomicU64,
    pub limits: WorkerLimits<'a>,
    pub nodes: u64,
    unflushed: u64,
    pub seldepth: usize,
    aborted: bool,
    /// Keys of the positions before the current one: the game so far, then the search path.
    keys: Vec<u64>,
    root_index: usize,
    root_side: crate::core::Seat,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    pv: Vec<Vec<G::Move>>,
    static_evals: Vec<Score>,
    after_null: Vec<bool>,
    lmr: Vec<[i32; 64]>,
    eval_cache: Vec<Option<(u64, Score)>>,
    pub root_moves: Vec<RootMove<G::Move>>,
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        game: G,
        game_history: &[u64],
        root_moves: &[G::Move],
        eval: &'a E,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        shared_nodes: &'a AtomicU64,
        limits: WorkerLimits<'a>,
    ) -> Self {
        let root_side = game.to_move();
        let mut keys = Vec::with_capacity(game_history.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_history);
        Worker {
            game,
            eval,
            tt,
            stop,
            shared_nodes,
            limits,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            aborted: false,
            root_index: keys.len(),
            root_side,
            keys,
            killers: vec![[None; 2]; MAX_PLY + 8],
            history: vec![0; G::HISTORY_SLOTS],
            pv: (0..MAX_PLY + 8)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            static_evals: vec![0; MAX_PLY + 8],
            after_null: vec![false; MAX_PLY + 8],
            lmr: lmr_table(),
            eval_cache: vec![None; EVAL_CACHE_SIZE],
            root_moves: root_moves
                .iter()
                .map(|&m| RootMove {
                    m,
                    score: -INFINITE,
                    previous_score: -INFINITE,
                    pv: vec![m],
                    seldepth: 0,
                })
                .collect(),
        }
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Publishes the node count and decides whether to stop; cheap except every 1024 nodes.
    #[inline]
    fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.unflushed += 1;
        if self.unflushed < 1024 {
            return false;
        }
        self.flush_nodes();
        if !self.sync_pondering() {
            let out_of_time = self.limits.clock.as_ref().is_some_and(|c| c.hard_expired());
            let out_of_nodes = self
                .limits
                .nodes
                .is_some_and(|n| self.shared_nodes.load(Ordering::Relaxed) >= n);
            if out_of_time || out_of_nodes {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        self.aborted = self.stop.load(Ordering::Relaxed);
        self.aborted
    }

    /// Whether the search is still pondering; at `ponderhit` the move's own time starts.
    pub fn sync_pondering(&mut self) -> bool {
        let pondering = self
            .limits
            .pondering
            .is_some_and(|p| p.load(Ordering::Relaxed));
        if self.limits.was_pondering && !pondering {
            if let Some(c) = self.limits.clock.as_mut() {
                c.restart();
            }
        }
        self.limits.was_pondering = pondering;
        pondering
    }

    pub fn flush_nodes(&mut self) {
        self.shared_nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.nodes += self.unflushed;
        self.unflushed = 0;
    }

    /// The static evaluation, remembered by position key: the same position is evaluated again
    /// and again (main search, quiescence, re-searches), and evaluation is a pure function of it.
    #[inline]
    fn static_eval(&mut self) -> Score {
        let key = self.game.key();
        let slot = (key as usize) & (EVAL_CACHE_SIZE - 1);
        if let Some((cached_key, score)) = self.eval_cache[slot] {
            if cached_key == key {
                return score;
            }
        }
        let score = self.eval.evaluate(&self.game);
        self.eval_cache[slot] = Some((key, score));
        score
    }

    /// A draw as the searching side sees it: `contempt` below even for the side the engine
    /// plays (the root's side to move), as much above it for the opponent.
    #[inline]
    fn draw_score(&self) -> Score {
        let c = self.game.contempt();
        if self.game.to_move() == self.root_side {
            -c
        } else {
            c
        }
    }

    fn outcome_score(&self, outcome: Outcome, ply: usize) -> Score {
        match outcome {
            Outcome::Draw => self.draw_score(),
            Outcome::Winner(s) if s == self.game.to_move() => mate_in(ply),
            Outcome::Winner(_) => mated_in(ply),
        }
    }

    /// A repetition inside the search tree, or a third occurrence counting the game before.
    fn is_repetition(&self) -> bool {
        let key = self.game.key();
        let reach = self.game.reversible_plies().min(self.keys.len());
        let mut seen = 0;
        for i in (self.keys.len() - reach..self.keys.len()).rev() {
            if self.keys[i] == key {
                if i >= self.root_index {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
        }
        false
    }

    #[inline]
    fn play(&mut self, m: G::Move) -> G::Undo {
        self.keys.push(self.game.key());
        self.game.make(m)
    }

    #[inline]
    fn take_back(&mut self, m: G::Move, undo: G::Undo) {
        self.game.unmake(m, undo);
        self.keys.pop();
    }

    fn tt_move(&self, bits: u32, moves: &MoveList<G::Move>) -> Option<G::Move> {
        if bits == 0 {
            return None;
        }
        let m = G::Move::from_bits(bits);
        // A hash collision may hand us a move of another position: only trust a legal one.
        moves.contains(&m).then_some(m)
    }

    fn set_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Searches every root move from `first` on (MultiPV skips the lines already chosen).
    pub fn search_root(
        &mut self,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        first: usize,
    ) -> Score {
        let mut best = -INFINITE;
        self.seldepth = 0;
        let in_check = self.game.urgent();
        for i in first..self.root_moves.len() {
            let m = self.root_moves[i].m;
            let noisy = self.game.is_noisy(m);
            let undo = self.play(m);
            let gives_check = self.game.urgent();
            let new_depth = depth - 1;
            let mut score;
            if i == first {
                score = -self.search(new_depth, 1, -beta, -alpha, false);
            } else {
                let reduce = if depth >= 3 && i >= first + 3 && !noisy && !in_check && !gives_check
                {
                    1
                } else {
                    0
                };
                score = -self.search(new_depth - reduce, 1, -alpha - 1, -alpha, true);
                if score > alpha && reduce > 0 {
                    score = -self.search(new_depth, 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(new_depth, 1, -beta, -alpha, false);
                }
            }
            self.take_back(m, undo);
            if self.aborted {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if i == first || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Best first; a stable sort keeps the previous order among equals.
        self.root_moves[first..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        if let Some(rm) = self.root_moves.get(first) {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > -INFINITE && rm.score > -INFINITE {
                Bound::Exact
            } else {
                Bound::Upper
            };
            if first == 0 {
                self.tt
                    .store(self.game.key(), 0, rm.m.to_bits(), best, depth, bound);
            }
        }
        best
    }

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
        self.pv[ply].clear();
        if self.should_abort() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = self.game.decided() {
            return self.outcome_score(o, ply);
        }
        if self.is_repetition() || self.game.drawn_by_rule() {
            return self.draw_score();
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.game.urgent();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(ply, alpha, beta);
        }

        let key = self.game.key();
        let probe = self.tt.probe(key, ply);
        if let Some(p) = probe {
            if !pv_node && p.depth >= depth {
                let fits = match p.bound {
                    Bound::Exact => true,
                    Bound::Lower => p.score >= beta,
                    Bound::Upper => p.score <= alpha,
                };
                if fits {
                    return p.score;
                }
            }
        }

        let static_eval = if in_check {
            -INFINITE
        } else {
            self.static_eval()
        };
        self.static_evals[ply] = static_eval;
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
        let improving = !in_check && ply >= 2 && static_eval > self.static_evals[ply - 2];

        if !pv_node && !in_check {
            // Reverse futility: far above beta with little depth left.
            let margin = 80 * depth - if improving { 40 } else { 0 };
            if depth <= 7 && eval - margin >= beta && eval.abs() < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still holds beta, a real move surely does.
            if depth >= 3 && eval >= beta && !self.after_null[ply] && self.game.null_move_allowed()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                if let Some(undo) = self.game.make_null() {
                    self.keys.push(key);
                    self.after_null[ply + 1] = true;
                    let score = -self.search(depth - 1 - r, ply + 1, -beta, -beta + 1, !cut_node);
                    self.after_null[ply + 1] = false;
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

        let mut moves = MoveList::new();
        self.game.generate(Scope::All, &mut moves);
        if moves.is_empty() {
            return self.outcome_score(self.game.outcome_without_moves(), ply);
        }
        let tt_move = probe.and_then(|p| self.tt_move(p.move_bits, &moves));
        // Without a hash move this node was never searched: a shallower look is enough.
        if tt_move.is_none() && depth >= 6 && (pv_node || cut_node) {
            depth -= 1;
        }
        let killers = self.killers[ply];
        let mut entries = MoveList::new();
        let mut picker = MovePicker::new(
            &mut entries,
            &self.game,
            &moves,
            tt_move,
            &killers,
            &self.history,
            true,
        );

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move: Option<G::Move> = None;
        let mut searched = 0usize;
        let mut quiets_tried: MoveList<G::Move> = MoveList::new();
        let late_move_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };

        while let Some(m) = picker.next_move() {
            let noisy = self.game.is_noisy(m);
            if !pv_node && !in_check && best_score > -MATE_BOUND {
                if !noisy {
                    if depth <= 5 && searched >= late_move_limit {
                        continue;
                    }
                    if depth <= 6 && eval + 90 + 80 * depth <= alpha {
                        continue;
                    }
                } else if depth <= 6 && !self.game.see_at_least(m, -90 * depth) {
                    continue;
                }
            }
            let history_score = if noisy {
                0
            } else {
                self.history[self.game.history_slot(m)]
            };
            let undo = self.play(m);
            self.after_null[ply + 1] = false;
            let gives_check = self.game.urgent();
            let new_depth = depth - 1;
            let mut score;
            if searched == 0 {
                score = -self.search(new_depth, ply + 1, -beta, -alpha, false);
            } else {
                let mut r = 0;
                if depth >= 3 && searched > pv_node as usize && !noisy {
                    r = self.lmr[depth.min(63) as usize][searched.min(63)];
                    r += cut_node as i32 + (!improving) as i32;
                    r -= pv_node as i32 + gives_check as i32;
                    r -= history_score / 6000;
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                score = -self.search(new_depth - r, ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 {
                    score = -self.search(new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.search(new_depth, ply + 1, -beta, -alpha, false);
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
                        self.set_pv(ply, m);
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

        if let Some(bm) = best_move {
            if best_score >= beta && !self.game.is_noisy(bm) {
                let k = &mut self.killers[ply];
                if k[0] != Some(bm) {
                    k[1] = k[0];
                    k[0] = Some(bm);
                }
                let bonus = (depth * depth * 16).min(2000);
                update_history(&mut self.history[self.game.history_slot(bm)], bonus);
                for &q in quiets_tried.iter() {
                    if q != bm {
                        update_history(&mut self.history[self.game.history_slot(q)], -bonus);
                    }
                }
            }
        }
        let bound = Bound::of_result(best_score, original_alpha, beta);
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

    /// Resolves captures (and check evasions) until the position is quiet.
    fn quiescence(&mut self, ply: usize, mut alpha: Score, beta: Score) -> Score {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if self.should_abort() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = self.game.decided() {
            return self.outcome_score(o, ply);
        }
        if self.game.drawn_by_rule() {
            return self.draw_score();
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }
        let key = self.game.key();
        let probe = self.tt.probe(key, ply);
        if let Some(p) = probe {
            let fits = match p.bound {
                Bound::Exact => true,
                Bound::Lower => p.score >= beta,
                Bound::Upper => p.score <= alpha,
            };
            if fits && !pv_node {
                return p.score;
            }
        }
        let in_check = self.game.urgent();
        let mut best = -INFINITE;
        if !in_check {
            let stand_pat = self.static_eval();
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut moves = MoveList::new();
        self.game
            .generate(if in_check { Scope::All } else { Scope::Noisy }, &mut moves);
        if moves.is_empty() {
            return if in_check {
                self.outcome_score(self.game.outcome_without_moves(), ply)
            } else {
                best
            };
        }
        let tt_move = probe.and_then(|p| self.tt_move(p.move_bits, &moves));
        let no_killers = [None, None];
        let mut entries = MoveList::new();
        let mut picker = MovePicker::new(
            &mut entries,
            &self.game,
            &moves,
            tt_move,
            &no_killers,
            &self.history,
            false,
        );
        let original_alpha = alpha;
        let mut best_move = None;
        while let Some(m) = picker.next_move() {
            if !in_check && !self.game.see_at_least(m, 0) {
                continue;
            }
            let undo = self.play(m);
            let score = -self.quiescence(ply + 1, -beta, -alpha);
            self.take_back(m, undo);
            if self.aborted {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        self.set_pv(ply, m);
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
