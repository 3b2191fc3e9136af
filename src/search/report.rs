//! What a search tells the outside world while it runs, in game-agnostic form.

use super::tt::Bound;
use crate::core::{Evaluator, Game, MoveList, Scope, Score, SeatScores, MATE, MATE_BOUND};

/// A score as the protocol prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportScore {
    Centipawns(Score),
    /// Moves (not plies) to mate; negative when the side to move is being mated.
    Mate(i32),
}

impl ReportScore {
    pub fn from_score(s: Score) -> ReportScore {
        if s >= MATE_BOUND {
            ReportScore::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            ReportScore::Mate(-(MATE + s) / 2)
        } else {
            ReportScore::Centipawns(s)
        }
    }
}

/// The nodes a second of a search that searched `nodes` in `elapsed`, from the elapsed time
/// to the microsecond: counted in whole milliseconds, a search of 0.3 ms read as 0 or 1 ms and
/// its rate as `nodes * 1000` (256 nodes "at 256000 nodes/s"). No time at all: 0, no rate.
pub fn nodes_per_second(nodes: u64, elapsed: std::time::Duration) -> u64 {
    let micros = elapsed.as_micros();
    if micros == 0 {
        return 0;
    }
    u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
}

/// One `info` line's worth.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: ReportScore,
    /// `None` for an exact score; `Lower`/`Upper` after an aspiration failure.
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<String>,
    /// One score per seat, each from that seat's view, in games of more than two seats: the
    /// max-n value vector, or for the other searches the evaluation at the end of the line.
    pub seat_scores: Option<Vec<Score>>,
}

/// One MultiPV line as the search last reported it exactly: the root move it starts with, the
/// reply it expects, and its score as `info` printed it (what a limited strength chooses among).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootLine<M> {
    pub first: M,
    pub reply: Option<M>,
    pub score: ReportScore,
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub best: Option<M>,
    pub ponder: Option<M>,
    /// From the root's side to move: its alpha-beta or best-reply value, or its max-n share.
    pub score: Score,
    /// The max-n value vector (one share per seat); None for the other searches.
    pub seat_scores: Option<SeatScores>,
    pub depth: u32,
    pub nodes: u64,
    /// `lines[i]`: MultiPV line `i + 1` as last reported exactly (None: never reported).
    pub lines: Vec<Option<RootLine<M>>>,
}

/// The PV in the game's notation (each move written in the position it is played from).
pub fn pv_text<G: Game>(root: &G, pv: &[G::Move]) -> Vec<String> {
    pv_text_in(&mut root.clone(), pv)
}

/// [`pv_text`] walked on `game` itself, made and taken back, so that it is left as found: no
/// copy of the position (a Sceptre position is a few hundred kilobytes of fixed arrays).
pub fn pv_text_in<G: Game>(game: &mut G, pv: &[G::Move]) -> Vec<String> {
    let mut out = Vec::with_capacity(pv.len());
    walk_legal_prefix(game, pv, |g, m| out.push(g.move_text(m)), |_| ());
    out
}

/// The evaluation vector at the end of a principal variation (what the line is played for).
pub fn leaf_scores<G: Game, E: Evaluator<G>>(root: &G, pv: &[G::Move], eval: &E) -> SeatScores {
    leaf_scores_in(&mut root.clone(), pv, eval)
}

/// [`leaf_scores`] walked on `game` itself and taken back, as [`pv_text_in`].
pub fn leaf_scores_in<G: Game, E: Evaluator<G>>(
    game: &mut G,
    pv: &[G::Move],
    eval: &E,
) -> SeatScores {
    walk_legal_prefix(game, pv, |_, _| {}, |g| eval.evaluate_seats(g))
}

/// Plays the moves of `pv` on `game` while they are legal (a line from the table may go
/// stale), calling `each` with every move and the position it is played from, and `at_end`
/// with the position reached; then takes the moves back. Returns what `at_end` returned.
fn walk_legal_prefix<G: Game, R>(
    game: &mut G,
    pv: &[G::Move],
    mut each: impl FnMut(&G, G::Move),
    at_end: impl FnOnce(&G) -> R,
) -> R {
    let mut made = Vec::with_capacity(pv.len());
    for &m in pv {
        let mut legal = MoveList::new();
        game.generate(Scope::All, &mut legal);
        if !legal.contains(&m) {
            break;
        }
        each(game, m);
        made.push((m, game.make(m)));
    }
    let reached = at_end(game);
    while let Some((m, undo)) = made.pop() {
        game.unmake(m, undo);
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{mate_in, mated_in};

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(ReportScore::from_score(mate_in(1)), ReportScore::Mate(1));
        assert_eq!(ReportScore::from_score(mate_in(3)), ReportScore::Mate(2));
        assert_eq!(ReportScore::from_score(mate_in(5)), ReportScore::Mate(3));
        assert_eq!(ReportScore::from_score(mated_in(0)), ReportScore::Mate(0));
        assert_eq!(ReportScore::from_score(mated_in(2)), ReportScore::Mate(-1));
        assert_eq!(ReportScore::from_score(mated_in(4)), ReportScore::Mate(-2));
        assert_eq!(ReportScore::from_score(37), ReportScore::Centipawns(37));
    }

    #[test]
    fn the_rate_of_a_search_of_a_millisecond_or_less_is_its_own() {
        use std::time::Duration;
        let rate = |nodes, micros| nodes_per_second(nodes, Duration::from_micros(micros));
        // Counted in whole milliseconds these read 256000 nodes/s (0 ms taken as "no time",
        // or 1 ms), and 1.9 ms as 1 ms.
        assert_eq!(rate(256, 300), 853_333);
        assert_eq!(rate(256, 1_000), 256_000);
        assert_eq!(rate(256, 1_900), 134_736);
        assert_eq!(rate(256, 0), 0);
        assert_eq!(rate(1_500_000, 1_000_000), 1_500_000);
        assert_eq!(rate(u64::MAX, 1), u64::MAX);
    }
}
