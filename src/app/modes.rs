//! Hidden (暗棋) and flip (翻棋) play on one screen: the hand-over curtain, what the player looking
//! at the screen may know (board, trays, move list, event log, clash display), tags on enemy pieces,
//! the referee view behind a confirmation, flips with their turn-over animation, the flip-mode piece
//! count and the end-of-game summary. Everything a player sees comes from the engine's views and the
//! public turn reports; only the referee view and a finished game show the true position.

use super::board::{self, BoardInput, BoardWidget, Flash};
use super::i18n::{self, Lang, fill};
use super::settings::BoardOptions;
use super::{Command, Message, Play};
use crate::engine::game::Ply;
use crate::engine::{
    ClashOutcome, Disclosure, Game, Grant, Mode, Mover, NodeId, Piece, Rank, Seen, Side, Sight,
    Turn, TurnReport, View, Viewer,
};
use egui::{Color32, RichText, vec2};
use serde::{Deserialize, Serialize};

/// How long the turn-over animation of a flip lasts (seconds); input is never blocked.
pub(super) const FLIP_SECONDS: f32 = 0.35;

/// The guesses offered when tagging an enemy piece (UX.md "Hidden games").
pub const TAG_CHOICES: [&str; 13] = [
    "40", "39", "38", "37", "36", "35", "34", "33", "工", "炸", "雷", "旗", "小",
];

/// Persisted options of hidden and flip play.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct ModeOptions {
    /// Cover the board between turns of a hidden game (off when one side is the computer).
    pub curtain: bool,
    /// A flip needs a second click on the same piece.
    pub confirm_flip: bool,
    /// Against the computer, a hidden or flip game allows takebacks (each one is kept in the
    /// record and counted).
    pub takebacks_vs_computer: bool,
}

impl Default for ModeOptions {
    fn default() -> Self {
        ModeOptions {
            curtain: true,
            confirm_flip: false,
            takebacks_vs_computer: false,
        }
    }
}

/// The per-game state of hidden and flip play.
#[derive(Default, Debug)]
pub struct ModeState {
    /// Copied from the settings every frame.
    pub opts: ModeOptions,
    /// The player to move has lifted the hand-over curtain for this turn.
    pub lifted: bool,
    /// The referee view is on (the true position is shown): the gate's grant.
    pub referee: Option<Sight>,
    /// The curtain was switched off during a hidden game between people: the gate's grant.
    pub curtain_off: Option<Sight>,
    /// The curtain setting was unticked and waits for the confirmation.
    pub confirm_curtain: bool,
    /// A takeback asked by this side, waiting for the other player's answer.
    pub takeback_asked: Option<Side>,
    /// The confirmation before the referee view is showing.
    pub confirm_referee: bool,
    /// The tag menu is open on this enemy piece, at this screen position.
    pub tag_menu: Option<(NodeId, egui::Pos2)>,
    /// A flip being animated: the node and the seconds left.
    pub flipping: Option<(NodeId, f32)>,
    /// A face-down piece clicked once (when flips need a second click).
    pub pending_flip: Option<NodeId>,
}

/// Who is looking at the screen, for what the interface may show.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Looker {
    /// Everything public is everything: open and flip modes, the referee view, a finished game.
    /// The sight comes from the gate (`Game::disclose` / `Game::free_sight`).
    All(Sight),
    /// The player to move in a hidden game (the curtain is lifted or switched off).
    Side(Side),
    /// Nobody in particular: the curtain is down, only what both players know is shown.
    Nobody,
}

impl Play {
    fn mode(&self) -> Mode {
        self.game.rules().mode
    }

    /// A hidden game between two people on one screen, still in progress: the hand-over curtain
    /// guards it.
    pub fn hidden_hotseat(&self) -> bool {
        self.mode() == Mode::Hidden && !self.computer.any() && !self.game.status().is_over()
    }

    /// Whether the hand-over curtain covers the board now.
    pub fn curtain_up(&self) -> bool {
        self.hidden_hotseat()
            && (self.modes.opts.curtain || self.modes.curtain_off.is_none())
            && !self.modes.lifted
            && self.modes.referee.is_none()
    }

    /// Who is looking at the screen. Beyond a player's own pieces, every sight comes from the gate.
    pub fn looker(&self) -> Looker {
        if let Some(s) = self.modes.referee {
            return Looker::All(s);
        }
        if let Some(s) = self.game.free_sight(Viewer::Referee, None) {
            // Open mode, or a finished game.
            return Looker::All(s);
        }
        if self.mode() == Mode::Flip {
            // Flip mode: both players see the same, face-down pieces stay unknown.
            return Looker::All(self.game.own_sight(self.looking_side()));
        }
        if self.curtain_up() {
            Looker::Nobody
        } else {
            Looker::Side(self.looking_side())
        }
    }

    /// What the board shows: the referee view when granted, else the view of the player looking
    /// (the engine's view reveals everything once the game is over).
    pub fn board_view(&self) -> View {
        let sight = self
            .modes
            .referee
            .unwrap_or_else(|| self.game.own_sight(self.looking_side()));
        self.game.sight_now(sight)
    }

    /// The player asking for something through the gate: the one looking, if known.
    pub fn asking_side(&self) -> Option<Side> {
        match self.looker() {
            Looker::Side(s) => Some(s),
            _ if self.computer.any() => Some(self.looking_side()),
            _ => None,
        }
    }

    /// After a turn was played: clear the selection, lower the curtain, show the clash.
    pub(super) fn after_turn(&mut self) {
        self.redo.clear();
        self.selected = None;
        self.message = None;
        self.modes.lifted = false;
        self.modes.pending_flip = None;
        self.modes.tag_menu = None;
        self.flash = if self.curtain_up() {
            None
        } else {
            flash_for(&self.game, self.looker())
        };
    }

    /// Flip mode: a click on a face-down piece with nothing selected flips it (after a second click
    /// if that option is on). Returns whether the click was used.
    pub(super) fn flip_click(&mut self, n: NodeId) -> bool {
        if self.mode() != Mode::Flip {
            return false;
        }
        let face_down = self.board_view().at(n) == Seen::FaceDown;
        if !face_down || self.selected.is_some() {
            self.modes.pending_flip = None;
            return false;
        }
        if self.modes.opts.confirm_flip && self.modes.pending_flip != Some(n) {
            self.modes.pending_flip = Some(n);
            self.message = None;
            return true;
        }
        match self.game.play(Turn::Flip(n)) {
            Ok(_) => {
                self.after_turn();
                self.modes.flipping = Some((n, FLIP_SECONDS));
            }
            Err(e) => self.message = Some(Message::Illegal(e)),
        }
        true
    }

    /// The commands of this module.
    pub(super) fn mode_command(&mut self, cmd: Command) {
        match cmd {
            Command::LiftCurtain => {
                self.modes.lifted = true;
                self.flash = flash_for(&self.game, self.looker());
            }
            Command::AskRefereeView => self.modes.confirm_referee = true,
            Command::RefereeView(on) => {
                self.modes.confirm_referee = false;
                self.modes.referee = None;
                if on {
                    let by = self.asking_side();
                    if let Ok(Grant::Sight(s)) =
                        self.game.disclose(Disclosure::RefereeView, by, true)
                    {
                        self.modes.referee = Some(s);
                    }
                    self.modes.tag_menu = None;
                }
            }
            Command::CurtainOff(true) => {
                self.modes.confirm_curtain = false;
                if let Ok(Grant::Sight(s)) = self.game.disclose(Disclosure::CurtainOff, None, true)
                {
                    self.modes.curtain_off = Some(s);
                }
            }
            Command::CurtainOff(false) => self.modes.confirm_curtain = false,
            Command::TagMenu(n, pos) => self.modes.tag_menu = Some((n, pos)),
            Command::CloseTagMenu => self.modes.tag_menu = None,
            Command::SetTag(n, text) => {
                self.modes.tag_menu = None;
                if let Looker::Side(me) = self.looker()
                    && let Err(e) = self.game.set_tag(me, n, text.as_deref())
                {
                    self.message = Some(Message::Error(e));
                }
            }
            _ => {}
        }
    }
}

impl Play {
    /// Undo, by the rules of fairness: nothing after the end; open games against the computer
    /// undo as always; hidden and flip games against the computer only with the setting that
    /// allows takebacks (each one recorded); between two people on one screen the other player
    /// answers first.
    pub(super) fn undo_command(&mut self) {
        if self.game.status().is_over() {
            self.message = Some(Message::Note(i18n::NO_UNDO_AFTER_END));
            return;
        }
        if self.game.standing_actions().is_empty() {
            return;
        }
        if self.computer.any() {
            if self.mode() == Mode::Open {
                self.plain_undo();
            } else if self.modes.opts.takebacks_vs_computer {
                self.take_back(self.looking_side());
            } else {
                self.message = Some(Message::Note(i18n::TAKEBACKS_OFF));
            }
            return;
        }
        // The player who moved last asks; the player to move answers.
        self.modes.takeback_asked = Some(self.side_to_move().other());
    }

    /// The other player's answer to a takeback.
    pub(super) fn answer_takeback(&mut self, yes: bool) {
        let Some(asker) = self.modes.takeback_asked.take() else {
            return;
        };
        if !yes {
            self.message = Some(Message::Note(i18n::TAKEBACK_DECLINED));
            return;
        }
        if self.mode() == Mode::Open {
            self.plain_undo();
        } else {
            self.take_back(asker);
        }
    }

    /// Today's undo of open games: the last action goes onto the redo list.
    fn plain_undo(&mut self) {
        if let Some(a) = self.game.undo() {
            self.redo.push(a);
        }
        self.undo_to_human();
        self.after_change();
    }

    /// Hidden and flip games: a takeback through the gate, kept in the record. Against the
    /// computer it goes back to the human's turn.
    fn take_back(&mut self, by: Side) {
        let standing = self.game.standing_actions().len() as u32;
        let mut turns = 1;
        if self.computer.any() {
            while turns < standing {
                let mut probe = self.game.clone();
                let _ = probe.act(crate::engine::Action::Takeback { by, turns });
                if self.human_to_move(&probe) {
                    break;
                }
                turns += 1;
            }
        }
        let done = self
            .game
            .disclose(Disclosure::Takeback, Some(by), true)
            .map_err(|e| Message::Error(e.to_string()))
            .and_then(|grant| {
                self.game
                    .take_back(grant, by, turns)
                    .map_err(Message::Refused)
            });
        match done {
            Ok(()) => {
                self.redo.clear();
                self.computer.reset();
                self.after_change();
            }
            Err(m) => self.message = Some(m),
        }
    }

    /// Whether a human seat is to move in `game`.
    fn human_to_move(&self, game: &Game) -> bool {
        let seat = match game.position().mover() {
            Mover::Player(p) => usize::from(p == 2),
            Mover::Side(s) if game.rules().mode == Mode::Flip => {
                usize::from(game.player_colour(1) != Some(s))
            }
            Mover::Side(s) => s.index(),
        };
        self.computer.seats[seat] == super::computer::Seat::Human
    }
}

/// What `looker` knew of node `n` before ply `before` (0-based) was played.
fn seen_at(game: &Game, before: usize, looker: Looker, n: NodeId) -> Seen {
    let pos = game.position_at(before);
    let rules = game.rules();
    match looker {
        Looker::All(sight) => game.sight_view(sight, before).at(n),
        Looker::Side(s) => game.sight_view(game.own_sight(s), before).at(n),
        // Public: a piece is known only if its opponent knows it too.
        Looker::Nobody => match pos.view(rules, Viewer::Side(Side::Red)).at(n) {
            Seen::Known(p) if p.side() == Side::Red => {
                pos.view(rules, Viewer::Side(Side::Blue)).at(n)
            }
            other => other,
        },
    }
}

/// The clash of the last turn as `looker` may see it: unknown pieces as backs.
fn flash_for(game: &Game, looker: Looker) -> Option<Flash> {
    let i = game.plies().len().checked_sub(1)?;
    let ply = &game.plies()[i];
    let (Some(Turn::Move { from, to }), Some(report)) = (ply.turn, &ply.report) else {
        return None;
    };
    Some(Flash {
        at: to,
        attacker: seen_at(game, i, looker, from),
        defender: seen_at(game, i, looker, to),
        outcome: report.clash?,
        fade: super::FLASH_SECONDS,
    })
}

fn seen_name(seen: Seen, lang: Lang) -> &'static str {
    match seen {
        Seen::Known(p) => lang.rank(p.rank()),
        _ => "?",
    }
}

/// The move-list text of ply `i` for `looker`: in hidden mode, ranks only where the looker knew
/// them; flips name the piece turned up.
pub fn move_text_for(game: &Game, i: usize, ply: &Ply, lang: Lang, looker: Looker) -> String {
    let b = game.board();
    match (ply.turn, &ply.report) {
        (
            Some(Turn::Flip(n)),
            Some(TurnReport {
                flipped: Some((side, rank)),
                ..
            }),
        ) => fill(
            lang.t(&i18n::MV_FLIP),
            &[
                ("sq", b.name(n)),
                ("side", lang.side(*side)),
                ("rank", lang.rank(*rank)),
            ],
        ),
        (Some(Turn::Move { from, to }), Some(report))
            if game.rules().mode == Mode::Hidden
                && !matches!(looker, Looker::All(s) if s.viewer() == Viewer::Referee) =>
        {
            let mv = format!("{}-{}", b.name(from), b.name(to));
            let a = seen_at(game, i, looker, from);
            if report.clash.is_some() {
                let d = seen_at(game, i, looker, to);
                format!("{mv} {}×{}", seen_name(a, lang), seen_name(d, lang))
            } else if let Seen::Known(p) = a {
                format!("{mv} {}", lang.rank(p.rank()))
            } else {
                mv
            }
        }
        _ => super::move_text(game, ply, lang),
    }
}

/// Event-log lines of a flip: colours decided.
pub fn flip_events(report: &TurnReport, lang: Lang, out: &mut Vec<(Option<Side>, String)>) {
    if let Some((player, side)) = report.colours_decided {
        out.push((
            Some(side),
            fill(
                lang.t(&i18n::EV_COLOURS),
                &[
                    ("p", &player.to_string()),
                    ("side", lang.side(side)),
                    ("other", lang.side(side.other())),
                ],
            ),
        ));
    }
}

/// The pieces of `side` removed so far, as `looker` may know them.
fn removed_seen(game: &Game, looker: Looker, side: Side) -> Vec<Seen> {
    let mut out = Vec::new();
    for (i, ply) in game.plies().iter().enumerate() {
        if matches!(looker, Looker::All(_)) {
            out.extend(
                ply.effects
                    .removed
                    .iter()
                    .filter(|(_, p)| p.side() == side)
                    .map(|&(_, p)| Seen::Known(p)),
            );
            continue;
        }
        let (Some(Turn::Move { from, to }), Some(report)) = (ply.turn, &ply.report) else {
            continue;
        };
        let Some(outcome) = report.clash else {
            continue;
        };
        let a = seen_at(game, i, looker, from);
        let mut d = seen_at(game, i, looker, to);
        if outcome == ClashOutcome::MineDug
            && let Seen::Unknown(s) = d
        {
            // "Mine dug" tells everyone the defender was a mine.
            d = Seen::Known(Piece::new(s, Rank::Mine));
        }
        let gone: &[Seen] = match outcome {
            ClashOutcome::DefenderRemoved | ClashOutcome::MineDug | ClashOutcome::FlagTaken => &[d],
            ClashOutcome::AttackerRemoved => &[a],
            ClashOutcome::BothRemoved => &[a, d],
            ClashOutcome::Bounced => &[],
        };
        out.extend(gone.iter().copied().filter(|s| seen_side(*s) == Some(side)));
    }
    out
}

fn seen_side(s: Seen) -> Option<Side> {
    match s {
        Seen::Known(p) => Some(p.side()),
        Seen::Unknown(s) => Some(s),
        _ => None,
    }
}

/// Names for the tray of `side`'s removed pieces: "?" where the player looking may not know.
pub fn removed_names(play: &Play, side: Side, lang: Lang) -> Vec<&'static str> {
    removed_seen(&play.game, play.looker(), side)
        .into_iter()
        .map(|s| seen_name(s, lang))
        .collect()
}

/// The board is turned so that the player looking sits at the bottom in a hidden game.
pub fn bottom(play: &Play, default: Side) -> Side {
    match play.looker() {
        Looker::Side(s) if play.modes.opts.curtain || play.computer.any() => s,
        _ => default,
    }
}

/// The status-bar hint for hidden and flip play, if it differs from open play's.
pub fn hint(play: &Play, lang: Lang) -> Option<String> {
    if play.curtain_up() {
        return Some(fill(
            lang.t(&i18n::CURTAIN_NOTE),
            &[("side", lang.side(play.side_to_move()))],
        ));
    }
    if let Some(n) = play.modes.pending_flip {
        return Some(fill(
            lang.t(&i18n::FLIP_AGAIN),
            &[("sq", play.game.board().name(n))],
        ));
    }
    if play.mode() != Mode::Flip || play.selected.is_some() {
        return None;
    }
    let who = mover_text(play, lang).0;
    Some(match play.game.position().mover() {
        Mover::Player(_) => fill(lang.t(&i18n::HINT_FLIP_ONLY), &[("who", &who)]),
        Mover::Side(_) => fill(lang.t(&i18n::HINT_FLIP), &[("who", &who)]),
    })
}

/// Who is to move, for the panel: a colour, in flip mode with its player, or before colours are
/// decided, the player.
pub fn mover_text(play: &Play, lang: Lang) -> (String, Color32) {
    match play.game.position().mover() {
        Mover::Player(p) => (
            fill(lang.t(&i18n::PLAYER), &[("n", &p.to_string())]),
            Color32::from_rgb(0x5a, 0x4a, 0x38),
        ),
        Mover::Side(s) if play.mode() == Mode::Flip => {
            let p = if play.game.player_colour(1) == Some(s) {
                1
            } else {
                2
            };
            (
                fill(
                    lang.t(&i18n::MOVER_FLIP),
                    &[
                        ("side", lang.side(s)),
                        (
                            "player",
                            &fill(lang.t(&i18n::PLAYER), &[("n", &p.to_string())]),
                        ),
                    ],
                ),
                board::side_colour(s),
            )
        }
        Mover::Side(s) => (lang.side(s).to_string(), board::side_colour(s)),
    }
}

/// The curtain between turns of a hidden game: the whole board is covered. Returns whether it is up.
pub fn curtain(ui: &mut egui::Ui, play: &Play, lang: Lang, out: &mut Vec<Command>) -> bool {
    if !play.curtain_up() {
        return false;
    }
    let side = play.side_to_move();
    let rect = ui.available_rect_before_wrap();
    ui.painter()
        .rect_filled(rect, 8, Color32::from_rgb(0x3a, 0x30, 0x26));
    ui.vertical_centered(|ui| {
        ui.add_space(rect.height() * 0.32);
        let text = fill(lang.t(&i18n::CURTAIN), &[("side", lang.side(side))]);
        let button = egui::Button::new(
            RichText::new(text)
                .size(28.0)
                .strong()
                .color(Color32::WHITE),
        )
        .fill(board::side_colour(side))
        .min_size(vec2(rect.width().min(420.0), 96.0));
        if ui.add(button).clicked() {
            out.push(Command::LiftCurtain);
        }
        ui.add_space(14.0);
        ui.label(
            RichText::new(lang.t(&i18n::CURTAIN_PRIVATE))
                .size(16.0)
                .color(Color32::from_rgb(0xe8, 0xdc, 0xc4)),
        );
    });
    true
}

/// Everything drawn over the board: tags, the pending flip, the turn-over animation, and the tag
/// menu; a right click on an enemy piece opens the menu.
#[allow(clippy::too_many_arguments)]
pub fn overlays(
    ui: &mut egui::Ui,
    play: &Play,
    view: &View,
    opts: &BoardOptions,
    lang: Lang,
    bottom: Side,
    input: &BoardInput,
    out: &mut Vec<Command>,
) {
    if input.centres.is_empty() {
        return;
    }
    let board_b = play.game.board();
    let painter = ui.painter().clone();
    let looker = play.looker();
    let game_over = play.game.status().is_over();

    // Tags: only the player who wrote them sees them, on their own turns.
    if let Looker::Side(me) = looker
        && !game_over
    {
        if let Some(n) = input.secondary
            && matches!(view.at(n), Seen::Unknown(s) if s != me)
        {
            out.push(Command::TagMenu(
                n,
                input.centres[n as usize] + vec2(input.tile.x * 0.5, 0.0),
            ));
        }
        for (n, text) in play.game.tags(me) {
            let c = input.centres[n as usize];
            let font = egui::FontId::proportional((input.tile.y * 0.42).max(9.0));
            let galley = painter.layout_no_wrap(format!("{text}?"), font, Color32::BLACK);
            let size = galley.size() + vec2(6.0, 2.0);
            let r = egui::Rect::from_min_size(
                c + vec2(
                    input.tile.x * 0.5 - size.x * 0.8,
                    -input.tile.y * 0.5 - size.y * 0.45,
                ),
                size,
            );
            painter.rect(
                r,
                3,
                Color32::from_rgb(0xff, 0xe0, 0x40),
                egui::Stroke::new(1.0, Color32::from_black_alpha(180)),
                egui::StrokeKind::Inside,
            );
            painter.galley(r.min + vec2(3.0, 1.0), galley, Color32::BLACK);
            let label = fill(
                lang.t(&i18n::TAG_LABEL),
                &[("sq", board_b.name(n)), ("tag", text)],
            );
            ui.interact(
                r,
                ui.make_persistent_id(("junqi-tag", n)),
                egui::Sense::hover(),
            )
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
        }
    }

    // Helper to paint pieces as the board does.
    let widget = BoardWidget {
        view,
        opts,
        lang,
        bottom,
        selected: None,
        destinations: &[],
        last_move: None,
        flash: None,
        interactive: false,
    };
    let tile_rect = |n: NodeId| egui::Rect::from_center_size(input.centres[n as usize], input.tile);

    if let Some(n) = play.modes.pending_flip {
        painter.rect_stroke(
            tile_rect(n).expand(input.scale * 0.04),
            4,
            egui::Stroke::new(
                (input.scale * 0.05).max(2.0),
                Color32::from_rgb(0xff, 0xc8, 0x00),
            ),
            egui::StrokeKind::Outside,
        );
    }

    // The turn-over: the back narrows to an edge, the face widens from it.
    if let Some((n, left)) = play.modes.flipping
        && let Seen::Known(p) = view.at(n)
    {
        let t = 1.0 - (left / FLIP_SECONDS).clamp(0.0, 1.0);
        let full = tile_rect(n);
        painter.rect_filled(full.expand(1.0), 2, board::BOARD_BG);
        let width = (1.0 - 2.0 * t).abs().max(0.04);
        let r =
            egui::Rect::from_center_size(full.center(), vec2(full.width() * width, full.height()));
        let seen = if t < 0.5 {
            Seen::FaceDown
        } else {
            Seen::Known(p)
        };
        widget.paint_seen(&painter, r, seen, input.scale);
    }

    // The tag menu.
    if let Some((n, pos)) = play.modes.tag_menu {
        let area = egui::Area::new(egui::Id::unique("junqi-tag-menu"))
            .order(egui::Order::Foreground)
            .fixed_pos(pos)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(200.0);
                    ui.strong(format!(
                        "{} {}",
                        board_b.name(n),
                        lang.t(&i18n::TAG_MENU_TITLE)
                    ));
                    ui.horizontal_wrapped(|ui| {
                        for t in TAG_CHOICES {
                            if ui.button(t).clicked() {
                                out.push(Command::SetTag(n, Some(t.to_string())));
                            }
                        }
                    });
                    if ui.button(lang.t(&i18n::TAG_CLEAR)).clicked() {
                        out.push(Command::SetTag(n, None));
                    }
                });
            });
        if area.response.clicked_elsewhere() {
            out.push(Command::CloseTagMenu);
        }
    }
}

/// Advance the flip animation.
pub fn tick(play: &mut Play, dt: f32, ctx: &egui::Context) {
    if let Some((n, left)) = play.modes.flipping {
        let left = left - dt;
        play.modes.flipping = (left > 0.0).then_some((n, left));
        ctx.request_repaint();
    }
}

/// The confirmation before the referee view, before the curtain goes off, and the answer to a
/// takeback asked by the other player.
pub fn dialogs(ctx: &egui::Context, play: &Play, lang: Lang, out: &mut Vec<Command>) {
    if play.modes.confirm_curtain {
        let modal = egui::Modal::new(egui::Id::unique("junqi-curtain-confirm")).show(ctx, |ui| {
            ui.set_max_width(440.0);
            ui.heading(lang.t(&i18n::CURTAIN_OFF_TITLE));
            ui.add_space(6.0);
            ui.label(lang.t(&i18n::CURTAIN_OFF_TEXT));
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui.button(lang.t(&i18n::CURTAIN_OFF_YES)).clicked() {
                    out.push(Command::CurtainOff(true));
                }
                if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                    out.push(Command::CurtainOff(false));
                }
            });
        });
        if modal.should_close() {
            out.push(Command::CurtainOff(false));
        }
        return;
    }
    if let Some(asker) = play.modes.takeback_asked {
        let modal = egui::Modal::new(egui::Id::unique("junqi-takeback-ask")).show(ctx, |ui| {
            ui.set_max_width(440.0);
            ui.heading(fill(
                lang.t(&i18n::TAKEBACK_ASK),
                &[
                    ("side", lang.side(asker)),
                    ("other", lang.side(asker.other())),
                ],
            ));
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui.button(lang.t(&i18n::TAKEBACK_ACCEPT)).clicked() {
                    out.push(Command::AnswerTakeback(true));
                }
                if ui.button(lang.t(&i18n::TAKEBACK_DECLINE)).clicked() {
                    out.push(Command::AnswerTakeback(false));
                }
            });
        });
        if modal.should_close() {
            out.push(Command::AnswerTakeback(false));
        }
        return;
    }
    if !play.modes.confirm_referee {
        return;
    }
    let modal = egui::Modal::new(egui::Id::unique("junqi-referee-confirm")).show(ctx, |ui| {
        ui.set_max_width(440.0);
        ui.heading(lang.t(&i18n::REFEREE_CONFIRM_TITLE));
        ui.add_space(6.0);
        ui.label(lang.t(&i18n::REFEREE_CONFIRM_TEXT));
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            if ui.button(lang.t(&i18n::REFEREE_SHOW)).clicked() {
                out.push(Command::RefereeView(true));
            }
            if ui.button(lang.t(&i18n::CANCEL)).clicked() {
                out.push(Command::RefereeView(false));
            }
        });
    });
    if modal.should_close() {
        out.push(Command::RefereeView(false));
    }
}

/// The top of the side panel in hidden and flip games: the referee view, the flip deal and colours,
/// and at the end, the summary.
pub fn panel_top(ui: &mut egui::Ui, play: &Play, lang: Lang, out: &mut Vec<Command>) {
    let game = &play.game;
    let mode = game.rules().mode;
    if game.status().is_over() {
        summary(ui, game, lang);
    }
    if mode == Mode::Flip {
        match (game.player_colour(1), game.player_colour(2)) {
            (Some(c1), Some(c2)) => {
                ui.label(
                    RichText::new(fill(
                        lang.t(&i18n::PLAYER_COLOURS),
                        &[("c1", lang.side(c1)), ("c2", lang.side(c2))],
                    ))
                    .strong(),
                );
            }
            _ => {
                ui.label(RichText::new(lang.t(
                    if game.rules().first_engineer_decides {
                        &i18n::COLOURS_UNDECIDED_ENGINEER
                    } else {
                        &i18n::COLOURS_UNDECIDED
                    },
                )));
            }
        }
    }
    if mode != Mode::Open {
        if play.modes.referee.is_some() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(lang.t(&i18n::REFEREE_ON))
                        .strong()
                        .color(Color32::from_rgb(0xb0, 0x20, 0x10)),
                );
                if ui.button(lang.t(&i18n::REFEREE_OFF)).clicked() {
                    out.push(Command::RefereeView(false));
                }
            });
        } else if !game.status().is_over() && ui.button(lang.t(&i18n::REFEREE_VIEW)).clicked() {
            out.push(Command::AskRefereeView);
        }
        if game.record().referee_view_used() {
            ui.weak(lang.t(&i18n::REFEREE_USED));
        }
    }
    ui.separator();
}

/// The end-of-game summary: turns, clashes, pieces lost by each side.
fn summary(ui: &mut egui::Ui, game: &Game, lang: Lang) {
    let clashes = game
        .plies()
        .iter()
        .filter(|p| p.report.as_ref().is_some_and(|r| r.clash.is_some()))
        .count();
    ui.label(RichText::new(lang.t(&i18n::SUMMARY)).strong());
    ui.label(fill(
        lang.t(&i18n::SUMMARY_LINE),
        &[
            ("turns", &game.plies().len().to_string()),
            ("clashes", &clashes.to_string()),
        ],
    ));
    let takebacks = [Side::Red, Side::Blue].map(|s| game.takebacks(s));
    if takebacks.iter().any(|&n| n > 0) {
        ui.label(fill(
            lang.t(&i18n::SUMMARY_TAKEBACKS),
            &[
                ("r", &takebacks[0].to_string()),
                ("b", &takebacks[1].to_string()),
            ],
        ));
    }
    // The deal's seed, open once the game is over: the same deal can be played again.
    if let Some(seed) = game.free_seed() {
        ui.label(fill(lang.t(&i18n::DEAL), &[("seed", &seed.to_string())]));
        if super::saves::info_value(game.record(), "deal") == Some("typed") {
            ui.weak(lang.t(&i18n::DEAL_TYPED));
        }
    }
    for side in Side::BOTH {
        let lost = match game.free_sight(Viewer::Referee, None) {
            Some(s) => removed_seen(game, Looker::All(s), side),
            None => Vec::new(),
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(fill(
                    lang.t(&i18n::SUMMARY_LOST),
                    &[("side", lang.side(side)), ("n", &lost.len().to_string())],
                ))
                .color(board::side_colour(side)),
            );
            ui.label(
                lost.iter()
                    .map(|s| seen_name(*s, lang))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        });
    }
}

/// Flip mode: per side, how many of each piece are face down, face up or gone. Face-up and removed
/// pieces are public in flip mode; face down = the 25 of each side minus those.
pub fn flip_counts(ui: &mut egui::Ui, play: &Play, lang: Lang) {
    let game = &play.game;
    if game.rules().mode != Mode::Flip {
        return;
    }
    let view = game.view(Viewer::Side(Side::Red));
    let mut up = [[0u8; 12]; 2];
    let mut gone = [[0u8; 12]; 2];
    for n in 0..view.board.len() as NodeId {
        if let Seen::Known(p) = view.at(n)
            && !p.is_face_down()
        {
            up[p.side().index()][p.rank() as usize - 1] += 1;
        }
    }
    for (side, list) in Side::BOTH.iter().zip(&mut gone) {
        for s in removed_seen(game, Looker::All(game.own_sight(Side::Red)), *side) {
            if let Seen::Known(p) = s {
                list[p.rank() as usize - 1] += 1;
            }
        }
    }
    let down = |s: usize, r: Rank| {
        r.count()
            .saturating_sub(up[s][r as usize - 1])
            .saturating_sub(gone[s][r as usize - 1])
    };
    ui.label(RichText::new(lang.t(&i18n::COUNTS)).strong());
    for side in Side::BOTH {
        let s = side.index();
        let total = |a: &[u8; 12]| a.iter().map(|&v| v as u32).sum::<u32>();
        let d: u32 = Rank::ALL.iter().map(|&r| down(s, r) as u32).sum();
        ui.label(
            RichText::new(fill(
                lang.t(&i18n::COUNT_TOTAL),
                &[
                    ("side", lang.side(side)),
                    ("d", &d.to_string()),
                    ("u", &total(&up[s]).to_string()),
                    ("g", &total(&gone[s]).to_string()),
                ],
            ))
            .color(board::side_colour(side)),
        );
    }
    egui::Grid::new("flip-counts")
        .striped(true)
        .spacing([22.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            for side in Side::BOTH {
                ui.label(
                    RichText::new(lang.side(side))
                        .strong()
                        .color(board::side_colour(side)),
                );
            }
            ui.end_row();
            for r in Rank::ALL.iter() {
                ui.label(lang.rank(*r));
                for side in Side::BOTH {
                    let s = side.index();
                    let i = *r as usize - 1;
                    ui.label(
                        RichText::new(format!("{} / {} / {}", down(s, *r), up[s][i], gone[s][i]))
                            .monospace()
                            .color(board::side_colour(side)),
                    );
                }
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Formation, Rules, Start, rng::SplitMix64};

    fn hidden_game() -> Game {
        let rules = Rules::for_mode(Mode::Hidden);
        let red = Formation::random(&mut SplitMix64::new(1), &rules);
        let blue = Formation::random(&mut SplitMix64::new(2), &rules);
        Game::new(rules, Start::formations(&red, &blue)).unwrap()
    }

    /// Play turns until some clash happened; return its ply index.
    fn play_to_clash(g: &mut Game) -> usize {
        let mut rng = SplitMix64::new(7);
        for _ in 0..2000 {
            let turns = g.position().legal_turns(g.rules());
            let attacks: Vec<_> = turns
                .iter()
                .copied()
                .filter(|t| matches!(t, Turn::Move { to, .. } if g.position().at(*to).is_some()))
                .collect();
            let pick = rng.choose(if attacks.is_empty() { &turns } else { &attacks });
            let t = *pick.expect("a legal turn");
            g.play(t).unwrap();
            if g.plies()
                .last()
                .unwrap()
                .report
                .as_ref()
                .unwrap()
                .clash
                .is_some()
            {
                return g.plies().len() - 1;
            }
        }
        panic!("no clash");
    }

    #[test]
    fn public_knowledge_hides_both_sides() {
        let mut g = hidden_game();
        let i = play_to_clash(&mut g);
        let ply = &g.plies()[i];
        let Some(Turn::Move { from, to }) = ply.turn else {
            panic!()
        };
        assert!(matches!(
            seen_at(&g, i, Looker::Nobody, from),
            Seen::Unknown(_)
        ));
        assert!(matches!(
            seen_at(&g, i, Looker::Nobody, to),
            Seen::Unknown(_)
        ));
        let mover = ply.report.as_ref().unwrap().mover.side().unwrap();
        assert!(matches!(
            seen_at(&g, i, Looker::Side(mover), from),
            Seen::Known(_)
        ));
        assert!(matches!(
            seen_at(&g, i, Looker::Side(mover), to),
            Seen::Unknown(_)
        ));
        // The move list names no rank the looker does not know.
        let text = move_text_for(&g, i, ply, Lang::En, Looker::Nobody);
        assert!(text.ends_with("?×?"), "{text}");
    }

    #[test]
    fn trays_count_every_removal_but_name_only_known_pieces() {
        let mut g = hidden_game();
        play_to_clash(&mut g);
        for side in Side::BOTH {
            let truth = removed_seen(&g, Looker::All(g.own_sight(Side::Red)), side).len();
            let public = removed_seen(&g, Looker::Nobody, side);
            assert_eq!(public.len(), truth);
            let own = removed_seen(&g, Looker::Side(side), side);
            assert!(own.iter().all(|s| matches!(s, Seen::Known(_))));
            let enemy = removed_seen(&g, Looker::Side(side.other()), side);
            assert_eq!(enemy.len(), truth);
        }
    }
}
