//! Handing a seat to its player (`src/serve/handout.rs`): the creator's tab holds every seat's
//! token, so that people at one screen can play each seat in turn; once it hands a seat out,
//! the seat's old token acts for nothing (403, saying why), the new link plays it, and the
//! creator still plays the seats it kept. The link handed out is an invitation: it plays once a
//! screen claims it, and the claim spends it (the creator, who saw it, can no longer use it).
//! A rematch gives each screen its own new seats. Through the router, and across a restart over
//! HTTP.

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

/// Claims an invitation, as the page does when it opens the link: the seat's own new token.
fn claim(table: &GameTable, id: &str, invitation: &str) -> String {
    let (status, v) = post(table, id, "claim", invitation, json!({}));
    assert_eq!(status, 200, "{v}");
    let mine = v["token"].as_str().expect("the seat's token").to_string();
    assert_eq!(mine.len(), 32, "{v}");
    assert_ne!(mine, invitation);
    assert_eq!(v["link"], json!(format!("/?seat={mine}#{id}")));
    mine
}

/// Hands out the token's seat and claims the invitation at once: the seat's player's token.
fn handed_to_a_player(table: &GameTable, id: &str, token: &str) -> String {
    let invitation = hand_out(table, id, token);
    claim(table, id, &invitation)
}

/// Hands out the token's seat: the new token (an invitation).
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
    let black = handed_to_a_player(&table, &id, &t[1]);
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
    let again = handed_to_a_player(&table, &id, &black);
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
    let white = handed_to_a_player(&table, &id, &t[0]);
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
fn a_seat_handed_out_its_invitation_and_a_rematch_outlast_a_restart() {
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
    let white = v["links"]["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
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
    // The invitation is still one: it plays nothing until claimed, then the claim plays.
    let (status, v) = offer(&black);
    assert_eq!(status, 403, "{v}");
    assert!(v["error"].as_str().unwrap().contains("invitation"), "{v}");
    let (status, v) = send(
        &served,
        "POST",
        &format!("/api/games/{id}/claim?seat={black}"),
        "{}",
    );
    assert_eq!(status, 200, "{v}");
    let mine = v["token"].as_str().unwrap().to_string();
    let (status, v) = offer(&mine);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], 1, "{v}");
    assert_eq!(v["seats"][1]["handed_out"], true, "{v}");
    let (status, v) = send(
        &served,
        "POST",
        &format!("/api/games/{id}/resign?seat={mine}"),
        "{}",
    );
    assert_eq!(status, 200, "{v}");
    let (status, v) = send(
        &served,
        "POST",
        &format!("/api/games/{id}/rematch?seat={white}"),
        "{}",
    );
    assert_eq!(status, 200, "{v}");
    let new_id = v["id"].as_str().unwrap().to_string();
    drop(served); // killed again

    // After a restart the invitation is still spent, and black's screen finds its rematch seat.
    let served = Served::start_on(&db, port, &[]);
    let (status, v) = send(&served, "GET", &format!("/api/games/{id}?seat={black}"), "");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["seat_link"]["state"], "taken", "{v}");
    let (status, v) = send(
        &served,
        "GET",
        &format!("/api/games/{id}/rematch-seat?seat={mine}"),
        "",
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], json!(new_id), "{v}");
    let seat = v["links"]["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(v["links"]["seats"][1]["token"], Value::Null, "{v}");
    let (status, v) = send(
        &served,
        "POST",
        &format!("/api/games/{new_id}/move?seat={seat}"),
        r#"{"move":"e2e4"}"#,
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], 0, "{v}");
}

/// The first screen to open an invitation takes the seat; the link is spent for everyone after,
/// the creator who saw it too. Until then it plays nothing (whoever holds it may only claim it).
#[test]
fn an_invitation_plays_only_for_the_screen_that_claims_it_first() {
    let table = GameTable::default();
    let (id, t) = created(&table, json!({ "variant": "chess" }));
    let invitation = hand_out(&table, &id, &t[1]);
    let read = |token: &str| {
        let (status, v) = call(
            &table,
            "GET",
            &format!("/api/games/{id}?seat={token}"),
            Value::Null,
        );
        assert_eq!(status, 200, "{v}");
        v
    };
    // Not claimed yet: the creator's page shows black as invited, the link as an invitation.
    let v = read(&invitation);
    assert_eq!(v["seats"][1]["invited"], true, "{v}");
    assert_eq!(v["seats"][1]["handed_out"], true, "{v}");
    assert_eq!(
        v["seat_link"],
        json!({ "seat": 1, "state": "invitation" }),
        "{v}"
    );
    assert_eq!(v["you"], Value::Null, "{v}");
    let (status, v) = post(&table, &id, "move", &t[0], json!({ "move": "e2e4" }));
    assert_eq!(status, 200, "{v}");
    // The creator holding the invitation cannot play black with it before the player comes.
    let (status, v) = post(&table, &id, "move", &invitation, json!({ "move": "e7e5" }));
    assert_eq!(status, 403, "{v}");
    assert!(v["error"].as_str().unwrap().contains("invitation"), "{v}");
    // The first to open it takes black.
    let mine = claim(&table, &id, &invitation);
    let v = read(&mine);
    assert_eq!(
        v["seat_link"],
        json!({ "seat": 1, "state": "plays" }),
        "{v}"
    );
    assert_eq!(v["you"], 1, "{v}");
    assert_eq!(v["seats"][1]["invited"], false, "{v}");
    assert_eq!(v["seats"][1]["handed_out"], true, "{v}");
    // The invitation is spent: a second claim, or any change with it, says it was taken.
    for (action, body) in [
        ("claim", json!({})),
        ("move", json!({ "move": "e7e5" })),
        ("resign", json!({})),
        ("hand-out", json!({})),
    ] {
        let (status, v) = post(&table, &id, action, &invitation, body);
        assert_eq!(status, 403, "{action}: {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("this invitation was already taken by the player of black"),
            "{action}: {v}"
        );
    }
    // Opened again it shows the game as a watcher's, saying the invitation was taken.
    let v = read(&invitation);
    assert_eq!(
        v["seat_link"],
        json!({ "seat": 1, "state": "taken" }),
        "{v}"
    );
    assert_eq!(v["you"], Value::Null, "{v}");
    refused_as_handed_out(
        post(&table, &id, "move", &t[1], json!({ "move": "e7e5" })),
        "the creator's old token",
    );
    // The claimer plays black; a seat it holds is no invitation to claim again.
    let (status, v) = post(&table, &id, "move", &mine, json!({ "move": "e7e5" }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 2, "{v}");
    let (status, v) = post(&table, &id, "claim", &mine, json!({}));
    assert_eq!(status, 409, "{v}");
}

/// A finished game's rematch: every seat token of it, and the rematch's id from the view.
fn rematch_links(answer: &Value) -> Vec<Option<String>> {
    answer["links"]["seats"]
        .as_array()
        .expect("the rematch's seat links")
        .iter()
        .map(|s| s["token"].as_str().map(str::to_string))
        .collect()
}

fn rematch_seat(table: &GameTable, id: &str, token: &str) -> (u16, Value) {
    call(
        table,
        "GET",
        &format!("/api/games/{id}/rematch-seat?seat={token}"),
        Value::Null,
    )
}

/// Two players on two screens: the rematch swaps them, each screen gets its own new seat (the
/// asker in the answer, the other from the old game with its old token), and nobody gets the
/// other's; asking again gives the same rematch.
#[test]
fn a_rematch_gives_each_screen_its_own_new_seat() {
    let table = GameTable::default();
    let (id, t) = created(&table, json!({ "variant": "chess", "clock": "5+3" }));
    let black = handed_to_a_player(&table, &id, &t[1]);
    assert_eq!(
        post(&table, &id, "move", &t[0], json!({ "move": "e2e4" })).0,
        200
    );
    assert_eq!(
        post(&table, &id, "move", &black, json!({ "move": "e7e5" })).0,
        200
    );
    let (status, v) = post(&table, &id, "resign", &black, json!({}));
    assert_eq!(status, 200, "{v}");
    // Nothing to join before anyone asks.
    assert_eq!(rematch_seat(&table, &id, &black).0, 409);
    assert_eq!(view(&table, &id)["rematch"], Value::Null);
    // White's screen (the creator's) asks: it gets black's seat of the rematch, white's is not
    // its to play.
    let (status, next) = post(&table, &id, "rematch", &t[0], json!({}));
    assert_eq!(status, 200, "{next}");
    let new_id = next["id"].as_str().unwrap().to_string();
    assert_ne!(new_id, id);
    assert_eq!(next["time_control"], "5+3", "{next}");
    let creators = rematch_links(&next);
    assert_eq!(creators[0], None, "{next}");
    let creator_black = creators[1].clone().expect("the creator's new seat");
    assert_eq!(next["seats"][0]["handed_out"], true, "{next}");
    assert_eq!(next["seats"][1]["handed_out"], false, "{next}");
    // The finished game's view names the rematch, for every screen.
    let old = view(&table, &id);
    assert_eq!(old["rematch"], json!({ "id": new_id, "by": 0 }), "{old}");
    // Black's screen fetches its own: white of the rematch, and only that.
    let (status, v) = rematch_seat(&table, &id, &black);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["id"], json!(new_id), "{v}");
    let players = rematch_links(&v);
    assert_eq!(players[1], None, "{v}");
    let player_white = players[0].clone().expect("the player's new seat");
    assert_eq!(
        v["links"]["seats"][0]["link"],
        json!(format!("/?seat={player_white}#{new_id}"))
    );
    // Neither the creator's old black token, nor the spent invitation's holder, nor a
    // watcher gets a seat of the rematch.
    refused_as_handed_out(
        call(
            &table,
            "POST",
            &format!("/api/games/{id}/rematch?seat={}", t[1]),
            json!({}),
        ),
        "the creator's old black token asking for a rematch",
    );
    for token in [t[1].as_str(), ""] {
        let (status, v) = rematch_seat(&table, &id, token);
        assert_eq!(status, 403, "{v}");
    }
    // Each plays its own seat of the rematch and not the other's.
    let (status, v) = post(
        &table,
        &new_id,
        "move",
        &creator_black,
        json!({ "move": "e2e4" }),
    );
    assert_eq!(status, 403, "{v}");
    let (status, v) = post(
        &table,
        &new_id,
        "move",
        &player_white,
        json!({ "move": "e2e4" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], 0, "{v}");
    let (status, v) = post(
        &table,
        &new_id,
        "move",
        &creator_black,
        json!({ "move": "e7e5" }),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], 1, "{v}");
    // Black's screen asking too joins the same rematch, again with its own seat alone.
    let (status, again) = post(&table, &id, "rematch", &black, json!({}));
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], json!(new_id), "{again}");
    assert_eq!(rematch_links(&again), vec![Some(player_white), None]);
}

/// The seats a creator held at one screen move on together: a three-player Sceptre game with
/// one seat handed out gives the creator both its new seats and the other player theirs.
#[test]
fn a_rematch_moves_the_seats_held_at_one_screen_together() {
    let table = GameTable::default();
    let (id, t) = created(
        &table,
        json!({ "variant": "sceptre1027", "options": { "SceptrePlayers": 3 } }),
    );
    let white = handed_to_a_player(&table, &id, &t[1]);
    let (status, v) = post(&table, &id, "resign", &white, json!({}));
    assert_eq!(status, 200, "{v}");
    let (status, next) = post(&table, &id, "rematch", &t[2], json!({}));
    assert_eq!(status, 200, "{next}");
    // Seats 0 and 2 were the creator's: it gets 1 and 0; the player of 1 moves on to 2.
    let creators = rematch_links(&next);
    assert!(creators[0].is_some() && creators[1].is_some(), "{next}");
    assert_eq!(creators[2], None, "{next}");
    let (status, v) = rematch_seat(&table, &id, &white);
    assert_eq!(status, 200, "{v}");
    let players = rematch_links(&v);
    assert_eq!(players[..2], [None, None], "{v}");
    assert!(players[2].is_some(), "{v}");
    // The creator's other old token finds the same seats.
    let (status, v) = rematch_seat(&table, &id, &t[0]);
    assert_eq!(status, 200, "{v}");
    assert_eq!(rematch_links(&v), creators);
}
