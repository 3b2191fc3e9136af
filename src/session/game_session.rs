//! A session generic over one game: the current position, the keys of the game so far (for
//! repetitions), and the glue from text commands to the generic search and perft.

use super::{GameEnd, GameStatus, SearchControl, SearchOutcome, Session, Variant, VariantError};
use crate::core::{Evaluator, Game, MoveList, Outcome, Scope};
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
    /// The evaluator; `material_only` asks for a bare material count (for comparisons).
    fn evaluator(&self, material_only: bool) -> Self::E;
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
    /// A legal move as game records write it (SAN for the chess family).
    fn record_notation(&self, g: &Self::G, m: <Self::G as Game>::Move) -> String {
        g.move_text(m)
    }
    /// Why a game is decided on the board ("scepter captured"…).
    fn decided_reason(&self, _g: &Self::G) -> &'static str {
        "rule"
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
}

#[derive(Clone)]
pub struct GameSession<V: VariantRules> {
    rules: V,
    game: V::G,
    /// Keys of the positions before the current one, from the last irreversible move on.
    history: Vec<u64>,
}

impl<V: VariantRules> GameSession<V> {
    pub fn new(rules: V) -> Self {
        let game = rules.start();
        GameSession {
            rules,
            game,
            history: Vec::new(),
        }
    }

    pub fn game(&self) -> &V::G {
        &self.game
    }

    fn legal(&self) -> MoveList<<V::G as Game>::Move> {
        let mut moves = MoveList::new();
        self.game.generate(Scope::All, &mut moves);
        moves
    }

    fn repetitions(&self) -> usize {
        let key = self.game.key();
        let reach = self.game.reversible_plies().min(self.history.len());
        self.history[self.history.len() - reach..]
            .iter()
            .filter(|&&k| k == key)
            .count()
    }

    fn end(&self, outcome: Outcome, how: &str) -> GameStatus {
        let (winner, text) = match outcome {
            Outcome::Winner(s) => (Some(s), format!("{} by {how}", self.rules.winner_text(s))),
            Outcome::Draw => (None, format!("draw by {how}")),
        };
        GameStatus::Over(GameEnd {
            winner,
            reason: how.to_string(),
            text,
        })
    }

    /// Makes a legal move and keeps the repetition history.
    fn make_recorded(&mut self, m: <V::G as Game>::Move) {
        self.history.push(self.game.key());
        self.game.make(m);
        // Positions before an irreversible move can never repeat: forget them.
        let keep = self.game.reversible_plies().min(self.history.len());
        self.history.drain(..self.history.len() - keep);
    }
}

impl<V: VariantRules> Session for GameSession<V> {
    fn variant(&self) -> Variant {
        self.rules.variant()
    }

    fn set_position(&mut self, text: Option<&str>, moves: &[String]) -> Result<(), VariantError> {
        let game = match text {
            None => self.rules.start(),
            Some(t) => self
                .rules
                .parse_position(t)
                .map_err(|e| VariantError::Position(Box::new(e)))?,
        };
        let mut next = GameSession {
            rules: self.rules.clone(),
            game,
            history: Vec::new(),
        };
        for (index, text) in moves.iter().enumerate() {
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
        if self.legal().is_empty() {
            let o = self.game.outcome_without_moves();
            return self.end(o, self.rules.no_moves_reason(&self.game));
        }
        if self.game.drawn_by_rule() {
            return self.end(Outcome::Draw, self.rules.draw_reason(&self.game));
        }
        if self.repetitions() >= 2 {
            return self.end(Outcome::Draw, "threefold repetition");
        }
        GameStatus::Ongoing
    }

    fn seats(&self) -> usize {
        self.game.players()
    }

    fn to_move(&self) -> u8 {
        self.game.to_move()
    }

    fn seat_name(&self, seat: u8) -> String {
        self.rules.seat_name(seat)
    }

    fn play(&mut self, text: &str) -> Result<String, VariantError> {
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
        perft::perft_divide(&self.game, depth, threads)
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
        let eval = self.rules.evaluator(options.material_only);
        let request = SearchRequest {
            game: &self.game,
            history: &self.history,
            root_moves,
            limits,
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

    fn bench_positions(&self) -> &'static [&'static str] {
        self.rules.bench_positions()
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
}
