//! `regalia serve`: play and analyse every game in a browser. A small local web server serves
//! one page embedded in the binary and a JSON API (`docs/serve-api.md`); searches run on
//! threads of their own, so no request ever waits for one.

mod api;
mod clock;
mod ending;
mod events;
mod fair_play;
mod generation;
mod guard;
mod handout;
mod held_plan;
mod http;
mod import;
mod jobs;
mod ladders;
mod lan;
mod offers;
mod page;
mod record;
mod rematch;
mod review;
mod search_privacy;
mod seats;
mod self_destructs;
mod setup_plan;
mod stand_in;
mod store;
mod table;
mod view;
mod web_game;

pub use api::route;
pub use events::{EventHub, MAX_STREAMS};
pub use guard::{Guard, RateLimit};
pub use http::{ApiError, Reply, MAX_BODY};
pub use lan::join_address;
pub use store::{default_path as default_db_path, Store};
pub use table::GameTable;
pub use view::{legal_move, LegalMove};

use std::fmt;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Connections served at once (a thread each); past that a connection waits for a slot.
const MAX_IN_FLIGHT: usize = 64;
/// How long the server waits for a slot before answering 503: a burst (500 event streams
/// opened in the same second, each holding its slot only until its head is written) is
/// absorbed; only a server saturated longer than this refuses, and then at once.
const SLOT_WAIT: Duration = Duration::from_secs(2);

#[derive(Debug)]
pub enum ServeError {
    /// The port is taken by another program.
    PortTaken(SocketAddr),
    /// Any other reason the address cannot be listened on.
    Bind(SocketAddr, String),
    /// The games database cannot be opened or read.
    Store(String),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::PortTaken(addr) => write!(
                f,
                "port {} on {} is taken by another program; choose another with --port (0 picks a free one)",
                addr.port(),
                addr.ip()
            ),
            ServeError::Bind(addr, why) => write!(f, "cannot listen on {addr}: {why}"),
            ServeError::Store(why) => write!(
                f,
                "{why} (choose another file with --db; the file was left as it is)"
            ),
        }
    }
}

impl std::error::Error for ServeError {}

/// A running server: its listener, its guard, and the games it holds.
pub struct Server {
    listener: TcpListener,
    games: Arc<GameTable>,
    guard: Arc<Guard>,
}

/// How a server is set up besides its address.
#[derive(Clone, Debug, Default)]
pub struct ServeOptions {
    /// Host names (besides IP addresses and `localhost`) that requests may name.
    pub allowed_hosts: Vec<String>,
    pub rate: RateLimit,
    /// The games database; None keeps games in memory only.
    pub db: Option<std::path::PathBuf>,
}

/// How long a client may take to send its request or read the answer.
const CLIENT_TIMEOUT: Duration = Duration::from_secs(10);

impl Server {
    /// Listens on `host:port` (port 0: any free port).
    pub fn bind(host: IpAddr, port: u16, options: ServeOptions) -> Result<Server, ServeError> {
        let addr = SocketAddr::new(host, port);
        let listener = TcpListener::bind(addr).map_err(|e| match e.kind() {
            std::io::ErrorKind::AddrInUse => ServeError::PortTaken(addr),
            _ => ServeError::Bind(addr, e.to_string()),
        })?;
        let port = listener.local_addr().map_or(port, |a| a.port());
        let games = GameTable::default();
        if let Ok(bound) = listener.local_addr() {
            let _ = games.join.set(format!("http://{}", join_address(bound)));
        }
        if let Some(path) = &options.db {
            let store = Store::open(path).map_err(ServeError::Store)?;
            let _ = games.store.set(Arc::new(store));
            let resumed = games
                .resume_all()
                .map_err(|e| ServeError::Store(e.to_string()))?;
            log::info!(
                "serve: {resumed} games in progress resumed from {}",
                path.display()
            );
        }
        Ok(Server {
            listener,
            games: Arc::new(games),
            guard: Arc::new(Guard::new(port, options.allowed_hosts, options.rate)),
        })
    }

    /// The address actually listened on.
    pub fn address(&self) -> Option<SocketAddr> {
        self.listener.local_addr().ok()
    }

    /// Serves until the process ends: a thread per connection, each with timeouts, so a
    /// client that never finishes its request holds up nobody else.
    pub fn run(self) {
        let sweeper = self.games.clone();
        let _ = std::thread::Builder::new()
            .name("serve-sweep".into())
            .spawn(move || loop {
                std::thread::sleep(Duration::from_secs(1));
                sweeper.sweep();
            });
        let hub = self.games.events.clone();
        let _ = std::thread::Builder::new()
            .name("serve-events".into())
            .spawn(move || hub.run());
        let slots = Arc::new(Slots::new(MAX_IN_FLIGHT, SLOT_WAIT));
        for stream in self.listener.incoming() {
            let mut stream = match stream {
                Ok(s) => s,
                Err(e) => {
                    log::warn!("serve: could not accept a connection: {e}");
                    continue;
                }
            };
            let _ = stream.set_read_timeout(Some(CLIENT_TIMEOUT));
            let _ = stream.set_write_timeout(Some(CLIENT_TIMEOUT));
            // While the accept loop waits here, new connections queue in the kernel's backlog.
            if !slots.acquire() {
                http::respond(&mut stream, ApiError::Busy.into(), false);
                continue;
            }
            let games = self.games.clone();
            let guard = self.guard.clone();
            let held = slots.clone();
            let spawned = std::thread::Builder::new()
                .name("serve-request".into())
                .spawn(move || {
                    serve_connection(stream, &games, &guard);
                    held.release();
                });
            if let Err(e) = spawned {
                slots.release();
                log::warn!("serve: could not start a request thread: {e}");
            }
        }
    }
}

/// The connections being served, bounded. A connection that finds every slot taken waits for
/// one, unless the server has been full for longer than the wait already (then it is refused
/// at once, so a server held full, as by clients that never finish their requests, answers
/// 503 without delay instead of queueing everyone behind a wait each).
struct Slots {
    state: Mutex<SlotState>,
    freed: Condvar,
    max: usize,
    wait: Duration,
}

struct SlotState {
    busy: usize,
    /// Since when every slot has been taken (None while one is free).
    full_since: Option<Instant>,
}

impl Slots {
    fn new(max: usize, wait: Duration) -> Slots {
        Slots {
            state: Mutex::new(SlotState {
                busy: 0,
                full_since: None,
            }),
            freed: Condvar::new(),
            max,
            wait,
        }
    }

    /// Takes a slot, waiting as above; false if none came.
    fn acquire(&self) -> bool {
        let mut state = jobs::lock(&self.state);
        loop {
            if state.busy < self.max {
                state.busy += 1;
                state.full_since = None;
                return true;
            }
            let waited = state.full_since.get_or_insert_with(Instant::now).elapsed();
            let Some(left) = self.wait.checked_sub(waited).filter(|d| !d.is_zero()) else {
                return false;
            };
            state = match self.freed.wait_timeout(state, left) {
                Ok((s, _)) => s,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
    }

    fn release(&self) {
        let mut state = jobs::lock(&self.state);
        state.busy = state.busy.saturating_sub(1);
        self.freed.notify_one();
    }
}

fn serve_connection(mut stream: TcpStream, games: &GameTable, guard: &Guard) {
    let client = match stream.peer_addr() {
        Ok(addr) => addr.ip(),
        Err(_) => return, // Gone already.
    };
    match http::read_request(&mut stream) {
        Ok(request) => {
            if let Err(e) = guard.check(&request, client) {
                log::info!(
                    "serve: refused {} {} from {client}: {e}",
                    request.method,
                    request.url
                );
                http::respond(&mut stream, e.into(), false);
                return;
            }
            log::debug!("serve: {} {}", request.method, request.url);
            let head_only = request.method == "HEAD";
            match route(games, &request.method, &request.url, &request.body) {
                Reply::Events(ticket) => games.events.attach(stream, ticket, head_only),
                reply => http::respond(&mut stream, reply, head_only),
            }
        }
        Err(e) => http::respond(&mut stream, e.into(), false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_waits_for_a_slot_and_a_server_held_full_refuses_at_once() {
        let slots = Arc::new(Slots::new(2, Duration::from_secs(30)));
        assert!(slots.acquire() && slots.acquire());
        // A third waits until one is given back (no timing asserted: it must come through).
        let freer = {
            let slots = slots.clone();
            std::thread::spawn(move || slots.release())
        };
        assert!(slots.acquire(), "the freed slot is taken");
        freer.join().expect("the releasing thread");
        // Held full past the wait: refused without waiting again.
        let short = Slots::new(1, Duration::from_millis(1));
        assert!(short.acquire());
        assert!(!short.acquire(), "full past the wait");
        assert!(!short.acquire(), "still full: refused at once");
        short.release();
        assert!(short.acquire(), "a free slot is taken again");
    }
}
