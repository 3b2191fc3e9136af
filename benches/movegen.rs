//! Move generation and perft speed (criterion). Run: `cargo bench --bench movegen`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use regalia::core::{MoveList, Rules as _, Scope};
use regalia::games::chess::{Position, Rules};
use regalia::search::perft::perft;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn position(fen: &str) -> Position {
    Position::from_fen(fen, Rules::Orthodox).expect("valid FEN")
}

fn movegen(c: &mut Criterion) {
    let pos = position(KIWIPETE);
    c.bench_function("generate all moves (kiwipete)", |b| {
        b.iter(|| {
            let mut moves = MoveList::new();
            black_box(&pos).generate(Scope::All, &mut moves);
            black_box(moves.len())
        })
    });
    c.bench_function("generate noisy moves (kiwipete)", |b| {
        b.iter(|| {
            let mut moves = MoveList::new();
            black_box(&pos).generate(Scope::Noisy, &mut moves);
            black_box(moves.len())
        })
    });
}

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("startpos depth 5", |b| {
        let mut pos = Position::startpos(Rules::Orthodox);
        b.iter(|| assert_eq!(perft(&mut pos, 5), 4_865_609))
    });
    group.bench_function("startpos depth 6", |b| {
        let mut pos = Position::startpos(Rules::Orthodox);
        b.iter(|| assert_eq!(perft(&mut pos, 6), 119_060_324))
    });
    group.bench_function("tafl start depth 4", |b| {
        let mut pos = regalia::games::tafl::TaflPosition::startpos();
        b.iter(|| assert_eq!(perft(&mut pos, 4), 50_456_804))
    });
    group.bench_function("scepterchess start depth 5", |b| {
        let mut pos = Position::startpos(Rules::Scepter);
        b.iter(|| assert_eq!(perft(&mut pos, 5), 4_916_786))
    });
    group.bench_function("chess40k start depth 5", |b| {
        let mut pos = Position::startpos(Rules::Forty);
        b.iter(|| assert_eq!(perft(&mut pos, 5), 10_855_378))
    });
    group.bench_function("kiwipete depth 5", |b| {
        let mut pos = position(KIWIPETE);
        b.iter(|| assert_eq!(perft(&mut pos, 5), 193_690_690))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft_benches);
criterion_main!(benches);
