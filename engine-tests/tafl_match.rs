//! `regalia match` with tafl engines of the three protocols (UCI-like, OpenTafl, HTP): the
//! OpenTafl and HTP drivers tested against scripted engines (`match/scripted_tafl_peer.py`,
//! which log every line they are sent), and whole Copenhagen games between Regalia speaking
//! each protocol, which must come out the same every time.

use std::path::{Path, PathBuf};
use std::process::Command;

const REGALIA: &str = env!("CARGO_BIN_EXE_regalia");
/// Copenhagen's start and two quiet plies, attackers to move.
const OPENING: &str =
    "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a moves k5i5 e7c7";

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tafl-match-tests");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn peer_script() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests/match/scripted_tafl_peer.py")
        .display()
        .to_string()
}

/// Runs `regalia match --variant tafl` under Copenhagen from OPENING (or `openings`) with these
/// engine words and more arguments; returns the records and stderr, panicking on a failed run.
fn tafl_match(name: &str, openings: Option<&str>, args: &str) -> (String, String) {
    let out = scratch(&format!("{name}.txt"));
    let openings_file = scratch(&format!("{name}-openings.txt"));
    std::fs::write(&openings_file, format!("{}\n", openings.unwrap_or(OPENING))).expect("openings");
    let run = Command::new(REGALIA)
        .args(["match", "--variant", "tafl", "--answer-timeout", "120"])
        .args(["--hang-timeout", "300"])
        .arg("--openings")
        .arg(&openings_file)
        .arg("--out")
        .arg(&out)
        .args(shell_words::split(args).expect("test arguments"))
        .output()
        .expect("regalia runs");
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{name}: {stderr}");
    (std::fs::read_to_string(&out).expect("records"), stderr)
}

/// The values of every `key` line of the records, game after game.
fn values(records: &str, key: &str) -> Vec<String> {
    let prefix = format!("{key} ");
    records
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(str::to_string)
        .collect()
}

fn uci_regalia(name: &str) -> String {
    format!("--engine 'cmd={REGALIA}' name={name} option.Threads=1 option.TaflRules=copenhagen")
}

#[test]
fn an_opentafl_engine_gets_rules_opening_and_moves_and_is_restarted_after_exiting() {
    let log = scratch("opentafl-peer.log");
    let (records, _) = tafl_match(
        "opentafl-exits",
        None,
        &format!(
            "{} --engine proto=opentafl \"cmd=python3 '{}' opentafl '{}' --exit-on-play\" \
             name=Scripted option.TaflRules=copenhagen --depth 2 --games 2",
            uci_regalia("Regalia"),
            peer_script(),
            log.display()
        ),
    );
    let terminations = values(&records, "termination");
    assert_eq!(terminations.len(), 2, "{records}");
    // Game 1: Regalia (the first engine) attacks and moves first; game 2: the sides swapped.
    // The runner says how the peer left: its exit status and its last line on stderr.
    let left = "engine exited (status 4: scripted peer: leaving at play, as asked)";
    assert!(
        terminations[0].contains(&format!("forfeit by defenders: {left}")),
        "{records}"
    );
    assert!(
        terminations[1].contains(&format!("forfeit by attackers: {left}")),
        "{records}"
    );
    assert_eq!(
        values(&records, "opening-moves"),
        ["k5i5 e7c7", "k5i5 e7c7"]
    );
    let sent = std::fs::read_to_string(&log).expect("the peer's log");
    // Started to check it runs, then once for each game: the one it left included.
    assert_eq!(sent.matches("# start").count(), 3, "{sent}");
    let copenhagen = "rules dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:";
    assert_eq!(sent.matches(copenhagen).count(), 2, "{sent}");
    // The opening's moves, each with the position after it, rank 1 first.
    assert!(
        sent.contains("opponent-move k5-i5 /3ttttt3/5t5/11/t4T4t/t3TTT1t2/"),
        "{sent}"
    );
    assert!(sent.contains("opponent-move e7-c7 "), "{sent}");
    assert!(sent.contains("play attackers"), "{sent}");
    assert!(sent.contains("play defenders"), "{sent}");
    // In game 1 Regalia moved first: the peer heard of that move too.
    let moves = values(&records, "move");
    assert_eq!(moves.len(), 1, "{records}");
    let regalia_move = moves[0].split_whitespace().nth(2).expect("move text");
    let to = regalia_move
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_lowercase())
        .map_or(regalia_move.len(), |(i, _)| i);
    let record = format!("{}-{}", &regalia_move[..to], &regalia_move[to..]);
    assert!(sent.contains(&format!("opponent-move {record}")), "{sent}");
}

#[test]
fn an_htp_refusal_of_a_repetition_ends_the_game_and_any_other_refusal_loses() {
    for (why, ending) in [
        (
            "play: the defenders may not make a board that has already stood",
            "the defenders win: Scripted refuses the attackers' move",
        ),
        (
            "play: illegal move",
            "forfeit by defenders: engine refused the legal move",
        ),
    ] {
        let log = scratch("htp-refuses.log");
        let (records, _) = tafl_match(
            "htp-refuses",
            None,
            &format!(
                "{} --engine proto=htp \"cmd=python3 '{}' htp '{}' --refuse-play 3 '{why}'\" \
                 name=Scripted option.TaflRules=copenhagen --depth 2 --games 1",
                uci_regalia("Regalia"),
                peer_script(),
                log.display()
            ),
        );
        let terminations = values(&records, "termination");
        assert_eq!(terminations.len(), 1, "{records}");
        assert!(terminations[0].contains(ending), "{why}: {records}");
        let sent = std::fs::read_to_string(&log).expect("the peer's log");
        for line in [
            "board_size 11",
            "play attacker k5 i5",
            "play defender e7 c7",
        ] {
            assert!(sent.contains(line), "{line}: {sent}");
        }
        if why.contains("stood") {
            assert_eq!(values(&records, "winner"), ["1"], "{records}");
        }
    }
}

#[test]
fn an_htp_client_engine_connects_to_the_runner_and_plays_over_the_connection() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let log = scratch("htp-client.log");
    let (records, _) = tafl_match(
        "htp-client",
        None,
        &format!(
            "--engine proto=htp listen=127.0.0.1:{port} \
             \"cmd=python3 '{}' htp '{}' --connect 127.0.0.1:{port} --moves attacker:a4-a2\" \
             name=Client option.TaflRules=copenhagen {} --depth 2 --games 2",
            peer_script(),
            log.display(),
            uci_regalia("Regalia")
        ),
    );
    let moves = values(&records, "move");
    assert!(moves[0].starts_with("1 0 a4a2"), "{records}");
    let terminations = values(&records, "termination");
    assert_eq!(terminations.len(), 2, "{records}");
    // Out of moves it leaves (game 1); in game 2 its attackers' move is no defenders' move.
    assert!(
        terminations[0].contains("forfeit by attackers: engine exited"),
        "{records}"
    );
    assert!(
        terminations[1].contains("forfeit by defenders"),
        "{records}"
    );
    let sent = std::fs::read_to_string(&log).expect("the client's log");
    assert_eq!(
        sent.matches("# start").count(),
        2,
        "a client for each game: {sent}"
    );
    for line in [
        "play attacker k5 i5",
        "play defender e7 c7",
        "generate_move",
    ] {
        assert!(sent.contains(line), "{line}: {sent}");
    }
}

/// The three Regalia engines, each searching to a fixed depth so that games replay.
fn three_protocols() -> [(String, &'static str); 3] {
    let depth = 3;
    [
        (
            format!(
                "--engine 'cmd={REGALIA}' name=UCI option.Threads=1 option.TaflRules=copenhagen"
            ),
            "UCI",
        ),
        (
            format!(
                "--engine proto=opentafl 'cmd={REGALIA} opentafl --depth {depth}' name=OpenTafl \
                 option.TaflRules=copenhagen"
            ),
            "OpenTafl",
        ),
        (
            format!(
                "--engine proto=htp 'cmd={REGALIA} htp --depth {depth}' name=HTP \
                 option.TaflRules=copenhagen"
            ),
            "HTP",
        ),
    ]
}

#[test]
fn whole_copenhagen_games_between_the_three_protocols_end_by_rule_and_replay() {
    let engines = three_protocols();
    let openings = [
        OPENING,
        "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a moves a4a2 e7e10",
    ]
    .join("\n");
    for (a, b) in [(0, 1), (1, 2), (2, 0)] {
        let name = format!("three-{}-{}", engines[a].1, engines[b].1);
        let args = format!(
            "{} {} --depth 3 --games 4 --max-moves 200",
            engines[a].0, engines[b].0
        );
        let (first, _) = tafl_match(&name, Some(&openings), &args);
        let terminations = values(&first, "termination");
        assert_eq!(terminations.len(), 4, "{name}: {first}");
        for t in &terminations {
            assert!(
                t.starts_with("normal ") || t.starts_with("adjudication "),
                "{name}: a game ended by a fault: {t}\n{first}"
            );
        }
        // Fixed depths, one thread: the same games again, move for move.
        let (again, _) = tafl_match(&name, Some(&openings), &args);
        assert_eq!(
            values(&first, "move")
                .iter()
                .map(|m| m.split(" time ").next().unwrap_or("").to_string())
                .collect::<Vec<_>>(),
            values(&again, "move")
                .iter()
                .map(|m| m.split(" time ").next().unwrap_or("").to_string())
                .collect::<Vec<_>>(),
            "{name}"
        );
        assert_eq!(terminations, values(&again, "termination"), "{name}");
    }
}
