//! Tafl rule sets against the independent reference (engine-tests/tools/tafl_rules_reference.py):
//! the perft suites of every named set and of each switch alone, the rule cases (what one move
//! captures and decides), the strings Regalia must refuse, and the named sets' strings.

use crate::engine_process::EngineProcess;
use regalia::games::tafl::board::square_name;
use regalia::games::tafl::{Cell, Ending, RuleSet, Side, TaflPosition};
use regalia::search::perft::perft;
use std::time::Duration;

/// `perft/tafl-rule-sets/<name>.epd`.
const SUITES: [&str; 6] = [
    "default",
    "fetlar",
    "copenhagen",
    "brandubh",
    "tablut",
    "switches",
];

fn data(path: &str) -> String {
    let full = format!("{}/engine-tests/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// A suite line: the rules in force, the position, and its counts by depth.
type RuleSetLine = (String, String, Vec<(u32, u64)>);

fn suite(name: &str) -> Vec<RuleSetLine> {
    let mut rules = String::from("default");
    let mut out = Vec::new();
    for line in data(&format!("perft/tafl-rule-sets/{name}.epd")).lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(r) = line.strip_prefix("rules ") {
            rules = r.to_string();
            continue;
        }
        let mut parts = line.split(';');
        let position = parts.next().unwrap_or_default().trim().to_string();
        let counts = parts
            .map(|p| {
                let (d, n) = p.trim().split_once(' ').expect("';D<depth> <count>'");
                (d[1..].parse().unwrap(), n.trim().parse().unwrap())
            })
            .collect();
        out.push((rules.clone(), position, counts));
    }
    out
}

#[test]
fn every_rule_set_suite_matches_the_reference() {
    std::thread::scope(|scope| {
        for name in SUITES {
            scope.spawn(move || {
                let lines = suite(name);
                assert!(lines.len() >= 8, "{name}: {} positions", lines.len());
                for (rules, position, counts) in lines {
                    let r = RuleSet::from_name_or_text(&rules)
                        .unwrap_or_else(|e| panic!("{name} rules {rules}: {e}"));
                    let pos = TaflPosition::from_text_in(&position, r)
                        .unwrap_or_else(|e| panic!("{name} {position}: {e}"));
                    for (depth, expected) in counts {
                        let mut p = pos;
                        assert_eq!(
                            perft(&mut p, depth),
                            expected,
                            "{name} [{rules}] {position} depth {depth}"
                        );
                        assert_eq!(p, pos, "perft leaves the position as it found it");
                    }
                }
            });
        }
    });
}

#[test]
fn the_named_sets_are_the_references_strings() {
    for line in data("data/tafl-rule-sets.txt").lines() {
        let (name, text) = line.split_once(' ').expect("<name> <rules string>");
        let named = RuleSet::named(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(named.text, text, "{name}");
        // OpenTafl sending the same string gets the named set itself.
        let sent = RuleSet::from_name_or_text(text).unwrap();
        assert!(std::ptr::eq(sent, named), "{name}");
        assert_eq!(sent.name, name);
    }
}

#[test]
fn unsupported_rules_are_refused_with_a_reason() {
    for line in data("data/tafl-unsupported-rules.txt").lines() {
        if line.trim().is_empty() {
            continue;
        }
        let err = RuleSet::from_name_or_text(line)
            .expect_err(line)
            .to_string();
        assert!(
            err.starts_with("unsupported") || err.contains("dim:"),
            "{line}: {err}"
        );
    }
}

/// Cases of the reference: one move, what it captures and what it decides (or, for move `-`,
/// what a position given as it stands has decided).
#[test]
fn every_rule_case_captures_and_decides_as_the_reference() {
    let text = data("data/tafl-rule-cases.txt");
    let mut cases = 0;
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key} ")))
                .unwrap_or_else(|| panic!("{key} in {block}"))
                .trim()
                .to_string()
        };
        let name = field("case");
        let rules = RuleSet::from_name_or_text(&field("rules")).unwrap();
        let mut pos = TaflPosition::from_text_in(&field("position"), rules)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let before = pos;
        let mover = pos.side_to_move();
        // `-`: the position as given, its result before anyone moves.
        let move_text = field("move");
        if move_text != "-" {
            let m = regalia::core::Rules::parse_move(&pos, &move_text)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            pos.make(m);
        }
        let mut captured: Vec<String> = rules
            .squares
            .iter()
            .filter(|&&s| {
                let was = before.cell(s);
                was != Cell::Empty && !mover.owns(was) && pos.cell(s) == Cell::Empty
            })
            .map(|&s| square_name(s))
            .collect();
        if pos.ending() == Some(Ending::KingCaptured) {
            captured.push(square_name(
                pos.king_square().expect("the king stays on his square"),
            ));
        }
        captured.sort();
        let captured = if captured.is_empty() {
            "-".to_string()
        } else {
            captured.join(" ")
        };
        assert_eq!(captured, field("captured"), "{name}");
        let result = match pos.winner() {
            None => "none",
            Some(Side::Attackers) => "attackers",
            Some(Side::Defenders) => "defenders",
        };
        let no_moves = {
            let mut list = regalia::core::MoveList::new();
            regalia::core::Rules::generate(&pos, regalia::core::Scope::All, &mut list);
            list.is_empty()
        };
        let result = match (result, no_moves, pos.side_to_move()) {
            ("none", true, Side::Attackers) => "defenders",
            ("none", true, Side::Defenders) => "attackers",
            (r, _, _) => r,
        };
        assert_eq!(result, field("result"), "{name}");
        cases += 1;
    }
    assert!(cases >= 80, "{cases} rule cases");
}

#[test]
fn rule_sets_through_the_protocol() {
    let mut e = EngineProcess::start();
    e.send("setoption name UCI_Variant value tafl");
    for name in SUITES {
        let lines = suite(name);
        for (rules, position, counts) in lines.iter().step_by(4) {
            e.send(&format!("setoption name TaflRules value {rules}"));
            e.send(&format!("position fen {position}"));
            let &(depth, expected) = counts
                .iter()
                .rev()
                .find(|c| c.1 < 200_000)
                .unwrap_or(&counts[0]);
            e.send(&format!("go perft {depth}"));
            let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
            assert_eq!(
                out.last().cloned(),
                Some(format!("Nodes searched: {expected}")),
                "{name} [{rules}] {position}"
            );
            assert_eq!(e.next_line(Duration::from_secs(5)).as_deref(), Some(""));
        }
    }
    // A size that does not fit the rule set, a rule set that does not read: errors, and the
    // last good state stays.
    e.send("setoption name TaflRules value brandubh");
    e.send("position fen 3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a");
    e.send("setoption name TaflRules value dim:11 ber:c start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/");
    let answer = e.sync();
    assert_eq!(answer.len(), 2, "{answer:?}");
    assert!(
        answer[0].contains("11 ranks") && answer[0].contains("7x7"),
        "{answer:?}"
    );
    assert!(answer[1].contains("berserk"), "{answer:?}");
    e.send("go perft 2");
    let out = e.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
    assert_eq!(out.last().map(String::as_str), Some("Nodes searched: 960"));
    e.quit();
}
