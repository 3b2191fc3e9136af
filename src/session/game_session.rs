//! A session generic over one game: the current position, the keys of the game so far (for
//! repetitions), and the glue from text commands to the generic search and perft.

use super::position_source::PositionSource;
use super::strength::StrengthLimit;
use super::{GameEnd, GameStatus, SearchControl, SearchOutcome, Session, Variant, VariantError};
use crate::core::{MoveList, NoMoves, Outcome, Rules, Scope, SeatSet, SeatState};
use crate::games::VariantRules;
use crate::search::{self, perft, Report, SearchLimits, SearchOptions, SearchRequest, SharedTable};

#[derive(Clone)]
pub struct GameSession<V: VariantRules> {
    rules: V,
    game: V::G,
    /// Keys of the positions before the current one, from the last irreversible move on.
    history: Vec<u64>,
    /// The seats playing before the last move (to tell who it put out of the game).
    active_before_last: SeatSet,
    /// `searchmoves`: the only root moves a search considers (empty: every legal move).
    root_moves: Vec<<V::G as Rules>::Move>,
    /// The last `position` command, while the session stands where it left it (None once a
    /// move is played or a seat forfeits by another command): a command that extends it
    /// plays only its new moves.
    source: Option<PositionSource>,
}

impl<V: VariantRules> GameSession<V> {
    pub fn new(rules: V) -> Self {
        let game = rules.start();
        Self::standing_at(rules, game)
    }

    /// A session at `game` with no moves behind it.
    fn standing_at(rules: V, game: V::G) -> Self {
        let active_before_last = game.active();
        GameSession {
            rules,
            game,
            history: Vec::new(),
            active_before_last,
            root_moves: Vec::new(),
            source: None,
        }
    }

    /// The session `text` (None: the start) and `moves` set, from nothing.
    fn replayed(rules: V, text: Option<&str>, moves: &[String]) -> Result<Self, VariantError> {
        let game = match text {
            None => rules.start(),
            Some(t) => rules
                .parse_position(t)
                .map_err(|e| VariantError::Position(Box::new(e)))?,
        };
        let mut next = Self::standing_at(rules, game);
        next.settle();
        next.play_listed(moves, 0)?;
        next.source = Some(PositionSource::new(text, moves));
        Ok(next)
    }

    /// Plays `moves`, the `position` command's from its move `first` on; stops at the first
    /// that cannot be played.
    fn play_listed(&mut self, moves: &[String], first: usize) -> Result<(), VariantError> {
        for (offset, text) in moves.iter().enumerate() {
            if self.decided_by_history().is_some() {
                return Err(VariantError::AfterTheEnd(text.clone()));
            }
            let m = self
                .game
                .parse_move(text)
                .map_err(|error| VariantError::Move {
                    index: first + offset,
                    error,
                })?;
            self.make_recorded(m);
        }
        Ok(())
    }

    /// Plays `moves` (the command's from its move `first` on) where the last `position`
    /// command left the session: the same state as reading the position and every move again,
    /// since that is how the session came to stand here. On an error the session is set from
    /// the last command again, as it stood.
    fn extend_position(
        &mut self,
        mut source: PositionSource,
        moves: &[String],
        first: usize,
    ) -> Result<(), VariantError> {
        self.root_moves.clear();
        match self.play_listed(moves, first) {
            Ok(()) => {
                source.extend(moves);
                self.source = Some(source);
                Ok(())
            }
            Err(error) => {
                // It was set from this source once, so it is again.
                match Self::replayed(self.rules.clone(), source.text(), source.moves()) {
                    Ok(previous) => *self = previous,
                    Err(again) => log::error!("the last position could not be set again: {again}"),
                }
                Err(error)
            }
        }
    }

    pub fn game(&self) -> &V::G {
        &self.game
    }

    /// The legal moves: none once the game's history has decided it (perpetual check is lost
    /// like a checkmate, docs/rules/README.md#perft: a game lost by rule has no legal moves).
    fn legal(&self) -> MoveList<<V::G as Rules>::Move> {
        let mut moves = MoveList::new();
        if self.decided_by_history().is_none() {
            self.game.generate(Scope::All, &mut moves);
        }
        moves
    }

    /// A third occurrence of the position: how many plies ago it first stood.
    fn third_occurrence(&self) -> Option<usize> {
        let occurrences: Vec<usize> =
            crate::core::earlier_occurrences(&self.game, &self.history).collect();
        let first = *occurrences.get(1..)?.last()?;
        Some(self.history.len() - first)
    }

    /// The decision a third occurrence makes where the game says it decides (perpetual check).
    fn decided_by_history(&self) -> Option<Outcome> {
        crate::core::decided_by_repetition(&self.game, &self.history)
    }

    fn end(&self, outcome: Outcome, how: &str) -> GameStatus {
        let (winner, drawn, text) = match outcome {
            Outcome::Winner(s) => (
                Some(s),
                Vec::new(),
                format!("{} by {how}", self.rules.winner_text(s)),
            ),
            Outcome::Draw(seats) if seats == SeatSet::first(self.game.seats()) => {
                (None, seats.iter().collect(), format!("draw by {how}"))
            }
            Outcome::Draw(seats) => {
                let names: Vec<String> = seats.iter().map(|s| self.rules.seat_name(s)).collect();
                (
                    None,
                    seats.iter().collect(),
                    format!("draw between {} by {how}", names.join(", ")),
                )
            }
        };
        GameStatus::Over(GameEnd {
            winner,
            drawn,
            reason: how.to_string(),
            text,
        })
    }

    /// Makes a legal move and keeps the repetition history.
    fn make_recorded(&mut self, m: <V::G as Rules>::Move) {
        self.source = None;
        self.root_moves.clear();
        self.active_before_last = self.game.active();
        self.history.push(self.game.key());
        self.game.make(m);
        self.settle();
        // Positions before an irreversible move can never repeat: forget them.
        let keep = self.game.reversible_plies().min(self.history.len());
        self.history.drain(..self.history.len() - keep);
    }

    /// A player left without a move who withdraws does so at once, so that the position always
    /// has a side to move that can move (or a finished game).
    fn settle(&mut self) {
        while self.game.decided().is_none()
            && self.legal().is_empty()
            && self.game.no_moves() == NoMoves::Withdraws
        {
            let before = self.game.key();
            if self.game.make_withdrawal().is_none() {
                break;
            }
            self.history.push(before);
        }
    }
}

impl<V: VariantRules> Session for GameSession<V> {
    fn variant(&self) -> Variant {
        self.rules.variant()
    }

    fn record_variant_name(&self) -> &'static str {
        self.rules.record_variant_name()
    }

    fn set_position(&mut self, text: Option<&str>, moves: &[String]) -> Result<(), VariantError> {
        if let Some(source) = self.source.take() {
            if let Some(played) = source.played_of(text, moves) {
                return self.extend_position(source, &moves[played..], played);
            }
            self.source = Some(source);
        }
        *self = Self::replayed(self.rules.clone(), text, moves)?;
        Ok(())
    }

    fn position_text(&self) -> String {
        self.game.position_text()
    }

    fn describe(&self) -> String {
        self.rules.describe(&self.game)
    }

    fn describe_eval(&self) -> String {
        self.rules.describe_eval(&self.game)
    }

    fn diagram(&self) -> crate::render::Diagram {
        self.rules.diagram(&self.game)
    }

    fn status(&self) -> GameStatus {
        if let Some(o) = self.game.decided() {
            return self.end(o, self.rules.decided_reason(&self.game));
        }
        if let Some(o) = self.decided_by_history() {
            return self.end(o, self.rules.repetition_reason());
        }
        if self.legal().is_empty() {
            if let NoMoves::Ends(o) = self.game.no_moves() {
                return self.end(o, self.rules.no_moves_reason(&self.game));
            }
        }
        let active = Outcome::Draw(self.game.active());
        if self.game.drawn_by_rule() {
            return self.end(active, self.rules.draw_reason(&self.game));
        }
        if self.third_occurrence().is_some() {
            return self.end(active, "threefold repetition");
        }
        GameStatus::Ongoing
    }

    fn checked_king(&self) -> Option<String> {
        self.rules.checked_king(&self.game)
    }

    fn seats(&self) -> usize {
        self.game.seats()
    }

    fn to_move(&self) -> u8 {
        self.game.to_move()
    }

    fn seat_name(&self, seat: u8) -> String {
        self.rules.seat_name(seat)
    }

    fn seat_turn(&self, seat: u8) -> u8 {
        self.rules.seat_turn(&self.game, seat)
    }

    fn clock_letters(&self) -> &'static [char] {
        self.rules.clock_letters()
    }

    fn active_seats(&self) -> crate::core::SeatSet {
        self.game.active()
    }

    fn seat_state(&self, seat: u8) -> SeatState {
        if self.game.active().contains(seat) {
            SeatState::Active
        } else if self.game.withdrawn().contains(seat) {
            SeatState::Withdrawn
        } else {
            SeatState::Eliminated
        }
    }

    fn last_move_departures(&self) -> Vec<(u8, SeatState)> {
        self.active_before_last
            .without_all(self.game.active())
            .iter()
            .map(|s| (s, self.seat_state(s)))
            .collect()
    }

    fn set_variant_option(&mut self, name: &str, value: &str) -> Option<Result<(), VariantError>> {
        let mut rules = self.rules.clone();
        match rules.set_option(name, value)? {
            Ok(()) => {
                *self = GameSession::new(rules);
                Some(Ok(()))
            }
            Err(why) => Some(Err(VariantError::Option {
                name: name.to_string(),
                value: value.to_string(),
                why,
            })),
        }
    }

    fn forfeit(&mut self, seat: u8) -> bool {
        if !self.game.active().contains(seat) {
            return false;
        }
        let before = self.game.key();
        if self.game.make_forfeit(seat).is_none() {
            return false;
        }
        self.source = None;
        self.history.push(before);
        self.root_moves.clear();
        self.settle();
        true
    }

    fn play(&mut self, text: &str) -> Result<String, VariantError> {
        if self.decided_by_history().is_some() {
            return Err(VariantError::AfterTheEnd(text.to_string()));
        }
        let m = self
            .game
            .parse_move(text)
            .map_err(VariantError::IllegalMove)?;
        let notation = self.rules.record_notation(&self.game, m);
        self.make_recorded(m);
        Ok(notation)
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal()
            .iter()
            .map(|&m| self.game.move_text(m))
            .collect()
    }

    fn check_moves(&self, moves: &[String]) -> Result<(), VariantError> {
        for text in moves {
            self.game
                .parse_move(text)
                .map_err(|e| VariantError::SearchMoves(e.to_string()))?;
        }
        Ok(())
    }

    fn restrict_root_moves(&mut self, moves: &[String]) -> Result<(), VariantError> {
        let mut root_moves = Vec::with_capacity(moves.len());
        for text in moves {
            let m = self
                .game
                .parse_move(text)
                .map_err(|e| VariantError::SearchMoves(e.to_string()))?;
            if !root_moves.contains(&m) {
                root_moves.push(m);
            }
        }
        self.root_moves = root_moves;
        Ok(())
    }

    fn perft(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        if self.decided_by_history().is_some() {
            return Vec::new();
        }
        perft::perft_divide(&self.game, &self.history, depth, threads)
            .into_iter()
            .map(|(m, n)| (self.game.move_text(m), n))
            .collect()
    }

    fn perft_until(
        &self,
        depth: u32,
        threads: usize,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Vec<(String, Option<u64>)> {
        if self.decided_by_history().is_some() {
            return Vec::new();
        }
        perft::perft_divide_until(&self.game, &self.history, depth, threads, stop)
            .into_iter()
            .map(|(m, n)| (self.game.move_text(m), n))
            .collect()
    }

    fn search(
        &self,
        limits: &SearchLimits,
        options: &SearchOptions,
        table: &SharedTable,
        control: &SearchControl,
        strength: Option<StrengthLimit>,
        report: &mut dyn FnMut(&Report),
    ) -> Result<SearchOutcome, VariantError> {
        let root_moves = if self.root_moves.is_empty() {
            self.legal().iter().copied().collect()
        } else {
            self.root_moves.clone()
        };
        if root_moves.is_empty() {
            return Ok(SearchOutcome {
                best: None,
                ponder: None,
                nodes: 0,
            });
        }
        let eval = self.rules.evaluator(options.material_only, &self.game);
        let request = SearchRequest {
            game: &self.game,
            history: &self.history,
            root_moves,
            limits,
            options,
            searcher: table,
            stop: &control.stop,
            pondering: &control.pondering,
        };
        let result = search::search(request, &eval, report);
        // A limited strength plays one of the lines, chosen among the game's own moves.
        let pick = strength
            .filter(|_| result.best.is_some())
            .and_then(|s| s.choose(&result.lines, &mut rand::thread_rng()));
        let (best, ponder) = match pick {
            Some(pick) => (Some(pick.best), pick.reply),
            None => (result.best, result.ponder),
        };
        // Text only here, at the edge the protocol sees.
        let ponder = match (best, ponder) {
            (Some(b), Some(p)) => {
                let text = search::pv_text(&self.game, &[b, p]);
                text.get(1).cloned()
            }
            _ => None,
        };
        Ok(SearchOutcome {
            best: best.map(|m| self.game.move_text(m)),
            ponder,
            nodes: result.nodes,
        })
    }

    fn bench_depth(&self) -> u32 {
        self.rules.bench_depth()
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        self.rules.bench_positions()
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
}
