//! The window's line to a network game: what the host says to this screen's seat comes in, what
//! the seat answers goes out, each through a channel that a network thread fills and drains, so
//! the screen polls it every frame without ever waiting. A `Network` makes links: joining a room
//! from an invite, or hosting one (an in-process server the window then joins like everyone
//! else). The window holds no more of the game than the link brings it: its seat's view and the
//! public reports.

use crate::engine::{Chair, Rules};
use crate::protocol::{EngineMsg, HostMsg};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};

/// The longest chat line (characters); longer lines are cut.
pub const MAX_CHAT_CHARS: usize = 200;

/// The longest player name (characters).
pub const MAX_NAME_CHARS: usize = 24;

/// At most this many messages are taken from the link in one frame (the rest wait for the next).
pub const MAX_PER_FRAME: usize = 256;

/// Who sits in a seat of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatWho {
    /// Nobody yet.
    Free,
    /// A person, by the name they gave.
    Player(String),
    /// The computer the host put there (its spec, `ai:normal`).
    Computer(String),
}

/// One seat of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub chair: Chair,
    pub who: SeatWho,
}

/// The room as the server last told it.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomInfo {
    /// The room's code (from the invite).
    pub code: String,
    /// The room's rules (shown in the lobby), when the server says them.
    pub rules: Option<Rules>,
    pub seats: Vec<SeatInfo>,
    /// The seat this screen sits in (an index into `seats`), once the server gave one.
    pub you: Option<usize>,
    /// Whether this screen opened the room.
    pub host: bool,
    /// The server starts the game by itself once every seat is taken (no Start to press).
    pub auto_start: bool,
}

impl RoomInfo {
    /// Every seat is taken.
    pub fn full(&self) -> bool {
        self.seats.iter().all(|s| s.who != SeatWho::Free)
    }
}

/// Why a link could not be made or ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The invite is not one (what is wrong with it).
    BadInvite(crate::net::InviteError),
    /// A `junqi:` link the program was opened with is not one (what is wrong with it).
    BadLink(crate::net::InviteError),
    /// The host refused the connection or ended it, and said why.
    Refused(crate::net::Farewell),
    /// The host, or this screen's own seat, broke the protocol.
    Broken,
    /// A name that is empty, too long or not one line.
    BadName,
    /// The address could not be reached (the address, the system's words).
    Unreachable(String, String),
    /// The server has no room of that code.
    WrongCode,
    /// The server's key is not the invite's.
    WrongKey,
    /// The host presents another key than the one kept for its address (known hosts).
    HostKeyChanged(crate::net::known_hosts::KeyChanged),
    /// Every seat of the room is taken.
    RoomFull,
    /// No server could listen at this address (`ADDR:PORT`), and why.
    CannotServe(String, ServeFailure),
    /// The host form's address to listen on is not an IP address (as typed).
    BadListen(String),
    /// The connection ended (the reason, in English).
    Closed(String),
    /// Anything else the network said (in English).
    Other(String),
    /// The host form's port is not a port.
    BadPort,
    /// The host form does not have this screen in the first seat (and only there).
    OneHere,
}

/// Why a server could not listen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServeFailure {
    /// Another program (or room) listens on that port.
    InUse,
    /// The address is not one of this computer's.
    NotHere,
    /// Anything else (the system's words).
    Other(String),
}

impl ServeFailure {
    /// The failure of binding a listener, from the system's error.
    pub fn of(e: &std::io::Error) -> ServeFailure {
        match e.kind() {
            std::io::ErrorKind::AddrInUse => ServeFailure::InUse,
            std::io::ErrorKind::AddrNotAvailable => ServeFailure::NotHere,
            _ => ServeFailure::Other(e.to_string()),
        }
    }
}

/// What comes in from the network.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// A message of the junqi engine protocol for this screen's seat.
    Host(HostMsg),
    /// The game's history as the host told this seat, sent again when the seat was taken back
    /// (`Msg::Past`): given just before the first line after the setup sent again.
    Past(Vec<HostMsg>),
    /// The room changed (who joined, which seat is ours).
    Room(RoomInfo),
    /// The invite of the room this window opened, to pass on.
    Invite(String),
    /// The host started the game.
    Started,
    /// A chat line from another player.
    Chat { from: String, text: String },
    /// The audit of the host at the game's end (`net::audit`), and the game's record as the
    /// host revealed it (compact RON), if it sent one.
    Audit {
        verdict: crate::net::audit::Verdict,
        record: Option<String>,
    },
    /// The connection broke: the seat is being taken back (the host keeps it); why it broke.
    Rejoining(String),
    /// The seat was taken back after a break: the game goes on.
    Rejoined,
    /// The seats nobody holds now (their players dropped; the game waits for them).
    Away(Vec<u8>),
    /// After the end: news of a rematch asked for.
    Rematch(RematchNews),
    /// Every seat agreed to a rematch: the next game begins, this screen's seat moved one chair
    /// round (the room's news follows).
    Rematched,
    /// The link failed or closed; nothing more comes.
    Closed(LinkError),
}

/// A rematch asked for after the end, as the room tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RematchNews {
    /// `who` asks for a rematch (`you`: this screen's player).
    Asked { who: String, you: bool },
    /// `who` agreed to it.
    Agreed { who: String, you: bool },
    /// It is off: `who` declined, or left the room (`left`).
    Off { who: String, left: bool },
}

/// What goes out to the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// An answer of the junqi engine protocol from this screen's seat.
    Engine(EngineMsg),
    Chat(String),
    /// This screen's seat resigns while another is to move.
    Resign,
    /// The host starts the game (every seat is taken).
    Start,
    /// After the end: ask for or agree to a rematch (`true`), or decline it.
    Rematch(bool),
    /// This screen leaves the room.
    Leave,
}

type Waker = Arc<Mutex<Option<Box<dyn Fn() + Send>>>>;

/// The screen's end of a link: polled, never waited on.
pub struct Link {
    rx: Receiver<Incoming>,
    tx: Sender<Outgoing>,
    waker: Waker,
    /// What keeps the network side alive while the link is (a server, threads), dropped with it.
    _keep: Option<Box<dyn Send>>,
    closed: bool,
}

/// The network's end of a link (a network thread, or a test's script).
pub struct FarEnd {
    tx: Sender<Incoming>,
    pub rx: Receiver<Outgoing>,
    waker: Waker,
}

impl FarEnd {
    /// Send the screen a message and wake its window. `false` once the screen's end is gone.
    pub fn send(&self, m: Incoming) -> bool {
        let ok = self.tx.send(m).is_ok();
        if let Ok(w) = self.waker.lock()
            && let Some(w) = &*w
        {
            w();
        }
        ok
    }
}

impl Link {
    /// A link and its far end.
    pub fn pair() -> (Link, FarEnd) {
        let (in_tx, in_rx) = channel();
        let (out_tx, out_rx) = channel();
        let waker: Waker = Arc::new(Mutex::new(None));
        (
            Link {
                rx: in_rx,
                tx: out_tx,
                waker: waker.clone(),
                _keep: None,
                closed: false,
            },
            FarEnd {
                tx: in_tx,
                rx: out_rx,
                waker,
            },
        )
    }

    /// The link keeps `keep` (a server, a thread's handle) until it is dropped.
    pub fn keeping(mut self, keep: Box<dyn Send>) -> Link {
        self._keep = Some(keep);
        self
    }

    /// `wake` is called whenever a message comes in (the window asks for a frame).
    pub fn set_waker(&self, wake: Box<dyn Fn() + Send>) {
        if let Ok(mut w) = self.waker.lock() {
            *w = Some(wake);
        }
    }

    /// What came in since the last poll (at most `MAX_PER_FRAME`). A far end that went away
    /// without a word reads as a closed connection, once.
    pub fn poll(&mut self) -> Vec<Incoming> {
        let mut out = Vec::new();
        while out.len() < MAX_PER_FRAME && !self.closed {
            match self.rx.try_recv() {
                Ok(m) => {
                    if matches!(m, Incoming::Closed(_)) {
                        self.closed = true;
                    }
                    out.push(m);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.closed = true;
                    out.push(Incoming::Closed(LinkError::Closed(
                        "the network side stopped".into(),
                    )));
                }
            }
        }
        out
    }

    /// Send the far end a message (nothing happens once it is gone: the poll says so).
    pub fn send(&self, m: Outgoing) {
        let _ = self.tx.send(m);
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.tx.send(Outgoing::Leave);
    }
}

/// What the host of a room chooses.
#[derive(Clone, Debug, PartialEq)]
pub struct HostSpec {
    /// The room's rules (two or four players follows from `four`).
    pub rules: Rules,
    pub four: bool,
    /// Who sits in each seat, in the board's seat order.
    pub seats: Vec<HostSeat>,
    /// The address to listen on (unspecified: every network of this computer).
    pub listen: std::net::IpAddr,
    /// The port to serve on (0: any free port).
    pub port: u16,
    /// The host's name in the room.
    pub name: String,
}

/// Who a host puts in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostSeat {
    /// A player who joins with the invite.
    Remote,
    /// The player at this screen.
    Here,
    /// The computer, at a level.
    Computer(crate::ai::Level),
}

/// What makes links: the real network, or a test's script.
pub trait Network {
    /// Join the room of `invite` as `name`. A bad invite or name is refused at once; whether the
    /// server answers comes later through the link (`Incoming::Closed` with the reason).
    ///
    /// # Errors
    /// The invite or the name is not usable.
    fn join(&mut self, invite: &str, name: &str) -> Result<Link, LinkError>;

    /// Start a server on `spec.port`, open a room with `spec`'s rules and seats, and join it as
    /// the seat marked `Here`; the room's invite comes through the link (`Incoming::Invite`).
    ///
    /// # Errors
    /// The port cannot be opened, or the spec is refused.
    fn host(&mut self, spec: &HostSpec) -> Result<Link, LinkError>;

    /// The games this machine keeps a seat in (a window closed or killed mid-game): each
    /// room's invite and code, the newest first. None by default.
    fn games_in_progress(&self) -> Vec<KeptGame> {
        Vec::new()
    }
}

/// A game in progress whose seat is kept on this machine (`Network::games_in_progress`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame {
    pub invite: String,
    pub room: String,
}

/// A name as it goes to the server: trimmed; refused when empty, longer than `MAX_NAME_CHARS` or
/// holding control characters.
pub fn clean_name(name: &str) -> Result<String, LinkError> {
    let name = name.trim();
    if name.is_empty()
        || name.chars().count() > MAX_NAME_CHARS
        || name.chars().any(|c| c.is_control())
    {
        return Err(LinkError::BadName);
    }
    Ok(name.to_string())
}

/// A chat line as it is sent and shown: on one line (control characters as spaces), trimmed, at
/// most `MAX_CHAT_CHARS` characters. `None` if nothing is left.
pub fn clean_chat(text: &str) -> Option<String> {
    let one: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_CHAT_CHARS * 4)
        .collect();
    let t: String = one.trim().chars().take(MAX_CHAT_CHARS).collect();
    (!t.is_empty()).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_chat_lines_are_bounded() {
        assert_eq!(clean_name("  Li  ").unwrap(), "Li");
        assert_eq!(clean_name(""), Err(LinkError::BadName));
        assert_eq!(clean_name("a\nb"), Err(LinkError::BadName));
        assert_eq!(clean_name(&"x".repeat(25)), Err(LinkError::BadName));
        assert_eq!(clean_chat(" hi\tthere \n").unwrap(), "hi there");
        assert_eq!(clean_chat("   "), None);
        assert_eq!(
            clean_chat(&"长".repeat(1000)).unwrap().chars().count(),
            MAX_CHAT_CHARS
        );
    }

    #[test]
    fn a_far_end_gone_reads_as_closed_once() {
        let (mut link, far) = Link::pair();
        assert!(far.send(Incoming::Started));
        drop(far);
        let got = link.poll();
        assert_eq!(got[0], Incoming::Started);
        assert!(matches!(got[1], Incoming::Closed(LinkError::Closed(_))));
        assert!(link.poll().is_empty());
    }

    #[test]
    fn one_poll_takes_a_bounded_number() {
        let (mut link, far) = Link::pair();
        for _ in 0..MAX_PER_FRAME + 5 {
            far.send(Incoming::Started);
        }
        assert_eq!(link.poll().len(), MAX_PER_FRAME);
        assert_eq!(link.poll().len(), 5);
    }
}
