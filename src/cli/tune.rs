//! `regalia tune`: fits the orthodox chess evaluation's weights to the results of games (PGN),
//! or Sceptre's to its games' line records (`tune_sceptre`), by Texel's method, and writes the
//! fitted table as Rust source.

use super::{say, CliError};
use crate::games::chess::pgn::{read_games, PgnError};
use crate::games::chess::tune::{
    data_set, fitter_freezing, rounded, rust_source, Collector, Group, Sampling,
};
use crate::games::chess::weights::DEFAULT;
use crate::tune::FitSettings;
use clap::Args;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Files of finished games: chess as PGN (`regalia match --out` records or standard PGN),
    /// Sceptre as `regalia match --out` line records.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The evaluation to fit: chess or sceptre1027 (default: the first file's games say).
    #[arg(long)]
    pub variant: Option<String>,
    /// Where the fitted weights go, as Rust source of a `Weights` constant.
    #[arg(long, default_value = "tuned-weights.rs")]
    pub out: PathBuf,
    /// The constant's name in the written source.
    #[arg(long, default_value = "TUNED")]
    pub name: String,
    /// Passes of gradient descent (Adam) over all positions.
    #[arg(long, default_value_t = 1000)]
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub learning_rate: f64,
    /// Penalty on each weight's squared distance from the default (per centipawn squared).
    #[arg(long, default_value_t = 0.0)]
    pub pull_to_start: f64,
    /// Groups of weights held at their default values (repeatable, or separated by commas).
    /// Chess: material, placement, mobility, pawns, pieces, king, tempo. Sceptre: material,
    /// terrain, mobility, pawns, king, hanging, progress, standing.
    #[arg(long, value_name = "GROUP", value_delimiter = ',')]
    pub freeze: Vec<String>,
    /// Sceptre: fit to the games of this many players only (2, 3 or 4; default all).
    #[arg(long)]
    pub players: Option<usize>,
    /// Keep the weights of the last epoch, not those of the lowest held-out error (which are
    /// still measured and reported).
    #[arg(long)]
    pub keep_last: bool,
    /// Epochs between checks of the held-out error.
    #[arg(long, default_value_t = 10)]
    pub check_every: usize,
    /// Plies from each game's start (for Sceptre: after the set-up phase) left out.
    #[arg(long, default_value_t = 8)]
    pub skip_plies: usize,
    /// One game in n is held out to choose the epoch whose weights are kept (the lowest error
    /// on them), another one in n to test the result on games never consulted (0 or 1: none,
    /// the last weights are kept).
    #[arg(long, default_value_t = 10)]
    pub hold_out_every: usize,
}

/// Why tuning could not run.
#[derive(Debug)]
pub enum TuneError {
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// No game of the file reads; the first game's error.
    Pgn { path: PathBuf, error: PgnError },
    /// The files hold no quiet position of a finished game.
    NoPositions,
    /// A variant whose evaluation `regalia tune` cannot fit.
    Variant(String),
    /// No game of a file of line records reads; the first game's error.
    Records { path: PathBuf, error: String },
    /// An option of one variant's fit given for another.
    NotForVariant(&'static str, &'static str),
    /// A `--freeze` group the variant's table does not have.
    Group {
        name: String,
        variant: &'static str,
        known: Vec<String>,
    },
    /// A number of players Sceptre is not played by.
    Players(usize),
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Read { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            TuneError::Pgn { path, error } => write!(f, "{}: {error}", path.display()),
            TuneError::NoPositions => {
                write!(f, "no positions to tune on (no finished games?)")
            }
            TuneError::Variant(v) => write!(
                f,
                "cannot tune the evaluation of '{v}' (chess and sceptre1027 can be tuned)"
            ),
            TuneError::Records { path, error } => write!(f, "{}: {error}", path.display()),
            TuneError::NotForVariant(option, variant) => {
                write!(f, "{option} is for {variant} only")
            }
            TuneError::Group {
                name,
                variant,
                known,
            } => write!(
                f,
                "'{name}' is not a group of {variant}'s weights (groups: {})",
                known.join(", ")
            ),
            TuneError::Players(n) => write!(f, "--players {n}: Sceptre is played by 2, 3 or 4"),
        }
    }
}

impl std::error::Error for TuneError {}

impl From<TuneError> for CliError {
    fn from(e: TuneError) -> Self {
        CliError::Tune(e)
    }
}

pub fn tune(args: TuneArgs) -> Result<(), CliError> {
    match which_variant(&args)?.as_str() {
        "chess" => tune_chess(args),
        "sceptre1027" => super::tune_sceptre::tune_sceptre(args),
        other => Err(TuneError::Variant(other.to_string()).into()),
    }
}

/// The `--variant` given, or what the first file holds: line records name their variant, PGN
/// is chess.
fn which_variant(args: &TuneArgs) -> Result<String, TuneError> {
    if let Some(v) = &args.variant {
        return Ok(v.trim().to_ascii_lowercase());
    }
    let Some(path) = args.files.first() else {
        return Ok("chess".into());
    };
    let text = std::fs::read_to_string(path).map_err(|error| TuneError::Read {
        path: path.clone(),
        error,
    })?;
    if !crate::arena::read_record::looks_like_line_records(&text) {
        return Ok("chess".into());
    }
    Ok(text
        .lines()
        .find_map(|l| l.trim().strip_prefix("variant "))
        .map_or_else(|| "an unnamed variant".into(), |v| v.trim().to_string()))
}

/// The `--freeze` names as a variant's groups, or which name is not one of them.
pub(super) fn groups<G: clap::ValueEnum>(
    names: &[String],
    variant: &'static str,
) -> Result<Vec<G>, TuneError> {
    names
        .iter()
        .map(|name| {
            G::from_str(name.trim(), true).map_err(|_| TuneError::Group {
                name: name.clone(),
                variant,
                known: G::value_variants()
                    .iter()
                    .filter_map(|g| g.to_possible_value())
                    .map(|v| v.get_name().to_string())
                    .collect(),
            })
        })
        .collect()
}

fn tune_chess(args: TuneArgs) -> Result<(), CliError> {
    if args.players.is_some() {
        return Err(TuneError::NotForVariant("--players", "sceptre1027").into());
    }
    let frozen: Vec<Group> = groups(&args.freeze, "chess")?;
    let started = Instant::now();
    let mut collector = Collector::new(Sampling {
        skip_plies: args.skip_plies,
    });
    let mut bad_games = 0;
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|error| TuneError::Read {
            path: path.clone(),
            error,
        })?;
        let games = read_games(&text);
        let mut read = 0;
        let mut first_error = None;
        for game in games {
            match game {
                Ok(g) => {
                    read += 1;
                    collector.add_game(&g);
                }
                Err(e) => {
                    // A file still being written may end in half a game.
                    log::warn!("{}: skipped: {e}", path.display());
                    bad_games += 1;
                    first_error.get_or_insert(e);
                }
            }
        }
        if read == 0 {
            return Err(TuneError::Pgn {
                path: path.clone(),
                error: first_error.unwrap_or(PgnError::NoGames),
            }
            .into());
        }
    }
    let c = &collector.counts;
    say(&format!(
        "Games: {} read ({} unfinished, {} unreadable skipped)",
        c.games, c.unfinished_games, bad_games
    ))?;
    say(&format!(
        "Positions: {} kept; left out: {} in check, {} with a winning capture, {} duplicates",
        c.kept, c.in_check, c.winning_capture, c.duplicates
    ))?;
    // Held out by whole games: a game's positions are too alike to test one on another. One
    // share of the games picks when to stop; another, never consulted, tests the result.
    let every = args.hold_out_every as u64;
    let share = |game: u64| if every < 2 { 2 } else { game % every };
    let train = data_set(collector.positions.iter().filter(|p| share(p.2) > 1));
    let held = data_set(collector.positions.iter().filter(|p| share(p.2) == 0));
    let test = data_set(collector.positions.iter().filter(|p| share(p.2) == 1));
    if train.is_empty() {
        return Err(TuneError::NoPositions.into());
    }
    let mut fitter = fitter_freezing(&DEFAULT, &frozen);
    let k = fitter.fit_k(&train);
    let errors = |params: &[f64]| [&train, &held, &test].map(|d| d.error(params, k));
    let before = errors(&fitter.params);
    say(&format!("K: {k:.4}"))?;
    say(&format!(
        "Positions: {} training, {} held out (to stop), {} test (unseen)",
        train.len(),
        held.len(),
        test.len()
    ))?;
    say(&format!(
        "Error before: {:.6} training, {:.6} held out, {:.6} test",
        before[0], before[1], before[2]
    ))?;
    let settings = FitSettings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        report_every: args.check_every,
        pull_to_start: args.pull_to_start,
    };
    let held_out = (!held.is_empty() && !args.keep_last).then_some(&held);
    let (_, kept) = fitter.fit(&train, held_out, k, &settings);
    let weights = rounded(&fitter.params);
    let after = errors(&crate::games::chess::tune::fitter(&weights).params);
    say(&format!(
        "Error after:  {:.6} training, {:.6} held out, {:.6} test (weights of epoch {kept}, \
         rounded to integers)",
        after[0], after[1], after[2]
    ))?;
    let header = format!(
        "Chess evaluation weights fitted by `regalia tune` (Texel's method) from {} quiet \
         positions of {} games ({}), K = {k:.4}, Adam at step {}, pull to start {}, frozen \
         {:?}, the weights of epoch {kept} of {} ({}).\n\
         Mean squared error before -> after: training {:.6} -> {:.6}, held out {:.6} -> {:.6}, \
         test (unseen games, {} positions) {:.6} -> {:.6}.",
        train.len(),
        c.games,
        file_names(&args.files),
        args.learning_rate,
        args.pull_to_start,
        frozen,
        args.epochs,
        if held_out.is_some() {
            "lowest error on the held-out games"
        } else {
            "the last"
        },
        before[0],
        after[0],
        before[1],
        after[1],
        test.len(),
        before[2],
        after[2]
    );
    write_table(
        &args.out,
        &rust_source(&weights, &args.name, &header),
        started,
    )
}

/// Writes a fitted table's Rust source to `out` and says so, with the time the fit took.
pub(super) fn write_table(out: &Path, source: &str, started: Instant) -> Result<(), CliError> {
    std::fs::write(out, source).map_err(|error| CliError::Write {
        path: out.to_path_buf(),
        error,
    })?;
    say(&format!(
        "Wrote {} ({:.1?})",
        out.display(),
        started.elapsed()
    ))
}

pub(super) fn file_names(files: &[PathBuf]) -> String {
    let names: Vec<String> = files
        .iter()
        .map(|p| {
            p.file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
        })
        .collect();
    names.join(", ")
}
