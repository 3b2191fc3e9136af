//! Zobrist keys of Sceptre positions. Fields run up to 72x72 squares with 96 kinds of piece
//! (kind, owner, colour), too many for a table per field, so each key is mixed on the fly from
//! its coordinates with splitmix64: the same on every build and every field size.
//!
//! The key covers what docs/rules/sceptre1027.md#perpetual-check counts as "the same position" for repetitions (pieces with
//! owners and colours, the side to move, the players' states, the captured pools) plus the
//! set-up still to come (placements never repeat, but the transposition table must tell
//! set-ups apart) and the terrain (positions on two fields never meet in one table). Check runs are left out on purpose: they decide what a repetition means,
//! not whether it is one.

use super::position::{PlayerState, SceptrePosition};
use crate::core::splitmix;
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::Square;

/// Distinct salts per kind of key, so that no two kinds of fact share keys.
const PIECE: u64 = 0x5ce7_0000_0000_0000;
const TURN: u64 = 0x5ce7_1000_0000_0000;
const STATE: u64 = 0x5ce7_2000_0000_0000;
const POOL: u64 = 0x5ce7_3000_0000_0000;
const SET_UP: u64 = 0x5ce7_4000_0000_0000;
const FIELD: u64 = 0x5ce7_5000_0000_0000;

#[inline(always)]
fn mix(salt: u64, value: u64) -> u64 {
    splitmix(salt ^ value).1
}

/// A piece on a square.
#[inline(always)]
pub fn piece(sq: Square, p: Piece) -> u64 {
    let code =
        (p.kind.index() as u64) << 4 | (p.owner.index() as u64) << 2 | p.colour.index() as u64;
    mix(PIECE, (sq as u64) << 8 | code)
}

/// The player to move.
#[inline(always)]
pub fn turn(c: PlayerColour) -> u64 {
    mix(TURN, c.index() as u64)
}

/// A player out of the game (playing is the keyless default).
#[inline(always)]
pub fn state(c: PlayerColour, s: PlayerState) -> u64 {
    match s {
        PlayerState::Playing => 0,
        PlayerState::Eliminated => mix(STATE, c.index() as u64 * 2),
        PlayerState::Withdrawn => mix(STATE, c.index() as u64 * 2 + 1),
    }
}

/// `count` pieces of `kind` of colour `c` in a list salted `salt` (none is keyless).
#[inline(always)]
fn counted(salt: u64, c: PlayerColour, kind: PieceKind, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    mix(
        salt,
        (c.index() as u64) << 12 | (kind.index() as u64) << 8 | count as u64,
    )
}

/// `count` pieces of `kind` in the pool of colour `c`.
#[inline(always)]
pub fn pool(c: PlayerColour, kind: PieceKind, count: u8) -> u64 {
    counted(POOL, c, kind, count)
}

/// `count` pieces of `kind` still to place by `c`.
#[inline(always)]
pub fn set_up(c: PlayerColour, kind: PieceKind, count: u8) -> u64 {
    counted(SET_UP, c, kind, count)
}

impl SceptrePosition {
    /// The key computed from nothing (the incremental one must always equal it).
    pub fn key_from_scratch(&self) -> u64 {
        // The terrain too, so that positions of two fields never share table entries.
        let mut key = turn(self.to_move) ^ mix(FIELD, self.field.terrain_text().len() as u64);
        for &sq in self.field.squares() {
            if let Some(t) = self.field.terrain(sq) {
                key ^= mix(FIELD, (sq as u64) << 4 | t as u64);
            }
        }
        for (sq, p) in self.pieces() {
            key ^= piece(sq, p);
        }
        for (i, &s) in self.players.iter().enumerate() {
            let c = PlayerColour::ALL[i];
            key ^= state(c, s);
            for kind in PieceKind::ALL {
                key ^= pool(c, kind, self.pools[i][kind.index()]);
                if let Some(lists) = &self.set_up {
                    key ^= set_up(c, kind, lists[i][kind.index()]);
                }
            }
        }
        key
    }

    /// The key kept up to date by make and unmake.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same pieces on two fields: different keys, so one table never mixes them up.
    #[test]
    fn the_terrain_is_part_of_the_key() {
        let rest = " Kb@a1,Kw@h8 b+,w+ b b@a1,w@a1 - - -";
        let meadow = SceptrePosition::from_text(&format!("8m/8m/8m/8m/8m/8m/8m/8m{rest}"));
        let forest = SceptrePosition::from_text(&format!("8m/8m/8m/4mf3m/8m/8m/8m/8m{rest}"));
        let (meadow, forest) = (meadow.unwrap(), forest.unwrap());
        assert_ne!(meadow.key(), forest.key());
        assert_eq!(meadow.key(), meadow.key_from_scratch());
    }

    /// In the set-up the side to move must have something left to place.
    #[test]
    fn a_set_up_turn_needs_a_piece_to_place() {
        let field = "8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m";
        let text = format!("{field} Kb@a1 b+,w+ b b@a1,w@a9 b:,w:K - -");
        let error = SceptrePosition::from_text(&text).unwrap_err().to_string();
        assert_eq!(
            error,
            "set-up field: black is to move but has nothing left to place"
        );
        assert!(SceptrePosition::from_text(&text.replace("+ b b@", "+ w b@")).is_ok());
    }
}
