//! Progress when ahead (issue 32, "playing to win"): a player whose material leads gains for
//! bringing his army toward the weakest opponent's king and for trading pieces, so that a won
//! position has a direction to go and the search does not shuffle until a repetition.
//!
//! Both terms grow with the lead, from nothing at their start to their full weight a span
//! later, so a small edge changes nothing and a decided one leads:
//! - approach: per own piece (not pawn or king), the field's extent less its distance (files
//!   plus ranks) to the target king, at most [`APPROACH`] centipawns a step (on a field of
//!   nine boards the armies start twenty steps apart: every step must count, along either
//!   line, since a rook closes in one line at a time); it grows from a lead of
//!   [`APPROACH_START`] over [`APPROACH_SPAN`], later than trading: strong enough to bring the
//!   whole army over a field of nine boards, it would throw pieces forward for a pawn's lead;
//! - trading: [`TRADE`] percent of the material the leader's best opponent has lost from a
//!   full army ([`FULL_ARMY`]), since each trade brings the end nearer while the lead stays.

use super::{value, Terms};
use crate::core::{Score, MAX_SEATS};
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::rules::position::SceptrePosition;
use crate::games::sceptre::rules::start::FULL_SET;

/// The material lead (centipawns) from which trading counts, and over which it grows.
pub const LEAD_START: Score = 150;
pub const LEAD_SPAN: Score = 850;
/// A piece's weight per step nearer the target king, at full lead.
pub const APPROACH: Score = 10;
/// The lead over the weakest opponent from which the approach starts, and over which it grows
/// (a queen and two rooks ahead is past both).
pub const APPROACH_START: Score = 800;
pub const APPROACH_SPAN: Score = 800;
/// Percent of the best opponent's lost material credited to the leader, at full lead.
pub const TRADE: Score = 8;

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
        let over_weakest =
            (mine - terms.material[weakest.index()] - APPROACH_START).clamp(0, APPROACH_SPAN);
        let over_best = ramp(mine - best);
        let mut bonus = 0;
        if over_weakest > 0 {
            bonus += approach(pos, me, *weakest) * APPROACH * over_weakest / APPROACH_SPAN;
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

/// The field's extent less the steps (files plus ranks) to the target's king, summed over
/// `me`'s pieces (pawns and king aside). The larger of the two alone left a rook that closed
/// in along its file no nearer while the other line was the longer: rooks stayed at home.
fn approach(pos: &SceptrePosition, me: PlayerColour, target: PlayerColour) -> Score {
    let Some(king) = pos.king_square(target) else {
        return 0;
    };
    let field = pos.field();
    let at = field.place(king);
    let reach = (field.width() + field.height()) as i32;
    let mut steps = 0;
    for sq in pos.owned.squares(me) {
        let Some(p) = pos.piece(sq) else { continue };
        if matches!(p.kind, PieceKind::Pawn | PieceKind::King) {
            continue;
        }
        let c = field.place(sq);
        let d = (c.file as i32 - at.file as i32).abs() + (c.rank as i32 - at.rank as i32).abs();
        steps += (reach - d).max(0);
    }
    steps as Score
}

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
    fn a_lead_short_of_the_approach_start_brings_no_approach() {
        // A rook ahead (450) trades but does not throw its pieces at the king.
        let far = progress("Kb@a1,Rb@b2,Kw@h16");
        let near = progress("Kb@a1,Rb@g14,Kw@h16");
        assert_eq!(far, near);
        assert!(far[0] > 0, "trading still counts: {far:?}");
    }

    #[test]
    fn every_step_along_either_line_counts() {
        // A rook closing in along its file while the files apart stay the larger distance.
        let home = progress("Kb@a1,Qb@b1,Rb@c1,Rb@d1,Kw@h16");
        let down_the_file = progress("Kb@a1,Qb@b1,Rb@c1,Rb@d9,Kw@h16");
        assert!(down_the_file[0] > home[0], "{down_the_file:?} against {home:?}");
    }

    #[test]
    fn the_leader_gains_when_the_other_army_is_smaller() {
        // The same lead of a queen and a rook, with and without a pair of rooks more.
        let fewer = progress("Kb@a1,Qb@b2,Rb@c1,Kw@h16");
        let more = progress("Kb@a1,Qb@b2,Rb@c1,Rb@d1,Kw@h16,Rw@h1");
        assert!(fewer[0] > more[0], "{fewer:?} against {more:?}");
    }

    #[test]
    fn the_full_army_is_the_starting_set() {
        assert_eq!(FULL_ARMY, 900 + 2 * 450 + 2 * 300 + 2 * 350 + 8 * 100);
    }
}
