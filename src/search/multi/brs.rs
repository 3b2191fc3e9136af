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
//!
//! Moves are searched in [`MoveOrder`]'s order (the table's move, captures, killers, history
//! per seat; BRS orders the replies of all opponents together). Root-player nodes and reply
//! layers keep their scores as bounds with their depth in a table keyed apart from each other
//! and by the root seat. Beyond the horizon a quiescence search over noisy moves lets the root
//! player stand pat or capture, and the opponents let it stand or answer with their best
//! capture. A position repeated on the path is a draw (or the game's verdict on the cycle).

use super::contempt::root_draw;
use super::move_order::MoveOrder;
use super::path::PathKeys;
use super::{
    deepen_in_threads, legal_moves, static_order, Budget, Iteration, MoveResult, RootWork,
};
use crate::core::{
    mate_in, mated_in, Evaluator, Game, GameMove, MoveList, NoMoves, Outcome, Scope, Score, Seat,
    DRAW, INFINITE, MAX_PLY, MAX_SEATS,
};
use crate::search::limits::MultiplayerSearch;
use crate::search::node_table::{Known, NodeTable};
use crate::search::searcher::NodeTableOwner;
use crate::search::Bound;
use crate::search::{leaf_scores, Report, SearchRequest, SearchResult};

/// Plies of captures best-reply looks at beyond the horizon.
const QUIESCENCE_PLIES: usize = 6;

/// Mixed into table keys: one salt per root seat (scores are the root's), and another for
/// the reply layer (its value is not that of the root player to move in the same position).
const ROOT_SALTS: [u64; MAX_SEATS] = [
    0x42E5_0000_0000_0001,
    0x42E5_1111_2222_3333,
    0x42E5_4444_5555_6666,
    0x42E5_7777_8888_9999,
];
const REPLY_SALT: u64 = 0x5EB1_7A1E_0F0F_F0F1;

struct BestReply<'a, 'b, G: Game, E: Evaluator<G>> {
    game: G,
    eval: &'a E,
    budget: &'a mut Budget<'b>,
    root: Seat,
    plus: bool,
    pv: Vec<Vec<G::Move>>,
    table: &'a NodeTable,
    order: &'a mut MoveOrder<G::Move>,
    path: &'a mut PathKeys,
    /// A draw for the root player: below even when he is ahead (contempt per seat).
    draw: Score,
}

impl<'a, 'b, G: Game, E: Evaluator<G>> BestReply<'a, 'b, G, E> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &G,
        eval: &'a E,
        root: Seat,
        plus: bool,
        table: &'a NodeTable,
        order: &'a mut MoveOrder<G::Move>,
        path: &'a mut PathKeys,
        budget: &'a mut Budget<'b>,
        draw: Score,
    ) -> Self {
        BestReply {
            draw,
            game: game.clone(),
            eval,
            budget,
            root,
            plus,
            pv: vec![Vec::new(); MAX_PLY + 2],
            table,
            order,
            path,
        }
    }

    fn terminal(&self, outcome: Outcome, ply: usize) -> Score {
        match outcome {
            Outcome::Winner(s) if s == self.root => mate_in(ply),
            Outcome::Draw(seats) if seats.contains(self.root) => self.draw,
            _ => mated_in(ply),
        }
    }

    /// The value of a node settled without looking at moves: a finished game or the root out
    /// of it.
    fn settled(&self, ply: usize) -> Option<Score> {
        if let Some(o) = self.game.decided() {
            return Some(self.terminal(o, ply));
        }
        if !self.game.active().contains(self.root) {
            return Some(mated_in(ply));
        }
        if self.game.drawn_by_rule() {
            return Some(self.draw);
        }
        None
    }

    fn static_score(&self) -> Score {
        self.eval.evaluate_seats(&self.game)[self.root as usize]
    }

    fn key(&self, reply: bool) -> u64 {
        let salt = ROOT_SALTS[self.root as usize % MAX_SEATS];
        self.game.key() ^ salt ^ if reply { REPLY_SALT } else { 0 }
    }

    /// A stored score that settles the node in this window, and the stored move.
    fn probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> (Option<Score>, Option<u32>) {
        let Some(e) = self.table.probe(key) else {
            return (None, None);
        };
        let Known::Score(bound) = e.known else {
            return (None, Some(e.move_bits));
        };
        let score = e.score(ply);
        let fits = e.depth as i32 >= depth
            && match bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
        (fits.then_some(score), Some(e.move_bits))
    }

    /// Keeps the node's result unless the search was cut short (then it is no result).
    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, key: u64, ply: usize, depth: i32, best: Score, alpha: Score, beta: Score) {
        if self.budget.aborted() || best.abs() >= INFINITE {
            return;
        }
        let move_bits = self.pv[ply].first().map_or(0, |m| m.to_bits());
        let bound = Bound::of_result(best, alpha, beta);
        self.table
            .store_score(key, ply, move_bits, depth, bound, best);
    }

    /// A position repeated on the search path: a draw, or the game's verdict on the cycle.
    fn repeated(&self, ply: usize) -> Option<Score> {
        let cycle = self.path.repetition(&self.game)?;
        Some(match self.game.repetition_outcome(cycle) {
            Some(o) => self.terminal(o, ply),
            None => self.draw,
        })
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
                None => self.draw,
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

    /// Plays `m` (keeping the path's keys for repetitions).
    fn play(&mut self, m: G::Move) -> G::Undo {
        self.path.push(&self.game);
        self.game.make(m)
    }

    fn take_back(&mut self, m: G::Move, undo: G::Undo) {
        self.game.unmake(m, undo);
        self.path.pop();
    }

    /// The root player to move.
    fn max_node(&mut self, depth: i32, ply: usize, mut alpha: Score, beta: Score) -> Score {
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiescence_max(ply, 0, alpha, beta);
        }
        self.pv[ply].clear();
        if self.budget.tick() {
            return DRAW;
        }
        if let Some(v) = self.settled(ply) {
            return v;
        }
        if let Some(v) = self.repeated(ply) {
            return v;
        }
        let key = self.key(false);
        let (hit, table_bits) = self.probe(key, depth, ply, alpha, beta);
        if let Some(v) = hit {
            return v;
        }
        let moves = legal_moves(&self.game);
        if moves.is_empty() {
            return self.without_moves(ply, |s| s.max_node(depth, ply, alpha, beta));
        }
        let table_move = table_bits.and_then(|b| moves.iter().copied().find(|m| m.to_bits() == b));
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut tried: MoveList<G::Move> = MoveList::new();
        for (m, _) in self
            .order
            .sorted(&self.game, moves.as_slice(), table_move, ply)
        {
            let undo = self.play(m);
            let v = self.reply_layer(depth - 1, ply + 1, alpha, beta);
            self.take_back(m, undo);
            if self.budget.aborted() {
                return DRAW;
            }
            if v > best {
                best = v;
                self.keep_pv(ply, m);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.order
                            .reward(&self.game, m, ply, depth, tried.as_slice());
                        break;
                    }
                }
            }
            tried.push(m);
        }
        self.store(key, ply, depth, best, original_alpha, beta);
        best
    }

    /// The opponents' layer after a root move; the root player's next move searches to
    /// `depth - 1`.
    fn reply_layer(&mut self, depth: i32, ply: usize, alpha: Score, beta: Score) -> Score {
        if depth <= 0 {
            return self.quiescence_reply(ply, 0, alpha, beta);
        }
        self.pv[ply].clear();
        if self.budget.tick() {
            return DRAW;
        }
        if let Some(v) = self.settled(ply) {
            return v;
        }
        let key = self.key(true);
        let (hit, table_bits) = self.probe(key, depth, ply, alpha, beta);
        if let Some(v) = hit {
            return v;
        }
        let table_move = table_bits.map(G::Move::from_bits);
        let v = if self.plus {
            self.in_turn(depth, ply, alpha, beta, false, false, table_move)
        } else {
            self.best_reply(depth, ply, alpha, beta, table_move)
        };
        self.store(key, ply, depth, v, alpha, beta);
        v
    }

    /// The opponents still playing, in turn order from the side to move.
    fn opponents(&self) -> Vec<Seat> {
        let seats = self.game.seats();
        let first = self.game.to_move();
        (0..seats)
            .map(|k| ((first as usize + k) % seats) as Seat)
            .filter(|&s| s != self.root && self.game.active().contains(s))
            .collect()
    }

    /// Every move of every opponent (each with the turn passed to it) with its ordering score,
    /// best first: one opponent's capture of a queen comes before another's quiet move.
    fn replies(&mut self, ply: usize, table_move: Option<G::Move>) -> Vec<(Score, Seat, G::Move)> {
        let mut all = Vec::new();
        for o in self.opponents() {
            let Some(pass) = self.game.make_pass_to(o) else {
                continue;
            };
            for &m in legal_moves(&self.game).iter() {
                all.push((self.order.score(&self.game, m, table_move, ply), o, m));
            }
            self.game.unmake_pass(pass);
        }
        all.sort_by_key(|&(order, _, _)| std::cmp::Reverse(order));
        all
    }

    /// Plays opponent `o`'s move `m` out of turn and hands the turn back to the root player;
    /// `then` values the position after it.
    fn out_of_turn(
        &mut self,
        o: Seat,
        m: G::Move,
        then: impl FnOnce(&mut Self) -> Score,
    ) -> Option<Score> {
        let pass = self.game.make_pass_to(o)?;
        let undo = self.play(m);
        let back = if self.game.decided().is_none() && self.game.active().contains(self.root) {
            self.game.make_pass_to(self.root)
        } else {
            None
        };
        let v = then(self);
        if let Some(b) = back {
            self.game.unmake_pass(b);
        }
        self.take_back(m, undo);
        self.game.unmake_pass(pass);
        Some(v)
    }

    /// BRS: every move of every opponent, each followed by the root player.
    fn best_reply(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: Score,
        mut beta: Score,
        table_move: Option<G::Move>,
    ) -> Score {
        let replies = self.replies(ply, table_move);
        if replies.is_empty() {
            return self.without_moves(ply, |s| s.best_reply(depth, ply, alpha, beta, None));
        }
        let mut best = INFINITE;
        for (_, o, m) in replies {
            let Some(v) = self.out_of_turn(o, m, |s| s.max_node(depth - 1, ply + 1, alpha, beta))
            else {
                continue;
            };
            if self.budget.aborted() {
                return DRAW;
            }
            if self.lower(ply, m, v, &mut best, alpha, &mut beta) {
                if let Some(pass) = self.game.make_pass_to(o) {
                    self.order.reward(&self.game, m, ply, depth, &[]);
                    self.game.unmake_pass(pass);
                }
                return best;
            }
        }
        best
    }

    /// BRS+: the opponents in turn order until the root player is to move again; `searched`
    /// once one of them has tried all its moves, `fixed` once one has played its first move by
    /// ordering. A line in which opponents moved but none searched is no line (+infinity).
    #[allow(clippy::too_many_arguments)]
    fn in_turn(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: Score,
        mut beta: Score,
        searched: bool,
        fixed: bool,
        table_move: Option<G::Move>,
    ) -> Score {
        if let Some(v) = self.settled(ply) {
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
            return self.without_moves(ply, |s| {
                s.in_turn(depth, ply, alpha, beta, searched, fixed, None)
            });
        }
        let first = ordered_first(&self.game, moves.as_slice());
        let mut best = INFINITE;
        if !searched {
            let mut tried: MoveList<G::Move> = MoveList::new();
            for (m, _) in self
                .order
                .sorted(&self.game, moves.as_slice(), table_move, ply)
            {
                let v = self.after(m, depth, ply, alpha, beta, true, fixed);
                if self.budget.aborted() {
                    return DRAW;
                }
                if self.lower(ply, m, v, &mut best, alpha, &mut beta) {
                    self.order
                        .reward(&self.game, m, ply, depth, tried.as_slice());
                    return best;
                }
                tried.push(m);
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
        let undo = self.play(m);
        self.pv[ply + 1].clear();
        let v = self.in_turn(depth, ply + 1, alpha, beta, searched, fixed, None);
        self.take_back(m, undo);
        v
    }

    /// Beyond the horizon, the root player to move: it stands on the static score or captures.
    fn quiescence_max(&mut self, ply: usize, qply: usize, mut alpha: Score, beta: Score) -> Score {
        self.pv[ply].clear();
        if self.budget.tick() {
            return DRAW;
        }
        if let Some(v) = self.settled(ply) {
            return v;
        }
        let mut best = self.static_score();
        if qply >= QUIESCENCE_PLIES || ply >= MAX_PLY - 2 || best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        for m in noisy_by_order(&self.game) {
            let undo = self.game.make(m);
            let v = self.quiescence_reply(ply + 1, qply + 1, alpha, beta);
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

    /// Beyond the horizon after a root move: the opponents let it stand (the static score) or
    /// one of them captures, out of turn as in BRS (in BRS+ too: at the horizon only the best
    /// capture of any opponent matters).
    fn quiescence_reply(
        &mut self,
        ply: usize,
        qply: usize,
        alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.pv[ply].clear();
        if self.budget.tick() {
            return DRAW;
        }
        if let Some(v) = self.settled(ply) {
            return v;
        }
        let mut best = self.static_score();
        if qply >= QUIESCENCE_PLIES || ply >= MAX_PLY - 2 || best <= alpha {
            return best;
        }
        beta = beta.min(best);
        let mut captures: Vec<(Score, Seat, G::Move)> = Vec::new();
        for o in self.opponents() {
            let Some(pass) = self.game.make_pass_to(o) else {
                continue;
            };
            let game = &self.game;
            captures.extend(
                noisy_by_order(game)
                    .into_iter()
                    .map(|m| (game.noisy_order(m), o, m)),
            );
            self.game.unmake_pass(pass);
        }
        captures.sort_by_key(|&(order, _, _)| std::cmp::Reverse(order));
        for (_, o, m) in captures {
            let Some(v) =
                self.out_of_turn(o, m, |s| s.quiescence_max(ply + 1, qply + 1, alpha, beta))
            else {
                continue;
            };
            if self.budget.aborted() {
                return DRAW;
            }
            if self.lower(ply, m, v, &mut best, alpha, &mut beta) {
                return best;
            }
        }
        best
    }

    /// Root move `m` at `depth` in the window (`alpha`, +infinity): its score and line.
    fn root_move(&mut self, depth: i32, m: G::Move, alpha: Score) -> Option<MoveResult<G::Move>> {
        let undo = self.play(m);
        let v = self.reply_layer(depth - 1, 1, alpha, INFINITE);
        self.take_back(m, undo);
        if self.budget.aborted() {
            return None;
        }
        let mut pv = vec![m];
        pv.extend_from_slice(&self.pv[1]);
        Some(MoveResult {
            score: v,
            vector: None,
            pv,
        })
    }

    fn root_iteration(
        &mut self,
        depth: i32,
        root_moves: &[G::Move],
        previous: Option<G::Move>,
    ) -> Option<Iteration<G::Move>> {
        let mut alpha = -INFINITE;
        let mut best: Option<MoveResult<G::Move>> = None;
        for (m, _) in self.order.sorted(&self.game, root_moves, previous, 0) {
            let found = self.root_move(depth, m, alpha)?;
            if best.as_ref().is_none_or(|b| found.score > b.score) {
                alpha = alpha.max(found.score);
                best = Some(found);
            }
        }
        best.map(|b| Iteration {
            best: b.pv[0],
            score: b.score,
            vector: None,
            pv: b.pv,
        })
    }
}

/// The window a root move is searched in when `floor` is the best score another root move
/// has for sure: just below it, so that a move equal to it comes back exact (the lower rank
/// then decides, as on one thread).
fn alpha_below(floor: Option<Score>) -> Score {
    floor.map_or(-INFINITE, |f| f.saturating_sub(1).max(-INFINITE))
}

/// The side to move's noisy moves, most valuable victim first (stable among equals).
fn noisy_by_order<G: Game>(g: &G) -> Vec<G::Move> {
    let mut list = MoveList::new();
    g.generate(Scope::Noisy, &mut list);
    let mut moves: Vec<(Score, G::Move)> = list.iter().map(|&m| (g.noisy_order(m), m)).collect();
    moves.sort_by_key(|&(order, _)| std::cmp::Reverse(order));
    moves.into_iter().map(|(_, m)| m).collect()
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
    // Kept by the searcher: every iteration, and every search after this one, starts from
    // what the previous ones learnt.
    let owner = NodeTableOwner {
        algorithm: if plus {
            MultiplayerSearch::BrsPlus
        } else {
            MultiplayerSearch::Brs
        },
        eval_salt: eval.key_salt(),
    };
    let table = request.searcher.take_node_table(owner);
    let draw = root_draw(
        &game.search_params(),
        eval.evaluate_seats(&game)[root as usize],
        game.active().len(),
    );
    let result = deepen_in_threads(
        &request,
        report,
        |it| it.score,
        &leaf,
        RootWork {
            new_state: &|| (MoveOrder::new(&game), PathKeys::new(request.history)),
            iteration: &|(order, path), depth, budget, previous| {
                BestReply::new(&game, eval, root, plus, &table, order, path, budget, draw)
                    .root_iteration(depth, &root_moves, previous)
            },
            // Ties go to the first searched, as on one thread.
            order_root: &|(order, _), previous| {
                let sorted = order.sorted(&game, &root_moves, previous, 0);
                sorted
                    .into_iter()
                    .enumerate()
                    .map(|(rank, (m, _))| (m, rank))
                    .collect()
            },
            search_move: &|(order, path), depth, m, floor, budget| {
                BestReply::new(&game, eval, root, plus, &table, order, path, budget, draw)
                    .root_move(depth, m, alpha_below(floor))
            },
        },
    );
    request.searcher.put_node_table(owner, table);
    result
}
