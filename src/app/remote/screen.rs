//! Drawing the network screens: the forms, the lobby and the game at one's own screen, drawn from
//! the seat's view and the reports alone (the board through the play screen's board widget),
//! with the chat beside them. Drawing changes nothing but the fields being typed in; everything
//! else is a `RemoteCmd`.

use super::chat::Chat;
use super::end::INK;
use super::forms;
use super::game::{Event, GameAct, Note, Played, Refusal, RemoteGame};
use super::link::LinkError;
use super::seats::takeback_words;
use super::{Form, Phase, Remote, RemoteCmd, seats};
use crate::app::board::{self, BoardWidget, LastMark};
use crate::app::panel::{Centre, PanelState};
use crate::app::play_parts::{self, ClashShown, Line, Shown, TurnFacts};
use crate::app::settings::Settings;
use crate::app::tags::{self, MenuChoice};
use crate::app::words::{self, status_text};
use crate::engine::{Mover, OutReason, Seat, Seen};
use crate::i18n::{self, Lang, fill, net};

/// The network screen showing.
pub fn ui(
    ui: &mut egui::Ui,
    remote: &mut Remote,
    settings: &Settings,
    panel: &mut PanelState,
    out: &mut Vec<RemoteCmd>,
) {
    let lang = settings.lang;
    match &remote.phase {
        Phase::Form => {
            egui::CentralPanel::default().show(ui, |ui| {
                let Remote { form, problem, .. } = remote;
                match form {
                    Form::Join(f) => forms::join_form(ui, f, problem.as_ref(), lang, out),
                    Form::Host(f) => forms::host_form(ui, f, problem.as_ref(), lang, out),
                }
            });
        }
        Phase::Lobby => {
            let connected = remote.connected();
            egui::Panel::right("net-chat")
                .resizable(false)
                .exact_size(panel_width(ui))
                .show(ui, |ui| {
                    chat_panel(ui, &mut remote.chat, connected, lang, out)
                });
            egui::CentralPanel::default().show(ui, |ui| forms::lobby(ui, remote, lang, out));
        }
        Phase::Game(_) => game_screen(ui, remote, settings, panel, out),
    }
}

fn panel_width(ui: &egui::Ui) -> f32 {
    (ui.available_width() * 0.34).clamp(240.0, 360.0)
}

/// The chat: the lines, the preset phrases, a field and Send, the mute.
fn chat_panel(
    ui: &mut egui::Ui,
    chat: &mut Chat,
    connected: bool,
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    chat.seen();
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.strong(lang.t(&net::CHAT));
        ui.checkbox(&mut chat.muted, lang.t(&net::CHAT_MUTE));
    });
    if chat.muted && chat.muted_count > 0 {
        ui.weak(fill(
            lang.t(&net::CHAT_MUTED),
            &[("n", &chat.muted_count.to_string())],
        ));
    }
    egui::ScrollArea::vertical()
        .id_salt("net-chat-lines")
        .max_height(150.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for line in chat.lines() {
                let from = line.from.as_deref().unwrap_or(lang.t(&net::CHAT_ME));
                ui.label(fill(
                    lang.t(&net::CHAT_LINE),
                    &[("from", from), ("text", line.words(lang))],
                ));
            }
            play_parts::follow_newest(ui, "net-chat", chat.lines().count());
        });
    ui.add_enabled_ui(connected, |ui| {
        ui.horizontal_wrapped(|ui| {
            for (k, phrase) in super::chat::PHRASES.iter().enumerate() {
                if ui.small_button(lang.t(phrase)).clicked() {
                    out.push(RemoteCmd::SendPhrase {
                        phrase: k,
                        text: lang.t(phrase).to_string(),
                    });
                }
            }
        });
        ui.horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut chat.draft)
                    .desired_width(ui.available_width() - crate::app::panel::sized(ui, 70.0))
                    .char_limit(super::link::MAX_CHAT_CHARS)
                    .hint_text(lang.t(&net::CHAT_FIELD)),
            );
            field.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, lang.t(&net::CHAT_FIELD))
            });
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button(lang.t(&net::CHAT_SEND)).clicked() || entered)
                && !chat.draft.trim().is_empty()
            {
                out.push(RemoteCmd::SendChat);
            }
        });
    });
}

/// The text of a refusal.
fn refusal_text(r: &Refusal, lang: Lang) -> String {
    match r {
        Refusal::Flag(e) => lang.illegal(e),
        Refusal::Said(mv, why) => fill(lang.t(&net::REFUSED_SAID), &[("mv", mv), ("why", why)]),
    }
}

/// The move-list words of a turn, naming only the pieces the seat knew before it: `a6-a7
/// Colonel×?`; four players put the mover's seat first.
pub fn move_words(g: &RemoteGame, p: &Played, lang: Lang) -> String {
    let (a, d) = p.pieces();
    let (attacker, defender) = match p.report.clash {
        Some(_) => (a, Some(d)),
        None => (p.attacker.map_or(Seen::Empty, Seen::Known), None),
    };
    let text = words::turn_words(
        g.board(),
        p.report.turn,
        p.report.flipped,
        attacker,
        defender,
        lang,
    );
    words::with_seat(g.board(), p.seat, text, lang)
}

/// An event-log line, and the seat whose colour it takes.
fn event_text(g: &RemoteGame, e: &Event, lang: Lang) -> (Option<Seat>, String) {
    match e {
        Event::Clash(i) => {
            let Some(p) = g.plies().get(*i) else {
                return (None, String::new());
            };
            let outcome = p.report.clash.map_or("", |o| match lang {
                Lang::Zh => o.zh(),
                Lang::En => o.en(),
            });
            (
                p.seat,
                fill(
                    lang.t(&i18n::EV_CLASH),
                    &[
                        ("n", &p.number.to_string()),
                        ("mv", &move_words(g, p, lang)),
                        ("out", outcome),
                    ],
                ),
            )
        }
        Event::Colours(p, s) => (
            Some(*s),
            fill(
                lang.t(&i18n::EV_COLOURS),
                &[
                    ("p", &p.to_string()),
                    ("side", lang.side(*s)),
                    ("other", s.opponent().map_or("", |o| lang.side(o))),
                ],
            ),
        ),
        Event::FlagShown(s) => (
            Some(*s),
            fill(lang.t(&i18n::EV_FLAG_SHOWN), &[("side", lang.side(*s))]),
        ),
        Event::Out(s, why) => {
            let why = why.end_reason();
            let why = if lang == Lang::Zh { why.zh() } else { why.en() };
            (
                Some(*s),
                fill(
                    lang.t(&i18n::EV_OUT),
                    &[("side", lang.side(*s)), ("why", why)],
                ),
            )
        }
        Event::DrawOffered(s) => (
            Some(*s),
            fill(lang.t(&i18n::DRAW_OFFERED), &[("side", lang.side(*s))]),
        ),
        Event::DrawSent => (g.seat(), lang.t(&net::EV_DRAW_SENT).into()),
        Event::DrawQueued => (g.seat(), lang.t(&net::DRAW_QUEUED).into()),
        Event::ResignSent => (g.seat(), lang.t(&net::EV_RESIGN_SENT).into()),
        Event::DrawDeclined => (g.seat(), lang.t(&net::EV_DRAW_DECLINED).into()),
        Event::TakebackAsked(s, n) => {
            (Some(*s), takeback_words(&net::TAKEBACK_ASKED, *s, *n, lang))
        }
        Event::TakebackSent => (g.seat(), lang.t(&net::EV_TAKEBACK_SENT).into()),
        Event::TakebackDeclined => (g.seat(), lang.t(&net::TAKEBACK_REFUSED).into()),
        Event::TakenBack(s, n) => (Some(*s), takeback_words(&net::EV_TAKEN_BACK, *s, *n, lang)),
        Event::Refused(r) => (g.seat(), refusal_text(r, lang)),
        Event::End(st) => (None, status_text(*st, lang).unwrap_or_default()),
        Event::HostError(e) => (None, fill(lang.t(&net::EV_HOST_ERROR), &[("e", e)])),
        Event::BadMessage(e) => (None, fill(lang.t(&net::EV_BAD_MESSAGE), &[("e", e)])),
        Event::TimedOut(s, n) => (Some(*s), timed_out_text(*s, *n, lang)),
        Event::NextGame(n) => {
            let n = n.to_string();
            let text = match g.seat() {
                Some(s) => fill(
                    lang.t(&net::EV_NEXT_GAME),
                    &[("n", &n), ("side", lang.side(s))],
                ),
                None => fill(lang.t(&net::EV_NEXT_GAME_WAIT), &[("n", &n)]),
            };
            (g.seat(), text)
        }
        Event::RematchOff { who, left } => {
            let t = if *left {
                &net::REMATCH_LEFT
            } else {
                &net::REMATCH_DECLINED
            };
            (None, fill(lang.t(t), &[("who", who)]))
        }
    }
}

/// "Time ran out: Red loses the turn (2 of 5)".
fn timed_out_text(side: Seat, count: u32, lang: Lang) -> String {
    fill(
        lang.t(&net::EV_TIMED_OUT),
        &[
            ("side", lang.side(side)),
            ("n", &count.to_string()),
            ("max", &crate::engine::rules::TIMEOUTS_TO_LOSE.to_string()),
        ],
    )
}

/// The status line's words.
fn status_line(
    g: &RemoteGame,
    problem: Option<&LinkError>,
    rejoining: Option<&str>,
    lang: Lang,
) -> (String, bool) {
    if let Some(why) = rejoining {
        return (fill(lang.t(&net::REJOINING), &[("e", why)]), true);
    }
    // A question waiting for this player's answer comes first (its buttons are in the panel).
    if let Some((s, n)) = g.takeback_asked() {
        let q = takeback_words(&net::TAKEBACK_ASKED, s, n, lang);
        let keys = format!(
            "{} (Y) / {} (N)",
            lang.t(&net::TAKEBACK_ALLOW),
            lang.t(&net::TAKEBACK_REFUSE)
        );
        return (format!("{q} — {keys}"), true);
    }
    if let Some(n) = g.note() {
        let t = match n {
            Note::Illegal(e) => lang.illegal(e),
            Note::Refused(r) => refusal_text(r, lang),
            Note::Text(t) => lang.t(t).to_string(),
            Note::TimedOut(s, n) => timed_out_text(*s, *n, lang),
            Note::Tag(e) => lang.tag_error(e),
        };
        return (t, true);
    }
    // A connection that closes after the end is no trouble.
    if let Some(e) = problem.filter(|_| !g.over()) {
        return (forms::problem_text(e, lang), true);
    }
    let t = if g.over() {
        lang.t(&i18n::GAME_OVER).to_string()
    } else if g.formation_asked() {
        lang.t(&net::FORMATION_ASK).to_string()
    } else if g.draw_sent() {
        lang.t(&net::DRAW_SENT).to_string()
    } else if g.takeback_sent() {
        lang.t(&net::TAKEBACK_SENT).to_string()
    } else if g.to_move() && g.pending_flip().is_some() {
        lang.t(&net::FLIP_AGAIN).to_string()
    } else if g.to_move() && g.selected().is_some() {
        lang.t(&i18n::HINT_DEST).to_string()
    } else if g.to_move() {
        lang.t(&net::YOUR_TURN).to_string()
    } else if let Some(s) = g.view().and_then(|v| v.mover().side()) {
        fill(lang.t(&net::WAIT_TURN), &[("side", lang.side(s))])
    } else {
        lang.t(&net::WAIT_HOST).to_string()
    };
    (t, false)
}

/// The marks of the last turn and, four players, of the turns before it back to the seat to
/// move's own (fainter), as the play screen marks them.
fn marks(g: &RemoteGame) -> (Option<LastMark>, Vec<LastMark>) {
    let mark = |p: &Played| LastMark {
        path: p.path.clone(),
        colour: p.seat.map_or(INK, board::side_colour),
    };
    let plies = g.plies();
    let last = plies.last().map(mark);
    let mut earlier = Vec::new();
    if g.board().is_four()
        && let Some(v) = g.view()
    {
        for (age, p) in plies.iter().rev().skip(1).take(2).enumerate() {
            if p.report.mover == v.mover() {
                break;
            }
            let mut m = mark(p);
            m.colour = m.colour.gamma_multiply(if age == 0 { 0.7 } else { 0.45 });
            earlier.push(m);
        }
    }
    (last, earlier)
}

/// The keys of the game screen: Esc drops the selection, Ctrl+Z asks for a takeback, Y / N
/// answer another seat's takeback (unless a field, the chat, takes the keys).
fn game_keys(ui: &mut egui::Ui, g: &RemoteGame, out: &mut Vec<RemoteCmd>) {
    if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
        out.push(RemoteCmd::Game(GameAct::ClearSelection));
    }
    if g.takeback_offered()
        && ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z))
    {
        out.push(RemoteCmd::Game(GameAct::AskTakeback));
    }
    if g.takeback_asked().is_some() && ui.memory(|m| m.focused().is_none()) {
        for (key, yes) in [(egui::Key::Y, true), (egui::Key::N, false)] {
            if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key)) {
                out.push(RemoteCmd::Game(GameAct::AnswerTakeback(yes)));
            }
        }
    }
}

/// What the network screen shows of `g` to the shared parts (`play_parts`): with the
/// connection's trouble (`problem`), a rejoin under way (`rejoining`) and the seconds left of
/// this seat's turn (`clock`).
struct NetShown<'a> {
    g: &'a RemoteGame,
    problem: Option<&'a LinkError>,
    rejoining: Option<&'a str>,
    clock: Option<f64>,
}

impl Shown for NetShown<'_> {
    fn board(&self) -> &'static crate::engine::Board {
        self.g.board()
    }

    fn status_words(&self, lang: Lang) -> (String, bool) {
        status_line(self.g, self.problem, self.rejoining, lang)
    }

    fn turn_facts(&self, lang: Lang) -> Option<TurnFacts> {
        let (g, v) = (self.g, self.g.view()?);
        if g.over() {
            return None;
        }
        let (mover, colour) = match v.mover() {
            Mover::Side(s) => (lang.side(s).to_string(), board::side_colour(s)),
            Mover::Player(p) => (
                fill(lang.t(&i18n::PLAYER), &[("n", &p.to_string())]),
                play_parts::NO_SIDE,
            ),
        };
        let rules = g.rules();
        // The timeouts so far: each side's count at its last turn lost.
        let timeouts = match rules.and_then(|r| r.move_clock) {
            Some(_) => (g.board().seats.iter())
                .map(|&s| {
                    let lost = g.lost().iter().filter(|l| l.side == s).map(|l| l.count);
                    (s, lost.max().unwrap_or(0))
                })
                .collect(),
            None => Vec::new(),
        };
        Some(TurnFacts {
            mover,
            colour,
            turn: v.ply() as usize + 1,
            quiet_left: rules.map(|r| r.quiet_limit.saturating_sub(v.quiet())),
            turns_left: rules.map(|r| r.turn_limit.saturating_sub(v.ply())),
            clock: self.clock,
            timeouts,
        })
    }

    fn status(&self) -> Option<crate::engine::Status> {
        self.g.status()
    }

    fn out(&self) -> Vec<(Seat, OutReason)> {
        self.g
            .view()
            .map_or_else(Vec::new, |v| v.out().iter().collect())
    }

    /// The turns played and those lost to the move clock, in the order they came.
    fn move_lines(&self, lang: Lang) -> Vec<Line> {
        let g = self.g;
        let lost_line = |l: &super::game::Lost| Line {
            seat: Some(l.side),
            text: format!("{:>3}. {}", l.number, timed_out_text(l.side, l.count, lang)),
        };
        let mut lines = Vec::new();
        let mut lost = g.lost().iter().peekable();
        for p in g.plies() {
            while let Some(l) = lost.next_if(|l| l.number < p.number) {
                lines.push(lost_line(l));
            }
            lines.push(Line {
                seat: p.seat,
                text: format!("{:>3}. {}", p.number, move_words(g, p, lang)),
            });
        }
        lines.extend(lost.map(lost_line));
        lines
    }

    fn event_lines(&self, lang: Lang) -> Vec<Line> {
        (self.g.events().iter())
            .map(|e| {
                let (seat, text) = event_text(self.g, e, lang);
                Line { seat, text }
            })
            .collect()
    }

    fn resigning(&self) -> Option<Seat> {
        self.g.confirm_resign().then(|| self.g.seat()).flatten()
    }
}

/// The status line under the board: the move clock (when the side panel is folded away), the
/// last clash with its pieces as this seat knew them, what the game waits for.
fn status_bar(ui: &mut egui::Ui, shown: &NetShown, settings: &Settings, clock: Option<f64>) {
    let (g, lang) = (shown.g, settings.lang);
    egui::Panel::bottom("net-status").show(ui, |ui| {
        play_parts::status_line(ui, shown, lang, clock, |ui| {
            let (Some((at, outcome)), Some(p), Some(view)) =
                (g.last_clash(), g.plies().last(), g.view())
            else {
                return;
            };
            let (attacker, defender) = p.pieces();
            let bottom = g.seat().unwrap_or(Seat::Red);
            let still = BoardWidget::still(view, &settings.board, lang, bottom);
            let clash = ClashShown {
                at,
                outcome,
                attacker,
                defender,
                alpha: 1.0,
            };
            play_parts::clash_notice(ui, &still, &clash, g.board(), lang, false);
        });
    });
}

/// The board and the tags on it, with the bar of this seat's turn clock (`bar`: the seat, its
/// seconds left and the turn's) while it runs.
fn board_area(
    ui: &mut egui::Ui,
    g: &RemoteGame,
    settings: &Settings,
    bar: Option<(Seat, f64, f64)>,
    out: &mut Vec<RemoteCmd>,
) {
    let lang = settings.lang;
    let Some(view) = g.view() else {
        ui.vertical_centered(|ui| {
            ui.add_space(40.0);
            ui.label(egui::RichText::new(lang.t(&net::WAIT_HOST)).size(18.0));
        });
        return;
    };
    let dests = g.destinations();
    let (last_move, earlier) = marks(g);
    let widget = BoardWidget {
        view,
        opts: &settings.board,
        lang,
        bottom: g.seat().unwrap_or(Seat::Red),
        selected: g.selected(),
        destinations: &dests,
        last_move,
        earlier,
        flash: None,
        interactive: g.to_move() && !g.over(),
        finished: g.over(),
    };
    let input = crate::app::seat_clock::board_with_bar(ui, widget, bar, lang);
    if let Some((a, b)) = input.dropped {
        out.push(RemoteCmd::Game(GameAct::Drop(a, b)));
    } else if let Some(n) = input.clicked {
        out.push(RemoteCmd::Game(GameAct::Node(n)));
    }
    // Tags: this seat's guesses on enemy pieces, on this screen only, at any moment of the
    // game (nobody else looks at this screen).
    if g.tags_offered() && !input.centres.is_empty() {
        let board_b = g.board();
        if let Some(n) = input.secondary
            && g.enemy_at(n)
        {
            out.push(RemoteCmd::Game(GameAct::TagMenu(n)));
        }
        tags::draw_tags(ui, &input, board_b, g.tags(), lang);
        if let Some(n) = g.tag_menu() {
            let act = match tags::tag_menu(ui, &input, board_b, n, lang) {
                Some(MenuChoice::Set(t)) => Some(GameAct::SetTag(n, Some(t))),
                Some(MenuChoice::Clear) => Some(GameAct::SetTag(n, None)),
                Some(MenuChoice::Close) => Some(GameAct::CloseTagMenu),
                None => None,
            };
            out.extend(act.map(RemoteCmd::Game));
        }
    }
}

fn game_screen(
    ui: &mut egui::Ui,
    remote: &mut Remote,
    settings: &Settings,
    panel: &mut PanelState,
    out: &mut Vec<RemoteCmd>,
) {
    let lang = settings.lang;
    let connected = remote.connected();
    let Phase::Game(g) = &remote.phase else {
        return;
    };
    let g: &RemoteGame = g;
    let now = ui.input(|i| i.time);
    game_keys(ui, g, out);
    let clock = g.clock_left(now);
    let shown = NetShown {
        g,
        problem: remote.problem.as_ref(),
        rejoining: remote.rejoining.as_deref(),
        clock,
    };
    // At 640×480 the side panel folds to its toggle (F9), as on the one-screen game's; its
    // move clock then shows in the status line, next to the board.
    let centre = Centre::board(g.board());
    let size = panel.frame(ui, centre);
    let side = panel.side(size, centre);
    status_bar(ui, &shown, settings, clock.filter(|_| side.is_none()));
    if let Some(side) = side {
        let mut chat = std::mem::take(&mut remote.chat);
        side.show(ui, "net-game-panel", |ui| {
            egui::ScrollArea::vertical()
                .id_salt("net-game-panel-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    side_panel(ui, &shown, lang, out);
                    ui.separator();
                    chat_panel(ui, &mut chat, connected, lang, out);
                });
        });
        remote.chat = chat;
    }
    if let Some(yes) = play_parts::resign_dialog(ui.ctx(), &shown, lang) {
        out.push(RemoteCmd::Game(GameAct::ConfirmResign(yes)));
    }
    let Phase::Game(g) = &remote.phase else {
        return;
    };
    egui::CentralPanel::default().show(ui, |ui| {
        seats::seat_strip(ui, remote, g, lang);
        seats::away_notice(ui, remote, g, now, lang);
        super::end::place(ui, remote, g, lang, out);
        seats::requests_banner(ui, g, lang, out);
        if g.formation_asked() {
            formation_choice(ui, g, &remote.library, lang, out);
        }
        let bar =
            (g.seat().zip(g.turn_clock(now))).map(|(seat, (left, total))| (seat, left, total));
        board_area(ui, g, settings, bar, out);
    });
}

/// The host asks for this seat's formation: a random one, or one of the library's that these
/// rules allow.
fn formation_choice(
    ui: &mut egui::Ui,
    g: &RemoteGame,
    library: &[(String, crate::engine::Formation)],
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    board::banner_frame(8).show(ui, |ui| {
        ui.label(egui::RichText::new(lang.t(&net::FORMATION_ASK)).strong());
        ui.horizontal_wrapped(|ui| {
            if ui.button(lang.t(&net::FORMATION_RANDOM)).clicked() {
                out.push(RemoteCmd::RandomFormation);
            }
            if let Some(rules) = g.rules() {
                for (name, f) in library.iter().filter(|(_, f)| f.problems(rules).is_empty()) {
                    // The formation's own name in the window's language, else its file's.
                    let shown = f.name_in(lang == Lang::Zh);
                    let shown = if shown.trim().is_empty() { name } else { shown };
                    if ui.button(shown).clicked() {
                        out.push(RemoteCmd::Game(GameAct::Formation(f.clone())));
                    }
                }
            }
        });
    });
}

/// The side panel, top to bottom: the seat this screen plays, whose turn (or how the game
/// ended), the players who are out, the game's buttons, 记子, the move list and the event log.
fn side_panel(ui: &mut egui::Ui, shown: &NetShown, lang: Lang, out: &mut Vec<RemoteCmd>) {
    let g = shown.g;
    let top = ui.cursor().top();
    ui.add_space(4.0);
    if let Some(me) = g.seat() {
        ui.label(
            egui::RichText::new(fill(lang.t(&net::YOU_PLAY), &[("side", lang.side(me))]))
                .size(crate::app::panel::sized(ui, 18.0))
                .strong()
                .color(board::side_colour(me)),
        );
    }
    play_parts::turn_facts(ui, shown, lang);
    play_parts::out_banners(ui, shown, lang);
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        // Resigning and offering a draw at any turn (a draw offered on another's turn goes
        // with one's own next turn).
        let live = g.may_resign();
        if ui
            .add_enabled(live, egui::Button::new(lang.t(&i18n::RESIGN)))
            .clicked()
        {
            out.push(RemoteCmd::Game(GameAct::Resign));
        }
        let draw = ui.add_enabled(
            live && !g.draw_sent() && !g.draw_queued(),
            egui::Button::new(lang.t(&i18n::OFFER_DRAW)),
        );
        let draw = if g.draw_queued() {
            draw.on_disabled_hover_text(lang.t(&net::DRAW_QUEUED))
        } else {
            draw
        };
        if draw.clicked() {
            out.push(RemoteCmd::Game(GameAct::OfferDraw));
        }
        if ui
            .add_enabled(
                g.takeback_offered(),
                egui::Button::new(lang.t(&net::TAKE_BACK)),
            )
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            out.push(RemoteCmd::Game(GameAct::AskTakeback));
        }
        if ui.button(lang.t(&net::LEAVE)).clicked() {
            out.push(RemoteCmd::Leave);
        }
    });
    let fit = crate::app::jizi::Fit {
        top,
        below: play_parts::lists_height(ui, LIST_HEIGHT),
    };
    count_panels(ui, g, lang, fit);
    play_parts::move_and_event_lists(ui, shown, lang, LIST_HEIGHT);
}

/// The most the move list and the event log take each (the chat follows them).
const LIST_HEIGHT: f32 = 140.0;

/// Hidden mode, while the game goes on: 记子 of each other seat whose pieces this seat does not
/// see (two players: the enemy's table open; four players: each table folded, the partner's
/// left out under team view), counted on this machine from its own view and the reports.
fn count_panels(ui: &mut egui::Ui, g: &RemoteGame, lang: Lang, fit: crate::app::jizi::Fit) {
    let (Some(me), Some(rules)) = (g.seat(), g.rules()) else {
        return;
    };
    if g.over() || !rules.mode.hides_identities() {
        return;
    }
    let board = g.board();
    let four = board.is_four();
    let tables: Vec<_> = (board.seats.iter().copied())
        .filter(|&s| s != me && !(rules.team_view && me.partner() == Some(s)))
        .filter_map(|enemy| g.counts_of(enemy))
        .collect();
    crate::app::jizi::count_panels(ui, lang, &tables, !four, fit);
}
