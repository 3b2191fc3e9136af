//! Root splitting (`Threads` above one for max-n, BRS and BRS+): two threads find the score a
//! single thread finds at the same fixed depth, on takeaway and on Sceptre 1027 A.D. with three
//! and four players, and choose a legal move; max-n, whose ties go to the move generated first
//! whatever the order of search, also the same move and vector. `stop` and pondering work as
//! on one thread. Every search starts on a fresh searcher, so no earlier table is shared.

use regalia::core::{Evaluator, MoveList, Rules, Scope, Score, SeatScores};
use regalia::games::sceptre::eval::SceptreEval;
use regalia::games::sceptre::SceptrePosition;
use regalia::games::takeaway::{TakeawayEval, TakeawayPosition};
use regalia::search::{
    search, MultiplayerSearch, SearchLimits, SearchOptions, SearchRequest, Searcher,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const SPLIT: [MultiplayerSearch; 3] = [
    MultiplayerSearch::MaxN,
    MultiplayerSearch::Brs,
    MultiplayerSearch::BrsPlus,
];

fn legal<G: Rules>(g: &G) -> Vec<G::Move> {
    let mut list = MoveList::new();
    g.generate(Scope::All, &mut list);
    list.iter().copied().collect()
}

#[derive(Debug)]
struct Answer<M> {
    best: Option<M>,
    score: Score,
    seat_scores: Option<SeatScores>,
    depth: u32,
}

/// A search of `game` with `threads` threads under `limits` on a fresh searcher; `on_report`
/// sees the depth of each `info` report.
fn run<G: regalia::core::Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    algorithm: MultiplayerSearch,
    threads: usize,
    limits: &SearchLimits,
    (stop, pondering): (&AtomicBool, &AtomicBool),
    on_report: &mut dyn FnMut(u32),
) -> Answer<G::Move> {
    let options = SearchOptions {
        multiplayer: algorithm,
        threads,
        ..Default::default()
    };
    let searcher = Searcher::new(16);
    let result = search(
        SearchRequest {
            game,
            history: &[],
            root_moves: legal(game),
            limits,
            options: &options,
            searcher: &searcher,
            stop,
            pondering,
        },
        eval,
        &mut |report| on_report(report.depth),
    );
    Answer {
        best: result.best,
        score: result.score,
        seat_scores: result.seat_scores,
        depth: result.depth,
    }
}

fn at_depth<G: regalia::core::Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    algorithm: MultiplayerSearch,
    threads: usize,
    depth: u32,
) -> Answer<G::Move> {
    let limits = SearchLimits {
        depth: Some(depth),
        ..Default::default()
    };
    let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
    run(
        game,
        eval,
        algorithm,
        threads,
        &limits,
        (&stop, &pondering),
        &mut |_| {},
    )
}

/// Two threads against one at `depth`: the same score (max-n: the same move and vector), a
/// legal move, every iteration completed.
fn same_as_one_thread<G: regalia::core::Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    algorithm: MultiplayerSearch,
    depth: u32,
    what: &str,
) {
    let one = at_depth(game, eval, algorithm, 1, depth);
    let two = at_depth(game, eval, algorithm, 2, depth);
    let context = format!("{algorithm:?} depth {depth} on {what}: one {one:?}, two {two:?}");
    let best = two.best.unwrap_or_else(|| panic!("no move: {context}"));
    assert!(legal(game).contains(&best), "illegal move: {context}");
    assert_eq!(two.depth, depth, "{context}");
    assert_eq!(two.score, one.score, "{context}");
    if algorithm == MultiplayerSearch::MaxN {
        assert_eq!(two.best, one.best, "{context}");
        assert_eq!(two.seat_scores, one.seat_scores, "{context}");
    }
}

/// Takeaway positions of three and four seats, with moves enough at the root to split.
fn takeaway_positions() -> Vec<TakeawayPosition> {
    [
        (&[4, 5, 6][..], 3, 3),
        (&[3, 4, 5, 6][..], 4, 4),
        (&[9, 7, 5][..], 3, 6),
        (&[6, 6, 6, 6][..], 4, 5),
    ]
    .iter()
    .map(|&(heaps, seats, cap)| TakeawayPosition::new(heaps, seats, cap).expect("valid"))
    .collect()
}

#[test]
fn two_threads_score_as_one_on_takeaway() {
    for pos in takeaway_positions() {
        for algorithm in SPLIT {
            for depth in 1..=6 {
                same_as_one_thread(&pos, &TakeawayEval, algorithm, depth, &pos.to_text());
            }
        }
    }
}

/// The first shipped ready set-up on `nine` for `players` players.
fn sceptre_ready(players: usize) -> SceptrePosition {
    let path = format!(
        "{}/openings/sceptre1027/ready-{players}.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .expect("a position");
    SceptrePosition::from_text(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn two_threads_score_as_one_on_sceptre_with_three_and_four_players() {
    let eval = SceptreEval::default();
    for players in [3, 4] {
        let pos = sceptre_ready(players);
        assert_eq!(pos.active().len(), players);
        let what = format!("nine, {players} players");
        same_as_one_thread(&pos, &eval, MultiplayerSearch::MaxN, 2, &what);
        same_as_one_thread(&pos, &eval, MultiplayerSearch::Brs, 2, &what);
        same_as_one_thread(&pos, &eval, MultiplayerSearch::BrsPlus, 2, &what);
    }
}

/// A position too big to finish depth 60 in a test's time.
fn big() -> TakeawayPosition {
    TakeawayPosition::new(&[9, 9, 9, 9], 4, 9).expect("valid")
}

/// A two-thread takeaway search on a fresh searcher; `on_depth` sees each report's depth with
/// the stop and ponder flags (pondering starts as `pondering`), which it may flip.
fn run_flagged(
    pos: &TakeawayPosition,
    algorithm: MultiplayerSearch,
    limits: &SearchLimits,
    pondering: bool,
    on_depth: &mut dyn FnMut(u32, &AtomicBool, &AtomicBool),
) -> Answer<<TakeawayPosition as Rules>::Move> {
    let (stop, ponder) = (AtomicBool::new(false), AtomicBool::new(pondering));
    run(
        pos,
        &TakeawayEval,
        algorithm,
        2,
        limits,
        (&stop, &ponder),
        &mut |depth| on_depth(depth, &stop, &ponder),
    )
}

#[test]
fn stop_ends_a_split_search_with_a_legal_move() {
    let pos = big();
    let limits = SearchLimits {
        depth: Some(60),
        ..Default::default()
    };
    for algorithm in SPLIT {
        let mut reports = 0;
        let answer = run_flagged(&pos, algorithm, &limits, false, &mut |_, stop, _| {
            reports += 1;
            if reports == 2 {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let best = answer.best.expect("a stopped search still has a move");
        assert!(legal(&pos).contains(&best), "{algorithm:?}: {answer:?}");
        assert!(answer.depth < 60, "{algorithm:?}: stopped, yet {answer:?}");
        assert!(reports >= 2, "{algorithm:?}: {reports} reports");
    }
}

/// While pondering the clock does not count: with a 1 ms move time the split search still
/// reaches its depth limit, then waits for `ponderhit` (given from the report of that depth).
/// Pondering on, `stop` still ends it.
#[test]
fn pondering_ignores_the_clock_and_stop_ends_it() {
    // Depth 5 here takes far more than 1 ms (tens of thousands of nodes for max-n).
    let medium = TakeawayPosition::new(&[4, 5, 6], 3, 3).expect("valid");
    let pos = big();
    for algorithm in SPLIT {
        let limits = SearchLimits {
            depth: Some(5),
            move_time: Some(Duration::from_millis(1)),
            ponder: true,
            ..Default::default()
        };
        let answer = run_flagged(
            &medium,
            algorithm,
            &limits,
            true,
            &mut |depth, _, ponder| {
                if depth == 5 {
                    ponder.store(false, Ordering::Relaxed);
                }
            },
        );
        assert_eq!(answer.depth, 5, "{algorithm:?}: {answer:?}");
        assert!(legal(&medium).contains(&answer.best.expect("a move")));

        let limits = SearchLimits {
            depth: Some(60),
            ponder: true,
            ..Default::default()
        };
        let answer = run_flagged(&pos, algorithm, &limits, true, &mut |depth, stop, _| {
            if depth == 2 {
                stop.store(true, Ordering::Relaxed);
            }
        });
        assert!(answer.depth < 60, "{algorithm:?}: {answer:?}");
        assert!(legal(&pos).contains(&answer.best.expect("a move")));
    }
}
