//! Move generation (docs/rules/sceptre1027.md, "How the pieces move", "Promotion", "Check and the end of the game" and the
//! set-up phase): pseudo-legal moves per piece from the field's flat tables and line bit sets,
//! and the legal moves of the side to move without making them, in the order the first
//! (make-and-test) generator gave them.
//!
//! Legality: a move by a piece other than the king can only expose its own king along the
//! straight line through its from-square, so the checks on the king and the pins against it
//! are found once per position, along the king's eight lines and the knight's leaps. With no
//! check, an unpinned piece moves freely and a pinned one along its line; in check, a move
//! must take the checker or block its line. A king's destination is tested with the king
//! lifted off its square. Capturing a playing player's king eliminates him and his pieces stop
//! attacking, so such a capture by a pinned piece or in check is tested exactly, on the board
//! the move leaves. A noisy list out of check skips the quiet moves altogether.

use super::attacks::{access, forward_diagonals, owner_bit, seat, sideways, Access};
use super::moves::SceptreMove;
use super::position::SceptrePosition;
use crate::core::MoveList;
use crate::games::sceptre::field::lines::{between, nearest, LINE_KIND};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::{Compass, PlayerColour};
use crate::games::sceptre::field::square::Coord;
use crate::games::sceptre::field::terrain::Terrain;
use crate::games::sceptre::field::{slide_bit, Field, Square, LINE_SLIDERS, NO_SQUARE};

/// What a pawn may promote to, in the order the moves are generated.
const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// Every kind's bit (bit per kind index): a full list walks every piece.
const ALL_KINDS: u8 = 0b11_1111;

/// Direction indices (`Direction as usize`) of the sliders, in generation order.
const QUEEN_LINES: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const ROOK_LINES: [usize; 4] = [0, 2, 4, 6];
const BISHOP_LINES: [usize; 4] = [1, 3, 5, 7];

/// The squares `1..=len` steps of `step` from `origin`: whether `to` is one of them.
#[inline]
fn on_line(origin: Square, step: isize, len: u32, to: Square) -> bool {
    let diff = to as isize - origin as isize;
    let k = diff / step;
    k * step == diff && k >= 1 && k <= len as isize
}

/// How many files or ranks (the larger) `c` lies outside the 8x8 board whose bottom-left
/// square is `corner` (0 inside it).
fn box_gap(c: Coord, corner: Coord) -> u8 {
    let gap = |x: u8, start: u8| {
        start
            .saturating_sub(x)
            .max(x.saturating_sub(start.saturating_add(7)))
    };
    gap(c.file, corner.file).max(gap(c.rank, corner.rank))
}

/// A line from the king: `len` steps of `step` reach the attacker.
#[derive(Clone, Copy, Debug)]
struct Line {
    step: isize,
    len: u32,
}

/// What the mover's king needs of a move: who attacks it, which pieces are pinned to it.
struct Safety {
    /// [`NO_SQUARE`] when the mover has no king on the field (every move is then safe).
    king: Square,
    /// The owners whose pieces attack the king.
    hostile: u8,
    checks: u32,
    /// The (last found) checker's square and, for a slider, the line to it.
    check_square: Square,
    check_line: Option<Line>,
    pins: [(Square, Line); 8],
    pin_count: usize,
}

impl Safety {
    #[inline]
    fn pin_of(&self, sq: Square) -> Option<Line> {
        self.pins[..self.pin_count]
            .iter()
            .find(|&&(p, _)| p == sq)
            .map(|&(_, line)| line)
    }

    /// Whether a piece (not the king) landing on `to` answers the single check.
    #[inline]
    fn answers_check(&self, to: Square) -> bool {
        match self.check_line {
            Some(line) => on_line(self.king, line.step, line.len, to),
            None => to == self.check_square,
        }
    }
}

/// Where generated moves go: all of them, or only the noisy ones while all are counted.
trait Sink {
    /// Whether only captures and promotions are kept.
    const NOISY_ONLY: bool;
    fn push(&mut self, m: SceptreMove, noisy: bool);
    /// Legal moves generated so far, kept or not.
    fn count(&self) -> usize;
}

/// Every move, into the list.
struct AllMoves<'a> {
    list: &'a mut MoveList<SceptreMove>,
    start: usize,
}

impl Sink for AllMoves<'_> {
    const NOISY_ONLY: bool = false;

    #[inline(always)]
    fn push(&mut self, m: SceptreMove, _noisy: bool) {
        self.list.push(m);
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.list.len() - self.start
    }
}

/// Captures and promotions into the list, every move counted.
struct NoisyMoves<'a> {
    list: &'a mut MoveList<SceptreMove>,
    count: usize,
}

impl Sink for NoisyMoves<'_> {
    const NOISY_ONLY: bool = true;

    #[inline(always)]
    fn push(&mut self, m: SceptreMove, noisy: bool) {
        self.count += 1;
        if noisy {
            self.list.push(m);
        }
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.count
    }
}

/// Looks for one move among those generated (`SceptrePosition::surely_legal`).
struct FindMove {
    wanted: SceptreMove,
    found: bool,
}

impl Sink for FindMove {
    const NOISY_ONLY: bool = false;

    #[inline(always)]
    fn push(&mut self, m: SceptreMove, _noisy: bool) {
        self.found |= m == self.wanted;
    }

    /// Not asked: only `moves` counts, for the rule of a mated player among three or more.
    fn count(&self) -> usize {
        usize::from(self.found)
    }
}

impl SceptrePosition {
    /// The seat whose far edge promotes a pawn, `None` for other pieces and for a pawn whose
    /// colour's pool holds nothing to promote to.
    #[inline]
    fn promotion_seat(&self, piece: Piece) -> Option<Compass> {
        let pool = &self.pools[piece.colour.index()];
        (piece.kind == PieceKind::Pawn && PROMOTIONS.iter().any(|k| pool[k.index()] > 0))
            .then(|| seat(piece.colour, self.players.len()))
    }

    /// Every move of `piece` from `from` to `to`: the step, and the promotions a pawn's
    /// colour's pool allows on a promotion square.
    #[inline(always)]
    fn emit<S: Sink>(
        &self,
        out: &mut S,
        from: Square,
        to: Square,
        piece: Piece,
        promo: Option<Compass>,
    ) {
        out.push(
            SceptreMove::step(from, to),
            S::NOISY_ONLY && self.board[to as usize].is_some(),
        );
        if let Some(seat) = promo {
            if self.field.promotes(to, seat) {
                let pool = &self.pools[piece.colour.index()];
                for kind in PROMOTIONS {
                    if pool[kind.index()] > 0 {
                        out.push(SceptreMove::promotion(from, to, kind), true);
                    }
                }
            }
        }
    }

    /// Calls `visit` with every square `piece` on `from` may move to, its own king's safety
    /// aside, in generation order.
    #[inline(always)]
    pub(in crate::games::sceptre) fn targets(
        &self,
        from: Square,
        piece: Piece,
        mut visit: impl FnMut(Square),
    ) {
        let field = &*self.field;
        let board = &self.board;
        let free = |to: Square| board[to as usize].is_none_or(|p| p.owner != piece.owner);
        match piece.kind {
            PieceKind::Pawn => self.pawn_targets(from, piece, visit),
            PieceKind::Knight => {
                let reach = field.access_table(PieceKind::Knight);
                for &to in field.knight_targets(from) {
                    if reach[to as usize] != Access::Prohibited && free(to) {
                        visit(to);
                    }
                }
            }
            PieceKind::King => {
                let reach = field.access_table(PieceKind::King);
                for &step in field.steps() {
                    let to = (from as isize + step) as Square;
                    if reach[to as usize] != Access::Prohibited && free(to) {
                        visit(to);
                    }
                }
            }
            PieceKind::Queen => self.slides(from, piece, &QUEEN_LINES, &mut visit),
            PieceKind::Rook => self.slides(from, piece, &ROOK_LINES, &mut visit),
            PieceKind::Bishop => self.slides(from, piece, &BISHOP_LINES, &mut visit),
        }
    }

    /// A slider's moves: open terrain slides on, a limited square may be entered only with
    /// the first step and ends the move, prohibited terrain, holes and pieces stop it. After
    /// the first step the run to the nearest piece or wall comes from the lines' bit sets.
    #[inline(always)]
    fn slides(&self, from: Square, piece: Piece, lines: &[usize], visit: &mut impl FnMut(Square)) {
        let field = &*self.field;
        let board = &self.board;
        let reach = field.access_table(piece.kind);
        let places = field.lines().places(from);
        let slide = slide_bit(piece.kind);
        for &d in lines {
            let step = field.steps()[d];
            let mut to = (from as isize + step) as Square;
            let first = reach[to as usize];
            if first == Access::Prohibited {
                continue;
            }
            if let Some(p) = board[to as usize] {
                if p.owner != piece.owner {
                    visit(to);
                }
                continue;
            }
            visit(to);
            if first == Access::Limited {
                continue;
            }
            let place = places[LINE_KIND[d]];
            let up = d < 4;
            let piece_at = nearest(self.lines[place.line as usize], place.bit, up);
            let wall_at = nearest(field.lines().walls(place.line, slide), place.bit, up);
            let blocked = piece_at != 0 && piece_at < wall_at;
            let end = if blocked { piece_at } else { wall_at };
            for _ in 2..end {
                to = (to as isize + step) as Square;
                visit(to);
            }
            if blocked {
                to = (to as isize + step) as Square;
                if board[to as usize].is_some_and(|p| p.owner != piece.owner) {
                    visit(to);
                }
            }
        }
    }

    /// A pawn's moves: one to three squares forward, forward-diagonally or sideways over empty
    /// squares (rivers and ruins end a move, docs/rules/sceptre1027.md#how-the-pieces-move), the one-square river steps of a pawn
    /// in a river, and its captures one square diagonally forward.
    #[inline(always)]
    fn pawn_targets(&self, from: Square, piece: Piece, mut visit: impl FnMut(Square)) {
        let field = &*self.field;
        let board = &self.board;
        let steps = field.steps();
        let start = field.land(from);
        let fwd = self.forward_of(piece.colour);
        let [left, right] = forward_diagonals(fwd);
        let [side, other_side] = sideways(fwd);
        for d in [fwd, left, right, side, other_side] {
            let step = steps[d as usize];
            let mut cur = from;
            let mut cur_terrain = start;
            let mut in_start_ruin = start == Some(Terrain::Ruin);
            for n in 1..=3 {
                let next = (cur as isize + step) as Square;
                if board[next as usize].is_some() {
                    break;
                }
                let Some(t) = field.land(next) else {
                    break;
                };
                let mut stop = false;
                match t {
                    Terrain::Pond => break,
                    Terrain::River => {
                        if cur_terrain == Some(Terrain::River) {
                            // River to river: only the single orthogonal step below.
                            break;
                        }
                        stop = true;
                        in_start_ruin = false;
                    }
                    Terrain::Ruin => {
                        if !in_start_ruin {
                            if n > 1 {
                                break;
                            }
                            stop = true;
                        }
                    }
                    _ => in_start_ruin = false,
                }
                visit(next);
                if stop {
                    break;
                }
                cur = next;
                cur_terrain = Some(t);
            }
        }
        if start == Some(Terrain::River) {
            for d in ROOK_LINES {
                let next = (from as isize + steps[d]) as Square;
                if board[next as usize].is_none() && field.land(next) == Some(Terrain::River) {
                    visit(next);
                }
            }
        }
        self.pawn_captures(from, piece, &mut visit);
    }

    /// A pawn's captures: one square diagonally forward onto another owner's piece, never
    /// into a pond, never from a river square to a river square.
    #[inline(always)]
    fn pawn_captures(&self, from: Square, piece: Piece, visit: &mut impl FnMut(Square)) {
        let field = &*self.field;
        for d in forward_diagonals(self.forward_of(piece.colour)) {
            let next = (from as isize + field.steps()[d as usize]) as Square;
            if self.board[next as usize].is_some_and(|p| p.owner != piece.owner)
                && super::attacks::pawn_may_capture_onto(field.land(from), field.land(next))
            {
                visit(next);
            }
        }
    }

    /// Calls `visit` with every square `piece` on `from` may capture on, in generation order
    /// (the captures among [`SceptrePosition::targets`]).
    #[inline(always)]
    fn captures(&self, from: Square, piece: Piece, mut visit: impl FnMut(Square)) {
        let field = &*self.field;
        let board = &self.board;
        let enemy = |to: Square| board[to as usize].is_some_and(|p| p.owner != piece.owner);
        let reach = field.access_table(piece.kind);
        match piece.kind {
            PieceKind::Pawn => self.pawn_captures(from, piece, &mut visit),
            PieceKind::Knight => {
                for &to in field.knight_targets(from) {
                    if reach[to as usize] != Access::Prohibited && enemy(to) {
                        visit(to);
                    }
                }
            }
            PieceKind::King => {
                for &step in field.steps() {
                    let to = (from as isize + step) as Square;
                    if reach[to as usize] != Access::Prohibited && enemy(to) {
                        visit(to);
                    }
                }
            }
            kind => {
                let lines: &[usize] = match kind {
                    PieceKind::Queen => &QUEEN_LINES,
                    PieceKind::Rook => &ROOK_LINES,
                    _ => &BISHOP_LINES,
                };
                let places = field.lines().places(from);
                let slide = slide_bit(kind);
                for &d in lines {
                    let step = field.steps()[d];
                    let to = (from as isize + step) as Square;
                    let first = reach[to as usize];
                    if first == Access::Prohibited {
                        continue;
                    }
                    if board[to as usize].is_some() {
                        if enemy(to) {
                            visit(to);
                        }
                        continue;
                    }
                    if first == Access::Limited {
                        continue;
                    }
                    let place = places[LINE_KIND[d]];
                    let up = d < 4;
                    let piece_at = nearest(self.lines[place.line as usize], place.bit, up);
                    let wall_at = nearest(field.lines().walls(place.line, slide), place.bit, up);
                    if piece_at != 0 && piece_at < wall_at {
                        let to = (from as isize + piece_at as isize * step) as Square;
                        if enemy(to) {
                            visit(to);
                        }
                    }
                }
            }
        }
    }

    /// The pseudo-legal moves of `piece` standing on `from` (its own king's safety aside).
    pub fn piece_moves(&self, from: Square, piece: Piece, out: &mut Vec<SceptreMove>) {
        let promo = self.promotion_seat(piece);
        let pool = self.pool(piece.colour);
        self.targets(
            from,
            piece,
            #[inline(always)]
            |to| {
                out.push(SceptreMove::step(from, to));
                if promo.is_some_and(|seat| self.field.promotes(to, seat)) {
                    for kind in PROMOTIONS {
                        if pool[kind.index()] > 0 {
                            out.push(SceptreMove::promotion(from, to, kind));
                        }
                    }
                }
            },
        );
    }

    /// The checks on `mover`'s king and the pieces pinned to it.
    fn safety(&self, mover: PlayerColour) -> Safety {
        let mut s = Safety {
            king: NO_SQUARE,
            hostile: self.hostile_to(mover),
            checks: 0,
            check_square: NO_SQUARE,
            check_line: None,
            pins: [(NO_SQUARE, Line { step: 0, len: 0 }); 8],
            pin_count: 0,
        };
        let Some(king) = self.king_square(mover) else {
            return s;
        };
        s.king = king;
        let field = &*self.field;
        let (Some(terrain), true) = (field.land(king), s.hostile != 0) else {
            return s;
        };
        let mask = s.hostile;
        let hostile = |p: Piece| mask & owner_bit(p.owner) != 0;
        let check = |s: &mut Safety, sq: Square, line: Option<Line>| {
            s.checks += 1;
            s.check_square = sq;
            s.check_line = line;
        };
        if access(PieceKind::Knight, terrain) != Access::Prohibited {
            for &sq in field.knight_targets(king) {
                if let Some(p) = self.board[sq as usize] {
                    if p.kind == PieceKind::Knight && hostile(p) {
                        check(&mut s, sq, None);
                    }
                }
            }
        }
        let far = field.passable(king);
        let lines = field.lines();
        let places = lines.places(king);
        for (d, &step) in field.steps().iter().enumerate() {
            let place = places[LINE_KIND[d]];
            let up = d < 4;
            let occupied = self.lines[place.line as usize];
            let distance = nearest(occupied, place.bit, up);
            if distance == 0 {
                continue;
            }
            let sq = (king as isize + distance as isize * step) as Square;
            let p = self.board[sq as usize].expect("an occupied cell holds a piece");
            // The sliders along this line that could reach the king from afar.
            let sliders = LINE_SLIDERS[d] & far;
            if hostile(p) {
                if distance == 1 {
                    if self.attacks_next_door(p, sq, d, terrain) {
                        check(&mut s, sq, Some(Line { step, len: 1 }));
                    }
                } else {
                    let slide = slide_bit(p.kind) & sliders;
                    if slide != 0
                        && lines.walls(place.line, slide) & between(place.bit, distance, up) == 0
                    {
                        check(
                            &mut s,
                            sq,
                            Some(Line {
                                step,
                                len: distance,
                            }),
                        );
                    }
                }
            } else if p.owner == mover && sliders != 0 {
                // Pinned if the next piece beyond is a hostile slider reaching through.
                let own = if up {
                    place.bit as u32 + distance
                } else {
                    place.bit as u32 - distance
                };
                let beyond = nearest(occupied & !(1u128 << own), place.bit, up);
                if beyond == 0 {
                    continue;
                }
                let pinner = (king as isize + beyond as isize * step) as Square;
                let q = self.board[pinner as usize].expect("an occupied cell holds a piece");
                let slide = slide_bit(q.kind) & sliders;
                if hostile(q)
                    && slide != 0
                    && lines.walls(place.line, slide) & between(place.bit, beyond, up) == 0
                {
                    s.pins[s.pin_count] = (sq, Line { step, len: beyond });
                    s.pin_count += 1;
                }
            }
        }
        s
    }

    /// Whether the move of `piece` (not the king) from `from` to `to` keeps the king safe,
    /// the piece being pinned along `pin` or in check.
    #[inline]
    fn constrained_move_is_safe(
        &self,
        s: &Safety,
        pin: Option<Line>,
        from: Square,
        to: Square,
    ) -> bool {
        if let Some(victim) = self.board[to as usize] {
            if victim.kind == PieceKind::King && self.is_playing(victim.owner) {
                let hostile = s.hostile & !owner_bit(victim.owner);
                return !self.attacked(s.king, hostile, from, to);
            }
        }
        s.checks <= 1
            && (s.checks == 0 || s.answers_check(to))
            && pin.is_none_or(|line| on_line(s.king, line.step, line.len, to))
    }

    /// The king's moves onto squares no playing opponent attacks once it has left `from`.
    fn king_moves<S: Sink>(
        &self,
        from: Square,
        piece: Piece,
        s: &Safety,
        captures_only: bool,
        out: &mut S,
    ) {
        // Lifting the king lengthens only the lines that reach its square. Where no hostile
        // piece covers it, no hostile line does, and a square is attacked once the king has
        // left exactly where the kept cover map says it is now.
        let lines_reach_king = self.covered_by(from, s.hostile);
        let visit = |to: Square| {
            let mut hostile = s.hostile;
            if let Some(victim) = self.board[to as usize] {
                if victim.kind == PieceKind::King && self.is_playing(victim.owner) {
                    hostile &= !owner_bit(victim.owner);
                }
            }
            let attacked = if lines_reach_king {
                self.attacked(to, hostile, from, NO_SQUARE)
            } else {
                self.covered_by(to, hostile)
            };
            if !attacked {
                self.emit(out, from, to, piece, None);
            }
        };
        if captures_only {
            self.captures(from, piece, visit);
        } else {
            self.targets(from, piece, visit);
        }
    }

    /// The legal moves of the side to move after the set-up, as [`SceptrePosition::legal_moves`].
    /// `kinds` (bit per kind index) are the kinds that may have a noisy move
    /// ([`SceptrePosition::capturing_kinds`], the pawns where one may promote): a noisy list
    /// out of check skips the other kinds' pieces, which have none.
    fn moves<S: Sink>(&self, out: &mut S, kinds: u8) {
        let mover = self.to_move;
        let s = self.safety(mover);
        // Out of check nobody needs the quiet moves counted: only captures and promotions
        // are generated for a noisy list.
        let captures_only = S::NOISY_ONLY && s.checks == 0;
        for from in self.owned.squares(mover) {
            let piece = self.board[from as usize].expect("an owned square holds a piece");
            if captures_only && kinds & (1 << piece.kind.index()) == 0 {
                continue;
            }
            self.legal_moves_of(from, piece, &s, captures_only, out);
        }
        if out.count() == 0 && s.checks > 0 && self.playing_count() >= 3 {
            // Checkmated with three or more playing: a piece other than the king must move
            // if one can, else the king (docs/rules/sceptre1027.md#three-or-four-players).
            for kings in [false, true] {
                for from in self.owned.squares(mover) {
                    let piece = self.board[from as usize].expect("an owned square holds a piece");
                    if (piece.kind == PieceKind::King) == kings {
                        let promo = self.promotion_seat(piece);
                        self.targets(from, piece, |to| self.emit(out, from, to, piece, promo));
                    }
                }
                if out.count() > 0 {
                    break;
                }
            }
        }
    }

    /// The legal moves of the mover's `piece` on `from` (`s` his king's safety), only its
    /// captures where `captures_only`: one piece's part of [`SceptrePosition::moves`].
    #[inline(always)]
    fn legal_moves_of<S: Sink>(
        &self,
        from: Square,
        piece: Piece,
        s: &Safety,
        captures_only: bool,
        out: &mut S,
    ) {
        let promo = self.promotion_seat(piece);
        if from == s.king {
            self.king_moves(from, piece, s, captures_only, out);
            return;
        }
        let pin = s.pin_of(from);
        if captures_only && promo.is_none() {
            self.captures(from, piece, |to| {
                if pin.is_none() || self.constrained_move_is_safe(s, pin, from, to) {
                    self.emit(out, from, to, piece, None);
                }
            });
        } else if s.checks == 0 && pin.is_none() {
            self.targets(
                from,
                piece,
                #[inline(always)]
                |to| self.emit(out, from, to, piece, promo),
            );
        } else {
            self.targets(from, piece, |to| {
                if self.constrained_move_is_safe(s, pin, from, to) {
                    self.emit(out, from, to, piece, promo);
                }
            });
        }
    }

    /// Whether `m` is certainly among the legal moves (`generate_legal`, every move), found
    /// from the moves of the piece on its from-square alone: the search tries the table's
    /// move before it generates the rest. False for placements, for a move that piece does
    /// not have, and so where only the rule for a mated player among three or more would
    /// allow it (the caller then generates every move and looks there).
    pub fn surely_legal(&self, m: SceptreMove) -> bool {
        if m.is_placement() || self.in_set_up() || self.playing_count() < 2 {
            return false;
        }
        let from = m.from();
        let Some(piece) = self.board[from as usize] else {
            return false;
        };
        if piece.owner != self.to_move {
            return false;
        }
        let s = self.safety(self.to_move);
        let mut find = FindMove {
            wanted: m,
            found: false,
        };
        self.legal_moves_of(from, piece, &s, false, &mut find);
        find.found
    }

    /// The set-up placements of the side to move (docs/rules/sceptre1027.md#the-set-up): a piece still
    /// to place on an empty square of his kingdom it may stand on, the second bishop on the
    /// other colour, never attacking another player's king, a king never on an attacked
    /// square.
    fn placements<S: Sink>(&self, out: &mut S) {
        let mover = self.to_move;
        let (Some(counts), Some(corner)) = (self.set_up(mover), self.kingdoms.corner(mover)) else {
            return;
        };
        let field: &Field = &self.field;
        let mut kingdom = [NO_SQUARE; 64];
        let mut len = 0;
        for rank in 0..8 {
            for file in 0..8 {
                let c = Coord::new(corner.file + file, corner.rank + rank);
                if let Some(sq) = field.square(c) {
                    kingdom[len] = sq;
                    len += 1;
                }
            }
        }
        let kingdom = &kingdom[..len];
        let mut bishop_colours = 0u8;
        for sq in self.owned.squares(mover) {
            if self.board[sq as usize].is_some_and(|p| p.kind == PieceKind::Bishop) {
                bishop_colours |= 1 << field.place(sq).colour() as u8;
            }
        }
        let mut kings = [NO_SQUARE; 3];
        let mut king_count = 0;
        for c in self.colours() {
            if c != mover && self.kings[c.index()] != NO_SQUARE {
                kings[king_count] = self.kings[c.index()];
                king_count += 1;
            }
        }
        let others = 0b1111 & !owner_bit(mover);
        for kind in PieceKind::ALL {
            if counts[kind.index()] == 0 {
                continue;
            }
            let piece = Piece::new(kind, mover);
            // The kings this kind could attack from somewhere in the kingdom.
            let reach = match kind {
                PieceKind::King | PieceKind::Pawn => 1,
                PieceKind::Knight => 3,
                _ => u8::MAX,
            };
            let mut near = [NO_SQUARE; 3];
            let mut near_count = 0;
            for &k in &kings[..king_count] {
                if box_gap(field.place(k), corner) <= reach {
                    near[near_count] = k;
                    near_count += 1;
                }
            }
            let kings = &near[..near_count];
            let stand = field.access_table(kind);
            for &sq in kingdom {
                if self.board[sq as usize].is_some() || stand[sq as usize] == Access::Prohibited {
                    continue;
                }
                if kind == PieceKind::Bishop
                    && bishop_colours & (1 << field.place(sq).colour() as u8) != 0
                {
                    continue;
                }
                if kings.iter().any(|&k| self.piece_attacks(sq, piece, k)) {
                    continue;
                }
                // Whether another's piece attacks the square: the kept cover map says it.
                if kind == PieceKind::King && self.covered_by(sq, others) {
                    continue;
                }
                out.push(SceptreMove::placement(kind, sq), false);
            }
        }
    }

    /// The legal moves of the side to move. None when the game is over (fewer than two players
    /// playing; two playing and the side to move mated or stalemated) and when the side to move
    /// must withdraw (three or more playing, no move at all: see [`SceptrePosition::withdraw`]).
    /// With three or more playing, a checkmated player must still move: a piece other than the
    /// king if he can, else the king (docs/rules/sceptre1027.md#three-or-four-players).
    pub fn legal_moves(&mut self) -> Vec<SceptreMove> {
        let mut list = MoveList::new();
        self.generate_legal(false, &mut list);
        list.iter().copied().collect()
    }

    /// Appends the legal moves of the side to move (as [`SceptrePosition::legal_moves`]) to
    /// `out`, only captures and promotions when `noisy_only`: the generator the game trait and
    /// so search and perft use.
    pub fn generate_legal(&self, noisy_only: bool, list: &mut MoveList<SceptreMove>) {
        if self.playing_count() < 2 {
            return;
        }
        let start = list.len();
        match (noisy_only, self.in_set_up()) {
            (false, false) => self.moves(&mut AllMoves { list, start }, ALL_KINDS),
            (false, true) => self.placements(&mut AllMoves { list, start }),
            // No capture and no promotion to make: the noisy list is empty without a look at
            // each piece (quiescence asks for it at every node).
            (true, false) => {
                let mover = self.to_move;
                let mut kinds = self.capturing_kinds(mover);
                if self.may_promote(mover) {
                    kinds |= 1 << PieceKind::Pawn.index();
                }
                if kinds != 0 {
                    self.moves(&mut NoisyMoves { list, count: 0 }, kinds)
                }
            }
            // Placements are never noisy.
            (true, true) => {}
        }
    }

    /// Whether a pawn of `owner`'s might promote: one of his colours has a pawn on the field
    /// and a piece in its pool to promote to ([`Self::promotion_seat`]).
    #[inline]
    fn may_promote(&self, owner: PlayerColour) -> bool {
        self.pools.iter().enumerate().any(|(c, pool)| {
            self.tally.owner[c & 3] == owner
                && self.tally.colours[c & 3].count[PieceKind::Pawn.index()] > 0
                && PROMOTIONS.iter().any(|k| pool[k.index()] > 0)
        })
    }

    /// A capture (of any piece, a withdrawn player's included) or a promotion.
    #[inline]
    pub fn is_noisy(&self, m: SceptreMove) -> bool {
        // A promotion is a move (no placement) with a kind: tested as bits, not decoded.
        !m.is_placement() && (m.has_kind() || self.board[m.to() as usize].is_some())
    }

    /// Whether the side to move has no move and withdraws (three or more playing, set-up over).
    pub fn must_withdraw(&mut self) -> bool {
        !self.in_set_up() && self.playing_count() >= 3 && self.legal_moves().is_empty()
    }

    /// The legal move whose text is `text`, if any.
    pub fn parse_move(&mut self, text: &str) -> Option<SceptreMove> {
        let field = self.field.clone();
        self.legal_moves()
            .into_iter()
            .find(|m| m.text(&field) == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::test_support::{reference_positions, Rng};

    /// `surely_legal` answers yes exactly for the legal moves (but where only the rule of a
    /// mated player among three or more allows them, and placements): every piece's
    /// pseudo-legal moves, every colour's, and arbitrary packed values asked, along random
    /// games from the reference positions.
    #[test]
    fn surely_legal_says_yes_to_the_legal_moves_and_no_to_the_others() {
        let mut rng = Rng(0x5u64 << 40 | 0x1e9a1);
        let (mut yes, mut no) = (0, 0);
        for text in reference_positions() {
            let mut pos = SceptrePosition::from_text(&text).unwrap();
            for _ in 0..40 {
                let legal = pos.legal_moves();
                let mover = pos.to_move();
                let mated_rule =
                    pos.playing_count() >= 3 && pos.in_check(mover) && !pos.in_set_up() && {
                        // The pieces' own legal moves are none: the rule's list stands.
                        let s = pos.safety(mover);
                        let mut list = MoveList::new();
                        let mut all = AllMoves {
                            list: &mut list,
                            start: 0,
                        };
                        for from in pos.owned.squares(mover) {
                            let piece = pos.board[from as usize].unwrap();
                            pos.legal_moves_of(from, piece, &s, false, &mut all);
                        }
                        all.count() == 0
                    };
                for &m in &legal {
                    if !m.is_placement() && !mated_rule {
                        assert!(pos.surely_legal(m), "{} in {pos}", m.text(pos.field()));
                        yes += 1;
                    }
                }
                let mut asked = Vec::new();
                for (from, piece) in pos.pieces() {
                    pos.piece_moves(from, piece, &mut asked);
                }
                let squares = pos.field().squares().to_vec();
                let own: Vec<Square> = pos.owned.squares(mover).collect();
                for _ in 0..50 {
                    let to = squares[rng.below(squares.len())];
                    let from = match own.len() {
                        0 => squares[rng.below(squares.len())],
                        n => own[rng.below(n)],
                    };
                    asked.push(SceptreMove::step(from, to));
                    // Kind bits below 4: kind 7 names no piece, and `from_u32` would index
                    // past the kinds (the table only ever hands it packed moves).
                    let bits = rng.below(1 << 31) as u32 & !(1 << 28) | 1 << 31;
                    asked.push(SceptreMove::from_u32(bits).unwrap_or_default());
                }
                for m in asked {
                    if pos.surely_legal(m) {
                        assert!(legal.contains(&m), "{} in {pos}", m.text(pos.field()));
                    } else {
                        no += 1;
                    }
                }
                if legal.is_empty() {
                    break;
                }
                pos.make(legal[rng.below(legal.len())]);
            }
        }
        assert!(yes > 10_000 && no > 10_000, "{yes} legal, {no} not");
    }

    fn texts(pos: &mut SceptrePosition) -> Vec<String> {
        let field = pos.field().clone();
        let mut t: Vec<String> = pos.legal_moves().iter().map(|m| m.text(&field)).collect();
        t.sort();
        t
    }

    /// The promotion position of the reference suite: meadows of the last rank promote to
    /// what the pawn's own colour has in its pool, the forest never does, the plain move stays.
    #[test]
    fn promotions_draw_from_the_pawns_own_pool() {
        let mut pos = SceptrePosition::from_text(
            "3mf4m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Pw@g2,Kw@h6,Pb@c7,Pb@e7,Rw@f8,Pb@g8 \
             b+,w+ b b@a1,w@a1 - b:QNP,w:R -",
        )
        .unwrap();
        let t = texts(&mut pos);
        for m in ["c7c8", "c7c8q", "c7c8n", "e7f8q", "g8h8n", "c7d8"] {
            assert!(t.contains(&m.to_string()), "{m} missing from {t:?}");
        }
        for m in ["c7c8r", "c7d8q", "c7c8b"] {
            assert!(!t.contains(&m.to_string()), "{m} in {t:?}");
        }
        let m = pos.parse_move("e7f8q").unwrap();
        let undo = pos.make(m);
        assert!(pos.to_text().contains("Qb@f8"));
        assert!(pos.to_text().contains(" b:NP,w:RR "));
        pos.unmake(m, undo);
        assert!(
            pos.parse_move("g2g1r").is_none(),
            "white's pawn is not on its last rank"
        );
        assert_eq!(pos.parse_move("a1a1"), None);
    }

    /// Set-up: placements only in the kingdom, the second bishop on the other colour.
    #[test]
    fn placements_follow_the_set_up_rules() {
        let mut pos = SceptrePosition::from_text(
            "8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m Bb@a1,Kb@d4 b+,w+ b b@a1,w@a9 \
             b:B,w:K - -",
        )
        .unwrap();
        let t = texts(&mut pos);
        assert_eq!(t.len(), 32);
        assert!(t.iter().all(|m| m.starts_with("B@")));
        assert!(t.contains(&"B@b1".to_string()) && !t.contains(&"B@c1".to_string()));
        let m = pos.parse_move("B@g8").unwrap();
        pos.make(m);
        assert_eq!(
            pos.to_move(),
            crate::games::sceptre::field::seats::PlayerColour::White
        );
        // White's king may not stand where the bishop g8 would take it.
        let t = texts(&mut pos);
        assert_eq!(t.len(), 64 - 7, "f9 e10 d11 c12 b13 a14 h9 are attacked");
        assert!(!t.contains(&"K@f9".to_string()) && !t.contains(&"K@h9".to_string()));
    }
}
