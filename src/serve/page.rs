//! The page, built into the binary: nothing is read from disk, nothing fetched from elsewhere.

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
/// How to play each game: text for people, drawn from docs/rules.
const RULES: &str = include_str!("page/rules.js");
/// The named foes: the picker and the player's progress.
const FOES: &str = include_str!("page/foes.js");
const STYLE: &str = include_str!("page/style.css");
/// Clocks, resignation, draw offers and rematch.
const CLOCK: &str = include_str!("page/clock.js");
/// Stepping through the moves played.
const REVIEW: &str = include_str!("page/review.js");
/// Pushed updates (server-sent events) instead of polling.
const STREAM: &str = include_str!("page/stream.js");
const FAVICON: &str = include_str!("page/favicon.svg");

/// The embedded file at `path`, with its content type.
pub fn asset(path: &str) -> Option<(&'static str, &'static [u8])> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX.as_bytes())),
        "/app.js" => Some(("text/javascript; charset=utf-8", SCRIPT.as_bytes())),
        "/rules.js" => Some(("text/javascript; charset=utf-8", RULES.as_bytes())),
        "/review.js" => Some(("text/javascript; charset=utf-8", REVIEW.as_bytes())),
        "/clock.js" => Some(("text/javascript; charset=utf-8", CLOCK.as_bytes())),
        "/stream.js" => Some(("text/javascript; charset=utf-8", STREAM.as_bytes())),
        "/foes.js" => Some(("text/javascript; charset=utf-8", FOES.as_bytes())),
        "/style.css" => Some(("text/css; charset=utf-8", STYLE.as_bytes())),
        "/favicon.svg" | "/favicon.ico" => Some(("image/svg+xml", FAVICON.as_bytes())),
        _ => None,
    }
}
