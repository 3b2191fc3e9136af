//! Seats that belong to someone (`src/serve/seats.rs`) and the guard in front of the server
//! (`src/serve/guard.rs`): through the router, every change refused without the right seat's
//! token; over real HTTP, foreign hosts and origins refused, rates limited, safety headers
//! sent; and a game in two separate browser sessions through their seat links.

use regalia::serve::{route, GameTable, Reply};
use serde_json::{json, Value};
use std::io::{BufRead, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::Duration;

/// A call through the router as it stands, with exactly the token the URL carries (shared by
/// the seat tests here and `serve_handout`).
pub fn call(table: &GameTable, method: &str, url: &str, body: Value) -> (u16, Value) {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    match route(table, method, url, &body) {
        Reply::Json(status, text) => (status, serde_json::from_str(&text).expect("JSON")),
        _ => (200, Value::Null),
    }
}

/// A game of `variant` between people: its id and its seats' tokens.
fn people_game(table: &GameTable, variant: &str) -> (String, Vec<String>, Value) {
    let (status, v) = call(table, "POST", "/api/games", json!({ "variant": variant }));
    assert_eq!(status, 200, "{v}");
    let tokens = v["links"]["seats"]
        .as_array()
        .expect("seat links")
        .iter()
        .map(|s| s["token"].as_str().expect("a token").to_string())
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens, v)
}

/// Each of `actions` posted to the game without a seat's token is refused (403).
fn refused_without_a_seat(table: &GameTable, id: &str, actions: &[&str]) {
    for action in actions {
        let (status, v) = call(
            table,
            "POST",
            &format!("/api/games/{id}/{action}"),
            Value::Null,
        );
        assert_eq!(status, 403, "{action}: {v}");
    }
}

fn moves(table: &GameTable, id: &str) -> usize {
    let (_, v) = call(table, "GET", &format!("/api/games/{id}"), Value::Null);
    v["moves"].as_array().unwrap().len()
}

#[test]
fn creating_a_game_hands_out_a_private_link_per_seat_and_a_watch_link() {
    let table = GameTable::default();
    let (id, tokens, v) = people_game(&table, "chess");
    assert_eq!(tokens.len(), 2);
    assert_ne!(tokens[0], tokens[1]);
    for (seat, t) in tokens.iter().enumerate() {
        assert_eq!(t.len(), 32, "128 bits in hex");
        assert!(t.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(
            v["links"]["seats"][seat]["link"],
            json!(format!("/?seat={t}#{id}"))
        );
    }
    assert_eq!(v["links"]["watch"], json!(format!("/#{id}")));
    // The links are the creator's alone: nobody reading the game sees them.
    let (_, watched) = call(&table, "GET", &format!("/api/games/{id}"), Value::Null);
    assert!(watched.get("links").is_none(), "{watched}");
    assert!(!watched.to_string().contains(&tokens[0]));
    assert_eq!(watched["you"], Value::Null);
    // Reconnecting with a seat's link: the server says whose seat it is.
    let (_, mine) = call(
        &table,
        "GET",
        &format!("/api/games/{id}?seat={}", tokens[1]),
        Value::Null,
    );
    assert_eq!(mine["you"], json!(1));
    // Sceptre for four: four links.
    let (_, four, _) = {
        let (status, v) = call(
            &table,
            "POST",
            "/api/games",
            json!({ "variant": "sceptre1027", "options": { "SceptrePlayers": 4 } }),
        );
        assert_eq!(status, 200, "{v}");
        let n = v["links"]["seats"].as_array().unwrap().len();
        (status, n, v)
    };
    assert_eq!(four, 4);
}

#[test]
fn only_the_seat_to_move_may_move_and_a_refusal_says_why() {
    let table = GameTable::default();
    let (id, tokens, _) = people_game(&table, "chess");
    let url = |token: &str| format!("/api/games/{id}/move?seat={token}");
    let mv = json!({ "move": "e2e4" });
    let (status, v) = call(&table, "POST", &format!("/api/games/{id}/move"), mv.clone());
    assert_eq!(status, 403, "{v}");
    assert!(v["error"].as_str().unwrap().contains("watching"), "{v}");
    let (status, v) = call(&table, "POST", &url(&"0".repeat(32)), mv.clone());
    assert_eq!(status, 403, "{v}");
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("not one of this game's"));
    let (status, v) = call(&table, "POST", &url(&tokens[1]), mv.clone());
    assert_eq!(status, 403, "{v}");
    assert!(v["error"].as_str().unwrap().contains("plays black"), "{v}");
    // Another game's token is no key to this one.
    let (_, other_tokens, _) = people_game(&table, "chess");
    assert_eq!(
        call(&table, "POST", &url(&other_tokens[0]), mv.clone()).0,
        403
    );
    assert_eq!(moves(&table, &id), 0, "a refused move changed the game");
    let (status, v) = call(&table, "POST", &url(&tokens[0]), mv);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["you"], json!(0));
    // Every other change is a seat's too.
    refused_without_a_seat(
        &table,
        &id,
        &[
            "analysis",
            "stop",
            "undo",
            "resign",
            "offer-draw",
            "answer-draw",
            "stand-in",
            "rematch",
        ],
    );
    assert_eq!(moves(&table, &id), 1);
}

/// A game that is over can no longer change: whoever opens it (from the finished games, with
/// no seat link) may analyse it, and still do nothing else to it.
#[test]
fn a_finished_game_is_open_to_anyones_analysis_and_to_nothing_else() {
    let table = GameTable::default();
    let (id, t, _) = people_game(&table, "chess");
    // While it goes on, a watcher may not analyse it (the players' help would be anyone's).
    let analyse = json!({ "lines": 1, "ply": 1 });
    let analysis = format!("/api/games/{id}/analysis");
    assert_eq!(call(&table, "POST", &analysis, analyse.clone()).0, 403);
    for (seat, mv) in [(0, "f2f3"), (1, "e7e5"), (0, "g2g4"), (1, "d8h4")] {
        let url = format!("/api/games/{id}/move?seat={}", t[seat]);
        assert_eq!(call(&table, "POST", &url, json!({ "move": mv })).0, 200);
    }
    let (status, v) = call(&table, "POST", &analysis, analyse);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["analysing"], json!(true), "{v}");
    assert_eq!(v["you"], Value::Null, "{v}");
    let (status, v) = call(
        &table,
        "POST",
        &format!("/api/games/{id}/stop"),
        Value::Null,
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["analysing"], json!(false), "{v}");
    // Every other change still needs a seat's link.
    refused_without_a_seat(
        &table,
        &id,
        &["resign", "offer-draw", "undo", "rematch", "move"],
    );
    assert_eq!(moves(&table, &id), 4);
}

#[test]
fn a_take_back_between_people_waits_for_the_opponents_consent() {
    let table = GameTable::default();
    let (id, t, _) = people_game(&table, "chess");
    let post = |token: &str, action: &str, body: Value| {
        call(
            &table,
            "POST",
            &format!("/api/games/{id}/{action}?seat={token}"),
            body,
        )
    };
    assert_eq!(post(&t[0], "move", json!({"move": "e2e4"})).0, 200);
    assert_eq!(post(&t[1], "move", json!({"move": "e7e5"})).0, 200);
    // White asks: nothing happens until black agrees.
    let (status, v) = post(&t[0], "undo", json!({ "plies": 1 }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["takeback"]["agreed"], json!([0]));
    assert_eq!(moves(&table, &id), 2);
    // Black declines: the offer is gone and the game stands.
    let (_, v) = post(&t[1], "undo", json!({ "decline": true }));
    assert_eq!(v["takeback"], Value::Null);
    assert_eq!(moves(&table, &id), 2);
    // Asking twice alone does not count twice.
    post(&t[0], "undo", json!({ "plies": 1 }));
    post(&t[0], "undo", json!({ "plies": 1 }));
    assert_eq!(moves(&table, &id), 2);
    // A move in between voids the offer.
    let (_, v) = post(&t[1], "undo", json!({ "plies": 1 }));
    assert_eq!(moves(&table, &id), 1, "black agreed: {v}");
    assert_eq!(v["takeback"], Value::Null);
    let (_, v) = post(&t[0], "undo", json!({ "plies": 1 }));
    assert_eq!(v["takeback"]["agreed"], json!([0]));
    assert_eq!(post(&t[1], "move", json!({"move": "e7e5"})).0, 200);
    let (_, v) = post(&t[1], "undo", json!({ "plies": 1 }));
    assert_eq!(
        v["takeback"]["agreed"],
        json!([1]),
        "the old offer was void"
    );
    assert_eq!(moves(&table, &id), 2);
}

#[test]
fn against_the_engine_the_person_takes_back_alone() {
    let table = GameTable::default();
    let (status, v) = call(
        &table,
        "POST",
        "/api/games",
        json!({ "variant": "chess", "seats": [{}, {"engine": true, "depth": 1}] }),
    );
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let token = v["links"]["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, v) = call(
        &table,
        "POST",
        &format!("/api/games/{id}/move?seat={token}"),
        json!({"move": "e2e4"}),
    );
    assert_eq!(status, 200, "{v}");
    let (status, v) = call(
        &table,
        "POST",
        &format!("/api/games/{id}/undo?seat={token}"),
        json!({}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 0, "{v}");
}

/// A running `regalia serve` with a database; killed when dropped.
pub struct Served {
    child: std::process::Child,
    pub port: u16,
    /// The first line it printed (the address it serves).
    pub first_line: String,
    /// The rest of what it prints, kept open (a closed pipe would stop a server printing more).
    stdout: std::io::BufReader<std::process::ChildStdout>,
    _dir: Option<TempDir>,
}

/// A directory under the target's temporary folder, removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "{name}-{}-{:x}",
            std::process::id(),
            rand_suffix()
        ));
        std::fs::create_dir_all(&path).expect("a temporary directory");
        TempDir(path)
    }
}

fn rand_suffix() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    RandomState::new().build_hasher().finish()
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Served {
    /// On a free port, with a database of its own.
    fn start(extra: &[&str]) -> Served {
        let dir = TempDir::new("serve-seats");
        let mut served = Served::start_on(&dir.0.join("games.sqlite"), 0, extra);
        served._dir = Some(dir);
        served
    }

    /// On `port` (0: a free one) with the database at `db`.
    pub fn start_on(db: &Path, port: u16, extra: &[&str]) -> Served {
        let mut args = vec![std::ffi::OsStr::new("--db"), db.as_os_str()];
        args.extend(extra.iter().map(std::ffi::OsStr::new));
        Served::spawn(port, &args)
    }

    /// On a free port, keeping games in memory only (`--no-db`).
    pub fn in_memory() -> Served {
        Served::in_memory_with(&[])
    }

    /// On a free port, games in memory only, with these arguments besides (`--host`, …).
    pub fn in_memory_with(extra: &[&str]) -> Served {
        let mut args = vec![std::ffi::OsStr::new("--no-db")];
        args.extend(extra.iter().map(std::ffi::OsStr::new));
        Served::spawn(0, &args)
    }

    fn spawn(port: u16, args: &[&std::ffi::OsStr]) -> Served {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
            .args(["serve", "--port", &port.to_string()])
            .args(args)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("regalia serve starts");
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        // `Regalia serves http://127.0.0.1:8080/ …`: the port is what follows the address's
        // last colon.
        let port = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|address| address.rsplit(':').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Served {
            child,
            port,
            first_line: line.trim_end().to_string(),
            stdout,
            _dir: None,
        }
    }

    /// Stops the server; everything it printed after its first line. (Whatever it prints
    /// before it serves is all there once it has answered a request.)
    pub fn stop_and_read_rest(&mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut rest = String::new();
        self.stdout
            .read_to_string(&mut rest)
            .expect("the server's output reads");
        rest
    }

    /// Sends a request with these extra header lines; the status, the head and the body.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &str,
        body: &str,
    ) -> (u16, String, String) {
        http(self.port, method, path, headers, body)
    }

    pub fn host(&self) -> String {
        format!("Host: 127.0.0.1:{}\r\n", self.port)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn foreign_hosts_and_origins_are_refused_and_pages_come_with_safety_headers() {
    let served = Served::start(&[]);
    let ours = served.host();
    let (status, head, _) = served.send("GET", "/", &ours, "");
    assert_eq!(status, 200);
    for header in [
        "Content-Security-Policy: default-src 'self'",
        "X-Content-Type-Options: nosniff",
        "X-Frame-Options: DENY",
        "Referrer-Policy: no-referrer",
    ] {
        assert!(head.contains(header), "{header} missing from {head}");
    }
    // A DNS-rebinding page's request names its own domain.
    let (status, _, body) = served.send("GET", "/api/variants", "Host: evil.example\r\n", "");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("does not answer to the host"), "{body}");
    assert_eq!(served.send("GET", "/", "", "").0, 403, "no Host at all");
    // Another site's page may not start games through the visitor's browser.
    let create = r#"{"variant":"tafl"}"#;
    let foreign = format!("{ours}Origin: http://evil.example\r\n");
    let (status, _, body) = served.send("POST", "/api/games", &foreign, create);
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("may not act"), "{body}");
    let own = format!("{ours}Origin: http://127.0.0.1:{}\r\n", served.port);
    let (status, _, body) = served.send("POST", "/api/games", &own, create);
    assert_eq!(status, 200, "{body}");
    // A move without its seat's token, over the wire too.
    let v: Value = serde_json::from_str(&body).unwrap();
    let id = v["id"].as_str().unwrap();
    let (status, _, body) = served.send(
        "POST",
        &format!("/api/games/{id}/move"),
        &own,
        r#"{"move":"d1d4"}"#,
    );
    assert_eq!(status, 403, "{body}");
}

#[test]
fn a_client_over_its_rate_is_told_to_slow_down() {
    // One request a second, a burst of four.
    let served = Served::start(&["--rate", "1"]);
    let statuses: Vec<u16> = (0..12)
        .map(|_| served.send("GET", "/api/variants", &served.host(), "").0)
        .collect();
    assert!(statuses.iter().take(4).all(|&s| s == 200), "{statuses:?}");
    assert!(statuses.contains(&429), "{statuses:?}");
}

#[test]
fn two_people_in_two_browser_sessions_play_through_their_seat_links() {
    let Some((chromium, driver)) = crate::browser::browser_for(
        "two_people_in_two_browser_sessions_play_through_their_seat_links",
    ) else {
        return;
    };
    let dir = TempDir::new("seats-browser");
    let db = dir.0.join("games.sqlite");
    crate::browser::run_check(
        "seats_check",
        "seats check",
        &[env!("CARGO_BIN_EXE_regalia").as_ref(), db.as_os_str()],
        (&chromium, &driver),
    );
}

/// One HTTP/1.1 request to the server on `port` with these extra header lines; the status (0
/// when none arrived), the head and the body. Reads wait up to two minutes: the machine may be busy.
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String, String) {
    http_at(
        std::net::SocketAddr::from(([127, 0, 0, 1], port)),
        method,
        path,
        headers,
        body,
    )
}

/// As `http`, to the server at `address` (another of this machine's addresses).
pub fn http_at(
    address: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\n{headers}Connection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut answer = Vec::new();
    if let Err(e) = stream.read_to_end(&mut answer) {
        eprintln!("read error: {e}");
    }
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (status, head.to_string(), body.to_string())
}
