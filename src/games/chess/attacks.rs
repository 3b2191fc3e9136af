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

/// Magic multipliers found by `find_magic` with the fixed seed below and recorded here so that
/// start-up only fills tables (the search took ~0.2 s). `print_magics` regenerates them; a wrong
/// entry is detected at start-up and searched for again.
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002C03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000A001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021D00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000A0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0050500500080100,
    0x0000020080040080,
    0x0C10010400420810,
    0x1040008200005104,
    0x01808240088004A0,
    0x0882804004802000,
    0x0880402001001100,
    0x2000210409001000,
    0x2000480131001500,
    0x0000800400800200,
    0x000002380C001003,
    0x4600084882000431,
    0x0080002000504000,
    0x0300500020004002,
    0x0040408200220011,
    0x0010040008004040,
    0x0000080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040A00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04C1002414824001,
    0x020020000B001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084C0007,
    0x0888221800813004,
    0x4000002840840112,
];
const BISHOP_MAGICS: [u64; 64] = [
    0x20C0090901061081,
    0x0024040094030104,
    0x8210810200290200,
    0x0011040484620000,
    0x0081104002221000,
    0x0009012011001350,
    0x0081010802400380,
    0x0000420210010408,
    0x0008105002280050,
    0x0001028484040044,
    0x2A00880810408804,
    0x7020022282000100,
    0x0084040420100A50,
    0x000401010840E000,
    0x2020020210420888,
    0x0008084202012010,
    0x2010400810018800,
    0x0445122008020840,
    0x0804100808002008,
    0x0008002104110100,
    0x0061005820080800,
    0x2001000200820100,
    0x480C210084010800,
    0x3004442500480420,
    0x1010102240048100,
    0x00182009084220A3,
    0x8803090A10004205,
    0x0208080040202020,
    0x000C044084010040,
    0x00A1010002004106,
    0x6008210020640202,
    0x1600902112860801,
    0x00042008C1220200,
    0x010C042002440140,
    0x5022080200040820,
    0x0402004042940100,
    0x0860108400008020,
    0x000C080022021000,
    0x0264080652822100,
    0x4005031221010401,
    0x0004502410008400,
    0x000500B010A20400,
    0x0415094050080800,
    0x080000201800A104,
    0x4022A80304000110,
    0x4012140802028020,
    0x40200104010100A0,
    0x12810806008B0C41,
    0x0020441008080000,
    0x2002120084045420,
    0x0704020062080002,
    0x0000001084040001,
    0x0322200891240200,
    0xF040200210024800,
    0x0140824832008042,
    0x000210020A004602,
    0x0083042805141020,
    0x002C12009A011000,
    0x0041A00044140400,
    0x00004004020A0202,
    0x0000140010020210,
    0x2864160811012200,
    0x2060080841082A17,
    0xA010041108003100,
];

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

/// Entries in the sliders' attack table: the 107,648 that the rook and bishop magics use,
/// padded to a power of two so that an index masked with `SLIDER_MASK` needs no bounds check.
const SLIDER_ENTRIES: usize = 1 << 17;
const SLIDER_MASK: usize = SLIDER_ENTRIES - 1;

struct SliderTables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Box<[Bitboard; SLIDER_ENTRIES]>,
    between: Box<[Bitboard; 64 * 64]>,
    line: Box<[Bitboard; 64 * 64]>,
}

/// A table of exactly `N` entries (padded with empty sets), its length known to the compiler.
fn fixed_table<const N: usize>(mut table: Vec<Bitboard>) -> Box<[Bitboard; N]> {
    table.resize(N, 0);
    match table.into_boxed_slice().try_into() {
        Ok(fixed) => fixed,
        Err(_) => unreachable!("resized to N entries"),
    }
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

/// Fills the table for a recorded magic; None if the magic does not work for this square.
fn use_known_magic(
    sq: Square,
    dirs: &[(i8, i8); 4],
    magic: u64,
    table: &mut Vec<Bitboard>,
) -> Option<Magic> {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let offset = table.len();
    let candidate = Magic {
        mask,
        magic,
        shift: 64 - bits,
        offset,
    };
    let mut filled = vec![false; 1usize << bits];
    table.resize(offset + (1usize << bits), 0);
    let mut subset: Bitboard = 0;
    loop {
        let attacks = slider_attacks_slow(sq, subset, dirs);
        let idx = candidate.index(subset);
        if filled[idx - offset] && table[idx] != attacks {
            table.truncate(offset);
            return None;
        }
        filled[idx - offset] = true;
        table[idx] = attacks;
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return Some(candidate);
        }
    }
}

fn build_tables() -> SliderTables {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut attacks = Vec::new();
    let mut rook = [Magic::default(); 64];
    let mut bishop = [Magic::default(); 64];
    for sq in 0..64u8 {
        let i = sq as usize;
        rook[i] = use_known_magic(sq, &ROOK_DIRS, ROOK_MAGICS[i], &mut attacks)
            .unwrap_or_else(|| find_magic(sq, &ROOK_DIRS, &mut rng, &mut attacks));
        bishop[i] = use_known_magic(sq, &BISHOP_DIRS, BISHOP_MAGICS[i], &mut attacks)
            .unwrap_or_else(|| find_magic(sq, &BISHOP_DIRS, &mut rng, &mut attacks));
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
    debug_assert!(attacks.len() <= SLIDER_ENTRIES);
    SliderTables {
        rook,
        bishop,
        attacks: fixed_table(attacks),
        between: fixed_table(between),
        line: fixed_table(line),
    }
}

/// Builds the tables now rather than on first use (keeps the first search's timing clean).
pub fn init() {
    LazyLock::force(&TABLES);
}

/// The slider tables, checked for their lazy initialisation once: a function that looks up
/// many slider attacks takes this first rather than paying the check on every lookup.
#[derive(Clone, Copy)]
pub struct Sliders(&'static SliderTables);

#[inline(always)]
pub fn sliders() -> Sliders {
    Sliders(&TABLES)
}

impl Sliders {
    #[inline(always)]
    pub fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.0.attacks[self.0.rook[sq as usize].index(occupied) & SLIDER_MASK]
    }

    #[inline(always)]
    pub fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.0.attacks[self.0.bishop[sq as usize].index(occupied) & SLIDER_MASK]
    }
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    sliders().rook(sq, occupied)
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    sliders().bishop(sq, occupied)
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between two squares on a common line (empty if none). (Squares are below
/// 64, so the mask changes no index; it spares the bounds check.)
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES.between[(a as usize * 64 + b as usize) & 4095]
}

/// The whole line through two squares, edge to edge, (empty if they share none). Masked as in
/// [`between`].
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES.line[(a as usize * 64 + b as usize) & 4095]
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

#[cfg(test)]
mod magic_generator {
    /// Prints the magics the seeded search finds: `cargo test --release print_magics -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn print_magics() {
        let t = &*super::TABLES;
        let r: Vec<String> = t
            .rook
            .iter()
            .map(|m| format!("0x{:016X}", m.magic))
            .collect();
        let b: Vec<String> = t
            .bishop
            .iter()
            .map(|m| format!("0x{:016X}", m.magic))
            .collect();
        println!("ROOK {}", r.join(", "));
        println!("BISHOP {}", b.join(", "));
    }
}
