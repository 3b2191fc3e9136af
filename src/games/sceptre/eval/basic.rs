//! The first Sceptre evaluator, kept as the baseline the full one is measured against
//! (`SceptreEvaluation basic`): material and mobility under the terrain rules. A piece's worth
//! is its material plus a few points for each square it could move to; pieces still to place
//! count their material only.

use super::{value, Terms};
use crate::core::Score;
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::rules::position::{PlayerState, SceptrePosition};

/// Points per square a piece could move to; a pawn's many short moves count for less.
const fn mobility_weight(kind: PieceKind) -> Score {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::King => 0,
        _ => 4,
    }
}

/// Material and mobility of each playing player (mobility left out when `material_only`).
pub fn basic_terms(pos: &SceptrePosition, material_only: bool) -> Terms {
    let mut terms = Terms::default();
    for (sq, piece) in pos.pieces() {
        let owner = piece.owner.index();
        if pos.state(piece.owner) != Some(PlayerState::Playing) {
            continue;
        }
        if piece.kind != PieceKind::King {
            terms.material[owner] += value(piece.kind);
        }
        if !material_only && mobility_weight(piece.kind) > 0 {
            terms.mobility[owner] +=
                mobility_weight(piece.kind) * pos.move_count(sq, piece) as Score;
        }
    }
    super::add_pieces_to_place(pos, &mut terms, &super::weights::HANDSET);
    terms
}
