//! The HTTP plumbing of `regalia serve`: reading a bounded body, and answering with JSON, text
//! or an error. Every error a request can cause is an [`ApiError`] with its status and a
//! message for the person (or program) that sent it.

use serde::Serialize;
use std::fmt;
use std::io::{Read, Write};

/// The largest request body read: every API body is a few hundred bytes, a position string
/// a few kilobytes at most.
pub const MAX_BODY: usize = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// The request does not read or makes no sense (400).
    BadRequest(String),
    /// No such page, API path or game (404).
    NotFound(String),
    /// The path exists but not with this method (405).
    MethodNotAllowed { method: String, path: String },
    /// Not now: the game is over, or an engine plays the seat to move (409).
    Conflict(String),
    /// A body over [`MAX_BODY`] (413).
    TooLarge,
    /// A body that is not JSON, or not the JSON this call takes (400, with serde's words).
    BadJson(String),
    /// Too many requests at once (503).
    Busy,
    /// The server cannot take this now, and says why (503).
    Unavailable(String),
    /// Not this client's to do: no seat token, another seat's, or a foreign Host/Origin (403).
    Forbidden(String),
    /// This client sent too many requests lately (429).
    TooMany,
    /// The games database failed; what was stored before stays stored (500, or 503 while the
    /// file is locked by another program).
    Storage { busy: bool, why: String },
}

impl ApiError {
    pub fn status(&self) -> u16 {
        match self {
            ApiError::BadRequest(_) | ApiError::BadJson(_) => 400,
            ApiError::NotFound(_) => 404,
            ApiError::MethodNotAllowed { .. } => 405,
            ApiError::Conflict(_) => 409,
            ApiError::TooLarge => 413,
            ApiError::Busy | ApiError::Unavailable(_) => 503,
            ApiError::Forbidden(_) => 403,
            ApiError::TooMany => 429,
            ApiError::Storage { busy: true, .. } => 503,
            ApiError::Storage { busy: false, .. } => 500,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(why) | ApiError::Conflict(why) => f.write_str(why),
            ApiError::NotFound(what) => write!(f, "not found: {what}"),
            ApiError::MethodNotAllowed { method, path } => {
                write!(f, "{path} does not take {method}")
            }
            ApiError::TooLarge => write!(f, "request body over {MAX_BODY} bytes"),
            ApiError::BadJson(why) => write!(f, "bad JSON: {why}"),
            ApiError::Busy => write!(f, "too many requests at once; try again"),
            ApiError::Forbidden(why) | ApiError::Unavailable(why) => f.write_str(why),
            ApiError::TooMany => write!(f, "too many requests from this address; slow down"),
            ApiError::Storage { busy: true, why } => write!(
                f,
                "the games database is busy (locked by another program?): {why}; nothing stored was lost, try again"
            ),
            ApiError::Storage { busy: false, why } => write!(
                f,
                "the games database failed: {why}; nothing stored before was lost"
            ),
        }
    }
}

impl std::error::Error for ApiError {}

/// What a handler answers; turned into a response by [`respond`].
pub enum Reply {
    Json(u16, String),
    /// A file the page needs: its type and bytes.
    Asset(&'static str, &'static [u8]),
    /// Text to save, with the file name offered for it.
    Download {
        content_type: &'static str,
        file_name: String,
        body: String,
    },
    /// An accepted event stream (`serve/events.rs`): the server hands the connection on.
    Events(super::events::Ticket),
}

impl Reply {
    pub fn json<T: Serialize>(value: &T) -> Reply {
        match serde_json::to_string(value) {
            Ok(text) => Reply::Json(200, text),
            Err(e) => error_json(500, &format!("could not write the answer: {e}")),
        }
    }
}

fn error_json(status: u16, message: &str) -> Reply {
    #[derive(Serialize)]
    struct Body<'a> {
        error: &'a str,
    }
    let text = serde_json::to_string(&Body { error: message })
        .unwrap_or_else(|_| r#"{"error":"error"}"#.to_string());
    Reply::Json(status, text)
}

impl From<ApiError> for Reply {
    fn from(e: ApiError) -> Reply {
        error_json(e.status(), &e.to_string())
    }
}

/// Parses a JSON body; an empty body reads as `{}` (calls whose fields are all optional).
pub fn parse_json<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    let body = if body.trim().is_empty() { "{}" } else { body };
    let value: serde_json::Value =
        serde_json::from_str(body).map_err(|e| ApiError::BadJson(e.to_string()))?;
    // Serde would also read a struct from an array of its fields: every body is an object.
    if !value.is_object() {
        return Err(ApiError::BadJson("the body must be a JSON object".into()));
    }
    serde_json::from_value(value).map_err(|e| ApiError::BadJson(e.to_string()))
}

/// A request as the router needs it.
pub struct Request {
    pub method: String,
    /// The path with its query.
    pub url: String,
    pub body: String,
    /// The headers the guard checks (`Host`, `Origin`, `Sec-Fetch-Site`), as sent.
    pub host: Option<String>,
    pub origin: Option<String>,
    pub fetch_site: Option<String>,
}

/// The most header bytes read before a request is refused.
const MAX_HEAD: usize = 16 * 1024;

fn find_head_end(bytes: &[u8]) -> Option<usize> {
    bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|i| i + 4)
}

/// Reads one request from the connection: the head (parsed by httparse), then a body of its
/// `Content-Length`, at most [`MAX_BODY`].
pub fn read_request(stream: &mut impl Read) -> Result<Request, ApiError> {
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        let end = find_head_end(&buffer);
        if end.unwrap_or(buffer.len()) > MAX_HEAD {
            return Err(ApiError::BadRequest("request head over 16 KiB".into()));
        }
        if let Some(end) = end {
            break end;
        }
        match stream.read(&mut chunk) {
            Ok(0) => return Err(ApiError::BadRequest("the request ended early".into())),
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
            Err(e) => return Err(ApiError::BadRequest(format!("could not read: {e}"))),
        }
    };
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut parsed = httparse::Request::new(&mut headers);
    match parsed.parse(&buffer[..head_end]) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => {
            return Err(ApiError::BadRequest("incomplete request head".into()))
        }
        Err(e) => return Err(ApiError::BadRequest(format!("malformed request: {e}"))),
    }
    let method = parsed.method.unwrap_or("GET").to_ascii_uppercase();
    let url = parsed.path.unwrap_or("/").to_string();
    let header = |name: &str| {
        parsed
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).trim().to_string())
    };
    if header("transfer-encoding").is_some() {
        return Err(ApiError::BadRequest(
            "send the body with a Content-Length (no chunked bodies)".into(),
        ));
    }
    let length = match header("content-length") {
        None => 0,
        Some(text) => text
            .parse::<usize>()
            .map_err(|_| ApiError::BadRequest(format!("bad Content-Length '{text}'")))?,
    };
    if length > MAX_BODY {
        return Err(ApiError::TooLarge);
    }
    let mut body = buffer[head_end..].to_vec();
    body.truncate(length);
    while body.len() < length {
        match stream.read(&mut chunk[..(length - body.len()).min(4096)]) {
            Ok(0) => return Err(ApiError::BadRequest("the body ended early".into())),
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(e) => {
                return Err(ApiError::BadRequest(format!(
                    "could not read the body: {e}"
                )))
            }
        }
    }
    let body = String::from_utf8(body)
        .map_err(|_| ApiError::BadRequest("the body is not UTF-8".into()))?;
    Ok(Request {
        method,
        url,
        body,
        host: header("host"),
        origin: header("origin"),
        fetch_site: header("sec-fetch-site"),
    })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        403 => "Forbidden",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        503 => "Service Unavailable",
        _ => "Internal Server Error",
    }
}

/// Writes the reply and closes: one request a connection keeps the server simple, and
/// the page's requests are few and small.
pub fn respond(stream: &mut impl Write, reply: Reply, head_only: bool) {
    let (status, content_type, body, file_name): (u16, &str, Vec<u8>, Option<String>) = match reply
    {
        Reply::Json(status, text) => (status, "application/json", text.into_bytes(), None),
        Reply::Asset(content_type, bytes) => (200, content_type, bytes.to_vec(), None),
        Reply::Download {
            content_type,
            file_name,
            body,
        } => (200, content_type, body.into_bytes(), Some(file_name)),
        // Streams are answered by the hub (`EventHub::attach`); here only a head, if ever.
        Reply::Events(_) => (200, "text/event-stream", Vec::new(), None),
    };
    let mut head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n{}Connection: close\r\n",
        reason(status),
        body.len(),
        super::guard::SAFETY_HEADERS
    );
    if let Some(name) = file_name {
        head.push_str(&format!(
            "Content-Disposition: attachment; filename=\"{name}\"\r\n"
        ));
    }
    head.push_str("\r\n");
    let sent = stream
        .write_all(head.as_bytes())
        .and_then(|_| {
            if head_only {
                Ok(())
            } else {
                stream.write_all(&body)
            }
        })
        .and_then(|_| stream.flush());
    if let Err(e) = sent {
        // A client that went away is no error of ours.
        log::debug!("serve: could not answer a request: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Request, ApiError> {
        read_request(&mut text.as_bytes())
    }

    #[test]
    fn requests_read_with_their_bodies() {
        let r =
            read("POST /api/games?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\n{}  extra")
                .expect("reads");
        assert_eq!(
            (r.method.as_str(), r.url.as_str(), r.body.as_str()),
            ("POST", "/api/games?x=1", "{}  ")
        );
        let r = read("GET / HTTP/1.1\r\n\r\n").expect("reads");
        assert_eq!(r.body, "");
    }

    #[test]
    fn bad_requests_are_refused() {
        let too_big = format!(
            "POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
            MAX_BODY + 1
        );
        assert_eq!(read(&too_big).err(), Some(ApiError::TooLarge));
        for text in [
            "GET / HTTP/1.1\r\n",
            "POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\nabc",
            "POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n",
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            "\u{1}\u{2} nonsense\r\n\r\n",
        ] {
            assert!(
                matches!(read(text), Err(ApiError::BadRequest(_))),
                "{text:?}"
            );
        }
        let long_head = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert!(matches!(read(&long_head), Err(ApiError::BadRequest(_))));
    }
}
