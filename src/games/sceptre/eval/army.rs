//! Where the playing owners' pieces stand that count as attackers near a king (not pawns or
//! kings), gathered once per evaluation in the full walk's first pass: king safety counts the
//! enemy ones near each king, and the progress term sums each leader's distances to the
//! weakest opponent's king from the same short list instead of walking his squares again.

use super::weights::ATTACKER_REACH;
use crate::core::MAX_SEATS;
use crate::games::sceptre::field::piece::PieceKind;
use crate::games::sceptre::field::square::Coord;

/// More than the field can hold of them: four full armies with every pawn promoted.
const MAX_ATTACKERS: usize = 4 * 16;

/// Per kind index, a piece's weight near a king: a queen counts twice, pawns and kings not at
/// all (they are not noted).
const NEAR_WEIGHT: [u8; 6] = {
    let mut weights = [1u8; 6];
    weights[PieceKind::Queen.index()] = 2;
    weights[PieceKind::Pawn.index()] = 0;
    weights[PieceKind::King.index()] = 0;
    weights
};

/// [`ATTACKER_REACH`] as a byte, for the whole-army comparison.
const REACH: u8 = ATTACKER_REACH as u8;

/// Entries of a column a vector holds: [`Army::near`] reads the columns a vector at a time.
const LANES: usize = 16;

/// A column of [`MAX_ATTACKERS`] bytes, in vectors of [`LANES`].
type Column = [[u8; LANES]; MAX_ATTACKERS / LANES];

/// The pieces but pawns and kings of the playing owners, one column each for files, ranks
/// and weights near a king, all [`MAX_ATTACKERS`] long with weight 0 past the last entry:
/// [`Army::near`] reads every column whole with no branch, which the compiler does sixteen
/// entries to a vector (one entry at a time, testing each one's owner, it was some 25M
/// instructions of the bench, issue 32). The full walk notes each owner's pieces together,
/// so an owner's entries are one run, `runs[owner]`: his sums read only his own.
pub struct Army {
    files: Column,
    ranks: Column,
    weights: Column,
    len: usize,
    /// Per owner index, the start and end of his entries (empty where none was noted).
    runs: [(u8, u8); MAX_SEATS],
}

impl Default for Army {
    fn default() -> Army {
        Army {
            files: [[0; LANES]; MAX_ATTACKERS / LANES],
            ranks: [[0; LANES]; MAX_ATTACKERS / LANES],
            weights: [[0; LANES]; MAX_ATTACKERS / LANES],
            len: 0,
            runs: [(0, 0); MAX_SEATS],
        }
    }
}

/// Entry `i`'s byte of `column`.
#[inline(always)]
fn at(column: &Column, i: usize) -> u8 {
    column[(i / LANES) % (MAX_ATTACKERS / LANES)][i % LANES]
}

/// `a` less `b` or `b` less `a`, whichever is not negative: written with the larger and the
/// smaller, as vector instructions have them.
#[inline(always)]
fn distance(a: u8, b: u8) -> u8 {
    a.max(b) - a.min(b)
}

impl Army {
    /// Starts `owner`'s run: his pieces are noted next, before any other owner's, and
    /// [`Army::close`] ends it.
    #[inline(always)]
    pub fn begin(&mut self, owner: usize) {
        self.runs[owner] = (self.len as u8, self.len as u8);
    }

    /// Notes a piece of `kind` on `c` (pawns and kings are left out) in the open run.
    #[inline(always)]
    pub fn note(&mut self, c: Coord, kind: PieceKind) {
        let weight = NEAR_WEIGHT[kind.index()];
        if weight == 0 || self.len == MAX_ATTACKERS {
            return;
        }
        let (v, lane) = (
            (self.len / LANES) % (MAX_ATTACKERS / LANES),
            self.len % LANES,
        );
        self.files[v][lane] = c.file;
        self.ranks[v][lane] = c.rank;
        self.weights[v][lane] = weight;
        self.len += 1;
    }

    /// Ends `owner`'s run, begun by [`Army::begin`], after his last piece: once per walk,
    /// not at every piece noted.
    #[inline(always)]
    pub fn close(&mut self, owner: usize) {
        self.runs[owner].1 = self.len as u8;
    }

    /// `owner`'s entries' indices.
    #[inline(always)]
    fn own(&self, owner: usize) -> std::ops::Range<usize> {
        let (start, end) = self.runs[owner];
        usize::from(start)..usize::from(end)
    }

    /// The weighted count of other owners' pieces within [`ATTACKER_REACH`] steps (the larger
    /// of files and ranks) of `king`; a queen counts twice. Every column is read whole, the
    /// entries past the last weighing 0 and `owner`'s run left out by its indices, with no
    /// branch, so that the compiler makes the loops a few vector operations; the sum fits a
    /// byte per lane (at most sixty pieces, each weighing at most 2).
    #[inline]
    pub fn near(&self, king: Coord, owner: usize) -> i32 {
        let (start, end) = self.runs[owner];
        let run = end.wrapping_sub(start);
        let mut sums = [0u8; LANES];
        for v in 0..MAX_ATTACKERS / LANES {
            for (lane, sum) in sums.iter_mut().enumerate() {
                let d = distance(self.files[v][lane], king.file)
                    .max(distance(self.ranks[v][lane], king.rank));
                let own = ((v * LANES + lane) as u8).wrapping_sub(start) < run;
                let counts = (d <= REACH) & !own;
                *sum = sum.wrapping_add(self.weights[v][lane] & 0u8.wrapping_sub(u8::from(counts)));
            }
        }
        sums.iter().map(|&n| i32::from(n)).sum()
    }

    /// Over `owner`'s pieces, `reach` less the steps to `target` (files plus ranks in a
    /// `duel`, else the larger of the two), at least 0 each, summed.
    #[inline]
    pub fn approach(&self, owner: usize, target: Coord, reach: i32, duel: bool) -> i32 {
        let mut steps = 0;
        for i in self.own(owner) {
            let files = (at(&self.files, i) as i32 - target.file as i32).abs();
            let ranks = (at(&self.ranks, i) as i32 - target.rank as i32).abs();
            let d = if duel {
                files + ranks
            } else {
                files.max(ranks)
            };
            steps += (reach - d).max(0);
        }
        steps
    }

    /// Where `owner`'s pieces stand, in the order noted.
    pub fn places(&self, owner: usize) -> impl Iterator<Item = Coord> + '_ {
        self.own(owner)
            .map(|i| Coord::new(at(&self.files, i), at(&self.ranks, i)))
    }

    /// `per` times (reach² − d²) / reach summed over `owner`'s pieces, d their files plus
    /// ranks to `target`: a far piece's step gains more than a near one's.
    pub fn pull(&self, owner: usize, target: Coord, reach: i32, per: i32) -> i32 {
        let mut pull = 0;
        for i in self.own(owner) {
            let d = (at(&self.files, i) as i32 - target.file as i32).abs()
                + (at(&self.ranks, i) as i32 - target.rank as i32).abs();
            pull += per * (reach * reach - d * d).max(0) / reach;
        }
        pull
    }
}
