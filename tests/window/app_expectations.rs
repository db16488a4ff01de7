//! What players of other clients expect: the move clock at the seat to move, the
//! recent games as a list, the rules as a document, formation thumbnails.

use crate::common;

use common::layout::{Widget, assert_tidy, interactive};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::JunqiApp;
use junqi::engine::{Board, Game, Mode, Rules, Start, Turn};

/// An open game between people with a move clock of `secs`, two or four players.
fn clocked_game(four: bool, secs: u32) -> junqi::app::Session {
    let mut rules = Rules::for_mode(Mode::Open);
    rules.move_clock = Some(secs);
    let start = if four {
        Start::random_four(&rules, 3)
    } else {
        Start::random(&rules, 3)
    };
    junqi::app::Session::new(Game::new(rules, start).unwrap())
}

/// The board's cells on screen.
fn cells(h: &Harness<'static, JunqiApp>, board: &Board) -> Vec<Widget> {
    interactive(h)
        .into_iter()
        .filter(|w| {
            let sq = w.label.split(' ').next().unwrap_or("");
            board.node_by_name(sq).is_some() && w.role == egui::accesskit::Role::Button
        })
        .collect()
}

/// The clock bar at a seat: its label and rectangle.
fn seat_clocks(h: &Harness<'static, JunqiApp>) -> Vec<(String, egui::Rect)> {
    h.query_all_by_role(egui::accesskit::Role::ProgressIndicator)
        .filter_map(|n| Some((n.accesskit_node().label()?, n.rect())))
        .filter(|(l, _)| l.contains(" s left for this turn"))
        .collect()
}

/// Where `inner` lies beside `outer`: "below", "above", "right" or "left" (clear of it).
fn beside(inner: egui::Rect, outer: egui::Rect) -> &'static str {
    if inner.top() >= outer.bottom() - 0.5 {
        "below"
    } else if inner.bottom() <= outer.top() + 0.5 {
        "above"
    } else if inner.left() >= outer.right() - 0.5 {
        "right"
    } else if inner.right() <= outer.left() + 0.5 {
        "left"
    } else {
        "over"
    }
}

/// Play the first plain move of the seat to move by clicking it.
fn play_a_move(h: &mut Harness<'static, JunqiApp>) {
    let game = common::game(h);
    let (from, to) = common::plain_move(game);
    let (a, z) = (game.board().name(from), game.board().name(to));
    h.get_by_label_contains(&format!("{a} ")).click();
    h.run();
    h.get_by_label(z).click();
    h.run();
    let plies = common::game(h).plies().len();
    assert_eq!(plies, 1, "the move {a}-{z} was played");
    assert!(matches!(
        common::game(h).plies()[0].turn,
        Some(Turn::Move { .. })
    ));
}

/// With the move clock on, a countdown bar beside the board at the seat to move, read by screen
/// readers, clear of every cell and inside the window; it moves to the next seat after a turn,
/// and the still board is still drawn from its picture (the bar is outside it). No clock, no bar.
#[test]
fn the_move_clock_shows_at_the_seat_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let size = egui::vec2(1120.0, 780.0);
    let mut h = common::harness_sized(dir.path(), size.x, size.y);
    for (four, first, second, first_side, second_side) in [
        (false, "Red", "Blue", "below", "above"),
        (true, "South", "East", "below", "right"),
    ] {
        h.state_mut().show_game(clocked_game(four, 40));
        h.run();
        let board = common::game(&h).board();
        let span = cells(&h, board)
            .iter()
            .fold(egui::Rect::NOTHING, |r, c| r.union(c.rect));
        let clocks = seat_clocks(&h);
        assert_eq!(clocks.len(), 1, "{clocks:?}");
        let (label, rect) = &clocks[0];
        assert!(label.starts_with(&format!("{first}: ")), "{label}");
        assert_eq!(beside(*rect, span), first_side, "{label} at {rect:?}");
        assert!(
            rect.width().max(rect.height()) > span.width().min(span.height()) * 0.25
                && rect.width().min(rect.height()) >= 6.0,
            "a bar, not a dot or a line: {rect:?}"
        );
        assert_tidy(&h, size, "clock shown");
        // The panel's clock text stays.
        assert!(
            h.query_all_by_label_contains(" s left for this turn")
                .any(|n| n.accesskit_node().role() != egui::accesskit::Role::ProgressIndicator),
            "no clock in the panel"
        );
        play_a_move(&mut h);
        let clocks = seat_clocks(&h);
        assert_eq!(clocks.len(), 1, "{clocks:?}");
        let (label, rect) = &clocks[0];
        assert!(label.starts_with(&format!("{second}: ")), "{label}");
        assert_eq!(beside(*rect, span), second_side, "{label} at {rect:?}");
        assert!(rect.width().min(rect.height()) >= 6.0, "{rect:?}");
    }
    // The still board is drawn from its picture while the clock counts beside it.
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), size.x, size.y);
    h.state_mut().show_game(clocked_game(false, 40));
    h.run();
    h.step();
    assert_eq!(seat_clocks(&h).len(), 1);
    assert!(h.state().board_cache.is_waiting(), "a screenshot asked for");
    h.state()
        .board_cache
        .deliver(egui::ColorImage::filled([3000, 3000], egui::Color32::GRAY));
    h.step();
    h.step();
    assert!(h.state().board_cache.frames_from_picture >= 1);
    // No move clock: no bar.
    let rules = Rules::for_mode(Mode::Open);
    h.state_mut().show_game(junqi::app::Session::new(
        Game::new(rules.clone(), Start::random(&rules, 3)).unwrap(),
    ));
    h.run();
    assert!(seat_clocks(&h).is_empty());
}

/// A game of `plies` plain moves from a seeded start, two or four players.
fn played(four: bool, seed: u64, plies: usize) -> Game {
    let rules = Rules::for_mode(Mode::Open);
    let start = if four {
        Start::random_four(&rules, seed)
    } else {
        Start::random(&rules, seed)
    };
    let mut g = Game::new(rules, start).unwrap();
    for _ in 0..plies {
        let (from, to) = common::plain_move(&g);
        g.play(Turn::Move { from, to }).unwrap();
    }
    g
}

/// The recent games are a list: one full-width row per game (the four-player one says so), in
/// the first screen's own scrolling (no box of its own), each row a button that opens the game
/// — by a click, or by Tab and Enter.
#[test]
fn recent_games_are_a_list_of_rows_that_open_by_click_or_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let mut two = played(false, 1, 5);
    two.set_info(junqi::engine::InfoKey::Computer, "blue:normal");
    two.set_info(junqi::engine::InfoKey::Started, "2026-11-29 10:05");
    std::fs::write(games.join("a.ron"), two.to_ron()).unwrap();
    let mut four = played(true, 2, 4);
    four.set_info(junqi::engine::InfoKey::Started, "2026-11-30 20:15");
    std::fs::write(games.join("b.ron"), four.to_ron()).unwrap();
    for k in 0..10 {
        std::fs::write(
            games.join(format!("c{k}.ron")),
            played(false, 10 + k, 2).to_ron(),
        )
        .unwrap();
    }
    let size = egui::vec2(1120.0, 780.0);
    let mut h = common::harness_sized(dir.path(), size.x, size.y);
    let rows: Vec<Widget> = interactive(&h)
        .into_iter()
        .filter(|w| w.label.contains(" moves · "))
        .collect();
    assert!(rows.len() >= 3, "rows on screen: {rows:?}");
    for r in &rows {
        assert!(r.rect.height() < 40.0, "one line a row: {r:?}");
        assert!(r.rect.width() >= 0.8 * rows[0].rect.width().max(560.0).min(size.x - 40.0));
        assert_eq!(r.role, egui::accesskit::Role::Button);
    }
    assert_tidy(&h, size, "recent games");
    // One scroll bar at most (the screen's, in a small window): the list has no scrolling box
    // of its own.
    for (w, hh) in [(640.0, 480.0), (1120.0, 780.0)] {
        h.set_size(egui::vec2(w, hh));
        h.run();
        let bars = h
            .query_all_by_role(egui::accesskit::Role::ScrollBar)
            .count();
        assert!(bars <= 1, "{bars} scroll bars at {w}×{hh}");
        assert_tidy(&h, egui::vec2(w, hh), "recent games");
    }
    // The four-player game says so.
    let four_row = "Open · Four players (四国) · 4 moves · unfinished · 11-30 20:15";
    h.get_by_label(four_row);
    h.get_by_label("Open · vs computer (normal) · 5 moves · unfinished · 11-29 10:05");
    // The keyboard reaches a row, and Enter opens its game.
    let mut focused = false;
    for _ in 0..40 {
        h.key_press(egui::Key::Tab);
        h.run();
        if h.query_by_label(four_row).is_some_and(|n| n.is_focused()) {
            focused = true;
            break;
        }
    }
    assert!(focused, "Tab never reached the four-player row");
    h.key_press(egui::Key::Enter);
    h.run();
    let junqi::app::Screen::Replay(r) = &h.state().screen else {
        panic!("the game did not open");
    };
    assert!(r.game.board().is_four());
    // In Chinese, the same rows.
    h.get_by_label("Home").click();
    h.run();
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    h.get_by_label_contains("四国（四人） · 4 步 · 未完");
}

/// The top of the widget labelled `label` (exactly).
fn top(h: &Harness<'static, JunqiApp>, label: &str) -> f32 {
    h.get_by_label(label).rect().top()
}

/// The rules (F1) read as a document: a table of contents whose links jump to their sections,
/// the game on screen first (its mode, its house rules with the changed ones marked, the
/// four-player rules next in a four-player game), in the window's language.
#[test]
fn the_rules_are_a_document_with_contents_and_the_game_on_screen_first() {
    let dir = tempfile::tempdir().unwrap();
    let size = egui::vec2(1120.0, 780.0);
    let mut h = common::harness_sized(dir.path(), size.x, size.y);
    h.state_mut().show_game(clocked_game(false, 30));
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    // The contents, the game's section first: its mode, the move clock changed.
    for (k, title) in ["This game", "Pieces (highest first)", "House rules"]
        .iter()
        .enumerate()
    {
        let link = [1, 2, 9][k];
        assert!(
            h.query_by_label(&format!("{link}. {title}")).is_some(),
            "no contents link to {title}"
        );
    }
    h.get_by_label("Mode: Open");
    h.get_by_label("30 s (in force)");
    assert!(top(&h, "This game") < top(&h, "Pieces (highest first)"));
    // Four players come last in a two-player game; a link scrolls its heading into view.
    let before = top(&h, "Four players (四国)");
    assert!(
        before > size.y,
        "the last section starts out of view: {before}"
    );
    h.get_by_label("10. Four players (四国)").click();
    h.run();
    let after = top(&h, "Four players (四国)");
    assert!(
        after < before && after > 0.0 && after < size.y - 60.0,
        "jumped to {after}"
    );
    h.key_press(egui::Key::F1);
    h.run();
    // A four-player game in Chinese: the four-player rules come right after the game's own.
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.state_mut().show_game(clocked_game(true, 30));
    h.run();
    h.key_press(egui::Key::F1);
    h.run();
    h.get_by_label("1. 本局");
    h.get_by_label("2. 四国（四人）");
    h.get_by_label("模式：明棋 · 四国（四人）");
    assert!(top(&h, "本局") < top(&h, "四国（四人）"));
    assert!(top(&h, "四国（四人）") < top(&h, "棋子（从大到小）"));
    h.get_by_label_contains("南北对东西");
}

/// Open the new-game dialog.
fn new_game(h: &mut Harness<'static, JunqiApp>) {
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
}

/// The labels of the formation thumbnails on screen.
fn thumbnails(h: &Harness<'static, JunqiApp>) -> Vec<String> {
    h.query_all_by_role(egui::accesskit::Role::Image)
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.contains(" formation: "))
        .collect()
}

/// The shipped formation named `name`, from the new-game dialog's library.
fn library_formation(h: &Harness<'static, JunqiApp>, name: &str) -> junqi::engine::Formation {
    let junqi::app::Screen::NewGame(ng) = &h.state().screen else {
        panic!("the new-game dialog")
    };
    ng.library
        .iter()
        .find(|(_, f)| f.name == name)
        .map(|(_, f)| f.clone())
        .expect("a shipped formation")
}

/// A thumbnail of the chosen formation wherever one is chosen — the new-game dialog, the private
/// picker behind a side's curtain, the editor's library, the referee's formation entry — and
/// only where its owner looks: in a hidden game between people none in the dialog, only the
/// side's own behind its curtain; against the computer never the computer's (the leak checker
/// reads every text on screen at each step).
#[test]
fn formation_thumbnails_show_the_choice_only_to_its_owner() {
    use common::leak::assert_pieces_only_of;
    use junqi::engine::Seat;
    let (_dir, mut h) = common::wide_window();
    // An open game: both sides' choices, as chosen.
    new_game(&mut h);
    assert_eq!(thumbnails(&h).len(), 2, "{:?}", thumbnails(&h));
    common::click(&mut h, "Red's formation");
    common::click(&mut h, "Solid defence");
    h.key_press(egui::Key::Escape);
    h.run();
    let solid = library_formation(&h, "Solid defence");
    let want = junqi::editor::thumbnail::label(&solid, Seat::Red, junqi::i18n::Lang::En);
    assert!(thumbnails(&h).contains(&want), "{:?}", thumbnails(&h));
    common::click(&mut h, "Cancel");
    // A hidden game between people: no thumbnail in the dialog, Red's alone behind its curtain.
    h.state_mut().settings.rules = Rules::for_mode(Mode::Hidden);
    new_game(&mut h);
    assert!(thumbnails(&h).is_empty(), "{:?}", thumbnails(&h));
    assert_pieces_only_of(&h, &[], "hidden dialog");
    common::click(&mut h, "Red: choose privately…");
    assert!(thumbnails(&h).is_empty());
    assert_pieces_only_of(&h, &[], "Red's curtain");
    common::click(
        &mut h,
        "Red: choose your formation (Blue, look away) — press to begin",
    );
    let shown = thumbnails(&h);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(shown[0].starts_with("Red formation: "), "{shown:?}");
    assert_pieces_only_of(&h, &[Seat::Red], "Red's private picker");
    common::click(&mut h, "Done (cover it)");
    assert!(thumbnails(&h).is_empty());
    assert_pieces_only_of(&h, &[], "the dialog again");
    common::click(&mut h, "Cancel");
    // Hidden against the computer: the person's own choice only.
    h.state_mut().settings.seats[1] =
        junqi::app::settings::Occupant::Computer(junqi::ai::Level::Easy);
    new_game(&mut h);
    let shown = thumbnails(&h);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_pieces_only_of(&h, &[Seat::Red], "hidden against the computer");
    common::click(&mut h, "Cancel");
    // The editor's library: every formation drawn beside its name.
    common::click(&mut h, "Formation editor");
    if thumbnails(&h).is_empty() {
        h.get_all_by_label("Library").next().unwrap().click();
        h.run();
    }
    assert!(thumbnails(&h).len() >= 8, "{:?}", thumbnails(&h).len());
    common::click(&mut h, "Home");
    // The referee's formation entry: the saved formation chosen, for the side entering it.
    common::click(&mut h, "Referee for a physical board");
    common::click(&mut h, "Tracked game");
    common::click(&mut h, "I am Red: continue");
    assert!(thumbnails(&h).is_empty());
    common::click(&mut h, "Or use a saved formation:");
    common::click(&mut h, "Solid defence");
    assert_eq!(thumbnails(&h), vec![want]);
    assert_pieces_only_of(&h, &[Seat::Red], "Red's entry");
    common::click(&mut h, "Use this formation");
    // Blue's curtain: nothing of Red's.
    assert!(thumbnails(&h).is_empty());
    assert_pieces_only_of(&h, &[], "Blue's curtain");
}

/// A four-player game in which pieces were taken: attacks first, plain moves otherwise, until
/// every seat has lost at least `lost` pieces (or the game ends) and South is to move.
fn taken_four(mode: Mode, seed: u64, lost: usize) -> Game {
    let rules = Rules::for_mode(mode);
    let start = Start::random_four(&rules, seed);
    taken(rules, start, junqi::engine::Seat::South, lost)
}

/// A game from `start`, attacks first, until every seat has lost `lost` pieces (or 400 turns),
/// stopped at `me`'s turn.
fn taken(rules: Rules, start: Start, me: junqi::engine::Seat, lost: usize) -> Game {
    let mut g = Game::new(rules, start).unwrap();
    let seats = g.board().seats;
    for _ in 0..400 {
        if g.status().is_over()
            || (g.position().side_to_move() == Some(me)
                && seats
                    .iter()
                    .all(|&s| 25 - g.position().pieces(s).count() >= lost))
        {
            break;
        }
        let pos = g.position();
        let turns = pos.legal_turns(g.rules());
        let attack = turns
            .iter()
            .copied()
            .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_some()));
        let t = attack.or_else(|| turns.first().copied()).expect("a turn");
        g.play(t).unwrap();
    }
    g
}

/// The trays keep each chip on one line ("Engineer ×2", "Field Marshal" never split in two at
/// a row's end), whatever the panel's width, in both languages.
#[test]
fn tray_chips_are_never_split_across_lines() {
    use junqi::i18n::Lang;
    let g = taken_four(Mode::Open, 4, 4);
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1120.0, 780.0);
    h.state_mut().show_game(junqi::app::Session::new(g));
    let mut chips_seen = 0;
    for lang in [Lang::En, Lang::Zh] {
        h.state_mut().settings.lang = lang;
        for w in (900..=1500).step_by(20) {
            h.set_size(egui::vec2(w as f32, 780.0));
            h.run();
            let play = h.state().play().unwrap();
            let seats = play.game().board().seats;
            let names: Vec<String> = seats
                .iter()
                .flat_map(|&s| junqi::app::words::removed_names(play, s, lang))
                .collect();
            assert!(
                names.iter().any(|n| n.contains(' ')),
                "a chip of two words: {names:?}"
            );
            let rects: Vec<(String, egui::Rect)> = names
                .iter()
                .flat_map(|n| h.query_all_by_label(n).map(|node| (n.clone(), node.rect())))
                .collect();
            let line = rects
                .iter()
                .map(|(_, r)| r.height())
                .fold(f32::INFINITY, f32::min);
            for (name, r) in &rects {
                assert!(
                    r.height() < line * 1.5,
                    "'{name}' split over lines at width {w} ({lang:?}): {r:?}, a line is {line}"
                );
            }
            chips_seen += rects.len();
        }
    }
    assert!(chips_seen > 0);
}

/// A two-player hidden game, Red against the computer, at Red's turn once each side has lost
/// nine pieces: mid-game, with the 记子 table open.
fn hidden_mid_game() -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let start = Start::random(&rules, 3);
    let mut g = taken(rules, start, junqi::engine::Seat::Red, 9);
    assert!(!g.status().is_over());
    g.set_info(junqi::engine::InfoKey::Computer, "blue:easy");
    g
}

/// Two players, hidden, mid-game at 1120×780 and 1920×1080: the 记子 table, open, scrolls within
/// itself rather than push the lists down, so the move list and the event log keep seven lines
/// each in view, with their newest entries, below the table's heading and first rows; its column
/// heads stay over their columns while the rows scroll.
#[test]
fn the_piece_counter_leaves_the_lists_in_view_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let g = hidden_mid_game();
    for size in [egui::vec2(1120.0, 780.0), egui::vec2(1920.0, 1080.0)] {
        let mut h = common::harness_sized(dir.path(), size.x, size.y);
        h.state_mut().show_game(junqi::app::Session::new(g.clone()));
        h.run();
        h.run();
        h.run();
        let play = h.state().play().unwrap();
        let lang = junqi::i18n::Lang::En;
        let events = junqi::app::words::events(play.game(), lang, play.looker());
        assert!(events.len() > 8, "{events:?}");
        let head = h.get_by_label("Counting Blue's pieces (记子)").rect();
        let first = h.get_by_label("Left").rect();
        assert!(
            head.bottom() <= size.y && first.bottom() <= size.y,
            "{size:?}"
        );
        let moves = h.get_by_label("Moves").rect();
        assert!(moves.top() > first.bottom(), "{size:?}");
        // The column heads stand over their columns (two grids, one width per column), and stay
        // put while the rows scroll under them to the last one.
        let rank = h.get_by_label("Rank").rect();
        let in_table = |h: &Harness<'static, JunqiApp>, label: &str| {
            (h.query_all_by_label(label))
                .map(|n| n.rect())
                .find(|r| r.top() > rank.bottom() && r.bottom() < moves.top() + 400.0)
                .unwrap_or_else(|| panic!("no {label:?} row under the heads"))
        };
        let marshal = in_table(&h, "Field Marshal");
        assert!(
            (marshal.left() - rank.left()).abs() < 1.0,
            "{marshal:?} {rank:?}"
        );
        (h.query_all_by_label("Flag"))
            .find(|n| n.rect().top() > rank.bottom())
            .expect("the flag's row")
            .scroll_to_me();
        h.run();
        h.run();
        assert_eq!(
            h.get_by_label("Rank").rect(),
            rank,
            "{size:?}: the heads moved"
        );
        let flag = in_table(&h, "Flag");
        assert!(
            flag.top() >= rank.bottom() && flag.bottom() <= moves.top(),
            "{flag:?}"
        );
        let heading = h.get_by_label("Events").rect();
        let newest = h.get_by_label(&events.last().unwrap().1).rect();
        let line = heading.height();
        assert!(
            newest.bottom() <= size.y,
            "{size:?}: the newest event is out of sight: {newest:?} (heading {heading:?})"
        );
        assert!(
            newest.bottom() - heading.bottom() >= 6.5 * line,
            "{size:?}: the event log is squeezed: {} px under its heading, a line is {line} px",
            newest.bottom() - heading.bottom()
        );
    }
}

/// The side panel's lists are sized from the last frame's measure of the rest of the panel, and
/// a frame whose measure changed asks for one more: after a resize, with the 记子 table open, the
/// panel settles and then rests (no frame asked for while nothing changes).
#[test]
fn the_side_panel_rests_once_it_has_settled_after_a_resize() {
    let dir = tempfile::tempdir().unwrap();
    let g = hidden_mid_game();
    let mut h = common::harness_sized(dir.path(), 1120.0, 780.0);
    h.state_mut().show_game(junqi::app::Session::new(g));
    for size in [(1920.0, 1080.0), (1120.0, 780.0), (1280.0, 860.0)] {
        h.set_size(egui::vec2(size.0, size.1));
        h.run();
        h.step();
        assert!(
            !h.ctx.has_requested_repaint(),
            "{size:?}: it keeps asking for frames"
        );
    }
}

/// Four players at 1120×780: the Events list beside the trays and the 记子 table is at least
/// seven lines tall and its newest entry is on screen (the list keeps to its bottom, and the
/// list itself is not pushed below the window's edge).
#[test]
fn the_four_player_event_log_is_seven_lines_tall_and_shows_the_newest() {
    let dir = tempfile::tempdir().unwrap();
    let size = egui::vec2(1120.0, 780.0);
    let mut h = common::harness_sized(dir.path(), size.x, size.y);
    // Hidden, South against three computers: South's 记子 table is in the panel too.
    let mut g = taken_four(Mode::Hidden, 4, 5);
    assert!(!g.status().is_over());
    g.set_info(
        junqi::engine::InfoKey::Computer,
        "east:easy,north:easy,west:easy",
    );
    h.state_mut().show_game(junqi::app::Session::new(g));
    h.run();
    h.run();
    let play = h.state().play().unwrap();
    let events = junqi::app::words::events(play.game(), junqi::i18n::Lang::En, play.looker());
    assert!(events.len() > 12, "{events:?}");
    let heading = h.get_by_label("Events").rect();
    let newest = &events.last().unwrap().1;
    let newest = h.get_by_label(newest).rect();
    let line = heading.height();
    assert!(
        newest.top() >= heading.bottom() && newest.bottom() <= size.y,
        "the newest event is out of sight: {newest:?} (heading {heading:?})"
    );
    assert!(
        newest.bottom() - heading.bottom() >= 6.5 * line,
        "the event log is squeezed: {} px under its heading, a line is {line} px",
        newest.bottom() - heading.bottom()
    );
}
