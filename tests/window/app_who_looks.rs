//! Who is looking? The program cannot know who sits at a shared screen, so outside a live game's
//! lifted curtain no viewpoint of an unfinished hidden or flip game is free: files, copies,
//! replays, resumed and continued games show nothing hidden until a viewpoint is confirmed, and
//! every such choice is written into that very record. Each test is named for a way a player could
//! learn the other side's pieces; every step is checked as every person of the game in turn
//! (`assert_no_leak_as_anyone`).

use crate::common;

use common::leak::{assert_no_leak_as_anyone, texts};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::saves::{self, Picker};
use junqi::app::session::Act;
use junqi::app::{JunqiApp, Screen, Session};
use junqi::engine::{
    Action, Disclosure, Formation, Game, InfoKey, Mode, Rules, Seat, Start, Status, Turn, Viewer,
};
use std::path::Path;

fn step(h: &mut Harness<'static, JunqiApp>) {
    h.run();
    assert_no_leak_as_anyone(h);
}

fn click(h: &mut Harness<'static, JunqiApp>, label: &str) {
    h.get_by_label(label).click();
    step(h);
}

fn click_containing(h: &mut Harness<'static, JunqiApp>, part: &str) {
    h.get_by_label_contains(part).click();
    step(h);
}

fn is_enabled(h: &Harness<'static, JunqiApp>, label: &str) -> bool {
    !h.get_by_label(label).accesskit_node().is_disabled()
}

/// A hidden two-player game between people (no computer), a few random turns in.
fn hidden_pair(seed: u64, turns: usize) -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = junqi::engine::rng::SplitMix64::new(seed);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    play_quiet(&mut g, turns);
    g.set_info(InfoKey::Seat, "hotseat");
    g
}

/// A hidden four-player game between four people (team view off).
fn hidden_four(seed: u64, turns: usize) -> Game {
    let mut rules = Rules::for_mode(Mode::Hidden);
    rules.team_view = false;
    let mut g = Game::new(rules.clone(), Start::random_four(&rules, seed)).unwrap();
    play_quiet(&mut g, turns);
    g
}

/// A flip game between two people.
fn flip_pair(seed: u64, turns: usize) -> Game {
    let rules = Rules::for_mode(Mode::Flip);
    let mut g = Game::new(rules, Start::FlipDeal { seed }).unwrap();
    let mut rng = junqi::engine::rng::SplitMix64::new(seed);
    while g.plies().len() < turns {
        let legal = g.position().legal_turns(g.rules());
        let Some(&t) = rng.choose(&legal) else { break };
        if g.play(t).is_err() || g.status().is_over() {
            break;
        }
    }
    g
}

/// Play `turns` plain moves (no attack) so the game stays unfinished.
fn play_quiet(g: &mut Game, turns: usize) {
    for _ in 0..turns {
        let (from, to) = common::plain_move(g);
        g.play(Turn::Move { from, to }).unwrap();
    }
}

/// Lift the curtain for the side to move.
fn lift(h: &mut Harness<'static, JunqiApp>) {
    let side = common::game(h).position().side_to_move().unwrap();
    click(h, &format!("{} to move — press to continue", side.en()));
}

/// The side to move plays a plain move by clicking (its curtain lifted first).
fn move_by_clicks(h: &mut Harness<'static, JunqiApp>) {
    if h.state().play().unwrap().curtain_up() {
        lift(h);
    }
    common::click_a_plain_move(h);
}

fn replay<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a junqi::app::replay::Replay {
    match &h.state().screen {
        Screen::Replay(r) => r,
        _ => panic!("not on the replay screen"),
    }
}

/// No board cell names a piece (the board is covered or absent).
fn no_piece_named(h: &Harness<'static, JunqiApp>) {
    for t in texts(h) {
        let named = common::leak::named_pieces(&t);
        assert!(named.is_empty(), "{t:?} names {named:?}");
    }
}

fn open_file(h: &mut Harness<'static, JunqiApp>, path: &Path) {
    h.state_mut().saves.picker = Picker::Fixed(Some(path.to_path_buf()));
    click(h, "Home");
    click(h, "Open game…");
    assert!(matches!(h.state().screen, Screen::Replay(_)));
}

#[test]
fn a_game_saved_behind_the_curtain_reopens_covered_not_as_the_opponent() {
    let (dir, mut h) = common::window();
    h.state_mut().show_game(Session::new(hidden_pair(3, 0)));
    step(&mut h);
    move_by_clicks(&mut h);
    // Red moved; the curtain is down for Blue: no Save as (nor Replay) for nobody known.
    assert!(h.state().play().unwrap().curtain_up());
    assert!(!is_enabled(&h, "Save as…"));
    assert!(!is_enabled(&h, "Replay"));
    // Even asked for (a shortcut, a stale click), nothing is written.
    h.state_mut().saves.picker = Picker::Fixed(Some(dir.path().join("under-curtain.ron")));
    h.state_mut().run_save_command(saves::SaveCmd::SaveAs);
    assert!(!dir.path().join("under-curtain.ron").exists());
    // Blue lifts and saves: the file names nobody as its owner.
    lift(&mut h);
    let path = dir.path().join("copy.ron");
    h.state_mut().saves.picker = Picker::Fixed(Some(path.clone()));
    click(&mut h, "Save as…");
    let saved = saves::load_game(&path).unwrap();
    assert_eq!(saves::info_value(saved.record(), InfoKey::SavedBy), None);
    // Reopened (Open game…, `junqi FILE`, the recent list): covered, whoever is at the screen.
    open_file(&mut h, &path);
    assert!(replay(&h).covered);
    no_piece_named(&h);
    h.state_mut().open_file(&path);
    step(&mut h);
    assert!(replay(&h).covered);
    // The autosave resumes with the curtain down.
    drop(h);
    let mut h = common::harness(dir.path());
    step(&mut h);
    click(&mut h, "Resume");
    assert!(h.state().play().unwrap().curtain_up());
    no_piece_named(&h);
}

#[test]
fn a_four_player_game_saved_behind_the_curtain_reopens_covered() {
    let (dir, mut h) = common::window();
    h.state_mut().show_game(Session::new(hidden_four(4, 0)));
    step(&mut h);
    move_by_clicks(&mut h);
    assert!(!is_enabled(&h, "Save as…"));
    lift(&mut h);
    let path = dir.path().join("four.ron");
    h.state_mut().saves.picker = Picker::Fixed(Some(path.clone()));
    click(&mut h, "Save as…");
    open_file(&mut h, &path);
    assert!(replay(&h).covered, "East's save opens as nobody's");
    no_piece_named(&h);
    // Asked to show a seat's pieces, the question names who may not see them: its opponents.
    click(&mut h, "South");
    h.get_by_label("Show South's viewpoint?");
    h.get_by_label_contains("South's pieces are hidden from its opponents.");
    assert!(h.query_by_label_contains("the other player.").is_none());
}

#[test]
fn a_record_that_names_no_computer_opens_covered() {
    // A record that names no computer seat (a tracked physical-board game's, a game between
    // people): all its players are people.
    let g = hidden_pair(6, 3);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tracked.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = common::harness(dir.path());
    open_file(&mut h, &path);
    assert!(replay(&h).covered);
}

#[test]
fn a_lone_person_against_the_computer_reopens_their_own_view() {
    let mut g = hidden_pair(7, 4);
    g.set_info(InfoKey::Computer, "blue:easy");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vs.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = common::harness(dir.path());
    open_file(&mut h, &path);
    assert!(!replay(&h).covered);
    assert_eq!(replay(&h).viewer(), Viewer::Side(Seat::Red));
}

/// A game against the computer with an id, Red (the person) to move.
fn vs_computer(turns: usize) -> Game {
    let mut g = hidden_pair(8, turns);
    g.set_info(InfoKey::Computer, "blue:easy");
    g.set_info(InfoKey::Id, "202612012100abcd");
    g
}

#[test]
fn continuing_a_copy_of_a_game_that_went_on_is_a_takeback() {
    let dir = tempfile::tempdir().unwrap();
    // The copy, saved at turn 2; the game itself went on to turn 4 and waits in play.
    let copy = vs_computer(2);
    let path = dir.path().join("copy.ron");
    std::fs::write(&path, copy.to_ron()).unwrap();
    let mut h = common::harness(dir.path());
    h.state_mut().show_game(Session::new(vs_computer(4)));
    step(&mut h);
    open_file(&mut h, &path);
    assert_eq!(replay(&h).ply, 2);
    // Takebacks against the computer are off: refused, with the reason; nothing started.
    h.state_mut().settings.modes.takebacks_vs_computer = false;
    click(&mut h, "Continue from here");
    assert!(matches!(h.state().screen, Screen::Replay(_)));
    h.get_by_label_contains("it would be a takeback");
    // Allowed: a confirmation, and the new game's record says what its player saw.
    h.state_mut().settings.modes.takebacks_vs_computer = true;
    click(&mut h, "Continue from here");
    h.get_by_label("Continue from turn 2?");
    click(&mut h, "Continue, and note it in the record");
    let g = common::game(&h);
    assert_eq!(g.plies().len(), 2);
    assert!(
        g.record()
            .disclosures
            .iter()
            .any(|d| d.what == Disclosure::Continued { all_seen: false } && d.ply == 2)
    );
    h.get_by_label_contains("Continued from turn 2 of another game");
}

#[test]
fn resign_then_replay_back_then_continue_writes_every_piece_seen() {
    let (_dir, mut h) = common::window();
    h.state_mut().show_game(Session::new(vs_computer(4)));
    step(&mut h);
    let play = h.state_mut().play_mut().unwrap();
    play.apply(Act::Resign);
    play.apply(Act::ConfirmResign(true));
    assert_eq!(
        play.game().record().actions.last(),
        Some(&Action::Resign(Seat::Red))
    );
    step(&mut h);
    click(&mut h, "Replay");
    click(&mut h, "‹ Back");
    h.state_mut().settings.modes.takebacks_vs_computer = false;
    click(&mut h, "Continue from here");
    h.get_by_label_contains("it would be a takeback");
    assert!(matches!(h.state().screen, Screen::Replay(_)));
    h.state_mut().settings.modes.takebacks_vs_computer = true;
    click(&mut h, "Continue from here");
    click(&mut h, "Continue, and note it in the record");
    let g = common::game(&h);
    assert_eq!(g.status(), Status::Ongoing);
    assert!(g.record().referee_view_used(), "every piece was seen");
    h.get_by_label_contains("every piece had been seen");
}

#[test]
fn continuing_the_last_turn_of_an_unfinished_game_carries_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let g = vs_computer(2);
    let path = dir.path().join("mine.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = common::harness(dir.path());
    h.state_mut().settings.modes.takebacks_vs_computer = false;
    open_file(&mut h, &path);
    click(&mut h, "Continue from here");
    let g = common::game(&h);
    assert!(g.record().disclosures.is_empty());
}

#[test]
fn the_new_game_dialog_never_shows_a_private_formation() {
    let (_dir, mut h) = common::window();
    {
        let s = &mut h.state_mut().settings;
        s.rules = Rules::for_mode(Mode::Hidden);
        s.seats = [
            junqi::app::settings::Occupant::Human,
            junqi::app::settings::Occupant::Human,
        ];
    }
    h.get_all_by_label("New game").next().unwrap().click();
    step(&mut h);
    click(&mut h, "Red: choose privately…");
    click_containing(&mut h, "Red: choose your formation");
    // Red picks a shipped formation behind its curtain.
    h.get_by_label_contains("Red's formation").click();
    step(&mut h);
    let name = {
        let Screen::NewGame(ng) = &h.state().screen else {
            panic!("dialog")
        };
        ng.library[0].1.name.clone()
    };
    click(&mut h, &name);
    click(&mut h, "Done (cover it)");
    assert!(h.query_by_label(&name).is_none());
    // Anyone switches to open play: the choice goes, never shown.
    click_containing(&mut h, "Open:");
    assert!(
        h.query_by_label(&name).is_none(),
        "the private choice showed"
    );
    h.get_by_label_contains("the formations chosen privately were cleared");
    let Screen::NewGame(ng) = &h.state().screen else {
        panic!("dialog")
    };
    assert!(matches!(
        ng.spec.formations[0],
        junqi::app::newgame::FormationChoice::Random(_)
    ));
}

#[test]
fn a_viewpoint_confirmed_in_a_copy_is_noted_in_the_file_and_the_live_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut live = hidden_pair(9, 3);
    live.set_info(InfoKey::Id, "202612012100beef");
    let path = dir.path().join("copy.ron");
    std::fs::write(&path, live.to_ron()).unwrap();
    let mut h = common::harness(dir.path());
    h.state_mut().show_game(Session::new(live));
    step(&mut h);
    open_file(&mut h, &path);
    assert!(replay(&h).covered);
    click(&mut h, "Red");
    h.get_by_label("Show Red's viewpoint?");
    click(&mut h, "Show Red's pieces");
    assert!(!replay(&h).covered);
    // In the file on disk, and in the game in play (the same game).
    let on_disk = saves::load_game(&path).unwrap();
    assert!(
        on_disk
            .record()
            .disclosures
            .iter()
            .any(|d| d.what == Disclosure::SideView(Seat::Red))
    );
    let parked = h.state().play().unwrap();
    assert!(
        parked
            .game()
            .record()
            .disclosures
            .iter()
            .any(|d| d.what == Disclosure::SideView(Seat::Red))
    );
}

#[test]
fn a_viewpoint_that_cannot_be_noted_in_its_file_is_not_shown() {
    let dir = tempfile::tempdir().unwrap();
    let g = hidden_pair(10, 3);
    let sub = dir.path().join("ro");
    std::fs::create_dir(&sub).unwrap();
    let path = sub.join("copy.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = common::harness(dir.path());
    open_file(&mut h, &path);
    // The folder can no longer be written (the note needs a temporary file beside it).
    std::fs::remove_dir_all(&sub).unwrap();
    click(&mut h, "Red");
    click(&mut h, "Show Red's pieces");
    assert!(replay(&h).covered, "shown without a note");
    h.get_by_label_contains("could not be noted in the game file");
}

#[test]
fn a_takeback_asked_on_ones_own_turn_is_the_askers_and_answered_behind_the_curtain() {
    let (_dir, mut h) = common::window();
    h.state_mut().show_game(Session::new(hidden_pair(11, 0)));
    step(&mut h);
    move_by_clicks(&mut h); // Red
    move_by_clicks(&mut h); // Blue
    move_by_clicks(&mut h); // Red
    lift(&mut h); // Blue looks, and asks to take back its own last turn
    click(&mut h, "Undo");
    // The board is covered at once; the question names the asker.
    assert!(h.state().play().unwrap().curtain_up());
    no_piece_named(&h);
    click(&mut h, "Blue asks for a takeback — Red, press to answer");
    no_piece_named(&h);
    h.get_by_label(
        "Blue asks Red to agree to take back Blue's last turn and the turns after it (2 in all)",
    );
    click(&mut h, "Red agrees");
    let g = common::game(&h);
    assert_eq!(g.standing_actions().len(), 1);
    assert_eq!(g.position().side_to_move(), Some(Seat::Blue));
    assert_eq!(g.takebacks(Seat::Blue), 1);
    assert!(h.state().play().unwrap().curtain_up(), "down for Blue");
}

#[test]
fn four_people_answer_a_takeback_and_a_draw_seat_by_seat_on_a_covered_board() {
    let (_dir, mut h) = common::window();
    h.state_mut().show_game(Session::new(hidden_four(12, 0)));
    step(&mut h);
    move_by_clicks(&mut h); // South
    move_by_clicks(&mut h); // East
    move_by_clicks(&mut h); // North
    // North just moved, the curtain is down: North asks (the last mover).
    click(&mut h, "Undo");
    no_piece_named(&h);
    click(&mut h, "North asks for a takeback — West, press to answer");
    no_piece_named(&h);
    // Only West's answer is there.
    assert!(h.query_by_label("South agrees").is_none());
    click(&mut h, "West agrees");
    click(&mut h, "North asks for a takeback — South, press to answer");
    click(&mut h, "South agrees");
    click(&mut h, "North asks for a takeback — East, press to answer");
    click(&mut h, "East agrees");
    let g = common::game(&h);
    assert_eq!(g.standing_actions().len(), 2);
    assert_eq!(g.takebacks(Seat::North), 1);
    // North lifts and offers a draw: every other player answers, called one by one.
    lift(&mut h);
    click(&mut h, "Offer draw");
    no_piece_named(&h);
    click(&mut h, "North offers a draw — West, press to answer");
    click(&mut h, "West accepts the draw");
    click(&mut h, "North offers a draw — South, press to answer");
    click(&mut h, "South declines the draw");
    assert_eq!(common::game(&h).draw_offer(), None);
    assert!(h.state().play().unwrap().curtain_up());
}

/// Two people in a hidden game: a draw offered is answered by the other player, called to the
/// covered board before the offerer moves (a move would withdraw the offer); "yes" draws the game,
/// "no" gives the offerer the turn back behind the curtain.
#[test]
fn two_people_answer_a_draw_offer_behind_the_curtain() {
    let (_dir, mut h) = common::window();
    h.state_mut().show_game(Session::new(hidden_pair(21, 2)));
    step(&mut h);
    lift(&mut h);
    click(&mut h, "Offer draw");
    no_piece_named(&h);
    assert!(h.state().play().unwrap().curtain_up(), "down for Blue");
    assert!(
        texts(&h)
            .iter()
            .any(|t| t == "Hand the screen to Blue. Every piece is covered."),
        "the status line names the player called"
    );
    click(&mut h, "Red offers a draw — Blue, press to answer");
    click(&mut h, "Blue declines the draw");
    let g = common::game(&h);
    assert_eq!(g.draw_offer(), None);
    assert!(!g.status().is_over());
    assert_eq!(g.position().side_to_move(), Some(Seat::Red));
    assert!(h.state().play().unwrap().curtain_up(), "down for Red");
    // One draw offer a turn (the table's rule): Red offers again on its next turn.
    lift(&mut h);
    assert!(!is_enabled(&h, "Offer draw"), "offered already this turn");
    move_by_clicks(&mut h);
    move_by_clicks(&mut h);
    lift(&mut h);
    click(&mut h, "Offer draw");
    click(&mut h, "Red offers a draw — Blue, press to answer");
    click(&mut h, "Blue accepts the draw");
    assert_eq!(
        common::game(&h).status(),
        Status::Draw(junqi::engine::EndReason::Agreement)
    );
}

/// Two people in an open game: the other player's answer is on the panel at once.
#[test]
fn two_people_answer_a_draw_offer_in_an_open_game() {
    let (_dir, mut h) = common::window();
    let rules = Rules::for_mode(Mode::Open);
    let mut rng = junqi::engine::rng::SplitMix64::new(22);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    play_quiet(&mut g, 1);
    g.set_info(InfoKey::Seat, "hotseat");
    h.state_mut().show_game(Session::new(g));
    step(&mut h);
    let mover = common::game(&h).position().side_to_move().unwrap();
    let other = mover.opponent().unwrap();
    click(&mut h, "Offer draw");
    let waits = format!(
        "{} offers a draw: {} accepts or declines",
        mover.en(),
        other.en()
    );
    assert!(
        texts(&h).contains(&waits),
        "the status line says who answers"
    );
    click(&mut h, &format!("{} accepts the draw", other.en()));
    assert_eq!(
        common::game(&h).status(),
        Status::Draw(junqi::engine::EndReason::Agreement)
    );
}

/// A game for the cheater to try.
type MakeGame = fn() -> Game;

/// The cheater: for hidden and flip, two and four players, every path in the list, checked after
/// every step as every person of the game.
#[test]
fn the_cheater_finds_nothing_on_any_path() {
    let games: [(&str, MakeGame); 3] = [
        ("hidden two", || hidden_pair(21, 4)),
        ("hidden four", || hidden_four(22, 5)),
        ("flip two", || flip_pair(23, 6)),
    ];
    for (what, make) in games {
        let (dir, mut h) = common::window();
        let mut g = make();
        g.set_info(InfoKey::Id, &format!("20261201210{}", what.len()));
        h.state_mut().show_game(Session::new(g));
        step(&mut h);
        // Play on, lifting each curtain.
        move_by_clicks(&mut h);
        move_by_clicks(&mut h);
        let covered = h.state().play().unwrap().curtain_up();
        // Save as under the curtain does nothing; lifted, it writes a copy.
        let path = dir.path().join("copy.ron");
        h.state_mut().saves.picker = Picker::Fixed(Some(path.clone()));
        if covered {
            h.state_mut().run_save_command(saves::SaveCmd::SaveAs);
            assert!(!path.exists(), "{what}: saved under the curtain");
            lift(&mut h);
        }
        click(&mut h, "Save as…");
        // The replay of the game in play, from behind the lifted curtain.
        click(&mut h, "Replay");
        for _ in 0..3 {
            click(&mut h, "‹ Back");
        }
        // Every viewpoint button: each needs a confirmation; cancelled, nothing shows.
        let seats: Vec<Seat> = replay(&h).game.board().seats.to_vec();
        for s in &seats {
            click(&mut h, s.en());
            if h.query_by_label("Cancel").is_some() {
                click(&mut h, "Cancel");
            }
        }
        click(&mut h, "Close replay");
        // Play on so the copy falls behind; then open the copy and try to continue from it.
        move_by_clicks(&mut h);
        open_file(&mut h, &path);
        for s in &seats {
            click(&mut h, s.en());
            if h.query_by_label("Cancel").is_some() {
                click(&mut h, "Cancel");
            }
        }
        click(&mut h, "Continue from here");
        if h.query_by_label("Cancel").is_some() {
            click(&mut h, "Cancel");
        }
        // A confirmed viewpoint: shown, and noted in the copy.
        click(&mut h, seats[1].en());
        if let Some(b) = h.query_by_label(&format!("Show {}'s pieces", seats[1].en())) {
            b.click();
            step(&mut h);
        }
        // `junqi FILE` and the autosave after a restart.
        h.state_mut().open_file(&path);
        step(&mut h);
        drop(h);
        let mut h = common::harness(dir.path());
        step(&mut h);
        click(&mut h, "Resume");
        // Takeback questions (between people in a hidden game: behind the curtain, seat by seat).
        click(&mut h, "Undo");
        let mut calls = 0;
        for _ in 0..4 {
            let call = texts(&h)
                .into_iter()
                .find(|t| t.contains("press to answer"));
            let Some(call) = call else { break };
            calls += 1;
            click(&mut h, &call);
            let yes = texts(&h).into_iter().find(|t| t.ends_with(" agrees"));
            click(&mut h, &yes.expect("the called seat's answer"));
        }
        let hidden = common::game(&h).rules().mode == Mode::Hidden;
        assert_eq!(calls > 0, hidden, "{what}: questions behind the curtain");
        // A draw offer by the player to move (behind the curtain in a hidden four-player game).
        if h.state().play().unwrap().curtain_up() {
            lift(&mut h);
        }
        click(&mut h, "Offer draw");
        if let Some(call) = texts(&h)
            .into_iter()
            .find(|t| t.contains("press to answer"))
        {
            click(&mut h, &call);
            let no = texts(&h)
                .into_iter()
                .find(|t| t.ends_with(" declines the draw"));
            click(&mut h, &no.expect("the called seat's answer"));
        }
    }
}
