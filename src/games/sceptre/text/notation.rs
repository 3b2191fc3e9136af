//! The position string of protocol.md#sceptre-position-string, both ways: eight fields separated by single spaces,
//! `<terrain> <pieces> <players> <to-move> <kingdoms> <set-up> <pools> <checks>`. Reading
//! takes pieces and list entries in any order; writing is canonical (pieces by square, rank
//! then file; players, kingdoms and lists in playing order; set-up letters `KQRBNP`, pools
//! `QRBNP`, only non-empty pools, only check runs of 1 or more; `-` for an empty field).

use crate::games::sceptre::field::kingdoms::Kingdoms;
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::square::Coord;
use crate::games::sceptre::field::Field;
use crate::games::sceptre::rules::position::{
    PieceCounts, PlayerState, PositionField, SceptrePosition, SceptrePositionError,
};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

type E = SceptrePositionError;
type F = PositionField;

const EMPTY: &str = "-";

fn token(field: PositionField, token: &str) -> SceptrePositionError {
    E::Token {
        field,
        token: token.to_string(),
    }
}

/// A colour given as its one letter.
fn colour_letter(text: &str) -> Option<PlayerColour> {
    let mut letters = text.chars();
    match (letters.next(), letters.next()) {
        (Some(c), None) => PlayerColour::from_letter(c),
        _ => None,
    }
}

/// The `<colour>:<rest>` entries of a list field, each colour a player's and listed once.
fn colour_entries(
    field: PositionField,
    text: &str,
    players: usize,
) -> Result<Vec<(PlayerColour, &str)>, SceptrePositionError> {
    let mut entries: Vec<(PlayerColour, &str)> = Vec::new();
    for entry in text.split(',') {
        let (colour, rest) = entry.split_once(':').ok_or_else(|| token(field, entry))?;
        let colour = colour_letter(colour).ok_or_else(|| token(field, entry))?;
        if colour.index() >= players {
            return Err(E::NotAtTable { field, colour });
        }
        if entries.iter().any(|&(c, _)| c == colour) {
            return Err(E::Duplicate { field, colour });
        }
        entries.push((colour, rest));
    }
    Ok(entries)
}

/// Piece letters counted; `allowed` says which kinds the field may hold.
fn piece_letters(
    field: PositionField,
    entry: &str,
    letters: &str,
    allowed: impl Fn(PieceKind) -> bool,
) -> Result<PieceCounts, SceptrePositionError> {
    let mut counts = PieceCounts::default();
    for letter in letters.chars() {
        let kind = PieceKind::from_letter(letter)
            .filter(|&k| allowed(k))
            .ok_or_else(|| token(field, entry))?;
        let n = &mut counts[kind.index()];
        *n = n.checked_add(1).ok_or_else(|| token(field, entry))?;
    }
    Ok(counts)
}

fn write_letters(out: &mut String, counts: &PieceCounts) {
    for kind in PieceKind::ALL {
        for _ in 0..counts[kind.index()] {
            out.push(kind.letter());
        }
    }
}

fn parse_players(text: &str) -> Result<Vec<PlayerState>, SceptrePositionError> {
    let mut colours = Vec::new();
    let mut states = Vec::new();
    for entry in text.split(',') {
        let mut chars = entry.chars();
        let parsed = match (chars.next(), chars.next(), chars.next()) {
            (Some(c), Some(s), None) => {
                PlayerColour::from_letter(c).zip(PlayerState::from_symbol(s))
            }
            _ => None,
        };
        let (colour, state) = parsed.ok_or_else(|| token(F::Players, entry))?;
        colours.push(colour);
        states.push(state);
    }
    let in_order = colours
        .iter()
        .copied()
        .eq(PlayerColour::ALL.into_iter().take(colours.len()));
    if !in_order || !(2..=4).contains(&colours.len()) {
        let list: Vec<String> = colours.iter().map(|c| c.letter().to_string()).collect();
        return Err(E::Players(list.join(",")));
    }
    Ok(states)
}

fn parse_pieces(
    text: &str,
    field: &Field,
    players: usize,
) -> Result<Vec<Option<Piece>>, SceptrePositionError> {
    let mut board = vec![None; field.mailbox_len()];
    if text == EMPTY {
        return Ok(board);
    }
    for entry in text.split(',') {
        let bad = || token(F::Pieces, entry);
        let (head, square) = entry.split_once('@').ok_or_else(bad)?;
        let mut chars = head.chars();
        let kind = chars
            .next()
            .and_then(PieceKind::from_letter)
            .ok_or_else(bad)?;
        let owner = chars
            .next()
            .and_then(PlayerColour::from_letter)
            .ok_or_else(bad)?;
        let colour = match chars.next() {
            None => owner,
            Some(c) => match PlayerColour::from_letter(c) {
                // The colour is written only when it differs from the owner.
                Some(c) if c != owner => c,
                _ => return Err(bad()),
            },
        };
        if chars.next().is_some() {
            return Err(bad());
        }
        let coord: Coord = square.parse().map_err(|_| bad())?;
        let sq = field.square(coord).ok_or_else(|| E::NotASquare {
            field: F::Pieces,
            square: square.to_string(),
        })?;
        for c in [owner, colour] {
            if c.index() >= players {
                return Err(E::NotAtTable {
                    field: F::Pieces,
                    colour: c,
                });
            }
        }
        let cell = &mut board[sq as usize];
        if cell.is_some() {
            return Err(E::Occupied(square.to_string()));
        }
        *cell = Some(Piece {
            kind,
            owner,
            colour,
        });
    }
    Ok(board)
}

fn parse_set_up(
    text: &str,
    players: usize,
) -> Result<Option<Vec<PieceCounts>>, SceptrePositionError> {
    if text == EMPTY {
        return Ok(None);
    }
    let mut lists: Vec<Option<PieceCounts>> = vec![None; players];
    for (colour, letters) in colour_entries(F::SetUp, text, players)? {
        let entry = format!("{}:{letters}", colour.letter());
        lists[colour.index()] = Some(piece_letters(F::SetUp, &entry, letters, |_| true)?);
    }
    lists
        .into_iter()
        .zip(PlayerColour::ALL)
        .map(|(list, colour)| {
            list.ok_or(E::Missing {
                field: F::SetUp,
                colour,
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

fn parse_pools(text: &str, players: usize) -> Result<Vec<PieceCounts>, SceptrePositionError> {
    let mut pools = vec![PieceCounts::default(); players];
    if text == EMPTY {
        return Ok(pools);
    }
    for (colour, letters) in colour_entries(F::Pools, text, players)? {
        let entry = format!("{}:{letters}", colour.letter());
        if letters.is_empty() {
            return Err(token(F::Pools, &entry));
        }
        pools[colour.index()] = piece_letters(F::Pools, &entry, letters, |k| k != PieceKind::King)?;
    }
    Ok(pools)
}

fn parse_checks(text: &str, players: usize) -> Result<Vec<u32>, SceptrePositionError> {
    let mut checks = vec![0; players];
    if text == EMPTY {
        return Ok(checks);
    }
    for (colour, digits) in colour_entries(F::Checks, text, players)? {
        let bad = || token(F::Checks, &format!("{}:{digits}", colour.letter()));
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        checks[colour.index()] = digits.parse().map_err(|_| bad())?;
    }
    Ok(checks)
}

impl SceptrePosition {
    /// A position from its string (protocol.md#sceptre-position-string), checked field by field and then as a whole.
    pub fn from_text(text: &str) -> Result<SceptrePosition, SceptrePositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [terrain, pieces, players, to_move, kingdoms, set_up, pools, checks] = fields[..]
        else {
            return Err(E::FieldCount(fields.len()));
        };
        let field = Field::from_terrain_text(terrain)?;
        let states = parse_players(players)?;
        let n = states.len();
        let board = parse_pieces(pieces, &field, n)?;
        let to_move = colour_letter(to_move).ok_or_else(|| token(F::ToMove, to_move))?;
        if to_move.index() >= n {
            return Err(E::NotAtTable {
                field: F::ToMove,
                colour: to_move,
            });
        }
        let kingdoms: Kingdoms = kingdoms.parse()?;
        let position = SceptrePosition::assemble(
            Arc::new(field),
            board,
            states,
            to_move,
            kingdoms,
            parse_set_up(set_up, n)?,
            parse_pools(pools, n)?,
            parse_checks(checks, n)?,
        );
        position.validate()?;
        Ok(position)
    }

    /// The canonical string: equal positions print equally.
    pub fn to_text(&self) -> String {
        let mut out = self.field.terrain_text();
        out.push(' ');
        let pieces: Vec<String> = self
            .pieces()
            .map(|(sq, p)| format!("{p}@{}", self.field.square_name(sq)))
            .collect();
        out.push_str(&or_empty(pieces.join(",")));
        out.push(' ');
        let players: Vec<String> = self
            .colours()
            .zip(&self.players)
            .map(|(c, s)| format!("{}{}", c.letter(), s.symbol()))
            .collect();
        out.push_str(&players.join(","));
        out.push(' ');
        out.push(self.to_move.letter());
        out.push(' ');
        out.push_str(&self.kingdoms.to_string());
        out.push(' ');
        match &self.set_up {
            None => out.push_str(EMPTY),
            Some(lists) => {
                for (i, (colour, counts)) in self.colours().zip(lists).enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push(colour.letter());
                    out.push(':');
                    write_letters(&mut out, counts);
                }
            }
        }
        out.push(' ');
        let mut pools = String::new();
        for (colour, counts) in self.colours().zip(&self.pools) {
            if counts.iter().all(|&n| n == 0) {
                continue;
            }
            if !pools.is_empty() {
                pools.push(',');
            }
            pools.push(colour.letter());
            pools.push(':');
            write_letters(&mut pools, counts);
        }
        out.push_str(&or_empty(pools));
        out.push(' ');
        let checks: Vec<String> = self
            .colours()
            .zip(&self.checks)
            .filter(|&(_, &n)| n >= 1)
            .map(|(c, n)| format!("{}:{n}", c.letter()))
            .collect();
        out.push_str(&or_empty(checks.join(",")));
        out
    }
}

fn or_empty(text: String) -> String {
    if text.is_empty() {
        EMPTY.to_string()
    } else {
        text
    }
}

impl fmt::Display for SceptrePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl FromStr for SceptrePosition {
    type Err = SceptrePositionError;

    fn from_str(text: &str) -> Result<SceptrePosition, SceptrePositionError> {
        SceptrePosition::from_text(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::field::kingdoms::KingdomsError;
    use crate::games::sceptre::field::terrain::Terrain;
    use crate::games::sceptre::field::terrain_text::TerrainTextError;

    /// One 8x8 board, all meadow, both players on it.
    const MEADOW: &str = "8m/8m/8m/8m/8m/8m/8m/8m";
    /// The duel of the example in protocol.md#sceptre-position-string at the start of the set-up.
    const DUEL: &str = "8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m - b+,w+ b b@a1,w@a9 \
                        b:KQRRBBNNPPPPPPPP,w:KQRRBBNNPPPPPPPP - -";

    fn read(text: &str) -> Result<SceptrePosition, SceptrePositionError> {
        SceptrePosition::from_text(text)
    }

    /// A small position on MEADOW with `pieces` and the rest of its fields given.
    fn small(pieces: &str, rest: &str) -> String {
        format!("{MEADOW} {pieces} {rest}")
    }

    fn err(text: &str) -> SceptrePositionError {
        let e = read(text).expect_err(text);
        assert!(!e.to_string().is_empty());
        e
    }

    #[test]
    fn the_example_round_trips() {
        let p = read(DUEL).unwrap();
        assert_eq!(p.to_text(), DUEL);
        assert!(p.in_set_up());
        assert_eq!(p.set_up(PlayerColour::White), Some([1, 1, 2, 2, 2, 8]));
        assert_eq!(p.pieces().count(), 0);
        assert_eq!(p.to_move(), PlayerColour::Black);
        assert_eq!(p.player_count(), 2);
        assert_eq!(p.field().squares().len(), 128);
        assert_eq!(p.to_string().parse::<SceptrePosition>(), Ok(p));
    }

    #[test]
    fn writing_is_canonical() {
        let text = "16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m \
                    Kr@h16,Pbw@n5,Kb@g13,Qg@a10,Kg@p12,Nbw@e6,Pr@b1 g+,b+ r \
                    g@i9,r@a9,b@i1,w@a1 - w:PNRQB,r:P g:2,b:1,r:0";
        // The players out of order are refused; in order, the rest is put in order.
        assert!(matches!(err(text), E::Players(l) if l == "g,b"));
        let text = text.replace("g+,b+", "b+,wx,r+,g=").replace(",r:0", "");
        let p = read(&text).unwrap();
        let canonical = "16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m \
                         Pr@b1,Pbw@n5,Nbw@e6,Qg@a10,Kg@p12,Kb@g13,Kr@h16 b+,wx,r+,g= r \
                         b@i1,w@a1,r@a9,g@i9 - w:QRBNP,r:P b:1,g:2";
        assert_eq!(p.to_text(), canonical);
        assert_eq!(read(canonical).unwrap(), p);
        assert_eq!(p.pool(PlayerColour::White), [0, 1, 1, 1, 1, 1]);
        assert_eq!(p.pool(PlayerColour::Black), [0; 6]);
        assert_eq!(p.check_run(PlayerColour::Green), 2);
        assert_eq!(p.check_run(PlayerColour::Red), 0);
        assert_eq!(p.state(PlayerColour::Green), Some(PlayerState::Withdrawn));
        assert_eq!(p.state(PlayerColour::White), Some(PlayerState::Eliminated));
        let sq = p.field().parse_square("n5").unwrap();
        assert_eq!(
            p.piece(sq),
            Some(Piece {
                kind: PieceKind::Pawn,
                owner: PlayerColour::Black,
                colour: PlayerColour::White
            })
        );
        // Set-up lists in any order and letter order come out in playing and KQRBNP order;
        // an empty pool entry is not written, an empty set-up list is.
        let p = read(&small("Kb@a1,Bb@c1", "b+,w+ w b@a1,w@a1 w:PKN,b: - -")).unwrap();
        assert_eq!(
            p.to_text(),
            small("Kb@a1,Bb@c1", "b+,w+ w b@a1,w@a1 b:,w:KNP - -")
        );
    }

    #[test]
    fn field_count_and_terrain() {
        assert_eq!(err(""), E::FieldCount(1));
        assert_eq!(err(&DUEL.replace(" - -", " -")), E::FieldCount(7));
        assert_eq!(err(&format!("{DUEL} -")), E::FieldCount(9));
        assert_eq!(err(&DUEL.replacen(' ', "  ", 1)), E::FieldCount(9));
        assert!(matches!(
            err(&DUEL.replacen("8m/", "8x/", 1)),
            E::TerrainText(TerrainTextError::Letter { letter: 'x', .. })
        ));
    }

    #[test]
    fn bad_tokens_name_their_field() {
        let kings = "Kb@a1,Kw@h8";
        let rest = "b+,w+ b b@a1,w@a1 - - -";
        let cases: [(String, PositionField, &str); 16] = [
            (small("Kb@a1,Kw", rest), F::Pieces, "Kw"),
            (small("Kb@a1,Xw@h8", rest), F::Pieces, "Xw@h8"),
            (small("Kb@a1,Ky@h8", rest), F::Pieces, "Ky@h8"),
            (small("Kb@a1,Kww@h8", rest), F::Pieces, "Kww@h8"),
            (small("Kb@a1,Kwbb@h8", rest), F::Pieces, "Kwbb@h8"),
            (small("Kb@a1,Kw@h0", rest), F::Pieces, "Kw@h0"),
            (small("", rest), F::Pieces, ""),
            (small(kings, "b+,w? b b@a1,w@a1 - - -"), F::Players, "w?"),
            (small(kings, "b+,w+ bw b@a1,w@a1 - - -"), F::ToMove, "bw"),
            (
                small(kings, "b+,w+ b b@a1,w@a1 b:KX,w: - -"),
                F::SetUp,
                "b:KX",
            ),
            (small(kings, "b+,w+ b b@a1,w@a1 bKQ - -"), F::SetUp, "bKQ"),
            (small(kings, "b+,w+ b b@a1,w@a1 - b:K -"), F::Pools, "b:K"),
            (small(kings, "b+,w+ b b@a1,w@a1 - w: -"), F::Pools, "w:"),
            (small(kings, "b+,w+ b b@a1,w@a1 - - b:0"), F::Checks, "b:0"),
            (
                small(kings, "b+,w+ b b@a1,w@a1 - - b:01"),
                F::Checks,
                "b:01",
            ),
            (small(kings, "b+,w+ b b@a1,w@a1 - - b:x"), F::Checks, "b:x"),
        ];
        for (text, field, bad) in cases {
            let e = err(&text);
            assert_eq!(
                e,
                E::Token {
                    field,
                    token: bad.to_string()
                },
                "{text}"
            );
            let message = e.to_string();
            assert!(message.starts_with(field.name()), "{message}");
            assert!(message.contains(&format!("'{bad}'")), "{message}");
        }
        assert!(PositionField::ALL.iter().all(|f| !f.form().is_empty()));
    }

    #[test]
    fn squares_must_exist_and_be_free() {
        let rest = "b+,w+ b b@a1,w@a1 - - -";
        assert_eq!(
            err(&small("Kb@a1,Kw@i1", rest)),
            E::NotASquare {
                field: F::Pieces,
                square: "i1".into()
            }
        );
        // A hole of the corner layout.
        let holes =
            "8-8m/8-8m/8-8m/8-8m/8-8m/8-8m/8-8m/8-8m/8m8-/8m8-/8m8-/8m8-/8m8-/8m8-/8m8-/8m8-";
        let e = err(&format!("{holes} Kb@a1,Kw@a9 b+,w+ b b@a1,w@i9 - - -"));
        assert_eq!(
            e,
            E::NotASquare {
                field: F::Pieces,
                square: "a9".into()
            }
        );
        assert!(e.to_string().contains("a9"));
        let e = err(&small("Kb@a1,Kw@h8,Nw@a1", rest));
        assert_eq!(e, E::Occupied("a1".into()));
        assert!(e.to_string().contains("a1"));
    }

    #[test]
    fn players_and_colours() {
        let kings = "Kb@a1,Kw@h8";
        for (players, list) in [
            ("b+", "b"),
            ("w+,b+", "w,b"),
            ("b+,r+", "b,r"),
            ("b+,b+", "b,b"),
        ] {
            let e = err(&small(kings, &format!("{players} b b@a1,w@a1 - - -")));
            assert_eq!(e, E::Players(list.into()));
            assert!(e.to_string().contains(list));
        }
        let five = "b+,w+,r+,g+,b+";
        assert!(matches!(
            err(&small(kings, &format!("{five} b b@a1,w@a1 - - -"))),
            E::Players(_)
        ));
        let at_table = |text: &str, field, colour| {
            assert_eq!(
                err(&small(kings, text)),
                E::NotAtTable { field, colour },
                "{text}"
            );
        };
        at_table("b+,w+ r b@a1,w@a1 - - -", F::ToMove, PlayerColour::Red);
        at_table(
            "b+,w+ b b@a1,w@a1,r@a1 - - -",
            F::Kingdoms,
            PlayerColour::Red,
        );
        at_table(
            "b+,w+ b b@a1,w@a1 b:,w:,r: - -",
            F::SetUp,
            PlayerColour::Red,
        );
        at_table("b+,w+ b b@a1,w@a1 - g:Q -", F::Pools, PlayerColour::Green);
        at_table("b+,w+ b b@a1,w@a1 - - r:1", F::Checks, PlayerColour::Red);
        assert_eq!(
            err(&small("Kb@a1,Kw@h8,Nr@c3", "b+,w+ b b@a1,w@a1 - - -")),
            E::NotAtTable {
                field: F::Pieces,
                colour: PlayerColour::Red
            }
        );
        assert_eq!(
            err(&small("Kb@a1,Kw@h8,Nwr@c3", "b+,w+ b b@a1,w@a1 - - -")),
            E::NotAtTable {
                field: F::Pieces,
                colour: PlayerColour::Red
            }
        );
        let dup = |text: &str, field, colour| {
            assert_eq!(
                err(&small(kings, text)),
                E::Duplicate { field, colour },
                "{text}"
            );
        };
        dup(
            "b+,w+ b b@a1,w@a1 b:,w:,b: - -",
            F::SetUp,
            PlayerColour::Black,
        );
        dup(
            "b+,w+ b b@a1,w@a1 - w:Q,w:R -",
            F::Pools,
            PlayerColour::White,
        );
        dup(
            "b+,w+ b b@a1,w@a1 - - b:1,b:2",
            F::Checks,
            PlayerColour::Black,
        );
        let missing = |text: &str, field, colour| {
            assert_eq!(
                err(&small(kings, text)),
                E::Missing { field, colour },
                "{text}"
            );
        };
        missing("b+,w+,r+ b b@a1,w@a1 - - -", F::Kingdoms, PlayerColour::Red);
        missing("b+,w+ b b@a1,w@a1 b: - -", F::SetUp, PlayerColour::White);
        let e = err(&small("Kb@a1", "b+,wx w b@a1,w@a1 - - -"));
        assert_eq!(e, E::NotPlaying(PlayerColour::White));
        assert!(e.to_string().starts_with("to-move"));
        assert_eq!(
            err(&small(kings, "b+,w= w b@a1,w@a1 - - -")),
            E::NotPlaying(PlayerColour::White)
        );
    }

    #[test]
    fn kingdoms_may_overlap_but_must_be_on_the_field() {
        let kings = "Kb@a1,Kw@h8";
        assert!(read(&small(kings, "b+,w+ b b@a1,w@a1 - - -")).is_ok());
        assert!(matches!(
            err(&small(kings, "b+,w+ b b@a1,w@b1 - - -")),
            E::Kingdoms(KingdomsError::OffField { .. })
        ));
        assert!(matches!(
            err(&small(kings, "b+,w+ b b@a1,w@ - - -")),
            E::Kingdoms(KingdomsError::Entry(_))
        ));
        let e = err(&small(kings, "b+,w+ b b@a1,b@a1 - - -"));
        assert_eq!(
            e,
            E::Kingdoms(KingdomsError::Duplicate(PlayerColour::Black))
        );
        assert!(e.to_string().starts_with("kingdoms field"));
    }

    #[test]
    fn kings_for_the_playing_players() {
        let rest = "b+,w+ b b@a1,w@a1 - - -";
        let kings = |pieces: &str, rest: &str, colour, count, expected| {
            assert_eq!(
                err(&small(pieces, rest)),
                E::Kings {
                    colour,
                    count,
                    expected
                },
                "{pieces} {rest}"
            );
        };
        kings("Kb@a1", rest, PlayerColour::White, 0, 1);
        kings("Kb@a1,Kw@h8,Kw@h7", rest, PlayerColour::White, 2, 1);
        // A player counts the kings he owns.
        kings(
            "Kb@a1,Kw@h8,Nb@a2",
            "b+,w+ b b@a1,w@a1 b:K,w: - -",
            PlayerColour::Black,
            1,
            0,
        );
        // While the set-up list holds his king, none on the field.
        let set_up = "b+,w+ b b@a1,w@a1 b:K,w:K - -";
        kings("Kb@a1", set_up, PlayerColour::Black, 1, 0);
        assert!(read(&small("-", set_up)).is_ok());
        assert!(read(&small("Kb@a1", "b+,w+ w b@a1,w@a1 b:,w:K - -")).is_ok());
        // Eliminated and withdrawn players need no king.
        assert!(read(&small("Kb@a1", "b+,wx b b@a1,w@a1 - - -")).is_ok());
        assert!(read(&small("Kb@a1", "b+,w= b b@a1,w@a1 - - -")).is_ok());
    }

    #[test]
    fn set_up_over_and_passed_pieces() {
        let kings = "Kb@a1,Kw@h8";
        assert_eq!(
            err(&small(kings, "b+,w+ b b@a1,w@a1 b:,w: - -")),
            E::NothingToPlace
        );
        let e = err(&small("Kb@a1,Nw@c3", "b+,wx b b@a1,w@a1 - - -"));
        assert_eq!(
            e,
            E::EliminatedOwner {
                square: "c3".into(),
                owner: PlayerColour::White
            }
        );
        assert!(e.to_string().contains("c3"));
        let passed = |pieces: &str, square: &str, piece: &str| {
            let e = err(&small(pieces, "b+,w+ b b@a1,w@a1 - - -"));
            let E::NotPassed {
                square: s,
                piece: p,
            } = &e
            else {
                panic!("{e:?}");
            };
            assert_eq!((s.as_str(), p.to_string().as_str()), (square, piece));
            assert!(e.to_string().contains(&format!("{piece}@{square}")), "{e}");
        };
        // White still plays, so his knight cannot be black's.
        passed("Kb@a1,Kw@h8,Nbw@c3", "c3", "Nbw");
        // A king never changes owner.
        let e = err(&small("Kb@a1,Kbw@h8", "b+,wx b b@a1,w@a1 - - -"));
        assert!(matches!(e, E::NotPassed { .. }), "{e:?}");
        assert!(read(&small("Kb@a1,Nbw@h8", "b+,wx b b@a1,w@a1 - - -")).is_ok());
        // A withdrawn player's pieces stay his.
        let e = err(&small("Kb@a1,Kw@h8,Nbw@c3", "b+,w= b b@a1,w@a1 - - -"));
        assert!(matches!(e, E::NotPassed { .. }), "{e:?}");
    }

    #[test]
    fn pieces_only_on_terrain_they_may_stand_on() {
        // f1 forest, g1 river, h1 pond, e1 ruin, d1 bridge.
        let terrain = "8m/8m/8m/8m/8m/8m/8m/3mbcfrp";
        let at = |pieces: &str| {
            SceptrePosition::from_text(&format!(
                "{terrain} Kb@a1,Kw@a8,{pieces} b+,w+ b b@a1,w@a1 - - -"
            ))
        };
        for (piece, square, terrain) in [
            ("Rw", "f1", Terrain::Forest),
            ("Kb", "g1", Terrain::River),
            ("Qw", "g1", Terrain::River),
            ("Bw", "e1", Terrain::Ruin),
            ("Pw", "h1", Terrain::Pond),
            ("Nw", "e1", Terrain::Ruin),
            ("Rw", "h1", Terrain::Pond),
        ] {
            let kind = PieceKind::from_letter(piece.chars().next().unwrap()).unwrap();
            let e = at(&format!("{piece}@{square}")).unwrap_err();
            assert_eq!(
                e,
                E::Ground {
                    square: square.into(),
                    kind,
                    terrain
                }
            );
            assert!(e.to_string().contains(square), "{e}");
        }
        for ok in [
            "Nw@g1", "Nw@h1", "Pw@g1", "Pw@e1", "Rw@e1", "Bw@f1", "Nb@d1", "Qb@f1",
        ] {
            let text = at(ok).unwrap().to_text();
            assert_eq!(SceptrePosition::from_text(&text).unwrap().to_text(), text);
        }
    }
}
