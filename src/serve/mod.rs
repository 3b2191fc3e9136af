//! `regalia serve`: play and analyse every game in a browser. A small local web server serves
//! one page embedded in the binary and a JSON API (`docs/serve-api.md`); searches run on
//! threads of their own, so no request ever waits for one.

mod api;
mod clock;
mod ending;
mod events;
mod guard;
mod http;
mod import;
mod jobs;
mod ladders;
mod lan;
mod offers;
mod page;
mod record;
mod review;
mod seats;
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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Connections served at once; past that the server answers 503 at once.
const MAX_IN_FLIGHT: usize = 64;

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
        let in_flight = Arc::new(AtomicUsize::new(0));
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
            if in_flight.load(Ordering::Acquire) >= MAX_IN_FLIGHT {
                http::respond(&mut stream, ApiError::Busy.into(), false);
                continue;
            }
            in_flight.fetch_add(1, Ordering::AcqRel);
            let games = self.games.clone();
            let guard = self.guard.clone();
            let counter = in_flight.clone();
            let spawned = std::thread::Builder::new()
                .name("serve-request".into())
                .spawn(move || {
                    serve_connection(stream, &games, &guard);
                    counter.fetch_sub(1, Ordering::AcqRel);
                });
            if let Err(e) = spawned {
                in_flight.fetch_sub(1, Ordering::AcqRel);
                log::warn!("serve: could not start a request thread: {e}");
            }
        }
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
