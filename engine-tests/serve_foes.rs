//! The named foes over `regalia serve`'s API: each game's ladder, a seat created with a level,
//! the foe named in the view, and the winner once a foes' game ends. Waits are bounded polls.

use crate::serve_calls::{call, ok, wait_for};
use regalia::serve::GameTable;
use serde_json::{json, Value};

#[test]
fn every_game_offers_a_ladder_of_named_foes_up_to_full_strength() {
    let table = GameTable::default();
    let ladders = ok(&table, "GET", "/api/ladders", Value::Null);
    let games: Vec<&str> = ladders
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["variant"].as_str().unwrap())
        .collect();
    assert_eq!(
        games,
        ["chess", "scepterchess", "chess40k", "tafl", "sceptre1027"]
    );
    for ladder in ladders.as_array().unwrap() {
        let foes = ladder["foes"].as_array().unwrap();
        assert!(foes.len() >= 5, "{ladder}");
        for (i, foe) in foes.iter().enumerate() {
            assert_eq!(foe["level"], json!(i + 1));
            assert!(!foe["name"].as_str().unwrap().is_empty());
            assert!(!foe["line"].as_str().unwrap().is_empty());
        }
        assert_eq!(foes.last().unwrap()["elo"], Value::Null, "the top is full");
        assert!(foes[0]["elo"].as_u64().is_some(), "the first is limited");
    }
    // Chess's foes are UCI_Elo values: the first is UCI_Elo's weakest.
    assert_eq!(ladders[0]["foes"][0]["elo"], 800);
    let tafl = ladders[3]["foes"].as_array().unwrap();
    assert_eq!(tafl.last().unwrap()["name"], "The Jarl of the North");
    let (status, _) = call(&table, "POST", "/api/ladders", Value::Null);
    assert_eq!(status, 405);
}

#[test]
fn a_seat_plays_as_the_foe_its_level_names() {
    let table = GameTable::default();
    // One beyond chess's ladder is refused, like 0 and a word.
    let beyond = regalia::games::Variant::Chess.ladder().len() + 1;
    for level in [json!(0), json!(beyond), json!("two")] {
        let (status, v) = call(
            &table,
            "POST",
            "/api/games",
            json!({ "variant": "chess", "seats": [{}, { "engine": true, "level": level }] }),
        );
        assert_eq!(status, 400, "level {level}: {v}");
    }
    let (status, v) = call(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "tafl", "seats": [{}, { "engine": true, "level": 8 }] }),
    );
    assert_eq!(status, 400, "tafl has seven foes: {v}");
    assert!(v["error"].as_str().unwrap().contains("1 to 7"), "{v}");

    // A person against the first foe: the foe is named, and replies with a legal move.
    let g = ok(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "chess", "seats": [{}, { "engine": true, "level": 1 }] }),
    );
    assert_eq!(g["seats"][0]["foe"], Value::Null, "a person is no foe");
    assert_eq!(g["seats"][1]["foe"]["name"], "Pip the Page");
    assert_eq!(g["seats"][1]["foe"]["level"], 1);
    assert_eq!(g["winner"], Value::Null);
    let id = g["id"].as_str().unwrap().to_string();
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "e2e4" }),
    );
    let g = wait_for(&table, &id, "the foe's reply", |g| {
        g["moves"].as_array().unwrap().len() == 2
    });
    let legal: Vec<&str> = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(!legal.is_empty(), "the person is to move again");

    // Two foes play a tafl game to its end: the view names the winner as the status does.
    let g = ok(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "tafl", "options": { "TaflRules": "brandubh" },
                "seats": [{ "engine": true, "level": 1 }, { "engine": true, "level": 3 }] }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let g = wait_for(&table, &id, "the foes' game to end", |g| g["over"] == true);
    let status = g["status"].as_str().unwrap().to_lowercase();
    match g["winner"].as_u64() {
        Some(seat) => {
            let name = g["seats"][seat as usize]["name"].as_str().unwrap();
            assert!(status.contains(name), "winner {seat} ({name}): {status}");
        }
        None => assert!(status.contains("draw"), "{status}"),
    }
}

/// The record of a chess game against the engine seat `black`, which white resigns at once
/// (the game ends without a search).
fn record_after_resigning_to(table: &GameTable, black: Value) -> String {
    let g = ok(
        table,
        "POST",
        "/api/games",
        json!({ "variant": "chess", "seats": [{}, black] }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    ok(table, "POST", &format!("/api/games/{id}/resign"), json!({}));
    record_of(table, &id)
}

/// The text of game `id`'s record as the page downloads it.
fn record_of(table: &GameTable, id: &str) -> String {
    let record = ok(
        table,
        "GET",
        &format!("/api/games/{id}/record"),
        Value::Null,
    );
    record["body"].as_str().unwrap().to_string()
}

#[test]
fn the_record_names_the_foe_the_person_played() {
    let table = GameTable::default();
    let foe = regalia::games::Variant::Chess.foe(2).unwrap().name;
    let pgn = record_after_resigning_to(&table, json!({ "engine": true, "level": 2 }));
    // The name a player looks for in the finished games (their list filters on these names).
    assert!(
        pgn.contains(&format!("[Black \"{foe} (Regalia level 2)\"]")),
        "{pgn}"
    );
    assert!(pgn.contains("[White \"Human\"]"), "{pgn}");
    // An engine seat without a foe is still named by its limit.
    let pgn = record_after_resigning_to(&table, json!({ "engine": true, "depth": 1 }));
    assert!(pgn.contains("[Black \"Regalia (depth 1)\"]"), "{pgn}");
}

/// While a person plays, the record anyone can download keeps the foe's thinking out: its
/// moves carry no score or depth until the game is over.
#[test]
fn the_record_keeps_the_foes_scores_until_the_game_is_over() {
    let table = GameTable::default();
    let g = ok(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "chess", "seats": [{}, { "engine": true, "depth": 2 }] }),
    );
    let id = g["id"].as_str().unwrap().to_string();
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/move"),
        json!({ "move": "e2e4" }),
    );
    wait_for(&table, &id, "the foe's reply", |g| {
        g["moves"].as_array().is_some_and(|m| m.len() == 2)
    });
    let during = record_of(&table, &id);
    // A move's comment is {SCORE/DEPTH TIME}, "?" with no score: the foe's reply is the second
    // (a third says the game goes on).
    let comments: Vec<&str> = during.split('{').skip(1).collect();
    assert_eq!(comments.len(), 3, "{during}");
    assert!(
        comments[1].starts_with("? "),
        "the foe's score shown: {during}"
    );
    ok(
        &table,
        "POST",
        &format!("/api/games/{id}/resign"),
        json!({}),
    );
    let after = record_of(&table, &id);
    let comments: Vec<&str> = after.split('{').skip(1).collect();
    assert!(
        comments[1].contains("/2 "),
        "the foe's score and depth: {after}"
    );
}
