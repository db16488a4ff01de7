//! Formations 布阵 (RULES.md section 5): a side's 25 pieces in the owner's own terms, line 1 (front)
//! to line 6 (back), column 1 (owner's left) to 5. Checked into positions by `Position::new`.

use super::board::{Board, NodeKind};
use super::piece::{Piece, Rank, Seat};
use super::position::{Mover, Setup};
use super::rng::SplitMix64;
use super::rules::Rules;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const FORMATION_VERSION: u32 = 1;

/// A grid of 6 lines × 5 columns in the owner's view; camps must stay empty.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Formation {
    pub name: String,
    pub notes: String,
    /// The name and notes in Chinese, if the file has them (the shipped formations do); empty
    /// otherwise, and then `name` and `notes` serve both languages.
    pub name_zh: String,
    pub notes_zh: String,
    pub grid: [[Option<Rank>; 5]; 6],
}

/// One broken deployment rule (RULES.md section 5, plus counts and camps). Squares are the
/// owner's (line, column); `Display` gives the English sentence (the command line prints it), and
/// the window words each kind in either language (`i18n::formation_problem`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FormationProblem {
    /// A piece in a camp: camps start empty.
    CampNotEmpty { rank: Rank, line: u8, col: u8 },
    /// The flag outside the two HQs.
    FlagOutsideHq { line: u8, col: u8 },
    /// A mine in front of the last two lines.
    MineTooFarForward { line: u8, col: u8 },
    /// A bomb on line 1 (unless the house rule allows it).
    BombOnFrontLine { line: u8, col: u8 },
    /// More of a rank than a side owns.
    TooMany { rank: Rank, have: u8 },
    /// Pieces of a rank not placed yet.
    Missing { rank: Rank, missing: u8 },
}

impl FormationProblem {
    /// The square the problem concerns (owner's line and column), if any.
    pub fn at(&self) -> Option<(u8, u8)> {
        use FormationProblem::*;
        match *self {
            CampNotEmpty { line, col, .. }
            | FlagOutsideHq { line, col }
            | MineTooFarForward { line, col }
            | BombOnFrontLine { line, col } => Some((line, col)),
            TooMany { .. } | Missing { .. } => None,
        }
    }

    /// The square's name as on the board for Red (the owner's view is the same for both sides).
    pub fn square(&self) -> Option<String> {
        self.at().map(|(l, c)| square_name(Seat::Red, l, c))
    }
}

impl fmt::Display for FormationProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FormationProblem::*;
        let sq = self.square().unwrap_or_default();
        match *self {
            CampNotEmpty { rank, .. } => {
                write!(f, "{} in a camp at {sq}: camps start empty", rank.en())
            }
            FlagOutsideHq { .. } => write!(f, "flag at {sq}: the flag goes in one of the two HQs"),
            MineTooFarForward { .. } => write!(f, "mine at {sq}: mines only in the last two lines"),
            BombOnFrontLine { .. } => write!(f, "bomb on the front line at {sq}"),
            TooMany { rank, have } => {
                write!(f, "{have} × {} (only {} allowed)", rank.en(), rank.count())
            }
            Missing { rank, missing } => write!(f, "{missing} × {} not placed yet", rank.en()),
        }
    }
}
impl std::error::Error for FormationProblem {}

/// The file form: human-editable RON. Each line is five tokens: a piece code (1–9, B, M, F),
/// `.` for an empty square, `+` for a camp.
#[derive(Serialize, Deserialize)]
struct FormationFile {
    version: u32,
    name: String,
    /// Optional (files without it read as before).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    name_zh: String,
    #[serde(default)]
    notes: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    notes_zh: String,
    lines: Vec<String>,
}

/// Owner-view (line, column) of the camps, the same for both sides.
pub fn is_camp_square(line: u8, col: u8) -> bool {
    Board::two_player().deploy[0][line as usize - 1][col as usize - 1].is_none()
}

/// Owner-view (line, column) of the two HQs (line 6, columns 2 and 4), the same for both sides.
pub fn is_hq_square(line: u8, col: u8) -> bool {
    let board = Board::two_player();
    board.deploy[0][line as usize - 1][col as usize - 1]
        .is_some_and(|n| board.kind(n) == NodeKind::Hq)
}

/// The deployment table of RULES.md section 5 (and 9.5: four players deploy by the same table
/// in their own terms), the one place that says which rank may start on which square.
impl Rules {
    /// The deployment rules `rank` breaks by starting on the owner's square (line 1 front … 6
    /// back, column 1–5 from the owner's left): nothing in a camp, the flag only in an HQ, mines
    /// only on the last two lines, bombs not on line 1 unless `bombs in front row`. In the order
    /// `Formation::problems` reports them; none where `rank` may start.
    pub fn deploy_problems(
        &self,
        rank: Rank,
        line: u8,
        col: u8,
    ) -> impl Iterator<Item = FormationProblem> + use<> {
        use FormationProblem::*;
        [
            is_camp_square(line, col).then_some(CampNotEmpty { rank, line, col }),
            (rank == Rank::Flag && !is_hq_square(line, col)).then_some(FlagOutsideHq { line, col }),
            (rank == Rank::Mine && line < 5).then_some(MineTooFarForward { line, col }),
            (rank == Rank::Bomb && line == 1 && !self.bombs_in_front_row)
                .then_some(BombOnFrontLine { line, col }),
        ]
        .into_iter()
        .flatten()
    }

    /// Whether `rank` may start on the owner's square (line, column): `deploy_problems` finds
    /// nothing.
    pub fn may_deploy(&self, rank: Rank, line: u8, col: u8) -> bool {
        self.deploy_problems(rank, line, col).next().is_none()
    }
}

/// A square's name as the owner of `side` would find it on the board, e.g. `c6` for Red line 1.
pub fn square_name(side: Seat, line: u8, col: u8) -> String {
    let (file, rank) = match side {
        Seat::Red => (col - 1, 7 - line),
        Seat::Blue => (4 - (col - 1), 6 + line),
        // Four players: own file C, own rank 7 − L, by the table of RULES.md 9.2 / 9.5.
        seat => super::board::four_player_xy(seat, col - 1, 7 - line),
    };
    format!("{}{}", (b'a' + file) as char, rank)
}

impl Formation {
    /// The name in Chinese (`zh`) or English; the Chinese one falls back to `name`.
    pub fn name_in(&self, zh: bool) -> &str {
        if zh && !self.name_zh.trim().is_empty() {
            &self.name_zh
        } else {
            &self.name
        }
    }

    /// The notes in Chinese (`zh`) or English; the Chinese ones fall back to `notes`.
    pub fn notes_in(&self, zh: bool) -> &str {
        if zh && !self.notes_zh.trim().is_empty() {
            &self.notes_zh
        } else {
            &self.notes
        }
    }

    pub fn at(&self, line: u8, col: u8) -> Option<Rank> {
        self.grid[line as usize - 1][col as usize - 1]
    }

    pub fn set(&mut self, line: u8, col: u8, r: Option<Rank>) {
        self.grid[line as usize - 1][col as usize - 1] = r;
    }

    pub fn count(&self, rank: Rank) -> u8 {
        self.grid
            .iter()
            .flatten()
            .filter(|c| **c == Some(rank))
            .count() as u8
    }

    /// Pieces still to place (not on the grid), by rank.
    pub fn missing(&self) -> Vec<(Rank, u8)> {
        Rank::ALL
            .iter()
            .filter_map(|&r| {
                let have = self.count(r);
                (have < r.count()).then(|| (r, r.count() - have))
            })
            .collect()
    }

    pub fn is_complete(&self) -> bool {
        self.missing().is_empty()
    }

    /// Every broken rule of RULES.md section 5 (plus counts and camps). Squares are named as on the
    /// board for Red (the owner's view is the same for both sides).
    pub fn problems(&self, rules: &Rules) -> Vec<FormationProblem> {
        use FormationProblem::*;
        let mut out = Vec::new();
        for line in 1..=6u8 {
            for col in 1..=5u8 {
                if let Some(rank) = self.at(line, col) {
                    out.extend(rules.deploy_problems(rank, line, col));
                }
            }
        }
        for rank in Rank::ALL {
            let have = self.count(rank);
            if have > rank.count() {
                out.push(TooMany { rank, have });
            } else if have < rank.count() {
                out.push(Missing {
                    rank,
                    missing: rank.count() - have,
                });
            }
        }
        out
    }

    pub fn is_valid(&self, rules: &Rules) -> bool {
        self.problems(rules).is_empty()
    }

    /// Mirror left–right (column C ↔ 6 − C); camps and HQs are symmetric so validity is kept.
    pub fn mirrored(&self) -> Formation {
        let mut f = self.clone();
        for row in f.grid.iter_mut() {
            row.reverse();
        }
        f
    }

    /// A random valid formation: flag in an HQ, mines in the back lines, bombs behind line 1.
    pub fn random(rng: &mut SplitMix64, rules: &Rules) -> Formation {
        let mut f = Formation {
            name: "random".into(),
            ..Formation::default()
        };
        f.fill_random(rng, rules);
        f
    }

    /// Fill the empty squares with the pieces not yet placed, respecting the deployment rules where
    /// the pieces already placed allow it (returns false if it could not make the formation valid).
    pub fn fill_random(&mut self, rng: &mut SplitMix64, rules: &Rules) -> bool {
        let mut free: Vec<(u8, u8)> = (1..=6u8)
            .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
            .filter(|&(l, c)| !is_camp_square(l, c) && self.at(l, c).is_none())
            .collect();
        let mut ok = true;
        // Most constrained first.
        for r in [Rank::Flag, Rank::Mine, Rank::Bomb] {
            for _ in 0..r.count().saturating_sub(self.count(r)) {
                let allowed: Vec<usize> = free
                    .iter()
                    .enumerate()
                    .filter(|(_, (l, c))| rules.may_deploy(r, *l, *c))
                    .map(|(i, _)| i)
                    .collect();
                if allowed.is_empty() {
                    ok = false;
                    break;
                }
                let i = allowed[rng.below(allowed.len() as u64) as usize];
                let (l, c) = free.swap_remove(i);
                self.set(l, c, Some(r));
            }
        }
        let mut rest: Vec<Rank> = Vec::new();
        for r in Rank::ALL.iter().filter(|r| r.is_officer()) {
            for _ in 0..r.count().saturating_sub(self.count(*r)) {
                rest.push(*r);
            }
        }
        rng.shuffle(&mut free);
        for (sq, r) in free.into_iter().zip(rest) {
            self.set(sq.0, sq.1, Some(r));
        }
        ok && self.is_valid(rules)
    }

    /// The six lines of the file form (front first): five tokens each, a piece code, `.` for
    /// an empty square or `+` for a camp. Formation files and game records both write these.
    pub fn lines(&self) -> Vec<String> {
        self.grid
            .iter()
            .enumerate()
            .map(|(l, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, cell)| match cell {
                        Some(r) => r.code().to_string(),
                        None if is_camp_square(l as u8 + 1, c as u8 + 1) => "+".into(),
                        None => ".".into(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// The RON text of a formation file.
    pub fn to_ron(&self) -> String {
        let lines = self.lines();
        let file = FormationFile {
            version: FORMATION_VERSION,
            name: self.name.clone(),
            name_zh: self.name_zh.clone(),
            notes: self.notes.clone(),
            notes_zh: self.notes_zh.clone(),
            lines,
        };
        let mut s = String::from(
            "// Junqi formation: line 1 (front) to line 6 (back), columns from the owner's left.\n\
             // Codes: 9 marshal … 1 engineer, B bomb, M mine, F flag, . empty, + camp.\n",
        );
        s.push_str(
            &ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
                .expect("formation serializes"),
        );
        s.push('\n');
        s
    }

    /// Read a formation file's text. Syntax errors carry line and column; the content is checked
    /// for shape (6 lines of 5 tokens, known codes), not for the deployment rules.
    ///
    /// # Errors
    /// What is wrong with the text, as a [`FormationFileError`] (never `TooMany`, `PieceInCamp`
    /// or `File`, which the editor's file loading adds).
    pub fn from_ron(text: &str) -> Result<Formation, FormationFileError> {
        use FormationFileError as E;
        if text.len() > MAX_FORMATION_TEXT {
            return Err(E::TooLarge);
        }
        let file: FormationFile = ron::from_str(text).map_err(|e| E::Syntax {
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })?;
        if file.version != FORMATION_VERSION {
            return Err(E::Version(file.version));
        }
        if file.lines.len() != 6 {
            return Err(E::LineCount(file.lines.len()));
        }
        let long =
            |name: &str, notes: &str| name.chars().count() > 200 || notes.chars().count() > 10_000;
        if long(&file.name, &file.notes) || long(&file.name_zh, &file.notes_zh) {
            return Err(E::TooLong);
        }
        let mut f = Formation {
            name: file.name,
            notes: file.notes,
            name_zh: file.name_zh,
            notes_zh: file.notes_zh,
            grid: Default::default(),
        };
        for (l, line) in (1u8..).zip(&file.lines) {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.len() != 5 {
                return Err(E::SquareCount {
                    line: l,
                    found: tokens.len(),
                });
            }
            for (c, t) in (1u8..).zip(&tokens) {
                let cell = match *t {
                    "." | "+" => None,
                    t => {
                        let mut ch = t.chars();
                        match (ch.next(), ch.next()) {
                            (Some(code), None) if Rank::from_code(code).is_some() => {
                                Rank::from_code(code)
                            }
                            _ => {
                                return Err(E::UnknownPiece {
                                    line: l,
                                    col: c,
                                    token: t.to_string(),
                                });
                            }
                        }
                    }
                };
                f.set(l, c, cell);
            }
        }
        Ok(f)
    }
}

/// The longest formation text read (a real file is well under 1 KiB).
pub const MAX_FORMATION_TEXT: usize = 64 * 1024;

/// Why a formation file cannot be used: what is wrong with its text (`Formation::from_ron`), what
/// the editor refuses to show (`TooMany`, `PieceInCamp`), or the file system's failure (`File`).
/// `Display` gives the English the command line prints (`junqi layout check`); the window words
/// each kind in either language (`Lang::formation_file_error`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FormationFileError {
    /// Longer than a formation file can be ([`MAX_FORMATION_TEXT`]).
    TooLarge,
    /// Not the RON of a formation file: where (line and column of the text), and the parser's
    /// reason in English.
    Syntax {
        line: usize,
        col: usize,
        message: String,
    },
    /// A file version this program does not read.
    Version(u32),
    /// Not six lines: how many there are.
    LineCount(usize),
    /// A name over 200 characters or notes over 10 000.
    TooLong,
    /// A line of the formation (1–6) without five squares: how many it has.
    SquareCount { line: u8, found: usize },
    /// A token that is no piece code, at a line (1–6) and column (1–5) of the formation.
    UnknownPiece { line: u8, col: u8, token: String },
    /// More pieces of a rank than a side has (the editor cannot show them).
    TooMany { rank: Rank, have: u8 },
    /// A piece in a camp at a line and column (the editor cannot show it).
    PieceInCamp { line: u8, col: u8 },
    /// The file could not be read or written (which file, and why).
    File(crate::fsutil::FileError),
}

impl fmt::Display for FormationFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FormationFileError::*;
        match self {
            TooLarge => f.write_str("file is too large for a formation (over 64 KiB)"),
            Syntax { line, col, message } => write!(f, "line {line}, column {col}: {message}"),
            Version(v) => write!(
                f,
                "formation version {v} is not supported (this program reads version {FORMATION_VERSION})"
            ),
            LineCount(n) => write!(f, "a formation has 6 lines, found {n}"),
            TooLong => f.write_str("name or notes are too long"),
            SquareCount { line, found } => write!(
                f,
                "line {line} of the formation needs 5 squares, found {found}"
            ),
            UnknownPiece { line, col, token } => write!(
                f,
                "line {line} column {col}: unknown piece '{token}' (use 1-9, B, M, F, . or +)"
            ),
            TooMany { rank, have } => write!(
                f,
                "{have} × {} but a side has only {}",
                rank.en(),
                rank.count()
            ),
            PieceInCamp { line, col } => write!(
                f,
                "a piece in the camp at line {line} column {col}; camps start empty"
            ),
            File(e) => e.fmt(f),
        }
    }
}
impl std::error::Error for FormationFileError {}

/// Build the start of a four-player game from the formations of South, East, North and West
/// (each checked by the same rules), each deployed on its owner's arm by the mapping of RULES.md
/// 9.5; South moves first.
pub fn four_player_setup(
    formations: [&Formation; 4],
    rules: &Rules,
) -> Result<Setup, (Seat, FormationProblem)> {
    let board = Board::four_player();
    let mut setup = Setup::empty(board);
    for (&seat, f) in board.seats.iter().zip(formations) {
        if let Some(&p) = f.problems(rules).first() {
            return Err((seat, p));
        }
        deploy_on(&mut setup, seat, f);
    }
    Ok(setup)
}

/// Put a formation's pieces on `seat`'s deployment nodes of the setup's board.
fn deploy_on(setup: &mut Setup, seat: Seat, f: &Formation) {
    let board = setup.board;
    for l in 1..=6u8 {
        for c in 1..=5u8 {
            if let Some(node) = board.deploy[seat.index()][l as usize - 1][c as usize - 1] {
                debug_assert_ne!(board.kind(node), NodeKind::Camp);
                setup.cells[node as usize] = f.at(l, c).map(|r| Piece::new(seat, r));
            }
        }
    }
}

/// Build the start of an open or hidden game from two formations (each checked).
pub fn start_setup(
    red: &Formation,
    blue: &Formation,
    rules: &Rules,
) -> Result<Setup, (Seat, FormationProblem)> {
    let board = Board::two_player();
    let mut setup = Setup::empty(board);
    for (side, f) in [(Seat::Red, red), (Seat::Blue, blue)] {
        if let Some(&p) = f.problems(rules).first() {
            return Err((side, p));
        }
        deploy_on(&mut setup, side, f);
    }
    Ok(setup)
}

/// The flip-mode deal: 50 pieces face down on the 50 non-camp nodes, shuffled by `seed`.
pub fn flip_deal(seed: u64) -> Setup {
    let board = Board::two_player();
    let mut pieces = Vec::with_capacity(50);
    for side in Seat::BOTH {
        for r in Rank::ALL {
            for _ in 0..r.count() {
                pieces.push(Piece::face_down(side, r));
            }
        }
    }
    let mut rng = SplitMix64::new(seed);
    rng.shuffle(&mut pieces);
    let mut setup = Setup::empty(board);
    let nodes = (0..board.len() as u8).filter(|&n| board.kind(n) != NodeKind::Camp);
    for (n, p) in nodes.zip(pieces) {
        setup.cells[n as usize] = Some(p);
    }
    setup.mover = Mover::Player(1);
    setup
}
