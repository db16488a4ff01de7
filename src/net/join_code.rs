//! What a player gives to join a room: the full invite, a short room code, or a `junqi://join/`
//! link holding either.
//!
//! - The **invite** (`junqi://ADDR:PORT/ROOM-SECRET/HOSTKEY`, `invite::Invite`) carries the
//!   host's public key.
//! - The **short code** is the host's address and a room code of 16 characters in four groups,
//!   `192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4R`: the room's public name (6 characters) and its secret
//!   (10 characters, 50 bits), without the host's key. Said aloud or typed; the key is asked of
//!   the host and kept on first use (`known_hosts`), as SSH does (docs/network.md says what that
//!   does and does not protect against).
//! - A **link** is `junqi://join/` and either of them, `junqi://join/ADDR:PORT/ROOM-SECRET/HOSTKEY`
//!   or `junqi://join/ADDR:PORT/K7M2-QX8D-3FZ9-WQ4R` (the desktop opens the program with it).
//!
//! Reading is as strict as the invite's (`invite::Invite::parse`): the code characters are the
//! invite's alphabet in either case, the groups' dashes and blanks are optional, and anything
//! else is refused with the part that is wrong.

use super::invite::{
    Invite, InviteError, MAX_INVITE, Part, ROOM_LEN, RoomId, SCHEME, SECRET_LEN, Secret, parse_addr,
};
use std::fmt;

/// Characters of a short room code (the room's name and its secret), without its dashes.
pub const CODE_LEN: usize = ROOM_LEN + SECRET_LEN;
/// Characters of a group of a short room code as it is written.
const GROUP: usize = 4;
/// The start of a link.
pub const LINK: &str = "junqi://join/";

/// A room named by its host's address and its short code, without the host's key.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShortCode {
    /// `host:port` as written.
    pub addr: String,
    pub room: RoomId,
    pub secret: Secret,
}

impl ShortCode {
    /// The short code of `invite`'s room.
    pub fn of(invite: &Invite) -> ShortCode {
        ShortCode {
            addr: invite.addr.clone(),
            room: invite.room,
            secret: invite.secret,
        }
    }

    /// The room code alone, in groups of four: `K7M2-QX8D-3FZ9-WQ4R`.
    pub fn code(&self) -> String {
        let all: Vec<char> = format!("{}{}", self.room, self.secret.as_str())
            .chars()
            .collect();
        all.chunks(GROUP)
            .map(|g| g.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// The invite of this room on the host whose key is `host_key`.
    pub fn with_key(&self, host_key: [u8; 32]) -> Invite {
        Invite {
            addr: self.addr.clone(),
            room: self.room,
            secret: self.secret,
            host_key,
        }
    }

    /// Read `ADDR:PORT CODE` (or `ADDR:PORT/CODE`): the address, then the 16 code characters in
    /// any grouping (dashes and blanks between them are dropped), in either case.
    ///
    /// # Errors
    /// No address, a bad address, a code of another length or with a character codes never use.
    pub fn parse(text: &str) -> Result<ShortCode, InviteError> {
        let text = text.trim();
        if text.len() > MAX_INVITE {
            return Err(InviteError::TooLong(text.len()));
        }
        let Some(cut) = text.find(|c: char| c.is_whitespace() || c == '/') else {
            // One word: an address without its code, or a code (or anything) without an address.
            return Err(match parse_addr(text) {
                Ok(addr) => InviteError::NoCode(addr),
                Err(_) => InviteError::NoAddress,
            });
        };
        let addr = parse_addr(&text[..cut])?;
        let code: String = text[cut + 1..]
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        if code.is_empty() {
            return Err(InviteError::NoCode(addr));
        }
        if code.chars().count() != CODE_LEN {
            return Err(InviteError::Length {
                part: Part::Code,
                has: code.chars().count(),
                needs: CODE_LEN,
            });
        }
        // Split at a character boundary: a multi-byte character is refused by the room's check.
        let split = code
            .char_indices()
            .nth(ROOM_LEN)
            .map_or(code.len(), |(i, _)| i);
        let (room, secret) = code.split_at(split);
        let recode = |e: InviteError| match e {
            InviteError::Char { ch, lookalike, .. } => InviteError::Char {
                part: Part::Code,
                ch,
                lookalike,
            },
            e => e,
        };
        Ok(ShortCode {
            addr,
            room: RoomId::parse(room).map_err(recode)?,
            secret: Secret::parse(secret).map_err(recode)?,
        })
    }
}

impl fmt::Display for ShortCode {
    /// `ADDR:PORT K7M2-QX8D-3FZ9-WQ4R`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.addr, self.code())
    }
}

/// A room to join, as a player gave it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum JoinCode {
    /// The full invite (the host's key with it).
    Invite(Invite),
    /// The address and the short code (the host's key asked of it and kept on first use).
    Short(ShortCode),
}

impl JoinCode {
    /// Read an invite, a short code or a `junqi://join/` link holding either. Blanks around the
    /// text are dropped (pasted with a newline); blanks inside an invite too (an invite broken
    /// over lines); a link's `%XX` escapes are read and a `/` after it dropped.
    ///
    /// # Errors
    /// None of these, with what is wrong.
    pub fn parse(text: &str) -> Result<JoinCode, InviteError> {
        let text = text.trim();
        if text.len() > MAX_INVITE {
            return Err(InviteError::TooLong(text.len()));
        }
        if let Some(body) = strip_prefix_ignoring_case(text, LINK) {
            let body = unescape(body);
            let body = body.strip_suffix('/').unwrap_or(&body);
            return match body.split('/').count() {
                3 => Invite::parse(&format!("{SCHEME}{}", no_blanks(body))).map(JoinCode::Invite),
                2 => ShortCode::parse(body).map(JoinCode::Short),
                _ => Err(InviteError::Parts),
            };
        }
        if let Some((scheme, _)) = text.split_once("://")
            && !scheme.eq_ignore_ascii_case("junqi")
            && !scheme.contains(char::is_whitespace)
        {
            return Err(InviteError::Scheme);
        }
        if strip_prefix_ignoring_case(text, SCHEME).is_some() {
            let lower_scheme = format!("{SCHEME}{}", &text[SCHEME.len()..]);
            return Invite::parse(&no_blanks(&lower_scheme)).map(JoinCode::Invite);
        }
        ShortCode::parse(text).map(JoinCode::Short)
    }

    /// The host's address.
    pub fn addr(&self) -> &str {
        match self {
            JoinCode::Invite(i) => &i.addr,
            JoinCode::Short(s) => &s.addr,
        }
    }

    /// The room's name.
    pub fn room(&self) -> RoomId {
        match self {
            JoinCode::Invite(i) => i.room,
            JoinCode::Short(s) => s.room,
        }
    }

    /// The `junqi://join/` link of this invite or short code.
    pub fn link(&self) -> String {
        match self {
            JoinCode::Invite(i) => format!("{LINK}{}", &i.to_string()[SCHEME.len()..]),
            JoinCode::Short(s) => format!("{LINK}{}/{}", s.addr, s.code()),
        }
    }
}

/// Whether `text` is a `junqi:` link (an invite or a `junqi://join/` link), as the desktop
/// hands one to the program.
pub fn is_link(text: &str) -> bool {
    strip_prefix_ignoring_case(text.trim(), "junqi:").is_some()
}

fn strip_prefix_ignoring_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

fn no_blanks(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// `text` with its `%XX` escapes read (an escape that is not one is kept as written; what is
/// not UTF-8 after it, lossily).
fn unescape(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut k = 0;
    while k < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[k] == b'%'
            && k + 2 < b.len()
            && let (Some(h), Some(l)) = (hex(b[k + 1]), hex(b[k + 2]))
        {
            out.push((h * 16 + l) as u8);
            k += 3;
        } else {
            out.push(b[k]);
            k += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Invite {
        Invite {
            addr: "192.0.2.7:7474".into(),
            room: RoomId(*b"K7M2QX"),
            secret: Secret(*b"8D3FZ9WQ4R"),
            host_key: std::array::from_fn(|i| (i * 37) as u8),
        }
    }

    #[test]
    fn a_short_code_is_four_groups_of_the_invite_alphabet_and_reads_back() {
        let short = ShortCode::of(&sample());
        assert_eq!(short.code(), "K7M2-QX8D-3FZ9-WQ4R");
        assert_eq!(short.to_string(), "192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4R");
        assert!(
            short
                .code()
                .chars()
                .all(|c| c == '-' || super::super::invite::ALPHABET.contains(&(c as u8)))
        );
        for text in [
            "192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4R",
            "  192.0.2.7:7474   k7m2 qx8d 3fz9 wq4r \n",
            "192.0.2.7:7474/K7M2QX8D3FZ9WQ4R",
            "192.0.2.7:7474\nK7M2-QX8D\n3FZ9-WQ4R\n",
        ] {
            assert_eq!(ShortCode::parse(text).unwrap(), short, "{text:?}");
            assert_eq!(
                JoinCode::parse(text).unwrap(),
                JoinCode::Short(short.clone())
            );
        }
        assert_eq!(short.with_key(sample().host_key), sample());
        // The short code carries the room's whole secret: 50 bits, as the invite's.
        assert_eq!(SECRET_LEN * 5, 50);
    }

    #[test]
    fn a_wrong_short_code_says_what_is_wrong() {
        let cases = [
            ("K7M2-QX8D-3FZ9-WQ4R", "nor an address and a room code"),
            ("hello", "nor an address and a room code"),
            (
                "192.0.2.7:7474",
                "'192.0.2.7:7474' needs the room code after it",
            ),
            ("192.0.2.7:7474 - -", "needs the room code"),
            ("192.0.2.7 K7M2-QX8D-3FZ9-WQ4R", "needs a port"),
            (
                "192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4",
                "the room code has 15 characters, not 16",
            ),
            ("192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4RR", "has 17 characters"),
            ("192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ40", "16"),
            (
                "192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4O",
                "the room code has 'O'",
            ),
            (
                "192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4#",
                "'#', which is not a code",
            ),
            ("192.0.2.7:7474 K7M2-QX8D-3FZ9-WQ4长", "'长'"),
            ("a b:1 K7M2-QX8D-3FZ9-WQ4R", "port"),
            ("http://example.com", "does not start with junqi://"),
        ];
        for (text, why) in cases {
            let e = JoinCode::parse(text);
            if why == "16" {
                // A right length of good characters is a code (the host decides if it is right).
                assert!(e.is_ok(), "{text}");
                continue;
            }
            let e = e.unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
        assert!(JoinCode::parse(&"1".repeat(MAX_INVITE + 1)).is_err());
    }

    #[test]
    fn links_hold_an_invite_or_a_short_code() {
        let invite = sample();
        let short = ShortCode::of(&invite);
        let full = JoinCode::Invite(invite.clone());
        let brief = JoinCode::Short(short.clone());
        assert_eq!(
            brief.link(),
            "junqi://join/192.0.2.7:7474/K7M2-QX8D-3FZ9-WQ4R"
        );
        assert!(
            full.link()
                .starts_with("junqi://join/192.0.2.7:7474/K7M2QX-8D3FZ9WQ4R/")
        );
        assert_eq!(JoinCode::parse(&full.link()).unwrap(), full);
        assert_eq!(JoinCode::parse(&brief.link()).unwrap(), brief);
        // As a browser or a desktop may hand them over: escaped, with a '/' after, in capitals.
        let escaped = full.link().replace(':', "%3A").replacen("%3A", ":", 1);
        assert_eq!(JoinCode::parse(&escaped).unwrap(), full);
        assert_eq!(
            JoinCode::parse(&format!("{}/", brief.link())).unwrap(),
            brief
        );
        assert_eq!(
            JoinCode::parse(&brief.link().replace("junqi://join", "JUNQI://Join")).unwrap(),
            brief
        );
        // The invite itself, and an invite broken over two lines.
        let text = invite.to_string();
        assert_eq!(JoinCode::parse(&text).unwrap(), full);
        let broken = format!("{}\n{}", &text[..40], &text[40..]);
        assert_eq!(JoinCode::parse(&broken).unwrap(), full);
        // IPv6 in a link, its brackets escaped.
        let v6 = JoinCode::parse("junqi://join/%5B::1%5D:7474/K7M2-QX8D-3FZ9-WQ4R").unwrap();
        assert_eq!(v6.addr(), "[::1]:7474");
        assert!(is_link(&brief.link()) && is_link(" JUNQI://x") && !is_link("game.ron"));
        for bad in [
            "junqi://join/",
            "junqi://join/192.0.2.7:7474",
            "junqi://join/a/b/c/d",
            "junqi://join/192.0.2.7:7474/K7M2",
            "junqi://join/192.0.2.7:7474/K7M2QX-8D3FZ9WQ4R/SHORTKEY",
            "junqi://join/%ZZ",
        ] {
            assert!(JoinCode::parse(bad).is_err(), "{bad}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "\\PC{0,120}") {
            let _ = JoinCode::parse(&text);
            let _ = JoinCode::parse(&format!("{LINK}{text}"));
            let _ = JoinCode::parse(&format!("192.0.2.7:1 {text}"));
        }

        #[test]
        fn short_codes_round_trip(room in "[0-9A-HJKMNP-TV-Z]{6}", secret in "[0-9A-HJKMNP-TV-Z]{10}") {
            let s = ShortCode {
                addr: "example.org:7465".into(),
                room: RoomId::parse(&room).unwrap(),
                secret: Secret::parse(&secret).unwrap(),
            };
            proptest::prop_assert_eq!(ShortCode::parse(&s.to_string()).unwrap(), s.clone());
            proptest::prop_assert_eq!(
                JoinCode::parse(&JoinCode::Short(s.clone()).link()).unwrap(),
                JoinCode::Short(s)
            );
        }
    }
}
