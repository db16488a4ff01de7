//! A seat taken in a room, kept on this machine while its game goes on, so that a player whose
//! program ended mid-game (closed, or killed with `kill -9`) takes the seat back when it joins
//! the same invite again. One file a room (`ROOM.seat`) in a private folder (0700), written
//! atomically and readable by its owner only (0600): `junqi seat 1`, then `SEAT TOKEN` (the
//! seat counted from 0, as the wire counts), then the room's invite (so that the window's first
//! screen can offer to rejoin the game with one click: `games`; files without it are still
//! read). Removed when the game ends; a file that does not read so is left out (the program
//! then joins as new).
//!
//! The window keeps its seats in the data folder's `net-seats`, `junqi connect` in its
//! `connect-seats`. While a `junqi connect` holds a room's seat it also holds a lock on the
//! room's `ROOM.lock` (`SeatLock`): a second `junqi connect` on the same machine joining the
//! same invite (another seat of the room) does not take the first one's seat; the lock goes
//! with the process, however it ends.

use super::client::Seated;
use super::invite::{Invite, RoomId};
use std::path::{Path, PathBuf};

const HEAD: &str = "junqi seat 1";

/// The file of room `room`'s seat in `dir`.
pub fn seat_file(dir: &Path, room: RoomId) -> PathBuf {
    dir.join(format!("{room}.seat"))
}

/// The seat kept for room `room` in `dir`: its index (from 0) and token.
pub fn read(dir: &Path, room: RoomId) -> Option<(u8, String)> {
    let text = crate::fsutil::read_text(&seat_file(dir, room), 512).ok()?;
    let mut lines = text.lines();
    if lines.next() != Some(HEAD) {
        return None;
    }
    let (seat, token) = lines.next()?.split_once(' ')?;
    let seat: u8 = seat.parse().ok().filter(|&s| s < 4)?;
    (token.len() == super::wire::TOKEN_LEN && token.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| (seat, token.to_string()))
}

/// Keep the seat taken (atomically, in a private folder).
///
/// # Errors
/// The folder or the file could not be written: only the rejoin is lost.
pub fn keep(dir: &Path, seated: &Seated) -> Result<(), crate::fsutil::FileError> {
    crate::fsutil::create_private_dir_all(dir)?;
    crate::fsutil::atomic_write(
        &seat_file(dir, seated.invite.room),
        format!(
            "{HEAD}\n{} {}\n{}\n",
            seated.seat, seated.token, seated.invite
        )
        .as_bytes(),
    )
}

/// The games a seat is kept for in `dir` (their games go on, as far as this machine knows):
/// each room's invite and the seat (from 0), the newest first; files without an invite, or
/// whose invite does not read, are left out. At most `MAX_GAMES`.
pub fn games(dir: &Path) -> Vec<(Invite, u8)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(std::time::SystemTime, Invite, u8)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "seat"))
        .filter_map(|p| {
            let room = RoomId::parse(p.file_stem()?.to_str()?).ok()?;
            let (seat, _) = read(dir, room)?;
            let text = crate::fsutil::read_text(&p, 512).ok()?;
            let invite = Invite::parse(text.lines().nth(2)?).ok()?;
            let when = std::fs::metadata(&p).and_then(|m| m.modified()).ok()?;
            (invite.room == room).then_some((when, invite, seat))
        })
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    (found.into_iter().take(MAX_GAMES))
        .map(|(_, i, s)| (i, s))
        .collect()
}

/// The most games `games` lists.
pub const MAX_GAMES: usize = 4;

/// Forget room `room`'s seat (its game is over, or the host refused the token).
pub fn forget(dir: &Path, room: RoomId) {
    let _ = std::fs::remove_file(seat_file(dir, room));
}

/// A lock on room `room`'s seat file in `dir`, held while this process plays that seat.
pub struct SeatLock {
    _file: std::fs::File,
}

impl SeatLock {
    /// Take the lock of room `room` in `dir`; `None` when another process holds it (or the
    /// folder cannot be made).
    pub fn take(dir: &Path, room: RoomId) -> Option<SeatLock> {
        crate::fsutil::create_private_dir_all(dir).ok()?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!("{room}.lock")))
            .ok()?;
        file.try_lock().ok()?;
        Some(SeatLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seated(seat: u8) -> Seated {
        Seated {
            seat,
            players: 2,
            token: "A".repeat(crate::net::wire::TOKEN_LEN),
            invite: crate::net::Invite {
                addr: "127.0.0.1:7465".into(),
                room: RoomId::random(),
                secret: crate::net::invite::Secret::random(),
                host_key: [7; 32],
            },
        }
    }

    /// A seat kept reads back; the file is private; forgetting removes it; a second lock on
    /// the same room is refused while the first is held, and taken once it is dropped.
    #[test]
    fn a_seat_is_kept_privately_and_locked_by_one_process() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("connect-seats");
        let s = seated(1);
        let room = s.invite.room;
        assert_eq!(read(&d, room), None);
        keep(&d, &s).unwrap();
        assert_eq!(read(&d, room), Some((1, s.token.clone())));
        assert_eq!(games(&d), [(s.invite.clone(), 1)]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(seat_file(&d, room))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
            let mode = std::fs::metadata(&d).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o700);
        }
        let first = SeatLock::take(&d, room).expect("the first lock");
        assert!(SeatLock::take(&d, room).is_none(), "held by the first");
        drop(first);
        assert!(SeatLock::take(&d, room).is_some());
        forget(&d, room);
        assert_eq!(read(&d, room), None);
        assert!(games(&d).is_empty());
        std::fs::write(seat_file(&d, room), "junqi seat 1\n9 x\n").unwrap();
        assert_eq!(read(&d, room), None, "not a seat file");
        // A file of before the invite line: its seat is read, no game offered.
        let token = "A".repeat(crate::net::wire::TOKEN_LEN);
        std::fs::write(seat_file(&d, room), format!("junqi seat 1\n1 {token}\n")).unwrap();
        assert_eq!(read(&d, room), Some((1, token)));
        assert!(games(&d).is_empty());
    }
}
