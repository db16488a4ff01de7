//! Property tests of the four-player game (RULES.md section 9): random formations on all four
//! arms, random legal turns to the end under several rule sets. Piece counts never grow, every
//! generated turn is accepted by `check_turn` and played by `play`, the notation reads back to the
//! same position, and players who are out have no pieces.

use junqi::engine::formation::four_player_setup;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{
    FlagTakers, Formation, MineRule, Mover, Position, Rank, Rules, Seat, Turn, TurnOrder,
};
use proptest::prelude::*;

fn rule_set(i: usize) -> Rules {
    let mut r = Rules::default();
    match i {
        1 => {
            r.mines = MineRule::Spring;
            r.flying_bombs = true;
            r.movable_hq = true;
            r.turn_order = TurnOrder::Clockwise;
        }
        2 => {
            r.mines = MineRule::Bomb;
            r.rail_turn_for_all = true;
            r.flag_takers = FlagTakers::Smallest;
            r.flag_needs_mines_cleared = true;
        }
        3 => {
            r.flag_takers = FlagTakers::Engineer;
            r.quiet_limit = 30;
        }
        _ => {}
    }
    r
}

fn start(rules: &Rules, seed: u64) -> Position {
    let mut rng = SplitMix64::new(seed);
    let f: Vec<Formation> = (0..4).map(|_| Formation::random(&mut rng, rules)).collect();
    let setup = four_player_setup([&f[0], &f[1], &f[2], &f[3]], rules).expect("valid formations");
    Position::new(setup, rules).expect("a four-player start")
}

fn counts(p: &Position) -> [[u8; 12]; 4] {
    let mut c = [[0; 12]; 4];
    for seat in Seat::FOUR {
        for (_, piece) in p.pieces(seat) {
            c[seat.index()][piece.rank() as usize - 1] += 1;
        }
    }
    c
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_four_player_games_keep_the_rules(seed in any::<u64>(), set in 0..4usize) {
        let rules = rule_set(set);
        let mut p = start(&rules, seed);
        let mut rng = SplitMix64::new(seed ^ 0x5eed);
        let mut before = counts(&p);
        for _ in 0..400 {
            let turns = p.legal_turns(&rules);
            if turns.is_empty() {
                prop_assert!(p.status(&rules).is_over(), "{}", p.notation());
                break;
            }
            for &t in &turns {
                prop_assert_eq!(p.check_turn(&rules, t), Ok(()), "{:?} in {}", t, p.notation());
            }
            let t: Turn = turns[rng.below(turns.len() as u64) as usize];
            let Mover::Side(mover) = p.mover() else { panic!("four players have seats") };
            p.play(&rules, t).expect("a generated turn is legal");
            // Counts never grow; players out have no pieces; those in have their flag.
            let after = counts(&p);
            for s in 0..4 {
                for r in 0..12 {
                    prop_assert!(after[s][r] <= before[s][r]);
                }
            }
            for seat in Seat::FOUR {
                let n = p.pieces(seat).count();
                if p.out().contains(seat) {
                    prop_assert_eq!(n, 0, "{} out with pieces: {}", seat, p.notation());
                } else {
                    prop_assert_eq!(p.count(seat, Rank::Flag), 1, "{}", p.notation());
                }
            }
            // The player to move is in, unless all four are out.
            if let Mover::Side(m) = p.mover() {
                prop_assert!(!p.out().contains(m) || p.out().len() == 4 || m == mover,
                    "{}", p.notation());
            }
            // The notation reads back to the same position (knowledge bits aside: a sprung
            // mine's "revealed" is not notation), which is well formed.
            let again = Position::from_notation(&p.notation(), &rules)
                .unwrap_or_else(|e| panic!("{}: {e}", p.notation()));
            prop_assert_eq!(again.notation(), p.notation());
            before = after;
            if p.status(&rules).is_over() {
                break;
            }
        }
    }
}

/// Hundreds of random four-player games to the end under each rule set, without a panic and
/// each ending in a result (`cargo test --test rules four_props -- --ignored`).
#[test]
#[ignore]
fn hundreds_of_random_four_player_games_end() {
    let mut ends = std::collections::BTreeMap::new();
    for set in 0..4 {
        let rules = rule_set(set);
        for seed in 0..100u64 {
            let p = start(&rules, seed);
            let mut rng = SplitMix64::new(seed + 1000);
            let (status, plies) = junqi::ai::random_playout(&p, &rules, &mut rng);
            assert!(status.is_over() && plies > 0);
            *ends.entry(status.word()).or_insert(0) += 1;
        }
    }
    eprintln!("{ends:?}");
    assert_eq!(ends.values().sum::<i32>(), 400);
}
