//! Texel tuning of the chess evaluation: quiet positions from finished games, labelled with the
//! game's result, turned into traces for the logistic fitter; the fitted table written back as
//! Rust source.

use super::eval::Pair;
use super::pgn::PgnGame;
use super::position::Position;
use super::see::see_at_least;
use super::trace::trace;
use super::weights::{index, Weights};
use crate::core::{MoveList, Rules as _, Scope};
use crate::tune::{DataSet, Fitter};
use std::collections::HashSet;

pub use crate::tune::Sampling;

/// Counts of what the sampling kept and left out.
#[derive(Clone, Debug, Default)]
pub struct SampleCounts {
    pub games: usize,
    pub unfinished_games: usize,
    pub kept: usize,
    pub in_check: usize,
    pub winning_capture: usize,
    pub duplicates: usize,
}

/// Gathers the positions to fit from games, white's view, deduplicated across all games.
pub struct Collector {
    sampling: Sampling,
    seen: HashSet<u64>,
    /// The position, white's result and a key of its game (equal for equal games, so that a
    /// game played twice falls on one side of a training/held-out split).
    pub positions: Vec<(Position, f64, u64)>,
    pub counts: SampleCounts,
}

impl Collector {
    pub fn new(sampling: Sampling) -> Self {
        Collector {
            sampling,
            seen: HashSet::new(),
            positions: Vec::new(),
            counts: SampleCounts::default(),
        }
    }

    /// Adds the quiet positions of `game` (none if it has no result).
    pub fn add_game(&mut self, game: &PgnGame) {
        self.counts.games += 1;
        let Some(result) = game.result else {
            self.counts.unfinished_games += 1;
            return;
        };
        let mut pos = game.start;
        let number = game_key(game);
        for (ply, &m) in game.moves.iter().enumerate() {
            if ply >= self.sampling.skip_plies {
                self.consider(&pos, result.white_score(), number);
            }
            pos.make(m);
        }
    }

    fn consider(&mut self, pos: &Position, result: f64, game: u64) {
        // The static evaluation cannot see through a check or a hanging piece.
        if pos.in_check() {
            self.counts.in_check += 1;
            return;
        }
        let mut noisy = MoveList::new();
        pos.generate(Scope::Noisy, &mut noisy);
        if noisy.iter().any(|&m| see_at_least(pos, m, 1)) {
            self.counts.winning_capture += 1;
            return;
        }
        if !self.seen.insert(pos.key()) {
            self.counts.duplicates += 1;
            return;
        }
        self.counts.kept += 1;
        self.positions.push((*pos, result, game));
    }
}

/// A hash of the game's start and moves.
fn game_key(game: &PgnGame) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    game.start.key().hash(&mut h);
    game.moves.hash(&mut h);
    h.finish()
}

/// The positions as the fitter's rows: one coefficient per weight (the tempo's the side to
/// move's sign), the fixed part tapered.
pub fn data_set<'a>(positions: impl IntoIterator<Item = &'a (Position, f64, u64)>) -> DataSet {
    let mut data = DataSet::default();
    let mut row = Vec::new();
    for (pos, result, _) in positions {
        let t = trace(pos);
        row.clear();
        row.extend(t.coefficients.iter().map(|&(i, c)| (i as u32, c as f32)));
        row.push((index::TEMPO as u32, t.to_move as f32));
        let mg = t.phase as f32 / 24.0;
        let fixed = t.fixed.0 as f32 * mg + t.fixed.1 as f32 * (1.0 - mg);
        data.push(&row, fixed, mg, *result as f32);
    }
    data
}

/// A fitter starting from `weights`; the kings' material (always equal) and the zealot's
/// weights (no zealots in chess) stay put.
pub fn fitter(weights: &Weights) -> Fitter {
    let params = weights
        .0
        .iter()
        .flat_map(|p| [p.0 as f64, p.1 as f64])
        .collect();
    let tunable = (0..index::COUNT)
        .map(|i| {
            let zealot = i == index::MATERIAL + 6
                || (index::PLACEMENT + 6 * 64..index::PLACEMENT + 7 * 64).contains(&i);
            i != index::MATERIAL + 5 && !zealot
        })
        .collect();
    Fitter { params, tunable }
}

/// Groups of weights that can be held at their values while the others are fitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Group {
    Material,
    Placement,
    Mobility,
    /// Isolated, doubled and supported pawns, passed pawns.
    Pawns,
    /// Rook files and the bishop pair.
    Pieces,
    /// The king's shield and open files.
    King,
    Tempo,
}

impl Group {
    fn contains(self, i: usize) -> bool {
        use index::*;
        let range = match self {
            Group::Material => MATERIAL..PLACEMENT,
            Group::Placement => PLACEMENT..MOBILITY_KNIGHT,
            Group::Mobility => MOBILITY_KNIGHT..ISOLATED,
            Group::Pawns => ISOLATED..ROOK_OPEN,
            Group::Pieces => ROOK_OPEN..SHIELD,
            Group::King => SHIELD..TEMPO,
            Group::Tempo => TEMPO..COUNT,
        };
        range.contains(&i)
    }
}

/// `fitter` with the weights of the `frozen` groups held too.
pub fn fitter_freezing(weights: &Weights, frozen: &[Group]) -> Fitter {
    let mut f = fitter(weights);
    for (i, t) in f.tunable.iter_mut().enumerate() {
        if frozen.iter().any(|g| g.contains(i)) {
            *t = false;
        }
    }
    f
}

/// The fitted parameters rounded to a table.
pub fn rounded(params: &[f64]) -> Weights {
    let mut w = super::weights::DEFAULT.clone();
    for (i, p) in w.0.iter_mut().enumerate() {
        *p = Pair(
            params[2 * i].round() as i32,
            params[2 * i + 1].round() as i32,
        );
    }
    w
}

/// `weights` as the Rust source of a constant `name`, one weight a line with its name.
pub fn rust_source(weights: &Weights, name: &str, header: &str) -> String {
    let mut s = crate::tune::doc_comment(header);
    s.push_str("\nuse super::weights::{Pair, Weights};\n\n");
    s.push_str(&format!("pub const {name}: Weights = Weights([\n"));
    for (i, p) in weights.0.iter().enumerate() {
        s.push_str(&format!(
            "    Pair({}, {}), // {}\n",
            p.0,
            p.1,
            Weights::describe_index(i)
        ));
    }
    s.push_str("]);\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::pgn::read_games;
    use crate::games::chess::weights::DEFAULT;
    use crate::tune::FitSettings;

    #[test]
    fn the_fit_lowers_the_error_on_the_fixture_games() {
        let text = include_str!("../../../engine-tests/data/tune-fixture.pgn");
        let mut collector = Collector::new(Sampling::default());
        for game in read_games(text) {
            collector.add_game(&game.expect("fixture game reads"));
        }
        assert!(collector.counts.kept > 200, "{:?}", collector.counts);
        let data = data_set(&collector.positions);
        let mut fitter = fitter(&DEFAULT);
        let k = fitter.fit_k(&data);
        assert!(k > 0.05 && k < 5.0, "{k}");
        let before = data.error(&fitter.params, k);
        let settings = FitSettings {
            epochs: 50,
            learning_rate: 1.0,
            report_every: 0,
            pull_to_start: 0.0,
        };
        let (after, _) = fitter.fit(&data, None, k, &settings);
        assert!(after < before, "{after} vs {before}");
    }

    #[test]
    fn the_default_table_round_trips_through_the_fitter() {
        assert_eq!(rounded(&fitter(&DEFAULT).params), DEFAULT);
        let src = rust_source(&DEFAULT, "SAME", "A test.");
        assert!(src.contains("pub const SAME: Weights = Weights(["));
        assert!(src.contains("Pair(12, 12), // tempo"));
    }
}
