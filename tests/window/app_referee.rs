//! The referee for games on a physical board, driven through the window's accessibility labels
//! (egui_kittest): the clash judge and the tracked game.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use junqi::app::referee::{JudgeTable, Stage, Tracked, pad_label, public_reason};
use junqi::app::{JunqiApp, Screen};
use junqi::engine::{NodeId, Rank, Seat, Turn};
use junqi::i18n::Lang;
use std::path::Path;

use common::click;
use common::harness_wide as harness;

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
fn clash(h: &mut Harness<'static, JunqiApp>, attacker: Seat, a: Rank, d: Rank) {
    click(h, &format!("{} attacks", attacker.en()));
    click(h, &pad_label(Lang::En, a));
    // The attacker's choice is gone: the pad is replaced by a neutral hand-over.
    assert!(h.query_by_label(&pad_label(Lang::En, a)).is_none());
    h.get_by_label(&format!("{}'s piece is received.", attacker.en()));
    click(
        h,
        &format!(
            "I am {}: show my pad",
            attacker.opponent().expect("a colour").en()
        ),
    );
    click(h, &pad_label(Lang::En, d));
}

#[test]
fn a_clash_announces_only_the_outcome() {
    let (_dir, mut h) = common::wide_window();
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
    assert_eq!(judge(&h).judge.lost(Seat::Blue, Rank::Major), 1);

    // Both removed, and a dug mine is announced as "the defender leaves" (no rank named).
    clash(&mut h, Seat::Blue, Rank::Brigadier, Rank::Brigadier);
    shown(&h, "Clash 2 (Blue attacked): Both pieces leave the board");
    clash(&mut h, Seat::Red, Rank::Engineer, Rank::Mine);
    shown(
        &h,
        "Clash 3 (Red attacked): The defender's piece leaves the board",
    );
    clash(&mut h, Seat::Red, Rank::Captain, Rank::Mine);
    shown(
        &h,
        "Clash 4 (Red attacked): The attacker's piece leaves the board",
    );
    no_rank_shown(&h);
    h.get_by_label("Lost so far: Red 2 pieces, Blue 3 pieces");
}

#[test]
fn an_impossible_claim_is_refused_with_the_reason() {
    let (_dir, mut h) = common::wide_window();
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Seat::Red, Rank::Marshal, Rank::Marshal);
    for _ in 0..3 {
        clash(&mut h, Seat::Red, Rank::Engineer, Rank::Captain);
    }
    assert_eq!(judge(&h).lost_total(Seat::Red), 4);
    // A fourth engineer.
    click(&mut h, "Red attacks");
    click(&mut h, &pad_label(Lang::En, Rank::Engineer));
    h.get_by_label(
        "Refused: Red has none of that piece left on the board (all of them are gone). Red, enter your piece again.",
    );
    assert_eq!(judge(&h).lost_total(Seat::Red), 4);
    assert_eq!(judge(&h).judge.clashes(), 4);
    // The same player enters again, on the same pad.
    click(&mut h, &pad_label(Lang::En, Rank::Major));
    click(&mut h, "I am Blue: show my pad");
    // Blue's marshal is gone: a second one is refused, and Blue enters again.
    click(&mut h, &pad_label(Lang::En, Rank::Marshal));
    h.get_by_label_contains("Refused: Blue has none of that piece left");
    assert_eq!(judge(&h).lost_total(Seat::Blue), 1);
    click(&mut h, &pad_label(Lang::En, Rank::Captain));
    shown(
        &h,
        "Clash 5 (Red attacked): The defender's piece leaves the board",
    );
    // A mine that "attacked".
    click(&mut h, "Blue attacks");
    click(&mut h, &pad_label(Lang::En, Rank::Mine));
    h.get_by_label_contains("Refused: the piece Blue entered never moves, so it cannot attack");
    assert_eq!(judge(&h).judge.clashes(), 5);
}

#[test]
fn losing_the_marshal_means_showing_the_flag() {
    let (_dir, mut h) = common::wide_window();
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Seat::Blue, Rank::Bomb, Rank::Marshal);
    shown(
        &h,
        "Clash 1 (Blue attacked): Both pieces leave the board. Red's field marshal is gone: Red must show its flag",
    );
}

#[test]
fn a_side_with_no_movable_pieces_loses() {
    let (_dir, mut h) = common::wide_window();
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
            clash(&mut h, Seat::Red, *r, d);
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
    assert_eq!(judge(&h).lost_total(Seat::Red), 21);
}

#[test]
fn resigning_ends_the_judged_game() {
    let (_dir, mut h) = common::wide_window();
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

fn back_label(side: Seat, name: &str) -> String {
    format!("{name} {} unknown piece", side.en())
}

/// A plain move (to an empty node) of the side to move.
fn plain_move(h: &Harness<'static, JunqiApp>) -> (NodeId, NodeId) {
    common::plain_move(tracked(h).game())
}

fn click_node(h: &mut Harness<'static, JunqiApp>, n: NodeId) {
    let game = tracked(h).game();
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
    let (_dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    no_rank_shown(&h);
    h.get_by_label("Every formation is in: set up the real board. Red moves first.");
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    assert_eq!(tracked(&h).game().plies().len(), 1);
    let to_name = tracked(&h).game().board().name(to).to_string();
    h.get_by_label(&back_label(Seat::Red, &to_name));
    h.get_by_label_contains("Blue to move");
    h.get_by_label("Turn 2");
    h.get_by_label("69 turns left before the quiet-limit draw");
    no_rank_shown(&h);
}

#[test]
fn tracked_game_rejects_an_illegal_move_with_the_reason() {
    let (_dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    let before = tracked(&h).game().position().notation();
    // A red piece that cannot reach some empty node.
    let (from, to, reason) = {
        let game = tracked(&h).game();
        let pos = game.position();
        let mut found = None;
        'outer: for (from, _) in pos.pieces(Seat::Red) {
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
    assert_eq!(tracked(&h).game().position().notation(), before);
    assert!(tracked(&h).game().plies().is_empty());
    no_rank_shown(&h);
}

#[test]
fn tracked_game_judges_a_clash_and_announces_it() {
    let (_dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    // Play legal turns chosen to reach an attack: take the first attack available, else the
    // first plain move of the side to move.
    for _ in 0..200 {
        let turn = {
            let game = tracked(&h).game();
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
        let attack = tracked(&h).game().position().at(to).is_some();
        click_node(&mut h, from);
        click_node(&mut h, to);
        if attack {
            let game = tracked(&h).game();
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
    let (dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    // Tests have no native dialog: the game goes to the recent games, and the app says so.
    common::click(&mut h, "Save as…");
    let saved: Vec<_> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let game = junqi::engine::Game::from_ron(&std::fs::read_to_string(&saved[0]).unwrap()).unwrap();
    assert_eq!(game.plies().len(), 1);
    assert_eq!(game.position(), tracked(&h).game().position());
}

#[test]
fn both_marshals_fall_and_the_judge_names_both_flags() {
    let (_dir, mut h) = common::wide_window();
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Seat::Blue, Rank::Marshal, Rank::Marshal);
    shown(
        &h,
        "Clash 1 (Blue attacked): Both pieces leave the board. Blue's field marshal is gone: Blue must show its flag. Red's field marshal is gone: Red must show its flag",
    );
}

// ----- fairness and nothing lost ----------------------------------------------------------------

use junqi::app::referee::{JudgeEvent, Referee, TrackedNote, tracked_notes};
use junqi::engine::{FlagTakers, Game, Mode, Rules, Start, Status};

/// The window's texts in Chinese too (the same frame redrawn in the other language).
fn all_text_zh(h: &mut Harness<'static, JunqiApp>) -> String {
    h.state_mut().settings.lang = Lang::Zh;
    h.run();
    let text = all_text(h);
    h.state_mut().settings.lang = Lang::En;
    h.run();
    text
}

#[test]
fn judge_flag_rule_notice_names_no_rank() {
    // Once, "a colonel may not take the flag under these rules" named the attacker's piece.
    let (_dir, mut h) = common::wide_window();
    h.state_mut().settings.rules.flag_takers = FlagTakers::Engineer;
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Seat::Red, Rank::Colonel, Rank::Flag);
    let notice = "Not allowed: this piece may not take the flag under these rules. Take the move back on the board.";
    shown(&h, notice);
    // Announced to both and written in the log (not a silent probe).
    assert!(judge(&h).log.iter().any(|s| s.en.contains(notice)));
    assert_eq!(judge(&h).judge.clashes(), 0);
    let text = all_text(&h);
    assert!(!text.to_lowercase().contains("colonel"), "{text}");
    let zh = all_text_zh(&mut h);
    assert!(!zh.contains(Rank::Colonel.zh()), "{zh}");
    // And the same with the mines rule: the wording is the rule's, never the piece's.
    h.state_mut().settings.rules.flag_takers = FlagTakers::Any;
    h.state_mut().settings.rules.flag_needs_mines_cleared = true;
    click(&mut h, "Referee menu");
    click(&mut h, "Cancel");
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Seat::Blue, Rank::General, Rank::Flag);
    shown(
        &h,
        "Not allowed: the flag cannot be attacked while its owner still has mines. Take the move back on the board.",
    );
    assert!(!all_text(&h).contains("General"));
    assert!(!all_text_zh(&mut h).contains(Rank::General.zh()));
}

#[test]
fn judge_losses_by_rank_need_both_players_and_are_noted() {
    // Once, either player could tick "show the losses by rank" while the other looked away.
    let (_dir, mut h) = common::wide_window();
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Seat::Red, Rank::Colonel, Rank::Major);
    click(
        &mut h,
        "Show the losses by rank (every player will see them)",
    );
    // Nothing shown yet: both players must agree.
    assert!(!judge(&h).by_rank);
    no_rank_shown(&h);
    click(&mut h, "Red agrees");
    assert!(h.get_by_label("Show them").accesskit_node().is_disabled());
    no_rank_shown(&h);
    click(&mut h, "Blue agrees");
    click(&mut h, "Show them");
    assert!(judge(&h).by_rank);
    h.get_by_label("Major");
    let note = "After clash 1: every player agreed to show the losses by rank";
    shown(&h, note);
    assert_eq!(
        judge(&h).record.events.last(),
        Some(&JudgeEvent::ShowByRank)
    );
    // Hiding needs no consent; showing again asks again.
    click(&mut h, "Hide the losses by rank");
    assert!(!judge(&h).by_rank);
    no_rank_shown(&h);
    click(
        &mut h,
        "Show the losses by rank (every player will see them)",
    );
    click(&mut h, "Cancel");
    assert!(!judge(&h).by_rank);
    no_rank_shown(&h);
}

#[test]
fn tracked_game_after_resign_undo_needs_both_players_and_records_the_reveal() {
    // Once, a player could resign, see both formations, undo and play on, with no trace.
    let (_dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    click(&mut h, "Blue resigns");
    assert!(tracked(&h).game().status().is_over());
    click(&mut h, "Undo the last move (when everyone agrees)");
    // One click undoes nothing: both players must agree.
    assert!(tracked(&h).game().status().is_over());
    h.get_by_label_contains("The game is over and every formation has been shown");
    click(&mut h, "Red agrees");
    assert!(tracked(&h).game().status().is_over());
    click(&mut h, "Blue agrees");
    click(&mut h, "Undo now");
    let game = tracked(&h).game();
    assert!(!game.status().is_over());
    assert_eq!(game.plies().len(), 1, "only the resignation is undone");
    // The reveal stays in the record and the log.
    assert!(game.record().referee_view_used());
    assert_eq!(
        tracked_notes(game),
        vec![TrackedNote::Reopened {
            ply: 1,
            status: Status::Won(
                junqi::engine::Team::Red,
                junqi::engine::EndReason::Resignation
            ),
        }]
    );
    shown(
        &h,
        "The game ended (Red wins: resignation) and every formation was shown; every player agreed to undo and play on.",
    );
    no_rank_shown(&h);
    // An agreed draw is undone whole (offer and acceptance), again only with both players' consent.
    click(&mut h, "Draw by agreement");
    click(&mut h, "Undo the last move (when everyone agrees)");
    click(&mut h, "Cancel");
    assert!(tracked(&h).game().status().is_over());
    click(&mut h, "Undo the last move (when everyone agrees)");
    click(&mut h, "Red agrees");
    click(&mut h, "Blue agrees");
    click(&mut h, "Undo now");
    let game = tracked(&h).game();
    assert!(!game.status().is_over());
    assert_eq!(game.draw_offer(), None);
    assert_eq!(tracked_notes(game).len(), 2);
}

/// A tracked hidden game from a position (squares as `d11=r6`), on the referee screen.
fn tracked_from(h: &mut Harness<'static, JunqiApp>, rules: Rules, cells: &str) {
    let b = junqi::engine::Board::two_player();
    let mut grid = vec![String::from(".."); b.len()];
    for item in cells.split_whitespace() {
        let (name, cell) = item.split_once('=').unwrap();
        grid[b.node_by_name(name).unwrap() as usize] = cell.to_string();
    }
    let ranks: Vec<String> = (0..b.height)
        .rev()
        .map(|row| {
            (0..b.width)
                .map(|col| grid[b.node_at(col, row).unwrap() as usize].as_str())
                .collect()
        })
        .collect();
    let text = format!("{} r 0 0", ranks.join("/"));
    let game = Game::new(rules.clone(), Start::Position(text)).unwrap();
    let mut r = Referee::new(&rules, None);
    r.stage = Stage::Tracked(Box::new(Tracked::new(game, Seat::Red)));
    h.state_mut().screen = Screen::Referee(Box::new(r));
    h.run();
}

#[test]
fn tracked_flag_rule_refusal_is_announced_and_recorded_never_a_free_probe() {
    // The tracked game's path: a flag rule once answered before reachability, so clicking
    // each enemy HQ piece from anywhere found the flag, with no trace.
    let (_dir, mut h) = common::wide_window();
    let rules = Rules {
        mode: Mode::Hidden,
        flag_needs_mines_cleared: true,
        ..Rules::default()
    };
    tracked_from(
        &mut h,
        rules,
        "b12=b5 d12=bF e12=bM a10=b4 d11=r6 a1=r4 b1=rF",
    );
    let name = |h: &Harness<'static, JunqiApp>, n: &str| {
        tracked(h).game().board().node_by_name(n).unwrap()
    };
    // From far away, the flag and the other HQ piece answer alike: out of reach.
    let (a1, b12, d12, d11) = (
        name(&h, "a1"),
        name(&h, "b12"),
        name(&h, "d12"),
        name(&h, "d11"),
    );
    click_node(&mut h, a1);
    click_node(&mut h, d12);
    let to_flag = tracked(&h).message.clone().expect("refused");
    // (a1 stays selected after a refusal.)
    click_node(&mut h, b12);
    let to_other = tracked(&h).message.clone().expect("refused");
    let words = |e| public_reason(Lang::En, &e);
    assert_eq!(
        words(to_flag.clone()),
        words(to_other.clone()).replace("b12", "d12"),
        "the flag answers like any piece out of reach"
    );
    h.get_by_label(&words(to_other));
    assert!(tracked_notes(tracked(&h).game()).is_empty());
    assert!(!all_text(&h).contains("mines"));
    // Next to the flag, the rule refuses the attack: announced to both, logged and recorded.
    click_node(&mut h, d11);
    click_node(&mut h, d12);
    let line = "Red attacked d12, the flag: refused, Blue still has mines; Red moves again";
    // In the status line, the banner and the log.
    assert!(h.get_all_by_label(line).count() >= 2, "{}", all_text(&h));
    let game = tracked(&h).game();
    assert!(game.plies().is_empty());
    assert_eq!(game.refusals().len(), 1);
    assert!(
        game.record()
            .actions
            .contains(&junqi::engine::Action::Refused("d11-d12".into()))
    );
    // It stays in the saved record.
    let again = Game::from_ron(&game.to_ron()).unwrap();
    assert_eq!(again.refusals(), game.refusals());
    no_rank_shown(&h);
}

/// The autosaves hold both formations (or every clash's pieces): readable by the owner only.
fn private_file(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}", path.display());
    }
}

fn referee_dir(dir: &Path) -> std::path::PathBuf {
    dir.join("games").join("referee")
}

#[test]
fn a_killed_app_offers_to_resume_the_tracked_game() {
    // Once, kill -9 after a move and the tracked game was gone.
    let (dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    let position = tracked(&h).game().position().notation();
    let start = tracked(&h).game().record().start.clone();
    // No orderly shutdown: the harness is simply dropped, as after `kill -9`.
    drop(h);
    assert!(referee_dir(dir.path()).join("tracked.ron").exists());
    private_file(&referee_dir(dir.path()).join("tracked.ron"));

    let mut h = harness(dir.path());
    assert!(matches!(h.state().screen, Screen::Home));
    h.get_by_label("An unfinished tracked game was saved");
    h.get_by_label_contains("Tracked game, 1 turn played, Blue to move");
    // The played game's offer is not confused with it.
    assert!(h.query_by_label("Resume").is_none());
    no_rank_shown(&h);
    click(&mut h, "Resume the tracked game");
    let game = tracked(&h).game();
    assert_eq!(game.position().notation(), position);
    assert_eq!(game.record().start, start);
    h.get_by_label_contains("Blue to move");
    no_rank_shown(&h);
    // Play on: the next move is saved too.
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    drop(h);
    let mut h = harness(dir.path());
    h.get_by_label_contains("Tracked game, 2 turns played, Red to move");
    // Leaving the tracked game for the first screen keeps it on offer there.
    click(&mut h, "Resume the tracked game");
    click(&mut h, "Home");
    h.get_by_label("An unfinished tracked game was saved");
    // Discard moves it to the recent games (nothing is deleted).
    click(&mut h, "Discard the tracked game");
    assert!(h.query_by_label("Resume the tracked game").is_none());
    assert!(!referee_dir(dir.path()).join("tracked.ron").exists());
    h.get_by_label_contains(" · 2 moves · unfinished · ");
}

#[test]
fn a_finished_tracked_game_goes_to_the_recent_games() {
    let (dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    click(&mut h, "Red resigns");
    drop(h);
    let h = harness(dir.path());
    assert!(h.query_by_label("Resume the tracked game").is_none());
    h.get_by_label_contains(" · 1 move · Blue won · ");
    assert!(!referee_dir(dir.path()).join("tracked.ron").exists());
}

#[test]
fn a_killed_app_restores_the_clash_judges_tally() {
    // The clash judge's running tally (losses, flags shown, clashes) survives a crash.
    let (dir, mut h) = common::wide_window();
    open_referee(&mut h, "Clash judge");
    clash(&mut h, Seat::Red, Rank::Colonel, Rank::Major);
    clash(&mut h, Seat::Blue, Rank::Bomb, Rank::Marshal);
    click(
        &mut h,
        "Show the losses by rank (every player will see them)",
    );
    click(&mut h, "Red agrees");
    click(&mut h, "Blue agrees");
    click(&mut h, "Show them");
    let log: Vec<_> = judge(&h).log.clone();
    drop(h);
    assert!(referee_dir(dir.path()).join("judge.ron").exists());
    private_file(&referee_dir(dir.path()).join("judge.ron"));

    let mut h = harness(dir.path());
    h.get_by_label("An unfinished clash judge tally was saved");
    h.get_by_label_contains("2 clashes judged; lost so far: Red 1 piece, Blue 2 pieces");
    click(&mut h, "Resume the clash judge");
    let j = judge(&h);
    assert_eq!(j.judge.clashes(), 2);
    assert_eq!(j.judge.lost(Seat::Blue, Rank::Major), 1);
    assert_eq!(j.judge.lost(Seat::Red, Rank::Marshal), 1);
    assert!(j.by_rank);
    assert_eq!(j.log, log);
    shown(
        &h,
        "Clash 2 (Blue attacked): Both pieces leave the board. Red's field marshal is gone: Red must show its flag",
    );
    // The next clash carries on from there.
    clash(&mut h, Seat::Red, Rank::Engineer, Rank::Captain);
    assert_eq!(judge(&h).judge.clashes(), 3);
    drop(h);
    let mut h = harness(dir.path());
    h.get_by_label_contains("3 clashes judged");
    click(&mut h, "Discard the tally");
    assert!(h.query_by_label("Resume the clash judge").is_none());
    assert!(!referee_dir(dir.path()).join("judge.ron").exists());
}

#[test]
fn an_unreadable_referee_autosave_is_set_aside_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(referee_dir(dir.path())).unwrap();
    std::fs::write(
        referee_dir(dir.path()).join("judge.ron"),
        "(version: 1, rules: oops",
    )
    .unwrap();
    let h = harness(dir.path());
    assert!(h.query_by_label("Resume the clash judge").is_none());
    h.get_by_label_contains("judge.ron");
    assert!(!referee_dir(dir.path()).join("judge.ron").exists());
}

#[test]
fn tracked_game_takeback_needs_both_players_and_is_noted() {
    let (_dir, mut h) = common::wide_window();
    enter_formations(&mut h);
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    let mv = tracked(&h).game().plies()[0]
        .turn
        .unwrap()
        .notation(tracked(&h).game().board());
    click(&mut h, "Undo the last move (when everyone agrees)");
    h.get_by_label("Undo the last move only if every player agrees.");
    assert_eq!(tracked(&h).game().plies().len(), 1);
    click(&mut h, "Blue agrees");
    click(&mut h, "Red agrees");
    click(&mut h, "Undo now");
    let game = tracked(&h).game();
    assert!(game.plies().is_empty());
    assert_eq!(
        tracked_notes(game),
        vec![TrackedNote::TakenBack {
            ply: 0,
            turn: mv.clone()
        }]
    );
    shown(
        &h,
        &format!("Turn 1 ({mv}) taken back with every player's consent"),
    );
}

/// One four-player clash on the pad: the attacker presses its seat, the seat attacked is chosen,
/// the attacker enters, hands over, the defender enters.
fn clash4(h: &mut Harness<'static, JunqiApp>, attacker: Seat, defender: Seat, a: Rank, d: Rank) {
    click(h, &format!("{} attacks", attacker.en()));
    h.get_by_label(&format!("{} attacks: who defends?", attacker.en()));
    click(h, defender.en());
    h.get_by_label_contains(&format!(
        "{}: enter your piece privately — everyone else, look away",
        attacker.en()
    ));
    click(h, &pad_label(Lang::En, a));
    assert!(h.query_by_label(&pad_label(Lang::En, a)).is_none());
    h.get_by_label(&format!("{}'s piece is received.", attacker.en()));
    click(h, &format!("I am {}: show my pad", defender.en()));
    click(h, &pad_label(Lang::En, d));
}

#[test]
fn four_player_clash_judge_through_the_window() {
    let (_dir, mut h) = common::wide_window();
    click(&mut h, "Referee for a physical board");
    click(&mut h, "Four players (四国)");
    click(&mut h, "Clash judge");
    assert!(judge(&h).judge.is_four());
    h.get_by_label("Lost so far: South 0, East 0, North 0, West 0");
    // Only the attacker's opponents are offered as the seat attacked (never the partner).
    click(&mut h, "South attacks");
    h.get_by_label("East");
    h.get_by_label("West");
    assert!(h.query_by_label("North").is_none());
    click(&mut h, "Cancel this clash");

    clash4(&mut h, Seat::South, Seat::West, Rank::Colonel, Rank::Major);
    shown(
        &h,
        "Clash 1 (South attacked West): The defender's piece leaves the board",
    );
    h.get_by_label("Lost so far: South 0, East 0, North 0, West 1");
    no_rank_shown(&h);
    // An impossible claim is refused per seat: East has only three engineers.
    for _ in 0..3 {
        clash4(
            &mut h,
            Seat::East,
            Seat::North,
            Rank::Engineer,
            Rank::Captain,
        );
    }
    click(&mut h, "East attacks");
    click(&mut h, "South");
    click(&mut h, &pad_label(Lang::En, Rank::Engineer));
    h.get_by_label_contains("Refused: East has none of that piece left on the board");
    click(&mut h, "Cancel this clash");
    no_rank_shown(&h);

    // North takes West's flag: West is out, the game goes on.
    clash4(&mut h, Seat::North, Seat::West, Rank::Major, Rank::Flag);
    shown(
        &h,
        "Clash 5 (North attacked West): The flag is taken. West is out: the flag was taken; all their pieces leave the board",
    );
    h.get_by_label("West out");
    assert!(h.query_by_label("West attacks").is_none());
    no_rank_shown(&h);
    // East resigns: both of East and West are out, South and North win.
    click(&mut h, "East resigns");
    shown(&h, "South and North win: resignation");
    assert!(h.query_by_label("South attacks").is_none());
    // The tally survives: the autosaved record reads back as a four-player table.
    let t = judge(&h);
    assert_eq!(t.judge.clashes(), 5);
    assert_eq!(t.lost_total(Seat::East), 3);
}

#[test]
fn a_killed_app_restores_a_four_player_clash_judges_tally() {
    let (dir, mut h) = common::wide_window();
    click(&mut h, "Referee for a physical board");
    click(&mut h, "Four players (四国)");
    click(&mut h, "Clash judge");
    clash4(&mut h, Seat::West, Seat::South, Rank::Colonel, Rank::Major);
    clash4(&mut h, Seat::North, Seat::East, Rank::Engineer, Rank::Flag);
    let log: Vec<_> = judge(&h).log.clone();
    drop(h);
    private_file(&referee_dir(dir.path()).join("judge.ron"));

    let mut h = harness(dir.path());
    h.get_by_label_contains(
        "Four players: 2 clashes judged; lost so far: South 1, East 1, North 0, West 0",
    );
    click(&mut h, "Resume the clash judge");
    let j = judge(&h);
    assert!(j.judge.is_four());
    assert!(j.judge.is_out(Seat::East));
    assert_eq!(j.log, log);
    h.get_by_label("East out");
    clash4(
        &mut h,
        Seat::South,
        Seat::West,
        Rank::Captain,
        Rank::Captain,
    );
    assert_eq!(judge(&h).judge.clashes(), 3);
}

/// Four players enter their formations (Random in the editor), each behind the curtain, with the
/// leak checker after every step.
fn enter_four_formations(h: &mut Harness<'static, JunqiApp>) {
    click(h, "Referee for a physical board");
    click(h, "Four players (四国)");
    click(h, "Tracked game");
    for (i, seat) in Seat::FOUR.into_iter().enumerate() {
        h.get_by_label(&format!(
            "{}: enter your formation — everyone else, look away",
            seat.en()
        ));
        for earlier in &Seat::FOUR[..i] {
            h.get_by_label(&format!("{}'s formation is in.", earlier.en()));
        }
        common::leak::click(h, &format!("I am {}: continue", seat.en()));
        click(h, "Enter it in the formation editor…");
        click(h, "Random");
        click(h, "Use in game");
        common::leak::assert_no_leak(h);
    }
    assert!(tracked(h).game().board().is_four());
}

/// Click a turn on the tracked board, checking for leaks after each click.
fn play_checked(h: &mut Harness<'static, JunqiApp>, from: NodeId, to: NodeId) {
    click_node(h, from);
    common::leak::assert_no_leak(h);
    click_node(h, to);
    common::leak::assert_no_leak(h);
}

#[test]
fn four_player_tracked_game_mirrors_moves_and_a_clash_without_leaks() {
    let (_dir, mut h) = common::wide_window();
    enter_four_formations(&mut h);
    h.get_by_label("All four formations are in: set up the real board. South moves first.");
    h.get_by_label("Lost so far: South 0, East 0, North 0, West 0");
    assert_eq!(tracked(&h).bottom, Seat::South);
    no_rank_shown(&h);
    // A few plain moves, one per player in turn order.
    for seat in Seat::FOUR {
        assert_eq!(tracked(&h).mover(), seat);
        let (from, to) = plain_move(&h);
        play_checked(&mut h, from, to);
    }
    assert_eq!(tracked(&h).game().plies().len(), 4);
    // An illegal move is refused with the reason, and nothing moves.
    let game = tracked(&h).game();
    let partner_piece = (0..game.board().len() as NodeId)
        .find(|n| {
            game.position()
                .at(*n)
                .is_some_and(|p| p.side() == Seat::North)
        })
        .unwrap();
    click_node(&mut h, partner_piece);
    let why = tracked(&h).message.clone().expect("a reason");
    h.get_by_label(&public_reason(Lang::En, &why));
    common::leak::assert_no_leak(&h);
    assert_eq!(tracked(&h).game().plies().len(), 4);
    // Then a clash: the first attack on an enemy piece that comes up (plain moves until then).
    let mut clashed = false;
    for _ in 0..40 {
        let game = tracked(&h).game();
        let pos = game.position();
        let attack = pos
            .legal_turns(game.rules())
            .into_iter()
            .find_map(|t| match t {
                Turn::Move { from, to } if pos.at(to).is_some() => Some((from, to)),
                _ => None,
            });
        let (from, to) = attack.unwrap_or_else(|| plain_move(&h));
        play_checked(&mut h, from, to);
        if attack.is_some() {
            clashed = true;
            break;
        }
    }
    assert!(clashed, "no clash came up");
    let game = tracked(&h).game();
    let n = game.plies().len();
    let mv = game.plies()[n - 1].turn.unwrap().notation(game.board());
    let mover = game.plies()[n - 1]
        .report
        .as_ref()
        .unwrap()
        .mover
        .side()
        .unwrap();
    let line = format!("Turn {n}: {} {mv}: ", mover.en());
    assert!(
        h.query_all_by_label_contains(&line).next().is_some(),
        "{line:?} not announced"
    );
    no_rank_shown(&h);
}

#[test]
fn four_player_tracked_game_puts_players_out_and_ends_with_a_team_result() {
    let (dir, mut h) = common::wide_window();
    enter_four_formations(&mut h);
    let (from, to) = plain_move(&h);
    play_checked(&mut h, from, to);
    // East resigns: East is out, its pieces leave the board; the game goes on.
    common::leak::click(&mut h, "East resigns");
    shown(
        &h,
        "East is out: resignation; all their pieces leave the board",
    );
    // Said once, in the play screen's banner (and the event log), not again as a tag.
    assert!(h.query_by_label("East out").is_none());
    assert!(!tracked(&h).game().status().is_over());
    assert_eq!(tracked(&h).game().position().pieces(Seat::East).count(), 0);
    // The game is autosaved and resumes as a four-player tracked game.
    drop(h);
    let mut h = harness(dir.path());
    click(&mut h, "Resume the tracked game");
    assert!(tracked(&h).game().board().is_four());
    assert!(tracked(&h).is_out(Seat::East));
    common::leak::assert_no_leak(&h);
    // West resigns too: South and North win.
    common::leak::click(&mut h, "West resigns");
    shown(&h, "South and North win: resignation");
}

#[test]
fn a_tracked_game_sounds_its_moves_and_clashes_from_the_public_reports() {
    let (_dir, mut h) = common::wide_window();
    let rec = junqi::app::sound::Recording::default();
    h.state_mut().sound = Box::new(rec.clone());
    h.state_mut().settings.sounds = true;
    enter_formations(&mut h);
    assert_eq!(rec.sounds(), vec![], "entering the formations is silent");
    let (from, to) = plain_move(&h);
    click_node(&mut h, from);
    click_node(&mut h, to);
    assert_eq!(rec.sounds(), vec![junqi::app::sound::Sound::Move]);
    // On to the first attack: it sounds as the report says (a clash, or a flag shown, or the end).
    for _ in 0..200 {
        let (from, to, attack) = {
            let game = tracked(&h).game();
            let pos = game.position();
            let legal = pos.legal_turns(game.rules());
            let turn = legal
                .iter()
                .copied()
                .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_some()))
                .or_else(|| legal.first().copied())
                .expect("a legal turn");
            let Turn::Move { from, to } = turn else {
                panic!("hidden mode has only moves")
            };
            (from, to, pos.at(to).is_some())
        };
        click_node(&mut h, from);
        click_node(&mut h, to);
        let game = tracked(&h).game();
        let report = game.plies().last().unwrap().report.as_ref().unwrap();
        let expected = junqi::app::sound::turn_sound(report);
        assert_eq!(rec.sounds().last(), Some(&expected));
        assert_eq!(rec.sounds().len(), game.plies().len(), "one sound a turn");
        if attack {
            assert_ne!(expected, junqi::app::sound::Sound::Move);
            return;
        }
    }
    panic!("no clash in 200 turns");
}

// ----- the same play screen ---------------------------------------------------------------------

use junqi::app::Session;
use junqi::app::session::Looker;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{ClashOutcome, Formation};
use junqi::i18n::{self, fill};

/// A hidden two-player (or four-player) game from random formations, and `plies` of its turns chosen so that
/// every clash is one whose outcome tells nothing but what leaves the board (no dug mine, no
/// flag shown): every third turn the first such attack of the side to move, else its first
/// plain move. At least one turn is a clash.
fn turns_with_plain_clashes(plies: usize, four: bool) -> (Game, Vec<Turn>) {
    let rules = Rules::for_mode(Mode::Hidden);
    let f: Vec<Formation> = (3..7)
        .map(|seed| Formation::random(&mut SplitMix64::new(seed), &rules))
        .collect();
    let deal = if four {
        Start::four_formations([&f[0], &f[1], &f[2], &f[3]])
    } else {
        Start::formations(&f[0], &f[1])
    };
    let start = Game::new(rules, deal).unwrap();
    let mut game = start.clone();
    let mut turns = Vec::new();
    while turns.len() < plies {
        let pos = *game.position();
        let legal = pos.legal_turns(game.rules());
        let plain_clash = |t: &Turn| {
            let Turn::Move { to, .. } = *t else {
                return false;
            };
            if pos.at(to).is_none() {
                return false;
            }
            let mut after = game.clone();
            after.play(*t).unwrap();
            let report = after.plies().last().unwrap().report.clone().unwrap();
            !after.status().is_over()
                && report.clash != Some(ClashOutcome::MineDug)
                && report.flags_revealed().next().is_none()
        };
        let attack = turns.len() % 3 == 2;
        let turn =
            (legal.iter().copied().filter(|_| attack).find(plain_clash)).unwrap_or_else(|| {
                let (from, to) = common::plain_move(&game);
                Turn::Move { from, to }
            });
        game.play(turn).unwrap();
        turns.push(turn);
    }
    assert!(
        game.plies()
            .iter()
            .any(|p| p.report.as_ref().unwrap().clash.is_some()),
        "no clash in {plies} turns"
    );
    (start, turns)
}

/// What the play screen's shared parts show, from the labels on screen in order: the turn facts
/// (to move, the mover, the turn, the quiet turns and the turns left; or how the game ended),
/// the move list and the event log (its `events` lines).
fn play_parts_shown(texts: &[String], lang: Lang, game: &Game, events: usize) -> Vec<String> {
    let at = |t: &str| {
        texts
            .iter()
            .position(|x| x == t)
            .unwrap_or_else(|| panic!("{t:?} not on screen: {texts:?}"))
    };
    let mut out = Vec::new();
    match junqi::app::words::status_text(game.status(), lang) {
        None => {
            let k = at(lang.t(&i18n::TO_MOVE));
            let mover = game.position().side_to_move().unwrap();
            let turn = fill(
                lang.t(&i18n::TURN),
                &[("n", &(game.plies().len() + 1).to_string())],
            );
            assert_eq!(texts[k + 1], lang.side(mover), "{texts:?}");
            assert_eq!(texts[k + 2], turn, "{texts:?}");
            out.extend(texts[k..k + 5].iter().cloned());
        }
        Some(end) => out.push(texts[at(&end)].clone()),
    }
    let (moves, log) = (at(lang.t(&i18n::MOVES)), at(lang.t(&i18n::EVENTS)));
    assert_eq!(log - moves - 1, game.plies().len(), "{texts:?}");
    out.extend(texts[moves..=log + events].iter().cloned());
    out
}

/// The same turns of a hidden game, clicked on the referee's tracked game and shown on one
/// screen (the hand-over curtain down: nobody in particular looks), show the play screen's shared
/// parts label for label: the turn facts, the move list and the event log; and again once the
/// player to move resigns on both, with how the game ended; in English and in Chinese.
#[test]
fn the_tracked_game_shows_the_same_play_parts_as_the_one_screen_game() {
    same_play_parts(false);
}

/// Four players: the same, and after the player to move resigns the game goes on (that player
/// is out, on both screens alike).
#[test]
fn a_four_player_tracked_game_shows_the_same_play_parts_as_the_one_screen_game() {
    same_play_parts(true);
}

fn same_play_parts(four: bool) {
    let (start, turns) = turns_with_plain_clashes(9, four);
    let (_dir, mut tr) = common::wide_window();
    let mut r = Referee::new(start.rules(), None);
    r.stage = Stage::Tracked(Box::new(Tracked::new(start.clone(), Seat::Red)));
    tr.state_mut().screen = Screen::Referee(Box::new(r));
    tr.run();
    for &t in &turns {
        let Turn::Move { from, to } = t else {
            panic!("hidden mode has only moves")
        };
        click_node(&mut tr, from);
        click_node(&mut tr, to);
    }
    let game = tracked(&tr).game().clone();
    assert_eq!(game.plies().len(), turns.len());
    no_rank_shown(&tr);
    let (_dir1, mut one) = common::wide_window();
    one.state_mut().show_game(Session::new(game.clone()));
    common::leak::run_checked(&mut one);
    let compare = |tr: &mut Harness<'static, JunqiApp>,
                   one: &mut Harness<'static, JunqiApp>,
                   game: &Game,
                   looker: Looker| {
        for lang in [Lang::En, Lang::Zh] {
            let events = junqi::app::words::events(game, lang, looker).len();
            let mut shown = Vec::new();
            for h in [&mut *tr, &mut *one] {
                h.state_mut().settings.lang = lang;
                h.run();
                let texts = crate::app_one_table::labels(h);
                shown.push(play_parts_shown(&texts, lang, game, events));
            }
            assert_eq!(shown[0], shown[1], "{lang:?}");
        }
    };
    compare(&mut tr, &mut one, &game, Looker::Nobody);
    // The player to move resigns on both screens (on one screen after lifting the curtain).
    let mover = game.position().side_to_move().unwrap();
    for h in [&mut tr, &mut one] {
        h.state_mut().settings.lang = Lang::En;
        h.run();
    }
    common::leak::click(&mut tr, &format!("{} resigns", mover.en()));
    one.get_by_label_contains(&format!("{} to move — press", mover.en()))
        .click();
    common::leak::run_checked(&mut one);
    click(&mut one, "Resign");
    click(&mut one, "Yes, resign");
    let after = tracked(&tr).game().clone();
    let Screen::Play(s) = &one.state().screen else {
        panic!("not the play screen")
    };
    assert_eq!(s.game().status(), after.status());
    assert_eq!(after.status().is_over(), !four);
    let looker = match after.free_sight(junqi::engine::Viewer::Referee, None) {
        Some(sight) => Looker::All(sight),
        None => Looker::Nobody,
    };
    compare(&mut tr, &mut one, &after, looker);
}
