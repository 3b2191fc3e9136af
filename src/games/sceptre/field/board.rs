//! The nine 8x8 boards as data (`boards.txt`, built in): the reader, the river ports and the
//! quarter turns a layout may apply.
//!
//! A board file is a list of boards, each a header line `board <id>: <name>` followed by eight
//! lines of eight terrain letters, the top rank (8) first; blank lines and `#` comments may
//! stand between boards. A board's own a1 (bottom-left) is medium; colours are never stored.

use super::terrain::{SquareColour, Terrain};
use std::fmt;
use std::sync::OnceLock;

pub const BOARD_SIZE: usize = 8;

/// Ids run 1..=9: the game comes with nine boards.
pub const BOARD_COUNT: u8 = 9;

/// Each board needs this many meadow-or-bridge squares of each colour, so that any board can
/// be a kingdom and every set-up can be completed (docs/rules/sceptre1027.md#the-nine-boards).
pub const MIN_OPEN_PER_COLOUR: usize = 16;

/// River ports, as (file, rank) from the board's own a1: the middle two squares of each edge,
/// d1 e1 (bottom), d8 e8 (top), a4 a5 (left), h4 h5 (right). The set maps onto itself under
/// every quarter turn, so a turned board still meets its neighbours at ports.
pub const PORTS: [(u8, u8); 8] = [
    (3, 0),
    (4, 0),
    (3, 7),
    (4, 7),
    (0, 3),
    (0, 4),
    (7, 3),
    (7, 4),
];

pub const PORT_NAMES: &str = "d1 e1 d8 e8 a4 a5 h4 h5";

pub fn is_port(file: u8, rank: u8) -> bool {
    PORTS.contains(&(file, rank))
}

pub fn on_edge(file: u8, rank: u8) -> bool {
    let last = BOARD_SIZE as u8 - 1;
    file == 0 || rank == 0 || file == last || rank == last
}

/// A square's name on its own board (`a1` … `h8`).
pub fn local_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// A clockwise turn applied to a board before it is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rotation {
    R0,
    R90,
    R180,
    R270,
}

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    pub const fn from_degrees(degrees: u32) -> Option<Rotation> {
        Some(match degrees {
            0 => Rotation::R0,
            90 => Rotation::R90,
            180 => Rotation::R180,
            270 => Rotation::R270,
            _ => return None,
        })
    }

    pub const fn degrees(self) -> u32 {
        match self {
            Rotation::R0 => 0,
            Rotation::R90 => 90,
            Rotation::R180 => 180,
            Rotation::R270 => 270,
        }
    }

    /// A quarter turn swaps the colours of a board's corners (its own a1, medium, ends up top
    /// left or bottom right, and a light square comes to the bottom-left).
    pub const fn is_quarter(self) -> bool {
        matches!(self, Rotation::R90 | Rotation::R270)
    }

    /// Where the board's own square `(file, rank)` lands, counted from the turned board's
    /// bottom-left: clockwise, so the top-left corner goes to the top right.
    pub const fn apply(self, file: u8, rank: u8) -> (u8, u8) {
        let last = BOARD_SIZE as u8 - 1;
        match self {
            Rotation::R0 => (file, rank),
            Rotation::R90 => (rank, last - file),
            Rotation::R180 => (last - file, last - rank),
            Rotation::R270 => (last - rank, file),
        }
    }

    /// The board's own square shown at `(x, y)` of the turned board (the inverse of `apply`).
    pub const fn source(self, x: u8, y: u8) -> (u8, u8) {
        let back = match self {
            Rotation::R0 => Rotation::R0,
            Rotation::R90 => Rotation::R270,
            Rotation::R180 => Rotation::R180,
            Rotation::R270 => Rotation::R90,
        };
        back.apply(x, y)
    }
}

/// One board: its id (1..=9), name and 64 squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    id: u8,
    name: String,
    /// `[rank][file]` from the board's own a1.
    squares: [[Terrain; BOARD_SIZE]; BOARD_SIZE],
}

impl Board {
    pub fn id(&self) -> u8 {
        self.id
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board's own square, unturned.
    pub fn terrain(&self, file: u8, rank: u8) -> Terrain {
        self.squares[rank as usize][file as usize]
    }

    /// The square at `(x, y)` from the bottom-left of the board turned by `rotation`.
    pub fn turned(&self, rotation: Rotation, x: u8, y: u8) -> Terrain {
        let (file, rank) = rotation.source(x, y);
        self.terrain(file, rank)
    }

    /// The eight lines of the board file, top rank first.
    pub fn rows(&self) -> Vec<String> {
        (0..BOARD_SIZE)
            .rev()
            .map(|rank| self.squares[rank].iter().map(|t| t.letter()).collect())
            .collect()
    }

    /// Meadow-or-bridge squares of one colour.
    pub fn open_ground(&self, colour: SquareColour) -> usize {
        let mut n = 0;
        for rank in 0..BOARD_SIZE {
            for file in 0..BOARD_SIZE {
                if self.squares[rank][file].is_open_ground()
                    && SquareColour::of(file, rank) == colour
                {
                    n += 1;
                }
            }
        }
        n
    }
}

/// A board file that breaks the format or a board rule; lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A line where `board <id>: <name>` was expected.
    Header { line: usize, text: String },
    /// An id outside 1..=9, or one given twice.
    Id { line: usize, text: String },
    /// The board ended after `ranks` ranks; `line` is where the next one was expected.
    Truncated {
        board: u8,
        line: usize,
        ranks: usize,
    },
    /// A rank line right after the eighth.
    TooManyRanks { board: u8, line: usize },
    /// A rank line with `width` squares instead of 8; `column` is the first wrong one.
    Width {
        board: u8,
        line: usize,
        column: usize,
        width: usize,
    },
    Letter {
        board: u8,
        line: usize,
        column: usize,
        letter: char,
    },
    /// A river square on the board's edge away from the ports.
    RiverOffPort {
        board: u8,
        line: usize,
        column: usize,
        square: String,
    },
    TooFewOpen {
        board: u8,
        colour: SquareColour,
        count: usize,
    },
    /// The built-in set lacks a board.
    Missing(u8),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Header { line, text } => write!(
                f,
                "boards line {line}: expected 'board <id>: <name>', found '{text}'"
            ),
            BoardError::Id { line, text } => write!(
                f,
                "boards line {line}: board id '{text}' is not a new id in 1..={BOARD_COUNT}"
            ),
            BoardError::Truncated { board, line, ranks } => write!(
                f,
                "board {board}, line {line}: the board stops after {ranks} ranks; a board has {BOARD_SIZE} lines of {BOARD_SIZE} letters"
            ),
            BoardError::TooManyRanks { board, line } => write!(
                f,
                "board {board}, line {line}: a ninth rank; a board has {BOARD_SIZE} lines of {BOARD_SIZE} letters"
            ),
            BoardError::Width {
                board,
                line,
                column,
                width,
            } => write!(
                f,
                "board {board}, line {line}, column {column}: this rank has {width} squares, not {BOARD_SIZE}"
            ),
            BoardError::Letter {
                board,
                line,
                column,
                letter,
            } => write!(
                f,
                "board {board}, line {line}, column {column}: '{letter}' is not a terrain letter ({})",
                Terrain::LETTERS
            ),
            BoardError::RiverOffPort {
                board,
                line,
                column,
                square,
            } => write!(
                f,
                "board {board}, line {line}, column {column}: the river on edge square {square} is not at a river port ({PORT_NAMES})"
            ),
            BoardError::TooFewOpen {
                board,
                colour,
                count,
            } => write!(
                f,
                "board {board}: only {count} {colour} squares are meadow or bridge; every board needs {MIN_OPEN_PER_COLOUR} of each colour"
            ),
            BoardError::Missing(id) => write!(f, "the board set has no board {id}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Reads a board file (see the module comment). Checks every board rule except completeness.
pub fn parse_boards(text: &str) -> Result<Vec<Board>, BoardError> {
    let mut boards: Vec<Board> = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .peekable();
    while let Some((number, line)) = lines.next() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let (id, name) = parse_header(number, line.trim())?;
        if boards.iter().any(|b| b.id == id) {
            return Err(BoardError::Id {
                line: number,
                text: id.to_string(),
            });
        }
        let mut rows = Vec::with_capacity(BOARD_SIZE);
        let mut last_line = number;
        while rows.len() < BOARD_SIZE {
            match lines.peek() {
                Some(&(n, l)) if is_rank_line(l) => {
                    rows.push((n, l));
                    last_line = n;
                    lines.next();
                }
                _ => {
                    return Err(BoardError::Truncated {
                        board: id,
                        line: last_line + 1,
                        ranks: rows.len(),
                    })
                }
            }
        }
        boards.push(read_board(id, name, &rows)?);
        // A ninth rank right below the eighth is a board too long, not a bad header.
        if let Some(&(n, l)) = lines.peek() {
            if is_rank_line(l) {
                return Err(BoardError::TooManyRanks { board: id, line: n });
            }
        }
    }
    Ok(boards)
}

fn parse_header(line: usize, text: &str) -> Result<(u8, String), BoardError> {
    let header = || BoardError::Header {
        line,
        text: text.to_string(),
    };
    let rest = text.strip_prefix("board ").ok_or_else(header)?;
    let (id, name) = rest.split_once(':').ok_or_else(header)?;
    let id_text = id.trim();
    let id = id_text
        .parse::<u8>()
        .ok()
        .filter(|id| (1..=BOARD_COUNT).contains(id))
        .ok_or_else(|| BoardError::Id {
            line,
            text: id_text.to_string(),
        })?;
    let name = name.trim();
    if name.is_empty() {
        return Err(header());
    }
    Ok((id, name.to_string()))
}

/// Ranks are whatever is not blank, a comment or the next header: a bad rank is reported as
/// such rather than as a missing one.
fn is_rank_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && !t.starts_with('#') && !t.starts_with("board ")
}

/// One board from its eight lines (line number, text), top rank first.
fn read_board(id: u8, name: String, rows: &[(usize, &str)]) -> Result<Board, BoardError> {
    let mut squares = [[Terrain::Meadow; BOARD_SIZE]; BOARD_SIZE];
    for (i, &(line, text)) in rows.iter().enumerate() {
        let rank = BOARD_SIZE - 1 - i;
        let width = text.chars().count();
        if width != BOARD_SIZE {
            return Err(BoardError::Width {
                board: id,
                line,
                column: width.min(BOARD_SIZE) + 1,
                width,
            });
        }
        for (file, letter) in text.chars().enumerate() {
            let terrain = Terrain::from_letter(letter).ok_or(BoardError::Letter {
                board: id,
                line,
                column: file + 1,
                letter,
            })?;
            let (f, r) = (file as u8, rank as u8);
            if terrain == Terrain::River && on_edge(f, r) && !is_port(f, r) {
                return Err(BoardError::RiverOffPort {
                    board: id,
                    line,
                    column: file + 1,
                    square: local_name(f, r),
                });
            }
            squares[rank][file] = terrain;
        }
    }
    let board = Board { id, name, squares };
    for colour in [SquareColour::Medium, SquareColour::Light] {
        let count = board.open_ground(colour);
        if count < MIN_OPEN_PER_COLOUR {
            return Err(BoardError::TooFewOpen {
                board: id,
                colour,
                count,
            });
        }
    }
    Ok(board)
}

/// The built-in board file.
pub const SHIPPED_TEXT: &str = include_str!("boards.txt");

/// The nine built-in boards, in id order (read once).
pub fn shipped_boards() -> Result<&'static [Board], BoardError> {
    static BOARDS: OnceLock<Result<Vec<Board>, BoardError>> = OnceLock::new();
    let boards = BOARDS.get_or_init(|| {
        let mut boards = parse_boards(SHIPPED_TEXT)?;
        boards.sort_by_key(|b| b.id);
        for id in 1..=BOARD_COUNT {
            if !boards.iter().any(|b| b.id == id) {
                return Err(BoardError::Missing(id));
            }
        }
        Ok(boards)
    });
    boards.as_deref().map_err(Clone::clone)
}

/// A built-in board by id.
pub fn shipped_board(id: u8) -> Option<&'static Board> {
    shipped_boards().ok()?.iter().find(|b| b.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(text: &str, needle: &str) -> usize {
        text.lines().position(|l| l.starts_with(needle)).unwrap() + 1
    }

    #[test]
    fn the_nine_shipped_boards_parse_and_meet_the_rules() {
        let boards = shipped_boards().unwrap();
        assert_eq!(boards.len(), 9);
        for (i, board) in boards.iter().enumerate() {
            assert_eq!(board.id() as usize, i + 1);
            assert!(!board.name().is_empty());
            for colour in [SquareColour::Medium, SquareColour::Light] {
                assert!(
                    board.open_ground(colour) >= MIN_OPEN_PER_COLOUR,
                    "{}",
                    board.id()
                );
            }
            for rank in 0..8 {
                for file in 0..8 {
                    if board.terrain(file, rank) == Terrain::River && on_edge(file, rank) {
                        assert!(is_port(file, rank));
                    }
                }
            }
        }
        // Names are distinct and the design is varied: some board has each terrain.
        for t in Terrain::ALL {
            assert!(boards
                .iter()
                .any(|b| b.rows().concat().contains(t.letter())));
        }
        let mut names: Vec<&str> = boards.iter().map(|b| b.name()).collect();
        names.dedup();
        assert_eq!(names.len(), 9);
    }

    /// Every river square belongs to a water course (river, bridge, pond, orthogonally
    /// connected) that reaches a port or a pond: no stray puddle of river.
    #[test]
    fn shipped_rivers_are_connected_water_courses() {
        for board in shipped_boards().unwrap() {
            let water = |f: i32, r: i32| {
                (0..8).contains(&f)
                    && (0..8).contains(&r)
                    && matches!(
                        board.terrain(f as u8, r as u8),
                        Terrain::River | Terrain::Bridge | Terrain::Pond
                    )
            };
            for rank in 0..8i32 {
                for file in 0..8i32 {
                    if board.terrain(file as u8, rank as u8) != Terrain::River {
                        continue;
                    }
                    let mut seen = vec![(file, rank)];
                    let mut todo = vec![(file, rank)];
                    let mut reaches = false;
                    while let Some((f, r)) = todo.pop() {
                        let t = board.terrain(f as u8, r as u8);
                        reaches |= t == Terrain::Pond || is_port(f as u8, r as u8);
                        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let n = (f + df, r + dr);
                            if water(n.0, n.1) && !seen.contains(&n) {
                                seen.push(n);
                                todo.push(n);
                            }
                        }
                    }
                    assert!(
                        reaches,
                        "board {} river {}",
                        board.id(),
                        local_name(file as u8, rank as u8)
                    );
                }
            }
        }
    }

    #[test]
    fn rotations_turn_clockwise_and_keep_the_ports() {
        // The board's own top-left (a8) goes top-right after a clockwise quarter turn.
        assert_eq!(Rotation::R90.apply(0, 7), (7, 7));
        assert_eq!(Rotation::R90.apply(0, 0), (0, 7));
        assert_eq!(Rotation::R180.apply(0, 0), (7, 7));
        assert_eq!(Rotation::R270.apply(0, 0), (7, 0));
        for rot in Rotation::ALL {
            assert_eq!(Rotation::from_degrees(rot.degrees()), Some(rot));
            for (f, r) in PORTS {
                let (x, y) = rot.apply(f, r);
                assert!(is_port(x, y));
                assert_eq!(rot.source(x, y), (f, r));
            }
        }
        assert_eq!(Rotation::from_degrees(45), None);
        let board = shipped_board(2).unwrap();
        assert_eq!(board.turned(Rotation::R180, 7, 3), board.terrain(0, 4));
    }

    /// The shipped text with one line replaced (or removed, for `None`).
    fn edited(line: usize, with: Option<&str>) -> String {
        let mut out = Vec::new();
        for (i, l) in SHIPPED_TEXT.lines().enumerate() {
            match (i + 1 == line, with) {
                (true, Some(w)) => out.push(w),
                (true, None) => {}
                _ => out.push(l),
            }
        }
        out.join("\n")
    }

    #[test]
    fn broken_boards_are_named_with_line_and_column() {
        let header = line_of(SHIPPED_TEXT, "board 2:");
        let rank8 = header + 1;

        let e = parse_boards(&edited(rank8 + 3, None)).unwrap_err();
        assert_eq!(
            e,
            BoardError::Truncated {
                board: 2,
                line: rank8 + 7,
                ranks: 7
            },
            "{e}"
        );
        assert!(e.to_string().contains("board 2"), "{e}");

        let e = parse_boards(&edited(rank8, Some("mmmmmmmmm"))).unwrap_err();
        assert_eq!(
            e,
            BoardError::Width {
                board: 2,
                line: rank8,
                column: 9,
                width: 9
            }
        );
        let e = parse_boards(&edited(rank8 + 1, Some("mmmm"))).unwrap_err();
        assert!(
            matches!(
                e,
                BoardError::Width {
                    width: 4,
                    column: 5,
                    ..
                }
            ),
            "{e}"
        );

        // Board 1 is all meadow on its top rank: doubling it makes nine ranks.
        let first = line_of(SHIPPED_TEXT, "board 1:") + 1;
        let nine_ranks = edited(first, Some("mmmmmmmm\nmmmmmmmm"));
        let e = parse_boards(&nine_ranks).unwrap_err();
        assert_eq!(
            e,
            BoardError::TooManyRanks {
                board: 1,
                line: first + 8
            }
        );

        let e = parse_boards(&edited(rank8 + 2, Some("mmxmmmmm"))).unwrap_err();
        assert_eq!(
            e,
            BoardError::Letter {
                board: 2,
                line: rank8 + 2,
                column: 3,
                letter: 'x'
            }
        );
        let message = e.to_string();
        assert!(
            message.contains("line") && message.contains("column 3"),
            "{message}"
        );

        // A river on the left edge at a6 (rank 6 is the third line), not a port.
        let e = parse_boards(&edited(rank8 + 2, Some("rmmmmmmm"))).unwrap_err();
        assert_eq!(
            e,
            BoardError::RiverOffPort {
                board: 2,
                line: rank8 + 2,
                column: 1,
                square: "a6".into()
            }
        );
        assert!(e.to_string().contains("a6"));

        let e = parse_boards(&edited(header, Some("board 10: Too Many"))).unwrap_err();
        assert!(matches!(e, BoardError::Id { .. }), "{e}");
        let e = parse_boards(&edited(header, Some("board 1: Again"))).unwrap_err();
        assert!(matches!(e, BoardError::Id { .. }), "{e}");
        let e = parse_boards(&edited(header, Some("plank 2: The River"))).unwrap_err();
        assert!(matches!(e, BoardError::Header { .. }), "{e}");
    }

    #[test]
    fn a_board_without_enough_open_ground_is_refused() {
        // Five ranks of forest leave 24 meadows, 12 of each colour.
        let forest =
            "board 4: Too Dense\n".to_string() + &"ffffffff\n".repeat(5) + &"mmmmmmmm\n".repeat(3);
        let e = parse_boards(&forest).unwrap_err();
        assert_eq!(
            e,
            BoardError::TooFewOpen {
                board: 4,
                colour: SquareColour::Medium,
                count: 12
            },
            "{e}"
        );
    }
}
