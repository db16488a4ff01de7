//! An outside engine at a seat of the window: chosen in the new-game dialog (its command
//! remembered across runs), playing a hidden game through the junqi engine protocol without the
//! window ever showing its pieces, failing with a message in the player's language while the
//! window stays usable, and undo or a new game while it thinks coming back at once.

use crate::common;

use common::harness;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::board::node_label;
use junqi::app::settings::Occupant;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{Mode, Rules, Seat, Viewer};
use junqi::i18n::{self, Lang};
use std::path::Path;
use std::time::{Duration, Instant};

/// This program's own engine, playing at random (it answers at once).
fn random_engine() -> String {
    format!("{} engine --player random", env!("CARGO_BIN_EXE_junqi"))
}

/// `tests/engines/bad.sh MODE`: an engine that misbehaves at its first `go`.
fn bad(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/bad.sh");
    format!("sh {} {mode}", script.display())
}

fn plies(h: &Harness<'static, JunqiApp>) -> usize {
    h.state().play().unwrap().game().plies().len()
}

/// Step the window until `done` (the engine answers from its own process), checking after every
/// step that nothing on screen names a piece the player may not know; fail on a hang.
fn wait_until(h: &mut Harness<'static, JunqiApp>, what: &str, done: impl Fn(&JunqiApp) -> bool) {
    common::step_until(h, what, |h| {
        common::leak::assert_no_leak(h);
        done(h.state())
    });
    common::leak::run_checked(h);
}

fn wait_for_plies(h: &mut Harness<'static, JunqiApp>, n: usize) {
    wait_until(h, &format!("{n} plies"), |app| {
        let game = app.play().unwrap().game();
        game.plies().len() >= n || game.status().is_over()
    });
}

/// Open the new-game dialog and make Blue an outside engine through the seat picker.
fn choose_engine_for_blue(h: &mut Harness<'static, JunqiApp>, mode: Option<Mode>) {
    common::choose_for_blue(h, mode, "An engine…");
}

/// Replace the text of the engine's command field with `command`.
fn type_command(h: &mut Harness<'static, JunqiApp>, command: &str) {
    h.get_by_label("Engine command").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    if !command.is_empty() {
        h.get_by_label("Engine command").type_text(command);
        h.run();
    }
    assert_eq!(command_field(h), command);
}

/// The text in the engine's command field.
fn command_field(h: &Harness<'static, JunqiApp>) -> String {
    h.get_by_label("Engine command")
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

/// From the first screen to a game against the engine `command` playing Blue.
fn start_against_engine(h: &mut Harness<'static, JunqiApp>, mode: Option<Mode>, command: &str) {
    choose_engine_for_blue(h, mode);
    type_command(h, command);
    h.get_by_label("Start game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
}

/// Play a plain legal move of Red by clicking it on the board.
fn human_move(h: &mut Harness<'static, JunqiApp>) {
    let (from_label, to_name) = {
        let game = &h.state().play().unwrap().game();
        let (from, to) = common::plain_move(game);
        let view = game.view(Viewer::Side(Seat::Red));
        (
            node_label(&view, Lang::En, from),
            game.board().name(to).to_string(),
        )
    };
    h.get_by_label(&from_label).click();
    h.run();
    h.get_by_label(&to_name).click();
    h.run();
}

#[test]
fn a_hidden_game_against_an_engine_is_played_through_the_protocol_and_shows_nothing_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_against_engine(&mut h, Some(Mode::Hidden), &random_engine());
    common::leak::assert_no_leak(&h);
    for k in 0..4 {
        if h.state().play().unwrap().game().status().is_over() {
            break;
        }
        human_move(&mut h);
        common::leak::assert_no_leak(&h);
        wait_for_plies(&mut h, 2 * k + 2);
        // The engine at its seat in the game panel, by the program its command starts (never
        // by the name it gave itself).
        h.get_by_label("Blue: junqi");
    }
    let play = h.state().play().unwrap();
    let game = play.game();
    assert!(game.plies().len() >= 4, "{} plies", game.plies().len());
    assert!(
        game.record()
            .info
            .iter()
            .any(|(k, v)| k == "computer" && v == "blue:engine")
    );
    assert!(!game.record().info.iter().any(|(k, _)| k == "forfeit"));
    assert!(!play.curtain_up());
    assert_eq!(play.computer().seats, [Occupant::Human, Occupant::Engine]);
    assert!(h.state().warning.is_none());
}

#[test]
fn an_engine_that_crashes_at_its_first_answer_abandons_the_game_and_the_window_stays_usable() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_against_engine(&mut h, None, &bad("crash"));
    human_move(&mut h);
    wait_until(&mut h, "the warning", |app| app.warning.is_some());
    let said = "The engine “bad” (Blue) crashed before its first turn: the game is abandoned, \
                with no result; start a new game";
    // Above the screen, and in the status line while the game waits.
    assert_eq!(h.get_all_by_label_contains(said).count(), 2);
    let game = h.state().play().unwrap().game();
    assert!(!game.status().is_over(), "no result: {:?}", game.status());
    let forfeit = game.record().info.iter().find(|(k, _)| k == "forfeit");
    assert_eq!(
        forfeit.map(|(_, v)| v.as_str()),
        Some("Blue (bad): crashed")
    );
    // Nothing asks the engine again: the window is idle and answers.
    for _ in 0..5 {
        h.step();
    }
    assert_eq!(plies(&h), 1);
    h.get_by_label("Dismiss").click();
    h.run();
    assert!(h.state().warning.is_none());
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert!(matches!(h.state().screen, Screen::NewGame(_)));
}

#[test]
fn an_engine_that_sends_garbage_is_named_with_the_reason_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_against_engine(&mut h, Some(Mode::Hidden), &bad("garbage"));
    human_move(&mut h);
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    wait_until(&mut h, "the warning", |app| app.warning.is_some());
    assert_eq!(
        h.get_all_by_label_contains(
            "外部程序“bad”（蓝）走第一步之前没有按协议回应：对局取消，不分胜负"
        )
        .count(),
        2
    );
    assert!(h.query_by_label_contains("a6a7").is_none());
    // The game has no result: the engine never played it.
    assert!(!h.state().play().unwrap().game().status().is_over());
    h.get_by_label(Lang::Zh.t(&i18n::DISMISS)).click();
    h.run();
    assert!(h.state().warning.is_none());
}

#[test]
fn an_empty_command_is_refused_and_the_command_is_remembered_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        choose_engine_for_blue(&mut h, None);
        // The program's own engine is offered before any was chosen.
        assert!(
            command_field(&h).ends_with(" engine --level normal"),
            "{}",
            command_field(&h)
        );
        type_command(&mut h, "");
        h.get_by_label("Type the command that starts the engine");
        assert!(h.get_by_label("Start game").accesskit_node().is_disabled());
        h.get_by_label("Start game").click();
        h.run();
        assert!(matches!(h.state().screen, Screen::NewGame(_)));
        // The program's own engine, a click away.
        h.get_by_label("Use this program's own").click();
        h.run();
        assert!(command_field(&h).ends_with(" engine --level normal"));
        type_command(&mut h, &random_engine());
        h.get_by_label("Start game").click();
        h.run();
        human_move(&mut h);
        wait_for_plies(&mut h, 2);
        assert_eq!(
            h.state().settings.engine_command.as_deref(),
            Some(random_engine().as_str())
        );
        // Settings are written after the frame that changed them.
        h.run();
    }
    // The app again, in the same folder: the unfinished game is offered, and goes on against
    // the engine last chosen.
    let mut h = harness(dir.path());
    assert_eq!(
        h.state().settings.engine_command.as_deref(),
        Some(random_engine().as_str())
    );
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(plies(&h), 2);
    assert_eq!(
        h.state().play().unwrap().computer().engine_command(),
        Some(random_engine().as_str())
    );
    human_move(&mut h);
    wait_for_plies(&mut h, 4);
    // The dialog offers the engine and its command again.
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert_eq!(command_field(&h), random_engine());
    let Screen::NewGame(ng) = &h.state().screen else {
        panic!("the new-game dialog");
    };
    assert_eq!(ng.spec.seats, [Occupant::Human, Occupant::Engine]);
}

#[test]
fn undo_and_a_new_game_while_the_engine_hangs_come_back_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_against_engine(&mut h, None, &bad("hang"));
    human_move(&mut h);
    // The engine is asked (its name known after its handshake), and says nothing.
    wait_until(&mut h, "the engine's handshake", |app| {
        app.play().unwrap().computer().engine_id_name(1).is_some()
    });
    h.step();
    assert!(h.state().play().unwrap().computer_to_move());
    h.get_by_label_contains("bad (Blue) is thinking");
    // The engine hangs for a minute: had the window waited for it, the undo would take that long.
    let t0 = Instant::now();
    h.get_by_label("Undo").click();
    h.run();
    assert!(t0.elapsed() < HANG / 2, "{:?}", t0.elapsed());
    assert_eq!(plies(&h), 0);
    assert!(!h.state().play().unwrap().computer_to_move());
    // Again, then a new game.
    human_move(&mut h);
    wait_until(&mut h, "the engine's handshake", |app| {
        app.play().unwrap().computer().engine_id_name(1).is_some()
    });
    let t0 = Instant::now();
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    h.get_by_label("Start game").click();
    h.run();
    assert!(t0.elapsed() < HANG / 2, "{:?}", t0.elapsed());
    assert_eq!(plies(&h), 0);
    assert!(h.state().warning.is_none());
    // The engines given up are ended on threads of their own (half a second after their
    // `quit`): let them go before the test ends.
    common::wait_until("the engines given up to end", || {
        junqi::table::process::running() == 0
    });
}

/// How long `bad.sh hang` hangs at its first `go` (`sleep 60`).
const HANG: Duration = Duration::from_secs(60);

#[test]
fn an_engine_that_fails_before_a_flip_games_colours_holds_the_game_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.state_mut().settings.rules = Rules::for_mode(Mode::Flip);
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    // Player 1 moves first: the engine is asked at once, and crashes.
    h.get_by_label("as Player 1").click();
    h.run();
    h.get_by_label("An engine…").click();
    h.run();
    type_command(&mut h, &bad("crash"));
    h.get_by_label("Start game").click();
    h.run();
    wait_until(&mut h, "the warning", |app| app.warning.is_some());
    let said = "The engine “bad” (Player 1) crashed before its first turn: the game is \
                abandoned, with no result; start a new game";
    // Above the screen, and in the status line while the game waits.
    assert_eq!(h.get_all_by_label_contains(said).count(), 2);
    // The game waits: more frames change nothing.
    for _ in 0..5 {
        h.step();
    }
    let game = h.state().play().unwrap().game();
    assert!(!game.status().is_over());
    assert_eq!(game.plies().len(), 0);
    assert!(
        game.record()
            .info
            .iter()
            .any(|(k, v)| k == "forfeit" && v == "player 1 (bad): crashed")
    );
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert!(matches!(h.state().screen, Screen::NewGame(_)));
}

#[test]
fn three_engines_play_a_four_player_game_each_from_its_own_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    {
        let s = &mut h.state_mut().settings;
        s.four = true;
        s.seats4 = [
            Occupant::Human,
            Occupant::Engine,
            Occupant::Engine,
            Occupant::Engine,
        ];
        s.engine_command = Some(random_engine());
    }
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    assert_eq!(command_field(&h), random_engine());
    h.get_by_label("Start game").click();
    h.run();
    let (from_label, to_name) = {
        let game = h.state().play().unwrap().game();
        let (from, to) = common::plain_move(game);
        let view = game.view(Viewer::Side(Seat::South));
        (
            node_label(&view, Lang::En, from),
            game.board().name(to).to_string(),
        )
    };
    h.get_by_label(&from_label).click();
    h.run();
    h.get_all_by_label(&to_name).next().unwrap().click();
    h.run();
    wait_for_plies(&mut h, 4);
    let game = h.state().play().unwrap().game();
    assert!(game.plies().len() >= 4 || game.status().is_over());
    assert!(
        game.record()
            .info
            .iter()
            .any(|(k, v)| k == "computer" && v == "east:engine,north:engine,west:engine")
    );
    assert!(h.state().warning.is_none());
    for side in ["East", "North", "West"] {
        h.get_by_label(&format!("{side}: junqi"));
    }
}

#[test]
fn the_engine_row_of_the_dialog_fits_small_windows_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    choose_engine_for_blue(&mut h, None);
    for lang in [Lang::En, Lang::Zh] {
        h.state_mut().settings.lang = lang;
        for (w, hh) in [(640.0, 480.0), (800.0, 600.0), (1280.0, 860.0)] {
            let size = egui::vec2(w, hh);
            h.set_size(size);
            h.run();
            common::layout::assert_tidy(&h, size, &format!("{lang:?} dialog at {w}×{hh}"));
        }
    }
}

/// An engine whose `id name` and `error` text spell out pieces: the window shows neither, in
/// either language (its seat by the program its command starts, its failure in the program's
/// words); both are in the engine log in the data folder, and the record's forfeit entry has the
/// program's words only.
#[test]
fn an_engines_own_words_are_never_on_screen_only_in_the_engine_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_against_engine(&mut h, Some(Mode::Hidden), &bad("spy"));
    human_move(&mut h);
    wait_until(&mut h, "the warning", |app| app.warning.is_some());
    // Whole phrases: the board's own labels name squares and pieces.
    let words = ["marshal is on", "is on a6", "flag is on", "bomb on c2"];
    let on_screen = |h: &Harness<'static, JunqiApp>| {
        for w in words {
            assert!(h.query_by_label_contains(w).is_none(), "{w:?} on screen");
        }
    };
    assert_eq!(
        h.get_all_by_label_contains(
            "The engine “bad” (Blue) reported an error before its first turn"
        )
        .count(),
        2
    );
    on_screen(&h);
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    assert_eq!(
        h.get_all_by_label_contains("外部程序“bad”（蓝）走第一步之前出错：对局取消")
            .count(),
        2
    );
    on_screen(&h);
    let game = h.state().play().unwrap().game();
    let forfeit = game.record().info.iter().find(|(k, _)| k == "forfeit");
    assert_eq!(
        forfeit.map(|(_, v)| v.as_str()),
        Some("Blue (bad): reported an error")
    );
    let log = std::fs::read_to_string(dir.path().join("engines.log")).unwrap();
    assert!(log.contains("my marshal is on a6"), "{log}");
    assert!(log.contains("the flag is on d1 and a bomb on c2"), "{log}");
    assert!(log.contains("Blue: engine `sh "), "{log}");
}

/// A command whose program does not exist is refused at Start, in the player's language: no
/// game starts, nothing is recorded, and the dialog stays. Corrected, the game starts and the
/// warning is gone (it does not push the next dialog down either).
#[test]
fn a_command_not_found_is_refused_at_start_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    choose_engine_for_blue(&mut h, None);
    for (command, name) in [
        ("no-such-junqi-engine --level 3", "no-such-junqi-engine"),
        ("/no/such/folder/engine", "/no/such/folder/engine"),
    ] {
        type_command(&mut h, command);
        h.get_by_label("Start game").click();
        h.run();
        assert!(matches!(h.state().screen, Screen::NewGame(_)));
        h.get_by_label_contains(&format!("command not found: {name}"));
        h.state_mut().settings.lang = Lang::Zh;
        h.run();
        h.get_by_label_contains(&format!("找不到程序：{name}"));
        h.state_mut().settings.lang = Lang::En;
        h.run();
    }
    assert!(h.state().play().is_none(), "no game started");
    assert!(!dir.path().join("games").join("current.ron").exists());
    assert!(h.state().saves.recent.is_empty(), "nothing recorded");
    type_command(&mut h, &random_engine());
    h.get_by_label("Start game").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
    assert!(h.state().warning.is_none(), "{:?}", h.state().warning);
}

/// `cat` starts but is no engine (it echoes the handshake back): the game is abandoned after
/// the first move with no result, and the recent games say so instead of "Red won". The
/// warning does not stay above the next game's dialog.
#[test]
fn an_engine_that_fails_its_handshake_abandons_the_game_and_no_win_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness(dir.path());
        start_against_engine(&mut h, None, "cat");
        human_move(&mut h);
        wait_until(&mut h, "the warning", |app| app.warning.is_some());
        assert_eq!(
            h.get_all_by_label_contains(
                "before its first turn: the game is abandoned, with no result"
            )
            .count(),
            2
        );
        let game = h.state().play().unwrap().game();
        assert!(!game.status().is_over(), "{:?}", game.status());
        assert!(
            !game
                .record()
                .actions
                .iter()
                .any(|a| matches!(a, junqi::engine::Action::Resign(_))),
            "{:?}",
            game.record().actions
        );
        // The next game's dialog has no warning above it.
        h.get_all_by_label("New game").next().unwrap().click();
        h.run();
        assert!(matches!(h.state().screen, Screen::NewGame(_)));
        assert!(h.state().warning.is_none(), "{:?}", h.state().warning);
        assert!(h.query_by_label_contains("before its first turn").is_none());
    }
    // The program again: the game is among the recent games as abandoned, not offered again.
    let h = harness(dir.path());
    let recent = &h.state().saves.recent;
    assert_eq!(recent.len(), 1, "{recent:?}");
    let line = recent[0].line(Lang::En);
    assert!(line.contains("abandoned: the engine failed"), "{line}");
    assert!(!line.contains("won"), "{line}");
    assert!(recent[0].line(Lang::Zh).contains("已取消：外部程序出错"));
    assert!(h.state().saves.resume.is_none());
}
