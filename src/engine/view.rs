//! The information model: what each player may see (RULES.md section 6). The window and the computer
//! opponent read only a `View`, never the position behind it.

use super::board::{Board, NodeId};
use super::piece::{Piece, Rank, Side};
use super::position::{Mover, Position, Turn, write_notation};
use super::rules::{Mode, Rules};

/// Who is looking.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Viewer {
    Side(Side),
    /// Sees everything (a neutral referee, review).
    Referee,
}

/// One node as a viewer sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seen {
    Empty,
    /// Identity known to the viewer (own piece, a face-up piece in open/flip mode, a revealed piece;
    /// the referee also sees face-down pieces, which then carry their face-down bit).
    Known(Piece),
    /// An enemy piece whose identity the viewer does not know (hidden mode).
    Unknown(Side),
    /// A face-down piece (flip mode): unknown to both players.
    FaceDown,
}

#[derive(Clone, Debug)]
pub struct View {
    pub viewer: Viewer,
    pub mode: Mode,
    pub board: &'static Board,
    pub cells: Vec<Seen>,
    pub mover: Mover,
    pub quiet: u32,
    pub ply: u32,
}

impl Position {
    /// What `viewer` sees of this position under `rules`.
    pub fn view(&self, rules: &Rules, viewer: Viewer) -> View {
        let cells = self
            .cells()
            .iter()
            .map(|c| match *c {
                None => Seen::Empty,
                Some(p) => match viewer {
                    Viewer::Referee => Seen::Known(p),
                    Viewer::Side(me) => {
                        if p.is_face_down() {
                            Seen::FaceDown
                        } else if rules.mode != Mode::Hidden || p.side() == me || p.is_revealed() {
                            Seen::Known(p.with_revealed(false))
                        } else {
                            Seen::Unknown(p.side())
                        }
                    }
                },
            })
            .collect();
        View {
            viewer,
            mode: rules.mode,
            board: self.board,
            cells,
            mover: self.mover,
            quiet: self.quiet,
            ply: self.ply,
        }
    }
}

impl View {
    pub fn at(&self, n: NodeId) -> Seen {
        self.cells[n as usize]
    }

    /// The position as this viewer sees it: unknown enemies `r?`/`b?`, face-down pieces `??`.
    pub fn notation(&self) -> String {
        write_notation(
            self.board,
            self.mover,
            self.quiet,
            self.ply,
            |n| match self.at(n) {
                Seen::Empty => None,
                Seen::Known(p) => Some(p.notation()),
                Seen::Unknown(s) => Some([s.char(), '?']),
                Seen::FaceDown => Some(['?', '?']),
            },
        )
    }

    /// Whether the viewer is the side to move.
    pub fn my_turn(&self) -> bool {
        match (self.viewer, self.mover) {
            (Viewer::Side(me), Mover::Side(s)) => me == s,
            (Viewer::Referee, _) => true,
            // Flip mode before colours: the view is the same for both players.
            (_, Mover::Player(_)) => true,
        }
    }

    /// A stand-in position that agrees with everything this viewer knows: unknown enemies become
    /// plain officers (attackable), face-down pieces stay face down (blocking, never attacked).
    /// Only for questions of reachability: it is not the truth behind the view.
    pub fn proxy(&self) -> Position {
        let mut setup = super::position::Setup::empty(self.board);
        for (i, s) in self.cells.iter().enumerate() {
            setup.cells[i] = match *s {
                Seen::Empty => None,
                Seen::Known(p) => Some(p),
                Seen::Unknown(side) => Some(Piece::new(side, Rank::Lieutenant)),
                Seen::FaceDown => Some(Piece::face_down(Side::Red, Rank::Lieutenant)),
            };
        }
        Position::from_cells(self.board, &setup.cells, self.mover, self.quiet, self.ply)
    }

    /// The turns this viewer may try, judged from its view alone. In open and flip modes these are
    /// exactly the legal turns; in hidden mode an attack on an unknown piece is offered even where a
    /// flag rule (`flag takers`, `flag needs mines cleared`) will make the referee refuse it.
    pub fn candidate_turns(&self, rules: &Rules) -> Vec<Turn> {
        let mut out = Vec::new();
        if !self.my_turn() {
            return out;
        }
        self.proxy().pseudo_turns(rules, &mut out);
        out
    }

    /// Destinations of the viewer's piece on `from`, judged from the view.
    pub fn destinations_from(&self, rules: &Rules, from: NodeId) -> Vec<NodeId> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.proxy().destinations_from(rules, from)
    }
}
