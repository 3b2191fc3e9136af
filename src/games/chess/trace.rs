//! The evaluation as a linear function of the weights, for the tuner: how often each weight
//! applies (white minus black), what is not linear (kept as a fixed value), the phase and the
//! side to move. Recorded by the same walk over the position that scores it.

use super::eval::{taper, walk, Pair, Sink, Term};
use super::position::Position;
use super::types::Color;
use super::weights::{index, Weights};
use crate::core::Score;

/// One position's evaluation, taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// (flat weight index, white's count minus black's), sorted by index, no zero counts; the
    /// tempo is not among them (see `to_move`).
    pub coefficients: Vec<(u16, i16)>,
    /// The non-linear remainder, white minus black (king danger, kings near passed pawns…).
    pub fixed: Pair,
    /// 24 with all pieces on, 0 with none.
    pub phase: i32,
    /// +1 with white to move, -1 with black (the tempo's sign from white's view).
    pub to_move: i32,
}

/// Counts per weight index for each colour while the walk runs.
struct TraceSink {
    counts: [[i32; index::COUNT]; 2],
    fixed: [Pair; 2],
}

impl Sink for TraceSink {
    fn add(&mut self, us: Color, _term: Term, index: usize, count: i32) {
        self.counts[us.index()][index] += count;
    }
    fn fixed(&mut self, us: Color, _term: Term, value: Pair) {
        self.fixed[us.index()] += value;
    }
}

/// The trace of `pos`'s evaluation.
pub fn trace(pos: &Position) -> Trace {
    let mut sink = TraceSink {
        counts: [[0; index::COUNT]; 2],
        fixed: [Pair::default(); 2],
    };
    let phase = walk(pos, &mut sink);
    let coefficients = (0..index::COUNT)
        .filter_map(|i| {
            let c = sink.counts[0][i] - sink.counts[1][i];
            (c != 0).then_some((i as u16, c as i16))
        })
        .collect();
    Trace {
        coefficients,
        fixed: sink.fixed[0] - sink.fixed[1],
        phase,
        to_move: match pos.side_to_move() {
            Color::White => 1,
            Color::Black => -1,
        },
    }
}

impl Trace {
    /// The evaluation this trace gives with `weights`, white's view, with the engine's integer
    /// rounding: equal to the search's evaluation (made white's view) for the same weights.
    pub fn white_score(&self, weights: &Weights) -> Score {
        let mut sum = self.fixed;
        for &(i, c) in &self.coefficients {
            sum += weights.get(i as usize) * c as i32;
        }
        taper(sum, self.phase) + self.to_move * taper(weights.get(index::TEMPO), self.phase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Evaluator;
    use crate::games::chess::eval::ChessEval;
    use crate::games::chess::weights::DEFAULT;
    use crate::games::chess::Rules;

    /// Every FEN of the orthodox perft suite, and every third position of the tuning fixture's
    /// games (middlegames and endgames as played).
    fn fens() -> Vec<String> {
        let suite = include_str!("../../../engine-tests/perft/chess.epd");
        let mut fens: Vec<String> = suite
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split(';').next())
            .map(|f| f.trim().to_string())
            .collect();
        let games = crate::games::chess::pgn::read_games(include_str!(
            "../../../engine-tests/data/tune-fixture.pgn"
        ));
        for game in games {
            let game = game.expect("fixture game reads");
            let mut pos = game.start;
            for (ply, &m) in game.moves.iter().enumerate() {
                if ply % 3 == 0 {
                    fens.push(pos.to_fen());
                }
                pos.make(m);
            }
        }
        fens
    }

    #[test]
    fn the_trace_reproduces_the_evaluation() {
        let fens = fens();
        assert!(fens.len() > 500, "{}", fens.len());
        // A second table unlike the default, so that a weight the trace misses shows.
        let mut odd = DEFAULT.clone();
        for (i, w) in odd.0.iter_mut().enumerate() {
            *w = Pair(w.0 + (i as i32 * 7) % 13 - 6, w.1 - (i as i32 * 5) % 11 + 5);
        }
        let odd: &'static Weights = Box::leak(Box::new(odd));
        for fen in &fens {
            let pos = Position::from_fen(fen, Rules::Orthodox).expect("suite FEN reads");
            let t = trace(&pos);
            for weights in [&DEFAULT, odd] {
                let eval = ChessEval {
                    material_only: false,
                    weights,
                };
                let mover = eval.evaluate(&pos);
                let white = if pos.side_to_move() == Color::White {
                    mover
                } else {
                    -mover
                };
                assert_eq!(t.white_score(weights), white, "{fen}");
            }
        }
    }
}
