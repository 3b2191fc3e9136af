//! The field's straight lines as bit sets: every file, rank, diagonal and anti-diagonal of the
//! bounding box is one line of at most 72 cells, a cell is one bit of a `u128`, so the nearest
//! piece along a direction and whether the cells in between are open to a slider are a few
//! bit operations instead of a walk (a 24x24 field is mostly empty, its lines long).
//!
//! Cell `i` of a line sits at bit `i + 1`: bit 0 and the bits past the line's end are walls for
//! every slider, so a slide ends at the field's edge without a bounds test. Holes are walls
//! too. The position keeps which cells are occupied, per line (`SceptrePosition::lines`).

use super::cells::{CellArray, LineArray};
use super::piece::{SLIDE_BISHOP, SLIDE_QUEEN, SLIDE_ROOK};
use super::square::Square;

/// The line each direction runs along (`Direction as usize` to line kind): north-south on a
/// file, east-west on a rank, the diagonals. Directions 0-3 run towards higher bits.
pub const LINE_KIND: [usize; 8] = [0, 1, 2, 3, 0, 1, 2, 3];

/// Where a cell lies on one of its four lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinePlace {
    pub line: u16,
    pub bit: u8,
}

/// Per cell its place on its file, diagonal, rank and anti-diagonal (in `LINE_KIND` order:
/// file, diagonal, rank, anti-diagonal), and per line the walls of each slider.
#[derive(Clone, Debug, Default)]
pub struct LineTables {
    places: CellArray<[LinePlace; 4]>,
    /// Per line: the cells not open to the queen, the rook and the bishop (`wall_index`).
    walls: LineArray<[u128; 3]>,
    /// How many lines the field has.
    count: usize,
}

/// Index in a line's walls of a slider bit (`SLIDE_*`).
#[inline(always)]
pub const fn wall_index(slide: u8) -> usize {
    match slide {
        SLIDE_QUEEN => 0,
        SLIDE_ROOK => 1,
        SLIDE_BISHOP => 2,
        _ => 0,
    }
}

impl LineTables {
    /// The tables of a `width` x `height` bounding box; `cell(file, rank)` is the mailbox
    /// index of a place and `open(cell)` the sliders (`SLIDE_*` bits) open terrain lets
    /// through there (0 for holes).
    pub fn new(
        width: usize,
        height: usize,
        cell: impl Fn(usize, usize) -> Square,
        open: impl Fn(Square) -> u8,
    ) -> LineTables {
        let files = width;
        let ranks = height;
        let diagonals = width + height - 1;
        // Line ids: files, then diagonals, ranks, anti-diagonals (the `LINE_KIND` order).
        let first = [0, files, files + diagonals, files + diagonals + ranks];
        let count = first[3] + diagonals;
        let mut tables = LineTables {
            places: CellArray::filled([LinePlace::default(); 4]),
            walls: LineArray::filled([u128::MAX; 3]),
            count,
        };
        for rank in 0..height {
            for file in 0..width {
                let sq = cell(file, rank);
                let lines = [
                    (first[0] + file, rank),
                    (first[1] + file + height - 1 - rank, file),
                    (first[2] + rank, file),
                    (first[3] + file + rank, file),
                ];
                let bits = open(sq);
                for (kind, &(line, index)) in lines.iter().enumerate() {
                    let bit = index + 1;
                    tables.places[sq as usize][kind] = LinePlace {
                        line: line as u16,
                        bit: bit as u8,
                    };
                    for slide in [SLIDE_QUEEN, SLIDE_ROOK, SLIDE_BISHOP] {
                        if bits & slide != 0 {
                            tables.walls[line][wall_index(slide)] &= !(1u128 << bit);
                        }
                    }
                }
            }
        }
        tables
    }

    /// The number of lines (the length of a position's occupancy per line).
    pub fn count(&self) -> usize {
        self.count
    }

    /// A cell's places on its four lines (cells off the bounding box: line 0, bit 0).
    #[inline(always)]
    pub fn places(&self, sq: Square) -> &[LinePlace; 4] {
        &self.places[sq as usize]
    }

    /// The cells of `line` not open to a slider (`SLIDE_*` bit).
    #[inline(always)]
    pub fn walls(&self, line: u16, slide: u8) -> u128 {
        self.walls[line as usize][wall_index(slide)]
    }
}

/// Per bit, the bits above it (`ABOVE`) and below it (`BELOW`): [`nearest`] masks with one
/// load instead of shifting a `u128` by a variable count, about a dozen instructions at each
/// of the millions of calls in a search (issue 32).
const ABOVE: [u128; 128] = {
    let mut masks = [0u128; 128];
    let mut bit = 0;
    while bit < 127 {
        masks[bit] = !0u128 << (bit + 1);
        bit += 1;
    }
    masks
};
const BELOW: [u128; 128] = {
    let mut masks = [0u128; 128];
    let mut bit = 0;
    while bit < 128 {
        masks[bit] = (1u128 << bit) - 1;
        bit += 1;
    }
    masks
};

/// How many steps from bit `bit` towards higher bits (`up`) or lower ones the nearest set
/// bit of `set` is; 0 when there is none.
#[inline(always)]
pub fn nearest(set: u128, bit: u8, up: bool) -> u32 {
    let i = usize::from(bit) & 127;
    let bit = bit as u32;
    if up {
        let above = set & ABOVE[i];
        if above == 0 {
            0
        } else {
            above.trailing_zeros() - bit
        }
    } else {
        let below = set & BELOW[i];
        if below == 0 {
            0
        } else {
            bit - (127 - below.leading_zeros())
        }
    }
}

/// How many steps from bit `bit` (up or down) a slider meets the nearest piece or wall,
/// counted as [`nearest`] counts, and whether a wall stands there (a piece on a wall's cell
/// counts as the wall). One search of `pieces | walls` instead of one of each (issue 32).
#[inline(always)]
pub fn nearest_stop(pieces: u128, walls: u128, bit: u8, up: bool) -> (u32, bool) {
    let at = nearest(pieces | walls, bit, up);
    let stop = if up {
        u32::from(bit) + at
    } else {
        u32::from(bit).wrapping_sub(at)
    };
    (at, at != 0 && (walls >> (stop & 127)) & 1 != 0)
}

/// The bits strictly between bit `bit` and the one `distance` steps away (up or down).
#[inline(always)]
pub fn between(bit: u8, distance: u32, up: bool) -> u128 {
    let run = (1u128 << (distance - 1)) - 1;
    if up {
        run << (bit as u32 + 1)
    } else {
        run << (bit as u32 + 1 - distance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::field::{Direction, Field};

    /// The masked [`nearest`] gives what shifting the set gives, at every bit of sets sparse
    /// and dense.
    #[test]
    fn nearest_equals_the_shifting_form() {
        fn shifted(set: u128, bit: u8, up: bool) -> u32 {
            let bit = bit as u32;
            if up {
                let above = (set >> bit) >> 1;
                if above == 0 {
                    0
                } else {
                    above.trailing_zeros() + 1
                }
            } else {
                let below = set & ((1u128 << bit) - 1);
                if below == 0 {
                    0
                } else {
                    bit - (127 - below.leading_zeros())
                }
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut sets = vec![0u128, u128::MAX, 1, 1 << 127];
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(29);
            // Sparse sets as lines mostly are, and dense ones.
            sets.push((u128::from(x) << 64 | u128::from(y)) & (u128::from(x) << 3));
            sets.push(u128::from(x) << 64 | u128::from(y));
        }
        for &set in &sets {
            for bit in 0..128u8 {
                for up in [true, false] {
                    assert_eq!(
                        nearest(set, bit, up),
                        shifted(set, bit, up),
                        "{set:#x} {bit} {up}"
                    );
                }
            }
        }
    }

    /// The stop found in one search is the two searches' nearer: the piece if it comes before
    /// the first wall, else the wall, on lines bounded by walls as every line is (bit 0 and the
    /// bits past its end), with pieces on open cells and on walls.
    #[test]
    fn the_stop_is_the_nearer_of_the_piece_and_the_wall() {
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            u128::from(x) << 64 | u128::from(x.rotate_left(23))
        };
        let (mut pieces_first, mut walls_first) = (0, 0);
        for _ in 0..400 {
            let end = 1 + (next() % 72) as u32;
            let bounds = 1 | ABOVE[end as usize];
            let walls = (next() & next() & next()) | bounds;
            let pieces = next() & next() & !bounds;
            for bit in 1..=end as u8 {
                for up in [true, false] {
                    let piece_at = nearest(pieces, bit, up);
                    let wall_at = nearest(walls, bit, up);
                    let two = if piece_at != 0 && piece_at < wall_at {
                        pieces_first += 1;
                        (piece_at, false)
                    } else {
                        walls_first += 1;
                        (wall_at, true)
                    };
                    assert_eq!(nearest_stop(pieces, walls, bit, up), two, "{bit} {up}");
                }
            }
        }
        assert!(pieces_first > 1000 && walls_first > 1000);
    }

    /// Every step along a direction is one bit along the cell's line, open terrain is no wall,
    /// and the line ends in a wall (a hole, the field's edge): the nearest wall is the first
    /// step a slider may not slide through.
    #[test]
    fn lines_follow_the_steps_and_walls_the_terrain() {
        let field = Field::from_terrain_text("3m-4m/8m/8m/2mf5m/8m/2mc5m/8m/8m/8m/8m").unwrap();
        let lines = field.lines();
        let slides = [SLIDE_QUEEN, SLIDE_ROOK, SLIDE_BISHOP];
        for &sq in field.squares() {
            for d in Direction::ALL {
                let i = d as usize;
                let place = lines.places(sq)[LINE_KIND[i]];
                let up = i < 4;
                let mut first_wall = [None; 3];
                let mut k = 0;
                let mut cur = sq;
                while let Some(next) = field.neighbour(cur, d) {
                    k += 1;
                    let there = lines.places(next)[LINE_KIND[i]];
                    assert_eq!(there.line, place.line, "{} {d:?}", field.square_name(sq));
                    let bit = if up {
                        place.bit as u32 + k
                    } else {
                        place.bit as u32 - k
                    };
                    assert_eq!(there.bit as u32, bit);
                    for (j, &slide) in slides.iter().enumerate() {
                        if field.passable(next) & slide == 0 {
                            first_wall[j].get_or_insert(k);
                        }
                    }
                    cur = next;
                }
                for (j, &slide) in slides.iter().enumerate() {
                    let walls = lines.walls(place.line, slide);
                    assert_eq!(
                        nearest(walls, place.bit, up),
                        first_wall[j].unwrap_or(k + 1)
                    );
                }
            }
        }
        assert_eq!(nearest(0b1001_0000, 4, true), 3);
        assert_eq!(nearest(1 << 127, 126, true), 1);
        assert_eq!(nearest(1, 127, false), 127);
        assert_eq!(nearest(0b1001_0010, 4, false), 3);
        assert_eq!(nearest(0b1000_0000, 7, true), 0);
        assert_eq!(between(4, 3, true), 0b110_0000);
        assert_eq!(between(4, 3, false), 0b1100);
        assert_eq!(between(4, 1, true), 0);
    }
}
