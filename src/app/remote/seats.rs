//! The people at the network game's seats, over the board: each seat's name and its state at a
//! glance (to move, thinking, online, dropped, out), a notice while a seat's player is away (the
//! game waits for them), and the questions another seat asks of this one (a draw offer, a
//! takeback) as a banner with the answer buttons there, so that they show with the side panel
//! folded away too.

use super::game::{GameAct, RemoteGame};
use super::link::{RoomInfo, SeatWho};
use super::{Remote, RemoteCmd};
use crate::app::board;
use crate::engine::{Chair, Seat};
use crate::i18n::{self, Lang, fill, net};

/// A seat's state at a glance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatState {
    /// This screen's seat, asked for its turn.
    YourMove,
    /// Another seat is asked for its turn.
    Thinking,
    /// Connected, not to move.
    Online,
    /// Its player dropped: the game waits for them.
    Dropped,
    /// Four players: out of the game.
    Out,
}

impl SeatState {
    fn words(self, lang: Lang) -> &'static str {
        lang.t(match self {
            SeatState::YourMove => &net::SEAT_YOUR_MOVE,
            SeatState::Thinking => &net::SEAT_THINKING,
            SeatState::Online => &net::SEAT_ONLINE,
            SeatState::Dropped => &net::SEAT_DROPPED,
            SeatState::Out => &net::SEAT_OUT,
        })
    }
}

/// The side of seat `k` of the room: its chair's, or (flip mode, two players) found from this
/// screen's side once the colours are known.
fn side_of(room: &RoomInfo, k: usize, g: &RemoteGame) -> Option<Seat> {
    match room.seats.get(k)?.chair {
        Chair::Side(s) => Some(s),
        Chair::Player(_) => {
            let me = g.seat()?;
            if Some(k) == room.you {
                Some(me)
            } else {
                me.partner().or(Some(if me == Seat::Red {
                    Seat::Blue
                } else {
                    Seat::Red
                }))
            }
        }
    }
}

/// The state of seat `k` (of side `side`, if known).
pub fn seat_state(
    g: &RemoteGame,
    side: Option<Seat>,
    mine: bool,
    away: &[(usize, f64)],
    k: usize,
) -> SeatState {
    let view = g.view();
    if let (Some(v), Some(s)) = (view, side)
        && v.out().iter().any(|(o, _)| o == s)
    {
        return SeatState::Out;
    }
    // After the end the players leave as they like: nobody is waited for.
    if !g.over() && away.iter().any(|(j, _)| *j == k) {
        return SeatState::Dropped;
    }
    let moving = !g.over()
        && view
            .and_then(|v| v.mover().side())
            .is_some_and(|m| Some(m) == side);
    match (moving, mine) {
        (true, true) => SeatState::YourMove,
        (true, false) => SeatState::Thinking,
        _ => SeatState::Online,
    }
}

/// The seats' row over the board: "Red Li — thinking…   Blue Mei (you) — your move".
pub fn seat_strip(ui: &mut egui::Ui, remote: &Remote, g: &RemoteGame, lang: Lang) {
    let Some(room) = &remote.room else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        for (k, info) in room.seats.iter().enumerate() {
            let side = side_of(room, k, g);
            let mine = Some(k) == room.you;
            let name = match &info.who {
                SeatWho::Player(n) => n.clone(),
                SeatWho::Computer(spec) => fill(lang.t(&net::SEAT_COMPUTER), &[("spec", spec)]),
                SeatWho::Free => "-".into(),
            };
            let state = seat_state(g, side, mine, &remote.away, k);
            let who = match side {
                Some(s) => format!("{} {name}", lang.side(s)),
                None => name,
            };
            let who = if mine {
                fill(lang.t(&net::SEAT_YOU), &[("name", &who)])
            } else {
                who
            };
            let colour = side.map_or(ui.visuals().text_color(), board::side_colour);
            let text = format!("● {who} — {}", state.words(lang));
            let mut rich = egui::RichText::new(text).size(15.0).color(colour);
            if matches!(state, SeatState::YourMove | SeatState::Thinking) {
                rich = rich.strong();
            }
            if state == SeatState::Dropped {
                rich = rich.italics();
            }
            ui.label(rich);
            ui.add_space(12.0);
        }
    });
}

/// "Red asks to take back 2 turns" and the like: `text` filled with the side and the turns.
pub fn takeback_words(text: &i18n::Text, side: Seat, turns: u32, lang: Lang) -> String {
    fill(
        lang.t(text),
        &[("side", lang.side(side)), ("n", &turns.to_string())],
    )
}

/// "m:ss" of `secs` seconds.
pub fn minutes(secs: f64) -> String {
    let s = secs.max(0.0) as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// "West dropped — the game waits (1:05)", for each seat away, while the game goes on.
pub fn away_notice(ui: &mut egui::Ui, remote: &Remote, g: &RemoteGame, now: f64, lang: Lang) {
    let Some(room) = &remote.room else {
        return;
    };
    if g.over() || remote.away.is_empty() {
        return;
    }
    board::banner_frame(6).show(ui, |ui| {
        for (k, since) in &remote.away {
            let who = match side_of(room, *k, g) {
                Some(s) => lang.side(s).to_string(),
                None => fill(lang.t(&net::SEAT_N), &[("n", &(k + 1).to_string())]),
            };
            let text = fill(
                lang.t(&net::AWAY_NOTICE),
                &[("who", &who), ("t", &minutes(now - since))],
            );
            ui.label(egui::RichText::new(text).size(16.0).strong());
        }
    });
}

/// Another seat's draw offer or takeback request, with the answer buttons, over the board.
pub fn requests_banner(ui: &mut egui::Ui, g: &RemoteGame, lang: Lang, out: &mut Vec<RemoteCmd>) {
    if let Some(s) = g.draw_asked() {
        board::banner_frame(8).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(fill(
                        lang.t(&i18n::DRAW_OFFERED),
                        &[("side", lang.side(s))],
                    ))
                    .size(17.0)
                    .strong()
                    .color(board::side_colour(s)),
                );
                if ui.button(lang.t(&i18n::ACCEPT_DRAW)).clicked() {
                    out.push(RemoteCmd::Game(GameAct::AnswerDraw(true)));
                }
                if ui.button(lang.t(&i18n::DECLINE_DRAW)).clicked() {
                    out.push(RemoteCmd::Game(GameAct::AnswerDraw(false)));
                }
            });
        });
    }
    if let Some((s, n)) = g.takeback_asked() {
        board::banner_frame(8).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(takeback_words(&net::TAKEBACK_ASKED, s, n, lang))
                        .size(17.0)
                        .strong()
                        .color(board::side_colour(s)),
                );
                let allow = format!("{} (Y)", lang.t(&net::TAKEBACK_ALLOW));
                if ui.button(allow).clicked() {
                    out.push(RemoteCmd::Game(GameAct::AnswerTakeback(true)));
                }
                let refuse = format!("{} (N)", lang.t(&net::TAKEBACK_REFUSE));
                if ui.button(refuse).clicked() {
                    out.push(RemoteCmd::Game(GameAct::AnswerTakeback(false)));
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_reads_in_minutes_and_seconds() {
        assert_eq!(minutes(0.4), "0:00");
        assert_eq!(minutes(65.9), "1:05");
        assert_eq!(minutes(600.0), "10:00");
        assert_eq!(minutes(-3.0), "0:00");
    }
}
