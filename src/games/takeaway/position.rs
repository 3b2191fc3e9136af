//! The takeaway state and its rules: moves, eliminations, withdrawals, passes and the end.

use super::error::TakeawayError;
use crate::core::{splitmix, MoveList, NoMoves, Outcome, Seat, SeatSet, SeatState, MAX_SEATS};

/// At most four heaps (lettered `a` to `d`).
pub const MAX_HEAPS: usize = 4;
/// A heap holds at most nine tokens, a score and the cap are at most nine.
pub const MAX_TOKENS: u8 = 9;
/// A move takes one to this many tokens.
pub const MAX_TAKE: u8 = 3;
/// The move count the position string allows.
pub const MAX_MOVES: u16 = 999;

/// Take `take` (1 to 3) tokens from heap `heap` (0 to 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TakeawayMove {
    heap: u8,
    take: u8,
}

impl TakeawayMove {
    pub const fn new(heap: u8, take: u8) -> TakeawayMove {
        TakeawayMove { heap, take }
    }

    pub const fn heap(self) -> u8 {
        self.heap
    }

    pub const fn take(self) -> u8 {
        self.take
    }

    /// Heap letter then the number taken: `b2`.
    pub fn text(self) -> String {
        format!("{}{}", (b'a' + self.heap) as char, self.take)
    }
}

/// A takeaway position. Copy, so a make's undo is simply the previous position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeawayPosition {
    /// Tokens per heap; heaps past `heap_count` stay at zero.
    pub(super) heaps: [u8; MAX_HEAPS],
    pub(super) heap_count: u8,
    /// Tokens each seat has taken; seats past `seat_count` stay at zero.
    pub(super) scores: [u8; MAX_SEATS],
    pub(super) seat_count: u8,
    /// Seats past `seat_count` stay `Active` and are never read.
    pub(super) states: [SeatState; MAX_SEATS],
    /// Always an active seat.
    pub(super) turn: Seat,
    /// Moves played since the start (withdrawals and passes are not moves).
    pub(super) moves: u16,
    /// The most tokens a seat may take in a whole game.
    pub(super) cap: u8,
}

impl TakeawayPosition {
    /// The default start: heaps of 5, 4 and 3 tokens, cap 9, seat 0 to move.
    pub fn start(seats: usize) -> TakeawayPosition {
        TakeawayPosition::new(&[5, 4, 3], seats, 9)
            .unwrap_or_else(|e| panic!("takeaway start for {seats} seats: {e}"))
    }

    /// A start: the given heaps (1 to 4, each 0 to 9 tokens), `seats` (2 to 4) seats with
    /// nothing taken, cap 1 to 9, seat 0 to move.
    pub fn new(heaps: &[u8], seats: usize, cap: u8) -> Result<TakeawayPosition, TakeawayError> {
        if !(2..=MAX_SEATS).contains(&seats) {
            return Err(TakeawayError::SeatCount(seats));
        }
        if !(1..=MAX_HEAPS).contains(&heaps.len()) {
            return Err(TakeawayError::HeapCount(heaps.len()));
        }
        if let Some(&h) = heaps.iter().find(|&&h| h > MAX_TOKENS) {
            return Err(TakeawayError::HeapSize(h));
        }
        if !(1..=MAX_TOKENS).contains(&cap) {
            return Err(TakeawayError::Cap(cap.to_string()));
        }
        let mut pos = TakeawayPosition {
            heaps: [0; MAX_HEAPS],
            heap_count: heaps.len() as u8,
            scores: [0; MAX_SEATS],
            seat_count: seats as u8,
            states: [SeatState::Active; MAX_SEATS],
            turn: 0,
            moves: 0,
            cap,
        };
        pos.heaps[..heaps.len()].copy_from_slice(heaps);
        Ok(pos)
    }

    /// The heaps in letter order.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..self.heap_count as usize]
    }

    pub fn score(&self, seat: Seat) -> u8 {
        self.scores[seat as usize]
    }

    pub fn cap(&self) -> u8 {
        self.cap
    }

    pub fn seat_state(&self, seat: Seat) -> SeatState {
        self.states[seat as usize]
    }

    /// Moves played since the start.
    pub fn moves_played(&self) -> u16 {
        self.moves
    }

    pub(super) fn seat_count(&self) -> usize {
        self.seat_count as usize
    }

    pub(super) fn active_seats(&self) -> SeatSet {
        self.seats_in(SeatState::Active)
    }

    pub(super) fn seats_in(&self, state: SeatState) -> SeatSet {
        (0..self.seat_count)
            .filter(|&s| self.states[s as usize] == state)
            .fold(SeatSet::EMPTY, SeatSet::with)
    }

    pub(super) fn is_legal(&self, m: TakeawayMove) -> bool {
        (1..=MAX_TAKE).contains(&m.take)
            && m.heap < self.heap_count
            && m.take <= self.heaps[m.heap as usize]
            && self.scores[self.turn as usize] + m.take <= self.cap
    }

    /// Heaps in letter order, one to three tokens ascending.
    pub(super) fn generate_moves(&self, out: &mut MoveList<TakeawayMove>) {
        if self.outcome().is_some() {
            return;
        }
        for heap in 0..self.heap_count {
            for take in 1..=MAX_TAKE {
                let m = TakeawayMove::new(heap, take);
                if self.is_legal(m) {
                    out.push(m);
                }
            }
        }
    }

    pub(super) fn make_move(&mut self, m: TakeawayMove) -> TakeawayPosition {
        debug_assert!(self.is_legal(m), "{m:?} in {}", self.to_text());
        let undo = *self;
        let mover = self.turn;
        self.heaps[m.heap as usize] -= m.take;
        self.scores[mover as usize] += m.take;
        self.moves += 1;
        let seats = self.seat_count();
        if self.heaps[m.heap as usize] == 0 {
            if let Some(next) = self.active_seats().next_after(mover, seats) {
                if next != mover {
                    self.states[next as usize] = SeatState::Eliminated;
                }
            }
        }
        self.turn = self
            .active_seats()
            .next_after(mover, seats)
            .unwrap_or(mover);
        undo
    }

    /// Only one active seat left wins; with every heap empty the best score among the active
    /// seats wins, or the seats tied at the top share a draw.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        let active = self.active_seats();
        if active.len() == 1 {
            return active.iter().next().map(Outcome::Winner);
        }
        if self.heaps().iter().all(|&h| h == 0) {
            return Some(self.scored_outcome(active));
        }
        None
    }

    fn scored_outcome(&self, among: SeatSet) -> Outcome {
        let best = among.iter().map(|s| self.score(s)).max().unwrap_or(0);
        let top = among
            .iter()
            .filter(|&s| self.score(s) == best)
            .fold(SeatSet::EMPTY, SeatSet::with);
        match top.len() {
            1 => Outcome::Winner(top.iter().next().unwrap_or(0)),
            _ => Outcome::Draw(top),
        }
    }

    pub(super) fn when_stuck(&self) -> NoMoves {
        let active = self.active_seats();
        if active.len() >= 3 {
            NoMoves::Withdraws
        } else {
            NoMoves::Ends(self.scored_outcome(active))
        }
    }

    pub(super) fn withdraw(&mut self) -> Option<TakeawayPosition> {
        if self.active_seats().len() < 2 {
            return None;
        }
        let undo = *self;
        self.take_out(self.turn, SeatState::Withdrawn);
        Some(undo)
    }

    /// `seat` leaves the game at once (eliminated), whoever is to move. Only while three or
    /// more seats play: with two, the other simply wins.
    pub(super) fn forfeit(&mut self, seat: Seat) -> Option<TakeawayPosition> {
        if self.active_seats().len() < 3 || !self.active_seats().contains(seat) {
            return None;
        }
        let undo = *self;
        self.take_out(seat, SeatState::Eliminated);
        Some(undo)
    }

    /// Puts `seat` out of the game; if it was to move, the turn passes to the next seat in.
    fn take_out(&mut self, seat: Seat, state: SeatState) {
        self.states[seat as usize] = state;
        if self.turn == seat {
            self.turn = self
                .active_seats()
                .next_after(seat, self.seat_count())
                .unwrap_or(seat);
        }
    }

    pub(super) fn pass_to(&mut self, seat: Seat) -> Option<TakeawayPosition> {
        if (seat as usize) < self.seat_count() && self.states[seat as usize] == SeatState::Active {
            let undo = *self;
            self.turn = seat;
            Some(undo)
        } else {
            None
        }
    }

    /// A unique packing of the whole state (60 bits) through splitmix64's bijective mixer.
    pub(super) fn hash(&self) -> u64 {
        let mut packed = 0u64;
        let mut put = |value: u64, bits: u32| {
            debug_assert!(value < 1 << bits);
            packed = packed << bits | value;
        };
        for &h in &self.heaps {
            put(h as u64, 4);
        }
        put(self.heap_count as u64 - 1, 2);
        for &s in &self.scores {
            put(s as u64, 4);
        }
        put(self.seat_count as u64 - 2, 2);
        for s in 0..MAX_SEATS {
            let state = if s < self.seat_count() {
                match self.states[s] {
                    SeatState::Active => 0,
                    SeatState::Eliminated => 1,
                    SeatState::Withdrawn => 2,
                }
            } else {
                0
            };
            put(state, 2);
        }
        put(self.turn as u64, 2);
        put(self.moves as u64, 10);
        put(self.cap as u64, 4);
        splitmix(packed).1
    }
}
