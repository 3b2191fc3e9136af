//! The pieces' shapes: simple silhouettes drawn for this project, one function per shape. Each
//! gives SVG path data for a piece standing in a cell of a given size round a given centre: a
//! body (filled in the owner's colour with a dark outline) and details (lines and dots in the
//! owner's ink, the colour that reads on that fill).
//!
//! The shapes are designed on a 48-unit cell with the centre at 0,0 and y growing downwards;
//! every piece stands on a base at y = 18.

use std::fmt::Write;

/// What a piece looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// Chess 40k's zealot: a hooded figure.
    Zealot,
    /// Tafl's attackers and defenders: a round stone.
    Man,
    /// Tafl's king: a stone figure under a crown.
    TaflKing,
    /// No shape: the piece's label in a disc.
    Letter,
}

impl Glyph {
    /// Every glyph with a shape (all but [`Glyph::Letter`]).
    pub const SHAPED: [Glyph; 9] = [
        Glyph::King,
        Glyph::Queen,
        Glyph::Rook,
        Glyph::Bishop,
        Glyph::Knight,
        Glyph::Pawn,
        Glyph::Zealot,
        Glyph::Man,
        Glyph::TaflKing,
    ];

    /// The glyph's name, as written in the SVG's `class`.
    pub fn name(self) -> &'static str {
        match self {
            Glyph::King => "king",
            Glyph::Queen => "queen",
            Glyph::Rook => "rook",
            Glyph::Bishop => "bishop",
            Glyph::Knight => "knight",
            Glyph::Pawn => "pawn",
            Glyph::Zealot => "zealot",
            Glyph::Man => "man",
            Glyph::TaflKing => "tafl-king",
            Glyph::Letter => "letter",
        }
    }
}

/// A piece's drawing as path data in the diagram's coordinates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shape {
    /// The silhouette: filled in the owner's colour, outlined dark.
    pub body: String,
    /// Lines drawn over the body in the owner's ink (bands, a slit, a mane).
    pub lines: String,
    /// Small areas filled in the owner's ink (an eye, a face under a hood).
    pub dots: String,
}

/// The shape of a glyph in a cell of `size` round `centre`; `None` for [`Glyph::Letter`].
pub fn shape(glyph: Glyph, size: f64, centre: (f64, f64)) -> Option<Shape> {
    Some(match glyph {
        Glyph::King => king(size, centre),
        Glyph::Queen => queen(size, centre),
        Glyph::Rook => rook(size, centre),
        Glyph::Bishop => bishop(size, centre),
        Glyph::Knight => knight(size, centre),
        Glyph::Pawn => pawn(size, centre),
        Glyph::Zealot => zealot(size, centre),
        Glyph::Man => man(size, centre),
        Glyph::TaflKing => tafl_king(size, centre),
        Glyph::Letter => return None,
    })
}

/// One step of an outline, to its end point (design units).
#[derive(Clone, Copy)]
enum Seg {
    /// A line.
    L(f64, f64),
    /// A quadratic curve: control point, end.
    Q(f64, f64, f64, f64),
    /// A cubic curve: two control points, end.
    C(f64, f64, f64, f64, f64, f64),
}
use Seg::{C, L, Q};

/// Writes path data, turning design units round 0,0 into the diagram's coordinates.
struct Pen {
    s: String,
    scale: f64,
    centre: (f64, f64),
}

/// A coordinate with at most two decimals and no trailing zeros.
fn number(v: f64) -> String {
    let text = format!("{:.2}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.into()
    }
}

impl Pen {
    fn new(size: f64, centre: (f64, f64)) -> Pen {
        Pen {
            s: String::new(),
            scale: size / 48.0,
            centre,
        }
    }

    fn point(&mut self, x: f64, y: f64) {
        let (cx, cy) = self.centre;
        let _ = write!(
            self.s,
            "{},{}",
            number(cx + x * self.scale),
            number(cy + y * self.scale)
        );
    }

    fn command(&mut self, c: char) {
        if !self.s.is_empty() {
            self.s.push(' ');
        }
        self.s.push(c);
    }

    fn move_to(&mut self, x: f64, y: f64) -> &mut Pen {
        self.command('M');
        self.point(x, y);
        self
    }

    fn seg(&mut self, seg: Seg) -> &mut Pen {
        match seg {
            L(x, y) => {
                self.command('L');
                self.point(x, y);
            }
            Q(cx, cy, x, y) => {
                self.command('Q');
                self.point(cx, cy);
                self.s.push(' ');
                self.point(x, y);
            }
            C(ax, ay, bx, by, x, y) => {
                self.command('C');
                self.point(ax, ay);
                self.s.push(' ');
                self.point(bx, by);
                self.s.push(' ');
                self.point(x, y);
            }
        }
        self
    }

    fn line_to(&mut self, x: f64, y: f64) -> &mut Pen {
        self.seg(L(x, y))
    }

    fn path(&mut self, start: (f64, f64), segs: &[Seg]) -> &mut Pen {
        self.move_to(start.0, start.1);
        for &s in segs {
            self.seg(s);
        }
        self
    }

    fn close(&mut self) -> &mut Pen {
        self.command('Z');
        self
    }

    /// A shape symmetric about the vertical axis: `right` runs from the axis at `bottom`
    /// round the right-hand side back to the axis; the left-hand side is its mirror image.
    fn symmetric(&mut self, bottom: f64, right: &[Seg]) -> &mut Pen {
        self.move_to(0.0, bottom);
        let mut ends = vec![(0.0, bottom)];
        for &s in right {
            self.seg(s);
            ends.push(match s {
                L(x, y) | Q(_, _, x, y) | C(_, _, _, _, x, y) => (x, y),
            });
        }
        // Back down the left: each step reversed and mirrored.
        for (i, &s) in right.iter().enumerate().rev() {
            let (x, y) = ends[i];
            self.seg(match s {
                L(..) => L(-x, y),
                Q(cx, cy, ..) => Q(-cx, cy, -x, y),
                C(ax, ay, bx, by, ..) => C(-bx, by, -ax, ay, -x, y),
            });
        }
        self.close()
    }

    /// A circle as two half arcs.
    fn circle(&mut self, x: f64, y: f64, r: f64) -> &mut Pen {
        let sr = number(r * self.scale);
        self.move_to(x - r, y);
        for to in [x + r, x - r] {
            self.command('A');
            let _ = write!(self.s, "{sr},{sr} 0 1 0 ");
            self.point(to, y);
        }
        self.close()
    }

    /// A horizontal line from x0 to x1 at y.
    fn band(&mut self, x0: f64, x1: f64, y: f64) -> &mut Pen {
        self.move_to(x0, y).line_to(x1, y)
    }

    fn take(&mut self) -> String {
        std::mem::take(&mut self.s)
    }
}

/// The plinth most pieces stand on, as the first steps of a symmetric outline: from the base
/// out to its corner, up, and in to the foot of the body at half-width `foot`.
fn plinth(foot: f64) -> [Seg; 3] {
    [L(15.0, 18.0), L(15.0, 14.0), Q(14.0, 12.0, foot, 11.5)]
}

fn with_plinth(foot: f64, rest: &[Seg]) -> Vec<Seg> {
    let mut segs = plinth(foot).to_vec();
    segs.extend_from_slice(rest);
    segs
}

/// The king: a domed crown with a cross on top.
pub fn king(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let right = with_plinth(
        9.5,
        &[
            C(8.0, 6.0, 9.0, 1.0, 14.0, -4.0),
            C(16.0, -8.0, 12.0, -13.0, 6.0, -11.0),
            Q(4.0, -10.5, 2.5, -11.0),
            L(2.5, -14.0),
            L(6.5, -14.0),
            L(6.5, -17.5),
            L(2.5, -17.5),
            L(2.5, -21.5),
            L(0.0, -21.5),
        ],
    );
    let body = pen.symmetric(18.0, &right).take();
    let lines = pen
        .band(-9.5, 9.5, 11.5)
        .band(-11.0, 11.0, -3.0)
        .move_to(0.0, -11.0)
        .line_to(0.0, -3.0)
        .take();
    Shape {
        body,
        lines,
        dots: String::new(),
    }
}

/// The queen: a coronet of five points, each with a ball.
pub fn queen(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let right = with_plinth(
        9.5,
        &[
            C(8.0, 6.0, 9.0, 1.0, 12.0, -3.0),
            L(16.0, -14.5),
            L(9.0, -6.5),
            L(7.5, -17.0),
            L(3.0, -7.5),
            L(0.0, -19.0),
        ],
    );
    pen.symmetric(18.0, &right);
    for (x, y) in [(16.0, -14.5), (7.5, -17.0), (0.0, -19.0)] {
        pen.circle(x, y, 2.6);
        if x != 0.0 {
            pen.circle(-x, y, 2.6);
        }
    }
    let body = pen.take();
    let lines = pen.band(-9.5, 9.5, 11.5).band(-11.5, 11.5, -3.0).take();
    Shape {
        body,
        lines,
        dots: String::new(),
    }
}

/// The rook: a tower with battlements.
pub fn rook(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let right = with_plinth(
        10.0,
        &[
            L(10.0, -7.0),
            L(13.5, -10.0),
            L(13.5, -18.0),
            L(8.5, -18.0),
            L(8.5, -14.0),
            L(3.0, -14.0),
            L(3.0, -18.0),
            L(0.0, -18.0),
        ],
    );
    let body = pen.symmetric(18.0, &right).take();
    let lines = pen
        .band(-10.0, 10.0, 11.5)
        .band(-10.0, 10.0, -7.0)
        .band(-10.0, 10.0, 3.0)
        .take();
    Shape {
        body,
        lines,
        dots: String::new(),
    }
}

/// The bishop: a mitre with a slit, a ball on top, a collar on a slender stem.
pub fn bishop(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let right = with_plinth(
        7.0,
        &[
            C(5.0, 9.0, 4.5, 7.0, 5.0, 5.0),
            L(10.0, 5.0),
            L(10.0, 1.5),
            L(7.0, 1.5),
            C(13.0, -3.0, 11.0, -11.0, 0.0, -17.0),
        ],
    );
    pen.symmetric(18.0, &right);
    let body = pen.circle(0.0, -19.0, 3.0).take();
    let lines = pen
        .band(-7.0, 7.0, 11.5)
        .move_to(-2.0, -11.0)
        .line_to(4.5, -4.0)
        .take();
    Shape {
        body,
        lines,
        dots: String::new(),
    }
}

/// The knight: a horse's head in profile, looking left.
pub fn knight(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let body = pen
        .path(
            (-14.0, 18.0),
            &[
                L(15.0, 18.0),
                L(15.0, 14.0),
                Q(14.0, 12.0, 12.0, 11.5),
                // The back of the neck up to the ears.
                C(15.0, 2.0, 13.0, -9.0, 6.0, -14.0),
                L(6.5, -21.0),
                L(1.5, -16.0),
                L(-1.5, -20.0),
                L(-3.0, -15.0),
                // The forehead and the nose.
                C(-8.0, -12.0, -12.0, -8.0, -15.5, -1.5),
                Q(-17.0, 2.0, -14.0, 3.5),
                Q(-12.0, 4.5, -9.5, 3.0),
                // The jaw back to the throat, then the chest.
                C(-7.0, 1.5, -4.0, 1.5, -1.0, 0.5),
                C(-5.0, 5.0, -9.0, 8.0, -10.0, 11.5),
                Q(-13.0, 12.0, -14.0, 14.0),
            ],
        )
        .close()
        .take();
    let lines = pen
        .band(-10.0, 12.0, 11.5)
        .path((7.5, -11.0), &[C(11.0, -4.0, 12.0, 3.0, 10.0, 9.0)])
        .take();
    let dots = pen.circle(-5.0, -9.5, 1.8).circle(-13.0, -0.5, 1.1).take();
    Shape { body, lines, dots }
}

/// The pawn: a ball on a collar over a round base.
pub fn pawn(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let right = [
        L(13.0, 18.0),
        C(13.5, 11.0, 7.0, 8.0, 5.5, 1.0),
        L(8.5, 1.0),
        Q(9.0, -1.5, 5.0, -2.5),
        C(9.0, -6.0, 8.0, -14.0, 0.0, -14.5),
    ];
    let body = pen.symmetric(18.0, &right).take();
    let lines = pen.band(-6.0, 6.0, 1.0).take();
    Shape {
        body,
        lines,
        dots: String::new(),
    }
}

/// Chess 40k's zealot: a robed figure under a pointed hood, its face in shadow.
pub fn zealot(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let right = [
        L(16.0, 18.0),
        C(14.0, 12.0, 11.0, 7.0, 11.0, 2.0),
        C(11.0, -3.0, 10.0, -9.0, 7.0, -13.0),
        C(5.0, -16.0, 3.0, -19.0, 0.0, -21.5),
    ];
    let body = pen.symmetric(18.0, &right).take();
    let lines = pen
        .path((-11.0, 3.0), &[Q(0.0, 8.0, 11.0, 3.0)])
        .move_to(0.0, 6.0)
        .line_to(0.0, 18.0)
        .take();
    let dots = pen
        .path(
            (0.0, -14.0),
            &[
                C(4.5, -13.0, 5.5, -6.0, 4.5, -3.0),
                Q(0.0, -1.0, -4.5, -3.0),
                C(-5.5, -6.0, -4.5, -13.0, 0.0, -14.0),
            ],
        )
        .close()
        .take();
    Shape { body, lines, dots }
}

/// Tafl's men: a round stone with a ring cut in it.
pub fn man(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let body = pen.circle(0.0, 0.0, 16.0).take();
    let lines = pen.circle(0.0, 0.0, 10.0).take();
    Shape {
        body,
        lines,
        dots: String::new(),
    }
}

/// Tafl's king: a tall stone under a crown of three points.
pub fn tafl_king(size: f64, centre: (f64, f64)) -> Shape {
    let mut pen = Pen::new(size, centre);
    let right = [
        L(14.0, 18.0),
        C(14.0, 12.0, 10.0, 9.0, 10.0, 3.0),
        L(11.0, -5.0),
        L(14.0, -19.0),
        L(7.0, -10.0),
        L(0.0, -21.0),
    ];
    let body = pen.symmetric(18.0, &right).take();
    let lines = pen.band(-11.0, 11.0, -5.0).band(-10.0, 10.0, 3.0).take();
    let dots = pen.circle(0.0, -1.0, 2.5).take();
    Shape { body, lines, dots }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(number(24.0), "24");
        assert_eq!(number(24.5), "24.5");
        assert_eq!(number(-0.001), "0");
        assert_eq!(number(1.0 / 3.0), "0.33");
    }

    #[test]
    fn symmetric_outlines_close_on_the_axis() {
        let mut pen = Pen::new(48.0, (100.0, 50.0));
        let d = pen
            .symmetric(18.0, &[L(10.0, 18.0), L(10.0, 0.0), L(0.0, 0.0)])
            .take();
        assert_eq!(d, "M100,68 L110,68 L110,50 L100,50 L90,50 L90,68 L100,68 Z");
    }

    /// Every shape stays inside its cell, at any size and centre.
    #[test]
    fn shapes_stay_in_their_cell() {
        for size in [48.0, 60.0] {
            let centre = (size * 2.5, size * 1.5);
            for glyph in Glyph::SHAPED {
                let shape = shape(glyph, size, centre).unwrap();
                assert!(!shape.body.is_empty(), "{glyph:?}");
                for part in [&shape.body, &shape.lines, &shape.dots] {
                    for pair in part.split(' ').filter(|t| t.contains(',')) {
                        let pair = pair.trim_start_matches(char::is_alphabetic);
                        let (x, y) = pair.split_once(',').unwrap();
                        let (x, y) = (x.parse::<f64>().unwrap(), y.parse::<f64>().unwrap());
                        let radius = x < size / 2.0 && y < size / 2.0;
                        let inside = (size * 2.0..=size * 3.0).contains(&x)
                            && (size..=size * 2.0).contains(&y);
                        assert!(radius || inside, "{glyph:?} at {size}: {pair} in {part}");
                    }
                }
            }
        }
        assert_eq!(shape(Glyph::Letter, 48.0, (24.0, 24.0)), None);
    }
}
