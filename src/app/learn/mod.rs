//! Lessons 教程: short interactive lessons, each a small position and a task that the rules
//! engine checks. The lessons are data (`lessons/*.ron`, read by `lesson`); `Learn` is the
//! screen's model (the list, or one lesson being played), changed only by `apply(LearnCmd)`;
//! `screen` draws it and returns `LearnCmd`s.

pub mod deduction;
pub mod deduction_screen;
pub mod lesson;
mod practice;
pub mod puzzle;
pub mod puzzle_screen;
pub mod screen;
#[cfg(test)]
mod tests;

use crate::app::settings::{PuzzleKind, PuzzleScore};
use crate::engine::{Game, IllegalTurn, Mover, NodeId, Seat, Seen, Status, Turn, View, Viewer};
pub use deduction::{HiddenRun, HiddenSaid, Reasons};
pub use lesson::{Goal, Lesson, LessonError, Words};
pub use puzzle::{PuzzleRun, PuzzleSaid, Wrong};

/// Something the lesson screen asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnCmd {
    /// Open the lesson of this index (in `lesson::all()`).
    Open(usize),
    /// Back to the list (from a lesson), or to the first screen (from the list).
    Back,
    /// A click on a board node.
    Node(NodeId),
    Hint,
    /// Start the lesson again from its position.
    Reset,
    /// The next lesson.
    Next,
    /// Open the puzzles (残局), at the one the player is at.
    OpenPuzzles,
    /// A click on a board node of the puzzle.
    PuzzleNode(NodeId),
    /// The puzzle again from its position.
    PuzzleRetry,
    /// The next puzzle.
    PuzzleNext,
    /// Offer this kind of puzzle (kept in the settings) and show the one it is at.
    PuzzleKind(PuzzleKind),
    /// Show or hide a wrong pick's deployment (hidden puzzles).
    PuzzleDeployment,
}

/// A puzzle of the shipped sets: an open one or a hidden one, by its index in its set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleRef {
    Open(usize),
    Hidden(usize),
}

/// The puzzles of a kind in the order they are offered: each set as shipped (easiest first),
/// or with both kinds the two sets merged by rating.
pub fn catalogue(kind: PuzzleKind) -> &'static [PuzzleRef] {
    use std::sync::OnceLock;
    static SETS: OnceLock<[Vec<PuzzleRef>; 3]> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        let open: Vec<PuzzleRef> = (0..crate::puzzles::shipped().len())
            .map(PuzzleRef::Open)
            .collect();
        let hidden: Vec<PuzzleRef> = (0..crate::puzzles::hidden::shipped().len())
            .map(PuzzleRef::Hidden)
            .collect();
        let rating = |r: &PuzzleRef| match *r {
            PuzzleRef::Open(i) => crate::puzzles::shipped()[i].rating,
            PuzzleRef::Hidden(i) => crate::puzzles::hidden::shipped()[i].rating,
        };
        let mut mixed: Vec<PuzzleRef> = open.iter().chain(&hidden).copied().collect();
        mixed.sort_by_key(rating);
        [open, hidden, mixed]
    });
    match kind {
        PuzzleKind::Open => &sets[0],
        PuzzleKind::Hidden => &sets[1],
        PuzzleKind::Mixed => &sets[2],
    }
}

/// What the app does after a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnOutcome {
    Stay,
    /// Leave for the first screen.
    Home,
    /// The lesson of this id was just learnt: the settings keep it.
    Learnt(String),
}

/// The lesson screen: the list, or a lesson open.
#[derive(Default)]
pub struct Learn {
    pub open: Option<LessonRun>,
    /// The open puzzle on screen, when the puzzles are open at one.
    pub puzzle: Option<PuzzleRun>,
    /// The hidden puzzle on screen, when the puzzles are open at one.
    pub hidden: Option<HiddenRun>,
    /// The puzzle's place in the `catalogue` of the kind offered.
    pub place: usize,
}

/// What the lesson says after the player's last click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Click a piece of your own first.
    PickFirst,
    /// The engine refused the turn; its reason.
    Illegal(IllegalTurn),
    /// Allowed, but not the answer: why.
    Miss(Words),
    /// A step done; the other seats' replies (seat, turn in notation).
    Good(Vec<(Seat, String)>),
    /// A scripted reply the engine refused (the lesson's data is wrong).
    BrokenReply(String, IllegalTurn),
}

/// One lesson being played.
pub struct LessonRun {
    pub index: usize,
    pub lesson: &'static Lesson,
    game: Game,
    player: Seat,
    step: usize,
    selected: Option<NodeId>,
    said: Option<Said>,
    hint: bool,
    done: bool,
}

impl Learn {
    /// `apply_with` on a score that is not kept (the lessons keep none).
    pub fn apply(&mut self, cmd: LearnCmd) -> LearnOutcome {
        self.apply_with(cmd, &mut PuzzleScore::default())
    }

    /// Carry out `cmd`; the puzzles' first tries are rated in `score`, and it keeps the puzzle
    /// the player is at.
    pub fn apply_with(&mut self, cmd: LearnCmd, score: &mut PuzzleScore) -> LearnOutcome {
        match cmd {
            LearnCmd::OpenPuzzles => {
                self.show_puzzle(score.kind, score.next_of_kind());
                LearnOutcome::Stay
            }
            LearnCmd::PuzzleKind(kind) => {
                score.kind = kind;
                self.show_puzzle(kind, score.next_of_kind());
                LearnOutcome::Stay
            }
            LearnCmd::PuzzleNode(n) => {
                let len = catalogue(score.kind).len().max(1);
                let rated = if let Some(p) = &mut self.puzzle {
                    let before = p.change().is_some();
                    p.click(n, score);
                    !before && p.change().is_some()
                } else if let Some(p) = &mut self.hidden {
                    let before = p.change().is_some();
                    p.click(n, score);
                    !before && p.change().is_some()
                } else {
                    false
                };
                if rated {
                    // Tried: the next visit starts at the puzzle after it.
                    score.set_next_of_kind((self.place + 1) % len);
                }
                LearnOutcome::Stay
            }
            LearnCmd::PuzzleRetry => {
                if let Some(p) = &mut self.puzzle {
                    p.retry();
                }
                if let Some(p) = &mut self.hidden {
                    p.retry();
                }
                LearnOutcome::Stay
            }
            LearnCmd::PuzzleDeployment => {
                if let Some(p) = &mut self.hidden {
                    p.toggle_deployment();
                }
                LearnOutcome::Stay
            }
            LearnCmd::PuzzleNext => {
                if self.puzzle.is_some() || self.hidden.is_some() {
                    self.show_puzzle(score.kind, self.place + 1);
                    score.set_next_of_kind(self.place);
                }
                LearnOutcome::Stay
            }
            LearnCmd::Back if self.puzzle.is_some() || self.hidden.is_some() => {
                self.puzzle = None;
                self.hidden = None;
                LearnOutcome::Stay
            }
            LearnCmd::Open(i) => {
                self.open = LessonRun::new(i);
                LearnOutcome::Stay
            }
            LearnCmd::Back => match self.open.take() {
                Some(_) => LearnOutcome::Stay,
                None => LearnOutcome::Home,
            },
            LearnCmd::Next => {
                if let Some(run) = &self.open {
                    // The next lesson that reads; none after the last.
                    let next = (run.index + 1..lesson::all().len()).find_map(LessonRun::new);
                    if next.is_some() {
                        self.open = next;
                    }
                }
                LearnOutcome::Stay
            }
            LearnCmd::Reset => {
                if let Some(run) = &self.open {
                    self.open = LessonRun::new(run.index);
                }
                LearnOutcome::Stay
            }
            LearnCmd::Hint => {
                if let Some(run) = &mut self.open {
                    run.hint = !run.done;
                }
                LearnOutcome::Stay
            }
            LearnCmd::Node(n) => match &mut self.open {
                Some(run) => {
                    if run.click(n) {
                        LearnOutcome::Learnt(run.lesson.id.clone())
                    } else {
                        LearnOutcome::Stay
                    }
                }
                None => LearnOutcome::Stay,
            },
        }
    }
}

impl Learn {
    /// Show the puzzle at `place` (wrapping round) of the kind's catalogue.
    fn show_puzzle(&mut self, kind: PuzzleKind, place: usize) {
        let cat = catalogue(kind);
        self.puzzle = None;
        self.hidden = None;
        if cat.is_empty() {
            return;
        }
        self.place = place % cat.len();
        match cat[self.place] {
            PuzzleRef::Open(i) => self.puzzle = PuzzleRun::new(i),
            PuzzleRef::Hidden(i) => self.hidden = HiddenRun::new(i),
        }
    }

    /// Whether a puzzle is on screen.
    pub fn in_puzzles(&self) -> bool {
        self.puzzle.is_some() || self.hidden.is_some()
    }
}

impl LessonRun {
    /// The lesson of index `i` at its start, if it reads (its position was checked when read).
    pub fn new(index: usize) -> Option<LessonRun> {
        let lesson = lesson::all().get(index)?.as_ref().ok()?;
        let game = lesson.game().ok()?;
        let player = match game.position().mover() {
            Mover::Side(s) => s,
            Mover::Player(_) => return None,
        };
        Some(LessonRun {
            index,
            lesson,
            game,
            player,
            step: 0,
            selected: None,
            said: None,
            hint: false,
            done: false,
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn player(&self) -> Seat {
        self.player
    }
    /// The step the player is at (the last one once done).
    pub fn step(&self) -> usize {
        self.step.min(self.lesson.steps.len() - 1)
    }
    pub fn selected(&self) -> Option<NodeId> {
        self.selected
    }
    pub fn said(&self) -> Option<&Said> {
        self.said.as_ref()
    }
    pub fn done(&self) -> bool {
        self.done
    }
    /// The squares the hint frames, when the hint is shown.
    pub fn hint(&self) -> Option<&[NodeId]> {
        (self.hint && !self.done).then(|| self.lesson.steps[self.step()].hint.as_slice())
    }

    /// The board as the player sees it (hidden lessons: enemy pieces show their backs).
    pub fn view(&self) -> View {
        self.game.view(Viewer::Side(self.player))
    }

    /// A click on node `n`: select a piece of the player's, or try the selected piece's move
    /// there (a face-down piece: a flip). True when the lesson was just learnt.
    fn click(&mut self, n: NodeId) -> bool {
        if self.done {
            return false;
        }
        let view = self.view();
        if view.at(n) == Seen::FaceDown {
            // A face-down piece is never a destination: a click flips it, as in play.
            self.selected = None;
            return self.try_turn(Turn::Flip(n));
        }
        let mine =
            matches!(view.at(n), Seen::Known(p) if p.side() == self.player && !p.is_face_down());
        match self.selected {
            Some(s) if s == n => {
                self.selected = None;
                false
            }
            Some(from) if !mine => self.try_turn(Turn::Move { from, to: n }),
            _ if mine => {
                self.selected = Some(n);
                // A piece that never moves says so at once, as on the play screen.
                self.said = self
                    .game
                    .position()
                    .check_turn(self.game.rules(), Turn::Move { from: n, to: n })
                    .err()
                    .filter(IllegalTurn::is_immobile)
                    .map(Said::Illegal);
                false
            }
            _ => {
                self.said = Some(Said::PickFirst);
                false
            }
        }
    }

    /// Check `turn` with the engine, then against the step's goal; an accepted turn is played
    /// with the scripted replies after it. True when it finished the lesson.
    fn try_turn(&mut self, turn: Turn) -> bool {
        let step = &self.lesson.steps[self.step];
        let mut after = self.game.clone();
        if let Err(e) = after.play(turn) {
            self.said = Some(Said::Illegal(e));
            return false;
        }
        if !meets(&step.goal, turn, &after, self.player) {
            let why = step
                .wrong
                .iter()
                .find(|w| w.turn == turn)
                .and_then(|w| w.why.clone())
                .unwrap_or_else(|| step.miss.clone());
            self.said = Some(Said::Miss(why));
            return false;
        }
        let mut replies = Vec::new();
        for &reply in &step.reply {
            let seat = after.position().side_to_move();
            if let Err(e) = after.play(reply) {
                self.said = Some(Said::BrokenReply(reply.notation(after.board()), e));
                return false;
            }
            if let Some(seat) = seat {
                replies.push((seat, reply.notation(after.board())));
            }
        }
        self.game = after;
        self.selected = None;
        self.hint = false;
        self.said = Some(Said::Good(replies));
        self.step += 1;
        if self.step == self.lesson.steps.len() {
            self.done = true;
        }
        self.done
    }
}

/// Whether `after` (the game once `turn` was played) meets `goal` for `player`.
pub fn meets(goal: &Goal, turn: Turn, after: &Game, player: Seat) -> bool {
    let pos = after.position();
    match goal {
        Goal::Turns(v) => v.contains(&turn),
        Goal::Reach(n) => pos.at(*n).is_some_and(|p| p.side() == player),
        Goal::Take(n) => pos.at(*n).is_none_or(|p| p.side() == player),
        Goal::Win => {
            matches!(after.status(), Status::Won(team, _) if team.seats().contains(&player))
        }
    }
}
