//! A player's end of a network game: connect, take a seat, then the seat's messages as events
//! and the seat's answers sent back.
//!
//! `Client::connect` blocks only for the connection and the seat (each step bounded by the
//! handshake's time); a window runs it on a thread of its own, then reads events with
//! `try_event` (never blocking) on its frames and sends answers with `send` or `answer`.
//! `Client::play` is the headless loop: every engine-protocol line is given to an answerer (any
//! local seat: the built-in players served as `junqi engine` serves them, an engine process)
//! and its answers are sent back, until the game is over.

use super::audit::{Auditor, Verdict};
use super::conn::{self, ConnError, Open, Sender};
use super::farewell::Farewell;
use super::host::PING;
use super::invite::{Invite, InviteError, RoomId, Secret, parse_addr};
use super::join_code::JoinCode;
use super::known_hosts::{KeyRefused, KnownHosts};
use super::wire::{Msg, NET_VERSION};
use crate::engine::{Board, Rules, Status};
use crate::protocol::{EngineMsg, HostMsg};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a client asks for.
#[derive(Clone, Debug)]
pub enum Request {
    /// A new room on the host at `addr` (its key pinned if given); the creator takes seat
    /// `seat` (an index into the board's seats), or the first.
    Create {
        addr: String,
        players: u8,
        rules: Rules,
        name: String,
        pin: Option<[u8; 32]>,
        seat: Option<u8>,
    },
    /// Seat `seat` of the invite's room if it is free, or (none) its first free seat.
    Join {
        invite: Invite,
        name: String,
        seat: Option<u8>,
    },
    /// One's own seat again, with its token.
    Rejoin {
        invite: Invite,
        seat: u8,
        token: String,
    },
}

/// Why a client could not connect or play on.
#[derive(Debug)]
pub enum ClientError {
    /// The host could not be reached, or the connection broke (worth trying again).
    Connection(String),
    /// The host refused, and said why: no such room, a seat taken, bad rules … (most are not
    /// worth trying again with the same invite: `rejoin_may_retry`).
    Refused(Farewell),
    /// The handshake failed: a wrong room code or host key, or not a junqi host (the Noise
    /// library's words, for the log).
    Handshake(String),
    /// The address is not one (`Create`'s address), or the host's invite is not one.
    BadInvite(InviteError),
    /// The host's invite for a room it made names another host key than the one answering.
    OtherKey,
    /// The host, or this side's own seat, broke the protocol (what, in English, for the log).
    Broken(String),
    /// The host's key is not the one kept for its address (known hosts), or the known-hosts file
    /// cannot be used: nothing was sent to the host.
    HostKey(KeyRefused),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Connection(e) => write!(f, "connection: {e}"),
            ClientError::Refused(e) => write!(f, "refused: {e}"),
            ClientError::Handshake(w) => write!(
                f,
                "refused: the handshake failed ({w}): a wrong room code or host key, or not a \
                 junqi host"
            ),
            ClientError::BadInvite(e) => write!(f, "refused: {e}"),
            ClientError::OtherKey => f.write_str("refused: the invite names another host key"),
            ClientError::Broken(w) => write!(f, "refused: {w}"),
            ClientError::HostKey(e) => write!(f, "refused: {e}"),
        }
    }
}
impl std::error::Error for ClientError {}

impl ClientError {
    /// Whether a rejoin tries again after this: a broken or refused connection that may mend —
    /// the host unreachable, full, the room locked after wrong codes (an older host, or one
    /// that did not take the seat's token), the room not there yet (a host restarting). A
    /// refusal of the seat itself (a wrong token, the game over) is final.
    pub fn rejoin_may_retry(&self) -> bool {
        match self {
            ClientError::Connection(_) => true,
            ClientError::Refused(why) => why.may_pass(),
            ClientError::Handshake(_)
            | ClientError::BadInvite(_)
            | ClientError::OtherKey
            | ClientError::Broken(_)
            | ClientError::HostKey(_) => false,
        }
    }
}

/// Failed handshakes in a row a rejoin tries through (`Client::rejoin`).
pub const CUT_HANDSHAKES: u32 = 5;

/// The wait before a rejoin's try `attempt` (from 0): one second, doubling to at most 8.
pub fn rejoin_backoff(attempt: u32) -> Duration {
    Duration::from_secs(1 << attempt.min(3))
}

/// What the host sent, as the client's owner sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A message from the host (engine lines as `Msg::Host`).
    Msg(Msg),
    /// The connection ended (why).
    Closed(String),
}

/// The seat a client holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    pub seat: u8,
    pub players: u8,
    /// The token that takes the seat back after a drop.
    pub token: String,
    /// The room's invite (for a room the client made: with the address it dialled).
    pub invite: Invite,
}

/// A connected player.
pub struct Client {
    sender: Sender,
    events: Receiver<Event>,
    /// The seat held (a rematch moves it: `seated` comes again).
    seated: Mutex<Seated>,
    board: &'static Board,
    closed: Arc<AtomicBool>,
    /// Every message received, when kept (`keep_received`).
    received: Arc<Mutex<Option<Vec<Msg>>>>,
    /// The audit of the host, fed every message received.
    audit: SharedAudit,
}

/// An audit shared between a client's reader and its owner (and carried over a rejoin).
pub type SharedAudit = Arc<Mutex<Auditor>>;

/// How long a client waits, after the game's end, for the host's reveal and record.
const REVEAL_TIME: Duration = Duration::from_secs(10);

/// Events waiting for the owner; past this the reader waits (the host then sees a slow reader).
const EVENTS: usize = 4096;
/// Time to connect and to be seated.
const CONNECT_TIME: Duration = Duration::from_secs(10);
/// A host silent this long is gone (it pings every `PING`).
const HOST_SILENCE: Duration = Duration::from_secs(60);

fn conn_err(e: ConnError) -> ClientError {
    match e {
        ConnError::Refused(w) => ClientError::Refused(w),
        ConnError::Handshake(w) => ClientError::Handshake(w),
        e => ClientError::Connection(e.to_string()),
    }
}

impl Client {
    /// Connect and take a seat.
    ///
    /// # Errors
    /// The host cannot be reached, or refuses.
    pub fn connect(req: &Request) -> Result<Client, ClientError> {
        Client::connect_keeping(req, false)
    }

    /// `connect`, keeping every message received (`received`: tests check the wire with it).
    ///
    /// # Errors
    /// As `connect`.
    pub fn connect_keeping(req: &Request, keep: bool) -> Result<Client, ClientError> {
        Client::connect_with(req, keep, None)
    }

    /// `connect_keeping`, carrying on `audit` (the audit of a client whose connection broke,
    /// for a rejoin: what follows is a new stretch of it).
    ///
    /// # Errors
    /// As `connect`.
    pub fn connect_with(
        req: &Request,
        keep: bool,
        audit: Option<SharedAudit>,
    ) -> Result<Client, ClientError> {
        Client::connect_checking(req, keep, audit, None)
    }

    /// `connect`, a room created checking the host's key against `known` (the first key seen
    /// for the address is kept; a changed one refused before anything is sent; a key pinned
    /// with the request replaces the one kept).
    ///
    /// # Errors
    /// As `connect`; `ClientError::HostKey` for a key that is not the one kept.
    pub fn connect_known(req: &Request, known: &KnownHosts) -> Result<Client, ClientError> {
        Client::connect_checking(req, false, None, Some(known))
    }

    fn connect_checking(
        req: &Request,
        keep: bool,
        audit: Option<SharedAudit>,
        known: Option<&KnownHosts>,
    ) -> Result<Client, ClientError> {
        let (addr, open) = opening(req)?;
        let (sender, mut receiver, host_key) =
            conn::connect(&addr, open, CONNECT_TIME).map_err(conn_err)?;
        if let (Request::Create { pin, .. }, Some(known)) = (req, known) {
            let known = match pin {
                Some(_) => known.clone().accepting_new(),
                None => known.clone(),
            };
            if let Err(e) = known.check(&addr, &host_key) {
                sender.close();
                return Err(ClientError::HostKey(e));
            }
        }
        receiver.set_timeout(CONNECT_TIME);
        sender
            .send(&first_message(req), Board::two_player())
            .map_err(conn_err)?;
        let (seat, players, token, invite) = await_seat(req, &mut receiver, &addr, &host_key)?;
        let board = if players == 4 {
            Board::four_player()
        } else {
            Board::two_player()
        };
        receiver.board = board;
        receiver.set_timeout(HOST_SILENCE);
        let audit = match audit {
            Some(a) => {
                lock(&a).rejoined();
                a
            }
            None => Arc::new(Mutex::new(Auditor::new(
                invite.room,
                !matches!(req, Request::Rejoin { .. }),
            ))),
        };
        let (tx, events) = sync_channel(EVENTS);
        let closed = Arc::new(AtomicBool::new(false));
        let received = Arc::new(Mutex::new(keep.then(Vec::new)));
        spawn_reader(
            receiver,
            tx,
            closed.clone(),
            received.clone(),
            audit.clone(),
        )?;
        spawn_pinger(sender.clone(), closed.clone())?;
        let _ = NET_VERSION;
        Ok(Client {
            sender,
            events,
            seated: Mutex::new(Seated {
                seat,
                players,
                token,
                invite,
            }),
            board,
            closed,
            received,
            audit,
        })
    }

    /// Take a seat back (`req`, a rejoin) after a break, trying for `retry` in all while the
    /// refusal may mend (`ClientError::rejoin_may_retry`), and through up to
    /// `CUT_HANDSHAKES` handshakes in a row that fail (the connection cut mid-handshake: a
    /// rejoin's invite was good, so a failed handshake is a cut line far more often than a
    /// wrong code, and a host that changed its key fails every try, so the count stays
    /// bounded). Between tries `wait` is called with the pause (`rejoin_backoff`, growing); it
    /// waits it out and says whether to go on (a window whose player left does not).
    ///
    /// # Errors
    /// The last refusal, once the tries are over; `None` when `wait` said to stop.
    pub fn rejoin(
        req: &Request,
        retry: Duration,
        audit: Option<SharedAudit>,
        wait: &mut dyn FnMut(&ClientError, Duration) -> bool,
    ) -> Option<Result<Client, ClientError>> {
        let until = Instant::now() + retry;
        let (mut attempt, mut cut) = (0u32, 0u32);
        loop {
            let e = match Client::connect_with(req, false, audit.clone()) {
                Ok(c) => return Some(Ok(c)),
                Err(e) => e,
            };
            let handshake = matches!(e, ClientError::Handshake(_));
            cut = if handshake { cut + 1 } else { 0 };
            let may_retry = e.rejoin_may_retry() || (handshake && cut <= CUT_HANDSHAKES);
            let left = until.saturating_duration_since(Instant::now());
            if !may_retry || left.is_zero() {
                return Some(Err(e));
            }
            if !wait(&e, rejoin_backoff(attempt).min(left)) {
                return None;
            }
            attempt = attempt.saturating_add(1);
        }
    }

    /// The audit of the host (to carry over a rejoin: `connect_with`).
    pub fn audit(&self) -> SharedAudit {
        self.audit.clone()
    }

    /// The audit's verdict: at the end of the game, once the host revealed (`Unchecked`
    /// before).
    pub fn verdict(&self) -> Verdict {
        lock(&self.audit).verdict()
    }

    /// The seat held, its token and the room's invite (after a rematch: the new game's seat).
    pub fn seated(&self) -> Seated {
        lock(&self.seated).clone()
    }

    /// A rematch's new seat, as the owner takes the event.
    fn took(&self, ev: Option<Event>) -> Option<Event> {
        if let Some(Event::Msg(Msg::Seated { seat, token, .. })) = &ev {
            let mut s = lock(&self.seated);
            s.seat = *seat;
            s.token.clone_from(token);
        }
        ev
    }

    /// The board of the seat's game.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The next event if one is waiting (never blocks).
    pub fn try_event(&self) -> Option<Event> {
        self.took(self.events.try_recv().ok())
    }

    /// The next event, waiting at most `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<Event> {
        self.took(match self.events.recv_timeout(timeout) {
            Ok(e) => Some(e),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Event::Closed("closed".into())),
        })
    }

    /// Send a message (an engine answer, a chat line).
    ///
    /// # Errors
    /// The connection broke.
    pub fn send(&self, msg: &Msg) -> Result<(), ClientError> {
        // Taken into the audit before it goes: the host's answer to it (the report of the turn)
        // may come back before this returns.
        lock(&self.audit).sent(msg);
        self.sender.send(msg, self.board).map_err(conn_err)
    }

    /// Send the seat's answer (a line of the engine protocol).
    ///
    /// # Errors
    /// The connection broke.
    pub fn answer(&self, msg: EngineMsg) -> Result<(), ClientError> {
        self.send(&Msg::Engine(msg))
    }

    /// The connection's sending half (tests send bytes that are not messages with it).
    pub fn sender(&self) -> &Sender {
        &self.sender
    }

    /// Every message received so far, if kept (`connect_keeping`).
    pub fn received(&self) -> Vec<Msg> {
        lock(&self.received).clone().unwrap_or_default()
    }

    /// End the connection (the seat waits for a rejoin).
    pub fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.sender.close();
    }

    /// Play the seat headless: every engine line from the host goes to `answer` (which returns
    /// the seat's answer lines and whether it stops), the answers go back, `other` sees the
    /// rest (lobby, chat), until the game is over and the host revealed what the audit needs
    /// (or `REVEAL_TIME` passed after the end: `verdict` says so).
    ///
    /// # Errors
    /// The connection broke before the end (`Connection`: rejoin), or the host ended it.
    pub fn play(
        &self,
        answer: &mut dyn FnMut(&str) -> (Vec<String>, bool),
        other: &mut dyn FnMut(&Msg),
    ) -> Result<Status, ClientError> {
        let mut over = None;
        let mut quit: Option<Instant> = None;
        loop {
            let wait = match quit {
                Some(t) => REVEAL_TIME.saturating_sub(t.elapsed()),
                None => Duration::from_secs(3600),
            };
            if let (Some(s), Some(_)) = (over, quit)
                && (wait.is_zero() || lock(&self.audit).revealed())
            {
                return Ok(s);
            }
            let Some(ev) = self.next_event(wait) else {
                continue;
            };
            match ev {
                Event::Msg(Msg::Host(m)) => {
                    if let HostMsg::GameOver(s) = &m {
                        over = Some(*s);
                    }
                    let line = m.line(self.board);
                    let (lines, _stop) = answer(&line);
                    for l in lines {
                        match EngineMsg::parse(&l) {
                            Ok(e) => {
                                if let Err(broke) = self.answer(e) {
                                    // A late answer (the seat thought on past the end) finds the
                                    // host gone: the end it sent first is the game's result.
                                    return match over.or_else(|| self.end_sent_before(answer)) {
                                        Some(s) => Ok(s),
                                        None => Err(broke),
                                    };
                                }
                            }
                            Err(e) => {
                                return Err(ClientError::Broken(format!(
                                    "the local seat answered '{}': {e}",
                                    crate::protocol::clip(&l)
                                )));
                            }
                        }
                    }
                    if matches!(m, HostMsg::Quit) && over.is_some() {
                        quit.get_or_insert_with(Instant::now);
                    }
                }
                Event::Msg(Msg::Bye(why)) => {
                    return match over {
                        Some(s) => Ok(s),
                        None => Err(ClientError::Refused(why)),
                    };
                }
                Event::Msg(m) => other(&m),
                Event::Closed(why) => {
                    return match over {
                        Some(s) => Ok(s),
                        None => Err(ClientError::Connection(why)),
                    };
                }
            }
        }
    }

    /// After a game's end: ask for (or agree to) another game in the same room, and wait for
    /// the answer — every seat agreeing (`Rematched::Begun`: the new seat is `seated`, the audit
    /// begins again, and `play` plays the game), or the rematch called off, or the room closed.
    /// `other` sees what else comes (chat, the others' agreements).
    ///
    /// # Errors
    /// The request could not be sent (the connection broke).
    pub fn rematch(&self, other: &mut dyn FnMut(&Msg)) -> Result<Rematched, ClientError> {
        self.send(&Msg::Rematch(true))?;
        loop {
            let Some(ev) = self.next_event(HOST_SILENCE) else {
                continue;
            };
            match ev {
                Event::Msg(Msg::Seated { .. }) => return Ok(Rematched::Begun),
                Event::Msg(Msg::RematchOff { seat, left }) => {
                    return Ok(Rematched::Off { seat, left });
                }
                Event::Msg(Msg::Bye(_)) | Event::Closed(_) => return Ok(Rematched::Closed),
                Event::Msg(m) => other(&m),
            }
        }
    }

    /// After an answer could not be sent: the end of the game, if the host sent it before the
    /// connection broke — read from what has arrived, waiting at most a second for the rest
    /// (the local seat is told the end, as in `play`).
    fn end_sent_before(
        &self,
        answer: &mut dyn FnMut(&str) -> (Vec<String>, bool),
    ) -> Option<Status> {
        let until = Instant::now() + Duration::from_secs(1);
        loop {
            match self.next_event(until.saturating_duration_since(Instant::now()))? {
                Event::Msg(Msg::Host(m)) => {
                    if let HostMsg::GameOver(s) = &m {
                        answer(&m.line(self.board));
                        return Some(*s);
                    }
                }
                Event::Msg(Msg::Bye(_)) | Event::Closed(_) => return None,
                Event::Msg(_) => {}
            }
        }
    }
}

impl Drop for Client {
    /// A client dropped leaves its seat (its pinger would keep the connection open).
    fn drop(&mut self) {
        self.close();
    }
}

/// How a rematch asked for ended (`Client::rematch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rematched {
    /// Every seat agreed: the next game begins, the seats one chair round.
    Begun,
    /// Seat `seat` declined, or left the room (`left`).
    Off { seat: u8, left: bool },
    /// The room closed (its time after the end passed), or the connection.
    Closed,
}

/// The address to dial and how to open the connection for `req`.
fn opening(req: &Request) -> Result<(String, Open<'_>), ClientError> {
    Ok(match req {
        Request::Create { addr, pin, .. } => {
            parse_addr(addr).map_err(ClientError::BadInvite)?;
            (addr.clone(), Open::Create { pin: pin.as_ref() })
        }
        Request::Join { invite, .. } => (
            invite.addr.clone(),
            Open::Join {
                room: invite.room,
                secret: &invite.secret,
                host_key: &invite.host_key,
                claim: None,
            },
        ),
        Request::Rejoin {
            invite,
            seat,
            token,
        } => (
            invite.addr.clone(),
            Open::Join {
                room: invite.room,
                secret: &invite.secret,
                host_key: &invite.host_key,
                claim: Some(conn::claim_text(*seat, token)),
            },
        ),
    })
}

/// The key the host at `addr` presents: a creating connection's handshake (Noise NX, in which
/// the host proves it holds the key), closed before any request, so no room is made.
///
/// # Errors
/// A bad address, the host unreachable, or a handshake that fails.
pub fn host_key_of(addr: &str) -> Result<[u8; 32], ClientError> {
    parse_addr(addr).map_err(ClientError::BadInvite)?;
    let (sender, _receiver, key) =
        conn::connect(addr, Open::Create { pin: None }, CONNECT_TIME).map_err(conn_err)?;
    sender.close();
    Ok(key)
}

/// The invite that `code` names. A full invite is itself (its key, authenticated by whoever
/// sent it, is kept in `known` for its address, replacing an older one; a file that cannot be
/// written is no reason to refuse it). A short code's host is asked for its key
/// (`host_key_of`), which must be the one kept in `known` for that address — the first one
/// seen is kept ("trust on first use", as SSH does); with no `known`, the key is taken as
/// presented.
///
/// # Errors
/// The host unreachable or not a junqi host; `ClientError::HostKey` for a key that is not the
/// one kept (nothing is sent to the room then), or a known-hosts file that cannot be used.
pub fn resolve(code: &JoinCode, known: Option<&KnownHosts>) -> Result<Invite, ClientError> {
    match code {
        JoinCode::Invite(invite) => {
            if let Some(known) = known {
                let _ = known
                    .clone()
                    .accepting_new()
                    .check(&invite.addr, &invite.host_key);
            }
            Ok(invite.clone())
        }
        JoinCode::Short(short) => {
            let key = host_key_of(&short.addr)?;
            if let Some(known) = known {
                known
                    .check(&short.addr, &key)
                    .map_err(ClientError::HostKey)?;
            }
            Ok(short.with_key(key))
        }
    }
}

/// The request's first message after the handshake: create, join or rejoin.
fn first_message(req: &Request) -> Msg {
    match req {
        Request::Create {
            players,
            rules,
            name,
            seat,
            ..
        } => Msg::Create {
            players: *players,
            rules: rules.clone(),
            name: name.clone(),
            seat: *seat,
        },
        Request::Join { name, seat, .. } => Msg::Join {
            name: name.clone(),
            seat: *seat,
        },
        Request::Rejoin { seat, token, .. } => Msg::Rejoin {
            seat: *seat,
            token: token.clone(),
        },
    }
}

/// Read the host's answers to the first message up to the seat (and, for a room made, its
/// invite, which must name the key that answered): the seat, the players, the token, the
/// room's invite.
fn await_seat(
    req: &Request,
    receiver: &mut conn::Receiver,
    addr: &str,
    host_key: &[u8; 32],
) -> Result<(u8, u8, String, Invite), ClientError> {
    let board2 = Board::two_player();
    let mut invite = match req {
        Request::Join { invite, .. } | Request::Rejoin { invite, .. } => Some(invite.clone()),
        Request::Create { .. } => None,
    };
    let deadline = Instant::now() + CONNECT_TIME;
    let (seat, players, token) = loop {
        if Instant::now() > deadline {
            return Err(ClientError::Connection(
                "no seat from the host in time".into(),
            ));
        }
        match receiver.recv().map_err(conn_err)? {
            Msg::Created { invite: text } => {
                let mut i = Invite::parse(&text).map_err(ClientError::BadInvite)?;
                if i.host_key != *host_key {
                    return Err(ClientError::OtherKey);
                }
                // The address the creator reached the host at, not the one the host sees.
                i.addr = addr.to_string();
                invite = Some(i);
            }
            Msg::Seated {
                seat,
                players,
                token,
            } => break (seat, players, token),
            Msg::Bye(why) => return Err(ClientError::Refused(why)),
            Msg::Ping | Msg::Lobby { .. } => {}
            m => {
                return Err(ClientError::Broken(format!(
                    "an unexpected '{}'",
                    m.encode(board2)
                )));
            }
        }
    };
    let Some(invite) = invite else {
        return Err(ClientError::Broken("the host made no room".into()));
    };
    Ok((seat, players, token, invite))
}

/// The reader of a seated connection: every message to the audit while this connection feeds it
/// (what a connection closed for a rejoin still reads is not the next one's), to
/// `received` when kept, and to the owner as an event; the end as `Event::Closed`.
fn spawn_reader(
    mut receiver: conn::Receiver,
    tx: std::sync::mpsc::SyncSender<Event>,
    closed: Arc<AtomicBool>,
    received: Arc<Mutex<Option<Vec<Msg>>>>,
    audit: SharedAudit,
) -> Result<(), ClientError> {
    let connection = lock(&audit).connection();
    std::thread::Builder::new()
        .name("junqi-client-in".into())
        .spawn(move || {
            loop {
                match receiver.recv() {
                    Ok(Msg::Ping) => {}
                    Ok(m) => {
                        {
                            let mut a = lock(&audit);
                            if a.connection() == connection {
                                // A rematch's seat: the next game's audit begins.
                                if matches!(m, Msg::Seated { .. }) {
                                    a.rematch();
                                }
                                a.feed(&m);
                            }
                        }
                        if let Some(r) = lock(&received).as_mut() {
                            r.push(m.clone());
                        }
                        if tx.send(Event::Msg(m)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let why = if closed.load(Ordering::Relaxed) {
                            "closed".to_string()
                        } else {
                            e.to_string()
                        };
                        let _ = tx.send(Event::Closed(why));
                        break;
                    }
                }
            }
            closed.store(true, Ordering::Relaxed);
        })
        .map(drop)
        .map_err(|e| ClientError::Connection(e.to_string()))
}

/// The pinger: a ping every `PING` while the connection is open.
fn spawn_pinger(sender: Sender, closed: Arc<AtomicBool>) -> Result<(), ClientError> {
    std::thread::Builder::new()
        .name("junqi-client-ping".into())
        .spawn(move || {
            let step = Duration::from_millis(200);
            let mut waited = Duration::ZERO;
            while !closed.load(Ordering::Relaxed) {
                std::thread::sleep(step);
                waited += step;
                if waited >= PING {
                    waited = Duration::ZERO;
                    if sender.send(&Msg::Ping, Board::two_player()).is_err() {
                        break;
                    }
                }
            }
        })
        .map(drop)
        .map_err(|e| ClientError::Connection(e.to_string()))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A room's invite from its parts (for tests and the window).
pub fn invite_of(addr: &str, room: RoomId, secret: Secret, host_key: [u8; 32]) -> Invite {
    Invite {
        addr: addr.to_string(),
        room,
        secret,
        host_key,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rejoin tries again after a refusal that may mend — the host unreachable or full, the
    /// room locked or not there (a host restarting) — as the host words them, and stops at one
    /// of its seat (a wrong token, the game over); the waits double up to 8 s.
    #[test]
    fn a_rejoin_retries_what_may_mend_and_stops_at_the_rest() {
        let refused = |code| conn_err(ConnError::Refused(conn::preamble_farewell(code)));
        for code in [conn::LOCKED, conn::FULL, conn::NO_SUCH_ROOM] {
            assert!(refused(code).rejoin_may_retry(), "{}", refused(code));
        }
        assert!(ClientError::Connection("reset".into()).rejoin_may_retry());
        for why in [Farewell::WrongToken(1), Farewell::GameOver] {
            assert!(!ClientError::Refused(why).rejoin_may_retry());
        }
        assert!(!ClientError::Handshake("decrypt".into()).rejoin_may_retry());
        let waits: Vec<u64> = (0..6).map(|k| rejoin_backoff(k).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 8, 8]);
        assert_eq!(rejoin_backoff(u32::MAX).as_secs(), 8);
    }
}
