//! `regalia opentafl` driven the way OpenTafl drives an external engine (message orders seen
//! from OpenTafl 0.4.8's engine host: rules before hello, clock before play, `error` then
//! `opponent-move` and `play` again, analysis, goodbye mid-search), and complete games of every
//! named rule set refereed by a scripted host that keeps the game with the rules library.

use crate::engine_process::{EngineProcess, HANG_GUARD};
use regalia::games::tafl::rules::NAMED;
use regalia::session::{GameStatus, Session, Variant};
use std::time::Duration;

const LONG: Duration = Duration::from_secs(60);

fn engine(think_ms: u64) -> EngineProcess {
    EngineProcess::start_with(&["opentafl", "--think", &think_ms.to_string()])
}

fn rules_text(name: &str) -> &'static str {
    NAMED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .unwrap()
}

/// The game as the host keeps it.
fn host_game(rules: &str) -> Box<dyn Session> {
    Variant::Tafl
        .configured_session(&[("TaflRules".to_string(), rules.to_string())])
        .unwrap()
}

/// Regalia's position string as an OpenTafl record (rank 1 first, `t` `T` `K`).
fn record(game: &dyn Session) -> String {
    let text = game.position_text();
    let board = text.split_whitespace().next().unwrap();
    let mut rows: Vec<String> = board
        .split('/')
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'a' => 't',
                    'd' => 'T',
                    'k' => 'K',
                    other => other,
                })
                .collect()
        })
        .collect();
    rows.reverse();
    format!("/{}/", rows.join("/"))
}

/// `a4-a1` as `a4a1`.
fn plain(record_move: &str) -> String {
    record_move.replace('-', "")
}

fn simple(m: &str) -> String {
    let split = m
        .char_indices()
        .skip(1)
        .find(|&(i, c)| c.is_ascii_lowercase() && m[..i].ends_with(|p: char| p.is_ascii_digit()))
        .map(|(i, _)| i)
        .unwrap();
    format!("{}-{}", &m[..split], &m[split..])
}

/// Reads up to the engine's `move`, checking every line on the way is a protocol line.
fn await_move(e: &mut EngineProcess) -> String {
    let lines = e.read_until(LONG, |l| l.starts_with("move ") || l.starts_with("error"));
    for l in &lines[..lines.len() - 1] {
        assert!(
            l.starts_with("status "),
            "unexpected line {l:?} in {lines:?}"
        );
    }
    let last = lines.last().unwrap().clone();
    assert!(last.starts_with("move "), "{lines:?}");
    let m = last["move ".len()..].to_string();
    assert!(!m.ends_with(' ') && m.contains('-'), "{last:?}");
    m
}

#[test]
fn a_game_in_opentafls_message_order() {
    let rules = rules_text("brandubh");
    let mut host = host_game(rules);
    let mut e = engine(200);
    // OpenTafl sends the rules at once, before the engine's hello arrives.
    e.send(&format!("rules {rules}"));
    assert_eq!(e.next_line(LONG).as_deref(), Some("hello"));
    e.send("clock 30000 30000 5 3 3 ");
    e.send("play attackers");
    let first = await_move(&mut e);
    host.play(&plain(&first)).expect("Regalia's move is legal");
    e.send(&format!("move {}", record(host.as_ref())));
    // The opponent answers; clock, then play.
    let reply = host.legal_moves()[0].clone();
    host.play(&reply).unwrap();
    e.send(&format!(
        "opponent-move {} {}",
        simple(&reply),
        record(host.as_ref())
    ));
    e.send("clock 29000 29500 5 3 3 ");
    e.send("play attackers");
    let second = await_move(&mut e);
    assert!(host.legal_moves().contains(&plain(&second)), "{second}");
    // OpenTafl refuses it: error, the last opponent move again, play again: another move.
    e.send("error 2");
    e.send(&format!(
        "opponent-move {} {}",
        simple(&reply),
        record(host.as_ref())
    ));
    e.send("play attackers");
    let third = await_move(&mut e);
    assert_ne!(third, second, "a refused move is not offered again");
    host.play(&plain(&third)).expect("the new move is legal");
    e.send(&format!("move {}", record(host.as_ref())));
    e.send("finish 0");
    e.send("goodbye");
    assert!(e.wait_exit(HANG_GUARD).is_some_and(|s| s.success()));
}

#[test]
fn analysis_lines_come_best_first() {
    let mut e = engine(200);
    assert_eq!(e.next_line(LONG).as_deref(), Some("hello"));
    e.send(&format!("rules {}", rules_text("default")));
    // A replay position, with its side, then the analysis request (a clock line first, as
    // OpenTafl sends one before asking).
    let mut host = host_game("default");
    host.play("d11d9").unwrap();
    e.send(&format!("position {}", record(host.as_ref())));
    e.send("side defenders");
    e.send("clock 60000 60000 0 0 0");
    e.send("analyze 3 1");
    let lines = e.read_until(LONG, |l| l.starts_with("analysis"));
    let fields: Vec<&str> = lines.last().unwrap().split(' ').collect();
    assert_eq!(fields.len() % 2, 0, "analysis N then pairs: {fields:?}");
    let n: usize = fields[1].parse().unwrap();
    assert!((1..=3).contains(&n), "{fields:?}");
    assert_eq!(fields.len(), 2 + 2 * n);
    let mut scores = Vec::new();
    for pair in fields[2..].chunks(2) {
        let first = plain(pair[0].split('|').next().unwrap());
        assert!(
            host.legal_moves().contains(&first),
            "{pair:?} is a defenders' move"
        );
        scores.push(pair[1].parse::<f64>().unwrap());
    }
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    e.send("goodbye");
    assert!(e.wait_exit(HANG_GUARD).is_some());
}

#[test]
fn goodbye_stops_a_long_search_and_exits() {
    let mut e = engine(600_000);
    e.send(&format!("rules {}", rules_text("default")));
    assert_eq!(e.next_line(LONG).as_deref(), Some("hello"));
    e.send("play attackers");
    // The search is running (its status lines come); goodbye ends it without a move.
    let status = e.read_until(LONG, |l| l.starts_with("status"));
    assert!(status.iter().all(|l| !l.starts_with("move")));
    e.send("goodbye");
    assert!(e.wait_exit(HANG_GUARD).is_some_and(|s| s.success()));
}

#[test]
fn bad_messages_are_answered_and_survived() {
    let mut e = engine(100);
    assert_eq!(e.next_line(LONG).as_deref(), Some("hello"));
    e.send("play attackers");
    assert!(e.next_line(LONG).unwrap().starts_with("error -1 no rules"));
    e.send("rules dim:7 ber:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    let refused = e.next_line(LONG).unwrap();
    assert!(
        refused.starts_with("error -1") && refused.contains("berserk"),
        "{refused}"
    );
    e.send("rules dim:7 start:/3t3/3t3/3N3/ttTKTtt/3T3/3t3/3t3/");
    assert!(e.next_line(LONG).unwrap().starts_with("error -1"));
    e.send(&format!("rules {}", rules_text("brandubh")));
    for bad in [
        "frobnicate",
        "play",
        "play sideways",
        "clock x 1 2 3 4",
        "opponent-move a1a2 /7/",
        "analyze three 1",
        "position /3t3/3t3/",
    ] {
        e.send(bad);
        let answer = e.next_line(LONG).unwrap();
        assert!(answer.starts_with("error 0 "), "{bad}: {answer}");
    }
    // Still playing the last good rules.
    e.send("play attackers");
    let m = await_move(&mut e);
    assert!(host_game(rules_text("brandubh"))
        .legal_moves()
        .contains(&plain(&m)));
    e.send("goodbye");
    assert!(e.wait_exit(HANG_GUARD).is_some());
}

/// One game between two `regalia opentafl` processes, hosted like OpenTafl hosts it: the
/// final status, or None if the ply limit came first.
fn hosted_game(rules: &str, max_plies: usize) -> (Option<GameStatus>, usize) {
    let mut host = host_game(rules);
    let mut sides = [engine(15), engine(15)];
    for e in &mut sides {
        e.send(&format!("rules {rules}"));
        assert_eq!(e.next_line(LONG).as_deref(), Some("hello"));
    }
    let mut last: Option<String> = None;
    for ply in 0..max_plies {
        if let status @ GameStatus::Over(_) = host.status() {
            for e in &mut sides {
                e.send("finish 1");
                e.send("goodbye");
            }
            return (Some(status), ply);
        }
        let seat = host.to_move() as usize;
        let name = if seat == 0 { "attackers" } else { "defenders" };
        let e = &mut sides[seat];
        if let Some(m) = &last {
            e.send(&format!(
                "opponent-move {} {}",
                simple(m),
                record(host.as_ref())
            ));
        }
        // Little main time and no overtime: about 20 ms a move.
        e.send("clock 3000 3000 0 0 0");
        e.send(&format!("play {name}"));
        let m = plain(&await_move(e));
        host.play(&m)
            .unwrap_or_else(|err| panic!("{rules}: ply {ply}: {m}: {err}"));
        if !matches!(host.status(), GameStatus::Over(_)) {
            e.send(&format!("move {}", record(host.as_ref())));
        }
        last = Some(m);
    }
    for e in &mut sides {
        e.send("finish 0");
        e.send("goodbye");
    }
    (None, max_plies)
}

#[test]
fn complete_games_of_every_named_rule_set() {
    std::thread::scope(|scope| {
        for (name, rules) in NAMED {
            scope.spawn(move || {
                // Fetlar has no capture-free limit and draws only by repetition, so two equal
                // engines at 20 ms a move have played 800 and once more than 2000 plies without
                // an end: legal play, not a fault of the protocol. So up to three games (the
                // clock makes each a new one), and one that ends by rule within 2000 plies
                // passes; a short one ends the test at once.
                let mut lengths = Vec::new();
                for _ in 0..3 {
                    let (status, plies) = hosted_game(rules, 2000);
                    eprintln!("{name}: {status:?} after {plies} plies");
                    if status.is_some() {
                        return;
                    }
                    lengths.push(plies);
                }
                panic!("{name}: no game of three ended by rule within 2000 plies: {lengths:?}");
            });
        }
    });
}
