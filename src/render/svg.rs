//! The SVG writer: any [`Diagram`] as a self-contained SVG document.

use super::pieces;
use super::{CellKind, Diagram, DiagramPiece, Ground, Outline, Shade};
use std::fmt::Write;

const CELL: usize = 48;
const MARGIN: usize = 28;

/// Fill colours of the owners (`OWNER_*`: white/attackers, black/defenders, red, blue, green)
/// and their ink.
const OWNER_FILL: [&str; 5] = ["#f8f8f0", "#202020", "#c0392b", "#2e6fd1", "#1e8449"];
const OWNER_INK: [&str; 5] = ["#202020", "#f8f8f0", "#ffffff", "#ffffff", "#ffffff"];

fn owner_index(owner: usize) -> usize {
    owner.min(OWNER_FILL.len() - 1)
}

fn cell_fill(kind: CellKind) -> String {
    match kind {
        CellKind::Light => "#eed9b5".into(),
        CellKind::Dark => "#b58863".into(),
        CellKind::Throne => "#d4af37".into(),
        CellKind::Gate => "#8e44ad".into(),
        CellKind::Hole => "none".into(),
        CellKind::Ground(ground, shade) => format!("url(#{})", pattern_id(ground, shade)),
    }
}

fn pattern_id(ground: Ground, shade: Shade) -> String {
    let ground = match ground {
        Ground::Meadow => "meadow",
        Ground::Forest => "forest",
        Ground::River => "river",
        Ground::Pond => "pond",
        Ground::Bridge => "bridge",
        Ground::Ruin => "ruin",
    };
    let shade = match shade {
        Shade::Light => "light",
        Shade::Medium => "medium",
    };
    format!("ground-{ground}-{shade}")
}

/// A terrain's base colour in each shade: greens on land, blues in water, wood, stone.
fn ground_base(ground: Ground, shade: Shade) -> &'static str {
    let (light, medium) = match ground {
        Ground::Meadow => ("#d5ecae", "#acd37a"),
        Ground::Forest => ("#6f9f5c", "#4f7f3f"),
        Ground::River => ("#aadff2", "#6fc1e3"),
        Ground::Pond => ("#a8b8ee", "#6d84d4"),
        Ground::Bridge => ("#e2c291", "#bf935a"),
        Ground::Ruin => ("#dad5cc", "#aba394"),
    };
    match shade {
        Shade::Light => light,
        Shade::Medium => medium,
    }
}

/// The marks over a terrain's base, kept near the cell's edges so that a piece in the middle
/// does not hide what it stands on. Meadow, the common ground, stays plain.
fn ground_marks(ground: Ground) -> &'static str {
    match ground {
        Ground::Meadow => "",
        // A fir tree in every corner.
        Ground::Forest => {
            r##"<path d="M7,1 l6,11 h-12 z M41,1 l6,11 h-12 z M7,35 l6,11 h-12 z M41,35 l6,11 h-12 z" fill="#173d17"/>"##
        }
        // Waves running across.
        Ground::River => {
            r##"<path d="M0,6 q6,-4 12,0 t12,0 t12,0 t12,0 M0,43 q6,-4 12,0 t12,0 t12,0 t12,0" fill="none" stroke="#ffffff" stroke-width="2"/>"##
        }
        // Still rings in the corners.
        Ground::Pond => {
            r##"<g fill="none" stroke="#ffffff" stroke-width="1.5"><ellipse cx="9" cy="6" rx="6" ry="2.5"/><ellipse cx="39" cy="42" rx="6" ry="2.5"/><ellipse cx="39" cy="6" rx="3" ry="1.2"/><ellipse cx="9" cy="42" rx="3" ry="1.2"/></g>"##
        }
        // Planks between two rails.
        Ground::Bridge => {
            r##"<path d="M8,0 v48 M16,0 v48 M24,0 v48 M32,0 v48 M40,0 v48" stroke="#7a5a36" stroke-width="1"/><path d="M0,2 h48 M0,46 h48" stroke="#5a3d20" stroke-width="3"/>"##
        }
        // Broken stone walls.
        Ground::Ruin => {
            r##"<g fill="#6b6458"><rect x="2" y="2" width="12" height="5"/><rect x="16" y="2" width="7" height="5"/><rect x="2" y="9" width="5" height="7"/><rect x="34" y="41" width="12" height="5"/><rect x="25" y="41" width="7" height="5"/><rect x="41" y="32" width="5" height="7"/></g>"##
        }
    }
}

/// The patterns of the terrains a diagram uses, tiled in step with its cells; nothing for a
/// diagram without terrain, so other games' SVG stays as it was.
fn ground_patterns(d: &Diagram) -> String {
    let mut used: Vec<(Ground, Shade)> = Vec::new();
    for &kind in &d.cells {
        if let CellKind::Ground(ground, shade) = kind {
            if !used.contains(&(ground, shade)) {
                used.push((ground, shade));
            }
        }
    }
    if used.is_empty() {
        return String::new();
    }
    let mut s = String::from("<defs>");
    for (ground, shade) in used {
        let _ = write!(
            s,
            r#"<pattern id="{}" patternUnits="userSpaceOnUse" x="{MARGIN}" y="{MARGIN}" width="{CELL}" height="{CELL}"><rect width="{CELL}" height="{CELL}" fill="{}"/>{}</pattern>"#,
            pattern_id(ground, shade),
            ground_base(ground, shade),
            ground_marks(ground)
        );
    }
    s.push_str("</defs>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How the field is drawn: turned, and with the hooks a page's script needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Quarter turns of the board, clockwise (0..=3, taken modulo 4): 0 has the first row at
    /// the bottom, 1 the last column (the east side), 2 the last row (black's side, seen from
    /// the top), 3 the first column (the west side). Pieces and text stay upright.
    pub turn: u8,
    /// Everything on the field inside one `<g id="board">`; each existing cell a
    /// `<rect class="cell" data-square="e4" …>`; pieces and marks with
    /// `pointer-events="none"`, so that a click reaches the cell beneath.
    pub interactive: bool,
}

/// Where the cells go on the page: the diagram's coordinates turned.
struct View<'a> {
    d: &'a Diagram,
    turn: u8,
    /// Cells across and down as drawn.
    across: usize,
    down: usize,
    /// ` pointer-events="none"` in interactive mode, else nothing.
    inert: &'static str,
}

impl View<'_> {
    fn new<'a>(d: &'a Diagram, options: &SvgOptions) -> View<'a> {
        let turn = options.turn % 4;
        let (across, down) = if turn.is_multiple_of(2) {
            (d.columns, d.rows)
        } else {
            (d.rows, d.columns)
        };
        View {
            d,
            turn,
            across,
            down,
            inert: if options.interactive {
                r#" pointer-events="none""#
            } else {
                ""
            },
        }
    }

    /// A cell's place as drawn: column from the left, row from the top.
    fn grid(&self, (c, r): (usize, usize)) -> (usize, usize) {
        let (w, h) = (self.d.columns, self.d.rows);
        match self.turn {
            0 => (c, h - 1 - r),
            1 => (r, c),
            2 => (w - 1 - c, r),
            _ => (h - 1 - r, w - 1 - c),
        }
    }

    /// The top-left corner of a cell in SVG coordinates.
    fn top_left(&self, cell: (usize, usize)) -> (usize, usize) {
        let (x, y) = self.grid(cell);
        (MARGIN + x * CELL, MARGIN + y * CELL)
    }

    /// The centre of a cell in SVG coordinates.
    fn centre(&self, cell: (usize, usize)) -> (usize, usize) {
        let (x, y) = self.top_left(cell);
        (x + CELL / 2, y + CELL / 2)
    }

    /// Whether the diagram's columns run across the page (unturned or upside down).
    fn columns_across(&self) -> bool {
        self.turn.is_multiple_of(2)
    }
}

fn is_ground(d: &Diagram, cell: (usize, usize)) -> bool {
    matches!(d.cells.get(d.index(cell)), Some(CellKind::Ground(..)))
}

fn last_move(s: &mut String, v: &View, from: (usize, usize), to: (usize, usize)) {
    for (i, cell) in [from, to].into_iter().enumerate() {
        let (x, y) = v.top_left(cell);
        if !is_ground(v.d, cell) {
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f7ec5e" fill-opacity="0.55"{}/>"##,
                v.inert
            );
            continue;
        }
        // On terrain a frame, not a wash, keeps the pattern readable; a placement's one square
        // is framed once.
        if i == 1 && to == from {
            continue;
        }
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#f7ec5e" fill-opacity="0.3" stroke="#f1c40f" stroke-width="5"{}/>"##,
            x + 4,
            y + 4,
            CELL - 8,
            CELL - 8,
            v.inert
        );
    }
}

/// A kingdom's frame: the owner's colour over a line of its ink, so white shows on light
/// ground and black on dark. Frames of the same rectangle (two players given one board) nest.
fn outlines(s: &mut String, v: &View) {
    let d = v.d;
    for (i, o) in d.outlines.iter().enumerate() {
        let ((left, bottom), (right, top)) = (o.bottom_left, o.top_right);
        if right >= d.columns || top >= d.rows || left > right || bottom > top {
            continue;
        }
        let same = |p: &Outline| p.bottom_left == o.bottom_left && p.top_right == o.top_right;
        let inset = 4 + 8 * d.outlines[..i].iter().filter(|p| same(p)).count();
        let (xa, ya) = v.top_left((left, top));
        let (xb, yb) = v.top_left((right, bottom));
        let (x0, y0) = (xa.min(xb), ya.min(yb));
        let (x1, y1) = (xa.max(xb) + CELL, ya.max(yb) + CELL);
        if x0 + 2 * inset >= x1 || y0 + 2 * inset >= y1 {
            continue;
        }
        let path = format!(
            "M{},{} H{} V{} H{} Z",
            x0 + inset,
            y0 + inset,
            x1 - inset,
            y1 - inset,
            x0 + inset
        );
        let owner = owner_index(o.owner);
        let _ = writeln!(
            s,
            r#"<path d="{path}" fill="none" stroke="{}" stroke-width="7" stroke-linejoin="round"{}/>"#,
            OWNER_INK[owner], v.inert
        );
        let _ = writeln!(
            s,
            r#"<path d="{path}" fill="none" stroke="{}" stroke-width="4" stroke-linejoin="round"{}><title>{}</title></path>"#,
            OWNER_FILL[owner],
            v.inert,
            escape(&o.caption)
        );
    }
}

/// A corner flag in a piece's original owner's colour (a piece that changed hands).
fn origins(s: &mut String, v: &View) {
    for &((c, r), owner) in &v.d.origins {
        if c >= v.d.columns || r >= v.d.rows {
            continue;
        }
        let (x, y) = v.top_left((c, r));
        let owner = owner_index(owner);
        let _ = writeln!(
            s,
            r##"<path d="M{},{} h17 v17 z" fill="{}" stroke="#111" stroke-width="1.5"{}/>"##,
            x + CELL - 18,
            y + 1,
            OWNER_FILL[owner],
            v.inert
        );
    }
}

/// One piece standing at `(x, y)`: its shape in the owner's colours, or its label in a disc.
fn piece(s: &mut String, v: &View, p: &DiagramPiece, (x, y): (usize, usize)) {
    let owner = owner_index(p.owner);
    let _ = write!(
        s,
        r#"<g class="piece {}"{}><title>{}</title>"#,
        p.glyph.name(),
        v.inert,
        escape(&p.label)
    );
    match pieces::shape(p.glyph, CELL as f64, (x as f64, y as f64)) {
        Some(shape) => {
            // The outline is painted beneath the fill: where parts of a shape overlap, only
            // the outer edge shows.
            let _ = write!(
                s,
                r##"<path d="{}" fill="{}" stroke="#111" stroke-width="3" stroke-linejoin="round" paint-order="stroke"/>"##,
                shape.body, OWNER_FILL[owner]
            );
            if !shape.lines.is_empty() {
                let _ = write!(
                    s,
                    r#"<path d="{}" fill="none" stroke="{}" stroke-width="1.5" stroke-linecap="round"/>"#,
                    shape.lines, OWNER_INK[owner]
                );
            }
            if !shape.dots.is_empty() {
                let _ = write!(
                    s,
                    r#"<path d="{}" fill="{}"/>"#,
                    shape.dots, OWNER_INK[owner]
                );
            }
        }
        None => {
            let _ = write!(
                s,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="{}" stroke="#111" stroke-width="{}"/>"##,
                CELL * 2 / 5,
                OWNER_FILL[owner],
                if p.royal { 4 } else { 1 }
            );
            let _ = write!(
                s,
                r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{}" font-weight="bold">{}</text>"#,
                y + CELL / 6,
                CELL / 2,
                OWNER_INK[owner],
                escape(&p.label)
            );
        }
    }
    s.push_str("</g>\n");
}

/// The diagram as an SVG document, unturned and without a page's hooks.
pub fn to_svg(d: &Diagram) -> String {
    to_svg_with(d, &SvgOptions::default())
}

/// The diagram as an SVG document, turned and made interactive as `options` say.
pub fn to_svg_with(d: &Diagram, options: &SvgOptions) -> String {
    let v = View::new(d, options);
    let width = v.across * CELL + 2 * MARGIN;
    let height = v.down * CELL + 2 * MARGIN + if d.title.is_empty() { 0 } else { 24 };
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
    s.push_str(&ground_patterns(d));
    let _ = writeln!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    if options.interactive {
        s.push_str("<g id=\"board\">\n");
    }
    for r in 0..d.rows {
        for c in 0..d.columns {
            let kind = d.cells[d.index((c, r))];
            if kind == CellKind::Hole {
                continue;
            }
            let (x, y) = v.top_left((c, r));
            let hook = if options.interactive {
                format!(
                    r#"class="cell" data-square="{}{}" "#,
                    escape(&d.column_labels[c]),
                    escape(&d.row_labels[r])
                )
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                r##"<rect {hook}x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#555" stroke-width="0.5"/>"##,
                cell_fill(kind)
            );
        }
    }
    if let Some((from, to)) = d.last_move {
        last_move(&mut s, &v, from, to);
    }
    for (cell, caption) in &d.flags {
        // A tinted square beneath the pieces: a king standing there must not hide it.
        let (x, y) = v.top_left(*cell);
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#d4af37" fill-opacity="0.75" stroke="#8a6d0b" stroke-width="3"{}><title>{}</title></rect>"##,
            v.inert,
            escape(caption)
        );
    }
    outlines(&mut s, &v);
    for r in 0..d.rows {
        for c in 0..d.columns {
            if let Some(p) = &d.pieces[d.index((c, r))] {
                piece(&mut s, &v, p, v.centre((c, r)));
            }
        }
    }
    origins(&mut s, &v);
    if let Some((from, _)) = d.arrow.filter(|(a, b)| a == b) {
        // A stay move (a zealot's self-destruct): a ring round the square, not an arrow.
        let (x, y) = v.centre(from);
        let _ = writeln!(
            s,
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#1e824c" stroke-width="6" stroke-opacity="0.8"{}/>"##,
            CELL / 2 + CELL / 3,
            v.inert
        );
    }
    if let Some((from, to)) = d.arrow.filter(|(a, b)| a != b) {
        let ((x1, y1), (x2, y2)) = (v.centre(from), v.centre(to));
        let _ = writeln!(
            s,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#1e824c" stroke-width="7" stroke-opacity="0.8" marker-end="url(#arrowhead)"{}/>"##,
            v.inert
        );
    }
    if options.interactive {
        s.push_str("</g>\n");
    }
    // The edge labels go below and to the left of the field as drawn: the labels of whichever
    // runs across the page below it.
    let below = |x: usize| (MARGIN + x * CELL + CELL / 2, MARGIN + v.down * CELL + 18);
    let left = |y: usize| (MARGIN / 2, MARGIN + y * CELL + CELL / 2 + 5);
    for (c, label) in d.column_labels.iter().enumerate() {
        let (gx, gy) = v.grid((c, 0));
        let (x, y) = if v.columns_across() {
            below(gx)
        } else {
            left(gy)
        };
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{y}" font-size="14" text-anchor="middle">{}</text>"#,
            escape(label)
        );
    }
    for (r, label) in d.row_labels.iter().enumerate() {
        let (gx, gy) = v.grid((0, r));
        let (x, y) = if v.columns_across() {
            left(gy)
        } else {
            below(gx)
        };
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{y}" font-size="14" text-anchor="middle">{}</text>"#,
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
