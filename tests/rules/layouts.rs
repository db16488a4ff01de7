//! The shipped formations in `layouts/` and `junqi layout check` on good and hostile files.

use junqi::engine::{Formation, Rank, Rules};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn layouts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("layouts/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    v
}

fn check(files: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_junqi"))
        .arg("layout")
        .arg("check")
        .args(files)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 messages")
}

#[test]
fn every_shipped_formation_is_valid_and_in_the_file_format() {
    let files = layouts();
    assert!(
        files.len() >= 8,
        "at least 8 formations ship, found {}",
        files.len()
    );
    let mut names = std::collections::HashSet::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let f = Formation::from_ron(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let problems = f.problems(&Rules::default());
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
        assert!(
            !f.notes.trim().is_empty() && !f.notes.contains('\n'),
            "{}: one-line note",
            path.display()
        );
        assert!(names.insert(f.name.clone()), "duplicate name {}", f.name);
        // Written exactly as the program writes formations.
        assert_eq!(
            f.to_ron(),
            text,
            "{} is not in Formation::to_ron form",
            path.display()
        );
        // Played the way players do: every square next to the flag's HQ holds a mine or a piece
        // that stays home, and at least two mines touch the flag.
        let (fl, fc) = (1..=6u8)
            .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
            .find(|&(l, c)| f.at(l, c) == Some(Rank::Flag))
            .unwrap();
        assert_eq!(fl, 6);
        let around = [(6, fc - 1), (6, fc + 1), (5, fc)];
        let mines = around
            .iter()
            .filter(|&&(l, c)| f.at(l, c) == Some(Rank::Mine))
            .count();
        assert!(
            mines >= 2,
            "{}: the flag has only {mines} mine(s) beside it",
            path.display()
        );
    }
    let all: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let o = check(&all);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Write `bytes` to a fresh file and run `layout check` on it.
fn check_bytes(name: &str, bytes: &[u8]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    let o = check(&[&path]);
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    (o.status.code(), stderr(&o), out)
}

fn valid_text() -> String {
    std::fs::read_to_string(&layouts()[0]).unwrap()
}

#[test]
fn syntax_errors_name_line_and_column() {
    let text = valid_text().replacen("version: 1,", "version: 1,,", 1);
    let (code, err, _) = check_bytes("bad.ron", text.as_bytes());
    assert_eq!(code, Some(2));
    assert!(err.contains("bad.ron: line 4, column 16: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn wrong_counts_are_listed_one_per_line() {
    // Two marshals and no general.
    let text = valid_text().replacen('8', "9", 1);
    let (code, err, out) = check_bytes("counts.ron", text.as_bytes());
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{out}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines.iter().all(|l| l.contains("counts.ron: ")), "{err}");
    assert!(
        err.contains("2 × Field Marshal") || err.contains("Marshal"),
        "{err}"
    );
    assert!(err.contains("General"), "{err}");
}

#[test]
fn unknown_piece_is_named() {
    let text = valid_text().replacen(" 3 ", " X ", 1);
    let (code, err, _) = check_bytes("unknown.ron", text.as_bytes());
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown piece 'X'"), "{err}");
}

#[test]
fn deployment_rules_are_checked() {
    // The flag swapped with a front-line piece: flag out of an HQ.
    let mut f = Formation::from_ron(&valid_text()).unwrap();
    let front = f.at(1, 1);
    let (fl, fc) = (
        6u8,
        if f.at(6, 2) == Some(Rank::Flag) {
            2u8
        } else {
            4
        },
    );
    f.set(1, 1, Some(Rank::Flag));
    f.set(fl, fc, front);
    let (code, err, _) = check_bytes("flag.ron", f.to_ron().as_bytes());
    assert_eq!(code, Some(2));
    assert!(err.contains("flag.ron: flag at a6"), "{err}");
}

#[test]
fn hostile_files_give_one_clean_line() {
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "binary.ron",
            vec![b'(', 0xff, 0xfe, 0x00, b')'],
            "not UTF-8",
        ),
        ("empty.ron", Vec::new(), "line 1, column 1"),
        ("huge.ron", vec![b' '; 10 * 1024 * 1024], "larger than"),
        (
            "lines.ron",
            b"(version: 1, name: \"x\", lines: [\"1 2 3\"])".to_vec(),
            "6 lines",
        ),
        (
            "version.ron",
            b"(version: 7, name: \"x\", lines: [])".to_vec(),
            "version 7",
        ),
        ("deep.ron", "[".repeat(100_000).into_bytes(), "larger than"),
        ("nested.ron", "[".repeat(5_000).into_bytes(), "line 1"),
    ];
    for (name, bytes, expect) in cases {
        let (code, err, out) = check_bytes(name, &bytes);
        assert_eq!(code, Some(2), "{name}: {err}");
        assert!(out.is_empty(), "{name}: {out}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(&format!("{name}: ")), "{name}: {err}");
        assert!(err.contains(expect), "{name}: expected '{expect}' in {err}");
    }
}

#[test]
fn missing_files_and_mixed_runs() {
    let good = layouts()[0].clone();
    let o = check(&[&good, Path::new("/nonexistent/none.ron")]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.starts_with("/nonexistent/none.ron: "), "{err}");
    assert!(String::from_utf8(o.stdout).unwrap().contains(": ok"));
    let o = Command::new(env!("CARGO_BIN_EXE_junqi"))
        .args(["layout", "check"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}
