//! `regalia htp`: the Hnefatafl Text Protocol of the hnefatafl.org community (docs/htp.md).
//! Lines are read in `command`, answered in `engine` on an ordinary tafl session; `client`
//! connects to a server or a driver over TCP instead of stdin/stdout.

mod board;
mod client;
mod clock;
mod command;
mod engine;
mod notation;
mod rule_sets;

pub use client::{run_client, ClientError, ClientSettings, Login, SERVER_VERSION_ID};
pub use command::{parse, Command, CommandError, TimeControl, COMMANDS};
pub use engine::{Generated, HtpEngine, Response, Settings, PROTOCOL_VERSION};
pub use notation::{read_vertex, split_move, write_vertex, Role};
pub use rule_sets::rules_for_size;

use std::io::Write;

/// Speaks HTP on stdin/stdout until `quit` or end of input.
pub fn run_stdio(settings: Settings) {
    crate::session::Variant::init_all();
    let mut engine = HtpEngine::new(settings);
    let stdout = std::io::stdout();
    super::read_stdin_lines(|line| {
        let response = engine.respond(line);
        if let Some(text) = &response.text {
            let mut out = stdout.lock();
            if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                log::warn!("stdout closed: {e}");
                return false;
            }
        }
        !response.quit
    });
}
