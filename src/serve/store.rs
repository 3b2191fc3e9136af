//! Every game kept: an SQLite file (rusqlite with its bundled SQLite, so a fresh machine needs
//! nothing installed) holds each game's settings, seats, moves and result, written at every
//! change in one transaction. A server that starts again reads back the games in progress;
//! finished ones stay listed and open for review.

use super::handout::RetiredToken;
use super::held_plan::HeldPlan;
use super::http::ApiError;
use super::jobs::{lock, EngineLevel};
use super::seats::TakebackOffer;
use super::stand_in::StandIn;
use super::web_game::{WebGame, WebMove};
use crate::search::ReportScore;
use crate::session::Variant;
use rusqlite::{params, Connection, ErrorCode, OptionalExtension};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a write waits for a lock another program holds before it gives up with a 503.
const BUSY_WAIT: Duration = Duration::from_secs(2);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,      -- JSON [[name, value], ...]
    start TEXT,                 -- the position string given, NULL for the variant's start
    players TEXT NOT NULL,      -- JSON [null for a person | {movetime_ms, depth}]
    tokens TEXT NOT NULL,       -- JSON [seat token, ...]
    names TEXT NOT NULL,        -- who played, in words: 'Human vs Regalia (depth 4)'
    created INTEGER NOT NULL,   -- seconds since 1970
    updated INTEGER NOT NULL,
    over INTEGER NOT NULL,
    result TEXT NOT NULL,       -- the status in words
    play TEXT NOT NULL DEFAULT '{}' -- JSON: clocks and an end not by rule (StoredPlay)
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    notation TEXT NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    cp INTEGER,
    mate INTEGER,
    depth INTEGER,
    PRIMARY KEY (game, ply)
);
CREATE INDEX IF NOT EXISTS games_over ON games(over, updated);
";

pub struct Store {
    connection: Mutex<Connection>,
    pub path: PathBuf,
}

/// The default file: `$XDG_DATA_HOME/regalia/games.sqlite`, else `~/.local/share/…`.
pub fn default_path() -> PathBuf {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("regalia").join("games.sqlite")
}

fn storage_error(e: rusqlite::Error) -> ApiError {
    let busy = matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    );
    let why = match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull) => format!("{e} (free some disk space; the server goes on)"),
        _ => e.to_string(),
    };
    ApiError::Storage { busy, why }
}

fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[derive(Serialize, serde::Deserialize)]
struct StoredLevel {
    movetime_ms: Option<u64>,
    depth: Option<u32>,
    /// The foe of the ladder the engine plays as (`games/ladder.rs`), if any.
    #[serde(default)]
    level: Option<usize>,
}

/// The site's part of a game (`serve/ending.rs`): its clocks and an end not by rule
/// (resignation, time, agreement), which the moves alone cannot replay.
#[derive(Serialize, serde::Deserialize, Default)]
struct StoredPlay {
    /// `3+2`, or None for a game without clocks.
    #[serde(default)]
    control: Option<String>,
    /// Each seat's time left, in milliseconds, when the game was written.
    #[serde(default)]
    left_ms: Vec<u64>,
    #[serde(default)]
    ending: Option<crate::session::GameEnd>,
    /// The seat whose draw offer waits for an answer, and the last refusal in words.
    #[serde(default)]
    draw_offer: Option<u8>,
    #[serde(default)]
    draw_answer: Option<String>,
    /// A take-back between people waiting for the others' consent (`serve/seats.rs`).
    #[serde(default)]
    takeback: Option<StoredTakeback>,
    /// Each seat's stand-in (`off`, `setup`, `game`: `serve/stand_in.rs`), so a restarted
    /// server's engine goes on standing in.
    #[serde(default)]
    stand_in: Vec<String>,
    /// Each seat's confirmed set-up and how far it was played (`serve/held_plan.rs`), so a
    /// restarted server goes on placing it.
    #[serde(default)]
    setup_plans: Vec<Option<HeldPlan>>,
    /// The game's generation when written: a game read back counts on above it
    /// (`serve/generation.rs`), so its pages never take its new views for old ones.
    #[serde(default)]
    generation: u64,
    /// The seats handed out to people on other screens, and the tokens that played them
    /// before (`serve/handout.rs`): refused after a restart as before it.
    #[serde(default)]
    handed_out: Vec<bool>,
    #[serde(default)]
    retired_tokens: Vec<RetiredToken>,
    /// The seats whose token is an invitation not yet claimed, and the game's rematch, if
    /// asked for (`serve/rematch.rs`): a screen may fetch its rematch seat after a restart.
    #[serde(default)]
    invited: Vec<bool>,
    #[serde(default)]
    rematch: Option<super::rematch::RematchSeats>,
}

#[derive(Serialize, serde::Deserialize)]
struct StoredTakeback {
    plies: Option<usize>,
    agreed: Vec<u8>,
}

impl StoredPlay {
    fn of(g: &WebGame) -> StoredPlay {
        let clocks = g.play.clocks.as_ref();
        StoredPlay {
            control: clocks.map(|c| c.control.to_string()),
            left_ms: clocks.map_or_else(Vec::new, |c| {
                c.snapshot().iter().map(|t| t.as_millis() as u64).collect()
            }),
            ending: g.play.ending.clone(),
            draw_offer: g.play.draw_offer,
            draw_answer: g.play.draw_answer.clone(),
            // An offer the position moved past is void (`seats.rs`): not kept.
            takeback: g.live_takeback().map(|o| StoredTakeback {
                plies: o.plies,
                agreed: o.agreed.clone(),
            }),
            stand_in: g.stand_in.iter().map(|m| m.word().to_string()).collect(),
            setup_plans: g.setup_plans.clone(),
            generation: g.generation,
            handed_out: g.handed_out.clone(),
            retired_tokens: g.retired_tokens.clone(),
            invited: g.invited.clone(),
            rematch: g.rematch.clone(),
        }
    }

    /// Puts the clocks (stopped; they run again when a page watches) and the ending back.
    fn apply(self, g: &mut WebGame) -> Result<(), String> {
        if let Some(text) = self.control {
            let control = super::clock::TimeControl::parse(&text)?;
            let mut clocks = super::clock::GameClocks::new(control, g.session.seats());
            if self.left_ms.len() == g.session.seats() {
                clocks.restore(
                    self.left_ms
                        .into_iter()
                        .map(Duration::from_millis)
                        .collect(),
                );
            }
            g.play.clocks = Some(clocks);
        }
        g.play.ending = self.ending;
        let seats = g.session.seats();
        g.play.draw_offer = self.draw_offer.filter(|&s| (s as usize) < seats);
        g.play.draw_answer = self.draw_answer;
        // The offer stands in the position the moves replayed to (this epoch).
        g.takeback = self.takeback.map(|t| TakebackOffer {
            plies: t.plies,
            agreed: t.agreed,
            epoch: g.epoch,
        });
        if self.stand_in.len() == seats {
            g.stand_in = self
                .stand_in
                .iter()
                .map(|word| StandIn::parse(word).unwrap_or_default())
                .collect();
            g.end_finished_set_ups();
        }
        if self.setup_plans.len() == seats {
            g.setup_plans = self.setup_plans;
        }
        if self.handed_out.len() == seats {
            g.handed_out = self.handed_out;
        }
        g.retired_tokens = self.retired_tokens;
        if self.invited.len() == seats {
            g.invited = self.invited;
        }
        g.rematch = self.rematch;
        // Last: replaying the moves counted generations afresh.
        g.generation = super::generation::read_back(self.generation, SystemTime::now());
        Ok(())
    }
}

/// A finished game as the list shows it.
#[derive(Serialize)]
pub struct FinishedGame {
    pub id: String,
    pub variant: String,
    pub players: String,
    pub result: String,
    pub moves: i64,
    /// Seconds since 1970.
    pub updated: i64,
}

/// A game read back: everything to rebuild its [`WebGame`].
struct StoredGame {
    id: String,
    variant: String,
    options: String,
    start: Option<String>,
    players: String,
    tokens: String,
    play: String,
}

impl Store {
    /// Opens (creating if new) the database at `path`; a file that is not a database, or
    /// one this program cannot read, is refused and left as it is.
    pub fn open(path: &Path) -> Result<Store, String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
        }
        let why = |e: rusqlite::Error| format!("the games database {}: {e}", path.display());
        let connection = Connection::open(path).map_err(why)?;
        connection.busy_timeout(BUSY_WAIT).map_err(why)?;
        // WAL: readers never wait for the writer; a crash mid-write loses only that write.
        connection
            .pragma_update(None, "journal_mode", "WAL")
            .map_err(why)?;
        connection.execute_batch(SCHEMA).map_err(why)?;
        Ok(Store {
            connection: Mutex::new(connection),
            path: path.to_path_buf(),
        })
    }

    /// Caps the file at `pages` pages (SQLite's `max_page_count`; never below the pages it
    /// holds now, so 1 caps it where it stands). Past the cap a write fails as on a full disk:
    /// a 500, and nothing stored before is touched. Answers the cap in force. Tests use it to
    /// fill the disk deterministically.
    pub fn cap_pages(&self, pages: u64) -> Result<u64, ApiError> {
        let connection = lock(&self.connection);
        connection
            .query_row(&format!("PRAGMA max_page_count = {pages}"), [], |r| {
                r.get(0)
            })
            .map_err(storage_error)
    }

    /// Writes the game as it stands, in one transaction: all of it or none.
    pub fn save(&self, g: &WebGame, names: &str) -> Result<(), ApiError> {
        let mut connection = lock(&self.connection);
        let tx = connection.transaction().map_err(storage_error)?;
        let options = serde_json::to_string(&g.options).unwrap_or_default();
        let players: Vec<Option<StoredLevel>> = g
            .players
            .iter()
            .map(|p| {
                p.map(|level| StoredLevel {
                    movetime_ms: level.movetime.map(|t| t.as_millis() as u64),
                    depth: level.depth,
                    level: level.level,
                })
            })
            .collect();
        let now = now_seconds();
        tx.execute(
            "INSERT INTO games (id, variant, options, start, players, tokens, names, created, updated, over, result, play)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10, ?11)
             ON CONFLICT(id) DO UPDATE SET tokens = ?6, updated = ?8, over = ?9, result = ?10, play = ?11",
            params![
                g.id,
                g.variant.name(),
                options,
                g.start,
                serde_json::to_string(&players).unwrap_or_default(),
                serde_json::to_string(&g.seat_tokens).unwrap_or_default(),
                names,
                now,
                g.is_over(),
                g.status_text(),
                serde_json::to_string(&StoredPlay::of(g)).unwrap_or_default(),
            ],
        )
        .map_err(storage_error)?;
        // A take-back drops the moves past the game's end; the ones kept are written again
        // only if new.
        tx.execute(
            "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
            params![g.id, g.moves.len() as i64],
        )
        .map_err(storage_error)?;
        for (ply, m) in g.moves.iter().enumerate() {
            let (cp, mate) = match m.score {
                Some(ReportScore::Centipawns(cp)) => (Some(cp), None),
                Some(ReportScore::Mate(n)) => (None, Some(n)),
                None => (None, None),
            };
            tx.execute(
                "INSERT OR IGNORE INTO moves (game, ply, seat, text, notation, elapsed_ms, cp, mate, depth)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    g.id,
                    ply as i64,
                    m.seat,
                    m.text,
                    m.notation,
                    m.elapsed.as_millis() as i64,
                    cp,
                    mate,
                    m.depth
                ],
            )
            .map_err(storage_error)?;
        }
        tx.commit().map_err(storage_error)
    }

    fn read_game(&self, c: &Connection, id: &str) -> Result<Option<StoredGame>, rusqlite::Error> {
        c.query_row(
            "SELECT id, variant, options, start, players, tokens, play FROM games WHERE id = ?1",
            params![id],
            |r| {
                Ok(StoredGame {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    options: r.get(2)?,
                    start: r.get(3)?,
                    players: r.get(4)?,
                    tokens: r.get(5)?,
                    play: r.get(6)?,
                })
            },
        )
        .optional()
    }

    fn read_moves(&self, c: &Connection, id: &str) -> Result<Vec<WebMove>, rusqlite::Error> {
        let mut statement = c.prepare(
            "SELECT seat, text, notation, elapsed_ms, cp, mate, depth FROM moves WHERE game = ?1 ORDER BY ply",
        )?;
        let rows = statement.query_map(params![id], |r| {
            let cp: Option<i32> = r.get(4)?;
            let mate: Option<i32> = r.get(5)?;
            Ok(WebMove {
                seat: r.get(0)?,
                text: r.get(1)?,
                notation: r.get(2)?,
                score: cp
                    .map(ReportScore::Centipawns)
                    .or(mate.map(ReportScore::Mate)),
                depth: r.get(6)?,
                elapsed: Duration::from_millis(r.get::<_, i64>(3)?.max(0) as u64),
                departures: Vec::new(),
            })
        })?;
        rows.collect()
    }

    /// Rebuilds a stored game: its moves replayed through the rules, so what is resumed is
    /// what the rules say (a stored move they refuse ends the replay there, with a warning).
    pub fn load(&self, id: &str) -> Result<Option<WebGame>, ApiError> {
        let connection = lock(&self.connection);
        let Some(stored) = self.read_game(&connection, id).map_err(storage_error)? else {
            return Ok(None);
        };
        let moves = self.read_moves(&connection, id).map_err(storage_error)?;
        drop(connection);
        let broken = |why: String| ApiError::Storage {
            busy: false,
            why: format!("game {id} cannot be read back: {why}"),
        };
        let variant: Variant = stored
            .variant
            .parse()
            .map_err(|e: crate::session::UnknownVariant| broken(e.to_string()))?;
        let options: Vec<(String, String)> =
            serde_json::from_str(&stored.options).map_err(|e| broken(e.to_string()))?;
        let players: Vec<Option<StoredLevel>> =
            serde_json::from_str(&stored.players).map_err(|e| broken(e.to_string()))?;
        let tokens: Vec<String> =
            serde_json::from_str(&stored.tokens).map_err(|e| broken(e.to_string()))?;
        let mut session = variant
            .configured_session(&options)
            .map_err(|e| broken(e.to_string()))?;
        session
            .set_position(stored.start.as_deref(), &[])
            .map_err(|e| broken(e.to_string()))?;
        let players = players
            .into_iter()
            .map(|p| {
                p.map(|l| EngineLevel {
                    movetime: l.movetime_ms.map(Duration::from_millis),
                    depth: l.depth,
                    level: l.level,
                })
            })
            .collect();
        let mut game = WebGame::new(stored.id, variant, options, stored.start, session, players);
        if tokens.len() == game.seat_tokens.len() {
            game.seat_tokens = tokens;
        }
        for m in moves {
            if let Err(e) = game.play(&m.text, m.score, m.depth) {
                log::warn!(
                    "serve: game {id}: stored move {} no longer plays: {e}",
                    m.text
                );
                break;
            }
            if let Some(last) = game.moves.last_mut() {
                last.elapsed = m.elapsed;
            }
        }
        let play: StoredPlay =
            serde_json::from_str(&stored.play).map_err(|e| broken(e.to_string()))?;
        play.apply(&mut game).map_err(broken)?;
        Ok(Some(game))
    }

    /// The ids of the games still going on.
    pub fn unfinished(&self) -> Result<Vec<String>, ApiError> {
        let connection = lock(&self.connection);
        let mut statement = connection
            .prepare("SELECT id FROM games WHERE over = 0 ORDER BY updated")
            .map_err(storage_error)?;
        let ids = statement
            .query_map([], |r| r.get(0))
            .map_err(storage_error)?
            .collect::<Result<Vec<String>, _>>()
            .map_err(storage_error);
        ids
    }

    /// Finished games, newest first: of `variant` when given, and against an `opponent`
    /// whose name contains the words given (`Regalia`, `depth 4`, `Human`).
    pub fn finished(
        &self,
        variant: Option<&str>,
        opponent: Option<&str>,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, ApiError> {
        let connection = lock(&self.connection);
        let mut statement = connection
            .prepare(
                "SELECT g.id, g.variant, g.names, g.result, g.updated,
                        (SELECT COUNT(*) FROM moves m WHERE m.game = g.id)
                 FROM games g
                 WHERE g.over = 1 AND (?1 IS NULL OR g.variant = ?1)
                   AND (?2 IS NULL OR instr(lower(g.names), lower(?2)) > 0)
                 ORDER BY g.updated DESC LIMIT ?3",
            )
            .map_err(storage_error)?;
        let games = statement
            .query_map(params![variant, opponent, limit as i64], |r| {
                Ok(FinishedGame {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    players: r.get(2)?,
                    result: r.get(3)?,
                    updated: r.get(4)?,
                    moves: r.get(5)?,
                })
            })
            .map_err(storage_error)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(storage_error);
        games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_file_is_per_user() {
        let path = default_path();
        assert!(path.ends_with("regalia/games.sqlite"), "{}", path.display());
    }

    #[test]
    fn a_file_that_is_no_database_is_refused_and_left_alone() {
        let dir = std::env::temp_dir().join(format!("regalia-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("not-a-db.sqlite");
        let junk = vec![0x5au8; 8192];
        std::fs::write(&path, &junk).unwrap();
        let refused = Store::open(&path);
        assert!(refused.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), junk, "the file was changed");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
