//! Seats, teams and pieces (RULES.md sections 1 and 9.1).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU8;

/// A seat at the board: the two colours of the two-player game (Red moves first and sits at the
/// bottom) or the four players of RULES.md section 9 (South, East, North, West). A board lists its
/// own seats (`Board::seats`); `index()` is the seat's index on its board, so per-seat tables are
/// sized 4 and shared by both boards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    Red,
    Blue,
    South,
    East,
    North,
    West,
}

/// A team: the winners of a game. Two players: each colour is a team of one. Four players: South
/// with North (`sn`) and East with West (`ew`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Team {
    Red,
    Blue,
    SouthNorth,
    EastWest,
}

impl Team {
    /// The word used in `result:` lines (`red`, `blue`, `sn`, `ew`).
    pub fn word(self) -> &'static str {
        match self {
            Team::Red => "red",
            Team::Blue => "blue",
            Team::SouthNorth => "sn",
            Team::EastWest => "ew",
        }
    }

    /// The team's seats (one in two-player games).
    pub fn seats(self) -> &'static [Seat] {
        match self {
            Team::Red => &[Seat::Red],
            Team::Blue => &[Seat::Blue],
            Team::SouthNorth => &[Seat::South, Seat::North],
            Team::EastWest => &[Seat::East, Seat::West],
        }
    }

    /// The one seat of a two-player team (the colour that won).
    pub fn side(self) -> Seat {
        debug_assert!(self.seats().len() == 1, "a two-player team");
        self.seats()[0]
    }

    /// The other team.
    pub fn other(self) -> Team {
        match self {
            Team::Red => Team::Blue,
            Team::Blue => Team::Red,
            Team::SouthNorth => Team::EastWest,
            Team::EastWest => Team::SouthNorth,
        }
    }

    pub fn en(self) -> &'static str {
        match self {
            Team::Red => "Red",
            Team::Blue => "Blue",
            Team::SouthNorth => "South and North",
            Team::EastWest => "East and West",
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            Team::Red => "红",
            Team::Blue => "蓝",
            Team::SouthNorth => "南北",
            Team::EastWest => "东西",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.en())
    }
}

impl Seat {
    /// The two seats of the two-player game.
    pub const BOTH: [Seat; 2] = [Seat::Red, Seat::Blue];
    /// The four seats of the four-player game, in counterclockwise turn order (RULES.md 9.1).
    pub const FOUR: [Seat; 4] = [Seat::South, Seat::East, Seat::North, Seat::West];

    /// Every seat of both boards: the two colours, then the four players.
    pub const ALL: [Seat; 6] = [
        Seat::Red,
        Seat::Blue,
        Seat::South,
        Seat::East,
        Seat::North,
        Seat::West,
    ];

    /// The one opponent of a two-player colour (Red ↔ Blue); `None` for a four-player seat, which
    /// faces two (the seats of `self.team().other()`).
    pub fn opponent(self) -> Option<Seat> {
        match self {
            Seat::Red => Some(Seat::Blue),
            Seat::Blue => Some(Seat::Red),
            Seat::South | Seat::East | Seat::North | Seat::West => None,
        }
    }

    /// The seat's index on its board: Red 0, Blue 1; South 0, East 1, North 2, West 3.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Seat::Red | Seat::South => 0,
            Seat::Blue | Seat::East => 1,
            Seat::North => 2,
            Seat::West => 3,
        }
    }

    /// Whether this is a seat of the four-player game.
    pub fn is_four(self) -> bool {
        !matches!(self, Seat::Red | Seat::Blue)
    }

    /// The notation letter of a face-up piece of this seat (`r`, `b` / `s`, `e`, `n`, `w`).
    pub fn letter(self) -> char {
        match self {
            Seat::Red => 'r',
            Seat::Blue => 'b',
            Seat::South => 's',
            Seat::East => 'e',
            Seat::North => 'n',
            Seat::West => 'w',
        }
    }

    /// The notation letter (two-player code's older name for `letter`).
    pub fn char(self) -> char {
        self.letter()
    }

    /// The seat of a four-player notation letter.
    pub fn from_four_letter(c: char) -> Option<Seat> {
        match c {
            's' => Some(Seat::South),
            'e' => Some(Seat::East),
            'n' => Some(Seat::North),
            'w' => Some(Seat::West),
            _ => None,
        }
    }

    pub fn zh(self) -> &'static str {
        match self {
            Seat::Red => "红",
            Seat::Blue => "蓝",
            Seat::South => "南",
            Seat::East => "东",
            Seat::North => "北",
            Seat::West => "西",
        }
    }

    pub fn en(self) -> &'static str {
        match self {
            Seat::Red => "Red",
            Seat::Blue => "Blue",
            Seat::South => "South",
            Seat::East => "East",
            Seat::North => "North",
            Seat::West => "West",
        }
    }

    /// The word used in `result:` lines: the seat's team (`red`, `blue`, `sn`, `ew`).
    pub fn word(self) -> &'static str {
        self.team().word()
    }

    pub fn team(self) -> Team {
        match self {
            Seat::Red => Team::Red,
            Seat::Blue => Team::Blue,
            Seat::South | Seat::North => Team::SouthNorth,
            Seat::East | Seat::West => Team::EastWest,
        }
    }

    /// The partner sitting opposite (four players); none in a two-player game.
    pub fn partner(self) -> Option<Seat> {
        match self {
            Seat::Red | Seat::Blue => None,
            Seat::South => Some(Seat::North),
            Seat::North => Some(Seat::South),
            Seat::East => Some(Seat::West),
            Seat::West => Some(Seat::East),
        }
    }
}

impl fmt::Display for Seat {
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

/// A piece on the board, packed in one byte: rank (bits 0–3), owner code (bits 4–6) and "revealed
/// to every player" (bit 7, hidden-mode knowledge that travels with the piece).
///
/// The owner code holds the seat and the face: 0–5 a face-up piece of `Seat` 0–5 (Red, Blue,
/// South, East, North, West), 6 and 7 a face-down red or blue piece. Face-down pieces exist only
/// in flip mode, which only two players play (RULES.md 9.6), so the six seats and the face fit in
/// three bits and a piece stays one byte (positions are copied by every search; a wider piece
/// would double the cells).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

const OWNER_SHIFT: u8 = 4;
const OWNER_MASK: u8 = 0x70;
const DOWN_RED: u8 = 6;
const SHOWN_BIT: u8 = 0x80;

const SEAT_OF_CODE: [Seat; 8] = [
    Seat::Red,
    Seat::Blue,
    Seat::South,
    Seat::East,
    Seat::North,
    Seat::West,
    Seat::Red,
    Seat::Blue,
];

impl Piece {
    pub fn new(side: Seat, rank: Rank) -> Piece {
        let v = rank as u8 | (side as u8) << OWNER_SHIFT;
        Piece(NonZeroU8::new(v).expect("rank is never zero"))
    }

    pub fn face_down(side: Seat, rank: Rank) -> Piece {
        Piece::new(side, rank).with_face_down(true)
    }

    /// The owner's seat (`side` in two-player code).
    #[inline]
    pub fn seat(self) -> Seat {
        SEAT_OF_CODE[((self.0.get() & OWNER_MASK) >> OWNER_SHIFT) as usize]
    }

    #[inline]
    pub fn side(self) -> Seat {
        self.seat()
    }

    #[inline]
    pub fn rank(self) -> Rank {
        Rank::from_u8(self.0.get() & 0x0f).expect("packed rank is valid")
    }

    #[inline]
    pub fn is_face_down(self) -> bool {
        (self.0.get() & OWNER_MASK) >> OWNER_SHIFT >= DOWN_RED
    }

    /// Publicly revealed (hidden mode: flag after marshal loss, sprung mine, scouted piece).
    pub fn is_revealed(self) -> bool {
        self.0.get() & SHOWN_BIT != 0
    }

    /// Face down (only red and blue pieces can lie face down: flip mode is two-player only).
    pub fn with_face_down(self, down: bool) -> Piece {
        let seat = self.seat();
        debug_assert!(!(down && seat.is_four()), "no face-down four-player pieces");
        let code = if down && !seat.is_four() {
            DOWN_RED + seat as u8
        } else {
            seat as u8
        };
        let v = (self.0.get() & !OWNER_MASK) | code << OWNER_SHIFT;
        Piece(NonZeroU8::new(v).expect("rank bits kept"))
    }

    pub fn with_revealed(self, shown: bool) -> Piece {
        let v = if shown {
            self.0.get() | SHOWN_BIT
        } else {
            self.0.get() & !SHOWN_BIT
        };
        Piece(NonZeroU8::new(v).expect("rank bits kept"))
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
        for side in Seat::BOTH {
            for rank in Rank::ALL {
                let p = Piece::new(side, rank);
                assert_eq!((p.side(), p.rank(), p.is_face_down()), (side, rank, false));
                let d = p.with_face_down(true).with_revealed(true);
                assert!(d.is_face_down() && d.is_revealed());
                assert_eq!((d.side(), d.rank()), (side, rank));
                assert_eq!(d.with_face_down(false).with_revealed(false), p);
                assert_eq!(Rank::from_code(rank.code()), Some(rank));
            }
        }
        for seat in Seat::FOUR {
            for rank in Rank::ALL {
                let p = Piece::new(seat, rank);
                assert_eq!((p.seat(), p.rank(), p.is_face_down()), (seat, rank, false));
                let r = p.with_revealed(true);
                assert!(r.is_revealed() && !r.is_face_down());
                assert_eq!((r.seat(), r.rank()), (seat, rank));
                assert_eq!(p.notation()[0], seat.letter());
            }
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }

    #[test]
    fn seats_teams_and_partners() {
        assert_eq!(
            Seat::FOUR.map(|s| (s.index(), s.letter(), s.zh())),
            [
                (0, 's', "南"),
                (1, 'e', "东"),
                (2, 'n', "北"),
                (3, 'w', "西")
            ]
        );
        assert_eq!(Seat::South.partner(), Some(Seat::North));
        assert_eq!(Seat::East.partner(), Some(Seat::West));
        assert_eq!(Seat::Red.partner(), None);
        assert_eq!(Seat::West.team(), Team::EastWest);
        assert_eq!(Seat::North.team().word(), "sn");
        assert_eq!(Seat::Red.team().word(), "red");
        assert_eq!(Team::SouthNorth.other(), Team::EastWest);
        assert_eq!(Team::Blue.side(), Seat::Blue);
        assert_eq!((Seat::Red.index(), Seat::Blue.index()), (0, 1));
    }

    #[test]
    fn only_a_colour_has_one_opponent_and_it_is_on_the_other_team() {
        assert_eq!(
            Seat::ALL.map(Seat::opponent),
            [Some(Seat::Blue), Some(Seat::Red), None, None, None, None]
        );
        for s in Seat::ALL {
            if let Some(o) = s.opponent() {
                assert_eq!(o.team(), s.team().other());
                assert_eq!(o.opponent(), Some(s));
            }
        }
        assert!(
            Seat::ALL
                .iter()
                .all(|s| Seat::BOTH.contains(s) != s.is_four())
        );
        assert!(Seat::FOUR.iter().all(|s| Seat::ALL.contains(s)));
    }

    #[test]
    fn players_numbers() {
        assert_eq!(Rank::Marshal.players_number(), Some(40));
        assert_eq!(Rank::Engineer.players_number(), Some(32));
        assert_eq!(Rank::Bomb.players_number(), None);
    }
}
