//! Sceptre 1027 A.D. through the real binary: choosing the variant, its layout and player
//! count, the set-up phase by `position startpos moves …`, `d`, `moves`, `go perft`, searches
//! on every shipped layout and player count, the clocks of three players, the lines that
//! report eliminations, withdrawals and the end, and malformed input of every kind, each
//! answered with one `info string error` line that leaves the position and layout as they were.

use crate::engine_process::EngineProcess;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use regalia::core::{MoveList, Rules, Scope};
use regalia::games::sceptre::{Layout, SceptrePosition, Terrain, SHIPPED_LAYOUTS};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A hang guard, not a measurement: generous enough for a machine busy with other builds.
const LONG: Duration = Duration::from_secs(300);

/// A 24x8 meadow of three boards side by side: kingdoms b@a1, w@i1, r@q1 for three players.
const MEADOW_24X8: &str = "24m/24m/24m/24m/24m/24m/24m/24m";

/// The engine with `sceptre1027` chosen.
fn sceptre_engine() -> EngineProcess {
    let mut e = EngineProcess::start();
    e.send("setoption name UCI_Variant value sceptre1027");
    let answer = e.sync();
    assert!(answer.is_empty(), "{answer:?}");
    e
}

/// Sends `line` and returns every line it answers with (up to `isready`).
fn ask(e: &mut EngineProcess, line: &str) -> Vec<String> {
    e.send(line);
    e.sync()
}

/// The position string `d` shows: its `Position:` (or `Fen:`) line, else the line that has
/// the eight fields of a position string.
fn position_text(e: &mut EngineProcess) -> String {
    e.send("d");
    let lines = e.sync();
    for prefix in ["Position: ", "Fen: "] {
        if let Some(l) = lines.iter().find(|l| l.starts_with(prefix)) {
            return l[prefix.len()..].trim().to_string();
        }
    }
    lines
        .iter()
        .find(|l| {
            let fields: Vec<&str> = l.split(' ').collect();
            fields.len() == 8 && fields[0].contains('/') && fields[2].contains('+')
        })
        .unwrap_or_else(|| panic!("no position string in the `d` output: {lines:#?}"))
        .to_string()
}

fn legal_moves(e: &mut EngineProcess) -> Vec<String> {
    let lines = ask(e, "moves");
    assert_eq!(lines.len(), 1, "{lines:?}");
    lines[0].split_whitespace().map(str::to_string).collect()
}

/// `go perft depth`: the per-move lines and the total.
fn perft(e: &mut EngineProcess, depth: u32) -> (Vec<(String, u64)>, u64) {
    e.send(&format!("go perft {depth}"));
    let lines = e.read_until(LONG, |l| l.starts_with("Nodes searched: "));
    let total = lines
        .last()
        .and_then(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("a node total");
    let per_move = lines
        .iter()
        .filter_map(|l| {
            let (m, n) = l.split_once(": ")?;
            Some((m.to_string(), n.trim().parse().ok()?))
        })
        .filter(|(m, _)| m != "Nodes searched")
        .collect();
    assert!(e.sync().iter().all(|l| l.is_empty()));
    (per_move, total)
}

/// Sets the player count and the layout (through `nine`, which seats every count).
fn choose_game(e: &mut EngineProcess, layout: &str, players: usize) {
    for line in [
        "setoption name SceptreLayout value nine".to_string(),
        format!("setoption name SceptrePlayers value {players}"),
        format!("setoption name SceptreLayout value {layout}"),
    ] {
        let answer = ask(e, &line);
        assert!(answer.is_empty(), "{line}: {answer:?}");
    }
}

fn shipped(name: &str) -> Layout {
    Layout::shipped(name)
        .expect("a shipped layout")
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A position of the library: the set-up completed at random, then `plies` random moves.
fn played(layout: &str, players: usize, plies: usize, seed: u64) -> SceptrePosition {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = SceptrePosition::start(&shipped(layout), players).expect("a start");
    let mut done = 0;
    loop {
        let mut moves = MoveList::new();
        pos.generate(Scope::All, &mut moves);
        if moves.is_empty() || (!pos.in_set_up() && done == plies) {
            return pos;
        }
        let m = moves.as_slice()[rng.gen_range(0..moves.len())];
        if !pos.in_set_up() {
            done += 1;
        }
        Rules::make(&mut pos, m);
    }
}

/// The library's position after `moves` (texts) from `pos`.
fn after(mut pos: SceptrePosition, moves: &[&str]) -> SceptrePosition {
    for text in moves {
        let m = Rules::parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        Rules::make(&mut pos, m);
    }
    pos
}

fn field(text: &str, index: usize) -> &str {
    text.split(' ').nth(index).expect("eight fields")
}

#[test]
fn sceptre_protocol_set_up_phase_placements_d_moves_and_perft() {
    let mut e = sceptre_engine();
    e.send("uci");
    let lines = e.read_until(LONG, |l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant") && l.contains("var sceptre1027")),
        "{lines:#?}"
    );
    for option in ["option name SceptreLayout ", "option name SceptrePlayers "] {
        assert!(lines.iter().any(|l| l.starts_with(option)), "{option}");
    }
    // The start: the set-up phase of two players on `nine`, black to place first.
    assert!(ask(&mut e, "position startpos").is_empty());
    let start = position_text(&mut e);
    let nine = shipped("nine");
    assert_eq!(start, SceptrePosition::start(&nine, 2).unwrap().to_text());
    assert_eq!(field(&start, 1), "-");
    assert_eq!(field(&start, 2), "b+,w+");
    assert_eq!(field(&start, 3), "b");
    assert_eq!(field(&start, 4), "b@q1,w@a17");
    assert_eq!(field(&start, 5), "b:KQRRBBNNPPPPPPPP,w:KQRRBBNNPPPPPPPP");
    // Black's placements lie in his kingdom q1-x8; every piece kind is offered.
    let moves = legal_moves(&mut e);
    let (lines, total) = perft(&mut e, 1);
    assert_eq!(total as usize, moves.len());
    let perft_moves: BTreeSet<String> = lines.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(perft_moves, moves.iter().cloned().collect::<BTreeSet<_>>());
    assert!(lines.iter().all(|(_, n)| *n == 1));
    for m in &moves {
        let (piece, square) = m.split_once('@').unwrap_or_else(|| panic!("{m}"));
        assert!("KQRBNP".contains(piece) && piece.len() == 1, "{m}");
        let file = square.as_bytes()[0];
        let rank: u32 = square[1..].parse().unwrap();
        assert!(
            (b'q'..=b'x').contains(&file) && (1..=8).contains(&rank),
            "{m}"
        );
    }
    for piece in ["K", "Q", "R", "B", "N", "P"] {
        assert!(moves.iter().any(|m| m.starts_with(&format!("{piece}@"))));
    }
    // Three placements: black's king and queen, white's king between them.
    let placed = ["K@q1", "K@a17", "Q@r1"];
    assert!(ask(
        &mut e,
        &format!("position startpos moves {}", placed.join(" "))
    )
    .is_empty());
    let text = position_text(&mut e);
    assert_eq!(
        text,
        after(SceptrePosition::start(&nine, 2).unwrap(), &placed).to_text()
    );
    assert_eq!(field(&text, 1), "Kb@q1,Qb@r1,Kw@a17");
    assert_eq!(field(&text, 3), "w");
    assert_eq!(field(&text, 5), "b:RRBBNNPPPPPPPP,w:QRRBBNNPPPPPPPP");
    // White's placements: in a17-h24, no second king.
    let moves = legal_moves(&mut e);
    assert!(!moves.is_empty());
    for m in &moves {
        let (piece, square) = m.split_once('@').unwrap_or_else(|| panic!("{m}"));
        assert_ne!(piece, "K", "{m}");
        let file = square.as_bytes()[0];
        let rank: u32 = square[1..].parse().unwrap();
        assert!(
            (b'a'..=b'h').contains(&file) && (17..=24).contains(&rank),
            "{m}"
        );
    }
    let (_, total) = perft(&mut e, 1);
    assert_eq!(total as usize, moves.len());
    // Perft 2 through the protocol equals the library's.
    let mut library = after(SceptrePosition::start(&nine, 2).unwrap(), &placed);
    let (_, total) = perft(&mut e, 2);
    assert_eq!(total, regalia::search::perft::perft(&mut library, 2));
    assert!(e.quit().success());
}

#[test]
fn sceptre_protocol_played_positions_perft_equals_moves() {
    let mut e = sceptre_engine();
    for (layout, players, plies, seed) in [
        ("nine", 2, 10, 1),
        ("duel", 2, 30, 2),
        ("cross", 3, 20, 3),
        ("ring", 4, 25, 4),
        ("nine", 4, 40, 5),
    ] {
        let mut pos = played(layout, players, plies, seed);
        let text = pos.to_text();
        assert!(ask(&mut e, &format!("position fen {text}")).is_empty());
        assert_eq!(position_text(&mut e), text, "{layout} {players}");
        let moves = legal_moves(&mut e);
        let (lines, total) = perft(&mut e, 1);
        assert_eq!(total as usize, moves.len(), "{text}");
        assert_eq!(
            lines
                .iter()
                .map(|(m, _)| m.clone())
                .collect::<BTreeSet<_>>(),
            moves.iter().cloned().collect::<BTreeSet<_>>()
        );
        let (lines, total) = perft(&mut e, 2);
        assert_eq!(total, regalia::search::perft::perft(&mut pos, 2), "{text}");
        assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), total);
    }
    assert!(e.quit().success());
}

#[test]
fn sceptre_protocol_depth_2_plays_a_legal_move_on_every_layout_and_count() {
    let mut e = sceptre_engine();
    let mut seed = 10;
    for shipped_layout in SHIPPED_LAYOUTS {
        let layout = shipped(shipped_layout.name);
        for &players in layout.players() {
            let label = format!("{} with {players}", layout.name());
            choose_game(&mut e, layout.name(), players);
            // The set-up phase of the chosen game.
            assert!(ask(&mut e, "position startpos").is_empty());
            let start = position_text(&mut e);
            assert_eq!(
                start,
                SceptrePosition::start(&layout, players).unwrap().to_text(),
                "{label}"
            );
            let legal = legal_moves(&mut e);
            let (lines, best) = e.search("go depth 2", LONG);
            assert!(legal.contains(&best), "{label}: {best} in {lines:#?}");
            // A played position of it, given by its string.
            seed += 1;
            let text = played(layout.name(), players, 12, seed).to_text();
            assert!(ask(&mut e, &format!("position fen {text}")).is_empty());
            let legal = legal_moves(&mut e);
            let (lines, best) = e.search("go depth 2", LONG);
            assert!(
                legal.contains(&best),
                "{label}: {best} in {text}: {lines:#?}"
            );
            assert!(
                lines.iter().any(|l| l.starts_with("info depth 2 ")),
                "{label}: {lines:#?}"
            );
            if players >= 3 {
                assert!(
                    lines.iter().any(|l| l.starts_with("info string scores ")
                        && l.split_whitespace().count() == 3 + players),
                    "{label}: a score per seat: {lines:#?}"
                );
            }
            // `eval` names every player and ends with the final evaluation.
            e.send("eval");
            let lines = e.read_until(LONG, |l| l.starts_with("Final evaluation"));
            for colour in ["black", "white", "red", "green"].iter().take(players) {
                assert!(
                    lines.iter().any(|l| l.starts_with(colour)),
                    "{label}: {lines:#?}"
                );
            }
            // The move plays on.
            let answer = ask(&mut e, &format!("position fen {text} moves {best}"));
            assert!(
                answer.iter().all(|l| !l.starts_with("info string error")),
                "{label}: {answer:?}"
            );
        }
    }
    assert!(e.quit().success());
}

/// Sends a `go` and returns the best move (exactly one `bestmove` comes back) and how long it
/// took to arrive. The only upper bound is the hang guard.
fn timed_search(e: &mut EngineProcess, go: &str) -> (String, Duration) {
    let started = Instant::now();
    let (lines, best) = e.search(go, LONG);
    let took = started.elapsed();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    (best, took)
}

/// Other seats' clocks so large (over a day) that a search budgeted by one of them would run for
/// an hour and trip the hang guard: in play, a bestmove that arrives at all shows the mover's
/// clock counted (the set-up's placements stop at two plies whatever the clock). No wall-clock
/// bound is needed, so a busy machine cannot fail the test.
const A_DAY_MS: u64 = 100_000_000;

#[test]
fn sceptre_protocol_clocks_red_to_move_with_three_players() {
    let mut e = sceptre_engine();
    choose_game(&mut e, "nine", 3);
    // Red to move in play: the set-up done, then black and white have moved.
    let pos = played("nine", 3, 2, 77);
    assert_eq!(pos.to_move().letter(), 'r');
    let text = pos.to_text();
    // Red to place in the set-up: black and white have placed.
    let set_up = "position startpos moves K@q1 K@a1";
    for position in [format!("position fen {text}"), set_up.to_string()] {
        assert!(ask(&mut e, &position).is_empty(), "{position}");
        let legal = legal_moves(&mut e);
        let (best, _) = timed_search(&mut e, "go btime 1000 wtime 1000 rtime 1000 gtime 1000");
        assert!(legal.contains(&best), "{position}: {best}");
        // Red's own clock is the one that counts: little time for red, a day for the others.
        let (best, _) = timed_search(
            &mut e,
            &format!(
                "go btime {A_DAY_MS} wtime {A_DAY_MS} rtime 300 gtime {A_DAY_MS} \
                 binc 0 winc 0 rinc 0"
            ),
        );
        assert!(legal.contains(&best), "{position}: {best}");
        // And its increment, with little on the others' clocks.
        let (best, _) = timed_search(&mut e, "go btime 50 wtime 50 rtime 400 rinc 100");
        assert!(legal.contains(&best), "{position}: {best}");
        // Plenty for red, little for the others: red's clock is not cut short by theirs. In
        // the set-up a clocked search stops at two plies however much time there is.
        if position == set_up {
            let (lines, best) = e.search("go btime 50 wtime 50 rtime 20000 gtime 50", LONG);
            assert!(legal.contains(&best), "{position}: {best}");
            let deepest = lines
                .iter()
                .filter_map(|l| l.strip_prefix("info depth "))
                .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
                .max();
            assert_eq!(deepest, Some(2), "{position}: {lines:#?}");
        } else {
            // A lower bound only: load makes a search slower, never faster. Red's 20 s give a
            // soft limit of about 0.8 s; the others' 50 ms would give a millisecond.
            let (best, took) = timed_search(&mut e, "go btime 50 wtime 50 rtime 20000 gtime 50");
            assert!(legal.contains(&best), "{position}: {best}");
            assert!(took > Duration::from_millis(150), "{position}: {took:?}");
        }
    }
    // Four players, green to move: gtime is his.
    choose_game(&mut e, "cross", 4);
    let pos = played("cross", 4, 3, 78);
    assert_eq!(pos.to_move().letter(), 'g');
    assert!(ask(&mut e, &format!("position fen {}", pos.to_text())).is_empty());
    let legal = legal_moves(&mut e);
    let (best, _) = timed_search(
        &mut e,
        &format!("go btime {A_DAY_MS} wtime {A_DAY_MS} rtime {A_DAY_MS} gtime 300 ginc 0"),
    );
    assert!(legal.contains(&best), "{best}");
    assert!(e.quit().success());
}

/// Every line in `bad` is answered with exactly one line, an error, and the position stays;
/// all the lines are tried, then every failure is reported together.
fn assert_refused(e: &mut EngineProcess, bad: &[String], context: &str) {
    let failures = refusal_failures(e, bad);
    assert!(
        failures.is_empty(),
        "{context}: {} of {} refusals went wrong:\n{}",
        failures.len(),
        bad.len(),
        failures.join("\n")
    );
}

/// What went wrong with the refusal of each line of `bad` (see `assert_refused`).
fn refusal_failures(e: &mut EngineProcess, bad: &[String]) -> Vec<String> {
    let before = position_text(e);
    let mut failures = Vec::new();
    for line in bad {
        let answer = ask(e, line);
        if answer.len() != 1 || !answer[0].starts_with("info string error") {
            failures.push(format!("'{line}' answers {answer:#?}"));
        }
        let now = position_text(e);
        if now != before {
            failures.push(format!("'{line}' changed the position to {now}"));
            assert!(ask(e, &format!("position fen {before}")).is_empty());
        }
    }
    failures
}

/// An empty square of `pos` on `terrain`.
fn empty_square_on(pos: &SceptrePosition, terrain: Terrain) -> String {
    let field = pos.field();
    let sq = field
        .squares()
        .iter()
        .copied()
        .find(|&sq| field.terrain(sq) == Some(terrain) && pos.piece(sq).is_none())
        .expect("such a square");
    field.square_name(sq)
}

#[test]
fn sceptre_protocol_malformed_positions_and_moves_change_nothing() {
    let mut e = sceptre_engine();
    let pos = played("nine", 2, 6, 31);
    let good = pos.to_text();
    assert!(ask(&mut e, &format!("position fen {good}")).is_empty());
    let fields: Vec<&str> = good.split(' ').collect();
    let with_field = |i: usize, value: &str| {
        let mut f = fields.clone();
        f[i] = value;
        f.join(" ")
    };
    let terrain = fields[0];
    let ranks: Vec<&str> = terrain.split('/').collect();
    assert_eq!(ranks[0], "3mr8mr11m", "the top rank of nine");
    let narrow_top = std::iter::once("3mr8mr10m")
        .chain(ranks[1..].iter().copied())
        .collect::<Vec<_>>()
        .join("/");
    let black_king = fields[1]
        .split(',')
        .find(|p| p.starts_with("Kb@"))
        .expect("black's king")
        .to_string();
    let river = empty_square_on(&pos, Terrain::River);
    let pond = empty_square_on(&pos, Terrain::Pond);
    let ruin = empty_square_on(&pos, Terrain::Ruin);
    let wide = ["73m"; 8].join("/");
    let legal = legal_moves(&mut e);
    let first = &legal[0];
    let bad_positions = [
        // Truncated strings.
        good[..good.len() / 2].to_string(),
        good[..terrain.len() + 10].to_string(),
        good[..good.len() - 2].to_string(),
        // Wrong numbers of fields.
        fields[..7].join(" "),
        format!("{good} -"),
        terrain.to_string(),
        // Ranks of different widths.
        with_field(0, &narrow_top),
        with_field(0, &format!("{terrain}/23m")),
        // Wider than 72.
        format!("{wide} Kb@a1,Kw@a8 b+,w+ b b@a1,w@i1 - - -"),
        format!(
            "{} Kb@a1,Kw@a8 b+,w+ b b@a1,w@a9 - - -",
            vec!["8m"; 73].join("/")
        ),
        // Terrain letters.
        with_field(0, &terrain.replacen('m', "x", 1)),
        with_field(0, &terrain.replacen('m', "M", 1)),
        with_field(0, &terrain.replacen("11m/", "11/", 1)),
        // Piece letters.
        with_field(1, &fields[1].replacen("Kb@", "Xb@", 1)),
        with_field(1, &fields[1].replacen("Kb@", "Kz@", 1)),
        with_field(1, &fields[1].replacen("Kb@", "kb@", 1)),
        with_field(1, &fields[1].replacen("Kb@", "Kb", 1)),
        with_field(1, &fields[1].replacen("Kb@", "Kb@zz", 1)),
        // Pieces on prohibited terrain: kings in a river, a pond or a ruin, a rook in forest.
        with_field(
            1,
            &fields[1].replacen(&black_king, &format!("Kb@{river}"), 1),
        ),
        with_field(
            1,
            &fields[1].replacen(&black_king, &format!("Kb@{pond}"), 1),
        ),
        with_field(
            1,
            &fields[1].replacen(&black_king, &format!("Kb@{ruin}"), 1),
        ),
        format!(
            "{} Kb@a1,Kw@h8,Rb@e4 b+,w+ b b@a1,w@i1 - - -",
            "16m/16m/16m/16m/4mf11m/16m/16m/16m"
        ),
        // Other fields.
        with_field(2, "b+,w+,r+"),
        with_field(3, "r"),
        with_field(4, "b@q1"),
        with_field(6, "b:K"),
        with_field(7, "b:0"),
    ];
    let mut bad: Vec<String> = bad_positions
        .iter()
        .map(|p| format!("position fen {p}"))
        .collect();
    bad.extend([
        format!("position fen {good} moves zz"),
        format!("position fen {good} moves {first} {first}"),
        format!("position fen {good} moves K@a1"),
        format!("position fen {good} moves a1a1"),
        format!("position fen {good} moves {first} zz9"),
        "position startpos moves K@q1 K@q1".to_string(),
        "position startpos moves K@a1".to_string(),
        "position startpos moves k@q1".to_string(),
        "position startpos moves e2e4".to_string(),
        "position fen".to_string(),
        "position".to_string(),
    ]);
    assert_refused(&mut e, &bad, "nine, two players");
    // The terrain of the pond-king line was really a pond, and so on: the refusals name them.
    let answer = ask(
        &mut e,
        &format!(
            "position fen {}",
            with_field(
                1,
                &fields[1].replacen(&black_king, &format!("Kb@{river}"), 1)
            )
        ),
    );
    assert!(answer[0].contains(&river), "{answer:?}");
    let answer = ask(
        &mut e,
        &format!("position fen {}", with_field(0, &narrow_top)),
    );
    assert!(answer[0].contains("terrain"), "{answer:?}");
    // Still fully working afterwards.
    let (_, best) = e.search("go depth 2", LONG);
    assert!(legal.contains(&best), "{best}");
    assert!(e.quit().success());
}

/// A scratch directory for layout files, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "regalia-sceptre-protocol-{tag}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("a layout file");
        path.to_string_lossy().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A layout file in the shape of openings/sceptre1027/duel.toml.
fn layout_toml(boards: &[(u8, u16, &str)], south: u8, north: u8) -> String {
    let mut text = String::from(
        "# A test layout.\nname = \"test\"\ndescription = \"a layout for the protocol test\"\n\
         players = [2]\n\nboards = [\n",
    );
    for (board, rotation, origin) in boards {
        text +=
            &format!("  {{ board = {board}, rotation = {rotation}, origin = \"{origin}\" }},\n");
    }
    text + &format!("]\n\n[kingdoms]\nsouth = {south}\nnorth = {north}\n")
}

#[test]
fn sceptre_protocol_bad_options_and_layout_files_keep_the_previous_layout() {
    let dir = TempDir::new("layouts");
    let duel = include_str!("../openings/sceptre1027/duel.toml");
    assert!(Layout::parse(duel).is_ok());
    // The duel's own text from a file is accepted (the files below differ from it only where
    // they are broken).
    let copy = dir.file("copy.toml", duel);
    let truncated = dir.file(
        "truncated.toml",
        &duel[..duel.find("origin = \"a1\"").unwrap()],
    );
    // Board 6 turned round on a5 covers a5-h8 of board 3 on a1.
    let overlapping = dir.file(
        "overlapping.toml",
        &layout_toml(&[(6, 180, "a5"), (3, 0, "a1")], 3, 6),
    );
    // The River's h4 meets the Open Meadow's i4 (a meadow).
    let rivers = dir.file(
        "rivers.toml",
        &layout_toml(&[(2, 0, "a1"), (1, 0, "i1")], 2, 1),
    );
    // The River's h4 meets the Confluence's a4 (a river): valid.
    let valid = dir.file(
        "valid.toml",
        &layout_toml(&[(2, 0, "a1"), (3, 0, "i1")], 2, 3),
    );
    let missing = dir
        .0
        .join("no-such-layout.toml")
        .to_string_lossy()
        .to_string();
    let empty = dir.file("empty.toml", "");
    let wrong_type = dir.file(
        "wrong-type.toml",
        &duel.replace("players = [2]", "players = \"two\""),
    );
    let folder = dir.0.to_string_lossy().to_string();
    for (path, why) in [
        (&truncated, "truncated"),
        (&overlapping, "overlap"),
        (&rivers, "rivers"),
    ] {
        assert!(
            Layout::load(path).is_err(),
            "{why}: the library refuses it too"
        );
    }

    let mut e = sceptre_engine();
    // The duel, from its file: a two-board field, 8x16.
    assert!(ask(
        &mut e,
        &format!("setoption name SceptreLayout value {copy}")
    )
    .is_empty());
    assert!(ask(&mut e, "position startpos moves K@a1").is_empty());
    let duel_start = SceptrePosition::start(&shipped("duel"), 2).unwrap();
    let after_king = after(duel_start.clone(), &["K@a1"]).to_text();
    assert_eq!(position_text(&mut e), after_king);
    let bad: Vec<String> = [
        "setoption name SceptrePlayers value 5",
        "setoption name SceptrePlayers value 1",
        "setoption name SceptrePlayers value two",
        "setoption name SceptrePlayers value 3",
        "setoption name SceptrePlayers value 4",
        "setoption name SceptrePlayers",
        "setoption name SceptreLayout value nowhere",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(
        [
            &missing,
            &truncated,
            &overlapping,
            &rivers,
            &empty,
            &wrong_type,
            &folder,
        ]
        .iter()
        .map(|p| format!("setoption name SceptreLayout value {p}")),
    )
    .collect();
    // Checked at the end, so that the rest runs whatever these answer.
    let failures = refusal_failures(&mut e, &bad);
    // The messages say what is wrong.
    let answer = ask(&mut e, "setoption name SceptrePlayers value 3");
    assert!(answer[0].contains("duel"), "{answer:?}");
    let answer = ask(
        &mut e,
        &format!("setoption name SceptreLayout value {overlapping}"),
    );
    assert!(answer[0].contains("a5-h8"), "{answer:?}");
    let answer = ask(
        &mut e,
        &format!("setoption name SceptreLayout value {rivers}"),
    );
    assert!(
        answer[0].contains("h4") && answer[0].contains("i4"),
        "{answer:?}"
    );
    let answer = ask(
        &mut e,
        &format!("setoption name SceptreLayout value {missing}"),
    );
    assert!(answer[0].contains("no-such-layout"), "{answer:?}");
    // The duel still plays: its start, a search, and a new game.
    assert!(ask(&mut e, "position startpos").is_empty());
    assert_eq!(position_text(&mut e), duel_start.to_text());
    let legal = legal_moves(&mut e);
    let (_, best) = e.search("go depth 2", LONG);
    assert!(legal.contains(&best), "{best}");
    assert!(ask(&mut e, "ucinewgame").is_empty());
    assert_eq!(position_text(&mut e), duel_start.to_text());
    // A valid file of our own plays: the River and the Confluence side by side, 16x8.
    assert!(ask(
        &mut e,
        &format!("setoption name SceptreLayout value {valid}")
    )
    .is_empty());
    let text = position_text(&mut e);
    let ours = Layout::load(&valid).expect("a valid layout");
    assert_eq!(text, SceptrePosition::start(&ours, 2).unwrap().to_text());
    assert_eq!(field(&text, 0).split('/').count(), 8);
    assert_eq!(field(&text, 4), "b@a1,w@i1");
    let legal = legal_moves(&mut e);
    let (_, best) = e.search("go depth 2", LONG);
    assert!(legal.contains(&best), "{best}");
    // Its players cannot become three either, and it stays.
    assert_refused(
        &mut e,
        &["setoption name SceptrePlayers value 3".to_string()],
        "our layout",
    );
    // Back to nine, then three players, then the duel is refused.
    assert!(ask(&mut e, "setoption name SceptreLayout value nine").is_empty());
    assert!(ask(&mut e, "setoption name SceptrePlayers value 3").is_empty());
    assert_refused(
        &mut e,
        &["setoption name SceptreLayout value duel".to_string()],
        "nine with three",
    );
    assert!(ask(&mut e, "position startpos").is_empty());
    assert_eq!(
        position_text(&mut e),
        SceptrePosition::start(&shipped("nine"), 3)
            .unwrap()
            .to_text()
    );
    assert!(
        failures.is_empty(),
        "the duel: {} of {} refusals went wrong:\n{}",
        failures.len(),
        bad.len(),
        failures.join("\n")
    );
    assert!(e.quit().success());
}

#[test]
fn sceptre_protocol_eliminations_withdrawals_and_the_end_are_announced() {
    let mut e = sceptre_engine();
    let kingdoms3 = "b@a1,w@i1,r@q1";
    // Three playing: black's rook takes white's king on c8; white's pawn passes to black.
    let take_white =
        format!("{MEADOW_24X8} Kb@a1,Rb@c5,Kw@c8,Pw@e7,Kr@x1 b+,w+,r+ b {kingdoms3} - - -");
    assert!(ask(&mut e, &format!("position fen {take_white}")).is_empty());
    assert!(legal_moves(&mut e).contains(&"c5c8".to_string()));
    assert_eq!(
        ask(&mut e, &format!("position fen {take_white} moves c5c8")),
        ["info string white eliminated"]
    );
    let text = position_text(&mut e);
    assert_eq!(field(&text, 1), "Kb@a1,Kr@x1,Pbw@e7,Rb@c8");
    assert_eq!(field(&text, 2), "b+,wx,r+");
    assert_eq!(field(&text, 3), "r");
    // The game goes on between black and red.
    let legal = legal_moves(&mut e);
    assert!(legal.iter().all(|m| m.starts_with("x1")), "{legal:?}");
    let (_, best) = e.search("go depth 2", LONG);
    assert!(legal.contains(&best));

    // Three playing: black's queen to b6 leaves white's lone king on a8 no move (not in
    // check): white withdraws, red moves next.
    let stalemate_white =
        format!("{MEADOW_24X8} Kb@a1,Qb@b1,Kw@a8,Kr@x1 b+,w+,r+ b {kingdoms3} - - -");
    assert_eq!(
        ask(
            &mut e,
            &format!("position fen {stalemate_white} moves b1b6")
        ),
        ["info string white withdrew"]
    );
    let text = position_text(&mut e);
    assert_eq!(field(&text, 1), "Kb@a1,Kr@x1,Qb@b6,Kw@a8");
    assert_eq!(field(&text, 2), "b+,w=,r+");
    assert_eq!(field(&text, 3), "r");
    // Given with white to move and no move, white withdraws at once, and says so.
    let white_to_withdraw =
        format!("{MEADOW_24X8} Kb@a1,Qb@b6,Kw@a8,Kr@x1 b+,w+,r+ w {kingdoms3} - - -");
    assert_eq!(
        ask(&mut e, &format!("position fen {white_to_withdraw}")),
        ["info string white withdrew"]
    );
    assert_eq!(position_text(&mut e), text);
    // Red then searches only among his own moves, as asked.
    let (_, best) = e.search("go depth 2 searchmoves x1x2 x1w1", LONG);
    assert!(best == "x1x2" || best == "x1w1", "{best}");
    // The withdrawn king stays as an obstacle and may be taken: it only leaves the field.
    assert!(ask(
        &mut e,
        &format!("position fen {stalemate_white} moves b1b6 x1x2")
    )
    .is_empty());
    let answer = ask(
        &mut e,
        &format!("position fen {stalemate_white} moves b1b6 x1x2 b6a7 x2x3 a7a8"),
    );
    assert!(answer.is_empty(), "{answer:?}");
    let text = position_text(&mut e);
    assert_eq!(field(&text, 1), "Kb@a1,Kr@x3,Qb@a8");
    assert_eq!(field(&text, 2), "b+,w=,r+");

    // White already out: black takes red's king, and is the last player standing.
    let take_red = format!("{MEADOW_24X8} Kb@a1,Rb@c5,Kr@c8 b+,wx,r+ b {kingdoms3} - - -");
    assert_eq!(
        ask(&mut e, &format!("position fen {take_red} moves c5c8")),
        [
            "info string red eliminated",
            "info string game over: black wins by being the last player standing"
        ]
    );
    assert!(legal_moves(&mut e).is_empty());
    let (lines, best) = e.search("go depth 2", LONG);
    assert_eq!(best, "(none)");
    assert!(
        lines
            .iter()
            .any(|l| l == "info string game over: black wins by being the last player standing"),
        "{lines:#?}"
    );

    // Two players: a rook to a1 mates white's king on a8 (the other rook holds the b-file).
    let kingdoms2 = "b@a1,w@q1";
    let mate = format!("{MEADOW_24X8} Kb@x1,Rb@b2,Rb@h1,Kw@a8 b+,w+ b {kingdoms2} - - -");
    assert_eq!(
        ask(&mut e, &format!("position fen {mate} moves h1a1")),
        ["info string game over: black wins by checkmate"]
    );
    let (lines, best) = e.search("go depth 3", LONG);
    assert_eq!(best, "(none)");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string game over: ")));
    // Two players: the queen to b6 stalemates white: a draw, nobody withdraws.
    let stalemate = format!("{MEADOW_24X8} Kb@x1,Qb@b1,Kw@a8 b+,w+ b {kingdoms2} - - -");
    let answer = ask(&mut e, &format!("position fen {stalemate} moves b1b6"));
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with("info string game over: draw") && answer[0].contains("stalemate"),
        "{answer:?}"
    );
    // Given already decided, the position is announced at once.
    let over = format!("{MEADOW_24X8} Kb@x1,Rb@b2,Rb@a1,Kw@a8 b+,w+ w {kingdoms2} - - -");
    assert_eq!(
        ask(&mut e, &format!("position fen {over}")),
        ["info string game over: black wins by checkmate"]
    );
    // Perpetual check (two players): the queen checks from b1 and a1 while the king goes
    // between b8 and a8 (the rook on c7, guarded by the king on d6, holds the 7th rank and
    // c8). After h1b1 the position with white to move stands for the third time at the 9th
    // move, every black move since its first occurrence a check: black wins.
    let perpetual = format!("{MEADOW_24X8} Kb@d6,Rb@c7,Qb@h1,Kw@b8 b+,w+ b {kingdoms2} - - -");
    let cycle = "h1b1 b8a8 b1a1 a8b8 a1b1 b8a8 b1a1 a8b8";
    assert!(ask(&mut e, &format!("position fen {perpetual} moves {cycle}")).is_empty());
    assert_eq!(
        ask(
            &mut e,
            &format!("position fen {perpetual} moves {cycle} a1b1")
        ),
        ["info string game over: black wins by perpetual check"]
    );
    assert!(legal_moves(&mut e).is_empty());
    let (_, best) = e.search("go depth 3", LONG);
    assert_eq!(best, "(none)");
    let answer = ask(
        &mut e,
        &format!("position fen {perpetual} moves {cycle} a1b1 b8a8"),
    );
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].starts_with("info string error"), "{answer:?}");
    // Threefold repetition without checks: a draw, for every player still playing.
    let kings = format!("{MEADOW_24X8} Kb@x1,Kw@a8 b+,w+ b {kingdoms2} - - -");
    assert_eq!(
        ask(
            &mut e,
            &format!("position fen {kings} moves x1x2 a8a7 x2x1 a7a8 x1x2 a8a7 x2x1 a7a8")
        ),
        ["info string game over: draw by threefold repetition"]
    );
    let three = format!("{MEADOW_24X8} Kb@x1,Kw@a8,Kr@l4 b+,w+,r+ b {kingdoms3} - - -");
    let shuffle = "x1x2 a8a7 l4l5 x2x1 a7a8 l5l4 x1x2 a8a7 l4l5 x2x1 a7a8 l5l4";
    assert_eq!(
        ask(&mut e, &format!("position fen {three} moves {shuffle}")),
        ["info string game over: draw by threefold repetition"]
    );
    // Four players: green is taken and his pieces pass to the capturer, keeping their colour.
    let four = format!(
        "{} Kb@a1,Nb@c1,Kw@x1,Kr@a24,Kg@d3,Pg@e10,Rg@p20 b+,w+,r+,g+ b \
         b@q1,w@a1,r@a17,g@q17 - - -",
        "24m/".repeat(23) + "24m"
    );
    assert_eq!(
        ask(&mut e, &format!("position fen {four} moves c1d3")),
        ["info string green eliminated"]
    );
    let text = position_text(&mut e);
    assert_eq!(field(&text, 1), "Kb@a1,Kw@x1,Nb@d3,Pbg@e10,Rbg@p20,Kr@a24");
    assert_eq!(field(&text, 2), "b+,w+,r+,gx");
    assert_eq!(field(&text, 3), "w");
    assert!(e.quit().success());
}

#[test]
fn sceptre_protocol_a_new_game_keeps_the_accepted_layout_and_players() {
    let dir = TempDir::new("vanish");
    // The ring layout for three, from a file that is then deleted.
    let ring = include_str!("../openings/sceptre1027/ring.toml");
    let path = dir.file("ring-copy.toml", ring);
    let mut e = sceptre_engine();
    choose_game(&mut e, "nine", 3);
    assert!(ask(
        &mut e,
        &format!("setoption name SceptreLayout value {path}")
    )
    .is_empty());
    let start = position_text(&mut e);
    assert_eq!(
        start,
        SceptrePosition::start(&shipped("ring"), 3)
            .unwrap()
            .to_text()
    );
    assert!(ask(&mut e, "ucinewgame").is_empty());
    assert_eq!(position_text(&mut e), start);
    std::fs::remove_file(&path).expect("the copy is deleted");
    // The layout was accepted: a new game is the same game, or at least says why not.
    let answer = ask(&mut e, "ucinewgame");
    let now = position_text(&mut e);
    assert!(
        now == start || answer.iter().any(|l| l.starts_with("info string error")),
        "after the file went away, ucinewgame silently started another game \
         (answer {answer:?}):\n  before {start}\n  now    {now}"
    );
    assert!(e.quit().success());
}

/// What a fresh engine's foe searches from the set-up phase's start with `players`: every
/// `info` line with the words the clock sets (`time`, `nps`) taken out. The search is
/// deterministic; only the choice among its lines is random.
fn foe_search(players: u32, strength: &str) -> Vec<String> {
    let mut e = sceptre_engine();
    ask(
        &mut e,
        &format!("setoption name SceptrePlayers value {players}"),
    );
    ask(&mut e, strength);
    ask(&mut e, "position startpos");
    let (lines, _) = e.search("go nodes 262144", LONG);
    assert!(e.quit().success());
    lines
        .iter()
        .filter(|l| l.starts_with("info ") && l.contains(" nodes "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if matches!(words[i], "time" | "nps") {
                    i += 2;
                } else {
                    kept.push(words[i]);
                    i += 1;
                }
            }
            kept.join(" ")
        })
        .collect()
}

#[test]
fn countess_adela_searches_as_1250_with_two_players_and_as_1400_with_three_or_four() {
    let level = "setoption name Level value 3";
    let elo = |e: u32| {
        format!("setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value {e}")
    };
    for (players, setting, not) in [(2, 1250, 1400), (3, 1400, 1250), (4, 1400, 1250)] {
        let adela = foe_search(players, level);
        assert_eq!(
            adela,
            foe_search(players, &elo(setting)),
            "{players} players"
        );
        assert_ne!(adela, foe_search(players, &elo(not)), "{players} players");
    }
}
