//! Shared by the window tests: the real app in an egui_kittest harness, in English, with its
//! settings and saved games in a temporary folder, and the helpers the window tests share.
#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use junqi::app::JunqiApp;
use junqi::engine::{Game, NodeId, Turn};
use junqi::i18n::Lang;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a test waits for what happens on another thread or in another process (the
/// computer's answer, an engine, the network): one generous bound that only a real hang reaches,
/// whatever the machine's load. Tests wait for the thing itself, never for a time.
pub const PATIENCE: Duration = Duration::from_secs(90);

/// Wait until `done` holds, looking again every few milliseconds; panic naming `what` if it has
/// not held after `PATIENCE` (a hang).
pub fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let until = Instant::now() + PATIENCE;
    while !done() {
        assert!(Instant::now() < until, "waited {PATIENCE:?} for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Step the window until `done` holds (what it waits for happens off the UI thread: the
/// computer's or an engine's turn, a review, the network), at most `PATIENCE`.
pub fn step_until(
    h: &mut Harness<'static, JunqiApp>,
    what: &str,
    mut done: impl FnMut(&mut Harness<'static, JunqiApp>) -> bool,
) {
    let until = Instant::now() + PATIENCE;
    while !done(h) {
        assert!(Instant::now() < until, "waited {PATIENCE:?} for {what}");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The nodes a computer seat (and the hint) thinks a turn in the window tests: a node budget, not
/// the level's time, so that what it plays does not depend on the machine's load.
pub const COMPUTER_NODES: u64 = 3000;

/// The app at a window size of `w` × `h` points, after its first frames.
pub fn harness_sized(dir: &Path, w: f32, h: f32) -> Harness<'static, JunqiApp> {
    let dir = dir.to_path_buf();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(w, h))
        .with_max_steps(64)
        .build_eframe(move |cc| JunqiApp::new(cc, Some(dir)));
    harness.state_mut().settings.lang = Lang::En;
    harness.state_mut().computer_nodes = Some(COMPUTER_NODES);
    harness.run();
    harness
}

/// The app in a 1200 × 900 window.
pub fn harness(dir: &Path) -> Harness<'static, JunqiApp> {
    harness_sized(dir, 1200.0, 900.0)
}

/// The app in a 1300 × 950 window (the editor and the referee want room).
pub fn harness_wide(dir: &Path) -> Harness<'static, JunqiApp> {
    harness_sized(dir, 1300.0, 950.0)
}

/// A temporary folder and the app in a 1200 × 900 window keeping its files there.
pub fn window() -> (tempfile::TempDir, Harness<'static, JunqiApp>) {
    let dir = tempfile::tempdir().unwrap();
    let h = harness(dir.path());
    (dir, h)
}

/// A temporary folder and the app in a 1300 × 950 window keeping its files there.
pub fn wide_window() -> (tempfile::TempDir, Harness<'static, JunqiApp>) {
    let dir = tempfile::tempdir().unwrap();
    let h = harness_wide(dir.path());
    (dir, h)
}

/// Click the widget labelled `label` and let the window settle.
pub fn click(h: &mut Harness<'static, JunqiApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// From the first screen to an open game (the dialog's defaults) in two clicks.
pub fn start_game(h: &mut Harness<'static, JunqiApp>) {
    h.get_all_by_label("New game")
        .next()
        .expect("a New game button")
        .click();
    h.run();
    click(h, "Start game");
    assert!(matches!(h.state().screen, junqi::app::Screen::Play(_)));
}

/// The game in play.
pub fn game<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a Game {
    h.state().play().expect("a game in play").game()
}

/// The accessibility label of board node `n` as the side to move sees it, in `lang`.
pub fn node_label(h: &Harness<'static, JunqiApp>, n: NodeId, lang: Lang) -> String {
    let game = game(h);
    let side = game.position().side_to_move().expect("a side to move");
    junqi::app::board::node_label(&game.view(junqi::engine::Viewer::Side(side)), lang, n)
}

/// An empty node the piece on `from` cannot reach, and why (as the engine says it).
pub fn unreachable_empty(game: &Game, from: NodeId) -> (NodeId, junqi::engine::IllegalTurn) {
    let pos = game.position();
    let view = game.view(junqi::engine::Viewer::Side(
        pos.side_to_move().expect("a mover"),
    ));
    (0..game.board().len() as NodeId)
        .filter(|&n| matches!(view.at(n), junqi::engine::Seen::Empty))
        .find_map(|n| {
            pos.check_turn(game.rules(), Turn::Move { from, to: n })
                .err()
                .map(|e| (n, e))
        })
        .expect("an empty node the piece cannot reach")
}

/// A legal plain move (to an empty node, no attack) of the side to move.
pub fn plain_move(game: &Game) -> (NodeId, NodeId) {
    let pos = game.position();
    pos.legal_turns(game.rules())
        .into_iter()
        .find_map(|t| match t {
            Turn::Move { from, to } if pos.at(to).is_none() => Some((from, to)),
            _ => None,
        })
        .expect("a plain move")
}

/// Play a plain move of the side to move by clicking its piece, then the square it goes to
/// (the curtain, if any, already lifted).
pub fn click_a_plain_move(h: &mut Harness<'static, JunqiApp>) {
    let (from_label, to_name) = {
        let g = game(h);
        let side = g.position().side_to_move().unwrap();
        let (from, to) = plain_move(g);
        (
            junqi::app::board::node_label(
                &g.view(junqi::engine::Viewer::Side(side)),
                Lang::En,
                from,
            ),
            g.board().name(to).to_string(),
        )
    };
    click(h, &from_label);
    click(h, &to_name);
}

/// A game of `mode` from random formations (seeded) and up to `turns` random legal turns.
pub fn sample_game(mode: junqi::engine::Mode, seed: u64, turns: usize) -> Game {
    use junqi::engine::{Formation, Rules, Start};
    let rules = Rules::for_mode(mode);
    let mut rng = junqi::engine::rng::SplitMix64::new(seed);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    while g.plies().len() < turns {
        let legal = g.position().legal_turns(&rules);
        let Some(&t) = rng.choose(&legal) else { break };
        if g.play(t).is_err() || g.status().is_over() {
            break;
        }
    }
    g
}

pub mod cli;
pub mod layout;
pub mod leak;

/// Open the new-game dialog (under `mode`'s default rules, if given) and give Blue the player
/// labelled `who` in the seat picker ("Computer · Easy", "An engine…").
pub fn choose_for_blue(
    h: &mut Harness<'static, JunqiApp>,
    mode: Option<junqi::engine::Mode>,
    who: &str,
) {
    if let Some(m) = mode {
        h.state_mut().settings.rules = junqi::engine::Rules::for_mode(m);
    }
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    h.get_by_label("as Blue").click();
    h.run();
    h.get_by_label(who).click();
    h.run();
}
