//! `regalia htp`: the Hnefatafl Text Protocol on stdin/stdout, or over TCP with `--host`
//! (docs/htp.md).

use super::CliError;
use crate::protocol::htp::{
    run_client, run_stdio, ClientSettings, Login, Role, Settings, TimeControl,
};
use clap::Args;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct HtpArgs {
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Milliseconds to think per move when the game has no clock (`time_settings un-timed`).
    #[arg(long, default_value_t = 2000)]
    pub think: u64,
    /// Search every move to this depth instead (reproducible games and tests).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search every move for this many nodes instead.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Connect to ADDR:PORT: an HTP server with --username, else a plain HTP driver.
    #[arg(long, value_name = "ADDR:PORT")]
    pub host: Option<String>,
    /// Log in to the server as this user.
    #[arg(long)]
    pub username: Option<String>,
    /// The account's password (may be empty).
    #[arg(long, default_value = "")]
    pub password: String,
    /// Create the account instead of logging in to it.
    #[arg(long)]
    pub create_account: bool,
    /// The login's version word, which the server checks.
    #[arg(long, default_value = crate::protocol::htp::SERVER_VERSION_ID)]
    pub version_id: String,
    /// Offer a game on the server, playing this role (attacker or defender).
    #[arg(long, value_name = "ROLE")]
    pub new_game: Option<String>,
    /// The offered game's board size (7, 11 or 13).
    #[arg(long, default_value_t = 11)]
    pub board_size: u8,
    /// The offered game's Fischer clock, `MINUTES,ADD_SECONDS` (un-timed when omitted).
    #[arg(long, value_name = "MINUTES,ADD_SECONDS")]
    pub fischer: Option<String>,
    /// Join the server's pending game with this id.
    #[arg(long, value_name = "ID")]
    pub join_game: Option<u64>,
    /// Disconnect after this many finished games.
    #[arg(long)]
    pub games: Option<u32>,
}

pub fn htp(args: HtpArgs) -> Result<(), CliError> {
    let engine = Settings {
        threads: args.threads.clamp(1, 256),
        hash_mb: args.hash.clamp(1, 65_536),
        think: Duration::from_millis(args.think.max(10)),
        depth: args.depth,
        nodes: args.nodes,
    };
    let Some(address) = args.host else {
        run_stdio(engine);
        return Ok(());
    };
    let login = match args.username {
        None => None,
        Some(username) => Some(Login {
            username,
            password: args.password,
            create_account: args.create_account,
            version_id: args.version_id,
            new_game: match args.new_game {
                None => None,
                Some(role) => Some((
                    Role::parse(&role).ok_or_else(|| bad("--new-game", &role))?,
                    fischer(args.fischer.as_deref())?,
                    match args.board_size {
                        7 | 11 | 13 => args.board_size,
                        n => return Err(bad("--board-size", &n.to_string())),
                    },
                )),
            },
            join_game: args.join_game,
            games: args.games,
        }),
    };
    run_client(ClientSettings {
        address,
        login,
        engine,
    })
    .map_err(CliError::Htp)
}

fn fischer(text: Option<&str>) -> Result<TimeControl, CliError> {
    let Some(text) = text else {
        return Ok(TimeControl::Untimed);
    };
    let numbers = text
        .split_once(',')
        .and_then(|(m, a)| Some((m.trim().parse().ok()?, a.trim().parse().ok()?)));
    match numbers {
        Some((minutes, add_seconds)) => Ok(TimeControl::Fischer {
            minutes,
            add_seconds,
        }),
        None => Err(bad("--fischer", text)),
    }
}

fn bad(option: &str, value: &str) -> CliError {
    CliError::Htp(crate::protocol::htp::ClientError::Argument(format!(
        "{option} {value}"
    )))
}
