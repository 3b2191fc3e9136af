//! Sceptre 1027 A.D.: forced king captures and mates are found and played (issue 32, "playing
//! to win"). Through the real binary, within a node limit: with three and four players, every
//! `MultiplayerSearch` plays a move that forces a bare or nearly bare king out of the game
//! within two of its moves (a check he cannot escape, then the capture; or a stalemate, which
//! makes him withdraw); with two, the ordinary search mates in three.
//!
//! The moves a test accepts come from a brute-force oracle over the library's move
//! generation (every move of every opponent in between), never from the engine. Before the
//! eliminations term (`src/games/sceptre/eval/elimination.rs`) max-n put the capture of the
//! bare king off here at every depth: with his near-empty army gone the others' average rose,
//! and the leader's share was already full.

use crate::engine_process::EngineProcess;
use crate::sceptre_ai::{self, engine, legal, meadow, pos};
use regalia::core::{MoveList, Rules, Scope};
use regalia::games::sceptre::{PlayerColour, SceptrePosition};
use std::collections::BTreeSet;

const MULTI: [&str; 4] = ["paranoid", "maxn", "brs", "brsplus"];

/// Black to move on a 16x16 meadow with three or four players.
fn meadow16(pieces: &str, players: usize) -> String {
    let (states, kingdoms, green) = match players {
        3 => ("b+,w+,r+", "b@i1,w@a1,r@a9", ""),
        4 => ("b+,w+,r+,g+", "b@i1,w@a1,r@a9,g@i9", ",Kg@m12"),
        _ => panic!("three or four"),
    };
    format!(
        "{} {pieces}{green} {states} b {kingdoms} - - -",
        meadow(16, 16)
    )
}

fn moves(p: &SceptrePosition) -> MoveList<<SceptrePosition as Rules>::Move> {
    let mut list = MoveList::new();
    p.generate(Scope::All, &mut list);
    list
}

/// Whether `victim` is out: eliminated, or to move with no move at all (with three or more
/// playing he then withdraws; with two he must be in check: checkmated, not stalemated).
fn out(p: &SceptrePosition, victim: PlayerColour) -> bool {
    !p.is_playing(victim)
        || (p.to_move() == victim
            && moves(p).is_empty()
            && (p.playing_count() >= 3 || p.in_check(victim)))
}

/// With the attacker to move: whether he can force `victim` out within `n` of his moves,
/// whatever every other player does in between.
fn attacker_forces(
    p: &mut SceptrePosition,
    attacker: PlayerColour,
    victim: PlayerColour,
    n: u32,
) -> bool {
    for &m in moves(p).as_slice() {
        let undo = p.make(m);
        let forced = out(p, victim) || (n > 1 && others_cannot_stop(p, attacker, victim, n - 1));
        p.unmake(m, undo);
        if forced {
            return true;
        }
    }
    false
}

/// With another player to move: whether every line of the others until the attacker's next
/// turn leaves him forcing `victim` out within `n` more moves.
fn others_cannot_stop(
    p: &mut SceptrePosition,
    attacker: PlayerColour,
    victim: PlayerColour,
    n: u32,
) -> bool {
    if out(p, victim) {
        return true;
    }
    if Rules::decided(p).is_some() || !p.is_playing(attacker) {
        return false;
    }
    if p.to_move() == attacker {
        return attacker_forces(p, attacker, victim, n);
    }
    let list = moves(p);
    if list.is_empty() {
        // Someone else withdraws and the turn goes on.
        let Some(undo) = p.make_withdrawal() else {
            return false;
        };
        let forced = others_cannot_stop(p, attacker, victim, n);
        p.unmake_withdrawal(undo);
        return forced;
    }
    list.as_slice().iter().all(|&m| {
        let undo = p.make(m);
        let forced = others_cannot_stop(p, attacker, victim, n);
        p.unmake(m, undo);
        forced
    })
}

/// The mover's moves after which `victim` is out, or forced out within `n - 1` more moves.
fn forcing_moves(p: &SceptrePosition, victim: PlayerColour, n: u32) -> BTreeSet<String> {
    let attacker = p.to_move();
    let mut p = p.clone();
    let mut out_set = BTreeSet::new();
    for &m in moves(&p).as_slice() {
        let text = p.move_text(m);
        let undo = p.make(m);
        if out(&p, victim) || (n > 1 && others_cannot_stop(&mut p, attacker, victim, n - 1)) {
            out_set.insert(text);
        }
        p.unmake(m, undo);
    }
    out_set
}

/// The engine's best move from a fresh game (`ucinewgame`: no table from the position before).
fn best(e: &mut EngineProcess, position: &str, go: &str) -> String {
    e.send("ucinewgame");
    sceptre_ai::best(e, position, go)
}

/// In each position (three and four players), white out within two of black's moves is
/// forced by a few of black's moves only, and every search plays one of them.
fn forces_white_out(pieces: &str, in_one: bool) {
    for players in [3, 4] {
        let text = meadow16(pieces, players);
        let p = pos(&text);
        for colour in p.colours() {
            assert!(!p.in_check(colour), "{text}: {colour:?} in check");
        }
        let at_once = forcing_moves(&p, PlayerColour::White, 1);
        assert_eq!(!at_once.is_empty(), in_one, "{text}: {at_once:?}");
        let good = forcing_moves(&p, PlayerColour::White, 2);
        assert!(!good.is_empty(), "{text}: no forced way");
        assert!(good.len() * 4 < legal(&p).len(), "{text}: {good:?}");
        for algorithm in MULTI {
            let mut e = engine(algorithm);
            let m = best(&mut e, &text, "go nodes 20000");
            assert!(
                good.contains(&m),
                "{algorithm}, {players} players: {m} is not in {good:?}"
            );
            assert!(e.quit().success());
        }
    }
}

/// White's bare king on a1, black's rooks on p2 and o5: `o5o1` checks a king with no square
/// left (then black takes it), `o5b5` leaves him no move at all (he withdraws at once).
#[test]
fn forces_a_bare_king_out_3_and_4_players() {
    forces_white_out("Kw@a1,Rb@p2,Rb@o5,Kb@i16,Kr@h12", true);
}

/// As above with a white knight that can always move: only the check and the capture
/// after it (`o5o1`) force him out; the knight then changes sides.
#[test]
fn forces_a_king_capture_in_two_3_and_4_players() {
    forces_white_out("Kw@a1,Nw@h8,Rb@p2,Rb@o5,Kb@i16,Kr@h12", false);
}

/// Two players: white's queen and king mate black's king in the corner in three moves (and
/// no sooner); the search finds a first move of such a mate within 20,000 nodes.
#[test]
fn mates_in_three_2_players() {
    let text = format!(
        "{} Kb@a1,Kw@d4,Qw@h8 b+,w+ w b@a1,w@a9 - - -",
        meadow(8, 16)
    );
    let p = pos(&text);
    assert!(!p.in_check(PlayerColour::Black));
    assert!(
        forcing_moves(&p, PlayerColour::Black, 2).is_empty(),
        "not in two"
    );
    let good = forcing_moves(&p, PlayerColour::Black, 3);
    assert!(
        !good.is_empty() && good.len() * 4 < legal(&p).len(),
        "{good:?}"
    );
    let mut e = engine("paranoid");
    let m = best(&mut e, &text, "go nodes 20000");
    assert!(good.contains(&m), "{m} is not in {good:?}");
    assert!(e.quit().success());
}
