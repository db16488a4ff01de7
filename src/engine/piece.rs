//! Sides and pieces (RULES.md section 1).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU8;

/// One of the two colours. Red moves first and sits at the bottom.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    Red,
    Blue,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The notation character of a face-up piece of this side (`r` / `b`).
    pub fn char(self) -> char {
        match self {
            Side::Red => 'r',
            Side::Blue => 'b',
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            Side::Red => "红",
            Side::Blue => "蓝",
        }
    }

    pub fn en(self) -> &'static str {
        match self {
            Side::Red => "Red",
            Side::Blue => "Blue",
        }
    }

    /// The word used in `result:` lines (`red-wins`, `blue-wins`).
    pub fn word(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.en())
    }
}

/// The twelve kinds of piece. The discriminant is the code of RULES.md for 1–9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Rank {
    Engineer = 1,
    Lieutenant = 2,
    Captain = 3,
    Major = 4,
    Colonel = 5,
    Brigadier = 6,
    MajorGeneral = 7,
    General = 8,
    Marshal = 9,
    Bomb = 10,
    Mine = 11,
    Flag = 12,
}

impl Rank {
    /// All ranks, highest officer first, then bomb, mine, flag.
    pub const ALL: [Rank; 12] = [
        Rank::Marshal,
        Rank::General,
        Rank::MajorGeneral,
        Rank::Brigadier,
        Rank::Colonel,
        Rank::Major,
        Rank::Captain,
        Rank::Lieutenant,
        Rank::Engineer,
        Rank::Bomb,
        Rank::Mine,
        Rank::Flag,
    ];

    pub fn from_u8(v: u8) -> Option<Rank> {
        Some(match v {
            1 => Rank::Engineer,
            2 => Rank::Lieutenant,
            3 => Rank::Captain,
            4 => Rank::Major,
            5 => Rank::Colonel,
            6 => Rank::Brigadier,
            7 => Rank::MajorGeneral,
            8 => Rank::General,
            9 => Rank::Marshal,
            10 => Rank::Bomb,
            11 => Rank::Mine,
            12 => Rank::Flag,
            _ => return None,
        })
    }

    /// How many of this piece each side has (RULES.md section 1).
    pub fn count(self) -> u8 {
        match self {
            Rank::Marshal | Rank::General | Rank::Flag => 1,
            Rank::MajorGeneral | Rank::Brigadier | Rank::Colonel | Rank::Major | Rank::Bomb => 2,
            Rank::Captain | Rank::Lieutenant | Rank::Engineer | Rank::Mine => 3,
        }
    }

    /// The notation code: `1`–`9`, `B`, `M`, `F`.
    pub fn code(self) -> char {
        match self {
            Rank::Bomb => 'B',
            Rank::Mine => 'M',
            Rank::Flag => 'F',
            r => (b'0' + r as u8) as char,
        }
    }

    pub fn from_code(c: char) -> Option<Rank> {
        match c {
            'B' => Some(Rank::Bomb),
            'M' => Some(Rank::Mine),
            'F' => Some(Rank::Flag),
            '1'..='9' => Rank::from_u8(c as u8 - b'0'),
            _ => None,
        }
    }

    /// Officers and engineers: codes 1–9, the ranks that compare in a clash.
    pub fn is_officer(self) -> bool {
        (self as u8) <= 9
    }

    /// Movable pieces are codes 1–9 and the bomb (flag and mines never move).
    pub fn is_movable(self) -> bool {
        !matches!(self, Rank::Mine | Rank::Flag)
    }

    pub fn zh(self) -> &'static str {
        match self {
            Rank::Marshal => "司令",
            Rank::General => "军长",
            Rank::MajorGeneral => "师长",
            Rank::Brigadier => "旅长",
            Rank::Colonel => "团长",
            Rank::Major => "营长",
            Rank::Captain => "连长",
            Rank::Lieutenant => "排长",
            Rank::Engineer => "工兵",
            Rank::Bomb => "炸弹",
            Rank::Mine => "地雷",
            Rank::Flag => "军旗",
        }
    }

    pub fn en(self) -> &'static str {
        match self {
            Rank::Marshal => "Field Marshal",
            Rank::General => "General",
            Rank::MajorGeneral => "Major General",
            Rank::Brigadier => "Brigadier",
            Rank::Colonel => "Colonel",
            Rank::Major => "Major",
            Rank::Captain => "Captain",
            Rank::Lieutenant => "Lieutenant",
            Rank::Engineer => "Engineer",
            Rank::Bomb => "Bomb",
            Rank::Mine => "Landmine",
            Rank::Flag => "Flag",
        }
    }

    /// The number players say (司令 40 … 工兵 32); none for bomb, mine and flag.
    pub fn players_number(self) -> Option<u8> {
        self.is_officer().then(|| 31 + self as u8)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.en())
    }
}

/// A piece on the board, packed in one byte: rank (bits 0–3), side (bit 4), face down (bit 5) and
/// "revealed to both players" (bit 6, hidden mode knowledge that travels with the piece).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

const SIDE_BIT: u8 = 0x10;
const DOWN_BIT: u8 = 0x20;
const SHOWN_BIT: u8 = 0x40;

impl Piece {
    pub fn new(side: Side, rank: Rank) -> Piece {
        let v = rank as u8 | if side == Side::Blue { SIDE_BIT } else { 0 };
        Piece(NonZeroU8::new(v).expect("rank is never zero"))
    }

    pub fn face_down(side: Side, rank: Rank) -> Piece {
        Piece::new(side, rank).with_face_down(true)
    }

    pub fn side(self) -> Side {
        if self.0.get() & SIDE_BIT != 0 {
            Side::Blue
        } else {
            Side::Red
        }
    }

    pub fn rank(self) -> Rank {
        Rank::from_u8(self.0.get() & 0x0f).expect("packed rank is valid")
    }

    pub fn is_face_down(self) -> bool {
        self.0.get() & DOWN_BIT != 0
    }

    /// Publicly revealed (hidden mode: flag after marshal loss, sprung mine, scouted piece).
    pub fn is_revealed(self) -> bool {
        self.0.get() & SHOWN_BIT != 0
    }

    fn with_bit(self, bit: u8, on: bool) -> Piece {
        let v = if on {
            self.0.get() | bit
        } else {
            self.0.get() & !bit
        };
        Piece(NonZeroU8::new(v).expect("rank bits kept"))
    }

    pub fn with_face_down(self, down: bool) -> Piece {
        self.with_bit(DOWN_BIT, down)
    }

    pub fn with_revealed(self, shown: bool) -> Piece {
        self.with_bit(SHOWN_BIT, shown)
    }

    /// The two-character notation cell (`r9`, `bB`, `RM` for a face-down red mine).
    pub fn notation(self) -> [char; 2] {
        let s = self.side().char();
        let s = if self.is_face_down() {
            s.to_ascii_uppercase()
        } else {
            s
        };
        [s, self.rank().code()]
    }

    /// Same identity, side and face, ignoring knowledge bits.
    pub fn same_piece(self, other: Piece) -> bool {
        (self.0.get() & !SHOWN_BIT) == (other.0.get() & !SHOWN_BIT)
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.notation();
        write!(f, "{a}{b}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_make_twenty_five() {
        assert_eq!(Rank::ALL.iter().map(|r| r.count() as u32).sum::<u32>(), 25);
    }

    #[test]
    fn packing_round_trips() {
        for side in Side::BOTH {
            for rank in Rank::ALL {
                let p = Piece::new(side, rank);
                assert_eq!((p.side(), p.rank(), p.is_face_down()), (side, rank, false));
                let d = p.with_face_down(true).with_revealed(true);
                assert!(d.is_face_down() && d.is_revealed());
                assert_eq!((d.side(), d.rank()), (side, rank));
                assert_eq!(Rank::from_code(rank.code()), Some(rank));
            }
        }
    }

    #[test]
    fn players_numbers() {
        assert_eq!(Rank::Marshal.players_number(), Some(40));
        assert_eq!(Rank::Engineer.players_number(), Some(32));
        assert_eq!(Rank::Bomb.players_number(), None);
    }
}
