//! Static exchange evaluation: the material outcome of the capture sequence on one square,
//! each side recapturing with its least valuable attacker and free to stop.

use super::attacks::{bishop_attacks, rook_attacks};
use super::bitboard::{bit, lsb, Bitboard};
use super::moves::{ChessMove, MoveKind};
use super::position::Position;
use super::types::Role;
use crate::core::Score;

/// Piece values for exchange evaluation and move ordering (centipawns).
pub const SEE_VALUES: [Score; 7] = [100, 320, 330, 500, 950, 20_000, 400];

/// Attackers are tried cheapest first.
const BY_VALUE: [Role; 7] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Zealot,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Material a self-destruct on `sq` wins: enemy pieces in the blast minus our own (the zealot
/// included). A blown-up enemy king counts as the game.
pub fn explosion_gain(pos: &Position, sq: super::types::Square) -> Score {
    let Some(zealot) = pos.piece_at(sq) else {
        return 0;
    };
    let us = zealot.color();
    let blast = (super::attacks::king_attacks(sq) | bit(sq)) & pos.occupied();
    let mut gain = 0;
    for s in super::bitboard::squares(blast) {
        if let Some(p) = pos.piece_at(s) {
            let v = SEE_VALUES[p.role().index()];
            gain += if p.color() == us { -v } else { v };
        }
    }
    gain
}

/// Does `m` gain at least `threshold` once all exchanges on its square are played out?
pub fn see_at_least(pos: &Position, m: ChessMove, threshold: Score) -> bool {
    if m.from() == m.to() {
        return explosion_gain(pos, m.from()) >= threshold;
    }
    if m.kind() != MoveKind::Normal {
        return threshold <= 0 || m.promotion().is_some();
    }
    let (from, to) = (m.from(), m.to());
    let mut swap = pos.piece_at(to).map_or(0, |p| SEE_VALUES[p.role().index()]) - threshold;
    if swap < 0 {
        return false;
    }
    let Some(mover) = pos.piece_at(from) else {
        return false;
    };
    swap = SEE_VALUES[mover.role().index()] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied() ^ bit(from) ^ bit(to);
    let mut side = mover.color();
    let mut attackers = attackers_both(pos, to, occ);
    let diag = pos.by_role(Role::Bishop) | pos.by_role(Role::Queen);
    let orth = pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    let mut result = true;
    loop {
        side = side.flip();
        attackers &= occ;
        let mine = attackers & pos.by_color(side);
        if mine == 0 {
            break;
        }
        result = !result;
        // Least valuable attacker.
        let mut chosen: Option<(Role, Bitboard)> = None;
        for role in BY_VALUE {
            let b = mine & pos.by_role(role);
            if b != 0 {
                chosen = Some((role, b));
                break;
            }
        }
        let Some((role, b)) = chosen else { break };
        if role == Role::King {
            // The king may take only if the other side has nothing left to recapture.
            return if attackers & pos.by_color(side.flip()) & occ != 0 {
                !result
            } else {
                result
            };
        }
        swap = SEE_VALUES[role.index()] - swap;
        if swap < result as Score {
            break;
        }
        occ ^= bit(lsb(b));
        // Sliders behind the piece that just took join in (x-rays).
        attackers |= (bishop_attacks(to, occ) & diag) | (rook_attacks(to, occ) & orth);
    }
    result
}

fn attackers_both(pos: &Position, sq: super::types::Square, occ: Bitboard) -> Bitboard {
    pos.attackers_to(sq, super::types::Color::White, occ)
        | pos.attackers_to(sq, super::types::Color::Black, occ)
}
