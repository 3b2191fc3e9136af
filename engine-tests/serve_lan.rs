//! `regalia serve --host` (docs/serve-api.md, docs/guide.md "Playing with friends"): opened to
//! every interface, the server prints the address other machines join at as its second line
//! and gives the same in `GET /api/server`, and that address reaches it; without `--host` it
//! prints no such line, `join` is its loopback address, and no other address reaches it.

use crate::serve_seats::{http_at, Served};
use serde_json::Value;
use std::net::{IpAddr, SocketAddr, TcpStream};

/// `GET /api/server`'s `join`, asked on loopback.
fn join_of(served: &Served) -> String {
    let (status, _, body) = served.send("GET", "/api/server", &served.host(), "");
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).expect("JSON");
    v["join"]
        .as_str()
        .unwrap_or_else(|| panic!("no join in {v}"))
        .to_string()
}

fn serves_line(port: u16) -> String {
    format!("Regalia serves http://127.0.0.1:{port}/ (Ctrl-C stops it)")
}

#[test]
fn with_host_every_interface_the_join_address_is_printed_served_and_reached() {
    let mut served = Served::in_memory_with(&["--host", "0.0.0.0"]);
    let port = served.port;
    assert_eq!(served.first_line, serves_line(port));
    let join = join_of(&served);
    let address: SocketAddr = join
        .strip_prefix("http://")
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("join is no http://IP:PORT: {join:?}"));
    assert_eq!(address.port(), port, "{join}");
    assert!(!address.ip().is_unspecified(), "{join}");
    // The address is this server's: a request sent there, naming it as its host, is answered.
    let host = format!("Host: {address}\r\n");
    let (status, _, body) = http_at(address, "GET", "/api/server", &host, "");
    assert_eq!(status, 200, "{join}: {body}");
    if address.ip().is_loopback() {
        eprintln!("NOTE: this machine routes nowhere; the join address fell back to loopback");
    }
    // Everything it printed before serving is out once it has answered: the second line
    // names the same address.
    let rest = served.stop_and_read_rest();
    let second = rest
        .lines()
        .next()
        .unwrap_or_else(|| panic!("no second line"));
    assert_eq!(
        second,
        format!(
            "Players on your network join at {join}/ (each seat's own link is shown when a game is created)"
        )
    );
}

#[test]
fn without_host_the_server_stays_on_this_machine() {
    let mut served = Served::in_memory();
    let port = served.port;
    assert_eq!(served.first_line, serves_line(port));
    // The page puts `join` in front of seat links: here the address the server listens on.
    assert_eq!(join_of(&served), format!("http://127.0.0.1:{port}"));
    // This machine's address on its network (where a `--host 0.0.0.0` server is joined) does
    // not reach a server left on its default.
    let outward = regalia::serve::join_address(SocketAddr::from(([0, 0, 0, 0], port)));
    if outward.ip().is_loopback() {
        eprintln!("NOTE: this machine routes nowhere; only loopback was checked");
    } else {
        let refused = TcpStream::connect(outward);
        assert!(
            refused.is_err(),
            "{outward} reached a server on 127.0.0.1 only"
        );
    }
    let rest = served.stop_and_read_rest();
    assert_eq!(rest, "", "printed more than its address");
}

/// A server told one network address serves and names that one.
#[test]
fn with_host_one_address_the_server_names_it() {
    let outward = regalia::serve::join_address(SocketAddr::from(([0, 0, 0, 0], 0))).ip();
    let ip = match outward {
        IpAddr::V4(v4) if !v4.is_loopback() => v4.to_string(),
        _ => {
            eprintln!("SKIPPED with_host_one_address_the_server_names_it: no network address");
            return;
        }
    };
    let mut served = Served::in_memory_with(&["--host", &ip]);
    let port = served.port;
    let address = SocketAddr::new(outward, port);
    assert_eq!(
        served.first_line,
        format!("Regalia serves http://{address}/ (Ctrl-C stops it)")
    );
    let host = format!("Host: {address}\r\n");
    let (status, _, body) = http_at(address, "GET", "/api/server", &host, "");
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(v["join"], Value::from(format!("http://{address}")));
    // Loopback is not what it listens on.
    assert!(TcpStream::connect(("127.0.0.1", port)).is_err());
    let rest = served.stop_and_read_rest();
    assert_eq!(
        rest.lines().next(),
        Some(
            format!(
                "Players on your network join at http://{address}/ (each seat's own link is shown when a game is created)"
            )
            .as_str()
        )
    );
}

/// A server whose stdout nobody reads any more (the reading end closed: a pipe into a program
/// that ended) cannot print its address lines; it still serves, on every interface as asked,
/// and puts the lines in its log.
#[test]
fn a_server_whose_stdout_is_closed_still_serves() {
    // A port free a moment ago (the server must be told one: nobody reads what it prints).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_regalia"))
        .args([
            "serve",
            "--no-db",
            "--host",
            "0.0.0.0",
            "--port",
            &port.to_string(),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("regalia serve starts");
    // The reading end closes before the server has bound its port, so its lines meet a broken pipe.
    drop(child.stdout.take());
    let address = SocketAddr::from(([127, 0, 0, 1], port));
    let start = std::time::Instant::now();
    let answered = loop {
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the server stopped ({status}) when its lines could not be printed");
        }
        if TcpStream::connect(address).is_ok() {
            let host = format!("Host: {address}\r\n");
            break http_at(address, "GET", "/api/server", &host, "");
        }
        // A hang guard for a busy machine, not a measurement.
        assert!(
            start.elapsed() < std::time::Duration::from_secs(120),
            "never listened"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let alive = child.try_wait().map(|s| s.is_none()).unwrap_or(false);
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(answered.0, 200, "{}", answered.2);
    assert!(alive, "the server exited after answering");
}
