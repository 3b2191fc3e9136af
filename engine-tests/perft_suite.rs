//! The perft suites (`perft/<variant>.epd`, counts from independent generators) through the
//! library, and lines of each through the binary's `go perft` in the exact Stockfish format.

use crate::engine_process::EngineProcess;
use crate::perft_data::{parse_suite, SuiteLine};
use regalia::games::chess::{Position, Rules};
use regalia::search::perft::perft;
use std::time::Duration;

const SUITES: [(&str, Rules, &str); 3] = [
    ("chess", Rules::Orthodox, include_str!("perft/chess.epd")),
    (
        "scepterchess",
        Rules::Scepter,
        include_str!("perft/scepterchess.epd"),
    ),
    ("chess40k", Rules::Forty, include_str!("perft/chess40k.epd")),
];

fn suite() -> Vec<SuiteLine> {
    parse_suite(SUITES[0].2)
}

#[test]
fn suites_have_enough_positions() {
    assert!(
        suite().len() >= 36,
        "chess: the six standard positions and thirty more"
    );
    for (name, _, text) in &SUITES[1..] {
        assert!(
            parse_suite(text).len() >= 16,
            "{name}: start and fifteen crafted positions"
        );
    }
}

#[test]
fn every_perft_line_matches() {
    for (name, rules, text) in SUITES {
        for line in parse_suite(text) {
            let pos = Position::from_fen(&line.position, rules)
                .unwrap_or_else(|e| panic!("{name} {}: {e}", line.position));
            for &(depth, expected) in &line.counts {
                let mut p = pos;
                assert_eq!(
                    perft(&mut p, depth),
                    expected,
                    "{name} {} depth {depth}",
                    line.position
                );
                assert_eq!(p, pos, "perft must leave the position as it found it");
            }
        }
    }
}

#[test]
fn variant_perft_over_the_protocol() {
    let mut e = EngineProcess::start();
    for (name, _, text) in &SUITES[1..] {
        e.send(&format!("setoption name UCI_Variant value {name}"));
        for line in parse_suite(text).iter().step_by(3) {
            let &(depth, expected) = line.counts.last().expect("a count");
            e.send(&format!("position fen {}", line.position));
            e.send(&format!("go perft {depth}"));
            let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
            assert_eq!(
                out.last().cloned(),
                Some(format!("Nodes searched: {expected}")),
                "{name} {}",
                line.position
            );
            assert_eq!(e.next_line(Duration::from_secs(5)).as_deref(), Some(""));
        }
    }
    e.quit();
}

#[test]
fn kiwipete_depth_five() {
    let mut pos = Position::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        Rules::Orthodox,
    )
    .expect("valid FEN");
    assert_eq!(perft(&mut pos, 5), 193_690_690);
}

#[test]
fn go_perft_over_the_protocol_prints_stockfish_format() {
    let mut e = EngineProcess::start();
    for line in suite().iter().take(8) {
        let &(depth, expected) = line.counts.iter().rev().nth(1).unwrap_or(&line.counts[0]);
        e.send(&format!("position fen {}", line.position));
        e.send(&format!("go perft {depth}"));
        let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
        let blank = out.len() - 2;
        assert_eq!(out[blank], "", "a blank line precedes the total");
        let mut sum = 0;
        for l in &out[..blank] {
            let (mv, n) = l.split_once(": ").expect("'<move>: <count>'");
            assert!(mv.len() == 4 || mv.len() == 5, "move text {mv}");
            sum += n.parse::<u64>().expect("count");
        }
        assert_eq!(sum, expected, "{}", line.position);
        assert_eq!(out[blank + 1], format!("Nodes searched: {expected}"));
        assert_eq!(e.next_line(Duration::from_secs(5)).as_deref(), Some(""));
    }
    e.quit();
}
