//! A peer engine's program: started with its stdin and stdout piped (or its stdout thrown
//! away, when it talks over a socket instead), and killed when dropped.

use super::engine::EngineFault;
use super::lines::Lines;
use super::EngineSpec;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Its stdout's lines; None when it talks over a socket.
    pub lines: Option<Lines>,
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
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineFault::Spawn(format!("{}: {e}", spec.command[0])))?;
        let stdin = child.stdin.take();
        let lines = child.stdout.take().map(Lines::spawn);
        Ok(Program {
            child,
            stdin,
            lines,
        })
    }

    /// Writes one line to its stdin.
    pub fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        log::debug!("> {line}");
        let stdin = self.stdin.as_mut().ok_or(EngineFault::Exited)?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|_| EngineFault::Exited)
    }

    /// Its stdout's lines (a program started with them piped).
    pub fn lines(&self) -> Result<&Lines, EngineFault> {
        self.lines.as_ref().ok_or(EngineFault::Exited)
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
