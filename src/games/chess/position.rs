//! The chess-family position: bitboards plus a mailbox, the state FEN carries, and make/unmake.

use super::attacks::{between, king_attacks, knight_attacks, pawn_attacks, sliders};
use super::bitboard::{bit, lsb, squares, Bitboard};
use super::moves::{ChessMove, MoveKind};
use super::rules::{Rules, SCEPTER_SQUARES};
use super::types::{Color, Piece, Role, Square};
use super::zobrist::KEYS;

pub const NO_SQUARE: Square = 64;

/// Castling-right bits.
pub const WHITE_OO: u8 = 1;
pub const WHITE_OOO: u8 = 2;
pub const BLACK_OO: u8 = 4;
pub const BLACK_OOO: u8 = 8;

/// Rights kept when a piece leaves or enters a square (a king or rook moving, a rook captured).
const fn castle_masks() -> [u8; 64] {
    let mut m = [15u8; 64];
    m[0] = 15 & !WHITE_OOO; // a1
    m[7] = 15 & !WHITE_OO; // h1
    m[4] = 15 & !(WHITE_OO | WHITE_OOO); // e1
    m[56] = 15 & !BLACK_OOO; // a8
    m[63] = 15 & !BLACK_OO; // h8
    m[60] = 15 & !(BLACK_OO | BLACK_OOO); // e8
    m
}
const CASTLE_MASK: [u8; 64] = castle_masks();

/// The rook squares of the four castling rights in orthodox chess (indexed by the right's bit
/// number: white h-side, white a-side, black h-side, black a-side).
const ORTHODOX_CASTLE_ROOKS: [Square; 4] = [7, 0, 63, 56];

/// The bit number of a castling right (`WHITE_OO` → 0 … `BLACK_OOO` → 3).
#[inline(always)]
pub fn right_index(right: u8) -> usize {
    right.trailing_zeros() as usize
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(super) roles: [Bitboard; 7],
    pub(super) colors: [Bitboard; 2],
    pub(super) board: [Option<Piece>; 64],
    pub(super) side: Color,
    pub(super) castling: u8,
    /// En-passant target square, kept only when an enemy pawn could capture there (so equal
    /// positions hash equal).
    pub(super) ep: Square,
    pub(super) halfmove: u16,
    pub(super) fullmove: u16,
    pub(super) key: u64,
    pub(super) checkers: Bitboard,
    pub(super) rules: Rules,
    /// The square of each castling right's rook (see [`right_index`]); Chess960 only differs.
    pub(super) castle_rooks: [Square; 4],
    /// Rights kept when a piece leaves or enters each square: the king's and the castling
    /// rooks' home squares clear theirs.
    pub(super) castle_mask: [u8; 64],
    /// The castling rights the orthodox castling generator may use: all (15), or none (0)
    /// under Chess960, whose own generator castles.
    pub(super) orthodox_castling: u8,
}

/// What make() changes irreversibly, so unmake() can put it back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    /// Chess 40k explosion: the squares emptied (zealot included) and their pieces, lowest first.
    blast: Bitboard,
    blasted: [Option<Piece>; 9],
    castling: u8,
    ep: Square,
    halfmove: u16,
    key: u64,
    checkers: Bitboard,
}

impl Position {
    pub fn empty(rules: Rules) -> Position {
        Position {
            roles: [0; 7],
            colors: [0; 2],
            board: [None; 64],
            side: Color::White,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            checkers: 0,
            rules,
            castle_rooks: ORTHODOX_CASTLE_ROOKS,
            castle_mask: CASTLE_MASK,
            orthodox_castling: if rules.chess960() { 0 } else { 15 },
        }
    }

    // ----- queries -------------------------------------------------------------------------

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline(always)]
    pub fn rules(&self) -> Rules {
        self.rules
    }
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.colors[c.index()]
    }
    #[inline(always)]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.roles[r.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.colors[c.index()] & self.roles[r.index()]
    }
    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        let k = self.pieces(c, Role::King);
        if k == 0 {
            None
        } else {
            Some(lsb(k))
        }
    }
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers != 0
    }
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// The home square of the rook that castling right `right` (`WHITE_OO`…) moves.
    #[inline(always)]
    pub fn castle_rook(&self, right: u8) -> Square {
        self.castle_rooks[right_index(right)]
    }
    pub fn en_passant(&self) -> Option<Square> {
        (self.ep != NO_SQUARE).then_some(self.ep)
    }
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Pieces of `by` attacking `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.colors[by.index()];
        let diag = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        let orth = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let steppers = self.roles[Role::King.index()] | self.roles[Role::Zealot.index()];
        let t = sliders();
        them & ((pawn_attacks(by.flip(), sq) & self.roles[Role::Pawn.index()])
            | (knight_attacks(sq) & self.roles[Role::Knight.index()])
            | (king_attacks(sq) & steppers)
            | (t.bishop(sq, occupied) & diag)
            | (t.rook(sq, occupied) & orth))
    }

    /// Our pieces that alone stand between our king and an enemy slider.
    #[inline(always)]
    pub fn pinned(&self, us: Color, king: Square) -> Bitboard {
        let them = self.colors[us.flip().index()];
        let occ = self.occupied();
        let diag = (self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()]) & them;
        let orth = (self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()]) & them;
        let t = sliders();
        let snipers = (t.bishop(king, them) & diag) | (t.rook(king, them) & orth);
        let mut pinned = 0;
        for s in squares(snipers) {
            let b = between(king, s) & occ;
            if b != 0 && b & (b - 1) == 0 {
                pinned |= b;
            }
        }
        pinned & self.colors[us.index()]
    }

    // Inlined: make calls it on every move.
    #[inline(always)]
    pub(super) fn compute_checkers(&self) -> Bitboard {
        match self.king_square(self.side) {
            Some(k) => self.attackers_to(k, self.side.flip(), self.occupied()),
            None => 0,
        }
    }

    /// A result already on the board: a king on the enemy scepter (Capture the Scepter) or a
    /// king blown up (Chess 40k).
    #[inline]
    pub fn decided(&self) -> Option<Color> {
        match self.rules {
            Rules::Orthodox | Rules::Chess960 => None,
            Rules::Scepter => {
                let on = |king: Color, scepter: Color| {
                    self.pieces(king, Role::King) & bit(SCEPTER_SQUARES[scepter.index()]) != 0
                };
                if on(Color::White, Color::Black) {
                    Some(Color::White)
                } else if on(Color::Black, Color::White) {
                    Some(Color::Black)
                } else {
                    None
                }
            }
            Rules::Forty => {
                if self.pieces(Color::White, Role::King) == 0 {
                    Some(Color::Black)
                } else if self.pieces(Color::Black, Role::King) == 0 {
                    Some(Color::White)
                } else {
                    None
                }
            }
        }
    }

    /// The key recomputed from nothing; tests compare it with the incremental one.
    pub fn key_from_scratch(&self) -> u64 {
        let mut k = 0;
        for sq in 0..64u8 {
            if let Some(p) = self.board[sq as usize] {
                k ^= KEYS.pieces[p.index()][sq as usize];
            }
        }
        if self.side == Color::Black {
            k ^= KEYS.black_to_move;
        }
        k ^= KEYS.castling[self.castling as usize];
        if self.ep != NO_SQUARE {
            k ^= KEYS.en_passant_file[(self.ep & 7) as usize];
        }
        k
    }

    /// Neither side can ever mate: K v K, K+minor v K, K+B v K+B with same-coloured bishops.
    pub fn insufficient_material(&self) -> bool {
        if !self.rules.insufficient_material_applies() {
            return false;
        }
        let heavy = self.roles[Role::Pawn.index()]
            | self.roles[Role::Rook.index()]
            | self.roles[Role::Queen.index()]
            | self.roles[Role::Zealot.index()];
        if heavy != 0 {
            return false;
        }
        let minors = self.roles[Role::Knight.index()] | self.roles[Role::Bishop.index()];
        match minors.count_ones() {
            0 | 1 => true,
            _ => {
                const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
                let bishops = self.roles[Role::Bishop.index()];
                self.roles[Role::Knight.index()] == 0
                    && (bishops & DARK == 0 || bishops & !DARK == 0)
            }
        }
    }

    // ----- board editing for unmake: bitboards and mailbox only, as unmake restores the key
    // whole from its undo record (XORing it square by square would be thrown away).

    #[inline(always)]
    fn put_keyless(&mut self, sq: Square, p: Piece) {
        let b = bit(sq);
        self.roles[p.role().index()] |= b;
        self.colors[p.color().index()] |= b;
        self.board[sq as usize] = Some(p);
    }

    #[inline(always)]
    fn remove_keyless(&mut self, sq: Square, p: Piece) {
        let b = bit(sq);
        self.roles[p.role().index()] ^= b;
        self.colors[p.color().index()] ^= b;
        self.board[sq as usize] = None;
    }

    #[inline(always)]
    fn shift_keyless(&mut self, from: Square, to: Square, p: Piece) {
        let b = bit(from) | bit(to);
        self.roles[p.role().index()] ^= b;
        self.colors[p.color().index()] ^= b;
        self.board[from as usize] = None;
        self.board[to as usize] = Some(p);
    }

    // ----- board editing (keeps bitboards, mailbox and key in step) --------------------------

    #[inline(always)]
    pub(super) fn put(&mut self, sq: Square, p: Piece) {
        let b = bit(sq);
        self.roles[p.role().index()] |= b;
        self.colors[p.color().index()] |= b;
        self.board[sq as usize] = Some(p);
        self.key ^= KEYS.pieces[p.index()][sq as usize];
    }

    #[inline(always)]
    pub(super) fn remove(&mut self, sq: Square, p: Piece) {
        self.remove_keyless(sq, p);
        self.key ^= KEYS.pieces[p.index()][sq as usize];
    }

    #[inline(always)]
    fn shift(&mut self, from: Square, to: Square, p: Piece) {
        self.shift_keyless(from, to, p);
        let k = &KEYS.pieces[p.index()];
        self.key ^= k[from as usize] ^ k[to as usize];
    }

    pub(super) fn set_ep(&mut self, sq: Square) {
        if self.ep != NO_SQUARE {
            self.key ^= KEYS.en_passant_file[(self.ep & 7) as usize];
        }
        self.ep = sq;
        if sq != NO_SQUARE {
            self.key ^= KEYS.en_passant_file[(sq & 7) as usize];
        }
    }

    /// Chess960: the castling rights with their rooks' squares; the king's square and each
    /// rook's clear their rights when a piece leaves or enters them.
    pub(super) fn set_castling_rooks(&mut self, rights: u8, rooks: [Square; 4]) {
        self.castle_rooks = rooks;
        let mut mask = [15u8; 64];
        for right in [WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO] {
            if rights & right == 0 {
                continue;
            }
            mask[rooks[right_index(right)] as usize] &= !right;
            let (color, both) = if right & (WHITE_OO | WHITE_OOO) != 0 {
                (Color::White, WHITE_OO | WHITE_OOO)
            } else {
                (Color::Black, BLACK_OO | BLACK_OOO)
            };
            if let Some(king) = self.king_square(color) {
                mask[king as usize] &= !both;
            }
        }
        self.castle_mask = mask;
        self.set_castling(rights);
    }

    pub(super) fn set_castling(&mut self, rights: u8) {
        self.key ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
    }

    // ----- make / unmake -------------------------------------------------------------------

    /// Plays a legal move.
    pub fn make(&mut self, m: ChessMove) -> Undo {
        let (from, to) = (m.from(), m.to());
        let us = self.side;
        let mut undo = Undo {
            captured: None,
            blast: 0,
            blasted: [None; 9],
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
            checkers: self.checkers,
        };
        let Some(piece) = self.board[from as usize] else {
            debug_assert!(false, "make: no piece on the from-square of {m}");
            return undo;
        };
        self.set_ep(NO_SQUARE);
        self.halfmove += 1;

        match m.kind() {
            MoveKind::Castle if self.rules.chess960() => self.castle960(us, from, to, false),
            MoveKind::Castle => {
                let (rook_from, rook_to) = castle_rook_squares(to);
                let rook = Piece::new(us, Role::Rook);
                self.shift(from, to, piece);
                self.shift(rook_from, rook_to, rook);
            }
            MoveKind::EnPassant => {
                let victim_sq = if us == Color::White { to - 8 } else { to + 8 };
                let victim = Piece::new(us.flip(), Role::Pawn);
                self.remove(victim_sq, victim);
                self.shift(from, to, piece);
                undo.captured = Some(victim);
                self.halfmove = 0;
            }
            MoveKind::Normal if from == to => {
                // Self-destruct: the zealot and every piece beside it leave the board.
                let blast = (king_attacks(from) | bit(from)) & self.occupied();
                undo.blast = blast;
                let mut rights = self.castling;
                for (i, sq) in squares(blast).enumerate() {
                    if let Some(p) = self.board[sq as usize] {
                        self.remove(sq, p);
                        undo.blasted[i] = Some(p);
                    }
                    rights &= self.castle_mask[sq as usize];
                }
                if rights != self.castling {
                    self.set_castling(rights);
                }
                self.halfmove = 0;
            }
            MoveKind::Normal => {
                if let Some(victim) = self.board[to as usize] {
                    self.remove(to, victim);
                    undo.captured = Some(victim);
                    self.halfmove = 0;
                }
                self.shift(from, to, piece);
                if piece.role() == Role::Pawn {
                    self.halfmove = 0;
                    if from.abs_diff(to) == 16 {
                        let ep = (from + to) / 2;
                        if pawn_attacks(us, ep) & self.pieces(us.flip(), Role::Pawn) != 0 {
                            self.set_ep(ep);
                        }
                    }
                }
            }
            _ => {
                // Promotions.
                if let Some(victim) = self.board[to as usize] {
                    self.remove(to, victim);
                    undo.captured = Some(victim);
                }
                self.remove(from, piece);
                let role = m.promotion().unwrap_or(Role::Queen);
                self.put(to, Piece::new(us, role));
                self.halfmove = 0;
            }
        }

        let rights =
            self.castling & self.castle_mask[from as usize] & self.castle_mask[to as usize];
        if rights != self.castling {
            self.set_castling(rights);
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.key ^= KEYS.black_to_move;
        self.checkers = self.compute_checkers();
        undo
    }

    /// Takes back the move `make` just played.
    pub fn unmake(&mut self, m: ChessMove, undo: Undo) {
        let (from, to) = (m.from(), m.to());
        self.side = self.side.flip();
        let us = self.side;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        match m.kind() {
            MoveKind::Castle if self.rules.chess960() => self.castle960(us, from, to, true),
            MoveKind::Castle => {
                let (rook_from, rook_to) = castle_rook_squares(to);
                let king = Piece::new(us, Role::King);
                self.shift_keyless(to, from, king);
                self.shift_keyless(rook_to, rook_from, Piece::new(us, Role::Rook));
            }
            MoveKind::EnPassant => {
                let victim_sq = if us == Color::White { to - 8 } else { to + 8 };
                self.shift_keyless(to, from, Piece::new(us, Role::Pawn));
                self.put_keyless(victim_sq, Piece::new(us.flip(), Role::Pawn));
            }
            MoveKind::Normal if from == to => {
                for (i, sq) in squares(undo.blast).enumerate() {
                    if let Some(p) = undo.blasted[i] {
                        self.put_keyless(sq, p);
                    }
                }
            }
            MoveKind::Normal => {
                if let Some(p) = self.board[to as usize] {
                    self.shift_keyless(to, from, p);
                }
                if let Some(victim) = undo.captured {
                    self.put_keyless(to, victim);
                }
            }
            _ => {
                if let Some(p) = self.board[to as usize] {
                    self.remove_keyless(to, p);
                }
                self.put_keyless(from, Piece::new(us, Role::Pawn));
                if let Some(victim) = undo.captured {
                    self.put_keyless(to, victim);
                }
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.checkers = undo.checkers;
    }

    /// Chess960 castling, king takes rook (`rook` is the rook's square; either piece may stay
    /// where it is), or its taking back. Out of line, so orthodox make/unmake stay as they were.
    #[cold]
    #[inline(never)]
    fn castle960(&mut self, us: Color, king: Square, rook: Square, back: bool) {
        let (king_to, rook_to) = castle960_destinations(king, rook);
        let (k, r) = (Piece::new(us, Role::King), Piece::new(us, Role::Rook));
        let (king_from, king_to, rook_from, rook_to) = if back {
            (king_to, king, rook_to, rook)
        } else {
            (king, king_to, rook, rook_to)
        };
        self.remove(king_from, k);
        self.remove(rook_from, r);
        self.put(king_to, k);
        self.put(rook_to, r);
    }

    /// Passes the turn (null move, for the search only; illegal in check).
    pub fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: None,
            blast: 0,
            blasted: [None; 9],
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
            checkers: self.checkers,
        };
        self.set_ep(NO_SQUARE);
        self.halfmove += 1;
        self.side = self.side.flip();
        self.key ^= KEYS.black_to_move;
        self.checkers = self.compute_checkers();
        undo
    }

    pub fn unmake_null(&mut self, undo: Undo) {
        self.side = self.side.flip();
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        self.checkers = undo.checkers;
    }
}

/// Chess960: where the king (from `king`) and the rook (from `rook`) end when castling: g and f
/// towards the h-file, c and d towards the a-file, on their own rank.
#[inline(always)]
pub fn castle960_destinations(king: Square, rook: Square) -> (Square, Square) {
    let rank = king & !7;
    if rook > king {
        (rank + 6, rank + 5)
    } else {
        (rank + 2, rank + 3)
    }
}

/// The rook's from and to squares for a castling king landing on `king_to`.
#[inline(always)]
pub fn castle_rook_squares(king_to: Square) -> (Square, Square) {
    match king_to {
        6 => (7, 5),    // g1: h1 -> f1
        2 => (0, 3),    // c1: a1 -> d1
        62 => (63, 61), // g8: h8 -> f8
        _ => (56, 59),  // c8: a8 -> d8
    }
}
