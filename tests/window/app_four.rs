//! Four players in the window: the cross-shaped board drawn from the board data, its
//! labels for screen readers and tests, its seat tags.

use crate::common;

use common::leak::named_pieces;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use junqi::app::board::{BoardWidget, node_label};
use junqi::app::settings::BoardOptions;
use junqi::engine::formation::{Formation, four_player_setup};
use junqi::engine::rng::SplitMix64;
use junqi::engine::rules::{Mode, Rules};
use junqi::engine::{InfoKey, NodeId, Position, Seat, Seen, View, Viewer};
use junqi::i18n::Lang;

fn four_position(mode: Mode) -> (Rules, Position) {
    let rules = Rules::for_mode(mode);
    let fs: Vec<Formation> = (1..=4)
        .map(|k| Formation::random(&mut SplitMix64::new(k), &rules))
        .collect();
    let setup = four_player_setup([&fs[0], &fs[1], &fs[2], &fs[3]], &rules).unwrap();
    let pos = Position::new(setup, &rules).unwrap();
    (rules, pos)
}

fn board_harness(view: View, bottom: Seat, lang: Lang) -> Harness<'static> {
    let opts = BoardOptions::default();
    Harness::builder()
        .with_size(egui::vec2(1000.0, 900.0))
        .build_ui(move |ui| {
            junqi::app::fonts::install(ui.ctx());
            BoardWidget {
                interactive: true,
                ..BoardWidget::still(&view, &opts, lang, bottom)
            }
            .show(ui);
        })
}

fn labels(h: &Harness<'_>) -> Vec<String> {
    h.query_all(By::new())
        .flat_map(|n| {
            let n = n.accesskit_node();
            n.label().into_iter().chain(n.value())
        })
        .collect()
}

#[test]
fn four_player_board_labels_every_node_as_its_seat_sees_it() {
    let (rules, pos) = four_position(Mode::Hidden);
    for looker in [Seat::South, Seat::West] {
        let view = pos.view(&rules, Viewer::Side(looker));
        for lang in [Lang::En, Lang::Zh] {
            let h = board_harness(view.clone(), looker, lang);
            let got = labels(&h);
            for n in 0..view.board().len() as NodeId {
                let want = node_label(&view, lang, n);
                assert!(got.contains(&want), "no label {want:?}");
            }
            // Only the looker's own ranks are named; the others are backs of their seat.
            for t in &got {
                for (seat, _) in named_pieces(t) {
                    assert_eq!(seat, looker, "{t:?} names another seat's piece");
                }
            }
            let backs = (0..view.board().len() as NodeId)
                .filter(|&n| matches!(view.at(n), Seen::Unknown(_)))
                .count();
            assert_eq!(backs, 75);
        }
    }
}

#[test]
fn four_player_board_tags_each_seat_with_colour_and_marks_the_seat_to_move() {
    let (rules, pos) = four_position(Mode::Open);
    let view = pos.view(&rules, Viewer::Referee);
    let h = board_harness(view, Seat::East, Lang::En);
    let got = labels(&h);
    for tag in [
        "South (red) — to move",
        "East (purple)",
        "North (blue)",
        "West (green)",
    ] {
        assert!(got.iter().any(|t| t == tag), "no tag {tag:?} in {got:?}");
    }
    let h = board_harness(pos.view(&rules, Viewer::Referee), Seat::South, Lang::Zh);
    let got = labels(&h);
    for tag in ["南（红）— 轮到", "东（紫）", "北（蓝）", "西（绿）"] {
        assert!(got.iter().any(|t| t == tag), "no tag {tag:?}");
    }
    // Open game: every piece named with its seat, e.g. South's flag.
    assert!(got.iter().any(|t| t.ends_with("南 军旗")));
}

/// Start a four-player game from the new-game dialog: two or four players, each seat's player.
fn start_four(h: &mut Harness<'static, junqi::app::JunqiApp>, hidden: bool) {
    h.get_all_by_label("New game")
        .next()
        .expect("New game")
        .click();
    h.run();
    if hidden {
        h.get_by_label_contains("Hidden:").click();
        h.run();
    }
    common::click(h, "Four players (四国)");
    common::click(h, "Start game");
    assert!(matches!(h.state().screen, junqi::app::Screen::Play(_)));
}

#[test]
fn the_new_game_dialog_opens_as_the_last_game_four_players() {
    let (_dir, mut h) = common::window();
    start_four(&mut h, true);
    for _ in 0..2 {
        common::click(&mut h, "Home");
        h.get_all_by_label("New game").next().unwrap().click();
        h.run();
        let junqi::app::Screen::NewGame(ng) = &h.state().screen else {
            panic!("the dialog")
        };
        assert!(ng.spec.four, "the dialog forgot four players");
        assert_eq!(ng.spec.rules.mode, Mode::Hidden);
        assert_eq!(ng.spec.bottom, Seat::South);
        common::click(&mut h, "Start game");
    }
}

#[test]
fn new_game_dialog_starts_a_four_player_game_against_three_computers() {
    let (_dir, mut h) = common::window();
    start_four(&mut h, false);
    let play = h.state().play().unwrap();
    assert!(play.game().board().is_four());
    assert_eq!(play.computer().seats.len(), 4);
    assert_eq!(
        play.computer().seats[0],
        junqi::app::settings::Occupant::Human
    );
    assert!(
        play.computer().seats[1..]
            .iter()
            .all(|s| *s != junqi::app::settings::Occupant::Human)
    );
    let got = common::leak::texts(&h);
    assert!(got.iter().any(|t| t == "South (red) — to move"), "{got:?}");
    assert!(got.iter().any(|t| t.starts_with("g6 South ")));
    // South moves; then the computers play East, North and West in turn.
    let (from, to) = common::plain_move(common::game(&h));
    let name = |n| common::game(&h).board().name(n).to_string();
    let (a, b) = (name(from), name(to));
    let label = format!("{a} South {}", rank_word(&h, from));
    common::click(&mut h, &label);
    h.get_all_by_label(&b).next().expect("destination").click();
    h.run();
    assert_eq!(common::game(&h).plies().len(), 1);
    common::step_until(&mut h, "the three computers' turns", |h| {
        common::game(h).plies().len() >= 4
    });
    assert!(
        common::game(&h).plies().len() >= 4,
        "the three computers played"
    );
    // Settings for two-player games are left alone.
    assert_eq!(h.state().settings.bottom, junqi::engine::Seat::Red);
}

fn rank_word(h: &Harness<'static, junqi::app::JunqiApp>, n: NodeId) -> &'static str {
    common::game(h).position().at(n).unwrap().rank().en()
}

/// Four-player notation from `square=cell` items, other squares empty.
fn lay4(to_move: &str, cells: &str) -> String {
    let b = junqi::engine::Board::four_player();
    let mut grid = vec![String::from(".."); b.len()];
    for item in cells.split_whitespace() {
        let (square, cell) = item.split_once('=').unwrap();
        grid[b.node_by_name(square).unwrap() as usize] = cell.to_string();
    }
    let ranks: Vec<String> = (0..b.height)
        .rev()
        .map(|row| {
            (0..b.width)
                .filter_map(|col| b.node_at(col, row))
                .map(|n| grid[n as usize].as_str())
                .collect()
        })
        .collect();
    format!("{} {to_move} 0 0 -", ranks.join("/"))
}

/// Near the end of a hidden game of four people: South's marshal beside West's flag, South's
/// general beside East's flag; every player has one piece that can move.
const NEAR_END: &str = "h1=sF a9=s9 p8=s8 q8=eF q7=e3 j17=nF k17=n2 a10=wF a11=w2";

/// A window showing the NEAR_END hidden game between four people, South to move.
fn near_end_window() -> (tempfile::TempDir, Harness<'static, junqi::app::JunqiApp>) {
    let (dir, mut h) = common::window();
    let rules = Rules::for_mode(Mode::Hidden);
    let game = junqi::engine::Game::new(rules, junqi::engine::Start::Position(lay4("s", NEAR_END)))
        .unwrap();
    h.state_mut().show_game(junqi::app::Session::new(game));
    common::leak::run_checked(&mut h);
    (dir, h)
}

/// Click the piece on `from`, then `to`, as the side to move sees them; the leak checker runs
/// after each click.
fn move_by_clicks(h: &mut Harness<'static, junqi::app::JunqiApp>, from: &str, to: &str) {
    let game = common::game(h);
    let me = game.position().side_to_move().unwrap();
    let view = game.view(Viewer::Side(me));
    let b = game.board();
    let (f, t) = (b.node_by_name(from).unwrap(), b.node_by_name(to).unwrap());
    let (lf, lt) = (
        node_label(&view, Lang::En, f),
        node_label(&view, Lang::En, t),
    );
    common::leak::click(h, &lf);
    common::leak::click(h, &lt);
}

fn lift(h: &mut Harness<'static, junqi::app::JunqiApp>, seat: Seat) {
    // After a clash the player who moved hands over first.
    if h.query_by_label("Hand over (Space)").is_some() {
        common::leak::click(h, "Hand over (Space)");
    }
    common::leak::click(h, &format!("{} to move — press to continue", seat.en()));
}

#[test]
fn hidden_four_player_game_between_people_goes_to_a_team_win_without_leaks() {
    let (_dir, mut h) = near_end_window();
    // Four people, no team view: the curtain goes down between every turn.
    assert!(h.state().play().unwrap().hidden_hotseat());
    assert!(h.query_by_label_contains("South Field Marshal").is_none());
    lift(&mut h, Seat::South);
    assert!(
        h.query_by_label_contains("a9 South Field Marshal")
            .is_some()
    );
    // South takes West's flag: West is out, its pieces leave the board; the game goes on.
    move_by_clicks(&mut h, "a9", "a10");
    let g = common::game(&h);
    assert!(g.position().out().contains(Seat::West));
    assert!(!g.status().is_over());
    assert_eq!(g.position().pieces(Seat::West).count(), 0);
    assert_eq!(g.position().side_to_move(), Some(Seat::East));
    lift(&mut h, Seat::East);
    let texts = common::leak::texts(&h);
    assert!(
        texts.iter().any(|t| t.starts_with("West is out: ")),
        "an event says who went out and why: {texts:?}"
    );
    assert!(texts.iter().any(|t| t == "out"), "West's tray says out");
    assert!(
        texts.iter().any(|t| t == "West (green) — out"),
        "West's tag says out"
    );
    // The move list names the seat that moved.
    assert!(
        texts.iter().any(|t| t.contains("1. South a9-a10")),
        "{texts:?}"
    );
    // East, at the screen, has no turn of its own to take back (the takeback between four people
    // is in app_who_looks.rs and below).
    common::leak::click(&mut h, "Undo");
    h.get_by_label("There is no turn to take back");
    assert_eq!(common::game(&h).plies().len(), 1);
    move_by_clicks(&mut h, "q7", "p7");
    lift(&mut h, Seat::North);
    move_by_clicks(&mut h, "k17", "k16");
    // West is out: South moves next, and takes East's flag.
    lift(&mut h, Seat::South);
    move_by_clicks(&mut h, "p8", "q8");
    let g = common::game(&h);
    assert_eq!(
        g.status(),
        junqi::engine::Status::Won(
            junqi::engine::Team::SouthNorth,
            junqi::engine::EndReason::Flag
        )
    );
    let texts = common::leak::texts(&h);
    // A team wins in the plural, and no seat is "to move" any more.
    assert!(
        texts.iter().any(|t| t.contains("South and North win: ")),
        "{texts:?}"
    );
    assert!(!texts.iter().any(|t| t.ends_with("— to move")), "{texts:?}");
    // Every piece revealed at the end: North's lieutenant reads as such.
    assert!(
        texts.iter().any(|t| t == "k16 North Lieutenant"),
        "{texts:?}"
    );
}

/// Let the computers think until it is South's turn again (or the game ends), checking for
/// leaks on the way.
fn until_south(h: &mut Harness<'static, junqi::app::JunqiApp>) {
    common::step_until(h, "South's turn", |h| {
        common::leak::assert_no_leak(h);
        let g = common::game(h);
        g.status().is_over() || g.position().side_to_move() == Some(Seat::South)
    });
    common::leak::run_checked(h);
}

#[test]
fn hidden_four_player_game_against_three_computers_shows_only_south_and_replays_by_seat() {
    let (_dir, mut h) = common::window();
    start_four(&mut h, true);
    assert_eq!(common::game(&h).rules().mode, Mode::Hidden);
    // One person: no curtain; the board is South's.
    assert!(!h.state().play().unwrap().hidden_hotseat());
    common::leak::run_checked(&mut h);
    for _ in 0..3 {
        if common::game(&h).status().is_over() {
            break;
        }
        let (from, to) = common::plain_move(common::game(&h));
        let b = common::game(&h).board();
        let (f, t) = (b.name(from).to_string(), b.name(to).to_string());
        move_by_clicks(&mut h, &f, &t);
        until_south(&mut h);
    }
    assert!(common::game(&h).plies().len() >= 8);
    // No other seat's rank anywhere on screen, but for what South may know: a flag shown to all
    // after its marshal fell, a revealed mine (and everything once the game is over).
    let south = common::game(&h).view(Viewer::Side(Seat::South));
    let known = |seat: Seat, rank| {
        south
            .cells()
            .iter()
            .any(|c| matches!(c, Seen::Known(p) if p.side() == seat && p.rank() == rank))
    };
    for seat in [Seat::East, Seat::North, Seat::West] {
        for t in common::leak::texts(&h) {
            assert!(
                named_pieces(&t)
                    .iter()
                    .all(|(s, r)| *s != seat || known(*s, *r)),
                "{t:?} names a piece of {seat:?}"
            );
        }
    }
    // 记子: a table for each opponent.
    for seat in ["East", "North", "West"] {
        let head = format!("Counting {seat}'s pieces (记子)");
        assert!(h.query_all_by_label(&head).next().is_some(), "{head}");
    }
    // The replay offers each seat's viewpoint; South's is shown.
    common::leak::click(&mut h, "Replay");
    for seat in ["South", "East", "North", "West", "Referee"] {
        assert!(h.query_by_label(seat).is_some(), "viewpoint {seat}");
    }
    common::leak::run_checked(&mut h);
}

#[test]
fn a_killed_four_player_game_against_computers_resumes_with_its_seats() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(dir.path());
    start_four(&mut h, true);
    let (from, to) = common::plain_move(common::game(&h));
    let b = common::game(&h).board();
    let (f, t) = (b.name(from).to_string(), b.name(to).to_string());
    move_by_clicks(&mut h, &f, &t);
    until_south(&mut h);
    let notation = common::game(&h).position().notation();
    let seats = h.state().play().unwrap().computer().seats.clone();
    // No orderly shutdown, as after `kill -9`.
    drop(h);
    let mut h = common::harness(dir.path());
    h.get_by_label("An unfinished game was saved");
    h.get_by_label("Resume").click();
    h.run();
    common::leak::run_checked(&mut h);
    assert!(common::game(&h).board().is_four());
    assert_eq!(common::game(&h).position().notation(), notation);
    assert_eq!(h.state().play().unwrap().computer().seats, seats);
    // The resumed game is South's (the human's): only South's ranks are on screen.
    assert!(h.query_all_by_label_contains("South").next().is_some());
}

#[test]
fn a_finished_four_player_record_opens_in_the_replay_viewer_with_every_seat() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::for_mode(Mode::Hidden);
    let mut game =
        junqi::engine::Game::new(rules, junqi::engine::Start::Position(lay4("s", NEAR_END)))
            .unwrap();
    let b = game.board();
    let mv = |a: &str, z: &str| junqi::engine::Turn::Move {
        from: b.node_by_name(a).unwrap(),
        to: b.node_by_name(z).unwrap(),
    };
    for (a, z) in [("a9", "a10"), ("q7", "p7"), ("k17", "k16"), ("p8", "q8")] {
        game.play(mv(a, z)).unwrap();
    }
    assert!(game.status().is_over());
    let path = dir.path().join("four.ron");
    std::fs::write(&path, game.to_ron()).unwrap();
    let mut h = common::harness_sized(dir.path(), 1200.0, 900.0);
    h.state_mut().open_file(&path);
    h.run();
    assert!(matches!(h.state().screen, junqi::app::Screen::Replay(_)));
    assert!(h.state().warning.is_none());
    for seat in ["South", "East", "North", "West"] {
        common::leak::click(&mut h, seat);
    }
    // A finished game: every piece may be shown, e.g. West's flag at the start.
    if let junqi::app::Screen::Replay(r) = &mut h.state_mut().screen {
        r.ply = 0;
    }
    common::leak::run_checked(&mut h);
    assert!(
        h.query_all_by_label_contains("a10 West Flag")
            .next()
            .is_some()
    );
}

#[test]
fn a_refused_flag_attack_of_a_four_player_seat_is_announced_in_both_languages() {
    let said = junqi::engine::IllegalTurn::FlagAttackRefused {
        by: Seat::South,
        square: "q8".into(),
        mines: true,
    };
    let en = Lang::En.illegal(&said);
    let zh = Lang::Zh.illegal(&said);
    assert!(en.contains("the flag's owner still has mines"), "{en}");
    assert!(zh.contains("军旗的主人还有地雷"), "{zh}");
    assert!(en.starts_with("South attacked q8") && zh.starts_with("南方攻击 q8"));
}

/// Partners South and North at the screen against two computers.
fn partners_game(team_view: bool) -> junqi::app::Session {
    let mut rules = Rules::for_mode(Mode::Hidden);
    rules.team_view = team_view;
    let start = junqi::engine::Start::random_four(&rules, 5);
    let mut game = junqi::engine::Game::new(rules, start).unwrap();
    game.set_info(InfoKey::Computer, "east:easy,west:easy");
    junqi::app::Session::new(game)
}

#[test]
fn partners_under_team_view_share_the_screen_and_without_it_hand_over() {
    let (_dir, mut h) = common::window();
    h.state_mut().show_game(partners_game(true));
    common::leak::run_checked(&mut h);
    let play = h.state().play().unwrap();
    assert!(
        !play.hidden_hotseat(),
        "partners under team view share the screen"
    );
    // Both partners' ranks are on the board, no opponent's.
    let texts = common::leak::texts(&h);
    assert!(texts.iter().any(|t| t.starts_with("g1 South ")));
    assert!(texts.iter().any(|t| t.starts_with("k17 North ")));
    assert!(texts.iter().all(|t| {
        named_pieces(t)
            .iter()
            .all(|(s, _)| *s != Seat::East && *s != Seat::West)
    }));

    let (_dir, mut h) = common::window();
    h.state_mut().show_game(partners_game(false));
    common::leak::run_checked(&mut h);
    assert!(
        h.state().play().unwrap().hidden_hotseat(),
        "a curtain between partners"
    );
    assert!(h.query_all_by_label_contains("South ").all(|n| {
        n.accesskit_node()
            .label()
            .is_some_and(|l| !l.contains("South Field"))
    }));
    lift(&mut h, Seat::South);
    let texts = common::leak::texts(&h);
    assert!(texts.iter().any(|t| t.starts_with("g1 South ")));
    assert!(
        !texts
            .iter()
            .any(|t| t.starts_with("k17 North ") && t != "k17 North unknown piece")
    );
}

#[test]
fn the_curtain_between_partners_stays_down_while_a_computer_plays() {
    let mut play = partners_game(false);
    play.apply(junqi::app::Act::LiftCurtain);
    assert!(!play.curtain_up(), "South lifts it");
    // South moves; East (a computer) is to move: nobody may lift the curtain now.
    let (from, to) = common::plain_move(play.game());
    play.apply(junqi::app::Act::Drop(from, to));
    assert_eq!(play.game().position().side_to_move(), Some(Seat::East));
    assert!(play.curtain_up());
    play.apply(junqi::app::Act::LiftCurtain);
    assert!(
        play.curtain_up(),
        "no seat's pieces shown while the computer plays"
    );
    assert!(matches!(play.looker(), junqi::app::session::Looker::Nobody));
}

#[test]
fn a_takeback_between_four_people_needs_every_other_player_still_in() {
    let (_dir, mut h) = near_end_window();
    lift(&mut h, Seat::South);
    move_by_clicks(&mut h, "a9", "a10");
    assert!(common::game(&h).position().out().contains(Seat::West));
    // The curtain is down: South, who moved last, asks; each other player still in is called to
    // the covered board in turn.
    common::leak::click(&mut h, "Undo");
    common::leak::click(&mut h, "South asks for a takeback — East, press to answer");
    common::leak::click(&mut h, "East agrees");
    assert_eq!(
        common::game(&h).standing_actions().len(),
        1,
        "North has not answered"
    );
    common::leak::click(&mut h, "South asks for a takeback — North, press to answer");
    common::leak::click(&mut h, "North agrees");
    let g = common::game(&h);
    assert!(
        g.standing_actions().is_empty(),
        "South's turn is taken back"
    );
    assert!(!g.position().out().contains(Seat::West), "West is back in");
    assert_eq!(g.position().side_to_move(), Some(Seat::South));
    assert_eq!(g.takebacks(Seat::South), 1, "the record keeps the takeback");
    // The curtain is down again, for South.
    lift(&mut h, Seat::South);
    assert!(
        h.query_by_label_contains("a9 South Field Marshal")
            .is_some()
    );
}

#[test]
fn a_draw_between_four_people_needs_every_player_still_in() {
    let (_dir, mut h) = near_end_window();
    lift(&mut h, Seat::South);
    common::leak::click(&mut h, "Offer draw");
    common::leak::click(&mut h, "South offers a draw — East, press to answer");
    common::leak::click(&mut h, "East accepts the draw");
    common::leak::click(&mut h, "South offers a draw — North, press to answer");
    common::leak::click(&mut h, "North accepts the draw");
    assert!(
        !common::game(&h).status().is_over(),
        "West has not answered"
    );
    assert!(h.query_by_label("East accepts the draw").is_none());
    common::leak::click(&mut h, "South offers a draw — West, press to answer");
    common::leak::click(&mut h, "West accepts the draw");
    assert_eq!(
        common::game(&h).status(),
        junqi::engine::Status::Draw(junqi::engine::EndReason::Agreement)
    );
    // The event log says who offered and who accepted.
    for line in [
        "South offers a draw",
        "East accepted the draw",
        "North accepted the draw",
        "West accepted the draw",
    ] {
        assert!(h.query_by_label(line).is_some(), "{line}");
    }
}

#[test]
fn a_four_player_seat_that_resigns_is_out_and_the_game_goes_on() {
    let (_dir, mut h) = near_end_window();
    lift(&mut h, Seat::South);
    common::leak::click(&mut h, "Resign");
    assert!(
        h.query_all_by_label_contains("South resigns and is out")
            .next()
            .is_some(),
        "the question says the game goes on"
    );
    common::leak::click(&mut h, "Yes, resign");
    let g = common::game(&h);
    assert!(g.position().out().contains(Seat::South));
    assert!(!g.status().is_over(), "North plays on for the team");
    assert_eq!(g.position().pieces(Seat::South).count(), 0);
    lift(&mut h, Seat::East);
    assert!(
        h.query_all_by_label_contains("South is out: ")
            .next()
            .is_some()
    );
    assert!(h.query_by_label("South (red) — out").is_some());
}

/// The mean height on screen of the cells holding `seat`'s pieces (their labels name the seat).
fn seat_row(h: &Harness<'static, junqi::app::JunqiApp>, seat: Seat) -> f32 {
    let word = format!(" {} ", seat.en());
    let ys: Vec<f32> = h
        .query_all(By::new())
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.contains(&word))
        })
        .map(|n| n.rect().center().y)
        .collect();
    assert!(!ys.is_empty(), "no piece of {seat:?} on screen");
    ys.iter().sum::<f32>() / ys.len() as f32
}

#[test]
fn a_resumed_four_player_game_keeps_its_bottom_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = common::harness(dir.path());
    // East is the person, the other three seats the computer: East sits at the bottom.
    h.get_all_by_label("New game")
        .next()
        .expect("New game")
        .click();
    h.run();
    common::click(&mut h, "Four players (四国)");
    common::click(&mut h, "as South (red)");
    common::click(&mut h, "Computer · Easy");
    common::click(&mut h, "as East (purple)");
    common::click(&mut h, "Human");
    common::click(&mut h, "Start game");
    assert_eq!(h.state().play().unwrap().bottom4(), Seat::East);
    assert!(seat_row(&h, Seat::East) > seat_row(&h, Seat::West));
    // South (the computer) moves first; then it is East's turn.
    common::step_until(&mut h, "East's turn", |h| {
        common::game(h).position().side_to_move() == Some(Seat::East)
    });
    assert_eq!(common::game(&h).position().side_to_move(), Some(Seat::East));
    // No orderly shutdown, as after `kill -9`.
    drop(h);
    let mut h = common::harness(dir.path());
    h.get_by_label("Resume").click();
    h.run();
    assert!(common::game(&h).board().is_four());
    assert_eq!(h.state().play().unwrap().bottom4(), Seat::East);
    // East's pieces are drawn at the bottom, West's at the top.
    assert!(
        seat_row(&h, Seat::East) > seat_row(&h, Seat::West) + 100.0,
        "East is not at the bottom after resuming"
    );
}

/// Wording a four-player table must not meet: two players' words ("both", 双方) and the
/// two-player board's coordinate ranges (four-player files run a–q, ranks 1–17).
fn two_player_words(texts: &[String]) -> Vec<&String> {
    const WORDS: [&str; 6] = [
        "to both",
        "both players",
        "双方",
        "a–e",
        "1–12",
        "Formations: chosen",
    ];
    texts
        .iter()
        .filter(|t| WORDS.iter().any(|w| t.contains(w)))
        .collect()
}

#[test]
fn a_four_player_table_reads_in_words_for_four_in_both_languages() {
    let (_dir, mut h) = common::window();
    h.get_all_by_label("New game").next().unwrap().click();
    h.run();
    // Hidden mode: its house rules (the flag shown when the marshal falls) are offered too.
    h.get_by_label_contains("Hidden:").click();
    h.run();
    common::click(&mut h, "Four players (四国)");
    for lang in [Lang::En, Lang::Zh, Lang::En] {
        h.state_mut().settings.lang = lang;
        h.run();
        let texts = common::leak::texts(&h);
        assert!(texts.len() > 20, "{texts:?}");
        let bad = two_player_words(&texts);
        assert!(bad.is_empty(), "new-game dialog in {lang:?}: {bad:?}");
    }
    common::click(&mut h, "Start game");
    assert!(matches!(h.state().screen, junqi::app::Screen::Play(_)));
    for lang in [Lang::En, Lang::Zh] {
        h.state_mut().settings.lang = lang;
        h.run();
        // The View menu (the coordinates' switch) open over the board.
        let view = if lang == Lang::Zh { "显示" } else { "View" };
        let coords = if lang == Lang::Zh {
            "显示坐标"
        } else {
            "Show coordinates"
        };
        if h.query_by_label(coords).is_none() {
            h.get_by_label(view).click();
            h.run();
        }
        let texts = common::leak::texts(&h);
        assert!(texts.iter().any(|t| t == coords), "{texts:?}");
        let bad = two_player_words(&texts);
        assert!(bad.is_empty(), "four-player game in {lang:?}: {bad:?}");
    }
}
