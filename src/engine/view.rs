//! The information model: what each player may see (RULES.md section 6). The window and the computer
//! opponent read only a `View`, never the position behind it.

use super::board::{Board, NodeId};
use super::movegen::IllegalTurn;
use super::movegen::MineBelief;
use super::piece::{Piece, Rank, Seat};
use super::play::{ClashOutcome, TurnReport};
use super::position::{Mover, OutList, Position, Turn, write_notation};
use super::rules::{FlagTakers, Mode, Rules};

/// Who is looking.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Viewer {
    Side(Seat),
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
    Unknown(Seat),
    /// A face-down piece (flip mode): unknown to both players.
    FaceDown,
}

#[derive(Clone, Debug)]
/// Made only by the engine (`Position::view`, `Game::view` and the sights of
/// `engine::disclosure`): its fields are private, so what a viewer is shown is always what the
/// engine derived from the position.
pub struct View {
    viewer: Viewer,
    mode: Mode,
    board: &'static Board,
    cells: Vec<Seen>,
    mover: Mover,
    quiet: u32,
    ply: u32,
    /// Four players: who is out and why (public; empty for two players).
    out: OutList,
    /// Per seat (`Seat::index`; two players use 0 and 1): whether it still has a mine on the
    /// board, as far as this viewer can know (`None`: it may or may not). Open and flip modes:
    /// always known (in flip mode every removed piece was face up, so the mines left are counted
    /// in public). Hidden mode: known for the viewer's own seat (and the partner's under `team
    /// view`) and for a player who is out (none); for another, `Some(true)` while one of its
    /// mines is revealed on the board, `Some(false)` once all of them were seen leave it
    /// (`Game::view`), else `None`. Seats the board does not have: `None`.
    mines_known: [Option<bool>; 4],
}

impl Viewer {
    /// Whether this viewer may know the identity of `owner`'s face-up pieces in hidden mode
    /// (RULES.md 6 and 9.6): the referee all; a player their own, and the partner's under the
    /// `team view` house rule.
    pub fn knows_seat(self, rules: &Rules, owner: Seat) -> bool {
        match self {
            Viewer::Referee => true,
            Viewer::Side(me) => me == owner || (rules.team_view && me.partner() == Some(owner)),
        }
    }
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
                    Viewer::Side(_) => {
                        if p.is_face_down() {
                            Seen::FaceDown
                        } else if !rules.mode.hides_identities()
                            || viewer.knows_seat(rules, p.side())
                            || p.is_revealed()
                        {
                            Seen::Known(p.with_revealed(false))
                        } else {
                            Seen::Unknown(p.side())
                        }
                    }
                },
            })
            .collect();
        let out = self.out();
        let mut mines_known = [None; 4];
        for &s in self.board().seats {
            let has_mine = self.count(s, Rank::Mine) > 0;
            mines_known[s.index()] =
                if !rules.mode.hides_identities() || viewer.knows_seat(rules, s) || out.contains(s)
                {
                    Some(has_mine)
                } else {
                    // A revealed mine (a spring mine that threw an attacker back) is on the board.
                    self.pieces(s)
                        .any(|(_, p)| p.rank() == Rank::Mine && p.is_revealed())
                        .then_some(true)
                };
        }
        View {
            viewer,
            mode: rules.mode,
            board: self.board(),
            cells,
            mover: self.mover(),
            quiet: self.quiet(),
            ply: self.ply(),
            out,
            mines_known,
        }
    }
}

impl View {
    /// Who is looking.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The game's mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// What the viewer sees on every node, by node id.
    pub fn cells(&self) -> &[Seen] {
        &self.cells
    }

    /// What the viewer sees on node `n`.
    pub fn at(&self, n: NodeId) -> Seen {
        self.cells[n as usize]
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

    /// Four players: who is out and why (public; empty for two players).
    pub fn out(&self) -> OutList {
        self.out
    }

    /// Whether `seat` still has a mine on the board, as far as this viewer can know (`None`: it
    /// may or may not; always `None` for a seat the board does not have).
    pub fn mines_known(&self, seat: Seat) -> Option<bool> {
        self.mines_known[seat.index()]
    }

    /// The same sight shown as `viewer`'s (a finished game: every piece is revealed to everyone).
    pub(super) fn shown_as(self, viewer: Viewer) -> View {
        View { viewer, ..self }
    }

    /// Hidden mode: `seat` is known to have no mine left on the board (all of them were seen
    /// leave it: `Game::view`).
    pub(super) fn know_no_mines(&mut self, seat: Seat) {
        self.mines_known[seat.index()] = Some(false);
    }

    /// The board as both players may see it, from a referee's view: backs only, except pieces
    /// revealed to both (a flag after its marshal fell, a sprung mine, a scouted piece). The
    /// viewer stays the referee and the mine knowledge a referee's (`Game::public_view`).
    pub(super) fn public_part(mut self) -> View {
        for c in &mut self.cells {
            if let Seen::Known(p) = *c {
                *c = if p.is_revealed() {
                    Seen::Known(p.with_revealed(false))
                } else {
                    Seen::Unknown(p.side())
                };
            }
        }
        self
    }

    /// The view before the game's first turn, worked out from this view just after it and the
    /// turn's public report, when that turn was another seat's: the mover's piece back on `from`
    /// (unknown to this viewer unless four players saw it move onto an empty node), and on `to`
    /// what stood there (nothing, or the viewer's own piece the clash removed: the one missing
    /// from its full set). `None` if it cannot be known: not the first turn, the viewer's own
    /// turn, not a move, a referee's view, or a four-player clash (who stood on `to` is not worked
    /// out). Lets a player apply the deployment rules to every enemy piece.
    pub fn before_opening_turn(&self, report: &TurnReport) -> Option<View> {
        let Viewer::Side(me) = self.viewer else {
            return None;
        };
        let Mover::Side(mover) = report.mover else {
            return None;
        };
        if self.ply != 1 || mover == me {
            return None;
        }
        let Turn::Move { from, to } = report.turn else {
            return None;
        };
        let four = self.board.is_four();
        let mut before = self.clone();
        before.ply = 0;
        before.quiet = 0;
        before.mover = report.mover;
        before.cells[from as usize] = if four && report.clash.is_none() {
            self.cells[to as usize]
        } else {
            Seen::Unknown(mover)
        };
        match report.clash {
            None => before.cells[to as usize] = Seen::Empty,
            Some(_) if four => return None,
            Some(ClashOutcome::AttackerRemoved | ClashOutcome::Bounced) => {}
            Some(_) => {
                let mut have = [0u8; 13];
                for s in &self.cells {
                    if let Seen::Known(p) = s
                        && p.side() == me
                    {
                        have[p.rank() as usize] += 1;
                    }
                }
                let lost = Rank::ALL
                    .into_iter()
                    .find(|r| have[*r as usize] < r.count())?;
                before.cells[to as usize] = Seen::Known(Piece::new(me, lost));
            }
        }
        Some(before)
    }

    /// The position as this viewer sees it: unknown pieces as their owner's seat letter and `?`
    /// (`b?`, `e?`), face-down pieces `??`; four players add the `<out>` field.
    pub fn notation(&self) -> String {
        let mut s = write_notation(self.board, self.mover, self.quiet, self.ply, |n| match self
            .at(n)
        {
            Seen::Empty => None,
            Seen::Known(p) => Some(p.notation()),
            Seen::Unknown(s) => Some([s.char(), '?']),
            Seen::FaceDown => Some(['?', '?']),
        });
        if self.board.is_four() {
            s.push(' ');
            s.push_str(&self.out.notation());
        }
        s
    }

    /// What `mines_known` says of every seat of the board, in `board.seats` order: `y` it has a
    /// mine on the board, `n` it has none, `?` this viewer cannot know (the `mines` field of the
    /// engine protocol, docs/engine-protocol.md).
    pub fn mines_notation(&self) -> String {
        self.board
            .seats
            .iter()
            .map(|s| match self.mines_known[s.index()] {
                Some(true) => 'y',
                Some(false) => 'n',
                None => '?',
            })
            .collect()
    }

    /// A view read back from its notation (`notation`), its viewer and its mines field
    /// (`mines_notation`): what an engine process is sent of its seat's view. It is the sight a
    /// host already derived for this viewer (nothing here reads a position behind it), checked
    /// for form only: an unknown piece of the viewer's own seat, a face-down piece outside flip
    /// mode or a mines field of the wrong length is refused.
    ///
    /// # Errors
    /// What is wrong with the text, in English.
    pub fn from_notation(
        text: &str,
        viewer: Viewer,
        rules: &Rules,
        mines: &str,
    ) -> Result<View, super::position::NotationError> {
        use super::position::{NotationError, Setup};
        let err = |m: String| Err(NotationError(m));
        if text.len() > 1000 {
            return err("view is too long".into());
        }
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        let Some(first) = fields.first().copied() else {
            return err("empty view".into());
        };
        let four = Board::four_player();
        let board = if first.split('/').count() == four.height as usize {
            four
        } else {
            Board::two_player()
        };
        // The nodes in the order `write_notation` lists them.
        let order: Vec<NodeId> = (0..board.height)
            .rev()
            .flat_map(|row| (0..board.width).filter_map(move |col| board.node_at(col, row)))
            .collect();
        // Unknown (`b?`) and face-down (`??`) cells stand as a plain piece while the rest is
        // read as position notation, then take their place again.
        let mut hidden: Vec<(NodeId, Seen)> = Vec::new();
        let mut plain = String::with_capacity(first.len());
        let mut k = 0usize;
        for row in first.split('/') {
            if !plain.is_empty() {
                plain.push('/');
            }
            let chars: Vec<char> = row.chars().collect();
            for pair in chars.chunks(2) {
                let node = order.get(k).copied();
                k += 1;
                match (pair, node) {
                    ([a, '?'], Some(node)) => {
                        let seen = if *a == '?' {
                            if !rules.mode.deals_face_down() {
                                return err(format!(
                                    "{}: a face-down piece (??) outside flip mode",
                                    board.name(node)
                                ));
                            }
                            Seen::FaceDown
                        } else {
                            let seat = match a {
                                'r' if !board.is_four() => Seat::Red,
                                'b' if !board.is_four() => Seat::Blue,
                                c if board.is_four() => match Seat::from_four_letter(*c) {
                                    Some(s) => s,
                                    None => {
                                        return err(format!(
                                            "{}: '{a}?' names no seat",
                                            board.name(node)
                                        ));
                                    }
                                },
                                _ => {
                                    return err(format!(
                                        "{}: '{a}?' names no seat",
                                        board.name(node)
                                    ));
                                }
                            };
                            if viewer.knows_seat(rules, seat) {
                                return err(format!(
                                    "{}: '{a}?' is a piece this viewer knows",
                                    board.name(node)
                                ));
                            }
                            Seen::Unknown(seat)
                        };
                        hidden.push((node, seen));
                        plain.push(if board.is_four() { 's' } else { 'r' });
                        plain.push('1');
                    }
                    _ => plain.extend(pair.iter()),
                }
            }
        }
        fields[0] = &plain;
        let setup = Setup::parse(&fields.join(" "))?;
        if mines.chars().count() != board.seats.len() {
            return err(format!(
                "mines field '{mines}' needs one of y, n, ? for each of the {} seats",
                board.seats.len()
            ));
        }
        let mut mines_known = [None; 4];
        for (seat, c) in board.seats.iter().zip(mines.chars()) {
            mines_known[seat.index()] = match c {
                'y' => Some(true),
                'n' => Some(false),
                '?' => None,
                _ => return err(format!("mines field '{mines}': '{c}' is not y, n or ?")),
            };
        }
        let mut cells: Vec<Seen> = setup
            .cells
            .iter()
            .map(|c| match c {
                None => Seen::Empty,
                Some(p) => Seen::Known(*p),
            })
            .collect();
        for (node, seen) in hidden {
            cells[node as usize] = seen;
        }
        Ok(View {
            viewer,
            mode: rules.mode,
            board,
            cells,
            mover: setup.mover,
            quiet: setup.quiet,
            ply: setup.ply,
            out: setup.out,
            mines_known,
        })
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
        Position::stand_in(&self.proxy_setup())
    }

    /// The setup of `proxy`, for a caller that fills in some unknowns before making its stand-in.
    pub fn proxy_setup(&self) -> super::position::Setup {
        let mut setup = super::position::Setup::empty(self.board);
        for (i, s) in self.cells.iter().enumerate() {
            setup.cells[i] = match *s {
                Seen::Empty => None,
                Seen::Known(p) => Some(p),
                Seen::Unknown(side) => Some(Piece::new(side, Rank::Lieutenant)),
                Seen::FaceDown => Some(Piece::face_down(Seat::Red, Rank::Lieutenant)),
            };
        }
        setup.mover = self.mover;
        setup.quiet = self.quiet;
        setup.ply = self.ply;
        setup.out = self.out;
        setup
    }

    /// Per seat, whether it may still have a mine on the board, for this viewer (`None` before
    /// colours are decided: nothing to judge).
    fn mines_possible(&self) -> MineBelief {
        self.mover.side()?;
        Some(self.mines_known.map(|k| k != Some(false)))
    }

    /// Per seat, whether it surely still has a mine on the board, for this viewer.
    fn mines_sure(&self) -> MineBelief {
        self.mover.side()?;
        Some(self.mines_known.map(|k| k == Some(true)))
    }

    /// The turns this viewer may try, judged from its view alone. In open and flip modes these are
    /// exactly the legal turns (whether the enemy has a mine left is public there); in hidden mode
    /// an attack on an unknown piece is offered even where a flag rule (`flag takers`, `flag needs
    /// mines cleared`) will make the referee refuse it (see `may_be_refused`), and an attack on a
    /// revealed flag is offered only if no enemy mine may be left (under that rule).
    pub fn candidate_turns(&self, rules: &Rules) -> Vec<Turn> {
        let mut out = Vec::new();
        if !self.my_turn() {
            return out;
        }
        self.proxy()
            .pseudo_turns_with(rules, &mut out, self.mines_possible());
        out
    }

    /// Whether the referee may refuse `turn` (one of `candidate_turns`) for a reason this viewer
    /// cannot see: an attack on an unknown piece (hidden mode) that could be the flag, by a piece
    /// that may not take the flag now (`flag takers`), or while the enemy may still have a mine
    /// (`flag needs mines cleared`). `could_be_flag` says whether the piece on a node could be the
    /// flag (a player's belief; `|_| true` when nothing more is known).
    pub fn may_be_refused(
        &self,
        rules: &Rules,
        turn: Turn,
        could_be_flag: impl Fn(NodeId) -> bool,
    ) -> bool {
        let Turn::Move { from, to } = turn else {
            return false;
        };
        let (Seen::Unknown(owner), Seen::Known(a)) = (self.at(to), self.at(from)) else {
            return false;
        };
        if !could_be_flag(to) {
            return false;
        }
        // The flag's owner's mines decide (RULES.md 9.8).
        if rules.flag_needs_mines_cleared && self.mines_known[owner.index()] != Some(false) {
            return true;
        }
        match rules.flag_takers {
            FlagTakers::Any => false,
            FlagTakers::Engineer => a.rank() != Rank::Engineer,
            FlagTakers::Smallest => {
                let lowest = self
                    .cells
                    .iter()
                    .filter_map(|c| match *c {
                        Seen::Known(p) if p.side() == a.side() && p.rank().is_officer() => {
                            Some(p.rank() as u8)
                        }
                        _ => None,
                    })
                    .min();
                Some(a.rank() as u8) != lowest
            }
        }
    }

    /// Why `turn` is not legal as far as this viewer can know (`Ok` if its view allows it): the
    /// reasons of `Position::check_turn`, computed on the view alone, with the enemy's mines
    /// counted only where the viewer knows they are there.
    ///
    /// # Errors
    /// The reason, in players' words.
    pub fn check_turn(&self, rules: &Rules, turn: Turn) -> Result<(), IllegalTurn> {
        self.proxy().check_turn_with(rules, turn, self.mines_sure())
    }

    /// Destinations of the viewer's piece on `from`, judged from the view.
    pub fn destinations_from(&self, rules: &Rules, from: NodeId) -> Vec<NodeId> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.proxy()
            .destinations_from_with(rules, from, self.mines_possible())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SplitMix64;
    use crate::engine::{Formation, Game, Start};

    /// Every seat's view, at every turn of a few random games in each mode (two and four
    /// players), comes back from its notation and mines field as the same view.
    #[test]
    fn a_view_comes_back_from_its_notation() {
        let check = |game: &Game| {
            for &seat in game.board().seats {
                let v = game.view(Viewer::Side(seat));
                let back = View::from_notation(
                    &v.notation(),
                    v.viewer(),
                    game.rules(),
                    &v.mines_notation(),
                )
                .unwrap_or_else(|e| panic!("{}: {e}", v.notation()));
                assert_eq!(back.cells(), v.cells(), "{}", v.notation());
                assert_eq!(
                    (back.mover(), back.quiet(), back.ply(), back.out()),
                    (v.mover(), v.quiet(), v.ply(), v.out())
                );
                assert_eq!(back.mines_known, v.mines_known);
                assert_eq!(back.mode(), v.mode());
                assert!(std::ptr::eq(back.board(), v.board()));
            }
        };
        for (mode, four) in [
            (Mode::Open, false),
            (Mode::Hidden, false),
            (Mode::Flip, false),
            (Mode::Hidden, true),
        ] {
            let mut rules = Rules::for_mode(mode);
            rules.mines = crate::engine::MineRule::Spring;
            for seed in 0..3 {
                let mut rng = SplitMix64::new(seed);
                let start = if mode.deals_face_down() {
                    Start::FlipDeal { seed }
                } else if four {
                    Start::random_four(&rules, seed)
                } else {
                    let (r, b) = (
                        Formation::random(&mut rng, &rules),
                        Formation::random(&mut rng, &rules),
                    );
                    Start::formations(&r, &b)
                };
                let mut game = Game::new(rules.clone(), start).unwrap();
                for _ in 0..120 {
                    check(&game);
                    if game.status().is_over() {
                        break;
                    }
                    let turns = game.position().legal_turns(&rules);
                    let Some(&t) = rng.choose(&turns) else { break };
                    game.play(t).unwrap();
                }
            }
        }
    }

    #[test]
    fn a_view_that_is_not_notation_is_refused() {
        let rules = Rules::for_mode(Mode::Hidden);
        let game = Game::new(rules.clone(), Start::random(&rules, 1)).unwrap();
        let v = game.view(Viewer::Side(Seat::Red));
        let n = v.notation();
        let m = v.mines_notation();
        let red = Viewer::Side(Seat::Red);
        assert!(View::from_notation(&n, red, &rules, &m).is_ok());
        // Red's own piece written as unknown to Red.
        let first_red = n.find('r').unwrap();
        let mut bad = n.clone();
        bad.replace_range(first_red + 1..first_red + 2, "?");
        assert!(View::from_notation(&bad, red, &rules, &m).is_err(), "{bad}");
        // A face-down piece outside flip mode.
        let first_blue = n.find("b?").unwrap();
        let mut bad = n.clone();
        bad.replace_range(first_blue..first_blue + 1, "?");
        assert!(View::from_notation(&bad, red, &rules, &m).is_err());
        for mines in ["", "y", "yyy", "yx"] {
            assert!(
                View::from_notation(&n, red, &rules, mines).is_err(),
                "{mines}"
            );
        }
        for text in ["", "x", &"a".repeat(2000), "r? r 0 0"] {
            assert!(
                View::from_notation(text, red, &rules, &m).is_err(),
                "{text}"
            );
        }
    }
}
