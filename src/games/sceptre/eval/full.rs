//! The full Sceptre evaluator's terms, from one pass over the pieces that records what each
//! playing player covers, then a pass over the kings and the pieces that reads it. The second
//! pass reads the cover of the squares round each king and of the squares pieces stand on, so
//! only those are recorded: the long empty runs of the sliders are counted, not stored. The
//! walk that records every square is kept in `full_reference` (tests), which this one equals.
//!
//! - material: a piece's value, a knight gaining and the sliders losing by the terrain round
//!   it that cuts lines (forest, river, pond, ruin, holes);
//! - mobility: squares each piece may move to under the terrain rules;
//! - king safety against every active opponent: attack units on the squares round the king,
//!   its escape squares, the shelter of forest and own pieces next to it, its distance from
//!   the middle of the field, enemy pieces near, and a king in check while others move first
//!   (it may be taken, army and all);
//! - pawns: progress toward the promotion edge, more so near it and when the colour's pool
//!   holds a piece to promote to;
//! - threats: pieces attacked and undefended, or attacked by something cheaper.

use super::weights::*;
use super::{add_pieces_to_place, tallied, value, Terms};
use crate::core::{Score, MAX_SEATS};
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::square::Coord;
use crate::games::sceptre::field::{Square, NO_SQUARE};
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

impl Cover {
    /// One more piece of owner `o` covers the square.
    #[inline(always)]
    fn add(&mut self, o: usize, units: u8, worth: u16) {
        self.count[o] = self.count[o].saturating_add(1);
        self.units[o] = self.units[o].saturating_add(units);
        self.least[o] = self.least[o].min(worth);
    }
}

/// Per thread: one [`Cover`] per mailbox cell, reused by stamping instead of clearing, and
/// which cells lie round a playing king (set for one evaluation, then cleared).
struct Scratch {
    stamp: u32,
    cover: Vec<Cover>,
    watched: Vec<bool>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = const {
        RefCell::new(Scratch { stamp: 0, cover: Vec::new(), watched: Vec::new() })
    };
}

/// The most cells round the kings: four kings, each with its square and eight neighbours.
const MAX_WATCHED: usize = MAX_SEATS * 9;

impl Scratch {
    fn begin(&mut self, cells: usize) {
        if self.cover.len() < cells {
            self.cover.resize(cells, Cover::default());
            self.watched.resize(cells, false);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.cover.iter_mut().for_each(|c| c.stamp = 0);
            self.stamp = 1;
        }
    }

    #[inline(always)]
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

    #[inline(always)]
    fn get(&self, sq: Square) -> Option<&Cover> {
        self.cover
            .get(sq as usize)
            .filter(|c| c.stamp == self.stamp)
    }
}

/// The squares round the playing kings (each king's own and its neighbours), marked in
/// `watched` until [`Watch::clear`].
struct Watch {
    squares: [Square; MAX_WATCHED],
    len: usize,
}

impl Watch {
    fn mark(pos: &SceptrePosition, playing: &[PlayerColour], watched: &mut [bool]) -> Watch {
        let mut watch = Watch {
            squares: [NO_SQUARE; MAX_WATCHED],
            len: 0,
        };
        let field = &**pos.field();
        for &owner in playing {
            let Some(king) = pos.king_square(owner) else {
                continue;
            };
            for &sq in std::iter::once(&king).chain(field.neighbours(king).iter()) {
                if sq != NO_SQUARE && !watched[sq as usize] {
                    watched[sq as usize] = true;
                    watch.squares[watch.len] = sq;
                    watch.len += 1;
                }
            }
        }
        watch
    }

    fn clear(&self, watched: &mut [bool]) {
        for &sq in &self.squares[..self.len] {
            watched[sq as usize] = false;
        }
    }
}

/// The pieces that count as attackers near a king (not pawns or kings), with where they stand,
/// their weight and their owner: gathered in pass 1, so that each king reads a short list
/// instead of walking every opponent's pieces.
struct Attackers {
    at: [(u8, u8, u8, u8); MAX_ATTACKERS],
    len: usize,
}

/// More than the field can hold of them: four full armies with every pawn promoted.
const MAX_ATTACKERS: usize = 4 * 16;

impl Default for Attackers {
    fn default() -> Attackers {
        Attackers {
            at: [(0, 0, 0, 0); MAX_ATTACKERS],
            len: 0,
        }
    }
}

impl Attackers {
    #[inline(always)]
    fn note(&mut self, c: Coord, kind: PieceKind, owner: usize) {
        if matches!(kind, PieceKind::Pawn | PieceKind::King) || self.len == MAX_ATTACKERS {
            return;
        }
        let weight = if kind == PieceKind::Queen { 2 } else { 1 };
        self.at[self.len] = (c.file, c.rank, weight, owner as u8);
        self.len += 1;
    }

    /// The weighted count of other owners' attackers within [`ATTACKER_REACH`] steps (the
    /// larger of files and ranks) of `king`; a queen counts twice.
    #[inline]
    fn near(&self, king: Coord, owner: usize) -> i32 {
        let mut near = 0;
        for &(file, rank, weight, by) in &self.at[..self.len] {
            let d = (file as i32 - king.file as i32)
                .abs()
                .max((rank as i32 - king.rank as i32).abs());
            if usize::from(by) != owner && d <= ATTACKER_REACH {
                near += i32::from(weight);
            }
        }
        near
    }
}

/// The full terms of every playing player.
pub fn full_terms(pos: &SceptrePosition) -> Terms {
    SCRATCH.with(|s| terms_with(pos, &mut s.borrow_mut()))
}

fn terms_with(pos: &SceptrePosition, scratch: &mut Scratch) -> Terms {
    let mut terms = Terms::default();
    let field = &**pos.field();
    scratch.begin(field.mailbox_len());
    let mut seats = [PlayerColour::Black; MAX_SEATS];
    let mut seated = 0;
    for c in pos.colours().filter(|&c| pos.is_playing(c)) {
        seats[seated] = c;
        seated += 1;
    }
    let playing = &seats[..seated];
    let mut watched = std::mem::take(&mut scratch.watched);
    let watch = Watch::mark(pos, playing, &mut watched);

    // Pass 1: mobility, what everyone covers, and where the attackers stand.
    let mut attackers = Attackers::default();
    for &owner in playing {
        let o = owner.index();
        for sq in pos.owned.squares(owner) {
            let Some(piece) = pos.piece(sq) else {
                continue;
            };
            attackers.note(field.place(sq), piece.kind, o);
            let units = king_attack(piece.kind);
            let worth = value(piece.kind) as u16;
            let mut free = 0;
            pos.covered_runs(sq, piece, |to, step, run| {
                if run > 0 {
                    // Empty squares: each a move; only those round a king are read later.
                    free += run as Score;
                    let mut at = to;
                    for _ in 0..run {
                        if watched[at as usize] {
                            scratch.at(at).add(o, units, worth);
                        }
                        at = (at as isize + step) as Square;
                    }
                    return;
                }
                let standing = pos.piece(to);
                if standing.is_none_or(|p| p.owner != owner) {
                    free += 1;
                }
                // Pass 2 reads the cover of pieces' squares and of the squares round kings.
                if standing.is_some() || watched[to as usize] {
                    scratch.at(to).add(o, units, worth);
                }
            });
            let moves = if piece.kind == PieceKind::Pawn {
                pos.move_count(sq, piece) as Score
            } else {
                free
            };
            terms.mobility[o] += mobility(piece.kind) * moves;
        }
    }
    tallied::add_tallied(pos, &mut terms);
    add_pieces_to_place(pos, &mut terms);
    watch.clear(&mut watched);
    scratch.watched = watched;

    // Pass 2: kings and hanging pieces.
    let mover = pos.to_move();
    for &owner in playing {
        let o = owner.index();
        let mut others = [0usize; MAX_SEATS];
        let mut count = 0;
        for c in playing.iter().filter(|&&c| c != owner) {
            others[count] = c.index();
            count += 1;
        }
        let hostile = &others[..count];
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
            let near = attackers.near(at, o);
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
    use super::super::weights::*;
    use super::super::{EvalStyle, SceptreEval, Terms};
    use crate::core::Evaluator;
    use crate::games::sceptre::field::seats::PlayerColour;
    use crate::games::sceptre::rules::position::SceptrePosition;

    const B: usize = 0;
    const W: usize = 1;
    const R: usize = 2;

    fn pos(text: &str) -> SceptrePosition {
        SceptrePosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Two players on a 8x16 meadow, `pieces` between them.
    fn duel(pieces: &str, to_move: char) -> SceptrePosition {
        let meadow = ["8m"; 16].join("/");
        pos(&format!(
            "{meadow} {pieces} b+,w+ {to_move} b@a1,w@a9 - - -"
        ))
    }

    fn terms(p: &SceptrePosition) -> Terms {
        SceptreEval::default().terms(p)
    }

    #[test]
    fn a_hanging_piece_costs_its_owner_more_than_a_defended_one() {
        // Black's knight on d5 attacks white's rook on d8 (three steps up the file).
        let hanging = terms(&duel("Kb@a1,Nb@d5,Rw@d8,Kw@h16", 'b'));
        assert_eq!(hanging.threats[W], -450 * HANGING_WORST / 100);
        // A pawn of white's on c9 covers d8: the rook is worth 100 more than the knight.
        let defended = terms(&duel("Kb@a1,Nb@d5,Rw@d8,Pw@c9,Kw@h16", 'b'));
        assert_eq!(defended.threats[W], -(450 - 350) * HANGING_WORST / 100);
        // The player to move can save his one hanging piece.
        let own_move = terms(&duel("Kb@a1,Nb@d5,Rw@d8,Kw@h16", 'w'));
        assert_eq!(own_move.threats[W], 0);
        assert_eq!(hanging.threats[B], 0);
    }

    #[test]
    fn knights_gain_and_rooks_lose_where_terrain_cuts_lines() {
        // The same field with a forest block in the middle: the knight next to it is worth
        // more, the rook less, than on the open meadow.
        let mut ranks = vec!["8m".to_string(); 16];
        ranks[8] = "2m4f2m".to_string();
        ranks[7] = "2m4f2m".to_string();
        let forest = ranks.join("/");
        let meadow = ["8m"; 16].join("/");
        for (kind, better) in [('N', true), ('R', false)] {
            let text =
                |field: &str| format!("{field} Kb@a1,{kind}b@b8,Kw@h16 b+,w+ b b@a1,w@a9 - - -");
            let open = terms(&pos(&text(&meadow))).material[B];
            let closed = terms(&pos(&text(&forest))).material[B];
            assert_eq!(
                closed > open,
                better,
                "{kind}: {open} on meadow, {closed} by forest"
            );
        }
    }

    #[test]
    fn a_king_in_check_while_others_move_first_is_exposed() {
        let field = ["24m"; 8].join("/");
        let text = |to_move: char| {
            format!("{field} Kb@a1,Rb@x2,Kw@i1,Kr@x8 b+,w+,r+ {to_move} b@a1,w@i1,r@q1 - - -")
        };
        // Black's rook checks red's king: with white to move, red may lose it before his turn.
        let exposed = terms(&pos(&text('w'))).king[R];
        let to_move = terms(&pos(&text('r'))).king[R];
        assert_eq!(to_move - exposed, KING_EXPOSED);
    }

    #[test]
    fn pawns_gain_toward_the_promotion_edge_and_more_with_a_piece_to_promote_to() {
        let at = |square: &str, pool: &str| {
            let meadow = ["8m"; 16].join("/");
            terms(&pos(&format!(
                "{meadow} Kb@a1,Pb@{square},Kw@h16 b+,w+ b b@a1,w@a9 - {pool} -"
            )))
            .pawns[B]
        };
        assert!(at("c4", "-") < at("c10", "-"));
        assert!(at("c10", "-") < at("c15", "-"));
        assert!(at("c15", "-") < at("c15", "b:Q"));
        assert_eq!(
            at("c4", "-"),
            at("c4", "b:Q"),
            "far from the edge the pool is no matter"
        );
    }

    #[test]
    fn a_leader_of_three_pays_part_of_its_lead_and_two_players_see_the_plain_difference() {
        let field = ["24m"; 8].join("/");
        let p = pos(&format!(
            "{field} Kb@a1,Qb@b3,Kw@i1,Kr@x8 b+,w+,r+ w b@a1,w@i1,r@q1 - - -"
        ));
        let eval = SceptreEval::default();
        let t = eval.terms(&p);
        let v = eval.evaluate_seats(&p);
        let (b, w, r) = (
            t.total(PlayerColour::Black),
            t.total(PlayerColour::White),
            t.total(PlayerColour::Red),
        );
        let best = w.max(r);
        let against = (best + (w + r) / 2) / 2;
        assert_eq!(v[B], b - against - (b - best) * LEADER_SHARE / 100);
        assert_eq!(v[W], w - (b + (b + r) / 2) / 2);
        let two = duel("Kb@a1,Qb@b3,Kw@h16", 'w');
        let t = eval.terms(&two);
        let v = eval.evaluate_seats(&two);
        let diff = t.total(PlayerColour::White) - t.total(PlayerColour::Black);
        assert_eq!(v[W], diff);
        assert_eq!(eval.evaluate(&two), diff);
        let basic = SceptreEval {
            style: EvalStyle::Basic,
            material_only: false,
        };
        assert_eq!(
            basic.terms(&two).king,
            [0; 4],
            "the baseline has no king term"
        );
    }
}
