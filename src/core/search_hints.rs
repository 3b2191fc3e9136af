//! How to search a game: move-ordering and pruning hints and the search's parameters. Every
//! item has a default that suits a game without the feature, so a new game can start with an
//! empty `impl SearchHints`.

use super::{MoveList, PickScores, Rules, Score, SearchParams, Seat};

/// What the search may ask a game beyond its rules. Read by `search/` only.
pub trait SearchHints: Rules {
    /// Number of slots in a per-move history table ([`SearchHints::history_slot`] stays below
    /// it).
    const HISTORY_SLOTS: usize = 1;

    /// Where the move picker keeps a copy of its scores (`core::pick_scores`): `NoPickScores`
    /// for short move lists, `MoveList<Score>` for long ones, which it then scans with vector
    /// code. A type, not a switch, so that games without the copy carry none in their search
    /// frames (a second list there cost the chess bench 0.58% more instructions).
    type PickScores: PickScores;

    /// Whether the main search's picker scores the quiet moves only once it has handed out
    /// every move that outranks them (the table's move, the noisy moves that win their
    /// exchange, the killers), with the history as it stood when the node began: the same
    /// order, without scoring a hundred quiet moves at the many nodes that cut before them.
    /// Only with kept scores ([`SearchHints::PickScores`]), where the picker finds the
    /// waiting moves.
    const DEFER_QUIET_SCORES: bool = false;

    /// The alpha-beta search's margins and reductions for this game.
    const SEARCH: SearchParams = SearchParams::CHESS;

    /// The search parameters for this position's rules: [`SearchHints::SEARCH`] unless one type
    /// serves several variants that search differently (the chess family's rule switches). Read
    /// once per search, not per node.
    fn search_params(&self) -> SearchParams {
        Self::SEARCH
    }

    /// A phase of the game that a shallow search plays well enough and fast (Sceptre's
    /// set-up placements): a clock-managed search stops at
    /// [`SearchParams::shallow_phase_depth`] here.
    fn in_shallow_phase(&self) -> bool {
        false
    }
    /// The side to move faces an immediate threat it must answer (check, a king beside a
    /// gate): the search extends here and never prunes.
    fn urgent(&self) -> bool {
        false
    }
    /// The moves that may answer an urgent position ([`SearchHints::urgent`]), which quiescence
    /// searches there instead of every move: all of them unless the game knows that the others
    /// lose at once (tafl: with the king's line to a gate open, only moves onto that line or
    /// beside the king can matter). Called only where `urgent()` holds.
    fn urgent_replies(&self, out: &mut MoveList<Self::Move>) {
        self.generate(super::Scope::All, out)
    }
    /// Whether `m` (the table's move) is surely one of the legal moves, known without
    /// generating them: where it is, the search tries it before it generates the others
    /// (games that defer their quiet moves' scores, [`SearchHints::DEFER_QUIET_SCORES`]).
    /// False where unsure: the search then generates the moves and looks there.
    fn surely_legal(&self, _m: Self::Move) -> bool {
        false
    }
    /// Whether [`SearchHints::surely_legal`] answers for `m` both ways here (false: `m` is
    /// surely not legal), so that the search may generate its moves in stages.
    fn legality_known(&self, _m: Self::Move) -> bool {
        false
    }
    /// The key the position will have once `m` is made, where a few reads foresee it (a
    /// plain move or capture): the search starts loading the child's table bucket and
    /// evaluation slot before `make`, so that the wait for memory overlaps the move's own
    /// work. `None` where the game does not foresee it; a wrong key only loads a line in vain.
    #[inline(always)]
    fn key_after(&self, _m: Self::Move) -> Option<u64> {
        None
    }
    /// Captures, promotions, explosions: moves that change material.
    fn is_noisy(&self, _m: Self::Move) -> bool {
        false
    }
    /// Quiet moves that threaten to win at once (tafl: a king's move opening two gates, of
    /// which the other side can shut only one), appended to `out` where they are not noisy:
    /// quiescence searches them in its first [`SearchParams::quiescence_threat_plies`] plies.
    fn quiet_threats(&self, _out: &mut MoveList<Self::Move>) {}
    /// A quick ordering score for a noisy move (most valuable victim, least valuable attacker).
    fn noisy_order(&self, _m: Self::Move) -> Score {
        0
    }
    /// A game's own bonus for a quiet move in move ordering (added to its history score):
    /// tafl favours king moves onto open lines and blocks of the king's escape lines.
    fn quiet_order(&self, _m: Self::Move) -> Score {
        0
    }
    /// Static exchange evaluation: does `m` win at least `threshold`? Games without an exchange
    /// model answer true. A move that wins at least some threshold wins at least every lower
    /// one (the search reuses an answer at 0 for thresholds below it).
    fn see_at_least(&self, _m: Self::Move, _threshold: Score) -> bool {
        true
    }
    /// The exchange for a mover who, with every other player, stands against `root` alone:
    /// the paranoid search asks it for its root player's opponents, whom it plays as one
    /// coalition. Games of two seats (or without a coalition-aware exchange) answer as
    /// [`SearchHints::see_at_least`].
    fn see_at_least_against(&self, m: Self::Move, threshold: Score, _root: Seat) -> bool {
        self.see_at_least(m, threshold)
    }
    /// The move's slot in a per-move history table, below [`SearchHints::HISTORY_SLOTS`].
    fn history_slot(&self, _m: Self::Move) -> usize {
        0
    }

    /// A key of the part of the position on which the static evaluation tends to err the same
    /// way (in chess, the pawn structure): the search learns a correction of the evaluation per
    /// key ([`SearchParams::correction_history`]). Only asked where that is switched on.
    fn correction_key(&self) -> u64 {
        0
    }

    /// Passes the turn for null-move pruning; `None` where the game has no safe notion of it.
    fn make_null(&mut self) -> Option<Self::Undo> {
        None
    }
    fn unmake_null(&mut self, _undo: Self::Undo) {}
    /// Whether a null-move search is sound here (not zugzwang-prone).
    fn null_move_allowed(&self) -> bool {
        false
    }
    /// Hands the turn to `seat` without a move (best-reply searches let one opponent move out of
    /// turn); `None` where the game has no such notion.
    fn make_pass_to(&mut self, _seat: Seat) -> Option<Self::Undo> {
        None
    }
    fn unmake_pass(&mut self, _undo: Self::Undo) {}
}
