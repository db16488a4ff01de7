//! `junqi game show [--as red|blue|referee] FILE`: a game record replayed as one line per turn, each
//! with the position as the chosen viewer saw it right after that turn.

use super::{CliError, CliResult, read_small};
use crate::engine::game::MAX_RECORD_BYTES;
use crate::engine::{Game, Side, Viewer};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(clap::Subcommand, Debug)]
pub enum GameCommand {
    /// A game record replayed as one line per turn, with the position as the viewer saw it
    #[command(
        long_about = "A game record replayed as one line per turn: `0 start <position>`, then \
        `<ply> <turn> <position>` with the position as the chosen viewer saw it right after that turn, \
        then `result: …`. Pieces the viewer cannot identify are written `r?`/`b?`, face-down ones `??`."
    )]
    Show {
        /// Whose view: red, blue, or the referee (everything)
        #[arg(long = "as", value_name = "VIEWER", default_value = "referee")]
        viewer: ViewerArg,
        /// The game record (.ron)
        file: PathBuf,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ViewerArg {
    Red,
    Blue,
    Referee,
}

pub fn run(command: &GameCommand) -> CliResult {
    match command {
        GameCommand::Show { viewer, file } => {
            let viewer = match viewer {
                ViewerArg::Red => Viewer::Side(Side::Red),
                ViewerArg::Blue => Viewer::Side(Side::Blue),
                ViewerArg::Referee => Viewer::Referee,
            };
            let path = file.display().to_string();
            let text = read_small(&path, MAX_RECORD_BYTES as u64)?;
            let game = Game::from_ron(&text).map_err(|e| CliError(format!("{path}: {e}")))?;
            Ok(show(&game, viewer))
        }
    }
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
