//! A tafl position: a mailbox of cells, the king's square, counts, and make/unmake with the
//! custodial captures and the king's capture resolved as the rules say.

use super::board::{is_gate, on_edge, Square, GATES, NEIGHBOURS, NO_SQUARE, SQUARES, THRONE};
use crate::core::splitmix;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty = 0,
    Attacker = 1,
    Defender = 2,
    King = 3,
}

/// The two sides; attackers move first and are seat 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Attackers = 0,
    Defenders = 1,
}

impl Side {
    #[inline(always)]
    pub fn flip(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }
    /// Does `cell` belong to this side (the king fights for the defenders)?
    #[inline(always)]
    pub fn owns(self, cell: Cell) -> bool {
        match self {
            Side::Attackers => cell == Cell::Attacker,
            Side::Defenders => cell == Cell::Defender || cell == Cell::King,
        }
    }
}

/// A move: from and to squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TaflMove(u16);

impl TaflMove {
    #[inline(always)]
    pub fn new(from: Square, to: Square) -> TaflMove {
        TaflMove(from as u16 | (to as u16) << 7)
    }
    #[inline(always)]
    pub fn from(self) -> Square {
        (self.0 & 127) as Square
    }
    #[inline(always)]
    pub fn to(self) -> Square {
        (self.0 >> 7) as Square
    }
    pub fn text(self) -> String {
        format!(
            "{}{}",
            super::board::square_name(self.from()),
            super::board::square_name(self.to())
        )
    }
}

impl std::fmt::Debug for TaflMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

impl crate::core::GameMove for TaflMove {
    #[inline(always)]
    fn to_bits(self) -> u32 {
        self.0 as u32 | 1 << 16
    }
    #[inline(always)]
    fn from_bits(bits: u32) -> Self {
        TaflMove(bits as u16)
    }
}

struct Keys {
    cells: [[u64; SQUARES]; 4],
    defenders_to_move: u64,
}

const KEYS: Keys = {
    let mut k = Keys {
        cells: [[0; SQUARES]; 4],
        defenders_to_move: 0,
    };
    let mut state = 0x7461_666C_2D31_3178; // "tafl-11x"
    let mut c = 1;
    while c < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            let (s, v) = splitmix(state);
            state = s;
            k.cells[c][sq] = v;
            sq += 1;
        }
        c += 1;
    }
    let (_, v) = splitmix(state);
    k.defenders_to_move = v;
    k
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TaflPosition {
    pub(super) cells: [Cell; SQUARES],
    pub(super) king: Square,
    pub(super) side: Side,
    pub(super) key: u64,
    pub(super) attackers: u8,
    pub(super) defenders: u8,
    /// Plies since the last capture: positions further back can never repeat.
    pub(super) since_capture: u16,
    pub(super) king_captured: bool,
}

/// What make() took away.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: [Square; 3],
    count: u8,
    since_capture: u16,
    king_captured: bool,
    key: u64,
}

impl TaflPosition {
    pub fn empty() -> TaflPosition {
        TaflPosition {
            cells: [Cell::Empty; SQUARES],
            king: NO_SQUARE,
            side: Side::Attackers,
            key: 0,
            attackers: 0,
            defenders: 0,
            since_capture: 0,
            king_captured: false,
        }
    }

    #[inline(always)]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq as usize]
    }
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    #[inline(always)]
    pub fn king_square(&self) -> Option<Square> {
        (self.king != NO_SQUARE).then_some(self.king)
    }
    pub fn attacker_count(&self) -> u8 {
        self.attackers
    }
    pub fn defender_count(&self) -> u8 {
        self.defenders
    }
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
    pub fn plies_since_capture(&self) -> u16 {
        self.since_capture
    }

    /// The winner by rule, if any: the king on a gate, or the king captured.
    #[inline(always)]
    pub fn winner(&self) -> Option<Side> {
        if self.king_captured {
            Some(Side::Attackers)
        } else if self.king != NO_SQUARE && is_gate(self.king) {
            Some(Side::Defenders)
        } else {
            None
        }
    }

    pub(super) fn put(&mut self, sq: Square, c: Cell) {
        debug_assert!(self.cells[sq as usize] == Cell::Empty);
        self.cells[sq as usize] = c;
        self.key ^= KEYS.cells[c as usize][sq as usize];
        match c {
            Cell::Attacker => self.attackers += 1,
            Cell::Defender => self.defenders += 1,
            Cell::King => self.king = sq,
            Cell::Empty => {}
        }
    }

    fn remove(&mut self, sq: Square) {
        let c = self.cells[sq as usize];
        self.cells[sq as usize] = Cell::Empty;
        self.key ^= KEYS.cells[c as usize][sq as usize];
        match c {
            Cell::Attacker => self.attackers -= 1,
            Cell::Defender => self.defenders -= 1,
            Cell::King => self.king = NO_SQUARE,
            Cell::Empty => {}
        }
    }

    pub(super) fn set_side(&mut self, side: Side) {
        if side != self.side {
            self.key ^= KEYS.defenders_to_move;
            self.side = side;
        }
    }

    /// Is `sq` hostile to a piece of `victim_side` being captured against it?
    #[inline(always)]
    fn anvil(&self, sq: Square, captor: Side) -> bool {
        let c = self.cells[sq as usize];
        captor.owns(c) || is_gate(sq) || (sq == THRONE && c == Cell::Empty)
    }

    /// The enemy pieces a move of `side` landing on `to` would capture (the move already made).
    #[inline]
    fn captures_at(&self, to: Square, side: Side, out: &mut [Square; 3]) -> u8 {
        let mut n = 0;
        let enemy = if side == Side::Attackers {
            Cell::Defender
        } else {
            Cell::Attacker
        };
        for (d, &victim) in NEIGHBOURS[to as usize].iter().enumerate() {
            if victim == NO_SQUARE || self.cells[victim as usize] != enemy {
                continue;
            }
            let beyond = NEIGHBOURS[victim as usize][d];
            if beyond != NO_SQUARE && self.anvil(beyond, side) && n < 3 {
                out[n as usize] = victim;
                n += 1;
            }
        }
        n
    }

    /// How many pieces `m` would capture, without playing it (move ordering asks this of every
    /// move). The board needs no change: the vacated square can never be the far side of a
    /// capture, since the mover would have passed through the enemy piece to get there.
    #[inline]
    pub fn capture_count(&self, m: TaflMove) -> u8 {
        let (to, side) = (m.to(), self.side);
        let enemy = if side == Side::Attackers {
            Cell::Defender
        } else {
            Cell::Attacker
        };
        let mut n = 0;
        for (d, &victim) in NEIGHBOURS[to as usize].iter().enumerate() {
            if victim == NO_SQUARE || self.cells[victim as usize] != enemy {
                continue;
            }
            let beyond = NEIGHBOURS[victim as usize][d];
            n += (beyond != NO_SQUARE && self.anvil(beyond, side)) as u8;
        }
        n
    }

    /// Are all four sides of the king closed by attackers or the throne (never on the edge)?
    #[inline]
    pub fn king_surrounded(&self) -> bool {
        let k = self.king;
        if k == NO_SQUARE || on_edge(k) {
            return false;
        }
        NEIGHBOURS[k as usize]
            .iter()
            .all(|&n| n == THRONE || self.cells[n as usize] == Cell::Attacker)
    }

    pub fn make(&mut self, m: TaflMove) -> Undo {
        let (from, to) = (m.from(), m.to());
        let mut undo = Undo {
            captured: [NO_SQUARE; 3],
            count: 0,
            since_capture: self.since_capture,
            king_captured: self.king_captured,
            key: self.key,
        };
        let mover = self.cells[from as usize];
        self.remove(from);
        self.put(to, mover);
        let side = self.side;
        undo.count = self.captures_at(to, side, &mut undo.captured);
        for &sq in &undo.captured[..undo.count as usize] {
            self.remove(sq);
        }
        self.since_capture = if undo.count > 0 {
            0
        } else {
            self.since_capture + 1
        };
        if side == Side::Attackers && self.king_surrounded() {
            self.king_captured = true;
        }
        self.set_side(side.flip());
        undo
    }

    pub fn unmake(&mut self, m: TaflMove, undo: Undo) {
        let side = self.side.flip();
        self.side = side;
        let victim = if side == Side::Attackers {
            Cell::Defender
        } else {
            Cell::Attacker
        };
        for &sq in &undo.captured[..undo.count as usize] {
            self.put(sq, victim);
        }
        let mover = self.cells[m.to() as usize];
        self.remove(m.to());
        self.put(m.from(), mover);
        self.since_capture = undo.since_capture;
        self.king_captured = undo.king_captured;
        self.key = undo.key;
    }

    pub fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: [NO_SQUARE; 3],
            count: 0,
            since_capture: self.since_capture,
            king_captured: self.king_captured,
            key: self.key,
        };
        self.since_capture += 1;
        self.set_side(self.side.flip());
        undo
    }

    pub fn unmake_null(&mut self, undo: Undo) {
        self.side = self.side.flip();
        self.since_capture = undo.since_capture;
        self.key = undo.key;
    }

    pub fn key_from_scratch(&self) -> u64 {
        let mut k = 0;
        for sq in 0..SQUARES {
            let c = self.cells[sq];
            if c != Cell::Empty {
                k ^= KEYS.cells[c as usize][sq];
            }
        }
        if self.side == Side::Defenders {
            k ^= KEYS.defenders_to_move;
        }
        k
    }

    /// The gates, for callers that want to iterate them.
    pub fn gates() -> [Square; 4] {
        GATES
    }
}
