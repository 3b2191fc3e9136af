//! The 11x11 field: squares, the throne and gates, neighbours and rook rays, all computed at
//! compile time.

/// Square index 0..121: rank * 11 + file, a1 = 0, k1 = 10, a11 = 110, k11 = 120.
pub type Square = u8;

pub const SIZE: u8 = 11;
pub const SQUARES: usize = 121;
pub const THRONE: Square = 5 * 11 + 5; // f6
pub const GATES: [Square; 4] = [0, 10, 110, 120]; // a1 k1 a11 k11
pub const NO_SQUARE: Square = 255;

#[inline(always)]
pub fn file_of(sq: Square) -> u8 {
    sq % SIZE
}

#[inline(always)]
pub fn rank_of(sq: Square) -> u8 {
    sq / SIZE
}

#[inline(always)]
pub const fn is_gate(sq: Square) -> bool {
    sq == 0 || sq == 10 || sq == 110 || sq == 120
}

/// Squares only the king may stop on.
#[inline(always)]
pub const fn is_restricted(sq: Square) -> bool {
    sq == THRONE || is_gate(sq)
}

#[inline(always)]
pub fn on_edge(sq: Square) -> bool {
    let (f, r) = (file_of(sq), rank_of(sq));
    f == 0 || r == 0 || f == SIZE - 1 || r == SIZE - 1
}

/// The four directions: +file, -file, +rank, -rank.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The neighbour of each square in each direction (NO_SQUARE off the board).
pub const NEIGHBOURS: [[Square; 4]; SQUARES] = {
    let mut t = [[NO_SQUARE; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = ((sq % 11) as i8, (sq / 11) as i8);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + DIRECTIONS[d].0, r + DIRECTIONS[d].1);
            if nf >= 0 && nf < 11 && nr >= 0 && nr < 11 {
                t[sq][d] = (nr * 11 + nf) as Square;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// A rook ray: the squares from a square to the edge in one direction, nearest first.
#[derive(Clone, Copy)]
pub struct Ray {
    pub squares: [Square; 10],
    pub len: u8,
}

pub const RAYS: [[Ray; 4]; SQUARES] = {
    let empty = Ray {
        squares: [NO_SQUARE; 10],
        len: 0,
    };
    let mut t = [[empty; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let mut cur = sq as Square;
            let mut len = 0;
            loop {
                let next = NEIGHBOURS[cur as usize][d];
                if next == NO_SQUARE {
                    break;
                }
                t[sq][d].squares[len] = next;
                len += 1;
                cur = next;
            }
            t[sq][d].len = len as u8;
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The square's name: file letter(s) then rank number, `a1` … `k11`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", (b'a' + file_of(sq)) as char, rank_of(sq) + 1)
}

/// Reads `a1` … `k11`.
pub fn parse_square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() < 2 || !(b'a'..=b'k').contains(&b[0]) {
        return None;
    }
    let digits = &text[1..];
    if digits.starts_with('0') || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = digits.parse().ok()?;
    if !(1..=SIZE).contains(&rank) {
        return None;
    }
    Some((rank - 1) * SIZE + (b[0] - b'a'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_geometry() {
        assert_eq!(square_name(THRONE), "f6");
        assert_eq!(GATES.map(square_name), ["a1", "k1", "a11", "k11"]);
        assert_eq!(parse_square("k11"), Some(120));
        assert_eq!(parse_square("a01"), None);
        assert_eq!(parse_square("l1"), None);
        assert_eq!(parse_square("a12"), None);
        assert_eq!(RAYS[0][0].len, 10);
        assert_eq!(RAYS[THRONE as usize][3].len, 5);
        assert!(on_edge(0) && on_edge(60 - 5) && !on_edge(THRONE));
    }
}
