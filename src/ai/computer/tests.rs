//! The player's own tests: its choices in small positions, its passes, fair play.

use super::decide::second_pass_depth;
use super::*;
use crate::engine::{Formation, Game, Start};

fn open_choice(notation: &str, depth: u32) -> String {
    let rules = Rules::default();
    let pos = Position::from_notation(notation, &rules).unwrap();
    let side = pos.mover().side().unwrap();
    let view = pos.view(&rules, Viewer::Side(side));
    let mut p = AiPlayer::fixed_depth(depth, 1);
    let t = p.choose(&view, &rules, &mut SplitMix64::new(3)).unwrap();
    t.notation(view.board())
}

#[test]
fn second_pass_depth_ignores_samples_that_ended_on_a_win_or_loss() {
    use super::super::search::WIN;
    assert_eq!(second_pass_depth(&[(10, 4), (WIN - 3, 1), (-5, 3)]), 3);
    assert_eq!(second_pass_depth(&[(10, 4), (-(WIN - 7), 2)]), 4);
    assert_eq!(second_pass_depth(&[(10, 6), (12, 5)]), 4, "at most 4");
    assert_eq!(
        second_pass_depth(&[(WIN - 1, 1)]),
        1,
        "only certain results: 1"
    );
    assert_eq!(second_pass_depth(&[]), 1);
}

/// Two deals vote for two different flag captures; the third deal, scored only in the second
/// pass, decides between them.
#[test]
fn the_second_pass_counts_the_extra_deals() {
    let rest = "/........../........../........../........../........../........../........../........../........../rF........ r 0 0";
    // Blue's general on c11 answers the captain left beside the flag after the other one's
    // attack (else either attack wins in every deal: the other captain takes the flag next).
    let flag_left = format!("bF......b4/r3..b8..r3{rest}");
    let flag_right = format!("b4......bF/r3..b8..r3{rest}");
    let rules = Rules::default();
    let choice = |third: &str| {
        let deals: Vec<Position> = [&flag_left, &flag_right, third]
            .iter()
            .map(|n| Position::from_notation(n, &rules).unwrap())
            .collect();
        let turns = deals[0].legal_turns(&rules);
        let mut p = AiPlayer::fixed_depth(1, 2).with_second_samples(3);
        let end = p.clock.end();
        let (t, _) = p.decide(&deals, &turns, &rules, Seat::Red, end).unwrap();
        t.notation(deals[0].board())
    };
    assert_eq!(choice(&flag_left), "a11-a12");
    assert_eq!(choice(&flag_right), "e11-e12");
}

#[test]
fn a_time_per_turn_replaces_the_levels() {
    let p = AiPlayer::new(Level::Hard);
    assert_eq!(p.allowance, Allowance::Time(Duration::from_millis(1500)));
    let p = p.with_time(Duration::from_millis(300));
    assert_eq!(p.allowance, Allowance::Time(Duration::from_millis(300)));
    assert_eq!(p.clock.end(), 300_000_000);
    let p = AiPlayer::new(Level::Normal).with_time(Duration::ZERO);
    assert_eq!(p.allowance, Allowance::Time(Duration::from_millis(1)));
}

#[test]
fn takes_a_free_piece_and_the_flag() {
    let free = "bF......../........../........../....b9..../........../....b7..../....r8..../........../........../........../........../rF........ r 0 0";
    assert_eq!(open_choice(free, 3), "c6-c7");
    let flag = "bF......../r3b9......../........../........../........../........../........../........../........../........../........../rF........ r 0 0"
        .replace("r3b9........", "r3b9......");
    assert_eq!(open_choice(&flag, 3), "a11-a12");
}

#[test]
fn suggestions_are_the_choice_first_then_other_legal_turns() {
    let free = "bF......../........../........../....b9..../........../....b7..../....r8..../........../........../........../........../rF........ r 0 0";
    let rules = Rules::default();
    let pos = Position::from_notation(free, &rules).unwrap();
    let view = pos.view(&rules, Viewer::Side(Seat::Red));
    let mut p = AiPlayer::fixed_depth(3, 1);
    let hints = p.suggest(&view, &rules, &mut SplitMix64::new(3), 3);
    let names: Vec<String> = hints.iter().map(|t| t.notation(view.board())).collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(names[0], "c6-c7", "the computer's own choice first");
    assert!(names[1] != names[0] && names[2] != names[0] && names[1] != names[2]);
    let legal = view.candidate_turns(&rules);
    assert!(hints.iter().all(|t| legal.contains(t)));
    // Nothing is left behind: the same player chooses as before.
    let t = p.choose(&view, &rules, &mut SplitMix64::new(3)).unwrap();
    assert_eq!(t.notation(view.board()), "c6-c7");
}

#[test]
fn marshal_does_not_walk_into_a_known_bomb() {
    // Red marshal on c6 faces a Blue bomb on c7; it must do anything else.
    let pos = "bF......../........../........../....b4..../........../....bB..../....r9..../........../........../........../........../rF........ r 0 0";
    for depth in [1, 2, 3] {
        assert_ne!(open_choice(pos, depth), "c6-c7", "depth {depth}");
    }
}

#[test]
fn engineer_digs_the_mine_before_the_flag() {
    // Blue's flag on b12 behind mines on a12, c12 and b11. Red's engineer on a4 can fly to
    // b11 and dig; a colonel on d11 could only die on c12.
    let pos = "bMbFbM..../..bM..r5../........../....b2..../........../........../........../........../r1......../........../........../..rF...... r 0 0";
    assert_eq!(open_choice(pos, 4), "a4-b11");
}

fn hidden_game(blue_swap: bool) -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    let mut rng = SplitMix64::new(42);
    let red = Formation::random(&mut rng, &rules);
    let mut blue = super::super::ai_formation(&mut rng, &rules);
    if blue_swap {
        // Two different truths behind the same view: swap pieces of different ranks.
        let (a, b) = ((2, 1), (3, 5));
        let (ra, rb) = (blue.at(a.0, a.1), blue.at(b.0, b.1));
        assert_ne!(ra, rb);
        blue.set(a.0, a.1, rb);
        blue.set(b.0, b.1, ra);
        let (m, f) = ((4, 1), (5, 5));
        let (rm, rf) = (blue.at(m.0, m.1), blue.at(f.0, f.1));
        blue.set(m.0, m.1, rf);
        blue.set(f.0, f.1, rm);
        assert!(blue.is_valid(&rules), "{:?}", blue.problems(&rules));
    }
    Game::new(rules, Start::formations(&red, &blue)).unwrap()
}

/// Play `turn` in both games; each player observes its game's report as Red.
fn play_in_both(games: &mut [Game; 2], players: &mut [AiPlayer; 2], turn: Turn) {
    for (g, p) in games.iter_mut().zip(players.iter_mut()) {
        let r = g
            .play(turn)
            .unwrap()
            .report
            .clone()
            .expect("a played turn has a report");
        p.observe(&r, &g.view(Viewer::Side(Seat::Red)));
    }
}

#[test]
fn same_view_and_history_same_choice_whatever_the_truth() {
    for guarded in [false, true] {
        let mut games = [hidden_game(false), hidden_game(true)];
        assert_ne!(
            games[0].position().notation(),
            games[1].position().notation()
        );
        let rules = games[0].rules().clone();
        // Deals alike (easy, normal) and weighed by formation (hard).
        let player = || {
            let p = AiPlayer::fixed_depth(2, 3);
            if guarded {
                p.with_usual_formations()
            } else {
                p
            }
        };
        let mut players = [player(), player()];
        // Red plays, then Blue steps a piece that moves in both truths; both players observe.
        for _ in 0..2 {
            let views: Vec<View> = games
                .iter()
                .map(|g| g.view(Viewer::Side(Seat::Red)))
                .collect();
            assert_eq!(views[0].cells(), views[1].cells());
            let choices: Vec<Turn> = (0..2)
                .map(|k| {
                    players[k]
                        .choose(&views[k], &rules, &mut SplitMix64::new(9))
                        .unwrap()
                })
                .collect();
            assert_eq!(choices[0], choices[1]);
            let red = choices[0];
            let plain = |g: &Game, t: Turn| matches!(t, Turn::Move { to, .. } if g.position().at(to).is_none());
            if !plain(&games[0], red) {
                break;
            }
            play_in_both(&mut games, &mut players, red);
            let a = games[0].position().legal_turns(&rules);
            let b = games[1].position().legal_turns(&rules);
            let Some(&blue) = a.iter().find(|t| b.contains(t) && plain(&games[0], **t)) else {
                break;
            };
            play_in_both(&mut games, &mut players, blue);
        }
    }
}

#[test]
fn plays_whole_games_in_every_mode() {
    for mode in Mode::ALL {
        let rules = Rules::for_mode(mode);
        let start = match mode {
            Mode::Flip => Start::FlipDeal { seed: 4 },
            Mode::Open | Mode::Hidden => {
                let mut rng = SplitMix64::new(4);
                let red = super::super::ai_formation(&mut rng, &rules);
                let blue = super::super::ai_formation(&mut rng, &rules);
                Start::formations(&red, &blue)
            }
        };
        let mut g = Game::new(rules.clone(), start).unwrap();
        let mut players = [AiPlayer::fixed_depth(1, 2), AiPlayer::fixed_depth(1, 2)];
        let mut rng = SplitMix64::new(1);
        for _ in 0..60 {
            if g.status().is_over() {
                break;
            }
            let side = match g.position().mover() {
                Mover::Side(s) => s,
                Mover::Player(_) => Seat::Red,
            };
            let k = side.index();
            let t = players[k]
                .choose(&g.view(Viewer::Side(side)), &rules, &mut rng)
                .expect("a turn while the game goes on");
            let r = g
                .play(t)
                .expect("a legal turn")
                .report
                .clone()
                .expect("a played turn has a report");
            for s in Seat::BOTH {
                players[s.index()].observe(&r, &g.view(Viewer::Side(s)));
            }
        }
    }
}

/// Four players, hidden mode: West's unknown piece in the camp on h3 stands beside South's
/// lieutenant on h2, the door to South's flag on h1. If it is a captain or bigger it takes the
/// lieutenant and then the flag. The root's safety lets it stand in as a captain: only the turns
/// after which a piece of South's could take a captain on h2 are kept (the major to i2, the
/// colonel down file k to k2), not the colonel's step to k5. As a lieutenant (as before) it only
/// traded with the one on h2, and every such turn looked safe.
#[test]
fn an_unknown_piece_beside_a_small_door_stands_in_as_a_captain() {
    let text = "..n8..nFn2/........../........../........../........../........../w2............................/wF....................e8/............................../w7....................eF/............................e2/........s5/........../........../..w5s4..../..s2....../sMsFsMs3.. s 0 40 -";
    let rules = Rules::for_mode(Mode::Hidden);
    let game = Game::new(rules.clone(), Start::Position(text.into())).unwrap();
    let view = game.view(Viewer::Side(Seat::South));
    let turns = view.candidate_turns(&rules);
    let kept = |p: &AiPlayer| -> Vec<String> {
        p.safest_turns(&view, &rules, Seat::South, &turns)
            .iter()
            .map(|t| t.notation(view.board()))
            .collect()
    };
    let safe = kept(&AiPlayer::new(Level::Normal));
    assert!(safe.contains(&"i3-i2".to_string()), "{safe:?}");
    assert!(safe.contains(&"k6-k2".to_string()), "{safe:?}");
    assert!(!safe.contains(&"k6-k5".to_string()), "{safe:?}");
    let before = kept(&AiPlayer::new(Level::Normal).with_lieutenant_stand_ins());
    assert!(before.contains(&"k6-k5".to_string()), "{before:?}");
}
