//! Checks of an interactive SVG against the diagram it was drawn from, for the render tests of
//! every game.

use super::{to_svg_with, CellKind, Diagram, SvgOptions};
use std::collections::HashMap;

const CELL: f64 = 48.0;
const MARGIN: f64 = 28.0;

fn number(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} missing"))
        .parse()
        .unwrap()
}

/// The centre of a cell as drawn unturned, measured from the field's top-left corner, turned
/// clockwise about the field a quarter turn at a time: (u, v) in a field w wide and h high
/// goes to (h - v, u) in one h wide and w high.
fn turned_centre(d: &Diagram, (c, r): (usize, usize), turn: u8) -> (f64, f64) {
    let (mut w, mut h) = (d.columns as f64 * CELL, d.rows as f64 * CELL);
    let (mut u, mut v) = (
        (c as f64 + 0.5) * CELL,
        (d.rows as f64 - r as f64 - 0.5) * CELL,
    );
    for _ in 0..turn % 4 {
        (u, v) = (h - v, u);
        (w, h) = (h, w);
    }
    (MARGIN + u, MARGIN + v)
}

/// Renders `d` interactive and turned, and checks what a page's script relies on: one
/// `#board` group; one `rect.cell` per existing cell, named as [`Diagram::cell_of`] reads,
/// where that cell is drawn turned; every other element of the field (marks, pieces) letting
/// clicks through; each piece drawn inside its square with its glyph's class; the edge labels
/// beside their rows and columns. Returns the SVG.
pub fn check_interactive(d: &Diagram, turn: u8) -> String {
    let svg = to_svg_with(
        d,
        &SvgOptions {
            turn,
            interactive: true,
        },
    );
    let doc = roxmltree::Document::parse(&svg).expect("well-formed");
    let root = doc.root_element();
    let (across, down) = if turn.is_multiple_of(2) {
        (d.columns, d.rows)
    } else {
        (d.rows, d.columns)
    };
    assert_eq!(number(root, "width"), across as f64 * CELL + 2.0 * MARGIN);
    let boards: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("id") == Some("board"))
        .collect();
    assert_eq!(boards.len(), 1, "one #board");
    let board = boards[0];
    assert_eq!(board.parent(), Some(root));

    // The cells: one rect each, named, in place.
    let mut rects = HashMap::new();
    for rect in doc.descendants().filter(|n| n.has_tag_name("rect")) {
        let Some(name) = rect.attribute("data-square") else {
            assert_ne!(rect.attribute("class"), Some("cell"));
            continue;
        };
        assert_eq!(rect.attribute("class"), Some("cell"));
        assert_eq!(rect.parent(), Some(board), "{name} in #board");
        let cell = d
            .cell_of(name)
            .unwrap_or_else(|| panic!("{name} is no cell"));
        assert_ne!(d.cells[d.index(cell)], CellKind::Hole, "{name} is a hole");
        let (x, y) = (number(rect, "x"), number(rect, "y"));
        assert_eq!(
            (number(rect, "width"), number(rect, "height")),
            (CELL, CELL)
        );
        let (cx, cy) = turned_centre(d, cell, turn);
        assert_eq!(
            (x + CELL / 2.0, y + CELL / 2.0),
            (cx, cy),
            "{name} turned {turn}"
        );
        assert!(rects.insert(cell, (x, y)).is_none(), "{name} has two rects");
    }
    let existing = d.cells.iter().filter(|&&k| k != CellKind::Hole).count();
    assert_eq!(rects.len(), existing, "one rect per existing cell");

    // Everything else on the field lets clicks through to the cells.
    for node in board.children().filter(|n| n.is_element()) {
        if node.attribute("class") != Some("cell") {
            assert_eq!(
                node.attribute("pointer-events"),
                Some("none"),
                "{:?} takes clicks",
                node.tag_name().name()
            );
        }
    }

    // The pieces, in the diagram's order, each inside its square's rect.
    let pieces: Vec<_> = board
        .children()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').next() == Some("piece"))
        })
        .collect();
    let placed: Vec<_> = (0..d.rows)
        .flat_map(|r| (0..d.columns).map(move |c| (c, r)))
        .filter_map(|cell| d.pieces[d.index(cell)].as_ref().map(|p| (cell, p)))
        .collect();
    assert_eq!(pieces.len(), placed.len());
    for (node, (cell, p)) in pieces.iter().zip(&placed) {
        assert_eq!(
            node.attribute("class"),
            Some(format!("piece {}", p.glyph.name()).as_str())
        );
        let title = node.children().find(|c| c.has_tag_name("title"));
        assert_eq!(title.and_then(|t| t.text()), Some(p.label.as_str()));
        let (x, y) = rects[cell];
        for part in node.children().filter(|c| c.is_element()) {
            let points: Vec<(f64, f64)> = match part.tag_name().name() {
                "path" => part
                    .attribute("d")
                    .unwrap()
                    .split(' ')
                    .filter_map(|t| t.trim_start_matches(char::is_alphabetic).split_once(','))
                    .map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap()))
                    // Arc radii are pairs too: small, far from any cell but the first.
                    .filter(|&(a, b)| a > CELL / 2.0 || b > CELL / 2.0)
                    .collect(),
                "circle" => vec![(number(part, "cx"), number(part, "cy"))],
                "text" => vec![(number(part, "x"), number(part, "y"))],
                _ => Vec::new(),
            };
            for (px, py) in points {
                assert!(
                    (x..=x + CELL).contains(&px) && (y..=y + CELL).contains(&py),
                    "{:?} at {cell:?} drawn out of its square at {px},{py}",
                    p.glyph
                );
            }
        }
    }

    // The edge labels stand beside their columns and rows as drawn.
    let texts: Vec<_> = root.children().filter(|n| n.has_tag_name("text")).collect();
    let centre_of = |cell| {
        let (x, y) = rects.get(&cell).copied().unwrap_or_else(|| {
            let (cx, cy) = turned_centre(d, cell, turn);
            (cx - CELL / 2.0, cy - CELL / 2.0)
        });
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    let below = MARGIN + down as f64 * CELL + 18.0;
    let beside = MARGIN / 2.0;
    for (i, label) in d.column_labels.iter().enumerate() {
        let text = texts
            .iter()
            .find(|t| t.text() == Some(label))
            .unwrap_or_else(|| panic!("no label {label}"));
        let (cx, cy) = centre_of((i, 0));
        let at = (number(*text, "x"), number(*text, "y"));
        if turn.is_multiple_of(2) {
            assert_eq!(at, (cx, below), "column {label}");
        } else {
            assert_eq!(at, (beside, cy + 5.0), "column {label}");
        }
    }
    for (i, label) in d.row_labels.iter().enumerate() {
        let text = texts
            .iter()
            .find(|t| t.text() == Some(label))
            .unwrap_or_else(|| panic!("no label {label}"));
        let (cx, cy) = centre_of((0, i));
        let at = (number(*text, "x"), number(*text, "y"));
        if turn.is_multiple_of(2) {
            assert_eq!(at, (beside, cy + 5.0), "row {label}");
        } else {
            assert_eq!(at, (cx, below), "row {label}");
        }
    }
    svg
}

/// The glyph classes of the pieces drawn, with their fill, in the SVG's order.
pub fn drawn_glyphs(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter_map(|n| {
            let class = n.attribute("class")?.strip_prefix("piece ")?;
            let fill = n
                .children()
                .find(|c| c.is_element() && !c.has_tag_name("title"))?
                .attribute("fill")?;
            Some((class.to_string(), fill.to_string()))
        })
        .collect()
}
