//! The SVG writer: any [`Diagram`] as a self-contained SVG document.

use super::{CellKind, Diagram};
use std::fmt::Write;

const CELL: usize = 48;
const MARGIN: usize = 28;

/// Fill colours of the four owners (white/attackers, black/defenders, red, blue) and their ink.
const OWNER_FILL: [&str; 4] = ["#f8f8f0", "#202020", "#c0392b", "#2e6fd1"];
const OWNER_INK: [&str; 4] = ["#202020", "#f8f8f0", "#ffffff", "#ffffff"];

fn cell_fill(kind: CellKind) -> &'static str {
    match kind {
        CellKind::Light => "#eed9b5",
        CellKind::Dark => "#b58863",
        CellKind::Throne => "#d4af37",
        CellKind::Gate => "#8e44ad",
        CellKind::Hole => "none",
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The centre of a cell in SVG coordinates (rows count from the bottom).
fn centre(d: &Diagram, (c, r): (usize, usize)) -> (usize, usize) {
    (
        MARGIN + c * CELL + CELL / 2,
        MARGIN + (d.rows - 1 - r) * CELL + CELL / 2,
    )
}

pub fn to_svg(d: &Diagram) -> String {
    let width = d.columns * CELL + 2 * MARGIN;
    let height = d.rows * CELL + 2 * MARGIN + if d.title.is_empty() { 0 } else { 24 };
    let mut s = String::new();
    // `write!` into a String cannot fail.
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        s,
        r##"<defs><marker id="arrowhead" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="#1e824c"/></marker></defs>"##
    );
    let _ = writeln!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    for r in 0..d.rows {
        for c in 0..d.columns {
            let kind = d.cells[d.index((c, r))];
            if kind == CellKind::Hole {
                continue;
            }
            let (x, y) = (MARGIN + c * CELL, MARGIN + (d.rows - 1 - r) * CELL);
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#555" stroke-width="0.5"/>"##,
                cell_fill(kind)
            );
        }
    }
    if let Some((from, to)) = d.last_move {
        for cell in [from, to] {
            let (x, y) = (
                MARGIN + cell.0 * CELL,
                MARGIN + (d.rows - 1 - cell.1) * CELL,
            );
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f7ec5e" fill-opacity="0.55"/>"##
            );
        }
    }
    for (cell, caption) in &d.flags {
        // A tinted square beneath the pieces: a king standing there must not hide it.
        let (x, y) = (
            MARGIN + cell.0 * CELL,
            MARGIN + (d.rows - 1 - cell.1) * CELL,
        );
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#d4af37" fill-opacity="0.75" stroke="#8a6d0b" stroke-width="3"><title>{}</title></rect>"##,
            escape(caption)
        );
    }
    for r in 0..d.rows {
        for c in 0..d.columns {
            let Some(p) = &d.pieces[d.index((c, r))] else {
                continue;
            };
            let (x, y) = centre(d, (c, r));
            let owner = p.owner.min(3);
            let _ = writeln!(
                s,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="{}" stroke="#111" stroke-width="{}"/>"##,
                CELL * 2 / 5,
                OWNER_FILL[owner],
                if p.royal { 4 } else { 1 }
            );
            let _ = writeln!(
                s,
                r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{}" font-weight="bold">{}</text>"#,
                y + CELL / 6,
                CELL / 2,
                OWNER_INK[owner],
                escape(&p.label)
            );
        }
    }
    if let Some((from, _)) = d.arrow.filter(|(a, b)| a == b) {
        // A stay move (a zealot's self-destruct): a ring round the square, not an arrow.
        let (x, y) = centre(d, from);
        let _ = writeln!(
            s,
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#1e824c" stroke-width="6" stroke-opacity="0.8"/>"##,
            CELL / 2 + CELL / 3
        );
    }
    if let Some((from, to)) = d.arrow.filter(|(a, b)| a != b) {
        let ((x1, y1), (x2, y2)) = (centre(d, from), centre(d, to));
        let _ = writeln!(
            s,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#1e824c" stroke-width="7" stroke-opacity="0.8" marker-end="url(#arrowhead)"/>"##
        );
    }
    for (c, label) in d.column_labels.iter().enumerate() {
        let x = MARGIN + c * CELL + CELL / 2;
        let y = MARGIN + d.rows * CELL + 18;
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{y}" font-size="14" text-anchor="middle">{}</text>"#,
            escape(label)
        );
    }
    for (r, label) in d.row_labels.iter().enumerate() {
        let y = MARGIN + (d.rows - 1 - r) * CELL + CELL / 2 + 5;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{y}" font-size="14" text-anchor="middle">{}</text>"#,
            MARGIN / 2,
            escape(label)
        );
    }
    if !d.title.is_empty() {
        // Shrink long titles (a tafl position string) to the width; a glyph is ~0.6 em wide.
        let room = (width - MARGIN) as f64;
        let size = (room / (0.6 * d.title.chars().count() as f64)).clamp(6.0, 15.0);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{size:.1}">{}</text>"#,
            MARGIN / 2,
            height - 8,
            escape(&d.title)
        );
    }
    s.push_str("</svg>\n");
    s
}
