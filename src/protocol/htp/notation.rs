//! HTP's words for roles and squares. A vertex is a file letter and a rank number from the
//! bottom, like Regalia's own squares (`a1`); HTP writes the letter in upper case on 13x13 and
//! reads either case everywhere.

use std::fmt;

/// A side, as HTP names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    /// `a`, `attacker`, `d`, `defender`, in any case.
    pub fn parse(text: &str) -> Option<Role> {
        match text.to_ascii_lowercase().as_str() {
            "a" | "attacker" => Some(Role::Attacker),
            "d" | "defender" => Some(Role::Defender),
            _ => None,
        }
    }

    /// The session's seat: the attackers are seat 0 in every tafl rule set.
    pub fn seat(self) -> u8 {
        match self {
            Role::Attacker => 0,
            Role::Defender => 1,
        }
    }

    pub fn from_seat(seat: u8) -> Role {
        if seat == 0 {
            Role::Attacker
        } else {
            Role::Defender
        }
    }

    pub fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }

    /// The letter of a tafl position string's side-to-move field.
    pub fn position_letter(self) -> char {
        match self {
            Role::Attacker => 'a',
            Role::Defender => 'd',
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        })
    }
}

/// Reads an HTP vertex on a board of `size` as Regalia's square (`A1` → `a1`); None if it is
/// not a square of that board.
pub fn read_vertex(text: &str, size: u8) -> Option<String> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() || (letter as u8 - b'a') >= size {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: u32 = digits.parse().ok()?;
    if rank == 0 || rank > u32::from(size) {
        return None;
    }
    Some(format!("{letter}{rank}"))
}

/// Writes Regalia's square as HTP does on a board of `size`.
pub fn write_vertex(square: &str, size: u8) -> String {
    if size == 13 {
        square.to_ascii_uppercase()
    } else {
        square.to_string()
    }
}

/// Splits a tafl move text (`d1d3`) into its two squares.
pub fn split_move(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let first_digit = bytes.iter().position(|b| b.is_ascii_digit())?;
    let second_letter = first_digit
        + bytes[first_digit..]
            .iter()
            .position(|b| !b.is_ascii_digit())?;
    Some((&text[..second_letter], &text[second_letter..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_read_in_either_case_and_only_on_the_board() {
        assert_eq!(read_vertex("A1", 11).as_deref(), Some("a1"));
        assert_eq!(read_vertex("k11", 11).as_deref(), Some("k11"));
        assert_eq!(read_vertex("l1", 11), None);
        assert_eq!(read_vertex("a12", 11), None);
        assert_eq!(read_vertex("a0", 11), None);
        assert_eq!(read_vertex("a", 11), None);
        assert_eq!(read_vertex("a1x", 11), None);
        assert_eq!(read_vertex("M13", 13).as_deref(), Some("m13"));
        assert_eq!(write_vertex("m13", 13), "M13");
        assert_eq!(write_vertex("k11", 11), "k11");
    }

    #[test]
    fn moves_split_into_two_squares() {
        assert_eq!(split_move("d1d3"), Some(("d1", "d3")));
        assert_eq!(split_move("a10k10"), Some(("a10", "k10")));
        assert_eq!(split_move("d1"), None);
        assert_eq!(Role::parse("D"), Some(Role::Defender));
        assert_eq!(Role::parse("roleless"), None);
    }
}
