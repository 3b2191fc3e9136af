//! Standard algebraic notation (SAN), for game records (PGN). Variant moves keep the same
//! grammar: a zealot is `Z`, a declined promotion is a plain pawn move (`e8`), and a
//! self-destruct is the zealot "moving" to its own square, written fully disambiguated
//! (`Zd4d4`), which no other SAN move can look like.

use super::movegen;
use super::moves::{ChessMove, MoveKind};
use super::position::Position;
use super::types::{file_of, rank_of, square_name, Role};
use crate::core::{MoveList, Scope};

/// The SAN of a legal move `m` in `pos`, with `+` for check and `#` for a move that wins.
pub fn san(pos: &Position, m: ChessMove) -> String {
    let mut text = body(pos, m);
    let mut after = *pos;
    after.make(m);
    if after.decided().is_some() || after.is_checkmate() {
        text.push('#');
    } else if after.in_check() {
        text.push('+');
    }
    text
}

fn body(pos: &Position, m: ChessMove) -> String {
    if m.kind() == MoveKind::Castle {
        return if file_of(m.to()) > file_of(m.from()) {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let Some(piece) = pos.piece_at(m.from()) else {
        return m.uci();
    };
    let role = piece.role();
    let to = square_name(m.to());
    if m.from() == m.to() {
        return format!("{}{}{to}", role.letter().to_ascii_uppercase(), to);
    }
    let capture = pos.is_capture(m);
    let mut text = String::new();
    if role == Role::Pawn {
        if capture {
            text.push((b'a' + file_of(m.from())) as char);
            text.push('x');
        } else if rivals(pos, m, role).iter().any(|r| r.from() != m.from()) {
            // Sliding pawns: two pawns may reach one empty square; name the file.
            text.push((b'a' + file_of(m.from())) as char);
        }
        text.push_str(&to);
        if let Some(p) = m.promotion() {
            text.push('=');
            text.push(p.letter().to_ascii_uppercase());
        }
        return text;
    }
    text.push(role.letter().to_ascii_uppercase());
    text.push_str(&disambiguation(pos, m, role));
    if capture {
        text.push('x');
    }
    text.push_str(&to);
    text
}

/// Other legal moves of the same piece kind to the same square (not stays, not castling).
fn rivals(pos: &Position, m: ChessMove, role: Role) -> Vec<ChessMove> {
    let mut moves = MoveList::new();
    movegen::generate(pos, Scope::All, &mut moves);
    moves
        .iter()
        .copied()
        .filter(|r| {
            r.to() == m.to()
                && r.from() != m.from()
                && r.from() != r.to()
                && r.kind() != MoveKind::Castle
                && pos.piece_at(r.from()).is_some_and(|p| p.role() == role)
        })
        .collect()
}

/// File, rank or both of the origin, as SAN asks when another piece of the kind could go too.
fn disambiguation(pos: &Position, m: ChessMove, role: Role) -> String {
    let others = rivals(pos, m, role);
    if others.is_empty() {
        return String::new();
    }
    let file = (b'a' + file_of(m.from())) as char;
    let rank = (b'1' + rank_of(m.from())) as char;
    if others
        .iter()
        .all(|r| file_of(r.from()) != file_of(m.from()))
    {
        file.to_string()
    } else if others
        .iter()
        .all(|r| rank_of(r.from()) != rank_of(m.from()))
    {
        rank.to_string()
    } else {
        format!("{file}{rank}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules as _;
    use crate::games::chess::Rules;

    fn san_of(fen: &str, rules: Rules, uci: &str) -> String {
        let pos = Position::from_fen(fen, rules).expect("test FEN");
        let m = pos
            .parse_move(uci)
            .unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        san(&pos, m)
    }

    #[test]
    fn orthodox_forms() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_of(start, Rules::Orthodox, "e2e4"), "e4");
        assert_eq!(san_of(start, Rules::Orthodox, "g1f3"), "Nf3");
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(kiwipete, Rules::Orthodox, "e1g1"), "O-O");
        assert_eq!(san_of(kiwipete, Rules::Orthodox, "e1c1"), "O-O-O");
        assert_eq!(san_of(kiwipete, Rules::Orthodox, "d5e6"), "dxe6");
        assert_eq!(san_of(kiwipete, Rules::Orthodox, "e2a6"), "Bxa6");
        let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(rooks, Rules::Orthodox, "a1a3"), "R1a3");
        let knights = "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1";
        assert_eq!(san_of(knights, Rules::Orthodox, "b1c3"), "Nbc3");
        let queens = "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1";
        assert_eq!(san_of(queens, Rules::Orthodox, "a4b3"), "Qa4b3");
        let promote = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(promote, Rules::Orthodox, "e7e8q"), "e8=Q");
        let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(mate, Rules::Orthodox, "a1a8"), "Ra8#");
        assert_eq!(san_of(mate, Rules::Orthodox, "e1e2"), "Ke2");
        let check = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(check, Rules::Orthodox, "a1a8"), "Ra8+");
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san_of(ep, Rules::Orthodox, "e5d6"), "exd6");
    }

    #[test]
    fn variant_forms() {
        let forty = "rnbqkbnr/pzppppzp/8/8/8/8/PZPPPPZP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_of(forty, Rules::Forty, "b2b3"), "Zb3");
        let blast = "4k3/8/8/3p4/3Z4/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(blast, Rules::Forty, "d4d4"), "Zd4d4");
        let declined = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(declined, Rules::Forty, "e7e8"), "e8");
        assert_eq!(san_of(declined, Rules::Forty, "e7e8z"), "e8=Z");
        // Capture the Scepter: the king's step onto e8 wins at once.
        let scepter = "8/3K4/8/8/8/8/8/k7 w - - 0 1";
        assert_eq!(san_of(scepter, Rules::Scepter, "d7e8"), "Ke8#");
        // A sliding pawn and a straight pawn both reach d5: name the files.
        let slide = "4k3/8/8/8/2pp4/2P5/3P4/4K3 w - - 0 1";
        let pos = Position::from_fen(slide, Rules::Scepter).expect("fen");
        let texts: Vec<String> = {
            let mut moves = MoveList::new();
            movegen::generate(&pos, Scope::All, &mut moves);
            moves.iter().map(|&m| san(&pos, m)).collect()
        };
        let mut unique = texts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            texts.len(),
            "every SAN names one move: {texts:?}"
        );
    }
}
