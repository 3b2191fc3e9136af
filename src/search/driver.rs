//! Iterative deepening with aspiration windows and MultiPV, over Lazy SMP threads: every thread
//! searches the same root sharing one table; the main thread keeps time and reports.

use super::control::Control;
use super::iterate::{iterate, RootSearch};
use super::lazy_smp::{helper_depths, with_helpers};
use super::limits::{MultiplayerSearch, SearchLimits};
use super::multi;
use super::perspective::{Paranoid, Perspective, TwoSided};
use super::report::{leaf_scores_in, pv_text_in, Report, ReportScore, RootLine, SearchResult};
use super::request::SearchRequest;
use super::tt::Bound;
use super::worker::Worker;
use crate::core::{Evaluator, Game, Score, INFINITE, MAX_PLY};
use std::sync::atomic::{AtomicU64, Ordering};

/// Runs the search to its limits (or `stop`) and returns the best move: alpha-beta while two
/// seats are active, else the multi-player search the options choose.
pub fn search<G: Game, E: Evaluator<G>>(
    request: SearchRequest<'_, G>,
    eval: &E,
    report: &mut dyn FnMut(&Report),
) -> SearchResult<G::Move> {
    let capped;
    let request = match shallow_limits(&request) {
        Some(limits) => {
            capped = limits;
            SearchRequest {
                limits: &capped,
                ..request
            }
        }
        None => request,
    };
    let root = request.game.to_move();
    if request.game.active().len() <= 2 {
        return alpha_beta(TwoSided { root }, request, eval, report);
    }
    match request.options.multiplayer {
        MultiplayerSearch::Paranoid => alpha_beta(Paranoid { root }, request, eval, report),
        MultiplayerSearch::MaxN => multi::maxn::search(request, eval, report),
        MultiplayerSearch::Brs => multi::brs::search(request, eval, report, false),
        MultiplayerSearch::BrsPlus => multi::brs::search(request, eval, report, true),
    }
}

/// The request's limits with the game's depth cap for a phase it plays by a shallow search
/// (Sceptre's placements), when the clock decides how long to think; `None` to keep them.
/// Depth, node and infinite searches are the user's to set and stay as asked.
fn shallow_limits<G: Game>(request: &SearchRequest<'_, G>) -> Option<SearchLimits> {
    if !request.game.in_shallow_phase() {
        return None;
    }
    let cap = request.game.search_params().shallow_phase_depth?;
    let limits = request.limits;
    let seat = request.game.to_move() as usize;
    let clocked = limits.move_time.is_some() || limits.time.get(seat).copied().flatten().is_some();
    (clocked && !limits.infinite && limits.depth.is_none_or(|d| d > cap)).then(|| SearchLimits {
        depth: Some(cap),
        ..limits.clone()
    })
}

/// Iterative-deepening PVS under one perspective (two-sided, or paranoid).
fn alpha_beta<G: Game, E: Evaluator<G>, P: Perspective>(
    persp: P,
    request: SearchRequest<'_, G>,
    eval: &E,
    report: &mut dyn FnMut(&Report),
) -> SearchResult<G::Move> {
    let table = request.searcher.table();
    request.searcher.new_search();
    let shared_nodes = AtomicU64::new(0);
    let stop = request.stop;
    let control = Control::main(&request);

    let helper = |id| {
        let mut worker = Worker::new(
            persp,
            request.game.clone(),
            request.history,
            &request.root_moves,
            eval,
            table,
            &shared_nodes,
            Control::helper(stop),
            request.searcher.take_thread(id),
        );
        for depth in helper_depths(id, MAX_PLY as i32) {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            worker.search_root(depth, -INFINITE, INFINITE, 0);
        }
        worker.flush_nodes();
        request.searcher.put_thread(id, worker.into_state());
    };
    with_helpers(request.options.threads, stop, helper, || {
        main_thread(persp, &request, eval, &shared_nodes, control, report)
    })
}

fn main_thread<G: Game, E: Evaluator<G>, P: Perspective>(
    persp: P,
    request: &SearchRequest<'_, G>,
    eval: &E,
    shared_nodes: &AtomicU64,
    control: Control<'_>,
    report: &mut dyn FnMut(&Report),
) -> SearchResult<G::Move> {
    let worker = Worker::new(
        persp,
        request.game.clone(),
        request.history,
        &request.root_moves,
        eval,
        request.searcher.table(),
        shared_nodes,
        control,
        request.searcher.take_thread(0),
    );
    iterate(
        PvsRoot {
            worker,
            request,
            eval,
            shared_nodes,
        },
        request.limits,
        report,
    )
}

/// The main thread's PVS root as [`iterate`] deepens it: MultiPV lines, each in an aspiration
/// window.
struct PvsRoot<'w, 'a, G: Game, E: Evaluator<G>, P: Perspective> {
    worker: Worker<'a, G, E, P>,
    request: &'w SearchRequest<'a, G>,
    eval: &'a E,
    shared_nodes: &'a AtomicU64,
}

impl<'a, G: Game, E: Evaluator<G>, P: Perspective> RootSearch<'a, G> for PvsRoot<'_, 'a, G, E, P> {
    const DEEPEST: i32 = MAX_PLY as i32 - 1;
    const STOPS_AT_MATE: bool = true;
    const SETTLES_BY_STABILITY: bool = true;

    fn lines(&self) -> usize {
        self.request
            .options
            .multi_pv
            .clamp(1, self.request.root_moves.len().max(1))
    }

    fn aspiration(&self) -> Option<(Score, i32)> {
        let params = &self.worker.params;
        Some((params.aspiration_window, params.aspiration_min_depth))
    }

    fn search_line(&mut self, depth: i32, alpha: Score, beta: Score, line: usize) -> Score {
        self.worker.search_root(depth, alpha, beta, line)
    }

    fn aborted(&self) -> bool {
        self.worker.aborted()
    }

    fn line_score(&self, line: usize) -> Score {
        self.worker.root_moves[line].score
    }

    fn sort_lines(&mut self, searched: usize) {
        self.worker.root_moves[..=searched].sort_by_key(|rm| std::cmp::Reverse(rm.score));
    }

    fn best_move(&self) -> G::Move {
        self.worker.root_moves[0].m
    }

    fn control(&mut self) -> &mut Control<'a> {
        &mut self.worker.control
    }

    fn report(&mut self, depth: i32, line: usize, bound: Option<Bound>, score: Score) -> Report {
        self.worker.flush_nodes();
        // The worker's position stands at the root between searches of a line: the PV is
        // walked on it and taken back, not on a copy.
        let worker = &mut self.worker;
        let rm = &worker.root_moves[line];
        let seats = worker.game.seats();
        let nodes = self.shared_nodes.load(Ordering::Relaxed);
        let elapsed = worker.control.elapsed();
        let ms = elapsed.as_millis() as u64;
        Report {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: line + 1,
            score: ReportScore::from_score(score),
            bound,
            nodes,
            nps: super::report::nodes_per_second(nodes, elapsed),
            hashfull: self.request.searcher.hashfull(),
            time_ms: ms,
            pv: pv_text_in(&mut worker.game, &rm.pv),
            seat_scores: (seats > 2)
                .then(|| leaf_scores_in(&mut worker.game, &rm.pv, self.eval)[..seats].to_vec()),
        }
    }

    fn exact_line(&self, line: usize) -> Option<RootLine<G::Move>> {
        self.worker.root_moves[line].exact_line()
    }

    fn result(
        mut self,
        completed: i32,
        best_score: Score,
        lines: Vec<Option<RootLine<G::Move>>>,
    ) -> SearchResult<G::Move> {
        self.worker.flush_nodes();
        let best_rm = &self.worker.root_moves[0];
        let result = SearchResult {
            best: Some(best_rm.m),
            ponder: best_rm.pv.get(1).copied(),
            score: best_score.max(best_rm.score),
            seat_scores: None,
            depth: completed as u32,
            nodes: self.shared_nodes.load(Ordering::Relaxed),
            lines,
        };
        self.request
            .searcher
            .put_thread(0, self.worker.into_state());
        result
    }
}
