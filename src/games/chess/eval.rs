//! The chess family's evaluation: tapered midgame/endgame terms, each kept separately so the
//! `eval` command can show them. The numbers come from a weights table (`weights.rs`); one walk
//! over the position's features serves scoring, `eval`'s terms and the tuner's traces.

use super::attacks::{king_attacks, knight_attacks, pawn_attacks, sliders, Sliders};
use super::bitboard::{bit, squares, Bitboard, FILE_A, FILE_H, RANK_1};
use super::pawns;
use super::position::Position;
use super::rules::Rules;
use super::types::{file_of, rank_of, Color, Role, Square};
pub use super::weights::Pair;
use super::weights::{index, Weights, FORTY_MATERIAL};
use crate::core::{two_seat_scores, Evaluator, Rules as _, Score, SeatScores};

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
    /// Orthodox chess: pieces attacked by cheaper ones, or attacked and not defended.
    Threats,
}

pub const TERMS: [Term; 10] = [
    Term::Material,
    Term::Placement,
    Term::PawnStructure,
    Term::PassedPawns,
    Term::Mobility,
    Term::KingSafety,
    Term::Pieces,
    Term::Scepter,
    Term::Zealots,
    Term::Threats,
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
            Term::Threats => "Threats",
        }
    }
}

/// Every term for each colour, plus the game phase (24 = all pieces on, 0 = bare kings/pawns).
#[derive(Clone, Debug, Default)]
pub struct Breakdown {
    pub terms: [[Pair; 10]; 2],
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

const PHASE_WEIGHT: [i32; 7] = [0, 1, 1, 2, 4, 0, 1];

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

/// Where the evaluation's findings go: scored with a weights table (the search's hot path,
/// monomorphised per sink), split into terms for `eval`, or recorded as a trace for the tuner.
pub trait Sink {
    /// The weight at flat index `index` applies `count` times to `us`, under `term`.
    fn add(&mut self, us: Color, term: Term, index: usize, count: i32);
    /// A value that is not linear in any weight (king danger…), kept as computed.
    fn fixed(&mut self, us: Color, term: Term, value: Pair);
}

/// Sums white minus black with one weights table: all the search needs.
pub struct ScoreSink<'w> {
    weights: &'w Weights,
    total: [Pair; 2],
}

impl<'w> ScoreSink<'w> {
    #[inline(always)]
    pub fn new(weights: &'w Weights) -> Self {
        ScoreSink {
            weights,
            total: [Pair::default(); 2],
        }
    }
    #[inline(always)]
    pub fn white_minus_black(&self) -> Pair {
        self.total[0] - self.total[1]
    }
}

impl Sink for ScoreSink<'_> {
    #[inline(always)]
    fn add(&mut self, us: Color, _term: Term, index: usize, count: i32) {
        self.total[us.index()] += self.weights.get(index) * count;
    }
    #[inline(always)]
    fn fixed(&mut self, us: Color, _term: Term, value: Pair) {
        self.total[us.index()] += value;
    }
}

/// Keeps every term apart, for `eval` and the material-only mode.
pub struct BreakdownSink<'w> {
    weights: &'w Weights,
    pub breakdown: Breakdown,
}

impl Sink for BreakdownSink<'_> {
    fn add(&mut self, us: Color, term: Term, index: usize, count: i32) {
        self.breakdown.terms[us.index()][term as usize] += self.weights.get(index) * count;
    }
    fn fixed(&mut self, us: Color, term: Term, value: Pair) {
        self.breakdown.terms[us.index()][term as usize] += value;
    }
}

/// Non-linear king danger: attack weight per hit on the king's zone, by attacking role.
const KING_ATTACK_MINOR: i32 = 2;
const KING_ATTACK_ROOK: i32 = 3;
const KING_ATTACK_QUEEN: i32 = 5;
const KING_DANGER_CAP: i32 = 500;

/// Evaluates the position into its terms, with the weights the rules play by by default.
pub fn breakdown(pos: &Position) -> Breakdown {
    breakdown_with(pos, Weights::for_rules(pos.rules()))
}

/// Evaluates the position into its terms with `weights`.
pub fn breakdown_with(pos: &Position, weights: &Weights) -> Breakdown {
    let mut sink = BreakdownSink {
        weights,
        breakdown: Breakdown::default(),
    };
    let phase = walk(pos, &mut sink);
    sink.breakdown.phase = phase;
    sink.breakdown
}

/// Walks the position's features once, telling `sink` of each; returns the phase (0-24).
#[inline(always)]
pub fn walk<S: Sink>(pos: &Position, sink: &mut S) -> i32 {
    let pawn_attack_maps = [
        pawn_attack_map(pos, Color::White),
        pawn_attack_map(pos, Color::Black),
    ];
    // Each side in its own copy of the code, so that the colour is a constant in it.
    let t = sliders();
    let white = side_terms(pos, sink, t, Color::White, &pawn_attack_maps);
    let black = side_terms(pos, sink, t, Color::Black, &pawn_attack_maps);
    let sides = [white, black];
    attack_terms(pos, sink, t, Color::White, &pawn_attack_maps, &sides);
    attack_terms(pos, sink, t, Color::Black, &pawn_attack_maps, &sides);
    (white.phase + black.phase).min(24)
}

/// What one side's walk leaves for the terms that weigh both sides' attacks.
#[derive(Clone, Copy)]
struct SideSummary {
    /// The side's share of the game phase.
    phase: i32,
    attack_maps: AttackMaps,
    /// The side's attack on the enemy king: weight of the hits on its zone, and attackers.
    king_attack: (i32, i32),
}

/// `us`'s material, placement, mobility, pieces, pawn structure and king shield (and the
/// variants' own terms).
#[inline(always)]
fn side_terms<S: Sink>(
    pos: &Position,
    sink: &mut S,
    t: Sliders,
    us: Color,
    pawn_attack_maps: &[Bitboard; 2],
) -> SideSummary {
    use index::*;
    let occ = pos.occupied();
    let them = us.flip();
    match pos.rules() {
        Rules::Orthodox | Rules::Chess960 => {}
        Rules::Scepter => sink.fixed(us, Term::Scepter, scepter_terms(pos, us)),
        Rules::Forty => sink.fixed(us, Term::Zealots, zealot_terms(pos, us)),
    }
    let own = pos.by_color(us);
    let our_pawns = pos.pieces(us, Role::Pawn);
    let their_pawns = pos.pieces(them, Role::Pawn);
    let their_king = pos.king_square(them);
    let mut side = SideWalk {
        us,
        // Squares worth moving to: not our own, not covered by their pawns.
        mobility_area: !own & !pawn_attack_maps[them.index()],
        king_zone: their_king.map_or(0, |k| king_attacks(k) | bit(k)),
        phase: 0,
        king_attack_weight: 0,
        king_attackers: 0,
    };

    // Material and the phase by role, placement by square (the pieces' in `pieces` below).
    for role in [Role::Pawn, Role::King, Role::Zealot] {
        let on = pos.pieces(us, role);
        if on != 0 {
            side.material(sink, role, on);
            for sq in squares(on) {
                side.placement(sink, role, sq);
            }
        }
    }
    let queens = pos.pieces(us, Role::Queen);
    let rooks = pos.pieces(us, Role::Rook);
    let mut maps = AttackMaps::default();
    maps.knights = side.pieces(
        sink,
        Role::Knight,
        pos,
        MOBILITY_KNIGHT,
        KING_ATTACK_MINOR,
        knight_attacks,
    );
    maps.bishops = side.pieces(
        sink,
        Role::Bishop,
        pos,
        MOBILITY_BISHOP,
        KING_ATTACK_MINOR,
        |sq| t.bishop(sq, occ ^ queens),
    );
    maps.rooks = side.pieces(
        sink,
        Role::Rook,
        pos,
        MOBILITY_ROOK,
        KING_ATTACK_ROOK,
        |sq| t.rook(sq, occ ^ queens ^ rooks),
    );
    maps.queens = side.pieces(
        sink,
        Role::Queen,
        pos,
        MOBILITY_QUEEN,
        KING_ATTACK_QUEEN,
        |sq| t.bishop(sq, occ) | t.rook(sq, occ),
    );
    maps.pieces = maps.knights | maps.bishops | maps.rooks | maps.queens;

    let our_files = pawns::files_of(our_pawns);
    if rooks != 0 {
        let their_files = pawns::files_of(their_pawns);
        let open = (rooks & !our_files & !their_files).count_ones() as i32;
        let semi_open = (rooks & !our_files & their_files).count_ones() as i32;
        sink.add(us, Term::Pieces, ROOK_OPEN, open);
        sink.add(us, Term::Pieces, ROOK_SEMI_OPEN, semi_open);
    }
    if pos.pieces(us, Role::Bishop).count_ones() >= 2 {
        sink.add(us, Term::Pieces, BISHOP_PAIR, 1);
    }

    // Pawn structure.
    if our_pawns != 0 {
        let count = |b: Bitboard| b.count_ones() as i32;
        sink.add(
            us,
            Term::PawnStructure,
            ISOLATED,
            count(pawns::isolated(our_pawns)),
        );
        sink.add(
            us,
            Term::PawnStructure,
            DOUBLED,
            count(pawns::doubled(us, our_pawns)),
        );
        let supported = our_pawns & pawn_attack_maps[us.index()];
        sink.add(us, Term::PawnStructure, SUPPORTED, count(supported));
    }
    for sq in squares(pawns::passed(us, our_pawns, their_pawns)) {
        let r = rank_of(relative(us, sq)) as usize;
        let stop = match us {
            Color::White => sq + 8,
            Color::Black => sq.wrapping_sub(8),
        };
        let blocked = stop < 64 && occ & bit(stop) != 0;
        let table = if blocked { PASSED_BLOCKED } else { PASSED };
        sink.add(us, Term::PassedPawns, table + r, 1);
        // Kings' distance to the pawn's path matters in the endgame (not linear: the
        // product with the rank is halved, rounding toward zero).
        if let (Some(ok), Some(tk)) = (pos.king_square(us), their_king) {
            if stop < 64 {
                let d = |k: Square| chebyshev(k, stop);
                let eg = (d(tk) * 5 - d(ok) * 2) * r as i32 / 2;
                sink.fixed(us, Term::PassedPawns, Pair(0, eg));
            }
        }
    }

    // Pawn shield before our king (midgame).
    if let Some(k) = pos.king_square(us) {
        let span = forward_span(us, k);
        let shield_zone = span | pawns::beside(span);
        let near = shield_zone & our_pawns & (king_attacks(k) | span);
        let shield = (near.count_ones() as i32).min(3);
        // The king's file and those beside it (inside the board) without our pawns.
        let king_files = pawns::files_of(bit(k));
        let open_files =
            ((king_files | pawns::beside(king_files)) & !our_files & RANK_1).count_ones() as i32;
        sink.add(us, Term::KingSafety, SHIELD, shield);
        sink.add(us, Term::KingSafety, KING_OPEN_FILE, open_files);
    }
    SideSummary {
        phase: side.phase,
        attack_maps: maps,
        king_attack: (side.king_attack_weight, side.king_attackers),
    }
}

/// King danger (with the safe checks to come) and threats, from `us`'s attacks and the
/// defence the other side's walk found.
#[inline(always)]
fn attack_terms<S: Sink>(
    pos: &Position,
    sink: &mut S,
    t: Sliders,
    us: Color,
    pawn_attack_maps: &[Bitboard; 2],
    sides: &[SideSummary; 2],
) {
    let orthodox = matches!(pos.rules(), Rules::Orthodox | Rules::Chess960);
    let them = us.flip();
    let defended = pawn_attack_maps[them.index()]
        | sides[them.index()].attack_maps.pieces
        | pos.king_square(them).map_or(0, king_attacks);
    // Attacks on the enemy king count against them: added to our side's safety term.
    let (mut weight, attackers) = sides[us.index()].king_attack;
    if orthodox {
        if let Some(k) = pos.king_square(them) {
            weight += safe_checks(pos, t, us, k, &sides[us.index()].attack_maps, defended);
        }
    }
    if attackers >= 2 {
        let danger = (weight * weight * attackers / 4).min(KING_DANGER_CAP);
        sink.fixed(us, Term::KingSafety, Pair(danger, danger / 8));
    }
    if orthodox {
        let value = threats(
            pos,
            us,
            pawn_attack_maps[us.index()],
            &sides[us.index()].attack_maps,
            pawn_attack_maps[them.index()],
            defended,
        );
        sink.fixed(us, Term::Threats, value);
    }
}

/// The squares one side's pieces (not pawns or king) attack, all and by kind.
#[derive(Clone, Copy, Default)]
struct AttackMaps {
    pieces: Bitboard,
    knights: Bitboard,
    bishops: Bitboard,
    rooks: Bitboard,
    queens: Bitboard,
}

/// One side's walk over its pieces: where their moves count as mobility, the enemy king's
/// zone, and the attack on it gathered so far.
struct SideWalk {
    us: Color,
    mobility_area: Bitboard,
    king_zone: Bitboard,
    /// The side's share of the game phase so far.
    phase: i32,
    king_attack_weight: i32,
    king_attackers: i32,
}

impl SideWalk {
    /// The material of our `on`, all of `role`, and their weight in the game phase.
    #[inline(always)]
    fn material<S: Sink>(&mut self, sink: &mut S, role: Role, on: Bitboard) {
        let n = on.count_ones() as i32;
        sink.add(self.us, Term::Material, index::MATERIAL + role.index(), n);
        self.phase += PHASE_WEIGHT[role.index()] * n;
    }

    #[inline(always)]
    fn placement<S: Sink>(&self, sink: &mut S, role: Role, sq: Square) {
        let i = index::PLACEMENT + role.index() * 64 + relative(self.us, sq) as usize;
        sink.add(self.us, Term::Placement, i, 1);
    }

    /// Placement, mobility (from the table at `mobility`) and hits on the king's zone (worth
    /// `king_hit` each) of our pieces of `role`; returns the squares they attack.
    #[inline(always)]
    fn pieces<S: Sink>(
        &mut self,
        sink: &mut S,
        role: Role,
        pos: &Position,
        mobility: usize,
        king_hit: i32,
        attacks_from: impl Fn(Square) -> Bitboard,
    ) -> Bitboard {
        let on = pos.pieces(self.us, role);
        if on == 0 {
            return 0;
        }
        self.material(sink, role, on);
        let mut all = 0;
        for sq in squares(on) {
            self.placement(sink, role, sq);
            // Never empty: a piece on the board always reaches or guards some square.
            let attacks = attacks_from(sq);
            all |= attacks;
            let n = (attacks & self.mobility_area).count_ones() as usize;
            sink.add(self.us, Term::Mobility, mobility + n, 1);
            let hits = (attacks & self.king_zone).count_ones() as i32;
            if hits > 0 {
                self.king_attackers += 1;
                self.king_attack_weight += hits * king_hit;
            }
        }
        all
    }
}

/// King-attack weight of a check each kind of piece could give next move on a square the
/// enemy does not defend (knight, bishop, rook, queen): an attack with checks to come is the
/// one that breaks through.
const SAFE_CHECK: [i32; 4] = [5, 4, 6, 5];

/// The king-attack weight of `us`'s safe checks on the king at `k`, once per kind of piece.
#[inline(always)]
fn safe_checks(
    pos: &Position,
    t: Sliders,
    us: Color,
    k: Square,
    ours: &AttackMaps,
    defended: Bitboard,
) -> i32 {
    let occ = pos.occupied();
    let safe = !pos.by_color(us) & !defended;
    let diagonal = t.bishop(k, occ);
    let straight = t.rook(k, occ);
    let checks = [
        knight_attacks(k) & ours.knights,
        diagonal & ours.bishops,
        straight & ours.rooks,
        (diagonal | straight) & ours.queens,
    ];
    checks
        .iter()
        .zip(SAFE_CHECK)
        .filter(|(squares, _)| *squares & safe != 0)
        .map(|(_, weight)| weight)
        .sum()
}

/// Threat values by victim (pawn, knight, bishop, rook, queen): a piece attacked by a cheaper
/// one must move, and a tempo is worth more than the static score shows.
const THREAT_BY_MINOR: [Pair; 5] = [
    Pair(0, 0),
    Pair(5, 25),
    Pair(40, 30),
    Pair(60, 45),
    Pair(65, 90),
];
const THREAT_BY_ROOK: [Pair; 5] = [
    Pair(0, 0),
    Pair(5, 35),
    Pair(30, 50),
    Pair(30, 45),
    Pair(0, 30),
];
const THREAT_BY_PAWN: Pair = Pair(70, 45);
const HANGING: Pair = Pair(50, 25);

/// `us`'s threats on `them`: their pieces attacked by our pawns, minors or rooks (rooks only
/// where no pawn defends the victim), and attacked pieces nobody defends.
#[inline(always)]
fn threats(
    pos: &Position,
    us: Color,
    our_pawn_attacks: Bitboard,
    ours: &AttackMaps,
    their_pawn_attacks: Bitboard,
    defended: Bitboard,
) -> Pair {
    let them = us.flip();
    let pieces = pos.by_color(them) & !pos.pieces(them, Role::Pawn) & !pos.pieces(them, Role::King);
    let attacked = our_pawn_attacks | ours.pieces | pos.king_square(us).map_or(0, king_attacks);
    let mut total = Pair::default();
    total += THREAT_BY_PAWN * (our_pawn_attacks & pieces).count_ones() as i32;
    total += HANGING * (pieces & attacked & !defended).count_ones() as i32;
    // By victim: a role's pieces attacked by our minors, and by our rooks where no pawn
    // defends them.
    let by_minor = ours.knights | ours.bishops;
    let by_rook = ours.rooks & !their_pawn_attacks;
    if pieces & (by_minor | by_rook) == 0 {
        return total;
    }
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let victims = pieces & pos.by_role(role);
        let victim = role.index();
        total += THREAT_BY_MINOR[victim] * (victims & by_minor).count_ones() as i32;
        total += THREAT_BY_ROOK[victim] * (victims & by_rook).count_ones() as i32;
    }
    total
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
                let v = FORTY_MATERIAL[p.role().index()].0;
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

/// The evaluator the search uses for the chess family (or, for comparisons, material only),
/// with the weights table chosen once when the search starts.
#[derive(Clone, Copy, Debug)]
pub struct ChessEval {
    pub material_only: bool,
    pub weights: &'static Weights,
}

impl Default for ChessEval {
    fn default() -> Self {
        ChessEval {
            material_only: false,
            weights: &super::weights::DEFAULT,
        }
    }
}

impl ChessEval {
    /// The evaluator for `rules` with the weights they play by by default.
    pub fn for_rules(rules: Rules, material_only: bool) -> Self {
        ChessEval {
            material_only,
            weights: Weights::for_rules(rules),
        }
    }

    /// A tapered white-minus-black score as the side to move sees it, with its tempo bonus.
    #[inline(always)]
    fn for_side_to_move(&self, pos: &Position, white: Score, phase: i32) -> Score {
        let s = match pos.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        // The side to move's bonus, tapered on its own.
        s + taper(self.weights.get(index::TEMPO), phase)
    }
}

impl Evaluator<Position> for ChessEval {
    #[inline]
    fn evaluate_seats(&self, pos: &Position) -> SeatScores {
        two_seat_scores(pos.to_move(), pos.active(), self.evaluate(pos))
    }

    fn evaluate(&self, pos: &Position) -> Score {
        let (white, phase) = if self.material_only {
            let b = breakdown_with(pos, self.weights);
            (taper(b.terms[0][0] - b.terms[1][0], b.phase), b.phase)
        } else {
            let mut sink = ScoreSink::new(self.weights);
            let phase = walk(pos, &mut sink);
            (taper(sink.white_minus_black(), phase), phase)
        };
        self.for_side_to_move(pos, white, phase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::attacks::bishop_attacks;
    use crate::games::chess::Rules;

    const TEMPO: Score = 12;

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
    const THREATS: usize = 9;

    #[test]
    fn safe_checks_to_come_add_to_the_attack_on_the_king() {
        // The d5 knight can check the g8 king from e7 (f6 is covered by the g7 pawn).
        let checks = |fen| {
            let pos = Position::from_fen(fen, Rules::Orthodox).expect("valid FEN");
            let king = pos.king_square(Color::Black).expect("black king");
            let mut ours = AttackMaps::default();
            for sq in squares(pos.pieces(Color::White, Role::Knight)) {
                ours.knights |= knight_attacks(sq);
            }
            let mut defended = pawn_attack_map(&pos, Color::Black) | king_attacks(king);
            for sq in squares(pos.pieces(Color::Black, Role::Bishop)) {
                defended |= bishop_attacks(sq, pos.occupied());
            }
            safe_checks(&pos, sliders(), Color::White, king, &ours, defended)
        };
        assert_eq!(
            checks("6k1/5ppp/8/3N4/8/8/5PPP/6K1 w - - 0 1"),
            SAFE_CHECK[0]
        );
        // A bishop on d8 covers e7: no safe check left.
        assert_eq!(checks("3b2k1/5ppp/8/3N4/8/8/5PPP/6K1 w - - 0 1"), 0);
    }

    #[test]
    fn pieces_attacked_by_cheaper_ones_or_undefended_are_threats() {
        let white = |fen| term(fen, Rules::Orthodox, THREATS, Color::White);
        // The e5 pawn attacks the f6 knight.
        let pawn_on_knight = white("rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(pawn_on_knight, THREAT_BY_PAWN);
        // The d3 bishop attacks the e4 rook, which nothing defends.
        let bishop_on_rook = white("rnbqkbnr/pppppppp/8/8/4r3/3B4/PPPPPPPP/RNBQK1NR w KQkq - 0 1");
        let mut expected = THREAT_BY_MINOR[3];
        expected += HANGING;
        assert_eq!(bishop_on_rook, expected);
        // Nothing attacked at the start, and the variants play without the term.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(white(start), Pair::default());
        let forty = term(
            "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            Rules::Forty,
            THREATS,
            Color::White,
        );
        assert_eq!(forty, Pair::default());
    }

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
