//! Colours, piece kinds, pieces and squares of the 8x8 chess family.

/// Square index 0..64, a1 = 0, b1 = 1, …, h8 = 63.
pub type Square = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline(always)]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Piece kinds. `Zealot` exists only in Chess 40k.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
    Zealot = 6,
}

pub const ROLES: [Role; 7] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
    Role::Zealot,
];

impl Role {
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_index(i: usize) -> Role {
        ROLES[i]
    }
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::Zealot => 'z',
        }
    }
    pub fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            'z' => Role::Zealot,
            _ => return None,
        })
    }
}

/// A coloured piece packed in one byte: role in the low bits, colour in bit 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    #[inline(always)]
    pub fn new(color: Color, role: Role) -> Piece {
        Piece(role as u8 | (color as u8) << 3)
    }
    #[inline(always)]
    pub fn color(self) -> Color {
        if self.0 & 8 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
    #[inline(always)]
    pub fn role(self) -> Role {
        ROLES[(self.0 & 7) as usize]
    }
    /// Index 0..14 for Zobrist tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        (self.0 & 7) as usize + 7 * ((self.0 >> 3) as usize)
    }
    pub fn fen_char(self) -> char {
        let c = self.role().letter();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }
}

#[inline(always)]
pub fn file_of(sq: Square) -> u8 {
    sq & 7
}

#[inline(always)]
pub fn rank_of(sq: Square) -> u8 {
    sq >> 3
}

#[inline(always)]
pub fn make_square(file: u8, rank: u8) -> Square {
    rank * 8 + file
}

/// The square's name, `e4`.
pub fn square_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + file_of(sq)) as char);
    s.push((b'1' + rank_of(sq)) as char);
    s
}

/// Reads a square name such as `e4`.
pub fn parse_square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(make_square(b[0] - b'a', b[1] - b'1'))
}
