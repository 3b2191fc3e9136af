//! The field move generation runs on: the terrain grid in a padded mailbox, with a neighbour
//! table in eight directions and the knight's targets precomputed for every square.
//!
//! The mailbox frames the grid with `PAD` rings of off-field cells, enough for the knight's
//! 3-leaps, so `square + offset` never leaves the array and needs no bounds check. A step or a
//! leap onto a hole or off the field does not exist. Steps join squares that exist, so where
//! two boards meet only at a corner the diagonal step across it is there (docs/rules/sceptre1027.md#holes-and-corners); knights
//! jump, so holes in between never matter to them.
//!
//! Move generation reads flat per-cell tables instead of the terrain: each kind's access
//! (holes and padding prohibited, so a walk stops there by itself), which sliders may pass
//! through or end on a cell, and where pawns promote.

use super::access::{access, Access};
use super::cells::CellArray;
use super::grid::TerrainGrid;
use super::lines::LineTables;
use super::pawn_reach::PawnReach;
use super::piece::PieceKind;
pub use super::piece::{slide_bit, SLIDE_BISHOP, SLIDE_QUEEN, SLIDE_ROOK};
use super::seats::Compass;
use super::square::Coord;
pub use super::square::Square;
use super::terrain::{SquareColour, Terrain};
use super::terrain_text::{parse_terrain, write_terrain, TerrainTextError};
use std::fmt;

/// "No square" in the neighbour and knight tables.
pub const NO_SQUARE: Square = Square::MAX;

/// Rings of off-field cells round the grid: a knight leaps at most 3 files or ranks.
pub const PAD: usize = 3;

/// What a mailbox cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// The padding round the bounding box.
    Off,
    /// A place inside the bounding box that no board covers.
    Hole,
    Land(Terrain),
}

/// The eight step directions on the global grid (north is +rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// (files, ranks) of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    pub const fn is_diagonal(self) -> bool {
        (self as usize) % 2 == 1
    }

    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }
}

/// The knight's leaps: three squares along a rank, file or diagonal, then the eight L-shapes.
pub const KNIGHT_LEAPS: [(i32, i32); 16] = [
    (0, 3),
    (3, 3),
    (3, 0),
    (3, -3),
    (0, -3),
    (-3, -3),
    (-3, 0),
    (-3, 3),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A square's knight targets, in `KNIGHT_LEAPS` order, the absent ones left out.
#[derive(Clone, Copy, Debug)]
struct Leaps {
    squares: [Square; 16],
    len: u8,
}

const NO_LEAPS: Leaps = Leaps {
    squares: [NO_SQUARE; 16],
    len: 0,
};

/// The sliders that move along a direction: queen and rook orthogonally, queen and bishop
/// diagonally (index `Direction as usize`).
pub const LINE_SLIDERS: [u8; 8] = {
    let mut bits = [0; 8];
    let mut d = 0;
    while d < 8 {
        bits[d] = SLIDE_QUEEN | if d % 2 == 1 { SLIDE_BISHOP } else { SLIDE_ROOK };
        d += 1;
    }
    bits
};

#[derive(Clone)]
pub struct Field {
    grid: TerrainGrid,
    stride: usize,
    cells: Vec<Cell>,
    /// Every square, a1 side first, rank by rank.
    squares: Vec<Square>,
    /// Per mailbox index, in `Direction::ALL` order.
    neighbours: Vec<[Square; 8]>,
    knights: Vec<Leaps>,
    /// Per mailbox cell its terrain, `None` for holes and padding.
    land: CellArray<Option<Terrain>>,
    /// Per piece kind (`PieceKind::index`) and cell: how the kind may enter it.
    access: [CellArray<Access>; 6],
    /// Per cell: the sliders open to it (they may slide through it), `SLIDE_*` bits.
    passable: CellArray<u8>,
    /// Per cell: the sliders that may end their first step on it (open or limited).
    reachable: CellArray<u8>,
    /// Per cell: a bit per seat (`Compass::index`) whose pawns promote when a move ends
    /// there (a meadow on the far edge of the bounding box).
    promotion: CellArray<u8>,
    /// Mailbox offsets of one step, in `Direction::ALL` order.
    steps: [isize; 8],
    /// Per cell its place on the grid (`a1` for the padding).
    places: CellArray<Coord>,
    /// The files, ranks and diagonals as bit sets.
    lines: LineTables,
    /// Per cell: the squares within two steps (a 5x5 box) that cut a slider's lines — forest,
    /// river, pond, ruin or hole (the evaluation weighs knights against sliders by it).
    closed: CellArray<u8>,
    /// How far a pawn walks over the terrain alone, per square, forward and direction.
    pawn_reach: PawnReach,
}

impl Field {
    /// The field of a terrain grid (holes included); tables are built here, once.
    pub fn new(grid: TerrainGrid) -> Field {
        let stride = grid.width() + 2 * PAD;
        let size = stride * (grid.height() + 2 * PAD);
        let mut field = Field {
            grid,
            stride,
            cells: vec![Cell::Off; size],
            squares: Vec::new(),
            neighbours: vec![[NO_SQUARE; 8]; size],
            knights: vec![NO_LEAPS; size],
            land: CellArray::filled(None),
            access: std::array::from_fn(|_| CellArray::filled(Access::Prohibited)),
            passable: CellArray::filled(0),
            reachable: CellArray::filled(0),
            promotion: CellArray::filled(0),
            places: CellArray::filled(Coord::new(0, 0)),
            lines: LineTables::default(),
            closed: CellArray::filled(0),
            pawn_reach: PawnReach::default(),
            steps: Direction::ALL.map(|d| {
                let (df, dr) = d.delta();
                df as isize + dr as isize * stride as isize
            }),
        };
        let coords: Vec<Coord> = field.grid.coords().collect();
        for &c in &coords {
            let sq = field.index(c);
            field.cells[sq as usize] = match field.grid.get(c) {
                Some(t) => {
                    field.squares.push(sq);
                    Cell::Land(t)
                }
                None => Cell::Hole,
            };
        }
        for i in 0..field.squares.len() {
            let sq = field.squares[i];
            for d in Direction::ALL {
                let (df, dr) = d.delta();
                field.neighbours[sq as usize][d as usize] = field.target(sq, df, dr);
            }
            let mut leaps = NO_LEAPS;
            for (df, dr) in KNIGHT_LEAPS {
                let to = field.target(sq, df, dr);
                if to != NO_SQUARE {
                    leaps.squares[leaps.len as usize] = to;
                    leaps.len += 1;
                }
            }
            field.knights[sq as usize] = leaps;
        }
        field.fill_tables();
        field
    }

    /// The flat per-cell tables move generation reads, from the terrain.
    fn fill_tables(&mut self) {
        let (w, h) = (self.width(), self.height());
        for &sq in &self.squares {
            let i = sq as usize;
            let Cell::Land(t) = self.cells[i] else {
                continue;
            };
            self.land[i] = Some(t);
            self.places[i] = self.coord(sq).expect("a square has a place");
            for kind in PieceKind::ALL {
                let a = access(kind, t);
                self.access[kind.index()][i] = a;
                let bit = slide_bit(kind);
                if a == Access::Open {
                    self.passable[i] |= bit;
                }
                if a != Access::Prohibited {
                    self.reachable[i] |= bit;
                }
            }
            if t == Terrain::Meadow {
                let c = self.places[i];
                let (file, rank) = (c.file as usize, c.rank as usize);
                for (seat, last) in [
                    (Compass::South, rank + 1 == h),
                    (Compass::West, file + 1 == w),
                    (Compass::North, rank == 0),
                    (Compass::East, file == 0),
                ] {
                    if last {
                        self.promotion[i] |= 1 << seat.index();
                    }
                }
            }
        }
        for i in 0..self.squares.len() {
            let sq = self.squares[i];
            let c = self.places[sq as usize];
            let mut closed = 0;
            for df in -2..=2 {
                for dr in -2..=2 {
                    let Some(near) = c.offset(df, dr) else {
                        continue;
                    };
                    if near.file as usize >= w || near.rank as usize >= h {
                        continue;
                    }
                    match self.grid.get(near) {
                        Some(t) if t.is_open_ground() => {}
                        _ => closed += 1,
                    }
                }
            }
            self.closed[sq as usize] = closed;
        }
        self.lines = LineTables::new(
            w,
            h,
            |file, rank| self.index(Coord::new(file as u8, rank as u8)),
            |sq| self.passable[sq as usize],
        );
        self.pawn_reach = PawnReach::new(&self.squares, &self.steps, |sq| self.land[sq as usize]);
    }

    /// The field of a position string's terrain field, no layout needed.
    pub fn from_terrain_text(text: &str) -> Result<Field, TerrainTextError> {
        parse_terrain(text).map(Field::new)
    }

    /// The terrain field for a position string.
    pub fn terrain_text(&self) -> String {
        write_terrain(&self.grid)
    }

    pub fn grid(&self) -> &TerrainGrid {
        &self.grid
    }

    /// Files of the bounding box.
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Ranks of the bounding box.
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// Cells in a mailbox row: one rank up is `+stride`.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Cells in the mailbox: per-square arrays of a position are this long.
    pub fn mailbox_len(&self) -> usize {
        self.cells.len()
    }

    /// The mailbox offset of one step (add it to a square: the padding keeps it in bounds).
    pub fn offset(&self, direction: Direction) -> isize {
        let (df, dr) = direction.delta();
        df as isize + dr as isize * self.stride as isize
    }

    #[inline(always)]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells.get(sq as usize).copied().unwrap_or(Cell::Off)
    }

    /// The terrain of a square; `None` for a hole or off-field cell.
    #[inline(always)]
    pub fn terrain(&self, sq: Square) -> Option<Terrain> {
        match self.cell(sq) {
            Cell::Land(t) => Some(t),
            _ => None,
        }
    }

    #[inline(always)]
    pub fn exists(&self, sq: Square) -> bool {
        matches!(self.cell(sq), Cell::Land(_))
    }

    /// The terrain of a mailbox cell from the flat table; `None` for holes and padding.
    #[inline(always)]
    pub fn land(&self, sq: Square) -> Option<Terrain> {
        self.land[sq as usize]
    }

    /// How `kind` may enter each mailbox cell (prohibited on holes and padding), by index.
    #[inline(always)]
    pub fn access_table(&self, kind: PieceKind) -> &CellArray<Access> {
        &self.access[kind.index()]
    }

    /// The sliders (`SLIDE_*` bits) that may slide through `sq`: open terrain to them.
    #[inline(always)]
    pub fn passable(&self, sq: Square) -> u8 {
        self.passable[sq as usize]
    }

    /// The sliders that may end a first step on `sq` (open or limited terrain to them).
    #[inline(always)]
    pub fn reachable(&self, sq: Square) -> u8 {
        self.reachable[sq as usize]
    }

    /// Whether a pawn of the player seated at `seat` promotes when its move ends on `sq`.
    #[inline(always)]
    pub fn promotes(&self, sq: Square, seat: Compass) -> bool {
        self.promotion[sq as usize] & (1 << seat.index()) != 0
    }

    /// How many of the 25 squares within two steps of `sq` cut a slider's lines (forest,
    /// river, pond, ruin, hole); squares beyond the field's edge do not count.
    #[inline(always)]
    pub fn closed_around(&self, sq: Square) -> u8 {
        self.closed[sq as usize]
    }

    /// How many squares a pawn on `sq` moving `forward` walks in each direction over the
    /// terrain alone (pieces cut it short), in `Direction::ALL` order.
    #[inline(always)]
    pub fn pawn_reach(&self, sq: Square, forward: Direction) -> &[u8; 8] {
        self.pawn_reach.of(sq, forward)
    }

    /// The files, ranks and diagonals of the field as bit sets.
    #[inline(always)]
    pub fn lines(&self) -> &LineTables {
        &self.lines
    }

    /// The place of a square of the field from the flat table (`a1` for other cells).
    #[inline(always)]
    pub fn place(&self, sq: Square) -> Coord {
        self.places[sq as usize]
    }

    /// The mailbox offset of one step in each direction, in `Direction::ALL` order.
    #[inline(always)]
    pub fn steps(&self) -> &[isize; 8] {
        &self.steps
    }

    /// Every square of the field, rank 1 first.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The square at `c`, if the field has one there.
    pub fn square(&self, c: Coord) -> Option<Square> {
        if !self.grid.contains(c) {
            return None;
        }
        let sq = self.index(c);
        self.exists(sq).then_some(sq)
    }

    /// The place of a mailbox cell inside the bounding box (holes too), `None` in the padding.
    pub fn coord(&self, sq: Square) -> Option<Coord> {
        let (x, y) = (sq as usize % self.stride, sq as usize / self.stride);
        let (file, rank) = (x.checked_sub(PAD)?, y.checked_sub(PAD)?);
        let c = Coord::new(file as u8, rank as u8);
        (file < self.width() && rank < self.height()).then_some(c)
    }

    /// A square by name (`ab17`), if the field has it.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        self.square(name.parse().ok()?)
    }

    /// A square's name; `-` for a cell outside the bounding box.
    pub fn square_name(&self, sq: Square) -> String {
        self.coord(sq)
            .map_or_else(|| "-".to_string(), |c| c.to_string())
    }

    pub fn colour(&self, sq: Square) -> Option<SquareColour> {
        self.coord(sq).map(Coord::colour)
    }

    /// One step from a square, if it lands on a square.
    #[inline(always)]
    pub fn neighbour(&self, sq: Square, direction: Direction) -> Option<Square> {
        let n = self.neighbours[sq as usize][direction as usize];
        (n != NO_SQUARE).then_some(n)
    }

    /// The eight steps from a square in `Direction::ALL` order, `NO_SQUARE` where absent.
    #[inline(always)]
    pub fn neighbours(&self, sq: Square) -> &[Square; 8] {
        &self.neighbours[sq as usize]
    }

    /// The squares a knight on `sq` may land on, terrain aside.
    #[inline(always)]
    pub fn knight_targets(&self, sq: Square) -> &[Square] {
        let leaps = &self.knights[sq as usize];
        &leaps.squares[..leaps.len as usize]
    }

    /// The squares from `sq` outwards in one direction, nearest first, up to the first hole
    /// or the field's edge (pieces and terrain are the mover's business).
    pub fn ray(&self, sq: Square, direction: Direction) -> impl Iterator<Item = Square> + '_ {
        std::iter::successors(self.neighbour(sq, direction), move |&s| {
            self.neighbour(s, direction)
        })
    }

    fn index(&self, c: Coord) -> Square {
        ((c.rank as usize + PAD) * self.stride + c.file as usize + PAD) as Square
    }

    /// The square `(df, dr)` from `sq` (|df|, |dr| <= PAD), or `NO_SQUARE`.
    fn target(&self, sq: Square, df: i32, dr: i32) -> Square {
        let to = sq as isize + df as isize + dr as isize * self.stride as isize;
        let to = to as Square;
        if self.exists(to) {
            to
        } else {
            NO_SQUARE
        }
    }
}

impl PartialEq for Field {
    fn eq(&self, other: &Field) -> bool {
        self.grid == other.grid
    }
}

impl Eq for Field {}

impl fmt::Debug for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Field({}x{}: {})",
            self.width(),
            self.height(),
            self.terrain_text()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::field::layout::Layout;
    use crate::games::sceptre::field::layout::SHIPPED_LAYOUTS;

    fn at(field: &Field, name: &str) -> Square {
        field
            .parse_square(name)
            .unwrap_or_else(|| panic!("{name} is not a square"))
    }

    fn names(field: &Field, squares: impl IntoIterator<Item = Square>) -> Vec<String> {
        let mut v: Vec<String> = squares.into_iter().map(|s| field.square_name(s)).collect();
        v.sort();
        v
    }

    #[test]
    fn terrain_text_round_trips_for_every_shipped_layout() {
        for shipped in SHIPPED_LAYOUTS {
            let layout = Layout::parse(shipped.text).unwrap();
            let field = Field::from_layout(&layout);
            let text = field.terrain_text();
            let again = Field::from_terrain_text(&text).unwrap();
            assert_eq!(again, field, "{}", shipped.name);
            assert_eq!(again.terrain_text(), text);
            assert_eq!(again.squares().len(), layout.grid().square_count());
            for &sq in field.squares() {
                assert_eq!(again.neighbours(sq), field.neighbours(sq));
                assert_eq!(again.knight_targets(sq), field.knight_targets(sq));
            }
        }
        // The example of protocol.md#sceptre-position-string: two all-meadow boards stacked.
        let duel = Field::from_terrain_text(&vec!["8m"; 16].join("/")).unwrap();
        assert_eq!(
            (duel.width(), duel.height(), duel.squares().len()),
            (8, 16, 128)
        );
    }

    #[test]
    fn squares_names_and_the_padding() {
        let field = Field::from_terrain_text(&vec!["72m"; 72].join("/")).unwrap();
        assert_eq!(field.squares().len(), 72 * 72);
        let corner = at(&field, "bt72");
        assert_eq!(field.coord(corner), Some(Coord::new(71, 71)));
        assert_eq!(field.square_name(corner), "bt72");
        assert_eq!(field.parse_square("bu1"), None);
        assert!(field.mailbox_len() <= Square::MAX as usize);
        // Every leap of up to three files and ranks from any square stays in the mailbox, on
        // an off-field cell when it leaves the field.
        for &sq in field.squares() {
            for dr in -3..=3isize {
                for df in -3..=3isize {
                    let to = sq as isize + df + dr * field.stride() as isize;
                    assert!(to >= 0 && (to as usize) < field.mailbox_len());
                    let c = field.coord(sq).unwrap();
                    if c.offset(df as i32, dr as i32).is_none() {
                        assert_eq!(field.cell(to as Square), Cell::Off);
                    }
                }
            }
        }
        let a1 = at(&field, "a1");
        assert_eq!(
            field.cell((a1 as isize + field.offset(Direction::SouthWest)) as Square),
            Cell::Off
        );
        assert_eq!(field.colour(a1), Some(SquareColour::Medium));
        assert_eq!(field.coord(0), None);
    }

    #[test]
    fn neighbours_and_knights_on_an_open_field() {
        let nine = Field::from_layout(&Layout::load("nine").unwrap());
        let a1 = at(&nine, "a1");
        assert_eq!(
            names(
                &nine,
                nine.neighbours(a1)
                    .iter()
                    .copied()
                    .filter(|&s| s != NO_SQUARE)
            ),
            ["a2", "b1", "b2"]
        );
        assert_eq!(nine.neighbour(a1, Direction::North), Some(at(&nine, "a2")));
        assert_eq!(nine.neighbour(a1, Direction::West), None);
        assert_eq!(
            names(&nine, nine.knight_targets(a1).iter().copied()),
            ["a4", "b3", "c2", "d1", "d4"]
        );
        let m12 = at(&nine, "m12");
        assert_eq!(nine.knight_targets(m12).len(), 16);
        assert_eq!(nine.ray(at(&nine, "a12"), Direction::East).count(), 23);
        assert_eq!(
            nine.ray(a1, Direction::NorthEast).last(),
            Some(at(&nine, "x24"))
        );
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let n = nine.neighbour(m12, d).unwrap();
            assert_eq!(nine.neighbour(n, d.opposite()), Some(m12));
            assert_eq!(n as isize - m12 as isize, nine.offset(d));
        }
        assert_eq!(nine.terrain(at(&nine, "l16")), Some(Terrain::River));
    }

    #[test]
    fn holes_and_corner_contacts_in_the_cross() {
        let cross = Field::from_layout(&Layout::load("cross").unwrap());
        assert_eq!(cross.square(Coord::new(0, 0)), None);
        let a1 = ((PAD) * cross.stride() + PAD) as Square;
        assert_eq!(cross.cell(a1), Cell::Hole);
        assert_eq!(cross.coord(a1), Some(Coord::new(0, 0)));
        // The south arm (i1-p8) and the west arm (a9-h16) meet only at the corner i8/h9.
        let (i8, h9) = (at(&cross, "i8"), at(&cross, "h9"));
        assert_eq!(cross.neighbour(i8, Direction::NorthWest), Some(h9));
        assert_eq!(cross.neighbour(h9, Direction::SouthEast), Some(i8));
        assert_eq!(cross.neighbour(i8, Direction::West), None);
        assert_eq!(cross.neighbour(h9, Direction::South), None);
        assert_eq!(cross.ray(i8, Direction::West).count(), 0);
        assert_eq!(cross.ray(at(&cross, "i1"), Direction::North).count(), 23);
        // Past the corner the diagonal goes on: e12 f11 g10 h9 i8 j7 …
        assert_eq!(
            cross.ray(at(&cross, "e12"), Direction::SouthEast).count(),
            11
        );
        // Knights leap across the holes; leaps into them do not exist.
        let targets = names(&cross, cross.knight_targets(h9).iter().copied());
        let expected = [
            "e12", "e9", "f10", "g11", "h12", "i11", "i7", "j10", "j8", "k12", "k6", "k9",
        ];
        assert_eq!(targets, expected);
        assert!(targets.contains(&"i7".to_string()) && targets.contains(&"k6".to_string()));
        assert!(!targets.contains(&"h6".to_string()) && !targets.contains(&"e6".to_string()));
    }

    #[test]
    fn steps_stop_at_holes_and_knights_jump_them() {
        // A column a1-a4 with a2 and a3 missing, and b4 touching a3's place only by a corner
        // of a4's neighbour: a4 and b5 exist, b4 does not.
        let field = Field::from_terrain_text("-m/m-/--/--/m-").unwrap();
        let (a1, a4, b5) = (at(&field, "a1"), at(&field, "a4"), at(&field, "b5"));
        assert!(field.neighbours(a1).iter().all(|&s| s == NO_SQUARE));
        assert_eq!(field.knight_targets(a1), &[a4]);
        assert_eq!(field.knight_targets(a4), &[a1]);
        assert_eq!(field.neighbour(a4, Direction::NorthEast), Some(b5));
        assert_eq!(field.neighbour(a4, Direction::North), None);
        assert_eq!(field.neighbour(a4, Direction::East), None);
        assert_eq!(field.parse_square("a2"), None);
        assert_eq!(
            field.cell(field.parse_square("a1").unwrap()),
            Cell::Land(Terrain::Meadow)
        );
    }
}
