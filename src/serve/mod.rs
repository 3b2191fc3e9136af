//! `regalia serve`: play and analyse every game in a browser. A small local web server serves
//! one page embedded in the binary and a JSON API (`docs/serve-api.md`); searches run on
//! threads of their own, so no request ever waits for one.

mod api;
mod http;
mod jobs;
mod ladders;
mod page;
mod record;
mod table;
mod view;
mod web_game;

pub use api::route;
pub use http::{ApiError, Reply, MAX_BODY};
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
        }
    }
}

impl std::error::Error for ServeError {}

/// A running server: its listener, and the games it holds.
pub struct Server {
    listener: TcpListener,
    games: Arc<GameTable>,
}

/// How long a client may take to send its request or read the answer.
const CLIENT_TIMEOUT: Duration = Duration::from_secs(10);

impl Server {
    /// Listens on `host:port` (port 0: any free port).
    pub fn bind(host: IpAddr, port: u16) -> Result<Server, ServeError> {
        let addr = SocketAddr::new(host, port);
        let listener = TcpListener::bind(addr).map_err(|e| match e.kind() {
            std::io::ErrorKind::AddrInUse => ServeError::PortTaken(addr),
            _ => ServeError::Bind(addr, e.to_string()),
        })?;
        Ok(Server {
            listener,
            games: Arc::new(GameTable::default()),
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
            let counter = in_flight.clone();
            let spawned = std::thread::Builder::new()
                .name("serve-request".into())
                .spawn(move || {
                    serve_connection(stream, &games);
                    counter.fetch_sub(1, Ordering::AcqRel);
                });
            if let Err(e) = spawned {
                in_flight.fetch_sub(1, Ordering::AcqRel);
                log::warn!("serve: could not start a request thread: {e}");
            }
        }
    }
}

fn serve_connection(mut stream: TcpStream, games: &GameTable) {
    match http::read_request(&mut stream) {
        Ok(request) => {
            log::debug!("serve: {} {}", request.method, request.url);
            let reply = route(games, &request.method, &request.url, &request.body);
            http::respond(&mut stream, reply, request.method == "HEAD");
        }
        Err(e) => http::respond(&mut stream, e.into(), false),
    }
}
