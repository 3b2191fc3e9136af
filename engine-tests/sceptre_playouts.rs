//! Sceptre 1027 A.D. played to the end: random games of 2, 3 and 4 players on every shipped
//! layout that seats them, from the first placement of the set-up phase to the end by rule
//! (checkmate or stalemate with two left, threefold repetition or perpetual check, the last
//! player standing), or a ply cap. The random choice is biased so that games end: king
//! captures always, other captures mostly, mates and checks found among a few random moves,
//! moves towards the enemy kings, and late in the game each player often steps back his last
//! move (so long games end by repetition). Every ply: the move comes from the legal list, the
//! incremental key equals one computed from scratch, the players' states agree with the
//! trait's sets and never come back, a king capture eliminates (or only removes a withdrawn
//! player's king) and passes the pieces on, captures fill the pools; the position string
//! reads back to an equal position with the same text after every irreversible ply and
//! regularly between; on a sample of positions every legal move is made and unmade and must
//! restore the position exactly. Fixed seeds: a failure names its layout, game and ply.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use regalia::core::{MoveList, NoMoves, Outcome, Rules, Scope, SearchHints, Seat, SeatSet};
use regalia::games::sceptre::{
    Layout, PieceKind, PlayerColour, PlayerState, SceptreMove, SceptrePosition, Square,
    SHIPPED_LAYOUTS,
};
use std::collections::HashMap;
use std::time::Instant;

/// Games per layout and player count.
const GAMES: usize = 200;
/// Plies of play after the set-up before a game is given up as unfinished.
const MAX_PLIES: usize = 1000;
/// Probability of taking a capture (or promotion) when there is one (a king capture is
/// always taken).
const CAPTURE_BIAS: f64 = 0.8;
/// After this many plies of play, each player moves the piece he moved last back where it
/// came from with probability `SHUFFLE_BIAS`, so that long games end by repetition.
const SHUFFLE_AFTER: usize = 200;
const SHUFFLE_BIAS: f64 = 0.85;
/// Otherwise, probability of looking for a move that gives check among a few random ones.
const CHECK_BIAS: f64 = 0.7;
const CHECK_TRIES: usize = 12;
/// Otherwise, probability of a move by a piece other than the king that comes nearer the
/// nearest enemy king.
const APPROACH_BIAS: f64 = 0.8;
/// The text is read back after every irreversible ply and after one ply in this many others
/// (reading a 24x24 field's text costs about twice a move generation).
const ROUND_TRIP_EVERY: usize = 4;
/// One position in this many has every legal move made and unmade.
const SWEEP_EVERY: usize = 48;
const SEED: u64 = 0x5CE7_1027;

/// What one player count's games came to.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: usize,
    /// Ended by `decided()`: one player left.
    last_standing: usize,
    /// Ended by `no_moves()`: checkmate with two playing.
    mated: usize,
    /// Ended by `no_moves()`: a draw (stalemate with two playing).
    stalemated: usize,
    /// A third occurrence: perpetual check lost, or drawn.
    repetition: usize,
    /// Stopped at `MAX_PLIES`.
    capped: usize,
    /// The set-up phase left a player nothing to place (must never happen).
    set_up_stuck: usize,
    plies: usize,
    eliminations: usize,
    /// Kings of withdrawn players captured (they only leave the field).
    withdrawn_kings: usize,
    withdrawals: usize,
    promotions: usize,
    /// Repetitions lost by perpetual check.
    perpetual: usize,
    sweeps: usize,
}

impl Tally {
    fn ended(&self) -> usize {
        self.last_standing + self.mated + self.stalemated + self.repetition
    }

    fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.last_standing += o.last_standing;
        self.mated += o.mated;
        self.stalemated += o.stalemated;
        self.repetition += o.repetition;
        self.capped += o.capped;
        self.set_up_stuck += o.set_up_stuck;
        self.plies += o.plies;
        self.eliminations += o.eliminations;
        self.withdrawn_kings += o.withdrawn_kings;
        self.withdrawals += o.withdrawals;
        self.promotions += o.promotions;
        self.perpetual += o.perpetual;
        self.sweeps += o.sweeps;
    }
}

fn seat(c: PlayerColour) -> Seat {
    c.index() as Seat
}

/// The seats in `state` as the position's own accessors say.
fn seats_in(pos: &SceptrePosition, state: PlayerState) -> SeatSet {
    pos.colours()
        .filter(|&c| pos.state(c) == Some(state))
        .fold(SeatSet::EMPTY, |s, c| s.with(seat(c)))
}

/// The players field of a position string, as (colour, state symbol).
fn players_field(text: &str) -> Vec<(char, char)> {
    let field = text.split(' ').nth(2).expect("a players field");
    field
        .split(',')
        .map(|p| {
            let mut chars = p.chars();
            (chars.next().unwrap(), chars.next().unwrap())
        })
        .collect()
}

fn owned_by(pos: &SceptrePosition, owner: PlayerColour) -> usize {
    pos.pieces().filter(|(_, p)| p.owner == owner).count()
}

/// One game's context for messages.
struct Game1<'a> {
    layout: &'a str,
    players: usize,
    game: usize,
    ply: usize,
}

impl std::fmt::Display for Game1<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "layout {} with {} players, game {}, ply {}",
            self.layout, self.players, self.game, self.ply
        )
    }
}

/// The states of the players: the trait's sets, the position's accessors and the string agree,
/// every seat is in exactly one of playing/withdrawn/eliminated, and nobody comes back.
fn check_states(
    pos: &SceptrePosition,
    text: Option<&str>,
    out_before: (SeatSet, SeatSet),
    at: &Game1,
) -> (SeatSet, SeatSet) {
    let n = pos.player_count();
    assert_eq!(Rules::seats(pos), n, "{at}");
    let active = Rules::active(pos);
    let withdrawn = Rules::withdrawn(pos);
    let eliminated = seats_in(pos, PlayerState::Eliminated);
    assert_eq!(active, seats_in(pos, PlayerState::Playing), "{at}");
    assert_eq!(withdrawn, seats_in(pos, PlayerState::Withdrawn), "{at}");
    assert!(
        active.bits() & withdrawn.bits() == 0
            && active.bits() & eliminated.bits() == 0
            && withdrawn.bits() & eliminated.bits() == 0,
        "{at}: overlapping states"
    );
    assert_eq!(
        active.len() + withdrawn.len() + eliminated.len(),
        n,
        "{at}: every seat has a state"
    );
    if let Some(text) = text {
        let field = players_field(text);
        assert_eq!(field.len(), n, "{at}: {text}");
        for (c, (letter, symbol)) in pos.colours().zip(&field) {
            assert_eq!(*letter, c.letter(), "{at}: {text}");
            assert_eq!(
                Some(*symbol),
                pos.state(c).map(PlayerState::symbol),
                "{at}: {text}"
            );
        }
    }
    let (was_withdrawn, was_eliminated) = out_before;
    assert_eq!(
        was_withdrawn.without_all(withdrawn),
        SeatSet::EMPTY,
        "{at}: a withdrawn player came back"
    );
    assert_eq!(
        was_eliminated.without_all(eliminated),
        SeatSet::EMPTY,
        "{at}: an eliminated player came back"
    );
    if !pos.in_set_up() && pos.decided().is_none() {
        assert!(
            active.contains(Rules::to_move(pos)),
            "{at}: the side to move plays"
        );
    }
    (withdrawn, eliminated)
}

/// The text reads back to an equal position that writes the same text.
fn check_round_trip(pos: &SceptrePosition, at: &Game1) -> String {
    let text = pos.to_text();
    let again = SceptrePosition::from_text(&text)
        .unwrap_or_else(|e| panic!("{at}: {text} does not read back: {e}"));
    assert_eq!(again.to_text(), text, "{at}");
    assert!(again == *pos, "{at}: {text} reads back to another position");
    assert_eq!(again.key(), pos.key(), "{at}: {text}");
    text
}

/// Every legal move made and unmade restores the position exactly; the noisy list is the
/// noisy part of the full list; move texts are unique and parse back; with three or more
/// playing, either every move leaves the mover's king safe or none does (he is mated and must
/// still move: a piece other than the king if he can).
fn sweep(pos: &mut SceptrePosition, moves: &MoveList<SceptreMove>, at: &Game1) {
    let before = pos.clone();
    let reversible = pos.reversible_plies();
    let mover = pos.to_move();
    let mut noisy = MoveList::new();
    pos.generate(Scope::Noisy, &mut noisy);
    let expected: Vec<SceptreMove> = moves
        .iter()
        .copied()
        .filter(|&m| SearchHints::is_noisy(pos, m))
        .collect();
    assert_eq!(noisy.as_slice(), &expected[..], "{at}: noisy moves");
    let mut texts = std::collections::HashSet::new();
    let mut safe = Vec::new();
    for &m in moves.iter() {
        let text = pos.move_text(m);
        assert!(texts.insert(text.clone()), "{at}: two moves write {text}");
        let undo = Rules::make(pos, m);
        assert_eq!(pos.key(), pos.key_from_scratch(), "{at}: key after {text}");
        if !before.in_set_up() {
            safe.push(!pos.in_check(mover));
        }
        Rules::unmake(pos, m, undo);
        assert!(
            *pos == before,
            "{at}: {text} made and unmade changed {}",
            before.to_text()
        );
        assert_eq!(pos.key(), before.key(), "{at}: key after unmaking {text}");
        assert_eq!(pos.reversible_plies(), reversible, "{at}: {text}");
    }
    let any = moves.as_slice()[0];
    assert_eq!(
        Rules::parse_move(pos, &pos.move_text(any)).ok(),
        Some(any),
        "{at}"
    );
    if before.in_set_up() {
        return;
    }
    let active = Rules::active(pos).len();
    if active == 2 {
        assert!(
            safe.iter().all(|&s| s),
            "{at}: a move leaves the king attacked"
        );
    } else if !safe.iter().all(|&s| s) {
        assert!(
            safe.iter().all(|&s| !s),
            "{at}: some moves leave the king attacked, some do not: {}",
            pos.to_text()
        );
        assert!(pos.in_check(mover), "{at}: forced moves without check");
        let king_moves = moves
            .iter()
            .filter(|m| {
                pos.piece(m.from())
                    .is_some_and(|p| p.kind == PieceKind::King)
            })
            .count();
        assert!(
            king_moves == 0 || king_moves == moves.len(),
            "{at}: a mated player with other pieces to move may not move his king"
        );
    }
}

/// The set-up is over: black moves, no king is attacked, every player's bishops stand on
/// squares of both colours.
fn check_set_up_done(pos: &SceptrePosition, at: &Game1) {
    assert_eq!(pos.to_move(), PlayerColour::Black, "{at}");
    for c in pos.colours() {
        assert!(!pos.in_check(c), "{at}: {c} in check after the set-up");
        let colours: Vec<_> = pos
            .pieces()
            .filter(|(_, p)| p.kind == PieceKind::Bishop && p.owner == c)
            .map(|(sq, _)| pos.field().colour(sq))
            .collect();
        assert_eq!(colours.len(), 2, "{at}: {c}'s bishops");
        assert_ne!(colours[0], colours[1], "{at}: {c}'s bishops on one colour");
    }
}

/// Chebyshev distance between two squares of the field.
fn distance(pos: &SceptrePosition, a: Square, b: Square) -> u32 {
    let (a, b) = (pos.field().coord(a), pos.field().coord(b));
    let (a, b) = (a.expect("a square"), b.expect("a square"));
    let files = (a.file as i32 - b.file as i32).unsigned_abs();
    let ranks = (a.rank as i32 - b.rank as i32).unsigned_abs();
    files.max(ranks)
}

/// Whether `colour`, in check, has no move that gets his king out of attack: no move at all
/// (two playing), or only moves that leave it attacked (three or more: he must still move).
fn mated(pos: &mut SceptrePosition, colour: PlayerColour) -> bool {
    if pos.playing_count() < 3 {
        return pos.to_move() == colour && pos.legal_moves().is_empty();
    }
    let undo = pos.pass_to(colour);
    let moves = pos.legal_moves();
    let mated = match moves.first() {
        None => true,
        Some(&m) => {
            let undo = pos.make(m);
            let attacked = pos.in_check(colour);
            pos.unmake(m, undo);
            attacked
        }
    };
    pos.unwithdraw(undo);
    mated
}

/// The random choice after the set-up: a king capture whenever there is one; late in the
/// game, the mover's last step back with probability `SHUFFLE_BIAS`; a capture with
/// probability `CAPTURE_BIAS`; with probability `CHECK_BIAS` a mate or a check among a few
/// random moves; with probability `APPROACH_BIAS` a move nearer an enemy king; else any.
fn choose(
    pos: &SceptrePosition,
    moves: &MoveList<SceptreMove>,
    back: Option<SceptreMove>,
    rng: &mut StdRng,
) -> SceptreMove {
    let pick = |list: &[SceptreMove], rng: &mut StdRng| list[rng.gen_range(0..list.len())];
    if pos.in_set_up() {
        return pick(moves.as_slice(), rng);
    }
    let kings: Vec<SceptreMove> = moves
        .iter()
        .copied()
        .filter(|m| pos.piece(m.to()).is_some_and(|p| p.kind == PieceKind::King))
        .collect();
    if !kings.is_empty() {
        return pick(&kings, rng);
    }
    if let Some(back) = back.filter(|b| moves.contains(b)) {
        if rng.gen_bool(SHUFFLE_BIAS) {
            return back;
        }
    }
    let noisy: Vec<SceptreMove> = moves
        .iter()
        .copied()
        .filter(|&m| SearchHints::is_noisy(pos, m))
        .collect();
    if !noisy.is_empty() && rng.gen_bool(CAPTURE_BIAS) {
        return pick(&noisy, rng);
    }
    let mover = pos.to_move();
    // The enemy kings; none of the moves below captures one, and only the mover's moves.
    let enemy_kings: Vec<(PlayerColour, Square)> = pos
        .pieces()
        .filter(|(_, p)| p.kind == PieceKind::King && p.owner != mover)
        .filter(|(_, p)| pos.is_playing(p.owner))
        .map(|(sq, p)| (p.owner, sq))
        .collect();
    if rng.gen_bool(CHECK_BIAS) {
        let mut scratch = pos.clone();
        let mut checking = None;
        for _ in 0..CHECK_TRIES {
            let m = pick(moves.as_slice(), rng);
            let undo = Rules::make(&mut scratch, m);
            let checked = enemy_kings
                .iter()
                .find(|&&(_, k)| scratch.attacked_by(k, |o| o == mover))
                .map(|&(c, _)| c);
            let mate = checked.is_some_and(|c| mated(&mut scratch, c));
            Rules::unmake(&mut scratch, m, undo);
            if mate {
                return m;
            }
            if checked.is_some() {
                checking.get_or_insert(m);
            }
        }
        if let Some(m) = checking {
            return m;
        }
    }
    if rng.gen_bool(APPROACH_BIAS) {
        let nearest = |sq: Square| {
            enemy_kings
                .iter()
                .map(|&(_, k)| distance(pos, sq, k))
                .min()
                .unwrap_or(0)
        };
        let nearer: Vec<SceptreMove> = moves
            .iter()
            .copied()
            .filter(|m| nearest(m.to()) < nearest(m.from()))
            .collect();
        if !nearer.is_empty() {
            return pick(&nearer, rng);
        }
    }
    pick(moves.as_slice(), rng)
}

/// Plays one game; adds what happened to `tally`.
fn play_game(layout: &Layout, players: usize, game: usize, rng: &mut StdRng, tally: &mut Tally) {
    let mut pos = SceptrePosition::start(layout, players)
        .unwrap_or_else(|e| panic!("{} with {players}: {e}", layout.name()));
    let mut at = Game1 {
        layout: layout.name(),
        players,
        game,
        ply: 0,
    };
    tally.games += 1;
    let mut out = (SeatSet::EMPTY, SeatSet::EMPTY);
    let mut text = Some(check_round_trip(&pos, &at));
    // Key -> (occurrences, ply of the first) since the set-up.
    let mut seen: HashMap<u64, (usize, usize)> = HashMap::new();
    let mut play_plies = 0;
    let mut moves = MoveList::new();
    // Each player's last move, if a plain step (to shuffle back).
    let mut last: [Option<SceptreMove>; 4] = [None; 4];
    // Ply -> (mover, whether the move gave check).
    let mut gave: HashMap<usize, (PlayerColour, bool)> = HashMap::new();
    loop {
        out = check_states(&pos, text.as_deref(), out, &at);
        moves.clear();
        pos.generate(Scope::All, &mut moves);
        if let Some(outcome) = pos.decided() {
            let active = Rules::active(&pos);
            assert_eq!(active.len(), 1, "{at}");
            assert_eq!(
                outcome,
                Outcome::Winner(active.iter().next().unwrap()),
                "{at}"
            );
            assert!(moves.is_empty(), "{at}: moves after the end");
            tally.last_standing += 1;
            break;
        }
        if moves.is_empty() {
            match pos.no_moves() {
                NoMoves::Withdraws => {
                    let mover = pos.to_move();
                    assert!(!pos.in_set_up(), "{at}: withdrawal in the set-up");
                    assert!(Rules::active(&pos).len() >= 3, "{at}: withdrawal with two");
                    let before = pos.clone();
                    let undo = pos.make_withdrawal().expect("a withdrawal");
                    assert_eq!(pos.key(), pos.key_from_scratch(), "{at}: withdrawal key");
                    assert_eq!(pos.state(mover), Some(PlayerState::Withdrawn), "{at}");
                    assert_ne!(pos.to_move(), mover, "{at}");
                    pos.unmake_withdrawal(undo);
                    assert!(pos == before, "{at}: unmaking a withdrawal");
                    assert_eq!(pos.key(), before.key(), "{at}");
                    pos.make_withdrawal().expect("a withdrawal");
                    tally.withdrawals += 1;
                    at.ply += 1;
                    text = Some(check_round_trip(&pos, &at));
                    continue;
                }
                NoMoves::Ends(outcome) => {
                    let text = pos.to_text();
                    if pos.in_set_up() {
                        tally.set_up_stuck += 1;
                        eprintln!("{at}: the set-up has no placement: {text}");
                        break;
                    }
                    let active = Rules::active(&pos);
                    assert_eq!(active.len(), 2, "{at}: the end by no moves: {text}");
                    let mover = pos.to_move();
                    if pos.in_check(mover) {
                        let other = active.without(seat(mover)).iter().next().unwrap();
                        assert_eq!(outcome, Outcome::Winner(other), "{at}: {text}");
                        tally.mated += 1;
                    } else {
                        assert_eq!(outcome, Outcome::Draw(active), "{at}: {text}");
                        tally.stalemated += 1;
                    }
                    break;
                }
            }
        }
        if !pos.in_set_up() && play_plies >= MAX_PLIES {
            tally.capped += 1;
            break;
        }
        if at.ply % SWEEP_EVERY == SWEEP_EVERY / 2 {
            sweep(&mut pos, &moves, &at);
            tally.sweeps += 1;
        }
        let back = (play_plies >= SHUFFLE_AFTER)
            .then(|| last[pos.to_move().index()])
            .flatten()
            .map(|m: SceptreMove| SceptreMove::step(m.to(), m.from()));
        let m = choose(&pos, &moves, back, rng);
        assert!(moves.contains(&m));
        let mover = pos.to_move();
        let set_up = pos.in_set_up();
        let active_before = Rules::active(&pos).len();
        if set_up {
            assert!(m.is_placement(), "{at}: a move in the set-up");
            let coord = pos.field().coord(m.to()).expect("a square");
            assert!(
                pos.kingdoms().contains(mover, coord),
                "{at}: {} outside {mover}'s kingdom",
                pos.move_text(m)
            );
        } else {
            assert!(!m.is_placement(), "{at}: a placement after the set-up");
        }
        let captured = (!set_up).then(|| pos.piece(m.to())).flatten();
        let moved = (!set_up).then(|| pos.piece(m.from())).flatten();
        let (mover_owned, loser_owned) = match captured {
            Some(k) if k.kind == PieceKind::King => {
                (owned_by(&pos, mover), owned_by(&pos, k.owner))
            }
            _ => (0, 0),
        };
        let pool_before = captured.map(|c| pos.pool(c.colour)[c.kind.index()]);
        Rules::make(&mut pos, m);
        last[mover.index()] =
            (!set_up && captured.is_none() && m.promotion_kind().is_none()).then_some(m);
        at.ply += 1;
        assert_eq!(pos.key(), pos.key_from_scratch(), "{at}: key after {m:?}");
        let irreversible = captured.is_some() || m.promotion_kind().is_some();
        text =
            (irreversible || at.ply.is_multiple_of(ROUND_TRIP_EVERY) || set_up && !pos.in_set_up())
                .then(|| check_round_trip(&pos, &at));
        if set_up {
            for c in pos.colours() {
                assert!(!pos.in_check(c), "{at}: {c} attacked in the set-up");
            }
            if !pos.in_set_up() {
                check_set_up_done(&pos, &at);
            }
            continue;
        }
        play_plies += 1;
        tally.plies += 1;
        if active_before == 2 {
            assert!(
                !pos.in_check(mover),
                "{at}: the mover left his king attacked"
            );
        }
        match captured {
            Some(k) if k.kind == PieceKind::King => {
                if out.0.contains(seat(k.owner)) {
                    // A withdrawn player's king only leaves the field.
                    assert_eq!(pos.state(k.owner), Some(PlayerState::Withdrawn), "{at}");
                    assert_eq!(owned_by(&pos, k.owner), loser_owned - 1, "{at}");
                    tally.withdrawn_kings += 1;
                } else {
                    assert_eq!(pos.state(k.owner), Some(PlayerState::Eliminated), "{at}");
                    assert_eq!(owned_by(&pos, k.owner), 0, "{at}");
                    assert_eq!(
                        owned_by(&pos, mover),
                        mover_owned + loser_owned - 1,
                        "{at}: the capturer takes the pieces"
                    );
                    tally.eliminations += 1;
                }
            }
            Some(c) => assert_eq!(
                Some(pos.pool(c.colour)[c.kind.index()]),
                pool_before.map(|n| n + 1),
                "{at}: the pool of {}",
                c.colour
            ),
            None => {}
        }
        if let (Some(kind), Some(p)) = (m.promotion_kind(), moved) {
            assert_eq!(p.kind, PieceKind::Pawn, "{at}");
            assert_eq!(pos.piece(m.to()).map(|q| q.kind), Some(kind), "{at}");
            tally.promotions += 1;
        }
        // Whether this move put an enemy king in check (for the perpetual-check rule).
        let gave_check = pos.colours().any(|c| {
            c != mover
                && pos.is_playing(c)
                && pos
                    .king_square(c)
                    .is_some_and(|k| pos.attacked_by(k, |o| o == mover))
        });
        gave.insert(at.ply, (mover, gave_check));
        let entry = seen.entry(pos.key()).or_insert((0, at.ply));
        entry.0 += 1;
        if entry.0 >= 3 {
            let (first, now) = (entry.1, at.ply);
            // docs/rules/sceptre1027.md#perpetual-check: with two playing, a player who gave check with every one of his
            // moves since the first occurrence wins; any other repetition is a draw.
            let checkers: Vec<PlayerColour> = pos
                .colours()
                .filter(|&c| pos.is_playing(c))
                .filter(|&c| {
                    let mine: Vec<bool> = (first + 1..=now)
                        .filter_map(|p| gave.get(&p))
                        .filter(|(who, _)| *who == c)
                        .map(|&(_, check)| check)
                        .collect();
                    !mine.is_empty() && mine.iter().all(|&check| check)
                })
                .collect();
            let expected = match checkers[..] {
                [one] if Rules::active(&pos).len() == 2 => Some(Outcome::Winner(seat(one))),
                _ => None,
            };
            let outcome = pos.repetition_outcome(now - first);
            assert_eq!(
                outcome,
                expected,
                "{at}: the third occurrence of {}",
                pos.to_text()
            );
            if outcome.is_some() {
                tally.perpetual += 1;
            }
            tally.repetition += 1;
            break;
        }
    }
    let text = pos.to_text();
    out = check_states(&pos, Some(&text), out, &at);
    // The end: a winner is the one player still playing; the others withdrew or were
    // eliminated.
    if let Some(Outcome::Winner(s)) = pos.decided() {
        assert_eq!(Rules::active(&pos), SeatSet::only(s), "{at}");
        assert_eq!(out.0.with(s).len() + out.1.len(), players, "{at}: {text}");
    }
}

/// Plays every player count the layout seats; returns a tally per count (index players - 2).
fn play_layout(name: &str) -> [Tally; 3] {
    let layout = Layout::shipped(name)
        .expect("a shipped layout")
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut tallies = [Tally::default(); 3];
    for &players in layout.players() {
        let salt = name
            .bytes()
            .fold(0u64, |h, b| h.wrapping_mul(31) + b as u64);
        let mut rng = StdRng::seed_from_u64(SEED ^ salt ^ (players as u64) << 56);
        for game in 0..GAMES {
            play_game(&layout, players, game, &mut rng, &mut tallies[players - 2]);
        }
    }
    tallies
}

#[test]
fn sceptre_playouts_whole_games_on_every_layout() {
    let started = Instant::now();
    let names: Vec<&str> = SHIPPED_LAYOUTS.iter().map(|l| l.name).collect();
    let per_layout: Vec<(&str, [Tally; 3])> = std::thread::scope(|s| {
        let handles: Vec<_> = names
            .iter()
            .map(|&name| (name, s.spawn(move || play_layout(name))))
            .collect();
        handles
            .into_iter()
            .map(|(name, h)| (name, h.join().unwrap_or_else(|_| panic!("{name} failed"))))
            .collect()
    });
    let mut totals = [Tally::default(); 3];
    for (name, tallies) in &per_layout {
        for (i, t) in tallies.iter().enumerate() {
            if t.games > 0 {
                eprintln!("{name} {} players: {t:?}", i + 2);
            }
            totals[i].add(t);
        }
    }
    let mut all = Tally::default();
    for (i, t) in totals.iter().enumerate() {
        eprintln!(
            "{} players: {} games, {} ended by rule ({} last standing, {} mated, {} stalemated, \
             {} repetitions), {} capped, {} plies of play, {} eliminations, {} withdrawals",
            i + 2,
            t.games,
            t.ended(),
            t.last_standing,
            t.mated,
            t.stalemated,
            t.repetition,
            t.capped,
            t.plies,
            t.eliminations,
            t.withdrawals
        );
        all.add(t);
    }
    eprintln!("in {:.1?}", started.elapsed());
    // Every layout seats its counts: nine, cross and ring 2-4, duel 2.
    assert_eq!(totals[0].games, 4 * GAMES);
    assert_eq!(totals[1].games, 3 * GAMES);
    assert_eq!(totals[2].games, 3 * GAMES);
    assert_eq!(
        all.set_up_stuck, 0,
        "every set-up can be completed (docs/rules/sceptre1027.md#the-nine-boards)"
    );
    for (i, t) in totals.iter().enumerate() {
        assert!(
            t.ended() * 4 >= t.games * 3,
            "{} players: only {} of {} games ended by rule",
            i + 2,
            t.ended(),
            t.games
        );
    }
    // The rules the games must have reached.
    assert!(totals[1].eliminations > 0 && totals[2].eliminations > 0);
    assert!(totals[0].mated > 0 && totals[0].stalemated > 0);
    assert!(all.promotions > 0);
    assert!(all.sweeps > 1000, "{} sweeps", all.sweeps);
}
