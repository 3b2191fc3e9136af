//! Takeaway through the game trait. Nothing is noisy, nothing repeats, and the search must be
//! exact: the multi-player searches are checked against a brute-force reference on it.

use super::position::{TakeawayMove, TakeawayPosition};
use crate::core::{
    GameMove, MoveList, MoveTextError, NoMoves, Outcome, Rules, Scope, Score, SearchHints,
    SearchParams, Seat, SeatSet,
};

impl GameMove for TakeawayMove {
    /// `1 + heap * 4 + take`: never 0, below 17.
    fn to_bits(self) -> u32 {
        1 + self.heap() as u32 * 4 + self.take() as u32
    }

    fn from_bits(bits: u32) -> TakeawayMove {
        let b = bits.wrapping_sub(1);
        TakeawayMove::new((b / 4) as u8, (b % 4) as u8)
    }
}

impl Rules for TakeawayPosition {
    type Move = TakeawayMove;
    type Undo = TakeawayPosition;
    fn seats(&self) -> usize {
        self.seat_count()
    }
    fn active(&self) -> SeatSet {
        self.active_seats()
    }
    fn withdrawn(&self) -> SeatSet {
        self.seats_in(crate::core::SeatState::Withdrawn)
    }
    fn to_move(&self) -> Seat {
        self.turn
    }
    /// Nothing is noisy: `Scope::Noisy` yields no move.
    fn generate(&self, scope: Scope, out: &mut MoveList<TakeawayMove>) {
        if scope == Scope::All {
            self.generate_moves(out);
        }
    }
    fn make(&mut self, m: TakeawayMove) -> TakeawayPosition {
        self.make_move(m)
    }
    fn unmake(&mut self, _m: TakeawayMove, undo: TakeawayPosition) {
        *self = undo;
    }
    fn key(&self) -> u64 {
        self.hash()
    }
    fn decided(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn no_moves(&self) -> NoMoves {
        self.when_stuck()
    }
    fn make_withdrawal(&mut self) -> Option<TakeawayPosition> {
        self.withdraw()
    }
    fn unmake_withdrawal(&mut self, undo: TakeawayPosition) {
        *self = undo;
    }
    fn make_forfeit(&mut self, seat: Seat) -> Option<TakeawayPosition> {
        self.forfeit(seat)
    }
    fn drawn_by_rule(&self) -> bool {
        false
    }
    fn reversible_plies(&self) -> usize {
        0
    }
    fn move_text(&self, m: TakeawayMove) -> String {
        m.text()
    }
    fn parse_move(&self, text: &str) -> Result<TakeawayMove, MoveTextError> {
        self.parse_move_text(text)
    }
    fn position_text(&self) -> String {
        self.to_text()
    }
}

impl SearchHints for TakeawayPosition {
    type PickScores = crate::core::NoPickScores;
    const HISTORY_SLOTS: usize = 16;
    /// Exact, and a capped player facing one other ends the game by the scores, and may win it.
    const SEARCH: SearchParams = SearchParams {
        stuck_can_win: true,
        ..SearchParams::EXACT
    };
    fn make_pass_to(&mut self, seat: Seat) -> Option<TakeawayPosition> {
        self.pass_to(seat)
    }
    fn unmake_pass(&mut self, undo: TakeawayPosition) {
        *self = undo;
    }
    fn urgent(&self) -> bool {
        false
    }
    fn is_noisy(&self, _m: TakeawayMove) -> bool {
        false
    }
    /// Big takes first, from the first heaps.
    fn quiet_order(&self, m: TakeawayMove) -> Score {
        10 * m.take() as Score - m.heap() as Score
    }
    fn history_slot(&self, m: TakeawayMove) -> usize {
        m.heap() as usize * 4 + m.take() as usize
    }
}
