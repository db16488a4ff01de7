//! Game records as the window keeps them: reading a game file, the app's own facts in
//! `GameRecord.info`, and the dates it writes there. Used by the saved games (`saves`) and the
//! referee's autosaves alike.

use crate::engine::game::MAX_RECORD_BYTES;
use crate::engine::game::RecordError;
use crate::engine::{Game, GameRecord, InfoKey};
use crate::fsutil::{FileError, FileProblem};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The value of an `info` entry of a record.
pub fn info_value(record: &GameRecord, key: InfoKey) -> Option<&str> {
    record
        .info
        .iter()
        .find(|(k, _)| k == key.as_str())
        .map(|(_, v)| v.as_str())
}

/// Why a game file cannot be opened: the file itself, or what is in it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    File(FileError),
    /// Not a record this program plays back: where, and why.
    Record {
        path: PathBuf,
        error: RecordError,
    },
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::File(e) => e.fmt(f),
            LoadError::Record { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}
impl std::error::Error for LoadError {}

/// Read a game file: size-checked, UTF-8, parsed and replayed. The error names the file and, for a
/// bad action, its number and the reason.
pub fn load_game(path: &Path) -> Result<Game, LoadError> {
    let text = crate::fsutil::read_text(path, MAX_RECORD_BYTES as u64).map_err(LoadError::File)?;
    if text.trim().is_empty() {
        return Err(LoadError::File(FileError::new(path, FileProblem::Empty)));
    }
    Game::from_ron(&text).map_err(|error| LoadError::Record {
        path: path.to_path_buf(),
        error,
    })
}

/// Days since 1970-01-01 to (year, month, day) (H. Hinnant's civil_from_days).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// "2025-06-01 14:32" (UTC) of a time.
pub fn date_text(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let (y, m, d) = civil(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", s / 3600, s / 60 % 60)
}
