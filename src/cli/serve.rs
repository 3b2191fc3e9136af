//! `regalia serve`: the browser front end (see `crate::serve`).

use super::{say, CliError};
use crate::serve::{default_db_path, join_address, RateLimit, ServeOptions, Server};
use clap::Args;
use std::net::IpAddr;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on: this machine only unless told otherwise (e.g. 0.0.0.0 to let
    /// the local network in).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Open the page in the default browser once listening.
    #[arg(long)]
    pub open: bool,
    /// A host name (besides IP addresses and localhost) the server answers to, e.g. a LAN
    /// name like mybox.local; may be repeated. Requests naming any other host are refused.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_hosts: Vec<String>,
    /// Requests a second each client address may keep up (a burst of four times as many).
    #[arg(long, default_value_t = 50.0)]
    pub rate: f64,
    /// The file every game is kept in (SQLite); by default
    /// $XDG_DATA_HOME/regalia/games.sqlite (~/.local/share/… without it).
    #[arg(long, value_name = "PATH")]
    pub db: Option<std::path::PathBuf>,
    /// Keep games in memory only: nothing written, nothing resumed.
    #[arg(long, conflicts_with = "db")]
    pub no_db: bool,
}

/// Tries the desktop's usual openers; a machine without one just has the address printed.
fn open_browser(url: &str) {
    let openers: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["explorer"]
    } else {
        &["xdg-open", "sensible-browser"]
    };
    for opener in openers {
        if std::process::Command::new(opener)
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .is_ok()
        {
            return;
        }
    }
    log::warn!("serve: no browser opener found; open {url} by hand");
}

/// Prints a line for the person who started the server. A closed stdout (a service manager,
/// `>&-`) must not stop a server that is already listening: the line goes to the log instead.
fn announce(line: &str) {
    if let Err(e) = say(line) {
        log::warn!("serve: {line} (not printed: {e})");
    }
}

pub fn serve(args: ServeArgs) -> Result<(), CliError> {
    let options = ServeOptions {
        allowed_hosts: args.allow_hosts.clone(),
        rate: RateLimit {
            burst: (args.rate * 4.0).max(1.0),
            per_second: args.rate.max(0.001),
        },
        db: (!args.no_db).then(|| args.db.clone().unwrap_or_else(default_db_path)),
    };
    let server = Server::bind(args.host, args.port, options).map_err(CliError::Serve)?;
    let url = match server.address() {
        Some(addr) if addr.ip().is_unspecified() => format!("http://127.0.0.1:{}/", addr.port()),
        Some(addr) => format!("http://{addr}/"),
        None => format!("http://{}:{}/", args.host, args.port),
    };
    announce(&format!("Regalia serves {url} (Ctrl-C stops it)"));
    if let Some(addr) = server.address().filter(|a| !a.ip().is_loopback()) {
        announce(&format!(
            "Players on your network join at http://{}/ (each seat's own link is shown when a game is created)",
            join_address(addr)
        ));
    }
    if args.open {
        open_browser(&url);
    }
    server.run();
    Ok(())
}
