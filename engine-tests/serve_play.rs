//! `regalia serve`'s game-site calls: clocks (the engine on its own clock, a flag that falls),
//! resignation, draw offers (a person's answer, the engine's), rematch. Through the library's
//! router; waits are bounded polls, never timed assertions.

use crate::serve_calls::{ok, refused, wait_for};
use regalia::serve::{route, GameTable, Reply};
use serde_json::{json, Value};

fn id(v: &Value) -> String {
    v["id"].as_str().expect("an id").to_string()
}

#[test]
fn a_fallen_flag_ends_the_game_for_the_other_side() {
    let table = GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess", "clock": "0.01+0"}),
    );
    assert_eq!(v["time_control"], "0.01+0");
    assert_eq!(v["clocks"][0]["running"], true);
    assert_eq!(v["clocks"][1]["running"], false);
    let game = id(&v);
    let v = wait_for(&table, &game, "white's flag falls", |v| v["over"] == true);
    assert_eq!(v["winner"], 1, "{v}");
    assert_eq!(v["result"]["reason"], "time");
    assert!(
        v["status"].as_str().unwrap().contains("ran out of time"),
        "{v}"
    );
    assert_eq!(v["clocks"][0]["ms_left"], 0);
    assert_eq!(v["clocks"][1]["ms_left"], 600, "black's clock never ran");
    let e = refused(
        &table,
        "POST",
        &format!("/api/games/{game}/move"),
        json!({"move": "e2e4"}),
        409,
    );
    assert!(e.contains("over"), "{e}");
}

#[test]
fn engines_on_a_clock_spend_their_own_time_and_gain_the_increment() {
    let table = GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess", "clock": "0.2+1",
               "seats": [{"engine": true}, {"engine": true}]}),
    );
    let game = id(&v);
    let v = wait_for(&table, &game, "six engine moves", |v| {
        v["moves"].as_array().unwrap().len() >= 6 || v["over"] == true
    });
    assert_eq!(v["result"]["reason"].as_str().unwrap_or(""), "", "{v}");
    let plies = v["moves"].as_array().unwrap().len() as u64;
    for seat in 0..2u64 {
        let left = v["clocks"][seat as usize]["ms_left"].as_u64().unwrap();
        // 12 s each to start and 1 s after each of its moves: all of that if its clock never
        // ran. (An engine that spends about the increment a move can end on 12,000 exactly, so
        // that value proves nothing; the increment's arithmetic is clock.rs's unit test.)
        let its_moves = (plies + 1 - seat) / 2;
        let unspent = 12_000 + 1_000 * its_moves;
        assert!(
            left > 0 && left < unspent,
            "seat {seat}: {left} ms left of {unspent}"
        );
    }
    let e = refused(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess", "clock": "3"}),
        400,
    );
    assert!(e.contains("minutes+seconds"), "{e}");
}

#[test]
fn a_person_resigns_and_the_engine_wins() {
    let table = GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "tafl", "seats": [{"engine": true, "depth": 1}, {}]}),
    );
    let game = id(&v);
    let v = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/resign"),
        json!({}),
    );
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], 0, "the attackers (engine) win: {v}");
    assert_eq!(v["result"]["reason"], "resignation");
    assert_eq!(v["status"], "Attackers win: defenders resign.", "{v}");
    refused(
        &table,
        "POST",
        &format!("/api/games/{game}/resign"),
        json!({}),
        409,
    );
    refused(
        &table,
        "POST",
        &format!("/api/games/{game}/undo"),
        json!({}),
        409,
    );
    let record = route(&table, "GET", &format!("/api/games/{game}/record"), "");
    let Reply::Download { body, .. } = record else {
        panic!("a record")
    };
    assert!(body.contains("resign"), "{body}");
}

#[test]
fn people_offer_accept_and_decline_draws() {
    let table = GameTable::default();
    let v = ok(&table, "POST", "/api/games", json!({"variant": "chess"}));
    let game = id(&v);
    let url = |what: &str| format!("/api/games/{game}/{what}");
    let v = ok(&table, "POST", &url("offer-draw"), json!({}));
    assert_eq!(v["draw_offer"], 0);
    let e = refused(
        &table,
        "POST",
        &url("answer-draw"),
        json!({"accept": true, "seat": 0}),
        409,
    );
    assert!(e.contains("other side"), "{e}");
    let v = ok(
        &table,
        "POST",
        &url("answer-draw"),
        json!({"accept": false}),
    );
    assert_eq!(v["draw_offer"], Value::Null);
    assert_eq!(v["draw_answer"], "Black declines the draw.");
    assert_eq!(v["over"], false);
    // An offer stands until the other side moves.
    ok(&table, "POST", &url("offer-draw"), json!({}));
    let v = ok(&table, "POST", &url("move"), json!({"move": "e2e4"}));
    assert_eq!(v["draw_offer"], 0);
    let v = ok(&table, "POST", &url("move"), json!({"move": "e7e5"}));
    assert_eq!(v["draw_offer"], Value::Null, "black's move declined it");
    refused(
        &table,
        "POST",
        &url("answer-draw"),
        json!({"accept": true}),
        409,
    );
    ok(&table, "POST", &url("offer-draw"), json!({}));
    let v = ok(&table, "POST", &url("answer-draw"), json!({"accept": true}));
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["result"]["reason"], "agreement");
    assert_eq!(v["result"]["drawn"], json!([0, 1]));
}

#[test]
fn the_engine_declines_early_and_takes_a_dead_draw_later() {
    let table = GameTable::default();
    // Every file locked, no pawn can take or move, no king can pass: nobody can win.
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess",
               "position": "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
               "seats": [{}, {"engine": true, "depth": 3}]}),
    );
    let game = id(&v);
    let url = |what: &str| format!("/api/games/{game}/{what}");
    let v = ok(&table, "POST", &url("offer-draw"), json!({}));
    assert_eq!(v["draw_answer"], "Black (engine) declines the draw.");
    assert_eq!(v["over"], false);
    // White's king walks squares it never stands on twice: no repetition ends the game.
    let path = [
        "e1f1", "f1g1", "g1h1", "h1h2", "h2g2", "g2f2", "f2e2", "e2d2", "d2c2", "c2b2",
    ];
    for m in path {
        wait_for(&table, &game, "white to move", |v| {
            v["to_move"] == 0 && !v["legal"].as_array().unwrap().is_empty()
        });
        ok(&table, "POST", &url("move"), json!({"move": m}));
    }
    let v = wait_for(&table, &game, "the engine's tenth reply", |v| {
        v["moves"].as_array().unwrap().len() == 20
    });
    assert_eq!(v["over"], false, "{v}");
    let v = ok(&table, "POST", &url("offer-draw"), json!({}));
    assert_eq!(v["over"], true, "{v}");
    assert_eq!(v["result"]["reason"], "agreement");
}

#[test]
fn a_rematch_swaps_the_seats_and_keeps_the_clock() {
    let table = GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess", "clock": "5+3",
               "seats": [{}, {"engine": true, "depth": 1}]}),
    );
    let game = id(&v);
    ok(
        &table,
        "POST",
        &format!("/api/games/{game}/move"),
        json!({"move": "d2d4"}),
    );
    let v = wait_for(&table, &game, "the engine's reply", |v| {
        v["moves"].as_array().unwrap().len() == 2
    });
    // Take-back gives each side the time it had before.
    assert!(v["clocks"][0]["ms_left"].as_u64().unwrap() > 300_000, "{v}");
    let v = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/undo"),
        json!({}),
    );
    assert!(v["moves"].as_array().unwrap().is_empty());
    assert!(
        v["clocks"][0]["ms_left"].as_u64().unwrap() <= 300_000,
        "{v}"
    );
    let next = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/rematch"),
        json!({}),
    );
    assert_ne!(id(&next), game);
    assert_eq!(next["seats"][0]["engine"], true);
    assert_eq!(next["seats"][1]["engine"], false);
    assert_eq!(next["time_control"], "5+3");
    assert_eq!(next["view_turn"], 2, "the person now plays black");
    let next = wait_for(&table, &id(&next), "the engine opens", |v| {
        v["moves"].as_array().unwrap().len() == 1
    });
    assert_eq!(next["to_move"], 1);
}

/// Protocol text (`e2e4`), which record notation never looks like.
fn is_protocol_text(m: &str) -> bool {
    let b = m.as_bytes();
    b.len() >= 4
        && (b'a'..=b'h').contains(&b[0])
        && b[1].is_ascii_digit()
        && (b'a'..=b'h').contains(&b[2])
        && b[3].is_ascii_digit()
}

/// A reviewed Chess 40k position says what each side's self-destructs had cost it by then, so the
/// page counts the pieces taken there: nothing before white's zealot blows up, its zealot and
/// pawn after.
#[test]
fn review_counts_self_destructs_up_to_the_position_shown() {
    let table = GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess40k", "position": "4k3/8/1z6/R1n5/3Z4/4P3/8/4K3 w - - 0 1"}),
    );
    let game = id(&v);
    ok(
        &table,
        "POST",
        &format!("/api/games/{game}/move"),
        json!({"move": "d4d4"}),
    );
    let review = |ply: usize| {
        ok(
            &table,
            "GET",
            &format!("/api/games/{game}/review?ply={ply}"),
            Value::Null,
        )
    };
    assert_eq!(review(0)["self_destructed"], json!(["", ""]));
    assert_eq!(review(1)["self_destructed"], json!(["PZ", ""]));
}

/// The review says who is to move, each seat's state and the status in the position shown, so
/// the page's seat lines speak of it; and a view says whether its position has a move left,
/// so the page offers a finished game's last position for analysis only when it has.
#[test]
fn review_speaks_of_the_position_shown_and_a_mate_leaves_no_move() {
    let table = GameTable::default();
    let v = ok(&table, "POST", "/api/games", json!({"variant": "chess"}));
    let game = id(&v);
    let url = |what: &str| format!("/api/games/{game}/{what}");
    assert_eq!(v["moves_left"], true);
    let mut last = v;
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        last = ok(&table, "POST", &url("move"), json!({"move": m}));
    }
    assert_eq!(last["over"], true);
    assert_eq!(last["moves_left"], false);
    let review = |ply: usize| {
        ok(
            &table,
            "GET",
            &format!("{}?ply={ply}", url("review")),
            Value::Null,
        )
    };
    let r = review(1);
    assert_eq!(r["to_move"], 1);
    assert_eq!(r["seat_states"], json!(["playing", "playing"]));
    assert_eq!(r["status"], "Black to move");
    assert_eq!(review(0)["status"], "White to move");
    // The game's own position: its result.
    assert_eq!(review(4)["status"], last["status"]);
}

#[test]
fn review_shows_earlier_positions_and_analysis_speaks_san_with_an_arrow() {
    let table = GameTable::default();
    let v = ok(&table, "POST", "/api/games", json!({"variant": "chess"}));
    let game = id(&v);
    let url = |what: &str| format!("/api/games/{game}/{what}");
    for m in ["e2e4", "e7e5", "g1f3"] {
        ok(&table, "POST", &url("move"), json!({"move": m}));
    }
    let r = ok(
        &table,
        "GET",
        &format!("{}?ply=1", url("review")),
        Value::Null,
    );
    assert_eq!(r["ply"], 1);
    assert_eq!(r["plies"], 3);
    assert_eq!(r["last"], "e4");
    assert!(r["position"]
        .as_str()
        .unwrap()
        .starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
    assert!(r["svg"].as_str().unwrap().contains("data-square=\"e4\""));
    let start = ok(
        &table,
        "GET",
        &format!("{}?ply=0", url("review")),
        Value::Null,
    );
    assert_eq!(start["last"], Value::Null);
    refused(
        &table,
        "GET",
        &format!("{}?ply=4", url("review")),
        Value::Null,
        400,
    );
    refused(
        &table,
        "GET",
        &format!("{}?ply=x", url("review")),
        Value::Null,
        400,
    );
    // The game itself is untouched: play goes on from its end.
    let v = ok(&table, "POST", &url("move"), json!({"move": "b8c6"}));
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);

    // Between people there is no analysis while the game is on: the position is analysed in a
    // game against an engine, white (the person) to move.
    refused(&table, "POST", &url("analysis"), json!({"lines": 2}), 409);
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "chess", "position": v["position"],
               "seats": [{}, {"engine": true, "depth": 1}]}),
    );
    let game = id(&v);
    let url = |what: &str| format!("/api/games/{game}/{what}");
    ok(&table, "POST", &url("analysis"), json!({"lines": 2}));
    let v = wait_for(&table, &game, "two analysed lines", |v| {
        v["search"]["lines"]
            .as_array()
            .is_some_and(|l| l.len() == 2)
            && v["search"]["depth"].as_u64().unwrap_or(0) >= 4
            // The arrow follows the analysis's first line (bounded wait: it must come).
            && v["svg"]
                .as_str()
                .is_some_and(|svg| svg.contains("marker-end=\"url(#arrowhead)\""))
    });
    for line in v["search"]["lines"].as_array().unwrap() {
        let pv = line["pv"].as_array().unwrap();
        let san = line["notation"].as_array().unwrap();
        assert_eq!(pv.len(), san.len(), "{line}");
        assert!(
            san.iter().all(|m| !is_protocol_text(m.as_str().unwrap())),
            "not SAN: {line}"
        );
    }
    assert!(
        v["svg"]
            .as_str()
            .unwrap()
            .contains("marker-end=\"url(#arrowhead)\""),
        "no best-move arrow"
    );
    ok(&table, "POST", &url("stop"), json!({}));
}
