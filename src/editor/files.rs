//! Formation files for the editor: names for new files, short notes for the library list, and
//! native dialogs run on a thread so that a missing dialog backend never blocks the window (the
//! reading, saving and listing themselves are `crate::library`'s).

pub use crate::library::{
    LibraryEntry, LoadError, MAX_FILE_BYTES, MAX_LIBRARY_FILES, list_library, load_formation,
    save_formation,
};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
