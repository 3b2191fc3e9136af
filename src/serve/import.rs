//! Records read back in: the PGN the chess family's records download as (its moves in SAN,
//! matched against the legal moves' own notation, so nothing here knows chess) and the line
//! record of tafl and Sceptre (`protocol.md`), whose moves are protocol text already.

use super::http::ApiError;
use crate::session::{RecordFormat, Session, Variant};

/// What a record says: the game, its options, its start (None: the variant's) and its moves
/// in protocol notation, each checked legal by the rules.
pub struct ImportedGame {
    pub variant: Variant,
    pub options: Vec<(String, String)>,
    pub start: Option<String>,
    pub session: Box<dyn Session>,
    pub moves: Vec<String>,
}

fn bad(why: impl Into<String>) -> ApiError {
    ApiError::BadRequest(why.into())
}

/// Reads a record: PGN when it opens with a tag, else a line record.
pub fn read_record(text: &str) -> Result<ImportedGame, ApiError> {
    if text.trim_start().starts_with('[') {
        read_pgn(text)
    } else {
        read_lines(text)
    }
}

fn new_game(
    variant: Variant,
    options: &[(String, String)],
    start: Option<&str>,
) -> Result<Box<dyn Session>, ApiError> {
    let mut session = variant
        .configured_session(options)
        .map_err(|e| bad(e.to_string()))?;
    session
        .set_position(start, &[])
        .map_err(|e| bad(format!("the record's start: {e}")))?;
    Ok(session)
}

fn read_lines(text: &str) -> Result<ImportedGame, ApiError> {
    let mut variant = None;
    let mut options = Vec::new();
    let mut start = None;
    let mut texts = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("variant") => {
                let name = words.next().unwrap_or("");
                variant = Some(
                    name.parse::<Variant>()
                        .map_err(|e| bad(format!("the record's variant: {e}")))?,
                );
            }
            Some("option") => {
                if let (Some(name), Some(value)) = (words.next(), words.next()) {
                    options.push((name.to_string(), value.to_string()));
                }
            }
            Some("start") => {
                start = Some(line.trim_start()["start".len()..].trim().to_string());
            }
            // `move N SEAT TEXT …`
            Some("move") => match words.nth(2) {
                Some(m) => texts.push(m.to_string()),
                None => return Err(bad(format!("a move line without its move: '{line}'"))),
            },
            _ => {}
        }
    }
    let variant = variant.ok_or_else(|| bad("not a record: no PGN tags and no 'variant' line"))?;
    let mut session = new_game(variant, &options, start.as_deref())?;
    for (i, m) in texts.iter().enumerate() {
        session
            .play(m)
            .map_err(|e| bad(format!("move {} ({m}): {e}", i + 1)))?;
    }
    Ok(ImportedGame {
        variant,
        options,
        start,
        session,
        moves: texts,
    })
}

/// SAN without what only comments on a move (check, mate, `!?`).
fn bare(san: &str) -> &str {
    san.trim_end_matches(['+', '#', '!', '?'])
}

/// The PGN movetext's move words: comments, variations, numbers, NAGs and the result gone.
fn san_words(movetext: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut brace, mut paren) = (false, 0usize);
    let mut word = String::new();
    let mut flush = |word: &mut String| {
        // The result first: it starts with digits as move numbers do.
        let result = matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
        let w = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if !result && !w.is_empty() && !w.starts_with('$') {
            words.push(w.to_string());
        }
        word.clear();
    };
    for line in movetext.lines() {
        let line = if brace {
            line
        } else {
            line.split(';').next().unwrap_or("")
        };
        for c in line.chars() {
            match c {
                '{' if !brace => brace = true,
                '}' if brace => brace = false,
                _ if brace => {}
                '(' => paren += 1,
                ')' => paren = paren.saturating_sub(1),
                _ if paren > 0 => {}
                c if c.is_whitespace() => flush(&mut word),
                c => word.push(c),
            }
        }
        flush(&mut word);
    }
    words
}

fn read_pgn(text: &str) -> Result<ImportedGame, ApiError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        let t = line.trim();
        if let Some(tag) = t.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            if let Some((key, value)) = tag.split_once(' ') {
                let value = value.trim().trim_matches('"').replace("\\\"", "\"");
                tags.push((key.to_string(), value));
            }
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let tag = |key: &str| {
        tags.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    };
    // The Variant tag as the records write it; orthodox chess when absent.
    let variant = match tag("Variant") {
        None => Variant::Chess,
        Some(name) => Variant::ALL
            .iter()
            .copied()
            .filter(|v| v.record_format() == RecordFormat::Pgn)
            .find(|v| {
                v.new_session()
                    .record_variant_name()
                    .eq_ignore_ascii_case(name)
                    || v.name().eq_ignore_ascii_case(name)
            })
            .ok_or_else(|| {
                bad(format!(
                    "no game of this server is the PGN variant '{name}'"
                ))
            })?,
    };
    let start = tag("FEN").map(str::to_string);
    let mut session = new_game(variant, &[], start.as_deref())?;
    let mut moves = Vec::new();
    for (i, san) in san_words(&movetext).iter().enumerate() {
        let wanted = bare(san);
        let found = session.legal_moves().into_iter().find(|m| {
            let mut trial = session.boxed_clone();
            trial
                .play(m)
                .is_ok_and(|notation| bare(&notation) == wanted)
        });
        let m = found.ok_or_else(|| bad(format!("move {} ({san}) is not legal there", i + 1)))?;
        session
            .play(&m)
            .map_err(|e| bad(format!("move {} ({san}): {e}", i + 1)))?;
        moves.push(m);
    }
    Ok(ImportedGame {
        variant,
        options: Vec::new(),
        start,
        session,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_moves_are_found_by_their_notation() {
        let pgn = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. f3 {+0.10/3 0.1s} e5 2. g4 (2. e4) $1 Qh4# {mate} 0-1\n";
        let game = read_record(pgn).expect("reads");
        assert_eq!(game.variant, Variant::Chess);
        assert_eq!(game.moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    }

    #[test]
    fn line_records_and_bad_records() {
        let lines = "game 1\nvariant tafl\nstart 3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a\nmove 1 0 d1d4 ? 0.1\n";
        let game = read_record(lines).expect("reads");
        assert_eq!(game.variant, Variant::Tafl);
        assert_eq!(game.moves, ["d1d4"]);
        assert!(read_record("hello").is_err());
        assert!(read_record("[Event \"x\"]\n\n1. e5").is_err());
    }
}
