//! Fixed-depth search and evaluation speed (criterion). Run: `cargo bench --bench search`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use regalia::core::Evaluator;
use regalia::games::chess::eval::ChessEval;
use regalia::games::chess::{Position, Rules};
use regalia::session::{run_bench, Variant};

fn evaluation(c: &mut Criterion) {
    let pos = Position::from_fen(
        "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 4 10",
        Rules::Orthodox,
    )
    .expect("valid FEN");
    c.bench_function("evaluate middlegame", |b| {
        b.iter(|| black_box(ChessEval::default().evaluate(black_box(&pos))))
    });
    let tafl = regalia::games::tafl::TaflPosition::startpos();
    c.bench_function("evaluate tafl start", |b| {
        b.iter(|| black_box(regalia::games::tafl::TaflEval::default().evaluate(black_box(&tafl))))
    });
}

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("bench positions depth 8", |b| {
        b.iter(|| run_bench(Variant::Chess, Some(8), &mut |_, _, _, _| {}).map(|s| s.nodes))
    });
    group.finish();
}

criterion_group!(benches, evaluation, fixed_depth);
criterion_main!(benches);
