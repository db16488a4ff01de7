//! The end of a network game worth staying for: how many pieces each side lost, read from the
//! last view (at the end the host reveals every piece; before that the board still shows each
//! side's pieces, known or not).

use super::game::RemoteGame;
use crate::app::board;
use crate::engine::{Rank, Seat, Seen, View};
use crate::i18n::{Lang, fill, net};

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

/// "Pieces lost: Red 14 · Blue 19" under the result.
pub fn losses(ui: &mut egui::Ui, g: &RemoteGame, lang: Lang) {
    let Some(view) = g.view() else {
        return;
    };
    let Some(lost) = pieces_lost(view, g.board().seats) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(lang.t(&net::PIECES_LOST)).size(15.0));
        for (s, n) in lost {
            let text = fill(
                lang.t(&net::PIECES_LOST_SIDE),
                &[("side", lang.side(s)), ("n", &n.to_string())],
            );
            ui.label(
                egui::RichText::new(text)
                    .size(15.0)
                    .strong()
                    .color(board::side_colour(s)),
            );
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Mode, Rules, Start, Viewer};

    /// At the start nobody has lost a piece; after a game played to its end the losses are
    /// the pieces each side has no more, known or hidden from the viewer alike.
    #[test]
    fn pieces_lost_are_counted_from_the_view() {
        use crate::ai::Player;
        let rules = Rules::for_mode(Mode::Hidden);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 7)).unwrap();
        let seats = game.board().seats;
        let v = game.view(Viewer::Side(Seat::Red));
        assert_eq!(
            pieces_lost(&v, seats),
            Some(vec![(Seat::Red, 0), (Seat::Blue, 0)])
        );
        let mut rng = crate::engine::rng::SplitMix64::new(3);
        let mut p = crate::ai::RandomPlayer::default();
        for _ in 0..300 {
            let Some(side) = game.position().side_to_move() else {
                break;
            };
            if game.status().is_over() {
                break;
            }
            let t = p
                .choose(&game.view(Viewer::Side(side)), &rules, &mut rng)
                .unwrap();
            game.play(t).unwrap();
        }
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
