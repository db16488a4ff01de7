//! Positions: the unchecked `Setup`, the checked `Position`, and the text notation of NOTATION.md.

use super::board::{Board, MAX_NODES, NodeId, NodeSet};
use super::piece::{Piece, Rank, Seat, Team};
use super::rules::Rules;
use std::fmt;

pub mod movegen;
pub mod play;

/// Who is to move: a colour, or in flip mode before colours are decided, player 1 or 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Mover {
    Side(Seat),
    /// Flip mode before the colours are decided: 1 = first player, 2 = second.
    Player(u8),
}

impl Mover {
    pub fn side(self) -> Option<Seat> {
        match self {
            Mover::Side(s) => Some(s),
            Mover::Player(_) => None,
        }
    }

    /// The `<turn>` field's letter of NOTATION.md: `r b s e n w`, or `1` `2` before colours.
    pub fn notation(self) -> char {
        match self {
            Mover::Side(s) => s.char(),
            Mover::Player(p) => (b'0' + p) as char,
        }
    }
}

/// Why a four-player seat went out (RULES.md 9.7), with its `<out>` letter of NOTATION.md.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum OutReason {
    /// `f`: its flag was taken.
    Flag,
    /// `p`: no movable piece left.
    NoPieces,
    /// `m`: no legal turn when the turn came to it.
    NoMoves,
    /// `r`: resigned.
    Resigned,
    /// `t`: five timeouts.
    Timeouts,
}

impl OutReason {
    pub const ALL: [OutReason; 5] = [
        OutReason::Flag,
        OutReason::NoPieces,
        OutReason::NoMoves,
        OutReason::Resigned,
        OutReason::Timeouts,
    ];

    pub fn letter(self) -> char {
        match self {
            OutReason::Flag => 'f',
            OutReason::NoPieces => 'p',
            OutReason::NoMoves => 'm',
            OutReason::Resigned => 'r',
            OutReason::Timeouts => 't',
        }
    }

    pub fn from_letter(c: char) -> Option<OutReason> {
        OutReason::ALL.into_iter().find(|r| r.letter() == c)
    }

    /// The reason a game ends when this was the last player of a team to go out.
    pub fn end_reason(self) -> play::EndReason {
        use play::EndReason;
        match self {
            OutReason::Flag => EndReason::Flag,
            OutReason::NoPieces => EndReason::NoPieces,
            OutReason::NoMoves => EndReason::NoMoves,
            OutReason::Resigned => EndReason::Resignation,
            OutReason::Timeouts => EndReason::Timeouts,
        }
    }
}

/// The four-player seats that are out, in the order they went out (the `<out>` field of
/// NOTATION.md); always empty in two-player games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct OutList {
    entries: [Option<(Seat, OutReason)>; 4],
}

impl OutList {
    pub fn iter(&self) -> impl Iterator<Item = (Seat, OutReason)> + '_ {
        self.entries.iter().map_while(|e| *e)
    }

    pub fn len(&self) -> usize {
        self.iter().count()
    }

    pub fn is_empty(&self) -> bool {
        self.entries[0].is_none()
    }

    pub fn contains(&self, seat: Seat) -> bool {
        self.iter().any(|(s, _)| s == seat)
    }

    /// Why `seat` is out, if it is.
    pub fn reason(&self, seat: Seat) -> Option<OutReason> {
        self.iter().find(|&(s, _)| s == seat).map(|(_, r)| r)
    }

    /// Add a seat at the end (nothing if it is already out).
    pub fn push(&mut self, seat: Seat, why: OutReason) {
        if self.contains(seat) {
            return;
        }
        if let Some(e) = self.entries.iter_mut().find(|e| e.is_none()) {
            *e = Some((seat, why));
        }
    }

    /// Whether every seat of `team` is out.
    pub fn team_out(&self, team: Team) -> bool {
        team.seats().iter().all(|&s| self.contains(s))
    }

    /// The `<out>` field: `-` or seat letters each followed by the reason (`nfwm`).
    pub fn notation(&self) -> String {
        if self.is_empty() {
            return "-".into();
        }
        self.iter()
            .flat_map(|(s, r)| [s.letter(), r.letter()])
            .collect()
    }

    /// Parse the `<out>` field (syntax only).
    pub fn parse(text: &str) -> Result<OutList, NotationError> {
        let mut out = OutList::default();
        if text == "-" {
            return Ok(out);
        }
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() || !chars.len().is_multiple_of(2) || chars.len() > 8 {
            return Err(NotationError(format!(
                "out field '{text}' must be '-' or up to four pairs of a seat letter (s e n w) and a reason (f p m r t)"
            )));
        }
        for pair in chars.chunks(2) {
            let Some(seat) = Seat::from_four_letter(pair[0]) else {
                return Err(NotationError(format!(
                    "out field '{text}': '{}' is not a seat letter (s e n w)",
                    pair[0]
                )));
            };
            let Some(why) = OutReason::from_letter(pair[1]) else {
                return Err(NotationError(format!(
                    "out field '{text}': '{}' is not a reason (f p m r t)",
                    pair[1]
                )));
            };
            if out.contains(seat) {
                return Err(NotationError(format!(
                    "out field '{text}' lists {} twice",
                    seat.en()
                )));
            }
            out.push(seat, why);
        }
        Ok(out)
    }
}

/// A turn: a move (plain or attack) or, in flip mode, a flip.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Turn {
    Move { from: NodeId, to: NodeId },
    Flip(NodeId),
}

impl Turn {
    pub fn notation(self, board: &Board) -> String {
        match self {
            Turn::Move { from, to } => format!("{}-{}", board.name(from), board.name(to)),
            Turn::Flip(n) => board.name(n).to_string(),
        }
    }

    pub fn parse(s: &str, board: &Board) -> Result<Turn, NotationError> {
        let sq = |t: &str| {
            board
                .node_by_name(t)
                .ok_or_else(|| NotationError(format!("'{t}' is not a square (a1 … e12)")))
        };
        if s.is_empty() {
            return Err(NotationError("empty turn".into()));
        }
        if s.len() > 16 {
            return Err(NotationError(format!(
                "turn '{}…' is too long",
                &s[..s.floor_char_boundary(16)]
            )));
        }
        match s.split_once('-') {
            Some((a, b)) => Ok(Turn::Move {
                from: sq(a).map_err(|e| NotationError(format!("turn '{s}': {}", e.0)))?,
                to: sq(b).map_err(|e| NotationError(format!("turn '{s}': {}", e.0)))?,
            }),
            None => {
                Ok(Turn::Flip(sq(s).map_err(|e| {
                    NotationError(format!("turn '{s}': {}", e.0))
                })?))
            }
        }
    }
}

/// A syntax error in position or turn notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for NotationError {}

/// Why text is not a position the rules allow: not notation, or a setup they refuse.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    Notation(NotationError),
    Setup(SetupError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Notation(e) => e.fmt(f),
            PositionError::Setup(e) => e.fmt(f),
        }
    }
}
impl std::error::Error for PositionError {}

/// What makes a setup impossible under the rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// More of a piece than a side owns ("Blue has 4 engineers").
    TooMany { side: Seat, rank: Rank, count: u8 },
    /// A face-down piece outside flip mode.
    FaceDownOutsideFlip { square: String },
    /// Player 1/2 to move outside flip mode.
    PlayerOutsideFlip,
    /// Player 1/2 to move but no piece is face down (colours must have been decided).
    UndecidedWithoutFaceDown,
    /// A piece on a node that the board does not have.
    NoSuchNode,
    /// Neither side has its flag.
    NoFlags,
    /// The quiet counter exceeds the ply counter.
    QuietAbovePly { quiet: u32, ply: u32 },
    /// Four players: a player listed out still has pieces on the board.
    OutHasPieces { seat: Seat },
    /// Four players: a player still in has no flag (or more than one).
    InWithoutFlag { seat: Seat, flags: u8 },
    /// Four players: the player to move is out (and not all four are).
    MoverOut { seat: Seat },
    /// Four players: a player still in has no movable piece while neither team is entirely out.
    InWithoutMovable { seat: Seat },
    /// Four players: the player to move has no legal turn but another player still in has one.
    MoverWithoutTurn { seat: Seat },
    /// A seat (a piece's owner or the player to move) that the board does not have.
    WrongSeat { seat: Seat },
    /// Flip mode with four players (RULES.md 9.6: not offered).
    FourPlayerFlip,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooMany { side, rank, count } => {
                let name = rank.en().to_lowercase();
                let plural = if name.ends_with('s') {
                    String::new()
                } else {
                    "s".into()
                };
                write!(
                    f,
                    "{side} has {count} {name}{plural} (at most {})",
                    rank.count()
                )
            }
            SetupError::FaceDownOutsideFlip { square } => {
                write!(f, "face-down piece on {square} outside flip mode")
            }
            SetupError::PlayerOutsideFlip => {
                write!(
                    f,
                    "player 1/2 to move is only for flip mode before colours are decided"
                )
            }
            SetupError::UndecidedWithoutFaceDown => {
                write!(
                    f,
                    "colours undecided (player 1/2 to move) but no piece is face down"
                )
            }
            SetupError::NoSuchNode => write!(f, "piece on a node the board does not have"),
            SetupError::NoFlags => write!(f, "neither side has a flag"),
            SetupError::QuietAbovePly { quiet, ply } => {
                write!(
                    f,
                    "quiet counter {quiet} is larger than the ply counter {ply}"
                )
            }
            SetupError::OutHasPieces { seat } => {
                write!(f, "{seat} is listed out but still has pieces on the board")
            }
            SetupError::InWithoutFlag { seat, flags } => {
                write!(
                    f,
                    "{seat} is not listed out but has {flags} flags (needs one)"
                )
            }
            SetupError::MoverOut { seat } => write!(f, "{seat} is to move but is out"),
            SetupError::InWithoutMovable { seat } => write!(
                f,
                "{seat} is not listed out but has no movable piece (it would be out)"
            ),
            SetupError::MoverWithoutTurn { seat } => write!(
                f,
                "{seat} is to move but has no legal turn while another player still in has one"
            ),
            SetupError::WrongSeat { seat } => {
                write!(f, "{seat} has no seat on this board")
            }
            SetupError::FourPlayerFlip => {
                write!(f, "flip mode is not offered for four players")
            }
        }
    }
}
impl std::error::Error for SetupError {}

/// An unchecked arrangement: anything notation, a file or a formation can describe.
#[derive(Clone, Debug)]
pub struct Setup {
    pub board: &'static Board,
    pub cells: Vec<Option<Piece>>,
    pub mover: Mover,
    pub quiet: u32,
    pub ply: u32,
    /// Four players: who is out, in order (empty for two players).
    pub out: OutList,
}

impl Setup {
    pub fn empty(board: &'static Board) -> Setup {
        Setup {
            board,
            cells: vec![None; board.len()],
            mover: Mover::Side(board.seats[0]),
            quiet: 0,
            ply: 0,
            out: OutList::default(),
        }
    }

    /// Parse the notation of NOTATION.md (syntax only; `Position::new` checks the rules). A board
    /// of 17 ranks is a four-player position (five fields).
    pub fn parse(text: &str) -> Result<Setup, NotationError> {
        let err = |m: String| Err(NotationError(m));
        if text.len() > 1000 {
            return err("position is too long".into());
        }
        let parts: Vec<&str> = text.split_whitespace().collect();
        let four = Board::four_player();
        if parts
            .first()
            .is_some_and(|b| b.split('/').count() == four.height as usize)
        {
            return Setup::parse_four(&parts);
        }
        let board = Board::two_player();
        if parts.len() != 4 {
            return err(format!(
                "position needs 4 fields '<board> <turn> <quiet> <ply>', found {}",
                parts.len()
            ));
        }
        let rows: Vec<&str> = parts[0].split('/').collect();
        if rows.len() != board.height as usize {
            return err(format!(
                "board needs {} ranks separated by '/', found {}",
                board.height,
                rows.len()
            ));
        }
        let mut setup = Setup::empty(board);
        for (i, row) in rows.iter().enumerate() {
            let rank = board.height as usize - i;
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != 2 * board.width as usize {
                return err(format!(
                    "rank {rank} '{row}' must be {} cells of two characters",
                    board.width
                ));
            }
            for file in 0..board.width as usize {
                let (a, b) = (chars[2 * file], chars[2 * file + 1]);
                let node = board.node_at(file as u8, rank as u8 - 1).expect("on board");
                let square = board.name(node);
                if a == '.' && b == '.' {
                    continue;
                }
                let (side, down) = match a {
                    'r' => (Seat::Red, false),
                    'b' => (Seat::Blue, false),
                    'R' => (Seat::Red, true),
                    'B' => (Seat::Blue, true),
                    _ => {
                        return err(format!(
                            "{square}: '{a}{b}' is not a cell (.. or r/b/R/B then 1-9, B, M, F)"
                        ));
                    }
                };
                let Some(piece_rank) = Rank::from_code(b) else {
                    return err(format!(
                        "{square}: '{a}{b}' has no piece code (1-9, B, M, F)"
                    ));
                };
                setup.cells[node as usize] =
                    Some(Piece::new(side, piece_rank).with_face_down(down));
            }
        }
        setup.mover = match parts[1] {
            "r" => Mover::Side(Seat::Red),
            "b" => Mover::Side(Seat::Blue),
            "1" => Mover::Player(1),
            "2" => Mover::Player(2),
            t => return err(format!("turn '{t}' must be r, b, 1 or 2")),
        };
        setup.quiet = counter(parts[2], "quiet counter")?;
        setup.ply = counter(parts[3], "ply counter")?;
        Ok(setup)
    }

    /// The four-player notation of NOTATION.md: `<board> <turn> <quiet> <ply> <out>`, the board
    /// from rank 17 down to rank 1, each rank listing only the positions that exist in it.
    fn parse_four(parts: &[&str]) -> Result<Setup, NotationError> {
        let board = Board::four_player();
        let err = |m: String| Err(NotationError(m));
        if parts.len() != 5 {
            return err(format!(
                "four-player position needs 5 fields '<board> <turn> <quiet> <ply> <out>', found {}",
                parts.len()
            ));
        }
        let mut setup = Setup::empty(board);
        for (i, row) in parts[0].split('/').enumerate() {
            let y = board.height - i as u8;
            let nodes: Vec<NodeId> = (0..board.width)
                .filter_map(|x| board.node_at(x, y - 1))
                .collect();
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != 2 * nodes.len() {
                return err(format!(
                    "rank {y} '{row}' must be {} cells of two characters",
                    nodes.len()
                ));
            }
            for (k, &node) in nodes.iter().enumerate() {
                let (a, b) = (chars[2 * k], chars[2 * k + 1]);
                let square = board.name(node);
                if a == '.' && b == '.' {
                    continue;
                }
                let Some(seat) = Seat::from_four_letter(a) else {
                    return err(
                        if Seat::from_four_letter(a.to_ascii_lowercase()).is_some() {
                            format!(
                                "{square}: '{a}{b}' is face down: four-player positions have no face-down pieces"
                            )
                        } else {
                            format!(
                                "{square}: '{a}{b}' is not a cell (.. or s/e/n/w then 1-9, B, M, F)"
                            )
                        },
                    );
                };
                let Some(rank) = Rank::from_code(b) else {
                    return err(format!(
                        "{square}: '{a}{b}' has no piece code (1-9, B, M, F)"
                    ));
                };
                setup.cells[node as usize] = Some(Piece::new(seat, rank));
            }
        }
        let Some(seat) = parts[1]
            .chars()
            .next()
            .filter(|_| parts[1].chars().count() == 1)
            .and_then(Seat::from_four_letter)
        else {
            return err(format!("turn '{}' must be s, e, n or w", parts[1]));
        };
        setup.mover = Mover::Side(seat);
        setup.quiet = counter(parts[2], "quiet counter")?;
        setup.ply = counter(parts[3], "ply counter")?;
        setup.out = OutList::parse(parts[4])?;
        Ok(setup)
    }
}

/// A whole number of at most 9 digits (the quiet and ply counters).
fn counter(s: &str, what: &str) -> Result<u32, NotationError> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|c| c.is_ascii_digit()) {
        return Err(NotationError(format!(
            "{what} '{s}' must be a whole number (at most 9 digits)"
        )));
    }
    Ok(s.parse().expect("digits"))
}

/// A checked position: made only by `Position::new` (or by playing legal turns from one).
///
/// The one exception is named: `Position::stand_in`, the computer's imagined positions (a view
/// with its unknowns filled in), which are not checked. The fields are private to this module and
/// its children (move generation and play): cells change only through `set`, which keeps the bit
/// sets in step, and the turn passes only through `pass_turn`. Outside code cannot write a cell:
///
/// ```compile_fail
/// use junqi::engine::{Position, Rules};
/// let mut p = Position::from_notation(
///     "....bF..../........../........../........../........../........../\
///      ........../........../........../........../........../..rF...... r 0 0",
///     &Rules::default(),
/// )
/// .unwrap();
/// p.cells[0] = None;
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: &'static Board,
    cells: [Option<Piece>; MAX_NODES],
    mover: Mover,
    quiet: u32,
    ply: u32,
    /// Four players: who is out, in order (always empty for two players).
    out: OutList,
    /// Bit sets kept in step with `cells` by `set` (so equality and hashing stay those of the
    /// cells): each seat's pieces (any face, by `seat.index()`), all pieces, face-down pieces,
    /// flags and mines (every seat).
    side_set: [NodeSet; 4],
    occ_set: NodeSet,
    down_set: NodeSet,
    flag_set: NodeSet,
    mine_set: NodeSet,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// Boards are singletons: equal and hashed by identity.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self as *const Board).hash(state)
    }
}
impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for Board {}

impl Position {
    /// The one way in: check a setup against the rules (counts, faces, who moves).
    pub fn new(setup: Setup, rules: &Rules) -> Result<Position, SetupError> {
        let board = setup.board;
        if setup.cells.len() != board.len() {
            return Err(SetupError::NoSuchNode);
        }
        let mut counts = [[0u8; 13]; 4];
        let mut any_down = false;
        for (i, cell) in setup.cells.iter().enumerate() {
            let Some(p) = cell else { continue };
            if !board.seats.contains(&p.seat()) {
                return Err(SetupError::WrongSeat { seat: p.seat() });
            }
            if p.is_face_down() {
                any_down = true;
                if !rules.mode.deals_face_down() {
                    return Err(SetupError::FaceDownOutsideFlip {
                        square: board.name(i as NodeId).to_string(),
                    });
                }
            }
            counts[p.side().index()][p.rank() as usize] += 1;
        }
        for &side in board.seats {
            for rank in Rank::ALL {
                let count = counts[side.index()][rank as usize];
                if count > rank.count() {
                    return Err(SetupError::TooMany { side, rank, count });
                }
            }
        }
        if let Mover::Side(s) = setup.mover
            && !board.seats.contains(&s)
        {
            return Err(SetupError::WrongSeat { seat: s });
        }
        if board.is_four() {
            return Position::new_four(setup, rules, &counts);
        }
        if counts[0][Rank::Flag as usize] == 0 && counts[1][Rank::Flag as usize] == 0 {
            return Err(SetupError::NoFlags);
        }
        if let Mover::Player(_) = setup.mover {
            if !rules.mode.deals_face_down() {
                return Err(SetupError::PlayerOutsideFlip);
            }
            if !any_down {
                return Err(SetupError::UndecidedWithoutFaceDown);
            }
        }
        if setup.quiet > setup.ply {
            return Err(SetupError::QuietAbovePly {
                quiet: setup.quiet,
                ply: setup.ply,
            });
        }
        Ok(Position::from_cells(
            board,
            &setup.cells,
            setup.mover,
            setup.quiet,
            setup.ply,
        ))
    }

    /// The four-player checks of NOTATION.md: out players have no pieces, players in have one
    /// flag, the player to move is in (unless all four are out), and while neither team is out,
    /// every player in has a movable piece and the player to move has a legal turn unless no
    /// player in has one.
    fn new_four(
        setup: Setup,
        rules: &Rules,
        counts: &[[u8; 13]; 4],
    ) -> Result<Position, SetupError> {
        let board = setup.board;
        if !rules.mode.offered_for_four() {
            return Err(SetupError::FourPlayerFlip);
        }
        if let Mover::Player(_) = setup.mover {
            return Err(SetupError::PlayerOutsideFlip);
        }
        if setup.quiet > setup.ply {
            return Err(SetupError::QuietAbovePly {
                quiet: setup.quiet,
                ply: setup.ply,
            });
        }
        let out = setup.out;
        for &seat in board.seats {
            let c = &counts[seat.index()];
            if out.contains(seat) {
                if c.iter().any(|&n| n > 0) {
                    return Err(SetupError::OutHasPieces { seat });
                }
            } else if c[Rank::Flag as usize] != 1 {
                return Err(SetupError::InWithoutFlag {
                    seat,
                    flags: c[Rank::Flag as usize],
                });
            }
        }
        let Mover::Side(mover) = setup.mover else {
            unreachable!("checked above")
        };
        if out.contains(mover) && out.len() < 4 {
            return Err(SetupError::MoverOut { seat: mover });
        }
        let mut p = Position::from_cells(board, &setup.cells, setup.mover, setup.quiet, setup.ply);
        p.out = out;
        if !board.teams.iter().any(|&t| out.team_out(t)) {
            for &seat in board.seats {
                let movable = c_movable(&counts[seat.index()]);
                if !out.contains(seat) && !movable {
                    return Err(SetupError::InWithoutMovable { seat });
                }
            }
            if !p.has_turn(rules, mover)
                && board
                    .seats
                    .iter()
                    .any(|&s| !out.contains(s) && p.has_turn(rules, s))
            {
                return Err(SetupError::MoverWithoutTurn { seat: mover });
            }
        }
        Ok(p)
    }

    /// Four players: the players who are out, in the order they went out.
    pub fn out(&self) -> OutList {
        self.out
    }

    /// A stand-in: the computer's imagined position (a view's unknowns filled with guesses, so
    /// piece counts may exceed the rules'), built from a setup WITHOUT the checks of `new`. Only
    /// for search and reachability questions; never a game's position.
    pub fn stand_in(setup: &Setup) -> Position {
        let mut p = Position::from_cells(
            setup.board,
            &setup.cells,
            setup.mover,
            setup.quiet,
            setup.ply,
        );
        p.out = setup.out;
        p
    }

    /// A position from cells without any check, with its bit sets built from the cells.
    fn from_cells(
        board: &'static Board,
        cells: &[Option<Piece>],
        mover: Mover,
        quiet: u32,
        ply: u32,
    ) -> Position {
        let mut p = Position {
            board,
            cells: [None; MAX_NODES],
            mover,
            quiet,
            ply,
            out: OutList::default(),
            side_set: [NodeSet::EMPTY; 4],
            occ_set: NodeSet::EMPTY,
            down_set: NodeSet::EMPTY,
            flag_set: NodeSet::EMPTY,
            mine_set: NodeSet::EMPTY,
        };
        for (i, &c) in cells.iter().enumerate().take(board.len()) {
            p.set(i as NodeId, c);
        }
        p
    }

    /// Parse notation and check it: the usual way to get a position from text.
    pub fn from_notation(text: &str, rules: &Rules) -> Result<Position, PositionError> {
        let setup = Setup::parse(text).map_err(PositionError::Notation)?;
        Position::new(setup, rules).map_err(PositionError::Setup)
    }

    pub fn board(&self) -> &'static Board {
        self.board
    }
    pub fn mover(&self) -> Mover {
        self.mover
    }
    pub fn quiet(&self) -> u32 {
        self.quiet
    }
    pub fn ply(&self) -> u32 {
        self.ply
    }
    #[inline]
    pub fn at(&self, n: NodeId) -> Option<Piece> {
        self.cells[n as usize]
    }
    pub fn cells(&self) -> &[Option<Piece>] {
        &self.cells[..self.board.len()]
    }

    /// Pieces of a side on the board (any face).
    pub fn pieces(&self, side: Seat) -> impl Iterator<Item = (NodeId, Piece)> + '_ {
        self.cells()
            .iter()
            .enumerate()
            .filter_map(move |(i, c)| c.filter(|p| p.side() == side).map(|p| (i as NodeId, p)))
    }

    pub fn count(&self, side: Seat, rank: Rank) -> u8 {
        self.pieces(side).filter(|(_, p)| p.rank() == rank).count() as u8
    }

    /// The node of `side`'s flag, if it is on the board (from the bit sets: no scan).
    pub fn flag_node(&self, side: Seat) -> Option<NodeId> {
        (self.flag_set & self.side_set[side.index()]).lowest()
    }

    pub fn find(&self, side: Seat, rank: Rank) -> Option<NodeId> {
        self.pieces(side)
            .find(|(_, p)| p.rank() == rank)
            .map(|(n, _)| n)
    }

    /// The notation of NOTATION.md.
    pub fn notation(&self) -> String {
        let mut s = write_notation(self.board, self.mover, self.quiet, self.ply, |n| {
            self.at(n).map(|p| p.notation())
        });
        if self.board.is_four() {
            s.push(' ');
            s.push_str(&self.out.notation());
        }
        s
    }

    /// The nodes holding pieces of `side` (face up or down).
    pub fn pieces_set(&self, side: Seat) -> NodeSet {
        self.side_set[side.index()]
    }

    /// All occupied nodes.
    #[inline]
    pub fn occupied(&self) -> NodeSet {
        self.occ_set
    }

    /// The turn passes to the other side (or, before colours are decided, the other player) and
    /// the ply counter counts up; the quiet counter is reset (`reset_quiet`: a flip or a capture)
    /// or counts up. The one place a two-player turn ends: play, a lost turn (timeout) and the
    /// search's null flip all come here. Four-player turns end in `pass_turn_in`.
    #[inline]
    pub(crate) fn pass_turn(&mut self, reset_quiet: bool) {
        debug_assert!(!self.board.is_four(), "four players: pass_turn_in");
        self.quiet = if reset_quiet { 0 } else { self.quiet + 1 };
        self.ply += 1;
        self.mover = match self.mover {
            // A four-player seat has no one opponent: its turns end in `pass_turn_in`.
            Mover::Side(s) => s.opponent().map_or(self.mover, Mover::Side),
            Mover::Player(p) => Mover::Player(3 - p),
        };
    }

    /// Mark the piece on `n` as revealed (a flag both players have now seen). Nothing else
    /// changes; an empty node stays empty.
    pub(crate) fn reveal(&mut self, n: NodeId) {
        if let Some(p) = self.at(n) {
            self.set(n, Some(p.with_revealed(true)));
        }
    }

    /// The only way cells change after construction: keeps the bit sets in step.
    #[inline]
    fn set(&mut self, n: NodeId, p: Option<Piece>) {
        let bit = NodeSet::single(n);
        if let Some(old) = self.cells[n as usize] {
            self.side_set[old.seat().index()] -= bit;
            self.occ_set -= bit;
            self.down_set -= bit;
            self.flag_set -= bit;
            self.mine_set -= bit;
        }
        self.cells[n as usize] = p;
        if let Some(p) = p {
            self.side_set[p.seat().index()] |= bit;
            self.occ_set |= bit;
            if p.is_face_down() {
                self.down_set |= bit;
            }
            match p.rank() {
                Rank::Flag => self.flag_set |= bit,
                Rank::Mine => self.mine_set |= bit,
                _ => {}
            }
        }
    }
}

/// Whether piece counts (indexed by rank code) include a movable piece (codes 1–9, B).
fn c_movable(c: &[u8; 13]) -> bool {
    Rank::ALL
        .iter()
        .any(|&r| r.is_movable() && c[r as usize] > 0)
}

/// Write a position's notation with a cell function giving two characters (or `None` for `..`).
pub fn write_notation(
    board: &Board,
    mover: Mover,
    quiet: u32,
    ply: u32,
    cell: impl Fn(NodeId) -> Option<[char; 2]>,
) -> String {
    let mut s = String::with_capacity(300);
    for row in (0..board.height).rev() {
        for col in 0..board.width {
            // The four-player board lists only the positions that exist in each rank.
            let Some(node) = board.node_at(col, row) else {
                continue;
            };
            match cell(node) {
                Some([a, b]) => {
                    s.push(a);
                    s.push(b)
                }
                None => s.push_str(".."),
            }
        }
        if row > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(mover.notation());
    s.push_str(&format!(" {quiet} {ply}"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::Mode;

    pub const EXAMPLE: &str = "b2b1bMbFbM/b3bBb5bMb7/b4..b6..b1/b2b9..bBb8/b4..b1..b5/b3b6b2b7b3/r3r7r2r6r3/r5..r1..r4/r8rB..r9r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";

    #[test]
    fn notation_round_trip() {
        let p = Position::from_notation(EXAMPLE, &Rules::default()).unwrap();
        assert_eq!(p.notation(), EXAMPLE);
        let b = p.board();
        assert_eq!(
            p.at(b.node_by_name("b1").unwrap()),
            Some(Piece::new(Seat::Red, Rank::Flag))
        );
        assert_eq!(
            p.at(b.node_by_name("d12").unwrap()),
            Some(Piece::new(Seat::Blue, Rank::Flag))
        );
    }

    #[test]
    fn pass_turn_hands_over_and_counts() {
        let r = Rules::default();
        let mut p = Position::from_notation(&EXAMPLE.replace(" r 0 0", " r 3 7"), &r).unwrap();
        p.pass_turn(false);
        assert_eq!(
            (p.mover(), p.quiet(), p.ply()),
            (Mover::Side(Seat::Blue), 4, 8)
        );
        p.pass_turn(true);
        assert_eq!(
            (p.mover(), p.quiet(), p.ply()),
            (Mover::Side(Seat::Red), 0, 9)
        );
        let flip = Rules::for_mode(Mode::Flip);
        let down = EXAMPLE
            .replace('r', "R")
            .replace('b', "B")
            .replace(" R 0 0", " 1 0 0");
        let mut f = Position::from_notation(&down, &flip).unwrap();
        f.pass_turn(true);
        assert_eq!(f.mover(), Mover::Player(2));
    }

    #[test]
    fn stand_in_skips_the_checks_and_keeps_the_sets() {
        let r = Rules::default();
        let mut setup = Setup::parse(EXAMPLE).unwrap();
        // Four engineers: refused by `new`, allowed in an imagined position.
        let n = setup.board.node_by_name("a12").unwrap();
        setup.cells[n as usize] = Some(Piece::new(Seat::Blue, Rank::Engineer));
        assert!(Position::new(setup.clone(), &r).is_err());
        let p = Position::stand_in(&setup);
        assert_eq!(p.count(Seat::Blue, Rank::Engineer), 4);
        assert!(p.pieces_set(Seat::Blue).contains(n));
        assert_eq!(p.occupied().len(), 50);
    }

    #[test]
    fn reveal_marks_only_the_piece() {
        let mut p = Position::from_notation(EXAMPLE, &Rules::default()).unwrap();
        let b1 = p.board().node_by_name("b1").unwrap();
        p.reveal(b1);
        assert!(p.at(b1).unwrap().is_revealed());
        assert_eq!(p.at(b1).unwrap().rank(), Rank::Flag);
        let b3 = p.board().node_by_name("b3").unwrap();
        p.reveal(b3);
        assert_eq!(p.at(b3), None);
    }

    #[test]
    fn bad_notation_is_named() {
        let r = Rules::default();
        let e = |t: &str| Position::from_notation(t, &r).unwrap_err().to_string();
        assert!(e("").contains("4 fields"));
        assert!(e("x r 0 0").contains("12 ranks"));
        let bad_cell = EXAMPLE.replacen("b2b1", "x2b1", 1);
        assert!(e(&bad_cell).contains("a12"), "{}", e(&bad_cell));
        let four_engineers = EXAMPLE.replacen("b2b1bMbFbM", "b1b1bMbFbM", 1);
        assert_eq!(e(&four_engineers), "Blue has 4 engineers (at most 3)");
        assert!(e(&EXAMPLE.replace(" r 0 0", " x 0 0")).contains("turn"));
        assert!(e(&EXAMPLE.replace(" r 0 0", " r -1 0")).contains("quiet"));
        assert!(e(&EXAMPLE.replace(" r 0 0", " 1 0 0")).contains("flip"));
        assert!(e(&EXAMPLE.replacen("b2b1", "B2b1", 1)).contains("face-down"));
        assert!(e(&EXAMPLE.replace(" r 0 0", " r 5 0")).contains("quiet counter 5"));
        assert!(e("ééééé r 0 0").contains("12 ranks"));
    }
}
