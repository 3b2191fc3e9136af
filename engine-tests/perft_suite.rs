//! The perft suites (`perft/<variant>.epd`, counts from independent generators), one per variant
//! of the registry: through the library, lines of each through the binary's `go perft`, and
//! chess's in the exact Stockfish format.

use crate::engine_process::EngineProcess;
use crate::variant_data::{checks, named_variants, perft_suite, SuiteLine};
use regalia::games::chess::{Position, Rules};
use regalia::search::perft::perft;
use regalia::session::{RulesVisitor, Variant, VariantRules};
use std::time::Duration;

#[test]
fn every_variant_has_a_suite_of_enough_positions() {
    let mut with_suites = named_variants("perft", "epd");
    with_suites.sort_by_key(|v| Variant::ALL.iter().position(|a| a == v));
    assert_eq!(
        with_suites,
        Variant::ALL,
        "one perft/<variant>.epd per variant"
    );
    for &variant in Variant::ALL {
        let suite = perft_suite(variant);
        let checks = checks(variant);
        let least = checks.required("perft-positions");
        assert!(
            suite.len() as u64 >= least,
            "{variant}: {} positions, at least {least} expected",
            suite.len()
        );
        if let Some(depths) = checks.number("perft-start-depths") {
            assert!(
                suite[0].counts.len() as u64 >= depths,
                "{variant}: the start position to depth {depths} at least"
            );
        }
    }
}

/// Every line of a suite through the library: each count, and the position left as found.
struct SuiteMatches<'a> {
    suite: &'a [SuiteLine],
}

impl RulesVisitor for SuiteMatches<'_> {
    type Output = ();
    fn visit<V: VariantRules>(self, rules: V) {
        let name = rules.variant();
        for line in self.suite {
            let pos = rules
                .parse_position(&line.position)
                .unwrap_or_else(|e| panic!("{name} {}: {e}", line.position));
            for &(depth, expected) in &line.counts {
                let mut p = pos.clone();
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
fn every_perft_line_matches() {
    std::thread::scope(|scope| {
        for &variant in Variant::ALL {
            scope.spawn(move || {
                let suite = perft_suite(variant);
                variant.visit(SuiteMatches { suite: &suite });
            });
        }
    });
}

#[test]
fn every_suite_over_the_protocol() {
    let mut e = EngineProcess::start();
    for &variant in Variant::ALL {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        for line in perft_suite(variant).iter().step_by(3) {
            let &(depth, expected) = line.counts.last().expect("a count");
            e.send(&format!("position fen {}", line.position));
            e.send(&format!("go perft {depth}"));
            let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
            assert_eq!(
                out.last().cloned(),
                Some(format!("Nodes searched: {expected}")),
                "{variant} {}",
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
    for line in perft_suite(Variant::Chess).iter().take(8) {
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
