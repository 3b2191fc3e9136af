//! Sceptre 1027 A.D. through the game trait: seats are the colours in playing order (0 black,
//! 1 white, 2 red, 3 green), a player out of moves ends the game (two playing) or withdraws
//! (three or more), and a third occurrence built by checks alone is lost by the checked
//! player (docs/rules/sceptre1027.md#perpetual-check).

use super::field::piece::PieceKind;
use super::field::seats::PlayerColour;
use super::rules::make::Undo;
use super::rules::moves::SceptreMove;
use super::rules::position::{PlayerState, SceptrePosition};
use crate::core::{
    GameMove, MoveList, MoveTextError, NoMoves, Outcome, Rules, Scope, Score, SearchHints,
    SearchParams, Seat, SeatSet,
};

/// Slots per piece kind in the history table: one per mailbox cell of the largest field
/// (72 + 2 * 3 padding squares a side).
const CELLS: usize = 78 * 78;

impl GameMove for SceptreMove {
    fn to_bits(self) -> u32 {
        self.to_u32()
    }

    fn from_bits(bits: u32) -> SceptreMove {
        SceptreMove::from_u32(bits).unwrap_or_default()
    }
}

impl SceptrePosition {
    fn seat_set(&self, state: PlayerState) -> SeatSet {
        self.colours()
            .filter(|&c| self.state(c) == Some(state))
            .fold(SeatSet::EMPTY, |s, c| s.with(c.index() as Seat))
    }

    /// Whether `colour` owns a queen, rook, bishop or knight (of any original colour: pieces
    /// pass to the capturer of their king).
    fn owns_a_piece_beyond_pawns(&self, colour: PlayerColour) -> bool {
        let tally = self.tally();
        let officers = [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
        ];
        tally
            .colours
            .iter()
            .zip(tally.owner)
            .any(|(t, owner)| owner == colour && officers.iter().any(|k| t.count[k.index()] > 0))
    }

    /// The perpetual-check rule: the current position occurred first `cycle_plies` plies ago,
    /// and it is the third occurrence. With two players, the one who checked with every move
    /// of the cycle wins; otherwise (or if both did) `None`, a draw.
    pub fn perpetual_winner(&self, cycle_plies: usize) -> Option<PlayerColour> {
        if self.playing_count() != 2 {
            return None;
        }
        let moves_each = cycle_plies.div_ceil(2) as u32;
        let checkers: Vec<PlayerColour> = self
            .colours()
            .filter(|&c| self.is_playing(c) && self.check_run(c) >= moves_each.max(1))
            .collect();
        match checkers[..] {
            [one] => Some(one),
            _ => None,
        }
    }
}

impl Rules for SceptrePosition {
    type Move = SceptreMove;
    type Undo = Undo;
    fn seats(&self) -> usize {
        self.player_count()
    }
    fn active(&self) -> SeatSet {
        self.seat_set(PlayerState::Playing)
    }
    fn withdrawn(&self) -> SeatSet {
        self.seat_set(PlayerState::Withdrawn)
    }
    fn to_move(&self) -> Seat {
        SceptrePosition::to_move(self).index() as Seat
    }
    fn generate(&self, scope: Scope, out: &mut MoveList<SceptreMove>) {
        self.generate_legal(scope == Scope::Noisy, out);
    }
    #[inline]
    fn make(&mut self, m: SceptreMove) -> Undo {
        SceptrePosition::make(self, m)
    }
    #[inline]
    fn unmake(&mut self, m: SceptreMove, undo: Undo) {
        SceptrePosition::unmake(self, m, undo)
    }
    #[inline]
    fn key(&self) -> u64 {
        SceptrePosition::key(self)
    }
    /// The last player standing has won.
    fn decided(&self) -> Option<Outcome> {
        let active = Rules::active(self);
        (active.len() == 1).then(|| Outcome::Winner(active.iter().next().unwrap_or(0)))
    }
    fn no_moves(&self) -> NoMoves {
        let active = Rules::active(self);
        if self.in_set_up() || active.len() < 3 {
            let mover = SceptrePosition::to_move(self);
            if !self.in_set_up() && self.in_check(mover) {
                let other = active.without(mover.index() as Seat).iter().next();
                return NoMoves::Ends(Outcome::Winner(other.unwrap_or(0)));
            }
            return NoMoves::Ends(Outcome::Draw(active));
        }
        NoMoves::Withdraws
    }
    fn make_withdrawal(&mut self) -> Option<Undo> {
        Some(self.withdraw())
    }
    fn unmake_withdrawal(&mut self, undo: Undo) {
        self.unwithdraw(undo);
    }
    fn make_forfeit(&mut self, seat: Seat) -> Option<Undo> {
        let colour = *PlayerColour::ALL.get(seat as usize)?;
        (self.playing_count() >= 3 && self.is_playing(colour)).then(|| self.forfeit(colour))
    }
    /// Sceptre has no move-count draw.
    fn drawn_by_rule(&self) -> bool {
        false
    }
    fn reversible_plies(&self) -> usize {
        SceptrePosition::reversible_plies(self)
    }
    fn repetition_outcome(&self, cycle_plies: usize) -> Option<Outcome> {
        self.perpetual_winner(cycle_plies)
            .map(|c| Outcome::Winner(c.index() as Seat))
    }
    fn move_text(&self, m: SceptreMove) -> String {
        m.text(self.field())
    }
    fn parse_move(&self, text: &str) -> Result<SceptreMove, MoveTextError> {
        let mut moves = MoveList::new();
        self.generate_legal(false, &mut moves);
        if let Some(&m) = moves.iter().find(|m| m.text(self.field()) == text) {
            return Ok(m);
        }
        if looks_like_a_move(text) {
            Err(MoveTextError::Illegal(text.to_string()))
        } else {
            Err(MoveTextError::Malformed(text.to_string()))
        }
    }
    fn position_text(&self) -> String {
        self.to_text()
    }
}

impl SearchHints for SceptrePosition {
    /// A middlegame on `nine` has 150 moves and more: the picker scans a copy of the scores.
    type PickScores = crate::core::MoveList<crate::core::Score>;
    /// Most nodes that cut do so at the table's move, a capture or a killer (the bench: 7,800
    /// of 7,900 cuts), before the 150 quiet moves of a middlegame are needed.
    const DEFER_QUIET_SCORES: bool = true;
    const HISTORY_SLOTS: usize = 6 * CELLS;
    /// Placements: the evaluation knows good squares (shelter, open lines, terrain for
    /// knights); two plies see a placement's answer, more would spend the clock on hundreds of
    /// placements a ply.
    ///
    /// Playing to win (issue 32): a player ahead shuns a repetition by a fifth of his lead (at
    /// most 120), in every multi-player search (per seat in max-n and best-reply), and while
    /// three or more play everyone shuns a repetition by 80 more; max-n
    /// holds back 1,000 points of its shares, so a player far ahead still sees each gain.
    ///
    /// `coalition_pv_pruning_from` stays off: `Some(4)` (the coalition's PV nodes pruned as
    /// its zero-window ones while four are in) searched two plies deeper with four at 50 ms a
    /// move but scored 1.06 (0.95 to 1.17) head to head against main in 192 games
    /// (docs/results/strength.md, session 23).
    const SEARCH: SearchParams = SearchParams {
        shallow_phase_depth: Some(2),
        contempt_share: 20,
        contempt_max: 120,
        contempt_many: 80,
        share_softness: 1_000,
        ..SearchParams::CHESS
    };
    /// In a game of two, [`DUEL_SEARCH`]; where two are left of three or four,
    /// [`TWO_LEFT_SEARCH`]; while three or four play, [`SearchHints::SEARCH`].
    fn search_params(&self) -> SearchParams {
        if self.playing_count() == 2 && self.player_count() == 2 {
            DUEL_SEARCH
        } else if self.playing_count() == 2 {
            TWO_LEFT_SEARCH
        } else {
            Self::SEARCH
        }
    }
    /// The null move, with exactly two players in the move phase only: a pass is no move of
    /// Sceptre, and with three or more the player passed to is not the one who would move.
    /// A move's or a capture's key, foreseen from its squares (`make`'s own change of it).
    #[inline(always)]
    fn key_after(&self, m: SceptreMove) -> Option<u64> {
        SceptrePosition::key_after(self, m)
    }
    /// The material and the pawns' distances to their edges (the tally's `material_key`).
    fn correction_key(&self) -> u64 {
        self.tally.material_key()
    }
    fn make_null(&mut self) -> Option<Undo> {
        (self.playing_count() == 2 && !self.in_set_up()).then(|| self.pass())
    }
    fn unmake_null(&mut self, undo: Undo) {
        self.unwithdraw(undo);
    }
    /// Two players in the move phase, the mover not in check and owning a piece other than
    /// king and pawns: with king and pawns alone every move may weaken him (zugzwang), and
    /// a stalemate is a draw, as in chess.
    fn null_move_allowed(&self) -> bool {
        let mover = SceptrePosition::to_move(self);
        self.playing_count() == 2
            && !self.in_set_up()
            && !self.in_check(mover)
            && self.owns_a_piece_beyond_pawns(mover)
    }
    fn make_pass_to(&mut self, seat: Seat) -> Option<Undo> {
        let colour = *PlayerColour::ALL.get(seat as usize)?;
        self.is_playing(colour).then(|| self.pass_to(colour))
    }
    fn unmake_pass(&mut self, undo: Undo) {
        self.unwithdraw(undo);
    }
    /// The set-up placements.
    fn in_shallow_phase(&self) -> bool {
        self.in_set_up()
    }
    fn urgent(&self) -> bool {
        !self.in_set_up() && self.in_check(SceptrePosition::to_move(self))
    }
    fn surely_legal(&self, m: SceptreMove) -> bool {
        SceptrePosition::surely_legal(self, m)
    }
    /// Out of the set-up a move that is no placement is legal exactly where its piece's
    /// legal moves hold it (`surely_legal`); placements belong to the set-up alone.
    fn legality_known(&self, m: SceptreMove) -> bool {
        !m.is_placement() && !self.in_set_up() && self.playing_count() >= 2
    }
    fn is_noisy(&self, m: SceptreMove) -> bool {
        SceptrePosition::is_noisy(self, m)
    }
    /// Most valuable victim first (a king most of all), then the least valuable attacker.
    fn noisy_order(&self, m: SceptreMove) -> Score {
        let victim = self.piece(m.to()).map_or(0, |p| super::eval::value(p.kind));
        let promoted = m.promotion_kind().map_or(0, super::eval::value);
        let attacker = self
            .piece(m.from())
            .map_or(0, |p| super::eval::value(p.kind));
        8 * (victim + promoted) - attacker / 8
    }
    /// The exchange on the move's square (`see.rs`) in the move phase. With three or four
    /// playing, the mover stands against every other player's pieces together: any of them
    /// may take back, whoever moves next. (Taking a king always passes the search's tests: it
    /// gains the king's 2,000 less at most a queen.)
    fn see_at_least(&self, m: SceptreMove, threshold: Score) -> bool {
        if self.in_set_up() {
            return true;
        }
        SceptrePosition::see_at_least(self, m, threshold)
    }
    /// The coalition's exchange (`see.rs`): `root`'s pieces alone take back, every other
    /// player's take on the mover's side.
    fn see_at_least_against(&self, m: SceptreMove, threshold: Score, root: Seat) -> bool {
        if self.in_set_up() {
            return true;
        }
        match PlayerColour::ALL.get(root as usize) {
            Some(&colour) => SceptrePosition::see_at_least_against(self, m, threshold, colour),
            None => SceptrePosition::see_at_least(self, m, threshold),
        }
    }
    fn history_slot(&self, m: SceptreMove) -> usize {
        let kind = m
            .placed()
            .or_else(|| self.piece(m.from()).map(|p| p.kind))
            .unwrap_or(PieceKind::Pawn);
        kind.index() * CELLS + (m.to() as usize).min(CELLS - 1)
    }
}

/// The search's constants while two play (measured against chess's margins in
/// docs/results/sprt-log.md#sceptre-1027-ad). The futility and reverse-futility margins are
/// half as large again as chess's, since one quiet move on Sceptre's wide fields can move the
/// evaluation further than a chess move (long sliders' mobility at 2-3 a square, the
/// hanging-piece terms). The three- and four-player searches keep [`SearchHints::SEARCH`]:
/// their margins were not measured. The correction history (as orthodox chess's) learns how far
/// the search finds the evaluation off per material and pawns' distances to their edges: +42 Elo
/// against the search without it (SPRT, 387 games).
const DUEL_SEARCH: SearchParams = SearchParams {
    correction_history: true,
    reverse_futility_margin: 120,
    reverse_futility_improving: 60,
    futility_base: 135,
    futility_margin: 120,
    ..<SceptrePosition as SearchHints>::SEARCH
};

/// Where two are left of three or four: the duel's margins, without the correction history,
/// which was measured in games of two only and scored lower with three players against
/// 7436126 (docs/results/strength.md, "three players and the correction history").
const TWO_LEFT_SEARCH: SearchParams = SearchParams {
    correction_history: false,
    ..DUEL_SEARCH
};

/// `<square><square>[qrbn]` or `<PIECE>@<square>` in shape, whether or not it is legal.
fn looks_like_a_move(text: &str) -> bool {
    fn square(s: &str) -> Option<&str> {
        let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
        let digits = s[letters..].bytes().take_while(u8::is_ascii_digit).count();
        (letters > 0 && digits > 0).then(|| &s[letters + digits..])
    }
    if let Some((piece, rest)) = text.split_once('@') {
        return matches!(piece, "K" | "Q" | "R" | "B" | "N" | "P") && square(rest) == Some("");
    }
    square(text)
        .and_then(square)
        .is_some_and(|rest| matches!(rest, "" | "q" | "r" | "b" | "n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::path_repetition;
    use crate::games::sceptre::test_support::{reference_positions, Rng};

    const MEADOW: &str = "8m/8m/8m/8m/8m/8m/8m/8m";

    fn pos(
        pieces: &str,
        players: &str,
        to_move: char,
        set_up: &str,
        checks: &str,
    ) -> SceptrePosition {
        let kingdoms = if players.contains('r') {
            "b@a1,w@a1,r@a1"
        } else {
            "b@a1,w@a1"
        };
        let text = format!("{MEADOW} {pieces} {players} {to_move} {kingdoms} {set_up} - {checks}");
        SceptrePosition::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn play(p: &mut SceptrePosition, keys: &mut Vec<u64>, text: &str) {
        let m = Rules::parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        keys.push(p.key());
        p.make(m);
    }

    /// Every two-player position of the random playouts where the null move is allowed: it
    /// hands the turn over with a key equal to the one computed afresh, and its undo gives back
    /// the position string (check runs among it), the key and the reversible plies exactly.
    #[test]
    fn make_null_and_unmake_null_restore_the_position_and_key_exactly() {
        let mut rng = Rng(0x5eed_0fa1);
        let mut nulls = 0;
        for text in reference_positions() {
            for _ in 0..10 {
                let mut p = SceptrePosition::from_text(&text).unwrap();
                for _ in 0..40 {
                    if p.null_move_allowed() {
                        let (before, key, plies) = (p.to_text(), p.key(), p.reversible_plies());
                        let mover = SceptrePosition::to_move(&p);
                        let undo = p.make_null().expect("a null move where it is allowed");
                        nulls += 1;
                        assert_ne!(SceptrePosition::to_move(&p), mover, "{before}");
                        assert_eq!(p.key(), p.key_from_scratch(), "{before}");
                        assert_eq!(p.reversible_plies(), 0);
                        assert_eq!(p.check_run(mover), 0, "a pass gives no check");
                        let again = SceptrePosition::from_text(&p.to_text()).unwrap();
                        assert_eq!(again.key(), p.key(), "{before}");
                        p.unmake_null(undo);
                        assert_eq!(p.to_text(), before);
                        assert_eq!((p.key(), p.reversible_plies()), (key, plies), "{before}");
                    }
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p.make(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(nulls > 100, "only {nulls} null moves tried");
    }

    /// The mover's check run (his last move gave check) ends with the pass and comes back with
    /// its undo.
    #[test]
    fn unmake_null_gives_back_the_check_run() {
        let mut p = pos("Kb@d1,Rb@a1,Kw@h8,Rw@g2", "b+,w+", 'w', "-", "w:3");
        let before = p.to_text();
        let undo = p.make_null().unwrap();
        assert_eq!(p.check_run(PlayerColour::White), 0);
        assert!(!p.to_text().contains("w:3"));
        p.unmake_null(undo);
        assert_eq!(p.check_run(PlayerColour::White), 3);
        assert_eq!(p.to_text(), before);
    }

    #[test]
    fn no_null_move_in_the_set_up_in_check_with_three_players_or_king_and_pawns_alone() {
        let two = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h8", "b+,w+", 'b', "-", "-");
        assert!(two.null_move_allowed());
        let set_up = pos("Kb@e1,Kw@e8,Rw@h8", "b+,w+", 'b', "b:R,w:", "-");
        assert!(set_up.in_set_up() && !set_up.null_move_allowed());
        assert!(set_up.clone().make_null().is_none());
        let check = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h1", "b+,w+", 'b', "-", "w:1");
        assert!(check.in_check(PlayerColour::Black) && !check.null_move_allowed());
        let three = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h8,Kr@a8", "b+,w+,r+", 'b', "-", "-");
        assert!(!three.null_move_allowed());
        assert!(three.clone().make_null().is_none());
        // Red withdrew: two players are left, and the null move comes back.
        let withdrawn = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h8,Kr@a8", "b+,w+,r=", 'b', "-", "-");
        assert!(withdrawn.null_move_allowed());
        let pawns = pos("Kb@e1,Pb@a2,Kw@e8,Rw@h8", "b+,w+", 'b', "-", "-");
        assert!(!pawns.null_move_allowed());
        assert!(pos("Kb@e1,Pb@a2,Kw@e8,Rw@h8", "b+,w+", 'w', "-", "-").null_move_allowed());
    }

    /// While two play (from the start, or after the third withdrew) the search takes the
    /// duel's margins, the correction history only in a game of two; with three the common ones.
    #[test]
    fn two_players_search_with_the_duel_constants_three_with_the_common_ones() {
        let two = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h8", "b+,w+", 'b', "-", "-");
        assert_eq!(two.search_params(), DUEL_SEARCH);
        let three = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h8,Kr@a8", "b+,w+,r+", 'b', "-", "-");
        assert_eq!(three.search_params(), SceptrePosition::SEARCH);
        assert_ne!(DUEL_SEARCH, SceptrePosition::SEARCH);
        let withdrawn = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h8,Kr@a8", "b+,w+,r=", 'b', "-", "-");
        assert_eq!(withdrawn.search_params(), TWO_LEFT_SEARCH);
    }

    /// Two players search with a correction history keyed by the material and the pawns'
    /// distances: a rook's walk leaves the key as it was, its capture of the other rook and
    /// a pawn's step change it.
    #[test]
    fn the_correction_key_follows_captures_and_pawn_steps_not_walks() {
        let mut p = pos("Kb@e1,Rb@a1,Pb@h2,Kw@e8,Rw@a8", "b+,w+", 'b', "-", "-");
        assert!(p.search_params().correction_history);
        let mut keys = Vec::new();
        let start = p.correction_key();
        play(&mut p, &mut keys, "a1a2");
        assert_eq!(p.correction_key(), start, "a walk");
        play(&mut p, &mut keys, "a8a7");
        let before = p.correction_key();
        play(&mut p, &mut keys, "a2a7");
        assert_ne!(p.correction_key(), before, "a capture");
        let after_capture = p.correction_key();
        play(&mut p, &mut keys, "e8d8");
        play(&mut p, &mut keys, "h2h3");
        assert_ne!(p.correction_key(), after_capture, "a pawn's step");
    }

    /// Black's rook goes round a triangle (a1 a3 a2 a1) while white's rook steps out and back:
    /// five moves, and white's null move then brings back the first position, black to move,
    /// key and all. The scan stops at the null move, so that is no repetition; a real one after
    /// the null move still is.
    #[test]
    fn the_repetition_scan_stops_at_a_null_move() {
        let mut p = pos("Kb@e1,Rb@a1,Kw@e8,Rw@h8", "b+,w+", 'b', "-", "-");
        let start = p.key();
        let mut keys = Vec::new();
        for m in ["a1a3", "h8h7", "a3a2", "h7h8", "a2a1"] {
            play(&mut p, &mut keys, m);
        }
        assert_eq!(path_repetition(&p, &keys, 0), None);
        keys.push(p.key());
        p.make_null().unwrap();
        assert_eq!(
            p.key(),
            start,
            "the null move brought the first position back"
        );
        assert_eq!(path_repetition(&p, &keys, 0), None, "a false repetition");
        for m in ["a1a2", "h8h7", "a2a1", "h7h8"] {
            play(&mut p, &mut keys, m);
        }
        assert_eq!(path_repetition(&p, &keys, 0), Some(4));
        assert_eq!(p.repetition_outcome(4), None, "no checks: a draw");
    }
}
