//! Tafl seen through the generic [`Game`] trait.

use super::board::{is_gate, on_edge, parse_square, NEIGHBOURS, NO_SQUARE, RAYS, THRONE};
use super::movegen::{gates_open_from, generate, open_gate_lines};
use super::position::{Cell, Side, TaflMove, TaflPosition, Undo};
use crate::core::{Game, MoveList, MoveTextError, NoMoves, Outcome, Scope, Score, Seat};

/// Is `sq` on an open line from the king to a gate (so a piece there blocks the escape)?
fn blocks_escape_line(pos: &TaflPosition, king: u8, sq: u8) -> bool {
    let (kf, kr) = (king % 11, king / 11);
    let (sf, sr) = (sq % 11, sq / 11);
    if kf != sf && kr != sr {
        return false;
    }
    RAYS[king as usize].iter().any(|ray| {
        let line = &ray.squares[..ray.len as usize];
        line.contains(&sq)
            && line.last().is_some_and(|&end| is_gate(end))
            && line.iter().all(|&s| pos.cell(s) == Cell::Empty || s == sq)
    })
}

/// How much worse than even a draw counts for the engine's own side.
const CONTEMPT: Score = 100;

impl TaflPosition {
    /// Could the attackers capture the king with their next move: three sides closed and an
    /// attacker able to reach the fourth?
    pub fn king_in_danger(&self) -> bool {
        let Some(k) = self.king_square() else {
            return false;
        };
        if on_edge(k) {
            return false;
        }
        let mut open = NO_SQUARE;
        for &n in &NEIGHBOURS[k as usize] {
            if n == THRONE || self.cell(n) == Cell::Attacker {
                continue;
            }
            if open != NO_SQUARE || self.cell(n) != Cell::Empty {
                return false;
            }
            open = n;
        }
        open != NO_SQUARE
            && RAYS[open as usize].iter().any(|ray| {
                ray.squares[..ray.len as usize]
                    .iter()
                    .find(|&&s| self.cell(s) != Cell::Empty)
                    .is_some_and(|&s| self.cell(s) == Cell::Attacker)
            })
    }
}

impl Game for TaflPosition {
    type Move = TaflMove;
    type Undo = Undo;
    const HISTORY_SLOTS: usize = 128 * 128;

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
    fn reversible_plies(&self) -> usize {
        self.plies_since_capture() as usize
    }
    /// Tafl games are long and a repetition is easy to fall into: whichever side the engine
    /// plays, it presses on rather than repeat.
    fn contempt(&self) -> Score {
        CONTEMPT
    }
    /// The attackers facing an open line from king to gate, or the defenders facing the
    /// king's capture, must answer now: extend and never prune.
    #[inline]
    fn urgent(&self) -> bool {
        match self.side_to_move() {
            Side::Attackers => open_gate_lines(self) > 0,
            Side::Defenders => self.king_in_danger(),
        }
    }
    #[inline]
    fn is_noisy(&self, m: TaflMove) -> bool {
        (self.cell(m.from()) == Cell::King && is_gate(m.to())) || self.capture_count(m) > 0
    }
    fn noisy_order(&self, m: TaflMove) -> Score {
        if self.cell(m.from()) == Cell::King && is_gate(m.to()) {
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
            let mut probe = *self;
            probe.cells[king as usize] = Cell::Empty;
            return if gates_open_from(&probe, m.to()) > 0 {
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
        m.from() as usize * 128 + m.to() as usize
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
    fn move_text(&self, m: TaflMove) -> String {
        m.text()
    }
    fn parse_move(&self, text: &str) -> Result<TaflMove, MoveTextError> {
        let split = text
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i);
        let parsed =
            split.and_then(|i| Some((parse_square(&text[..i])?, parse_square(&text[i..])?)));
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
