//! Sceptre 1027 A.D. (RULINGS §5): its field, its position and its rules of play. Nine 8x8
//! boards of our own design as data, layouts that place them on one grid (TOML, validated by
//! the rules of the rulebook), and the field move generation runs on: a padded mailbox with
//! neighbour and knight tables, its terrain text both ways (POSITION.md) and the kingdoms
//! field; the position's state (pieces, players, set-up, pools, check runs) and its string
//! both ways; move generation (`attacks`, `movegen`: terrain, limited sliders, pawns in
//! rivers and ruins, holes, check and the set-up), `SceptreMove` and make/unmake (`make`:
//! pools, promotion, elimination, withdrawal); perft is the generic one (`search::perft`).

pub mod attacks;
pub mod bench;
pub mod board;
pub mod describe;
pub mod eval;
pub mod field;
pub mod game;
pub mod grid;
pub mod kingdoms;
pub mod layout;
mod layout_file;
mod lines;
pub mod make;
pub mod movegen;
pub mod moves;
pub mod notation;
mod occupancy;
pub mod piece;
pub mod position;
mod reach;
pub mod seats;
pub mod session;
#[cfg(test)]
mod slow_rules;
pub mod square;
pub mod start;
pub mod terrain;
pub mod terrain_text;
#[cfg(test)]
mod test_support;
mod validate;
pub mod zobrist;

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
