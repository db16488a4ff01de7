//! The CCGC 2012 军棋 engine protocol (docs/ccgc.md): the China Computer Games Championship's
//! line protocol between a platform (the referee) and an engine process. This module reads and
//! writes its lines and maps what they say to the program's terms, for both directions: `junqi
//! engine --protocol ccgc` (the engine side) and the table's `CcgcSeat` (the referee side).
//!
//! - **Squares** `YX` are the engine's own view: row `A`…`L` from the far edge to its own back
//!   row, column `0`…`4` from its left. The first player (`START 0`) is Red: file `a`+X, rank
//!   12−Y; the second (`START 1`) is Blue: file `e`−X, rank Y+1 (the board turned 180°).
//! - **Piece letters** `a`…`l`: 司令 9 down to 工兵 1, then 地雷 `j`, 炸弹 `k`, 军旗 `l`.
//! - **ARRAY**: 25 letters, the owner's rows `G` (line 1, the front) to `L` (line 6), each left to
//!   right, camps skipped.
//! - **Result codes** speak of the mover: `0` it was removed, `1` the defender was, `2` both,
//!   `3` no clash.
//!
//! Every parser here takes any text and never panics: what is not a message of the protocol is
//! an error with the reason in English.

use crate::engine::formation::is_camp_square;
use crate::engine::{Board, ClashOutcome, Formation, NodeId, Rank, Rules, Seat, Turn};

/// A line that is not what the protocol says, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CcgcError(pub String);

impl std::fmt::Display for CcgcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for CcgcError {}

fn bad<T>(m: impl Into<String>) -> Result<T, CcgcError> {
    Err(CcgcError(m.into()))
}

/// The protocol version the referee announces (`INFO 1.0`).
pub const VERSION: &str = "1.0";

/// Which player an engine is: `START 0` moves first and plays Red, `START 1` second and Blue.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Order {
    First,
    Second,
}

impl Order {
    /// The side this player has on the program's board.
    pub fn seat(self) -> Seat {
        match self {
            Order::First => Seat::Red,
            Order::Second => Seat::Blue,
        }
    }

    /// The player of a two-player side (`None` for a four-player seat).
    pub fn of_seat(seat: Seat) -> Option<Order> {
        match seat {
            Seat::Red => Some(Order::First),
            Seat::Blue => Some(Order::Second),
            _ => None,
        }
    }

    /// `START`'s digit: 0 first, 1 second.
    pub fn digit(self) -> char {
        match self {
            Order::First => '0',
            Order::Second => '1',
        }
    }

    pub fn other(self) -> Order {
        match self {
            Order::First => Order::Second,
            Order::Second => Order::First,
        }
    }
}

/// A square `YX` in an engine's own view: `row` 0…11 (`A`…`L`), `col` 0…4.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Square {
    row: u8,
    col: u8,
}

impl Square {
    /// The square at `row` 0…11 and `col` 0…4.
    pub fn new(row: u8, col: u8) -> Option<Square> {
        (row < 12 && col < 5).then_some(Square { row, col })
    }

    pub fn row(self) -> u8 {
        self.row
    }

    pub fn col(self) -> u8 {
        self.col
    }

    /// Read `G0`: an upper-case row letter `A`…`L` and a column digit `0`…`4`.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [r @ b'A'..=b'L', c @ b'0'..=b'4'] => Square::new(r - b'A', c - b'0'),
            _ => None,
        }
    }

    /// The same square in the other engine's view (the board turned 180°).
    pub fn turned(self) -> Square {
        Square {
            row: 11 - self.row,
            col: 4 - self.col,
        }
    }

    /// The node of the program's two-player board this square is for the player `order`
    /// (ccgc.md's table: first = file a+X, rank 12−Y; second = file e−X, rank Y+1).
    pub fn node(self, order: Order) -> NodeId {
        let (file, rank) = match order {
            Order::First => (b'a' + self.col, 12 - self.row),
            Order::Second => (b'e' - self.col, self.row + 1),
        };
        Board::two_player()
            .node_by_name(&format!("{}{rank}", file as char))
            .expect("every square is a node of the two-player board")
    }

    /// The square a node of the two-player board is in the view of the player `order`.
    pub fn of_node(node: NodeId, order: Order) -> Option<Square> {
        let board = Board::two_player();
        if node as usize >= board.len() {
            return None;
        }
        let name = board.name(node).as_bytes();
        let (&file, rank) = name.split_first()?;
        let rank: u8 = std::str::from_utf8(rank).ok()?.parse().ok()?;
        let (row, col) = match order {
            Order::First => (12u8.checked_sub(rank)?, file.checked_sub(b'a')?),
            Order::Second => (rank.checked_sub(1)?, b'e'.checked_sub(file)?),
        };
        Square::new(row, col)
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", (b'A' + self.row) as char, self.col)
    }
}

/// A move `YXYX` (from, to) in an engine's own view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    /// Read `G0H1`.
    pub fn parse(text: &str) -> Option<Move> {
        if text.len() != 4 || !text.is_ascii() {
            return None;
        }
        Some(Move {
            from: Square::parse(&text[..2])?,
            to: Square::parse(&text[2..])?,
        })
    }

    /// The turn this move is on the program's board, played by `order`.
    pub fn turn(self, order: Order) -> Turn {
        Turn::Move {
            from: self.from.node(order),
            to: self.to.node(order),
        }
    }

    /// A turn of the two-player board in the view of the player `order` (`None` for a flip or a
    /// node of another board).
    pub fn of_turn(turn: Turn, order: Order) -> Option<Move> {
        match turn {
            Turn::Move { from, to } => Some(Move {
                from: Square::of_node(from, order)?,
                to: Square::of_node(to, order)?,
            }),
            Turn::Flip(_) => None,
        }
    }

    /// The same move in the other engine's view.
    pub fn turned(self) -> Move {
        Move {
            from: self.from.turned(),
            to: self.to.turned(),
        }
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A piece's letter: `a` 司令 9 … `i` 工兵 1, `j` 地雷, `k` 炸弹, `l` 军旗.
pub fn letter(rank: Rank) -> char {
    match rank {
        Rank::Mine => 'j',
        Rank::Bomb => 'k',
        Rank::Flag => 'l',
        r => (b'a' + (9 - r as u8)) as char,
    }
}

/// The piece of a letter (lower case, as engines send their own pieces; upper case is read the
/// same).
pub fn rank_of_letter(c: char) -> Option<Rank> {
    match c.to_ascii_lowercase() {
        'j' => Some(Rank::Mine),
        'k' => Some(Rank::Bomb),
        'l' => Some(Rank::Flag),
        c @ 'a'..='i' => Rank::from_u8(9 - (c as u8 - b'a')),
        _ => None,
    }
}

/// The formation squares an ARRAY lists, in its order: (line, column) in the owner's terms,
/// line 1 (row `G`) to 6 (row `L`), each left to right, camps skipped.
fn array_squares() -> impl Iterator<Item = (u8, u8)> {
    (1u8..=6)
        .flat_map(|l| (1u8..=5).map(move |c| (l, c)))
        .filter(|&(l, c)| !is_camp_square(l, c))
}

/// The 25 letters of a formation (an empty square, in an incomplete formation, as `0`).
pub fn array_text(f: &Formation) -> String {
    array_squares()
        .map(|(l, c)| f.at(l, c).map_or('0', letter))
        .collect()
}

/// A formation from the 25 letters of an ARRAY (its shape only: counts and placement are the
/// rules' to check, `Formation::problems`).
///
/// # Errors
/// Not 25 piece letters.
pub fn parse_array(text: &str) -> Result<Formation, CcgcError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 25 {
        return bad(format!(
            "ARRAY needs 25 piece letters, found {}",
            chars.len().min(10_000)
        ));
    }
    let mut f = Formation::default();
    for ((l, c), ch) in array_squares().zip(chars) {
        let Some(r) = rank_of_letter(ch) else {
            return bad(format!(
                "ARRAY: '{}' is not a piece letter (a to l)",
                ch.escape_default()
            ));
        };
        f.set(l, c, Some(r));
    }
    Ok(f)
}

/// A clash's result code, the same number for both players, speaking of the mover.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Code {
    /// `0`: the mover was removed, the defender stays.
    MoverRemoved,
    /// `1`: the defender was removed and the mover stands there (also a mine dug, a flag taken).
    DefenderRemoved,
    /// `2`: both removed.
    BothRemoved,
    /// `3`: no clash.
    NoClash,
}

impl Code {
    pub fn digit(self) -> char {
        match self {
            Code::MoverRemoved => '0',
            Code::DefenderRemoved => '1',
            Code::BothRemoved => '2',
            Code::NoClash => '3',
        }
    }

    pub fn of_digit(c: char) -> Option<Code> {
        match c {
            '0' => Some(Code::MoverRemoved),
            '1' => Some(Code::DefenderRemoved),
            '2' => Some(Code::BothRemoved),
            '3' => Some(Code::NoClash),
            _ => None,
        }
    }

    /// The code of a turn's clash (`None`: no clash). A spring mine's bounce is not a CCGC
    /// outcome (its seats refuse spring mines); it is written as `0`, the mover's loss, the
    /// nearest thing the four codes say.
    pub fn of_clash(clash: Option<ClashOutcome>) -> Code {
        match clash {
            None => Code::NoClash,
            Some(
                ClashOutcome::DefenderRemoved | ClashOutcome::MineDug | ClashOutcome::FlagTaken,
            ) => Code::DefenderRemoved,
            Some(ClashOutcome::AttackerRemoved | ClashOutcome::Bounced) => Code::MoverRemoved,
            Some(ClashOutcome::BothRemoved) => Code::BothRemoved,
        }
    }

    /// The clash a code reports, as far as a player who knows `attacker` and/or `defender` can
    /// tell (standard mines: the only mines CCGC has). Code 1 is a mine dug when the defender is
    /// known to be a mine or the attacker an engineer (an engineer removes nothing but a mine or
    /// the flag), the flag taken when the defender is known to be the flag, else an ordinary win.
    pub fn clash(self, attacker: Option<Rank>, defender: Option<Rank>) -> Option<ClashOutcome> {
        match self {
            Code::NoClash => None,
            Code::MoverRemoved => Some(ClashOutcome::AttackerRemoved),
            Code::BothRemoved => Some(ClashOutcome::BothRemoved),
            Code::DefenderRemoved => Some(match (attacker, defender) {
                (_, Some(Rank::Flag)) => ClashOutcome::FlagTaken,
                (_, Some(Rank::Mine)) | (Some(Rank::Engineer), _) => ClashOutcome::MineDug,
                _ => ClashOutcome::DefenderRemoved,
            }),
        }
    }
}

/// The flag field: `00`, or the receiver's opponent's flag square in the receiver's view.
pub fn flag_text(flag: Option<Square>) -> String {
    flag.map_or_else(|| "00".to_string(), |s| s.to_string())
}

fn parse_flag(text: &str) -> Result<Option<Square>, CcgcError> {
    if text == "00" {
        return Ok(None);
    }
    Square::parse(text)
        .map(Some)
        .ok_or_else(|| CcgcError(format!("'{}' is not 00 or a square", clip(text))))
}

/// How the game ended for the engine told (`END <w>`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum End {
    /// `END 0`: it lost.
    Lost,
    /// `END 1`: it won.
    Won,
    /// `END 2`: an abnormal end (a bad formation, a draw).
    Abnormal,
}

impl End {
    pub fn digit(self) -> char {
        match self {
            End::Lost => '0',
            End::Won => '1',
            End::Abnormal => '2',
        }
    }
}

/// What the referee sends an engine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ToEngine {
    /// `INFO 1.0` (the 2018 platform sent `INFORMATION 1.0`): the version; answered by `NAME`.
    Info(String),
    /// `START <first> <time> <steps>`: the engine's order, the thinking time of each side for the
    /// whole game in seconds (4 digits), the clash-free plies that lose (2 digits); answered by
    /// `ARRAY`.
    Start { order: Order, time: u32, steps: u32 },
    /// `GO <move> <r> <flag>`: your turn. `last` is the opponent's last move in the receiver's
    /// view and its code (`GO 0000 0 00` on the first player's first turn: none); `flag` the
    /// opponent's flag square once its 司令 is gone.
    Go {
        last: Option<(Move, Code)>,
        flag: Option<Square>,
    },
    /// `RESULT <r> <flag>`: the outcome of the move the engine just sent.
    Result { code: Code, flag: Option<Square> },
    /// `END <w>`: the game is over.
    End(End),
}

impl ToEngine {
    /// The line, exactly in the form ccgc.md gives (the sample engines read fixed columns).
    pub fn line(&self) -> String {
        match self {
            ToEngine::Info(v) => format!("INFO {v}"),
            ToEngine::Start { order, time, steps } => format!(
                "START {} {:04} {:02}",
                order.digit(),
                time.min(&9999),
                steps.min(&99)
            ),
            ToEngine::Go { last, flag } => {
                let (m, r) = match last {
                    Some((m, c)) => (m.to_string(), c.digit()),
                    None => ("0000".to_string(), '0'),
                };
                format!("GO {m} {r} {}", flag_text(*flag))
            }
            ToEngine::Result { code, flag } => {
                format!("RESULT {} {}", code.digit(), flag_text(*flag))
            }
            ToEngine::End(e) => format!("END {}", e.digit()),
        }
    }

    /// Read a line from the referee as the sample engines do: by its first letter (`I`, `S`,
    /// `G`, `R`, `E`), then its words.
    ///
    /// # Errors
    /// Not a message of the protocol.
    pub fn parse(line: &str) -> Result<ToEngine, CcgcError> {
        let words: Vec<&str> = line.split_whitespace().take(8).collect();
        let Some(first) = words.first() else {
            return bad("an empty line");
        };
        let number = |w: &str, what: &str, most: u32| {
            w.parse::<u32>().ok().filter(|n| *n <= most).ok_or_else(|| {
                CcgcError(format!("{what}: '{}' is not a number to {most}", clip(w)))
            })
        };
        let code = |w: &str| {
            let mut cs = w.chars();
            match (cs.next().and_then(Code::of_digit), cs.next()) {
                (Some(c), None) => Ok(c),
                _ => bad(format!("'{}' is not a result code 0 to 3", clip(w))),
            }
        };
        match first.as_bytes()[0] {
            b'I' => Ok(ToEngine::Info(
                words.get(1).map_or_else(String::new, |v| clip(v)),
            )),
            b'S' => match words[1..] {
                [o, t, s, ..] => {
                    let order = match o {
                        "0" => Order::First,
                        "1" => Order::Second,
                        _ => return bad(format!("START: '{}' is not 0 or 1", clip(o))),
                    };
                    Ok(ToEngine::Start {
                        order,
                        time: number(t, "START time", 9999)?,
                        steps: number(s, "START steps", 99)?,
                    })
                }
                _ => bad("START needs <first> <time> <steps>"),
            },
            b'G' => match words[1..] {
                [m, r, f, ..] => {
                    let flag = parse_flag(f)?;
                    let code = code(r)?;
                    let last = if m == "0000" {
                        None
                    } else {
                        let mv = Move::parse(m)
                            .ok_or_else(|| CcgcError(format!("GO: '{}' is not a move", clip(m))))?;
                        Some((mv, code))
                    };
                    Ok(ToEngine::Go { last, flag })
                }
                _ => bad("GO needs <move> <r> <flag>"),
            },
            b'R' => match words[1..] {
                [r, f, ..] => Ok(ToEngine::Result {
                    code: code(r)?,
                    flag: parse_flag(f)?,
                }),
                _ => bad("RESULT needs <r> <flag>"),
            },
            b'E' => match words.get(1) {
                Some(&"0") => Ok(ToEngine::End(End::Lost)),
                Some(&"1") => Ok(ToEngine::End(End::Won)),
                // Anything else ends the game too: abnormally.
                _ => Ok(ToEngine::End(End::Abnormal)),
            },
            _ => bad(format!(
                "not a message of the CCGC protocol: {}",
                clip(line)
            )),
        }
    }
}

/// What an engine sends the referee.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FromEngine {
    /// `NAME <name>` (the referee accepts any line as the name).
    Name(String),
    /// `ARRAY <25 letters>`.
    Array(String),
    /// `BESTMOVE <YXYX>` (the text as sent: `Move::parse` reads it).
    BestMove(String),
}

impl FromEngine {
    pub fn line(&self) -> String {
        match self {
            FromEngine::Name(n) => format!("NAME {}", super::clip(n)),
            FromEngine::Array(a) => format!("ARRAY {a}"),
            FromEngine::BestMove(m) => format!("BESTMOVE {m}"),
        }
    }

    /// Read a line from an engine: `NAME`, `ARRAY` or `BESTMOVE` and its one word (a line
    /// ending `\r` or with trailing spaces is read the same).
    ///
    /// # Errors
    /// Not one of the three messages.
    pub fn parse(line: &str) -> Result<FromEngine, CcgcError> {
        let line = line.trim_end();
        if let Some(name) = line.strip_prefix("NAME ") {
            return Ok(FromEngine::Name(name.trim().to_string()));
        }
        let words: Vec<&str> = line.split(' ').take(3).collect();
        match words.as_slice() {
            ["ARRAY", a] => Ok(FromEngine::Array((*a).to_string())),
            ["BESTMOVE", m] => Ok(FromEngine::BestMove((*m).to_string())),
            _ => bad(format!(
                "not a message of the CCGC protocol: {}",
                clip(line)
            )),
        }
    }

    /// The name a line of an engine gives, answering `INFO`: the words after `NAME `, or the
    /// whole line (some engines answer a bare name).
    pub fn name_of(line: &str) -> String {
        match FromEngine::parse(line) {
            Ok(FromEngine::Name(n)) if !n.is_empty() => clip(&n),
            _ => clip(line.trim()),
        }
    }
}

/// What in `rules` a CCGC engine cannot be told or would not play by (`None`: it can play
/// them). CCGC games are hidden, with standard mines, no flying bombs, fixed HQs, bombs off the
/// front row, the flag shown when its 司令 falls and no other house rule; the quiet limit goes
/// in START's two digits. The turn limit and whether the quiet limit loses or draws are the
/// referee's alone (an engine is told the quiet limit as the plies that lose).
pub fn rules_problem(rules: &Rules) -> Option<String> {
    use crate::engine::{FlagTakers, MineRule, Mode};
    let mut not = Vec::new();
    if rules.mode != Mode::Hidden {
        not.push(format!(
            "{} mode (CCGC games are hidden)",
            rules.mode.word()
        ));
    }
    if rules.mines != MineRule::Standard {
        not.push(format!("{} mines", rules.mines.word()));
    }
    for (on, what) in [
        (rules.flying_bombs, "flying bombs"),
        (rules.movable_hq, "movable HQ"),
        (rules.bombs_in_front_row, "bombs in front row"),
        (!rules.flag_reveal_on_marshal_loss, "no flag reveal"),
        (rules.engineer_scout, "engineer scout"),
        (rules.flag_needs_mines_cleared, "flag needs mines cleared"),
        (rules.flag_takers != FlagTakers::Any, "limited flag takers"),
        (rules.rail_turn_for_all, "rail turn for all"),
        (rules.move_clock.is_some(), "a move clock"),
    ] {
        if on {
            not.push(what.to_string());
        }
    }
    if rules.quiet_limit > 99 {
        not.push(format!(
            "a quiet limit of {} (START has two digits)",
            rules.quiet_limit
        ));
    }
    (!not.is_empty()).then(|| {
        format!(
            "CCGC engines play the CCGC rules (--rules-set ccgc), not {}",
            not.join(", ")
        )
    })
}

/// At most 40 characters of a text, for messages.
fn clip(text: &str) -> String {
    let mut s: String = (text.chars())
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(40)
        .collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Mode;
    use proptest::prelude::*;

    fn node(name: &str) -> NodeId {
        Board::two_player().node_by_name(name).unwrap()
    }

    fn sq(t: &str) -> Square {
        Square::parse(t).unwrap()
    }

    #[test]
    fn squares_map_as_ccgc_md_tables_give() {
        // first = Red: file a+X, rank 12−Y; second = Blue: file e−X, rank Y+1.
        for (text, first, second) in [
            ("L1", "b1", "d12"),
            ("G2", "c6", "c7"),
            ("F2", "c7", "c6"),
            ("A3", "d12", "b1"),
            ("A0", "a12", "e1"),
            ("L4", "e1", "a12"),
            ("G0", "a6", "e7"),
        ] {
            assert_eq!(sq(text).node(Order::First), node(first), "{text}");
            assert_eq!(sq(text).node(Order::Second), node(second), "{text}");
        }
        // Every square, both ways, and the 180° turn: the same node for the other player.
        for row in 0..12 {
            for col in 0..5 {
                let s = Square::new(row, col).unwrap();
                assert_eq!(Square::parse(&s.to_string()), Some(s));
                for o in [Order::First, Order::Second] {
                    assert_eq!(Square::of_node(s.node(o), o), Some(s));
                    assert_eq!(s.turned().node(o.other()), s.node(o));
                }
            }
        }
    }

    #[test]
    fn a_move_reaches_the_other_engine_turned() {
        // The 2018 logs: the first's G0H1 reached the second as F4E3.
        let m = Move::parse("G0H1").unwrap();
        assert_eq!(m.turned().to_string(), "F4E3");
        let t = m.turn(Order::First);
        assert_eq!(Move::of_turn(t, Order::Second).unwrap().to_string(), "F4E3");
        // The example game: the first's G0F0 (a6-a7) is F4G4 for the second.
        let t = Move::parse("G0F0").unwrap().turn(Order::First);
        assert_eq!(t.notation(Board::two_player()), "a6-a7");
        assert_eq!(Move::of_turn(t, Order::Second).unwrap().to_string(), "F4G4");
        // The second's H4H3 is a8-b8.
        let t = Move::parse("H4H3").unwrap().turn(Order::Second);
        assert_eq!(t.notation(Board::two_player()), "a8-b8");
        for bad in [
            "", "G0", "G0H", "G0H1X", "g0h1", "M0A0", "A5A0", "０000", "G0H１",
        ] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn letters_and_arrays() {
        let letters: String = Rank::ALL.iter().map(|&r| letter(r)).collect();
        assert_eq!(letters, "abcdefghikjl");
        for r in Rank::ALL {
            assert_eq!(rank_of_letter(letter(r)), Some(r));
        }
        assert_eq!(rank_of_letter('m'), None);
        // The example's two formations are valid, and come back as they were sent.
        let rules = Rules::ccgc();
        for a in ["abccddeeffggghhhiiijjkklj", "cibhfeidckgakhgfjgjedljhi"] {
            let f = parse_array(a).unwrap();
            assert!(f.is_valid(&rules), "{a}: {:?}", f.problems(&rules));
            assert_eq!(array_text(&f), a);
        }
        // The first letter is line 1 column 1, the last line 6 column 5; camps are skipped.
        let f = parse_array("abccddeeffggghhhiiijjkklj").unwrap();
        assert_eq!(f.at(1, 1), Some(Rank::Marshal));
        assert_eq!(f.at(2, 1), Some(Rank::Brigadier));
        assert_eq!(f.at(2, 2), None);
        assert_eq!(f.at(6, 4), Some(Rank::Flag));
        assert_eq!(f.at(6, 5), Some(Rank::Mine));
        // Placed on the board: the first's L3 is d1, its flag.
        assert_eq!(sq("L3").node(Order::First), node("d1"));
        assert!(parse_array("abc").is_err());
        assert!(parse_array("abccddeeffggghhhiiijjkklz").is_err());
        assert!(parse_array(&"a".repeat(26)).is_err());
    }

    #[test]
    fn codes_and_clashes() {
        use ClashOutcome::*;
        for (clash, d) in [
            (None, '3'),
            (Some(DefenderRemoved), '1'),
            (Some(MineDug), '1'),
            (Some(FlagTaken), '1'),
            (Some(AttackerRemoved), '0'),
            (Some(BothRemoved), '2'),
        ] {
            assert_eq!(Code::of_clash(clash).digit(), d);
            assert_eq!(Code::of_digit(d), Some(Code::of_clash(clash)));
        }
        let won = Code::DefenderRemoved;
        assert_eq!(won.clash(Some(Rank::Engineer), None), Some(MineDug));
        assert_eq!(won.clash(None, Some(Rank::Mine)), Some(MineDug));
        assert_eq!(
            won.clash(Some(Rank::Engineer), Some(Rank::Flag)),
            Some(FlagTaken)
        );
        assert_eq!(won.clash(Some(Rank::Marshal), None), Some(DefenderRemoved));
        assert_eq!(won.clash(None, Some(Rank::Captain)), Some(DefenderRemoved));
        assert_eq!(Code::NoClash.clash(None, None), None);
        // Under the CCGC rules every clash gives the code of its outcome: the codes are the
        // clash outcomes of RULES.md as far as each player can tell.
        let rules = Rules::ccgc();
        for a in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
            for d in Rank::ALL {
                let o = crate::engine::clash_outcome(&rules, a, d);
                let c = Code::of_clash(Some(o));
                assert_eq!(c.clash(Some(a), Some(d)), Some(o), "{a:?} on {d:?}");
                // The attacker's side knows only its attacker; a mine dug reads right, and a
                // flag taken (the game ends) reads as a win.
                let mine = c.clash(Some(a), None);
                assert!(mine == Some(o) || o == FlagTaken, "{a:?} on {d:?}");
                // The defender's side knows only its defender.
                assert_eq!(c.clash(None, Some(d)), Some(o), "{a:?} on {d:?}");
            }
        }
    }

    #[test]
    fn the_example_lines_read_and_write_back() {
        let lines = [
            "INFO 1.0",
            "START 0 1800 31",
            "START 1 1800 31",
            "GO 0000 0 00",
            "RESULT 1 00",
            "GO F4G4 1 00",
            "RESULT 3 00",
            "GO E0E1 3 00",
            "RESULT 2 A3",
            "GO G4I4 2 A1",
            "RESULT 3 A1",
            "RESULT 1 A1",
            "END 0",
            "END 1",
            "END 2",
        ];
        for l in lines {
            let m = ToEngine::parse(l).unwrap_or_else(|e| panic!("{l}: {e}"));
            assert_eq!(m.line(), l);
        }
        assert_eq!(
            ToEngine::parse("GO G4I4 2 A1").unwrap(),
            ToEngine::Go {
                last: Some((Move::parse("G4I4").unwrap(), Code::BothRemoved)),
                flag: Some(sq("A1")),
            }
        );
        // The 2018 platform's INFORMATION; fixed columns of the sample engines.
        assert_eq!(
            ToEngine::parse("INFORMATION 1.0").unwrap(),
            ToEngine::Info("1.0".into())
        );
        let start = ToEngine::Start {
            order: Order::Second,
            time: 60,
            steps: 9,
        }
        .line();
        assert_eq!(start, "START 1 0060 09");
        assert_eq!(
            (&start[6..7], &start[8..12], &start[13..15]),
            ("1", "0060", "09")
        );
        let go = ToEngine::parse("GO G0H1 1 A3").unwrap().line();
        assert_eq!((&go[3..7], &go[8..9], &go[10..12]), ("G0H1", "1", "A3"));
        let result = ToEngine::parse("RESULT 2 A3").unwrap().line();
        assert_eq!((&result[7..8], &result[9..11]), ("2", "A3"));
        for bad in [
            "",
            " GO",
            "GO",
            "GO G0H1 4 00",
            "GO G0H1 1 Z9",
            "START 2 1800 31",
            "X",
        ] {
            assert!(ToEngine::parse(bad).is_err(), "{bad}");
        }
        for (l, m) in [
            ("NAME E1", FromEngine::Name("E1".into())),
            (
                "ARRAY abccddeeffggghhhiiijjkklj",
                FromEngine::Array("abccddeeffggghhhiiijjkklj".into()),
            ),
            ("BESTMOVE G0F0", FromEngine::BestMove("G0F0".into())),
        ] {
            assert_eq!(FromEngine::parse(l), Ok(m.clone()));
            assert_eq!(m.line(), l);
        }
        assert_eq!(
            FromEngine::parse("BESTMOVE G0F0\r"),
            Ok(FromEngine::BestMove("G0F0".into()))
        );
        assert_eq!(FromEngine::name_of("NAME E1"), "E1");
        assert_eq!(FromEngine::name_of("Engine Two"), "Engine Two");
        assert!(FromEngine::parse("bestmove G0F0").is_err());
        assert!(FromEngine::parse("BESTMOVE G0F0 extra").is_err());
    }

    #[test]
    fn only_the_ccgc_rules_are_played() {
        assert_eq!(rules_problem(&Rules::ccgc()), None);
        // The referee's limits are its own.
        let mut r = Rules::ccgc();
        r.turn_limit = 60;
        r.quiet_limit = 12;
        assert_eq!(rules_problem(&r), None);
        let e = rules_problem(&Rules::for_mode(Mode::Flip)).unwrap();
        assert!(e.contains("flip mode"), "{e}");
        let mut r = Rules::ccgc();
        r.mines = crate::engine::MineRule::Spring;
        r.quiet_limit = 100;
        let e = rules_problem(&r).unwrap();
        assert!(
            e.contains("spring mines") && e.contains("two digits"),
            "{e}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        #[test]
        fn parsers_never_panic(line in ".{0,40}") {
            let _ = ToEngine::parse(&line);
            let _ = FromEngine::parse(&line);
            let _ = FromEngine::name_of(&line);
            let _ = parse_array(&line);
            let _ = Move::parse(&line);
            let _ = Square::parse(&line);
        }

        #[test]
        fn protocol_like_lines_never_panic(
            head in prop::sample::select(vec!["GO", "RESULT", "START", "INFO", "END", "G", "R", "S", "ARRAY", "BESTMOVE", "NAME"]),
            rest in "[ A-L0-9a-l]{0,30}",
        ) {
            let line = format!("{head} {rest}");
            if let Ok(m) = ToEngine::parse(&line) {
                // What is read writes a line that reads back as itself.
                prop_assert_eq!(ToEngine::parse(&m.line()), Ok(m));
            }
            if let Ok(FromEngine::Array(a)) = FromEngine::parse(&line) {
                let _ = parse_array(&a);
            }
        }
    }
}
