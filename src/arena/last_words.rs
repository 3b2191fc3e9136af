//! The last lines an engine wrote on its stderr, kept so that when it exits the match can say
//! why (`engine exited (status 2: error: unrecognized subcommand …)`) instead of a bare
//! "exited": a tournament runner otherwise has to rerun the engine by hand to find out.
//! A thread drains the pipe all the time, so a chatty engine (`RUST_LOG=debug`) never blocks on
//! a full pipe; only the last few lines are kept.

use super::lines::read_lines;
use std::collections::VecDeque;
use std::io::Read;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many of the last lines are kept, and how long each may be.
const KEPT_LINES: usize = 3;
const KEPT_CHARS: usize = 200;

#[derive(Clone, Default)]
pub struct LastWords {
    lines: Arc<Mutex<VecDeque<String>>>,
    /// Set once the stream has ended (the engine and all it started have closed it).
    ended: Arc<AtomicBool>,
}

impl LastWords {
    /// Starts the thread that reads `source` (the engine's stderr) to its end.
    pub fn spawn(source: impl Read + Send + 'static) -> LastWords {
        let words = LastWords::default();
        let kept = words.lines.clone();
        let ended = words.ended.clone();
        std::thread::spawn(move || {
            read_lines(source, |line| {
                let line = line.trim();
                if line.is_empty() {
                    return true;
                }
                let Ok(mut lines) = kept.lock() else {
                    return false;
                };
                if lines.len() == KEPT_LINES {
                    lines.pop_front();
                }
                lines.push_back(line.chars().take(KEPT_CHARS).collect());
                true
            });
            ended.store(true, Ordering::Release);
        });
        words
    }

    /// Waits until the stream has ended, at most `patience`: an engine's stdout closes a moment
    /// before its last stderr lines are read.
    pub fn wait_for_end(&self, patience: Duration) {
        let until = Instant::now() + patience;
        while !self.ended.load(Ordering::Acquire) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The kept lines, oldest first, joined by " / "; None when the engine said nothing.
    pub fn said(&self) -> Option<String> {
        let lines = self.lines.lock().ok()?;
        (!lines.is_empty()).then(|| lines.iter().cloned().collect::<Vec<_>>().join(" / "))
    }

    /// What to say of an engine that left: its exit status (if known yet) and its last words.
    pub fn describe(&self, status: Option<ExitStatus>) -> Option<String> {
        let status = status.map(|s| match s.code() {
            Some(code) => format!("status {code}"),
            None => s.to_string(),
        });
        match (status, self.said()) {
            (Some(status), Some(said)) => Some(format!("{status}: {said}")),
            (Some(status), None) => Some(status),
            (None, Some(said)) => Some(said),
            (None, None) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settled(words: &LastWords, want: &str) -> Option<String> {
        let until = Instant::now() + Duration::from_secs(30);
        while Instant::now() < until {
            if words.said().as_deref() == Some(want) {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        words.said()
    }

    #[test]
    fn keeps_only_the_last_lines_and_skips_blank_ones() {
        let text = "one\n\ntwo\nthree\n  \nfour\n";
        let words = LastWords::spawn(std::io::Cursor::new(text.as_bytes().to_vec()));
        assert_eq!(
            settled(&words, "two / three / four").as_deref(),
            Some("two / three / four")
        );
    }

    #[test]
    fn a_long_line_is_cut() {
        let text = format!("{}\n", "x".repeat(1000));
        let words = LastWords::spawn(std::io::Cursor::new(text.into_bytes()));
        let want = "x".repeat(KEPT_CHARS);
        assert_eq!(settled(&words, &want), Some(want));
    }

    #[test]
    fn silence_says_nothing() {
        let words = LastWords::spawn(std::io::Cursor::new(Vec::new()));
        words.wait_for_end(Duration::from_secs(30));
        assert_eq!(words.said(), None);
        assert_eq!(words.describe(None), None);
    }
}
