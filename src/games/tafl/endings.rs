//! The rules that look further than a move's neighbours: shieldwall rows along the edge, the
//! result a move makes (capture, escape, edge fort, encirclement), and the result of a
//! position given as text.

use super::board::{step, Cell, Square, CELLS, STEPS};
use super::position::{Ending, Side, TaflPosition, MAX_CAPTURES};
use super::rules::{Shieldwall, CORNER, EDGE, ON_BOARD};

/// A set of squares for flood fills.
struct SquareSet([u64; CELLS.div_ceil(64)]);

impl SquareSet {
    fn new() -> SquareSet {
        SquareSet([0; CELLS.div_ceil(64)])
    }
    /// Adds `sq`; false if it was there already.
    fn insert(&mut self, sq: Square) -> bool {
        let (w, b) = (sq as usize / 64, 1u64 << (sq % 64));
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }
    fn contains(&self, sq: Square) -> bool {
        self.0[sq as usize / 64] & (1 << (sq % 64)) != 0
    }
}

impl TaflPosition {
    /// For a square on the edge: the direction towards the middle of the board from each edge
    /// it lies on (a corner lies on two).
    fn inward(&self, sq: Square) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter(move |&d| self.cell(step(sq, d ^ 1)) == Cell::Off)
    }

    /// Can `c` of `side` take part in a shieldwall (as bracket or front)?
    fn walls_with(&self, c: Cell, side: Side) -> bool {
        side.owns(c) && (c != Cell::King || self.rules.king_hammer || self.rules.king_anvil)
    }

    /// The end of a shieldwall row: one of `side`'s pieces, or a corner where corners count.
    fn bracket(&self, sq: Square, side: Side) -> bool {
        self.walls_with(self.cell(sq), side)
            || (self.rules.shieldwall == Shieldwall::Strong && self.rules.flags(sq) & CORNER != 0)
    }

    /// The run of the other side's pieces from `first` along direction `d` on the edge whose
    /// inward direction is `inside`, if it is a closed shieldwall row: its far end, or None.
    fn shieldwall_row(&self, first: Square, d: usize, inside: usize, side: Side) -> Option<Square> {
        let enemy = side.flip();
        let mut sq = first;
        let mut len = 0;
        while enemy.owns(self.cell(sq)) {
            if !self.walls_with(self.cell(step(sq, inside)), side) {
                return None;
            }
            len += 1;
            sq = step(sq, d);
        }
        (len >= 2 && self.bracket(sq, side)).then_some(sq)
    }

    /// Removes the shieldwall rows the move of `side` onto `to` closes (after its ordinary
    /// captures), appending them to `out` after the first `n`; the new count.
    pub(super) fn shieldwall_captures(
        &mut self,
        to: Square,
        side: Side,
        out: &mut [Square; MAX_CAPTURES],
        mut n: u8,
    ) -> u8 {
        let mut rows: Vec<(Square, usize)> = Vec::new();
        // The mover as a bracket: it stands on an edge, the row runs along it.
        if self.rules.flags(to) & EDGE != 0 && self.walls_with(self.cell(to), side) {
            for inside in self.inward(to).collect::<Vec<_>>() {
                for d in 0..4 {
                    if d / 2 != inside / 2 {
                        rows.push((step(to, d), d));
                    }
                }
            }
        }
        // The mover in front of the row (swf:n): the edge square behind it starts the row.
        if !self.rules.shieldwall_flank_only {
            for back in 0..4 {
                let behind = step(to, back);
                if self.rules.flags(behind) & EDGE == 0
                    || self.cell(step(behind, back)) != Cell::Off
                {
                    continue;
                }
                if !side.flip().owns(self.cell(behind)) {
                    continue;
                }
                // Walk to one end of the row, then test it from there in the other direction.
                for d in 0..4 {
                    if d / 2 == back / 2 {
                        continue;
                    }
                    let mut start = behind;
                    while side.flip().owns(self.cell(step(start, d ^ 1))) {
                        start = step(start, d ^ 1);
                    }
                    rows.push((start, d));
                }
            }
        }
        for (first, d) in rows {
            let inside = self.inward(first).find(|&i| i / 2 != d / 2);
            let Some(inside) = inside else { continue };
            if self.rules.flags(first) & ON_BOARD == 0 {
                continue;
            }
            let Some(end) = self.shieldwall_row(first, d, inside, side) else {
                continue;
            };
            let mut sq = first;
            while sq != end {
                if self.cell(sq) != Cell::King && (n as usize) < MAX_CAPTURES {
                    out[n as usize] = sq;
                    n += 1;
                    self.remove(sq);
                }
                sq = step(sq, d);
            }
        }
        n
    }

    /// The result the move of `side` with `mover` onto `to` makes.
    #[inline]
    pub(super) fn result_after_move(
        &self,
        side: Side,
        mover: Cell,
        to: Square,
        king_taken: bool,
    ) -> Option<Ending> {
        match side {
            Side::Attackers => {
                // A strong king falls only to the attacker stepping in beside him to close
                // the enclosure (docs/rules/tafl.md): one who walked in survives moves elsewhere.
                let closes_on_king = self.beside(to, 1 << Cell::King as u8);
                if king_taken || (closes_on_king && self.king_surrounded()) {
                    return Some(Ending::KingCaptured);
                }
                if self.rules.encirclement && self.defenders_encircled() {
                    return Some(Ending::Encircled);
                }
                None
            }
            Side::Defenders => {
                if mover == Cell::King && self.rules.escapes(to) {
                    return Some(Ending::KingEscaped);
                }
                if self.rules.edge_fort && self.edge_fort() {
                    return Some(Ending::EdgeFort);
                }
                None
            }
        }
    }

    /// The result of a position given as text: as if the other side had just moved. So a king
    /// given enclosed is captured with the defenders to move (the attackers' last move closed
    /// him in), and not with the attackers to move (docs/rules/tafl.md).
    pub(super) fn settle(&mut self) {
        self.ending = match self.king_square() {
            None => Some(Ending::KingCaptured),
            Some(k) if self.rules.escapes(k) => Some(Ending::KingEscaped),
            Some(_) => match self.side_to_move() {
                Side::Defenders if self.king_surrounded() => Some(Ending::KingCaptured),
                Side::Defenders if self.rules.encirclement && self.defenders_encircled() => {
                    Some(Ending::Encircled)
                }
                Side::Attackers if self.rules.edge_fort && self.edge_fort() => {
                    Some(Ending::EdgeFort)
                }
                _ => None,
            },
        };
    }

    /// Can no defender, the king included, reach the edge through squares free of attackers?
    pub fn defenders_encircled(&self) -> bool {
        let mut seen = SquareSet::new();
        let mut stack: Vec<Square> = Vec::with_capacity(64);
        for &sq in &self.rules.squares {
            if !Side::Defenders.owns(self.cell(sq)) || seen.contains(sq) {
                continue;
            }
            seen.insert(sq);
            stack.push(sq);
            while let Some(s) = stack.pop() {
                if self.rules.flags(s) & EDGE != 0 {
                    return false;
                }
                for d in STEPS.iter().map(|&x| (s as isize + x) as Square) {
                    let c = self.cell(d);
                    if c != Cell::Attacker && c != Cell::Off && seen.insert(d) {
                        stack.push(d);
                    }
                }
            }
        }
        true
    }

    /// The edge fort of docs/rules/tafl.md#winning-and-losing: the king on the edge with a move, his region
    /// untouched by attackers and walled by defenders that can never be captured.
    pub fn edge_fort(&self) -> bool {
        let Some(king) = self.king_square() else {
            return false;
        };
        if self.rules.flags(king) & EDGE == 0 {
            return false;
        }
        let mut fort = SquareSet::new();
        let mut region = vec![king];
        fort.insert(king);
        let mut i = 0;
        while i < region.len() {
            let s = region[i];
            i += 1;
            for d in 0..4 {
                let n = step(s, d);
                match self.cell(n) {
                    Cell::Attacker => return false,
                    Cell::Empty if fort.insert(n) => region.push(n),
                    _ => {}
                }
            }
        }
        let mut moves = crate::core::MoveList::new();
        let mut probe = *self;
        probe.side = Side::Defenders;
        probe.ending = None;
        super::movegen::generate(&probe, crate::core::Scope::All, &mut moves);
        if !moves.iter().any(|m| m.from() == king) {
            return false;
        }
        // The defenders that can never be captured: remove, until none changes, any with both
        // sides of a line open to an attacker.
        let mut safe = SquareSet::new();
        for &sq in &self.rules.squares {
            if self.cell(sq) == Cell::Defender {
                safe.insert(sq);
            }
        }
        // Corners and the throne are hostile: never a closed side, even inside the fort.
        let special = |s: Square| self.rules.flags(s) & super::rules::SPECIAL != 0;
        let closed = |safe: &SquareSet, s: Square| match self.cell(s) {
            Cell::Off => true,
            Cell::Empty => fort.contains(s) && !special(s),
            Cell::Defender => safe.contains(s),
            Cell::King => true, // his square is part of the fort
            Cell::Attacker => false,
        };
        loop {
            let mut changed = false;
            for &sq in &self.rules.squares {
                if self.cell(sq) != Cell::Defender || !safe.contains(sq) {
                    continue;
                }
                let open_line = [(0, 1), (2, 3)]
                    .iter()
                    .any(|&(a, b)| !closed(&safe, step(sq, a)) && !closed(&safe, step(sq, b)));
                if open_line {
                    safe.0[sq as usize / 64] &= !(1 << (sq % 64));
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // Every wall (a defender next to the fort) must be safe.
        region.iter().all(|&s| {
            (0..4).all(|d| {
                let n = step(s, d);
                self.cell(n) != Cell::Defender || safe.contains(n)
            })
        })
    }
}
