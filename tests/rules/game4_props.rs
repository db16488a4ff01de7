//! Property tests of four-player games through `Game` (RULES.md 9.6, 9.7): random hidden games
//! with random turns, lost turns, resignations and draw offers. Every seat's view shows only what
//! 9.6 allows (its own pieces, the partner's under `team view`, revealed pieces; everything once
//! the game is over), piece counts never grow, and the record reads back to the same game.

use junqi::engine::rng::SplitMix64;
use junqi::engine::{
    Action, Game, Mode, Rank, Rules, Seat, Seen, Start, Status, TurnOrder, Viewer,
};
use proptest::prelude::*;

fn rules(variant: u8) -> Rules {
    let mut r = Rules::for_mode(Mode::Hidden);
    r.move_clock = Some(30);
    r.team_view = variant & 1 != 0;
    if variant & 2 != 0 {
        r.turn_order = TurnOrder::Clockwise;
    }
    if variant & 4 != 0 {
        r.engineer_scout = true;
        r.flag_needs_mines_cleared = true;
    }
    r
}

/// Pieces per seat and rank on the board.
fn counts(g: &Game) -> [[u8; 12]; 4] {
    let mut c = [[0u8; 12]; 4];
    for seat in Seat::FOUR {
        for (i, r) in Rank::ALL.iter().enumerate() {
            c[seat.index()][i] = g.position().count(seat, *r);
        }
    }
    c
}

/// Every seat's view against the truth.
fn check_views(g: &Game, rules: &Rules) -> Result<(), TestCaseError> {
    let over = g.status().is_over();
    for me in Seat::FOUR {
        let may_know = |s: Seat| s == me || (rules.team_view && me.partner() == Some(s));
        let v = g.view(Viewer::Side(me));
        for (n, seen) in v.cells().iter().enumerate() {
            let truth = g.position().at(n as u8);
            match (*seen, truth) {
                (Seen::Empty, None) => {}
                (Seen::Known(p), Some(t)) => {
                    prop_assert_eq!(p.side(), t.side());
                    prop_assert_eq!(p.rank(), t.rank());
                    prop_assert!(
                        over || may_know(t.side()) || t.is_revealed(),
                        "{:?} sees {:?} at {}",
                        me,
                        t,
                        g.board().name(n as u8)
                    );
                }
                (Seen::Unknown(s), Some(t)) => {
                    prop_assert_eq!(s, t.side());
                    prop_assert!(!over && !may_know(s) && !t.is_revealed());
                }
                other => prop_assert!(false, "{:?}: {:?}", me, other),
            }
        }
        let text = v.notation();
        prop_assert!(!text.contains("??"));
        for s in Seat::FOUR {
            if may_know(s) && !over {
                let unknown = format!("{}?", s.letter());
                prop_assert!(!text.contains(&unknown), "{}", text);
            }
        }
    }
    Ok(())
}

fn play_random(seed: u64, variant: u8) -> Result<(), TestCaseError> {
    let rules = rules(variant);
    let mut g = Game::new(rules.clone(), Start::random_four(&rules, seed)).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let mut before = counts(&g);
    check_views(&g, &rules)?;
    for _ in 0..120 {
        if g.status().is_over() {
            break;
        }
        let mover = g.position().side_to_move().unwrap();
        let in_game = g.seats_in();
        let anyone = in_game[rng.below(in_game.len() as u64) as usize];
        let roll = rng.below(100);
        let action = if roll < 2 {
            Action::Resign(anyone)
        } else if roll < 5 {
            Action::Timeout(mover)
        } else if roll < 7 && g.draw_offer().is_none() {
            Action::OfferDraw(anyone)
        } else if roll < 9 && g.draw_offer().is_some() && !g.draw_accepted(anyone) {
            if rng.below(4) == 0 {
                Action::DeclineDraw(anyone)
            } else {
                Action::AcceptDraw(anyone)
            }
        } else {
            let turns = g.position().legal_turns(&rules);
            prop_assert!(!turns.is_empty(), "{}", g.position().notation());
            let t = turns[rng.below(turns.len() as u64) as usize];
            Action::Turn(t.notation(g.board()))
        };
        g.act(action.clone())
            .map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
        let now = counts(&g);
        for s in 0..4 {
            for r in 0..12 {
                prop_assert!(now[s][r] <= before[s][r], "{:?} grew a piece", action);
            }
        }
        before = now;
        for s in g.position().out().iter().map(|(s, _)| s) {
            prop_assert_eq!(g.position().pieces(s).count(), 0);
        }
        check_views(&g, &rules)?;
    }
    let back = Game::from_ron(&g.to_ron()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back.record(), g.record());
    prop_assert_eq!(back.position().notation(), g.position().notation());
    prop_assert_eq!(back.status(), g.status());
    prop_assert_eq!(back.plies().len(), g.plies().len());
    for s in Seat::FOUR {
        prop_assert_eq!(back.timeouts(s), g.timeouts(s));
    }
    if let Status::Won(team, _) = g.status() {
        prop_assert!(g.position().out().team_out(team.other()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, .. ProptestConfig::default() })]

    #[test]
    fn four_player_games_show_each_seat_only_what_it_may_know(seed in any::<u64>(), variant in 0u8..8) {
        play_random(seed, variant)?;
    }
}
