//! The terrain field of the position string (protocol.md#sceptre-position-string, field 1), both ways: the ranks from
//! the top down separated by `/`, each from file `a` rightwards, one letter a square (`-` a
//! hole), a letter optionally preceded by a count that repeats it (`12m`, `8-`).

use super::grid::TerrainGrid;
use super::square::{file_name, Coord, MAX_SIDE};
use super::terrain::Terrain;
use std::fmt;

pub const HOLE_LETTER: char = '-';

/// Ranks are named by their number on the field (the first line of the text is the top rank).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerrainTextError {
    Empty,
    /// More than 72 ranks.
    Height(usize),
    /// A rank of 0 or more than 72 squares.
    Width {
        rank: usize,
        width: usize,
    },
    /// A rank not as wide as the top one.
    Ragged {
        rank: usize,
        width: usize,
        expected: usize,
    },
    Letter {
        rank: usize,
        letter: char,
    },
    /// A count that is 0, has a leading zero, is too large, or repeats nothing.
    Count {
        rank: usize,
        text: String,
    },
    /// The text describes no square at all.
    NoSquares,
    /// An outermost rank or file is all holes, so `a1` would not be the corner of the squares.
    LooseEdge(String),
}

impl fmt::Display for TerrainTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TerrainTextError::Empty => write!(f, "the terrain field is empty"),
            TerrainTextError::Height(n) => {
                write!(f, "the terrain has {n} ranks; a field has 1 to {MAX_SIDE}")
            }
            TerrainTextError::Width { rank, width } => write!(
                f,
                "terrain rank {rank} has {width} squares; a field is 1 to {MAX_SIDE} wide"
            ),
            TerrainTextError::Ragged {
                rank,
                width,
                expected,
            } => write!(
                f,
                "terrain rank {rank} has {width} squares, but the top rank has {expected}"
            ),
            TerrainTextError::Letter { rank, letter } => write!(
                f,
                "terrain rank {rank}: '{letter}' is not a terrain letter ({} or - for a hole)",
                Terrain::LETTERS
            ),
            TerrainTextError::Count { rank, text } => write!(
                f,
                "terrain rank {rank}: '{text}' is not a count followed by a terrain letter"
            ),
            TerrainTextError::NoSquares => write!(f, "the terrain has holes only"),
            TerrainTextError::LooseEdge(edge) => write!(
                f,
                "the terrain's {edge} has no square; the field must reach every edge of its bounding box"
            ),
        }
    }
}

impl std::error::Error for TerrainTextError {}

/// Reads a terrain field.
pub fn parse_terrain(text: &str) -> Result<TerrainGrid, TerrainTextError> {
    if text.is_empty() {
        return Err(TerrainTextError::Empty);
    }
    let lines: Vec<&str> = text.split('/').collect();
    let height = lines.len();
    if height > MAX_SIDE {
        return Err(TerrainTextError::Height(height));
    }
    let mut rows = Vec::with_capacity(height);
    for (i, line) in lines.iter().enumerate() {
        let rank = height - i;
        let row = parse_rank(rank, line)?;
        if row.is_empty() || row.len() > MAX_SIDE {
            return Err(TerrainTextError::Width {
                rank,
                width: row.len(),
            });
        }
        if let Some(first) = rows.first().map(Vec::len) {
            if row.len() != first {
                return Err(TerrainTextError::Ragged {
                    rank,
                    width: row.len(),
                    expected: first,
                });
            }
        }
        rows.push(row);
    }
    let width = rows[0].len();
    let mut grid = TerrainGrid::holes(width, height);
    for (i, row) in rows.iter().enumerate() {
        for (file, &terrain) in row.iter().enumerate() {
            grid.set(Coord::new(file as u8, (height - 1 - i) as u8), terrain);
        }
    }
    check_edges(&grid)?;
    Ok(grid)
}

/// One rank's squares; counts are capped so that a huge number cannot allocate much.
fn parse_rank(rank: usize, line: &str) -> Result<Vec<Option<Terrain>>, TerrainTextError> {
    let mut row = Vec::new();
    let mut digits = String::new();
    for c in line.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let terrain = match c {
            HOLE_LETTER => None,
            _ => Some(Terrain::from_letter(c).ok_or(TerrainTextError::Letter { rank, letter: c })?),
        };
        let count = if digits.is_empty() {
            1
        } else {
            let bad = || TerrainTextError::Count {
                rank,
                text: format!("{digits}{c}"),
            };
            if digits.starts_with('0') || digits.len() > 2 {
                return Err(bad());
            }
            digits.parse::<usize>().map_err(|_| bad())?
        };
        digits.clear();
        if row.len() + count > MAX_SIDE {
            return Err(TerrainTextError::Width {
                rank,
                width: row.len() + count,
            });
        }
        row.extend(std::iter::repeat_n(terrain, count));
    }
    if !digits.is_empty() {
        return Err(TerrainTextError::Count { rank, text: digits });
    }
    Ok(row)
}

fn check_edges(grid: &TerrainGrid) -> Result<(), TerrainTextError> {
    if grid.square_count() == 0 {
        return Err(TerrainTextError::NoSquares);
    }
    let (w, h) = (grid.width(), grid.height());
    let rank_has = |r: usize| (0..w).any(|f| grid.get(Coord::new(f as u8, r as u8)).is_some());
    let file_has = |f: usize| (0..h).any(|r| grid.get(Coord::new(f as u8, r as u8)).is_some());
    let loose = |name: String| Err(TerrainTextError::LooseEdge(name));
    if !rank_has(0) {
        return loose("rank 1".into());
    }
    if !rank_has(h - 1) {
        return loose(format!("top rank ({h})"));
    }
    if !file_has(0) {
        return loose("file a".into());
    }
    if !file_has(w - 1) {
        return loose(format!("last file ({})", file_name(w - 1)));
    }
    Ok(())
}

/// Writes a terrain field: runs of two or more as a count and a letter.
pub fn write_terrain(grid: &TerrainGrid) -> String {
    let mut out = String::new();
    for rank in (0..grid.height()).rev() {
        let mut run: Option<(char, usize)> = None;
        let flush = |out: &mut String, run: Option<(char, usize)>| {
            if let Some((letter, n)) = run {
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                out.push(letter);
            }
        };
        for file in 0..grid.width() {
            let letter = grid
                .get(Coord::new(file as u8, rank as u8))
                .map_or(HOLE_LETTER, Terrain::letter);
            run = match run {
                Some((l, n)) if l == letter => Some((l, n + 1)),
                other => {
                    flush(&mut out, other);
                    Some((letter, 1))
                }
            };
        }
        flush(&mut out, run);
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terrain_text_reads_runs_holes_and_ranks_top_down() {
        let grid = parse_terrain("m2f-/3r-/bpcm").unwrap();
        assert_eq!((grid.width(), grid.height()), (4, 3));
        assert_eq!(grid.get(Coord::new(0, 0)), Some(Terrain::Bridge));
        assert_eq!(grid.get(Coord::new(2, 0)), Some(Terrain::Ruin));
        assert_eq!(grid.get(Coord::new(3, 1)), None);
        assert_eq!(grid.get(Coord::new(1, 2)), Some(Terrain::Forest));
        assert_eq!(write_terrain(&grid), "m2f-/3r-/bpcm");
        let wide = format!("{}/{}", "72m", "71-m");
        let grid = parse_terrain(&wide).unwrap();
        assert_eq!(grid.width(), 72);
        assert_eq!(write_terrain(&grid), wide);
        // A count of one is read, and written without its count.
        assert_eq!(write_terrain(&parse_terrain("1m1m").unwrap()), "2m");
    }

    #[test]
    fn bad_terrain_text_is_refused_with_the_rank() {
        use TerrainTextError as E;
        assert_eq!(parse_terrain(""), Err(E::Empty));
        assert_eq!(
            parse_terrain("8m/7m"),
            Err(E::Ragged {
                rank: 1,
                width: 7,
                expected: 8
            })
        );
        assert_eq!(
            parse_terrain("8m/3mx4m"),
            Err(E::Letter {
                rank: 1,
                letter: 'x'
            })
        );
        assert!(matches!(
            parse_terrain("8m/08m"),
            Err(E::Count { rank: 1, .. })
        ));
        assert!(matches!(parse_terrain("8m/0m"), Err(E::Count { .. })));
        assert!(matches!(parse_terrain("8m/7m1"), Err(E::Count { .. })));
        assert!(matches!(
            parse_terrain("999999999999m"),
            Err(E::Count { .. })
        ));
        assert_eq!(parse_terrain("73m"), Err(E::Width { rank: 1, width: 73 }));
        assert_eq!(parse_terrain("m//m"), Err(E::Width { rank: 2, width: 0 }));
        assert_eq!(parse_terrain(&vec!["m"; 73].join("/")), Err(E::Height(73)));
        assert_eq!(parse_terrain("3-/3-"), Err(E::NoSquares));
        assert!(matches!(parse_terrain("3m/3-"), Err(E::LooseEdge(e)) if e == "rank 1"));
        assert!(matches!(parse_terrain("-m/-m"), Err(E::LooseEdge(e)) if e == "file a"));
        assert!(matches!(parse_terrain("m-/m-"), Err(E::LooseEdge(_))));
        assert!(matches!(parse_terrain("3-/3m"), Err(E::LooseEdge(_))));
        assert!(parse_terrain("8m 8m").is_err());
        let message = parse_terrain("8m/3mx4m").unwrap_err().to_string();
        assert!(
            message.contains("rank 1") && message.contains("'x'"),
            "{message}"
        );
    }
}
