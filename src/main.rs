//! The `regalia` binary: with no arguments it speaks the protocol on stdin/stdout; with a
//! subcommand it serves a person at the shell.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use regalia::cli;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "regalia",
    version,
    about = "Regalia: a game-playing engine for chess and its relatives"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree (move-generator proof and speed test).
    Perft(cli::PerftArgs),
    /// Search fixed positions to a fixed depth: total nodes (a signature) and speed.
    Bench(cli::BenchArgs),
    /// Show a position and its best lines, for a person at the shell.
    Analyse(cli::AnalyseArgs),
    /// Search every position of a test suite (EPD with `bm`/`am`) and count those solved.
    Solve(cli::SolveArgs),
    /// Write an SVG diagram of a position.
    Render(cli::RenderArgs),
    /// Play engine-vs-engine games of any variant, refereed by the rules library.
    Match(Box<cli::MatchArgs>),
    /// Speak the OpenTafl Engine Protocol on stdin/stdout (for OpenTafl's engine .ini files).
    Opentafl(cli::OpenTaflArgs),
    /// Speak the Hnefatafl Text Protocol (hnefatafl.org) on stdin/stdout, or as a TCP client.
    Htp(cli::HtpArgs),
    /// Play and analyse every game in a browser: a local web server with one built-in page.
    Serve(cli::ServeArgs),
    /// Fit the chess or Sceptre evaluation's weights to game results (Texel's method).
    Tune(cli::TuneArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let matches = Args::command().get_matches();
    let args = Args::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    // Every game's tables now, not inside the first timed perft, bench or search; a bench
    // builds only its own game's (`cli::bench`): chess's slider tables were 1.1% of a Sceptre
    // bench's instructions (issue 32).
    if !matches!(args.command, Some(Command::Bench(_))) {
        regalia::session::Variant::init_all();
    }
    let result = match args.command {
        None => {
            regalia::protocol::run_stdio();
            Ok(())
        }
        Some(Command::Perft(a)) => cli::perft(a),
        Some(Command::Bench(a)) => cli::bench(a),
        Some(Command::Analyse(a)) => cli::analyse(a),
        Some(Command::Solve(a)) => cli::solve(a),
        Some(Command::Render(a)) => cli::render(a),
        Some(Command::Opentafl(a)) => cli::opentafl(a),
        Some(Command::Htp(a)) => cli::htp(a),
        Some(Command::Serve(a)) => cli::serve(a),
        Some(Command::Tune(a)) => cli::tune(a),
        Some(Command::Match(_)) => match matches.subcommand_matches("match") {
            Some(m) => {
                cli::match_command(cli::MatchArgs::from_matches(m).unwrap_or_else(|e| e.exit()))
            }
            None => Ok(()),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
