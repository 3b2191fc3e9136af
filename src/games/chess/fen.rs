//! FEN in and out. A malformed FEN is refused with an error that names the offending field.

use super::attacks::pawn_attacks;
use super::position::{right_index, Position, BLACK_OO, BLACK_OOO, WHITE_OO, WHITE_OOO};
use super::rules::Rules;
use super::types::{file_of, make_square, parse_square, square_name, Color, Piece, Role, Square};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    FieldCount(usize),
    Board(String),
    SideToMove(String),
    Castling(String),
    EnPassant(String),
    HalfmoveClock(String),
    FullmoveNumber(String),
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => {
                write!(f, "FEN needs 4 to 6 space-separated fields, found {n}")
            }
            FenError::Board(why) => write!(f, "FEN board field: {why}"),
            FenError::SideToMove(t) => {
                write!(f, "FEN side-to-move field must be w or b, found '{t}'")
            }
            FenError::Castling(why) => write!(f, "FEN castling field: {why}"),
            FenError::EnPassant(why) => write!(f, "FEN en-passant field: {why}"),
            FenError::HalfmoveClock(t) => {
                write!(f, "FEN halfmove clock must be a number, found '{t}'")
            }
            FenError::FullmoveNumber(t) => {
                write!(
                    f,
                    "FEN fullmove number must be a positive number, found '{t}'"
                )
            }
            FenError::Illegal(why) => write!(f, "FEN position is illegal: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// The variant's start position.
    pub fn startpos(rules: Rules) -> Position {
        // The built-in start FENs are valid by construction; a test checks each one.
        Position::from_fen(rules.start_fen(), rules).unwrap_or_else(|_| Position::empty(rules))
    }

    /// Reads a FEN (the two move counters may be omitted).
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty(rules);
        parse_board(&mut pos, fields[0])?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        if pos.side == Color::Black {
            pos.key ^= super::zobrist::KEYS.black_to_move;
        }
        if rules.chess960() {
            let (rights, rooks) = parse_castling_960(&pos, fields[2])?;
            pos.set_castling_rooks(rights, rooks);
        } else {
            let rights = parse_castling(&pos, fields[2])?;
            pos.set_castling(rights);
        }
        parse_en_passant(&mut pos, fields[3])?;
        if let Some(t) = fields.get(4) {
            pos.halfmove = t
                .parse()
                .map_err(|_| FenError::HalfmoveClock(t.to_string()))?;
        }
        if let Some(t) = fields.get(5) {
            pos.fullmove = t
                .parse()
                .ok()
                .filter(|&n: &u16| n >= 1)
                .ok_or_else(|| FenError::FullmoveNumber(t.to_string()))?;
        }
        validate(&pos)?;
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.board[make_square(file, rank) as usize] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        if self.castling == 0 {
            s.push('-');
        }
        for (right, c) in [
            (WHITE_OO, 'K'),
            (WHITE_OOO, 'Q'),
            (BLACK_OO, 'k'),
            (BLACK_OOO, 'q'),
        ] {
            if self.castling & right != 0 {
                s.push(if self.rules.chess960() {
                    self.xfen_castling_letter(right, c)
                } else {
                    c
                });
            }
        }
        s.push(' ');
        match self.en_passant() {
            Some(sq) => s.push_str(&square_name(sq)),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }
}

impl Position {
    /// X-FEN: `K`/`Q` (`k`/`q`) when the right's rook is the outermost rook of its side of the
    /// king on the back rank, else the rook's file letter (upper case for white).
    fn xfen_castling_letter(&self, right: u8, plain: char) -> char {
        let rook = self.castle_rook(right);
        let color = if right & (WHITE_OO | WHITE_OOO) != 0 {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = rook & !7;
        let outer_files = if right & (WHITE_OO | BLACK_OO) != 0 {
            file_of(rook) + 1..8
        } else {
            0..file_of(rook)
        };
        let rook_piece = Some(Piece::new(color, Role::Rook));
        let outermost = outer_files
            .into_iter()
            .all(|f| self.piece_at(back_rank + f) != rook_piece);
        if outermost {
            return plain;
        }
        let letter = char::from(b'a' + file_of(rook));
        match color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }
}

fn parse_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Board(format!(
            "needs 8 ranks, found {}",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(FenError::Board(format!("bad empty-square count '{c}'")));
                }
                file += d as u8;
            } else {
                let p = Piece::from_fen_char(c)
                    .filter(|p| p.role() != Role::Zealot || pos.rules.has_zealots())
                    .ok_or_else(|| FenError::Board(format!("unknown piece letter '{c}'")))?;
                if file >= 8 {
                    return Err(FenError::Board(format!(
                        "rank {} describes more than 8 squares",
                        rank + 1
                    )));
                }
                pos.put(make_square(file, rank), p);
                file += 1;
            }
        }
        if file != 8 {
            return Err(FenError::Board(format!(
                "rank {} describes {} squares, not 8",
                rank + 1,
                file
            )));
        }
    }
    Ok(())
}

fn parse_castling(pos: &Position, field: &str) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let (right, color, rook_sq) = match c {
            'K' => (WHITE_OO, Color::White, 7),
            'Q' => (WHITE_OOO, Color::White, 0),
            'k' => (BLACK_OO, Color::Black, 63),
            'q' => (BLACK_OOO, Color::Black, 56),
            _ => {
                let hint = if ('a'..='h').contains(&c.to_ascii_lowercase()) {
                    chess960_hint(pos.rules)
                } else {
                    ""
                };
                return Err(FenError::Castling(format!("unknown letter '{c}'{hint}")));
            }
        };
        if rights & right != 0 {
            return Err(FenError::Castling(format!("'{c}' given twice")));
        }
        let king_home = if color == Color::White { 4 } else { 60 };
        if pos.piece_at(king_home) != Some(Piece::new(color, Role::King))
            || pos.piece_at(rook_sq) != Some(Piece::new(color, Role::Rook))
        {
            return Err(FenError::Castling(format!(
                "'{c}' needs the king and rook on their home squares{}",
                chess960_hint(pos.rules)
            )));
        }
        rights |= right;
    }
    Ok(rights)
}

/// What to do with Chess960 castling rights outside Chess960, for the error message.
fn chess960_hint(rules: Rules) -> &'static str {
    match rules {
        Rules::Orthodox => " (Chess960 castling needs UCI_Chess960 true)",
        Rules::Scepter | Rules::Forty => " (Chess960 castling is played in UCI_Variant chess only)",
        Rules::Chess960 => "",
    }
}

/// Chess960 castling rights, X-FEN or Shredder-FEN: `K`/`Q` (`k`/`q`) name the outermost rook
/// of the king's h-side or a-side on the back rank, a file letter (`A`…`H` white, `a`…`h`
/// black) names the rook on that file. Returns the rights and each right's rook square.
fn parse_castling_960(pos: &Position, field: &str) -> Result<(u8, [Square; 4]), FenError> {
    let mut rooks = [7, 0, 63, 56];
    if field == "-" {
        return Ok((0, rooks));
    }
    let mut rights = 0;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank: Square = if color == Color::White { 0 } else { 56 };
        let rook_piece = Some(Piece::new(color, Role::Rook));
        let king = pos
            .king_square(color)
            .filter(|&k| k & !7 == back_rank)
            .ok_or_else(|| FenError::Castling(format!("'{c}' needs the king on its first rank")))?;
        let king_file = file_of(king);
        let rook_file = match c.to_ascii_lowercase() {
            'k' => (king_file + 1..8)
                .rev()
                .find(|&f| pos.piece_at(back_rank + f) == rook_piece),
            'q' => (0..king_file).find(|&f| pos.piece_at(back_rank + f) == rook_piece),
            f @ 'a'..='h' => {
                let file = f as u8 - b'a';
                (file != king_file && pos.piece_at(back_rank + file) == rook_piece).then_some(file)
            }
            _ => return Err(FenError::Castling(format!("unknown letter '{c}'"))),
        }
        .ok_or_else(|| {
            FenError::Castling(format!(
                "'{c}' names no rook on the king's first rank beside the king"
            ))
        })?;
        let right = match (color, rook_file > king_file) {
            (Color::White, true) => WHITE_OO,
            (Color::White, false) => WHITE_OOO,
            (Color::Black, true) => BLACK_OO,
            (Color::Black, false) => BLACK_OOO,
        };
        if rights & right != 0 {
            return Err(FenError::Castling(format!(
                "'{c}' gives a side a second right on the same side of its king"
            )));
        }
        rights |= right;
        rooks[right_index(right)] = back_rank + rook_file;
    }
    Ok((rights, rooks))
}

fn parse_en_passant(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let sq = parse_square(field)
        .ok_or_else(|| FenError::EnPassant(format!("'{field}' is not a square")))?;
    let (rank, pusher) = match pos.side {
        Color::White => (5, Color::Black),
        Color::Black => (2, Color::White),
    };
    let pushed = if pusher == Color::Black {
        sq - 8
    } else {
        sq + 8
    };
    if sq >> 3 != rank
        || pos.piece_at(pushed) != Some(Piece::new(pusher, Role::Pawn))
        || pos.piece_at(sq).is_some()
    {
        return Err(FenError::EnPassant(format!(
            "no pawn can just have passed {field}"
        )));
    }
    // Kept only when a pawn could take, so that equal positions hash equal.
    let us = pos.side;
    if pawn_attacks(pusher, sq) & pos.pieces(us, Role::Pawn) != 0 {
        pos.set_ep(sq);
    }
    Ok(())
}

fn validate(pos: &Position) -> Result<(), FenError> {
    let rules = pos.rules;
    let mut kings_total = 0;
    for color in [Color::White, Color::Black] {
        let kings = pos.pieces(color, Role::King).count_ones();
        kings_total += kings;
        // Chess 40k: a king blown up by a zealot leaves a finished game without it.
        if kings > 1 || (kings == 0 && !rules.king_may_be_missing()) {
            return Err(FenError::Illegal(format!(
                "{} has {kings} kings, needs exactly one",
                if color == Color::White {
                    "white"
                } else {
                    "black"
                }
            )));
        }
    }
    if kings_total == 0 {
        return Err(FenError::Illegal("neither side has a king".into()));
    }
    let first_and_last = super::bitboard::RANK_1 | super::bitboard::RANK_8;
    let misplaced_pawns = if rules.pawns_may_stay_on_last_rank() {
        // A pawn may stay on its last rank, never stand on its own first rank.
        (pos.pieces(Color::White, Role::Pawn) & super::bitboard::RANK_1)
            | (pos.pieces(Color::Black, Role::Pawn) & super::bitboard::RANK_8)
    } else {
        pos.by_role(Role::Pawn) & first_and_last
    };
    if misplaced_pawns != 0 {
        return Err(FenError::Illegal(
            "a pawn stands on a rank it can never reach".into(),
        ));
    }
    let them = pos.side.flip();
    if let Some(k) = pos.king_square(them) {
        if pos.decided().is_none() && pos.attackers_to(k, pos.side, pos.occupied()) != 0 {
            return Err(FenError::Illegal("the side not to move is in check".into()));
        }
    }
    Ok(())
}
