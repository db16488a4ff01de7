//! `junqi puzzles make` and `junqi puzzles check` through the binary.

use crate::common;

use common::cli::{junqi, text};
use junqi::engine::{Game, Mode, Rules, Start};
use junqi::puzzles::PuzzleFile;

/// Blue: a lieutenant on a12, the flag on d12; Red: a captain on d11, the flag on b1. Red to
/// move wins only by d11-d12.
const ONE_TAKER: &str = "b2....bF../......r3../........../........../........../........../........../........../........../........../........../..rF...... r 0 0";

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
fn puzzles_make_refuses_bad_arguments_and_files() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.ron").display().to_string();
    let not_a_record = dir.path().join("junk.ron");
    std::fs::write(&not_a_record, "hello").unwrap();
    let junk = not_a_record.display().to_string();
    for args in [
        vec!["puzzles", "make", "--from", missing.as_str()],
        vec!["puzzles", "make", "--from", junk.as_str()],
        vec!["puzzles", "make", "--mode", "hidden"],
        vec!["puzzles", "make", "--depth", "4"],
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
