//! `junqi puzzles make` and `junqi puzzles check` through the binary.

use crate::common;

use common::cli::{junqi, text};
use junqi::engine::rng::SplitMix64;
use junqi::engine::{Formation, Rank};
use junqi::engine::{Game, Mode, Rules, Start};
use junqi::puzzles::hidden::{HiddenFile, Question};
use junqi::puzzles::{Goal, PuzzleFile};

/// Blue: a lieutenant on a12, the flag on d12; Red: a captain on d11, the flag on b1. Red to
/// move wins only by d11-d12.
const ONE_TAKER: &str = "b2....bF../......r3../........../........../........../........../........../........../........../........../........../..rF...... r 0 0";

/// Red's marshal on e2 takes Blue's general on e7 and nothing takes it back: a material puzzle in
/// one (src/puzzles/tests_material.rs).
const GENERAL_HANGS: &str = "bMbFbM..b2/........../b3..b3..../........../........../........b8/........../........../........../........../........r9/..rF...... r 0 0";
/// As `GENERAL_HANGS` with a blue bomb on d7 that takes the marshal back: no puzzle.
const GENERAL_GUARDED: &str = "bMbFbM..b2/........../b3..b3..../........../........../......bBb8/........../........../........../........../........r9/..rF...... r 0 0";

/// A record of a game that starts at `position` (no turn played), written in `dir`.
fn record(dir: &std::path::Path, name: &str, position: &str) -> String {
    let game = Game::new(
        Rules::for_mode(Mode::Open),
        Start::Position(position.into()),
    )
    .unwrap();
    let path = dir.join(name);
    std::fs::write(&path, game.to_ron()).unwrap();
    path.display().to_string()
}

#[test]
fn puzzles_are_made_from_records_and_proven_again() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record(dir.path(), "game-0001.ron", ONE_TAKER);
    let out = dir.path().join("made.ron").display().to_string();
    let o = junqi(&[
        "puzzles", "make", "--from", &rec, "--out", &out, "--depth", "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let last = text(&o.stdout);
    assert!(
        last.starts_with("puzzles: made=1 positions=1 unproven=0 games=1 ms="),
        "{last}"
    );
    assert!(
        text(&o.stderr).contains("game-0001.ron"),
        "progress on stderr"
    );
    let file = PuzzleFile::read(std::path::Path::new(&out)).unwrap();
    assert_eq!(file.version, 1);
    let p = &file.puzzles[0];
    assert_eq!((p.answer.as_str(), p.depth), ("d11-d12", 1));
    assert_eq!(p.position, ONE_TAKER);
    assert_eq!(p.source, "game-0001.ron, ply 0");
    let o = junqi(&["puzzles", "check", &out]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("puzzles: checked=1 ms="));
    // The same file with another answer is refused by the check.
    let wrong = std::fs::read_to_string(&out)
        .unwrap()
        .replace("\"d11-d12\"", "\"a12-a11\"");
    std::fs::write(&out, wrong).unwrap();
    let o = junqi(&["puzzles", "check", &out]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(
        text(&o.stderr).contains("puzzle open-0001: line turn a12-a11"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn material_puzzles_are_made_by_goal_and_proven_again_by_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let recs = [
        record(dir.path(), "game-0001.ron", ONE_TAKER),
        record(dir.path(), "game-0002.ron", GENERAL_HANGS),
        record(dir.path(), "game-0003.ron", GENERAL_GUARDED),
    ];
    let make = |goal: &str| {
        let out = dir.path().join(format!("{goal}.ron")).display().to_string();
        let mut args = vec!["puzzles", "make", "--goal", goal, "--out", &out, "--from"];
        args.extend(recs.iter().map(String::as_str));
        let o = junqi(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let file = PuzzleFile::read(std::path::Path::new(&out)).unwrap();
        let o = junqi(&["puzzles", "check", &out]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let checked = format!("puzzles: checked={} ms=", file.puzzles.len());
        assert!(text(&o.stdout).starts_with(&checked), "{}", text(&o.stdout));
        let made: Vec<(String, Goal, String, String)> = file
            .puzzles
            .iter()
            .map(|p| (p.id.clone(), p.goal, p.answer.clone(), p.source.clone()))
            .collect();
        (made, out)
    };
    let flag = |id: &str| {
        (
            id.into(),
            Goal::Flag,
            "d11-d12".into(),
            "game-0001.ron, ply 0".into(),
        )
    };
    let material = (
        "material-0001".into(),
        Goal::Material,
        "e2-e7".into(),
        "game-0002.ron, ply 0".into(),
    );
    // The default, any: the flag puzzle and the material one; the guarded general is none.
    let (any, _) = make("any");
    assert_eq!(any, vec![flag("open-0001"), material.clone()]);
    let (only_flag, _) = make("flag");
    assert_eq!(only_flag, vec![flag("open-0001")]);
    let (only_material, out) = make("material");
    assert_eq!(only_material, vec![material]);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("goal: material"), "{written}");
    // Read without its goal the puzzle is a flag puzzle, which the check refuses.
    std::fs::write(&out, written.replace("goal: material,", "")).unwrap();
    let o = junqi(&["puzzles", "check", &out]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("puzzle material-0001 is not proven"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn puzzles_make_refuses_bad_arguments_and_files() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.ron").display().to_string();
    let not_a_record = dir.path().join("junk.ron");
    std::fs::write(&not_a_record, "hello").unwrap();
    let junk = not_a_record.display().to_string();
    let open = record(dir.path(), "open.ron", ONE_TAKER);
    for args in [
        vec!["puzzles", "make", "--from", missing.as_str()],
        vec!["puzzles", "make", "--from", junk.as_str()],
        vec![
            "puzzles",
            "make",
            "--mode",
            "hidden",
            "--from",
            open.as_str(),
        ],
        vec!["puzzles", "make", "--mode", "flip"],
        vec!["puzzles", "make", "--depth", "4"],
        vec!["puzzles", "make", "--goal", "pieces"],
        vec!["puzzles", "make", "--count", "0"],
        vec!["puzzles", "make", "--player", "engine:cat"],
        vec!["puzzles", "check", missing.as_str()],
    ] {
        let o = junqi(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = text(&o.stderr);
        assert!(
            err.starts_with("junqi: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// A hidden game of random turns (seeded), its record written in `dir`.
fn hidden_record(dir: &std::path::Path, seed: u64) -> String {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = SplitMix64::new(seed);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    for _ in 0..200 {
        if g.status().is_over() {
            break;
        }
        let legal = g.position().legal_turns(&rules);
        g.play(*rng.choose(&legal).unwrap()).unwrap();
    }
    let path = dir.join(format!("hidden-{seed}.ron"));
    std::fs::write(&path, g.to_ron()).unwrap();
    path.display().to_string()
}

#[test]
fn hidden_puzzles_are_made_from_records_and_proven_again() {
    let dir = tempfile::tempdir().unwrap();
    let recs: Vec<String> = (1..=4).map(|s| hidden_record(dir.path(), s)).collect();
    let out = dir.path().join("hidden.ron").display().to_string();
    let mut args = vec![
        "puzzles", "make", "--mode", "hidden", "--out", &out, "--from",
    ];
    args.extend(recs.iter().map(String::as_str));
    let o = junqi(&args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let last = text(&o.stdout);
    assert!(last.starts_with("puzzles: made="), "{last}");
    assert!(
        text(&o.stderr).contains("hidden-1.ron"),
        "progress on stderr"
    );
    let file = HiddenFile::read(std::path::Path::new(&out)).unwrap();
    assert!(!file.puzzles.is_empty(), "no puzzle in four games");
    let puzzles = file.puzzles().unwrap();
    for (k, p) in puzzles.iter().enumerate() {
        assert_eq!(p.id, format!("hidden-{:04}", k + 1));
        assert!(p.source.contains(".ron, ply "), "{}", p.source);
        // Made only from what the side knew: the view names no enemy rank but those shown.
        let entry = &file.puzzles[k];
        let enemy = if p.side() == junqi::engine::Seat::Red {
            'b'
        } else {
            'r'
        };
        let board = entry.view.split(' ').next().unwrap();
        let named = board
            .split('/')
            .flat_map(|rank| rank.as_bytes().chunks(2))
            .filter(|c| c[0] == enemy as u8 && c[1] != b'?')
            .count();
        let shown = entry
            .pieces
            .iter()
            .filter(|e| e.at.is_some() && e.shown.is_some_and(|c| Rank::from_code(c).is_some()))
            .count();
        assert_eq!(named, shown, "{}", entry.view);
    }
    let o = junqi(&["puzzles", "check", &out]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).starts_with(&format!("puzzles: checked={} ms=", puzzles.len())),
        "{}",
        text(&o.stdout)
    );
    // Another answer to the first puzzle is refused by the check.
    let mut wrong = file.clone();
    let first = &mut wrong.puzzles[0];
    first.answer = match first.question {
        Question::SafeAttack => "a1-a2".into(),
        _ => first
            .pieces
            .iter()
            .filter_map(|p| p.at.clone())
            .find(|at| *at != first.answer)
            .unwrap(),
    };
    wrong.write(std::path::Path::new(&out)).unwrap();
    let o = junqi(&["puzzles", "check", &out]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(
        text(&o.stderr).contains("puzzle hidden-0001 is not proven"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn hidden_puzzles_come_from_self_play_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("self.ron").display().to_string();
    let o = junqi(&[
        "puzzles",
        "make",
        "--mode",
        "hidden",
        "--games",
        "2",
        "--count",
        "3",
        "--player",
        "ai:easy:nodes=200",
        "--out",
        &out,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = junqi(&["puzzles", "check", &out]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let file = HiddenFile::read(std::path::Path::new(&out)).unwrap();
    assert!(
        (1..=3).contains(&file.puzzles.len()),
        "{}",
        file.puzzles.len()
    );
    assert!(
        file.puzzles
            .iter()
            .all(|p| p.source.starts_with("self-play seed 1 game "))
    );
}
