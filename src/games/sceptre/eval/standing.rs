//! From the players' totals to each one's score: the standing among the players still in.

use super::weights::{index, SceptreWeights};
use super::{Terms, OUT};
use crate::core::{Score, SeatScores, MAX_SEATS};
use crate::games::sceptre::rules::position::SceptrePosition;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// A player's total less the best other's (the first evaluator).
    BestOther,
    /// Against the field: less the mean of the best other's and the others' average, and a
    /// leader gives up part of its lead, since the others will gang up on it (with two
    /// playing this is the plain difference).
    Field,
}

pub fn seat_scores(
    pos: &SceptrePosition,
    terms: &Terms,
    standing: Standing,
    w: &SceptreWeights,
) -> SeatScores {
    let mut out = [0; MAX_SEATS];
    for colour in pos.colours() {
        out[colour.index()] = OUT;
    }
    // On the stack: this runs at every node of a three- or four-player search.
    let mut seats = [(0, 0); MAX_SEATS];
    let mut seated = 0;
    for c in pos.colours().filter(|&c| pos.is_playing(c)) {
        seats[seated] = (c.index(), terms.total(c));
        seated += 1;
    }
    let playing = &seats[..seated];
    for &(i, mine) in playing {
        let others = playing.iter().filter(|&&(j, _)| j != i).map(|&(_, t)| t);
        let (count, sum, best) =
            others.fold((0, 0, Score::MIN), |(n, s, b), t| (n + 1, s + t, b.max(t)));
        if count == 0 {
            out[i] = mine;
            continue;
        }
        out[i] = match standing {
            Standing::BestOther => mine - best,
            Standing::Field if count == 1 => mine - best,
            Standing::Field => {
                let against = (best + sum / count) / 2;
                let lead = (mine - best).max(0);
                mine - against - lead * w.get(index::LEADER_SHARE) / 100
            }
        };
    }
    out
}
