//! How the serve tests call the router: as the person whose seat acts (the tokens of every game
//! the test created are kept), JSON in and out, and bounded polls.

use regalia::serve::{route, GameTable, Reply};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

thread_local! {
    /// The seat tokens of the games this test created (`serve_seats.rs` tests the tokens
    /// themselves; here every change is made as the seat to move, as a creator at one screen).
    static TOKENS: std::cell::RefCell<std::collections::HashMap<String, Vec<String>>> =
        Default::default();
}

/// `url` with a seat's token added, for a change to a game this test created: the seat the
/// body names, else the seat to move if a person plays it, else the first person's.
fn as_acting_seat(table: &GameTable, method: &str, url: &str, body: &Value) -> String {
    let Some(rest) = url.strip_prefix("/api/games/") else {
        return url.to_string();
    };
    let id = rest.split(['/', '?']).next().unwrap_or("");
    let tokens = TOKENS.with(|t| t.borrow().get(id).cloned());
    let (Some(tokens), false) = (tokens, method == "GET" || url.contains("seat=")) else {
        return url.to_string();
    };
    let view = match route(table, "GET", &format!("/api/games/{id}"), "") {
        Reply::Json(200, text) => serde_json::from_str::<Value>(&text).expect("JSON"),
        _ => Value::Null,
    };
    let to_move = view["to_move"].as_u64().unwrap_or(0) as usize;
    let person = |s: usize| view["seats"][s]["engine"] == false;
    // Moves are made as the seat to move (so a person moving in the engine's turn meets the
    // game's own refusal); a take-back as a person (an engine's seat asks for none); a draw is
    // answered by a person other than the one who offered it.
    let action = rest
        .split('?')
        .next()
        .unwrap_or("")
        .rsplit('/')
        .next()
        .unwrap_or("");
    let offered_by = view["draw_offer"].as_u64().map(|s| s as usize);
    let seat = match body["seat"].as_u64() {
        Some(named) => named as usize,
        None if action == "move" => to_move,
        None if action == "answer-draw" => (0..tokens.len())
            .find(|&s| person(s) && Some(s) != offered_by)
            .unwrap_or(to_move),
        None if person(to_move) => to_move,
        None => (0..tokens.len()).find(|&s| person(s)).unwrap_or(to_move),
    };
    let glue = if url.contains('?') { '&' } else { '?' };
    match tokens.get(seat) {
        Some(token) => format!("{url}{glue}seat={token}"),
        None => url.to_string(),
    }
}

pub fn call(table: &GameTable, method: &str, url: &str, body: Value) -> (u16, Value) {
    let url = as_acting_seat(table, method, url, &body);
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    match route(table, method, &url, &body) {
        Reply::Json(status, text) => {
            let v: Value = serde_json::from_str(&text).expect("JSON");
            if let (Some(id), Some(seats)) = (v["id"].as_str(), v["links"]["seats"].as_array()) {
                let tokens = seats
                    .iter()
                    .map(|s| s["token"].as_str().expect("a token").to_string())
                    .collect();
                TOKENS.with(|t| t.borrow_mut().insert(id.to_string(), tokens));
            }
            (status, v)
        }
        Reply::Asset(kind, _) => (200, json!({ "asset": kind })),
        Reply::Download {
            content_type,
            file_name,
            body,
        } => (
            200,
            json!({ "type": content_type, "file": file_name, "body": body }),
        ),
        // An accepted event stream; its slot is freed as the ticket drops here.
        Reply::Events(_) => (200, json!({ "events": true })),
    }
}

pub fn ok(table: &GameTable, method: &str, url: &str, body: Value) -> Value {
    let (status, v) = call(table, method, url, body);
    assert_eq!(status, 200, "{method} {url}: {v}");
    v
}

pub fn refused(table: &GameTable, method: &str, url: &str, body: Value, status: u16) -> String {
    let (got, v) = call(table, method, url, body);
    assert_eq!(got, status, "{method} {url}: {v}");
    v["error"].as_str().expect("an error message").to_string()
}

/// Polls the game until `done` holds.
pub fn wait_for(table: &GameTable, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let v = ok(table, "GET", &format!("/api/games/{id}"), Value::Null);
        if done(&v) {
            return v;
        }
        // A hang guard for a busy machine, not a measurement.
        assert!(start.elapsed() < Duration::from_secs(300), "{what}: {v}");
        std::thread::sleep(Duration::from_millis(20));
    }
}
