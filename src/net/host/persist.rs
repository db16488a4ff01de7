//! Rooms on disk (`--state`): each room's file (its head and a journal of its actions) written
//! as the game goes, and read back when the host starts again.

use super::*;

/// A room read back from its file (`load_room`), its game, and the file.
pub(super) type Saved = (Arc<Room>, Option<Game>, PathBuf);

/// The folder of saved rooms in the state folder.
pub(super) const ROOMS: &str = "rooms";

/// The largest room file read back.
pub(super) const MAX_ROOM_FILE: u64 = 16 * 1024 * 1024;

pub(super) fn room_path(dir: &std::path::Path, id: RoomId) -> PathBuf {
    dir.join(ROOMS).join(format!("{id}.room"))
}

/// A room's file as written so far: after the room's lines and the record as it was when the file
/// was written whole, the actions played since, one `act` line each. Each turn appends its
/// actions (one write, no new file, no rename); anything else in the room or the record changed
/// writes the file whole again.
pub(super) struct Journal {
    /// The file, open for appending.
    pub(super) file: std::fs::File,
    /// The room's lines before the record, as written.
    pub(super) head: String,
    /// The record as written, without its actions.
    pub(super) rest: GameRecord,
    /// How many actions the file holds, and the last of them.
    pub(super) actions: usize,
    pub(super) last: Option<Action>,
}

impl Journal {
    /// Whether `record` is the one written with more actions at most.
    pub(super) fn follows(&self, head: &str, record: &GameRecord) -> bool {
        let r = &self.rest;
        self.head == head
            && record.actions.len() >= self.actions
            && self.actions.checked_sub(1).map(|k| &record.actions[k]) == self.last.as_ref()
            && (
                r.version,
                &r.rules,
                &r.start,
                &r.disclosures,
                &r.info,
                &r.tags,
            ) == (
                record.version,
                &record.rules,
                &record.start,
                &record.disclosures,
                &record.info,
                &record.tags,
            )
    }

    /// Append the actions of `record` the file does not hold yet.
    pub(super) fn append(&mut self, record: &GameRecord) -> std::io::Result<()> {
        use std::io::Write;
        let mut lines = String::new();
        for a in &record.actions[self.actions..] {
            let a = ron::to_string(a).map_err(std::io::Error::other)?;
            lines.push_str(&format!("{ACT}{a}\n"));
        }
        if !lines.is_empty() {
            self.file.write_all(lines.as_bytes())?;
            self.actions = record.actions.len();
            self.last = record.actions.last().cloned();
        }
        Ok(())
    }
}

/// The first line of a saved room (`load_room` also reads `junqi room 1`, which has no `act`
/// lines).
pub(super) const ROOM_FILE: &str = "junqi room 2";

/// How a line of an action played after the record was written begins.
pub(super) const ACT: &str = "act ";

/// A room's lines before its record: its name, secret, players, salts, each seat's name and token.
pub(super) fn room_head(room: &Room) -> String {
    let st = lock(&room.state);
    room_head_with(room, &st)
}

/// `room_head`, with the room's state held.
pub(super) fn room_head_with(room: &Room, st: &RoomState) -> String {
    let salts = (st.seal.as_ref())
        .map(|s| {
            (s.salts.iter())
                .map(|b| to_hex(b))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    let mut text = format!(
        "{ROOM_FILE}\nroom {}\nsecret {}\nplayers {}\nsalts {salts}\n",
        room.id,
        room.secret.as_str(),
        room.players
    );
    for s in &st.seats {
        text.push_str(&format!(
            "seat {} {}\n",
            s.name.as_deref().unwrap_or("-"),
            s.token
        ));
    }
    text
}

/// Save a room's game: the room's lines, then the game's record (RON), then an `act` line for each
/// action played since the file was written whole (`Journal`). Written before any seat is told
/// of the turn, so that a host killed at any moment resumes from a turn no player is ahead of; the
/// wait for the disk itself (10–250 ms a turn on a loaded machine, which held up the game while
/// every turn rewrote and synced the whole file) is left to `sync_rooms`.
pub(super) fn save_room(host: &Inner, room: &Room, game: &Game) {
    let Some(dir) = &host.state else { return };
    let head = room_head(room);
    let record = game.record();
    let path = room_path(dir, room.id);
    let mut journal = lock(&room.journal);
    let appended = match journal.as_mut() {
        Some(j) if j.follows(&head, record) => j.append(record).is_ok(),
        _ => false,
    };
    if !appended {
        // Closed before the file is replaced (an open file cannot be replaced everywhere).
        *journal = None;
        let text = format!("{head}record\n{}", game.to_ron());
        let written = crate::fsutil::create_private_dir_all(&dir.join(ROOMS))
            .and_then(|()| crate::fsutil::atomic_write_unsynced(&path, text.as_bytes()));
        if let Err(e) = written {
            host.log(format!("room {}: not saved: {e}", room.id));
            return;
        }
        let rest = GameRecord {
            actions: Vec::new(),
            ..record.clone()
        };
        match std::fs::OpenOptions::new().append(true).open(&path) {
            Ok(file) => {
                *journal = Some(Journal {
                    file,
                    head,
                    rest,
                    actions: record.actions.len(),
                    last: record.actions.last().cloned(),
                })
            }
            // The next turn writes the file whole again.
            Err(e) => host.log(format!("room {}: not kept open: {e}", room.id)),
        }
    }
    drop(journal);
    let mut unsynced = lock(&host.unsynced);
    if !unsynced.contains(&path) {
        unsynced.push(path);
    }
}

/// Save a room whose game has not started: the room's lines, then `lobby` and its rules (RON),
/// so that a host that restarts keeps the room, its invite and the seats taken (their players
/// rejoin with their tokens); the game's first save replaces the file. The state is held.
pub(super) fn save_lobby(host: &Inner, room: &Room, st: &RoomState) {
    let Some(dir) = &host.state else { return };
    let rules = match ron::to_string(&room.rules) {
        Ok(r) => r,
        Err(e) => {
            host.log(format!("room {}: not saved: {e}", room.id));
            return;
        }
    };
    let text = format!("{}{LOBBY}{rules}\n", room_head_with(room, st));
    let path = room_path(dir, room.id);
    let written = crate::fsutil::create_private_dir_all(&dir.join(ROOMS))
        .and_then(|()| crate::fsutil::atomic_write_unsynced(&path, text.as_bytes()));
    if let Err(e) = written {
        host.log(format!("room {}: not saved: {e}", room.id));
        return;
    }
    let mut unsynced = lock(&host.unsynced);
    if !unsynced.contains(&path) {
        unsynced.push(path);
    }
}

/// The line before a waiting room's rules in its file.
pub(super) const LOBBY: &str = "lobby\n";

/// How often the saved rooms are made durable.
pub(super) const SYNC_EVERY: Duration = Duration::from_millis(500);

/// Make the rooms saved since the last round durable, every `SYNC_EVERY`, until the host stops
/// (one last round then) or is gone. A power loss can so cost the turns of the last half second;
/// a crash or kill of the host costs none (the kernel holds what was written).
pub(super) fn sync_rooms(host: &std::sync::Weak<Inner>) {
    loop {
        std::thread::sleep(SYNC_EVERY);
        let Some(host) = host.upgrade() else { return };
        let paths = std::mem::take(&mut *lock(&host.unsynced));
        for p in &paths {
            // A room whose game ended since is removed: nothing to keep.
            if let Err(e) = crate::fsutil::sync_file(p)
                && e.kind() != std::io::ErrorKind::NotFound
            {
                host.log(format!("{}: not synced to the disk: {e}", p.display()));
            }
        }
        if host.stop.load(Ordering::Relaxed) && lock(&host.unsynced).is_empty() {
            return;
        }
    }
}

/// Read a saved room back: the room and its game (every seat taken, started), or a room whose
/// game has not started (`save_lobby`: no game, the seats taken so far).
pub(super) fn load_room(
    path: &std::path::Path,
    host: &Inner,
) -> Result<(Arc<Room>, Option<Game>), String> {
    let text = crate::fsutil::read_text(path, MAX_ROOM_FILE).map_err(|e| e.to_string())?;
    let (head, record, waiting) = match text.split_once("\nrecord\n") {
        Some((head, record)) => (head, record, None),
        None => {
            let (head, rules) = text.split_once(&format!("\n{LOBBY}")).ok_or("no record")?;
            let rules: Rules = ron::from_str(rules.trim_end()).map_err(|e| e.to_string())?;
            rules.validate().map_err(|e| e.to_string())?;
            (head, "", Some(rules))
        }
    };
    let mut lines = head.lines();
    let version = lines.next();
    if version != Some(ROOM_FILE) && version != Some("junqi room 1") {
        return Err("not a saved room".into());
    }
    // The actions after the record: a newline never begins a line of the record's RON with
    // `act ` (its strings escape newlines).
    let (record, acts) = match record.find(&format!("\n{ACT}")) {
        Some(k) => (&record[..=k], &record[k + 1..]),
        None => (record, ""),
    };
    let mut field = |key: &str| -> Result<String, String> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(key))
            .and_then(|l| l.strip_prefix(' '))
            .map(str::to_string)
            .ok_or(format!("no {key}"))
    };
    let id = RoomId::parse(&field("room")?).map_err(|e| e.to_string())?;
    let secret = Secret::parse(&field("secret")?).map_err(|e| e.to_string())?;
    let players: u8 = field("players")?
        .parse()
        .map_err(|_| "players".to_string())?;
    if players != 2 && players != 4 {
        return Err("players".into());
    }
    // A waiting room has no commitment yet: no salts.
    let salts = match field("salts")? {
        s if s.is_empty() && waiting.is_some() => Vec::new(),
        s => parse_salts(&s, players)?,
    };
    let mut seats = Vec::new();
    for _ in 0..players {
        let l = field("seat")?;
        let (name, token) = l.split_once(' ').ok_or("a seat")?;
        if token.len() != TOKEN_LEN {
            return Err("a seat's token".into());
        }
        let (tx, rx) = sync_channel(host.bounds.in_queue);
        // A waiting room's free seat is `-`.
        let free = waiting.is_some() && name == "-";
        seats.push(SeatSlot {
            name: (!free).then(|| clean_name(name)),
            token: token.to_string(),
            link: Arc::new(LinkShared {
                // A game taken up again has no history before it (a rejoin gets none); a room
                // still waiting for its players has all of its game ahead.
                state: Mutex::new(LinkState {
                    past: match waiting {
                        Some(_) => KeptPast::kept(&host.past_budget),
                        None => KeptPast::default(),
                    },
                    ..LinkState::default()
                }),
                inbox: Mutex::new(rx),
                inbox_tx: tx,
            }),
        });
    }
    if let Some(rules) = waiting {
        let room = Room::new(id, secret, players, rules, seats, false, None);
        return Ok((room, None));
    }
    let mut game = Game::from_ron(record).map_err(|e| e.to_string())?;
    // A last line without its newline was being written when the host stopped: not played.
    let whole = acts.rfind('\n').map_or("", |k| &acts[..k]);
    for (k, line) in whole.lines().enumerate() {
        let action: Action = line
            .strip_prefix(ACT)
            .and_then(|a| ron::from_str(a).ok())
            .ok_or(format!("action {} after the record is not one", k + 1))?;
        game.act(action)
            .map_err(|e| format!("action {} after the record: {e}", k + 1))?;
    }
    // A game over (its last turn saved, the host stopped before telling anyone) is taken up
    // too: its players rejoin to hear the end, the reveal and the record.
    let rules = game.rules().clone();
    let room = Room::new(
        id,
        secret,
        players,
        rules,
        seats,
        true,
        Some(Seal::with_salts(
            id,
            &crate::net::audit::dealt(&game),
            salts,
        )),
    );
    // What its players were told so far, for those who rejoin (before the game goes on, too).
    for (chair, slot) in chairs(&room).into_iter().zip(&lock(&room.state).seats) {
        let mut ls = lock(&slot.link.state);
        (ls.told, ls.refused) = crate::net::audit::told_so_far(&game, chair);
    }
    Ok((room, Some(game)))
}

/// A saved room's salts: one a side, in hexadecimal.
pub(super) fn parse_salts(text: &str, players: u8) -> Result<Vec<[u8; SALT_LEN]>, String> {
    let salts: Vec<[u8; SALT_LEN]> = (text.split(' ').map(from_hex))
        .collect::<Option<_>>()
        .ok_or("a salt")?;
    if salts.len() != usize::from(players) {
        return Err("the salts".into());
    }
    Ok(salts)
}
