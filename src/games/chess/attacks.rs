//! Attack tables: leapers computed at compile time, sliders through "fancy" magic bitboards
//! whose magic numbers are found once at start-up by a seeded random search (a few ms).

use super::bitboard::{bit, Bitboard};
use super::types::{Color, Square};
use std::sync::LazyLock;

const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// King and Zealot steps: one square in any direction.
const KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
const PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq as usize]
}

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq as usize]
}

/// Squares a pawn of `color` on `sq` attacks (captures diagonally forward).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq as usize]
}

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Slow ray walk, used to build the tables and to check them in tests.
pub fn slider_attacks_slow(sq: Square, occupied: Bitboard, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let s = (r * 8 + f) as Square;
            attacks |= bit(s);
            if occupied & bit(s) != 0 {
                break;
            }
        }
    }
    attacks
}

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

struct SliderTables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<Bitboard>,
    between: Vec<Bitboard>,
    line: Vec<Bitboard>,
}

static TABLES: LazyLock<SliderTables> = LazyLock::new(build_tables);

/// The relevant-occupancy mask: the rays without their final edge square.
fn relevant_mask(sq: Square, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            f += df;
            r += dr;
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                break;
            }
            mask |= bit((r * 8 + f) as Square);
        }
    }
    mask
}

/// xorshift64*: deterministic, so the tables (and any bug in them) are the same every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magic(sq: Square, dirs: &[(i8, i8); 4], rng: &mut Rng, table: &mut Vec<Bitboard>) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    // Every subset of the mask (Carry-Rippler enumeration) with its true attack set.
    let mut occupancies = Vec::with_capacity(size);
    let mut reference = Vec::with_capacity(size);
    let mut subset: Bitboard = 0;
    loop {
        occupancies.push(subset);
        reference.push(slider_attacks_slow(sq, subset, dirs));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let offset = table.len();
    table.resize(offset + size, 0);
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let candidate = Magic {
            mask,
            magic,
            shift: 64 - bits,
            offset,
        };
        let mut ok = true;
        for (occ, att) in occupancies.iter().zip(&reference) {
            let idx = candidate.index(*occ) - offset;
            if epoch[idx] != attempt {
                epoch[idx] = attempt;
                table[offset + idx] = *att;
            } else if table[offset + idx] != *att {
                ok = false;
                break;
            }
        }
        if ok {
            return candidate;
        }
    }
}

fn build_tables() -> SliderTables {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut attacks = Vec::new();
    let mut rook = [Magic::default(); 64];
    let mut bishop = [Magic::default(); 64];
    for sq in 0..64u8 {
        rook[sq as usize] = find_magic(sq, &ROOK_DIRS, &mut rng, &mut attacks);
        bishop[sq as usize] = find_magic(sq, &BISHOP_DIRS, &mut rng, &mut attacks);
    }
    let mut between = vec![0; 64 * 64];
    let mut line = vec![0; 64 * 64];
    for a in 0..64u8 {
        for b in 0..64u8 {
            if a == b {
                continue;
            }
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                let from_a = slider_attacks_slow(a, 0, dirs);
                if from_a & bit(b) != 0 {
                    let idx = a as usize * 64 + b as usize;
                    line[idx] = (from_a & slider_attacks_slow(b, 0, dirs)) | bit(a) | bit(b);
                    between[idx] =
                        slider_attacks_slow(a, bit(b), dirs) & slider_attacks_slow(b, bit(a), dirs);
                }
            }
        }
    }
    SliderTables {
        rook,
        bishop,
        attacks,
        between,
        line,
    }
}

/// Builds the tables now rather than on first use (keeps the first search's timing clean).
pub fn init() {
    LazyLock::force(&TABLES);
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    t.attacks[t.rook[sq as usize].index(occupied)]
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    t.attacks[t.bishop[sq as usize].index(occupied)]
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between two squares on a common line (empty if none).
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES.between[a as usize * 64 + b as usize]
}

/// The whole line through two squares, edge to edge, (empty if they share none).
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES.line[a as usize * 64 + b as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_ray_walks() {
        let mut rng = Rng(12345);
        for sq in 0..64u8 {
            for _ in 0..200 {
                let occ = rng.next() & rng.next();
                assert_eq!(
                    rook_attacks(sq, occ),
                    slider_attacks_slow(sq, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(sq, occ),
                    slider_attacks_slow(sq, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        // a1..h8 diagonal: between a1 and d4 are b2, c3.
        assert_eq!(between(0, 27), bit(9) | bit(18));
        assert_eq!(line(0, 9).count_ones(), 8);
        assert_eq!(between(0, 10), 0); // a1 and c2 share no line
        assert_eq!(knight_attacks(0), bit(10) | bit(17));
        assert_eq!(pawn_attacks(Color::White, 8), bit(17));
    }
}
