//! Sceptre evaluation: a score per player, from named terms (`eval` prints them).
//!
//! - [`full`]: material weighed by the terrain around each piece, mobility, king safety
//!   against every active opponent, pawns' progress toward promotion, pieces left hanging;
//! - `full_reference` (tests only): the full evaluator's first walk, which records every
//!   square each piece covers; [`full`], which reads the cover map make/unmake keep
//!   (`rules::cover`), must give exactly its terms;
//! - `tallied`: the terms that are sums over pieces (material, pawns' progress), read from
//!   the tally make/unmake keep instead of counted at each node;
//! - [`progress`]: a leader's drive toward the weakest king and toward trades (full only);
//! - [`basic`]: the first evaluator (material and mobility), kept as the baseline;
//! - [`standing`]: how the players' totals become each one's score. With two playing, the
//!   mover's total less the other's; with three or four, a player's total against the others'
//!   (the best and the average), and a player far ahead pays for being everyone's target.
//!
//! - [`guard`]: a leader's own searches in a game of two count the other side's threat of
//!   promotion (not a term of `eval`: it depends on whose search it is);
//! - [`closing`] and [`uncorrected`]: a leader's own searches in a game of two may change the
//!   search's constants (its quiet checks kept, the correction history left out);
//! - [`ways`]: a leader's own searches in a game of two count his far pieces' walks round the
//!   terrain to the weaker king in the approach (main's files plus ranks otherwise);
//! - [`elimination`]: with three or four seats, every player still in gains for each one out
//!   (full only).
//!
//! Withdrawn players' pieces are inert and count for nobody; a player out of the game scores
//! [`OUT`].

pub mod army;
pub mod basic;
pub mod closing;
pub mod elimination;
pub mod full;
#[cfg(test)]
mod full_reference;
pub mod guard;
pub mod progress;
pub mod standing;
mod tallied;
pub mod trace;
pub mod uncorrected;
pub mod ways;
pub mod weights;
mod weights_tuned;

pub use weights_tuned::TUNED;

use super::piece::PieceKind;
use super::position::SceptrePosition;
use super::seats::PlayerColour;
use crate::core::{Evaluator, Score, SearchParams, SeatScores, MAX_SEATS};

/// Score of a seat out of the game (eliminated or withdrawn): below any playing material.
pub const OUT: Score = -10_000;

/// Material in centipawns. The king's value is only for ordering captures: taking it
/// eliminates a player (or ends a game of two), worth more than any piece.
pub const fn value(kind: PieceKind) -> Score {
    match kind {
        PieceKind::King => 2_000,
        PieceKind::Queen => 900,
        PieceKind::Rook => 450,
        PieceKind::Bishop => 300,
        PieceKind::Knight => 350,
        PieceKind::Pawn => 100,
    }
}

/// Which table of weights the full evaluator reads (the `SceptreWeights` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeightsChoice {
    /// The hand-set weights (`weights.rs`).
    #[default]
    HandSet,
    /// The weights `regalia tune` fitted to game results (`weights_tuned.rs`).
    Tuned,
}

impl WeightsChoice {
    pub fn table(self) -> &'static weights::SceptreWeights {
        match self {
            WeightsChoice::HandSet => &weights::HANDSET,
            WeightsChoice::Tuned => &TUNED,
        }
    }
}

/// Which evaluator (the `SceptreEvaluation` option; `Evaluation material` overrides both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalStyle {
    #[default]
    Full,
    /// The first evaluator: material and mobility.
    Basic,
}

#[derive(Clone, Debug)]
pub struct SceptreEval {
    pub style: EvalStyle,
    /// Material alone (`Evaluation material`).
    pub material_only: bool,
    /// The full evaluator's linear weights (`SceptreWeights`).
    pub weights: &'static weights::SceptreWeights,
    /// In a game of two, the colour whose threat of promotion this search counts against
    /// the other ([`guard`]); set for a leader's searches only.
    pub guard: Option<PlayerColour>,
    /// A leader's search closing in for mate, which searches quiet checks ([`closing`]).
    pub closing: bool,
    /// A leader's search without the correction history ([`uncorrected`]).
    pub uncorrected: bool,
    /// A leader's search's walks round the terrain to the weaker king ([`ways`]).
    pub ways: Option<std::sync::Arc<ways::Ways>>,
}

impl Default for SceptreEval {
    fn default() -> SceptreEval {
        SceptreEval {
            style: EvalStyle::default(),
            material_only: false,
            weights: &weights::HANDSET,
            guard: None,
            closing: false,
            uncorrected: false,
            ways: None,
        }
    }
}

/// Per colour index, each term of a player's total. Terms the chosen evaluator does not use
/// stay 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    pub material: [Score; MAX_SEATS],
    pub mobility: [Score; MAX_SEATS],
    pub king: [Score; MAX_SEATS],
    pub pawns: [Score; MAX_SEATS],
    pub threats: [Score; MAX_SEATS],
    /// A leader's drive to finish the game ([`progress`]).
    pub progress: [Score; MAX_SEATS],
}

impl Terms {
    pub fn total(&self, colour: PlayerColour) -> Score {
        let i = colour.index();
        self.material[i]
            + self.mobility[i]
            + self.king[i]
            + self.pawns[i]
            + self.threats[i]
            + self.progress[i]
    }
}

/// Pieces still to place count their material.
fn add_pieces_to_place(pos: &SceptrePosition, terms: &mut Terms, w: &weights::SceptreWeights) {
    for colour in pos.colours() {
        if let Some(left) = pos.set_up(colour) {
            for kind in PieceKind::ALL {
                if kind != PieceKind::King {
                    terms.material[colour.index()] +=
                        w.material(kind) * Score::from(left[kind.index()]);
                }
            }
        }
    }
}

impl SceptreEval {
    /// Each playing player's terms.
    pub fn terms(&self, pos: &SceptrePosition) -> Terms {
        match (self.material_only, self.style) {
            (true, _) => basic::basic_terms(pos, true),
            (false, EvalStyle::Basic) => basic::basic_terms(pos, false),
            (false, EvalStyle::Full) => {
                let mut army = army::Army::default();
                let mut terms =
                    full::traced_full_terms(pos, self.weights, &mut trace::NoHook, &mut army);
                progress::add_progress(pos, &mut terms, self.weights, &army, self.ways.as_deref());
                terms
            }
        }
    }

    /// The basic evaluator compares a player with the best other only, as it always did.
    fn standing(&self) -> standing::Standing {
        if self.style == EvalStyle::Basic || self.material_only {
            standing::Standing::BestOther
        } else {
            standing::Standing::Field
        }
    }
}

impl Evaluator<SceptrePosition> for SceptreEval {
    /// With two playing, the mover's total less the other's; otherwise the mover's entry of
    /// [`Evaluator::evaluate_seats`].
    fn evaluate(&self, pos: &SceptrePosition) -> Score {
        let mover = pos.to_move();
        if pos.playing_count() == 2 {
            let terms = self.terms(pos);
            let other = pos
                .colours()
                .find(|&c| c != mover && pos.is_playing(c))
                .unwrap_or(mover);
            let mut score = terms.total(mover) - terms.total(other);
            if let Some(behind) = self.guard.filter(|_| pos.player_count() == 2) {
                let threat = guard::threat(pos, behind);
                score += if behind == mover { threat } else { -threat };
            }
            score
        } else {
            self.evaluate_seats(pos)[mover.index()]
        }
    }

    fn evaluate_seats(&self, pos: &SceptrePosition) -> SeatScores {
        let mut scores =
            standing::seat_scores(pos, &self.terms(pos), self.standing(), self.weights);
        if self.standing() == standing::Standing::Field {
            elimination::add_rivals_out(pos, &mut scores, self.weights);
        }
        scores
    }

    fn key_salt(&self) -> u64 {
        self.guard.map_or(0, guard::guard_salt)
    }

    fn search_params(&self, mut params: SearchParams) -> SearchParams {
        if self.closing {
            params = closing::closing_params(params);
        }
        if self.uncorrected {
            params = uncorrected::uncorrected_params(params);
        }
        params
    }
}
