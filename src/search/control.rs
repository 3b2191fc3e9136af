//! When a search stops: the clock, the node limit, `stop` and pondering, as every search
//! algorithm and every thread checks them. Only the main thread keeps the clock and the node
//! limit; helpers stop when it raises `stop`.

use super::request::SearchRequest;
use super::timeman::{budget, SearchClock};
use crate::core::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub struct Control<'a> {
    stop: &'a AtomicBool,
    pondering: Option<&'a AtomicBool>,
    /// Pondering as last seen: its end restarts the clock.
    was_pondering: bool,
    clock: Option<SearchClock>,
    node_limit: Option<u64>,
}

impl<'a> Control<'a> {
    /// The main thread's: the request's clock for the side to move, node limit and pondering.
    pub fn main<G: Game>(request: &SearchRequest<'a, G>) -> Control<'a> {
        let seat = request.game.to_move() as usize;
        Control {
            stop: request.stop,
            pondering: Some(request.pondering),
            was_pondering: request.pondering.load(Ordering::Relaxed),
            clock: Some(SearchClock::new(budget(
                request.limits,
                request.options,
                seat,
            ))),
            node_limit: request.limits.nodes,
        }
    }

    /// A helper thread's: it only watches `stop`.
    pub fn helper(stop: &'a AtomicBool) -> Control<'a> {
        Control {
            stop,
            pondering: None,
            was_pondering: false,
            clock: None,
            node_limit: None,
        }
    }

    /// Whether the search still ponders; at `ponderhit` the move's own time starts.
    pub fn sync_pondering(&mut self) -> bool {
        let pondering = self.pondering.is_some_and(|p| p.load(Ordering::Relaxed));
        if self.was_pondering && !pondering {
            if let Some(c) = self.clock.as_mut() {
                c.restart();
            }
        }
        self.was_pondering = pondering;
        pondering
    }

    /// Whether the search must end, `nodes` searched so far: raises `stop` past the hard time
    /// limit or the node limit (neither counts while pondering), and answers whether it is up.
    pub fn must_stop(&mut self, nodes: u64) -> bool {
        if !self.sync_pondering() {
            let out_of_time = self.clock.as_ref().is_some_and(|c| c.hard_expired());
            let out_of_nodes = self.node_limit.is_some_and(|n| nodes >= n);
            if out_of_time || out_of_nodes {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        self.stopped()
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Between iterations: whether the clock says not to start another, `scale` times the soft
    /// limit (never while pondering).
    pub fn soft_expired(&mut self, scale: f64) -> bool {
        !self.sync_pondering() && self.clock.as_ref().is_some_and(|c| c.soft_expired(scale))
    }

    /// Time since the search (or `ponderhit`) began.
    pub fn elapsed(&self) -> Duration {
        self.clock.as_ref().map_or(Duration::ZERO, |c| c.elapsed())
    }

    /// The search is over: in infinite or ponder mode, UCI's `bestmove` waits for `stop` (or
    /// `ponderhit`); then `stop` is raised so that the helper threads end too.
    pub fn finish(&self, infinite: bool) {
        wait_for_stop(infinite, self.pondering, self.stop);
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// UCI's rule for the answer of an infinite or pondering search: it waits until `stop` is
/// raised (or `ponderhit` ends the pondering), however early the search itself ended. The one
/// wait-for-stop loop: the search's main thread and the search job (for a root with nothing to
/// search) both wait here.
pub fn wait_for_stop(infinite: bool, pondering: Option<&AtomicBool>, stop: &AtomicBool) {
    while (infinite || pondering.is_some_and(|p| p.load(Ordering::Relaxed)))
        && !stop.load(Ordering::Relaxed)
    {
        std::thread::sleep(Duration::from_millis(1));
    }
}
