//! Saved games in the window (egui_kittest): resume after a kill, open from the recent list, the
//! replay controls, hostile files, and a crash between writing and renaming the autosave.

use crate::common;

use common::harness;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::board::node_label;
use junqi::app::saves::{self, Picker, Saves};
use junqi::app::{JunqiApp, Screen, Session};
use junqi::engine::rng::SplitMix64;
use junqi::engine::{Action, Game, InfoKey, Mode, NodeId, Seat, Start, Turn, Viewer};
use junqi::i18n::Lang;
use std::path::{Path, PathBuf};

fn games(dir: &Path) -> PathBuf {
    dir.join("games")
}

fn start_game(h: &mut Harness<'static, JunqiApp>) {
    h.get_by_label("Start now (last rules)").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
}

use common::game;

/// Play a plain move of the side to move by clicking the piece and its destination.
fn click_a_move(h: &mut Harness<'static, JunqiApp>) {
    let plies = game(h).plies().len();
    common::click_a_plain_move(h);
    assert_eq!(game(h).plies().len(), plies + 1);
}

/// The board shown is the view of `game.position_at(n)` by `viewer`: every node's label is there.
fn assert_board(h: &Harness<'static, JunqiApp>, game: &Game, n: usize, viewer: Viewer) {
    let view = game.position_at(n).view(game.rules(), viewer);
    for node in 0..game.board().len() as NodeId {
        let label = node_label(&view, Lang::En, node);
        assert!(
            h.query_by_label(&label).is_some(),
            "ply {n}, {viewer:?}: no node labelled {label:?}"
        );
    }
}

fn replay<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a junqi::app::replay::Replay {
    match &h.state().screen {
        Screen::Replay(r) => r,
        _ => panic!("not on the replay screen"),
    }
}

#[test]
fn a_killed_app_offers_to_resume_exactly_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_game(&mut h);
    click_a_move(&mut h);
    click_a_move(&mut h);
    click_a_move(&mut h);
    // Undo the third turn (the other player agrees): the redo stack is saved too.
    h.get_by_label("Undo").click();
    h.run();
    h.get_by_label("Accept the takeback").click();
    h.run();
    let notation = game(&h).position().notation();
    let moves: Vec<String> = (0..2)
        .map(|i| {
            let g = game(&h);
            format!(
                "{:>3}. {}",
                i + 1,
                junqi::app::words::move_text(g, &g.plies()[i], Lang::En)
            )
        })
        .collect();
    // No orderly shutdown: the harness is simply dropped, as after `kill -9`.
    drop(h);
    assert!(games(dir.path()).join(saves::CURRENT).exists());

    let mut h = harness(dir.path());
    assert!(matches!(h.state().screen, Screen::Home));
    h.get_by_label("An unfinished game was saved");
    h.get_by_label_contains("2 turns played, Red to move");
    h.get_by_label("Resume").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
    assert_eq!(game(&h).position().notation(), notation);
    for m in &moves {
        h.get_by_label(m);
    }
    // Redo brings back the undone third turn.
    h.get_by_label("Redo").click();
    h.run();
    assert_eq!(game(&h).plies().len(), 3);
}

#[test]
fn discard_moves_the_game_to_the_recent_list() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_game(&mut h);
    click_a_move(&mut h);
    click_a_move(&mut h);
    drop(h);
    let mut h = harness(dir.path());
    h.get_by_label("Discard").click();
    h.run();
    assert!(h.query_by_label("Resume").is_none());
    assert!(!games(dir.path()).join(saves::CURRENT).exists());
    h.get_by_label_contains("Open · two players · 2 moves · unfinished · ");
    // Starting a new game while a game was offered keeps that game too.
    drop(h);
    let mut h = harness(dir.path());
    start_game(&mut h);
    click_a_move(&mut h);
    drop(h);
    let mut h = harness(dir.path());
    h.get_by_label("Resume");
    start_game(&mut h);
    click_a_move(&mut h);
    h.get_by_label("Home").click();
    h.run();
    assert_eq!(
        h.state().saves.recent.len(),
        2,
        "both earlier games are listed"
    );
}

#[test]
fn a_finished_game_goes_to_the_recent_list_not_the_resume_offer() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_game(&mut h);
    click_a_move(&mut h);
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign").click();
    h.run();
    drop(h);
    let h = harness(dir.path());
    assert!(h.query_by_label("Resume").is_none());
    let recent = &h.state().saves.recent;
    assert_eq!(recent.len(), 1, "{recent:?}");
    // Blue (to move after Red's turn) resigned.
    h.get_by_label_contains("Open · two players · 1 move · Red won · ");
}

#[test]
fn open_a_saved_file_from_the_recent_list() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(games(dir.path())).unwrap();
    let g = common::sample_game(Mode::Open, 3, 6);
    std::fs::write(games(dir.path()).join("friday-night.ron"), g.to_ron()).unwrap();
    let mut h = harness(dir.path());
    // The list reads as a game, not as a file name (the name is in the tooltip).
    assert!(h.query_by_label("friday-night").is_none());
    h.get_by_label_contains("Open · two players · 6 moves · unfinished · ")
        .click();
    h.run();
    let r = replay(&h);
    assert_eq!(r.ply, 6);
    assert_eq!(r.game.record().actions, g.record().actions);
    h.get_by_label("Turn 6 / 6");
    assert_board(&h, &g, 6, Viewer::Side(Seat::Red));
}

#[test]
fn replay_controls_change_the_position_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = common::sample_game(Mode::Hidden, 9, 8);
    assert_eq!(g.plies().len(), 8);
    // Red against the computer (a game between people opens covered: see the tests below).
    g.set_info(InfoKey::Computer, "blue:easy");
    let path = dir.path().join("hidden.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = harness(dir.path());
    h.state_mut().saves.picker = Picker::Fixed(Some(path));
    h.get_by_label("Open game…").click();
    h.run();
    // Red's own view: nobody is hidden from.
    assert_eq!(replay(&h).viewer(), Viewer::Side(Seat::Red));
    assert_board(&h, &g, 8, Viewer::Side(Seat::Red));
    h.get_by_label("‹ Back").click();
    h.run();
    h.get_by_label("Turn 7 / 8");
    assert_board(&h, &g, 7, Viewer::Side(Seat::Red));
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_board(&h, &g, 6, Viewer::Side(Seat::Red));
    h.key_press(egui::Key::ArrowRight);
    h.run();
    h.get_by_label("Turn 7 / 8");
    // Jump with the move list.
    let first = format!("  1. {}", {
        let p = &g.plies()[0];
        let Some(Turn::Move { from, to }) = p.turn else {
            panic!()
        };
        format!("{}-{}", g.board().name(from), g.board().name(to))
    });
    h.get_by_label_contains(&first).click();
    h.run();
    assert_eq!(replay(&h).ply, 1);
    assert_board(&h, &g, 1, Viewer::Side(Seat::Red));
    h.get_by_label("« Start").click();
    h.run();
    assert_board(&h, &g, 0, Viewer::Side(Seat::Red));
    h.get_by_label("End »").click();
    h.run();
    assert_eq!(replay(&h).ply, 8);
    // The slider (driven through its accessibility value).
    h.get_by_role(egui::accesskit::Role::Slider)
        .set_value_accesskit(3.0);
    h.run();
    assert_eq!(replay(&h).ply, 3);
    assert_board(&h, &g, 3, Viewer::Side(Seat::Red));
    // Viewpoint: Blue's needs a confirmation in an unfinished hidden game (the file is Red's),
    // and is noted; Blue sees its own pieces, not Red's.
    h.get_by_label("Blue").click();
    h.run();
    h.get_by_label("Show Blue's viewpoint?");
    h.get_by_label("Show Blue's pieces").click();
    h.run();
    assert_board(&h, &g, 3, Viewer::Side(Seat::Blue));
    // The referee's view needs a confirmation; cancelling changes nothing.
    h.get_by_label("Referee").click();
    h.run();
    h.get_by_label("Show the referee view?");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(replay(&h).viewer(), Viewer::Side(Seat::Blue));
    assert!(
        !replay(&h)
            .game
            .record()
            .disclosures
            .iter()
            .any(|d| d.what == junqi::engine::Disclosure::RefereeView)
    );
    h.get_by_label("Referee").click();
    h.run();
    h.get_by_label("Show every piece").click();
    h.run();
    assert_eq!(replay(&h).viewer(), Viewer::Referee);
    assert!(replay(&h).game.record().referee_view_used());
    assert_board(&h, &g, 3, Viewer::Referee);
    // Play runs to the end by itself.
    h.get_by_label("▶ Play").click();
    let mut steps = 0;
    while replay(&h).ply < 8 && steps < 200 {
        h.step();
        steps += 1;
    }
    assert_eq!(replay(&h).ply, 8);
}

#[test]
fn continue_from_here_starts_a_game_from_that_turn() {
    let dir = tempfile::tempdir().unwrap();
    let g = common::sample_game(Mode::Open, 21, 6);
    let path = dir.path().join("old.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = harness(dir.path());
    h.state_mut().saves.picker = Picker::Fixed(Some(path));
    h.get_by_label("Open game…").click();
    h.run();
    h.get_by_label("« Start").click();
    h.run();
    for _ in 0..4 {
        h.get_by_label("Forward ›").click();
        h.run();
    }
    h.get_by_label("Continue from here").click();
    h.run();
    assert!(matches!(h.state().screen, Screen::Play(_)));
    assert_eq!(game(&h).position(), g.position_at(4));
    assert_eq!(game(&h).plies().len(), 4);
    // It is the game in progress now: saved, and offered after a restart.
    click_a_move(&mut h);
    drop(h);
    let mut h = harness(dir.path());
    h.get_by_label("Resume").click();
    h.run();
    assert_eq!(game(&h).plies().len(), 5);
}

/// The game in play is untouched by a file that cannot be opened, and the message names the file.
#[test]
fn hostile_files_are_refused_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let good = common::sample_game(Mode::Open, 11, 10);
    let text = good.to_ron();
    let Start::Formations { red, .. } = &good.record().start else {
        panic!()
    };
    let line = red.iter().position(|l| l.contains('1')).unwrap();
    let extra_marshal = text.replacen(
        &format!("{:?}", red[line]),
        &format!("{:?}", red[line].replacen('1', "9", 1)),
        1,
    );
    let mut bad_turn = good.record().clone();
    let flag = good
        .position()
        .find(Seat::Red, junqi::engine::Rank::Flag)
        .unwrap();
    let name = good.board().name(flag);
    let to = if name == "b1" { "a1" } else { "c1" };
    bad_turn.actions.push(Action::Turn(format!("{name}-{to}")));
    let bad_turn = ron::ser::to_string_pretty(&bad_turn, Default::default()).unwrap();
    let mut random = vec![0u8; 4096];
    let mut rng = SplitMix64::new(5);
    for b in &mut random {
        *b = rng.next_u64() as u8;
    }
    let cases: Vec<(&str, Vec<u8>, &[&str])> = vec![
        (
            "truncated",
            text.as_bytes()[..text.len() / 2].to_vec(),
            &["line "],
        ),
        ("random", random, &["not UTF-8"]),
        ("empty", Vec::new(), &["empty"]),
        (
            "version",
            text.replacen("version: 1", "version: 99", 1).into_bytes(),
            &["version 99"],
        ),
        (
            "huge",
            format!("{text}{}", " ".repeat(30 * 1024 * 1024)).into_bytes(),
            &["larger than"],
        ),
        ("marshal", extra_marshal.into_bytes(), &["start", "Marshal"]),
        (
            "badturn",
            bad_turn.into_bytes(),
            &["action 11", "never moves"],
        ),
        (
            "binary-ron",
            b"(version: 1, rules: \xff\xfe)".to_vec(),
            &["UTF-8"],
        ),
    ];
    let mut h = harness(dir.path());
    start_game(&mut h);
    click_a_move(&mut h);
    let before = game(&h).record().clone();
    let current = games(dir.path()).join(saves::CURRENT);
    let saved = std::fs::read(&current).unwrap();
    for (name, bytes, expect) in cases {
        let path = dir.path().join(format!("{name}.ron"));
        std::fs::write(&path, &bytes).unwrap();
        h.state_mut().warning = None;
        h.get_by_label("Home").click();
        h.run();
        h.state_mut().saves.picker = Picker::Fixed(Some(path.clone()));
        h.get_by_label("Open game…").click();
        h.run();
        let msg = h
            .state()
            .warning
            .clone()
            .expect("a message")
            .detail(Lang::En);
        assert!(msg.contains(&path.display().to_string()), "{name}: {msg}");
        for e in expect {
            assert!(msg.contains(e), "{name}: {msg}");
        }
        h.get_by_label_contains("could not be opened, nothing was changed");
        assert!(matches!(h.state().screen, Screen::Home), "{name}");
        assert_eq!(game(&h).record(), &before, "{name}");
        assert_eq!(std::fs::read(&current).unwrap(), saved, "{name}");
        // The bad file is not put on the recent list either.
        assert!(h.state().saves.recent.iter().all(|g| g.path != path));
    }
}

#[test]
fn without_a_file_dialog_the_app_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    h.get_by_label("Open game…").click();
    h.run();
    h.get_by_label_contains("The file dialog could not open");
    start_game(&mut h);
    click_a_move(&mut h);
    h.get_by_label("Save as…").click();
    h.run();
    h.get_by_label_contains("saved to the recent games");
    h.get_by_label("Home").click();
    h.run();
    assert_eq!(h.state().saves.recent.len(), 1);
}

#[test]
fn save_as_and_open_round_trip_a_hidden_game_between_people_which_opens_covered() {
    let dir = tempfile::tempdir().unwrap();
    let g = common::sample_game(Mode::Hidden, 4, 5);
    // Blue is to move after 5 turns and lifts the curtain: Save as is for whoever looks.
    let mut h = harness(dir.path());
    h.state_mut().show_game(Session::new(g.clone()));
    h.run();
    h.get_by_label("Blue to move — press to continue").click();
    h.run();
    let path = dir.path().join("out").join("mine");
    h.state_mut().saves.picker = Picker::Fixed(Some(path.clone()));
    h.get_by_label("Save as…").click();
    h.run();
    let path = path.with_extension("ron");
    let back = saves::load_game(&path).unwrap();
    assert_eq!(back.record().actions, g.record().actions);
    assert_eq!(saves::info_value(back.record(), InfoKey::SavedBy), None);
    // Opened: nobody's view (whoever pressed Save as is not necessarily who looks now), and the
    // file is remembered in the recent list.
    h.state_mut().saves.picker = Picker::Fixed(Some(path.clone()));
    h.get_by_label("Home").click();
    h.run();
    h.get_by_label("Open game…").click();
    h.run();
    assert!(replay(&h).covered);
    assert!(
        h.state()
            .saves
            .recent
            .iter()
            .any(|r| r.path.file_name() == path.file_name())
    );
    common::leak::assert_no_leak(&h);
    // Blue's viewpoint waits for a confirmation.
    h.get_by_label("Blue").click();
    h.run();
    h.get_by_label("Show Blue's viewpoint?");
    assert!(replay(&h).covered);
}

/// A crash between writing the temporary file and the rename leaves the previous autosave intact,
/// and a restart offers that game.
#[test]
fn a_crash_between_write_and_rename_keeps_the_previous_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let gdir = games(dir.path());
    let (mut s, w) = Saves::open(Some(gdir.clone()), Picker::Unavailable);
    assert!(w.is_none());
    let mut play = Session::new(common::sample_game(Mode::Hidden, 8, 4));
    s.autosave(Some(&mut play)).unwrap();
    let before = std::fs::read(gdir.join(saves::CURRENT)).unwrap();
    // One more turn (the same game, its id kept).
    let mut g = play.game().clone();
    let t = g.position().legal_turns(g.rules())[0];
    g.play(t).unwrap();
    play = Session::new(g);
    let e = s
        .autosave_with(Some(&mut play), |tmp| {
            assert!(tmp.exists(), "the new text is written before the rename");
            Err(std::io::Error::other("power cut"))
        })
        .unwrap_err();
    assert!(e.to_string().contains("power cut"), "{e}");
    assert_eq!(std::fs::read(gdir.join(saves::CURRENT)).unwrap(), before);
    let names: Vec<_> = std::fs::read_dir(&gdir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from(saves::CURRENT)]);
    let (again, w) = Saves::open(Some(gdir.clone()), Picker::Unavailable);
    assert!(w.is_none());
    assert_eq!(again.resume.expect("offer").game.plies().len(), 4);
    // The next write goes through.
    s.autosave(Some(&mut play)).unwrap();
    let (again, _) = Saves::open(Some(gdir), Picker::Unavailable);
    assert_eq!(again.resume.expect("offer").game.plies().len(), 5);
}

#[test]
fn an_unreadable_autosave_is_kept_aside_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let gdir = games(dir.path());
    std::fs::create_dir_all(&gdir).unwrap();
    std::fs::write(gdir.join(saves::CURRENT), "(version: 1, rules: (").unwrap();
    let h = harness(dir.path());
    let w = h.state().warning.clone().expect("a warning");
    let (said, msg) = (w.what, w.detail(Lang::En));
    // It says where the file was kept.
    assert_eq!(said, junqi::i18n::KEPT_ASIDE);
    assert!(
        msg.contains("current.ron") && msg.contains("unreadable-"),
        "{msg}"
    );
    assert!(h.query_by_label("Resume").is_none());
    let kept = std::fs::read_dir(&gdir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("unreadable-")
        })
        .count();
    assert_eq!(kept, 1);
}

/// A kill in the middle of a write leaves `.<file>.<pid>.tmp` behind. A later start removes those
/// of processes that no longer run, in every folder the program writes (games, formations,
/// settings), and keeps those a running process may still be writing (its own included).
#[cfg(target_os = "linux")]
#[test]
fn a_later_start_removes_temp_files_left_by_a_killed_writer() {
    let dir = tempfile::tempdir().unwrap();
    let gdir = games(dir.path());
    let fdir = dir.path().join("formations");
    std::fs::create_dir_all(&fdir).unwrap();
    let (mut s, _) = Saves::open(Some(gdir.clone()), Picker::Unavailable);
    let mut play = Session::new(common::sample_game(Mode::Hidden, 8, 4));
    s.autosave(Some(&mut play)).unwrap();
    // A process that has ended, and one still running.
    let mut ended = std::process::Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    let mut running = std::process::Command::new("sleep")
        .arg("60")
        .spawn()
        .unwrap();
    let (dead, alive, me) = (ended.id(), running.id(), std::process::id());
    // One more turn (the same game, its id kept).
    let mut g = play.game().clone();
    let t = g.position().legal_turns(g.rules())[0];
    g.play(t).unwrap();
    play = Session::new(g);
    // The kill: the temporary file is written and never renamed nor removed (kept under the
    // names the ended and the running process would have given it).
    let dead_tmp = gdir.join(format!(".current.ron.{dead}.tmp"));
    let alive_tmp = gdir.join(format!(".current.ron.{alive}.tmp"));
    s.autosave_with(Some(&mut play), |tmp| {
        std::fs::copy(tmp, &dead_tmp)?;
        std::fs::copy(tmp, &alive_tmp)?;
        Err(std::io::Error::other("killed"))
    })
    .unwrap_err();
    let own_tmp = gdir.join(format!(".current.ron.{me}.tmp"));
    std::fs::write(&own_tmp, "being written").unwrap();
    let settings_tmp = dir.path().join(format!(".settings.ron.{dead}.tmp"));
    std::fs::write(&settings_tmp, "(").unwrap();
    let formation_tmp = fdir.join(format!(".wall.ron.{dead}.tmp"));
    std::fs::write(&formation_tmp, "(").unwrap();
    // Not a temporary file of ours: never touched.
    let other = gdir.join(".notes.tmp");
    std::fs::write(&other, "x").unwrap();

    let h = harness(dir.path());
    assert!(!dead_tmp.exists() && !settings_tmp.exists() && !formation_tmp.exists());
    assert!(alive_tmp.exists(), "a running process may still write it");
    assert!(own_tmp.exists() && other.exists());
    assert!(h.state().warning.is_none());
    assert_eq!(
        h.state()
            .saves
            .resume
            .as_ref()
            .expect("offer")
            .game
            .plies()
            .len(),
        4
    );
    drop(h);
    // Once that process has ended too, the next start removes its file.
    running.kill().unwrap();
    running.wait().unwrap();
    let _h = harness(dir.path());
    assert!(!alive_tmp.exists());
    assert!(own_tmp.exists() && other.exists());
}

/// With saving impossible (here the games folder is replaced by a file) the warning says how many
/// turns are not on disk; when saving works again it says so and the warning of failure is gone.
#[test]
fn the_save_warning_counts_unsaved_turns_and_clears_after_a_successful_save() {
    let dir = tempfile::tempdir().unwrap();
    let gdir = games(dir.path());
    let mut h = harness(dir.path());
    start_game(&mut h);
    click_a_move(&mut h);
    assert!(gdir.join(saves::CURRENT).exists());
    let moved = dir.path().join("games-away");
    std::fs::rename(&gdir, &moved).unwrap();
    std::fs::write(&gdir, "not a folder").unwrap();
    click_a_move(&mut h);
    h.get_by_label_contains("1 turn is not yet on disk");
    click_a_move(&mut h);
    h.get_by_label_contains("2 turns are not yet on disk");
    // Space comes back.
    std::fs::remove_file(&gdir).unwrap();
    std::fs::rename(&moved, &gdir).unwrap();
    h.run();
    assert!(h.query_by_label_contains("not yet on disk").is_none());
    h.get_by_label_contains("The game is saved again");
    let (again, _) = Saves::open(Some(gdir), Picker::Unavailable);
    assert_eq!(again.resume.expect("offer").game.plies().len(), 3);
}

#[cfg(unix)]
#[test]
fn saved_games_are_private_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    start_game(&mut h);
    click_a_move(&mut h);
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&games(dir.path()).join(saves::CURRENT)), 0o600);
    let path = dir.path().join("out.ron");
    h.state_mut().saves.picker = Picker::Fixed(Some(path.clone()));
    h.get_by_label("Save as…").click();
    h.run();
    assert_eq!(mode(&path), 0o600);
}

#[test]
fn autosaved_unfinished_hidden_game_between_people_opens_covered() {
    let dir = tempfile::tempdir().unwrap();
    let g = common::sample_game(Mode::Hidden, 4, 5);
    // Blue to move after 5 turns, two people at the screen.
    let mut h = harness(dir.path());
    h.state_mut().show_game(Session::new(g.clone()));
    h.run();
    drop(h);
    // The autosave, opened as a file: the side to move is not necessarily who looks.
    let copy = dir.path().join("copy.ron");
    std::fs::copy(games(dir.path()).join(saves::CURRENT), &copy).unwrap();
    let mut h = harness(dir.path());
    h.state_mut().saves.picker = Picker::Fixed(Some(copy));
    h.get_by_label("Open game…").click();
    h.run();
    assert!(replay(&h).covered);
    common::leak::assert_no_leak(&h);
}

/// A file that does not say which side saved it (an older file, a tracked physical-board game both
/// players entered) opens covered when it holds an unfinished hidden game: no side's pieces until a
/// viewpoint is confirmed, and that use is noted.
#[test]
fn unfinished_hidden_game_with_no_saving_side_opens_covered() {
    let dir = tempfile::tempdir().unwrap();
    let g = common::sample_game(Mode::Hidden, 4, 5);
    let mut record = g.record().clone();
    record.info.retain(|(k, _)| k != "saved_by" && k != "seat");
    let path = dir.path().join("nobody.ron");
    std::fs::write(&path, Game::from_record(record).unwrap().to_ron()).unwrap();
    let mut h = harness(dir.path());
    h.state_mut().saves.picker = Picker::Fixed(Some(path));
    h.get_by_label("Open game…").click();
    h.run();
    assert!(replay(&h).covered);
    h.get_by_label_contains("cannot know who is looking");
    common::leak::assert_no_leak(&h);
    // Even Red's viewpoint waits for a confirmation, and is noted once given.
    h.get_by_label("Red").click();
    h.run();
    h.get_by_label("Show Red's viewpoint?");
    common::leak::assert_no_leak(&h);
    h.get_by_label("Show Red's pieces").click();
    h.run();
    assert!(!replay(&h).covered);
    assert_eq!(replay(&h).viewer(), Viewer::Side(Seat::Red));
    assert!(replay(&h).game.record().referee_view_used());
    common::leak::assert_no_leak(&h);
}

#[test]
fn the_replay_takes_the_game_keys_as_its_steps_and_plays_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = common::sample_game(Mode::Open, 11, 6);
    g.act(Action::Resign(Seat::Red)).unwrap();
    let path = dir.path().join("open.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = harness(dir.path());
    h.state_mut().saves.picker = Picker::Fixed(Some(path));
    h.get_by_label("Open game…").click();
    h.run();
    // At the end of a finished game the board's line says how it ended, not who is to move.
    let ended = junqi::app::words::status_text(g.status(), Lang::En).expect("over");
    assert!(h.query_all_by_label(&ended).count() >= 2, "{ended}");
    assert!(h.query_by_label_contains("to move").is_none());
    // Ctrl+Z steps back, Ctrl+Y forward: the game's keys, not the game's actions.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(replay(&h).ply, 5);
    h.get_by_label("Turn 5 / 6");
    h.get_by_label_contains("to move");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(replay(&h).ply, 6);
    // Play from the start: the replay steps on by itself before each frame.
    h.get_by_label("« Start").click();
    h.run();
    h.get_by_label("▶ Play").click();
    h.run();
    assert!(replay(&h).playing);
    let Screen::Replay(r) = &mut h.state_mut().screen else {
        panic!("not on the replay screen")
    };
    let mut now = 1000.0;
    let mut steps = 0;
    while r.tick(now).is_some() && steps < 100 {
        now += 1.0;
        steps += 1;
    }
    assert_eq!(
        (r.ply, r.playing),
        (6, false),
        "played to the end and stopped"
    );
}
