//! Move generation (RULINGS §5 "Movement", "Promotion", "Check, capture, elimination" and the
//! set-up phase): pseudo-legal moves per piece, then the legal moves of the side to move.

use super::attacks::{access, forward_diagonals, pawn_may_capture_onto, sideways, Access};
use super::field::{Direction, Square};
use super::moves::SceptreMove;
use super::piece::{Piece, PieceKind};
use super::position::SceptrePosition;
use super::seats::Compass;
use super::terrain::Terrain;

/// What a pawn may promote to, in the order the moves are generated.
const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

const ORTHOGONAL: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
];

impl SceptrePosition {
    /// Whether a piece owned by `owner` may end a move on `sq` as far as its occupant goes.
    #[inline]
    fn enemy(&self, sq: Square, piece: Piece) -> bool {
        self.piece(sq).is_some_and(|p| p.owner != piece.owner)
    }

    /// Whether a pawn of `colour` ending on `sq` stands on a promotion square: a meadow of the
    /// furthest rank (or file) of the field's bounding box in its forward direction.
    fn promotes_on(&self, piece: Piece, sq: Square) -> bool {
        if self.field.terrain(sq) != Some(Terrain::Meadow) {
            return false;
        }
        let Some(c) = self.field.coord(sq) else {
            return false;
        };
        let (w, h) = (self.field.width(), self.field.height());
        match super::attacks::seat(piece.colour, self.players.len()) {
            Compass::South => c.rank as usize + 1 == h,
            Compass::West => c.file as usize + 1 == w,
            Compass::North => c.rank == 0,
            Compass::East => c.file == 0,
        }
    }

    fn push_pawn_move(&self, from: Square, to: Square, piece: Piece, out: &mut Vec<SceptreMove>) {
        out.push(SceptreMove::step(from, to));
        if self.promotes_on(piece, to) {
            let pool = self.pool(piece.colour);
            for kind in PROMOTIONS {
                if pool[kind.index()] > 0 {
                    out.push(SceptreMove::promotion(from, to, kind));
                }
            }
        }
    }

    fn pawn_moves(&self, from: Square, piece: Piece, out: &mut Vec<SceptreMove>) {
        let field = &*self.field;
        let start = field.terrain(from);
        let fwd = self.forward_of(piece.colour);
        let [dl, dr] = forward_diagonals(fwd);
        let [sl, sr] = sideways(fwd);
        for d in [fwd, dl, dr, sl, sr] {
            let mut cur = from;
            let mut in_start_ruin = start == Some(Terrain::Ruin);
            for step in 1..=3 {
                let Some(next) = field.neighbour(cur, d) else {
                    break;
                };
                if self.piece(next).is_some() {
                    break;
                }
                let Some(t) = field.terrain(next) else {
                    break;
                };
                let mut stop = false;
                match t {
                    Terrain::Pond => break,
                    Terrain::River => {
                        if field.terrain(cur) == Some(Terrain::River) {
                            // River to river: only the single orthogonal step below.
                            break;
                        }
                        stop = true;
                        in_start_ruin = false;
                    }
                    Terrain::Ruin => {
                        if !in_start_ruin {
                            if step > 1 {
                                break;
                            }
                            stop = true;
                        }
                    }
                    _ => in_start_ruin = false,
                }
                self.push_pawn_move(from, next, piece, out);
                if stop {
                    break;
                }
                cur = next;
            }
        }
        if start == Some(Terrain::River) {
            for d in ORTHOGONAL {
                if let Some(next) = field.neighbour(from, d) {
                    if self.piece(next).is_none() && field.terrain(next) == Some(Terrain::River) {
                        self.push_pawn_move(from, next, piece, out);
                    }
                }
            }
        }
        for d in [dl, dr] {
            if let Some(next) = field.neighbour(from, d) {
                if self.enemy(next, piece) && pawn_may_capture_onto(start, field.terrain(next)) {
                    self.push_pawn_move(from, next, piece, out);
                }
            }
        }
    }

    fn slider_moves(
        &self,
        from: Square,
        piece: Piece,
        directions: &[Direction],
        out: &mut Vec<SceptreMove>,
    ) {
        let field = &*self.field;
        for &d in directions {
            let mut cur = from;
            let mut step = 0;
            while let Some(next) = field.neighbour(cur, d) {
                step += 1;
                let Some(t) = field.terrain(next) else {
                    break;
                };
                let a = access(piece.kind, t);
                if a == Access::Prohibited || (a == Access::Limited && step > 1) {
                    break;
                }
                match self.piece(next) {
                    Some(p) => {
                        if p.owner != piece.owner {
                            out.push(SceptreMove::step(from, next));
                        }
                        break;
                    }
                    None => out.push(SceptreMove::step(from, next)),
                }
                if a == Access::Limited {
                    break;
                }
                cur = next;
            }
        }
    }

    /// The pseudo-legal moves of `piece` standing on `from` (its own king's safety aside).
    pub fn piece_moves(&self, from: Square, piece: Piece, out: &mut Vec<SceptreMove>) {
        let field = &*self.field;
        match piece.kind {
            PieceKind::Pawn => self.pawn_moves(from, piece, out),
            PieceKind::Knight | PieceKind::King => {
                let targets: &[Square] = if piece.kind == PieceKind::Knight {
                    field.knight_targets(from)
                } else {
                    field.neighbours(from)
                };
                for &to in targets {
                    if to == super::field::NO_SQUARE {
                        continue;
                    }
                    let Some(t) = field.terrain(to) else {
                        continue;
                    };
                    if access(piece.kind, t) == Access::Prohibited {
                        continue;
                    }
                    if self.piece(to).is_none_or(|p| p.owner != piece.owner) {
                        out.push(SceptreMove::step(from, to));
                    }
                }
            }
            PieceKind::Queen => self.slider_moves(from, piece, &Direction::ALL, out),
            PieceKind::Rook => self.slider_moves(from, piece, &ORTHOGONAL, out),
            PieceKind::Bishop => self.slider_moves(
                from,
                piece,
                &[
                    Direction::NorthEast,
                    Direction::SouthEast,
                    Direction::SouthWest,
                    Direction::NorthWest,
                ],
                out,
            ),
        }
    }

    /// Every pseudo-legal move of the side to move, king moves apart or only king moves.
    fn pseudo_moves(&self, kings: Option<bool>, out: &mut Vec<SceptreMove>) {
        let mover = self.to_move;
        for &sq in self.field.squares() {
            if let Some(p) = self.piece(sq) {
                if p.owner == mover && kings.is_none_or(|k| k == (p.kind == PieceKind::King)) {
                    self.piece_moves(sq, p, out);
                }
            }
        }
    }

    /// Whether the piece placed on `sq` could capture a king of another player.
    fn attacks_enemy_king(&self, sq: Square, piece: Piece) -> bool {
        let mut targets = Vec::new();
        self.piece_moves(sq, piece, &mut targets);
        targets.iter().any(|m| {
            self.piece(m.to())
                .is_some_and(|p| p.kind == PieceKind::King && p.owner != piece.owner)
        })
    }

    /// The set-up placements of the side to move (RULINGS §5 "Set-up phase").
    fn placements(&mut self, out: &mut Vec<SceptreMove>) {
        let mover = self.to_move;
        let Some(counts) = self.set_up(mover) else {
            return;
        };
        let field = self.field.clone();
        let own_bishop_colours: Vec<_> = self
            .pieces()
            .filter(|(_, p)| p.kind == PieceKind::Bishop && p.owner == mover)
            .filter_map(|(sq, _)| field.colour(sq))
            .collect();
        for kind in PieceKind::ALL {
            if counts[kind.index()] == 0 {
                continue;
            }
            let piece = Piece::new(kind, mover);
            for &sq in field.squares() {
                if self.piece(sq).is_some() {
                    continue;
                }
                let (Some(c), Some(t)) = (field.coord(sq), field.terrain(sq)) else {
                    continue;
                };
                if !self.kingdoms.contains(mover, c) || !kind.may_stand_on(t) {
                    continue;
                }
                if kind == PieceKind::Bishop
                    && field
                        .colour(sq)
                        .is_some_and(|col| own_bishop_colours.contains(&col))
                {
                    continue;
                }
                self.board[sq as usize] = Some(piece);
                let ok = !self.attacks_enemy_king(sq, piece)
                    && (kind != PieceKind::King || !self.attacked_by(sq, |o| o != mover));
                self.board[sq as usize] = None;
                if ok {
                    out.push(SceptreMove::placement(kind, sq));
                }
            }
        }
    }

    /// Keeps the moves after which the mover's king is not attacked by a playing opponent.
    fn keep_legal(&mut self, moves: &mut Vec<SceptreMove>) {
        let mover = self.to_move;
        let king = self.king_square(mover);
        moves.retain(|&m| {
            let undo = self.make_unchecked(m);
            let sq = if Some(m.from()) == king {
                Some(m.to())
            } else {
                king
            };
            let safe = sq.is_none_or(|sq| !self.attacked_by_playing_opponent(sq, mover));
            self.unmake(m, undo);
            safe
        });
    }

    /// The legal moves of the side to move. None when the game is over (fewer than two players
    /// playing; two playing and the side to move mated or stalemated) and when the side to move
    /// must withdraw (three or more playing, no move at all: see [`SceptrePosition::withdraw`]).
    /// With three or more playing, a checkmated player must still move: a piece other than the
    /// king if he can, else the king (RULINGS §5).
    pub fn legal_moves(&mut self) -> Vec<SceptreMove> {
        let mut moves = Vec::with_capacity(64);
        let playing = self.playing_count();
        if playing < 2 {
            return moves;
        }
        if self.in_set_up() {
            self.placements(&mut moves);
            return moves;
        }
        self.pseudo_moves(None, &mut moves);
        self.keep_legal(&mut moves);
        if moves.is_empty() && playing >= 3 && self.in_check(self.to_move) {
            self.pseudo_moves(Some(false), &mut moves);
            if moves.is_empty() {
                self.pseudo_moves(Some(true), &mut moves);
            }
        }
        moves
    }

    /// Whether the side to move has no move and withdraws (three or more playing, set-up over).
    pub fn must_withdraw(&mut self) -> bool {
        !self.in_set_up() && self.playing_count() >= 3 && self.legal_moves().is_empty()
    }

    /// The legal move whose text is `text`, if any.
    pub fn parse_move(&mut self, text: &str) -> Option<SceptreMove> {
        let field = self.field.clone();
        self.legal_moves()
            .into_iter()
            .find(|m| m.text(&field) == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(pos: &mut SceptrePosition) -> Vec<String> {
        let field = pos.field().clone();
        let mut t: Vec<String> = pos.legal_moves().iter().map(|m| m.text(&field)).collect();
        t.sort();
        t
    }

    /// The promotion position of the reference suite: meadows of the last rank promote to
    /// what the pawn's own colour has in its pool, the forest never does, the plain move stays.
    #[test]
    fn promotions_draw_from_the_pawns_own_pool() {
        let mut pos = SceptrePosition::from_text(
            "3mf4m/8m/8m/8m/8m/8m/8m/8m Kb@a1,Pw@g2,Kw@h6,Pb@c7,Pb@e7,Rw@f8,Pb@g8 \
             b+,w+ b b@a1,w@a1 - b:QNP,w:R -",
        )
        .unwrap();
        let t = texts(&mut pos);
        for m in ["c7c8", "c7c8q", "c7c8n", "e7f8q", "g8h8n", "c7d8"] {
            assert!(t.contains(&m.to_string()), "{m} missing from {t:?}");
        }
        for m in ["c7c8r", "c7d8q", "c7c8b"] {
            assert!(!t.contains(&m.to_string()), "{m} in {t:?}");
        }
        let m = pos.parse_move("e7f8q").unwrap();
        let undo = pos.make(m);
        assert!(pos.to_text().contains("Qb@f8"));
        assert!(pos.to_text().contains(" b:NP,w:RR "));
        pos.unmake(m, undo);
        assert!(
            pos.parse_move("g2g1r").is_none(),
            "white's pawn is not on its last rank"
        );
        assert_eq!(pos.parse_move("a1a1"), None);
    }

    /// Set-up: placements only in the kingdom, the second bishop on the other colour.
    #[test]
    fn placements_follow_the_set_up_rules() {
        let mut pos = SceptrePosition::from_text(
            "8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m/8m Bb@a1,Kb@d4 b+,w+ b b@a1,w@a9 \
             b:B,w:K - -",
        )
        .unwrap();
        let t = texts(&mut pos);
        assert_eq!(t.len(), 32);
        assert!(t.iter().all(|m| m.starts_with("B@")));
        assert!(t.contains(&"B@b1".to_string()) && !t.contains(&"B@c1".to_string()));
        let m = pos.parse_move("B@g8").unwrap();
        pos.make(m);
        assert_eq!(pos.to_move(), crate::games::sceptre::PlayerColour::White);
        // White's king may not stand where the bishop g8 would take it.
        let t = texts(&mut pos);
        assert_eq!(t.len(), 64 - 7, "f9 e10 d11 c12 b13 a14 h9 are attacked");
        assert!(!t.contains(&"K@f9".to_string()) && !t.contains(&"K@h9".to_string()));
    }
}
