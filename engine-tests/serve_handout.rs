//! Handing a seat to its player (`src/serve/handout.rs`): the creator's tab holds every seat's
//! token, so that people at one screen can play each seat in turn; once it hands a seat out,
//! the seat's old token acts for nothing (403, saying why), the new link plays it, and the
//! creator still plays the seats it kept. Through the router, and across a restart over HTTP.

use crate::serve_seats::{call, Served, TempDir};
use regalia::serve::GameTable;
use serde_json::{json, Value};

/// A new game: its id and its seats' tokens, as the creator's tab gets them.
fn created(table: &GameTable, body: Value) -> (String, Vec<String>) {
    let (status, v) = call(table, "POST", "/api/games", body);
    assert_eq!(status, 200, "{v}");
    let tokens = v["links"]["seats"]
        .as_array()
        .expect("seat links")
        .iter()
        .map(|s| s["token"].as_str().expect("a token").to_string())
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

fn post(table: &GameTable, id: &str, action: &str, token: &str, body: Value) -> (u16, Value) {
    call(
        table,
        "POST",
        &format!("/api/games/{id}/{action}?seat={token}"),
        body,
    )
}

/// Hands out the token's seat: the new token.
fn hand_out(table: &GameTable, id: &str, token: &str) -> String {
    let (status, v) = post(table, id, "hand-out", token, json!({}));
    assert_eq!(status, 200, "{v}");
    let fresh = v["token"].as_str().expect("a new token").to_string();
    assert_eq!(fresh.len(), 32, "{v}");
    assert_ne!(fresh, token);
    assert_eq!(v["link"], json!(format!("/?seat={fresh}#{id}")));
    fresh
}

fn view(table: &GameTable, id: &str) -> Value {
    let (status, v) = call(table, "GET", &format!("/api/games/{id}"), Value::Null);
    assert_eq!(status, 200, "{v}");
    v
}

/// The refusal a token meets once its seat was handed out: a 403 that says why.
fn refused_as_handed_out(answer: (u16, Value), what: &str) {
    let (status, v) = answer;
    assert_eq!(status, 403, "{what}: {v}");
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|e| e.contains("this seat was handed out")),
        "{what}: {v}"
    );
}

#[test]
fn a_seat_handed_out_is_played_by_its_new_link_and_no_longer_by_the_creator() {
    let table = GameTable::default();
    let (id, t) = created(&table, json!({ "variant": "chess" }));
    let black = hand_out(&table, &id, &t[1]);
    let v = view(&table, &id);
    assert_eq!(v["seats"][0]["handed_out"], false, "{v}");
    assert_eq!(v["seats"][1]["handed_out"], true, "{v}");
    // The creator still plays the seat it kept.
    let (status, v) = post(&table, &id, "move", &t[0], json!({ "move": "e2e4" }));
    assert_eq!(status, 200, "{v}");
    // The creator's old token for black acts for nothing, whatever the action.
    for (action, body) in [
        ("move", json!({ "move": "e7e5" })),
        ("resign", json!({})),
        ("offer-draw", json!({})),
        ("stand-in", json!({ "mode": "game" })),
        ("undo", json!({})),
        ("hand-out", json!({})),
    ] {
        refused_as_handed_out(post(&table, &id, action, &t[1], body), action);
    }
    // A page still open at the old link reads the game as a watcher.
    let (status, v) = call(
        &table,
        "GET",
        &format!("/api/games/{id}?seat={}", t[1]),
        Value::Null,
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], Value::Null, "{v}");
    // The new holder plays black.
    let (status, v) = post(&table, &id, "move", &black, json!({ "move": "e7e5" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], json!(1), "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    // White's token speaks for white alone: no resignation or draw for black.
    let (status, v) = post(&table, &id, "resign", &t[0], json!({ "seat": 1 }));
    assert_eq!(status, 403, "{v}");
    // Only the holder hands a seat on: black's new holder can, and its link then dies too.
    let again = hand_out(&table, &id, &black);
    refused_as_handed_out(
        post(&table, &id, "offer-draw", &black, json!({})),
        "the first holder's offer",
    );
    let (status, v) = post(&table, &id, "offer-draw", &again, json!({}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["draw_offer"], 1, "{v}");
    assert_eq!(view(&table, &id)["over"], false);
}

#[test]
fn an_engines_seat_is_never_handed_out_nor_takes_a_persons_moves_back() {
    let table = GameTable::default();
    let (id, t) = created(
        &table,
        json!({ "variant": "chess", "seats": [{}, { "engine": true, "depth": 1 }] }),
    );
    let (status, v) = post(&table, &id, "hand-out", &t[1], json!({}));
    assert_eq!(status, 409, "{v}");
    // The person's seat is handed out; the creator keeps the engine's token.
    let white = hand_out(&table, &id, &t[0]);
    let (status, v) = post(&table, &id, "move", &white, json!({ "move": "e2e4" }));
    assert_eq!(status, 200, "{v}");
    let start = std::time::Instant::now();
    while view(&table, &id)["moves"].as_array().unwrap().len() < 2 {
        assert!(start.elapsed().as_secs() < 300, "the engine never replied");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Against an engine the one person takes back alone: the engine's token is not that person.
    let (status, v) = post(&table, &id, "undo", &t[1], json!({}));
    assert_eq!(status, 403, "{v}");
    assert_eq!(view(&table, &id)["moves"].as_array().unwrap().len(), 2);
    let (status, v) = post(&table, &id, "undo", &white, json!({}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 0, "{v}");
}

#[test]
fn a_seat_handed_out_stays_handed_out_after_a_restart() {
    let dir = TempDir::new("serve-handout");
    let db = dir.0.join("games.sqlite");
    let served = Served::start_on(&db, 0, &[]);
    let port = served.port;
    let send = |served: &Served, method: &str, path: &str, body: &str| {
        let (status, _, body) = served.send(method, path, &served.host(), body);
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{path}: {body}"));
        (status, v)
    };
    let (status, v) = send(&served, "POST", "/api/games", r#"{"variant":"chess"}"#);
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let old = v["links"]["seats"][1]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, v) = send(
        &served,
        "POST",
        &format!("/api/games/{id}/hand-out?seat={old}"),
        "{}",
    );
    assert_eq!(status, 200, "{v}");
    let black = v["token"].as_str().unwrap().to_string();
    drop(served); // killed

    let served = Served::start_on(&db, port, &[]);
    let offer = |token: &str| {
        send(
            &served,
            "POST",
            &format!("/api/games/{id}/offer-draw?seat={token}"),
            "{}",
        )
    };
    refused_as_handed_out(offer(&old), "the old token after a restart");
    let (status, v) = offer(&black);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], 1, "{v}");
    assert_eq!(v["seats"][1]["handed_out"], true, "{v}");
}
