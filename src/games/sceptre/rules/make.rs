//! Making and unmaking moves (docs/rules/sceptre1027.md#check-and-the-end-of-the-game): captures fill the pools of the captured pieces'
//! original colours, a captured king eliminates a playing player (his pieces pass to the
//! capturer) or only leaves the field (a withdrawn player's), promotions draw from the pawn's
//! colour's pool, check runs follow each move, the turn passes to the next playing player; a
//! placement fills the set-up, whose end gives black the first move. Withdrawal is not a move
//! but a change of state with its own undo.

use super::attacks::owner_bit;
use super::cover::{Reach, Touched, NO_REACH};
use super::moves::SceptreMove;
use super::pawn_moves::{NearPawns, PawnMoves};
use super::position::{PlayerState, SceptrePosition};
use super::zobrist;
use crate::games::sceptre::field::piece::{Piece, PieceKind};
use crate::games::sceptre::field::seats::PlayerColour;
use crate::games::sceptre::field::NO_SQUARE;

/// What [`SceptrePosition::unmake`] needs to restore the position exactly.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    moved: Option<Piece>,
    captured: Option<Piece>,
    to_move: PlayerColour,
    players: [PlayerState; 4],
    checks: [u32; 4],
    key: u64,
    reversible: u32,
    /// The original colours (bit per colour index) of the pieces that passed to the capturer
    /// of their owner's king. Every piece of one colour has one owner at any time (a transfer
    /// moves all of an owner's pieces), so the colours say which pieces to give back.
    transferred: u8,
    /// The placement ended the set-up phase.
    set_up_ended: bool,
    /// The kept pawn-move sums before the move (`rules::pawn_moves`).
    pawn_moves: PawnMoves,
    /// The pawns near the move's squares whose moves were counted again, with their counts
    /// before it, and the moved and the captured piece's count (0 unless a pawn): unmake puts
    /// the kept counts back from them.
    near_pawns: NearPawns,
    moved_pawn: u8,
    captured_pawn: u8,
    /// The other sliders' lines the move lengthened or shortened, with their reach before
    /// and after it: unmake counts them back without looking for them again.
    touched: Touched,
    /// How far the lines of the moved piece reached from its square before the move, of the
    /// captured piece from its, and of the piece that landed (or was placed) from its square
    /// after the move: unmake counts their cover back along them without measuring them.
    moved_reach: Reach,
    captured_reach: Reach,
    landed_reach: Reach,
}

/// The seats' entries of `from` (at most four), the others `fill`. Seat by seat, unrolled:
/// a slice copy of a length known only at run time was a `memcpy` call in every make
/// (issue 32).
#[inline(always)]
fn seats_of<T: Copy>(from: &[T], fill: T) -> [T; 4] {
    let mut seats = [fill; 4];
    for (i, slot) in seats.iter_mut().enumerate() {
        if let Some(&v) = from.get(i) {
            *slot = v;
        }
    }
    seats
}

/// Puts back each seat of `to` from `from` (the inverse of [`seats_of`], unrolled too).
#[inline(always)]
fn copy_seats<T: Copy>(to: &mut [T], from: &[T; 4]) {
    for (i, &v) in from.iter().enumerate() {
        if let Some(slot) = to.get_mut(i) {
            *slot = v;
        }
    }
}

impl SceptrePosition {
    fn snapshot(&self) -> Undo {
        let players = seats_of(&self.players, PlayerState::Playing);
        let checks = seats_of(&self.checks, 0);
        Undo {
            moved: None,
            captured: None,
            to_move: self.to_move,
            players,
            checks,
            key: self.key,
            reversible: self.reversible.0,
            transferred: 0,
            set_up_ended: false,
            pawn_moves: self.pawn_moves,
            near_pawns: NearPawns::NONE,
            moved_pawn: 0,
            captured_pawn: 0,
            touched: Touched::NONE,
            moved_reach: NO_REACH,
            captured_reach: NO_REACH,
            landed_reach: NO_REACH,
        }
    }

    /// The next playing player after `colour` in seat order (`colour` himself if no other).
    pub fn next_playing(&self, colour: PlayerColour) -> PlayerColour {
        let n = self.players.len();
        (1..=n)
            .map(|i| PlayerColour::ALL[(colour.index() + i) % n])
            .find(|&c| self.is_playing(c))
            .unwrap_or(colour)
    }

    /// The key [`Self::make`] will give the position for a move or capture, read before it
    /// (the search's early table load, `SearchHints::key_after`); `None` for a placement and
    /// for a king's capture (an elimination passes pieces), which it does not foresee.
    #[inline]
    pub(in crate::games::sceptre) fn key_after(&self, m: SceptreMove) -> Option<u64> {
        if m.is_placement() {
            return None;
        }
        let mover = self.to_move;
        let piece = self.board[m.from() as usize]?;
        let mut key = self.key ^ zobrist::piece(m.from(), piece) ^ zobrist::turn(mover);
        if let Some(cap) = self.board[m.to() as usize] {
            if cap.kind == PieceKind::King {
                return None;
            }
            let count = self.pools[cap.colour.index()][cap.kind.index()];
            key ^= zobrist::piece(m.to(), cap)
                ^ zobrist::pool(cap.colour, cap.kind, count)
                ^ zobrist::pool(cap.colour, cap.kind, count.wrapping_add(1));
        }
        let placed = match m.promotion_kind() {
            Some(kind) => {
                let count = self.pools[piece.colour.index()][kind.index()];
                key ^= zobrist::pool(piece.colour, kind, count)
                    ^ zobrist::pool(piece.colour, kind, count.wrapping_sub(1));
                Piece { kind, ..piece }
            }
            None => piece,
        };
        Some(key ^ zobrist::piece(m.to(), placed) ^ zobrist::turn(self.next_playing(mover)))
    }

    /// Makes a legal move (or placement) and returns what undoes it.
    pub fn make(&mut self, m: SceptreMove) -> Undo {
        let undo = self.make_unchecked(m);
        if !m.is_placement() {
            let mover = undo.to_move;
            let gives_check = self.gives_check(mover);
            let run = &mut self.checks[mover.index()];
            *run = if gives_check { *run + 1 } else { 0 };
        }
        undo
    }

    /// Whether `mover`'s pieces attack the king of another playing player.
    fn gives_check(&self, mover: PlayerColour) -> bool {
        let playing = self.playing_mask();
        self.colours().any(|c| {
            c != mover
                && playing & owner_bit(c) != 0
                && self
                    .king_square(c)
                    .is_some_and(|sq| self.covered_by(sq, owner_bit(mover)))
        })
    }

    /// Makes a move without updating the mover's check run (enough to test legality).
    pub(in crate::games::sceptre) fn make_unchecked(&mut self, m: SceptreMove) -> Undo {
        let mut undo = self.snapshot();
        let mover = self.to_move;
        if let Some(kind) = m.placed() {
            self.reversible.0 = 0;
            let placed = Piece::new(kind, mover);
            self.lines_and_pawns_through(
                m.to(),
                m.to(),
                false,
                &mut undo.touched,
                &mut undo.near_pawns,
            );
            self.count_near_pawns(&mut undo.near_pawns, false);
            self.board[m.to() as usize] = Some(placed);
            self.cover_on_piece(m.to(), placed.colour.index(), true);
            self.tally
                .add(&self.field, m.to(), placed, self.players.len());
            self.owned.insert(mover, m.to());
            self.flip_lines(m.to());
            undo.landed_reach = self.cover_piece(m.to(), placed, true);
            self.recount_touched(&mut undo.touched);
            self.count_near_pawns(&mut undo.near_pawns, true);
            self.count_pawn(m.to(), placed, true);
            if kind == PieceKind::King {
                self.kings[mover.index()] = m.to();
            }
            self.key ^= zobrist::piece(m.to(), placed) ^ zobrist::turn(mover);
            let n = self.players.len();
            let lists = self
                .set_up
                .as_mut()
                .expect("a placement in the set-up phase");
            let left = &mut lists[mover.index()][kind.index()];
            self.key ^=
                zobrist::set_up(mover, kind, *left) ^ zobrist::set_up(mover, kind, *left - 1);
            *left -= 1;
            let next = (1..=n)
                .map(|i| PlayerColour::ALL[(mover.index() + i) % n])
                .find(|c| lists[c.index()].iter().any(|&k| k > 0));
            match next {
                Some(c) => self.to_move = c,
                None => {
                    self.set_up = None;
                    self.to_move = PlayerColour::Black;
                    undo.set_up_ended = true;
                }
            }
            self.key ^= zobrist::turn(self.to_move);
            return undo;
        }
        let (from, to) = (m.from() as usize, m.to() as usize);
        let captured = self.board[to];
        // The move's own pieces' cover out on the board before the move, back in on the board
        // after it; the lines of other sliders through its squares recounted by their ends.
        // The pawns whose moves may change, counted out now and in after the move.
        self.lines_and_pawns_through(
            m.from(),
            m.to(),
            captured.is_none(),
            &mut undo.touched,
            &mut undo.near_pawns,
        );
        self.count_near_pawns(&mut undo.near_pawns, false);
        if let Some(moving) = self.board[from] {
            undo.moved_reach = self.cover_piece(m.from(), moving, false);
            undo.moved_pawn = self.count_pawn(m.from(), moving, false);
        }
        if let Some(cap) = captured {
            undo.captured_reach = self.cover_piece(m.to(), cap, false);
            undo.captured_pawn = self.count_pawn(m.to(), cap, false);
        }
        let piece = self.board[from].take().expect("a piece to move");
        self.cover_on_piece(m.from(), piece.colour.index(), false);
        if let Some(cap) = captured {
            // Off `on_pieces` now: the board holds it until the moved piece lands, but the
            // map does not change there before then.
            self.cover_on_piece(m.to(), cap.colour.index(), false);
        }
        let players = self.players.len();
        self.tally.remove(&self.field, m.from(), piece, players);
        self.owned.remove(piece.owner, m.from());
        self.owned.insert(piece.owner, m.to());
        self.flip_lines(m.from());
        if captured.is_none() {
            self.flip_lines(m.to());
        }
        if piece.kind == PieceKind::King {
            self.kings[piece.colour.index()] = m.to();
        }
        undo.moved = Some(piece);
        undo.captured = captured;
        let mut key = self.key ^ zobrist::piece(m.from(), piece) ^ zobrist::turn(mover);
        self.reversible.0 = if captured.is_some() || m.promotion_kind().is_some() {
            0
        } else {
            self.reversible.0 + 1
        };
        if let Some(cap) = captured {
            key ^= zobrist::piece(m.to(), cap);
            self.tally.remove(&self.field, m.to(), cap, players);
            self.owned.remove(cap.owner, m.to());
            if cap.kind == PieceKind::King {
                self.kings[cap.colour.index()] = NO_SQUARE;
                if self.is_playing(cap.owner) {
                    let loser = cap.owner;
                    key ^= zobrist::state(loser, PlayerState::Eliminated);
                    self.players[loser.index()] = PlayerState::Eliminated;
                    self.checks[loser.index()] = 0;
                    self.board[to] = None;
                    for i in 0..self.field.squares().len() {
                        let sq = self.field.squares()[i];
                        if let Some(p) = &mut self.board[sq as usize] {
                            if p.owner == loser {
                                key ^= zobrist::piece(sq, *p);
                                p.owner = mover;
                                key ^= zobrist::piece(sq, *p);
                                undo.transferred |= 1 << p.colour.index();
                            }
                        }
                    }
                    self.owned.transfer(loser, mover);
                    self.tally.transfer(undo.transferred, mover);
                }
            } else {
                let count = &mut self.pools[cap.colour.index()][cap.kind.index()];
                key ^= zobrist::pool(cap.colour, cap.kind, *count)
                    ^ zobrist::pool(cap.colour, cap.kind, *count + 1);
                *count += 1;
            }
        }
        let placed = match m.promotion_kind() {
            Some(kind) => {
                let count = &mut self.pools[piece.colour.index()][kind.index()];
                key ^= zobrist::pool(piece.colour, kind, *count)
                    ^ zobrist::pool(piece.colour, kind, *count - 1);
                *count -= 1;
                Piece { kind, ..piece }
            }
            None => piece,
        };
        self.board[to] = Some(placed);
        self.cover_on_piece(m.to(), placed.colour.index(), true);
        self.tally.add(&self.field, m.to(), placed, players);
        undo.landed_reach = self.cover_piece(m.to(), placed, true);
        self.recount_touched(&mut undo.touched);
        if undo.transferred != 0 {
            // Captures changed owners everywhere.
            self.derive_pawn_moves();
        } else {
            self.count_near_pawns(&mut undo.near_pawns, true);
            self.count_pawn(m.to(), placed, true);
        }
        self.to_move = self.next_playing(mover);
        self.key = key ^ zobrist::piece(m.to(), placed) ^ zobrist::turn(self.to_move);
        undo
    }

    /// Takes back `m`, made by [`SceptrePosition::make`] with `undo` as its result.
    pub fn unmake(&mut self, m: SceptreMove, undo: Undo) {
        let n = self.players.len();
        copy_seats(&mut self.players, &undo.players);
        copy_seats(&mut self.checks, &undo.checks);
        self.to_move = undo.to_move;
        self.key = undo.key;
        self.reversible.0 = undo.reversible;
        self.pawn_moves = undo.pawn_moves;
        if let Some(kind) = m.placed() {
            if undo.set_up_ended {
                self.set_up = Some(vec![[0; 6]; n]);
            }
            let lists = self.set_up.as_mut().expect("set-up lists");
            lists[undo.to_move.index()][kind.index()] += 1;
            let placed = Piece::new(kind, undo.to_move);
            self.cover_piece_again(m.to(), placed, &undo.landed_reach, false);
            self.tally.remove(&self.field, m.to(), placed, n);
            self.board[m.to() as usize] = None;
            self.cover_on_piece(m.to(), placed.colour.index(), false);
            self.owned.remove(undo.to_move, m.to());
            self.flip_lines(m.to());
            self.restore_touched(&undo.touched);
            self.pawn_counts[m.to() as usize] = 0;
            self.restore_near_pawns(&undo.near_pawns);
            if kind == PieceKind::King {
                self.kings[undo.to_move.index()] = NO_SQUARE;
            }
            return;
        }
        let piece = undo.moved.expect("the moved piece");
        let placed = self.board[m.to() as usize].expect("the piece that moved");
        // An elimination taken back recounts everything (`derive`); otherwise the move's own
        // pieces as in make and the other sliders' lines from the undo.
        if undo.transferred == 0 {
            self.cover_piece_again(m.to(), placed, &undo.landed_reach, false);
        }
        if let Some(kind) = m.promotion_kind() {
            self.pools[piece.colour.index()][kind.index()] += 1;
        }
        if let Some(cap) = undo.captured {
            if cap.kind != PieceKind::King {
                self.pools[cap.colour.index()][cap.kind.index()] -= 1;
            }
            if undo.transferred != 0 {
                let mover = undo.to_move;
                for i in 0..self.field.squares().len() {
                    let sq = self.field.squares()[i];
                    if let Some(p) = &mut self.board[sq as usize] {
                        if p.owner == mover && undo.transferred & (1 << p.colour.index()) != 0 {
                            p.owner = cap.owner;
                        }
                    }
                }
            }
        }
        self.board[m.to() as usize] = undo.captured;
        self.board[m.from() as usize] = Some(piece);
        self.cover_on_piece(m.to(), placed.colour.index(), false);
        if let Some(cap) = undo.captured {
            self.cover_on_piece(m.to(), cap.colour.index(), true);
        }
        self.cover_on_piece(m.from(), piece.colour.index(), true);
        if undo.transferred != 0 {
            // Rare: rebuild the owner sets from the board given back.
            self.derive();
            return;
        }
        self.tally.remove(&self.field, m.to(), placed, n);
        self.tally.add(&self.field, m.from(), piece, n);
        self.owned.remove(piece.owner, m.to());
        self.owned.insert(piece.owner, m.from());
        self.flip_lines(m.from());
        if undo.captured.is_none() {
            self.flip_lines(m.to());
        }
        if piece.kind == PieceKind::King {
            self.kings[piece.colour.index()] = m.from();
        }
        if let Some(cap) = undo.captured {
            self.tally.add(&self.field, m.to(), cap, n);
            self.owned.insert(cap.owner, m.to());
            if cap.kind == PieceKind::King {
                self.kings[cap.colour.index()] = m.to();
            }
        }
        self.cover_piece_again(m.from(), piece, &undo.moved_reach, true);
        if let Some(cap) = undo.captured {
            self.cover_piece_again(m.to(), cap, &undo.captured_reach, true);
        }
        self.restore_touched(&undo.touched);
        self.pawn_counts[m.from() as usize] = undo.moved_pawn;
        self.pawn_counts[m.to() as usize] = undo.captured_pawn;
        self.restore_near_pawns(&undo.near_pawns);
    }

    /// The side to move withdraws (no move with three or more playing): his pieces stay,
    /// inert, his check run is dropped, the next playing player moves.
    pub fn withdraw(&mut self) -> Undo {
        self.forfeit(self.to_move)
    }

    /// `colour` leaves the game as a withdrawn player would, whoever is to move (a resignation,
    /// or his engine failing in a match): his pieces stay, inert. Undone by `unwithdraw`.
    pub fn forfeit(&mut self, colour: PlayerColour) -> Undo {
        let undo = self.snapshot();
        self.players[colour.index()] = PlayerState::Withdrawn;
        self.checks[colour.index()] = 0;
        self.reversible.0 = 0;
        self.key ^= zobrist::state(colour, PlayerState::Withdrawn);
        if self.to_move == colour {
            self.to_move = self.next_playing(colour);
            self.key ^= zobrist::turn(colour) ^ zobrist::turn(self.to_move);
        }
        undo
    }

    /// Hands the turn to `colour` without a move (best-reply search). Undone by `unwithdraw`.
    pub fn pass_to(&mut self, colour: PlayerColour) -> Undo {
        let undo = self.snapshot();
        self.key ^= zobrist::turn(self.to_move) ^ zobrist::turn(colour);
        self.to_move = colour;
        undo
    }

    /// The side to move passes: the search's null move, only with two players in the move
    /// phase (`game.rs` asks). The turn goes to the other player; the passer's check run ends,
    /// since a pass gives no check; and the count of reversible plies starts again, so the
    /// repetition scan stops at the pass: a position before it standing again after it is no
    /// repetition of the game (nor a perpetual check). Undone by `unwithdraw`.
    pub fn pass(&mut self) -> Undo {
        let undo = self.snapshot();
        let mover = self.to_move;
        self.checks[mover.index()] = 0;
        self.reversible.0 = 0;
        self.to_move = self.next_playing(mover);
        self.key ^= zobrist::turn(mover) ^ zobrist::turn(self.to_move);
        undo
    }

    /// Takes back a withdrawal, a forfeit or a pass.
    pub fn unwithdraw(&mut self, undo: Undo) {
        copy_seats(&mut self.players, &undo.players);
        copy_seats(&mut self.checks, &undo.checks);
        self.to_move = undo.to_move;
        self.key = undo.key;
        self.reversible.0 = undo.reversible;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sceptre::test_support::{reference_positions, Rng};

    #[test]
    fn make_unmake_restores_the_text_over_random_playouts() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut plies = 0;
        for text in reference_positions() {
            for _ in 0..20 {
                let mut pos = SceptrePosition::from_text(&text).unwrap();
                let mut stack: Vec<(Option<SceptreMove>, Undo, String)> = Vec::new();
                for _ in 0..60 {
                    let before = pos.to_text();
                    let moves = pos.legal_moves();
                    let (m, undo) = if moves.is_empty() {
                        if pos.in_set_up() || pos.playing_count() < 3 {
                            break;
                        }
                        (None, pos.withdraw())
                    } else {
                        let m = moves[rng.below(moves.len())];
                        (Some(m), pos.make(m))
                    };
                    plies += 1;
                    let after = pos.to_text();
                    let again = SceptrePosition::from_text(&after)
                        .unwrap_or_else(|e| panic!("{before} then {m:?}: {after}: {e}"));
                    assert_eq!(again.to_text(), after);
                    assert_eq!(pos.key(), pos.key_from_scratch(), "{before} then {m:?}");
                    assert_eq!(pos.key(), again.key());
                    stack.push((m, undo, before));
                }
                while let Some((m, undo, before)) = stack.pop() {
                    match m {
                        Some(m) => pos.unmake(m, undo),
                        None => pos.unwithdraw(undo),
                    }
                    assert_eq!(pos.to_text(), before);
                    assert_eq!(pos.key(), pos.key_from_scratch());
                }
                assert_eq!(pos.to_text(), text);
                assert_eq!(pos, SceptrePosition::from_text(&text).unwrap());
            }
        }
        assert!(plies > 10_000, "{plies} plies");
    }

    /// The key foreseen before a move is the key `make` gives, for every legal move met on
    /// random playouts that is not a placement or a king's capture; plain moves, captures and
    /// promotions are each met, so a wrong term in any of them fails.
    #[test]
    fn the_foreseen_key_is_the_key_after_the_move() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let (mut plain, mut captures, mut promotions) = (0, 0, 0);
        for text in reference_positions() {
            for _ in 0..10 {
                let mut pos = SceptrePosition::from_text(&text).unwrap();
                for _ in 0..40 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &m in moves.iter() {
                        let foreseen = pos.key_after(m);
                        let captured = (!m.is_placement())
                            .then(|| pos.board[m.to() as usize])
                            .flatten();
                        let undo = pos.make(m);
                        match foreseen {
                            Some(key) => assert_eq!(key, pos.key(), "{} then {m:?}", pos.to_text()),
                            None => assert!(
                                m.is_placement()
                                    || captured.is_some_and(|c| c.kind == PieceKind::King),
                                "{m:?} not foreseen"
                            ),
                        }
                        pos.unmake(m, undo);
                        if foreseen.is_some() {
                            if m.promotion_kind().is_some() {
                                promotions += 1;
                            } else if captured.is_some() {
                                captures += 1;
                            } else {
                                plain += 1;
                            }
                        }
                    }
                    pos.make(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(
            plain > 10_000 && captures > 100 && promotions > 10,
            "{plain} {captures} {promotions}"
        );
    }

    /// A king capture with three playing: the king's player is eliminated and his pieces pass
    /// to the capturer keeping their colour; capturing a withdrawn player's king only removes it.
    #[test]
    fn king_captures_eliminate_or_remove() {
        let text = "16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m \
                    Bb@c1,Kb@h1,Kw@a3,Pw@b4,Rb@h8,Kg@p8,Pg@h9,Br@c11,Ng@o14,Kr@h16 \
                    b+,w=,r+,g+ b b@i1,w@a1,r@a9,g@i9 - - b:1";
        let mut pos = SceptrePosition::from_text(text).unwrap();
        let m = pos.parse_move("h8p8").expect("black takes green's king");
        let undo = pos.make(m);
        assert_eq!(
            pos.to_text(),
            "16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m/16m \
             Bb@c1,Kb@h1,Kw@a3,Pw@b4,Rb@p8,Pbg@h9,Br@c11,Nbg@o14,Kr@h16 \
             b+,w=,r+,gx r b@i1,w@a1,r@a9,g@i9 - - -"
        );
        pos.unmake(m, undo);
        assert_eq!(pos.to_text(), text);
        let m = pos
            .parse_move("c1a3")
            .expect("black takes the withdrawn king");
        pos.make(m);
        assert!(pos.to_text().contains("b+,w=,r+,g+ r"));
        assert!(!pos.to_text().contains("Kw@"));
    }
}
