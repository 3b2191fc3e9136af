//! Tuning the chess evaluation: `regalia tune` fits weights from PGN and refuses bad input
//! cleanly; `EvalWeights` chooses between the tuned table (the default) and the hand-set one and
//! refuses other values.

use crate::engine_process::EngineProcess;
use std::process::Command;
use std::time::Duration;

const LONG: Duration = Duration::from_secs(60);

/// Runs the binary with `args`: its exit code, stdout and stderr (also for `sceptre_tuning`).
pub(crate) fn regalia(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args(args)
        .output()
        .expect("regalia runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A file under the tests' scratch folder.
pub(crate) fn tmp(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// A number after `label` on the report line that starts with it.
fn reported(stdout: &str, label: &str) -> f64 {
    let line = stdout
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label} line in {stdout}"));
    line[label.len()..]
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no number in {line}"))
}

#[test]
fn tune_fits_the_fixture_games_and_writes_rust() {
    let out = tmp("tuned-fixture.rs");
    let out_text = out.to_string_lossy().to_string();
    let (code, stdout, stderr) = regalia(&[
        "tune",
        "engine-tests/data/tune-fixture.pgn",
        "--epochs",
        "100",
        // Sixteen games are too few to hold some out: every one trains.
        "--hold-out-every",
        "0",
        "--out",
        &out_text,
        "--name",
        "FIXTURE",
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let k = reported(&stdout, "K:");
    assert!(k > 0.0, "{stdout}");
    let before = reported(&stdout, "Error before:");
    let after = reported(&stdout, "Error after:");
    assert!(after < before, "{stdout}");
    let source = std::fs::read_to_string(&out).expect("weights written");
    assert!(source.contains("pub const FIXTURE: Weights = Weights(["));
    assert!(source.contains("// tempo"));
}

#[test]
fn tune_refuses_missing_and_bad_files() {
    let (code, _, stderr) = regalia(&["tune", "engine-tests/data/no-such-file.pgn"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot read"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let bad = tmp("bad.pgn");
    std::fs::write(
        &bad,
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh9 1-0\n",
    )
    .unwrap();
    let (code, _, stderr) = regalia(&["tune", &bad.to_string_lossy()]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("Qh9"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let unfinished = tmp("unfinished.pgn");
    std::fs::write(&unfinished, "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n").unwrap();
    let (code, _, stderr) = regalia(&["tune", &unfinished.to_string_lossy()]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("no positions"), "{stderr}");
}

/// The final evaluation line of `eval` in the current position.
fn final_eval(e: &mut EngineProcess) -> String {
    e.send("eval");
    let lines = e.read_until(LONG, |l| l.starts_with("Final evaluation"));
    lines.last().cloned().unwrap_or_default()
}

#[test]
fn eval_weights_switches_the_table_and_refuses_other_values() {
    let fen = "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut e = EngineProcess::start();
    e.send("uci");
    let lines = e.read_until(LONG, |l| l == "uciok");
    assert!(lines
        .iter()
        .any(|l| l == "option name EvalWeights type combo default tuned var tuned var handset"));
    e.send(fen);
    let default = final_eval(&mut e);
    e.send("setoption name EvalWeights value handset");
    e.send(fen);
    let handset = final_eval(&mut e);
    assert_ne!(default, handset);
    e.send("setoption name EvalWeights value tuned");
    e.send(fen);
    assert_eq!(
        final_eval(&mut e),
        default,
        "the tuned table is the default"
    );

    e.send("setoption name EvalWeights value sharpest");
    let line = e.next_line(LONG).expect("an answer");
    assert!(line.starts_with("info string error"), "{line}");
    assert!(line.contains("expected tuned or handset"), "{line}");
    // Refused: nothing changed.
    e.send(fen);
    assert_eq!(final_eval(&mut e), default);

    // The variants keep their own weights whatever chess is set to.
    e.send("setoption name EvalWeights value tuned");
    e.send("setoption name UCI_Variant value chess40k");
    e.send("position startpos");
    assert!(final_eval(&mut e).contains("+12 cp (side to move"));
    e.quit();
}
