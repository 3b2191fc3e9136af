//! Move ordering: the transposition-table move first, then winning and equal captures by
//! most valuable victim, killer moves, quiet moves by
//! history, and losing captures last.
//! Moves are scored once and picked lazily (a cut-off usually comes early). Games with long
//! move lists (Sceptre) also keep the scores in a plain list of their own
//! (`SearchHints::PickScores`), which the picker scans with vector code; the others keep the
//! plain scan and no second list.

use super::exchange::ExchangeTest;
use crate::core::{Game, MoveList, PickScores, Score};

// The ordering bands every move orderer uses (this picker and max-n's and best-reply's
// `multi::move_order`): the table's move, noisy moves, two killers, then quiet moves by history.
pub(super) const TT_MOVE: Score = 1 << 30;
pub(super) const GOOD_NOISY: Score = 1 << 28;
pub(super) const KILLER: [Score; 2] = [1 << 27, (1 << 27) - 1];
const BAD_NOISY: Score = -(1 << 28);
/// Scores below this are noisy moves that lose their exchange: quiet moves score their
/// history (within [`HISTORY_MAX`]) and the game's small bonus, far above it.
const BAD_BAND: Score = BAD_NOISY / 2;
/// At most this many losing noisy moves are gathered by [`MovePicker::drop_quiets`].
const MAX_GATHERED: usize = 64;
/// A quiet move's place-holder while its score waits (`SearchHints::DEFER_QUIET_SCORES`):
/// below every move that outranks the quiet moves, above the losing noisy moves, and equal to
/// no real score (quiet moves score their history and the game's small bonus).
const PENDING: Score = BAD_BAND + 1;

/// History scores stay within this bound (gravity keeps them from saturating).
pub const HISTORY_MAX: i32 = 16_384;

/// A move with its ordering score.
#[derive(Clone, Copy)]
pub struct Scored<M> {
    m: M,
    score: Score,
    /// The exchange test at 0 ran and passed: the search need not run it again.
    won_exchange: bool,
}

/// The picker's lists, on the caller's stack (returning a kilobyte-sized list by value costs a
/// copy per node). One buffer, so that the picker holds one reference as it did before the
/// second list: games without it (`NoPickScores`, zero bytes) search with the same frames.
pub struct PickBuffer<G: Game> {
    /// Each move with its ordering score; only the generated moves are ever touched.
    entries: MoveList<Scored<G::Move>>,
    /// Each entry's score again, at the same index, where the game keeps them
    /// (`PickScores::KEPT`), so that the scan for the best is a few vector instructions per
    /// eight moves; nothing at all for the other games.
    scores: G::PickScores,
}

impl<G: Game> PickBuffer<G> {
    #[inline(always)]
    pub fn new() -> Self {
        PickBuffer {
            entries: MoveList::new(),
            scores: G::PickScores::new(),
        }
    }
}

/// Hands out the moves of a [`PickBuffer`] best first.
pub struct MovePicker<'a, G: Game> {
    buffer: &'a mut PickBuffer<G>,
    next: usize,
    /// Where the best move stands before any is handed out, found while scoring (the first
    /// pick then needs no scan; a cut-off usually comes at that first move).
    first_best: usize,
    /// With deferred quiet scores: how many moves outrank every quiet move, and whether quiet
    /// moves still wait for their scores ([`PENDING`]) until that many have been handed out.
    top: usize,
    pending: bool,
}

/// A history entry's change by a reward, kept where the game defers quiet scores: a picker
/// made before it undoes it to score its quiet moves with the table as it then stood.
#[derive(Clone, Copy)]
pub struct HistoryChange {
    slot: usize,
    before: i32,
    after: i32,
}

/// Below this many moves left a plain scan is cheaper than the vector passes.
const SHORT: usize = 32;

/// The index of the first of the highest scores (0 for an empty list). A long list takes the
/// maximum by a branch-free pass the compiler turns into vector code, then finds its first
/// place eight at a time.
#[inline]
fn first_of_highest(scores: &[Score]) -> usize {
    if scores.len() < SHORT {
        let mut best = 0;
        let mut best_score = Score::MIN;
        for (i, &s) in scores.iter().enumerate() {
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        return best;
    }
    let high = scores.iter().copied().fold(Score::MIN, Score::max);
    let mut base = 0;
    for chunk in scores.chunks(8) {
        if chunk.iter().fold(false, |found, &s| found | (s == high)) {
            return base + chunk.iter().position(|&s| s == high).unwrap_or(0);
        }
        base += chunk.len();
    }
    0
}

/// The plain scan: the index (from `next` on) of the first of the highest scores.
#[inline]
fn plain_best<M: Copy>(list: &[Scored<M>], next: usize) -> usize {
    let mut best = next;
    let mut best_score = list[best].score;
    for (i, e) in list.iter().enumerate().skip(next + 1) {
        if e.score > best_score {
            best = i;
            best_score = e.score;
        }
    }
    best
}

/// Swaps the best of `list[next..]` to `next` and returns it: the first of the highest scores
/// (`first_best` before any pick), found by the plain scan or, with `long`, in `scores` (which
/// then mirrors the list's scores and is swapped alike).
#[inline(always)]
fn pick<M: Copy>(
    list: &mut [Scored<M>],
    scores: &mut [Score],
    next: usize,
    first_best: usize,
    long: bool,
) -> M {
    let best = if next == 0 {
        first_best
    } else if long {
        next + first_of_highest(&scores[next..])
    } else {
        plain_best(list, next)
    };
    if long {
        scores.swap(next, best);
    }
    list.swap(next, best);
    list[next].m
}

/// [`MovePicker::drop_quiets`]' work on the lists: gathers the losing noisy moves of
/// `list[next..]` (scores below [`BAD_BAND`]) right after `next`, highest first, and returns
/// where they end; `None` (nothing moved) if two of them score the same or they are too many.
fn gather_losing_noisy<M: Copy>(
    entries: &mut [Scored<M>],
    scores: &mut [Score],
    next: usize,
) -> Option<usize> {
    let mut bad = [0 as Score; MAX_GATHERED];
    let mut count = 0;
    for &s in &scores[next..] {
        if s < BAD_BAND {
            if count == MAX_GATHERED {
                return None;
            }
            bad[count] = s;
            count += 1;
        }
    }
    let bad = &mut bad[..count];
    bad.sort_unstable();
    if bad.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let mut kept = next;
    for i in next..entries.len() {
        if scores[i] < BAD_BAND {
            entries.swap(kept, i);
            scores.swap(kept, i);
            kept += 1;
        }
    }
    // Highest first (insertion sort: a handful of moves).
    for i in next + 1..kept {
        let mut j = i;
        while j > next && scores[j - 1] < scores[j] {
            entries.swap(j - 1, j);
            scores.swap(j - 1, j);
            j -= 1;
        }
    }
    Some(kept)
}

/// The count kept while a picker's list fills: the first entry with the best score so far,
/// and how many moves outrank the quiet ones.
struct Ranking {
    first_best: usize,
    best_score: Score,
    top: usize,
}

impl Ranking {
    fn new() -> Ranking {
        Ranking {
            first_best: 0,
            best_score: Score::MIN,
            top: 0,
        }
    }
}

impl<G: Game> PickBuffer<G> {
    /// Lists `m` at `score`, counted in `ranking`.
    #[inline(always)]
    fn push_ranked(&mut self, ranking: &mut Ranking, m: G::Move, score: Score, won_exchange: bool) {
        if score > PENDING {
            ranking.top += 1;
        }
        if score > ranking.best_score {
            ranking.best_score = score;
            ranking.first_best = self.entries.len();
        }
        self.entries.push(Scored {
            m,
            score,
            won_exchange,
        });
        self.scores.push(score);
    }
}

impl<'a, G: Game> MovePicker<'a, G> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        buffer: &'a mut PickBuffer<G>,
        game: &G,
        moves: &MoveList<G::Move>,
        tt_move: Option<G::Move>,
        killers: &[Option<G::Move>; 2],
        history: &[i32],
        exchange: ExchangeTest,
    ) -> Self {
        let PickBuffer { entries, scores } = &mut *buffer;
        entries.clear();
        scores.clear();
        let mut first_best = 0;
        let mut best_score = Score::MIN;
        for &m in moves.iter() {
            let mut won_exchange = false;
            let score = if Some(m) == tt_move {
                TT_MOVE
            } else if game.is_noisy(m) {
                let (score, won) = Self::noisy_score(game, m, exchange);
                won_exchange = won;
                score
            } else if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else {
                history[game.history_slot(m)] + game.quiet_order(m)
            };
            // Strictly greater: the first of equal bests, as the scan in `next_move` picks (and
            // index 0 if every score is the minimum).
            if score > best_score {
                best_score = score;
                first_best = entries.len();
            }
            entries.push(Scored {
                m,
                score,
                won_exchange,
            });
            scores.push(score);
        }
        MovePicker {
            buffer,
            next: 0,
            first_best,
            top: 0,
            pending: false,
        }
    }

    /// [`MovePicker::new`] for a game that defers its quiet moves' scores
    /// (`SearchHints::DEFER_QUIET_SCORES`): the same bands, but a quiet move waits as
    /// [`PENDING`] until every move that outranks it has been handed out, and
    /// [`MovePicker::next_deferred`] scores the quiet moves then. Where nothing outranks them
    /// they are scored at once. (A loop of its own: sharing `new`'s changed how the compiler
    /// placed `new` in chess's search, 0.08% to 0.46% more instructions in its bench.)
    #[allow(clippy::too_many_arguments)]
    pub fn new_deferring_quiets(
        buffer: &'a mut PickBuffer<G>,
        game: &G,
        moves: &MoveList<G::Move>,
        tt_move: Option<G::Move>,
        killers: &[Option<G::Move>; 2],
        history: &[i32],
        exchange: ExchangeTest,
    ) -> Self {
        debug_assert!(
            G::PickScores::KEPT,
            "the waiting moves are found in the kept scores"
        );
        let (first_best, top, pending) =
            Self::fill_deferring(buffer, game, moves, tt_move, killers, exchange);
        let mut picker = MovePicker {
            buffer,
            next: 0,
            first_best,
            top,
            pending,
        };
        if picker.pending && picker.top == 0 {
            picker.score_quiets(game, history, 0);
            picker.first_best = first_of_highest(picker.buffer.scores.as_mut_slice());
        }
        picker
    }

    /// A picker over the noisy moves alone, the table's move and the `killers` known legal
    /// (the quiet moves not generated yet), for a node whose moves are generated in stages:
    /// the moves that outrank the quiet ones come in the order [`Self::new_deferring_quiets`]
    /// would hand them out over the whole list, provided no two of them score the same (the
    /// selection sort's swaps then cannot reorder them). `None` where two do, or where none
    /// outranks the quiet moves (the buffer handed back): the caller generates every move
    /// instead. Once they are
    /// handed out ([`Self::outranking_done`]) the caller generates every move and calls
    /// [`Self::restage`].
    pub fn new_staged(
        buffer: &'a mut PickBuffer<G>,
        game: &G,
        noisy: &MoveList<G::Move>,
        tt_move: Option<G::Move>,
        killers: &[Option<G::Move>; 2],
        exchange: ExchangeTest,
    ) -> Result<Self, &'a mut PickBuffer<G>> {
        buffer.entries.clear();
        buffer.scores.clear();
        let mut ranking = Ranking::new();
        let mut tt_listed = false;
        let mut push = |m: G::Move, score: Score, won_exchange: bool| {
            buffer.push_ranked(&mut ranking, m, score, won_exchange)
        };
        for &m in noisy.iter() {
            let mut won_exchange = false;
            let score = if Some(m) == tt_move {
                tt_listed = true;
                TT_MOVE
            } else {
                let (score, won) = Self::noisy_score(game, m, exchange);
                won_exchange = won;
                score
            };
            push(m, score, won_exchange);
        }
        if let Some(t) = tt_move.filter(|_| !tt_listed) {
            push(t, TT_MOVE, false);
        }
        for (i, k) in killers.iter().enumerate() {
            if let Some(k) = *k {
                if Some(k) != tt_move && !game.is_noisy(k) {
                    push(k, KILLER[i], false);
                }
            }
        }
        let Ranking {
            first_best, top, ..
        } = ranking;
        if top == 0 || top > MAX_GATHERED {
            return Err(buffer);
        }
        let mut outranking = [0 as Score; MAX_GATHERED];
        let mut n = 0;
        for &s in buffer.scores.as_mut_slice().iter() {
            if s > PENDING {
                outranking[n] = s;
                n += 1;
            }
        }
        let outranking = &mut outranking[..n];
        outranking.sort_unstable();
        if outranking.windows(2).any(|w| w[0] == w[1]) {
            return Err(buffer);
        }
        Ok(MovePicker {
            buffer,
            next: 0,
            first_best,
            top,
            pending: false,
        })
    }

    /// Whether every move that outranks the quiet ones has been handed out.
    #[inline(always)]
    pub fn outranking_done(&self) -> bool {
        self.next >= self.top
    }

    /// A staged picker ([`Self::new_staged`]) made over every move, `moves`, as
    /// [`Self::new_deferring_quiets`] would have made it, and the moves handed out so far
    /// handed out again in its lists: from here on it is that picker, swaps and all.
    pub fn restage(
        &mut self,
        game: &G,
        moves: &MoveList<G::Move>,
        tt_move: Option<G::Move>,
        killers: &[Option<G::Move>; 2],
        exchange: ExchangeTest,
    ) {
        let handed = self.next;
        let staged_top = self.top;
        let before: Vec<G::Move> = if cfg!(debug_assertions) {
            self.buffer.entries.as_slice()[..handed]
                .iter()
                .map(|e| e.m)
                .collect()
        } else {
            Vec::new()
        };
        let (first_best, top, pending) =
            Self::fill_deferring(self.buffer, game, moves, tt_move, killers, exchange);
        self.first_best = first_best;
        self.top = top;
        self.pending = pending;
        self.next = 0;
        for _ in 0..handed {
            self.next_from_kept();
        }
        if cfg!(debug_assertions) {
            assert_eq!(top, staged_top, "the same moves outrank the quiet ones");
            let after: Vec<G::Move> = self.buffer.entries.as_slice()[..handed]
                .iter()
                .map(|e| e.m)
                .collect();
            assert_eq!(
                before, after,
                "the staged picker hands out what the whole one would"
            );
        }
    }

    /// A noisy move's score, and whether it was tested to win its exchange: good noisy moves
    /// (tested winning, or untested) before the killers, the losing ones after every quiet.
    #[inline(always)]
    fn noisy_score(game: &G, m: G::Move, exchange: ExchangeTest) -> (Score, bool) {
        let order = game.noisy_order(m);
        let tested = exchange != ExchangeTest::Off;
        let won_exchange = tested && exchange.at_least(game, m, 0);
        if !tested || won_exchange {
            (GOOD_NOISY + order, won_exchange)
        } else {
            (BAD_NOISY + order, won_exchange)
        }
    }

    /// [`Self::new_deferring_quiets`]' lists: (first best, moves that outrank the quiet
    /// ones, whether quiet moves wait for their scores).
    #[inline(always)]
    fn fill_deferring(
        buffer: &mut PickBuffer<G>,
        game: &G,
        moves: &MoveList<G::Move>,
        tt_move: Option<G::Move>,
        killers: &[Option<G::Move>; 2],
        exchange: ExchangeTest,
    ) -> (usize, usize, bool) {
        buffer.entries.clear();
        buffer.scores.clear();
        let mut ranking = Ranking::new();
        let mut pending = false;
        for &m in moves.iter() {
            let mut won_exchange = false;
            let score = if Some(m) == tt_move {
                TT_MOVE
            } else if game.is_noisy(m) {
                let (score, won) = Self::noisy_score(game, m, exchange);
                won_exchange = won;
                score
            } else if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else {
                // Waits for its score, and is never the first best while a move outranks it
                // (where none does, all are scored below and the best found again).
                pending = true;
                buffer.entries.push(Scored {
                    m,
                    score: PENDING,
                    won_exchange,
                });
                buffer.scores.push(PENDING);
                continue;
            };
            buffer.push_ranked(&mut ranking, m, score, won_exchange);
        }
        (ranking.first_best, ranking.top, pending)
    }

    /// Scores the waiting quiet moves from `history` (a move's entry at `offset` plus its
    /// slot).
    fn score_quiets(&mut self, game: &G, history: &[i32], offset: usize) {
        let PickBuffer { entries, scores } = &mut *self.buffer;
        let entries = entries.as_mut_slice();
        let scores = scores.as_mut_slice();
        for (e, s) in entries.iter_mut().zip(scores.iter_mut()).skip(self.next) {
            if *s == PENDING {
                *s = history[offset + game.history_slot(e.m)] + game.quiet_order(e.m);
                e.score = *s;
            }
        }
        self.pending = false;
    }

    /// [`MovePicker::next_move`] for a picker made by [`MovePicker::new_deferring_quiets`]:
    /// once the moves that outrank the quiet ones are handed out, scores the quiet moves
    /// first, with the history table as it stood when the picker was made: `history` now,
    /// the `changes` made since undone (newest first) while they are scored, then redone.
    #[inline(always)]
    pub fn next_deferred(
        &mut self,
        game: &G,
        history: &mut [i32],
        changes: &[HistoryChange],
        offset: usize,
    ) -> Option<G::Move> {
        if self.pending && self.next >= self.top {
            for c in changes.iter().rev() {
                history[c.slot] = c.before;
            }
            self.score_quiets(game, history, offset);
            for c in changes {
                history[c.slot] = c.after;
            }
        }
        self.next_from_kept()
    }

    /// The best remaining move (the first of equal bests as they now stand), or None when all
    /// have been handed out. The best swaps places with the first remaining entry, so equal
    /// scores come in the order of that selection sort, with either scan: the search's node
    /// counts (the bench signatures) depend on it. Without kept scores this is the plain scan
    /// as it was, written out as it was (an `inline(always)` shared path cost the chess bench
    /// 0.45% more instructions).
    pub fn next_move(&mut self) -> Option<G::Move> {
        if G::PickScores::KEPT {
            return self.next_from_kept();
        }
        let list = self.buffer.entries.as_mut_slice();
        let n = list.len();
        if self.next >= n {
            return None;
        }
        let best = if self.next == 0 {
            self.first_best
        } else {
            plain_best(list, self.next)
        };
        list.swap(self.next, best);
        let m = list[self.next].m;
        self.next += 1;
        Some(m)
    }

    /// [`MovePicker::next_move`] scanning the kept copy of the scores.
    #[inline(always)]
    fn next_from_kept(&mut self) -> Option<G::Move> {
        let next = self.next;
        let buffer = &mut *self.buffer;
        if next >= buffer.entries.len() {
            return None;
        }
        let m = pick(
            buffer.entries.as_mut_slice(),
            buffer.scores.as_mut_slice(),
            next,
            self.first_best,
            true,
        );
        self.next += 1;
        Some(m)
    }

    /// The search prunes every quiet move still to come (its late-move or futility pruning,
    /// once it holds for one quiet move, holds for all that follow): drops them, so that only
    /// the noisy moves that lose their exchange remain. Where no two of those score the same,
    /// the selection sort would hand them out by score whatever its swaps did, so they are
    /// sorted once and the search sees exactly the moves, in exactly the order, it saw
    /// before; with a tie nothing is dropped. Only where the game keeps the scores (long
    /// move lists, where handing out a hundred pruned moves one by one cost most).
    #[inline]
    pub fn drop_quiets(&mut self) {
        if !G::PickScores::KEPT {
            return;
        }
        let buffer = &mut *self.buffer;
        if let Some(kept) = gather_losing_noisy(
            buffer.entries.as_mut_slice(),
            buffer.scores.as_mut_slice(),
            self.next,
        ) {
            buffer.entries.truncate(kept);
            buffer.scores.truncate(kept);
            // Every quiet move is gone, those still waiting for a score with them.
            self.pending = false;
        }
    }

    /// [`Self::drop_quiets`] for a staged picker whose quiet moves were never generated:
    /// the losing noisy moves gathered as there, or false (nothing moved) where that finds a
    /// tie; the caller then makes the whole list ([`Self::restage`]) and drops from it.
    pub fn drop_quiets_staged(&mut self) -> bool {
        let buffer = &mut *self.buffer;
        match gather_losing_noisy(
            buffer.entries.as_mut_slice(),
            buffer.scores.as_mut_slice(),
            self.next,
        ) {
            Some(kept) => {
                buffer.entries.truncate(kept);
                buffer.scores.truncate(kept);
                self.pending = false;
                true
            }
            None => false,
        }
    }

    /// Whether the move last handed out was found to win at least 0 in the exchange test
    /// (false where the test did not run).
    #[inline]
    pub fn won_exchange(&self) -> bool {
        self.next > 0 && self.buffer.entries.as_slice()[self.next - 1].won_exchange
    }
}

/// A quiet move that was best (or cut) at a ply becomes its first killer, the old first the
/// second.
pub fn push_killer<M: Copy + Eq>(killers: &mut [Option<M>; 2], m: M) {
    if killers[0] != Some(m) {
        killers[1] = killers[0];
        killers[0] = Some(m);
    }
}

/// Rewards the quiet move that was best (history slot `best`) by `bonus` and punishes the
/// quiet moves tried before it (`tried`, their slots in the order they were tried) as much.
pub fn reward_quiets(
    history: &mut [i32],
    best: usize,
    tried: impl Iterator<Item = usize>,
    bonus: i32,
) {
    update_history(&mut history[best], bonus);
    for slot in tried {
        update_history(&mut history[slot], -bonus);
    }
}

/// [`reward_quiets`], noting each entry's change in `changes` ([`HistoryChange`]).
pub fn reward_quiets_noted(
    history: &mut [i32],
    best: usize,
    tried: impl Iterator<Item = usize>,
    bonus: i32,
    changes: &mut Vec<HistoryChange>,
) {
    let mut change = |slot: usize, bonus: i32| {
        let before = history[slot];
        update_history(&mut history[slot], bonus);
        changes.push(HistoryChange {
            slot,
            before,
            after: history[slot],
        });
    };
    change(best, bonus);
    for slot in tried {
        change(slot, -bonus);
    }
}

/// Moves a history entry by `bonus`, less the nearer it already is to the bound.
pub fn update_history(entry: &mut i32, bonus: i32) {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry += b - *entry * b.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Rules, Scope, SearchHints};
    use crate::games::sceptre::{SceptreMove, SceptrePosition};

    /// The positions of the Sceptre speed file (engine-tests/perft/sceptre1027-speed.txt), a
    /// four-player middlegame and set-ups, and those after each of 15 plies from them (moves
    /// picked by `rand`).
    fn sceptre_positions(rand: &mut impl FnMut(usize) -> usize) -> Vec<SceptrePosition> {
        let mut all = Vec::new();
        for mut pos in sceptre_speed_positions() {
            for _ in 0..16 {
                all.push(pos.clone());
                let mut moves = MoveList::new();
                pos.generate(Scope::All, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[rand(moves.len())];
                Rules::make(&mut pos, m);
            }
        }
        all
    }

    fn sceptre_speed_positions() -> Vec<SceptrePosition> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/engine-tests/perft/sceptre1027-speed.txt"
        );
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.split(" ;").next().unwrap_or_default())
            .map(|l| SceptrePosition::from_text(l).unwrap_or_else(|e| panic!("{l}: {e}")))
            .collect()
    }

    /// The deferring picker hands out the moves in exactly the order of the picker that scores
    /// every move at once, though the history changes between its picks (rewards noted as the
    /// search notes them, on the slots of the list's own moves): Sceptre's long lists with
    /// random tables (many ties), killers and table moves.
    #[test]
    fn deferred_quiet_scores_hand_out_the_moves_in_the_eager_order() {
        let mut seed = 0xDEF3_0ED5_u64;
        let mut rand = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as usize % n.max(1)
        };
        let slots = <SceptrePosition as SearchHints>::HISTORY_SLOTS;
        let (mut lists, mut scored_late) = (0, 0);
        for pos in sceptre_positions(&mut rand) {
            let mut moves = MoveList::new();
            pos.generate(Scope::All, &mut moves);
            let list = moves.as_slice().to_vec();
            if list.is_empty() {
                continue;
            }
            lists += 1;
            for _ in 0..20 {
                let pick_move = |r: usize| list[r % list.len()];
                let mut history = vec![0; slots];
                for &m in &list {
                    if rand(3) == 0 {
                        history[pos.history_slot(m)] =
                            rand(2 * HISTORY_MAX as usize) as i32 - HISTORY_MAX;
                    }
                }
                let killers: [Option<SceptreMove>; 2] =
                    [rand(4), rand(4)].map(|r| (r != 0).then(|| pick_move(rand(1000))));
                let tt_move = (rand(2) == 0).then(|| pick_move(rand(1000)));

                let mut buffer = PickBuffer::<SceptrePosition>::new();
                let mut eager = MovePicker::new(
                    &mut buffer,
                    &pos,
                    &moves,
                    tt_move,
                    &killers,
                    &history,
                    ExchangeTest::AgainstAll,
                );
                let expected: Vec<SceptreMove> = std::iter::from_fn(|| eager.next_move()).collect();

                let mut changes = Vec::new();
                let mut buffer = PickBuffer::<SceptrePosition>::new();
                let mut deferred = MovePicker::new_deferring_quiets(
                    &mut buffer,
                    &pos,
                    &moves,
                    tt_move,
                    &killers,
                    &history,
                    ExchangeTest::AgainstAll,
                );
                let was_pending = deferred.pending;
                let mut got = Vec::new();
                while let Some(m) = deferred.next_deferred(&pos, &mut history, &changes, 0) {
                    if was_pending
                        && !deferred.pending
                        && !changes.is_empty()
                        && got.len() == deferred.top
                    {
                        scored_late += 1;
                    }
                    got.push(m);
                    // A subtree's rewards on the slots of moves of this list.
                    for _ in 0..rand(3) {
                        let tried: Vec<usize> = (0..rand(4))
                            .map(|_| pos.history_slot(pick_move(rand(1000))))
                            .collect();
                        let best = pos.history_slot(pick_move(rand(1000)));
                        let bonus = 1 + rand(2000) as i32;
                        reward_quiets_noted(
                            &mut history,
                            best,
                            tried.into_iter(),
                            bonus,
                            &mut changes,
                        );
                    }
                }
                assert_eq!(got, expected, "{pos}");
            }
        }
        assert!(lists >= 40, "only {lists} move lists");
        assert!(
            scored_late > 50,
            "quiet moves scored after changes only {scored_late} times"
        );
    }

    /// The first pick's rule, written plainly: the first index of the highest score.
    fn plain_first_of_highest(scores: &[Score]) -> usize {
        let mut best = 0;
        for (i, &s) in scores.iter().enumerate() {
            if s > scores[best] {
                best = i;
            }
        }
        best
    }

    /// Scores with many ties (few distinct values), as quiet moves with no history have.
    fn random_scores(seed: &mut u64, len: usize) -> Vec<Score> {
        (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                match *seed % 4 {
                    0 => Score::MIN,
                    1 => (*seed >> 8) as Score % 5,
                    2 => ((*seed >> 8) % 3) as Score * 1000 - 1000,
                    _ => (*seed >> 8) as Score,
                }
            })
            .collect()
    }

    #[test]
    fn the_vector_scan_finds_the_first_of_the_highest() {
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        for len in 1..70 {
            for _ in 0..50 {
                let s = random_scores(&mut seed, len);
                assert_eq!(first_of_highest(&s), plain_first_of_highest(&s), "{s:?}");
            }
        }
    }

    /// After some picks, dropping the quiet moves leaves exactly the losing noisy moves the
    /// selection sort would still have handed out, in its order, or changes nothing.
    #[test]
    fn dropping_the_quiets_keeps_the_selection_sort_order_of_the_losing_noisy_moves() {
        let mut seed = 0x5EED_0FD2_0F00_u64;
        let mut dropped = 0;
        for len in [1, 2, 5, 9, 33, 80, 150] {
            for picked in [1, 2, 4, 10] {
                for _ in 0..30 {
                    let given: Vec<Score> = random_scores(&mut seed, len)
                        .into_iter()
                        .map(|s| match s.rem_euclid(3) {
                            0 => BAD_NOISY + s.rem_euclid(40),
                            _ => s.rem_euclid(HISTORY_MAX),
                        })
                        .collect();
                    if picked > len {
                        continue;
                    }
                    let first_best = plain_first_of_highest(&given);
                    let fresh = || -> (Vec<Scored<usize>>, Vec<Score>) {
                        let list = given
                            .iter()
                            .enumerate()
                            .map(|(m, &score)| Scored {
                                m,
                                score,
                                won_exchange: false,
                            })
                            .collect();
                        (list, given.clone())
                    };
                    let (mut list, mut scores) = fresh();
                    let full: Vec<usize> = (0..len)
                        .map(|next| pick(&mut list, &mut scores, next, first_best, true))
                        .collect();
                    let (mut list, mut scores) = fresh();
                    for next in 0..picked {
                        pick(&mut list, &mut scores, next, first_best, true);
                    }
                    let Some(kept) = gather_losing_noisy(&mut list, &mut scores, picked) else {
                        continue;
                    };
                    dropped += 1;
                    list.truncate(kept);
                    scores.truncate(kept);
                    let rest: Vec<usize> = (picked..kept)
                        .map(|next| pick(&mut list, &mut scores, next, first_best, true))
                        .collect();
                    let expected: Vec<usize> = full[picked..]
                        .iter()
                        .copied()
                        .filter(|&m| given[m] < BAD_BAND)
                        .collect();
                    assert_eq!(rest, expected, "{given:?} after {picked}");
                }
            }
        }
        assert!(dropped > 100, "only {dropped} lists without ties");
    }

    /// Both scans hand out moves in exactly the order of a selection sort that swaps each
    /// pick with the first remaining entry (the order every bench signature was made with).
    #[test]
    fn both_scans_keep_the_selection_sort_order_of_equal_scores() {
        let mut seed = 0x0123_4567_89AB_CDEF;
        for len in [1, 2, 3, 7, 8, 9, 16, 31, 32, 33, 64, 150, 300] {
            for _ in 0..20 {
                let given = random_scores(&mut seed, len);
                let mut plain: Vec<(usize, Score)> = given.iter().copied().enumerate().collect();
                let mut expected = Vec::new();
                for next in 0..len {
                    let mut best = next;
                    for i in next + 1..len {
                        if plain[i].1 > plain[best].1 {
                            best = i;
                        }
                    }
                    plain.swap(next, best);
                    expected.push(plain[next].0);
                }
                let first_best = plain_first_of_highest(&given);
                for long in [false, true] {
                    let mut list: Vec<Scored<usize>> = given
                        .iter()
                        .enumerate()
                        .map(|(m, &score)| Scored {
                            m,
                            score,
                            won_exchange: false,
                        })
                        .collect();
                    let mut scores = given.clone();
                    let got: Vec<usize> = (0..len)
                        .map(|next| pick(&mut list, &mut scores, next, first_best, long))
                        .collect();
                    assert_eq!(got, expected, "long {long}: {given:?}");
                }
            }
        }
    }
}
