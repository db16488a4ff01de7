//! The game review (复盘分析) in the window: a finished record reviewed off the UI thread with its
//! progress and a Cancel, kept in the record, the evaluation graph and its marks, the belief map.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::ai::Level;
use junqi::ai::review::{self, Mark};
use junqi::app::review::State;
use junqi::app::{JunqiApp, Screen};
use junqi::engine::rng::SplitMix64;
use junqi::engine::{Action, Formation, Game, InfoKey, Mode, Rules, Seat, Start, Turn};
use std::path::Path;

/// A finished hidden game: `plies` turns, attacks first (pieces come off, mistakes are made),
/// then Blue resigns.
fn finished_hidden_game(plies: usize) -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let red = Formation::random(&mut SplitMix64::new(1), &rules);
    let blue = Formation::random(&mut SplitMix64::new(2), &rules);
    let mut g = Game::new(rules, Start::formations(&red, &blue)).unwrap();
    g.set_info(InfoKey::Id, "review-test");
    let mut rng = SplitMix64::new(11);
    while g.plies().len() < plies && !g.status().is_over() {
        let pos = g.position();
        let turns = pos.legal_turns(g.rules());
        let attacks: Vec<Turn> = turns
            .iter()
            .copied()
            .filter(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_some()))
            .collect();
        let pick = if attacks.is_empty() { &turns } else { &attacks };
        let t = *rng.choose(pick).unwrap();
        g.play(t).unwrap();
    }
    if !g.status().is_over() {
        g.act(Action::Resign(Seat::Blue)).unwrap();
    }
    assert!(g.status().is_over());
    g
}

/// The budget the tests review with (small: the test stays quick in a debug build).
const NODES: u64 = 400;

fn open(dir: &Path, g: &Game) -> (Harness<'static, JunqiApp>, std::path::PathBuf) {
    let path = dir.join("finished.ron");
    std::fs::write(&path, g.to_ron()).unwrap();
    let mut h = common::harness_sized(dir, 1280.0, 900.0);
    h.state_mut().open_file(&path);
    h.run();
    replay(&mut h).review.nodes = NODES;
    (h, path)
}

fn replay<'a>(h: &'a mut Harness<'static, JunqiApp>) -> &'a mut junqi::app::replay::Replay {
    match &mut h.state_mut().screen {
        Screen::Replay(r) => r,
        _ => panic!("the replay is not showing"),
    }
}

fn state(h: &mut Harness<'static, JunqiApp>) -> &'static str {
    match replay(h).review.state {
        State::Idle => "idle",
        State::Running(_) => "running",
        State::Cancelled => "cancelled",
        State::Failed(_) => "failed",
        State::Done(_) => "done",
    }
}

/// Step the window until the review is no longer running (it runs on its own thread).
fn wait_done(h: &mut Harness<'static, JunqiApp>) {
    common::step_until(h, "the review", |h| state(h) != "running");
    h.run();
}

#[test]
fn review_of_a_finished_record_runs_with_progress_cancels_and_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let g = finished_hidden_game(24);
    let total = g.plies().len();
    let (mut h, path) = open(dir.path(), &g);
    assert_eq!(state(&mut h), "idle");
    h.get_by_label("Review the game").click();
    h.step();
    assert_eq!(state(&mut h), "running");
    h.step();
    h.get_by_label_contains(&format!("of {total}"));
    // The window stays responsive: the replay's keys still step while the review runs.
    let before = replay(&mut h).ply;
    h.key_press(egui::Key::ArrowLeft);
    h.step();
    assert_eq!(replay(&mut h).ply, before - 1);
    h.get_by_label("Cancel the review").click();
    h.step();
    assert_eq!(state(&mut h), "cancelled");
    h.step();
    h.get_by_label("Review cancelled");
    assert!(!std::fs::read_to_string(&path).unwrap().contains("review2"));

    // Again, to the end: kept in the file, read back from it the next time.
    h.get_by_label("Review the game").click();
    h.step();
    wait_done(&mut h);
    assert_eq!(state(&mut h), "done");
    let reviews = replay(&mut h).review.done().unwrap().to_vec();
    assert_eq!(reviews.len(), total);
    h.get_by_label_contains("Reviewed: ");
    let saved = Game::from_ron(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let kept = junqi::app::records::info_value(saved.record(), InfoKey::Review).unwrap();
    assert!(kept.starts_with("review2 "), "{kept}");
    assert_eq!(
        review::from_cache(&saved, kept, Level::Normal, NODES).as_deref(),
        Some(&reviews[..])
    );

    // The graph: a click at its middle goes to the middle turn; the marks are labelled buttons,
    // in the move list too.
    let graph = "Evaluation graph: click or drag to go to a turn";
    h.get_by_label(graph).click();
    h.run();
    let ply = replay(&mut h).ply;
    assert!(ply.abs_diff(total / 2) <= 1, "at turn {ply} of {total}");
    let marked: Vec<_> = reviews.iter().filter(|r| r.mark() != Mark::None).collect();
    assert!(!marked.is_empty(), "no mistake in a game of random attacks");
    let r = marked[0];
    let label = junqi::commentary::mark_label(&g, r, junqi::i18n::Lang::En).unwrap();
    let side = match r.who {
        junqi::engine::Chair::Side(s) => s.en(),
        _ => unreachable!(),
    };
    let mark = if r.mark() == Mark::Blunder {
        "blunder (??)"
    } else {
        "dubious (?)"
    };
    assert!(
        label.starts_with(&format!("Turn {}, {side}: {mark}: ", r.ply)),
        "{label}"
    );
    // A player reads words, not the evaluation's raw figures.
    if let Some(j) = r.judged {
        for n in [j.before, j.after, j.loss()] {
            assert!(
                n.abs() < 10 || !label.contains(&n.abs().to_string()),
                "{label}"
            );
        }
    }
    h.get_by_label(&label).click();
    h.run();
    assert_eq!(replay(&mut h).ply, r.ply);
    // The turn shown says what the review made of it: the mark on the graph, and the line above
    // the board with the side that moved, the mark and the reason.
    assert!(h.get_all_by_label_contains(&label).count() >= 1);
    let header = junqi::commentary::turn_line(&g, r, junqi::i18n::Lang::En);
    assert!(header.starts_with(&format!("{side} played ")), "{header}");
    assert!(header.contains(mark), "{header}");
    h.get_by_label(&header);
    // The move list's line carries the mark.
    let line = format!("{:>3}. ", r.ply);
    assert!(
        common::leak::texts(&h)
            .iter()
            .any(|t| t.starts_with(&line) && t.ends_with(&format!(" {}", r.mark().symbol())))
    );
    // The replay's keys still work.
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(replay(&mut h).ply, (r.ply + 1).min(total));

    // The belief map: for Red's view (the replay's), Blue's pieces with their likely ranks and,
    // the game being over, the truth beside them.
    assert!(
        h.query_by_label_contains("What Red could know then")
            .is_none()
    );
    h.get_by_label("Belief map").click();
    h.run();
    h.get_by_label("What Red could know then");
    assert!(h.get_all_by_label_contains("(truly ").count() > 5);
    h.get_by_label("Belief map").click();
    h.run();
    assert!(
        h.query_by_label_contains("What Red could know then")
            .is_none()
    );

    // In Chinese, the marks have their words too.
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    h.get_by_label_contains("评估曲线");
    assert!(
        h.get_all_by_label_contains(&format!("第 {} 步，", r.ply))
            .count()
            >= 1
    );

    // A second opening of the file: the review is read back, on the worker's thread too (the
    // reasons are worked out again from the record: not on the window's thread), and the file
    // is left as it was.
    let (mut h2, path2) = open(dir.path(), &saved);
    let before = std::fs::read_to_string(&path2).unwrap();
    h2.get_by_label("Review the game").click();
    h2.step();
    assert_eq!(state(&mut h2), "running");
    wait_done(&mut h2);
    assert_eq!(state(&mut h2), "done");
    assert!(replay(&mut h2).review.from_record);
    assert_eq!(replay(&mut h2).review.done().unwrap(), &reviews[..]);
    assert_eq!(std::fs::read_to_string(&path2).unwrap(), before);
}

#[test]
fn a_review_kept_by_another_version_or_level_is_made_again() {
    let dir = tempfile::tempdir().unwrap();
    let g = finished_hidden_game(6);
    let reviews = {
        let opts = review::ReviewOptions {
            level: Level::Normal,
            nodes: NODES,
            only: None,
        };
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        review::review_game(&g, &opts, &mut |_, _| {}, &cancel).unwrap()
    };
    let text = review::cache_text(&g, Level::Normal, NODES, &reviews);
    for (kept, read) in [
        (text.clone(), true),
        (text.replacen(review::CACHE_VERSION, "0.0.0-old", 1), false),
        (text.replacen("review2", "review1", 1), false),
        (text.replacen(" normal ", " hard ", 1), false),
        (format!("{text};999 red a1-a2 a1-a2 1 1 - -"), false),
        ("nonsense".to_string(), false),
    ] {
        let mut g2 = g.clone();
        g2.set_info(InfoKey::Review, &kept);
        let (mut h, _) = open(dir.path(), &g2);
        h.get_by_label("Review the game").click();
        h.step();
        // Read back or made again, off the window's thread.
        assert_eq!(state(&mut h), "running", "{kept}");
        wait_done(&mut h);
        assert_eq!(replay(&mut h).review.from_record, read, "{kept}");
        assert_eq!(
            replay(&mut h).review.done().unwrap(),
            &reviews[..],
            "{kept}"
        );
    }
}

#[test]
fn an_unfinished_game_offers_no_review() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::for_mode(Mode::Open);
    let g = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
    let (h, _) = open(dir.path(), &g);
    assert!(h.query_by_label("Review the game").is_none());
    assert!(h.query_by_label("Belief map").is_none());
}

/// Step the window until `done` holds (the computer thinks on its own thread).
fn wait_for(
    h: &mut Harness<'static, JunqiApp>,
    done: impl Fn(&Harness<'static, JunqiApp>) -> bool,
) {
    common::step_until(h, "the computer", |h| done(h));
}

fn beliefs_noted(h: &Harness<'static, JunqiApp>) -> Option<String> {
    junqi::app::records::info_value(common::game(h).record(), InfoKey::Beliefs).map(str::to_string)
}

/// Against the computer the belief map is an aid like the hint: offered, drawn from the human's
/// own view (the leak checker after every step), and each turn it is shown at noted in the record.
#[test]
fn belief_map_is_an_aid_against_the_computer_noted_in_the_record() {
    use common::leak::run_checked;
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 900.0);
    h.state_mut().settings.rules = Rules::for_mode(Mode::Hidden);
    h.state_mut().settings.seats[1] = junqi::app::settings::Occupant::Computer(Level::Easy);
    h.get_by_label("Start now (last rules)").click();
    run_checked(&mut h);
    assert_eq!(beliefs_noted(&h), None);
    h.get_by_label("Belief map").click();
    run_checked(&mut h);
    assert_eq!(beliefs_noted(&h).as_deref(), Some("1"));
    // Blue's 25 pieces, each with its likely ranks; no truth while the game is on.
    assert_eq!(h.get_all_by_label_contains("%").count(), 25);
    assert!(h.query_by_label_contains("(truly ").is_none());
    // A turn, the computer's answer: the map follows, and the record notes the turn it is shown.
    let (from, to) = common::plain_move(common::game(&h));
    let label = common::node_label(&h, from, junqi::i18n::Lang::En);
    h.get_by_label(&label).click();
    run_checked(&mut h);
    let label = common::node_label(&h, to, junqi::i18n::Lang::En);
    h.get_by_label(&label).click();
    run_checked(&mut h);
    wait_for(&mut h, |h| common::game(h).plies().len() >= 2);
    run_checked(&mut h);
    assert_eq!(beliefs_noted(&h).as_deref(), Some("1,3"));
    // Off: no list, nothing more noted.
    h.get_by_label("Belief map").click();
    run_checked(&mut h);
    assert_eq!(h.query_all_by_label_contains("%").count(), 0);
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    run_checked(&mut h);
    h.get_by_label("推测图");
}

/// Between people the belief map is never offered (it would be one player's adviser reading the
/// other's moves for them), in the game or in the replay of an unfinished game.
#[test]
fn belief_map_is_never_offered_between_people() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness_sized(dir.path(), 1280.0, 900.0);
    h.state_mut().settings.rules = Rules::for_mode(Mode::Hidden);
    h.get_by_label("Start now (last rules)").click();
    h.run();
    h.get_by_label_contains("Red to move — press").click();
    common::leak::run_checked(&mut h);
    assert!(h.query_by_label("Belief map").is_none());
    assert!(!h.state().play().unwrap().belief_offered());
}

/// Review the game open in `h` and wait for it.
fn review_now(h: &mut Harness<'static, JunqiApp>) {
    h.get_by_label("Review the game").click();
    h.step();
    wait_done(h);
}

const GRAPH: &str = "Evaluation graph: click or drag to go to a turn";

/// The whole text of the one label on screen that contains `part`.
fn text_of(h: &Harness<'static, JunqiApp>, part: &str) -> String {
    let node = h.get_by_label_contains(part);
    let ak = node.accesskit_node();
    ak.label().or_else(|| ak.value()).unwrap_or_default()
}

/// The graph's axes read as a player reads them: the turn axis numbers every few turns (as many
/// as the width holds) and names the turn shown, which follows a click on the graph; the
/// advantage axis speaks of pieces' worth, never of figures; both in Chinese too.
#[test]
fn the_graph_has_a_turn_axis_and_an_advantage_axis_in_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let g = finished_hidden_game(40);
    let total = g.plies().len();
    let (mut h, _) = open(dir.path(), &g);
    review_now(&mut h);
    let axis = text_of(&h, "Turn axis: 0, ");
    let ticks: Vec<usize> = axis
        .trim_start_matches("Turn axis: ")
        .split(';')
        .next()
        .unwrap()
        .split(", ")
        .map(|t| t.parse().unwrap())
        .collect();
    let step = ticks[1];
    assert!(ticks.len() >= 4 && step > 0, "{axis}");
    assert!(ticks.windows(2).all(|w| w[1] - w[0] == step), "{axis}");
    assert!(*ticks.last().unwrap() <= total && total - ticks.last().unwrap() < step);
    assert!(axis.ends_with(&format!("; turn {total} shown")), "{axis}");
    // A narrower window: fewer numbers, further apart in turns.
    h.set_size(egui::vec2(700.0, 900.0));
    h.run();
    let narrow = text_of(&h, "Turn axis: 0, ");
    assert!(
        narrow.split(", ").count() < axis.split(", ").count(),
        "{narrow} / {axis}"
    );
    h.set_size(egui::vec2(1280.0, 900.0));
    h.run();
    // A click on the graph goes to that turn, and the axis says so.
    h.get_by_label(GRAPH).click();
    h.run();
    let ply = replay(&mut h).ply;
    assert!(ply.abs_diff(total / 2) <= 1, "{ply} of {total}");
    h.get_by_label_contains(&format!("; turn {ply} shown"));
    let advantage = text_of(&h, "Advantage axis, in pieces' worth: ");
    for word in ["won", "even", "lost", "marshal"] {
        assert!(advantage.contains(word), "{advantage}");
    }
    assert!(
        !advantage.contains("5000") && !advantage.contains("100"),
        "{advantage}"
    );
    h.state_mut().settings.lang = junqi::i18n::Lang::Zh;
    h.run();
    h.get_by_label_contains(&format!("回合轴：0, {step}, "));
    let zh = text_of(&h, "优势轴");
    assert!(zh.contains("均势") && zh.contains("司令"), "{zh}");
}

/// At 640 × 480 the graph and the side panel fold away so the board stays readable, and the
/// graph's toggle shows it all the same; from 1120 × 780 up the graph shows by itself, beside a
/// board it does not cover, in both languages.
#[test]
fn the_graph_and_the_panel_fold_in_a_small_window() {
    let dir = tempfile::tempdir().unwrap();
    let g = finished_hidden_game(24);
    let (mut h, _) = open(dir.path(), &g);
    review_now(&mut h);
    let board = junqi::engine::Board::two_player();
    let cells = |h: &Harness<'static, JunqiApp>| -> Vec<egui::Rect> {
        common::layout::interactive(h)
            .into_iter()
            .filter(|w| {
                let sq = w.label.split(' ').next().unwrap_or("");
                board.node_by_name(sq).is_some() && w.role == egui::accesskit::Role::Button
            })
            .map(|w| w.rect)
            .collect()
    };
    for lang in [junqi::i18n::Lang::En, junqi::i18n::Lang::Zh] {
        h.state_mut().settings.lang = lang;
        let (graph, toggle, moves) = match lang {
            junqi::i18n::Lang::En => (GRAPH, "Graph", "Moves"),
            junqi::i18n::Lang::Zh => ("评估曲线：点击或拖动以跳到某一步", "曲线图", "着法"),
        };
        for (w, hh) in [(640.0, 480.0), (1120.0, 780.0), (1920.0, 1080.0)] {
            let size = egui::vec2(w, hh);
            h.set_size(size);
            for _ in 0..3 {
                h.step();
            }
            h.run();
            let what = format!("{lang:?} at {w}×{hh}");
            let small = w < 1000.0;
            assert_eq!(h.query_by_label(graph).is_none(), small, "{what}: graph");
            assert_eq!(h.query_by_label(moves).is_none(), small, "{what}: panel");
            h.get_by_label(toggle);
            let cells = cells(&h);
            assert_eq!(cells.len(), 60, "{what}: the whole board on screen");
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size).expand(0.5);
            let narrowest = cells
                .iter()
                .map(|c| c.width())
                .fold(f32::INFINITY, f32::min);
            assert!(cells.iter().all(|c| window.contains_rect(*c)), "{what}");
            // Folded, the graph leaves the board its rows: at 640 × 480 the cells keep 5% of the
            // window's height (opened there, the graph takes more than 4 points off: below).
            assert!(narrowest >= size.y * 0.05, "{what}: cells {narrowest} wide");
            if let Some(node) = h.query_by_label(graph) {
                let r = node.rect();
                assert!(window.contains_rect(r), "{what}: graph {r:?}");
                assert!(
                    cells.iter().all(|c| !c.intersects(r)),
                    "{what}: graph on the board"
                );
            }
        }
        // Opened by hand in the small window, folded by hand in the large one.
        h.set_size(egui::vec2(640.0, 480.0));
        h.run();
        let folded = cells(&h)[0].width();
        h.get_by_label(toggle).click();
        h.run();
        assert!(
            h.query_by_label(graph).is_some(),
            "{lang:?}: toggle did not open it"
        );
        let opened = cells(&h)[0].width();
        assert!(
            opened < folded - 4.0,
            "{lang:?}: the graph took {folded} → {opened}"
        );
        h.get_by_label(toggle).click();
        h.run();
        assert!(
            h.query_by_label(graph).is_none(),
            "{lang:?}: toggle did not fold it"
        );
    }
}
