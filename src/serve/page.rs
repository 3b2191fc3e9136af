//! The page, built into the binary: nothing is read from disk, nothing fetched from elsewhere.

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// The embedded file at `path`, with its content type.
pub fn asset(path: &str) -> Option<(&'static str, &'static [u8])> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX.as_bytes())),
        "/app.js" => Some(("text/javascript; charset=utf-8", SCRIPT.as_bytes())),
        "/style.css" => Some(("text/css; charset=utf-8", STYLE.as_bytes())),
        _ => None,
    }
}
