//! The end rules in the search: the quiet counter (under `quiet_loses` the side that makes the
//! limit's last quiet turn loses) and "no legal turn loses" (a side left with only pieces that
//! cannot move — mines, the flag, pieces held in an HQ — has lost).

use super::{AiPlayer, Player};
use crate::engine::rng::SplitMix64;
use crate::engine::{Game, Mode, Position, Rules, Seat, Start, Viewer};

fn ccgc(mode: Mode) -> Rules {
    Rules {
        mode,
        ..Rules::ccgc()
    }
}

/// Red's choice in `notation` (Red to move) at a fixed depth, from Red's view.
fn choice(notation: &str, rules: &Rules, depth: u32, samples: usize) -> String {
    let game = Game::new(rules.clone(), Start::Position(notation.into())).unwrap();
    let view = game.view(Viewer::Side(Seat::Red));
    let mut p = AiPlayer::fixed_depth(depth, samples);
    p.choose(&view, rules, &mut SplitMix64::new(7))
        .unwrap()
        .notation(view.board())
}

/// Red's lieutenant on c6 can attack Blue's brigadier on c7 (and lose): the only clash Red has.
/// Blue's brigadier can step into the camp on b8 or d8, where nothing attacks it.
fn lone_clash(quiet: u32) -> String {
    format!(
        "bMbFbM..../........../........../........../........../....b6..../....r2..../........../..r3....../........../........../rMrFrM.... r {quiet} 60"
    )
}

/// Three quiet turns left under the CCGC rules (the 31st quiet turn loses), Red to move: if Red
/// moves quietly, Blue steps into a camp and Red, on the 31st, has no clash left and loses. So
/// Red gives up its lieutenant now (c6-c7): the clash resets the counter. The search sees the
/// 31st turn only past its horizon at depth 2; before the quiet counter was part of the
/// quiescence search it kept its lieutenant and lost.
#[test]
fn clashes_before_the_quiet_limit_past_the_horizon() {
    for mode in [Mode::Open, Mode::Hidden] {
        let t = choice(&lone_clash(28), &ccgc(mode), 2, 4);
        assert_eq!(t, "c6-c7", "{mode:?}");
    }
}

/// One quiet turn left (the next quiet turn is the 31st): Red clashes, the only turn that does
/// not lose at once.
#[test]
fn clashes_on_the_last_quiet_turn() {
    for mode in [Mode::Open, Mode::Hidden] {
        for depth in [1, 2] {
            let t = choice(&lone_clash(30), &ccgc(mode), depth, 4);
            assert_eq!(t, "c6-c7", "{mode:?} depth {depth}");
        }
    }
}

/// Under the default rules the same position draws at the quiet limit: Red is not bound to give
/// up its lieutenant, and does not.
#[test]
fn the_default_quiet_limit_draws() {
    let rules = Rules {
        mode: Mode::Open,
        quiet_limit: 31,
        ..Rules::default()
    };
    let t = choice(&lone_clash(28), &rules, 2, 1);
    assert_ne!(t, "c6-c7");
}

/// Red's last piece free to move is its bomb on c6; its captain stands in the HQ on d1 and never
/// moves. Taking Blue's marshal on c7 is worth a marshal for a bomb, but leaves Red no legal
/// turn: a lost game. Red keeps the bomb. At depth 1 the loss lies past the horizon
/// (Blue moves before Red finds it has no turn); before the evaluation counted the pieces free to
/// move, the search took the bomb there.
#[test]
fn keeps_its_last_movable_piece() {
    let pos = "bMbFbM..../........../........../........../........b5/....b9..../....rB..../........../........../........../........../rMrFrMr3.. r 0 60";
    let rules = Rules {
        mode: Mode::Open,
        ..Rules::default()
    };
    assert!(Position::from_notation(pos, &rules).is_ok());
    for depth in [1, 2, 3] {
        let t = choice(pos, &rules, depth, 1);
        assert_ne!(t, "c6-c7", "depth {depth}");
    }
}
