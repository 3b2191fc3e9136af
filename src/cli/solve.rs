//! `regalia solve`: a test suite of positions with known best (or avoided) moves, searched one
//! by one at a fixed time or depth, as engine authors measure tactics (Win At Chess and the like).

use super::{say, CliError};
use crate::search::{SearchLimits, SearchOptions, Searcher};
use crate::session::{SearchControl, Session, Variant, VariantError};
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The suite: EPD lines, a position then operations such as `bm Qg6; am Rxb2; id "WAC.001";`.
    pub file: PathBuf,
    #[arg(long, default_value = Variant::DEFAULT.name(), help = super::variant_help())]
    pub variant: String,
    /// Search time per position in milliseconds (default 200 when no --depth is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search depth per position.
    #[arg(long)]
    pub depth: Option<u32>,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB (cleared before every position).
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Print only the summary and the positions not solved.
    #[arg(long)]
    pub quiet: bool,
}

/// One position of a suite and what solves it.
#[derive(Debug, Clone, PartialEq)]
pub struct SuiteEntry {
    pub line: usize,
    pub id: String,
    pub position: String,
    /// Any of these solves it (`bm`).
    pub best: Vec<String>,
    /// None of these may be played (`am`).
    pub avoid: Vec<String>,
}

/// EPD operation codes that end the position part of a line.
const OPCODES: &[&str] = &[
    "bm", "am", "id", "dm", "pv", "pm", "ce", "acd", "acn", "acs", "c0", "c1", "c2", "c3", "c4",
    "c5", "c6", "c7", "c8", "c9", "hmvc", "fmvn", "sm", "D1",
];

/// Reads one suite line; `None` for blank lines and `#` comments.
pub fn parse_suite_line(line_no: usize, text: &str) -> Result<Option<SuiteEntry>, String> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let Some(first_op) = tokens.iter().position(|t| OPCODES.contains(t)) else {
        return Err("no operations (expected `bm` or `am`)".into());
    };
    if first_op == 0 {
        return Err("no position before the operations".into());
    }
    let position = tokens[..first_op].join(" ");
    let mut entry = SuiteEntry {
        line: line_no,
        id: format!("line {line_no}"),
        position,
        best: Vec::new(),
        avoid: Vec::new(),
    };
    let operations = tokens[first_op..].join(" ");
    for op in operations
        .split(';')
        .map(str::trim)
        .filter(|o| !o.is_empty())
    {
        let (code, operands) = op.split_once(' ').unwrap_or((op, ""));
        let moves = || operands.split_whitespace().map(str::to_string).collect();
        match code {
            "bm" => entry.best = moves(),
            "am" => entry.avoid = moves(),
            "id" => entry.id = operands.trim().trim_matches('"').to_string(),
            _ => {}
        }
    }
    if entry.best.is_empty() && entry.avoid.is_empty() {
        return Err("neither `bm` nor `am` names a move".into());
    }
    Ok(Some(entry))
}

/// A move as a suite writes it, without the check, mate and annotation marks, so that `Qg6+`
/// and `Qg6` (and `Rxb2!`) compare equal.
fn bare(notation: &str) -> &str {
    notation.trim_end_matches(['+', '#', '!', '?'])
}

/// The record notation (SAN for chess) of a legal move given in protocol notation.
fn record_notation(session: &dyn Session, uci: &str) -> Result<String, VariantError> {
    let mut probe = session.boxed_clone();
    probe.play(uci)
}

/// Does the suite's move text name the move `uci`, whose record notation is `notation`? Suites
/// write record notation; protocol notation is accepted too.
fn names(text: &str, uci: &str, notation: &str) -> bool {
    bare(text) == bare(notation) || text == uci
}

/// Every suite move must be legal in its position, or the line is wrong (better said than
/// scored as a miss).
fn check_suite_moves(session: &dyn Session, entry: &SuiteEntry) -> Result<(), String> {
    let legal: Vec<(String, String)> = session
        .legal_moves()
        .into_iter()
        .filter_map(|m| record_notation(session, &m).ok().map(|n| (m, n)))
        .collect();
    for text in entry.best.iter().chain(&entry.avoid) {
        if !legal.iter().any(|(u, n)| names(text, u, n)) {
            return Err(format!("`{text}` is not a legal move there"));
        }
    }
    Ok(())
}

pub fn solve(args: SolveArgs) -> Result<(), CliError> {
    let variant: Variant = args.variant.parse()?;
    let text = std::fs::read_to_string(&args.file).map_err(|error| CliError::Read {
        path: args.file.clone(),
        error,
    })?;
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let suite_error = |why: String| CliError::Suite {
            path: args.file.clone(),
            line: i + 1,
            why,
        };
        let Some(entry) = parse_suite_line(i + 1, line).map_err(suite_error)? else {
            continue;
        };
        let mut session = variant.new_session();
        session
            .set_position(Some(&entry.position), &[])
            .map_err(|e| suite_error(e.to_string()))?;
        check_suite_moves(session.as_ref(), &entry).map_err(suite_error)?;
        entries.push((entry, session));
    }
    let limits = SearchLimits {
        depth: args.depth,
        move_time: match (args.movetime, args.depth) {
            (None, None) => Some(Duration::from_millis(200)),
            (t, _) => t.map(Duration::from_millis),
        },
        ..Default::default()
    };
    let options = SearchOptions {
        threads: args.threads.clamp(1, 256),
        move_overhead: Duration::ZERO,
        ..SearchOptions::default()
    };
    let started = Instant::now();
    let (mut solved, mut nodes) = (0, 0u64);
    // One table, cleared before each position as `ucinewgame` clears an engine's: a table
    // allocated anew would fault its pages in during the timed search (about 60 ms of each
    // 200 ms with 64 MiB), which no engine under a GUI pays.
    let table = Arc::new(Searcher::new(args.hash.clamp(1, 16_384)));
    for (entry, session) in &entries {
        table.clear();
        let control = SearchControl::new();
        let mut last = None;
        let outcome = session.search(&limits, &options, &table, &control, &mut |r| {
            if r.bound.is_none() && r.multipv == 1 {
                last = Some((r.depth, r.score));
            }
        })?;
        nodes += outcome.nodes;
        let played = outcome.best.unwrap_or_default();
        let notation = record_notation(session.as_ref(), &played).unwrap_or(played.clone());
        let hit = |list: &[String]| list.iter().any(|t| names(t, &played, &notation));
        let ok = (entry.best.is_empty() || hit(&entry.best)) && !hit(&entry.avoid);
        solved += ok as usize;
        if ok && args.quiet {
            continue;
        }
        let wanted = if entry.best.is_empty() {
            format!("not {}", entry.avoid.join(" "))
        } else {
            entry.best.join(" ")
        };
        let (depth, score) = last.map_or(("-".into(), "-".into()), |(d, s)| {
            (d.to_string(), super::score_text(s))
        });
        say(&format!(
            "{:<12} {:<8} {:<10} played {:<8} depth {:>2} {:>7}",
            entry.id,
            if ok { "solved" } else { "missed" },
            wanted,
            notation,
            depth,
            score
        ))?;
    }
    let total = entries.len();
    let per = match (args.movetime, args.depth) {
        (Some(ms), _) => format!("{ms} ms a position"),
        (None, Some(d)) => format!("depth {d}"),
        (None, None) => "200 ms a position".into(),
    };
    say(&format!(
        "Solved {solved} of {total} ({:.1}%) at {per}, threads {}; {nodes} nodes in {:.1} s",
        100.0 * solved as f64 / total.max(1) as f64,
        options.threads,
        started.elapsed().as_secs_f64()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_lines_give_position_moves_and_id() {
        let e = parse_suite_line(
            3,
            r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#,
        )
        .expect("reads")
        .expect("an entry");
        assert_eq!(
            e.position,
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
        );
        assert_eq!(e.best, vec!["Qg6".to_string()]);
        assert_eq!(e.id, "WAC.001");
        let two = parse_suite_line(1, "8/8/8/8/8/8/8/K6k w - - bm Kb1 Kb2; am Ka2;")
            .expect("reads")
            .expect("an entry");
        assert_eq!(two.best.len(), 2);
        assert_eq!(two.avoid, vec!["Ka2".to_string()]);
        assert_eq!(two.id, "line 1");
    }

    #[test]
    fn blank_comment_and_broken_lines() {
        assert_eq!(parse_suite_line(1, "  "), Ok(None));
        assert_eq!(parse_suite_line(1, "# a comment"), Ok(None));
        assert!(parse_suite_line(1, "8/8/8/8/8/8/8/K6k w - -").is_err());
        assert!(parse_suite_line(1, "bm Qg6;").is_err());
        assert!(parse_suite_line(1, r#"8/8/8/8/8/8/8/K6k w - - id "x";"#).is_err());
    }

    #[test]
    fn check_and_annotation_marks_do_not_matter() {
        assert_eq!(bare("Qg6+"), "Qg6");
        assert_eq!(bare("Rxb2!?"), "Rxb2");
        assert_eq!(bare("Qxf7#"), "Qxf7");
    }
}
