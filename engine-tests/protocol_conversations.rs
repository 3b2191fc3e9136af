//! Real conversations with the binary: handshake, options, searching while answering, stopping,
//! MultiPV, pondering, and bad input that must be answered and must not change anything.

use crate::engine_process::EngineProcess;
use std::time::Duration;

const LONG: Duration = Duration::from_secs(60);

fn fen_of(e: &mut EngineProcess) -> String {
    e.send("d");
    let lines = e.read_until(LONG, |l| l.starts_with("Fen: "));
    lines
        .last()
        .map(|l| l.trim_start_matches("Fen: ").to_string())
        .unwrap_or_default()
}

fn legal_moves(e: &mut EngineProcess) -> Vec<String> {
    e.send("moves");
    let line = e.next_line(LONG).expect("a line of legal moves");
    line.split_whitespace().map(str::to_string).collect()
}

#[test]
fn uci_handshake_lists_every_option() {
    let mut e = EngineProcess::start();
    e.send("uci");
    let lines = e.read_until(LONG, |l| l == "uciok");
    assert!(lines[0].starts_with("id name Regalia"));
    assert!(lines[1].starts_with("id author "));
    for option in [
        "option name Hash type spin",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Move Overhead type spin",
        "option name Clear Hash type button",
        "option name Ponder type check",
        "option name UCI_Variant type combo default chess var chess",
        "option name Evaluation type combo default full var full var material",
        "option name MultiplayerSearch type combo default paranoid var paranoid var maxn var brs var brsplus",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "missing {option}"
        );
    }
    assert!(e.quit().success());
}

#[test]
fn isready_is_answered_during_search_and_stop_returns_a_legal_move() {
    let mut e = EngineProcess::start();
    e.send("position startpos moves e2e4 c7c5");
    let legal = legal_moves(&mut e);
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let before_ready = e.sync();
    assert!(
        before_ready.iter().all(|l| !l.starts_with("bestmove")),
        "no bestmove before stop in infinite mode"
    );
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    let lines = e.read_until(LONG, |l| l.starts_with("bestmove"));
    let best = lines
        .last()
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_default();
    assert!(legal.iter().any(|m| m == best), "bestmove {best} is legal");
    // Exactly one bestmove: nothing more arrives.
    let rest = e.sync();
    assert!(rest.iter().all(|l| !l.starts_with("bestmove")), "{rest:?}");
    assert!(e.quit().success());
}

#[test]
fn quit_during_search_exits_cleanly() {
    let mut e = EngineProcess::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.quit().success());
}

#[test]
fn a_finite_go_prints_info_and_exactly_one_bestmove() {
    let mut e = EngineProcess::start();
    e.send("position startpos");
    let (lines, best) = e.search("go depth 6", LONG);
    assert!(!best.is_empty());
    let info: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(info.len() >= 6, "one info line per iteration at least");
    for field in [
        " seldepth ",
        " multipv ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(
            info.iter().all(|l| l.contains(field)),
            "every info line has{field}"
        );
    }
    assert!(info.last().is_some_and(|l| l.starts_with("info depth 6 ")));
    for (limit, label) in [
        ("go nodes 20000", "nodes"),
        ("go movetime 200", "movetime"),
        ("go wtime 2000 btime 2000 winc 10 binc 10", "clock"),
    ] {
        let (lines, best) = e.search(limit, LONG);
        assert!(!best.is_empty(), "{label}");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1
        );
    }
    let extra = e.sync();
    assert!(
        extra.iter().all(|l| !l.starts_with("bestmove")),
        "{extra:?}"
    );
    e.quit();
}

#[test]
fn multipv_reports_each_line() {
    let mut e = EngineProcess::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    let (lines, _) = e.search("go depth 5", LONG);
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 5 ") && l.contains(&format!(" multipv {k} "))),
            "depth 5 line {k} in {lines:#?}"
        );
    }
    // The three lines start with three different moves.
    let firsts: std::collections::HashSet<String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 "))
        .filter_map(|l| {
            l.split(" pv ")
                .nth(1)
                .and_then(|p| p.split_whitespace().next())
                .map(str::to_string)
        })
        .collect();
    assert_eq!(firsts.len(), 3);
    e.quit();
}

/// `cp N` or `mate N` as one comparable number (a mate nearer is better; being mated worse).
fn score_value(line: &str) -> i64 {
    let after: Vec<&str> = line
        .split(" score ")
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let n: i64 = after.get(1).and_then(|n| n.parse().ok()).unwrap_or(0);
    match after.first() {
        Some(&"mate") if n > 0 => 1_000_000 - n,
        Some(&"mate") => -1_000_000 - n,
        _ => n,
    }
}

#[test]
fn multipv_lines_come_best_first_in_every_game() {
    // Positions where, before the fix, a later line came out above an earlier one (tafl's
    // start at depth 8 printed line 2 at +0.26 below line 3 at +0.27).
    let cases = [
        ("chess", "startpos", 8),
        (
            "chess",
            "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            7,
        ),
        ("scepterchess", "startpos", 7),
        ("chess40k", "startpos", 7),
        ("tafl", "startpos", 8),
        ("takeaway", "fen 7654/0000/aaaa/0/0/9", 6),
    ];
    for (variant, position, depth) in cases {
        let mut e = EngineProcess::start();
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("setoption name MultiPV value 3");
        e.send(&format!("position {position}"));
        let (lines, _) = e.search(&format!("go depth {depth}"), LONG);
        for d in 1..=depth {
            let exact: Vec<&String> = lines
                .iter()
                .filter(|l| l.starts_with(&format!("info depth {d} ")) && !l.contains("bound"))
                .collect();
            let scores: Vec<i64> = exact.iter().map(|l| score_value(l)).collect();
            assert!(
                scores.windows(2).all(|w| w[0] >= w[1]),
                "{variant} {position} depth {d}: {exact:#?}"
            );
            let numbers: Vec<&str> = exact
                .iter()
                .filter_map(|l| l.split(" multipv ").nth(1)?.split_whitespace().next())
                .collect();
            assert_eq!(numbers, ["1", "2", "3"], "{variant} depth {d}");
        }
        e.quit();
    }
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = EngineProcess::start();
    e.send("position startpos");
    let (_, best) = e.search("go depth 4 searchmoves a2a3 h2h3", LONG);
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    e.quit();
}

#[test]
fn ponder_then_ponderhit_finishes_the_search() {
    let mut e = EngineProcess::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(200));
    let early = e.sync();
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "no bestmove while pondering"
    );
    e.send("ponderhit");
    let lines = e.read_until(LONG, |l| l.starts_with("bestmove"));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    e.quit();
}

/// A clock that comes back far lower than the move could have cost is a stall: the engine
/// says so and keeps time in hand. A clock that does not follow on (more time, a new game)
/// says nothing.
#[test]
fn a_stalled_move_is_read_from_the_next_clock() {
    let stall_lines = |lines: &[String]| {
        lines
            .iter()
            .filter(|l| l.starts_with("info string clock: the last move cost"))
            .count()
    };
    let mut e = EngineProcess::start();
    e.send("position startpos");
    // With 2 s left the engine plans at most a few hundred ms; the next clock says the move
    // cost 1.5 s.
    let (lines, _) = e.search("go wtime 2000 btime 2000 winc 20 binc 20", LONG);
    assert_eq!(stall_lines(&lines), 0, "{lines:?}");
    let (lines, best) = e.search("go wtime 520 btime 2000 winc 20 binc 20", LONG);
    assert_eq!(stall_lines(&lines), 1, "{lines:?}");
    assert!(!best.is_empty());
    // More time than before: a new control, not a stall.
    let (lines, _) = e.search("go wtime 60000 btime 60000", LONG);
    assert_eq!(stall_lines(&lines), 0, "{lines:?}");
    // After `ucinewgame` the last move is forgotten.
    e.send("ucinewgame");
    e.send("position startpos");
    let (lines, _) = e.search("go wtime 100 btime 2000", LONG);
    assert_eq!(stall_lines(&lines), 0, "{lines:?}");
    e.quit();
}

#[test]
fn hash_threads_and_clear_hash_options_work() {
    let mut e = EngineProcess::start();
    e.send("setoption name Hash value 64");
    e.send("setoption name Threads value 2");
    e.send("setoption name Clear Hash");
    let answers = e.sync();
    assert!(answers.is_empty(), "{answers:?}");
    e.send("position startpos");
    let (_, best) = e.search("go depth 8", LONG);
    assert!(!best.is_empty());
    e.quit();
}

#[test]
fn a_position_that_ends_the_game_is_announced() {
    let mut e = EngineProcess::start();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    let lines = e.sync();
    assert_eq!(
        lines,
        vec!["info string game over: black wins by checkmate".to_string()]
    );
    let (lines, best) = e.search("go depth 3", LONG);
    assert_eq!(best, "(none)");
    assert!(lines.iter().any(|l| l.contains("game over")));
    e.quit();
}

#[test]
fn d_eval_and_bench_answer() {
    let mut e = EngineProcess::start();
    e.send("position startpos moves e2e4");
    assert_eq!(
        fen_of(&mut e),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let _ = e.next_line(LONG); // Key
    e.send("eval");
    let lines = e.read_until(LONG, |l| l.starts_with("Final evaluation"));
    for term in [
        "Material",
        "Placement",
        "Pawn structure",
        "Passed pawns",
        "Mobility",
        "King safety",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(term)),
            "eval shows {term}"
        );
    }
    e.send("bench 4");
    let lines = e.read_until(LONG, |l| l.starts_with("Nodes/second"));
    assert!(lines.iter().any(|l| l.starts_with("Nodes searched  : ")));
    e.quit();
}

#[test]
fn bench_node_count_is_deterministic() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
            .args(["bench", "6"])
            .output()
            .expect("bench runs");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .find(|l| l.starts_with("Nodes searched"))
            .map(str::to_string)
            .expect("a node total")
    };
    assert_eq!(run(), run());
}

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let mut e = EngineProcess::start();
    e.send("position startpos moves e2e4 e7e5");
    let good = fen_of(&mut e);
    let _ = e.next_line(LONG); // Key
    let _ = e.next_line(LONG); // Checkers
    let bad = [
        "xyzzy",
        "position",
        "position fen",
        "position nowhere",
        "position startpos moves e2e5",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e9e4",
        "position startpos moves zz",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K2r b - - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K2P w - - 0 1",
        "position fen rnbqkznr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "setoption name Hash value -1",
        "setoption name Hash value many",
        "setoption name Threads value 0",
        "setoption name MultiPV value 1000",
        "setoption name Ponder value sometimes",
        "setoption name UCI_Variant value checkers",
        "setoption name Evaluation value superb",
        "setoption name Nonexistent value 3",
        "setoption value 3",
        "go depth x",
        "go perft",
        "go sideways",
        "go searchmoves e2e5",
        "bench deep",
    ];
    for line in bad {
        e.send(line);
        let answer = e.sync();
        let errors: Vec<&String> = answer
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .collect();
        assert_eq!(
            errors.len(),
            1,
            "'{line}' answers one error line, got {answer:?}"
        );
        assert!(
            answer.iter().all(|l| !l.starts_with("bestmove")) || line.starts_with("go searchmoves")
        );
        assert_eq!(
            fen_of(&mut e),
            good,
            "'{line}' must not change the position"
        );
        let _ = e.next_line(LONG);
        let _ = e.next_line(LONG);
    }
    // Still fully working afterwards.
    let (_, best) = e.search("go depth 3", LONG);
    assert!(!best.is_empty() && best != "(none)");
    assert!(e.quit().success());
}

#[test]
fn garbage_bytes_never_crash_the_engine() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("engine starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut bytes: Vec<u8> = Vec::new();
    for i in 0..20_000u32 {
        bytes.push((i.wrapping_mul(2654435761) >> 13) as u8);
        if i % 97 == 0 {
            bytes.push(b'\n');
        }
    }
    bytes
        .extend_from_slice(b"\nposition startpos moves e2e4 \xff\xfe\ngo perft 1\nisready\nquit\n");
    input.write_all(&bytes).expect("engine reads");
    drop(input);
    let out = child.wait_with_output().expect("engine exits");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("readyok"));
}

#[test]
fn end_of_input_lets_a_finite_search_finish_and_stops_an_infinite_one() {
    use std::io::Write;
    let run = |input: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("engine starts");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("engine reads");
        drop(stdin);
        let out = child.wait_with_output().expect("engine exits");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let finite = run("position startpos\ngo depth 8\n");
    assert!(finite.contains("info depth 8 "), "{finite}");
    assert_eq!(finite.matches("bestmove").count(), 1);
    let infinite = run("position startpos\ngo infinite\n");
    assert_eq!(infinite.matches("bestmove").count(), 1);
}

#[test]
fn games_of_three_and_four_seats_over_the_protocol() {
    let mut e = EngineProcess::start();
    e.send("setoption name UCI_Variant value takeaway");
    // The moves that put seats out are announced, then the end.
    e.send("position fen 501/000/aaa/0/0/9 moves c1");
    assert_eq!(e.sync(), ["info string seat 1 eliminated"]);
    e.send("position fen 33/900/aaa/1/3/9 moves a1 a1");
    assert_eq!(e.sync(), ["info string seat 0 withdrew"]);
    e.send("position fen 5/000/aaa/0/0/9 moves a3 a2");
    assert_eq!(
        e.sync(),
        [
            "info string seat 2 eliminated",
            "info string game over: seat 0 wins by the highest score"
        ]
    );
    // Every algorithm plays a legal move for three and four players on a clock of four words,
    // with the score vector after each info line.
    for algorithm in ["paranoid", "maxn", "brs", "brsplus"] {
        e.send(&format!(
            "setoption name MultiplayerSearch value {algorithm}"
        ));
        // The mover (seat 1 = btime, seat 3 = gtime) has little time, the others plenty.
        for (start, seats, go) in [
            (
                "7654/000/aaa/1/0/9",
                3,
                "go wtime 90000 btime 200 rtime 90000 winc 0 binc 0 rinc 0",
            ),
            (
                "7654/0000/aaaa/3/0/9",
                4,
                "go wtime 90000 btime 90000 rtime 90000 gtime 200 winc 0 binc 0 rinc 0 ginc 0",
            ),
        ] {
            e.send(&format!("position fen {start}"));
            let legal = legal_moves(&mut e);
            let (lines, best) = e.search(go, LONG);
            assert!(legal.contains(&best), "{algorithm}: {best} in {legal:?}");
            let vectors: Vec<&String> = lines
                .iter()
                .filter(|l| l.starts_with("info string scores "))
                .collect();
            assert!(!vectors.is_empty(), "{algorithm}: {lines:#?}");
            for v in vectors {
                assert_eq!(v.split_whitespace().count(), 3 + seats, "{v}");
            }
        }
    }
    e.send("setoption name MultiplayerSearch value minimax");
    let answer = e.sync();
    assert_eq!(answer.len(), 1);
    assert!(
        answer[0].starts_with("info string error option 'MultiplayerSearch'"),
        "{answer:?}"
    );
    assert!(e.quit().success());
}

/// The nodes of the last `info … nodes N` line.
fn last_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let i = words.iter().position(|w| *w == "nodes")?;
            words.get(i + 1)?.parse().ok()
        })
        .expect("an info line with nodes")
}

#[test]
fn limited_strength_searches_a_small_budget_and_still_plays_legal_moves() {
    let mut e = EngineProcess::start();
    e.send("uci");
    let lines = e.read_until(LONG, |l| l == "uciok");
    for option in [
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1500 min 800 max 2600",
    ] {
        assert!(lines.iter().any(|l| l == option), "missing {option}");
    }
    e.send("setoption name UCI_Elo value 9000");
    let error = e.next_line(LONG).expect("an answer");
    assert!(error.contains("UCI_Elo"), "{error}");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 800");
    e.send("position startpos moves e2e4");
    let legal = legal_moves(&mut e);
    // A minute to think, but the weakest level's budget is 64 nodes a move.
    let (lines, best) = e.search("go movetime 60000", LONG);
    assert!(legal.contains(&best), "{best} is not legal");
    let weak_nodes = last_nodes(&lines);
    assert!(
        lines.iter().any(|l| l.contains(" multipv 4 ")),
        "no choice of lines"
    );
    // Full strength again: the same position searches further.
    e.send("setoption name UCI_LimitStrength value false");
    let (lines, best) = e.search("go depth 6", LONG);
    assert!(legal.contains(&best), "{best} is not legal");
    assert!(
        last_nodes(&lines) > 4 * weak_nodes,
        "full strength searched {} nodes, the weakest {weak_nodes}",
        last_nodes(&lines)
    );
    assert!(weak_nodes < 2048, "the weakest searched {weak_nodes} nodes");
    assert!(e.quit().success());
}
