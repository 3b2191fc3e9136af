//! Diagrams of positions for people: a game-neutral [`Diagram`] that each variant fills in, and
//! one SVG writer for all of them. New games add cell kinds, owners or marks, not renderers.

mod svg;

pub use svg::to_svg;

/// What a cell of the field is, beyond its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    Light,
    Dark,
    /// Tafl's throne.
    Throne,
    /// Tafl's corner gates.
    Gate,
    /// A square of the field that does not exist (for Sceptre's holes, when it lands).
    Hole,
}

/// One piece: a short label (a letter) and the index of its owner (0..4, each its own colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramPiece {
    pub label: String,
    pub owner: usize,
    /// Tafl's king and the like: drawn with a ring.
    pub royal: bool,
}

/// A square in diagram coordinates: column from the left, row from the bottom.
pub type Cell = (usize, usize);

#[derive(Clone, Debug)]
pub struct Diagram {
    pub columns: usize,
    pub rows: usize,
    /// Row-major from the bottom-left cell.
    pub cells: Vec<CellKind>,
    pub pieces: Vec<Option<DiagramPiece>>,
    /// Cells marked with a small flag (the scepter squares), with their caption.
    pub flags: Vec<(Cell, String)>,
    /// File and rank labels along the edges.
    pub column_labels: Vec<String>,
    pub row_labels: Vec<String>,
    pub last_move: Option<(Cell, Cell)>,
    pub arrow: Option<(Cell, Cell)>,
    pub title: String,
}

impl Diagram {
    /// An empty checkered field (bottom-left dark, as on a chessboard).
    pub fn checkered(columns: usize, rows: usize) -> Diagram {
        let cells = (0..rows * columns)
            .map(|i| {
                if (i / columns + i % columns).is_multiple_of(2) {
                    CellKind::Dark
                } else {
                    CellKind::Light
                }
            })
            .collect();
        Diagram {
            columns,
            rows,
            cells,
            pieces: vec![None; rows * columns],
            flags: Vec::new(),
            column_labels: (0..columns)
                .map(|c| ((b'a' + c as u8) as char).to_string())
                .collect(),
            row_labels: (1..=rows).map(|r| r.to_string()).collect(),
            last_move: None,
            arrow: None,
            title: String::new(),
        }
    }

    pub fn index(&self, (c, r): Cell) -> usize {
        r * self.columns + c
    }

    pub fn set_kind(&mut self, cell: Cell, kind: CellKind) {
        let i = self.index(cell);
        self.cells[i] = kind;
    }

    pub fn place(&mut self, cell: Cell, piece: DiagramPiece) {
        let i = self.index(cell);
        self.pieces[i] = Some(piece);
    }

    /// Reads a square name (`e4`, `k11`) into diagram coordinates.
    pub fn cell_of(&self, name: &str) -> Option<Cell> {
        let letters: String = name
            .chars()
            .take_while(|c| c.is_ascii_lowercase())
            .collect();
        let digits = &name[letters.len()..];
        let c = self.column_labels.iter().position(|l| *l == letters)?;
        let r = self.row_labels.iter().position(|l| l == digits)?;
        Some((c, r))
    }

    /// The two squares of a move text (`e2e4`, `d11d9`, `e7e8q`), if both name cells.
    pub fn move_cells(&self, text: &str) -> Option<(Cell, Cell)> {
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut squares = Vec::new();
        while i < bytes.len() && squares.len() < 2 {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_lowercase() {
                i += 1;
            }
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return None;
            }
            squares.push(self.cell_of(&text[start..i])?);
        }
        match squares[..] {
            [a, b] => Some((a, b)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_texts_map_to_cells() {
        let d = Diagram::checkered(11, 11);
        assert_eq!(d.move_cells("d11d9"), Some(((3, 10), (3, 8))));
        assert_eq!(d.move_cells("a1k11"), Some(((0, 0), (10, 10))));
        assert_eq!(d.move_cells("z9z9"), None);
        let c = Diagram::checkered(8, 8);
        assert_eq!(c.move_cells("e7e8q"), Some(((4, 6), (4, 7))));
        assert_eq!(c.move_cells("e2"), None);
    }
}
