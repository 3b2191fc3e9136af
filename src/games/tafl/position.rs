//! A tafl position: a mailbox of cells with a border, the king's square, counts, the rule set
//! it is played under, and make/unmake with every capture and ending the rules switch on.

use super::board::{square_name, step, Cell, Square, CELLS, NO_SQUARE, STRIDE};
use super::rules::{kind, RuleSet, Shieldwall, KING};
use crate::core::splitmix;

/// The two sides; the attackers are seat 0.
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
    /// The side's taflman (not the king).
    #[inline(always)]
    pub fn taflman(self) -> Cell {
        match self {
            Side::Attackers => Cell::Attacker,
            Side::Defenders => Cell::Defender,
        }
    }
}

/// A move: from and to squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TaflMove(u16);

impl TaflMove {
    #[inline(always)]
    pub fn new(from: Square, to: Square) -> TaflMove {
        TaflMove(from as u16 | (to as u16) << 8)
    }
    #[inline(always)]
    pub fn from(self) -> Square {
        (self.0 & 255) as Square
    }
    #[inline(always)]
    pub fn to(self) -> Square {
        (self.0 >> 8) as Square
    }
    pub fn text(self) -> String {
        format!("{}{}", square_name(self.from()), square_name(self.to()))
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

/// How a game of tafl was decided by rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    KingCaptured,
    KingEscaped,
    EdgeFort,
    Encircled,
}

impl Ending {
    pub fn winner(self) -> Side {
        match self {
            Ending::KingCaptured | Ending::Encircled => Side::Attackers,
            Ending::KingEscaped | Ending::EdgeFort => Side::Defenders,
        }
    }
}

/// The largest number of pieces one move can capture: three by custody, and shieldwall rows
/// on both sides of the mover along the edge.
pub const MAX_CAPTURES: usize = 24;

struct Keys {
    cells: [[u64; CELLS]; 4],
    defenders_to_move: u64,
}

/// Zobrist keys by (file, rank): the keys of the 11x11 squares are the ones the engine has
/// always used (so the default rule set keeps its bench signature); the larger boards' other
/// squares come from the same stream after them.
const KEYS: Keys = {
    let mut k = Keys {
        cells: [[0; CELLS]; 4],
        defenders_to_move: 0,
    };
    let mut state = 0x7461_666C_2D31_3178; // "tafl-11x"
    let mut c = 1;
    while c < 4 {
        let mut i = 0;
        while i < 121 {
            let (s, v) = splitmix(state);
            state = s;
            k.cells[c][(i / 11 + 1) * STRIDE + i % 11 + 1] = v;
            i += 1;
        }
        c += 1;
    }
    let (s, v) = splitmix(state);
    state = s;
    k.defenders_to_move = v;
    let mut c = 1;
    while c < 4 {
        let mut sq = 0;
        while sq < CELLS {
            let (file, rank) = (sq % STRIDE, sq / STRIDE);
            let on_board = file >= 1 && rank >= 1 && file < STRIDE - 1 && rank < STRIDE - 1;
            if on_board && (file > 11 || rank > 11) {
                let (s, v) = splitmix(state);
                state = s;
                k.cells[c][sq] = v;
            }
            sq += 1;
        }
        c += 1;
    }
    k
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TaflPosition {
    pub(super) cells: [Cell; CELLS],
    pub(super) rules: &'static RuleSet,
    pub(super) king: Square,
    pub(super) side: Side,
    pub(super) key: u64,
    pub(super) attackers: u8,
    pub(super) defenders: u8,
    /// Plies since the last capture: positions further back can never repeat.
    pub(super) since_capture: u16,
    /// The game's result by rule, set by the move that decided it.
    pub(super) ending: Option<Ending>,
}

/// What make() took away.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: [Square; MAX_CAPTURES],
    count: u8,
    since_capture: u16,
    ending: Option<Ending>,
    key: u64,
}

impl TaflPosition {
    /// An empty board of the rule set, attackers to move.
    pub fn empty(rules: &'static RuleSet) -> TaflPosition {
        let mut cells = [Cell::Off; CELLS];
        for &sq in &rules.squares {
            cells[sq as usize] = Cell::Empty;
        }
        TaflPosition {
            cells,
            rules,
            king: NO_SQUARE,
            side: Side::Attackers,
            key: 0,
            attackers: 0,
            defenders: 0,
            since_capture: 0,
            ending: None,
        }
    }

    /// The rule set's start position.
    pub fn start(rules: &'static RuleSet) -> TaflPosition {
        let mut pos = TaflPosition::empty(rules);
        for &(sq, c) in &rules.start {
            pos.put(sq, c);
        }
        pos.set_side(if rules.attackers_first {
            Side::Attackers
        } else {
            Side::Defenders
        });
        pos
    }

    #[inline(always)]
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
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

    /// The winner by rule, if any: the king captured or escaped, an edge fort, encirclement.
    #[inline(always)]
    pub fn winner(&self) -> Option<Side> {
        self.ending.map(Ending::winner)
    }

    /// How the game was decided by rule, if it was.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub(super) fn put(&mut self, sq: Square, c: Cell) {
        debug_assert!(self.cells[sq as usize] == Cell::Empty);
        self.cells[sq as usize] = c;
        self.key ^= KEYS.cells[c as usize][sq as usize];
        match c {
            Cell::Attacker => self.attackers += 1,
            Cell::Defender => self.defenders += 1,
            Cell::King => self.king = sq,
            Cell::Empty | Cell::Off => {}
        }
    }

    pub(super) fn remove(&mut self, sq: Square) {
        let c = self.cells[sq as usize];
        self.cells[sq as usize] = Cell::Empty;
        self.key ^= KEYS.cells[c as usize][sq as usize];
        match c {
            Cell::Attacker => self.attackers -= 1,
            Cell::Defender => self.defenders -= 1,
            Cell::King => self.king = NO_SQUARE,
            Cell::Empty | Cell::Off => {}
        }
    }

    pub(super) fn set_side(&mut self, side: Side) {
        if side != self.side {
            self.key ^= KEYS.defenders_to_move;
            self.side = side;
        }
    }

    /// Is `sq` hostile to a piece of kind `victim` that `captor` attacks: one of the captor's
    /// pieces able to be the far side, or a corner or throne hostile to that kind?
    #[inline(always)]
    pub(super) fn hostile(&self, sq: Square, captor: Side, victim: u8) -> bool {
        let c = self.cells[sq as usize];
        if captor.owns(c) && (c != Cell::King || self.rules.king_anvil) {
            return true;
        }
        self.rules.square_hostile(sq, c, victim)
    }

    /// May the piece `mover` of the side to move capture at all (an unarmed king may not)?
    #[inline(always)]
    fn hammer(&self, mover: Cell) -> bool {
        mover != Cell::King || self.rules.king_hammer
    }

    /// Is the king on `k` weak there and flanked on the line through `victim_side` squares?
    #[inline(always)]
    fn weak_king_taken(&self, k: Square, d: usize) -> bool {
        !self.rules.king_strong_on(k) && self.hostile(step(k, d), Side::Attackers, KING)
    }

    /// The pieces a move of `side` landing on `to` captures by custody (the move already made);
    /// whether the king is among them goes in the return value.
    #[inline]
    fn captures_at(&self, to: Square, side: Side, out: &mut [Square; MAX_CAPTURES]) -> (u8, bool) {
        let mut n = 0;
        let mut king = false;
        if !self.hammer(self.cells[to as usize]) {
            return (0, false);
        }
        let enemy = side.flip().taflman();
        let victim_kind = kind(enemy);
        for d in 0..4 {
            let victim = step(to, d);
            let c = self.cells[victim as usize];
            if c == enemy {
                let beyond = step(victim, d);
                if self.hostile(beyond, side, victim_kind) || self.linnaean(side, beyond) {
                    out[n as usize] = victim;
                    n += 1;
                }
            } else if c == Cell::King && side == Side::Attackers && self.weak_king_taken(victim, d)
            {
                king = true;
            }
        }
        (n, king)
    }

    /// Does a neighbour of `sq` hold one of the cells in `mask` (bit `1 << cell` per cell)?
    /// Branch-free, for the quick tests that rule most squares out.
    #[inline(always)]
    pub(super) fn beside(&self, sq: Square, mask: u8) -> bool {
        let bit = |d: usize| mask >> self.cells[step(sq, d) as usize] as u8;
        (bit(0) | bit(1) | bit(2) | bit(3)) & 1 != 0
    }

    /// The cells a move of `side` could capture: the enemy taflmen, and the king when the
    /// attackers move.
    #[inline(always)]
    pub(super) fn prey_mask(side: Side) -> u8 {
        match side {
            Side::Attackers => 1 << Cell::Defender as u8 | 1 << Cell::King as u8,
            Side::Defenders => 1 << Cell::Attacker as u8,
        }
    }

    /// How many pieces `m` would capture by custody, without playing it (move ordering asks
    /// this of every move). The board needs no change: the vacated square can never be the far
    /// side of a capture, since the mover would have passed through the enemy piece to get
    /// there. A weak king counts as one.
    #[inline(always)]
    pub fn capture_count(&self, m: TaflMove) -> u8 {
        // Most moves land beside nothing they could take: that test is inlined where it is
        // asked, the full count is not.
        if !self.beside(m.to(), Self::prey_mask(self.side)) {
            return 0;
        }
        self.capture_count_beside(m)
    }

    /// [`Self::capture_count`] once something to take stands beside the target square.
    #[inline(never)]
    fn capture_count_beside(&self, m: TaflMove) -> u8 {
        let (to, side) = (m.to(), self.side);
        if !self.hammer(self.cells[m.from() as usize]) {
            return 0;
        }
        let enemy = side.flip().taflman();
        let victim_kind = kind(enemy);
        let mut n = 0;
        for d in 0..4 {
            let victim = step(to, d);
            let c = self.cells[victim as usize];
            if c == enemy {
                let beyond = step(victim, d);
                n += (self.hostile(beyond, side, victim_kind) || self.linnaean(side, beyond)) as u8;
            } else if c == Cell::King && side == Side::Attackers {
                n += self.weak_king_taken(victim, d) as u8;
            }
        }
        n
    }

    /// Linnaean capture: is `beyond` the king on his throne with attackers on his other three
    /// sides (the fourth holding the defender being taken), when the attackers move?
    #[inline]
    fn linnaean(&self, side: Side, beyond: Square) -> bool {
        side == Side::Attackers
            && self.rules.linnaean
            && beyond == self.king
            && self.rules.flags(beyond) & super::rules::CENTRE != 0
            && (0..4)
                .filter(|&d| self.cells[step(beyond, d) as usize] == Cell::Attacker)
                .count()
                == 3
    }

    /// Is the strong king closed on all four sides by attackers or squares hostile to him (the
    /// edge closes a side only for a middleweight king)? He is captured so only when the
    /// attackers' move that closed him landed beside him, or, in a position given as text,
    /// when the defenders are to move.
    #[inline]
    pub fn king_surrounded(&self) -> bool {
        let k = self.king;
        if k == NO_SQUARE || !self.rules.king_strong_on(k) {
            return false;
        }
        let middleweight = self.rules.king_strength == super::rules::KingStrength::Middleweight;
        (0..4).all(|d| {
            let n = step(k, d);
            match self.cells[n as usize] {
                Cell::Attacker => true,
                Cell::Off => middleweight,
                c @ Cell::Empty => self.rules.square_hostile(n, c, KING),
                _ => false,
            }
        })
    }

    pub fn make(&mut self, m: TaflMove) -> Undo {
        let (from, to) = (m.from(), m.to());
        let mut undo = Undo {
            captured: [NO_SQUARE; MAX_CAPTURES],
            count: 0,
            since_capture: self.since_capture,
            ending: self.ending,
            key: self.key,
        };
        let mover = self.cells[from as usize];
        self.remove(from);
        self.put(to, mover);
        let side = self.side;
        let (n, king_taken) = self.captures_at(to, side, &mut undo.captured);
        undo.count = n;
        for &sq in &undo.captured[..n as usize] {
            self.remove(sq);
        }
        if self.rules.shieldwall != Shieldwall::None {
            undo.count = self.shieldwall_captures(to, side, &mut undo.captured, n);
        }
        self.since_capture = if undo.count > 0 {
            0
        } else {
            self.since_capture + 1
        };
        self.ending = self.result_after_move(side, mover, to, king_taken);
        self.set_side(side.flip());
        undo
    }

    pub fn unmake(&mut self, m: TaflMove, undo: Undo) {
        let side = self.side.flip();
        self.side = side;
        let victim = side.flip().taflman();
        for &sq in &undo.captured[..undo.count as usize] {
            self.put(sq, victim);
        }
        let mover = self.cells[m.to() as usize];
        self.remove(m.to());
        self.put(m.from(), mover);
        self.since_capture = undo.since_capture;
        self.ending = undo.ending;
        self.key = undo.key;
    }

    pub fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: [NO_SQUARE; MAX_CAPTURES],
            count: 0,
            since_capture: self.since_capture,
            ending: self.ending,
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
        for &sq in &self.rules.squares {
            let c = self.cells[sq as usize];
            if c != Cell::Empty {
                k ^= KEYS.cells[c as usize][sq as usize];
            }
        }
        if self.side == Side::Defenders {
            k ^= KEYS.defenders_to_move;
        }
        k
    }
}
