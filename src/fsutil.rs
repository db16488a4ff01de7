//! Files: atomic writes (temporary file in the same folder, then rename) and bounded reads.

use std::io::{Read, Write};
use std::path::Path;

/// Write `bytes` to `path` atomically: a failed write never destroys the previous file.
///
/// # Errors
/// Any I/O error, with the path in the message.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    atomic_write_with(path, bytes, |_| Ok(()))
}

/// `atomic_write` with a hook run between writing the temporary file and the rename (tests use it
/// to simulate a crash at that moment).
pub fn atomic_write_with(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<(), String> {
    write_atomically(path, bytes, false, before_rename)
}

/// `atomic_write_with` for a file only its owner may read (mode 0600 on unix, the temporary file
/// too): saved games hold both sides' pieces.
pub fn atomic_write_private_with(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<(), String> {
    write_atomically(path, bytes, true, before_rename)
}

fn write_atomically(
    path: &Path,
    bytes: &[u8],
    private: bool,
    before_rename: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", path.display()))?
        .to_string_lossy();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = private;
        let mut f = options.open(&tmp)?;
        #[cfg(unix)]
        if private {
            // A file left from before keeps its mode through `open`: set it.
            use std::os::unix::fs::PermissionsExt;
            f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        }
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        before_rename(&tmp)?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("{}: {e}", path.display()));
    }
    Ok(())
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

/// Read a UTF-8 text file of at most `limit` bytes; messages name the file.
///
/// # Errors
/// Missing or unreadable file, a file over the limit, bytes that are not UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    let shown = path.display();
    let f = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut buf = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut buf)
        .map_err(|e| format!("{shown}: {e}"))?;
    if buf.len() as u64 > limit {
        return Err(format!("{shown}: file is larger than {limit} bytes"));
    }
    String::from_utf8(buf).map_err(|e| {
        format!(
            "{shown}: not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
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
        assert!(r.unwrap_err().contains("simulated crash"));
        assert_eq!(std::fs::read(&p).unwrap(), b"old");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        atomic_write(&p, b"new").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
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
        assert!(read_text(&p, 50).unwrap_err().contains("larger"));
        std::fs::write(&p, [0xff, 0xfe]).unwrap();
        assert!(read_text(&p, 50).unwrap_err().contains("UTF-8"));
        assert!(read_text(&dir.path().join("none"), 50).is_err());
    }
}
