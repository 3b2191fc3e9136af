//! Static exchange evaluation for Sceptre (issue 32): the material outcome of the captures on
//! one square, each side recapturing with its least valuable attacker and free to stop.
//!
//! An attacker is exactly a piece that could capture there (docs/rules/sceptre1027.md#attacks):
//! the terrain of the square decides who may land on it (no knight in a ruin, no rook in a
//! forest, a bishop into a forest or a rook into a ruin only from next door), the ground in
//! between decides who may slide there, and a pawn captures one square diagonally forward for
//! its original colour, never from river to river. Sliders behind a piece that takes join in
//! (x-rays); a piece that may not take blocks the line behind it for good. A king takes last,
//! and only where nothing of the other side could take back. Withdrawn players' pieces attack
//! nobody and block. The values are the evaluation's material (`eval::value`).
//!
//! The exchange is of two sides: by default the mover's owner against every other playing owner,
//! so with three or four playing any opponent may take back. The paranoid search asks it for an
//! opponent of its root player as the coalition it assumes: every playing owner but the root
//! player on the mover's side, the root player alone against them
//! ([`SceptrePosition::see_at_least_against`]). The search asks it in the move phase
//! (`game.rs`).

use super::eval::value;
use super::field::access::Access;
use super::field::piece::{Piece, PieceKind};
use super::field::seats::PlayerColour;
use super::field::{slide_bit, Square, LINE_SLIDERS, NO_SQUARE};
use super::rules::moves::SceptreMove;
use super::rules::position::SceptrePosition;
use crate::core::Score;

/// At most this many pieces take part (eight lines and sixteen leaps; more are ignored).
const MAX_PIECES: usize = 40;
/// Marks a piece found by its leap alone, on none of the eight lines.
const NO_LINE: u8 = 8;

/// A piece that may take part in the exchange.
#[derive(Clone, Copy)]
struct Taker {
    sq: Square,
    value: Score,
    king: bool,
    /// Owned by the mover (else by an opponent still playing).
    ours: bool,
    /// The line from the target it stands on, or [`NO_LINE`].
    line: u8,
    /// It captures along its line once every piece nearer the target on that line is gone.
    slides: bool,
    /// A knight landing on the target, whatever stands between.
    leaps: bool,
    used: bool,
}

/// The pieces round the target, line by line nearest first, then the leaping knights.
struct Takers {
    list: [Taker; MAX_PIECES],
    len: usize,
    /// Per line, where its pieces start in `list` (they follow one another, nearest first).
    start: [u8; 8],
}

impl Takers {
    fn push(&mut self, t: Taker) -> bool {
        if self.len == MAX_PIECES {
            return false;
        }
        self.list[self.len] = t;
        self.len += 1;
        true
    }

    /// Whether `i` may capture now: unused, and a leaping knight or the nearest unused piece
    /// of its line, sliding onto the target.
    fn can_take(&self, i: usize) -> bool {
        let t = &self.list[i];
        if t.used {
            return false;
        }
        if t.leaps {
            return true;
        }
        if !t.slides || t.line == NO_LINE {
            return false;
        }
        let start = self.start[t.line as usize] as usize;
        self.list[start..i].iter().all(|n| n.used)
    }

    /// The least valuable piece of one side that may capture now (the first of equals).
    fn cheapest(&self, ours: bool) -> Option<usize> {
        let mut best: Option<usize> = None;
        for i in 0..self.len {
            let t = &self.list[i];
            if t.ours == ours
                && self.can_take(i)
                && best.is_none_or(|b| t.value < self.list[b].value)
            {
                best = Some(i);
            }
        }
        best
    }
}

impl SceptrePosition {
    /// The material the mover of `m` wins once the exchange on its square is played out (a
    /// placement wins nothing). A promotion counts the piece taken back less the pawn.
    pub fn see(&self, m: SceptreMove) -> Score {
        let Some((gain, on_square)) = self.first_gain(m) else {
            return 0;
        };
        self.swap_off(m, gain, on_square, self.opposed_to_mover(m))
    }

    /// Whether the mover of `m` wins at least `threshold` in the exchange on its square.
    pub fn see_at_least(&self, m: SceptreMove, threshold: Score) -> bool {
        self.see_at_least_with(m, threshold, self.opposed_to_mover(m))
    }

    /// Whether the mover of `m` wins at least `threshold` where only `against`'s pieces take
    /// back and every other playing owner's pieces take on the mover's side: the paranoid
    /// search's coalition against its root player. (Judged against every other player, a
    /// capture of the root player's piece that a third player "answers" looked losing and
    /// quiescence skipped it, so the root player thought a piece attacked by two safe.)
    /// A capture of another coalition member's piece is judged against every other player as
    /// before: the coalition gains nothing by it, and counted as won in the coalition's exchange
    /// such captures let quiescence chase the opponents' captures of one another (7.4 million
    /// nodes at depth 1 in one four-player position).
    pub fn see_at_least_against(
        &self,
        m: SceptreMove,
        threshold: Score,
        against: PlayerColour,
    ) -> bool {
        let opposed = self.playing_mask() & (1 << against.index());
        let takes_a_partner = self
            .piece(m.to())
            .is_some_and(|victim| victim.owner != against);
        if opposed == 0 || takes_a_partner {
            return self.see_at_least(m, threshold);
        }
        self.see_at_least_with(m, threshold, opposed)
    }

    /// Every playing owner but the mover's.
    fn opposed_to_mover(&self, m: SceptreMove) -> u8 {
        let mover = self.piece(m.from()).map_or(0, |p| 1 << p.owner.index());
        self.playing_mask() & !mover
    }

    /// The exchange where the owners in `opposed` take back and the other playing owners'
    /// pieces take on the mover's side.
    fn see_at_least_with(&self, m: SceptreMove, threshold: Score, opposed: u8) -> bool {
        let Some((gain, on_square)) = self.first_gain(m) else {
            return 0 >= threshold;
        };
        // The other side may stop at once; the mover may stop after one recapture.
        if gain < threshold {
            return false;
        }
        if gain - on_square >= threshold {
            return true;
        }
        self.swap_off(m, gain, on_square, opposed) >= threshold
    }

    /// What the move itself takes (with a promotion's gain) and the value it leaves on the
    /// square; `None` for a placement or an empty from-square.
    fn first_gain(&self, m: SceptreMove) -> Option<(Score, Score)> {
        if m.is_placement() {
            return None;
        }
        let mover = self.piece(m.from())?;
        let victim = self.piece(m.to()).map_or(0, |p| value(p.kind));
        Some(match m.promotion_kind() {
            Some(k) => (victim + value(k) - value(PieceKind::Pawn), value(k)),
            None => (victim, value(mover.kind)),
        })
    }

    /// The exchange after `m` took `gain` and left a piece worth `on_square` on its square.
    fn swap_off(&self, m: SceptreMove, gain: Score, on_square: Score, opposed: u8) -> Score {
        let mut takers = self.takers(m.to(), m.from(), opposed);
        // gains[d]: what the side making the d-th capture has won if the exchange stops there.
        let mut gains = [0 as Score; MAX_PIECES + 2];
        gains[0] = gain;
        let mut depth = 0;
        let mut on_square = on_square;
        let mut ours = false;
        while let Some(i) = takers.cheapest(ours) {
            takers.list[i].used = true;
            if takers.list[i].king && takers.cheapest(!ours).is_some() {
                // A king never steps onto a square the other side still attacks.
                break;
            }
            depth += 1;
            gains[depth] = on_square - gains[depth - 1];
            on_square = takers.list[i].value;
            ours = !ours;
        }
        // Each side in turn keeps the better of stopping and going on.
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// The pieces that may capture on `target` now or once those in front of them have gone,
    /// `from` (the first mover's square) counted empty; the owners in `opposed` against the
    /// other playing owners.
    fn takers(&self, target: Square, from: Square, opposed: u8) -> Takers {
        let field = &**self.field();
        let playing = self.playing_mask();
        let mut takers = Takers {
            list: [Taker {
                sq: NO_SQUARE,
                value: 0,
                king: false,
                ours: false,
                line: NO_LINE,
                slides: false,
                leaps: false,
                used: false,
            }; MAX_PIECES],
            len: 0,
            start: [0; 8],
        };
        let Some(terrain) = field.land(target) else {
            return takers;
        };
        let knight_lands =
            field.access_table(PieceKind::Knight)[target as usize] != Access::Prohibited;
        let side = |p: Piece| -> Option<bool> {
            let owner = 1 << p.owner.index();
            if playing & owner == 0 {
                None
            } else {
                Some(opposed & owner == 0)
            }
        };
        for (d, &sliders) in LINE_SLIDERS.iter().enumerate() {
            takers.start[d] = takers.len as u8;
            // The sliders that could arrive from two squares away or more along this line.
            let mut far = sliders & field.passable(target);
            let mut sq = target;
            let mut distance = 0;
            loop {
                sq = field.neighbours(sq)[d];
                if sq == NO_SQUARE {
                    break;
                }
                distance += 1;
                if let Some(p) = self.piece(sq).filter(|_| sq != from) {
                    let Some(ours) = side(p) else { break };
                    let slides = if distance == 1 {
                        self.attacks_next_door(p, sq, d, terrain)
                    } else {
                        slide_bit(p.kind) & far != 0
                    };
                    let leaps = p.kind == PieceKind::Knight && distance == 3 && knight_lands;
                    if !slides && !leaps {
                        break;
                    }
                    let taker = Taker {
                        sq,
                        value: value(p.kind),
                        king: p.kind == PieceKind::King,
                        ours,
                        line: d as u8,
                        slides,
                        leaps,
                        used: false,
                    };
                    if !takers.push(taker) {
                        break;
                    }
                }
                far &= field.passable(sq);
                if far == 0 {
                    break;
                }
            }
        }
        if knight_lands {
            for &sq in field.knight_targets(target) {
                if sq == from || takers.list[..takers.len].iter().any(|t| t.sq == sq) {
                    continue;
                }
                let Some(p) = self.piece(sq).filter(|p| p.kind == PieceKind::Knight) else {
                    continue;
                };
                let Some(ours) = side(p) else { continue };
                takers.push(Taker {
                    sq,
                    value: value(PieceKind::Knight),
                    king: false,
                    ours,
                    line: NO_LINE,
                    slides: false,
                    leaps: true,
                    used: false,
                });
            }
        }
        takers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use crate::games::sceptre::test_support::Rng;
    use std::path::Path;

    /// An 8x8 field of `terrain` (ranks from 8 down, as in the position string), two players
    /// (or the given ones), black to move.
    fn pos_with(terrain: &str, pieces: &str, players: &str) -> SceptrePosition {
        let kingdoms = if players.contains('r') {
            "b@a1,w@a1,r@a1"
        } else {
            "b@a1,w@a1"
        };
        let text = format!("{terrain} {pieces} {players} b {kingdoms} - - -");
        SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    const MEADOW: &str = "8m/8m/8m/8m/8m/8m/8m/8m";

    fn see_of(terrain: &str, pieces: &str, players: &str, mv: &str) -> Score {
        let p = pos_with(terrain, pieces, players);
        let m = Rules::parse_move(&p, mv).unwrap_or_else(|e| panic!("{pieces} {mv}: {e}"));
        let value = p.see(m);
        for t in [value - 1, value, value + 1] {
            assert_eq!(p.see_at_least(m, t), value >= t, "{pieces} {mv} at {t}");
        }
        value
    }

    fn see2(terrain: &str, pieces: &str, mv: &str) -> Score {
        see_of(terrain, pieces, "b+,w+", mv)
    }

    #[test]
    fn a_defended_pawn_costs_the_rook_and_a_pawn_defends_only_forward() {
        // White (north) pawns capture down the ranks: b6 guards a5, b4 does not.
        assert_eq!(see2(MEADOW, "Kb@h1,Kw@h8,Rb@a1,Pw@a5,Pw@b6", "a1a5"), -350);
        assert_eq!(see2(MEADOW, "Kb@h1,Kw@h8,Rb@a1,Pw@a5,Pw@b4", "a1a5"), 100);
    }

    #[test]
    fn a_rook_cannot_take_back_in_a_forest() {
        let forest_d4 = "8m/8m/8m/8m/3mf4m/8m/8m/8m";
        let pieces = "Kb@h1,Kw@h8,Qb@d1,Nw@d4,Rw@d8";
        assert_eq!(see2(forest_d4, pieces, "d1d4"), 350);
        assert_eq!(see2(MEADOW, pieces, "d1d4"), 350 - 900);
    }

    #[test]
    fn a_bishop_takes_in_a_forest_only_from_next_door() {
        let forest_f6 = "8m/8m/5mf2m/8m/8m/8m/8m/8m";
        assert_eq!(
            see2(forest_f6, "Kb@a1,Kw@a8,Qb@f1,Nw@f6,Bw@h8", "f1f6"),
            350
        );
        assert_eq!(
            see2(forest_f6, "Kb@a1,Kw@a8,Qb@f1,Nw@f6,Bw@g7", "f1f6"),
            350 - 900
        );
        assert_eq!(
            see2(MEADOW, "Kb@a1,Kw@a8,Qb@f1,Nw@f6,Bw@h8", "f1f6"),
            350 - 900
        );
    }

    #[test]
    fn sliders_behind_the_taker_join_in_unless_the_ground_between_stops_them() {
        // The black rook on a1 backs the one on a2: white's rook does not take back.
        let battery = "Kb@h1,Kw@h8,Rb@a1,Rb@a2,Nw@a5,Rw@a8";
        assert_eq!(see2(MEADOW, battery, "a2a5"), 350);
        assert_eq!(
            see2(MEADOW, "Kb@h1,Kw@h8,Rb@a2,Nw@a5,Rw@a8", "a2a5"),
            350 - 450
        );
        // A queen behind a rook standing in a ruin: the rook steps out, the queen may not pass.
        let queen = "Kb@h1,Kw@h8,Qb@a1,Rb@a2,Nw@a5,Rw@a8";
        assert_eq!(see2(MEADOW, queen, "a2a5"), 350);
        let ruin_a2 = "8m/8m/8m/8m/8m/8m/c7m/8m";
        assert_eq!(see2(ruin_a2, queen, "a2a5"), 350 - 450);
        // White's x-ray too: a queen behind white's rook takes back after black's second rook.
        let both = "Kb@g1,Kw@h8,Rb@a1,Rb@a2,Nw@a5,Rw@a7,Qw@a8";
        assert_eq!(see2(MEADOW, both, "a2a5"), 350 - 450);
    }

    #[test]
    fn no_knight_takes_back_in_a_ruin() {
        let ruin_e5 = "8m/8m/8m/4mc3m/8m/8m/8m/8m";
        let pieces = "Kb@a1,Kw@a8,Rb@e4,Pw@e5,Nw@e8";
        assert_eq!(see2(ruin_e5, pieces, "e4e5"), 100);
        assert_eq!(see2(MEADOW, pieces, "e4e5"), 100 - 450);
        // A knight's leap ignores what stands between; its L too.
        assert_eq!(
            see2(MEADOW, "Kb@a1,Kw@a8,Rb@e4,Pw@e5,Pw@e6,Nw@f7", "e4e5"),
            100 - 450
        );
    }

    #[test]
    fn a_pawn_in_a_river_does_not_take_onto_the_river() {
        let rivers = "8m/8m/8m/3mr4m/2mr5m/8m/8m/8m";
        let pieces = "Kb@h1,Kw@h8,Nb@c1,Pw@c4,Pw@d5";
        assert_eq!(see2(rivers, pieces, "c1c4"), 100);
        let river_c4 = "8m/8m/8m/8m/2mr5m/8m/8m/8m";
        assert_eq!(see2(river_c4, pieces, "c1c4"), 100 - 350);
    }

    #[test]
    fn the_king_takes_back_only_where_nothing_takes_him() {
        assert_eq!(see2(MEADOW, "Kb@a1,Kw@e6,Qb@d2,Pw@d5", "d2d5"), 100 - 900);
        assert_eq!(see2(MEADOW, "Kb@a1,Kw@e6,Rb@d1,Qb@d2,Pw@d5", "d2d5"), 100);
    }

    #[test]
    fn a_withdrawn_players_pieces_neither_guard_nor_let_through() {
        let three = "b+,w+,r=";
        assert_eq!(
            see_of(MEADOW, "Kb@h1,Kw@h8,Kr@c8,Rb@a1,Nw@a5,Rr@a6", three, "a1a5"),
            350
        );
        assert_eq!(
            see_of(
                MEADOW,
                "Kb@h1,Kw@h8,Kr@c8,Rb@a1,Nw@a5,Rr@a7,Rw@a8",
                three,
                "a1a5"
            ),
            350
        );
        assert_eq!(
            see_of(MEADOW, "Kb@h1,Kw@h8,Kr@c8,Rb@a1,Nw@a5,Rw@a8", three, "a1a5"),
            350 - 450
        );
    }

    /// The search asks the exchange in the move phase whether two, three or four play: with
    /// three, a capture losing to any opponent's recapture fails, also one that only the third
    /// player's piece answers; taking a king passes, however it is guarded.
    #[test]
    fn the_search_hook_judges_exchanges_with_two_three_and_four() {
        use crate::core::SearchHints;
        let hook = |pieces: &str, players: &str, mv: &str| {
            let p = pos_with(MEADOW, pieces, players);
            let m = Rules::parse_move(&p, mv).unwrap();
            (p.see(m), SearchHints::see_at_least(&p, m, 0))
        };
        let guarded_by_white = "Kb@h1,Kw@h8,Kr@c8,Rb@a1,Nw@a5,Rw@a8";
        assert_eq!(hook(guarded_by_white, "b+,w+,r=", "a1a5"), (-100, false));
        assert_eq!(hook(guarded_by_white, "b+,w+,r+", "a1a5"), (-100, false));
        // White's knight guarded by red's rook alone: red takes back though white moves next.
        let guarded_by_red = "Kb@h1,Kw@h8,Kr@c8,Rb@a1,Nw@a5,Rr@a8";
        assert_eq!(hook(guarded_by_red, "b+,w+,r+", "a1a5"), (-100, false));
        assert_eq!(hook(guarded_by_red, "b+,w+,r=", "a1a5"), (350, true));
        let free = "Kb@h1,Kw@h8,Kr@c8,Rb@a1,Nw@a5";
        assert_eq!(hook(free, "b+,w+,r+", "a1a5"), (350, true));
        // Red's king guarded by white's rook: the queen is lost, the king's 2,000 gained.
        let king = "Kb@h1,Kw@h8,Qb@a1,Kr@a5,Rw@a8";
        assert_eq!(hook(king, "b+,w+,r+", "a1a5"), (2_000 - 900, true));
    }

    /// The paranoid search's coalition: for an opponent of the root player (black) only black's
    /// pieces take back, and a third player's pieces stand on the mover's side.
    #[test]
    fn the_coalitions_exchange_sets_the_others_against_the_root_player_alone() {
        use crate::core::SearchHints;
        let white_to_move = |pieces: &str, players: &str, kingdoms: &str| {
            let text = format!("{MEADOW} {pieces} {players} w {kingdoms} - - -");
            SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
        };
        let hook = |pieces: &str, mv: &str| {
            let p = white_to_move(pieces, "b+,w+,r+", "b@a1,w@a1,r@a1");
            let m = Rules::parse_move(&p, mv).unwrap();
            (
                SearchHints::see_at_least(&p, m, 0),
                SearchHints::see_at_least_against(&p, m, 0, 0),
            )
        };
        // White's rook takes black's knight, which red's rook "guards": against every other
        // player it loses the rook for the knight; against black alone it wins the knight.
        let guarded_by_red = "Kb@f3,Kw@h6,Kr@d7,Rw@a1,Nb@a5,Rr@a8";
        assert_eq!(hook(guarded_by_red, "a1a5"), (false, true));
        // Guarded by black's own rook it loses either way.
        let guarded_by_black = "Kb@f3,Kw@h6,Kr@d7,Rw@a1,Nb@a5,Rb@a8";
        assert_eq!(hook(guarded_by_black, "a1a5"), (false, false));
        // Black guards with a rook, red's rook behind white's joins in on white's side: white
        // takes the knight, black the rook, red the rook: +350 - 450 + 450.
        let backed_by_red = "Kb@f3,Kw@h6,Kr@d7,Rw@a2,Rr@a1,Nb@a5,Rb@a8";
        assert_eq!(hook(backed_by_red, "a2a5"), (false, true));
        // White takes red's knight, which red's rook guards: a partner's piece gains the
        // coalition nothing, so it is judged against every other player as before.
        let partners_knight = "Kb@f3,Kw@h6,Kr@d7,Rw@a1,Nr@a5,Rr@a8";
        assert_eq!(hook(partners_knight, "a1a5"), (false, false));
        // With two playing the coalition is the one opponent: the same exchange.
        let two = white_to_move("Kb@f3,Kw@h6,Rw@a1,Nb@a5,Rb@a8", "b+,w+", "b@a1,w@a1");
        let m = Rules::parse_move(&two, "a1a5").unwrap();
        assert!(!SearchHints::see_at_least_against(&two, m, 0, 0));
        assert!(!SearchHints::see_at_least(&two, m, 0));
    }

    /// The exchange played out on a copy of the board by brute force: the side to move stops
    /// or takes with any of its cheapest attackers (found by `piece_attacks` over every piece,
    /// the board changed capture by capture), keeping the better; a king only where no piece
    /// of the other side could take him.
    fn brute(p: &mut SceptrePosition, target: Square, on_square: Score, ours: bool) -> Score {
        let mover = p.to_move();
        let playing = p.playing_mask();
        let side = |pc: Piece| {
            if pc.owner == mover {
                Some(true)
            } else if playing & (1 << pc.owner.index()) != 0 {
                Some(false)
            } else {
                None
            }
        };
        let attackers = |p: &SceptrePosition, ours: bool| -> Vec<(Square, Piece)> {
            p.field()
                .squares()
                .iter()
                .filter_map(|&s| {
                    let pc = p.piece(s)?;
                    (s != target && side(pc) == Some(ours) && p.piece_attacks(s, pc, target))
                        .then_some((s, pc))
                })
                .collect()
        };
        let mine = attackers(p, ours);
        let Some(cheapest) = mine.iter().map(|(_, pc)| value(pc.kind)).min() else {
            return 0;
        };
        let mut best = 0;
        for (s, pc) in mine
            .into_iter()
            .filter(|(_, pc)| value(pc.kind) == cheapest)
        {
            p.board[s as usize] = None;
            let old = p.board[target as usize].replace(pc);
            if pc.kind != PieceKind::King || attackers(p, !ours).is_empty() {
                best = best.max(on_square - brute(p, target, value(pc.kind), !ours));
            }
            p.board[target as usize] = old;
            p.board[s as usize] = Some(pc);
        }
        best
    }

    fn brute_see(p: &SceptrePosition, m: SceptreMove) -> Score {
        let mut copy = p.clone();
        let mover = p.piece(m.from()).expect("a mover");
        let (gain, on_square) = p.first_gain(m).expect("a move");
        let landed = match m.promotion_kind() {
            Some(kind) => Piece { kind, ..mover },
            None => mover,
        };
        copy.board[m.from() as usize] = None;
        copy.board[m.to() as usize] = Some(landed);
        gain - brute(&mut copy, m.to(), on_square, false)
    }

    /// Random games from the shipped ready set-ups of two players: every capture and
    /// promotion of every position on the way has the exchange value the brute force finds.
    #[test]
    fn the_exchange_equals_a_brute_force_exchange_on_random_positions() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/sceptre1027/ready-2.epd");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let starts: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .collect();
        let mut rng = Rng(0x5ee_5ee);
        let (mut checked, mut recaptured, mut losing) = (0, 0, 0);
        for start in starts.iter().take(12) {
            for _ in 0..6 {
                let mut p = SceptrePosition::from_text(start).unwrap();
                for _ in 0..120 {
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &m in moves.iter().filter(|&&m| p.is_noisy(m)) {
                        let (fast, slow) = (p.see(m), brute_see(&p, m));
                        assert_eq!(fast, slow, "{} {}", p.to_text(), m.text(p.field()));
                        checked += 1;
                        let (gain, _) = p.first_gain(m).unwrap();
                        recaptured += usize::from(fast != gain);
                        losing += usize::from(fast < 0);
                    }
                    // Captures half the time, so that the armies meet.
                    let noisy: Vec<SceptreMove> =
                        moves.iter().copied().filter(|&m| p.is_noisy(m)).collect();
                    let m = if !noisy.is_empty() && rng.below(2) == 0 {
                        noisy[rng.below(noisy.len())]
                    } else {
                        moves[rng.below(moves.len())]
                    };
                    p.make(m);
                }
            }
        }
        assert!(
            checked > 2_000 && recaptured > 300 && losing > 100,
            "checked {checked}, recaptured {recaptured}, losing {losing}"
        );
    }
}
