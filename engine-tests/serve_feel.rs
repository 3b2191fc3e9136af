//! The game view's check square, and analysis of an earlier position ("Analyse from here"),
//! also after the game has ended. Through the library's router; waits are bounded polls.

use crate::serve_calls::{ok, refused, wait_for};
use regalia::serve::GameTable;
use serde_json::{json, Value};

#[test]
fn the_checked_king_is_named_in_the_view_the_status_and_the_review() {
    let table = GameTable::default();
    let v = ok(&table, "POST", "/api/games", json!({"variant": "chess"}));
    let game = v["id"].as_str().unwrap().to_string();
    let url = |what: &str| format!("/api/games/{game}/{what}");
    assert_eq!(v["check"], Value::Null);
    for m in ["e2e4", "f7f5"] {
        ok(&table, "POST", &url("move"), json!({"move": m}));
    }
    let v = ok(&table, "POST", &url("move"), json!({"move": "d1h5"}));
    assert_eq!(v["check"], "e8", "{v}");
    assert_eq!(v["status"], "Black to move: check!");
    let v = ok(&table, "POST", &url("move"), json!({"move": "g7g6"}));
    assert_eq!(v["check"], Value::Null);
    assert_eq!(v["status"], "White to move");
    let r = ok(
        &table,
        "GET",
        &format!("{}?ply=3", url("review")),
        Value::Null,
    );
    assert_eq!(r["check"], "e8", "{r}");
    let r = ok(
        &table,
        "GET",
        &format!("{}?ply=2", url("review")),
        Value::Null,
    );
    assert_eq!(r["check"], Value::Null);
}

#[test]
fn an_earlier_position_is_analysed_also_after_the_end() {
    let table = GameTable::default();
    let v = ok(&table, "POST", "/api/games", json!({"variant": "chess"}));
    let game = v["id"].as_str().unwrap().to_string();
    let url = |what: &str| format!("/api/games/{game}/{what}");
    let mut v = v;
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        v = ok(&table, "POST", &url("move"), json!({"move": m}));
    }
    assert_eq!(v["over"], true);
    assert_eq!(v["check"], "e1", "the mated king");
    assert_eq!(v["analysing"], false);
    // The final position has nothing to analyse; a ply past the moves is refused.
    refused(&table, "POST", &url("analysis"), json!({"lines": 1}), 409);
    refused(&table, "POST", &url("analysis"), json!({"ply": 5}), 400);
    let v = ok(
        &table,
        "POST",
        &url("analysis"),
        json!({"lines": 2, "ply": 2}),
    );
    assert_eq!(v["analysing"], true);
    let v = wait_for(&table, &game, "the analysis after move 2", |v| {
        v["search"]["ply"] == 2
            && v["search"]["lines"]
                .as_array()
                .is_some_and(|l| l.len() == 2)
    });
    assert_eq!(v["search"]["kind"], "analysis");
    assert_eq!(v["search"]["seat"], 0, "white is to move after two moves");
    // The analysed position is the one reviewed: its board shows the best move's arrow.
    let r = ok(
        &table,
        "GET",
        &format!("{}?ply=2", url("review")),
        Value::Null,
    );
    assert!(
        r["svg"]
            .as_str()
            .unwrap()
            .contains("marker-end=\"url(#arrowhead)\""),
        "no arrow on the reviewed position"
    );
    // The game's own board (the mate) gets no arrow from an analysis of another position.
    assert!(
        !v["svg"].as_str().unwrap().contains("marker-end"),
        "{}",
        v["svg"]
    );
    let v = ok(&table, "POST", &url("stop"), json!({}));
    assert_eq!(v["analysing"], false);
    assert_eq!(v["search"]["running"], false);
}

#[test]
fn sceptre_names_its_checked_king_and_tafl_has_no_check() {
    let table = GameTable::default();
    let meadow = ["8m"; 16].join("/");
    // White's queen to b2 mates black's king on a1 (docs/rules/sceptre1027.md).
    let start = format!("{meadow} Kb@a1,Rb@d16,Kw@c3,Qw@h2,Nw@h8 b+,w+ w b@a1,w@a9 - - -");
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "sceptre1027", "position": start}),
    );
    let game = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["check"], Value::Null);
    let v = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/move"),
        json!({"move": "h2b2"}),
    );
    assert_eq!(v["over"], true, "{v}");
    assert_eq!(v["check"], "a1", "{v}");
    // A tafl king hemmed in on three sides is in no check: tafl has none.
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "tafl", "position": "11/11/11/11/5a5/4aka4/11/11/11/11/11 d"}),
    );
    assert_eq!(v["check"], Value::Null, "{v}");
    assert!(!v["status"].as_str().unwrap().contains("check"), "{v}");
}
