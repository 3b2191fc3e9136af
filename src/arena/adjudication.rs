//! Ending games the rules would let run on: a move limit (tafl has no move-count draw), a
//! resignation when an engine's own score stays hopeless, a draw when both engines' scores stay
//! level.

use super::game::PlayedMove;

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

/// An adjudicated end: the winner (None for a draw) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub winner: Option<u8>,
    pub why: String,
}

impl Adjudication {
    /// Whether the game should be ended after the last of `moves`, in a game whose seats have
    /// these names.
    pub fn verdict(&self, moves: &[PlayedMove], seat_names: &[String]) -> Option<Verdict> {
        let seats = seat_names.len();
        let last = moves.last()?;
        if let Some(rule) = self.resign {
            let own: Vec<&PlayedMove> = moves
                .iter()
                .rev()
                .filter(|m| m.seat == last.seat)
                .take(rule.moves)
                .collect();
            let hopeless = own.len() == rule.moves
                && own
                    .iter()
                    .all(|m| m.score.is_some_and(|s| s.as_centipawns() <= -rule.score));
            if hopeless && seats == 2 {
                return Some(Verdict {
                    winner: Some(1 - last.seat),
                    why: format!(
                        "{} resigns (score at or below -{} for {} moves)",
                        seat_names[last.seat as usize], rule.score, rule.moves
                    ),
                });
            }
        }
        if let Some(rule) = self.draw {
            let window = rule.moves * seats;
            let moves_played = moves.len() / seats;
            let level = moves.len() >= window
                && moves[moves.len() - window..].iter().all(|m| {
                    m.score
                        .is_some_and(|s| s.as_centipawns().abs() <= rule.score)
                });
            if level && moves_played >= rule.after {
                return Some(Verdict {
                    winner: None,
                    why: format!(
                        "draw (scores within {} for {} moves each)",
                        rule.score, rule.moves
                    ),
                });
            }
        }
        if let Some(limit) = self.max_moves {
            if moves.len() >= limit * seats {
                return Some(Verdict {
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

    fn game(scores: &[i32]) -> Vec<PlayedMove> {
        scores
            .iter()
            .enumerate()
            .map(|(i, &cp)| PlayedMove {
                seat: (i % 2) as u8,
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
        assert_eq!(rule.verdict(&game(&[600, -600, 650]), &names()), None);
        let v = rule
            .verdict(&game(&[600, -600, 650, -700]), &names())
            .expect("resigns");
        assert_eq!(v.winner, Some(0));
        assert_eq!(rule.verdict(&game(&[600, -600, 650, -400]), &names()), None);
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
            rule.verdict(&game(&[0, 0, 0, 0]), &names()),
            None,
            "too early"
        );
        let v = rule
            .verdict(&game(&[90, 0, 5, -5, 0, 10]), &names())
            .expect("drawn");
        assert_eq!(v.winner, None);
        assert_eq!(rule.verdict(&game(&[0, 0, 0, 0, 0, 11]), &names()), None);
    }

    #[test]
    fn the_move_limit_counts_every_seat() {
        let rule = Adjudication {
            max_moves: Some(2),
            ..Adjudication::default()
        };
        assert_eq!(rule.verdict(&game(&[0, 0, 0]), &names()), None);
        assert!(rule.verdict(&game(&[0, 0, 0, 0]), &names()).is_some());
    }
}
