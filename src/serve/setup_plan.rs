//! "Set up for me" as a proposal the player adjusts before anything is played (Sceptre 1027's
//! set-up, docs/rules/sceptre1027.md#the-set-up): the engine plans the rest of the asking
//! seat's placements, the page shows them as a preview the player may move pieces about in, and
//! each adjusted plan comes back here to be checked in order. Nothing here changes the game: a
//! confirmed plan is kept with the game and played by the server (`held_plan.rs`).
//!
//! Placements alternate between the players, so a plan is made (and checked) by playing the set-up
//! to its end on a copy of the game: the seat's own placements are the engine's choice (or the
//! plan given), the others' the engine's expectation of them.

use super::http::ApiError;
use super::jobs::{EngineLevel, JobKind};
use crate::session::{SearchJob, SearchTable, Session};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How far the engine looks over the seat's own placements: the depth the search stops at on
/// placements under a clock (docs/sceptre.md, "Set-up"), the stand-in's search with a depth for
/// its limit instead of a time, so a plan of sixteen placements comes in well under a second.
const OWN_DEPTH: u32 = 2;
/// The other players' placements only need to be plausible (they decide which of the seat's
/// placements stay legal): one ply is enough.
const OTHERS_DEPTH: u32 = 1;
/// The hash table of one plan's searches.
const PLAN_TABLE_MEGABYTES: usize = 4;

/// `{}` (propose) or `{"placements": ["K@c1", …]}` (check this plan).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetUpRequest {
    #[serde(default)]
    pub placements: Option<Vec<String>>,
}

/// A plan of the seat's remaining placements, in the order they are to be played.
#[derive(Serialize, Debug)]
pub struct SetUpPlan {
    pub seat: u8,
    pub placements: Vec<String>,
    /// For each piece letter still to place, the squares it may be placed on at the seat's next
    /// placement (empty squares of its kingdom on ground it may stand on): where the page lets a
    /// previewed piece be moved. A plan moved there is still checked in order.
    pub squares: BTreeMap<String, Vec<String>>,
    /// The board now with the plan's pieces drawn on their squares (as the game view's `svg`).
    pub svg: String,
}

/// Whether what may be done now is placing pieces (`N@c3`, the one notation a placement has).
pub fn placing(session: &dyn Session) -> bool {
    session.legal_moves().iter().any(|m| m.contains('@'))
}

/// The engine's placement for the player to place in `session`, searched `depth` plies.
fn engine_placement(
    session: &dyn Session,
    depth: u32,
    table: &SearchTable,
) -> Result<String, ApiError> {
    let level = EngineLevel {
        movetime: None,
        depth: Some(depth),
        level: None,
    };
    let order = JobKind::EngineMove(level).order(session.variant(), session.seats(), None);
    let shared = table.shared();
    shared.new_search();
    let end = SearchJob::run_to_end(session.boxed_clone(), order, shared)
        .map_err(|e| ApiError::Unavailable(format!("the engine could not plan the set-up: {e}")))?;
    end.best
        .ok_or_else(|| ApiError::Unavailable("the engine found no placement".into()))
}

fn piece_name(letter: &str) -> &'static str {
    match letter {
        "K" => "king",
        "Q" => "queen",
        "R" => "rook",
        "B" => "bishop",
        "N" => "knight",
        "P" => "pawn",
        _ => "piece",
    }
}

/// Why `placement` is not among `legal` (the seat's placements at its turn), in words.
fn why_illegal(placement: &str, legal: &[String]) -> String {
    let Some((piece, square)) = placement.split_once('@') else {
        return "a placement is a piece letter, @ and a square (N@c3)".into();
    };
    let to = |m: &String| m.split_once('@').map(|(_, s)| s == square);
    if !legal.iter().any(|m| m.starts_with(&format!("{piece}@"))) {
        return format!("there is no {} left to place then", piece_name(piece));
    }
    if !legal.iter().any(|m| to(m) == Some(true)) {
        return format!("{square} is taken then, or not a square of your kingdom");
    }
    let name = piece_name(piece);
    format!(
        "a {name} may not be placed on {square} then (ground it may not stand on, both bishops \
         on one colour, or a king and an enemy piece attacking each other)"
    )
}

/// The seat's placements, the squares of its next one, and the set-up played to its end.
struct PlayedOut {
    placements: Vec<String>,
    squares: BTreeMap<String, Vec<String>>,
    end: Box<dyn Session>,
}

/// Plays the set-up to its end on a copy of `session`: the seat's placements are `wanted` in
/// order (checked, each when its turn comes) or the engine's; the others' are the engine's.
/// `board` is the diagram to draw the plan's pieces on (the game's, with its last move).
pub fn plan(
    session: &dyn Session,
    seat: u8,
    wanted: Option<&[String]>,
    mut board: crate::render::Diagram,
    turn: u8,
) -> Result<SetUpPlan, ApiError> {
    let PlayedOut {
        placements,
        squares,
        end: copy,
    } = play_out(session, seat, wanted)?;
    // The plan's pieces, as the set-up played to its end draws them, on the board of now.
    let done = copy.diagram();
    for p in &placements {
        let Some((_, square)) = p.split_once('@') else {
            continue;
        };
        if let (Some(cell), Some(cell_now)) = (done.cell_of(square), board.cell_of(square)) {
            if let Some(piece) = done.pieces[done.index(cell)].clone() {
                board.place(cell_now, piece);
            }
        }
    }
    Ok(SetUpPlan {
        seat,
        placements,
        squares,
        svg: super::view::board_svg(&board, turn, true),
    })
}

/// Checks the player's plan of every placement `seat` still has to make, as [`plan`] does
/// (in order, against the engine's expectation of the others'): the placements, trimmed, or a
/// 400 naming the first that fails.
pub fn check(session: &dyn Session, seat: u8, wanted: &[String]) -> Result<Vec<String>, ApiError> {
    play_out(session, seat, Some(wanted)).map(|p| p.placements)
}

fn play_out(
    session: &dyn Session,
    seat: u8,
    wanted: Option<&[String]>,
) -> Result<PlayedOut, ApiError> {
    let name = session.seat_name(seat);
    if !placing(session) {
        return Err(ApiError::Conflict(
            "the set-up is over: there is nothing left to place".into(),
        ));
    }
    let table = SearchTable::new(PLAN_TABLE_MEGABYTES);
    let mut copy = session.boxed_clone();
    let mut placements: Vec<String> = Vec::new();
    let mut squares: Option<BTreeMap<String, Vec<String>>> = None;
    while placing(copy.as_ref()) {
        let mover = copy.to_move();
        let choice = if mover == seat {
            let legal = copy.legal_moves();
            squares.get_or_insert_with(|| squares_by_piece(&legal));
            match wanted {
                None => engine_placement(copy.as_ref(), OWN_DEPTH, &table)?,
                Some(list) => {
                    let Some(next) = list.get(placements.len()) else {
                        return Err(ApiError::BadRequest(format!(
                            "this set-up places {} pieces, but {name} has more to place",
                            list.len()
                        )));
                    };
                    let next = next.trim().to_string();
                    if !legal.contains(&next) {
                        return Err(ApiError::BadRequest(format!(
                            "placement {} of this set-up, {next}, is not legal when its turn comes: {}",
                            placements.len() + 1,
                            why_illegal(&next, &legal)
                        )));
                    }
                    next
                }
            }
        } else {
            engine_placement(copy.as_ref(), OTHERS_DEPTH, &table)?
        };
        copy.play(&choice)
            .map_err(|e| ApiError::BadRequest(format!("the set-up could not be played: {e}")))?;
        if mover == seat {
            placements.push(choice);
        }
    }
    if let Some(list) = wanted.filter(|l| l.len() > placements.len()) {
        return Err(ApiError::BadRequest(format!(
            "this set-up places {} pieces, but {name} has only {} to place",
            list.len(),
            placements.len()
        )));
    }
    if placements.is_empty() {
        return Err(ApiError::Conflict(format!(
            "{name} has nothing left to place"
        )));
    }
    Ok(PlayedOut {
        placements,
        squares: squares.unwrap_or_default(),
        end: copy,
    })
}

/// The squares of each piece letter's placements among `legal`.
fn squares_by_piece(legal: &[String]) -> BTreeMap<String, Vec<String>> {
    let mut squares: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in legal {
        if let Some((piece, square)) = m.split_once('@') {
            squares
                .entry(piece.to_string())
                .or_default()
                .push(square.to_string());
        }
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Variant;

    fn duel() -> Box<dyn Session> {
        let mut s = Variant::Sceptre
            .configured_session(&[("SceptreLayout".into(), "duel".into())])
            .expect("the duel layout");
        s.set_position(None, &[]).expect("the set-up");
        s
    }

    #[test]
    fn a_proposal_places_every_piece_of_the_seat_and_is_legal_in_order() {
        let s = duel();
        let board = s.diagram();
        let plan = plan(s.as_ref(), 0, None, board.clone(), 0).expect("a plan");
        assert_eq!(plan.placements.len(), 16, "{plan:?}");
        assert!(plan.placements.iter().any(|p| p.starts_with("K@")));
        assert!(plan.squares.contains_key("K") && plan.squares.contains_key("P"));
        // The same plan, given back, is checked legal, and changes nothing in the game.
        let again = super::plan(s.as_ref(), 0, Some(&plan.placements), board, 0).expect("legal");
        assert_eq!(again.placements, plan.placements);
        assert!(s.legal_moves().iter().all(|m| m.contains('@')));
    }

    #[test]
    fn an_illegal_plan_is_refused_with_the_placement_that_fails() {
        let s = duel();
        let board = s.diagram();
        let good = plan(s.as_ref(), 0, None, board.clone(), 0)
            .expect("a plan")
            .placements;
        let mut placements = good.clone();
        // Two pieces on one square: the second cannot be placed.
        let first_square = placements[0].split_once('@').unwrap().1.to_string();
        let piece = placements[1].split_once('@').unwrap().0.to_string();
        placements[1] = format!("{piece}@{first_square}");
        let e = plan(s.as_ref(), 0, Some(&placements), board.clone(), 0).unwrap_err();
        assert_eq!(e.status(), 400);
        assert!(e.to_string().contains("placement 2"), "{e}");
        // Too few placements, too many.
        let e = plan(s.as_ref(), 0, Some(&good[..3]), board.clone(), 0).unwrap_err();
        assert!(e.to_string().contains("has more to place"), "{e}");
        let mut long = good.clone();
        long.push(good[0].clone());
        let e = plan(s.as_ref(), 0, Some(&long), board.clone(), 0).unwrap_err();
        assert!(e.to_string().contains("has only 16 to place"), "{e}");
        let e = plan(s.as_ref(), 0, Some(&["X@a1".to_string()]), board, 0).unwrap_err();
        assert!(e.to_string().contains("no piece left"), "{e}");
    }
}
