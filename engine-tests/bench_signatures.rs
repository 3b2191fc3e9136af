//! The bench signature of every variant against `engine-tests/bench-signatures.txt`: the
//! built binary's `bench --variant V`, as a user or OpenBench runs it. Node counts, not times.

use regalia::session::Variant;
use std::collections::BTreeMap;
use std::process::Command;

/// `variant -> nodes` from the checked-in file.
fn expected_signatures() -> BTreeMap<String, u64> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/engine-tests/bench-signatures.txt"
    );
    let text = std::fs::read_to_string(path).expect("engine-tests/bench-signatures.txt");
    let mut out = BTreeMap::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (variant, nodes) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("'{line}' is not 'variant nodes'"));
        let nodes = nodes
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("'{line}': the node count is not a number"));
        assert!(
            out.insert(variant.to_string(), nodes).is_none(),
            "{variant} is listed twice"
        );
    }
    out
}

/// The "Nodes searched" count of `regalia bench --variant V`.
fn bench_nodes(variant: &str) -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args(["bench", "--variant", variant])
        .output()
        .expect("regalia runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "bench --variant {variant} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched"))
        .and_then(|rest| rest.trim_start_matches([':', ' ']).trim().parse().ok())
        .unwrap_or_else(|| panic!("bench --variant {variant}: no 'Nodes searched' line:\n{stdout}"))
}

#[test]
fn every_variant_keeps_its_bench_signature() {
    let expected = expected_signatures();
    let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    for name in expected.keys() {
        assert!(
            variants.contains(&name.as_str()),
            "bench-signatures.txt lists '{name}', which is not a variant ({variants:?})"
        );
    }
    // All the variants are run before any failure is reported, so one run shows every change.
    let mut wrong = Vec::new();
    for variant in &variants {
        let Some(&want) = expected.get(*variant) else {
            wrong.push(format!(
                "{variant}: no line in engine-tests/bench-signatures.txt (found {} nodes)",
                bench_nodes(variant)
            ));
            continue;
        };
        let found = bench_nodes(variant);
        if found != want {
            wrong.push(format!(
                "{variant}: bench signature changed: expected {want} nodes, found {found}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{}\n(a change meant to alter a count updates engine-tests/bench-signatures.txt and says \
         why in its commit message)",
        wrong.join("\n")
    );
}
