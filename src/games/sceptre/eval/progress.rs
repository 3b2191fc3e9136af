//! Progress when ahead (issue 32, "playing to win"): a player whose material leads gains for
//! bringing his army toward the weakest opponent's king and for trading pieces, so that a won
//! position has a direction to go and the search does not shuffle until a repetition.
//!
//! Both terms grow with the lead, from nothing at [`LEAD_START`] to their full weight at
//! [`LEAD_START`] + [`LEAD_SPAN`], so a small edge changes nothing and a decided one leads:
//! - approach: per own piece (not pawn or king), the field's extent less its distance (the
//!   larger of files and ranks) to the target king, at most [`APPROACH`] centipawns a step
//!   (on a field of nine boards the armies start twenty steps apart: every step must count);
//! - with two players the approach counts files plus ranks (a rook closes in one line at a
//!   time, and the larger of the two left it no nearer while the other line was the longer),
//!   each step [`DUEL_STEPS`] times, and grows from a lead of [`DUEL_START`] over
//!   [`DUEL_SPAN`]: strong enough to bring the whole army over the field, it would throw
//!   pieces forward for a pawn's lead. In a game of two from the start, a far piece's step
//!   counts more than a near one's ([`DUEL_PULL`]): otherwise the queen and a knight chasing
//!   the king gain as much a step as a rook that stayed at home, and the rooks never come.
//!   In a leader's own searches a queen's, rook's or bishop's files plus ranks become its
//!   walk round the terrain ([`super::ways`]): a step toward the only bridge then counts.
//!   With three or four it stays small, since taking the weakest king moves the target far
//!   away, and a large approach would outweigh the elimination it buys;
//! - trading: [`TRADE`] percent of the material the leader's best opponent has lost from a
//!   full army ([`FULL_ARMY`]), since each trade brings the end nearer while the lead stays.

use super::army::Army;
use super::ways::Ways;
use super::weights::SceptreWeights;
use super::{value, Terms};
use crate::core::{Score, MAX_SEATS};
use crate::games::sceptre::field::mailbox::Square;
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::rules::position::SceptrePosition;
use crate::games::sceptre::rules::start::FULL_SET;

/// The material lead (centipawns) from which the terms start, and over which they grow.
pub const LEAD_START: Score = 150;
pub const LEAD_SPAN: Score = 850;
/// A piece's weight per step nearer the target king, at full lead.
pub const APPROACH: Score = 2;
/// With two players: how many times each step counts (files plus ranks), and the lead from
/// which the approach starts and over which it grows: full at 1,200, short of a queen and a
/// rook, so that a queen and both rooks ahead may lose a minor piece or two without the term
/// shrinking. On the longer ramp (full at 1,600) each centipawn lost cost some 9 more of
/// progress (a knight lost near the king ~2,800 in all in one conversion game), and the side
/// ahead's search met swings of thousands at every threat.
pub const DUEL_STEPS: Score = 5;
pub const DUEL_START: Score = 800;
pub const DUEL_SPAN: Score = 400;
/// ... and where two are left of three or four, over the longer span it always had: there the
/// shorter one turned a forced king capture into a rook's approach toward the last king (the
/// elimination tests).
pub const LEFT_SPAN: Score = 800;
/// In a game of two players, a piece also counts [`DUEL_PULL`] times (reach² − distance²) / reach,
/// reach being the field's files plus ranks: a step from distance d gains about
/// 2 · d / reach times as much, so the farthest pieces are pulled hardest.
pub const DUEL_PULL: Score = 10;
/// ... from a lead of [`PULL_START`], full [`PULL_SPAN`] later: only a game long decided
/// (a queen and a rook ahead and more), so that ordinary play keeps its pieces at home; full
/// where the approach is, for the same reason.
pub const PULL_START: Score = 1000;
pub const PULL_SPAN: Score = 200;
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
/// `army` is where the playing owners' pieces but pawns and kings stand (the full walk's);
/// `ways`, a leader's search's walks round the terrain, if it holds them.
pub fn add_progress(
    pos: &SceptrePosition,
    terms: &mut Terms,
    w: &SceptreWeights,
    army: &Army,
    ways: Option<&Ways>,
) {
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
        if let Some(drive) = drive(pos, terms, me, playing, army, ways) {
            terms.progress[me.index()] = drive.bonus(w);
        }
    }
}

/// What a player's progress term multiplies its weights by.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Drive {
    /// [`approach`] toward the weakest opponent's king (0 without a lead over him).
    pub approach: Score,
    /// The lead over the weakest opponent, past [`LEAD_START`], at most [`LEAD_SPAN`] (with
    /// two players past [`DUEL_START`] over [`DUEL_SPAN`], scaled to [`LEAD_SPAN`]).
    pub over_weakest: Score,
    /// What the best opponent's army has lost from a full one.
    pub traded: Score,
    /// The lead over the best opponent, ramped the same way.
    pub over_best: Score,
}

impl Drive {
    pub fn bonus(&self, w: &SceptreWeights) -> Score {
        use super::weights::index::{APPROACH, TRADE};
        let mut bonus = 0;
        if self.over_weakest > 0 {
            bonus += self.approach * w.get(APPROACH) * self.over_weakest / LEAD_SPAN;
        }
        if self.over_best > 0 {
            bonus += self.traded * w.get(TRADE) / 100 * self.over_best / LEAD_SPAN;
        }
        bonus
    }
}

/// `me`'s drive among the `playing` (none without an opponent); the approach counts the
/// `ways` round the terrain where given.
pub(super) fn drive(
    pos: &SceptrePosition,
    terms: &Terms,
    me: PlayerColour,
    playing: &[PlayerColour],
    army: &Army,
    ways: Option<&Ways>,
) -> Option<Drive> {
    let mine = terms.material[me.index()];
    let others = playing.iter().filter(|&&c| c != me);
    // The weakest opponent's king is the target; the best opponent's army is the one to
    // trade down.
    let weakest = others.clone().min_by_key(|c| terms.material[c.index()])?;
    let best = others
        .map(|c| terms.material[c.index()])
        .max()
        .unwrap_or(mine);
    let lead = mine - terms.material[weakest.index()];
    let duel = playing.len() == 2;
    let over_weakest = if duel {
        let span = if pos.player_count() == 2 {
            DUEL_SPAN
        } else {
            LEFT_SPAN
        };
        (lead - DUEL_START).clamp(0, span) * LEAD_SPAN / span
    } else {
        ramp(lead)
    };
    Some(Drive {
        approach: if over_weakest > 0 {
            approach(
                pos,
                me,
                *weakest,
                duel,
                army,
                (lead - PULL_START).clamp(0, PULL_SPAN),
                ways,
            )
        } else {
            0
        },
        over_weakest,
        traded: (FULL_ARMY - best).max(0),
        over_best: ramp(mine - best),
    })
}

/// The lead past [`LEAD_START`], at most [`LEAD_SPAN`].
fn ramp(lead: Score) -> Score {
    (lead - LEAD_START).clamp(0, LEAD_SPAN)
}

/// The field's extent less the steps to the target's king, summed over `me`'s pieces (pawns
/// and king aside, as `army` holds them): in a `duel` files plus ranks, each [`DUEL_STEPS`]
/// times, and in a game of two the far pieces pulled harder ([`DUEL_PULL`], by `pull_share`
/// of [`PULL_SPAN`]); with `ways` in a duel, a queen's, rook's or bishop's steps are its walk
/// round the terrain.
fn approach(
    pos: &SceptrePosition,
    me: PlayerColour,
    target: PlayerColour,
    duel: bool,
    army: &Army,
    pull_share: Score,
    ways: Option<&Ways>,
) -> Score {
    let Some(king) = pos.king_square(target) else {
        return 0;
    };
    let field = pos.field();
    let reach = if duel {
        field.width() + field.height()
    } else {
        field.width().max(field.height())
    } as i32;
    // Only in a game of two from the start: where two are left of three or four, a pull this
    // strong toward the last king outweighs taking the other first (the elimination tests).
    let pulled = duel && pos.player_count() == 2 && pull_share > 0;
    let (steps, pull) = match ways.filter(|_| duel) {
        Some(ways) => walked(pos, me, king, reach, pulled, army, ways),
        None => (
            army.approach(me.index(), field.place(king), reach, duel),
            if pulled {
                army.pull(me.index(), field.place(king), reach, DUEL_PULL)
            } else {
                0
            },
        ),
    };
    if duel {
        steps as Score * DUEL_STEPS + pull as Score * pull_share / PULL_SPAN
    } else {
        steps as Score
    }
}

/// [`Army::approach`] and [`Army::pull`] in a duel (the pull only if `pulled`), each piece's
/// distance to `king` being its walk in `ways`.
fn walked(
    pos: &SceptrePosition,
    me: PlayerColour,
    king: Square,
    reach: i32,
    pulled: bool,
    army: &Army,
    ways: &Ways,
) -> (i32, i32) {
    let field = pos.field();
    let (mut steps, mut pull) = (0, 0);
    for place in army.places(me.index()) {
        let Some(piece) = field.square(place).and_then(|sq| pos.piece(sq)) else {
            continue;
        };
        let d = ways.steps(field, king, piece.kind, place);
        steps += (reach - d).max(0);
        if pulled {
            pull += DUEL_PULL * (reach * reach - d * d).max(0) / reach;
        }
    }
    (steps, pull)
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
    fn a_lead_short_of_the_duel_start_brings_no_approach() {
        // A rook ahead (450) trades but does not throw its pieces at the king.
        let far = progress("Kb@a1,Rb@b2,Kw@h16");
        let near = progress("Kb@a1,Rb@g14,Kw@h16");
        assert_eq!(far, near);
        assert!(far[0] > 0, "trading still counts: {far:?}");
    }

    #[test]
    fn a_piece_more_for_the_side_behind_costs_a_decided_leader_no_approach() {
        // A queen, both rooks and two knights against a knight and a bishop (lead 1,850), or
        // against one knight more (1,500): past the ramp's end either way, so only the
        // trade term (8% of the knight) tells them apart, not the approach of the whole army.
        let leader = "Kb@a1,Qb@g12,Rb@c9,Rb@d1,Nb@f13,Nb@e2";
        let lead_1850 = progress(&format!("{leader},Kw@h16,Nw@a16,Bw@c16"));
        let lead_1500 = progress(&format!("{leader},Kw@h16,Nw@a16,Nw@b16,Bw@c16"));
        let knight_traded = value(PieceKind::Knight) * TRADE / 100;
        assert!(lead_1850[0] > 2_000, "{lead_1850:?}");
        assert_eq!(lead_1850[0] - lead_1500[0], knight_traded);
    }

    #[test]
    fn every_step_along_either_line_counts_in_a_duel() {
        // A rook closing in along its file while the files apart stay the larger distance.
        let home = progress("Kb@a1,Qb@b1,Rb@c1,Rb@d1,Kw@h16");
        let down_the_file = progress("Kb@a1,Qb@b1,Rb@c1,Rb@d9,Kw@h16");
        assert!(
            down_the_file[0] > home[0],
            "{down_the_file:?} against {home:?}"
        );
    }

    #[test]
    fn a_far_pieces_step_counts_more_than_a_near_ones_in_a_duel() {
        // The same step (one rank nearer) by the rook far away and by the queen close by.
        let start = progress("Kb@a1,Qb@g14,Rb@c1,Rb@d1,Kw@h16");
        let rook_step = progress("Kb@a1,Qb@g14,Rb@c2,Rb@d1,Kw@h16");
        let queen_step = progress("Kb@a1,Qb@g15,Rb@c1,Rb@d1,Kw@h16");
        let (rook_gain, queen_gain) = (rook_step[0] - start[0], queen_step[0] - start[0]);
        assert!(queen_gain > 0, "{queen_step:?} against {start:?}");
        assert!(
            rook_gain > queen_gain,
            "rook {rook_gain}, queen {queen_gain}"
        );
    }

    #[test]
    fn the_leader_gains_when_the_other_army_is_smaller() {
        // The same lead of a queen and a rook, with and without a pair of pawns more (pawns
        // do not approach, so only the trade term tells the two apart).
        let fewer = progress("Kb@a1,Qb@b2,Rb@c1,Kw@h16");
        let more = progress("Kb@a1,Qb@b2,Rb@c1,Pb@d2,Kw@h16,Pw@e15");
        assert!(fewer[0] > more[0], "{fewer:?} against {more:?}");
    }

    #[test]
    fn a_rook_step_toward_the_only_bridge_gains_with_the_ways() {
        // Rank 9 a river with its one bridge on h9; white's king on a5 south of it, black's
        // rook on a10 north of it: Ra10-b10 is a step away from the king by files plus ranks
        // and one nearer by the rook's walk (over h9).
        let mut rows = vec!["8m"; 16];
        rows[16 - 9] = "7rb";
        let progress = |rook: &str, with_ways: bool| {
            let text = format!(
                "{} Kb@h16,Qb@g16,Rb@f16,Rb@{rook},Kw@a5 b+,w+ b b@a1,w@a9 - - -",
                rows.join("/")
            );
            let pos = SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let eval = SceptreEval {
                ways: with_ways.then(|| std::sync::Arc::new(Ways::new(pos.field()))),
                ..SceptreEval::default()
            };
            eval.terms(&pos).progress[0]
        };
        let (home, toward) = (progress("a10", false), progress("b10", false));
        assert!(toward < home, "files plus ranks: {toward} against {home}");
        let (home, toward) = (progress("a10", true), progress("b10", true));
        assert!(toward > home, "the ways: {toward} against {home}");
    }

    #[test]
    fn the_full_army_is_the_starting_set() {
        assert_eq!(FULL_ARMY, 900 + 2 * 450 + 2 * 300 + 2 * 350 + 8 * 100);
    }
}
