//! Max-n (Luckhardt & Irani 1986) with shallow pruning (Korf 1991): every player maximises its
//! own component of a score vector.
//!
//! The vector is a bounded share: every component is at least 0 and the components sum to at
//! most [`SHARE_SUM`], which is what makes shallow pruning sound. At a leaf the evaluator's
//! per-seat scores become shares of the active seats (`t = score - lowest + 1`, share `t * SUM /
//! sum of t`, capped below a win); a win is worth `SUM - ply` to the winner and nothing to the
//! others, a draw splits `SUM` among the seats that share it. Ties go to the move generated
//! first whatever order the moves are searched in, and pruning never changes the value (it
//! only skips children the parent's mover already does strictly better than).
//!
//! Moves are searched in [`MoveOrder`]'s order (the table's move, captures, killers, history
//! per seat); beyond the horizon a short quiescence over noisy moves lets each mover take a
//! capture or the static vector. The table keeps every node's best move, and its vector only
//! when the node was searched to the end: a node cut by shallow pruning returned a bound.

use super::contempt::DrawPenalty;
use super::move_order::MoveOrder;
use super::path::PathKeys;
use super::{deepen_in_threads, legal_moves, Budget, Iteration, MoveResult, RootWork};
use crate::core::{
    mate_in, Evaluator, Game, GameMove, MoveList, NoMoves, Outcome, Scope, Score, SeatScores,
    MAX_PLY, MAX_SEATS,
};
use crate::search::limits::MultiplayerSearch;
use crate::search::node_table::{Known, NodeTable};
use crate::search::searcher::NodeTableOwner;
use crate::search::{Report, SearchRequest, SearchResult};

/// What all shares of a node add up to at most.
pub const SHARE_SUM: Score = 10_000;
/// No heuristic share comes this close to a win.
const HEURISTIC_CAP: Score = SHARE_SUM - 2 * MAX_PLY as Score;

/// The vector of a finished game.
pub fn outcome_shares(outcome: Outcome, ply: usize) -> SeatScores {
    let mut v = [0; MAX_SEATS];
    match outcome {
        Outcome::Winner(w) => v[w as usize] = SHARE_SUM - ply as Score,
        Outcome::Draw(seats) => {
            for s in seats.iter() {
                v[s as usize] = SHARE_SUM / seats.len() as Score;
            }
        }
    }
    v
}

/// The evaluator's per-seat scores as shares of the active seats (of less than all of
/// [`SHARE_SUM`] where the game's `share_softness` holds some back).
pub fn heuristic_shares<G: Game, E: Evaluator<G>>(g: &G, eval: &E) -> SeatScores {
    let raw = eval.evaluate_seats(g);
    let active = g.active();
    let lowest = active.iter().map(|s| raw[s as usize]).min().unwrap_or(0) as i64;
    let lifted: Vec<(usize, i64)> = active
        .iter()
        .map(|s| (s as usize, raw[s as usize] as i64 - lowest + 1))
        .collect();
    let softness = g.search_params().share_softness.max(0) as i64;
    let total: i64 = (lifted.iter().map(|&(_, t)| t).sum::<i64>() + softness).max(1);
    let mut v = [0; MAX_SEATS];
    for (s, t) in lifted {
        v[s] = ((t * SHARE_SUM as i64 / total) as Score).min(HEURISTIC_CAP);
    }
    v
}

/// Plies of captures max-n looks at beyond the horizon.
const QUIESCENCE_PLIES: usize = 4;

struct MaxN<'a, 'b, G: Game, E: Evaluator<G>> {
    game: G,
    eval: &'a E,
    budget: &'a mut Budget<'b>,
    pv: Vec<Vec<G::Move>>,
    table: &'a NodeTable,
    order: &'a mut MoveOrder<G::Move>,
    path: &'a mut PathKeys,
    /// What each seat gives up from a draw (contempt per seat).
    draw: DrawPenalty,
}

/// The parent's pruning test: `parent` (a seat and the share it already has elsewhere) cannot
/// get more than what this node's mover leaves over, so once that falls strictly below, the
/// parent never picks this node whatever the rest holds.
#[inline]
fn parent_cuts(parent: Option<(usize, Score)>, me: usize, mine: Score) -> bool {
    parent.is_some_and(|(p, p_best)| p != me && SHARE_SUM - mine < p_best)
}

impl<'a, 'b, G: Game, E: Evaluator<G>> MaxN<'a, 'b, G, E> {
    fn new(
        game: &G,
        eval: &'a E,
        table: &'a NodeTable,
        order: &'a mut MoveOrder<G::Move>,
        path: &'a mut PathKeys,
        budget: &'a mut Budget<'b>,
        draw: DrawPenalty,
    ) -> Self {
        MaxN {
            game: game.clone(),
            eval,
            budget,
            pv: vec![Vec::new(); MAX_PLY + 2],
            table,
            order,
            path,
            draw,
        }
    }

    /// A finished game's vector, a draw less each seat's contempt.
    fn outcome(&self, outcome: Outcome, ply: usize) -> SeatScores {
        let v = outcome_shares(outcome, ply);
        match outcome {
            Outcome::Draw(_) => self.draw.apply(v),
            Outcome::Winner(_) => v,
        }
    }

    fn keep_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The node's vector. `parent` is the seat that moved into this node with the best share it
    /// already has elsewhere: once this node's mover is sure of so much that the parent's share
    /// here must fall strictly below it, the rest is skipped (and the vector is only a bound,
    /// which the parent never picks).
    fn value(&mut self, depth: i32, ply: usize, parent: Option<(usize, Score)>) -> SeatScores {
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiescence(ply, 0, parent);
        }
        self.pv[ply].clear();
        if self.budget.tick() {
            return [0; MAX_SEATS];
        }
        if let Some(o) = self.game.decided() {
            return self.outcome(o, ply);
        }
        if let Some(cycle) = self.path.repetition(&self.game) {
            let o = self
                .game
                .repetition_outcome(cycle)
                .unwrap_or(Outcome::Draw(self.game.active()));
            return self.outcome(o, ply);
        }
        if self.game.drawn_by_rule() {
            return self.outcome(Outcome::Draw(self.game.active()), ply);
        }
        let key = self.game.key();
        let entry = self.table.probe(key);
        if let Some(e) = entry {
            if e.known == Known::Vector && e.depth as i32 >= depth {
                return e.vector(ply, HEURISTIC_CAP);
            }
        }
        let moves = legal_moves(&self.game);
        if moves.is_empty() {
            return match self.game.no_moves() {
                NoMoves::Ends(o) => self.outcome(o, ply),
                NoMoves::Withdraws => match self.game.make_withdrawal() {
                    Some(undo) => {
                        let v = self.value(depth, ply, parent);
                        self.game.unmake_withdrawal(undo);
                        v
                    }
                    None => self.outcome(Outcome::Draw(self.game.active()), ply),
                },
            };
        }
        let table_move =
            entry.and_then(|e| moves.iter().copied().find(|m| m.to_bits() == e.move_bits));
        let me = self.game.to_move() as usize;
        // The best vector, its move and that move's place in generation order (the tie-break).
        let mut best: Option<(SeatScores, G::Move, usize)> = None;
        let mut cut = false;
        let mut tried: MoveList<G::Move> = MoveList::new();
        for (m, index) in self
            .order
            .sorted(&self.game, moves.as_slice(), table_move, ply)
        {
            self.path.push(&self.game);
            let undo = self.game.make(m);
            let bound = best.map(|(b, _, _)| (me, b[me]));
            let v = self.value(depth - 1, ply + 1, bound);
            self.game.unmake(m, undo);
            self.path.pop();
            if self.budget.aborted() {
                return [0; MAX_SEATS];
            }
            let better =
                best.is_none_or(|(b, _, i)| v[me] > b[me] || (v[me] == b[me] && index < i));
            if better {
                best = Some((v, m, index));
                self.keep_pv(ply, m);
            }
            if best.is_some_and(|(b, _, _)| parent_cuts(parent, me, b[me])) {
                cut = true;
                break;
            }
            tried.push(m);
        }
        let Some((vector, m, _)) = best else {
            return [0; MAX_SEATS];
        };
        self.order
            .reward(&self.game, m, ply, depth, tried.as_slice());
        // A node that stopped early holds a bound, not its value: keep only its move.
        let exact = (!cut).then_some(vector);
        self.table
            .store_vector(key, ply, m.to_bits(), depth, exact, HEURISTIC_CAP);
        vector
    }

    /// Beyond the horizon: the mover takes the static vector or plays a noisy move, whichever
    /// gives it the larger share (the static vector on ties), for a few plies.
    fn quiescence(
        &mut self,
        ply: usize,
        qply: usize,
        parent: Option<(usize, Score)>,
    ) -> SeatScores {
        self.pv[ply].clear();
        if self.budget.tick() {
            return [0; MAX_SEATS];
        }
        if let Some(o) = self.game.decided() {
            return self.outcome(o, ply);
        }
        if self.game.drawn_by_rule() {
            return self.outcome(Outcome::Draw(self.game.active()), ply);
        }
        let mut best = heuristic_shares(&self.game, self.eval);
        if qply >= QUIESCENCE_PLIES || ply >= MAX_PLY - 2 {
            return best;
        }
        let me = self.game.to_move() as usize;
        if parent_cuts(parent, me, best[me]) {
            return best;
        }
        let mut noisy = MoveList::new();
        self.game.generate(Scope::Noisy, &mut noisy);
        let mut ordered: Vec<(Score, G::Move)> = noisy
            .iter()
            .map(|&m| (self.game.noisy_order(m), m))
            .collect();
        ordered.sort_by_key(|&(order, _)| std::cmp::Reverse(order));
        for (_, m) in ordered {
            let undo = self.game.make(m);
            let v = self.quiescence(ply + 1, qply + 1, Some((me, best[me])));
            self.game.unmake(m, undo);
            if self.budget.aborted() {
                return [0; MAX_SEATS];
            }
            if v[me] > best[me] {
                best = v;
                self.keep_pv(ply, m);
            }
            if parent_cuts(parent, me, best[me]) {
                break;
            }
        }
        best
    }

    /// Root move `m` at `depth`: its vector and line. `floor` is the root mover's best share
    /// elsewhere, below which the search may prune.
    fn root_move(
        &mut self,
        depth: i32,
        m: G::Move,
        floor: Option<Score>,
    ) -> Option<MoveResult<G::Move>> {
        let me = self.game.to_move() as usize;
        self.path.push(&self.game);
        let undo = self.game.make(m);
        let v = self.value(depth - 1, 1, floor.map(|f| (me, f)));
        self.game.unmake(m, undo);
        self.path.pop();
        if self.budget.aborted() {
            return None;
        }
        let mut pv = vec![m];
        pv.extend_from_slice(&self.pv[1]);
        Some(MoveResult {
            score: v[me],
            vector: Some(v),
            pv,
        })
    }

    /// One iteration: the previous best first, the earliest of the best root moves chosen.
    fn root(
        &mut self,
        depth: i32,
        root_moves: &[G::Move],
        previous: Option<G::Move>,
    ) -> Option<Iteration<G::Move>> {
        // The best so far and its place in the root order.
        let mut best: Option<(MoveResult<G::Move>, usize)> = None;
        for (m, index) in self.order.sorted(&self.game, root_moves, previous, 0) {
            let floor = best.as_ref().map(|(b, _)| b.score);
            let found = self.root_move(depth, m, floor)?;
            let better = best.as_ref().is_none_or(|(b, i)| {
                found.score > b.score || (found.score == b.score && index < *i)
            });
            if better {
                best = Some((found, index));
            }
        }
        best.map(|(b, _)| Iteration {
            best: b.pv[0],
            score: b.score,
            vector: b.vector,
            pv: b.pv,
        })
    }
}

/// `info` shows the mover's share above or below an even split, or a win's distance.
fn report_score<M>(it: &Iteration<M>) -> Score {
    let Some(v) = it.vector else {
        return it.score;
    };
    if it.score > HEURISTIC_CAP {
        return mate_in((SHARE_SUM - it.score) as usize);
    }
    let shared = v.iter().filter(|&&s| s > 0).count().max(1) as Score;
    it.score - SHARE_SUM / shared
}

/// Max-n to the request's limits. Among root moves of equal value the first given wins (the
/// generation order when no `searchmoves` restrict them), whatever order they are searched in.
pub fn search<G: Game, E: Evaluator<G>>(
    request: SearchRequest<'_, G>,
    eval: &E,
    report: &mut dyn FnMut(&Report),
) -> SearchResult<G::Move> {
    let root_moves = request.root_moves.clone();
    let game = request.game.clone();
    let leaf = |_: &[G::Move]| [0; MAX_SEATS];
    // Kept by the searcher: every iteration, and every search after this one, starts from
    // what the previous ones learnt.
    let owner = NodeTableOwner {
        algorithm: MultiplayerSearch::MaxN,
        eval_salt: eval.key_salt(),
    };
    let table = request.searcher.take_node_table(owner);
    let draw = DrawPenalty::new(
        &game.search_params(),
        &heuristic_shares(&game, eval),
        game.active(),
    );
    let result = deepen_in_threads(
        &request,
        report,
        report_score,
        &leaf,
        RootWork {
            new_state: &|| (MoveOrder::new(&game), PathKeys::new(request.history)),
            iteration: &|(order, path), depth, budget, previous| {
                MaxN::new(&game, eval, &table, order, path, budget, draw).root(
                    depth,
                    &root_moves,
                    previous,
                )
            },
            order_root: &|(order, _), previous| order.sorted(&game, &root_moves, previous, 0),
            search_move: &|(order, path), depth, m, floor, budget| {
                MaxN::new(&game, eval, &table, order, path, budget, draw).root_move(depth, m, floor)
            },
        },
    );
    request.searcher.put_node_table(owner, table);
    result
}
