//! The referee for games on a physical board, driven through the window's accessibility labels
//! (egui_kittest): the clash judge and the tracked game.

mod common;

use common::harness_wide as harness;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::i18n::Lang;
use junqi::app::referee::{JudgeTable, Stage, Tracked, pad_label, public_reason};
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{NodeId, Rank, Side, Turn};

fn click(h: &mut Harness<'static, JunqiApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

fn open_referee(h: &mut Harness<'static, JunqiApp>, way: &str) {
    click(h, "Referee for a physical board");
    assert!(matches!(h.state().screen, Screen::Referee(_)));
    click(h, way);
}

fn judge<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a JudgeTable {
    match &h.state().screen {
        Screen::Referee(r) => match &r.stage {
            Stage::Judge(j) => j,
            _ => panic!("not the clash judge"),
        },
        _ => panic!("not the referee screen"),
    }
}

fn tracked<'a>(h: &'a Harness<'static, JunqiApp>) -> &'a Tracked {
    match &h.state().screen {
        Screen::Referee(r) => match &r.stage {
            Stage::Tracked(t) => t,
            _ => panic!("not a tracked game"),
        },
        _ => panic!("not the referee screen"),
    }
}

/// Every label of the window, joined (to check that no rank name shows).
fn all_text(h: &Harness<'static, JunqiApp>) -> String {
    h.root()
        .children_recursive()
        .flat_map(|n| {
            let a = n.accesskit_node();
            [a.label(), a.value()]
        })
        .flatten()
        .collect::<Vec<_>>()
        .join("\n")
}

fn no_rank_shown(h: &Harness<'static, JunqiApp>) {
    let text = all_text(h);
    for r in Rank::ALL {
        // "Flag" appears in outcome words ("The flag is taken"); ranks are capitalised names.
        assert!(
            !text.contains(r.en()) || r == Rank::Flag,
            "{} shown in:\n{text}",
            r.en()
        );
        assert!(!text.contains(r.zh()), "{} shown in:\n{text}", r.zh());
    }
}

/// A line shown at least once (an announcement also goes to the log).
fn shown(h: &Harness<'static, JunqiApp>, text: &str) {
    assert!(
        h.get_all_by_label(text).next().is_some(),
        "{text:?} not shown in:\n{}",
        all_text(h)
    );
}

/// One clash on the pad: the attacker presses its colour, enters, hands over, the defender enters.
fn clash(h: &mut Harness<'static, JunqiApp>, attacker: Side, a: Rank, d: Rank) {
    click(h, &format!("{} attacks", attacker.en()));
    click(h, &pad_label(Lang::En, a));
    // The attacker's choice is gone: the pad is replaced by a neutral hand-over.
    assert!(h.query_by_label(&pad_label(Lang::En, a)).is_none());
    h.get_by_label(&format!("{}'s piece is received.", attacker.en()));
    click(h, &format!("I am {}: show my pad", attacker.other().en()));
    click(h, &pad_label(Lang::En, d));
}

#[test]
fn a_clash_announces_only_the_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_referee(&mut h, "Clash judge");
    // The pad is the same twelve buttons for both players.
    click(&mut h, "Red attacks");
    for r in Rank::ALL {
        h.get_by_label(&pad_label(Lang::En, r));
    }
    click(&mut h, &pad_label(Lang::En, Rank::Colonel));
    click(&mut h, "I am Blue: show my pad");
    for r in Rank::ALL {
        h.get_by_label(&pad_label(Lang::En, r));
    }
    click(&mut h, &pad_label(Lang::En, Rank::Major));
    shown(
        &h,
        "Clash 1 (Red attacked): The defender's piece leaves the board",
    );
    h.get_by_label("Lost so far: Red 0 pieces, Blue 1 piece");
    no_rank_shown(&h);
    assert_eq!(judge(&h).judge.lost(Side::Blue, Rank::Major), 1);

    // Both removed, and a dug mine is announced as "the defender leaves" (no rank named).
    clash(&mut h, Side::Blue, Rank::Brigadier, Rank::Brigadier);
    shown(&h, "Clash 2 (Blue attacked): Both pieces leave the board");
    clash(&mut h, Side::Red, Rank::Engineer, Rank::Mine);
    shown(
        &h,
        "Clash 3 (Red attacked): The defender's piece leaves the board",
    );
    clash(&mut h, Side::Red, Rank::Captain, Rank::Mine);
    shown(
        &h,
        "Clash 4 (Red attacked): The attacker's piece leaves the board",
    );
    no_rank_shown(&h);
    h.get_by_label("Lost so far: Red 2 pieces, Blue 3 pieces");
}

#[test]
fn an_impossible_claim_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Side::Red, Rank::Marshal, Rank::Marshal);
    for _ in 0..3 {
        clash(&mut h, Side::Red, Rank::Engineer, Rank::Captain);
    }
    assert_eq!(judge(&h).lost_total(Side::Red), 4);
    // A fourth engineer.
    click(&mut h, "Red attacks");
    click(&mut h, &pad_label(Lang::En, Rank::Engineer));
    h.get_by_label(
        "Refused: Red has no engineer left on the board (all 3 are gone). Red, enter your piece again.",
    );
    assert_eq!(judge(&h).lost_total(Side::Red), 4);
    assert_eq!(judge(&h).judge.clashes(), 4);
    // The same player enters again, on the same pad.
    click(&mut h, &pad_label(Lang::En, Rank::Major));
    click(&mut h, "I am Blue: show my pad");
    // Blue's marshal is gone: a second one is refused, and Blue enters again.
    click(&mut h, &pad_label(Lang::En, Rank::Marshal));
    h.get_by_label_contains("Refused: Blue has no field marshal left");
    assert_eq!(judge(&h).lost_total(Side::Blue), 1);
    click(&mut h, &pad_label(Lang::En, Rank::Captain));
    shown(
        &h,
        "Clash 5 (Red attacked): The defender's piece leaves the board",
    );
    // A mine that "attacked".
    click(&mut h, "Blue attacks");
    click(&mut h, &pad_label(Lang::En, Rank::Mine));
    h.get_by_label_contains("Refused: Blue's landmine never moves, so it cannot attack");
    assert_eq!(judge(&h).judge.clashes(), 5);
}

#[test]
fn losing_the_marshal_means_showing_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Side::Blue, Rank::Bomb, Rank::Marshal);
    shown(
        &h,
        "Clash 1 (Blue attacked): Both pieces leave the board. Red's field marshal is gone: Red must show its flag",
    );
}

#[test]
fn a_side_with_no_movable_pieces_loses() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_referee(&mut h, "Clash judge");
    // Red's officers and bombs attack Blue's mines (an officer dies and the mine stays; a bomb
    // takes a mine with it) and Red's engineers die on Blue's marshal, until Red has nothing movable.
    let mut n = 0;
    for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
        for _ in 0..r.count() {
            let d = if *r == Rank::Engineer {
                Rank::Marshal
            } else {
                Rank::Mine
            };
            clash(&mut h, Side::Red, *r, d);
            n += 1;
            if judge(&h).judge.result().is_some() {
                break;
            }
        }
    }
    assert_eq!(n, 21, "Red lost all 21 movable pieces");
    shown(&h, "Blue wins: no movable pieces left");
    // The game is over: no more clashes, and the losses by rank are shown now.
    assert!(h.query_by_label("Red attacks").is_none());
    assert_eq!(judge(&h).lost_total(Side::Red), 21);
}

#[test]
fn resigning_ends_the_judged_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_referee(&mut h, "Clash judge");
    click(&mut h, "Blue resigns");
    shown(&h, "Red wins: resignation");
    click(&mut h, "Start again (same rules)");
    h.get_by_label("Red attacks");
}

/// Enter both formations with Random in the editor, behind the hand-over curtain.
fn enter_formations(h: &mut Harness<'static, JunqiApp>) {
    open_referee(h, "Tracked game");
    h.get_by_label("Red: enter your formation — Blue, look away");
    click(h, "I am Red: continue");
    click(h, "Enter it in the formation editor…");
    click(h, "Random");
    click(h, "Use in game");
    // The curtain is up again for Blue: nothing of Red's formation is on screen.
    h.get_by_label("Red's formation is in.");
    click(h, "I am Blue: continue");
    click(h, "Enter it in the formation editor…");
    click(h, "Random");
    click(h, "Use in game");
    tracked(h);
}

fn back_label(side: Side, name: &str) -> String {
    format!("{name} {} unknown piece", side.en())
}

/// A plain move (to an empty node) of the side to move.
fn plain_move(h: &Harness<'static, JunqiApp>) -> (NodeId, NodeId) {
    common::plain_move(&tracked(h).game)
}

fn click_node(h: &mut Harness<'static, JunqiApp>, n: NodeId) {
    let game = &tracked(h).game;
    let name = game.board().name(n).to_string();
    let label = match game.position().at(n) {
        Some(p) if !p.is_revealed() => back_label(p.side(), &name),
        Some(p) => format!("{name} {} {}", p.side().en(), p.rank().en()),
        None => name,
    };
    click(h, &label);
}

#[test]
fn tracked_game_accepts_a_legal_move_and_shows_only_backs() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    enter_formations(&mut h);
    no_rank_shown(&h);
    h.get_by_label("Both formations are in: set up the real board. Red moves first.");
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    assert_eq!(tracked(&h).game.plies().len(), 1);
    let to_name = tracked(&h).game.board().name(to).to_string();
    h.get_by_label(&back_label(Side::Red, &to_name));
    h.get_by_label_contains("Blue to move");
    h.get_by_label("Turn 2");
    h.get_by_label("69 turns left before the quiet-limit draw");
    no_rank_shown(&h);
}

#[test]
fn tracked_game_rejects_an_illegal_move_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    enter_formations(&mut h);
    let before = tracked(&h).game.position().notation();
    // A red piece that cannot reach some empty node.
    let (from, to, reason) = {
        let game = &tracked(&h).game;
        let pos = game.position();
        let mut found = None;
        'outer: for (from, _) in pos.pieces(Side::Red) {
            for to in 0..game.board().len() as NodeId {
                if pos.at(to).is_none()
                    && let Err(e) = pos.check_turn(game.rules(), Turn::Move { from, to })
                {
                    found = Some((from, to, e));
                    break 'outer;
                }
            }
        }
        found.expect("an illegal move")
    };
    click_node(&mut h, from);
    click_node(&mut h, to);
    h.get_by_label(&public_reason(Lang::En, &reason));
    assert_eq!(tracked(&h).game.position().notation(), before);
    assert!(tracked(&h).game.plies().is_empty());
    no_rank_shown(&h);
}

#[test]
fn tracked_game_judges_a_clash_and_announces_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    enter_formations(&mut h);
    // Play legal turns chosen to reach an attack: take the first attack available, else the
    // first plain move of the side to move.
    for _ in 0..200 {
        let turn = {
            let game = &tracked(&h).game;
            let pos = game.position();
            let legal = pos.legal_turns(game.rules());
            legal
                .iter()
                .copied()
                .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_some()))
                .or_else(|| legal.first().copied())
                .expect("a legal turn")
        };
        let Turn::Move { from, to } = turn else {
            panic!("hidden mode has only moves")
        };
        let attack = tracked(&h).game.position().at(to).is_some();
        click_node(&mut h, from);
        click_node(&mut h, to);
        if attack {
            let game = &tracked(&h).game;
            let n = game.plies().len();
            let report = game.plies()[n - 1].report.clone().unwrap();
            let outcome = report.clash.expect("a clash");
            let words = junqi::app::referee::outcome_text(outcome).en;
            h.get_all_by_label_contains(&format!("Turn {n}: "))
                .find(|l| {
                    let a = l.accesskit_node();
                    [a.label(), a.value()]
                        .into_iter()
                        .flatten()
                        .any(|t| t.contains(words))
                })
                .unwrap_or_else(|| panic!("{words:?} not announced in:\n{}", all_text(&h)));
            no_rank_shown(&h);
            return;
        }
    }
    panic!("no clash in 200 turns");
}

#[test]
fn a_tracked_game_is_saved_like_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    enter_formations(&mut h);
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    // Tests have no native dialog: the game goes to the recent games, and the app says so.
    h.get_by_label("Save as…").click();
    h.run();
    let saved: Vec<_> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let game = junqi::engine::Game::from_ron(&std::fs::read_to_string(&saved[0]).unwrap()).unwrap();
    assert_eq!(game.plies().len(), 1);
    assert_eq!(game.position(), tracked(&h).game.position());
}

#[test]
fn both_marshals_fall_and_the_judge_names_both_flags() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Side::Blue, Rank::Marshal, Rank::Marshal);
    shown(
        &h,
        "Clash 1 (Blue attacked): Both pieces leave the board. Blue's field marshal is gone: Blue must show its flag. Red's field marshal is gone: Red must show its flag",
    );
}
