//! The protocol's stdout: whole lines, flushed at once, shared by the protocol thread and the
//! search thread so their lines never interleave mid-line.

use crate::search::{Bound, Report, ReportScore};
use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes one line, in a single write with its newline (OpenTafl reads whatever one read
    /// returns as whole lines). A closed stdout (the GUI went away) is logged, never a panic.
    pub fn line(&self, text: &str) {
        let mut whole = String::with_capacity(text.len() + 1);
        whole.push_str(text);
        whole.push('\n');
        let mut sink = match self.sink.lock() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Err(e) = sink.write_all(whole.as_bytes()).and_then(|_| sink.flush()) {
            log::warn!("could not write to the protocol output: {e}");
        }
    }

    pub fn error(&self, what: &str) {
        self.line(&format!("info string error {what}"));
    }

    pub fn info_string(&self, what: &str) {
        for l in what.lines() {
            self.line(&format!("info string {l}"));
        }
    }

    /// The `info` line, and in games of more than two seats the score vector after it as
    /// `info string scores <seat 0> <seat 1> …` (each from its own seat's view).
    pub fn report(&self, r: &Report) {
        self.line(&format_report(r));
        if let Some(scores) = &r.seat_scores {
            let list: Vec<String> = scores.iter().map(|s| s.to_string()).collect();
            self.line(&format!("info string scores {}", list.join(" ")));
        }
    }
}

/// `info depth … pv …` as UCI prints it.
pub fn format_report(r: &Report) -> String {
    let score = match r.score {
        ReportScore::Centipawns(cp) => format!("cp {cp}"),
        ReportScore::Mate(m) => format!("mate {m}"),
    };
    let bound = match r.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        score,
        bound,
        r.nodes,
        r.nps,
        r.hashfull,
        r.time_ms,
        r.pv.join(" ")
    )
}
