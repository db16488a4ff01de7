//! `junqi game show --as s|e|n|w|referee` on four-player game records, through the binary.

use crate::common;

use common::cli::{junqi, text};
use junqi::engine::{Action, Game, Mode, Rules, Seat, Start, Turn};

/// A hidden four-player game: a few plain turns, a lost turn, West resigns.
fn four_record() -> Game {
    let rules = Rules {
        move_clock: Some(30),
        ..Rules::for_mode(Mode::Hidden)
    };
    let mut g = Game::new(rules.clone(), Start::random_four(&rules, 11)).unwrap();
    for _ in 0..5 {
        let pos = *g.position();
        let t: Turn = pos
            .legal_turns(&rules)
            .into_iter()
            .find(|t| matches!(t, Turn::Move { to, .. } if pos.at(*to).is_none()))
            .unwrap();
        g.play(t).unwrap();
    }
    let to_move = g.position().side_to_move().unwrap();
    g.act(Action::Timeout(to_move)).unwrap();
    g.act(Action::Resign(Seat::West)).unwrap();
    g
}

#[test]
fn game_show_lists_a_four_player_record_as_each_seat_saw_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("four.ron");
    let g = four_record();
    std::fs::write(&file, g.to_ron()).unwrap();
    let f = file.to_str().unwrap();
    let referee = junqi(&["game", "show", "--as", "referee", f]);
    assert_eq!(referee.status.code(), Some(0), "{}", text(&referee.stderr));
    let referee = text(&referee.stdout);
    let lines: Vec<&str> = referee.lines().collect();
    assert_eq!(lines.len(), g.plies().len() + 2);
    assert_eq!(
        lines[0],
        format!("0 start {}", g.start_position().notation())
    );
    assert!(lines[6].starts_with("6 timeout "), "{}", lines[6]);
    assert!(lines[6].ends_with(" wr"), "{}", lines[6]);
    assert_eq!(lines[7], "result: ongoing");
    for (letter, seat) in [("s", 's'), ("e", 'e'), ("n", 'n'), ("w", 'w')] {
        let o = junqi(&["game", "show", "--as", letter, f]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let out = text(&o.stdout);
        let first = out.lines().next().unwrap();
        // Its own pieces by name, every other seat's as `<seat>?`, nothing else.
        for other in ['s', 'e', 'n', 'w'] {
            let unknown = format!("{other}?");
            let marshal = format!("{other}9");
            if other == seat {
                assert!(
                    first.contains(&marshal) && !first.contains(&unknown),
                    "{first}"
                );
            } else {
                assert!(
                    first.contains(&unknown) && !first.contains(&marshal),
                    "{first}"
                );
            }
        }
        assert_eq!(out.lines().count(), lines.len());
    }
    // Long names work too.
    assert_eq!(
        junqi(&["game", "show", "--as", "north", f]).stdout,
        junqi(&["game", "show", "--as", "n", f]).stdout
    );
}

#[test]
fn game_show_refuses_a_viewer_the_record_has_no_seat_for() {
    let dir = tempfile::tempdir().unwrap();
    let four = dir.path().join("four.ron");
    std::fs::write(&four, four_record().to_ron()).unwrap();
    let rules = Rules::for_mode(Mode::Hidden);
    let two = dir.path().join("two.ron");
    let g = Game::new(rules.clone(), Start::random(&rules, 3)).unwrap();
    std::fs::write(&two, g.to_ron()).unwrap();
    for (viewer, file, says) in [
        ("red", &four, "s|e|n|w|referee"),
        ("blue", &four, "s|e|n|w|referee"),
        ("s", &two, "red|blue|referee"),
        ("w", &two, "red|blue|referee"),
    ] {
        let o = junqi(&["game", "show", "--as", viewer, file.to_str().unwrap()]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{viewer}: {err}");
        assert!(o.stdout.is_empty());
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(err.contains(says) && err.contains(viewer), "{err}");
    }
}
