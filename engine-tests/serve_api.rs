//! `regalia serve`'s JSON API, through the library's router (every call, every refusal) and
//! over real HTTP against the binary (size limits, unknown paths, clients that hang up,
//! parallel requests). Waits for engines are bounded polls, never timed assertions.

use crate::serve_calls::{ok, refused, wait_for};
use crate::serve_seats::{http, Served};
use regalia::serve::{route, GameTable, Reply};
use serde_json::{json, Value};
use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

fn new_game(table: &GameTable, body: Value) -> Value {
    ok(table, "POST", "/api/games", body)
}

fn texts(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_string())
        .collect()
}

/// Polls the game until `done` holds (at most a minute: a hang fails, a slow machine passes).

#[test]
fn the_variant_list_names_every_game_and_its_choices() {
    let table = GameTable::default();
    let v = ok(&table, "GET", "/api/variants", Value::Null);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["chess", "scepterchess", "chess40k", "tafl", "sceptre1027"]
    );
    let sceptre = &v[4];
    assert_eq!(
        sceptre["seat_names"],
        json!(["black", "white", "red", "green"])
    );
    let options: Vec<&str> = sceptre["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(options, ["SceptreLayout", "SceptrePlayers"]);
    assert!(v[3]["options"][0]["choices"]
        .as_array()
        .unwrap()
        .contains(&json!("copenhagen")));
    assert_eq!(v[0]["options"][0]["name"], "UCI_Chess960");
    // A Chess960 game from the page's form: castling is king-takes-rook.
    let g = new_game(
        &table,
        json!({ "variant": "chess", "options": { "UCI_Chess960": "true" },
                "position": "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1" }),
    );
    assert!(
        texts(&g["legal"]).contains(&"f1g1".to_string()),
        "no 960 castling"
    );
    let id = g["id"].as_str().unwrap().to_string();
    let g = ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "f1g1" }),
    );
    assert_eq!(g["moves"][0]["notation"], "O-O");
    assert!(
        g["position"].as_str().unwrap().contains("/BQNBRRKN b"),
        "{}",
        g["position"]
    );
}

#[test]
fn people_play_moves_and_illegal_ones_change_nothing() {
    let table = GameTable::default();
    let g = new_game(&table, json!({ "variant": "chess" }));
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["legal"].as_array().unwrap().len(), 20);
    assert_eq!(g["status"], "White to move");
    assert!(g["svg"].as_str().unwrap().starts_with("<svg"));
    let url = format!("/api/games/{id}/move");
    let error = refused(&table, "POST", &url, json!({ "move": "e2e5" }), 400);
    assert!(error.contains("e2e5"), "{error}");
    refused(&table, "POST", &url, json!({ "move": "" }), 400);
    refused(&table, "POST", &url, json!({ "mvoe": "e2e4" }), 400);
    refused(&table, "POST", &url, json!(["e2e4"]), 400);
    let g = ok(&table, "GET", &format!("/api/games/{id}"), Value::Null);
    assert_eq!(g["moves"], json!([]));
    let g = ok(&table, "POST", &url, json!({ "move": "e2e4" }));
    assert_eq!(g["moves"][0]["notation"], "e4");
    assert_eq!(g["to_move"], 1);
    assert!(g["position"]
        .as_str()
        .unwrap()
        .starts_with("rnbqkbnr/pppppppp/8/8/4P3/"));
    for m in ["e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"] {
        ok(&table, "POST", &url, json!({ "move": m }));
    }
    let g = ok(&table, "GET", &format!("/api/games/{id}"), Value::Null);
    assert_eq!(g["over"], true);
    assert_eq!(g["status"], "White wins by checkmate.");
    assert_eq!(g["legal"], json!([]));
    let error = refused(&table, "POST", &url, json!({ "move": "a7a6" }), 409);
    assert!(error.contains("over"), "{error}");
}

#[test]
fn bad_requests_get_clear_errors() {
    let table = GameTable::default();
    let cases: [(&str, &str, Value, u16, &str); 12] = [
        (
            "POST",
            "/api/games",
            json!({ "variant": "xiangqi" }),
            400,
            "unknown variant",
        ),
        ("POST", "/api/games", json!({}), 400, "variant"),
        (
            "POST",
            "/api/games",
            json!({ "variant": "chess", "colour": 1 }),
            400,
            "colour",
        ),
        (
            "POST",
            "/api/games",
            json!({ "variant": "chess", "position": "8/8 w" }),
            400,
            "FEN",
        ),
        (
            "POST",
            "/api/games",
            json!({ "variant": "chess", "seats": [{ "engine": true }] }),
            400,
            "2 seats",
        ),
        (
            "POST",
            "/api/games",
            json!({ "variant": "chess", "options": { "TaflRules": "fetlar" } }),
            400,
            "no option",
        ),
        (
            "POST",
            "/api/games",
            json!({ "variant": "tafl", "options": { "TaflRules": "nonsense" } }),
            400,
            "TaflRules",
        ),
        (
            "POST",
            "/api/games",
            json!({ "variant": "chess", "seats": [{}, { "engine": true, "movetime": 0 }] }),
            400,
            "movetime",
        ),
        (
            "GET",
            "/api/games/0123456789abcdef",
            Value::Null,
            404,
            "game",
        ),
        ("GET", "/api/nothing", Value::Null, 404, "not found"),
        ("GET", "/../../etc/passwd", Value::Null, 404, "not found"),
        ("DELETE", "/api/games", Value::Null, 405, "DELETE"),
    ];
    for (method, url, body, status, words) in cases {
        let error = refused(&table, method, url, body, status);
        assert!(error.contains(words), "{method} {url}: {error}");
    }
    assert_eq!(table.len(), 0, "a refused game was kept");
    let error = refused(&table, "POST", "/api/games", Value::Null, 400);
    assert!(error.contains("variant"), "{error}");
    match route(&table, "POST", "/api/games", "{not json") {
        Reply::Json(400, text) => assert!(text.contains("bad JSON"), "{text}"),
        _ => panic!("bad JSON accepted"),
    }
    let g = new_game(&table, json!({ "variant": "chess" }));
    let id = g["id"].as_str().unwrap();
    refused(
        &table,
        "GET",
        &format!("/api/games/{id}/move"),
        Value::Null,
        405,
    );
    refused(
        &table,
        "POST",
        &format!("/api/games/{id}/fly"),
        Value::Null,
        404,
    );
    refused(
        &table,
        "GET",
        &format!("/api/games/{id}?turn=7"),
        Value::Null,
        400,
    );
    refused(
        &table,
        "POST",
        &format!("/api/games/{id}/undo"),
        Value::Null,
        409,
    );
    refused(
        &table,
        "POST",
        &format!("/api/games/{id}/analysis"),
        json!({ "lines": 0 }),
        400,
    );
}

#[test]
fn the_engine_replies_and_take_back_returns_to_the_person() {
    let table = GameTable::default();
    let g = new_game(
        &table,
        json!({ "variant": "chess", "seats": [{}, { "engine": true, "movetime": 50 }] }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let url = format!("/api/games/{id}/move");
    let g = ok(&table, "POST", &url, json!({ "move": "d2d4" }));
    assert_eq!(g["legal"], json!([]), "a person may move for the engine");
    assert_eq!(g["search"]["kind"], "engine");
    refused(&table, "POST", &url, json!({ "move": "e7e5" }), 409);
    let g = wait_for(&table, &id, "the engine's reply", |g| {
        g["moves"].as_array().unwrap().len() == 2
    });
    assert_eq!(g["to_move"], 0);
    assert_eq!(g["search"]["running"], false);
    // The foe's thinking stays with it while the game is on (`search_privacy.rs`).
    assert_eq!(g["search"]["hidden"], true, "{g}");
    assert_eq!(g["search"]["lines"], json!([]), "{g}");
    let g = ok(
        &table,
        "POST",
        &format!("/api/games/{id}/undo"),
        Value::Null,
    );
    assert_eq!(
        g["moves"],
        json!([]),
        "take-back stops at the person's move"
    );
    assert_eq!(g["legal"].as_array().unwrap().len(), 20);
}

#[test]
fn the_engine_opens_for_a_person_playing_black_and_engines_play_each_other() {
    let table = GameTable::default();
    let g = new_game(
        &table,
        json!({ "variant": "tafl", "options": { "TaflRules": "brandubh" },
                "seats": [{ "engine": true, "depth": 2 }, {}] }),
    );
    assert_eq!(g["view_turn"], 2, "the board turns toward the defenders");
    let id = g["id"].as_str().unwrap().to_string();
    wait_for(&table, &id, "the attackers' first move", |g| {
        g["moves"].as_array().unwrap().len() == 1
    });
    let g = new_game(
        &table,
        json!({ "variant": "chess40k",
                "seats": [{ "engine": true, "depth": 2 }, { "engine": true, "depth": 2 }] }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    wait_for(&table, &id, "six engine moves", |g| {
        g["moves"].as_array().unwrap().len() >= 6
    });
}

#[test]
fn analysis_runs_until_stopped_and_pauses_when_nobody_watches() {
    let table = GameTable::default();
    // Against an engine: between people there is no analysis while the game is on.
    let g = new_game(
        &table,
        json!({ "variant": "scepterchess", "seats": [{}, { "engine": true, "depth": 1 }] }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let g = ok(
        &table,
        "POST",
        &format!("/api/games/{id}/analysis"),
        json!({ "lines": 3 }),
    );
    assert_eq!(g["search"]["kind"], "analysis");
    let g = wait_for(&table, &id, "three lines at depth 4", |g| {
        g["search"]["lines"].as_array().unwrap().len() == 3
            && g["search"]["depth"].as_u64() >= Some(4)
    });
    assert_eq!(g["search"]["running"], true);
    // Nobody asks for a while: the search stops; the next request starts it again.
    table.sweep_idle(Duration::ZERO, Duration::from_secs(3600));
    let live = ok(&table, "GET", &format!("/api/games/{id}/live"), Value::Null);
    assert_eq!(live["search"]["running"], true, "{live}");
    // A move restarts the analysis on the new position, once the engine has replied.
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "e2e4" }),
    );
    wait_for(&table, &id, "the analysis after the engine's reply", |g| {
        g["moves"].as_array().unwrap().len() == 2 && g["search"]["kind"] == "analysis"
    });
    let g = ok(
        &table,
        "POST",
        &format!("/api/games/{id}/stop"),
        Value::Null,
    );
    assert_eq!(g["search"]["running"], false);
    let g = ok(&table, "GET", &format!("/api/games/{id}"), Value::Null);
    assert_eq!(g["search"]["running"], false, "analysis went on after stop");
    table.sweep_idle(Duration::from_secs(3600), Duration::ZERO);
    assert!(table.is_empty(), "an abandoned game was kept");
}

#[test]
fn placements_promotions_and_stays_are_offered_square_by_square() {
    let table = GameTable::default();
    let g = new_game(
        &table,
        json!({ "variant": "sceptre1027", "options": { "SceptreLayout": "duel", "SceptrePlayers": 2 } }),
    );
    let legal = g["legal"].as_array().unwrap();
    assert!(!legal.is_empty());
    for m in legal {
        let text = m["text"].as_str().unwrap();
        let (piece, to) = text.split_once('@').expect("a placement");
        assert_eq!(m["piece"], piece);
        assert_eq!(m["to"], to);
        assert_eq!(m["from"], Value::Null);
    }
    let g = new_game(
        &table,
        json!({ "variant": "chess40k", "position": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1" }),
    );
    let mut promotions: Vec<String> = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "a7")
        .map(|m| m["suffix"].as_str().unwrap().to_string())
        .collect();
    promotions.sort();
    assert_eq!(promotions, ["", "b", "n", "q", "r", "z"]);
    let id = g["id"].as_str().unwrap().to_string();
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "a7a8z" }),
    );
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "e8d7" }),
    );
    let g = ok(&table, "GET", &format!("/api/games/{id}"), Value::Null);
    assert!(
        texts(&g["legal"]).contains(&"a8a8".to_string()),
        "no self-destruct"
    );
}

#[test]
fn records_download_in_the_games_own_format() {
    let table = GameTable::default();
    let g = new_game(&table, json!({ "variant": "chess" }));
    let id = g["id"].as_str().unwrap().to_string();
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "g1f3" }),
    );
    let r = ok(
        &table,
        "GET",
        &format!("/api/games/{id}/record"),
        Value::Null,
    );
    let pgn = r["body"].as_str().unwrap();
    assert!(r["file"].as_str().unwrap().ends_with(".pgn"));
    for needle in [
        "[Result \"*\"]",
        "[White \"Human\"]",
        "1. Nf3",
        "[Site \"regalia serve\"]",
    ] {
        assert!(pgn.contains(needle), "{needle} in\n{pgn}");
    }
    let g = new_game(
        &table,
        json!({ "variant": "sceptre1027", "options": { "SceptrePlayers": 3 } }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let first = texts(&g["legal"])[0].clone();
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": first }),
    );
    let r = ok(
        &table,
        "GET",
        &format!("/api/games/{id}/record"),
        Value::Null,
    );
    let lines = r["body"].as_str().unwrap();
    assert!(
        lines.contains("variant sceptre1027\noption SceptrePlayers 3\n"),
        "{lines}"
    );
    assert!(lines.contains(&format!("move 1 0 {first} time")), "{lines}");
    assert!(
        lines.contains("termination unterminated the game goes on"),
        "{lines}"
    );
    let svg = ok(
        &table,
        "GET",
        &format!("/api/games/{id}/svg?turn=1"),
        Value::Null,
    );
    assert_eq!(svg["type"], "image/svg+xml");
    roxmltree::Document::parse(svg["body"].as_str().unwrap()).expect("the SVG parses");
}

// ---- over real HTTP -------------------------------------------------------------------------

/// Sends one JSON request, returns the status code and the body.
fn request(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let headers = format!("Host: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n");
    let (status, _, body) = http(port, method, path, &headers, body);
    (status, body)
}

#[test]
fn the_server_refuses_what_it_must_and_never_wedges() {
    let served = Served::in_memory();
    let (status, page) = request(served.port, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Regalia</title>"));
    assert_eq!(request(served.port, "GET", "/app.js", "").0, 200);
    assert_eq!(request(served.port, "GET", "/style.css", "").0, 200);
    for path in [
        "/Cargo.toml",
        "/src/main.rs",
        "/../Cargo.toml",
        "/index.html/../../x",
    ] {
        assert_eq!(request(served.port, "GET", path, "").0, 404, "{path}");
    }
    let big = format!(
        "{{\"variant\":\"chess\",\"position\":\"{}\"}}",
        "x".repeat(100_000)
    );
    let (status, body) = request(served.port, "POST", "/api/games", &big);
    assert_eq!(status, 413, "{body}");
    // Clients that hang up half-way through their body, and clients that stay connected
    // without ever finishing it.
    for _ in 0..4 {
        let mut s = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
        let _ = s.write_all(b"POST /api/games HTTP/1.1\r\nContent-Length: 500\r\n\r\n{\"var");
    }
    let stuck: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
            let _ = s.write_all(b"POST /api/games HTTP/1.1\r\nContent-Length: 500\r\n\r\n{\"var");
            s
        })
        .collect();
    // Many requests at once, from many threads, while those hang.
    let port = served.port;
    let workers: Vec<_> = (0..8)
        .map(|_| {
            std::thread::spawn(move || {
                let (status, body) = request(port, "POST", "/api/games", r#"{"variant":"tafl"}"#);
                assert_eq!(status, 200, "{body}");
                let v: Value = serde_json::from_str(&body).unwrap();
                let id = v["id"].as_str().unwrap().to_string();
                let token = v["links"]["seats"][0]["token"].as_str().unwrap();
                let path = format!("/api/games/{id}/move?seat={token}");
                let (status, body) = request(port, "POST", &path, r#"{"move":"d1d4"}"#);
                assert_eq!(status, 200, "{body}");
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a request thread");
    }
    drop(stuck);
    let (status, body) = request(served.port, "GET", "/api/variants", "");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_taken_port_is_refused_clearly() {
    let served = Served::in_memory();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args(["serve", "--no-db", "--port", &served.port.to_string()])
        .output()
        .expect("regalia serve runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("port {} on 127.0.0.1 is taken", served.port)),
        "{stderr}"
    );
    // The first server still answers.
    assert_eq!(request(served.port, "GET", "/api/variants", "").0, 200);
}
