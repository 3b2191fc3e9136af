//! The board as HTP shows it, read from a tafl position string (protocol.md: ranks from the top,
//! runs of empty squares as numbers, `a` attacker, `d` defender, `k` king, then the side to
//! move). Only the string's layout is known here; what a move does is the session's business.

/// The cells of a position, top rank first; `.` for an empty square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub rows: Vec<Vec<char>>,
}

impl Grid {
    /// Reads the board part of a position string (None if it is not one).
    pub fn read(position: &str) -> Option<Grid> {
        let board = position.split_whitespace().next()?;
        let mut rows = Vec::new();
        for rank in board.split('/') {
            let mut row = Vec::new();
            let mut run = 0usize;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                row.extend(std::iter::repeat_n('.', run));
                run = 0;
                row.push(c);
            }
            row.extend(std::iter::repeat_n('.', run));
            rows.push(row);
        }
        let size = rows.len();
        if size == 0 || rows.iter().any(|r| r.len() != size) {
            return None;
        }
        Some(Grid { rows })
    }

    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// The square name (`a1`) of a cell.
    fn square(&self, row: usize, col: usize) -> String {
        format!("{}{}", (b'a' + col as u8) as char, self.size() - row)
    }

    /// The squares whose piece of the other side than `mover` (`a`, or `d`/`k`) is gone in
    /// `after`: the captures of the move that led from `self` to `after`.
    pub fn captures(&self, after: &Grid, mover_is_attacker: bool) -> Vec<String> {
        let theirs = |c: char| {
            if mover_is_attacker {
                c == 'd' || c == 'k'
            } else {
                c == 'a'
            }
        };
        let mut out = Vec::new();
        for (r, (was, now)) in self.rows.iter().zip(&after.rows).enumerate() {
            for (c, (&w, &n)) in was.iter().zip(now).enumerate() {
                if theirs(w) && n == '.' {
                    out.push(self.square(r, c));
                }
            }
        }
        out
    }

    /// A diagram laid out as the reference engine's ASCII board: `A` attacker, `D` defender,
    /// `K` king, `#` an empty corner or throne (not marked on 7x7), `.` any other empty square.
    pub fn diagram(&self) -> String {
        let size = self.size();
        let letters: Vec<String> = (0..size)
            .map(|i| ((b'A' + i as u8) as char).to_string())
            .collect();
        let letters = format!("    {}", letters.join(" "));
        let bar = "\u{2500}".repeat(size * 2 + 1);
        let mut out = format!("\n{letters}\n  \u{250c}{bar}\u{2510}\n");
        let last = size - 1;
        for (r, row) in self.rows.iter().enumerate() {
            let label = size - r;
            out.push_str(&format!("{label:2}\u{2502} "));
            for (c, &cell) in row.iter().enumerate() {
                let special = size != 7
                    && ((r == 0 || r == last) && (c == 0 || c == last)
                        || (r == size / 2 && c == size / 2));
                out.push(match cell {
                    'a' => 'A',
                    'd' => 'D',
                    'k' => 'K',
                    _ if special => '#',
                    _ => '.',
                });
                out.push(' ');
            }
            out.push_str(&format!("\u{2502}{label:2}\n"));
        }
        out.push_str(&format!("  \u{2514}{bar}\u{2518}\n{letters}"));
        out
    }

    /// The board as the reference's `show_board_open_tafl` writes it: `/` around every rank,
    /// runs of empty squares as numbers, `A` attacker, `D` defender, `K` king.
    pub fn open_tafl(&self) -> String {
        let mut out = String::from("/");
        for row in &self.rows {
            let mut run = 0;
            for &cell in row {
                let piece = match cell {
                    'a' => 'A',
                    'd' => 'D',
                    'k' => 'K',
                    _ => {
                        run += 1;
                        continue;
                    }
                };
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(piece);
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out.push('/');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a";

    #[test]
    fn a_position_reads_and_shows_as_the_reference_shows_it() {
        let grid = Grid::read(START).expect("the start reads");
        assert_eq!(grid.size(), 11);
        assert_eq!(
            grid.open_tafl(),
            "/3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3/"
        );
        let diagram = grid.diagram();
        assert!(diagram.contains(" 6\u{2502} A A . D D K D D . A A \u{2502} 6"));
        assert!(diagram.contains("11\u{2502} # . . A A A A A . . # \u{2502}11"));
        assert!(diagram.starts_with("\n    A B C D E F G H I J K\n  \u{250c}\u{2500}"));
        assert_eq!(Grid::read("3/3 a"), None);
    }

    #[test]
    fn captures_are_the_other_sides_pieces_that_are_gone() {
        let before = Grid::read("3a3/7/3d3/7/3a3/7/7 a").expect("reads");
        let after = Grid::read("3a3/7/7/3a3/7/7/7 d").expect("reads");
        assert_eq!(before.captures(&after, true), vec!["d5".to_string()]);
        // A defenders' move, e6-e4: the king on c4 is the far side of the capture of d4.
        let before = Grid::read("7/4d2/7/2ka3/7/7/7 d").expect("reads");
        let after = Grid::read("7/7/7/2k1d2/7/7/7 a").expect("reads");
        assert_eq!(before.captures(&after, false), vec!["d4".to_string()]);
    }
}
