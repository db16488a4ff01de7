//! Encrypted connections: TCP with the Noise protocol (`snow`).
//!
//! A connection opens with a cleartext preamble of 11 bytes — `JQN`, the protocol version, the
//! kind (`J` join a room, `C` create one) and the room's public name (`------` to create) — and
//! one cleartext byte from the host (`PREAMBLE_OK`, or why it will not go on). Then the Noise
//! handshake:
//!
//! - joining a room: `Noise_NKpsk0_25519_ChaChaPoly_BLAKE2s`. The client knows the host's static
//!   key from the invite (the host is authenticated; nobody on the path learns anything) and
//!   both mix in the room's pre-shared key, derived from the secret in the invite: without the
//!   invite the first handshake message does not decrypt, and a guess can only be tried against
//!   the host, which counts the failures.
//! - creating a room: `Noise_NX_25519_ChaChaPoly_BLAKE2s`. The client knows only the address;
//!   the host sends its static key inside the handshake (encrypted), and the client may pin it
//!   (`--host-key`). The room's invite comes back inside the encrypted channel.
//!
//! After the handshake every frame is one Noise transport message (the nonces make a replayed,
//! dropped or reordered frame fail to decrypt, which ends the connection).

use super::farewell::Farewell;
use super::invite::{RoomId, Secret};
use super::wire::{MAX_FRAME, Msg, NET_VERSION, WireError, read_frame, write_frame};
use crate::engine::Board;
use snow::{HandshakeState, TransportState};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const JOIN_PATTERN: &str = "Noise_NKpsk0_25519_ChaChaPoly_BLAKE2s";
pub const CREATE_PATTERN: &str = "Noise_NX_25519_ChaChaPoly_BLAKE2s";
/// The preamble's magic.
pub const MAGIC: &[u8; 3] = b"JQN";
/// The host goes on.
pub const PREAMBLE_OK: u8 = 0;
/// No room of that name.
pub const NO_SUCH_ROOM: u8 = 1;
/// The room refuses connections for a while after too many wrong codes. A client rejoining its
/// seat goes on with the handshake all the same, its seat's token in the handshake's first
/// message (`Open::Join::claim`): the host lets it in if the token is right, and closes the
/// connection otherwise — whatever the code tried, so a lock tells a guesser nothing.
pub const LOCKED: u8 = 2;
/// Another version of the protocol.
pub const BAD_VERSION: u8 = 3;
/// The host is full (rooms or connections).
pub const FULL: u8 = 4;
/// How long the preamble and the handshake may take, in all (the host's default:
/// `host::Bounds::handshake_time`).
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(10);
/// The longest payload of a handshake's first message (a rejoin's claim: its seat and token).
pub const MAX_CLAIM: usize = 64;
/// How long one write may block before the connection is given up.
pub const WRITE_TIME: Duration = Duration::from_secs(10);

/// Why a connection failed.
#[derive(Debug)]
pub enum ConnError {
    Io(std::io::Error),
    /// The handshake failed (a wrong room code, a host with another key, bytes that are not
    /// Noise).
    Handshake(String),
    /// The host would not go on (the preamble's answer).
    Refused(Farewell),
    /// A frame that did not decrypt (tampered with, replayed or out of order).
    Decrypt,
    /// A frame that is not a message.
    Wire(WireError),
    /// The other end closed the connection.
    Closed,
}

impl std::fmt::Display for ConnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConnError::Io(e)
                if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::TimedOut =>
            {
                f.write_str("timed out")
            }
            ConnError::Io(e) => write!(f, "{e}"),
            ConnError::Handshake(e) => write!(f, "handshake failed: {e}"),
            ConnError::Refused(e) => write!(f, "{e}"),
            ConnError::Decrypt => {
                f.write_str("a frame that does not decrypt (tampered with or replayed)")
            }
            ConnError::Wire(e) => write!(f, "a bad message: {e}"),
            ConnError::Closed => f.write_str("the connection was closed"),
        }
    }
}
impl std::error::Error for ConnError {}

impl From<std::io::Error> for ConnError {
    fn from(e: std::io::Error) -> ConnError {
        if e.kind() == ErrorKind::UnexpectedEof {
            ConnError::Closed
        } else {
            ConnError::Io(e)
        }
    }
}

/// What a preamble answer says.
pub fn preamble_farewell(code: u8) -> Farewell {
    match code {
        NO_SUCH_ROOM => Farewell::NoSuchRoom,
        LOCKED => Farewell::Locked,
        BAD_VERSION => Farewell::OtherVersion,
        FULL => Farewell::HostBusy,
        _ => Farewell::Refused,
    }
}

fn noise_err(e: snow::Error) -> ConnError {
    ConnError::Handshake(e.to_string())
}

/// A stream whose reads and writes all end by one deadline: each waits at most the time left,
/// and none starts after it (a peer sending a byte now and then gains nothing).
pub struct Timed<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl<'a> Timed<'a> {
    pub fn new(stream: &'a TcpStream, until: Instant) -> Timed<'a> {
        Timed { stream, until }
    }

    fn left(&self) -> std::io::Result<Duration> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::Error::new(
                ErrorKind::TimedOut,
                "past the deadline",
            ));
        }
        Ok(left)
    }
}

impl Read for Timed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.stream.set_read_timeout(Some(self.left()?))?;
        (&*self.stream).read(buf)
    }
}

impl Write for Timed<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.stream.set_write_timeout(Some(self.left()?))?;
        (&*self.stream).write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        (&*self.stream).flush()
    }
}

/// A new static key pair for a host (private, public).
pub fn generate_keypair() -> ([u8; 32], [u8; 32]) {
    let b = snow::Builder::new(JOIN_PATTERN.parse().expect("a known pattern"));
    let k = b
        .generate_keypair()
        .expect("the default resolver makes keys");
    let mut private = [0u8; 32];
    let mut public = [0u8; 32];
    private.copy_from_slice(&k.private);
    public.copy_from_slice(&k.public);
    (private, public)
}

/// One side's encryption state, shared by the reading and the writing half.
struct Shared {
    noise: Mutex<TransportState>,
}

/// The writing half of a connection.
#[derive(Clone)]
pub struct Sender {
    stream: Arc<Mutex<TcpStream>>,
    shared: Arc<Shared>,
}

/// The reading half of a connection.
pub struct Receiver {
    stream: TcpStream,
    shared: Arc<Shared>,
    buf: Vec<u8>,
    plain: Vec<u8>,
    /// The board engine lines are read with.
    pub board: &'static Board,
}

impl Sender {
    /// Encrypt and send one message.
    ///
    /// # Errors
    /// The connection failed, or stayed blocked past `WRITE_TIME`.
    pub fn send(&self, msg: &Msg, board: &Board) -> Result<(), ConnError> {
        self.send_text(msg.encode(board).as_bytes())
    }

    /// Encrypt and send a message's bytes (tests send bytes that are not messages).
    ///
    /// # Errors
    /// As `send`.
    pub fn send_text(&self, text: &[u8]) -> Result<(), ConnError> {
        if text.len() > super::wire::MAX_TEXT {
            return Err(ConnError::Wire(WireError(
                "a message too long to send".into(),
            )));
        }
        let mut out = vec![0u8; text.len() + 16];
        let n = {
            let mut noise = self.shared.noise.lock().unwrap_or_else(|p| p.into_inner());
            noise
                .write_message(text, &mut out)
                .map_err(|_| ConnError::Decrypt)?
        };
        let mut s = self.stream.lock().unwrap_or_else(|p| p.into_inner());
        write_frame(&mut *s, &out[..n])?;
        Ok(())
    }

    /// Send raw bytes outside any frame's encryption (tests: a replayed frame).
    ///
    /// # Errors
    /// The connection failed.
    pub fn send_raw(&self, bytes: &[u8]) -> Result<(), ConnError> {
        let mut s = self.stream.lock().unwrap_or_else(|p| p.into_inner());
        s.write_all(bytes)?;
        Ok(())
    }

    /// Close both directions.
    pub fn close(&self) {
        let s = self.stream.lock().unwrap_or_else(|p| p.into_inner());
        let _ = s.shutdown(Shutdown::Both);
    }
}

impl Receiver {
    /// The next message (waiting at most the stream's read timeout).
    ///
    /// # Errors
    /// The connection closed or failed, timed out, a frame that does not decrypt or is not a
    /// message.
    pub fn recv(&mut self) -> Result<Msg, ConnError> {
        let n = self.recv_frame()?;
        Msg::decode(&self.plain[..n], self.board).map_err(ConnError::Wire)
    }

    /// The next message, read by `until` however the bytes come (the read timeout is left
    /// changed: `set_timeout` sets it again).
    ///
    /// # Errors
    /// As `recv`; past `until`, timed out.
    pub fn recv_by(&mut self, until: Instant) -> Result<Msg, ConnError> {
        let n = {
            let mut timed = Timed::new(&self.stream, until);
            read_frame(&mut timed, &mut self.buf)?
        };
        let n = self.decrypt(n)?;
        Msg::decode(&self.plain[..n], self.board).map_err(ConnError::Wire)
    }

    /// The next frame, decrypted into `self.plain`; its length.
    fn recv_frame(&mut self) -> Result<usize, ConnError> {
        let n = read_frame(&mut self.stream, &mut self.buf)?;
        self.decrypt(n)
    }

    /// The frame of `n` bytes in `self.buf`, decrypted into `self.plain`; its length.
    fn decrypt(&mut self, n: usize) -> Result<usize, ConnError> {
        let mut noise = self.shared.noise.lock().unwrap_or_else(|p| p.into_inner());
        noise
            .read_message(&self.buf[..n], &mut self.plain)
            .map_err(|_| ConnError::Decrypt)
    }

    /// Wait at most `d` for each message from now on.
    pub fn set_timeout(&self, d: Duration) {
        let _ = self.stream.set_read_timeout(Some(d));
    }
}

fn split(stream: TcpStream, noise: TransportState) -> Result<(Sender, Receiver), ConnError> {
    stream.set_read_timeout(None)?;
    stream.set_write_timeout(Some(WRITE_TIME))?;
    let _ = stream.set_nodelay(true);
    let reader = stream.try_clone()?;
    let shared = Arc::new(Shared {
        noise: Mutex::new(noise),
    });
    Ok((
        Sender {
            stream: Arc::new(Mutex::new(stream)),
            shared: shared.clone(),
        },
        Receiver {
            stream: reader,
            shared,
            buf: vec![0u8; MAX_FRAME],
            plain: vec![0u8; MAX_FRAME],
            board: Board::two_player(),
        },
    ))
}

/// Run a handshake to its end over `stream` (frames of at most `MAX_FRAME`). The initiator
/// sends `payload` in its first message; the responder hands the first message's payload to
/// `admit`, and goes on only if it says so.
fn handshake(
    stream: &mut (impl Read + Write),
    mut hs: HandshakeState,
    payload: &[u8],
    admit: &mut dyn FnMut(&[u8]) -> bool,
) -> Result<TransportState, ConnError> {
    let mut buf = vec![0u8; MAX_FRAME];
    let mut got = vec![0u8; MAX_FRAME];
    let (mut sent, mut read) = (false, false);
    while !hs.is_handshake_finished() {
        if hs.is_my_turn() {
            let out: &[u8] = if sent || !hs.is_initiator() {
                &[]
            } else {
                payload
            };
            let n = hs.write_message(out, &mut buf).map_err(noise_err)?;
            write_frame(stream, &buf[..n])?;
            sent = true;
        } else {
            let n = read_frame(stream, &mut buf).map_err(|e| {
                if e.kind() == ErrorKind::UnexpectedEof {
                    ConnError::Handshake(
                        "the other end closed the connection (a wrong code?)".into(),
                    )
                } else {
                    ConnError::Io(e)
                }
            })?;
            let k = hs.read_message(&buf[..n], &mut got).map_err(noise_err)?;
            if !read && !hs.is_initiator() && !admit(&got[..k]) {
                return Err(ConnError::Handshake("not let in".into()));
            }
            read = true;
        }
    }
    hs.into_transport_mode().map_err(noise_err)
}

/// What a client opens a connection for.
pub enum Open<'a> {
    /// Join room `room` of the host whose static key is `host_key`; a rejoin's `claim` (its
    /// seat and token, `claim_text`) goes in the handshake's first message when the room is
    /// locked after wrong codes (`LOCKED`), and lets it in.
    Join {
        room: RoomId,
        secret: &'a Secret,
        host_key: &'a [u8; 32],
        claim: Option<String>,
    },
    /// Create a room; the host's key checked against `pin` if given.
    Create { pin: Option<&'a [u8; 32]> },
}

/// A rejoin's claim as it travels in the handshake: its seat and token.
pub fn claim_text(seat: u8, token: &str) -> String {
    format!("{seat} {token}")
}

/// The seat and token of a claim (`claim_text`); none for anything else.
pub fn parse_claim(payload: &[u8]) -> Option<(u8, &str)> {
    if payload.len() > MAX_CLAIM {
        return None;
    }
    let (seat, token) = std::str::from_utf8(payload).ok()?.split_once(' ')?;
    Some((seat.parse().ok()?, token))
}

/// Connect to `addr` (within `timeout` for each address it resolves to) and run the handshake
/// (the preamble and the handshake within `HANDSHAKE_TIME` in all). Returns the two halves and
/// the host's static key.
///
/// # Errors
/// No connection, a refusal, a failed handshake (a wrong code or host key).
pub fn connect(
    addr: &str,
    open: Open<'_>,
    timeout: Duration,
) -> Result<(Sender, Receiver, [u8; 32]), ConnError> {
    use std::net::ToSocketAddrs;
    let addrs: Vec<_> = addr.to_socket_addrs()?.collect();
    let mut last = ConnError::Io(std::io::Error::new(
        ErrorKind::NotFound,
        format!("{addr} resolves to no address"),
    ));
    let mut stream = None;
    for a in addrs {
        match TcpStream::connect_timeout(&a, timeout) {
            Ok(s) => {
                stream = Some(s);
                break;
            }
            Err(e) => last = ConnError::Io(e),
        }
    }
    let Some(stream) = stream else {
        return Err(last);
    };
    let mut timed = Timed::new(&stream, Instant::now() + HANDSHAKE_TIME);
    let mut pre = Vec::with_capacity(11);
    pre.extend_from_slice(MAGIC);
    pre.push(NET_VERSION);
    let (kind, room) = match &open {
        Open::Join { room, .. } => (b'J', room.0),
        Open::Create { .. } => (b'C', *b"------"),
    };
    pre.push(kind);
    pre.extend_from_slice(&room);
    timed.write_all(&pre)?;
    let mut answer = [0u8; 1];
    timed.read_exact(&mut answer)?;
    // A room locked after wrong codes still lets in a rejoin proving its seat's token.
    let claimed = matches!(&open, Open::Join { claim: Some(_), .. });
    let locked = answer[0] == LOCKED && claimed;
    if answer[0] != PREAMBLE_OK && !locked {
        return Err(ConnError::Refused(preamble_farewell(answer[0])));
    }
    let (hs, psk);
    let mut payload: &[u8] = &[];
    match &open {
        Open::Join {
            room,
            secret,
            host_key,
            claim,
        } => {
            psk = secret.psk(*room);
            // Only into a locked room: a first message's payload is not forward secret.
            if let Some(c) = claim.as_ref().filter(|_| locked) {
                payload = c.as_bytes();
            }
            hs = snow::Builder::new(JOIN_PATTERN.parse().expect("known"))
                .remote_public_key(&host_key[..])
                .and_then(|b| b.psk(0, &psk))
                .and_then(|b| b.build_initiator())
                .map_err(noise_err)?;
        }
        Open::Create { .. } => {
            hs = snow::Builder::new(CREATE_PATTERN.parse().expect("known"))
                .build_initiator()
                .map_err(noise_err)?;
        }
    }
    let noise = match handshake(&mut timed, hs, payload, &mut |_| true) {
        Ok(n) => n,
        // Not let into the locked room: the lock is why.
        Err(_) if locked => {
            return Err(ConnError::Refused(Farewell::Locked));
        }
        Err(e) => return Err(e),
    };
    let mut key = [0u8; 32];
    match &open {
        Open::Join { host_key, .. } => key = **host_key,
        Open::Create { pin } => {
            let got = noise
                .get_remote_static()
                .ok_or_else(|| ConnError::Handshake("the host sent no key".into()))?;
            key.copy_from_slice(got);
            if let Some(pin) = pin
                && **pin != key
            {
                return Err(ConnError::Handshake(
                    "the host's key is not the one given with --host-key".into(),
                ));
            }
        }
    }
    let (s, r) = split(stream, noise)?;
    Ok((s, r, key))
}

/// What the host learnt from a preamble.
pub enum Preamble {
    Join(RoomId),
    Create,
}

/// The host: read a connection's preamble (by `until`, the deadline of the whole handshake).
///
/// # Errors
/// Bytes that are not a preamble, a version the host does not speak (answered first), the
/// deadline passed.
pub fn read_preamble(stream: &TcpStream, until: Instant) -> Result<Preamble, ConnError> {
    let mut timed = Timed::new(stream, until);
    let mut pre = [0u8; 11];
    timed.read_exact(&mut pre)?;
    if &pre[..3] != MAGIC {
        return Err(ConnError::Handshake("not a junqi client".into()));
    }
    if pre[3] != NET_VERSION {
        let _ = timed.write_all(&[BAD_VERSION]);
        return Err(ConnError::Handshake(format!("protocol version {}", pre[3])));
    }
    match pre[4] {
        b'C' if &pre[5..] == b"------" => Ok(Preamble::Create),
        b'J' => {
            let room = std::str::from_utf8(&pre[5..])
                .ok()
                .and_then(|t| RoomId::parse(t).ok())
                .ok_or_else(|| ConnError::Handshake("not a room name".into()))?;
            Ok(Preamble::Join(room))
        }
        _ => Err(ConnError::Handshake("not a preamble".into())),
    }
}

/// The host: answer the preamble with `code` (`PREAMBLE_OK`, or `LOCKED` for a room that lets
/// in only a rejoin proving its token) and run the handshake as the responder (`psk` for a
/// join, none for a create), all by `until`. `admit` is given the payload of the client's first
/// message (a rejoin's claim, `parse_claim`) and says whether to go on.
///
/// # Errors
/// The handshake failed (for a join: most likely a wrong room code), was not admitted, or did
/// not end by `until`.
pub fn accept(
    stream: TcpStream,
    private: &[u8; 32],
    psk: Option<[u8; 32]>,
    code: u8,
    until: Instant,
    admit: &mut dyn FnMut(&[u8]) -> bool,
) -> Result<(Sender, Receiver), ConnError> {
    let mut timed = Timed::new(&stream, until);
    timed.write_all(&[code])?;
    let hs = match &psk {
        Some(psk) => snow::Builder::new(JOIN_PATTERN.parse().expect("known"))
            .local_private_key(&private[..])
            .and_then(|b| b.psk(0, psk))
            .and_then(|b| b.build_responder()),
        None => snow::Builder::new(CREATE_PATTERN.parse().expect("known"))
            .local_private_key(&private[..])
            .and_then(|b| b.build_responder()),
    }
    .map_err(noise_err)?;
    let noise = handshake(&mut timed, hs, &[], admit)?;
    split(stream, noise)
}

/// The host: refuse a connection after its preamble (`code` says why).
pub fn refuse(mut stream: TcpStream, code: u8) {
    let _ = stream.write_all(&[code]);
    let _ = stream.shutdown(Shutdown::Both);
}

impl Sender {
    /// The local address of the connection (the address the other end reached).
    pub fn local_addr(&self) -> Option<std::net::SocketAddr> {
        lock_stream(&self.stream).local_addr().ok()
    }

    /// The bytes of one frame carrying `text`, encrypted now (its nonce used up) but not sent:
    /// tests send it twice to check that a replayed frame ends the connection.
    ///
    /// # Errors
    /// A message too long.
    pub fn seal(&self, text: &[u8]) -> Result<Vec<u8>, ConnError> {
        if text.len() > super::wire::MAX_TEXT {
            return Err(ConnError::Wire(WireError(
                "a message too long to send".into(),
            )));
        }
        let mut out = vec![0u8; text.len() + 16];
        let n = {
            let mut noise = self.shared.noise.lock().unwrap_or_else(|p| p.into_inner());
            noise
                .write_message(text, &mut out)
                .map_err(|_| ConnError::Decrypt)?
        };
        let mut frame = Vec::with_capacity(n + 2);
        frame.extend_from_slice(&(n as u16).to_be_bytes());
        frame.extend_from_slice(&out[..n]);
        Ok(frame)
    }
}

fn lock_stream(s: &Mutex<TcpStream>) -> std::sync::MutexGuard<'_, TcpStream> {
    s.lock().unwrap_or_else(|p| p.into_inner())
}
