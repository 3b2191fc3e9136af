//! The searcher keeps max-n's and best-reply's table from one search to the next: a first
//! search counts the same nodes as on a fresh searcher, and only a second one profits.

use crate::games::takeaway::{TakeawayEval, TakeawayPosition};
use crate::search::{
    search, MultiplayerSearch, SearchLimits, SearchOptions, SearchRequest, Searcher,
};
use std::sync::atomic::AtomicBool;

/// The nodes of a fixed-depth search of `game` with `algorithm` on `searcher`.
fn nodes(game: &TakeawayPosition, algorithm: MultiplayerSearch, searcher: &Searcher) -> u64 {
    let limits = SearchLimits {
        depth: Some(5),
        ..Default::default()
    };
    let options = SearchOptions {
        multiplayer: algorithm,
        ..Default::default()
    };
    let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
    let mut root_moves = crate::core::MoveList::new();
    crate::core::Rules::generate(game, crate::core::Scope::All, &mut root_moves);
    let request = SearchRequest {
        game,
        history: &[],
        root_moves: root_moves.iter().copied().collect(),
        limits: &limits,
        options: &options,
        searcher,
        stop: &stop,
        pondering: &pondering,
    };
    search(request, &TakeawayEval, &mut |_| {}).nodes
}

#[test]
fn maxn_and_best_reply_count_fewer_nodes_only_from_a_second_search_on() {
    let game = TakeawayPosition::new(&[4, 5, 6], 3, 3).expect("a valid position");
    for algorithm in [
        MultiplayerSearch::MaxN,
        MultiplayerSearch::Brs,
        MultiplayerSearch::BrsPlus,
    ] {
        let fresh = nodes(&game, algorithm, &Searcher::new(1));
        let searcher = Searcher::new(1);
        let first = nodes(&game, algorithm, &searcher);
        let second = nodes(&game, algorithm, &searcher);
        assert_eq!(first, fresh, "{algorithm:?}: a first search is a fresh one");
        assert!(
            second < first,
            "{algorithm:?}: the kept table saves nodes ({second} against {first})"
        );
        searcher.clear();
        assert_eq!(
            nodes(&game, algorithm, &searcher),
            fresh,
            "{algorithm:?}: a cleared searcher is a fresh one"
        );
    }
}
