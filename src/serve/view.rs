//! What the page is told about a game: everything it draws, in JSON (the shapes are in
//! `docs/serve-api.md`).

use super::jobs::JobKind;
use super::seats::Access;
use super::web_game::WebGame;
use crate::core::SeatState;
use crate::render::Diagram;
use crate::search::Report;
use crate::search::ReportScore;
use crate::session::Progress;
use serde::Serialize;

#[derive(Serialize)]
pub struct GameView {
    pub id: String,
    pub variant: String,
    pub options: Vec<(String, String)>,
    pub generation: u64,
    pub seats: Vec<SeatView>,
    pub to_move: u8,
    pub over: bool,
    pub status: String,
    pub announcements: Vec<String>,
    /// Per seat, its own pieces its self-destructs took off the board (Chess 40k; else empty).
    pub self_destructed: Vec<String>,
    /// The square of the king of the seat to move when it stands in check (also when mated).
    pub check: Option<String>,
    /// The current position's string (FEN for the chess family).
    pub position: String,
    pub start: String,
    pub moves: Vec<MoveView>,
    /// The moves a person may make now (empty while an engine is to move or after the end).
    pub legal: Vec<LegalMove>,
    /// The quarter turns that put the first person's seat at the bottom.
    pub view_turn: u8,
    /// The board, interactive, turned as asked.
    pub svg: String,
    /// The quarter turns `svg` is drawn at: a page that has turned its board since asking
    /// knows an answer drawn the old way for a late one.
    pub turn: u8,
    pub search: Option<SearchView>,
    /// Whether analysis is on (it searches whenever a person is to move, until stopped).
    pub analysing: bool,
    /// Why analysis is refused now (people play each other: `fair_play.rs`), or null.
    pub analysis_closed: Option<&'static str>,
    /// Whether the game's own position has a move to play (false after a mate, a stalemate, a
    /// captured king): after the end the page offers its analysis only then (an analysis of a
    /// position without moves finds nothing, and runs on until stopped).
    pub moves_left: bool,
    pub notice: Option<String>,
    /// Clocks, the result and draw offers (`ending.rs`).
    #[serde(flatten)]
    pub play: super::ending::PlayView,
    /// The game's rematch, once asked for: its id and the seat that asked (`rematch.rs`).
    pub rematch: Option<super::rematch::RematchView>,
}

#[derive(Serialize)]
pub struct SeatView {
    pub name: String,
    pub engine: bool,
    /// The named foe an engine seat plays as (none: the engine at full strength).
    pub foe: Option<super::ladders::FoeView>,
    /// `playing`, `eliminated` or `withdrawn`.
    pub state: &'static str,
    /// The engine standing in for this person (`setup`: placing their pieces; `game`:
    /// playing their moves), or null (`stand_in.rs`).
    pub stand_in: Option<&'static str>,
    /// The confirmed set-up the server places for this person (`held_plan.rs`), or null.
    pub setup_plan: Option<super::held_plan::HeldPlan>,
    /// The seat was handed to a person on another screen (`handout.rs`): the game's creator
    /// no longer plays it.
    pub handed_out: bool,
    /// The seat's link is an invitation no screen has opened yet (`handout.rs`): the creator's
    /// page shows it as waiting for its player.
    pub invited: bool,
}

#[derive(Serialize)]
pub struct MoveView {
    pub seat: u8,
    pub text: String,
    pub notation: String,
}

/// A legal move cut into what the page needs to offer it: `from` (None for a placement of
/// `piece`), `to`, and what follows the squares (a promotion letter, or nothing).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    pub text: String,
    pub from: Option<String>,
    pub to: String,
    pub piece: Option<String>,
    pub suffix: String,
}

#[derive(Serialize)]
pub struct SearchView {
    /// `engine` (an engine thinking for its move) or `analysis`.
    pub kind: &'static str,
    pub seat: u8,
    pub running: bool,
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// An analysis of an earlier position: the moves played to reach it (null: the game's
    /// position when the search started).
    pub ply: Option<usize>,
    pub lines: Vec<LineView>,
    /// An engine's search kept from this reader (`search_privacy.rs`): only `kind`, `seat` and
    /// `running` are told, its figures are zero and it has no lines.
    pub hidden: bool,
}

#[derive(Serialize)]
pub struct LineView {
    pub depth: u32,
    /// Centipawns from the view of the seat to move (None for a mate score).
    pub cp: Option<i32>,
    /// Moves to mate, negative when the seat to move is mated.
    pub mate: Option<i32>,
    /// The score in words: `+0.35`, `#3`.
    pub score: String,
    pub pv: Vec<String>,
    /// The same moves in record notation (SAN for the chess family).
    pub notation: Vec<String>,
}

/// The board as SVG, turned `turn` quarter turns; `interactive` marks every square for clicks.
pub fn board_svg(d: &Diagram, turn: u8, interactive: bool) -> String {
    crate::render::to_svg_with(d, &crate::render::SvgOptions { turn, interactive })
}

fn square_name(d: &Diagram, (c, r): (usize, usize)) -> String {
    format!("{}{}", d.column_labels[c], d.row_labels[r])
}

/// Cuts a move text into its squares (see [`Diagram::move_cells`]); None for a text the
/// diagram cannot place, which the page then cannot offer by clicks.
pub fn legal_move(d: &Diagram, text: &str) -> Option<LegalMove> {
    let (from, to) = d.move_cells(text)?;
    if let Some((piece, _)) = text.split_once('@') {
        return Some(LegalMove {
            text: text.to_string(),
            from: None,
            to: square_name(d, to),
            piece: Some(piece.to_string()),
            suffix: String::new(),
        });
    }
    let (from, to) = (square_name(d, from), square_name(d, to));
    let suffix = text.strip_prefix(&format!("{from}{to}"))?.to_string();
    Some(LegalMove {
        text: text.to_string(),
        from: Some(from),
        to,
        piece: None,
        suffix,
    })
}

fn line_view(line: &Report) -> LineView {
    let (cp, mate) = match line.score {
        ReportScore::Centipawns(cp) => (Some(cp), None),
        ReportScore::Mate(n) => (None, Some(n)),
    };
    LineView {
        depth: line.depth,
        cp,
        mate,
        score: crate::cli::score_text(line.score),
        pv: line.pv.clone(),
        notation: Vec::new(),
    }
}

pub fn search_view(kind: JobKind, seat: u8, running: bool, p: &Progress) -> SearchView {
    SearchView {
        kind: match kind {
            JobKind::EngineMove(_) => "engine",
            JobKind::Analysis { .. } => "analysis",
        },
        seat,
        running,
        depth: p.depth,
        nodes: p.nodes,
        nps: p.nps,
        time_ms: p.time_ms,
        ply: None,
        lines: p.lines.iter().flatten().map(line_view).collect(),
        hidden: false,
    }
}

/// The running search, or else the last one stopped (its lines stay on show), as `reader` may
/// see it: an engine's thinking while the game is on goes only to the seat it plays for
/// (`search_privacy.rs`).
pub fn current_search(g: &WebGame, reader: Access) -> Option<SearchView> {
    let (job, mut view) = match (&g.job, &g.stopped_job) {
        (Some(j), _) => {
            let p = j.progress();
            (j, search_view(j.kind, j.seat, !p.finished, &p))
        }
        (None, Some(j)) => (j, search_view(j.kind, j.seat, false, &j.progress())),
        (None, None) => return None,
    };
    if !super::search_privacy::may_read(g, job.kind, job.seat, reader) {
        return Some(super::search_privacy::hidden(view));
    }
    view.ply = job.ply;
    for line in &mut view.lines {
        line.notation = super::review::line_notation(job.root.as_ref(), &line.pv);
    }
    Some(view)
}

/// The analysis's best move, to draw as an arrow: only an analysis of the position shown
/// (`position`: the game's, or a reviewed one).
pub fn best_move_arrow(g: &WebGame, position: &str) -> Option<String> {
    let job = g.job.as_ref().or(g.stopped_job.as_ref())?;
    if !matches!(job.kind, JobKind::Analysis { .. }) || job.root.position_text() != position {
        return None;
    }
    job.progress().first_line()?.pv.first().cloned()
}

/// A seat's state as the page reads it (the game view's seats, the review's `seat_states`).
pub fn seat_state_word(state: SeatState) -> &'static str {
    match state {
        SeatState::Active => "playing",
        SeatState::Eliminated => "eliminated",
        SeatState::Withdrawn => "withdrawn",
    }
}

/// The game as `reader` may see it (only an engine's thinking differs between readers).
pub fn game_view(g: &WebGame, turn: Option<u8>, reader: Access) -> GameView {
    let s = g.session.as_ref();
    let seats = s.seats();
    let first_person = (0..seats as u8).find(|&seat| g.players[seat as usize].is_none());
    // A person's seat link sees its own side at the bottom (black's screen, the rematch's
    // swapped sides); the creator's tab reads with its own first seat's link.
    let own = match reader {
        super::seats::Access::Seat(seat) if g.players.get(seat as usize) == Some(&None) => {
            Some(seat)
        }
        _ => None,
    };
    let view_turn = s.seat_turn(own.or(first_person).unwrap_or(0));
    let diagram = s.diagram();
    let legal = if g.is_over() || g.engine_to_move().is_some() || g.plan_to_move() {
        Vec::new()
    } else {
        s.legal_moves()
            .iter()
            .filter_map(|m| legal_move(&diagram, m))
            .collect()
    };
    let moves_left = !legal.is_empty() || !s.legal_moves().is_empty();
    let mut diagram = diagram;
    // The page names the game and shows the position itself: the diagram's caption would
    // repeat both in protocol words (`sceptre1027: …`). Downloaded diagrams keep it.
    diagram.title.clear();
    if let Some(last) = g.moves.last() {
        diagram.last_move = diagram.move_cells(&last.text);
    }
    if let Some(best) = best_move_arrow(g, &s.position_text()) {
        diagram.arrow = diagram.move_cells(&best);
    }
    let turn = turn.unwrap_or(view_turn) % 4;
    let svg = super::view::board_svg(&diagram, turn, true);
    GameView {
        id: g.id.clone(),
        variant: g.variant.name().to_string(),
        options: g.options.clone(),
        generation: g.generation,
        seats: (0..seats as u8)
            .map(|seat| SeatView {
                name: s.seat_name(seat),
                engine: g.players[seat as usize].is_some(),
                foe: g.players[seat as usize]
                    .and_then(|p| p.level)
                    .and_then(|level| super::ladders::foe_view(g.variant, level)),
                state: seat_state_word(s.seat_state(seat)),
                stand_in: g
                    .stand_in
                    .get(seat as usize)
                    .filter(|m| **m != super::stand_in::StandIn::Off)
                    .map(|m| m.word()),
                setup_plan: g.held_plan(seat).cloned(),
                handed_out: g.handed_out.get(seat as usize).copied().unwrap_or(false),
                invited: super::handout::invited(g, seat),
            })
            .collect(),
        to_move: s.to_move(),
        over: g.is_over(),
        status: g.status_text(),
        announcements: g.announcements(),
        self_destructed: super::self_destructs::own_losses(g),
        check: s.checked_king(),
        position: s.position_text(),
        start: g.start_text.clone(),
        moves: g
            .moves
            .iter()
            .map(|m| MoveView {
                seat: m.seat,
                text: m.text.clone(),
                notation: m.notation.clone(),
            })
            .collect(),
        legal,
        view_turn,
        svg,
        turn,
        search: current_search(g, reader),
        analysing: g.analysis.is_some(),
        analysis_closed: super::fair_play::analysis_closed(g),
        moves_left,
        notice: g.notice.clone(),
        play: g.play.view(g.end().as_ref()),
        rematch: super::rematch::view(g),
    }
}
