//! Legal tafl moves: every piece slides like a rook over empty squares; only the king may stop
//! on the throne or a gate; any piece may pass over the empty throne.

use super::board::{is_gate, is_restricted, Square, GATES, RAYS, SQUARES, THRONE};
use super::position::{Cell, TaflMove, TaflPosition};
use crate::core::{MoveList, Scope};

/// Appends the moves of `scope`: all, or the noisy ones (captures and the king's step onto a gate).
pub fn generate(pos: &TaflPosition, scope: Scope, out: &mut MoveList<TaflMove>) {
    if pos.winner().is_some() {
        return;
    }
    let side = pos.side_to_move();
    for from in 0..SQUARES as Square {
        let c = pos.cell(from);
        if !side.owns(c) {
            continue;
        }
        let is_king = c == Cell::King;
        for ray in &RAYS[from as usize] {
            for &to in &ray.squares[..ray.len as usize] {
                if pos.cell(to) != Cell::Empty {
                    break;
                }
                if !is_king && is_restricted(to) {
                    // The empty throne may be crossed, a gate is a corner: nothing lies beyond.
                    if to == THRONE {
                        continue;
                    }
                    break;
                }
                let m = TaflMove::new(from, to);
                let keep = match scope {
                    Scope::All => true,
                    Scope::Noisy => (is_king && is_gate(to)) || pos.capture_count(m) > 0,
                };
                if keep {
                    out.push(m);
                }
            }
        }
    }
}

/// The gates reachable from `from` along open lines, as a bit set (bit i = `GATES[i]`).
pub fn gates_open_from(pos: &TaflPosition, from: Square) -> u32 {
    let mut set = 0;
    for ray in &RAYS[from as usize] {
        for &to in &ray.squares[..ray.len as usize] {
            if pos.cell(to) != Cell::Empty {
                break;
            }
            if let Some(i) = GATES.iter().position(|&g| g == to) {
                set |= 1 << i;
            }
        }
    }
    set
}

/// Gates the king could reach this move along an open line (the defenders' immediate threat).
pub fn open_gate_lines(pos: &TaflPosition) -> u32 {
    pos.king_square()
        .map_or(0, |king| gates_open_from(pos, king).count_ones())
}
