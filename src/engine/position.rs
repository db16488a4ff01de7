//! Positions: the unchecked `Setup`, the checked `Position`, and the text notation of NOTATION.md.

use super::board::{Board, MAX_NODES, NodeId, NodeSet};
use super::piece::{Piece, Rank, Side};
use super::rules::{Mode, Rules};
use std::fmt;

pub mod movegen;
pub mod play;

/// Who is to move: a colour, or in flip mode before colours are decided, player 1 or 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Mover {
    Side(Side),
    /// Flip mode before the colours are decided: 1 = first player, 2 = second.
    Player(u8),
}

impl Mover {
    pub fn side(self) -> Option<Side> {
        match self {
            Mover::Side(s) => Some(s),
            Mover::Player(_) => None,
        }
    }

    fn notation(self) -> char {
        match self {
            Mover::Side(s) => s.char(),
            Mover::Player(p) => (b'0' + p) as char,
        }
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

/// What makes a setup impossible under the rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// More of a piece than a side owns ("Blue has 4 engineers").
    TooMany { side: Side, rank: Rank, count: u8 },
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
}

impl Setup {
    pub fn empty(board: &'static Board) -> Setup {
        Setup {
            board,
            cells: vec![None; board.len()],
            mover: Mover::Side(Side::Red),
            quiet: 0,
            ply: 0,
        }
    }

    /// Parse the notation of NOTATION.md (syntax only; `Position::new` checks the rules).
    pub fn parse(text: &str) -> Result<Setup, NotationError> {
        let board = Board::two_player();
        let err = |m: String| Err(NotationError(m));
        if text.len() > 1000 {
            return err("position is too long".into());
        }
        let parts: Vec<&str> = text.split_whitespace().collect();
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
                    'r' => (Side::Red, false),
                    'b' => (Side::Blue, false),
                    'R' => (Side::Red, true),
                    'B' => (Side::Blue, true),
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
            "r" => Mover::Side(Side::Red),
            "b" => Mover::Side(Side::Blue),
            "1" => Mover::Player(1),
            "2" => Mover::Player(2),
            t => return err(format!("turn '{t}' must be r, b, 1 or 2")),
        };
        let num = |s: &str, what: &str| -> Result<u32, NotationError> {
            if s.is_empty() || s.len() > 9 || !s.bytes().all(|c| c.is_ascii_digit()) {
                return Err(NotationError(format!(
                    "{what} '{s}' must be a whole number (at most 9 digits)"
                )));
            }
            Ok(s.parse().expect("digits"))
        };
        setup.quiet = num(parts[2], "quiet counter")?;
        setup.ply = num(parts[3], "ply counter")?;
        Ok(setup)
    }
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
    /// Bit sets kept in step with `cells` by `set` (so equality and hashing stay those of the
    /// cells): each side's pieces (any face), face-down pieces, flags and mines (both sides).
    side_set: [NodeSet; 2],
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
        let mut counts = [[0u8; 13]; 2];
        let mut any_down = false;
        for (i, cell) in setup.cells.iter().enumerate() {
            let Some(p) = cell else { continue };
            if p.is_face_down() {
                any_down = true;
                if rules.mode != Mode::Flip {
                    return Err(SetupError::FaceDownOutsideFlip {
                        square: board.name(i as NodeId).to_string(),
                    });
                }
            }
            counts[p.side().index()][p.rank() as usize] += 1;
        }
        for side in Side::BOTH {
            for rank in Rank::ALL {
                let count = counts[side.index()][rank as usize];
                if count > rank.count() {
                    return Err(SetupError::TooMany { side, rank, count });
                }
            }
        }
        if counts[0][Rank::Flag as usize] == 0 && counts[1][Rank::Flag as usize] == 0 {
            return Err(SetupError::NoFlags);
        }
        if let Mover::Player(_) = setup.mover {
            if rules.mode != Mode::Flip {
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

    /// A stand-in: the computer's imagined position (a view's unknowns filled with guesses, so
    /// piece counts may exceed the rules'), built from a setup WITHOUT the checks of `new`. Only
    /// for search and reachability questions; never a game's position.
    pub fn stand_in(setup: &Setup) -> Position {
        Position::from_cells(
            setup.board,
            &setup.cells,
            setup.mover,
            setup.quiet,
            setup.ply,
        )
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
            side_set: [NodeSet::EMPTY; 2],
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
    pub fn from_notation(text: &str, rules: &Rules) -> Result<Position, String> {
        let setup = Setup::parse(text).map_err(|e| e.to_string())?;
        Position::new(setup, rules).map_err(|e| e.to_string())
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
    pub fn pieces(&self, side: Side) -> impl Iterator<Item = (NodeId, Piece)> + '_ {
        self.cells()
            .iter()
            .enumerate()
            .filter_map(move |(i, c)| c.filter(|p| p.side() == side).map(|p| (i as NodeId, p)))
    }

    pub fn count(&self, side: Side, rank: Rank) -> u8 {
        self.pieces(side).filter(|(_, p)| p.rank() == rank).count() as u8
    }

    pub fn find(&self, side: Side, rank: Rank) -> Option<NodeId> {
        self.pieces(side)
            .find(|(_, p)| p.rank() == rank)
            .map(|(n, _)| n)
    }

    /// The notation of NOTATION.md.
    pub fn notation(&self) -> String {
        write_notation(self.board, self.mover, self.quiet, self.ply, |n| {
            self.at(n).map(|p| p.notation())
        })
    }

    /// The nodes holding pieces of `side` (face up or down).
    pub fn pieces_set(&self, side: Side) -> NodeSet {
        self.side_set[side.index()]
    }

    /// All occupied nodes.
    #[inline]
    pub fn occupied(&self) -> NodeSet {
        self.side_set[0] | self.side_set[1]
    }

    /// The turn passes to the other side (or, before colours are decided, the other player) and
    /// the ply counter counts up; the quiet counter is reset (`reset_quiet`: a flip or a capture)
    /// or counts up. The one place a turn ends: play, a lost turn (timeout) and the search's null
    /// flip all come here.
    #[inline]
    pub(crate) fn pass_turn(&mut self, reset_quiet: bool) {
        self.quiet = if reset_quiet { 0 } else { self.quiet + 1 };
        self.ply += 1;
        self.mover = match self.mover {
            Mover::Side(s) => Mover::Side(s.other()),
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
        self.cells[n as usize] = p;
        let bit = NodeSet::single(n);
        self.side_set[0] -= bit;
        self.side_set[1] -= bit;
        self.down_set -= bit;
        self.flag_set -= bit;
        self.mine_set -= bit;
        if let Some(p) = p {
            self.side_set[p.side().index()] |= bit;
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

/// Write a position's notation with a cell function giving two characters (or `None` for `..`).
pub fn write_notation(
    board: &Board,
    mover: Mover,
    quiet: u32,
    ply: u32,
    cell: impl Fn(NodeId) -> Option<[char; 2]>,
) -> String {
    let mut s = String::with_capacity(140);
    for row in (0..board.height).rev() {
        for col in 0..board.width {
            let node = board.node_at(col, row).expect("rectangular board");
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

    pub const EXAMPLE: &str = "b2b1bMbFbM/b3bBb5bMb7/b4..b6..b1/b2b9..bBb8/b4..b1..b5/b3b6b2b7b3/r3r7r2r6r3/r5..r1..r4/r8rB..r9r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";

    #[test]
    fn notation_round_trip() {
        let p = Position::from_notation(EXAMPLE, &Rules::default()).unwrap();
        assert_eq!(p.notation(), EXAMPLE);
        let b = p.board();
        assert_eq!(
            p.at(b.node_by_name("b1").unwrap()),
            Some(Piece::new(Side::Red, Rank::Flag))
        );
        assert_eq!(
            p.at(b.node_by_name("d12").unwrap()),
            Some(Piece::new(Side::Blue, Rank::Flag))
        );
    }

    #[test]
    fn pass_turn_hands_over_and_counts() {
        let r = Rules::default();
        let mut p = Position::from_notation(&EXAMPLE.replace(" r 0 0", " r 3 7"), &r).unwrap();
        p.pass_turn(false);
        assert_eq!(
            (p.mover(), p.quiet(), p.ply()),
            (Mover::Side(Side::Blue), 4, 8)
        );
        p.pass_turn(true);
        assert_eq!(
            (p.mover(), p.quiet(), p.ply()),
            (Mover::Side(Side::Red), 0, 9)
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
        setup.cells[n as usize] = Some(Piece::new(Side::Blue, Rank::Engineer));
        assert!(Position::new(setup.clone(), &r).is_err());
        let p = Position::stand_in(&setup);
        assert_eq!(p.count(Side::Blue, Rank::Engineer), 4);
        assert!(p.pieces_set(Side::Blue).contains(n));
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
        let e = |t: &str| Position::from_notation(t, &r).unwrap_err();
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
