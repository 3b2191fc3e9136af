//! Start positions for a match: every non-comment line of an openings file (or of every file in
//! a folder), each checked with the rules library before a game is played from it.

use super::MatchError;
use crate::session::{GameStatus, Variant};
use std::path::Path;

/// One start position, the moves played from it before the engines take over, and where it
/// came from. An openings line is `POSITION` or `POSITION moves M1 M2 …`: a protocol that
/// cannot set up a position (HTP) is given the moves from the rule set's start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The position string (FEN for the chess family).
    pub position: String,
    /// Moves played from `position` before the game's first engine move (in the game's move
    /// text).
    pub moves: Vec<String>,
    /// `file:line`, for records and error messages.
    pub source: String,
}

/// Reads the openings at `path` (a file, or a folder whose files are read in name order).
/// Every position must be legal and not yet decided.
pub fn load(
    path: &Path,
    variant: Variant,
    options: &[(String, String)],
) -> Result<Vec<Opening>, MatchError> {
    let read_error = |e: std::io::Error| MatchError::Openings(format!("{}: {e}", path.display()));
    let mut files = Vec::new();
    if path.is_dir() {
        for entry in std::fs::read_dir(path).map_err(read_error)? {
            let file = entry.map_err(read_error)?.path();
            // Notes (`.md`) and Sceptre's layout files (`.toml`) live beside the openings.
            if file.is_file() && file.extension().is_some_and(|e| e != "md" && e != "toml") {
                files.push(file);
            }
        }
        files.sort();
    } else {
        files.push(path.to_path_buf());
    }
    let mut openings = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| MatchError::Openings(format!("{}: {e}", file.display())))?;
        read(
            &text,
            &file.display().to_string(),
            variant,
            options,
            &mut openings,
        )?;
    }
    if openings.is_empty() {
        return Err(MatchError::Openings(format!(
            "{}: no positions",
            path.display()
        )));
    }
    Ok(openings)
}

/// The openings shipped with the binary for `variant` (`openings/<variant>/`, built in, so a
/// match finds them from any folder), or its start position when it ships none. Under
/// variant options (another tafl rule set…) the shipped files may not fit (another board
/// size): the start then.
pub fn shipped(variant: Variant, options: &[(String, String)]) -> Result<Vec<Opening>, MatchError> {
    let files = variant.shipped_openings();
    if files.is_empty() {
        return Ok(start_only(variant, options));
    }
    let mut openings = Vec::new();
    for file in files {
        if let Err(e) = read(file.text, file.path, variant, options, &mut openings) {
            if options.is_empty() {
                return Err(e);
            }
            return Ok(start_only(variant, options));
        }
    }
    if openings.is_empty() {
        return Err(MatchError::Openings(format!(
            "the shipped {variant} openings have no positions"
        )));
    }
    Ok(openings)
}

/// The variant's own start, when no openings are given.
pub fn start_only(variant: Variant, options: &[(String, String)]) -> Vec<Opening> {
    Vec::from([Opening {
        position: super::referee::new_session(variant, options).position_text(),
        moves: Vec::new(),
        source: "start position".to_string(),
    }])
}

/// Appends the positions of one openings file (`name` for its sources), each checked.
fn read(
    text: &str,
    name: &str,
    variant: Variant,
    options: &[(String, String)],
    openings: &mut Vec<Opening>,
) -> Result<(), MatchError> {
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let source = format!("{name}:{}", number + 1);
        let (position, moves) = split_line(line);
        check(position, &moves, variant, options)
            .map_err(|why| MatchError::Openings(format!("{source}: {why}")))?;
        openings.push(Opening {
            position: position.to_string(),
            moves,
            source,
        });
    }
    Ok(())
}

/// The openings of a game of `seats` players, for a variant whose shipped openings mix player
/// counts (Sceptre's two-, three- and four-player set-ups): all of them if none has that many.
pub fn for_seats(
    openings: Vec<Opening>,
    variant: Variant,
    options: &[(String, String)],
    seats: usize,
) -> Vec<Opening> {
    let seats_of = |o: &Opening| {
        let mut session = super::referee::new_session(variant, options);
        session
            .set_position(Some(&o.position), &[])
            .map(|()| session.seats())
            .ok()
    };
    let fitting: Vec<Opening> = openings
        .iter()
        .filter(|o| seats_of(o) == Some(seats))
        .cloned()
        .collect();
    if fitting.is_empty() {
        openings
    } else {
        fitting
    }
}

/// An openings line as its position and the moves after ` moves ` (none without).
fn split_line(line: &str) -> (&str, Vec<String>) {
    match line.split_once(" moves ") {
        Some((position, moves)) => (
            position.trim(),
            moves.split_whitespace().map(str::to_string).collect(),
        ),
        None => (line, Vec::new()),
    }
}

fn check(
    position: &str,
    moves: &[String],
    variant: Variant,
    options: &[(String, String)],
) -> Result<(), String> {
    let mut session = super::referee::new_session(variant, options);
    session
        .set_position(Some(position), moves)
        .map_err(|e| e.to_string())?;
    match session.status() {
        GameStatus::Ongoing => Ok(()),
        GameStatus::Over(end) => Err(format!("the game is already over ({end})")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_openings_folder_loads() {
        for &variant in Variant::ALL {
            let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("openings")
                .join(variant.name());
            let openings = load(&folder, variant, &[]).unwrap_or_else(|e| panic!("{variant}: {e}"));
            assert!(
                openings.len() >= 20,
                "{variant}: {} openings",
                openings.len()
            );
        }
    }

    #[test]
    fn the_built_in_openings_are_the_files_of_the_openings_folders() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for &variant in Variant::ALL {
            let folder = root.join("openings").join(variant.name());
            let on_disk = load(&folder, variant, &[]).unwrap_or_else(|e| panic!("{variant}: {e}"));
            let built_in = shipped(variant, &[]).unwrap_or_else(|e| panic!("{variant}: {e}"));
            assert_eq!(
                built_in.len(),
                on_disk.len(),
                "{variant}: a file not embedded?"
            );
            for (b, d) in built_in.iter().zip(&on_disk) {
                assert_eq!(b.position, d.position, "{variant}");
                // Same file and line: sources are the path from the crate root.
                assert_eq!(
                    root.join(&b.source).display().to_string(),
                    d.source,
                    "{variant}"
                );
                assert!(b.source.starts_with(&format!("openings/{variant}/")));
            }
        }
    }

    #[test]
    fn bad_positions_are_named_with_file_and_line() {
        let dir = std::env::temp_dir().join(format!("regalia-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("bad.epd");
        std::fs::write(
            &file,
            "# comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a fen\n",
        )
        .expect("write");
        let error = load(&file, Variant::Chess, &[])
            .expect_err("line 3 is bad")
            .to_string();
        assert!(error.contains("bad.epd:3"), "{error}");
        std::fs::write(&file, "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1\n").expect("write");
        let error = load(&file, Variant::Chess, &[])
            .expect_err("mated")
            .to_string();
        assert!(error.contains("already over"), "{error}");
        std::fs::write(&file, "7k/8/8/8/8/8/8/KR6 w - - 0 1 moves a1a2 h8h9\n").expect("write");
        let error = load(&file, Variant::Chess, &[])
            .expect_err("h8h9 is no move")
            .to_string();
        assert!(error.contains("bad.epd:1"), "{error}");
        std::fs::write(&file, "7k/8/8/8/8/8/8/KR6 w - - 0 1 moves a1a2 h8h7\n").expect("write");
        let read = load(&file, Variant::Chess, &[]).expect("legal moves");
        assert_eq!(read[0].position, "7k/8/8/8/8/8/8/KR6 w - - 0 1");
        assert_eq!(read[0].moves, ["a1a2", "h8h7"]);
        std::fs::write(&file, "# only comments\n").expect("write");
        assert!(load(&file, Variant::Chess, &[]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
