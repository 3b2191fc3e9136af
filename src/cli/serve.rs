//! `regalia serve`: the browser front end (see `crate::serve`).

use super::{say, CliError};
use crate::serve::Server;
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

pub fn serve(args: ServeArgs) -> Result<(), CliError> {
    let server = Server::bind(args.host, args.port).map_err(CliError::Serve)?;
    let url = match server.address() {
        Some(addr) if addr.ip().is_unspecified() => format!("http://127.0.0.1:{}/", addr.port()),
        Some(addr) => format!("http://{addr}/"),
        None => format!("http://{}:{}/", args.host, args.port),
    };
    say(&format!("Regalia serves {url} (Ctrl-C stops it)"))?;
    if args.open {
        open_browser(&url);
    }
    server.run();
    Ok(())
}
