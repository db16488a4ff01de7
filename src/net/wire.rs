//! What travels inside the encrypted frames: one message a frame, a line of UTF-8 text whose
//! first word names it, decoded into `Msg` here and nowhere else.
//!
//! The engine protocol's lines travel as they are (`h LINE` from the host, `e LINE` from the
//! seat), so a network seat speaks exactly what an engine process speaks; the lobby, the chat
//! have messages of their own. Frames are a 2-byte big-endian length and that
//! many bytes (at most `MAX_FRAME`, Noise's limit); a frame is read into a buffer of that size,
//! never more.

use super::farewell::Farewell;
use crate::engine::{Board, Rules};
use crate::protocol::{EngineMsg, HostMsg, parse_rules, rules_words};
use std::fmt;
use std::io::{Read, Write};

/// The version of the network protocol (in the preamble and in `hello`).
pub const NET_VERSION: u8 = 7;
/// The largest frame (Noise's largest message).
pub const MAX_FRAME: usize = 65_535;
/// The largest message text inside a frame (the frame less the AEAD tag).
pub const MAX_TEXT: usize = MAX_FRAME - 16;
/// The longest chat line (characters).
pub const MAX_CHAT: usize = 300;
/// The longest name a player gives (characters).
pub const MAX_NAME: usize = 40;
/// Seats' tokens: 26 base-32 characters (130 bits).
pub const TOKEN_LEN: usize = 26;

/// The length of a salt (bytes).
pub const SALT_LEN: usize = 16;
/// The largest piece of the record in one message (bytes; a frame holds 65 519).
pub const RECORD_PART: usize = 60_000;

/// Bytes in hexadecimal (lower case).
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|x| format!("{x:02x}")).collect()
}

/// `N` bytes from exactly `2 N` hexadecimal digits.
pub fn from_hex<const N: usize>(w: &str) -> Option<[u8; N]> {
    let b = w.as_bytes();
    if b.len() != 2 * N || !b.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let mut out = [0u8; N];
    for (k, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&w[2 * k..2 * k + 2], 16).ok()?;
    }
    Some(out)
}

/// Preset chat phrases, sent by number (`chat-preset N`); every client shows them in its own
/// language.
pub const PRESETS: [&str; 6] = [
    "Hurry up, please (快点吧)",
    "Good game (好棋)",
    "Well played (漂亮)",
    "Thinking… (想一下)",
    "Sorry, I have to go (抱歉，我得走了)",
    "Thanks (谢谢)",
];

/// A message on the wire.
#[derive(Clone, PartialEq, Debug)]
pub enum Msg {
    // From a client.
    /// Make a room for `players` (2 or 4) with these rules; the creator takes seat `seat`, or
    /// the first.
    Create {
        players: u8,
        rules: Rules,
        name: String,
        seat: Option<u8>,
    },
    /// Take seat `seat` if it is free, or (none) the first free seat.
    Join { name: String, seat: Option<u8> },
    /// Take back one's seat (`seat` index, its token).
    Rejoin { seat: u8, token: String },
    /// A line of the engine protocol from the seat.
    Engine(EngineMsg),
    /// A chat line (bounded).
    Say(String),
    /// A preset phrase.
    SayPreset(u8),
    /// Nothing: keeps an idle connection alive.
    Ping,
    /// The seat resigns now, whoever is to move (on one's own turn the engine protocol's
    /// `resign`, answering `go`, does the same).
    Resign,
    /// After the game's end: another game in the same room, asked for or agreed to (`true`),
    /// or declined (`false`).
    Rematch(bool),

    // From the host.
    /// The room was made: its invite.
    Created { invite: String },
    /// The seat taken: index, players, the token to rejoin it.
    Seated {
        seat: u8,
        players: u8,
        token: String,
    },
    /// Who sits where (a name for each seat, `-` for a free one) and whether the game started.
    Lobby { names: Vec<String>, started: bool },
    /// A line of the engine protocol for the seat.
    Host(HostMsg),
    /// A chat line from seat `from`.
    Said { from: u8, text: String },
    /// A preset phrase from seat `from`.
    SaidPreset { from: u8, preset: u8 },
    /// Once the game started, after every drop and rejoin: the seats nobody holds now (their
    /// players dropped; the game waits for them), in board order; none: everyone is back.
    Away(Vec<u8>),
    /// The host's commitment to every side's pieces at the start, before the first turn (one
    /// BLAKE2s-256 hash a side, in board order; `audit`).
    Commit(Vec<[u8; 32]>),
    /// To a player who rejoined, before the game's lines sent again: how many reports,
    /// takebacks and timeouts the game has told so far, and how many refusals of the player's
    /// own turns since the last of them (the audit places what follows there: `audit`).
    At { told: u32, refused: u32 },
    /// To a player who rejoined, before `At`: lines of the game's history the host told this
    /// seat, in order and exactly as told, from the game's first view (views, reports,
    /// takebacks, timeouts and the refusals of the seat's turns; `is_past`), several a message.
    Past(Vec<HostMsg>),
    /// At the end: the salts of the commitment, one a side.
    Reveal(Vec<[u8; SALT_LEN]>),
    /// At the end: a piece of the game's record (compact RON), the last one marked.
    RecordPart { text: String, last: bool },
    /// The host ends the connection (a refused join, a seat taken, a wrong message …): why, as
    /// a code.
    Bye(Farewell),
    /// Seat `K` asks for a rematch (it agrees to it); every other seat answers.
    RematchAsked(u8),
    /// Seat `K` agreed to the rematch asked.
    RematchAgreed(u8),
    /// The rematch asked is off: seat `seat` declined it, or left the room (`left`).
    RematchOff { seat: u8, left: bool },
}

/// Why bytes from the network are not a message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WireError(pub String);

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for WireError {}

fn bad<T>(why: impl Into<String>) -> Result<T, WireError> {
    Err(WireError(why.into()))
}

/// A word (no blanks, no control characters, at most `max` characters).
fn word_ok(w: &str, max: usize) -> bool {
    !w.is_empty()
        && w.chars().count() <= max
        && !w.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Free text: no control characters, at most `max` characters.
fn text_ok(t: &str, max: usize) -> bool {
    t.chars().count() <= max && !t.chars().any(char::is_control)
}

/// A name: at most `MAX_NAME` characters, blanks turned into `_`, control characters dropped.
pub fn clean_name(name: &str) -> String {
    let n: String = name
        .chars()
        .filter(|c| !c.is_control())
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .take(MAX_NAME)
        .collect();
    if n.is_empty() { "player".into() } else { n }
}

impl Msg {
    /// The message's text (`board` writes the turns and reports of engine lines).
    pub fn encode(&self, board: &Board) -> String {
        match self {
            Msg::Create {
                players,
                rules,
                name,
                seat,
            } => format!(
                "create {players} {}{} {}",
                clean_name(name),
                seat.map(|k| format!(" seat={k}")).unwrap_or_default(),
                rules_words(rules).join(" ")
            ),
            Msg::Join { name, seat: None } => format!("join {}", clean_name(name)),
            Msg::Join {
                name,
                seat: Some(k),
            } => format!("join {} {k}", clean_name(name)),
            Msg::Rejoin { seat, token } => format!("rejoin {seat} {token}"),
            Msg::Engine(m) => format!("e {}", m.line()),
            Msg::Say(t) => format!("say {t}"),
            Msg::SayPreset(n) => format!("say-preset {n}"),
            Msg::Ping => "ping".into(),
            Msg::Resign => "resign".into(),
            Msg::Rematch(yes) => format!("rematch {}", if *yes { "yes" } else { "no" }),
            Msg::RematchAsked(k) => format!("rematch-asked {k}"),
            Msg::RematchAgreed(k) => format!("rematch-agreed {k}"),
            Msg::RematchOff { seat, left } => format!(
                "rematch-off {seat} {}",
                if *left { "left" } else { "declined" }
            ),
            Msg::Created { invite } => format!("created {invite}"),
            Msg::Seated {
                seat,
                players,
                token,
            } => format!("seated {seat} {players} {token}"),
            Msg::Lobby { names, started } => format!(
                "lobby {} {}",
                if *started { "started" } else { "waiting" },
                names.join(" ")
            ),
            Msg::Host(m) => format!("h {}", m.line(board)),
            Msg::Said { from, text } => format!("said {from} {text}"),
            Msg::SaidPreset { from, preset } => format!("said-preset {from} {preset}"),
            Msg::Away(seats) => {
                let mut s = String::from("away");
                for k in seats {
                    s.push_str(&format!(" {k}"));
                }
                s
            }
            Msg::Commit(hashes) => format!("commit {}", hex_words(hashes)),
            Msg::At { told, refused } => format!("at {told} {refused}"),
            Msg::Past(lines) => {
                let lines: Vec<String> = lines.iter().map(|m| m.line(board)).collect();
                format!("past {}", lines.join(PAST_SEP))
            }
            Msg::Reveal(salts) => format!("reveal {}", hex_words(salts)),
            Msg::RecordPart { text, last } => {
                format!("record {} {text}", if *last { "end" } else { "more" })
            }
            Msg::Bye(why) => format!("bye {}", why.code()),
        }
    }

    /// Read a message from a frame's text; `board` reads the turns and reports of engine lines
    /// (the board of the seat's game; two-player before a seat is known).
    ///
    /// # Errors
    /// Not UTF-8, not one line, an unknown message or one whose fields are out of bounds.
    pub fn decode(bytes: &[u8], board: &'static Board) -> Result<Msg, WireError> {
        if bytes.len() > MAX_TEXT {
            return bad(format!("a message of {} bytes", bytes.len()));
        }
        let Ok(text) = std::str::from_utf8(bytes) else {
            return bad("a message that is not UTF-8");
        };
        if text.contains(['\n', '\r', '\0']) {
            return bad("a message of more than one line");
        }
        let (head, rest) = text.split_once(' ').unwrap_or((text, ""));
        let words: Vec<&str> = rest.split(' ').filter(|w| !w.is_empty()).collect();
        let num = |w: Option<&&str>, max: u8, what: &str| number(head, w, max, what);
        let clip = crate::protocol::clip;
        Ok(match head {
            "create" => decode_create(&words)?,
            "join" => match words[..] {
                [name] if word_ok(name, MAX_NAME) => Msg::Join {
                    name: name.into(),
                    seat: None,
                },
                [name, _] if word_ok(name, MAX_NAME) => Msg::Join {
                    name: name.into(),
                    seat: Some(num(words.get(1), 3, "the seat")?),
                },
                _ => return bad("join: a name, and a seat or none"),
            },
            "rejoin" => match words[..] {
                [_, token] if word_ok(token, TOKEN_LEN) => Msg::Rejoin {
                    seat: num(words.first(), 3, "the seat")?,
                    token: token.into(),
                },
                _ => return bad("rejoin: a seat and its token"),
            },
            "e" => Msg::Engine(EngineMsg::parse(rest).map_err(|e| WireError(e.to_string()))?),
            "say" if text_ok(rest, MAX_CHAT) => Msg::Say(rest.to_string()),
            "say" => return bad("say: a line of text too long"),
            "say-preset" => {
                Msg::SayPreset(num(words.first(), PRESETS.len() as u8 - 1, "the phrase")?)
            }
            "ping" if rest.is_empty() => Msg::Ping,
            "resign" if rest.is_empty() => Msg::Resign,
            "rematch" => match rest {
                "yes" => Msg::Rematch(true),
                "no" => Msg::Rematch(false),
                _ => return bad("rematch: yes or no"),
            },
            "rematch-asked" if words.len() == 1 => {
                Msg::RematchAsked(num(words.first(), 3, "the seat")?)
            }
            "rematch-agreed" if words.len() == 1 => {
                Msg::RematchAgreed(num(words.first(), 3, "the seat")?)
            }
            "rematch-off" => match words[..] {
                [_, why @ ("left" | "declined")] => Msg::RematchOff {
                    seat: num(words.first(), 3, "the seat")?,
                    left: why == "left",
                },
                _ => return bad("rematch-off: a seat, and left or declined"),
            },
            "created" => match words[..] {
                [invite] => Msg::Created {
                    invite: crate::net::Invite::parse(invite)
                        .map_err(|e| WireError(e.to_string()))?
                        .to_string(),
                },
                _ => return bad("created: one invite"),
            },
            "seated" => match words[..] {
                [_, _, token] if word_ok(token, TOKEN_LEN) => {
                    let players = num(words.get(1), 4, "the players")?;
                    let seat = num(words.first(), 3, "the seat")?;
                    if (players != 2 && players != 4) || seat >= players {
                        return bad("seated: a seat of 2 or 4");
                    }
                    Msg::Seated {
                        seat,
                        players,
                        token: token.into(),
                    }
                }
                _ => return bad("seated: a seat, the players and a token"),
            },
            "lobby" => decode_lobby(&words)?,
            "h" => Msg::Host(HostMsg::parse(rest, board).map_err(|e| WireError(e.to_string()))?),
            "said" => {
                let (from, t) = rest.split_once(' ').unwrap_or((rest, ""));
                let from = num(Some(&from), 3, "the seat")?;
                if !text_ok(t, MAX_CHAT) {
                    return bad("said: a line of text too long");
                }
                Msg::Said {
                    from,
                    text: t.to_string(),
                }
            }
            "said-preset" => Msg::SaidPreset {
                from: num(words.first(), 3, "the seat")?,
                preset: num(words.get(1), PRESETS.len() as u8 - 1, "the phrase")?,
            },
            "away" if words.len() <= 4 => Msg::Away(
                (words.iter())
                    .map(|w| num(Some(w), 3, "the seat"))
                    .collect::<Result<_, _>>()?,
            ),
            "commit" => Msg::Commit(hex_list(&words, "commit")?),
            "reveal" => Msg::Reveal(hex_list(&words, "reveal")?),
            "at" => match words[..] {
                [told, refused] => match (told.parse(), refused.parse()) {
                    (Ok(told), Ok(refused)) => Msg::At { told, refused },
                    _ => return bad("at: two whole numbers"),
                },
                _ => return bad("at: two whole numbers"),
            },
            "record" => decode_record(rest)?,
            "past" => decode_past(rest, board)?,
            "bye" => Msg::Bye(Farewell::parse(rest)),
            _ => return bad(format!("an unknown message '{}'", clip(head))),
        })
    }
}

/// Byte strings as hexadecimal words.
fn hex_words<const N: usize>(items: &[[u8; N]]) -> String {
    items
        .iter()
        .map(|b| to_hex(b))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `w` as a number up to `max`; `head` and `what` name it in the message.
fn number(head: &str, w: Option<&&str>, max: u8, what: &str) -> Result<u8, WireError> {
    match w.and_then(|w| w.parse::<u8>().ok()) {
        Some(n) if n <= max => Ok(n),
        _ => bad(format!("{head}: {what} is not a number up to {max}")),
    }
}

/// `create PLAYERS NAME [seat=K] RULES…`
fn decode_create(words: &[&str]) -> Result<Msg, WireError> {
    let num = |w: Option<&&str>, max: u8, what: &str| number("create", w, max, what);
    let clip = crate::protocol::clip;
    let players = num(words.first(), 4, "the players")?;
    if players != 2 && players != 4 {
        return bad("create: 2 or 4 players");
    }
    let Some(name) = words.get(1).filter(|n| word_ok(n, MAX_NAME)) else {
        return bad("create: no name");
    };
    // The creator's seat, if it names one (`seat=K`, before the rules).
    let (seat, rest) = match words.get(2).and_then(|w| w.strip_prefix("seat=")) {
        Some(k) => match k.parse::<u8>() {
            Ok(k) if k < players => (Some(k), &words[3..]),
            _ => return bad(format!("create: no seat {} of {players}", clip(k))),
        },
        None => (None, &words[2..]),
    };
    let rules = parse_rules(rest).map_err(|e| WireError(e.to_string()))?;
    Ok(Msg::Create {
        players,
        rules,
        name: (*name).to_string(),
        seat,
    })
}

/// What separates the lines of a `past` message (no line of the engine protocol holds a tab).
pub const PAST_SEP: &str = "\t";

/// The most bytes of lines a `past` message holds (a frame holds 65 519).
pub const PAST_PART: usize = 60_000;

/// Whether a line the host tells a seat belongs to the game's history, sent again on a rejoin
/// (`Msg::Past`): a view, a report, a takeback made, a timeout, a refusal of the seat's turn.
pub fn is_past(m: &HostMsg) -> bool {
    matches!(
        m,
        HostMsg::View { .. }
            | HostMsg::Report(_)
            | HostMsg::TakenBack(..)
            | HostMsg::Timeout { .. }
            | HostMsg::Refused(..)
    )
}

/// `past LINE<tab>LINE…`: one line at least, each a line of the game's history (`is_past`).
fn decode_past(rest: &str, board: &'static Board) -> Result<Msg, WireError> {
    let mut lines = Vec::new();
    for part in rest.split(PAST_SEP) {
        let m = HostMsg::parse(part, board).map_err(|e| WireError(format!("past: {e}")))?;
        if !is_past(&m) {
            return bad("past: a line that is not of the game's history");
        }
        lines.push(m);
    }
    Ok(Msg::Past(lines))
}

/// The lines of a seat's history as `past` messages, each within `PAST_PART` bytes (a line
/// longer than that alone in its message; none is: a line is a view at most).
pub fn past_messages(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for line in lines {
        if !cur.is_empty() && cur.len() + PAST_SEP.len() + line.len() > PAST_PART {
            out.push(format!("past {cur}"));
            cur.clear();
        }
        if !cur.is_empty() {
            cur.push_str(PAST_SEP);
        }
        cur.push_str(line);
    }
    if !cur.is_empty() {
        out.push(format!("past {cur}"));
    }
    out
}

/// `lobby started|waiting NAME…`
fn decode_lobby(words: &[&str]) -> Result<Msg, WireError> {
    let started = match words.first() {
        Some(&"started") => true,
        Some(&"waiting") => false,
        _ => return bad("lobby: started or waiting"),
    };
    let names = &words[1..];
    if (names.len() != 2 && names.len() != 4) || !names.iter().all(|n| word_ok(n, MAX_NAME)) {
        return bad("lobby: 2 or 4 names");
    }
    Ok(Msg::Lobby {
        names: names.iter().map(|n| (*n).to_string()).collect(),
        started,
    })
}

/// `record more|end TEXT`
fn decode_record(rest: &str) -> Result<Msg, WireError> {
    let (kind, t) = rest.split_once(' ').unwrap_or((rest, ""));
    let last = match kind {
        "end" => true,
        "more" => false,
        _ => return bad("record: more or end"),
    };
    if t.len() > RECORD_PART || !text_ok(t, RECORD_PART) {
        return bad("record: a piece too long");
    }
    Ok(Msg::RecordPart {
        text: t.to_string(),
        last,
    })
}

/// Two or four hexadecimal words of `N` bytes each.
fn hex_list<const N: usize>(words: &[&str], head: &str) -> Result<Vec<[u8; N]>, WireError> {
    if words.len() != 2 && words.len() != 4 {
        return bad(format!("{head}: 2 or 4 values"));
    }
    words
        .iter()
        .map(|w| from_hex(w).ok_or_else(|| WireError(format!("{head}: {N} bytes in hexadecimal"))))
        .collect()
}

/// Write one frame (`bytes` at most `MAX_FRAME`).
///
/// # Errors
/// The connection's error, or a frame too long.
pub fn write_frame(w: &mut impl Write, bytes: &[u8]) -> std::io::Result<()> {
    let n = u16::try_from(bytes.len())
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "frame too long"))?;
    let mut out = Vec::with_capacity(2 + bytes.len());
    out.extend_from_slice(&n.to_be_bytes());
    out.extend_from_slice(bytes);
    w.write_all(&out)?;
    w.flush()
}

/// Read one frame into `buf` (at least `MAX_FRAME` long); its length.
///
/// # Errors
/// The connection's error (`UnexpectedEof` at its end, `WouldBlock`/`TimedOut` past its read
/// timeout) or an empty frame.
pub fn read_frame(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut len = [0u8; 2];
    r.read_exact(&mut len)?;
    let n = usize::from(u16::from_be_bytes(len));
    if n == 0 || n > buf.len() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("a frame of {n} bytes"),
        ));
    }
    r.read_exact(&mut buf[..n])?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Mode, Seat, Status};
    use proptest::prelude::*;

    fn samples() -> Vec<Msg> {
        let rules = Rules::for_mode(Mode::Hidden);
        vec![
            Msg::Create {
                players: 4,
                rules: rules.clone(),
                name: "ann".into(),
                seat: None,
            },
            Msg::Create {
                players: 2,
                rules: rules.clone(),
                name: "ann".into(),
                seat: Some(1),
            },
            Msg::Join {
                name: "bo_b".into(),
                seat: None,
            },
            Msg::Join {
                name: "bo_b".into(),
                seat: Some(3),
            },
            Msg::Rejoin {
                seat: 1,
                token: "A".repeat(TOKEN_LEN),
            },
            Msg::Engine(EngineMsg::Turn("a1-a2".into())),
            Msg::Engine(EngineMsg::Ok(1)),
            Msg::Say("好棋 well played".into()),
            Msg::SayPreset(1),
            Msg::Ping,
            Msg::Resign,
            Msg::Seated {
                seat: 3,
                players: 4,
                token: "B".repeat(TOKEN_LEN),
            },
            Msg::Lobby {
                names: vec!["ann".into(), "-".into()],
                started: false,
            },
            Msg::Host(HostMsg::Rules(rules)),
            Msg::Host(HostMsg::GameOver(Status::Ongoing)),
            Msg::Host(HostMsg::DrawOffered(Seat::Red)),
            Msg::Said {
                from: 1,
                text: "hi there".into(),
            },
            Msg::SaidPreset { from: 0, preset: 5 },
            Msg::Away(vec![1, 3]),
            Msg::Away(Vec::new()),
            Msg::Commit(vec![[7u8; 32], [0xa0; 32]]),
            Msg::Reveal(vec![[1u8; SALT_LEN]; 4]),
            Msg::At {
                told: 120,
                refused: 1,
            },
            Msg::Past(vec![
                HostMsg::Timeout {
                    side: Seat::Red,
                    count: 2,
                },
                HostMsg::TakenBack(Seat::Blue, 3),
            ]),
            Msg::Past(vec![HostMsg::Timeout {
                side: Seat::Blue,
                count: 1,
            }]),
            Msg::RecordPart {
                text: "(rules:(mode:Hidden))".into(),
                last: true,
            },
            Msg::RecordPart {
                text: "x".into(),
                last: false,
            },
            Msg::Bye(Farewell::SeatTaken(1)),
            Msg::Bye(Farewell::GameOver),
            Msg::Rematch(true),
            Msg::Rematch(false),
            Msg::RematchAsked(3),
            Msg::RematchAgreed(0),
            Msg::RematchOff {
                seat: 1,
                left: true,
            },
            Msg::RematchOff {
                seat: 2,
                left: false,
            },
        ]
    }

    #[test]
    fn every_message_reads_back_as_written() {
        let board = Board::two_player();
        for m in samples() {
            let text = m.encode(board);
            assert_eq!(Msg::decode(text.as_bytes(), board), Ok(m), "{text}");
        }
    }

    #[test]
    fn bad_messages_are_refused_with_a_reason() {
        let board = Board::two_player();
        for text in [
            "",
            "hello",
            "create 3 ann mode=hidden",
            "join",
            "join a b",
            "join a 4",
            "join a 1 2",
            "create 2 ann seat=2 mode=hidden",
            "create 2 ann seat=x mode=hidden",
            "rejoin 9 AAA",
            "seated 2 2 AAA",
            "lobby started a b c",
            "say \u{7}",
            "commit xyz",
            "commit 00 11",
            "reveal 0101",
            "record",
            "record later x",
            "e nonsense",
            "h nonsense",
            "ping x",
            "resign now",
            "said-preset 0 9",
            "at 3",
            "past",
            "past go",
            "past timeout red 1\tgo",
            "past timeout red 1\t",
            "past h timeout red 1",
            "at -1 0",
            "at 1 2 3",
            "rematch",
            "rematch maybe",
            "rematch-asked 4",
            "rematch-asked 1 2",
            "rematch-off 1",
            "rematch-off 1 gone",
        ] {
            assert!(Msg::decode(text.as_bytes(), board).is_err(), "{text:?}");
        }
        assert!(Msg::decode(&[0xff, 0xfe], board).is_err());
        assert!(
            Msg::decode(
                format!("say {}", "x".repeat(MAX_CHAT + 1)).as_bytes(),
                board
            )
            .is_err()
        );
    }

    #[test]
    fn frames_are_bounded() {
        let mut wire = Vec::new();
        write_frame(&mut wire, b"abc").unwrap();
        let mut buf = vec![0u8; MAX_FRAME];
        assert_eq!(read_frame(&mut &wire[..], &mut buf).unwrap(), 3);
        assert!(write_frame(&mut Vec::new(), &vec![0u8; MAX_FRAME + 1]).is_err());
        // A length longer than the buffer is refused before reading the body.
        let mut small = [0u8; 8];
        assert!(read_frame(&mut &[0u8, 9, 1, 2][..], &mut small).is_err());
        assert!(read_frame(&mut &[0u8, 0][..], &mut buf).is_err());
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = Msg::decode(&bytes, Board::two_player());
            let _ = Msg::decode(&bytes, Board::four_player());
            let mut buf = vec![0u8; MAX_FRAME];
            let _ = read_frame(&mut &bytes[..], &mut buf);
        }

        #[test]
        fn arbitrary_words_never_panic(head in prop::sample::select(vec![
            "create", "join", "rejoin", "e", "say", "say-preset", "created", "seated", "lobby",
            "h", "said", "said-preset", "bye", "commit", "reveal", "record", "at", "rematch",
            "rematch-asked", "rematch-agreed", "rematch-off", "past"]), rest in "\\PC{0,200}") {
            let text = format!("{head} {rest}");
            if let Ok(m) = Msg::decode(text.as_bytes(), Board::two_player()) {
                // What reads reads back the same.
                let again = m.encode(Board::two_player());
                prop_assert_eq!(Msg::decode(again.as_bytes(), Board::two_player()), Ok(m));
            }
        }

        #[test]
        fn chat_round_trips(text in "[^\\p{Cc}]{0,300}") {
            let m = Msg::Say(text);
            let board = Board::two_player();
            prop_assert_eq!(Msg::decode(m.encode(board).as_bytes(), board), Ok(m));
        }
    }
}
