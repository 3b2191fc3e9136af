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

/// The pieces but pawns and kings of the playing owners: file, rank, weight near a king (a
/// queen counts twice) and owner index. The full walk notes each owner's pieces together, so
/// an owner's entries are one run, `runs[owner]`: his sums read only his own (a loop over all
/// the entries, testing each one's owner, was most of the progress term's cost, issue 32).
pub struct Army {
    at: [(u8, u8, u8, u8); MAX_ATTACKERS],
    len: usize,
    /// Per owner index, the start and end of his entries (empty where none was noted).
    runs: [(u8, u8); MAX_SEATS],
}

impl Default for Army {
    fn default() -> Army {
        Army {
            at: [(0, 0, 0, 0); MAX_ATTACKERS],
            len: 0,
            runs: [(0, 0); MAX_SEATS],
        }
    }
}

impl Army {
    /// Starts `owner`'s run: his pieces are noted next, before any other owner's.
    #[inline(always)]
    pub fn begin(&mut self, owner: usize) {
        self.runs[owner] = (self.len as u8, self.len as u8);
    }

    /// Notes `owner`'s piece of `kind` on `c` (pawns and kings are left out), in the run
    /// [`Army::begin`] started for him.
    #[inline(always)]
    pub fn note(&mut self, c: Coord, kind: PieceKind, owner: usize) {
        if matches!(kind, PieceKind::Pawn | PieceKind::King) || self.len == MAX_ATTACKERS {
            return;
        }
        debug_assert_eq!(
            usize::from(self.runs[owner].1),
            self.len,
            "one run per owner"
        );
        let weight = if kind == PieceKind::Queen { 2 } else { 1 };
        self.at[self.len] = (c.file, c.rank, weight, owner as u8);
        self.len += 1;
        self.runs[owner].1 = self.len as u8;
    }

    /// `owner`'s entries.
    #[inline(always)]
    fn own(&self, owner: usize) -> &[(u8, u8, u8, u8)] {
        let (start, end) = self.runs[owner];
        &self.at[usize::from(start)..usize::from(end)]
    }

    /// The weighted count of other owners' pieces within [`ATTACKER_REACH`] steps (the larger
    /// of files and ranks) of `king`; a queen counts twice.
    #[inline]
    pub fn near(&self, king: Coord, owner: usize) -> i32 {
        let mut near = 0;
        for &(file, rank, weight, by) in &self.at[..self.len] {
            let d = (file as i32 - king.file as i32)
                .abs()
                .max((rank as i32 - king.rank as i32).abs());
            if usize::from(by) != owner && d <= ATTACKER_REACH {
                near += i32::from(weight);
            }
        }
        near
    }

    /// Over `owner`'s pieces, `reach` less the steps to `target` (files plus ranks in a
    /// `duel`, else the larger of the two), at least 0 each, summed.
    #[inline]
    pub fn approach(&self, owner: usize, target: Coord, reach: i32, duel: bool) -> i32 {
        let mut steps = 0;
        for &(file, rank, _, _) in self.own(owner) {
            let files = (file as i32 - target.file as i32).abs();
            let ranks = (rank as i32 - target.rank as i32).abs();
            let d = if duel {
                files + ranks
            } else {
                files.max(ranks)
            };
            steps += (reach - d).max(0);
        }
        steps
    }

    /// `per` times (reach² − d²) / reach summed over `owner`'s pieces, d their files plus
    /// ranks to `target`: a far piece's step gains more than a near one's.
    pub fn pull(&self, owner: usize, target: Coord, reach: i32, per: i32) -> i32 {
        let mut pull = 0;
        for &(file, rank, _, _) in self.own(owner) {
            let d =
                (file as i32 - target.file as i32).abs() + (rank as i32 - target.rank as i32).abs();
            pull += per * (reach * reach - d * d).max(0) / reach;
        }
        pull
    }
}
