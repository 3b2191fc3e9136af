//! Chess 40k: the pieces each side lost to its own self-destructs (its zealot and its pieces
//! beside it). The page counts captures from the board: without this a player's blown-up
//! zealot would read as taken by the other side (docs/rules/chess40k.md, "Self-destruct").

use super::web_game::WebGame;

/// Whether a move in protocol notation is a stay (`d4d4`): in the chess family only Chess
/// 40k's self-destruct is one.
fn is_stay(text: &str) -> bool {
    text.len() == 4 && text.is_char_boundary(2) && text[..2] == text[2..]
}

/// The letters of `seat`'s pieces (white upper case, black lower) on the board of a FEN-like
/// position string, sorted.
fn own_letters(position: &str, seat: u8) -> Vec<char> {
    let board = position.split(' ').next().unwrap_or("");
    let mut letters: Vec<char> = board
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .filter(|c| c.is_ascii_uppercase() == (seat == 0))
        .collect();
    letters.sort_unstable();
    letters
}

/// The pieces of `seat` on the board `before` that are gone `after` (a multiset difference),
/// in the order `before` sorts them.
fn gone(before: &str, after: &str, seat: u8) -> String {
    let mut left = own_letters(after, seat);
    let mut out = String::new();
    for c in own_letters(before, seat) {
        match left.iter().position(|&l| l == c) {
            Some(i) => {
                left.remove(i);
            }
            None => out.push(c),
        }
    }
    out
}

/// Per seat, the letters of its own pieces its self-destructs took off the board (empty for
/// every game but Chess 40k, and for a game whose moves cannot be replayed).
pub fn own_losses(g: &WebGame) -> Vec<String> {
    own_losses_in(g, g.moves.len())
}

/// `own_losses` in the first `plies` moves only: the position a review steps back to.
pub fn own_losses_in(g: &WebGame, plies: usize) -> Vec<String> {
    let seats = g.session.seats();
    let mut out = vec![String::new(); seats];
    if g.variant != crate::games::Variant::Chess40k {
        return out;
    }
    for (i, m) in g.moves.iter().enumerate().take(plies) {
        if !is_stay(&m.text) {
            continue;
        }
        let (Ok(before), Ok(after)) = (g.session_at(i), g.session_at(i + 1)) else {
            continue;
        };
        let lost = gone(&before.position_text(), &after.position_text(), m.seat);
        if let Some(slot) = out.get_mut(m.seat as usize) {
            slot.push_str(&lost);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stay_is_a_square_written_twice() {
        assert!(is_stay("d4d4"));
        assert!(!is_stay("d4d5"));
        assert!(!is_stay("e7e8z"));
        assert!(!is_stay("N@c3"));
    }

    #[test]
    fn a_blast_counts_the_zealot_and_own_pieces_beside_it_only() {
        // White's zealot on d4 blows up beside its own pawn on e3 and black's knight on c5.
        let before = "4k3/8/8/2n5/3Z4/4P3/8/4K3 w - - 0 1";
        let after = "4k3/8/8/8/8/8/8/4K3 b - - 0 1";
        assert_eq!(gone(before, after, 0), "PZ");
        assert_eq!(gone(before, after, 1), "n");
    }
}
