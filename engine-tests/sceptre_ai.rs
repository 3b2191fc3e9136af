//! Sceptre 1027 A.D.: what the searches play. Every multi-player algorithm
//! (`MultiplayerSearch` paranoid, maxn, brs, brsplus) in games of three and four, and the
//! plain alpha-beta of two, through the real binary: taking a king (mating, for two) in one,
//! not walking into a king capture (a mate, for two) that the opponents can force before the
//! mover's next turn, defending an attacked king, a legal move under `stop`, `movetime` and
//! the clocks, the whole set-up phase played by the engine, and (through the library) that
//! rotating a position between the seats permutes the evaluator's per-seat vector.
//!
//! Every hand-made position is checked with the library first (it parses, nobody is in check
//! who should not be, the expected moves are legal), and the moves a test accepts come from a
//! brute-force oracle over the library's move generation, never from the engine.
//!
//! Why no test of BRS against a discovered king capture: in a game of three, the only way
//! a king that its owner left legally unattacked is captured before his next turn is that one
//! opponent's move opens the line of another opponent, who takes it. BRS searches a single
//! reply of all the opponents between two moves of the root player, so by design it cannot
//! see two opponents combine (`go depth 3` and `go depth 4` both play the bait in the
//! position of `walks_not_into_a_discovered_king_capture_3_and_4_players`). BRS+ orders the
//! first opponent's move and searches the second fully, so it does see it. Max-n's
//! opponents each play for themselves, so it is held only to captures that are forced
//! (every move of the opponent in between leads to it), paranoid and BRS+ to every capture
//! the opponents together can bring about.

use crate::engine_process::EngineProcess;
use regalia::core::{Evaluator, MoveList, NoMoves, Outcome, Rules, Scope};
use regalia::games::sceptre::eval::SceptreEval;
use regalia::games::sceptre::{PieceKind, PlayerColour, SceptrePosition};
use std::collections::BTreeSet;
use std::time::Duration;

const LONG: Duration = Duration::from_secs(120);
const MULTI: [&str; 4] = ["paranoid", "maxn", "brs", "brsplus"];
/// The algorithms that model two opponents' moves in a row (see the file's comment).
const SEES_DISCOVERIES: [&str; 3] = ["paranoid", "maxn", "brsplus"];

const K3: &str = "b@i1,w@a1,r@a9";
const K4: &str = "b@i1,w@a1,r@a9,g@i9";
const K2: &str = "b@a1,w@a9";

pub(crate) fn meadow(width: usize, height: usize) -> String {
    vec![format!("{width}m"); height].join("/")
}

/// A position on a 16x16 meadow with `players` players (kingdoms `K3` or `K4`).
fn meadow16(pieces: &str, players: usize, to_move: char) -> String {
    let (states, kingdoms) = match players {
        3 => ("b+,w+,r+", K3),
        4 => ("b+,w+,r+,g+", K4),
        _ => panic!("three or four"),
    };
    format!(
        "{} {pieces} {states} {to_move} {kingdoms} - - -",
        meadow(16, 16)
    )
}

/// A two-player position on an 8x16 meadow.
fn meadow8x16(pieces: &str, to_move: char) -> String {
    format!("{} {pieces} b+,w+ {to_move} {K2} - - -", meadow(8, 16))
}

pub(crate) fn pos(text: &str) -> SceptrePosition {
    SceptrePosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub(crate) fn legal(p: &SceptrePosition) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(Scope::All, &mut list);
    list.as_slice().iter().map(|&m| p.move_text(m)).collect()
}

fn after(p: &SceptrePosition, text: &str) -> SceptrePosition {
    let mut next = p.clone();
    let m = Rules::parse_move(&next, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    Rules::make(&mut next, m);
    next
}

/// Whether the opponents, moving in turn until `victim` is to move again, can capture his
/// king (or he is already out). Exhaustive: every move of every opponent.
fn opponents_can_take_king(p: &mut SceptrePosition, victim: PlayerColour) -> bool {
    if !p.is_playing(victim) {
        return true;
    }
    if p.to_move() == victim || Rules::decided(p).is_some() {
        return false;
    }
    let mut list = MoveList::new();
    p.generate(Scope::All, &mut list);
    for &m in list.as_slice() {
        let undo = p.make(m);
        let taken = opponents_can_take_king(p, victim);
        p.unmake(m, undo);
        if taken {
            return true;
        }
    }
    false
}

/// Whether the capture of `victim`'s king before his next turn is forced: an opponent to move
/// takes it if he can, and if he cannot, every move of his still leads to its capture. What
/// the opponents do whatever each of them wants (max-n's model), not only as a coalition.
fn opponents_must_take_king(p: &mut SceptrePosition, victim: PlayerColour) -> bool {
    if !p.is_playing(victim) {
        return true;
    }
    if p.to_move() == victim || Rules::decided(p).is_some() {
        return false;
    }
    let mut list = MoveList::new();
    p.generate(Scope::All, &mut list);
    let mut every = !list.is_empty();
    for &m in list.as_slice() {
        let undo = p.make(m);
        let taken_now = !p.is_playing(victim);
        let forced = taken_now || opponents_must_take_king(p, victim);
        p.unmake(m, undo);
        if taken_now {
            return true;
        }
        every &= forced;
    }
    every
}

/// The mover's moves after which the opponents can capture his king before his next turn.
fn unsafe_moves(p: &SceptrePosition) -> BTreeSet<String> {
    let mover = p.to_move();
    legal(p)
        .into_iter()
        .filter(|m| opponents_can_take_king(&mut after(p, m), mover))
        .collect()
}

/// The mover's moves after which the capture of his king before his next turn is forced.
fn fatal_moves(p: &SceptrePosition) -> BTreeSet<String> {
    let mover = p.to_move();
    legal(p)
        .into_iter()
        .filter(|m| opponents_must_take_king(&mut after(p, m), mover))
        .collect()
}

/// The moves an algorithm must avoid: paranoid and BRS+ play against a coalition, so every
/// move the opponents together can punish; max-n's opponents each play for themselves, so
/// the moves whose punishment is forced.
fn to_avoid(algorithm: &str, p: &SceptrePosition) -> BTreeSet<String> {
    if algorithm == "maxn" {
        fatal_moves(p)
    } else {
        unsafe_moves(p)
    }
}

/// Two players: the moves that end the game with the mover's win (by rule, or by leaving
/// the other without a move: checkmate).
fn mating_moves(p: &SceptrePosition) -> BTreeSet<String> {
    let won = Outcome::Winner(p.to_move().index() as u8);
    legal(p)
        .into_iter()
        .filter(|m| {
            let q = after(p, m);
            Rules::decided(&q) == Some(won)
                || (legal(&q).is_empty() && q.no_moves() == NoMoves::Ends(won))
        })
        .collect()
}

/// Two players: the mover's moves after which the opponent has a mate in one.
fn moves_allowing_mate(p: &SceptrePosition) -> BTreeSet<String> {
    legal(p)
        .into_iter()
        .filter(|m| !mating_moves(&after(p, m)).is_empty())
        .collect()
}

/// The engine with `sceptre1027` chosen and `algorithm` as its multi-player search.
pub(crate) fn engine(algorithm: &str) -> EngineProcess {
    let mut e = EngineProcess::start();
    for line in [
        "setoption name UCI_Variant value sceptre1027".to_string(),
        format!("setoption name MultiplayerSearch value {algorithm}"),
    ] {
        e.send(&line);
    }
    let answer = e.sync();
    assert!(answer.is_empty(), "{answer:?}");
    e
}

/// The engine's best move in `position` after `go`; the position must be taken silently
/// and the move must be legal by the library.
pub(crate) fn best(e: &mut EngineProcess, position: &str, go: &str) -> String {
    e.send(&format!("position fen {position}"));
    let answer = e.sync();
    assert!(answer.is_empty(), "{position}: {answer:?}");
    let (lines, best) = e.search(go, LONG);
    assert!(
        legal(&pos(position)).contains(&best),
        "{go} in {position}: {best} is not legal: {lines:#?}"
    );
    best
}

// ---------------------------------------------------------------------------------------------
// Taking a king, mating
// ---------------------------------------------------------------------------------------------

/// Black to move with white's king left attacked by black's rook on a16 (red's knight, now on
/// c9, stood on a8 and has just moved off the file): `a16a1` takes it now, before white can
/// step away. The bait: black's other rook can take red's queen (`h15h9`).
fn take_king_position(players: usize) -> String {
    let green = if players == 4 { ",Kg@p9" } else { "" };
    meadow16(
        &format!("Kw@a1,Qw@d4,Rw@c2,Rb@a16,Rb@h15,Nr@c9,Qr@h9,Kb@p3,Kr@o13{green}"),
        players,
        'b',
    )
}

#[test]
fn takes_a_king_in_one_3_and_4_players() {
    for players in [3, 4] {
        let text = take_king_position(players);
        let p = pos(&text);
        assert!(p.in_check(PlayerColour::White), "{text}");
        assert!(!p.in_check(PlayerColour::Black), "{text}");
        let moves = legal(&p);
        assert!(moves.contains(&"a16a1".to_string()));
        assert!(moves.contains(&"h15h9".to_string()));
        assert!(!after(&p, "a16a1").is_playing(PlayerColour::White));
        // Only one king can be taken.
        let takes: Vec<&String> = moves
            .iter()
            .filter(|m| after(&p, m).playing_count() < p.playing_count())
            .collect();
        assert_eq!(takes, ["a16a1"], "{text}");
        for algorithm in MULTI {
            let mut e = engine(algorithm);
            for go in ["go depth 1", "go depth 3"] {
                assert_eq!(
                    best(&mut e, &text, go),
                    "a16a1",
                    "{algorithm}, {players} players, {go}"
                );
            }
            assert!(e.quit().success());
        }
    }
}

#[test]
fn mates_in_one_2_players() {
    // White's queen mates on b2 (guarded by the king on c3); the knight on h8 is a bait
    // for nobody; black's rook on d16 is far away.
    let text = meadow8x16("Kb@a1,Rb@d16,Kw@c3,Qw@h2,Nw@h8", 'w');
    let p = pos(&text);
    let mates = mating_moves(&p);
    assert!(
        !mates.is_empty() && mates.len() < legal(&p).len(),
        "{mates:?}"
    );
    let mut e = engine("paranoid");
    for go in ["go depth 1", "go depth 3", "go nodes 20000"] {
        let m = best(&mut e, &text, go);
        assert!(mates.contains(&m), "{go}: {m} not in {mates:?}");
    }
    assert!(e.quit().success());
}

// ---------------------------------------------------------------------------------------------
// Not walking into a king capture
// ---------------------------------------------------------------------------------------------

/// Red's rook on e16 looks down the e-file at black's king on e1 through white's bishop on
/// e9 and black's knight on e5. The knight can take red's queen on h8 (`e5h8`), but then
/// white's bishop steps off the file (every move of it does) and red's rook takes the king.
fn discovery_position(players: usize) -> String {
    let green = if players == 4 { ",Kg@p10" } else { "" };
    meadow16(
        &format!("Kw@a1,Bw@e9,Rr@e16,Kr@p16,Qr@h8,Nb@e5,Kb@e1,Qb@c2{green}"),
        players,
        'b',
    )
}

/// In `position(players)` for three and four players, nobody in check, the `bait` lets an
/// opponent take black's king whatever the others do, and a safe move exists: every search
/// that sees such captures avoids every move its model flags.
fn avoids_losing_the_king(position: fn(usize) -> String, bait: &str) {
    for players in [3, 4] {
        let text = position(players);
        let p = pos(&text);
        for colour in p.colours() {
            assert!(!p.in_check(colour), "{text}: {colour:?}");
        }
        // Whatever the others do, the king can be taken: forced, not only a coalition's plan.
        assert!(fatal_moves(&p).contains(bait), "{text}");
        assert!(
            unsafe_moves(&p).len() < legal(&p).len(),
            "a safe move exists"
        );
        for algorithm in SEES_DISCOVERIES {
            let bad = to_avoid(algorithm, &p);
            let mut e = engine(algorithm);
            let m = best(&mut e, &text, "go depth 3");
            assert!(
                !bad.contains(&m),
                "{algorithm}, {players} players: {m} lets the king be taken"
            );
            assert!(e.quit().success());
        }
    }
}

#[test]
fn walks_not_into_a_discovered_king_capture_3_and_4_players() {
    avoids_losing_the_king(discovery_position, "e5h8");
}

#[test]
fn walks_not_into_a_mate_2_players() {
    // Black's rook on b8 guards b2; taking white's knight on h8 with it lets `h2b2` mate.
    let text = meadow8x16("Kb@a1,Rb@b8,Kw@c3,Qw@h2,Nw@h8", 'b');
    let p = pos(&text);
    assert!(!p.in_check(PlayerColour::Black));
    let bad = moves_allowing_mate(&p);
    assert!(bad.contains("b8h8"), "{bad:?}");
    assert!(bad.len() < legal(&p).len());
    let mut e = engine("paranoid");
    for go in ["go depth 2", "go depth 3"] {
        let m = best(&mut e, &text, go);
        assert!(!bad.contains(&m), "{go}: {m} allows a mate in one");
    }
    assert!(e.quit().success());
}

// ---------------------------------------------------------------------------------------------
// Defending an attacked king
// ---------------------------------------------------------------------------------------------

/// As the discovery position, but nothing of black's stands between: white's bishop on e9 is
/// all that keeps red's rook on e16 off black's king on e1 (white's king on a1 has no move:
/// black's queen on c2 covers a2, b1 and b2). Black must step off the file or put a piece on
/// it; the bait is the knight's capture of red's queen on k8 (`h5k8`).
fn threatened_king_position(players: usize) -> String {
    let green = if players == 4 { ",Kg@p10" } else { "" };
    meadow16(
        &format!("Kw@a1,Bw@e9,Rr@e16,Kr@o16,Qr@k8,Nb@h5,Kb@e1,Qb@c2{green}"),
        players,
        'b',
    )
}

#[test]
fn defends_a_threatened_king_3_and_4_players() {
    avoids_losing_the_king(threatened_king_position, "h5k8");
}

#[test]
fn escapes_check_to_the_square_that_survives_3_and_4_players() {
    // Black's king on e1 is in check from white's rook on e16 (red's move took a blocker
    // away). Red's rook on a2 holds the second rank, so only d1 and f1 are legal; but on f1
    // the king stands on the diagonal of red's bishop on j5, behind white's knight on h3,
    // which steps away for red to take it. d1 is the escape.
    for players in [3, 4] {
        let green = if players == 4 { ",Kg@p10" } else { "" };
        let text = meadow16(
            &format!("Kw@b14,Rw@e16,Nw@h3,Kr@p15,Rr@a2,Br@j5,Kb@e1{green}"),
            players,
            'b',
        );
        let p = pos(&text);
        assert!(p.in_check(PlayerColour::Black), "{text}");
        let moves: BTreeSet<String> = legal(&p).into_iter().collect();
        assert_eq!(
            moves,
            BTreeSet::from(["e1d1".into(), "e1f1".into()]),
            "{text}"
        );
        let bad = unsafe_moves(&p);
        assert_eq!(bad, BTreeSet::from(["e1f1".to_string()]), "{text}");
        // Not forced: white may move his king or rook instead, and max-n's white, playing
        // for himself, is indifferent, so only the coalition searches are held to it.
        assert!(fatal_moves(&p).is_empty(), "{text}");
        for algorithm in ["paranoid", "brsplus"] {
            let mut e = engine(algorithm);
            let m = best(&mut e, &text, "go depth 3");
            assert_eq!(m, "e1d1", "{algorithm}, {players} players");
            assert!(e.quit().success());
        }
    }
}

#[test]
fn defends_against_a_mate_threat_2_players() {
    // White threatens `h2b2` mate; black's rook on d8 can cover b2 (`d8b8`) or block the
    // rank, or the king can run; taking the knight on f8 loses at once.
    let text = meadow8x16("Kb@a1,Rb@d8,Kw@c3,Qw@h2,Nw@f8", 'b');
    let p = pos(&text);
    assert!(!p.in_check(PlayerColour::Black));
    let bad = moves_allowing_mate(&p);
    assert!(bad.contains("d8f8"), "{bad:?}");
    assert!(bad.len() < legal(&p).len());
    let mut e = engine("paranoid");
    for go in ["go depth 2", "go depth 3", "go nodes 20000"] {
        let m = best(&mut e, &text, go);
        assert!(!bad.contains(&m), "{go}: {m} allows a mate in one");
    }
    assert!(e.quit().success());
}

// ---------------------------------------------------------------------------------------------
// Limits: stop, movetime, clocks
// ---------------------------------------------------------------------------------------------

/// The first ready set-up of the shipped openings for `players`.
fn ready(players: usize) -> String {
    let path = format!(
        "{}/openings/sceptre1027/ready-{players}.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .expect("a position")
        .trim()
        .to_string()
}

#[test]
fn a_legal_move_under_stop_movetime_and_clocks() {
    for players in [2, 3, 4] {
        let text = ready(players);
        let p = pos(&text);
        assert_eq!(p.player_count(), players);
        let algorithms: &[&str] = if players == 2 { &["paranoid"] } else { &MULTI };
        for &algorithm in algorithms {
            let label = format!("{algorithm}, {players} players");
            let mut e = engine(algorithm);
            best(&mut e, &text, "go movetime 50");
            best(
                &mut e,
                &text,
                "go btime 2000 wtime 2000 rtime 2000 gtime 2000 binc 10 winc 10 rinc 10 ginc 10",
            );
            best(
                &mut e,
                &text,
                "go btime 100 wtime 30000 rtime 30000 gtime 30000",
            );
            // Infinite, then stop: a legal move comes back whenever the stop arrives.
            for wait in [0, 100] {
                e.send(&format!("position fen {text}"));
                e.send("go infinite");
                std::thread::sleep(Duration::from_millis(wait));
                e.send("stop");
                let lines = e.read_until(LONG, |l| l.starts_with("bestmove"));
                let m = lines
                    .last()
                    .and_then(|l| l.split_whitespace().nth(1))
                    .unwrap_or_default()
                    .to_string();
                assert!(legal(&p).contains(&m), "{label}: stop after {wait} ms: {m}");
                assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
            }
            assert!(e.quit().success());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The set-up phase
// ---------------------------------------------------------------------------------------------

/// The position string of the engine's `d`.
fn engine_position(e: &mut EngineProcess) -> String {
    e.send("d");
    let lines = e.sync();
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Position: "))
        .unwrap_or_else(|| panic!("{lines:#?}"))
        .trim()
        .to_string()
}

#[test]
fn the_engine_plays_the_whole_set_up_phase() {
    for players in [2, 3, 4] {
        let algorithms: &[&str] = if players == 2 { &["paranoid"] } else { &MULTI };
        for &algorithm in algorithms {
            let label = format!("{algorithm}, {players} players");
            let mut e = engine(algorithm);
            e.send(&format!("setoption name SceptrePlayers value {players}"));
            assert!(e.sync().is_empty());
            let mut moves: Vec<String> = Vec::new();
            let mut p = loop {
                let position = if moves.is_empty() {
                    "position startpos".to_string()
                } else {
                    format!("position startpos moves {}", moves.join(" "))
                };
                e.send(&position);
                assert!(e.sync().is_empty(), "{label}: {position}");
                let p = pos(&engine_position(&mut e));
                if !p.in_set_up() {
                    break p;
                }
                let go = if moves.len().is_multiple_of(2) {
                    "go nodes 2000"
                } else {
                    "go depth 1"
                };
                let (lines, m) = e.search(go, LONG);
                assert!(
                    legal(&p).contains(&m),
                    "{label}: placement {m} after {moves:?}: {lines:#?}"
                );
                assert!(m.contains('@'), "{label}: {m} is not a placement");
                moves.push(m);
                assert!(
                    moves.len() <= 16 * players,
                    "{label}: the set-up never ends"
                );
            };
            assert_eq!(moves.len(), 16 * players, "{label}");
            for colour in p.colours() {
                assert_eq!(
                    p.set_up(colour),
                    None,
                    "{label}: {colour:?} has pieces left"
                );
                assert!(
                    !p.in_check(colour),
                    "{label}: {colour:?}'s king is attacked"
                );
                let owned: Vec<PieceKind> = p
                    .pieces()
                    .filter(|(_, piece)| piece.owner == colour)
                    .map(|(_, piece)| piece.kind)
                    .collect();
                assert_eq!(owned.len(), 16, "{label}: {colour:?}");
                assert_eq!(
                    owned.iter().filter(|&&k| k == PieceKind::King).count(),
                    1,
                    "{label}"
                );
            }
            // Play begins: black moves, and the engine finds a move.
            assert_eq!(p.to_move(), PlayerColour::Black);
            let (_, m) = e.search("go depth 1", LONG);
            assert!(legal(&p).contains(&m), "{label}: first move {m}");
            let mut list = MoveList::new();
            p.generate(Scope::All, &mut list);
            let first = list.as_slice()[0];
            Rules::make(&mut p, first);
            assert!(e.quit().success());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rotating the table permutes the evaluation
// ---------------------------------------------------------------------------------------------

/// 0-based (file, rank) of a square name (`a1`, `x24`, `ab3`).
fn coord(name: &str) -> (usize, usize) {
    let split = name.find(|c: char| c.is_ascii_digit()).expect("a rank");
    let (letters, digits) = name.split_at(split);
    let file = letters
        .bytes()
        .fold(0, |n, b| n * 26 + (b - b'a' + 1) as usize)
        - 1;
    (file, digits.parse::<usize>().expect("a rank") - 1)
}

fn square_name(file: usize, rank: usize) -> String {
    let mut letters = Vec::new();
    let mut n = file + 1;
    while n > 0 {
        letters.push(b'a' + ((n - 1) % 26) as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    format!("{}{}", String::from_utf8(letters).unwrap(), rank + 1)
}

/// The terrain field as rows of letters, rank 1 first.
fn terrain_rows(text: &str) -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = text
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            let mut count = 0;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    count = count * 10 + d as usize;
                } else {
                    row.extend(std::iter::repeat_n(c, count.max(1)));
                    count = 0;
                }
            }
            row
        })
        .collect();
    rows.reverse();
    rows
}

fn terrain_text(rows: &[Vec<char>]) -> String {
    rows.iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut i = 0;
            while i < row.len() {
                let run = row[i..].iter().take_while(|&&c| c == row[i]).count();
                if run > 1 {
                    out.push_str(&run.to_string());
                }
                out.push(row[i]);
                i += run;
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A position string turned as a whole: `quarter_turns` times 90° clockwise (south goes
/// west, west north, north east, east south), the terrain with it, and every colour letter
/// (pieces' owners and colours, the players' states, the mover, the kingdoms, the set-up,
/// the pools and the check runs) renamed by `recolour`. A kingdom's square is the south-west
/// corner of its 8x8 board after the turn.
fn rotate(text: &str, quarter_turns: usize, recolour: impl Fn(char) -> char) -> String {
    let fields: Vec<&str> = text.split(' ').collect();
    assert_eq!(fields.len(), 8, "{text}");
    let mut rows = terrain_rows(fields[0]);
    let (mut width, mut height) = (rows[0].len(), rows.len());
    let mut map: Box<dyn Fn(usize, usize) -> (usize, usize)> = Box::new(|f, r| (f, r));
    for _ in 0..quarter_turns % 4 {
        // Clockwise: (file, rank) goes to (rank, width - 1 - file).
        let mut turned = vec![vec!['-'; height]; width];
        for (r, row) in rows.iter().enumerate() {
            for (f, &c) in row.iter().enumerate() {
                turned[width - 1 - f][r] = c;
            }
        }
        rows = turned;
        let w = width;
        let previous = map;
        map = Box::new(move |f, r| {
            let (f1, r1) = previous(f, r);
            (r1, w - 1 - f1)
        });
        std::mem::swap(&mut width, &mut height);
    }
    let square = |name: &str| {
        let (f, r) = coord(name);
        let (f2, r2) = map(f, r);
        square_name(f2, r2)
    };
    let pieces = if fields[1] == "-" {
        "-".to_string()
    } else {
        fields[1]
            .split(',')
            .map(|entry| {
                let (who, at) = entry.split_once('@').expect("piece@square");
                let mut letters = who.chars();
                let mut out = String::new();
                out.push(letters.next().expect("a piece letter"));
                out.extend(letters.map(&recolour));
                format!("{out}@{}", square(at))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    // Seat order is fixed (b, w, r, g): each seat takes the state of the colour that moves
    // into it.
    let players: Vec<(char, char)> = fields[2]
        .split(',')
        .map(|p| {
            let mut c = p.chars();
            (c.next().unwrap(), c.next().unwrap())
        })
        .collect();
    let states: Vec<String> = players
        .iter()
        .map(|&(colour, _)| {
            let state = players
                .iter()
                .find(|&&(old, _)| recolour(old) == colour)
                .expect("a permutation of the seats")
                .1;
            format!("{colour}{state}")
        })
        .collect();
    let kingdoms = fields[4]
        .split(',')
        .map(|k| {
            let (colour, at) = k.split_once('@').expect("colour@square");
            let (f, r) = coord(at);
            let corners = [(f, r), (f + 7, r), (f, r + 7), (f + 7, r + 7)].map(|(f, r)| map(f, r));
            let f2 = corners.iter().map(|c| c.0).min().unwrap();
            let r2 = corners.iter().map(|c| c.1).min().unwrap();
            let colour = recolour(colour.chars().next().unwrap());
            (colour, format!("{colour}@{}", square_name(f2, r2)))
        })
        .collect::<Vec<_>>();
    let seat_order = |c: char| "bwrg".find(c).expect("a colour");
    let mut kingdoms = kingdoms;
    kingdoms.sort_by_key(|(c, _)| seat_order(*c));
    let per_colour = |field: &str| {
        if field == "-" {
            return "-".to_string();
        }
        let mut entries: Vec<(char, String)> = field
            .split(',')
            .map(|e| {
                let (c, rest) = e.split_once(':').expect("colour:…");
                let c = recolour(c.chars().next().unwrap());
                (c, format!("{c}:{rest}"))
            })
            .collect();
        entries.sort_by_key(|(c, _)| seat_order(*c));
        entries
            .into_iter()
            .map(|(_, e)| e)
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{} {pieces} {} {} {} {} {} {}",
        terrain_text(&rows),
        states.join(","),
        recolour(fields[3].chars().next().unwrap()),
        kingdoms
            .into_iter()
            .map(|(_, k)| k)
            .collect::<Vec<_>>()
            .join(","),
        per_colour(fields[5]),
        per_colour(fields[6]),
        per_colour(fields[7]),
    )
}

/// Four players, a quarter turn clockwise: each colour takes the next seat.
fn next_seat(c: char) -> char {
    match c {
        'b' => 'w',
        'w' => 'r',
        'r' => 'g',
        'g' => 'b',
        other => panic!("{other}"),
    }
}

fn swap_two(c: char) -> char {
    match c {
        'b' => 'w',
        'w' => 'b',
        other => panic!("{other}"),
    }
}

/// A few positions of `players` players: shipped ready set-ups, each also after some plies
/// (the first legal move each turn, so the position is fixed).
fn sample_positions(players: usize) -> Vec<String> {
    let path = format!(
        "{}/openings/sceptre1027/ready-{players}.epd",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(3)
    {
        let mut p = pos(line.trim());
        out.push(p.to_text());
        for ply in 0..9 {
            let mut list = MoveList::new();
            p.generate(Scope::All, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list.as_slice()[(ply * 7) % list.len()];
            Rules::make(&mut p, m);
        }
        out.push(p.to_text());
    }
    out
}

#[test]
fn rotation_helper_round_trips_and_moves_the_seats() {
    // Four quarter turns with four seat changes are the identity, and the engine reads every
    // turned position.
    for text in sample_positions(4) {
        let mut turned = text.clone();
        for _ in 0..4 {
            turned = rotate(&turned, 1, next_seat);
            pos(&turned);
        }
        assert_eq!(pos(&turned).to_text(), text);
    }
    // A small case worked by hand: on a 16x8 field, black's king on b1 (south edge) goes to
    // the west edge; the 8-wide field is 8 high after the turn.
    let text = format!(
        "{} Kb@b1,Kw@p8,Pwb@c2 b+,w+ w b@a1,w@i1 - b:Q -",
        meadow(16, 8)
    );
    let turned = rotate(&text, 1, |c| c);
    assert_eq!(
        turned,
        format!(
            "{} Kb@a15,Kw@h1,Pwb@b14 b+,w+ w b@a9,w@a1 - b:Q -",
            meadow(8, 16)
        )
    );
}

#[test]
fn rotating_the_table_permutes_the_evaluation_vector() {
    let eval = SceptreEval::default();
    // Four players on `nine`, a quarter turn: black's entry becomes white's, and so on.
    let mut checked = 0;
    for text in sample_positions(4) {
        let p = pos(&text);
        let q = pos(&rotate(&text, 1, next_seat));
        let before = eval.evaluate_seats(&p);
        let turned = eval.evaluate_seats(&q);
        for colour in PlayerColour::ALL {
            let to = PlayerColour::from_letter(next_seat(colour.letter())).unwrap();
            assert_eq!(
                turned[to.index()],
                before[colour.index()],
                "{colour:?} -> {to:?}: {before:?} turned {turned:?} in {text}"
            );
        }
        assert_eq!(eval.evaluate(&q), eval.evaluate(&p), "{text}");
        // The seats differ, so a wrong permutation would show.
        assert!(before[..4].iter().any(|&s| s != before[0]), "{before:?}");
        checked += 1;
    }
    // A position with an eliminated player, a piece that changed hands, pools and check runs.
    let synthetic = format!(
        "{} Kb@q1,Qb@s4,Pbw@c9,Rb@e20,Kr@a17,Nr@d18,Kg@x24,Bg@t20,Pg@u18 b+,wx,r+,g+ r \
         b@q1,w@a1,r@a17,g@q17 - w:QR,g:P b:1",
        meadow(24, 24)
    );
    let p = pos(&synthetic);
    let q = pos(&rotate(&synthetic, 1, next_seat));
    let before = eval.evaluate_seats(&p);
    let turned = eval.evaluate_seats(&q);
    for colour in PlayerColour::ALL {
        let to = PlayerColour::from_letter(next_seat(colour.letter())).unwrap();
        assert_eq!(turned[to.index()], before[colour.index()], "{synthetic}");
    }
    assert_eq!(eval.evaluate(&q), eval.evaluate(&p));
    // Two players, a half turn: black and white trade places.
    for text in sample_positions(2) {
        let p = pos(&text);
        let q = pos(&rotate(&text, 2, swap_two));
        let before = eval.evaluate_seats(&p);
        let turned = eval.evaluate_seats(&q);
        assert_eq!(
            (turned[0], turned[1]),
            (before[1], before[0]),
            "{text}: {before:?} turned {turned:?}"
        );
        assert_eq!(eval.evaluate(&q), eval.evaluate(&p), "{text}");
        checked += 1;
    }
    assert!(checked >= 12);
}
