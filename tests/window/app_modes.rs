//! Hidden and flip play in the window, driven through the accessibility labels (egui_kittest).

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::board::node_label;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{Game, InfoKey, Mode, NodeId, Rank, Rules, Seat, Start, Turn, Viewer};
use junqi::i18n::Lang;

/// Open the new-game dialog and pick the mode whose explanation starts with `mode_label`.
fn open_dialog(h: &mut Harness<'static, JunqiApp>, mode_label: &str) {
    h.get_all_by_label("New game")
        .next()
        .expect("a New game button")
        .click();
    common::leak::run_checked(h);
    h.get_by_label_contains(mode_label).click();
    common::leak::run_checked(h);
}

fn start(h: &mut Harness<'static, JunqiApp>) {
    common::leak::click(h, "Start game");
    assert!(matches!(h.state().screen, Screen::Play(_)));
}

use common::game;

fn name(h: &Harness<'static, JunqiApp>, n: NodeId) -> String {
    game(h).board().name(n).to_string()
}

/// The label of node `n` as `viewer` sees it.
fn label_for(h: &Harness<'static, JunqiApp>, n: NodeId, viewer: Viewer) -> String {
    node_label(&game(h).view(viewer), Lang::En, n)
}

/// No label anywhere names a rank of `side`'s pieces together with the side.
fn no_identity_of(h: &Harness<'static, JunqiApp>, side: Seat) {
    for r in Rank::ALL {
        let text = format!("{} {}", side.en(), r.en());
        assert!(
            h.query_by_label_contains(&text).is_none(),
            "'{text}' is readable on screen"
        );
    }
}

/// A plain move (no attack) of the side to move.
fn plain_move(h: &Harness<'static, JunqiApp>) -> (NodeId, NodeId) {
    common::plain_move(game(h))
}

fn hidden_game_after_red_move(h: &mut Harness<'static, JunqiApp>) {
    open_dialog(h, "Hidden:");
    start(h);
    assert_eq!(game(h).rules().mode, Mode::Hidden);
    // The first curtain: Red takes the screen.
    common::leak::click(h, "Red to move — press to continue");
    let (from, to) = plain_move(h);
    h.get_by_label(&label_for(h, from, Viewer::Side(Seat::Red)))
        .click();
    common::leak::run_checked(h);
    h.get_by_label(&name(h, to)).click();
    common::leak::run_checked(h);
    assert_eq!(game(h).plies().len(), 1);
}

#[test]
fn hidden_curtain_covers_the_board_between_turns() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    // The curtain is down: no node of the board is on screen, no identity of either side.
    h.get_by_label("Blue to move — press to continue");
    let some_red = game(&h).position().pieces(Seat::Red).next().unwrap().0;
    assert!(
        h.query_by_label_contains(&format!("{} Red", name(&h, some_red)))
            .is_none()
    );
    no_identity_of(&h, Seat::Red);
    no_identity_of(&h, Seat::Blue);
    // Blue lifts it: Blue's pieces show, Red's show only their side.
    common::leak::click(&mut h, "Blue to move — press to continue");
    let (blue_node, blue_piece) = game(&h).position().pieces(Seat::Blue).next().unwrap();
    h.get_by_label(&format!(
        "{} Blue {}",
        name(&h, blue_node),
        blue_piece.rank().en()
    ));
    h.get_by_label(&format!("{} Red unknown piece", name(&h, some_red)));
    no_identity_of(&h, Seat::Red);
    // Red's move is listed without its rank.
    let ply = &game(&h).plies()[0];
    let Some(Turn::Move { from, to }) = ply.turn else {
        panic!("a move")
    };
    h.get_by_label(&format!("  1. {}-{}", name(&h, from), name(&h, to)));
}

#[test]
fn hidden_tags_follow_the_player_and_are_kept_in_the_record() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    common::leak::click(&mut h, "Blue to move — press to continue");
    let (red_node, _) = game(&h).position().pieces(Seat::Red).next().unwrap();
    let sq = name(&h, red_node);
    h.get_by_label(&format!("{sq} Red unknown piece"))
        .click_secondary();
    common::leak::run_checked(&mut h);
    common::leak::click(&mut h, "40");
    h.get_by_label(&format!("{sq} tag 40"));
    let tags = &game(&h).record().tags;
    assert_eq!(tags.len(), 1);
    assert_eq!(
        (tags[0].by, tags[0].square.as_str(), tags[0].text.as_str()),
        (Seat::Blue, sq.as_str(), "40")
    );
    assert!(game(&h).to_ron().contains("text: \"40\""));
    // Blue moves; on Red's turn Blue's tag is not shown.
    let (from, to) = plain_move(&h);
    h.get_by_label(&label_for(&h, from, Viewer::Side(Seat::Blue)))
        .click();
    common::leak::run_checked(&mut h);
    h.get_by_label(&name(&h, to)).click();
    common::leak::run_checked(&mut h);
    common::leak::click(&mut h, "Red to move — press to continue");
    assert!(h.query_by_label(&format!("{sq} tag 40")).is_none());
    assert_eq!(game(&h).record().tags.len(), 1, "kept with the game");
}

#[test]
fn referee_view_needs_confirmation_and_is_recorded() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    common::leak::click(&mut h, "Blue to move — press to continue");
    // Cancel keeps it off.
    common::leak::click(&mut h, "Referee view…");
    h.get_by_label_contains("This shows every piece to whoever is looking at the screen");
    common::leak::click(&mut h, "Cancel");
    assert!(!game(&h).record().referee_view_used());
    assert!(h.state().play().unwrap().modes().referee.is_none());
    no_identity_of(&h, Seat::Red);
    // Confirm shows every piece and marks the record.
    common::leak::click(&mut h, "Referee view…");
    common::leak::click(&mut h, "Show every piece");
    assert!(game(&h).record().referee_view_used());
    h.get_by_label("Referee view is on: every piece is shown");
    let (red_node, red_piece) = game(&h).position().pieces(Seat::Red).next().unwrap();
    h.get_by_label(&format!(
        "{} Red {}",
        name(&h, red_node),
        red_piece.rank().en()
    ));
    assert!(game(&h).to_ron().contains("what: RefereeView"));
    // Turning it off hides Red again.
    common::leak::click(&mut h, "Turn the referee view off");
    no_identity_of(&h, Seat::Red);
}

/// A flip game from the dialog with a known seed typed in.
fn flip_game(h: &mut Harness<'static, JunqiApp>, seed: u64) {
    open_dialog(h, "Flip:");
    h.get_by_label("Deal seed").focus();
    common::leak::run_checked(h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    common::leak::run_checked(h);
    h.get_by_label("Deal seed").type_text(&seed.to_string());
    common::leak::run_checked(h);
    start(h);
}

#[test]
fn flip_deal_replays_from_its_seed() {
    let (_dir, mut h) = common::window();
    flip_game(&mut h, 4242);
    let expected = Game::new(Rules::for_mode(Mode::Flip), Start::FlipDeal { seed: 4242 }).unwrap();
    assert_eq!(game(&h).record().start, Start::FlipDeal { seed: 4242 });
    assert_eq!(
        game(&h).position().notation(),
        expected.position().notation()
    );
    // The flip defaults came with the mode.
    let r = game(&h).rules();
    assert!(r.movable_hq && r.flag_needs_mines_cleared);
    // A typed deal is noted: both players may know it.
    assert_eq!(
        junqi::app::saves::info_value(game(&h).record(), InfoKey::Deal),
        Some("typed")
    );
    // Not on screen during the game, even typed; the end summary shows it and says it was typed.
    assert!(h.query_by_label_contains("4242").is_none());
    resign(&mut h);
    h.get_by_label("Deal seed: 4242");
    h.get_by_label("This deal's seed was typed in: both players may have known the deal");
}

#[test]
fn flip_decides_colours_and_a_face_down_piece_clicked_with_a_piece_selected_is_flipped() {
    let (_dir, mut h) = common::window();
    flip_game(&mut h, 7);
    h.get_by_label("Player 1 / Player 2: colours not decided, the first flip decides");
    h.get_by_label("Red: 25 face down, 0 face up, 0 gone");
    h.get_by_label("Blue: 25 face down, 0 face up, 0 gone");
    // Player 1 flips a8.
    let a8 = game(&h).board().node_by_name("a8").unwrap();
    common::leak::click(&mut h, "a8 face-down piece");
    let g = game(&h);
    let flipped = g.position().at(a8).expect("still there");
    assert!(!flipped.is_face_down());
    let colour = flipped.side();
    assert_eq!(g.player_colour(1), Some(colour));
    let (c1, c2) = (colour.en(), colour.opponent().expect("a colour").en());
    h.get_by_label(&format!("Player 1: {c1} · Player 2: {c2}"));
    h.get_by_label(&format!("{c1}: 24 face down, 1 face up, 0 gone"));
    h.get_by_label(&format!("a8 {c1} {}", flipped.rank().en()));

    // Flip more pieces (through the engine) until the side to move has a face-up piece that
    // can move, next to a face-down one.
    let board = game(&h).board();
    let found = loop {
        let g = game(&h);
        let pos = g.position();
        let me = pos.side_to_move().expect("colours decided");
        let pair = pos.pieces(me).find_map(|(n, p)| {
            if p.is_face_down() || !p.rank().is_movable() {
                return None;
            }
            let dest = pos.destinations_from(g.rules(), n);
            board.links[n as usize]
                .iter()
                .find(|&&m| pos.at(m).is_some_and(|q| q.is_face_down()))
                .filter(|_| !dest.is_empty())
                .map(|&m| (n, m))
        });
        if let Some(pair) = pair {
            break pair;
        }
        let next = (0..board.len() as NodeId)
            .find(|&n| pos.at(n).is_some_and(|p| p.is_face_down()))
            .expect("a face-down piece left");
        // Nothing is selected: a click on a face-down piece flips it.
        h.state_mut()
            .play_mut()
            .unwrap()
            .apply(junqi::app::session::Act::Node(next));
        common::leak::run_checked(&mut h);
    };
    let (mine, target) = found;
    let before = game(&h).position().notation();
    h.get_by_label(&label_for(&h, mine, Viewer::Side(Seat::Red)))
        .click();
    common::leak::run_checked(&mut h);
    h.get_by_label(&format!("{} face-down piece", name(&h, target)))
        .click();
    common::leak::run_checked(&mut h);
    // A face-down piece is never attacked: clicked with a piece selected, it is flipped (as
    // players expect), and the selection goes.
    let g = game(&h);
    assert_ne!(g.position().notation(), before);
    assert!(matches!(
        g.plies().last().and_then(|p| p.turn),
        Some(Turn::Flip(n)) if n == target
    ));
    assert!(!g.position().at(target).unwrap().is_face_down());
    assert_eq!(h.state().play().unwrap().selected(), None);
}

fn lift(h: &mut Harness<'static, JunqiApp>, side: Seat) {
    h.get_by_label(&format!("{} to move — press to continue", side.en()))
        .click();
    common::leak::run_checked(h);
}

/// The side to move resigns, through the session as its button and confirmation would (a flip
/// game first flips a piece, so that a colour is to move).
fn resign(h: &mut Harness<'static, JunqiApp>) {
    use junqi::app::session::Act;
    if game(h).position().side_to_move().is_none() {
        let g = game(h);
        let down = (0..g.board().len() as NodeId)
            .find(|&n| g.position().at(n).is_some_and(|p| p.is_face_down()))
            .expect("a face-down piece");
        h.state_mut().play_mut().unwrap().apply(Act::Node(down));
    }
    let side = game(h).position().side_to_move().expect("a side to move");
    let play = h.state_mut().play_mut().unwrap();
    if play.curtain_up() {
        play.apply(Act::LiftCurtain);
    }
    play.apply(Act::Resign);
    play.apply(Act::ConfirmResign(true));
    assert_eq!(
        play.game().record().actions.last(),
        Some(&junqi::engine::Action::Resign(side))
    );
    common::leak::run_checked(h);
}

fn replay_screen<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a junqi::app::replay::Replay {
    match &h.state().screen {
        Screen::Replay(r) => r,
        _ => panic!("not on the replay screen"),
    }
}

#[test]
fn replay_of_unfinished_hidden_game_hides_other_side() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    // Under the curtain nobody in particular looks: no replay.
    assert!(h.get_by_label("Replay").accesskit_node().is_disabled());
    lift(&mut h, Seat::Blue);
    common::leak::click(&mut h, "Replay");
    // Blue's own viewpoint, free.
    assert_eq!(replay_screen(&h).viewer(), Viewer::Side(Seat::Blue));
    no_identity_of(&h, Seat::Red);
    // Red's viewpoint needs a confirmation; cancelling shows nothing and notes nothing.
    common::leak::click(&mut h, "Red");
    h.get_by_label("Show Red's viewpoint?");
    common::leak::click(&mut h, "Cancel");
    assert_eq!(replay_screen(&h).viewer(), Viewer::Side(Seat::Blue));
    assert!(replay_screen(&h).game.record().disclosures.is_empty());
    no_identity_of(&h, Seat::Red);
    // Confirmed: shown and noted, in the replay and in the game in play.
    common::leak::click(&mut h, "Red");
    common::leak::click(&mut h, "Show Red's pieces");
    assert_eq!(replay_screen(&h).viewer(), Viewer::Side(Seat::Red));
    let noted = |g: &Game| {
        g.record().disclosures.iter().any(|d| {
            d.what == junqi::engine::Disclosure::SideView(Seat::Red) && d.by == Some(Seat::Blue)
        })
    };
    assert!(noted(&replay_screen(&h).game));
    assert!(noted(game(&h)));
    // The referee view too.
    common::leak::click(&mut h, "Referee");
    h.get_by_label("Show the referee view?");
}

#[test]
fn replay_of_finished_hidden_game_opens_every_viewpoint() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    lift(&mut h, Seat::Blue);
    resign(&mut h);
    assert!(game(&h).status().is_over());
    common::leak::click(&mut h, "Replay");
    common::leak::click(&mut h, "Referee");
    assert_eq!(replay_screen(&h).viewer(), Viewer::Referee);
    assert!(replay_screen(&h).game.record().disclosures.is_empty());
}

#[test]
fn curtain_cannot_be_switched_off_mid_game_without_the_referee_note() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    // Blue's turn, covered. Untick the curtain (as the View menu does).
    h.state_mut().settings.modes.curtain = false;
    common::leak::run_checked(&mut h);
    h.get_by_label("Switch the hand-over curtain off?");
    // Still covered while the question is open.
    h.get_by_label("Blue to move — press to continue");
    no_identity_of(&h, Seat::Red);
    common::leak::click(&mut h, "Cancel");
    assert!(h.state().settings.modes.curtain, "the setting goes back on");
    assert!(game(&h).record().disclosures.is_empty());
    h.get_by_label("Blue to move — press to continue");
    // Switching it off for real is the referee view, noted in the record.
    h.state_mut().settings.modes.curtain = false;
    common::leak::run_checked(&mut h);
    common::leak::click(&mut h, "Switch it off");
    assert!(game(&h).record().referee_view_used());
    assert!(
        game(&h)
            .record()
            .disclosures
            .iter()
            .any(|d| d.what == junqi::engine::Disclosure::CurtainOff)
    );
}

#[test]
fn no_undo_after_the_game_is_over() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    lift(&mut h, Seat::Blue);
    resign(&mut h);
    assert!(game(&h).status().is_over());
    let actions = game(&h).record().actions.clone();
    assert!(h.get_by_label("Undo").accesskit_node().is_disabled());
    // Not by the keyboard either.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    common::leak::run_checked(&mut h);
    assert!(game(&h).status().is_over());
    assert_eq!(game(&h).record().actions, actions);
}

#[test]
fn hidden_takeback_needs_the_opponents_consent_and_is_recorded() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    // The curtain is down: Red, who moved last, asks; Blue is called to the covered board.
    common::leak::click(&mut h, "Undo");
    common::leak::click(&mut h, "Red asks for a takeback — Blue, press to answer");
    h.get_by_label("Red asks Blue to agree to take back the last turn");
    common::leak::click(&mut h, "Blue declines");
    assert_eq!(game(&h).plies().len(), 1);
    common::leak::click(&mut h, "Undo");
    common::leak::click(&mut h, "Red asks for a takeback — Blue, press to answer");
    common::leak::click(&mut h, "Blue agrees");
    let g = game(&h);
    assert_eq!(g.plies().len(), 0, "the turn is taken back");
    // Append-only: the turn stays in the record, followed by the takeback.
    assert_eq!(g.record().actions.len(), 2);
    assert!(matches!(
        g.record().actions[1],
        junqi::engine::Action::Takeback {
            by: Seat::Red,
            turns: 1
        }
    ));
    assert_eq!(g.takebacks(Seat::Red), 1);
    // It replays from the record.
    let back = Game::from_ron(&g.to_ron()).unwrap();
    assert_eq!(back.position().notation(), g.position().notation());
    // Red to move again behind the curtain; the event log lists the takeback.
    lift(&mut h, Seat::Red);
    h.get_by_label("Red took back turns: 1");
    // The replay counts it.
    common::leak::click(&mut h, "Replay");
    h.get_by_label("Takebacks: Red 1, Blue 0");
    // And so does the end summary.
    common::leak::click(&mut h, "Close replay");
    resign(&mut h);
    h.get_by_label("Takebacks: Red 1, Blue 0");
}

#[test]
fn replay_of_unfinished_hidden_game_continues_from_an_earlier_turn_only_behind_a_confirmation() {
    let (_dir, mut h) = common::window();
    hidden_game_after_red_move(&mut h);
    lift(&mut h, Seat::Blue);
    common::leak::click(&mut h, "Replay");
    common::leak::click(&mut h, "« Start");
    // Continuing from the start is a takeback past what both players saw: a confirmation first.
    common::leak::click(&mut h, "Continue from here");
    h.get_by_label("Continue from turn 0?");
    common::leak::click(&mut h, "Cancel");
    assert!(matches!(h.state().screen, junqi::app::Screen::Replay(_)));
}

#[test]
fn hidden_takebacks_against_the_computer_are_off_unless_allowed() {
    let (_dir, mut h) = common::window();
    let rules = Rules::for_mode(Mode::Hidden);
    let mut g = Game::new(rules.clone(), Start::random(&rules, 5)).unwrap();
    g.set_info(InfoKey::Computer, "blue:easy");
    let (from, to) = common::plain_move(&g);
    g.play(Turn::Move { from, to }).unwrap();
    let (from, to) = common::plain_move(&g);
    g.play(Turn::Move { from, to }).unwrap();
    h.state_mut().show_game(junqi::app::Session::new(g));
    common::leak::run_checked(&mut h);
    assert_eq!(game(&h).position().side_to_move(), Some(Seat::Red));
    common::leak::click(&mut h, "Undo");
    assert_eq!(game(&h).plies().len(), 2, "takebacks are off");
    h.get_by_label_contains("Takebacks are off");
    // Allowed by the setting: back to the human's turn, counted.
    h.state_mut().settings.modes.takebacks_vs_computer = true;
    common::leak::run_checked(&mut h);
    common::leak::click(&mut h, "Undo");
    let g = game(&h);
    assert_eq!(g.plies().len(), 0);
    assert_eq!(g.takebacks(Seat::Red), 1);
    assert!(matches!(
        g.record().actions.last(),
        Some(junqi::engine::Action::Takeback {
            by: Seat::Red,
            turns: 2
        })
    ));
}

#[test]
fn flip_seed_is_not_shown_until_the_end() {
    let (_dir, mut h) = common::window();
    open_dialog(&mut h, "Flip:");
    // The dialog shows no seed: an empty field deals at random.
    assert_eq!(h.get_by_label("Deal seed").value().unwrap_or_default(), "");
    start(&mut h);
    let junqi::engine::Start::FlipDeal { seed } = game(&h).record().start else {
        panic!("a deal")
    };
    let seed = seed.to_string();
    let no_seed = |h: &Harness<'static, JunqiApp>| {
        for t in common::leak::texts(h) {
            assert!(!t.contains(&seed), "the seed shows in {t:?}");
        }
    };
    no_seed(&h);
    common::leak::click(&mut h, "a8 face-down piece");
    no_seed(&h);
    assert_eq!(
        junqi::app::saves::info_value(game(&h).record(), InfoKey::Deal),
        None
    );
    // The replay of the running game does not show it either.
    common::leak::click(&mut h, "Replay");
    no_seed(&h);
    common::leak::click(&mut h, "Close replay");
    // After the end, the summary does.
    resign(&mut h);
    assert!(game(&h).status().is_over());
    h.get_by_label(&format!("Deal seed: {seed}"));
}

#[test]
fn random_formation_labels_show_no_seed() {
    let (_dir, mut h) = common::window();
    open_dialog(&mut h, "Open:");
    let texts = common::leak::texts(&h);
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Random valid formation")),
        "{texts:?}"
    );
    for t in texts {
        assert!(!t.contains('#'), "a seed-like label: {t:?}");
    }
    let Screen::NewGame(ng) = &h.state().screen else {
        panic!("the dialog")
    };
    let (a, b) = match (&ng.spec.formations[0], &ng.spec.formations[1]) {
        (
            junqi::app::newgame::FormationChoice::Random(a),
            junqi::app::newgame::FormationChoice::Random(b),
        ) => (*a, *b),
        _ => return,
    };
    // Independent seeds: Blue's is not Red's plus a constant of the old generator.
    assert_ne!(b.wrapping_sub(a), 0x9e37_79b9_7f4a_7c15);
}

/// The audit of a hidden game: a hidden game between two people, played by clicks with every clash it can
/// find, the leak checker reading every label (board, move list, event log, trays, tags, clash
/// display, summary) after every step, then the end and the replay.
#[test]
fn scripted_hidden_game_shows_nothing_hidden_at_any_step() {
    let (_dir, mut h) = common::window();
    open_dialog(&mut h, "Hidden:");
    start(&mut h);
    let mut clashes = 0;
    for k in 0..40 {
        if game(&h).status().is_over() {
            break;
        }
        let me = game(&h).position().side_to_move().unwrap();
        lift(&mut h, me);
        let (from, to) = {
            let g = game(&h);
            let pos = g.position();
            let turns = pos.legal_turns(g.rules());
            let pick = |attack: bool| {
                turns.iter().find_map(|t| match *t {
                    Turn::Move { from, to } if pos.at(to).is_some() == attack => Some((from, to)),
                    _ => None,
                })
            };
            pick(true).or_else(|| pick(false)).expect("a legal move")
        };
        if k == 3 {
            // A tag on an enemy piece, seen only by its writer.
            let (enemy, _) = game(&h)
                .position()
                .pieces(me.opponent().expect("a colour"))
                .next()
                .unwrap();
            h.get_by_label(&label_for(&h, enemy, Viewer::Side(me)))
                .click_secondary();
            common::leak::run_checked(&mut h);
            common::leak::click(&mut h, "炸");
        }
        let attack = game(&h).position().at(to).is_some();
        h.get_by_label(&label_for(&h, from, Viewer::Side(me)))
            .click();
        common::leak::run_checked(&mut h);
        h.get_by_label(&label_for(&h, to, Viewer::Side(me))).click();
        common::leak::run_checked(&mut h);
        clashes += usize::from(attack);
        assert_eq!(game(&h).plies().len(), k + 1);
        if attack && !game(&h).status().is_over() {
            // The mover sees the clash's outcome with their own eyes (the leak check above ran
            // as them) until they hand over; the board takes no turn meanwhile, and the next
            // player's clock waits.
            assert_eq!(h.state().play().unwrap().modes().handing, Some(me));
            assert!(!h.state().play().unwrap().curtain_up());
            // The status line tells the mover to hand over, not the next player to move.
            assert!(
                h.query_by_label_contains("When you have seen the clash")
                    .is_some()
            );
            assert!(h.query_by_label_contains("click or drag").is_none());
            h.get_by_label(&label_for(&h, to, Viewer::Side(me))).click();
            common::leak::run_checked(&mut h);
            assert_eq!(game(&h).plies().len(), k + 1, "a turn while handing over");
            assert!(h.query_by_label_contains("Hand over first").is_some());
            common::leak::click(&mut h, "Hand over (Space)");
            assert!(h.state().play().unwrap().curtain_up());
        }
    }
    assert!(clashes > 3, "the script found clashes");
    // The end: everything is open, the summary counts.
    if !game(&h).status().is_over() {
        if let Some(side) = game(&h).position().side_to_move() {
            lift(&mut h, side);
        }
        resign(&mut h);
    }
    assert!(game(&h).status().is_over());
    h.get_by_label("Summary");
    common::leak::click(&mut h, "Replay");
    common::leak::click(&mut h, "Referee");
}

#[test]
fn new_game_dialog_shows_hidden_formations_only_as_chosen() {
    let (_dir, mut h) = common::window();
    open_dialog(&mut h, "Hidden:");
    // Between people, nobody can open another side's list from the dialog.
    assert!(h.query_by_label("Red's formation").is_none());
    common::click(&mut h, "Red: choose privately…");
    // The curtain first: nothing of the choice shows until Red lifts it.
    assert!(h.query_by_label("Red's formation").is_none());
    assert!(h.query_by_label("Start game").is_none());
    h.get_by_label("Red: choose your formation (Blue, look away) — press to begin")
        .click();
    h.run();
    common::click(&mut h, "Red's formation");
    common::click(&mut h, "Bomb ambush");
    // Close the list (a click elsewhere).
    h.key_press(egui::Key::Escape);
    h.run();
    common::click(&mut h, "Done (cover it)");
    let Screen::NewGame(ng) = &h.state().screen else {
        panic!("the dialog")
    };
    assert!(matches!(
        &ng.spec.formations[0],
        junqi::app::newgame::FormationChoice::File(_, f) if f.name == "Bomb ambush"
    ));
    let texts = common::leak::texts(&h);
    for t in &texts {
        assert!(!t.contains("Bomb ambush"), "the choice shows: {t:?}");
        assert!(
            !t.contains("Random valid formation"),
            "the choice shows: {t:?}"
        );
    }
    assert!(
        texts.iter().any(|t| t == "Red's formation: chosen"),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t == "Blue's formation: chosen"),
        "{texts:?}"
    );
}
