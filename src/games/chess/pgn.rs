//! Reading chess games from PGN: the tags, the moves (SAN, checked against the legal moves) and
//! the result. Enough for `regalia match` records and ordinary PGN with `[FEN]`/`[SetUp]`;
//! comments, variations and NAGs are skipped.

use super::moves::{ChessMove, MoveKind};
use super::position::Position;
use super::rules::Rules;
use super::san::san;
use super::types::parse_square;
use super::FenError;
use crate::core::{MoveList, Rules as _, Scope};
use std::fmt;

/// How a game ended, white's score: 1, ½ or 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
}

impl GameResult {
    fn parse(text: &str) -> Option<GameResult> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }
    /// White's score.
    pub fn white_score(self) -> f64 {
        match self {
            GameResult::WhiteWins => 1.0,
            GameResult::Draw => 0.5,
            GameResult::BlackWins => 0.0,
        }
    }
}

/// One game: where it started, the moves played and how it ended (`None`: unfinished, `*`).
#[derive(Clone, Debug)]
pub struct PgnGame {
    pub start: Position,
    pub moves: Vec<ChessMove>,
    pub result: Option<GameResult>,
}

/// Why a game did not read; `line` is the line of the file its text starts on.
#[derive(Debug)]
pub enum PgnError {
    /// A tag pair that is not `[Name "value"]`.
    BadTag { line: usize, text: String },
    /// The `[FEN]` tag's position does not read.
    BadFen { line: usize, error: FenError },
    /// A move that is not legal (or not SAN) in the game's position.
    BadMove {
        line: usize,
        ply: usize,
        text: String,
    },
    /// The file has no game at all.
    NoGames,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag { line, text } => write!(f, "line {line}: not a tag pair: {text}"),
            PgnError::BadFen { line, error } => write!(f, "line {line}: bad FEN tag: {error}"),
            PgnError::BadMove { line, ply, text } => write!(
                f,
                "game from line {line}: move {text:?} at ply {ply} is not a legal SAN move"
            ),
            PgnError::NoGames => write!(f, "no games found"),
        }
    }
}

impl std::error::Error for PgnError {}

/// The games of a PGN text, each read or refused on its own (one bad game does not hide the
/// others). Games of other variants (a `[Variant]` tag other than chess/Chess960) are skipped.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut out = Vec::new();
    for chunk in split_games(text) {
        if let Some(game) = read_game(&chunk) {
            out.push(game);
        }
    }
    out
}

/// A game's text: its tags and movetext, and the line it starts on.
struct Chunk {
    line: usize,
    tags: Vec<(usize, String)>,
    movetext: String,
}

/// Splits the text at each tag section that follows movetext.
fn split_games(text: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut current: Option<Chunk> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('%') {
            continue; // escape lines
        }
        if line.starts_with('[') {
            let new_game = current
                .as_ref()
                .is_none_or(|c| !c.movetext.trim().is_empty());
            if new_game {
                chunks.extend(current.take());
                current = Some(Chunk {
                    line: n + 1,
                    tags: Vec::new(),
                    movetext: String::new(),
                });
            }
            if let Some(c) = current.as_mut() {
                c.tags.push((n + 1, line.to_string()));
            }
        } else if !line.is_empty() {
            let c = current.get_or_insert_with(|| Chunk {
                line: n + 1,
                tags: Vec::new(),
                movetext: String::new(),
            });
            c.movetext.push_str(line);
            c.movetext.push('\n');
        }
    }
    chunks.extend(current);
    chunks
}

fn parse_tag(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// `None` for a game of another variant.
fn read_game(chunk: &Chunk) -> Option<Result<PgnGame, PgnError>> {
    let mut fen = None;
    let mut rules = Rules::Orthodox;
    let mut result_tag = None;
    for (line, text) in &chunk.tags {
        let Some((name, value)) = parse_tag(text) else {
            return Some(Err(PgnError::BadTag {
                line: *line,
                text: text.clone(),
            }));
        };
        match name.to_ascii_lowercase().as_str() {
            "fen" => fen = Some((*line, value.to_string())),
            "variant" => match value.to_ascii_lowercase().as_str() {
                "chess" | "standard" | "" => {}
                "chess960" | "fischerandom" | "fischerrandom" => rules = Rules::Chess960,
                _ => return None,
            },
            "result" => result_tag = GameResult::parse(value),
            _ => {}
        }
    }
    let start = match fen {
        Some((line, f)) => match Position::from_fen(&f, rules) {
            Ok(p) => p,
            Err(error) => return Some(Err(PgnError::BadFen { line, error })),
        },
        None => Position::startpos(rules),
    };
    let mut pos = start;
    let mut moves = Vec::new();
    let mut result = result_tag;
    for token in movetext_tokens(&chunk.movetext) {
        if let Some(r) = GameResult::parse(token) {
            result = Some(r);
            continue;
        }
        if token == "*" {
            continue;
        }
        let Some(m) = find_san(&pos, token) else {
            return Some(Err(PgnError::BadMove {
                line: chunk.line,
                ply: moves.len() + 1,
                text: token.to_string(),
            }));
        };
        pos.make(m);
        moves.push(m);
    }
    Some(Ok(PgnGame {
        start,
        moves,
        result,
    }))
}

/// The movetext's move and result tokens: comments, variations, NAGs and numbers left out.
fn movetext_tokens(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut depth = 0usize; // variation nesting
    let mut in_brace = false;
    let mut in_line_comment = false;
    let mut start = None;
    let bytes = text.as_bytes();
    let mut flush = |start: &mut Option<usize>, end: usize, depth: usize| {
        if let Some(s) = start.take() {
            let t = &text[s..end];
            if depth == 0 {
                tokens.push(t);
            }
        }
    };
    for (i, &b) in bytes.iter().enumerate() {
        if in_line_comment {
            if b == b'\n' {
                in_line_comment = false;
            }
            continue;
        }
        if in_brace {
            if b == b'}' {
                in_brace = false;
            }
            continue;
        }
        match b {
            b'{' => {
                flush(&mut start, i, depth);
                in_brace = true;
            }
            b';' => {
                flush(&mut start, i, depth);
                in_line_comment = true;
            }
            b'(' => {
                flush(&mut start, i, depth);
                depth += 1;
            }
            b')' => {
                flush(&mut start, i, depth);
                depth = depth.saturating_sub(1);
            }
            b' ' | b'\t' | b'\n' | b'\r' => flush(&mut start, i, depth),
            _ => {
                if start.is_none() {
                    start = Some(i);
                }
            }
        }
    }
    flush(&mut start, text.len(), depth);
    tokens
        .into_iter()
        .filter_map(|t| {
            if GameResult::parse(t).is_some() || t == "*" {
                return Some(t);
            }
            // "12." / "12..." / "12.e4": the number goes, the move stays ("0-0" is a move).
            let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let t = if t[digits..].starts_with('.') || digits == t.len() {
                t[digits..].trim_start_matches('.')
            } else {
                t
            };
            (!t.is_empty() && !t.starts_with('$')).then_some(t)
        })
        .collect()
}

/// Check marks and annotations a SAN move may carry.
fn bare(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?'])
}

/// The legal move in `pos` written `text` in SAN (castling also as `0-0`).
fn find_san(pos: &Position, text: &str) -> Option<ChessMove> {
    let text = bare(text).replace('0', "O");
    let mut legal = MoveList::new();
    pos.generate(Scope::All, &mut legal);
    let castle = text.starts_with("O-O");
    // Only moves to the named square need their SAN written out.
    let target = if castle {
        None
    } else {
        let body = text.split('=').next().unwrap_or(&text);
        let body = body.trim_end_matches(|c: char| c.is_ascii_uppercase());
        Some(parse_square(body.get(body.len().checked_sub(2)?..)?)?)
    };
    legal.iter().copied().find(|&m| {
        let candidate = if castle {
            m.kind() == MoveKind::Castle
        } else {
            Some(m.to()) == target && m.kind() != MoveKind::Castle
        };
        candidate && {
            let written = san(pos, m);
            let written = bare(&written);
            written == text || written.replace('=', "") == text.replace('=', "")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_match_record() {
        let text = "[Event \"x\"]\n[Result \"0-1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n[SetUp \"1\"]\n\n3. Bc4 {+0.11/2 0.003s} Bc5 {-0.17/11} 4. O-O Nf6 (4... d6 5. d3) 5. d3 $1 O-O 0-1\n\n[Event \"y\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        let first = games[0].as_ref().expect("reads");
        assert_eq!(first.moves.len(), 6);
        assert_eq!(first.result, Some(GameResult::BlackWins));
        let second = games[1].as_ref().expect("reads");
        assert_eq!(second.moves.len(), 4);
        assert_eq!(second.result, Some(GameResult::Draw));
    }

    #[test]
    fn refuses_illegal_moves_and_bad_tags() {
        let games = read_games("[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n");
        assert!(matches!(games[0], Err(PgnError::BadMove { ply: 3, .. })));
        let games = read_games("[Result 1-0\n\n1. e4 1-0\n");
        assert!(matches!(games[0], Err(PgnError::BadTag { .. })));
        let games = read_games("[FEN \"not a fen\"]\n\n1. e4 *\n");
        assert!(matches!(games[0], Err(PgnError::BadFen { .. })));
    }

    #[test]
    fn skips_other_variants() {
        assert!(read_games("[Variant \"chess40k\"]\n\n1. e4 *\n").is_empty());
    }
}
