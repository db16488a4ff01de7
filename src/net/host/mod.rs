//! The host (`junqi serve`): rooms by code, a connection's thread each, a thread per game
//! running a `table::Table` whose seats are the network players (`EngineSeat` over `NetLink`).
//!
//! Every bound is here: connections, rooms, the lines a connection may queue in either
//! direction, messages per second, wrong codes per room. A connection that breaks one — a
//! message that is not one, one out of turn, a seat it does not hold, a flood, a reader too
//! slow to take what it is sent — is dropped with the reason logged; its seat waits for its
//! player to rejoin with the seat's token, and the game and the other players go on.

mod connection;
mod link;
mod past;
mod persist;
mod rematch;
mod room_game;
mod rooms;
#[cfg(test)]
mod tests;

use connection::{WrongCodes, serve_connection};
use past::KeptPast;
pub use past::PastBudget;
use persist::{Journal, ROOMS, Saved, load_room, room_path, sync_rooms};
use room_game::run_room;
use rooms::sweep_rooms;

use super::audit::{SALT_LEN, Seal, from_hex, record_parts, to_hex};

use super::conn::{self, ConnError, Preamble, Receiver, Sender};

use super::farewell::{Farewell, seat_number};

use super::invite::{Invite, RoomId, Secret, encode};

use super::wire::{Msg, TOKEN_LEN, clean_name};

use crate::engine::{Action, Board, Chair, Game, GameRecord, Rules, Seat, Start};

use crate::protocol::EngineMsg;

use crate::table::engine_seat::EngineSeat;

use crate::table::link::LineLink;

use crate::table::{Deal, Limits, SeatDriver, SeatFailure, Table};

use std::collections::HashMap;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream};

use std::path::PathBuf;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use std::sync::mpsc::{
    Receiver as ChanRx, RecvTimeoutError, SyncSender, TrySendError, sync_channel,
};

use std::sync::{Arc, Mutex, MutexGuard};

use std::time::{Duration, Instant};

/// The host's bounds.
#[derive(Clone, Debug)]
pub struct Bounds {
    pub max_connections: usize,
    pub max_rooms: usize,
    /// Messages a connection may have waiting to be written; one more and it is a slow reader.
    pub out_queue: usize,
    /// Lines from a seat waiting for the table.
    pub in_queue: usize,
    /// Messages a connection may send in a burst, and per second after it.
    pub burst: u32,
    pub per_second: u32,
    /// Wrong codes a room takes from one source address (an IPv4 address, an IPv6 /64) before
    /// it locks for `lock_time` against that address, and from all addresses together
    /// (`room_wrong_codes`) before it locks against every one. A locked room still lets in a
    /// rejoin that proves its seat's token inside the handshake (`conn::LOCKED`), so junk naming
    /// a room cannot keep its seated players out (nor, from one address, anyone else), and a
    /// guesser learns nothing while the lock lasts (`WrongCodes`).
    pub wrong_codes: u32,
    pub room_wrong_codes: u32,
    pub lock_time: Duration,
    /// The time a connection has for its preamble, its handshake and its first request (create,
    /// join or rejoin), in all: past it the connection is closed, however its bytes trickle in.
    pub handshake_time: Duration,
    /// A connection silent this long is dropped (clients ping every `PING`).
    pub idle: Duration,
    /// How long a player may take to choose a formation or answer a draw offer (a person
    /// answers: minutes), and to answer the handshake again after a rejoin.
    pub answer_time: Duration,
    /// The length of one second of a room's move clock (tests shorten it; `Table::clock_second`).
    pub clock_second: Duration,
    /// A room whose game has not started is closed (its file removed) once nobody has been
    /// connected to it for this long; looked for each time a room is made, and by the host's
    /// sweep every `sweep_every(waiting_life)`.
    pub waiting_life: Duration,
    /// How long a room stays open after its game's end, for its players' chat: until every
    /// player has left, at most this long.
    pub after_end: Duration,
    /// The bytes of game history kept for rejoins (`past`) over every seat of every room;
    /// past it a seat's history is no longer kept (its player's window falls back to its own).
    pub past_bytes: usize,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            max_connections: 4096,
            max_rooms: 2048,
            out_queue: 1024,
            in_queue: 256,
            burst: 200,
            per_second: 100,
            wrong_codes: 10,
            room_wrong_codes: 100,
            lock_time: Duration::from_secs(60),
            handshake_time: conn::HANDSHAKE_TIME,
            idle: Duration::from_secs(60),
            answer_time: Duration::from_secs(600),
            clock_second: Duration::from_secs(1),
            waiting_life: Duration::from_secs(24 * 3600),
            after_end: Duration::from_secs(600),
            past_bytes: 256 << 20,
        }
    }
}

/// How often both ends send something on an idle connection.
pub const PING: Duration = Duration::from_secs(15);

/// Log lines kept in memory (`Server::log`).
const LOG_KEEP: usize = 2000;

/// Finished games kept in memory (`Server::finished`).
const FINISHED_KEEP: usize = 1000;

/// A message queued for one connection's writer.
type Out = SyncSender<String>;

/// One connection's writing side, as a seat or a room holds it.
#[derive(Clone)]
struct ConnOut {
    id: u64,
    queue: Out,
    sender: Sender,
    closed: Arc<AtomicBool>,
}

impl ConnOut {
    /// Queue `text`; a full queue drops the connection (a slow reader).
    fn push(&self, text: String, host: &Inner) -> bool {
        if self.closed.load(Ordering::Relaxed) {
            return false;
        }
        match self.queue.try_send(text) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                host.log(format!(
                    "connection {}: dropped: a reader too slow (its queue is full)",
                    self.id
                ));
                self.close();
                false
            }
            Err(TrySendError::Disconnected(_)) => false,
        }
    }

    fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.sender.close();
    }
}

/// What a seat's line link knows, shared with the connection holding the seat.
#[derive(Default)]
struct LinkState {
    conn: Option<ConnOut>,
    /// The lines sent before the first view (the handshake, the game's setup): sent again to a
    /// player who rejoins.
    setup: Vec<String>,
    last_view: Option<String>,
    /// The question waiting for its answer (`junqi 1`, `go`, `draw offered`, `takeback asked`,
    /// `formation?`).
    pending: Option<String>,
    /// A rejoined player's engine is answering the handshake sent again: its `id`, `option`
    /// and `ok` are not the table's.
    replaying: bool,
    /// The count of the last `timeout` of the seat's own side, until the player answers it
    /// (`timeout ok <count>`). A player who rejoins answers nothing it was not shown: the
    /// answer is put in for it (`take_seat`).
    owed_timeout: Option<u32>,
    /// `go`s whose time ran out before this connection answered them: that many late answers
    /// are still taken (the table drops them), not counted as lines sent unasked.
    late_gos: u32,
    /// The reports, takebacks and timeouts sent to the seat, and the refusals of its turns
    /// since the last of them: where a player who rejoins comes in (`Msg::At`).
    told: usize,
    refused: usize,
    /// `told` and `refused` when the last view was sent.
    view_mark: (usize, usize),
    /// The lines of the game's end (`gameover`, `quit`), once sent: sent again to a player
    /// who rejoins after it. After them nothing is asked, and a late answer is dropped.
    end: Vec<String>,
    /// The game's history as told to this seat, in order and exactly as told: every view,
    /// report, takeback made, timeout and refusal of its turns (`wire::is_past`), sent again
    /// to a player who rejoins (`Msg::Past`), so that a program that takes the seat back knows
    /// every turn it was told. A game taken up again after a restart has no past before it,
    /// and a past over its bounds (`past`) is dropped; a rejoin then gets none.
    past: KeptPast,
}

/// Whether `line` tells of a turn, a takeback made or a timeout (what the audit counts).
fn is_told(line: &str) -> bool {
    line.starts_with("report ")
        || line.starts_with("timeout ")
        || (line.starts_with("takeback ")
            && !line.starts_with("takeback asked ")
            && line != "takeback declined")
}

struct LinkShared {
    state: Mutex<LinkState>,
    inbox: Mutex<ChanRx<(u64, String)>>,
    inbox_tx: SyncSender<(u64, String)>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// One seat of a room.
struct SeatSlot {
    name: Option<String>,
    token: String,
    link: Arc<LinkShared>,
}

struct RoomState {
    seats: Vec<SeatSlot>,
    started: bool,
    over: bool,
    wrong_codes: WrongCodes,
    /// Connections in the room (seated), for the lobby and the chat.
    conns: Vec<(u8, ConnOut)>,
    /// Since when nobody has been connected (while `conns` is empty): the room was made or
    /// resumed then, or its last connection left.
    empty_since: Instant,
    /// The commitment to the pieces at the start, once the game has started. Kept with the
    /// rest of the room's state, under its one lock: a seat taken (which sends the commitment)
    /// and the commitment made (which tells the seats) each hold the room whole, so neither
    /// can wait for the other.
    seal: Option<Seal>,
    /// The game as it ended, once over (the room stays open for its players' chat): a seat
    /// taken back then is sent the reveal and the record.
    ended: Option<Game>,
    /// After the end: the rematch asked, each seat's agreement (`rematch::answer`), and whether
    /// every seat agreed (the room's thread then starts the next game).
    rematch: Option<Vec<bool>>,
    rematch_agreed: bool,
}

struct Room {
    id: RoomId,
    secret: Secret,
    players: u8,
    rules: Rules,
    state: Mutex<RoomState>,
    /// Told when a connection leaves the room, or the host stops: the wait after the game's
    /// end (`room_game::stay_open`) looks again.
    changed: std::sync::Condvar,
    /// Games begun again in this room (rematches): a connection whose count is behind reads
    /// its seat again (the seats moved one chair round).
    games: AtomicU64,
    /// The room's file as saved so far (`save_room`).
    journal: Mutex<Option<Journal>>,
    /// Seats that resigned out of turn (`resign`), for the table to take.
    resigned: Arc<Mutex<Vec<u8>>>,
}

impl Room {
    /// A room with these seats, started or waiting, with its commitment if it has one.
    fn new(
        id: RoomId,
        secret: Secret,
        players: u8,
        rules: Rules,
        seats: Vec<SeatSlot>,
        started: bool,
        seal: Option<Seal>,
    ) -> Arc<Room> {
        Arc::new(Room {
            id,
            secret,
            players,
            rules,
            state: Mutex::new(RoomState {
                seats,
                started,
                over: false,
                wrong_codes: WrongCodes::default(),
                conns: Vec::new(),
                empty_since: Instant::now(),
                seal,
                ended: None,
                rematch: None,
                rematch_agreed: false,
            }),
            games: AtomicU64::new(0),
            changed: std::sync::Condvar::new(),
            journal: Mutex::new(None),
            resigned: Arc::default(),
        })
    }

    /// Whether a rejoin's claim (`conn::parse_claim`) names a taken seat of this room with its
    /// token.
    fn proves_seat(&self, claim: &[u8]) -> bool {
        let Some((seat, token)) = conn::parse_claim(claim) else {
            return false;
        };
        let st = lock(&self.state);
        st.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.name.is_some() && same(&s.token, token))
    }

    fn board(&self) -> &'static Board {
        if self.players == 4 {
            Board::four_player()
        } else {
            Board::two_player()
        }
    }

    fn lobby(&self, st: &RoomState) -> String {
        let names = st
            .seats
            .iter()
            .map(|s| s.name.clone().unwrap_or_else(|| "-".into()))
            .collect();
        Msg::Lobby {
            names,
            started: st.started,
        }
        .encode(self.board())
    }

    fn broadcast(&self, st: &RoomState, text: &str, host: &Inner) {
        for (_, c) in &st.conns {
            c.push(text.to_string(), host);
        }
    }

    /// Once the game started and until it is over: tell every player which seats nobody holds
    /// now (`away K…`), after a drop or a rejoin.
    pub(super) fn tell_away(&self, st: &RoomState, host: &Inner) {
        if !st.started || st.over {
            return;
        }
        let away = (0..self.players)
            .filter(|k| !st.conns.iter().any(|(s, _)| s == k))
            .collect();
        self.broadcast(st, &Msg::Away(away).encode(self.board()), host);
    }
}

/// A game the host finished.
#[derive(Clone, Debug)]
pub struct Finished {
    pub room: RoomId,
    pub game: Game,
    /// Each seat's failure, if one failed (its index and why).
    pub forfeit: Option<(usize, String)>,
}

/// The host's shared state.
pub struct Inner {
    private: [u8; 32],
    public: [u8; 32],
    bounds: Bounds,
    rooms: Mutex<HashMap<RoomId, Arc<Room>>>,
    connections: AtomicUsize,
    next_conn: AtomicU64,
    log: Mutex<Vec<String>>,
    quiet: bool,
    finished: Mutex<Vec<Finished>>,
    stop: AtomicBool,
    /// The state folder (rooms are saved in its `rooms` folder after every turn).
    state: Option<PathBuf>,
    /// Rooms saved since the disk last caught up (`sync_rooms`).
    unsynced: Mutex<Vec<PathBuf>>,
    /// Whether the host's background threads (`start_background`) were started.
    background: AtomicBool,
    fault: Option<Fault>,
    /// The bytes of history every seat keeps for a rejoin, and their limit (`Bounds::past_bytes`).
    past_budget: Arc<PastBudget>,
}

impl Inner {
    fn log(&self, line: String) {
        if !self.quiet {
            eprintln!("serve: {line}");
        }
        let mut l = lock(&self.log);
        if l.len() >= LOG_KEEP {
            l.remove(0);
        }
        l.push(line);
    }
}

/// The host: a listening socket and its rooms.
pub struct Server {
    listener: TcpListener,
    inner: Arc<Inner>,
}

/// The host's options.
#[derive(Clone, Debug, Default)]
pub struct ServeOptions {
    /// The folder the host keeps its static key in (made if missing); none: a new key each run.
    pub state: Option<PathBuf>,
    pub bounds: Bounds,
    /// Log only in memory (tests).
    pub quiet: bool,
    /// A fault put in on purpose, to test that players catch it: for tests only (`junqi serve`
    /// and the window never set one, and nothing a user gives sets it).
    #[doc(hidden)]
    pub fault: Option<Fault>,
}

/// A host made to lie to one seat, once (tests of the audit: each lie must be named by that
/// seat's audit). Only tests set one (`ServeOptions::fault`); `junqi serve` and the window never do.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The first clash reported to this seat gets another outcome than the rules give.
    LieAboutAClash { seat: u8 },
    /// The view after the seat's third report is the one before it.
    StaleView { seat: u8 },
    /// The seat's turn at its third `go` is refused (as a flag rule would refuse an attack on
    /// the flag) though the game never sees it; the seat is asked again.
    MadeUpRefusal { seat: u8 },
    /// The formation the seat sends is played with two of its pieces swapped.
    ChangedFormation { seat: u8 },
    /// The seat's turn at its third `go` is played as another turn its view allows.
    SwappedTurn { seat: u8 },
    /// At the seat's third `go` the host resigns for it.
    InventedResignation { seat: u8 },
    /// The first draw offered to the seat is accepted for it, without asking it.
    InventedDrawAnswer { seat: u8 },
    /// The first takeback asked of the seat is agreed for it, without asking it.
    InventedTakebackAnswer { seat: u8 },
    /// The record sent to the seat at the end lacks the game's last action.
    OtherRecord { seat: u8 },
    /// The game's history sent again when the seat is taken back leaves out the view after
    /// the first report (a view the record allows to be missing: only what the seat was told
    /// live shows it).
    ChangedPast { seat: u8 },
}

impl Fault {
    /// The seat lied to.
    pub fn seat(self) -> u8 {
        match self {
            Fault::LieAboutAClash { seat }
            | Fault::StaleView { seat }
            | Fault::MadeUpRefusal { seat }
            | Fault::ChangedFormation { seat }
            | Fault::SwappedTurn { seat }
            | Fault::InventedResignation { seat }
            | Fault::InventedDrawAnswer { seat }
            | Fault::InventedTakebackAnswer { seat }
            | Fault::OtherRecord { seat }
            | Fault::ChangedPast { seat } => seat,
        }
    }
}

/// The key file in the state folder: the private and the public key, in base 32, one a line.
const KEY_FILE: &str = "host-key";

fn load_or_make_key(dir: &std::path::Path) -> Result<([u8; 32], [u8; 32]), String> {
    crate::fsutil::create_private_dir_all(dir).map_err(|e| e.to_string())?;
    crate::fsutil::remove_stale_temp_files(dir);
    let path = dir.join(KEY_FILE);
    if path.exists() {
        let text = crate::fsutil::read_text(&path, 1024).map_err(|e| e.to_string())?;
        let mut lines = text.lines();
        let (Some(a), Some(b)) = (lines.next(), lines.next()) else {
            return Err(format!("{}: not a host key file", path.display()));
        };
        let private =
            super::invite::parse_key(a.trim()).map_err(|e| format!("{}: {e}", path.display()))?;
        let public =
            super::invite::parse_key(b.trim()).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok((private, public));
    }
    let (private, public) = conn::generate_keypair();
    let text = format!("{}\n{}\n", encode(&private), encode(&public));
    crate::fsutil::atomic_write(&path, text.as_bytes()).map_err(|e| e.to_string())?;
    Ok((private, public))
}

impl Server {
    /// Listen on `addr` (`127.0.0.1:0` picks a free port).
    ///
    /// # Errors
    /// The address cannot be bound, or the state folder's key cannot be read or written.
    pub fn bind(addr: &str, opts: ServeOptions) -> Result<Server, String> {
        let (private, public) = match &opts.state {
            Some(dir) => load_or_make_key(dir)?,
            None => conn::generate_keypair(),
        };
        let listener =
            TcpListener::bind(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        Ok(Server {
            listener,
            inner: Arc::new(Inner {
                private,
                public,
                past_budget: PastBudget::new(opts.bounds.past_bytes),
                bounds: opts.bounds,
                rooms: Mutex::new(HashMap::new()),
                connections: AtomicUsize::new(0),
                next_conn: AtomicU64::new(1),
                log: Mutex::new(Vec::new()),
                quiet: opts.quiet,
                finished: Mutex::new(Vec::new()),
                stop: AtomicBool::new(false),
                state: opts.state.clone(),
                unsynced: Mutex::new(Vec::new()),
                background: AtomicBool::new(false),
                fault: opts.fault,
            }),
        })
    }

    /// Take up the rooms saved in the state folder (a host that stopped, or was killed, with
    /// games going on): each goes on from its last turn, waiting for its players to rejoin.
    /// Returns how many; a file that cannot be read is logged and left alone. First the
    /// temporary files a killed host left there (`.ROOM.room.PID.tmp`, with the rooms' secrets)
    /// are removed. A room is taken up once, by the room named inside its file, whatever the
    /// file is called: from `ROOM.room` if there is one, else from the newest other file, which
    /// is renamed `ROOM.room` (the host saves and removes the room there); the other files of
    /// the same room are removed.
    pub fn resume_rooms(&self) -> usize {
        let Some(state) = self.inner.state.clone() else {
            return 0;
        };
        let dir = state.join(ROOMS);
        let stale = crate::fsutil::remove_stale_temp_files(&dir);
        if stale > 0 {
            self.inner.log(format!(
                "{}: {stale} temporary files left by a host that stopped removed",
                dir.display()
            ));
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return 0;
        };
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "room"))
            .collect();
        paths.sort();
        // Each room's files, by the room named inside.
        let mut found: HashMap<RoomId, Vec<Saved>> = HashMap::new();
        for path in paths {
            match load_room(&path, &self.inner) {
                Ok((room, game)) => found.entry(room.id).or_default().push((room, game, path)),
                Err(why) => self
                    .inner
                    .log(format!("{}: not resumed: {why}", path.display())),
            }
        }
        let mut n = 0;
        for (id, mut copies) in found {
            let own = room_path(&state, id);
            let modified = |p: &PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
            // The room's own file first, then the newest.
            copies.sort_by_key(|(_, _, p)| (*p == own, modified(p)));
            let (room, game, path) = copies.pop().expect("one file at least");
            for (_, _, other) in copies {
                self.inner.log(format!(
                    "{}: another file of room {id}: removed, the room resumed from {}",
                    other.display(),
                    path.display()
                ));
                let _ = std::fs::remove_file(&other);
            }
            if path != own {
                if let Err(e) = std::fs::rename(&path, &own) {
                    self.inner.log(format!(
                        "{}: not resumed: cannot be renamed: {e}",
                        path.display()
                    ));
                    continue;
                }
                self.inner.log(format!(
                    "{}: room {id}'s file, renamed {}",
                    path.display(),
                    own.display()
                ));
            }
            if self.resume_room(room, game) {
                n += 1;
            }
        }
        n
    }

    /// Take up one saved room (`resume_rooms`): a waiting room waits for its players again, a
    /// full one begins or goes on. Whether it was taken up.
    fn resume_room(&self, room: Arc<Room>, game: Option<Game>) -> bool {
        lock(&self.inner.rooms).insert(room.id, room.clone());
        match &game {
            None => {
                let full = {
                    let mut st = lock(&room.state);
                    let full = st.seats.iter().all(|s| s.name.is_some());
                    st.started |= full;
                    full
                };
                if !full {
                    self.inner
                        .log(format!("room {}: waiting for its players again", room.id));
                    return true;
                }
                // Every seat was taken, the game not yet begun (the formations were being
                // chosen): it begins again, its players rejoining with their tokens.
                self.inner
                    .log(format!("room {}: the game begins again", room.id));
            }
            // The host stopped after saving the game's last turn and before telling anyone:
            // its players are told the end (and the reveal) when they rejoin.
            Some(game) if game.status().is_over() => self.inner.log(format!(
                "room {}: resumed over after {} plies ({}): its players are told when they rejoin",
                room.id,
                game.plies().len(),
                game.status().word()
            )),
            Some(game) => self.inner.log(format!(
                "room {}: resumed after {} plies",
                room.id,
                game.plies().len()
            )),
        }
        let host = self.inner.clone();
        std::thread::Builder::new()
            .name("junqi-room".into())
            .spawn(move || run_room(&host, &room, game))
            .is_ok()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound socket")
    }

    /// The host's static public key.
    pub fn public_key(&self) -> [u8; 32] {
        self.inner.public
    }

    /// A handle to look at the host while it runs (its log, its finished games).
    pub fn handle(&self) -> ServerHandle {
        ServerHandle {
            inner: self.inner.clone(),
            addr: self.local_addr(),
        }
    }

    /// The host's background threads, once: the one that makes the saved rooms durable
    /// (`sync_rooms`, when the host saves them) and the one that closes abandoned waiting rooms
    /// (`sweep_rooms`). Each holds only a weak reference to the host.
    fn start_background(&self) {
        if self.inner.background.swap(true, Ordering::Relaxed) {
            return;
        }
        let spawn = |name: &str, job: fn(&std::sync::Weak<Inner>)| {
            let weak = Arc::downgrade(&self.inner);
            let _ = std::thread::Builder::new()
                .name(name.into())
                .stack_size(128 * 1024)
                .spawn(move || job(&weak));
        };
        if self.inner.state.is_some() {
            spawn("junqi-sync", sync_rooms);
        }
        spawn("junqi-sweep", sweep_rooms);
    }

    /// Accept connections until `ServerHandle::stop`.
    pub fn run(self) {
        let addr = self.local_addr();
        self.start_background();
        self.inner.log(format!(
            "listening on {addr}, host key {}",
            encode(&self.inner.public)
        ));
        for stream in self.listener.incoming() {
            if self.inner.stop.load(Ordering::Relaxed) {
                break;
            }
            let Ok(stream) = stream else { continue };
            let n = self.inner.connections.fetch_add(1, Ordering::Relaxed);
            let inner = self.inner.clone();
            if n >= inner.bounds.max_connections {
                inner.connections.fetch_sub(1, Ordering::Relaxed);
                inner.log("a connection refused: too many connections".into());
                conn::refuse(stream, conn::FULL);
                continue;
            }
            let spawned = std::thread::Builder::new()
                .name("junqi-conn".into())
                .stack_size(256 * 1024)
                .spawn(move || {
                    let id = inner.next_conn.fetch_add(1, Ordering::Relaxed);
                    let peer = stream
                        .peer_addr()
                        .map(|a| a.to_string())
                        .unwrap_or_default();
                    if let Err(why) = serve_connection(&inner, stream, id) {
                        inner.log(format!("connection {id} ({peer}): {why}"));
                    }
                    inner.connections.fetch_sub(1, Ordering::Relaxed);
                });
            if spawned.is_err() {
                self.inner.connections.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }

    /// Run on a thread of its own; the handle to stop it.
    pub fn spawn(self) -> ServerHandle {
        let h = self.handle();
        std::thread::Builder::new()
            .name("junqi-serve".into())
            .spawn(move || self.run())
            .expect("a thread");
        h
    }
}

/// A running host, seen from outside.
#[derive(Clone)]
pub struct ServerHandle {
    inner: Arc<Inner>,
    addr: SocketAddr,
}

impl ServerHandle {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn public_key(&self) -> [u8; 32] {
        self.inner.public
    }

    /// The log so far (the last `LOG_KEEP` lines).
    pub fn log(&self) -> Vec<String> {
        lock(&self.inner.log).clone()
    }

    /// The games finished so far.
    pub fn finished(&self) -> Vec<Finished> {
        lock(&self.inner.finished).clone()
    }

    /// Close the connection holding seat `seat` of room `room`, as a broken network would
    /// (the seat waits for its player to rejoin); whether there was one.
    pub fn cut(&self, room: RoomId, seat: u8) -> bool {
        let Some(r) = lock(&self.inner.rooms).get(&room).cloned() else {
            return false;
        };
        let st = lock(&r.state);
        let Some(slot) = st.seats.get(usize::from(seat)) else {
            return false;
        };
        let conn = lock(&slot.link.state).conn.clone();
        match conn {
            Some(c) => {
                self.inner.log(format!(
                    "room {room}: seat {}: connection {} cut",
                    seat_number(seat),
                    c.id
                ));
                c.sender.close();
                true
            }
            None => false,
        }
    }

    /// Rooms open now.
    pub fn rooms(&self) -> usize {
        lock(&self.inner.rooms).len()
    }

    /// Stop accepting connections (the accept loop ends at its next connection).
    pub fn stop(&self) {
        self.inner.stop.store(true, Ordering::Relaxed);
        // Rooms open after their game's end close now.
        for room in lock(&self.inner.rooms).values() {
            room.changed.notify_all();
        }
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

/// A seat's line link to its table, new: nothing sent, nothing waiting.
fn new_link(host: &Inner) -> Arc<LinkShared> {
    let (tx, rx) = sync_channel(host.bounds.in_queue);
    Arc::new(LinkShared {
        state: Mutex::new(LinkState {
            past: KeptPast::kept(&host.past_budget),
            ..LinkState::default()
        }),
        inbox: Mutex::new(rx),
        inbox_tx: tx,
    })
}

fn random_token() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    let bytes: [u8; 16] = rng.random();
    let mut t = encode(&bytes);
    t.truncate(TOKEN_LEN);
    t
}

/// Equal strings, compared in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Where a connection comes from, as wrong codes are counted: its IP address, an IPv6 one's
/// /64 (one machine's usual share), an IPv4 one mapped into IPv6 as IPv4.
fn source(stream: &TcpStream) -> IpAddr {
    source_of(
        stream
            .peer_addr()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip()),
    )
}

/// `source` of an address.
fn source_of(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !(u128::MAX >> 64))),
        v4 => v4,
    }
}

/// Why the host ends a connection: what the player is told (nothing when the connection broke),
/// and the log's own words.
#[derive(Debug)]
struct Dropped {
    pub(super) bye: Option<Farewell>,
    pub(super) detail: String,
}

impl From<Farewell> for Dropped {
    /// A farewell whose words are all the log needs too.
    fn from(bye: Farewell) -> Dropped {
        Dropped::told(bye, bye.to_string())
    }
}

impl Dropped {
    fn told(bye: Farewell, detail: impl Into<String>) -> Dropped {
        Dropped {
            bye: Some(bye),
            detail: detail.into(),
        }
    }

    fn broken(detail: impl Into<String>) -> Dropped {
        Dropped {
            bye: None,
            detail: detail.into(),
        }
    }
}

/// The chairs of a room's seats.
fn chairs(room: &Room) -> Vec<Chair> {
    if room.players == 4 {
        Board::four_player()
            .seats
            .iter()
            .map(|&s| Chair::Side(s))
            .collect()
    } else if room.rules.mode.deals_face_down() {
        vec![Chair::Player(1), Chair::Player(2)]
    } else {
        vec![Chair::Side(Seat::Red), Chair::Side(Seat::Blue)]
    }
}
