//! Pushed updates: `GET /api/games/{id}/events` keeps the connection open and sends a
//! server-sent event (`data: {"generation":N}`) each time the game changes, so a page learns of
//! a move, an engine's reply, a fallen flag or a draw offer at once instead of polling.
//!
//! No thread waits per stream: the request thread writes the stream's head and hands the socket
//! to one hub thread, which holds every open stream. A game's change rings the hub (a condvar);
//! the hub then writes to the streams of the games whose generation moved. Once a second it also
//! notices streams whose client went away (their slot is freed) and sends keep-alive comments.

use super::http::ApiError;
use super::jobs::lock;
use std::collections::{HashMap, HashSet};
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Event streams held at once by a server; one more is refused with a 503.
pub const MAX_STREAMS: usize = 1024;
/// A stream silent this long gets a comment, so proxies and browsers keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How often the hub looks for clients that went away.
const TICK: Duration = Duration::from_secs(1);
/// What a browser waits before reconnecting a broken stream, in milliseconds.
const RETRY_MS: u64 = 2000;

/// A game some stream watches: the last generation rung, the rings so far (a game read back
/// from the store counts its generations afresh, so a stream follows rings, not generations),
/// and how many streams watch it.
struct Watched {
    generation: u64,
    /// The moves played then.
    moves: usize,
    rings: u64,
    streams: usize,
}

#[derive(Default)]
struct State {
    watched: HashMap<String, Watched>,
    /// Streams whose head is written, waiting for the hub to take them.
    arriving: Vec<Stream>,
    /// Streams open (held by the hub or on their way to it).
    open: usize,
    /// A watched game changed (or a stream arrived) since the hub last looked.
    rung: bool,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    bell: Condvar,
}

/// The streams of one server, and the bell games ring when they change. Cloning shares it.
#[derive(Clone, Default)]
pub struct EventHub(Arc<Shared>);

/// A stream's place at the hub, taken when the request is accepted (under the game's lock, so
/// no change slips between reading the generation and watching it); dropping it frees the slot.
pub struct Ticket {
    hub: EventHub,
    game: String,
    /// The generation the stream starts from (sent as its first event).
    generation: u64,
    moves: usize,
    /// The game's rings then.
    rings: u64,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = lock(&self.hub.0.state);
        state.open -= 1;
        if let Some(w) = state.watched.get_mut(&self.game) {
            w.streams -= 1;
            if w.streams == 0 {
                state.watched.remove(&self.game);
            }
        }
    }
}

/// A watched game's rings, generation and moves, as the hub copies them.
type Rung = (u64, u64, usize);

/// One open stream, held by the hub thread.
struct Stream {
    socket: TcpStream,
    ticket: Ticket,
    /// The game's rings when this stream last sent.
    sent: u64,
    last_write: Instant,
}

fn event(generation: u64, moves: usize) -> String {
    format!("data: {{\"generation\":{generation},\"moves\":{moves}}}\n\n")
}

impl EventHub {
    /// A place for a stream on `game`, now at `generation` after `moves` moves; refused when
    /// the server holds [`MAX_STREAMS`] already.
    pub fn watch(&self, game: &str, generation: u64, moves: usize) -> Result<Ticket, ApiError> {
        let mut state = lock(&self.0.state);
        if state.open >= MAX_STREAMS {
            return Err(ApiError::Unavailable(format!(
                "this server holds {MAX_STREAMS} event streams already; the page polls instead"
            )));
        }
        state.open += 1;
        let w = state.watched.entry(game.to_string()).or_insert(Watched {
            generation,
            moves,
            rings: 0,
            streams: 0,
        });
        w.streams += 1;
        w.generation = generation;
        w.moves = moves;
        Ok(Ticket {
            hub: self.clone(),
            game: game.to_string(),
            generation,
            moves,
            rings: w.rings,
        })
    }

    /// Game `game` is now at `generation`, after `moves` moves: its streams are told (nothing
    /// if none watch it).
    pub fn ring(&self, game: &str, generation: u64, moves: usize) {
        let mut state = lock(&self.0.state);
        if let Some(w) = state.watched.get_mut(game) {
            w.generation = generation;
            w.moves = moves;
            w.rings += 1;
            state.rung = true;
            self.0.bell.notify_one();
        }
    }

    /// The games some stream watches (a watched game counts as seen: it must not pause).
    pub fn watched_games(&self) -> HashSet<String> {
        lock(&self.0.state).watched.keys().cloned().collect()
    }

    /// Streams open now.
    pub fn open_streams(&self) -> usize {
        lock(&self.0.state).open
    }

    /// Answers an accepted events request: writes the stream's head and first event, then
    /// hands the socket to the hub thread ([`EventHub::run`]). `head_only` (HEAD): the head alone.
    pub fn attach(&self, mut socket: TcpStream, ticket: Ticket, head_only: bool) {
        let mut head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n{}Connection: close\r\n\r\n",
            super::guard::SAFETY_HEADERS
        );
        if !head_only {
            head.push_str(&format!(
                "retry: {RETRY_MS}\n\n{}",
                event(ticket.generation, ticket.moves)
            ));
        }
        let sent = socket
            .write_all(head.as_bytes())
            .and_then(|_| socket.flush())
            .and_then(|_| socket.set_nonblocking(true));
        if let Err(e) = sent {
            log::debug!("serve: an event stream ended before it began: {e}");
            return;
        }
        if head_only {
            return;
        }
        let mut state = lock(&self.0.state);
        state.arriving.push(Stream {
            socket,
            sent: ticket.rings,
            ticket,
            last_write: Instant::now(),
        });
        state.rung = true;
        self.0.bell.notify_one();
    }

    /// The hub thread: runs until the process ends.
    pub fn run(&self) {
        let mut streams: Vec<Stream> = Vec::new();
        let mut last_tick = Instant::now();
        loop {
            let games: HashMap<String, Rung> = {
                let mut state = lock(&self.0.state);
                if !state.rung {
                    state = match self.0.bell.wait_timeout(state, TICK) {
                        Ok((s, _)) => s,
                        Err(poisoned) => poisoned.into_inner().0,
                    };
                }
                state.rung = false;
                streams.append(&mut state.arriving);
                state
                    .watched
                    .iter()
                    .map(|(id, w)| (id.clone(), (w.rings, w.generation, w.moves)))
                    .collect()
            };
            let tick = last_tick.elapsed() >= TICK;
            if tick {
                last_tick = Instant::now();
            }
            // A stream dropped here gives back its ticket (and so its slot).
            streams.retain_mut(|s| s.serve(&games, tick));
        }
    }
}

impl Stream {
    /// Sends what is due; false once the client is gone (or stalls a whole event).
    fn serve(&mut self, games: &HashMap<String, Rung>, tick: bool) -> bool {
        if tick && self.client_gone() {
            return false;
        }
        let now = games.get(&self.ticket.game).copied();
        let text = match now {
            Some((rings, generation, moves)) if rings != self.sent => {
                self.sent = rings;
                event(generation, moves)
            }
            _ if tick && self.last_write.elapsed() >= KEEP_ALIVE => ": keep-alive\n\n".into(),
            _ => return true,
        };
        // The socket does not block: a client that does not read even a small event is stalled,
        // and dropped (a browser reconnects on its own).
        match self.socket.write_all(text.as_bytes()) {
            Ok(()) => {
                self.last_write = Instant::now();
                true
            }
            Err(e) => {
                log::debug!("serve: event stream of {} dropped: {e}", self.ticket.game);
                false
            }
        }
    }

    /// Whether the client closed its end: a stream's client sends nothing after its request,
    /// so a read finding the end (or an error) means it is gone.
    fn client_gone(&mut self) -> bool {
        let mut buffer = [0u8; 512];
        match self.socket.read(&mut buffer) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tickets_hold_slots_and_rings_reach_only_watched_games() {
        let hub = EventHub::default();
        hub.ring("a", 3, 0);
        assert!(hub.watched_games().is_empty(), "a ring watches nothing");
        let first = hub.watch("a", 3, 0).expect("a slot");
        let second = hub.watch("a", 3, 0).expect("a slot");
        assert_eq!(hub.open_streams(), 2);
        hub.ring("a", 4, 1);
        {
            // The guard must go before the tickets drop (their drop takes the same lock).
            let state = lock(&hub.0.state);
            let watched = &state.watched["a"];
            assert_eq!((watched.generation, watched.rings), (4, 1));
        }
        drop(first);
        assert_eq!(hub.watched_games().len(), 1);
        drop(second);
        assert_eq!(hub.open_streams(), 0);
        assert!(hub.watched_games().is_empty());
    }

    #[test]
    fn the_hub_is_bounded() {
        let hub = EventHub::default();
        let held: Vec<Ticket> = (0..MAX_STREAMS)
            .map(|i| hub.watch(&i.to_string(), 0, 0).expect("a slot"))
            .collect();
        let refused = hub.watch("x", 0, 0).err().expect("full");
        assert_eq!(refused.status(), 503);
        drop(held);
        assert!(hub.watch("x", 0, 0).is_ok());
    }
}
