//! The audit: a host that cannot lie unseen.
//!
//! Before the first turn the host sends every player a salted commitment of every side's
//! pieces at the start (`commit`: BLAKE2s-256 over a label, the room, the side, a random salt
//! and the side's pieces as text), which tells nothing of the pieces (the salts are 128 random
//! bits) but binds the host to them. When the game ends it sends the salts (`reveal`) and the
//! game's whole record (`record`). Each player's program (`Auditor`, fed every message it
//! received and every answer it sent) then replays the record action by action (`Timeline`: a
//! point of the game is how many reports, takebacks and timeouts were told; a point's positions
//! change untold when a refused attack shows its flag or a four-player resignation takes a
//! player's pieces off) and checks that
//! - the record's start gives exactly the committed hashes, side by side;
//! - the record is a game the rules allow, and gives every report the player received, in order;
//! - every view the player was shown is, piece by piece, one of its point's positions, in order,
//!   and every refusal of its turns it was told is the record's, with the rules' reason;
//! - what the record has the player do (turns, resignation, draw offer or acceptance, takeback
//!   asked or agreed, formation) it sent, at that point;
//! - the record ends as the host said.
//!
//! A host that reported a clash the rules do not give, showed a piece that was not there, made up
//! a refusal, changed a formation after the start or from the one sent, acted for the player, or
//! sent a record that is not the game played, is named (`Verdict::Lied`). A host that sends no
//! commitment, no reveal or no record cannot be checked (`Verdict::Unchecked`): that is said as
//! well. A player who lost the connection and came back checks each stretch it was connected for
//! (`Auditor::rejoined`) from the point the host says it came in at (`Msg::At`): a stretch is
//! placed there, never searched for. The game's history the host sends again before `At`
//! (`Msg::Past`) is checked as a stretch from the start, and against what the player was told
//! live before (`check_pasts`). docs/network.md says what the audit cannot prove.

use super::invite::RoomId;
pub use super::wire::{RECORD_PART, SALT_LEN, from_hex, to_hex};
use crate::engine::{
    Action, Chair, Game, Mover, Position, Rules, Seat, Status, TurnReport, View, Viewer,
};
use crate::protocol::{EngineMsg, HostMsg, RefusedWhy};
use blake2::{Blake2s256, Digest};
use std::fmt;

/// The largest record a client accepts at the end (bytes).
pub const MAX_RECORD: usize = 8 * 1024 * 1024;
/// A side's pieces at the start as committed: `NODE=RANK` for each, in board order.
pub fn side_part(start: &Position, side: Seat) -> String {
    let board = start.board();
    start
        .pieces(side)
        .map(|(n, p)| format!("{}={}", board.name(n), p.rank().code()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The position `game` was dealt, as committed: its record's start. (`Game::start_position`
/// is not always it: a four-player resignation before the first turn takes the player's pieces
/// off it.)
pub fn dealt(game: &Game) -> Position {
    let r = game.record();
    r.start.position(&r.rules).unwrap_or(*game.start_position())
}

/// The commitment to side `k`'s pieces (`part`) in room `room` with `salt`.
pub fn commitment(room: RoomId, k: u8, salt: &[u8; SALT_LEN], part: &str) -> [u8; 32] {
    let mut h = Blake2s256::new();
    h.update(b"junqi formation commitment v1\0");
    h.update(room.0);
    h.update([k]);
    h.update(salt);
    h.update(part.as_bytes());
    h.finalize().into()
}

/// The host's side of the commitments: a salt for each side of the board and the hashes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seal {
    pub salts: Vec<[u8; SALT_LEN]>,
    pub hashes: Vec<[u8; 32]>,
}

impl Seal {
    /// Commit to `start` with fresh random salts.
    pub fn new(room: RoomId, start: &Position) -> Seal {
        let salts = (0..start.board().seats.len())
            .map(|_| rand::random::<[u8; SALT_LEN]>())
            .collect();
        Seal::with_salts(room, start, salts)
    }

    /// Commit to `start` with these salts (a host that restarted, from its saved room).
    pub fn with_salts(room: RoomId, start: &Position, salts: Vec<[u8; SALT_LEN]>) -> Seal {
        let hashes = (start.board().seats.iter().zip(&salts).enumerate())
            .map(|(k, (&side, salt))| commitment(room, k as u8, salt, &side_part(start, side)))
            .collect();
        Seal { salts, hashes }
    }
}

/// The record as sent at the end: compact RON (one line), in pieces of at most `RECORD_PART`
/// bytes cut at character boundaries.
pub fn record_parts(game: &Game) -> Vec<String> {
    let text = ron::to_string(game.record()).unwrap_or_default();
    split_parts(&text, RECORD_PART)
}

/// `text` in pieces of at most `max` bytes (at least 4), cut at character boundaries.
fn split_parts(text: &str, max: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut cut = rest.len().min(max.max(4));
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        parts.push(rest[..cut].to_string());
        rest = &rest[cut..];
    }
    parts
}

/// How the host lied.
#[derive(Clone, Debug, PartialEq)]
pub enum Lie {
    /// The pieces revealed at the end are not those it committed to at the start.
    Commitment(Seat),
    /// It committed twice, to different pieces.
    TwoCommitments,
    /// The report of a turn (its number, from 1) is not what the rules give.
    Report {
        turn: usize,
        said: String,
        truth: Option<String>,
    },
    /// A rejoin came in, the host said, where the game has no such point.
    Stretch,
    /// It told the player a turn of its own was refused (after `turn` turns) that the game did
    /// not refuse so.
    Refusal { turn: usize, said: String },
    /// Its record has the player do something (after `turn` turns) the player did not send.
    Acted { turn: usize, what: Action },
    /// Its record starts the player's side with another formation than the one it sent.
    Formation(Seat),
    /// It showed the player a piece (on the node named) that was not so, after `turn` turns.
    View { turn: usize, node: String },
    /// It said the game ended otherwise.
    Result { said: Status, truth: Status },
    /// It sent more reports than the game has turns, or fewer.
    Count { said: usize, truth: usize },
    /// The record is not a game the rules allow, or not of the rules played.
    Record(String),
    /// It told of a timeout (the side's `count`th) that the game does not have there.
    Timeout { side: Seat, count: u32 },
    /// The game's history it sent again after a rejoin (`Msg::Past`) is not what it told this
    /// player live, after `turn` turns.
    Past { turn: usize },
}

impl fmt::Display for Lie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lie::Commitment(side) => write!(
                f,
                "{}'s pieces at the end are not those the host committed to at the start",
                side.en()
            ),
            Lie::TwoCommitments => f.write_str("the host committed twice, to different pieces"),
            Lie::Report { turn, said, truth } => match truth {
                Some(t) => write!(
                    f,
                    "turn {turn}: the host reported '{said}'; the rules give '{t}'"
                ),
                None => write!(
                    f,
                    "turn {turn}: the host reported '{said}'; the game has no such turn"
                ),
            },
            Lie::Stretch => f.write_str(
                "the host said a rejoin came in where the game it recorded has no such point",
            ),
            Lie::Refusal { turn, said } => write!(
                f,
                "after {turn} turns the host refused the turn {said}, which the game did not refuse so"
            ),
            Lie::Acted { turn, what } => write!(
                f,
                "after {turn} turns the host's record has this player make {}, which it never sent",
                acted_words(what)
            ),
            Lie::Formation(side) => write!(
                f,
                "the record starts {} with another formation than the one this player sent",
                side.en()
            ),
            Lie::View { turn, node } => write!(
                f,
                "after {turn} turns the host showed {node} otherwise than the game had it"
            ),
            Lie::Result { said, truth } => write!(
                f,
                "the host said the game ended '{}'; its record ends '{}'",
                said.word(),
                truth.word()
            ),
            Lie::Count { said, truth } => {
                write!(f, "the host reported {said} turns; its record has {truth}")
            }
            Lie::Record(why) => write!(f, "the record the host sent is not the game: {why}"),
            Lie::Timeout { side, count } => write!(
                f,
                "the host's word of {}'s timeout {count} is not the game's (told where the game has none, or not told where it has one)",
                side.en()
            ),
            Lie::Past { turn } => write!(
                f,
                "after {turn} turns the game's history the host sent again after a rejoin is not what it told this player then"
            ),
        }
    }
}

/// Why the game could not be checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unchecked {
    /// No commitment came before the first turn.
    NoCommitment,
    /// The game has not ended, or the host sent no salts or no record at its end.
    NoReveal,
    /// The salts do not fit the commitment (not one per side).
    BadReveal,
}

impl fmt::Display for Unchecked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unchecked::NoCommitment => "the host sent no commitment before the first turn",
            Unchecked::NoReveal => "the host revealed nothing at the end",
            Unchecked::BadReveal => "the host's reveal does not fit its commitment",
        })
    }
}

/// What the audit found.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every report and view matched the game replayed by the rules from the committed pieces.
    Honest { reports: usize, views: usize },
    /// The host lied.
    Lied(Lie),
    /// The game could not be checked.
    Unchecked(Unchecked),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Honest { reports, views } => write!(
                f,
                "honest: {reports} reports and {views} views match the game replayed from the committed formations"
            ),
            Verdict::Lied(l) => write!(f, "the host lied: {l}"),
            Verdict::Unchecked(u) => write!(f, "not checked: {u}"),
        }
    }
}

/// What a player received and sent over one stretch of connection, in order.
#[derive(Clone, Debug, Default)]
struct Stretch {
    /// Whether the stretch began with the game (its first report is the game's first).
    from_start: bool,
    /// Whether the stretch is the game's history sent again after a rejoin (`Msg::Past`): it
    /// begins with the game too, and holds only what the host told, no answers. (Made at the
    /// verdict from `history`: a connection's stretches are counted, one a connection.)
    past: bool,
    /// The game's history the host sent this connection after its rejoin, before `At`.
    history: Option<Vec<Item>>,
    /// Where the host said a stretch after a rejoin begins (`Msg::At`): how many reports,
    /// takebacks and timeouts had been told, and how many refusals of this player's turns
    /// since the last of them.
    at: Option<(usize, usize)>,
    items: Vec<Item>,
}

/// One thing of a stretch.
#[derive(Clone, Debug, PartialEq)]
enum Item {
    /// A report, takeback or timeout.
    Told(Told),
    /// A view: the viewer, the notation, mines.
    View(Seat, String, String),
    /// A refusal of this player's turn (the turn, the reason given).
    Refused(String, RefusedWhy),
    /// An answer this player sent.
    Sent(Sent),
}

/// What a player sent that the record must show: an answer to the question asked, or a
/// resignation.
#[derive(Clone, Debug, PartialEq)]
enum Sent {
    Turn(String),
    Resign,
    OfferDraw,
    AskTakeback,
    Draw(bool),
    Takeback(bool),
    Formation(String),
}

/// A player's audit: fed every message received (`feed`) and every message sent (`sent`),
/// judged at the end (`verdict`).
#[derive(Clone, Debug)]
pub struct Auditor {
    room: RoomId,
    rules: Option<Rules>,
    /// The player's chair, as the host's `seat` line gave it.
    chair: Option<Chair>,
    hashes: Option<Vec<[u8; 32]>>,
    late_commitment: bool,
    two_commitments: bool,
    stretches: Vec<Stretch>,
    over: Option<Status>,
    salts: Option<Vec<[u8; SALT_LEN]>>,
    record: String,
    record_done: bool,
    record_too_long: bool,
    /// Which connection feeds the audit: one more for each rejoin, kept over a rematch, so a
    /// connection's reader can tell whether it still feeds it (`connection`).
    connection: u64,
}

impl Auditor {
    /// An audit of room `room`, from the game's start (`from_start`) or from a rejoin.
    pub fn new(room: RoomId, from_start: bool) -> Auditor {
        Auditor {
            room,
            rules: None,
            chair: None,
            hashes: None,
            late_commitment: false,
            two_commitments: false,
            stretches: vec![Stretch {
                from_start,
                ..Stretch::default()
            }],
            over: None,
            salts: None,
            record: String::new(),
            record_done: false,
            record_too_long: false,
            connection: 0,
        }
    }

    /// The connection was lost and taken up again: what follows is a new stretch, fed by a new
    /// connection.
    pub fn rejoined(&mut self) {
        self.stretches.push(Stretch::default());
        self.connection += 1;
    }

    /// A rematch's seat was taken on the same connection: the next game's audit begins, from
    /// its start, still fed by this connection.
    pub fn rematch(&mut self) {
        *self = Auditor {
            connection: self.connection,
            ..Auditor::new(self.room, true)
        };
    }

    /// Which connection feeds the audit now (it changes only on `rejoined`).
    pub fn connection(&self) -> u64 {
        self.connection
    }

    /// The record the host sent at the end, once whole.
    pub fn record(&self) -> Option<String> {
        (self.record_done && !self.record_too_long).then(|| self.record.clone())
    }

    /// Whether the host sent its reveal and the whole record.
    pub fn revealed(&self) -> bool {
        self.salts.is_some() && self.record_done
    }

    fn stretch(&mut self) -> &mut Stretch {
        self.stretches.last_mut().expect("one stretch at least")
    }

    /// The things kept so far, the histories sent again among them.
    fn items(&self) -> usize {
        (self.stretches.iter())
            .map(|s| s.items.len() + s.history.as_ref().map_or(0, Vec::len))
            .sum()
    }

    fn push(&mut self, item: Item) {
        // Bounded: a game's record holds at most `MAX_RECORD` bytes, and no honest host tells
        // a player more than a few things per action.
        if self.items() < MAX_ITEMS {
            self.stretch().items.push(item);
        }
    }

    /// Take in one message the player sent: an answer (a turn, a draw or takeback answer, a
    /// formation …) or a resignation is kept, where the game is as this audit has been told it,
    /// for the check against the record. (Whether it answered the question asked is not asked:
    /// one the host dropped, a late turn, only makes the check more lenient, never a lie.)
    pub fn sent(&mut self, msg: &super::wire::Msg) {
        use super::wire::Msg;
        let Msg::Engine(m) = msg else {
            if matches!(msg, Msg::Resign) {
                self.push(Item::Sent(Sent::Resign));
            }
            return;
        };
        let sent = match m {
            EngineMsg::Turn(t) => Sent::Turn(t.clone()),
            EngineMsg::Resign => Sent::Resign,
            EngineMsg::OfferDraw => Sent::OfferDraw,
            EngineMsg::AskTakeback => Sent::AskTakeback,
            EngineMsg::DrawAnswer(yes) => Sent::Draw(*yes),
            EngineMsg::TakebackAnswer(yes) => Sent::Takeback(*yes),
            EngineMsg::Formation(f) => Sent::Formation(f.clone()),
            _ => return,
        };
        self.push(Item::Sent(sent));
    }

    /// Take in one message received.
    pub fn feed(&mut self, msg: &super::wire::Msg) {
        use super::wire::Msg;
        match msg {
            Msg::Commit(hashes) => {
                if let Some(h) = &self.hashes {
                    self.two_commitments |= h != hashes;
                } else {
                    let seen = (self.stretches.iter())
                        .any(|s| s.items.iter().any(|i| matches!(i, Item::Told(_))));
                    self.late_commitment = seen && self.stretches[0].from_start;
                    self.hashes = Some(hashes.clone());
                }
            }
            Msg::At { told, refused } => {
                let s = self.stretch();
                if !s.from_start && s.at.is_none() && s.items.is_empty() {
                    s.at = Some((*told as usize, *refused as usize));
                }
            }
            Msg::Past(lines) => {
                // Only right after a rejoin, before `At`: the history from the game's start.
                let room = MAX_ITEMS.saturating_sub(self.items());
                let s = self.stretch();
                if !s.from_start && s.at.is_none() && s.items.is_empty() {
                    let items = lines.iter().filter_map(item_of).take(room);
                    s.history.get_or_insert_with(Vec::new).extend(items);
                }
            }
            Msg::Reveal(salts) => self.salts = Some(salts.clone()),
            Msg::RecordPart { text, last } => {
                if self.record_done {
                    return;
                }
                if self.record.len() + text.len() > MAX_RECORD {
                    self.record_too_long = true;
                    self.record_done = true;
                    return;
                }
                self.record.push_str(text);
                self.record_done = *last;
            }
            Msg::Host(m) => self.feed_line(m),
            _ => {}
        }
    }

    fn feed_line(&mut self, m: &HostMsg) {
        match m {
            HostMsg::Rules(r) => {
                self.rules.get_or_insert_with(|| r.clone());
            }
            HostMsg::Seat(c) => {
                self.chair.get_or_insert(*c);
            }
            HostMsg::GameOver(s) if s.is_over() => self.over = Some(*s),
            m => {
                if let Some(item) = item_of(m) {
                    self.push(item);
                }
            }
        }
    }

    /// The stretches as checked: each connection's history sent again (`history`) a stretch of
    /// its own before it.
    fn checked_stretches(&self) -> Vec<Stretch> {
        let mut out = Vec::new();
        for s in &self.stretches {
            if let Some(h) = &s.history {
                out.push(Stretch {
                    past: true,
                    items: h.clone(),
                    ..Stretch::default()
                });
            }
            out.push(Stretch {
                history: None,
                ..s.clone()
            });
        }
        out
    }

    /// The audit's verdict (at the end of the game, once the host revealed).
    pub fn verdict(&self) -> Verdict {
        let Some(hashes) = &self.hashes else {
            return Verdict::Unchecked(Unchecked::NoCommitment);
        };
        if self.late_commitment {
            return Verdict::Unchecked(Unchecked::NoCommitment);
        }
        if self.two_commitments {
            return Verdict::Lied(Lie::TwoCommitments);
        }
        let (Some(salts), true) = (&self.salts, self.record_done) else {
            return Verdict::Unchecked(Unchecked::NoReveal);
        };
        if self.record_too_long {
            return Verdict::Lied(Lie::Record("longer than any game".into()));
        }
        let game = match Game::from_ron(&self.record) {
            Ok(g) => g,
            Err(e) => return Verdict::Lied(Lie::Record(e.to_string())),
        };
        if let Some(r) = &self.rules
            && r != game.rules()
        {
            return Verdict::Lied(Lie::Record("its rules are not the rules played".into()));
        }
        let board = game.board();
        if salts.len() != board.seats.len() || hashes.len() != board.seats.len() {
            return Verdict::Unchecked(Unchecked::BadReveal);
        }
        let start = &dealt(&game);
        for (k, &side) in board.seats.iter().enumerate() {
            let h = commitment(self.room, k as u8, &salts[k], &side_part(start, side));
            if h != hashes[k] {
                return Verdict::Lied(Lie::Commitment(side));
            }
        }
        let timeline = match Timeline::of(&game, self.chair) {
            Ok(t) => t,
            Err(lie) => return Verdict::Lied(lie),
        };
        let stretches = self.checked_stretches();
        let checked = check_pasts(&stretches)
            .and_then(|()| check_stretches(&game, &timeline, &stretches))
            .and_then(|(n, sent)| {
                // What the player sent is checked where the audit saw all of it: from the start.
                if self.stretches[0].from_start
                    && let Some(chair) = self.chair
                {
                    check_sent(&game, &timeline, chair, &sent)?;
                }
                Ok(n)
            });
        match checked {
            Ok((reports, views)) => {
                if let Some(said) = self.over
                    && said != game.status()
                {
                    return Verdict::Lied(Lie::Result {
                        said,
                        truth: game.status(),
                    });
                }
                Verdict::Honest { reports, views }
            }
            Err(lie) => Verdict::Lied(lie),
        }
    }
}

/// A line of the game's history as the audit keeps it (none: not one).
fn item_of(m: &HostMsg) -> Option<Item> {
    Some(match m {
        HostMsg::Report(r) => Item::Told(Told::Report(r.clone())),
        HostMsg::TakenBack(by, turns) => Item::Told(Told::TakenBack(*by, *turns)),
        HostMsg::View {
            viewer,
            notation,
            mines,
        } => Item::View(*viewer, notation.clone(), mines.clone()),
        HostMsg::Refused(turn, why) => Item::Refused(turn.clone(), why.clone()),
        HostMsg::Timeout { side, count } => Item::Told(Told::TimedOut(*side, *count)),
        _ => return None,
    })
}

/// The most things an audit keeps (reports, views, refusals, answers): far beyond any game's.
const MAX_ITEMS: usize = 1 << 20;

/// What a player is told of the game's course: a turn's report, or a takeback (by whom, how
/// many turns).
#[derive(Clone, Debug, PartialEq)]
pub enum Told {
    Report(TurnReport),
    TakenBack(Seat, u32),
    /// A side lost its turn to the move clock: its `count`th timeout.
    TimedOut(Seat, u32),
}

impl Told {
    fn words(&self, board: &crate::engine::Board) -> String {
        match self {
            Told::Report(r) => crate::protocol::report_words(r, board),
            Told::TakenBack(s, n) => format!("takeback {} {n}", crate::protocol::seat_word(*s)),
            Told::TimedOut(s, n) => format!("timeout {} {n}", crate::protocol::seat_word(*s)),
        }
    }
}

/// An action of the record, where it happened.
#[derive(Clone, Debug)]
struct Acted {
    action: Action,
    /// Whether the player whose audit this is made it (its turn, its resignation, its draw offer
    /// or answer, its takeback), as its chair says.
    own: bool,
    /// Whether the player's side was still in before it.
    own_in: bool,
    /// The state (of the point's positions) after it, and whether it made that state (a second
    /// refusal of an attack on a flag already shown changes nothing).
    state: usize,
    new_state: bool,
    /// A refusal: its reason as told.
    why: Option<RefusedWhy>,
}

/// One point of the game as its players are told it: after so many reports, takebacks and
/// timeouts.
#[derive(Clone, Debug, Default)]
struct Point {
    /// The positions at this point in order: the point's first, then one after each event that
    /// changes the position untold (a refused attack shows its flag, a four-player resignation
    /// puts its player out).
    states: Vec<Position>,
    /// The actions at this point, in order; a turn, timeout or takeback ends the point.
    acts: Vec<Acted>,
}

/// The game as its players are told it, replayed from its record action by action.
struct Timeline {
    told: Vec<Told>,
    /// One more than `told`: the point before each thing told, and the last.
    points: Vec<Point>,
}

impl Timeline {
    /// The timeline of `game`'s record; `chair` marks the actions of the player auditing.
    fn of(game: &Game, chair: Option<Chair>) -> Result<Timeline, Lie> {
        let record = game.record();
        let mut g = Game::new(record.rules.clone(), record.start.clone())
            .map_err(|e| Lie::Record(e.to_string()))?;
        let mut t = Timeline {
            told: Vec::new(),
            points: vec![Point {
                states: vec![*g.position()],
                acts: Vec::new(),
            }],
        };
        for a in &record.actions {
            let mover = g.position().mover();
            let side = |g: &Game| match chair {
                Some(Chair::Side(s)) => Some(s),
                Some(Chair::Player(p)) => g.player_colour(p),
                None => None,
            };
            let own_side = side(&g);
            let own_in = own_side.is_some_and(|s| g.seats_in().contains(&s));
            let own = match (a, chair) {
                (Action::Turn(_) | Action::Refused(_), Some(Chair::Player(p))) => match mover {
                    Mover::Player(m) => m == p,
                    Mover::Side(m) => g.player_colour(p) == Some(m),
                },
                (Action::Turn(_) | Action::Refused(_), _) => {
                    own_side.is_some_and(|s| mover == Mover::Side(s))
                }
                (
                    Action::Resign(s)
                    | Action::OfferDraw(s)
                    | Action::AcceptDraw(s)
                    | Action::DeclineDraw(s)
                    | Action::Timeout(s)
                    | Action::Takeback { by: s, .. },
                    _,
                ) => own_side == Some(*s),
            };
            let (plies, before) = (g.plies().len(), *g.position());
            g.act(a.clone()).map_err(|e| Lie::Record(e.to_string()))?;
            let told = match a {
                Action::Turn(_) => g
                    .plies()
                    .last()
                    .and_then(|p| p.report.clone())
                    .map(Told::Report),
                Action::Timeout(s) => Some(Told::TimedOut(*s, g.timeouts(*s))),
                Action::Takeback { by, .. } => Some(Told::TakenBack(
                    *by,
                    plies.saturating_sub(g.plies().len()) as u32,
                )),
                _ => None,
            };
            let point = t.points.last_mut().expect("a point");
            let new_state = told.is_none() && *g.position() != before;
            if new_state {
                point.states.push(*g.position());
            }
            let why = matches!(a, Action::Refused(_))
                .then(|| g.refusals().last().map(|r| RefusedWhy::of(&r.said)))
                .flatten();
            point.acts.push(Acted {
                action: a.clone(),
                own,
                own_in,
                state: point.states.len() - 1,
                new_state,
                why,
            });
            if let Some(told) = told {
                t.told.push(told);
                t.points.push(Point {
                    states: vec![*g.position()],
                    acts: Vec::new(),
                });
            }
        }
        Ok(t)
    }

    /// The states after this player's refused turns at point `k`, in order.
    fn own_refusals(&self, k: usize) -> impl Iterator<Item = &Acted> {
        (self.points.get(k).into_iter())
            .flat_map(|p| &p.acts)
            .filter(|a| a.own && matches!(a.action, Action::Refused(_)))
    }
}

/// How many reports, takebacks and timeouts the players of `game` have been told, and how many
/// refusals of the turns of the player in `chair` since the last of them: where a player who
/// rejoins comes in (`Msg::At`; a host that restarted counts them from its saved game).
pub fn told_so_far(game: &Game, chair: Chair) -> (usize, usize) {
    Timeline::of(game, Some(chair)).map_or((0, 0), |t| {
        let k = t.told.len();
        (k, t.own_refusals(k).count())
    })
}

/// What the host told as the `k`th thing of the game (`said`; nothing, past the end) where the
/// game has `truth`: a timeout told or left out is named as such, anything else as a report.
fn mismatch(k: usize, said: Option<&Told>, truth: Option<&Told>, game: &Game) -> Lie {
    match (said, truth) {
        (Some(Told::TimedOut(side, count)), _) | (_, Some(Told::TimedOut(side, count))) => {
            Lie::Timeout {
                side: *side,
                count: *count,
            }
        }
        _ => Lie::Report {
            turn: k + 1,
            said: said.map(|t| t.words(game.board())).unwrap_or_default(),
            truth: truth.map(|t| t.words(game.board())),
        },
    }
}

/// Every history the host sent again after a rejoin (`Stretch::past`) against what it told
/// this player live before: each earlier stretch's lines (not its answers) are, in order, the
/// past's lines from a place at the point the stretch began at (a rejoin's stretch opens with
/// a view sent again, one of its point's). A past that leaves a line out, adds one or says one
/// otherwise is named. (Each is also checked against the record, as told live.)
fn check_pasts(stretches: &[Stretch]) -> Result<(), Lie> {
    for (pi, past) in stretches.iter().enumerate().filter(|(_, s)| s.past) {
        // The point before each of the past's lines, and after the last.
        let mut points = Vec::with_capacity(past.items.len() + 1);
        let (mut k, mut r) = (0, 0);
        for item in &past.items {
            points.push((k, r));
            match item {
                Item::Told(_) => (k, r) = (k + 1, 0),
                Item::Refused(..) => r += 1,
                _ => {}
            }
        }
        points.push((k, r));
        for live in stretches[..pi].iter().filter(|s| !s.past) {
            let begin = if live.from_start {
                Some((0, 0))
            } else {
                live.at
            };
            let told: Vec<&Item> = (live.items.iter())
                .filter(|i| !matches!(i, Item::Sent(_)))
                .collect();
            let Some(begin) = begin.filter(|_| !told.is_empty()) else {
                continue;
            };
            let fits = |j: usize| {
                told.len() <= past.items.len().saturating_sub(j)
                    && told.iter().zip(&past.items[j..]).all(|(a, b)| *a == b)
            };
            if !(0..points.len()).any(|j| points[j] == begin && fits(j)) {
                return Err(Lie::Past { turn: begin.0 });
            }
        }
    }
    Ok(())
}

/// The reports and views checked, and what the player sent with the point of each.
type Checked = ((usize, usize), Vec<(usize, Sent)>);

/// Every stretch against the timeline: its reports, takebacks and timeouts in order from where
/// it began (the start, or where the host said a rejoin came in), each view against the
/// positions of its point (in order: a view never goes back to an earlier state of its point,
/// nor before the last refusal of the player's turn told), each refusal told against the
/// record's. The reports and views checked, and what the player sent, with the point of each.
fn check_stretches(game: &Game, tl: &Timeline, stretches: &[Stretch]) -> Result<Checked, Lie> {
    let over = game.status().is_over();
    let (mut reports, mut views) = (0, 0);
    // The points whose reports and views were counted live: the history sent again after a
    // rejoin counts only what was not.
    let (mut told_live, mut viewed_live) =
        (vec![false; tl.points.len()], vec![false; tl.points.len()]);
    let mut sent = Vec::new();
    let last = stretches.len() - 1;
    for (si, s) in stretches.iter().enumerate() {
        let (mut k, mut r) = if s.from_start || s.past {
            (0, 0)
        } else {
            s.at.unwrap_or((0, 0))
        };
        if k > tl.told.len() || tl.own_refusals(k).count() < r {
            return Err(Lie::Stretch);
        }
        // The state of the point the last view showed.
        let mut cur = 0;
        for item in &s.items {
            match item {
                Item::Told(t) => {
                    let truth = tl.told.get(k);
                    if truth != Some(t) {
                        return Err(mismatch(k, Some(t), truth, game));
                    }
                    reports += usize::from(!s.past || !told_live[k]);
                    told_live[k] |= !s.past;
                    k += 1;
                    (r, cur) = (0, 0);
                }
                Item::Refused(turn, why) => {
                    match tl.own_refusals(k).nth(r) {
                        Some(a)
                            if a.action == Action::Refused(turn.clone())
                                && a.why.as_ref() == Some(why) =>
                        {
                            cur = cur.max(a.state);
                        }
                        _ => {
                            return Err(Lie::Refusal {
                                turn: k,
                                said: turn.clone(),
                            });
                        }
                    }
                    r += 1;
                }
                Item::View(viewer, notation, mines) => {
                    let states = &tl.points[k].states;
                    // Between this player's refusals told and the next one's.
                    let lo = match r {
                        0 => 0,
                        r => tl.own_refusals(k).nth(r - 1).map_or(0, |a| a.state),
                    };
                    let hi = (tl.own_refusals(k).nth(r))
                        .map_or(states.len(), |a| a.state + usize::from(!a.new_state));
                    let viewer = Viewer::Side(*viewer);
                    let Ok(got) = View::from_notation(notation, viewer, game.rules(), mines) else {
                        return Err(Lie::View {
                            turn: k,
                            node: "the board".into(),
                        });
                    };
                    let board = game.board();
                    let differs_from =
                        |truth: &View| (0..board.len() as u8).find(|&n| got.at(n) != truth.at(n));
                    let differs = |pos: &Position| differs_from(&pos.view(game.rules(), viewer));
                    let from = cur.max(lo);
                    // At the end every piece is shown to everyone.
                    let end =
                        k == tl.told.len() && over && *notation == game.view(viewer).notation();
                    match (from..hi).find(|&i| differs(&states[i]).is_none()) {
                        Some(i) => cur = i,
                        None if end => {}
                        None => {
                            let node = states
                                .get(from)
                                .and_then(differs)
                                .map_or("the board".to_string(), |n| board.name(n).to_string());
                            return Err(Lie::View { turn: k, node });
                        }
                    }
                    views += usize::from(!s.past || !viewed_live[k]);
                    viewed_live[k] |= !s.past;
                }
                Item::Sent(x) => sent.push((k, x.clone())),
            }
        }
        if si == last && over && k != tl.told.len() {
            return Err(match tl.told.get(k) {
                Some(t @ Told::TimedOut(..)) => mismatch(k, None, Some(t), game),
                _ => Lie::Count {
                    said: k,
                    truth: tl.told.len(),
                },
            });
        }
    }
    Ok(((reports, views), sent))
}

/// What the record says the player did against what it sent: every turn of its own (played or
/// refused), draw offer, accepted draw and takeback asked is an answer it sent at that point;
/// every takeback made for another player while it was in had its consent there; every
/// resignation of its own it sent then or before (unless the record says the seat failed: the
/// host's word, which the audit cannot check); its formation is the one it sent. (A declined
/// draw or takeback is what the host does with no answer, so it proves nothing.)
fn check_sent(game: &Game, tl: &Timeline, chair: Chair, sent: &[(usize, Sent)]) -> Result<(), Lie> {
    let has = |k: usize, s: &Sent| sent.iter().any(|(at, x)| *at == k && x == s);
    let failed = (game.record().info.iter())
        .filter(|(key, _)| key == crate::engine::InfoKey::Forfeit.as_str())
        .any(|(_, text)| {
            text.split("; ")
                .any(|part| part.starts_with(&format!("{chair} (")))
        });
    for (k, point) in tl.points.iter().enumerate() {
        for a in &point.acts {
            let needed = match &a.action {
                Action::Turn(t) | Action::Refused(t) if a.own => Some(Sent::Turn(t.clone())),
                Action::OfferDraw(_) if a.own => Some(Sent::OfferDraw),
                Action::AcceptDraw(_) if a.own => Some(Sent::Draw(true)),
                Action::Takeback { .. } if a.own => Some(Sent::AskTakeback),
                Action::Takeback { .. } if a.own_in && !failed => Some(Sent::Takeback(true)),
                Action::Resign(_) if a.own && !failed => {
                    let before = sent.iter().any(|(at, x)| *at <= k && *x == Sent::Resign);
                    (!before).then_some(Sent::Resign)
                }
                _ => None,
            };
            if let Some(what) = needed
                && !has(k, &what)
            {
                return Err(Lie::Acted {
                    turn: k,
                    what: a.action.clone(),
                });
            }
        }
    }
    // The formation: the start's pieces of the player's side are those it sent.
    let rules = game.rules();
    for (_, s) in sent {
        let Sent::Formation(text) = s else { continue };
        let (Chair::Side(side), Ok(f)) = (chair, crate::protocol::parse_formation(text)) else {
            continue;
        };
        let start = if game.board().is_four() {
            crate::engine::Start::four_formations([&f, &f, &f, &f])
        } else {
            crate::engine::Start::formations(&f, &f)
        };
        let Ok(pos) = start.position(rules) else {
            continue;
        };
        if side_part(&pos, side) != side_part(&dealt(game), side) {
            return Err(Lie::Formation(side));
        }
    }
    Ok(())
}

/// An action in the words the audit names it with.
fn acted_words(a: &Action) -> String {
    match a {
        Action::Turn(t) => format!("the turn {t}"),
        Action::Refused(t) => format!("the refused turn {t}"),
        Action::Resign(_) => "a resignation".into(),
        Action::OfferDraw(_) => "a draw offer".into(),
        Action::AcceptDraw(_) => "a draw accepted".into(),
        Action::DeclineDraw(_) => "a draw declined".into(),
        Action::Timeout(_) => "a timeout".into(),
        Action::Takeback { turns, .. } => format!("a takeback of {turns}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Mode, Start};
    use crate::net::wire::Msg;

    /// A hidden game played with random turns for `plies` plies (or to its end).
    fn game(seed: u64, plies: usize) -> Game {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut g = Game::new(rules.clone(), Start::random(&rules, seed)).unwrap();
        let mut rng = crate::engine::rng::SplitMix64::new(seed);
        for _ in 0..plies {
            if g.status().is_over() {
                break;
            }
            let turns = g.position().legal_turns(g.rules());
            if turns.is_empty() {
                break;
            }
            let t = turns[rng.below(turns.len() as u64) as usize];
            g.play(t).unwrap();
        }
        g
    }

    fn room() -> RoomId {
        RoomId(*b"ROOM42")
    }

    /// What an honest host sends `viewer` over `game`: the commitment, the rules, a view after
    /// every report, the end, the reveal and the record.
    fn stream(game: &Game, seal: &Seal, viewer: Seat) -> Vec<Msg> {
        let rules = game.rules();
        let view = |ply: usize| {
            let v = game.position_at(ply).view(rules, Viewer::Side(viewer));
            Msg::Host(HostMsg::View {
                viewer,
                notation: v.notation(),
                mines: v.mines_notation(),
            })
        };
        let mut out = vec![
            Msg::Host(HostMsg::Rules(rules.clone())),
            view(0),
            Msg::Commit(seal.hashes.clone()),
        ];
        let mut counts = [0u32; 4];
        let mut timeout = |side: Seat| {
            counts[side.index()] += 1;
            Msg::Host(HostMsg::Timeout {
                side,
                count: counts[side.index()],
            })
        };
        for (i, p) in game.plies().iter().enumerate() {
            if let Some(r) = &p.report {
                out.push(Msg::Host(HostMsg::Report(r.clone())));
                out.push(view(i + 1));
            } else {
                out.push(timeout(game.position_at(i).side_to_move().unwrap()));
                out.push(view(i + 1));
            }
        }
        if let (Status::Won(_, crate::engine::EndReason::Timeouts), Some(Action::Timeout(s))) =
            (game.status(), game.record().actions.last())
            && !game.board().is_four()
        {
            out.push(timeout(*s));
        }
        out.push(Msg::Host(HostMsg::GameOver(game.status())));
        out.push(Msg::Reveal(seal.salts.clone()));
        let parts = record_parts(game);
        let n = parts.len();
        out.extend(
            parts
                .into_iter()
                .enumerate()
                .map(|(i, text)| Msg::RecordPart {
                    text,
                    last: i + 1 == n,
                }),
        );
        out
    }

    fn audit(msgs: &[Msg], from_start: bool) -> Verdict {
        let mut a = Auditor::new(room(), from_start);
        for m in msgs {
            a.feed(m);
        }
        a.verdict()
    }

    #[test]
    fn an_honest_host_passes() {
        let g = game(3, 120);
        let seal = Seal::new(room(), g.start_position());
        for side in [Seat::Red, Seat::Blue] {
            match audit(&stream(&g, &seal, side), true) {
                Verdict::Honest { reports, views } => {
                    assert_eq!(reports, g.plies().len());
                    assert_eq!(views, g.plies().len() + 1);
                }
                v => panic!("{v}"),
            }
        }
    }

    /// Timeouts in the record (four players: the fifth puts South out, its pieces leave the
    /// board; two players: the fifth ends the game) agree with the `timeout` lines of an honest
    /// host; a timeout told that the game lacks, or told in another place, is named.
    #[test]
    fn timeouts_told_as_the_record_has_them_pass_and_others_are_named() {
        let mut rules = Rules::for_mode(Mode::Hidden);
        rules.move_clock = Some(30);
        let mut g = Game::new(rules.clone(), Start::random_four(&rules, 5)).unwrap();
        let mut rng = crate::engine::rng::SplitMix64::new(5);
        while g.timeouts(Seat::South) < 5 {
            let turns = g.position().legal_turns(g.rules());
            if g.position().side_to_move() == Some(Seat::South) {
                g.act(Action::Timeout(Seat::South)).unwrap();
            } else {
                g.play(turns[rng.below(turns.len() as u64) as usize])
                    .unwrap();
            }
        }
        assert!(g.position().out().contains(Seat::South));
        for _ in 0..8 {
            let turns = g.position().legal_turns(g.rules());
            g.play(turns[rng.below(turns.len() as u64) as usize])
                .unwrap();
        }
        let mut two = Game::new(rules.clone(), Start::random(&rules, 6)).unwrap();
        while !two.status().is_over() {
            let turns = two.position().legal_turns(two.rules());
            if two.position().side_to_move() == Some(Seat::Blue) {
                two.act(Action::Timeout(Seat::Blue)).unwrap();
            } else {
                two.play(turns[rng.below(turns.len() as u64) as usize])
                    .unwrap();
            }
        }
        assert_eq!(
            two.status(),
            Status::Won(Seat::Red.team(), crate::engine::EndReason::Timeouts)
        );
        for (g, side) in [(&g, Seat::East), (&two, Seat::Red)] {
            let seal = Seal::new(room(), g.start_position());
            let msgs = stream(g, &seal, side);
            let v = audit(&msgs, true);
            assert!(matches!(v, Verdict::Honest { .. }), "{v}");
            // A count changed, or a timeout moved past the next report.
            let k = (msgs.iter())
                .position(|m| matches!(m, Msg::Host(HostMsg::Timeout { .. })))
                .unwrap();
            let mut changed = msgs.clone();
            let Msg::Host(HostMsg::Timeout { count, .. }) = &mut changed[k] else {
                unreachable!()
            };
            *count += 10;
            assert!(
                matches!(audit(&changed, true), Verdict::Lied(Lie::Timeout { .. })),
                "{}",
                audit(&changed, true)
            );
            let mut moved = msgs.clone();
            let t = moved.remove(k);
            let r = (k..moved.len())
                .find(|&i| matches!(moved[i], Msg::Host(HostMsg::Report(_))))
                .unwrap();
            moved.insert(r + 1, t);
            assert!(matches!(audit(&moved, true), Verdict::Lied(_)));
            // One left out: the reports, takebacks and timeouts are checked in order, so the
            // next thing told is out of place, whether the game ended or not.
            let mut fewer = msgs.clone();
            fewer.remove(k);
            let v = audit(&fewer, true);
            assert!(matches!(v, Verdict::Lied(Lie::Timeout { .. })), "{v}");
        }
    }

    #[test]
    fn the_commitment_hides_the_pieces_and_binds_them() {
        let g = game(4, 0);
        let a = Seal::new(room(), g.start_position());
        let b = Seal::new(room(), g.start_position());
        // Fresh salts: the same pieces give other hashes.
        assert_ne!(a.hashes, b.hashes);
        assert_eq!(
            Seal::with_salts(room(), g.start_position(), a.salts.clone()),
            a
        );
        // Another room, the same salts: other hashes.
        let other = Seal::with_salts(RoomId(*b"OTHER1"), g.start_position(), a.salts.clone());
        assert_ne!(other.hashes, a.hashes);
    }

    #[test]
    fn a_formation_changed_after_the_commitment_is_named() {
        let g = game(5, 60);
        // The host committed to another deal's pieces, then played this one.
        let other = game(6, 0);
        let seal = Seal::new(room(), other.start_position());
        let mut msgs = stream(&g, &seal, Seat::Red);
        assert_eq!(
            audit(&msgs, true),
            Verdict::Lied(Lie::Commitment(Seat::Red))
        );
        // Salts that are not the commitment's: the same.
        let honest = Seal::new(room(), g.start_position());
        msgs = stream(&g, &honest, Seat::Red);
        for m in &mut msgs {
            if let Msg::Reveal(s) = m {
                s[1][0] ^= 1;
            }
        }
        assert_eq!(
            audit(&msgs, true),
            Verdict::Lied(Lie::Commitment(Seat::Blue))
        );
    }

    #[test]
    fn a_report_the_rules_do_not_give_is_named_with_its_turn() {
        let g = game(7, 200);
        let seal = Seal::new(room(), g.start_position());
        let mut msgs = stream(&g, &seal, Seat::Blue);
        let (k, m) = (msgs.iter_mut().enumerate())
            .find(|(_, m)| {
                matches!(m, Msg::Host(HostMsg::Report(r)) if r.clash == Some(crate::engine::ClashOutcome::DefenderRemoved))
            })
            .expect("a clash");
        let Msg::Host(HostMsg::Report(r)) = m else {
            unreachable!()
        };
        r.clash = Some(crate::engine::ClashOutcome::AttackerRemoved);
        let turn = msgs[..k]
            .iter()
            .filter(|m| matches!(m, Msg::Host(HostMsg::Report(_))))
            .count()
            + 1;
        match audit(&msgs, true) {
            Verdict::Lied(Lie::Report {
                turn: t,
                said,
                truth,
            }) => {
                assert_eq!(t, turn);
                assert_ne!(Some(said), truth);
            }
            v => panic!("{v}"),
        }
    }

    #[test]
    fn a_view_that_shows_a_piece_otherwise_is_named() {
        let g = game(8, 40);
        let seal = Seal::new(room(), g.start_position());
        let mut msgs = stream(&g, &seal, Seat::Red);
        // The first view shows Red's own pieces; one of them turned into another rank.
        let Msg::Host(HostMsg::View { notation, .. }) = &mut msgs[1] else {
            panic!()
        };
        let at = notation.find("r9").or_else(|| notation.find("r8")).unwrap();
        notation.replace_range(
            at..at + 2,
            if &notation[at..at + 2] == "r9" {
                "r8"
            } else {
                "r9"
            },
        );
        assert!(matches!(
            audit(&msgs, true),
            Verdict::Lied(Lie::View { turn: 0, .. })
        ));
    }

    #[test]
    fn a_missing_commitment_or_reveal_is_said() {
        let g = game(9, 30);
        let seal = Seal::new(room(), g.start_position());
        let msgs = stream(&g, &seal, Seat::Red);
        let without = |f: &dyn Fn(&Msg) -> bool| -> Vec<Msg> {
            msgs.iter().filter(|m| !f(m)).cloned().collect()
        };
        assert_eq!(
            audit(&without(&|m| matches!(m, Msg::Commit(_))), true),
            Verdict::Unchecked(Unchecked::NoCommitment)
        );
        assert_eq!(
            audit(&without(&|m| matches!(m, Msg::Reveal(_))), true),
            Verdict::Unchecked(Unchecked::NoReveal)
        );
        assert_eq!(
            audit(&without(&|m| matches!(m, Msg::RecordPart { .. })), true),
            Verdict::Unchecked(Unchecked::NoReveal)
        );
        // A commitment after the first report binds nothing.
        let mut late = without(&|m| matches!(m, Msg::Commit(_)));
        late.insert(5, Msg::Commit(seal.hashes.clone()));
        assert_eq!(
            audit(&late, true),
            Verdict::Unchecked(Unchecked::NoCommitment)
        );
        // A record that does not read.
        let mut bad = msgs.clone();
        for m in &mut bad {
            if let Msg::RecordPart { text, .. } = m {
                text.insert_str(0, "((");
            }
        }
        assert!(matches!(audit(&bad, true), Verdict::Lied(Lie::Record(_))));
    }

    /// A reader feeds the audit while its connection is the audit's: a rejoin moves the audit
    /// to the next connection, a rematch on the same connection does not, and a stretch the
    /// audit adds of itself (the history sent again) does not either.
    #[test]
    fn the_connection_feeding_the_audit_changes_only_on_a_rejoin() {
        let g = game(10, 150);
        let seal = Seal::new(room(), g.start_position());
        let msgs = stream(&g, &seal, Seat::Blue);
        let mut a = Auditor::new(room(), true);
        let first = a.connection();
        for m in &msgs[..20] {
            a.feed(m);
        }
        a.feed(&Msg::Past(Vec::new()));
        assert_eq!(a.connection(), first);
        a.rejoined();
        let second = a.connection();
        assert_ne!(second, first);
        a.rematch();
        assert_eq!(a.connection(), second);
        assert_eq!(a.stretches.len(), 1, "a rematch's audit begins afresh");
        assert!(a.stretches[0].from_start);
        a.rejoined();
        assert_ne!(a.connection(), second);
        assert_ne!(a.connection(), first);
    }

    #[test]
    fn a_player_who_rejoined_checks_each_stretch() {
        let g = game(10, 150);
        let seal = Seal::new(room(), g.start_position());
        let msgs = stream(&g, &seal, Seat::Blue);
        // Where the rejoin came in: the reports before the 90th message (the host says so).
        let told = (msgs[..90].iter())
            .filter(|m| matches!(m, Msg::Host(HostMsg::Report(_))))
            .count() as u32;
        let at = Msg::At { told, refused: 0 };
        // Connected from the start to the 40th message, then again from the 90th.
        let mut a = Auditor::new(room(), true);
        for m in &msgs[..40] {
            a.feed(m);
        }
        a.rejoined();
        a.feed(&at);
        a.feed(&Msg::Commit(seal.hashes.clone()));
        for m in &msgs[90..] {
            a.feed(m);
        }
        assert!(
            matches!(a.verdict(), Verdict::Honest { .. }),
            "{}",
            a.verdict()
        );
        // A fresh player's program after a rejoin: only the second stretch.
        let mut b = Auditor::new(room(), false);
        b.feed(&at);
        b.feed(&Msg::Commit(seal.hashes.clone()));
        for m in &msgs[90..] {
            b.feed(m);
        }
        assert!(
            matches!(b.verdict(), Verdict::Honest { .. }),
            "{}",
            b.verdict()
        );
        // A stretch that is not the game's: reports swapped.
        let mut c = Auditor::new(room(), false);
        let mut tail: Vec<Msg> = msgs[90..].to_vec();
        let reports: Vec<usize> = (tail.iter().enumerate())
            .filter(|(_, m)| matches!(m, Msg::Host(HostMsg::Report(_))))
            .map(|(i, _)| i)
            .collect();
        tail.swap(reports[0], reports[1]);
        c.feed(&at);
        c.feed(&Msg::Commit(seal.hashes.clone()));
        for m in &tail {
            c.feed(m);
        }
        assert!(
            matches!(c.verdict(), Verdict::Lied(Lie::Report { .. })),
            "{}",
            c.verdict()
        );
        // A second, different commitment.
        let mut d = Auditor::new(room(), true);
        d.feed(&Msg::Commit(seal.hashes.clone()));
        d.rejoined();
        d.feed(&Msg::Commit(Seal::new(room(), g.start_position()).hashes));
        assert_eq!(d.verdict(), Verdict::Lied(Lie::TwoCommitments));
    }

    /// The history an honest host keeps for `msgs`'s seat before message `cut`, sent again
    /// in two `past` messages.
    fn past_of(msgs: &[Msg], cut: usize) -> Vec<Msg> {
        let lines: Vec<HostMsg> = (msgs[..cut].iter())
            .filter_map(|m| match m {
                Msg::Host(h) if crate::net::wire::is_past(h) => Some(h.clone()),
                _ => None,
            })
            .collect();
        let half = lines.len() / 2;
        vec![
            Msg::Past(lines[..half].to_vec()),
            Msg::Past(lines[half..].to_vec()),
        ]
    }

    /// What a player who rejoins at message `cut` of `msgs` receives: the history as `past`
    /// gives it, where the game is, the commitment, the view again (when the last line before
    /// `cut` was one) and the rest.
    fn back_at(msgs: &[Msg], cut: usize, past: Vec<Msg>, seal: &Seal) -> Vec<Msg> {
        let told = (msgs[..cut].iter())
            .filter(|m| matches!(m, Msg::Host(HostMsg::Report(_))))
            .count() as u32;
        let mut out = past;
        out.push(Msg::At { told, refused: 0 });
        out.push(Msg::Commit(seal.hashes.clone()));
        if let Some(v @ Msg::Host(HostMsg::View { .. })) = msgs.get(cut - 1) {
            out.push(v.clone());
        }
        out.extend(msgs[cut..].iter().cloned());
        out
    }

    /// A player who rejoins is sent the game's history again (`Msg::Past`): an honest host
    /// passes, for a program that was there before (the history agrees with what it was told
    /// live) and for a new one (the history checked as told live), whether the view was sent
    /// again or was on its way; each report and view is counted once.
    #[test]
    fn the_history_sent_again_after_a_rejoin_passes_from_an_honest_host() {
        let g = game(12, 160);
        let seal = Seal::new(room(), g.start_position());
        let msgs = stream(&g, &seal, Seat::Red);
        let whole = audit(&msgs, true);
        assert!(matches!(whole, Verdict::Honest { .. }), "{whole}");
        for cut in [90, 91] {
            let back = back_at(&msgs, cut, past_of(&msgs, cut), &seal);
            let mut a = Auditor::new(room(), true);
            for m in &msgs[..40] {
                a.feed(m);
            }
            a.rejoined();
            for m in &back {
                a.feed(m);
            }
            let mut b = Auditor::new(room(), false);
            for m in &back {
                b.feed(m);
            }
            for v in [a.verdict(), b.verdict()] {
                match (&v, &whole) {
                    (
                        Verdict::Honest { reports, views },
                        Verdict::Honest {
                            reports: r,
                            views: w,
                        },
                    ) => {
                        assert_eq!(reports, r, "cut {cut}");
                        // The view sent again after the rejoin is one more.
                        assert!(views == w || *views == w + 1, "cut {cut}: {v} / {whole}");
                    }
                    _ => panic!("cut {cut}: {v}"),
                }
            }
        }
    }

    /// A host whose history sent again after a rejoin is not what it told live — a view left
    /// out, or one added, though the record allows either — is named; one whose history is not
    /// the record's game is named as a live report would be.
    #[test]
    fn a_history_sent_again_otherwise_than_told_is_named() {
        let g = game(13, 160);
        let seal = Seal::new(room(), g.start_position());
        let msgs = stream(&g, &seal, Seat::Blue);
        let cut = 91;
        let lines = |past: &[Msg]| -> Vec<HostMsg> {
            (past.iter())
                .flat_map(|m| match m {
                    Msg::Past(l) => l.clone(),
                    _ => Vec::new(),
                })
                .collect()
        };
        let honest = lines(&past_of(&msgs, cut));
        // The 10th line is a view (the first view, then a report and its view).
        assert!(matches!(honest[10], HostMsg::View { .. }));
        let mut left_out = honest.clone();
        left_out.remove(10);
        let mut added = honest.clone();
        added.insert(10, honest[10].clone());
        for past in [left_out, added] {
            let mut a = Auditor::new(room(), true);
            for m in &msgs[..40] {
                a.feed(m);
            }
            a.rejoined();
            for m in back_at(&msgs, cut, vec![Msg::Past(past.clone())], &seal) {
                a.feed(&m);
            }
            assert!(
                matches!(a.verdict(), Verdict::Lied(Lie::Past { .. })),
                "{}",
                a.verdict()
            );
            // A new program has nothing to compare it with, and the record allows it.
            let mut b = Auditor::new(room(), false);
            for m in back_at(&msgs, cut, vec![Msg::Past(past)], &seal) {
                b.feed(&m);
            }
            assert!(
                matches!(b.verdict(), Verdict::Honest { .. }),
                "{}",
                b.verdict()
            );
        }
        // Two reports swapped in the history: not the record's game, for either program.
        let mut swapped = honest.clone();
        let reports: Vec<usize> = (swapped.iter().enumerate())
            .filter(|(_, m)| matches!(m, HostMsg::Report(_)))
            .map(|(i, _)| i)
            .collect();
        swapped.swap(reports[3], reports[4]);
        for from_start in [true, false] {
            let mut a = Auditor::new(room(), from_start);
            if from_start {
                for m in &msgs[..40] {
                    a.feed(m);
                }
                a.rejoined();
            }
            for m in back_at(&msgs, cut, vec![Msg::Past(swapped.clone())], &seal) {
                a.feed(&m);
            }
            assert!(
                matches!(
                    a.verdict(),
                    Verdict::Lied(Lie::Past { .. } | Lie::Report { .. })
                ),
                "{}",
                a.verdict()
            );
        }
        // History where none is asked for (no rejoin) is no stretch of its own.
        let mut c = Auditor::new(room(), true);
        for m in &msgs[..40] {
            c.feed(m);
        }
        c.feed(&Msg::Past(lines(&past_of(&msgs, 10))));
        for m in &msgs[40..] {
            c.feed(m);
        }
        assert!(
            matches!(c.verdict(), Verdict::Honest { .. }),
            "{}",
            c.verdict()
        );
    }

    #[test]
    fn a_long_record_is_sent_in_parts_that_fit_a_frame() {
        let g = game(11, 400);
        let parts = record_parts(&g);
        assert!(
            parts
                .iter()
                .all(|p| p.len() <= RECORD_PART && !p.is_empty())
        );
        let whole: String = parts.concat();
        assert_eq!(
            Game::from_ron(&whole).unwrap().plies().len(),
            g.plies().len()
        );
        // Cut small, through characters of more than one byte.
        let text = format!("{whole}\u{519b}\u{68cb}{whole}");
        let small = split_parts(&text, 7);
        assert!(small.len() > 10 && small.iter().all(|p| p.len() <= 7 && !p.is_empty()));
        assert_eq!(small.concat(), text);
        for p in &parts {
            let m = Msg::RecordPart {
                text: p.clone(),
                last: false,
            };
            let b = crate::engine::Board::two_player();
            assert_eq!(Msg::decode(m.encode(b).as_bytes(), b), Ok(m));
        }
    }
}

#[cfg(test)]
mod takeback_tests {
    use super::*;
    use crate::engine::{Disclosure, Mode, Start};
    use crate::net::wire::Msg;

    /// A hidden game with takebacks, and what an honest host sends Red and Blue over it: the
    /// commitment, a view after every report and every takeback, the end, the reveal, the record.
    fn played() -> (Game, Seal, [Vec<Msg>; 2]) {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut g = Game::new(rules.clone(), Start::random(&rules, 8)).unwrap();
        let seal = Seal::new(RoomId(*b"ROOMTB"), g.start_position());
        let sides = [Seat::Red, Seat::Blue];
        let view = |g: &Game, s: Seat| {
            let v = g.view(Viewer::Side(s));
            Msg::Host(HostMsg::View {
                viewer: s,
                notation: v.notation(),
                mines: v.mines_notation(),
            })
        };
        let mut out: [Vec<Msg>; 2] = sides.map(|s| {
            vec![
                Msg::Host(HostMsg::Rules(rules.clone())),
                view(&g, s),
                Msg::Commit(seal.hashes.clone()),
            ]
        });
        let mut rng = crate::engine::rng::SplitMix64::new(8);
        for n in 0..40 {
            if g.status().is_over() {
                break;
            }
            if n == 12 || n == 25 {
                let by = g.position().side_to_move().unwrap();
                let grant = g.disclose(Disclosure::Takeback, Some(by), true).unwrap();
                g.take_back(grant, by, 2).unwrap();
                for (k, s) in sides.into_iter().enumerate() {
                    out[k].push(Msg::Host(HostMsg::TakenBack(by, 2)));
                    out[k].push(view(&g, s));
                }
                continue;
            }
            let turns = g.position().legal_turns(g.rules());
            let t = turns[rng.below(turns.len() as u64) as usize];
            let r = g.play(t).unwrap().report.clone();
            for (k, s) in sides.into_iter().enumerate() {
                if let Some(r) = &r {
                    out[k].push(Msg::Host(HostMsg::Report(r.clone())));
                }
                out[k].push(view(&g, s));
            }
        }
        if !g.status().is_over() {
            g.act(Action::Resign(Seat::Red)).unwrap();
        }
        for o in &mut out {
            o.push(Msg::Host(HostMsg::GameOver(g.status())));
            o.push(Msg::Reveal(seal.salts.clone()));
            for (i, text) in record_parts(&g).iter().enumerate() {
                let last = i + 1 == record_parts(&g).len();
                o.push(Msg::RecordPart {
                    text: text.clone(),
                    last,
                });
            }
        }
        (g, seal, out)
    }

    fn audit(msgs: &[Msg]) -> Verdict {
        let mut a = Auditor::new(RoomId(*b"ROOMTB"), true);
        for m in msgs {
            a.feed(m);
        }
        a.verdict()
    }

    /// The record keeps the turns taken back and the takebacks; an honest host's reports,
    /// takebacks and views all match it, for both players.
    #[test]
    fn an_honest_host_passes_with_takebacks() {
        let (g, _, out) = played();
        assert_eq!(g.takebacks(Seat::Red) + g.takebacks(Seat::Blue), 2);
        for msgs in &out {
            match audit(msgs) {
                Verdict::Honest { reports, views } => {
                    // 38 turns played (4 of them taken back) and 2 takebacks.
                    assert_eq!(reports, 40);
                    assert!(views >= 40, "{views}");
                }
                v => panic!("{v}"),
            }
        }
    }

    /// A takeback said otherwise than the record has it, one left out, or a view after it that
    /// shows the position before it otherwise, is named.
    #[test]
    fn a_takeback_said_otherwise_is_named() {
        let (_, _, out) = played();
        let at = out[0]
            .iter()
            .position(|m| matches!(m, Msg::Host(HostMsg::TakenBack(..))))
            .unwrap();
        let mut wrong = out[0].clone();
        let Msg::Host(HostMsg::TakenBack(by, _)) = wrong[at].clone() else {
            unreachable!()
        };
        wrong[at] = Msg::Host(HostMsg::TakenBack(by, 1));
        assert!(
            matches!(audit(&wrong), Verdict::Lied(Lie::Report { .. })),
            "{}",
            audit(&wrong)
        );
        let mut left_out = out[0].clone();
        left_out.remove(at);
        assert!(
            matches!(audit(&left_out), Verdict::Lied(_)),
            "{}",
            audit(&left_out)
        );
        // The view after the takeback replaced by the view before it.
        let mut stale = out[0].clone();
        stale[at + 1] = stale[at - 1].clone();
        assert!(
            matches!(audit(&stale), Verdict::Lied(Lie::View { .. })),
            "{}",
            audit(&stale)
        );
    }
}

#[cfg(test)]
mod point_tests {
    //! The audit against streams an honest host sends (as the table sends them: a report and a
    //! view to every seat after each turn, a refusal and a view to the mover only), with a
    //! refused attack on the flag, a rejoin, and what the player sent.
    use super::*;
    use crate::engine::{Start, Turn};
    use crate::net::wire::Msg;

    fn room() -> RoomId {
        RoomId(*b"ROOMPT")
    }

    /// What the player sent (`Out`) and received (`In`), in order.
    #[derive(Clone, Debug)]
    enum Ev {
        In(Msg),
        Out(Msg),
    }

    /// What an honest host sends the player of side `me` over `game`, and the player's answers.
    fn honest(game: &Game, seal: &Seal, me: Seat) -> Vec<Ev> {
        let record = game.record();
        let mut g = Game::new(record.rules.clone(), record.start.clone()).unwrap();
        let view = |g: &Game| {
            let v = g.view(Viewer::Side(me));
            Ev::In(Msg::Host(HostMsg::View {
                viewer: me,
                notation: v.notation(),
                mines: v.mines_notation(),
            }))
        };
        let mut out = vec![
            Ev::In(Msg::Host(HostMsg::Rules(record.rules.clone()))),
            Ev::In(Msg::Host(HostMsg::Seat(Chair::Side(me)))),
            view(&g),
            Ev::In(Msg::Commit(seal.hashes.clone())),
        ];
        let go = || {
            Ev::In(Msg::Host(HostMsg::Go {
                turn_ms: None,
                left_ms: None,
            }))
        };
        let answer = |m: EngineMsg| Ev::Out(Msg::Engine(m));
        for a in &record.actions {
            let mover = g.position().side_to_move();
            let plies = g.plies().len();
            match a {
                Action::Turn(t) | Action::Refused(t) if mover == Some(me) => {
                    out.extend([go(), answer(EngineMsg::Turn(t.clone()))]);
                }
                Action::Resign(s) if *s == me => out.push(Ev::Out(Msg::Resign)),
                Action::OfferDraw(s) if *s == me => {
                    out.extend([go(), answer(EngineMsg::OfferDraw)]);
                }
                Action::AcceptDraw(s) | Action::DeclineDraw(s) if *s == me => {
                    let by = g.draw_offer().unwrap();
                    let yes = matches!(a, Action::AcceptDraw(_));
                    out.extend([
                        Ev::In(Msg::Host(HostMsg::DrawOffered(by))),
                        answer(EngineMsg::DrawAnswer(yes)),
                    ]);
                }
                Action::Takeback { by, .. } if *by == me => {
                    out.extend([go(), answer(EngineMsg::AskTakeback)]);
                }
                _ => {}
            }
            if let Action::Takeback { by, turns } = a
                && *by != me
            {
                let mut probe = g.clone();
                probe.act(a.clone()).unwrap();
                let n = (plies - probe.plies().len()) as u32;
                let _ = turns;
                out.extend([
                    Ev::In(Msg::Host(HostMsg::TakebackAsked(*by, n))),
                    answer(EngineMsg::TakebackAnswer(true)),
                ]);
            }
            g.act(a.clone()).unwrap();
            match a {
                Action::Turn(_) => {
                    let r = g.plies().last().unwrap().report.clone().unwrap();
                    out.extend([Ev::In(Msg::Host(HostMsg::Report(r))), view(&g)]);
                }
                Action::Refused(t) if mover == Some(me) => {
                    let why = RefusedWhy::of(&g.refusals().last().unwrap().said);
                    out.extend([
                        Ev::In(Msg::Host(HostMsg::Refused(t.clone(), why))),
                        view(&g),
                    ]);
                }
                Action::Takeback { by, .. } => {
                    let n = (plies - g.plies().len()) as u32;
                    out.extend([Ev::In(Msg::Host(HostMsg::TakenBack(*by, n))), view(&g)]);
                }
                _ => {}
            }
        }
        out.push(Ev::In(Msg::Host(HostMsg::GameOver(g.status()))));
        out.push(Ev::In(Msg::Reveal(seal.salts.clone())));
        let parts = record_parts(game);
        let n = parts.len();
        for (i, text) in parts.into_iter().enumerate() {
            out.push(Ev::In(Msg::RecordPart {
                text,
                last: i + 1 == n,
            }));
        }
        out
    }

    fn audit(a: &mut Auditor, evs: &[Ev]) {
        for e in evs {
            match e {
                Ev::In(m) => a.feed(m),
                Ev::Out(m) => a.sent(m),
            }
        }
    }

    fn verdict(evs: &[Ev]) -> Verdict {
        let mut a = Auditor::new(room(), true);
        audit(&mut a, evs);
        a.verdict()
    }

    fn honest_verdict(v: &Verdict) -> bool {
        matches!(v, Verdict::Honest { .. })
    }

    /// Red's colonel beside Blue's flag with Blue's mines on the board: its attack is refused
    /// (the flag rule), the flag shown to both, and refused again; the game goes on with random turns, a takeback
    /// by Blue, a draw offered and declined, and ends with Blue's resignation.
    fn refused_game() -> Game {
        let mut rules = Rules::for_mode(crate::engine::Mode::Hidden);
        rules.flag_needs_mines_cleared = true;
        let cells = "b1=rF d12=bF d1=r8 b12=b8 c12=r5 a6=r3 a11=bM e7=b3 a1=r4 e12=b4";
        let mut g = Game::new(
            rules,
            Start::Position(crate::engine::tests::lay("r", cells)),
        )
        .unwrap();
        let d12 = |g: &Game| Turn::parse("c12-d12", g.board()).unwrap();
        // Twice: the second attack, on the flag now shown, is refused again and changes nothing.
        for _ in 0..2 {
            assert!(matches!(
                g.play(d12(&g)),
                Err(crate::engine::IllegalTurn::FlagAttackRefused { .. })
            ));
        }
        let mut rng = crate::engine::rng::SplitMix64::new(4);
        for n in 0..30 {
            if g.status().is_over() {
                break;
            }
            let side = g.position().side_to_move().unwrap();
            if n == 9 && side == Seat::Blue {
                g.act(Action::Takeback {
                    by: Seat::Blue,
                    turns: 2,
                })
                .unwrap();
                continue;
            }
            if n == 14 {
                g.act(Action::OfferDraw(side)).unwrap();
                g.act(Action::DeclineDraw(side.opponent().unwrap()))
                    .unwrap();
            }
            let turns = g.position().legal_turns(g.rules());
            g.play(turns[rng.below(turns.len() as u64) as usize])
                .unwrap();
        }
        if !g.status().is_over() {
            g.act(Action::Resign(Seat::Blue)).unwrap();
        }
        assert_eq!(g.refusals().len(), 2);
        g
    }

    /// The bug: the refusal rewrote its turn's position, and the views sent before it (Blue's,
    /// and Red's before its attack) were taken for lies.
    #[test]
    fn a_refused_attack_on_the_flag_is_no_lie_for_either_player() {
        let g = refused_game();
        let seal = Seal::new(room(), g.start_position());
        for me in Seat::BOTH {
            let v = verdict(&honest(&g, &seal, me));
            assert!(honest_verdict(&v), "{me:?}: {v}");
        }
    }

    /// A refusal the game does not have (here: of Red's first real turn), or one told with
    /// another reason, is named; so is a view that shows the flag before the refusal.
    #[test]
    fn a_made_up_refusal_is_named() {
        let g = refused_game();
        let seal = Seal::new(room(), g.start_position());
        let red = honest(&g, &seal, Seat::Red);
        let refused = |e: &Ev| matches!(e, Ev::In(Msg::Host(HostMsg::Refused(..))));
        let at = red.iter().position(refused).unwrap();
        // Made up: before Red's turn after it, the turn refused.
        let next = (at..red.len())
            .find(|&i| matches!(&red[i], Ev::Out(Msg::Engine(EngineMsg::Turn(_)))))
            .unwrap();
        let Ev::Out(Msg::Engine(EngineMsg::Turn(t))) = red[next].clone() else {
            unreachable!()
        };
        let mut made_up = red.clone();
        made_up.insert(
            next + 1,
            Ev::In(Msg::Host(HostMsg::Refused(
                t.clone(),
                RefusedWhy::FlagRank(String::new()),
            ))),
        );
        match verdict(&made_up) {
            Verdict::Lied(Lie::Refusal { said, .. }) => assert_eq!(said, t),
            v => panic!("{v}"),
        }
        // The true refusal told with another reason.
        let mut reason = red.clone();
        let Ev::In(Msg::Host(HostMsg::Refused(_, why))) = &mut reason[at] else {
            unreachable!()
        };
        *why = match why {
            RefusedWhy::FlagMines(w) => RefusedWhy::FlagRank(w.clone()),
            RefusedWhy::FlagRank(w) | RefusedWhy::Rule(w) => RefusedWhy::FlagMines(w.clone()),
        };
        assert!(matches!(
            verdict(&reason),
            Verdict::Lied(Lie::Refusal { .. })
        ));
        // The view after the refusal shown before it.
        let mut early = red.clone();
        let shown = early.remove(at + 1);
        early.insert(at - 1, shown);
        assert!(matches!(verdict(&early), Verdict::Lied(Lie::View { .. })));
    }

    /// The bug: a player cut after its own turn rejoins; the other resigns before any report: the
    /// view sent again at the rejoin was placed where the first stretch ended.
    #[test]
    fn a_rejoin_after_ones_own_turn_is_placed_where_the_host_says() {
        rejoin_after_own_turn(refused_game());
        // A game with no refusal, no takeback.
        let rules = Rules::for_mode(crate::engine::Mode::Hidden);
        let mut g = Game::new(rules.clone(), Start::random(&rules, 12)).unwrap();
        let mut rng = crate::engine::rng::SplitMix64::new(12);
        for _ in 0..30 {
            let turns = g.position().legal_turns(g.rules());
            g.play(turns[rng.below(turns.len() as u64) as usize])
                .unwrap();
        }
        assert!(!g.status().is_over());
        rejoin_after_own_turn(g);
    }

    /// `game` to Red's eleventh turn, Red cut after it, back before the report of it; then Blue
    /// resigns.
    fn rejoin_after_own_turn(mut g: Game) {
        let record = g.record().clone();
        let mut turns = 0;
        let cut = (record.actions.iter())
            .position(|a| {
                turns += usize::from(matches!(a, Action::Turn(_)));
                turns == 11
            })
            .unwrap();
        let mut short = record.clone();
        short.actions.truncate(cut + 1);
        short.actions.push(Action::Resign(Seat::Blue));
        g = Game::from_record(short).unwrap();
        let seal = Seal::new(room(), g.start_position());
        let red = honest(&g, &seal, Seat::Red);
        // Red's last turn sent, then the connection broke.
        let sent = (red.iter())
            .rposition(|e| matches!(e, Ev::Out(Msg::Engine(EngineMsg::Turn(_)))))
            .unwrap();
        let mut a = Auditor::new(room(), true);
        audit(&mut a, &red[..=sent]);
        a.rejoined();
        let told = told_so_far(&g, Chair::Side(Seat::Red)).0 as u32;
        let v = g.view(Viewer::Side(Seat::Red));
        let again = [
            Ev::In(Msg::At { told, refused: 0 }),
            Ev::In(Msg::Host(HostMsg::Rules(g.rules().clone()))),
            Ev::In(Msg::Host(HostMsg::Seat(Chair::Side(Seat::Red)))),
            Ev::In(Msg::Host(HostMsg::View {
                viewer: Seat::Red,
                notation: g
                    .position()
                    .view(g.rules(), Viewer::Side(Seat::Red))
                    .notation(),
                mines: v.mines_notation(),
            })),
            Ev::In(Msg::Commit(seal.hashes.clone())),
        ];
        let end: Vec<Ev> = red[red.len() - 3..].to_vec();
        let mut b = a.clone();
        audit(&mut b, &again);
        audit(&mut b, &end);
        assert!(honest_verdict(&b.verdict()), "{}", b.verdict());
        // A fresh program after the rejoin: the same.
        let mut fresh = Auditor::new(room(), false);
        audit(&mut fresh, &again);
        audit(&mut fresh, &end);
        assert!(honest_verdict(&fresh.verdict()), "{}", fresh.verdict());
        // Placed one point early (where the first stretch ended): the view is named.
        let mut early = a.clone();
        let mut wrong = again.to_vec();
        wrong[0] = Ev::In(Msg::At {
            told: told - 1,
            refused: 0,
        });
        audit(&mut early, &wrong);
        audit(&mut early, &end);
        assert!(
            matches!(early.verdict(), Verdict::Lied(Lie::View { .. })),
            "{}",
            early.verdict()
        );
        // Past the game's end: named.
        let mut past = Auditor::new(room(), false);
        wrong[0] = Ev::In(Msg::At {
            told: told + 5,
            refused: 0,
        });
        audit(&mut past, &wrong);
        audit(&mut past, &end);
        assert_eq!(past.verdict(), Verdict::Lied(Lie::Stretch));
    }

    /// What the record has the player do that it never sent is named: a turn swapped, a
    /// resignation, a draw offer or acceptance, a takeback asked or agreed; and a formation
    /// other than the one sent.
    #[test]
    fn what_the_player_never_sent_is_named() {
        let g = refused_game();
        let seal = Seal::new(room(), g.start_position());
        let without = |me: Seat, f: &dyn Fn(&Msg) -> bool| -> Verdict {
            let evs: Vec<Ev> = honest(&g, &seal, me)
                .into_iter()
                .filter(|e| !matches!(e, Ev::Out(m) if f(m)))
                .collect();
            verdict(&evs)
        };
        let acted = |v: Verdict| match v {
            Verdict::Lied(Lie::Acted { what, .. }) => what,
            v => panic!("{v}"),
        };
        // Blue's resignation, Blue's takeback, the draw offer and its answer (declined: no
        // lie), a turn of Red's (the refused one first).
        assert!(matches!(
            acted(without(Seat::Blue, &|m| matches!(m, Msg::Resign))),
            Action::Resign(Seat::Blue)
        ));
        assert!(matches!(
            acted(without(Seat::Blue, &|m| matches!(
                m,
                Msg::Engine(EngineMsg::AskTakeback)
            ))),
            Action::Takeback { .. }
        ));
        assert!(matches!(
            acted(without(Seat::Red, &|m| matches!(
                m,
                Msg::Engine(EngineMsg::TakebackAnswer(_))
            ))),
            Action::Takeback { .. }
        ));
        let offerer = (g.record().actions.iter())
            .find_map(|a| match a {
                Action::OfferDraw(s) => Some(*s),
                _ => None,
            })
            .unwrap();
        assert!(matches!(
            acted(without(offerer, &|m| matches!(
                m,
                Msg::Engine(EngineMsg::OfferDraw)
            ))),
            Action::OfferDraw(_)
        ));
        let declined = without(offerer.opponent().unwrap(), &|m| {
            matches!(m, Msg::Engine(EngineMsg::DrawAnswer(_)))
        });
        assert!(honest_verdict(&declined), "{declined}");
        assert_eq!(
            acted(without(Seat::Red, &|m| matches!(
                m,
                Msg::Engine(EngineMsg::Turn(_))
            ))),
            Action::Refused("c12-d12".into())
        );
        // A turn swapped: Red sent another.
        let mut swapped = honest(&g, &seal, Seat::Red);
        let k = (swapped.iter())
            .rposition(|e| matches!(e, Ev::Out(Msg::Engine(EngineMsg::Turn(_)))))
            .unwrap();
        swapped[k] = Ev::Out(Msg::Engine(EngineMsg::Turn("a1-a2".into())));
        assert!(matches!(
            verdict(&swapped),
            Verdict::Lied(Lie::Acted {
                what: Action::Turn(_),
                ..
            })
        ));
        // A draw accepted that the player declined.
        let mut accepted = g.record().clone();
        let at = (accepted.actions.iter())
            .position(|a| matches!(a, Action::DeclineDraw(_)))
            .unwrap();
        accepted.actions.truncate(at);
        accepted
            .actions
            .push(Action::AcceptDraw(offerer.opponent().unwrap()));
        let drawn = Game::from_record(accepted).unwrap();
        let mut evs = honest(&drawn, &seal, offerer.opponent().unwrap());
        for e in &mut evs {
            if let Ev::Out(Msg::Engine(EngineMsg::DrawAnswer(yes))) = e {
                *yes = false;
            }
        }
        assert!(matches!(
            verdict(&evs),
            Verdict::Lied(Lie::Acted {
                what: Action::AcceptDraw(_),
                ..
            })
        ));
    }

    /// The formation a player sent is the one the record starts its side with.
    #[test]
    fn a_formation_other_than_the_one_sent_is_named() {
        let rules = Rules::for_mode(crate::engine::Mode::Hidden);
        let mut rng = crate::engine::rng::SplitMix64::new(9);
        let (red, blue) = (
            crate::engine::Formation::random(&mut rng, &rules),
            crate::engine::Formation::random(&mut rng, &rules),
        );
        let other = crate::engine::Formation::random(&mut rng, &rules);
        let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
        g.act(Action::Resign(Seat::Blue)).unwrap();
        let seal = Seal::new(room(), g.start_position());
        for (me, sent, honest_one) in [
            (Seat::Red, &red, true),
            (Seat::Blue, &blue, true),
            (Seat::Blue, &other, false),
        ] {
            let mut evs = honest(&g, &seal, me);
            let text = crate::protocol::formation_text(sent);
            evs.insert(2, Ev::In(Msg::Host(HostMsg::AskFormation)));
            evs.insert(3, Ev::Out(Msg::Engine(EngineMsg::Formation(text))));
            let v = verdict(&evs);
            if honest_one {
                assert!(honest_verdict(&v), "{me:?}: {v}");
            } else {
                assert_eq!(v, Verdict::Lied(Lie::Formation(Seat::Blue)));
            }
        }
    }
}
