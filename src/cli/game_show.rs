//! `junqi game show [--as red|blue|s|e|n|w|referee] FILE`: a game record replayed as one line per turn, each
//! with the position as the chosen viewer saw it right after that turn (an unfinished hidden game
//! needs `--as`: see `default_viewer`). `junqi game review [--level L] [--nodes N] [--as SEAT]
//! [--lang en|zh] FILE`: every turn judged from the mover's own view (`ai::review`), each line
//! the scores and then what the window's review says of the turn, in words (`commentary`).

use super::{CliError, CliResult, read_small};
use crate::ai::review::{self, ReviewOptions};
use crate::ai::{Level, MAX_SPEC_NODES};
use crate::engine::game::MAX_RECORD_BYTES;
use crate::engine::{Chair, Game, Mode, Seat, Viewer};
use crate::i18n::{Lang, fill};
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
    /// Every turn judged by the computer from the mover's own view at that turn (复盘)
    #[command(
        long_about = "Every turn of a game record judged by the computer from the mover's own view \
        at that turn only (its view then and the public reports up to it, never the pieces it could \
        not see), one line per turn: `<ply> <seat> <turn> before=<score> after=<score> best=<turn> \
        [?|??] | <words>`, then `result: …`. The words after ` | ` are what the window's review says \
        of the turn: the side that moved, what it gave up as a piece's worth, how it stood (a game \
        the search sees won or lost within how many turns), the mark and its reasons; in English or \
        Chinese (`--lang`, by default the system's language). `before` is the score of the computer's preferred turn `best`, \
        `after` that of the turn played, both from the mover's side in the evaluation's units (a \
        marshal 100, a lieutenant 7; ±5000 a flag taken); a loss of 40 or more is marked `?`, of 100 \
        or more `??`. Seats are red, blue; south, east, north, west; in flip mode player1, player2. \
        A flip before the colours are decided is `unjudged`, a turn lost to the move clock \
        `timeout`. An unfinished record is reviewed up to its last turn (said on stderr). Progress \
        on stderr every 10%."
    )]
    Review {
        /// How hard the computer thinks: easy, normal or hard
        #[arg(long, value_name = "LEVEL", default_value = "normal", value_parser = level_arg)]
        level: Level,
        /// Search nodes per turn (default: the level's review budget, docs/tools.md); the same
        /// record and nodes give the same review
        #[arg(long, value_name = "N", value_parser = nodes_arg)]
        nodes: Option<u64>,
        /// Only this seat's turns: red or blue, south|east|north|west (or s|e|n|w), player1 or
        /// player2 in flip mode; all seats without it
        #[arg(long = "as", value_name = "SEAT")]
        seat: Option<String>,
        /// The language of the words after each line's ` | `: en or zh (default: the system's,
        /// Chinese when LC_ALL, LC_MESSAGES or LANG starts with zh)
        #[arg(long, value_name = "LANG", value_parser = lang_arg)]
        lang: Option<Lang>,
        /// The game record (.ron)
        file: PathBuf,
    },
}

fn lang_arg(s: &str) -> Result<Lang, String> {
    match s {
        "en" => Ok(Lang::En),
        "zh" => Ok(Lang::Zh),
        _ => Err(format!("'{s}' is not a language (en or zh)")),
    }
}

fn level_arg(s: &str) -> Result<Level, String> {
    Level::parse(s).ok_or_else(|| format!("'{s}' is not a level (easy, normal or hard)"))
}

fn nodes_arg(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if s.bytes().all(|b| b.is_ascii_digit()) && (1..=MAX_SPEC_NODES).contains(&n) => {
            Ok(n)
        }
        _ => Err(format!(
            "'{s}' is not a node count (a whole number 1 to {MAX_SPEC_NODES})"
        )),
    }
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
        GameCommand::Review {
            level,
            nodes,
            seat,
            lang,
            file,
        } => {
            let path = file.display().to_string();
            let text = read_small(&path, MAX_RECORD_BYTES as u64)?;
            let game = Game::from_ron(&text).map_err(|e| CliError(format!("{path}: {e}")))?;
            let only = match seat {
                None => None,
                Some(word) => Some(review_chair(&game, word).ok_or_else(|| {
                    CliError(format!(
                        "bad flag: --as {word} does not fit {path} (use --as {})",
                        review::chairs(&game)
                            .into_iter()
                            .map(review::chair_word)
                            .collect::<Vec<_>>()
                            .join("|")
                    ))
                })?),
            };
            let nodes =
                nodes.unwrap_or_else(|| review::default_nodes(*level, game.board().is_four()));
            let total = game.plies().len();
            if !game.status().is_over() {
                eprintln!(
                    "game review: {path} is unfinished: its {total} turns played are reviewed"
                );
            }
            let opts = ReviewOptions {
                level: *level,
                nodes,
                only,
            };
            let started = std::time::Instant::now();
            let mut shown = 0;
            let mut progress = |done: usize, total: usize| {
                let tenth = (done * 10).checked_div(total).unwrap_or(10);
                if tenth > shown {
                    shown = tenth;
                    eprintln!(
                        "game review: {done}/{total} turns ({}%, {:.1} s)",
                        tenth * 10,
                        started.elapsed().as_secs_f64()
                    );
                }
            };
            let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let reviews = review::review_game(&game, &opts, &mut progress, &cancel)
                .map_err(|e| CliError(format!("{path}: {e}")))?;
            let lang = lang.unwrap_or_else(Lang::from_env);
            let mut out = String::new();
            for r in &reviews {
                let _ = writeln!(
                    out,
                    "{} | {}",
                    review::line(&game, r),
                    worded(&game, r, lang)
                );
            }
            let _ = writeln!(out, "result: {}", game.status().word());
            Ok(out)
        }
    }
}

/// What the window's review says of a turn (`commentary::turn_line`), on one line; a turn lost
/// to the move clock said as such.
fn worded(game: &Game, r: &review::TurnReview, lang: Lang) -> String {
    if r.turn.is_none() {
        let side = crate::commentary::chair_side(game, r.who).map_or("?", |s| lang.side(s));
        return fill(
            lang.t(&crate::i18n::review::REVIEW_TIMEOUT),
            &[("side", side)],
        );
    }
    crate::commentary::turn_line(game, r, lang).replace('\n', " ")
}

/// The reviewed seat an `--as` word names in `game`: a seat of its board (`red`, `blue`; `south`
/// or `s`, …), or in flip mode a player (`player1`, `player2`).
fn review_chair(game: &Game, word: &str) -> Option<Chair> {
    let chairs = review::chairs(game);
    let w = word.to_ascii_lowercase();
    chairs.into_iter().find(|&c| {
        review::chair_word(c) == w
            || matches!(c, Chair::Side(s) if s.is_four() && s.letter().to_string() == w)
    })
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

/// The view shown without `--as`. No viewpoint of an unfinished hidden game is free: the
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
