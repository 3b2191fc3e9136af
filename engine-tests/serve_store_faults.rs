//! The games database failing under a running server (`src/serve/store.rs`): a full file
//! (simulated deterministically by capping its pages where they stand, SQLite's
//! `max_page_count`) refuses the change that needs room with a clear 500, keeps every change
//! confirmed before, undamaged, and the server serves on and writes again once there is room;
//! a damaged file at start is refused with a clear error (no panic) and left as it is.

use crate::serve_calls::{call, ok};
use crate::serve_seats::TempDir;
use regalia::serve::{GameTable, Store};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// A quiet opening: twelve plies no rule ends.
const OPENING: [&str; 12] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "b1d2", "a7a6",
];

/// A server's game table on the database at `db`, every game in progress read back (as a
/// server started on it does).
fn table_on(db: &Path) -> (GameTable, Arc<Store>) {
    let table = GameTable::default();
    let store = Arc::new(Store::open(db).expect("the database opens"));
    let _ = table.store.set(store.clone());
    table
        .resume_all()
        .expect("the games in progress are read back");
    (table, store)
}

fn moves(table: &GameTable, id: &str) -> Vec<String> {
    ok(table, "GET", &format!("/api/games/{id}"), Value::Null)["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().expect("a move").to_string())
        .collect()
}

#[test]
fn a_full_database_refuses_the_change_with_a_500_keeps_what_it_had_and_serves_on() {
    let dir = TempDir::new("serve-store-full");
    let db = dir.0.join("games.sqlite");
    let (table, store) = table_on(&db);
    let ids: Vec<String> = (0..40)
        .map(|_| {
            let v = ok(&table, "POST", "/api/games", json!({"variant": "chess"}));
            v["id"].as_str().expect("an id").to_string()
        })
        .collect();
    // The disk is full from here: a write that needs one more page fails.
    let pages = store.cap_pages(1).expect("the file is capped");
    assert!(pages > 1, "capped at {pages} pages");
    let mut confirmed: HashMap<&str, usize> = HashMap::new();
    let mut refusal = None;
    'fill: for (ply, mv) in OPENING.iter().enumerate() {
        for id in &ids {
            let url = format!("/api/games/{id}/move");
            let (status, v) = call(&table, "POST", &url, json!({ "move": mv }));
            if status != 200 {
                refusal = Some((id.as_str(), ply, status, v));
                break 'fill;
            }
            confirmed.insert(id, ply + 1);
        }
    }
    // 480 moves need far more room than the free space of the pages the file had.
    let (full, ply, status, v) = refusal.expect("a move found the database full");
    assert_eq!(status, 500, "{v}");
    let why = v["error"].as_str().expect("a message");
    assert!(
        why.contains("database or disk is full") && why.contains("nothing stored"),
        "{why}"
    );
    // The server serves on: every game reads, the refused move in memory only.
    ok(&table, "GET", "/api/variants", Value::Null);
    assert_eq!(moves(&table, full).len(), ply + 1);
    // What was confirmed is stored, exactly, and the file is sound: a server started on it
    // reads back each game with its confirmed moves and nothing else.
    let check = rusqlite::Connection::open(&db).expect("the file opens");
    let sound: String = check
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("checked");
    assert_eq!(sound, "ok");
    drop(check);
    {
        let (restarted, _) = table_on(&db);
        for id in &ids {
            let kept = confirmed.get(id.as_str()).copied().unwrap_or(0);
            assert_eq!(moves(&restarted, id), OPENING[..kept], "game {id}");
        }
    }
    // Room again: the next move writes the whole game, the one refused before included.
    store.cap_pages(1 << 20).expect("the cap is lifted");
    let url = format!("/api/games/{full}/move");
    let (status, v) = call(&table, "POST", &url, json!({ "move": OPENING[ply + 1] }));
    assert_eq!(status, 200, "{v}");
    let (restarted, _) = table_on(&db);
    assert_eq!(moves(&restarted, full), OPENING[..ply + 2]);
}

#[test]
fn a_damaged_database_is_refused_at_start_with_a_clear_error_and_left_alone() {
    let dir = TempDir::new("serve-store-damaged");
    let db = dir.0.join("games.sqlite");
    {
        let (table, _) = table_on(&db);
        for _ in 0..20 {
            ok(&table, "POST", "/api/games", json!({"variant": "chess"}));
        }
    }
    // Everything in the main file (the last connection to close folds the journal in), then
    // every page after the first overwritten: the schema still reads, the games do not.
    let connection = rusqlite::Connection::open(&db).expect("the file opens");
    connection
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .expect("checkpointed");
    drop(connection);
    let mut bytes = std::fs::read(&db).expect("the file reads");
    let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
    assert!(bytes.len() > 2 * page, "{} bytes", bytes.len());
    for b in &mut bytes[page..] {
        *b = 0x42;
    }
    std::fs::write(&db, &bytes).expect("the damage is written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .output()
        .expect("regalia serve runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("games database") && stderr.contains("malformed"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        std::fs::read(&db).expect("reads"),
        bytes,
        "the file was changed"
    );
}
