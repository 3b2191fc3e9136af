//! Fully legal move generation: checkers, pins and king danger are worked out once per
//! position, so no move needs to be tried and taken back to test its legality.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use super::bitboard::{bit, lsb, more_than_one, squares, Bitboard, RANK_1, RANK_8};
use super::moves::{ChessMove, MoveKind};
use super::position::{Position, BLACK_OO, BLACK_OOO, NO_SQUARE, WHITE_OO, WHITE_OOO};
use super::rules::Rules;
use super::types::{Color, Role, Square};
use crate::core::{MoveList, Scope};

const PROMOTIONS: [MoveKind; 4] = [
    MoveKind::PromoteQueen,
    MoveKind::PromoteKnight,
    MoveKind::PromoteRook,
    MoveKind::PromoteBishop,
];
/// Chess 40k: a zealot too, or no promotion at all (the plain move, `e7e8`).
const PROMOTIONS_FORTY: [MoveKind; 6] = [
    MoveKind::PromoteQueen,
    MoveKind::PromoteKnight,
    MoveKind::PromoteRook,
    MoveKind::PromoteBishop,
    MoveKind::PromoteZealot,
    MoveKind::Normal,
];

#[inline(always)]
fn push_promotions(out: &mut MoveList<ChessMove>, rules: Rules, from: Square, to: Square) {
    let kinds: &[MoveKind] = if rules == Rules::Forty {
        &PROMOTIONS_FORTY
    } else {
        &PROMOTIONS
    };
    for &kind in kinds {
        out.push(ChessMove::new(from, to, kind));
    }
}

/// Appends the legal moves of `scope` to `out`.
#[inline(always)]
pub fn generate(pos: &Position, scope: Scope, out: &mut MoveList<ChessMove>) {
    generate_all_but_chess960_castling(pos, scope, out);
    if pos.rules().chess960() && scope == Scope::All && !pos.in_check() {
        generate_castling_960(pos, out);
    }
}

/// Every legal move but Chess960's castling, which [`generate`] adds after it (so the
/// generator of orthodox chess and its variants is left as it was).
fn generate_all_but_chess960_castling(pos: &Position, scope: Scope, out: &mut MoveList<ChessMove>) {
    let us = pos.side_to_move();
    let them = us.flip();
    if pos.decided().is_some() {
        return;
    }
    let Some(king) = pos.king_square(us) else {
        return;
    };
    let ours = pos.by_color(us);
    let theirs = pos.by_color(them);
    let occ = ours | theirs;
    let checkers = pos.checkers();
    let rules = pos.rules();
    if rules.has_zealots() {
        // Before the double-check cut: one explosion may remove both checkers.
        generate_self_destructs(pos, scope, us, king, out);
    }

    // King steps: the destination must not be attacked once the king has left its square
    // (a slider checking along the line must still see through it).
    let king_targets = king_attacks(king)
        & !ours
        & match scope {
            Scope::All => !0,
            Scope::Noisy => theirs,
        };
    let occ_without_king = occ ^ bit(king);
    for to in squares(king_targets) {
        if pos.attackers_to(to, them, occ_without_king) == 0 {
            out.push(ChessMove::new(king, to, MoveKind::Normal));
        }
    }
    if more_than_one(checkers) {
        return;
    }

    // Where non-king pieces may go: anywhere, or onto the single checker / the check line.
    let mut target = !ours;
    if checkers != 0 {
        target &= between(king, lsb(checkers)) | checkers;
    }
    let quiet_ok = scope == Scope::All;
    let piece_target = if quiet_ok { target } else { target & theirs };
    let pinned = pos.pinned(us, king);

    // Knights (a pinned knight never moves).
    for from in squares(pos.pieces(us, Role::Knight) & !pinned) {
        for to in squares(knight_attacks(from) & piece_target) {
            out.push(ChessMove::new(from, to, MoveKind::Normal));
        }
    }
    // Zealots step like kings, but may stand on attacked squares and may be pinned.
    for from in squares(pos.pieces(us, Role::Zealot)) {
        let mut dest = king_attacks(from) & piece_target;
        if pinned & bit(from) != 0 {
            dest &= line(king, from);
        }
        for to in squares(dest) {
            out.push(ChessMove::new(from, to, MoveKind::Normal));
        }
    }
    // Sliders, restricted to the pin line when pinned.
    let diag = pos.pieces(us, Role::Bishop) | pos.pieces(us, Role::Queen);
    let orth = pos.pieces(us, Role::Rook) | pos.pieces(us, Role::Queen);
    for from in squares(diag) {
        let mut dest = bishop_attacks(from, occ) & piece_target;
        if pinned & bit(from) != 0 {
            dest &= line(king, from);
        }
        for to in squares(dest) {
            out.push(ChessMove::new(from, to, MoveKind::Normal));
        }
    }
    for from in squares(orth) {
        let mut dest = rook_attacks(from, occ) & piece_target;
        if pinned & bit(from) != 0 {
            dest &= line(king, from);
        }
        for to in squares(dest) {
            out.push(ChessMove::new(from, to, MoveKind::Normal));
        }
    }

    generate_pawn_moves(pos, scope, us, king, target, pinned, out);

    if quiet_ok && checkers == 0 {
        generate_castling(pos, us, king, occ, out);
    }
}

fn generate_pawn_moves(
    pos: &Position,
    scope: Scope,
    us: Color,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    out: &mut MoveList<ChessMove>,
) {
    let them = us.flip();
    let theirs = pos.by_color(them);
    let occ = pos.occupied();
    let empty = !occ;
    let pawns = pos.pieces(us, Role::Pawn);
    let (last_rank, up, double_rank): (Bitboard, i8, Bitboard) = match us {
        Color::White => (RANK_8, 8, super::bitboard::RANK_4),
        Color::Black => (RANK_1, -8, super::bitboard::RANK_5),
    };
    let forward = |b: Bitboard| if up > 0 { b << 8 } else { b >> 8 };
    let back = |sq: Square| (sq as i8 - up) as Square;

    // Unpinned pawns in bulk.
    let free = pawns & !pinned;
    let single = forward(free) & empty;
    let double = forward(single) & empty & double_rank;
    let push_target = target & empty;
    let quiet_ok = scope == Scope::All;
    for to in squares(single & push_target) {
        let from = back(to);
        if bit(to) & last_rank != 0 {
            push_promotions(out, pos.rules(), from, to);
        } else if quiet_ok {
            out.push(ChessMove::new(from, to, MoveKind::Normal));
        }
    }
    if quiet_ok {
        for to in squares(double & push_target) {
            out.push(ChessMove::new(back(back(to)), to, MoveKind::Normal));
        }
    }
    for from in squares(free) {
        for to in squares(pawn_attacks(us, from) & theirs & target) {
            if bit(to) & last_rank != 0 {
                push_promotions(out, pos.rules(), from, to);
            } else {
                out.push(ChessMove::new(from, to, MoveKind::Normal));
            }
        }
    }

    // Pinned pawns, one at a time along their pin line.
    for from in squares(pawns & pinned) {
        let pin_line = line(king, from);
        let one = forward(bit(from)) & empty;
        let two = forward(one) & empty & double_rank;
        for to in squares((one | two) & push_target & pin_line) {
            if bit(to) & last_rank != 0 {
                push_promotions(out, pos.rules(), from, to);
            } else if quiet_ok {
                out.push(ChessMove::new(from, to, MoveKind::Normal));
            }
        }
        for to in squares(pawn_attacks(us, from) & theirs & target & pin_line) {
            if bit(to) & last_rank != 0 {
                push_promotions(out, pos.rules(), from, to);
            } else {
                out.push(ChessMove::new(from, to, MoveKind::Normal));
            }
        }
    }

    let ep = pos.en_passant().unwrap_or(NO_SQUARE);
    if pos.rules().sliding_pawns() {
        generate_slides(pos, scope, us, king, target, pinned, ep, out);
    }

    // En passant: tested in full, since it removes two pawns from one rank at once.
    if ep != NO_SQUARE {
        let victim = back(ep);
        for from in squares(pawn_attacks(them, ep) & pawns) {
            let after = (occ ^ bit(from) ^ bit(victim)) | bit(ep);
            let attackers = pos.attackers_to(king, them, after) & !bit(victim);
            if attackers == 0 {
                out.push(ChessMove::new(from, ep, MoveKind::EnPassant));
            }
        }
    }
}

/// Capture the Scepter: a pawn whose way forward is blocked by an enemy piece may step
/// diagonally forward onto an empty square. Not a capture, not an attack; where an en-passant
/// capture lands on the same square, only the capture exists.
#[allow(clippy::too_many_arguments)]
fn generate_slides(
    pos: &Position,
    scope: Scope,
    us: Color,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    ep: Square,
    out: &mut MoveList<ChessMove>,
) {
    let theirs = pos.by_color(us.flip());
    let empty = !pos.occupied();
    let last_rank = if us == Color::White { RANK_8 } else { RANK_1 };
    let pawns = pos.pieces(us, Role::Pawn);
    let blocked = match us {
        Color::White => pawns & (theirs >> 8),
        Color::Black => pawns & (theirs << 8),
    };
    for from in squares(blocked) {
        let mut dest = pawn_attacks(us, from) & empty & target;
        if ep != NO_SQUARE && pawn_attacks(us, from) & bit(ep) != 0 {
            dest &= !bit(ep);
        }
        if pinned & bit(from) != 0 {
            dest &= line(king, from);
        }
        for to in squares(dest) {
            if bit(to) & last_rank != 0 {
                push_promotions(out, pos.rules(), from, to);
            } else if scope == Scope::All {
                out.push(ChessMove::new(from, to, MoveKind::Normal));
            }
        }
    }
}

/// Chess 40k: a zealot removes itself and every piece next to it. Illegal when the blast takes
/// the mover's own king or leaves it attacked. Noisy when it takes at least one enemy piece.
fn generate_self_destructs(
    pos: &Position,
    scope: Scope,
    us: Color,
    king: Square,
    out: &mut MoveList<ChessMove>,
) {
    let them = us.flip();
    let occ = pos.occupied();
    // A blast can only expose the king by removing the first piece on one of its lines; one
    // that touches none of the squares the king sees, outside check, is legal outright.
    let king_lines = queen_attacks(king, occ);
    let in_check = pos.in_check();
    for z in squares(pos.pieces(us, Role::Zealot)) {
        let blast = (king_attacks(z) | bit(z)) & occ;
        if blast & bit(king) != 0 {
            continue;
        }
        if scope == Scope::Noisy && blast & pos.by_color(them) == 0 {
            continue;
        }
        let safe = (!in_check && blast & king_lines == 0)
            || pos.attackers_to(king, them, occ & !blast) & !blast == 0;
        if safe {
            out.push(ChessMove::new(z, z, MoveKind::Normal));
        }
    }
}

fn generate_castling(
    pos: &Position,
    us: Color,
    king: Square,
    occ: Bitboard,
    out: &mut MoveList<ChessMove>,
) {
    // None under Chess960, whose castling generate_castling_960 makes.
    let rights = pos.castling_rights() & pos.orthodox_castling;
    let them = us.flip();
    // (right, king destination, squares that must be empty, squares the king crosses)
    let options: [(u8, Square, Bitboard, [Square; 2]); 2] = match us {
        Color::White => [
            (WHITE_OO, 6, bit(5) | bit(6), [5, 6]),
            (WHITE_OOO, 2, bit(1) | bit(2) | bit(3), [3, 2]),
        ],
        Color::Black => [
            (BLACK_OO, 62, bit(61) | bit(62), [61, 62]),
            (BLACK_OOO, 58, bit(57) | bit(58) | bit(59), [59, 58]),
        ],
    };
    for (right, to, must_be_empty, crossed) in options {
        if rights & right == 0 || occ & must_be_empty != 0 {
            continue;
        }
        if crossed
            .iter()
            .all(|&sq| pos.attackers_to(sq, them, occ) == 0)
        {
            out.push(ChessMove::new(king, to, MoveKind::Castle));
        }
    }
}

/// Chess960 castling, written king-takes-rook (`to` is the rook's square). The king ends on the
/// g- or c-file and the rook on the f- or d-file; every square either crosses or lands on must
/// be empty but for the two of them, and no square of the king's way (its own and its
/// destination included) may be attacked once the two have left their squares (so a rook that
/// shielded the king's destination does not count).
#[cold]
#[inline(never)]
fn generate_castling_960(pos: &Position, out: &mut MoveList<ChessMove>) {
    let us = pos.side_to_move();
    let them = us.flip();
    let (Some(king), None) = (pos.king_square(us), pos.decided()) else {
        return;
    };
    let occ = pos.occupied();
    let rights = pos.castling_rights()
        & match us {
            Color::White => WHITE_OO | WHITE_OOO,
            Color::Black => BLACK_OO | BLACK_OOO,
        };
    for right in [WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO] {
        if rights & right == 0 {
            continue;
        }
        let rook = pos.castle_rook(right);
        let (king_to, rook_to) = super::position::castle960_destinations(king, rook);
        let rest = occ ^ bit(king) ^ bit(rook);
        let king_way = between(king, king_to) | bit(king_to) | bit(king);
        let rook_way = between(rook, rook_to) | bit(rook_to);
        if (king_way | rook_way) & rest != 0 {
            continue;
        }
        if squares(king_way).all(|sq| pos.attackers_to(sq, them, rest) == 0) {
            out.push(ChessMove::new(king, rook, MoveKind::Castle));
        }
    }
}

/// Does the side to move attack `sq`? (Used by evaluation and the protocol's board display.)
pub fn attacked_by(pos: &Position, sq: Square, by: Color) -> bool {
    pos.attackers_to(sq, by, pos.occupied()) != 0
}

/// All squares attacked by `by` (for evaluation).
pub fn attack_map(pos: &Position, by: Color) -> Bitboard {
    let occ = pos.occupied();
    let mut a = 0;
    for sq in squares(pos.pieces(by, Role::Pawn)) {
        a |= pawn_attacks(by, sq);
    }
    for sq in squares(pos.pieces(by, Role::Knight)) {
        a |= knight_attacks(sq);
    }
    for sq in squares(pos.pieces(by, Role::Bishop)) {
        a |= bishop_attacks(sq, occ);
    }
    for sq in squares(pos.pieces(by, Role::Rook)) {
        a |= rook_attacks(sq, occ);
    }
    for sq in squares(pos.pieces(by, Role::Queen)) {
        a |= queen_attacks(sq, occ);
    }
    for sq in squares(pos.pieces(by, Role::King) | pos.pieces(by, Role::Zealot)) {
        a |= king_attacks(sq);
    }
    a
}
