//! Review: any earlier position of a game, for the page to step through the move list
//! (`GET /api/games/{id}/review?ply=N`). The game itself is untouched: play resumes from its
//! end. Also the moves of a search's lines in the game's record notation (SAN for the chess
//! family), read against the position the search started from.

use super::http::ApiError;
use super::web_game::WebGame;
use crate::session::Session;
use serde::Serialize;

/// One earlier position.
#[derive(Serialize)]
pub struct ReviewView {
    /// Moves played to reach it (0: the start).
    pub ply: usize,
    /// Moves in the whole game.
    pub plies: usize,
    pub position: String,
    /// The square of the king in check there (the side to move's), as in the game view.
    pub check: Option<String>,
    /// The move that led here, in record notation (null at the start).
    pub last: Option<String>,
    /// The board there, turned as asked, squares marked as in the game view.
    pub svg: String,
    /// Per seat, its own pieces its self-destructs took off the board up to here (Chess 40k;
    /// as the game view's `self_destructed`), so the page counts the pieces taken there.
    pub self_destructed: Vec<String>,
}

impl WebGame {
    pub fn review(&self, ply: usize, turn: u8) -> Result<ReviewView, ApiError> {
        if ply > self.moves.len() {
            return Err(ApiError::BadRequest(format!(
                "ply must be 0 to {} (the moves played)",
                self.moves.len()
            )));
        }
        let session = self.session_at(ply).map_err(ApiError::BadRequest)?;
        let mut diagram = session.diagram();
        diagram.title.clear();
        if let Some(last) = ply.checked_sub(1).map(|i| &self.moves[i].text) {
            diagram.last_move = diagram.move_cells(last);
        }
        let position = session.position_text();
        if let Some(best) = super::view::best_move_arrow(self, &position) {
            diagram.arrow = diagram.move_cells(&best);
        }
        Ok(ReviewView {
            ply,
            plies: self.moves.len(),
            check: session.checked_king(),
            position,
            last: ply.checked_sub(1).map(|i| self.moves[i].notation.clone()),
            svg: super::view::board_svg(&diagram, turn % 4, true),
            self_destructed: super::self_destructs::own_losses_in(self, ply),
        })
    }
}

/// A line's moves in record notation, played out from `root`; a move the position does not
/// take (a stale line) ends the translation, the rest stay as they were.
pub fn line_notation(root: &dyn Session, pv: &[String]) -> Vec<String> {
    let mut session = root.boxed_clone();
    let mut out = Vec::with_capacity(pv.len());
    for (i, text) in pv.iter().enumerate() {
        match session.play(text) {
            Ok(notation) => out.push(notation),
            Err(_) => {
                out.extend(pv[i..].iter().cloned());
                break;
            }
        }
    }
    out
}
