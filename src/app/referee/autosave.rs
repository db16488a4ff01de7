//! Nothing lost: the tracked game, its formations entered so far (sealed) and
//! the clash judge's tally are written after every change (in `<games>/referee/`, apart from the
//! played game's `current.ron`); the first screen offers to resume what a previous run left.

use super::judge::{JudgeRecord, JudgeTable, new_identity};
use super::tracked::{FormationEntry, SealedEntry, Tracked};
use super::{Referee, Stage};
use crate::app::problem::{Problem, Warning};
use crate::app::records::{info_value, load_game};
use crate::engine::{Game, GameRecord, InfoKey};
use crate::fsutil::FileError;
use crate::i18n;
use std::path::{Path, PathBuf};

/// The tracked game in progress, autosaved after every change.
pub const TRACKED_FILE: &str = "tracked.ron";
/// The clash judge's tally in progress.
pub const JUDGE_FILE: &str = "judge.ron";
/// A tracked game's formations entered so far (sealed), until the game starts.
pub const ENTRY_FILE: &str = "formations.ron";
const FOLDER: &str = "referee";

/// The folder in the games folder `games` where the referee's files are written.
pub fn folder_in(games: &Path) -> PathBuf {
    games.join(FOLDER)
}

/// A clash judge's record is small; anything larger is refused before parsing.
const MAX_JUDGE_BYTES: u64 = 512 * 1024;
/// Four formations take about 1 KiB.
const MAX_ENTRY_BYTES: u64 = 64 * 1024;

/// What the referee left behind: the files written after every change, and what the first screen
/// offers to resume (after a crash, or after leaving a game unfinished).
#[derive(Default)]
pub struct RefereeSaves {
    /// The games folder (`None`: nothing is saved).
    games: Option<PathBuf>,
    pub tracked_offer: Option<Game>,
    pub judge_offer: Option<JudgeRecord>,
    /// A tracked game's formation entry that stopped before every formation was in.
    pub entry_offer: Option<SealedEntry>,
    /// What `tracked.ron` / `judge.ron` / `formations.ron` hold now.
    tracked_saved: Option<GameRecord>,
    judge_saved: Option<JudgeRecord>,
    entry_saved: Option<SealedEntry>,
}

/// The first screen's resume buttons for the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResumeCmd {
    ResumeTracked,
    DiscardTracked,
    ResumeJudge,
    DiscardJudge,
    ResumeEntry,
    DiscardEntry,
}

/// What a resume command led to, for the window to show.
#[derive(Default)]
pub struct Resumed {
    /// The referee screen to show, with the game or tally resumed.
    pub referee: Option<Referee>,
    pub warning: Option<Warning>,
    /// The recent games changed (a discarded game joined them).
    pub recent_changed: bool,
}

/// What an autosave did.
#[derive(Debug, Default, PartialEq)]
pub struct Autosaved {
    /// The recent games changed (a finished or replaced tracked game joined them).
    pub recent_changed: bool,
    /// Why a file could not be written or moved.
    pub error: Option<FileError>,
}

/// Move `file` into `dir` as `<prefix>-<started>-<id>.ron` (`-2`, `-3`, … before `.ron` when that
/// is taken: never over a kept file, `fsutil::rename_to_free_name`); the name it got.
fn archive(
    file: &Path,
    dir: &Path,
    prefix: &str,
    started: Option<&str>,
    id: Option<&str>,
) -> Result<PathBuf, FileError> {
    let (new_id, now) = new_identity();
    let started = started.unwrap_or(&now).replace([' ', ':', '-'], "");
    let id = id.unwrap_or(&new_id);
    crate::fsutil::rename_to_free_name(file, dir, &format!("{prefix}-{started}-{id}"), "ron")
}

/// The warning for a tally or formation entry on offer that does not replay.
fn not_resumed(why: String) -> Warning {
    Warning::new(
        i18n::OPEN_FAILED,
        Problem::Referee {
            path: PathBuf::new(),
            why,
        },
    )
}

impl RefereeSaves {
    /// Read what a previous run left in `games/referee/`: an unfinished tracked game or tally is
    /// offered for resume; a finished tracked game joins the recent games; an unreadable file is set
    /// aside (renamed, never over another kept file) with a warning that says where it is.
    pub fn open(games: Option<&Path>) -> (RefereeSaves, Option<Warning>) {
        let mut saves = RefereeSaves {
            games: games.map(Path::to_path_buf),
            ..Default::default()
        };
        let Some(dir) = saves.folder() else {
            return (saves, None);
        };
        let mut warnings = Vec::new();
        let mut kept_aside = false;
        let mut set_aside = |path: &Path, e: Problem| {
            let stem = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().to_string());
            match archive(path, &dir, &format!("unreadable-{stem}"), None, None) {
                Ok(aside) => {
                    kept_aside = true;
                    Problem::KeptAside {
                        aside,
                        because: Box::new(e),
                    }
                }
                Err(_) => e,
            }
        };
        let tracked = dir.join(TRACKED_FILE);
        let mut tracked_id = None;
        if tracked.exists() {
            match load_game(&tracked) {
                Ok(game) => {
                    tracked_id = info_value(game.record(), InfoKey::Id).map(str::to_string);
                    saves.tracked_saved = Some(game.record().clone());
                    if game.status().is_over() {
                        if let Err(e) = saves.archive_tracked() {
                            warnings.push(e.into());
                        }
                    } else {
                        saves.tracked_offer = Some(game);
                    }
                }
                Err(e) => warnings.push(set_aside(&tracked, e.into())),
            }
        }
        let judge = dir.join(JUDGE_FILE);
        if judge.exists() {
            let read = crate::fsutil::read_text(&judge, MAX_JUDGE_BYTES)
                .map_err(Problem::File)
                .and_then(|t| {
                    JudgeRecord::from_ron(&t).map_err(|why| Problem::Referee {
                        path: judge.clone(),
                        why,
                    })
                });
            match read {
                Ok(record) => {
                    let over = JudgeTable::from_record(record.clone()).is_ok_and(|t| t.is_over());
                    saves.judge_saved = Some(record.clone());
                    if over {
                        if let Err(e) = saves.archive_judge() {
                            warnings.push(e.into());
                        }
                    } else {
                        saves.judge_offer = Some(record);
                    }
                }
                Err(e) => warnings.push(set_aside(&judge, e)),
            }
        }
        let entry = dir.join(ENTRY_FILE);
        if entry.exists() {
            let read = crate::fsutil::read_text(&entry, MAX_ENTRY_BYTES)
                .map_err(Problem::File)
                .and_then(|t| {
                    let sealed: SealedEntry = ron::from_str(&t).map_err(|e| Problem::Syntax {
                        path: entry.clone(),
                        line: e.span.start.line,
                        col: e.span.start.col,
                        message: e.code.to_string(),
                    })?;
                    FormationEntry::resume(&sealed, Vec::new()).map_err(|why| {
                        Problem::Referee {
                            path: entry.clone(),
                            why,
                        }
                    })?;
                    Ok(sealed)
                });
            match read {
                // Its game started (a crash came between writing the game and removing this).
                Ok(sealed) if tracked_id.as_deref() == Some(sealed.id.as_str()) => {
                    let _ = std::fs::remove_file(&entry);
                }
                Ok(sealed) => {
                    saves.entry_saved = Some(sealed.clone());
                    saves.entry_offer = Some(sealed);
                }
                Err(e) => warnings.push(set_aside(&entry, e)),
            }
        }
        let text = if kept_aside {
            i18n::KEPT_ASIDE
        } else {
            i18n::OPEN_FAILED
        };
        let warning = match warnings.len() {
            0 => None,
            1 => Some(Warning::new(text, warnings.remove(0))),
            _ => Some(Warning::new(text, Problem::Several(warnings))),
        };
        (saves, warning)
    }

    fn folder(&self) -> Option<PathBuf> {
        self.games.as_deref().map(folder_in)
    }

    /// A first-screen button: resume the tracked game or tally on offer in `referee` (a new referee
    /// screen), or discard it (a tracked game joins the recent games, a tally is kept aside).
    pub fn resume(&mut self, cmd: ResumeCmd, mut referee: Referee) -> Resumed {
        let mut out = Resumed::default();
        match cmd {
            ResumeCmd::ResumeTracked => {
                if let Some(game) = self.tracked_offer.take() {
                    referee.rules = game.rules().clone();
                    referee.stage = Stage::Tracked(Box::new(Tracked::new(game, referee.bottom)));
                    out.referee = Some(referee);
                }
            }
            ResumeCmd::ResumeJudge => {
                if let Some(record) = self.judge_offer.take() {
                    match JudgeTable::from_record(record) {
                        Ok(t) => {
                            referee.rules = t.judge.rules().clone();
                            referee.stage = Stage::Judge(Box::new(t));
                            out.referee = Some(referee);
                        }
                        Err(why) => out.warning = Some(not_resumed(why)),
                    }
                }
            }
            ResumeCmd::DiscardTracked => {
                if self.tracked_offer.take().is_some() {
                    if let Err(e) = self.archive_tracked() {
                        out.warning = Some(Warning::new(i18n::SAVE_FAILED, e));
                    }
                    out.recent_changed = true;
                }
            }
            ResumeCmd::ResumeEntry => {
                if let Some(sealed) = self.entry_offer.take() {
                    let library = crate::app::formations::library(referee.data_dir.as_deref());
                    match FormationEntry::resume(&sealed, library) {
                        Ok(entry) => {
                            referee.rules = sealed.rules.clone();
                            referee.four = sealed.four;
                            referee.stage = Stage::Formations(Box::new(entry));
                            out.referee = Some(referee);
                        }
                        Err(why) => out.warning = Some(not_resumed(why)),
                    }
                }
            }
            ResumeCmd::DiscardEntry => {
                // The formations of a game that never started are kept nowhere else: a hidden
                // formation is not kept outside a game record.
                if self.entry_offer.take().is_some() {
                    self.entry_saved = None;
                    if let Some(dir) = self.folder() {
                        let _ = std::fs::remove_file(dir.join(ENTRY_FILE));
                    }
                }
            }
            ResumeCmd::DiscardJudge => {
                if self.judge_offer.take().is_some()
                    && let Err(e) = self.archive_judge()
                {
                    out.warning = Some(Warning::new(i18n::SAVE_FAILED, e));
                }
            }
        }
        out
    }

    /// After each UI pass: write the tracked game or the clash judge's tally on screen (`None`:
    /// the referee is not on screen) if it changed.
    pub fn autosave(&mut self, on_screen: Option<&mut Referee>) -> Autosaved {
        let (game, judge, entry) = match on_screen {
            Some(r) => match &mut r.stage {
                Stage::Tracked(t) => (Some(t.game()), None, None),
                Stage::Judge(j) => (None, Some(&j.record), None),
                Stage::Formations(f) => (None, None, Some(f.sealed(&r.rules))),
                Stage::Menu => (None, None, None),
            },
            None => (None, None, None),
        };
        let tracked = self.autosave_tracked(game);
        let judged = self.autosave_judge(judge);
        let entered = self.autosave_entry(entry);
        let mut out = Autosaved::default();
        match tracked {
            Ok(changed) => out.recent_changed = changed,
            Err(e) => out.error = Some(e),
        }
        if let Err(e) = judged.and(entered) {
            out.error = Some(e);
        }
        out
    }

    /// How many changes of the referee's work on screen are not in its file yet (moves of the
    /// tracked game, clashes of the tally, formations entered), for the warning of a failed write.
    pub fn unsaved_changes(&self, on_screen: Option<&Referee>) -> usize {
        let unsaved = |now: usize, saved: Option<usize>| now.saturating_sub(saved.unwrap_or(0));
        match on_screen.map(|r| &r.stage) {
            Some(Stage::Tracked(t)) => {
                let record = t.game().record();
                let saved = self.tracked_saved.as_ref().filter(|s| {
                    info_value(s, InfoKey::Id).is_some()
                        && info_value(s, InfoKey::Id) == info_value(record, InfoKey::Id)
                });
                unsaved(record.actions.len(), saved.map(|s| s.actions.len()))
            }
            Some(Stage::Judge(j)) => {
                let saved = self
                    .judge_saved
                    .as_ref()
                    .filter(|s| s.info(InfoKey::Id) == j.record.info(InfoKey::Id));
                unsaved(j.record.events.len(), saved.map(|s| s.events.len()))
            }
            Some(Stage::Formations(f)) => {
                let now = f.seats_in().len();
                let saved = self.entry_saved.as_ref().filter(|s| s.id == f.id());
                unsaved(now, saved.map(|s| s.entered.len()))
            }
            Some(Stage::Menu) | None => 0,
        }
    }

    /// The formation entry on screen (if any) changed: write the formations in so far (once there
    /// is one). With none on screen, the saved entry is offered on the first screen — unless its
    /// game started, which holds the formations now: the file goes.
    fn autosave_entry(&mut self, entry: Option<SealedEntry>) -> Result<(), FileError> {
        let Some(entry) = entry else {
            let Some(saved) = &self.entry_saved else {
                return Ok(());
            };
            let started = self
                .tracked_saved
                .as_ref()
                .is_some_and(|g| info_value(g, InfoKey::Id) == Some(saved.id.as_str()));
            if started {
                self.entry_saved = None;
                self.entry_offer = None;
                if let Some(dir) = self.folder() {
                    let file = dir.join(ENTRY_FILE);
                    if file.exists() {
                        std::fs::remove_file(&file).map_err(|e| FileError::io(&file, &e))?;
                    }
                }
            } else if self.entry_offer.is_none() {
                self.entry_offer = Some(saved.clone());
            }
            return Ok(());
        };
        if entry.entered.is_empty() || self.entry_saved.as_ref() == Some(&entry) {
            return Ok(());
        }
        // The entry on screen is offered no more: it is resumed, or a new one replaced it (the
        // formations of one abandoned for another are not kept).
        self.entry_offer = None;
        // Plain data: RON writes any of it.
        let text = ron::ser::to_string_pretty(&entry, ron::ser::PrettyConfig::default())
            .expect("a formation entry serializes");
        self.write(
            ENTRY_FILE,
            &format!("// Junqi tracked game: formations entered so far (sealed)\n{text}\n"),
        )?;
        self.entry_saved = Some(entry);
        Ok(())
    }

    /// Move `tracked.ron` among the recent games (one with no action is simply dropped).
    fn archive_tracked(&mut self) -> Result<(), FileError> {
        let (Some(dir), Some(games)) = (self.folder(), self.games.clone()) else {
            return Ok(());
        };
        let file = dir.join(TRACKED_FILE);
        let last = self.tracked_saved.take();
        if !file.exists() {
            return Ok(());
        }
        let Some(record) = last.filter(|r| !r.actions.is_empty()) else {
            let _ = std::fs::remove_file(&file);
            return Ok(());
        };
        archive(
            &file,
            &games,
            "tracked",
            info_value(&record, InfoKey::Started),
            info_value(&record, InfoKey::Id),
        )
        .map(drop)
    }

    /// Keep `judge.ron` aside as `judge-<started>-<id>.ron` in the same folder (one with no event is
    /// simply dropped).
    fn archive_judge(&mut self) -> Result<(), FileError> {
        let Some(dir) = self.folder() else {
            return Ok(());
        };
        let file = dir.join(JUDGE_FILE);
        let last = self.judge_saved.take();
        if !file.exists() {
            return Ok(());
        }
        let Some(record) = last.filter(|r| !r.events.is_empty()) else {
            let _ = std::fs::remove_file(&file);
            return Ok(());
        };
        archive(
            &file,
            &dir,
            "judge",
            record.info(InfoKey::Started),
            record.info(InfoKey::Id),
        )
        .map(drop)
    }

    fn write(&self, name: &str, text: &str) -> Result<(), FileError> {
        let Some(dir) = self.folder() else {
            return Ok(());
        };
        crate::fsutil::create_private_dir_all(&dir)?;
        // Both formations (or every clash's pieces) in plain text: readable by the owner only.
        crate::fsutil::atomic_write(&dir.join(name), text.as_bytes())
    }

    /// The tracked game on screen (if any) changed: write it. A different game first moves the
    /// previous one among the recent games. With none on screen, an unfinished saved one is offered
    /// on the first screen and a finished one joins the recent games. Returns whether the recent
    /// games changed.
    fn autosave_tracked(&mut self, game: Option<&Game>) -> Result<bool, FileError> {
        let Some(game) = game else {
            let Some(saved) = &self.tracked_saved else {
                return Ok(false);
            };
            if self.tracked_offer.is_some() {
                return Ok(false);
            }
            match Game::from_record(saved.clone()) {
                Ok(g) if !g.status().is_over() => {
                    self.tracked_offer = Some(g);
                    return Ok(false);
                }
                _ => {
                    self.archive_tracked()?;
                    return Ok(true);
                }
            }
        };
        let record = game.record();
        if self.tracked_saved.as_ref() == Some(record) {
            return Ok(false);
        }
        let id = |r: &GameRecord| info_value(r, InfoKey::Id).map(str::to_string);
        let mut recent_changed = false;
        if let Some(old) = &self.tracked_saved
            && id(old) != id(record)
        {
            self.archive_tracked()?;
            recent_changed = true;
        }
        // A game on screen is offered no more: it is resumed, or another replaced it (and went to
        // the recent games above).
        self.tracked_offer = None;
        self.write(TRACKED_FILE, &game.to_ron())?;
        self.tracked_saved = Some(record.clone());
        Ok(recent_changed)
    }

    /// The clash judge on screen (if any) changed: write its record (once it has an event). A new
    /// tally first keeps the previous one aside. With none on screen, an unfinished saved tally is
    /// offered on the first screen, a finished one kept aside.
    fn autosave_judge(&mut self, record: Option<&JudgeRecord>) -> Result<(), FileError> {
        let Some(record) = record else {
            let Some(saved) = &self.judge_saved else {
                return Ok(());
            };
            if self.judge_offer.is_some() {
                return Ok(());
            }
            let over = JudgeTable::from_record(saved.clone()).map_or(true, |t| t.is_over());
            if over {
                self.archive_judge()?;
            } else {
                self.judge_offer = Some(saved.clone());
            }
            return Ok(());
        };
        if record.events.is_empty() || self.judge_saved.as_ref() == Some(record) {
            return Ok(());
        }
        if let Some(old) = &self.judge_saved
            && old.info(InfoKey::Id) != record.info(InfoKey::Id)
        {
            self.archive_judge()?;
        }
        self.judge_offer = None;
        self.write(JUDGE_FILE, &record.to_ron())?;
        self.judge_saved = Some(record.clone());
        Ok(())
    }
}
