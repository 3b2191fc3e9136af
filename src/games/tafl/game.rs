//! Tafl seen through the generic [`crate::core::Rules`] and [`SearchHints`] traits.

use super::board::{file_of, parse_square, rank_of, step, Cell, Square, NO_SQUARE};
use super::movegen::{
    escape_answers, escapes_open_from_ignoring, generate, is_king_fork, king_forks,
    open_escape_lines,
};
use super::position::{Side, TaflMove, TaflPosition, Undo};
use super::rules::{Repetition, KING, SPECIAL};
use crate::core::{
    MoveList, MoveTextError, NoMoves, Outcome, Rules, Scope, Score, SearchHints, SearchParams, Seat,
};

/// Is `sq` on an open line from the king to an escape square (so a piece there blocks it)?
fn blocks_escape_line(pos: &TaflPosition, king: Square, sq: Square) -> bool {
    let rules = pos.rules();
    if file_of(king) != file_of(sq) && rank_of(king) != rank_of(sq) {
        return false;
    }
    (0..4).any(|d| {
        let mut to = king;
        let mut crossed = false;
        loop {
            to = step(to, d);
            if pos.cell(to) != Cell::Empty {
                return false;
            }
            crossed |= to == sq;
            if rules.escapes(to) {
                return crossed;
            }
            if rules.flags(to) & SPECIAL != 0 && !rules.may_pass(KING, king, to) {
                return false;
            }
        }
    })
}

impl TaflPosition {
    /// Could an attacker reach the empty square `sq` this move?
    fn attacker_reaches(&self, sq: Square) -> bool {
        (0..4).any(|d| {
            let mut s = sq;
            loop {
                s = step(s, d);
                match self.cell(s) {
                    Cell::Empty => continue,
                    Cell::Attacker => return true,
                    _ => return false,
                }
            }
        })
    }

    /// Could the attackers capture the king with their next move: a strong king closed on
    /// three sides with an attacker able to reach the fourth, or a weak king flanked on one
    /// side with an attacker able to reach the other?
    pub fn king_in_danger(&self) -> bool {
        let Some(k) = self.king_square() else {
            return false;
        };
        let rules = self.rules();
        let closed = |n: Square| match self.cell(n) {
            Cell::Attacker => true,
            Cell::Off => rules.king_strength == super::rules::KingStrength::Middleweight,
            c @ Cell::Empty => rules.square_hostile(n, c, KING),
            _ => false,
        };
        if !rules.king_strong_on(k) {
            return (0..4).any(|d| {
                let (a, b) = (step(k, d), step(k, d ^ 1));
                closed(a) && self.cell(b) == Cell::Empty && self.attacker_reaches(b)
            });
        }
        let mut open = NO_SQUARE;
        for d in 0..4 {
            let n = step(k, d);
            if closed(n) {
                continue;
            }
            if open != NO_SQUARE || self.cell(n) != Cell::Empty {
                return false;
            }
            open = n;
        }
        open != NO_SQUARE && self.attacker_reaches(open)
    }
}

impl Rules for TaflPosition {
    type Move = TaflMove;
    type Undo = Undo;
    fn seats(&self) -> usize {
        2
    }
    #[inline(always)]
    fn to_move(&self) -> Seat {
        self.side_to_move() as Seat
    }
    #[inline(always)]
    fn generate(&self, scope: Scope, out: &mut MoveList<TaflMove>) {
        generate(self, scope, out)
    }
    #[inline(always)]
    fn make(&mut self, m: TaflMove) -> Undo {
        TaflPosition::make(self, m)
    }
    #[inline(always)]
    fn unmake(&mut self, m: TaflMove, undo: Undo) {
        TaflPosition::unmake(self, m, undo)
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        TaflPosition::key(self)
    }
    #[inline(always)]
    fn decided(&self) -> Option<Outcome> {
        self.winner().map(|s| Outcome::Winner(s as Seat))
    }
    fn no_moves(&self) -> NoMoves {
        NoMoves::Ends(Outcome::Winner(self.side_to_move().flip() as Seat))
    }
    fn drawn_by_rule(&self) -> bool {
        false
    }
    /// `tfr:` — a third occurrence draws, or decides against (or for) the side whose move
    /// made it: the side that has just moved, the one not to move now.
    fn repetition_outcome(&self, _cycle_plies: usize) -> Option<Outcome> {
        let mover = self.side_to_move().flip();
        match self.rules().repetition {
            Repetition::Draw | Repetition::Ignored => None,
            Repetition::RepeaterLoses => Some(Outcome::Winner(mover.flip() as Seat)),
            Repetition::RepeaterWins => Some(Outcome::Winner(mover as Seat)),
        }
    }
    fn reversible_plies(&self) -> usize {
        self.plies_since_capture() as usize
    }
    fn move_text(&self, m: TaflMove) -> String {
        m.text()
    }
    fn parse_move(&self, text: &str) -> Result<TaflMove, MoveTextError> {
        let split = text
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i);
        let size = self.rules().size;
        let parsed = split.and_then(|i| {
            Some((
                parse_square(&text[..i], size)?,
                parse_square(&text[i..], size)?,
            ))
        });
        let Some((from, to)) = parsed else {
            return Err(MoveTextError::Malformed(text.to_string()));
        };
        let m = TaflMove::new(from, to);
        let mut moves = MoveList::new();
        generate(self, Scope::All, &mut moves);
        if moves.contains(&m) {
            Ok(m)
        } else {
            Err(MoveTextError::Illegal(text.to_string()))
        }
    }
    fn position_text(&self) -> String {
        self.to_text()
    }
}

impl SearchHints for TaflPosition {
    type PickScores = crate::core::NoPickScores;
    const HISTORY_SLOTS: usize = super::board::CELLS * super::board::CELLS;
    /// With contempt: tafl games are long and a repetition is easy to fall into, so whichever
    /// side the engine plays, it presses on rather than repeat.
    ///
    /// The king's forks are searched in the first two plies of quiescence (the defenders' move
    /// at the horizon or after the attackers' reply), an urgent position answered with all its
    /// moves in the first eight: a fork makes the attackers' position urgent, and without these
    /// bounds fork after fork was searched to the deepest ply (docs/results/sprt-log.md#tafl).
    const SEARCH: SearchParams = SearchParams {
        contempt: 100,
        quiescence_threat_plies: 2,
        quiescence_urgent_plies: 8,
        quiescence_mate_distance: true,
        urgent_extension: false,
        ..SearchParams::CHESS
    };
    /// The attackers facing an open line from king to gate, or the defenders facing the
    /// king's capture, must answer now: extend and never prune.
    #[inline]
    fn urgent(&self) -> bool {
        match self.side_to_move() {
            Side::Attackers => open_escape_lines(self) > 0,
            Side::Defenders => self.king_in_danger(),
        }
    }
    /// The attackers facing an open line answer with blocks and moves beside the king only;
    /// the defenders facing the king's capture with every move.
    fn urgent_replies(&self, out: &mut MoveList<TaflMove>) {
        if self.side_to_move() == Side::Attackers {
            escape_answers(self, out)
        } else {
            generate(self, Scope::All, out)
        }
    }
    #[inline]
    fn is_noisy(&self, m: TaflMove) -> bool {
        (self.cell(m.from()) == Cell::King
            && (self.rules().escapes(m.to()) || is_king_fork(self, m)))
            || self.capture_count(m) > 0
    }
    /// The king's forks (two gates opened at once).
    fn quiet_threats(&self, out: &mut MoveList<TaflMove>) {
        king_forks(self, out)
    }
    fn noisy_order(&self, m: TaflMove) -> Score {
        if self.cell(m.from()) == Cell::King && self.rules().escapes(m.to()) {
            return 100_000;
        }
        self.capture_count(m) as Score * 1000
    }
    /// King moves that open a line to a gate, and attacker moves onto the king's open line to a
    /// gate (the only answers to that threat), come before other quiet moves.
    fn quiet_order(&self, m: TaflMove) -> Score {
        let Some(king) = self.king_square() else {
            return 0;
        };
        if m.from() == king {
            return if escapes_open_from_ignoring(self, m.to(), king) > 0 {
                12_000
            } else {
                0
            };
        }
        if self.side_to_move() == Side::Attackers && blocks_escape_line(self, king, m.to()) {
            return 14_000;
        }
        0
    }
    #[inline(always)]
    fn history_slot(&self, m: TaflMove) -> usize {
        m.from() as usize * super::board::CELLS + m.to() as usize
    }
    fn make_null(&mut self) -> Option<Undo> {
        Some(TaflPosition::make_null(self))
    }
    fn unmake_null(&mut self, undo: Undo) {
        TaflPosition::unmake_null(self, undo)
    }
    fn null_move_allowed(&self) -> bool {
        !self.urgent()
    }
}
