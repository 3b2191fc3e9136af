//! One search thread: principal variation search with quiescence, pruning and reductions,
//! generic over the game. Lazy SMP runs several of these over one shared table.

use super::control::Control;
use super::correction::CorrectionHistory;
use super::eval_cache::EvalCache;
use super::exchange::ExchangeTest;
use super::node_count::NodeCount;
use super::ordering::HistoryChange;
use super::perspective::{Perspective, TwoSided};
use super::report::{ReportScore, RootLine};
use super::searcher::{LmrTable, ThreadState};
use super::stack::SearchStack;
use super::tt::{Bound, TranspositionTable};
use crate::core::{
    mate_in, mated_in, Evaluator, Game, GameMove, MoveList, Outcome, PickScores, Score,
    SearchParams, Seat, DRAW, INFINITE, MATE_BOUND, MAX_PLY,
};
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the search goes on after a withdrawal: at a depth, or in quiescence at a ply of it.
#[derive(Clone, Copy)]
pub(super) enum Resume {
    Depth(i32),
    Quiescence(usize),
}

/// A root move with what the last iteration learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub m: M,
    pub score: Score,
    pub pv: Vec<M>,
    pub seldepth: usize,
}

impl<M: Copy> RootMove<M> {
    /// The line as an exact report shows it; None before it has an exact score.
    pub fn exact_line(&self) -> Option<RootLine<M>> {
        if self.score <= -INFINITE {
            return None;
        }
        Some(RootLine {
            first: *self.pv.first()?,
            reply: self.pv.get(1).copied(),
            score: ReportScore::from_score(self.score),
        })
    }
}

pub struct Worker<'a, G: Game, E: Evaluator<G>, P: Perspective = TwoSided> {
    pub game: G,
    pub(super) eval: &'a E,
    pub(super) tt: &'a TranspositionTable,
    pub(super) shared_nodes: &'a AtomicU64,
    pub control: Control<'a>,
    /// This thread's nodes, and when its stop checks fall.
    pub(super) nodes: NodeCount,
    pub seldepth: usize,
    pub(super) aborted: bool,
    /// Keys of the positions before the current one: the game so far, then the search path.
    pub(super) keys: Vec<u64>,
    pub(super) root_index: usize,
    pub(super) persp: P,
    /// Mixed into table and cache keys (scores differ between perspectives).
    pub(super) salt: u64,
    /// The game's search constants ([`SearchHints::search_params`](crate::core::SearchHints::search_params)), fixed for the worker's life.
    pub params: SearchParams,
    /// History scores, one table per seat in games of more than two seats (in two-seat games
    /// a from-to slot already belongs to the side owning the piece that moves).
    pub(super) history: Vec<i32>,
    pub(super) seat_history: bool,
    /// The history's changes since the current root move began, where the game defers its
    /// quiet moves' scores (`SearchHints::DEFER_QUIET_SCORES`): the pickers still waiting to
    /// score them undo the changes made since they were made.
    pub(super) history_changes: Vec<HistoryChange>,
    pub(super) stack: SearchStack<G::Move>,
    pub(super) lmr: LmrTable,
    pub(super) eval_cache: EvalCache,
    /// The learnt corrections of the static evaluation, where the game searches with them.
    pub(super) correction: Option<CorrectionHistory>,
    /// Corrections kept for another game's search (this one's does without).
    parked_correction: Option<CorrectionHistory>,
    pub root_moves: Vec<RootMove<G::Move>>,
}

/// The contempt a root player's static score adds ([`SearchParams::contempt_share`]).
pub(crate) fn standing_contempt(params: &SearchParams, root_score: Score) -> Score {
    (root_score * params.contempt_share / 100).clamp(-params.contempt_max, params.contempt_max)
}

/// The root player's whole contempt for one search: the game's, the standing's, and
/// [`SearchParams::contempt_many`] while `active` (three or more) play.
pub(crate) fn search_contempt(params: &SearchParams, root_score: Score, active: usize) -> Score {
    let many = if active >= 3 { params.contempt_many } else { 0 };
    params.contempt + standing_contempt(params, root_score) + many
}

impl<'a, G: Game, E: Evaluator<G>, P: Perspective> Worker<'a, G, E, P> {
    /// Whether the main search's pickers defer the quiet moves' scores (they need the kept
    /// scores to find the waiting moves).
    pub(super) const DEFER_QUIETS: bool = G::DEFER_QUIET_SCORES && G::PickScores::KEPT;

    #[allow(clippy::too_many_arguments)]
    pub fn new(
        persp: P,
        game: G,
        game_history: &[u64],
        root_moves: &[G::Move],
        eval: &'a E,
        tt: &'a TranspositionTable,
        shared_nodes: &'a AtomicU64,
        control: Control<'a>,
        kept: Option<ThreadState>,
    ) -> Self {
        let mut params = eval.search_params(game.search_params());
        if params.contempt_share != 0 || params.contempt_many != 0 {
            params.contempt = search_contempt(&params, eval.evaluate(&game), game.active().len());
        }
        let seat_history = game.seats() > 2;
        let history_tables = if seat_history { game.seats() } else { 1 };
        let history_len = G::HISTORY_SLOTS * history_tables;
        let state = ThreadState::for_search(kept, &params, game.seats(), history_len);
        let (correction, parked_correction) = if params.correction_history {
            (state.correction, None)
        } else {
            (None, state.correction)
        };
        let mut keys = Vec::with_capacity(game_history.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_history);
        Worker {
            game,
            eval,
            tt,
            shared_nodes,
            control,
            nodes: NodeCount::default(),
            seldepth: 0,
            aborted: false,
            root_index: keys.len(),
            persp,
            salt: persp.key_salt() ^ eval.key_salt(),
            keys,
            params,
            history: state.history,
            seat_history,
            history_changes: Vec::new(),
            stack: SearchStack::new(),
            lmr: state.lmr,
            eval_cache: state.eval_cache,
            correction,
            parked_correction,
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

    /// What this worker learnt, for the thread's next search.
    pub fn into_state(self) -> ThreadState {
        ThreadState {
            history: self.history,
            correction: self.correction.or(self.parked_correction),
            eval_cache: self.eval_cache,
            lmr: self.lmr,
        }
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Publishes the node count and decides whether to stop; cheap except every 256 nodes (slow games too must stop on time).
    #[inline]
    pub(super) fn should_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.nodes.count() {
            return false;
        }
        self.flush_nodes();
        self.aborted = self
            .control
            .must_stop(self.shared_nodes.load(Ordering::Relaxed));
        self.aborted
    }

    pub fn flush_nodes(&mut self) {
        self.nodes.publish(self.shared_nodes);
    }

    /// The static evaluation, remembered by position key (`EvalCache`).
    #[inline]
    pub(super) fn static_eval(&mut self) -> Score {
        let key = self.game.key() ^ self.salt;
        if let Some(score) = self.eval_cache.get(key) {
            return score;
        }
        let score = self.persp.evaluate(self.eval, &self.game);
        self.eval_cache.put(key, score);
        score
    }

    /// `raw` with the learnt correction, where the game searches with one.
    #[inline(always)]
    pub(super) fn corrected(&self, raw: Score) -> Score {
        match &self.correction {
            Some(c) => c.corrected(self.game.to_move(), self.game.correction_key(), raw),
            None => raw,
        }
    }

    /// The static evaluation with the learnt correction, where the game searches with one.
    #[inline]
    pub(super) fn corrected_eval(&mut self) -> Score {
        let raw = self.static_eval();
        self.corrected(raw)
    }

    /// Teaches the correction history what a search of `depth` plies found here: `score` of
    /// bound `bound` where the corrected static evaluation said `static_eval`. A bound on the
    /// wrong side of the evaluation says nothing about its error, and a noisy best move's gain
    /// is not the evaluation's to foresee.
    pub(super) fn learn_correction(
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
    pub(super) fn mover_side(&self) -> Seat {
        self.persp.side(self.game.to_move())
    }

    /// Whether the side to move plays for the root.
    #[inline(always)]
    pub(super) fn root_to_move(&self) -> bool {
        self.mover_side() == self.persp.side(self.persp.root())
    }

    /// Whether a principal-variation node here prunes its moves as a zero-window node does:
    /// the coalition's node of a paranoid search while at least
    /// [`SearchParams::coalition_pv_pruning_from`] players are in.
    #[inline]
    pub(super) fn coalition_prunes_pv(&self) -> bool {
        P::COALITION
            && !self.root_to_move()
            && self
                .params
                .coalition_pv_pruning_from
                .is_some_and(|n| self.game.active().len() >= n)
    }

    /// The exchange the side to move's noisy moves are judged by: the root player's against
    /// every other player; an opponent's, where the others play as one coalition, against the
    /// root player alone.
    #[inline(always)]
    pub(super) fn exchange_test(&self) -> ExchangeTest {
        if P::COALITION && !self.root_to_move() {
            ExchangeTest::AgainstRoot(self.persp.root())
        } else {
            ExchangeTest::AgainstAll
        }
    }

    /// A draw as the searching side sees it: `contempt` below even for the side the engine
    /// plays (the root's side), as much above it for the opponents.
    #[inline]
    pub(super) fn draw_score(&self) -> Score {
        let c = self.params.contempt;
        if self.root_to_move() {
            -c
        } else {
            c
        }
    }

    /// The root's loss, seen by the side to move.
    pub(super) fn root_lost_score(&self, ply: usize) -> Score {
        if self.root_to_move() {
            mated_in(ply)
        } else {
            mate_in(ply)
        }
    }

    pub(super) fn outcome_score(&self, outcome: Outcome, ply: usize) -> Score {
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
    pub(super) fn child(
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
    pub(super) fn child_quiescence(
        &mut self,
        parent_side: Seat,
        ply: usize,
        qply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if self.mover_side() == parent_side {
            self.quiescence(ply, qply, alpha, beta)
        } else {
            -self.quiescence(ply, qply, -beta, -alpha)
        }
    }

    /// The side to move has no move and withdraws: the game goes on from the same depth (a
    /// withdrawal is not a move). A game that cannot withdraw counts it as a draw.
    pub(super) fn after_withdrawal(
        &mut self,
        resume: Resume,
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
        let score = match resume {
            Resume::Depth(d) => self.child(side, d, ply, alpha, beta, false),
            Resume::Quiescence(qply) => self.child_quiescence(side, ply, qply, alpha, beta),
        };
        self.keys.pop();
        self.game.unmake_withdrawal(undo);
        score
    }

    /// Where the side to move's history table starts.
    #[inline(always)]
    pub(super) fn history_offset(&self) -> usize {
        if self.seat_history {
            self.game.to_move() as usize * G::HISTORY_SLOTS
        } else {
            0
        }
    }

    /// What every node does first: clears its line, counts itself, and scores it at once
    /// where the search ends here (stopped, game decided, the root player out, a repetition
    /// when `repetitions` are looked for, a draw by rule, the deepest ply).
    #[inline(always)]
    pub(super) fn enter_node(&mut self, ply: usize, repetitions: bool) -> Option<Score> {
        self.stack[ply].pv.clear();
        if self.should_abort() {
            return Some(DRAW);
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = self.game.decided() {
            return Some(self.outcome_score(o, ply));
        }
        if self.persp.root_out(&self.game) {
            return Some(self.root_lost_score(ply));
        }
        if repetitions {
            if let Some(cycle) = self.repetition() {
                return Some(match self.game.repetition_outcome(cycle) {
                    Some(o) => self.outcome_score(o, ply),
                    None => self.draw_score(),
                });
            }
        }
        if self.game.drawn_by_rule() {
            return Some(self.draw_score());
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.static_eval());
        }
        None
    }

    /// A repetition inside the search tree, or a third occurrence counting the game before:
    /// how many plies ago the position first stood (for [`Rules::repetition_outcome`](crate::core::Rules::repetition_outcome)).
    pub(super) fn repetition(&self) -> Option<usize> {
        crate::core::path_repetition(&self.game, &self.keys, self.root_index)
    }

    #[inline]
    pub(super) fn play(&mut self, m: G::Move) -> G::Undo {
        self.keys.push(self.game.key());
        // The child probes the table (and the evaluation cache) soon after it starts: where
        // the game foresees its key, both loads start before `make` and overlap its work.
        let foreseen = self.game.key_after(m);
        if let Some(key) = foreseen {
            self.tt.prefetch(key ^ self.salt);
            self.eval_cache.prefetch(key ^ self.salt);
        }
        let undo = self.game.make(m);
        let key = self.game.key();
        // Not foreseen, or foreseen wrong: the table's load starts now.
        if foreseen != Some(key) {
            self.tt.prefetch(key ^ self.salt);
        }
        undo
    }

    #[inline]
    pub(super) fn take_back(&mut self, m: G::Move, undo: G::Undo) {
        self.game.unmake(m, undo);
        self.keys.pop();
    }

    /// Whether `m` leaves the opponent in check (or whatever the game finds urgent).
    pub(super) fn gives_check(&mut self, m: G::Move) -> bool {
        let undo = self.game.make(m);
        let check = self.game.urgent();
        self.game.unmake(m, undo);
        check
    }

    pub(super) fn tt_move(&self, bits: u32, moves: &MoveList<G::Move>) -> Option<G::Move> {
        if bits == 0 {
            return None;
        }
        let m = G::Move::from_bits(bits);
        // A hash collision may hand us a move of another position: only trust a legal one.
        moves.contains(&m).then_some(m)
    }
}
