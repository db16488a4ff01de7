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
