//! A network game at this screen, apart from its drawing: it holds no truth, only what the host
//! sent this screen's seat — the rules, the seat, its latest `View` and the public report of
//! every turn so far (with what the seat itself knew of the pieces in it, from its view before
//! the turn). Clicks become turns checked against that view (`View::check_turn`), sent as
//! `EngineMsg`s; nothing here can show what the view does not hold.

use super::link::Outgoing;

mod notes;
use crate::engine::{
    Board, Chair, ClashOutcome, Formation, IllegalTurn, NodeId, Piece, Rules, Seat, Seen, Status,
    TagError, Turn, TurnReport, View, Viewer,
};
use crate::i18n::Text;
use crate::protocol::{EngineMsg, HostMsg, RefusedWhy, VERSION};

/// One turn as this seat saw it: the public report, the nodes the move passed (for the last-move
/// mark), and the pieces as the seat knew them just before it (own pieces, revealed ones, open
/// mode's every piece).
#[derive(Clone, Debug)]
pub struct Played {
    pub report: TurnReport,
    pub path: Vec<NodeId>,
    pub attacker: Option<Piece>,
    pub defender: Option<Piece>,
    /// The mover's seat, if known (flip mode before colours: none).
    pub seat: Option<Seat>,
    /// Its number among the turns seen, counting those lost to the move clock (from 1).
    pub number: usize,
    /// Whose piece stood on the square attacked, as the seat saw it (none: an empty square, or
    /// a flip).
    pub defender_owner: Option<Seat>,
}

impl Played {
    /// The attacker and the defender of this turn as the seat may know them once it is over:
    /// what it knew before, and the clash's public facts (`jizi::clash_pieces`). Pieces it did not
    /// know are `Seen::Unknown` of their seat (`Seen::Empty` where even that is not known).
    pub fn pieces(&self) -> (Seen, Seen) {
        let seen = |p: Option<Piece>, seat: Option<Seat>| match (p, seat) {
            (Some(p), _) => Seen::Known(p),
            (None, Some(s)) => Seen::Unknown(s),
            (None, None) => Seen::Empty,
        };
        let (a, d) = (
            seen(self.attacker, self.seat),
            seen(self.defender, self.defender_owner),
        );
        match self.report.clash {
            Some(o) => {
                let flags: Vec<Seat> = self.report.flags_revealed().map(|(s, _)| s).collect();
                crate::app::jizi::clash_pieces(o, a, d, &flags)
            }
            None => (a, d),
        }
    }
}

/// A turn lost to the move clock, as the move list shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lost {
    /// Its number among the turns seen (from 1).
    pub number: usize,
    pub side: Seat,
    /// The side's timeouts so far, this one included.
    pub count: u32,
}

/// A line of the event log, worded when drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The clash of turn `ply` (an index into `plies`).
    Clash(usize),
    /// Colours decided by a flip (player, side).
    Colours(u8, Seat),
    FlagShown(Seat),
    Out(Seat, crate::engine::position::OutReason),
    DrawOffered(Seat),
    /// This seat offered a draw.
    DrawSent,
    /// The draw this seat offered was declined.
    DrawDeclined,
    /// This seat offered a draw while another was to move: it goes with its next turn.
    DrawQueued,
    /// This seat resigned.
    ResignSent,
    /// Another seat asks to take back its last turns (how many).
    TakebackAsked(Seat, u32),
    /// This seat asked for a takeback.
    TakebackSent,
    /// The takeback this seat asked for was refused.
    TakebackDeclined,
    /// The takeback a seat asked for was made (turns taken back).
    TakenBack(Seat, u32),
    /// The referee refused this seat's turn.
    Refused(Refusal),
    End(Status),
    /// The host refused this seat's last message (its words).
    HostError(String),
    /// The host sent something this screen cannot read (what, in English).
    BadMessage(String),
    /// The move clock ran out on a side's turn: it lost the turn, its `count`th timeout.
    TimedOut(Seat, u32),
    /// A rematch began this game, the room's `n`th (the seats moved one chair round).
    NextGame(u32),
    /// The rematch asked after the end is off: the player named declined it, or left the
    /// room (`left`).
    RematchOff {
        who: String,
        left: bool,
    },
}

/// A turn the referee refused for what the view could not show.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// A flag attack refused by a flag rule (worded like the play screen's refusal).
    Flag(IllegalTurn),
    /// Another reason, in the host's (English) words.
    Said(String, String),
}

/// The status line's message, kept as data so a language switch rewords it.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    Illegal(IllegalTurn),
    Refused(Refusal),
    Text(Text),
    /// This seat's time ran out (its side, the count of its timeouts).
    TimedOut(Seat, u32),
    /// A tag refused (too long, no enemy piece there).
    Tag(TagError),
}

/// What the player asks of the game at this screen.
#[derive(Clone, Debug, PartialEq)]
pub enum GameAct {
    Node(NodeId),
    Drop(NodeId, NodeId),
    ClearSelection,
    Resign,
    ConfirmResign(bool),
    OfferDraw,
    AnswerDraw(bool),
    /// Ask to take back one's own last turn and the turns after it.
    AskTakeback,
    /// The answer to another seat's ask for a takeback.
    AnswerTakeback(bool),
    /// The formation chosen when the host asks for one.
    Formation(Formation),
    DismissNote,
    /// Open the tag menu on an enemy piece (a right click).
    TagMenu(NodeId),
    CloseTagMenu,
    /// Write (or with `None`, erase) this seat's tag on the enemy piece on a square.
    SetTag(NodeId, Option<String>),
}

/// The game at this screen.
#[derive(Default)]
pub struct RemoteGame {
    rules: Option<Rules>,
    chair: Option<Chair>,
    view: Option<View>,
    plies: Vec<Played>,
    events: Vec<Event>,
    /// The host sent `go` and no answer went back yet.
    to_move: bool,
    /// When the `go` came (tick time) and the most the turn may take (seconds).
    go: Option<(f64, Option<f64>)>,
    /// The turn time of the `time` line (seconds), for a `go` that names none.
    turn_secs: Option<f64>,
    selected: Option<NodeId>,
    note: Option<Note>,
    /// Another seat offers a draw and waits for this seat's answer.
    draw_asked: Option<Seat>,
    /// This seat offered a draw and waits.
    draw_sent: bool,
    /// This seat offered a draw while another was to move: the offer answers its next `go`
    /// (the engine protocol offers draws on one's own turn).
    draw_queued: bool,
    /// This seat resigned (the host ends the game, or with four players puts the seat out).
    resigned: bool,
    /// Another seat asks for a takeback (its side, the turns) and waits for this seat's answer.
    takeback_asked: Option<(Seat, u32)>,
    /// This seat asked for a takeback and waits.
    takeback_sent: bool,
    confirm_resign: bool,
    status: Option<Status>,
    formation_asked: bool,
    /// Flip mode: a flip needs a second click on the same piece (the View menu's option).
    pub confirm_flip: bool,
    /// The face-down piece clicked once, waiting for the second click.
    pending_flip: Option<NodeId>,
    /// The turns lost to the move clock.
    lost: Vec<Lost>,
    /// This seat's tags on enemy pieces (square, text): its own guesses, never sent to the host.
    tags: Vec<(NodeId, String)>,
    /// The enemy piece whose tag menu is open.
    tag_menu: Option<NodeId>,
    /// The pieces seen removed in the turns before this window took the seat back, as the
    /// window before it kept them (`restore_removed`).
    removed_before: crate::app::jizi::Removed,
    /// The lines of the game's history this screen was told (`wire::is_past`), in order: what
    /// it compares the history sent again after a rejoin with (`take_past`).
    told: Vec<HostMsg>,
    /// The host sent the game's history from its start after a rejoin (`take_past`): the
    /// turns are known from the first, and the notes kept on this machine add no removed piece.
    past_taken: bool,
}

/// What the screen knows of the mover's side in flip mode before colours: nothing.
fn mover_seat(r: &TurnReport) -> Option<Seat> {
    match r.mover {
        crate::engine::Mover::Side(s) => Some(s),
        crate::engine::Mover::Player(p) => r
            .colours_decided
            .and_then(|(q, s)| if q == p { Some(s) } else { s.opponent() }),
    }
}

impl RemoteGame {
    /// A rematch's game, the room's `n`th: its log opens saying so.
    pub fn next_game(n: u32) -> RemoteGame {
        RemoteGame {
            events: vec![Event::NextGame(n)],
            ..RemoteGame::default()
        }
    }
}

impl RemoteGame {
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_ref()
    }
    pub fn chair(&self) -> Option<Chair> {
        self.chair
    }
    /// The seat's latest view, once the host sent one.
    pub fn view(&self) -> Option<&View> {
        self.view.as_ref()
    }
    pub fn plies(&self) -> &[Played] {
        &self.plies
    }
    /// The turns lost to the move clock, in order.
    pub fn lost(&self) -> &[Lost] {
        &self.lost
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn to_move(&self) -> bool {
        self.to_move
    }
    pub fn selected(&self) -> Option<NodeId> {
        self.selected
    }
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }
    pub fn draw_asked(&self) -> Option<Seat> {
        self.draw_asked
    }
    pub fn draw_sent(&self) -> bool {
        self.draw_sent
    }

    /// A draw offered while another seat was to move, waiting for this seat's turn.
    pub fn draw_queued(&self) -> bool {
        self.draw_queued
    }

    /// Whether this seat may resign or offer a draw now: the game is on (at any turn), and the
    /// seat has not resigned.
    pub fn may_resign(&self) -> bool {
        self.view.is_some() && !self.over() && !self.resigned && !self.out()
    }
    /// Another seat's ask for a takeback waiting for this seat's answer (its side, the turns).
    pub fn takeback_asked(&self) -> Option<(Seat, u32)> {
        self.takeback_asked
    }
    pub fn takeback_sent(&self) -> bool {
        self.takeback_sent
    }
    /// Whether this seat may ask for a takeback now: its turn, the game going on, no ask of its
    /// own waiting, and a turn of its own among the turns played.
    pub fn takeback_offered(&self) -> bool {
        let me = self.seat();
        self.to_move
            && !self.over()
            && !self.takeback_sent
            && me.is_some()
            && self.plies.iter().any(|p| p.seat == me)
    }
    pub fn confirm_resign(&self) -> bool {
        self.confirm_resign
    }
    pub fn status(&self) -> Option<Status> {
        self.status
    }
    pub fn over(&self) -> bool {
        self.status.is_some_and(|s| s.is_over())
    }
    /// The face-down piece waiting for its second click.
    pub fn pending_flip(&self) -> Option<NodeId> {
        self.pending_flip
    }
    pub fn formation_asked(&self) -> bool {
        self.formation_asked
    }
    /// This seat's tags (square, text), drawn while the game goes on.
    pub fn tags(&self) -> impl Iterator<Item = (NodeId, &str)> {
        self.tags.iter().map(|(n, t)| (*n, t.as_str()))
    }
    /// The enemy piece whose tag menu is open.
    pub fn tag_menu(&self) -> Option<NodeId> {
        self.tag_menu
    }

    /// Four players: this screen's side is out of the game.
    fn out(&self) -> bool {
        match (&self.view, self.seat()) {
            (Some(v), Some(s)) => v.out().contains(s),
            _ => false,
        }
    }

    /// Offer a draw answering the `go` waiting.
    fn offer_draw(&mut self, out: &mut Vec<Outgoing>) {
        out.push(Outgoing::Engine(EngineMsg::OfferDraw));
        self.to_move = false;
        self.draw_sent = true;
        self.selected = None;
        self.note = None;
        self.events.push(Event::DrawSent);
    }

    /// This screen's side: the view's viewer, else the seat the host gave.
    pub fn seat(&self) -> Option<Seat> {
        match self.view.as_ref().map(View::viewer) {
            Some(Viewer::Side(s)) => Some(s),
            _ => match self.chair {
                Some(Chair::Side(s)) => Some(s),
                _ => None,
            },
        }
    }

    /// The board of the game (from the view, or the seat before any view came).
    pub fn board(&self) -> &'static Board {
        match (&self.view, self.chair) {
            (Some(v), _) => v.board(),
            (None, Some(Chair::Side(s))) if s.is_four() => Board::four_player(),
            _ => Board::two_player(),
        }
    }

    /// Seconds left for this seat's turn at `now`, when the host gave a limit (`go turn <ms>`,
    /// or the `time` line's turn).
    pub fn clock_left(&self, now: f64) -> Option<f64> {
        self.turn_clock(now).map(|(left, _)| left)
    }

    /// This seat's turn clock at `now` while it is to move under a limit: the seconds left and
    /// the turn's seconds.
    pub fn turn_clock(&self, now: f64) -> Option<(f64, f64)> {
        let (at, limit) = self.go.filter(|_| self.to_move)?;
        let limit = limit?;
        Some(((limit - (now - at)).max(0.0), limit))
    }

    /// The end reveal: the game over, every piece of its last position shown, from the record
    /// the host revealed (a game that ended by resignation or a draw ends with no view of it).
    /// Nothing changes before the end, or for a record of another game (other rules, or a last
    /// position whose pieces this screen knew otherwise).
    pub fn reveal_end(&mut self, game: &crate::engine::Game) {
        let (Some(rules), Some(v), true) = (&self.rules, &self.view, self.over()) else {
            return;
        };
        if game.rules() != rules || !game.status().is_over() {
            return;
        }
        let end = game.view(v.viewer());
        // The same squares taken, and every piece this screen knew is the record's.
        let fits = (0..self.board().len() as NodeId).all(|n| match (v.at(n), end.at(n)) {
            (Seen::Known(p), Seen::Known(q)) => p.rank() == q.rank() && p.side() == q.side(),
            (Seen::Empty, Seen::Empty) => true,
            (Seen::Empty, _) | (_, Seen::Empty) => false,
            _ => true,
        });
        if fits {
            self.view = Some(end);
            self.name_revealed_pieces(game);
        }
    }

    /// After the end reveal, the move list names every piece of the turns seen: each move's
    /// attacker and defender from the record's position before it. Only when the turns seen are
    /// the record's turns, in order (otherwise the list stays as the seat saw it).
    fn name_revealed_pieces(&mut self, game: &crate::engine::Game) {
        let turns: Vec<(usize, Turn)> = (game.plies().iter().enumerate())
            .filter_map(|(i, p)| p.report.as_ref().map(|r| (i, r.turn)))
            .collect();
        let same = turns.len() == self.plies.len()
            && (turns.iter().zip(&self.plies)).all(|((_, t), p)| *t == p.report.turn);
        if !same {
            return;
        }
        for ((i, turn), p) in turns.into_iter().zip(&mut self.plies) {
            if let Turn::Move { from, to } = turn {
                let before = game.position_at(i);
                p.attacker = before.at(from);
                p.defender = before.at(to);
            }
        }
    }

    /// The rematch asked after the end is off (`who` declined it, or left the room): the
    /// event log says so.
    pub fn rematch_off(&mut self, who: &str, left: bool) {
        self.events.push(Event::RematchOff {
            who: who.to_string(),
            left,
        });
    }

    /// The connection broke: nothing is to be answered until the host asks again.
    pub fn connection_lost(&mut self) {
        self.to_move = false;
        self.go = None;
        self.selected = None;
        self.pending_flip = None;
    }

    /// A message from the host. Returns what the seat answers at once (the handshake).
    pub fn receive(&mut self, m: HostMsg, now: f64) -> Vec<Outgoing> {
        let mut out = Vec::new();
        // A view sent again after a rejoin is the history's last line already.
        let again = matches!(m, HostMsg::View { .. }) && self.told.last() == Some(&m);
        if crate::net::wire::is_past(&m) && !again {
            self.told.push(m.clone());
        }
        match m {
            HostMsg::Hello(_) => {
                out.push(Outgoing::Engine(EngineMsg::Id {
                    key: "name".into(),
                    value: format!("junqi {} (window)", env!("CARGO_PKG_VERSION")),
                }));
                out.push(Outgoing::Engine(EngineMsg::Ok(VERSION)));
            }
            HostMsg::SetOption(..) | HostMsg::Seed(_) | HostMsg::Quit => {}
            HostMsg::NewGame => {
                // A rematch's note stays: the host's new game is that game.
                let mut events = std::mem::take(&mut self.events);
                events.retain(|e| matches!(e, Event::NextGame(_)));
                *self = RemoteGame {
                    confirm_flip: self.confirm_flip,
                    events,
                    ..RemoteGame::default()
                }
            }
            HostMsg::Rules(r) => self.rules = Some(r),
            HostMsg::Seat(c) => self.chair = Some(c),
            HostMsg::Time { turn_ms, .. } => self.turn_secs = turn_ms.map(|ms| ms as f64 / 1000.0),
            HostMsg::AskFormation => self.formation_asked = true,
            // The host dealt this seat's formation: the view shows it.
            HostMsg::Formation(_) => self.formation_asked = false,
            HostMsg::View {
                viewer,
                notation,
                mines,
            } => self.take_view(viewer, &notation, &mines),
            HostMsg::Report(r) => self.take_report(r),
            HostMsg::Go { turn_ms, .. } => {
                if self.draw_sent {
                    self.draw_sent = false;
                    self.events.push(Event::DrawDeclined);
                }
                self.to_move = true;
                // The host's own limit for the turn (what it enforces), if it gave one.
                let limit = turn_ms.map(|ms| ms as f64 / 1000.0).or(self.turn_secs);
                self.go = Some((now, limit));
                // A draw offered while another was to move is made now, answering the `go`.
                if self.draw_queued {
                    self.draw_queued = false;
                    self.offer_draw(&mut out);
                }
            }
            HostMsg::Refused(turn, why) => {
                let refusal = self.refusal(&turn, &why);
                self.note = Some(Note::Refused(refusal.clone()));
                self.events.push(Event::Refused(refusal));
                self.selected = None;
            }
            HostMsg::DrawOffered(s) => {
                self.draw_asked = Some(s);
                self.events.push(Event::DrawOffered(s));
            }
            HostMsg::TakebackAsked(s, n) => {
                self.takeback_asked = Some((s, n));
                self.events.push(Event::TakebackAsked(s, n));
            }
            HostMsg::TakebackDeclined => {
                if self.takeback_sent {
                    self.takeback_sent = false;
                    self.events.push(Event::TakebackDeclined);
                    self.note = Some(Note::Text(crate::i18n::net::TAKEBACK_REFUSED));
                }
            }
            HostMsg::TakenBack(s, n) => {
                // The last `n` turns seen go, turns lost to the move clock among them (they
                // count as turns: the takeback's count includes them).
                let seen = self.plies.len() + self.lost.len();
                // Back past the turns this window saw: what an earlier one kept may be undone.
                if n as usize > seen {
                    self.removed_before = crate::app::jizi::Removed::default();
                }
                let stand = seen.saturating_sub(n as usize);
                self.lost.retain(|l| l.number <= stand);
                self.plies.retain(|p| p.number <= stand);
                let keep = self.plies.len();
                // The log keeps its lines, less the clashes of the turns taken back.
                self.events
                    .retain(|e| !matches!(e, Event::Clash(i) if *i >= keep));
                self.events.push(Event::TakenBack(s, n));
                self.takeback_sent = false;
                self.takeback_asked = None;
                self.to_move = false;
                self.selected = None;
                self.pending_flip = None;
                self.note = None;
            }
            HostMsg::GameOver(st) => {
                if self.status != Some(st) {
                    self.events.push(Event::End(st));
                }
                self.status = Some(st);
                self.to_move = false;
                self.draw_asked = None;
                self.draw_sent = false;
                self.draw_queued = false;
                self.takeback_asked = None;
                self.takeback_sent = false;
                self.confirm_resign = false;
                self.selected = None;
                self.pending_flip = None;
                // What was said of a turn (a refusal, a move the view refused) is old news.
                self.note = None;
            }
            HostMsg::Error(e) => self
                .events
                .push(Event::HostError(crate::protocol::clip(&e))),
            HostMsg::Timeout { side, count } => {
                self.events.push(Event::TimedOut(side, count));
                self.lost.push(Lost {
                    number: self.plies.len() + self.lost.len() + 1,
                    side,
                    count,
                });
                // A turn passed (lost): what was said about the last one is old.
                if matches!(
                    self.note,
                    Some(Note::Illegal(_) | Note::Text(_) | Note::TimedOut(..))
                ) {
                    self.note = None;
                }
                if self.seat() == Some(side) {
                    // The turn is lost: nothing of it is sent any more, and the host is told
                    // that this seat knows (anything it sent before was too late).
                    self.to_move = false;
                    self.go = None;
                    self.selected = None;
                    self.pending_flip = None;
                    self.confirm_resign = false;
                    self.note = Some(Note::TimedOut(side, count));
                    out.push(Outgoing::Engine(EngineMsg::TimeoutOk(count)));
                }
            }
        }
        out
    }

    fn take_view(&mut self, viewer: Seat, notation: &str, mines: &str) {
        let Some(rules) = &self.rules else {
            self.events
                .push(Event::BadMessage("a view before the rules".into()));
            return;
        };
        if let Some(Chair::Side(s)) = self.chair
            && s != viewer
        {
            self.events.push(Event::BadMessage(format!(
                "a view of another seat ({viewer})"
            )));
            return;
        }
        match View::from_notation(notation, Viewer::Side(viewer), rules, mines) {
            Ok(v) => {
                if let Some(old) = &self.view {
                    for (seat, why) in v.out().iter() {
                        if !old.out().contains(seat) {
                            self.events.push(Event::Out(seat, why));
                        }
                    }
                }
                if self.selected.is_some_and(|n| !self.own_piece(&v, n)) {
                    self.selected = None;
                }
                self.view = Some(v);
                // A tag stays only on an enemy piece (one revealed keeps its tag).
                let mut tags = std::mem::take(&mut self.tags);
                tags.retain(|(n, _)| self.enemy_at(*n));
                self.tags = tags;
                if self.tag_menu.is_some_and(|n| !self.enemy_at(n)) {
                    self.tag_menu = None;
                }
            }
            Err(e) => self
                .events
                .push(Event::BadMessage(crate::protocol::clip(&e.to_string()))),
        }
    }

    fn take_report(&mut self, r: TurnReport) {
        let board = self.board();
        let before = self.view.as_ref();
        let known = |n: NodeId| match before.map(|v| v.at(n)) {
            Some(Seen::Known(p)) if !p.is_face_down() => Some(p),
            _ => None,
        };
        let defender_owner = match (r.turn, before) {
            (Turn::Move { to, .. }, Some(v)) => match v.at(to) {
                Seen::Known(p) => Some(p.side()),
                Seen::Unknown(s) => Some(s),
                _ => None,
            },
            _ => None,
        };
        let (path, attacker, defender) = match r.turn {
            Turn::Move { from, to } => (
                board.move_path(from, to, |n| before.is_none_or(|v| v.at(n) == Seen::Empty)),
                known(from),
                r.clash.and_then(|_| known(to)),
            ),
            Turn::Flip(n) => (vec![n], None, None),
        };
        self.move_tags(&r);
        let ply = self.plies.len();
        if let Some((p, s)) = r.colours_decided {
            self.events.push(Event::Colours(p, s));
        }
        if r.clash.is_some() {
            self.events.push(Event::Clash(ply));
        }
        for (side, _) in r.flags_revealed() {
            self.events.push(Event::FlagShown(side));
        }
        if let Some(st) = r.result.filter(|s| s.is_over()) {
            self.status = Some(st);
            self.events.push(Event::End(st));
        }
        self.plies.push(Played {
            number: self.plies.len() + self.lost.len() + 1,
            seat: mover_seat(&r),
            report: r,
            path,
            attacker,
            defender,
            defender_owner,
        });
        self.to_move = false;
        self.selected = None;
        self.draw_asked = None;
        if matches!(
            self.note,
            Some(Note::Illegal(_) | Note::Text(_) | Note::TimedOut(..))
        ) {
            self.note = None;
        }
    }

    /// A refusal as the host's code tells it: a flag rule's worded like the play screen's,
    /// anything else kept in the host's words.
    fn refusal(&self, turn: &str, why: &RefusedWhy) -> Refusal {
        let board = self.board();
        let said = || {
            Refusal::Said(
                crate::protocol::clip(turn),
                crate::protocol::clip(why.words()),
            )
        };
        let (Ok(Turn::Move { to, .. }), Some(me), Some(mines)) =
            (Turn::parse(turn, board), self.seat(), why.flag_mines())
        else {
            return said();
        };
        Refusal::Flag(IllegalTurn::FlagAttackRefused {
            by: me,
            square: board.name(to).to_string(),
            mines,
        })
    }

    fn own_piece(&self, v: &View, n: NodeId) -> bool {
        matches!(v.at(n), Seen::Known(p) if !p.is_face_down() && Some(p.side()) == self.seat()
            && v.mover().side() == Some(p.side()))
    }

    /// Carry out what the player asked; the messages that go to the host.
    pub fn apply(&mut self, act: GameAct) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match act {
            GameAct::Node(n) => self.click(n, &mut out),
            GameAct::Drop(a, b) => {
                self.selected = None;
                self.click(a, &mut out);
                if self.selected == Some(a) {
                    self.click(b, &mut out);
                }
            }
            GameAct::ClearSelection => {
                self.selected = None;
                self.tag_menu = None;
                self.note = None;
                self.confirm_resign = false;
            }
            GameAct::DismissNote => self.note = None,
            GameAct::TagMenu(n) => {
                if self.tags_offered() && self.enemy_at(n) {
                    self.tag_menu = Some(n);
                }
            }
            GameAct::CloseTagMenu => self.tag_menu = None,
            GameAct::SetTag(n, text) => {
                self.tag_menu = None;
                if let Err(e) = self.set_tag(n, text.as_deref()) {
                    self.note = Some(Note::Tag(e));
                }
            }
            // At any turn: on one's own turn as the answer to `go`, on another's by the
            // network's own `resign` (the host breaks off the wait for the mover).
            GameAct::Resign => {
                if self.may_resign() {
                    self.confirm_resign = true;
                } else if self.view.is_none() {
                    self.note = Some(Note::Text(crate::i18n::net::NOT_STARTED));
                }
            }
            GameAct::ConfirmResign(yes) => {
                if yes && self.confirm_resign && self.may_resign() {
                    // A question waiting for this seat is answered first (no), so that the host
                    // does not wait for it.
                    if self.draw_asked.take().is_some() {
                        out.push(Outgoing::Engine(EngineMsg::DrawAnswer(false)));
                    }
                    if self.takeback_asked.take().is_some() {
                        out.push(Outgoing::Engine(EngineMsg::TakebackAnswer(false)));
                    }
                    out.push(if self.to_move {
                        Outgoing::Engine(EngineMsg::Resign)
                    } else {
                        Outgoing::Resign
                    });
                    self.to_move = false;
                    self.resigned = true;
                    self.draw_queued = false;
                    self.selected = None;
                    self.events.push(Event::ResignSent);
                }
                self.confirm_resign = false;
            }
            // On one's own turn it answers `go`; on another's it waits for one's turn (the
            // engine protocol offers draws answering `go`, one a turn).
            GameAct::OfferDraw => {
                if !self.may_resign() || self.draw_sent || self.draw_queued {
                    if self.view.is_none() {
                        self.note = Some(Note::Text(crate::i18n::net::NOT_STARTED));
                    }
                } else if self.to_move {
                    self.offer_draw(&mut out);
                } else {
                    self.draw_queued = true;
                    self.note = None;
                    self.events.push(Event::DrawQueued);
                }
            }
            GameAct::AskTakeback => {
                if self.takeback_offered() {
                    out.push(Outgoing::Engine(EngineMsg::AskTakeback));
                    self.to_move = false;
                    self.takeback_sent = true;
                    self.selected = None;
                    self.pending_flip = None;
                    self.note = None;
                    self.events.push(Event::TakebackSent);
                } else if !self.to_move || self.over() {
                    self.note = Some(Note::Text(crate::i18n::net::TAKEBACK_ON_YOUR_TURN));
                } else {
                    self.note = Some(Note::Text(crate::i18n::NOTHING_TO_TAKE_BACK));
                }
            }
            GameAct::AnswerTakeback(yes) => {
                if self.takeback_asked.take().is_some() {
                    out.push(Outgoing::Engine(EngineMsg::TakebackAnswer(yes)));
                }
            }
            GameAct::AnswerDraw(yes) => {
                if self.draw_asked.take().is_some() {
                    out.push(Outgoing::Engine(EngineMsg::DrawAnswer(yes)));
                }
            }
            GameAct::Formation(f) => {
                if self.formation_asked {
                    self.formation_asked = false;
                    out.push(Outgoing::Engine(EngineMsg::Formation(
                        crate::protocol::formation_text(&f),
                    )));
                }
            }
        }
        out
    }

    fn click(&mut self, n: NodeId, out: &mut Vec<Outgoing>) {
        let (Some(view), Some(rules)) = (&self.view, &self.rules) else {
            return;
        };
        if self.over() {
            return;
        }
        if !self.to_move {
            self.note = Some(Note::Text(crate::i18n::net::NOT_YOUR_TURN));
            return;
        }
        if (n as usize) >= view.board().len() {
            return;
        }
        // Flip mode: a face-down piece is flipped (at the second click, with that option).
        if view.at(n) == Seen::FaceDown {
            self.selected = None;
            if self.confirm_flip && self.pending_flip != Some(n) {
                self.pending_flip = Some(n);
                return;
            }
            self.pending_flip = None;
            return self.send_turn(Turn::Flip(n), out);
        }
        self.pending_flip = None;
        let mine = self.own_piece(view, n);
        if mine && self.selected != Some(n) {
            // A piece that cannot move at all: say so at once rather than select it.
            if let Err(e) = view.check_turn(rules, Turn::Move { from: n, to: n })
                && e.is_immobile()
            {
                self.selected = None;
                self.note = Some(Note::Illegal(e));
                return;
            }
        }
        match self.selected {
            Some(from) if from == n => self.selected = None,
            Some(_) if mine => {
                self.selected = Some(n);
                self.note = None;
            }
            Some(from) => self.send_turn(Turn::Move { from, to: n }, out),
            None if mine => {
                self.selected = Some(n);
                self.note = None;
            }
            None => {
                if view.at(n) != Seen::Empty
                    && let Err(e) = view.check_turn(rules, Turn::Move { from: n, to: n })
                {
                    self.note = Some(Note::Illegal(e));
                }
            }
        }
    }

    /// Send a turn its view allows; say why not otherwise.
    fn send_turn(&mut self, turn: Turn, out: &mut Vec<Outgoing>) {
        let (Some(view), Some(rules)) = (&self.view, &self.rules) else {
            return;
        };
        match view.check_turn(rules, turn) {
            Ok(()) => {
                out.push(Outgoing::Engine(EngineMsg::Turn(
                    turn.notation(view.board()),
                )));
                self.to_move = false;
                self.selected = None;
                self.note = None;
            }
            Err(e) => self.note = Some(Note::Illegal(e)),
        }
    }

    /// Destinations of the selected piece, from the view.
    pub fn destinations(&self) -> Vec<NodeId> {
        match (&self.view, &self.rules, self.selected) {
            (Some(v), Some(r), Some(s)) if self.to_move => v.destinations_from(r, s),
            _ => Vec::new(),
        }
    }

    /// The last clash, if the last turn was one: where and how it ended.
    pub fn last_clash(&self) -> Option<(NodeId, ClashOutcome)> {
        let p = self.plies.last()?;
        match (p.report.turn, p.report.clash) {
            (Turn::Move { to, .. }, Some(o)) => Some((to, o)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Mode, Start};

    /// A hidden game of two or (`four`) four players, dealt at random from `seed`.
    fn hidden_game(four: bool, seed: u64) -> Game {
        let rules = Rules::for_mode(Mode::Hidden);
        let start = if four {
            Start::random_four(&rules, seed)
        } else {
            Start::random(&rules, seed)
        };
        Game::new(rules, start).unwrap()
    }

    fn seated(rules: &Rules, game: &Game, me: Seat) -> RemoteGame {
        let mut g = RemoteGame::default();
        g.receive(HostMsg::Rules(rules.clone()), 0.0);
        g.receive(HostMsg::Seat(Chair::Side(me)), 0.0);
        tell_view(&mut g, game, me);
        g
    }

    /// The host's `view` line of `me`'s view of `game`.
    fn tell_view(g: &mut RemoteGame, game: &Game, me: Seat) {
        let v = game.view(Viewer::Side(me));
        g.receive(
            HostMsg::View {
                viewer: me,
                notation: v.notation(),
                mines: v.mines_notation(),
            },
            0.0,
        );
    }

    /// The game's history sent again after a rejoin (`take_past`): a new window reads from it
    /// the move list, the event log, the last clash and 记子 of a window that saw every turn,
    /// the one-screen game's 记子 too; a window whose connection broke takes only the turns it
    /// missed; a history that does not begin with what a window saw replaces what it saw. The
    /// notes kept on this machine add no removed piece then. Random hidden games, two and four
    /// players, with a takeback.
    #[test]
    fn the_history_sent_again_gives_a_new_window_every_turn() {
        use crate::ai::Player;
        use crate::app::hidden_flip::seat_counts;
        let same = |a: &RemoteGame, b: &RemoteGame, what: &str| {
            let list = |g: &RemoteGame| -> Vec<String> {
                (g.plies().iter())
                    .map(|p| {
                        format!(
                            "{} {:?} {:?} {:?}",
                            p.number, p.report, p.attacker, p.defender
                        )
                    })
                    .collect()
            };
            assert_eq!(list(a), list(b), "{what}");
            assert_eq!(a.events(), b.events(), "{what}");
            assert_eq!(a.last_clash(), b.last_clash(), "{what}");
            assert_eq!(
                a.view().map(View::notation),
                b.view().map(View::notation),
                "{what}"
            );
        };
        let mut clashes = 0;
        for (four, seed) in [(false, 3), (true, 7)] {
            let mut game = hidden_game(four, seed);
            let rules = game.rules().clone();
            let me = game.board().seats[0];
            let view_line = |game: &Game| {
                let v = game.view(Viewer::Side(me));
                HostMsg::View {
                    viewer: me,
                    notation: v.notation(),
                    mines: v.mines_notation(),
                }
            };
            let mut live = seated(&rules, &game, me);
            let mut history = vec![view_line(&game)];
            let mut rng = crate::engine::rng::SplitMix64::new(seed);
            let mut p = crate::ai::RandomPlayer::default();
            // The window that breaks off at turn 40 and misses the turns until 70.
            let mut broken = seated(&rules, &game, me);
            for ply in 0..120 {
                let Some(side) = game.position().side_to_move() else {
                    break;
                };
                if game.status().is_over() {
                    break;
                }
                let mut lines = Vec::new();
                if ply == 60 && !four {
                    // The side to move takes back its last turn and the one after it.
                    let before = game.plies().len();
                    let by = side;
                    game.act(crate::engine::Action::Takeback { by, turns: 2 })
                        .unwrap();
                    let n = (before - game.plies().len()) as u32;
                    lines.push(HostMsg::TakenBack(by, n));
                } else {
                    let t = p
                        .choose(&game.view(Viewer::Side(side)), &rules, &mut rng)
                        .unwrap();
                    let r = game.play(t).unwrap().report.clone().unwrap();
                    clashes += usize::from(r.clash.is_some());
                    lines.push(HostMsg::Report(r));
                }
                lines.push(view_line(&game));
                for l in lines {
                    live.receive(l.clone(), 0.0);
                    if !(40..70).contains(&ply) {
                        broken.receive(l.clone(), 0.0);
                    }
                    history.push(l);
                }
                if ply == 39 {
                    broken.connection_lost();
                }
                if ply == 69 {
                    // Taken back: the history, then the setup and the view again.
                    broken.take_past(history.clone());
                    same(&broken, &live, "the window that broke off");
                }
            }
            // A new window: the setup, the history, the view again.
            let mut new = RemoteGame::default();
            new.receive(HostMsg::Hello(1), 0.0);
            new.receive(HostMsg::NewGame, 0.0);
            new.receive(HostMsg::Rules(rules.clone()), 0.0);
            new.receive(HostMsg::Seat(Chair::Side(me)), 0.0);
            new.take_past(history.clone());
            tell_view(&mut new, &game, me);
            // Notes kept on this machine by a window that saw less add nothing.
            new.restore_kept(super::super::kept_tags::Kept {
                ply: 0,
                tags: Vec::new(),
                removed: live.removed(),
            });
            same(&new, &live, "a new window");
            // A history that does not begin with what a window saw replaces it.
            let mut other = seated(&rules, &game, me);
            other.receive(history[1].clone(), 0.0);
            other.take_past(history.clone());
            same(&other, &live, "a window that saw otherwise");
            for enemy in game.board().seats.iter().copied().filter(|s| *s != me) {
                let truth = seat_counts(&game, me, enemy);
                assert_eq!(new.counts_of(enemy).as_ref(), Some(&truth), "{enemy:?}");
                assert_eq!(live.counts_of(enemy).as_ref(), Some(&truth), "{enemy:?}");
            }
            // Nothing was answered for the history, and nothing of it stays on the status line.
            assert!(new.note().is_none() && !new.to_move());
        }
        assert!(clashes > 20, "{clashes}");
    }

    /// A takeback's count includes turns lost to the move clock: the move list drops the last
    /// turns seen, a lost one among them, and keeps the rest in their order.
    #[test]
    fn a_takeback_across_a_lost_turn_drops_it_too() {
        let mut rules = Rules::for_mode(Mode::Open);
        rules.move_clock = Some(30);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 4)).unwrap();
        let mut g = seated(&rules, &game, Seat::Red);
        let tell = |g: &mut RemoteGame, game: &Game| tell_view(g, game, Seat::Red);
        let play = |g: &mut RemoteGame, game: &mut Game| {
            let t = game.position().legal_turns(&rules)[0];
            let report = game.play(t).unwrap().report.clone().unwrap();
            g.receive(HostMsg::Report(report), 0.0);
            tell(g, game);
        };
        // Red moves, Blue's time runs out, Red moves, Blue moves.
        play(&mut g, &mut game);
        game.act(crate::engine::Action::Timeout(Seat::Blue))
            .unwrap();
        g.receive(
            HostMsg::Timeout {
                side: Seat::Blue,
                count: 1,
            },
            0.0,
        );
        tell(&mut g, &game);
        play(&mut g, &mut game);
        play(&mut g, &mut game);
        let numbers = |g: &RemoteGame| {
            let mut n: Vec<usize> = g.plies().iter().map(|p| p.number).collect();
            n.extend(g.lost().iter().map(|l| l.number));
            n.sort_unstable();
            n
        };
        assert_eq!(numbers(&g), [1, 2, 3, 4]);
        assert_eq!(g.lost()[0].number, 2);
        // Red takes back its last turn and Blue's after it: the lost turn stays.
        g.receive(HostMsg::TakenBack(Seat::Red, 2), 0.0);
        assert_eq!(numbers(&g), [1, 2]);
        assert_eq!(g.lost().len(), 1);
        // Then back past the lost turn: it goes with the turn before it.
        g.receive(HostMsg::TakenBack(Seat::Red, 2), 0.0);
        assert!(g.plies().is_empty() && g.lost().is_empty());
    }

    /// The network screen's 记子, counted from Red's view and the reports only, agrees with the
    /// one-screen game's, counted through the gate from the whole game, turn after turn.
    #[test]
    fn counts_from_the_view_and_reports_agree_with_the_one_screen_game() {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut clashes = 0;
        for seed in 1..4 {
            let mut game = Game::new(rules.clone(), Start::random(&rules, seed)).unwrap();
            let mut g = seated(&rules, &game, Seat::Red);
            let mut rng = crate::engine::rng::SplitMix64::new(seed);
            let mut p = crate::ai::RandomPlayer::default();
            p.play_on(&mut game, &mut rng, 300, |game, report| {
                clashes += usize::from(report.clash.is_some());
                g.receive(HostMsg::Report(report.clone()), 0.0);
                tell_view(&mut g, game, Seat::Red);
                let truth = crate::app::hidden_flip::seat_counts(game, Seat::Red, Seat::Blue);
                assert_eq!(
                    g.counts_of(Seat::Blue),
                    Some(truth),
                    "seed {seed}, ply {}",
                    game.plies().len()
                );
            });
        }
        assert!(clashes > 20, "{clashes} clashes");
    }

    /// After a marshal trade the network screen's 记子 equals the one-screen game's for the same
    /// record: fed turn by turn, and in a new window that took the seat back mid-game and got
    /// only the setup and the view (the turns before it unseen), before and after more turns.
    #[test]
    fn counts_after_a_marshal_trade_agree_before_and_after_a_rejoin() {
        use crate::ai::Player;
        let mut game = crate::app::hidden_flip::marshal_trade_tests::marshals_face_to_face();
        let rules = game.rules().clone();
        let mut g = seated(&rules, &game, Seat::Red);
        let mut rng = crate::engine::rng::SplitMix64::new(5);
        let mut p = crate::ai::RandomPlayer::default();
        let first = Turn::parse("c6-c7", game.board()).unwrap();
        let mut rejoined: Option<RemoteGame> = None;
        for k in 0..12 {
            let side = game.position().side_to_move().unwrap();
            let t = if k == 0 {
                first
            } else {
                p.choose(&game.view(Viewer::Side(side)), &rules, &mut rng)
                    .unwrap()
            };
            let report = game.play(t).unwrap().report.clone().unwrap();
            for g in std::iter::once(&mut g).chain(rejoined.as_mut()) {
                g.receive(HostMsg::Report(report.clone()), 0.0);
                tell_view(g, &game, Seat::Red);
            }
            if k == 2 {
                rejoined = Some(seated(&rules, &game, Seat::Red));
            }
            let truth = crate::app::hidden_flip::seat_counts(&game, Seat::Red, Seat::Blue);
            let marshal = truth
                .rows
                .iter()
                .find(|r| r.rank == crate::engine::Rank::Marshal);
            assert_eq!(marshal.map(|r| (r.removed, r.left)), Some((1, 0)));
            assert_eq!(g.counts_of(Seat::Blue).as_ref(), Some(&truth), "turn {k}");
            if let Some(r) = &rejoined {
                assert_eq!(r.counts_of(Seat::Blue).as_ref(), Some(&truth), "turn {k}");
            }
        }
        assert!(rejoined.is_some());
        // The move list names both marshals.
        let marshal = |s| Seen::Known(Piece::new(s, crate::engine::Rank::Marshal));
        assert_eq!(
            g.plies()[0].pieces(),
            (marshal(Seat::Red), marshal(Seat::Blue))
        );
    }

    /// The host's lines to a seat taken back: in the same window (the connection broke) the
    /// handshake and setup again without `newgame` (the client thread drops it), then the view;
    /// in a new window the whole setup and the view, and the notes the window before kept on
    /// this machine, read back from their file.
    fn rejoin(old: &mut RemoteGame, rules: &Rules, game: &Game, me: Seat) -> RemoteGame {
        old.connection_lost();
        old.receive(HostMsg::Hello(1), 0.0);
        seat_new(old, rules, game, me);
        let kept = super::super::kept_tags::text(&old.kept().unwrap(), game.board());
        let mut new = RemoteGame::default();
        new.receive(HostMsg::Hello(1), 0.0);
        new.receive(HostMsg::NewGame, 0.0);
        seat_new(&mut new, rules, game, me);
        new.restore_kept(super::super::kept_tags::parse(&kept, game.board()).unwrap());
        new
    }

    fn seat_new(g: &mut RemoteGame, rules: &Rules, game: &Game, me: Seat) {
        g.receive(HostMsg::Rules(rules.clone()), 0.0);
        g.receive(HostMsg::Seat(Chair::Side(me)), 0.0);
        tell_view(g, game, me);
    }

    /// 记子 at the network screen equals the one-screen game's for the same record, for every
    /// seat of random hidden games (two and four players): fed turn by turn, in the same window
    /// after its connection broke and came back, and in a new window that took the seat back
    /// (from the host's setup and view, and its notes kept on this machine) — before the rejoin
    /// and after it, with dug mines and fallen marshals among the clashes.
    #[test]
    fn counts_agree_with_the_one_screen_game_for_every_seat_across_rejoins() {
        use crate::ai::Player;
        use crate::app::hidden_flip::seat_counts;
        // Clashes, dug mines, and new windows that took a seat back after a mine was dug.
        let mut seen = [0usize; 3];
        for (four, seed) in [(false, 1), (false, 2), (false, 6), (true, 4), (true, 5)] {
            let mut game = hidden_game(four, seed);
            let rules = game.rules().clone();
            let seats = game.board().seats;
            let mut windows: Vec<(Seat, Vec<RemoteGame>)> = seats
                .iter()
                .map(|&me| (me, vec![seated(&rules, &game, me)]))
                .collect();
            let mut rng = crate::engine::rng::SplitMix64::new(seed);
            let mut p = crate::ai::RandomPlayer::default();
            let mut dug = 0;
            for ply in 0..400 {
                let Some(side) = game.position().side_to_move() else {
                    break;
                };
                if game.status().is_over() {
                    break;
                }
                let t = p
                    .choose(&game.view(Viewer::Side(side)), &rules, &mut rng)
                    .unwrap();
                let report = game.play(t).unwrap().report.clone().unwrap();
                seen[0] += usize::from(report.clash.is_some());
                dug += usize::from(report.clash == Some(ClashOutcome::MineDug));
                // The first window breaks off twice and is taken back each time.
                let rejoined = ply == 60 || ply == 150;
                seen[2] += usize::from(rejoined && dug > 0);
                for (me, gs) in &mut windows {
                    for g in gs.iter_mut() {
                        g.receive(HostMsg::Report(report.clone()), 0.0);
                        tell_view(g, &game, *me);
                    }
                    if rejoined {
                        let new = rejoin(&mut gs[0], &rules, &game, *me);
                        gs.push(new);
                    }
                }
                // Counted at every clash (what changes the counts) and at the rejoins.
                if report.clash.is_none() && !rejoined {
                    continue;
                }
                for (me, gs) in &windows {
                    for enemy in seats.iter().copied().filter(|s| s != me) {
                        let truth = seat_counts(&game, *me, enemy);
                        for (k, g) in gs.iter().enumerate() {
                            assert_eq!(
                                g.counts_of(enemy).as_ref(),
                                Some(&truth),
                                "seed {seed}, ply {ply}, {me:?} counting {enemy:?}, window {k}"
                            );
                        }
                    }
                }
            }
            seen[1] += dug;
        }
        let [clashes, dug, after] = seen;
        assert!(clashes > 100 && dug >= 2 && after >= 1, "{seen:?}");
    }

    /// Tags on the network screen follow their pieces as the one-screen game's do
    /// (`Game::set_tag`, `Game::move_tags`): Red tags every Blue piece with its starting square,
    /// and after every turn of random hidden games the two agree; nothing is sent to the host.
    #[test]
    fn tags_follow_their_pieces_as_the_one_screen_games_do() {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut clashes = 0;
        for seed in 1..4 {
            let mut game = Game::new(rules.clone(), Start::random(&rules, seed)).unwrap();
            let mut g = seated(&rules, &game, Seat::Red);
            let board = game.board();
            let blue: Vec<NodeId> = game.position().pieces(Seat::Blue).map(|(n, _)| n).collect();
            for &n in &blue {
                let text = board.name(n).to_string();
                assert!(g.apply(GameAct::TagMenu(n)).is_empty());
                assert_eq!(g.tag_menu(), Some(n));
                assert!(g.apply(GameAct::SetTag(n, Some(text.clone()))).is_empty());
                assert_eq!(g.tag_menu(), None);
                game.set_tag(Seat::Red, n, Some(&text)).unwrap();
            }
            let sorted = |mut v: Vec<(NodeId, String)>| {
                v.sort();
                v
            };
            let mine = |g: &RemoteGame| sorted(g.tags().map(|(n, t)| (n, t.to_string())).collect());
            let truth = |game: &Game| {
                sorted(
                    game.tags(Seat::Red)
                        .into_iter()
                        .map(|(n, t)| (n, t.to_string()))
                        .collect(),
                )
            };
            assert_eq!(mine(&g).len(), blue.len());
            let mut rng = crate::engine::rng::SplitMix64::new(seed);
            let mut p = crate::ai::RandomPlayer::default();
            p.play_on(&mut game, &mut rng, 300, |game, report| {
                clashes += usize::from(report.clash.is_some());
                g.receive(HostMsg::Report(report.clone()), 0.0);
                tell_view(&mut g, game, Seat::Red);
                assert_eq!(
                    mine(&g),
                    truth(game),
                    "seed {seed}, ply {}",
                    game.plies().len()
                );
            });
        }
        assert!(clashes > 20, "{clashes} clashes");
    }

    /// A tag goes only on an enemy piece, at most `MAX_TAG_CHARS` long, only in hidden games; a
    /// refusal is said in the status line and changes nothing; an empty text erases.
    #[test]
    fn tags_go_only_on_enemy_pieces_of_hidden_games() {
        let rules = Rules::for_mode(Mode::Hidden);
        let game = Game::new(rules.clone(), Start::random(&rules, 5)).unwrap();
        let mut g = seated(&rules, &game, Seat::Red);
        let (own, _) = game.position().pieces(Seat::Red).next().unwrap();
        let (enemy, _) = game.position().pieces(Seat::Blue).next().unwrap();
        let empty = (0..game.board().len() as NodeId)
            .find(|&n| game.position().at(n).is_none())
            .unwrap();
        for n in [own, empty] {
            g.apply(GameAct::TagMenu(n));
            assert_eq!(g.tag_menu(), None);
            g.apply(GameAct::SetTag(n, Some("40".into())));
            assert!(matches!(
                g.note(),
                Some(Note::Tag(TagError::NoEnemyPiece(_)))
            ));
        }
        g.apply(GameAct::SetTag(enemy, Some("123456789".into())));
        assert_eq!(g.note(), Some(&Note::Tag(TagError::TooLong)));
        assert_eq!(g.tags().count(), 0);
        g.apply(GameAct::SetTag(enemy, Some(" 炸 ".into())));
        g.apply(GameAct::SetTag(enemy, Some("雷".into())));
        assert_eq!(g.tags().collect::<Vec<_>>(), [(enemy, "雷")]);
        g.apply(GameAct::SetTag(enemy, Some("  ".into())));
        assert_eq!(g.tags().count(), 0);
        // Open mode shows every piece: no tags.
        let open = Rules::for_mode(Mode::Open);
        let game = Game::new(open.clone(), Start::random(&open, 5)).unwrap();
        let mut g = seated(&open, &game, Seat::Red);
        assert!(!g.tags_offered());
        g.apply(GameAct::SetTag(enemy, Some("40".into())));
        assert_eq!(g.tags().count(), 0);
    }

    /// A view that is not one, or of another seat, is said in the log and changes nothing.
    #[test]
    fn bad_views_change_nothing() {
        let rules = Rules::for_mode(Mode::Hidden);
        let game = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        let mut g = seated(&rules, &game, Seat::Red);
        let before = g.view().unwrap().notation();
        let blue = game.view(Viewer::Side(Seat::Blue));
        for (viewer, notation) in [
            (Seat::Red, "nonsense".to_string()),
            (Seat::Blue, blue.notation()),
            (Seat::Red, "x".repeat(5000)),
        ] {
            g.receive(
                HostMsg::View {
                    viewer,
                    notation,
                    mines: "y?".into(),
                },
                0.0,
            );
        }
        assert_eq!(g.view().unwrap().notation(), before);
        assert_eq!(
            g.events()
                .iter()
                .filter(|e| matches!(e, Event::BadMessage(_)))
                .count(),
            3
        );
    }

    /// A game that ended without a turn (a resignation) shows every piece once the host's
    /// record comes; a record whose pieces differ from what the screen saw, or a game not over,
    /// change nothing.
    #[test]
    fn the_end_reveal_comes_from_the_record() {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        let mut g = seated(&rules, &game, Seat::Red);
        let unknown = |g: &RemoteGame| {
            let v = g.view().unwrap();
            (0..g.board().len() as NodeId)
                .filter(|&n| matches!(v.at(n), Seen::Unknown(_)))
                .count()
        };
        assert_eq!(unknown(&g), 25);
        game.act(crate::engine::Action::Resign(Seat::Blue)).unwrap();
        // Not over at this screen yet: nothing changes.
        g.reveal_end(&game);
        assert_eq!(unknown(&g), 25);
        g.receive(HostMsg::GameOver(game.status()), 0.0);
        // Another deal's record does not fit what Red saw of its own pieces.
        let mut other = Game::new(rules.clone(), Start::random(&rules, 4)).unwrap();
        other
            .act(crate::engine::Action::Resign(Seat::Blue))
            .unwrap();
        g.reveal_end(&other);
        assert_eq!(unknown(&g), 25);
        g.reveal_end(&game);
        assert_eq!(unknown(&g), 0);
    }

    /// After the end reveal the move list names the pieces of every clash, which during the
    /// game showed "?" for the enemy's.
    #[test]
    fn the_reveal_names_every_piece_of_the_move_list() {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 5)).unwrap();
        let mut g = seated(&rules, &game, Seat::Red);
        let mut rng = crate::engine::rng::SplitMix64::new(5);
        let mut p = crate::ai::RandomPlayer::default();
        p.play_on(&mut game, &mut rng, 120, |game, report| {
            g.receive(HostMsg::Report(report.clone()), 0.0);
            tell_view(&mut g, game, Seat::Red);
        });
        let unknown = |g: &RemoteGame| {
            (g.plies().iter())
                .filter(|p| p.report.clash.is_some())
                .filter(|p| !matches!(p.pieces(), (Seen::Known(_), Seen::Known(_))))
                .count()
        };
        assert!(unknown(&g) > 0, "no clash with an unknown piece");
        if !game.status().is_over() {
            game.act(crate::engine::Action::Resign(Seat::Blue)).unwrap();
        }
        g.receive(HostMsg::GameOver(game.status()), 0.0);
        g.reveal_end(&game);
        assert_eq!(unknown(&g), 0);
        let clash = g.plies().iter().find(|p| p.report.clash.is_some()).unwrap();
        let Turn::Move { from, to } = clash.report.turn else {
            panic!("a clash is a move")
        };
        let i = clash.number - 1;
        assert_eq!(clash.attacker, game.position_at(i).at(from));
        assert_eq!(clash.defender, game.position_at(i).at(to));
    }

    /// A flag attack refused by a flag rule is worded as the play screen words it, from the
    /// host's code and never its words; other refusals keep the host's words.
    #[test]
    fn refusals_are_read_from_the_hosts_code() {
        let rules = Rules::for_mode(Mode::Hidden);
        let game = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        let mut g = seated(&rules, &game, Seat::Red);
        g.receive(
            HostMsg::Refused(
                "a6-a7".into(),
                // Words that say otherwise: the code decides.
                RefusedWhy::FlagMines("the attacker's rank may not take the flag".into()),
            ),
            0.0,
        );
        assert!(matches!(
            g.note(),
            Some(Note::Refused(Refusal::Flag(
                IllegalTurn::FlagAttackRefused {
                    by: Seat::Red,
                    mines: true,
                    ..
                }
            )))
        ));
        g.receive(
            HostMsg::Refused("a6-a7".into(), RefusedWhy::FlagRank(String::new())),
            0.0,
        );
        assert!(matches!(
            g.note(),
            Some(Note::Refused(Refusal::Flag(
                IllegalTurn::FlagAttackRefused { mines: false, .. }
            )))
        ));
        let why = RefusedWhy::Rule("the flag: refused, still has mines".into());
        g.receive(HostMsg::Refused("a6-a7".into(), why), 0.0);
        assert!(matches!(g.note(), Some(Note::Refused(Refusal::Said(..)))));
        // The game's end clears it: the status line says the end, not a refusal before it.
        g.receive(
            HostMsg::GameOver(Status::Draw(crate::engine::EndReason::Agreement)),
            0.0,
        );
        assert!(g.note().is_none());
    }

    /// Nothing is sent out of turn, and a turn the view refuses is said, not sent.
    #[test]
    /// Resigning while another seat's draw offer waits for this seat's answer declines it first,
    /// so that the host does not wait for it; then the network's `resign` goes.
    fn resigning_answers_a_question_waiting_first() {
        let rules = Rules::for_mode(Mode::Open);
        let game = Game::new(rules.clone(), Start::random(&rules, 4)).unwrap();
        let mut g = seated(&rules, &game, Seat::Blue);
        g.receive(HostMsg::DrawOffered(Seat::Red), 1.0);
        assert!(g.apply(GameAct::Resign).is_empty());
        assert!(g.confirm_resign());
        assert_eq!(
            g.apply(GameAct::ConfirmResign(true)),
            vec![
                Outgoing::Engine(EngineMsg::DrawAnswer(false)),
                Outgoing::Resign
            ]
        );
        assert!(!g.may_resign());
    }

    #[test]
    fn turns_go_only_when_asked_and_allowed() {
        let rules = Rules::for_mode(Mode::Open);
        let game = Game::new(rules.clone(), Start::random(&rules, 4)).unwrap();
        let mut g = seated(&rules, &game, Seat::Red);
        let Turn::Move { from, to } = game.position().legal_turns(&rules)[0] else {
            panic!("a move")
        };
        assert!(g.apply(GameAct::Drop(from, to)).is_empty());
        assert_eq!(g.note(), Some(&Note::Text(crate::i18n::net::NOT_YOUR_TURN)));
        // A draw offered on another's turn is kept for one's own: it answers the next `go`.
        assert!(g.apply(GameAct::OfferDraw).is_empty());
        assert!(g.draw_queued());
        let go = HostMsg::Go {
            turn_ms: Some(30_000),
            left_ms: None,
        };
        let out = g.receive(go.clone(), 5.0);
        assert_eq!(out, vec![Outgoing::Engine(EngineMsg::OfferDraw)]);
        assert!(!g.to_move() && g.draw_sent() && !g.draw_queued());
        // Declined: the host asks for the turn again.
        assert!(g.receive(go, 10.0).is_empty());
        assert!(g.to_move() && !g.draw_sent());
        assert_eq!(g.clock_left(12.0), Some(28.0));
        // Onto one's own piece is not a turn: the view says why.
        let own = (0..game.board().len() as NodeId)
            .find(|&n| {
                n != from && matches!(game.position().at(n), Some(p) if p.side() == Seat::Red)
            })
            .unwrap();
        g.apply(GameAct::Node(from));
        let out = g.apply(GameAct::Node(own));
        assert!(out.is_empty(), "a click on one's own piece sends nothing");
        let out = g.apply(GameAct::Drop(from, to));
        assert_eq!(
            out,
            vec![Outgoing::Engine(EngineMsg::Turn(
                Turn::Move { from, to }.notation(game.board())
            ))]
        );
        assert!(!g.to_move());
        assert!(g.apply(GameAct::Drop(from, to)).is_empty());
    }
}
