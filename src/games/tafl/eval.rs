//! The tafl evaluator: two different goals, two sets of terms. The defenders want open lines
//! from the king to the gates (two at once is usually decisive); the attackers want the gates
//! sealed and a ring closing round the king. Material matters less than either.

use super::board::{distance, file_of, rank_of, step, Cell, Square, CELLS, MAX_SIZE};
use super::eval_tables::{guard_moves_from, EvalTables, NO_ZONE};
use super::movegen::escapes_open_from;
use super::position::{Side, TaflPosition};
use super::rules::{kind, Escape, RuleSet, BESIDE_SPECIAL, CENTRE, DEFENDER, EDGE, KING, SPECIAL};
use crate::core::{two_seat_scores, Evaluator, Rules, Score, SeatScores};

/// Every term, each from the attackers' point of view (positive is good for them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TaflTerms {
    pub material: Score,
    /// Defenders: gates the king reaches this move along open lines.
    pub king_open_gates: Score,
    /// Defenders: gates the king reaches in two moves (distinct escape routes).
    pub king_escape_routes: Score,
    /// Defenders: the king's freedom of movement and nearness to a gate.
    pub king_mobility: Score,
    /// Defenders: guards beside the king, screening him.
    pub king_guards: Score,
    /// Attackers: pieces blockading the corners (not the two squares that touch a gate).
    pub gate_control: Score,
    /// Attackers: the ring round the king (sides closed, attackers one step further out).
    pub king_ring: Score,
    /// Both: pieces that can be captured on the next move (own counted against, enemy for).
    pub hanging: Score,
    /// Attackers: the siege squeezes the defenders' guards (their moves, relative to the start).
    pub squeeze: Score,
    /// Attackers: the king on his throne with guards beside it that fall when he steps off.
    pub throne_pin: Score,
    /// Attackers' search only: an empty square beside the enthroned king in a small pocket no
    /// attacker can enter, the hole of a fortress nobody can break.
    pub throne_hole: Score,
    /// Attackers' search only: squares the king reaches this move from which two gates stand
    /// open (a fork the attackers can block only once), and his two-move routes weighed again.
    pub running_king: Score,
}

impl TaflTerms {
    pub fn total(&self) -> Score {
        self.material
            + self.king_open_gates
            + self.king_escape_routes
            + self.king_mobility
            + self.king_guards
            + self.gate_control
            + self.king_ring
            + self.hanging
            + self.squeeze
            + self.throne_pin
            + self.throne_hole
            + self.running_king
    }

    /// The total a search for the defenders plays by: without the attackers' own worries.
    pub fn defenders_total(&self) -> Score {
        self.total() - self.throne_hole - self.running_king
    }

    pub fn named(&self) -> [(&'static str, Score); 12] {
        [
            ("Material", self.material),
            ("King open gate lines", self.king_open_gates),
            ("King escape routes", self.king_escape_routes),
            ("King mobility", self.king_mobility),
            ("King guards", self.king_guards),
            ("Gate control", self.gate_control),
            ("King ring", self.king_ring),
            ("Hanging pieces", self.hanging),
            ("Squeeze", self.squeeze),
            ("Throne pin", self.throne_pin),
            ("Throne hole (attackers)", self.throne_hole),
            ("Running king (attackers)", self.running_king),
        ]
    }
}

const ATTACKER_VALUE: Score = 100;
const DEFENDER_VALUE: Score = 170;

/// Material relative to the starting forces, so that the start scores zero and neither side
/// mistakes a draw for a gain.
fn material(pos: &TaflPosition, tables: &EvalTables) -> Score {
    (pos.attacker_count() as Score - tables.start_attackers as Score) * ATTACKER_VALUE
        - (pos.defender_count() as Score - tables.start_defenders as Score) * DEFENDER_VALUE
}

/// The most squares a king reaches in one move: a full rank and file of the largest board.
const MAX_REACH: usize = 2 * (MAX_SIZE as usize - 1);

/// Squares a piece reaches in one move, kept on the stack (the evaluator allocates nothing).
struct Reach {
    squares: [Square; MAX_REACH],
    len: usize,
}

impl Reach {
    fn push(&mut self, sq: Square) {
        if self.len < MAX_REACH {
            self.squares[self.len] = sq;
            self.len += 1;
        }
    }
    fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

/// Squares the king can reach in one move, and the escape squares among them.
fn king_reach(pos: &TaflPosition, from: Square, reach: &mut Reach) -> u32 {
    let rules = pos.rules();
    let mut gates = 0;
    for d in 0..4 {
        let mut to = from;
        loop {
            to = step(to, d);
            if pos.cell(to) != Cell::Empty {
                break;
            }
            let special = rules.flags(to) & SPECIAL != 0;
            if !special || rules.may_stop(KING, from, to) {
                reach.push(to);
                if rules.escapes(to) {
                    gates += 1;
                }
            }
            if special && !rules.may_pass(KING, from, to) {
                break;
            }
        }
    }
    gates
}

/// Could a piece of `side` move onto the empty square `sq` this turn?
fn reachable_by(pos: &TaflPosition, sq: Square, side: Side) -> bool {
    let rules = pos.rules();
    if rules.flags(sq) & SPECIAL != 0 && !rules.may_stop(kind(side.taflman()), sq, sq) {
        return false;
    }
    for d in 0..4 {
        let mut s = sq;
        loop {
            s = step(s, d);
            let c = pos.cell(s);
            if c == Cell::Empty {
                continue; // empty squares, the empty throne included, can be crossed
            }
            if side.owns(c) {
                return true;
            }
            break;
        }
    }
    false
}

/// Pieces of `victim` (its taflmen, listed in `pieces`) that the other side could capture
/// with its next move.
fn hanging_pieces(pos: &TaflPosition, victim: Side, pieces: &[Square]) -> i32 {
    let captor = victim.flip();
    let victim_kind = kind(victim.taflman());
    // An anvil is one of the captor's pieces or a corner or throne: most pieces have neither
    // beside them.
    let anvils = TaflPosition::prey_mask(victim);
    let rules = pos.rules();
    let mut n = 0;
    for &sq in pieces {
        if rules.flags(sq) & BESIDE_SPECIAL == 0 && !pos.beside(sq, anvils) {
            continue;
        }
        // Along each axis: an anvil on one side and a reachable empty square on the other
        // (the cheap test of emptiness first).
        for (a, b) in [(0, 1), (2, 3)] {
            let (x, y) = (step(sq, a), step(sq, b));
            let (cx, cy) = (pos.cell(x), pos.cell(y));
            if cx == Cell::Off || cy == Cell::Off {
                continue;
            }
            let anvil = |s: Square| pos.hostile(s, captor, victim_kind);
            if (cy == Cell::Empty && anvil(x) && reachable_by(pos, y, captor))
                || (cx == Cell::Empty && anvil(y) && reachable_by(pos, x, captor))
            {
                n += 1;
                break;
            }
        }
    }
    n
}

#[cfg(test)]
fn guard_mobility(pos: &TaflPosition) -> i32 {
    super::eval_tables::guard_moves(pos.rules(), |sq| pos.cell(sq))
}

/// The taflmen of each side (not the king), gathered in one pass over the board so that the
/// terms visit pieces rather than every square.
struct Pieces {
    attackers: [Square; MAX_PIECES],
    attacker_count: usize,
    defenders: [Square; MAX_PIECES],
    defender_count: usize,
}

const MAX_PIECES: usize = MAX_SIZE as usize * MAX_SIZE as usize;

impl Pieces {
    fn of(pos: &TaflPosition) -> Pieces {
        let mut p = Pieces {
            attackers: [0; MAX_PIECES],
            attacker_count: 0,
            defenders: [0; MAX_PIECES],
            defender_count: 0,
        };
        for &sq in &pos.rules().squares {
            match pos.cell(sq) {
                Cell::Attacker if p.attacker_count < MAX_PIECES => {
                    p.attackers[p.attacker_count] = sq;
                    p.attacker_count += 1;
                }
                Cell::Defender if p.defender_count < MAX_PIECES => {
                    p.defenders[p.defender_count] = sq;
                    p.defender_count += 1;
                }
                _ => {}
            }
        }
        p
    }
    fn attackers(&self) -> &[Square] {
        &self.attackers[..self.attacker_count]
    }
    fn defenders(&self) -> &[Square] {
        &self.defenders[..self.defender_count]
    }
}

/// How far the king is from escaping: steps to the nearest corner, or to the nearest edge.
fn escape_distance(rules: &RuleSet, king: Square) -> i32 {
    match rules.escape {
        Escape::Corner => rules
            .corners
            .iter()
            .map(|&g| distance(g, king))
            .min()
            .unwrap_or(20),
        Escape::Edge => {
            let (f, r, last) = (
                file_of(king) as i32,
                rank_of(king) as i32,
                rules.size as i32 - 1,
            );
            f.min(r).min(last - f).min(last - r)
        }
    }
}

/// What a guard beside the throne is worth to the attackers while the king sits on it: it falls
/// the moment he steps off (the empty throne is its anvil) to an attacker that can reach the
/// square beyond it, so the king's shuffle on and off the throne costs a guard.
const THRONE_PIN: Score = 50;
/// An attacker standing on that square beyond cannot strike there (a hammer must arrive).
const THRONE_PIN_BLOCKED: Score = 15;

/// What each hole beside the enthroned king costs the attackers, in their own search. The drawn
/// games of the attacking-plan check all ended the same way: the king on his throne with an
/// empty square beside him walled in by guards, stepping into it and back while no guard can be
/// taken on either of its lines. Counted in the attackers' search, the term makes them keep such
/// a pocket within reach or strike before it closes. Counted in the defenders' search too, it
/// taught them to build such nests instead of running for the corners (docs/results/sprt-log.md#tafl: that build lost
/// head to head), so their search leaves it out. Only a small pocket walled off on every side
/// counts: a square merely off the attackers' lines is common while the king still runs, and
/// counting it drew the attackers to the throne instead of the corners (docs/results/sprt-log.md#tafl).
const THRONE_HOLE: Score = 60;

/// What the attackers' search fears of a king on the run, beyond the terms both sides share:
/// each square (up to three) he reaches this move with two gates open from it, a fork that wins
/// unless they can stop him getting there, and each gate he reaches in two moves. The lost
/// series games (engine-tests/results/tafl-peers/) were escapes the attackers' search saw only
/// once the fork was on the board, having taken a guard while the king stepped towards it.
const RUNNING_KING_FORK: Score = 150;
const RUNNING_KING_ROUTE: Score = 40;
/// Each corner the king reaches in three moves and not in two: the attackers' cue to seal the
/// corners while he is still far, rather than take guards (the lost games' attackers were many
/// guards ahead when the king got out).
const RUNNING_KING_THREE: Score = 50;

/// The corners (as bits) the king on `king`, whose one-move squares are `reach`, reaches in
/// three moves along today's open lines: from a square of `reach`, along a line, to a square
/// with an open line to a corner. Only for corner escapes (with edge escapes the two-move
/// routes say enough); special squares on the way stop a line, which errs on the safe side.
fn three_move_gates(pos: &TaflPosition, king: Square, reach: &[Square]) -> u32 {
    let rules = pos.rules();
    if rules.escape != Escape::Corner {
        return 0;
    }
    let passable =
        |sq: Square| (pos.cell(sq) == Cell::Empty || sq == king) && rules.flags(sq) & SPECIAL == 0;
    // Each square's corners along an open line.
    let mut sees = [0u32; CELLS];
    for (i, &corner) in rules.corners.iter().enumerate().take(32) {
        for d in 0..4 {
            let mut sq = step(corner, d);
            while passable(sq) {
                sees[sq as usize] |= 1 << i;
                sq = step(sq, d);
            }
        }
    }
    let mut gates = 0;
    for &from in reach {
        for d in 0..4 {
            let mut sq = step(from, d);
            while passable(sq) {
                gates |= sees[sq as usize];
                sq = step(sq, d);
            }
        }
    }
    gates
}

/// The largest walled-in pocket that still counts as a hole: a fortress's holes are one or two
/// squares; a larger empty area is open play, where the king may still run.
const HOLE_POCKET_MAX: usize = 4;

/// Empty squares beside the king on his throne whose whole pocket of empty squares (joined side
/// by side) is small and walled off: no attacker can move into any square of it this turn.
fn throne_holes(pos: &TaflPosition, king: Square) -> Score {
    if pos.rules().flags(king) & CENTRE == 0 {
        return 0;
    }
    (0..4)
        .map(|d| step(king, d))
        .filter(|&n| pos.cell(n) == Cell::Empty && sealed_pocket(pos, n))
        .count() as Score
}

/// Is the pocket of empty squares round `start` at most `HOLE_POCKET_MAX` squares, none of them
/// within an attacker's move?
fn sealed_pocket(pos: &TaflPosition, start: Square) -> bool {
    let mut pocket = [start; HOLE_POCKET_MAX + 1];
    let mut len = 1;
    let mut next = 0;
    while next < len {
        let sq = pocket[next];
        next += 1;
        if reachable_by(pos, sq, Side::Attackers) {
            return false;
        }
        for d in 0..4 {
            let n = step(sq, d);
            if pos.cell(n) != Cell::Empty || pocket[..len].contains(&n) {
                continue;
            }
            if len > HOLE_POCKET_MAX - 1 {
                return false;
            }
            pocket[len] = n;
            len += 1;
        }
    }
    true
}

/// The king on a throne that is hostile to his guards when empty: the guards beside it that an
/// attacker waits to take as soon as he steps off, less the squares where an attacker already
/// stands and so cannot.
fn throne_pin(pos: &TaflPosition, king: Square) -> Score {
    let rules = pos.rules();
    if rules.flags(king) & CENTRE == 0 || !rules.square_hostile(king, Cell::Empty, DEFENDER) {
        return 0;
    }
    let mut score = 0;
    for d in 0..4 {
        let guard = step(king, d);
        if pos.cell(guard) != Cell::Defender {
            continue;
        }
        let beyond = step(guard, d);
        match pos.cell(beyond) {
            Cell::Empty if reachable_by(pos, beyond, Side::Attackers) => score += THRONE_PIN,
            Cell::Attacker => score -= THRONE_PIN_BLOCKED,
            _ => {}
        }
    }
    score
}

/// Evaluates into terms (from the attackers' view), every term included.
pub fn terms(pos: &TaflPosition) -> TaflTerms {
    terms_for(pos, EvalTables::of(pos.rules()), true)
}

/// The terms, the throne hole and the running king only if `with_attackers_worries` (a search
/// for the defenders leaves them out, so it need not look for a hole).
fn terms_for(pos: &TaflPosition, tables: &EvalTables, with_attackers_worries: bool) -> TaflTerms {
    let rules = pos.rules();
    let mut t = TaflTerms {
        material: material(pos, tables),
        ..Default::default()
    };
    let Some(king) = pos.king_square() else {
        return t;
    };
    let pieces = Pieces::of(pos);
    // Defenders.
    let mut reach = Reach {
        squares: [0; MAX_REACH],
        len: 0,
    };
    let open_now = king_reach(pos, king, &mut reach);
    t.king_open_gates = -match open_now {
        0 => 0,
        1 => 350,
        _ => 1500,
    };
    let mut two_move_gates = 0u32;
    let mut forks = 0;
    for &s in reach.as_slice() {
        let open = escapes_open_from(pos, s);
        two_move_gates |= open;
        forks += (open.count_ones() >= 2) as Score;
    }
    let routes = two_move_gates.count_ones() as Score;
    if with_attackers_worries {
        let three = (three_move_gates(pos, king, reach.as_slice()) & !two_move_gates).count_ones();
        t.running_king = -(forks.min(3) * RUNNING_KING_FORK
            + routes * RUNNING_KING_ROUTE
            + three as Score * RUNNING_KING_THREE);
    }
    t.king_escape_routes = -(routes * 45 + if routes >= 2 { 60 } else { 0 });
    let nearest_gate = escape_distance(rules, king);
    t.king_mobility = -(reach.len as Score * 4 + (rules.size as i32 - 1 - nearest_gate) * 2);
    let guards = (0..4)
        .filter(|&d| pos.cell(step(king, d)) == Cell::Defender)
        .count() as Score;
    t.king_guards = -guards.min(2) * 12;

    // Attackers.
    let mut blockade = [0; 32];
    // The ring tightens: every attacker within five steps of the king presses him.
    let mut pressure = 0;
    for &sq in pieces.attackers() {
        let zone = tables.corner_zone[sq as usize];
        if zone != NO_ZONE {
            blockade[zone as usize % 32] += 1;
        }
        pressure += (6 - distance(sq, king)).max(0);
    }
    t.gate_control = blockade.iter().map(|&n: &i32| n.min(3) * 22).sum();
    if rules.flags(king) & EDGE == 0 {
        let closed = (0..4)
            .filter(|&d| {
                let n = step(king, d);
                let c = pos.cell(n);
                c == Cell::Attacker || (c == Cell::Empty && rules.square_hostile(n, c, KING))
            })
            .count() as Score;
        t.king_ring = closed * closed * 18;
    }
    t.king_ring += pressure * 4;

    let cell = |sq: Square| pos.cell(sq);
    let guard_mobility: i32 = pieces
        .defenders()
        .iter()
        .map(|&sq| guard_moves_from(rules, &cell, sq))
        .sum();
    t.squeeze = (tables.start_guard_moves - guard_mobility) * 3;
    t.throne_pin = throne_pin(pos, king);
    if with_attackers_worries {
        t.throne_hole = -throne_holes(pos, king) * THRONE_HOLE;
    }

    // Pieces en prise: the side to move gets to take first.
    let a = hanging_pieces(pos, Side::Attackers, pieces.attackers());
    let d = hanging_pieces(pos, Side::Defenders, pieces.defenders());
    t.hanging = match pos.side_to_move() {
        Side::Attackers => d.min(1) * 60 + d * 20 - a * 25,
        Side::Defenders => d * -25 + -(a.min(1) * 50 + a * 15),
    };
    t
}

/// The full evaluator, or (for comparison) a material count only.
#[derive(Clone, Copy, Debug)]
pub struct TaflEval {
    pub material_only: bool,
    /// The search plays for the attackers (their root move): the throne-hole term counts.
    pub attackers_search: bool,
    /// The rule set it was made for, and that rule set's tables.
    rules: &'static RuleSet,
    tables: &'static EvalTables,
}

impl TaflEval {
    pub fn new(rules: &'static RuleSet, material_only: bool, attackers_search: bool) -> TaflEval {
        TaflEval {
            material_only,
            attackers_search,
            rules,
            tables: EvalTables::of(rules),
        }
    }

    /// The tables for `pos`: the evaluator's own, unless the position is played under
    /// another rule set.
    #[inline(always)]
    fn tables_for(&self, pos: &TaflPosition) -> &'static EvalTables {
        if std::ptr::eq(self.rules, pos.rules()) {
            self.tables
        } else {
            EvalTables::of(pos.rules())
        }
    }
}

/// The full evaluator under the seed's rules, searching for the defenders.
impl Default for TaflEval {
    fn default() -> TaflEval {
        TaflEval::new(RuleSet::default_rules(), false, false)
    }
}

/// Keeps the attackers' searches' table entries, scored with the throne-hole term, apart from
/// the defenders'.
const ATTACKERS_SEARCH_SALT: u64 = 0x7461_666C_4154_5441; // "taflATTA"

impl Evaluator<TaflPosition> for TaflEval {
    fn evaluate_seats(&self, pos: &TaflPosition) -> SeatScores {
        two_seat_scores(pos.to_move(), pos.active(), self.evaluate(pos))
    }

    fn evaluate(&self, pos: &TaflPosition) -> Score {
        let tables = self.tables_for(pos);
        let attackers_view = if self.material_only {
            material(pos, tables)
        } else {
            terms_for(pos, tables, self.attackers_search).total()
        };
        match pos.side_to_move() {
            Side::Attackers => attackers_view,
            Side::Defenders => -attackers_view,
        }
    }

    fn key_salt(&self) -> u64 {
        if self.attackers_search && !self.material_only {
            ATTACKERS_SEARCH_SALT
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> TaflTerms {
        terms(&TaflPosition::from_text(text).expect("valid position"))
    }

    const START: &str = super::super::notation::START;

    #[test]
    fn the_start_squeezes_nobody() {
        let pos = TaflPosition::from_text(START).expect("valid");
        assert_eq!(guard_mobility(&pos), 60);
        assert_eq!(EvalTables::of(pos.rules()).start_guard_moves, 60);
    }

    #[test]
    fn the_start_is_about_even() {
        assert!(t(START).total().abs() < 60, "{:?}", t(START));
        assert_eq!(t(START).material, 0);
    }

    #[test]
    fn open_lines_and_two_move_routes_favour_the_defenders() {
        // King on a5: a1 and a11 both open. King on c5: none open, several two-move routes.
        let two_open = t("11/11/9a1/11/11/11/k10/11/11/11/11 d");
        let one_open = t("11/11/a8a1/11/11/11/k10/11/11/11/11 d");
        let none = t("11/11/9a1/11/11/11/2k8/11/11/11/11 d");
        assert!(two_open.king_open_gates < one_open.king_open_gates);
        assert!(one_open.king_open_gates < none.king_open_gates);
        assert_eq!(none.king_open_gates, 0);
        assert!(none.king_escape_routes < 0, "{none:?}");
    }

    #[test]
    fn corner_blockades_and_the_ring_favour_the_attackers() {
        let blockade = t("11/11/11/11/11/5k5/11/11/2a8/1a9/11 d");
        let scattered = t("11/11/11/11/11/5k5/11/11/11/11/5a1a3 d");
        assert!(blockade.gate_control > scattered.gate_control);
        // King on f7 above the throne: three sides closed against two.
        let tight = t("11/11/11/11/4aka4/11/11/11/11/11/11 d");
        let loose = t("11/11/11/11/4ak5/11/11/11/11/11/11 d");
        assert!(tight.king_ring > loose.king_ring, "{tight:?} vs {loose:?}");
    }

    #[test]
    fn guards_beside_the_occupied_throne_are_pinned() {
        // King on his throne f6, a guard on f7; an attacker on a8 can reach f8 beyond it.
        let pinned = t("11/11/11/a10/5d5/5k5/11/11/11/11/11 a");
        // An attacker already standing on f8 cannot strike there.
        let blocked = t("11/11/11/5a5/5d5/5k5/11/11/11/11/11 a");
        // No attacker can reach f8.
        let free = t("11/11/11/11/5d5/5k5/11/11/11/11/1a9 a");
        // The king off the throne (on f7, the guard on f8): nothing to pin.
        let off = t("11/11/11/5d5/5k5/11/11/11/11/11/1a9 a");
        assert_eq!(pinned.throne_pin, THRONE_PIN);
        assert_eq!(blocked.throne_pin, -THRONE_PIN_BLOCKED);
        assert_eq!(free.throne_pin, 0);
        assert_eq!(off.throne_pin, 0);
    }

    #[test]
    fn pieces_en_prise_are_counted() {
        // A defender on d5 beside an attacker on c5, with e5 reachable by the attacker on e2.
        let en_prise = t("11/11/7k3/11/11/11/2ad7/11/11/4a6/11 a");
        let safe = t("11/11/7k3/11/11/11/2ad7/11/11/11/11 a");
        assert!(en_prise.hanging > safe.hanging, "{en_prise:?} vs {safe:?}");
    }

    #[test]
    fn an_unreachable_hole_beside_the_enthroned_king_counts_in_the_attackers_search_only() {
        // King on f6, guards on f7, g6 and f5; e6 empty, walled in by d6, e7 and e5.
        let walled = "11/11/11/11/4dd5/a2d1kd4/4dd5/11/11/11/11 a";
        // Without d6 the attacker on a6 reaches e6 along the rank.
        let open = "11/11/11/11/4dd5/a4kd4/4dd5/11/11/11/11 a";
        // The king away in a corner's reach: the empty throne is not a hole.
        let off = "10k/11/11/11/4dd5/a2d2d4/4dd5/11/11/11/11 a";
        // Without e5 the pocket e6-e5 runs on into the open board below: no attacker's line
        // reaches e6, but the pocket is not walled off.
        let leaking = "11/11/11/11/4dd5/a2d1kd4/11/11/11/11/11 a";
        // A two-square pocket e6-e5, walled in on every side, is a hole.
        let deep = "11/11/11/11/4dd5/a2d1kd4/3d1d5/4d6/11/11/11 a";
        // The same pocket with an attacker on e4 instead of the guard, a step from e5, is not.
        let entered = "11/11/11/11/4dd5/a2d1kd4/3d1d5/4a6/11/11/11 a";
        assert_eq!(t(walled).throne_hole, -THRONE_HOLE, "{:?}", t(walled));
        assert_eq!(t(open).throne_hole, 0, "{:?}", t(open));
        assert_eq!(t(off).throne_hole, 0, "{:?}", t(off));
        assert_eq!(t(leaking).throne_hole, 0, "{:?}", t(leaking));
        assert_eq!(t(deep).throne_hole, -THRONE_HOLE, "{:?}", t(deep));
        assert_eq!(t(entered).throne_hole, 0, "{:?}", t(entered));

        let pos = TaflPosition::from_text(walled).expect("valid position");
        let attacking = TaflEval::new(pos.rules(), false, true);
        let defending = TaflEval {
            attackers_search: false,
            ..attacking
        };
        assert_eq!(attacking.evaluate(&pos), t(walled).total());
        assert_eq!(defending.evaluate(&pos), t(walled).total() + THRONE_HOLE);
        // Their table entries are kept apart; the material count's need not be.
        assert_ne!(attacking.key_salt(), defending.key_salt());
        assert_eq!(defending.key_salt(), 0);
    }

    #[test]
    fn a_running_king_worries_the_attackers_search_only() {
        // A lone king on c4: c1, a4 and c11 each open two corners at once (forks).
        let open = "11/11/11/11/11/11/11/2k8/11/11/11 a";
        // Hemmed in on b4, d4, c5 and c3: he reaches nothing.
        let hemmed = "11/11/11/11/11/11/2a8/1aka7/2a8/11/11 a";
        let (o, h) = (t(open), t(hemmed));
        assert_eq!(
            o.running_king,
            -(3 * RUNNING_KING_FORK + 4 * RUNNING_KING_ROUTE),
            "{o:?}"
        );
        assert_eq!(h.running_king, 0, "{h:?}");

        let pos = TaflPosition::from_text(open).expect("valid position");
        let attacking = TaflEval::new(pos.rules(), false, true);
        let defending = TaflEval {
            attackers_search: false,
            ..attacking
        };
        assert_eq!(attacking.evaluate(&pos), o.total());
        assert_eq!(defending.evaluate(&pos), o.total() - o.running_king);
    }

    #[test]
    fn corners_three_king_moves_away_count_unless_their_lines_are_shut() {
        // A lone king on c4 reaches every corner in three moves.
        let pos = TaflPosition::from_text("11/11/11/11/11/11/11/2k8/11/11/11 a").expect("valid");
        let king = pos.king_square().expect("a king");
        let mut reach = Reach {
            squares: [0; MAX_REACH],
            len: 0,
        };
        king_reach(&pos, king, &mut reach);
        assert_eq!(
            three_move_gates(&pos, king, reach.as_slice()).count_ones(),
            4
        );
        // Attackers beside every corner shut all its lines.
        let sealed =
            TaflPosition::from_text("1a7a1/a9a/11/11/11/11/11/2k8/11/a9a/1a7a1 a").expect("valid");
        let king = sealed.king_square().expect("a king");
        let mut reach = Reach {
            squares: [0; MAX_REACH],
            len: 0,
        };
        king_reach(&sealed, king, &mut reach);
        assert_eq!(three_move_gates(&sealed, king, reach.as_slice()), 0);
    }

    #[test]
    fn material_only_ignores_everything_else() {
        let pos = TaflPosition::from_text("11/11/9a1/11/11/11/k10/11/11/11/11 d").expect("valid");
        let e = TaflEval::new(pos.rules(), true, true);
        assert_eq!(
            e.evaluate(&pos),
            -((1 - 24) * ATTACKER_VALUE - (0 - 12) * DEFENDER_VALUE)
        );
    }
}
