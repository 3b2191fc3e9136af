//! Progress when ahead (issue 32, "playing to win"): a player whose material leads gains for
//! bringing his army toward the weakest opponent's king and for trading pieces, so that a won
//! position has a direction to go and the search does not shuffle until a repetition.
//!
//! Both terms grow with the lead, from nothing at [`LEAD_START`] to their full weight at
//! [`LEAD_START`] + [`LEAD_SPAN`], so a small edge changes nothing and a decided one leads:
//! - approach: per own piece (not pawn or king), the field's extent less its distance (the
//!   larger of files and ranks) to the target king, at most [`APPROACH`] centipawns a step
//!   (on a field of nine boards the armies start twenty steps apart: every step must count);
//! - trading: [`TRADE`] percent of the material the leader's best opponent has lost from a
//!   full army ([`FULL_ARMY`]), since each trade brings the end nearer while the lead stays;
//! - the target king's room: [`ROOM`] centipawn for each square fewer (up to [`ROOM_CAP`])
//!   that king could walk to without crossing a square the leader covers or ground a king may
//!   not enter (`room`). A mate is a king with no room; the armies' approach alone let a
//!   leader on `nine` circle a bare king for 150 plies with its rooks at home, where boxing
//!   the king in gives every quiet move that cuts off a rank or file its worth;
//! - the target's counterplay: for each of the target's pawns within [`RACE_STEPS`] steps of
//!   its promotion edge while its pool holds a piece, [`RACE`] times the square of the steps
//!   it has come within them, as a loss to the leader. A handicapped side's pool holds its
//!   queen and rooks: its sliding pawns ran three squares a move and promoted on `nine`
//!   before the leader's search saw them coming.

use super::tallied::best_in_pool;
use super::{value, Terms};
use crate::core::{Score, MAX_SEATS};
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::{Square, NO_SQUARE};
use crate::games::sceptre::rules::position::SceptrePosition;
use crate::games::sceptre::rules::start::FULL_SET;
use crate::games::sceptre::rules::tally::LEFT_TRACKED;

/// The material lead (centipawns) from which the terms start, and over which they grow.
pub const LEAD_START: Score = 150;
pub const LEAD_SPAN: Score = 850;
/// A piece's weight per step nearer the target king, at full lead.
pub const APPROACH: Score = 2;
/// Percent of the best opponent's lost material credited to the leader, at full lead.
pub const TRADE: Score = 8;
/// Per square of room the target king lacks below [`ROOM_CAP`], at full lead.
pub const ROOM: Score = 1;
/// The room counted: the squares of a field of nine boards (a larger field's king beyond it
/// is free, and the approach leads).
pub const ROOM_CAP: usize = 576;
/// The target's pawns nearer their edge than this many steps are counterplay ...
pub const RACE_STEPS: i32 = 16;
const _: () = assert!(RACE_STEPS as usize <= LEFT_TRACKED);
/// ... costing the leader this times the square of the steps come within them, at full lead.
pub const RACE: Score = 1;

/// A full army's material, the king aside.
pub const FULL_ARMY: Score = {
    let kinds = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ];
    let mut sum = 0;
    let mut i = 0;
    while i < kinds.len() {
        sum += value(kinds[i]) * FULL_SET[kinds[i].index()] as Score;
        i += 1;
    }
    sum
};

/// Adds each playing player's progress term to `terms.progress` (material must be filled).
pub fn add_progress(pos: &SceptrePosition, terms: &mut Terms) {
    if pos.in_set_up() {
        return;
    }
    let mut seats = [PlayerColour::Black; MAX_SEATS];
    let mut n = 0;
    for c in pos.colours().filter(|&c| pos.is_playing(c)) {
        seats[n] = c;
        n += 1;
    }
    let playing = &seats[..n];
    for &me in playing {
        let mine = terms.material[me.index()];
        let others = playing.iter().filter(|&&c| c != me);
        // The weakest opponent's king is the target; the best opponent's army is the one to
        // trade down.
        let Some(weakest) = others.clone().min_by_key(|c| terms.material[c.index()]) else {
            continue;
        };
        let best = others
            .map(|c| terms.material[c.index()])
            .max()
            .unwrap_or(mine);
        let over_weakest = ramp(mine - terms.material[weakest.index()]);
        let over_best = ramp(mine - best);
        let mut bonus = 0;
        if over_weakest > 0 {
            let drive = approach(pos, me, *weakest) * APPROACH
                + (ROOM_CAP - room(pos, me, *weakest)) as Score * ROOM
                - counterplay(pos, *weakest);
            bonus += drive * over_weakest / LEAD_SPAN;
        }
        if over_best > 0 {
            bonus += (FULL_ARMY - best).max(0) * TRADE / 100 * over_best / LEAD_SPAN;
        }
        terms.progress[me.index()] = bonus;
    }
}

/// The lead past [`LEAD_START`], at most [`LEAD_SPAN`].
fn ramp(lead: Score) -> Score {
    (lead - LEAD_START).clamp(0, LEAD_SPAN)
}

/// The field's extent less the steps to the target's king, summed over `me`'s pieces (pawns
/// and king aside).
fn approach(pos: &SceptrePosition, me: PlayerColour, target: PlayerColour) -> Score {
    let Some(king) = pos.king_square(target) else {
        return 0;
    };
    let field = pos.field();
    let at = field.place(king);
    let reach = field.width().max(field.height()) as i32;
    let mut steps = 0;
    for sq in pos.owned.squares(me) {
        let Some(p) = pos.piece(sq) else { continue };
        if matches!(p.kind, PieceKind::Pawn | PieceKind::King) {
            continue;
        }
        let c = field.place(sq);
        let d = (c.file as i32 - at.file as i32)
            .abs()
            .max((c.rank as i32 - at.rank as i32).abs());
        steps += (reach - d).max(0);
    }
    steps as Score
}

/// The target's pawns racing to promote: per pawn within [`RACE_STEPS`] of its edge, with a
/// piece in its colour's pool, [`RACE`] times the square of the steps come within them.
fn counterplay(pos: &SceptrePosition, target: PlayerColour) -> Score {
    let tally = pos.tally();
    let mut sum = 0;
    for colour in pos.colours() {
        let t = &tally.colours[colour.index()];
        if tally.owner[colour.index()] != target
            || t.count[PieceKind::Pawn.index()] == 0
            || best_in_pool(pos, colour) == 0
        {
            continue;
        }
        for (left, &n) in t.pawn_left[..RACE_STEPS as usize].iter().enumerate() {
            let within = RACE_STEPS - left as i32;
            sum += Score::from(n) * within * within * RACE;
        }
    }
    sum
}

/// The squares `target`'s king could walk to, its own among them, at most [`ROOM_CAP`]: a
/// flood from the king over ground a king may stand on that `me`'s pieces do not cover
/// (the target's own pieces count as room: they may step aside). No allocation: the seen
/// cells are a bit set on the stack, the queue is bounded by the cap.
fn room(pos: &SceptrePosition, me: PlayerColour, target: PlayerColour) -> usize {
    let Some(king) = pos.king_square(target) else {
        return 0;
    };
    let field = pos.field();
    let cover = pos.cover();
    let tally = pos.tally();
    let mine: [bool; 4] = std::array::from_fn(|c| tally.owner[c] == me);
    let free = |sq: Square| {
        field
            .land(sq)
            .is_some_and(|t| PieceKind::King.may_stand_on(t))
            && !cover
                .at(sq)
                .iter()
                .zip(&mine)
                .any(|(kinds, &m)| m && u64::from_ne_bytes(*kinds) != 0)
    };
    let mut seen = [0u64; SEEN_WORDS];
    let mut queue = [0 as Square; ROOM_CAP];
    let mark = |sq: Square, seen: &mut [u64; SEEN_WORDS]| {
        let (w, b) = (sq as usize / 64, sq as usize % 64);
        let fresh = w < SEEN_WORDS && seen[w] & (1 << b) == 0;
        if fresh {
            seen[w] |= 1 << b;
        }
        fresh
    };
    mark(king, &mut seen);
    queue[0] = king;
    let (mut head, mut len) = (0, 1);
    while head < len && len < ROOM_CAP {
        let at = queue[head];
        head += 1;
        for &next in field.neighbours(at) {
            if next == NO_SQUARE || !mark(next, &mut seen) || !free(next) {
                continue;
            }
            queue[len] = next;
            len += 1;
            if len == ROOM_CAP {
                break;
            }
        }
    }
    len
}

/// Words of the seen-set in [`room`]: one bit per cell of the largest mailbox (72 files and
/// ranks, three cells of padding each side).
const SEEN_WORDS: usize = (78 * 78usize).div_ceil(64);

#[cfg(test)]
mod tests {
    use super::super::SceptreEval;
    use super::*;

    fn duel(pieces: &str) -> SceptrePosition {
        let meadow = ["8m"; 16].join("/");
        let text = format!("{meadow} {pieces} b+,w+ b b@a1,w@a9 - - -");
        SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn progress(pieces: &str) -> [Score; MAX_SEATS] {
        SceptreEval::default().terms(&duel(pieces)).progress
    }

    #[test]
    fn an_even_game_makes_no_progress_term() {
        assert_eq!(progress("Kb@a1,Qb@b2,Kw@h16,Qw@g15"), [0; MAX_SEATS]);
    }

    #[test]
    fn the_leader_gains_for_coming_closer_to_the_weaker_king() {
        let far = progress("Kb@a1,Qb@b2,Rb@c1,Rb@d1,Kw@h16");
        let nearer = progress("Kb@a1,Qb@b6,Rb@c1,Rb@d1,Kw@h16");
        assert!(
            nearer[0] > far[0],
            "every step counts: {nearer:?} against {far:?}"
        );
        let near = progress("Kb@a1,Qb@g13,Rb@c1,Rb@d1,Kw@h16");
        assert!(near[0] > far[0], "{near:?} against {far:?}");
        assert_eq!(near[1], 0, "the side behind gets nothing");
    }

    #[test]
    fn the_leader_gains_when_the_other_army_is_smaller() {
        // The same lead of a queen and a rook, with and without a pair of rooks more.
        // The extra pair covers nothing new round white's king (his room stays the same).
        let fewer = progress("Kb@a1,Qb@b2,Rb@c1,Kw@h16");
        let more = progress("Kb@a1,Qb@b2,Rb@c1,Rb@b1,Kw@h16,Rw@g16");
        assert!(fewer[0] > more[0], "{fewer:?} against {more:?}");
    }

    #[test]
    fn the_leader_gains_for_boxing_the_king_in() {
        // The same pieces at the same distance (seven steps) from white's king: a rook on
        // a15 shuts him in on the last rank, one on a9 leaves him seven ranks.
        let (boxed, free) = ("Kb@a1,Qb@b2,Rb@a15,Rb@c1,Kw@h16", "Kb@a1,Qb@b2,Rb@a9,Rb@c1,Kw@h16");
        let room = |p: &str| room(&duel(p), PlayerColour::Black, PlayerColour::White);
        // d16 to h16: a16 is on the rook's file, b16 the queen's, c16 the other rook's.
        assert_eq!(room(boxed), 5);
        // Files d to h of ranks 10 to 16.
        assert_eq!(room(free), 35);
        let (boxed, free) = (progress(boxed), progress(free));
        assert!(boxed[0] > free[0], "{boxed:?} against {free:?}");
    }

    #[test]
    fn the_leader_loses_for_the_targets_pawns_near_promotion_with_a_full_pool() {
        let meadow = ["8m"; 16].join("/");
        let at = |pawn: &str, pool: &str| {
            let text = format!("{meadow} Kb@a1,Qb@b2,Rb@c1,Kw@h16,Pw@{pawn} b+,w+ b b@a1,w@a9 - {pool} -");
            let p = SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            SceptreEval::default().terms(&p).progress[0]
        };
        // White's pawns run toward rank 1.
        assert!(at("e3", "w:Q") < at("e12", "w:Q"));
        assert!(at("e3", "w:Q") < at("e3", "-"), "an empty pool is no threat");
    }

    #[test]
    fn the_full_army_is_the_starting_set() {
        assert_eq!(FULL_ARMY, 900 + 2 * 450 + 2 * 300 + 2 * 350 + 8 * 100);
    }
}
