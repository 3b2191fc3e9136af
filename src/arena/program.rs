//! A peer engine's program: started with its stdin and stdout piped (or its stdout thrown
//! away, when it talks over a socket instead), its stderr's last lines kept so that a program
//! that exits can be reported with why, and killed when dropped. The UCI engine, the HTP peer
//! and the OpenTafl peer all run their programs through it.

use super::engine::EngineFault;
use super::last_words::LastWords;
use super::lines::Lines;
use super::EngineSpec;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Its stdout's lines; None when it talks over a socket.
    lines: Option<Lines>,
    last_words: LastWords,
}

impl Program {
    /// Starts `spec`'s command; `talks_on_stdout` says whether its stdout is its protocol.
    pub fn start(spec: &EngineSpec, talks_on_stdout: bool) -> Result<Program, EngineFault> {
        let stdout = if talks_on_stdout {
            Stdio::piped()
        } else {
            Stdio::null()
        };
        let mut child = Command::new(&spec.command[0])
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| EngineFault::Spawn(format!("{}: {e}", spec.command[0])))?;
        let stdin = child.stdin.take();
        let lines = child.stdout.take().map(Lines::spawn);
        let Some(stderr) = child.stderr.take() else {
            let _ = child.kill();
            return Err(EngineFault::Spawn("no pipes to the program".into()));
        };
        if stdin.is_none() || (talks_on_stdout && lines.is_none()) {
            let _ = child.kill();
            return Err(EngineFault::Spawn("no pipes to the program".into()));
        }
        Ok(Program {
            child,
            stdin,
            lines,
            last_words: LastWords::spawn(stderr),
        })
    }

    /// Writes one line to its stdin.
    pub fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        log::debug!("> {line}");
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()),
            None => return Err(EngineFault::Exited),
        };
        written.map_err(|_| self.gone())
    }

    /// Reads its stdout's lines until `done` says so or `deadline` passes; a program that
    /// exits meanwhile is reported with its exit status and last stderr lines.
    pub fn read_until(
        &mut self,
        deadline: Instant,
        what: &'static str,
        done: impl FnMut(&str) -> bool,
    ) -> Result<(), EngineFault> {
        let Some(lines) = self.lines.as_ref() else {
            return Err(EngineFault::Exited);
        };
        match lines.read_until(deadline, what, done) {
            Err(EngineFault::Exited) => Err(self.gone()),
            other => other,
        }
    }

    /// The fault of a program whose pipes closed: with its exit status and last stderr lines
    /// where they can be had within a moment (a generous one: only a faulting program waits).
    pub fn gone(&mut self) -> EngineFault {
        let until = Instant::now() + Duration::from_secs(2);
        let mut status = None;
        while status.is_none() && Instant::now() < until {
            match self.child.try_wait() {
                Ok(Some(s)) => status = Some(s),
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        self.last_words
            .wait_for_end(until.saturating_duration_since(Instant::now()));
        match self.last_words.describe(status) {
            Some(words) => EngineFault::ExitedSaying(words),
            None => EngineFault::Exited,
        }
    }

    /// Whether it has exited.
    pub fn exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Gives it a moment to leave after its quit message, then makes sure it is gone.
    pub fn wait_briefly(mut self) {
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if self.exited() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
