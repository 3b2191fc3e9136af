//! `regalia render`: an SVG diagram of any position of any game.

use super::{say, CliError};
use crate::render::{to_svg_with, SvgOptions};
use crate::search::{SearchLimits, SearchOptions, Searcher};
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
    /// Turn the board this many quarter turns clockwise (0-3), so that the player at that
    /// side sits at the bottom: 2 shows it from the top (black's side), 1 from the right-hand
    /// side (east), 3 from the left-hand side (west). Pieces and labels stay upright.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=3), conflicts_with = "flip")]
    pub turn: Option<u8>,
    /// Show the board from the top (black's side): the same as --turn 2.
    #[arg(long)]
    pub flip: bool,
    /// Write the hooks a page's script uses: the field in `<g id="board">`, each cell a
    /// `<rect class="cell" data-square="e4">`, pieces and marks letting clicks through.
    #[arg(long)]
    pub interactive: bool,
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
            let table = Arc::new(Searcher::new(64));
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
    let options = SvgOptions {
        turn: args.turn.unwrap_or(if args.flip { 2 } else { 0 }),
        interactive: args.interactive,
    };
    std::fs::write(&args.out, to_svg_with(&diagram, &options)).map_err(|error| {
        CliError::Write {
            path: args.out.clone(),
            error,
        }
    })?;
    say(&format!("wrote {}", args.out.display()))
}
