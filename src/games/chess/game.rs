//! The chess family seen through the generic [`crate::core::Rules`] and [`SearchHints`] traits.

use super::movegen;
use super::moves::{ChessMove, MoveKind};
use super::position::{Position, Undo};
use super::rules::Rules;
use super::see::SEE_VALUES;
use super::types::{Color, Role};
use crate::core::{
    MoveList, MoveTextError, NoMoves, Outcome, Scope, Score, SearchHints, SearchParams, Seat,
    SeatSet,
};

impl crate::core::Rules for Position {
    type Move = ChessMove;
    type Undo = Undo;
    #[inline(always)]
    fn seats(&self) -> usize {
        2
    }
    #[inline(always)]
    fn to_move(&self) -> Seat {
        self.side_to_move() as Seat
    }
    #[inline(always)]
    fn generate(&self, scope: Scope, out: &mut MoveList<ChessMove>) {
        movegen::generate(self, scope, out)
    }
    #[inline(always)]
    fn make(&mut self, m: ChessMove) -> Undo {
        Position::make(self, m)
    }
    #[inline(always)]
    fn unmake(&mut self, m: ChessMove, undo: Undo) {
        Position::unmake(self, m, undo)
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        Position::key(self)
    }
    #[inline(always)]
    fn decided(&self) -> Option<Outcome> {
        Position::decided(self).map(|c| Outcome::Winner(c as Seat))
    }
    fn no_moves(&self) -> NoMoves {
        NoMoves::Ends(if self.in_check() {
            Outcome::Winner(self.side_to_move().flip() as Seat)
        } else {
            Outcome::Draw(SeatSet::first(2))
        })
    }
    fn drawn_by_rule(&self) -> bool {
        // The fifty-move rule yields to a mate delivered on the hundredth half-move.
        (self.halfmove_clock() >= 100 && !self.is_checkmate()) || self.insufficient_material()
    }
    #[inline(always)]
    fn reversible_plies(&self) -> usize {
        self.halfmove_clock() as usize
    }
    fn move_text(&self, m: ChessMove) -> String {
        m.uci()
    }
    fn parse_move(&self, text: &str) -> Result<ChessMove, MoveTextError> {
        let well_formed = (4..=5).contains(&text.len())
            && text.is_ascii()
            && super::types::parse_square(&text[0..2]).is_some()
            && super::types::parse_square(&text[2..4]).is_some()
            && text[4..]
                .chars()
                .all(|c| Role::from_letter(c).is_some() && c.is_ascii_lowercase());
        if !well_formed {
            return Err(MoveTextError::Malformed(text.to_string()));
        }
        let mut moves = MoveList::new();
        movegen::generate(self, Scope::All, &mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| m.uci() == text)
            .ok_or_else(|| MoveTextError::Illegal(text.to_string()))
    }
    fn position_text(&self) -> String {
        self.to_fen()
    }
}

impl SearchHints for Position {
    type PickScores = crate::core::NoPickScores;
    const HISTORY_SLOTS: usize = 64 * 64;
    /// Orthodox chess and Chess960 search with the features tested on chess; the variants keep
    /// the base constants.
    fn search_params(&self) -> SearchParams {
        match self.rules() {
            Rules::Orthodox | Rules::Chess960 => SearchParams::ORTHODOX,
            Rules::Scepter | Rules::Forty => SearchParams::CHESS,
        }
    }
    /// The pawns of both sides: pawn structure is where a hand-written evaluation errs alike
    /// from one position to the next.
    #[inline(always)]
    fn correction_key(&self) -> u64 {
        let white = self.pieces(Color::White, Role::Pawn);
        let black = self.pieces(Color::Black, Role::Pawn);
        let mut h =
            white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 29;
        h.wrapping_mul(0xBF58_476D_1CE4_E5B9)
    }
    #[inline(always)]
    fn urgent(&self) -> bool {
        self.in_check() || self.scepter_threatened()
    }
    #[inline(always)]
    fn is_noisy(&self, m: ChessMove) -> bool {
        self.is_capture(m)
            || m.promotion().is_some()
            || (m.from() == m.to() && self.rules() == Rules::Forty)
            || self.wins_scepter(m)
    }
    #[inline(always)]
    fn noisy_order(&self, m: ChessMove) -> Score {
        if m.from() == m.to() {
            return 16 * super::see::explosion_gain(self, m.from());
        }
        if self.wins_scepter(m) {
            return 16 * SEE_VALUES[Role::King.index()];
        }
        let victim = self.captured_role(m).map_or(0, |r| SEE_VALUES[r.index()]);
        let attacker = self
            .piece_at(m.from())
            .map_or(0, |p| SEE_VALUES[p.role().index()]);
        let promo = m.promotion().map_or(0, |r| SEE_VALUES[r.index()]);
        victim * 16 + promo - attacker / 16
    }
    fn see_at_least(&self, m: ChessMove, threshold: Score) -> bool {
        super::see::see_at_least(self, m, threshold)
    }
    #[inline(always)]
    fn history_slot(&self, m: ChessMove) -> usize {
        m.from() as usize * 64 + m.to() as usize
    }
    fn make_null(&mut self) -> Option<Undo> {
        Some(Position::make_null(self))
    }
    fn unmake_null(&mut self, undo: Undo) {
        Position::unmake_null(self, undo)
    }
    fn null_move_allowed(&self) -> bool {
        // Zugzwang is common when only king and pawns remain.
        let us = self.by_color(self.side_to_move());
        let non_pawn = us & !(self.by_role(Role::Pawn) | self.by_role(Role::King));
        !self.urgent() && non_pawn != 0
    }
}

impl Position {
    /// Capture the Scepter: is `m` the king's step onto the enemy scepter (an instant win)?
    #[inline(always)]
    pub fn wins_scepter(&self, m: ChessMove) -> bool {
        self.rules()
            .scepter(self.side_to_move().flip())
            .is_some_and(|s| {
                m.to() == s && self.pieces(self.side_to_move(), Role::King) & (1 << m.from()) != 0
            })
    }

    /// Capture the Scepter: could the enemy king step onto our scepter next move?
    #[inline(always)]
    pub fn scepter_threatened(&self) -> bool {
        let us = self.side_to_move();
        let Some(scepter) = self.rules().scepter(us) else {
            return false;
        };
        let Some(their_king) = self.king_square(us.flip()) else {
            return false;
        };
        super::attacks::king_attacks(their_king) & (1 << scepter) != 0
            && self.piece_at(scepter).is_none_or(|p| p.color() == us)
            && self.attackers_to(scepter, us, self.occupied()) == 0
    }

    #[inline(always)]
    pub fn is_capture(&self, m: ChessMove) -> bool {
        m.kind() == MoveKind::EnPassant
            || (m.from() != m.to()
                && self.piece_at(m.to()).is_some()
                && m.kind() != MoveKind::Castle)
    }

    #[inline(always)]
    pub fn captured_role(&self, m: ChessMove) -> Option<Role> {
        if m.kind() == MoveKind::EnPassant {
            Some(Role::Pawn)
        } else if self.is_capture(m) {
            self.piece_at(m.to()).map(|p| p.role())
        } else {
            None
        }
    }

    pub fn is_checkmate(&self) -> bool {
        if !self.in_check() {
            return false;
        }
        let mut moves = MoveList::new();
        movegen::generate(self, Scope::All, &mut moves);
        moves.is_empty()
    }

    pub fn color_name(c: Color) -> &'static str {
        match c {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}
