//! Best-reply search (Schadd & Winands 2011) and BRS+ (Esser et al. 2013), alpha-beta from the
//! root player's point of view.
//!
//! Between two moves of the root player there is one "reply" layer. In BRS it holds every move
//! of every opponent, each played out of turn (the others pass) and followed at once by the
//! root player again: only the single best reply of all opponents together is searched. In
//! BRS+ the opponents move in their real turn order; exactly one of them tries all its moves,
//! the others play their first move by static move ordering, so turn order and eliminations
//! stay real. Either way a reply layer costs one ply of depth.
//!
//! Scores are the root's: its static score ([`Evaluator::evaluate_seats`]), a win as `MATE -
//! ply`, a loss (another seat winning, a draw it is not part of, or being out) as its negation.

use super::{deepen, legal_moves, ordered, static_order, Budget, Iteration};
use crate::core::{
    mate_in, mated_in, Evaluator, Game, NoMoves, Outcome, Score, Seat, DRAW, INFINITE, MAX_PLY,
};
use crate::search::{leaf_scores, Report, SearchRequest, SearchResult};

struct BestReply<'a, 'b, G: Game, E: Evaluator<G>> {
    game: G,
    eval: &'a E,
    budget: &'a mut Budget<'b>,
    root: Seat,
    plus: bool,
    pv: Vec<Vec<G::Move>>,
}

impl<G: Game, E: Evaluator<G>> BestReply<'_, '_, G, E> {
    fn terminal(&self, outcome: Outcome, ply: usize) -> Score {
        match outcome {
            Outcome::Winner(s) if s == self.root => mate_in(ply),
            Outcome::Draw(seats) if seats.contains(self.root) => DRAW,
            _ => mated_in(ply),
        }
    }

    /// The value of a node settled without looking at moves: a finished game, the root out of
    /// it, or the search horizon.
    fn settled(&self, depth: Option<i32>, ply: usize) -> Option<Score> {
        if let Some(o) = self.game.decided() {
            return Some(self.terminal(o, ply));
        }
        if !self.game.active().contains(self.root) {
            return Some(mated_in(ply));
        }
        if self.game.drawn_by_rule() {
            return Some(DRAW);
        }
        if depth.is_some_and(|d| d <= 0) || ply >= MAX_PLY - 2 {
            return Some(self.eval.evaluate_seats(&self.game)[self.root as usize]);
        }
        None
    }

    /// The side to move has no move: the game's verdict, or its withdrawal and `then` on the
    /// position after it.
    fn without_moves(&mut self, ply: usize, then: impl FnOnce(&mut Self) -> Score) -> Score {
        match self.game.no_moves() {
            NoMoves::Ends(o) => self.terminal(o, ply),
            NoMoves::Withdraws => match self.game.make_withdrawal() {
                Some(undo) => {
                    let v = then(self);
                    self.game.unmake_withdrawal(undo);
                    v
                }
                None => DRAW,
            },
        }
    }

    fn keep_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// An opponent's reply `m` worth `v`: keeps it if it is the lowest yet, narrows the window;
    /// true when it refutes the root's move (a cut-off).
    fn lower(
        &mut self,
        ply: usize,
        m: G::Move,
        v: Score,
        best: &mut Score,
        alpha: Score,
        beta: &mut Score,
    ) -> bool {
        if v >= *best {
            return false;
        }
        *best = v;
        self.keep_pv(ply, m);
        *beta = (*beta).min(v);
        v <= alpha
    }

    /// The root player to move.
    fn max_node(&mut self, depth: i32, ply: usize, mut alpha: Score, beta: Score) -> Score {
        self.pv[ply].clear();
        if self.budget.tick() {
            return DRAW;
        }
        if let Some(v) = self.settled(Some(depth), ply) {
            return v;
        }
        let moves = legal_moves(&self.game);
        if moves.is_empty() {
            return self.without_moves(ply, |s| s.max_node(depth, ply, alpha, beta));
        }
        let mut best = -INFINITE;
        for m in ordered(&self.game, moves.as_slice(), None) {
            let undo = self.game.make(m);
            let v = self.reply_layer(depth - 1, ply + 1, alpha, beta);
            self.game.unmake(m, undo);
            if self.budget.aborted() {
                return DRAW;
            }
            if v > best {
                best = v;
                self.keep_pv(ply, m);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The opponents' layer after a root move; the root player's next move searches to
    /// `depth - 1`.
    fn reply_layer(&mut self, depth: i32, ply: usize, alpha: Score, beta: Score) -> Score {
        self.pv[ply].clear();
        if self.budget.tick() {
            return DRAW;
        }
        if let Some(v) = self.settled(Some(depth), ply) {
            return v;
        }
        if self.plus {
            self.in_turn(depth, ply, alpha, beta, false, false)
        } else {
            self.best_reply(depth, ply, alpha, beta)
        }
    }

    /// BRS: every move of every opponent, each followed by the root player.
    fn best_reply(&mut self, depth: i32, ply: usize, alpha: Score, mut beta: Score) -> Score {
        let seats = self.game.seats();
        let first = self.game.to_move();
        let opponents: Vec<Seat> = (0..seats)
            .map(|k| ((first as usize + k) % seats) as Seat)
            .filter(|&s| s != self.root && self.game.active().contains(s))
            .collect();
        let mut best = INFINITE;
        let mut any = false;
        for o in opponents {
            let Some(pass) = self.game.make_pass_to(o) else {
                continue;
            };
            let moves = legal_moves(&self.game);
            for m in ordered(&self.game, moves.as_slice(), None) {
                any = true;
                let undo = self.game.make(m);
                let back =
                    if self.game.decided().is_none() && self.game.active().contains(self.root) {
                        self.game.make_pass_to(self.root)
                    } else {
                        None
                    };
                let v = self.max_node(depth - 1, ply + 1, alpha, beta);
                if let Some(b) = back {
                    self.game.unmake_pass(b);
                }
                self.game.unmake(m, undo);
                if self.budget.aborted() {
                    self.game.unmake_pass(pass);
                    return DRAW;
                }
                if self.lower(ply, m, v, &mut best, alpha, &mut beta) {
                    self.game.unmake_pass(pass);
                    return best;
                }
            }
            self.game.unmake_pass(pass);
        }
        if !any {
            return self.without_moves(ply, |s| s.best_reply(depth, ply, alpha, beta));
        }
        best
    }

    /// BRS+: the opponents in turn order until the root player is to move again; `searched`
    /// once one of them has tried all its moves, `fixed` once one has played its first move by
    /// ordering. A line in which opponents moved but none searched is no line (+infinity).
    fn in_turn(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: Score,
        mut beta: Score,
        searched: bool,
        fixed: bool,
    ) -> Score {
        if let Some(v) = self.settled(None, ply) {
            return v;
        }
        if self.game.to_move() == self.root {
            if !searched && fixed {
                return INFINITE;
            }
            return self.max_node(depth - 1, ply, alpha, beta);
        }
        let moves = legal_moves(&self.game);
        if moves.is_empty() {
            return self
                .without_moves(ply, |s| s.in_turn(depth, ply, alpha, beta, searched, fixed));
        }
        let first = ordered_first(&self.game, moves.as_slice());
        let mut best = INFINITE;
        if !searched {
            for m in ordered(&self.game, moves.as_slice(), None) {
                let v = self.after(m, depth, ply, alpha, beta, true, fixed);
                if self.budget.aborted() {
                    return DRAW;
                }
                if self.lower(ply, m, v, &mut best, alpha, &mut beta) {
                    return best;
                }
            }
        }
        let v = self.after(first, depth, ply, alpha, beta, searched, true);
        if v < best {
            best = v;
            self.keep_pv(ply, first);
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn after(
        &mut self,
        m: G::Move,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        searched: bool,
        fixed: bool,
    ) -> Score {
        let undo = self.game.make(m);
        self.pv[ply + 1].clear();
        let v = self.in_turn(depth, ply + 1, alpha, beta, searched, fixed);
        self.game.unmake(m, undo);
        v
    }

    fn root_iteration(
        &mut self,
        depth: i32,
        root_moves: &[G::Move],
        previous: Option<G::Move>,
    ) -> Option<Iteration<G::Move>> {
        let mut alpha = -INFINITE;
        let mut best: Option<(G::Move, Score, Vec<G::Move>)> = None;
        for m in ordered(&self.game, root_moves, previous) {
            let undo = self.game.make(m);
            let v = self.reply_layer(depth - 1, 1, alpha, INFINITE);
            self.game.unmake(m, undo);
            if self.budget.aborted() {
                return None;
            }
            if best.as_ref().is_none_or(|(_, b, _)| v > *b) {
                let mut line = vec![m];
                line.extend_from_slice(&self.pv[1]);
                best = Some((m, v, line));
                alpha = alpha.max(v);
            }
        }
        best.map(|(m, score, pv)| Iteration {
            best: m,
            score,
            vector: None,
            pv,
        })
    }
}

/// The opponent's move BRS+ plays without searching: the first by static ordering.
fn ordered_first<G: Game>(g: &G, moves: &[G::Move]) -> G::Move {
    let mut best = moves[0];
    let mut best_order = static_order(g, best);
    for &m in &moves[1..] {
        let order = static_order(g, m);
        if order > best_order {
            best = m;
            best_order = order;
        }
    }
    best
}

/// BRS (`plus` false) or BRS+ to the request's limits.
pub fn search<G: Game, E: Evaluator<G>>(
    request: SearchRequest<'_, G>,
    eval: &E,
    report: &mut dyn FnMut(&Report),
    plus: bool,
) -> SearchResult<G::Move> {
    let root_moves = request.root_moves.clone();
    let game = request.game.clone();
    let root = game.to_move();
    let leaf = |pv: &[G::Move]| leaf_scores(&game, pv, eval);
    deepen(
        &request,
        report,
        |it| it.score,
        &leaf,
        |depth, budget, previous| {
            let mut search = BestReply {
                game: game.clone(),
                eval,
                budget,
                root,
                plus,
                pv: vec![Vec::new(); MAX_PLY + 2],
            };
            search.root_iteration(depth, &root_moves, previous)
        },
    )
}
