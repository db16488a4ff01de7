//! The hidden (暗棋) and flip (翻棋) play UI, drawn from a `Session`: the hand-over curtain, tags on
//! enemy pieces and their menu, the referee view and its confirmation, the takeback question, the
//! turn-over animation of flips, the flip-mode piece count and the end-of-game summary. It only
//! reads the session and returns `Act`s; what a player may know comes from the session's `Looker`
//! (the engine's disclosure gate), the words from `words.rs`.

use super::board::{self, BoardInput, BoardWidget};
use super::command::Command;
use super::dialog::Question;
pub use super::jizi::{CountRow, EnemyCounts, Fit, count_panels, counts_table};
use super::session::{Act, FLIP_SECONDS, Looker, Session};
use super::settings::BoardOptions;
use super::tags::{self, MenuChoice};
use super::words::{removed_seen, seen_name};
use crate::engine::{Game, InfoKey, Mover, NodeId, Rank, Seat, Seen, Turn, View, Viewer};
use crate::i18n::{self, Lang, fill};
use egui::{Color32, RichText, vec2};

/// The board is turned so that the player looking sits at the bottom in a hidden game.
pub fn bottom(play: &Session, default: Seat) -> Seat {
    if play.game().board().is_four() {
        // Four players: the seat chosen in the dialog; people taking turns behind the curtain
        // each see the board from their own seat.
        return match play.looker() {
            Looker::Side(s) if play.hidden_hotseat() => s,
            _ => play.bottom4(),
        };
    }
    match play.looker() {
        Looker::Side(s) if play.modes().opts.curtain || play.computer().any() => s,
        _ => default,
    }
}

/// The status-bar hint for hidden and flip play, if it differs from open play's.
pub fn hint(play: &Session, lang: Lang) -> Option<String> {
    if play.curtain_up() {
        // The player called to answer a question, else the player to move.
        let next = play
            .modes()
            .answering
            .map_or(play.side_to_move(), |(seat, _)| seat);
        return Some(fill(
            lang.t(&i18n::CURTAIN_NOTE),
            &[("side", lang.side(next))],
        ));
    }
    if let Some(n) = play.modes().pending_flip {
        return Some(fill(
            lang.t(&i18n::FLIP_AGAIN),
            &[("sq", play.game().board().name(n))],
        ));
    }
    if !play.mode().deals_face_down() || play.selected().is_some() {
        return None;
    }
    let who = mover_text(play, lang).0;
    Some(match play.game().position().mover() {
        Mover::Player(_) => fill(lang.t(&i18n::HINT_FLIP_ONLY), &[("who", &who)]),
        Mover::Side(_) => fill(lang.t(&i18n::HINT_FLIP), &[("who", &who)]),
    })
}

/// Who is to move, for the panel: a colour, in flip mode with its player, or before colours are
/// decided, the player.
pub fn mover_text(play: &Session, lang: Lang) -> (String, Color32) {
    match play.game().position().mover() {
        Mover::Player(p) => (
            fill(lang.t(&i18n::PLAYER), &[("n", &p.to_string())]),
            super::play_parts::NO_SIDE,
        ),
        Mover::Side(s) if play.mode().deals_face_down() => {
            let p = if play.game().player_colour(1) == Some(s) {
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
pub fn curtain(ui: &mut egui::Ui, play: &Session, lang: Lang, out: &mut Vec<Command>) -> bool {
    if !play.curtain_up() {
        return false;
    }
    let side = play.side_to_move();
    let rect = ui.available_rect_before_wrap();
    ui.painter()
        .rect_filled(rect, 8, Color32::from_rgb(0x3a, 0x30, 0x26));
    ui.vertical_centered(|ui| {
        ui.add_space(rect.height() * 0.32);
        if let Some((seat, lifted)) = play.modes().answering {
            // A question another player must answer: called to the covered board, seat by seat.
            let text = question_call(play, lang, seat, lifted);
            let button = curtain_button(text, 24.0, seat, rect.width().min(460.0));
            if ui.add_enabled(!lifted, button).clicked() {
                out.push(Command::Play(Act::LiftQuestion));
            }
            return;
        }
        // Four players: while a computer seat plays, nobody lifts the curtain.
        let text = if play.engine_to_move() {
            play.thinking_text(lang)
        } else if play.computer_to_move() {
            format!("{} — {}", lang.side(side), lang.t(&i18n::COMPUTER_THINKING))
        } else {
            fill(lang.t(&i18n::CURTAIN), &[("side", lang.side(side))])
        };
        let button = curtain_button(text, 28.0, side, rect.width().min(420.0));
        if ui.add(button).clicked() {
            out.push(Command::Play(Act::LiftCurtain));
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

/// After a clash in a hidden game between people: the player who moved sees the outcome on the
/// board (their own view) and hands the screen over with this bar's button (or Space); the
/// curtain then comes down for the next player.
pub fn hand_over_bar(ui: &mut egui::Ui, play: &Session, lang: Lang, out: &mut Vec<Command>) {
    let Some(mover) = play.modes().handing else {
        return;
    };
    let next = play.side_to_move();
    super::board::banner_frame(6).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(fill(
                    lang.t(&i18n::HAND_OVER_NOTE),
                    &[("side", lang.side(mover)), ("next", lang.side(next))],
                ))
                .size(16.0),
            );
            let button = egui::Button::new(RichText::new(lang.t(&i18n::HAND_OVER)).size(18.0));
            if ui.add(button).clicked() || ui.input(|i| i.key_pressed(egui::Key::Space)) {
                out.push(Command::Play(Act::HandOver));
            }
        });
    });
}

/// The big button on the curtain, in the colour of the seat it calls.
fn curtain_button(text: String, size: f32, seat: Seat, width: f32) -> egui::Button<'static> {
    egui::Button::new(
        RichText::new(text)
            .size(size)
            .strong()
            .color(Color32::WHITE),
    )
    .fill(board::side_colour(seat))
    .min_size(vec2(width, 96.0))
}

/// The words on the covered board while a question waits for `seat`: "East asks for a takeback —
/// West, press to answer", then (pressed) "West answers".
fn question_call(play: &Session, lang: Lang, seat: Seat, lifted: bool) -> String {
    if lifted {
        return fill(
            lang.t(&i18n::QUESTION_ANSWERING),
            &[("other", lang.side(seat))],
        );
    }
    let (text, asker) = match (play.modes().takeback_asked, play.game().draw_offer()) {
        (Some(a), _) => (&i18n::QUESTION_CALL_TAKEBACK, a),
        (None, Some(o)) => (&i18n::QUESTION_CALL_DRAW, o),
        (None, None) => (&i18n::QUESTION_ANSWERING, seat),
    };
    fill(
        lang.t(text),
        &[("side", lang.side(asker)), ("other", lang.side(seat))],
    )
}

/// Everything drawn over the board: tags, the pending flip, the turn-over animation, and the tag
/// menu; a right click on an enemy piece opens the menu.
#[allow(clippy::too_many_arguments)]
pub fn overlays(
    ui: &mut egui::Ui,
    play: &Session,
    view: &View,
    opts: &BoardOptions,
    lang: Lang,
    bottom: Seat,
    input: &BoardInput,
    out: &mut Vec<Command>,
) {
    if input.centres.is_empty() {
        return;
    }
    let board_b = play.game().board();
    let painter = ui.painter().clone();
    let looker = play.looker();
    let game_over = play.game().status().is_over();

    // Tags: only the player who wrote them sees them, on their own turns.
    if let Looker::Side(me) = looker
        && !game_over
    {
        if let Some(n) = input.secondary
            && matches!(view.at(n), Seen::Unknown(s) if s != me)
        {
            out.push(Command::Play(Act::TagMenu(n)));
        }
        tags::draw_tags(ui, input, board_b, play.game().tags(me), lang);
    }

    // Helper to paint pieces as the board does.
    let widget = BoardWidget::still(view, opts, lang, bottom);
    let tile_rect = |n: NodeId| egui::Rect::from_center_size(input.centres[n as usize], input.tile);

    if let Some(n) = play.modes().pending_flip {
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
    if let Some((n, left)) = play.modes().flipping
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
    if let Some(n) = play.modes().tag_menu {
        match tags::tag_menu(ui, input, board_b, n, lang) {
            Some(MenuChoice::Set(t)) => out.push(Command::Play(Act::SetTag(n, Some(t)))),
            Some(MenuChoice::Clear) => out.push(Command::Play(Act::SetTag(n, None))),
            Some(MenuChoice::Close) => out.push(Command::Play(Act::CloseTagMenu)),
            None => {}
        }
    }
}

/// "Red asks Blue to agree to take back the last turn" (or "… Red's last turn: 2 turns").
fn takeback_question(play: &Session, lang: Lang, asker: Seat, other: Seat) -> String {
    let turns = play.modes().takeback_turns.max(1);
    let text = match (play.game().board().is_four(), turns) {
        (true, _) => &i18n::TAKEBACK_ASK_FOUR,
        (false, 1) => &i18n::TAKEBACK_ASK,
        (false, _) => &i18n::TAKEBACK_ASK_TURNS,
    };
    fill(
        lang.t(text),
        &[
            ("side", lang.side(asker)),
            ("other", lang.side(other)),
            ("n", &turns.to_string()),
        ],
    )
}

/// The question for the one player called to the covered board: the takeback asked, or the
/// four-player draw offer; a yes/no for that seat alone.
fn question_modal(
    ctx: &egui::Context,
    play: &Session,
    lang: Lang,
    seat: Seat,
    out: &mut Vec<Command>,
) {
    let four = play.game().board().is_four();
    let modal = egui::Modal::new(egui::Id::unique("junqi-question")).show(ctx, |ui| {
        ui.set_max_width(480.0);
        let (heading, yes, no) = match (play.modes().takeback_asked, play.game().draw_offer()) {
            (Some(asker), _) => (
                takeback_question(play, lang, asker, seat),
                &i18n::TAKEBACK_AGREE_FOR,
                &i18n::TAKEBACK_DECLINE_FOR,
            ),
            (None, Some(offerer)) => (
                fill(lang.t(&i18n::DRAW_OFFERED), &[("side", lang.side(offerer))]),
                &i18n::ACCEPT_DRAW_FOR,
                &i18n::DECLINE_DRAW_FOR,
            ),
            (None, None) => return,
        };
        ui.heading(heading);
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            if let Some(a) = super::words::seat_answer(ui, lang, seat, yes, no) {
                out.push(Command::Play(match play.modes().takeback_asked {
                    Some(_) if four => Act::AnswerTakebackFor(seat, a),
                    Some(_) => Act::AnswerTakeback(a),
                    None => Act::AnswerDrawFor(seat, a),
                }));
            }
        });
    });
    if modal.should_close() {
        // Closing the question (Escape, a click outside) is a "no".
        out.push(Command::Play(match play.modes().takeback_asked {
            Some(_) => Act::AnswerTakeback(false),
            None => Act::AnswerDrawFor(seat, false),
        }));
    }
}

/// The confirmation before the referee view, before the curtain goes off, and the answer to a
/// takeback asked by the other player.
pub fn dialogs(ctx: &egui::Context, play: &Session, lang: Lang, out: &mut Vec<Command>) {
    if play.modes().confirm_curtain {
        let asked = Question {
            id: "junqi-curtain-confirm",
            width: 440.0,
            title: Some(lang.t(&i18n::CURTAIN_OFF_TITLE)),
            text: lang.t(&i18n::CURTAIN_OFF_TEXT),
            text_size: None,
            yes: lang.t(&i18n::CURTAIN_OFF_YES),
            no: lang.t(&i18n::CANCEL),
        };
        if let Some(yes) = asked.show(ctx) {
            out.push(Command::Play(Act::CurtainOff(yes)));
        }
        return;
    }
    if let Some((seat, lifted)) = play.modes().answering {
        // Behind the curtain: only the player called to the covered board answers, once they
        // pressed "answer"; nobody else's buttons are there.
        if lifted {
            question_modal(ctx, play, lang, seat, out);
        }
        return;
    }
    if let Some(asker) = play.modes().takeback_asked
        && play.game().board().is_four()
    {
        // Four people: each player still in answers for their own seat.
        let modal = egui::Modal::new(egui::Id::unique("junqi-takeback-ask")).show(ctx, |ui| {
            ui.set_max_width(480.0);
            ui.heading(fill(
                lang.t(&i18n::TAKEBACK_ASK_FOUR),
                &[("side", lang.side(asker))],
            ));
            ui.add_space(10.0);
            for seat in play.game().seats_in() {
                if seat == asker {
                    continue;
                }
                ui.horizontal(|ui| {
                    if play.modes().takeback_agreed.contains(&seat) {
                        let names = [("side", lang.side(seat))];
                        ui.label(fill(lang.t(&i18n::TAKEBACK_AGREED_BY), &names));
                        return;
                    }
                    let (yes, no) = (&i18n::TAKEBACK_AGREE_FOR, &i18n::TAKEBACK_DECLINE_FOR);
                    if let Some(a) = super::words::seat_answer(ui, lang, seat, yes, no) {
                        out.push(Command::Play(Act::AnswerTakebackFor(seat, a)));
                    }
                });
            }
        });
        if modal.should_close() {
            // Closing the question (Escape, a click outside) withdraws it.
            out.push(Command::Play(Act::AnswerTakeback(false)));
        }
        return;
    }
    if let Some(asker) = play.modes().takeback_asked
        && let Some(other) = asker.opponent()
    {
        let modal = egui::Modal::new(egui::Id::unique("junqi-takeback-ask")).show(ctx, |ui| {
            ui.set_max_width(440.0);
            ui.heading(takeback_question(play, lang, asker, other));
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui.button(lang.t(&i18n::TAKEBACK_ACCEPT)).clicked() {
                    out.push(Command::Play(Act::AnswerTakeback(true)));
                }
                if ui.button(lang.t(&i18n::TAKEBACK_DECLINE)).clicked() {
                    out.push(Command::Play(Act::AnswerTakeback(false)));
                }
            });
        });
        if modal.should_close() {
            out.push(Command::Play(Act::AnswerTakeback(false)));
        }
        return;
    }
    if !play.modes().confirm_referee {
        return;
    }
    let asked = Question {
        id: "junqi-referee-confirm",
        width: 440.0,
        title: Some(lang.t(&i18n::REFEREE_CONFIRM_TITLE)),
        text: lang.t(&i18n::REFEREE_CONFIRM_TEXT),
        text_size: None,
        yes: lang.t(&i18n::REFEREE_SHOW),
        no: lang.t(&i18n::CANCEL),
    };
    if let Some(yes) = asked.show(ctx) {
        out.push(Command::Play(Act::RefereeView(yes)));
    }
}

/// The top of the side panel in hidden and flip games: the referee view, the flip deal and colours,
/// and at the end, the summary.
pub fn panel_top(ui: &mut egui::Ui, play: &Session, lang: Lang, out: &mut Vec<Command>) {
    let game = play.game();
    let mode = game.rules().mode;
    if game.status().is_over() {
        summary(ui, game, lang);
        // The review opens in the replay of this game (not under the hand-over curtain).
        if !play.curtain_up()
            && ui
                .button(lang.t(&crate::i18n::review::REVIEW))
                .on_hover_text(lang.t(&crate::i18n::review::REVIEW_TIP))
                .clicked()
        {
            out.push(Command::Saves(super::saves::SaveCmd::ReplayCurrent));
            out.push(Command::Replay(super::command::ReplayCmd::Review(
                super::review::ReviewCmd::Start,
            )));
        }
    }
    if mode.deals_face_down() {
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
    if !mode.shows_everything() {
        if play.modes().referee.is_some() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(lang.t(&i18n::REFEREE_ON))
                        .strong()
                        .color(Color32::from_rgb(0xb0, 0x20, 0x10)),
                );
                if ui.button(lang.t(&i18n::REFEREE_OFF)).clicked() {
                    out.push(Command::Play(Act::RefereeView(false)));
                }
            });
        } else if !game.status().is_over() && ui.button(lang.t(&i18n::REFEREE_VIEW)).clicked() {
            out.push(Command::Play(Act::AskRefereeView));
        }
        if game.record().referee_view_used() {
            ui.weak(lang.t(&i18n::REFEREE_USED));
        }
        if let Some(t) = super::words::continued_text(game, lang) {
            ui.weak(t);
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
    if let Some(t) = super::words::takebacks_text(game, lang) {
        ui.label(t);
    }
    // The deal's seed, open once the game is over: the same deal can be played again.
    if let Some(seed) = game.free_seed() {
        ui.label(fill(lang.t(&i18n::DEAL), &[("seed", &seed.to_string())]));
        if super::records::info_value(game.record(), InfoKey::Deal) == Some("typed") {
            ui.weak(lang.t(&i18n::DEAL_TYPED));
        }
    }
    let order: &[Seat] = if game.board().is_four() {
        &[Seat::South, Seat::North, Seat::East, Seat::West]
    } else {
        game.board().seats
    };
    for &side in order {
        if game.board().is_four() && matches!(side, Seat::South | Seat::East) {
            // Four players: the summary goes by team (South and North, East and West).
            ui.label(RichText::new(super::words::team_name(side.team(), lang)).strong());
        }
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

/// 记子 of the enemy's pieces as two-player colour `me` can account for them (`None` for a
/// four-player seat, which has two enemies).
pub fn enemy_counts(game: &Game, me: Seat) -> Option<EnemyCounts> {
    me.opponent().map(|enemy| seat_counts(game, me, enemy))
}

/// 记子 of one other seat's pieces as `me` can account for them (four players: each opponent,
/// and the partner without team view): each clash of the record as `me` saw it before it, and
/// `me`'s own view now (`jizi::Removed::counts`, as the network screen counts).
pub fn seat_counts(game: &Game, me: Seat, enemy: Seat) -> EnemyCounts {
    let mut removed = super::jizi::Removed::default();
    let looker = Looker::Side(me);
    for (i, ply) in game.plies().iter().enumerate() {
        let (Some(Turn::Move { from, to }), Some(report)) = (ply.turn, &ply.report) else {
            continue;
        };
        let Some(outcome) = report.clash else {
            continue;
        };
        let flags: Vec<Seat> = report.flags_revealed().map(|(s, _)| s).collect();
        removed.add_clash(
            outcome,
            super::session::seen_at(game, i, looker, from),
            super::session::seen_at(game, i, looker, to),
            &flags,
        );
    }
    removed.counts(enemy, &game.sight_now(game.own_sight(me)))
}

/// Hidden mode: the 记子 panel for the player looking (nothing while the curtain is down, with the
/// referee view on, or after the end, when everything is shown anyway), fitted above the lists.
pub fn enemy_count_panel(ui: &mut egui::Ui, play: &Session, lang: Lang, fit: Fit) {
    let game = play.game();
    let Looker::Side(me) = play.looker() else {
        return;
    };
    if !game.rules().mode.hides_identities() || game.status().is_over() {
        return;
    }
    let board = game.board();
    let others: Vec<Seat> = if board.is_four() {
        // Every other seat still in whose pieces `me` does not see (the partner's are seen
        // under team view).
        let out = game.position().out();
        board
            .seats
            .iter()
            .copied()
            .filter(|&s| s != me && !out.contains(s))
            .filter(|&s| !(game.rules().team_view && me.partner() == Some(s)))
            .collect()
    } else {
        me.opponent().into_iter().collect()
    };
    let tables: Vec<EnemyCounts> = others
        .into_iter()
        .map(|e| seat_counts(game, me, e))
        .collect();
    // Two players: the one table open. Four players: the three tables start folded, so that
    // beside the four trays the move list and the event log keep their seven lines.
    count_panels(ui, lang, &tables, !board.is_four(), fit);
}

/// Flip mode: per side, how many of each piece are face down, face up or gone. Face-up and removed
/// pieces are public in flip mode; face down = the 25 of each side minus those.
pub fn flip_counts(ui: &mut egui::Ui, play: &Session, lang: Lang) {
    let game = play.game();
    if !game.rules().mode.deals_face_down() {
        return;
    }
    let view = game.view(Viewer::Side(Seat::Red));
    let mut up = [[0u8; 12]; 2];
    let mut gone = [[0u8; 12]; 2];
    for n in 0..view.board().len() as NodeId {
        if let Seen::Known(p) = view.at(n)
            && !p.is_face_down()
        {
            up[p.side().index()][p.rank() as usize - 1] += 1;
        }
    }
    for (side, list) in Seat::BOTH.iter().zip(&mut gone) {
        for s in removed_seen(game, Looker::All(game.own_sight(Seat::Red)), *side) {
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
    for side in Seat::BOTH {
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
        .spacing([super::panel::sized(ui, 22.0), 2.0])
        .show(ui, |ui| {
            ui.label("");
            for side in Seat::BOTH {
                ui.label(
                    RichText::new(lang.side(side))
                        .strong()
                        .color(board::side_colour(side)),
                );
            }
            ui.end_row();
            for r in Rank::ALL.iter() {
                ui.label(lang.rank(*r));
                for side in Seat::BOTH {
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
    use crate::engine::rng::SplitMix64;
    use crate::engine::{ClashOutcome, Turn};

    /// 记子 worked out another way: each removed enemy piece is named only if `me`'s view of the
    /// position before that turn showed it, or the clash said "mine dug", or its side's flag was
    /// shown by the turn (its field marshal fell).
    fn oracle(game: &Game, me: Seat) -> ([u8; 12], u32) {
        let mut known = [0u8; 12];
        let mut unknown = 0;
        for (i, ply) in game.plies().iter().enumerate() {
            let before = game.position_at(i).view(game.rules(), Viewer::Side(me));
            let dug = ply.report.as_ref().and_then(|r| r.clash) == Some(ClashOutcome::MineDug);
            let flags: Vec<Seat> = (ply.report.iter())
                .flat_map(|r| r.flags_revealed().map(|(s, _)| s))
                .collect();
            let to = match ply.turn {
                Some(Turn::Move { to, .. }) => Some(to),
                _ => None,
            };
            for &(n, p) in &ply.effects.removed {
                if p.side() == me {
                    continue;
                }
                match before.at(n) {
                    Seen::Known(q) => known[q.rank() as usize - 1] += 1,
                    _ if dug && to == Some(n) => known[Rank::Mine as usize - 1] += 1,
                    _ if flags.contains(&p.side()) => known[Rank::Marshal as usize - 1] += 1,
                    _ => unknown += 1,
                }
            }
        }
        (known, unknown)
    }

    #[test]
    fn enemy_counts_come_from_the_players_own_view() {
        let mut g = crate::engine::hidden_test_game();
        let mut rng = SplitMix64::new(11);
        let mut clashes = 0;
        let (mut saw_named, mut saw_unknown) = (false, false);
        for _ in 0..400 {
            if g.status().is_over() {
                break;
            }
            // Attacks first, so pieces come off (mines dug among them).
            let turns = g.position().legal_turns(g.rules());
            let attacks: Vec<Turn> = turns
                .iter()
                .copied()
                .filter(|t| matches!(t, Turn::Move { to, .. } if g.position().at(*to).is_some()))
                .collect();
            let pick = if attacks.is_empty() { &turns } else { &attacks };
            let Some(&t) = rng.choose(pick) else { break };
            g.play(t).unwrap();
            clashes += usize::from(
                g.plies()
                    .last()
                    .unwrap()
                    .report
                    .as_ref()
                    .unwrap()
                    .clash
                    .is_some(),
            );
            for me in Seat::BOTH {
                let c = enemy_counts(&g, me).expect("a colour has one enemy");
                let (known, unknown) = oracle(&g, me);
                assert_eq!(
                    c.removed_unknown,
                    unknown,
                    "after {} plies",
                    g.plies().len()
                );
                for row in &c.rows {
                    assert_eq!(row.removed, known[row.rank as usize - 1], "{row:?}");
                    assert_eq!(row.start, row.rank.count());
                    assert_eq!(row.left + row.removed + row.shown, row.start, "{row:?}");
                }
                // Every enemy piece: on the board (seen or not) or removed (named or not).
                let on_board = g.position().pieces(c.enemy).count() as u32;
                let named: u32 = c.rows.iter().map(|r| r.removed as u32).sum();
                let total: u32 = c.rows.iter().map(|r| r.start as u32).sum();
                assert_eq!(on_board + named + c.removed_unknown, total);
                saw_named |= named > 0;
                saw_unknown |= c.removed_unknown > 0;
            }
        }
        assert!(clashes > 0, "the test game had no clash");
        assert!(
            saw_named && saw_unknown,
            "named {saw_named}, unknown {saw_unknown}"
        );
    }
}

/// 记子 after a marshal trade: a fallen marshal is public (its flag is shown because it fell).
#[cfg(test)]
pub(crate) mod marshal_trade_tests {
    use super::*;
    use crate::app::jizi::{CountRow, EnemyCounts};
    use crate::app::words::move_text_for;
    use crate::engine::{Board, Mode, Rules, Start};

    /// Bomb ambush with the marshal on the front line's middle square: the two marshals meet
    /// at c6 and c7.
    const MARSHAL_FRONT: [&str; 6] = [
        "4 3 9 3 5",
        "B + 2 + B",
        "6 1 + 1 8",
        "7 + 5 + 7",
        "3 M 6 4 2",
        "M F M 2 1",
    ];

    /// A hidden two-player game whose marshals face each other at c6 and c7.
    pub(crate) fn marshals_face_to_face() -> Game {
        let rules = Rules::for_mode(Mode::Hidden);
        let lines: Vec<String> = MARSHAL_FRONT.iter().map(|l| l.to_string()).collect();
        let start = Start::Formations {
            red: lines.clone(),
            blue: lines,
        };
        Game::new(rules, start).unwrap()
    }

    /// `marshals_face_to_face` after its first turn, Red's marshal taking on Blue's: both fall,
    /// both flags are shown.
    pub(crate) fn marshal_trade() -> Game {
        let mut game = marshals_face_to_face();
        let b = game.board();
        let t = crate::engine::Turn::parse("c6-c7", b).unwrap();
        let report = game.play(t).unwrap().report.clone().unwrap();
        assert_eq!(report.flags_revealed().count(), 2, "{report:?}");
        game
    }

    fn row(c: &EnemyCounts, rank: Rank) -> CountRow {
        *c.rows.iter().find(|r| r.rank == rank).unwrap()
    }

    /// A fallen marshal is public (its flag is shown because it fell): each side counts the
    /// other's as a removed field marshal, none left, and the move list names both.
    #[test]
    fn a_marshal_whose_flag_was_shown_is_counted_removed() {
        let game = marshal_trade();
        for (me, enemy) in [(Seat::Red, Seat::Blue), (Seat::Blue, Seat::Red)] {
            let c = seat_counts(&game, me, enemy);
            let m = row(&c, Rank::Marshal);
            assert_eq!((m.removed, m.shown, m.left), (1, 0, 0), "{me:?}: {c:?}");
            let f = row(&c, Rank::Flag);
            assert_eq!((f.removed, f.shown, f.left), (0, 1, 0), "{me:?}: {c:?}");
            assert_eq!(c.removed_unknown, 0, "{me:?}: {c:?}");
            let ply = &game.plies()[0];
            assert_eq!(
                move_text_for(&game, 0, ply, Lang::En, Looker::Side(me)),
                "c6-c7 Field Marshal×Field Marshal"
            );
        }
    }

    /// The same in a four-player hidden game: South's marshal and East's fall together.
    #[test]
    fn a_marshal_whose_flag_was_shown_is_counted_removed_by_four_players() {
        let rules = Rules::for_mode(Mode::Hidden);
        let b = Board::four_player();
        let cells = "h1=sF j1=s8 g1=s2 q8=eF q10=e8 q7=e2 j17=nF h17=n8 k17=n2 \
                     a10=wF a8=w8 a11=w2 p9=s9 q9=e9";
        let mut grid = vec![".."; b.len()];
        for item in cells.split_whitespace() {
            let (square, cell) = item.split_once('=').unwrap();
            grid[b.node_by_name(square).unwrap() as usize] = cell;
        }
        let ranks: Vec<String> = (0..b.height)
            .rev()
            .map(|r| {
                (0..b.width)
                    .filter_map(|c| b.node_at(c, r))
                    .map(|n| grid[n as usize])
                    .collect()
            })
            .collect();
        let text = format!("{} s 0 0 -", ranks.join("/"));
        let mut game = Game::new(rules, Start::Position(text)).unwrap();
        let t = crate::engine::Turn::parse("p9-q9", b).unwrap();
        game.play(t).unwrap();
        for (me, enemy) in [(Seat::South, Seat::East), (Seat::North, Seat::East)] {
            let m = row(&seat_counts(&game, me, enemy), Rank::Marshal);
            assert_eq!((m.removed, m.left), (1, 0), "{me:?}");
        }
        let m = row(&seat_counts(&game, Seat::East, Seat::South), Rank::Marshal);
        assert_eq!((m.removed, m.left), (1, 0));
        // West knew neither piece: it names both from the flags shown.
        assert_eq!(
            move_text_for(
                &game,
                0,
                &game.plies()[0],
                Lang::En,
                Looker::Side(Seat::West)
            ),
            "South p9-q9 Field Marshal×Field Marshal"
        );
    }
}
