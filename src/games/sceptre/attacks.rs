//! What each piece may enter (the terrain table of RULINGS §5), the forward directions of the
//! seats, and attacks: exactly the captures the movement rules allow, found by walking back
//! from the attacked square.

use super::field::{Direction, Square};
use super::piece::{Piece, PieceKind};
use super::position::{PlayerState, SceptrePosition};
use super::seats::{Compass, PlayerColour};
use super::terrain::Terrain;

/// How a piece may use a kind of terrain (RULINGS §5, the terrain table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Open,
    Limited,
    Prohibited,
}

pub const fn access(kind: PieceKind, terrain: Terrain) -> Access {
    use Access::{Limited as L, Open as O, Prohibited as P};
    use Terrain as T;
    match kind {
        PieceKind::King | PieceKind::Queen => match terrain {
            T::River | T::Pond | T::Ruin => P,
            _ => O,
        },
        PieceKind::Rook => match terrain {
            T::Forest | T::River | T::Pond => P,
            T::Ruin => L,
            _ => O,
        },
        PieceKind::Bishop => match terrain {
            T::River | T::Pond | T::Ruin => P,
            T::Forest => L,
            _ => O,
        },
        PieceKind::Knight => match terrain {
            T::Ruin => P,
            _ => O,
        },
        PieceKind::Pawn => match terrain {
            T::Pond => P,
            T::River | T::Ruin => L,
            _ => O,
        },
    }
}

/// The seat of a colour at a table of `players` (RULINGS §5: 2 players black south, white
/// north; 3 south, west, north; 4 all, clockwise).
pub fn seat(colour: PlayerColour, players: usize) -> Compass {
    Compass::seats(players)
        .and_then(|s| s.get(colour.index()).copied())
        .unwrap_or(Compass::South)
}

/// Forward, away from the player: south +rank, west +file, north -rank, east -file.
pub const fn forward(seat: Compass) -> Direction {
    match seat {
        Compass::South => Direction::North,
        Compass::West => Direction::East,
        Compass::North => Direction::South,
        Compass::East => Direction::West,
    }
}

/// The two forward diagonals of a forward direction.
pub const fn forward_diagonals(forward: Direction) -> [Direction; 2] {
    let i = forward as usize;
    [Direction::ALL[(i + 1) % 8], Direction::ALL[(i + 7) % 8]]
}

/// The two sideways directions of a forward direction.
pub const fn sideways(forward: Direction) -> [Direction; 2] {
    let i = forward as usize;
    [Direction::ALL[(i + 2) % 8], Direction::ALL[(i + 6) % 8]]
}

/// Whether a pawn on `from` may capture on the diagonal neighbour `to` as far as terrain goes:
/// never into a pond, never from a river square to a river square.
pub fn pawn_may_capture_onto(from: Option<Terrain>, to: Option<Terrain>) -> bool {
    match to {
        None | Some(Terrain::Pond) => false,
        Some(Terrain::River) => from != Some(Terrain::River),
        Some(_) => true,
    }
}

impl SceptrePosition {
    /// The forward direction of pieces of an original colour.
    pub fn forward_of(&self, colour: PlayerColour) -> Direction {
        forward(seat(colour, self.players.len()))
    }

    /// Whether a player is still playing (not eliminated, not withdrawn).
    #[inline]
    pub fn is_playing(&self, colour: PlayerColour) -> bool {
        self.players.get(colour.index()) == Some(&PlayerState::Playing)
    }

    /// How many players are still playing.
    pub fn playing_count(&self) -> usize {
        self.players
            .iter()
            .filter(|&&s| s == PlayerState::Playing)
            .count()
    }

    /// The square of a player's king, if it is on the field.
    pub fn king_square(&self, colour: PlayerColour) -> Option<Square> {
        self.field.squares().iter().copied().find(|&sq| {
            self.piece(sq)
                .is_some_and(|p| p.kind == PieceKind::King && p.owner == colour)
        })
    }

    /// Whether a piece whose owner satisfies `attacker` could capture on `target` (whatever
    /// stands there now: the capture rules depend on terrain and the pieces in between only).
    pub fn attacked_by(&self, target: Square, attacker: impl Fn(PlayerColour) -> bool) -> bool {
        let field = &*self.field;
        let Some(terrain) = field.terrain(target) else {
            return false;
        };
        let hostile = |sq: Square, kind: PieceKind| -> Option<Piece> {
            self.piece(sq)
                .filter(|p| p.kind == kind && attacker(p.owner))
        };
        // Knights: the leaps are symmetric; a knight never lands in a ruin.
        if access(PieceKind::Knight, terrain) != Access::Prohibited
            && field
                .knight_targets(target)
                .iter()
                .any(|&s| hostile(s, PieceKind::Knight).is_some())
        {
            return true;
        }
        let king_may_enter = access(PieceKind::King, terrain) != Access::Prohibited;
        for d in Direction::ALL {
            let Some(first) = field.neighbour(target, d) else {
                continue;
            };
            if let Some(p) = self.piece(first) {
                if !attacker(p.owner) {
                    continue;
                }
                match p.kind {
                    PieceKind::King if king_may_enter => return true,
                    PieceKind::Pawn if d.is_diagonal() => {
                        // The pawn on `first` captures in direction `d.opposite()`.
                        let fwd = self.forward_of(p.colour);
                        if forward_diagonals(fwd).contains(&d.opposite())
                            && pawn_may_capture_onto(field.terrain(first), Some(terrain))
                        {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
            // Sliders: the first piece along the ray from the target.
            let mut distance = 1;
            let mut sq = first;
            while self.piece(sq).is_none() {
                match field.neighbour(sq, d) {
                    Some(next) => {
                        sq = next;
                        distance += 1;
                    }
                    None => break,
                }
            }
            let Some(p) = self.piece(sq) else {
                continue;
            };
            let slides = match p.kind {
                PieceKind::Queen => true,
                PieceKind::Rook => !d.is_diagonal(),
                PieceKind::Bishop => d.is_diagonal(),
                _ => false,
            };
            if !slides || !attacker(p.owner) {
                continue;
            }
            let onto = access(p.kind, terrain);
            if onto == Access::Prohibited || (onto == Access::Limited && distance > 1) {
                continue;
            }
            // Every square in between must be open to the slider.
            let mut between = first;
            let mut clear = true;
            while between != sq {
                if field
                    .terrain(between)
                    .is_none_or(|t| access(p.kind, t) != Access::Open)
                {
                    clear = false;
                    break;
                }
                between = field.neighbour(between, d).unwrap_or(sq);
            }
            if clear {
                return true;
            }
        }
        false
    }

    /// Whether `colour`'s king on `square` is attacked by a playing opponent.
    pub fn attacked_by_playing_opponent(&self, square: Square, colour: PlayerColour) -> bool {
        self.attacked_by(square, |o| o != colour && self.is_playing(o))
    }

    /// Whether the player's king is attacked by a playing opponent.
    pub fn in_check(&self, colour: PlayerColour) -> bool {
        self.king_square(colour)
            .is_some_and(|sq| self.attacked_by_playing_opponent(sq, colour))
    }
}
