//! Texel tuning of the Sceptre evaluation (issue 32): the quiet positions of finished games,
//! each playing seat's score (`evaluate_seats`, taken apart by `eval::trace`) labelled with
//! the seat's share of the game's points, as rows for the logistic fitter; the fitted table
//! written back as Rust source.
//!
//! A seat of three or four playing expects a third or a quarter, not a half, at an even
//! score, so its rows carry a bias weight of their own (one for three playing, one for four);
//! the fit learns it with the others and the evaluator never reads it.

use super::eval::trace::seat_traces;
use super::eval::value;
use super::eval::weights::{index, SceptreWeights, HANDSET};
use super::field::piece::PieceKind;
use super::rules::position::SceptrePosition;
use crate::core::{Rules as _, MAX_SEATS};
use crate::tune::{DataSet, Fitter};
use std::collections::HashSet;
use std::fmt;

/// The fitter's extra weights after the table's: the bias of three playing, of four.
pub const BIAS_THREE: usize = index::COUNT;
pub const BIAS_FOUR: usize = index::COUNT + 1;
/// The fitter's number of weights.
pub const FIT_COUNT: usize = index::COUNT + 2;

pub use crate::tune::Sampling;

/// Counts of what the sampling kept and left out.
#[derive(Clone, Debug, Default)]
pub struct SampleCounts {
    pub games: usize,
    pub unfinished_games: usize,
    /// Games whose moves stopped replaying (the positions before were kept).
    pub cut_games: usize,
    pub kept: usize,
    pub in_check: usize,
    pub winning_capture: usize,
    pub duplicates: usize,
    /// Kept positions by the game's number of players (2, 3, 4).
    pub by_players: [usize; MAX_SEATS + 1],
    /// Games left out for their number of players (`Collector::only_players`).
    pub other_players: usize,
}

/// A game that cannot be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    Start(String),
    /// Points for a number of seats the start does not have.
    Points {
        seats: usize,
        points: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Start(e) => write!(f, "the start position does not read: {e}"),
            GameError::Points { seats, points } => {
                write!(f, "{points} points for a game of {seats} seats")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// One kept position: the position as its text (a position with its cover maps takes tens
/// of kilobytes, its text a few hundred bytes: a fit keeps hundreds of thousands), its number
/// of players, each seat's share of the points, a key of its game (equal for equal games, so
/// that a game played twice falls on one side of a split).
#[derive(Clone, Debug)]
pub struct Sample {
    pub text: String,
    pub players: usize,
    pub shares: [f64; MAX_SEATS],
    pub game: u64,
}

/// A game as `regalia tune` reads it from a record.
pub struct RecordedGame<'a> {
    pub start: &'a str,
    /// Every move from the start (an opening's moves first).
    pub moves: &'a [String],
    /// Seats that forfeited or resigned and after how many moves (the others left by rule).
    pub forfeits: &'a [(usize, u8)],
    /// The points of each seat; `None` for an unfinished game.
    pub points: Option<&'a [f64]>,
}

/// Gathers the positions to fit from games, deduplicated across all games.
pub struct Collector {
    sampling: Sampling,
    /// Only games of this many players are used (all when `None`).
    players: Option<usize>,
    seen: HashSet<u64>,
    pub samples: Vec<Sample>,
    pub counts: SampleCounts,
}

impl Collector {
    pub fn new(sampling: Sampling) -> Self {
        Collector {
            sampling,
            players: None,
            seen: HashSet::new(),
            samples: Vec::new(),
            counts: SampleCounts::default(),
        }
    }

    /// Uses only the games of `players` players: a fit for one number of players alone.
    pub fn only_players(mut self, players: usize) -> Self {
        self.players = Some(players);
        self
    }

    /// Adds the quiet positions of `game` (none if it has no points, or is of another number
    /// of players than asked for).
    pub fn add_game(&mut self, game: &RecordedGame) -> Result<(), GameError> {
        let mut pos =
            SceptrePosition::from_text(game.start).map_err(|e| GameError::Start(e.to_string()))?;
        self.counts.games += 1;
        if self.players.is_some_and(|n| n != pos.player_count()) {
            self.counts.other_players += 1;
            return Ok(());
        }
        let Some(points) = game.points else {
            self.counts.unfinished_games += 1;
            return Ok(());
        };
        let seats = pos.player_count();
        if points.len() != seats {
            return Err(GameError::Points {
                seats,
                points: points.len(),
            });
        }
        let sum: f64 = points.iter().sum();
        let mut shares = [0.0; MAX_SEATS];
        for (s, p) in shares.iter_mut().zip(points) {
            *s = if sum > 0.0 { p / sum } else { 0.0 };
        }
        let key = game_key(game);
        let mut played = 0;
        for (i, text) in game.moves.iter().enumerate() {
            for &(_, seat) in game.forfeits.iter().filter(|f| f.0 == i) {
                let _ = pos.make_forfeit(seat);
            }
            settle(&mut pos);
            if pos.in_set_up() {
                played = 0;
            } else {
                if played >= self.sampling.skip_plies {
                    self.consider(&pos, &shares, key);
                }
                played += 1;
            }
            let Ok(m) = pos.parse_move(text) else {
                log::warn!("a game stops replaying at move {} ({text})", i + 1);
                self.counts.cut_games += 1;
                return Ok(());
            };
            pos.make(m);
        }
        Ok(())
    }

    fn consider(&mut self, pos: &SceptrePosition, shares: &[f64; MAX_SEATS], game: u64) {
        // The static evaluation cannot see through a check or a piece about to be won.
        if pos.in_check(pos.to_move()) {
            self.counts.in_check += 1;
            return;
        }
        if has_winning_capture(pos) {
            self.counts.winning_capture += 1;
            return;
        }
        if !self.seen.insert(pos.key()) {
            self.counts.duplicates += 1;
            return;
        }
        self.counts.kept += 1;
        self.counts.by_players[pos.player_count()] += 1;
        self.samples.push(Sample {
            text: pos.to_text(),
            players: pos.player_count(),
            shares: *shares,
            game,
        });
    }
}

/// A player left without a move who withdraws does so at once, as the referee plays it.
fn settle(pos: &mut SceptrePosition) {
    while pos.decided().is_none() && pos.must_withdraw() {
        pos.withdraw();
    }
}

/// The simple test: a promotion, or a capture of a piece worth more than the capturer or not
/// covered by its owner.
fn has_winning_capture(pos: &SceptrePosition) -> bool {
    let mut pos = pos.clone();
    let tally = *pos.tally();
    for m in pos.legal_moves() {
        if m.promotion_kind().is_some() {
            return true;
        }
        if m.is_placement() {
            continue;
        }
        let (Some(victim), Some(by)) = (pos.piece(m.to()), pos.piece(m.from())) else {
            continue;
        };
        if value(victim.kind) > value(by.kind) {
            return true;
        }
        let cell = pos.cover().at(m.to());
        let defended =
            (0..4).any(|c| tally.owner[c] == victim.owner && u64::from_ne_bytes(cell[c]) != 0);
        if !defended {
            return true;
        }
    }
    false
}

/// A hash of the game's start and moves.
fn game_key(game: &RecordedGame) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    game.start.hash(&mut h);
    game.moves.hash(&mut h);
    h.finish()
}

/// The samples as the fitter's rows, traced with `w`: one row per playing seat (its score, its
/// share), the bias of three or four playing, no taper (every row all "midgame").
pub fn data_set<'a>(samples: impl IntoIterator<Item = &'a Sample>, w: &SceptreWeights) -> DataSet {
    data_set_with_games(samples, w).0
}

/// `data_set`, and the game of each row (to compare two tables game by game).
pub fn data_set_with_games<'a>(
    samples: impl IntoIterator<Item = &'a Sample>,
    w: &SceptreWeights,
) -> (DataSet, Vec<u64>) {
    let mut data = DataSet::default();
    let mut games = Vec::new();
    let mut row = Vec::new();
    for s in samples {
        let pos = match SceptrePosition::from_text(&s.text) {
            Ok(pos) => pos,
            Err(e) => {
                // Written by `to_text`, so it reads back; if not, the row is left out, said.
                log::warn!("a kept position does not read back ({e}): {}", s.text);
                continue;
            }
        };
        let playing = pos.playing_count();
        for (seat, trace) in seat_traces(&pos, w).iter().enumerate() {
            let Some(t) = trace else { continue };
            row.clear();
            row.extend(
                t.coefficients
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c != 0.0)
                    .map(|(i, &c)| (i as u32, c as f32)),
            );
            match playing {
                3 => row.push((BIAS_THREE as u32, 1.0)),
                4 => row.push((BIAS_FOUR as u32, 1.0)),
                _ => {}
            }
            data.push(&row, t.fixed as f32, 1.0, s.shares[seat] as f32);
            games.push(s.game);
        }
    }
    (data, games)
}

/// A fitter starting from `w` with both biases 0; the kings' material and terrain (never
/// counted) and the bonus per rival out (the same for every seat still in: it serves the
/// search's absolute scores, not a prediction) stay put. With `weights_too` false only the
/// biases move.
pub fn fitter(w: &SceptreWeights, weights_too: bool) -> Fitter {
    let mut params = Vec::with_capacity(2 * FIT_COUNT);
    for i in 0..FIT_COUNT {
        let v = if i < index::COUNT {
            f64::from(w.get(i))
        } else {
            0.0
        };
        params.extend([v, v]);
    }
    let king = PieceKind::King.index();
    let tunable = (0..FIT_COUNT)
        .map(|i| {
            if i >= index::COUNT {
                return true;
            }
            weights_too
                && i != index::MATERIAL + king
                && i != index::TERRAIN + king
                && i != index::PER_RIVAL_OUT
        })
        .collect();
    Fitter { params, tunable }
}

/// Groups of the table's weights that `--freeze` holds at their starting values while the
/// others are fitted: where games are few, a weight seen seldom wanders on little evidence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Group {
    /// The pieces' material (the king has none).
    Material,
    /// Per square round a piece that cuts lines.
    Terrain,
    /// Per square a piece may move to.
    Mobility,
    /// The pawns' progress: per step advanced, the base of the gain near the edge.
    Pawns,
    /// King safety: escapes, shelter, distance from the middle, attackers near, exposure.
    King,
    /// The three percentages of hanging pieces.
    Hanging,
    /// The progress terms: approach to the weakest king, trades.
    Progress,
    /// The leader's share of three or four.
    Standing,
}

impl Group {
    fn contains(self, i: usize) -> bool {
        use index::*;
        let range = match self {
            Group::Material => MATERIAL..TERRAIN,
            Group::Terrain => TERRAIN..MOBILITY,
            Group::Mobility => MOBILITY..PAWN_ADVANCE,
            Group::Pawns => PAWN_ADVANCE..NO_ESCAPE,
            Group::King => NO_ESCAPE..HANGING_MOVER_SECOND,
            Group::Hanging => HANGING_MOVER_SECOND..APPROACH,
            Group::Progress => APPROACH..LEADER_SHARE,
            Group::Standing => LEADER_SHARE..PER_RIVAL_OUT,
        };
        range.contains(&i)
    }
}

/// `fitter` with the weights of the `frozen` groups held too.
pub fn fitter_freezing(w: &SceptreWeights, frozen: &[Group]) -> Fitter {
    let mut f = fitter(w, true);
    for (i, t) in f.tunable.iter_mut().enumerate().take(index::COUNT) {
        if frozen.iter().any(|g| g.contains(i)) {
            *t = false;
        }
    }
    f
}

/// The fitted table, rounded (the biases dropped).
pub fn rounded(params: &[f64]) -> SceptreWeights {
    let mut w = HANDSET.clone();
    for (i, v) in w.0.iter_mut().enumerate() {
        *v = params[2 * i].round() as i32;
    }
    w
}

/// `w` as the Rust source of a constant `name`, one weight a line with its name.
pub fn rust_source(w: &SceptreWeights, name: &str, header: &str) -> String {
    let mut s = crate::tune::doc_comment(header);
    s.push_str("\nuse super::weights::SceptreWeights;\n\n");
    s.push_str(&format!(
        "pub const {name}: SceptreWeights = SceptreWeights([\n"
    ));
    for (i, v) in w.0.iter().enumerate() {
        s.push_str(&format!(
            "    {v}, // {}\n",
            SceptreWeights::describe_index(i)
        ));
    }
    s.push_str("]);\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::read_record::read_line_records;
    use crate::tune::FitSettings;

    #[test]
    fn the_handset_table_round_trips_through_the_fitter() {
        assert_eq!(rounded(&fitter(&HANDSET, true).params), HANDSET);
        let src = rust_source(&HANDSET, "SAME", "A test.");
        assert!(src.contains("pub const SAME: SceptreWeights = SceptreWeights(["));
        assert!(src.contains("    900, // material queen\n"));
    }

    fn fixture(collector: &mut Collector) {
        let text = include_str!("../../../engine-tests/data/sceptre-tune-fixture.txt");
        for game in read_line_records(text) {
            let g = game.expect("fixture game reads");
            let moves = g.all_moves();
            let forfeits = g.forfeits();
            collector
                .add_game(&RecordedGame {
                    start: &g.start,
                    moves: &moves,
                    forfeits: &forfeits,
                    points: g.points.as_deref(),
                })
                .expect("fixture game replays");
        }
    }

    /// Three games of the fixture (two, three and four players): positions are kept from
    /// each, the rows' scores are the evaluator's, and a short fit lowers the error.
    #[test]
    fn the_fixture_games_make_rows_and_the_fit_lowers_their_error() {
        let mut collector = Collector::new(Sampling::default());
        fixture(&mut collector);
        let c = &collector.counts;
        assert_eq!(c.cut_games, 0, "{c:?}");
        assert!(c.by_players[2..].iter().all(|&n| n > 20), "{c:?}");
        let data = data_set(&collector.samples, &HANDSET);
        let mut f = fitter(&HANDSET, true);
        let k = f.fit_k(&data);
        let before = data.error(&f.params, k);
        let settings = FitSettings {
            epochs: 30,
            learning_rate: 1.0,
            report_every: 0,
            pull_to_start: 0.0,
        };
        let (after, _) = f.fit(&data, None, k, &settings);
        assert!(after < before, "{after} vs {before}");
    }

    /// Every weight is in at most one group, and every weight the fit may move is in one.
    #[test]
    fn the_groups_split_the_table() {
        use clap::ValueEnum as _;
        let free = fitter(&HANDSET, true);
        for i in 0..index::COUNT {
            let holding = Group::value_variants()
                .iter()
                .filter(|g| g.contains(i))
                .count();
            assert!(holding <= 1, "weight {i} in {holding} groups");
            assert!(holding == 1 || !free.tunable[i], "weight {i} in no group");
        }
    }

    /// A fit of the fixture's two-player game alone with the material held: the material
    /// stays as set, other weights move, and the other games are counted as left out.
    #[test]
    fn a_frozen_group_stays_where_it_was() {
        let mut collector = Collector::new(Sampling::default()).only_players(2);
        fixture(&mut collector);
        let c = &collector.counts;
        assert_eq!(c.other_players, 2, "{c:?}");
        assert!(
            c.by_players[2] > 20 && c.by_players[3] + c.by_players[4] == 0,
            "{c:?}"
        );
        assert!(collector.samples.iter().all(|s| s.players == 2));
        let (data, games) = data_set_with_games(&collector.samples, &HANDSET);
        assert_eq!(games.len(), data.len());
        let mut f = fitter_freezing(&HANDSET, &[Group::Material]);
        let k = f.fit_k(&data);
        let settings = FitSettings {
            epochs: 30,
            learning_rate: 1.0,
            report_every: 0,
            pull_to_start: 0.0,
        };
        f.fit(&data, None, k, &settings);
        let w = rounded(&f.params);
        for i in index::MATERIAL..index::TERRAIN {
            assert_eq!(
                w.get(i),
                HANDSET.get(i),
                "{}",
                SceptreWeights::describe_index(i)
            );
        }
        assert_ne!(w, HANDSET);
    }
}
