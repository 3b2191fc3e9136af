//! The ladder's kept records (engine-tests/results/ladder/, docs/results/strength.md): every
//! step's records hold the games its match reported, and `ladder_sum.py`, which sums a step's
//! rounds for the docs, counts them and computes the Elo as `regalia match` does;
//! `ladder_ends.py`, which tells how a step's games of three or four players ended; and
//! `ladder_caps.py`, which scores them again at a shorter move limit.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The line a script of engine-tests/strength/ prints for `args`, split at its bars.
fn strength_script(name: &str, args: &[&std::ffi::OsStr]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine-tests/strength")
        .join(name);
    let out = Command::new("python3")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{name} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .split(" | ")
        .map(str::to_string)
        .collect()
}

/// `ladder_sum.py UPPER FILES…`'s row, split at its bars.
fn ladder_sum(upper: &str, files: &[PathBuf]) -> Vec<String> {
    let mut args = vec![std::ffi::OsStr::new(upper)];
    args.extend(files.iter().map(|f| f.as_os_str()));
    strength_script("ladder_sum.py", &args)
}

/// The match summary's wins, draws, losses and Elo word (`+88.7`, `+inf`), if it has one.
fn match_summary(out: &str) -> Option<((u32, u32, u32), String)> {
    let score = out.lines().find(|l| l.starts_with("Score of "))?;
    let numbers: Vec<u32> = score
        .split(": ")
        .nth(1)?
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let (wins, losses, draws) = (numbers[0], numbers[1], numbers[2]);
    let elo = out
        .lines()
        .find_map(|l| l.strip_prefix("Elo difference: "))?
        .split_whitespace()
        .next()?
        .to_string();
    Some(((wins, draws, losses), elo))
}

/// `ladder_tally.py RECORDS UPPER`'s line (three or four players: `+W =D -L | P of F | rate`),
/// split at its bars.
fn ladder_tally(records: &Path, upper: &str) -> Vec<String> {
    strength_script(
        "ladder_tally.py",
        &[records.as_os_str(), std::ffi::OsStr::new(upper)],
    )
}

/// A match of three or four players has no `Score of` line: its engine table's row for
/// `name` (`level5  12  3  7  2  5.83  25.0%`) gives the wins, draws, losses and points.
fn engine_row(out: &str, name: &str) -> Option<((u32, u32, u32), String)> {
    let row = out
        .lines()
        .skip_while(|l| !l.starts_with("engine "))
        .find(|l| l.split_whitespace().next() == Some(name))?;
    let words: Vec<&str> = row.split_whitespace().collect();
    let count = |i: usize| words.get(i).and_then(|w| w.parse().ok());
    Some(((count(2)?, count(3)?, count(4)?), words.get(5)?.to_string()))
}

/// `+W =D −L` (or with an ASCII minus, as `ladder_tally.py` writes it) as numbers.
fn tally(text: &str) -> (u32, u32, u32) {
    let n: Vec<u32> = text
        .split_whitespace()
        .map(|w| {
            w.trim_start_matches(['+', '=', '−', '-'])
                .parse()
                .expect("a count")
        })
        .collect();
    (n[0], n[1], n[2])
}

/// The head of a made-up four-player game's records: its variant and who sits where.
fn four_seat_game(names: [&str; 4]) -> String {
    let mut text = String::from("game 1\nvariant sceptre1027\n");
    for (seat, (side, name)) in ["black", "white", "red", "green"]
        .iter()
        .zip(names)
        .enumerate()
    {
        text += &format!("seat {seat} {side} {name}\n");
    }
    text
}

/// Every kept ladder round's records with its upper foe's level, `GAME-LOW-UP.records` in a
/// folder of `engine-tests/results/ladder` (`ladder.sh KEEP=DIR` keeps each round in a folder of
/// its own; the loose files beside them are matches run by hand, named by their settings, which
/// strength.md says, not its rounds).
fn kept_ladder_records() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/results/ladder");
    let mut found = Vec::new();
    for round in std::fs::read_dir(&root).expect("kept ladder runs") {
        let round = round.expect("a round").path();
        if !round.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&round).expect("a round's files") {
            let records = entry.expect("a file").path();
            if records.extension().and_then(|e| e.to_str()) != Some("records") {
                continue;
            }
            let up = records
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|stem| stem.rsplit('-').next())
                .expect("GAME-LOW-UP")
                .to_string();
            found.push((records, up));
        }
    }
    found
}

#[test]
fn kept_ladder_records_agree_with_their_match_and_sum_as_it_counts() {
    let mut checked = 0;
    for (records, up) in kept_ladder_records() {
        let out = std::fs::read_to_string(records.with_extension("out")).expect("its output");
        let upper = format!("level{up}");
        // Three or four players (`PLAYERS=3 ladder.sh`): the score rate's tally, from the
        // records, against the match's own table.
        if match_summary(&out).is_none() {
            if let Some((reported, points)) = engine_row(&out, &upper) {
                let line = ladder_tally(&records, &upper);
                assert_eq!(tally(&line[0]), reported, "{}: {line:?}", records.display());
                // The records keep a shared point to three places (0.333), the match sums
                // exact thirds: allow that rounding, a thousandth a game.
                let mine: f64 = line[1]
                    .split_whitespace()
                    .next()
                    .and_then(|p| p.parse().ok())
                    .expect("points");
                let theirs: f64 = points.parse().expect("the table's points");
                let games = f64::from(reported.0 + reported.1 + reported.2);
                assert!(
                    (mine - theirs).abs() <= 0.005 + 0.001 * games,
                    "{}: {line:?} against the match's {points}",
                    records.display()
                );
                checked += 1;
            }
        }
        // A match stopped before its summary has only the games it finished.
        let Some((reported, elo)) = match_summary(&out) else {
            continue;
        };
        let row = ladder_sum(&upper, std::slice::from_ref(&records));
        assert_eq!(tally(&row[1]), reported, "{}: {row:?}", records.display());
        let mine = row[3].split_whitespace().next().expect("an Elo");
        let same = match (mine.replace('−', "-").parse::<f64>(), elo.parse::<f64>()) {
            (Ok(a), Ok(b)) => a == b || (a - b).abs() <= 0.5,
            _ => mine.replace('−', "-") == elo,
        };
        assert!(same, "{}: {mine} against match's {elo}", records.display());
        checked += 1;
    }
    assert!(checked > 0, "no kept ladder step");
}

#[test]
fn ladder_sum_adds_rounds_and_gives_the_interval() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ladder-sum");
    std::fs::create_dir_all(&dir).expect("a folder");
    let game = |white: &str, black: &str, result: &str| {
        format!("[Event \"Regalia match\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n1. e4 {result}\n\n")
    };
    let one = dir.join("one.records");
    let two = dir.join("two.records");
    std::fs::write(&one, game("up", "low", "1-0") + &game("low", "up", "1-0")).expect("written");
    std::fs::write(
        &two,
        game("up", "low", "1/2-1/2") + &game("low", "up", "0-1"),
    )
    .expect("written");
    let row = ladder_sum("up", &[one, two]);
    // 2 wins, 1 draw, 1 loss: 0.625, +89 as the match's own test has it (+88.7).
    assert_eq!(row[0], "4");
    assert_eq!(row[1], "+2 =1 −1");
    assert_eq!(row[2], "0.625");
    assert!(row[3].starts_with("+89 (−221 to +inf)"), "{row:?}");
    assert_eq!(row[4], "black +1 =0 −1; white +1 =1 −0");
}

#[test]
fn ladder_sum_counts_every_name_of_the_upper_foe_as_one() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ladder-sum-names");
    std::fs::create_dir_all(&dir).expect("a folder");
    let game = |white: &str, black: &str, result: &str| {
        format!("[Event \"Regalia match\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n1. e4 {result}\n\n")
    };
    // A round by `Level` (level8 against level7) and a match by hand by setting (hi against lo).
    let round = dir.join("round.records");
    let by_hand = dir.join("by-hand.records");
    std::fs::write(&round, game("level8", "level7", "1-0")).expect("written");
    std::fs::write(&by_hand, game("lo", "hi", "0-1") + &game("hi", "lo", "0-1")).expect("written");
    let row = ladder_sum("level8,hi", &[round, by_hand]);
    assert_eq!(row[0], "3");
    assert_eq!(row[1], "+2 =0 −1");
    assert_eq!(row[4], "black +1 =0 −0; white +1 =0 −1");
}

#[test]
fn ladder_tally_counts_every_name_of_the_upper_foe_as_one_with_three_players() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ladder-tally-names");
    std::fs::create_dir_all(&dir).expect("a folder");
    let game = |names: [&str; 3], points: &str| {
        format!(
            "game 1\nvariant sceptre1027\nseat 0 black {}\nseat 1 white {}\nseat 2 red {}\npoints {points}\nend\n\n",
            names[0], names[1], names[2]
        )
    };
    // A round by `Level` (level4 against two level3) and a match by hand by setting (hi
    // against lo1 and lo2): the upper foe wins one, shares one of two and loses one.
    let round = dir.join("round.records");
    let by_hand = dir.join("by-hand.records");
    std::fs::write(&round, game(["level4", "level3", "level3"], "1 0 0")).expect("written");
    std::fs::write(
        &by_hand,
        game(["lo1", "hi", "lo2"], "0 0.5 0.5") + &game(["lo1", "lo2", "hi"], "0.5 0.5 0"),
    )
    .expect("written");
    let both = [round.as_os_str(), by_hand.as_os_str(), "level4,hi".as_ref()];
    let line = strength_script("ladder_tally.py", &both);
    // 1.5 points of a fair share of 1.00.
    assert_eq!(line[..2], ["+1 =1 -1", "1.50 of 1.00"], "{line:?}");
    assert!(line[2].starts_with("1.50 ("), "{line:?}");
    // One name alone finds games without it and refuses them.
    let alone = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/strength/ladder_tally.py"))
        .args([round.as_os_str(), by_hand.as_os_str(), "level4".as_ref()])
        .output()
        .expect("python3 runs");
    assert!(!alone.status.success());
}

#[test]
fn ladder_ends_tells_games_at_the_limit_from_those_decided_and_counts_who_went_out() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ladder-ends");
    std::fs::create_dir_all(&dir).expect("a folder");
    let game =
        |names: [&str; 4], plies: usize, outs: &[(usize, usize)], points: &str, end: &str| {
            let mut text = four_seat_game(names);
            for ply in 1..=plies {
                text += &format!(
                    "move {ply} {} a1a2 score cp 0 depth 1 time 1\n",
                    (ply - 1) % 4
                );
            }
            for (ply, seat) in outs {
                text += &format!("out {ply} {seat} eliminated\n");
            }
            text + &format!("points {points}\n{end}\nend\n\n")
        };
    // At the limit with three in (the upper foe one of them), and a game the upper foe lost
    // first, then two foes below went out and red won: the mate that wins lists no `out`.
    let records = dir.join("step.records");
    std::fs::write(
        &records,
        game(
            ["level2", "level1", "level1", "level1"],
            250,
            &[(150, 1)],
            "0.333 0 0.333 0.333",
            "winner none\ntermination adjudication adjudicated: draw at the move limit (200 moves)",
        ) + &game(
            ["level1", "level2", "level1", "level1"],
            180,
            &[(50, 1), (120, 0)],
            "0 0 1 0",
            "winner 2\ntermination normal red wins by checkmate",
        ),
    )
    .expect("written");
    let out = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/strength/ladder_ends.py"))
        .args(["level2".as_ref(), records.as_os_str()])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "2 games of 4 players; at the move limit 1, players still in there: 3 in 1",
            "upper foe at the limit: 0.33 of 0.25 (rate 1.33); in the 1 ended before: 0.00 of 0.25 (rate 0.00)",
            "put out: the upper foe in 1 of 2 (0.50), a foe below in 3 of 6 (0.50)",
            "eliminations a game going, by plies: 1-100 0.50 (2), 101-200 1.50 (2), 201-300 0.00 (1)",
            "by seat, points and times put out: black 0.33 / 1, white 0.00 / 2, red 1.33 / 0, green 0.33 / 1",
        ]
    );
}

/// `ladder_caps.py UPPER CAPS RECORDS…`'s lines, each split at its bars; None if it refused.
fn ladder_caps(upper: &str, caps: &str, files: &[&Path]) -> Option<Vec<Vec<String>>> {
    let out = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/strength/ladder_caps.py"))
        .args([upper, caps])
        .args(files)
        .output()
        .expect("python3 runs");
    out.status.success().then(|| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.split(" | ").map(str::to_string).collect())
            .collect()
    })
}

#[test]
fn ladder_caps_draws_a_game_where_a_shorter_limit_would_have() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ladder-caps");
    std::fs::create_dir_all(&dir).expect("a folder");
    let game = |names: [&str; 4], movers: &[usize], outs: &[(usize, usize)], tail: &str| {
        let mut text = four_seat_game(names);
        for (i, seat) in movers.iter().enumerate() {
            let ply = i + 1;
            text += &format!("move {ply} {seat} a1a2 score cp 0 depth 1 time 1\n");
            for (_, out) in outs.iter().filter(|(p, _)| *p == ply) {
                text += &format!("out {ply} {out} eliminated\n");
            }
        }
        text + tail + "\nend\n\n"
    };
    // Red, the upper foe, wins by mate at ply 20; white went out with ply 6, and the three
    // left move in turn from ply 9. At 2 moves a seat the game is drawn after ply 8 (green's
    // second move) among three; at 3 after ply 11; at 10 it ends by the mate first.
    let mut movers: Vec<usize> = (0..8).map(|i| i % 4).collect();
    movers.extend((0..12).map(|i| [0, 2, 3][i % 3]));
    let decided = dir.join("decided.records");
    std::fs::write(
        &decided,
        game(
            ["level1", "level1", "level2", "level1"],
            &movers,
            &[(6, 1)],
            "points 0 0 1 0\nwinner 2\ntermination normal red wins by checkmate",
        ),
    )
    .expect("written");
    // Drawn at its own limit of 3 moves a seat with all four in, the upper foe black.
    let at_limit = dir.join("at-limit.records");
    let round: Vec<usize> = (0..12).map(|i| i % 4).collect();
    std::fs::write(
        &at_limit,
        game(
            ["level2", "level1", "level1", "level1"],
            &round,
            &[],
            "points 0.25 0.25 0.25 0.25\nwinner none\ntermination adjudication adjudicated: draw at the move limit (3 moves)",
        ),
    )
    .expect("written");
    let both = ladder_caps("level2", "2,3", &[&decided, &at_limit]).expect("scored");
    // A third and a quarter: 0.58 of a fair share of 0.50.
    for (line, cap) in both.iter().zip(["2", "3"]) {
        assert_eq!(line[..3], [cap, "+0 =2 -0", "0.58 of 0.50"], "{line:?}");
        assert!(line[3].starts_with("1.17 ("), "{line:?}");
        assert_eq!(line[4], "at the limit 2 (4 in 1, 3 in 1)", "{line:?}");
    }
    assert_eq!(both[0].len(), 5, "the first cap has nothing to change from");
    assert_eq!(both[1][5], "from 2: +0.00 (+0.00 to +0.00)");
    let long = ladder_caps("level2", "3,10", &[&decided]).expect("scored");
    assert_eq!(long[0][..3], ["3", "+0 =1 -0", "0.33 of 0.25"]);
    assert_eq!(long[1][..3], ["10", "+1 =0 -0", "1.00 of 0.25"]);
    assert_eq!(long[1][4], "at the limit 0 (none)");
    // A third of a point to the whole one, in one game of four: +2.67 of a fair share.
    assert_eq!(long[1][5], "from 3: +2.67 (+2.67 to +2.67)");
    // A game drawn at 3 moves a seat cannot tell what 4 would have given.
    assert!(ladder_caps("level2", "4", &[&at_limit]).is_none());
}

#[test]
fn kept_ladder_steps_scored_at_their_own_limit_are_as_tallied() {
    let mut checked = 0;
    for (records, up) in kept_ladder_records() {
        let text = std::fs::read_to_string(&records).expect("readable");
        // Three or four players' steps drawn at a limit: the limit they were played to.
        if !text.contains("\nseat 2 ") {
            continue;
        }
        let Some(cap) = text
            .split("draw at the move limit (")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
        else {
            continue;
        };
        let upper = format!("level{up}");
        let tallied = ladder_tally(&records, &upper);
        let scored = ladder_caps(&upper, cap, &[&records]).expect("scored at its own limit");
        assert_eq!(
            scored[0][1..4],
            tallied[..3],
            "{} at {cap}",
            records.display()
        );
        checked += 1;
    }
    assert!(checked > 0, "no kept step of three or four players");
}
