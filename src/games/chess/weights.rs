//! The chess evaluation's tunable numbers as one flat table of midgame/endgame pairs, so that
//! the evaluation can be scored with any table and the tuner can fit a table from data.
//! [`DEFAULT`] holds the hand-set values (placement and mobility generated from the formulas
//! they were first written as); the terms that are not linear in a weight (king danger, the
//! kings' distance to a passed pawn, the variants' own terms) stay in `eval.rs`.

/// A midgame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::AddAssign for Pair {
    #[inline(always)]
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl std::ops::SubAssign for Pair {
    #[inline(always)]
    fn sub_assign(&mut self, o: Pair) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}
impl std::ops::Sub for Pair {
    type Output = Pair;
    #[inline(always)]
    fn sub(self, o: Pair) -> Pair {
        Pair(self.0 - o.0, self.1 - o.1)
    }
}
impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    #[inline(always)]
    fn mul(self, n: i32) -> Pair {
        Pair(self.0 * n, self.1 * n)
    }
}

/// Where each group of weights starts in the flat table (lengths in the comments).
pub mod index {
    /// By role (pawn … zealot): 7.
    pub const MATERIAL: usize = 0;
    /// By role, then square seen from the piece's own side (rank 0 = home): 7 × 64.
    pub const PLACEMENT: usize = MATERIAL + 7;
    /// Mobility by number of reachable squares: knight 0-8, bishop 0-13, rook 0-14, queen 0-27.
    pub const MOBILITY_KNIGHT: usize = PLACEMENT + 7 * 64;
    pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
    pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
    pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
    /// A pawn with no friendly pawn on an adjacent file.
    pub const ISOLATED: usize = MOBILITY_QUEEN + 28;
    /// A pawn with a friendly pawn ahead on its file.
    pub const DOUBLED: usize = ISOLATED + 1;
    /// A pawn defended by a friendly pawn.
    pub const SUPPORTED: usize = DOUBLED + 1;
    /// A passed pawn by relative rank, its stop square free: 8.
    pub const PASSED: usize = SUPPORTED + 1;
    /// A passed pawn by relative rank, its stop square occupied: 8.
    pub const PASSED_BLOCKED: usize = PASSED + 8;
    /// A rook on a file without pawns.
    pub const ROOK_OPEN: usize = PASSED_BLOCKED + 8;
    /// A rook on a file with enemy pawns only.
    pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
    pub const BISHOP_PAIR: usize = ROOK_SEMI_OPEN + 1;
    /// Each own pawn (up to three) shielding the king.
    pub const SHIELD: usize = BISHOP_PAIR + 1;
    /// Each file at or beside the king without own pawns.
    pub const KING_OPEN_FILE: usize = SHIELD + 1;
    /// The side to move's bonus (tapered on its own, after the rest).
    pub const TEMPO: usize = KING_OPEN_FILE + 1;
    /// The number of weights.
    pub const COUNT: usize = TEMPO + 1;
}

/// One complete table of weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub [Pair; index::COUNT]);

impl Weights {
    /// The table `rules` play by unless an option says otherwise.
    pub fn for_rules(rules: super::Rules) -> &'static Weights {
        match rules {
            super::Rules::Forty => &FORTY,
            _ => &DEFAULT,
        }
    }

    #[inline(always)]
    pub fn get(&self, i: usize) -> Pair {
        self.0[i]
    }

    /// The group and offset a flat index belongs to, for the tuner's output.
    pub fn describe_index(i: usize) -> String {
        use index::*;
        const ROLES: [&str; 7] = [
            "pawn", "knight", "bishop", "rook", "queen", "king", "zealot",
        ];
        let groups: [(usize, &str); 17] = [
            (MATERIAL, "material"),
            (PLACEMENT, "placement"),
            (MOBILITY_KNIGHT, "mobility knight"),
            (MOBILITY_BISHOP, "mobility bishop"),
            (MOBILITY_ROOK, "mobility rook"),
            (MOBILITY_QUEEN, "mobility queen"),
            (ISOLATED, "isolated pawn"),
            (DOUBLED, "doubled pawn"),
            (SUPPORTED, "supported pawn"),
            (PASSED, "passed pawn, rank"),
            (PASSED_BLOCKED, "blocked passed pawn, rank"),
            (ROOK_OPEN, "rook on open file"),
            (ROOK_SEMI_OPEN, "rook on semi-open file"),
            (BISHOP_PAIR, "bishop pair"),
            (SHIELD, "king shield pawn"),
            (KING_OPEN_FILE, "open file by the king"),
            (TEMPO, "tempo"),
        ];
        let (start, name) = groups
            .iter()
            .rev()
            .find(|(s, _)| i >= *s)
            .copied()
            .unwrap_or((0, "?"));
        let off = i - start;
        match start {
            MATERIAL => format!("material {}", ROLES[off.min(6)]),
            PLACEMENT => {
                let sq = off % 64;
                let file = (b'a' + (sq % 8) as u8) as char;
                format!(
                    "placement {} {}{}",
                    ROLES[(off / 64).min(6)],
                    file,
                    sq / 8 + 1
                )
            }
            ISOLATED | DOUBLED | SUPPORTED | ROOK_OPEN | ROOK_SEMI_OPEN | BISHOP_PAIR | SHIELD
            | KING_OPEN_FILE | TEMPO => name.to_string(),
            _ => format!("{name} {off}"),
        }
    }
}

/// The hand-set weights every variant plays with (and orthodox chess with `EvalWeights handset`).
pub const DEFAULT: Weights = default_weights(ORTHODOX_MATERIAL);

/// Chess 40k: the default weights with the variant's own material scale.
pub const FORTY: Weights = default_weights(FORTY_MATERIAL);

const ORTHODOX_MATERIAL: [Pair; 7] = [
    Pair(90, 115),
    Pair(320, 300),
    Pair(335, 320),
    Pair(470, 525),
    Pair(950, 975),
    Pair(0, 0),
    Pair(400, 400),
];

/// Chess 40k's own scale (pawn 10 … queen 90, zealot 40), in centipawns.
pub const FORTY_MATERIAL: [Pair; 7] = [
    Pair(100, 100),
    Pair(300, 300),
    Pair(350, 350),
    Pair(500, 500),
    Pair(900, 900),
    Pair(0, 0),
    Pair(400, 400),
];

const PASSED_BONUS: [Pair; 8] = [
    Pair(0, 0),
    Pair(5, 10),
    Pair(8, 16),
    Pair(14, 28),
    Pair(28, 50),
    Pair(50, 90),
    Pair(80, 140),
    Pair(0, 0),
];

const fn min(a: i32, b: i32) -> i32 {
    if a < b {
        a
    } else {
        b
    }
}

const fn max(a: i32, b: i32) -> i32 {
    if a > b {
        a
    } else {
        b
    }
}

/// The placement formula the engine was first written with, for a piece of role `role` (by
/// index) on `sq` seen from its own side.
const fn placement(role: usize, sq: usize) -> Pair {
    let rank = (sq / 8) as i32;
    let file = (sq % 8) as i32;
    let df = (2 * file - 7).abs() / 2;
    let dr = (2 * rank - 7).abs() / 2;
    let centre = 3 - max(df, dr); // 0 at the rim, 3 in the centre
    let central_file = 3 - df;
    match role {
        0 => {
            let centre_files = if file >= 2 && file <= 5 {
                min(rank - 1, 3) * 4
            } else {
                0
            };
            Pair((rank - 1) * 3 + centre_files, (rank - 1) * 6)
        }
        1 => Pair(
            centre * 12 - 18 + if rank >= 3 { 6 } else { 0 },
            centre * 10 - 15,
        ),
        2 => Pair(
            centre * 5 - 5 + if rank == 0 { -8 } else { 0 },
            centre * 5 - 6,
        ),
        3 => {
            if rank == 6 {
                Pair(16, 12)
            } else {
                Pair(central_file * 3 - 3, 0)
            }
        }
        4 => Pair(centre * 3 - 4, centre * 6 - 8),
        5 => {
            let shelter = if rank == 0 {
                if file <= 2 || file >= 6 {
                    25
                } else {
                    0
                }
            } else if rank == 1 && (file <= 2 || file >= 6) {
                0
            } else {
                -15 * min(rank, 3)
            };
            Pair(shelter, centre * 14 - 20)
        }
        _ => Pair(centre * 8 - 10, centre * 8 - 10),
    }
}

const fn default_weights(material: [Pair; 7]) -> Weights {
    use index::*;
    let mut w = [Pair(0, 0); COUNT];
    let mut i = 0;
    while i < 7 {
        w[MATERIAL + i] = material[i];
        let mut sq = 0;
        while sq < 64 {
            w[PLACEMENT + i * 64 + sq] = placement(i, sq);
            sq += 1;
        }
        i += 1;
    }
    let mut n = 0;
    while n < 28 {
        let k = n as i32;
        if n < 9 {
            w[MOBILITY_KNIGHT + n] = Pair(4 * (k - 4), 4 * (k - 4));
        }
        if n < 14 {
            w[MOBILITY_BISHOP + n] = Pair(5 * (k - 6), 5 * (k - 6));
        }
        if n < 15 {
            w[MOBILITY_ROOK + n] = Pair(2 * (k - 6), 5 * (k - 6));
        }
        w[MOBILITY_QUEEN + n] = Pair(k - 12, 2 * (k - 12));
        n += 1;
    }
    w[ISOLATED] = Pair(-12, -16);
    w[DOUBLED] = Pair(-10, -20);
    w[SUPPORTED] = Pair(8, 6);
    let mut r = 0;
    while r < 8 {
        let b = PASSED_BONUS[r];
        w[PASSED + r] = b;
        // Halved (rounding toward zero) when something stands on the stop square.
        w[PASSED_BLOCKED + r] = Pair(b.0 / 2, b.1 / 2);
        r += 1;
    }
    w[ROOK_OPEN] = Pair(25, 10);
    w[ROOK_SEMI_OPEN] = Pair(12, 6);
    w[BISHOP_PAIR] = Pair(30, 50);
    w[SHIELD] = Pair(12, 0);
    w[KING_OPEN_FILE] = Pair(-15, 0);
    w[TEMPO] = Pair(12, 12);
    Weights(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_fill_the_table() {
        assert_eq!(
            index::COUNT,
            7 + 7 * 64 + 9 + 14 + 15 + 28 + 3 + 16 + 2 + 1 + 2 + 1
        );
        assert_eq!(Weights::describe_index(index::TEMPO), "tempo");
        assert_eq!(
            Weights::describe_index(index::PLACEMENT + 64 + 27),
            "placement knight d4"
        );
    }

    #[test]
    fn formulas_survive_as_tables() {
        // Spot checks against the formulas as they were written in eval.rs.
        let w = &DEFAULT;
        assert_eq!(w.get(index::PLACEMENT + 64 + 27), Pair(24, 15)); // knight d4
        assert_eq!(w.get(index::PLACEMENT + 5 * 64 + 6), Pair(25, -20)); // king g1
        assert_eq!(w.get(index::PLACEMENT + 3 * 64 + 48), Pair(16, 12)); // rook a7
        assert_eq!(w.get(index::MOBILITY_QUEEN), Pair(-12, -24));
        assert_eq!(w.get(index::PASSED_BLOCKED + 5), Pair(25, 45));
        assert_eq!(FORTY.get(index::MATERIAL), Pair(100, 100));
    }
}
