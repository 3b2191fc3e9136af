//! The field's terrain as a plain rectangle: what a layout places and what the terrain field of
//! a position string carries. Squares outside every board are holes.

use super::square::{Coord, MAX_SIDE};
use super::terrain::Terrain;

/// `width` x `height` squares (each 1..=72), `None` for a hole, rank 1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainGrid {
    width: usize,
    height: usize,
    cells: Vec<Option<Terrain>>,
}

impl TerrainGrid {
    /// All holes; callers fill it square by square. Sides are clamped to 1..=72.
    pub fn holes(width: usize, height: usize) -> TerrainGrid {
        let (width, height) = (width.clamp(1, MAX_SIDE), height.clamp(1, MAX_SIDE));
        TerrainGrid {
            width,
            height,
            cells: vec![None; width * height],
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn contains(&self, c: Coord) -> bool {
        (c.file as usize) < self.width && (c.rank as usize) < self.height
    }

    /// The terrain at `c`; `None` for a hole or a place off the grid.
    pub fn get(&self, c: Coord) -> Option<Terrain> {
        if !self.contains(c) {
            return None;
        }
        self.cells[c.rank as usize * self.width + c.file as usize]
    }

    /// Sets a square (ignored off the grid).
    pub fn set(&mut self, c: Coord, terrain: Option<Terrain>) {
        if self.contains(c) {
            self.cells[c.rank as usize * self.width + c.file as usize] = terrain;
        }
    }

    /// Every place of the grid, rank 1 first, each rank from file `a`.
    pub fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.height)
            .flat_map(move |r| (0..self.width).map(move |f| Coord::new(f as u8, r as u8)))
    }

    /// The number of squares (not holes).
    pub fn square_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }
}
