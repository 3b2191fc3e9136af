//! The rules a layout must keep (docs/rules/sceptre1027.md#layouts): boards inside the 72x72 grid with the field
//! starting at a1, no overlap, one global checkerboard, and rivers that meet. Each check
//! names the squares at fault.

use super::board::{shipped_board, BoardError, BOARD_SIZE};
use super::grid::TerrainGrid;
use super::layout::{LayoutError, Placement};
use super::square::{Coord, MAX_SIDE};
use super::terrain::{SquareColour, Terrain};

const LAST: u8 = BOARD_SIZE as u8 - 1;

/// Lays the boards on the grid, checking every rule; the terrain of the field if all hold.
pub(in crate::games::sceptre) fn place(
    placements: &[Placement],
) -> Result<TerrainGrid, LayoutError> {
    let (width, height) = extent(placements)?;
    check_overlap(placements)?;
    check_colours(placements)?;
    let mut grid = TerrainGrid::holes(width, height);
    // Which placement covers each square, for the river check.
    let mut owner = vec![usize::MAX; width * height];
    for (i, p) in placements.iter().enumerate() {
        let board =
            shipped_board(p.board).ok_or(LayoutError::Boards(BoardError::Missing(p.board)))?;
        for y in 0..=LAST {
            for x in 0..=LAST {
                let c = p.square(x, y);
                grid.set(c, Some(board.turned(p.rotation, x, y)));
                owner[c.rank as usize * width + c.file as usize] = i;
            }
        }
    }
    check_rivers(placements, &grid, &owner)?;
    Ok(grid)
}

/// The bounding box, which must lie within 72x72 and start at a1.
fn extent(placements: &[Placement]) -> Result<(usize, usize), LayoutError> {
    let (mut width, mut height) = (0, 0);
    let (mut min_file, mut min_rank) = (usize::MAX, usize::MAX);
    for p in placements {
        let far = (
            p.origin.file as usize + LAST as usize,
            p.origin.rank as usize + LAST as usize,
        );
        if far.0 >= MAX_SIDE || far.1 >= MAX_SIDE {
            return Err(LayoutError::TooLarge {
                board: p.board,
                corner: Coord::new(far.0 as u8, far.1 as u8),
            });
        }
        width = width.max(far.0 + 1);
        height = height.max(far.1 + 1);
        min_file = min_file.min(p.origin.file as usize);
        min_rank = min_rank.min(p.origin.rank as usize);
    }
    if min_file > 0 || min_rank > 0 {
        return Err(LayoutError::NotAtA1 {
            files: min_file,
            ranks: min_rank,
        });
    }
    Ok((width, height))
}

/// Boards are 8x8 squares, so two overlap exactly when their rectangles do.
fn check_overlap(placements: &[Placement]) -> Result<(), LayoutError> {
    for (i, a) in placements.iter().enumerate() {
        for b in &placements[i + 1..] {
            let span = |x: u8, y: u8| (x.max(y), x.min(y) + LAST);
            let files = span(a.origin.file, b.origin.file);
            let ranks = span(a.origin.rank, b.origin.rank);
            if files.0 <= files.1 && ranks.0 <= ranks.1 {
                return Err(LayoutError::Overlap {
                    first: a.board,
                    second: b.board,
                    from: Coord::new(files.0, ranks.0),
                    to: Coord::new(files.1, ranks.1),
                });
            }
        }
    }
    Ok(())
}

/// Every square keeps its board colour on the field. Both are checkerboards, so one square
/// decides: the turned board's bottom-left is its own a1 (medium) after 0 or 180 degrees and
/// a light square after a quarter turn; the field's square there must match.
fn check_colours(placements: &[Placement]) -> Result<(), LayoutError> {
    for p in placements {
        let own = if p.rotation.is_quarter() {
            SquareColour::Light
        } else {
            SquareColour::Medium
        };
        if p.origin.colour() != own {
            return Err(LayoutError::Colours {
                board: p.board,
                rotation: p.rotation,
                origin: p.origin,
            });
        }
    }
    Ok(())
}

/// A river on a board's edge must face river or bridge wherever another board lies across
/// that edge; it may end at the field's edge or at a hole.
fn check_rivers(
    placements: &[Placement],
    grid: &TerrainGrid,
    owner: &[usize],
) -> Result<(), LayoutError> {
    for (i, p) in placements.iter().enumerate() {
        for y in 0..=LAST {
            for x in 0..=LAST {
                let river = p.square(x, y);
                if grid.get(river) != Some(Terrain::River) {
                    continue;
                }
                let outwards = [
                    (x == 0, -1, 0),
                    (x == LAST, 1, 0),
                    (y == 0, 0, -1),
                    (y == LAST, 0, 1),
                ];
                for (edge, df, dr) in outwards {
                    let Some(facing) = river.offset(df, dr).filter(|c| grid.contains(*c)) else {
                        continue;
                    };
                    let other = owner[facing.rank as usize * grid.width() + facing.file as usize];
                    if !edge || other == usize::MAX || other == i {
                        continue;
                    }
                    let terrain = grid.get(facing).unwrap_or(Terrain::Meadow);
                    if !matches!(terrain, Terrain::River | Terrain::Bridge) {
                        return Err(LayoutError::Rivers {
                            board: p.board,
                            river,
                            facing_board: placements[other].board,
                            facing,
                            terrain,
                        });
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::layout::Layout;
    use super::*;
    use crate::games::sceptre::field::board::Rotation;
    use crate::games::sceptre::field::seats::Compass;

    /// A layout text: boards as (id, rotation, origin), kingdoms as the `[kingdoms]` body.
    fn layout(players: &str, boards: &[(i64, i64, &str)], kingdoms: &str) -> String {
        let mut text = format!("name = \"test\"\nplayers = {players}\n");
        for (id, rotation, origin) in boards {
            text += &format!(
                "[[boards]]\nboard = {id}\nrotation = {rotation}\norigin = \"{origin}\"\n"
            );
        }
        text + "[kingdoms]\n" + kingdoms
    }

    fn error(players: &str, boards: &[(i64, i64, &str)], kingdoms: &str) -> LayoutError {
        Layout::parse(&layout(players, boards, kingdoms)).unwrap_err()
    }

    const TWO: &str = "south = 1\nnorth = 2\n";

    fn sq(name: &str) -> Coord {
        name.parse().unwrap()
    }

    #[test]
    fn a_small_valid_layout_with_matching_rivers() {
        // The River's h4 meets the Confluence's a4.
        let text = layout(
            "[2]",
            &[(2, 0, "a1"), (3, 0, "i1")],
            "south = 2\nnorth = 3\n",
        );
        let l = Layout::parse(&text).unwrap();
        assert_eq!(l.grid().get(sq("h4")), Some(Terrain::River));
        assert_eq!(l.grid().get(sq("i4")), Some(Terrain::River));
    }

    #[test]
    fn overlapping_boards_name_the_shared_squares() {
        let e = error("[2]", &[(1, 0, "a1"), (2, 0, "e5")], TWO);
        assert_eq!(
            e,
            LayoutError::Overlap {
                first: 1,
                second: 2,
                from: sq("e5"),
                to: sq("h8")
            }
        );
        assert!(e.to_string().contains("e5-h8"), "{e}");
        let e = error("[2]", &[(1, 0, "a1"), (2, 0, "a1")], TWO);
        assert!(matches!(e, LayoutError::Overlap { .. }), "{e}");
    }

    #[test]
    fn a_quarter_turned_board_breaks_the_colours() {
        let e = error("[2]", &[(1, 0, "a1"), (2, 90, "i1")], TWO);
        assert_eq!(
            e,
            LayoutError::Colours {
                board: 2,
                rotation: Rotation::R90,
                origin: sq("i1")
            }
        );
        let message = e.to_string();
        assert!(
            message.contains("i1") && message.contains("90"),
            "{message}"
        );
        // Shifted by one square, an unturned board breaks them too…
        let e = error("[2]", &[(1, 0, "a1"), (2, 0, "i2")], TWO);
        assert!(matches!(e, LayoutError::Colours { board: 2, .. }), "{e}");
        // …and a quarter-turned one keeps them: only colour matters, not the grid of boards.
        let text = layout(
            "[2]",
            &[(1, 0, "a1"), (5, 270, "i2")],
            "south = 1\nnorth = 5\n",
        );
        let l = Layout::parse(&text).unwrap();
        assert_eq!(l.grid().get(sq("i1")), None);
        assert_eq!(l.placements()[1].rotation, Rotation::R270);
    }

    #[test]
    fn rivers_that_do_not_meet_name_both_squares() {
        let e = error(
            "[2]",
            &[(2, 0, "a1"), (1, 0, "i1")],
            "south = 2\nnorth = 1\n",
        );
        assert_eq!(
            e,
            LayoutError::Rivers {
                board: 2,
                river: sq("h4"),
                facing_board: 1,
                facing: sq("i4"),
                terrain: Terrain::Meadow
            }
        );
        let message = e.to_string();
        assert!(
            message.contains("h4") && message.contains("i4"),
            "{message}"
        );
        // Across a south-north seam: the Confluence's d8 meets the Fens' d1, a meadow.
        let e = error(
            "[2]",
            &[(3, 0, "a1"), (9, 0, "a9")],
            "south = 3\nnorth = 9\n",
        );
        assert_eq!(
            e,
            LayoutError::Rivers {
                board: 3,
                river: sq("d8"),
                facing_board: 9,
                facing: sq("d9"),
                terrain: Terrain::Meadow
            }
        );
        // The Lake's d1 continues it (the duel turns the Lake round: its ports map onto themselves).
        for rotation in [0, 180] {
            let text = layout(
                "[2]",
                &[(3, 0, "a1"), (6, rotation, "a9")],
                "south = 3\nnorth = 6\n",
            );
            assert!(Layout::parse(&text).is_ok(), "{rotation}");
        }
        // A river may end at a hole: the same boards with a gap between them.
        let text = layout(
            "[2]",
            &[(2, 0, "a1"), (1, 0, "q1")],
            "south = 2\nnorth = 1\n",
        );
        assert!(Layout::parse(&text).is_ok());
    }

    #[test]
    fn kingdoms_must_be_boards_of_the_layout_one_each() {
        let boards = [(1, 0, "a1"), (2, 0, "a9")];
        let e = error("[2]", &boards, "south = 1\nnorth = 7\n");
        assert_eq!(
            e,
            LayoutError::KingdomNotABoard {
                players: 2,
                seat: Compass::North,
                board: 7
            }
        );
        assert!(e.to_string().contains("board 7"), "{e}");
        let e = error("[2]", &boards, "south = 1\nnorth = 1\n");
        assert_eq!(
            e,
            LayoutError::KingdomShared {
                players: 2,
                seats: (Compass::South, Compass::North),
                board: 1
            }
        );
        let e = error("[2, 3]", &boards, "south = 1\nnorth = 2\n");
        assert_eq!(
            e,
            LayoutError::KingdomMissing {
                players: 3,
                seat: Compass::West
            }
        );
        let e = error("[2]", &boards, "south = 1\nnorth = 2\neast = 1\n");
        assert!(matches!(e, LayoutError::KingdomUnused(_)), "{e}");
        let e = error(
            "[2]",
            &boards,
            "south = 1\nnorth = 2\n[kingdoms.3]\nsouth = 2\n",
        );
        assert!(matches!(e, LayoutError::KingdomUnused(_)), "{e}");
        let e = error(
            "[2]",
            &boards,
            "south = 1\nnorth = 2\n[kingdoms.2]\nwest = 2\n",
        );
        assert!(matches!(e, LayoutError::KingdomUnused(_)), "{e}");
    }

    #[test]
    fn bad_entries_are_refused_with_their_own_errors() {
        let one = |board: i64, rotation: i64, origin: &str| {
            error("[2]", &[(1, 0, "a1"), (board, rotation, origin)], TWO)
        };
        assert_eq!(
            one(10, 0, "i1"),
            LayoutError::UnknownBoard {
                entry: 2,
                board: 10
            }
        );
        assert_eq!(
            one(0, 0, "i1"),
            LayoutError::UnknownBoard { entry: 2, board: 0 }
        );
        assert_eq!(one(1, 0, "i1"), LayoutError::DuplicateBoard(1));
        assert_eq!(
            one(2, 45, "i1"),
            LayoutError::Rotation {
                board: 2,
                degrees: 45
            }
        );
        assert_eq!(
            one(2, -90, "i1"),
            LayoutError::Rotation {
                board: 2,
                degrees: -90
            }
        );
        assert_eq!(
            one(2, 0, "i0"),
            LayoutError::Origin {
                board: 2,
                text: "i0".into()
            }
        );
        assert_eq!(
            one(2, 0, "I1"),
            LayoutError::Origin {
                board: 2,
                text: "I1".into()
            }
        );
        assert_eq!(
            one(2, 0, "bo1"),
            LayoutError::TooLarge {
                board: 2,
                corner: Coord::new(73, 7)
            }
        );
        let e = error("[2]", &[(1, 0, "i9"), (2, 0, "q9")], TWO);
        assert_eq!(e, LayoutError::NotAtA1 { files: 8, ranks: 8 });
        assert!(e.to_string().contains("a1"), "{e}");
        let empty = "name = \"test\"\nplayers = [2]\nboards = []\n[kingdoms]\n".to_string() + TWO;
        assert_eq!(Layout::parse(&empty), Err(LayoutError::NoBoards));
    }

    #[test]
    fn malformed_layout_files_are_refused() {
        let good = layout("[2]", &[(1, 0, "a1"), (2, 0, "a9")], TWO);
        assert!(Layout::parse(&good).is_ok());
        // Truncated mid-way.
        let cut = &good[..good.len() / 2];
        assert!(matches!(Layout::parse(cut), Err(LayoutError::Toml(_))));
        let unknown = good.replace("rotation = 0", "rotaton = 0");
        let e = Layout::parse(&unknown).unwrap_err();
        assert!(e.to_string().contains("rotaton"), "{e}");
        assert!(matches!(
            Layout::parse("not toml ["),
            Err(LayoutError::Toml(_))
        ));
        for players in ["[]", "[5]", "[2, 2]", "[1]"] {
            let e = Layout::parse(&good.replace("players = [2]", &format!("players = {players}")))
                .unwrap_err();
            assert!(matches!(e, LayoutError::Players(_)), "{players}: {e}");
        }
    }
}
