//! What the evaluation sums over pieces, kept by make/unmake instead of counted at each node
//! (issue 32): per original colour, the pieces of each kind, the closed terrain round them
//! (the material term weighs it) and the pawns' progress toward their promotion edge. The
//! numbers are raw (no weights: the rules know no evaluation); `eval::full` weighs them.
//!
//! Kept per original colour because a colour's pieces keep their colour, their forward
//! direction and their pool when they pass to the capturer of their king; `owner` says whose
//! they are now. Everything here is derived from the board: equal boards have equal tallies.

use super::attacks::{forward, seat};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::{Direction, Field, Square};

/// Pawns are counted by the steps they have left up to this many (the evaluation's bonus
/// near the edge reads the first few).
pub const LEFT_TRACKED: usize = 16;

/// The sums over one original colour's pieces on the field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColourTally {
    /// Pieces on the field, all kinds.
    pub pieces: u8,
    /// Pieces of each kind, in [`PieceKind::ALL`] order.
    pub count: [u8; 6],
    /// Per kind, the sum of `Field::closed_around` over the squares its pieces stand on.
    pub closed: [u16; 6],
    /// The sum over the pawns of the steps each has come from the far side (`span - left`).
    pub pawn_advance: i32,
    /// Pawns by the steps they have left to the promotion edge (those with fewer than
    /// [`LEFT_TRACKED`]).
    pub pawn_left: [u8; LEFT_TRACKED],
}

/// The tallies of the four colours, and who owns each colour's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    pub colours: [ColourTally; 4],
    /// The owner of each colour's pieces: the colour itself while it has none on the field
    /// or is not eliminated (so that the tally stays a function of the board).
    pub owner: [PlayerColour; 4],
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            colours: [ColourTally::default(); 4],
            owner: PlayerColour::ALL,
        }
    }
}

impl Tally {
    /// A hash of the material on the field (pieces of each kind per colour, and whose they
    /// are) and of how far each colour's pawns have left to go: where a hand-written
    /// evaluation errs alike from one position to the next, as chess's pawn structure (the
    /// search's correction history learns per key).
    pub fn material_key(&self) -> u64 {
        let mut h: u64 = 0;
        for (colour, t) in self.colours.iter().enumerate() {
            let mut counts = [0u8; 8];
            counts[..6].copy_from_slice(&t.count);
            counts[6] = self.owner[colour].index() as u8;
            let near = u64::from_le_bytes(t.pawn_left[..8].try_into().unwrap_or_default());
            let far = u64::from_le_bytes(t.pawn_left[8..].try_into().unwrap_or_default());
            for word in [u64::from_le_bytes(counts), near, far] {
                h = (h ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                h ^= h >> 29;
            }
        }
        h.wrapping_mul(0xBF58_476D_1CE4_E5B9)
    }
}

/// Steps a pawn moving `forward` on `sq` still has to its promotion edge, and the distance
/// between the two edges in that direction.
#[inline]
pub fn pawn_distance(field: &Field, sq: Square, forward: Direction) -> (i32, i32) {
    let c = field.place(sq);
    let (w, h) = (field.width() as i32 - 1, field.height() as i32 - 1);
    let (f, r) = (c.file as i32, c.rank as i32);
    match forward {
        Direction::North => (h - r, h),
        Direction::South => (r, h),
        Direction::East => (w - f, w),
        _ => (f, w),
    }
}

impl Tally {
    /// Counts `piece` on `sq` in or out, at a table of `players`.
    #[inline(always)]
    fn count(&mut self, field: &Field, sq: Square, piece: Piece, players: usize, add: bool) {
        let t = &mut self.colours[piece.colour.index()];
        let k = piece.kind.index();
        let closed = u16::from(field.closed_around(sq));
        if add {
            t.pieces += 1;
            t.count[k] += 1;
            t.closed[k] += closed;
        } else {
            t.pieces -= 1;
            t.count[k] -= 1;
            t.closed[k] -= closed;
        }
        if piece.kind == PieceKind::Pawn {
            let ahead = forward(seat(piece.colour, players));
            let (left, span) = pawn_distance(field, sq, ahead);
            let sign = if add { 1 } else { -1 };
            t.pawn_advance += sign * (span - left);
            if (left as usize) < LEFT_TRACKED {
                let slot = &mut t.pawn_left[left as usize];
                if add {
                    *slot += 1;
                } else {
                    *slot -= 1;
                }
            }
        }
    }

    #[inline(always)]
    pub fn add(&mut self, field: &Field, sq: Square, piece: Piece, players: usize) {
        self.count(field, sq, piece, players, true);
        self.owner[piece.colour.index()] = piece.owner;
    }

    #[inline(always)]
    pub fn remove(&mut self, field: &Field, sq: Square, piece: Piece, players: usize) {
        self.count(field, sq, piece, players, false);
        let c = piece.colour.index();
        if self.colours[c].pieces == 0 {
            self.owner[c] = piece.colour;
        }
    }

    /// The pieces of the colours in `colours` (bit per colour index) pass to `to`.
    pub fn transfer(&mut self, colours: u8, to: PlayerColour) {
        for (c, owner) in self.owner.iter_mut().enumerate() {
            if colours & (1 << c) != 0 {
                *owner = to;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::sceptre::field::layout::{Layout, SHIPPED_LAYOUTS};
    use crate::games::sceptre::field::NO_SQUARE;
    use crate::games::sceptre::rules::cover::CoverMap;
    use crate::games::sceptre::rules::make::Undo;
    use crate::games::sceptre::rules::moves::SceptreMove;
    use crate::games::sceptre::rules::pawn_moves::{PawnCounts, PawnMoves};
    use crate::games::sceptre::rules::position::SceptrePosition;
    use crate::games::sceptre::test_support::{reference_positions, Rng};

    #[test]
    fn the_material_key_tells_material_pawn_distances_and_owners_apart() {
        use crate::games::sceptre::field::seats::PlayerColour;
        let base = super::Tally::default();
        let changed: [fn(&mut super::Tally); 6] = [
            |t| t.colours[0].count[1] += 1,
            |t| t.colours[1].count[1] += 1,
            |t| t.colours[3].count[5] += 1,
            |t| t.colours[0].pawn_left[2] += 1,
            |t| t.colours[2].pawn_left[12] += 1,
            |t| t.owner[1] = PlayerColour::ALL[0],
        ];
        let mut keys = vec![base.material_key()];
        for change in changed {
            let mut t = base;
            change(&mut t);
            keys.push(t.material_key());
        }
        let mut distinct = keys.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), keys.len(), "{keys:x?}");
        // Where the pieces stand beyond that is not part of it.
        let mut t = base;
        t.colours[0].closed[2] += 5;
        t.colours[0].pawn_advance += 3;
        assert_eq!(t.material_key(), base.material_key());
    }

    /// What the tally, the cover map (`rules::cover`) and the pawn moves
    /// (`rules::pawn_moves`, the sums and each pawn's count) must be: counted afresh from
    /// the board.
    fn from_scratch(pos: &SceptrePosition) -> (super::Tally, CoverMap, PawnMoves, PawnCounts) {
        let mut fresh = pos.clone();
        fresh.derive();
        (
            fresh.tally,
            fresh.cover,
            fresh.pawn_moves,
            fresh.pawn_counts,
        )
    }

    fn kept(pos: &SceptrePosition) -> (super::Tally, CoverMap, PawnMoves, PawnCounts) {
        (
            pos.tally,
            pos.cover.clone(),
            pos.pawn_moves,
            pos.pawn_counts.clone(),
        )
    }

    /// The map answers "is this square attacked" as the rules' walk does, for every square
    /// round and under each king and every set of attacking owners.
    fn check_attacks(pos: &SceptrePosition) {
        let field = pos.field().clone();
        for &king in pos.kings.iter().filter(|&&k| k != NO_SQUARE) {
            for &sq in std::iter::once(&king).chain(field.neighbours(king).iter()) {
                if sq == NO_SQUARE {
                    continue;
                }
                for hostile in 1..16u8 {
                    assert_eq!(
                        pos.covered_by(sq, hostile),
                        pos.attacked(sq, hostile, NO_SQUARE, NO_SQUARE),
                        "{pos}: {} by {hostile:b}",
                        field.square_name(sq)
                    );
                }
            }
        }
    }

    #[derive(Default)]
    struct Seen {
        plies: usize,
        captures: usize,
        promotions: usize,
        eliminations: usize,
        withdrawals: usize,
        placements: usize,
    }

    /// Plays `plies` random moves from `start` (captures half the time), checking the tally
    /// and the cover map after each make and again after each unmake on the way back.
    fn play_out(start: &SceptrePosition, rng: &mut Rng, plies: usize, seen: &mut Seen) {
        let mut pos = start.clone();
        let mut stack: Vec<(Option<SceptreMove>, Undo)> = Vec::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            // Now and then a player of three or four withdraws even with moves left (as a
            // forfeit does), so that inert pieces are met often.
            let forfeit = pos.playing_count() >= 3 && !pos.in_set_up() && rng.below(40) == 0;
            let (m, undo) = if moves.is_empty() || forfeit {
                if pos.in_set_up() || pos.playing_count() < 3 {
                    break;
                }
                seen.withdrawals += 1;
                (None, pos.withdraw())
            } else {
                let noisy: Vec<SceptreMove> =
                    moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
                let m = if !noisy.is_empty() && rng.below(2) == 0 {
                    noisy[rng.below(noisy.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                let playing = pos.playing_count();
                seen.captures += usize::from(pos.piece(m.to()).is_some());
                seen.promotions += usize::from(m.promotion_kind().is_some());
                seen.placements += usize::from(m.is_placement());
                let undo = pos.make(m);
                seen.eliminations += usize::from(pos.playing_count() < playing);
                (Some(m), undo)
            };
            seen.plies += 1;
            assert!(kept(&pos) == from_scratch(&pos), "{pos} after {m:?}");
            check_attacks(&pos);
            stack.push((m, undo));
        }
        while let Some((m, undo)) = stack.pop() {
            match m {
                Some(m) => pos.unmake(m, undo),
                None => pos.unwithdraw(undo),
            }
            assert!(
                kept(&pos) == from_scratch(&pos),
                "{pos} after taking back {m:?}"
            );
        }
        assert!(kept(&pos) == kept(start));
    }

    #[test]
    fn the_kept_tally_cover_and_pawn_moves_equal_the_counted_ones_over_random_playouts() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut seen = Seen::default();
        for line in reference_positions() {
            let start = SceptrePosition::from_text(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
            for _ in 0..8 {
                play_out(&start, &mut rng, 80, &mut seen);
            }
        }
        for shipped in SHIPPED_LAYOUTS {
            let layout = Layout::load(shipped.name).unwrap();
            for &players in layout.players() {
                let start = SceptrePosition::start(&layout, players).unwrap();
                for _ in 0..3 {
                    play_out(&start, &mut rng, 64 + 150, &mut seen);
                }
            }
        }
        // The playouts reach every way a piece comes and goes.
        assert!(seen.plies > 10_000, "{} plies", seen.plies);
        assert!(seen.placements > 1_000, "{} placements", seen.placements);
        assert!(seen.captures > 500, "{} captures", seen.captures);
        assert!(seen.promotions > 0, "no promotion");
        assert!(seen.eliminations > 0, "no elimination");
        assert!(seen.withdrawals > 0, "no withdrawal");
    }
}
