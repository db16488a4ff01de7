//! The real network behind the window's links: `crate::net`'s client and server. Joining runs a
//! `net::client::Client` on a thread of its own that turns the host's messages into `Incoming`s
//! and the screen's `Outgoing`s into the client's messages; hosting first starts a
//! `net::host::Server` in this process (on the port asked, every address), opens the room on it
//! as a client like any other (so the host's screen holds no more than the others') and seats
//! the computer where the host put it, each a headless client playing the built-in player.

use super::link::{
    FarEnd, HostSeat, HostSpec, Incoming, KeptGame, Link, LinkError, Network, Outgoing,
    RematchNews, RoomInfo, SeatInfo, SeatWho, ServeFailure,
};
use crate::engine::{Chair, Seat};
use crate::net::client::{Client, ClientError, Event, Request};
use crate::net::host::{ServeOptions, Server, ServerHandle};
use crate::net::join_code::JoinCode;
use crate::net::known_hosts::KeyRefused;
use crate::net::wire::{Msg, PRESETS};
use crate::net::{Farewell, Invite};
use std::path::PathBuf;
use std::sync::mpsc::TryRecvError;
use std::time::Duration;

/// The network of `crate::net`.
#[derive(Default)]
pub struct NetNetwork {
    /// Where the seats taken are kept (their tokens), so that a window closed mid-game takes
    /// its seat back when the same invite is joined again; none: not kept.
    pub seats: Option<PathBuf>,
    /// The keys hosts presented when joined by a short code, kept on first use (none: not
    /// kept, a key is taken as presented).
    pub known: Option<crate::net::known_hosts::KnownHosts>,
}

impl NetNetwork {
    /// Keeping the seats taken in `data_dir`'s `net-seats` folder.
    pub fn in_dir(data_dir: Option<&std::path::Path>) -> NetNetwork {
        NetNetwork {
            seats: data_dir.map(|d| d.join("net-seats")),
            known: data_dir.map(crate::net::known_hosts::KnownHosts::in_dir),
        }
    }
}

/// The seat kept for room `room`: its index and token.
fn kept_seat(dir: &std::path::Path, room: crate::net::invite::RoomId) -> Option<(u8, String)> {
    crate::net::kept_seat::read(dir, room)
}

/// Keep the seat taken (atomically, in a private folder); a failure only loses the rejoin.
fn keep_seat(dir: &std::path::Path, seated: &crate::net::client::Seated) {
    let _ = crate::net::kept_seat::keep(dir, seated);
}

/// How long the client thread waits for the host before it looks at what the screen sent.
const STEP: Duration = Duration::from_millis(25);

/// A server this window started, stopped when the screen's link goes.
struct Served(ServerHandle);

impl Drop for Served {
    fn drop(&mut self) {
        self.0.stop();
    }
}

fn client_error(addr: &str, e: ClientError) -> LinkError {
    match e {
        ClientError::Connection(why) => LinkError::Unreachable(addr.to_string(), why),
        ClientError::HostKey(KeyRefused::Changed(c)) => LinkError::HostKeyChanged(c),
        ClientError::HostKey(e @ KeyRefused::File(_)) => LinkError::Other(e.to_string()),
        ClientError::Refused(Farewell::RoomFull) => LinkError::RoomFull,
        ClientError::Refused(Farewell::NoSuchRoom) | ClientError::Handshake(_) => {
            LinkError::WrongCode
        }
        ClientError::Refused(why) => LinkError::Refused(why),
        ClientError::OtherKey => LinkError::WrongKey,
        ClientError::BadInvite(e) => LinkError::BadInvite(e),
        ClientError::Broken(_) => LinkError::Broken,
    }
}

/// The chair of seat `k` of a room of `players` (flip mode: players 1 and 2).
fn chair(k: usize, players: u8, flip: bool) -> Chair {
    if players == 4 {
        Chair::Side(Seat::FOUR[k.min(3)])
    } else if flip {
        Chair::Player(k.min(1) as u8 + 1)
    } else {
        Chair::Side(Seat::BOTH[k.min(1)])
    }
}

/// What one client thread knows of its room.
struct Room {
    code: String,
    players: u8,
    rules: Option<crate::engine::Rules>,
    you: u8,
    host: bool,
    names: Vec<String>,
    /// Seats the computer plays (its spec), for the lobby.
    computers: Vec<(usize, crate::ai::PlayerSpec)>,
}

impl Room {
    /// The name at seat `k` (its number when the lobby did not name it).
    fn name_of(&self, k: u8) -> String {
        (self.names.get(usize::from(k)).cloned()).unwrap_or_else(|| k.to_string())
    }

    fn info(&self) -> RoomInfo {
        let flip = self
            .rules
            .as_ref()
            .is_some_and(|r| r.mode.deals_face_down());
        RoomInfo {
            code: self.code.clone(),
            rules: self.rules.clone(),
            seats: self
                .names
                .iter()
                .enumerate()
                .map(|(k, n)| SeatInfo {
                    chair: chair(k, self.players, flip),
                    who: if let Some((_, spec)) = self.computers.iter().find(|(j, _)| *j == k) {
                        if n == "-" {
                            SeatWho::Free
                        } else {
                            SeatWho::Computer(spec.text().to_string())
                        }
                    } else if n == "-" {
                        SeatWho::Free
                    } else {
                        SeatWho::Player(n.clone())
                    },
                })
                .collect(),
            you: Some(usize::from(self.you)),
            host: self.host,
            auto_start: true,
        }
    }
}

/// After the end, a computer seat agrees to every rematch another player asks for: whether one
/// began (`false`: the room closed).
fn computer_awaits_rematch(c: &Client) -> bool {
    loop {
        match c.next_event(Duration::from_secs(3600)) {
            Some(Event::Msg(Msg::RematchAsked(_))) => {
                let _ = c.send(&Msg::Rematch(true));
            }
            Some(Event::Msg(Msg::Seated { .. })) => return true,
            Some(Event::Msg(Msg::Bye(_)) | Event::Closed(_)) => return false,
            _ => {}
        }
    }
}

/// A computer seat: a headless client that joins seat `seat` of `invite` and plays `spec` to
/// the end, and the games after it the players agree to.
fn seat_computer(invite: Invite, seat: u8, spec: crate::ai::PlayerSpec) {
    let _ = std::thread::Builder::new()
        .name("junqi-net-computer".into())
        .spawn(move || {
            let req = Request::Join {
                invite,
                name: spec.text().to_string(),
                seat: Some(seat),
            };
            if let Ok(client) = Client::connect(&req) {
                loop {
                    let mut answer = crate::table::answerer::builtin_answerer(&spec);
                    if client.play(&mut answer, &mut |_| {}).is_err()
                        || !computer_awaits_rematch(&client)
                    {
                        return;
                    }
                }
            }
        });
}

/// How long the window tries to take its seat back after the connection broke.
const REJOIN_TIME: Duration = Duration::from_secs(120);

/// Take the seat back after a break (carrying the audit on): `Client::rejoin` for
/// `REJOIN_TIME`, watching for the screen leaving while it waits between tries; `None` when the
/// screen left meanwhile, or the error that ends the link.
fn rejoin(old: &Client, far: &FarEnd) -> Option<Result<Client, LinkError>> {
    let seated = old.seated();
    let req = Request::Rejoin {
        invite: seated.invite.clone(),
        seat: seated.seat,
        token: seated.token.clone(),
    };
    let mut wait = |_: &ClientError, pause: Duration| {
        for _ in 0..pause.as_millis() / STEP.as_millis() {
            match far.rx.try_recv() {
                Ok(Outgoing::Leave) | Err(TryRecvError::Disconnected) => return false,
                _ => {}
            }
            std::thread::sleep(STEP);
        }
        true
    };
    Client::rejoin(&req, REJOIN_TIME, Some(old.audit()), &mut wait)
        .map(|r| r.map_err(|e| client_error(&seated.invite.addr, e)))
}

/// What the client thread keeps between messages besides its room.
struct Thread {
    /// The game ended (a break after it is no trouble).
    over: bool,
    /// The host's setup is being sent again after a rejoin (its `newgame` would wipe the
    /// screen's game: the screen knows it already).
    resumed: bool,
    /// The game's history sent again after a rejoin (`Msg::Past`), held until the setup sent
    /// with it is over (the screen needs the rules to read it).
    past: Vec<crate::protocol::HostMsg>,
}

/// The most lines of history held for the screen (far beyond any game's; `Msg::Past`).
const MAX_PAST: usize = 1 << 16;

/// Whether `h` is a line of the game's setup (sent again after a rejoin, before the game's
/// lines).
fn is_setup(h: &crate::protocol::HostMsg) -> bool {
    use crate::protocol::HostMsg as H;
    matches!(
        h,
        H::Hello(_)
            | H::SetOption(..)
            | H::NewGame
            | H::Rules(_)
            | H::Seat(_)
            | H::Seed(_)
            | H::Time { .. }
    )
}

/// The screen's words for a message from the host (none: nothing to show); the end of the
/// game forgets the kept seat (`forget`).
fn to_screen(
    m: Msg,
    room: &mut Room,
    t: &mut Thread,
    far: &FarEnd,
    forget: &dyn Fn(),
) -> Option<Incoming> {
    match m {
        Msg::Host(crate::protocol::HostMsg::NewGame) if t.resumed => None,
        Msg::Past(lines) => {
            let room_for = MAX_PAST.saturating_sub(t.past.len());
            t.past.extend(lines.into_iter().take(room_for));
            None
        }
        Msg::Host(h) => {
            if !t.past.is_empty() && !is_setup(&h) {
                far.send(Incoming::Past(std::mem::take(&mut t.past)));
            }
            if matches!(&h, crate::protocol::HostMsg::GameOver(s) if s.is_over()) {
                t.over = true;
                forget();
            }
            t.resumed &= !matches!(h, crate::protocol::HostMsg::View { .. });
            Some(Incoming::Host(h))
        }
        Msg::Lobby { names, started } => {
            room.names = names;
            room.names.resize(usize::from(room.players), "-".into());
            far.send(Incoming::Room(room.info()));
            started.then_some(Incoming::Started)
        }
        // One's own lines come back from the host: the screen has them already.
        Msg::Said { from, .. } | Msg::SaidPreset { from, .. } if from == room.you => None,
        Msg::Said { from, text } => Some(Incoming::Chat {
            from: room.name_of(from),
            text,
        }),
        Msg::SaidPreset { from, preset } => {
            PRESETS.get(usize::from(preset)).map(|p| Incoming::Chat {
                from: room.name_of(from),
                text: (*p).to_string(),
            })
        }
        Msg::Away(seats) => Some(Incoming::Away(
            seats.into_iter().filter(|&k| k != room.you).collect(),
        )),
        Msg::RematchAsked(k) => Some(Incoming::Rematch(RematchNews::Asked {
            who: room.name_of(k),
            you: k == room.you,
        })),
        Msg::RematchAgreed(k) => Some(Incoming::Rematch(RematchNews::Agreed {
            who: room.name_of(k),
            you: k == room.you,
        })),
        Msg::RematchOff { seat, left } => Some(Incoming::Rematch(RematchNews::Off {
            who: room.name_of(seat),
            left,
        })),
        // A rematch: this seat moved one chair round; the next game begins.
        Msg::Seated { seat, .. } => {
            room.you = seat;
            t.over = false;
            t.resumed = false;
            t.past.clear();
            far.send(Incoming::Rematched);
            Some(Incoming::Room(room.info()))
        }
        Msg::Bye(why) => {
            forget();
            Some(Incoming::Closed(LinkError::Refused(why)))
        }
        _ => None,
    }
}

/// After a rejoin: what the screen sent meanwhile, less its answers to the broken connection's
/// questions (the host asks again after the handshake it sends again), sent on the new
/// connection. Whether the screen is still there.
fn after_rejoin(client: &Client, far: &FarEnd) -> bool {
    let mut keep = Vec::new();
    while let Ok(o) = far.rx.try_recv() {
        if !matches!(o, Outgoing::Engine(_)) {
            keep.push(o);
        }
    }
    for o in keep {
        match o {
            Outgoing::Chat(t) => {
                let _ = client.send(&Msg::Say(t));
            }
            Outgoing::Resign => {
                let _ = client.send(&Msg::Resign);
            }
            Outgoing::Leave => {
                client.close();
                return false;
            }
            _ => {}
        }
    }
    far.send(Incoming::Rejoined)
}

/// Send on what the screen sent; whether the screen is still there.
fn from_screen(client: &Client, far: &FarEnd) -> bool {
    loop {
        match far.rx.try_recv() {
            Ok(Outgoing::Engine(e)) => {
                let _ = client.answer(e);
            }
            Ok(Outgoing::Chat(t)) => {
                let _ = client.send(&Msg::Say(t));
            }
            Ok(Outgoing::Resign) => {
                let _ = client.send(&Msg::Resign);
            }
            Ok(Outgoing::Rematch(yes)) => {
                let _ = client.send(&Msg::Rematch(yes));
            }
            // The server starts the game once every seat is taken.
            Ok(Outgoing::Start) => {}
            Ok(Outgoing::Leave) | Err(TryRecvError::Disconnected) => {
                client.close();
                return false;
            }
            Err(TryRecvError::Empty) => return true,
        }
    }
}

/// The client thread: connect (`first`, a rejoin with a kept seat, then `req`), then carry
/// messages both ways until either end stops; the seat is kept in `seats` while the game lasts.
fn run(
    first: Option<Request>,
    req: Request,
    far: FarEnd,
    addr: String,
    hosting: Option<HostPlan>,
    seats: Option<PathBuf>,
) {
    let connected = match first.map(|f| Client::connect(&f)) {
        Some(Ok(c)) => Ok(c),
        Some(Err(e)) => {
            // The kept seat is gone (the game over, the token refused): no longer offered.
            if let (false, Some(dir), Request::Join { invite, .. }) =
                (e.rejoin_may_retry(), &seats, &req)
            {
                crate::net::kept_seat::forget(dir, invite.room);
            }
            Client::connect(&req)
        }
        None => Client::connect(&req),
    };
    let mut client = match connected {
        Ok(c) => c,
        Err(e) => {
            far.send(Incoming::Closed(client_error(&addr, e)));
            return;
        }
    };
    let seated = client.seated().clone();
    if let Some(dir) = &seats {
        keep_seat(dir, &seated);
    }
    let forget = || {
        if let Some(dir) = &seats {
            crate::net::kept_seat::forget(dir, seated.invite.room);
        }
    };
    let mut room = Room {
        code: seated.invite.room.to_string(),
        players: seated.players,
        rules: hosting.as_ref().map(|h| h.rules.clone()),
        you: seated.seat,
        host: hosting.is_some(),
        names: vec!["-".into(); usize::from(seated.players)],
        computers: hosting
            .as_ref()
            .map(|h| h.computers.clone())
            .unwrap_or_default(),
    };
    if let Some(plan) = &hosting {
        let mut shown = seated.invite.clone();
        shown.addr = plan.shown_addr.clone();
        far.send(Incoming::Invite(shown.to_string()));
    }
    // The computer seats, each joining its own seat.
    for (k, spec) in &room.computers {
        seat_computer(seated.invite.clone(), *k as u8, spec.clone());
    }
    let mut t = Thread {
        over: false,
        resumed: false,
        past: Vec::new(),
    };
    loop {
        match client.next_event(STEP) {
            Some(Event::Msg(m)) => {
                // The audit's verdict once the host revealed everything at the end.
                if matches!(m, Msg::RecordPart { last: true, .. }) {
                    let audit = client.audit();
                    let a = audit.lock().unwrap_or_else(|p| p.into_inner());
                    far.send(Incoming::Audit {
                        verdict: a.verdict(),
                        record: a.record(),
                    });
                }
                // A rematch's seat (and token) is kept for a rejoin, as the first was.
                if let (Msg::Seated { .. }, Some(dir)) = (&m, &seats) {
                    keep_seat(dir, &client.seated());
                }
                if let Some(i) = to_screen(m, &mut room, &mut t, &far, &forget) {
                    let closed = matches!(i, Incoming::Closed(_));
                    if !far.send(i) || closed {
                        client.close();
                        return;
                    }
                }
            }
            Some(Event::Closed(why)) if t.over => {
                far.send(Incoming::Closed(LinkError::Closed(why)));
                return;
            }
            Some(Event::Closed(why)) => {
                // The connection broke mid-game: take the seat back, the game waits for it.
                if !far.send(Incoming::Rejoining(why)) {
                    return;
                }
                match rejoin(&client, &far) {
                    None => return,
                    Some(Err(e)) => {
                        far.send(Incoming::Closed(e));
                        return;
                    }
                    Some(Ok(c)) => {
                        client = c;
                        t.resumed = true;
                        if !after_rejoin(&client, &far) {
                            return;
                        }
                    }
                }
            }
            None => {}
        }
        if !from_screen(&client, &far) {
            return;
        }
    }
}

/// What the hosting client does besides playing its seat.
struct HostPlan {
    rules: crate::engine::Rules,
    /// The address the invite names (this machine's address on its network, the server's port).
    shown_addr: String,
    computers: Vec<(usize, crate::ai::PlayerSpec)>,
}

/// This machine's address on its network (the one its default route leaves from; no packet is
/// sent), or the loopback address.
fn machine_addr() -> String {
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| {
            s.connect("192.0.2.1:9")?;
            s.local_addr()
        })
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_unspecified())
        .map_or_else(|| "127.0.0.1".into(), |ip| ip.to_string())
}

impl Network for NetNetwork {
    fn games_in_progress(&self) -> Vec<KeptGame> {
        let Some(dir) = &self.seats else {
            return Vec::new();
        };
        (crate::net::kept_seat::games(dir).into_iter())
            .map(|(invite, _)| KeptGame {
                room: invite.room.to_string(),
                invite: invite.to_string(),
            })
            .collect()
    }

    fn join(&mut self, invite: &str, name: &str) -> Result<Link, LinkError> {
        let code = JoinCode::parse(invite).map_err(LinkError::BadInvite)?;
        let (link, far) = Link::pair();
        let seats = self.seats.clone();
        let known = self.known.clone();
        let name = name.to_string();
        std::thread::Builder::new()
            .name("junqi-net-client".into())
            .spawn(move || {
                // A short code: the host's key asked of it, and checked against the one kept.
                let addr = code.addr().to_string();
                let invite = match crate::net::client::resolve(&code, known.as_ref()) {
                    Ok(i) => i,
                    Err(e) => {
                        far.send(Incoming::Closed(client_error(&addr, e)));
                        return;
                    }
                };
                // A seat kept from a window closed mid-game: taken back first.
                let first = seats
                    .as_deref()
                    .and_then(|d| kept_seat(d, invite.room))
                    .map(|(seat, token)| Request::Rejoin {
                        invite: invite.clone(),
                        seat,
                        token,
                    });
                let req = Request::Join {
                    invite,
                    name,
                    seat: None,
                };
                run(first, req, far, addr, None, seats);
            })
            .map_err(|e| LinkError::Other(e.to_string()))?;
        Ok(link)
    }

    fn host(&mut self, spec: &HostSpec) -> Result<Link, LinkError> {
        let mut here = spec
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == HostSeat::Here);
        let (Some((here, _)), None) = (here.next(), here.next()) else {
            return Err(LinkError::OneHere);
        };
        let listen = std::net::SocketAddr::new(spec.listen, spec.port);
        // Tried first with a listener of our own, whose error says why (the port in use, an
        // address not this computer's); the server then takes the address.
        std::net::TcpListener::bind(listen)
            .map_err(|e| LinkError::CannotServe(listen.to_string(), ServeFailure::of(&e)))?;
        let server = Server::bind(
            &listen.to_string(),
            ServeOptions {
                quiet: true,
                fault: None,
                ..ServeOptions::default()
            },
        )
        .map_err(|e| LinkError::CannotServe(listen.to_string(), ServeFailure::Other(e)))?;
        let port = server.local_addr().port();
        let handle = server.spawn();
        let key = handle.public_key();
        let (link, far) = Link::pair();
        // The room is opened through the address listened on (this computer's loopback when
        // that is every address), and the invite names where the others reach it.
        let (dial, shown) = if spec.listen.is_unspecified() {
            let local = if spec.listen.is_ipv4() {
                std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)
            } else {
                std::net::IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)
            };
            (std::net::SocketAddr::new(local, port), None)
        } else {
            let at = std::net::SocketAddr::new(spec.listen, port);
            (at, Some(at.to_string()))
        };
        let addr = dial.to_string();
        let req = Request::Create {
            addr: addr.clone(),
            players: if spec.four { 4 } else { 2 },
            rules: spec.rules.clone(),
            name: spec.name.clone(),
            pin: Some(key),
            seat: Some(here as u8),
        };
        let plan = HostPlan {
            rules: spec.rules.clone(),
            shown_addr: shown.unwrap_or_else(|| format!("{}:{port}", machine_addr())),
            computers: spec
                .seats
                .iter()
                .enumerate()
                .filter_map(|(k, s)| match s {
                    HostSeat::Computer(l) => Some((k, crate::ai::PlayerSpec::computer(*l))),
                    _ => None,
                })
                .collect(),
        };
        std::thread::Builder::new()
            .name("junqi-net-client".into())
            .spawn(move || run(None, req, far, addr, Some(plan), None))
            .map_err(|e| LinkError::Other(e.to_string()))?;
        Ok(link.keeping(Box::new(Served(handle))))
    }
}
