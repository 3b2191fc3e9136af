//! The positions `bench` searches for each member of the chess family: varied, quick, and fixed
//! forever (the node total is a signature of the search).

use super::Rules;

pub fn bench_positions(rules: Rules) -> &'static [&'static str] {
    match rules {
        Rules::Orthodox | Rules::Chess960 => BENCH_POSITIONS,
        Rules::Scepter => SCEPTER_BENCH_POSITIONS,
        Rules::Forty => FORTY_BENCH_POSITIONS,
    }
}

/// Opening, middlegame and endgame positions; well known so results can be compared.
const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 4 10",
    "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 14",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2K5/3P4/8/8 w - - 0 1",
    "4r1k1/pp3ppp/2p5/3p4/3P1B2/2P2Pq1/PP4P1/R3R1K1 b - - 0 24",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 16",
];

const SCEPTER_BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
    "4k3/8/8/3K4/8/8/8/8 w - - 0 1",
    "4k3/pp3ppp/8/2p5/2P5/8/PP3PPP/4K3 w - - 0 1",
    "r3k2r/ppp2ppp/8/3pP3/3P4/8/PPP2PPP/R3K2R w KQkq - 0 12",
];

const FORTY_BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pzppppzp/8/8/8/8/PZPPPPZP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pzpp1pzp/2n5/4p3/4P3/5N2/PZPP1PZP/RNBQKB1R w KQkq - 2 3",
    "r2qk2r/pzp2pzp/2np1n2/2b1p3/2B1P3/2NP1N2/PZP2PZP/R2QK2R w KQkq - 0 7",
    "4k3/3z4/8/8/8/8/3Z4/4K3 w - - 0 1",
    "r3k2r/ppz2zpp/8/3pP3/3P4/8/PPZ2ZPP/R3K2R w KQkq - 0 12",
    "6k1/5zpp/8/8/8/8/5ZPP/6K1 w - - 0 1",
];
