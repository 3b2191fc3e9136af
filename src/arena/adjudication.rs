//! Ending games the rules would let run on: a move limit (tafl has no move-count draw), a
//! resignation when an engine's own score stays hopeless, a draw when both engines' scores stay
//! level.

use super::played_move::PlayedMove;
use crate::core::SeatSet;

/// A resignation rule: the mover resigns once its own score has been at or below `-score`
/// centipawns for `moves` of its moves in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub score: i32,
    pub moves: usize,
}

/// A draw rule: from move `after` on, once every engine's score has been within `score`
/// centipawns of zero for `moves` moves each in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub score: i32,
    pub moves: usize,
    pub after: usize,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw after this many moves of every seat.
    pub max_moves: Option<usize>,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
}

/// What adjudication decides after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game ends: the winner, or None for a draw among the seats still playing.
    Ends { winner: Option<u8>, why: String },
    /// With three or more seats still playing, a hopeless seat resigns and the others go on.
    Resigns { seat: u8, why: String },
}

impl Adjudication {
    /// Whether the game should be ended after the last of `moves`, in a game whose seats have
    /// these names and of which the `active` seats are still playing. Every count is per
    /// active seat: a seat that is out moves no more.
    pub fn verdict(
        &self,
        moves: &[PlayedMove],
        seat_names: &[String],
        active: SeatSet,
    ) -> Option<Verdict> {
        let last = moves.last()?;
        // The moves of one seat, newest first.
        let own = |seat: u8| moves.iter().rev().filter(move |m| m.seat == seat);
        if let Some(rule) = self.resign {
            let recent: Vec<&PlayedMove> = own(last.seat).take(rule.moves).collect();
            let hopeless = recent.len() == rule.moves
                && recent
                    .iter()
                    .all(|m| m.score.is_some_and(|s| s.as_centipawns() <= -rule.score));
            if hopeless && active.contains(last.seat) {
                let why = format!(
                    "{} resigns (score at or below -{} for {} moves)",
                    seat_names[last.seat as usize], rule.score, rule.moves
                );
                let others = active.without(last.seat);
                return Some(if others.len() == 1 {
                    Verdict::Ends {
                        winner: others.iter().next(),
                        why,
                    }
                } else {
                    Verdict::Resigns {
                        seat: last.seat,
                        why,
                    }
                });
            }
        }
        if let Some(rule) = self.draw {
            let level = active.iter().all(|seat| {
                let recent: Vec<&PlayedMove> = own(seat).take(rule.moves).collect();
                recent.len() == rule.moves
                    && recent.iter().all(|m| {
                        m.score
                            .is_some_and(|s| s.as_centipawns().abs() <= rule.score)
                    })
            });
            let late = active.iter().all(|seat| own(seat).count() >= rule.after);
            if level && late {
                return Some(Verdict::Ends {
                    winner: None,
                    why: format!(
                        "draw (scores within {} for {} moves each)",
                        rule.score, rule.moves
                    ),
                });
            }
        }
        if let Some(limit) = self.max_moves {
            if active.iter().all(|seat| own(seat).count() >= limit) {
                return Some(Verdict::Ends {
                    winner: None,
                    why: format!("draw at the move limit ({limit} moves)"),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::engine::EngineScore;
    use std::time::Duration;

    fn names() -> Vec<String> {
        vec!["white".into(), "black".into()]
    }

    const TWO: SeatSet = SeatSet::first(2);

    fn game(scores: &[i32]) -> Vec<PlayedMove> {
        game_of(2, scores)
    }

    /// Moves of `seats` seats in turn, with these scores.
    fn game_of(seats: usize, scores: &[i32]) -> Vec<PlayedMove> {
        scores
            .iter()
            .enumerate()
            .map(|(i, &cp)| PlayedMove {
                seat: (i % seats) as u8,
                text: "a1a2".into(),
                notation: "a1a2".into(),
                score: Some(EngineScore::Centipawns(cp)),
                depth: Some(1),
                elapsed: Duration::ZERO,
            })
            .collect()
    }

    #[test]
    fn resigns_after_enough_hopeless_moves_of_its_own() {
        let rule = Adjudication {
            resign: Some(ResignRule {
                score: 500,
                moves: 2,
            }),
            ..Adjudication::default()
        };
        // Seat 1 reports -600 twice in a row: it resigns after its second such move.
        assert_eq!(rule.verdict(&game(&[600, -600, 650]), &names(), TWO), None);
        let v = rule
            .verdict(&game(&[600, -600, 650, -700]), &names(), TWO)
            .expect("resigns");
        assert!(
            matches!(
                v,
                Verdict::Ends {
                    winner: Some(0),
                    ..
                }
            ),
            "{v:?}"
        );
        assert_eq!(
            rule.verdict(&game(&[600, -600, 650, -400]), &names(), TWO),
            None
        );
    }

    #[test]
    fn draws_when_level_long_enough_and_late_enough() {
        let rule = Adjudication {
            draw: Some(DrawRule {
                score: 10,
                moves: 2,
                after: 3,
            }),
            ..Adjudication::default()
        };
        assert_eq!(
            rule.verdict(&game(&[0, 0, 0, 0]), &names(), TWO),
            None,
            "too early"
        );
        let v = rule
            .verdict(&game(&[90, 0, 5, -5, 0, 10]), &names(), TWO)
            .expect("drawn");
        assert!(matches!(v, Verdict::Ends { winner: None, .. }), "{v:?}");
        assert_eq!(
            rule.verdict(&game(&[0, 0, 0, 0, 0, 11]), &names(), TWO),
            None
        );
    }

    #[test]
    fn the_move_limit_counts_every_seat() {
        let rule = Adjudication {
            max_moves: Some(2),
            ..Adjudication::default()
        };
        assert_eq!(rule.verdict(&game(&[0, 0, 0]), &names(), TWO), None);
        assert!(rule.verdict(&game(&[0, 0, 0, 0]), &names(), TWO).is_some());
    }

    #[test]
    fn counts_are_per_active_seat() {
        let names: Vec<String> = ["s0", "s1", "s2", "s3"].map(String::from).into();
        let limit = Adjudication {
            max_moves: Some(2),
            ..Adjudication::default()
        };
        // Four seats, seat 2 out: its count no longer holds the limit back, and 6 moves are
        // not yet 2 each for the other three (seat 3 has made one).
        let three = SeatSet::first(4).without(2);
        assert_eq!(limit.verdict(&game_of(4, &[0; 6]), &names, three), None);
        assert!(limit.verdict(&game_of(4, &[0; 8]), &names, three).is_some());
        // A hopeless seat among three resigns and the others play on; among two, it loses.
        let resign = Adjudication {
            resign: Some(ResignRule {
                score: 500,
                moves: 1,
            }),
            ..Adjudication::default()
        };
        let v = resign.verdict(&game_of(4, &[0, -900]), &names, SeatSet::first(3));
        assert!(matches!(v, Some(Verdict::Resigns { seat: 1, .. })), "{v:?}");
        let v = resign.verdict(&game_of(4, &[0, -900]), &names, SeatSet::only(1).with(3));
        assert!(
            matches!(
                v,
                Some(Verdict::Ends {
                    winner: Some(3),
                    ..
                })
            ),
            "{v:?}"
        );
    }
}
