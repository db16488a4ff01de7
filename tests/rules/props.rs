//! Property tests: random valid deployments and random legal games under several rule sets.

use junqi::engine::board::NodeId;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{
    FlagTakers, Formation, Game, MineRule, Mode, Position, Rank, Rules, Seat, Seen, Start, Turn,
    Viewer,
};
use proptest::prelude::*;

/// The rule sets the random games are played under: every mode, each house rule in at least one.
fn rule_set(i: usize) -> Rules {
    let mut r = match i {
        0..=2 => Rules::for_mode(Mode::Open),
        3..=4 => Rules::for_mode(Mode::Hidden),
        _ => Rules::for_mode(Mode::Flip),
    };
    match i {
        1 => {
            r.mines = MineRule::Spring;
            r.flying_bombs = true;
            r.movable_hq = true;
        }
        2 => {
            r.mines = MineRule::Bomb;
            r.rail_turn_for_all = true;
            r.flag_takers = FlagTakers::Engineer;
        }
        4 => {
            r.mines = MineRule::Spring;
            r.engineer_scout = true;
            r.flag_needs_mines_cleared = true;
            r.flag_takers = FlagTakers::Smallest;
        }
        6 => {
            r.mines = MineRule::Spring;
            r.first_engineer_decides = true;
        }
        7 => {
            r.mines = MineRule::Bomb;
            r.rail_turn_for_all = true;
            r.flying_bombs = true;
            r.bombs_in_front_row = true;
        }
        _ => {}
    }
    r
}
const RULE_SETS: usize = 8;

fn new_game(rules: &Rules, seed: u64) -> Game {
    let start = Start::random(rules, seed);
    Game::new(rules.clone(), start).expect("random starts are valid")
}

/// Pieces per side per rank, face up or down.
fn counts(p: &Position) -> [[u8; 12]; 2] {
    let mut c = [[0; 12]; 2];
    for side in Seat::BOTH {
        for (_, piece) in p.pieces(side) {
            c[side.index()][piece.rank() as usize - 1] += 1;
        }
    }
    c
}

/// What each viewer sees must be what the rules let it know.
fn check_views(p: &Position, rules: &Rules) {
    let b = p.board();
    let referee = p.view(rules, Viewer::Referee);
    for n in 0..b.len() as NodeId {
        match p.at(n) {
            None => assert_eq!(referee.at(n), Seen::Empty),
            Some(piece) => assert_eq!(referee.at(n), Seen::Known(piece)),
        }
    }
    for me in Seat::BOTH {
        let v = p.view(rules, Viewer::Side(me));
        for n in 0..b.len() as NodeId {
            let seen = v.at(n);
            let Some(piece) = p.at(n) else {
                assert_eq!(seen, Seen::Empty);
                continue;
            };
            if piece.is_face_down() {
                assert_eq!(seen, Seen::FaceDown, "{}", b.name(n));
                continue;
            }
            let known = Seen::Known(piece.with_revealed(false));
            if piece.side() == me || rules.mode != Mode::Hidden {
                assert_eq!(seen, known, "{}", b.name(n));
                continue;
            }
            // Hidden mode, an enemy piece: known only if a rule revealed it.
            if seen == known {
                let why = match piece.rank() {
                    Rank::Flag => {
                        rules.flag_reveal_on_marshal_loss
                            && p.count(piece.side(), Rank::Marshal) == 0
                    }
                    Rank::Mine => rules.mines == MineRule::Spring,
                    Rank::Bomb => false,
                    _ => rules.engineer_scout,
                };
                assert!(
                    why,
                    "{} shown to {me:?} without a rule: {:?}",
                    b.name(n),
                    piece
                );
                assert!(piece.is_revealed());
            } else {
                assert_eq!(seen, Seen::Unknown(piece.side()), "{}", b.name(n));
                assert!(!piece.is_revealed());
            }
        }
    }
}

/// Play a random legal game of at most `max_plies`, checking the properties at every ply.
fn random_game(rule_index: usize, seed: u64, max_plies: usize) -> Result<(), TestCaseError> {
    let rules = rule_set(rule_index);
    let mut game = new_game(&rules, seed);
    let mut rng = SplitMix64::new(seed ^ 0xA5A5_5A5A);
    let b = game.board();
    for ply in 0..max_plies {
        let pos = *game.position();
        check_views(&pos, &rules);
        let legal = pos.legal_turns(&rules);
        if legal.is_empty() {
            prop_assert!(
                pos.status(&rules).is_over(),
                "no turns but ongoing: {pos:?}"
            );
            break;
        }
        prop_assert!(!pos.status(&rules).is_over());
        // Generated turns are accepted (all of them now and then, the chosen one always).
        if ply % 16 == 0 {
            for &t in &legal {
                let mut q = pos;
                prop_assert!(
                    q.play(&rules, t).is_ok(),
                    "{} refused in {pos:?}",
                    t.notation(b)
                );
            }
        }
        // Turns that were not generated are refused and change nothing.
        for _ in 0..8 {
            let from = rng.below(b.len() as u64) as NodeId;
            let to = rng.below(b.len() as u64) as NodeId;
            let t = if rng.below(4) == 0 {
                Turn::Flip(from)
            } else {
                Turn::Move { from, to }
            };
            if legal.contains(&t) {
                continue;
            }
            prop_assert!(
                pos.check_turn(&rules, t).is_err(),
                "{} accepted",
                t.notation(b)
            );
            let mut q = pos;
            prop_assert!(q.play(&rules, t).is_err());
            prop_assert_eq!(q, pos);
        }
        let t = *rng.choose(&legal).expect("not empty");
        let before = counts(&pos);
        game.play(t)
            .map_err(|e| TestCaseError::fail(format!("{} refused: {e}", t.notation(b))))?;
        let after = counts(game.position());
        for s in 0..2 {
            for r in 0..12 {
                prop_assert!(
                    after[s][r] <= before[s][r],
                    "a piece appeared after {}",
                    t.notation(b)
                );
            }
        }
        prop_assert_eq!(game.position().ply(), pos.ply() + 1);
    }
    // The record replays to the same position.
    let text = game.to_ron();
    let again = Game::from_ron(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(again.position(), game.position());
    prop_assert_eq!(again.position().notation(), game.position().notation());
    prop_assert_eq!(again.status(), game.status());
    prop_assert_eq!(again.plies().len(), game.plies().len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_formations_are_valid(seed in any::<u64>(), front in any::<bool>()) {
        let rules = Rules { bombs_in_front_row: front, ..Rules::default() };
        let f = Formation::random(&mut SplitMix64::new(seed), &rules);
        prop_assert!(f.is_valid(&rules), "{:?}", f.problems(&rules));
        for r in Rank::ALL {
            prop_assert_eq!(f.count(r), r.count());
        }
        // Formations survive their file format, and the mirror image is valid too.
        prop_assert_eq!(Formation::from_ron(&f.to_ron()).unwrap().grid, f.grid);
        prop_assert!(f.mirrored().is_valid(&rules));
        // Two formations make a start with every piece of both sides.
        let g = new_game(&rules, seed);
        for side in Seat::BOTH {
            prop_assert_eq!(g.position().pieces(side).count(), 25);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules(rule_index in 0..RULE_SETS, seed in any::<u64>()) {
        random_game(rule_index, seed, 300)?;
    }
}

/// Every rule set at least once, whatever proptest draws.
#[test]
fn one_random_game_per_rule_set() {
    for i in 0..RULE_SETS {
        random_game(i, 1000 + i as u64, 300).unwrap_or_else(|e| panic!("rule set {i}: {e}"));
    }
}
