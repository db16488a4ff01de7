//! Puzzles 残局: open-mode (明棋) positions from real games where exactly one first turn takes the
//! enemy flag by force fastest, or wins decisive material fastest (each puzzle's `goal`), proven
//! by an exhaustive search (`prove`, where the exact definitions are). A puzzle file (RON,
//! `version` 1) holds them with their positions in the notation of NOTATION.md; the shipped sets
//! (`puzzles/open.ron`, the flag; `puzzles/material.ron`, material) are embedded in the program.

pub mod deduce;
pub mod hidden;
pub mod prove;

use crate::engine::{Mode, Position, Rank, Rules, Seat, Turn};
use crate::fsutil;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

pub use prove::{
    DECISIVE, Goal, MAX_DEPTH, OutOfBudget, Prover, Refutation, Solved, Verdict, material,
};

/// The version of the puzzle file format this program reads and writes.
pub const PUZZLE_VERSION: u32 = 1;

/// The node budget a puzzle is proven within (making one and checking one).
pub const PROOF_BUDGET: u64 = 3_000_000;

/// The largest puzzle file read (bytes).
const MAX_FILE_BYTES: u64 = 16 << 20;

/// The shipped flag puzzles, as embedded.
const SHIPPED: &str = include_str!("../../puzzles/open.ron");
/// The shipped material puzzles, as embedded.
const SHIPPED_MATERIAL: &str = include_str!("../../puzzles/material.ron");

/// A puzzle file: its version and its puzzles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleFile {
    pub version: u32,
    pub puzzles: Vec<PuzzleEntry>,
}

/// One puzzle as the file writes it: text that [`PuzzleEntry::check`] turns into a [`Puzzle`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleEntry {
    pub id: String,
    /// The position, mover to move (NOTATION.md).
    pub position: String,
    /// The house rules, when not the default open-mode rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
    /// What the mover wins: the flag (also when the file does not say) or decisive material.
    #[serde(default)]
    pub goal: Goal,
    /// The mover's turns the win takes.
    pub depth: u32,
    /// The one first turn that wins within `depth` turns.
    pub answer: String,
    /// A forced line: the answer, a defence, … to the win.
    pub line: Vec<String>,
    /// The defences the proof played.
    pub defences: u64,
    /// The puzzle's rating (Elo scale).
    pub rating: u32,
    /// Where the position came from (a record file and ply, or self-play).
    #[serde(default)]
    pub source: String,
}

/// A puzzle whose position, rules and turns the engine has accepted (not yet re-proven: see
/// [`Puzzle::prove`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub position: Position,
    pub rules: Rules,
    pub goal: Goal,
    pub depth: u32,
    pub answer: Turn,
    pub line: Vec<Turn>,
    pub defences: u64,
    pub rating: u32,
    pub source: String,
}

/// What is wrong with a puzzle file or a puzzle in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The file could not be read or written.
    File(String),
    /// Not RON in the puzzle format.
    Format(String),
    Version(u32),
    /// A puzzle that does not read (its id, what is wrong).
    Entry(String, String),
    /// A puzzle the prover does not confirm (its id, what it found).
    NotProven(String, String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::File(e) => write!(f, "{e}"),
            PuzzleError::Format(e) => write!(f, "not a puzzle file: {e}"),
            PuzzleError::Version(v) => write!(
                f,
                "puzzle file version {v}; this program reads version {PUZZLE_VERSION}"
            ),
            PuzzleError::Entry(id, e) => write!(f, "puzzle {id}: {e}"),
            PuzzleError::NotProven(id, e) => write!(f, "puzzle {id} is not proven: {e}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// A puzzle's rating: 1000, 200 more for each turn of its depth, and up to about 300 more by
/// how many defences its proof had to refute (their count's decimal logarithm × 60).
pub fn rating(depth: u32, defences: u64) -> u32 {
    let spread = (60.0 * ((1 + defences) as f64).log10()).round() as u32;
    1000 + 200 * depth + spread.min(400)
}

/// A player's puzzle rating before any puzzle.
pub const START_RATING: f64 = 1200.0;

/// Elo's K for puzzles.
pub const ELO_K: f64 = 32.0;

/// The player's rating after a puzzle rated `puzzle` was `solved` or not (Elo, K = 32).
pub fn elo(player: f64, puzzle: f64, solved: bool) -> f64 {
    let expected = 1.0 / (1.0 + 10f64.powf((puzzle - player) / 400.0));
    let score = if solved { 1.0 } else { 0.0 };
    player + ELO_K * (score - expected)
}

impl PuzzleFile {
    /// Read a puzzle file's text (not its puzzles: see [`PuzzleFile::puzzles`]).
    ///
    /// # Errors
    /// Not RON in this format, or another version.
    pub fn parse(text: &str) -> Result<PuzzleFile, PuzzleError> {
        #[derive(Deserialize)]
        struct Version {
            version: u32,
        }
        let v: Version = ron::from_str(text).map_err(|e| PuzzleError::Format(e.to_string()))?;
        if v.version != PUZZLE_VERSION {
            return Err(PuzzleError::Version(v.version));
        }
        ron::from_str(text).map_err(|e| PuzzleError::Format(e.to_string()))
    }

    /// Read the file at `path`.
    ///
    /// # Errors
    /// As [`PuzzleFile::parse`], or the file cannot be read.
    pub fn read(path: &Path) -> Result<PuzzleFile, PuzzleError> {
        PuzzleFile::parse(&read_text(path)?)
    }

    /// The file as text (pretty RON).
    pub fn to_ron(&self) -> String {
        ron_text(self, 3)
    }

    /// Write it atomically to `path`.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), PuzzleError> {
        write_text(path, &self.to_ron())
    }

    /// Every puzzle, checked by the engine (not re-proven).
    ///
    /// # Errors
    /// The first puzzle that does not read.
    pub fn puzzles(&self) -> Result<Vec<Puzzle>, PuzzleError> {
        self.puzzles.iter().map(PuzzleEntry::check).collect()
    }
}

/// A puzzle file's text at `path` (bounded: `MAX_FILE_BYTES`).
fn read_text(path: &Path) -> Result<String, PuzzleError> {
    fsutil::read_text(path, MAX_FILE_BYTES).map_err(|e| PuzzleError::File(e.to_string()))
}

/// A puzzle file as pretty RON, nested to `depth` levels, ending with a new line.
fn ron_text(file: &impl serde::Serialize, depth: usize) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(depth);
    let mut text = ron::ser::to_string_pretty(file, config).expect("puzzles serialise");
    text.push('\n');
    text
}

/// `text` written atomically to `path`.
fn write_text(path: &Path, text: &str) -> Result<(), PuzzleError> {
    fsutil::atomic_write(path, text.as_bytes()).map_err(|e| PuzzleError::File(e.to_string()))
}

impl PuzzleEntry {
    /// The entry for a position solved for `goal`.
    pub fn new(
        id: String,
        pos: &Position,
        rules: &Rules,
        goal: Goal,
        s: &Solved,
        source: String,
    ) -> Self {
        let board = pos.board();
        PuzzleEntry {
            id,
            position: pos.notation(),
            rules: (*rules != Rules::for_mode(Mode::Open)).then(|| rules.clone()),
            goal,
            depth: s.depth,
            answer: s.answer.notation(board),
            line: s.line.iter().map(|t| t.notation(board)).collect(),
            defences: s.defences,
            rating: rating(s.depth, s.defences),
            source,
        }
    }

    /// The puzzle, its position and turns read and checked by the engine.
    ///
    /// # Errors
    /// A position, turn or rule the engine refuses, or a depth out of range.
    pub fn check(&self) -> Result<Puzzle, PuzzleError> {
        let bad = |e: String| PuzzleError::Entry(self.id.clone(), e);
        let rules = self
            .rules
            .clone()
            .unwrap_or_else(|| Rules::for_mode(Mode::Open));
        if rules.mode != Mode::Open {
            return Err(bad("only open-mode puzzles are read".into()));
        }
        let position = Position::from_notation(&self.position, &rules)
            .map_err(|e| bad(format!("position: {e}")))?;
        if position.board().is_four() || position.side_to_move().is_none() {
            return Err(bad("not a two-player position with a side to move".into()));
        }
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return Err(bad(format!("depth {} is not 1 to {MAX_DEPTH}", self.depth)));
        }
        let board = position.board();
        let answer = Turn::parse(&self.answer, board).map_err(|e| bad(e.to_string()))?;
        let mut line = Vec::with_capacity(self.line.len());
        let mut at = position;
        for t in &self.line {
            let turn = Turn::parse(t, board).map_err(|e| bad(e.to_string()))?;
            at.play(&rules, turn)
                .map_err(|e| bad(format!("line turn {t}: {e}")))?;
            line.push(turn);
        }
        if line.first() != Some(&answer) {
            return Err(bad("the line does not begin with the answer".into()));
        }
        Ok(Puzzle {
            id: self.id.clone(),
            position,
            rules,
            goal: self.goal,
            depth: self.depth,
            answer,
            line,
            defences: self.defences,
            rating: self.rating,
            source: self.source.clone(),
        })
    }
}

impl Puzzle {
    /// The side to move: the one the puzzle is for.
    pub fn mover(&self) -> Seat {
        self.position.side_to_move().expect("checked when read")
    }

    /// The square the answer moves from.
    pub fn answer_from(&self) -> crate::engine::NodeId {
        match self.answer {
            Turn::Move { from, .. } => from,
            Turn::Flip(n) => n,
        }
    }

    /// What the forced line wins: the pieces the enemy loses along it, and the mover's own.
    pub fn won_along_line(&self) -> (Vec<Rank>, Vec<Rank>) {
        let mut at = self.position;
        for &t in &self.line {
            at.play_unchecked_fast(&self.rules, t);
        }
        let me = self.mover();
        let count = |p: &Position| {
            let mut n = [[0u8; 16]; 2];
            for q in p.cells().iter().flatten() {
                n[usize::from(q.side() != me)][q.rank() as usize] += 1;
            }
            n
        };
        let (before, after) = (count(&self.position), count(&at));
        let lost = |side: usize| {
            let mut out = Vec::new();
            for r in &Rank::ALL {
                let k = before[side][*r as usize].saturating_sub(after[side][*r as usize]);
                out.extend(std::iter::repeat_n(*r, k as usize));
            }
            out
        };
        (lost(1), lost(0))
    }

    /// Prove it again: the answer is the only first turn that wins its goal within its depth,
    /// and none wins sooner; the line ends in the mover's win (the material goal: or in the
    /// decisive gain).
    ///
    /// # Errors
    /// What the prover found instead, or that it ran out of budget.
    pub fn prove(&self, budget: u64) -> Result<(), PuzzleError> {
        let fail = |e: String| PuzzleError::NotProven(self.id.clone(), e);
        let mut prover = Prover::with_goal(&self.rules, budget, self.goal);
        let verdict = prover
            .verdict(&self.position, self.depth)
            .map_err(|_| fail(format!("no proof within {budget} nodes")))?;
        let board = self.position.board();
        match verdict {
            Verdict::Wins { depth, turns } if depth == self.depth && turns == [self.answer] => {}
            Verdict::Wins { depth, turns } => {
                let names: Vec<String> = turns.iter().map(|t| t.notation(board)).collect();
                return Err(fail(format!(
                    "wins in {depth} with {} (the file says {} in {})",
                    names.join(", "),
                    self.answer.notation(board),
                    self.depth
                )));
            }
            Verdict::NoWin => return Err(fail(format!("no win within {}", self.depth))),
        }
        let mut at = self.position;
        for &t in &self.line {
            at.play_unchecked_fast(&self.rules, t);
        }
        let won = matches!(at.status(&self.rules),
            crate::engine::Status::Won(team, _) if team == self.mover().team());
        let me = self.mover();
        let gained = self.goal == Goal::Material
            && at.status(&self.rules) == crate::engine::Status::Ongoing
            && material(&at, me) - material(&self.position, me) >= DECISIVE;
        if !won && !gained {
            return Err(fail("its line does not end in a win".into()));
        }
        Ok(())
    }
}

/// The shipped puzzles of both goals, read once, easiest first (the flag's before material's at
/// equal rating; a puzzle that does not read is left out; the shipped sets' test reads them all).
pub fn shipped() -> &'static [Puzzle] {
    static SET: std::sync::OnceLock<Vec<Puzzle>> = std::sync::OnceLock::new();
    SET.get_or_init(|| {
        let mut all: Vec<Puzzle> = [SHIPPED, SHIPPED_MATERIAL]
            .iter()
            .filter_map(|text| PuzzleFile::parse(text).ok())
            .flat_map(|f| f.puzzles.into_iter().filter_map(|e| e.check().ok()))
            .collect();
        all.sort_by_key(|p| p.rating);
        all
    })
}

/// The shipped files' texts (for their test): the flag puzzles, the material ones.
pub fn shipped_texts() -> [&'static str; 2] {
    [SHIPPED, SHIPPED_MATERIAL]
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_hidden;
#[cfg(test)]
mod tests_material;
