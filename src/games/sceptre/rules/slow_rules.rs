//! The rules the slow, obvious way, to check the fast generator against (tests only): attacks
//! found by walking out of the attacked square step by step through the neighbour table,
//! legality by making each pseudo-legal move and looking at the king, placements by putting
//! the piece down and generating its moves (the first version's code). Random playouts on
//! every shipped layout and from every reference position must give the same moves in the
//! same order, the same attacks and the same check runs.

use super::attacks::{access, forward_diagonals, pawn_may_capture_onto, Access};
use super::moves::SceptreMove;
use super::position::SceptrePosition;
use crate::core::MoveList;
use crate::games::sceptre::field::layout::{Layout, SHIPPED_LAYOUTS};
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::{Direction, Square};
use crate::games::sceptre::test_support::{reference_positions, Rng};

/// Whether a piece whose owner satisfies `attacker` could capture on `target`.
fn attacked_slowly(
    pos: &SceptrePosition,
    target: Square,
    attacker: impl Fn(PlayerColour) -> bool,
) -> bool {
    let field = &**pos.field();
    let Some(terrain) = field.terrain(target) else {
        return false;
    };
    let hostile = |sq: Square, kind: PieceKind| -> bool {
        pos.piece(sq)
            .is_some_and(|p| p.kind == kind && attacker(p.owner))
    };
    if access(PieceKind::Knight, terrain) != Access::Prohibited
        && field
            .knight_targets(target)
            .iter()
            .any(|&s| hostile(s, PieceKind::Knight))
    {
        return true;
    }
    let king_may_enter = access(PieceKind::King, terrain) != Access::Prohibited;
    for d in Direction::ALL {
        let Some(first) = field.neighbour(target, d) else {
            continue;
        };
        if let Some(p) = pos.piece(first) {
            if attacker(p.owner) {
                match p.kind {
                    PieceKind::King if king_may_enter => return true,
                    PieceKind::Pawn if d.is_diagonal() => {
                        let fwd = pos.forward_of(p.colour);
                        if forward_diagonals(fwd).contains(&d.opposite())
                            && pawn_may_capture_onto(field.terrain(first), Some(terrain))
                        {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut distance = 1;
        let mut sq = first;
        while pos.piece(sq).is_none() {
            match field.neighbour(sq, d) {
                Some(next) => {
                    sq = next;
                    distance += 1;
                }
                None => break,
            }
        }
        let Some(p) = pos.piece(sq) else {
            continue;
        };
        let slides = match p.kind {
            PieceKind::Queen => true,
            PieceKind::Rook => !d.is_diagonal(),
            PieceKind::Bishop => d.is_diagonal(),
            _ => false,
        };
        if !slides || !attacker(p.owner) {
            continue;
        }
        let onto = access(p.kind, terrain);
        if onto == Access::Prohibited || (onto == Access::Limited && distance > 1) {
            continue;
        }
        let mut between = first;
        let mut clear = true;
        while between != sq {
            if field
                .terrain(between)
                .is_none_or(|t| access(p.kind, t) != Access::Open)
            {
                clear = false;
                break;
            }
            between = field.neighbour(between, d).unwrap_or(sq);
        }
        if clear {
            return true;
        }
    }
    false
}

fn king_of(pos: &SceptrePosition, colour: PlayerColour) -> Option<Square> {
    pos.pieces()
        .find(|(_, p)| p.kind == PieceKind::King && p.owner == colour)
        .map(|(sq, _)| sq)
}

fn pseudo_moves(pos: &SceptrePosition, kings: Option<bool>) -> Vec<SceptreMove> {
    let mut out = Vec::new();
    for (sq, p) in pos.pieces() {
        if p.owner == pos.to_move() && kings.is_none_or(|k| k == (p.kind == PieceKind::King)) {
            pos.piece_moves(sq, p, &mut out);
        }
    }
    out
}

fn placements_slowly(pos: &SceptrePosition) -> Vec<SceptreMove> {
    let mover = pos.to_move();
    let mut out = Vec::new();
    let Some(counts) = pos.set_up(mover) else {
        return out;
    };
    let field = pos.field().clone();
    let own_bishop_colours: Vec<_> = pos
        .pieces()
        .filter(|(_, p)| p.kind == PieceKind::Bishop && p.owner == mover)
        .filter_map(|(sq, _)| field.colour(sq))
        .collect();
    let mut board = pos.clone();
    for kind in PieceKind::ALL {
        if counts[kind.index()] == 0 {
            continue;
        }
        let piece = Piece::new(kind, mover);
        for &sq in field.squares() {
            let (Some(c), Some(t)) = (field.coord(sq), field.terrain(sq)) else {
                continue;
            };
            if pos.piece(sq).is_some() || !pos.kingdoms().contains(mover, c) {
                continue;
            }
            if !kind.may_stand_on(t)
                || (kind == PieceKind::Bishop
                    && field
                        .colour(sq)
                        .is_some_and(|col| own_bishop_colours.contains(&col)))
            {
                continue;
            }
            board.board[sq as usize] = Some(piece);
            let mut targets = Vec::new();
            board.piece_moves(sq, piece, &mut targets);
            let attacks_king = targets.iter().any(|m| {
                board
                    .piece(m.to())
                    .is_some_and(|p| p.kind == PieceKind::King && p.owner != mover)
            });
            let ok = !attacks_king
                && (kind != PieceKind::King || !attacked_slowly(&board, sq, |o| o != mover));
            board.board[sq as usize] = None;
            if ok {
                out.push(SceptreMove::placement(kind, sq));
            }
        }
    }
    out
}

/// The legal moves: pseudo-legal moves made one by one on a copy.
fn legal_moves_slowly(pos: &SceptrePosition) -> Vec<SceptreMove> {
    let playing = pos.playing_count();
    if playing < 2 {
        return Vec::new();
    }
    if pos.in_set_up() {
        return placements_slowly(pos);
    }
    let mover = pos.to_move();
    let mut scratch = pos.clone();
    let mut moves = pseudo_moves(pos, None);
    moves.retain(|&m| {
        let undo = scratch.make_unchecked(m);
        let king = king_of(&scratch, mover);
        let safe = king
            .is_none_or(|k| !attacked_slowly(&scratch, k, |o| o != mover && scratch.is_playing(o)));
        scratch.unmake(m, undo);
        safe
    });
    let in_check = king_of(pos, mover)
        .is_some_and(|k| attacked_slowly(pos, k, |o| o != mover && pos.is_playing(o)));
    if moves.is_empty() && playing >= 3 && in_check {
        moves = pseudo_moves(pos, Some(false));
        if moves.is_empty() {
            moves = pseudo_moves(pos, Some(true));
        }
    }
    moves
}

fn gives_check_slowly(pos: &SceptrePosition, mover: PlayerColour) -> bool {
    pos.colours().any(|c| {
        c != mover
            && pos.is_playing(c)
            && king_of(pos, c).is_some_and(|k| attacked_slowly(pos, k, |o| o == mover))
    })
}

/// Everything the fast code says about `pos` equals the slow code.
fn compare(pos: &SceptrePosition, rng: &mut Rng) -> Vec<SceptreMove> {
    let slow = legal_moves_slowly(pos);
    let mut list = MoveList::new();
    pos.generate_legal(false, &mut list);
    assert_eq!(list.as_slice(), &slow[..], "{pos}");
    let mut noisy = MoveList::new();
    pos.generate_legal(true, &mut noisy);
    let expected: Vec<SceptreMove> = slow.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
    assert_eq!(noisy.as_slice(), &expected[..], "{pos}");
    for colour in PlayerColour::ALL {
        assert_eq!(pos.king_square(colour), king_of(pos, colour), "{pos}");
    }
    let squares = pos.field().squares();
    for _ in 0..8 {
        let sq = squares[rng.below(squares.len())];
        let mask = rng.below(16) as u8;
        let attacker = |c: PlayerColour| mask & (1 << c.index()) != 0;
        assert_eq!(
            pos.attacked_by(sq, attacker),
            attacked_slowly(pos, sq, attacker),
            "{pos} {} by {mask:b}",
            pos.field().square_name(sq)
        );
    }
    slow
}

fn playout(mut pos: SceptrePosition, rng: &mut Rng, plies: usize) -> usize {
    let mut made = 0;
    for _ in 0..plies {
        let moves = compare(&pos, rng);
        if moves.is_empty() {
            if pos.in_set_up() || pos.playing_count() < 3 {
                break;
            }
            pos.withdraw();
            continue;
        }
        // Captures half the time, for eliminations, checks and mates.
        let noisy: Vec<SceptreMove> = moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
        let m = if !noisy.is_empty() && rng.below(2) == 0 {
            noisy[rng.below(noisy.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let mover = pos.to_move();
        pos.make(m);
        if !m.is_placement() {
            let run = pos.check_run(mover);
            assert_eq!(
                run > 0,
                gives_check_slowly(&pos, mover),
                "{pos} after {m:?}"
            );
        }
        made += 1;
    }
    made
}

#[test]
fn the_fast_rules_equal_the_slow_ones_over_random_playouts() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut plies = 0;
    for line in reference_positions() {
        let start = SceptrePosition::from_text(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        for _ in 0..10 {
            plies += playout(start.clone(), &mut rng, 80);
        }
    }
    for shipped in SHIPPED_LAYOUTS {
        let layout = Layout::load(shipped.name).unwrap();
        for &players in layout.players() {
            let start = SceptrePosition::start(&layout, players).unwrap();
            for _ in 0..6 {
                plies += playout(start.clone(), &mut rng, 64 + 300);
            }
        }
    }
    assert!(plies > 30_000, "{plies} plies");
}
