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
/// move, the search took the bomb there. In hidden mode Red does not know what stands on c7, but a
/// bomb's attack removes the bomb whatever it meets.
#[test]
fn keeps_its_last_movable_piece() {
    let pos = "bMbFbM..../........../........../........../........b5/....b9..../....rB..../........../........../........../........../rMrFrMr3.. r 0 60";
    for mode in [Mode::Open, Mode::Hidden] {
        let rules = Rules {
            mode,
            ..Rules::default()
        };
        assert!(Position::from_notation(pos, &rules).is_ok());
        for depth in [1, 2, 3] {
            let t = choice(pos, &rules, depth, 4);
            assert_ne!(t, "c6-c7", "{mode:?} depth {depth}");
        }
    }
}

/// Red's deals of Blue's pieces after `turns` played from `start` under the CCGC rules: how many
/// of 400 (seed 11) make the piece on `at` a `rank`, and whether each turn was a clash.
fn dealt_after(
    start: &str,
    turns: &[(&str, &str)],
    at: &str,
    rank: crate::engine::Rank,
) -> (usize, Vec<bool>) {
    use super::belief::Belief;
    use crate::engine::Turn;
    let rules = Rules::ccgc();
    let mut game = Game::new(rules.clone(), Start::Position(start.into())).unwrap();
    let mut belief = Belief::default();
    belief.start(&game.view(Viewer::Side(Seat::Red)), &rules, Seat::Red);
    let board = game.position().board();
    let n = |s: &str| board.node_by_name(s).unwrap();
    let mut clashes = Vec::new();
    for &(from, to) in turns {
        let turn = Turn::Move {
            from: n(from),
            to: n(to),
        };
        let report = game.play(turn).unwrap().report.clone().unwrap();
        clashes.push(report.clash.is_some());
        belief.observe(&report, &game.view(Viewer::Side(Seat::Red)), &rules);
    }
    let deals = belief.samples(400, false, &mut SplitMix64::new(11));
    let dealt = (deals.iter())
        .filter(|d| d.iter().any(|&(x, r)| x == n(at) && r == rank))
        .count();
    (dealt, clashes)
}

/// Blue's deals after `turns` from `STALKED`, Red's view: how many of 400 make the piece on
/// `at` a bomb.
fn bombs_dealt_after(turns: [(&str, &str); 2], at: &str) -> usize {
    dealt_after(STALKED, &turns, at, crate::engine::Rank::Bomb).0
}

/// Red's marshal on e7, in Blue's front line; Red's bomb in the camp on c9 beside Blue's marshal
/// on b9; Blue's major on d9, two steps from Red's marshal (through the camp on d8).
const STALKED: &str = "bMbFbM..../......b3../b2......../..b9rBb4../........../........r9/........../........../........../r3......../........../rMrFrM.... r 0 40";

/// Once the enemy's marshal is known gone (Red's bomb takes it and Blue's flag is shown), a
/// piece that steps up to Red's marshal, which beats everything else it may be, is most often
/// a bomb: Blue's piece from d9 that steps into the camp on d8, from where it can attack e7, is
/// dealt a bomb in 139 of 400 deals (53 without the stalker's weight). While
/// Blue's marshal may still be that piece, the same step says nothing of a bomb (43).
#[test]
fn a_piece_that_steps_up_to_an_unopposed_marshal_is_dealt_a_bomb() {
    let stalked = bombs_dealt_after([("c9", "b9"), ("d9", "d8")], "d8");
    assert!(stalked > 100, "{stalked} of 400");
    let marshal_alive = bombs_dealt_after([("a3", "a4"), ("d9", "d8")], "d8");
    assert!(marshal_alive < 70, "{marshal_alive} of 400");
}

/// The start of NOTATION.md's example game, except that Red's marshal stands in Blue's camp on
/// b10 (from d4): beside it Blue's pieces on a11, b11 and c11 (Blue's second line, where mines
/// may stand) and on a10, c10, a9 and b9 (lines 3 and 4: never a mine).
const MARSHAL_IN_THE_CAMP: &str = "b2b1bMbFbM/b3bBb5bMb7/b4r9b6..b1/b2b9..bBb8/b4..b1..b5/b3b6b2b7b3/r3r7r2r6r3/r5..r1..r4/r8rB....r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";

/// The risk of the unknown: from the camp, the marshal's attacks on Blue's second line (a mine
/// is a third of the pieces that may stand there, before anything is known) pay a penalty; its
/// attacks on lines 3 and 4 (only bombs, about one piece in ten) pay none.
#[test]
fn the_marshal_pays_for_the_mines_it_may_hit() {
    let rules = Rules::ccgc();
    let game = Game::new(rules.clone(), Start::Position(MARSHAL_IN_THE_CAMP.into())).unwrap();
    let view = game.view(Viewer::Side(Seat::Red));
    let mut p = AiPlayer::new(super::Level::Normal);
    let turns = view.candidate_turns(&rules);
    let risk = p.risky_attacks(&view, &rules, Seat::Red, &turns);
    let board = view.board();
    let named: Vec<(String, i32)> = risk
        .iter()
        .map(|(t, pen)| (t.notation(board), *pen))
        .collect();
    for t in ["b10-a11", "b10-b11", "b10-c11"] {
        let pen = named.iter().find(|r| r.0 == t).map(|r| r.1);
        assert!(pen.is_some_and(|p| p >= 20), "{t}: {named:?}");
    }
    for t in ["b10-a10", "b10-c10", "b10-a9", "b10-b9"] {
        assert!(!named.iter().any(|r| r.0 == t), "{t}: {named:?}");
    }
}

/// A piece thrown at the enemy at once is most often a big one: Blue's piece on c7 (a major
/// general) takes Red's brigadier on c6 with its first move. It may be a major general, the general or the marshal
/// (two, one and one of them); Red's deals make it the marshal more often than the counts alone
/// would (a quarter).
#[test]
fn a_piece_that_attacks_at_once_is_dealt_big() {
    let turns = [("a5", "b5"), ("c7", "c6")];
    let (marshal, _) = dealt_after(OPENING, &turns, "c6", crate::engine::Rank::Marshal);
    assert!(marshal > 140, "{marshal} of 400");
}

/// A two-player opening position: Blue's c7 is a major general, Red's c6 a brigadier.
const OPENING: &str = "b2b1bMbFbM/b3bBb5bMb7/b4..b6..b1/b2b9..bBb8/b4..b1..b5/b3b6b7b2b3/r3r7r6r2r3/r5..r1..r4/r8rB..r9r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";

/// A piece that charges into our half at once is most often a big one too, clash or not: Red
/// steps its piece on c6 aside into the camp on b5, and Blue's piece on c7 (a major general)
/// moves onto the empty c6, Red's front line, at the game's second ply. Red's deals make it the
/// marshal in 74 of 400 deals; 30 before such a move made a piece bold.
#[test]
fn a_piece_that_charges_into_our_half_is_dealt_big() {
    let turns = [("c6", "b5"), ("c7", "c6")];
    let (marshal, clashes) = dealt_after(OPENING, &turns, "c6", crate::engine::Rank::Marshal);
    assert_eq!(clashes, [false, false]);
    assert!(marshal > 60, "{marshal} of 400");
}

/// The start of NOTATION.md's example game, except that Red's marshal stands on c10 in Blue's
/// third line (from d4, where Blue's brigadier from c10 now stands). Beside the marshal only
/// Blue's piece on c11 (Blue's second line, not beside an HQ) and three empty camps.
const MARSHAL_BEFORE_THE_SECOND_LINE: &str = "b2b1bMbFbM/b3bBb5bMb7/b4..r9..b1/b2b9..bBb8/b4..b1..b5/b3b6b2b7b3/r3r7r2r6r3/r5..r1..r4/r8rB..b6r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";

/// From c10 the marshal could attack c11, which a third of the time is a mine: the computer
/// steps aside instead (it has nothing to gain there that is worth the marshal).
#[test]
fn the_marshal_does_not_attack_the_second_line() {
    let rules = Rules::ccgc();
    let start = Start::Position(MARSHAL_BEFORE_THE_SECOND_LINE.into());
    let game = Game::new(rules.clone(), start).unwrap();
    let view = game.view(Viewer::Side(Seat::Red));
    for seed in 1..=6 {
        let mut p = AiPlayer::new(super::Level::Normal).with_nodes(6_000);
        let t = p
            .choose(&view, &rules, &mut SplitMix64::new(seed))
            .unwrap()
            .notation(view.board());
        assert_ne!(t, "c10-c11", "seed {seed}");
    }
}

/// Red charges with its marshal down the centre file at the first turn of the game (the
/// `charger`: its marshal on c6 attacks c7) against each shipped formation (`layouts/`) deployed
/// by Blue, played by normal at 3 000 nodes a turn. Blue's piece on c7 falls to it (only Blue's
/// own marshal there trades with it), and Blue, knowing only that an unknown piece beat that
/// piece at once, must not meet the charger with a lone lower piece: every officer below the
/// marshal and every engineer loses to it for nothing. The better answers are a bomb (a bomb
/// for a marshal) or Blue's marshal (a trade); in none of the six formations can either reach c7
/// at its next turn (the test checks this), so the answer expected is to leave it alone — a piece
/// stepping out of its way, or a turn elsewhere — until one of those can reach it: no Blue piece
/// moves onto c7. (Before the belief made a piece that attacks at once likely big, Blue met the
/// charger with its general from d7 in `left-flag-decoy`, where the charger had taken a captain.)
#[test]
fn a_charging_marshal_is_not_met_by_a_lower_piece() {
    use crate::ai::sparring::{Sparring, charger_formation};
    use crate::engine::{Formation, Rank, Turn};
    let rules = Rules::ccgc();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 8);
    let mut charged = 0;
    for file in &files {
        let blue = Formation::from_ron(&std::fs::read_to_string(file).unwrap()).unwrap();
        let red = charger_formation(&mut SplitMix64::new(1), &rules);
        let mut game = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
        let mut charger = Sparring::greedy("charger").unwrap();
        let mut rng = SplitMix64::new(9);
        let view = game.view(Viewer::Side(Seat::Red));
        let t = charger.choose(&view, &rules, &mut rng).unwrap();
        assert_eq!(t.notation(game.board()), "c6-c7");
        let report = game.play(t).unwrap().report.clone().unwrap();
        let mut blue_ai = AiPlayer::new(super::Level::Normal).with_nodes(3_000);
        blue_ai.observe(&report, &game.view(Viewer::Side(Seat::Blue)));
        let pos = *game.position();
        let c7 = pos.board().node_by_name("c7").unwrap();
        if pos.at(c7).is_none_or(|p| p.side() != Seat::Red) {
            continue; // It met Blue's marshal there: both fell.
        }
        charged += 1;
        // Which of Blue's pieces could meet the charger at once: none is a bomb or the marshal.
        let meets: Vec<Rank> = pos
            .legal_turns(&rules)
            .into_iter()
            .filter_map(|t| match t {
                Turn::Move { from, to } if to == c7 => Some(pos.at(from).unwrap().rank()),
                _ => None,
            })
            .collect();
        assert!(!meets.is_empty(), "{}: nothing reaches c7", file.display());
        assert!(
            !meets
                .iter()
                .any(|r| matches!(r, Rank::Bomb | Rank::Marshal)),
            "{}: {meets:?}",
            file.display()
        );
        let view = game.view(Viewer::Side(Seat::Blue));
        let t = blue_ai.choose(&view, &rules, &mut rng).unwrap();
        if let Turn::Move { from, to } = t {
            assert!(
                to != c7,
                "{}: {} met the charger with its {:?}",
                file.display(),
                t.notation(pos.board()),
                pos.at(from).unwrap().rank()
            );
        }
    }
    // Six of the eight formations have no marshal on c7: the charger stands there.
    assert_eq!(charged, 6);
}

/// The computer's formations are ready for a charge down the centre file: the charger's marshal
/// takes the lesser piece on the front centre (c7) at its first turn, never a marshal or general,
/// and the bomb behind it (c8) answers. Over ten of the computer's formations for Blue, each
/// answered by the normal player at 3 000 nodes: where the charger took a brigadier or a major
/// general (six of the ten), so that it can only be a major general, the general or the marshal,
/// the bomb takes it at once; where it took less, the normal player may meet it with a big piece
/// instead (a charger that took a colonel may still be a brigadier).
#[test]
fn the_bomb_behind_the_front_centre_takes_the_charger() {
    use crate::ai::ai_formation;
    use crate::ai::sparring::{Sparring, charger_formation};
    use crate::engine::{Rank, Turn};
    let rules = Rules::ccgc();
    let mut bombed = 0;
    for seed in 0..10 {
        let red = charger_formation(&mut SplitMix64::new(100 + seed), &rules);
        let blue = ai_formation(&mut SplitMix64::new(seed), &rules);
        let mut game = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
        let board = game.board();
        let (c7, c8) = (
            board.node_by_name("c7").unwrap(),
            board.node_by_name("c8").unwrap(),
        );
        let stood = game.position().at(c7).unwrap().rank();
        assert!(
            !matches!(stood, Rank::Marshal | Rank::General),
            "seed {seed}: {stood:?}"
        );
        assert_eq!(game.position().at(c8).map(|p| p.rank()), Some(Rank::Bomb));
        let mut charger = Sparring::greedy("charger").unwrap();
        let mut rng = SplitMix64::new(9);
        let t = charger
            .choose(&game.view(Viewer::Side(Seat::Red)), &rules, &mut rng)
            .unwrap();
        assert_eq!(t.notation(board), "c6-c7");
        let report = game.play(t).unwrap().report.clone().unwrap();
        assert_eq!(game.position().at(c7).map(|p| p.side()), Some(Seat::Red));
        let mut blue_ai = AiPlayer::new(super::Level::Normal).with_nodes(3_000);
        let view = game.view(Viewer::Side(Seat::Blue));
        blue_ai.observe(&report, &view);
        let t = blue_ai.choose(&view, &rules, &mut rng).unwrap();
        let Turn::Move { from, to } = t else {
            panic!("seed {seed}: {t:?}");
        };
        let by = game.position().at(from).unwrap().rank();
        if matches!(stood, Rank::Brigadier | Rank::MajorGeneral) {
            assert_eq!(
                (to, by),
                (c7, Rank::Bomb),
                "seed {seed}: {} after the charger took a {stood:?}",
                t.notation(board)
            );
            bombed += 1;
        }
    }
    assert_eq!(bombed, 6);
}
