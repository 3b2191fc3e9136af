//! What the evaluator measures a rule set's positions against, worked out once per rule set:
//! the start's forces and guard moves, and each square's corner blockade zone. They live here,
//! on the evaluator's side, so that the rules describe the game and know nothing of how the
//! evaluator scores it.

use super::board::{file_of, rank_of, step, Cell, Square, CELLS};
use super::rules::{RuleSet, DEFENDER, SPECIAL};
use std::sync::Mutex;

/// A square in no corner's blockade zone.
pub const NO_ZONE: u8 = u8::MAX;

#[derive(Debug)]
pub struct EvalTables {
    /// Pieces in the start position: material counts relative to them.
    pub start_attackers: u8,
    pub start_defenders: u8,
    /// The guards' moves in the start position (the siege's measure, see `eval`).
    pub start_guard_moves: i32,
    /// The corner whose blockade each square counts for ([`NO_ZONE`] if none), so that the
    /// evaluator looks it up instead of measuring against every corner.
    pub corner_zone: [u8; CELLS],
}

impl EvalTables {
    /// The tables of `rules`, built on first use and kept for the run (rule sets are interned,
    /// so a rule set is known by its address).
    pub fn of(rules: &'static RuleSet) -> &'static EvalTables {
        static BUILT: Mutex<Vec<(&'static RuleSet, &'static EvalTables)>> = Mutex::new(Vec::new());
        let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, tables)) = built.iter().find(|(r, _)| std::ptr::eq(*r, rules)) {
            return tables;
        }
        let tables: &'static EvalTables = Box::leak(Box::new(EvalTables::build(rules)));
        built.push((rules, tables));
        tables
    }

    fn build(rules: &RuleSet) -> EvalTables {
        let count = |kind: Cell| rules.start.iter().filter(|&&(_, c)| c == kind).count() as u8;
        let mut grid = [Cell::Off; CELLS];
        for &sq in &rules.squares {
            grid[sq as usize] = Cell::Empty;
        }
        for &(sq, c) in &rules.start {
            grid[sq as usize] = c;
        }
        let mut corner_zone = [NO_ZONE; CELLS];
        for &sq in &rules.squares {
            if let Some(zone) = blockade_zone(rules, sq) {
                corner_zone[sq as usize] = zone as u8;
            }
        }
        EvalTables {
            start_attackers: count(Cell::Attacker),
            start_defenders: count(Cell::Defender),
            start_guard_moves: guard_moves(rules, |sq| grid[sq as usize]),
            corner_zone,
        }
    }
}

/// Which corner's blockade a square counts for: within two steps of it, except the two squares
/// that touch it.
fn blockade_zone(rules: &RuleSet, sq: Square) -> Option<usize> {
    let (f, r) = (file_of(sq) as i32, rank_of(sq) as i32);
    rules.corners.iter().position(|&g| {
        let (gf, gr) = (file_of(g) as i32, rank_of(g) as i32);
        let (df, dr) = ((f - gf).abs(), (r - gr).abs());
        df <= 2 && dr <= 2 && df + dr >= 2
    })
}

/// Moves the defenders' guards (not the king) have on the board `cell` describes: what a
/// siege takes away.
pub fn guard_moves(rules: &RuleSet, cell: impl Fn(Square) -> Cell) -> i32 {
    rules
        .squares
        .iter()
        .filter(|&&sq| cell(sq) == Cell::Defender)
        .map(|&sq| guard_moves_from(rules, &cell, sq))
        .sum()
}

/// The moves of the guard on `sq`.
#[inline]
pub fn guard_moves_from(rules: &RuleSet, cell: &impl Fn(Square) -> Cell, sq: Square) -> i32 {
    let mut n = 0;
    for d in 0..4 {
        let mut to = sq;
        loop {
            to = step(to, d);
            if cell(to) != Cell::Empty {
                break;
            }
            if rules.flags(to) & SPECIAL == 0 {
                n += 1;
                continue;
            }
            n += rules.may_stop(DEFENDER, sq, to) as i32;
            if !rules.may_pass(DEFENDER, sq, to) {
                break;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tafl::board::square;

    #[test]
    fn the_default_start_is_measured_and_each_rule_set_is_built_once() {
        let rules = RuleSet::default_rules();
        let t = EvalTables::of(rules);
        assert_eq!((t.start_attackers, t.start_defenders), (24, 12));
        assert_eq!(t.start_guard_moves, 60);
        assert!(std::ptr::eq(t, EvalTables::of(rules)));
        // c1 and c3 count for a1's blockade; b1, touching the corner, and d1 do not.
        assert_eq!(t.corner_zone[square(2, 0) as usize], 0);
        assert_eq!(t.corner_zone[square(2, 2) as usize], 0);
        assert_eq!(t.corner_zone[square(1, 0) as usize], NO_ZONE);
        assert_eq!(t.corner_zone[square(3, 0) as usize], NO_ZONE);
        let brandub = RuleSet::named("brandubh").expect("a named rule set");
        assert_eq!(EvalTables::of(brandub).start_attackers, 8);
    }
}
