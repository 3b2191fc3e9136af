//! The forward directions of the seats, and attacks: exactly the captures the movement rules allow, found by walking back
//! from the attacked square along the field's lines, on the board as it is or as a move would
//! leave it, by the owners of a mask (bit per colour index).

use super::position::{PlayerState, SceptrePosition};
pub use crate::games::sceptre::field::access::{access, Access};
use crate::games::sceptre::field::lines::{between, nearest, LinePlace, LINE_KIND};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::{Compass, PlayerColour};
use crate::games::sceptre::field::terrain::Terrain;
use crate::games::sceptre::field::{slide_bit, Direction, Square, LINE_SLIDERS, NO_SQUARE};

/// The seat of a colour at a table of `players` (docs/rules/sceptre1027.md#players-seats-and-turns: 2 players black south, white
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

/// The directions (bit per `Direction as usize`) a pawn of a seat captures in.
pub const fn capture_directions(seat: Compass) -> u8 {
    let [a, b] = forward_diagonals(forward(seat));
    (1 << a as u8) | (1 << b as u8)
}

/// Whether a pawn on `from` may capture on the diagonal neighbour `to` as far as terrain goes:
/// never into a pond, never from a river square to a river square.
#[inline]
pub fn pawn_may_capture_onto(from: Option<Terrain>, to: Option<Terrain>) -> bool {
    match to {
        None | Some(Terrain::Pond) => false,
        Some(Terrain::River) => from != Some(Terrain::River),
        Some(_) => true,
    }
}

/// The bit of an owner in an owner mask.
#[inline(always)]
pub(in crate::games::sceptre) const fn owner_bit(colour: PlayerColour) -> u8 {
    1 << colour.index()
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

    /// The owners (bit per colour index) still playing.
    #[inline]
    pub(in crate::games::sceptre) fn playing_mask(&self) -> u8 {
        let mut mask = 0;
        for (i, &s) in self.players.iter().enumerate() {
            if s == PlayerState::Playing {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The owners whose pieces attack `colour`'s king: the other playing players.
    #[inline]
    pub(in crate::games::sceptre) fn hostile_to(&self, colour: PlayerColour) -> u8 {
        self.playing_mask() & !owner_bit(colour)
    }

    /// The square of a player's king, if it is on the field.
    #[inline]
    pub fn king_square(&self, colour: PlayerColour) -> Option<Square> {
        let sq = *self.kings.get(colour.index())?;
        (sq != NO_SQUARE).then_some(sq)
    }

    /// Whether a piece whose owner satisfies `attacker` could capture on `target` (whatever
    /// stands there now: the capture rules depend on terrain and the pieces in between only).
    pub fn attacked_by(&self, target: Square, attacker: impl Fn(PlayerColour) -> bool) -> bool {
        let mask = PlayerColour::ALL
            .iter()
            .filter(|&&c| attacker(c))
            .fold(0, |m, &c| m | owner_bit(c));
        self.attacked(target, mask, NO_SQUARE, NO_SQUARE)
    }

    /// Whether a piece of an owner in `hostile` could capture on `target` on the board as it
    /// would be with `vacated` emptied and a piece of the mover's on `filled` (either may be
    /// [`NO_SQUARE`]): along each line, the nearest piece and the walls in between decide.
    #[inline]
    pub(in crate::games::sceptre) fn attacked(
        &self,
        target: Square,
        hostile: u8,
        vacated: Square,
        filled: Square,
    ) -> bool {
        let field = &*self.field;
        let Some(terrain) = field.land(target) else {
            return false;
        };
        if hostile == 0 {
            return false;
        }
        let at = |sq: Square| -> Option<Piece> {
            if sq == vacated || sq == filled {
                // The mover's piece on `filled` attacks nobody it could be hostile to.
                None
            } else {
                self.board[sq as usize]
            }
        };
        let is_hostile = |p: Piece| hostile & owner_bit(p.owner) != 0;
        // Knights: the leaps are symmetric; a knight never lands in a ruin.
        if access(PieceKind::Knight, terrain) != Access::Prohibited {
            for &s in field.knight_targets(target) {
                if let Some(p) = at(s) {
                    if p.kind == PieceKind::Knight && is_hostile(p) {
                        return true;
                    }
                }
            }
        }
        let lines = field.lines();
        let none = [LinePlace {
            line: u16::MAX,
            bit: 0,
        }; 4];
        let gone = if vacated == NO_SQUARE {
            &none
        } else {
            lines.places(vacated)
        };
        let come = if filled == NO_SQUARE {
            &none
        } else {
            lines.places(filled)
        };
        let places = lines.places(target);
        let far = field.passable(target);
        for (d, &step) in field.steps().iter().enumerate() {
            let kind = LINE_KIND[d];
            let place = places[kind];
            let mut occupied = self.lines[place.line as usize];
            if gone[kind].line == place.line {
                occupied &= !(1u128 << gone[kind].bit);
            }
            if come[kind].line == place.line {
                occupied |= 1u128 << come[kind].bit;
            }
            let up = d < 4;
            let distance = nearest(occupied, place.bit, up);
            if distance == 0 {
                continue;
            }
            let sq = (target as isize + distance as isize * step) as Square;
            let Some(p) = at(sq) else {
                continue;
            };
            if !is_hostile(p) {
                continue;
            }
            if distance == 1 {
                if self.attacks_next_door(p, sq, d, terrain) {
                    return true;
                }
                continue;
            }
            let slide = slide_bit(p.kind) & LINE_SLIDERS[d] & far;
            if slide != 0 && lines.walls(place.line, slide) & between(place.bit, distance, up) == 0
            {
                return true;
            }
        }
        false
    }

    /// Whether `p`, one step from a square of `terrain` in direction `d` (from the square to
    /// `p`), captures on it.
    #[inline]
    pub(in crate::games::sceptre) fn attacks_next_door(
        &self,
        p: Piece,
        sq: Square,
        d: usize,
        terrain: Terrain,
    ) -> bool {
        match p.kind {
            PieceKind::King => access(PieceKind::King, terrain) != Access::Prohibited,
            PieceKind::Knight => false,
            PieceKind::Pawn => {
                // The pawn on `sq` captures in the opposite direction, `(d + 4) % 8`.
                d % 2 == 1
                    && capture_directions(seat(p.colour, self.players.len())) & (1 << ((d + 4) % 8))
                        != 0
                    && pawn_may_capture_onto(self.field.land(sq), Some(terrain))
            }
            kind => {
                access(kind, terrain) != Access::Prohibited
                    && slide_bit(kind) & LINE_SLIDERS[d] != 0
            }
        }
    }

    /// Whether `piece` standing on `from` could capture on `target` (the pieces in between as
    /// they are; `from` itself may be empty).
    pub(in crate::games::sceptre) fn piece_attacks(
        &self,
        from: Square,
        piece: Piece,
        target: Square,
    ) -> bool {
        let field = &*self.field;
        let (a, b) = (field.place(from), field.place(target));
        let (df, dr) = (b.file as i32 - a.file as i32, b.rank as i32 - a.rank as i32);
        let (x, y) = (df.abs(), dr.abs());
        // The geometry first: most squares are out of reach.
        let in_reach = match piece.kind {
            PieceKind::Knight => ((x == 3 || x == 0) && (y == 3 || y == 0)) || x * y == 2,
            // Two squares of the field side by side (or corner to corner) are a step apart.
            PieceKind::King => x <= 1 && y <= 1,
            PieceKind::Pawn => x == 1 && y == 1,
            _ => x == 0 || y == 0 || x == y,
        };
        if !in_reach || x + y == 0 {
            return false;
        }
        let onto = field.access_table(piece.kind)[target as usize];
        if onto == Access::Prohibited {
            return false;
        }
        match piece.kind {
            PieceKind::Knight | PieceKind::King => true,
            PieceKind::Pawn => {
                capture_directions(seat(piece.colour, self.players.len()))
                    & (1 << direction_of(df, dr))
                    != 0
                    && pawn_may_capture_onto(field.land(from), field.land(target))
            }
            kind => {
                let d = direction_of(df.signum(), dr.signum());
                if slide_bit(kind) & LINE_SLIDERS[d] == 0 {
                    return false;
                }
                let distance = x.max(y);
                if distance > 1 && onto != Access::Open {
                    return false;
                }
                let step = field.steps()[d];
                let mut sq = from;
                for _ in 1..distance {
                    sq = (sq as isize + step) as Square;
                    if self.board[sq as usize].is_some()
                        || field.access_table(kind)[sq as usize] != Access::Open
                    {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// Whether `colour`'s king on `square` is attacked by a playing opponent (read from the
    /// kept cover map, `rules::cover`).
    pub fn attacked_by_playing_opponent(&self, square: Square, colour: PlayerColour) -> bool {
        self.covered_by(square, self.hostile_to(colour))
    }

    /// Whether the player's king is attacked by a playing opponent.
    pub fn in_check(&self, colour: PlayerColour) -> bool {
        self.king_square(colour)
            .is_some_and(|sq| self.attacked_by_playing_opponent(sq, colour))
    }
}

/// The index in `Direction::ALL` of a step of `df` files and `dr` ranks (each -1, 0 or 1).
#[inline]
pub(in crate::games::sceptre) const fn direction_of(df: i32, dr: i32) -> usize {
    match (df, dr) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        _ => 7,
    }
}
