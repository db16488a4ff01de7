//! Saved games: the game in progress is written to `<data dir>/games/current.ron` after every change
//! (atomically), so a crash, a kill or a power cut loses nothing; at startup an unfinished current game
//! is offered for resume, a finished one joins the recent games. Save as / Open go through native file
//! dialogs (rfd) with the in-app list of recent games as the fallback. Files are game records
//! (`GameRecord` RON); the app keeps its own facts in `GameRecord.info`:
//! `id` (which game this is), `started`, `seat` (`hotseat`: both players at this screen), `computer`
//! (the computer's seats), `bottom` (a four-player game's bottom seat) and, in `current.ron` only,
//! `redo`. No record names the side it "belongs to": who is looking cannot be known (`lone_person`).

use super::command::Command;
pub use super::command::SaveCmd;
use super::problem::{Problem, Warning};
pub use super::records::{date_text, info_value, load_game};
use super::session::Session;
use crate::engine::{Action, Game, GameRecord, InfoKey, Mode, Seat};
use crate::fsutil::FileError;
use crate::i18n::{self, Lang, fill};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

pub const CURRENT: &str = "current.ron";
/// External files opened or saved, remembered for the recent list.
const INDEX: &str = "recent-files.ron";
const MAX_RECENT: usize = 30;
const MAX_INDEX: usize = 20;
/// A native dialog that returns empty-handed faster than this did not open.
const DIALOG_MIN: Duration = Duration::from_millis(250);

/// The platform's directory for saved games, if the platform has one.
pub fn default_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "junqi").map(|d| d.data_dir().join("games"))
}

/// What the file buttons do: the native dialog, or (tests) a fixed answer, or no dialog at all.
#[derive(Clone, Debug)]
pub enum Picker {
    Native,
    /// Tests: the dialog "returns" this path.
    Fixed(Option<PathBuf>),
    /// No dialog can open here: the recent list is used.
    Unavailable,
}

/// An unfinished game found at startup, waiting for Resume or Discard.
pub struct ResumeOffer {
    pub game: Game,
    pub redo: Vec<Action>,
}

/// A line of the recent games list.
#[derive(Clone, Debug)]
pub struct RecentGame {
    pub path: PathBuf,
    pub name: String,
    pub date: String,
    pub mode: Option<Mode>,
    /// Who the computer seats were (the first one not human: the computer at its level, or an
    /// outside engine), if one side was the computer.
    pub computer: Option<super::settings::Occupant>,
    /// When the game started (the record's `started`), if it says.
    pub started: Option<String>,
    /// A four-player game.
    pub four: bool,
    /// The result, or the reason the file cannot be read.
    pub result: Result<(crate::engine::Status, usize), Problem>,
    /// A game abandoned with no result: an engine failed before its first turn (`abandoned`).
    pub abandoned: bool,
}

impl RecentGame {
    /// The list's columns: date, mode, players, moves, result ("unreadable" and the file's name
    /// where the file cannot be read).
    pub fn columns(&self, lang: Lang) -> [String; 5] {
        let date = self.started.as_deref().unwrap_or(&self.date).to_string();
        let Ok((status, turns)) = &self.result else {
            return [
                date,
                String::new(),
                self.name.clone(),
                String::new(),
                lang.t(&i18n::UNREADABLE).to_string(),
            ];
        };
        let mode = self.mode.map_or("", |m| mode_text(m, lang)).to_string();
        let mut players = self.players(lang);
        if self.four && self.computer.is_some() {
            players = format!("{} · {players}", lang.t(&i18n::FOUR_PLAYERS));
        }
        [
            date,
            mode,
            players,
            fill(lang.t(&i18n::RECENT_MOVES), &[("n", &turns.to_string())]),
            result_text(*status, self.abandoned, lang),
        ]
    }

    /// Who played: against the computer (its level) or an outside engine, two people, four.
    fn players(&self, lang: Lang) -> String {
        match self.computer {
            Some(super::settings::Occupant::Engine) => lang.t(&i18n::RECENT_VS_ENGINE).to_string(),
            Some(super::settings::Occupant::Computer(level)) => {
                let level = match lang {
                    Lang::Zh => lang.t(super::computer::level_text(level)).to_string(),
                    Lang::En => lang.t(super::computer::level_text(level)).to_lowercase(),
                };
                fill(lang.t(&i18n::RECENT_VS_COMPUTER), &[("level", &level)])
            }
            None | Some(super::settings::Occupant::Human) if self.four => {
                lang.t(&i18n::FOUR_PLAYERS).to_string()
            }
            None | Some(super::settings::Occupant::Human) => {
                lang.t(&i18n::RECENT_TWO_PLAYERS).to_string()
            }
        }
    }

    /// The line of the recent games list: "暗棋 · vs computer (normal) · 34 moves · Red won ·
    /// 11-30 15:56" (the file's name only where the file cannot be read).
    pub fn line(&self, lang: Lang) -> String {
        let Ok((status, turns)) = &self.result else {
            return format!("{} · {}", self.name, lang.t(&i18n::UNREADABLE));
        };
        let mut parts = Vec::new();
        if let Some(m) = self.mode {
            parts.push(mode_text(m, lang).to_string());
        }
        let mut players = self.players(lang);
        if self.four && self.computer.is_some() {
            players = format!("{} · {players}", lang.t(&i18n::FOUR_PLAYERS));
        }
        parts.push(players);
        parts.push(fill(
            lang.t(&i18n::RECENT_MOVES),
            &[("n", &turns.to_string())],
        ));
        parts.push(result_text(*status, self.abandoned, lang));
        // "2026-11-30 15:56" → "11-30 15:56".
        let date = self.started.as_deref().unwrap_or(&self.date);
        parts.push(date.get(5..).unwrap_or(date).to_string());
        parts.join(" · ")
    }
}

/// A game's result in the recent games list: who won, a draw, unfinished, or abandoned.
fn result_text(status: crate::engine::Status, abandoned: bool, lang: Lang) -> String {
    match status {
        // A colour, or a team of four players ("South and North won").
        crate::engine::Status::Won(team, _) => fill(
            lang.t(&i18n::RECENT_WON),
            &[(
                "side",
                match lang {
                    Lang::Zh => team.zh(),
                    Lang::En => team.en(),
                },
            )],
        ),
        crate::engine::Status::Draw(_) => lang.t(&i18n::RECENT_DRAW).to_string(),
        crate::engine::Status::Ongoing if abandoned => lang.t(&i18n::RECENT_ABANDONED).to_string(),
        crate::engine::Status::Ongoing => lang.t(&i18n::RECENT_UNFINISHED).to_string(),
    }
}

pub struct Saves {
    pub dir: Option<PathBuf>,
    pub picker: Picker,
    pub resume: Option<ResumeOffer>,
    pub recent: Vec<RecentGame>,
    /// The record last written as `current.ron` (with the `redo` entry).
    last_saved: Option<GameRecord>,
    /// `current.ron` holds a finished game: it is among the recent games already (until another
    /// game moves it there under a name of its own).
    current_over: bool,
    /// The referee's tracked game and clash judge tally, saved apart (`referee/`).
    pub referee: super::referee::RefereeSaves,
}

/// The one person of a game whose every other seat is the computer (`computer` info), or partners
/// under team view playing together against the computer: the seat whose own viewpoint is free in
/// a replay of the file (nobody is hidden from). `None` when two or more people who must not see
/// each other's pieces played, or when the record names no computer seat: then the program cannot
/// know who is looking, and every viewpoint of an unfinished hidden game needs a confirmation.
///
/// Whoever was to move or pressed Save as is not necessarily who is looking, so nothing else in
/// the record (older files' `saved_by`) is trusted for this.
pub fn lone_person(game: &Game) -> Option<Seat> {
    let board = game.board();
    let seats = super::computer::seats_from_info(
        info_value(game.record(), InfoKey::Computer),
        board.seats.len(),
    );
    let people: Vec<usize> = (0..seats.len())
        .filter(|&k| seats[k] == super::settings::Occupant::Human)
        .collect();
    let seat_of = |k: usize| {
        if game.rules().mode.deals_face_down() {
            game.player_colour(k as u8 + 1).unwrap_or(board.seats[k])
        } else {
            board.seats[k]
        }
    };
    match people.as_slice() {
        [one] => Some(seat_of(*one)),
        [a, b]
            if board.is_four()
                && game.rules().team_view
                && board.seats[*a].partner() == Some(board.seats[*b]) =>
        {
            Some(seat_of(*a))
        }
        _ => None,
    }
}

/// The file text of a record (the same layout as `Game::to_ron`).
fn record_text(record: &GameRecord) -> String {
    // A record is plain data (strings, numbers, lists): RON writes any of it.
    let body = ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default())
        .expect("a game record serializes");
    format!("// Junqi game record (RON). Turns in the notation of NOTATION.md.\n{body}\n")
}

fn stamp(t: SystemTime) -> String {
    date_text(t).replace([' ', ':'], "").replace('-', "")
}

/// The status and the number of turns of a game, for the lists.
/// Whether `game` was abandoned with no result (its record's `abandoned` entry, and no result).
pub fn abandoned(game: &Game) -> bool {
    !game.status().is_over() && info_value(game.record(), InfoKey::Abandoned).is_some()
}

fn summary(game: &Game) -> (crate::engine::Status, usize) {
    (game.status(), game.plies().len())
}

/// The redo stack a `current.ron` carries, checked against its game (an invalid one is dropped).
fn split_redo(game: Game) -> (Game, Vec<Action>) {
    let mut record = game.record().clone();
    let Some(text) = info_value(&record, InfoKey::Redo).map(str::to_string) else {
        return (game, Vec::new());
    };
    record.info.retain(|(k, _)| k != InfoKey::Redo.as_str());
    let Ok(clean) = Game::from_record(record) else {
        return (game, Vec::new());
    };
    let redo: Vec<Action> = ron::from_str(&text).unwrap_or_default();
    let mut probe = clean.clone();
    let valid = redo.len() <= 20_000 && redo.iter().rev().all(|a| probe.act(a.clone()).is_ok());
    (clean, if valid { redo } else { Vec::new() })
}

impl Saves {
    /// The saved games in `dir`: an unfinished `current.ron` becomes the resume offer, a finished one
    /// joins the recent games; an unreadable one is set aside (renamed, never over another kept
    /// file) with a warning that says where it is.
    pub fn open(dir: Option<PathBuf>, picker: Picker) -> (Saves, Option<Warning>) {
        let mut saves = Saves {
            dir,
            picker,
            resume: None,
            recent: Vec::new(),
            last_saved: None,
            current_over: false,
            referee: Default::default(),
        };
        let mut warning = None;
        if let Some(dir) = saves.dir.clone() {
            let current = dir.join(CURRENT);
            if current.exists() {
                match load_game(&current) {
                    Ok(game) => {
                        let (game, redo) = split_redo(game);
                        saves.last_saved = Some(game.record().clone());
                        // An abandoned game is not offered again: it joins the recent games.
                        if game.status().is_over() || abandoned(&game) {
                            if let Err(e) = saves.archive_current() {
                                warning = Some(Warning::new(i18n::OPEN_FAILED, e));
                            }
                        } else {
                            saves.resume = Some(ResumeOffer { game, redo });
                        }
                    }
                    Err(e) => {
                        let stem = format!("unreadable-{}", stamp(SystemTime::now()));
                        warning = Some(
                            match crate::fsutil::rename_to_free_name(&current, &dir, &stem, "ron") {
                                Ok(aside) => Warning::new(
                                    i18n::KEPT_ASIDE,
                                    Problem::KeptAside {
                                        aside,
                                        because: Box::new(e.into()),
                                    },
                                ),
                                // Left where it was: nothing was changed.
                                Err(_) => Warning::new(i18n::OPEN_FAILED, e),
                            },
                        );
                    }
                }
            }
            let (referee, referee_warning) = super::referee::RefereeSaves::open(Some(&dir));
            saves.referee = referee;
            warning = warning.or(referee_warning);
            saves.refresh();
        }
        (saves, warning)
    }

    /// Move `current.ron` into the recent games (a game without any action is simply dropped).
    fn archive_current(&mut self) -> Result<(), FileError> {
        let Some(dir) = &self.dir else { return Ok(()) };
        let current = dir.join(CURRENT);
        let last = self.last_saved.take();
        self.current_over = false;
        if !current.exists() {
            return Ok(());
        }
        let Some(record) = last.filter(|r| !r.actions.is_empty()) else {
            let _ = std::fs::remove_file(&current);
            return Ok(());
        };
        let id = info_value(&record, InfoKey::Id).unwrap_or("game");
        let started = info_value(&record, InfoKey::Started).map_or_else(
            || stamp(SystemTime::now()),
            |s| s.replace([' ', ':', '-'], ""),
        );
        // Never over another kept game (`game-…-2.ron` and on when the name is taken).
        crate::fsutil::rename_to_free_name(&current, dir, &format!("game-{started}-{id}"), "ron")
            .map(|_| ())
    }

    /// Keep a finished network game (the record its host revealed at the end) among the recent
    /// games, as `game-STARTED-net-ROOM.ron` (never over another file); its path (none without
    /// a data folder).
    ///
    /// # Errors
    /// The file could not be written.
    pub fn keep_network_game(
        &mut self,
        game: &mut Game,
        room: &str,
    ) -> Result<Option<PathBuf>, FileError> {
        let Some(dir) = self.dir.clone() else {
            return Ok(None);
        };
        let now = SystemTime::now();
        if info_value(game.record(), InfoKey::Started).is_none() {
            game.set_info(InfoKey::Started, &date_text(now));
        }
        game.set_info(InfoKey::Seat, "network");
        crate::fsutil::create_private_dir_all(&dir)?;
        let tmp = dir.join(format!("net-{room}.part"));
        crate::fsutil::atomic_write(&tmp, record_text(game.record()).as_bytes())?;
        let path = crate::fsutil::rename_to_free_name(
            &tmp,
            &dir,
            &format!("game-{}-net-{room}", stamp(now)),
            "ron",
        )?;
        self.refresh();
        Ok(Some(path))
    }

    /// Write the game in progress as `current.ron` if it changed since the last write. A game with a
    /// different `id` first moves the previous current game into the recent list.
    pub fn autosave(&mut self, play: Option<&mut Session>) -> Result<(), FileError> {
        self.autosave_with(play, |_| Ok(()))
    }

    /// `autosave` with a hook between writing the temporary file and the rename (crash tests).
    pub fn autosave_with(
        &mut self,
        play: Option<&mut Session>,
        before_rename: impl FnOnce(&Path) -> std::io::Result<()>,
    ) -> Result<(), FileError> {
        let (Some(dir), Some(play)) = (self.dir.clone(), play) else {
            return Ok(());
        };
        if info_value(play.game().record(), InfoKey::Id).is_none() {
            let now = SystemTime::now();
            let nanos = now
                .duration_since(SystemTime::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            play.set_info(
                InfoKey::Id,
                &format!("{}{:04x}", stamp(now), nanos & 0xffff),
            );
            play.set_info(InfoKey::Started, &date_text(now));
            if info_value(play.game().record(), InfoKey::Seat).is_none() {
                play.set_info(InfoKey::Seat, "hotseat");
            }
        }
        // No side is written as the file's owner: whoever is to move is not necessarily who is
        // looking (older files' `saved_by` is dropped, and never trusted).
        let mut record = play.game().record().clone();
        record.info.retain(|(k, _)| k != InfoKey::SavedBy.as_str());
        if !play.redo().is_empty() {
            // Actions are plain data: RON writes any of them.
            let redo = ron::to_string(play.redo()).expect("actions serialize");
            record.info.push((InfoKey::Redo.as_str().into(), redo));
        }
        if self.last_saved.as_ref() == Some(&record) {
            return Ok(());
        }
        if self
            .last_saved
            .as_ref()
            .is_some_and(|l| info_value(l, InfoKey::Id) != info_value(&record, InfoKey::Id))
        {
            // Another game replaces the current one: keep the old one among the recent games.
            self.archive_current()?;
            self.resume = None;
            self.refresh();
        }
        crate::fsutil::create_private_dir_all(&dir)?;
        crate::fsutil::atomic_write_with(
            &dir.join(CURRENT),
            record_text(&record).as_bytes(),
            before_rename,
        )?;
        self.last_saved = Some(record);
        // A game that ended is listed among the recent games at once.
        let over = play.game().status().is_over();
        if over != self.current_over {
            self.current_over = over;
            self.refresh();
        }
        Ok(())
    }

    /// How many actions of the game in play are not in the last `current.ron` written (all of them
    /// for a game not written yet).
    pub fn unsaved_turns(&self, play: Option<&Session>) -> usize {
        let Some(play) = play else { return 0 };
        let record = play.game().record();
        match &self.last_saved {
            Some(l) if info_value(l, InfoKey::Id) == info_value(record, InfoKey::Id) => {
                let same = l
                    .actions
                    .iter()
                    .zip(&record.actions)
                    .take_while(|(a, b)| a == b)
                    .count();
                record.actions.len() - same
            }
            _ => record.actions.len(),
        }
    }

    /// Every saved game the program knows of, read afresh: the game in progress as last written and
    /// the recent games (to tell whether a copy's game went on past it).
    pub fn known_games(&self) -> Vec<Game> {
        let current = self.last_saved.iter().cloned().map(Game::from_record);
        let recent = self.recent.iter().map(|g| load_game(&g.path));
        current
            .filter_map(Result::ok)
            .chain(recent.filter_map(Result::ok))
            .collect()
    }

    /// Reread the recent games: the game files in the data folder and the remembered outside files.
    pub fn refresh(&mut self) {
        let Some(dir) = &self.dir else { return };
        let mut paths: Vec<(PathBuf, SystemTime)> = Vec::new();
        let mut add = |p: PathBuf| {
            if let Ok(m) = std::fs::metadata(&p)
                && m.is_file()
                && !paths.iter().any(|(q, _)| *q == p)
            {
                paths.push((p, m.modified().unwrap_or(SystemTime::UNIX_EPOCH)));
            }
        };
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().to_string();
                if name.ends_with(".ron")
                    && !name.starts_with('.')
                    && name != CURRENT
                    && name != INDEX
                {
                    add(e.path());
                }
            }
        }
        if self.current_over {
            add(dir.join(CURRENT));
        }
        for p in self.index() {
            add(p);
        }
        paths.sort_by_key(|p| std::cmp::Reverse(p.1));
        paths.truncate(MAX_RECENT);
        self.recent = paths
            .into_iter()
            .map(|(path, time)| {
                let game = load_game(&path);
                let record = game.as_ref().ok().map(|g| g.record());
                let computer = game.as_ref().ok().and_then(|g| {
                    let seats = super::computer::seats_from_info(
                        info_value(g.record(), InfoKey::Computer),
                        g.board().seats.len(),
                    );
                    seats
                        .iter()
                        .copied()
                        .find(|s| *s != super::settings::Occupant::Human)
                });
                let started = record
                    .and_then(|r| info_value(r, InfoKey::Started))
                    .filter(|d| d.len() == 16 && d.is_ascii())
                    .map(str::to_string);
                RecentGame {
                    name: path
                        .file_stem()
                        .map_or_else(String::new, |s| s.to_string_lossy().to_string()),
                    date: date_text(time),
                    mode: game.as_ref().ok().map(|g| g.rules().mode),
                    computer,
                    started,
                    four: game.as_ref().is_ok_and(|g| g.board().is_four()),
                    abandoned: game.as_ref().is_ok_and(abandoned),
                    result: game
                        .as_ref()
                        .map(summary)
                        .map_err(|e| Problem::from(e.clone())),
                    path,
                }
            })
            .collect();
    }

    /// Outside files opened or saved before.
    fn index(&self) -> Vec<PathBuf> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        crate::fsutil::read_text(&dir.join(INDEX), 64 * 1024)
            .ok()
            .and_then(|t| ron::from_str::<Vec<PathBuf>>(&t).ok())
            .unwrap_or_default()
    }

    fn remember(&mut self, path: &Path) {
        let Some(dir) = self.dir.clone() else { return };
        if path.parent() == Some(dir.as_path()) {
            return;
        }
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let mut list = self.index();
        list.retain(|p| *p != path);
        list.insert(0, path);
        list.truncate(MAX_INDEX);
        if let Ok(text) = ron::to_string(&list) {
            let _ = crate::fsutil::create_private_dir_all(&dir);
            let _ = crate::fsutil::atomic_write(&dir.join(INDEX), text.as_bytes());
        }
    }

    /// Ask where to open or save; `Err` when no dialog could open (the message says so).
    fn pick(&self, save: bool, name: &str, lang: Lang) -> Result<Option<PathBuf>, ()> {
        match &self.picker {
            Picker::Fixed(p) => Ok(p.clone()),
            Picker::Unavailable => Err(()),
            Picker::Native => {
                let dialog =
                    rfd::FileDialog::new().add_filter(lang.t(&i18n::GAME_FILE_FILTER), &["ron"]);
                let dialog = match &self.dir {
                    Some(d) if d.exists() => dialog.set_directory(d),
                    _ => dialog,
                };
                let asked = Instant::now();
                let answer = if save {
                    dialog.set_file_name(name).save_file()
                } else {
                    dialog.pick_file()
                };
                // rfd answers `None` both for Cancel and when neither the portal nor zenity could
                // open; an instant `None` is the latter.
                if answer.is_none() && asked.elapsed() < DIALOG_MIN {
                    return Err(());
                }
                Ok(answer)
            }
        }
    }
}

/// What a save command asks of the window: a screen to show, a warning to give.
#[derive(Default)]
pub struct SaveOutcome {
    pub show: Option<Show>,
    pub warning: Option<Warning>,
}

/// A screen a save command opens; the window switches to it.
pub enum Show {
    Home,
    /// The resumed game, in play.
    Game(Box<Session>),
    /// A record in the replay viewer: `current` if it is the game in play, seen by `owner` (whose
    /// own viewpoint is free), read from `path` (where a confirmed viewpoint is noted).
    Replay {
        game: Box<Game>,
        name: String,
        current: bool,
        owner: Option<Seat>,
        path: Option<PathBuf>,
    },
}

impl SaveOutcome {
    fn warn(text: i18n::Text, why: impl Into<Problem>) -> SaveOutcome {
        SaveOutcome {
            show: None,
            warning: Some(Warning::new(text, why)),
        }
    }

    fn show(show: Show) -> SaveOutcome {
        SaveOutcome {
            show: Some(show),
            warning: None,
        }
    }
}

impl Saves {
    /// Carry out a save command. `on_screen` is the game a Save as writes (the replay's, the
    /// tracked game's, else the one in play); `in_play` the game in play.
    pub fn run(
        &mut self,
        cmd: SaveCmd,
        on_screen: Option<&Game>,
        in_play: Option<&Session>,
        lang: Lang,
    ) -> SaveOutcome {
        match cmd {
            SaveCmd::Resume => match self.resume.take() {
                Some(offer) => {
                    let play = Session::new(offer.game).with_redo(offer.redo);
                    SaveOutcome::show(Show::Game(Box::new(play)))
                }
                None => SaveOutcome::default(),
            },
            SaveCmd::Discard => {
                let mut out = SaveOutcome::default();
                if self.resume.take().is_some() {
                    if let Err(e) = self.archive_current() {
                        out = SaveOutcome::warn(i18n::SAVE_FAILED, e);
                    }
                    self.refresh();
                }
                out
            }
            SaveCmd::OpenDialog => match self.pick(false, "", lang) {
                Ok(Some(path)) => self.run(SaveCmd::Open(path), on_screen, in_play, lang),
                Ok(None) => SaveOutcome::default(),
                Err(()) => SaveOutcome {
                    show: Some(Show::Home),
                    warning: Some(Warning::plain(i18n::NO_DIALOG)),
                },
            },
            SaveCmd::Open(path) => match load_game(&path) {
                Ok(game) => {
                    self.remember(&path);
                    let name = path
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().to_string());
                    let owner = lone_person(&game);
                    SaveOutcome::show(Show::Replay {
                        game: Box::new(game),
                        name,
                        current: false,
                        owner,
                        path: Some(path),
                    })
                }
                Err(e) => SaveOutcome::warn(i18n::OPEN_FAILED, e),
            },
            SaveCmd::SaveAs => match on_screen {
                Some(game) => self.save_as(game, lang),
                None => SaveOutcome::default(),
            },
            // The window hands these to the referee (`JunqiApp::run_save_command`).
            SaveCmd::Referee(_) => SaveOutcome::default(),
            SaveCmd::ReplayCurrent => match in_play {
                // Not under the hand-over curtain: the replay is for the player looking.
                Some(play) if !play.curtain_up() => SaveOutcome::show(Show::Replay {
                    game: Box::new(play.game().clone()),
                    name: lang.t(&i18n::CURRENT_GAME).to_string(),
                    current: true,
                    owner: Some(play.looking_side()),
                    path: None,
                }),
                _ => SaveOutcome::default(),
            },
        }
    }

    /// Save `game` where the user chooses.
    fn save_as(&mut self, game: &Game, lang: Lang) -> SaveOutcome {
        let mut out = SaveOutcome::default();
        let mut record = game.record().clone();
        // Not the side to move, nor anyone: the program cannot know who pressed Save as.
        record
            .info
            .retain(|(k, _)| k != InfoKey::Redo.as_str() && k != InfoKey::SavedBy.as_str());
        let name = format!("junqi-{}.ron", stamp(SystemTime::now()));
        let path = match self.pick(true, &name, lang) {
            Ok(Some(mut p)) => {
                if p.extension().is_none() {
                    p.set_extension("ron");
                }
                p
            }
            Ok(None) => return out,
            Err(()) => match &self.dir {
                // No dialog: the game goes to the recent games list instead.
                Some(d) => {
                    out = SaveOutcome::warn(i18n::NO_DIALOG_SAVED, Problem::SavedAs(name.clone()));
                    d.join(&name)
                }
                None => {
                    return SaveOutcome {
                        show: None,
                        warning: Some(Warning::plain(i18n::NO_DIALOG)),
                    };
                }
            },
        };
        // A folder the user picked exists and is left as it is; the games folder is the program's.
        let parent = path.parent().unwrap_or(Path::new("."));
        let written = (if parent.exists() {
            Ok(())
        } else {
            crate::fsutil::create_private_dir_all(parent)
        })
        .and_then(|()| crate::fsutil::atomic_write(&path, record_text(&record).as_bytes()));
        match written {
            Ok(()) => {
                self.remember(&path);
                self.refresh();
                out
            }
            Err(e) => SaveOutcome::warn(i18n::SAVE_FAILED, e),
        }
    }
}

/// The mode's name.
pub fn mode_text(mode: Mode, lang: Lang) -> &'static str {
    lang.t(match mode {
        Mode::Open => &i18n::MODE_NAME_OPEN,
        Mode::Hidden => &i18n::MODE_NAME_HIDDEN,
        Mode::Flip => &i18n::MODE_NAME_FLIP,
    })
}

/// The first screen's part: the resume offer, Open game… and the recent games.
pub fn home_ui(ui: &mut egui::Ui, saves: &Saves, lang: Lang, out: &mut Vec<Command>) {
    if let Some(offer) = &saves.resume {
        ui.add_space(18.0);
        super::board::banner_frame(12).show(ui, |ui| {
            ui.set_max_width(520.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(lang.t(&i18n::RESUME_TITLE))
                        .size(20.0)
                        .strong(),
                );
                let game = &offer.game;
                let side = game.position().side_to_move().map_or("", |s| lang.side(s));
                ui.label(fill(
                    lang.t(&i18n::RESUME_DETAIL),
                    &[
                        ("mode", mode_text(game.rules().mode, lang)),
                        ("n", &game.plies().len().to_string()),
                        ("side", side),
                        (
                            "date",
                            info_value(game.record(), InfoKey::Started).unwrap_or("?"),
                        ),
                    ],
                ));
                ui.horizontal(|ui| {
                    let w = 2.0 * 150.0 + ui.spacing().item_spacing.x;
                    ui.add_space(((ui.available_width() - w) / 2.0).max(0.0));
                    if ui
                        .add(
                            egui::Button::new(
                                egui::RichText::new(lang.t(&i18n::RESUME)).size(18.0),
                            )
                            .min_size(egui::vec2(150.0, 36.0)),
                        )
                        .clicked()
                    {
                        out.push(Command::Saves(SaveCmd::Resume));
                    }
                    if ui
                        .add(
                            egui::Button::new(lang.t(&i18n::DISCARD))
                                .min_size(egui::vec2(150.0, 36.0)),
                        )
                        .on_hover_text(lang.t(&i18n::DISCARD_HINT))
                        .clicked()
                    {
                        out.push(Command::Saves(SaveCmd::Discard));
                    }
                });
            });
        });
    }
    if let Some(c) = super::referee::home_offers(ui, &saves.referee, lang) {
        out.push(Command::Saves(SaveCmd::Referee(c)));
    }
    ui.add_space(16.0);
    if ui
        .add(egui::Button::new(lang.t(&i18n::OPEN_GAME)).min_size(egui::vec2(280.0, 36.0)))
        .clicked()
    {
        out.push(Command::Saves(SaveCmd::OpenDialog));
    }
    ui.add_space(16.0);
    ui.label(egui::RichText::new(lang.t(&i18n::RECENT_GAMES)).strong());
    if saves.recent.is_empty() {
        ui.weak(lang.t(&i18n::NONE_YET));
        return;
    }
    recent_list(ui, &saves.recent, lang, out);
}

/// The recent games as a list, one full-width row each (date, mode, players, moves, result), in
/// the first screen's own scrolling: a row is one button (click, or Tab to it and Enter), read
/// by screen readers as the game's line (`RecentGame::line`), its file in the tooltip.
fn recent_list(ui: &mut egui::Ui, recent: &[RecentGame], lang: Lang, out: &mut Vec<Command>) {
    let font = egui::FontId::proportional(15.0);
    let rows: Vec<[String; 5]> = recent.iter().map(|g| g.columns(lang)).collect();
    let pad = 14.0;
    // Each column as wide as its widest entry.
    let mut widths = [0.0f32; 5];
    for row in &rows {
        for (k, text) in row.iter().enumerate() {
            let w = ui
                .painter()
                .layout_no_wrap(text.clone(), font.clone(), egui::Color32::BLACK)
                .size()
                .x;
            widths[k] = widths[k].max(w);
        }
    }
    let natural: f32 = widths.iter().sum::<f32>() + pad * 6.0;
    let width = ui.available_width().min(natural.max(560.0));
    let height = 28.0;
    let text_colour = ui.visuals().text_color();
    for (i, (g, row)) in recent.iter().zip(&rows).enumerate() {
        let (rect, resp) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click());
        let line = g.line(lang);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &line));
        let tip = match &g.result {
            Ok(_) => g.path.display().to_string(),
            Err(e) => format!("{}\n{}", g.path.display(), e.words(lang)),
        };
        row_tooltip(&resp, &tip);
        if resp.clicked() {
            out.push(Command::Saves(SaveCmd::Open(g.path.clone())));
        }
        let visuals = ui.style().interact(&resp);
        let bg = if resp.hovered() || resp.has_focus() {
            visuals.weak_bg_fill
        } else if i % 2 == 0 {
            ui.visuals().faint_bg_color
        } else {
            egui::Color32::TRANSPARENT
        };
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4, bg);
        if resp.has_focus() {
            painter.rect_stroke(
                rect.shrink(1.0),
                4,
                ui.visuals().selection.stroke,
                egui::StrokeKind::Inside,
            );
        }
        // Shrunk together if the window is narrower than the columns.
        let k = ((width - pad * 6.0) / (natural - pad * 6.0)).min(1.0);
        let mut x = rect.left() + pad;
        for (c, text) in row.iter().enumerate() {
            let colour = match (&g.result, c) {
                (Err(_), 4) => board_warn(),
                (_, 0) => text_colour.gamma_multiply(0.7),
                _ => text_colour,
            };
            let galley = painter.layout(text.clone(), font.clone(), colour, widths[c] * k + pad);
            let y = rect.center().y - galley.size().y / 2.0;
            painter.galley(egui::pos2(x, y), galley, colour);
            x += widths[c] * k + pad;
        }
    }
}

/// A recent game's tooltip (its file): beside the row, or above it where there is no room
/// beside; never over the row below, which the pointer moves to next.
fn row_tooltip(resp: &egui::Response, tip: &str) {
    const PLACES: [egui::RectAlign; 4] = [
        egui::RectAlign::RIGHT_START,
        egui::RectAlign::LEFT_START,
        egui::RectAlign::TOP_START,
        egui::RectAlign::BOTTOM_START,
    ];
    let mut tooltip = egui::Tooltip::for_enabled(resp);
    tooltip.popup = tooltip.popup.align(PLACES[0]).align_alternatives(&PLACES);
    tooltip.show(|ui| {
        ui.set_max_width(ui.spacing().tooltip_width);
        ui.label(tip);
    });
}

fn board_warn() -> egui::Color32 {
    egui::Color32::from_rgb(0xb0, 0x50, 0x00)
}

/// Buttons of the play screen's panel: Save as… and Replay, both only while someone in particular
/// looks (not under the hand-over curtain: the file or the replay would be for nobody known).
pub fn play_buttons(ui: &mut egui::Ui, lang: Lang, enabled: bool, out: &mut Vec<Command>) {
    if ui
        .add_enabled(enabled, egui::Button::new(lang.t(&i18n::SAVE_AS)))
        .clicked()
    {
        out.push(Command::Saves(SaveCmd::SaveAs));
    }
    if ui
        .add_enabled(enabled, egui::Button::new(lang.t(&i18n::REPLAY)))
        .clicked()
    {
        out.push(Command::Saves(SaveCmd::ReplayCurrent));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date_text(SystemTime::UNIX_EPOCH), "1970-01-01 00:00");
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_709_210_096); // 2024-02-29 12:34:56
        assert_eq!(date_text(t), "2024-02-29 12:34");
        assert_eq!(stamp(t), "202402291234");
    }
}
