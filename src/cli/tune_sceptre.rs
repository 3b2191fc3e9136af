//! `regalia tune` for Sceptre 1027 A.D.: reads `regalia match --out` line records of games of
//! two, three and four players, fits the full evaluator's table (`games/sceptre/tune.rs`) and
//! reports, per number of players, the error of the hand-set table and of the fit on games
//! the fit never saw.

use super::tune::{file_names, groups, write_table, TuneArgs, TuneError};
use super::{say, CliError};
use crate::arena::read_record::read_line_records;
use crate::games::sceptre::eval::weights::HANDSET;
use crate::games::sceptre::tune::{
    data_set_with_games, fitter, fitter_freezing, rounded, rust_source, Collector, Group,
    RecordedGame, Sample, Sampling, BIAS_FOUR, BIAS_THREE,
};
use crate::tune::{paired_difference, DataSet, FitSettings};
use std::time::Instant;

/// The three shares of the games: training, held out (to stop), test (never consulted).
const SHARES: [&str; 3] = ["training", "held out", "test"];
/// The rows of all games, then of 2, 3 and 4 players.
const COUNTS: [&str; 4] = ["all", "2 players", "3 players", "4 players"];

/// Rows and the game of each.
type Rows = (DataSet, Vec<u64>);

pub fn tune_sceptre(args: TuneArgs) -> Result<(), CliError> {
    let frozen: Vec<Group> = groups(&args.freeze, "sceptre1027")?;
    let started = Instant::now();
    let mut collector = Collector::new(Sampling {
        skip_plies: args.skip_plies,
    });
    if let Some(n) = args.players {
        if !(2..=4).contains(&n) {
            return Err(TuneError::Players(n).into());
        }
        collector = collector.only_players(n);
    }
    let mut bad_games = 0;
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|error| TuneError::Read {
            path: path.clone(),
            error,
        })?;
        let mut read = 0;
        let mut first_error = None;
        for record in read_line_records(&text) {
            let outcome = record.map_err(|e| e.to_string()).and_then(|g| {
                if g.variant != "sceptre1027" {
                    return Err(format!(
                        "game {} is {}, not sceptre1027",
                        g.number, g.variant
                    ));
                }
                let moves = g.all_moves();
                let forfeits = g.forfeits();
                collector
                    .add_game(&RecordedGame {
                        start: &g.start,
                        moves: &moves,
                        forfeits: &forfeits,
                        points: g.points.as_deref(),
                    })
                    .map_err(|e| format!("game {}: {e}", g.number))
            });
            match outcome {
                Ok(()) => read += 1,
                Err(e) => {
                    // A file still being written may end in half a game.
                    log::warn!("{}: skipped: {e}", path.display());
                    bad_games += 1;
                    first_error.get_or_insert(e);
                }
            }
        }
        if read == 0 {
            return Err(TuneError::Records {
                path: path.clone(),
                error: first_error.unwrap_or_else(|| "no games".into()),
            }
            .into());
        }
    }
    let c = &collector.counts;
    say(&format!(
        "Games: {} read ({} unfinished, {} cut short, {} of other numbers of players, {} \
         unreadable skipped)",
        c.games, c.unfinished_games, c.cut_games, c.other_players, bad_games
    ))?;
    say(&format!(
        "Positions: {} kept (2 players {}, 3 players {}, 4 players {}); left out: {} in check, \
         {} with a winning capture, {} duplicates",
        c.kept,
        c.by_players[2],
        c.by_players[3],
        c.by_players[4],
        c.in_check,
        c.winning_capture,
        c.duplicates
    ))?;
    // Held out by whole games, as for chess.
    let every = args.hold_out_every as u64;
    let share = |game: u64| if every < 2 { 2 } else { game % every };
    let part = |s: &Sample| match share(s.game) {
        0 => 1,
        1 => 2,
        _ => 0,
    };
    let sets = |w| -> [[Rows; 4]; 3] {
        // Per share: all, then 2, 3 and 4 players.
        std::array::from_fn(|p| {
            std::array::from_fn(|n| {
                data_set_with_games(
                    collector
                        .samples
                        .iter()
                        .filter(|s| part(s) == p && (n == 0 || s.players == n + 1)),
                    w,
                )
            })
        })
    };
    let hand = sets(&HANDSET);
    let train = &hand[0][0].0;
    if train.is_empty() {
        return Err(TuneError::NoPositions.into());
    }
    say(&format!(
        "Rows (one per playing seat): {} training, {} held out (to stop), {} test (unseen)",
        train.len(),
        hand[1][0].0.len(),
        hand[2][0].0.len()
    ))?;

    // The hand-set table's own best: K and the two biases fitted with its weights held.
    let mut biases = fitter(&HANDSET, false);
    let bias_settings = FitSettings {
        epochs: 300,
        learning_rate: 2.0,
        report_every: 0,
        pull_to_start: 0.0,
    };
    let mut k = biases.fit_k(train);
    for _ in 0..2 {
        biases.fit(train, None, k, &bias_settings);
        k = biases.fit_k(train);
    }
    say(&format!(
        "K: {k:.4}; bias of three playing {:.1}, of four {:.1} (hand-set weights)",
        biases.params[2 * BIAS_THREE],
        biases.params[2 * BIAS_FOUR]
    ))?;
    let before = errors(&hand, &biases.params, k);
    report("hand-set", &before)?;

    let mut fit = fitter_freezing(&HANDSET, &frozen);
    fit.params[2 * BIAS_THREE..].copy_from_slice(&biases.params[2 * BIAS_THREE..]);
    let settings = FitSettings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        report_every: args.check_every,
        pull_to_start: args.pull_to_start,
    };
    let held = &hand[1][0].0;
    let held_out = (!held.is_empty() && !args.keep_last).then_some(held);
    let (_, kept) = fit.fit(train, held_out, k, &settings);
    let weights = rounded(&fit.params);
    // The rows again, traced with the fitted table (the standing's linear pieces are exact
    // round the table traced with), the biases as fitted.
    let tuned = sets(&weights);
    let mut params = fit.params.clone();
    for (i, p) in params.iter_mut().enumerate().take(2 * BIAS_THREE) {
        *p = f64::from(weights.get(i / 2));
    }
    let after = errors(&tuned, &params, k);
    report(&format!("fitted (epoch {kept}, rounded)"), &after)?;
    // The test games' verdict with its uncertainty: the two tables row by row, games as units.
    for (n, name) in COUNTS.iter().enumerate() {
        let (h, t) = (&hand[2][n], &tuned[2][n]);
        let line = match paired_difference(
            &h.0.squared_errors(&biases.params, k),
            &t.0.squared_errors(&params, k),
            &t.1,
        ) {
            Some((d, half)) => format!(
                "Test, fitted minus hand-set, {name}: {d:+.6} ({:+.6} to {:+.6}, 95%, {} rows)",
                d - half,
                d + half,
                t.0.len()
            ),
            None => format!("Test, fitted minus hand-set, {name}: too few games"),
        };
        say(&line)?;
    }
    let test_errors = COUNTS
        .iter()
        .enumerate()
        .filter(|(n, _)| !hand[2][*n].0.is_empty())
        .map(|(n, name)| {
            format!(
                "{name} ({} rows) {:.6} -> {:.6}",
                hand[2][n].0.len(),
                before[2][n],
                after[2][n]
            )
        })
        .collect::<Vec<_>>();
    let header = format!(
        "Sceptre 1027 A.D. evaluation weights fitted by `regalia tune` (Texel's method) from {} \
         quiet positions ({} rows, one per playing seat) of {} games ({}){}, K = {k:.4}, Adam at \
         step {}, pull to start {}, frozen {:?}, the weights of epoch {kept} of {} ({}).\n\
         Mean squared error on the test games (never consulted), hand-set -> fitted: {}.",
        c.kept,
        train.len(),
        c.games,
        file_names(&args.files),
        args.players
            .map_or_else(String::new, |n| format!(" of {n} players only")),
        args.learning_rate,
        args.pull_to_start,
        frozen,
        args.epochs,
        if held_out.is_some() {
            "lowest error on the held-out games"
        } else {
            "the last"
        },
        if test_errors.is_empty() {
            "none (no test games)".to_string()
        } else {
            test_errors.join(", ")
        }
    );
    write_table(
        &args.out,
        &rust_source(&weights, &args.name, &header),
        started,
    )
}

/// Mean squared error per share and number of players (NaN where there are no rows).
fn errors(sets: &[[Rows; 4]; 3], params: &[f64], k: f64) -> [[f64; 4]; 3] {
    std::array::from_fn(|p| {
        std::array::from_fn(|n| {
            let d = &sets[p][n].0;
            if d.is_empty() {
                f64::NAN
            } else {
                d.error(params, k)
            }
        })
    })
}

fn report(which: &str, e: &[[f64; 4]; 3]) -> Result<(), CliError> {
    for (p, name) in SHARES.iter().enumerate() {
        say(&format!(
            "Error {which:>8}, {name:>8}: all {:.6}, 2 players {:.6}, 3 players {:.6}, 4 players \
             {:.6}",
            e[p][0], e[p][1], e[p][2], e[p][3]
        ))?;
    }
    Ok(())
}
