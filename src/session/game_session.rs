//! A session generic over one game: the current position, the keys of the game so far (for
//! repetitions), and the glue from text commands to the generic search and perft.

use super::{GameEnd, GameStatus, SearchControl, SearchOutcome, Session, Variant, VariantError};
use crate::core::{Evaluator, Game, MoveList, NoMoves, Outcome, Scope, SeatSet, SeatState};
use crate::search::{self, perft, Report, SearchLimits, SearchOptions, SearchRequest, SharedTable};

/// What a session needs to know about a variant beyond the [`Game`] trait: how to set up and
/// read positions, how to describe them to a person, and which evaluator plays it.
pub trait VariantRules: Clone + Send + Sync + 'static {
    /// The game; comparable and printable so that tests of every game can check make/unmake.
    type G: Game + PartialEq + std::fmt::Debug;
    type E: Evaluator<Self::G>;

    /// Why a position string does not read (the game's own error type).
    type PositionError: std::error::Error + Send + Sync + 'static;

    fn variant(&self) -> Variant;
    fn start(&self) -> Self::G;
    fn parse_position(&self, text: &str) -> Result<Self::G, Self::PositionError>;
    /// The evaluator for a search from `root`; `material_only` asks for a bare material count
    /// (for comparisons). An evaluator may depend on who is to move at the root (tafl's
    /// attackers weigh one term only in their own search).
    fn evaluator(&self, material_only: bool, root: &Self::G) -> Self::E;
    /// Board diagram and facts for `d`.
    fn describe(&self, g: &Self::G) -> String;
    /// Evaluation terms for `eval`.
    fn describe_eval(&self, g: &Self::G) -> String;
    /// The position as a diagram for `regalia render`.
    fn diagram(&self, g: &Self::G) -> crate::render::Diagram;
    /// "white" / "attackers" …: the name of a seat, for result messages.
    fn seat_name(&self, seat: u8) -> String;
    /// "white wins", "the attackers win": the winner as a result message starts.
    fn winner_text(&self, seat: u8) -> String {
        format!("{} wins", self.seat_name(seat))
    }
    /// Why the side to move has no moves ("checkmate", "stalemate"…).
    fn no_moves_reason(&self, g: &Self::G) -> &'static str;
    /// Why a position is drawn by rule ("fifty-move rule"…).
    fn draw_reason(&self, g: &Self::G) -> &'static str;
    /// Positions `bench` searches: varied, quick, fixed forever (the node total is a signature).
    fn bench_positions(&self) -> &'static [&'static str];
    /// The depth `bench` searches its positions to when none is given.
    fn bench_depth(&self) -> u32 {
        super::bench::DEFAULT_BENCH_DEPTH
    }
    /// A legal move as game records write it (SAN for the chess family).
    fn record_notation(&self, g: &Self::G, m: <Self::G as Game>::Move) -> String {
        g.move_text(m)
    }
    /// The clock word letter of each seat, in seat order (`w` reads `wtime`/`winc`; see
    /// [`crate::search::CLOCK_LETTERS`]).
    fn clock_letters(&self) -> &'static [char] {
        &['w', 'b']
    }
    /// Why a game is decided on the board ("scepter captured"…).
    fn decided_reason(&self, _g: &Self::G) -> &'static str {
        "rule"
    }
    /// Why a third occurrence decided the game where the game says it decides ("perpetual
    /// check" in Sceptre 1027; a repetition rule in tafl).
    fn repetition_reason(&self) -> &'static str {
        "perpetual check"
    }
    /// The name a game record's `Variant` tag gives this game (what PGN readers recognise).
    fn record_variant_name(&self) -> &'static str {
        self.variant().name()
    }
    /// The format of the variant's game records.
    fn record_format(&self) -> super::RecordFormat {
        super::RecordFormat::Lines
    }
    /// The openings shipped with the binary, from `openings/<variant>/` in name order (embed
    /// them with `embedded_file!`); a variant without any plays from its start position.
    fn shipped_openings(&self) -> &'static [super::EmbeddedFile] {
        &[]
    }
    /// Builds the variant's tables now rather than on first use.
    fn init(&self) {}
    /// The position's key computed from nothing, to check the incremental [`Game::key`].
    fn key_from_scratch(&self, g: &Self::G) -> u64;
    /// The variant's own `uci` option lines (`option name SceptreLayout type string …`).
    fn option_declarations(&self) -> Vec<String> {
        Vec::new()
    }
    /// The named values of the variant's own options, for front ends that offer a choice
    /// (`TaflRules`: `default`, `fetlar`…); an option left out takes free text or a number.
    fn option_choices(&self) -> Vec<(&'static str, Vec<String>)> {
        Vec::new()
    }
    /// Whether the variant's own option `name` changes the game itself (`UCI_Chess960`,
    /// `TaflRules`), so that every player and the referee must share it, rather than only how
    /// this engine plays it (`EvalWeights`), which each engine of a match may set its own way.
    fn option_changes_rules(&self, _name: &str) -> bool {
        true
    }
    /// Quarter turns (clockwise) that bring `seat`'s side of the board to the bottom of a
    /// diagram: the first seat sits at the bottom, the second across the board.
    fn seat_turn(&self, _g: &Self::G, seat: u8) -> u8 {
        if seat == 0 {
            0
        } else {
            2
        }
    }
    /// Sets one of the variant's own options (names case-insensitive): `None` if the variant
    /// has no such option; on error nothing changes.
    fn set_option(&mut self, _name: &str, _value: &str) -> Option<Result<(), OptionValueError>> {
        None
    }
}

/// Why a variant refused a value for one of its options (a layout file that does not read,
/// a player count the layout does not seat); the message is the variant's.
#[derive(Debug)]
pub struct OptionValueError(pub Box<dyn std::error::Error + Send + Sync>);

impl std::fmt::Display for OptionValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone)]
pub struct GameSession<V: VariantRules> {
    rules: V,
    game: V::G,
    /// Keys of the positions before the current one, from the last irreversible move on.
    history: Vec<u64>,
    /// The seats playing before the last move (to tell who it put out of the game).
    active_before_last: SeatSet,
}

impl<V: VariantRules> GameSession<V> {
    pub fn new(rules: V) -> Self {
        let game = rules.start();
        let active_before_last = game.active();
        GameSession {
            rules,
            game,
            history: Vec::new(),
            active_before_last,
        }
    }

    pub fn game(&self) -> &V::G {
        &self.game
    }

    /// The legal moves: none once the game's history has decided it (perpetual check is lost
    /// like a checkmate, RULINGS §0: a game lost by rule has no legal moves).
    fn legal(&self) -> MoveList<<V::G as Game>::Move> {
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
    fn make_recorded(&mut self, m: <V::G as Game>::Move) {
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
        let game = match text {
            None => self.rules.start(),
            Some(t) => self
                .rules
                .parse_position(t)
                .map_err(|e| VariantError::Position(Box::new(e)))?,
        };
        let active_before_last = game.active();
        let mut next = GameSession {
            rules: self.rules.clone(),
            game,
            history: Vec::new(),
            active_before_last,
        };
        next.settle();
        for (index, text) in moves.iter().enumerate() {
            if next.decided_by_history().is_some() {
                return Err(VariantError::AfterTheEnd(text.clone()));
            }
            let m = next
                .game
                .parse_move(text)
                .map_err(|error| VariantError::Move { index, error })?;
            next.make_recorded(m);
        }
        *self = next;
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
        self.history.push(before);
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
        report: &mut dyn FnMut(&Report),
    ) -> Result<SearchOutcome, VariantError> {
        let legal = self.legal();
        let mut root_moves = Vec::new();
        if limits.search_moves.is_empty() {
            root_moves.extend(legal.iter().copied());
        } else {
            for text in &limits.search_moves {
                let m = self
                    .game
                    .parse_move(text)
                    .map_err(|e| VariantError::SearchMoves(e.to_string()))?;
                if !root_moves.contains(&m) {
                    root_moves.push(m);
                }
            }
        }
        if root_moves.is_empty() {
            return Ok(SearchOutcome {
                best: None,
                ponder: None,
                nodes: 0,
            });
        }
        let eval = self.rules.evaluator(options.material_only, &self.game);
        let limits = limits.for_seats(self.rules.clock_letters());
        let request = SearchRequest {
            game: &self.game,
            history: &self.history,
            root_moves,
            limits: &limits,
            options,
            table,
            stop: &control.stop,
            pondering: &control.pondering,
        };
        let result = search::search(request, &eval, report);
        let best = result.best.map(|m| self.game.move_text(m));
        let ponder = match (result.best, result.ponder) {
            (Some(b), Some(p)) => {
                let text = search::pv_text(&self.game, &[b, p]);
                text.get(1).cloned()
            }
            _ => None,
        };
        Ok(SearchOutcome {
            best,
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
