//! The full Sceptre evaluator's terms, read from what make/unmake keep (issue 32): the cover
//! map (`rules::cover`: per square and colour the coverers by kind, per colour and kind the
//! squares covered, and per pair of colours the cover on the squares one's pieces stand on)
//! and the tally. One pass over the pieces gathers the attackers near kings and the hanging
//! pieces; a second reads the cover round each king. The walk that records every square afresh is
//! kept in `full_reference` (tests), which this one equals.
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

use super::army::Army;
use super::trace::{Hook, KingFeatures, NoHook};
use super::weights::*;
use super::{add_pieces_to_place, tallied, value, Terms};
use crate::core::{Score, MAX_SEATS};
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::NO_SQUARE;
use crate::games::sceptre::rules::cover::{CoverMap, KindCounts};
use crate::games::sceptre::rules::position::SceptrePosition;

/// Marks a colour whose pieces count for nobody (their owner withdrawn or out).
const NOBODY: usize = MAX_SEATS;

/// A cell's counts of one colour as one word, a byte per kind (`KindCounts`).
#[inline(always)]
fn word(kinds: &KindCounts) -> u64 {
    u64::from_ne_bytes(*kinds)
}

/// Per set of colours (bit per colour index), per colour index every bit set where the
/// colour is in the set, none where not: the words [`any_of`] keeps of a cell.
const COLOUR_MASKS: [[u64; 4]; 16] = {
    let mut table = [[0u64; 4]; 16];
    let mut set = 0;
    while set < 16 {
        let mut c = 0;
        while c < 4 {
            if set & (1 << c) != 0 {
                table[set][c] = !0;
            }
            c += 1;
        }
        set += 1;
    }
    table
};

/// The masks of `colours` (bit per colour index) for [`any_of`], read from a table: built
/// from the bits where they are used, they were kept as the bits and tested again at every
/// cell read, a test and a conditional move per word (issue 32).
#[inline(always)]
fn colour_masks(colours: u8) -> &'static [u64; 4] {
    &COLOUR_MASKS[usize::from(colours & 15)]
}

/// The counts of the colours whose `masks` ([`colour_masks`]) are set or-ed together: a byte
/// is non-zero where some piece of those colours of that kind covers the cell. All four words
/// masked, without a branch: a loop over the colours' bits was some twenty instructions at
/// each piece and each square round a king (issue 32).
#[inline(always)]
fn any_of(cell: &[KindCounts; 4], masks: &[u64; 4]) -> u64 {
    (word(&cell[0]) & masks[0])
        | (word(&cell[1]) & masks[1])
        | (word(&cell[2]) & masks[2])
        | (word(&cell[3]) & masks[3])
}

/// The king-attack units of one colour's counts on a cell: per kind its count times its
/// [`king_attack`].
#[inline(always)]
fn units_of(kinds: &KindCounts) -> u32 {
    let mut units = 0;
    for kind in PieceKind::ALL {
        units += u32::from(kinds[kind.index()]) * u32::from(king_attack(kind));
    }
    units
}

/// Per set of kinds (bit per kind index), the value of the cheapest: the least a capture by
/// one of them risks.
const LEAST_VALUE: [u16; 64] = {
    let mut table = [u16::MAX; 64];
    let mut set = 1;
    while set < 64 {
        let mut k = 0;
        while k < 6 {
            let v = value(PieceKind::ALL[k]) as u16;
            if set & (1 << k) != 0 && v < table[set] {
                table[set] = v;
            }
            k += 1;
        }
        set += 1;
    }
    table
};

/// The kinds with a non-zero byte in `any`, a bit per kind: each byte's high bit set where the
/// byte is not zero, then the eight high bits gathered into the top byte by one multiply (a
/// loop over the kinds cost some twenty instructions at each attacked piece, issue 32).
#[inline(always)]
fn kinds_present(any: u64) -> usize {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let high = ((any & LOW7).wrapping_add(LOW7) | any) & !LOW7;
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// The value of the cheapest kind with a non-zero byte in `any` ([`any_of`]), `u16::MAX` for
/// none.
#[inline(always)]
fn least_value(any: u64) -> u16 {
    // The two padding bytes are never counted in.
    LEAST_VALUE[kinds_present(any) & 63]
}

/// The mobility weight of the covered squares in `kinds` (pawns move otherwise: their moves
/// are counted one by one).
#[inline(always)]
fn cover_mobility(kinds: &[u32; 6], w: &SceptreWeights) -> Score {
    let mut sum = 0;
    for kind in PieceKind::ALL {
        if kind != PieceKind::Pawn {
            sum += w.mobility(kind) * kinds[kind.index()] as Score;
        }
    }
    sum
}

/// What the colours in `colours` (bit per colour index) cover on the squares their own
/// pieces stand on, per kind: the map's sums (`CoverMap::on_pieces`) over the pairs of them.
#[inline(always)]
fn own_on_pieces(cover: &CoverMap, colours: u8) -> [u32; 6] {
    let mut sum = [0u32; 6];
    let mut rest = colours;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut on = colours;
        while on != 0 {
            let kinds = cover.on_pieces(c, on.trailing_zeros() as usize);
            on &= on - 1;
            for (s, &n) in sum.iter_mut().zip(kinds) {
                *s += n;
            }
        }
    }
    sum
}

/// Whether a piece of a colour in `by` covers a square where a piece of a colour in `on`
/// stands (bit sets per colour index), read from the map's sums (`CoverMap::on_pieces`).
#[inline(always)]
fn covers_any(cover: &CoverMap, by: u8, on: u8) -> bool {
    let mut rest = by;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut covered = on;
        while covered != 0 {
            let kinds = cover.on_pieces(c, covered.trailing_zeros() as usize);
            covered &= covered - 1;
            if kinds.iter().any(|&n| n != 0) {
                return true;
            }
        }
    }
    false
}

/// The full terms of every playing player, with the weights of `w`.
pub fn full_terms(pos: &SceptrePosition, w: &SceptreWeights) -> Terms {
    traced_full_terms(pos, w, &mut NoHook, &mut Army::default())
}

/// [`full_terms`], showing `hook` what each weight of king safety, mobility and hanging pieces
/// is multiplied by (the tuner's trace; [`NoHook`] in play, where it compiles to nothing);
/// and into `attackers` (empty), where the playing owners' pieces but pawns and kings stand
/// (the progress term reads them). The caller's, not returned with the terms: a returned
/// pair of a few hundred bytes was copied out and back, two `memcpy` calls an evaluation
/// (issue 32).
#[inline(always)]
pub fn traced_full_terms<H: Hook>(
    pos: &SceptrePosition,
    w: &SceptreWeights,
    hook: &mut H,
    attackers: &mut Army,
) -> Terms {
    let mut terms = Terms::default();
    let field = &**pos.field();
    let cover = pos.cover();
    let mut seats = [PlayerColour::Black; MAX_SEATS];
    let mut seated = 0;
    for c in pos.colours().filter(|&c| pos.is_playing(c)) {
        seats[seated] = c;
        seated += 1;
    }
    let playing = &seats[..seated];
    // Whose each colour's pieces are, if he plays: withdrawn players' pieces count for nobody.
    let tally = pos.tally();
    let mut owner_of = [NOBODY; 4];
    for (c, o) in owner_of.iter_mut().enumerate() {
        let owner = tally.owner[c];
        if pos.is_playing(owner) {
            *o = owner.index();
        }
    }

    // Mobility of the pieces but pawns: every square covered, less those the covering
    // owner's own pieces stand on.
    for (c, &o) in owner_of.iter().enumerate() {
        if o != NOBODY {
            terms.mobility[o] += cover_mobility(cover.total(c), w);
            hook.mobility(o, cover.total(c), 1);
        }
    }

    // The pawns' moves, kept summed per colour by make/unmake (`rules::pawn_moves`).
    for (c, &o) in owner_of.iter().enumerate() {
        if o != NOBODY {
            let moves = pos.pawn_moves().0[c] as Score;
            terms.mobility[o] += w.mobility(PieceKind::Pawn) * moves;
            hook.pawn_moves(o, moves);
        }
    }

    // The colours each owner plays and those of his opponents, as bit sets: the map is read
    // by colour.
    let mover = pos.to_move();
    let mut colours_of = [0u8; MAX_SEATS];
    for (c, &o) in owner_of.iter().enumerate() {
        if o != NOBODY {
            colours_of[o] |= 1 << c;
        }
    }
    let mut hostile_of = [0u8; MAX_SEATS];
    for &owner in playing {
        for c in playing.iter().filter(|&&c| c != owner) {
            hostile_of[owner.index()] |= colours_of[c.index()];
        }
    }

    // Pass 1, over each owner's pieces: where the attackers stand, and the hanging pieces
    // (the two worst losses; a piece no opponent covers loses nothing). The squares the
    // owner's own pieces stand on come off his mobility, read from the map's sums.
    for &owner in playing {
        let o = owner.index();
        let (own, hostile_colours) = (colours_of[o], hostile_of[o]);
        let (own_masks, hostile_masks) = (colour_masks(own), colour_masks(hostile_colours));
        let own_cover = own_on_pieces(cover, own);
        terms.mobility[o] -= cover_mobility(&own_cover, w);
        hook.mobility(o, &own_cover, -1);
        // None of his pieces covered by an opponent: nothing hangs, and no cell need be read
        // (a fifth of the pieces walked in the bench, issue 32).
        let threatened = covers_any(cover, hostile_colours, own);
        let (mut worst, mut second) = (0, 0);
        attackers.begin(o);
        for sq in pos.owned.squares(owner) {
            let Some(piece) = pos.piece(sq) else {
                continue;
            };
            attackers.note(field.place(sq), piece.kind);
            if piece.kind == PieceKind::King || !threatened {
                continue;
            }
            let cell = cover.at(sq);
            let by_hostile = any_of(cell, hostile_masks);
            if by_hostile == 0 {
                continue;
            }
            let least = least_value(by_hostile);
            let worth = value(piece.kind);
            let loss = if any_of(cell, own_masks) != 0 {
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
        attackers.close(o);
        terms.threats[o] = hanging_loss(owner == mover, worst, second, w);
        hook.hanging(o, owner == mover, worst, second);
    }
    tallied::add_tallied(pos, &mut terms, w);
    add_pieces_to_place(pos, &mut terms, w);

    // Pass 2: the kings, read from the map by colour.
    for &owner in playing {
        let o = owner.index();
        let hostile_masks = colour_masks(hostile_of[o]);
        let mut others = [0usize; MAX_SEATS];
        let mut count = 0;
        for c in playing.iter().filter(|&&c| c != owner) {
            others[count] = c.index();
            count += 1;
        }
        let hostile = &others[..count];
        if let Some(king) = pos.king_square(owner) {
            let mut units: Score = 0;
            let mut escapes = 0;
            let mut forests = 0;
            let mut guards = 0;
            // Each opponent's units on a cell, capped at 255 as counted one by one.
            let units_on = |cell: &[KindCounts; 4]| -> Score {
                let mut by = [0u32; MAX_SEATS];
                for (kinds, &h) in cell.iter().zip(&owner_of) {
                    if h != NOBODY && word(kinds) != 0 {
                        by[h] += units_of(kinds);
                    }
                }
                hostile.iter().map(|&h| by[h].min(255) as Score).sum()
            };
            // The king's square first, then the zone round it: one loop over both tested
            // at every square which one it was on (issue 32).
            let king_cell = cover.at(king);
            let king_attacked = any_of(king_cell, hostile_masks) != 0;
            if king_attacked {
                units += units_on(king_cell);
            }
            for &sq in field.neighbours(king).iter() {
                if sq == NO_SQUARE {
                    continue;
                }
                let cell = cover.at(sq);
                let attacked = any_of(cell, hostile_masks) != 0;
                if attacked {
                    units += units_on(cell);
                }
                let terrain = field.land(sq);
                if terrain == Some(crate::games::sceptre::field::terrain::Terrain::Forest) {
                    forests += 1;
                }
                match pos.piece(sq) {
                    Some(p) if p.owner == owner => guards += 1,
                    _ if terrain.is_some_and(|t| PieceKind::King.may_stand_on(t)) && !attacked => {
                        escapes += 1
                    }
                    _ => {}
                }
            }
            let at = field.place(king);
            let near = attackers.near(at, o);
            let away = (2 * at.file as i32 + 1 - field.width() as i32)
                .abs()
                .max((2 * at.rank as i32 + 1 - field.height() as i32).abs())
                / 2;
            let king = KingFeatures {
                forests,
                guards: guards.min(SHELTER_PIECES),
                escapes,
                away,
                near,
                units,
                exposed: owner != mover && king_attacked,
                material: terms.material[o],
            };
            terms.king[o] = king.safety(w);
            hook.king(o, &king);
        }
    }
    terms
}

impl KingFeatures {
    /// The king's safety: shelter, distance from the middle, danger, attackers near, escape
    /// squares, and exposure to capture before its owner moves.
    #[inline(always)]
    pub fn safety(&self, w: &SceptreWeights) -> Score {
        use index::*;
        let mut safety = w.get(SHELTER_FOREST) * self.forests
            + w.get(SHELTER_PIECE) * self.guards
            + w.get(KING_AWAY) * self.away
            - king_danger(self.units)
            - w.get(ATTACKER_NEAR) * self.near;
        safety -= match self.escapes {
            0 => w.get(NO_ESCAPE),
            1 => w.get(ONE_ESCAPE),
            _ => 0,
        };
        if self.exposed {
            safety -= w.get(KING_EXPOSED) + self.material * w.get(ARMY_AT_STAKE) / 100;
        }
        safety
    }
}

/// The threats term: for the player to move (who can save one piece) part of the second-worst
/// loss, for the others part of the worst and of the second-worst.
#[inline(always)]
pub fn hanging_loss(mover: bool, worst: Score, second: Score, w: &SceptreWeights) -> Score {
    use index::*;
    if mover {
        -second * w.get(HANGING_MOVER_SECOND) / 100
    } else {
        -(worst * w.get(HANGING_WORST) + second * w.get(HANGING_SECOND)) / 100
    }
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

    /// A bit for every non-zero byte, whatever the counts in it.
    #[test]
    fn kinds_present_marks_each_non_zero_byte() {
        for set in 0..256usize {
            for count in [1u64, 2, 0x7f, 0x80, 0xff] {
                let mut any = 0u64;
                for k in 0..8 {
                    if set & (1 << k) != 0 {
                        any |= (count + k as u64 % 3).min(0xff) << (8 * k);
                    }
                }
                assert_eq!(super::kinds_present(any), set, "{any:#x}");
            }
        }
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
            ..SceptreEval::default()
        };
        assert_eq!(
            basic.terms(&two).king,
            [0; 4],
            "the baseline has no king term"
        );
    }
}
