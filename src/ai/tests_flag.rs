//! Flag defence: an enemy engineer raiding the HQ along the railway must be parried, at the
//! depths the computer's searches reach (the second pass of a hidden-mode decision runs at 3).

use super::eval::{flag_danger, flag_in_check};
use super::{AiPlayer, Player};
use crate::engine::rng::SplitMix64;
use crate::engine::{Game, Mode, Position, Rules, Seat, Start, Turn, Viewer};

/// Red's flag on b1 behind mines on a1, c1 and b2; Red's marshal on c6 may take Blue's general
/// on c7 for nothing (the bait). Blue's engineer on a7 can fly down file a to a2 (beside the mine
/// on a1) and on along rank 2 onto the mine on b2.
fn raid(rank3: &str, rank2: &str) -> String {
    format!(
        "..bF....../........../........../........../........../b1..b8..../....r9..../........../........../{rank3}/{rank2}/rMrFrM.... r 0 40"
    )
}

fn open_choice(notation: &str, depth: u32) -> String {
    let rules = Rules::default();
    let pos = Position::from_notation(notation, &rules).unwrap();
    let view = pos.view(&rules, Viewer::Side(Seat::Red));
    let mut p = AiPlayer::fixed_depth(depth, 1);
    p.choose(&view, &rules, &mut SplitMix64::new(3))
        .unwrap()
        .notation(view.board())
}

/// One turn away: the engineer flies onto the mine on b2 and digs it (then b2 takes b1). Nothing
/// of Red's could take it on b2 afterwards, so Red must cover b2 now (c3-b3 or c3-c2) or close
/// file a with the marshal (c6-a6), not take the general.
#[test]
fn parries_an_engineer_one_turn_from_the_flag() {
    let pos = raid("....r2....", "..rM......");
    for depth in [2, 3] {
        let t = open_choice(&pos, depth);
        assert!(
            ["c3-b3", "c3-c2", "c6-a6"].contains(&t.as_str()),
            "depth {depth}: {t}"
        );
    }
}

/// Two turns away: Red's captain on d2 answers a dig on b2 along rank 2, but not the other raid —
/// the engineer flies to a2 now, digs a1 next and takes the flag after. Red must cover a2 now
/// (c3-b3) or close file a (c6-a6).
#[test]
fn parries_an_engineer_two_turns_from_the_flag() {
    let pos = raid("....r2....", "..rM..r3..");
    for depth in [3, 4] {
        let t = open_choice(&pos, depth);
        assert!(
            ["c3-b3", "c6-a6"].contains(&t.as_str()),
            "depth {depth}: {t}"
        );
    }
}

/// The same raid in hidden mode: Blue's general steps to c7 (so it is no flag: Blue's flag can
/// only be its one piece that never moved), and its engineer shows what it is by turning on the
/// railway (e11 along rank 11 and down file a to a7). Red, knowing only that, parries.
#[test]
fn parries_a_known_engineer_in_hidden_mode() {
    let rules = Rules::for_mode(Mode::Hidden);
    let start = "..bF....../........b1/........../........../........../......b8../....r9..../........../......r3../....r2..../..rM..r3../rMrFrM.... b 0 40";
    let mut game = Game::new(rules.clone(), Start::Position(start.into())).unwrap();
    let mut red = AiPlayer::fixed_depth(3, 6);
    let board = game.position().board();
    for (from, to) in [("d7", "c7"), ("d4", "d5"), ("e11", "a7")] {
        let turn = Turn::Move {
            from: board.node_by_name(from).unwrap(),
            to: board.node_by_name(to).unwrap(),
        };
        let report = game.play(turn).unwrap().report.clone().unwrap();
        red.observe(&report, &game.view(Viewer::Side(Seat::Red)));
    }
    let view = game.view(Viewer::Side(Seat::Red));
    let t = red
        .choose(&view, &rules, &mut SplitMix64::new(5))
        .unwrap()
        .notation(view.board());
    assert!(["c3-b3", "c6-a6"].contains(&t.as_str()), "{t}");
}

/// The engineer beside the HQ after digging a guard mine: the flag is in check. The danger
/// counts a raider that can reach a guard square, twice when nothing of Red's stands beside it.
#[test]
fn flag_check_and_danger() {
    let rules = Rules::default();
    let dug = "..bF....../........../........../........../........../........../........../........../........../........../..b1....../rMrFrM.... r 0 40";
    let dug = Position::from_notation(dug, &rules).unwrap();
    assert!(flag_in_check(&dug, &rules, Seat::Red));
    assert!(!flag_in_check(&dug, &rules, Seat::Blue));
    let at = |rank3: &str| {
        let pos = Position::from_notation(&raid(rank3, "..rM......"), &rules).unwrap();
        (
            flag_danger(&pos, &rules, Seat::Red),
            flag_danger(&pos, &rules, Seat::Blue),
        )
    };
    assert_eq!(at(".........."), (60, 0), "nothing beside b2");
    assert_eq!(
        at("..r2......"),
        (30, 0),
        "a lieutenant on b3 answers on b2"
    );
}
