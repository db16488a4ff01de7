//! A hidden-mode puzzle being played (残局, 暗棋): the board as the side saw it, the enemy pieces
//! face down. A rank question is answered by clicking an enemy piece, the safe attack by making
//! it. A wrong pick is answered with a deployment that agrees with everything the side saw and
//! in which the picked piece is not the rank asked (or the attacked piece removes the attacker);
//! a right one with the facts that decide it.

use crate::app::settings::PuzzleScore;
use crate::engine::{
    ClashOutcome, IllegalTurn, NodeId, Rank, Rules, Seat, Seen, Turn, View, Viewer, clash_outcome,
};
use crate::puzzles::deduce::{Fact, RankSet, ranks_in};
use crate::puzzles::hidden::{self, Answer, HiddenPuzzle, Question};

/// Why a pick is right or wrong: the piece it is about and what decides it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reasons {
    /// The enemy piece picked (or attacked).
    pub at: NodeId,
    /// Where it was deployed.
    pub origin: NodeId,
    /// Its facts that rule something out, in the order they were learned.
    pub facts: Vec<Fact>,
    /// The ranks it may be in some deployment that agrees with the reports.
    pub may_be: RankSet,
    /// Its own facts leave more ranks than that: counting the ranks rules the rest out.
    pub counting: bool,
}

/// What the puzzle says after the player's last click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HiddenSaid {
    /// The safe attack: click a piece of your own first.
    PickFirst,
    /// A rank question: click an enemy piece you cannot see.
    PickEnemy,
    /// The safe attack: the turn (legal or not) attacks no unknown enemy piece.
    NotAnAttack,
    /// The engine refused the turn; its reason.
    Illegal(IllegalTurn),
    /// The right piece or attack, and why.
    Right(Reasons),
    /// A rank question: the piece picked need not be that rank; it could be `could_be`, as in
    /// `deployment` (every unknown enemy piece on the board: where, and its rank there).
    NotForced {
        why: Reasons,
        could_be: Rank,
        deployment: Vec<(NodeId, Rank)>,
    },
    /// The safe attack: the attacked piece could be `could_be`, which removes the attacker
    /// (`outcome`), as in `deployment`.
    Unsafe {
        turn: String,
        attacker: Rank,
        why: Reasons,
        could_be: Rank,
        outcome: ClashOutcome,
        deployment: Vec<(NodeId, Rank)>,
    },
}

/// One hidden puzzle on screen.
pub struct HiddenRun {
    /// Its index in the shipped hidden set.
    pub index: usize,
    pub puzzle: &'static HiddenPuzzle,
    selected: Option<NodeId>,
    /// The enemy piece picked or attacked by the last judged try (framed on the board).
    picked: Option<NodeId>,
    said: Option<HiddenSaid>,
    rated: bool,
    finished: bool,
    change: Option<f64>,
    /// A wrong pick's deployment is on the board.
    pub showing_deployment: bool,
}

impl HiddenRun {
    /// Hidden puzzle `index` of the shipped set (wrapping round); none if there are none.
    pub fn new(index: usize) -> Option<HiddenRun> {
        let set = hidden::shipped();
        if set.is_empty() {
            return None;
        }
        let index = index % set.len();
        Some(HiddenRun {
            index,
            puzzle: &set[index],
            selected: None,
            picked: None,
            said: None,
            rated: false,
            finished: false,
            change: None,
            showing_deployment: false,
        })
    }

    pub fn player(&self) -> Seat {
        self.puzzle.side()
    }
    pub fn rules(&self) -> &Rules {
        &self.puzzle.knowledge.rules
    }
    pub fn selected(&self) -> Option<NodeId> {
        self.selected
    }
    /// The enemy piece the last judged try picked or attacked.
    pub fn picked(&self) -> Option<NodeId> {
        self.picked
    }
    pub fn said(&self) -> Option<&HiddenSaid> {
        self.said.as_ref()
    }
    pub fn finished(&self) -> bool {
        self.finished
    }
    pub fn change(&self) -> Option<f64> {
        self.change
    }

    /// The board as the side saw it.
    pub fn view(&self) -> &View {
        &self.puzzle.knowledge.view
    }

    /// The board with the enemy's unknown pieces shown as a wrong pick's deployment has them
    /// (one that agrees with the reports, not the game's truth), when it is being shown.
    pub fn shown_view(&self) -> Option<View> {
        let deployment = match &self.said {
            Some(HiddenSaid::NotForced { deployment, .. })
            | Some(HiddenSaid::Unsafe { deployment, .. }) => deployment,
            _ => return None,
        };
        if !self.showing_deployment {
            return None;
        }
        let view = self.view();
        let board = view.board();
        let enemy = self.player().opponent()?;
        let cells: Vec<String> = (0..board.len() as NodeId)
            .map(|n| match view.at(n) {
                Seen::Empty => "..".to_string(),
                Seen::Known(p) => p.notation().iter().collect(),
                _ => match deployment.iter().find(|(m, _)| *m == n) {
                    Some((_, r)) => format!("{}{}", enemy.char(), r.code()),
                    None => format!("{}?", enemy.char()),
                },
            })
            .collect();
        let text = view.notation();
        let rest: Vec<&str> = text.split(' ').skip(1).collect();
        let mut rows = Vec::new();
        for rank in (0..12).rev() {
            rows.push(cells[rank * 5..rank * 5 + 5].concat());
        }
        let notation = format!("{} {}", rows.join("/"), rest.join(" "));
        let mines = view.mines_notation();
        View::from_notation(&notation, Viewer::Side(self.player()), self.rules(), &mines).ok()
    }

    /// Back to the puzzle for another try (not rated again).
    pub fn retry(&mut self) {
        self.selected = None;
        self.picked = None;
        self.said = None;
        self.finished = false;
        self.showing_deployment = false;
    }

    /// A click on node `n`: a rank question takes the enemy piece there as the answer; the safe
    /// attack picks a piece of the player's, or tries the picked piece's move there.
    pub fn click(&mut self, n: NodeId, score: &mut PuzzleScore) {
        if self.finished {
            return;
        }
        let puzzle: &'static HiddenPuzzle = self.puzzle;
        let view = &puzzle.knowledge.view;
        let rules = &puzzle.knowledge.rules;
        let player = self.player();
        let mine = matches!(view.at(n), Seen::Known(p) if p.side() == player);
        let unknown = matches!(view.at(n), Seen::Unknown(_));
        if let Some(r) = self.puzzle.question.rank() {
            if unknown {
                self.pick(n, r, score);
            } else {
                self.said = Some(HiddenSaid::PickEnemy);
            }
            return;
        }
        match self.selected {
            Some(s) if s == n => self.selected = None,
            Some(from) if !mine => self.attack(Turn::Move { from, to: n }, score),
            _ if mine => {
                self.selected = Some(n);
                self.said = view
                    .check_turn(rules, Turn::Move { from: n, to: n })
                    .err()
                    .filter(IllegalTurn::is_immobile)
                    .map(HiddenSaid::Illegal);
            }
            _ => self.said = Some(HiddenSaid::PickFirst),
        }
    }

    /// The reasons about the enemy piece on `n`.
    fn reasons(&self, n: NodeId) -> Option<Reasons> {
        let k = &self.puzzle.knowledge;
        let i = k.piece_at(n)?;
        let solver = self.puzzle.solver()?;
        let enemy = k.enemy();
        let piece = &k.pieces[i];
        let facts = piece
            .facts()
            .into_iter()
            .filter(|f| f.allows(&k.rules, enemy) != crate::puzzles::deduce::ALL_RANKS)
            .collect();
        let may_be = solver.possible(i);
        Some(Reasons {
            at: n,
            origin: piece.origin,
            facts,
            may_be,
            counting: piece.mask(&k.rules, enemy) != may_be,
        })
    }

    /// The unknown enemy pieces on the board as `ranks` (one per enemy piece) has them.
    fn on_board(&self, ranks: &[Rank]) -> Vec<(NodeId, Rank)> {
        let k = &self.puzzle.knowledge;
        k.pieces
            .iter()
            .enumerate()
            .filter(|(i, _)| k.is_unknown(*i))
            .filter_map(|(i, p)| Some((p.at?, ranks[i])))
            .collect()
    }

    /// A rank question: the enemy piece on `n` picked as the one that must be `r`.
    fn pick(&mut self, n: NodeId, r: Rank, score: &mut PuzzleScore) {
        let Some(why) = self.reasons(n) else { return };
        let right = self.puzzle.answer == Answer::Piece(n);
        let said = if right {
            HiddenSaid::Right(why)
        } else {
            let k = &self.puzzle.knowledge;
            let (Some(i), Some(solver)) = (k.piece_at(n), self.puzzle.solver()) else {
                return;
            };
            let Some(ranks) = solver.without(i, r) else {
                // Only a wrong file could leave a second forced piece: not the answer anyway.
                return;
            };
            HiddenSaid::NotForced {
                why,
                could_be: ranks[i],
                deployment: self.on_board(&ranks),
            }
        };
        self.finish(said, score);
    }

    /// The safe attack: `turn` tried.
    fn attack(&mut self, turn: Turn, score: &mut PuzzleScore) {
        let puzzle: &'static HiddenPuzzle = self.puzzle;
        let view = &puzzle.knowledge.view;
        if let Err(e) = view.check_turn(&puzzle.knowledge.rules, turn) {
            self.said = Some(HiddenSaid::Illegal(e));
            return;
        }
        let Turn::Move { from, to } = turn else {
            return;
        };
        let (Seen::Known(mine), Seen::Unknown(_)) = (view.at(from), view.at(to)) else {
            self.said = Some(HiddenSaid::NotAnAttack);
            return;
        };
        let Some(why) = self.reasons(to) else { return };
        let said = if self.puzzle.answer == Answer::Attack(turn) {
            HiddenSaid::Right(why)
        } else {
            let k = &self.puzzle.knowledge;
            let rules = &k.rules;
            let (Some(i), Some(solver)) = (k.piece_at(to), self.puzzle.solver()) else {
                return;
            };
            let loses = |r: Rank| {
                let o = clash_outcome(rules, mine.rank(), r);
                matches!(o, ClashOutcome::AttackerRemoved | ClashOutcome::BothRemoved).then_some(o)
            };
            let Some((could_be, outcome, ranks)) = ranks_in(why.may_be).find_map(|r| {
                let o = loses(r)?;
                Some((r, o, solver.with(i, r)?))
            }) else {
                return;
            };
            HiddenSaid::Unsafe {
                turn: turn.notation(view.board()),
                attacker: mine.rank(),
                could_be,
                outcome,
                deployment: self.on_board(&ranks),
                why,
            }
        };
        self.selected = None;
        self.finish(said, score);
    }

    /// A pick was judged: the puzzle waits for "again" or "next"; the first is rated.
    fn finish(&mut self, said: HiddenSaid, score: &mut PuzzleScore) {
        let solved = matches!(said, HiddenSaid::Right(_));
        self.picked = match &said {
            HiddenSaid::Right(why)
            | HiddenSaid::NotForced { why, .. }
            | HiddenSaid::Unsafe { why, .. } => Some(why.at),
            _ => None,
        };
        self.said = Some(said);
        self.finished = true;
        if !self.rated {
            self.rated = true;
            self.change = Some(score.record(self.puzzle.rating, solved));
        }
    }

    /// The question's rank (none for the safe attack).
    pub fn question(&self) -> Question {
        self.puzzle.question
    }

    /// Whether the wrong pick's deployment can be shown.
    pub fn has_deployment(&self) -> bool {
        matches!(
            self.said,
            Some(HiddenSaid::NotForced { .. } | HiddenSaid::Unsafe { .. })
        )
    }

    /// Show or hide the wrong pick's deployment on the board.
    pub fn toggle_deployment(&mut self) {
        self.showing_deployment = self.has_deployment() && !self.showing_deployment;
    }
}
