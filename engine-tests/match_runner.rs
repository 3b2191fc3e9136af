//! `regalia match` end to end: broken engines lose their games and the match goes on; matches
//! between two Regalia configurations write records that replay, move by move, to the recorded
//! result with the rules library; the SPRT stops a decided match.

use regalia::session::{GameStatus, Session, Variant};
use std::path::{Path, PathBuf};
use std::process::Command;

const REGALIA: &str = env!("CARGO_BIN_EXE_regalia");

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-tests");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir.join(name)
}

/// How long an engine meant to answer may take to start and to answer `isready`: a hang guard
/// for a machine busy with other builds, not a measurement. An engine that must time out is
/// given its own short `answer-timeout=`.
const ANSWER_TIMEOUT_S: u64 = 120;

/// Runs `regalia match` with these arguments (split like a shell would) from the project root;
/// returns (success, stdout, stderr).
fn run_match(args: &str) -> (bool, String, String) {
    let out = Command::new(REGALIA)
        .arg("match")
        .args(["--answer-timeout", &ANSWER_TIMEOUT_S.to_string()])
        .args(shell_words::split(args).expect("test arguments"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("regalia runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `--engine` words for Regalia on one thread, named `name`, with more words appended.
fn regalia_engine(name: &str, more: &str) -> String {
    format!("--engine 'cmd={REGALIA}' name={name} option.Threads=1 {more}")
}

/// `--engine` words for the broken proxy in `mode` around Regalia. The mute engine never
/// answers: it alone gets a short `answer-timeout=`, so its games end soon.
fn broken_engine(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/match/broken_engine.py");
    let patience = if mode == "mute" {
        "answer-timeout=1"
    } else {
        ""
    };
    format!(
        "--engine \"cmd=python3 '{}' {mode} '{REGALIA}'\" name={mode} {patience}",
        script.display()
    )
}

/// The PGN tag values of every game in a file, in order.
fn tags(pgn: &str, tag: &str) -> Vec<String> {
    let prefix = format!("[{tag} \"");
    pgn.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(|v| v.trim_end_matches("\"]").to_string())
        .collect()
}

#[test]
fn broken_engines_lose_each_game_and_the_match_goes_on() {
    // The silent engine plays on a real clock: it loses when its 1.5 s (plus a margin wide
    // enough that Regalia, on the same clock, cannot lose on a busy machine) run out. The others
    // break whatever the clock, so they play by nodes and no clock can fail them.
    let cases = [
        (
            "illegal",
            "rules infraction",
            "illegal move 'a1a1'",
            "--nodes 2000",
        ),
        (
            "silent",
            "time forfeit",
            "lost on time",
            "--tc 1.5+0.05 --timemargin 1000",
        ),
        // The runner says how it left: its exit status and its last line on stderr.
        (
            "exit",
            "abandoned",
            "engine exited (status 3: broken_engine: leaving at go 3, as asked)",
            "--nodes 2000",
        ),
        ("mute", "abandoned", "did not answer uciok", "--nodes 2000"),
    ];
    std::thread::scope(|scope| {
        for (mode, termination, why, limit) in cases {
            scope.spawn(move || {
                let out = scratch(&format!("broken-{mode}.pgn"));
                let (ok, stdout, stderr) = run_match(&format!(
                    "--variant chess {} {} {limit} --games 3 --out '{}'",
                    regalia_engine("Regalia", ""),
                    broken_engine(mode),
                    out.display()
                ));
                assert!(ok, "{mode}: the match must finish:\n{stdout}\n{stderr}");
                assert!(
                    stdout.contains(&format!("Score of Regalia vs {mode}: 3 - 0 - 0")),
                    "{mode}:\n{stdout}"
                );
                let pgn = std::fs::read_to_string(&out).expect("records written");
                assert_eq!(
                    tags(&pgn, "Termination"),
                    vec![termination; 3],
                    "{mode}:\n{pgn}"
                );
                // Regalia wins every game, whichever colour it has.
                assert_eq!(tags(&pgn, "Result"), ["1-0", "0-1", "1-0"], "{mode}");
                let game_lines = stderr
                    .lines()
                    .filter(|l| l.starts_with("game ") && l.contains(why));
                assert_eq!(game_lines.count(), 3, "{mode}:\n{stderr}");
                // A broken engine that was killed in game 1 is started afresh: in games 2 and
                // 3 it plays its two good moves again before it breaks.
                let plies: Vec<usize> = tags(&pgn, "PlyCount")
                    .iter()
                    .map(|p| p.parse().expect("number"))
                    .collect();
                if mode != "mute" {
                    assert_eq!(plies, [5, 4, 5], "{mode}: two good moves a game");
                } else {
                    assert_eq!(plies, [0, 0, 0], "a mute engine never starts");
                }
            });
        }
    });
}

/// One game of a line record: its `key value` lines.
fn line_records(text: &str) -> Vec<Vec<(String, String)>> {
    text.split("\nend\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            block
                .lines()
                .filter(|l| !l.is_empty())
                .map(|l| {
                    let (k, v) = l.split_once(' ').unwrap_or((l, ""));
                    (k.to_string(), v.to_string())
                })
                .collect()
        })
        .collect()
}

/// The values of every `key` line of one game's record, in order.
fn values<'a>(game: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    game.iter()
        .filter(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .collect()
}

#[test]
fn a_tafl_match_writes_line_records_that_replay_to_their_results() {
    let out = scratch("tafl.txt");
    let (ok, stdout, stderr) = run_match(&format!(
        "--variant tafl {} {} --nodes 3000 --max-moves 60 --games 4 --concurrency 2 --out '{}'",
        regalia_engine("full", ""),
        regalia_engine("material", "option.Evaluation=material"),
        out.display()
    ));
    assert!(ok, "{stdout}\n{stderr}");
    assert!(stdout.contains("Score of full vs material:"), "{stdout}");
    assert!(stdout.contains("seat 0 (attackers)"), "{stdout}");
    let records = line_records(&std::fs::read_to_string(&out).expect("records"));
    assert_eq!(records.len(), 4);
    let mut numbers = Vec::new();
    for game in &records {
        let get = |key: &str| values(game, key);
        let number: usize = get("game")[0].parse().expect("game number");
        numbers.push(number);
        assert_eq!(get("variant"), ["tafl"]);
        // Seats rotate: the full evaluator attacks in odd games and defends in even ones.
        let full_seat = if number % 2 == 1 {
            "0 attackers full"
        } else {
            "1 defenders full"
        };
        assert!(get("seat").contains(&full_seat), "game {number}: {game:?}");
        let mut referee = Variant::Tafl.new_session();
        referee
            .set_position(Some(get("start")[0]), &[])
            .expect("start reads");
        for (i, m) in get("move").iter().enumerate() {
            let words: Vec<&str> = m.split_whitespace().collect();
            assert_eq!(words[0], (i + 1).to_string());
            assert_eq!(
                words[1],
                referee.to_move().to_string(),
                "the seat that moved"
            );
            referee.play(words[2]).expect("recorded moves are legal");
        }
        let points: f64 = get("points")[0]
            .split(' ')
            .map(|p| p.parse::<f64>().expect("points"))
            .sum();
        assert!((points - 1.0).abs() < 1e-9);
        let termination = get("termination")[0];
        match referee.status() {
            GameStatus::Over(end) => {
                assert!(termination.starts_with("normal "), "{termination}");
                assert!(termination.ends_with(&end.text), "{termination} vs {end}");
                let winner = end.winner.map_or("none".to_string(), |w| w.to_string());
                assert_eq!(get("winner"), [winner.as_str()]);
            }
            GameStatus::Ongoing => {
                assert_eq!(
                    termination,
                    "adjudication adjudicated: draw at the move limit (60 moves)"
                );
                assert_eq!(get("move").len(), 120);
            }
        }
    }
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

/// Plays one SAN token in `session` by finding the one legal move whose SAN it is.
fn play_san(session: &mut Box<dyn Session>, san: &str) -> Result<(), String> {
    let mut found = Vec::new();
    for text in session.legal_moves() {
        let mut probe = session.boxed_clone();
        if probe.play(&text).map_err(|e| e.to_string())? == san {
            found.push(text);
        }
    }
    match found.as_slice() {
        [one] => session.play(one).map(|_| ()).map_err(|e| e.to_string()),
        _ => Err(format!("'{san}' names {} moves: {found:?}", found.len())),
    }
}

#[test]
fn variant_pgn_moves_are_unambiguous_san_that_replays() {
    for variant in ["scepterchess", "chess40k"] {
        let out = scratch(&format!("{variant}.pgn"));
        let (ok, stdout, stderr) = run_match(&format!(
            "--variant {variant} {} {} --nodes 2000 --max-moves 80 --games 2 --concurrency 2 \
             --out '{}'",
            regalia_engine("A", ""),
            regalia_engine("B", "option.Hash=4"),
            out.display()
        ));
        assert!(ok, "{stdout}\n{stderr}");
        let pgn = std::fs::read_to_string(&out).expect("records");
        assert_eq!(tags(&pgn, "Variant"), [variant, variant]);
        for game in pgn.split("\n[Event ").filter(|g| !g.trim().is_empty()) {
            let fen = tags(game, "FEN").pop().expect("FEN tag");
            let mut session = variant.parse::<Variant>().expect("variant").new_session();
            session.set_position(Some(&fen), &[]).expect("FEN reads");
            let movetext: String = game
                .lines()
                .filter(|l| !l.starts_with('[') && !l.ends_with("\"]"))
                .collect::<Vec<_>>()
                .join(" ");
            // Drop {comments}, move numbers and the result.
            let mut depth = 0;
            let plain: String = movetext
                .chars()
                .filter(|&c| {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            return false;
                        }
                        _ => {}
                    }
                    depth == 0
                })
                .collect();
            let sans: Vec<&str> = plain
                .split_whitespace()
                .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
                .collect();
            assert_eq!(sans.len().to_string(), tags(game, "PlyCount")[0]);
            for san in sans {
                play_san(&mut session, san).unwrap_or_else(|e| panic!("{variant}: {e}"));
            }
        }
    }
}

#[test]
fn chess_pgn_reads_in_python_chess() {
    let out = scratch("chess.pgn");
    let (ok, stdout, stderr) = run_match(&format!(
        "{} {} --nodes 1500 --games 2 --out '{}'",
        regalia_engine("A", ""),
        regalia_engine("B", ""),
        out.display()
    ));
    assert!(ok, "{stdout}\n{stderr}");
    let python = crate::python_client::python_with_chess();
    let check = r#"
import sys, chess.pgn
games = 0
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        assert not game.errors, game.errors
        moves = list(game.mainline_moves())
        assert len(moves) == int(game.headers["PlyCount"]), (len(moves), game.headers)
        board = game.end().board()
        result = game.headers["Result"]
        if game.headers["Termination"] == "normal":
            outcome = board.outcome(claim_draw=True)
            assert outcome is not None and outcome.result() == result, (outcome, result)
        games += 1
print("games", games)
"#;
    let run = Command::new(python)
        .args(["-c", check])
        .arg(&out)
        .output()
        .expect("python runs");
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{said}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(said.contains("games 2"), "{said}");
}

#[test]
fn sprt_stops_a_decided_match_early() {
    let (ok, stdout, stderr) = run_match(&format!(
        "{} {} --nodes 1000 --games 60 --sprt elo0=0 elo1=200",
        regalia_engine("Regalia", ""),
        broken_engine("illegal")
    ));
    assert!(ok, "{stdout}\n{stderr}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("SPRT stopped the match after"))
        .unwrap_or_else(|| panic!("no SPRT stop:\n{stdout}"));
    let games: usize = line
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .expect("a game count");
    assert!(games < 60 && line.contains("H1 accepted"), "{line}");
    // The decision's own game count and ratio: at most the games played, past the upper bound.
    let decided: usize = line
        .split("decided at game ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("the game of the decision");
    let llr: f64 = line
        .split("(llr ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|n| n.parse().ok())
        .expect("the ratio at the decision");
    assert!(decided <= games && llr >= 2.94, "{line}");
    assert!(stdout.contains("llr"), "{stdout}");
}

#[test]
fn the_shipped_openings_are_played_from_any_folder() {
    // A folder with no openings/ in it: the built-in openings must be played all the same.
    let elsewhere = scratch("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("scratch folder");
    for &variant in Variant::ALL {
        let Some(first) = variant.shipped_openings().first() else {
            continue;
        };
        // One engine a seat (takeaway's shipped openings are for three).
        let engines: Vec<String> = (0..variant.new_session().seats())
            .map(|i| regalia_engine(&format!("E{i}"), ""))
            .collect();
        let out = Command::new(REGALIA)
            .arg("match")
            .args(
                shell_words::split(&format!(
                    "--variant {variant} {} --depth 1 --max-moves 4 --games 2",
                    engines.join(" ")
                ))
                .expect("test arguments"),
            )
            .current_dir(&elsewhere)
            .output()
            .expect("regalia runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{variant}: {stderr}");
        let sources: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("game "))
            .filter_map(|l| l.split(", ").nth(1))
            .collect();
        assert_eq!(sources.len(), 2, "{variant}: {stderr}");
        for source in sources {
            assert!(
                source.starts_with(&format!("{}:", first.path)),
                "{variant}: {source} in\n{stderr}"
            );
        }
        // A given --openings that is not there stays an error.
        let missing = Command::new(REGALIA)
            .arg("match")
            .args(
                shell_words::split(&format!(
                    "--variant {variant} {} {} --depth 1 --openings openings/{variant}",
                    regalia_engine("A", ""),
                    regalia_engine("B", "")
                ))
                .expect("test arguments"),
            )
            .current_dir(&elsewhere)
            .output()
            .expect("regalia runs");
        let stderr = String::from_utf8_lossy(&missing.stderr);
        assert!(!missing.status.success(), "{variant}: {stderr}");
        assert!(stderr.contains("openings"), "{variant}: {stderr}");
    }
}

#[test]
fn bad_match_settings_are_refused_with_a_reason() {
    let two = format!("{} {}", regalia_engine("A", ""), regalia_engine("B", ""));
    let one = regalia_engine("A", "");
    let cases = [
        (format!("{one} --engine cmd=/no/such/engine --movetime 10"), "could not be started"),
        // A chess-only engine (no UCI_Variant) cannot play tafl.
        (
            format!("--variant tafl {one} --engine \"cmd=sh -c 'read x; echo uciok; cat >/dev/null'\" --movetime 10"),
            "cannot play tafl",
        ),
        (format!("{one} --movetime 10"), "2 seats"),
        (two.clone(), "give a limit"),
        (format!("{one} --engine name=x --movetime 10"), "no cmd="),
        (format!("{two} --tc fast"), "--tc"),
        (format!("{two} --movetime 10 --openings nowhere.epd"), "openings"),
        (format!("{two} --movetime 10 --sprt elo0=5 elo1=1"), "--sprt"),
    ];
    for (args, why) in cases {
        let (ok, stdout, stderr) = run_match(&args);
        assert!(!ok, "{args} must fail:\n{stdout}");
        assert!(stderr.contains(why), "{args}: {stderr}");
    }
}

/// `--engine` words for the scripted proxy around Regalia: `mode` at its `at`-th `go`, every
/// line it receives logged to `log`.
fn scripted_engine(name: &str, mode: &str, at: u32, log: &Path) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/match/broken_engine.py");
    let _ = std::fs::remove_file(log);
    format!(
        "--engine \"cmd=python3 '{}' {mode} '{REGALIA}' {at} '{}'\" name={name}",
        script.display(),
        log.display()
    )
}

/// The values of `word` (`wtime`, `rinc`…) in a `go` line.
fn clock_value(go: &str, word: &str) -> Option<u64> {
    let words: Vec<&str> = go.split_whitespace().collect();
    let i = words.iter().position(|w| *w == word)?;
    words.get(i + 1)?.parse().ok()
}

/// Replays a takeaway line record with the rules library: the seat of every move, the forfeits,
/// the points; returns the referee at the end.
fn replay_takeaway(game: &[(String, String)]) -> Box<dyn Session> {
    let get = |key: &str| values(game, key);
    let mut referee = Variant::Takeaway.new_session();
    referee
        .set_position(Some(get("start")[0]), &[])
        .expect("start reads");
    for (key, value) in game {
        let words: Vec<&str> = value.split_whitespace().collect();
        match key.as_str() {
            "move" => {
                assert_eq!(words[1], referee.to_move().to_string(), "{value}");
                referee.play(words[2]).expect("recorded moves are legal");
            }
            "out" if words[2] == "forfeits:" => {
                let seat: u8 = words[1].parse().expect("seat");
                assert!(referee.forfeit(seat), "seat {seat} can forfeit: {value}");
            }
            "out" => {
                // Left by rule: the referee already has it out.
                let seat: u8 = words[1].parse().expect("seat");
                assert!(!referee.active_seats().contains(seat), "{value}");
            }
            _ => {}
        }
    }
    let points: f64 = get("points")[0]
        .split(' ')
        .map(|p| p.parse::<f64>().expect("points"))
        .sum();
    assert!((points - 1.0).abs() < 1e-9, "{game:?}");
    referee
}

#[test]
fn a_three_seat_match_sends_and_keeps_every_seats_clock() {
    let logs: Vec<PathBuf> = (0..3)
        .map(|i| scratch(&format!("takeaway3-{i}.log")))
        .collect();
    let out = scratch("takeaway3.txt");
    let engines: Vec<String> = logs
        .iter()
        .enumerate()
        .map(|(i, log)| scripted_engine(&format!("E{i}"), "good", 0, log))
        .collect();
    let (ok, stdout, stderr) = run_match(&format!(
        "--variant takeaway {} --tc 20 --games 3 --out '{}'",
        engines.join(" "),
        out.display()
    ));
    assert!(ok, "{stdout}\n{stderr}");
    assert!(stdout.contains("seat 2 (seat 2)"), "{stdout}");
    // Every `go` names the clock of each seat still playing, under its word, and the clocks
    // (20 s, no increment) only run down.
    let mut all_three = 0;
    for log in &logs {
        let text = std::fs::read_to_string(log).expect("the engine logged");
        for game in text.split("ucinewgame").skip(1) {
            let goes: Vec<&str> = game.lines().filter(|l| l.starts_with("go ")).collect();
            assert!(!goes.is_empty(), "every engine moves in every game");
            for word in ["wtime", "btime", "rtime"] {
                let values: Vec<u64> = goes.iter().filter_map(|g| clock_value(g, word)).collect();
                for pair in values.windows(2) {
                    assert!(pair[1] <= pair[0], "{word}: {values:?}");
                }
            }
            for go in &goes {
                assert!(!go.contains("gtime"), "three seats: {go}");
                let words = ["wtime", "btime", "rtime"]
                    .iter()
                    .filter(|w| clock_value(go, w).is_some())
                    .count();
                assert!(
                    words >= 2,
                    "a go with the clocks of the seats in play: {go}"
                );
                all_three += (words == 3) as usize;
                for (time, inc) in [("wtime", "winc"), ("btime", "binc"), ("rtime", "rinc")] {
                    assert_eq!(
                        clock_value(go, time).is_some(),
                        clock_value(go, inc) == Some(0),
                        "{go}"
                    );
                }
            }
            let own = goes.last().and_then(|g| {
                ["wtime", "btime", "rtime"]
                    .iter()
                    .filter_map(|w| clock_value(g, w))
                    .min()
            });
            assert!(
                own.is_some_and(|t| t < 20_000),
                "clocks were charged: {goes:?}"
            );
        }
    }
    assert!(all_three > 0, "while three play, all three clocks are sent");
    let records = line_records(&std::fs::read_to_string(&out).expect("records"));
    assert_eq!(records.len(), 3);
    let mut eliminations = 0;
    for game in &records {
        assert_eq!(game.iter().filter(|(k, _)| k == "seat").count(), 3);
        eliminations += game
            .iter()
            .filter(|(k, v)| k == "out" && v.ends_with("eliminated"))
            .count();
        let referee = replay_takeaway(game);
        let GameStatus::Over(end) = referee.status() else {
            panic!("takeaway games end by rule: {game:?}");
        };
        let termination = &game
            .iter()
            .find(|(k, _)| k == "termination")
            .expect("end")
            .1;
        assert!(termination.ends_with(&end.text), "{termination} vs {end}");
    }
    assert!(eliminations > 0, "emptied heaps eliminate seats");
}

#[test]
fn a_faulting_seat_leaves_a_four_seat_game_and_the_others_play_on() {
    let openings =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/match/takeaway-four.epd");
    let out = scratch("takeaway4.txt");
    let log = scratch("takeaway4-broken.log");
    let (ok, stdout, stderr) = run_match(&format!(
        "--variant takeaway {} {} {} {} --nodes 2000 --games 4 --openings '{}' --out '{}'",
        regalia_engine("A", ""),
        regalia_engine("B", ""),
        regalia_engine("C", ""),
        scripted_engine("broken", "exit", 2, &log),
        openings.display(),
        out.display()
    ));
    assert!(ok, "{stdout}\n{stderr}");
    assert!(stdout.contains("seat 3 (seat 3)"), "{stdout}");
    let records = line_records(&std::fs::read_to_string(&out).expect("records"));
    assert_eq!(records.len(), 4);
    let mut went_on = 0;
    for game in &records {
        let seats: Vec<&str> = game
            .iter()
            .filter(|(k, _)| k == "seat")
            .map(|(_, v)| v.as_str())
            .collect();
        assert_eq!(seats.len(), 4);
        let broken_seat = seats
            .iter()
            .position(|s| s.ends_with(" broken"))
            .expect("the broken engine plays a seat");
        let forfeit = game
            .iter()
            .position(|(k, v)| k == "out" && v.contains("forfeits: engine exited"));
        let referee = replay_takeaway(game);
        let points: Vec<f64> = game
            .iter()
            .find(|(k, _)| k == "points")
            .expect("points")
            .1
            .split(' ')
            .map(|p| p.parse().expect("number"))
            .collect();
        if let Some(at) = forfeit {
            let words: Vec<&str> = game[at].1.split_whitespace().collect();
            assert_eq!(
                words[1],
                broken_seat.to_string(),
                "the broken seat forfeits"
            );
            assert_eq!(points[broken_seat], 0.0, "a forfeited seat scores nothing");
            // The game did not end there: the others moved on, and it ended by rule.
            went_on += game[at..].iter().any(|(k, _)| k == "move") as usize;
            let termination = &game
                .iter()
                .find(|(k, _)| k == "termination")
                .expect("end")
                .1;
            assert!(termination.starts_with("normal "), "{termination}");
            assert!(matches!(referee.status(), GameStatus::Over(_)));
        }
    }
    assert!(
        went_on >= 2,
        "most games outlive the broken engine's second move: {records:?}"
    );
}

/// A tafl match under another rule set: the referee plays the engines' `TaflRules`, starts from
/// that rule set's start, and the records name the rule set, so they replay.
#[test]
fn a_tafl_match_under_another_rule_set_is_refereed_by_it() {
    let out = scratch("brandubh.txt");
    let (ok, stdout, stderr) = run_match(&format!(
        "--variant tafl {} {} --nodes 2000 --max-moves 100 --games 2 --out '{}'",
        regalia_engine("a", "option.TaflRules=brandubh"),
        regalia_engine("b", "option.TaflRules=brandubh"),
        out.display()
    ));
    assert!(ok, "{stdout}\n{stderr}");
    let records = line_records(&std::fs::read_to_string(&out).expect("records"));
    assert_eq!(records.len(), 2);
    for game in &records {
        let get = |key: &str| values(game, key);
        assert_eq!(get("option"), ["TaflRules brandubh"]);
        assert_eq!(get("start"), ["3a3/3a3/3d3/aadkdaa/3d3/3a3/3a3 a"]);
        let mut referee = Variant::Tafl
            .configured_session(&[("TaflRules".into(), "brandubh".into())])
            .unwrap();
        referee.set_position(Some(get("start")[0]), &[]).unwrap();
        for m in get("move") {
            let text = m.split_whitespace().nth(2).unwrap();
            referee
                .play(text)
                .expect("recorded moves are legal under Brandubh");
        }
        assert!(matches!(referee.status(), GameStatus::Over(_)) || get("move").len() == 200);
    }
    // Engines given different rule sets would play different games: refused.
    let (ok, _, stderr) = run_match(&format!(
        "--variant tafl {} {} --nodes 2000 --games 2",
        regalia_engine("a", "option.TaflRules=brandubh"),
        regalia_engine("b", ""),
    ));
    assert!(!ok && stderr.contains("same tafl options"), "{stderr}");
}

/// `EvalWeights` is how one engine plays, not the game: engines with different tables meet (the
/// test of a new fit against the hand-set table in docs/tuning.md), while different `UCI_Chess960` is
/// refused.
#[test]
fn chess_engines_may_differ_in_weights_but_not_in_rules() {
    let (ok, stdout, stderr) = run_match(&format!(
        "--variant chess {} {} --nodes 500 --max-moves 20 --games 2",
        regalia_engine("handset", "option.EvalWeights=handset"),
        regalia_engine("tuned", ""),
    ));
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("handset") && stdout.contains("tuned"),
        "{stdout}"
    );
    let (ok, _, stderr) = run_match(&format!(
        "--variant chess {} {} --nodes 500 --games 2",
        regalia_engine("a", "option.UCI_Chess960=true"),
        regalia_engine("b", ""),
    ));
    assert!(!ok && stderr.contains("same chess options"), "{stderr}");
}
