//! Sceptre 1027 A.D., rule by rule (docs/rules/sceptre1027.md): small crafted positions, each with the legal
//! moves, make/unmake results or errors worked out by hand from the rules (never copied from
//! what the engine prints). The rulebook's figure 12 examples are rebuilt as positions; bad
//! position strings and bad layout files must be refused with errors, never panics.

use regalia::games::sceptre::{
    KingdomsError, Layout, LayoutError, PieceKind, PlayerColour, PlayerState, PositionField,
    Rotation, SceptrePosition, SceptrePositionError, Terrain, TerrainTextError, Undo,
};
use regalia::session::Variant;
use std::collections::{BTreeMap, BTreeSet};

type E = SceptrePositionError;

const B: PlayerColour = PlayerColour::Black;
const W: PlayerColour = PlayerColour::White;
const R: PlayerColour = PlayerColour::Red;
const G: PlayerColour = PlayerColour::Green;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// 0-based (file, rank) of a square name with one file letter (fields up to 26 wide).
fn coord(name: &str) -> (usize, usize) {
    let split = name.find(|c: char| c.is_ascii_digit()).expect("a rank");
    let (letters, digits) = name.split_at(split);
    assert_eq!(letters.len(), 1, "{name}: one file letter only");
    let file = (letters.as_bytes()[0] - b'a') as usize;
    (file, digits.parse::<usize>().unwrap() - 1)
}

fn name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// A `width` x `height` terrain field of meadow with the listed squares changed (`-` a hole).
fn terrain(width: usize, height: usize, special: &[(&str, char)]) -> String {
    let mut grid = vec![vec!['m'; width]; height];
    for &(sq, letter) in special {
        let (f, r) = coord(sq);
        grid[r][f] = letter;
    }
    (0..height)
        .rev()
        .map(|r| grid[r].iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// Two 8x8 boards touching only at the corner h8/i9 (a1-h8 and i9-p16; the rest holes).
fn corner_field() -> String {
    let mut ranks = vec!["8-8m"; 8];
    ranks.extend(vec!["8m8-"; 8]);
    ranks.join("/")
}

fn pos(text: &str) -> SceptrePosition {
    SceptrePosition::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Every legal move's text.
fn all(p: &mut SceptrePosition) -> BTreeSet<String> {
    let field = p.field().clone();
    p.legal_moves()
        .into_iter()
        .map(|m| m.text(&field))
        .collect()
}

/// The legal moves from `square`, as their destinations (with any promotion letter).
fn from(p: &mut SceptrePosition, square: &str) -> BTreeSet<String> {
    let field = p.field().clone();
    p.legal_moves()
        .into_iter()
        .filter(|m| !m.is_placement() && field.square_name(m.from()) == square)
        .map(|m| m.text(&field)[square.len()..].to_string())
        .collect()
}

/// The squares the side to move may place a `kind` on.
fn placements(p: &mut SceptrePosition, kind: PieceKind) -> BTreeSet<String> {
    let field = p.field().clone();
    p.legal_moves()
        .into_iter()
        .filter(|m| m.placed() == Some(kind))
        .map(|m| field.square_name(m.to()))
        .collect()
}

/// Makes the legal move `text`, failing with the legal list when it is not one.
fn play(p: &mut SceptrePosition, text: &str) -> (regalia::games::sceptre::SceptreMove, Undo) {
    let Some(m) = p.parse_move(text) else {
        let legal = all(p);
        panic!("{text} is not legal in {}; legal: {legal:?}", p.to_text());
    };
    let undo = p.make(m);
    (m, undo)
}

fn assert_moves(p: &mut SceptrePosition, square: &str, expected: &[&str]) {
    let got = from(p, square);
    let want = set(expected);
    assert_eq!(
        got,
        want,
        "moves from {square} in {}\n  missing: {:?}\n  extra: {:?}",
        p.to_text(),
        want.difference(&got).collect::<Vec<_>>(),
        got.difference(&want).collect::<Vec<_>>()
    );
}

fn assert_all(p: &mut SceptrePosition, expected: &[&str]) {
    let got = all(p);
    let want = set(expected);
    assert_eq!(
        got,
        want,
        "legal moves in {}\n  missing: {:?}\n  extra: {:?}",
        p.to_text(),
        want.difference(&got).collect::<Vec<_>>(),
        got.difference(&want).collect::<Vec<_>>()
    );
}

/// The terrain table of docs/rules/sceptre1027.md#terrain: may `kind` stand on (= is not prohibited on) `letter`?
fn may_stand(kind: PieceKind, letter: char) -> bool {
    use PieceKind::*;
    match (kind, letter) {
        (_, 'm') | (_, 'b') => true,
        (King | Queen, 'f') => true,
        (King | Queen, _) => false,
        (Rook, 'c') => true,
        (Rook, _) => false,
        (Bishop, 'f') => true,
        (Bishop, _) => false,
        (Knight, 'c') => false,
        (Knight, _) => true,
        (Pawn, 'p') => false,
        (Pawn, _) => true,
    }
}

fn letter_terrain(letter: char) -> Terrain {
    Terrain::from_letter(letter).unwrap()
}

const FOUR_KINGDOMS: &str = "b@i1,w@a1,r@a9,g@i9";
const THREE_KINGDOMS: &str = "b@i1,w@a1,r@a9";

fn meadow16() -> String {
    terrain(16, 16, &[])
}

// ---------------------------------------------------------------------------------------------
// Set-up phase
// ---------------------------------------------------------------------------------------------

/// Placements only on empty squares of one's own kingdom where the piece may stand.
#[test]
fn set_up_places_only_in_the_own_kingdom_where_the_piece_may_stand() {
    // Black's kingdom a1-h8 has a river a1, pond b1, ruin c1, forest d1, bridge e1;
    // white's kingdom a9-h16 has a forest and a ruin too (never black's to use).
    let special = [
        ("a1", 'r'),
        ("b1", 'p'),
        ("c1", 'c'),
        ("d1", 'f'),
        ("e1", 'b'),
        ("c12", 'f'),
        ("d12", 'c'),
    ];
    let field = terrain(8, 16, &special);
    let letter_at = |f: usize, r: usize| {
        special
            .iter()
            .find(|(s, _)| coord(s) == (f, r))
            .map_or('m', |&(_, l)| l)
    };
    for kind in PieceKind::ALL {
        let (pieces, lists) = if kind == PieceKind::King {
            ("-".to_string(), "b:K,w:K".to_string())
        } else {
            ("Kb@h1".to_string(), format!("b:{},w:K", kind.letter()))
        };
        let mut p = pos(&format!("{field} {pieces} b+,w+ b b@a1,w@a9 {lists} - -"));
        let mut expected = BTreeSet::new();
        for r in 0..8 {
            for f in 0..8 {
                if kind != PieceKind::King && (f, r) == (7, 0) {
                    continue; // the black king stands on h1
                }
                if may_stand(kind, letter_at(f, r)) {
                    expected.insert(name(f, r));
                }
            }
        }
        let got = placements(&mut p, kind);
        assert_eq!(got, expected, "{kind}");
        assert_eq!(all(&mut p).len(), expected.len(), "{kind}: only placements");
    }
}

/// The second bishop goes on the colour the first did not take.
#[test]
fn set_up_second_bishop_on_the_other_colour() {
    let field = terrain(8, 16, &[]);
    let kingdom = |light: bool, skip: &str| -> BTreeSet<String> {
        let mut s = BTreeSet::new();
        for r in 0..8 {
            for f in 0..8 {
                if ((f + r) % 2 == 1) == light && name(f, r) != skip {
                    s.insert(name(f, r));
                }
            }
        }
        s
    };
    // c1 is medium: the second bishop only on light squares (h1, light, is taken).
    let mut p = pos(&format!(
        "{field} Bb@c1,Kb@h1 b+,w+ b b@a1,w@a9 b:B,w:K - -"
    ));
    assert_eq!(placements(&mut p, PieceKind::Bishop), kingdom(true, "h1"));
    // b1 is light: the second bishop only on medium squares (h2, medium, is taken).
    let mut p = pos(&format!(
        "{field} Bb@b1,Kb@h2 b+,w+ b b@a1,w@a9 b:B,w:K - -"
    ));
    assert_eq!(placements(&mut p, PieceKind::Bishop), kingdom(false, "h2"));

    // Played out: the first bishop anywhere, the second on the other colour.
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@h16 b+,w+ b b@a1,w@a9 b:BB,w:N - -"
    ));
    let mut first = kingdom(true, "h1");
    first.extend(kingdom(false, ""));
    assert_eq!(placements(&mut p, PieceKind::Bishop), first);
    play(&mut p, "B@a1"); // medium
    assert_eq!(p.to_move(), W);
    play(&mut p, "N@a16");
    assert_eq!(p.to_move(), B);
    assert_eq!(placements(&mut p, PieceKind::Bishop), kingdom(true, "h1"));
    assert!(p.parse_move("B@c1").is_none(), "c1 is medium like a1");
    play(&mut p, "B@b1");
    assert!(!p.in_set_up());
    assert_eq!(p.to_move(), B);
}

/// No placement may attack an enemy king already placed (blocked lines do not attack).
#[test]
fn set_up_no_placement_attacks_a_placed_enemy_king() {
    let field = terrain(8, 16, &[]);
    let kingdom_without = |excluded: &[&str]| -> BTreeSet<String> {
        let mut s = BTreeSet::new();
        for r in 0..8 {
            for f in 0..8 {
                let n = name(f, r);
                if !excluded.contains(&n.as_str()) {
                    s.insert(n);
                }
            }
        }
        s
    };
    let text =
        |pieces: &str, kind: char| format!("{field} {pieces} b+,w+ b b@a1,w@a9 b:{kind},w:N - -");
    let file_e = ["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8"];
    let diagonals = ["d8", "c7", "b6", "a5", "f8", "g7", "h6"];
    // The white king on e9; black's king h1.
    let mut p = pos(&text("Kb@h1,Kw@e9", 'R'));
    let mut excluded = vec!["h1"];
    excluded.extend(file_e);
    assert_eq!(
        placements(&mut p, PieceKind::Rook),
        kingdom_without(&excluded)
    );
    let mut p = pos(&text("Kb@h1,Kw@e9", 'B'));
    let mut excluded = vec!["h1"];
    excluded.extend(diagonals);
    assert_eq!(
        placements(&mut p, PieceKind::Bishop),
        kingdom_without(&excluded)
    );
    let mut p = pos(&text("Kb@h1,Kw@e9", 'Q'));
    let mut excluded = vec!["h1"];
    excluded.extend(file_e);
    excluded.extend(diagonals);
    assert_eq!(
        placements(&mut p, PieceKind::Queen),
        kingdom_without(&excluded)
    );
    // Knight: e6 b6 h6 (three along a line), d7 f7 c8 g8 (L).
    let mut p = pos(&text("Kb@h1,Kw@e9", 'N'));
    assert_eq!(
        placements(&mut p, PieceKind::Knight),
        kingdom_without(&["h1", "e6", "b6", "h6", "d7", "f7", "c8", "g8"])
    );
    // Black pawns capture north-east and north-west: d8 and f8 would attack e9.
    let mut p = pos(&text("Kb@h1,Kw@e9", 'P'));
    assert_eq!(
        placements(&mut p, PieceKind::Pawn),
        kingdom_without(&["h1", "d8", "f8"])
    );
    // A black pawn on e5 blocks the file: rooks below it do not attack e9.
    let mut p = pos(&text("Kb@h1,Pb@e5,Kw@e9", 'R'));
    assert_eq!(
        placements(&mut p, PieceKind::Rook),
        kingdom_without(&["h1", "e5", "e6", "e7", "e8"])
    );
}

/// A placed pawn attacks as its seat makes it: white, west of three, captures east.
#[test]
fn set_up_pawn_placement_attacks_follow_the_seat() {
    let mut p = pos(&format!(
        "{} Kw@a1,Kb@i4,Kr@a16 b+,w+,r+ w {THREE_KINGDOMS} b:,w:P,r: - -",
        meadow16()
    ));
    let mut expected = BTreeSet::new();
    for r in 0..8 {
        for f in 0..8 {
            let n = name(f, r);
            // a1 is taken; h3 and h5 would capture i4 (east-north-east and east-south-east).
            if !["a1", "h3", "h5"].contains(&n.as_str()) {
                expected.insert(n);
            }
        }
    }
    assert_eq!(placements(&mut p, PieceKind::Pawn), expected);
}

/// No king may be placed on an attacked square.
#[test]
fn set_up_no_king_on_an_attacked_square() {
    let field = terrain(8, 16, &[]);
    // White: king e9 (d8 e8 f8), rook a9 (a1-a8), bishop h9 (g8 f7 e6 d5 c4 b3 a2),
    // pawn c9 (white captures south-west and south-east: b8 d8).
    let mut p = pos(&format!(
        "{field} Kw@e9,Rw@a9,Bw@h9,Pw@c9 b+,w+ b b@a1,w@a9 b:K,w:N - -"
    ));
    let attacked: BTreeSet<String> = set(&[
        "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "g8", "f7", "e6", "d5", "c4", "b3", "b8",
        "d8", "e8", "f8",
    ]);
    let mut expected = BTreeSet::new();
    for r in 0..8 {
        for f in 0..8 {
            if !attacked.contains(&name(f, r)) {
                expected.insert(name(f, r));
            }
        }
    }
    assert_eq!(expected.len(), 46);
    assert_eq!(placements(&mut p, PieceKind::King), expected);
}

/// Placements go black first, then clockwise, skipping players with nothing left to place;
/// when nothing is left anywhere, black makes the first move.
#[test]
fn set_up_turn_order_skips_players_with_nothing_left_then_black_moves() {
    let text = format!(
        "{} Kw@a1,Kb@p1,Kr@a16,Kg@p16 b+,w+,r+,g+ b {FOUR_KINGDOMS} b:N,w:,r:NN,g:N - -",
        meadow16()
    );
    let mut p = pos(&text);
    let text = p.to_text();
    let kingdom_of = |c: PlayerColour| -> (usize, usize) {
        match c {
            PlayerColour::Black => (8, 0),
            PlayerColour::White => (0, 0),
            PlayerColour::Red => (0, 8),
            PlayerColour::Green => (8, 8),
        }
    };
    let mut stack = Vec::new();
    for (mover, placement, next) in [
        (B, "N@l4", R),
        (R, "N@d12", G),
        (G, "N@l12", R),
        (R, "N@e13", B),
    ] {
        assert!(p.in_set_up());
        assert_eq!(p.to_move(), mover);
        // Every move is a placement in the mover's own kingdom.
        let squares = placements(&mut p, PieceKind::Knight);
        assert_eq!(squares.len(), all(&mut p).len());
        let (f0, r0) = kingdom_of(mover);
        for s in &squares {
            let (f, r) = coord(s);
            assert!(
                (f0..f0 + 8).contains(&f) && (r0..r0 + 8).contains(&r),
                "{mover} places on {s}"
            );
        }
        let before = p.to_text();
        stack.push((play(&mut p, placement), before));
        assert_eq!(p.to_move(), next, "after {placement}");
    }
    assert!(!p.in_set_up());
    assert_eq!(p.to_move(), B);
    // Black now moves pieces: no placement among his moves, and his knight l4 may move.
    let moves = all(&mut p);
    assert!(moves.iter().all(|m| !m.contains('@')), "{moves:?}");
    assert!(moves.contains("l4l7"), "{moves:?}");
    while let Some(((m, undo), before)) = stack.pop() {
        p.unmake(m, undo);
        assert_eq!(p.to_text(), before);
    }
    assert_eq!(p.to_text(), text);
}

/// Black moves first after the set-up even when he placed the last piece himself.
#[test]
fn set_up_black_moves_first_even_after_placing_last() {
    let field = terrain(8, 16, &[]);
    let text = format!("{field} Kb@a1,Kw@h16 b+,w+ b b@a1,w@a9 b:N,w: - -");
    let mut p = pos(&text);
    let text = p.to_text();
    let (m, undo) = play(&mut p, "N@d4");
    assert!(!p.in_set_up());
    assert_eq!(p.to_move(), B);
    assert!(all(&mut p).contains("d4e6"));
    p.unmake(m, undo);
    assert_eq!(p.to_text(), text);
    // White placing the last piece: black moves next as well.
    let text = format!("{field} Kb@a1,Kw@h16 b+,w+ w b@a1,w@a9 b:,w:N - -");
    let mut p = pos(&text);
    play(&mut p, "N@d12");
    assert!(!p.in_set_up());
    assert_eq!(p.to_move(), B);
}

/// The set-up of a fresh game starts with black placing, in his own kingdom.
#[test]
fn set_up_of_a_new_game_starts_with_black() {
    let layout = Layout::load("duel").unwrap();
    let mut p = SceptrePosition::start(&layout, 2).unwrap();
    assert!(p.in_set_up());
    assert_eq!(p.to_move(), B);
    // Duel: black sits south, his kingdom is the board at a1 (ranks 1-8).
    let moves = all(&mut p);
    assert!(!moves.is_empty());
    for m in &moves {
        let sq = m.split_once('@').expect("a placement").1;
        let (_, r) = coord(sq);
        assert!(r < 8, "{m}");
    }
}

// ---------------------------------------------------------------------------------------------
// Knight
// ---------------------------------------------------------------------------------------------

/// Three along a rank, file or diagonal, or an L; it jumps pieces and holes; it may land in a
/// river or a pond, never in a ruin, and never on its own piece.
#[test]
fn knight_leaps_three_or_l_over_pieces_and_holes() {
    // Ranks 9-16 hold the test: d12's eight neighbours are holes; d15 river, g9 pond, a12 ruin.
    let mut special = vec![("d15", 'r'), ("g9", 'p'), ("a12", 'c')];
    for h in ["c11", "d11", "e11", "c12", "e12", "c13", "d13", "e13"] {
        special.push((h, '-'));
    }
    let field = terrain(8, 16, &special);
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@a1,Nb@d12,Pb@a9,Pb@d14,Pw@g15 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "d12",
        &[
            "d15", "g15", "g12", "g9", "d9", "a15", // a9 own pawn, a12 ruin
            "e14", "f13", "f11", "e10", "c10", "b11", "b13", "c14",
        ],
    );
    let (m, undo) = play(&mut p, "d12g15");
    assert_eq!(p.pool(W), [0, 0, 0, 0, 0, 1]);
    p.unmake(m, undo);
}

// ---------------------------------------------------------------------------------------------
// Pawn
// ---------------------------------------------------------------------------------------------

/// One to three squares forward, along a forward diagonal or sideways, over empty squares,
/// never capturing that way.
#[test]
fn pawn_moves_one_to_three_over_empty_squares_never_capturing() {
    let field = terrain(8, 8, &[]);
    // d6 own knight (forward stops at d5), f6 enemy two squares up the diagonal (no capture),
    // c4 enemy beside (no sideways capture).
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@h8,Pb@d4,Nb@d6,Nw@f6,Nw@c4 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "d4",
        &["d5", "e5", "c5", "b6", "a7", "e4", "f4", "g4"],
    );
}

/// Captures one square diagonally forward only: not forward, not sideways, not backward.
#[test]
fn pawn_captures_one_diagonal_forward_only() {
    let field = terrain(8, 16, &[]);
    let mut p = pos(&format!(
        "{field} Kb@a16,Kw@h16,Pb@d4,Nw@c5,Nw@e5,Nw@d5,Nw@c3,Nw@e4 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(&mut p, "d4", &["c5", "e5", "c4", "b4", "a4"]);
    // A pawn has no double step from its first rank and moves there as anywhere else.
    let mut p = pos(&format!(
        "{field} Kb@h16,Kw@h14,Pb@a1 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "a1",
        &["a2", "a3", "a4", "b2", "c3", "d4", "b1", "c1", "d1"],
    );
}

/// Forward per seat with four players: south +rank, west +file, north -rank, east -file;
/// captures on the two forward diagonals only.
#[test]
fn pawn_forward_direction_per_seat() {
    let pieces = [
        "Kb@a1,Kw@p1,Kr@a16,Kg@p16",
        "Pb@e5,Pw@d4,Pw@f4,Pw@d6,Pw@f6",
        "Pw@l5,Pr@k4,Pr@k6,Pr@m4,Pr@m6",
        "Pr@e12,Pg@d11,Pg@f11,Pg@d13,Pg@f13",
        "Pg@l12,Pb@k11,Pb@k13,Pb@m11,Pb@m13",
    ]
    .join(",");
    let cases: [(char, &str, [&str; 11]); 4] = [
        (
            'b',
            "e5",
            [
                "e6", "e7", "e8", "f6", "d6", "f5", "g5", "h5", "d5", "c5", "b5",
            ],
        ),
        (
            'w',
            "l5",
            [
                "m5", "n5", "o5", "m6", "m4", "l6", "l7", "l8", "l4", "l3", "l2",
            ],
        ),
        (
            'r',
            "e12",
            [
                "e11", "e10", "e9", "f11", "d11", "f12", "g12", "h12", "d12", "c12", "b12",
            ],
        ),
        (
            'g',
            "l12",
            [
                "k12", "j12", "i12", "k13", "k11", "l13", "l14", "l15", "l11", "l10", "l9",
            ],
        ),
    ];
    for (mover, square, expected) in cases {
        let mut p = pos(&format!(
            "{} {pieces} b+,w+,r+,g+ {mover} {FOUR_KINGDOMS} - - -",
            meadow16()
        ));
        assert_moves(&mut p, square, &expected);
    }
}

/// White's forward depends on the table: north seat (-rank) with two players, west (+file)
/// with three, where red sits north.
#[test]
fn pawn_forward_direction_with_two_and_three_players() {
    let mut p = pos(&format!(
        "{} Kb@a1,Kw@h8,Pw@d5 b+,w+ w b@a1,w@a1 - - -",
        terrain(8, 8, &[])
    ));
    assert_moves(
        &mut p,
        "d5",
        &[
            "d4", "d3", "d2", "e4", "f3", "g2", "c4", "b3", "a2", "e5", "f5", "g5", "c5", "b5",
            "a5",
        ],
    );
    let three = format!(
        "{} Kb@p1,Kw@a1,Kr@p16,Pw@e5,Pr@e12 b+,w+,r+ w {THREE_KINGDOMS} - - -",
        meadow16()
    );
    let mut p = pos(&three);
    assert_moves(
        &mut p,
        "e5",
        &[
            "f5", "g5", "h5", "f6", "g7", "h8", "f4", "g3", "h2", "e6", "e7", "e8", "e4", "e3",
            "e2",
        ],
    );
    let mut p = pos(&three.replace(" w b@i1", " r b@i1"));
    assert_moves(
        &mut p,
        "e12",
        &[
            "e11", "e10", "e9", "f11", "g10", "h9", "d11", "c10", "b9", "f12", "g12", "h12", "d12",
            "c12", "b12",
        ],
    );
}

/// A pawn that passed to the capturer of its king keeps its original colour's forward
/// direction (white, west seat: +file) for moves and captures.
#[test]
fn pawn_passed_to_another_owner_keeps_its_direction() {
    let mut p = pos(&format!(
        "{} Kb@p1,Kr@p16,Pbw@e5,Pr@f4,Pr@d6,Pb@l5 b+,wx,r+ b {THREE_KINGDOMS} - - -",
        meadow16()
    ));
    // f4 is a forward diagonal of an east-moving pawn (capture); d6 is not (it would be for
    // a north-moving pawn).
    assert_moves(
        &mut p,
        "e5",
        &[
            "f5", "g5", "h5", "f6", "g7", "h8", "f4", "e6", "e7", "e8", "e4", "e3", "e2",
        ],
    );
    // It attacks as it captures: a red king on f6 is in check, on d6 it is not.
    let check = |king: &str| {
        pos(&format!(
            "{} Kb@p1,Kr@{king},Pbw@e5 b+,wx,r+ r {THREE_KINGDOMS} - - -",
            meadow16()
        ))
        .in_check(R)
    };
    assert!(check("f6") && check("f4"));
    assert!(!check("d6") && !check("d4") && !check("e6"));
    // Black's own pawn still moves north.
    assert_moves(
        &mut p,
        "l5",
        &[
            "l6", "l7", "l8", "m6", "n7", "o8", "k6", "j7", "i8", "m5", "n5", "o5", "k5", "j5",
            "i5",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// The terrain table
// ---------------------------------------------------------------------------------------------

/// King: open on meadow, forest, bridge; never river, pond, ruin (not even to capture).
#[test]
fn terrain_table_king() {
    let field = terrain(
        8,
        8,
        &[
            ("c6", 'r'),
            ("d6", 'p'),
            ("e6", 'c'),
            ("c5", 'f'),
            ("e5", 'b'),
            ("e4", 'f'),
        ],
    );
    let mut p = pos(&format!("{field} Kb@d5,Kw@h1 b+,w+ b b@a1,w@a1 - - -"));
    assert_moves(&mut p, "d5", &["c5", "e5", "c4", "d4", "e4"]);
    // A white knight on the river c6 cannot be taken by the king; it attacks e5 and d4.
    let mut p = pos(&format!(
        "{field} Kb@d5,Kw@h1,Nw@c6 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(&mut p, "d5", &["c5", "c4", "e4"]);
}

/// Queen: crosses forest and bridge; river, pond and ruin stop her (no capture there).
#[test]
fn terrain_table_queen() {
    let field = terrain(
        8,
        8,
        &[
            ("d5", 'r'),
            ("e5", 'f'),
            ("e4", 'b'),
            ("g4", 'c'),
            ("e3", 'p'),
        ],
    );
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@a8,Qb@d4,Nw@d5 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "d4",
        &[
            "e5", "f6", "g7", "h8", "e4", "f4", "d3", "d2", "d1", "c3", "b2", "a1", "c4", "b4",
            "a4", "c5", "b6", "a7",
        ],
    );
}

/// Rook: forest, river and pond prohibited (a bishop in the forest cannot be taken); bridge
/// open. Bishop: river, pond and ruin prohibited; bridge open.
#[test]
fn terrain_table_rook_and_bishop() {
    let field = terrain(
        8,
        8,
        &[
            ("d5", 'f'),
            ("e4", 'b'),
            ("g4", 'c'),
            ("d3", 'r'),
            ("c4", 'p'),
        ],
    );
    let mut p = pos(&format!(
        "{field} Kb@a1,Kw@h8,Rb@d4,Bw@d5 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(&mut p, "d4", &["e4", "f4"]);
    let field = terrain(8, 8, &[("e5", 'r'), ("e3", 'c'), ("c3", 'p'), ("c5", 'b')]);
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@a8,Bb@d4,Nw@e5 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(&mut p, "d4", &["c5", "b6", "a7"]);
}

// ---------------------------------------------------------------------------------------------
// Limited sliders
// ---------------------------------------------------------------------------------------------

/// A rook enters a ruin only with its first step and stops there; from a ruin it takes one
/// step, and slides on when that step leaves the ruins.
#[test]
fn limited_rook_in_ruins() {
    let field = terrain(8, 8, &[("c2", 'c'), ("b5", 'c'), ("f5", 'c'), ("f6", 'c')]);
    let mut p = pos(&format!(
        "{field} Kb@a1,Kw@h8,Rb@b2,Rb@f5,Pw@c2,Pw@b5 b+,w+ b b@a1,w@a1 - - -"
    ));
    // c2: the pawn in the ruin is taken with the first step; b5 (third step) is out of reach.
    assert_moves(&mut p, "b2", &["c2", "b3", "b4", "b1", "a2"]);
    assert_moves(
        &mut p,
        "f5",
        &["f6", "g5", "h5", "f4", "f3", "f2", "f1", "e5", "d5", "c5"],
    );
}

/// A bishop enters a forest only with its first step and stops there; from a forest it takes
/// one step, and slides on when that step leaves the forest.
#[test]
fn limited_bishop_in_forest() {
    let field = terrain(8, 8, &[("d3", 'f'), ("e6", 'f'), ("f5", 'f')]);
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@a8,Bb@b1,Bb@f5,Nw@d3,Nw@e6 b+,w+ b b@a1,w@a1 - - -"
    ));
    // d3 (forest, second step) holds a knight out of reach.
    assert_moves(&mut p, "b1", &["c2", "a2"]);
    // e6: the knight in the forest is taken with the first step.
    assert_moves(&mut p, "f5", &["g6", "h7", "e6", "g4", "h3", "e4"]);
}

/// Attacks follow the same limits: a rook behind a ruin does not check, a rook in the ruin
/// does; a bishop leaving a forest checks down the diagonal; a king in a forest is checked
/// by a bishop next to it.
#[test]
fn limited_sliders_attack_as_they_capture() {
    let field = terrain(8, 8, &[("a2", 'c')]);
    let p = pos(&format!(
        "{field} Rw@a1,Kb@a3,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert!(
        !p.in_check(B),
        "the rook a1 would enter the ruin a2 and stop"
    );
    let p = pos(&format!(
        "{field} Rw@a2,Kb@a5,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert!(
        p.in_check(B),
        "the rook leaves the ruin a2 and slides a3 a4 a5"
    );
    let field = terrain(8, 8, &[("c3", 'f')]);
    let p = pos(&format!(
        "{field} Bw@c3,Kb@f6,Kw@h1 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert!(p.in_check(B), "the bishop leaves the forest c3: d4 e5 f6");
    let field = terrain(8, 8, &[("d4", 'f')]);
    let p = pos(&format!(
        "{field} Bw@c3,Kb@d4,Kw@h1 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert!(p.in_check(B), "the forest d4 is the bishop's first step");
}

// ---------------------------------------------------------------------------------------------
// Pawns in ruins and rivers
// ---------------------------------------------------------------------------------------------

/// A pawn enters a ruin only with its first step and stops; a pawn starting in a ruin moves
/// through it and out, but may not enter another ruin in the same move.
#[test]
fn pawn_in_ruins() {
    let field = terrain(8, 8, &[("b3", 'c'), ("e5", 'c'), ("g3", 'c'), ("g4", 'c')]);
    let mut p = pos(&format!(
        "{field} Kb@a1,Kw@h8,Pb@b2,Pb@g3 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "b2",
        &["b3", "c3", "d4", "a3", "c2", "d2", "e2", "a2"],
    );
    assert_moves(
        &mut p,
        "g3",
        &["g4", "g5", "g6", "h4", "f4", "h3", "f3", "e3", "d3"],
    );
    // A capture onto a ruin is a one-square move into it: allowed.
    let field = terrain(8, 8, &[("e5", 'c')]);
    let mut p = pos(&format!(
        "{field} Kb@a1,Kw@h8,Pb@d4,Rw@e5 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "d4",
        &[
            "d5", "d6", "d7", "e5", "c5", "b6", "a7", "e4", "f4", "g4", "c4", "b4", "a4",
        ],
    );
}

/// Entering a river ends the move (also on a second step, also from a bridge); a pawn on a
/// river leaves it by a normal move or steps one square along it (backward too); captures
/// from a river onto other terrain are allowed, diagonal river-to-river never.
#[test]
fn pawn_in_rivers_entering_and_leaving() {
    let field = terrain(
        8,
        8,
        &[
            ("d5", 'r'),
            ("e5", 'r'),
            ("f5", 'r'),
            ("d4", 'r'),
            ("a3", 'r'),
            ("b3", 'r'),
            ("c3", 'b'),
            ("d3", 'r'),
        ],
    );
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@a8,Pb@b1,Pb@d4,Pb@c3,Nw@e5,Nw@c5 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "b1",
        &["b2", "b3", "c2", "d3", "a2", "c1", "d1", "e1", "a1"],
    );
    // d4 on the river: d5 and d3 (backward) along it; no e5 (river to river diagonally, even
    // to capture the knight there); c5 captured (river to meadow); e4 and c4 leave it.
    assert_moves(
        &mut p,
        "d4",
        &["d5", "d3", "c5", "e4", "f4", "g4", "c4", "b4", "a4"],
    );
    // c3 on the bridge (not river): d3 and b3 are river squares entered, so the move ends.
    assert_moves(&mut p, "c3", &["c4", "b4", "a5", "d3", "b3"]);
}

/// Along the river only one square (no two- or three-square moves), never onto a bridge by
/// the river step (a bridge is not river), but a normal move may leave the river by a bridge.
#[test]
fn pawn_in_rivers_along_the_river_and_bridges() {
    let field = terrain(
        8,
        8,
        &[
            ("a4", 'r'),
            ("b4", 'r'),
            ("c4", 'r'),
            ("d4", 'r'),
            ("e4", 'r'),
            ("c3", 'b'),
            ("e5", 'b'),
        ],
    );
    let mut p = pos(&format!(
        "{field} Kb@a1,Kw@h8,Pb@c4,Pb@e4,Pb@f2 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "c4",
        &["b4", "d4", "c5", "c6", "c7", "d5", "e6", "f7", "b5", "a6"],
    );
    assert_moves(
        &mut p,
        "e4",
        &[
            "d4", "e5", "e6", "e7", "f5", "g6", "h7", "d5", "c6", "b7", "f4", "g4", "h4",
        ],
    );
    assert_moves(
        &mut p,
        "f2",
        &[
            "f3", "f4", "f5", "g3", "h4", "e3", "d4", "g2", "h2", "e2", "d2", "c2",
        ],
    );
    // Diagonally river to river is never a move, also to an empty square.
    let field = terrain(8, 8, &[("c3", 'r'), ("d4", 'r')]);
    let mut p = pos(&format!(
        "{field} Kb@h1,Kw@h8,Pb@c3 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "c3",
        &["c4", "c5", "c6", "b4", "a5", "d3", "e3", "f3", "b3", "a3"],
    );
}

// ---------------------------------------------------------------------------------------------
// Holes and corners
// ---------------------------------------------------------------------------------------------

/// Holes stop sliders and pawns; a diagonal across the corner where two boards touch is a
/// step; knights jump the holes.
#[test]
fn holes_block_sliders_and_pawns_and_corners_join_diagonally() {
    let field = corner_field();
    let mut p = pos(&format!(
        "{field} Kb@a1,Kw@o16,Rb@h1,Bb@g7,Nb@g6 b+,w+ b b@a1,w@i9 - - -"
    ));
    assert_moves(
        &mut p,
        "h1",
        &[
            "h2", "h3", "h4", "h5", "h6", "h7", "h8", "g1", "f1", "e1", "d1", "c1", "b1",
        ],
    );
    assert_moves(
        &mut p,
        "g7",
        &[
            "h8", "i9", "j10", "k11", "l12", "m13", "n14", "o15", "p16", "f8", "h6", "f6", "e5",
            "d4", "c3", "b2",
        ],
    );
    assert_moves(
        &mut p,
        "g6",
        &["j9", "g3", "d3", "d6", "h8", "h4", "f4", "e5", "e7", "f8"],
    );
    // Pawns: black h7 is stopped by the holes h9, i8, i7, f9.
    let text = format!("{field} Kb@a1,Kw@p16,Pb@h7,Pw@i9 b+,w+ b b@a1,w@i9 - - -");
    let mut p = pos(&text);
    let text = p.to_text();
    assert_moves(&mut p, "h7", &["h8", "g8", "g7", "f7", "e7"]);
    // White i9 (moving south) goes diagonally across the corner to h8 and on.
    let mut p = pos(&text.replace(" b b@a1", " w b@a1"));
    assert_moves(&mut p, "i9", &["h8", "g7", "f6", "j9", "k9", "l9"]);
    // A pawn captures across the corner.
    let mut p = pos(&format!(
        "{field} Kb@a1,Kw@p16,Pb@h8,Nw@i9 b+,w+ b b@a1,w@i9 - - -"
    ));
    assert_moves(&mut p, "h8", &["i9", "g8", "f8", "e8"]);
}

/// A king steps across the corner; holes stop kings; a bishop checks across the corner.
#[test]
fn kings_step_across_corners_and_are_checked_across_them() {
    let field = corner_field();
    let mut p = pos(&format!("{field} Kb@h8,Kw@p16 b+,w+ b b@a1,w@i9 - - -"));
    assert_moves(&mut p, "h8", &["g8", "g7", "h7", "i9"]);
    let mut p = pos(&format!(
        "{field} Kb@h8,Kw@p16,Rw@a7 b+,w+ b b@a1,w@i9 - - -"
    ));
    assert!(!p.in_check(B));
    assert_moves(&mut p, "h8", &["g8", "i9"]);
    let mut p = pos(&format!(
        "{field} Kb@h8,Kw@p16,Bw@l12 b+,w+ b b@a1,w@i9 - - -"
    ));
    assert!(p.in_check(B), "l12 k11 j10 i9 h8");
    assert_moves(&mut p, "h8", &["g8", "h7"]);
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

const PROMOTION_FIELD_SPECIAL: [(&str, char); 2] = [("d16", 'f'), ("f16", 'b')];

fn promotion_position(pools: &str, to_move: char) -> SceptrePosition {
    let field = terrain(8, 16, &PROMOTION_FIELD_SPECIAL);
    pos(&format!(
        "{field} Kb@h1,Kw@h12,Pb@a8,Pb@c15,Pb@g16,Nw@b16,Pw@e2 b+,w+ {to_move} b@a1,w@a9 - {pools} -"
    ))
}

/// On a meadow of the field's furthest rank (not the kingdom's), to a captured piece of the
/// pawn's own colour, optionally; never on forest or bridge; sideways along the rank too.
#[test]
fn promotion_on_the_fields_far_rank_meadows_from_the_own_pool() {
    let mut p = promotion_position("b:QN,w:RB", 'b');
    // Rank 8 ends black's kingdom board, not the field: no promotion there.
    assert_moves(
        &mut p,
        "a8",
        &["a9", "a10", "a11", "b9", "c10", "d11", "b8", "c8", "d8"],
    );
    assert_moves(
        &mut p,
        "c15",
        &[
            "c16", "c16q", "c16n", "d16", "b16", "b16q", "b16n", "d15", "e15", "f15", "b15", "a15",
        ],
    );
    assert_moves(
        &mut p,
        "g16",
        &["f16", "e16", "e16q", "e16n", "d16", "h16", "h16q", "h16n"],
    );
    // White's pawn promotes on rank 1, from white's pool (rook, bishop).
    let mut p = promotion_position("b:QN,w:RB", 'w');
    assert_moves(
        &mut p,
        "e2",
        &[
            "e1", "e1r", "e1b", "f1", "f1r", "f1b", "d1", "d1r", "d1b", "f2", "g2", "h2", "d2",
            "c2", "b2",
        ],
    );
}

/// Each seat promotes on its own far edge of the field: black rank 16, white (west) file p,
/// red (north) rank 1, green (east) file a, each from his own pool.
#[test]
fn promotion_far_edge_per_seat() {
    let pieces = "Kb@a1,Kw@p1,Kr@a16,Kg@p16,Pb@e15,Pw@o5,Pr@l2,Pg@b12";
    let cases: [(char, &str, [&str; 12]); 4] = [
        (
            'b',
            "e15",
            [
                "e16", "e16b", "f16", "f16b", "d16", "d16b", "f15", "g15", "h15", "d15", "c15",
                "b15",
            ],
        ),
        (
            'w',
            "o5",
            [
                "p5", "p5r", "p6", "p6r", "p4", "p4r", "o6", "o7", "o8", "o4", "o3", "o2",
            ],
        ),
        (
            'r',
            "l2",
            [
                "l1", "l1q", "m1", "m1q", "k1", "k1q", "m2", "n2", "o2", "k2", "j2", "i2",
            ],
        ),
        (
            'g',
            "b12",
            [
                "a12", "a12n", "a13", "a13n", "a11", "a11n", "b13", "b14", "b15", "b11", "b10",
                "b9",
            ],
        ),
    ];
    for (mover, square, expected) in cases {
        let mut p = pos(&format!(
            "{} {pieces} b+,w+,r+,g+ {mover} {FOUR_KINGDOMS} - b:B,w:R,r:Q,g:N -",
            meadow16()
        ));
        assert_moves(&mut p, square, &expected);
    }
}

/// Without a captured piece of his own colour a pawn does not promote.
#[test]
fn promotion_needs_a_captured_piece_of_the_pawns_colour() {
    for pools in ["-", "w:QRBN"] {
        let mut p = promotion_position(pools, 'b');
        assert_moves(
            &mut p,
            "c15",
            &["c16", "d16", "b16", "d15", "e15", "f15", "b15", "a15"],
        );
        assert_moves(&mut p, "g16", &["f16", "e16", "d16", "h16"]);
    }
}

/// A promotion takes the piece from the pool; a capture adds to the captured piece's pool.
#[test]
fn promotion_draws_from_the_pool_and_unmakes() {
    let mut p = promotion_position("b:QN,w:RB", 'b');
    let text = p.to_text();
    let (m, undo) = play(&mut p, "c15c16q");
    assert_eq!(p.pool(B), [0, 0, 0, 0, 1, 0]);
    assert_eq!(p.pool(W), [0, 0, 1, 1, 0, 0]);
    let t = p.to_text();
    assert!(t.contains("Qb@c16") && !t.contains("Pb@c15"), "{t}");
    p.unmake(m, undo);
    assert_eq!(p.to_text(), text);
    let (m, undo) = play(&mut p, "c15b16n");
    assert_eq!(p.pool(B), [0, 1, 0, 0, 0, 0]);
    assert_eq!(p.pool(W), [0, 0, 1, 1, 1, 0], "the white knight taken");
    assert!(p.to_text().contains("Nb@b16"));
    p.unmake(m, undo);
    assert_eq!(p.to_text(), text);
}

/// A pawn that passed to black keeps white's promotion file (the last file: white sits west)
/// and white's pool.
#[test]
fn promotion_of_a_passed_pawn_uses_its_own_colour() {
    let mut p = pos(&format!(
        "{} Kb@h1,Kr@h16,Pbw@o5,Pb@c15 b+,wx,r+ b {THREE_KINGDOMS} - b:Q,w:R -",
        meadow16()
    ));
    assert_moves(
        &mut p,
        "o5",
        &[
            "p5", "p5r", "p6", "p6r", "p4", "p4r", "o6", "o7", "o8", "o4", "o3", "o2",
        ],
    );
    assert_moves(
        &mut p,
        "c15",
        &[
            "c16", "c16q", "d16", "d16q", "b16", "b16q", "d15", "e15", "f15", "b15", "a15",
        ],
    );
    let (_, _) = play(&mut p, "o5p5r");
    assert_eq!(p.pool(W), [0; 6]);
    assert_eq!(p.pool(B), [0, 1, 0, 0, 0, 0]);
    assert!(p.to_text().contains("Rbw@p5"), "{}", p.to_text());
}

// ---------------------------------------------------------------------------------------------
// Check, mate, elimination, withdrawal
// ---------------------------------------------------------------------------------------------

/// No move may leave the mover's king attacked: a pinned bishop stays, the king avoids
/// attacked squares.
#[test]
fn check_no_move_leaves_the_own_king_attacked() {
    let mut p = pos(&format!(
        "{} Kb@e1,Bb@e2,Rw@e8,Rw@a2,Kw@a8 b+,w+ b b@a1,w@a1 - - -",
        terrain(8, 8, &[])
    ));
    assert_all(&mut p, &["e1d1", "e1f1", "e1f2"]);
}

/// A pawn attacks only its capture squares: a king may stand beside it or in front of it,
/// and may take it when nothing guards it.
#[test]
fn check_a_pawn_attacks_only_where_it_captures() {
    let mut p = pos(&format!(
        "{} Pw@d5,Kb@d4,Kw@h8 b+,w+ b b@a1,w@a1 - - -",
        terrain(8, 8, &[])
    ));
    // White's pawn (moving south) attacks c4 and e4 only.
    assert!(!p.in_check(B));
    assert_moves(&mut p, "d4", &["c3", "d3", "e3", "c5", "e5", "d5"]);
}

/// Two players: checkmate is no legal move at all (a pawn that could move does not).
#[test]
fn two_players_checkmate_leaves_no_moves() {
    let mut p = pos(&format!(
        "{} Kb@h8,Rw@a8,Rw@b7,Kw@a1,Pb@c2 b+,w+ b b@a1,w@a1 - - -",
        terrain(8, 8, &[])
    ));
    assert!(p.in_check(B));
    assert_all(&mut p, &[]);
    assert!(!p.must_withdraw());
}

/// Two players: stalemate is no legal move, and nobody withdraws (a draw).
#[test]
fn two_players_stalemate_leaves_no_moves() {
    let mut p = pos(&format!(
        "{} Kb@h8,Qw@g6,Kw@a1 b+,w+ b b@a1,w@a1 - - -",
        terrain(8, 8, &[])
    ));
    assert!(!p.in_check(B));
    assert_all(&mut p, &[]);
    assert!(!p.must_withdraw());
}

/// Three players: a checkmated player must still move, a piece other than the king; then
/// an opponent may take his king: he is eliminated, his pieces pass to the capturer
/// (keeping their colour and direction), and the capturer gets no extra turn.
#[test]
fn three_players_checkmated_must_move_then_his_king_is_taken() {
    let text = format!(
        "{} Kw@a1,Rb@a8,Rb@b8,Pw@e10,Kb@p1,Kr@p16 b+,w+,r+ w {THREE_KINGDOMS} - - -",
        meadow16()
    );
    let mut p = pos(&text);
    let text = p.to_text();
    assert!(p.in_check(W));
    assert_all(
        &mut p,
        &[
            "e10f10", "e10g10", "e10h10", "e10f11", "e10g12", "e10h13", "e10f9", "e10g8", "e10h7",
            "e10e11", "e10e12", "e10e13", "e10e9", "e10e8", "e10e7",
        ],
    );
    let mut stack = vec![];
    stack.push(play(&mut p, "e10f10"));
    assert_eq!(p.to_move(), R);
    stack.push(play(&mut p, "p16p15"));
    assert_eq!(p.to_move(), B);
    stack.push(play(&mut p, "a8a1"));
    assert_eq!(p.state(W), Some(PlayerState::Eliminated));
    assert_eq!(p.to_move(), R, "no extra turn for black; white is out");
    assert_eq!(p.playing_count(), 2);
    assert_eq!(p.pool(W), [0; 6], "kings never enter a pool");
    let t = p.to_text();
    assert!(t.contains("Pbw@f10") && t.contains(" b+,wx,r+ r "), "{t}");
    // Red may not move the pawn that is black's now.
    assert!(from(&mut p, "f10").is_empty());
    stack.push(play(&mut p, "p15p16"));
    assert_eq!(p.to_move(), B);
    // Black moves it, east as white's pawn.
    assert_moves(
        &mut p,
        "f10",
        &[
            "g10", "h10", "i10", "g11", "h12", "i13", "g9", "h8", "i7", "f11", "f12", "f13", "f9",
            "f8", "f7",
        ],
    );
    while let Some((m, undo)) = stack.pop() {
        p.unmake(m, undo);
    }
    assert_eq!(p.to_text(), text);
}

/// Three players: a checkmated player whose other pieces cannot move must move his king
/// (onto an attacked square).
#[test]
fn three_players_checkmated_with_no_other_move_moves_the_king() {
    // The white pawn p8 (moving east, off the field) is shut in by the ponds p7 and p9.
    let field = terrain(16, 16, &[("p7", 'p'), ("p9", 'p')]);
    let mut p = pos(&format!(
        "{field} Kw@a1,Rb@a8,Rb@b8,Pw@p8,Kb@p1,Kr@p16 b+,w+,r+ w {THREE_KINGDOMS} - - -"
    ));
    assert!(p.in_check(W));
    assert_all(&mut p, &["a1a2", "a1b1", "a1b2"]);
}

/// Pieces that had already passed once pass on with their new owner's other pieces, still
/// of their own colour; taking the move back gives each its owner again.
#[test]
fn king_capture_passes_on_pieces_inherited_before() {
    // Four seats: white is out and red holds white's pawn c9 and knight e6.
    let text = format!(
        "{} Kb@p1,Bb@d4,Kr@h8,Prw@c9,Nrw@e6,Pr@h12,Kg@p16 b+,wx,r+,g+ b {FOUR_KINGDOMS} - - -",
        meadow16()
    );
    let mut p = pos(&text);
    let text = p.to_text();
    let (m, _) = play(&mut p, "d4h8");
    assert_eq!(p.state(R), Some(PlayerState::Eliminated));
    let t = p.to_text();
    assert!(
        t.contains("Pbw@c9") && t.contains("Nbw@e6") && t.contains("Pbr@h12"),
        "{t}"
    );
    assert!(t.contains(" b+,wx,rx,g+ g "), "{t}");
    // The white pawn still moves east, the red one south.
    play(&mut p, "p16p15");
    assert_moves(
        &mut p,
        "c9",
        &[
            "d9", "e9", "f9", "d10", "e11", "f12", "d8", "e7", "f6", "c10", "c11", "c12", "c8",
            "c7", "c6",
        ],
    );
    assert_moves(
        &mut p,
        "h12",
        &[
            "h11", "h10", "h9", "i11", "j10", "k9", "g11", "f10", "e9", "i12", "j12", "k12", "g12",
            "f12", "e12",
        ],
    );
    let mut p = pos(&text);
    let (m2, undo2) = play(&mut p, "d4h8");
    assert_eq!((m2, p.to_text()), (m, t));
    p.unmake(m2, undo2);
    assert_eq!(p.to_text(), text);
}

/// A king capture is an ordinary move and must not leave the capturer in check; when the
/// checking piece belongs to the captured king's player it passes to the capturer, so
/// taking that king answers the check.
#[test]
fn king_capture_answers_a_check_only_by_the_captured_players_pieces() {
    let text = |checker: &str| {
        format!(
            "{} Kb@h1,{checker}@h8,Kw@a5,Bb@d8,Kr@p16 b+,w+,r+ b {THREE_KINGDOMS} - - -",
            meadow16()
        )
    };
    let mut p = pos(&text("Rw"));
    assert!(p.in_check(B));
    assert_all(&mut p, &["h1g1", "h1g2", "h1i1", "h1i2", "d8h4", "d8a5"]);
    play(&mut p, "d8a5");
    assert_eq!(p.state(W), Some(PlayerState::Eliminated));
    assert!(p.to_text().contains("Rbw@h8"), "{}", p.to_text());
    assert!(!p.in_check(B));
    assert_eq!(p.to_move(), R);
    // Red's rook gives the check: taking white's king leaves black in check.
    let mut p = pos(&text("Rr"));
    assert!(p.in_check(B));
    assert_all(&mut p, &["h1g1", "h1g2", "h1i1", "h1i2", "d8h4"]);
}

/// Three players: a stalemated player withdraws; his pieces stay, inert (a king may step next
/// to his king), his king can be taken, which only removes it.
#[test]
fn three_players_stalemate_withdraws_the_player() {
    let text = format!(
        "{} Kw@a1,Bb@c4,Kb@p1,Rr@b9,Kr@c1 b+,w+,r+ w {THREE_KINGDOMS} - - -",
        meadow16()
    );
    let mut p = pos(&text);
    let text = p.to_text();
    assert!(!p.in_check(W));
    assert_all(&mut p, &[]);
    assert!(p.must_withdraw());
    // While white plays, his king guards b1 and b2 against red's king.
    let mut playing = pos(&text.replace(" w b@i1", " r b@i1"));
    assert_moves(&mut playing, "c1", &["c2", "d1", "d2"]);

    let undo = p.withdraw();
    assert_eq!(p.state(W), Some(PlayerState::Withdrawn));
    assert_eq!(p.to_move(), R);
    assert_eq!(p.playing_count(), 2);
    assert!(p.to_text().contains(" b+,w=,r+ r "), "{}", p.to_text());
    assert_moves(&mut p, "c1", &["b1", "b2", "c2", "d1", "d2"]);
    let after = p.to_text();
    let mut stack = vec![];
    stack.push(play(&mut p, "c1b1"));
    assert_eq!(p.to_move(), B, "the withdrawn white is skipped");
    stack.push(play(&mut p, "p1p2"));
    assert_eq!(p.to_move(), R);
    stack.push(play(&mut p, "b1a1"));
    assert_eq!(p.state(W), Some(PlayerState::Withdrawn), "only removed");
    assert_eq!(p.to_move(), B);
    assert!(!p.to_text().contains("Kw@"), "{}", p.to_text());
    assert_eq!(p.pool(W), [0; 6]);
    while let Some((m, u)) = stack.pop() {
        p.unmake(m, u);
    }
    assert_eq!(p.to_text(), after);
    p.unwithdraw(undo);
    assert_eq!(p.to_text(), text);
}

/// Withdrawn pieces neither move nor attack nor pin, but block and can be captured (into
/// their colour's pool); capturing a withdrawn king only removes it.
#[test]
fn withdrawn_pieces_are_inert_but_can_be_captured() {
    let pieces = "Kb@c2,Kw@e3,Rw@c8,Nw@a4,Rb@h8,Rb@e16,Kr@p16";
    let text = format!("{} {pieces} b+,w=,r+ b {THREE_KINGDOMS} - - -", meadow16());
    let mut p = pos(&text);
    let text = p.to_text();
    assert!(!p.in_check(B));
    assert_moves(
        &mut p,
        "c2",
        &["b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"],
    );
    let rook = from(&mut p, "h8");
    assert!(rook.contains("c8"), "{rook:?}");
    assert!(!rook.contains("b8"), "the withdrawn rook blocks: {rook:?}");
    // The same pieces with white playing: check from c8, knight a4 and king e3 guard squares.
    let mut active = pos(&text.replace("b+,w=,r+", "b+,w+,r+"));
    assert!(active.in_check(B));
    assert_moves(&mut active, "c2", &["b1", "b3"]);

    // A black rook between his king and the withdrawn rook is not pinned.
    let with_rook = text.replace("Kb@c2,", "Kb@c2,Rb@c5,");
    let mut free = pos(&with_rook);
    let mut expected = vec!["b5", "a5", "c6", "c7", "c8", "c4", "c3"];
    expected.extend([
        "d5", "e5", "f5", "g5", "h5", "i5", "j5", "k5", "l5", "m5", "n5", "o5", "p5",
    ]);
    assert_moves(&mut free, "c5", &expected);
    let mut pinned = pos(&with_rook.replace("b+,w=,r+", "b+,w+,r+"));
    assert_moves(&mut pinned, "c5", &["c6", "c7", "c8", "c4", "c3"]);

    let (m, undo) = play(&mut p, "h8c8");
    assert_eq!(p.pool(W), [0, 0, 1, 0, 0, 0]);
    assert_eq!(p.state(W), Some(PlayerState::Withdrawn));
    assert_eq!(p.to_move(), R);
    p.unmake(m, undo);
    let (m, undo) = play(&mut p, "e16e3");
    assert_eq!(p.state(W), Some(PlayerState::Withdrawn));
    assert_eq!(p.pool(W), [0; 6]);
    assert_eq!(p.to_move(), R);
    let t = p.to_text();
    assert!(
        !t.contains("Kw@") && t.contains("Rw@c8") && t.contains("Nw@a4"),
        "{t}"
    );
    p.unmake(m, undo);
    assert_eq!(p.to_text(), text);
    // A withdrawn player is never to move.
    assert_eq!(
        SceptrePosition::from_text(&text.replace("b+,w=,r+ b", "b+,w=,r+ w")),
        Err(E::NotPlaying(W))
    );
}

/// "Two players" counts the active ones: with one of three withdrawn, mate ends the game and
/// stalemate is a draw (no withdrawal).
#[test]
fn two_active_of_three_mate_and_stalemate_end_the_game() {
    let mut p = pos(&format!(
        "{} Kb@a1,Rr@a8,Rr@b8,Kr@p16,Kw@h8,Pb@e5 b+,w=,r+ b {THREE_KINGDOMS} - - -",
        meadow16()
    ));
    assert!(p.in_check(B));
    assert_all(&mut p, &[]);
    assert!(!p.must_withdraw());
    let mut p = pos(&format!(
        "{} Kb@a1,Rr@b8,Rr@h2,Kr@p16,Kw@h8 b+,w=,r+ b {THREE_KINGDOMS} - - -",
        meadow16()
    ));
    assert!(!p.in_check(B));
    assert_all(&mut p, &[]);
    assert!(!p.must_withdraw());
}

/// Captured pieces are pooled by their original colour, whoever took them.
#[test]
fn captured_pieces_are_pooled_by_original_colour() {
    let text = format!(
        "{} Kb@p1,Pbw@e10,Bb@i2,Rr@e16,Nr@l5,Kr@h16 b+,wx,r+ r {THREE_KINGDOMS} - b:Q -",
        meadow16()
    );
    let mut p = pos(&text);
    let text = p.to_text();
    let (m1, u1) = play(&mut p, "e16e10");
    assert_eq!(
        p.pool(W),
        [0, 0, 0, 0, 0, 1],
        "a white pawn, though black's"
    );
    assert_eq!(p.pool(B), [0, 1, 0, 0, 0, 0]);
    assert_eq!(p.pool(R), [0; 6]);
    assert_eq!(p.to_move(), B);
    let (m2, u2) = play(&mut p, "i2l5");
    assert_eq!(p.pool(R), [0, 0, 0, 0, 1, 0]);
    assert!(p.to_text().contains(" b:Q,w:P,r:N "), "{}", p.to_text());
    p.unmake(m2, u2);
    p.unmake(m1, u1);
    assert_eq!(p.to_text(), text);
}

/// The check run counts a player's consecutive checking moves.
#[test]
fn check_runs_count_consecutive_checks() {
    let text = format!(
        "{} Kb@a1,Rb@h2,Kw@e8 b+,w+ b b@a1,w@a1 - - -",
        terrain(8, 8, &[])
    );
    let mut p = pos(&text);
    let text = p.to_text();
    let mut stack = vec![];
    stack.push(play(&mut p, "h2h8"));
    assert!(p.in_check(W));
    assert_eq!(p.check_run(B), 1);
    stack.push(play(&mut p, "e8e7"));
    assert_eq!(p.check_run(W), 0);
    stack.push(play(&mut p, "h8h7"));
    assert_eq!(p.check_run(B), 2);
    assert!(p.to_text().ends_with(" b:2"), "{}", p.to_text());
    stack.push(play(&mut p, "e7d6"));
    stack.push(play(&mut p, "a1b1"));
    assert_eq!(p.check_run(B), 0);
    while let Some((m, u)) = stack.pop() {
        p.unmake(m, u);
    }
    assert_eq!(p.to_text(), text);
}

/// Perpetual check (two players): the white queen checks from e4 and e3 while the black king
/// goes between h1 and g1. g1h1 would bring the position with white to move for the third
/// time, white having checked with each of his four moves since its first occurrence: black
/// is checkmated, and a won game has no moves, in perft too (docs/rules/README.md, §5).
#[test]
fn perpetual_check_is_lost_and_perft_counts_no_moves_after_it() {
    let start = format!(
        "{} Kb@h1,Qw@e3,Kw@a8 b+,w+ w b@a1,w@a1 - - -",
        terrain(8, 8, &[])
    );
    let mut cycle: Vec<String> = "e3e4 h1g1 e4e3 g1h1 e3e4 h1g1 e4e3"
        .split(' ')
        .map(String::from)
        .collect();
    let mut session = Variant::Sceptre.new_session();
    session.set_position(Some(&start), &cycle).unwrap();
    // Below each other king move: the queen's 25 moves and the white king's 3 (by hand).
    let counts: BTreeMap<String, u64> = session.perft(2, 1).into_iter().collect();
    let expected: BTreeMap<String, u64> = [("g1f1", 28), ("g1g2", 28), ("g1h1", 0), ("g1h2", 28)]
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect();
    assert_eq!(counts, expected);
    cycle.push("g1h1".to_string());
    session.set_position(Some(&start), &cycle).unwrap();
    assert!(session.legal_moves().is_empty());
    assert!(session.perft(1, 1).is_empty());
    // The same position without its history plays on.
    let text = session.position_text();
    session.set_position(Some(&text), &[]).unwrap();
    assert_eq!(session.perft(1, 1).len(), 28);
}

/// A third occurrence is lost only by a player checked with every move of one opponent alone
/// since its first occurrence (four white moves in eight plies): a shorter run, no run, or both
/// players checking throughout make it a draw.
#[test]
fn perpetual_check_needs_one_player_alone_checking_throughout() {
    let with_runs = |runs: &str| {
        pos(&format!(
            "{} Kb@h1,Qw@e3,Kw@a8 b+,w+ w b@a1,w@a1 - - {runs}",
            terrain(8, 8, &[])
        ))
    };
    assert_eq!(with_runs("w:4").perpetual_winner(8), Some(W));
    assert_eq!(with_runs("w:3").perpetual_winner(8), None);
    assert_eq!(with_runs("-").perpetual_winner(8), None);
    assert_eq!(with_runs("b:4,w:4").perpetual_winner(8), None);
}

// ---------------------------------------------------------------------------------------------
// The rulebook's figure 12
// ---------------------------------------------------------------------------------------------

/// 1. Illegal: a pawn on a river may not capture diagonally along the river's bend.
#[test]
fn figure_12_1_no_pawn_capture_along_a_river_bend() {
    // The river runs down the e-file to e6 and turns west: e8 e7 e6 d6 c6 b6 a6.
    let field = terrain(
        8,
        8,
        &[
            ("e8", 'r'),
            ("e7", 'r'),
            ("e6", 'r'),
            ("d6", 'r'),
            ("c6", 'r'),
            ("b6", 'r'),
            ("a6", 'r'),
        ],
    );
    let mut p = pos(&format!(
        "{field} Pw@e7,Nb@d6,Kw@a8,Kb@h1 b+,w+ w b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "e7",
        &[
            "e8", "e6", "f6", "g5", "h4", "f7", "g7", "h7", "d7", "c7", "b7",
        ],
    );
    // Onto the meadow f6 the same pawn does capture.
    let mut p = pos(&format!(
        "{field} Pw@e7,Nb@d6,Nb@f6,Kw@a8,Kb@h1 b+,w+ w b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "e7",
        &["e8", "e6", "f6", "f7", "g7", "h7", "d7", "c7", "b7"],
    );
}

/// 2. No check: a rook cannot enter the forest the king stands in.
#[test]
fn figure_12_2_no_rook_check_into_a_forest() {
    let field = terrain(8, 8, &[("e5", 'f')]);
    let text = format!("{field} Rw@e1,Kb@e5,Kw@a8 b+,w+ b b@a1,w@a1 - - -");
    let mut p = pos(&text);
    let text = p.to_text();
    assert!(!p.in_check(B));
    assert_moves(&mut p, "e5", &["d4", "f4", "d5", "f5", "d6", "e6", "f6"]);
    let mut p = pos(&text.replace(" b b@a1", " w b@a1"));
    assert_moves(
        &mut p,
        "e1",
        &["e2", "e3", "e4", "f1", "g1", "h1", "d1", "c1", "b1", "a1"],
    );
}

/// 3. No check yet: a bishop must stop before the forest the king stands in.
#[test]
fn figure_12_3_no_bishop_check_across_a_forest_edge() {
    let field = terrain(8, 8, &[("d4", 'f')]);
    let text = format!("{field} Bw@a1,Kb@d4,Kw@h8 b+,w+ b b@a1,w@a1 - - -");
    let mut p = pos(&text);
    let text = p.to_text();
    assert!(!p.in_check(B));
    assert_moves(&mut p, "d4", &["c4", "c5", "d5", "e5", "e4", "e3", "d3"]);
    let mut p = pos(&text.replace(" b b@a1", " w b@a1"));
    assert_moves(&mut p, "a1", &["b2", "c3"]);
}

/// 4. The queen in a forest takes a bishop the bishop could not take back.
#[test]
fn figure_12_4_queen_takes_a_bishop_that_could_not_take_her() {
    let field = terrain(8, 8, &[("g7", 'f')]);
    let text = format!("{field} Qw@g7,Bb@d4,Kb@h1,Kw@a8 b+,w+ w b@a1,w@a1 - - -");
    let mut p = pos(&text);
    let text = p.to_text();
    let (m, undo) = play(&mut p, "g7d4");
    assert_eq!(p.pool(B), [0, 0, 0, 1, 0, 0]);
    p.unmake(m, undo);
    let mut p = pos(&text.replace(" w b@a1", " b b@a1"));
    assert_moves(
        &mut p,
        "d4",
        &[
            "e5", "f6", "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2", "a1",
        ],
    );
}

/// 5. A knight jumps over ruins to capture; it may not capture a piece standing in a ruin.
#[test]
fn figure_12_5_knight_jumps_ruins_to_capture() {
    let field = terrain(8, 8, &[("d4", 'c'), ("e5", 'c'), ("e4", 'c')]);
    let mut p = pos(&format!(
        "{field} Nw@c3,Bb@f6,Rb@e4,Kw@a8,Kb@h1 b+,w+ w b@a1,w@a1 - - -"
    ));
    assert_moves(
        &mut p,
        "c3",
        &["c6", "f6", "f3", "d5", "e2", "d1", "b1", "a2", "a4", "b5"],
    );
    let (m, undo) = play(&mut p, "c3f6");
    assert_eq!(p.pool(B), [0, 0, 0, 1, 0, 0]);
    p.unmake(m, undo);
}

/// 6. Check: the knight is unaffected by the forest the king stands in.
#[test]
fn figure_12_6_knight_checks_a_king_in_a_forest() {
    let field = terrain(8, 8, &[("d5", 'f')]);
    let mut p = pos(&format!(
        "{field} Kb@d5,Nw@g2,Pb@a2,Kw@h8 b+,w+ b b@a1,w@a1 - - -"
    ));
    assert!(
        p.in_check(B),
        "g2 to d5 is three squares along the diagonal"
    );
    assert_all(
        &mut p,
        &[
            "d5c4", "d5d4", "d5e4", "d5c5", "d5e5", "d5c6", "d5d6", "d5e6",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Malformed position strings
// ---------------------------------------------------------------------------------------------

const SMALL: &str = "8m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -";

fn refused(text: &str) -> SceptrePositionError {
    let e = SceptrePosition::from_text(text).expect_err(text);
    assert!(!e.to_string().is_empty(), "{text}");
    e
}

#[test]
fn malformed_truncated_strings_are_refused() {
    let text = format!(
        "{} Kb@p1,Pb@h2,Kw@a1,Nr@c14,Kr@h16,Qg@n10,Kg@p12 b+,w+,r+,g+ w {FOUR_KINGDOMS} - b:QNP,g:R -",
        meadow16()
    );
    pos(&text);
    for cut in 0..text.len() {
        let prefix = &text[..cut];
        let result = std::panic::catch_unwind(|| SceptrePosition::from_text(prefix));
        match result {
            Ok(Ok(_)) => panic!("the truncated string is accepted: {prefix:?}"),
            Ok(Err(e)) => assert!(!e.to_string().is_empty()),
            Err(_) => panic!("panic on the truncated string {prefix:?}"),
        }
    }
    // Bytes that are not ASCII, anywhere, never panic either.
    for (i, _) in text.char_indices().step_by(7) {
        let mut bad = text.clone();
        bad.insert(i, 'é');
        let result = std::panic::catch_unwind(|| SceptrePosition::from_text(&bad));
        assert!(matches!(result, Ok(Err(_))), "{bad}");
    }
}

#[test]
fn malformed_field_count() {
    let e = refused(SMALL.strip_suffix(" -").unwrap());
    assert_eq!(e, E::FieldCount(7));
    assert!(e.to_string().contains("8 fields"), "{e}");
    assert_eq!(refused(&format!("{SMALL} -")), E::FieldCount(9));
    assert_eq!(refused(&SMALL.replacen(' ', "  ", 1)), E::FieldCount(9));
    assert_eq!(refused(""), E::FieldCount(1));
}

#[test]
fn malformed_terrain() {
    let with_terrain = |t: &str| SMALL.replacen("8m/8m/8m/8m/8m/8m/8m/8m", t, 1);
    // Ranks of different widths.
    let e = refused(&with_terrain("8m/8m/8m/8m/8m/8m/7m/8m"));
    assert_eq!(
        e,
        E::TerrainText(TerrainTextError::Ragged {
            rank: 2,
            width: 7,
            expected: 8
        })
    );
    assert!(e.to_string().contains("rank 2"), "{e}");
    let e = refused(&with_terrain("8m/8m/8m/8m/8m/8m/8m/9m"));
    assert!(
        matches!(e, E::TerrainText(TerrainTextError::Ragged { .. })),
        "{e}"
    );
    // Wider or taller than 72.
    let wide = ["73m"; 8].join("/");
    let e = refused(&with_terrain(&wide));
    assert!(
        matches!(e, E::TerrainText(TerrainTextError::Width { width: 73, .. })),
        "{e}"
    );
    assert!(e.to_string().contains("72"), "{e}");
    let wide = ["40m40m"; 8].join("/");
    assert!(matches!(
        refused(&with_terrain(&wide)),
        E::TerrainText(TerrainTextError::Width { .. })
    ));
    let tall = vec!["8m"; 73].join("/");
    let e = refused(&with_terrain(&tall));
    assert_eq!(e, E::TerrainText(TerrainTextError::Height(73)));
    assert!(e.to_string().contains("72"), "{e}");
    // 72 is allowed.
    let widest = ["72m"; 8].join("/");
    pos(&with_terrain(&widest));
    // Bad terrain letters.
    for letter in ['x', 'M', '*', 'k'] {
        let e = refused(&with_terrain(&format!("8m/8m/8m/3m{letter}4m/8m/8m/8m/8m")));
        assert_eq!(
            e,
            E::TerrainText(TerrainTextError::Letter { rank: 5, letter }),
            "{letter}"
        );
        assert!(e.to_string().contains(letter), "{e}");
    }
}

#[test]
fn malformed_pieces_and_owners() {
    let with_pieces = |p: &str| SMALL.replacen("Kb@a1,Kw@h8", p, 1);
    for bad in [
        "Xb@c3", "kb@c3", "Nb@", "Nb", "N@c3", "Nbww@c3", "Nb@c0", "Nb@C3", "Nb@c99",
    ] {
        let e = refused(&with_pieces(&format!("Kb@a1,Kw@h8,{bad}")));
        assert_eq!(
            e,
            E::Token {
                field: PositionField::Pieces,
                token: bad.into()
            },
            "{bad}"
        );
        assert!(e.to_string().contains(bad), "{e}");
    }
    // An owner colour that is no colour, or no player of this game.
    let e = refused(&with_pieces("Kb@a1,Kw@h8,Ny@c3"));
    assert!(matches!(e, E::Token { .. }), "{e}");
    let e = refused(&with_pieces("Kb@a1,Kw@h8,Nr@c3"));
    assert_eq!(
        e,
        E::NotAtTable {
            field: PositionField::Pieces,
            colour: R
        }
    );
    assert!(e.to_string().contains("red"), "{e}");
    // Off the field.
    let e = refused(&with_pieces("Kb@a1,Kw@h8,Nb@i3"));
    assert!(matches!(e, E::NotASquare { .. }), "{e}");
    assert!(e.to_string().contains("i3"), "{e}");
    // Two kings for black; none for white.
    let e = refused(&with_pieces("Kb@a1,Kb@c3,Kw@h8"));
    assert_eq!(
        e,
        E::Kings {
            colour: B,
            count: 2,
            expected: 1
        }
    );
    assert!(e.to_string().contains("black"), "{e}");
    assert_eq!(
        refused(&with_pieces("Kb@a1")),
        E::Kings {
            colour: W,
            count: 0,
            expected: 1
        }
    );
}

/// Every piece on every terrain: accepted exactly where the terrain table allows it to stand.
#[test]
fn malformed_piece_on_prohibited_terrain() {
    for letter in ['m', 'f', 'r', 'p', 'b', 'c'] {
        let field = terrain(8, 8, &[("d4", letter)]);
        for kind in PieceKind::ALL {
            let pieces = if kind == PieceKind::King {
                "Kb@d4,Kw@h8".to_string()
            } else {
                format!("Kb@a1,Kw@h8,{}b@d4", kind.letter())
            };
            let text = format!("{field} {pieces} b+,w+ b b@a1,w@a1 - - -");
            let result = SceptrePosition::from_text(&text);
            if may_stand(kind, letter) {
                assert!(result.is_ok(), "{kind} on {letter}: {result:?}");
            } else {
                let e = result.expect_err(&format!("{kind} on {letter}"));
                assert_eq!(
                    e,
                    E::Ground {
                        square: "d4".into(),
                        kind,
                        terrain: letter_terrain(letter)
                    }
                );
                assert!(e.to_string().contains("d4"), "{e}");
            }
        }
    }
}

#[test]
fn malformed_players_and_side_to_move() {
    let with_rest = |r: &str| SMALL.replacen("b+,w+ b b@a1,w@a1 - - -", r, 1);
    // White eliminated (so no piece of his on the field) cannot be the side to move.
    let e = refused(
        &SMALL
            .replacen("Kb@a1,Kw@h8", "Kb@a1", 1)
            .replacen("b+,w+ b", "b+,wx w", 1),
    );
    assert_eq!(e, E::NotPlaying(W));
    assert!(e.to_string().starts_with("to-move"), "{e}");
    assert_eq!(
        refused(
            &SMALL
                .replacen("Kb@a1,Kw@h8", "Kw@h8", 1)
                .replacen("b+,w+ b", "b=,w+ b", 1)
        ),
        E::NotPlaying(B)
    );
    assert!(matches!(
        refused(&with_rest("b+,w+ x b@a1,w@a1 - - -")),
        E::Token {
            field: PositionField::ToMove,
            ..
        }
    ));
    assert_eq!(
        refused(&with_rest("b+,w+ r b@a1,w@a1 - - -")),
        E::NotAtTable {
            field: PositionField::ToMove,
            colour: R
        }
    );
    assert!(matches!(
        refused(&with_rest("w+,b+ b b@a1,w@a1 - - -")),
        E::Players(_)
    ));
    assert!(matches!(
        refused(&with_rest("b+ b b@a1,w@a1 - - -")),
        E::Players(_)
    ));
    assert!(matches!(
        refused(&with_rest("b+,w? b b@a1,w@a1 - - -")),
        E::Token {
            field: PositionField::Players,
            ..
        }
    ));
}

#[test]
fn malformed_kingdoms() {
    let with_kingdoms = |k: &str| SMALL.replacen("b@a1,w@a1", k, 1);
    let e = refused(&with_kingdoms("b@a1,w@b1"));
    assert!(
        matches!(e, E::Kingdoms(KingdomsError::OffField { colour: W, .. })),
        "{e}"
    );
    assert!(e.to_string().contains("b1"), "{e}");
    assert!(matches!(
        refused(&with_kingdoms("b@a1,w@")),
        E::Kingdoms(KingdomsError::Entry(_))
    ));
    assert!(matches!(
        refused(&with_kingdoms("b@a1,x@a1")),
        E::Kingdoms(KingdomsError::Entry(_))
    ));
    assert!(matches!(
        refused(&with_kingdoms("b@a1,b@a1")),
        E::Kingdoms(KingdomsError::Duplicate(B))
    ));
    assert!(matches!(
        refused(&with_kingdoms("b@a1")),
        E::Kingdoms(KingdomsError::Players(_))
    ));
    assert!(matches!(
        refused(&with_kingdoms("b@a1,w@a1,r@a1")),
        E::NotAtTable {
            field: PositionField::Kingdoms,
            colour: R
        }
    ));
    // Three players, two kingdoms.
    let three = format!(
        "{} Kb@p1,Kw@a1,Kr@p16 b+,w+,r+ b b@i1,w@a1 - - -",
        meadow16()
    );
    assert_eq!(
        refused(&three),
        E::Missing {
            field: PositionField::Kingdoms,
            colour: R
        }
    );
    // A kingdom over a hole of the corner field.
    let e = refused(&format!(
        "{} Kb@a1,Kw@p16 b+,w+ b b@a1,w@a9 - - -",
        corner_field()
    ));
    assert!(
        matches!(e, E::Kingdoms(KingdomsError::OffField { .. })),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// Malformed layout files
// ---------------------------------------------------------------------------------------------

fn layout(boards: &[(i64, i64, &str)], kingdoms: &str) -> String {
    let mut text = "name = \"test\"\nplayers = [2]\n".to_string();
    for (id, rotation, origin) in boards {
        text +=
            &format!("[[boards]]\nboard = {id}\nrotation = {rotation}\norigin = \"{origin}\"\n");
    }
    text + "[kingdoms]\n" + kingdoms
}

fn layout_error(boards: &[(i64, i64, &str)], kingdoms: &str) -> LayoutError {
    let e = Layout::parse(&layout(boards, kingdoms)).expect_err("refused");
    assert!(!e.to_string().is_empty());
    e
}

const SOUTH_1_NORTH_2: &str = "south = 1\nnorth = 2\n";

#[test]
fn layout_valid_reference() {
    // The River's rivers end at the field's edge: allowed.
    let l = Layout::parse(&layout(
        &[(2, 0, "a1"), (1, 0, "a9")],
        "south = 2\nnorth = 1\n",
    ))
    .unwrap();
    assert_eq!((l.grid().width(), l.grid().height()), (8, 16));
}

#[test]
fn layout_truncated_toml_is_refused() {
    let text = layout(&[(2, 0, "a1"), (1, 0, "a9")], "south = 2\nnorth = 1\n");
    Layout::parse(&text).unwrap();
    let full = text.trim_end().len();
    for cut in 0..full {
        let prefix = &text[..cut];
        let result = std::panic::catch_unwind(|| Layout::parse(prefix));
        match result {
            Ok(Ok(_)) => panic!("the truncated layout is accepted: {prefix:?}"),
            Ok(Err(e)) => assert!(!e.to_string().is_empty()),
            Err(_) => panic!("panic on the truncated layout {prefix:?}"),
        }
    }
    assert!(matches!(
        Layout::parse("not toml ["),
        Err(LayoutError::Toml(_))
    ));
}

#[test]
fn layout_unknown_board_and_bad_rotation() {
    let e = layout_error(&[(1, 0, "a1"), (10, 0, "a9")], SOUTH_1_NORTH_2);
    assert_eq!(
        e,
        LayoutError::UnknownBoard {
            entry: 2,
            board: 10
        }
    );
    assert!(e.to_string().contains("10"), "{e}");
    assert!(matches!(
        layout_error(&[(0, 0, "a1"), (1, 0, "a9")], SOUTH_1_NORTH_2),
        LayoutError::UnknownBoard { entry: 1, board: 0 }
    ));
    for degrees in [45, -90, 360, 1] {
        let e = layout_error(&[(1, 0, "a1"), (2, degrees, "a9")], SOUTH_1_NORTH_2);
        assert_eq!(e, LayoutError::Rotation { board: 2, degrees }, "{degrees}");
        assert!(e.to_string().contains(&degrees.to_string()), "{e}");
    }
}

#[test]
fn layout_overlapping_boards_name_the_squares() {
    let e = layout_error(&[(1, 0, "a1"), (2, 0, "e5")], SOUTH_1_NORTH_2);
    assert!(
        matches!(
            e,
            LayoutError::Overlap {
                first: 1,
                second: 2,
                ..
            }
        ),
        "{e}"
    );
    let message = e.to_string();
    assert!(
        message.contains("e5") && message.contains("h8"),
        "{message}"
    );
    // Boards side by side but one square too close.
    let e = layout_error(&[(1, 0, "a1"), (2, 0, "h3")], SOUTH_1_NORTH_2);
    let message = e.to_string();
    assert!(matches!(e, LayoutError::Overlap { .. }), "{e}");
    assert!(
        message.contains("h3") && message.contains("h8"),
        "{message}"
    );
}

#[test]
fn layout_quarter_turn_breaks_the_colours() {
    for (rotation, origin) in [(90, "i1"), (270, "a9")] {
        let e = layout_error(&[(1, 0, "a1"), (2, rotation, origin)], SOUTH_1_NORTH_2);
        assert!(
            matches!(e, LayoutError::Colours { board: 2, .. }),
            "{rotation} at {origin}: {e}"
        );
        let message = e.to_string();
        assert!(
            message.contains(origin) && message.contains(&rotation.to_string()),
            "{message}"
        );
    }
    // Half turns keep the checkerboard (the Ruins have no river to match).
    let l = Layout::parse(&layout(
        &[(1, 0, "a1"), (5, 180, "i1")],
        "south = 1\nnorth = 5\n",
    ))
    .unwrap();
    assert_eq!(l.placements()[1].rotation, Rotation::R180);
}

#[test]
fn layout_rivers_must_meet_at_shared_edges() {
    // The River at i1: its river a5 (global i5) meets the Open Meadow's h5, a meadow.
    let e = layout_error(&[(1, 0, "a1"), (2, 0, "i1")], SOUTH_1_NORTH_2);
    assert!(matches!(e, LayoutError::Rivers { .. }), "{e}");
    let message = e.to_string();
    assert!(
        message.contains("i5") && message.contains("h5"),
        "{message}"
    );
    // The Confluence's river d8 meets the Open Meadow's d1 (global d9) across a north edge.
    let e = layout_error(&[(3, 0, "a1"), (1, 0, "a9")], "south = 3\nnorth = 1\n");
    assert!(matches!(e, LayoutError::Rivers { .. }), "{e}");
    let message = e.to_string();
    assert!(
        message.contains("d8") && message.contains("d9"),
        "{message}"
    );
}

#[test]
fn layout_kingdom_must_be_a_board_of_the_layout() {
    let e = layout_error(&[(1, 0, "a1"), (2, 0, "a9")], "south = 1\nnorth = 7\n");
    assert!(
        matches!(e, LayoutError::KingdomNotABoard { board: 7, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("board 7"), "{e}");
    assert!(matches!(
        layout_error(&[(1, 0, "a1"), (2, 0, "a9")], "south = 1\n"),
        LayoutError::KingdomMissing { .. }
    ));
    assert!(matches!(
        layout_error(&[(1, 0, "a1"), (2, 0, "a9")], "south = 1\nnorth = 1\n"),
        LayoutError::KingdomShared { board: 1, .. }
    ));
    assert!(matches!(
        layout_error(&[(1, 0, "a1"), (1, 0, "a9")], SOUTH_1_NORTH_2),
        LayoutError::DuplicateBoard(1)
    ));
    assert_eq!(
        Layout::load("no-such-layout"),
        Err(LayoutError::NotFound("no-such-layout".into()))
    );
}
