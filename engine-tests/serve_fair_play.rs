//! No engine help in a game between people (`src/serve/fair_play.rs`): while the game is on and
//! two or more people still play, analysis is refused to every seat (409, saying why) and the
//! view says so; against engines, and once the game is over, it is open. Through the router.

use crate::serve_calls::{ok, refused};
use regalia::serve::GameTable;
use serde_json::{json, Value};

fn id(v: &Value) -> String {
    v["id"].as_str().expect("an id").to_string()
}

#[test]
fn no_analysis_while_people_play_each_other_and_open_once_the_game_is_over() {
    let table = GameTable::default();
    let v = ok(&table, "POST", "/api/games", json!({ "variant": "chess" }));
    let game = id(&v);
    let url = |what: &str| format!("/api/games/{game}/{what}");
    assert!(v["analysis_closed"].is_string(), "{v}");
    let why = refused(&table, "POST", &url("analysis"), json!({ "lines": 1 }), 409);
    assert!(why.contains("people play each other"), "{why}");
    for m in ["f2f3", "e7e5", "g2g4"] {
        ok(&table, "POST", &url("move"), json!({ "move": m }));
        // Nor of an earlier position, asked by either seat (the one to move asks).
        refused(
            &table,
            "POST",
            &url("analysis"),
            json!({ "lines": 1, "ply": 1 }),
            409,
        );
    }
    let v = ok(&table, "GET", &url(""), Value::Null);
    assert_eq!(v["analysing"], false, "{v}");
    assert!(v["search"].is_null(), "an analysis ran: {v}");
    let v = ok(&table, "POST", &url("move"), json!({ "move": "d8h4" }));
    assert_eq!(v["over"], true, "{v}");
    assert_eq!(v["analysis_closed"], Value::Null, "{v}");
    let v = ok(
        &table,
        "POST",
        &url("analysis"),
        json!({ "lines": 1, "ply": 2 }),
    );
    assert_eq!(v["analysing"], true, "{v}");
    ok(&table, "POST", &url("stop"), json!({}));
}

#[test]
fn analysis_stays_open_against_engines_and_closed_for_two_people_among_three() {
    let table = GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "chess", "seats": [{}, { "engine": true, "depth": 1 }] }),
    );
    assert_eq!(v["analysis_closed"], Value::Null, "{v}");
    let game = id(&v);
    let v = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/analysis"),
        json!({ "lines": 2 }),
    );
    assert_eq!(v["analysing"], true, "{v}");
    ok(
        &table,
        "POST",
        &format!("/api/games/{game}/stop"),
        json!({}),
    );
    // Sceptre for three: two people and an engine.
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "sceptre1027", "options": { "SceptrePlayers": 3 },
                "seats": [{}, {}, { "engine": true, "depth": 1 }] }),
    );
    let game = id(&v);
    refused(
        &table,
        "POST",
        &format!("/api/games/{game}/analysis"),
        json!({ "lines": 1 }),
        409,
    );
}
