//! Hidden-mode puzzles 残局 of deduction (暗棋): from what one side of a real game knew at one
//! turn (`deduce`), "which enemy piece must be the marshal / a bomb / the flag / a mine?" when
//! exactly one enemy piece on the board is that rank in every deployment consistent with the
//! reports, and "which attack is safe?" when exactly one of the side's attacks on unknown pieces
//! keeps its attacker in every consistent deployment. Their file (RON, version 1, `kind:
//! "hidden"`) holds each puzzle's knowledge (the view, the enemy pieces' facts), not the game's
//! truth; `HiddenPuzzle::prove` answers the question again from it.

use super::PuzzleError;
use super::deduce::{Clash, EnemyPiece, Knowledge, RankSet, Solver, bit, ranks_in, supported};
use crate::engine::{
    ClashOutcome, Mode, NodeId, Rank, Rules, Seat, Seen, Turn, View, Viewer, clash_outcome,
};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The version of the hidden puzzle file format.
pub const HIDDEN_VERSION: u32 = 1;

/// The `kind` a hidden puzzle file names.
pub const HIDDEN_KIND: &str = "hidden";

/// The shipped hidden set, as embedded.
const SHIPPED: &str = include_str!("../../puzzles/hidden.ron");

/// The fewest attacks on unknown pieces a "which attack is safe?" puzzle offers.
pub const MIN_ATTACKS: usize = 3;

/// What a hidden puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Question {
    Marshal,
    Bomb,
    Flag,
    Mine,
    /// Which attack cannot lose its attacker?
    SafeAttack,
}

impl Question {
    /// Every question, in the order a position is searched.
    pub const ALL: [Question; 5] = [
        Question::Marshal,
        Question::Flag,
        Question::Bomb,
        Question::Mine,
        Question::SafeAttack,
    ];

    /// The rank asked for (none for the safe attack).
    pub fn rank(self) -> Option<Rank> {
        match self {
            Question::Marshal => Some(Rank::Marshal),
            Question::Bomb => Some(Rank::Bomb),
            Question::Flag => Some(Rank::Flag),
            Question::Mine => Some(Rank::Mine),
            Question::SafeAttack => None,
        }
    }
}

/// The answer to a hidden puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The enemy piece on this node.
    Piece(NodeId),
    /// This attack.
    Attack(Turn),
}

/// A hidden puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenFile {
    pub version: u32,
    pub kind: String,
    pub puzzles: Vec<HiddenEntry>,
}

/// One clash as the file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClashEntry {
    pub ply: u32,
    pub turn: String,
    /// The side's piece (its code, RULES.md section 1).
    pub mine: char,
    pub by_me: bool,
    pub outcome: ClashOutcome,
    #[serde(default, skip_serializing_if = "is_false")]
    pub flag_shown: bool,
}

/// One enemy piece as the file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceEntry {
    pub from: String,
    /// Where it stands; absent once removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub flew: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<char>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clashes: Vec<ClashEntry>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One hidden puzzle as the file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenEntry {
    pub id: String,
    /// The house rules, when not the default hidden-mode rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
    /// The side's view (NOTATION.md, unknown enemy pieces `b?` / `r?`), the side to move.
    pub view: String,
    /// The enemy's 25 pieces: what the side knew of each.
    pub pieces: Vec<PieceEntry>,
    pub question: Question,
    /// The enemy piece's square, or the attack (`c6-c7`).
    pub answer: String,
    pub rating: u32,
    #[serde(default)]
    pub source: String,
}

/// A hidden puzzle read and checked for form (not yet proven: [`HiddenPuzzle::prove`]).
#[derive(Clone, Debug)]
pub struct HiddenPuzzle {
    pub id: String,
    pub knowledge: Knowledge,
    pub question: Question,
    pub answer: Answer,
    pub rating: u32,
    pub source: String,
}

/// A question answered from some knowledge: its one answer, and whether finding it needs
/// counting the ranks (the pieces' own facts alone leave it open).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub question: Question,
    pub answer: Answer,
    pub counting: bool,
    /// The pieces (rank questions) or attacks (the safe attack) there were to choose from.
    pub choices: usize,
}

/// A hidden puzzle's rating: 1000, 40 for each choice beyond the first (up to 12), and 200 more
/// when the answer needs counting the ranks.
pub fn rating(s: &Solved) -> u32 {
    let choices = s.choices.saturating_sub(1).min(12) as u32;
    1000 + 40 * choices + if s.counting { 200 } else { 0 }
}

/// The attacks of the side to move on unknown enemy pieces: (turn, its piece's rank, the enemy
/// piece).
pub fn attacks(k: &Knowledge) -> Vec<(Turn, Rank, usize)> {
    let mut out = Vec::new();
    for t in k.view.candidate_turns(&k.rules) {
        let Turn::Move { from, to } = t else { continue };
        let (Seen::Known(mine), Seen::Unknown(_)) = (k.view.at(from), k.view.at(to)) else {
            continue;
        };
        if let Some(i) = k.piece_at(to) {
            out.push((t, mine.rank(), i));
        }
    }
    out
}

/// Whether `attacker` keeps its life attacking a piece that may be any rank of `may_be`.
pub fn attack_is_safe(rules: &Rules, attacker: Rank, may_be: RankSet) -> bool {
    ranks_in(may_be).all(|r| {
        !matches!(
            clash_outcome(rules, attacker, r),
            ClashOutcome::AttackerRemoved | ClashOutcome::BothRemoved
        )
    })
}

/// The ranks each enemy piece may be: exactly (every consistent deployment) or, for comparison,
/// by its own facts alone.
fn may_be(k: &Knowledge, solver: &Solver, exact: bool) -> Vec<RankSet> {
    let masks = k.masks();
    (0..k.pieces.len())
        .map(|i| if exact { solver.possible(i) } else { masks[i] })
        .collect()
}

/// The one answer of `q` under the per-piece rank sets `may_be`, with the choices offered.
fn answer_with(k: &Knowledge, q: Question, may_be: &[RankSet]) -> (Option<Answer>, usize) {
    match q.rank() {
        Some(r) => {
            let unknown: Vec<usize> = (0..k.pieces.len()).filter(|&i| k.is_unknown(i)).collect();
            let forced: Vec<usize> = unknown
                .iter()
                .copied()
                .filter(|&i| may_be[i] == bit(r))
                .collect();
            let enemy = k.enemy();
            let choices = unknown
                .iter()
                .filter(|&&i| {
                    super::deduce::Fact::Deployed(k.pieces[i].origin).allows(&k.rules, enemy)
                        & bit(r)
                        != 0
                })
                .count();
            match forced[..] {
                [i] => (k.pieces[i].at.map(Answer::Piece), choices),
                _ => (None, choices),
            }
        }
        None => {
            let all = attacks(k);
            let safe: Vec<Turn> = all
                .iter()
                .filter(|(_, mine, i)| attack_is_safe(&k.rules, *mine, may_be[*i]))
                .map(|(t, _, _)| *t)
                .collect();
            match safe[..] {
                [t] => (Some(Answer::Attack(t)), all.len()),
                _ => (None, all.len()),
            }
        }
    }
}

/// Every question with exactly one answer in `k` that is worth asking (a rank question with at
/// least two pieces whose first squares allow the rank; a safe attack among at least
/// [`MIN_ATTACKS`]).
pub fn solve_all(k: &Knowledge) -> Vec<Solved> {
    let Some(solver) = Solver::new(k.masks()) else {
        return Vec::new();
    };
    let exact = may_be(k, &solver, true);
    let own = may_be(k, &solver, false);
    let mut out = Vec::new();
    for q in Question::ALL {
        let (Some(answer), choices) = answer_with(k, q, &exact) else {
            continue;
        };
        let least = if q == Question::SafeAttack {
            MIN_ATTACKS
        } else {
            2
        };
        if choices < least {
            continue;
        }
        let counting = answer_with(k, q, &own).0 != Some(answer);
        out.push(Solved {
            question: q,
            answer,
            counting,
            choices,
        });
    }
    out
}

/// Whether the knowledge is one a puzzle may stand on: a consistent deployment exists, and an
/// enemy piece still on the board has moved (so the enemy had a movable piece at every turn).
pub fn usable(k: &Knowledge) -> bool {
    k.pieces.iter().any(|p| p.moved && p.at.is_some()) && Solver::new(k.masks()).is_some()
}

impl HiddenEntry {
    /// The entry for a solved question.
    pub fn new(id: String, k: &Knowledge, s: &Solved, source: String) -> HiddenEntry {
        let board = k.view.board();
        let name = |n: NodeId| board.name(n).to_string();
        let pieces = k
            .pieces
            .iter()
            .map(|p| PieceEntry {
                from: name(p.origin),
                at: p.at.map(name),
                moved: p.moved,
                flew: p.flew,
                shown: p.shown.map(Rank::code),
                clashes: p
                    .clashes
                    .iter()
                    .map(|c| ClashEntry {
                        ply: c.ply,
                        turn: c.turn.notation(board),
                        mine: c.mine.code(),
                        by_me: c.by_me,
                        outcome: c.outcome,
                        flag_shown: c.flag_shown,
                    })
                    .collect(),
            })
            .collect();
        HiddenEntry {
            id,
            rules: (k.rules != Rules::for_mode(Mode::Hidden)).then(|| k.rules.clone()),
            view: k.view.notation(),
            pieces,
            question: s.question,
            answer: match s.answer {
                Answer::Piece(n) => name(n),
                Answer::Attack(t) => t.notation(board),
            },
            rating: rating(s),
            source,
        }
    }

    /// The puzzle, its view, pieces and answer read and checked for form.
    ///
    /// # Errors
    /// A view, square, turn or rule the engine refuses, or pieces that do not agree with the
    /// view.
    pub fn check(&self) -> Result<HiddenPuzzle, PuzzleError> {
        let bad = |e: String| PuzzleError::Entry(self.id.clone(), e);
        let rules = self
            .rules
            .clone()
            .unwrap_or_else(|| Rules::for_mode(Mode::Hidden));
        if !supported(&rules) {
            return Err(bad(
                "hidden puzzles need hidden mode without flag rules or scouting".into(),
            ));
        }
        let side = match self.view.split(' ').nth(1) {
            Some("r") => Seat::Red,
            Some("b") => Seat::Blue,
            _ => return Err(bad("the view has no side to move".into())),
        };
        let view = read_view(&self.view, side, &rules).map_err(|e| bad(format!("view: {e}")))?;
        let board = view.board();
        let node = |s: &str| {
            board
                .node_by_name(s)
                .ok_or_else(|| bad(format!("no square {s}")))
        };
        let rank = |c: char| Rank::from_code(c).ok_or_else(|| bad(format!("no piece code {c}")));
        if self.pieces.len() != 25 {
            return Err(bad(format!("{} enemy pieces, not 25", self.pieces.len())));
        }
        let mut pieces = Vec::with_capacity(25);
        for p in &self.pieces {
            let mut clashes = Vec::new();
            for c in &p.clashes {
                clashes.push(Clash {
                    ply: c.ply,
                    turn: Turn::parse(&c.turn, board).map_err(|e| bad(e.to_string()))?,
                    mine: rank(c.mine)?,
                    by_me: c.by_me,
                    outcome: c.outcome,
                    flag_shown: c.flag_shown,
                });
            }
            pieces.push(EnemyPiece {
                origin: node(&p.from)?,
                at: p.at.as_deref().map(node).transpose()?,
                moved: p.moved,
                flew: p.flew,
                shown: p.shown.map(rank).transpose()?,
                clashes,
            });
        }
        let enemy = side.opponent().expect("two players");
        for (i, s) in view.cells().iter().enumerate() {
            let enemy_here = match s {
                Seen::Unknown(e) => *e == enemy,
                Seen::Known(p) => p.side() == enemy,
                _ => false,
            };
            let listed = pieces.iter().filter(|p| p.at == Some(i as NodeId)).count();
            if listed != usize::from(enemy_here) {
                return Err(bad(format!(
                    "the enemy pieces listed do not agree with the view at {}",
                    board.name(i as NodeId)
                )));
            }
        }
        let answer = match self.question {
            Question::SafeAttack => {
                Answer::Attack(Turn::parse(&self.answer, board).map_err(|e| bad(e.to_string()))?)
            }
            _ => Answer::Piece(node(&self.answer)?),
        };
        Ok(HiddenPuzzle {
            id: self.id.clone(),
            knowledge: Knowledge {
                rules,
                view,
                side,
                pieces,
            },
            question: self.question,
            answer,
            rating: self.rating,
            source: self.source.clone(),
        })
    }
}

/// A view read back from its notation: the side's own mines counted on it, the enemy's known
/// only while one stands revealed.
fn read_view(text: &str, side: Seat, rules: &Rules) -> Result<View, String> {
    let own_mine = text
        .split(' ')
        .next()
        .unwrap_or("")
        .contains(&format!("{}M", side.char()));
    let enemy = side.opponent().expect("two players");
    let enemy_mine = text
        .split(' ')
        .next()
        .unwrap_or("")
        .contains(&format!("{}M", enemy.char()));
    let yn = |b: bool| if b { 'y' } else { 'n' };
    let mines: String = Seat::BOTH
        .iter()
        .map(|&s| {
            if s == side {
                yn(own_mine)
            } else if enemy_mine {
                'y'
            } else {
                '?'
            }
        })
        .collect();
    View::from_notation(text, Viewer::Side(side), rules, &mines).map_err(|e| e.to_string())
}

impl HiddenPuzzle {
    /// The side the puzzle is for (to move).
    pub fn side(&self) -> Seat {
        self.knowledge.side
    }

    /// The exact solver of its knowledge.
    pub fn solver(&self) -> Option<Solver> {
        Solver::new(self.knowledge.masks())
    }

    /// Prove it again: some deployment agrees with the knowledge, an enemy piece on the board has
    /// moved, and the question has exactly this one answer.
    ///
    /// # Errors
    /// What was found instead.
    pub fn prove(&self) -> Result<(), PuzzleError> {
        let fail = |e: String| PuzzleError::NotProven(self.id.clone(), e);
        if !usable(&self.knowledge) {
            return Err(fail(
                "no deployment agrees with the reports, or no enemy piece on the board has moved"
                    .into(),
            ));
        }
        let solver = self.solver().expect("usable");
        let exact = may_be(&self.knowledge, &solver, true);
        match answer_with(&self.knowledge, self.question, &exact).0 {
            Some(a) if a == self.answer => Ok(()),
            Some(_) => Err(fail("the reports force another answer".into())),
            None => Err(fail("the reports do not force exactly one answer".into())),
        }
    }

    /// The answer's square (the enemy piece, or the attacked one).
    pub fn answer_node(&self) -> NodeId {
        match self.answer {
            Answer::Piece(n) => n,
            Answer::Attack(Turn::Move { to, .. }) => to,
            Answer::Attack(Turn::Flip(n)) => n,
        }
    }
}

impl HiddenFile {
    /// Read a hidden puzzle file's text.
    ///
    /// # Errors
    /// Not RON in this format, another version or kind.
    pub fn parse(text: &str) -> Result<HiddenFile, PuzzleError> {
        let f: HiddenFile = ron::from_str(text).map_err(|e| PuzzleError::Format(e.to_string()))?;
        if f.version != HIDDEN_VERSION {
            return Err(PuzzleError::Version(f.version));
        }
        if f.kind != HIDDEN_KIND {
            return Err(PuzzleError::Format(format!(
                "kind {:?} is not \"hidden\"",
                f.kind
            )));
        }
        Ok(f)
    }

    /// Read the file at `path`.
    ///
    /// # Errors
    /// As [`HiddenFile::parse`], or the file cannot be read.
    pub fn read(path: &Path) -> Result<HiddenFile, PuzzleError> {
        HiddenFile::parse(&super::read_text(path)?)
    }

    /// The file as text (pretty RON).
    pub fn to_ron(&self) -> String {
        super::ron_text(self, 4)
    }

    /// Write it atomically to `path`.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), PuzzleError> {
        super::write_text(path, &self.to_ron())
    }

    /// Every puzzle, checked for form (not proven).
    ///
    /// # Errors
    /// The first puzzle that does not read.
    pub fn puzzles(&self) -> Result<Vec<HiddenPuzzle>, PuzzleError> {
        self.puzzles.iter().map(HiddenEntry::check).collect()
    }
}

/// Whether a puzzle file's text names the hidden kind.
pub fn is_hidden_file(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Kind {
        #[serde(default)]
        kind: String,
    }
    ron::from_str::<Kind>(text).is_ok_and(|k| k.kind == HIDDEN_KIND)
}

/// The shipped hidden puzzles, read once (one that does not read is left out; the shipped set's
/// test reads them all).
pub fn shipped() -> &'static [HiddenPuzzle] {
    static SET: std::sync::OnceLock<Vec<HiddenPuzzle>> = std::sync::OnceLock::new();
    SET.get_or_init(|| {
        HiddenFile::parse(SHIPPED)
            .map(|f| f.puzzles.iter().filter_map(|e| e.check().ok()).collect())
            .unwrap_or_default()
    })
}

/// The shipped file's text (for its test).
pub fn shipped_text() -> &'static str {
    SHIPPED
}
