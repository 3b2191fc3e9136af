//! The lines an engine writes (on its stdout or a socket), read on a thread of their own so
//! that a silent engine never blocks the runner, and waited for under a deadline.

use super::engine::EngineFault;
use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Instant;

/// Reads `source` line by line (not valid UTF-8 read lossily) until it ends, fails, or `take`
/// answers false.
pub fn read_lines(source: impl Read, mut take: impl FnMut(&str) -> bool) {
    let mut reader = BufReader::new(source);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if !take(&String::from_utf8_lossy(&buffer)) {
                    return;
                }
            }
        }
    }
}

/// Lines from one engine, trailing white space removed; closed when the engine's output closes.
pub struct Lines {
    receiver: Receiver<String>,
}

impl Lines {
    /// Starts the thread that reads `source` line by line.
    pub fn spawn(source: impl Read + Send + 'static) -> Lines {
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            read_lines(source, |line| {
                sender.send(line.trim_end().to_string()).is_ok()
            })
        });
        Lines { receiver }
    }

    /// Reads lines until `done` says so, the output closes, or the deadline passes (`what`
    /// names what was awaited, for the fault).
    pub fn read_until(
        &self,
        deadline: Instant,
        what: &'static str,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(), EngineFault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.receiver.recv_timeout(left) {
                Ok(line) => {
                    log::debug!("< {line}");
                    if done(&line) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(EngineFault::Timeout(what)),
                Err(RecvTimeoutError::Disconnected) => return Err(EngineFault::Exited),
            }
        }
    }
}
