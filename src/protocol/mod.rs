//! The text protocol (UCI, extended for variants; see protocol.md). Reads lines, writes
//! replies, knows no rule of any game: everything game-specific goes through the session.

mod command;
mod engine;
pub mod htp;
pub mod opentafl;
mod options;
mod output;

pub use command::{parse, Command, ParseError};
pub use engine::{Engine, Flow, ENGINE_AUTHOR, ENGINE_NAME};
pub use options::{EngineOptions, OptionError};
pub use output::{format_report, Output};

use std::io::BufRead;

/// Speaks the protocol on stdin/stdout until `quit` or end of input.
pub fn run_stdio() {
    crate::session::Variant::init_all();
    let mut engine = Engine::new(Output::stdout());
    if read_stdin_lines(|line| engine.handle_line(line) == Flow::Continue) {
        return;
    }
    // End of input: like `quit`, except that a finite search may finish first.
    engine.finish_input();
}

/// Hands each line of stdin to `handle` until it returns false (then true) or input ends
/// (then false). Bytes that are not UTF-8 become U+FFFD and fail to parse like any bad line.
pub(crate) fn read_stdin_lines(mut handle: impl FnMut(&str) -> bool) -> bool {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => return false,
            Ok(_) => {
                if !handle(&String::from_utf8_lossy(&bytes)) {
                    return true;
                }
            }
            Err(e) => {
                log::warn!("stdin closed: {e}");
                return false;
            }
        }
    }
}
