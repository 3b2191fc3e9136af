//! Sceptre 1027 A.D. move generation and perft speed (criterion) on the positions of
//! engine-tests/perft/sceptre1027-speed.txt: a four-player middlegame on `nine` and two
//! positions of its set-up phase. Perft is the generic one (`search::perft`, through the game
//! trait, the last ply bulk-counted); the throughput lines are leaves per second.
//! Run: `cargo bench --bench sceptre` (or one of them: `cargo bench --bench sceptre -- middlegame`).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use regalia::core::{MoveList, Rules, Scope};
use regalia::games::sceptre::SceptrePosition;
use regalia::search::perft::perft;

const SPEED_POSITIONS: &str = include_str!("../engine-tests/perft/sceptre1027-speed.txt");

/// The names of the file's positions, in its order.
const NAMES: [&str; 3] = ["middlegame", "set-up start", "set-up, 24 placed"];

/// A position of the file: its name, the position and its (depth, leaves) counts.
type SpeedPosition = (&'static str, SceptrePosition, Vec<(u32, u64)>);

fn speed_positions() -> Vec<SpeedPosition> {
    let lines = SPEED_POSITIONS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let found: Vec<_> = lines
        .zip(NAMES)
        .map(|(line, name)| {
            let mut parts = line.split(" ;");
            let text = parts.next().unwrap_or_default();
            let position = SceptrePosition::from_text(text).unwrap_or_else(|e| panic!("{e}"));
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("D<depth> <leaves>");
                    (d[1..].parse().expect("depth"), n.parse().expect("leaves"))
                })
                .collect();
            (name, position, counts)
        })
        .collect();
    assert_eq!(found.len(), NAMES.len(), "the speed positions");
    found
}

fn leaves(counts: &[(u32, u64)], depth: u32) -> u64 {
    counts
        .iter()
        .find(|&&(d, _)| d == depth)
        .map(|&(_, n)| n)
        .expect("a count for the depth")
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("sceptre generate");
    for (name, pos, _) in speed_positions() {
        group.bench_function(format!("all moves ({name})"), |b| {
            b.iter(|| {
                let mut moves = MoveList::new();
                black_box(&pos).generate(Scope::All, &mut moves);
                black_box(moves.len())
            })
        });
    }
    let (_, middlegame, _) = &speed_positions()[0];
    group.bench_function("noisy moves (middlegame)", |b| {
        b.iter(|| {
            let mut moves = MoveList::new();
            black_box(middlegame).generate(Scope::Noisy, &mut moves);
            black_box(moves.len())
        })
    });
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("sceptre perft");
    group.sample_size(10);
    for (name, pos, counts) in speed_positions() {
        let depths: &[u32] = if name == "middlegame" { &[3, 4] } else { &[3] };
        for &depth in depths {
            let expected = leaves(&counts, depth);
            group.throughput(Throughput::Elements(expected));
            group.bench_function(format!("{name} depth {depth}"), |b| {
                let mut pos = pos.clone();
                b.iter(|| assert_eq!(perft(&mut pos, depth), expected))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_benches);
criterion_main!(benches);
