//! A confirmed Sceptre set-up held and played by the server (`POST /api/games/{id}/setup-plan`,
//! `src/serve/held_plan.rs`): placed exactly in a four-player game among engines with no page
//! driving it; refused for a seat link that is not the player's and for an illegal plan, with
//! nothing kept; cancelled by DELETE and by a take-back; a placement the other players' made
//! illegal put off, and placed by the engine if it never fits. (A restart mid-plan:
//! `serve_store.rs`.)

use crate::serve_calls::{call, ok, wait_for};
use serde_json::{json, Value};

/// The texts of the placements `seat` has made, in order.
fn placed_by(v: &Value, seat: u64) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == seat && m["text"].as_str().unwrap().contains('@'))
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// A placement among the view's `legal` after which `next` (another seat's planned placement)
/// is still legal: a person placing by hand who does not stand in the plan's way.
pub fn placement_not_in_the_way(v: &Value, next: &str) -> String {
    let mut rules = regalia::session::Variant::Sceptre
        .configured_session(&[
            ("SceptreLayout".into(), "duel".into()),
            ("SceptrePlayers".into(), "2".into()),
        ])
        .expect("the duel");
    rules
        .set_position(v["position"].as_str(), &[])
        .expect("the game's position");
    v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .find(|m| {
            let mut after = rules.boxed_clone();
            after.play(m).is_ok() && after.legal_moves().iter().any(|l| l == next)
        })
        .expect("a placement out of the plan's way")
}

fn tokens(v: &Value) -> Vec<String> {
    v["links"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_confirmed_set_up_is_placed_by_the_server_among_three_engines() {
    let table = regalia::serve::GameTable::default();
    let v = ok(
        &table,
        "POST",
        "/api/games",
        json!({"variant": "sceptre1027",
               "options": {"SceptreLayout": "cross", "SceptrePlayers": 4},
               "seats": [{}, {"engine": true, "depth": 1}, {"engine": true, "depth": 1},
                         {"engine": true, "depth": 1}]}),
    );
    let game = v["id"].as_str().unwrap().to_string();
    let t = tokens(&v);
    assert_eq!(v["to_move"], 0, "the person places first: {v}");
    let proposal = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/setup-proposal?seat={}", t[0]),
        json!({}),
    );
    let plan = strings(&proposal["placements"]);
    assert_eq!(plan.len(), 16, "{proposal}");
    let url = format!("/api/games/{game}/setup-plan?seat={}", t[0]);
    let v = ok(&table, "POST", &url, json!({ "placements": plan }));
    // Held, and its first placement made at once: it was the person's turn.
    assert_eq!(
        strings(&v["seats"][0]["setup_plan"]["placements"]),
        plan,
        "{v}"
    );
    assert!(
        v["seats"][0]["setup_plan"]["played"].as_u64().unwrap() >= 1,
        "{v}"
    );
    assert_eq!(placed_by(&v, 0).first(), Some(&plan[0]), "{v}");
    // No page asks for anything but the view: the server places the rest at each turn.
    let v = wait_for(&table, &game, "the set-up played out", |v| {
        v["over"] == true || v["position"].as_str().unwrap().split(' ').nth(5) == Some("-")
    });
    // Exactly the plan's placements, in its order, unless the engines' own placements made
    // one wait (the view's order is the order played).
    let placed = placed_by(&v, 0);
    assert_eq!(
        strings(&v["seats"][0]["setup_plan"]["placements"]),
        placed,
        "{v}"
    );
    let (mut a, mut b) = (placed.clone(), plan.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b, "the plan's placements, all made: {v}");
    for seat in 1..4 {
        assert_eq!(placed_by(&v, seat).len(), 16, "seat {seat}: {v}");
    }
    // Played out, it stays on the seat's view as a record.
    assert_eq!(v["seats"][0]["setup_plan"]["played"], 16, "{v}");
    assert_eq!(v["seats"][0]["setup_plan"]["stopped"], Value::Null, "{v}");
    assert_eq!(v["seats"][0]["stand_in"], Value::Null, "{v}");
    // Then the person moves by hand.
    let v = wait_for(&table, &game, "the person's first move", |v| {
        v["to_move"] == 0 || v["over"] == true
    });
    if v["over"] == false {
        assert!(!v["legal"].as_array().unwrap().is_empty(), "{v}");
    }
}

/// A duel between two people: the game waits for the second, so the plan's progress shows.
fn duel(table: &regalia::serve::GameTable) -> (String, Vec<String>) {
    let v = ok(
        table,
        "POST",
        "/api/games",
        json!({"variant": "sceptre1027",
               "options": {"SceptreLayout": "duel", "SceptrePlayers": 2}}),
    );
    (v["id"].as_str().unwrap().to_string(), tokens(&v))
}

fn proposal(table: &regalia::serve::GameTable, game: &str, token: &str) -> Vec<String> {
    let p = ok(
        table,
        "POST",
        &format!("/api/games/{game}/setup-proposal?seat={token}"),
        json!({}),
    );
    strings(&p["placements"])
}

#[test]
fn a_plan_is_refused_to_a_link_not_the_players_and_when_illegal_nothing_is_kept() {
    let table = regalia::serve::GameTable::default();
    let (game, t) = duel(&table);
    let plan = proposal(&table, &game, &t[0]);
    let view = |v: &Value| v["seats"][0]["setup_plan"].clone();
    // A link of no seat of this game, and no link at all: 403.
    let (status, v) = call(
        &table,
        "POST",
        &format!("/api/games/{game}/setup-plan?seat=00000000000000000000000000000000"),
        json!({ "placements": plan }),
    );
    assert_eq!(status, 403, "{v}");
    let watcher = regalia::serve::route(
        &table,
        "POST",
        &format!("/api/games/{game}/setup-plan"),
        &json!({ "placements": plan }).to_string(),
    );
    assert!(
        matches!(watcher, regalia::serve::Reply::Json(403, _)),
        "a watcher's plan"
    );
    // White's link cannot hold black's plan: checked as white's, it is not white's army.
    let (status, v) = call(
        &table,
        "POST",
        &format!("/api/games/{game}/setup-plan?seat={}", t[1]),
        json!({ "placements": plan }),
    );
    assert_eq!(status, 400, "{v}");
    // Two pieces on one square: refused, naming the second.
    let mut bad = plan.clone();
    let square = bad[0].split_once('@').unwrap().1.to_string();
    let piece = bad[1].split_once('@').unwrap().0.to_string();
    bad[1] = format!("{piece}@{square}");
    let url = format!("/api/games/{game}/setup-plan?seat={}", t[0]);
    let (status, e) = call(&table, "POST", &url, json!({ "placements": bad }));
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("placement 2"), "{e}");
    let (status, e) = call(&table, "POST", &url, json!({ "placements": plan[..5] }));
    assert_eq!(status, 400, "{e}");
    let (status, e) = call(&table, "POST", &url, json!({}));
    assert_eq!(status, 400, "a plan without placements: {e}");
    let v = ok(&table, "GET", &format!("/api/games/{game}"), Value::Null);
    assert_eq!(view(&v), Value::Null, "nothing held: {v}");
    assert!(
        v["moves"].as_array().unwrap().is_empty(),
        "nothing placed: {v}"
    );
    assert_eq!(v["seats"][1]["setup_plan"], Value::Null, "{v}");
}

#[test]
fn a_held_plan_shows_its_progress_and_a_cancel_or_a_take_back_drops_it() {
    let table = regalia::serve::GameTable::default();
    let (game, t) = duel(&table);
    let plan = proposal(&table, &game, &t[0]);
    let url = format!("/api/games/{game}/setup-plan?seat={}", t[0]);
    let v = ok(&table, "POST", &url, json!({ "placements": plan }));
    assert_eq!(v["seats"][0]["setup_plan"]["played"], 1, "{v}");
    assert_eq!(v["to_move"], 1, "white to place by hand: {v}");
    // White places by hand, out of the way of black's next planned placement.
    let place_white = |v: &Value, next: &str| {
        let placement = placement_not_in_the_way(v, next);
        ok(
            &table,
            "POST",
            &format!("/api/games/{game}/move?seat={}", t[1]),
            json!({ "move": placement }),
        )
    };
    // White places: black's next placement follows at once, from the plan.
    let v = place_white(&v, &plan[1]);
    assert_eq!(placed_by(&v, 0), plan[..2].to_vec(), "{v}");
    assert_eq!(v["seats"][0]["setup_plan"]["played"], 2, "{v}");
    assert_eq!(v["seats"][0]["setup_plan"]["stopped"], Value::Null, "{v}");
    // A take-back (both people agreeing) drops it: black, to place again, places by hand.
    for token in [&t[1], &t[0]] {
        ok(
            &table,
            "POST",
            &format!("/api/games/{game}/undo?seat={token}"),
            json!({"plies": 1}),
        );
    }
    let v = ok(&table, "GET", &format!("/api/games/{game}"), Value::Null);
    assert_eq!(v["seats"][0]["setup_plan"], Value::Null, "{v}");
    assert_eq!(v["to_move"], 0, "{v}");
    assert!(!v["legal"].as_array().unwrap().is_empty(), "{v}");
    // A plan for the rest held again from here, then cancelled: black places by hand.
    let again = proposal(&table, &game, &t[0]);
    assert_eq!(again.len(), 15, "{again:?}");
    let v = ok(&table, "POST", &url, json!({ "placements": again }));
    assert_eq!(placed_by(&v, 0), [plan[0].clone(), again[0].clone()], "{v}");
    let v = ok(&table, "DELETE", &url, Value::Null);
    assert_eq!(v["seats"][0]["setup_plan"], Value::Null, "{v}");
    let v = place_white(&v, &again[1]);
    assert_eq!(v["to_move"], 0, "{v}");
    assert_eq!(
        placed_by(&v, 0).len(),
        2,
        "nothing more placed for black: {v}"
    );
    assert!(!v["legal"].as_array().unwrap().is_empty(), "{v}");
    // "Set up for me" by the engine replaces a held plan.
    let rest = strings(&proposal_rest(&table, &game, &t[0]));
    ok(&table, "POST", &url, json!({ "placements": rest }));
    let v = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/stand-in?seat={}", t[0]),
        json!({"mode": "setup"}),
    );
    assert_eq!(v["seats"][0]["setup_plan"], Value::Null, "{v}");
    assert_eq!(v["seats"][0]["stand_in"], "setup", "{v}");
}

fn proposal_rest(table: &regalia::serve::GameTable, game: &str, token: &str) -> Value {
    ok(
        table,
        "POST",
        &format!("/api/games/{game}/setup-proposal?seat={token}"),
        json!({}),
    )["placements"]
        .clone()
}

#[test]
fn a_placement_made_illegal_by_another_waits_and_the_engine_places_what_never_fits() {
    let table = regalia::serve::GameTable::default();
    let (game, t) = duel(&table);
    // Black's plan with its queen second, so that white's king can be put in its way first.
    let mut plan = proposal(&table, &game, &t[0]);
    let queen = plan.iter().position(|p| p.starts_with("Q@")).unwrap();
    let q = plan.remove(queen);
    plan.insert(1, q.clone());
    let url = format!("/api/games/{game}/setup-plan?seat={}", t[0]);
    let v = ok(&table, "POST", &url, json!({ "placements": plan }));
    assert_eq!(placed_by(&v, 0), plan[..1].to_vec(), "{v}");
    // White's king where black's queen, once placed as planned, would attack it.
    let mut rules = regalia::session::Variant::Sceptre
        .configured_session(&[
            ("SceptreLayout".into(), "duel".into()),
            ("SceptrePlayers".into(), "2".into()),
        ])
        .expect("the duel");
    rules.set_position(None, &[]).expect("the set-up");
    rules.play(&plan[0]).expect("black's first placement");
    let king = rules
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with("K@"))
        .find(|k| {
            let mut after = rules.boxed_clone();
            after.play(k).expect("a legal king");
            !after.legal_moves().contains(&q)
        })
        .expect("a square for white's king in the queen's way");
    let v = ok(
        &table,
        "POST",
        &format!("/api/games/{game}/move?seat={}", t[1]),
        json!({ "move": king }),
    );
    // The queen is put off: black's next placement is the plan's next one still allowed.
    let held = &v["seats"][0]["setup_plan"];
    assert_eq!(placed_by(&v, 0), [plan[0].clone(), plan[2].clone()], "{v}");
    assert_eq!(held["played"], 2, "{v}");
    assert_eq!(held["stopped"], Value::Null, "{v}");
    assert_eq!(
        strings(&held["placements"])[..2],
        [plan[0].clone(), plan[2].clone()]
    );
    // White places by hand (the first placement offered each time) to the end of the set-up.
    let set_up_over = |v: &Value| v["position"].as_str().unwrap().split(' ').nth(5) == Some("-");
    let mut v = v;
    while !set_up_over(&v) && v["over"] == false {
        v = wait_for(
            &table,
            &game,
            "white's turn or the end of the set-up",
            |v| v["to_move"] == 1 || set_up_over(v),
        );
        if v["to_move"] == 1 && !set_up_over(&v) {
            let first = v["legal"][0]["text"].as_str().unwrap().to_string();
            v = ok(
                &table,
                "POST",
                &format!("/api/games/{game}/move?seat={}", t[1]),
                json!({ "move": first }),
            );
        }
    }
    let placed = placed_by(&v, 0);
    assert_eq!(placed.len(), 16, "{v}");
    let held = &v["seats"][0]["setup_plan"];
    let order = strings(&held["placements"]);
    match held["stopped"].as_str() {
        // What was left never fitted (the queen, or another piece, in the king's way): the
        // engine placed the rest.
        Some(stopped) => {
            let n = held["played"].as_u64().unwrap() as usize;
            assert!((2..16).contains(&n), "{v}");
            assert!(
                stopped.starts_with(&order[n]) && stopped.contains("engine places the rest"),
                "{v}"
            );
            assert_eq!(placed[..n], order[..n], "{v}");
        }
        // Pieces placed meanwhile blocked the queen's line: it was placed as planned, later.
        None => {
            assert_eq!(placed, order, "{v}");
            assert!(placed[2..].contains(&q), "{v}");
        }
    }
}
