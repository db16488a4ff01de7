//! The rules of play that every game keeps, written once: whose turn it is, what a seat's
//! answer means within one turn (a second draw offer, a second takeback ask, too many refused
//! turns, a turn its own view shows to be illegal), who answers a question and in which order,
//! how far a takeback goes and how it is made through the gate, a forfeit, and a turn lost to
//! the move clock.
//!
//! The table (`Table::poll` and `step`: the arena, the network host and the physical-board
//! referee's tracked game), the window's one-screen game (`app::session`) and its outside
//! engines (`engine_player`) all call these; none of them decides one of these things on its
//! own. Everything here works on a `Game` and does no I/O.

use super::{Reply, SeatFailure};
use crate::engine::{
    Action, ActionError, Chair, Disclosure, Game, InfoKey, Mover, Rules, Seat, Turn, View,
};

/// The most turns the referee may refuse one seat in one turn (a hidden flag rule refuses an
/// attack, and the seat is told why): a seat that ignores refusals fails after this many.
/// The built-in players never offer a refused turn again, so they never reach it.
pub const REFUSALS_PER_TURN: usize = 64;

/// The side a chair plays now: its side, or in flip mode its player's colour once the colours
/// are decided.
pub fn side_of_chair(game: &Game, chair: Chair) -> Option<Seat> {
    match chair {
        Chair::Side(s) => Some(s),
        Chair::Player(p) => game.player_colour(p),
    }
}

/// Whose turn: the index in `chairs` of the chair that is to move (the side to move, or in flip
/// mode the player to move, by number before the colours are decided and by colour after).
pub fn chair_to_move(game: &Game, chairs: impl IntoIterator<Item = Chair>) -> Option<usize> {
    let mover = game.position().mover();
    chairs.into_iter().position(|c| match (c, mover) {
        (Chair::Side(s), Mover::Side(m)) => s == m,
        (Chair::Player(p), Mover::Player(m)) => p == m,
        (Chair::Player(p), Mover::Side(m)) => game.player_colour(p) == Some(m),
        (Chair::Side(_), Mover::Player(_)) => false,
    })
}

/// The chairs of a game whose seats are the board's (one screen, a network room): a flip game's
/// players 1 and 2, otherwise the board's sides in seat order.
pub fn chairs_of(game: &Game) -> Vec<Chair> {
    let seats = game.board().seats;
    if game.rules().mode.deals_face_down() {
        (1..=seats.len() as u8).map(Chair::Player).collect()
    } else {
        seats.iter().copied().map(Chair::Side).collect()
    }
}

/// Who is asked a question that `by` puts to the table (a draw offer, a takeback): the other
/// sides still in, in turn order round the board starting after `by`. A draw or a takeback
/// needs every one of them (RULES.md 9.7).
pub fn answerers(game: &Game, by: Seat) -> Vec<Seat> {
    let seats = game.board().seats;
    let k = seats.iter().position(|&s| s == by).unwrap_or(0);
    let still_in = game.seats_in();
    (1..seats.len())
        .map(|i| seats[(k + i) % seats.len()])
        .filter(|s| still_in.contains(s))
        .collect()
}

/// `side` answers the open draw offer. The game is drawn when the last answerer accepts; one
/// "no" withdraws the offer.
///
/// # Errors
/// No offer is open, or `side` is not one that answers it.
pub fn answer_draw(game: &mut Game, side: Seat, yes: bool) -> Result<(), ActionError> {
    game.act(if yes {
        Action::AcceptDraw(side)
    } else {
        Action::DeclineDraw(side)
    })
}

/// How far a takeback asked by `by` goes: the fewest standing actions after whose takeback the
/// position satisfies `back_far_enough`, with at least one turn undone — and how many turns
/// (plies) that takes back. `None` when no takeback of `by` gets there.
pub fn takeback_until(
    game: &Game,
    by: Seat,
    back_far_enough: impl Fn(&Game) -> bool,
) -> Option<(u32, u32)> {
    let standing = game.standing_actions().len() as u32;
    let plies = game.plies().len() as u32;
    (1..=standing.min(256)).find_map(|actions| {
        let mut probe = game.clone();
        let back = probe.act(Action::Takeback { by, turns: actions }).is_ok();
        let dropped = plies.saturating_sub(probe.plies().len() as u32);
        (back && dropped > 0 && back_far_enough(&probe)).then_some((actions, dropped))
    })
}

/// How far `by`'s takeback goes: back to `by`'s own last turn (the fewest standing actions
/// after which `by` is to move again), and how many turns that takes back.
pub fn takeback_span(game: &Game, by: Seat) -> Option<(u32, u32)> {
    takeback_until(game, by, |g| g.position().side_to_move() == Some(by))
}

/// Why a takeback was not made.
#[derive(Clone, Debug, PartialEq)]
pub enum TakebackRefused {
    /// The gate refused it (after the end of the game), in English.
    Gate(String),
    /// The game refused the takeback itself.
    Game(ActionError),
}

/// Make a takeback every answerer agreed to: `actions` standing actions for `by`, through the
/// gate (`Disclosure::Takeback`, confirmed), kept in the record as `Action::Takeback`.
///
/// # Errors
/// The gate or the game refused it; the game is unchanged.
pub fn take_back(game: &mut Game, by: Seat, actions: u32) -> Result<(), TakebackRefused> {
    let grant = game
        .disclose(Disclosure::Takeback, Some(by), true)
        .map_err(|e| TakebackRefused::Gate(e.to_string()))?;
    game.take_back(grant, by, actions)
        .map_err(TakebackRefused::Game)
}

/// The side to move lost its turn to the move clock (`Action::Timeout`): how many turns it has
/// now lost so (the rules end the game at their limit). `None` when no side is to move (a flip
/// game before the colours are decided) or the game refused it: the caller treats the seat as
/// one that hung.
pub fn time_out(game: &mut Game) -> Option<u32> {
    let side = game.position().side_to_move()?;
    game.act(Action::Timeout(side)).ok()?;
    Some(game.timeouts(side))
}

/// What a forfeit did to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// The seat's side resigned (four players: it is out, and the game may go on).
    Resigned,
    /// The seat never played a turn of this game: the game is abandoned with no result.
    Abandoned,
    /// No side to resign (a flip game before the colours are decided): the game stops, and
    /// the record's `forfeit` entry says who failed.
    NoSide,
}

/// A seat failed (an engine crashed, hung, broke the protocol …) or resigned where no side can
/// resign: the record's `forfeit` entry says who and why, in English (kept with an earlier
/// one: with four players a second seat may fail later), and its side resigns. With
/// `abandon_unplayed`, a seat that never played a turn has not played this game: the game is
/// abandoned (the record's `abandoned` entry) instead of lost.
pub fn forfeit(
    game: &mut Game,
    chair: Chair,
    name: &str,
    why: &str,
    abandon_unplayed: bool,
) -> Forfeit {
    let mut text = format!("{chair} ({name}): {why}");
    if let Some((_, before)) =
        (game.record().info.iter()).find(|(key, _)| key == InfoKey::Forfeit.as_str())
    {
        text = format!("{before}; {text}");
    }
    game.set_info(InfoKey::Forfeit, &text);
    if abandon_unplayed && !has_played(game, chair) {
        game.set_info(InfoKey::Abandoned, "engine");
        return Forfeit::Abandoned;
    }
    match side_of_chair(game, chair) {
        Some(s) if game.act(Action::Resign(s)).is_ok() => Forfeit::Resigned,
        _ => Forfeit::NoSide,
    }
}

/// Whether `chair` played a turn of this game (a turn lost to the move clock is none).
pub fn has_played(game: &Game, chair: Chair) -> bool {
    (0..game.plies().len())
        .filter(|&i| game.plies()[i].turn.is_some())
        .any(|i| match (game.position_at(i).mover(), chair) {
            (Mover::Player(m), Chair::Player(p)) => m == p,
            (Mover::Side(m), c) => side_of_chair(game, c) == Some(m),
            (Mover::Player(_), Chair::Side(_)) => false,
        })
}

/// What a seat's answer means within one turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A turn to play (checked against the seat's own view).
    Play(Turn),
    Resign,
    /// The seat's first draw offer of this turn: put it to the others.
    OfferDraw,
    /// The seat's first takeback ask of this turn: put it to the others.
    AskTakeback,
}

/// One seat's turn as it goes: what it offered, asked and had refused so far. The same rules
/// for every seat: one draw offer and one takeback ask a turn, at most `REFUSALS_PER_TURN`
/// refused turns, and a turn its own view shows to be illegal loses.
#[derive(Clone, Debug, Default)]
pub struct OneTurn {
    offered: bool,
    asked_back: bool,
    refused: usize,
}

impl OneTurn {
    /// What `reply`, given for `view`, means; a seat that broke the rules of a turn fails.
    ///
    /// # Errors
    /// A second draw offer or takeback ask in one turn, or a turn the seat's own view shows
    /// to be against the rules.
    pub fn answer(
        &mut self,
        reply: Reply,
        view: &View,
        rules: &Rules,
    ) -> Result<Answer, SeatFailure> {
        match reply {
            Reply::Turn(turn) => match view.check_turn(rules, turn) {
                Ok(()) => Ok(Answer::Play(turn)),
                Err(why) => Err(SeatFailure::Illegal {
                    turn: turn.notation(view.board()),
                    why: why.to_string(),
                }),
            },
            Reply::Resign => Ok(Answer::Resign),
            Reply::OfferDraw if !self.offered => {
                self.offered = true;
                Ok(Answer::OfferDraw)
            }
            Reply::OfferDraw => Err(SeatFailure::DrawOfferedTwice),
            Reply::AskTakeback if !self.asked_back => {
                self.asked_back = true;
                Ok(Answer::AskTakeback)
            }
            Reply::AskTakeback => Err(SeatFailure::TakebackAskedTwice),
        }
    }

    /// The referee refused the seat's turn (a hidden flag rule): counted.
    ///
    /// # Errors
    /// More than `REFUSALS_PER_TURN` refusals in this turn.
    pub fn refused(&mut self) -> Result<(), SeatFailure> {
        self.refused += 1;
        if self.refused > REFUSALS_PER_TURN {
            Err(SeatFailure::RefusedTooOften)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Mode, Start, hidden_test_game};

    /// The first legal turn of the side to move (a plain move: no clash at the start).
    fn play_one(g: &mut Game) {
        let turn = g.position().legal_turns(g.rules())[0];
        g.play(turn).unwrap();
    }

    fn four_game() -> Game {
        let rules = Rules::for_mode(Mode::Hidden);
        let start = Start::random_four(&rules, 7);
        Game::new(rules, start).unwrap()
    }

    #[test]
    fn whose_turn_follows_the_side_or_the_flip_player() {
        let mut g = hidden_test_game();
        let chairs = chairs_of(&g);
        assert_eq!(
            chairs,
            vec![Chair::Side(Seat::Red), Chair::Side(Seat::Blue)]
        );
        assert_eq!(chair_to_move(&g, chairs.clone()), Some(0));
        play_one(&mut g);
        assert_eq!(chair_to_move(&g, chairs.clone()), Some(1));
        // Chairs given in another order: still the chair of the side to move.
        let swapped = [Chair::Side(Seat::Blue), Chair::Side(Seat::Red)];
        assert_eq!(chair_to_move(&g, swapped), Some(0));

        let rules = Rules::for_mode(Mode::Flip);
        let flip = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        let chairs = chairs_of(&flip);
        assert_eq!(chairs, vec![Chair::Player(1), Chair::Player(2)]);
        assert_eq!(chair_to_move(&flip, chairs), Some(0));
        assert_eq!(side_of_chair(&flip, Chair::Player(1)), None);
    }

    #[test]
    fn questions_go_round_the_board_after_the_asker_to_those_still_in() {
        let mut g = four_game();
        assert_eq!(
            answerers(&g, Seat::East),
            vec![Seat::North, Seat::West, Seat::South]
        );
        g.act(Action::Resign(Seat::West)).unwrap();
        assert_eq!(answerers(&g, Seat::East), vec![Seat::North, Seat::South]);
        assert_eq!(answerers(&hidden_test_game(), Seat::Blue), vec![Seat::Red]);
    }

    #[test]
    fn a_draw_needs_every_answer_and_one_no_withdraws_it() {
        let mut g = four_game();
        g.act(Action::OfferDraw(Seat::South)).unwrap();
        answer_draw(&mut g, Seat::East, true).unwrap();
        assert!(g.draw_accepted(Seat::East) && !g.draw_accepted(Seat::North));
        assert!(!g.status().is_over());
        answer_draw(&mut g, Seat::North, false).unwrap();
        assert_eq!(g.draw_offer(), None, "one no withdraws it");
        assert!(!g.status().is_over());
    }

    #[test]
    fn a_takeback_goes_back_to_the_askers_own_last_turn() {
        let mut g = hidden_test_game();
        assert_eq!(takeback_span(&g, Seat::Red), None);
        play_one(&mut g);
        play_one(&mut g);
        // Red to move again: Red's last turn is two turns back, Blue's one.
        assert_eq!(takeback_span(&g, Seat::Red), Some((2, 2)));
        assert_eq!(takeback_span(&g, Seat::Blue), Some((1, 1)));
        take_back(&mut g, Seat::Red, 2).unwrap();
        assert_eq!(g.plies().len(), 0);
        assert!(matches!(
            g.standing_actions().last(),
            None | Some(Action::Takeback { .. })
        ));
    }

    #[test]
    fn a_timeout_counts_for_the_side_to_move() {
        let mut rules = Rules::for_mode(Mode::Hidden);
        // Without a move clock no turn is lost to it.
        let mut g = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        assert_eq!(time_out(&mut g), None);
        rules.move_clock = Some(30);
        let mut g = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        assert_eq!(time_out(&mut g), Some(1));
        assert_eq!(g.timeouts(Seat::Red), 1);
        // Flip mode before the colours: no side to time out.
        let mut rules = Rules::for_mode(Mode::Flip);
        rules.move_clock = Some(30);
        let mut flip = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
        assert_eq!(time_out(&mut flip), None);
    }

    #[test]
    fn a_forfeit_resigns_unless_the_seat_never_played() {
        let mut g = hidden_test_game();
        let red = Chair::Side(Seat::Red);
        assert_eq!(forfeit(&mut g, red, "e", "hung", true), Forfeit::Abandoned);
        assert!(!g.status().is_over());
        let info = |g: &Game, key: InfoKey| {
            (g.record().info.iter())
                .find(|(k, _)| k == key.as_str())
                .map(|(_, v)| v.clone())
        };
        assert_eq!(info(&g, InfoKey::Forfeit).as_deref(), Some("Red (e): hung"));
        assert_eq!(info(&g, InfoKey::Abandoned).as_deref(), Some("engine"));

        let mut g = hidden_test_game();
        play_one(&mut g);
        assert!(has_played(&g, red));
        assert!(!has_played(&g, Chair::Side(Seat::Blue)));
        assert_eq!(forfeit(&mut g, red, "e", "hung", true), Forfeit::Resigned);
        assert!(g.status().is_over());
        // The table's forfeit (no abandoning) resigns at once.
        let mut g = hidden_test_game();
        let blue = Chair::Side(Seat::Blue);
        assert_eq!(
            forfeit(&mut g, blue, "x", "crashed", false),
            Forfeit::Resigned
        );
    }

    #[test]
    fn one_offer_one_ask_and_a_bounded_number_of_refusals_a_turn() {
        let g = hidden_test_game();
        let view = g.view(crate::engine::Viewer::Side(Seat::Red));
        let rules = g.rules();
        let mut t = OneTurn::default();
        assert_eq!(
            t.answer(Reply::OfferDraw, &view, rules),
            Ok(Answer::OfferDraw)
        );
        assert!(t.answer(Reply::OfferDraw, &view, rules).is_err());
        assert_eq!(
            t.answer(Reply::AskTakeback, &view, rules),
            Ok(Answer::AskTakeback)
        );
        assert!(t.answer(Reply::AskTakeback, &view, rules).is_err());
        // A turn the seat's own view shows to be illegal: a piece that is not there.
        let empty = (0..g.board().nodes.len() as crate::engine::NodeId)
            .find(|&n| g.position().at(n).is_none())
            .unwrap();
        let bad = Turn::Move {
            from: empty,
            to: empty,
        };
        assert!(matches!(
            t.answer(Reply::Turn(bad), &view, rules),
            Err(SeatFailure::Illegal { .. })
        ));
        for _ in 0..REFUSALS_PER_TURN {
            assert!(t.refused().is_ok());
        }
        assert_eq!(t.refused(), Err(SeatFailure::RefusedTooOften));
    }
}
