//! Outside engines at the arena's table: the program's own engine through the junqi engine
//! protocol plays the games it plays in process, and engines that misbehave lose with the
//! right reason while nothing hangs.

use crate::common;

use common::cli::{junqi, text};
use junqi::engine::Game;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("junqi-engine-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The recorded turns and refusals of each game in `dir`, in game order.
fn actions(dir: &Path) -> Vec<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| {
            let g = Game::from_ron(&std::fs::read_to_string(f).unwrap()).unwrap();
            format!("{:?} {:?}", g.record().actions, g.status())
        })
        .collect()
}

fn engine_cmd(args: &str) -> String {
    format!("engine:{} engine {args}", env!("CARGO_BIN_EXE_junqi"))
}

/// At a fixed node budget, `engine:"junqi engine …"` against the computer gives the same games
/// as the computer against itself, with the arena's `flags` (one test per mode, so that they run
/// side by side).
fn the_protocol_loses_nothing(name: &str, flags: &[&str]) {
    let nodes = 400;
    let run = |a: &str, dir: &Path| {
        let mut args: Vec<String> = [
            "arena",
            "--a",
            a,
            "--b",
            &format!("ai:normal:nodes={nodes}"),
            "--games",
            "2",
            "--seed",
            "5",
            "--turn-limit",
            "60",
            "--record",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        args.push(dir.display().to_string());
        args.extend(flags.iter().map(|s| s.to_string()));
        let out = junqi(&args);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    let (d1, d2) = (
        temp(&format!("{name}-engine")),
        temp(&format!("{name}-inproc")),
    );
    let s1 = run(&engine_cmd(&format!("--level normal --nodes {nodes}")), &d1);
    let s2 = run(&format!("ai:normal:nodes={nodes}"), &d2);
    let (a1, a2) = (actions(&d1), actions(&d2));
    assert_eq!(a1.len(), 2);
    assert_eq!(a1, a2, "{name}: the games differ");
    // The summaries agree but for the thinking times.
    let counts = |s: &str| s.split(" a_ms").next().unwrap().to_string();
    assert_eq!(counts(&s1), counts(&s2), "{name}");
    let _ = std::fs::remove_dir_all(&d1);
    let _ = std::fs::remove_dir_all(&d2);
}

#[test]
fn the_protocol_loses_nothing_open() {
    the_protocol_loses_nothing("open", &["--mode", "open"]);
}

#[test]
fn the_protocol_loses_nothing_hidden() {
    the_protocol_loses_nothing("hidden", &["--mode", "hidden", "--mines", "spring"]);
}

#[test]
fn the_protocol_loses_nothing_flip() {
    the_protocol_loses_nothing("flip", &["--mode", "flip"]);
}

#[test]
fn the_protocol_loses_nothing_four_hidden() {
    the_protocol_loses_nothing("four-hidden", &["--mode", "hidden", "--players", "4"]);
}

#[test]
fn the_protocol_loses_nothing_four_open() {
    the_protocol_loses_nothing("four-open", &["--mode", "open", "--players", "4"]);
}

/// Every way of misbehaving loses the game with its reason, and the arena plays every game.
#[test]
fn engines_that_misbehave_lose_with_the_reason() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/bad.sh");
    let cases = [
        ("crash", "crashed (it exited: exit status: 3)"),
        ("hang", "gave no answer within 400 ms"),
        (
            "garbage",
            "sent a line the protocol does not know: bestmove a6a7",
        ),
        ("flood", "flooded its output"),
        ("illegal", "sent an illegal turn a1-e12"),
        ("silent", "gave no answer within 1000 ms"),
        ("longline", "a line longer than 16384 bytes"),
        ("wrongversion", "version 7 of the protocol"),
        ("binary", "not UTF-8"),
        ("error", "reported an error: out of memory"),
        ("badformation", "sent a formation the rules refuse"),
    ];
    for (mode, reason) in cases {
        let t0 = Instant::now();
        let spec = format!("engine:sh {} {mode}", script.display());
        let mut args = vec![
            "arena",
            "--a",
            &spec,
            "--b",
            "random",
            "--games",
            "2",
            "--turn-ms",
            "400",
        ];
        if mode == "badformation" {
            args.push("--own-formations");
        }
        let out = junqi(&args);
        common::cli::assert_a_lost_both_by_failing(&out, mode, reason, t0);
    }
}

/// A command that does not exist, and one without a command, are told apart: the first loses
/// its games, the second is a bad flag.
#[test]
fn a_missing_engine_loses_and_an_empty_spec_is_refused() {
    let out = junqi(&[
        "arena",
        "--a",
        "engine:/nonexistent/engine-binary",
        "--b",
        "random",
        "--games",
        "1",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("b_wins=1"));
    assert!(
        text(&out.stderr).contains("crashed"),
        "{}",
        text(&out.stderr)
    );
    let out = junqi(&["arena", "--a", "engine:", "--b", "random", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("needs a command"),
        "{}",
        text(&out.stderr)
    );
}

/// The arena with an engine seat (this program's engine, every line it is told kept in a file)
/// against the computer, two games from `--seed 11`: the seeds the engine was told, and the
/// games.
fn arena_seeds_told(name: &str, flags: &[&str]) -> (Vec<u64>, Vec<Game>) {
    let dir = temp(name);
    let (told, records) = (dir.join("told.txt"), dir.join("games"));
    let engine = format!(
        "engine:tee -a '{}' | {} engine --player random",
        told.display(),
        env!("CARGO_BIN_EXE_junqi")
    );
    let mut args = vec![
        "arena",
        "--a",
        &engine,
        "--b",
        "ai:easy:nodes=300",
        "--games",
        "2",
        "--seed",
        "11",
        "--turn-limit",
        "40",
        "--record",
    ];
    let records_arg = records.display().to_string();
    args.push(&records_arg);
    args.extend(flags);
    let out = junqi(&args);
    assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    let seeds: Vec<u64> = std::fs::read_to_string(&told)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("seed ")?.parse().ok())
        .collect();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let games = files
        .iter()
        .map(|f| Game::from_ron(&std::fs::read_to_string(f).unwrap()).unwrap())
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    (seeds, games)
}

/// The deal seeds the arena's old scheme gave away: a seat's seed XOR one of the constants it
/// was made with (seat A or B of two players, seat k of four).
fn old_deal_guesses(seed: u64) -> Vec<u64> {
    let mut masks = vec![0x5EA7_A000u64, 0x5EA7_B000];
    masks.extend((0..4).map(|k| 0x5EA7_0000 + k));
    masks.iter().map(|m| seed ^ m).collect()
}

/// The formations the arena dealt from a deal seed when every seat is a computer or an engine
/// (`ai_formation` in seat order from one generator): the start they make.
fn dealt_from(guess: u64, players: usize, rules: &junqi::engine::Rules) -> junqi::engine::Start {
    let mut rng = junqi::engine::rng::SplitMix64::new(guess);
    let f: Vec<_> = (0..players)
        .map(|_| junqi::ai::ai_formation(&mut rng, rules))
        .collect();
    if players == 4 {
        junqi::engine::Start::four_formations([&f[0], &f[1], &f[2], &f[3]])
    } else {
        junqi::engine::Start::formations(&f[0], &f[1])
    }
}

/// No two seeds told are a simple offset or mask of each other.
fn seeds_unrelated(seeds: &[u64]) {
    for (i, &a) in seeds.iter().enumerate() {
        for &b in &seeds[i + 1..] {
            for d in [a ^ b, a.wrapping_sub(b), b.wrapping_sub(a)] {
                assert!(d > u64::from(u32::MAX), "{a} and {b} differ by {d}");
            }
        }
    }
}

/// Flip: from the seed an engine seat is told, the old scheme's deal is no game's deal.
#[test]
fn an_arena_engines_seed_does_not_give_away_the_flip_deal() {
    let (seeds, games) = arena_seeds_told("seed-flip", &["--mode", "flip"]);
    assert_eq!((seeds.len(), games.len()), (2, 2));
    seeds_unrelated(&seeds);
    for g in &games {
        let junqi::engine::Start::FlipDeal { seed: deal } = g.record().start.clone() else {
            panic!("a flip deal");
        };
        for &s in &seeds {
            for guess in old_deal_guesses(s) {
                let start = junqi::engine::Start::FlipDeal { seed: guess };
                assert_ne!(&start.position(g.rules()).unwrap(), g.start_position());
            }
            seeds_unrelated(&[s, deal]);
        }
    }
}

/// Hidden: from the seed an engine seat is told, the old scheme's deal does not make the
/// computer's formations (`players` 2 or 4).
fn arena_formations_stay_hidden(players: usize) {
    let name = format!("seed-hidden-{players}");
    let n = players.to_string();
    let (seeds, games) = arena_seeds_told(&name, &["--mode", "hidden", "--players", &n]);
    // One seat a game, or with four players both seats of its team.
    assert_eq!((seeds.len(), games.len()), (players, 2), "{name}");
    for g in &games {
        for &s in &seeds {
            for guess in old_deal_guesses(s) {
                assert_ne!(dealt_from(guess, players, g.rules()), g.record().start);
            }
        }
    }
    seeds_unrelated(&seeds);
}

#[test]
fn an_arena_engines_seed_does_not_give_away_the_computers_formation() {
    arena_formations_stay_hidden(2);
}

#[test]
fn an_arena_engines_seed_does_not_give_away_a_four_player_computers_formation() {
    arena_formations_stay_hidden(4);
}
