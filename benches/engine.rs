//! Engine speed: legal-turn generation on fixed midgame positions, perft 3 from the start position of
//! NOTATION.md, and random playouts to the end of open games.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use junqi::ai::random_playout;
use junqi::cli::parse_rules;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{Formation, Game, Position, Rules, Start, perft};
use std::hint::black_box;

/// The start position of NOTATION.md (perft 3 = 36368 under the default rules).
const START: &str = "b2b1bMbFbM/b3bBb5bMb7/b4..b6..b1/b2b9..bBb8/b4..b1..b5/b3b6b2b7b3/r3r7r2r6r3/r5..r1..r4/r8rB..r9r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";

/// Midgame positions from /work/shared/golden/turns.txt (cases 1, 2, 4 and 6), with their flags.
const MIDGAMES: &[(&str, &str)] = &[
    (
        "--mode open --movable-hq",
        "bMbFbMb4b1/b1b8b6bMb4/..b7b2..b3/....bB..b1/b5b9b3b6bB/b7..r5b5../..r3r8..r5/r2..r6r7r1/r9rBr2r4r4/r1r1....r3/r3r2..rMr7/rBrMrMrFr6 r 6 20",
    ),
    (
        "--mode open --flying-bombs",
        "b9bMb2bFbM/..b3bBb2bM/b4b6b5..b3/b8b6..bBb3/b7....b5b1/b4b1b7b2b1/r5..r1r9r4/r3r2r3..r5/r1r3..r2../rB..r7r2r6/r8rMr1r6r7/rBrFr4rMrM b 5 5",
    ),
    (
        "--mode open --flying-bombs --movable-hq",
        "b6bFbMb4b5/bBb3b4bMbM/b6..b2b3b8/b1b7..bBb3/b2b9..b1../b5b7b1b2../r6....r3r1/r4r1r2r1rB/r5r4rB..r9/..r3..r2r5/r2r8rMr3r6/rMrMr7rFr7 r 20 20",
    ),
    (
        "--mode open --mines bomb",
        "b7bFb4b2bM/bMbBbM..b1/b4....b2b9/b1b3b6b3b7/bBb5..b5b2/b3b6b1..../r5r1..r1../r6r7r5..r9/..r2r3r4../r2r4..r8../rMrMr3rM../r7r6r2rFrB r 3 20",
    ),
];

fn midgames() -> Vec<(Rules, Position)> {
    MIDGAMES
        .iter()
        .map(|(flags, pos)| {
            let args: Vec<String> = flags.split(' ').map(String::from).collect();
            let (rules, _) = parse_rules(&args).expect("golden flags parse");
            let p = Position::from_notation(pos, &rules).expect("golden position");
            (rules, p)
        })
        .collect()
}

fn legal_turns(c: &mut Criterion) {
    let positions = midgames();
    let mut g = c.benchmark_group("legal_turns");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("4 midgame positions", |b| {
        b.iter(|| {
            let mut n = 0;
            for (rules, p) in &positions {
                n += black_box(p).legal_turns(rules).len();
            }
            n
        })
    });
    g.finish();
}

fn perft3(c: &mut Criterion) {
    let rules = Rules::default();
    let start = Position::from_notation(START, &rules).expect("NOTATION.md start");
    assert_eq!(perft(&start, &rules, 3), 36368);
    let mut g = c.benchmark_group("perft");
    g.throughput(Throughput::Elements(36368));
    g.sample_size(20);
    g.bench_function("perft 3 start", |b| {
        b.iter(|| perft(black_box(&start), &rules, 3))
    });
    g.finish();
}

fn playouts(c: &mut Criterion) {
    let rules = Rules::default();
    let starts: Vec<Position> = (0..16u64)
        .map(|seed| {
            let mut rng = SplitMix64::new(seed);
            let red = Formation::random(&mut rng, &rules);
            let blue = Formation::random(&mut rng, &rules);
            *Game::new(rules.clone(), Start::formations(&red, &blue))
                .expect("random formations are valid")
                .position()
        })
        .collect();
    let mut g = c.benchmark_group("playout");
    g.throughput(Throughput::Elements(starts.len() as u64));
    g.sample_size(20);
    g.bench_function("16 random open games to the end", |b| {
        let mut rng = SplitMix64::new(99);
        b.iter(|| {
            let mut plies = 0;
            for s in &starts {
                plies += random_playout(black_box(s), &rules, &mut rng).1;
            }
            plies
        })
    });
    g.finish();
}

criterion_group!(benches, legal_turns, perft3, playouts);
criterion_main!(benches);
