//! Whether a node is "improving": compared with its own seat's last node of the path, which with
//! two seats is two plies up and with three or four is found by seat (`SearchStack::improving`).

use super::stack::SearchStack;
use crate::core::{Score, Seat};

/// A stack whose plies from the root hold these (mover, static evaluation) entries, as the
/// search records them on its way down.
fn path(entries: &[(Seat, Score)]) -> SearchStack<u32> {
    let mut stack = SearchStack::new();
    for (ply, &(mover, eval)) in entries.iter().enumerate() {
        stack[ply].mover = mover;
        stack[ply].static_eval = eval;
    }
    stack
}

/// Four seats in a paranoid search, seat 0 the root: the root's scores are its own, the
/// coalition's the negated root's. Two plies up is always the other side's node.
#[test]
fn with_four_seats_a_node_compares_with_its_own_seat_four_plies_up() {
    let stack = path(&[(0, 100), (1, -100), (2, -120), (3, -130), (0, 50), (1, -50)]);
    // The root player fell from 100 to 50: not improving, though 50 beats ply 2's -120.
    assert!(!stack.improving(4, 0, 4, 50));
    // Seat 2 rose from -120 to -110: improving, though -110 is below ply 4's 50.
    assert!(stack.improving(6, 2, 4, -110));
    // Seat 3 fell from -130 to -140.
    assert!(!stack.improving(7, 3, 4, -140));
}

#[test]
fn with_three_seats_a_node_compares_three_plies_up() {
    let stack = path(&[(0, 30), (1, -30), (2, -40), (0, 20)]);
    assert!(!stack.improving(3, 0, 3, 25));
    assert!(stack.improving(3, 0, 3, 35));
    assert!(stack.improving(4, 1, 3, -25));
    assert!(!stack.improving(4, 1, 3, -35));
}

/// A seat out (withdrawn or taken): three in of four, so the mover's last node is three plies
/// up, found by its seat, not four.
#[test]
fn a_seat_out_shortens_the_way_back_to_the_movers_last_node() {
    // Seat 2 is out: the turn goes 0, 1, 3, 0, ...
    let stack = path(&[(0, 60), (1, -60), (3, -70)]);
    assert!(!stack.improving(3, 0, 4, 40));
    assert!(stack.improving(3, 0, 4, 80));
}

/// Near the root a seat may have no node of its own above: not improving.
#[test]
fn a_seat_with_no_node_above_is_not_improving() {
    let stack = path(&[(0, -500), (1, 500)]);
    assert!(!stack.improving(2, 2, 4, 1000));
    assert!(!stack.improving(1, 1, 4, 1000));
}

/// Two seats: exactly two plies up, whatever the entries' movers say (the root's entry keeps
/// the 0 it was made with).
#[test]
fn with_two_seats_a_node_compares_two_plies_up() {
    let stack = path(&[(0, 0), (1, 10), (0, 20)]);
    assert!(stack.improving(2, 0, 2, 1));
    assert!(!stack.improving(2, 0, 2, 0));
    assert!(stack.improving(3, 1, 2, 11));
    assert!(!stack.improving(3, 1, 2, 10));
    assert!(!stack.improving(1, 1, 2, 1000));
    // Movers recorded wrongly do not matter with two seats.
    let odd = path(&[(1, 0), (1, 10), (1, 20)]);
    assert!(odd.improving(2, 0, 2, 1));
}
