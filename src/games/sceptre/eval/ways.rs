//! The far pieces' ways round the terrain (issue 32, conversion): in a leader's search, the
//! approach and the pull ([`super::progress`]) count a queen's, rook's or bishop's distance to
//! the weaker king as its shortest walk over the ground it may enter
//! (docs/rules/sceptre1027.md#terrain), not as files plus ranks.
//!
//! Files plus ranks told a rook shut in behind a river that a step toward the only bridge,
//! away from the king, was a step back, so it stayed there to the end of the game
//! (strength.md, "the far pieces' way round the terrain"). A rook walks by rank and file steps
//! over meadow, bridge and ruin; a queen or bishop by steps in all eight directions over
//! meadow, forest and bridge, a diagonal counted two: on open ground every walk is exactly
//! files plus ranks, and only terrain makes it longer. Knights leap over everything and keep
//! files plus ranks, as does a square no walk reaches.
//!
//! Only a search whose root mover leads by [`DUEL_START`] or more in a game of two holds the
//! ways ([`Ways::for_search`]); the side behind evaluates as before. The walks from a king
//! square are made the first time an evaluation of the search meets the king there, not per
//! node.

use super::guard;
use super::progress::DUEL_START;
use crate::core::Score;
use crate::games::sceptre::field::access::Access;
use crate::games::sceptre::field::mailbox::{Direction, Field, Square, NO_SQUARE};
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::square::Coord;
use crate::games::sceptre::rules::position::SceptrePosition;
use std::sync::{Arc, OnceLock};

/// A square no walk reaches.
const UNREACHED: u16 = u16::MAX;

/// The walks of one search, per king square (mailbox index), each made on first use.
pub struct Ways {
    from_king: Vec<OnceLock<Walks>>,
}

impl std::fmt::Debug for Ways {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let made = self.from_king.iter().filter(|w| w.get().is_some()).count();
        write!(f, "Ways({made} king squares walked)")
    }
}

/// The steps from one king square to every mailbox cell, per way of walking.
struct Walks {
    rook: Vec<u16>,
    queen: Vec<u16>,
}

impl Ways {
    /// Empty walks for `field`: none made yet.
    pub fn new(field: &Field) -> Ways {
        Ways {
            from_king: (0..field.mailbox_len()).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The ways for a search from `root`, whose players' `material` is per colour index: only
    /// where two play from the start and the root's mover leads by [`DUEL_START`] or more.
    pub fn for_search(root: &SceptrePosition, material: &[Score]) -> Option<Arc<Ways>> {
        guard::guarded(root, material, Some(DUEL_START)).map(|_| Arc::new(Ways::new(root.field())))
    }

    /// The steps a piece of `kind` on `from` needs to reach `king` over its ground; files
    /// plus ranks for a knight (or any other kind) and where no walk reaches.
    pub fn steps(&self, field: &Field, king: Square, kind: PieceKind, from: Coord) -> i32 {
        let king_place = field.place(king);
        let files_plus_ranks = (i32::from(from.file) - i32::from(king_place.file)).abs()
            + (i32::from(from.rank) - i32::from(king_place.rank)).abs();
        let (Some(walks), Some(sq)) = (self.from_king.get(king as usize), field.square(from))
        else {
            return files_plus_ranks;
        };
        let walks = walks.get_or_init(|| Walks::from(field, king));
        let table = match kind {
            PieceKind::Rook => &walks.rook,
            PieceKind::Queen | PieceKind::Bishop => &walks.queen,
            _ => return files_plus_ranks,
        };
        match table.get(sq as usize) {
            Some(&n) if n != UNREACHED => i32::from(n),
            _ => files_plus_ranks,
        }
    }
}

impl Walks {
    fn from(field: &Field, king: Square) -> Walks {
        Walks {
            rook: walk(field, king, PieceKind::Rook, false),
            queen: walk(field, king, PieceKind::Queen, true),
        }
    }
}

/// The steps from `start` to every cell over the ground `kind` may enter (not prohibited to
/// it), by rank and file steps, and with `diagonals` also by diagonal steps counted two: a
/// walk by levels, each level the squares at that many steps.
fn walk(field: &Field, start: Square, kind: PieceKind, diagonals: bool) -> Vec<u16> {
    let access = field.access_table(kind);
    let mut steps = vec![UNREACHED; field.mailbox_len()];
    let Some(first) = steps.get_mut(start as usize) else {
        return steps;
    };
    *first = 0;
    // levels[d]: the squares first reached at d steps (a diagonal reaches two levels on).
    let mut levels: Vec<Vec<Square>> = vec![vec![start]];
    let mut d = 0;
    while d < levels.len() {
        let level = std::mem::take(&mut levels[d]);
        for sq in level {
            if steps[sq as usize] != d as u16 {
                continue; // reached sooner by another way
            }
            for (direction, &next) in Direction::ALL.iter().zip(field.neighbours(sq)) {
                let cost = if direction.is_diagonal() {
                    if !diagonals {
                        continue;
                    }
                    2
                } else {
                    1
                };
                if next == NO_SQUARE || access[next as usize] == Access::Prohibited {
                    continue;
                }
                let to = d + cost;
                if usize::from(steps[next as usize]) <= to {
                    continue;
                }
                steps[next as usize] = to as u16;
                if levels.len() <= to {
                    levels.resize(to + 1, Vec::new());
                }
                levels[to].push(next);
            }
        }
        d += 1;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A field of eight files and sixteen ranks from `rows` (terrain text, the top rank first,
    /// as the position text has it), the kings in the corners.
    fn field(rows: &[&str]) -> Arc<Field> {
        let text = format!("{} Kb@a1,Kw@h16 b+,w+ b b@a1,w@a9 - - -", rows.join("/"));
        SceptrePosition::from_text(&text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .field()
            .clone()
    }

    fn steps(field: &Field, king: &str, kind: PieceKind, from: &str) -> i32 {
        let ways = Ways::new(field);
        let king = field.parse_square(king).expect("king square");
        let from = field
            .coord(field.parse_square(from).expect("square"))
            .expect("place");
        ways.steps(field, king, kind, from)
    }

    #[test]
    fn on_open_ground_a_walk_is_files_plus_ranks() {
        let f = field(&["8m"; 16]);
        for kind in [
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::Bishop,
            PieceKind::Knight,
        ] {
            assert_eq!(steps(&f, "h16", kind, "a1"), 7 + 15, "{kind:?}");
            assert_eq!(steps(&f, "h16", kind, "c14"), 5 + 2, "{kind:?}");
            assert_eq!(steps(&f, "d5", kind, "d5"), 0, "{kind:?}");
        }
    }

    /// Ranks 1–8 meadow, rank 9 a river with one bridge on `bridge_file` (0 = a), ranks 10–16
    /// meadow.
    fn river_wall(bridge_file: usize) -> Arc<Field> {
        let river = match bridge_file {
            0 => "b7r".to_string(),
            7 => "7rb".to_string(),
            f => format!("{f}rb{}r", 7 - f),
        };
        let mut rows = vec!["8m".to_string(); 16];
        rows[16 - 9] = river;
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        field(&rows)
    }

    #[test]
    fn a_river_wall_with_one_bridge_makes_the_walk_go_round_by_it() {
        let f = river_wall(0);
        // From h10 to the king on h5: to a10, down over the bridge a9, back to h5.
        assert_eq!(steps(&f, "h5", PieceKind::Rook, "h10"), 7 + 5 + 7);
        assert_eq!(steps(&f, "h5", PieceKind::Queen, "h10"), 7 + 5 + 7);
        // A knight leaps: files plus ranks.
        assert_eq!(steps(&f, "h5", PieceKind::Knight, "h10"), 5);
        // On the king's own side of the river nothing changes.
        assert_eq!(steps(&f, "h5", PieceKind::Rook, "c2"), 5 + 3);
        // A bridge in the middle: half the way round.
        let mid = river_wall(4);
        assert_eq!(steps(&mid, "h5", PieceKind::Rook, "h10"), 3 + 5 + 3);
    }

    #[test]
    fn a_forest_bars_a_rook_and_not_a_queen() {
        // Rank 9 all forest but a meadow square on a9.
        let mut rows = vec!["8m"; 16];
        rows[16 - 9] = "m7f";
        let f = field(&rows);
        assert_eq!(steps(&f, "h5", PieceKind::Rook, "h10"), 7 + 5 + 7);
        assert_eq!(steps(&f, "h5", PieceKind::Queen, "h10"), 5);
        assert_eq!(steps(&f, "h5", PieceKind::Bishop, "h10"), 5);
    }

    #[test]
    fn a_square_no_walk_reaches_keeps_files_plus_ranks() {
        // A river wall with no bridge at all.
        let mut rows = vec!["8m"; 16];
        rows[16 - 9] = "8r";
        let f = field(&rows);
        assert_eq!(steps(&f, "h5", PieceKind::Rook, "h10"), 5);
        assert_eq!(steps(&f, "h5", PieceKind::Queen, "e12"), 3 + 7);
    }
}
