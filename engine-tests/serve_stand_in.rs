//! The engine standing in for a person (`POST /api/games/{id}/stand-in`): "set up for me" in
//! Sceptre 1027's set-up phase places the person's pieces, the game then waits for the person;
//! a take-back ends it; "play for me" plays the person's moves until turned off.

use crate::serve_calls::{ok, refused, wait_for};
use serde_json::{json, Value};

fn placements_by(v: &Value, seat: u64) -> usize {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == seat && m["text"].as_str().unwrap().contains('@'))
        .count()
}

#[test]
fn set_up_for_me_places_the_persons_army_then_the_person_moves() {
    let table = regalia::serve::GameTable::default();
    // Black (a person) and white (the engine) on the two-board duel: 32 placements in all.
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "sceptre1027",
               "options": {"SceptreLayout": "duel", "SceptrePlayers": 2},
               "seats": [{}, {"engine": true, "movetime": 50}]}),
    );
    let game = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["seats"][0]["stand_in"], Value::Null);
    let url = format!("/api/games/{game}/stand-in");
    refused(&table, "POST", &url, json!({"mode": "later"}), 400);
    let v = ok(&table, "POST", &url, json!({"mode": "setup"}));
    assert_eq!(v["seats"][0]["stand_in"], "setup", "{v}");
    assert!(
        v["legal"].as_array().unwrap().is_empty(),
        "the engine places now: {v}"
    );
    let v = wait_for(&table, &game, "the set-up ends", |v| {
        v["moves"].as_array().unwrap().len() >= 32 || v["over"] == true
    });
    assert_eq!(placements_by(&v, 0), 16, "{v}");
    assert_eq!(placements_by(&v, 1), 16, "{v}");
    // The set-up is over: black (the person) is to move, by hand.
    assert_eq!(v["to_move"], 0, "{v}");
    assert_eq!(
        v["seats"][0]["stand_in"],
        Value::Null,
        "set up, the stand-in ends: {v}"
    );
    let legal = v["legal"].as_array().unwrap();
    assert!(
        !legal.is_empty() && legal.iter().all(|m| m["piece"].is_null()),
        "{v}"
    );
    assert!(
        v["status"].as_str().unwrap().starts_with("Black to move"),
        "{v}"
    );
    let e = refused(&table, "POST", &url, json!({"mode": "setup"}), 409);
    assert!(e.contains("set-up is over"), "{e}");
    // A take-back ends the stand-in: the person places again by hand.
    let v = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/undo"),
        json!({}),
    );
    assert_eq!(v["seats"][0]["stand_in"], Value::Null, "{v}");
    assert_eq!(v["to_move"], 0, "{v}");
    assert!(
        v["legal"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| !m["piece"].is_null()),
        "{v}"
    );
}

#[test]
fn play_for_me_plays_the_persons_moves_until_turned_off() {
    let table = regalia::serve::GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess", "seats": [{}, {"engine": true, "depth": 1}]}),
    );
    let game = v["id"].as_str().unwrap().to_string();
    let url = format!("/api/games/{game}/stand-in");
    let e = refused(&table, "POST", &url, json!({"mode": "setup"}), 409);
    assert!(e.contains("nothing left to place"), "{e}");
    ok(&table, "POST", &url, json!({"mode": "game"}));
    let v = wait_for(&table, &game, "four moves", |v| {
        v["moves"].as_array().unwrap().len() >= 4 || v["over"] == true
    });
    assert!(
        v["moves"][0]["seat"] == 0 && v["moves"][2]["seat"] == 0,
        "{v}"
    );
    // Turned off while the engine is to move or thinking for white: the person plays again.
    ok(&table, "POST", &url, json!({"mode": "off"}));
    let v = wait_for(&table, &game, "white to move by hand", |v| {
        v["to_move"] == 0 && !v["legal"].as_array().unwrap().is_empty()
    });
    assert_eq!(v["seats"][0]["stand_in"], Value::Null, "{v}");
    // No seat token: a watcher cannot ask the engine to play for anyone.
    let (status, _) = crate::serve_calls::call(
        &table,
        "POST",
        &format!("{url}?seat=00000000000000000000000000000000"),
        json!({"mode": "game"}),
    );
    assert_eq!(status, 403);
}

/// Two people, black with "Play for me" on: its helper's thinking (lines, score, depth) goes to
/// black's link alone; white's link and a watcher learn only that black's engine thinks or
/// thought (`hidden`), in the game view and in `/live` alike.
#[test]
fn a_helpers_lines_go_to_its_own_seat_alone() {
    let table = regalia::serve::GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess", "seats": [{}, {}]}),
    );
    let game = v["id"].as_str().unwrap().to_string();
    let token = |seat: usize| {
        v["links"]["seats"][seat]["token"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (white, black) = (token(0), token(1));
    let as_seat = |action: &str, token: &str| format!("/api/games/{game}{action}?seat={token}");
    ok(
        &table,
        "POST",
        &as_seat("/stand-in", &black),
        json!({"mode": "game"}),
    );
    ok(
        &table,
        "POST",
        &as_seat("/move", &white),
        json!({"move": "e2e4"}),
    );
    // The helper's move played, its search stays on show (the last one) until the next.
    let mut mine = Value::Null;
    for _ in 0..600 {
        mine = ok(&table, "GET", &as_seat("", &black), Value::Null);
        if mine["moves"].as_array().unwrap().len() == 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(mine["moves"].as_array().unwrap().len(), 2, "{mine}");
    let search = &mine["search"];
    assert_eq!(search["kind"], "engine", "{mine}");
    assert_eq!(search["seat"], 1, "{mine}");
    assert_eq!(search["hidden"], false, "{mine}");
    assert!(!search["lines"].as_array().unwrap().is_empty(), "{mine}");
    let live = ok(&table, "GET", &as_seat("/live", &black), Value::Null);
    assert!(
        !live["search"]["lines"].as_array().unwrap().is_empty(),
        "{live}"
    );
    for (who, url) in [
        ("white's link", as_seat("", &white)),
        ("white's link, live", as_seat("/live", &white)),
        ("a watcher", format!("/api/games/{game}")),
        ("a watcher, live", format!("/api/games/{game}/live")),
    ] {
        let v = ok(&table, "GET", &url, Value::Null);
        let search = &v["search"];
        assert_eq!(search["seat"], 1, "{who}: {v}");
        assert_eq!(search["hidden"], true, "{who}: {v}");
        assert_eq!(
            search["lines"],
            json!([]),
            "{who} sees black's helper's lines: {v}"
        );
        assert_eq!(search["depth"], 0, "{who}: {v}");
        assert_eq!(search["nodes"], 0, "{who}: {v}");
    }
}
