//! Pushed updates (`GET /api/games/{id}/events`, `src/serve/events.rs`) over real HTTP: a change
//! made through one connection arrives as an event on another; draw offers and take-back
//! requests are changes too; a stream its client closes gives back its slot. Every wait is for
//! an event or a count, with a generous hang guard, never a measured time.

use crate::serve_calls::{ok, wait_for};
use crate::serve_seats::Served;
use regalia::serve::GameTable;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One open event stream, read line by line.
struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    /// Opens the stream of game `id` (with `?seat=TOKEN` or not): the status, and the stream
    /// when it was accepted.
    fn open(served: &Served, path: &str) -> (u16, Option<Events>) {
        let mut socket = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
        socket
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let head = format!(
            "GET {path} HTTP/1.1\r\n{}Accept: text/event-stream\r\n\r\n",
            served.host()
        );
        socket.write_all(head.as_bytes()).unwrap();
        let mut reader = BufReader::new(socket);
        let mut status_line = String::new();
        reader.read_line(&mut status_line).unwrap();
        let status = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut content_type = String::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                break;
            }
            if line.to_ascii_lowercase().starts_with("content-type:") {
                content_type = line;
            }
        }
        if status != 200 {
            return (status, None);
        }
        assert!(content_type.contains("text/event-stream"), "{content_type}");
        (status, Some(Events { reader }))
    }

    /// The next event's generation (comments and `retry` lines skipped).
    fn next_generation(&mut self) -> u64 {
        loop {
            let mut line = String::new();
            let n = self
                .reader
                .read_line(&mut line)
                .expect("the stream stays open");
            assert!(n > 0, "the server closed the stream");
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                let v: Value = serde_json::from_str(data).expect("JSON data");
                return v["generation"].as_u64().expect("a generation");
            }
        }
    }

    /// Reads events until one carries at least `generation`.
    fn until(&mut self, generation: u64) -> u64 {
        loop {
            let g = self.next_generation();
            if g >= generation {
                return g;
            }
        }
    }
}

fn json_call(served: &Served, method: &str, path: &str, body: &str) -> (u16, Value) {
    let (status, _, text) = served.send(method, path, &served.host(), body);
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A chess game between two people on `served`: its id and its two seat tokens.
fn people_game(served: &Served, body: Value) -> (String, Vec<String>) {
    let (status, v) = json_call(served, "POST", "/api/games", &body.to_string());
    assert_eq!(status, 200, "{v}");
    let tokens = v["links"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

fn generation(served: &Served, id: &str) -> u64 {
    let (status, v) = json_call(served, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200, "{v}");
    v["generation"].as_u64().unwrap()
}

#[test]
fn a_change_made_on_one_connection_arrives_as_an_event_on_another() {
    let served = Served::in_memory();
    let (id, tokens) = people_game(&served, json!({ "variant": "chess" }));
    // A watcher's stream (no token) and a seat's; a wrong token is refused.
    let (status, _) = Events::open(&served, &format!("/api/games/{id}/events?seat=00ff"));
    assert_eq!(status, 403);
    let (_, watcher) = Events::open(&served, &format!("/api/games/{id}/events"));
    let mut watcher = watcher.expect("a watcher's stream");
    let (_, seat) = Events::open(
        &served,
        &format!("/api/games/{id}/events?seat={}", tokens[1]),
    );
    let mut seat = seat.expect("a seat's stream");
    let start = generation(&served, &id);
    assert_eq!(
        watcher.next_generation(),
        start,
        "the first event: where the game is"
    );
    assert_eq!(seat.next_generation(), start);

    let act = |path: &str, token: &str, body: &str| {
        let (status, v) = json_call(
            &served,
            "POST",
            &format!("/api/games/{id}/{path}?seat={token}"),
            body,
        );
        assert_eq!(status, 200, "{path}: {v}");
        v["generation"].as_u64().unwrap()
    };
    let after_move = act("move", &tokens[0], r#"{"move":"e2e4"}"#);
    assert!(after_move > start);
    assert_eq!(watcher.until(after_move), after_move);
    assert_eq!(seat.until(after_move), after_move);
    // A draw offered and declined: each a change the other screen is told of.
    let offered = act("offer-draw", &tokens[0], "{}");
    assert!(offered > after_move, "a draw offer changes the generation");
    assert_eq!(seat.until(offered), offered);
    let declined = act("answer-draw", &tokens[1], r#"{"accept":false}"#);
    assert!(declined > offered, "a declined draw changes the generation");
    assert_eq!(seat.until(declined), declined);
    // A take-back asked for between people waits for the other's consent: it is shown at once.
    let asked = act("undo", &tokens[1], "{}");
    assert!(asked > declined);
    assert_eq!(watcher.until(asked), asked);
    // A resignation ends the game: the last event.
    let resigned = act("resign", &tokens[1], "{}");
    assert_eq!(watcher.until(resigned), resigned);
}

#[test]
fn an_engine_reply_arrives_as_an_event() {
    let served = Served::in_memory();
    let (id, tokens) = people_game(
        &served,
        json!({ "variant": "chess", "seats": [{}, { "engine": true, "depth": 2 }] }),
    );
    let (_, events) = Events::open(&served, &format!("/api/games/{id}/events"));
    let mut events = events.expect("a stream");
    let start = events.next_generation();
    let (status, v) = json_call(
        &served,
        "POST",
        &format!("/api/games/{id}/move?seat={}", tokens[0]),
        r#"{"move":"d2d4"}"#,
    );
    assert_eq!(status, 200, "{v}");
    let moved = v["generation"].as_u64().unwrap();
    // The engine's reply is a change of its own, pushed without any request.
    let replied = events.until(moved + 1);
    assert!(replied > moved && replied > start);
    let (_, v) = json_call(&served, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(v["moves"].as_array().unwrap().len(), 2, "{v}");
}

fn open_streams(served: &Served) -> u64 {
    let (status, v) = json_call(served, "GET", "/api/server", "");
    assert_eq!(status, 200, "{v}");
    v["streams"].as_u64().expect("a count of streams")
}

/// Polls the server's count of open streams until it is `want` (a hang guard, not a measure).
fn wait_streams(served: &Served, want: u64) {
    let start = Instant::now();
    while open_streams(served) != want {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "open streams never became {want}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_stream_its_client_closes_gives_back_its_slot() {
    let served = Served::in_memory();
    let (id, _) = people_game(&served, json!({ "variant": "chess" }));
    assert_eq!(open_streams(&served), 0);
    let mut streams: Vec<Events> = (0..3)
        .map(|_| {
            let (_, s) = Events::open(&served, &format!("/api/games/{id}/events"));
            s.expect("a stream")
        })
        .collect();
    for s in &mut streams {
        s.next_generation();
    }
    wait_streams(&served, 3);
    streams.truncate(1);
    wait_streams(&served, 1);
    drop(streams);
    wait_streams(&served, 0);
}

#[test]
fn a_draw_offer_is_a_change_and_leaves_the_engines_search_running() {
    // Through the router: the offer changes the generation (pages are told), not the epoch (the
    // engine's search stays valid and its move is played).
    let table = GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "chess", "seats": [{}, { "engine": true, "movetime": 300 }] }),
    );
    let id = v["id"].as_str().unwrap().to_string();
    let moved = ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "e2e4" }),
    );
    let offered = ok(
        &table,
        "POST",
        &format!("/api/games/{id}/offer-draw"),
        json!({}),
    );
    assert!(offered["generation"].as_u64() > moved["generation"].as_u64());
    wait_for(
        &table,
        &id,
        "the engine's reply after a declined draw",
        |v| v["moves"].as_array().is_some_and(|m| m.len() == 2),
    );
}
