//! A puzzle being played (残局): the player tries a first turn; the engine checks that it is
//! legal, the puzzle's proven answer says whether it is right, and for a wrong one the prover
//! (for the puzzle's goal) finds the defence that saves the flag, or keeps the material, which
//! is played out on the board.

use crate::app::settings::PuzzleScore;
use crate::engine::{Game, IllegalTurn, NodeId, Seat, Seen, Start, Turn, View, Viewer};
use crate::puzzles::{self, PROOF_BUDGET, Prover, Puzzle, Refutation};

/// Why a legal first turn is not the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The defender's answer (its side, the turn) that holds the flag (or keeps the material)
    /// for the turns left.
    Defence(Seat, String),
    /// The turn ends the game without the mover's win.
    EndsGame,
    /// A one-turn puzzle: the turn does not take the flag.
    NoTake,
    /// The prover ran out of budget on this turn.
    Unproven,
}

/// What the puzzle says after the player's last click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleSaid {
    /// Click a piece of your own first.
    PickFirst,
    /// The engine refused the turn; its reason.
    Illegal(IllegalTurn),
    /// The answer: the forced line (in notation) is on the board.
    Solved(Vec<String>),
    /// A legal turn (in notation) that is not the answer, and why.
    Wrong(String, Wrong),
}

/// One puzzle on screen.
pub struct PuzzleRun {
    /// Its index in the shipped set.
    pub index: usize,
    pub puzzle: &'static Puzzle,
    game: Game,
    selected: Option<NodeId>,
    said: Option<PuzzleSaid>,
    /// The first try was rated: later tries change nothing.
    rated: bool,
    /// Solved or refuted: the board waits for "try again" or "next".
    finished: bool,
    /// What the first try did to the rating.
    change: Option<f64>,
}

impl PuzzleRun {
    /// Puzzle `index` of the shipped set (wrapping round), at its start; none if there are none.
    pub fn new(index: usize) -> Option<PuzzleRun> {
        let set = puzzles::shipped();
        if set.is_empty() {
            return None;
        }
        let index = index % set.len();
        let puzzle = &set[index];
        let game = start(puzzle)?;
        Some(PuzzleRun {
            index,
            puzzle,
            game,
            selected: None,
            said: None,
            rated: false,
            finished: false,
            change: None,
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn player(&self) -> Seat {
        self.puzzle.mover()
    }
    pub fn selected(&self) -> Option<NodeId> {
        self.selected
    }
    pub fn said(&self) -> Option<&PuzzleSaid> {
        self.said.as_ref()
    }
    pub fn finished(&self) -> bool {
        self.finished
    }
    /// The rating's change from the first try, once tried.
    pub fn change(&self) -> Option<f64> {
        self.change
    }

    /// The board (open mode: everything shows).
    pub fn view(&self) -> View {
        self.game.view(Viewer::Side(self.player()))
    }

    /// Back to the puzzle's position for another try (not rated again).
    pub fn retry(&mut self) {
        if let Some(game) = start(self.puzzle) {
            self.game = game;
        }
        self.selected = None;
        self.said = None;
        self.finished = false;
    }

    /// A click on node `n`: pick a piece of the player's, or try the picked piece's move there.
    pub fn click(&mut self, n: NodeId, score: &mut PuzzleScore) {
        if self.finished {
            return;
        }
        let player = self.player();
        let mine = matches!(self.view().at(n), Seen::Known(p) if p.side() == player);
        match self.selected {
            Some(s) if s == n => self.selected = None,
            Some(from) if !mine => self.try_turn(Turn::Move { from, to: n }, score),
            _ if mine => {
                self.selected = Some(n);
                self.said = self
                    .game
                    .position()
                    .check_turn(self.game.rules(), Turn::Move { from: n, to: n })
                    .err()
                    .filter(IllegalTurn::is_immobile)
                    .map(PuzzleSaid::Illegal);
            }
            _ => self.said = Some(PuzzleSaid::PickFirst),
        }
    }

    /// Try `turn`: refused by the engine, the answer, or wrong (with the defence played out).
    /// The first legal try is rated in `score`.
    fn try_turn(&mut self, turn: Turn, score: &mut PuzzleScore) {
        let puzzle = self.puzzle;
        let mut after = self.game.clone();
        if let Err(e) = after.play(turn) {
            self.said = Some(PuzzleSaid::Illegal(e));
            return;
        }
        self.selected = None;
        self.finished = true;
        let board = self.game.board();
        let wrong = if turn == puzzle.answer {
            None
        } else {
            let mut prover = Prover::with_goal(&puzzle.rules, PROOF_BUDGET, puzzle.goal);
            match prover.refute(&puzzle.position, turn, puzzle.depth) {
                Ok(None) => None,
                Ok(Some(Refutation::Defence(d))) => {
                    let side = after.position().side_to_move().unwrap_or(self.player());
                    let _ = after.play(d);
                    Some(Wrong::Defence(side, d.notation(board)))
                }
                Ok(Some(Refutation::EndsGame)) => Some(Wrong::EndsGame),
                Ok(Some(Refutation::NoWinYet)) => Some(Wrong::NoTake),
                Err(puzzles::OutOfBudget) => Some(Wrong::Unproven),
            }
        };
        match wrong {
            None => {
                // The forced line from the answer on (the answer itself when another winner
                // was played: only a wrong file could let that happen).
                let mut line = self.game.clone();
                let mut words = Vec::new();
                let turns = if turn == puzzle.answer {
                    puzzle.line.clone()
                } else {
                    vec![turn]
                };
                for t in turns {
                    if line.play(t).is_err() {
                        break;
                    }
                    words.push(t.notation(board));
                }
                self.game = line;
                self.said = Some(PuzzleSaid::Solved(words));
            }
            Some(why) => {
                self.game = after;
                self.said = Some(PuzzleSaid::Wrong(turn.notation(board), why));
            }
        }
        if !self.rated {
            self.rated = true;
            let solved = matches!(self.said, Some(PuzzleSaid::Solved(_)));
            self.change = Some(score.record(puzzle.rating, solved));
        }
    }
}

/// The puzzle's position as a game.
fn start(puzzle: &Puzzle) -> Option<Game> {
    Game::new(
        puzzle.rules.clone(),
        Start::Position(puzzle.position.notation()),
    )
    .ok()
}
