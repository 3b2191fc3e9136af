//! Diagrams of positions for people: a game-neutral [`Diagram`] that each variant fills in, and
//! one SVG writer for all of them. New games add cell kinds, owners or marks, not renderers.

pub mod pieces;
mod svg;
#[cfg(test)]
pub(crate) mod test_support;

pub use pieces::Glyph;
pub use svg::{to_svg, to_svg_with, SvgOptions};

/// The owners' colours: the index a [`DiagramPiece`] or an [`Outline`] names.
pub const OWNER_WHITE: usize = 0;
pub const OWNER_BLACK: usize = 1;
pub const OWNER_RED: usize = 2;
pub const OWNER_BLUE: usize = 3;
pub const OWNER_GREEN: usize = 4;

/// What a cell of the field is, beyond its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    Light,
    Dark,
    /// Tafl's throne.
    Throne,
    /// Tafl's corner gates.
    Gate,
    /// A square of the field that does not exist (Sceptre's holes): drawn as nothing.
    Hole,
    /// A square of Sceptre's terrain, in the light or medium shade of the checkerboard.
    Ground(Ground, Shade),
}

/// Sceptre's six terrains, each drawn with its own fill and pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ground {
    Meadow,
    Forest,
    River,
    Pond,
    Bridge,
    Ruin,
}

/// The two shades of a terrain's checkerboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    Light,
    Medium,
}

/// A rectangle of cells (corners inclusive) outlined in an owner's colour: a kingdom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    pub bottom_left: Cell,
    pub top_right: Cell,
    pub owner: usize,
    pub caption: String,
}

/// One piece: its shape, a short label (a letter: the SVG's tooltip, and the picture itself
/// for [`Glyph::Letter`]) and the index of its owner (`OWNER_*`, each its own colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramPiece {
    pub glyph: Glyph,
    pub label: String,
    pub owner: usize,
    /// A king: a [`Glyph::Letter`] piece is drawn with a ring.
    pub royal: bool,
}

/// A square in diagram coordinates: column from the left, row from the bottom.
pub type Cell = (usize, usize);

#[derive(Clone, Debug)]
pub struct Diagram {
    pub columns: usize,
    pub rows: usize,
    /// Row-major from the bottom-left cell.
    pub cells: Vec<CellKind>,
    pub pieces: Vec<Option<DiagramPiece>>,
    /// Cells marked with a small flag (the scepter squares), with their caption.
    pub flags: Vec<(Cell, String)>,
    /// File and rank labels along the edges.
    pub column_labels: Vec<String>,
    pub row_labels: Vec<String>,
    /// Outlined rectangles (Sceptre's kingdoms).
    pub outlines: Vec<Outline>,
    /// Pieces drawn with a corner mark in another owner's colour (a Sceptre piece that passed
    /// to a new owner keeps its original colour), with that owner.
    pub origins: Vec<(Cell, usize)>,
    /// The last move; from and to are the same cell for a placement or a stay.
    pub last_move: Option<(Cell, Cell)>,
    pub arrow: Option<(Cell, Cell)>,
    pub title: String,
}

/// A column's letters: 0 -> `a`, 25 -> `z`, 26 -> `aa` (spreadsheet columns, docs/rules/README.md#squares).
pub fn column_name(column: usize) -> String {
    let mut letters = Vec::new();
    let mut n = column + 1;
    while n > 0 {
        n -= 1;
        letters.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
    }
    letters.iter().rev().collect()
}

impl Diagram {
    /// An empty checkered field (bottom-left dark, as on a chessboard).
    pub fn checkered(columns: usize, rows: usize) -> Diagram {
        let cells = (0..rows * columns)
            .map(|i| {
                if (i / columns + i % columns).is_multiple_of(2) {
                    CellKind::Dark
                } else {
                    CellKind::Light
                }
            })
            .collect();
        Diagram {
            columns,
            rows,
            cells,
            pieces: vec![None; rows * columns],
            flags: Vec::new(),
            column_labels: (0..columns).map(column_name).collect(),
            row_labels: (1..=rows).map(|r| r.to_string()).collect(),
            outlines: Vec::new(),
            origins: Vec::new(),
            last_move: None,
            arrow: None,
            title: String::new(),
        }
    }

    pub fn index(&self, (c, r): Cell) -> usize {
        r * self.columns + c
    }

    pub fn set_kind(&mut self, cell: Cell, kind: CellKind) {
        let i = self.index(cell);
        self.cells[i] = kind;
    }

    pub fn place(&mut self, cell: Cell, piece: DiagramPiece) {
        let i = self.index(cell);
        self.pieces[i] = Some(piece);
    }

    /// Reads a square name (`e4`, `k11`) into diagram coordinates.
    pub fn cell_of(&self, name: &str) -> Option<Cell> {
        let letters: String = name
            .chars()
            .take_while(|c| c.is_ascii_lowercase())
            .collect();
        let digits = &name[letters.len()..];
        let c = self.column_labels.iter().position(|l| *l == letters)?;
        let r = self.row_labels.iter().position(|l| l == digits)?;
        Some((c, r))
    }

    /// The two squares of a move text (`e2e4`, `d11d9`, `e7e8q`, `aa1ab2`), if both name
    /// cells; a placement (`N@c3`) gives its square twice.
    pub fn move_cells(&self, text: &str) -> Option<(Cell, Cell)> {
        if let Some((piece, square)) = text.split_once('@') {
            let mut letters = piece.chars();
            return match (letters.next(), letters.next()) {
                (Some(p), None) if p.is_ascii_uppercase() => self.cell_of(square).map(|c| (c, c)),
                _ => None,
            };
        }
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut squares = Vec::new();
        while i < bytes.len() && squares.len() < 2 {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_lowercase() {
                i += 1;
            }
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return None;
            }
            squares.push(self.cell_of(&text[start..i])?);
        }
        match squares[..] {
            [a, b] => Some((a, b)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_texts_map_to_cells() {
        let d = Diagram::checkered(11, 11);
        assert_eq!(d.move_cells("d11d9"), Some(((3, 10), (3, 8))));
        assert_eq!(d.move_cells("a1k11"), Some(((0, 0), (10, 10))));
        assert_eq!(d.move_cells("z9z9"), None);
        let c = Diagram::checkered(8, 8);
        assert_eq!(c.move_cells("e7e8q"), Some(((4, 6), (4, 7))));
        assert_eq!(c.move_cells("e2"), None);
    }

    #[test]
    fn placements_give_their_one_square() {
        let d = Diagram::checkered(8, 8);
        assert_eq!(d.move_cells("N@c3"), Some(((2, 2), (2, 2))));
        assert_eq!(d.move_cells("K@h8"), Some(((7, 7), (7, 7))));
        for bad in [
            "n@c3", "NN@c3", "@c3", "N@", "N@c9", "N@c3x", "N@i1", "e2@e4",
        ] {
            assert_eq!(d.move_cells(bad), None, "{bad}");
        }
    }

    #[test]
    fn columns_past_z_are_named_like_spreadsheet_columns() {
        let names: Vec<String> = [0, 25, 26, 27, 51, 52, 71].map(column_name).into();
        assert_eq!(names, ["a", "z", "aa", "ab", "az", "ba", "bt"]);
        let d = Diagram::checkered(30, 30);
        assert_eq!(d.column_labels[8], "i");
        assert_eq!(d.column_labels[29], "ad");
        assert_eq!(d.move_cells("aa1ad30"), Some(((26, 0), (29, 29))));
        assert_eq!(d.move_cells("z26aa27"), Some(((25, 25), (26, 26))));
        assert_eq!(d.move_cells("P@ab3"), Some(((27, 2), (27, 2))));
    }

    /// The docs' diagrams that need no search, rebuilt: the writer draws them as
    /// `make-diagrams.sh` last wrote them.
    #[test]
    fn chess_family_svg_is_unchanged() {
        use crate::games::chess::{describe, Position, Rules};
        for (rules, fen, arrow, file) in [
            (
                Rules::Scepter,
                "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1",
                "d4c5",
                include_str!("../../engine-tests/diagrams/scepterchess.svg"),
            ),
            (
                Rules::Forty,
                "4k3/8/8/2qr4/3Z4/8/8/R3K3 w - - 0 1",
                "d4d4",
                include_str!("../../engine-tests/diagrams/chess40k.svg"),
            ),
        ] {
            let pos = Position::from_fen(fen, rules).unwrap();
            let mut d = describe::diagram(rules, &pos);
            d.arrow = d.move_cells(arrow);
            assert!(to_svg(&d) == file, "{} changed", rules.variant_name());
        }
    }

    /// The tafl diagram of docs/guide.md (throne, gates, last move), its searched arrow read back
    /// from the file so that the test needs no search.
    #[test]
    fn tafl_svg_is_unchanged() {
        use crate::games::tafl::{board::square, describe, TaflMove, TaflPosition};
        let file = include_str!("../../engine-tests/diagrams/tafl.svg");
        let doc = roxmltree::Document::parse(file).unwrap();
        let line = doc.descendants().find(|n| n.has_tag_name("line")).unwrap();
        let at = |name: &str| line.attribute(name).unwrap().parse::<usize>().unwrap();
        let cell = |x: usize, y: usize| ((x - 28 - 24) / 48, 10 - (y - 28 - 24) / 48);
        let mut pos = TaflPosition::startpos();
        pos.make(TaflMove::new(square(3, 0), square(3, 2)));
        let mut d = describe::diagram(&pos);
        d.last_move = d.move_cells("d1d3");
        d.arrow = Some((cell(at("x1"), at("y1")), cell(at("x2"), at("y2"))));
        assert!(to_svg(&d) == file, "tafl changed");
    }

    fn root_children<'a>(doc: &'a roxmltree::Document, tag: &str) -> Vec<roxmltree::Node<'a, 'a>> {
        doc.root_element()
            .children()
            .filter(|n| n.has_tag_name(tag))
            .collect()
    }

    #[test]
    fn terrain_holes_owners_and_outlines_are_drawn() {
        let mut d = Diagram::checkered(3, 2);
        d.set_kind((0, 0), CellKind::Ground(Ground::Meadow, Shade::Medium));
        d.set_kind((1, 0), CellKind::Ground(Ground::Forest, Shade::Light));
        d.set_kind((2, 0), CellKind::Hole);
        d.set_kind((0, 1), CellKind::Ground(Ground::River, Shade::Light));
        d.set_kind((1, 1), CellKind::Ground(Ground::Ruin, Shade::Medium));
        d.set_kind((2, 1), CellKind::Ground(Ground::Meadow, Shade::Medium));
        for (cell, owner) in [((0, 0), OWNER_GREEN), ((1, 1), OWNER_BLACK)] {
            let piece = DiagramPiece {
                glyph: Glyph::King,
                label: "K".into(),
                owner,
                royal: true,
            };
            d.place(cell, piece);
        }
        d.origins.push(((1, 1), OWNER_RED));
        for owner in [OWNER_GREEN, OWNER_WHITE] {
            d.outlines.push(Outline {
                bottom_left: (0, 0),
                top_right: (1, 1),
                owner,
                caption: format!("kingdom {owner}"),
            });
        }
        // An outline off the diagram is left out, not drawn out of bounds.
        d.outlines.push(Outline {
            bottom_left: (2, 0),
            top_right: (3, 1),
            owner: OWNER_RED,
            caption: "off".into(),
        });
        d.last_move = d.move_cells("K@b2");
        let svg = to_svg(&d);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        // Background, five squares (the hole is not drawn), one frame for the placement.
        let rects = root_children(&doc, "rect");
        assert_eq!(rects.len(), 1 + 5 + 1);
        let patterns: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("pattern"))
            .filter_map(|n| n.attribute("id"))
            .collect();
        assert_eq!(
            patterns.len(),
            4,
            "one per terrain and shade used: {patterns:?}"
        );
        for r in &rects[1..6] {
            let fill = r.attribute("fill").unwrap();
            let id = fill.trim_start_matches("url(#").trim_end_matches(')');
            assert!(patterns.contains(&id), "{fill} is not defined");
        }
        let pieces = test_support::drawn_glyphs(&svg);
        assert_eq!(
            pieces,
            [
                ("king".into(), "#1e8449".into()),
                ("king".into(), "#202020".into())
            ]
        );
        let paths = root_children(&doc, "path");
        let captions: Vec<_> = paths
            .iter()
            .filter_map(|p| p.children().find(|c| c.has_tag_name("title")))
            .filter_map(|t| t.text())
            .collect();
        assert_eq!(captions, ["kingdom 4", "kingdom 0"]);
        // Two nested kingdom frames, each an ink line and a colour line, and one origin flag.
        assert_eq!(paths.len(), 2 * 2 + 1);
        assert_eq!(paths[4].attribute("fill"), Some("#c0392b"));
        assert_ne!(paths[0].attribute("d"), paths[2].attribute("d"));
    }

    fn chess_diagram(rules: crate::games::chess::Rules) -> Diagram {
        use crate::games::chess::{describe, Position};
        describe::diagram(rules, &Position::startpos(rules))
    }

    fn tafl_diagram() -> Diagram {
        use crate::games::tafl::{describe, TaflPosition};
        describe::diagram(&TaflPosition::startpos())
    }

    /// The glyphs placed, by owner.
    fn glyphs(d: &Diagram, owner: usize) -> Vec<Glyph> {
        let mut kinds: Vec<Glyph> = d
            .pieces
            .iter()
            .flatten()
            .filter(|p| p.owner == owner)
            .map(|p| p.glyph)
            .collect();
        kinds.sort_by_key(|g| g.name());
        kinds.dedup();
        kinds
    }

    #[test]
    fn every_game_draws_its_own_glyphs() {
        use crate::games::chess::Rules;
        use Glyph::*;
        let mut chess = vec![Bishop, King, Knight, Pawn, Queen, Rook];
        for rules in [Rules::Orthodox, Rules::Scepter] {
            let d = chess_diagram(rules);
            for owner in [OWNER_WHITE, OWNER_BLACK] {
                assert_eq!(glyphs(&d, owner), chess, "{}", rules.variant_name());
            }
            // Each letter its own shape.
            for p in d.pieces.iter().flatten() {
                let letter = match p.glyph {
                    King => "K",
                    Queen => "Q",
                    Rook => "R",
                    Bishop => "B",
                    Knight => "N",
                    Pawn => "P",
                    other => panic!("{other:?} in chess"),
                };
                assert_eq!(p.label, letter);
            }
        }
        chess.push(Zealot);
        chess.sort_by_key(|g| g.name());
        let forty = chess_diagram(Rules::Forty);
        for owner in [OWNER_WHITE, OWNER_BLACK] {
            assert_eq!(glyphs(&forty, owner), chess);
        }
        let zealots = forty.pieces.iter().flatten().filter(|p| p.glyph == Zealot);
        assert!(zealots.clone().all(|p| p.label == "Z"));
        assert_eq!(zealots.count(), 4);
        // In the SVG: six (seven) distinct shapes a side, each in its owner's fill.
        for (d, kinds) in [(chess_diagram(Rules::Orthodox), 6), (forty, 7)] {
            let drawn = test_support::drawn_glyphs(&to_svg(&d));
            assert_eq!(drawn.len(), 32);
            for fill in ["#f8f8f0", "#202020"] {
                let mut names: Vec<_> = drawn.iter().filter(|(_, f)| f == fill).collect();
                names.sort();
                names.dedup();
                assert_eq!(names.len(), kinds, "{fill}");
            }
        }

        let tafl = tafl_diagram();
        assert_eq!(glyphs(&tafl, OWNER_BLACK), [Man]);
        assert_eq!(glyphs(&tafl, OWNER_WHITE), [Man, TaflKing]);
        let kings: Vec<_> = tafl
            .pieces
            .iter()
            .flatten()
            .filter(|p| p.glyph == TaflKing)
            .collect();
        assert_eq!(kings.len(), 1);
        assert!(kings[0].royal && kings[0].label == "K");
        let drawn = test_support::drawn_glyphs(&to_svg(&tafl));
        assert_eq!(
            drawn.iter().filter(|(g, _)| g == "man").count(),
            36,
            "24 attackers and 12 defenders"
        );
        assert!(drawn.contains(&("tafl-king".into(), "#f8f8f0".into())));
        // The throne and gates stay.
        assert_eq!(
            tafl.cells
                .iter()
                .filter(|&&k| k == CellKind::Throne)
                .count(),
            1
        );
        assert_eq!(
            tafl.cells.iter().filter(|&&k| k == CellKind::Gate).count(),
            4
        );
    }

    /// A letter in a disc, as before the shapes, for a game that has none.
    #[test]
    fn letter_pieces_keep_their_disc() {
        let mut d = Diagram::checkered(2, 1);
        d.place(
            (1, 0),
            DiagramPiece {
                glyph: Glyph::Letter,
                label: "o".into(),
                owner: OWNER_WHITE,
                royal: true,
            },
        );
        let svg = to_svg(&d);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let piece = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("piece letter"))
            .unwrap();
        let circle = piece.children().find(|n| n.has_tag_name("circle")).unwrap();
        assert_eq!(circle.attribute("stroke-width"), Some("4"), "royal ring");
        let text = piece.children().find(|n| n.has_tag_name("text")).unwrap();
        assert_eq!(text.text(), Some("o"));
        test_support::check_interactive(&d, 1);
    }

    #[test]
    fn default_options_draw_what_to_svg_draws() {
        let mut d = chess_diagram(crate::games::chess::Rules::Scepter);
        d.last_move = d.move_cells("e2e4");
        d.arrow = d.move_cells("g1f3");
        assert_eq!(SvgOptions::default().turn, 0);
        assert!(!SvgOptions::default().interactive);
        let plain = to_svg(&d);
        assert_eq!(plain, to_svg_with(&d, &SvgOptions::default()));
        for hook in [
            "id=\"board\"",
            "data-square",
            "pointer-events",
            "class=\"cell\"",
        ] {
            assert!(!plain.contains(hook), "{hook} in a plain SVG");
        }
        // Four quarter turns come round again; a turn is taken modulo four.
        let turned = |turn| {
            to_svg_with(
                &d,
                &SvgOptions {
                    turn,
                    interactive: false,
                },
            )
        };
        assert_eq!(turned(4), plain);
        assert_eq!(turned(6), turned(2));
        assert_ne!(turned(2), plain);
    }

    /// Every game's interactive SVG, at every turn, with a last move, an arrow and (for
    /// scepterchess) flags over the cells.
    #[test]
    fn interactive_svg_of_every_chess_variant_and_tafl() {
        use crate::games::chess::Rules;
        let mut cases = Vec::new();
        for (rules, moves, arrow) in [
            (Rules::Orthodox, "e2e4", "g8f6"),
            (Rules::Scepter, "d2d4", "e7e5"),
            (Rules::Forty, "b2b4", "b7b7"),
        ] {
            let mut d = chess_diagram(rules);
            d.last_move = d.move_cells(moves);
            d.arrow = d.move_cells(arrow);
            cases.push(d);
        }
        let mut tafl = tafl_diagram();
        tafl.last_move = tafl.move_cells("d1d3");
        tafl.arrow = tafl.move_cells("a4c4");
        cases.push(tafl);
        for d in &cases {
            for turn in 0..4 {
                let svg = test_support::check_interactive(d, turn);
                if !d.flags.is_empty() {
                    assert_eq!(svg.matches("scepter</title>").count(), 2);
                }
            }
        }
    }

    fn rect_of(doc: &roxmltree::Document, name: &str) -> (f64, f64) {
        let rect = doc
            .descendants()
            .find(|n| n.attribute("data-square") == Some(name))
            .unwrap();
        let at = |a| rect.attribute(a).unwrap().parse::<f64>().unwrap();
        (at("x"), at("y"))
    }

    /// Seen from black's side a1 is at the top right and h8 at the bottom left; a quarter turn
    /// clockwise puts a1 at the top left, three at the bottom right.
    #[test]
    fn turns_put_the_corners_where_the_player_sees_them() {
        let d = chess_diagram(crate::games::chess::Rules::Orthodox);
        let (low, high) = (28.0, 28.0 + 7.0 * 48.0);
        for (turn, a1, h8, h1) in [
            (0, (low, high), (high, low), (high, high)),
            (1, (low, low), (high, high), (low, high)),
            (2, (high, low), (low, high), (low, low)),
            (3, (high, high), (low, low), (high, low)),
        ] {
            let svg = test_support::check_interactive(&d, turn);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            assert_eq!(rect_of(&doc, "a1"), a1, "turn {turn}");
            assert_eq!(rect_of(&doc, "h8"), h8, "turn {turn}");
            assert_eq!(rect_of(&doc, "h1"), h1, "turn {turn}");
        }
        // Turned halfway, black's pieces stand on the bottom rows.
        let svg = test_support::check_interactive(&d, 2);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let king = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("piece king"))
            .find(|n| n.children().any(|c| c.attribute("fill") == Some("#202020")))
            .unwrap();
        let d_path = king.children().find(|c| c.has_tag_name("path")).unwrap();
        let y: f64 = d_path.attribute("d").unwrap()[1..]
            .split(' ')
            .next()
            .unwrap()
            .split(',')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(y > high, "black's king at the bottom: {y}");
    }
}
