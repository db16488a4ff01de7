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
