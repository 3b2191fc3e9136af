//! A tiny three-seat game with one trap: seat 0 can grab a point, after which seat 1 can
//! capture five back. One ply deep the grab looks good; only quiescence sees the recapture.

use super::{brs, maxn};
use crate::core::{
    Evaluator, GameMove, MoveList, NoMoves, Outcome, Rules, Scope, Score, SearchHints, Seat,
    SeatScores, MAX_SEATS,
};
use crate::search::{SearchLimits, SearchOptions, SearchRequest, Searcher};
use std::sync::atomic::AtomicBool;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct TrapMove(u8);

const QUIET: TrapMove = TrapMove(0);
const GRAB: TrapMove = TrapMove(1);
const RECAPTURE: TrapMove = TrapMove(2);

impl GameMove for TrapMove {
    fn to_bits(self) -> u32 {
        self.0 as u32 + 1
    }
    fn from_bits(bits: u32) -> Self {
        TrapMove(bits.saturating_sub(1) as u8)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Trap {
    to_move: Seat,
    material: [Score; 3],
    grabbed: bool,
    recaptured: bool,
    /// In the key: without it quiet moves all round would repeat the position (a draw).
    plies: u8,
}

impl Trap {
    fn start() -> Trap {
        Trap {
            to_move: 0,
            material: [10; 3],
            grabbed: false,
            recaptured: false,
            plies: 0,
        }
    }
}

impl Rules for Trap {
    type Move = TrapMove;
    type Undo = Trap;
    fn seats(&self) -> usize {
        3
    }
    fn to_move(&self) -> Seat {
        self.to_move
    }
    fn generate(&self, scope: Scope, out: &mut MoveList<TrapMove>) {
        if scope == Scope::All {
            out.push(QUIET);
        }
        if self.to_move == 0 && !self.grabbed {
            out.push(GRAB);
        }
        if self.to_move == 1 && self.grabbed && !self.recaptured {
            out.push(RECAPTURE);
        }
    }
    fn make(&mut self, m: TrapMove) -> Trap {
        let before = *self;
        if m == GRAB {
            self.grabbed = true;
            self.material[0] += 1;
            self.material[2] -= 1;
        } else if m == RECAPTURE {
            self.recaptured = true;
            self.material[0] -= 5;
            self.material[1] += 5;
        }
        self.to_move = (self.to_move + 1) % 3;
        self.plies += 1;
        before
    }
    fn unmake(&mut self, _m: TrapMove, undo: Trap) {
        *self = undo;
    }
    fn key(&self) -> u64 {
        let m = self.material;
        (self.to_move as u64 + 1)
            ^ (m[0] as u64) << 8
            ^ (m[1] as u64) << 16
            ^ (m[2] as u64) << 24
            ^ (self.grabbed as u64) << 40
            ^ (self.recaptured as u64) << 41
            ^ (self.plies as u64) << 48
    }
    fn decided(&self) -> Option<Outcome> {
        None
    }
    fn no_moves(&self) -> NoMoves {
        NoMoves::Ends(Outcome::Draw(self.active()))
    }
    fn drawn_by_rule(&self) -> bool {
        false
    }
    fn reversible_plies(&self) -> usize {
        100
    }
    fn move_text(&self, m: TrapMove) -> String {
        format!("m{}", m.0)
    }
    fn position_text(&self) -> String {
        format!("{self:?}")
    }
}

impl SearchHints for Trap {
    type PickScores = crate::core::NoPickScores;
    const HISTORY_SLOTS: usize = 3;
    fn make_pass_to(&mut self, seat: Seat) -> Option<Trap> {
        let before = *self;
        self.to_move = seat;
        Some(before)
    }
    fn unmake_pass(&mut self, undo: Trap) {
        *self = undo;
    }
    fn urgent(&self) -> bool {
        false
    }
    fn is_noisy(&self, m: TrapMove) -> bool {
        m != QUIET
    }
    fn history_slot(&self, m: TrapMove) -> usize {
        m.0 as usize
    }
}

struct Material;

impl Evaluator<Trap> for Material {
    fn evaluate(&self, g: &Trap) -> Score {
        g.material[g.to_move as usize]
    }
    fn evaluate_seats(&self, g: &Trap) -> SeatScores {
        let mut v = [0; MAX_SEATS];
        v[..3].copy_from_slice(&g.material);
        v
    }
}

/// What one algorithm plays in the trap at `depth`.
fn best_at(depth: u32, run: &dyn Fn(SearchRequest<'_, Trap>) -> Option<TrapMove>) -> TrapMove {
    let game = Trap::start();
    let limits = SearchLimits {
        depth: Some(depth),
        ..Default::default()
    };
    let options = SearchOptions::default();
    let table = Searcher::new(1);
    let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
    run(SearchRequest {
        game: &game,
        history: &[],
        root_moves: vec![QUIET, GRAB],
        limits: &limits,
        options: &options,
        searcher: &table,
        stop: &stop,
        pondering: &pondering,
    })
    .expect("a move")
}

#[test]
fn maxn_quiescence_sees_the_recapture_behind_the_horizon() {
    let best = best_at(1, &|r| maxn::search(r, &Material, &mut |_| {}).best);
    assert_eq!(best, QUIET);
}

#[test]
fn brs_quiescence_sees_the_recapture_behind_the_horizon() {
    for plus in [false, true] {
        let best = best_at(1, &|r| brs::search(r, &Material, &mut |_| {}, plus).best);
        assert_eq!(best, QUIET, "plus {plus}");
    }
}

#[test]
fn deeper_searches_agree() {
    for depth in 2..=4 {
        let best = best_at(depth, &|r| maxn::search(r, &Material, &mut |_| {}).best);
        assert_eq!(best, QUIET, "max-n depth {depth}");
        for plus in [false, true] {
            let best = best_at(depth, &|r| {
                brs::search(r, &Material, &mut |_| {}, plus).best
            });
            assert_eq!(best, QUIET, "plus {plus} depth {depth}");
        }
    }
}

#[test]
fn a_position_repeated_on_the_path_is_a_repetition() {
    let g = Trap::start();
    let mut path = super::path::PathKeys::new(&[]);
    assert_eq!(path.repetition(&g), None);
    path.push(&g);
    // Once on the search path is enough.
    assert_eq!(path.repetition(&g), Some(1));
    path.pop();
    // Before the root it takes a third occurrence.
    let once = super::path::PathKeys::new(&[g.key()]);
    assert_eq!(once.repetition(&g), None);
    let twice = super::path::PathKeys::new(&[g.key(), 7, g.key()]);
    assert_eq!(twice.repetition(&g), Some(3));
}
