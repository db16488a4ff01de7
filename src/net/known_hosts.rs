//! Known hosts: the key a host presented the first time a room was created on it from here,
//! kept so that a room created later without `--host-key` is made only on the same host, as
//! SSH does (docs/network.md). A private file in the data folder (`known-hosts`, written
//! atomically, 0600 on unix): the line `junqi known hosts 1`, then `ADDR KEY` a line (the
//! address as dialled, in lower case; the key in base 32, as `--host-key` takes it).

use super::invite::{encode, parse_key};
use std::path::{Path, PathBuf};

/// The file's name in the data folder.
pub const FILE: &str = "known-hosts";
/// The file's first line.
const HEADER: &str = "junqi known hosts 1";
/// The largest file read.
const MAX_FILE: u64 = 1024 * 1024;
/// The most hosts kept (past it the oldest line goes).
const MAX_HOSTS: usize = 4096;

/// Where known hosts are kept, and whether a changed key is taken (`--accept-new-host-key`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownHosts {
    path: PathBuf,
    accept_new: bool,
}

/// A host presenting another key than the one kept for its address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyChanged {
    pub addr: String,
    /// The key kept, and the key the host presents now (base 32).
    pub known: String,
    pub offered: String,
    /// The known-hosts file.
    pub file: PathBuf,
}

impl std::fmt::Display for KeyChanged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the host at {} presents the key {}, not the key {} it presented before (kept in {}): \
             it may not be the host you think. If its key was changed on purpose, accept the new \
             one with --accept-new-host-key (or --host-key {}), or remove the line for {} from \
             that file",
            self.addr,
            self.offered,
            self.known,
            self.file.display(),
            self.offered,
            self.addr
        )
    }
}

/// Why a host's key was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyRefused {
    Changed(KeyChanged),
    /// The known-hosts file cannot be read or written (its path and why).
    File(String),
}

impl std::fmt::Display for KeyRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeyRefused::Changed(c) => c.fmt(f),
            KeyRefused::File(why) => write!(f, "known hosts: {why}"),
        }
    }
}

impl KnownHosts {
    /// The known hosts in `data_dir`'s `known-hosts` file.
    pub fn in_dir(data_dir: &Path) -> KnownHosts {
        KnownHosts::at(data_dir.join(FILE))
    }

    /// The known hosts in the file `path` (tests).
    pub fn at(path: PathBuf) -> KnownHosts {
        KnownHosts {
            path,
            accept_new: false,
        }
    }

    /// Taking a changed key in place of the one kept.
    #[must_use]
    pub fn accepting_new(mut self) -> KnownHosts {
        self.accept_new = true;
        self
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Check that the host at `addr` presents `key`: the first key seen for an address is kept
    /// and passes, the same key passes, another is refused (or, accepting new keys, replaces
    /// the kept one).
    ///
    /// # Errors
    /// Another key than the one kept; a file that cannot be read, is not a known-hosts file, or
    /// cannot be written (nothing is changed then).
    pub fn check(&self, addr: &str, key: &[u8; 32]) -> Result<(), KeyRefused> {
        let addr = addr.trim().to_ascii_lowercase();
        let mut hosts = self.read()?;
        match hosts.iter().position(|(a, _)| *a == addr) {
            Some(k) if hosts[k].1 == *key => return Ok(()),
            Some(k) if !self.accept_new => {
                return Err(KeyRefused::Changed(KeyChanged {
                    addr,
                    known: encode(&hosts[k].1),
                    offered: encode(key),
                    file: self.path.clone(),
                }));
            }
            Some(k) => {
                hosts.remove(k);
            }
            None => {}
        }
        hosts.push((addr, *key));
        if hosts.len() > MAX_HOSTS {
            hosts.remove(0);
        }
        self.write(&hosts)
    }

    /// The hosts kept, oldest first (none if there is no file yet).
    fn read(&self) -> Result<Vec<(String, [u8; 32])>, KeyRefused> {
        if !self.path.exists() {
            return Ok(Vec::new());
        }
        let text = crate::fsutil::read_text(&self.path, MAX_FILE)
            .map_err(|e| KeyRefused::File(e.to_string()))?;
        let bad = |why: String| KeyRefused::File(format!("{}: {why}", self.path.display()));
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(bad("not a known-hosts file".into()));
        }
        lines
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(k, l)| {
                let (addr, key) = l
                    .split_once(' ')
                    .ok_or_else(|| bad(format!("line {}: not 'ADDR KEY'", k + 2)))?;
                let key = parse_key(key.trim()).map_err(|e| bad(format!("line {}: {e}", k + 2)))?;
                Ok((addr.to_string(), key))
            })
            .collect()
    }

    fn write(&self, hosts: &[(String, [u8; 32])]) -> Result<(), KeyRefused> {
        let mut text = format!("{HEADER}\n");
        for (addr, key) in hosts {
            text.push_str(&format!("{addr} {}\n", encode(key)));
        }
        let dir = self
            .path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        crate::fsutil::create_private_dir_all(dir)
            .and_then(|()| crate::fsutil::atomic_write(&self.path, text.as_bytes()))
            .map_err(|e| KeyRefused::File(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first key seen for an address is kept (in a private file), the same key passes, a
    /// changed one is refused naming both keys and the way to accept it, and accepting it
    /// replaces the kept one; another address is another host.
    #[test]
    fn the_first_key_is_kept_and_a_changed_one_refused() {
        let dir = tempfile::tempdir().unwrap();
        let known = KnownHosts::in_dir(&dir.path().join("data"));
        let (a, b) = ([1u8; 32], [2u8; 32]);
        known.check("Example.org:7777", &a).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(known.path())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        known.check("example.org:7777", &a).unwrap();
        let before = std::fs::read(known.path()).unwrap();
        match known.check("example.org:7777", &b) {
            Err(KeyRefused::Changed(c)) => {
                assert_eq!(
                    (c.known.as_str(), c.offered.as_str()),
                    (&*encode(&a), &*encode(&b))
                );
                let words = c.to_string();
                assert!(words.contains(&encode(&a)) && words.contains(&encode(&b)));
                assert!(words.contains("--accept-new-host-key"), "{words}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(std::fs::read(known.path()).unwrap(), before);
        known.check("example.org:7778", &b).unwrap();
        known
            .clone()
            .accepting_new()
            .check("example.org:7777", &b)
            .unwrap();
        known.check("example.org:7777", &b).unwrap();
        assert!(known.check("example.org:7777", &a).is_err());
    }

    /// A file that is not a known-hosts file is refused with its name and left as it was.
    #[test]
    fn a_damaged_file_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE);
        std::fs::write(&path, "junqi known hosts 1\nexample.org:1 notakey\n").unwrap();
        let known = KnownHosts::at(path.clone());
        match known.check("example.org:1", &[1; 32]) {
            Err(KeyRefused::File(why)) => assert!(why.contains("line 2"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "junqi known hosts 1\nexample.org:1 notakey\n"
        );
    }
}
