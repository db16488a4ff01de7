//! The play session on its own, without a window: acts applied, time moved on by `tick`.

use junqi::app::session::{Act, Message, Session};
use junqi::engine::{
    Action, Game, InfoKey, Mode, NodeId, Rules, Seat, Seen, Start, TagError, Turn, Viewer,
};

fn game(mode: Mode, clock: Option<u32>) -> Game {
    let mut rules = Rules::for_mode(mode);
    rules.move_clock = clock;
    Game::new(rules, Start::random(&Rules::for_mode(mode), 11)).unwrap()
}

/// A plain move of the side to move (no attack).
fn quiet_move(g: &Game) -> (NodeId, NodeId) {
    g.position()
        .legal_turns(g.rules())
        .into_iter()
        .find_map(|t| match t {
            Turn::Move { from, to } if g.position().at(to).is_none() => Some((from, to)),
            _ => None,
        })
        .expect("a quiet move")
}

#[test]
fn session_plays_a_move_by_two_clicks() {
    let mut s = Session::new(game(Mode::Open, None));
    let (from, to) = quiet_move(s.game());
    s.apply(Act::Node(from));
    assert_eq!(s.selected(), Some(from));
    s.apply(Act::Node(to));
    assert_eq!(s.game().plies().len(), 1);
    assert_eq!(s.selected(), None);
    assert!(s.message().is_none());
}

#[test]
fn session_refuses_an_illegal_click_and_keeps_the_game() {
    let mut s = Session::new(game(Mode::Open, None));
    let (from, _) = quiet_move(s.game());
    let view = s.game().view(Viewer::Side(Seat::Red));
    let dests = view.destinations_from(s.game().rules(), from);
    // A node that is neither a destination nor a red piece.
    let bad = (0..view.board().len() as NodeId)
        .find(|&n| {
            n != from
                && !dests.contains(&n)
                && !matches!(view.at(n), Seen::Known(p) if p.side() == Seat::Red)
        })
        .expect("an illegal destination");
    s.apply(Act::Node(from));
    s.apply(Act::Node(bad));
    assert!(s.game().record().actions.is_empty());
    assert!(matches!(s.message(), Some(Message::Illegal(_))));
}

#[test]
fn session_takeback_between_people_waits_for_the_other_player() {
    let mut s = Session::new(game(Mode::Hidden, None));
    let (from, to) = quiet_move(s.game());
    s.apply(Act::Drop(from, to));
    assert_eq!(s.game().plies().len(), 1);
    s.apply(Act::Undo);
    assert_eq!(s.modes().takeback_asked, Some(Seat::Red));
    assert_eq!(s.game().standing_actions().len(), 1, "nothing undone yet");
    s.apply(Act::AnswerTakeback(false));
    assert_eq!(s.game().standing_actions().len(), 1);
    assert!(matches!(s.message(), Some(Message::Note(_))));
    s.apply(Act::Undo);
    // Behind the curtain: Blue must come to the covered board before answering.
    assert_eq!(s.modes().answering, Some((Seat::Blue, false)));
    assert!(s.curtain_up());
    s.apply(Act::AnswerTakeback(true));
    assert_eq!(
        s.game().standing_actions().len(),
        1,
        "not before Blue pressed"
    );
    s.apply(Act::LiftQuestion);
    assert!(s.curtain_up(), "the board stays covered while Blue answers");
    s.apply(Act::AnswerTakeback(true));
    assert!(s.game().standing_actions().is_empty());
    assert_eq!(s.game().takebacks(Seat::Red), 1);
    assert_eq!(s.modes().answering, None);
}

#[test]
fn a_takeback_asked_behind_the_lifted_curtain_is_the_lookers_own() {
    // Blue, at the screen on its own turn, asks: Blue's last turn goes back (two turns), Red answers.
    let mut s = Session::new(game(Mode::Hidden, None));
    for _ in 0..3 {
        let (from, to) = quiet_move(s.game());
        s.apply(Act::Drop(from, to));
    }
    s.apply(Act::LiftCurtain);
    s.apply(Act::Undo);
    assert_eq!(s.modes().takeback_asked, Some(Seat::Blue));
    assert_eq!(s.modes().takeback_turns, 2);
    assert_eq!(s.modes().answering, Some((Seat::Red, false)));
    s.apply(Act::LiftQuestion);
    s.apply(Act::AnswerTakeback(true));
    assert_eq!(s.game().standing_actions().len(), 1);
    assert_eq!(s.game().position().side_to_move(), Some(Seat::Blue));
    assert_eq!(s.game().takebacks(Seat::Blue), 1);
    assert!(s.curtain_up(), "down again, for Blue");
}

#[test]
fn session_computer_turn_arrives_through_tick() {
    let mut g = game(Mode::Open, None);
    g.set_info(InfoKey::Computer, "blue:easy");
    let mut s = Session::new(g);
    s.set_computer_nodes(Some(crate::common::COMPUTER_NODES));
    let (from, to) = quiet_move(s.game());
    s.apply(Act::Drop(from, to));
    assert!(s.computer_to_move());
    // A click while the computer thinks changes nothing.
    s.apply(Act::Node(from));
    assert_eq!(s.game().plies().len(), 1);
    // The computer thinks on its own thread; each tick looks whether it has answered.
    let t0 = std::time::Instant::now();
    crate::common::wait_until("the computer's turn", || {
        let tick = s.tick(t0.elapsed().as_secs_f64());
        if s.game().plies().len() < 2 {
            assert!(tick.repaint_after.is_some(), "the window looks again");
        }
        s.game().plies().len() >= 2
    });
    assert_eq!(s.game().plies().len(), 2, "the computer played in a tick");
    assert!(!s.computer_to_move());
}

#[test]
fn session_move_clock_runs_out_through_tick() {
    let mut s = Session::new(game(Mode::Open, Some(30)));
    s.tick(100.0);
    s.tick(120.0);
    assert!(s.game().record().actions.is_empty());
    assert!(s.clock_left(120.0).is_some_and(|l| l > 0.0));
    s.tick(131.0);
    assert_eq!(s.game().record().actions, vec![Action::Timeout(Seat::Red)]);
    // The next side's clock starts afresh at the next tick.
    s.tick(131.5);
    assert!(s.clock_left(131.5).is_some_and(|l| (l - 30.0).abs() < 1e-9));
}

#[test]
fn a_clock_frozen_behind_the_curtain_asks_for_no_repaint() {
    // A hidden game between two people: the clock waits behind the hand-over curtain, and so
    // does the window (no frame a second for a number that does not change).
    let mut s = Session::new(game(Mode::Hidden, Some(30)));
    assert!(s.curtain_up());
    assert_eq!(s.tick(10.0).repaint_after, None);
    assert_eq!(s.tick(15.0).repaint_after, None);
    assert!(s.clock_left(15.0).is_some_and(|l| (l - 30.0).abs() < 1e-9));
    // Lifted, the clock runs and the window repaints when the shown second changes.
    s.apply(Act::LiftCurtain);
    let wait = s
        .tick(15.0)
        .repaint_after
        .expect("the running clock repaints");
    assert!((wait - 1.005).abs() < 1e-6, "repaint after {wait} s");
    let wait = s
        .tick(15.4)
        .repaint_after
        .expect("the running clock repaints");
    assert!((wait - 0.605).abs() < 1e-6, "repaint after {wait} s");
}

#[test]
fn session_tag_refusal_is_a_typed_message() {
    // `Game::set_tag` once answered with an English string the Chinese window showed as is.
    let mut s = Session::new(game(Mode::Hidden, None));
    // Red is at the screen.
    s.apply(Act::LiftCurtain);
    let own = s.game().position().pieces(Seat::Red).next().unwrap().0;
    s.apply(Act::SetTag(own, Some("40?".into())));
    let square = s.game().board().name(own).to_string();
    assert!(
        matches!(&s.message(), Some(Message::Tag(TagError::NoEnemyPiece(sq))) if *sq == square),
        "{:?}",
        s.message()
    );
    assert!(s.game().record().tags.is_empty());
}

#[test]
fn clash_notice_repaints_only_to_fade_and_goes_on_time() {
    use junqi::app::session::FLASH_SECONDS;

    let mut s = Session::new(game(Mode::Open, None));
    // Quiet turns by two clicks each until an attack is there to make: then the clash.
    for _ in 0..200 {
        let g = s.game();
        let pos = g.position();
        let turns = pos.legal_turns(g.rules());
        let attack = turns
            .iter()
            .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_some()));
        let Some(&Turn::Move { from, to }) = attack.or(turns.first()) else {
            panic!("no turn")
        };
        let clash = pos.at(to).is_some();
        s.apply(Act::Node(from));
        s.apply(Act::Node(to));
        if clash {
            break;
        }
    }
    let flash = s.flash().expect("a clash notice");
    assert_eq!(flash.fade, FLASH_SECONDS);
    s.tick(10.0);
    // Nothing moves until the fade: the next repaint is then, not a frame away.
    let wait = s.tick(10.1).repaint_after.expect("a repaint for the fade");
    assert!(
        (wait - (FLASH_SECONDS as f64 - 0.1 - 0.3)).abs() < 0.01,
        "repaint after {wait} s"
    );
    // The window sleeps until then: the notice has not lasted longer in wall time.
    let t = 10.1 + wait;
    assert!(s.tick(t).repaint_after.unwrap() <= 0.05, "fading");
    s.tick(t + 0.35);
    assert!(
        s.flash().is_none(),
        "gone {} s after it showed",
        t + 0.35 - 10.0
    );
}

#[test]
fn four_player_bottom_seat_comes_from_the_record_and_a_bad_one_is_south() {
    let rules = Rules::for_mode(Mode::Open);
    let four = |bottom: Option<&str>| {
        let mut g = Game::new(rules.clone(), Start::random_four(&rules, 3)).unwrap();
        if let Some(b) = bottom {
            g.set_info(InfoKey::Bottom, b);
        }
        Session::new(g).bottom4()
    };
    assert_eq!(four(Some("west")), Seat::West);
    assert_eq!(four(Some("North")), Seat::North);
    for bad in [None, Some(""), Some("blue"), Some("red"), Some("nowhere")] {
        assert_eq!(four(bad), Seat::South, "{bad:?}");
    }
}

#[test]
fn clicking_ones_own_mine_says_at_once_that_it_cannot_move() {
    let mut s = Session::new(game(Mode::Open, None));
    let mine = s
        .game()
        .position()
        .pieces(Seat::Red)
        .find(|(_, p)| p.rank() == junqi::engine::Rank::Mine)
        .map(|(n, _)| n)
        .expect("a red mine");
    s.apply(Act::Node(mine));
    assert_eq!(s.selected(), None, "not selected");
    assert!(
        matches!(
            s.message(),
            Some(Message::Illegal(
                junqi::engine::IllegalTurn::CannotMove { .. }
            ))
        ),
        "{:?}",
        s.message()
    );
}

#[test]
fn a_face_down_piece_clicked_with_a_piece_selected_is_flipped() {
    let mut s =
        Session::new(Game::new(Rules::for_mode(Mode::Flip), Start::FlipDeal { seed: 7 }).unwrap());
    // Flip until the side to move has a face-up piece that can move.
    for _ in 0..40 {
        let g = &s.game();
        let mover = g.position().side_to_move();
        let movable = g
            .position()
            .legal_turns(g.rules())
            .into_iter()
            .find_map(|t| match t {
                Turn::Move { from, .. } => Some(from),
                _ => None,
            });
        if let (Some(_), Some(from)) = (mover, movable) {
            let face_down = (0..g.board().len() as NodeId)
                .find(|&n| s.board_view().at(n) == Seen::FaceDown)
                .expect("a face-down piece");
            s.apply(Act::Node(from));
            assert_eq!(s.selected(), Some(from));
            let plies = s.game().plies().len();
            s.apply(Act::Node(face_down));
            assert_eq!(s.game().plies().len(), plies + 1, "{:?}", s.message());
            assert!(matches!(s.game().plies()[plies].turn, Some(Turn::Flip(n)) if n == face_down));
            assert_eq!(s.selected(), None);
            return;
        }
        let flip = g
            .position()
            .legal_turns(g.rules())
            .into_iter()
            .find(|t| matches!(t, Turn::Flip(_)))
            .expect("a flip");
        let Turn::Flip(n) = flip else { unreachable!() };
        // Nothing selected: a click on a face-down piece flips it.
        s.apply(Act::Node(n));
    }
    panic!("no movable face-up piece after 40 flips");
}

/// Hidden mode between people: after a clash the mover looks at its outcome until they hand
/// over; the next player's clock does not run meanwhile, nor behind the curtain, and starts
/// once the curtain is lifted.
#[test]
fn after_a_clash_the_next_players_clock_waits_for_the_hand_over_and_the_curtain() {
    let mut s = Session::new(game(Mode::Hidden, Some(30)));
    let mut now = 0.0;
    // Quiet moves until the side to move can attack (each player lifts the curtain first).
    let attack = loop {
        assert!(s.curtain_up());
        s.apply(Act::LiftCurtain);
        now += 1.0;
        s.tick(now);
        let g = s.game();
        let pos = g.position();
        if let Some(t) = pos
            .legal_turns(g.rules())
            .into_iter()
            .find_map(|t| match t {
                Turn::Move { from, to } if pos.at(to).is_some() => Some((from, to)),
                _ => None,
            })
        {
            break t;
        }
        assert!(g.plies().len() < 60, "no attack came");
        let (from, to) = quiet_move(g);
        s.apply(Act::Drop(from, to));
    };
    let mover = s.side_to_move();
    s.apply(Act::Drop(attack.0, attack.1));
    let actions = s.game().record().actions.len();
    assert_eq!(
        s.modes().handing,
        Some(mover),
        "the mover looks at the clash"
    );
    assert!(!s.curtain_up());
    // A minute while the mover looks, then another behind the curtain: no turn is lost.
    s.tick(now);
    s.tick(now + 60.0);
    s.apply(Act::HandOver);
    assert!(s.curtain_up());
    s.tick(now + 120.0);
    assert_eq!(
        s.game().record().actions.len(),
        actions,
        "a timeout while waiting"
    );
    assert!(
        s.clock_left(now + 120.0)
            .is_some_and(|l| (l - 30.0).abs() < 1e-9)
    );
    // Lifted, the next player's 30 seconds run from then.
    s.apply(Act::LiftCurtain);
    s.tick(now + 120.0);
    s.tick(now + 140.0);
    assert_eq!(s.game().record().actions.len(), actions);
    s.tick(now + 151.0);
    let next = mover.opponent().expect("two players");
    assert_eq!(
        s.game().record().actions.last(),
        Some(&Action::Timeout(next))
    );
}

/// An engine that failed before it played holds the game (abandoned, no result); an undo goes
/// on from there with a fresh engine, asked again at its next turn (this one fails again).
#[test]
fn an_undo_after_an_engine_stopped_asks_a_fresh_engine() {
    let mut g = game(Mode::Open, None);
    g.set_info(InfoKey::Computer, "blue:engine");
    let mut s = Session::new(g);
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/bad.sh");
    s.set_engine_command(&format!("sh {} crash", script.display()));
    let t0 = std::time::Instant::now();
    for round in 0..2 {
        let (from, to) = quiet_move(s.game());
        s.apply(Act::Drop(from, to));
        assert_eq!(s.game().plies().len(), 1);
        crate::common::wait_until("the engine's failure", || {
            s.tick(t0.elapsed().as_secs_f64());
            s.take_engine_trouble().is_some()
        });
        assert!(
            s.engine_trouble().is_some_and(|t| t.abandoned),
            "round {round}"
        );
        // The game waits for the stopped engine: more ticks change nothing.
        for _ in 0..5 {
            s.tick(t0.elapsed().as_secs_f64());
        }
        assert_eq!(s.game().plies().len(), 1);
        s.apply(Act::Undo);
        assert!(s.game().plies().is_empty(), "round {round}");
    }
}

/// The move clock is the table's: a turn is lost only after the clock and its quarter-second
/// grace, and the clock shown starts afresh for the next side.
#[test]
fn the_move_clock_keeps_the_tables_grace() {
    let mut s = Session::new(game(Mode::Open, Some(30)));
    s.tick(0.0);
    s.tick(30.1);
    assert!(s.game().record().actions.is_empty(), "within the grace");
    s.tick(30.4);
    assert_eq!(s.game().record().actions, vec![Action::Timeout(Seat::Red)]);
}

/// Two people at one screen: a draw offer waits for the other player's answer; a declined
/// offer leaves the turn with the offerer, who may not offer again in the same turn.
#[test]
fn one_draw_offer_a_turn_and_the_offerers_turn_waits_for_the_answer() {
    let mut s = Session::new(game(Mode::Open, None));
    s.tick(0.0);
    assert!(s.may_offer_draw());
    s.apply(Act::OfferDraw);
    assert_eq!(s.game().draw_offer(), Some(Seat::Red));
    // The offerer's turn waits: a move now is not taken.
    let (from, to) = quiet_move(s.game());
    s.apply(Act::Drop(from, to));
    assert!(s.game().plies().is_empty());
    s.apply(Act::AnswerDrawFor(Seat::Blue, false));
    assert_eq!(s.game().draw_offer(), None);
    assert!(!s.game().status().is_over());
    assert!(!s.may_offer_draw(), "offered already this turn");
    s.apply(Act::OfferDraw);
    assert_eq!(s.game().draw_offer(), None);
    s.apply(Act::Drop(from, to));
    assert_eq!(s.game().plies().len(), 1);
    let (from, to) = quiet_move(s.game());
    s.apply(Act::Drop(from, to));
    assert!(s.may_offer_draw(), "a new turn");
    s.apply(Act::OfferDraw);
    s.apply(Act::AnswerDrawFor(Seat::Blue, true));
    assert_eq!(
        s.game().status(),
        junqi::engine::Status::Draw(junqi::engine::EndReason::Agreement)
    );
}
