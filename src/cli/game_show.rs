//! `junqi game show [--as red|blue|s|e|n|w|referee] FILE`: a game record replayed as one line per turn, each
//! with the position as the chosen viewer saw it right after that turn (an unfinished hidden game
//! needs `--as`: see `default_viewer`).

use super::{CliError, CliResult, read_small};
use crate::engine::game::MAX_RECORD_BYTES;
use crate::engine::{Game, Mode, Seat, Viewer};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(clap::Subcommand, Debug)]
pub enum GameCommand {
    /// A game record replayed as one line per turn, with the position as the viewer saw it
    #[command(
        long_about = "A game record replayed as one line per turn: `0 start <position>`, then \
        `<ply> <turn> <position>` with the position as the chosen viewer saw it right after that turn, \
        then `result: …`. Pieces the viewer cannot identify are written with their owner's seat letter and \
        `?` (`r?`, `b?`; four players `s?`, `e?`, `n?`, `w?`), face-down ones `??`. Two-player records take \
        `--as red|blue|referee`, four-player records `--as s|e|n|w|referee`. Without `--as`: the whole \
        record (the referee's view) of a finished or open game, the public view (face-up pieces only) \
        of an unfinished flip game; an unfinished hidden game needs `--as`."
    )]
    Show {
        /// Whose view: red or blue (two players), s, e, n or w (four players), or the referee
        /// (everything); needed for an unfinished hidden game
        #[arg(long = "as", value_name = "VIEWER")]
        viewer: Option<ViewerArg>,
        /// The game record (.ron)
        file: PathBuf,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ViewerArg {
    Red,
    Blue,
    /// South (four players)
    #[value(name = "s", alias = "south")]
    South,
    /// East (four players)
    #[value(name = "e", alias = "east")]
    East,
    /// North (four players)
    #[value(name = "n", alias = "north")]
    North,
    /// West (four players)
    #[value(name = "w", alias = "west")]
    West,
    Referee,
}

pub fn run(command: &GameCommand) -> CliResult {
    match command {
        GameCommand::Show { viewer, file } => {
            let path = file.display().to_string();
            let text = read_small(&path, MAX_RECORD_BYTES as u64)?;
            let game = Game::from_ron(&text).map_err(|e| CliError(format!("{path}: {e}")))?;
            let viewer = match viewer {
                Some(v) => *v,
                None => default_viewer(&game, &path)?,
            };
            let seat = match viewer {
                ViewerArg::Red => Some(Seat::Red),
                ViewerArg::Blue => Some(Seat::Blue),
                ViewerArg::South => Some(Seat::South),
                ViewerArg::East => Some(Seat::East),
                ViewerArg::North => Some(Seat::North),
                ViewerArg::West => Some(Seat::West),
                ViewerArg::Referee => None,
            };
            let viewer = match seat {
                None => Viewer::Referee,
                Some(s) if game.board().seats.contains(&s) => Viewer::Side(s),
                Some(s) => {
                    return Err(CliError(format!(
                        "bad flag: --as {} does not fit {path}, a {}-player game (use --as {})",
                        seat_word(s),
                        game.board().seats.len(),
                        viewer_words(&game)
                    )));
                }
            };
            Ok(show(&game, viewer))
        }
    }
}

/// The `--as` word of a seat: `red`, `blue`; `s`, `e`, `n`, `w`.
fn seat_word(s: Seat) -> String {
    if s.is_four() {
        s.letter().to_string()
    } else {
        s.en().to_lowercase()
    }
}

/// The `--as` values that fit a record: `red|blue|referee` or `s|e|n|w|referee`.
fn viewer_words(game: &Game) -> String {
    let mut words: Vec<String> = game.board().seats.iter().map(|&s| seat_word(s)).collect();
    words.push("referee".into());
    words.join("|")
}

/// The view shown without `--as`. No viewpoint of an unfinished hidden game is free (issue 33): the
/// referee's view shows every side's pieces, one side's view shows that side's, and the command
/// cannot know who is reading, so the reader names it. A finished game has revealed everything and
/// an open game hides nothing: their whole record is shown. An unfinished flip game hides the
/// face-down pieces from both players alike, so what players expect without `--as` is what the
/// table saw — the public view, face-up pieces only and `??` for the rest (the same for either
/// side); the face-down pieces need `--as referee`, said explicitly.
fn default_viewer(game: &Game, path: &str) -> Result<ViewerArg, CliError> {
    if game.status().is_over() {
        return Ok(ViewerArg::Referee);
    }
    match game.rules().mode {
        Mode::Open => Ok(ViewerArg::Referee),
        // Either side's view of a flip game is the public one (`Position::view`).
        Mode::Flip => Ok(ViewerArg::Red),
        Mode::Hidden => Err(CliError(format!(
            "bad flag: {path} is an unfinished hidden game: say whose view to show with --as {}",
            viewer_words(game)
        ))),
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
