//! The end of a network game worth staying for: the result, how many pieces each side lost (read
//! from the last view: at the end the host reveals every piece; before that the board still shows
//! each side's pieces, known or not), the audit's verdict in words, the record kept and "Review
//! the game", and the rematch. Beside the revealed board when the window has room for it there,
//! else over it.

use super::game::RemoteGame;
use super::{Remote, RemoteCmd};
use crate::app::board;
use crate::app::words::status_text;
use crate::engine::{Rank, Seat, Seen, View};
use crate::i18n::{Lang, fill, net};
use crate::net::audit::{Lie, Unchecked, Verdict};

/// The colour of text that warns.
pub(super) use crate::app::play_parts::WARN;

/// Plain ink: a mark whose mover is not known (flip mode before colours), the words "Pieces lost".
pub(super) const INK: egui::Color32 = egui::Color32::from_rgb(0x4a, 0x3a, 0x28);

/// The narrowest column beside the board the end goes in; with less room beside the board (the
/// board as tall as the screen lets it be) it goes over the board.
const SIDE_MIN: f32 = 240.0;
/// The widest that column gets.
const SIDE_MAX: f32 = 440.0;

/// Each side's pieces off the board in `view`: (side, pieces lost), in board order. `None` in
/// flip mode while pieces lie face down (their owners are not known).
pub fn pieces_lost(view: &View, seats: &[Seat]) -> Option<Vec<(Seat, u32)>> {
    let full: u32 = Rank::ALL.iter().map(|r| u32::from(r.count())).sum();
    let mut on_board = vec![0u32; seats.len()];
    for n in 0..view.board().len() as u8 {
        let seat = match view.at(n) {
            Seen::Empty => continue,
            Seen::FaceDown => return None,
            Seen::Known(p) => p.seat(),
            Seen::Unknown(s) => s,
        };
        if let Some(k) = seats.iter().position(|&s| s == seat) {
            on_board[k] += 1;
        }
    }
    Some(
        (seats.iter().copied())
            .zip(on_board)
            .map(|(s, n)| (s, full.saturating_sub(n)))
            .collect(),
    )
}

/// "Pieces lost: Red 14  Blue 19" under the result, centred, each side in its colour.
fn losses(ui: &mut egui::Ui, g: &RemoteGame, lang: Lang) {
    let Some(view) = g.view() else {
        return;
    };
    let Some(lost) = pieces_lost(view, g.board().seats) else {
        return;
    };
    let font = egui::FontId::proportional(15.0);
    let plain = |colour| egui::TextFormat::simple(font.clone(), colour);
    let mut job = egui::text::LayoutJob {
        halign: egui::Align::Center,
        ..Default::default()
    };
    job.append(lang.t(&net::PIECES_LOST), 0.0, plain(INK));
    for (s, n) in lost {
        let text = fill(
            lang.t(&net::PIECES_LOST_SIDE),
            &[("side", lang.side(s)), ("n", &n.to_string())],
        );
        job.append(&text, 10.0, plain(board::side_colour(s)));
    }
    ui.label(job);
}

/// The width of the column beside the board the end goes in, or `None` when it goes over the
/// board: the room left beside the board as tall as `ui` lets it be, if there is enough.
fn side_width(ui: &egui::Ui, g: &RemoteGame) -> Option<f32> {
    let avail = ui.available_size();
    let board_width = board::fitted(g.board(), egui::vec2(f32::INFINITY, avail.y)).x;
    let room = avail.x - board_width - 2.0 * ui.spacing().item_spacing.x;
    (g.over() && room >= SIDE_MIN).then(|| room.min(SIDE_MAX))
}

/// The end, where it fits best: in a column left of the board when the window has room beside
/// the board (a wide window, or 640×480 with the side panel folded), else over the board. The
/// board then takes what is left of `ui`.
pub fn place(
    ui: &mut egui::Ui,
    remote: &Remote,
    g: &RemoteGame,
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    match side_width(ui, g) {
        Some(width) => {
            egui::Panel::left("net-end-beside")
                .resizable(false)
                .show_separator_line(false)
                .frame(egui::Frame::NONE)
                .exact_size(width)
                .show(ui, |ui| {
                    ui.add_space(8.0);
                    banner(ui, remote, g, lang, out);
                });
        }
        None => banner(ui, remote, g, lang, out),
    }
}

/// Two buttons side by side, centred in `ui` (the right one's hover text `right_tip`), or one
/// under the other when `ui` is too narrow for both: whether each was clicked.
fn centred_pair(
    ui: &mut egui::Ui,
    left: &str,
    right: &str,
    right_tip: Option<&str>,
) -> (bool, bool) {
    let text = |t: &str| egui::RichText::new(t).size(16.0);
    let width = |ui: &egui::Ui, t: &str| {
        egui::WidgetText::from(text(t))
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Button,
            )
            .size()
            .x
            + 2.0 * ui.spacing().button_padding.x
    };
    let both = width(ui, left) + ui.spacing().item_spacing.x + width(ui, right);
    let buttons = |ui: &mut egui::Ui| {
        let l = ui.button(text(left)).clicked();
        let r = ui.button(text(right));
        let r = match right_tip {
            Some(tip) => r.on_hover_text(tip),
            None => r,
        };
        (l, r.clicked())
    };
    if both > ui.available_width() {
        return buttons(ui);
    }
    let free = ui.available_rect_before_wrap();
    let left_x = free.center().x - both / 2.0;
    let row = egui::Rect::from_min_max(
        egui::pos2(left_x, free.top()),
        egui::pos2(left_x + both + 1.0, free.bottom()),
    );
    ui.scope_builder(
        egui::UiBuilder::new()
            .max_rect(row)
            .layout(egui::Layout::left_to_right(egui::Align::Min)),
        |ui| buttons(ui),
    )
    .inner
}

/// The banner of the game's end: the result, the pieces each side lost, the audit's verdict in
/// words, where the record was kept (its file's name; the whole path on hover), "Review the
/// game" and the rematch.
fn banner(
    ui: &mut egui::Ui,
    remote: &Remote,
    g: &RemoteGame,
    lang: Lang,
    out: &mut Vec<RemoteCmd>,
) {
    let Some(text) = g.status().and_then(|s| status_text(s, lang)) else {
        return;
    };
    board::banner_frame(8).show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(text).size(24.0).strong());
            if !g.over() {
                return;
            }
            losses(ui, g, lang);
            let (t, colour) = audit_text(remote.audit.as_ref(), lang);
            ui.label(egui::RichText::new(t).size(15.0).color(colour));
            let mut review = false;
            match &remote.kept {
                Some(Ok(p)) => {
                    let name = p.file_name().map_or_else(
                        || p.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    );
                    // The name on a line of its own: it has no blank to break at.
                    let name = format!("\n{name}");
                    ui.weak(fill(lang.t(&net::RECORD_KEPT), &[("file", &name)]))
                        .on_hover_text(p.display().to_string());
                    review = true;
                }
                Some(Err(e)) => {
                    ui.colored_label(
                        WARN,
                        fill(lang.t(&net::RECORD_NOT_KEPT), &[("e", &lang.file_error(e))]),
                    );
                }
                None => {}
            }
            ui.add_space(4.0);
            let ask = remote.connected().then_some(&remote.rematch);
            let (review, rematch_asked) = match (review, ask) {
                (true, Some(ask)) if asks(ask) => centred_pair(
                    ui,
                    lang.t(&net::REVIEW_GAME),
                    lang.t(&net::REMATCH),
                    Some(lang.t(&net::REMATCH_TIP)),
                ),
                (review, ask) => (
                    review
                        && ui
                            .button(egui::RichText::new(lang.t(&net::REVIEW_GAME)).size(16.0))
                            .clicked(),
                    ask.is_some_and(asks)
                        && ui
                            .button(egui::RichText::new(lang.t(&net::REMATCH)).size(16.0))
                            .on_hover_text(lang.t(&net::REMATCH_TIP))
                            .clicked(),
                ),
            };
            if review {
                out.push(RemoteCmd::Review);
            }
            if rematch_asked {
                out.push(RemoteCmd::Rematch(true));
            }
            if let Some(ask) = ask {
                rematch(ui, ask, lang, out);
            }
        });
    });
}

/// Whether the Rematch button is offered: nobody has asked, or the last ask is off.
fn asks(ask: &super::RematchAsk) -> bool {
    matches!(ask, super::RematchAsk::None | super::RematchAsk::Off { .. })
}

/// The rematch at the end besides its button: another's request with Accept / Decline (as a draw
/// offer's banner has); one's own waiting; a rematch called off, and by whom.
fn rematch(ui: &mut egui::Ui, ask: &super::RematchAsk, lang: Lang, out: &mut Vec<RemoteCmd>) {
    use super::RematchAsk;
    match ask {
        RematchAsk::Asked { agreed: true, .. } => {
            ui.label(egui::RichText::new(lang.t(&net::REMATCH_WAIT)).size(15.0));
        }
        RematchAsk::Asked { by, agreed: false } => {
            board::banner_frame(6).show(ui, |ui| {
                ui.label(
                    egui::RichText::new(fill(lang.t(&net::REMATCH_ASKED), &[("who", by)]))
                        .size(16.0)
                        .strong(),
                );
                let (yes, no) = centred_pair(
                    ui,
                    lang.t(&net::REMATCH_ACCEPT),
                    lang.t(&net::REMATCH_DECLINE),
                    None,
                );
                if yes || no {
                    out.push(RemoteCmd::Rematch(yes));
                }
            });
        }
        RematchAsk::Off { who, left } => {
            let t = if *left {
                &net::REMATCH_LEFT
            } else {
                &net::REMATCH_DECLINED
            };
            ui.colored_label(WARN, fill(lang.t(t), &[("who", who)]));
        }
        RematchAsk::None => {}
    }
}

/// The audit's verdict in the player's words, and its colour.
fn audit_text(v: Option<&Verdict>, lang: Lang) -> (String, egui::Color32) {
    let green = egui::Color32::from_rgb(0x1d, 0x7a, 0x35);
    match v {
        None => (lang.t(&net::AUDIT_WAIT).to_string(), INK),
        Some(Verdict::Honest { reports, .. }) => (
            fill(lang.t(&net::AUDIT_HONEST), &[("n", &reports.to_string())]),
            green,
        ),
        Some(Verdict::Lied(lie)) => {
            let why = match lie {
                Lie::Commitment(side) => {
                    fill(lang.t(&net::LIE_COMMITMENT), &[("side", lang.side(*side))])
                }
                Lie::TwoCommitments => lang.t(&net::LIE_TWO).to_string(),
                Lie::Report { turn, said, truth } => match truth {
                    Some(t) => fill(
                        lang.t(&net::LIE_REPORT),
                        &[("n", &turn.to_string()), ("said", said), ("truth", t)],
                    ),
                    None => fill(
                        lang.t(&net::LIE_NO_TURN),
                        &[("n", &turn.to_string()), ("said", said)],
                    ),
                },
                Lie::Stretch => lang.t(&net::LIE_STRETCH).to_string(),
                Lie::Refusal { turn, said } => fill(
                    lang.t(&net::LIE_REFUSAL),
                    &[("n", &turn.to_string()), ("t", said)],
                ),
                Lie::Acted { turn, what } => {
                    let n = turn.to_string();
                    match what {
                        crate::engine::Action::Turn(t) | crate::engine::Action::Refused(t) => {
                            fill(lang.t(&net::LIE_ACTED_TURN), &[("n", &n), ("t", t)])
                        }
                        crate::engine::Action::Resign(_) => {
                            fill(lang.t(&net::LIE_ACTED_RESIGN), &[("n", &n)])
                        }
                        crate::engine::Action::Takeback { .. } => {
                            fill(lang.t(&net::LIE_ACTED_TAKEBACK), &[("n", &n)])
                        }
                        _ => fill(lang.t(&net::LIE_ACTED_DRAW), &[("n", &n)]),
                    }
                }
                Lie::Formation(side) => {
                    fill(lang.t(&net::LIE_FORMATION), &[("side", lang.side(*side))])
                }
                Lie::View { turn, node } => fill(
                    lang.t(&net::LIE_VIEW),
                    &[("n", &turn.to_string()), ("node", node)],
                ),
                Lie::Result { .. } => lang.t(&net::LIE_RESULT).to_string(),
                Lie::Count { said, truth } => fill(
                    lang.t(&net::LIE_COUNT),
                    &[("said", &said.to_string()), ("truth", &truth.to_string())],
                ),
                Lie::Record(e) => fill(lang.t(&net::LIE_RECORD), &[("e", e)]),
                Lie::Timeout { side, count } => fill(
                    lang.t(&net::LIE_TIMEOUT),
                    &[("side", lang.side(*side)), ("n", &count.to_string())],
                ),
                Lie::Past { turn } => fill(lang.t(&net::LIE_PAST), &[("n", &turn.to_string())]),
            };
            (fill(lang.t(&net::AUDIT_LIED), &[("why", &why)]), WARN)
        }
        Some(Verdict::Unchecked(u)) => {
            let why = match u {
                Unchecked::NoCommitment => lang.t(&net::UNCHECKED_NO_COMMIT),
                Unchecked::NoReveal => lang.t(&net::AUDIT_NO_END),
                Unchecked::BadReveal => lang.t(&net::UNCHECKED_BAD_REVEAL),
            };
            (fill(lang.t(&net::AUDIT_UNCHECKED), &[("why", why)]), WARN)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Mode, Rules, Start, Viewer};

    /// At the start nobody has lost a piece; after a game played to its end the losses are
    /// the pieces each side has no more, known or hidden from the viewer alike.
    #[test]
    fn pieces_lost_are_counted_from_the_view() {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 7)).unwrap();
        let seats = game.board().seats;
        let v = game.view(Viewer::Side(Seat::Red));
        assert_eq!(
            pieces_lost(&v, seats),
            Some(vec![(Seat::Red, 0), (Seat::Blue, 0)])
        );
        let mut rng = crate::engine::rng::SplitMix64::new(3);
        crate::ai::RandomPlayer::default().play_on(&mut game, &mut rng, 300, |_, _| {});
        let mut lost_any = false;
        for viewer in [Seat::Red, Seat::Blue] {
            let v = game.view(Viewer::Side(viewer));
            for (s, n) in pieces_lost(&v, seats).unwrap() {
                let left = (0..v.board().len() as u8)
                    .filter(|&k| game.position().at(k).is_some_and(|p| p.seat() == s))
                    .count() as u32;
                assert_eq!(n + left, 25, "{s:?}");
                lost_any |= n > 0;
            }
        }
        assert!(lost_any, "the random game took pieces");
    }
}
