//! `junqi game show [--as red|blue|referee] FILE`: a game record replayed as one line per turn, each
//! with the position as the chosen viewer saw it right after that turn.

use super::{CliError, CliResult, err, read_small};
use crate::engine::game::MAX_RECORD_BYTES;
use crate::engine::{Game, Side, Viewer};
use std::fmt::Write;

const USAGE: &str = "usage: junqi game show [--as red|blue|referee] FILE";

pub fn cmd_game(args: &[String]) -> CliResult {
    match args.first().map(String::as_str) {
        Some("show") => cmd_show(&args[1..]),
        Some(other) => err(format!("unknown game command '{other}'; {USAGE}")),
        None => err(USAGE),
    }
}

fn cmd_show(args: &[String]) -> CliResult {
    let mut viewer = Viewer::Referee;
    let mut file = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--as" => {
                i += 1;
                viewer = match args.get(i).map(String::as_str) {
                    Some("red") => Viewer::Side(Side::Red),
                    Some("blue") => Viewer::Side(Side::Blue),
                    Some("referee") => Viewer::Referee,
                    Some(v) => return err(format!("--as must be red, blue or referee, not '{v}'")),
                    None => return err("--as needs a value: red, blue or referee"),
                };
            }
            a if a.starts_with("--") => return err(format!("unknown flag '{a}'; {USAGE}")),
            a => {
                if file.replace(a.to_string()).is_some() {
                    return err(format!("game show takes one file; {USAGE}"));
                }
            }
        }
        i += 1;
    }
    let Some(path) = file else {
        return err(USAGE);
    };
    let text = read_small(&path, MAX_RECORD_BYTES as u64)?;
    let game = Game::from_ron(&text).map_err(|e| CliError(format!("{path}: {e}")))?;
    Ok(show(&game, viewer))
}

/// The listing: `0 start <position>`, then `<ply> <turn> <position>` per turn, then `result: …`.
pub fn show(game: &Game, viewer: Viewer) -> String {
    let rules = game.rules();
    let board = game.board();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "0 start {}",
        game.start_position().view(rules, viewer).notation()
    );
    for (i, ply) in game.plies().iter().enumerate() {
        let turn = match ply.turn {
            // A lost turn under the move clock is recorded as a ply with no move.
            None => "timeout".to_string(),
            Some(t) => t.notation(board),
        };
        let _ = writeln!(
            out,
            "{} {turn} {}",
            i + 1,
            ply.after.view(rules, viewer).notation()
        );
    }
    let _ = writeln!(out, "result: {}", game.status().word());
    out
}
