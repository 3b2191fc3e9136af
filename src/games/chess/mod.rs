//! The chess family: orthodox chess (and, as rule switches of the same core, its variants) on
//! 64-bit bitboards.

pub mod attacks;
pub mod bench;
pub mod bitboard;
pub mod describe;
pub mod eval;
pub mod fen;
pub mod foes;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod pawns;
pub mod pgn;
pub mod position;
pub mod rules;
pub mod san;
pub mod see;
pub mod session;
pub mod trace;
pub mod tune;
pub mod types;
pub mod weights;
pub mod weights_tuned;
pub mod zobrist;

pub use fen::FenError;
pub use moves::{ChessMove, MoveKind};
pub use position::Position;
pub use rules::Rules;
pub use session::{ChessVariant, EvalWeights};
pub use types::{Color, Piece, Role, Square};
