//! Layouts as data: which boards lie where on the global grid, turned how, and each seat's
//! kingdom, read from TOML (`openings/sceptre1027/<name>.toml`, built in, or a user's file).
//!
//! ```toml
//! name = "duel"
//! players = [2]              # the player counts the layout supports (2, 3, 4)
//! boards = [                 # or [[boards]] tables
//!   # id 1..=9 once each; rotation clockwise 0/90/180/270 (default 0); origin: the field
//!   # square under the turned board's bottom-left corner
//!   { board = 6, rotation = 180, origin = "a9" },
//!   { board = 3, rotation = 0, origin = "a1" },
//! ]
//! [kingdoms]                 # seat = board id, for every seat a supported count uses
//! south = 3
//! north = 6
//! # [kingdoms.2]             # optional: other kingdoms for one player count
//! ```

use super::board::{BoardError, Rotation, BOARD_COUNT};
use super::grid::TerrainGrid;
use super::kingdoms::Kingdoms;
use super::mailbox::Field;
use super::seats::{Compass, PlayerColour};
use super::square::{Coord, MAX_SIDE};
use super::terrain::{SquareColour, Terrain};
use std::fmt;

/// The layout `position startpos` uses.
pub const DEFAULT_LAYOUT: &str = "nine";

/// A layout file built into the binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShippedLayout {
    pub name: &'static str,
    /// The path from the crate root, for messages.
    pub path: &'static str,
    pub text: &'static str,
}

macro_rules! shipped_layout {
    ($name:literal) => {
        ShippedLayout {
            name: $name,
            path: concat!("openings/sceptre1027/", $name, ".toml"),
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/openings/sceptre1027/",
                $name,
                ".toml"
            )),
        }
    };
}

pub const SHIPPED_LAYOUTS: [ShippedLayout; 4] = [
    shipped_layout!("nine"),
    shipped_layout!("duel"),
    shipped_layout!("cross"),
    shipped_layout!("ring"),
];

/// One board on the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub board: u8,
    pub rotation: Rotation,
    /// The field square under the turned board's bottom-left corner.
    pub origin: Coord,
}

impl Placement {
    /// The field square under `(x, y)` of the turned board (each 0..8).
    pub fn square(&self, x: u8, y: u8) -> Coord {
        Coord::new(self.origin.file + x, self.origin.rank + y)
    }
}

/// A valid layout: every rule of docs/rules/sceptre1027.md#layouts holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub(in crate::games::sceptre) name: String,
    pub(in crate::games::sceptre) description: String,
    pub(in crate::games::sceptre) players: Vec<usize>,
    pub(in crate::games::sceptre) placements: Vec<Placement>,
    /// `[players - 2][seat]`: an index into `placements`.
    pub(in crate::games::sceptre) kingdoms: [[Option<usize>; 4]; 3],
    pub(in crate::games::sceptre) grid: TerrainGrid,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// Not TOML, or not the layout schema (the TOML reader's message, with line and column).
    Toml(String),
    Io {
        path: String,
        message: String,
    },
    /// Neither a shipped layout's name nor a file.
    NotFound(String),
    /// The built-in boards are broken (a build defect, reported rather than panicking).
    Boards(BoardError),
    Players(String),
    NoBoards,
    /// `boards` entry number `entry` (from 1) names no board.
    UnknownBoard {
        entry: usize,
        board: i64,
    },
    DuplicateBoard(u8),
    Rotation {
        board: u8,
        degrees: i64,
    },
    Origin {
        board: u8,
        text: String,
    },
    /// The board's top-right corner `corner` is beyond the 72x72 grid.
    TooLarge {
        board: u8,
        corner: Coord,
    },
    /// No board reaches file `a` or rank 1: `files` empty files and `ranks` empty ranks lie at
    /// the south-west.
    NotAtA1 {
        files: usize,
        ranks: usize,
    },
    /// Two boards share the squares `from` (south-west) to `to` (north-east).
    Overlap {
        first: u8,
        second: u8,
        from: Coord,
        to: Coord,
    },
    /// The board's square on `origin` does not have the field's colour there.
    Colours {
        board: u8,
        rotation: Rotation,
        origin: Coord,
    },
    /// A river on `river` (on board `board`'s edge) faces `facing` on board `facing_board`,
    /// which is neither river nor bridge.
    Rivers {
        board: u8,
        river: Coord,
        facing_board: u8,
        facing: Coord,
        terrain: Terrain,
    },
    KingdomMissing {
        players: usize,
        seat: Compass,
    },
    KingdomNotABoard {
        players: usize,
        seat: Compass,
        board: i64,
    },
    KingdomShared {
        players: usize,
        seats: (Compass, Compass),
        board: u8,
    },
    /// A kingdom entry no supported player count uses (`kingdoms.east`, `kingdoms.4`, …).
    KingdomUnused(String),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LayoutError as E;
        match self {
            E::Toml(message) => write!(f, "layout: {}", message.trim_end()),
            E::Io { path, message } => write!(f, "layout file {path}: {message}"),
            E::NotFound(name) => {
                let names: Vec<&str> = SHIPPED_LAYOUTS.iter().map(|l| l.name).collect();
                write!(
                    f,
                    "'{name}' is neither a shipped layout ({}) nor a layout file",
                    names.join(", ")
                )
            }
            E::Boards(e) => write!(f, "the built-in boards: {e}"),
            E::Players(why) => write!(f, "layout players: {why}"),
            E::NoBoards => write!(f, "the layout places no board"),
            E::UnknownBoard { entry, board } => write!(
                f,
                "boards entry {entry}: there is no board {board} (boards are 1 to {BOARD_COUNT})"
            ),
            E::DuplicateBoard(id) => write!(f, "board {id} is placed twice; there is one of each"),
            E::Rotation { board, degrees } => write!(
                f,
                "board {board}: rotation {degrees} is not 0, 90, 180 or 270"
            ),
            E::Origin { board, text } => write!(
                f,
                "board {board}: origin '{text}' is not a square (like a1, i9, ab17)"
            ),
            E::TooLarge { board, corner } => write!(
                f,
                "board {board} reaches {corner}, beyond the largest field ({MAX_SIDE}x{MAX_SIDE}, up to bt72)"
            ),
            E::NotAtA1 { files, ranks } => write!(
                f,
                "the field must start at a1 (its south-west corner): no board reaches {}; move every origin {files} files left and {ranks} ranks down",
                match (*files > 0, *ranks > 0) {
                    (true, true) => "file a or rank 1",
                    (true, false) => "file a",
                    _ => "rank 1",
                }
            ),
            E::Overlap {
                first,
                second,
                from,
                to,
            } => write!(f, "boards {first} and {second} overlap on {from}-{to}"),
            E::Colours {
                board,
                rotation,
                origin,
            } => {
                // The turned board's bottom-left is its own a1 (medium) unless quarter-turned.
                let own = if rotation.is_quarter() {
                    SquareColour::Light
                } else {
                    SquareColour::Medium
                };
                write!(
                    f,
                    "board {board} turned {}° at {origin} breaks the checkerboard: its {own} square lies on {origin}, a {} square of the field, so its light squares would touch another board's light squares",
                    rotation.degrees(),
                    origin.colour()
                )
            }
            E::Rivers {
                board,
                river,
                facing_board,
                facing,
                terrain,
            } => write!(
                f,
                "the river on {river} (board {board}) meets {terrain} on {facing} (board {facing_board}); rivers must continue across board edges as river or bridge"
            ),
            E::KingdomMissing { players, seat } => write!(
                f,
                "kingdoms: no board for {seat} with {players} players"
            ),
            E::KingdomNotABoard {
                players,
                seat,
                board,
            } => write!(
                f,
                "kingdoms: {seat}'s kingdom with {players} players is board {board}, which the layout does not place"
            ),
            E::KingdomShared {
                players,
                seats,
                board,
            } => write!(
                f,
                "kingdoms: {} and {} share board {board} with {players} players",
                seats.0, seats.1
            ),
            E::KingdomUnused(entry) => write!(f, "kingdoms: {entry}"),
        }
    }
}

impl std::error::Error for LayoutError {}

impl Field {
    /// The field a valid layout describes.
    pub fn from_layout(layout: &Layout) -> Field {
        Field::new(layout.grid().clone())
    }
}

impl Layout {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    /// The supported player counts, increasing.
    pub fn players(&self) -> &[usize] {
        &self.players
    }

    pub fn supports(&self, players: usize) -> bool {
        self.players.contains(&players)
    }

    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The terrain of the whole field (holes where no board lies).
    pub fn grid(&self) -> &TerrainGrid {
        &self.grid
    }

    /// A seat's kingdom board when `players` play (`None` for an unsupported count or seat).
    pub fn kingdom(&self, players: usize, seat: Compass) -> Option<&Placement> {
        let row = self.kingdoms.get(players.checked_sub(2)?)?;
        row[seat.index()].map(|i| &self.placements[i])
    }

    /// The kingdoms field of a position for `players` players.
    pub fn kingdoms(&self, players: usize) -> Option<Kingdoms> {
        let mut corners = Vec::new();
        for &colour in PlayerColour::ALL.iter().take(players) {
            let seat = colour.seat(players)?;
            corners.push((colour, self.kingdom(players, seat)?.origin));
        }
        Kingdoms::new(corners).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::field::Field;

    #[test]
    fn each_shipped_layout_validates() {
        let sizes = [
            ("nine", 24, 24, 0),
            ("duel", 8, 16, 0),
            ("cross", 24, 24, 256),
            ("ring", 24, 24, 64),
        ];
        for (name, width, height, holes) in sizes {
            let layout = Layout::shipped(name)
                .unwrap()
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(layout.name(), name);
            assert!(!layout.description().is_empty());
            let grid = layout.grid();
            assert_eq!((grid.width(), grid.height()), (width, height), "{name}");
            assert_eq!(width * height - grid.square_count(), holes, "{name}");
            let field = Field::from_layout(&layout);
            for &n in layout.players() {
                let kingdoms = layout.kingdoms(n).unwrap();
                assert_eq!(kingdoms.players(), n);
                assert_eq!(kingdoms.check(&field), Ok(()), "{name} {n}");
                assert_eq!(
                    kingdoms.to_string().parse::<Kingdoms>(),
                    Ok(kingdoms.clone())
                );
            }
            assert!(layout.kingdoms(5).is_none());
        }
        let nine = Layout::default_layout().unwrap();
        assert_eq!(nine.players(), &[2, 3, 4]);
        // docs/rules/sceptre1027.md#players-seats-and-turns: south -> south-east, west -> south-west, north -> north-west, east -> north-east.
        assert_eq!(
            nine.kingdoms(4).unwrap().to_string(),
            "b@q1,w@a1,r@a17,g@q17"
        );
        assert_eq!(nine.kingdoms(3).unwrap().to_string(), "b@q1,w@a1,r@a17");
        assert_eq!(nine.kingdoms(2).unwrap().to_string(), "b@q1,w@a17");
        let duel = Layout::load("duel").unwrap();
        assert_eq!(duel.players(), &[2]);
        assert_eq!(duel.kingdoms(2).unwrap().to_string(), "b@a1,w@a9");
        assert!(duel.kingdom(3, Compass::South).is_none());
    }

    /// The built-in list is exactly the `.toml` files of `openings/sceptre1027/`.
    #[test]
    fn the_built_in_layouts_are_the_files_of_the_folder() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/sceptre1027");
        let mut on_disk = Vec::new();
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let stem = path.file_stem().unwrap().to_string_lossy().to_string();
                on_disk.push((stem, std::fs::read_to_string(&path).unwrap()));
            }
        }
        on_disk.sort();
        let mut built_in: Vec<(String, String)> = SHIPPED_LAYOUTS
            .iter()
            .map(|l| (l.name.to_string(), l.text.to_string()))
            .collect();
        built_in.sort();
        assert_eq!(built_in, on_disk);
    }

    #[test]
    fn layouts_load_by_name_or_from_a_file() {
        let dir = std::env::temp_dir().join(format!("regalia-layouts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("mine.toml");
        let text = SHIPPED_LAYOUTS[1]
            .text
            .replace("name = \"duel\"", "name = \"mine\"");
        std::fs::write(&file, text).unwrap();
        let mine = Layout::load(file.to_str().unwrap()).unwrap();
        assert_eq!(mine.name(), "mine");
        assert_eq!(mine.grid(), Layout::load("duel").unwrap().grid());

        let missing = Layout::load("no-such-layout").unwrap_err();
        assert_eq!(missing, LayoutError::NotFound("no-such-layout".into()));
        let message = missing.to_string();
        assert!(message.contains("nine, duel, cross, ring"), "{message}");
        // A folder is not a file.
        assert!(matches!(
            Layout::load(dir.to_str().unwrap()),
            Err(LayoutError::Io { .. })
        ));
        std::fs::write(
            &file,
            "name = \"mine\"\nplayers = [2]\n[[boards]]\nboard = 1\n",
        )
        .unwrap();
        let e = Layout::load(file.to_str().unwrap()).unwrap_err();
        assert!(matches!(e, LayoutError::Toml(_)), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn kingdoms_may_differ_per_player_count() {
        let text = r#"
            name = "counts"
            players = [2, 4]
            [[boards]]
            board = 1
            origin = "a1"
            [[boards]]
            board = 4
            origin = "i1"
            [[boards]]
            board = 5
            origin = "a9"
            [[boards]]
            board = 6
            origin = "q1"
            [kingdoms]
            south = 4
            west = 1
            north = 5
            east = 6
            [kingdoms.2]
            south = 1
            north = 6
        "#;
        let layout = Layout::parse(text).unwrap();
        assert_eq!(layout.kingdom(2, Compass::South).unwrap().board, 1);
        assert_eq!(layout.kingdom(2, Compass::North).unwrap().board, 6);
        assert_eq!(layout.kingdom(4, Compass::South).unwrap().board, 4);
        assert_eq!(layout.kingdoms(2).unwrap().to_string(), "b@a1,w@q1");
        assert!(layout.kingdom(3, Compass::South).is_none());
        // Rotation defaults to 0.
        assert!(layout
            .placements()
            .iter()
            .all(|p| p.rotation == Rotation::R0));
    }
}
