//! `regalia match`: the command line of the match runner, its progress bar and its tables.

use super::{say, CliError};
use crate::arena::adjudication::{Adjudication, DrawRule, ResignRule};
use crate::arena::clock::{MoveLimits, TimeControl};
use crate::arena::game::GameRecord;
use crate::arena::stats::{Sprt, SprtDecision};
use crate::arena::{self, openings, EngineSpec, MatchConfig, MatchError};
use crate::session::Variant;
use clap::{ArgAction, Args};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[arg(long, default_value = Variant::DEFAULT.name(), help = super::variant_help())]
    variant: String,
    /// One engine: `cmd=PROGRAM [name=NAME] [answer-timeout=SECONDS] [option.NAME=VALUE ...]`;
    /// once per seat.
    #[arg(long, action = ArgAction::Append, num_args = 1.., required = true)]
    engine: Vec<String>,
    /// The words of each `--engine`, kept apart (clap's derive flattens them).
    #[arg(skip)]
    engine_groups: Vec<Vec<String>>,
    /// Clock per engine: `[moves/]seconds[+increment]`, e.g. 10+0.1 or 40/60.
    #[arg(long)]
    tc: Option<String>,
    /// Fixed time per move, in milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Node limit per move (with or without a clock).
    #[arg(long)]
    nodes: Option<u64>,
    /// Depth limit per move (with or without a clock).
    #[arg(long)]
    depth: Option<u32>,
    /// Milliseconds an engine may overrun its time before it loses on time.
    #[arg(long, default_value_t = 100)]
    timemargin: u64,
    /// Seconds a move may take under a node or depth limit alone before the engine counts as hung.
    #[arg(long, default_value_t = 60)]
    hang_timeout: u64,
    /// Seconds an engine has to start and to answer `isready` (an engine's own
    /// `answer-timeout=` overrides it).
    #[arg(long, default_value_t = 10)]
    answer_timeout: u64,
    /// Openings file or folder; default the shipped `openings/<variant>/` (built in), else the
    /// start position.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Play the openings in an order shuffled with this seed (default: file order).
    #[arg(long)]
    shuffle_openings: Option<u64>,
    /// Games to play; default: every opening once with each seat rotation.
    #[arg(long)]
    games: Option<usize>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Stop when decided: `elo0=0 elo1=5 [alpha=0.05] [beta=0.05]` (two engines).
    #[arg(long, num_args = 1..=4)]
    sprt: Option<Vec<String>>,
    /// Adjudicate a draw after this many moves of every seat (tafl has no move-count draw).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Resign for an engine whose own score stays at or below minus this (centipawns).
    #[arg(long)]
    resign_score: Option<i32>,
    /// ... for this many of its moves in a row.
    #[arg(long, default_value_t = 3)]
    resign_moves: usize,
    /// Adjudicate a draw when every engine's score stays within this (centipawns) ...
    #[arg(long)]
    draw_score: Option<i32>,
    /// ... for this many moves each ...
    #[arg(long, default_value_t = 8)]
    draw_moves: usize,
    /// ... from this move on.
    #[arg(long, default_value_t = 40)]
    draw_after: usize,
    /// Write every game here: PGN for the chess family, line records for the other games.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The event name in the records.
    #[arg(long, default_value = "Regalia match")]
    event: String,
}

impl MatchArgs {
    /// Reads the arguments, keeping each `--engine`'s words together.
    pub fn from_matches(matches: &clap::ArgMatches) -> Result<MatchArgs, clap::Error> {
        let mut args = <MatchArgs as clap::FromArgMatches>::from_arg_matches(matches)?;
        args.engine_groups = matches
            .get_occurrences::<String>("engine")
            .map(|groups| groups.map(|g| g.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(args)
    }
}

pub fn match_command(args: MatchArgs) -> Result<(), CliError> {
    let config = config(&args)?;
    let progress = ProgressBar::new(config.games as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // Games take a while: keep the elapsed time moving between them.
    progress.enable_steady_tick(Duration::from_millis(500));
    let report_game = |record: &GameRecord, standings: &arena::standings::Standings| {
        let line = game_line(record, &standings.engine_names);
        if progress.is_hidden() {
            eprintln!("{line}");
        } else {
            progress.println(line);
        }
        if standings.engine_names.len() == 2 {
            let t = standings.tally;
            progress.set_message(format!(
                "{} +{} ={} -{}",
                standings.engine_names[0], t.wins, t.draws, t.losses
            ));
        }
        progress.inc(1);
    };
    let summary = arena::run(&config, report_game)?;
    progress.finish_and_clear();
    if let Some(stop) = summary.sprt_stop {
        say(&format!(
            "SPRT stopped the match after {} games: {}, decided at game {} (llr {:.2}); \
             the games under way then finished and count in the llr below",
            summary.standings.games(),
            match stop.decision {
                SprtDecision::AcceptH1 => "H1 accepted (elo1 shown)",
                SprtDecision::AcceptH0 => "H0 accepted (elo1 not shown)",
                SprtDecision::Continue => "undecided",
            },
            stop.games,
            stop.llr
        ))?;
    }
    say(summary.standings.report(config.sprt.as_ref()).trim_end())?;
    if let Some(path) = &config.out {
        say(&format!("\nRecords written to {}", path.display()))?;
    }
    Ok(())
}

/// "game 3 (A vs B, openings/…:2): 1-0, white wins by checkmate (57 moves)".
fn game_line(record: &GameRecord, names: &[String]) -> String {
    let players: Vec<&str> = record
        .setup
        .seat_engines
        .iter()
        .map(|&e| names[e].as_str())
        .collect();
    let points: Vec<String> = record
        .points()
        .iter()
        .map(|&p| arena::format_points(p))
        .collect();
    format!(
        "game {} ({}, {}): {}, {} ({} plies)",
        record.setup.number,
        players.join(" vs "),
        record.setup.opening.source,
        points.join("-"),
        record.ending_text(),
        record.moves.len()
    )
}

fn config(args: &MatchArgs) -> Result<MatchConfig, CliError> {
    let variant: Variant = args.variant.parse()?;
    let engines = args
        .engine_groups
        .iter()
        .map(|words| EngineSpec::parse(words))
        .collect::<Result<Vec<_>, _>>()?;
    let clock = args
        .tc
        .as_deref()
        .map(str::parse::<TimeControl>)
        .transpose()?;
    let movetime = args.movetime.map(Duration::from_millis);
    if clock.is_none() && movetime.is_none() && args.nodes.is_none() && args.depth.is_none() {
        return Err(
            MatchError::Setup("give a limit: --tc, --movetime, --nodes or --depth".into()).into(),
        );
    }
    if movetime.is_some_and(|t| t.is_zero()) || args.nodes == Some(0) || args.depth == Some(0) {
        return Err(MatchError::Setup("limits must be above zero".into()).into());
    }
    let limits = MoveLimits {
        clock,
        movetime,
        nodes: args.nodes,
        depth: args.depth,
        margin: Duration::from_millis(args.timemargin),
        hang_timeout: Duration::from_secs(args.hang_timeout.max(1)),
    };
    let adjudication = Adjudication {
        max_moves: args.max_moves,
        resign: args.resign_score.map(|score| ResignRule {
            score,
            moves: args.resign_moves.max(1),
        }),
        draw: args.draw_score.map(|score| DrawRule {
            score,
            moves: args.draw_moves.max(1),
            after: args.draw_after,
        }),
    };
    let variant_options = crate::arena::referee::variant_options(variant, &engines)?;
    let options = &variant_options;
    let openings = match &args.openings {
        Some(path) => openings::load(path, variant, options)?,
        // The shipped openings of a game of several player counts: those for this many engines.
        None => openings::for_seats(
            openings::shipped(variant, options)?,
            variant,
            options,
            engines.len(),
        ),
    };
    let mut openings = openings;
    if let Some(seed) = args.shuffle_openings {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        openings.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
    }
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    if sprt.is_some() && engines.len() != 2 {
        return Err(MatchError::Sprt("needs exactly two engines".into()).into());
    }
    // Every opening once in every seating (the runner checks there is an engine per seat).
    let games = args.games.unwrap_or(openings.len() * engines.len().max(1));
    if games == 0 {
        return Err(MatchError::Setup("--games must be at least 1".into()).into());
    }
    Ok(MatchConfig {
        variant,
        variant_options,
        engines,
        limits,
        adjudication,
        openings,
        games,
        concurrency: args.concurrency.max(1),
        sprt,
        out: args.out.clone(),
        answer_timeout: Duration::from_secs(args.answer_timeout.max(1)),
        event: args.event.clone(),
        date: today(),
    })
}

/// Today's date as PGN writes it ("2026.11.29"), from the system clock (UTC).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}
