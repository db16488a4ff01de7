//! Files: atomic writes (temporary file in the same folder, then rename), every file private to its
//! owner (0600) in private folders (0700), kept-aside files that never replace another, bounded
//! reads, stale temp-file cleanup.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// A file that could not be read, written or moved: which one, and why. `Display` gives the
/// English the command line prints (`<path>: <why>`); the window words it in either language
/// (`i18n::errors`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileError {
    path: PathBuf,
    problem: FileProblem,
}

/// Why a file could not be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FileProblem {
    /// The system refused: its kind of error, and its own words for it.
    Io {
        kind: std::io::ErrorKind,
        /// The system's error number, when it gave one.
        code: Option<i32>,
        message: String,
    },
    /// A path that names no file (it ends in `..` or is a root).
    NotAFileName,
    /// Larger than the program reads for this kind of file.
    TooLarge { limit: u64 },
    /// Bytes that are not UTF-8 text, the first bad one at `offset`.
    NotText { offset: usize },
    /// Nothing in it.
    Empty,
    /// No free name to keep a file aside under (`rename_to_free_name`).
    NoFreeName { name: String, dir: PathBuf },
}

impl FileError {
    pub fn new(path: &Path, problem: FileProblem) -> FileError {
        FileError {
            path: path.to_path_buf(),
            problem,
        }
    }

    /// An I/O error on `path`.
    pub fn io(path: &Path, e: &std::io::Error) -> FileError {
        FileError::new(
            path,
            FileProblem::Io {
                kind: e.kind(),
                code: e.raw_os_error(),
                message: e.to_string(),
            },
        )
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn problem(&self) -> &FileProblem {
        &self.problem
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.path.display())?;
        match &self.problem {
            FileProblem::Io { message, .. } => f.write_str(message),
            FileProblem::NotAFileName => f.write_str("not a file name"),
            FileProblem::TooLarge { limit } => write!(f, "file is larger than {limit} bytes"),
            FileProblem::NotText { offset } => {
                write!(f, "not UTF-8 text (bad byte at offset {offset})")
            }
            FileProblem::Empty => f.write_str("the file is empty"),
            FileProblem::NoFreeName { name, dir } => {
                write!(f, "no free name for {name} in {}", dir.display())
            }
        }
    }
}
impl std::error::Error for FileError {}

/// Write `bytes` to `path` atomically: a failed write never destroys the previous file. Every file
/// the program writes is its owner's only (mode 0600 on unix, the temporary file too): games hold
/// both sides' pieces, settings and formations a player's plans.
///
/// # Errors
/// Any I/O error, with the path in the message.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    atomic_write_with(path, bytes, |_| Ok(()))
}

/// `atomic_write` without waiting for the disk: readers see the old file or the new one, never a
/// part, and the new one survives the program's crash or kill (the kernel holds it), but a power
/// loss before the kernel has written it out may leave the old one; `sync_file` later makes it
/// durable. For a file rewritten many times a second (the network host's rooms after every turn),
/// where waiting for the disk each time would hold up the game.
///
/// # Errors
/// Any I/O error, with the path in the message.
pub fn atomic_write_unsynced(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_then_rename(path, bytes, false, |_| Ok(()))
}

/// Wait until `path` and its folder's entry for it are on the disk (after
/// `atomic_write_unsynced`).
///
/// # Errors
/// The file cannot be opened (it may have been removed since) or synced.
pub fn sync_file(path: &Path) -> std::io::Result<()> {
    std::fs::File::open(path)?.sync_all()?;
    #[cfg(unix)]
    if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::File::open(dir)?.sync_all()?;
    }
    Ok(())
}

/// `atomic_write` with a hook run between writing the temporary file and the rename (tests use it
/// to simulate a crash at that moment).
pub fn atomic_write_with(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<(), FileError> {
    write_then_rename(path, bytes, true, before_rename)
}

/// The temporary file written (and with `sync`, waited for on the disk), then renamed over `path`.
fn write_then_rename(
    path: &Path,
    bytes: &[u8],
    sync: bool,
    before_rename: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<(), FileError> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| FileError::new(path, FileProblem::NotAFileName))?
        .to_string_lossy();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut f = options.open(&tmp)?;
        #[cfg(unix)]
        {
            // A file left from before keeps its mode through `open`: set it.
            use std::os::unix::fs::PermissionsExt;
            f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        }
        f.write_all(bytes)?;
        if sync {
            f.sync_all()?;
        }
        drop(f);
        before_rename(&tmp)?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(FileError::io(path, &e));
    }
    Ok(())
}

/// Create the program's own folder `dir` (and any missing parent) for its owner only (0700 on
/// unix), or, when it exists, make it so: it is one of the folders the program names (settings,
/// games, formations, the referee's), which an older version made with the default mode. A
/// parent that existed before is left as it is (it may be the user's home or a shared folder).
///
/// # Errors
/// Any I/O error, with the path in the message.
pub fn create_private_dir_all(dir: &Path) -> Result<(), FileError> {
    let shown = |e: std::io::Error| FileError::io(dir, &e);
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir).map_err(shown)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir).map_err(shown)?.permissions().mode();
        if mode & 0o777 != 0o700 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(shown)?;
        }
    }
    Ok(())
}

/// Move `file` into `dir` under a name that no file has yet — `<stem>.<ext>`, else `<stem>-2.<ext>`,
/// `<stem>-3.<ext>`, … — and return that name: a file kept aside (a damaged save, an archived
/// record) never replaces another one. A check for a free name followed by `rename` would not
/// do: `rename` replaces a file that appears between the two (another window of the program
/// setting aside its own damaged file in the same minute). So the file is first linked under the
/// new name (`hard_link` fails if the name is taken, in one step) and only then removed under its
/// old one. On a file system without hard links it falls back to checking, then renaming.
///
/// # Errors
/// No free name among the first 10 000, or an I/O error, with the file in the message.
pub fn rename_to_free_name(
    file: &Path,
    dir: &Path,
    stem: &str,
    ext: &str,
) -> Result<PathBuf, FileError> {
    let shown = |e: std::io::Error| FileError::io(file, &e);
    for k in 1..10_000u32 {
        let target = if k == 1 {
            dir.join(format!("{stem}.{ext}"))
        } else {
            dir.join(format!("{stem}-{k}.{ext}"))
        };
        match std::fs::hard_link(file, &target) {
            Ok(()) => {
                if let Err(e) = std::fs::remove_file(file) {
                    // Keep one copy only: the file stays where it was.
                    let _ = std::fs::remove_file(&target);
                    return Err(shown(e));
                }
                return Ok(target);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(shown(e)),
            Err(_) => {
                // No hard links here: check, then rename (the best this file system allows).
                if std::fs::symlink_metadata(&target).is_err() {
                    std::fs::rename(file, &target).map_err(shown)?;
                    return Ok(target);
                }
            }
        }
    }
    Err(FileError::new(
        file,
        FileProblem::NoFreeName {
            name: format!("{stem}.{ext}"),
            dir: dir.to_path_buf(),
        },
    ))
}

/// The process id in the name of a temporary file `atomic_write` makes (`.<name>.<pid>.tmp`).
fn temp_file_pid(file_name: &str) -> Option<u32> {
    let rest = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, pid) = rest.rsplit_once('.')?;
    if name.is_empty() || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether the process that made a temporary file may still be writing it. On Linux: its process
/// still runs (`/proc/<pid>`; a reused pid keeps the file, which errs on the safe side). Elsewhere
/// there is no cheap check, so only a file untouched for a day counts as abandoned.
fn writer_may_be_alive(pid: u32, path: &Path) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") && Path::new("/proc/self").exists() {
        return Path::new("/proc").join(pid.to_string()).exists();
    }
    let age = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok());
    age.is_none_or(|a| a < std::time::Duration::from_secs(24 * 3600))
}

/// Remove the temporary files of `atomic_write` that a killed process left in `dir` (never one a
/// running process may still be writing, nor one of this process). Returns how many went; a missing
/// folder or a file that cannot be removed is no error (the next start tries again).
pub fn remove_stale_temp_files(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(temp_file_pid) else {
            continue;
        };
        let path = e.path();
        let is_file = e.file_type().is_ok_and(|t| t.is_file());
        if is_file && !writer_may_be_alive(pid, &path) && std::fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Append `line` and a line break to the log file `path`, created for its owner only (0600 on
/// unix, as every file of the program). A log is bounded: when the line would take it past
/// `limit` bytes, the log is first renamed to `<name>.old` (replacing the one before), so at most
/// about twice `limit` is ever kept. Control characters in `line` are written as spaces: one
/// entry a line, whatever it quotes.
///
/// # Errors
/// Any I/O error, with the path in the message.
pub fn append_line(path: &Path, line: &str, limit: u64) -> Result<(), FileError> {
    let shown = |e: std::io::Error| FileError::io(path, &e);
    let mut text: String = line
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    text.push('\n');
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    if size > 0 && size + text.len() as u64 > limit {
        let mut old = path.as_os_str().to_owned();
        old.push(".old");
        std::fs::rename(path, &old).map_err(shown)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut f = options.open(path).map_err(shown)?;
    f.write_all(text.as_bytes()).map_err(shown)
}

/// Read a UTF-8 text file of at most `limit` bytes; messages name the file.
///
/// # Errors
/// Missing or unreadable file, a file over the limit, bytes that are not UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, FileError> {
    let f = std::fs::File::open(path).map_err(|e| FileError::io(path, &e))?;
    let mut buf = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut buf)
        .map_err(|e| FileError::io(path, &e))?;
    if buf.len() as u64 > limit {
        return Err(FileError::new(path, FileProblem::TooLarge { limit }));
    }
    String::from_utf8(buf).map_err(|e| {
        FileError::new(
            path,
            FileProblem::NotText {
                offset: e.utf8_error().valid_up_to(),
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crash_before_rename_keeps_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f.ron");
        atomic_write(&p, b"old").unwrap();
        let r = atomic_write_with(&p, b"new", |_| {
            Err(std::io::Error::other("simulated crash"))
        });
        assert!(r.unwrap_err().to_string().contains("simulated crash"));
        assert_eq!(std::fs::read(&p).unwrap(), b"old");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        atomic_write(&p, b"new").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
    }

    #[test]
    fn a_file_kept_aside_never_replaces_another() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut kept = Vec::new();
        for text in ["first", "second", "third"] {
            let f = d.join("current.ron");
            std::fs::write(&f, text).unwrap();
            kept.push(rename_to_free_name(&f, d, "unreadable-202612012100", "ron").unwrap());
            assert!(!f.exists());
        }
        let names: Vec<_> = kept.iter().map(|p| p.file_name().unwrap()).collect();
        assert_eq!(
            names,
            [
                "unreadable-202612012100.ron",
                "unreadable-202612012100-2.ron",
                "unreadable-202612012100-3.ron"
            ]
        );
        for (p, text) in kept.iter().zip(["first", "second", "third"]) {
            assert_eq!(std::fs::read_to_string(p).unwrap(), text);
        }
        // A file that is not there: an error naming it, nothing made.
        let e = rename_to_free_name(&d.join("none.ron"), d, "x", "ron").unwrap_err();
        assert!(e.to_string().contains("none.ron"), "{e}");
        assert!(!d.join("x.ron").exists());
    }

    #[test]
    fn an_unsynced_write_replaces_the_file_whole_and_syncs_later() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("room.room");
        atomic_write_unsynced(&p, b"turn 1").unwrap();
        atomic_write_unsynced(&p, b"turn 2").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "turn 2");
        sync_file(&p).unwrap();
        // No temporary file is left beside it.
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
        // A file removed since: `NotFound`, nothing made.
        std::fs::remove_file(&p).unwrap();
        let e = sync_file(&p).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
        assert!(!p.exists());
        // A folder that is not there: an error naming the file, nothing made.
        let e = atomic_write_unsynced(&d.path().join("none/room.room"), b"x").unwrap_err();
        assert!(e.to_string().contains("room.room"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn private_folders_and_files() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let dir = tempfile::tempdir().unwrap();
        let open = dir.path().join("open");
        std::fs::create_dir(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).unwrap();
        let deep = open.join("a").join("b");
        create_private_dir_all(&deep).unwrap();
        assert_eq!((mode(&open.join("a")), mode(&deep)), (0o700, 0o700));
        assert_eq!(mode(&open), 0o755, "a parent that existed is left alone");
        // A folder of the program's made before with the default mode is tightened.
        create_private_dir_all(&open).unwrap();
        assert_eq!(mode(&open), 0o700);
        let f = deep.join("f.ron");
        std::fs::write(&f, "old").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
        atomic_write(&f, b"new").unwrap();
        assert_eq!(mode(&f), 0o600);
        // A file in the way: an error naming the folder.
        let e = create_private_dir_all(&f.join("x")).unwrap_err();
        assert!(e.to_string().contains("f.ron"), "{e}");
    }

    #[test]
    fn temp_file_names_are_recognised() {
        assert_eq!(temp_file_pid(".current.ron.1234.tmp"), Some(1234));
        assert_eq!(temp_file_pid(".settings.ron.7.tmp"), Some(7));
        assert_eq!(temp_file_pid("current.ron.1234.tmp"), None);
        assert_eq!(temp_file_pid(".current.ron.12a4.tmp"), None);
        assert_eq!(temp_file_pid(".1234.tmp"), None);
        assert_eq!(temp_file_pid(".current.ron"), None);
    }

    #[test]
    fn read_text_limits() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("big");
        std::fs::write(&p, vec![b'a'; 100]).unwrap();
        assert!(
            read_text(&p, 50)
                .unwrap_err()
                .to_string()
                .contains("larger")
        );
        std::fs::write(&p, [0xff, 0xfe]).unwrap();
        assert!(read_text(&p, 50).unwrap_err().to_string().contains("UTF-8"));
        assert!(read_text(&dir.path().join("none"), 50).is_err());
    }

    /// A log keeps one entry a line, is its owner's only, and past its limit starts again with
    /// the entries before kept once under `.old`.
    #[test]
    fn a_log_appends_lines_and_stays_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.log");
        append_line(&p, "one\ntwo\r", 18).unwrap();
        append_line(&p, "three", 18).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "one two \nthree\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&p).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        append_line(&p, "four", 18).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "four\n");
        let old = dir.path().join("x.log.old");
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "one two \nthree\n");
        append_line(&p, &"y".repeat(30), 18).unwrap();
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "four\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
