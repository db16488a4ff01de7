//! Invites: `junqi://ADDR:PORT/ROOM-SECRET/HOSTKEY`, one line to copy.
//!
//! - `ADDR:PORT`: where the host listens (an IPv4 address, `[IPv6]`, or a host name).
//! - `ROOM`: 6 characters naming the room on that host (public: sent before the handshake).
//! - `SECRET`: 10 characters (50 bits) the room's pre-shared key is derived from; it never
//!   crosses the network.
//! - `HOSTKEY`: the host's static X25519 public key, 52 characters.
//!
//! Every code is written in the base-32 alphabet `0-9 A-Z` without `I L O U` (Crockford's),
//! read in either case; any other character is refused (not guessed at).

use blake2::{Blake2s256, Digest};
use std::fmt;

/// The base-32 alphabet: digits and capitals without I, L, O and U.
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters of a room's name.
pub const ROOM_LEN: usize = 6;
/// Characters of a room's secret.
pub const SECRET_LEN: usize = 10;
/// Characters of a host key (32 bytes).
pub const KEY_LEN: usize = 52;
/// The scheme an invite starts with.
pub const SCHEME: &str = "junqi://";
/// The longest invite read (a host name of at most 253 characters and the rest).
pub const MAX_INVITE: usize = 400;

/// A coded part of an invite.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    Room,
    Secret,
    HostKey,
    /// A short code's 16 characters (the room and its secret).
    Code,
}

impl Part {
    pub fn en(self) -> &'static str {
        match self {
            Part::Room => "the room",
            Part::Secret => "the room's secret",
            Part::HostKey => "the host key",
            Part::Code => "the room code",
        }
    }
}

/// Why an invite could not be read: typed, so that the window words it in the player's language
/// (its `Display` is the English of the command line).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum InviteError {
    /// Longer than any invite (its length in bytes).
    TooLong(usize),
    /// It does not start with `junqi://`.
    Scheme,
    /// Not the three parts ADDR:PORT/ROOM-SECRET/HOSTKEY.
    Parts,
    /// No '-' between the room and its secret.
    NoDash,
    /// A part with a character codes never use (I, L, O, U: `lookalike`) or no code character.
    Char {
        part: Part,
        ch: char,
        lookalike: bool,
    },
    /// A part of the wrong length (characters it has, characters it needs).
    Length {
        part: Part,
        has: usize,
        needs: usize,
    },
    /// A part whose last character's padding bits are not zero.
    Ending(Part),
    /// The address has no port.
    NoPort(String),
    /// The port is not 1 to 65535.
    BadPort(String),
    /// The host is not a name or an address.
    BadHost(String),
    /// Neither an invite nor an address and a short room code.
    NoAddress,
    /// An address without the short room code after it (the address).
    NoCode(String),
}

impl fmt::Display for InviteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not an invite: ")?;
        match self {
            InviteError::TooLong(n) => write!(f, "{n} characters is too long"),
            InviteError::Scheme => write!(f, "it does not start with {SCHEME}"),
            InviteError::Parts => {
                f.write_str("it needs three parts after junqi://: ADDR:PORT/ROOM-SECRET/HOSTKEY")
            }
            InviteError::NoDash => {
                f.write_str("the room code needs a '-' between the room and its secret")
            }
            InviteError::Char {
                part,
                ch,
                lookalike: true,
            } => write!(
                f,
                "{} has '{ch}', which codes never use (0-9 and A-Z without I, L, O, U)",
                part.en()
            ),
            InviteError::Char { part, ch, .. } => {
                write!(f, "{} has '{ch}', which is not a code character", part.en())
            }
            InviteError::Length { part, has, needs } => {
                write!(f, "{} has {has} characters, not {needs}", part.en())
            }
            InviteError::Ending(part) => {
                write!(f, "{} does not end as a code of its length ends", part.en())
            }
            InviteError::NoPort(addr) => write!(f, "'{addr}' needs a port (ADDR:PORT)"),
            InviteError::BadPort(port) => write!(f, "'{port}' is not a port (1 to 65535)"),
            InviteError::BadHost(host) => write!(f, "'{host}' is not a host name or address"),
            InviteError::NoAddress => f.write_str(
                "it is neither an invite (junqi://…) nor an address and a room code \
                 (ADDR:PORT XXXX-XXXX-XXXX-XXXX)",
            ),
            InviteError::NoCode(addr) => write!(
                f,
                "'{addr}' needs the room code after it (ADDR:PORT XXXX-XXXX-XXXX-XXXX)"
            ),
        }
    }
}
impl std::error::Error for InviteError {}

/// `bytes` in base 32 (5 bits a character, the last one padded with zero bits).
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// The value of one base-32 character (either case).
fn digit(c: char) -> Option<u32> {
    let up = c.to_ascii_uppercase() as u8;
    ALPHABET.iter().position(|&a| a == up).map(|p| p as u32)
}

/// Check that `text` is made of base-32 characters only; `part` is what it is.
fn check_chars(text: &str, part: Part) -> Result<(), InviteError> {
    match text.chars().find(|&c| digit(c).is_none()) {
        Some(ch) => Err(InviteError::Char {
            part,
            ch,
            lookalike: matches!(ch, 'I' | 'L' | 'O' | 'U' | 'i' | 'l' | 'o' | 'u'),
        }),
        None => Ok(()),
    }
}

/// `n` bytes from base-32 `text` (exactly the characters `n` bytes take, padding bits zero).
///
/// # Errors
/// Another length, a character outside the alphabet or padding bits that are not zero.
pub fn decode(text: &str, n: usize, part: Part) -> Result<Vec<u8>, InviteError> {
    let want = (n * 8).div_ceil(5);
    if text.chars().count() != want {
        return Err(InviteError::Length {
            part,
            has: text.chars().count(),
            needs: want,
        });
    }
    check_chars(text, part)?;
    let mut out = Vec::with_capacity(n);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.chars() {
        acc = (acc << 5) | digit(c).expect("checked");
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if acc != 0 {
        return Err(InviteError::Ending(part));
    }
    Ok(out)
}

/// A room's name on its host (public).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RoomId(pub [u8; ROOM_LEN]);

impl RoomId {
    /// A random room name.
    pub fn random() -> RoomId {
        RoomId(random_chars())
    }

    /// Read a room's name (either case).
    ///
    /// # Errors
    /// Not 6 code characters.
    pub fn parse(text: &str) -> Result<RoomId, InviteError> {
        chars_of(text, Part::Room).map(RoomId)
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("ASCII")
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A room's secret: the pre-shared key of every connection to the room is derived from it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Secret(pub [u8; SECRET_LEN]);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl Secret {
    /// A random secret.
    pub fn random() -> Secret {
        Secret(random_chars())
    }

    /// Read a secret (either case).
    ///
    /// # Errors
    /// Not 10 code characters.
    pub fn parse(text: &str) -> Result<Secret, InviteError> {
        chars_of(text, Part::Secret).map(Secret)
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("ASCII")
    }

    /// The pre-shared key of the room `room`'s connections: BLAKE2s-256 over a label, the
    /// room and the secret.
    pub fn psk(&self, room: RoomId) -> [u8; 32] {
        let mut h = Blake2s256::new();
        h.update(b"junqi network room psk v1\0");
        h.update(room.0);
        h.update(self.0);
        h.finalize().into()
    }
}

/// Random code characters (the operating system's generator, through the `rand` crate).
fn random_chars<const N: usize>() -> [u8; N] {
    use rand::Rng;
    let mut rng = rand::rng();
    std::array::from_fn(|_| ALPHABET[rng.random_range(0..32)])
}

/// `N` code characters from `text`, upper-cased.
fn chars_of<const N: usize>(text: &str, part: Part) -> Result<[u8; N], InviteError> {
    if text.chars().count() != N {
        return Err(InviteError::Length {
            part,
            has: text.chars().count(),
            needs: N,
        });
    }
    check_chars(text, part)?;
    let mut out = [0u8; N];
    for (o, c) in out.iter_mut().zip(text.chars()) {
        *o = c.to_ascii_uppercase() as u8;
    }
    Ok(out)
}

/// An invite to one room.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Invite {
    /// `host:port` as written (resolved when connecting).
    pub addr: String,
    pub room: RoomId,
    pub secret: Secret,
    /// The host's static public key.
    pub host_key: [u8; 32],
}

impl Invite {
    /// Read an invite (surrounding blanks are ignored).
    ///
    /// # Errors
    /// Anything but exactly `junqi://ADDR:PORT/ROOM-SECRET/HOSTKEY`, with the part that is wrong.
    pub fn parse(text: &str) -> Result<Invite, InviteError> {
        let text = text.trim();
        if text.len() > MAX_INVITE {
            return Err(InviteError::TooLong(text.len()));
        }
        let Some(rest) = text.strip_prefix(SCHEME) else {
            return Err(InviteError::Scheme);
        };
        let parts: Vec<&str> = rest.split('/').collect();
        let [addr, code, key] = parts[..] else {
            return Err(InviteError::Parts);
        };
        let addr = parse_addr(addr)?;
        let Some((room, secret)) = code.split_once('-') else {
            return Err(InviteError::NoDash);
        };
        let room = RoomId::parse(room)?;
        let secret = Secret::parse(secret)?;
        let host_key = parse_key(key)?;
        Ok(Invite {
            addr,
            room,
            secret,
            host_key,
        })
    }
}

/// A host key in base 32.
///
/// # Errors
/// Not 52 code characters.
pub fn parse_key(text: &str) -> Result<[u8; 32], InviteError> {
    let k = decode(text, 32, Part::HostKey)?;
    let mut out = [0u8; 32];
    out.copy_from_slice(&k);
    Ok(out)
}

/// Check `host:port` (a port 1 to 65535 after the last colon; a bracketed IPv6 address or a
/// name of letters, digits, dots and dashes before it).
///
/// # Errors
/// Anything else.
pub fn parse_addr(addr: &str) -> Result<String, InviteError> {
    let Some((host, port)) = addr.rsplit_once(':') else {
        return Err(InviteError::NoPort(crate::protocol::clip(addr)));
    };
    match port.parse::<u16>() {
        Ok(p) if p > 0 && port.chars().all(|c| c.is_ascii_digit()) => {}
        _ => return Err(InviteError::BadPort(crate::protocol::clip(port))),
    }
    let ok = if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        inner.parse::<std::net::Ipv6Addr>().is_ok()
    } else {
        !host.is_empty()
            && host.len() <= 253
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
    };
    if !ok {
        return Err(InviteError::BadHost(crate::protocol::clip(host)));
    }
    Ok(addr.to_string())
}

impl fmt::Display for Invite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{SCHEME}{}/{}-{}/{}",
            self.addr,
            self.room,
            self.secret.as_str(),
            encode(&self.host_key)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Invite {
        Invite {
            addr: "127.0.0.1:4000".into(),
            room: RoomId(*b"K7M2QX"),
            secret: Secret(*b"8D3FZ9WQ4R"),
            host_key: std::array::from_fn(|i| (i * 37) as u8),
        }
    }

    #[test]
    fn an_invite_reads_back_as_written_in_either_case() {
        let i = sample();
        let text = i.to_string();
        assert_eq!(text.len(), SCHEME.len() + 14 + 1 + 17 + 1 + KEY_LEN);
        assert_eq!(Invite::parse(&text).unwrap(), i);
        // The codes in lower case (the address and the scheme are lower case already).
        let lower = format!("  {}\n", text.to_lowercase());
        assert_eq!(Invite::parse(&lower).unwrap(), i);
    }

    #[test]
    fn a_wrong_invite_says_what_is_wrong() {
        let good = sample().to_string();
        let cases = [
            ("http://x:1/A-B/C", "does not start"),
            ("junqi://127.0.0.1/K7M2QX-8D3FZ9WQ4R/K", "needs a port"),
            ("junqi://127.0.0.1:0/K7M2QX-8D3FZ9WQ4R/K", "not a port"),
            ("junqi://127.0.0.1:4000/K7M2QX8D3FZ9WQ4R/K", "'-'"),
            ("junqi://127.0.0.1:4000/K7M2QO-8D3FZ9WQ4R/K", "never use"),
            ("junqi://127.0.0.1:4000/K7M2Q-8D3FZ9WQ4R/K", "not 6"),
            ("junqi://a b:4000/K7M2QX-8D3FZ9WQ4R/K", "not a host"),
        ];
        for (text, why) in cases {
            let e = Invite::parse(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
        let short = &good[..good.len() - 1];
        assert!(
            Invite::parse(short)
                .unwrap_err()
                .to_string()
                .contains("host key")
        );
        let mut last_bad = good.clone();
        last_bad.pop();
        last_bad.push('Z');
        // The key's last character carries padding bits, which must be zero.
        assert!(Invite::parse(&last_bad).is_err() || last_bad == good);
        assert!(Invite::parse(&format!("{good}/")).is_err());
    }

    proptest::proptest! {
        #[test]
        fn base32_round_trips(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..40)) {
            let text = encode(&bytes);
            proptest::prop_assert_eq!(decode(&text, bytes.len(), Part::Room).unwrap(), bytes);
        }

        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "\\PC{0,120}") {
            let _ = Invite::parse(&text);
        }
    }
}
