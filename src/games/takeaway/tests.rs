use super::error::TakeawayError;
use super::{TakeawayEval, TakeawayMove, TakeawayPosition};
use crate::core::{
    Evaluator, GameMove, MoveList, MoveTextError, NoMoves, Outcome, Rules, Scope, SearchHints,
    SeatSet,
};
use std::collections::HashMap;

fn pos(text: &str) -> TakeawayPosition {
    TakeawayPosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &TakeawayPosition) -> Vec<TakeawayMove> {
    let mut list = MoveList::new();
    p.generate(Scope::All, &mut list);
    list.iter().copied().collect()
}

fn play(p: &mut TakeawayPosition, text: &str) {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{e} in {}", p.to_text()));
    p.make(m);
}

fn set(seats: &[u8]) -> SeatSet {
    seats.iter().fold(SeatSet::EMPTY, |s, &x| s.with(x))
}

#[test]
fn position_strings_round_trip() {
    for text in [
        "543/000/aaa/0/0/9",
        "54/00/aa/1/0/9",
        "9999/0000/aaaa/0/0/9",
        "1/221/aaa/2/3/9",
        "000/330/aae/0/3/9",
        "30/2120/waea/1/3/2",
        "0102/5600/aaee/1/5/6",
        "0/90/ae/0/3/9",
    ] {
        let p = pos(text);
        assert_eq!(p.to_text(), text);
        assert_eq!(p.position_text(), text);
    }
    assert_eq!(TakeawayPosition::start(3).to_text(), "543/000/aaa/0/0/9");
    assert_eq!(TakeawayPosition::start(2).to_text(), "543/00/aa/0/0/9");
    assert_eq!(TakeawayPosition::start(4).to_text(), "543/0000/aaaa/0/0/9");
}

#[test]
fn bad_position_strings_name_the_field() {
    use TakeawayError::*;
    type Expect = fn(&TakeawayError) -> bool;
    let cases: [(&str, Expect); 18] = [
        ("543/000/aaa/0/0", |e| matches!(e, Fields(5))),
        ("543/000/aaa/0/0/9/1", |e| matches!(e, Fields(7))),
        ("/000/aaa/0/0/9", |e| matches!(e, Heaps(_))),
        ("54321/000/aaa/0/0/9", |e| matches!(e, Heaps(_))),
        ("5x3/000/aaa/0/0/9", |e| matches!(e, Heaps(_))),
        ("543/0/a/0/0/9", |e| matches!(e, Scores(_))),
        ("543/00000/aaaaa/0/0/9", |e| matches!(e, Scores(_))),
        ("543/000/aa/0/0/9", |e| matches!(e, States(_))),
        ("543/000/aax/0/0/9", |e| matches!(e, States(_))),
        ("543/000/aaa/3/0/9", |e| matches!(e, Turn(_))),
        ("543/000/aaa/01/0/9", |e| matches!(e, Turn(_))),
        ("543/000/aaa/0/+0/9", |e| matches!(e, Moves(_))),
        ("543/000/aaa/0/1000/9", |e| matches!(e, Moves(_))),
        ("543/000/aaa/0/0/0", |e| matches!(e, Cap(_))),
        ("543/000/ae/1/0/9", |e| matches!(e, States(_))),
        ("503/010/aea/1/1/9", |e| matches!(e, TurnInactive(1))),
        ("543/500/aaa/0/2/4", |e| {
            matches!(e, ScoreAboveCap { seat: 0, .. })
        }),
        // Two moves take at most six tokens.
        ("543/700/aaa/1/2/9", |e| matches!(e, Unreachable(_))),
    ];
    for (text, expected) in cases {
        match TakeawayPosition::from_text(text) {
            Ok(p) => panic!("{text} accepted as {}", p.to_text()),
            Err(e) => {
                assert!(expected(&e), "{text}: {e:?}");
                assert!(e.to_string().starts_with("takeaway"), "{e}");
            }
        }
    }
    for text in [
        "99/99/aa/0/6/9",     // 36 tokens in two heaps
        "1000/990/wwa/2/6/9", // three seats, two withdrawn
        "5000/99/wa/1/6/9",   // two seats never withdraw
    ] {
        assert!(
            matches!(TakeawayPosition::from_text(text), Err(Unreachable(_))),
            "{text}"
        );
    }
    assert_eq!(
        TakeawayPosition::new(&[1, 2], 5, 9),
        Err(TakeawayError::SeatCount(5))
    );
    assert_eq!(
        TakeawayPosition::new(&[], 3, 9),
        Err(TakeawayError::HeapCount(0))
    );
    assert_eq!(
        TakeawayPosition::new(&[10], 3, 9),
        Err(TakeawayError::HeapSize(10))
    );
}

#[test]
fn moves_are_generated_in_order_and_read_back() {
    let p = pos("320/000/aaa/0/0/9");
    let texts: Vec<String> = moves(&p).iter().map(|&m| p.move_text(m)).collect();
    assert_eq!(texts, ["a1", "a2", "a3", "b1", "b2"]);
    let capped = pos("320/700/aaa/1/3/8");
    assert_eq!(moves(&capped).len(), 5);
    let mut capped = capped;
    capped.make_pass_to(0);
    let texts: Vec<String> = moves(&capped).iter().map(|&m| m.text()).collect();
    assert_eq!(texts, ["a1", "b1"]);
    for m in moves(&p) {
        assert_eq!(TakeawayMove::from_bits(m.to_bits()), m);
        assert_ne!(m.to_bits(), 0);
        assert!(p.history_slot(m) < TakeawayPosition::HISTORY_SLOTS);
        assert_eq!(p.parse_move(&p.move_text(m)), Ok(m));
    }
    for h in 0..4 {
        for k in 1..=3 {
            let m = TakeawayMove::new(h, k);
            assert_eq!(m.to_bits(), 1 + h as u32 * 4 + k as u32);
            assert_eq!(TakeawayMove::from_bits(m.to_bits()), m);
        }
    }
    assert_eq!(
        p.quiet_order(TakeawayMove::new(1, 2)),
        10 * 2 - 1,
        "10 k - h"
    );
    for bad in ["", "a", "a0", "a4", "e1", "A1", "a12", "1a"] {
        assert_eq!(
            p.parse_move(bad),
            Err(MoveTextError::Malformed(bad.to_string()))
        );
    }
    for illegal in ["b3", "c1", "d1"] {
        assert_eq!(
            p.parse_move(illegal),
            Err(MoveTextError::Illegal(illegal.to_string()))
        );
    }
    let mut noisy = MoveList::new();
    p.generate(Scope::Noisy, &mut noisy);
    assert!(noisy.is_empty());
}

#[test]
fn emptying_a_heap_eliminates_the_next_active_seat() {
    let mut p = pos("310/000/aaa/0/0/9");
    play(&mut p, "b1");
    assert_eq!(p.to_text(), "300/100/aea/2/1/9");
    assert_eq!(p.active(), set(&[0, 2]));
    assert_eq!(p.decided(), None);
    // Seat 2 empties heap a: the next active seat after it, wrapping, is seat 0.
    play(&mut p, "a3");
    assert_eq!(p.to_text(), "000/103/eea/2/2/9");
    assert_eq!(p.decided(), Some(Outcome::Winner(2)));
    assert!(moves(&p).is_empty());

    // Eliminated seats are skipped when looking for the next one.
    let mut p = pos("2103/0010/aeaa/0/1/9");
    play(&mut p, "b1");
    assert_eq!(p.to_text(), "2003/1010/aeea/3/2/9");
    play(&mut p, "a2");
    assert_eq!(p.to_text(), "0003/1012/eeea/3/3/9");
    assert_eq!(p.decided(), Some(Outcome::Winner(3)));
}

#[test]
fn a_capped_seat_withdraws_while_three_are_active() {
    let mut p = pos("90/220/aaa/0/2/2");
    assert!(moves(&p).is_empty());
    assert_eq!(p.decided(), None);
    assert_eq!(p.no_moves(), NoMoves::Withdraws);
    let before = p;
    let undo = p.make_withdrawal().expect("takeaway has withdrawals");
    assert_eq!(p.to_text(), "90/220/waa/1/2/2");
    assert_eq!(p.withdrawn(), set(&[0]));
    assert_eq!(p.active(), set(&[1, 2]));
    assert_ne!(p.key(), before.key());
    // Two left: no moves ends the game on the scores.
    assert_eq!(p.no_moves(), NoMoves::Ends(Outcome::Winner(1)));
    p.unmake_withdrawal(undo);
    assert_eq!(p, before);
    assert_eq!(p.key(), before.key());
    // Level scores with two left: a draw of the two.
    let p = pos("90/022/aaa/1/2/2");
    assert_eq!(p.no_moves(), NoMoves::Withdraws);
    let p = pos("90/222/waa/1/3/2");
    assert_eq!(p.no_moves(), NoMoves::Ends(Outcome::Draw(set(&[1, 2]))));
}

#[test]
fn draws_are_shared_by_the_active_seats_tied_at_the_top() {
    let mut p = pos("1/221/aaa/2/3/9");
    play(&mut p, "a1");
    assert_eq!(p.to_text(), "0/222/eaa/1/4/9");
    assert_eq!(p.decided(), Some(Outcome::Draw(set(&[1, 2]))));
    // Withdrawn seats are out too, however many tokens they hold.
    let p = pos("00/3322/waaa/1/8/3");
    assert_eq!(p.decided(), Some(Outcome::Winner(1)));
    let p = pos("000/3332/waaa/1/8/3");
    assert_eq!(p.decided(), Some(Outcome::Draw(set(&[1, 2]))));
    let p = pos("000/333/aaa/1/9/3");
    assert_eq!(p.decided(), Some(Outcome::Draw(set(&[0, 1, 2]))));
    let p = pos("000/03/aa/1/3/3");
    assert_eq!(p.decided(), Some(Outcome::Winner(1)));
}

#[test]
fn passes_hand_the_turn_to_active_seats_only() {
    let mut p = pos("503/010/aea/0/1/9");
    let before = p;
    assert_eq!(p.make_pass_to(1), None);
    assert_eq!(p.make_pass_to(3), None);
    assert_eq!(p, before);
    let undo = p.make_pass_to(2).expect("seat 2 is active");
    assert_eq!(p.to_move(), 2);
    assert_eq!(p.moves_played(), 1);
    assert_ne!(p.key(), before.key());
    p.unmake_pass(undo);
    assert_eq!(p, before);
}

#[test]
fn make_unmake_withdraw_and_pass_restore_state_and_key() {
    let mut keys: HashMap<u64, String> = HashMap::new();
    let mut seed = 7u64;
    let mut next = |n: usize| {
        seed = crate::core::splitmix(seed).0;
        (crate::core::splitmix(seed).1 % n as u64) as usize
    };
    let mut visited = 0;
    for game in 0..400 {
        let seats = 2 + game % 3;
        let heaps: Vec<u8> = (0..1 + next(4)).map(|_| next(10) as u8).collect();
        let cap = 1 + next(9) as u8;
        let mut p = TakeawayPosition::new(&heaps, seats, cap).expect("valid start");
        loop {
            let text = p.to_text();
            assert_eq!(pos(&text), p, "{text}");
            if let Some(other) = keys.insert(p.key(), text.clone()) {
                assert_eq!(other, text, "key collision");
            }
            visited += 1;
            for s in 0..4 {
                let before = p;
                if let Some(undo) = p.make_pass_to(s) {
                    assert_eq!(p.to_move(), s);
                    p.unmake_pass(undo);
                }
                assert_eq!(p, before);
            }
            if p.decided().is_some() {
                assert!(moves(&p).is_empty());
                break;
            }
            let list = moves(&p);
            if list.is_empty() {
                match p.no_moves() {
                    NoMoves::Ends(_) => {
                        assert_eq!(p.active().len(), 2, "{text}");
                        break;
                    }
                    NoMoves::Withdraws => {
                        assert!(p.active().len() >= 3);
                        let before = p;
                        let undo = p.make_withdrawal().expect("withdrawal");
                        assert_eq!(p.withdrawn().len(), before.withdrawn().len() + 1);
                        p.unmake_withdrawal(undo);
                        assert_eq!((p, p.key()), (before, before.key()));
                        p.make_withdrawal();
                    }
                }
                continue;
            }
            for &m in &list {
                let before = p;
                let undo = p.make(m);
                assert_eq!(p.moves_played(), before.moves_played() + 1);
                assert!(p.active().contains(p.to_move()));
                p.unmake(m, undo);
                assert_eq!((p, p.key()), (before, before.key()));
            }
            p.make(list[next(list.len())]);
        }
    }
    assert!(visited > 2000, "{visited}");
}

#[test]
fn evaluations_measure_against_the_best_other_active_seat() {
    let e = TakeawayEval;
    let p = pos("5430/1320/aaae/1/4/9");
    assert_eq!(e.evaluate_seats(&p), [-20, 10, -10, -1000]);
    assert_eq!(e.evaluate(&p), 10);
    let p = pos("5030/1320/aeae/2/4/9");
    assert_eq!(e.evaluate_seats(&p), [-10, -1000, 10, -1000]);
    assert_eq!(e.evaluate(&p), 10, "two active: mover less the other");
    let p = pos("5030/1320/aeae/0/4/9");
    assert_eq!(e.evaluate(&p), -10);
    let p = pos("000/130/eae/1/2/9");
    assert_eq!(e.evaluate_seats(&p), [-1000, 30, -1000, 0]);
    let p = pos("543/000/aaa/0/0/9");
    assert_eq!(e.evaluate_seats(&p), [0, 0, 0, 0]);
}
