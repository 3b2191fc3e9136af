//! The search through the protocol: known mates found with the right `score mate`.

use crate::engine_process::{final_score, EngineProcess};
use regalia::core::{MoveList, Rules as _, Scope};
use regalia::games::chess::{Position, Rules};
use std::time::Duration;

fn is_mate_after(fen: &str, mv: &str) -> bool {
    let mut pos = Position::from_fen(fen, Rules::Orthodox).expect("valid FEN");
    let Ok(m) = pos.parse_move(mv) else {
        return false;
    };
    pos.make(m);
    let mut replies = MoveList::new();
    pos.generate(Scope::All, &mut replies);
    replies.is_empty() && pos.in_check()
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let cases = [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "mate 1"),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "mate 1",
        ),
        (
            "r2qk2r/pb4pp/1n2Pb2/2B2Q2/p1p5/2P5/2B2PPP/RN2R1K1 w - - 1 1",
            "mate 2",
        ),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "mate 3"),
        ("6k1/5p1p/6p1/8/8/8/1Q3PPP/1R4K1 w - - 0 1", "mate 3"),
        (
            "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
            "mate 3",
        ),
    ];
    let mut e = EngineProcess::start();
    for (fen, expected) in cases {
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        let (lines, best) = e.search("go depth 10", Duration::from_secs(120));
        assert_eq!(final_score(&lines), expected, "{fen}");
        if expected == "mate 1" {
            assert!(is_mate_after(fen, &best), "{best} should mate in {fen}");
        }
    }
    e.quit();
}

#[test]
fn go_mate_stops_once_the_mate_is_found() {
    let mut e = EngineProcess::start();
    e.send("position fen r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    let (lines, best) = e.search("go mate 3", Duration::from_secs(120));
    assert_eq!(final_score(&lines), "mate 3");
    assert_eq!(best, "f6a6");
    e.quit();
}

#[test]
fn mated_side_reports_negative_mate() {
    // Black's only move, Kb8, walks into Rh8 mate.
    let mut e = EngineProcess::start();
    e.send("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1");
    let (lines, best) = e.search("go depth 8", Duration::from_secs(60));
    assert_eq!(final_score(&lines), "mate -1");
    assert_eq!(best, "a8b8");
    e.quit();
}

/// Mating attacks whose quiet checks come after material is given (Win At Chess 79, 172, 186,
/// 225): futility and late-move pruning must leave checks alone, or depth 8 misses a mate in 3.
#[test]
fn mates_through_quiet_checks_after_a_sacrifice_are_found_at_depth_eight() {
    let cases = [
        (
            "r3k2r/pbp2pp1/3b1n2/1p6/3P3p/1B2N1Pq/PP1PQP1P/R1B2RK1 b kq - 0 1",
            "h3h2",
        ),
        ("5r1k/p5pp/8/1P1pq3/P1p2nR1/Q7/5BPP/6K1 b - - 0 1", "e5e1"),
        (
            "r5r1/p1q2p1k/1p1R2pB/3pP3/6bQ/2p5/P1P1NPPP/6K1 w - - 0 1",
            "h6f8",
        ),
        ("4R3/4q1kp/6p1/1Q3b2/1P1b1P2/6KP/8/8 b - - 0 1", "e7h4"),
    ];
    let mut e = EngineProcess::start();
    for (fen, key_move) in cases {
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        let (lines, best) = e.search("go depth 8", Duration::from_secs(120));
        assert_eq!(final_score(&lines), "mate 3", "{fen}");
        assert_eq!(best, key_move, "{fen}");
    }
    e.quit();
}
