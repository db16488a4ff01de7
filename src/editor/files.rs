//! Formation files for the editor: bounded reads, atomic saves, the library listing and native
//! dialogs run on a thread so that a missing dialog backend never blocks the window.

use crate::engine::formation::{Formation, is_camp_square};
use crate::engine::piece::Rank;
use crate::fsutil::{atomic_write, read_text};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Largest formation file read (a real one is well under 1 KiB).
pub const MAX_FILE_BYTES: u64 = 64 * 1024;
/// Most files listed per library folder.
pub const MAX_LIBRARY_FILES: usize = 500;

/// Read and check a formation file; the message names the file and the problem. Files may be
/// unfinished (work in progress) or break deployment rules (shown as problems once loaded), but
/// never hold more pieces of a rank than a side has or a piece in a camp: the editor cannot show
/// those, so they are refused here.
pub fn load_formation(path: &Path) -> Result<Formation, String> {
    let text = read_text(path, MAX_FILE_BYTES).map_err(|e| e.to_string())?;
    let f = Formation::from_ron(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    for r in Rank::ALL {
        let have = f.count(r);
        if have > r.count() {
            return Err(format!(
                "{}: {have} × {} but a side has only {}",
                path.display(),
                r.en(),
                r.count()
            ));
        }
    }
    for l in 1..=6u8 {
        for c in 1..=5u8 {
            if is_camp_square(l, c) && f.at(l, c).is_some() {
                return Err(format!(
                    "{}: a piece in the camp at line {l} column {c}; camps start empty",
                    path.display()
                ));
            }
        }
    }
    Ok(f)
}

/// Save atomically, creating the folder if needed.
pub fn save_formation(path: &Path, f: &Formation) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        crate::fsutil::create_private_dir_all(dir).map_err(|e| e.to_string())?;
    }
    atomic_write(path, f.to_ron().as_bytes()).map_err(|e| e.to_string())
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
    pub content: Result<Formation, String>,
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
pub enum DialogResult {
    Picked(PathBuf),
    Cancelled,
    /// It returned nothing at once: no dialog could open (no desktop portal or zenity).
    Unavailable,
}

/// Shorter than a person can cancel a dialog: an empty answer this fast means none opened.
const TOO_FAST: Duration = Duration::from_millis(400);

impl PendingDialog {
    pub fn start(kind: DialogKind, dir: &Path, file_name: &str) -> PendingDialog {
        let (tx, rx) = mpsc::channel();
        let dir = dir.to_path_buf();
        let file_name = file_name.to_string();
        std::thread::spawn(move || {
            let started = Instant::now();
            let d = rfd::FileDialog::new()
                .add_filter("Junqi formation (*.ron)", &["ron"])
                .set_directory(&dir);
            let r = match kind {
                DialogKind::Open => d.pick_file(),
                DialogKind::SaveAs => d.set_file_name(&file_name).save_file(),
            };
            let _ = tx.send((r, started.elapsed()));
        });
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
