//! Chess960 (`UCI_Chess960`): the perft suite `perft/chess-options/chess960.epd` (counts from
//! python-chess, `tools/make_chess960_suite.py`) through the library and the binary, the two
//! castling-right forms, king-takes-rook castling, and the variants that refuse it.

use crate::engine_process::EngineProcess;
use crate::variant_data::{parse_suite, SuiteLine};
use regalia::games::chess::{Position, Rules};
use std::path::Path;
use std::time::Duration;

const LONG: Duration = Duration::from_secs(60);

fn suite() -> Vec<SuiteLine> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/perft/chess-options/chess960.epd");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_suite(&text)
}

#[test]
fn the_suite_holds_the_standard_starts_and_castling_cases() {
    let suite = suite();
    assert!(suite.len() >= 20, "{} positions", suite.len());
    for start in [
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
    ] {
        assert!(suite.iter().any(|l| l.position == start), "{start}");
    }
}

#[test]
fn every_chess960_perft_line_matches_through_the_library() {
    for line in suite() {
        let pos = Position::from_fen(&line.position, Rules::Chess960)
            .unwrap_or_else(|e| panic!("{}: {e}", line.position));
        crate::perft_suite::check_counts(&pos, &line, "chess960");
    }
}

#[test]
fn every_chess960_perft_line_matches_over_the_protocol() {
    let mut e = EngineProcess::start();
    e.send("setoption name UCI_Chess960 value true");
    for line in suite() {
        let &(depth, expected) = line.counts.last().expect("a count");
        e.send(&format!("position fen {}", line.position));
        e.send(&format!("go perft {depth}"));
        let out = e.read_until(LONG, |l| {
            l.starts_with("Nodes searched") || l.contains("error")
        });
        assert_eq!(
            out.last().cloned(),
            Some(format!("Nodes searched: {expected}")),
            "{}",
            line.position
        );
        assert_eq!(e.next_line(LONG).as_deref(), Some(""));
    }
    assert!(e.quit().success());
}

/// The `d` command's `Fen:` line.
fn fen_of(e: &mut EngineProcess) -> String {
    e.send("d");
    let lines = e.sync();
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .unwrap_or_default()
        .to_string()
}

/// The `moves` command's line, as a list.
fn moves_of(e: &mut EngineProcess) -> Vec<String> {
    e.send("moves");
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    lines[0].split_whitespace().map(str::to_string).collect()
}

#[test]
fn chess960_castling_is_king_takes_rook_and_fens_read_in_both_forms() {
    let mut e = EngineProcess::start();
    e.send("uci");
    let declared = e.read_until(LONG, |l| l == "uciok");
    assert!(declared.contains(&"option name UCI_Chess960 type check default false".to_string()));

    // Orthodox mode as before: e1g1, and Chess960 rights are refused with a hint.
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = moves_of(&mut e);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    assert!(!moves.contains(&"e1h1".to_string()));
    e.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    let answer = e.sync();
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].starts_with("info string error") && answer[0].contains("UCI_Chess960"));

    e.send("setoption name UCI_Chess960 value true");
    assert!(e.sync().is_empty());
    // The orthodox start stays the start; castling is now the king taking his rook.
    e.send("position startpos");
    assert_eq!(
        fen_of(&mut e),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = moves_of(&mut e);
    assert!(moves.contains(&"e1h1".to_string()) && moves.contains(&"e1a1".to_string()));
    assert!(!moves.contains(&"e1g1".to_string()) && !moves.contains(&"e1c1".to_string()));
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1");
    assert!(e.sync()[0].starts_with("info string error"));

    // Shredder-FEN in, X-FEN out; the king staying on g1 and the rook staying on f1.
    e.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    assert_eq!(fen_of(&mut e), "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1");
    let moves = moves_of(&mut e);
    assert!(moves.contains(&"g1h1".to_string()) && moves.contains(&"g1b1".to_string()));
    e.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1h1 g8h8");
    assert_eq!(fen_of(&mut e), "1r3rk1/8/8/8/8/8/8/1R3RK1 w - - 2 2");
    // Black may not castle a-side now: the f1 rook sees f8, which his king would cross.
    e.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1h1");
    assert!(!moves_of(&mut e).contains(&"g8b8".to_string()));
    e.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1 moves g1b1");
    assert_eq!(fen_of(&mut e), "1r4kr/8/8/8/8/8/8/2KR3R b kq - 1 1");
    e.send("position fen 4kr2/5p2/8/8/8/8/5P2/4KR2 w Ff - 0 1 moves e1f1");
    assert_eq!(fen_of(&mut e), "4kr2/5p2/8/8/8/8/5P2/5RK1 b k - 1 1");
    // The square the rook stays on is one the king crosses: attacked, no castling.
    e.send("position fen 4kr2/8/8/8/8/8/8/4KR2 w Ff - 0 1");
    assert!(!moves_of(&mut e).contains(&"e1f1".to_string()));
    // A right held by a rook that is not the outermost one: a file letter, read and written.
    e.send("position fen 4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    assert_eq!(fen_of(&mut e), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    assert!(moves_of(&mut e).contains(&"e1f1".to_string()));
    // `K` is the h1 rook, which cannot castle past the f1 rook standing on its square.
    e.send("position fen 4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    assert_eq!(fen_of(&mut e), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    let moves = moves_of(&mut e);
    assert!(!moves.contains(&"e1h1".to_string()) && !moves.contains(&"e1f1".to_string()));
    // A rook that shields the king's destination from a queen does not make castling legal.
    e.send("position fen 4k3/8/8/8/8/8/8/qR1K4 w B - 0 1");
    assert!(!moves_of(&mut e).contains(&"d1b1".to_string()));

    // Bad rights are refused and the position kept.
    for bad in [
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w AA - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KH - 0 1",
        "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w E - 0 1",
    ] {
        e.send(&format!("position fen {bad}"));
        let answer = e.sync();
        assert!(
            answer.len() == 1 && answer[0].starts_with("info string error FEN castling field"),
            "{bad}: {answer:?}"
        );
        assert_eq!(fen_of(&mut e), "4k3/8/8/8/8/8/8/qR1K4 w Q - 0 1");
    }

    // Back to orthodox chess.
    e.send("setoption name UCI_Chess960 value false");
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(moves_of(&mut e).contains(&"e1g1".to_string()));
    e.send("setoption name UCI_Chess960 value maybe");
    assert!(e.sync()[0].starts_with("info string error"));
    assert!(e.quit().success());
}

#[test]
fn the_chess_variants_keep_orthodox_castling() {
    let mut e = EngineProcess::start();
    e.send("setoption name UCI_Chess960 value true");
    for variant in ["scepterchess", "chess40k"] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(moves_of(&mut e).contains(&"e1g1".to_string()), "{variant}");
        e.send("position fen 1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
        let answer = e.sync();
        assert!(
            answer.len() == 1 && answer[0].contains("UCI_Variant chess only"),
            "{variant}: {answer:?}"
        );
    }
    // The option is chess's: back in chess, it holds, and `d` says so.
    e.send("setoption name UCI_Variant value chess");
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(moves_of(&mut e).contains(&"e1h1".to_string()));
    e.send("d");
    let shown = e.sync();
    assert!(
        shown.contains(&"Variant: chess (Chess960)".to_string()),
        "{shown:?}"
    );
    e.send("setoption name UCI_Chess960 value false");
    e.send("d");
    let shown = e.sync();
    assert!(shown.contains(&"Variant: chess".to_string()), "{shown:?}");
    assert!(e.quit().success());
}

/// Random games from every start of the suite under Chess960: each move made and taken back
/// leaves the position as it was, the incremental key equals the key computed from nothing,
/// every FEN written reads back as the same position, and castling is played.
#[test]
fn random_chess960_games_keep_keys_fens_and_unmake_exact() {
    use regalia::core::{MoveList, Rules as _, Scope};
    let mut seed: u64 = 960;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let mut castles = 0;
    for line in suite() {
        let start = Position::from_fen(&line.position, Rules::Chess960).expect("suite FEN");
        for _game in 0..4 {
            let mut pos = start;
            for _ply in 0..80 {
                let mut moves = MoveList::new();
                pos.generate(Scope::All, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let list: Vec<_> = moves.iter().copied().collect();
                for &m in &list {
                    let before = pos;
                    let undo = pos.make(m);
                    assert_eq!(pos.key(), pos.key_from_scratch(), "{} {m}", before.to_fen());
                    pos.unmake(m, undo);
                    assert_eq!(pos, before, "{} {m}", before.to_fen());
                }
                // Castling first when there is one, so that games castle often.
                let castle = list
                    .iter()
                    .copied()
                    .find(|m| m.kind() == regalia::games::chess::MoveKind::Castle);
                let m = match castle {
                    Some(c) if next() % 2 == 0 => {
                        castles += 1;
                        c
                    }
                    _ => list[next() % list.len()],
                };
                pos.make(m);
                let fen = pos.to_fen();
                let read = Position::from_fen(&fen, Rules::Chess960).expect("its own FEN");
                assert_eq!(read.to_fen(), fen);
                assert_eq!(read.key(), pos.key(), "{fen}");
                if pos.halfmove_clock() >= 100 {
                    break;
                }
            }
        }
    }
    assert!(castles > 50, "only {castles} castlings played");
}
