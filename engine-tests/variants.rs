//! Capture the Scepter and Chess 40k through the protocol: selection, notation, outcomes,
//! tactics, and complete self-play games whose every move the rules library checks.

use crate::engine_process::{final_score, EngineProcess};
use regalia::session::{GameStatus, Variant};
use std::time::Duration;

const LONG: Duration = Duration::from_secs(60);

fn engine(variant: &str) -> EngineProcess {
    let mut e = EngineProcess::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e
}

fn display(e: &mut EngineProcess) -> Vec<String> {
    e.send("d");
    e.read_until(LONG, |l| l.starts_with("Checkers:"))
}

#[test]
fn variants_are_offered_and_start_where_the_rulings_say() {
    let mut e = EngineProcess::start();
    e.send("uci");
    let lines = e.read_until(LONG, |l| l == "uciok");
    let combo = lines
        .iter()
        .find(|l| l.contains("UCI_Variant"))
        .expect("variant option");
    assert!(
        combo.contains("var scepterchess") && combo.contains("var chess40k"),
        "{combo}"
    );

    e.send("setoption name UCI_Variant value scepterchess");
    e.send("position startpos");
    let d = display(&mut e);
    assert!(d.contains(&"Variant: scepterchess".to_string()), "{d:?}");
    assert!(
        d.contains(&"Scepters: white e1, black e8".to_string()),
        "{d:?}"
    );

    e.send("setoption name uci_variant value CHESS40K");
    e.send("position startpos");
    let d = display(&mut e);
    assert!(
        d.contains(&"Fen: rnbqkbnr/pzppppzp/8/8/8/8/PZPPPPZP/RNBQKBNR w KQkq - 0 1".to_string()),
        "{d:?}"
    );
    assert!(!d.iter().any(|l| l.starts_with("Scepters")));
    e.quit();
}

#[test]
fn notation_of_stay_moves_and_optional_promotion() {
    let mut e = engine("chess40k");
    // Declined promotion, zealot promotion, and a self-destruct written as d4d4.
    for (fen, moves) in [
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8z"),
        ("4k3/8/8/3p4/3Z4/8/8/R3K3 w - - 0 1", "d4d4"),
    ] {
        e.send(&format!("position fen {fen} moves {moves}"));
        let answer = e.sync();
        assert!(answer.is_empty(), "{moves}: {answer:?}");
    }
    // The same texts are illegal in orthodox chess, and zealots do not exist there.
    e.send("setoption name UCI_Variant value chess");
    for line in [
        "position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8",
        "position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8z",
        "position fen 4k3/8/8/3p4/3Z4/8/8/4K3 w - - 0 1",
    ] {
        e.send(line);
        let answer = e.sync();
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        assert!(
            answer[0].starts_with("info string error"),
            "{line}: {answer:?}"
        );
    }
    e.quit();
}

#[test]
fn outcomes_by_rule_are_announced() {
    let mut e = engine("scepterchess");
    e.send("position fen 8/5K2/8/8/8/8/8/k7 w - - 0 1 moves f7e8");
    assert_eq!(
        e.sync(),
        vec!["info string game over: white wins by capturing the scepter"]
    );
    let (_, best) = e.search("go depth 4", LONG);
    assert_eq!(best, "(none)");
    // A bare king is no draw here: it can still race for the scepter.
    e.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(e.sync().is_empty());

    e.send("setoption name UCI_Variant value chess40k");
    e.send("position fen 8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        e.sync(),
        vec!["info string game over: white wins by destroying the king"]
    );
    e.quit();
}

#[test]
fn finds_forced_scepter_captures() {
    let mut e = engine("scepterchess");
    e.send("position fen 8/5K2/8/8/8/8/8/k7 w - - 0 1");
    let (lines, best) = e.search("go depth 6", LONG);
    assert_eq!(
        (final_score(&lines).as_str(), best.as_str()),
        ("mate 1", "f7e8")
    );
    // Three king steps to e8; the black king is too far to guard it.
    e.send("position fen k7/8/8/5K2/8/8/8/8 w - - 0 1");
    let (lines, _) = e.search("go depth 8", LONG);
    assert_eq!(final_score(&lines), "mate 3");
    // Black, two steps from white's scepter on e1 behind white's back.
    e.send("position fen 7K/8/8/8/8/8/8/2k5 b - - 0 1");
    let (lines, best) = e.search("go depth 8", LONG);
    assert_eq!(final_score(&lines), "mate 2");
    assert!(best == "c1d1" || best == "c1d2", "{best}");
    e.quit();
}

#[test]
fn defends_a_threatened_scepter() {
    // Black's king on d2 threatens Ke1; only a rook move that guards e1 saves white
    // (a check on the d-file does not: the king steps to e1 out of it and wins).
    let mut e = engine("scepterchess");
    e.send("position fen R6K/8/8/8/8/8/3k4/8 w - - 0 1");
    let (lines, best) = e.search("go depth 8", LONG);
    assert!(best == "a8a1" || best == "a8e8", "{best}");
    assert!(!final_score(&lines).starts_with("mate -"), "{lines:?}");
    e.quit();
}

#[test]
fn finds_a_winning_self_destruct() {
    // The zealot takes the queen and the rook with it; taking the queen alone loses the zealot.
    let mut e = engine("chess40k");
    e.send("position fen 4k3/8/8/2qr4/3Z4/8/8/R3K3 w - - 0 1");
    let (lines, best) = e.search("go depth 8", LONG);
    assert_eq!(best, "d4d4");
    let score = final_score(&lines);
    assert!(
        score.starts_with("cp ") || score.starts_with("mate "),
        "{score}"
    );
    if let Some(cp) = score.strip_prefix("cp ") {
        assert!(cp.parse::<i32>().unwrap_or(0) > 300, "{score}");
    }
    e.quit();
}

/// Plays the engine against itself to the end, checking every move with the rules library.
fn self_play(variant: &str, opening: &[&str]) -> String {
    let mut e = engine(variant);
    let v: Variant = variant.parse().expect("known variant");
    let mut referee = v.new_session();
    let mut moves: Vec<String> = opening.iter().map(|m| m.to_string()).collect();
    loop {
        referee
            .set_position(None, &moves)
            .unwrap_or_else(|err| panic!("{variant}: illegal move in {moves:?}: {err}"));
        if let GameStatus::Over(result) = referee.status() {
            e.quit();
            return format!("{result} after {} plies", moves.len());
        }
        assert!(moves.len() < 600, "{variant}: game did not end: {moves:?}");
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let (_, best) = e.search("go depth 4", LONG);
        assert_ne!(
            best, "(none)",
            "{variant}: no move in an unfinished game {moves:?}"
        );
        moves.push(best);
    }
}

#[test]
fn scepterchess_plays_complete_games_against_itself() {
    let a = self_play("scepterchess", &[]);
    let b = self_play("scepterchess", &["d2d4", "d7d5", "c2c4"]);
    assert!(!a.is_empty() && !b.is_empty());
}

#[test]
fn chess40k_plays_complete_games_against_itself() {
    let a = self_play("chess40k", &[]);
    let b = self_play("chess40k", &["e2e4", "e7e5", "g1f3"]);
    assert!(!a.is_empty() && !b.is_empty());
}

#[test]
#[ignore]
fn show_self_play_results() {
    for (v, o) in [("scepterchess", vec![]), ("chess40k", vec![])] {
        println!("{v}: {}", self_play(v, &o));
    }
}
