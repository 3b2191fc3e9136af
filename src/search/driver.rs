//! Iterative deepening with aspiration windows and MultiPV, over Lazy SMP threads: every thread
//! searches the same root sharing one table; the main thread keeps time and reports.

use super::control::Control;
use super::limits::{MultiplayerSearch, SearchLimits};
use super::multi;
use super::perspective::{Paranoid, Perspective, TwoSided};
use super::report::{leaf_scores, pv_text, Report, ReportScore, SearchResult};
use super::request::SearchRequest;
use super::tt::Bound;
use super::worker::Worker;
use crate::core::{Evaluator, Game, Score, INFINITE, MATE_BOUND, MAX_PLY};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

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
    let cap = request.game.shallow_phase_depth()?;
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
    let helpers = request.options.threads.max(1) - 1;
    let stop = request.stop;
    let control = Control::main(&request);

    std::thread::scope(|scope| {
        for id in 1..=helpers {
            let request = &request;
            let shared_nodes = &shared_nodes;
            let builder = std::thread::Builder::new()
                .name(format!("search-helper-{id}"))
                .stack_size(32 << 20);
            let spawned = builder.spawn_scoped(scope, move || {
                let mut worker = Worker::new(
                    persp,
                    request.game.clone(),
                    request.history,
                    &request.root_moves,
                    eval,
                    table,
                    shared_nodes,
                    Control::helper(stop),
                    request.searcher.take_thread(id),
                );
                // Helpers start half of them one ply deeper, so threads spread over depths.
                let mut depth = 1 + (id % 2) as i32;
                while !stop.load(Ordering::Relaxed) && depth < MAX_PLY as i32 {
                    worker.search_root(depth, -INFINITE, INFINITE, 0);
                    depth += 1;
                }
                worker.flush_nodes();
                request.searcher.put_thread(id, worker.into_state());
            });
            if let Err(e) = spawned {
                log::warn!("could not start search helper {id}: {e}");
            }
        }
        let result = main_thread(persp, &request, eval, &shared_nodes, control, report);
        stop.store(true, Ordering::Relaxed);
        result
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
    let limits = request.limits;
    let mut worker = Worker::new(
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
    let multi_pv = request
        .options
        .multi_pv
        .clamp(1, request.root_moves.len().max(1));
    let max_depth = limits.depth.map_or(MAX_PLY as i32 - 1, |d| {
        (d as i32).clamp(1, MAX_PLY as i32 - 1)
    });
    let mut completed_depth = 0;
    let mut best_score = -INFINITE;
    let mut last_best = None;
    let mut stable_iterations = 0;
    let mut lines = vec![None; multi_pv];

    for depth in 1..=max_depth {
        for pv_index in 0..multi_pv {
            let previous = worker.root_moves[pv_index].score;
            let mut delta: Score = worker.params.aspiration_window;
            let (mut alpha, mut beta) =
                if depth >= worker.params.aspiration_min_depth && previous.abs() < MATE_BOUND {
                    (previous - delta, previous + delta)
                } else {
                    (-INFINITE, INFINITE)
                };
            loop {
                let score = worker.search_root(depth, alpha, beta, pv_index);
                if worker.aborted() {
                    break;
                }
                let bound = if score <= alpha {
                    Some(Bound::Upper)
                } else if score >= beta {
                    Some(Bound::Lower)
                } else {
                    None
                };
                let Some(b) = bound else { break };
                // Report the failure only when a person can see it (after a second).
                if worker.control.elapsed() > Duration::from_secs(1) {
                    emit(
                        &mut worker,
                        shared_nodes,
                        request,
                        depth,
                        pv_index,
                        Some(b),
                        score,
                        eval,
                        report,
                    );
                }
                if b == Bound::Upper {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else {
                    beta = (score + delta).min(INFINITE);
                }
                delta += delta / 2;
                if delta > 1000 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            }
            if worker.aborted() {
                break;
            }
            // A later line may come out better than an earlier one (each is searched in its own
            // window): keep the lines searched so far best first, as they are reported.
            worker.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        if worker.aborted() && completed_depth > 0 {
            break;
        }
        completed_depth = depth;
        // The first iteration always completes, even when stopped at once: there must be a move.
        for (pv_index, line) in lines.iter_mut().enumerate() {
            emit_exact(
                &mut worker,
                shared_nodes,
                request,
                depth,
                pv_index,
                eval,
                report,
            );
            // A line not reported this time keeps its last report, as the front end shows it.
            *line = worker.root_moves[pv_index].exact_line().or(line.take());
        }
        best_score = worker.root_moves[0].score;
        let best = worker.root_moves[0].m;
        if last_best == Some(best) {
            stable_iterations += 1;
        } else {
            stable_iterations = 0;
        }
        last_best = Some(best);

        if let Some(n) = limits.mate {
            if matches!(ReportScore::from_score(best_score), ReportScore::Mate(k) if k > 0 && k <= n as i32)
            {
                break;
            }
        }
        let scale = if stable_iterations >= 4 { 0.5 } else { 0.85 };
        if worker.control.soft_expired(scale) || worker.control.stopped() {
            break;
        }
    }
    worker.control.finish(limits.infinite);
    worker.flush_nodes();
    let best_rm = &worker.root_moves[0];
    let result = SearchResult {
        best: Some(best_rm.m),
        ponder: best_rm.pv.get(1).copied(),
        score: best_score.max(best_rm.score),
        seat_scores: None,
        depth: completed_depth as u32,
        nodes: shared_nodes.load(Ordering::Relaxed),
        lines,
    };
    request.searcher.put_thread(0, worker.into_state());
    result
}

fn emit_exact<G: Game, E: Evaluator<G>, P: Perspective>(
    worker: &mut Worker<'_, G, E, P>,
    shared_nodes: &AtomicU64,
    request: &SearchRequest<'_, G>,
    depth: i32,
    pv_index: usize,
    eval: &E,
    report: &mut dyn FnMut(&Report),
) {
    let score = worker.root_moves[pv_index].score;
    if score > -INFINITE {
        emit(
            worker,
            shared_nodes,
            request,
            depth,
            pv_index,
            None,
            score,
            eval,
            report,
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn emit<G: Game, E: Evaluator<G>, P: Perspective>(
    worker: &mut Worker<'_, G, E, P>,
    shared_nodes: &AtomicU64,
    request: &SearchRequest<'_, G>,
    depth: i32,
    pv_index: usize,
    bound: Option<Bound>,
    score: Score,
    eval: &E,
    report: &mut dyn FnMut(&Report),
) {
    worker.flush_nodes();
    let r = build_report(
        worker,
        shared_nodes,
        request,
        depth,
        pv_index,
        bound,
        score,
        eval,
    );
    report(&r);
}

#[allow(clippy::too_many_arguments)]
fn build_report<G: Game, E: Evaluator<G>, P: Perspective>(
    worker: &Worker<'_, G, E, P>,
    shared_nodes: &AtomicU64,
    request: &SearchRequest<'_, G>,
    depth: i32,
    pv_index: usize,
    bound: Option<Bound>,
    score: Score,
    eval: &E,
) -> Report {
    let rm = &worker.root_moves[pv_index];
    let elapsed = worker.control.elapsed();
    let nodes = shared_nodes.load(Ordering::Relaxed);
    let ms = elapsed.as_millis() as u64;
    let pv = pv_text(request.game, &rm.pv);
    Report {
        depth: depth as u32,
        seldepth: rm.seldepth.max(depth as usize) as u32,
        multipv: pv_index + 1,
        score: ReportScore::from_score(score),
        bound,
        nodes,
        nps: (nodes * 1000).checked_div(ms).unwrap_or(nodes * 1000),
        hashfull: request.searcher.hashfull(),
        time_ms: ms,
        pv,
        seat_scores: (request.game.seats() > 2)
            .then(|| leaf_scores(request.game, &rm.pv, eval)[..request.game.seats()].to_vec()),
    }
}
