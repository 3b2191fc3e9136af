//! How far a pawn's move may go over the terrain alone (docs/rules/sceptre1027.md#how-the-pieces-move):
//! per square, per forward direction of a seat and per step direction, the squares a pawn walks
//! on an empty field (0 to 3), and whether the terrain lets it capture one step that way.
//! Pieces only cut a walk short (it ends before the first one), so the evaluation counts a
//! pawn's moves by testing only the squares the terrain leaves it, none of the terrain rules.
//! Move generation still walks by the rules themselves (it must give its moves in their order);
//! the tests hold the two to the same counts.

use super::cells::CellArray;
use super::mailbox::Direction;
use super::square::Square;
use super::terrain::Terrain;

/// The bits of a reach byte holding how many squares the walk goes (0 to 3).
pub const PAWN_WALK: u8 = 0b11;
/// The bit of a reach byte set where the terrain lets the pawn capture one step that way (a
/// forward diagonal onto neither a pond nor a hole, nor from a river square onto a river).
pub const PAWN_CAPTURE: u8 = 0x80;

/// Per mailbox cell and forward direction (`Direction as usize / 2`: north, east, south,
/// west), the reach in each of the eight directions ([`PAWN_WALK`], [`PAWN_CAPTURE`]).
#[derive(Clone, Debug, Default)]
pub struct PawnReach {
    cells: CellArray<[[u8; 8]; 4]>,
}

impl PawnReach {
    /// The table of a mailbox whose squares are `squares`; `land` is a
    /// cell's terrain (`None` for holes and padding) and `steps` the mailbox offsets of one
    /// step in `Direction::ALL` order. The padding keeps three steps from a square in bounds.
    pub fn new(
        squares: &[Square],
        steps: &[isize; 8],
        land: impl Fn(Square) -> Option<Terrain>,
    ) -> PawnReach {
        let mut table = PawnReach {
            cells: CellArray::filled([[0; 8]; 4]),
        };
        for &from in squares {
            let start = land(from);
            for forward in [
                Direction::North,
                Direction::East,
                Direction::South,
                Direction::West,
            ] {
                let f = forward as usize;
                let reach = &mut table.cells[from as usize][f / 2];
                // Forward, the two forward diagonals and the two sideways directions.
                for d in [f, (f + 1) % 8, (f + 7) % 8, (f + 2) % 8, (f + 6) % 8] {
                    reach[d] = walk(from, steps[d], &land);
                }
                // From a river square, the single orthogonal step onto a river square, any
                // way (the walk itself never goes from river to river, so the two never meet).
                if start == Some(Terrain::River) {
                    for d in [0, 2, 4, 6] {
                        let next = (from as isize + steps[d]) as Square;
                        if land(next) == Some(Terrain::River) {
                            reach[d] = 1;
                        }
                    }
                }
                for d in [(f + 1) % 8, (f + 7) % 8] {
                    let onto = land((from as isize + steps[d]) as Square);
                    let captures = match onto {
                        None | Some(Terrain::Pond) => false,
                        Some(Terrain::River) => start != Some(Terrain::River),
                        Some(_) => true,
                    };
                    if captures {
                        reach[d] |= PAWN_CAPTURE;
                    }
                }
            }
        }
        table
    }

    /// The reach of a pawn on `sq` moving `forward` (an orthogonal direction), per direction
    /// in `Direction::ALL` order.
    #[inline(always)]
    pub fn of(&self, sq: Square, forward: Direction) -> &[u8; 8] {
        &self.cells[sq as usize][forward as usize / 2]
    }
}

/// The squares a pawn on `from` walks by `step` on an empty field: up to three, a pond, hole
/// or the edge stops it before, a river ends it on entering (never river to river), a ruin
/// ends it on entering with the first step only, unless it started in a ruin and has walked
/// only ruins since.
fn walk(from: Square, step: isize, land: &impl Fn(Square) -> Option<Terrain>) -> u8 {
    let start = land(from);
    let mut cur = from;
    let mut cur_terrain = start;
    let mut in_start_ruin = start == Some(Terrain::Ruin);
    for n in 1..=3u8 {
        let next = (cur as isize + step) as Square;
        let Some(t) = land(next) else {
            return n - 1;
        };
        match t {
            Terrain::Pond => return n - 1,
            Terrain::River if cur_terrain == Some(Terrain::River) => return n - 1,
            Terrain::River => return n,
            Terrain::Ruin if !in_start_ruin => return if n > 1 { n - 1 } else { n },
            Terrain::Ruin => {}
            _ => in_start_ruin = false,
        }
        cur = next;
        cur_terrain = Some(t);
    }
    3
}
