//! The tracked game's model: each player enters a formation privately (the formation editor or a
//! saved file) behind a hand-over curtain (`FormationEntry`); then every physical move is mirrored
//! on a board that shows only backs, and a hidden-mode game on a `Table` judges it (`Tracked`):
//! every seat is a desk (`table::desk`) that the referee fills at the one screen.

use super::Consent;
use super::words::{Said, out_said, outcome_text, public_reason};
use crate::app::formations::EditorScreen;
use crate::app::records::info_value;
use crate::app::words::status_text;
use crate::editor::{EditorCmd, EditorOutcome};
use crate::engine::{
    Action, Formation, Game, IllegalTurn, InfoKey, NodeId, Rules, Seat, Status, Turn, View, Viewer,
};
use crate::i18n::{self, Lang, fill};
use crate::table::desk::{Asked, Desk, Told};
use crate::table::{Chair, Deal, Limits, Polled, Reply, SeatDriver, SetupFailure, Table};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

// ----- formations -------------------------------------------------------------------------------

/// Each player enters a formation privately, Red first (four players: South, East, North, West).
pub struct FormationEntry {
    /// Whose formation is being entered.
    pub side: Seat,
    /// The hand-over curtain is up.
    pub curtain: bool,
    /// The seats at the table, in the order they enter their formations.
    pub seats: &'static [Seat],
    /// The formations in so far, in the order of `seats`.
    entered: Vec<Formation>,
    /// The formation editor, open for `side` (a widget with its own state, drawn by the screen).
    pub editor: Option<Box<EditorScreen>>,
    pub library: Vec<(PathBuf, Formation)>,
    /// The saved formation chosen in the list.
    pub picked: Option<usize>,
    /// Why the last formation was refused.
    pub error: Option<Said>,
    /// The entry's identity (`id`, `started`), given to the game it leads to.
    id: (String, String),
}

/// The formations entered so far, as the referee's autosave keeps them (`formations.ron`) so that
/// a crash loses none: sealed — in the file, never drawn (the screen says only whose are in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SealedEntry {
    pub version: u32,
    pub id: String,
    pub started: String,
    pub rules: Rules,
    pub four: bool,
    /// The formations in so far, in the order the seats enter them, each as its six lines (the
    /// form of formation files and game records).
    pub entered: Vec<Vec<String>>,
}

/// The version of `SealedEntry` this program writes and reads.
pub const SEALED_ENTRY_VERSION: u32 = 1;

/// A formation from its six lines (the form `Formation::lines` writes).
fn formation_from_lines(
    lines: &[String],
) -> Result<Formation, crate::engine::formation::FormationFileError> {
    let quoted: Vec<String> = lines.iter().map(|l| format!("{l:?}")).collect();
    Formation::from_ron(&format!(
        "(version: 1, name: \"\", lines: [{}])",
        quoted.join(", ")
    ))
}

/// Something the formation entry asks for.
#[derive(Debug)]
pub enum FormationCmd {
    /// The player named on the curtain is at the screen.
    Continue,
    /// Enter the formation in the formation editor (opened in this language).
    OpenEditor(Lang),
    /// Something for the formation editor (carried out by `FormationEditor::apply`).
    Edit(EditorCmd),
    /// The formation editor is done.
    Editor(EditorOutcome),
    /// A saved formation chosen in the list.
    Pick(usize),
    /// Use the saved formation chosen.
    UseSaved,
}

impl FormationEntry {
    /// Two players.
    pub fn new(library: Vec<(PathBuf, Formation)>) -> FormationEntry {
        FormationEntry::with_players(library, false)
    }

    /// Two players, or four.
    pub fn with_players(library: Vec<(PathBuf, Formation)>, four: bool) -> FormationEntry {
        let seats: &'static [Seat] = if four { &Seat::FOUR } else { &Seat::BOTH };
        FormationEntry {
            side: seats[0],
            curtain: true,
            seats,
            entered: Vec::new(),
            editor: None,
            library,
            picked: None,
            error: None,
            id: super::judge::new_identity(),
        }
    }

    /// The formations in so far, sealed for the autosave, under `rules`.
    pub fn sealed(&self, rules: &Rules) -> SealedEntry {
        SealedEntry {
            version: SEALED_ENTRY_VERSION,
            id: self.id.0.clone(),
            started: self.id.1.clone(),
            rules: rules.clone(),
            four: self.is_four(),
            entered: self.entered.iter().map(Formation::lines).collect(),
        }
    }

    /// The entry a sealed one left, resumed where it stopped: the curtain up for the next seat.
    /// A record this program cannot have written (another version, as many formations as seats or
    /// more, a formation its rules refuse) is refused with the reason.
    pub fn resume(
        sealed: &SealedEntry,
        library: Vec<(PathBuf, Formation)>,
    ) -> Result<FormationEntry, String> {
        if sealed.version != SEALED_ENTRY_VERSION {
            return Err(format!(
                "version {} is not supported (this program reads version {SEALED_ENTRY_VERSION})",
                sealed.version
            ));
        }
        let mut entry = FormationEntry::with_players(library, sealed.four);
        if sealed.entered.is_empty() || sealed.entered.len() >= entry.seats.len() {
            return Err(format!(
                "{} formations entered for {} seats",
                sealed.entered.len(),
                entry.seats.len()
            ));
        }
        for (k, lines) in sealed.entered.iter().enumerate() {
            let f = formation_from_lines(lines).map_err(|e| format!("formation {}: {e}", k + 1))?;
            if let Some(p) = f.problems(&sealed.rules).first() {
                return Err(format!(
                    "formation {}: {}",
                    k + 1,
                    Lang::En.formation_problem(p)
                ));
            }
            entry.entered.push(f);
        }
        entry.side = entry.seats[entry.entered.len()];
        entry.id = (sealed.id.clone(), sealed.started.clone());
        Ok(entry)
    }

    /// The entry's id (the game it leads to gets it).
    pub fn id(&self) -> &str {
        &self.id.0
    }

    /// Whether Red's formation is in.
    pub fn red_is_in(&self) -> bool {
        !self.entered.is_empty()
    }

    /// The seats whose formations are in.
    pub fn seats_in(&self) -> &'static [Seat] {
        &self.seats[..self.entered.len()]
    }

    pub fn is_four(&self) -> bool {
        self.seats.len() == 4
    }

    /// Carry out a command; every formation, once all are in.
    pub fn apply(
        &mut self,
        cmd: FormationCmd,
        rules: &Rules,
        data_dir: Option<&Path>,
    ) -> Option<Entered> {
        match cmd {
            FormationCmd::Continue => {
                self.curtain = false;
                None
            }
            FormationCmd::OpenEditor(lang) => {
                if !self.curtain {
                    self.editor = Some(Box::new(EditorScreen::new(data_dir, rules.clone(), lang)));
                }
                None
            }
            FormationCmd::Edit(cmd) => {
                let outcome = self.editor.as_mut()?.editor.apply(cmd)?;
                self.apply(FormationCmd::Editor(outcome), rules, data_dir)
            }
            FormationCmd::Editor(EditorOutcome::UseInGame(f, _)) => {
                if self.editor.is_some() {
                    self.accept(f, rules)
                } else {
                    None
                }
            }
            FormationCmd::Editor(EditorOutcome::Close) => {
                self.editor = None;
                None
            }
            FormationCmd::Pick(i) => {
                if i < self.library.len() {
                    self.picked = Some(i);
                }
                None
            }
            FormationCmd::UseSaved => {
                let f = self
                    .picked
                    .and_then(|i| self.library.get(i))
                    .map(|(_, f)| f.clone())?;
                if self.curtain {
                    return None;
                }
                self.accept(f, rules)
            }
        }
    }

    /// The formation of `self.side` is in.
    fn accept(&mut self, f: Formation, rules: &Rules) -> Option<Entered> {
        self.editor = None;
        self.picked = None;
        let problems = f.problems(rules);
        if !problems.is_empty() {
            self.error = Some(Said::new(|l| {
                let e = problems
                    .iter()
                    .map(|p| l.formation_problem(p))
                    .collect::<Vec<_>>()
                    .join("; ");
                fill(l.t(&i18n::REF_INVALID_FORMATION), &[("e", &e)])
            }));
            return None;
        }
        self.error = None;
        if self.entered.len() + 1 < self.seats.len() {
            self.entered.push(f);
            self.side = self.seats[self.entered.len()];
            self.curtain = true;
            return None;
        }
        let mut formations = self.entered.clone();
        formations.push(f);
        Some(Entered {
            formations,
            id: self.id.clone(),
        })
    }

    /// The game could not be made from the formations entered (`Tracked::open` refused them):
    /// the last formation is not in, and the player entering it is told why.
    pub fn refused(&mut self, why: &str) {
        self.error = Some(Said::new(|l| {
            fill(l.t(&i18n::REF_INVALID_FORMATION), &[("e", why)])
        }));
    }
}

/// Every formation entered, in the order of the seats (Red, Blue; or South, East, North,
/// West), and the entry's identity (`id`, `started`), which the game keeps.
#[derive(Debug)]
pub struct Entered {
    pub formations: Vec<Formation>,
    id: (String, String),
}

// ----- play ---------------------------------------------------------------------------------------

/// A hidden-mode game that mirrors the physical board, played on a `Table` whose every seat is a
/// desk (`table::desk`) that the referee's screen fills: a click that forms a move becomes the
/// mover's turn, a resignation any seat's, an agreed draw the mover's offer and every other
/// player's yes; the table decides whose turn it is, plays it and answers refusals. A takeback and
/// reopening a finished game, agreed by every player at the screen, are the table's consent
/// actions (`Table::take_back_agreed`, `Table::reopen_agreed`).
pub struct Tracked {
    table: Table,
    /// Each seat's desk, by seat index (the board's seats in order).
    desks: Vec<Desk>,
    /// Resignations entered at the screen (seat indices), taken at the table's next poll.
    resigned: Arc<Mutex<Vec<usize>>>,
    pub selected: Option<NodeId>,
    /// Why the last move was refused.
    pub message: Option<IllegalTurn>,
    /// Asking every player before a move (or the end) is undone: who has agreed (by seat index).
    pub undo_consent: Option<[bool; 4]>,
    /// The side at the bottom of the board on screen.
    pub bottom: Seat,
    /// What of the game already made its sound (the public reports only).
    pub heard: crate::app::sound::Heard,
}

/// The most polls one command of the screen takes: a turn, a refusal, a resignation or a draw
/// going round four seats take a few each.
const POLLS_PER_COMMAND: usize = 64;

/// Something the tracked game's screen asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackedCmd {
    /// A click on a node of the board.
    Click(NodeId),
    /// A piece dragged from one node to another.
    Drop(NodeId, NodeId),
    /// Ask both players before the last move (or the end) is undone.
    AskUndo,
    /// The answer to that question.
    Undo(Consent),
    Resign(Seat),
    /// A draw both players agreed at the board.
    AgreedDraw,
}

/// Something the tracked game's record notes beside its actions (kept in `GameRecord.info` under
/// `InfoKey::RefereeNotes`, so it is saved, autosaved and replayed with the game). `ply` is the
/// number of turns played when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrackedNote {
    /// A turn taken back with both players' consent.
    TakenBack { ply: usize, turn: String },
    /// The game had ended, which showed both formations to both players, and was reopened with
    /// both players' consent.
    Reopened { ply: usize, status: Status },
}

impl TrackedNote {
    fn ply(&self) -> usize {
        match self {
            TrackedNote::TakenBack { ply, .. } | TrackedNote::Reopened { ply, .. } => *ply,
        }
    }
}

/// What the log says of a note: the turn taken back, or the end undone.
fn note_text(note: &TrackedNote, lang: Lang) -> String {
    match note {
        TrackedNote::TakenBack { ply, turn } => fill(
            lang.t(&i18n::REF_TAKEN_BACK_LOG),
            &[("n", &(ply + 1).to_string()), ("mv", turn)],
        ),
        TrackedNote::Reopened { status, .. } => fill(
            lang.t(&i18n::REF_REOPENED_LOG),
            &[("end", &status_text(*status, lang).unwrap_or_default())],
        ),
    }
}

/// The notes of `game`'s record as lines of the event log, each with the number of turns played
/// when it was made (`words::events_noted`).
pub(super) fn note_lines(game: &Game, lang: Lang) -> Vec<(usize, (Option<Seat>, String))> {
    (tracked_notes(game).iter())
        .map(|n| (n.ply(), (None, note_text(n, lang))))
        .collect()
}

/// The notes of a tracked game's record, oldest first (an unreadable entry reads as none).
pub fn tracked_notes(game: &Game) -> Vec<TrackedNote> {
    info_value(game.record(), InfoKey::RefereeNotes)
        .and_then(|t| ron::from_str(t).ok())
        .unwrap_or_default()
}

fn add_note(table: &mut Table, note: TrackedNote) {
    let mut notes = tracked_notes(table.game());
    notes.push(note);
    if let Ok(text) = ron::to_string(&notes) {
        table.set_info(InfoKey::RefereeNotes, &text);
    }
}

/// The board as both players may see it: backs only, except pieces revealed to both (a flag after
/// its marshal fell, a sprung mine, a scouted piece); everything once the game is over.
pub fn public_view(game: &Game) -> View {
    game.public_view()
}

/// The seats of a table, by seat index.
type Seats = Vec<(Chair, Box<dyn SeatDriver>)>;

/// A desk for every seat of `board`, and the seats the table plays through them.
fn desks(board: &crate::engine::Board) -> (Vec<Desk>, Seats) {
    let desks: Vec<Desk> = board.seats.iter().map(|_| Desk::new()).collect();
    let seats = (board.seats.iter().zip(&desks))
        .map(|(&s, d)| {
            let seat: Box<dyn SeatDriver> = Box::new(d.seat(s.en()));
            (Chair::Side(s), seat)
        })
        .collect();
    (desks, seats)
}

impl Tracked {
    /// The game of the formations entered, under `rules`, on a new table.
    ///
    /// # Errors
    /// The rules refuse the formations together (in English, as the game's own error).
    pub fn open(rules: &Rules, entered: Entered, bottom: Seat) -> Result<Tracked, String> {
        let board = if entered.formations.len() == 4 {
            crate::engine::Board::four_player()
        } else {
            crate::engine::Board::two_player()
        };
        let (desks, seats) = desks(board);
        let deal = Deal::Formations(entered.formations.into_iter().map(Some).collect());
        let mut table = match Table::open(rules, seats, &[], deal, Limits::default()) {
            Ok(t) => t,
            Err(SetupFailure::Start(why)) => return Err(why),
            Err(SetupFailure::Seat(_, why)) => return Err(why.to_string()),
        };
        table.set_info(InfoKey::Referee, "tracked game on a physical board");
        // The game is the entry's: its autosave replaces the sealed formations.
        table.set_info(InfoKey::Id, &entered.id.0);
        table.set_info(InfoKey::Started, &entered.id.1);
        Ok(Tracked::seated(table, desks, bottom))
    }

    /// `game` (a tracked game resumed after a crash, or any hidden game) on a new table, from
    /// where it stands.
    ///
    /// # Panics
    /// Never in practice: a desk's seat starts and begins without failing.
    pub fn new(game: Game, bottom: Seat) -> Tracked {
        let (desks, seats) = desks(game.board());
        let table = Table::resume(game, seats, &[], Limits::default())
            .expect("a desk's seat starts and begins without failing");
        Tracked::seated(table, desks, bottom)
    }

    fn seated(mut table: Table, desks: Vec<Desk>, bottom: Seat) -> Tracked {
        if info_value(table.game().record(), InfoKey::Id).is_none() {
            let (id, started) = super::judge::new_identity();
            table.set_info(InfoKey::Id, &id);
            table.set_info(InfoKey::Started, &started);
        }
        let resigned = Arc::new(Mutex::new(Vec::new()));
        let source = resigned.clone();
        table.resignations(Box::new(move || {
            std::mem::take(&mut *source.lock().unwrap_or_else(|e| e.into_inner()))
        }));
        // A two-player bottom side on a four-player board: South sits at the bottom.
        let seats = table.game().board().seats;
        let bottom = if seats.contains(&bottom) {
            bottom
        } else {
            seats[0]
        };
        let mut tracked = Tracked {
            heard: crate::app::sound::Heard::of(table.game()),
            table,
            desks,
            resigned,
            selected: None,
            message: None,
            undo_consent: None,
            bottom,
        };
        tracked.poll();
        tracked
    }

    /// The game as the table keeps it.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// The sound of what the game did since the last call (its public reports only).
    pub fn take_sound(&mut self) -> Option<crate::app::sound::Sound> {
        self.heard.take(self.table.game())
    }

    /// The side to move (Red, or South, once the game is over).
    pub fn mover(&self) -> Seat {
        self.game()
            .position()
            .side_to_move()
            .unwrap_or(self.game().board().seats[0])
    }

    /// The seats at the table.
    pub fn seats(&self) -> &'static [Seat] {
        self.game().board().seats
    }

    /// The seat index of `side` at the table.
    fn index(&self, side: Seat) -> Option<usize> {
        self.seats().iter().position(|&s| s == side)
    }

    /// Whether `seat` is out (four players).
    pub fn is_out(&self, seat: Seat) -> bool {
        self.game().position().out().contains(seat)
    }

    /// Let the table take what the desks hold, until it waits for a person (with `agree_draw`,
    /// every player asked about the draw offer says yes: the players agreed at the board).
    /// Returns why the mover's turn was refused, if it was.
    fn poll(&mut self) -> Option<IllegalTurn> {
        self.poll_agreeing(false)
    }

    fn poll_agreeing(&mut self, agree_draw: bool) -> Option<IllegalTurn> {
        for _ in 0..POLLS_PER_COMMAND {
            if self.game().status().is_over() {
                break;
            }
            match self.table.poll() {
                Polled::Waiting(j) => {
                    let desk = &self.desks[j];
                    let asked_draw = matches!(desk.asked(), Some(Asked::Draw { .. }));
                    if !(agree_draw && asked_draw && desk.answer(true).is_ok()) {
                        break;
                    }
                }
                Polled::Again | Polled::Moved => {}
                Polled::Over(_) => break,
            }
        }
        let mut refused = None;
        for desk in &self.desks {
            for told in desk.take_told() {
                if let Told::Refused(_, why) = told {
                    refused = Some(why);
                }
            }
        }
        refused
    }

    /// Carry out a command of the screen. One that does not fit the moment (a move after the end,
    /// an undo nobody asked for …) changes nothing.
    pub fn apply(&mut self, cmd: TrackedCmd) {
        let over = self.game().status().is_over();
        match cmd {
            TrackedCmd::Click(n) => self.click(n),
            TrackedCmd::Drop(from, to) => {
                if !over {
                    self.selected = Some(from);
                    self.click(to);
                }
            }
            TrackedCmd::AskUndo => {
                if !self.game().record().actions.is_empty() && self.undo_consent.is_none() {
                    self.undo_consent = Some([false; 4]);
                }
            }
            TrackedCmd::Undo(answer) => match (answer, &mut self.undo_consent) {
                (Consent::Confirm, Some(agreed)) => {
                    let seats = self.table.game().board().seats;
                    if seats.iter().all(|s| agreed[s.index()]) {
                        self.undo_consent = None;
                        self.undo_agreed();
                    }
                }
                (_, None) => {}
                (Consent::Agree(side, yes), Some(agreed)) => agreed[side.index()] = yes,
                (Consent::Cancel, Some(_)) => self.undo_consent = None,
            },
            TrackedCmd::Resign(side) => {
                if !over {
                    // Any player, in turn or not: the table takes it at once.
                    if let Some(k) = self.index(side) {
                        self.resigned
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(k);
                        self.poll();
                    }
                    self.selected = None;
                }
            }
            TrackedCmd::AgreedDraw => {
                // Every player still in agreed (RULES.md 9.7): the mover offers, the others accept.
                let mover = self.index(self.mover());
                if !over
                    && let Some(k) = mover
                    && self.desks[k].reply(Reply::OfferDraw).is_ok()
                {
                    self.poll_agreeing(true);
                    if self.game().status().is_over() {
                        self.selected = None;
                    }
                }
            }
        }
    }

    /// A click on a node of the board.
    fn click(&mut self, n: NodeId) {
        if self.game().status().is_over() {
            return;
        }
        let mover = self.mover();
        let own = self
            .game()
            .position()
            .at(n)
            .is_some_and(|p| p.side() == mover);
        match self.selected {
            Some(from) if from == n => self.selected = None,
            Some(_) if own => self.selected = Some(n),
            Some(from) => {
                let turn = Turn::Move { from, to: n };
                // What the mover's own view refuses is said here; the table would count it a
                // seat's illegal turn. What only the truth refuses (an attack a flag rule
                // refuses) the table answers, public and recorded (`Action::Refused`).
                let game = self.game();
                let view = game.view(Viewer::Side(mover));
                if let Err(e) = view.check_turn(game.rules(), turn) {
                    self.message = Some(e);
                    return;
                }
                let Some(k) = self.index(mover) else {
                    return;
                };
                if self.desks[k].reply(Reply::Turn(turn)).is_err() {
                    return;
                }
                match self.poll() {
                    Some(e) => self.message = Some(e),
                    None => {
                        self.selected = None;
                        self.message = None;
                    }
                }
            }
            None if own => {
                self.selected = Some(n);
                self.message = None;
            }
            None => {
                // An empty node or an enemy piece: say why it cannot be moved (names no rank).
                let why = self
                    .game()
                    .position()
                    .check_turn(self.game().rules(), Turn::Move { from: n, to: n });
                self.message = why.err();
            }
        }
    }

    /// Undo the last action, which every player agreed to. During the game it is a takeback of
    /// it by the last mover (kept in the record as `Action::Takeback`): its turn, or a
    /// resignation or a refused attack after it. After the end — which
    /// showed every formation — the players may still agree to reopen the game (a resignation by
    /// a slip of the hand): the ending action goes, and the reveal is recorded.
    fn undo_agreed(&mut self) {
        let everyone: Vec<usize> = (0..self.seats().len()).collect();
        if self.game().status().is_over() {
            if let Ok(back) = self.table.reopen_agreed(&everyone) {
                let ply = self.game().plies().len();
                let status = back.status;
                add_note(&mut self.table, TrackedNote::Reopened { ply, status });
                if let Some(Action::Turn(turn)) = back.actions.last() {
                    let turn = turn.clone();
                    add_note(&mut self.table, TrackedNote::TakenBack { ply, turn });
                }
            }
        } else {
            // The side that made the last move asks; the others agreed too. (After a lost turn
            // with four players nobody can be named: nothing is taken back.)
            let by = self
                .game()
                .plies()
                .last()
                .and_then(|p| p.report.as_ref())
                .and_then(|r| r.mover.side())
                .or_else(|| self.mover().opponent());
            if let Some(k) = by.and_then(|s| self.index(s))
                && let Ok(back) = self.table.take_back_agreed(k, 1, &everyone)
                && let Some(Action::Turn(turn)) = back.actions.first()
            {
                let turn = turn.clone();
                let ply = self.game().plies().len();
                add_note(&mut self.table, TrackedNote::TakenBack { ply, turn });
            }
        }
        self.poll();
        self.selected = None;
        self.message = None;
    }

    /// Pieces `side` has lost.
    pub fn lost_total(&self, side: Seat) -> usize {
        self.game()
            .plies()
            .iter()
            .flat_map(|p| p.effects.removed.iter())
            .filter(|(_, p)| p.side() == side)
            .count()
    }

    /// The public announcements, one per turn, and the record's notes where they happened; newest
    /// last.
    pub fn announcements(&self, lang: Lang) -> Vec<(Seat, String)> {
        let board = self.game().board();
        let notes = tracked_notes(self.game());
        let stop = if lang == Lang::Zh { "。" } else { ". " };
        let colon = if lang == Lang::Zh { "：" } else { ": " };
        let note_line = |note: &TrackedNote| (Seat::Red, note_text(note, lang));
        let mut out = Vec::new();
        // Attacks refused by a flag rule are announced too, where they happened.
        let refused = |after: usize, out: &mut Vec<(Seat, String)>| {
            for r in self.game().refusals().iter().filter(|r| r.after == after) {
                if let IllegalTurn::FlagAttackRefused { by, .. } = r.said {
                    out.push((by, public_reason(lang, &r.said)));
                }
            }
        };
        let plies = self.game().plies();
        for i in 0..=plies.len() {
            out.extend(notes.iter().filter(|n| n.ply() == i).map(note_line));
            refused(i, &mut out);
            if i == 0 {
                // Four players: a player who resigned before the first turn.
                for (seat, why) in self.game().position_at(0).out().iter() {
                    out.push((seat, out_said(seat, why.end_reason()).get(lang).to_string()));
                }
            }
            let Some(ply) = plies.get(i) else {
                continue;
            };
            let (Some(turn), Some(report)) = (ply.turn, &ply.report) else {
                continue;
            };
            let side = report.mover.side().unwrap_or(Seat::Red);
            let mut line = fill(
                lang.t(&i18n::REF_MOVE_LINE),
                &[
                    ("n", &(i + 1).to_string()),
                    ("side", lang.side(side)),
                    ("mv", &turn.notation(board)),
                ],
            );
            if let Some(o) = report.clash {
                line.push_str(colon);
                line.push_str(lang.t(outcome_text(o)));
            }
            for (s, _) in report.flags_revealed() {
                line.push_str(stop);
                line.push_str(&fill(
                    lang.t(&i18n::REF_SHOW_FLAG),
                    &[("side", lang.side(s))],
                ));
            }
            out.push((side, line));
            // Four players: who went out with this turn, and why.
            let before = self.game().position_at(i).out();
            for (seat, why) in self.game().position_at(i + 1).out().iter() {
                if !before.contains(seat) {
                    out.push((seat, out_said(seat, why.end_reason()).get(lang).to_string()));
                }
            }
        }
        // Notes past the last turn (a note on a turn later taken back).
        out.extend(
            notes
                .iter()
                .filter(|n| n.ply() > plies.len())
                .map(note_line),
        );
        out
    }
}
