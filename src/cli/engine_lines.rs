//! The stdin loop of `junqi engine`, written once for both protocols (`engine`, `engine_ccgc`).

use super::{CliError, CliResult};
use std::io::{BufRead, Read, Write};

/// Read standard input line by line (each at most `protocol::MAX_LINE` bytes; `None` for a line
/// that was longer, skipped to its end) and write each line's answers to standard output,
/// flushed, until `answer` says to stop or the input ends.
pub(super) fn serve_lines(
    mut answer: impl FnMut(Option<&str>) -> (Vec<String>, bool),
) -> CliResult {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = (&mut input)
            .take(crate::protocol::MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|e| CliError(format!("engine: reading its input: {e}")))?;
        if n == 0 {
            return Ok(String::new());
        }
        let (answers, stop) = if buf.last() != Some(&b'\n') && buf.len() > crate::protocol::MAX_LINE
        {
            // The rest of an overlong line is skipped up to its end.
            let mut skip = Vec::new();
            let _ = input.read_until(b'\n', &mut skip);
            answer(None)
        } else {
            let line = String::from_utf8_lossy(&buf);
            answer(Some(line.trim_end_matches(['\n', '\r'])))
        };
        for a in &answers {
            writeln!(out, "{a}").map_err(|e| CliError(format!("engine: {e}")))?;
        }
        out.flush().map_err(|e| CliError(format!("engine: {e}")))?;
        if stop {
            return Ok(String::new());
        }
    }
}
