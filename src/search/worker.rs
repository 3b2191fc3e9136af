//! One search thread: principal variation search with quiescence, pruning and reductions,
//! generic over the game. Lazy SMP runs several of these over one shared table.

use super::correction::CorrectionHistory;
use super::memory::MoveHistories;
use super::ordering::{update_history, MovePicker};
use super::perspective::{Perspective, TwoSided};
use super::stack::SearchStack;
use super::timeman::SearchClock;
use super::tt::{Bound, TranspositionTable};
use crate::core::{
    mate_in, mated_in, Evaluator, Game, GameMove, MoveList, NoMoves, Outcome, Scope, Score,
    SearchParams, Seat, DRAW, INFINITE, MATE_BOUND, MAX_PLY,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A root move with what the last iteration learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub m: M,
    pub score: Score,
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
fn lmr_table(base: f64, divisor: f64) -> Vec<[i32; 64]> {
    // 64 logarithms rather than one per cell: every search builds the table afresh.
    let ln: [f64; 64] = std::array::from_fn(|i| (i as f64).ln());
    let mut t = vec![[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, cell) in row.iter_mut().enumerate().skip(1) {
            *cell = (base + ln[d] * ln[n] / divisor) as i32;
        }
    }
    t
}

pub struct Worker<'a, G: Game, E: Evaluator<G>, P: Perspective = TwoSided> {
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
    persp: P,
    /// Mixed into table and cache keys (scores differ between perspectives).
    salt: u64,
    /// The game's search constants ([`Game::search_params`]), fixed for the worker's life.
    pub params: SearchParams,
    /// History scores, one table per seat in games of more than two seats (in two-seat games
    /// a from-to slot already belongs to the side owning the piece that moves).
    history: Vec<i32>,
    seat_history: bool,
    stack: SearchStack<G::Move>,
    lmr: Vec<[i32; 64]>,
    eval_cache: Vec<Option<(u64, Score)>>,
    /// The learnt corrections of the static evaluation, where the game searches with them.
    correction: Option<CorrectionHistory>,
    pub root_moves: Vec<RootMove<G::Move>>,
}

impl<'a, G: Game, E: Evaluator<G>, P: Perspective> Worker<'a, G, E, P> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        persp: P,
        game: G,
        game_history: &[u64],
        root_moves: &[G::Move],
        eval: &'a E,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        shared_nodes: &'a AtomicU64,
        limits: WorkerLimits<'a>,
        learned: Option<MoveHistories>,
    ) -> Self {
        let params = game.search_params();
        let seat_history = game.seats() > 2;
        let history_tables = if seat_history { game.seats() } else { 1 };
        let history_len = G::HISTORY_SLOTS * history_tables;
        // Histories of another game or another set-up are of no use: start afresh. Move
        // histories are kept only where the game asks for it; evaluation corrections whenever
        // the game searches with them.
        let (kept, kept_correction) = match learned {
            Some(h) => (Some(h.history), h.correction),
            None => (None, None),
        };
        let history = match kept {
            Some(h) if params.keep_histories && h.len() == history_len => h,
            _ => vec![0; history_len],
        };
        let sides = game.seats();
        let correction = params.correction_history.then(|| match kept_correction {
            Some(c) if c.fits(sides) => c,
            _ => CorrectionHistory::new(sides),
        });
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
            persp,
            salt: persp.key_salt() ^ eval.key_salt(),
            keys,
            params,
            history,
            seat_history,
            stack: SearchStack::new(),
            lmr: lmr_table(params.lmr_base, params.lmr_divisor),
            eval_cache: vec![None; EVAL_CACHE_SIZE],
            correction,
            root_moves: root_moves
                .iter()
                .map(|&m| RootMove {
                    m,
                    score: -INFINITE,
                    pv: vec![m],
                    seldepth: 0,
                })
                .collect(),
        }
    }

    /// What this worker learnt about move order, for the next search of the game.
    pub fn into_histories(self) -> MoveHistories {
        MoveHistories {
            history: self.history,
            correction: self.correction,
        }
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Publishes the node count and decides whether to stop; cheap except every 256 nodes (slow games too must stop on time).
    #[inline]
    fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.unflushed += 1;
        if self.unflushed < 256 {
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
        let (key, slot) = self.eval_cache_slot();
        if let Some((cached_key, score)) = self.eval_cache[slot] {
            if cached_key == key {
                return score;
            }
        }
        let score = self.persp.evaluate(self.eval, &self.game);
        self.eval_cache[slot] = Some((key, score));
        score
    }

    /// The position's key (salted) and its slot in the evaluation cache.
    #[inline(always)]
    fn eval_cache_slot(&self) -> (u64, usize) {
        let key = self.game.key() ^ self.salt;
        (key, (key as usize) & (EVAL_CACHE_SIZE - 1))
    }

    /// `raw` with the learnt correction, where the game searches with one.
    #[inline(always)]
    fn corrected(&self, raw: Score) -> Score {
        match &self.correction {
            Some(c) => c.corrected(self.game.to_move(), self.game.correction_key(), raw),
            None => raw,
        }
    }

    /// The static evaluation with the learnt correction, where the game searches with one.
    #[inline]
    fn corrected_eval(&mut self) -> Score {
        let raw = self.static_eval();
        self.corrected(raw)
    }

    /// Teaches the correction history what a search of `depth` plies found here: `score` of
    /// bound `bound` where the corrected static evaluation said `static_eval`. A bound on the
    /// wrong side of the evaluation says nothing about its error, and a noisy best move's gain
    /// is not the evaluation's to foresee.
    fn learn_correction(
        &mut self,
        depth: i32,
        score: Score,
        bound: Bound,
        static_eval: Score,
        best_move: Option<G::Move>,
    ) {
        if self.correction.is_none()
            || score.abs() >= MATE_BOUND
            || best_move.is_some_and(|m| self.game.is_noisy(m))
            || (bound == Bound::Lower && score <= static_eval)
            || (bound == Bound::Upper && score >= static_eval)
        {
            return;
        }
        let side = self.game.to_move();
        let key = self.game.correction_key();
        if let Some(c) = self.correction.as_mut() {
            c.update(side, key, depth, score, static_eval);
        }
    }

    /// The side of the seat to move.
    #[inline(always)]
    fn mover_side(&self) -> Seat {
        self.persp.side(self.game.to_move())
    }

    /// Whether the side to move plays for the root.
    #[inline(always)]
    fn root_to_move(&self) -> bool {
        self.mover_side() == self.persp.side(self.persp.root())
    }

    /// A draw as the searching side sees it: `contempt` below even for the side the engine
    /// plays (the root's side), as much above it for the opponents.
    #[inline]
    fn draw_score(&self) -> Score {
        let c = self.game.contempt();
        if self.root_to_move() {
            -c
        } else {
            c
        }
    }

    /// The root's loss, seen by the side to move.
    fn root_lost_score(&self, ply: usize) -> Score {
        if self.root_to_move() {
            mated_in(ply)
        } else {
            mate_in(ply)
        }
    }

    fn outcome_score(&self, outcome: Outcome, ply: usize) -> Score {
        match outcome {
            Outcome::Draw(seats) if seats.contains(self.persp.root()) => self.draw_score(),
            // A draw the root is not part of is a loss for it.
            Outcome::Draw(_) => self.root_lost_score(ply),
            Outcome::Winner(s) if self.persp.side(s) == self.mover_side() => mate_in(ply),
            Outcome::Winner(_) => mated_in(ply),
        }
    }

    /// The score of a child node, from the side that moved into it: negated only where the
    /// side to move changed (consecutive coalition plies in paranoid search keep their sign).
    #[inline(always)]
    fn child(
        &mut self,
        parent_side: Seat,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        cut_node: bool,
    ) -> Score {
        if self.mover_side() == parent_side {
            self.search(depth, ply, alpha, beta, cut_node)
        } else {
            -self.search(depth, ply, -beta, -alpha, cut_node)
        }
    }

    #[inline(always)]
    fn child_quiescence(
        &mut self,
        parent_side: Seat,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if self.mover_side() == parent_side {
            self.quiescence(ply, alpha, beta)
        } else {
            -self.quiescence(ply, -beta, -alpha)
        }
    }

    /// The side to move has no move and withdraws: the game goes on from the same depth (a
    /// withdrawal is not a move). A game that cannot withdraw counts it as a draw.
    fn after_withdrawal(
        &mut self,
        depth: Option<i32>,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let side = self.mover_side();
        let key = self.game.key();
        let Some(undo) = self.game.make_withdrawal() else {
            return self.draw_score();
        };
        self.keys.push(key);
        let score = match depth {
            Some(d) => self.child(side, d, ply, alpha, beta, false),
            None => self.child_quiescence(side, ply, alpha, beta),
        };
        self.keys.pop();
        self.game.unmake_withdrawal(undo);
        score
    }

    /// Where the side to move's history table starts.
    #[inline(always)]
    fn history_offset(&self) -> usize {
        if self.seat_history {
            self.game.to_move() as usize * G::HISTORY_SLOTS
        } else {
            0
        }
    }

    /// A repetition inside the search tree, or a third occurrence counting the game before:
    /// how many plies ago the position first stood (for [`Game::repetition_outcome`]).
    fn repetition(&self) -> Option<usize> {
        crate::core::path_repetition(&self.game, &self.keys, self.root_index)
    }

    #[inline]
    fn play(&mut self, m: G::Move) -> G::Undo {
        self.keys.push(self.game.key());
        let undo = self.game.make(m);
        // The child probes the table after its draw and repetition tests: start the load now.
        self.tt.prefetch(self.game.key() ^ self.salt);
        undo
    }

    #[inline]
    fn take_back(&mut self, m: G::Move, undo: G::Undo) {
        self.game.unmake(m, undo);
        self.keys.pop();
    }

    /// Whether `m` leaves the opponent in check (or whatever the game finds urgent).
    fn gives_check(&mut self, m: G::Move) -> bool {
        let undo = self.game.make(m);
        let check = self.game.urgent();
        self.game.unmake(m, undo);
        check
    }

    fn tt_move(&self, bits: u32, moves: &MoveList<G::Move>) -> Option<G::Move> {
        if bits == 0 {
            return None;
        }
        let m = G::Move::from_bits(bits);
        // A hash collision may hand us a move of another position: only trust a legal one.
        moves.contains(&m).then_some(m)
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
        let side = self.mover_side();
        for i in first..self.root_moves.len() {
            let m = self.root_moves[i].m;
            let noisy = self.game.is_noisy(m);
            let undo = self.play(m);
            let gives_check = self.game.urgent();
            let new_depth = depth - 1;
            let mut score;
            if i == first {
                score = self.child(side, new_depth, 1, alpha, beta, false);
            } else {
                let reduce = if depth >= self.params.lmr_min_depth
                    && i >= first + 3
                    && !noisy
                    && !in_check
                    && !gives_check
                {
                    1
                } else {
                    0
                };
                score = self.child(side, new_depth - reduce, 1, alpha, alpha + 1, true);
                if score > alpha && reduce > 0 {
                    score = self.child(side, new_depth, 1, alpha, alpha + 1, true);
                }
                if score > alpha && score < beta {
                    score = self.child(side, new_depth, 1, alpha, beta, false);
                }
            }
            self.take_back(m, undo);
            let rm = &mut self.root_moves[i];
            if self.aborted {
                return best;
            }
            if i == first || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.stack[1].pv);
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
                self.tt.store(
                    self.game.key() ^ self.salt,
                    0,
                    rm.m.to_bits(),
                    best,
                    depth,
                    bound,
                );
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
        self.stack[ply].pv.clear();
        if self.should_abort() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = self.game.decided() {
            return self.outcome_score(o, ply);
        }
        if self.persp.root_out(&self.game) {
            return self.root_lost_score(ply);
        }
        if let Some(cycle) = self.repetition() {
            return match self.game.repetition_outcome(cycle) {
                Some(o) => self.outcome_score(o, ply),
                None => self.draw_score(),
            };
        }
        if self.game.drawn_by_rule() {
            return self.draw_score();
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        // The side to move wins one move from now at best, unless being stuck can win at once.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + usize::from(!G::STUCK_CAN_WIN)));
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

        let params = self.params;
        let side = self.mover_side();
        let key = self.game.key() ^ self.salt;
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

        let mut moves = MoveList::new();
        self.game.generate(Scope::All, &mut moves);
        if moves.is_empty() {
            return match self.game.no_moves() {
                NoMoves::Ends(o) => self.outcome_score(o, ply),
                NoMoves::Withdraws => self.after_withdrawal(Some(depth), ply, alpha, beta),
            };
        }
        let tt_move = probe.and_then(|p| self.tt_move(p.move_bits, &moves));
        // Without a hash move this node was never searched: a shallower look is enough.
        if tt_move.is_none() && depth >= params.iid_min_depth && (pv_node || cut_node) {
            depth -= 1;
        }
        let killers = self.stack[ply].killers;
        let history_offset = self.history_offset();
        let mut entries = MoveList::new();
        let mut picker = MovePicker::new(
            &mut entries,
            &self.game,
            &moves,
            tt_move,
            &killers,
            &self.history[history_offset..history_offset + G::HISTORY_SLOTS],
            true,
        );

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move: Option<G::Move> = None;
        let mut searched = 0usize;
        let mut quiets_tried: MoveList<G::Move> = MoveList::new();
        let late_move_limit =
            (params.late_move_base + depth * depth) as usize / if improving { 1 } else { 2 };

        while let Some(m) = picker.next_move() {
            let noisy = self.game.is_noisy(m);
            if !pv_node && !in_check && best_score > -MATE_BOUND {
                if !noisy {
                    let late = depth <= params.late_move_max_depth && searched >= late_move_limit;
                    let futile = depth <= params.futility_max_depth
                        && eval + params.futility_base + params.futility_margin * depth <= alpha;
                    // A quiet check can start a mating attack that no static margin foresees.
                    if (late || futile) && (params.prune_quiet_checks || !self.gives_check(m)) {
                        continue;
                    }
                } else if depth <= params.see_prune_max_depth {
                    let threshold = -params.see_prune_margin * depth;
                    // The picker's test at 0 already answers a threshold at or below 0.
                    let passes = (threshold <= 0 && picker.won_exchange())
                        || self.game.see_at_least(m, threshold);
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
                    r = self.lmr[depth.min(63) as usize][searched.min(63)];
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

        if let Some(bm) = best_move {
            if best_score >= beta && !self.game.is_noisy(bm) {
                let k = &mut self.stack[ply].killers;
                if k[0] != Some(bm) {
                    k[1] = k[0];
                    k[0] = Some(bm);
                }
                let bonus =
                    (depth * depth * params.history_bonus_scale).min(params.history_bonus_max);
                let slot = history_offset + self.game.history_slot(bm);
                update_history(&mut self.history[slot], bonus);
                for &q in quiets_tried.iter() {
                    if q != bm {
                        let slot = history_offset + self.game.history_slot(q);
                        update_history(&mut self.history[slot], -bonus);
                    }
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

    /// Resolves captures (and check evasions) until the position is quiet.
    fn quiescence(&mut self, ply: usize, mut alpha: Score, beta: Score) -> Score {
        let pv_node = beta - alpha > 1;
        self.stack[ply].pv.clear();
        if self.should_abort() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = self.game.decided() {
            return self.outcome_score(o, ply);
        }
        if self.persp.root_out(&self.game) {
            return self.root_lost_score(ply);
        }
        if self.game.drawn_by_rule() {
            return self.draw_score();
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }
        let side = self.mover_side();
        let key = self.game.key() ^ self.salt;
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
            let stand_pat = self.corrected_eval();
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
            if !in_check {
                return best;
            }
            return match self.game.no_moves() {
                NoMoves::Ends(o) => self.outcome_score(o, ply),
                NoMoves::Withdraws => self.after_withdrawal(None, ply, alpha, beta),
            };
        }
        let tt_move = probe.and_then(|p| self.tt_move(p.move_bits, &moves));
        let no_killers = [None, None];
        let mut entries = MoveList::new();
        let history_offset = self.history_offset();
        let mut picker = MovePicker::new(
            &mut entries,
            &self.game,
            &moves,
            tt_move,
            &no_killers,
            &self.history[history_offset..history_offset + G::HISTORY_SLOTS],
            false,
        );
        let original_alpha = alpha;
        let mut best_move = None;
        while let Some(m) = picker.next_move() {
            if !in_check && !self.game.see_at_least(m, 0) {
                continue;
            }
            let undo = self.play(m);
            let score = self.child_quiescence(side, ply + 1, alpha, beta);
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
