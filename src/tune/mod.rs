//! Fitting an evaluation's weights to game results (Texel's method), for any evaluation that
//! is linear in its weights once taken apart: see [`logistic`]. The traces that feed it live
//! with each evaluation (`games/chess/tune.rs`, `games/sceptre/tune.rs`).

pub mod compare;
pub mod logistic;

pub use compare::paired_difference;
pub use logistic::{DataSet, FitSettings, Fitter};

/// Which positions of a game are kept.
#[derive(Clone, Debug)]
pub struct Sampling {
    /// Plies left out at a game's start (the opening's or set-up's moves and just after:
    /// from the start position for chess, after the set-up phase for Sceptre).
    pub skip_plies: usize,
}

impl Default for Sampling {
    fn default() -> Self {
        Sampling { skip_plies: 8 }
    }
}

/// `header` as a module's doc comment (`//!` lines), its words wrapped as the house wraps
/// comments: the head of a fitted table written as Rust source.
pub fn doc_comment(header: &str) -> String {
    let mut s = String::new();
    for paragraph in header.lines() {
        let mut line = String::from("//!");
        for word in paragraph.split_whitespace() {
            if line.len() + 1 + word.len() > 96 {
                s.push_str(&line);
                s.push('\n');
                line = String::from("//!");
            }
            line.push(' ');
            line.push_str(word);
        }
        s.push_str(&line);
        s.push('\n');
    }
    s
}
