//! Game records: hostile files are refused with a clear message, never a panic; valid ones replay.

use junqi::engine::formation::Formation;
use junqi::engine::rng::SplitMix64;
use junqi::engine::{Action, Game, Rules, Start};
use proptest::prelude::*;

/// A short real game: random formations, a few legal turns.
fn sample_game(seed: u64, turns: usize) -> Game {
    let rules = Rules::default();
    let mut rng = SplitMix64::new(seed);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    for _ in 0..turns {
        let legal = g.position().legal_turns(&rules);
        let Some(&t) = rng.choose(&legal) else { break };
        g.play(t).unwrap();
    }
    g
}

fn err_of(text: &str) -> String {
    Game::from_ron(text)
        .expect_err("must be refused")
        .to_string()
}

#[test]
fn valid_record_round_trips() {
    let g = sample_game(7, 60);
    let text = g.to_ron();
    let back = Game::from_ron(&text).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.record(), g.record());
}

#[test]
fn hostile_records_are_refused_with_reasons() {
    let good = sample_game(11, 20).to_ron();
    // Truncated.
    let e = err_of(&good[..good.len() / 2]);
    assert!(e.starts_with("line "), "{e}");
    // Empty, random bytes.
    assert!(err_of("").contains("line 1"));
    assert!(err_of("\u{1}\u{2}garbage(((").contains("line 1"));
    // Wrong version.
    let e = err_of(&good.replacen("version: 1", "version: 99", 1));
    assert!(e.contains("version 99"), "{e}");
    // Too large.
    let big = format!("{good}{}", " ".repeat(30 * 1024 * 1024));
    assert!(err_of(&big).contains("too large"));
    // An extra marshal in Red's formation (a 9 replaces the first 1 of Red's lines).
    let g = sample_game(11, 0);
    let Start::Formations { red, .. } = &g.record().start else {
        panic!()
    };
    let line = red.iter().position(|l| l.contains('1')).unwrap();
    let edited_line = red[line].replacen('1', "9", 1);
    let edited = good.replacen(&format!("{:?}", red[line]), &format!("{edited_line:?}"), 1);
    let e = err_of(&edited);
    assert!(e.contains("start") && e.contains("Marshal"), "{e}");
}

#[test]
fn an_illegal_turn_is_named_by_number_with_its_reason() {
    let mut g = sample_game(5, 6);
    let mut record = g.record().clone();
    // Move Red's flag: never legal.
    let flag = g
        .position()
        .find(junqi::engine::Seat::Red, junqi::engine::Rank::Flag)
        .unwrap();
    let name = g.board().name(flag).to_string();
    let to = if name == "b1" { "a1" } else { "c1" };
    record.actions.push(Action::Turn(format!("{name}-{to}")));
    let e = Game::from_record(record).unwrap_err().to_string();
    assert!(e.contains("action 7"), "{e}");
    assert!(e.contains("never moves") || e.contains("not yours"), "{e}");
    // The game itself is untouched by the refused record.
    assert_eq!(g.plies().len(), 6);
    assert!(g.undo().is_some());
    assert_eq!(g.plies().len(), 5);
}

#[test]
fn game_actions_resign_draw_and_timeouts() {
    let mut g = sample_game(3, 2);
    assert!(g.act(Action::AcceptDraw(junqi::engine::Seat::Red)).is_err());
    g.act(Action::OfferDraw(junqi::engine::Seat::Red)).unwrap();
    g.act(Action::AcceptDraw(junqi::engine::Seat::Blue))
        .unwrap();
    assert_eq!(g.status().word(), "draw agreement");
    assert!(g.act(Action::Resign(junqi::engine::Seat::Red)).is_err());

    let mut g = sample_game(3, 2);
    g.act(Action::Resign(junqi::engine::Seat::Red)).unwrap();
    assert_eq!(g.status().word(), "blue-wins resignation");

    // Timeouts need a move clock; five lose.
    let mut g = sample_game(3, 0);
    assert!(g.act(Action::Timeout(junqi::engine::Seat::Red)).is_err());
    let rules = Rules {
        move_clock: Some(30),
        ..Rules::default()
    };
    let mut g = Game::new(rules, g.record().start.clone()).unwrap();
    for i in 0..9 {
        let side = if i % 2 == 0 {
            junqi::engine::Seat::Red
        } else {
            junqi::engine::Seat::Blue
        };
        g.act(Action::Timeout(side)).unwrap();
    }
    assert_eq!(g.timeouts(junqi::engine::Seat::Red), 5);
    assert_eq!(g.status().word(), "blue-wins timeouts");
    let back = Game::from_ron(&g.to_ron()).unwrap();
    assert_eq!(back.status(), g.status());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Mutated valid files never panic; whatever loads replays to a consistent game.
    #[test]
    fn mutated_records_never_panic(seed in 0u64..1000, cuts in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6)) {
        let text = sample_game(seed, 30).to_ron();
        let mut bytes = text.into_bytes();
        for (at, b) in cuts {
            let i = at % bytes.len();
            match b % 3 {
                0 => bytes[i] = b,
                1 => { bytes.remove(i); }
                _ => bytes.insert(i, b),
            }
        }
        if let Ok(s) = String::from_utf8(bytes)
            && let Ok(g) = Game::from_ron(&s)
        {
            let again = Game::from_record(g.record().clone()).unwrap();
            prop_assert_eq!(again.position(), g.position());
        }
    }
}

#[test]
fn tags_follow_their_piece_and_are_saved() {
    use junqi::engine::game::MAX_TAG_CHARS;
    use junqi::engine::{Seat, TagError, Turn};
    let rules = Rules {
        mode: junqi::engine::Mode::Hidden,
        ..Rules::default()
    };
    let mut rng = SplitMix64::new(9);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    let b = g.board();
    let n = |s: &str| b.node_by_name(s).unwrap();
    // Red may only tag Blue pieces, with a short text; the refusals are typed (they
    // were once `String`s) and read as before in English.
    let own = g.set_tag(Seat::Red, n("a6"), Some("40?"));
    assert_eq!(own, Err(TagError::NoEnemyPiece("a6".into())));
    assert_eq!(own.unwrap_err().to_string(), "no enemy piece on a6 to tag");
    let long = g.set_tag(Seat::Red, n("a7"), Some("123456789"));
    assert_eq!(long, Err(TagError::TooLong));
    assert_eq!(
        long.unwrap_err().to_string(),
        format!("a tag has at most {MAX_TAG_CHARS} characters")
    );
    assert!(g.record().tags.is_empty());
    g.set_tag(Seat::Red, n("a7"), Some("40?")).unwrap();
    // Play until Blue's piece on a7 moves somewhere (or a fixed budget of turns).
    for _ in 0..200 {
        let legal = g.position().legal_turns(&rules);
        let from_a7 = legal
            .iter()
            .find(|t| matches!(t, Turn::Move { from, .. } if *from == n("a7")));
        let t = match (g.position().side_to_move(), from_a7) {
            (Some(Seat::Blue), Some(t)) => *t,
            _ => legal
                .iter()
                .copied()
                .find(|t| !matches!(t, Turn::Move { to, .. } if *to == n("a7")))
                .unwrap_or(legal[0]),
        };
        let moved_a7 = matches!(t, Turn::Move { from, .. } if from == n("a7"));
        g.play(t).unwrap();
        if moved_a7 {
            let Turn::Move { to, .. } = t else {
                unreachable!()
            };
            let tags = g.tags(Seat::Red);
            if g.position().at(to).is_some_and(|p| p.side() == Seat::Blue) {
                assert_eq!(tags, vec![(to, "40?")]);
            } else {
                assert!(tags.is_empty());
            }
            let back = Game::from_ron(&g.to_ron()).unwrap();
            assert_eq!(back.tags(Seat::Red), g.tags(Seat::Red));
            return;
        }
    }
    panic!("the tagged piece never moved");
}
