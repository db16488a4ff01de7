//! Formation files for the editor: bounded reads, atomic saves, the library listing and native
//! dialogs run on a thread so that a missing dialog backend never blocks the window.

use crate::engine::formation::{Formation, FormationFileError, MAX_FORMATION_TEXT, is_camp_square};
use crate::engine::piece::Rank;
use crate::fsutil::{atomic_write, read_text};
use crate::i18n::Lang;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Largest formation file read (a real one is well under 1 KiB): what `Formation::from_ron` takes.
pub const MAX_FILE_BYTES: u64 = MAX_FORMATION_TEXT as u64;
/// Most files listed per library folder.
pub const MAX_LIBRARY_FILES: usize = 500;

/// A formation file the editor cannot use: which file, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoadError {
    pub path: PathBuf,
    pub error: FormationFileError,
}

impl LoadError {
    /// The message in `lang`: the file, then what is wrong with it (a file-system failure names
    /// the file itself).
    pub fn in_lang(&self, lang: Lang) -> String {
        let why = lang.formation_file_error(&self.error);
        match self.error {
            FormationFileError::File(_) => why,
            _ => crate::i18n::fill(
                lang.t(&crate::i18n::editor::FILE_ERROR),
                &[("file", &self.path.display().to_string()), ("e", &why)],
            ),
        }
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_lang(Lang::En))
    }
}
impl std::error::Error for LoadError {}

/// Read and check a formation file. Files may be unfinished (work in progress) or break
/// deployment rules (shown as problems once loaded), but never hold more pieces of a rank than a
/// side has or a piece in a camp: the editor cannot show those, so they are refused here.
///
/// # Errors
/// The file and what is wrong with it ([`LoadError`]).
pub fn load_formation(path: &Path) -> Result<Formation, LoadError> {
    let failed = |error| LoadError {
        path: path.to_path_buf(),
        error,
    };
    let text = read_text(path, MAX_FILE_BYTES).map_err(|e| failed(FormationFileError::File(e)))?;
    let f = Formation::from_ron(&text).map_err(failed)?;
    for rank in Rank::ALL {
        let have = f.count(rank);
        if have > rank.count() {
            return Err(failed(FormationFileError::TooMany { rank, have }));
        }
    }
    for line in 1..=6u8 {
        for col in 1..=5u8 {
            if is_camp_square(line, col) && f.at(line, col).is_some() {
                return Err(failed(FormationFileError::PieceInCamp { line, col }));
            }
        }
    }
    Ok(f)
}

/// Save atomically, creating the folder if needed.
///
/// # Errors
/// The file system's failure, naming the file or folder (`FormationFileError::File`).
pub fn save_formation(path: &Path, f: &Formation) -> Result<(), FormationFileError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        crate::fsutil::create_private_dir_all(dir).map_err(FormationFileError::File)?;
    }
    atomic_write(path, f.to_ron().as_bytes()).map_err(FormationFileError::File)
}

/// A file name made from a formation's name: letters and digits kept (any script), the rest `-`.
pub fn file_stem(name: &str) -> String {
    let mut s = String::new();
    for ch in name.trim().chars().take(60) {
        if ch.is_alphanumeric() {
            s.extend(ch.to_lowercase());
        } else if !s.ends_with('-') {
            s.push('-');
        }
    }
    let s = s.trim_matches('-').to_string();
    if s.is_empty() { "formation".into() } else { s }
}

/// A path in `dir` for `name` that does not exist yet (`name.ron`, `name-2.ron`, …).
pub fn free_path(dir: &Path, name: &str) -> PathBuf {
    let stem = file_stem(name);
    let mut p = dir.join(format!("{stem}.ron"));
    let mut i = 2;
    while p.exists() && i < 10_000 {
        p = dir.join(format!("{stem}-{i}.ron"));
        i += 1;
    }
    p
}

/// One file of a library folder.
#[derive(Clone, Debug)]
pub struct LibraryEntry {
    pub path: PathBuf,
    /// The formation, or the reason it cannot be read.
    pub content: Result<Formation, LoadError>,
}

/// Chinese (and other CJK) characters: each is a word of its own, a line may break around it.
fn is_cjk(c: char) -> bool {
    ('\u{2e80}'..='\u{9fff}').contains(&c)
        || ('\u{f900}'..='\u{faff}').contains(&c)
        || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

/// The first line of a note, at most `max` characters: a longer one is cut at the last word
/// boundary that fits (a space, or beside a Chinese character), ending in "…"; a single word longer
/// than that is cut where it must.
pub fn short_note(note: &str, max: usize) -> String {
    let line = note.lines().next().unwrap_or("").trim();
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= max {
        return line.to_string();
    }
    if max < 2 {
        return "…".into();
    }
    let room = max.saturating_sub(1).max(1);
    let cut = (1..=room)
        .rev()
        .find(|&i| {
            let (a, b) = (chars[i - 1], chars[i]);
            a.is_whitespace() || b.is_whitespace() || is_cjk(a) || is_cjk(b)
        })
        .unwrap_or(room);
    let head: String = chars[..cut].iter().collect();
    let head = head.trim_end_matches(|c: char| c.is_whitespace() || ",;:，；：、".contains(c));
    format!("{head}…")
}

/// The `*.ron` files of a folder, sorted by file name (a missing folder lists nothing).
pub fn list_library(dir: &Path) -> Vec<LibraryEntry> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .take(MAX_LIBRARY_FILES)
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let content = load_formation(&path);
            LibraryEntry { path, content }
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DialogKind {
    Open,
    SaveAs,
}

/// A native dialog running on its own thread.
pub struct PendingDialog {
    pub kind: DialogKind,
    rx: mpsc::Receiver<(Option<PathBuf>, Duration)>,
}

/// What became of a dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogResult {
    Picked(PathBuf),
    Cancelled,
    /// It returned nothing at once: no dialog could open (no desktop portal or zenity).
    Unavailable,
}

/// Shorter than a person can cancel a dialog: an empty answer this fast means none opened.
const TOO_FAST: Duration = Duration::from_millis(400);

impl PendingDialog {
    /// `filter`: the name of formation files in the dialog's file-type list.
    pub fn start(kind: DialogKind, dir: &Path, file_name: &str, filter: &str) -> PendingDialog {
        let (tx, rx) = mpsc::channel();
        let dir = dir.to_path_buf();
        let file_name = file_name.to_string();
        let filter = filter.to_string();
        std::thread::spawn(move || {
            let started = Instant::now();
            let d = rfd::FileDialog::new()
                .add_filter(filter, &["ron"])
                .set_directory(&dir);
            let r = match kind {
                DialogKind::Open => d.pick_file(),
                DialogKind::SaveAs => d.set_file_name(&file_name).save_file(),
            };
            let _ = tx.send((r, started.elapsed()));
        });
        PendingDialog { kind, rx }
    }

    /// A dialog still open, with no thread behind it (tests give the editor its answer).
    #[cfg(test)]
    pub(crate) fn waiting(kind: DialogKind) -> PendingDialog {
        let (_, rx) = mpsc::channel();
        PendingDialog { kind, rx }
    }

    /// `None` while the dialog is still open.
    pub fn poll(&self) -> Option<DialogResult> {
        match self.rx.try_recv() {
            Ok((Some(p), _)) => Some(DialogResult::Picked(p)),
            Ok((None, took)) if took < TOO_FAST => Some(DialogResult::Unavailable),
            Ok((None, _)) => Some(DialogResult::Cancelled),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(DialogResult::Unavailable),
        }
    }
}
