//! A seat taken in a room, kept on this machine while its game goes on, so that a player whose
//! program ended mid-game (closed, or killed with `kill -9`) takes the seat back when it joins
//! the same invite again. One file a room (`ROOM.seat`) in a private folder (0700), written
//! atomically and readable by its owner only (0600): `junqi seat 1`, then `SEAT TOKEN` (the
//! seat counted from 0, as the wire counts). Removed when the game ends; a file that does not
//! read so is left out (the program then joins as new).
//!
//! The window keeps its seats in the data folder's `net-seats`, `junqi connect` in its
//! `connect-seats`. While a `junqi connect` holds a room's seat it also holds a lock on the
//! room's `ROOM.lock` (`SeatLock`): a second `junqi connect` on the same machine joining the
//! same invite (another seat of the room) does not take the first one's seat; the lock goes
//! with the process, however it ends.

use super::client::Seated;
use super::invite::RoomId;
use std::path::{Path, PathBuf};

const HEAD: &str = "junqi seat 1";

/// The file of room `room`'s seat in `dir`.
pub fn seat_file(dir: &Path, room: RoomId) -> PathBuf {
    dir.join(format!("{room}.seat"))
}

/// The seat kept for room `room` in `dir`: its index (from 0) and token.
pub fn read(dir: &Path, room: RoomId) -> Option<(u8, String)> {
    let text = crate::fsutil::read_text(&seat_file(dir, room), 256).ok()?;
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
        format!("{HEAD}\n{} {}\n", seated.seat, seated.token).as_bytes(),
    )
}

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
        std::fs::write(seat_file(&d, room), "junqi seat 1\n9 x\n").unwrap();
        assert_eq!(read(&d, room), None, "not a seat file");
    }
}
