//! The multi-player searches (paranoid, max-n, BRS, BRS+) and the two-sided fallback against a
//! naive brute-force reference ([`reference`]), on the takeaway test game: random positions
//! from seeded playouts, the value and the chosen move at depths 1 to 6; the transposition
//! table (repeatable, keyed by the root seat); `stop`; two threads.

mod reference;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::{Counts, Reference};
use regalia::core::{MoveList, NoMoves, Rules, Scope, Score, SeatScores};
use regalia::games::takeaway::{TakeawayEval, TakeawayMove, TakeawayPosition};
use regalia::search::{
    search, MultiplayerSearch, SearchLimits, SearchOptions, SearchRequest, Searcher,
};
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

type Pos = TakeawayPosition;
type Move = TakeawayMove;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Model {
    Paranoid,
    MaxN,
    Brs,
    BrsPlus,
}

const MODELS: [Model; 4] = [Model::Paranoid, Model::MaxN, Model::Brs, Model::BrsPlus];

impl Model {
    fn option(self) -> MultiplayerSearch {
        match self {
            Model::Paranoid => MultiplayerSearch::Paranoid,
            Model::MaxN => MultiplayerSearch::MaxN,
            Model::Brs => MultiplayerSearch::Brs,
            Model::BrsPlus => MultiplayerSearch::BrsPlus,
        }
    }
}

fn legal(pos: &Pos) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.generate(Scope::All, &mut list);
    list.iter().copied().collect()
}

/// What the engine answered.
#[derive(Debug, PartialEq)]
struct Answer {
    best: Option<Move>,
    score: Score,
    seat_scores: Option<SeatScores>,
    depth: u32,
}

fn run_with(
    pos: &Pos,
    depth: u32,
    model: Model,
    threads: usize,
    table: &Searcher,
    stop: &AtomicBool,
    on_report: &mut dyn FnMut(),
) -> Answer {
    let pondering = AtomicBool::new(false);
    let limits = SearchLimits {
        depth: Some(depth as _),
        ..Default::default()
    };
    let options = SearchOptions {
        multiplayer: model.option(),
        threads: threads as _,
        ..Default::default()
    };
    let result = search(
        SearchRequest {
            game: pos,
            history: &[],
            root_moves: legal(pos).into_iter().collect(),
            limits: &limits,
            options: &options,
            searcher: table,
            stop,
            pondering: &pondering,
        },
        &TakeawayEval,
        &mut |_report| on_report(),
    );
    Answer {
        best: result.best,
        score: result.score,
        seat_scores: result.seat_scores,
        depth: result.depth as u32,
    }
}

fn run(pos: &Pos, depth: u32, model: Model, table: &Searcher) -> Answer {
    run_with(
        pos,
        depth,
        model,
        1,
        table,
        &AtomicBool::new(false),
        &mut || {},
    )
}

/// The reference's root: the value of each root move, and what the root is worth.
enum Expected {
    Scalar(Vec<(Move, Score)>),
    Vector(Vec<(Move, SeatScores)>),
}

/// The model the engine must follow here: two-sided minimax with two active seats whatever
/// the option, else the option's model.
fn expected(pos: &Pos, depth: u32, model: Model, counts: &mut Counts) -> Expected {
    let mut r = Reference::new(pos, &TakeawayEval);
    let e = if pos.active().len() == 2 {
        Expected::Scalar(r.paranoid_root(pos, depth, true))
    } else {
        match model {
            Model::Paranoid => Expected::Scalar(r.paranoid_root(pos, depth, false)),
            Model::MaxN => Expected::Vector(r.maxn_root(pos, depth)),
            Model::Brs => Expected::Scalar(r.brs_root(pos, depth, false)),
            Model::BrsPlus => Expected::Scalar(r.brs_root(pos, depth, true)),
        }
    };
    counts.add(&r.counts);
    e
}

/// The max-n root choice: the earliest root move best for the root seat, and its vector.
fn maxn_choice(pos: &Pos, values: &[(Move, SeatScores)]) -> (Move, SeatScores) {
    let root = pos.to_move() as usize;
    let mut choice = values[0];
    for &(m, v) in &values[1..] {
        if v[root] > choice.1[root] {
            choice = (m, v);
        }
    }
    choice
}

/// The engine's value equals the reference's, and its move is one the reference values as
/// best (for max-n: exactly the reference's choice, the earliest of the best).
fn verify(
    pos: &Pos,
    depth: u32,
    model: Model,
    answer: &Answer,
    expected: &Expected,
) -> Result<(), String> {
    let text = pos.to_text();
    let what = format!("{model:?} depth {depth} in {text}: engine {answer:?}");
    let Some(best) = answer.best else {
        return Err(format!("{what}: no best move"));
    };
    match expected {
        Expected::Scalar(values) => {
            let value = values.iter().map(|&(_, v)| v).max().unwrap();
            let texts: Vec<String> = values
                .iter()
                .map(|&(m, v)| format!("{} {v}", m.text()))
                .collect();
            let what = format!("{what}; reference {texts:?}");
            if answer.score != value {
                return Err(format!("{what}: value {} should be {value}", answer.score));
            }
            match values.iter().find(|&&(m, _)| m == best) {
                None => Err(format!("{what}: best move not legal")),
                Some(&(_, v)) if v != value => {
                    Err(format!("{what}: the chosen move is worth {v}, not {value}"))
                }
                Some(_) => Ok(()),
            }
        }
        Expected::Vector(values) => {
            let choice = maxn_choice(pos, values);
            let texts: Vec<String> = values
                .iter()
                .map(|&(m, v)| format!("{} {v:?}", m.text()))
                .collect();
            let what = format!("{what}; reference {texts:?}");
            if answer.seat_scores != Some(choice.1) {
                Err(format!("{what}: root vector should be {:?}", choice.1))
            } else if best != choice.0 {
                Err(format!("{what}: chosen move should be {}", choice.0.text()))
            } else {
                Ok(())
            }
        }
    }
}

fn check(pos: &Pos, depth: u32, model: Model, answer: &Answer, expected: &Expected) {
    if let Err(e) = verify(pos, depth, model, answer, expected) {
        panic!("{e}");
    }
}

/// Whether two models make something different of the root: another value, or (when either
/// is max-n, whose scale differs) no move that both accept as best.
fn disagree(pos: &Pos, a: &Expected, b: &Expected) -> bool {
    let accepted = |e: &Expected| -> (Option<Score>, Vec<Move>) {
        match e {
            Expected::Scalar(values) => {
                let best = values.iter().map(|&(_, v)| v).max().unwrap();
                let moves = values.iter().filter(|&&(_, v)| v == best).map(|&(m, _)| m);
                (Some(best), moves.collect())
            }
            Expected::Vector(values) => (None, vec![maxn_choice(pos, values).0]),
        }
    };
    let ((va, ma), (vb, mb)) = (accepted(a), accepted(b));
    match (va, vb) {
        (Some(x), Some(y)) => x != y,
        _ => !ma.iter().any(|m| mb.contains(m)),
    }
}

/// Random starts and playouts.
#[derive(Clone)]
struct Shape {
    heaps: RangeInclusive<usize>,
    tokens: RangeInclusive<u8>,
    cap: RangeInclusive<u8>,
    playout: RangeInclusive<usize>,
}

/// How many active seats a test wants at its root.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Need {
    /// Three or more (the multi-player searches).
    Multi,
    /// Exactly two (the two-sided fallback).
    Two,
}

/// A position from a seeded random playout: not decided, its mover has a legal move, and the
/// active seats are as `need` says.
fn random_position(rng: &mut StdRng, seats: usize, shape: &Shape, need: Need) -> Pos {
    for _ in 0..10_000 {
        let heaps: Vec<u8> = (0..rng.gen_range(shape.heaps.clone()))
            .map(|_| rng.gen_range(shape.tokens.clone()))
            .collect();
        let cap = rng.gen_range(shape.cap.clone());
        let mut pos = Pos::new(&heaps, seats, cap).expect("valid start");
        let length = rng.gen_range(shape.playout.clone());
        let mut ok = true;
        for _ in 0..length {
            if pos.decided().is_some() {
                ok = false;
                break;
            }
            let list = legal(&pos);
            if list.is_empty() {
                match pos.no_moves() {
                    NoMoves::Withdraws => {
                        pos.make_withdrawal().expect("withdrawal");
                        continue;
                    }
                    NoMoves::Ends(_) => {
                        ok = false;
                        break;
                    }
                }
            }
            pos.make(list[rng.gen_range(0..list.len())]);
        }
        let active = pos.active().len();
        let fits = match need {
            Need::Multi => active >= 3,
            Need::Two => active == 2,
        };
        if ok && fits && pos.decided().is_none() && !legal(&pos).is_empty() {
            return pos;
        }
    }
    panic!("no position of {seats} seats fits");
}

/// Per depth, how many positions of which shape: varied starts, and starts with a low cap
/// (withdrawals, stuck seats, the score rule); smaller trees deeper down.
fn plan() -> Vec<(u32, Vec<(usize, Shape)>)> {
    let shape = |heaps, tokens, cap, playout| Shape {
        heaps,
        tokens,
        cap,
        playout,
    };
    let wide = shape(1..=4, 1..=9, 1..=9, 0..=12);
    let mid = shape(1..=4, 1..=8, 1..=8, 0..=10);
    let capped = shape(2..=4, 2..=9, 2..=5, 0..=8);
    vec![
        (1, vec![(80, wide.clone()), (40, capped.clone())]),
        (2, vec![(80, wide.clone()), (40, capped.clone())]),
        (3, vec![(80, wide.clone()), (40, capped.clone())]),
        (4, vec![(70, wide.clone()), (40, capped.clone())]),
        (5, vec![(60, wide), (30, capped.clone())]),
        (6, vec![(40, mid), (20, capped)]),
    ]
}

/// The engine against the reference on random positions of 3 and 4 seats, depths 1 to 6.
fn matches_reference(model: Model) {
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(0x5eed + model as u64);
    let mut counts = Counts::default();
    let mut summary = Vec::new();
    let mut differs = [0usize; 4];
    let mut roots_with_a_seat_out = 0;
    for seats in [3, 4] {
        for (depth, shapes) in plan() {
            let mut n = 0;
            for (count, shape) in shapes {
                for _ in 0..count {
                    n += 1;
                    let pos = random_position(&mut rng, seats, &shape, Need::Multi);
                    if pos.active().len() < seats {
                        roots_with_a_seat_out += 1;
                    }
                    let e = expected(&pos, depth, model, &mut counts);
                    let table = Searcher::new(1);
                    check(&pos, depth, model, &run(&pos, depth, model, &table), &e);
                    if depth <= 4 {
                        for other in MODELS {
                            let o = expected(&pos, depth, other, &mut Counts::default());
                            if disagree(&pos, &e, &o) {
                                differs[other as usize] += 1;
                            }
                        }
                    }
                }
            }
            summary.push(format!("{seats} seats depth {depth}: {n}"));
        }
    }
    eprintln!(
        "{model:?} against the reference: {}; {roots_with_a_seat_out} roots with a seat out; \
         {counts:?}; disagrees with {:?} on {differs:?} positions; {:.1?}",
        summary.join(", "),
        MODELS,
        started.elapsed()
    );
    assert!(roots_with_a_seat_out > 0);
    // The positions tell the models apart: the wrong algorithm would fail.
    for other in MODELS {
        if other != model {
            assert!(
                differs[other as usize] > 0,
                "{model:?} never differs from {other:?}"
            );
        }
    }
    assert!(counts.eliminations > 0, "{counts:?}");
    assert!(counts.withdrawals > 0, "{counts:?}");
    assert!(counts.subset_draws > 0, "{counts:?}");
    assert!(counts.stuck_ends > 0, "{counts:?}");
    if model != Model::MaxN {
        assert!(counts.root_out > 0, "{counts:?}");
    }
}

/// Positions worth keeping: found by random search where an engine went wrong (a quicker win
/// by a stuck seat's end, after a withdrawal: `3613/521/aaa/1/4/5` at depth 3 has `b3`, a win
/// at ply 2 whatever seat 2 replies), and a few that exercise one rule each.
const CRAFTED: [&str; 10] = [
    "3613/521/aaa/1/4/5",
    "1246/753/aaa/1/10/7",
    "3426/632/aaa/1/4/6",
    "3862/521/aaa/1/4/5",
    "2106/8654/aaea/1/12/8",
    "314/632/aaa/1/7/6",
    // Seat 2 empties the last heap: seat 0 is eliminated, seats 1 and 2 share a draw.
    "1/221/aaa/2/3/9",
    // Three seats capped: withdrawals in a row.
    "5555/3330/aaaa/3/9/3",
    // A seat already eliminated; the cap near.
    "3210/2210/aaae/0/4/3",
    "9999/0000/aaaa/0/0/9",
];

/// The crafted positions at depths 1 to 6.
fn crafted_positions(model: Model) {
    let mut counts = Counts::default();
    for text in CRAFTED {
        let pos = Pos::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(!legal(&pos).is_empty() && pos.active().len() >= 3, "{text}");
        for depth in 1..=6 {
            let e = expected(&pos, depth, model, &mut counts);
            let table = Searcher::new(1);
            check(&pos, depth, model, &run(&pos, depth, model, &table), &e);
        }
    }
}

/// Search P (root seat r) to depth d+1, then, with the same table, every Q = P after one of
/// r's moves to depth d: Q's mover is another seat, and Q's answer must still be the
/// reference's (a table not keyed by the root seat would hand Q scores from r's view).
fn table_keyed_by_root_seat(model: Model, positions: usize) {
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(0x7ab1e + model as u64);
    let mut counts = Counts::default();
    let mut checked = 0;
    let mut search_failures = Vec::new();
    for i in 0..positions {
        let seats = 3 + i % 2;
        let depth = 1 + (i % 5) as u32;
        let shape = Shape {
            heaps: 1..=4,
            tokens: 1..=7,
            cap: 1..=8,
            playout: 0..=8,
        };
        let p = random_position(&mut rng, seats, &shape, Need::Multi);
        let table = Searcher::new(1);
        let e = expected(&p, depth + 1, model, &mut counts);
        check(&p, depth + 1, model, &run(&p, depth + 1, model, &table), &e);
        for m in legal(&p) {
            let mut q = p;
            q.make(m);
            if q.decided().is_some() || legal(&q).is_empty() {
                continue;
            }
            assert_ne!(q.to_move(), p.to_move());
            let e = expected(&q, depth, model, &mut counts);
            // A fresh table first: a failure there is the search's, not the table's keying,
            // and leaves this Q out of the keying check.
            let fresh = Searcher::new(1);
            if let Err(e) = verify(&q, depth, model, &run(&q, depth, model, &fresh), &e) {
                search_failures.push(e);
                continue;
            }
            let answer = run(&q, depth, model, &table);
            if let Err(e) = verify(&q, depth, model, &answer, &e) {
                panic!(
                    "after {} to depth {}, same table: {e}",
                    p.to_text(),
                    depth + 1
                );
            }
            checked += 1;
        }
    }
    eprintln!(
        "{model:?} table keyed by the root seat: {positions} positions, {checked} children; {:.1?}",
        started.elapsed()
    );
    assert!(checked > positions);
    assert!(
        search_failures.is_empty(),
        "every keying check passed, but the search is wrong even with a fresh table:\n{}",
        search_failures.join("\n")
    );
}

/// A big position (four heaps of nine, cap nine, four seats) searched to depth 60, stopped two
/// ways: by another thread after about 50 ms, and from the report callback once two
/// iterations are reported. Either way the search returns a legal root move; a search stopped
/// before it completed depth 60 says so in `depth`. (Paranoid proves the root seat lost within
/// four plies here, so it may well complete all 60 iterations before the thread's stop: only
/// the callback's stop is sure to come in time.)
fn stops(model: Model) {
    let pos = Pos::new(&[9, 9, 9, 9], 4, 9).expect("valid start");
    let moves = legal(&pos);
    let table = Searcher::new(16);
    let stop = AtomicBool::new(false);
    // The search may raise `stop` itself when it ends (to halt helpers): `raised` says
    // whether the other thread did, before the search returned.
    let (raised, done) = (AtomicBool::new(false), AtomicBool::new(false));
    let (answer, raised) = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            if !done.load(Ordering::SeqCst) {
                stop.store(true, Ordering::SeqCst);
                raised.store(true, Ordering::SeqCst);
            }
        });
        let answer = run_with(&pos, 60, model, 1, &table, &stop, &mut || {});
        done.store(true, Ordering::SeqCst);
        (answer, raised.load(Ordering::SeqCst))
    });
    let best = answer.best.expect("a stopped search still has a move");
    assert!(moves.contains(&best), "{answer:?}");
    if raised {
        assert!(answer.depth < 60, "stopped, yet {answer:?}");
    }
    eprintln!(
        "{model:?} {} at depth {}",
        if raised {
            "stopped by the thread"
        } else {
            "finished before the stop"
        },
        answer.depth
    );

    let stop = AtomicBool::new(false);
    let mut reports = 0;
    let table = Searcher::new(16);
    let answer = run_with(&pos, 60, model, 1, &table, &stop, &mut || {
        reports += 1;
        if reports == 2 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    let best = answer.best.expect("a stopped search still has a move");
    assert!(moves.contains(&best), "{answer:?}");
    assert!(
        answer.depth < 60,
        "stopped after two reports, yet {answer:?}"
    );
    assert!(reports >= 2, "{reports} reports");
}

/// Two threads: a legal move.
fn two_threads(model: Model) {
    let mut rng = StdRng::seed_from_u64(0x2 + model as u64);
    let shape = Shape {
        heaps: 2..=4,
        tokens: 3..=9,
        cap: 3..=9,
        playout: 0..=6,
    };
    for i in 0..8 {
        let pos = random_position(&mut rng, 3 + i % 2, &shape, Need::Multi);
        let table = Searcher::new(4);
        let answer = run_with(
            &pos,
            5,
            model,
            2,
            &table,
            &AtomicBool::new(false),
            &mut || {},
        );
        let best = answer.best.expect("a move");
        assert!(
            legal(&pos).contains(&best),
            "{model:?} in {}: {answer:?}",
            pos.to_text()
        );
    }
}

macro_rules! model_tests {
    ($name:ident, $model:expr, $keyed:expr) => {
        mod $name {
            use super::*;

            #[test]
            fn matches_reference() {
                super::matches_reference($model);
            }

            #[test]
            fn crafted_positions_match_reference() {
                crafted_positions($model);
            }

            #[test]
            fn table_keyed_by_root_seat() {
                super::table_keyed_by_root_seat($model, $keyed);
            }

            #[test]
            fn stop_returns_a_legal_move() {
                stops($model);
            }

            #[test]
            fn two_threads_return_a_legal_move() {
                two_threads($model);
            }
        }
    };
}

model_tests!(paranoid, Model::Paranoid, 150);
model_tests!(maxn, Model::MaxN, 100);
model_tests!(brs, Model::Brs, 100);
model_tests!(brs_plus, Model::BrsPlus, 100);

/// Two active seats (after an elimination or a withdrawal): every option is two-sided
/// alpha-beta.
#[test]
fn two_active_seats_search_two_sided_under_every_option() {
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(0x2515);
    let mut counts = Counts::default();
    let mut summary = Vec::new();
    for seats in [2, 3, 4] {
        for depth in 1..=6u32 {
            let n = if depth <= 4 { 30 } else { 20 };
            let shape = Shape {
                heaps: 1..=4,
                tokens: 1..=(if depth <= 4 { 7 } else { 5 }),
                cap: 1..=7,
                playout: (if seats == 2 { 0 } else { 2 })..=12,
            };
            for _ in 0..n {
                let pos = random_position(&mut rng, seats, &shape, Need::Two);
                let e = expected(&pos, depth, Model::Paranoid, &mut counts);
                for model in MODELS {
                    let table = Searcher::new(1);
                    check(&pos, depth, model, &run(&pos, depth, model, &table), &e);
                }
            }
            summary.push(format!("{seats} seats depth {depth}: {n}"));
        }
    }
    eprintln!(
        "two-sided against the reference (x4 options): {}; {counts:?}; {:.1?}",
        summary.join(", "),
        started.elapsed()
    );
    assert!(counts.eliminations > 0, "{counts:?}");
    assert!(counts.stuck_ends > 0, "{counts:?}");
    assert!(counts.subset_draws > 0, "{counts:?}");
}

/// The same position searched twice with the same table gives the same value at the same
/// depth, both times the reference's, with a move the reference values as best (which of
/// several equally good moves may change with what the table holds).
#[test]
fn paranoid_table_gives_the_same_answer_twice() {
    let mut rng = StdRng::seed_from_u64(0x7777);
    let mut counts = Counts::default();
    let shape = Shape {
        heaps: 1..=4,
        tokens: 1..=8,
        cap: 1..=9,
        playout: 0..=10,
    };
    for i in 0..100 {
        let depth = 1 + (i % 6) as u32;
        let pos = random_position(&mut rng, 3 + i % 2, &shape, Need::Multi);
        let table = Searcher::new(1);
        let first = run(&pos, depth, Model::Paranoid, &table);
        let second = run(&pos, depth, Model::Paranoid, &table);
        assert_eq!(
            (first.score, first.depth),
            (second.score, second.depth),
            "depth {depth} in {}: {first:?} then {second:?}",
            pos.to_text()
        );
        let e = expected(&pos, depth, Model::Paranoid, &mut counts);
        check(&pos, depth, Model::Paranoid, &first, &e);
        check(&pos, depth, Model::Paranoid, &second, &e);
    }
}
