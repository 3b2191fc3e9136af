//! A naive brute-force reference of the search models the engine implements for three or more
//! seats (paranoid, max-n, best-reply search and BRS+) and of two-sided minimax: plain
//! recursion over copied positions, no pruning, no table, written from the models' definitions
//! and nothing else. It only relies on the game trait, so nothing here knows takeaway's rules.
//!
//! Every node runs the same preamble, in this order: (1) a decided game is terminal; (2) for
//! the scalar models, the root seat out of the game is a loss; (3) depth 0 is the static value;
//! (4) no legal move asks the game: an end is terminal, a withdrawal is made and the same kind
//! of node is valued again at the same depth and ply. `ply` counts moves from the root
//! (withdrawals and passes are not moves).

use regalia::core::{
    Evaluator, Game, MoveList, NoMoves, Outcome, Scope, Score, Seat, SeatScores, MATE, MAX_PLY,
    MAX_SEATS,
};

/// What a max-n vector shares out: a win is worth `SUM - ply`.
pub const SUM: Score = 10_000;

/// What the reference met while walking its trees, so that a test can check its trees reach
/// every rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    pub nodes: u64,
    /// Moves that eliminated a seat.
    pub eliminations: u64,
    /// Withdrawals made after `NoMoves::Withdraws`.
    pub withdrawals: u64,
    /// Terminal draws shared by some of the seats only (the others lost).
    pub subset_draws: u64,
    /// Games ended by `NoMoves::Ends` (a stuck mover with two seats left).
    pub stuck_ends: u64,
    /// Scalar models: lines where the root seat left the game (a loss) without the game being
    /// decided.
    pub root_out: u64,
    /// Decided games (any outcome).
    pub decided: u64,
}

impl Counts {
    pub fn add(&mut self, o: &Counts) {
        self.nodes += o.nodes;
        self.eliminations += o.eliminations;
        self.withdrawals += o.withdrawals;
        self.subset_draws += o.subset_draws;
        self.stuck_ends += o.stuck_ends;
        self.root_out += o.root_out;
        self.decided += o.decided;
    }
}

pub struct Reference<'e, G: Game, E: Evaluator<G>> {
    /// The seat to move at the root.
    root: Seat,
    eval: &'e E,
    pub counts: Counts,
    _game: std::marker::PhantomData<G>,
}

fn moves<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut list = MoveList::new();
    pos.generate(Scope::All, &mut list);
    list.iter().copied().collect()
}

fn loss(ply: usize) -> Score {
    -(MATE - ply as Score)
}

impl<'e, G: Game, E: Evaluator<G>> Reference<'e, G, E> {
    pub fn new(root_position: &G, eval: &'e E) -> Self {
        Reference {
            root: root_position.to_move(),
            eval,
            counts: Counts::default(),
            _game: std::marker::PhantomData,
        }
    }

    /// `pos` after `m`, counting eliminations.
    fn child(&mut self, pos: &G, m: G::Move) -> G {
        let mut c = pos.clone();
        c.make(m);
        if c.active().len() < pos.active().len() {
            self.counts.eliminations += 1;
        }
        c
    }

    fn withdrawn(&mut self, pos: &G) -> G {
        let mut c = pos.clone();
        c.make_withdrawal()
            .expect("a game answering NoMoves::Withdraws makes the withdrawal");
        assert!(!c.active().contains(pos.to_move()));
        self.counts.withdrawals += 1;
        c
    }

    fn note_outcome(&mut self, pos: &G, o: Outcome) {
        self.counts.decided += 1;
        if let Outcome::Draw(d) = o {
            if d.len() < pos.seats() {
                self.counts.subset_draws += 1;
            }
        }
    }

    /// The root seat's value of a finished game `ply` moves from the root.
    fn scalar_terminal(&mut self, pos: &G, o: Outcome, ply: usize) -> Score {
        self.note_outcome(pos, o);
        match o {
            Outcome::Winner(w) if w == self.root => MATE - ply as Score,
            Outcome::Winner(_) => loss(ply),
            Outcome::Draw(d) if d.contains(self.root) => 0,
            Outcome::Draw(_) => loss(ply),
        }
    }

    fn vector_terminal(&mut self, pos: &G, o: Outcome, ply: usize) -> SeatScores {
        self.note_outcome(pos, o);
        let mut v = [0; MAX_SEATS];
        match o {
            Outcome::Winner(w) => v[w as usize] = SUM - ply as Score,
            Outcome::Draw(d) => {
                for s in d.iter() {
                    v[s as usize] = SUM / d.len() as Score;
                }
            }
        }
        v
    }

    /// Preamble steps (1) and (2) of the scalar models.
    fn scalar_settled(&mut self, pos: &G, ply: usize) -> Option<Score> {
        if let Some(o) = pos.decided() {
            return Some(self.scalar_terminal(pos, o, ply));
        }
        if !pos.active().contains(self.root) {
            self.counts.root_out += 1;
            return Some(loss(ply));
        }
        None
    }

    fn seat_static(&self, pos: &G) -> Score {
        self.eval.evaluate_seats(pos)[self.root as usize]
    }

    /// Values of the root moves under paranoid (`two_sided` false) or two-sided minimax.
    pub fn paranoid_root(&mut self, pos: &G, depth: u32, two_sided: bool) -> Vec<(G::Move, Score)> {
        assert_eq!(pos.to_move(), self.root);
        assert!(depth >= 1);
        moves(pos)
            .into_iter()
            .map(|m| {
                let c = self.child(pos, m);
                (m, self.paranoid(&c, depth - 1, 1, two_sided))
            })
            .collect()
    }

    /// Paranoid: the root seat maximises, every other seat minimises. Two-sided: the same with
    /// the two-sided evaluation, from the root seat's point of view.
    fn paranoid(&mut self, pos: &G, depth: u32, ply: usize, two_sided: bool) -> Score {
        self.counts.nodes += 1;
        if let Some(v) = self.scalar_settled(pos, ply) {
            return v;
        }
        if depth == 0 {
            return if two_sided {
                assert_eq!(pos.active().len(), 2, "two-sided needs two active seats");
                let v = self.eval.evaluate(pos);
                if pos.to_move() == self.root {
                    v
                } else {
                    -v
                }
            } else {
                self.seat_static(pos)
            };
        }
        let list = moves(pos);
        if list.is_empty() {
            return match pos.no_moves() {
                NoMoves::Ends(o) => {
                    self.counts.stuck_ends += 1;
                    self.scalar_terminal(pos, o, ply)
                }
                NoMoves::Withdraws => {
                    let c = self.withdrawn(pos);
                    self.paranoid(&c, depth, ply, two_sided)
                }
            };
        }
        let maximise = pos.to_move() == self.root;
        let values = list.into_iter().map(|m| {
            let c = self.child(pos, m);
            self.paranoid(&c, depth - 1, ply + 1, two_sided)
        });
        let values: Vec<Score> = values.collect();
        if maximise {
            values.into_iter().max().unwrap()
        } else {
            values.into_iter().min().unwrap()
        }
    }

    /// The max-n static vector: each active seat's share of [`SUM`], by how far its evaluation
    /// stands above the worst active seat's (plus one), capped below a win's value.
    fn shares(&self, pos: &G) -> SeatScores {
        let raw = self.eval.evaluate_seats(pos);
        let active = pos.active();
        let low = active.iter().map(|s| raw[s as usize] as i64).min().unwrap();
        let t = |s: Seat| raw[s as usize] as i64 - low + 1;
        let total: i64 = active.iter().map(t).sum();
        let mut v = [0; MAX_SEATS];
        for s in active.iter() {
            let share = (t(s) * SUM as i64 / total).min(SUM as i64 - 2 * MAX_PLY as i64);
            v[s as usize] = share as Score;
        }
        v
    }

    /// Max-n: the vectors of the root moves.
    pub fn maxn_root(&mut self, pos: &G, depth: u32) -> Vec<(G::Move, SeatScores)> {
        assert_eq!(pos.to_move(), self.root);
        assert!(depth >= 1);
        moves(pos)
            .into_iter()
            .map(|m| {
                let c = self.child(pos, m);
                (m, self.maxn(&c, depth - 1, 1))
            })
            .collect()
    }

    /// Max-n: each mover takes the child best for itself, the earliest generated among equals.
    fn maxn(&mut self, pos: &G, depth: u32, ply: usize) -> SeatScores {
        self.counts.nodes += 1;
        if let Some(o) = pos.decided() {
            return self.vector_terminal(pos, o, ply);
        }
        if depth == 0 {
            return self.shares(pos);
        }
        let list = moves(pos);
        if list.is_empty() {
            return match pos.no_moves() {
                NoMoves::Ends(o) => {
                    self.counts.stuck_ends += 1;
                    self.vector_terminal(pos, o, ply)
                }
                NoMoves::Withdraws => {
                    let c = self.withdrawn(pos);
                    self.maxn(&c, depth, ply)
                }
            };
        }
        let mover = pos.to_move() as usize;
        let mut best: Option<SeatScores> = None;
        for m in list {
            let c = self.child(pos, m);
            let v = self.maxn(&c, depth - 1, ply + 1);
            if best.is_none_or(|b| v[mover] > b[mover]) {
                best = Some(v);
            }
        }
        best.unwrap()
    }

    /// BRS (`plus` false) or BRS+: the values of the root moves (each a MIN node).
    pub fn brs_root(&mut self, pos: &G, depth: u32, plus: bool) -> Vec<(G::Move, Score)> {
        assert_eq!(pos.to_move(), self.root);
        assert!(depth >= 1);
        moves(pos)
            .into_iter()
            .map(|m| {
                let c = self.child(pos, m);
                (m, self.brs_min(&c, depth - 1, 1, plus))
            })
            .collect()
    }

    /// A MAX node: the root seat to move (once the preamble has passed).
    fn brs_max(&mut self, pos: &G, depth: u32, ply: usize, plus: bool) -> Score {
        self.counts.nodes += 1;
        if let Some(v) = self.scalar_settled(pos, ply) {
            return v;
        }
        if depth == 0 {
            return self.seat_static(pos);
        }
        assert_eq!(pos.to_move(), self.root, "a MAX node is the root seat's");
        let list = moves(pos);
        if list.is_empty() {
            return match pos.no_moves() {
                NoMoves::Ends(o) => {
                    self.counts.stuck_ends += 1;
                    self.scalar_terminal(pos, o, ply)
                }
                NoMoves::Withdraws => {
                    let c = self.withdrawn(pos);
                    self.brs_max(&c, depth, ply, plus)
                }
            };
        }
        let mut best = Score::MIN;
        for m in list {
            let c = self.child(pos, m);
            best = best.max(self.brs_min(&c, depth - 1, ply + 1, plus));
        }
        best
    }

    /// A MIN node (after the root seat's move).
    fn brs_min(&mut self, pos: &G, depth: u32, ply: usize, plus: bool) -> Score {
        self.counts.nodes += 1;
        if let Some(v) = self.scalar_settled(pos, ply) {
            return v;
        }
        if depth == 0 {
            return self.seat_static(pos);
        }
        if plus {
            return self
                .seq(pos, false, false, depth, ply)
                .expect("a line that deviated nowhere is never excluded");
        }
        // BRS: every opponent in turn order from the seat to move, each move of each, played
        // out of turn; then the root seat moves again.
        let seats = pos.seats();
        let active = pos.active();
        let opponents: Vec<Seat> = (0..seats)
            .map(|k| ((pos.to_move() as usize + k) % seats) as Seat)
            .filter(|&s| active.contains(s) && s != self.root)
            .collect();
        let mut best: Option<Score> = None;
        for o in opponents {
            let mut p = pos.clone();
            p.make_pass_to(o).expect("an active seat takes a pass");
            for m in moves(&p) {
                let mut c = self.child(&p, m);
                if c.active().contains(self.root) && c.decided().is_none() {
                    c.make_pass_to(self.root)
                        .expect("the active root seat takes a pass");
                }
                let v = self.brs_max(&c, depth - 1, ply + 1, plus);
                best = Some(best.map_or(v, |b| b.min(v)));
            }
        }
        if let Some(b) = best {
            return b;
        }
        // No opponent can move: the real seat to move (an opponent) is stuck.
        assert_ne!(
            pos.to_move(),
            self.root,
            "a MIN node's mover is an opponent"
        );
        match pos.no_moves() {
            NoMoves::Ends(o) => {
                self.counts.stuck_ends += 1;
                self.scalar_terminal(pos, o, ply)
            }
            NoMoves::Withdraws => {
                let c = self.withdrawn(pos);
                self.brs_min(&c, depth, ply, plus)
            }
        }
    }

    /// The move static ordering puts first: noisy moves by `(1 << 20) + noisy_order`, quiet
    /// ones by `quiet_order`, the first generated among equals.
    fn first_by_order(pos: &G, list: &[G::Move]) -> G::Move {
        let order = |m: G::Move| {
            if pos.is_noisy(m) {
                (1i64 << 20) + pos.noisy_order(m) as i64
            } else {
                pos.quiet_order(m) as i64
            }
        };
        let mut best = list[0];
        for &m in &list[1..] {
            if order(m) > order(best) {
                best = m;
            }
        }
        best
    }

    /// BRS+'s opponent sequence in real turn order: at most one opponent (the first not yet
    /// `searched`) chooses among all its moves, every other plays its first move by static
    /// ordering; a line where none chose (`!searched`) after one played its first move
    /// (`fixed`) is excluded (`None`). Depth is spent when the root seat moves again.
    fn seq(
        &mut self,
        pos: &G,
        searched: bool,
        fixed: bool,
        depth: u32,
        ply: usize,
    ) -> Option<Score> {
        self.counts.nodes += 1;
        if let Some(v) = self.scalar_settled(pos, ply) {
            return Some(v);
        }
        if pos.to_move() == self.root {
            if !searched && fixed {
                return None;
            }
            return Some(self.brs_max(pos, depth - 1, ply, true));
        }
        let list = moves(pos);
        if list.is_empty() {
            return match pos.no_moves() {
                NoMoves::Ends(o) => {
                    self.counts.stuck_ends += 1;
                    Some(self.scalar_terminal(pos, o, ply))
                }
                NoMoves::Withdraws => {
                    let c = self.withdrawn(pos);
                    self.seq(&c, searched, fixed, depth, ply)
                }
            };
        }
        let mut best: Option<Score> = None;
        let mut take = |v: Option<Score>| {
            if let Some(v) = v {
                best = Some(best.map_or(v, |b| b.min(v)));
            }
        };
        if !searched {
            for &m in &list {
                let c = self.child(pos, m);
                take(self.seq(&c, true, fixed, depth, ply + 1));
            }
        }
        let first = Self::first_by_order(pos, &list);
        let c = self.child(pos, first);
        take(self.seq(&c, searched, true, depth, ply + 1));
        best
    }
}
