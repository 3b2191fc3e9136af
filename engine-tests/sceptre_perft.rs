//! Sceptre 1027 A.D. perft against the independent Python reference: every position of
//! engine-tests/perft/sceptre1027.epd, every depth whose count is at most
//! `MAX_LEAVES` (larger ones are skipped to keep the test fast in `cargo test --release`).

use regalia::games::sceptre::SceptrePosition;
use std::path::Path;

const MAX_LEAVES: u64 = 300_000;

/// A reference position: its comment, its text and its (depth, count) pairs.
struct Reference {
    comment: String,
    text: String,
    counts: Vec<(u32, u64)>,
}

fn reference() -> Vec<Reference> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/perft/sceptre1027.epd");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut comment = String::new();
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(c) = line.strip_prefix('#') {
            comment = c.trim().to_string();
            continue;
        }
        let mut parts = line.split(" ;");
        let position = parts.next().unwrap_or_default().to_string();
        let counts = parts
            .map(|p| {
                let (d, n) = p.trim().split_once(' ').expect("D<depth> <count>");
                let d = d.trim_start_matches('D').parse().expect("depth");
                (d, n.parse().expect("count"))
            })
            .collect();
        out.push(Reference {
            comment: std::mem::take(&mut comment),
            text: position,
            counts,
        });
    }
    out
}

#[test]
fn sceptre_perft_matches_the_reference() {
    check_counts(MAX_LEAVES);
}

/// Every depth, the largest counts too (about 8 million leaves; `--ignored`).
#[test]
#[ignore]
fn sceptre_perft_matches_the_reference_at_every_depth() {
    check_counts(u64::MAX);
}

fn check_counts(max_leaves: u64) {
    let positions = reference();
    assert_eq!(positions.len(), 27);
    let mut failures = Vec::new();
    let mut checked = 0;
    for Reference {
        comment,
        text,
        counts,
    } in &positions
    {
        let mut position =
            SceptrePosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for &(depth, expected) in counts {
            if expected > max_leaves {
                continue;
            }
            let got = position.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{comment}\n  {text}\n  depth {depth}: {got}, reference {expected}"
                ));
            }
            assert_eq!(
                position.to_text(),
                *text,
                "perft must leave the position as it was"
            );
        }
    }
    eprintln!("{checked} perft counts checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} counts differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
