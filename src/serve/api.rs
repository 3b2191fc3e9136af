//! The routes: the embedded page, and the JSON API it uses (documented in `docs/serve-api.md`,
//! so other front ends can use it too). Nothing is ever read from disk.

use super::clock::{GameClocks, TimeControl};
use super::http::{parse_json, ApiError, Reply};
use super::jobs::EngineLevel;
use super::jobs::{lock, JobKind};
use super::offers::{DrawAnswer, SeatRequest as Acting};
use super::page;
use super::record::record_download;
use super::seats::{self, Access};
use super::table::{new_id, GameTable, SharedGame};
use super::view::{current_search, game_view};
use super::web_game::WebGame;
use crate::session::{Variant, VariantError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

/// The longest an engine seat may be given per move, and the deepest depth.
const MAX_MOVETIME_MS: u64 = 10 * 60 * 1000;
const MAX_DEPTH: u32 = 64;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: String,
    /// The variant's own options (`TaflRules`, `SceptreLayout`, `SceptrePlayers`).
    #[serde(default)]
    options: BTreeMap<String, serde_json::Value>,
    /// A position string to start from (the variant's start when absent or empty).
    #[serde(default)]
    position: Option<String>,
    /// One entry per seat, in seat order; all people when absent.
    #[serde(default)]
    seats: Option<Vec<SeatRequest>>,
    /// A time control, `3+2` (minutes each, seconds added a move); no clocks when absent.
    #[serde(default)]
    clock: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    #[serde(default)]
    engine: bool,
    /// Milliseconds per move for an engine.
    #[serde(default)]
    movetime: Option<u64>,
    #[serde(default)]
    depth: Option<u32>,
    /// The foe of the game's ladder (`GET /api/ladders`) the engine plays as: 1 = the
    /// weakest; absent: full strength.
    #[serde(default)]
    level: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
    /// The position string the move was chosen in: when given and no longer the game's
    /// position (another tab, or a take-back, changed it), the move is refused, not played
    /// in a position its player never saw.
    #[serde(default)]
    position: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    #[serde(default)]
    plies: Option<usize>,
    /// Refuse the take-back another person asked for.
    #[serde(default)]
    decline: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    #[serde(default = "one")]
    lines: usize,
    /// Analyse the position after this many moves (a reviewed one); absent: the game's.
    #[serde(default)]
    ply: Option<usize>,
}

fn one() -> usize {
    1
}

#[derive(Serialize)]
struct VariantInfo {
    name: &'static str,
    /// The seat names of the default set-up (Sceptre: all four; the first `SceptrePlayers`
    /// play).
    seat_names: Vec<String>,
    seats: usize,
    options: Vec<OptionInfo>,
    start: String,
}

#[derive(Serialize)]
struct OptionInfo {
    name: &'static str,
    choices: Vec<String>,
}

/// The state of a running search, for the page's frequent polls.
#[derive(Serialize)]
struct Live {
    generation: u64,
    status: String,
    search: Option<super::view::SearchView>,
}

fn variants() -> Vec<VariantInfo> {
    Variant::ALL
        .iter()
        .filter(|v| **v != Variant::Takeaway)
        .map(|&v| {
            let session = v.new_session();
            let seat_names = (0..4.max(session.seats()) as u8)
                .map(|s| session.seat_name(s))
                .take(if v == Variant::Sceptre {
                    4
                } else {
                    session.seats()
                })
                .collect();
            VariantInfo {
                name: v.name(),
                seat_names,
                seats: session.seats(),
                options: v
                    .options()
                    .into_iter()
                    .filter(|spec| spec.offered)
                    .map(|spec| OptionInfo {
                        name: spec.name,
                        choices: spec.choices(),
                    })
                    .collect(),
                start: session.position_text(),
            }
        })
        .collect()
}

fn option_value(name: &str, value: &serde_json::Value) -> Result<String, ApiError> {
    match value {
        serde_json::Value::String(s) => Ok(s.clone()),
        serde_json::Value::Number(n) => Ok(n.to_string()),
        serde_json::Value::Bool(b) => Ok(b.to_string()),
        _ => Err(ApiError::BadRequest(format!(
            "option {name}: give a string or a number"
        ))),
    }
}

fn variant_error(e: VariantError) -> ApiError {
    ApiError::BadRequest(e.to_string())
}

fn new_game(table: &GameTable, body: &str) -> Result<Reply, ApiError> {
    let request: NewGame = parse_json(body)?;
    let variant: Variant = request
        .variant
        .parse()
        .map_err(|e: crate::session::UnknownVariant| variant_error(e.into()))?;
    let mut options = Vec::new();
    for (name, value) in &request.options {
        if variant.option(name).is_none() {
            let known = variant.option_names();
            return Err(ApiError::BadRequest(format!(
                "{variant} has no option '{name}' (its options: {})",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        }
        options.push((name.clone(), option_value(name, value)?));
    }
    let mut session = variant
        .configured_session(&options)
        .map_err(variant_error)?;
    let start = request
        .position
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty());
    session
        .set_position(start.as_deref(), &[])
        .map_err(variant_error)?;
    let seats = session.seats();
    let requested = request.seats.unwrap_or_else(|| {
        (0..seats)
            .map(|_| SeatRequest {
                engine: false,
                movetime: None,
                depth: None,
                level: None,
            })
            .collect()
    });
    if requested.len() != seats {
        return Err(ApiError::BadRequest(format!(
            "this game has {seats} seats, but {} were given",
            requested.len()
        )));
    }
    let mut players = Vec::new();
    for (seat, r) in requested.iter().enumerate() {
        if r.movetime.is_some_and(|t| t == 0 || t > MAX_MOVETIME_MS) {
            return Err(ApiError::BadRequest(format!(
                "seat {seat}: movetime must be 1 to {MAX_MOVETIME_MS} ms"
            )));
        }
        if r.depth.is_some_and(|d| d == 0 || d > MAX_DEPTH) {
            return Err(ApiError::BadRequest(format!(
                "seat {seat}: depth must be 1 to {MAX_DEPTH}"
            )));
        }
        let level = super::ladders::checked_level(variant, seat, r.level)?;
        players.push(r.engine.then_some(EngineLevel {
            movetime: r.movetime.map(Duration::from_millis),
            depth: r.depth,
            level,
        }));
    }
    let mut game = WebGame::new(new_id(), variant, options, start, session, players);
    if let Some(text) = request.clock.as_deref().filter(|t| !t.trim().is_empty()) {
        let control = TimeControl::parse(text).map_err(ApiError::BadRequest)?;
        game.play.clocks = Some(GameClocks::new(control, seats));
    }
    let shared = table.insert(game)?;
    let mut g = lock(&shared);
    g.kick(&shared);
    // Only the creator ever sees every seat's link.
    Ok(view_reply(
        &g,
        None,
        Access::Watcher,
        Some(seats::links(&g)),
    ))
}

/// The game view with what seats add: the asking seat, a take-back waiting, and (for the
/// creator only) the seat links.
fn view_reply(
    g: &WebGame,
    turn: Option<u8>,
    access: Access,
    links: Option<seats::SeatLinks>,
) -> Reply {
    view_reply_with(g, turn, access, None, links)
}

/// `view_reply`, saying what the request's seat link is (`seat_link`).
fn view_reply_with(
    g: &WebGame,
    turn: Option<u8>,
    access: Access,
    seat_link: Option<seats::LinkState>,
    links: Option<seats::SeatLinks>,
) -> Reply {
    #[derive(Serialize)]
    struct WithSeats {
        #[serde(flatten)]
        view: super::view::GameView,
        #[serde(flatten)]
        seats: seats::SeatExtras,
        #[serde(skip_serializing_if = "Option::is_none")]
        links: Option<seats::SeatLinks>,
    }
    Reply::json(&WithSeats {
        view: game_view(g, turn, access),
        seats: seats::extras(g, access, seat_link),
        links,
    })
}

fn turn_param(query: &BTreeMap<String, String>) -> Result<Option<u8>, ApiError> {
    match query.get("turn") {
        None => Ok(None),
        Some(t) => match t.parse::<u8>() {
            Ok(n) if n < 4 => Ok(Some(n)),
            _ => Err(ApiError::BadRequest(format!(
                "turn must be 0, 1, 2 or 3, not '{t}'"
            ))),
        },
    }
}

/// Splits `a=1&b=2` (no escapes are needed by any parameter the API takes).
fn query_pairs(query: &str) -> BTreeMap<String, String> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (p.to_string(), String::new()),
        })
        .collect()
}

/// What a call meets on a copy of a game the table dropped meanwhile (then tried again).
fn set_aside() -> ApiError {
    ApiError::Unavailable("the server was putting this game away; try again".into())
}

/// One call on one game.
fn game_call(
    table: &GameTable,
    shared: &SharedGame,
    method: &str,
    action: &str,
    query: &BTreeMap<String, String>,
    body: &str,
) -> Result<Reply, ApiError> {
    let mut g = lock(shared);
    if g.set_aside {
        // Dropped from the table while this request waited: the table holds the copy to use.
        return Err(set_aside());
    }
    // Every call on a game passes here first: reads are open, changes need a seat's token
    // (all but a finished game's analysis).
    let access = seats::authorize(&g, method, action, query)?;
    // A write that failed earlier (an engine's move) is this call's to report only if its
    // own change fails to write too: the next change writes the whole game again.
    g.store_error = None;
    g.seen();
    if g.paused {
        g.paused = false;
    }
    let turn = turn_param(query)?;
    match (method, action) {
        ("GET", "") => {}
        ("GET", "live") => {
            g.kick(shared);
            let search = current_search(&g, access);
            return Ok(Reply::json(&Live {
                generation: g.generation,
                status: g.status_text(),
                search,
            }));
        }
        ("GET" | "HEAD", "events") => {
            // Pushed updates: the connection stays open (`serve/events.rs`).
            return Ok(Reply::Events(table.events.watch(
                &g.id,
                g.generation,
                g.moves.len(),
            )?));
        }
        ("POST", "move") => {
            let request: MoveRequest = parse_json(body)?;
            if let Some(seen) = request.position.as_deref() {
                if seen.trim() != g.session.position_text() {
                    return Err(ApiError::Conflict(
                        "the position has changed since this move was chosen (a move was made or taken back elsewhere)".into(),
                    ));
                }
            }
            seats::may_move(&g, access)?;
            g.play_human(&request.text)?;
        }
        ("POST", "undo") => {
            let request: UndoRequest = parse_json(body)?;
            if g.moves.is_empty() && !request.decline {
                return Err(ApiError::Conflict("no move to take back".into()));
            }
            if seats::ask_takeback(&mut g, access, request.plies, request.decline)? {
                g.take_back(request.plies)?;
            }
        }
        ("POST", "analysis") => {
            let request: AnalysisRequest = parse_json(body)?;
            if !(1..=16).contains(&request.lines) {
                return Err(ApiError::BadRequest("lines must be 1 to 16".into()));
            }
            if let Some(ply) = request.ply.filter(|&n| n > g.moves.len()) {
                return Err(ApiError::BadRequest(format!(
                    "ply {ply}: the game has {} moves",
                    g.moves.len()
                )));
            }
            // No engine help in a game between people (`fair_play.rs`).
            super::fair_play::may_analyse(&g)?;
            // After the end only an earlier position (or the last one, named) is analysed.
            if g.is_over() && request.ply.is_none() {
                return Err(ApiError::Conflict("the game is over".into()));
            }
            let moved = g.analysis_ply != request.ply;
            g.analysis = Some(request.lines);
            g.analysis_ply = request.ply;
            // A running analysis restarts with the new number of lines, or at the new ply.
            if moved && g.job.is_none() {
                g.stopped_job = None;
            }
            if matches!(
                g.job.as_ref().map(|j| j.kind),
                Some(JobKind::Analysis { .. })
            ) {
                g.stop_job();
            }
        }
        ("POST", "stop") => {
            g.analysis = None;
            g.analysis_ply = None;
            match g.job.as_ref().map(|j| j.kind) {
                // The engine moves now, with the best move it has.
                Some(JobKind::EngineMove(_)) => {
                    if let Some(j) = g.job.as_ref() {
                        j.stop();
                    }
                }
                Some(JobKind::Analysis { .. }) => g.stop_job(),
                None => {}
            }
        }
        ("GET", "review") => {
            let ply = match query.get("ply") {
                None => g.moves.len(),
                Some(p) => p.parse().map_err(|_| {
                    ApiError::BadRequest(format!("ply must be a number of moves, not '{p}'"))
                })?,
            };
            let view_turn = game_view_turn(&g);
            return Ok(Reply::json(&g.review(ply, turn.unwrap_or(view_turn))?));
        }
        ("POST", "resign") => {
            let request: Acting = parse_json(body)?;
            let seat = seats::acting_seat(&g, access, request.seat)?;
            g.resign(Some(seat))?;
        }
        ("POST", "stand-in") => {
            let request: super::stand_in::StandInRequest = parse_json(body)?;
            let mode = super::stand_in::StandIn::parse(&request.mode)?;
            let seat = seats::acting_seat(&g, access, None)?;
            g.set_stand_in(seat, mode)?;
        }
        ("POST", "setup-proposal") => {
            // The engine's plan of the seat's set-up, or a check of the player's: made on a
            // copy of the game, without holding it (a plan searches for a fraction of a second).
            let request: super::setup_plan::SetUpRequest = parse_json(body)?;
            let seat = seats::acting_seat(&g, access, None)?;
            if g.session.seat_state(seat) != crate::core::SeatState::Active || g.is_over() {
                return Err(ApiError::Conflict(format!(
                    "{} is out of the game",
                    g.session.seat_name(seat)
                )));
            }
            let session = g.session.boxed_clone();
            let mut board = g.session.diagram();
            board.title.clear();
            if let Some(last) = g.moves.last() {
                board.last_move = board.move_cells(&last.text);
            }
            let turn = turn.unwrap_or_else(|| game_view_turn(&g));
            drop(g);
            let plan = super::setup_plan::plan(
                session.as_ref(),
                seat,
                request.placements.as_deref(),
                board,
                turn,
            )?;
            return Ok(Reply::json(&plan));
        }
        ("POST", "setup-plan") => {
            let request: super::held_plan::PlanRequest = parse_json(body)?;
            let seat = seats::acting_seat(&g, access, None)?;
            g = hold_checked_plan(g, shared, seat, &request.placements)?;
        }
        ("DELETE", "setup-plan") => {
            let seat = seats::acting_seat(&g, access, None)?;
            g.drop_plan(seat);
        }
        ("POST", "offer-draw") => {
            let request: Acting = parse_json(body)?;
            let seat = seats::acting_seat(&g, access, request.seat)?;
            g.offer_draw(Some(seat))?;
        }
        ("POST", "answer-draw") => {
            let request: DrawAnswer = parse_json(body)?;
            let seat = seats::acting_seat(&g, access, request.seat)?;
            g.answer_draw(request.accept, Some(seat))?;
        }
        ("POST", "hand-out") => {
            // The seat's new link, for the asking screen to pass on; the old token is dead.
            let handed = super::handout::hand_out(&mut g, access)?;
            return Ok(Reply::json(&handed));
        }
        ("POST", "claim") => {
            // The invitation's seat is this screen's now, with a token nobody else saw.
            let claimed = super::handout::claim(&mut g, access)?;
            return Ok(Reply::json(&claimed));
        }
        ("POST", "rematch") => return rematch(table, g, access),
        ("GET", "rematch-seat") => {
            // Another screen asked for the rematch: this screen's own seats of it.
            let (id, links) = super::rematch::links_for(&g, access)?;
            return Ok(Reply::json(&super::rematch::RematchSeat { id, links }));
        }
        ("GET", "record") => {
            let (file_name, content_type, text) = record_download(&g);
            return Ok(Reply::Download {
                content_type,
                file_name,
                body: text,
            });
        }
        ("GET", "svg") => {
            let mut diagram = g.session.diagram();
            if let Some(last) = g.moves.last() {
                diagram.last_move = diagram.move_cells(&last.text);
            }
            let svg = super::view::board_svg(&diagram, turn.unwrap_or(0), false);
            return Ok(Reply::Download {
                content_type: "image/svg+xml",
                file_name: format!("{}-{}.svg", g.variant.name(), g.moves.len()),
                body: svg,
            });
        }
        (
            _,
            "" | "live" | "events" | "record" | "svg" | "move" | "undo" | "analysis" | "stop"
            | "resign" | "offer-draw" | "answer-draw" | "rematch" | "review" | "stand-in"
            | "setup-proposal" | "setup-plan" | "hand-out" | "claim" | "rematch-seat",
        ) => {
            return Err(ApiError::MethodNotAllowed {
                method: method.to_string(),
                path: format!("/api/games/{}/{action}", g.id),
            })
        }
        _ => return Err(ApiError::NotFound(format!("/api/games/{}/{action}", g.id))),
    }
    if let Some(e) = g.store_error.take() {
        return Err(e);
    }
    g.kick(shared);
    let seat_link = seats::link_state(&g, query);
    Ok(view_reply_with(&g, turn, access, seat_link, None))
}

/// The rematch of a finished game: made once, by the first seat to ask; every later asker gets
/// the same rematch. Either way the answer is the rematch's view with the asking screen's own
/// seat links (`rematch.rs`).
fn rematch(
    table: &GameTable,
    mut g: std::sync::MutexGuard<'_, WebGame>,
    access: Access,
) -> Result<Reply, ApiError> {
    let made = if g.rematch.is_none() {
        Some(super::rematch::make(&mut g, access)?)
    } else {
        None
    };
    let (id, links) = super::rematch::links_for(&g, access)?;
    let old = g.id.clone();
    // The table may lock every game to make room: the old one is let go first.
    drop(g);
    let shared = match made {
        Some(next) => {
            let inserted = table.insert(next);
            let Some(old_game) = table.get(&old) else {
                return Err(set_aside());
            };
            let mut g = lock(&old_game);
            if inserted.is_err() {
                // Not started: no rematch to join.
                g.rematch = None;
            } else {
                // Now in the table: the old game's pages are told, and it is stored.
                g.noted();
            }
            let shared = inserted?;
            if let Some(e) = g.store_error.take() {
                return Err(e);
            }
            shared
        }
        None => table.get_or_load(&id)?.ok_or_else(|| {
            ApiError::Unavailable("the rematch is being set up; try again".into())
        })?,
    };
    let mut next = lock(&shared);
    next.kick(&shared);
    Ok(view_reply(&next, None, Access::Watcher, Some(links)))
}

/// How often a plan is checked without holding the game before it is checked holding it (the
/// other players' placements may move the set-up on while the check runs).
const PLAN_CHECKS_UNHELD: usize = 2;

/// Checks the seat's plan in order (`setup_plan.rs`) and holds it with the game (`held_plan.rs`);
/// a plan refused is not kept, and the game is left as it was. The check searches, so it runs
/// on a copy with the game let go; if the game moved on meanwhile, it is checked again.
fn hold_checked_plan<'a>(
    mut g: std::sync::MutexGuard<'a, WebGame>,
    shared: &'a SharedGame,
    seat: u8,
    placements: &[String],
) -> Result<std::sync::MutexGuard<'a, WebGame>, ApiError> {
    let mut attempt = 0;
    loop {
        g.may_hold_plan(seat)?;
        let position = g.session.position_text();
        let session = g.session.boxed_clone();
        if attempt == PLAN_CHECKS_UNHELD {
            let checked = super::setup_plan::check(session.as_ref(), seat, placements)?;
            g.hold_plan(seat, checked)?;
            return Ok(g);
        }
        drop(g);
        let checked = super::setup_plan::check(session.as_ref(), seat, placements);
        g = lock(shared);
        if g.set_aside {
            return Err(set_aside());
        }
        let checked = checked?;
        if g.session.position_text() == position {
            g.hold_plan(seat, checked)?;
            return Ok(g);
        }
        attempt += 1;
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportRequest {
    /// A PGN (chess family) or a line record (tafl, Sceptre), as the record call writes them.
    record: String,
}

/// A record read back in as a new game between people, its seat links to the importer.
fn import_record(table: &GameTable, body: &str) -> Result<Reply, ApiError> {
    let request: ImportRequest = parse_json(body)?;
    let imported = super::import::read_record(&request.record)?;
    let mut session = imported.session;
    session
        .set_position(imported.start.as_deref(), &[])
        .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let players = vec![None; session.seats()];
    let mut game = WebGame::new(
        new_id(),
        imported.variant,
        imported.options,
        imported.start,
        session,
        players,
    );
    for m in &imported.moves {
        game.play(m, None, None)?;
    }
    let shared = table.insert(game)?;
    let g = lock(&shared);
    Ok(view_reply(
        &g,
        None,
        Access::Watcher,
        Some(seats::links(&g)),
    ))
}

/// A query value as a form sends it: `+` for a space, `%XX` for a byte (bad escapes kept).
fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The finished games kept, newest first: `?variant=chess&opponent=depth%204`.
fn finished_games(table: &GameTable, query: &BTreeMap<String, String>) -> Result<Reply, ApiError> {
    let Some(store) = table.store.get() else {
        return Ok(Reply::json(&Vec::<()>::new()));
    };
    let words = |key: &str| {
        query
            .get(key)
            .map(|v| percent_decoded(v))
            .filter(|v| !v.is_empty())
    };
    let games = store.finished(
        words("variant").as_deref(),
        words("opponent").as_deref(),
        200,
    )?;
    Ok(Reply::json(&games))
}

/// The quarter turns that put the game's first person at the bottom (as the game view).
fn game_view_turn(g: &WebGame) -> u8 {
    let first_person = (0..g.players.len() as u8).find(|&s| g.players[s as usize].is_none());
    g.session.seat_turn(first_person.unwrap_or(0))
}

/// Answers one request: `url` is the path with its query.
pub fn route(table: &GameTable, method: &str, url: &str, body: &str) -> Reply {
    match route_inner(table, method, url, body) {
        Ok(reply) => reply,
        Err(e) => e.into(),
    }
}

fn route_inner(table: &GameTable, method: &str, url: &str, body: &str) -> Result<Reply, ApiError> {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let query = query_pairs(query);
    if let Some(asset) = page::asset(path) {
        return match method {
            "GET" | "HEAD" => Ok(Reply::Asset(asset.0, asset.1)),
            _ => Err(ApiError::MethodNotAllowed {
                method: method.into(),
                path: path.into(),
            }),
        };
    }
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').skip(1).collect();
    match (method, parts.as_slice()) {
        ("GET", ["api", "variants"]) => Ok(Reply::json(&variants())),
        ("GET", ["api", "records"]) => finished_games(table, &query),
        ("POST", ["api", "records"]) => import_record(table, body),
        ("GET", ["api", "server"]) => Ok(Reply::json(
            &serde_json::json!({ "join": table.join.get(), "streams": table.events.open_streams() }),
        )),
        ("GET", ["api", "ladders"]) => Ok(Reply::json(&super::ladders::ladders())),
        ("POST", ["api", "games"]) => new_game(table, body),
        (_, ["api", "variants"] | ["api", "ladders"] | ["api", "games"] | ["api", "records"]) => {
            Err(ApiError::MethodNotAllowed {
                method: method.into(),
                path: path.into(),
            })
        }
        (_, ["api", "games", id, rest @ ..]) if rest.len() <= 1 => {
            let action = rest.first().copied().unwrap_or("");
            let mut answer = Err(set_aside());
            // A game dropped for room as the call came in is asked for again (read back).
            for _ in 0..4 {
                let shared = table.get_or_load(id)?.ok_or_else(|| {
                    ApiError::NotFound(format!("game {id} (it may have expired)"))
                })?;
                answer = game_call(table, &shared, method, action, &query, body);
                if answer.as_ref().err() != Some(&set_aside()) {
                    break;
                }
            }
            answer
        }
        _ => Err(ApiError::NotFound(path.to_string())),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn query_words_are_decoded_as_forms_send_them() {
        assert_eq!(super::percent_decoded("depth+4"), "depth 4");
        assert_eq!(super::percent_decoded("a%20b%2Cc"), "a b,c");
        assert_eq!(super::percent_decoded("100%"), "100%");
        assert_eq!(super::percent_decoded("%zz%4"), "%zz%4");
    }
}
