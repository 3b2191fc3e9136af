//! `regalia render`: an SVG diagram of any position of any game.

use super::{say, CliError};
use crate::render::to_svg;
use crate::search::{SearchLimits, SearchOptions, TranspositionTable};
use crate::session::SearchControl;
use clap::Args;
use std::sync::Arc;

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub position: super::PositionArgs,
    /// Draw an arrow for this (legal) move.
    #[arg(long)]
    pub arrow: Option<String>,
    /// Search to this depth and draw an arrow for the best move.
    #[arg(long)]
    pub suggest: Option<u32>,
    /// Where to write the SVG.
    #[arg(long)]
    pub out: std::path::PathBuf,
}

pub fn render(args: RenderArgs) -> Result<(), CliError> {
    let session = args.position.session()?;
    let mut diagram = session.diagram();
    if let Some(last) = args.position.moves.last() {
        diagram.last_move = diagram.move_cells(last);
    }
    let arrow = match (&args.arrow, args.suggest) {
        (Some(m), _) => {
            session.check_moves(std::slice::from_ref(m))?;
            Some(m.clone())
        }
        (None, Some(depth)) => {
            let limits = SearchLimits {
                depth: Some(depth.clamp(1, 64)),
                ..Default::default()
            };
            let control = SearchControl::new();
            let table = Arc::new(TranspositionTable::new(64));
            session
                .search(
                    &limits,
                    &SearchOptions::default(),
                    &table,
                    &control,
                    &mut |_| {},
                )?
                .best
        }
        (None, None) => None,
    };
    if let Some(m) = arrow {
        diagram.arrow = diagram.move_cells(&m);
    }
    std::fs::write(&args.out, to_svg(&diagram)).map_err(|error| CliError::Write {
        path: args.out.clone(),
        error,
    })?;
    say(&format!("wrote {}", args.out.display()))
}
