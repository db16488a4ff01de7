//! Settings that persist across runs: language, board options, the last house rules. Stored as RON
//! in the platform's user config directory, written atomically (temporary file, then rename). A file
//! that cannot be read means defaults and a warning, never a crash.

use super::problem::Problem;
use crate::engine::{Rules, Seat};
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const SETTINGS_VERSION: u32 = 1;
const FILE_NAME: &str = "settings.ron";
/// A settings file larger than this is not read.
const MAX_BYTES: u64 = 256 * 1024;

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardOptions {
    pub coordinates: bool,
    pub english_names: bool,
    pub rank_numbers: bool,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions {
            coordinates: true,
            english_names: false,
            rank_numbers: false,
        }
    }
}

/// Who plays a seat: seat 0 is Red (player 1 in flip mode), seat 1 Blue (player 2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Occupant {
    #[default]
    Human,
    Computer(crate::ai::Level),
    /// An outside engine speaking the junqi engine protocol, started by the command in the
    /// settings (`Settings::engine_command`).
    Engine,
}

/// Persisted options of hidden and flip play.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct ModeOptions {
    /// Cover the board between turns of a hidden game (off when one side is the computer).
    pub curtain: bool,
    /// A flip needs a second click on the same piece.
    pub confirm_flip: bool,
    /// Against the computer, a hidden or flip game allows takebacks (each one is kept in the
    /// record and counted).
    pub takebacks_vs_computer: bool,
}

impl Default for ModeOptions {
    fn default() -> Self {
        ModeOptions {
            curtain: true,
            confirm_flip: false,
            takebacks_vs_computer: false,
        }
    }
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub version: u32,
    pub lang: Lang,
    pub board: BoardOptions,
    /// The house rules of the last game started.
    pub rules: Rules,
    /// The colour drawn at the bottom.
    pub bottom: Seat,
    /// Hidden and flip play: the hand-over curtain, flip confirmation.
    pub modes: ModeOptions,
    /// Who played each seat in the last game started (human or computer and its level).
    pub seats: [Occupant; 2],
    /// Red's and Blue's formations in the last game started (none: a random one), offered again
    /// in the new-game dialog.
    pub last_formations: [Option<LastFormation>; 2],
    /// Play a sound for a move, a clash, a flag shown and the end of a game (off by default;
    /// files written before the setting existed read as off).
    pub sounds: bool,
    /// The last game started had four players: the new-game dialog opens that way again, with
    /// who played each of the four seats.
    pub four: bool,
    pub seats4: [Occupant; 4],
    /// The command that starts an outside engine (`Occupant::Engine`), as last chosen in the
    /// new-game dialog (none yet: the dialog offers the program's own engine).
    pub engine_command: Option<String>,
    /// How many threads the computer thinks on: 0 (the default, and what files written before
    /// the setting existed read as) all cores but one, else that many (View menu).
    pub threads: u16,
    /// The lessons learnt (their ids), marked in the lesson list.
    pub lessons_done: Vec<String>,
    /// The puzzles' score: the rating, the streak, where the player is in the set.
    pub puzzles: PuzzleScore,
    /// The network forms' choices: the player's name, where a hosted room listens.
    pub net: NetOptions,
}

/// Where a room this window hosts listens.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum ListenOn {
    /// Every network of this computer (0.0.0.0): players on other computers can join.
    #[default]
    All,
    /// This computer only (127.0.0.1).
    Local,
    /// The address the player typed (`NetOptions::listen_addr`).
    Typed,
}

/// The network forms' choices, offered again next time.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct NetOptions {
    /// The name last given in the host or join form (none yet: the system's user name).
    pub name: Option<String>,
    pub listen: ListenOn,
    /// The address last typed for `ListenOn::Typed`.
    pub listen_addr: String,
}

/// The player's puzzle score (残局), kept between runs.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleScore {
    /// Elo against each puzzle's rating (K = 32), from 1200.
    pub rating: f64,
    /// Puzzles solved in a row at the first try.
    pub streak: u32,
    pub best_streak: u32,
    /// The open puzzle shown next (its index in the shipped open set).
    pub next: usize,
    /// The kind of puzzle offered: open, hidden or both.
    pub kind: PuzzleKind,
    /// The hidden puzzle shown next (its index in the shipped hidden set).
    pub next_hidden: usize,
    /// With both kinds offered: the puzzle shown next (its place among both sets by rating).
    pub next_mixed: usize,
}

/// The puzzles offered (残局): open 明棋 ones, hidden 暗棋 deduction ones, or both by rating.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum PuzzleKind {
    Open,
    Hidden,
    #[default]
    Mixed,
}

impl Default for PuzzleScore {
    fn default() -> Self {
        PuzzleScore {
            rating: crate::puzzles::START_RATING,
            streak: 0,
            best_streak: 0,
            next: 0,
            kind: PuzzleKind::default(),
            next_hidden: 0,
            next_mixed: 0,
        }
    }
}

impl PuzzleScore {
    /// The place the puzzles of the kind offered open at.
    pub fn next_of_kind(&self) -> usize {
        match self.kind {
            PuzzleKind::Open => self.next,
            PuzzleKind::Hidden => self.next_hidden,
            PuzzleKind::Mixed => self.next_mixed,
        }
    }

    /// Keep `place` as where the puzzles of the kind offered open next.
    pub fn set_next_of_kind(&mut self, place: usize) {
        match self.kind {
            PuzzleKind::Open => self.next = place,
            PuzzleKind::Hidden => self.next_hidden = place,
            PuzzleKind::Mixed => self.next_mixed = place,
        }
    }

    /// A first try at a puzzle rated `puzzle`, solved or not: the rating and the streak move.
    /// The change of rating.
    pub fn record(&mut self, puzzle: u32, solved: bool) -> f64 {
        let after = crate::puzzles::elo(self.rating, f64::from(puzzle), solved);
        let change = after - self.rating;
        self.rating = after;
        if solved {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        change
    }
}

/// A formation used in the last game started.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum LastFormation {
    /// A formation file of the library (the user's or a shipped one), by its path.
    File(PathBuf),
    /// A formation made in the editor for that game, as its RON text.
    Edited(String),
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: SETTINGS_VERSION,
            lang: Lang::from_env(),
            board: BoardOptions::default(),
            rules: Rules::default(),
            bottom: Seat::Red,
            modes: Default::default(),
            seats: Default::default(),
            last_formations: Default::default(),
            sounds: false,
            four: false,
            seats4: [
                Occupant::Human,
                Occupant::Computer(crate::ai::Level::Normal),
                Occupant::Computer(crate::ai::Level::Normal),
                Occupant::Computer(crate::ai::Level::Normal),
            ],
            engine_command: None,
            threads: 0,
            lessons_done: Vec::new(),
            puzzles: PuzzleScore::default(),
            net: NetOptions::default(),
        }
    }
}

/// The platform's directory for this program's settings, if the platform has one.
pub fn default_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "junqi").map(|d| d.config_dir().to_path_buf())
}

/// Read the settings in `dir`: defaults if there is no file; defaults and the reason if the file
/// is unreadable, too large, malformed or of another version.
pub fn load(dir: &Path) -> (Settings, Option<Problem>) {
    let path = dir.join(FILE_NAME);
    if !path.exists() {
        return (Settings::default(), None);
    }
    let text = match crate::fsutil::read_text(&path, MAX_BYTES) {
        Ok(t) => t,
        Err(e) => return (Settings::default(), Some(Problem::File(e))),
    };
    match ron::from_str::<Settings>(&text) {
        Ok(s) if s.version != SETTINGS_VERSION => (
            Settings::default(),
            Some(Problem::Version {
                path,
                found: s.version,
                reads: SETTINGS_VERSION,
            }),
        ),
        Ok(s) => match s.rules.validate() {
            Ok(()) => (s, None),
            Err(error) => (
                Settings {
                    rules: Rules::default(),
                    ..s
                },
                Some(Problem::Rules { path, error }),
            ),
        },
        Err(e) => (
            Settings::default(),
            Some(Problem::Syntax {
                path,
                line: e.span.start.line,
                col: e.span.start.col,
                message: e.code.to_string(),
            }),
        ),
    }
}

/// Write the settings to `dir` atomically.
pub fn save(dir: &Path, settings: &Settings) -> Result<(), crate::fsutil::FileError> {
    crate::fsutil::create_private_dir_all(dir)?;
    // Settings are plain data: RON writes any of them.
    let text = ron::ser::to_string_pretty(settings, ron::ser::PrettyConfig::default())
        .expect("settings serialize");
    let path = dir.join(FILE_NAME);
    crate::fsutil::atomic_write(
        &path,
        format!("// junqi settings (RON)\n{text}\n").as_bytes(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Settings {
            lang: Lang::En,
            ..Settings::default()
        };
        s.board.rank_numbers = true;
        s.rules.flying_bombs = true;
        s.bottom = Seat::Blue;
        s.net = NetOptions {
            name: Some("李".into()),
            listen: ListenOn::Typed,
            listen_addr: "192.168.1.5".into(),
        };
        save(dir.path(), &s).unwrap();
        assert_eq!(load(dir.path()), (s, None));
    }

    #[test]
    fn corrupt_file_gives_defaults_and_a_reason() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), "(version: 1, lang: Klingon").unwrap();
        let (s, warning) = load(dir.path());
        assert_eq!(s, Settings::default());
        assert!(warning.unwrap().to_string().contains("line 1"));
        std::fs::write(dir.path().join(FILE_NAME), "(version: 99)").unwrap();
        assert!(
            load(dir.path())
                .1
                .unwrap()
                .to_string()
                .contains("version 99")
        );
    }

    #[test]
    fn a_file_from_before_threads_reads_as_all_cores_but_one_and_a_count_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(FILE_NAME),
            "(version: 1, lang: En, sounds: true)",
        )
        .unwrap();
        let (s, warning) = load(dir.path());
        assert_eq!(warning, None);
        assert_eq!(s.threads, 0, "0: all cores but one");
        assert!(s.sounds);
        save(dir.path(), &Settings { threads: 2, ..s }).unwrap();
        assert_eq!(load(dir.path()).0.threads, 2);
    }

    #[test]
    fn a_file_from_before_sounds_reads_with_sounds_off() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(FILE_NAME),
            "(version: 1, lang: En, board: (coordinates: false))",
        )
        .unwrap();
        let (s, warning) = load(dir.path());
        assert_eq!(warning, None);
        assert!(!s.sounds);
        assert!(!s.board.coordinates);
        let on = Settings { sounds: true, ..s };
        save(dir.path(), &on).unwrap();
        assert!(load(dir.path()).0.sounds);
    }

    #[test]
    fn the_engine_command_and_seat_are_kept_and_older_files_read_without_them() {
        let dir = tempfile::tempdir().unwrap();
        let s = Settings {
            seats: [Occupant::Human, Occupant::Engine],
            engine_command: Some("my-engine --fast".into()),
            ..Settings::default()
        };
        save(dir.path(), &s).unwrap();
        assert_eq!(load(dir.path()), (s, None));
        std::fs::write(dir.path().join(FILE_NAME), "(version: 1, lang: En)").unwrap();
        let (s, warning) = load(dir.path());
        assert_eq!((s.engine_command, warning), (None, None));
    }

    #[test]
    fn missing_file_is_no_warning() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(load(dir.path()).1, None);
    }
}
