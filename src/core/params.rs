//! The constants of the generic alpha-beta search, chosen per game ([`crate::core::SearchHints::SEARCH`]):
//! margins and reductions tuned for chess need not suit tafl or a test game, and a game whose
//! search must be exact (the multi-player test game) switches the unsound ones off.

use super::Score;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Half-width of the first aspiration window, and the depth from which windows are used.
    pub aspiration_window: Score,
    pub aspiration_min_depth: i32,
    /// Reverse futility: return the static score when it beats beta by this margin per ply.
    pub reverse_futility_max_depth: i32,
    pub reverse_futility_margin: Score,
    pub reverse_futility_improving: Score,
    /// Null move: minimum depth, and the reduction `base + depth / divisor + min((eval - beta)
    /// / eval_divisor, eval_max)`.
    pub null_move_min_depth: i32,
    pub null_move_base: i32,
    pub null_move_depth_divisor: i32,
    pub null_move_eval_divisor: Score,
    pub null_move_eval_max: i32,
    /// A node with no hash move is searched one ply shallower from this depth on.
    pub iid_min_depth: i32,
    /// Late move pruning: up to this depth, quiet moves past `(base + depth²)` are skipped.
    pub late_move_max_depth: i32,
    pub late_move_base: i32,
    /// Futility pruning of quiet moves: static score + base + margin * depth below alpha.
    pub futility_max_depth: i32,
    pub futility_base: Score,
    pub futility_margin: Score,
    /// Noisy moves losing more than margin * depth by exchange are skipped up to this depth.
    pub see_prune_max_depth: i32,
    pub see_prune_margin: Score,
    /// Late move reductions: from this depth, `base + ln(depth) ln(moves) / divisor` plies, less
    /// one per `history_divisor` of history score.
    pub lmr_min_depth: i32,
    pub lmr_base: f64,
    pub lmr_divisor: f64,
    pub lmr_history_divisor: i32,
    /// History bonus for a cut-off: `min(scale * depth², max)`.
    pub history_bonus_scale: i32,
    pub history_bonus_max: i32,
    /// Correction history: the search's results teach a correction of the static evaluation
    /// per side to move and [`crate::core::SearchHints::correction_key`], added to it before pruning.
    pub correction_history: bool,
    /// Whether late move and futility pruning skip quiet moves that give check too.
    pub prune_quiet_checks: bool,
    /// Whether a player with no move can be on the winning side ([`crate::core::Rules::no_moves`]
    /// ending the game in its or its side's favour, as takeaway's scoring can). When false, as
    /// in every chess-like game, a side can win at best one move from now, which the search
    /// uses to prune.
    pub stuck_can_win: bool,
    /// Contempt: how much worse than even a draw is for the side the engine plays. Zero for
    /// the chess family; tafl uses it so that neither side settles for a repetition.
    pub contempt: Score,
    /// Contempt that follows the standing: this percent of the root player's static score
    /// (at most [`SearchParams::contempt_max`] either way) is added to `contempt` for one
    /// search, so a player ahead shuns a repetition and one behind welcomes it. Zero for the
    /// chess family and tafl.
    pub contempt_share: Score,
    pub contempt_max: Score,
    /// Contempt added while three or more play: a repetition there is shared by everyone,
    /// worth an even split, so without it the players of an even position drift into one
    /// (each search's own player sees it this much below even). Zero for two-player games.
    pub contempt_many: Score,
    /// Max-n's static shares: this many points are added to the sum the seats' lifted scores
    /// are shared out of, so that a lead keeps growing in shares instead of filling the whole
    /// share at once (a player far ahead then still sees each gain, a king capture among them).
    /// Zero: the seats share all of it, as the brute-force reference models.
    pub share_softness: Score,
    /// Keep the history tables from one search of a game to the next (until `ucinewgame` or
    /// `Clear Hash`) instead of starting every search with empty ones.
    pub keep_histories: bool,
    /// The depth a clock-managed search stops at in a phase the game plays well enough by a
    /// shallow search ([`crate::core::SearchHints::in_shallow_phase`]); `None`: no cap.
    pub shallow_phase_depth: Option<u32>,
    /// Quiescence plies (counted from the horizon) in which the game's quiet threats
    /// ([`crate::core::SearchHints::quiet_threats`]) are searched beside the noisy moves; 0:
    /// never. A threat makes the reply urgent, and the reply may allow another: the bound keeps
    /// such a chain from running to the deepest ply.
    pub quiescence_threat_plies: usize,
    /// Quiescence plies in which an urgent position is answered with all its moves; beyond
    /// them it stands pat and plays its noisy moves like any other. `usize::MAX`: no bound.
    pub quiescence_urgent_plies: usize,
    /// Mate distance pruning in quiescence as in the main search: once a win is found, a line
    /// that could only win later is cut (off in the chess family, whose bench signatures
    /// were measured without it).
    pub quiescence_mate_distance: bool,
    /// An urgent position ([`crate::core::SearchHints::urgent`]) is searched one ply deeper,
    /// as chess extends checks. Off where threats come so often that the extension, paid once
    /// for every threat and its answer, keeps the search from getting deeper at all (tafl's
    /// king beside the corners: docs/results/sprt-log.md#tafl).
    pub urgent_extension: bool,
    /// In the paranoid search, from this many players in (`None`: never), the coalition's
    /// principal-variation nodes below the root prune their moves (late-move, futility and
    /// exchange pruning) as its zero-window nodes do. With four in, a root move's zero-window
    /// search and its full-window re-search otherwise disagree on most root moves that fail
    /// high (the re-search finds a coalition reply the zero window pruned), and the
    /// re-searches take most of depth 2's nodes (docs/results/strength.md, session 23). Off
    /// in every game: not shown to play better.
    pub coalition_pv_pruning_from: Option<usize>,
}

impl SearchParams {
    /// Tuned on chess; tafl, Sceptre and the chess variants play with them too (their bench
    /// signatures depend on them). Orthodox chess adds to them in [`SearchParams::ORTHODOX`].
    pub const CHESS: SearchParams = SearchParams {
        aspiration_window: 20,
        aspiration_min_depth: 5,
        reverse_futility_max_depth: 7,
        reverse_futility_margin: 80,
        reverse_futility_improving: 40,
        null_move_min_depth: 3,
        null_move_base: 3,
        null_move_depth_divisor: 4,
        null_move_eval_divisor: 200,
        null_move_eval_max: 3,
        iid_min_depth: 6,
        late_move_max_depth: 5,
        late_move_base: 3,
        futility_max_depth: 6,
        futility_base: 90,
        futility_margin: 80,
        see_prune_max_depth: 6,
        see_prune_margin: 90,
        lmr_min_depth: 3,
        lmr_base: 0.75,
        lmr_divisor: 2.25,
        lmr_history_divisor: 6000,
        history_bonus_scale: 16,
        history_bonus_max: 2000,
        prune_quiet_checks: true,
        keep_histories: false,
        stuck_can_win: false,
        contempt: 0,
        contempt_share: 0,
        contempt_max: 0,
        contempt_many: 0,
        share_softness: 0,
        correction_history: false,
        shallow_phase_depth: None,
        quiescence_threat_plies: 0,
        quiescence_urgent_plies: usize::MAX,
        quiescence_mate_distance: false,
        urgent_extension: true,
        coalition_pv_pruning_from: None,
    };

    /// Orthodox chess (and Chess960): [`SearchParams::CHESS`] with the search features that
    /// have passed a strength test on chess alone (docs/results/sprt-log.md#the-habit).
    pub const ORTHODOX: SearchParams = SearchParams {
        prune_quiet_checks: false,
        correction_history: true,
        ..SearchParams::CHESS
    };

    /// Plain alpha-beta: no pruning or reduction that could change the minimax value (for games
    /// whose search is checked against a brute-force reference).
    pub const EXACT: SearchParams = SearchParams {
        aspiration_min_depth: i32::MAX,
        reverse_futility_max_depth: 0,
        null_move_min_depth: i32::MAX,
        iid_min_depth: i32::MAX,
        late_move_max_depth: 0,
        futility_max_depth: 0,
        see_prune_max_depth: 0,
        lmr_min_depth: i32::MAX,
        ..SearchParams::CHESS
    };
}
