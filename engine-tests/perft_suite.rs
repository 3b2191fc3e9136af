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
            if !line.moves.is_empty() {
                check_counts_after_moves(name, line);
                continue;
            }
            let pos = rules
                .parse_position(&line.position)
                .unwrap_or_else(|e| panic!("{name} {}: {e}", line.position));
            check_counts(&pos, line, &name.to_string());
        }
    }
}

/// A line with moves: counted by a session, which keeps the game's history as `go perft` does.
fn check_counts_after_moves(variant: Variant, line: &SuiteLine) {
    let mut session = variant.new_session();
    session
        .set_position(Some(&line.position), &line.moves)
        .unwrap_or_else(|e| panic!("{variant} {}: {e}", line.position_and_moves()));
    for &(depth, expected) in &line.counts {
        let total: u64 = session.perft(depth, 1).iter().map(|(_, n)| n).sum();
        assert_eq!(
            total,
            expected,
            "{variant} {} depth {depth}",
            line.position_and_moves()
        );
    }
}

/// Each of a suite line's counts from `pos`, and `pos` left as perft found it.
pub fn check_counts<G>(pos: &G, line: &SuiteLine, what: &str)
where
    G: regalia::core::Game + Clone + PartialEq + std::fmt::Debug,
{
    for &(depth, expected) in &line.counts {
        let mut p = pos.clone();
        assert_eq!(
            perft(&mut p, depth),
            expected,
            "{what} {} depth {depth}",
            line.position
        );
        assert_eq!(&p, pos, "perft must leave the position as it found it");
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
            e.send(&format!("position fen {}", line.position_and_moves()));
            e.send(&format!("go perft {depth}"));
            let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
            assert_eq!(
                out.last().cloned(),
                Some(format!("Nodes searched: {expected}")),
                "{variant} {}",
                line.position_and_moves()
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

/// `go perft` runs on its own thread: `isready` is answered while a count far too deep to end
/// runs, `go` is refused as during a search, `position` still applies, `stop` ends the count
/// (saying so, with the root moves counted in full and never a `Nodes searched` line), and the
/// next count prints the usual format. No assertion on durations: timeouts only avoid hangs.
#[test]
fn go_perft_runs_on_its_own_thread_and_stops() {
    let long = Duration::from_secs(120);
    let mut e = EngineProcess::start();
    e.send("position startpos");
    e.send("go perft 10");
    e.send("isready");
    assert_eq!(e.next_line(long).as_deref(), Some("readyok"));
    e.send("go depth 2");
    let answer = e.sync();
    assert_eq!(
        answer,
        ["info string error a search is already running (send stop first)"]
    );
    e.send("go perft 1");
    assert_eq!(
        e.sync(),
        ["info string error perft cannot run while a search runs"]
    );
    e.send("position startpos moves e2e4");
    assert!(e.sync().is_empty(), "position is taken during a perft");
    e.send("stop");
    let out = e.read_until(long, |l| l.starts_with("info string perft stopped"));
    let last = out.last().cloned().unwrap_or_default();
    assert!(
        last.starts_with("info string perft stopped: ") && last.ends_with(" nodes"),
        "{out:?}"
    );
    assert!(last.contains(" of 20 root moves counted, "), "{last}");
    assert_eq!(
        out[out.len() - 2],
        "",
        "a blank line precedes the stop line"
    );
    assert!(out.iter().all(|l| !l.starts_with("Nodes searched")));
    for l in &out[..out.len() - 2] {
        let (mv, n) = l.split_once(": ").expect("'<move>: <count>'");
        assert!(mv.len() == 4 && n.parse::<u64>().is_ok(), "{l}");
    }
    assert_eq!(e.next_line(long).as_deref(), Some(""));
    // The position sent during the count holds; a count after a stopped one is whole.
    e.send("go perft 2");
    let out = e.read_until(long, |l| l.starts_with("Nodes searched"));
    assert_eq!(out.len(), 22, "{out:?}");
    assert_eq!(out[0], "b8a6: 30");
    assert_eq!(out[20], "");
    assert_eq!(out[21], "Nodes searched: 600");
    assert_eq!(e.next_line(long).as_deref(), Some(""));
    e.send("isready");
    assert_eq!(e.next_line(long).as_deref(), Some("readyok"));
    assert!(e.quit().success());
}

/// `quit` during a deep perft ends the engine (`quit()` gives it a generous 10 s).
#[test]
fn quit_ends_a_running_perft() {
    let mut e = EngineProcess::start();
    e.send("setoption name Threads value 2");
    e.send("position startpos");
    e.send("go perft 10");
    e.send("isready");
    assert_eq!(
        e.next_line(Duration::from_secs(60)).as_deref(),
        Some("readyok")
    );
    assert!(e.quit().success());
}

/// A perft that ends by itself prints exactly what it printed on the protocol thread: the
/// start position to depth 1, line by line.
#[test]
fn a_whole_perft_prints_rulings_format() {
    let mut e = EngineProcess::start();
    e.send("position startpos");
    e.send("go perft 1");
    let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
    let mut expected: Vec<String> = [
        "b1a3", "b1c3", "g1f3", "g1h3", "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3",
        "h2h3", "a2a4", "b2b4", "c2c4", "d2d4", "e2e4", "f2f4", "g2g4", "h2h4",
    ]
    .iter()
    .map(|m| format!("{m}: 1"))
    .collect();
    expected.push(String::new());
    expected.push("Nodes searched: 20".to_string());
    assert_eq!(out, expected);
    assert_eq!(e.next_line(Duration::from_secs(60)).as_deref(), Some(""));
    // Deeper than any count could finish (and than the stack holds): refused, not a crash.
    e.send("go perft 100000");
    assert_eq!(
        e.sync(),
        ["info string error perft depth 100000 is more than 128"]
    );
    e.send("go perft 0");
    let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
    assert_eq!(out, ["", "Nodes searched: 1"]);
    assert_eq!(e.next_line(Duration::from_secs(60)).as_deref(), Some(""));
    assert!(e.quit().success());
}
