//! Max-n (Luckhardt & Irani 1986) with shallow pruning (Korf 1991): every player maximises its
//! own component of a score vector.
//!
//! The vector is a bounded share: every component is at least 0 and the components sum to at
//! most [`SHARE_SUM`], which is what makes shallow pruning sound. At a leaf the evaluator's
//! per-seat scores become shares of the active seats (`t = score - lowest + 1`, share `t * SUM /
//! sum of t`, capped below a win); a win is worth `SUM - ply` to the winner and nothing to the
//! others, a draw splits `SUM` among the seats that share it. Ties go to the move generated
//! first, and pruning never changes the value (it only skips children the parent's mover
//! already does strictly better than).

use super::{deepen, legal_moves, Budget, Iteration};
use crate::core::{
    mate_in, Evaluator, Game, NoMoves, Outcome, Score, SeatScores, MAX_PLY, MAX_SEATS,
};
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

/// The evaluator's per-seat scores as shares of the active seats.
pub fn heuristic_shares<G: Game, E: Evaluator<G>>(g: &G, eval: &E) -> SeatScores {
    let raw = eval.evaluate_seats(g);
    let active = g.active();
    let lowest = active.iter().map(|s| raw[s as usize]).min().unwrap_or(0) as i64;
    let lifted: Vec<(usize, i64)> = active
        .iter()
        .map(|s| (s as usize, raw[s as usize] as i64 - lowest + 1))
        .collect();
    let total: i64 = lifted.iter().map(|&(_, t)| t).sum::<i64>().max(1);
    let mut v = [0; MAX_SEATS];
    for (s, t) in lifted {
        v[s] = ((t * SHARE_SUM as i64 / total) as Score).min(HEURISTIC_CAP);
    }
    v
}

struct MaxN<'a, 'b, G: Game, E: Evaluator<G>> {
    game: G,
    eval: &'a E,
    budget: &'a mut Budget<'b>,
    pv: Vec<Vec<G::Move>>,
}

impl<G: Game, E: Evaluator<G>> MaxN<'_, '_, G, E> {
    /// The node's vector. `parent` is the seat that moved into this node with the best share it
    /// already has elsewhere: once this node's mover is sure of so much that the parent's share
    /// here must fall strictly below it, the rest is skipped.
    fn value(&mut self, depth: i32, ply: usize, parent: Option<(usize, Score)>) -> SeatScores {
        self.pv[ply].clear();
        if self.budget.tick() {
            return [0; MAX_SEATS];
        }
        if let Some(o) = self.game.decided() {
            return outcome_shares(o, ply);
        }
        if self.game.drawn_by_rule() {
            return outcome_shares(Outcome::Draw(self.game.active()), ply);
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return heuristic_shares(&self.game, self.eval);
        }
        let moves = legal_moves(&self.game);
        if moves.is_empty() {
            return match self.game.no_moves() {
                NoMoves::Ends(o) => outcome_shares(o, ply),
                NoMoves::Withdraws => match self.game.make_withdrawal() {
                    Some(undo) => {
                        let v = self.value(depth, ply, parent);
                        self.game.unmake_withdrawal(undo);
                        v
                    }
                    None => outcome_shares(Outcome::Draw(self.game.active()), ply),
                },
            };
        }
        let me = self.game.to_move() as usize;
        let mut best: Option<SeatScores> = None;
        for &m in moves.iter() {
            let undo = self.game.make(m);
            let bound = best.map(|b| (me, b[me]));
            let v = self.value(depth - 1, ply + 1, bound);
            self.game.unmake(m, undo);
            if self.budget.aborted() {
                return [0; MAX_SEATS];
            }
            if best.is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(m);
                head[ply].extend_from_slice(&tail[0]);
            }
            if let (Some(b), Some((p, p_best))) = (best, parent) {
                if p != me && SHARE_SUM - b[me] < p_best {
                    break;
                }
            }
        }
        best.unwrap_or([0; MAX_SEATS])
    }

    fn root(&mut self, depth: i32, root_moves: &[G::Move]) -> Option<Iteration<G::Move>> {
        let me = self.game.to_move() as usize;
        let mut best: Option<(G::Move, SeatScores, Vec<G::Move>)> = None;
        for &m in root_moves {
            let undo = self.game.make(m);
            let v = self.value(depth - 1, 1, None);
            self.game.unmake(m, undo);
            if self.budget.aborted() {
                return None;
            }
            if best.as_ref().is_none_or(|(_, b, _)| v[me] > b[me]) {
                let mut line = vec![m];
                line.extend_from_slice(&self.pv[1]);
                best = Some((m, v, line));
            }
        }
        best.map(|(m, v, pv)| Iteration {
            best: m,
            score: v[me],
            vector: Some(v),
            pv,
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

/// Max-n to the request's limits. Root moves are searched in the order given (the generation
/// order when no `searchmoves` restrict them), which is the tie-break of the model.
pub fn search<G: Game, E: Evaluator<G>>(
    request: SearchRequest<'_, G>,
    eval: &E,
    report: &mut dyn FnMut(&Report),
) -> SearchResult<G::Move> {
    let root_moves = request.root_moves.clone();
    let game = request.game.clone();
    let leaf = |_: &[G::Move]| [0; MAX_SEATS];
    deepen(&request, report, report_score, &leaf, |depth, budget, _| {
        let mut search = MaxN {
            game: game.clone(),
            eval,
            budget,
            pv: vec![Vec::new(); MAX_PLY + 2],
        };
        search.root(depth, &root_moves)
    })
}
