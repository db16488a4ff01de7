//! Engine speed: legal-turn generation on fixed midgame positions, perft 3 from the start position of
//! NOTATION.md, and random playouts to the end of open games; for two players and, beside them, for
//! the four players of RULES.md section 9. Hard's search on one and two threads: a turn at a node
//! budget in open and hidden mode, and open mode's time to a fixed depth.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use junqi::ai::random_playout;
use junqi::cli::parse_rules;
use junqi::engine::formation::four_player_setup;
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

/// The four-player start of NOTATION.md (perft 3 = 73458 under the default rules).
const FOUR_START: &str = "n2n1nMnFnM/n3nBn5nMn7/n4..n6..n1/n2n9..nBn8/n4..n1..n5/n3n6n2n7n3/wMw7w1w8w5w3......e3e4e2e4e3e2/wFwM..wB..w7e6..e9..eBe1/wMw5w6..w1w2......e2e1..e6e5eM/w1wB..w9..w6e7..eB..eMeF/w2w3w4w2w4w3......e3e5e8e1e7eM/s3s7s2s6s3/s5..s1..s4/s8sB..s9s2/s1..s6..s4/s7sMs5sBs3/sMsFsMs1s2 s 0 0 -";

/// Four-player midgame positions from /work/shared/golden/four.txt (cases 1, 2, 4 and 5, open).
const FOUR_MIDGAMES: &[&str] = &[
    "n7nFnMnMn6/nB..nMn5n3/n2n3n9..n8/n4n7..n1n6/n1n3nB..n1/w6..n2n5n2/w7w5w3w1....e2s6....e7e3eBe7e3/w2wB..w3w1w5e9..eB..eMeF/wMw6w8..w4w2......e4e5....e3e1/wFwB..w3..w7e4..e2e1e8eM/wMwMw9w1w4w2......e2e1e6e5eMe6/s2s3..s5s7/..s1sB..s9/s1s8..s4s1/s4..s5..s3/sBs7s3s6sM/s2sFsMs2sM e 5 8 -",
    "nBnFn7n9nM/n1nMnMn3n8/n4..n1n2../n5n2..n1n3/n6..n6..nB/n5n2n7n3s2/wMw4w8w1w5w2......e6e6e9e4e2eM/wFw9..w3..w6e3......e5eF/wMw6w7........w7..e4e3e1e3e2e1/wBwM..w1w1w4e7..eB..eMe8/w3wBw3w5w2w2e7......eBe1e2eMe5/s3s2s8s4../s1....s4s3/s3s1..s2s5/s7..s9..sB/sBs5s6s1sM/s6sFsMsMs7 e 6 8 -",
    "nMn3n3nFnM/n8n3n7nMnB/n2..n4n5../n5nB..n4n6/n6..n2..n7/..n1n2n9n1/wMw4w1wBwBw6......e1e6..e3eMe5/wMw8..w3..w7e5..e2e7e8eB/w3w2w2..w1w9..n1..e2e3e6e2eMe4/wFwM....w6w7e3......e7eF/w1w5w5w4w3....s3..e4e9e1e1eMeB/s3s3..s2s2/s1..s9..s6/s8s4....sB/s5..s1s1s2/s5s4sMsMs7/s7sFsMsBs6 n 1 8 -",
    "n6nFnMn4n4/n1n8nM..nM/..n1n7n5n3/n2n2..nBn7/n3..nB..n3/n1n5n6n2n9/w5w1wBw7w4w1....s6e1e2e1e5e3e2/w4w1..w6..w7e7..e2..e6eM/w3wMw6..w5w2......e8..e4e5eBe3/wFwM..w8..w3e9e1....eMeF/w2wMw3w2wBw9......e7e6eBe4e3eM/s1s7s3s5../s3..s1..s3/..s9..s2s2/s1sBs4..s5/s2s4sMs7sB/s8sFsMsMs6 s 8 8 -",
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

fn four_legal_turns(c: &mut Criterion) {
    let rules = Rules::default();
    let positions: Vec<Position> = FOUR_MIDGAMES
        .iter()
        .map(|p| Position::from_notation(p, &rules).expect("golden position"))
        .collect();
    let mut g = c.benchmark_group("four_legal_turns");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("4 four-player midgame positions", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                n += black_box(p).legal_turns(&rules).len();
            }
            n
        })
    });
    g.finish();
}

fn four_perft3(c: &mut Criterion) {
    let rules = Rules::default();
    let start = Position::from_notation(FOUR_START, &rules).expect("NOTATION.md four-player start");
    assert_eq!(perft(&start, &rules, 3), 73458);
    let mut g = c.benchmark_group("four_perft");
    g.throughput(Throughput::Elements(73458));
    g.sample_size(20);
    g.bench_function("perft 3 four-player start", |b| {
        b.iter(|| perft(black_box(&start), &rules, 3))
    });
    g.finish();
}

fn four_playouts(c: &mut Criterion) {
    let rules = Rules::default();
    let starts: Vec<Position> = (0..16u64)
        .map(|seed| {
            let mut rng = SplitMix64::new(seed);
            let f: Vec<Formation> = (0..4)
                .map(|_| Formation::random(&mut rng, &rules))
                .collect();
            let setup = four_player_setup([&f[0], &f[1], &f[2], &f[3]], &rules)
                .expect("random formations are valid");
            Position::new(setup, &rules).expect("a four-player start")
        })
        .collect();
    let mut g = c.benchmark_group("four_playout");
    g.throughput(Throughput::Elements(starts.len() as u64));
    g.sample_size(20);
    g.bench_function("16 random open four-player games to the end", |b| {
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

/// The cost per turn of a seat behind the junqi engine protocol: whole games on the table
/// between two `random` players, both in process, and one of them a `junqi engine --player
/// random` process (its start, the lines of every turn, its end). The difference per turn is the
/// protocol's overhead.
fn engine_seat(c: &mut Criterion) {
    use junqi::engine::{Seat, Status};
    use junqi::table::{Brain, Chair, Deal, Limits, SeatDriver, Table, engine_seat::EngineSeat};
    let rules = Rules {
        turn_limit: 200,
        ..Rules::default()
    };
    let engine = format!("{} engine --player random", env!("CARGO_BIN_EXE_junqi"));
    let play = |outside: bool, seed: u64| -> (Status, usize) {
        let red: Box<dyn SeatDriver> = if outside {
            Box::new(EngineSeat::new(&engine))
        } else {
            Box::new(Brain::from_spec("random").unwrap())
        };
        let blue: Box<dyn SeatDriver> = Box::new(Brain::from_spec("random").unwrap());
        let seats = vec![
            (Chair::Side(Seat::Red), red),
            (Chair::Side(Seat::Blue), blue),
        ];
        let deal = Deal::Start(Start::random(&rules, seed));
        let mut t = Table::open(&rules, seats, &[seed, seed + 1], deal, Limits::default())
            .expect("the table opens");
        let end = t.play_out();
        (end.status, t.game().plies().len())
    };
    // Both ways play the same 200-ply games (the same seeds).
    let (_, plies) = play(false, 1);
    assert_eq!(play(true, 1).1, plies);
    let mut g = c.benchmark_group("engine_seat");
    g.throughput(Throughput::Elements(plies as u64));
    g.sample_size(20);
    g.bench_function("a 200-ply game, both seats in process", |b| {
        b.iter(|| play(false, black_box(1)))
    });
    g.bench_function("a 200-ply game, Red a junqi engine process", |b| {
        b.iter(|| play(true, black_box(1)))
    });
    g.finish();
}

/// A two-player game of `mode` between the computer's formations (seed 3) after 8 random plies,
/// as the side to move sees it.
fn midgame_view(mode: junqi::engine::Mode) -> (Rules, junqi::engine::View) {
    use junqi::ai::{Player, RandomPlayer, ai_formation};
    use junqi::engine::Viewer;
    let rules = Rules::for_mode(mode);
    let mut rng = SplitMix64::new(3);
    let red = ai_formation(&mut rng, &rules);
    let blue = ai_formation(&mut rng, &rules);
    let mut game = Game::new(rules.clone(), Start::formations(&red, &blue)).expect("formations");
    let mut random = RandomPlayer::default();
    for _ in 0..8 {
        let side = game.position().side_to_move().expect("a side to move");
        let view = game.view(Viewer::Side(side));
        let t = random.choose(&view, &rules, &mut rng).expect("a turn");
        game.play(t).expect("a legal turn");
    }
    let side = game.position().side_to_move().expect("a side to move");
    (rules, game.view(Viewer::Side(side)))
}

/// Hard's search on 1 and 2 threads. Each iteration is one turn of a fresh player (an empty
/// table): `hard_open` at a node budget (throughput: the 300 000 nodes of the first pass's 60%,
/// which the threads share), `hard_hidden` at two node budgets, the second about a whole turn of hard's (throughput: the
/// first pass's 10 deals),
/// `hard_open_depth` to a fixed depth (the time the main search needs to finish depth 6, which is
/// what Lazy SMP's helpers shorten; throughput: one search).
fn hard_search(c: &mut Criterion) {
    use criterion::BatchSize;
    use junqi::ai::{AiPlayer, Level, Player};
    use junqi::engine::Mode;
    let (open_rules, open_view) = midgame_view(Mode::Open);
    let (hidden_rules, hidden_view) = midgame_view(Mode::Hidden);
    let turn = |p: &mut AiPlayer, view: &junqi::engine::View, rules: &Rules| {
        p.choose(view, rules, &mut SplitMix64::new(7))
            .expect("a turn");
        p.last_nodes()
    };
    for threads in [1usize, 2] {
        let name = if threads == 1 {
            "1 thread".to_string()
        } else {
            format!("{threads} threads")
        };
        let open = || {
            AiPlayer::new(Level::Hard)
                .with_nodes(500_000)
                .with_threads(threads)
        };
        let mut g = c.benchmark_group("hard_open");
        // The first pass's 60% of the budget, which open mode's turn spends.
        g.throughput(Throughput::Elements(300_000));
        g.sample_size(10);
        g.bench_function(format!("nodes=500000, {name}"), |b| {
            b.iter_batched(
                open,
                |mut p| turn(&mut p, &open_view, &open_rules),
                BatchSize::PerIteration,
            )
        });
        g.finish();
        let mut g = c.benchmark_group("hard_hidden");
        g.throughput(Throughput::Elements(10));
        g.sample_size(10);
        // 300 000 nodes, and 1 800 000: about what hard spends in its 1.5 s on one core.
        for nodes in [300_000u64, 1_800_000] {
            let hidden = || {
                AiPlayer::new(Level::Hard)
                    .with_nodes(nodes)
                    .with_threads(threads)
            };
            g.bench_function(format!("nodes={nodes}, {name}"), |b| {
                b.iter_batched(
                    hidden,
                    |mut p| turn(&mut p, &hidden_view, &hidden_rules),
                    BatchSize::PerIteration,
                )
            });
        }
        g.finish();
        let deep = || AiPlayer::fixed_depth(6, 1).with_threads(threads);
        let mut g = c.benchmark_group("hard_open_depth");
        g.throughput(Throughput::Elements(1));
        g.sample_size(10);
        g.bench_function(format!("depth 6, {name}"), |b| {
            b.iter_batched(
                deep,
                |mut p| turn(&mut p, &open_view, &open_rules),
                BatchSize::PerIteration,
            )
        });
        g.finish();
    }
}

criterion_group!(
    benches,
    engine_seat,
    legal_turns,
    perft3,
    playouts,
    four_legal_turns,
    four_perft3,
    four_playouts,
    hard_search
);
criterion_main!(benches);
