//! What every request passes before the router sees it (the threat model is in
//! `docs/serve-api.md`): a `Host` that names this server (a DNS-rebinding page names its own
//! domain), an `Origin` of this server on anything that changes state (a page elsewhere must
//! not drive a local server through its visitor's browser), and a rate per client address.

use super::http::{ApiError, Request};
use super::jobs::lock;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Sent with every answer: the page runs only its own scripts and styles, is never framed,
/// never leaks its address (a seat link is a secret) to another site, and no answer is sniffed
/// into another type.
pub const SAFETY_HEADERS: &str = "X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n";

/// Requests a client may send in a burst, and how many more it earns a second.
#[derive(Clone, Copy, Debug)]
pub struct RateLimit {
    pub burst: f64,
    pub per_second: f64,
}

impl Default for RateLimit {
    /// A page polls a few times a second; a person clicks less; a script may be quicker.
    fn default() -> RateLimit {
        RateLimit {
            burst: 200.0,
            per_second: 50.0,
        }
    }
}

/// Clients remembered for the rate limit at most; past that the idlest are forgotten.
const MAX_CLIENTS: usize = 4096;

struct Bucket {
    tokens: f64,
    last: Instant,
}

pub struct Guard {
    port: u16,
    /// Host names besides IP literals and `localhost` this server answers to (`--allow-host`).
    names: Vec<String>,
    rate: RateLimit,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// Splits a `Host` value into its host and port (`[::1]:80`, `a.b:8080`, `a.b`).
fn split_host(value: &str) -> (String, Option<&str>) {
    if let Some(rest) = value.strip_prefix('[') {
        return match rest.split_once(']') {
            Some((ip, tail)) => (ip.to_string(), tail.strip_prefix(':')),
            None => (value.to_string(), None),
        };
    }
    match value.rsplit_once(':') {
        Some((host, port)) => (host.to_ascii_lowercase(), Some(port)),
        None => (value.to_ascii_lowercase(), None),
    }
}

impl Guard {
    pub fn new(port: u16, names: Vec<String>, rate: RateLimit) -> Guard {
        Guard {
            port,
            names: names.into_iter().map(|n| n.to_ascii_lowercase()).collect(),
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether a `Host` value names this server: an IP address (no rebinding page can make a
    /// browser send one for its own site), `localhost`, or a name given; always with our port.
    fn host_is_ours(&self, value: &str) -> bool {
        let (host, port) = split_host(value.trim());
        let port_ok = match port {
            Some(p) => p.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        let name_ok =
            host.parse::<IpAddr>().is_ok() || host == "localhost" || self.names.contains(&host);
        port_ok && name_ok
    }

    /// Checks one request from `client`; an error is answered and the request goes no further.
    pub fn check(&self, request: &Request, client: IpAddr) -> Result<(), ApiError> {
        self.take_token(client)?;
        let host = request.host.as_deref().unwrap_or("");
        if !self.host_is_ours(host) {
            return Err(ApiError::Forbidden(format!(
                "this server does not answer to the host '{host}': use its address (or start it with --allow-host NAME)"
            )));
        }
        let reads = matches!(request.method.as_str(), "GET" | "HEAD");
        if !reads {
            if request.fetch_site.as_deref() == Some("cross-site") {
                return Err(ApiError::Forbidden(
                    "a page of another site may not act on this server".into(),
                ));
            }
            // Browsers send Origin with every state-changing call; a script may leave it out.
            if let Some(origin) = request.origin.as_deref() {
                let same = origin
                    .strip_prefix("http://")
                    .is_some_and(|o| o.eq_ignore_ascii_case(host));
                if !same {
                    return Err(ApiError::Forbidden(format!(
                        "a page from {origin} may not act on this server"
                    )));
                }
            }
        }
        Ok(())
    }

    /// A token bucket per client address.
    fn take_token(&self, client: IpAddr) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut buckets = lock(&self.buckets);
        if buckets.len() >= MAX_CLIENTS && !buckets.contains_key(&client) {
            // Forget the clients that are full again: they lose nothing by it.
            let (burst, rate) = (self.rate.burst, self.rate.per_second);
            buckets.retain(|_, b| b.tokens + b.last.elapsed().as_secs_f64() * rate < burst);
            if buckets.len() >= MAX_CLIENTS {
                return Err(ApiError::Busy);
            }
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: self.rate.burst,
            last: now,
        });
        let earned = now.duration_since(bucket.last).as_secs_f64() * self.rate.per_second;
        bucket.tokens = (bucket.tokens + earned).min(self.rate.burst);
        bucket.last = now;
        if bucket.tokens < 1.0 {
            return Err(ApiError::TooMany);
        }
        bucket.tokens -= 1.0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn request(method: &str, host: &str, origin: Option<&str>) -> Request {
        Request {
            method: method.into(),
            url: "/api/games".into(),
            body: String::new(),
            host: Some(host.into()),
            origin: origin.map(String::from),
            fetch_site: None,
        }
    }

    const ME: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

    #[test]
    fn only_our_own_host_names_are_answered() {
        let guard = Guard::new(8080, vec!["box.lan".into()], RateLimit::default());
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "192.168.1.9:8080",
            "BOX.lan:8080",
        ] {
            assert!(
                guard.check(&request("GET", host, None), ME).is_ok(),
                "{host}"
            );
        }
        for host in [
            "evil.example:8080",
            "127.0.0.1:9090",
            "localhost",
            "",
            "127.0.0.1.evil.example:8080",
        ] {
            assert!(
                matches!(
                    guard.check(&request("GET", host, None), ME),
                    Err(ApiError::Forbidden(_))
                ),
                "{host}"
            );
        }
    }

    #[test]
    fn foreign_origins_may_read_nothing_new_and_change_nothing() {
        let guard = Guard::new(8080, vec![], RateLimit::default());
        let host = "127.0.0.1:8080";
        assert!(guard
            .check(&request("POST", host, Some("http://127.0.0.1:8080")), ME)
            .is_ok());
        assert!(guard.check(&request("POST", host, None), ME).is_ok());
        for origin in [
            "http://evil.example",
            "http://127.0.0.1:9999",
            "null",
            "https://127.0.0.1:8080",
        ] {
            assert!(
                matches!(
                    guard.check(&request("POST", host, Some(origin)), ME),
                    Err(ApiError::Forbidden(_))
                ),
                "{origin}"
            );
        }
        let mut cross = request("POST", host, None);
        cross.fetch_site = Some("cross-site".into());
        assert!(matches!(
            guard.check(&cross, ME),
            Err(ApiError::Forbidden(_))
        ));
    }

    #[test]
    fn a_client_past_its_burst_is_slowed_and_others_are_not() {
        let rate = RateLimit {
            burst: 5.0,
            per_second: 0.001,
        };
        let guard = Guard::new(8080, vec![], rate);
        let get = request("GET", "127.0.0.1:8080", None);
        for _ in 0..5 {
            assert!(guard.check(&get, ME).is_ok());
        }
        assert_eq!(guard.check(&get, ME), Err(ApiError::TooMany));
        let other = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));
        assert!(guard.check(&get, other).is_ok());
    }
}
