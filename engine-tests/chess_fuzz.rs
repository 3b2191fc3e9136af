//! Thousands of random games: every position's FEN round-trips, make/unmake restores the
//! position exactly, and the incremental hash equals one computed from scratch.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use regalia::core::{Game, MoveList, Scope};
use regalia::games::chess::{Position, Rules};

#[test]
fn random_games_keep_every_invariant() {
    assert!(random_games(Rules::Orthodox, 3000) > 100_000);
}

#[test]
fn random_variant_games_keep_every_invariant() {
    assert!(random_games(Rules::Scepter, 1000) > 30_000);
    assert!(random_games(Rules::Forty, 1000) > 30_000);
}

/// Plays `games` random games, checking every invariant; returns the positions visited.
fn random_games(rules: Rules, games: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(0x5EED);
    let mut positions = 0;
    for _game in 0..games {
        let mut pos = Position::startpos(rules);
        for _ply in 0..200 {
            let mut moves = MoveList::new();
            pos.generate(Scope::All, &mut moves);
            if moves.is_empty() || pos.halfmove_clock() >= 100 {
                break;
            }
            let fen = pos.to_fen();
            let reread = Position::from_fen(&fen, rules).expect("own FEN reads back");
            assert_eq!(reread, pos, "FEN round trip of {fen}");
            assert_eq!(pos.key(), pos.key_from_scratch(), "hash of {fen}");
            // Every move must unmake exactly; noisy moves must be a subset of all moves.
            let mut noisy = MoveList::new();
            pos.generate(Scope::Noisy, &mut noisy);
            for m in noisy.iter() {
                assert!(moves.contains(m), "noisy move {m} not legal in {fen}");
            }
            for &m in moves.iter() {
                let before = pos;
                let undo = pos.make(m);
                assert_eq!(pos.key(), pos.key_from_scratch(), "hash after {m} in {fen}");
                pos.unmake(m, undo);
                assert_eq!(pos, before, "unmake {m} in {fen}");
            }
            let m = moves.as_slice()[rng.gen_range(0..moves.len())];
            pos.make(m);
            positions += 1;
        }
    }
    positions
}
