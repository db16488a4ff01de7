//! Formation files: bounded reads that refuse what no board can show, atomic saves, and the
//! listing of a library folder (the shipped formations, the player's own). No dialogs and no
//! window here: the editor, the new-game screen and the arena all read formations through it.

use crate::engine::formation::{Formation, FormationFileError, MAX_FORMATION_TEXT, is_camp_square};
use crate::engine::piece::Rank;
use crate::fsutil::{atomic_write, read_text};
use crate::i18n::Lang;
use std::path::{Path, PathBuf};

/// Largest formation file read (a real one is well under 1 KiB): what `Formation::from_ron` takes.
pub const MAX_FILE_BYTES: u64 = MAX_FORMATION_TEXT as u64;
/// Most files listed per library folder.
pub const MAX_LIBRARY_FILES: usize = 500;

/// A formation file that cannot be used: which file, and why.
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

/// One file of a library folder.
#[derive(Clone, Debug)]
pub struct LibraryEntry {
    pub path: PathBuf,
    /// The formation, or the reason it cannot be read.
    pub content: Result<Formation, LoadError>,
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
