//! Eliminations count (issue 32, "playing to win"): in a game that started with three or four
//! players, each player still in gains [`PER_RIVAL_OUT`] for every player already out
//! (eliminated or withdrawn), since one rival fewer is a step to being the last one standing.
//!
//! Without it, taking the king of a weak player looked like no gain at all, or a loss: his
//! near-empty army had lowered the average the standing compares with, so once he was gone
//! the others' average rose, and a king capture the search saw was put off for ever (a forced
//! capture on a bare king was not played at any depth). The term is the same for every player
//! still in, so it changes no comparison between them (max-n's shares, two players' scores);
//! it raises the root player's own score in the searches that read it absolutely (paranoid,
//! best-reply), where it makes every elimination along a line worth that much.

use super::weights::{index, SceptreWeights};
use crate::core::{Score, SeatScores};
use crate::games::sceptre::rules::position::SceptrePosition;

/// Centipawns per player out of the game, to each player still in.
pub const PER_RIVAL_OUT: Score = 600;

/// Adds the term to each playing seat of `scores` (three or four seats only).
pub fn add_rivals_out(pos: &SceptrePosition, scores: &mut SeatScores, w: &SceptreWeights) {
    let seats = pos.player_count();
    let playing = pos.playing_count();
    if seats < 3 || playing >= seats {
        return;
    }
    let bonus = w.get(index::PER_RIVAL_OUT) * (seats - playing) as Score;
    for c in pos.colours().filter(|&c| pos.is_playing(c)) {
        scores[c.index()] += bonus;
    }
}

#[cfg(test)]
mod tests {
    use super::super::standing::{seat_scores, Standing};
    use super::super::SceptreEval;
    use super::*;
    use crate::core::Evaluator;

    fn position(pieces: &str, states: &str, kingdoms: &str) -> SceptrePosition {
        let meadow = ["16m"; 16].join("/");
        let text = format!("{meadow} {pieces} {states} b {kingdoms} - - -");
        SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// The full evaluator's vector less the standing alone: the term.
    fn term(pos: &SceptrePosition) -> SeatScores {
        let eval = SceptreEval::default();
        let with = eval.evaluate_seats(pos);
        let without = seat_scores(pos, &eval.terms(pos), Standing::Field, eval.weights);
        std::array::from_fn(|i| with[i] - without[i])
    }

    #[test]
    fn each_player_still_in_gains_for_a_rival_out() {
        let three = "b@i1,w@a1,r@a9";
        let all_in = position("Kb@p1,Kw@a1,Kr@a16,Rb@h8", "b+,w+,r+", three);
        assert_eq!(term(&all_in), [0; 4]);
        let white_out = position("Kb@p1,Kr@a16,Rb@h8", "b+,wx,r+", three);
        assert_eq!(term(&white_out), [PER_RIVAL_OUT, 0, PER_RIVAL_OUT, 0]);
        let four = "b@i1,w@a1,r@a9,g@i9";
        let two_out = position("Kb@p1,Kr@a16,Rb@h8,Kg@p16", "b+,wx,r+,g=", four);
        assert_eq!(term(&two_out), [2 * PER_RIVAL_OUT, 0, 2 * PER_RIVAL_OUT, 0]);
    }

    #[test]
    fn two_players_from_the_start_have_no_such_term() {
        let meadow = ["8m"; 16].join("/");
        let text = format!("{meadow} Kb@a1,Kw@h16 b+,w+ b b@a1,w@a9 - - -");
        let pos = SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(term(&pos), [0; 4]);
    }
}
