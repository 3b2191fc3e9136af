//! Orthodox chess evaluation: tapered midgame/endgame terms, each kept separately so the
//! `eval` command can show them. Values are the engine's own, shaped by simple formulas.

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::bitboard::{bit, squares, Bitboard, FILE_A, FILE_H};
use super::position::Position;
use super::rules::Rules;
use super::types::{file_of, rank_of, Color, Role, Square};
use crate::core::{two_seat_scores, Evaluator, Game, Score, SeatScores};

/// A midgame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl std::ops::Sub for Pair {
    type Output = Pair;
    fn sub(self, o: Pair) -> Pair {
        Pair(self.0 - o.0, self.1 - o.1)
    }
}

/// The evaluation's terms, in the order `eval` prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Placement,
    PawnStructure,
    PassedPawns,
    Mobility,
    KingSafety,
    Pieces,
    /// Capture the Scepter: the race to the enemy scepter, guarding one's own, sliding pawns.
    Scepter,
    /// Chess 40k: explosion threats and zealots closing on the king.
    Zealots,
}

pub const TERMS: [Term; 9] = [
    Term::Material,
    Term::Placement,
    Term::PawnStructure,
    Term::PassedPawns,
    Term::Mobility,
    Term::KingSafety,
    Term::Pieces,
    Term::Scepter,
    Term::Zealots,
];

impl Term {
    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Placement => "Placement",
            Term::PawnStructure => "Pawn structure",
            Term::PassedPawns => "Passed pawns",
            Term::Mobility => "Mobility",
            Term::KingSafety => "King safety",
            Term::Pieces => "Pieces",
            Term::Scepter => "Scepter",
            Term::Zealots => "Zealots",
        }
    }
}

/// Every term for each colour, plus the game phase (24 = all pieces on, 0 = bare kings/pawns).
#[derive(Clone, Debug, Default)]
pub struct Breakdown {
    pub terms: [[Pair; 9]; 2],
    pub phase: i32,
}

impl Breakdown {
    pub fn total(&self, c: Color) -> Pair {
        let mut t = Pair::default();
        for p in self.terms[c.index()] {
            t += p;
        }
        t
    }
    /// Tapered white-minus-black score in centipawns.
    pub fn white_score(&self) -> Score {
        let d = self.total(Color::White) - self.total(Color::Black);
        taper(d, self.phase)
    }
}

pub fn taper(p: Pair, phase: i32) -> Score {
    (p.0 * phase + p.1 * (24 - phase)) / 24
}

const MATERIAL: [Pair; 7] = [
    Pair(90, 115),
    Pair(320, 300),
    Pair(335, 320),
    Pair(470, 525),
    Pair(950, 975),
    Pair(0, 0),
    Pair(400, 400),
];
/// Chess 40k's own scale (pawn 10 … queen 90, zealot 40), in centipawns.
const MATERIAL_FORTY: [Pair; 7] = [
    Pair(100, 100),
    Pair(300, 300),
    Pair(350, 350),
    Pair(500, 500),
    Pair(900, 900),
    Pair(0, 0),
    Pair(400, 400),
];
const PHASE_WEIGHT: [i32; 7] = [0, 1, 1, 2, 4, 0, 1];

/// Distance from the board's centre, 0 (d4/e5…) to 3 (corners' ring), Chebyshev-like.
fn centre_distance(sq: Square) -> i32 {
    let f = file_of(sq) as i32;
    let r = rank_of(sq) as i32;
    let df = (2 * f - 7).abs() / 2;
    let dr = (2 * r - 7).abs() / 2;
    df.max(dr)
}

/// Square-placement value for a piece of `role` on `sq` seen from its own side (rank 0 = home).
fn placement(role: Role, sq: Square) -> Pair {
    let rank = rank_of(sq) as i32;
    let file = file_of(sq) as i32;
    let centre = 3 - centre_distance(sq); // 0 at the rim, 3 in the centre
    let central_file = 3 - ((2 * file - 7).abs() / 2);
    match role {
        Role::Pawn => {
            let mg = (rank - 1) * 3
                + if (2..=5).contains(&file) {
                    (rank - 1).min(3) * 4
                } else {
                    0
                };
            let eg = (rank - 1) * 6;
            Pair(mg, eg)
        }
        Role::Knight => Pair(centre * 12 - 18 + (rank >= 3) as i32 * 6, centre * 10 - 15),
        Role::Bishop => Pair(centre * 5 - 5 + (rank == 0) as i32 * -8, centre * 5 - 6),
        Role::Rook => Pair(
            if rank == 6 { 16 } else { central_file * 3 - 3 },
            if rank == 6 { 12 } else { 0 },
        ),
        Role::Queen => Pair(centre * 3 - 4, centre * 6 - 8),
        Role::King => {
            let shelter = match (rank, file) {
                (0, 0..=2) | (0, 6..=7) => 25,
                (0, _) => 0,
                (1, 0..=2) | (1, 6..=7) => 0,
                _ => -15 * rank.min(3),
            };
            Pair(shelter, centre * 14 - 20)
        }
        Role::Zealot => Pair(centre * 8 - 10, centre * 8 - 10),
    }
}

/// The square as seen from `c`'s own side (rank mirrored for black).
#[inline(always)]
fn relative(c: Color, sq: Square) -> Square {
    match c {
        Color::White => sq,
        Color::Black => sq ^ 56,
    }
}

fn forward_span(c: Color, sq: Square) -> Bitboard {
    let file_mask = FILE_A << file_of(sq);
    let r = rank_of(sq);
    let ahead = match c {
        Color::White => {
            if r == 7 {
                0
            } else {
                !0u64 << ((r + 1) * 8)
            }
        }
        Color::Black => {
            if r == 0 {
                0
            } else {
                !0u64 >> ((8 - r) * 8)
            }
        }
    };
    file_mask & ahead
}

fn adjacent_files(sq: Square) -> Bitboard {
    let f = FILE_A << file_of(sq);
    ((f << 1) & !FILE_A) | ((f >> 1) & !FILE_H)
}

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

/// Evaluates the position into its terms.
pub fn breakdown(pos: &Position) -> Breakdown {
    let mut b = Breakdown::default();
    let occ = pos.occupied();
    let pawn_attack_maps = [
        pawn_attack_map(pos, Color::White),
        pawn_attack_map(pos, Color::Black),
    ];
    let material = if pos.rules() == Rules::Forty {
        &MATERIAL_FORTY
    } else {
        &MATERIAL
    };
    for us in [Color::White, Color::Black] {
        let them = us.flip();
        match pos.rules() {
            Rules::Orthodox | Rules::Chess960 => {}
            Rules::Scepter => b.terms[us.index()][7] = scepter_terms(pos, us),
            Rules::Forty => b.terms[us.index()][8] = zealot_terms(pos, us),
        }
        let t = &mut b.terms[us.index()];
        let own = pos.by_color(us);
        let our_pawns = pos.pieces(us, Role::Pawn);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let their_king = pos.king_square(them);
        let king_zone = their_king.map_or(0, |k| king_attacks(k) | bit(k));
        let mut king_attack_weight = 0;
        let mut king_attackers = 0;
        // Squares worth moving to: not our own, not covered by their pawns.
        let mobility_area = !own & !pawn_attack_maps[them.index()];

        for sq in squares(own) {
            let Some(p) = pos.piece_at(sq) else { continue };
            let role = p.role();
            t[0] += material[role.index()];
            b.phase += PHASE_WEIGHT[role.index()];
            t[1] += placement(role, relative(us, sq));
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occ ^ pos.pieces(us, Role::Queen)),
                Role::Rook => rook_attacks(
                    sq,
                    occ ^ pos.pieces(us, Role::Queen) ^ pos.pieces(us, Role::Rook),
                ),
                Role::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
                _ => 0,
            };
            if attacks != 0 {
                let n = (attacks & mobility_area).count_ones() as i32;
                t[4] += match role {
                    Role::Knight => Pair(4 * (n - 4), 4 * (n - 4)),
                    Role::Bishop => Pair(5 * (n - 6), 5 * (n - 6)),
                    Role::Rook => Pair(2 * (n - 6), 5 * (n - 6)),
                    _ => Pair(n - 12, 2 * (n - 12)),
                };
                let hits = (attacks & king_zone).count_ones() as i32;
                if hits > 0 {
                    king_attackers += 1;
                    king_attack_weight += hits
                        * match role {
                            Role::Knight | Role::Bishop => 2,
                            Role::Rook => 3,
                            _ => 5,
                        };
                }
            }
            if role == Role::Rook {
                let file = FILE_A << file_of(sq);
                if file & our_pawns == 0 {
                    t[6] += if file & their_pawns == 0 {
                        Pair(25, 10)
                    } else {
                        Pair(12, 6)
                    };
                }
            }
        }
        if pos.pieces(us, Role::Bishop).count_ones() >= 2 {
            t[6] += Pair(30, 50);
        }
        // Attacks on the enemy king count against them: added to our side's safety term.
        if king_attackers >= 2 {
            let danger = king_attack_weight * king_attack_weight * king_attackers / 4;
            t[5] += Pair(danger.min(500), danger.min(500) / 8);
        }

        // Pawn structure.
        for sq in squares(our_pawns) {
            let adj = adjacent_files(sq);
            if our_pawns & adj == 0 {
                t[2] += Pair(-12, -16);
            }
            if forward_span(us, sq) & our_pawns != 0 {
                t[2] += Pair(-10, -20);
            }
            if pawn_attacks(them, sq) & our_pawns != 0 {
                t[2] += Pair(8, 6);
            }
            let span = forward_span(us, sq);
            let blockers = (span | ((span << 1) & !FILE_A) | ((span >> 1) & !FILE_H)) & their_pawns;
            if blockers == 0 {
                let r = rank_of(relative(us, sq)) as usize;
                let mut bonus = PASSED_BONUS[r];
                let stop = match us {
                    Color::White => sq + 8,
                    Color::Black => sq.wrapping_sub(8),
                };
                if stop < 64 && occ & bit(stop) != 0 {
                    bonus = Pair(bonus.0 / 2, bonus.1 / 2);
                }
                // Kings' distance to the pawn's path matters in the endgame.
                if let (Some(ok), Some(tk)) = (pos.king_square(us), pos.king_square(them)) {
                    if stop < 64 {
                        let d = |k: Square| {
                            (file_of(k) as i32 - file_of(stop) as i32)
                                .abs()
                                .max((rank_of(k) as i32 - rank_of(stop) as i32).abs())
                        };
                        bonus += Pair(0, (d(tk) * 5 - d(ok) * 2) * r as i32 / 2);
                    }
                }
                t[3] += bonus;
            }
        }

        // Pawn shield before our king (midgame).
        if let Some(k) = pos.king_square(us) {
            let shield_zone = forward_span(us, k)
                | forward_span(us, k) << 1 & !FILE_A
                | forward_span(us, k) >> 1 & !FILE_H;
            let near = shield_zone & our_pawns & (king_attacks(k) | forward_span(us, k));
            let shield = (near.count_ones() as i32).min(3);
            let open_files = {
                let f = file_of(k) as i32;
                (f - 1..=f + 1)
                    .filter(|&ff| (0..8).contains(&ff) && (FILE_A << ff) & our_pawns == 0)
                    .count() as i32
            };
            b.terms[us.index()][5] += Pair(shield * 12 - open_files * 15, 0);
        }
    }
    b.phase = b.phase.min(24);
    b
}

fn chebyshev(a: Square, b: Square) -> i32 {
    (file_of(a) as i32 - file_of(b) as i32)
        .abs()
        .max((rank_of(a) as i32 - rank_of(b) as i32).abs())
}

/// Capture the Scepter, for `us`: how near our king is to the enemy scepter (worth more as the
/// board empties, less when the square is guarded), how well our own scepter square is guarded
/// against the enemy king, and pawns that a blocker cannot stop because they may slide.
fn scepter_terms(pos: &Position, us: Color) -> Pair {
    let them = us.flip();
    let mut t = Pair::default();
    let occ = pos.occupied();
    if let (Some(king), Some(target)) = (pos.king_square(us), pos.rules().scepter(them)) {
        let closeness = 7 - chebyshev(king, target);
        let guarded = pos.attackers_to(target, them, occ).count_ones() as i32;
        let race = Pair(closeness * 3, closeness * closeness * 4);
        t += if guarded == 0 {
            race
        } else {
            Pair(race.0 / 4, race.1 / (1 + guarded))
        };
    }
    if let (Some(their_king), Some(own)) = (pos.king_square(them), pos.rules().scepter(us)) {
        let guards = (pos.attackers_to(own, us, occ).count_ones() as i32).min(3);
        let danger = 7 - chebyshev(their_king, own);
        t += Pair(guards * (4 + danger * 2), guards * (4 + danger * 3));
    }
    let pawns = pos.pieces(us, Role::Pawn);
    let theirs = pos.by_color(them);
    let blocked = match us {
        Color::White => pawns & (theirs >> 8),
        Color::Black => pawns & (theirs << 8),
    };
    for sq in squares(blocked) {
        let slides = (pawn_attacks(us, sq) & !occ).count_ones() as i32;
        t += if slides > 0 {
            Pair(6 + 3 * slides, 10 + 4 * slides)
        } else {
            Pair(-4, -8)
        };
    }
    t
}

/// Chess 40k, for `us`: material our zealots could blow up now (a threat the opponent must
/// meet), and enemy zealots two steps from our king (one step more and it explodes).
fn zealot_terms(pos: &Position, us: Color) -> Pair {
    let them = us.flip();
    let mut t = Pair::default();
    let occ = pos.occupied();
    let our_king = pos.king_square(us);
    for z in squares(pos.pieces(us, Role::Zealot)) {
        let blast = (king_attacks(z) | bit(z)) & occ;
        if our_king.is_some_and(|k| blast & bit(k) != 0) {
            continue;
        }
        let mut gain = 0;
        for sq in squares(blast) {
            if let Some(p) = pos.piece_at(sq) {
                let v = MATERIAL_FORTY[p.role().index()].0;
                gain += if p.color() == us { -v } else { v };
            }
        }
        if gain > 0 {
            t += Pair(gain / 5, gain / 5);
        }
        // Zealots want to be near enemy pieces.
        let near = (king_attacks(z) & pos.by_color(them)).count_ones() as i32;
        t += Pair(near * 6, near * 4);
    }
    if let Some(k) = our_king {
        for z in squares(pos.pieces(them, Role::Zealot)) {
            if chebyshev(k, z) == 2 {
                t += Pair(-70, -50);
            }
        }
    }
    t
}

fn pawn_attack_map(pos: &Position, c: Color) -> Bitboard {
    let p = pos.pieces(c, Role::Pawn);
    match c {
        Color::White => ((p << 7) & !FILE_H) | ((p << 9) & !FILE_A),
        Color::Black => ((p >> 9) & !FILE_H) | ((p >> 7) & !FILE_A),
    }
}

/// The evaluator the search uses for the chess family (or, for comparisons, material only).
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessEval {
    pub material_only: bool,
}

const TEMPO: Score = 12;

impl Evaluator<Position> for ChessEval {
    #[inline]
    fn evaluate_seats(&self, pos: &Position) -> SeatScores {
        two_seat_scores(pos.to_move(), pos.active(), self.evaluate(pos))
    }

    fn evaluate(&self, pos: &Position) -> Score {
        let b = breakdown(pos);
        let white = if self.material_only {
            taper(b.terms[0][0] - b.terms[1][0], b.phase)
        } else {
            b.white_score()
        };
        let s = match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        s + TEMPO
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::Rules;

    fn eval_fen(fen: &str) -> Score {
        let pos = Position::from_fen(fen, Rules::Orthodox).expect("valid FEN");
        ChessEval::default().evaluate(&pos)
    }

    #[test]
    fn start_position_is_balanced() {
        let s = eval_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(s, TEMPO);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        let fens = [(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
        )];
        for (a, b) in fens {
            assert_eq!(eval_fen(a), eval_fen(b));
        }
    }

    #[test]
    fn material_advantage_shows() {
        // White is a queen up.
        assert!(eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
    }

    fn term(fen: &str, rules: Rules, term: usize, side: Color) -> Pair {
        let pos = Position::from_fen(fen, rules).expect("valid FEN");
        breakdown(&pos).terms[side.index()][term]
    }

    const SCEPTER: usize = 7;
    const ZEALOTS: usize = 8;

    #[test]
    fn scepter_race_grows_as_the_king_nears_the_enemy_scepter() {
        let far = term(
            "k7/8/8/8/8/8/8/4K3 w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        let near = term(
            "k7/8/3K4/8/8/8/8/8 w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        assert!(near.1 > far.1, "{near:?} vs {far:?}");
        // A guarded scepter square is worth much less to race for.
        let guarded = term(
            "r7/8/3K4/8/8/k7/8/8 w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        let open = term(
            "8/8/3K4/8/8/k7/8/r7 w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        assert!(open.1 > guarded.1, "{open:?} vs {guarded:?}");
        assert_eq!(
            term(
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                Rules::Orthodox,
                SCEPTER,
                Color::White
            ),
            Pair(0, 0)
        );
    }

    #[test]
    fn guarding_ones_own_scepter_counts() {
        let unguarded = term(
            "8/8/8/8/8/3k4/8/7K w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        let guarded = term(
            "8/8/8/8/8/3k4/8/R6K w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        assert!(guarded.0 > unguarded.0, "{guarded:?} vs {unguarded:?}");
    }

    #[test]
    fn blocked_pawns_that_can_slide_are_not_dead() {
        let can_slide = term(
            "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        let boxed_in = term(
            "4k3/8/8/2npn3/3P4/8/8/4K3 w - - 0 1",
            Rules::Scepter,
            SCEPTER,
            Color::White,
        );
        assert!(can_slide.1 > boxed_in.1, "{can_slide:?} vs {boxed_in:?}");
    }

    #[test]
    fn chess40k_uses_the_documents_values() {
        let pos =
            Position::from_fen("4k3/8/8/8/8/8/8/QZ2K3 w - - 0 1", Rules::Forty).expect("valid FEN");
        assert_eq!(breakdown(&pos).terms[0][0], Pair(1300, 1300));
    }

    #[test]
    fn explosion_threats_and_zealots_near_the_king() {
        // A white zealot beside a black queen and rook: a threat worth counting.
        let threat = term(
            "4k3/8/8/2qr4/3Z4/8/8/R3K3 w - - 0 1",
            Rules::Forty,
            ZEALOTS,
            Color::White,
        );
        let alone = term(
            "4k3/8/8/8/3Z4/8/8/R3K3 w - - 0 1",
            Rules::Forty,
            ZEALOTS,
            Color::White,
        );
        assert!(threat.0 > alone.0 + 100, "{threat:?} vs {alone:?}");
        // A black zealot two steps from the white king endangers it.
        let danger = term(
            "4k3/8/8/8/8/3z4/8/4K3 w - - 0 1",
            Rules::Forty,
            ZEALOTS,
            Color::White,
        );
        let safe = term(
            "4k3/8/3z4/8/8/8/8/4K3 w - - 0 1",
            Rules::Forty,
            ZEALOTS,
            Color::White,
        );
        assert!(danger.0 < safe.0, "{danger:?} vs {safe:?}");
    }

    #[test]
    fn variant_start_positions_are_balanced() {
        for rules in [Rules::Scepter, Rules::Forty] {
            let pos = Position::startpos(rules);
            assert_eq!(ChessEval::default().evaluate(&pos), TEMPO, "{rules:?}");
        }
    }
}
