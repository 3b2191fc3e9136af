//! The games the server holds, by id. Bounded: the least recently watched game makes room for
//! a new one, and a game no page has asked for in a while stops searching (a closed tab must
//! not keep a core busy) and is forgotten after longer still.

use super::http::ApiError;
use super::jobs::lock;
use super::store::Store;
use super::web_game::WebGame;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Games held at once.
pub const MAX_GAMES: usize = 64;
/// A game unwatched this long stops its searches until a page asks for it again.
pub const PAUSE_AFTER: Duration = Duration::from_secs(20);
/// A game unwatched this long is dropped.
pub const FORGET_AFTER: Duration = Duration::from_secs(6 * 60 * 60);

pub type SharedGame = Arc<Mutex<WebGame>>;

#[derive(Default)]
pub struct GameTable {
    games: Mutex<HashMap<String, SharedGame>>,
    /// The address other machines join at (`http://192.168.1.9:8080`), for seat links.
    pub join: std::sync::OnceLock<String>,
    /// Where games are kept (`serve/store.rs`); unset, they live in memory only.
    pub store: std::sync::OnceLock<Arc<Store>>,
    /// The open event streams, which every held game rings when it changes.
    pub events: super::events::EventHub,
}

impl GameTable {
    pub fn get(&self, id: &str) -> Option<SharedGame> {
        lock(&self.games).get(id).cloned()
    }

    /// The game with this id: held, or read back from the store (a game dropped for room,
    /// or a finished one opened for review).
    pub fn get_or_load(&self, id: &str) -> Result<Option<SharedGame>, ApiError> {
        if let Some(game) = self.get(id) {
            return Ok(Some(game));
        }
        let Some(store) = self.store.get() else {
            return Ok(None);
        };
        // Two requests may read the same game back at once: the first copy held wins, so
        // no two copies ever take moves.
        Ok(store.load(id)?.map(|game| self.insert_unless_held(game)))
    }

    /// Reads back every game in progress (a server started again): engines to move think on.
    pub fn resume_all(&self) -> Result<usize, ApiError> {
        let Some(store) = self.store.get() else {
            return Ok(0);
        };
        let ids = store.unfinished()?;
        let mut resumed = 0;
        // The newest last: if they are more than the table holds, the newest stay.
        for id in ids {
            match store.load(&id) {
                Ok(Some(game)) => {
                    // Stored already: held as it is, not written again.
                    let shared = self.insert_unless_held(game);
                    let mut g = lock(&shared);
                    g.kick(&shared);
                    resumed += 1;
                }
                Ok(None) => {}
                Err(e) => log::warn!("serve: {e}"),
            }
        }
        Ok(resumed)
    }

    /// Adds a new game, dropping the least recently watched one if the table is full. It is
    /// written to the store first: a game the store cannot keep (a full disk) is refused, not
    /// handed out as if it were kept.
    pub fn insert(&self, mut game: WebGame) -> Result<SharedGame, ApiError> {
        if let Some(store) = self.store.get() {
            game.store = Some(store.clone());
            game.persist();
            if let Some(e) = game.store_error.take() {
                return Err(e);
            }
        }
        Ok(self.hold(game, false))
    }

    /// Holds a game read back from the store, unless a copy is held already (then that one).
    fn insert_unless_held(&self, mut game: WebGame) -> SharedGame {
        game.store = self.store.get().cloned();
        self.hold(game, true)
    }

    fn hold(&self, mut game: WebGame, keep_held: bool) -> SharedGame {
        game.events = Some(self.events.clone());
        let id = game.id.clone();
        let mut games = lock(&self.games);
        if let Some(held) = games.get(&id).filter(|_| keep_held) {
            return held.clone();
        }
        let shared = Arc::new(Mutex::new(game));
        while games.len() >= MAX_GAMES {
            let oldest = games
                .iter()
                .min_by_key(|(_, g)| lock(g).last_seen)
                .map(|(id, _)| id.clone());
            let Some(oldest) = oldest else { break };
            if let Some(g) = games.remove(&oldest) {
                set_aside(&g);
            }
        }
        if let Some(old) = games.insert(id, shared.clone()) {
            set_aside(&old);
        }
        shared
    }

    /// Pauses the games nobody watches and forgets the long-abandoned ones.
    pub fn sweep(&self) {
        self.sweep_idle(PAUSE_AFTER, FORGET_AFTER);
    }

    /// [`GameTable::sweep`] with its two idle times given (tests use short ones).
    pub fn sweep_idle(&self, pause_after: Duration, forget_after: Duration) {
        // A game with an open event stream is on some screen: it is seen.
        let watched = self.events.watched_games();
        let mut games = lock(&self.games);
        games.retain(|id, g| {
            let mut g = lock(g);
            if watched.contains(id) {
                g.seen();
            }
            let idle = g.last_seen.elapsed();
            if idle >= pause_after {
                g.pause();
            }
            g.check_flag();
            idle < forget_after
        });
    }

    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A game dropped from the table: it stops searching, and no request still holding it may
/// change it (it asks the table again).
fn set_aside(game: &SharedGame) {
    let mut g = lock(game);
    g.pause();
    g.set_aside = true;
}

/// A fresh game id: hard to guess, so one tab does not stumble on another's game.
pub fn new_id() -> String {
    format!("{:016x}", rand::random::<u64>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Variant;
    use std::time::Instant;

    fn chess() -> WebGame {
        let session = Variant::Chess.new_session();
        WebGame::new(
            new_id(),
            Variant::Chess,
            Vec::new(),
            None,
            session,
            vec![None, None],
        )
    }

    #[test]
    fn a_game_dropped_for_room_is_set_aside_and_read_back_as_one_copy() {
        let path = std::env::temp_dir().join(format!("regalia-table-{}.sqlite", new_id()));
        let table = GameTable::default();
        let _ = table
            .store
            .set(Arc::new(Store::open(&path).expect("a store")));
        let first = table.insert(chess()).expect("stored");
        let id = lock(&first).id.clone();
        if let Some(earlier) = Instant::now().checked_sub(Duration::from_secs(60)) {
            lock(&first).last_seen = earlier;
        }
        for _ in 0..MAX_GAMES {
            table.insert(chess()).expect("stored");
        }
        assert!(
            table.get(&id).is_none(),
            "the least recently seen game made room"
        );
        assert!(
            lock(&first).set_aside,
            "a request still holding it may not change it"
        );
        let held = table.get_or_load(&id).expect("reads").expect("stored");
        assert!(!lock(&held).set_aside);
        // A second request that read the game back at the same time gets the copy held.
        let store = table.store.get().expect("a store").clone();
        let again = table.insert_unless_held(store.load(&id).expect("reads").expect("stored"));
        assert!(Arc::ptr_eq(&held, &again), "two copies of one game");
        let _ = std::fs::remove_file(&path);
    }
}
