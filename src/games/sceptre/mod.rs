//! Sceptre 1027 A.D. (docs/rules/sceptre1027.md), in layers that each use only those below them:
//! - `field/`: the nine boards as data, layouts that place them on one grid, the terrain and
//!   its text, squares, kingdoms, and the padded mailbox move generation runs on;
//! - `rules/`: the position's state, move generation, make/unmake, the start of a game and
//!   the keys of positions (perft is the generic one, `search::perft`);
//! - `text/`: the position string both ways, descriptions and diagrams, layout files;
//! - `eval/`: the evaluation; and on top, the game trait (`game`), the session's rules
//!   (`session`) and the bench positions (`bench`).

pub mod bench;
pub mod eval;
pub mod field;
pub mod foes;
pub mod game;
pub mod rules;
pub mod see;
pub mod session;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod tune;

// The paths the rest of the engine has always used (`sceptre::position::…`).
pub use field::{board, grid, kingdoms, layout, piece, seats, square, terrain, terrain_text};
pub use rules::{attacks, make, movegen, moves, position, start, zobrist};
pub use text::{describe, notation};

pub use board::{shipped_board, shipped_boards, Board, BoardError, Rotation};
pub use field::{Cell, Direction, Field, Square, NO_SQUARE};
pub use grid::TerrainGrid;
pub use kingdoms::{Kingdoms, KingdomsError};
pub use layout::{Layout, LayoutError, Placement, DEFAULT_LAYOUT, SHIPPED_LAYOUTS};
pub use make::Undo;
pub use moves::SceptreMove;
pub use piece::{Piece, PieceKind};
pub use position::{
    PieceCounts, PlayerState, PositionField, SceptrePosition, SceptrePositionError,
};
pub use seats::{Compass, PlayerColour};
pub use session::SceptreRules;
pub use square::{Coord, SquareError};
pub use start::{StartError, FULL_SET};
pub use terrain::{SquareColour, Terrain};
pub use terrain_text::TerrainTextError;
