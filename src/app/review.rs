//! The game review (复盘分析) in the window: a finished game judged turn by turn by the computer
//! (`ai::review`, every turn from its mover's own view at that turn), shown in the replay viewer.
//!
//! The review runs on its own thread (`Worker`), with its progress and a Cancel; the window polls it
//! before each frame and stays responsive. A finished review is kept in the game's record (the
//! `review` info, `ai::review::cache_text`) and written to the record's file, so the next review of
//! the same record is read back (on the worker's thread too: the mistakes' reasons are worked out
//! again from the record, turn by turn, with the same progress) instead of made again; a kept review made by another version of the program, at
//! another level or with another budget is not read: the game is reviewed again.
//!
//! On screen: the evaluation graph (`review_graph`: per side, per team with four players, over a
//! turn axis and an advantage axis in pieces' worth), clickable and draggable to go to a turn, the
//! mistakes marked `?` and `??` on it and in the move list (each mark with an accessible label),
//! folded away in a small window; the better turn as an arrow on the board at a marked turn, and the belief map:
//! for the side whose view is shown, what it could infer then of each enemy piece
//! (`ai::review::belief_map`, from that side's views and the public reports only), with the true
//! piece beside it — shown only once the game is over, through the gate (`Game::free_sight`).
//!
//! Drawing changes nothing: it returns `ReviewCmd`s, carried out by `Review::apply`.

use super::board::{self, BoardInput};
use crate::ai::Level;
pub use crate::ai::review::Mark;
use crate::ai::review::{self, PieceBelief, ReviewOptions, TurnReview};
use crate::engine::{Game, InfoKey, Piece, Seat, Seen, Turn, Viewer};
use crate::i18n::{Lang, fill, review as words};
use egui::{Color32, FontId, Rect, Stroke, pos2, vec2};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread::JoinHandle;

/// Something the review asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCmd {
    /// Review the game (or read back the review its record keeps).
    Start,
    /// Stop the review running.
    Cancel,
    /// The level the next review is made at (its node budget: `ai::review::default_nodes`).
    Level(Level),
    /// Show or hide the belief map.
    ToggleBelief,
    /// Show or hide the evaluation graph, in a window that has room for it (`fits`) or not
    /// (`Fold`).
    ToggleGraph { fits: bool },
}

/// A worker's result: the judged turns and whether they were read back from the record's kept
/// review (not worked out again), or why the review failed.
type Outcome = Result<(Vec<TurnReview>, bool), String>;

/// A review running on its own thread.
pub struct Worker {
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: usize,
    rx: Receiver<Outcome>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// Review `game` on a thread of its own: first the review its record keeps (`kept`), read
    /// back if it is this version's at this level and budget (its reasons worked out again turn
    /// by turn), else the game reviewed anew. Both count their turns in `progress`.
    fn start(game: Game, opts: ReviewOptions, kept: Option<String>) -> Worker {
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let total = game.plies().len();
        let (tx, rx) = channel();
        let (c, d) = (cancel.clone(), done.clone());
        let handle = std::thread::Builder::new()
            .name("junqi-review".into())
            .spawn(move || {
                let read = kept.and_then(|text| {
                    let mut counted = |n: usize| d.store(n, Ordering::Relaxed);
                    review::from_cache_with(&game, &text, opts.level, opts.nodes, &mut counted)
                });
                let out = match read {
                    Some(v) => Ok((v, true)),
                    None => {
                        d.store(0, Ordering::Relaxed);
                        let mut progress = |n: usize, _total: usize| d.store(n, Ordering::Relaxed);
                        review::review_game(&game, &opts, &mut progress, &c)
                            .map(|v| (v, false))
                            .map_err(|e| e.to_string())
                    }
                };
                // The receiver may be gone (the replay closed): nothing to do then.
                let _ = tx.send(out);
            })
            .expect("the system can start a thread");
        Worker {
            cancel,
            done,
            total,
            rx,
            handle: Some(handle),
        }
    }

    /// Turns reviewed so far, and the record's turns.
    pub fn progress(&self) -> (usize, usize) {
        (self.done.load(Ordering::Relaxed), self.total)
    }
}

impl Drop for Worker {
    /// A review dropped while running is cancelled; its thread ends within a turn's search.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        drop(self.handle.take());
    }
}

/// The window height (in points) from which the graph shows by itself: below it the board
/// needs the room, and the graph folds to its toggle.
pub const GRAPH_ROOM: f32 = 600.0;

/// Whether the graph shows: wanted (unless folded by hand) where the window has room for it,
/// opened from its toggle (`peek`) where it has not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    pub wanted: bool,
    pub peek: bool,
}

impl Default for Fold {
    fn default() -> Self {
        Fold {
            wanted: true,
            peek: false,
        }
    }
}

impl Fold {
    /// Whether the window of `height` points has room for the graph.
    pub fn fits(height: f32) -> bool {
        height >= GRAPH_ROOM
    }

    /// Whether the graph shows in a window of `height` points.
    pub fn shown(&self, height: f32) -> bool {
        if Fold::fits(height) {
            self.wanted
        } else {
            self.peek
        }
    }

    /// Show or hide the graph, in a window that has room for it (`fits`) or not.
    pub fn toggle(&mut self, fits: bool) {
        if fits {
            self.wanted = !self.wanted;
        } else {
            self.peek = !self.peek;
        }
    }
}

/// Where the review stands.
pub enum State {
    /// Not asked for yet.
    Idle,
    Running(Worker),
    Cancelled,
    Failed(String),
    Done(Vec<TurnReview>),
}

/// The review of the replay's game.
pub struct Review {
    pub level: Level,
    /// Search nodes per turn; the level's review budget unless set otherwise.
    pub nodes: u64,
    pub state: State,
    /// The belief map is shown.
    pub belief: bool,
    /// The belief map last worked out: for which turn and side, and its pieces.
    beliefs: Option<((usize, Seat), Vec<PieceBelief>)>,
    /// The review could not be written into the record's file (why).
    pub not_kept: Option<String>,
    /// A review just made whose record text the game in play (when it is the same game) has not
    /// taken yet (`take_fresh`).
    fresh: Option<String>,
    /// Whether the last review was read back from the record (not worked out again).
    pub from_record: bool,
    /// Whether the evaluation graph shows (it folds by itself in a small window).
    pub graph: Fold,
}

impl Review {
    pub fn new(game: &Game) -> Review {
        let level = Level::Normal;
        Review {
            level,
            nodes: review::default_nodes(level, game.board().is_four()),
            state: State::Idle,
            belief: false,
            beliefs: None,
            not_kept: None,
            fresh: None,
            from_record: false,
            graph: Default::default(),
        }
    }

    /// The judged turns, once the review is done.
    pub fn done(&self) -> Option<&[TurnReview]> {
        match &self.state {
            State::Done(v) => Some(v),
            _ => None,
        }
    }

    pub fn is_running(&self) -> bool {
        matches!(self.state, State::Running(_))
    }

    /// Whether `game` may be reviewed: a finished game (what its players did not see is open
    /// then, and the review judges both sides).
    pub fn allowed(game: &Game) -> bool {
        game.status().is_over()
    }

    pub fn apply(&mut self, cmd: ReviewCmd, game: &Game) {
        match cmd {
            ReviewCmd::Start => self.start(game),
            ReviewCmd::Cancel => {
                if self.is_running() {
                    // Dropping the worker cancels it.
                    self.state = State::Cancelled;
                }
            }
            ReviewCmd::Level(level) => {
                if !self.is_running() {
                    self.level = level;
                    self.nodes = review::default_nodes(level, game.board().is_four());
                }
            }
            ReviewCmd::ToggleBelief => self.belief = !self.belief && Review::allowed(game),
            ReviewCmd::ToggleGraph { fits } => self.graph.toggle(fits),
        }
    }

    /// Start the worker: it reads back the review the record keeps, if it is this version's at
    /// this level and budget, else reviews the game (both off the window's thread).
    fn start(&mut self, game: &Game) {
        if self.is_running() || !Review::allowed(game) {
            return;
        }
        let kept = super::records::info_value(game.record(), InfoKey::Review).map(str::to_string);
        self.not_kept = None;
        self.from_record = false;
        let opts = ReviewOptions {
            level: self.level,
            nodes: self.nodes,
            only: None,
        };
        self.state = State::Running(Worker::start(game.clone(), opts, kept));
    }

    /// Before each frame: take a finished review (kept in `game`'s record and written to `path`
    /// when the replay has a file), and work out the belief map for turn `ply` as `side` saw it
    /// when it is shown. Returns in how many seconds to look again (while the review runs).
    pub fn tick(
        &mut self,
        game: &mut Game,
        path: Option<&Path>,
        ply: usize,
        side: Seat,
    ) -> Option<f64> {
        if self.belief {
            let key = (ply, side);
            if self.beliefs.as_ref().is_none_or(|(k, _)| *k != key) {
                self.beliefs = Some((key, review::belief_map(game, side, ply)));
            }
        }
        let State::Running(w) = &mut self.state else {
            return None;
        };
        let outcome = match w.rx.try_recv() {
            Ok(out) => out,
            Err(TryRecvError::Empty) => return Some(0.1),
            Err(TryRecvError::Disconnected) => Err("the review stopped".into()),
        };
        if let Some(h) = w.handle.take() {
            let _ = h.join();
        }
        self.state = match outcome {
            Ok((v, true)) => {
                // Read back from the record: nothing new to keep.
                self.from_record = true;
                State::Done(v)
            }
            Ok((v, false)) => {
                let text = review::cache_text(game, self.level, self.nodes, &v);
                game.set_info(InfoKey::Review, &text);
                if let Some(path) = path
                    && let Err(e) = crate::fsutil::atomic_write(path, game.to_ron().as_bytes())
                {
                    self.not_kept = Some(e.to_string());
                }
                self.fresh = Some(text);
                State::Done(v)
            }
            Err(why) => State::Failed(why),
        };
        None
    }

    /// The record text of a review just made, once (for the game in play when it is the same).
    pub fn take_fresh(&mut self) -> Option<String> {
        self.fresh.take()
    }

    /// The belief map worked out for `ply` and `side`, if shown.
    pub fn beliefs(&self, ply: usize, side: Seat) -> Option<&[PieceBelief]> {
        match (&self.beliefs, self.belief) {
            (Some((k, v)), true) if *k == (ply, side) => Some(v),
            _ => None,
        }
    }

    /// The review of turn `ply` (1 = the first), if judged.
    pub fn turn(&self, ply: usize) -> Option<&TurnReview> {
        self.done()?.iter().find(|r| r.ply == ply)
    }

    /// The mark of turn `ply` (`Mark::None` when unreviewed).
    pub fn mark(&self, ply: usize) -> Mark {
        self.turn(ply).map_or(Mark::None, |r| r.mark())
    }
}

/// The accessible label (and hover text) of a marked turn (`commentary::mark_label`).
pub fn mark_label(game: &Game, r: &TurnReview, lang: Lang) -> Option<String> {
    crate::commentary::mark_label(game, r, lang)
}

/// The review's line of controls: the Review button and level, the progress and Cancel, the
/// outcome, the graph's toggle (once the review is done), the belief map's switch.
pub fn controls(ui: &mut egui::Ui, rv: &Review, game: &Game, lang: Lang, out: &mut Vec<ReviewCmd>) {
    if !Review::allowed(game) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        match &rv.state {
            State::Running(w) => {
                let (n, max) = w.progress();
                ui.add(egui::Spinner::new());
                ui.label(fill(
                    lang.t(&words::REVIEW_RUNNING),
                    &[("n", &n.to_string()), ("max", &max.to_string())],
                ));
                ui.add(egui::ProgressBar::new(n as f32 / max.max(1) as f32).desired_width(160.0));
                if ui.button(lang.t(&words::REVIEW_CANCEL)).clicked() {
                    out.push(ReviewCmd::Cancel);
                }
            }
            _ => {
                if ui
                    .button(lang.t(&words::REVIEW))
                    .on_hover_text(lang.t(&words::REVIEW_TIP))
                    .clicked()
                {
                    out.push(ReviewCmd::Start);
                }
                // In a low window the level's name is its hover text, so the line stays one line.
                let low = !Fold::fits(ui.ctx().content_rect().height());
                let combo = if low {
                    egui::ComboBox::from_id_salt("review-level")
                } else {
                    egui::ComboBox::from_label(lang.t(&words::REVIEW_LEVEL))
                };
                let shown = combo
                    .selected_text(lang.t(super::computer::level_text(rv.level)))
                    .show_ui(ui, |ui| {
                        for l in [Level::Easy, Level::Normal, Level::Hard] {
                            let text = lang.t(super::computer::level_text(l));
                            if ui.selectable_label(rv.level == l, text).clicked() {
                                out.push(ReviewCmd::Level(l));
                            }
                        }
                    });
                if low {
                    shown.response.on_hover_text(lang.t(&words::REVIEW_LEVEL));
                }
            }
        }
        match &rv.state {
            State::Cancelled => {
                ui.weak(lang.t(&words::REVIEW_CANCELLED));
            }
            State::Failed(why) => {
                ui.colored_label(
                    Color32::from_rgb(0xb0, 0x20, 0x10),
                    fill(lang.t(&words::REVIEW_FAILED), &[("why", why)]),
                );
            }
            State::Done(v) => {
                let count = |m: Mark| v.iter().filter(|r| r.mark() == m).count();
                let counts = [
                    ("n", v.len().to_string()),
                    ("q", count(Mark::Dubious).to_string()),
                    ("qq", count(Mark::Blunder).to_string()),
                ];
                let counts: Vec<(&str, &str)> =
                    counts.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let whole = fill(lang.t(&words::REVIEW_DONE), &counts);
                // In a low window the marks' counts alone, the whole on hover: one line.
                if Fold::fits(ui.ctx().content_rect().height()) {
                    ui.label(whole);
                } else {
                    ui.label(fill(lang.t(&words::REVIEW_DONE_SHORT), &counts))
                        .on_hover_text(whole);
                }
            }
            _ => {}
        }
        if let Some(why) = &rv.not_kept {
            ui.weak(fill(lang.t(&words::REVIEW_NOT_KEPT), &[("why", why)]));
        }
        if rv.done().is_some() {
            ui.separator();
            let height = ui.ctx().content_rect().height();
            if ui
                .selectable_label(rv.graph.shown(height), lang.t(&words::GRAPH_TOGGLE))
                .on_hover_text(lang.t(&words::GRAPH_TOGGLE_TIP))
                .clicked()
            {
                out.push(ReviewCmd::ToggleGraph {
                    fits: Fold::fits(height),
                });
            }
        }
        if game.rules().mode == crate::engine::Mode::Hidden {
            ui.separator();
            if ui
                .selectable_label(rv.belief, lang.t(&words::BELIEF_MAP))
                .on_hover_text(lang.t(&words::BELIEF_MAP_TIP))
                .clicked()
            {
                out.push(ReviewCmd::ToggleBelief);
            }
        }
    });
}

/// What the review says of turn `ply` (the turn just shown), one line (`commentary::turn_line`:
/// with the mark and its reason at a marked turn).
pub fn turn_line(rv: &Review, game: &Game, ply: usize, lang: Lang) -> Option<(String, Mark)> {
    let r = rv.turn(ply)?;
    Some((crate::commentary::turn_line(game, r, lang), r.mark()))
}

/// The review's line above the board at turn `ply` (after a separator): the mover's turn in
/// words, strong at a marked turn; wrapped in the width left, or in a window too low for the
/// graph (where the board needs every line) on one line cut short, the whole of it on hover.
pub fn turn_header(ui: &mut egui::Ui, rv: &Review, game: &Game, ply: usize, lang: Lang) {
    let Some((text, mark)) = turn_line(rv, game, ply, lang) else {
        return;
    };
    ui.separator();
    let rich = match mark {
        Mark::None => egui::RichText::new(text.clone()),
        _ => egui::RichText::new(text.clone()).strong(),
    };
    if Fold::fits(ui.ctx().content_rect().height()) {
        ui.add(egui::Label::new(rich).wrap());
    } else {
        ui.add(egui::Label::new(rich).truncate())
            .on_hover_text(text);
    }
}

/// At a marked turn, the better turn as an arrow over the board (green, beside the played turn's
/// mark): from its square's edge to the target's edge, so no piece's label is covered; a flip as
/// a ring. Returns its accessible text.
pub fn arrow(
    ui: &egui::Ui,
    input: &BoardInput,
    rv: &Review,
    game: &Game,
    ply: usize,
    lang: Lang,
) -> Option<String> {
    let r = rv.turn(ply)?;
    let j = r.judged?;
    if r.mark() == Mark::None || Some(j.best) == r.turn || j.after >= j.before {
        return None;
    }
    let painter = ui.painter();
    let colour = Color32::from_rgba_unmultiplied(0x10, 0xa0, 0x30, 220);
    let stroke = Stroke::new((input.scale * 0.06).max(2.5), colour);
    let at = |n: crate::engine::NodeId| input.centres.get(n as usize).copied();
    match j.best {
        Turn::Move { from, to } => {
            let (a, b) = (at(from)?, at(to)?);
            let d = b - a;
            let len = d.length();
            if len < 1.0 {
                return None;
            }
            let u = d / len;
            // From edge to edge; between near squares a shorter gap, so the arrow still shows.
            let edge = (input.tile.y * 0.55).min(len * 0.3);
            let (a, b) = (a + u * edge, b - u * edge);
            painter.line_segment([a, b], stroke);
            let side = vec2(-u.y, u.x) * input.tile.y * 0.22;
            let back = b - u * input.tile.y * 0.35;
            painter.add(egui::Shape::convex_polygon(
                vec![b, back + side, back - side],
                colour,
                Stroke::NONE,
            ));
        }
        Turn::Flip(n) => {
            painter.circle_stroke(at(n)?, input.tile.y * 0.75, stroke);
        }
    }
    let best = j.best.notation(game.board());
    let text = match crate::commentary::better_text(r, lang) {
        Some(why) => fill(
            lang.t(&words::REVIEW_ARROW_WHY),
            &[("best", &best), ("why", &why)],
        ),
        None => fill(lang.t(&words::REVIEW_ARROW), &[("best", &best)]),
    };
    Some(text)
}

/// The size of the belief map's labels on a board of tiles `tile` high: at least 12 points, so
/// that they stay readable in the smallest window.
pub fn belief_label_size(tile: f32) -> f32 {
    (tile * 0.3).max(12.0)
}

/// The belief map on the board: under each enemy piece the belief tracks, that rank's short name
/// and its share (a tick-green name when certain) on a light plate as wide as the text, with a
/// bar along its top (its length the likeliest rank's share). It sits at the tile's lower edge,
/// below the piece's own label.
pub fn belief_overlay(ui: &egui::Ui, input: &BoardInput, beliefs: &[PieceBelief], lang: Lang) {
    let painter = ui.painter();
    let size = belief_label_size(input.tile.y);
    let ink = Color32::from_rgb(0x20, 0x20, 0x20);
    for b in beliefs {
        let Some(&c) = input.centres.get(b.node as usize) else {
            continue;
        };
        let (rank, share) = b.likeliest();
        let name = match lang {
            Lang::Zh => rank.zh(),
            Lang::En => board::short_en(rank),
        };
        let font = FontId::proportional(size);
        let mut galley = painter.layout_no_wrap(name.to_string(), font.clone(), ink);
        if !b.certain {
            // The share too, when there is room for it beside the name (the bar shows it anyway).
            let full = painter.layout_no_wrap(format!("{name} {share}%"), font, ink);
            if full.size().x <= input.tile.x * 1.4 {
                galley = full;
            }
        }
        let bar_h = (size * 0.2).max(2.0);
        let w = galley.size().x.max(input.tile.x * 0.9) + 4.0;
        let h = galley.size().y + bar_h;
        let r = Rect::from_min_size(
            pos2(c.x - w / 2.0, c.y + input.tile.y * 0.5 - h * 0.45),
            vec2(w, h),
        );
        painter.rect_filled(r, 2.0, Color32::from_rgba_unmultiplied(255, 255, 240, 235));
        let colour = if b.certain {
            Color32::from_rgb(0x10, 0x80, 0x30)
        } else {
            Color32::from_rgb(0x30, 0x60, 0xc0)
        };
        let bar = Rect::from_min_size(r.min, vec2(w * share as f32 / 100.0, bar_h));
        painter.rect_filled(bar, 1.0, colour);
        let at = pos2(r.center().x - galley.size().x / 2.0, r.top() + bar_h);
        painter.galley(at, galley, ink);
    }
}

/// The belief map as a list: each enemy piece's likely ranks (or "certainly"), and, the game being
/// over, the true piece beside it (through the gate's end reveal).
pub fn belief_list(
    ui: &mut egui::Ui,
    game: &Game,
    ply: usize,
    side: Seat,
    beliefs: &[PieceBelief],
    lang: Lang,
) {
    ui.label(
        egui::RichText::new(fill(
            lang.t(&words::BELIEF_FOR),
            &[("side", lang.side(side))],
        ))
        .strong(),
    );
    if beliefs.is_empty() {
        ui.weak(lang.t(&words::BELIEF_NONE));
        return;
    }
    let truth = game
        .free_sight(Viewer::Referee, None)
        .map(|s| game.sight_view(s, ply));
    let board = game.board();
    for b in beliefs {
        let node = board.name(b.node);
        let mut text = if b.certain {
            fill(
                lang.t(&words::BELIEF_CERTAIN),
                &[("node", node), ("rank", lang.rank(b.likeliest().0))],
            )
        } else {
            let ranks = b
                .ranked()
                .into_iter()
                .take(3)
                .map(|(r, o)| format!("{} {o}%", lang.rank(r)))
                .collect::<Vec<_>>()
                .join(", ");
            fill(
                lang.t(&words::BELIEF_PIECE),
                &[("node", node), ("ranks", &ranks)],
            )
        };
        if let Some(Seen::Known(p)) = truth.as_ref().map(|v| v.at(b.node)) {
            text.push(' ');
            text.push_str(&fill(
                lang.t(&words::BELIEF_TRUE),
                &[("rank", lang.rank(Piece::rank(p)))],
            ));
        }
        ui.label(text);
    }
}

/// The side whose belief map is shown: the replay's viewpoint, or with the referee's the board's
/// first seat.
pub fn belief_side(game: &Game, viewer: Viewer) -> Seat {
    match viewer {
        Viewer::Side(s) => s,
        Viewer::Referee => game.board().seats[0],
    }
}
