//! `junqi arena` and `junqi game show` through the binary.

use crate::common;

use common::cli::{junqi, text};
use junqi::engine::{Action, Formation, Game, Rules, Start, Turn, rng::SplitMix64};
use std::path::Path;
use std::process::Output;

/// The arena's last stdout line, split into its `key=value` fields (checked to be in order).
fn arena_fields(o: &Output) -> Vec<(String, String)> {
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let last = out.lines().last().expect("a result line");
    let rest = last.strip_prefix("arena: ").expect("starts with 'arena: '");
    let fields: Vec<(String, String)> = rest
        .split(' ')
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("key=value");
            (k.to_string(), v.to_string())
        })
        .collect();
    let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "games",
            "a_wins",
            "draws",
            "b_wins",
            "a_ms_median",
            "a_ms_p95",
            "b_ms_median",
            "b_ms_p95"
        ]
    );
    for (k, v) in &fields[4..] {
        let (whole, frac) = v.split_once('.').unwrap_or_else(|| panic!("{k}={v}"));
        assert!(whole.parse::<u64>().is_ok() && frac.len() == 3, "{k}={v}");
    }
    fields
}

fn counts(f: &[(String, String)]) -> [u32; 4] {
    [0, 1, 2, 3].map(|i| f[i].1.parse().unwrap())
}

#[test]
fn arena_plays_games_to_the_end_in_every_mode() {
    for mode in ["open", "hidden", "flip"] {
        let o = junqi(&[
            "arena", "--mode", mode, "--a", "greedy", "--b", "random", "--games", "4", "--seed",
            "9",
        ]);
        let [games, w, d, l] = counts(&arena_fields(&o));
        assert_eq!(games, 4);
        assert_eq!(w + d + l, 4, "{mode}");
        assert!(text(&o.stderr).contains("4/4 games"), "{mode}: progress");
    }
}

#[test]
fn arena_survives_refused_flag_attacks_in_hidden_mode() {
    // Only engineers may take the flag: other attacks on the (unknown) flag are refused by the
    // referee and the player must choose again.
    let o = junqi(&[
        "arena",
        "--mode",
        "hidden",
        "--flag-takers",
        "engineer",
        "--flag-needs-mines-cleared",
        "--a",
        "random",
        "--b",
        "greedy",
        "--games",
        "6",
        "--seed",
        "2",
    ]);
    let [games, w, d, l] = counts(&arena_fields(&o));
    assert_eq!((games, w + d + l), (6, 6));
}

#[test]
fn arena_is_deterministic_whatever_the_thread_count() {
    let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let mut results = Vec::new();
    for (dir, threads) in dirs.iter().zip(["1", "3"]) {
        let o = junqi(&[
            "arena",
            "--mode",
            "hidden",
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "5",
            "--seed",
            "42",
            "--threads",
            threads,
            "--quiet-limit",
            "40",
            "--record",
            dir.path().to_str().unwrap(),
        ]);
        results.push(counts(&arena_fields(&o)));
    }
    assert_eq!(results[0], results[1]);
    let names = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        v.sort();
        v
    };
    let expected: Vec<String> = (1..=5).map(|i| format!("game-{i:04}.ron")).collect();
    assert_eq!(names(dirs[0].path()), expected, "no temporary files left");
    assert_eq!(names(dirs[1].path()), expected);
    for n in &expected {
        let a = std::fs::read_to_string(dirs[0].path().join(n)).unwrap();
        let b = std::fs::read_to_string(dirs[1].path().join(n)).unwrap();
        assert_eq!(a, b, "{n} differs between thread counts");
        let g = Game::from_ron(&a).unwrap();
        assert!(g.status().is_over());
        assert_eq!(g.rules().quiet_limit, 40, "house rules are recorded");
    }
}

#[test]
fn arena_plays_four_player_games_in_open_and_hidden_mode() {
    for mode in ["open", "hidden"] {
        let o = junqi(&[
            "arena",
            "--players",
            "4",
            "--mode",
            mode,
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "6",
            "--seed",
            "2",
        ]);
        let [games, w, d, l] = counts(&arena_fields(&o));
        assert_eq!(games, 6);
        assert_eq!(w + d + l, 6, "{mode}");
        assert!(text(&o.stderr).contains("6/6 games"), "{mode}: progress");
    }
    // Deterministic for a seed whatever the thread count; four-player records.
    let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let run = |threads: &str, dir: &Path| {
        counts(&arena_fields(&junqi(&[
            "arena",
            "--players",
            "4",
            "--mode",
            "hidden",
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "4",
            "--seed",
            "5",
            "--threads",
            threads,
            "--record",
            dir.to_str().unwrap(),
        ])))
    };
    assert_eq!(run("1", dirs[0].path()), run("3", dirs[1].path()));
    for i in 1..=4 {
        let n = format!("game-{i:04}.ron");
        let a = std::fs::read_to_string(dirs[0].path().join(&n)).unwrap();
        let b = std::fs::read_to_string(dirs[1].path().join(&n)).unwrap();
        assert_eq!(a, b, "{n} differs between thread counts");
        let g = Game::from_ron(&a).unwrap();
        assert!(g.status().is_over());
        assert!(g.position().board().is_four(), "{n} is a four-player game");
        let info = &g.record().info;
        let spec = |seat: &str| &info.iter().find(|(k, _)| k == seat).unwrap().1;
        // Team A (random) sits South and North in the first game, East and West in the second.
        let a_seats = if i % 2 == 1 {
            ["south", "north"]
        } else {
            ["east", "west"]
        };
        for s in a_seats {
            assert_eq!(spec(s), "random", "{n}: {s}");
        }
    }
}

#[test]
fn arena_refuses_four_player_flip_mode_and_bad_player_counts() {
    for (args, expect) in [
        (
            &[
                "arena",
                "--players",
                "4",
                "--mode",
                "flip",
                "--a",
                "random",
                "--b",
                "random",
                "--games",
                "2",
            ][..],
            "flip",
        ),
        (
            &[
                "arena",
                "--players",
                "3",
                "--a",
                "random",
                "--b",
                "random",
                "--games",
                "2",
            ][..],
            "--players",
        ),
    ] {
        let o = junqi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
}

#[test]
fn arena_refuses_bad_options() {
    for (args, expect) in [
        (
            &["arena", "--a", "deep-blue", "--b", "random", "--games", "2"][..],
            "unknown player 'deep-blue'",
        ),
        (
            &[
                "arena",
                "--a",
                "random",
                "--b",
                "ai:normal:nodes=0",
                "--games",
                "2",
            ][..],
            "player 'ai:normal:nodes=0': 'nodes=0' needs N a whole number 1 to 1000000000",
        ),
        (
            &[
                "arena",
                "--a",
                "ai:hard:depth=3",
                "--b",
                "random",
                "--games",
                "2",
            ][..],
            "player 'ai:hard:depth=3': unknown suffix 'depth=3'",
        ),
        (&["arena", "--a", "random", "--b", "random"][..], "--games"),
        (
            &["arena", "--a", "random", "--b", "random", "--games", "0"][..],
            "--games",
        ),
        (
            &[
                "arena", "--a", "random", "--b", "random", "--games", "2", "--mode", "chess",
            ][..],
            "--mode",
        ),
        (
            &[
                "arena",
                "--a",
                "random",
                "--b",
                "random",
                "--games",
                "2",
                "--threads",
                "x",
            ][..],
            "--threads",
        ),
    ] {
        let o = junqi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
}

#[test]
fn game_show_lists_every_turn_as_the_viewer_saw_it() {
    let dir = tempfile::tempdir().unwrap();
    let o = junqi(&[
        "arena",
        "--mode",
        "hidden",
        "--a",
        "greedy",
        "--b",
        "greedy",
        "--games",
        "1",
        "--seed",
        "3",
        "--record",
        dir.path().to_str().unwrap(),
    ]);
    arena_fields(&o);
    let file = dir.path().join("game-0001.ron");
    let game = Game::from_ron(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let plies = game.plies().len();
    let f = file.to_str().unwrap();
    let referee = text(&junqi(&["game", "show", f]).stdout);
    let lines: Vec<&str> = referee.lines().collect();
    assert_eq!(lines.len(), plies + 2);
    assert_eq!(
        lines[0],
        format!("0 start {}", game.start_position().notation())
    );
    for (i, ply) in game.plies().iter().enumerate() {
        assert_eq!(
            lines[i + 1],
            format!(
                "{} {} {}",
                i + 1,
                ply.turn.expect("a turn").notation(game.board()),
                ply.after.notation()
            )
        );
    }
    assert_eq!(
        lines[plies + 1],
        format!("result: {}", game.status().word())
    );
    assert_ne!(lines[plies + 1], "result: ongoing");
    // Red sees its own pieces and Blue's backs; the referee's listing only differs in Blue's cells.
    let red = text(&junqi(&["game", "show", "--as", "red", f]).stdout);
    let red1 = red.lines().next().unwrap();
    assert!(
        red1.contains("r9") && red1.contains("b?") && !red1.contains("b9"),
        "{red1}"
    );
    let blue = text(&junqi(&["game", "show", "--as", "blue", f]).stdout);
    let blue1 = blue.lines().next().unwrap();
    assert!(
        blue1.contains("b9") && blue1.contains("r?") && !blue1.contains("r9"),
        "{blue1}"
    );
    assert_eq!(red.lines().count(), plies + 2);
}

/// A record of an open game with a few turns, unfinished.
fn short_record() -> String {
    let rules = Rules::default();
    let mut rng = SplitMix64::new(5);
    let red = Formation::random(&mut rng, &rules);
    let blue = Formation::random(&mut rng, &rules);
    let mut g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
    for _ in 0..4 {
        let t: Turn = g.position().legal_turns(&rules)[0];
        g.play(t).unwrap();
    }
    g.to_ron()
}

#[test]
fn game_show_of_an_unfinished_game_and_a_resignation() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("short.ron");
    std::fs::write(&path, short_record()).unwrap();
    let o = junqi(&["game", "show", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(out.lines().count(), 6);
    assert!(out.lines().nth(4).unwrap().starts_with("4 "));
    assert_eq!(out.lines().last(), Some("result: ongoing"));

    let mut g = Game::from_ron(&short_record()).unwrap();
    g.act(Action::Resign(junqi::engine::Seat::Red)).unwrap();
    std::fs::write(&path, g.to_ron()).unwrap();
    let out = text(&junqi(&["game", "show", path.to_str().unwrap()]).stdout);
    assert_eq!(out.lines().last(), Some("result: blue-wins resignation"));
}

#[test]
fn game_show_refuses_bad_files_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = short_record();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("binary.ron", vec![0xc3, 0x28, b'x'], "not UTF-8"),
        ("huge.ron", vec![b' '; 5 * 1024 * 1024], "larger than"),
        ("empty.ron", Vec::new(), "line 1, column 1"),
        (
            "syntax.ron",
            good.replacen("version: 1,", "version: 1,,", 1).into_bytes(),
            "line 3, column",
        ),
        (
            "version.ron",
            good.replacen("version: 1,", "version: 99,", 1).into_bytes(),
            "version 99",
        ),
        (
            "illegal.ron",
            good.replacen("Turn(\"", "Turn(\"a1-a12\"),Turn(\"", 1)
                .into_bytes(),
            "action 1",
        ),
        (
            "nonsquare.ron",
            good.replacen("Turn(\"", "Turn(\"z9-a1\"),Turn(\"", 1)
                .into_bytes(),
            "not a square",
        ),
    ];
    for (name, bytes, expect) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).unwrap();
        let o = junqi(&["game", "show", path.to_str().unwrap()]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(o.stdout.is_empty(), "{name}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(
            err.contains(name) && err.contains(expect),
            "{name}: expected '{expect}' in {err}"
        );
    }
    for args in [
        &["game", "show", "/nonexistent/game.ron"][..],
        &["game", "show"][..],
        &["game", "show", "--as", "green", "x.ron"][..],
        &["game", "replay", "x.ron"][..],
    ] {
        let o = junqi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        assert_eq!(text(&o.stderr).lines().count(), 1, "{args:?}");
    }
}

/// An unfinished game of `mode` (two players), after a few turns, written to `dir/name`.
fn unfinished(dir: &Path, name: &str, mode: junqi::engine::Mode) -> std::path::PathBuf {
    let rules = Rules::for_mode(mode);
    let mut g = Game::new(rules.clone(), Start::random(&rules, 7)).unwrap();
    for _ in 0..3 {
        let t: Turn = g.position().legal_turns(&rules)[0];
        g.play(t).unwrap();
    }
    assert!(!g.status().is_over());
    let path = dir.join(name);
    std::fs::write(&path, g.to_ron()).unwrap();
    path
}

/// No viewpoint of an unfinished hidden game is free, so `game show` of one
/// needs `--as` (one line naming the option and the sides, exit 2, nothing on stdout); finished and
/// open games show their whole record without it; an unfinished flip game shows the public view
/// (face-down pieces as `??`) unless `--as referee` is said.
#[test]
fn game_show_of_an_unfinished_hidden_game_needs_as() {
    use junqi::engine::Mode;
    let dir = tempfile::tempdir().unwrap();
    let hidden = unfinished(dir.path(), "hidden.ron", Mode::Hidden);
    let h = hidden.to_str().unwrap();
    let o = junqi(&["game", "show", h]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty(), "{}", text(&o.stdout));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--as") && err.contains("red|blue|referee") && err.contains("hidden.ron"),
        "{err}"
    );
    // Said explicitly, every view works.
    for viewer in ["red", "blue", "referee"] {
        let o = junqi(&["game", "show", "--as", viewer, h]);
        assert_eq!(o.status.code(), Some(0), "{viewer}: {}", text(&o.stderr));
    }
    let red = text(&junqi(&["game", "show", "--as", "red", h]).stdout);
    assert!(red.contains("b?") && !red.contains("r?"), "{red}");

    // Flip: without --as the public view, the same as either side's; the referee needs saying.
    let flip = unfinished(dir.path(), "flip.ron", Mode::Flip);
    let f = flip.to_str().unwrap();
    let o = junqi(&["game", "show", f]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let public = text(&o.stdout);
    assert!(public.contains("??"), "{public}");
    assert_eq!(
        public,
        text(&junqi(&["game", "show", "--as", "red", f]).stdout)
    );
    assert_eq!(
        public,
        text(&junqi(&["game", "show", "--as", "blue", f]).stdout)
    );
    let referee = text(&junqi(&["game", "show", "--as", "referee", f]).stdout);
    assert!(!referee.contains("??"), "{referee}");

    // Open games and finished hidden games need no --as.
    let open = unfinished(dir.path(), "open.ron", Mode::Open);
    let o = junqi(&["game", "show", open.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut g = Game::from_ron(&std::fs::read_to_string(&hidden).unwrap()).unwrap();
    g.act(Action::Resign(junqi::engine::Seat::Blue)).unwrap();
    std::fs::write(&hidden, g.to_ron()).unwrap();
    let o = junqi(&["game", "show", h]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(!text(&o.stdout).contains("b?"));
}

/// `junqi game review` on a recorded game: one line per turn in the documented format, then the
/// result; the same output twice; `--as` keeps one side's turns.
#[test]
fn game_review_judges_every_turn_of_a_recorded_game() {
    let dir = tempfile::tempdir().unwrap();
    let o = junqi(&[
        "arena",
        "--mode",
        "hidden",
        "--turn-limit",
        "24",
        "--a",
        "greedy",
        "--b",
        "greedy",
        "--games",
        "1",
        "--seed",
        "3",
        "--record",
        dir.path().to_str().unwrap(),
    ]);
    arena_fields(&o);
    let file = dir.path().join("game-0001.ron");
    let f = file.to_str().unwrap();
    let game = Game::from_ron(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let plies = game.plies().len();
    assert!(game.status().is_over() && plies > 4, "{plies}");
    let args = [
        "game", "review", "--level", "easy", "--nodes", "1500", "--lang", "en", f,
    ];
    let o = junqi(&args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), plies + 1, "{out}");
    assert_eq!(lines[plies], format!("result: {}", game.status().word()));
    for (i, (l, ply)) in lines.iter().zip(game.plies()).enumerate() {
        let (l, words) = l
            .split_once(" | ")
            .unwrap_or_else(|| panic!("no words: {l}"));
        let w: Vec<&str> = l.split(' ').collect();
        let who = if i % 2 == 0 { "red" } else { "blue" };
        let turn = ply.turn.unwrap().notation(game.board());
        assert_eq!(
            w[..3],
            [(i + 1).to_string().as_str(), who, turn.as_str()],
            "{l}"
        );
        assert!(w.len() == 6 || w.len() == 7, "{l}");
        let score = |key: &str, v: &str| {
            let n = v.strip_prefix(key).unwrap_or_else(|| panic!("{l}"));
            assert!(n.starts_with('+') || n.starts_with('-'), "{l}");
            n.parse::<i32>().unwrap()
        };
        let (before, after) = (score("before=", w[3]), score("after=", w[4]));
        let best = w[5].strip_prefix("best=").unwrap_or_else(|| panic!("{l}"));
        assert!(Turn::parse(best, game.board()).is_ok(), "{l}");
        let loss = (before - after).max(0);
        let mark = w.get(6).copied().unwrap_or("");
        let want = if loss >= 100 {
            "??"
        } else if loss >= 40 {
            "?"
        } else {
            ""
        };
        assert_eq!(mark, want, "{l}");
        if best == turn {
            assert_eq!((before, mark), (after, ""), "{l}");
        }
        // The words of the window's review: the side that moved, no raw figure.
        let side = if who == "red" { "Red" } else { "Blue" };
        assert!(
            words.starts_with(&format!("{side} played {turn}")),
            "{words}"
        );
        for n in [before, after, loss] {
            assert!(
                n.abs() < 10 || !words.contains(&n.abs().to_string()),
                "{words}"
            );
        }
        match mark {
            "??" => assert!(words.contains("blunder (??)"), "{words}"),
            "?" => assert!(words.contains("dubious (?)"), "{words}"),
            _ => assert!(!words.contains("(?"), "{words}"),
        }
    }
    let err = text(&o.stderr);
    assert!(err.contains("100%"), "{err}");
    assert_eq!(text(&junqi(&args).stdout), out, "the same review twice");
    let blue = text(
        &junqi(&[
            "game", "review", "--level", "easy", "--nodes", "1500", "--as", "blue", "--lang", "en",
            f,
        ])
        .stdout,
    );
    let blue_lines: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.split(' ').nth(1) == Some("blue"))
        .collect();
    assert_eq!(blue.lines().count(), blue_lines.len() + 1);
    assert_eq!(
        blue.lines().collect::<Vec<_>>()[..blue_lines.len()],
        blue_lines[..]
    );
}

/// `junqi game review` says a game the search sees won or lost with the turns it takes, as the
/// window does, in either language: Red's major two steps from Blue's flag, which falls at
/// Red's second turn.
#[test]
fn game_review_says_within_how_many_turns_the_flag_falls() {
    let dir = tempfile::tempdir().unwrap();
    let start = "..bF....../........../..r5....../........../........../........../........../........b2/........../........../........../..rF...... r 0 0";
    let rules = junqi::engine::Rules::default();
    let mut game = Game::new(rules, junqi::engine::Start::Position(start.into())).unwrap();
    for t in ["b10-b11", "e5-e6", "b11-b12"] {
        let t = Turn::parse(t, game.board()).unwrap();
        game.play(t).unwrap();
    }
    assert!(game.status().is_over());
    let file = dir.path().join("flag.ron");
    std::fs::write(&file, game.to_ron()).unwrap();
    let f = file.to_str().unwrap();
    let review = |lang: &str| {
        let o = junqi(&[
            "game", "review", "--level", "easy", "--nodes", "3000", "--lang", lang, f,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let en = review("en");
    let lines: Vec<&str> = en.lines().collect();
    assert_eq!(lines.len(), 4, "{en}");
    assert!(lines[0].starts_with("1 red b10-b11 before=+5000 "), "{en}");
    assert!(
        lines[0].contains("before it Red could win within 3 turns"),
        "{en}"
    );
    assert!(
        lines[1].contains("Blue would lose within 2 turns whatever it played"),
        "{en}"
    );
    assert!(lines[2].contains("Red could win within 1 turn:"), "{en}");
    assert!(!en.contains("winning"), "{en}");
    let zh = review("zh");
    assert!(zh.contains("走之前红可在 3 回合内取胜"), "{zh}");
    assert!(zh.contains("2 回合内落败"), "{zh}");
    // The scores before the words are the same in both languages.
    let scores = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| l.split(" | ").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(scores(&en), scores(&zh));
    let o = junqi(&["game", "review", "--lang", "fr", f]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("'fr' is not a language"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn game_review_refuses_bad_input_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("short.ron");
    std::fs::write(&good, short_record()).unwrap();
    let notrecord = dir.path().join("layout.ron");
    std::fs::write(&notrecord, "(lines: [\"a\"])").unwrap();
    let g = good.to_str().unwrap();
    let n = notrecord.to_str().unwrap();
    for (args, expect) in [
        (&["game", "review", "/nonexistent/game.ron"][..], "game.ron"),
        (&["game", "review", n][..], "layout.ron"),
        (&["game", "review", "--as", "green", g][..], "red|blue"),
        (&["game", "review", "--as", "south", g][..], "red|blue"),
        (&["game", "review", "--level", "medium", g][..], "medium"),
        (&["game", "review", "--nodes", "0", g][..], "node"),
        (&["game", "review"][..], "FILE"),
    ] {
        let o = junqi(args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(expect),
            "{args:?}: expected '{expect}' in {err}"
        );
    }
    // An unfinished record: its turns are reviewed, and stderr says so.
    let o = junqi(&["game", "review", "--level", "easy", "--nodes", "500", g]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(out.lines().count(), 5, "{out}");
    assert_eq!(out.lines().last(), Some("result: ongoing"));
    assert!(
        text(&o.stderr).contains("unfinished"),
        "{}",
        text(&o.stderr)
    );
}
