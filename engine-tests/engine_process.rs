//! Drives the built `regalia` binary through stdin/stdout, the way a GUI does.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an answer that must come may take: a guard against a hung engine, generous enough
/// for a machine busy with other builds (the tests measure no time).
pub const HANG_GUARD: Duration = Duration::from_secs(120);

pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    pub fn start() -> EngineProcess {
        EngineProcess::start_with(&[])
    }

    /// The binary with arguments (`opentafl` …).
    pub fn start_with(args: &[&str]) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_regalia"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the regalia binary starts");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine accepts input");
        self.stdin.flush().expect("engine accepts input");
    }

    /// The next line, or None after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// All lines up to and including the first that satisfies `done`; panics after `timeout`.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let stop = done(&l);
                    out.push(l);
                    if stop {
                        return out;
                    }
                }
                None => panic!("engine did not answer in {timeout:?}; got so far: {out:#?}"),
            }
        }
    }

    /// Sends `isready` and returns every line before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(HANG_GUARD, |l| l == "readyok");
        lines.pop();
        lines
    }

    /// Lines printed until `bestmove`, and the best move itself.
    pub fn search(&mut self, go: &str, timeout: Duration) -> (Vec<String>, String) {
        self.send(go);
        let lines = self.read_until(timeout, |l| l.starts_with("bestmove"));
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or_default()
            .to_string();
        (lines, best)
    }

    /// Waits for the process to end by itself; None if it has not after `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    pub fn quit(mut self) -> std::process::ExitStatus {
        self.send("quit");
        let deadline = Instant::now() + HANG_GUARD;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("engine did not exit after quit");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The score of the last exact `info` line, as `"cp 25"` or `"mate 3"`.
pub fn final_score(lines: &[String]) -> String {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" score ") && !l.contains("bound"))
        .expect("an info line with a score");
    let after = info.split(" score ").nth(1).unwrap_or_default();
    after
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}
