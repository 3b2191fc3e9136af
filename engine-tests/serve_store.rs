//! Every game kept (`src/serve/store.rs`): against the binary with a database in a temporary
//! folder, a server killed and started again resumes every game in progress (seat links still
//! good, engines thinking on); finished games are listed and open for review; a database
//! locked by another program gets a clear 503 and loses nothing; a file that is no database
//! is refused at start and left untouched. Waits are bounded polls, never timed assertions.

use crate::serve_seats::{Served, TempDir};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn json(served: &Served, method: &str, path: &str, body: &str) -> (u16, Value) {
    let (status, _, body) = served.send(method, path, &served.host(), body);
    (
        status,
        serde_json::from_str(&body).unwrap_or_else(|_| panic!("{method} {path}: {body}")),
    )
}

fn create(served: &Served, body: &str) -> (String, Vec<String>) {
    let (status, v) = json(served, "POST", "/api/games", body);
    assert_eq!(status, 200, "{v}");
    let tokens = v["links"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

fn play(served: &Served, id: &str, token: &str, mv: &str) -> (u16, Value) {
    json(
        served,
        "POST",
        &format!("/api/games/{id}/move?seat={token}"),
        &format!(r#"{{"move":"{mv}"}}"#),
    )
}

/// A server on a new database in a folder of its own (removed when the returned folder is
/// dropped), with a chess game between people after 1. e4 e5: the database's path, the server,
/// the game's id and its seats' tokens.
fn chess_after_e4_e5(folder: &str) -> (TempDir, PathBuf, Served, String, Vec<String>) {
    let dir = TempDir::new(folder);
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let (id, t) = create(&served, r#"{"variant":"chess"}"#);
    for (seat, mv) in [(0, "e2e4"), (1, "e7e5")] {
        assert_eq!(play(&served, &id, &t[seat], mv).0, 200);
    }
    (dir, db, served, id, t)
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

fn view(served: &Served, id: &str) -> Value {
    let (status, v) = json(served, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200, "{v}");
    v
}

/// Polls until `done` holds (a hang guard for a busy machine, not a measurement).
fn wait_for(served: &Served, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let v = view(served, id);
        if done(&v) {
            return v;
        }
        assert!(start.elapsed() < Duration::from_secs(300), "{what}: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_restart_resumes_every_game_and_finished_ones_open_for_review() {
    let dir = TempDir::new("serve-store");
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let port = served.port;
    // Between people, in progress.
    let (people, t) = create(&served, r#"{"variant":"chess"}"#);
    for (seat, mv) in [(0, "e2e4"), (1, "e7e5"), (0, "g1f3")] {
        assert_eq!(play(&served, &people, &t[seat], mv).0, 200);
    }
    // Against an engine, which replies by depth.
    let (engine, te) = create(
        &served,
        r#"{"variant":"chess","seats":[{},{"engine":true,"depth":2}]}"#,
    );
    assert_eq!(play(&served, &engine, &te[0], "d2d4").0, 200);
    let before = wait_for(&served, &engine, "the engine's reply", |v| {
        moves(v).len() == 2
    });
    // Finished: the fool's mate.
    let (done, td) = create(&served, r#"{"variant":"chess"}"#);
    for (seat, mv) in [(0, "f2f3"), (1, "e7e5"), (0, "g2g4"), (1, "d8h4")] {
        assert_eq!(play(&served, &done, &td[seat], mv).0, 200);
    }
    assert_eq!(view(&served, &done)["over"], Value::Bool(true));
    drop(served); // killed: no chance to save anything more

    let served = Served::start_on(&db, port, &[]);
    let v = view(&served, &people);
    assert_eq!(moves(&v), ["e2e4", "e7e5", "g1f3"]);
    // The seat links still hold: black moves, white may not.
    assert_eq!(play(&served, &people, &t[0], "d2d4").0, 403);
    assert_eq!(play(&served, &people, &t[1], "b8c6").0, 200);
    // The engine game goes on where it stood, and the engine answers the next move.
    assert_eq!(moves(&view(&served, &engine)), moves(&before));
    assert_eq!(play(&served, &engine, &te[0], "c2c4").0, 200);
    wait_for(
        &served,
        &engine,
        "the engine's reply after the restart",
        |v| moves(v).len() == 4,
    );
    // Finished games: listed (filtered by game and opponent) and open for review.
    let (status, list) = json(&served, "GET", "/api/records?variant=chess", "");
    assert_eq!(status, 200, "{list}");
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [done.as_str()], "{list}");
    assert_eq!(list[0]["moves"], 4);
    assert!(
        list[0]["result"].as_str().unwrap().contains("checkmate"),
        "{list}"
    );
    for query in ["variant=tafl", "variant=chess&opponent=Regalia"] {
        let (_, other) = json(&served, "GET", &format!("/api/records?{query}"), "");
        assert_eq!(other, Value::Array(vec![]), "{query}");
    }
    let (_, human) = json(&served, "GET", "/api/records?opponent=human", "");
    assert_eq!(human.as_array().unwrap().len(), 1);
    let review = view(&served, &done);
    assert_eq!(moves(&review), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(review["over"], Value::Bool(true));
    let (status, _, record) = served.send(
        "GET",
        &format!("/api/games/{done}/record"),
        &served.host(),
        "",
    );
    assert_eq!(status, 200);
    assert!(
        record.contains("Qh4#") && record.contains("0-1"),
        "{record}"
    );
    // The record imports back as a new game with the same moves.
    let body = serde_json::json!({ "record": record }).to_string();
    let (status, imported) = json(&served, "POST", "/api/records", &body);
    assert_eq!(status, 200, "{imported}");
    assert_eq!(moves(&imported), moves(&review));
    assert_ne!(imported["id"], review["id"]);
}

#[test]
fn line_records_export_and_import_back() {
    use regalia::serve::{route, GameTable, Reply};
    let table = GameTable::default();
    let json_of = |reply: Reply| match reply {
        Reply::Json(status, text) => (status, serde_json::from_str::<Value>(&text).unwrap()),
        _ => panic!("not JSON"),
    };
    let (_, v) = json_of(route(&table, "POST", "/api/games", r#"{"variant":"tafl"}"#));
    let id = v["id"].as_str().unwrap().to_string();
    let t: Vec<String> = (0..2)
        .map(|s| {
            v["links"]["seats"][s]["token"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let mut last = Value::Null;
    for (seat, mv) in [(0, "d1d4"), (1, "f4f3"), (0, "h1h3")] {
        let url = format!("/api/games/{id}/move?seat={}", t[seat]);
        let (status, v) = json_of(route(
            &table,
            "POST",
            &url,
            &format!(r#"{{"move":"{mv}"}}"#),
        ));
        assert_eq!(status, 200, "{v}");
        last = v;
    }
    let record = match route(&table, "GET", &format!("/api/games/{id}/record"), "") {
        Reply::Download { body, .. } => body,
        _ => panic!("no record"),
    };
    let body = serde_json::json!({ "record": record }).to_string();
    let (status, imported) = json_of(route(&table, "POST", "/api/records", &body));
    assert_eq!(status, 200, "{imported}");
    assert_eq!(moves(&imported), moves(&last));
    assert_eq!(imported["position"], last["position"]);
    // A record with a move its rules refuse is refused whole.
    let broken = record.replace("h1h3", "h1h1");
    let body = serde_json::json!({ "record": broken }).to_string();
    let (status, v) = json_of(route(&table, "POST", "/api/records", &body));
    assert_eq!(status, 400, "{v}");
}

#[test]
fn a_locked_database_gets_a_clear_503_and_loses_nothing() {
    let dir = TempDir::new("serve-store-lock");
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let (id, t) = create(&served, r#"{"variant":"chess"}"#);
    assert_eq!(play(&served, &id, &t[0], "e2e4").0, 200);
    // Another program holds the write lock.
    let other = rusqlite::Connection::open(&db).expect("the database opens");
    other.execute_batch("BEGIN EXCLUSIVE").expect("the lock");
    let (status, v) = play(&served, &id, &t[1], "e7e5");
    assert_eq!(status, 503, "{v}");
    assert!(v["error"].as_str().unwrap().contains("busy"), "{v}");
    other.execute_batch("ROLLBACK").expect("the lock is let go");
    drop(other);
    assert_eq!(play(&served, &id, &t[0], "g1f3").0, 200);
    drop(served);
    let served = Served::start_on(&db, 0, &[]);
    assert_eq!(moves(&view(&served, &id)), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn a_file_that_is_no_database_is_refused_at_start_and_left_alone() {
    let dir = TempDir::new("serve-store-junk");
    let db = dir.0.join("games.sqlite");
    let junk = vec![0x42u8; 10_000];
    std::fs::write(&db, &junk).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .output()
        .expect("regalia serve runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("games database"), "{stderr}");
    assert_eq!(std::fs::read(&db).unwrap(), junk, "the file was changed");
}

/// What the moves alone cannot replay is kept too: a resignation stays a resignation (the
/// game does not come back open to play), and a clocked game keeps its control and the time
/// each side had; a resignation sent with another seat's name is refused.
#[test]
fn resignations_and_clocks_survive_a_restart() {
    let dir = TempDir::new("serve-store-play");
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let port = served.port;
    let (resigned, t) = create(&served, r#"{"variant":"chess"}"#);
    assert_eq!(play(&served, &resigned, &t[0], "e2e4").0, 200);
    // White's link may not resign for black.
    let (status, v) = json(
        &served,
        "POST",
        &format!("/api/games/{resigned}/resign?seat={}", t[0]),
        r#"{"seat":1}"#,
    );
    assert_eq!(status, 403, "{v}");
    let (status, v) = json(
        &served,
        "POST",
        &format!("/api/games/{resigned}/resign?seat={}", t[1]),
        "{}",
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["winner"], 0, "{v}");
    let (clocked, tc) = create(&served, r#"{"variant":"chess","clock":"5+3"}"#);
    assert_eq!(play(&served, &clocked, &tc[0], "d2d4").0, 200);
    drop(served);

    let served = Served::start_on(&db, port, &[]);
    let v = view(&served, &resigned);
    assert_eq!(v["over"], Value::Bool(true), "{v}");
    assert_eq!(v["winner"], 0, "{v}");
    assert_eq!(v["result"]["reason"], "resignation", "{v}");
    assert_eq!(play(&served, &resigned, &t[1], "e7e5").0, 409);
    let v = view(&served, &clocked);
    assert_eq!(v["time_control"], "5+3", "{v}");
    let white_ms = v["clocks"][0]["ms_left"].as_u64().unwrap();
    // White moved once: at most five minutes plus the increment, and some of it kept.
    assert!(white_ms > 0 && white_ms <= 303_000, "{v}");
    assert_eq!(play(&served, &clocked, &tc[1], "d7d5").0, 200);
}

/// What waits for someone's answer is kept too: a draw offer and a take-back asked for between
/// people come back after a restart and are answered there.
#[test]
fn draw_offers_and_take_back_requests_survive_a_restart() {
    let (_dir, db, served, id, t) = chess_after_e4_e5("serve-store-offers");
    let port = served.port;
    let call = |served: &Served, action: &str, seat: usize, body: &str| {
        let (status, v) = json(
            served,
            "POST",
            &format!("/api/games/{id}/{action}?seat={}", t[seat]),
            body,
        );
        assert_eq!(status, 200, "{action}: {v}");
        v
    };
    // Black offers a draw; white asks to take back black's reply.
    call(&served, "offer-draw", 1, "{}");
    let v = call(&served, "undo", 0, "{}");
    assert_eq!(v["draw_offer"], 1, "{v}");
    assert_eq!(v["takeback"]["agreed"], serde_json::json!([0]), "{v}");
    drop(served); // killed

    let served = Served::start_on(&db, port, &[]);
    let v = view(&served, &id);
    assert_eq!(v["draw_offer"], 1, "{v}");
    assert_eq!(v["takeback"]["agreed"], serde_json::json!([0]), "{v}");
    // Both are answered after the restart: white declines the draw, black agrees.
    let v = call(&served, "answer-draw", 0, r#"{"accept":false}"#);
    assert_eq!(v["draw_offer"], Value::Null, "{v}");
    assert!(
        v["draw_answer"].as_str().unwrap().contains("declines"),
        "{v}"
    );
    let v = call(&served, "undo", 1, "{}");
    assert_eq!(moves(&v), ["e2e4"], "{v}");
    assert_eq!(v["takeback"], Value::Null, "{v}");
    drop(served);
    // The answers are kept as well: nothing waits after another restart.
    let served = Served::start_on(&db, port, &[]);
    let v = view(&served, &id);
    assert_eq!(moves(&v), ["e2e4"], "{v}");
    assert_eq!(v["draw_offer"], Value::Null, "{v}");
    assert_eq!(v["takeback"], Value::Null, "{v}");
}

/// A game's generation never goes down (`src/serve/generation.rs`), also across a restart: the
/// page draws no view older than one it drew (issue 30), so a game read back must count on
/// above every generation a page saw before, or the page would take its news for old views.
#[test]
fn a_games_generation_goes_on_growing_across_restarts() {
    let (_dir, db, served, id, t) = chess_after_e4_e5("serve-store-generation");
    let port = served.port;
    // Changes that are not moves count too: a draw offered and declined.
    for (action, seat, body) in [
        ("offer-draw", 1, "{}"),
        ("answer-draw", 0, r#"{"accept":false}"#),
    ] {
        let path = format!("/api/games/{id}/{action}?seat={}", t[seat]);
        assert_eq!(json(&served, "POST", &path, body).0, 200, "{action}");
    }
    let generation = |v: &Value| v["generation"].as_u64().expect("a generation");
    let mut seen = generation(&view(&served, &id));
    drop(served); // killed

    for (seat, mv) in [(0, "g1f3"), (1, "b8c6")] {
        let served = Served::start_on(&db, port, &[]);
        let read_back = generation(&view(&served, &id));
        assert!(
            read_back > seen,
            "the game read back is at generation {read_back}, a page saw {seen}"
        );
        let (status, v) = play(&served, &id, &t[seat], mv);
        assert_eq!(status, 200, "{v}");
        assert!(generation(&v) > read_back, "{v}");
        // Below what a page's number holds exactly (2^53).
        assert!(generation(&v) < 1 << 53, "{v}");
        seen = generation(&v);
        drop(served);
    }
}

/// "Play for me" is kept with the game: after a restart the engine goes on playing the
/// person's moves, until the person turns it off.
#[test]
fn a_stand_in_survives_a_restart() {
    let dir = TempDir::new("serve-store-stand-in");
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let port = served.port;
    let (id, t) = create(
        &served,
        r#"{"variant":"chess","seats":[{},{"engine":true,"depth":1}]}"#,
    );
    let stand_in = |served: &Served, mode: &str| {
        let (status, v) = json(
            served,
            "POST",
            &format!("/api/games/{id}/stand-in?seat={}", t[0]),
            &format!(r#"{{"mode":"{mode}"}}"#),
        );
        assert_eq!(status, 200, "{v}");
        v
    };
    stand_in(&served, "game");
    let before = wait_for(&served, &id, "the stand-in's first moves", |v| {
        moves(v).len() >= 2
    });
    drop(served); // killed

    let served = Served::start_on(&db, port, &[]);
    let v = view(&served, &id);
    assert_eq!(v["seats"][0]["stand_in"], "game", "{v}");
    // White moves again, and no person moved it: the engine stands in still.
    let played = moves(&before).len();
    let v = wait_for(&served, &id, "the stand-in plays on", |v| {
        let after = &v["moves"].as_array().unwrap()[played.min(moves(v).len())..];
        after.iter().any(|m| m["seat"] == 0) || v["over"] == true
    });
    assert_eq!(v["seats"][0]["stand_in"], "game", "{v}");
    let v = stand_in(&served, "off");
    assert_eq!(v["seats"][0]["stand_in"], Value::Null, "{v}");
}

/// A confirmed set-up the server places (`setup-plan`) is kept with the game: after a restart
/// mid-plan, the next placement is still the plan's, played the moment its turn comes.
#[test]
fn a_set_up_plan_survives_a_restart_mid_plan() {
    let dir = TempDir::new("serve-store-setup-plan");
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let port = served.port;
    // Two people on the duel (black, then white): the game waits for white, so black's plan is
    // held mid-way.
    let (id, t) = create(
        &served,
        r#"{"variant":"sceptre1027","options":{"SceptreLayout":"duel","SceptrePlayers":2}}"#,
    );
    let (status, proposal) = json(
        &served,
        "POST",
        &format!("/api/games/{id}/setup-proposal?seat={}", t[0]),
        "{}",
    );
    assert_eq!(status, 200, "{proposal}");
    let plan = proposal["placements"].clone();
    let (status, v) = json(
        &served,
        "POST",
        &format!("/api/games/{id}/setup-plan?seat={}", t[0]),
        &serde_json::json!({ "placements": plan }).to_string(),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["seats"][0]["setup_plan"]["played"], 1, "{v}");
    assert_eq!(moves(&v), [plan[0].as_str().unwrap()], "{v}");
    drop(served); // killed

    let served = Served::start_on(&db, port, &[]);
    let v = view(&served, &id);
    assert_eq!(v["seats"][0]["setup_plan"]["played"], 1, "{v}");
    assert_eq!(v["seats"][0]["setup_plan"]["placements"], plan, "{v}");
    assert_eq!(v["to_move"], 1, "{v}");
    // White places by hand (out of the plan's way); black's next placement follows at once.
    let white = crate::serve_setup_plan::placement_not_in_the_way(&v, plan[1].as_str().unwrap());
    let (status, v) = play(&served, &id, &t[1], &white);
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        moves(&v),
        [plan[0].as_str().unwrap(), &white, plan[1].as_str().unwrap()],
        "{v}"
    );
    assert_eq!(v["seats"][0]["setup_plan"]["played"], 2, "{v}");
}

/// An engine that was thinking when the server died thinks again after the restart, by
/// itself (no one moves or asks), and its move is the game's next one.
#[test]
fn an_engine_thinking_at_a_restart_thinks_again() {
    let dir = TempDir::new("serve-store-engine");
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let port = served.port;
    // The engine opens, thinking a minute: it is surely still thinking at the kill.
    let (id, t) = create(
        &served,
        r#"{"variant":"chess","seats":[{"engine":true,"movetime":60000},{}]}"#,
    );
    let v = wait_for(&served, &id, "the engine thinking", |v| {
        v["search"]["running"] == true
    });
    assert_eq!(moves(&v), Vec::<String>::new(), "{v}");
    drop(served); // killed mid-search

    let served = Served::start_on(&db, port, &[]);
    let v = wait_for(&served, &id, "the engine thinking again", |v| {
        v["search"]["kind"] == "engine" && v["search"]["running"] == true
    });
    assert_eq!(moves(&v), Vec::<String>::new(), "{v}");
    assert_eq!(v["to_move"], 0, "{v}");
    // Black's link tells it to move now: it plays the best move it has.
    let (status, v) = json(
        &served,
        "POST",
        &format!("/api/games/{id}/stop?seat={}", t[1]),
        "",
    );
    assert_eq!(status, 200, "{v}");
    let v = wait_for(&served, &id, "the engine's move", |v| moves(v).len() == 1);
    assert_eq!(v["moves"][0]["seat"], 0, "{v}");
    assert_eq!(v["to_move"], 1, "{v}");
}
