//! What each colour's pieces cover, kept by make/unmake instead of walked at each evaluation
//! (issue 32): per mailbox cell and original colour, how many pieces of each kind cover it
//! (`SceptrePosition::covered`: where they would capture), and per colour and kind the
//! covered squares summed over the pieces. Raw counts, no weights: the evaluation weighs them.
//!
//! Kept per original colour, as the tally is, so that an elimination (the pieces pass to the
//! capturer, colour and forward direction unchanged) leaves it alone. A move changes the
//! cover of the pieces it moves, takes or places, and of the sliders whose lines run through
//! a square it empties or fills: those are the nearest pieces along the eight lines from that
//! square (a nearer piece would block). Their cover is taken out on the board before the
//! move and put back on the board after it. Derived from the board: equal boards, equal maps.

use super::attacks::owner_bit;
use super::position::SceptrePosition;
use crate::games::sceptre::field::lines::{nearest, LINE_KIND};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::Square;

/// The pieces of one colour covering a cell, by kind in [`PieceKind::ALL`] order (two bytes
/// of padding, so that an empty entry is one zero word).
pub type KindCounts = [u8; 8];

/// The cover of the four colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverMap {
    /// Per mailbox cell, per colour index.
    cells: Vec<[KindCounts; 4]>,
    /// Per colour index and kind: the squares covered, summed over the pieces.
    total: [[u32; 6]; 4],
}

impl CoverMap {
    /// No cover on a mailbox of `cells` cells.
    pub fn new(cells: usize) -> CoverMap {
        CoverMap {
            cells: vec![[[0; 8]; 4]; cells],
            total: [[0; 6]; 4],
        }
    }

    pub fn clear(&mut self) {
        self.cells.fill([[0; 8]; 4]);
        self.total = [[0; 6]; 4];
    }

    /// Each colour's coverers of `sq`, by kind.
    #[inline(always)]
    pub fn at(&self, sq: Square) -> &[KindCounts; 4] {
        &self.cells[sq as usize]
    }

    /// The squares covered by `colour` index's pieces of each kind, summed over the pieces.
    #[inline(always)]
    pub fn total(&self, colour: usize) -> &[u32; 6] {
        &self.total[colour]
    }
}

/// The most sliders a change of one or two squares can touch: eight lines each.
const MAX_TOUCHED: usize = 16;

/// The sliders whose cover a move changes besides its own pieces', by square.
pub(in crate::games::sceptre) struct Touched {
    squares: [Square; MAX_TOUCHED],
    len: usize,
}

impl SceptrePosition {
    /// Counts the cover of `piece` on `from` in (`add`) or out.
    #[inline]
    pub(in crate::games::sceptre) fn cover_piece(&mut self, from: Square, piece: Piece, add: bool) {
        let mut cells = std::mem::take(&mut self.cover.cells);
        let (c, k) = (piece.colour.index(), piece.kind.index());
        let mut n = 0u32;
        self.covered(from, piece, |to| {
            let e = &mut cells[to as usize][c][k];
            *e = if add {
                e.wrapping_add(1)
            } else {
                e.wrapping_sub(1)
            };
            n += 1;
        });
        self.cover.cells = cells;
        let t = &mut self.cover.total[c][k];
        *t = if add {
            t.wrapping_add(n)
        } else {
            t.wrapping_sub(n)
        };
    }

    /// The sliders nearest to `a` along its eight lines, and to `b` too when `b_changes`
    /// (a move onto an empty square), except those standing on `a` or `b` (the move's own
    /// pieces, counted by the caller). Some may not reach the square (a wall between, a line
    /// they do not slide on): recounting them changes nothing.
    pub(in crate::games::sceptre) fn sliders_through(
        &self,
        a: Square,
        b: Square,
        b_changes: bool,
    ) -> Touched {
        let mut touched = Touched {
            squares: [0; MAX_TOUCHED],
            len: 0,
        };
        let field = &*self.field;
        let lines = field.lines();
        for s in std::iter::once(a).chain(b_changes.then_some(b)) {
            let places = lines.places(s);
            for (d, &step) in field.steps().iter().enumerate() {
                let place = places[LINE_KIND[d]];
                let distance = nearest(self.lines[place.line as usize], place.bit, d < 4);
                if distance == 0 {
                    continue;
                }
                let sq = (s as isize + distance as isize * step) as Square;
                if sq == a || sq == b || touched.squares[..touched.len].contains(&sq) {
                    continue;
                }
                if self.board[sq as usize].is_some_and(|p| {
                    matches!(
                        p.kind,
                        PieceKind::Queen | PieceKind::Rook | PieceKind::Bishop
                    )
                }) {
                    touched.squares[touched.len] = sq;
                    touched.len += 1;
                }
            }
        }
        touched
    }

    /// Counts the cover of the sliders in `touched` in or out.
    #[inline]
    pub(in crate::games::sceptre) fn cover_touched(&mut self, touched: &Touched, add: bool) {
        for &sq in &touched.squares[..touched.len] {
            if let Some(p) = self.board[sq as usize] {
                self.cover_piece(sq, p, add);
            }
        }
    }

    /// The cover of every piece, counted afresh (part of `derive`).
    pub(in crate::games::sceptre) fn derive_cover(&mut self) {
        self.cover.clear();
        for i in 0..self.field.squares().len() {
            let sq = self.field.squares()[i];
            if let Some(p) = self.board[sq as usize] {
                self.cover_piece(sq, p, true);
            }
        }
    }

    /// Whether a piece of an owner in `hostile` (bit per colour index) covers `sq`, read from
    /// the kept map: the answer of `attacked(sq, hostile, NO_SQUARE, NO_SQUARE)` without
    /// walking the lines (the tests hold the two together).
    #[inline]
    pub(in crate::games::sceptre) fn covered_by(&self, sq: Square, hostile: u8) -> bool {
        let cell = self.cover.at(sq);
        (0..4).any(|c| {
            hostile & owner_bit(self.tally.owner[c]) != 0 && u64::from_ne_bytes(cell[c]) != 0
        })
    }

    /// The kept cover map.
    #[inline(always)]
    pub fn cover(&self) -> &CoverMap {
        &self.cover
    }
}
