//! Why a host refuses or ends a connection, as a code: one byte in the preamble's answer before
//! the handshake, `bye CODE [SEAT]` after it. The reader words it in its own language (the
//! window in the player's, the command line in English through `Display`); the host's log keeps
//! its own fuller words. Nothing on the wire is prose that a reader has to search.

use std::fmt;

/// Why the host refused or ended a connection. Seats are counted from 0 on the wire, as the
/// protocol counts them, and from 1 in words, as players and `junqi connect --seat` count them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Farewell {
    /// No room of that name on the host (a wrong invite, or the game is over and gone).
    NoSuchRoom,
    /// The room refuses connections for a while after too many wrong codes.
    Locked,
    /// The host speaks another version of the network protocol.
    OtherVersion,
    /// The host holds as many connections as it may.
    HostBusy,
    /// The host holds as many rooms as it may.
    TooManyRooms,
    /// The game of the room is over.
    GameOver,
    /// Every seat of the room is taken.
    RoomFull,
    /// The seat asked for is taken.
    SeatTaken(u8),
    /// The room has no such seat.
    NoSeat(u8),
    /// A rejoin named a seat without its token.
    WrongToken(u8),
    /// Rules that do not fit together.
    BadRules,
    /// Four players asked for flip play (four players play open or hidden).
    FourPlayerFlip,
    /// Another connection took this seat back (the same player, rejoining elsewhere).
    Replaced,
    /// More messages than the host takes.
    Flood,
    /// A message out of place (the protocol broken).
    OutOfPlace,
    /// Refused for a reason this program does not know (a newer host's code).
    Refused,
}

/// A seat's number in words: the wire counts seats from 0, players (and `junqi connect --seat`,
/// the host's log, the window) from 1.
pub fn seat_number(seat: impl Into<usize>) -> usize {
    seat.into() + 1
}

impl Farewell {
    /// The code on the wire (after `bye `).
    pub fn code(self) -> String {
        let word = |w: &str| w.to_string();
        match self {
            Farewell::NoSuchRoom => word("no-room"),
            Farewell::Locked => word("locked"),
            Farewell::OtherVersion => word("version"),
            Farewell::HostBusy => word("busy"),
            Farewell::TooManyRooms => word("rooms"),
            Farewell::GameOver => word("over"),
            Farewell::RoomFull => word("full"),
            Farewell::SeatTaken(k) => format!("taken {k}"),
            Farewell::NoSeat(k) => format!("no-seat {k}"),
            Farewell::WrongToken(k) => format!("token {k}"),
            Farewell::BadRules => word("rules"),
            Farewell::FourPlayerFlip => word("four-flip"),
            Farewell::Replaced => word("replaced"),
            Farewell::Flood => word("flood"),
            Farewell::OutOfPlace => word("out-of-place"),
            Farewell::Refused => word("refused"),
        }
    }

    /// Read a code; one this program does not know is `Refused` (a newer host may say more).
    pub fn parse(text: &str) -> Farewell {
        let mut words = text.split_whitespace();
        let head = words.next().unwrap_or("");
        let seat = words.next().and_then(|w| w.parse::<u8>().ok());
        match (head, seat) {
            ("no-room", _) => Farewell::NoSuchRoom,
            ("locked", _) => Farewell::Locked,
            ("version", _) => Farewell::OtherVersion,
            ("busy", _) => Farewell::HostBusy,
            ("rooms", _) => Farewell::TooManyRooms,
            ("over", _) => Farewell::GameOver,
            ("full", _) => Farewell::RoomFull,
            ("taken", Some(k)) => Farewell::SeatTaken(k),
            ("no-seat", Some(k)) => Farewell::NoSeat(k),
            ("token", Some(k)) => Farewell::WrongToken(k),
            ("rules", _) => Farewell::BadRules,
            ("four-flip", _) => Farewell::FourPlayerFlip,
            ("replaced", _) => Farewell::Replaced,
            ("flood", _) => Farewell::Flood,
            ("out-of-place", _) => Farewell::OutOfPlace,
            _ => Farewell::Refused,
        }
    }

    /// A refusal the next try of a rejoin may not meet: the host restarting (no room yet),
    /// busy, or the room locked for a while.
    pub fn may_pass(self) -> bool {
        matches!(
            self,
            Farewell::NoSuchRoom | Farewell::Locked | Farewell::HostBusy
        )
    }
}

impl fmt::Display for Farewell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Farewell::NoSuchRoom => {
                f.write_str("the host has no such room (a wrong invite, or the game is over)")
            }
            Farewell::Locked => {
                f.write_str("the room refuses connections for a while after too many wrong codes")
            }
            Farewell::OtherVersion => {
                f.write_str("the host speaks another version of the network protocol")
            }
            Farewell::HostBusy => f.write_str("the host is full"),
            Farewell::TooManyRooms => f.write_str("the host holds as many rooms as it may"),
            Farewell::GameOver => f.write_str("the game is over"),
            Farewell::RoomFull => f.write_str("every seat is taken"),
            Farewell::SeatTaken(k) => write!(f, "seat {} is taken", u32::from(*k) + 1),
            Farewell::NoSeat(k) => write!(f, "the room has no seat {}", u32::from(*k) + 1),
            Farewell::WrongToken(k) => {
                write!(
                    f,
                    "seat {} was claimed without its token",
                    u32::from(*k) + 1
                )
            }
            Farewell::BadRules => f.write_str("rules that do not fit together"),
            Farewell::FourPlayerFlip => f.write_str("four players play open or hidden mode"),
            Farewell::Replaced => f.write_str("the seat was taken back by another connection"),
            Farewell::Flood => f.write_str("a flood of messages"),
            Farewell::OutOfPlace => f.write_str("a message out of place"),
            Farewell::Refused => f.write_str("the host refused the connection"),
        }
    }
}

/// One of each kind of farewell, for tests.
#[cfg(test)]
pub(crate) const ALL: [Farewell; 16] = [
    Farewell::NoSuchRoom,
    Farewell::Locked,
    Farewell::OtherVersion,
    Farewell::HostBusy,
    Farewell::TooManyRooms,
    Farewell::GameOver,
    Farewell::RoomFull,
    Farewell::SeatTaken(3),
    Farewell::NoSeat(7),
    Farewell::WrongToken(0),
    Farewell::BadRules,
    Farewell::FourPlayerFlip,
    Farewell::Replaced,
    Farewell::Flood,
    Farewell::OutOfPlace,
    Farewell::Refused,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_farewell_reads_back_from_its_code() {
        for f in ALL {
            assert_eq!(Farewell::parse(&f.code()), f, "{}", f.code());
        }
    }

    #[test]
    fn an_unknown_or_broken_code_is_a_plain_refusal() {
        for text in ["", "the room is on fire", "taken", "taken x", "no-seat 999"] {
            assert_eq!(Farewell::parse(text), Farewell::Refused, "{text:?}");
        }
    }
}
