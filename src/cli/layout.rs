//! `junqi layout check FILE...`: formation files (布阵) checked against the deployment rules.

use super::{CliError, read_small};
use crate::engine::{Formation, Rules};

/// Formation files are small; anything larger is refused before parsing.
pub const MAX_FORMATION_BYTES: u64 = 64 * 1024;

const USAGE: &str = "usage: junqi layout check FILE...";

/// Every problem of one formation file, as messages without the file name (empty: valid).
pub fn check_file(path: &str, rules: &Rules) -> Vec<String> {
    let text = match read_small(path, MAX_FORMATION_BYTES) {
        Ok(t) => t,
        // read_small's messages already start with the path.
        Err(CliError(m)) => {
            return vec![
                m.strip_prefix(&format!("{path}: "))
                    .unwrap_or(&m)
                    .to_string(),
            ];
        }
    };
    match Formation::from_ron(&text) {
        Err(e) => vec![e],
        Ok(f) => f.problems(rules).iter().map(|p| p.to_string()).collect(),
    }
}

/// Run `layout …`: the exit status; problems go to stderr one per line as `FILE: message`, and
/// each valid file is confirmed on stdout as `FILE: ok`.
pub fn run_layout(args: &[String]) -> i32 {
    let files = match args.first().map(String::as_str) {
        Some("check") if args.len() > 1 => &args[1..],
        Some("check") | None => {
            eprintln!("junqi: layout check needs at least one file; {USAGE}");
            return 2;
        }
        Some(other) => {
            eprintln!("junqi: unknown layout command '{other}'; {USAGE}");
            return 2;
        }
    };
    let rules = Rules::default();
    let mut bad = false;
    for path in files {
        let problems = check_file(path, &rules);
        if problems.is_empty() {
            println!("{path}: ok");
        }
        for p in problems {
            bad = true;
            eprintln!("{path}: {}", p.replace('\n', " "));
        }
    }
    if bad { 2 } else { 0 }
}
