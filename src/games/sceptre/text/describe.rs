//! Sceptre 1027 for a person: the field and facts of the `d` command, and the diagram
//! `regalia render` draws (terrain in two shades, holes, four owners, kingdoms).

use crate::games::sceptre::field::board::BOARD_SIZE;
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::square::{file_name, Coord};
use crate::games::sceptre::field::terrain::{SquareColour, Terrain};
use crate::games::sceptre::rules::position::{PieceCounts, PlayerState, SceptrePosition};
use crate::render::{self, CellKind, Diagram, DiagramPiece, Glyph, Ground, Outline, Shade};

/// The mark of a terrain in the text field, chosen to look like it: grass, trees, waves.
const fn terrain_mark(terrain: Terrain) -> char {
    match terrain {
        Terrain::Meadow => '.',
        Terrain::Forest => '^',
        Terrain::River => '~',
        Terrain::Pond => 'o',
        Terrain::Bridge => '=',
        Terrain::Ruin => '#',
    }
}

const LEGEND: &str = "Terrain: . meadow  ^ forest  ~ river  o pond  = bridge  # castle ruin  \
                      (blank) hole\n\
                      Pieces: K Q R B N P and the owner's letter (b black, w white, r red, \
                      g green), then the terrain it stands on: Kb. is black's king on a meadow\n";

/// A square in three characters: `Kb~` (piece, owner, terrain) or the terrain's mark three
/// times; a hole is blank.
fn square_text(pos: &SceptrePosition, coord: Coord) -> String {
    let field = pos.field();
    let Some(sq) = field.square(coord) else {
        return "   ".to_string();
    };
    let mark = field.terrain(sq).map_or(' ', terrain_mark);
    match pos.piece(sq) {
        Some(p) => format!("{}{}{mark}", p.kind.letter(), p.owner.letter()),
        None => std::iter::repeat_n(mark, 3).collect(),
    }
}

/// The field drawn as text: ranks from the top with their numbers, files below.
fn field_text(pos: &SceptrePosition) -> String {
    let field = pos.field();
    let mut s = String::new();
    for rank in (0..field.height()).rev() {
        let squares: Vec<String> = (0..field.width())
            .map(|file| square_text(pos, Coord::new(file as u8, rank as u8)))
            .collect();
        let line = format!("{:>2} {}", rank + 1, squares.join(" "));
        s.push_str(line.trim_end());
        s.push('\n');
    }
    let files: Vec<String> = (0..field.width())
        .map(|file| format!("{:^3}", file_name(file)))
        .collect();
    s.push_str(format!("   {}", files.join(" ")).trim_end());
    s.push('\n');
    s
}

/// Piece letters with repetitions in `KQRBNP` order (`QRRP`), `-` for none.
fn letters(counts: &PieceCounts) -> String {
    let s: String = PieceKind::ALL
        .iter()
        .zip(counts)
        .flat_map(|(k, &n)| std::iter::repeat_n(k.letter(), n as usize))
        .collect();
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

const fn state_name(state: PlayerState) -> &'static str {
    match state {
        PlayerState::Playing => "playing",
        PlayerState::Eliminated => "eliminated",
        PlayerState::Withdrawn => "withdrawn",
    }
}

/// One line per player in seat order: colour, seat, state, pieces owned, and the mover.
fn players_text(pos: &SceptrePosition) -> String {
    let mut s = String::from("Players:\n");
    let verb = if pos.in_set_up() {
        "to place"
    } else {
        "to move"
    };
    for colour in pos.colours() {
        let seat = colour.seat(pos.player_count()).map_or("?", |c| c.name());
        let state = pos.state(colour).map_or("?", state_name);
        let owned = pos.pieces().filter(|(_, p)| p.owner == colour).count();
        let line = format!(
            "  {:<6} {:<6} {:<11}{owned:>3} on the field  {}",
            colour.name(),
            seat,
            state,
            if pos.to_move() == colour { verb } else { "" }
        );
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// `black a1-h8 (south)`: a kingdom as the squares of its corners.
fn kingdom_text(pos: &SceptrePosition, colour: PlayerColour) -> Option<String> {
    let corner = pos.kingdoms().corner(colour)?;
    let last = BOARD_SIZE as i32 - 1;
    let far = corner
        .offset(last, last)
        .map_or_else(String::new, |c| format!("-{c}"));
    let seat = colour.seat(pos.player_count()).map_or("?", |c| c.name());
    Some(format!("{} {corner}{far} ({seat})", colour.name()))
}

/// A list of per-colour entries, `-` when there is none.
fn list_or_dash(entries: Vec<String>) -> String {
    if entries.is_empty() {
        "-".to_string()
    } else {
        entries.join(", ")
    }
}

/// The facts below the field: phase, players, set-up, pools, checks, kingdoms.
fn facts_text(pos: &SceptrePosition) -> String {
    let field = pos.field();
    let mut s = String::from("Variant: sceptre1027\n");
    s.push_str(&format!(
        "Field: {}x{}, {} squares\n",
        field.width(),
        field.height(),
        field.squares().len()
    ));
    s.push_str(&format!(
        "Phase: {}, {} {}\n",
        if pos.in_set_up() { "set-up" } else { "play" },
        pos.to_move().name(),
        if pos.in_set_up() {
            "to place"
        } else {
            "to move"
        }
    ));
    s.push_str(&players_text(pos));
    let to_place: Vec<String> = pos
        .colours()
        .filter_map(|c| Some(format!("{} {}", c.name(), letters(&pos.set_up(c)?))))
        .collect();
    s.push_str(&format!("To place: {}\n", list_or_dash(to_place)));
    let pools: Vec<String> = pos
        .colours()
        .map(|c| format!("{} {}", c.name(), letters(&pos.pool(c))))
        .collect();
    s.push_str(&format!("Captured: {}\n", list_or_dash(pools)));
    let runs: Vec<String> = pos
        .colours()
        .filter(|&c| pos.check_run(c) > 0)
        .map(|c| format!("{} {}", c.name(), pos.check_run(c)))
        .collect();
    s.push_str(&format!("Check runs: {}\n", list_or_dash(runs)));
    let checked: Vec<String> = pos
        .colours()
        .filter(|&c| pos.state(c) == Some(PlayerState::Playing) && pos.in_check(c))
        .map(|c| c.name().to_string())
        .collect();
    s.push_str(&format!("In check: {}\n", list_or_dash(checked)));
    let passed: Vec<String> = pos
        .pieces()
        .filter(|(_, p)| p.owner != p.colour)
        .map(|(sq, p)| {
            format!(
                "{p}@{} ({}'s, originally {})",
                field.square_name(sq),
                p.owner.name(),
                p.colour.name()
            )
        })
        .collect();
    s.push_str(&format!("Changed hands: {}\n", list_or_dash(passed)));
    let kingdoms: Vec<String> = pos.colours().filter_map(|c| kingdom_text(pos, c)).collect();
    s.push_str(&format!("Kingdoms: {}\n", list_or_dash(kingdoms)));
    s.push_str(&format!("Position: {}", pos.to_text()));
    s
}

/// The field with its legend and the position's facts, for `d` (the caller adds the key).
pub fn describe(pos: &SceptrePosition) -> String {
    let mut s = field_text(pos);
    s.push_str(LEGEND);
    s.push('\n');
    s.push_str(&facts_text(pos));
    s
}

/// A player's colour in the diagram's palette.
const fn owner(colour: PlayerColour) -> usize {
    match colour {
        PlayerColour::Black => render::OWNER_BLACK,
        PlayerColour::White => render::OWNER_WHITE,
        PlayerColour::Red => render::OWNER_RED,
        PlayerColour::Green => render::OWNER_GREEN,
    }
}

const fn ground(terrain: Terrain) -> Ground {
    match terrain {
        Terrain::Meadow => Ground::Meadow,
        Terrain::Forest => Ground::Forest,
        Terrain::River => Ground::River,
        Terrain::Pond => Ground::Pond,
        Terrain::Bridge => Ground::Bridge,
        Terrain::Ruin => Ground::Ruin,
    }
}

const fn shade(colour: SquareColour) -> Shade {
    match colour {
        SquareColour::Light => Shade::Light,
        SquareColour::Medium => Shade::Medium,
    }
}

fn diagram_piece(piece: Piece) -> DiagramPiece {
    DiagramPiece {
        glyph: match piece.kind {
            PieceKind::King => Glyph::King,
            PieceKind::Queen => Glyph::Queen,
            PieceKind::Rook => Glyph::Rook,
            PieceKind::Bishop => Glyph::Bishop,
            PieceKind::Knight => Glyph::Knight,
            PieceKind::Pawn => Glyph::Pawn,
        },
        label: piece.kind.letter().to_string(),
        owner: owner(piece.owner),
        royal: piece.kind == PieceKind::King,
    }
}

/// The position as a game-neutral diagram: terrain, holes, pieces (with their original
/// colour when they changed hands) and each player's kingdom outlined in his colour.
pub fn diagram(pos: &SceptrePosition) -> Diagram {
    let field = pos.field();
    let (width, height) = (field.width(), field.height());
    let mut d = Diagram::checkered(width, height);
    for rank in 0..height {
        for file in 0..width {
            let (cell, coord) = ((file, rank), Coord::new(file as u8, rank as u8));
            let square = field.square(coord);
            let kind = square
                .and_then(|sq| field.terrain(sq))
                .map_or(CellKind::Hole, |t| {
                    CellKind::Ground(ground(t), shade(coord.colour()))
                });
            d.set_kind(cell, kind);
            if let Some(p) = square.and_then(|sq| pos.piece(sq)) {
                d.place(cell, diagram_piece(p));
                if p.colour != p.owner {
                    d.origins.push((cell, owner(p.colour)));
                }
            }
        }
    }
    for colour in pos.colours() {
        let Some(corner) = pos.kingdoms().corner(colour) else {
            continue;
        };
        let (left, bottom) = (corner.file as usize, corner.rank as usize);
        d.outlines.push(Outline {
            bottom_left: (left, bottom),
            top_right: (
                (left + BOARD_SIZE - 1).min(width - 1),
                (bottom + BOARD_SIZE - 1).min(height - 1),
            ),
            owner: owner(colour),
            caption: format!("{colour}'s kingdom"),
        });
    }
    d.title = format!(
        "sceptre1027: {} players, {}{} {}",
        pos.player_count(),
        if pos.in_set_up() { "set-up, " } else { "" },
        pos.to_move().name(),
        if pos.in_set_up() {
            "to place"
        } else {
            "to move"
        }
    );
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::field::layout::Layout;
    use crate::games::sceptre::field::Field;
    use crate::render::to_svg;

    /// A shipped layout's field and kingdoms with the rest of a position string.
    fn on_layout(layout: &str, players: usize, rest: &str) -> SceptrePosition {
        let layout = Layout::shipped(layout).unwrap().unwrap();
        let terrain = Field::from_layout(&layout).terrain_text();
        let kingdoms = layout.kingdoms(players).unwrap();
        let [pieces, states, to_move, tail] = rest.splitn(4, ' ').collect::<Vec<_>>()[..] else {
            panic!("{rest}");
        };
        let text = format!("{terrain} {pieces} {states} {to_move} {kingdoms} {tail}");
        SceptrePosition::from_text(&text).unwrap()
    }

    /// Four players on the nine boards: white eliminated (his knight passed to black), red
    /// withdrawn, green to move after two checks in a row.
    fn nine_midgame() -> SceptrePosition {
        on_layout(
            "nine",
            4,
            "Kb@t1,Qb@s2,Nbw@e3,Kr@e24,Pr@d24,Kg@t24,Bg@x22,Rg@f22 b+,wx,r=,g+ g - b:P,w:Q g:2",
        )
    }

    /// Three players on the cross (holes at the corners), black's king placed, white to place.
    fn cross_set_up() -> SceptrePosition {
        on_layout(
            "cross",
            3,
            "Kb@l1 b+,w+,r+ w b:QRRBBNNPPPPPPPP,w:KQRRBBNNPPPPPPPP,r:KQRRBBNNPPPPPPPP - -",
        )
    }

    /// The three characters the text field shows for a square.
    fn text_square(text: &str, rank: usize, file: usize) -> String {
        let label = format!("{rank:>2} ");
        let line = text.lines().find(|l| l.starts_with(&label)).unwrap();
        let line = format!("{line:<400}");
        line[3 + 4 * file..3 + 4 * file + 3].to_string()
    }

    #[test]
    fn text_shows_terrain_pieces_and_the_players() {
        let pos = nine_midgame();
        let text = describe(&pos);
        for (rank, file, shown) in [
            (1, 19, "Kb."),
            (1, 0, "^^^"),
            (3, 4, "Nb^"),
            (24, 3, "Pr~"),
            (22, 5, "Rg#"),
            (22, 23, "Bg^"),
            (20, 1, "==="),
            (21, 6, "ooo"),
            (1, 23, "..."),
        ] {
            assert_eq!(
                text_square(&text, rank, file),
                shown,
                "rank {rank} file {file}"
            );
        }
        assert!(
            text.contains("\n    a   b   c "),
            "file letters below:\n{text}"
        );
        for line in [
            "Phase: play, green to move",
            "  black  south  playing      3 on the field\n",
            "  white  west   eliminated   0 on the field\n",
            "  red    north  withdrawn    2 on the field\n",
            "  green  east   playing      3 on the field  to move\n",
            "To place: -\n",
            "Captured: black P, white Q, red -, green -\n",
            "Check runs: green 2\n",
            "Changed hands: Nbw@e3 (black's, originally white)\n",
            "Kingdoms: black q1-x8 (south), white a1-h8 (west), red a17-h24 (north), \
             green q17-x24 (east)\n",
        ] {
            assert!(text.contains(line), "missing {line:?} in\n{text}");
        }
        assert!(!text.contains("Key:"));
        let last = text.lines().last().unwrap();
        assert_eq!(last, format!("Position: {}", pos.to_text()));
        let back = SceptrePosition::from_text(last.trim_start_matches("Position: ")).unwrap();
        assert_eq!(back, pos);
    }

    #[test]
    fn text_leaves_holes_blank_and_lists_the_set_up() {
        let pos = cross_set_up();
        let text = describe(&pos);
        assert_eq!(text_square(&text, 1, 0), "   ");
        assert_eq!(text_square(&text, 24, 23), "   ");
        assert_eq!(text_square(&text, 1, 11), "Kb.");
        assert_eq!(text_square(&text, 9, 0), "...");
        assert!(text.lines().all(|l| l == l.trim_end()));
        for line in [
            "Field: 24x24, 320 squares\n",
            "Phase: set-up, white to place\n",
            "  white  west   playing      0 on the field  to place\n",
            "To place: black QRRBBNNPPPPPPPP, white KQRRBBNNPPPPPPPP, red KQRRBBNNPPPPPPPP\n",
            "Captured: black -, white -, red -\n",
            "Check runs: -\n",
            "Kingdoms: black i1-p8 (south), white a9-h16 (west), red i17-p24 (north)\n",
        ] {
            assert!(text.contains(line), "missing {line:?} in\n{text}");
        }
        assert!(!text.contains("  green "), "three players: no green seat");
    }

    #[test]
    fn wide_fields_name_files_past_z() {
        let rows = ["30m"; 8].join("/");
        let pos =
            SceptrePosition::from_text(&format!("{rows} Kb@a1,Kw@ad8 b+,w+ b b@a1,w@w1 - - -"))
                .unwrap();
        let text = describe(&pos);
        assert!(text.contains(" y   z  aa  ab  ac  ad\n"), "{text}");
        assert_eq!(text_square(&text, 8, 29), "Kw.");
        let d = diagram(&pos);
        assert_eq!(d.column_labels[26], "aa");
        assert_eq!(d.column_labels[29], "ad");
        assert_eq!(d.move_cells("ac2ad1"), Some(((28, 1), (29, 0))));
        assert_eq!(d.move_cells("K@ab3"), Some(((27, 2), (27, 2))));
    }

    #[test]
    fn diagram_has_terrain_owners_origins_and_kingdoms() {
        let d = diagram(&nine_midgame());
        assert_eq!((d.columns, d.rows), (24, 24));
        assert!(!d.cells.contains(&CellKind::Hole));
        assert_eq!(
            d.cells[d.index((0, 0))],
            CellKind::Ground(Ground::Forest, Shade::Medium)
        );
        assert_eq!(
            d.cells[d.index((1, 19))],
            CellKind::Ground(Ground::Bridge, Shade::Medium)
        );
        assert_eq!(
            d.cells[d.index((2, 19))],
            CellKind::Ground(Ground::River, Shade::Light)
        );
        let piece = |cell| d.pieces[d.index(cell)].clone().unwrap();
        let king = piece((19, 0));
        assert_eq!(
            (king.label.as_str(), king.owner, king.royal),
            ("K", render::OWNER_BLACK, true)
        );
        let knight = piece((4, 2));
        assert_eq!(
            (knight.label.as_str(), knight.owner, knight.royal),
            ("N", render::OWNER_BLACK, false)
        );
        assert_eq!(piece((23, 21)).owner, render::OWNER_GREEN);
        assert_eq!(piece((4, 23)).owner, render::OWNER_RED);
        assert_eq!(d.pieces.iter().flatten().count(), 8);
        assert_eq!(d.origins, [((4, 2), render::OWNER_WHITE)]);
        let frames: Vec<_> = d
            .outlines
            .iter()
            .map(|o| (o.bottom_left, o.top_right, o.owner))
            .collect();
        assert_eq!(
            frames,
            [
                ((16, 0), (23, 7), render::OWNER_BLACK),
                ((0, 0), (7, 7), render::OWNER_WHITE),
                ((0, 16), (7, 23), render::OWNER_RED),
                ((16, 16), (23, 23), render::OWNER_GREEN),
            ]
        );
        assert_eq!(d.outlines[3].caption, "green's kingdom");
        assert_eq!(d.title, "sceptre1027: 4 players, green to move");
    }

    #[test]
    fn diagram_of_a_field_with_holes() {
        let d = diagram(&cross_set_up());
        let holes =
            |cells: &[(usize, usize)]| cells.iter().all(|&c| d.cells[d.index(c)] == CellKind::Hole);
        assert!(holes(&[
            (0, 0),
            (7, 7),
            (16, 0),
            (23, 23),
            (0, 23),
            (16, 16)
        ]));
        assert_eq!(
            d.cells.iter().filter(|&&k| k == CellKind::Hole).count(),
            4 * 64
        );
        assert_eq!(
            d.cells[d.index((8, 0))],
            CellKind::Ground(Ground::Meadow, Shade::Medium)
        );
        assert_eq!(d.outlines.len(), 3);
        assert_eq!(d.title, "sceptre1027: 3 players, set-up, white to place");
    }

    /// Direct children of the root with this tag.
    fn count(
        doc: &roxmltree::Document,
        tag: &str,
        keep: impl Fn(roxmltree::Node) -> bool,
    ) -> usize {
        doc.root_element()
            .children()
            .filter(|n| n.has_tag_name(tag) && keep(*n))
            .count()
    }

    #[test]
    fn svg_is_well_formed_with_every_terrain_and_kingdom() {
        let mut d = diagram(&nine_midgame());
        d.last_move = d.move_cells("s1t1");
        let svg = to_svg(&d);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        // Background, 576 squares, two last-move frames.
        assert_eq!(count(&doc, "rect", |_| true), 1 + 576 + 2);
        let patterns: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("pattern"))
            .filter_map(|n| n.attribute("id"))
            .collect();
        assert_eq!(patterns.len(), 12, "six terrains in two shades");
        let undefined = doc
            .descendants()
            .filter_map(|n| n.attribute("fill"))
            .filter_map(|f| f.strip_prefix("url(#")?.strip_suffix(')'))
            .find(|id| !patterns.contains(id));
        assert_eq!(undefined, None);
        let pieces = render::test_support::drawn_glyphs(&svg);
        assert_eq!(pieces.len(), 8);
        let kings: Vec<_> = pieces
            .iter()
            .filter(|(g, _)| g == "king")
            .map(|(_, fill)| fill.as_str())
            .collect();
        assert_eq!(kings, ["#202020", "#c0392b", "#1e8449"]);
        let kingdoms: Vec<_> = doc
            .root_element()
            .children()
            .filter(|n| n.has_tag_name("path"))
            .filter(|n| {
                n.children()
                    .any(|c| c.text().is_some_and(|t| t.ends_with("kingdom")))
            })
            .filter_map(|n| n.attribute("stroke"))
            .collect();
        assert_eq!(kingdoms, ["#202020", "#f8f8f0", "#c0392b", "#1e8449"]);
        // The knight's flag in white, its original colour.
        let flags = count(&doc, "path", |n| {
            n.attribute("fill") == Some("#f8f8f0") && n.attribute("stroke") == Some("#111")
        });
        assert_eq!(flags, 1);
        let labels: Vec<_> = doc
            .root_element()
            .children()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert!(labels.contains(&"x") && labels.contains(&"24"));

        let mut holed = diagram(&cross_set_up());
        holed.last_move = holed.move_cells("K@l1");
        let doc_text = to_svg(&holed);
        let doc = roxmltree::Document::parse(&doc_text).unwrap();
        assert_eq!(count(&doc, "rect", |_| true), 1 + 320 + 1);
    }

    /// Every position of the reference list and every shipped layout's start, at every table
    /// size it supports, is described and drawn without a panic.
    #[test]
    fn every_reference_position_is_described_and_drawn() {
        let mut texts = crate::games::sceptre::test_support::reference_positions();
        assert!(texts.len() > 20);
        for layout in ["nine", "duel", "cross", "ring"] {
            let shipped = Layout::shipped(layout).unwrap().unwrap();
            for &players in shipped.players() {
                let lists: Vec<String> = PlayerColour::ALL[..players]
                    .iter()
                    .map(|c| format!("{}:KQRRBBNNPPPPPPPP", c.letter()))
                    .collect();
                let states: Vec<String> = PlayerColour::ALL[..players]
                    .iter()
                    .map(|c| format!("{}+", c.letter()))
                    .collect();
                let rest = format!("- {} b {} - -", states.join(","), lists.join(","));
                texts.push(on_layout(layout, players, &rest).to_text());
            }
        }
        for text in &texts {
            let pos = SceptrePosition::from_text(text).unwrap();
            let described = describe(&pos);
            assert!(described.ends_with(&format!("Position: {text}")), "{text}");
            let d = diagram(&pos);
            assert_eq!(d.outlines.len(), pos.player_count());
            roxmltree::Document::parse(&to_svg(&d)).unwrap();
        }
    }

    /// Each piece letter its own shape, in its owner's colour.
    #[test]
    fn pieces_are_drawn_as_their_kind() {
        let d = diagram(&nine_midgame());
        let names = [
            ("K", "king"),
            ("Q", "queen"),
            ("R", "rook"),
            ("B", "bishop"),
            ("N", "knight"),
            ("P", "pawn"),
        ];
        for p in d.pieces.iter().flatten() {
            let name = names.iter().find(|(l, _)| *l == p.label).map(|(_, n)| *n);
            assert_eq!(Some(p.glyph.name()), name, "{}", p.label);
        }
        let drawn = render::test_support::drawn_glyphs(&to_svg(&d));
        let mut kinds: Vec<&str> = drawn.iter().map(|(g, _)| g.as_str()).collect();
        kinds.sort();
        kinds.dedup();
        assert_eq!(kinds, ["bishop", "king", "knight", "pawn", "queen", "rook"]);
        let mut fills: Vec<&str> = drawn.iter().map(|(_, f)| f.as_str()).collect();
        fills.sort();
        fills.dedup();
        assert_eq!(
            fills,
            ["#1e8449", "#202020", "#c0392b"],
            "black, red, green"
        );
    }

    /// Four players on the cross: holes at the corners get no cell, every turn puts the
    /// cells, pieces, kingdoms, origin flags and labels in place.
    #[test]
    fn interactive_svg_of_the_cross_with_four_players() {
        let pos = on_layout(
            "cross",
            4,
            "Kb@l1,Qb@m2,Kw@a12,Pw@c11,Nbr@b13,Kg@x12,Rg@x15 b+,w+,rx,g+ w - - -",
        );
        let mut d = diagram(&pos);
        assert_eq!(d.outlines.len(), 4);
        assert_eq!(d.origins.len(), 1);
        d.last_move = d.move_cells("l2l1");
        d.arrow = d.move_cells("a12a11");
        for turn in 0..4 {
            let svg = render::test_support::check_interactive(&d, turn);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let cells = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("cell"))
                .count();
            assert_eq!(cells, 24 * 24 - 4 * 64, "turn {turn}");
            assert_eq!(svg.matches("kingdom</title>").count(), 4);
        }
    }

    /// The duel's field is 8 wide and 16 high: a quarter turn either way lays it on its side.
    #[test]
    fn quarter_turns_lay_a_tall_field_on_its_side() {
        let shipped = Layout::shipped("duel").unwrap().unwrap();
        let terrain = Field::from_layout(&shipped).terrain_text();
        let kingdoms = shipped.kingdoms(2).unwrap();
        let text = format!("{terrain} Kb@e1,Kw@d16 b+,w+ b {kingdoms} - - -");
        let d = diagram(&SceptrePosition::from_text(&text).unwrap());
        assert_eq!((d.columns, d.rows), (8, 16));
        for turn in 0..4 {
            let svg = render::test_support::check_interactive(&d, turn);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let size = |a| {
                doc.root_element()
                    .attribute(a)
                    .unwrap()
                    .parse::<usize>()
                    .unwrap()
            };
            let (wide, high) = (56 + 48 * 8, 56 + 48 * 16 + 24);
            let expected = if turn % 2 == 0 {
                (wide, high)
            } else {
                (56 + 48 * 16, 56 + 48 * 8 + 24)
            };
            assert_eq!((size("width"), size("height")), expected, "turn {turn}");
        }
    }
}
