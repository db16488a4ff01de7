//! The program's files: every file it writes is its owner's only and every folder it
//! makes too; nothing a crash or a damaged file leaves is lost — temporary files in every folder
//! go at the next start, a damaged file kept aside never replaces another, the referee's warning of
//! a failed write clears when writing works again, and a tracked game's formations entered so far
//! survive a crash (sealed) and the entry resumes at the next seat.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::referee::{ENTRY_FILE, JUDGE_FILE, Stage, TRACKED_FILE, pad_label};
use junqi::app::saves::{self, Picker, Saves};
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{Rank, Seat};
use junqi::i18n::{self, Lang};
use std::path::{Path, PathBuf};

use common::click;
use common::harness_wide as harness;

fn games(dir: &Path) -> PathBuf {
    dir.join("games")
}

fn referee_dir(dir: &Path) -> PathBuf {
    games(dir).join("referee")
}

/// Every text on screen, joined.
fn all_text(h: &Harness<'static, JunqiApp>) -> String {
    common::leak::texts(h).join("\n")
}

/// A plain move of the game in play, by clicks.
fn click_a_move(h: &mut Harness<'static, JunqiApp>) {
    let (from, to) = {
        let g = common::game(h);
        let side = g.position().side_to_move().unwrap();
        let (from, to) = common::plain_move(g);
        (
            junqi::app::board::node_label(
                &g.view(junqi::engine::Viewer::Side(side)),
                Lang::En,
                from,
            ),
            g.board().name(to).to_string(),
        )
    };
    let plies = common::game(h).plies().len();
    click(h, &from);
    click(h, &to);
    assert_eq!(common::game(h).plies().len(), plies + 1);
}

/// One clash entered on the clash judge's pad (two players).
fn clash(h: &mut Harness<'static, JunqiApp>, attacker: Seat, a: Rank, d: Rank) {
    click(h, &format!("{} attacks", attacker.en()));
    click(h, &pad_label(Lang::En, a));
    click(
        h,
        &format!(
            "I am {}: show my pad",
            attacker.opponent().expect("a colour").en()
        ),
    );
    click(h, &pad_label(Lang::En, d));
}

/// Every file and folder under `root` (the root included) whose mode is not 0600 (files) or 0700
/// (folders), with its mode.
#[cfg(unix)]
fn not_private(root: &Path) -> Vec<(PathBuf, u32)> {
    use std::os::unix::fs::PermissionsExt;
    let mut wrong = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(p) = stack.pop() {
        let meta = std::fs::symlink_metadata(&p).unwrap();
        let mode = meta.permissions().mode() & 0o777;
        if meta.is_dir() {
            if mode != 0o700 {
                wrong.push((p.clone(), mode));
            }
            for e in std::fs::read_dir(&p).unwrap() {
                stack.push(e.unwrap().path());
            }
        } else if mode != 0o600 {
            wrong.push((p, mode));
        }
    }
    wrong
}

/// A full run through the window — a setting changed, a game played (autosave),
/// Save as (into the games folder, and into a new folder), a formation saved in the library, the
/// clash judge's tally and a tracked game's formations autosaved — and every file under the
/// program's folders is 0600, every folder 0700.
#[cfg(unix)]
#[test]
fn every_file_the_program_writes_is_private() {
    let (dir, mut h) = common::wide_window();
    // A setting: the language, there and back (settings.ron).
    click(&mut h, "中文");
    h.get_by_label("English").click();
    h.run();
    h.get_by_label("View").click();
    h.run();
    click(&mut h, "Show coordinates");
    assert!(!h.state().settings.board.coordinates);
    // A game and a move (games/current.ron), Save as with no dialog (into the games folder).
    common::start_game(&mut h);
    click_a_move(&mut h);
    click(&mut h, "Save as…");
    h.get_by_label_contains("the game was saved to the recent games as");
    // Save as into a folder that does not exist yet (made for it), remembered in the recent
    // games list (games/recent-files.ron).
    let out = dir.path().join("exports").join("mine.ron");
    h.state_mut().saves.picker = Picker::Fixed(Some(out.clone()));
    click(&mut h, "Save as…");
    assert!(out.exists());
    // A formation in the library (formations/).
    click(&mut h, "Home");
    click(&mut h, "Formation editor");
    click(&mut h, "Random");
    click(&mut h, "Save in library");
    click(&mut h, "Home");
    // The referee: a clash judged (games/referee/judge.ron) and a tracked game's first formation
    // (games/referee/formations.ron).
    click(&mut h, "Referee for a physical board");
    click(&mut h, "Clash judge");
    clash(&mut h, Seat::Red, Rank::Colonel, Rank::Major);
    click(&mut h, "Referee menu");
    click(&mut h, "Tracked game");
    click(&mut h, "I am Red: continue");
    click(&mut h, "Enter it in the formation editor…");
    click(&mut h, "Random");
    click(&mut h, "Use in game");
    h.get_by_label("Red's formation is in.");
    drop(h);

    for file in [
        dir.path().join("settings.ron"),
        games(dir.path()).join(saves::CURRENT),
        games(dir.path()).join("recent-files.ron"),
        referee_dir(dir.path()).join(JUDGE_FILE),
        referee_dir(dir.path()).join(ENTRY_FILE),
    ] {
        assert!(file.exists(), "{} was written", file.display());
    }
    let library: Vec<_> = std::fs::read_dir(dir.path().join("formations"))
        .unwrap()
        .collect();
    assert_eq!(library.len(), 1);
    let saved_games = std::fs::read_dir(games(dir.path()))
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().starts_with("junqi-")
        })
        .count();
    assert_eq!(saved_games, 1);
    let wrong = not_private(dir.path());
    assert!(wrong.is_empty(), "not private: {wrong:?}");
}

/// Nothing lost: a kill in the middle of a referee autosave leaves `.<file>.<pid>.tmp` in
/// `games/referee/`; the next start removes it as it does in the other folders.
#[cfg(target_os = "linux")]
#[test]
fn a_later_start_removes_temp_files_in_the_referee_folder() {
    let dir = tempfile::tempdir().unwrap();
    let rdir = referee_dir(dir.path());
    std::fs::create_dir_all(&rdir).unwrap();
    let mut ended = std::process::Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    let stale = [TRACKED_FILE, JUDGE_FILE, ENTRY_FILE]
        .map(|name| rdir.join(format!(".{name}.{}.tmp", ended.id())));
    for f in &stale {
        std::fs::write(f, "(").unwrap();
    }
    let mine = rdir.join(format!(".{TRACKED_FILE}.{}.tmp", std::process::id()));
    std::fs::write(&mine, "being written").unwrap();
    let h = harness(dir.path());
    for f in &stale {
        assert!(!f.exists(), "{} is left", f.display());
    }
    assert!(mine.exists(), "a running process may still write it");
    assert!(h.state().warning.is_none());
}

/// The damaged files kept aside in `dir` (`unreadable-…`), with their text.
fn kept_aside(dir: &Path) -> Vec<String> {
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("unreadable-")
        })
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    texts.sort();
    texts
}

/// Nothing lost: a damaged `current.ron` is kept aside under a name with the minute; a second one
/// in the same minute is kept beside the first, never over it.
#[test]
fn two_damaged_autosaves_in_one_minute_are_both_kept() {
    let dir = tempfile::tempdir().unwrap();
    let gdir = games(dir.path());
    std::fs::create_dir_all(&gdir).unwrap();
    for text in [
        "(version: 1, first",
        "(version: 1, second",
        "(version: 1, third",
    ] {
        std::fs::write(gdir.join(saves::CURRENT), text).unwrap();
        let (_, warning) = Saves::open(Some(gdir.clone()), Picker::Unavailable);
        let w = warning.expect("a warning");
        let (said, detail) = (w.what, w.detail(i18n::Lang::En));
        assert_eq!(said, i18n::KEPT_ASIDE);
        assert!(detail.contains("unreadable-"), "{detail}");
        assert!(!gdir.join(saves::CURRENT).exists());
    }
    assert_eq!(
        kept_aside(&gdir),
        [
            "(version: 1, first",
            "(version: 1, second",
            "(version: 1, third"
        ]
    );
    // The referee's files too.
    let rdir = referee_dir(dir.path());
    std::fs::create_dir_all(&rdir).unwrap();
    for text in ["(judge one", "(judge two"] {
        std::fs::write(rdir.join(JUDGE_FILE), text).unwrap();
        let (_, warning) = Saves::open(Some(gdir.clone()), Picker::Unavailable);
        assert_eq!(warning.expect("a warning").what, i18n::KEPT_ASIDE);
    }
    assert_eq!(kept_aside(&rdir), ["(judge one", "(judge two"]);
}

/// Nothing lost: the warning about a damaged `current.ron` that was set aside says what was done
/// — it was kept under another name, and where — in both languages, never "nothing was changed".
#[test]
fn a_damaged_autosave_set_aside_says_where_it_was_kept() {
    let dir = tempfile::tempdir().unwrap();
    let gdir = games(dir.path());
    std::fs::create_dir_all(&gdir).unwrap();
    std::fs::write(gdir.join(saves::CURRENT), "(version: 1, rules: (").unwrap();
    let mut h = harness(dir.path());
    let text = all_text(&h);
    assert!(
        text.contains("A saved file could not be read; it was kept as ")
            && text.contains("unreadable-")
            && !text.contains("nothing was changed"),
        "{text}"
    );
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    let text = all_text(&h);
    assert!(
        text.contains("上次保存的文件无法读取，已改名保存为 ") && !text.contains("未改变"),
        "{text}"
    );
}

/// Nothing lost: with the referee's folder impossible to write (a file in its place) the warning
/// counts the changes not on disk; once writing works again it says the record is saved again.
#[test]
fn the_referee_save_warning_clears_when_saving_works_again() {
    let (dir, mut h) = common::wide_window();
    click(&mut h, "Referee for a physical board");
    click(&mut h, "Clash judge");
    clash(&mut h, Seat::Red, Rank::Colonel, Rank::Major);
    let rdir = referee_dir(dir.path());
    assert!(rdir.join(JUDGE_FILE).exists());
    let away = dir.path().join("referee-away");
    std::fs::rename(&rdir, &away).unwrap();
    std::fs::write(&rdir, "not a folder").unwrap();
    clash(&mut h, Seat::Blue, Rank::Captain, Rank::Engineer);
    h.get_by_label_contains("The referee's record could not be saved, 1 change is not yet on disk");
    clash(&mut h, Seat::Red, Rank::Lieutenant, Rank::Lieutenant);
    h.get_by_label_contains("2 changes are not yet on disk");
    // Space comes back.
    std::fs::remove_file(&rdir).unwrap();
    std::fs::rename(&away, &rdir).unwrap();
    h.run();
    assert!(h.query_by_label_contains("not yet on disk").is_none());
    h.get_by_label_contains("The referee's record is saved again: every change is on disk");
    drop(h);
    let h = harness(dir.path());
    h.get_by_label_contains("3 clashes judged");
}

/// The referee's formation entry on screen.
fn entry<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a junqi::app::referee::FormationEntry {
    match &h.state().screen {
        Screen::Referee(r) => match &r.stage {
            Stage::Formations(f) => f,
            _ => panic!("not the formation entry"),
        },
        _ => panic!("not the referee screen"),
    }
}

/// Enter the formation of `seat` (Random in the editor) behind the curtain, checking for leaks.
fn enter_one(h: &mut Harness<'static, JunqiApp>, seat: Seat, four: bool) {
    let curtain = if four {
        format!(
            "{}: enter your formation — everyone else, look away",
            seat.en()
        )
    } else {
        format!(
            "{}: enter your formation — {}, look away",
            seat.en(),
            seat.opponent().expect("a colour").en()
        )
    };
    h.get_by_label(&curtain);
    common::leak::click(h, &format!("I am {}: continue", seat.en()));
    click(h, "Enter it in the formation editor…");
    click(h, "Random");
    common::leak::click(h, "Use in game");
}

/// Nothing lost: a four-player tracked game's formations entered so far (3 of 4) survive a crash,
/// sealed in the referee's autosave (the first screen says only how many are in and who is next),
/// and the entry resumes at West's curtain; the game that follows has the three formations
/// entered before the crash. Two players the same (1 of 2).
#[test]
fn a_crash_during_the_formations_resumes_the_entry_at_the_next_seat() {
    for four in [true, false] {
        let (dir, mut h) = common::wide_window();
        click(&mut h, "Referee for a physical board");
        if four {
            click(&mut h, "Four players (四国)");
        }
        click(&mut h, "Tracked game");
        let seats: &[Seat] = if four { &Seat::FOUR } else { &Seat::BOTH };
        let (before, next) = seats.split_at(seats.len() - 1);
        for &seat in before {
            enter_one(&mut h, seat, four);
        }
        let sealed = entry(&h).sealed(&junqi::engine::Rules::default()).entered;
        assert_eq!(sealed.len(), before.len());
        // kill -9: the harness is dropped.
        drop(h);
        let file = referee_dir(dir.path()).join(ENTRY_FILE);
        assert!(file.exists());

        let mut h = harness(dir.path());
        assert!(matches!(h.state().screen, Screen::Home));
        h.get_by_label("A tracked game's formation entry was left unfinished");
        h.get_by_label_contains(&format!(
            "{} of {} formations in, {} next",
            before.len(),
            seats.len(),
            next[0].en()
        ));
        common::leak::assert_no_leak(&h);
        assert!(!all_text(&h).contains(" column "));
        common::leak::click(&mut h, "Resume the formation entry");
        let e = entry(&h);
        assert_eq!(e.side, next[0]);
        assert!(e.curtain && e.editor.is_none());
        assert_eq!(e.seats_in(), before);
        for &seat in before {
            h.get_by_label(&format!("{}'s formation is in.", seat.en()));
        }
        // Nothing of the sealed formations on screen.
        assert!(!all_text(&h).contains(" column "), "{}", all_text(&h));
        enter_one(&mut h, next[0], four);
        let Screen::Referee(r) = &h.state().screen else {
            panic!()
        };
        let Stage::Tracked(t) = &r.stage else {
            panic!("the tracked game starts")
        };
        assert_eq!(t.game().board().is_four(), four);
        let start = t.game().record().start.clone();
        let lines: Vec<Vec<String>> = match start {
            junqi::engine::Start::FourFormations {
                south, east, north, ..
            } => vec![south, east, north],
            junqi::engine::Start::Formations { red, .. } => vec![red],
            other => panic!("{other:?}"),
        };
        assert_eq!(lines, sealed);
        common::leak::assert_no_leak(&h);
        // The game holds the formations now: the sealed file is gone, the game is on offer.
        assert!(!file.exists());
        drop(h);
        let mut h = harness(dir.path());
        assert!(h.query_by_label("Resume the formation entry").is_none());
        h.get_by_label("An unfinished tracked game was saved");
        // Discarding an entry removes its formations (kept nowhere outside a game record).
        click(&mut h, "Discard the tracked game");
        click(&mut h, "Referee for a physical board");
        if four {
            click(&mut h, "Four players (四国)");
        }
        click(&mut h, "Tracked game");
        enter_one(&mut h, seats[0], four);
        drop(h);
        let mut h = harness(dir.path());
        click(&mut h, "Discard the formations entered");
        assert!(h.query_by_label("Resume the formation entry").is_none());
        assert!(!file.exists());
    }
}
