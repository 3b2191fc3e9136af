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
/// Handing a seat to a person on another screen.
const HANDOUT: &str = include_str!("page/handout.js");
/// Opening an invitation: the first screen to open it takes the seat.
const INVITATION: &str = include_str!("page/invitation.js");
/// A rematch keeps its players: each screen follows with its own seats.
const REMATCH: &str = include_str!("page/rematch.js");
/// Stepping through the moves played.
const REVIEW: &str = include_str!("page/review.js");
/// Sceptre 1027 at human speed: set up for me, any seat at the bottom, board edges.
const SCEPTRE: &str = include_str!("page/sceptre.js");
/// Sceptre's field zoomed on a small screen, kept on the place looked at.
const ZOOM: &str = include_str!("page/zoom.js");
/// "Set up for me" as a preview the player adjusts, then confirms.
const SETUP_PREVIEW: &str = include_str!("page/setup_preview.js");
/// On a phone, Sceptre's set-up tools right under the field.
const SETUP_DOCK: &str = include_str!("page/setup_dock.js");
/// Pushed updates (server-sent events) instead of polling.
const STREAM: &str = include_str!("page/stream.js");
/// The king in check marked on the board.
const CHECK: &str = include_str!("page/check.js");
/// Captured pieces, pieces left, Sceptre's pools.
const COUNTERS: &str = include_str!("page/counters.js");
/// A line cut short shown whole on a tap (a phone has no hover).
const WHOLE_LINE: &str = include_str!("page/whole_line.js");
/// The piece following the pointer while dragged.
const DRAG: &str = include_str!("page/drag.js");
/// The evaluation bar, turned with the board, in the game's colours.
const EVALBAR: &str = include_str!("page/evalbar.js");
/// Which play controls make sense now (after the end, in review).
const CONTROLS: &str = include_str!("page/controls.js");
const FAVICON: &str = include_str!("page/favicon.svg");

/// The embedded file at `path`, with its content type.
pub fn asset(path: &str) -> Option<(&'static str, &'static [u8])> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX.as_bytes())),
        "/app.js" => Some(("text/javascript; charset=utf-8", SCRIPT.as_bytes())),
        "/rules.js" => Some(("text/javascript; charset=utf-8", RULES.as_bytes())),
        "/review.js" => Some(("text/javascript; charset=utf-8", REVIEW.as_bytes())),
        "/clock.js" => Some(("text/javascript; charset=utf-8", CLOCK.as_bytes())),
        "/handout.js" => Some(("text/javascript; charset=utf-8", HANDOUT.as_bytes())),
        "/invitation.js" => Some(("text/javascript; charset=utf-8", INVITATION.as_bytes())),
        "/rematch.js" => Some(("text/javascript; charset=utf-8", REMATCH.as_bytes())),
        "/stream.js" => Some(("text/javascript; charset=utf-8", STREAM.as_bytes())),
        "/foes.js" => Some(("text/javascript; charset=utf-8", FOES.as_bytes())),
        "/setup_preview.js" => Some(("text/javascript; charset=utf-8", SETUP_PREVIEW.as_bytes())),
        "/setup_dock.js" => Some(("text/javascript; charset=utf-8", SETUP_DOCK.as_bytes())),
        "/zoom.js" => Some(("text/javascript; charset=utf-8", ZOOM.as_bytes())),
        "/sceptre.js" => Some(("text/javascript; charset=utf-8", SCEPTRE.as_bytes())),
        "/check.js" => Some(("text/javascript; charset=utf-8", CHECK.as_bytes())),
        "/counters.js" => Some(("text/javascript; charset=utf-8", COUNTERS.as_bytes())),
        "/whole_line.js" => Some(("text/javascript; charset=utf-8", WHOLE_LINE.as_bytes())),
        "/drag.js" => Some(("text/javascript; charset=utf-8", DRAG.as_bytes())),
        "/evalbar.js" => Some(("text/javascript; charset=utf-8", EVALBAR.as_bytes())),
        "/controls.js" => Some(("text/javascript; charset=utf-8", CONTROLS.as_bytes())),
        "/style.css" => Some(("text/css; charset=utf-8", STYLE.as_bytes())),
        "/favicon.svg" | "/favicon.ico" => Some(("image/svg+xml", FAVICON.as_bytes())),
        _ => None,
    }
}
