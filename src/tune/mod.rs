//! Fitting an evaluation's weights to game results (Texel's method), for any evaluation that
//! is linear in its weights once taken apart: see [`logistic`]. The chess traces that feed it
//! live with the chess evaluation (`games/chess/tune.rs`).

pub mod logistic;

pub use logistic::{DataSet, FitSettings, Fitter};
