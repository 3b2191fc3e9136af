//! Sceptre 1027 A.D. through the game trait: seats are the colours in playing order (0 black,
//! 1 white, 2 red, 3 green), a player out of moves ends the game (two playing) or withdraws
//! (three or more), and a third occurrence built by checks alone is lost by the checked
//! player (docs/rules/sceptre1027.md#perpetual-check).

use super::field::piece::PieceKind;
use super::field::seats::PlayerColour;
use super::rules::make::Undo;
use super::rules::moves::SceptreMove;
use super::rules::position::{PlayerState, SceptrePosition};
use crate::core::{
    GameMove, MoveList, MoveTextError, NoMoves, Outcome, Rules, Scope, Score, SearchHints,
    SearchParams, Seat, SeatSet,
};

/// Slots per piece kind in the history table: one per mailbox cell of the largest field
/// (72 + 2 * 3 padding squares a side).
const CELLS: usize = 78 * 78;

impl GameMove for SceptreMove {
    fn to_bits(self) -> u32 {
        self.to_u32()
    }

    fn from_bits(bits: u32) -> SceptreMove {
        SceptreMove::from_u32(bits).unwrap_or_default()
    }
}

impl SceptrePosition {
    fn seat_set(&self, state: PlayerState) -> SeatSet {
        self.colours()
            .filter(|&c| self.state(c) == Some(state))
            .fold(SeatSet::EMPTY, |s, c| s.with(c.index() as Seat))
    }

    /// The perpetual-check rule: the current position occurred first `cycle_plies` plies ago,
    /// and it is the third occurrence. With two players, the one who checked with every move
    /// of the cycle wins; otherwise (or if both did) `None`, a draw.
    pub fn perpetual_winner(&self, cycle_plies: usize) -> Option<PlayerColour> {
        if self.playing_count() != 2 {
            return None;
        }
        let moves_each = cycle_plies.div_ceil(2) as u32;
        let checkers: Vec<PlayerColour> = self
            .colours()
            .filter(|&c| self.is_playing(c) && self.check_run(c) >= moves_each.max(1))
            .collect();
        match checkers[..] {
            [one] => Some(one),
            _ => None,
        }
    }
}

impl Rules for SceptrePosition {
    type Move = SceptreMove;
    type Undo = Undo;
    fn seats(&self) -> usize {
        self.player_count()
    }
    fn active(&self) -> SeatSet {
        self.seat_set(PlayerState::Playing)
    }
    fn withdrawn(&self) -> SeatSet {
        self.seat_set(PlayerState::Withdrawn)
    }
    fn to_move(&self) -> Seat {
        SceptrePosition::to_move(self).index() as Seat
    }
    fn generate(&self, scope: Scope, out: &mut MoveList<SceptreMove>) {
        self.generate_legal(scope == Scope::Noisy, out);
    }
    #[inline]
    fn make(&mut self, m: SceptreMove) -> Undo {
        SceptrePosition::make(self, m)
    }
    #[inline]
    fn unmake(&mut self, m: SceptreMove, undo: Undo) {
        SceptrePosition::unmake(self, m, undo)
    }
    #[inline]
    fn key(&self) -> u64 {
        SceptrePosition::key(self)
    }
    /// The last player standing has won.
    fn decided(&self) -> Option<Outcome> {
        let active = Rules::active(self);
        (active.len() == 1).then(|| Outcome::Winner(active.iter().next().unwrap_or(0)))
    }
    fn no_moves(&self) -> NoMoves {
        let active = Rules::active(self);
        if self.in_set_up() || active.len() < 3 {
            let mover = SceptrePosition::to_move(self);
            if !self.in_set_up() && self.in_check(mover) {
                let other = active.without(mover.index() as Seat).iter().next();
                return NoMoves::Ends(Outcome::Winner(other.unwrap_or(0)));
            }
            return NoMoves::Ends(Outcome::Draw(active));
        }
        NoMoves::Withdraws
    }
    fn make_withdrawal(&mut self) -> Option<Undo> {
        Some(self.withdraw())
    }
    fn unmake_withdrawal(&mut self, undo: Undo) {
        self.unwithdraw(undo);
    }
    fn make_forfeit(&mut self, seat: Seat) -> Option<Undo> {
        let colour = *PlayerColour::ALL.get(seat as usize)?;
        (self.playing_count() >= 3 && self.is_playing(colour)).then(|| self.forfeit(colour))
    }
    /// Sceptre has no move-count draw.
    fn drawn_by_rule(&self) -> bool {
        false
    }
    fn reversible_plies(&self) -> usize {
        SceptrePosition::reversible_plies(self)
    }
    fn repetition_outcome(&self, cycle_plies: usize) -> Option<Outcome> {
        self.perpetual_winner(cycle_plies)
            .map(|c| Outcome::Winner(c.index() as Seat))
    }
    fn move_text(&self, m: SceptreMove) -> String {
        m.text(self.field())
    }
    fn parse_move(&self, text: &str) -> Result<SceptreMove, MoveTextError> {
        let mut moves = MoveList::new();
        self.generate_legal(false, &mut moves);
        if let Some(&m) = moves.iter().find(|m| m.text(self.field()) == text) {
            return Ok(m);
        }
        if looks_like_a_move(text) {
            Err(MoveTextError::Illegal(text.to_string()))
        } else {
            Err(MoveTextError::Malformed(text.to_string()))
        }
    }
    fn position_text(&self) -> String {
        self.to_text()
    }
}

impl SearchHints for SceptrePosition {
    /// A middlegame on `nine` has 150 moves and more: the picker scans a copy of the scores.
    type PickScores = crate::core::MoveList<crate::core::Score>;
    const HISTORY_SLOTS: usize = 6 * CELLS;
    /// Placements: the evaluation knows good squares (shelter, open lines, terrain for
    /// knights); two plies see a placement's answer, more would spend the clock on hundreds of
    /// placements a ply.
    ///
    /// Playing to win (issue 32): a player ahead shuns a repetition by a fifth of his lead (at
    /// most 120), in every multi-player search (per seat in max-n and best-reply), and while
    /// three or more play everyone shuns a repetition by 80 more; max-n
    /// holds back 1,000 points of its shares, so a player far ahead still sees each gain.
    const SEARCH: SearchParams = SearchParams {
        shallow_phase_depth: Some(2),
        contempt_share: 20,
        contempt_max: 120,
        contempt_many: 80,
        share_softness: 1_000,
        ..SearchParams::CHESS
    };
    fn make_pass_to(&mut self, seat: Seat) -> Option<Undo> {
        let colour = *PlayerColour::ALL.get(seat as usize)?;
        self.is_playing(colour).then(|| self.pass_to(colour))
    }
    fn unmake_pass(&mut self, undo: Undo) {
        self.unwithdraw(undo);
    }
    /// The set-up placements.
    fn in_shallow_phase(&self) -> bool {
        self.in_set_up()
    }
    fn urgent(&self) -> bool {
        !self.in_set_up() && self.in_check(SceptrePosition::to_move(self))
    }
    fn is_noisy(&self, m: SceptreMove) -> bool {
        SceptrePosition::is_noisy(self, m)
    }
    /// Most valuable victim first (a king most of all), then the least valuable attacker.
    fn noisy_order(&self, m: SceptreMove) -> Score {
        let victim = self.piece(m.to()).map_or(0, |p| super::eval::value(p.kind));
        let promoted = m.promotion_kind().map_or(0, super::eval::value);
        let attacker = self
            .piece(m.from())
            .map_or(0, |p| super::eval::value(p.kind));
        8 * (victim + promoted) - attacker / 8
    }
    fn history_slot(&self, m: SceptreMove) -> usize {
        let kind = m
            .placed()
            .or_else(|| self.piece(m.from()).map(|p| p.kind))
            .unwrap_or(PieceKind::Pawn);
        kind.index() * CELLS + (m.to() as usize).min(CELLS - 1)
    }
}

/// `<square><square>[qrbn]` or `<PIECE>@<square>` in shape, whether or not it is legal.
fn looks_like_a_move(text: &str) -> bool {
    fn square(s: &str) -> Option<&str> {
        let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
        let digits = s[letters..].bytes().take_while(u8::is_ascii_digit).count();
        (letters > 0 && digits > 0).then(|| &s[letters + digits..])
    }
    if let Some((piece, rest)) = text.split_once('@') {
        return matches!(piece, "K" | "Q" | "R" | "B" | "N" | "P") && square(rest) == Some("");
    }
    square(text)
        .and_then(square)
        .is_some_and(|rest| matches!(rest, "" | "q" | "r" | "b" | "n"))
}
