//! The host (`junqi serve`): rooms by code, a connection's thread each, a thread per game
//! running a `table::Table` whose seats are the network players (`EngineSeat` over `NetLink`).
//!
//! Every bound is here: connections, rooms, the lines a connection may queue in either
//! direction, messages per second, wrong codes per room. A connection that breaks one — a
//! message that is not one, one out of turn, a seat it does not hold, a flood, a reader too
//! slow to take what it is sent — is dropped with the reason logged; its seat waits for its
//! player to rejoin with the seat's token, and the game and the other players go on.

use super::audit::{SALT_LEN, Seal, from_hex, record_parts, to_hex};
use super::conn::{self, ConnError, Preamble, Receiver, Sender};
use super::farewell::Farewell;
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

/// How often a wait for a seat's turn looks for resignations made out of turn.
const RESIGN_POLL: Duration = Duration::from_millis(50);

fn is_question(line: &str) -> bool {
    line.starts_with("junqi ")
        || line == "go"
        || line.starts_with("go ")
        || line.starts_with("draw offered")
        || line.starts_with("takeback asked ")
        || line == "formation?"
}

/// The count of `line` if it is a `timeout` of the seat's own side (the side of its last view):
/// a question its player answers with `timeout ok <count>`.
fn own_timeout(line: &str, last_view: Option<&str>) -> Option<u32> {
    let mut words = line.strip_prefix("timeout ")?.split(' ');
    let (side, count) = (words.next()?, words.next()?);
    let viewer = last_view?.strip_prefix("view ")?.split(' ').next()?;
    (side == viewer).then(|| count.parse().ok()).flatten()
}

/// A network seat's lines, for `EngineSeat`.
struct NetLink {
    shared: Arc<LinkShared>,
    host: Arc<Inner>,
    seat: u8,
    board: &'static Board,
    /// The room's rules (what a `Fault` needs to make up a legal turn).
    rules: Rules,
    /// A lie told (`Fault`).
    lied: bool,
    /// `go`s and reports sent to the seat (when a `Fault` lies).
    gos: usize,
    reports: usize,
    /// An answer a `Fault` makes up for the seat, given to the table before any line of its.
    canned: Option<String>,
    /// The room's resignations made out of turn: one breaks off the wait for this seat's turn.
    resigned: Arc<Mutex<Vec<u8>>>,
}

/// The `go` of the seat's turn at which a `Fault` lies (its third: the game is under way).
const FAULT_AT: usize = 3;

impl NetLink {
    /// The host's fault, if it lies to this seat and has not lied yet.
    fn fault(&self) -> Option<Fault> {
        self.host
            .fault
            .filter(|f| f.seat() == self.seat && !self.lied)
    }

    /// The line as a host with a `Fault` sends it (none: not sent at all).
    fn faulty(&mut self, line: &str) -> Option<Option<String>> {
        use crate::engine::ClashOutcome as C;
        use crate::protocol::HostMsg;
        let is_go = line == "go" || line.starts_with("go ");
        self.gos += usize::from(is_go);
        self.reports += usize::from(line.starts_with("report "));
        let fault = self.fault()?;
        let (lie, canned): (Option<String>, Option<&str>) = match fault {
            Fault::LieAboutAClash { .. } if line.starts_with("report ") => {
                let Ok(HostMsg::Report(mut r)) = HostMsg::parse(line, self.board) else {
                    return None;
                };
                let c = r.clash.as_mut()?;
                *c = match *c {
                    C::DefenderRemoved => C::AttackerRemoved,
                    C::AttackerRemoved | C::Bounced => C::BothRemoved,
                    C::BothRemoved | C::MineDug | C::FlagTaken => C::DefenderRemoved,
                };
                (Some(HostMsg::Report(r).line(self.board)), None)
            }
            // The view before the last report, shown again after it.
            Fault::StaleView { .. } if line.starts_with("view ") && self.reports >= FAULT_AT => {
                let last = lock(&self.shared.state).last_view.clone();
                (last.filter(|l| l != line), None)
            }
            Fault::InventedResignation { .. } if is_go && self.gos >= FAULT_AT => {
                (None, Some("resign"))
            }
            Fault::InventedDrawAnswer { .. } if line.starts_with("draw offered ") => {
                (None, Some("draw accept"))
            }
            Fault::InventedTakebackAnswer { .. } if line.starts_with("takeback asked ") => {
                (None, Some("takeback accept"))
            }
            _ => return None,
        };
        if let Some(answer) = canned {
            // The seat is not asked; the host answers for it.
            self.lied = true;
            self.canned = Some(answer.to_string());
            return Some(None);
        }
        let lie = lie?;
        self.lied = true;
        Some(Some(lie))
    }

    /// The seat's answer as a host with a `Fault` takes it (none: it is not taken, and the seat
    /// is asked again).
    fn faulty_answer(&mut self, answer: String) -> Option<String> {
        let Some(fault) = self.fault() else {
            return Some(answer);
        };
        let turn = answer
            .strip_prefix("turn ")
            .filter(|_| self.gos >= FAULT_AT);
        match (fault, turn) {
            (Fault::MadeUpRefusal { .. }, Some(t)) => {
                // Refused as a flag rule would refuse it, though the game never sees it.
                self.lied = true;
                let t = t.to_string();
                self.send(&format!("refused {t} the flag: refused"));
                self.send("go");
                None
            }
            (Fault::SwappedTurn { .. }, Some(t)) => {
                let other = self.another_turn(t);
                self.lied |= other.is_some();
                Some(other.map_or(answer, |o| format!("turn {o}")))
            }
            (Fault::ChangedFormation { .. }, _) if answer.starts_with("formation ") => {
                let changed = (answer.strip_prefix("formation "))
                    .and_then(|f| crate::protocol::parse_formation(f).ok())
                    .and_then(|f| swapped_formation(&f));
                self.lied |= changed.is_some();
                Some(changed.map_or(answer, |f| {
                    format!("formation {}", crate::protocol::formation_text(&f))
                }))
            }
            _ => Some(answer),
        }
    }

    /// A turn the seat's last view allows, other than `turn`.
    fn another_turn(&self, turn: &str) -> Option<String> {
        use crate::protocol::HostMsg;
        let last = lock(&self.shared.state).last_view.clone()?;
        let Ok(HostMsg::View {
            viewer,
            notation,
            mines,
        }) = HostMsg::parse(&last, self.board)
        else {
            return None;
        };
        let viewer = crate::engine::Viewer::Side(viewer);
        let view =
            crate::engine::View::from_notation(&notation, viewer, &self.rules, &mines).ok()?;
        (view.candidate_turns(&self.rules).into_iter())
            .filter(|&t| view.check_turn(&self.rules, t).is_ok())
            .map(|t| t.notation(self.board))
            .find(|t| t != turn)
    }
}

/// `f` with two pieces of one line swapped (neither the flag, of different ranks): as valid as
/// `f` (the rules place pieces by line, and the flag by square), and another formation.
fn swapped_formation(f: &crate::engine::Formation) -> Option<crate::engine::Formation> {
    use crate::engine::Rank;
    for line in 1..=6u8 {
        for a in 1..=5u8 {
            for b in a + 1..=5u8 {
                let (x, y) = (f.at(line, a), f.at(line, b));
                if let (Some(x), Some(y)) = (x, y)
                    && x != y
                    && x != Rank::Flag
                    && y != Rank::Flag
                {
                    let mut g = f.clone();
                    g.set(line, a, Some(y));
                    g.set(line, b, Some(x));
                    return Some(g);
                }
            }
        }
    }
    None
}

impl LineLink for NetLink {
    fn send(&mut self, line: &str) {
        let faulty = match self.faulty(line) {
            Some(None) => return,
            Some(Some(lie)) => Some(lie),
            None => None,
        };
        let line = faulty.as_deref().unwrap_or(line);
        let mut st = lock(&self.shared.state);
        if is_told(line) {
            st.told += 1;
            st.refused = 0;
        } else if line.starts_with("refused ") {
            st.refused += 1;
        }
        if line.starts_with("view ") {
            st.last_view = Some(line.to_string());
            st.view_mark = (st.told, st.refused);
        } else if st.last_view.is_none()
            && st.setup.len() < 64
            && (line.starts_with("junqi ") || !is_question(line))
        {
            st.setup.push(line.to_string());
        }
        if is_question(line) {
            st.pending = Some(line.to_string());
        }
        if let Some(count) = own_timeout(line, st.last_view.as_deref()) {
            // The `go` whose time ran out is no longer asked; its answer may still come.
            if st.pending.as_deref().is_some_and(|p| p.starts_with("go")) {
                st.pending = None;
                st.late_gos += 1;
            }
            st.owed_timeout = Some(count);
        }
        if let Some(c) = &st.conn {
            c.push(format!("h {line}"), &self.host);
        }
    }

    fn line(&mut self, deadline: Instant) -> Result<String, SeatFailure> {
        if let Some(answer) = self.canned.take() {
            return Ok(answer);
        }
        loop {
            let answer = self.next_line(deadline)?;
            if let Some(answer) = self.faulty_answer(answer) {
                return Ok(answer);
            }
        }
    }
}

impl NetLink {
    /// The seat's next line (`LineLink::line`, before a `Fault` sees it).
    fn next_line(&mut self, deadline: Instant) -> Result<String, SeatFailure> {
        let inbox = lock(&self.shared.inbox);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match inbox.recv_timeout(left.min(RESIGN_POLL)) {
                // Every line here was taken by `relay` from the connection holding the seat
                // then, as the answer to the question waiting: it stands even if that
                // connection broke since (the question is not asked again after a rejoin).
                Ok((_conn, line)) => return Ok(line),
                Err(RecvTimeoutError::Timeout) if left <= RESIGN_POLL => {
                    return Err(SeatFailure::Hung(Duration::ZERO));
                }
                Err(RecvTimeoutError::Timeout) => {
                    // Another seat resigned while this one is asked for its turn: the table
                    // takes the resignation, and the `go` stands.
                    let asked_to_move = lock(&self.shared.state)
                        .pending
                        .as_deref()
                        .is_some_and(|p| p == "go" || p.starts_with("go "));
                    if asked_to_move && !lock(&self.resigned).is_empty() {
                        return Err(SeatFailure::Interrupted);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(SeatFailure::Crashed("the room closed".into()));
                }
            }
        }
    }
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
}

struct Room {
    id: RoomId,
    secret: Secret,
    players: u8,
    rules: Rules,
    state: Mutex<RoomState>,
    /// The commitment to the pieces at the start, once the game has started.
    seal: Mutex<Option<Seal>>,
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
            }),
            seal: Mutex::new(seal),
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
            | Fault::OtherRecord { seat } => seat,
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
                    shown(seat),
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
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
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

/// Source addresses a room keeps wrong codes for (past it, only the count over all of them).
const WRONG_CODE_SOURCES: usize = 256;

/// A room's wrong codes: by source address and in all, and the locks they set. A lock holds
/// for `Bounds::lock_time`; while it holds, nothing more is counted against what it locks.
#[derive(Default)]
struct WrongCodes {
    /// Each address's wrong codes since its last lock, and until when it is locked.
    by_source: HashMap<IpAddr, (u32, Option<Instant>)>,
    /// Wrong codes from every address since the room's last lock.
    total: u32,
    /// Until when the room is locked against every address.
    room_until: Option<Instant>,
}

impl WrongCodes {
    /// Whether the room is locked against `from` at `now`.
    fn locked(&self, from: IpAddr, now: Instant) -> bool {
        let held = |until: Option<Instant>| until.is_some_and(|t| now < t);
        held(self.room_until) || self.by_source.get(&from).is_some_and(|s| held(s.1))
    }

    /// Count a wrong code from `from` at `now`; what it locked the room against, if anything.
    fn failed(&mut self, from: IpAddr, now: Instant, bounds: &Bounds) -> Option<String> {
        let until = Some(now + bounds.lock_time);
        self.total += 1;
        if self.total >= bounds.room_wrong_codes {
            self.total = 0;
            self.room_until = until;
            return Some("every address".into());
        }
        if !self.by_source.contains_key(&from) && self.by_source.len() >= WRONG_CODE_SOURCES {
            // Forget the addresses not locked now; if all are, count this one only in all.
            self.by_source
                .retain(|_, (_, t)| t.is_some_and(|t| now < t));
            if self.by_source.len() >= WRONG_CODE_SOURCES {
                return None;
            }
        }
        let (count, locked) = self.by_source.entry(from).or_insert((0, None));
        *count += 1;
        if *count < bounds.wrong_codes {
            return None;
        }
        *count = 0;
        *locked = until;
        Some(from.to_string())
    }
}

/// A token bucket for one connection's messages.
struct Rate {
    tokens: f64,
    last: Instant,
    burst: f64,
    per_second: f64,
}

impl Rate {
    fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_second)
            .min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One connection from its preamble to its end. The preamble, the handshake and the first
/// request have `Bounds::handshake_time` in all. `Err`: why it was dropped.
fn serve_connection(host: &Arc<Inner>, stream: TcpStream, id: u64) -> Result<(), String> {
    let until = Instant::now() + host.bounds.handshake_time;
    let pre = conn::read_preamble(&stream, until).map_err(|e| format!("dropped: {e}"))?;
    let (sender, mut receiver, room) = match pre {
        Preamble::Create => {
            let (s, r) = conn::accept(
                stream,
                &host.private,
                None,
                conn::PREAMBLE_OK,
                until,
                &mut |_| true,
            )
            .map_err(|e| format!("dropped: {e}"))?;
            (s, r, None)
        }
        Preamble::Join(rid) => {
            let room = lock(&host.rooms).get(&rid).cloned();
            let Some(room) = room else {
                conn::refuse(stream, conn::NO_SUCH_ROOM);
                return Err(format!("refused: no room {rid}"));
            };
            let from = source(&stream);
            let locked = lock(&room.state).wrong_codes.locked(from, Instant::now());
            // A locked room lets in only a rejoin whose claim (in the handshake's first
            // message, readable only with the room's code) names a seat with its token.
            let code = if locked {
                conn::LOCKED
            } else {
                conn::PREAMBLE_OK
            };
            let mut admit = |payload: &[u8]| !locked || room.proves_seat(payload);
            match conn::accept(
                stream,
                &host.private,
                Some(room.secret.psk(rid)),
                code,
                until,
                &mut admit,
            ) {
                Ok((s, r)) if locked => {
                    host.log(format!(
                        "room {rid}: a rejoin let in while the room is locked"
                    ));
                    (s, r, Some((room, true)))
                }
                Ok((s, r)) => (s, r, Some((room, false))),
                // Nothing is counted while the room is locked (and nothing told).
                Err(e) if locked => {
                    return Err(format!(
                        "refused: room {rid} is locked after wrong codes ({e})"
                    ));
                }
                Err(e) => {
                    let locked =
                        lock(&room.state)
                            .wrong_codes
                            .failed(from, Instant::now(), &host.bounds);
                    if let Some(against) = locked {
                        host.log(format!(
                            "room {rid}: locked for {} s after wrong codes, against {against}",
                            host.bounds.lock_time.as_secs()
                        ));
                    }
                    return Err(format!("refused: a wrong code for room {rid} ({e})"));
                }
            }
        }
    };
    let first = receiver
        .recv_by(until)
        .map_err(|e| format!("dropped: no request: {e}"))?;
    receiver.set_timeout(host.bounds.idle);
    // The writer: a bounded queue drained on a thread of its own, pinging when idle.
    let (queue, out_rx) = sync_channel::<String>(host.bounds.out_queue);
    let closed = Arc::new(AtomicBool::new(false));
    let out = ConnOut {
        id,
        queue,
        sender: sender.clone(),
        closed: closed.clone(),
    };
    {
        let sender = sender.clone();
        let closed = closed.clone();
        let board = Board::two_player();
        std::thread::Builder::new()
            .name("junqi-conn-out".into())
            .stack_size(128 * 1024)
            .spawn(move || {
                loop {
                    let text = match out_rx.recv_timeout(PING) {
                        Ok(t) => t,
                        Err(RecvTimeoutError::Timeout) => Msg::Ping.encode(board),
                        Err(RecvTimeoutError::Disconnected) => return,
                    };
                    if closed.load(Ordering::Relaxed) || sender.send_text(text.as_bytes()).is_err()
                    {
                        closed.store(true, Ordering::Relaxed);
                        sender.close();
                        return;
                    }
                }
            })
            .map_err(|e| e.to_string())?;
    }
    let result = seated_loop(host, &out, &mut receiver, first, room);
    if let Err(Dropped { bye: Some(why), .. }) = &result {
        let _ = out
            .queue
            .try_send(Msg::Bye(*why).encode(Board::two_player()));
        // Give the writer a moment to send the reason before the connection closes.
        std::thread::sleep(Duration::from_millis(50));
    }
    out.close();
    result.map_err(|why| format!("dropped: {}", why.detail))
}

/// Why the host ends a connection: what the player is told (nothing when the connection broke),
/// and the log's own words.
#[derive(Debug)]
struct Dropped {
    bye: Option<Farewell>,
    detail: String,
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

/// Take a seat as `first` asks (creating the room first if asked; `room`: the room joined, and
/// whether it was locked, when only a rejoin may come in), then relay the seat's messages.
fn seated_loop(
    host: &Arc<Inner>,
    out: &ConnOut,
    receiver: &mut Receiver,
    first: Msg,
    room: Option<(Arc<Room>, bool)>,
) -> Result<(), Dropped> {
    let (room, seat) = match (first, room) {
        (
            Msg::Create {
                players,
                rules,
                name,
                seat,
            },
            None,
        ) => {
            if let Err(e) = rules.validate() {
                return Err(Dropped::told(
                    Farewell::BadRules,
                    format!("rules that do not fit together: {e}"),
                ));
            }
            if players == 4 && rules.mode.deals_face_down() {
                return Err(Dropped::told(
                    Farewell::FourPlayerFlip,
                    "four players play open or hidden mode",
                ));
            }
            let room = make_room(host, players, rules)?;
            let invite = Invite {
                addr: out.sender_local_addr(),
                room: room.id,
                secret: room.secret,
                host_key: host.public,
            };
            out.push(
                Msg::Created {
                    invite: invite.to_string(),
                }
                .encode(room.board()),
                host,
            );
            host.log(format!(
                "room {}: made for {players} players ({})",
                room.id,
                room.rules.mode.word()
            ));
            let seat = take_seat(host, &room, out, Claim::New(seat), &name)?;
            (room, seat)
        }
        (Msg::Join { .. }, Some((_, true))) => {
            return Err(Dropped::told(
                Farewell::Locked,
                "a join into a room locked after wrong codes",
            ));
        }
        (Msg::Join { name, seat }, Some((room, false))) => {
            let seat = take_seat(host, &room, out, Claim::New(seat), &name)?;
            (room, seat)
        }
        (Msg::Rejoin { seat, token }, Some((room, _))) => {
            let seat = take_seat(host, &room, out, Claim::Back(seat, token), "")?;
            (room, seat)
        }
        (m, _) => {
            return Err(Dropped::told(
                Farewell::OutOfPlace,
                format!(
                    "'{}' where a create, join or rejoin was expected",
                    crate::protocol::clip(&m.encode(Board::two_player()))
                ),
            ));
        }
    };
    receiver.board = room.board();
    let link = lock(&room.state).seats[usize::from(seat)].link.clone();
    let mut rate = Rate {
        tokens: f64::from(host.bounds.burst),
        last: Instant::now(),
        burst: f64::from(host.bounds.burst),
        per_second: f64::from(host.bounds.per_second),
    };
    let result = relay(host, &room, seat, out, receiver, &link, &mut rate);
    // Leave the seat (it waits for a rejoin), unless another connection took it already.
    {
        let mut st = lock(&room.state);
        st.conns.retain(|(_, c)| c.id != out.id);
        if st.conns.is_empty() {
            st.empty_since = Instant::now();
        }
        let mut ls = lock(&link.state);
        if ls.conn.as_ref().is_some_and(|c| c.id == out.id) {
            ls.conn = None;
        }
    }
    result
}

impl ConnOut {
    fn sender_local_addr(&self) -> String {
        self.sender
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_else(|| "127.0.0.1:0".into())
    }
}

fn make_room(host: &Arc<Inner>, players: u8, rules: Rules) -> Result<Arc<Room>, Dropped> {
    let mut rooms = lock(&host.rooms);
    close_abandoned_rooms(host, &mut rooms);
    if rooms.len() >= host.bounds.max_rooms {
        return Err(Dropped::told(
            Farewell::TooManyRooms,
            "the host holds as many rooms as it may",
        ));
    }
    let mut id = RoomId::random();
    while rooms.contains_key(&id) {
        id = RoomId::random();
    }
    let seats = (0..players)
        .map(|_| {
            let (tx, rx) = sync_channel(host.bounds.in_queue);
            SeatSlot {
                name: None,
                token: random_token(),
                link: Arc::new(LinkShared {
                    state: Mutex::new(LinkState::default()),
                    inbox: Mutex::new(rx),
                    inbox_tx: tx,
                }),
            }
        })
        .collect();
    let room = Room::new(id, Secret::random(), players, rules, seats, false, None);
    rooms.insert(id, room.clone());
    Ok(room)
}

/// The seat a connection asks for.
enum Claim {
    /// A free seat: this one, or (none) the first.
    New(Option<u8>),
    /// One's own seat again, with its token.
    Back(u8, String),
}

/// A seat as the host's log and its refusals name it: counted from 1 in the board's order, as
/// `junqi connect --seat` and its help count (two players: 1 Red, 2 Blue; four: 1 South … 4
/// West). The wire itself (`create … seat=K`, `join NAME K`, `seated`, `rejoin`) counts from 0.
pub fn shown(seat: impl Into<usize>) -> usize {
    seat.into() + 1
}

/// Seat `out` as it claims.
fn take_seat(
    host: &Arc<Inner>,
    room: &Arc<Room>,
    out: &ConnOut,
    claim: Claim,
    name: &str,
) -> Result<u8, Dropped> {
    let mut st = lock(&room.state);
    if st.over {
        return Err(Dropped::told(Farewell::GameOver, "the game is over"));
    }
    let rejoin = matches!(claim, Claim::Back(..));
    let seat = match &claim {
        Claim::Back(seat, token) => {
            let Some(slot) = st.seats.get(usize::from(*seat)) else {
                return Err(Dropped::told(
                    Farewell::NoSeat(*seat),
                    format!("no seat {}", shown(*seat)),
                ));
            };
            if slot.name.is_none() || !same(&slot.token, token) {
                return Err(Dropped::told(
                    Farewell::WrongToken(*seat),
                    format!("claimed seat {} without its token", shown(*seat)),
                ));
            }
            *seat
        }
        Claim::New(Some(seat)) => match st.seats.get(usize::from(*seat)) {
            None => {
                return Err(Dropped::told(
                    Farewell::NoSeat(*seat),
                    format!("no seat {}", shown(*seat)),
                ));
            }
            Some(slot) if slot.name.is_some() => {
                return Err(Dropped::told(
                    Farewell::SeatTaken(*seat),
                    format!("seat {} is taken", shown(*seat)),
                ));
            }
            Some(_) => *seat,
        },
        Claim::New(None) => match st.seats.iter().position(|s| s.name.is_none()) {
            Some(k) => k as u8,
            None => return Err(Dropped::told(Farewell::RoomFull, "every seat is taken")),
        },
    };
    let k = usize::from(seat);
    if !rejoin {
        st.seats[k].name = Some(clean_name(name));
        // A room still waiting for players is saved before the seat is told it has it; with
        // its last seat taken it is saved so too (the formations may take minutes), and the
        // game's first save replaces the file.
        if !st.started {
            save_lobby(host, room, &st);
        }
    }
    let token = st.seats[k].token.clone();
    // A connection still holding the seat is replaced.
    let link = st.seats[k].link.clone();
    let old = {
        let mut ls = lock(&link.state);
        let old = ls.conn.replace(out.clone());
        out.push(
            Msg::Seated {
                seat,
                players: room.players,
                token,
            }
            .encode(room.board()),
            host,
        );
        if rejoin {
            // Where the game is, for the player's audit.
            let at = Msg::At {
                told: ls.told as u32,
                refused: ls.refused as u32,
            };
            out.push(at.encode(room.board()), host);
        }
        if !ls.setup.is_empty() {
            // A rejoin: the handshake, the setup, the view and the question waiting, again.
            // The table itself waits for the handshake's answer when the game is being set
            // up (or taken up again after a restart): then it is the table's.
            ls.replaying = !ls
                .pending
                .as_deref()
                .is_some_and(|p| p.starts_with("junqi "));
            // A new connection answers only what it is shown. A timeout the old one did not
            // answer is answered here: every line of the old connection is in the table's
            // inbox already (it no longer holds the seat), so what follows this answer there
            // is the new connection's.
            ls.late_gos = 0;
            if let Some(n) = ls.owed_timeout.take() {
                let ok = crate::protocol::EngineMsg::TimeoutOk(n).line();
                let _ = link.inbox_tx.try_send((out.id, ok));
            }
            // A view sent before the last report or refusal is not sent again: the view after
            // it is on its way (the table sends one after each).
            let view = ls
                .last_view
                .iter()
                .filter(|_| ls.view_mark == (ls.told, ls.refused));
            for line in ls
                .setup
                .iter()
                .chain(view)
                .chain(ls.pending.iter().filter(|p| !p.starts_with("junqi ")))
            {
                out.push(format!("h {line}"), host);
            }
        }
        if let Some(seal) = lock(&room.seal).as_ref() {
            out.push(Msg::Commit(seal.hashes.clone()).encode(room.board()), host);
        }
        old
    };
    if let Some(old) = old {
        host.log(format!(
            "room {}: seat {}: connection {} replaced by {}",
            room.id,
            shown(seat),
            old.id,
            out.id
        ));
        st.conns.retain(|(_, c)| c.id != old.id);
        old.close();
    }
    st.conns.push((seat, out.clone()));
    let lobby = room.lobby(&st);
    room.broadcast(&st, &lobby, host);
    host.log(format!(
        "room {}: seat {} {}",
        room.id,
        shown(seat),
        if rejoin { "rejoined" } else { "taken" }
    ));
    if !st.started && st.seats.iter().all(|s| s.name.is_some()) {
        st.started = true;
        let lobby = room.lobby(&st);
        room.broadcast(&st, &lobby, host);
        let room = room.clone();
        let host = host.clone();
        std::thread::Builder::new()
            .name("junqi-room".into())
            .spawn(move || run_room(&host, &room, None))
            .map_err(|e| Dropped::broken(e.to_string()))?;
    }
    Ok(seat)
}

/// Relay what the seated connection sends until it ends or breaks a rule.
fn relay(
    host: &Arc<Inner>,
    room: &Arc<Room>,
    seat: u8,
    out: &ConnOut,
    receiver: &mut Receiver,
    link: &Arc<LinkShared>,
    rate: &mut Rate,
) -> Result<(), Dropped> {
    loop {
        let msg = match receiver.recv() {
            Ok(m) => m,
            Err(ConnError::Closed) => return Ok(()),
            Err(e) if out.closed.load(Ordering::Relaxed) => {
                return Err(Dropped::broken(format!("closed ({e})")));
            }
            Err(e) => return Err(Dropped::broken(e.to_string())),
        };
        // Only what the player sends unasked counts against the bucket (pings, chat, an
        // engine's `info`): answers come one a question, however fast the questions come (two
        // quick computer players answer hundreds of turns a second).
        let asked = matches!(
            &msg,
            Msg::Engine(m) if !matches!(
                m,
                EngineMsg::Id { .. } | EngineMsg::Option(..) | EngineMsg::Info(_)
            )
        );
        if !asked && !rate.allow() {
            return Err(Dropped::told(Farewell::Flood, "a flood of messages"));
        }
        match msg {
            Msg::Ping => {}
            Msg::Engine(m) => {
                let mut ls = lock(&link.state);
                if ls.conn.as_ref().is_none_or(|c| c.id != out.id) {
                    return Err(Dropped::told(
                        Farewell::Replaced,
                        "a seat it no longer holds",
                    ));
                }
                if ls.replaying {
                    match m {
                        EngineMsg::Id { .. } | EngineMsg::Option(..) | EngineMsg::Info(_) => {
                            continue;
                        }
                        EngineMsg::Ok(_) => {
                            ls.replaying = false;
                            continue;
                        }
                        m => {
                            return Err(Dropped::told(
                                Farewell::OutOfPlace,
                                format!("'{}' during the handshake", m.line()),
                            ));
                        }
                    }
                }
                if let EngineMsg::TimeoutOk(n) = m {
                    match ls.owed_timeout {
                        Some(owed) if n <= owed => {
                            if n == owed {
                                ls.owed_timeout = None;
                            }
                        }
                        _ => {
                            return Err(Dropped::told(
                                Farewell::OutOfPlace,
                                format!("'timeout ok {n}' to no timeout of its side"),
                            ));
                        }
                    }
                    // Sent while the seat is held: a rejoin (`take_seat`) comes before or
                    // after it, never between.
                    if link.inbox_tx.try_send((out.id, m.line())).is_err() {
                        return Err(Dropped::told(
                            Farewell::Flood,
                            "more lines than the table takes (a flood)",
                        ));
                    }
                    drop(ls);
                    continue;
                }
                let late = matches!(
                    m,
                    EngineMsg::Turn(_)
                        | EngineMsg::Resign
                        | EngineMsg::OfferDraw
                        | EngineMsg::AskTakeback
                ) && ls.late_gos > 0
                    && !ls.pending.as_deref().is_some_and(|p| p.starts_with("go"));
                if late {
                    // The answer to a `go` whose time ran out: the table drops it.
                    ls.late_gos -= 1;
                    // Sent while the seat is held: a rejoin (`take_seat`) comes before or
                    // after it, never between.
                    if link.inbox_tx.try_send((out.id, m.line())).is_err() {
                        return Err(Dropped::told(
                            Farewell::Flood,
                            "more lines than the table takes (a flood)",
                        ));
                    }
                    drop(ls);
                    continue;
                }
                let Some(pending) = ls.pending.clone() else {
                    return Err(Dropped::told(
                        Farewell::OutOfPlace,
                        format!(
                            "'{}' when nothing was asked",
                            crate::protocol::clip(&m.line())
                        ),
                    ));
                };
                let answers = match &m {
                    EngineMsg::Id { .. } | EngineMsg::Option(..) | EngineMsg::Info(_) => false,
                    EngineMsg::Ok(_) => {
                        if !pending.starts_with("junqi ") {
                            return Err(Dropped::told(
                                Farewell::OutOfPlace,
                                "'ok' to a question other than the handshake",
                            ));
                        }
                        true
                    }
                    EngineMsg::Error(_) => true,
                    EngineMsg::Turn(_)
                    | EngineMsg::Resign
                    | EngineMsg::OfferDraw
                    | EngineMsg::AskTakeback => {
                        if !pending.starts_with("go") {
                            return Err(Dropped::told(
                                Farewell::OutOfPlace,
                                format!("'{}' when no turn was asked", m.line()),
                            ));
                        }
                        true
                    }
                    EngineMsg::DrawAnswer(_) => {
                        if !pending.starts_with("draw offered") {
                            return Err(Dropped::told(
                                Farewell::OutOfPlace,
                                "a draw answer when no draw was offered",
                            ));
                        }
                        true
                    }
                    EngineMsg::TakebackAnswer(_) => {
                        if !pending.starts_with("takeback asked ") {
                            return Err(Dropped::told(
                                Farewell::OutOfPlace,
                                "a takeback answer when no takeback was asked",
                            ));
                        }
                        true
                    }
                    EngineMsg::Formation(_) => {
                        if pending != "formation?" {
                            return Err(Dropped::told(
                                Farewell::OutOfPlace,
                                "a formation when none was asked",
                            ));
                        }
                        true
                    }
                    EngineMsg::TimeoutOk(_) => false,
                };
                if answers {
                    ls.pending = None;
                }
                drop(ls);
                match link.inbox_tx.try_send((out.id, m.line())) {
                    Ok(()) => {}
                    Err(_) => {
                        return Err(Dropped::told(
                            Farewell::Flood,
                            "more lines than the table takes (a flood)",
                        ));
                    }
                }
            }
            Msg::Resign => {
                // Out of turn (on its turn a seat may also answer `go` with `resign`): the
                // table takes it before the next turn, or at once if a seat is thinking.
                if lock(&link.state)
                    .conn
                    .as_ref()
                    .is_none_or(|c| c.id != out.id)
                {
                    return Err(Dropped::told(
                        Farewell::Replaced,
                        "a seat it no longer holds",
                    ));
                }
                let mut q = lock(&room.resigned);
                if !q.contains(&seat) {
                    q.push(seat);
                    host.log(format!("room {}: seat {} resigns", room.id, shown(seat)));
                }
            }
            Msg::Say(text) => {
                let st = lock(&room.state);
                let m = Msg::Said { from: seat, text }.encode(room.board());
                room.broadcast(&st, &m, host);
            }
            Msg::SayPreset(preset) => {
                let st = lock(&room.state);
                let m = Msg::SaidPreset { from: seat, preset }.encode(room.board());
                room.broadcast(&st, &m, host);
            }
            m => {
                return Err(Dropped::told(
                    Farewell::OutOfPlace,
                    format!(
                        "'{}' out of place",
                        crate::protocol::clip(&m.encode(room.board()))
                    ),
                ));
            }
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

/// Play a room's game on a table (from `resume`, a saved game, if given), saving it after every
/// turn when the host has a state folder, then close the room.
fn run_room(host: &Arc<Inner>, room: &Arc<Room>, resume: Option<Game>) {
    let links: Vec<(String, Arc<LinkShared>)> = {
        let st = lock(&room.state);
        st.seats
            .iter()
            .map(|s| (s.name.clone().unwrap_or_default(), s.link.clone()))
            .collect()
    };
    let seats: Vec<(Chair, Box<dyn SeatDriver>)> = chairs(room)
        .into_iter()
        .zip(links)
        .enumerate()
        .map(|(k, (chair, (name, link)))| {
            let link = NetLink {
                shared: link,
                host: host.clone(),
                seat: k as u8,
                board: room.board(),
                rules: room.rules.clone(),
                lied: false,
                gos: 0,
                reports: 0,
                canned: None,
                resigned: room.resigned.clone(),
            };
            (
                chair,
                Box::new(EngineSeat::over(Box::new(link), &name).patient(host.bounds.answer_time))
                    as Box<dyn SeatDriver>,
            )
        })
        .collect();
    // Each seat's seed (its `seed` line, sent over the wire) and the flip deal: independent draws
    // from the operating system, so that no seat can compute the deal or another seat's choices
    // (the computer's formation) from its own.
    let seeds: Vec<u64> = (0..room.players)
        .map(|_| crate::engine::rng::os_seed())
        .collect();
    let table = match resume {
        Some(game) => Table::resume(game, seats, &seeds, Limits::default()),
        None => {
            let deal = if room.rules.mode.deals_face_down() {
                Deal::Start(Start::FlipDeal {
                    seed: crate::engine::rng::os_seed(),
                })
            } else {
                Deal::Formations(vec![None; usize::from(room.players)])
            };
            host.log(format!("room {}: the game starts", room.id));
            Table::open(&room.rules, seats, &seeds, deal, Limits::default())
        }
    };
    let finished = match table {
        Ok(mut table) => {
            table.clock_second(host.bounds.clock_second);
            {
                let resigned = room.resigned.clone();
                let (host, id) = (host.clone(), room.id);
                table.resignations(Box::new(move || {
                    let seats: Vec<usize> = lock(&resigned).drain(..).map(usize::from).collect();
                    for seat in &seats {
                        host.log(format!(
                            "room {id}: seat {}'s resignation is taken",
                            shown(*seat)
                        ));
                    }
                    seats
                }));
            }
            // The commitment, before the first turn (a resumed room keeps the salts it saved).
            {
                let start = &super::audit::dealt(table.game());
                let mut seal = lock(&room.seal);
                let s = match seal.take() {
                    Some(old) => Seal::with_salts(room.id, start, old.salts),
                    None => Seal::new(room.id, start),
                };
                let st = lock(&room.state);
                room.broadcast(
                    &st,
                    &Msg::Commit(s.hashes.clone()).encode(room.board()),
                    host,
                );
                *seal = Some(s);
            }
            save_room(host, room, table.game());
            {
                let (host, room) = (host.clone(), room.clone());
                table.on_turn(Box::new(move |g| save_room(&host, &room, g)));
            }
            let end = loop {
                if let Some(end) = table.step() {
                    break end;
                }
                save_room(host, room, table.game());
            };
            let forfeit = end.forfeit.map(|(k, why)| (k, why.to_string()));
            let game = table.into_game();
            host.log(format!(
                "room {}: over after {} plies: {}{}",
                room.id,
                game.plies().len(),
                game.status().word(),
                forfeit
                    .as_ref()
                    .map(|(k, w)| format!(" (seat {} {w})", shown(*k)))
                    .unwrap_or_default()
            ));
            Some(Finished {
                room: room.id,
                game,
                forfeit,
            })
        }
        Err(e) => {
            host.log(format!("room {}: the game could not start: {e:?}", room.id));
            None
        }
    };
    if let Some(dir) = &host.state {
        // Closed first: an open file cannot be removed everywhere.
        *lock(&room.journal) = None;
        let _ = std::fs::remove_file(room_path(dir, room.id));
    }
    // The reveal and the record, so that every player can check the host (`audit`).
    if let (Some(f), Some(seal)) = (&finished, lock(&room.seal).as_ref()) {
        let st = lock(&room.state);
        room.broadcast(
            &st,
            &Msg::Reveal(seal.salts.clone()).encode(room.board()),
            host,
        );
        let record = |g: &Game| -> Vec<String> {
            let parts = record_parts(g);
            let n = parts.len();
            (parts.into_iter().enumerate())
                .map(|(i, text)| {
                    let last = i + 1 == n;
                    Msg::RecordPart { text, last }.encode(room.board())
                })
                .collect()
        };
        let parts = record(&f.game);
        // A host made to lie sends that seat the record less its last action.
        let other = match host.fault {
            Some(Fault::OtherRecord { seat }) => {
                let mut r = f.game.record().clone();
                r.actions.pop();
                Game::from_record(r).ok().map(|g| (seat, record(&g)))
            }
            _ => None,
        };
        for (seat, c) in &st.conns {
            let parts = match &other {
                Some((s, lie)) if s == seat => lie,
                _ => &parts,
            };
            for p in parts {
                c.push(p.clone(), host);
            }
        }
    }
    // Let the writers send the last lines, then close the room.
    std::thread::sleep(Duration::from_millis(200));
    {
        let mut st = lock(&room.state);
        st.over = true;
        for (_, c) in &st.conns {
            c.push(Msg::Bye(Farewell::GameOver).encode(room.board()), host);
        }
        st.conns.clear();
    }
    lock(&host.rooms).remove(&room.id);
    if let Some(f) = finished {
        let mut fs = lock(&host.finished);
        if fs.len() >= FINISHED_KEEP {
            fs.remove(0);
        }
        fs.push(f);
    }
}

/// Close the rooms whose game never started and to which nobody has been connected for
/// `Bounds::waiting_life`: out of the host's rooms, their files removed, a line in the log. (A
/// room whose state is locked at this moment is busy, so not abandoned: it is left.)
fn close_abandoned_rooms(host: &Inner, rooms: &mut HashMap<RoomId, Arc<Room>>) {
    let life = host.bounds.waiting_life;
    let abandoned: Vec<RoomId> = rooms
        .values()
        .filter(|room| {
            room.state.try_lock().is_ok_and(|st| {
                !st.started && st.conns.is_empty() && st.empty_since.elapsed() >= life
            })
        })
        .map(|room| room.id)
        .collect();
    for id in abandoned {
        if let Some(room) = rooms.remove(&id) {
            if let Some(dir) = &host.state {
                *lock(&room.journal) = None;
                let _ = std::fs::remove_file(room_path(dir, id));
            }
            host.log(format!(
                "room {id}: closed, its game never started and nobody came for {} s",
                life.as_secs()
            ));
        }
    }
}

/// How often the host looks for abandoned rooms: a quarter of their life, at most a minute (a
/// room is closed at most that long after its life ends), at least 10 ms.
fn sweep_every(life: Duration) -> Duration {
    (life / 4).clamp(Duration::from_millis(10), Duration::from_secs(60))
}

/// Close abandoned rooms (`close_abandoned_rooms`) every `sweep_every`, until the host stops:
/// without it a room would be closed only when another is made. Wakes once a round (once a
/// minute with the default life: a window hosting a game stays idle), so it may outlive a stop
/// by one round; it holds no strong reference to the host meanwhile.
fn sweep_rooms(host: &std::sync::Weak<Inner>) {
    let every = match host.upgrade() {
        Some(h) => sweep_every(h.bounds.waiting_life),
        None => return,
    };
    loop {
        std::thread::sleep(every);
        let Some(host) = host.upgrade() else { return };
        if host.stop.load(Ordering::Relaxed) {
            return;
        }
        close_abandoned_rooms(&host, &mut lock(&host.rooms));
    }
}

/// A room read back from its file (`load_room`), its game, and the file.
type Saved = (Arc<Room>, Option<Game>, PathBuf);

/// The folder of saved rooms in the state folder.
const ROOMS: &str = "rooms";
/// The largest room file read back.
const MAX_ROOM_FILE: u64 = 16 * 1024 * 1024;

fn room_path(dir: &std::path::Path, id: RoomId) -> PathBuf {
    dir.join(ROOMS).join(format!("{id}.room"))
}

/// A room's file as written so far: after the room's lines and the record as it was when the file
/// was written whole, the actions played since, one `act` line each. Each turn appends its
/// actions (one write, no new file, no rename); anything else in the room or the record changed
/// writes the file whole again.
struct Journal {
    /// The file, open for appending.
    file: std::fs::File,
    /// The room's lines before the record, as written.
    head: String,
    /// The record as written, without its actions.
    rest: GameRecord,
    /// How many actions the file holds, and the last of them.
    actions: usize,
    last: Option<Action>,
}

impl Journal {
    /// Whether `record` is the one written with more actions at most.
    fn follows(&self, head: &str, record: &GameRecord) -> bool {
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
    fn append(&mut self, record: &GameRecord) -> std::io::Result<()> {
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
const ROOM_FILE: &str = "junqi room 2";
/// How a line of an action played after the record was written begins.
const ACT: &str = "act ";

/// A room's lines before its record: its name, secret, players, salts, each seat's name and token.
fn room_head(room: &Room) -> String {
    let st = lock(&room.state);
    room_head_with(room, &st)
}

/// `room_head`, with the room's state held.
fn room_head_with(room: &Room, st: &RoomState) -> String {
    let salts = lock(&room.seal)
        .as_ref()
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
fn save_room(host: &Inner, room: &Room, game: &Game) {
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
fn save_lobby(host: &Inner, room: &Room, st: &RoomState) {
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
const LOBBY: &str = "lobby\n";

/// How often the saved rooms are made durable.
const SYNC_EVERY: Duration = Duration::from_millis(500);

/// Make the rooms saved since the last round durable, every `SYNC_EVERY`, until the host stops
/// (one last round then) or is gone. A power loss can so cost the turns of the last half second;
/// a crash or kill of the host costs none (the kernel holds what was written).
fn sync_rooms(host: &std::sync::Weak<Inner>) {
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
fn load_room(path: &std::path::Path, host: &Inner) -> Result<(Arc<Room>, Option<Game>), String> {
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
                state: Mutex::new(LinkState::default()),
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
    if game.status().is_over() {
        return Err("the game is over".into());
    }
    let rules = game.rules().clone();
    let room = Room::new(
        id,
        secret,
        players,
        rules,
        seats,
        true,
        Some(Seal::with_salts(id, &super::audit::dealt(&game), salts)),
    );
    // What its players were told so far, for those who rejoin (before the game goes on, too).
    for (chair, slot) in chairs(&room).into_iter().zip(&lock(&room.state).seats) {
        let mut ls = lock(&slot.link.state);
        (ls.told, ls.refused) = super::audit::told_so_far(&game, chair);
    }
    Ok((room, Some(game)))
}

/// A saved room's salts: one a side, in hexadecimal.
fn parse_salts(text: &str, players: u8) -> Result<Vec<[u8; SALT_LEN]>, String> {
    let salts: Vec<[u8; SALT_LEN]> = (text.split(' ').map(from_hex))
        .collect::<Option<_>>()
        .ok_or("a salt")?;
    if salts.len() != usize::from(players) {
        return Err("the salts".into());
    }
    Ok(salts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Formation, Mode, Viewer};

    /// Wrong codes lock a room against the address they come from, not another (so junk from
    /// one place keeps nobody else out), for `lock_time`; from many addresses together they
    /// lock it against every one; the addresses kept are bounded.
    #[test]
    fn wrong_codes_lock_the_address_they_come_from_then_the_room() {
        let bounds = Bounds {
            wrong_codes: 3,
            room_wrong_codes: 20,
            lock_time: Duration::from_secs(60),
            ..Bounds::default()
        };
        let t0 = Instant::now();
        let ip = |k: u32| IpAddr::V4(Ipv4Addr::from(0x0A00_0000 + k));
        let mut w = WrongCodes::default();
        assert_eq!(w.failed(ip(1), t0, &bounds), None);
        assert_eq!(w.failed(ip(1), t0, &bounds), None);
        assert!(!w.locked(ip(1), t0));
        assert_eq!(w.failed(ip(1), t0, &bounds), Some("10.0.0.1".into()));
        assert!(w.locked(ip(1), t0));
        assert!(!w.locked(ip(2), t0));
        assert!(!w.locked(ip(1), t0 + bounds.lock_time));
        // 17 more from as many addresses: 20 in all lock the room.
        for k in 2..18 {
            assert_eq!(w.failed(ip(k), t0, &bounds), None);
        }
        assert_eq!(w.failed(ip(18), t0, &bounds), Some("every address".into()));
        assert!(w.locked(ip(99), t0));
        assert!(!w.locked(ip(99), t0 + bounds.lock_time));
        // Many addresses: only so many are kept.
        let many = Bounds {
            room_wrong_codes: u32::MAX,
            ..bounds
        };
        let mut w = WrongCodes::default();
        for k in 0..1000 {
            w.failed(ip(k), t0, &many);
        }
        assert!(w.by_source.len() <= WRONG_CODE_SOURCES);
    }

    /// Wrong codes are counted by IPv4 address, by IPv6 /64, an IPv4 address mapped into IPv6
    /// as itself.
    #[test]
    fn wrong_codes_are_counted_by_address_or_ipv6_prefix() {
        let v6 = |s: &str| source_of(s.parse().unwrap());
        assert_eq!(v6("2001:db8:1:2:aaaa::1"), v6("2001:db8:1:2:bbbb::2"));
        assert_ne!(v6("2001:db8:1:2::1"), v6("2001:db8:1:3::1"));
        assert_eq!(v6("::ffff:192.0.2.7"), v6("192.0.2.7"));
        assert_ne!(v6("192.0.2.7"), v6("192.0.2.8"));
    }

    /// A hidden two-player game after `plies` random turns.
    /// A quiet host on 127.0.0.1 saving its rooms in `dir`.
    fn quiet_server_in(dir: &std::path::Path) -> Server {
        let opts = ServeOptions {
            state: Some(dir.to_path_buf()),
            quiet: true,
            ..ServeOptions::default()
        };
        Server::bind("127.0.0.1:0", opts).unwrap()
    }

    fn game_after(plies: usize) -> Game {
        use crate::ai::Player;
        let rules = Rules::for_mode(Mode::Hidden);
        let mut rng = crate::engine::rng::SplitMix64::new(5);
        let (red, blue) = (
            Formation::random(&mut rng, &rules),
            Formation::random(&mut rng, &rules),
        );
        let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
        let mut p = crate::ai::RandomPlayer::default();
        for _ in 0..plies {
            let Some(side) = g.position().side_to_move() else {
                break;
            };
            let t = p
                .choose(&g.view(Viewer::Side(side)), &rules, &mut rng)
                .unwrap();
            g.play(t).unwrap();
        }
        g
    }

    /// A room saved by an earlier version (`junqi room 1`, the record whole, no `act` lines).
    fn version_1_file(game: &Game) -> String {
        let salt = to_hex(&[7u8; SALT_LEN]);
        format!(
            "junqi room 1\nroom {}\nsecret {}\nplayers 2\nsalts {salt} {salt}\nseat a {}\nseat b {}\nrecord\n{}",
            RoomId::random(),
            Secret::random().as_str(),
            random_token(),
            random_token(),
            game.to_ron()
        )
    }

    #[test]
    fn a_room_file_grows_by_a_line_a_turn_and_reads_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let server = quiet_server_in(dir.path());
        let host = &server.inner;
        let old = dir.path().join("old.room");
        let early = game_after(6);
        std::fs::write(&old, version_1_file(&early)).unwrap();
        let (room, read) = load_room(&old, host).unwrap();
        assert_eq!(
            read.unwrap().record(),
            early.record(),
            "an earlier version's file"
        );

        // Written whole once, then one line a turn; read back, the same game.
        let path = room_path(dir.path(), room.id);
        save_room(host, &room, &early);
        let whole = std::fs::read_to_string(&path).unwrap();
        assert!(whole.starts_with("junqi room 2\n") && !whole.contains("\nact "));
        let later = game_after(10);
        save_room(host, &room, &later);
        save_room(host, &room, &later); // nothing new: nothing written
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.matches("\nact ").count(), 4, "{text}");
        assert!(text.starts_with(&whole), "appended, not rewritten");
        assert_eq!(
            load_room(&path, host).unwrap().1.unwrap().record(),
            later.record()
        );
        assert_eq!(lock(&host.unsynced).as_slice(), std::slice::from_ref(&path));

        // A line the host was writing when it was killed (no newline yet): not played.
        let mut torn = text.clone();
        torn.push_str("act Turn(\"a");
        std::fs::write(&path, &torn).unwrap();
        assert_eq!(
            load_room(&path, host).unwrap().1.unwrap().record(),
            later.record()
        );
        // A whole line that is not an action, or one the game refuses: the file is refused.
        for bad in ["act nonsense\n", "act Turn(\"a1-a9\")\n"] {
            std::fs::write(&path, format!("{text}{bad}")).unwrap();
            let e = load_room(&path, host).err().unwrap();
            assert!(e.contains("action 5 after the record"), "{e}");
        }

        // Anything but new actions (here: an earlier game) writes the file whole again.
        std::fs::write(&path, &text).unwrap();
        save_room(host, &room, &early);
        let again = std::fs::read_to_string(&path).unwrap();
        assert!(!again.contains("\nact "), "{again}");
        assert_eq!(
            load_room(&path, host).unwrap().1.unwrap().record(),
            early.record()
        );
    }

    /// A waiting room's file: written each time a seat is taken, read back with its rules and
    /// the seats taken (a free one stays free; all taken, all kept); a file whose rules do not
    /// read is refused.
    #[test]
    fn a_waiting_room_is_saved_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let server = quiet_server_in(dir.path());
        let host = &server.inner;
        let mut rules = Rules::for_mode(Mode::Hidden);
        rules.quiet_limit = 40;
        let room = make_room(&server.inner, 4, rules.clone()).unwrap();
        {
            let mut st = lock(&room.state);
            st.seats[2].name = Some("Mei".into());
            save_lobby(host, &room, &st);
        }
        let path = room_path(dir.path(), room.id);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\nlobby\n"), "{text}");
        let (read, game) = load_room(&path, host).unwrap();
        assert!(game.is_none());
        assert_eq!((read.id, read.players, &read.rules), (room.id, 4, &rules));
        assert_eq!(read.secret.as_str(), room.secret.as_str());
        let st = lock(&read.state);
        let names: Vec<_> = st.seats.iter().map(|s| s.name.clone()).collect();
        assert_eq!(names, [None, None, Some("Mei".to_string()), None]);
        assert!(!st.started);
        assert_eq!(st.seats[2].token, lock(&room.state).seats[2].token);
        drop(st);
        // Every seat taken (the formations were being chosen): read back with every seat.
        let full = text.replace("seat - ", "seat Li ");
        std::fs::write(&path, full).unwrap();
        let (read, game) = load_room(&path, host).unwrap();
        assert!(game.is_none());
        assert!(lock(&read.state).seats.iter().all(|s| s.name.is_some()));
        // Rules that do not read: refused.
        let bad = format!(
            "{}lobby\n(nonsense)\n",
            text.split("lobby\n").next().unwrap()
        );
        std::fs::write(&path, bad).unwrap();
        assert!(load_room(&path, host).is_err());
    }
}
