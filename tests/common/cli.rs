//! The binary from the command-line tests: run it, read what it wrote.

use std::ffi::OsStr;
use std::process::{Command, Output};

/// The `junqi` binary run with `args`, to its end.
pub fn junqi<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_junqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The binary's output as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("UTF-8 output")
}

/// An arena run of two games where seat A (a misbehaving engine, `mode`) must lose both by
/// failing, for `reason`, within 30 s of `started` (not after the turn times they were given).
pub fn assert_a_lost_both_by_failing(
    out: &Output,
    mode: &str,
    reason: &str,
    started: std::time::Instant,
) {
    let (so, se) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{mode}: {se}");
    assert!(
        so.contains("games=2 a_wins=0 draws=0 b_wins=2"),
        "{mode}: {so}"
    );
    assert!(se.contains("a lost 2 game(s) by failing"), "{mode}: {se}");
    assert!(se.contains(reason), "{mode}: {se}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "{mode}: {:?}",
        started.elapsed()
    );
}
