//! Legal tafl moves: every piece slides like a rook over empty squares; the rule set says who
//! may stop on or pass over the corners and the throne.

use super::board::{step, Cell, Square, CELLS, MAX_SIZE, NO_SQUARE};
use super::position::{TaflMove, TaflPosition};
use super::rules::{kind, KING, SPECIAL};
use crate::core::{MoveList, Scope};

/// Appends the moves of `scope`: all, or the noisy ones (captures and the king's escapes).
pub fn generate(pos: &TaflPosition, scope: Scope, out: &mut MoveList<TaflMove>) {
    if pos.winner().is_some() {
        return;
    }
    match scope {
        Scope::All => generate_scope::<true>(pos, out),
        Scope::Noisy => generate_scope::<false>(pos, out),
    }
}

/// The generator for one scope, so that the full one tests nothing per move.
#[inline(always)]
fn generate_scope<const ALL: bool>(pos: &TaflPosition, out: &mut MoveList<TaflMove>) {
    let rules = pos.rules();
    let side = pos.side_to_move();
    for &from in &rules.squares {
        let c = pos.cell(from);
        if !side.owns(c) {
            continue;
        }
        let k = kind(c);
        for d in 0..4 {
            let mut to = from;
            loop {
                to = step(to, d);
                if pos.cell(to) != Cell::Empty {
                    break;
                }
                if rules.flags(to) & SPECIAL != 0 {
                    let stop = rules.may_stop(k, from, to);
                    if stop {
                        push::<ALL>(pos, k, TaflMove::new(from, to), out);
                    }
                    if !rules.may_pass(k, from, to) {
                        break;
                    }
                    continue;
                }
                push::<ALL>(pos, k, TaflMove::new(from, to), out);
            }
        }
    }
}

#[inline(always)]
fn push<const ALL: bool>(pos: &TaflPosition, k: u8, m: TaflMove, out: &mut MoveList<TaflMove>) {
    if ALL || (k == KING && pos.rules().escapes(m.to())) || pos.capture_count(m) > 0 {
        out.push(m);
    }
}

/// Appends the king's forks that are not already noisy (no escape, no capture): moves after
/// which two gates stand open, of which the attackers can shut only one. The quiescence search
/// plays them near its horizon ([`crate::core::SearchHints::quiet_threats`]), so that an escape
/// race two moves deep is searched rather than guessed by the evaluator (the series' lost
/// games, engine-tests/results/tafl-peers/, were such forks).
pub fn king_forks(pos: &TaflPosition, out: &mut MoveList<TaflMove>) {
    if pos.winner().is_some() || pos.side_to_move() != super::position::Side::Defenders {
        return;
    }
    let Some(king) = pos.king_square() else {
        return;
    };
    let rules = pos.rules();
    for d in 0..4 {
        let mut to = king;
        loop {
            to = step(to, d);
            if pos.cell(to) != Cell::Empty {
                break;
            }
            let special = rules.flags(to) & SPECIAL != 0;
            if !special || rules.may_stop(KING, king, to) {
                let m = TaflMove::new(king, to);
                if !rules.escapes(to) && pos.capture_count(m) == 0 && is_king_fork(pos, m) {
                    out.push(m);
                }
            }
            if special && !rules.may_pass(KING, king, to) {
                break;
            }
        }
    }
}

/// Does the king's move `m` open two gates at once? The attackers can then block only one.
#[inline]
pub fn is_king_fork(pos: &TaflPosition, m: TaflMove) -> bool {
    escapes_open_from_ignoring(pos, m.to(), m.from()).count_ones() >= 2
}

/// The escape squares the king standing on `from` (or a king placed there) reaches along open
/// lines, as a bit set: bit i for the i-th corner, or with edge escape bit d for the edge in
/// direction d.
pub fn escapes_open_from(pos: &TaflPosition, from: Square) -> u32 {
    escapes_open_from_ignoring(pos, from, NO_SQUARE)
}

/// As [`escapes_open_from`], with the square `ignore` taken as empty (the king's own square
/// when asking where he could go next).
#[inline]
pub fn escapes_open_from_ignoring(pos: &TaflPosition, from: Square, ignore: Square) -> u32 {
    let rules = pos.rules();
    let mut set = 0;
    for d in 0..4 {
        let mut to = from;
        loop {
            to = step(to, d);
            if pos.cell(to) != Cell::Empty && to != ignore {
                break;
            }
            if rules.flags(to) & SPECIAL != 0 {
                if rules.escapes(to) && rules.may_stop(KING, from, to) {
                    set |= escape_bit(pos, to, d);
                }
                if !rules.may_pass(KING, from, to) {
                    break;
                }
            } else if rules.escapes(to) {
                set |= escape_bit(pos, to, d);
            }
        }
    }
    set
}

#[inline]
fn escape_bit(pos: &TaflPosition, to: Square, d: usize) -> u32 {
    match pos.rules().escape {
        super::rules::Escape::Corner => pos
            .rules()
            .corners
            .iter()
            .position(|&c| c == to)
            .map_or(0, |i| 1 << (i % 32)),
        super::rules::Escape::Edge => 1 << d,
    }
}

/// The attackers' moves that can answer the king's open lines to the gates: a move onto one
/// of those lines (a block) or beside the king (the only squares from which he can be taken).
/// Any other move lets him escape at once, so quiescence searches these alone (the lost
/// Copenhagen games' searches stalled at depth 3 answering every such threat with every move,
/// docs/results/sprt-log.md#tafl). Every move if there is none of them.
pub fn escape_answers(pos: &TaflPosition, out: &mut MoveList<TaflMove>) {
    let mut all = MoveList::new();
    generate(pos, Scope::All, &mut all);
    let Some(king) = pos.king_square() else {
        all.iter().for_each(|&m| out.push(m));
        return;
    };
    let rules = pos.rules();
    let mut wanted = [false; CELLS];
    for d in 0..4 {
        wanted[step(king, d) as usize] = true;
        // The line's squares, kept only if it reaches a gate.
        let mut line = [NO_SQUARE; MAX_SIZE as usize];
        let mut len = 0;
        let mut to = king;
        loop {
            to = step(to, d);
            if pos.cell(to) != Cell::Empty {
                break;
            }
            if len < line.len() {
                line[len] = to;
                len += 1;
            }
            let special = rules.flags(to) & SPECIAL != 0;
            if rules.escapes(to) && (!special || rules.may_stop(KING, king, to)) {
                line[..len]
                    .iter()
                    .for_each(|&sq| wanted[sq as usize] = true);
                break;
            }
            if special && !rules.may_pass(KING, king, to) {
                break;
            }
        }
    }
    let before = out.len();
    for &m in all.iter().filter(|m| wanted[m.to() as usize]) {
        out.push(m);
    }
    if out.len() == before {
        all.iter().for_each(|&m| out.push(m));
    }
}

/// Escape lines the king has this move (the defenders' immediate threat).
pub fn open_escape_lines(pos: &TaflPosition) -> u32 {
    pos.king_square()
        .map_or(0, |king| escapes_open_from(pos, king).count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tafl::board::square;

    #[test]
    fn the_kings_forks_are_his_moves_that_open_two_gates() {
        // A lone king on c4: c1, a4, k4 and c11 each open two corners; c5 opens none.
        let pos = TaflPosition::from_text("11/11/11/11/11/11/11/2k8/11/11/11 d").expect("valid");
        let c4 = square(2, 3);
        let fork = |to| is_king_fork(&pos, TaflMove::new(c4, to));
        assert!(fork(square(2, 0)) && fork(square(0, 3)) && fork(square(10, 3)));
        assert!(fork(square(2, 10)));
        assert!(!fork(square(2, 4)) && !fork(square(1, 3)));
        let mut forks = MoveList::new();
        king_forks(&pos, &mut forks);
        assert_eq!(forks.len(), 4);
        // They are not noisy moves: quiescence asks for them apart, near its horizon only.
        let mut noisy = MoveList::new();
        generate(&pos, Scope::Noisy, &mut noisy);
        assert!(noisy.is_empty());
        // The attackers have no forks to play.
        let theirs = TaflPosition::from_text("11/11/11/11/11/11/11/2k8/11/11/11 a").expect("valid");
        let mut none = MoveList::new();
        king_forks(&theirs, &mut none);
        assert!(none.is_empty());
    }

    #[test]
    fn the_answers_to_an_open_line_block_it_or_step_beside_the_king() {
        // The king on a5 sees a1 and a11; attackers on b9 and k4.
        let pos = TaflPosition::from_text("11/11/1a9/11/11/11/k10/10a/11/11/11 a").expect("valid");
        let mut answers = MoveList::new();
        escape_answers(&pos, &mut answers);
        let mut texts: Vec<String> = answers.iter().map(|m| m.text()).collect();
        texts.sort();
        assert_eq!(texts, ["b9a9", "b9b5", "k4a4"]);
        // With no block and no square beside the king in reach, every move is kept.
        let far = TaflPosition::from_text("11/11/11/11/11/11/k10/11/11/11/2a8 a").expect("valid");
        let (mut kept, mut all) = (MoveList::new(), MoveList::new());
        escape_answers(&far, &mut kept);
        generate(&far, Scope::All, &mut all);
        assert_eq!(kept.len(), all.len());
    }
}
