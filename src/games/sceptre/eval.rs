//! The first Sceptre evaluator: material and mobility under the terrain rules. A piece's worth
//! is its material plus a few points for each square it could move to, so a rook boxed in by
//! forest or a bishop stuck in the woods counts for less, and pieces placed in the set-up
//! where they have room count for more. Pieces still to place count their material only.
//! Withdrawn players' pieces are inert and count for nobody.

use super::piece::PieceKind;
use super::position::{PlayerState, SceptrePosition};
use super::seats::PlayerColour;
use crate::core::{Evaluator, Score, SeatScores, MAX_SEATS};

/// Score of a seat out of the game (eliminated or withdrawn): below any playing material.
pub const OUT: Score = -10_000;

/// Material in centipawns. The king's value is only for ordering captures: taking it
/// eliminates a player (or ends a game of two), worth more than any piece.
pub const fn value(kind: PieceKind) -> Score {
    match kind {
        PieceKind::King => 2_000,
        PieceKind::Queen => 900,
        PieceKind::Rook => 450,
        PieceKind::Bishop => 300,
        PieceKind::Knight => 350,
        PieceKind::Pawn => 100,
    }
}

/// Points per square a piece could move to; a pawn's many short moves count for less.
const fn mobility_weight(kind: PieceKind) -> Score {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::King => 0,
        _ => 4,
    }
}

/// The full evaluation, or material alone (`Evaluation material`).
#[derive(Clone, Copy, Debug, Default)]
pub struct SceptreEval {
    pub material_only: bool,
}

/// Per colour index: material on the field and to place, and mobility.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    pub material: [Score; MAX_SEATS],
    pub mobility: [Score; MAX_SEATS],
}

impl Terms {
    pub fn total(&self, colour: PlayerColour) -> Score {
        self.material[colour.index()] + self.mobility[colour.index()]
    }
}

impl SceptreEval {
    /// Each playing player's terms.
    pub fn terms(&self, pos: &SceptrePosition) -> Terms {
        let mut terms = Terms::default();
        let mut moves = Vec::with_capacity(64);
        for (sq, piece) in pos.pieces() {
            let owner = piece.owner.index();
            if pos.state(piece.owner) != Some(PlayerState::Playing) {
                continue;
            }
            if piece.kind != PieceKind::King {
                terms.material[owner] += value(piece.kind);
            }
            if !self.material_only && mobility_weight(piece.kind) > 0 {
                moves.clear();
                pos.piece_moves(sq, piece, &mut moves);
                terms.mobility[owner] += mobility_weight(piece.kind) * moves.len() as Score;
            }
        }
        for colour in pos.colours() {
            if let Some(left) = pos.set_up(colour) {
                for kind in PieceKind::ALL {
                    if kind != PieceKind::King {
                        terms.material[colour.index()] +=
                            value(kind) * Score::from(left[kind.index()]);
                    }
                }
            }
        }
        terms
    }
}

impl Evaluator<SceptrePosition> for SceptreEval {
    /// With two playing, the mover's total less the other's; otherwise the mover's entry of
    /// [`Evaluator::evaluate_seats`].
    fn evaluate(&self, pos: &SceptrePosition) -> Score {
        let mover = pos.to_move();
        if pos.playing_count() == 2 {
            let terms = self.terms(pos);
            let other = pos
                .colours()
                .find(|&c| c != mover && pos.is_playing(c))
                .unwrap_or(mover);
            terms.total(mover) - terms.total(other)
        } else {
            self.evaluate_seats(pos)[mover.index()]
        }
    }

    /// A playing seat: its total less the best other playing seat's. Out of the game: [`OUT`].
    fn evaluate_seats(&self, pos: &SceptrePosition) -> SeatScores {
        let terms = self.terms(pos);
        let mut out = [0; MAX_SEATS];
        for colour in pos.colours() {
            out[colour.index()] = if pos.is_playing(colour) {
                let best_other = pos
                    .colours()
                    .filter(|&c| c != colour && pos.is_playing(c))
                    .map(|c| terms.total(c))
                    .max();
                terms.total(colour) - best_other.unwrap_or(0)
            } else {
                OUT
            };
        }
        out
    }
}
