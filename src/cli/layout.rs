//! `junqi layout check [RULES] FILE...`: formation files (布阵) checked against the deployment
//! rules (the house rules given as flags, e.g. `--bombs-in-front-row`).

use super::{CliError, RuleFlags, read_small};
use crate::engine::{Formation, Rules};
use std::path::PathBuf;

/// Formation files are small; anything larger is refused before parsing.
pub const MAX_FORMATION_BYTES: u64 = crate::engine::formation::MAX_FORMATION_TEXT as u64;

#[derive(clap::Subcommand, Debug)]
pub enum LayoutCommand {
    /// Check formation files against the deployment rules
    #[command(
        long_about = "Check formation files against the deployment rules (RULES.md section 3, \
        and the house rules given as flags, e.g. --bombs-in-front-row). Each valid file is confirmed \
        on stdout as `FILE: ok`; each problem goes to stderr as `FILE: problem`; the exit status is 0 \
        if every file is valid, else 2."
    )]
    Check {
        /// Formation files (.ron)
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        rules: RuleFlags,
    },
}

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
        Err(e) => vec![e.to_string()],
        Ok(f) => f.problems(rules).iter().map(|p| p.to_string()).collect(),
    }
}

/// Run `layout …`: the exit status; problems go to stderr one per line as `FILE: message`, and
/// each valid file is confirmed on stdout as `FILE: ok`.
pub fn run(command: &LayoutCommand) -> i32 {
    let LayoutCommand::Check { files, rules } = command;
    let rules = match rules.rules() {
        Ok(r) if r.mode.deals_face_down() => {
            eprintln!(
                "junqi: flip mode deals its pieces face down; formations are for open and hidden games"
            );
            return 2;
        }
        Ok(r) => r,
        Err(CliError(m)) => {
            eprintln!("junqi: {m}");
            return 2;
        }
    };
    let mut bad = false;
    for path in files {
        let path = path.display().to_string();
        let problems = check_file(&path, &rules);
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
