//! What each colour's pieces cover, kept by make/unmake instead of walked at each evaluation
//! (issue 32): per mailbox cell and original colour, how many pieces of each kind cover it
//! (`SceptrePosition::covered`: where they would capture), and per colour and kind the
//! covered squares summed over the pieces. Raw counts, no weights: the evaluation weighs them.
//!
//! Kept per original colour, as the tally is, so that an elimination (the pieces pass to the
//! capturer, colour and forward direction unchanged) leaves it alone. A move changes the
//! cover of the pieces it moves, takes or places, and of the sliders whose lines run through
//! a square it empties or fills: those are the nearest pieces along the eight lines from that
//! square (a nearer piece would block), and of each only the line that runs through it: how
//! far that line reaches is read before the move and after it, and only the squares between
//! the two ends are counted in or out. Derived from the board: equal boards, equal maps.
//!
//! Also kept: per coverer colour, colour of the piece covered and coverer kind, the cover
//! counted on the squares the pieces stand on (`on_pieces`), so that the evaluation takes a
//! player's own squares off his mobility by one read per colour, not one per piece. A count
//! changes where the map's count does on an occupied square, and where a piece comes or goes
//! (the square's cover then counts for its colour or no longer). Of a slider's line only the
//! last square counted can hold a piece (a line ends at the first one), so only it is looked at.

use super::attacks::owner_bit;
use super::pawn_moves::NearPawns;
use super::position::SceptrePosition;
use crate::games::sceptre::field::cells::CellArray;
use crate::games::sceptre::field::lines::{nearest, LINE_KIND};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::{slide_bit, Square, LINE_SLIDERS};

/// The pieces of one colour covering a cell, by kind in [`PieceKind::ALL`] order (two bytes
/// of padding, so that an empty entry is one zero word).
pub type KindCounts = [u8; 8];

/// The cover of the four colours.
#[derive(Debug, PartialEq, Eq)]
pub struct CoverMap {
    /// Per mailbox cell, per colour index.
    cells: CellArray<[KindCounts; 4]>,
    /// The cells of the field's mailbox (the others are never written).
    len: usize,
    /// Per colour index and kind: the squares covered, summed over the pieces.
    total: [[u32; 6]; 4],
    /// Per coverer colour index, colour index of the piece on the covered square and coverer
    /// kind: the counts of the cells that hold a piece, summed.
    on_pieces: [[[u32; 6]; 4]; 4],
}

impl Clone for CoverMap {
    /// Only the field's cells are copied: the rest of a fresh, zeroed map is never written.
    fn clone(&self) -> CoverMap {
        let mut cells = CellArray::filled([[0; 8]; 4]);
        cells.copy_first(self.len, &self.cells);
        CoverMap {
            cells,
            len: self.len,
            total: self.total,
            on_pieces: self.on_pieces,
        }
    }
}

impl CoverMap {
    /// No cover on a mailbox of `cells` cells.
    pub fn new(cells: usize) -> CoverMap {
        CoverMap {
            cells: CellArray::filled([[0; 8]; 4]),
            len: cells,
            total: [[0; 6]; 4],
            on_pieces: [[[0; 6]; 4]; 4],
        }
    }

    pub fn clear(&mut self) {
        self.cells.fill_first(self.len, [[0; 8]; 4]);
        self.total = [[0; 6]; 4];
        self.on_pieces = [[[0; 6]; 4]; 4];
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

    /// What `colour` index's pieces of each kind cover on the squares where pieces of
    /// `covered` colour index stand, summed over those squares.
    #[inline(always)]
    pub fn on_pieces(&self, colour: usize, covered: usize) -> &[u32; 6] {
        &self.on_pieces[colour & 3][covered & 3]
    }
}

/// Direction indices (`Direction as usize`) of each slider's lines.
const QUEEN_LINES: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const ROOK_LINES: [usize; 4] = [0, 2, 4, 6];
const BISHOP_LINES: [usize; 4] = [1, 3, 5, 7];

/// How far each line of a slider reaches, by direction index (`ray_len`; 0 for a direction it
/// does not slide in, and everywhere for a piece that is not a slider).
pub(in crate::games::sceptre) type Reach = [u8; 8];

/// No line reaches anywhere.
pub(in crate::games::sceptre) const NO_REACH: Reach = [0; 8];

/// The lines a piece of `kind` slides along (none for a piece that is not a slider).
#[inline(always)]
fn slider_lines(kind: PieceKind) -> &'static [usize] {
    match kind {
        PieceKind::Queen => &QUEEN_LINES,
        PieceKind::Rook => &ROOK_LINES,
        PieceKind::Bishop => &BISHOP_LINES,
        _ => &[],
    }
}

/// One count of the map up (`add`) or down; the counts wrap, as a count out may come first.
#[inline(always)]
fn bump(e: &mut u8, add: bool) {
    *e = if add {
        e.wrapping_add(1)
    } else {
        e.wrapping_sub(1)
    };
}

/// A total of covered squares up or down by `n`.
#[inline(always)]
fn bump_total(t: &mut u32, n: u32, add: bool) {
    *t = if add {
        t.wrapping_add(n)
    } else {
        t.wrapping_sub(n)
    };
}

/// The most slider lines a change of one or two squares can touch: eight each.
const MAX_TOUCHED: usize = 16;

/// One line of a slider that a move may lengthen or shorten.
#[derive(Clone, Copy, Debug)]
struct TouchedLine {
    /// Where the slider stands.
    from: Square,
    /// The direction of its line, towards the changed square.
    d: u8,
    /// How many squares it covered along that line before the move (`ray_len`).
    len: u8,
    /// How many it covers after the move (set by `recount_touched`).
    after: u8,
    /// The slider's colour and kind indices: where its counts go in the map.
    colour: u8,
    kind: u8,
}

const NO_LINE: TouchedLine = TouchedLine {
    from: 0,
    d: 0,
    len: 0,
    after: 0,
    colour: 0,
    kind: 0,
};

/// The slider lines whose cover a move changes besides its own pieces' cover; once the move
/// is made, with how far each reaches before and after it, so that unmake gives the squares
/// back without looking for the lines again (`restore_touched`).
#[derive(Clone, Copy, Debug)]
pub(in crate::games::sceptre) struct Touched {
    lines: [TouchedLine; MAX_TOUCHED],
    len: u8,
}

impl Touched {
    /// No line touched.
    pub(in crate::games::sceptre) const NONE: Touched = Touched {
        lines: [NO_LINE; MAX_TOUCHED],
        len: 0,
    };

    #[inline(always)]
    fn lines(&self) -> &[TouchedLine] {
        &self.lines[..usize::from(self.len).min(MAX_TOUCHED)]
    }
}

impl SceptrePosition {
    /// Counts the cover of `piece` on `from` in (`add`) or out, and returns how far each of a
    /// slider's lines reached, for [`Self::cover_piece_again`]. A slider's lines are measured
    /// first (`ray_len`) and then counted square by square; another piece's few squares are
    /// gathered first, so the map is written only after the board has been read.
    #[inline]
    pub(in crate::games::sceptre) fn cover_piece(
        &mut self,
        from: Square,
        piece: Piece,
        add: bool,
    ) -> Reach {
        let mut reach = NO_REACH;
        let lines = slider_lines(piece.kind);
        if lines.is_empty() {
            self.cover_leaper(from, piece, add);
        } else {
            for &d in lines {
                reach[d] = self.ray_len(from, piece.kind, d) as u8;
            }
            self.count_lines(from, piece, &reach, add);
        }
        reach
    }

    /// Counts the cover of `piece` on `from` in or out again, on a board where its lines reach
    /// as far as `reach` says (what [`Self::cover_piece`] returned on that board): unmake's
    /// way back, without measuring the lines again.
    #[inline]
    pub(in crate::games::sceptre) fn cover_piece_again(
        &mut self,
        from: Square,
        piece: Piece,
        reach: &Reach,
        add: bool,
    ) {
        if slider_lines(piece.kind).is_empty() {
            self.cover_leaper(from, piece, add);
        } else {
            self.count_lines(from, piece, reach, add);
        }
    }

    /// A knight's, king's or pawn's cover in or out: at most sixteen squares, gathered before
    /// the map is written.
    #[inline(always)]
    fn cover_leaper(&mut self, from: Square, piece: Piece, add: bool) {
        let (c, k) = (piece.colour.index(), piece.kind.index());
        let mut squares = [0 as Square; 16];
        let mut len = 0;
        self.covered(from, piece, |to| {
            squares[len & 15] = to;
            len += 1;
        });
        for &to in &squares[..len.min(16)] {
            bump(&mut self.cover.cells[to as usize][c][k], add);
            self.bump_on_piece(to, c, k, add);
        }
        bump_total(&mut self.cover.total[c][k], len as u32, add);
    }

    /// One count of `c`'s pieces of kind `k` on `sq` up or down, in `on_pieces` if a piece
    /// stands there.
    #[inline(always)]
    fn bump_on_piece(&mut self, sq: Square, c: usize, k: usize, add: bool) {
        if let Some(p) = self.board[sq as usize] {
            bump_total(
                &mut self.cover.on_pieces[c & 3][p.colour.index() & 3][k % 6],
                1,
                add,
            );
        }
    }

    /// A piece of `colour` index comes onto `sq` (`add`) or leaves it: the square's cover
    /// counts in `on_pieces` for that colour, or no longer. Called as the board changes, so
    /// that the sums always match the board and the map.
    #[inline(always)]
    pub(in crate::games::sceptre) fn cover_on_piece(
        &mut self,
        sq: Square,
        colour: usize,
        add: bool,
    ) {
        let cell = self.cover.cells[sq as usize];
        for (c, kinds) in cell.iter().enumerate() {
            if u64::from_ne_bytes(*kinds) == 0 {
                continue;
            }
            let sums = &mut self.cover.on_pieces[c][colour & 3];
            for (sum, &n) in sums.iter_mut().zip(kinds) {
                bump_total(sum, u32::from(n), add);
            }
        }
    }

    /// A slider's cover in or out: the first `reach[d]` squares along each of its lines.
    #[inline(always)]
    fn count_lines(&mut self, from: Square, piece: Piece, reach: &Reach, add: bool) {
        let (c, k) = (piece.colour.index(), piece.kind.index());
        let mut n = 0u32;
        for &d in slider_lines(piece.kind) {
            let len = reach[d];
            let step = self.field.steps()[d];
            let mut to = from;
            for _ in 0..len {
                to = (to as isize + step) as Square;
                bump(&mut self.cover.cells[to as usize][c][k], add);
            }
            // The squares before the line's last one are empty.
            if len > 0 {
                self.bump_on_piece(to, c, k, add);
            }
            n += u32::from(len);
        }
        bump_total(&mut self.cover.total[c][k], n, add);
    }

    /// One scan of the nearest pieces along the eight lines from the squares a move changes:
    /// `a`, and `b` unless it is `a` (a placement). Of them, the sliders whose line runs back
    /// through `a`, or through `b` when `b_changes` (a move onto an empty square), with how far
    /// each line covers now; and the pawns within three steps whose walk or capture reaches
    /// `a` or `b` (a capture on `b` changes whom a pawn may take there). Pieces standing on
    /// `a` or `b` (the move's own, counted whole by the caller) are left out. Only these
    /// lines cross a square whose occupancy the move changes, and only these pawns' moves
    /// can change: the nearer squares on the line are empty before and after the move.
    /// Written into the caller's `touched` and `near` (the move's `Undo`): returned, the pair
    /// of about 200 bytes was copied into it by `memcpy` calls in every make (issue 32).
    pub(in crate::games::sceptre) fn lines_and_pawns_through(
        &self,
        a: Square,
        b: Square,
        b_changes: bool,
        touched: &mut Touched,
        near: &mut NearPawns,
    ) {
        // Only the lengths: the entries past them are never read.
        touched.len = 0;
        near.clear();
        let field = &*self.field;
        let lines = field.lines();
        let squares = [a, b];
        let changed = if a == b { &squares[..1] } else { &squares[..] };
        for (i, &s) in changed.iter().enumerate() {
            // The sliders' lines change only where the occupancy does.
            let sliders = i == 0 || b_changes;
            let places = lines.places(s);
            for (d, &step) in field.steps().iter().enumerate() {
                let place = places[LINE_KIND[d]];
                let distance = nearest(self.lines[place.line as usize], place.bit, d < 4);
                if distance == 0 {
                    continue;
                }
                let sq = (s as isize + distance as isize * step) as Square;
                if sq == a || sq == b {
                    continue;
                }
                let Some(p) = self.board[sq as usize] else {
                    continue;
                };
                // The piece's line runs back towards `s`.
                let back = (d + 4) % 8;
                if p.kind == PieceKind::Pawn {
                    if self.pawn_reaches(sq, p, back, distance) {
                        near.add(sq);
                    }
                    continue;
                }
                if !sliders || slide_bit(p.kind) & LINE_SLIDERS[back] == 0 {
                    continue;
                }
                // Two lines from one square are two; a line found again runs through both.
                if i > 0
                    && touched
                        .lines()
                        .iter()
                        .any(|t| t.from == sq && t.d as usize == back)
                {
                    continue;
                }
                touched.lines[usize::from(touched.len) % MAX_TOUCHED] = TouchedLine {
                    from: sq,
                    d: back as u8,
                    len: self.ray_len(sq, p.kind, back) as u8,
                    after: 0,
                    colour: p.colour.index() as u8,
                    kind: p.kind.index() as u8,
                };
                touched.len += 1;
            }
        }
    }

    /// After the move: counts in or out the squares by which each touched line grew or
    /// shrank (a line's cover is the first `ray_len` squares along it), and notes each line's
    /// new reach in `touched` for unmake.
    #[inline]
    pub(in crate::games::sceptre) fn recount_touched(&mut self, touched: &mut Touched) {
        let len = usize::from(touched.len).min(MAX_TOUCHED);
        for t in &mut touched.lines[..len] {
            let Some(p) = self.board[t.from as usize] else {
                t.after = t.len;
                continue;
            };
            t.after = self.ray_len(t.from, p.kind, t.d as usize) as u8;
            self.count_span(t, t.len, t.after);
        }
    }

    /// Before the move again (unmake): each touched line back from its reach after the move
    /// to its reach before it, from the counts `recount_touched` noted.
    #[inline]
    pub(in crate::games::sceptre) fn restore_touched(&mut self, touched: &Touched) {
        for t in touched.lines() {
            self.count_span(t, t.after, t.len);
        }
    }

    /// A touched line's cover going from its first `from_len` squares to its first `to_len`:
    /// the squares between counted in (longer) or out (shorter).
    #[inline(always)]
    fn count_span(&mut self, t: &TouchedLine, from_len: u8, to_len: u8) {
        if from_len == to_len {
            return;
        }
        let (c, k) = (usize::from(t.colour) & 3, usize::from(t.kind) & 7);
        let step = self.field.steps()[t.d as usize & 7];
        let (low, high, add) = if to_len > from_len {
            (from_len, to_len, true)
        } else {
            (to_len, from_len, false)
        };
        let mut sq = (t.from as isize + isize::from(low) * step) as Square;
        for _ in low..high {
            sq = (sq as isize + step) as Square;
            let e = &mut self.cover.cells[sq as usize][c][k];
            *e = if add {
                e.wrapping_add(1)
            } else {
                e.wrapping_sub(1)
            };
        }
        // Only the far end of the span can hold a piece: the line ends there before the move
        // or after it, and the squares nearer are empty both times.
        self.bump_on_piece(sq, c, k, add);
        let span = u32::from(high - low);
        let total = &mut self.cover.total[c][usize::from(t.kind)];
        *total = if add {
            total.wrapping_add(span)
        } else {
            total.wrapping_sub(span)
        };
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

    /// The kinds (bit per kind index) of which a piece of `owner`'s covers a square where
    /// another owner's piece stands, read from the `on_pieces` sums of his colours over the
    /// others'. A capture lands on such a square (covered is where a piece would capture), so
    /// a kind not among them has no capture: the noisy list skips its pieces, and is empty
    /// without a look at any piece where none is (quiescence asks for it at every node).
    #[inline]
    pub(in crate::games::sceptre) fn capturing_kinds(&self, owner: PlayerColour) -> u8 {
        let mut mine = 0u8;
        for (c, &o) in self.tally.owner.iter().enumerate() {
            if o == owner {
                mine |= 1 << c;
            }
        }
        let mut kinds = 0u8;
        for c in (0..4).filter(|c| mine & (1 << c) != 0) {
            for covered in (0..4).filter(|covered| mine & (1 << covered) == 0) {
                for (k, &n) in self.cover.on_pieces[c][covered].iter().enumerate() {
                    if n != 0 {
                        kinds |= 1 << k;
                    }
                }
            }
        }
        kinds
    }

    /// The kept cover map.
    #[inline(always)]
    pub fn cover(&self) -> &CoverMap {
        &self.cover
    }
}
