//! The full evaluator as it was first written, kept for the tests only: a walk that records
//! every square each piece covers. `full::full_terms` must give exactly these terms on every
//! position (tests at the foot of this file); it is the reference the faster walk is held to.

use super::weights::*;
use super::{add_pieces_to_place, value, Terms};
use crate::core::{Score, MAX_SEATS};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::{Direction, Square, NO_SQUARE};
use crate::games::sceptre::rules::position::SceptrePosition;
use std::cell::RefCell;

/// What the playing players cover on one square, valid when `stamp` is the evaluation's.
#[derive(Clone, Copy, Default)]
struct Cover {
    stamp: u32,
    /// Pieces of each owner covering it.
    count: [u8; MAX_SEATS],
    /// Their king-attack units, per owner.
    units: [u8; MAX_SEATS],
    /// The cheapest coverer's value, per owner.
    least: [u16; MAX_SEATS],
}

/// Per thread: one [`Cover`] per mailbox cell, reused by stamping instead of clearing.
struct Scratch {
    stamp: u32,
    cover: Vec<Cover>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = const { RefCell::new(Scratch { stamp: 0, cover: Vec::new() }) };
}

impl Scratch {
    fn begin(&mut self, cells: usize) {
        if self.cover.len() < cells {
            self.cover.resize(cells, Cover::default());
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.cover.iter_mut().for_each(|c| c.stamp = 0);
            self.stamp = 1;
        }
    }

    #[inline]
    fn at(&mut self, sq: Square) -> &mut Cover {
        let stamp = self.stamp;
        let c = &mut self.cover[sq as usize];
        if c.stamp != stamp {
            *c = Cover {
                stamp,
                least: [u16::MAX; MAX_SEATS],
                ..Cover::default()
            };
        }
        c
    }

    #[inline]
    fn get(&self, sq: Square) -> Option<&Cover> {
        self.cover
            .get(sq as usize)
            .filter(|c| c.stamp == self.stamp)
    }
}

/// The full terms of every playing player.
pub fn reference_terms(pos: &SceptrePosition) -> Terms {
    SCRATCH.with(|s| terms_with(pos, &mut s.borrow_mut()))
}

/// Steps a pawn of `colour` on `sq` still has to its promotion edge, and the edge's distance
/// from the opposite one.
fn pawn_distance(pos: &SceptrePosition, sq: Square, colour: PlayerColour) -> (i32, i32) {
    let field = pos.field();
    let c = field.place(sq);
    let (w, h) = (field.width() as i32 - 1, field.height() as i32 - 1);
    let (f, r) = (c.file as i32, c.rank as i32);
    match pos.forward_of(colour) {
        Direction::North => (h - r, h),
        Direction::South => (r, h),
        Direction::East => (w - f, w),
        _ => (f, w),
    }
}

/// The best piece a pawn of `colour` could promote to now (0 with an empty pool).
fn best_in_pool(pos: &SceptrePosition, colour: PlayerColour) -> Score {
    let pool = pos.pool(colour);
    [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Knight,
        PieceKind::Bishop,
    ]
    .into_iter()
    .find(|k| pool[k.index()] > 0)
    .map_or(0, value)
}

fn pawn_progress(pos: &SceptrePosition, sq: Square, piece: Piece) -> Score {
    let (left, span) = pawn_distance(pos, sq, piece.colour);
    let mut bonus = PAWN_ADVANCE * (span - left);
    let within = PAWN_NEAR - left.min(PAWN_NEAR);
    if within > 0 {
        bonus += within * within * (PAWN_NEAR_BASE + best_in_pool(pos, piece.colour) / 100) / 4;
    }
    bonus
}

fn terms_with(pos: &SceptrePosition, scratch: &mut Scratch) -> Terms {
    let mut terms = Terms::default();
    let field = pos.field().clone();
    scratch.begin(field.mailbox_len());
    let playing: Vec<PlayerColour> = pos.colours().filter(|&c| pos.is_playing(c)).collect();

    // Pass 1: material, mobility, pawns, and what everyone covers.
    for &owner in &playing {
        let o = owner.index();
        for sq in pos.owned.squares(owner) {
            let Some(piece) = pos.piece(sq) else {
                continue;
            };
            if piece.kind != PieceKind::King {
                terms.material[o] += value(piece.kind)
                    + terrain_per_closed(piece.kind) * Score::from(field.closed_around(sq));
            }
            let units = king_attack(piece.kind);
            let worth = value(piece.kind) as u16;
            let mut free = 0;
            pos.covered(sq, piece, |to| {
                let c = scratch.at(to);
                c.count[o] = c.count[o].saturating_add(1);
                c.units[o] = c.units[o].saturating_add(units);
                c.least[o] = c.least[o].min(worth);
                if pos.piece(to).is_none_or(|p| p.owner != owner) {
                    free += 1;
                }
            });
            let moves = if piece.kind == PieceKind::Pawn {
                terms.pawns[o] += pawn_progress(pos, sq, piece);
                pos.move_count(sq, piece) as Score
            } else {
                free
            };
            terms.mobility[o] += mobility(piece.kind) * moves;
        }
    }
    add_pieces_to_place(pos, &mut terms, &HANDSET);

    // Pass 2: kings and hanging pieces.
    let mover = pos.to_move();
    for &owner in &playing {
        let o = owner.index();
        let hostile: Vec<usize> = playing
            .iter()
            .map(|c| c.index())
            .filter(|&h| h != o)
            .collect();
        let attacked = |sq: Square| {
            scratch
                .get(sq)
                .is_some_and(|c| hostile.iter().any(|&h| c.count[h] > 0))
        };
        if let Some(king) = pos.king_square(owner) {
            let mut units: Score = 0;
            let mut escapes = 0;
            let mut shelter = 0;
            let mut guards = 0;
            let zone = field.neighbours(king);
            for &sq in std::iter::once(&king).chain(zone.iter()) {
                if sq == NO_SQUARE {
                    continue;
                }
                if let Some(c) = scratch.get(sq) {
                    units += hostile
                        .iter()
                        .map(|&h| Score::from(c.units[h]))
                        .sum::<Score>();
                }
                if sq == king {
                    continue;
                }
                let terrain = field.land(sq);
                if terrain == Some(crate::games::sceptre::field::terrain::Terrain::Forest) {
                    shelter += SHELTER_FOREST;
                }
                match pos.piece(sq) {
                    Some(p) if p.owner == owner => guards += 1,
                    _ if terrain.is_some_and(|t| PieceKind::King.may_stand_on(t))
                        && !attacked(sq) =>
                    {
                        escapes += 1
                    }
                    _ => {}
                }
            }
            shelter += SHELTER_PIECE * guards.min(SHELTER_PIECES);
            let at = field.place(king);
            let mut near = 0;
            for &h in &hostile {
                for sq in pos
                    .owned
                    .squares(crate::games::sceptre::field::seats::PlayerColour::ALL[h])
                {
                    let Some(p) = pos.piece(sq) else { continue };
                    if matches!(p.kind, PieceKind::Pawn | PieceKind::King) {
                        continue;
                    }
                    let c = field.place(sq);
                    let d = (c.file as i32 - at.file as i32)
                        .abs()
                        .max((c.rank as i32 - at.rank as i32).abs());
                    if d <= ATTACKER_REACH {
                        near += if p.kind == PieceKind::Queen { 2 } else { 1 };
                    }
                }
            }
            let away = (2 * at.file as i32 + 1 - field.width() as i32)
                .abs()
                .max((2 * at.rank as i32 + 1 - field.height() as i32).abs())
                / 2;
            let mut safety = shelter + KING_AWAY * away - king_danger(units) - ATTACKER_NEAR * near;
            safety -= match escapes {
                0 => NO_ESCAPE,
                1 => ONE_ESCAPE,
                _ => 0,
            };
            if owner != mover && attacked(king) {
                safety -= KING_EXPOSED + terms.material[o] * ARMY_AT_STAKE / 100;
            }
            terms.king[o] = safety;
        }

        // Hanging pieces: the two worst losses.
        let (mut worst, mut second) = (0, 0);
        for sq in pos.owned.squares(owner) {
            let Some(piece) = pos.piece(sq) else { continue };
            if piece.kind == PieceKind::King {
                continue;
            }
            let Some(c) = scratch.get(sq) else { continue };
            let Some(least) = hostile.iter().map(|&h| c.least[h]).min() else {
                continue;
            };
            if least == u16::MAX {
                continue;
            }
            let worth = value(piece.kind);
            let loss = if c.count[o] > 0 {
                (worth - Score::from(least)).max(0)
            } else {
                worth
            };
            if loss > worst {
                second = worst;
                worst = loss;
            } else if loss > second {
                second = loss;
            }
        }
        terms.threats[o] = if owner == mover {
            -second * HANGING_MOVER_SECOND / 100
        } else {
            -(worst * HANGING_WORST + second * HANGING_SECOND) / 100
        };
    }
    terms
}

#[cfg(test)]
mod tests {
    use super::reference_terms;
    use crate::games::sceptre::eval::full::full_terms;
    use crate::games::sceptre::eval::weights::HANDSET;
    use crate::games::sceptre::field::layout::{Layout, SHIPPED_LAYOUTS};
    use crate::games::sceptre::rules::moves::SceptreMove;
    use crate::games::sceptre::rules::position::SceptrePosition;
    use crate::games::sceptre::test_support::{reference_positions, Rng};

    /// Plays `plies` random moves (captures half the time, so that pieces come off, kings
    /// get attacked and players drop out; now and then a player of three or four withdraws),
    /// comparing the two walks before each and again while taking the moves back; returns
    /// how many positions were compared.
    fn compare_along(mut pos: SceptrePosition, rng: &mut Rng, plies: usize) -> usize {
        let mut compared = 0;
        let mut stack = Vec::new();
        for _ in 0..plies {
            assert_eq!(full_terms(&pos, &HANDSET), reference_terms(&pos), "{pos}");
            compared += 1;
            let moves = pos.legal_moves();
            let forfeit = pos.playing_count() >= 3 && !pos.in_set_up() && rng.below(40) == 0;
            if moves.is_empty() || forfeit {
                if pos.in_set_up() || pos.playing_count() < 3 {
                    break;
                }
                stack.push((None, pos.withdraw()));
                continue;
            }
            let noisy: Vec<SceptreMove> =
                moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
            let m = if !noisy.is_empty() && rng.below(2) == 0 {
                noisy[rng.below(noisy.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            stack.push((Some(m), pos.make(m)));
        }
        while let Some((m, undo)) = stack.pop() {
            match m {
                Some(m) => pos.unmake(m, undo),
                None => pos.unwithdraw(undo),
            }
            assert_eq!(full_terms(&pos, &HANDSET), reference_terms(&pos), "{pos}");
            compared += 1;
        }
        compared
    }

    #[test]
    fn the_fast_walk_gives_the_reference_terms_over_random_playouts() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut compared = 0;
        for line in reference_positions() {
            let start = SceptrePosition::from_text(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
            for _ in 0..6 {
                compared += compare_along(start.clone(), &mut rng, 80);
            }
        }
        for shipped in SHIPPED_LAYOUTS {
            let layout = Layout::load(shipped.name).unwrap();
            for &players in layout.players() {
                let start = SceptrePosition::start(&layout, players).unwrap();
                for _ in 0..3 {
                    compared += compare_along(start.clone(), &mut rng, 64 + 200);
                }
            }
        }
        assert!(compared > 10_000, "{compared} positions");
    }
}
