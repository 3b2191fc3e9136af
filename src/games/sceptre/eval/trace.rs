//! The full Sceptre evaluation taken apart for `regalia tune`: for each player, how many times
//! each weight of a [`SceptreWeights`] table counts (its coefficient) and what is not linear in
//! a weight (the fixed part: king danger, the values that price hanging pieces and pools, the
//! rounding of percentages, a product of two weights at the traced table's values), such that
//! the player's total is Σ weight · coefficient + fixed for the table traced with; then a
//! seat's score ([`crate::core::Evaluator::evaluate_seats`]) the same way, the standing of
//! three or four linearised round that table (which other leads, whether the seat leads).
//!
//! The walk of `full` shows what it counts through a [`Hook`]; the sums the tally keeps and the
//! progress term are read here from the same numbers the evaluator reads.

use super::full::traced_full_terms;
use super::progress::{drive, LEAD_SPAN};
use super::tallied::best_in_pool;
use super::weights::{index, king_danger, SceptreWeights, PAWN_NEAR};
use super::Terms;
use crate::core::{Score, MAX_SEATS};
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::rules::position::SceptrePosition;

/// What the full walk tells a trace; every method defaults to nothing, so that the walk with
/// [`NoHook`] is the walk without a trace.
pub trait Hook {
    /// `sign` times the squares covered by `owner`'s pieces of each kind (pawns aside).
    #[inline(always)]
    fn mobility(&mut self, _owner: usize, _kinds: &[u32; 6], _sign: i32) {}
    /// A pawn of `owner`'s and its moves.
    #[inline(always)]
    fn pawn_moves(&mut self, _owner: usize, _moves: Score) {}
    /// What `owner`'s king safety is made of.
    #[inline(always)]
    fn king(&mut self, _owner: usize, _king: &KingFeatures) {}
    /// `owner`'s two worst losses to hanging pieces.
    #[inline(always)]
    fn hanging(&mut self, _owner: usize, _mover: bool, _worst: Score, _second: Score) {}
}

/// The hook of play: no trace.
pub struct NoHook;

impl Hook for NoHook {}

/// What a king's safety is made of (`KingFeatures::safety` weighs it).
#[derive(Clone, Copy, Debug, Default)]
pub struct KingFeatures {
    /// Forest squares next to the king.
    pub forests: Score,
    /// Own pieces next to it, at most `SHELTER_PIECES`.
    pub guards: Score,
    /// Squares it could step to, free and not attacked.
    pub escapes: Score,
    /// Steps from the middle of the field.
    pub away: Score,
    /// Enemy pieces near, a queen counting twice.
    pub near: Score,
    /// Attack units round the king.
    pub units: Score,
    /// In check while others move first.
    pub exposed: bool,
    /// The owner's material, part of which is at stake when exposed.
    pub material: Score,
}

/// One score as a linear function of the weights: Σ `coefficients[i]` · weight i + `fixed`.
#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    pub coefficients: [f64; index::COUNT],
    pub fixed: f64,
}

impl Default for Linear {
    fn default() -> Linear {
        Linear {
            coefficients: [0.0; index::COUNT],
            fixed: 0.0,
        }
    }
}

impl Linear {
    /// The score with the weights of `w`.
    pub fn value(&self, w: &SceptreWeights) -> f64 {
        self.coefficients
            .iter()
            .zip(w.0.iter())
            .map(|(&c, &v)| c * f64::from(v))
            .sum::<f64>()
            + self.fixed
    }

    /// Adds `factor` times `other`.
    fn add_scaled(&mut self, other: &Linear, factor: f64) {
        for (c, o) in self.coefficients.iter_mut().zip(other.coefficients.iter()) {
            *c += factor * o;
        }
        self.fixed += factor * other.fixed;
    }

    /// Counts `exact`, computed with weight `i` of `w` at a `coefficient` and rounded by the
    /// evaluator's integer arithmetic: the coefficient, and the rounding in the fixed part.
    fn rounded(&mut self, w: &SceptreWeights, i: usize, coefficient: f64, exact: Score) {
        self.coefficients[i] += coefficient;
        self.fixed += f64::from(exact) - coefficient * f64::from(w.get(i));
    }
}

/// Records the hooks' numbers per player.
struct Recorder<'a> {
    w: &'a SceptreWeights,
    players: [Linear; MAX_SEATS],
}

impl Hook for Recorder<'_> {
    fn mobility(&mut self, owner: usize, kinds: &[u32; 6], sign: i32) {
        for kind in PieceKind::ALL {
            if kind != PieceKind::Pawn {
                self.players[owner].coefficients[index::MOBILITY + kind.index()] +=
                    f64::from(sign) * f64::from(kinds[kind.index()]);
            }
        }
    }

    fn pawn_moves(&mut self, owner: usize, moves: Score) {
        self.players[owner].coefficients[index::MOBILITY + PieceKind::Pawn.index()] +=
            f64::from(moves);
    }

    fn king(&mut self, owner: usize, k: &KingFeatures) {
        use index::*;
        let p = &mut self.players[owner];
        let c = &mut p.coefficients;
        c[SHELTER_FOREST] += f64::from(k.forests);
        c[SHELTER_PIECE] += f64::from(k.guards);
        c[KING_AWAY] += f64::from(k.away);
        c[ATTACKER_NEAR] -= f64::from(k.near);
        match k.escapes {
            0 => c[NO_ESCAPE] -= 1.0,
            1 => c[ONE_ESCAPE] -= 1.0,
            _ => {}
        }
        p.fixed -= f64::from(king_danger(k.units));
        if k.exposed {
            p.coefficients[KING_EXPOSED] -= 1.0;
            // The army's share at stake: its material (at the traced table) times a percentage.
            let at_stake = k.material * self.w.get(ARMY_AT_STAKE) / 100;
            p.rounded(
                self.w,
                ARMY_AT_STAKE,
                -f64::from(k.material) / 100.0,
                -at_stake,
            );
        }
    }

    fn hanging(&mut self, owner: usize, mover: bool, worst: Score, second: Score) {
        use index::*;
        let p = &mut self.players[owner];
        let exact = super::full::hanging_loss(mover, worst, second, self.w);
        let (worst, second) = (f64::from(worst), f64::from(second));
        if mover {
            p.coefficients[HANGING_MOVER_SECOND] -= second / 100.0;
            p.fixed +=
                f64::from(exact) + second * f64::from(self.w.get(HANGING_MOVER_SECOND)) / 100.0;
        } else {
            p.coefficients[HANGING_WORST] -= worst / 100.0;
            p.coefficients[HANGING_SECOND] -= second / 100.0;
            p.fixed += f64::from(exact)
                + (worst * f64::from(self.w.get(HANGING_WORST))
                    + second * f64::from(self.w.get(HANGING_SECOND)))
                    / 100.0;
        }
    }
}

/// Each player's total (`Terms::total` of the full evaluator with `w`) as a linear function
/// of the weights, and the terms themselves.
pub fn player_traces(pos: &SceptrePosition, w: &SceptreWeights) -> ([Linear; MAX_SEATS], Terms) {
    let mut rec = Recorder {
        w,
        players: Default::default(),
    };
    let mut army = super::army::Army::default();
    let mut terms = traced_full_terms(pos, w, &mut rec, &mut army);
    let mut players = rec.players;
    add_tallied(pos, w, &mut players);
    add_pieces_to_place(pos, &mut players);
    if !pos.in_set_up() {
        let playing: Vec<PlayerColour> = pos.colours().filter(|&c| pos.is_playing(c)).collect();
        for &me in &playing {
            let Some(d) = drive(pos, &terms, me, &playing, &army, None) else {
                continue;
            };
            let p = &mut players[me.index()];
            if d.over_weakest > 0 {
                let c = f64::from(d.approach) * f64::from(d.over_weakest) / f64::from(LEAD_SPAN);
                let exact = d.approach * w.get(index::APPROACH) * d.over_weakest / LEAD_SPAN;
                p.rounded(w, index::APPROACH, c, exact);
            }
            if d.over_best > 0 {
                let c = f64::from(d.traded) / 100.0 * f64::from(d.over_best) / f64::from(LEAD_SPAN);
                let exact = d.traded * w.get(index::TRADE) / 100 * d.over_best / LEAD_SPAN;
                p.rounded(w, index::TRADE, c, exact);
            }
            terms.progress[me.index()] = d.bonus(w);
        }
    }
    (players, terms)
}

/// Material, terrain and pawns' progress from the tally (as `tallied::add_tallied`).
fn add_tallied(pos: &SceptrePosition, w: &SceptreWeights, players: &mut [Linear; MAX_SEATS]) {
    let tally = pos.tally();
    for colour in pos.colours() {
        let t = &tally.colours[colour.index()];
        let owner = tally.owner[colour.index()];
        if t.pieces == 0 || !pos.is_playing(owner) {
            continue;
        }
        let p = &mut players[owner.index()];
        for kind in PieceKind::ALL {
            if kind == PieceKind::King {
                continue;
            }
            let k = kind.index();
            p.coefficients[index::MATERIAL + k] += f64::from(t.count[k]);
            p.coefficients[index::TERRAIN + k] += f64::from(t.closed[k]);
        }
        if t.count[PieceKind::Pawn.index()] == 0 {
            continue;
        }
        p.coefficients[index::PAWN_ADVANCE] += f64::from(t.pawn_advance);
        let near = &t.pawn_left[..PAWN_NEAR as usize];
        if near.iter().any(|&n| n > 0) {
            let pool = best_in_pool(pos, colour) / 100;
            let per = w.get(index::PAWN_NEAR_BASE) + pool;
            for (left, &n) in near.iter().enumerate() {
                let within = PAWN_NEAR - left as i32;
                let exact = Score::from(n) * (within * within * per / 4);
                // The base's share; the pool's and the rounding stay fixed.
                let c = f64::from(n) * f64::from(within * within) / 4.0;
                p.rounded(w, index::PAWN_NEAR_BASE, c, exact);
            }
        }
    }
}

/// Pieces still to place count their material.
fn add_pieces_to_place(pos: &SceptrePosition, players: &mut [Linear; MAX_SEATS]) {
    for colour in pos.colours() {
        if let Some(left) = pos.set_up(colour) {
            for kind in PieceKind::ALL {
                if kind != PieceKind::King {
                    players[colour.index()].coefficients[index::MATERIAL + kind.index()] +=
                        f64::from(left[kind.index()]);
                }
            }
        }
    }
}

/// Each playing seat's score (the full evaluator's `evaluate_seats` with `w`) as a linear
/// function of the weights; `None` for seats out of the game.
pub fn seat_traces(pos: &SceptrePosition, w: &SceptreWeights) -> [Option<Linear>; MAX_SEATS] {
    let (players, terms) = player_traces(pos, w);
    let playing: Vec<usize> = pos
        .colours()
        .filter(|&c| pos.is_playing(c))
        .map(|c| c.index())
        .collect();
    let total = |i: usize| terms.total(PlayerColour::ALL[i]);
    let mut out: [Option<Linear>; MAX_SEATS] = Default::default();
    for &me in &playing {
        let others: Vec<usize> = playing.iter().copied().filter(|&o| o != me).collect();
        let mut seat = players[me].clone();
        if others.len() == 1 {
            seat.add_scaled(&players[others[0]], -1.0);
        } else if others.len() > 1 {
            // mine - (best + sum / count) / 2 - max(mine - best, 0) * share / 100, in integers.
            let count = others.len() as Score;
            let best = *others
                .iter()
                .reduce(|a, b| if total(*b) > total(*a) { b } else { a })
                .expect("two or more others");
            let sum: Score = others.iter().map(|&o| total(o)).sum();
            let share = w.get(index::LEADER_SHARE);
            let lead = (total(me) - total(best)).max(0);
            seat.add_scaled(&players[best], -0.5);
            for &o in &others {
                seat.add_scaled(&players[o], -0.5 / f64::from(count));
            }
            // The integer divisions' rounding: `against` less its linear part
            // best / 2 + sum / (2 count).
            let mean = sum / count;
            let against = (total(best) + mean) / 2;
            let halves = f64::from(total(best) + mean) / 2.0;
            let mean_rounding = f64::from(mean) - f64::from(sum) / f64::from(count);
            seat.fixed -= f64::from(against) - halves + mean_rounding / 2.0;
            if lead > 0 {
                // share · lead, linear round the traced table: share0 · lead(w) + share ·
                // lead0 - share0 · lead0.
                let factor = f64::from(share) / 100.0;
                seat.add_scaled(&players[me], -factor);
                seat.add_scaled(&players[best], factor);
                let exact = lead * share / 100;
                seat.coefficients[index::LEADER_SHARE] -= f64::from(lead) / 100.0;
                seat.fixed += f64::from(lead) * factor;
                seat.fixed -= f64::from(exact) - f64::from(lead) * factor;
            }
        }
        let seats = pos.player_count();
        if seats >= 3 && playing.len() < seats {
            seat.coefficients[index::PER_RIVAL_OUT] += (seats - playing.len()) as f64;
        }
        out[me] = Some(seat);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::weights::HANDSET;
    use super::super::SceptreEval;
    use super::*;
    use crate::core::Evaluator;
    use crate::games::sceptre::rules::moves::SceptreMove;
    use crate::games::sceptre::test_support::Rng;

    /// A table unlike the hand-set one in every weight, so that a weight the trace misses
    /// shows.
    fn odd_table() -> &'static SceptreWeights {
        let mut w = HANDSET.clone();
        for (i, v) in w.0.iter_mut().enumerate() {
            *v += (i as Score * 7) % 13 - 5;
        }
        Box::leak(Box::new(w))
    }

    /// Checks the traces of `pos` against the evaluator with `w`; marks the weights seen with a
    /// non-zero coefficient.
    fn check(pos: &SceptrePosition, w: &'static SceptreWeights, seen: &mut [bool]) {
        let eval = SceptreEval {
            weights: w,
            ..SceptreEval::default()
        };
        let (players, terms) = player_traces(pos, w);
        assert_eq!(terms, eval.terms(pos), "{pos}");
        let seats = seat_traces(pos, w);
        let scores = eval.evaluate_seats(pos);
        for colour in pos.colours().filter(|&c| pos.is_playing(c)) {
            let i = colour.index();
            let total = players[i].value(w);
            assert!(
                (total - f64::from(terms.total(colour))).abs() < 1e-6,
                "{colour}: trace {total}, evaluator {}: {pos}",
                terms.total(colour)
            );
            let seat = seats[i].as_ref().expect("a playing seat has a trace");
            assert!(
                (seat.value(w) - f64::from(scores[i])).abs() < 1e-6,
                "{colour}'s score: trace {}, evaluator {}: {pos}",
                seat.value(w),
                scores[i]
            );
            for (s, &c) in seen.iter_mut().zip(seat.coefficients.iter()) {
                *s |= c != 0.0;
            }
        }
        if pos.player_count() == 2 && pos.playing_count() == 2 {
            let mover = seats[pos.to_move().index()]
                .as_ref()
                .expect("the mover plays");
            assert_eq!(mover.value(w).round() as Score, eval.evaluate(pos), "{pos}");
        }
    }

    /// The shipped set-ups of two, three and four players (and the set-up phase), played on
    /// at random with captures half the time, so that armies shrink, leads grow, kings are
    /// checked and players drop out.
    #[test]
    fn the_trace_reproduces_every_score_of_two_three_and_four_players() {
        let files = [
            include_str!("../../../../openings/sceptre1027/ready-2.epd"),
            include_str!("../../../../openings/sceptre1027/ready-3.epd"),
            include_str!("../../../../openings/sceptre1027/ready-4.epd"),
            include_str!("../../../../openings/sceptre1027/start-3.epd"),
        ];
        let odd = odd_table();
        let mut rng = Rng(0x5eed_2026_1205);
        let mut seen = vec![false; index::COUNT];
        let mut checked = [0usize; 5];
        for text in files {
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            {
                let start = SceptrePosition::from_text(line.trim())
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                for _ in 0..2 {
                    let mut pos = start.clone();
                    for ply in 0..160 {
                        if ply % 4 == 0 {
                            check(&pos, &HANDSET, &mut seen);
                            check(&pos, odd, &mut seen);
                            checked[pos.player_count()] += 1;
                        }
                        let moves = pos.legal_moves();
                        if moves.is_empty() {
                            if pos.in_set_up() || pos.playing_count() < 3 {
                                break;
                            }
                            pos.withdraw();
                            continue;
                        }
                        let noisy: Vec<SceptreMove> =
                            moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
                        let m = if !noisy.is_empty() && rng.below(2) == 0 {
                            noisy[rng.below(noisy.len())]
                        } else {
                            moves[rng.below(moves.len())]
                        };
                        pos.make(m);
                    }
                }
            }
        }
        assert!(checked[2..].iter().all(|&n| n > 300), "{checked:?}");
        let never: Vec<String> = (0..index::COUNT)
            .filter(|&i| !seen[i])
            .map(SceptreWeights::describe_index)
            .collect();
        assert_eq!(
            never,
            ["material king", "terrain king"],
            "weights the positions never exercised"
        );
    }
}
