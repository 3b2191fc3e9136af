//! A position of Sceptre 1027 A.D.: the field, the pieces on it, the players and their
//! states, the side to move, the kingdoms, the set-up still to come, the pools of captured
//! pieces and the check runs (protocol.md#sceptre-position-string). Its text, both ways, is in `notation`.

use super::cover::CoverMap;
use super::occupancy::SquareSets;
use super::pawn_moves::{PawnCounts, PawnMoves};
use super::tally::Tally;
use crate::games::sceptre::field::cells::{CellArray, LineArray};
use crate::games::sceptre::field::kingdoms::{Kingdoms, KingdomsError};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::terrain::Terrain;
use crate::games::sceptre::field::terrain_text::TerrainTextError;
use crate::games::sceptre::field::{Field, Square, NO_SQUARE};
use std::fmt;
use std::sync::Arc;

/// Pieces counted by kind, in [`PieceKind::ALL`] order (`KQRBNP`).
pub type PieceCounts = [u8; 6];

/// Where a player stands in the game (protocol.md#sceptre-position-string, field 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerState {
    /// `+`: moves in turn.
    Playing,
    /// `x`: lost his king; his pieces passed to the capturer.
    Eliminated,
    /// `=`: stalemated with three or more players; his pieces stay, inert.
    Withdrawn,
}

impl PlayerState {
    pub const fn symbol(self) -> char {
        match self {
            PlayerState::Playing => '+',
            PlayerState::Eliminated => 'x',
            PlayerState::Withdrawn => '=',
        }
    }

    pub const fn from_symbol(symbol: char) -> Option<PlayerState> {
        Some(match symbol {
            '+' => PlayerState::Playing,
            'x' => PlayerState::Eliminated,
            '=' => PlayerState::Withdrawn,
            _ => return None,
        })
    }
}

/// The eight fields of the position string, to name them in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionField {
    Terrain,
    Pieces,
    Players,
    ToMove,
    Kingdoms,
    SetUp,
    Pools,
    Checks,
}

impl PositionField {
    pub const ALL: [PositionField; 8] = [
        PositionField::Terrain,
        PositionField::Pieces,
        PositionField::Players,
        PositionField::ToMove,
        PositionField::Kingdoms,
        PositionField::SetUp,
        PositionField::Pools,
        PositionField::Checks,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            PositionField::Terrain => "terrain",
            PositionField::Pieces => "pieces",
            PositionField::Players => "players",
            PositionField::ToMove => "to-move",
            PositionField::Kingdoms => "kingdoms",
            PositionField::SetUp => "set-up",
            PositionField::Pools => "pools",
            PositionField::Checks => "checks",
        }
    }

    /// What a well-formed token of the field looks like, for messages.
    pub const fn form(self) -> &'static str {
        match self {
            PositionField::Terrain => "ranks of m f r p b c - with counts",
            PositionField::Pieces => "- or <piece><owner>[<colour>]@<square>, e.g. Kb@e1, Pwb@c5",
            PositionField::Players => "<colour><state>, state + playing, x eliminated, = withdrawn",
            PositionField::ToMove => "one colour letter b, w, r or g",
            PositionField::Kingdoms => "<colour>@<square>, e.g. b@i1",
            PositionField::SetUp => {
                "- or <colour>:<letters of KQRBNP>, e.g. b:KQRRBBNNPPPPPPPP, w:"
            }
            PositionField::Pools => "- or <colour>:<letters of QRBNP>, e.g. b:QNP",
            PositionField::Checks => "- or <colour>:<n> with n >= 1, e.g. w:2",
        }
    }
}

impl fmt::Display for PositionField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a position string was refused; every message names the field and the token or square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SceptrePositionError {
    /// Pieces of one original colour with different owners (they pass all together).
    SplitColour {
        square: String,
        colour: PlayerColour,
    },
    /// Not eight fields separated by single spaces (the number found).
    FieldCount(usize),
    TerrainText(TerrainTextError),
    /// A token that does not have the field's form.
    Token {
        field: PositionField,
        token: String,
    },
    /// A well-formed square name that is no square of this field (a hole or outside it).
    NotASquare {
        field: PositionField,
        square: String,
    },
    /// Two pieces on one square.
    Occupied(String),
    /// The players are not `b,w`, `b,w,r` or `b,w,r,g` (the colours found).
    Players(String),
    /// A colour listed twice in a field.
    Duplicate {
        field: PositionField,
        colour: PlayerColour,
    },
    /// A field that must list every player lacks one.
    Missing {
        field: PositionField,
        colour: PlayerColour,
    },
    /// A colour of a player who is not at the table.
    NotAtTable {
        field: PositionField,
        colour: PlayerColour,
    },
    /// The side to move is eliminated or withdrawn.
    NotPlaying(PlayerColour),
    /// The kingdoms field, as [`Kingdoms`] refuses it.
    Kingdoms(KingdomsError),
    /// A playing player without exactly one king (none while his set-up list holds it).
    Kings {
        colour: PlayerColour,
        count: usize,
        expected: usize,
    },
    /// A set-up field whose lists are all empty: once nothing is left it is `-`.
    NothingToPlace,
    /// In the set-up, the side to move has nothing left to place.
    NothingLeftFor(PlayerColour),

    /// A piece owned by an eliminated player (his pieces passed to the capturer of his king).
    EliminatedOwner {
        square: String,
        owner: PlayerColour,
    },
    /// A piece owned by another player than its colour's, while that player is not
    /// eliminated, or a king that changed owner (a captured king leaves the field).
    NotPassed {
        square: String,
        piece: Piece,
    },
    /// A piece on terrain it may never stand on.
    Ground {
        square: String,
        kind: PieceKind,
        terrain: Terrain,
    },
}

impl fmt::Display for SceptrePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SceptrePositionError as E;
        match self {
            E::FieldCount(n) => write!(
                f,
                "a position has 8 fields separated by single spaces (terrain pieces players \
                 to-move kingdoms set-up pools checks), found {n}"
            ),
            E::TerrainText(e) => write!(f, "terrain field: {e}"),
            E::Token { field, token } => {
                write!(f, "{field} field: '{token}' is not {}", field.form())
            }
            E::NotASquare { field, square } => {
                write!(f, "{field} field: {square} is not a square of this field")
            }
            E::Occupied(square) => write!(f, "pieces field: two pieces on {square}"),
            E::SplitColour { square, colour } => write!(
                f,
                "pieces field: the {colour} piece on {square} has another owner than the other \
                 {colour} pieces (a player's pieces pass all together)"
            ),
            E::Players(list) => write!(
                f,
                "players field: the colours are {list}; 2, 3 or 4 players are b,w / b,w,r / b,w,r,g"
            ),
            E::Duplicate { field, colour } => write!(f, "{field} field: {colour} is listed twice"),
            E::Missing { field, colour } => write!(f, "{field} field: {colour} is missing"),
            E::NotAtTable { field, colour } => {
                write!(f, "{field} field: {colour} is not a player of this game")
            }
            E::NotPlaying(colour) => write!(
                f,
                "to-move field: {colour} is not playing (eliminated or withdrawn)"
            ),
            E::Kingdoms(e) => write!(f, "kingdoms field: {e}"),
            E::Kings {
                colour,
                count,
                expected,
            } => write!(
                f,
                "pieces field: {colour} is playing with {count} kings on the field, {expected} expected \
                 (one, or none while the set-up list still holds it)"
            ),
            E::NothingLeftFor(c) => write!(
                f,
                "set-up field: {c} is to move but has nothing left to place"
            ),
            E::NothingToPlace => write!(
                f,
                "set-up field: every list is empty; once nothing is left to place the field is -"
            ),
            E::EliminatedOwner { square, owner } => write!(
                f,
                "pieces field: the piece on {square} is owned by {owner}, who is eliminated"
            ),
            E::NotPassed { square, piece } => write!(
                f,
                "pieces field: {piece}@{square}: a piece passes to another owner only when its \
                 colour's player is eliminated, and a king never does"
            ),
            E::Ground {
                square,
                kind,
                terrain,
            } => write!(f, "pieces field: a {kind} may not stand on {square} ({terrain})"),
        }
    }
}

impl std::error::Error for SceptrePositionError {}

impl From<TerrainTextError> for SceptrePositionError {
    fn from(e: TerrainTextError) -> Self {
        SceptrePositionError::TerrainText(e)
    }
}

impl From<KingdomsError> for SceptrePositionError {
    fn from(e: KingdomsError) -> Self {
        SceptrePositionError::Kingdoms(e)
    }
}

/// A whole position. Equal positions print equally (`to_text`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceptrePosition {
    pub(in crate::games::sceptre) field: Arc<Field>,
    /// Per mailbox cell of the field; `None` on empty squares and off the field.
    pub(in crate::games::sceptre) board: CellArray<Option<Piece>>,
    /// Per player in seat order (index = colour index).
    pub(in crate::games::sceptre) players: Vec<PlayerState>,
    pub(in crate::games::sceptre) to_move: PlayerColour,
    pub(in crate::games::sceptre) kingdoms: Kingdoms,
    /// Per player the pieces still to place; `None` once the set-up is over.
    pub(in crate::games::sceptre) set_up: Option<Vec<PieceCounts>>,
    /// Per player the captured pieces of his original colour.
    pub(in crate::games::sceptre) pools: Vec<PieceCounts>,
    /// Per player the run of his last moves that each gave check.
    pub(in crate::games::sceptre) checks: Vec<u32>,
    /// The Zobrist key (`zobrist`), kept up to date by make and unmake.
    pub(in crate::games::sceptre) key: u64,
    /// Moves since the last capture, promotion, placement or change of a player's state.
    pub(in crate::games::sceptre) reversible: Reversible,
    /// The squares of each owner's pieces (derived from `board`, kept by make/unmake).
    pub(in crate::games::sceptre) owned: SquareSets,
    /// Per colour its king's square, [`NO_SQUARE`] while it is not on the field (derived).
    pub(in crate::games::sceptre) kings: [Square; 4],
    /// Per line of the field (`Field::lines`): its occupied cells, whoever's (derived).
    pub(in crate::games::sceptre) lines: LineArray<u128>,
    /// The evaluation's sums over pieces, per colour (derived, kept by make/unmake).
    pub(in crate::games::sceptre) tally: Tally,
    /// What each colour's pieces cover (derived, kept by make/unmake).
    pub(in crate::games::sceptre) cover: CoverMap,
    /// Each colour's pawn moves summed (derived, kept by make/unmake).
    pub(in crate::games::sceptre) pawn_moves: PawnMoves,
    /// Each pawn's moves, on its square (derived, kept by make/unmake).
    pub(in crate::games::sceptre) pawn_counts: PawnCounts,
}

/// A count of plies that is not part of the position's identity: two positions that differ
/// only in how they were reached are equal (it only bounds how far back a repetition is
/// looked for).
#[derive(Clone, Copy, Debug, Default, Eq)]
pub struct Reversible(pub u32);

impl PartialEq for Reversible {
    fn eq(&self, _other: &Reversible) -> bool {
        true
    }
}

impl SceptrePosition {
    /// A position from its parts; the derived state (owner sets, king squares, lines, the key)
    /// is computed here.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::games::sceptre) fn assemble(
        field: Arc<Field>,
        board: Vec<Option<Piece>>,
        players: Vec<PlayerState>,
        to_move: PlayerColour,
        kingdoms: Kingdoms,
        set_up: Option<Vec<PieceCounts>>,
        pools: Vec<PieceCounts>,
        checks: Vec<u32>,
    ) -> SceptrePosition {
        let mut position = SceptrePosition {
            owned: SquareSets::new(field.mailbox_len()),
            kings: [NO_SQUARE; 4],
            lines: LineArray::filled(0),
            tally: Tally::default(),
            cover: CoverMap::new(field.mailbox_len()),
            pawn_moves: PawnMoves::default(),
            pawn_counts: PawnCounts::filled(0),
            board: CellArray::from_cells(&board, None),
            field,
            players,
            to_move,
            kingdoms,
            set_up,
            pools,
            checks,
            key: 0,
            reversible: Reversible::default(),
        };
        position.derive();
        position.key = position.key_from_scratch();
        position
    }

    /// Recomputes the owner sets, the king squares, the lines' occupancy, the tally, the
    /// cover map and the pawn moves from the board.
    pub(in crate::games::sceptre) fn derive(&mut self) {
        self.owned.clear();
        self.kings = [NO_SQUARE; 4];
        self.lines.fill_first(self.field.lines().count(), 0);
        self.tally = Tally::default();
        let players = self.players.len();
        for i in 0..self.field.squares().len() {
            let sq = self.field.squares()[i];
            if let Some(p) = self.board[sq as usize] {
                self.tally.add(&self.field, sq, p, players);
                self.owned.insert(p.owner, sq);
                self.flip_lines(sq);
                if p.kind == PieceKind::King {
                    self.kings[p.colour.index()] = sq;
                }
            }
        }
        self.derive_cover();
        self.derive_pawn_moves();
    }

    /// Marks `sq` occupied on its four lines if it was empty, and empty if it was occupied.
    #[inline(always)]
    pub(in crate::games::sceptre) fn flip_lines(&mut self, sq: Square) {
        for place in self.field.lines().places(sq) {
            self.lines[place.line as usize] ^= 1u128 << place.bit;
        }
    }

    /// The evaluation's sums over the pieces of each colour.
    #[inline(always)]
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    pub fn field(&self) -> &Arc<Field> {
        &self.field
    }

    #[inline(always)]
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    /// The pieces with their squares, rank 1 first, each rank from file `a`.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.field
            .squares()
            .iter()
            .filter_map(|&sq| self.piece(sq).map(|p| (sq, p)))
    }

    /// The colours at the table, in seat order.
    pub fn colours(&self) -> impl Iterator<Item = PlayerColour> + '_ {
        PlayerColour::ALL.into_iter().take(self.players.len())
    }

    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// A player's state; `None` for a colour not at the table.
    pub fn state(&self, colour: PlayerColour) -> Option<PlayerState> {
        self.players.get(colour.index()).copied()
    }

    pub fn to_move(&self) -> PlayerColour {
        self.to_move
    }

    pub fn kingdoms(&self) -> &Kingdoms {
        &self.kingdoms
    }

    /// Whether the set-up phase is still on.
    pub fn in_set_up(&self) -> bool {
        self.set_up.is_some()
    }

    /// The pieces a player has still to place, `None` once the set-up is over.
    pub fn set_up(&self, colour: PlayerColour) -> Option<PieceCounts> {
        self.set_up.as_ref()?.get(colour.index()).copied()
    }

    /// The captured pieces of an original colour.
    pub fn pool(&self, colour: PlayerColour) -> PieceCounts {
        self.pools.get(colour.index()).copied().unwrap_or_default()
    }

    /// Plies since the last move no later position can repeat.
    pub fn reversible_plies(&self) -> usize {
        self.reversible.0 as usize
    }

    /// How many of a player's last moves in a row gave check.
    pub fn check_run(&self, colour: PlayerColour) -> u32 {
        self.checks.get(colour.index()).copied().unwrap_or(0)
    }

    /// The rules a position string's tokens cannot see: a set-up field with something left to
    /// place, pieces owned only by players still in the game and passed only from eliminated
    /// ones (never a king), pieces on terrain they may stand on, kingdoms on the field and given for exactly the players, a playing side to move, and
    /// one king for every playing player (none while his set-up list still holds it).
    pub(in crate::games::sceptre) fn validate(&self) -> Result<(), SceptrePositionError> {
        use SceptrePositionError as E;
        if self
            .set_up
            .as_ref()
            .is_some_and(|lists| lists.iter().all(|l| l.iter().all(|&n| n == 0)))
        {
            return Err(E::NothingToPlace);
        }
        for (sq, piece) in self.pieces() {
            if self.state(piece.owner) == Some(PlayerState::Eliminated) {
                return Err(E::EliminatedOwner {
                    square: self.field.square_name(sq),
                    owner: piece.owner,
                });
            }
            if piece.colour != piece.owner
                && (piece.kind == PieceKind::King
                    || self.state(piece.colour) != Some(PlayerState::Eliminated))
            {
                return Err(E::NotPassed {
                    square: self.field.square_name(sq),
                    piece,
                });
            }
            if let Some(terrain) = self.field.terrain(sq) {
                if !piece.kind.may_stand_on(terrain) {
                    return Err(E::Ground {
                        square: self.field.square_name(sq),
                        kind: piece.kind,
                        terrain,
                    });
                }
            }
        }
        // A transfer moves all of an owner's pieces at once, so each colour has one owner.
        let mut owner_of = [None; 4];
        for (sq, piece) in self.pieces() {
            let owner = owner_of[piece.colour.index()].get_or_insert(piece.owner);
            if *owner != piece.owner {
                return Err(E::SplitColour {
                    square: self.field.square_name(sq),
                    colour: piece.colour,
                });
            }
        }
        if self.kingdoms.players() > self.players.len() {
            return Err(E::NotAtTable {
                field: PositionField::Kingdoms,
                colour: PlayerColour::ALL[self.players.len()],
            });
        }
        if self.kingdoms.players() < self.players.len() {
            return Err(E::Missing {
                field: PositionField::Kingdoms,
                colour: PlayerColour::ALL[self.kingdoms.players()],
            });
        }
        self.kingdoms.check_allowing_overlap(&self.field)?;
        if self.state(self.to_move) != Some(PlayerState::Playing) {
            return Err(E::NotPlaying(self.to_move));
        }
        for colour in self.colours() {
            if self.state(colour) != Some(PlayerState::Playing) {
                continue;
            }
            let count = self
                .pieces()
                .filter(|(_, p)| p.kind == PieceKind::King && p.owner == colour)
                .count();
            let to_place = self
                .set_up(colour)
                .is_some_and(|c| c[PieceKind::King.index()] > 0);
            let expected = usize::from(!to_place);
            if count != expected {
                return Err(E::Kings {
                    colour,
                    count,
                    expected,
                });
            }
        }
        if self
            .set_up(self.to_move)
            .is_some_and(|left| left.iter().all(|&n| n == 0))
        {
            return Err(E::NothingLeftFor(self.to_move));
        }
        Ok(())
    }
}
