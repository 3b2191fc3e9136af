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
    /// The seat to move there, each seat's state there (as the game view's `to_move` and
    /// seats' `state`) and the status there, so the page's standing lines and status speak of
    /// the position shown, not of the game's last one.
    pub to_move: u8,
    pub seat_states: Vec<&'static str>,
    pub status: String,
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
            to_move: session.to_move(),
            seat_states: (0..session.seats() as u8)
                .map(|seat| super::view::seat_state_word(session.seat_state(seat)))
                .collect(),
            status: self.status_at(ply, session.as_ref()),
        })
    }
}

impl WebGame {
    /// The status at `ply`: the game's own at its last position (its result once over), else
    /// who was to move there (no engine thinks in a position stepped back to).
    fn status_at(&self, ply: usize, session: &dyn Session) -> String {
        if ply == self.moves.len() {
            return self.status_text();
        }
        let name = super::web_game::capitalised(&session.seat_name(session.to_move()));
        match session.checked_king() {
            Some(_) => format!("{name} to move: check!"),
            None => format!("{name} to move"),
        }
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
