//! The shell subcommands: perft, bench, analyse, solve, render, match, opentafl, serve and tune.

mod analyse;
mod bench;
mod htp;
mod match_cmd;
mod opentafl;
mod perft;
mod render;
mod serve;
mod solve;
mod tune;
mod tune_sceptre;

pub use analyse::{analyse, score_text, AnalyseArgs};
pub use bench::{bench, BenchArgs};
pub use htp::{htp, HtpArgs};
pub use match_cmd::{match_command, MatchArgs};
pub use opentafl::{opentafl, OpenTaflArgs};
pub use perft::{perft, PerftArgs};
pub use render::{render, RenderArgs};
pub use serve::{serve, ServeArgs};
pub use solve::{parse_suite_line, solve, SolveArgs, SuiteEntry};
pub use tune::{tune, TuneArgs, TuneError};

use crate::session::{Session, Variant, VariantError};
use clap::Args;
use std::fmt;
use std::io::Write;

/// The position a subcommand works on: a variant, a starting position and moves from it.
#[derive(Args, Debug)]
pub struct PositionArgs {
    #[arg(long, default_value = Variant::DEFAULT.name(), help = variant_help())]
    pub variant: String,
    /// The position (FEN or the variant's position string); the start when omitted.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the position, space-separated.
    #[arg(long, num_args = 1.., value_delimiter = ' ')]
    pub moves: Vec<String>,
    /// One of the variant's own options, `NAME=VALUE` (e.g. `SceptreLayout=duel`); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl PositionArgs {
    /// A session of the variant, set to the position.
    pub fn session(&self) -> Result<Box<dyn Session>, CliError> {
        let variant: Variant = self.variant.parse()?;
        let mut options = Vec::new();
        for pair in &self.options {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            if variant.option(name).is_none() {
                let known = variant.option_names();
                return Err(VariantError::UnknownOption {
                    name: name.to_string(),
                    known: if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    },
                }
                .into());
            }
            options.push((name.to_string(), value.to_string()));
        }
        let mut session = variant.configured_session(&options)?;
        session.set_position(self.fen.as_deref(), &self.moves)?;
        Ok(session)
    }
}

/// The help line of every `--variant`, from the registry.
pub(crate) fn variant_help() -> String {
    format!("Variant name: {}", Variant::names())
}

/// Why a subcommand failed.
#[derive(Debug)]
pub enum CliError {
    Variant(VariantError),
    /// A search that did not run to its end.
    Search(crate::session::JobError),
    Match(crate::arena::MatchError),
    /// A file the subcommand was asked to write.
    Write {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    /// A file the subcommand was asked to read.
    Read {
        path: std::path::PathBuf,
        error: std::io::Error,
    },
    /// A line of a test suite that cannot be used.
    Suite {
        path: std::path::PathBuf,
        line: usize,
        why: String,
    },
    /// stdout went away (e.g. piped into `head`): not worth a message.
    Output(std::io::Error),
    /// `regalia serve` could not listen.
    Serve(crate::serve::ServeError),
    /// `regalia tune` found nothing to tune on.
    Tune(TuneError),
    /// `regalia htp --host` could not connect or play.
    Htp(crate::protocol::htp::ClientError),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Variant(e) => write!(f, "{e}"),
            CliError::Search(e) => write!(f, "{e}"),
            CliError::Match(e) => write!(f, "{e}"),
            CliError::Write { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            CliError::Read { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            CliError::Suite { path, line, why } => {
                write!(f, "{}:{line}: {why}", path.display())
            }
            CliError::Output(e) => write!(f, "cannot write output: {e}"),
            CliError::Serve(e) => write!(f, "{e}"),
            CliError::Tune(e) => write!(f, "{e}"),
            CliError::Htp(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<crate::arena::MatchError> for CliError {
    fn from(e: crate::arena::MatchError) -> Self {
        CliError::Match(e)
    }
}

impl From<crate::session::JobError> for CliError {
    fn from(e: crate::session::JobError) -> Self {
        match e {
            crate::session::JobError::Refused(e) => CliError::Variant(e),
            other => CliError::Search(other),
        }
    }
}

impl From<crate::session::UnknownVariant> for CliError {
    fn from(e: crate::session::UnknownVariant) -> Self {
        CliError::Variant(e.into())
    }
}

impl From<VariantError> for CliError {
    fn from(e: VariantError) -> Self {
        CliError::Variant(e)
    }
}

/// Prints one line to stdout, reporting (never panicking on) a closed pipe.
pub(crate) fn say(line: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|_| out.flush())
        .map_err(CliError::Output)
}
