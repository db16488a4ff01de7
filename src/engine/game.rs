//! Games and their records: the rules, the start and the list of actions, from which every
//! position is rebuilt. The file format is RON with a version field.

use super::board::{Board, NodeId};
use super::disclosed::{Disclosure, DisclosureUse};
pub use super::errors::{ActionError, MAX_TAG_CHARS, StartError, TagError};
use super::formation::{Formation, FormationFileError, flip_deal, four_player_setup, start_setup};
use super::movegen::IllegalTurn;
use super::piece::{Rank, Seat};
use super::play::{EndReason, Status, TurnReport};
use super::position::{OutReason, Position, Setup, SetupError, Turn};
use super::rules::{Rules, TIMEOUTS_TO_LOSE};
use super::view::{View, Viewer};
use serde::{Deserialize, Serialize};

pub const RECORD_VERSION: u32 = 1;
/// A record larger than this is refused before parsing.
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;
const MAX_ACTIONS: usize = 20_000;

/// How a game starts.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Start {
    /// Open or hidden mode: both formations, each as `lines` in the owner's view.
    Formations { red: Vec<String>, blue: Vec<String> },
    /// Flip mode: the deal is made from this seed.
    FlipDeal { seed: u64 },
    /// A four-player game (open or hidden): the four formations, each as `lines` in its owner's
    /// terms, deployed on the owner's arm by RULES.md 9.5 (`formation::four_player_setup`).
    FourFormations {
        south: Vec<String>,
        east: Vec<String>,
        north: Vec<String>,
        west: Vec<String>,
    },
    /// Any position in notation (puzzles, continuing from a position).
    Position(String),
}

/// One action of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Action {
    /// A turn in notation (`a6-a11`, or `c7` for a flip).
    Turn(String),
    /// The player gives up. Two players: the other wins. Four players: the player is out
    /// (`r`); the game ends only when that leaves the team with both players out.
    Resign(Seat),
    OfferDraw(Seat),
    AcceptDraw(Seat),
    DeclineDraw(Seat),
    /// The side ran out of time on its turn: it loses the turn.
    Timeout(Seat),
    /// An attack (in notation) the referee refused by a flag rule the attacker could not know
    /// applied: the target is the flag. Public (both players were told), it reveals the flag and
    /// does not spend the turn: the attacker moves again (`Game::play`).
    Refused(String),
    /// `by` took back the last `turns` standing actions (hidden and flip games keep the taken-back
    /// turns in the record, followed by this; see `Game::take_back`).
    Takeback {
        by: Seat,
        turns: u32,
    },
}

/// Who a seat is at a game's table: a side (a colour, or a four-player seat), or in flip mode a
/// player number (1 moves first) whose colour the first flips decide.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chair {
    Side(Seat),
    Player(u8),
}

impl std::fmt::Display for Chair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Chair::Side(s) => f.write_str(s.en()),
            Chair::Player(p) => write!(f, "player {p}"),
        }
    }
}

/// A refused attack (`Action::Refused`), as announced to both players.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// How many turns had been played when it happened.
    pub after: usize,
    pub turn: Turn,
    /// The announcement (`IllegalTurn::FlagAttackRefused`).
    pub said: IllegalTurn,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub version: u32,
    pub rules: Rules,
    pub start: Start,
    pub actions: Vec<Action>,
    /// Every use of a disclosure the gate granted during the game (`engine::disclosure`): the
    /// referee view, another side's viewpoint, the curtain switched off, a takeback, the deal seed.
    #[serde(default)]
    pub disclosures: Vec<DisclosureUse>,
    /// Records written before `disclosures` said only whether the referee view was used; read
    /// into `disclosures`, never written.
    #[serde(default, rename = "referee_view_used", skip_serializing)]
    pub legacy_referee_view: bool,
    /// Free-form facts: players, date, event. Written with `Game::set_info`, by `InfoKey`; a
    /// file may hold other keys, which are kept.
    #[serde(default)]
    pub info: Vec<(String, String)>,
    /// Hidden mode: each player's guesses on enemy pieces, where those pieces stand now.
    #[serde(default)]
    pub tags: Vec<Tag>,
}

/// A key of a game record's `info`: a fact the window or the command line keeps beside the
/// actions (docs/formats.md). The engine reads none of them. `as_str` is the key as the file
/// writes it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum InfoKey {
    /// `id`: which game this is (kept by every save of it).
    Id,
    /// `started`: the date the game started.
    Started,
    /// `seat`: `hotseat` when both players are at this screen.
    Seat,
    /// `computer`: the seats the computer plays and its levels (`red:normal`, `2:hard` in flip
    /// mode, `east:easy,west:hard` for four).
    Computer,
    /// `bottom`: a four-player game's bottom seat (`east`), set when the game starts. Records
    /// without it (or naming no seat of the board) show South at the bottom.
    Bottom,
    /// `hints`: the turns (numbered from 1) at which a hint was asked (`5,12`). Older files
    /// simply have none.
    Hints,
    /// `deal`: `typed` for a flip deal from a typed seed (both players may have known it).
    Deal,
    /// `redo`: the turns undone and not redone, in `current.ron` only.
    Redo,
    /// `saved_by`: written by older versions only, and dropped (never trusted).
    SavedBy,
    /// `continued_from`: the game and turn a continued game was taken from.
    ContinuedFrom,
    /// `referee`: a tracked game on a physical board.
    Referee,
    /// `referee_notes`: a tracked game's notes (its takebacks and any reopening after the end).
    RefereeNotes,
    /// `arena-game`: the arena game's number, from 1.
    ArenaGame,
    /// `arena-seed`: the arena's seed.
    ArenaSeed,
    /// The arena's spec of the player of a seat: `red`, `blue`; `south` … `west` for four.
    ArenaSeat(Seat),
    /// Flip mode: the arena's spec of player 1, before colours (`first`).
    ArenaFirst,
    /// Flip mode: the arena's spec of player 2 (`second`).
    ArenaSecond,
    /// `forfeit`: a seat at the game table that lost by failing (an engine that crashed, hung,
    /// sent an illegal turn …): its chair, its name and why.
    Forfeit,
    /// `abandoned`: `engine` for a game stopped with no result because an outside engine failed
    /// before its first turn (its handshake or its first answer); the `forfeit` entry says which
    /// and why.
    Abandoned,
    /// `review`: the game's review kept for the next time (`ai::review::cache_text`), with the
    /// format, program version, level and budget it was made with.
    Review,
    /// `beliefs`: the turns (numbered from 1) at which the belief map was shown during the game
    /// (an aid against the computer, like `hints`).
    Beliefs,
}

impl InfoKey {
    /// The key as game records write it.
    pub fn as_str(self) -> &'static str {
        match self {
            InfoKey::Id => "id",
            InfoKey::Started => "started",
            InfoKey::Seat => "seat",
            InfoKey::Computer => "computer",
            InfoKey::Bottom => "bottom",
            InfoKey::Hints => "hints",
            InfoKey::Deal => "deal",
            InfoKey::Redo => "redo",
            InfoKey::SavedBy => "saved_by",
            InfoKey::ContinuedFrom => "continued_from",
            InfoKey::Referee => "referee",
            InfoKey::RefereeNotes => "referee_notes",
            InfoKey::ArenaGame => "arena-game",
            InfoKey::ArenaSeed => "arena-seed",
            InfoKey::ArenaSeat(seat) => match seat {
                Seat::Red => "red",
                Seat::Blue => "blue",
                Seat::South => "south",
                Seat::East => "east",
                Seat::North => "north",
                Seat::West => "west",
            },
            InfoKey::ArenaFirst => "first",
            InfoKey::ArenaSecond => "second",
            InfoKey::Forfeit => "forfeit",
            InfoKey::Abandoned => "abandoned",
            InfoKey::Review => "review",
            InfoKey::Beliefs => "beliefs",
        }
    }
}

impl GameRecord {
    /// Whether anyone saw pieces the rules hide before the end (the referee view, another
    /// side's viewpoint, the curtain off, the deal seed).
    pub fn referee_view_used(&self) -> bool {
        self.legacy_referee_view || self.disclosures.iter().any(|d| d.what.shows_pieces())
    }
}

/// A player's guess written on an enemy piece (40?, 炸?, 雷?, 旗? …). It follows the piece.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Tag {
    pub by: Seat,
    pub square: String,
    pub text: String,
}

/// Why a record cannot be read or replayed. `Display` gives the English (the command line prints
/// it); a bad action is named by number with the reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// A file larger than a record can be.
    TooLarge(usize),
    /// Not RON of a record: where and why.
    Syntax {
        line: usize,
        col: usize,
        message: String,
    },
    /// A record version this program does not read.
    Version(u32),
    /// More actions than a game can have.
    TooManyActions(usize),
    /// The start does not make a game.
    Start(StartError),
    /// Action `number` (from 1) is refused.
    Action {
        number: usize,
        action: Action,
        error: ActionError,
    },
    /// A tag on a name that is not a square.
    TagSquare(String),
    /// A tag the game does not take (no enemy piece there, too long).
    Tag { square: String, error: TagError },
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::TooLarge(n) => write!(
                f,
                "file is {n} bytes: too large for a game record (limit {MAX_RECORD_BYTES})"
            ),
            RecordError::Syntax { line, col, message } => {
                write!(f, "line {line}, column {col}: {message}")
            }
            RecordError::Version(v) => write!(
                f,
                "game record version {v} is not supported (this program reads version {RECORD_VERSION})"
            ),
            RecordError::TooManyActions(n) => write!(f, "{n} actions: more than a game can have"),
            RecordError::Start(e) => write!(f, "start: {e}"),
            RecordError::Action {
                number,
                action,
                error,
            } => write!(f, "action {number} ({action:?}): {error}"),
            RecordError::TagSquare(sq) => write!(f, "tag on '{sq}': not a square"),
            RecordError::Tag { square, error } => write!(f, "tag on {square}: {error}"),
        }
    }
}
impl std::error::Error for RecordError {}

fn parse_lines(lines: &[String]) -> Result<Formation, FormationFileError> {
    let text = format!(
        "(version: 1, name: \"\", lines: [{}])",
        lines
            .iter()
            .map(|l| format!("{l:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Formation::from_ron(&text)
}

impl Start {
    /// A random start from `seed`: the deal in flip mode, else two random valid formations.
    pub fn random(rules: &Rules, seed: u64) -> Start {
        if rules.mode.deals_face_down() {
            return Start::FlipDeal { seed };
        }
        let mut rng = super::rng::SplitMix64::new(seed);
        let red = Formation::random(&mut rng, rules);
        let blue = Formation::random(&mut rng, rules);
        Start::formations(&red, &blue)
    }

    pub fn formations(red: &Formation, blue: &Formation) -> Start {
        Start::Formations {
            red: red.lines(),
            blue: blue.lines(),
        }
    }

    /// A four-player start from the formations of South, East, North and West.
    pub fn four_formations(formations: [&Formation; 4]) -> Start {
        let [south, east, north, west] = formations.map(Formation::lines);
        Start::FourFormations {
            south,
            east,
            north,
            west,
        }
    }

    /// A random four-player start from `seed`: four random valid formations (open or hidden).
    pub fn random_four(rules: &Rules, seed: u64) -> Start {
        let mut rng = super::rng::SplitMix64::new(seed);
        let f: [Formation; 4] = std::array::from_fn(|_| Formation::random(&mut rng, rules));
        Start::four_formations([&f[0], &f[1], &f[2], &f[3]])
    }

    /// The checked start position under `rules`.
    pub fn position(&self, rules: &Rules) -> Result<Position, StartError> {
        let setup: Setup = match self {
            Start::Formations { red, blue } => {
                if rules.mode.deals_face_down() {
                    return Err(StartError::FormationsInFlip);
                }
                let text = |side: Seat, lines: &[String]| {
                    parse_lines(lines).map_err(|error| StartError::FormationText { side, error })
                };
                let red = text(Seat::Red, red)?;
                let blue = text(Seat::Blue, blue)?;
                start_setup(&red, &blue, rules)
                    .map_err(|(side, problem)| StartError::Formation { side, problem })?
            }
            Start::FlipDeal { seed } => {
                if !rules.mode.deals_face_down() {
                    return Err(StartError::DealOutsideFlip);
                }
                flip_deal(*seed)
            }
            Start::FourFormations {
                south,
                east,
                north,
                west,
            } => {
                if !rules.mode.offered_for_four() {
                    return Err(StartError::Setup(SetupError::FourPlayerFlip));
                }
                let text = |side: Seat, lines: &[String]| {
                    parse_lines(lines).map_err(|error| StartError::FormationText { side, error })
                };
                let f = [
                    text(Seat::South, south)?,
                    text(Seat::East, east)?,
                    text(Seat::North, north)?,
                    text(Seat::West, west)?,
                ];
                four_player_setup([&f[0], &f[1], &f[2], &f[3]], rules)
                    .map_err(|(side, problem)| StartError::Formation { side, problem })?
            }
            Start::Position(text) => Setup::parse(text).map_err(StartError::Notation)?,
        };
        Position::new(setup, rules).map_err(StartError::Setup)
    }
}

/// One played turn with its report and the position after it.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The turn played; `None` when the side to move lost its turn to the move clock.
    pub turn: Option<Turn>,
    /// The public report of the turn; `None` for a lost turn.
    pub report: Option<TurnReport>,
    pub effects: super::play::Effects,
    pub after: Position,
}

/// A game in progress or finished, rebuilt from its record.
#[derive(Clone, Debug)]
pub struct Game {
    record: GameRecord,
    start: Position,
    plies: Vec<Ply>,
    ended: Option<Status>,
    /// The player whose draw offer is open.
    draw_offer: Option<Seat>,
    /// Per seat (`Seat::index`): accepted the open draw offer (the offerer too).
    draw_accepted: [bool; 4],
    /// Timeouts per seat (`Seat::index`).
    timeouts: [u32; 4],
    /// Flip mode: the colour of player 1 once decided.
    player1: Option<Seat>,
    /// Attacks refused by a flag rule, in order (one per `Action::Refused`).
    refusals: Vec<Refusal>,
    /// The actions that stand (the record's, less those taken back), from which the position is
    /// rebuilt.
    standing: Vec<Action>,
}

impl Game {
    pub fn new(rules: Rules, start: Start) -> Result<Game, StartError> {
        rules.validate().map_err(StartError::Rules)?;
        let pos = start.position(&rules)?;
        Ok(Game {
            record: GameRecord {
                version: RECORD_VERSION,
                rules,
                start,
                actions: Vec::new(),
                disclosures: Vec::new(),
                legacy_referee_view: false,
                info: Vec::new(),
                tags: Vec::new(),
            },
            start: pos,
            plies: Vec::new(),
            ended: None,
            draw_offer: None,
            draw_accepted: [false; 4],
            timeouts: [0; 4],
            player1: None,
            refusals: Vec::new(),
            standing: Vec::new(),
        })
    }

    /// Replay a record, checking every action; a bad one is named by number with the reason.
    pub fn from_record(record: GameRecord) -> Result<Game, RecordError> {
        if record.version != RECORD_VERSION {
            return Err(RecordError::Version(record.version));
        }
        if record.actions.len() > MAX_ACTIONS {
            return Err(RecordError::TooManyActions(record.actions.len()));
        }
        let mut g =
            Game::new(record.rules.clone(), record.start.clone()).map_err(RecordError::Start)?;
        for (i, a) in record.actions.iter().enumerate() {
            g.act(a.clone()).map_err(|error| RecordError::Action {
                number: i + 1,
                action: a.clone(),
                error,
            })?;
        }
        g.record.disclosures = record.disclosures;
        if record.legacy_referee_view && !g.record.referee_view_used() {
            g.record.disclosures.push(DisclosureUse {
                what: Disclosure::RefereeView,
                by: None,
                ply: 0,
            });
        }
        g.record.info = record.info;
        for t in record.tags {
            let node = g
                .board()
                .node_by_name(&t.square)
                .ok_or_else(|| RecordError::TagSquare(t.square.clone()))?;
            g.set_tag(t.by, node, Some(&t.text))
                .map_err(|error| RecordError::Tag {
                    square: t.square.clone(),
                    error,
                })?;
        }
        Ok(g)
    }

    /// Parse a record file's text (size-checked, syntax errors with line and column) and replay it.
    pub fn from_ron(text: &str) -> Result<Game, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge(text.len()));
        }
        let record: GameRecord = ron::from_str(text).map_err(|e| RecordError::Syntax {
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })?;
        Game::from_record(record)
    }

    pub fn to_ron(&self) -> String {
        let mut s =
            String::from("// Junqi game record (RON). Turns in the notation of NOTATION.md.\n");
        s.push_str(
            &ron::ser::to_string_pretty(&self.record, ron::ser::PrettyConfig::default())
                .expect("record serializes"),
        );
        s.push('\n');
        s
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }
    pub fn rules(&self) -> &Rules {
        &self.record.rules
    }
    pub fn board(&self) -> &'static Board {
        self.start.board()
    }
    pub fn start_position(&self) -> &Position {
        &self.start
    }
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.after)
    }
    /// Position after `n` turns (0 = start).
    pub fn position_at(&self, n: usize) -> &Position {
        if n == 0 {
            &self.start
        } else {
            &self.plies[n.min(self.plies.len()) - 1].after
        }
    }
    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }
    /// Whether `seat` has accepted the open draw offer (its offerer has).
    pub fn draw_accepted(&self, seat: Seat) -> bool {
        self.draw_offer.is_some() && self.draw_accepted[seat.index()]
    }
    /// The players still in, in the board's seat order (two players: both).
    pub fn seats_in(&self) -> Vec<Seat> {
        let out = self.position().out();
        self.board()
            .seats
            .iter()
            .copied()
            .filter(|&s| !out.contains(s))
            .collect()
    }
    fn withdraw_draw_offer(&mut self) {
        self.draw_offer = None;
        self.draw_accepted = [false; 4];
    }
    /// Replace the current position (an event that is not a turn: a refused attack's flag
    /// shown, a player out by resignation): the last ply's, or the start's before any turn.
    fn set_position(&mut self, pos: Position) {
        match self.plies.last_mut() {
            Some(p) => p.after = pos,
            None => self.start = pos,
        }
    }
    pub fn timeouts(&self, side: Seat) -> u32 {
        self.timeouts[side.index()]
    }
    /// Flip mode: the colour of player 1 (2 has the other), once decided.
    pub fn player_colour(&self, player: u8) -> Option<Seat> {
        self.player1
            .and_then(|s| if player == 1 { Some(s) } else { s.opponent() })
    }
    /// Write a granted disclosure into the record (only the gate calls this).
    pub(super) fn record_disclosure(&mut self, used: DisclosureUse) {
        self.record.disclosures.push(used);
    }
    /// The actions that stand: the record's, less those taken back.
    pub fn standing_actions(&self) -> &[Action] {
        &self.standing
    }
    /// How many takebacks `side` made.
    pub fn takebacks(&self, side: Seat) -> usize {
        self.record
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Takeback { by, .. } if *by == side))
            .count()
    }
    /// Set the record's `info` entry of `key` (it goes last).
    pub fn set_info(&mut self, key: InfoKey, value: &str) {
        let key = key.as_str();
        self.record.info.retain(|(k, _)| k != key);
        self.record.info.push((key.into(), value.into()));
    }

    /// Drop the record's `info` entry of `key`, if it has one.
    pub fn remove_info(&mut self, key: InfoKey) {
        let key = key.as_str();
        self.record.info.retain(|(k, _)| k != key);
    }

    pub fn status(&self) -> Status {
        self.ended
            .unwrap_or_else(|| self.position().status(&self.record.rules))
    }

    pub fn view(&self, viewer: Viewer) -> View {
        let mut v = self.position().view(&self.record.rules, viewer);
        if self.status().is_over() {
            // When the game ends every piece is revealed.
            v = self
                .position()
                .view(&self.record.rules, Viewer::Referee)
                .shown_as(viewer);
        } else if let Viewer::Side(_) = viewer
            && self.record.rules.mode.hides_identities()
        {
            for &enemy in self.board().seats {
                if v.mines_known(enemy).is_none()
                    && self.public_mines_removed(enemy) >= self.start.count(enemy, Rank::Mine)
                {
                    v.know_no_mines(enemy);
                }
            }
        }
        v
    }

    /// The board as both players may see it (a referee's board of a physical game): backs only,
    /// except pieces revealed to both (a flag after its marshal fell, a sprung mine, a scouted
    /// piece); everything once the game is over. Its viewer is the referee.
    pub fn public_view(&self) -> View {
        let v = self.view(Viewer::Referee);
        if self.status().is_over() {
            v
        } else {
            v.public_part()
        }
    }

    /// Hidden mode: how many of `side`'s mines both players saw leave the board (dug by an
    /// engineer, or a revealed mine removed).
    fn public_mines_removed(&self, side: Seat) -> u8 {
        let mut n = 0;
        for (i, ply) in self.plies.iter().enumerate() {
            let (Some(Turn::Move { to, .. }), Some(report)) = (ply.turn, &ply.report) else {
                continue;
            };
            let Some(d) = ply.effects.defender else {
                continue;
            };
            if d.side() != side || d.rank() != Rank::Mine {
                continue;
            }
            let removed = !ply.after.at(to).is_some_and(|p| p.same_piece(d));
            let seen = report.clash == Some(super::play::ClashOutcome::MineDug)
                || self.position_at(i).at(to).is_some_and(|p| p.is_revealed());
            if removed && seen {
                n += 1;
            }
        }
        n
    }

    /// Attacks refused by a flag rule the attacker could not know applied, in order.
    pub fn refusals(&self) -> &[Refusal] {
        &self.refusals
    }

    /// Play a turn; an illegal one changes nothing, with one exception: a reachable attack on a
    /// piece the mover could not know was the flag, refused by a flag rule.
    ///
    /// RULES reading: in a refereed game the referee would say "illegal: that is the flag" for
    /// both players to hear, and the attacker takes the move back and moves again. So here: the
    /// reason a turn is refused is computed from the mover's view (`View::check_turn`); a refusal
    /// only the truth decides is not a silent probe but a public event: `Action::Refused` is
    /// written in the record, the flag is revealed to both, and the turn is not spent. The
    /// returned `IllegalTurn::FlagAttackRefused` is that announcement.
    pub fn play(&mut self, turn: Turn) -> Result<&Ply, IllegalTurn> {
        if self.ended.is_some() {
            return Err(IllegalTurn::GameOver);
        }
        let mut after = *self.position();
        let (report, effects) = match after.play(&self.record.rules, turn) {
            Ok(r) => r,
            Err(truth) => return Err(self.refuse(turn, truth)),
        };
        if let Some((player, side)) = report.colours_decided {
            self.player1 = if player == 1 {
                Some(side)
            } else {
                side.opponent()
            };
        }
        self.move_tags(turn, &after);
        let action = Action::Turn(turn.notation(self.board()));
        self.record.actions.push(action.clone());
        self.standing.push(action);
        self.withdraw_draw_offer();
        self.plies.push(Ply {
            turn: Some(turn),
            report: Some(report),
            effects,
            after,
        });
        Ok(self.plies.last().expect("just pushed"))
    }

    /// The reason to give for the illegal `turn`, whose true reason is `truth`: the reason the
    /// mover's view gives, or, when only the truth refuses it (a flag rule), the public refusal,
    /// recorded.
    fn refuse(&mut self, turn: Turn, truth: IllegalTurn) -> IllegalTurn {
        let (Some(me), Turn::Move { from, to }) = (self.position().side_to_move(), turn) else {
            return truth;
        };
        let view = self.view(Viewer::Side(me));
        if let Err(seen) = view.check_turn(&self.record.rules, turn) {
            return seen;
        }
        let mines = match truth {
            IllegalTurn::FlagProtectedByMines => true,
            IllegalTurn::NotAFlagTaker(_) => false,
            // The view allows every other refusal the truth makes (it sees occupancy and its own
            // pieces); should that ever not hold, the view's answer is the one a player may read.
            _ => {
                return IllegalTurn::Unreachable {
                    from: self.board().name(from).to_string(),
                    to: self.board().name(to).to_string(),
                };
            }
        };
        let said = IllegalTurn::FlagAttackRefused {
            by: me,
            square: self.board().name(to).to_string(),
            mines,
        };
        // The flag is now known to all.
        let mut pos = *self.position();
        pos.reveal(to);
        self.set_position(pos);
        let action = Action::Refused(turn.notation(self.board()));
        self.record.actions.push(action.clone());
        self.standing.push(action);
        self.refusals.push(Refusal {
            after: self.plies.len(),
            turn,
            said: said.clone(),
        });
        said
    }

    /// The tags `by` has written, as (node, text).
    pub fn tags(&self, by: Seat) -> Vec<(NodeId, &str)> {
        self.record
            .tags
            .iter()
            .filter(|t| t.by == by)
            .filter_map(|t| Some((self.board().node_by_name(&t.square)?, t.text.as_str())))
            .collect()
    }

    /// Write (or with `None` or an empty text, erase) `by`'s tag on the enemy piece on `node`.
    ///
    /// # Errors
    /// No enemy piece there, or a tag longer than `MAX_TAG_CHARS`.
    pub fn set_tag(&mut self, by: Seat, node: NodeId, text: Option<&str>) -> Result<(), TagError> {
        let square = self.board().name(node).to_string();
        let text = text.map(str::trim).filter(|t| !t.is_empty());
        self.record
            .tags
            .retain(|t| !(t.by == by && t.square == square));
        let Some(text) = text else { return Ok(()) };
        if text.chars().count() > MAX_TAG_CHARS {
            return Err(TagError::TooLong);
        }
        match self.position().at(node) {
            // An enemy's: neither the tagger's own nor (four players) the partner's.
            Some(p) if p.side() != by && Some(p.side()) != by.partner() => {}
            _ => return Err(TagError::NoEnemyPiece(square)),
        }
        self.record.tags.push(Tag {
            by,
            square,
            text: text.to_string(),
        });
        Ok(())
    }

    /// Tags follow their piece: moved with it, dropped when it is removed.
    fn move_tags(&mut self, turn: Turn, after: &Position) {
        let Turn::Move { from, to } = turn else {
            return;
        };
        let board = self.board();
        let before = *self.position();
        let (from_name, to_name) = (board.name(from), board.name(to));
        let mover = before.at(from).map(|p| p.side());
        let defender = before.at(to).map(|p| p.side());
        self.record.tags.retain_mut(|t| {
            if t.square == from_name {
                if after.at(from).is_some_and(|p| Some(p.side()) == mover) {
                    true // bounced back
                } else if after.at(to).is_some_and(|p| Some(p.side()) == mover) {
                    t.square = to_name.to_string();
                    true
                } else {
                    false
                }
            } else if t.square == to_name {
                after.at(to).is_some_and(|p| Some(p.side()) == defender)
            } else {
                true
            }
        });
    }

    /// Apply any action (turn in notation, resignation, draw offers, timeouts).
    pub fn act(&mut self, action: Action) -> Result<(), ActionError> {
        if self.status().is_over() {
            return Err(ActionError::GameOver);
        }
        let to_move = self.position().side_to_move();
        match &action {
            Action::Turn(t) => {
                let turn = Turn::parse(t, self.board()).map_err(ActionError::Notation)?;
                self.play(turn).map_err(ActionError::Illegal)?;
                return Ok(());
            }
            Action::Refused(t) => {
                let turn = Turn::parse(t, self.board()).map_err(ActionError::Notation)?;
                if self.position().check_turn(&self.record.rules, turn).is_ok() {
                    return Err(ActionError::NotRefusable(t.clone()));
                }
                let before = self.refusals.len();
                let e = match self.play(turn) {
                    Err(e) => e,
                    Ok(_) => unreachable!("checked illegal above"),
                };
                return if self.refusals.len() > before {
                    Ok(())
                } else {
                    Err(ActionError::Illegal(e))
                };
            }
            Action::Resign(s) => {
                let s = self.seat_in(*s)?;
                if self.board().is_four() {
                    // Out (`r`); the game ends only when the team is out (the position says).
                    let mut pos = *self.position();
                    pos.put_out(&self.record.rules, s, OutReason::Resigned);
                    self.set_position(pos);
                    // Reading: an open draw offer needs every player still in; the players
                    // are no longer those who saw it made, so it lapses.
                    self.withdraw_draw_offer();
                } else {
                    self.ended = Some(Status::Won(s.team().other(), EndReason::Resignation));
                }
            }
            Action::OfferDraw(s) => {
                let s = self.seat_in(*s)?;
                if self.draw_offer.is_some() {
                    return Err(ActionError::DrawOfferOpen);
                }
                self.draw_offer = Some(s);
                self.draw_accepted = [false; 4];
                self.draw_accepted[s.index()] = true;
            }
            Action::AcceptDraw(s) | Action::DeclineDraw(s) => {
                let s = self.seat_in(*s)?;
                if self.draw_offer.is_none() || self.draw_accepted[s.index()] {
                    return Err(ActionError::NoDrawOffer(s));
                }
                if matches!(action, Action::AcceptDraw(_)) {
                    self.draw_accepted[s.index()] = true;
                    // A draw by agreement needs every player still in (RULES.md 9.7).
                    if self
                        .seats_in()
                        .iter()
                        .all(|seat| self.draw_accepted[seat.index()])
                    {
                        self.withdraw_draw_offer();
                        self.ended = Some(Status::Draw(EndReason::Agreement));
                    }
                } else {
                    self.withdraw_draw_offer();
                }
            }
            Action::Takeback { by, turns } => {
                self.take_back_standing(*by, *turns)?;
                self.record.actions.push(action);
                return Ok(());
            }
            Action::Timeout(s) => {
                if self.record.rules.move_clock.is_none() {
                    return Err(ActionError::NoMoveClock);
                }
                if to_move != Some(*s) {
                    return Err(ActionError::NotToMove(*s));
                }
                self.timeouts[s.index()] += 1;
                let fifth = self.timeouts[s.index()] >= TIMEOUTS_TO_LOSE;
                if self.board().is_four() {
                    // The lost turn counts as a turn (ply and quiet grow, step 3 follows); the
                    // fifth also puts the player out (`t`): their pieces leave the board in that
                    // turn, so the quiet count restarts. Any turn withdraws a draw offer.
                    let rules = &self.record.rules;
                    let mut after = *self.position();
                    after.pass_turn_in(rules, fifth);
                    if fifth {
                        after.put_out(rules, *s, OutReason::Timeouts);
                    }
                    self.withdraw_draw_offer();
                    self.plies.push(Ply {
                        turn: None,
                        report: None,
                        effects: Default::default(),
                        after,
                    });
                } else if fifth {
                    self.ended = Some(Status::Won(s.team().other(), EndReason::Timeouts));
                } else {
                    // The turn is lost: the other side moves; it counts as a quiet turn.
                    let mut after = *self.position();
                    after.pass_turn(false);
                    self.plies.push(Ply {
                        turn: None,
                        report: None,
                        effects: Default::default(),
                        after,
                    });
                }
            }
        }
        self.record.actions.push(action.clone());
        self.standing.push(action);
        Ok(())
    }

    /// `seat` if it is a seat of this game's board and still in (four players), else the error.
    fn seat_in(&self, seat: Seat) -> Result<Seat, ActionError> {
        if self.board().seats.contains(&seat) && !self.position().out().contains(seat) {
            Ok(seat)
        } else {
            Err(ActionError::NotInGame(seat))
        }
    }

    /// Rebuild the game from the standing actions less the last `turns`; the record is kept.
    fn take_back_standing(&mut self, by: Seat, turns: u32) -> Result<(), ActionError> {
        if turns == 0 || turns as usize > self.standing.len() {
            return Err(ActionError::TakebackTooLong {
                by,
                turns,
                standing: self.standing.len(),
            });
        }
        let keep = self.standing.len() - turns as usize;
        let mut g = Game::new(self.record.rules.clone(), self.record.start.clone())
            .expect("the game's own start is valid");
        for a in &self.standing[..keep] {
            g.act(a.clone())?;
        }
        // A flag shown by a refused attack was seen by both players: a takeback past the
        // refusal does not hide it again (flags never move, so its square still holds it).
        let shown: Vec<NodeId> = self.refusals[g.refusals.len()..]
            .iter()
            .filter_map(|r| match r.turn {
                Turn::Move { to, .. } => Some(to),
                Turn::Flip(_) => None,
            })
            .collect();
        let tags = std::mem::take(&mut self.record.tags);
        let record = std::mem::replace(&mut self.record, g.record.clone());
        *self = Game { record, ..g };
        let mut pos = *self.position();
        for n in shown {
            if pos.at(n).is_some_and(|p| p.rank() == Rank::Flag) {
                pos.reveal(n);
            }
        }
        self.set_position(pos);
        for t in tags {
            if let Some(n) = self.board().node_by_name(&t.square) {
                let _ = self.set_tag(t.by, n, Some(&t.text));
            }
        }
        Ok(())
    }

    /// Take back the last action; returns it, or `None` if there is none.
    pub fn undo(&mut self) -> Option<Action> {
        let mut actions = self.record.actions.clone();
        let last = actions.pop()?;
        let mut record = self.record.clone();
        record.actions = actions;
        let tags = std::mem::take(&mut record.tags);
        *self = Game::from_record(record).expect("a prefix of a valid record replays");
        // Tags that still sit on an enemy piece stay (one that followed the undone move is lost).
        for t in tags {
            if let Some(n) = self.board().node_by_name(&t.square) {
                let _ = self.set_tag(t.by, n, Some(&t.text));
            }
        }
        Some(last)
    }
}
