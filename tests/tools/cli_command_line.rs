//! The command line through the binary: help, version, completions, usage errors as one line, the
//! house-rule flags (from the engine's `HouseRule`) on every command that plays or checks, and
//! `layout check` with the deployment flags.

use crate::common;

use common::cli::{junqi, text};
use junqi::engine::rules::HouseRule;
use junqi::engine::{Formation, Rank, Rules};
use std::path::{Path, PathBuf};

/// Exit 0, the text on stdout, nothing on stderr.
fn ok_stdout(args: &[&str]) -> String {
    let o = junqi(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
    assert!(o.stderr.is_empty(), "{args:?}: {}", text(&o.stderr));
    text(&o.stdout)
}

/// Exit 2, nothing on stdout, one line on stderr (returned).
fn refused(args: &[&str]) -> String {
    let o = junqi(args);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}: {}", text(&o.stdout));
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err:?}");
    assert!(err.starts_with("junqi: ") && err.ends_with('\n'), "{err:?}");
    assert!(!err.contains("Usage:"), "{args:?}: {err:?}");
    err
}

const START: &str = "b2b1bMbFbM/b3bBb5bMb7/b4..b6..b1/b2b9..bBb8/b4..b1..b5/b3b6b2b7b3/r3r7r2r6r3/r5..r1..r4/r8rB..r9r2/r1..r6..r4/r7rMr5rBr3/rMrFrMr1r2 r 0 0";

/// The commands that take the rules flags, as words.
const RULE_COMMANDS: [&[&str]; 5] = [
    &["moves"],
    &["perft"],
    &["apply"],
    &["arena"],
    &["layout", "check"],
];

#[test]
fn help_lists_every_command_and_goes_to_stdout() {
    let help = ok_stdout(&["--help"]);
    for cmd in [
        "moves",
        "perft",
        "apply",
        "arena",
        "serve",
        "connect",
        "game",
        "layout",
        "completions",
        "[FILE]",
    ] {
        assert!(help.contains(cmd), "--help names {cmd}: {help}");
    }
    assert!(help.lines().count() > 10, "{help}");
    assert!(ok_stdout(&["-h"]).contains("Usage: junqi [FILE]"));
    assert_eq!(ok_stdout(&["help"]), help);
}

#[test]
fn version_prints_the_package_version() {
    assert_eq!(
        ok_stdout(&["--version"]),
        format!("junqi {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(ok_stdout(&["-V"]), ok_stdout(&["--version"]));
}

#[test]
fn every_rules_command_documents_every_house_rule_flag_from_the_engine() {
    for cmd in RULE_COMMANDS {
        let mut args = cmd.to_vec();
        args.push("--help");
        let long = ok_stdout(&args);
        args.pop();
        args.push("-h");
        let short = ok_stdout(&args);
        let mut help_cmd = vec!["help"];
        help_cmd.extend(cmd);
        assert_eq!(ok_stdout(&help_cmd), long, "junqi help {cmd:?}");
        for help in [&long, &short] {
            assert!(
                help.contains("--mode") && help.contains("--rules"),
                "{cmd:?}"
            );
        }
        for rule in HouseRule::ALL {
            let t = rule.texts();
            let flag = format!("--{}", rule.flag());
            // The short help carries the English explanation, the long help both languages.
            for (help, explain) in [(&short, t.explain_en), (&long, t.explain_en)] {
                let at = help
                    .find(&format!("{flag} "))
                    .or_else(|| help.find(&format!("{flag}\n")))
                    .unwrap_or_else(|| panic!("{cmd:?}: {flag} in {help}"));
                assert!(help[at..].contains(explain), "{cmd:?}: {flag}");
            }
            assert!(long.contains(t.explain_zh) && long.contains(t.zh), "{flag}");
        }
    }
    // The commands' own options are documented too.
    let arena = ok_stdout(&["arena", "--help"]);
    for f in [
        "--a <SPEC>",
        "--b <SPEC>",
        "--games",
        "--seed",
        "--threads",
        "--record",
    ] {
        assert!(arena.contains(f), "arena --help: {f}");
    }
    let show = ok_stdout(&["game", "show", "--help"]);
    assert!(show.contains("--as") && show.contains("referee"), "{show}");
    assert!(ok_stdout(&["perft", "--help"]).contains("<DEPTH>"));
    assert!(ok_stdout(&["apply", "--help"]).contains("[TURNS]..."));
}

#[test]
fn moves_bogus_flag_exits_2_with_one_line() {
    let err = refused(&["moves", "--bogus", START]);
    assert!(err.contains("'--bogus'"), "{err}");
}

#[test]
fn usage_errors_are_one_line_on_stderr_with_exit_2() {
    for (args, says) in [
        (&["moves"][..], "<POSITION>"),
        (&["moves", START, "extra"], "'extra'"),
        (&["moves", "--mode", "chess", START], "--mode"),
        (&["moves", "--mine", "spring", START], "--mines"),
        (
            &["moves", "--mines", "spring", "--mines", "bomb", START],
            "--mines",
        ),
        (&["moves", "--flying-bombs=yes", START], "--flying-bombs"),
        (&["perft", START], "<DEPTH>"),
        (&["perft", START, "13"], "depth"),
        (&["perft", "--turn-limit", "x", START, "1"], "--turn-limit"),
        (&["apply", "--move-clock", "0", START], "--move-clock"),
        (&["arena", "--a", "random"], "--games"),
        (
            &[
                "arena", "--a", "random", "--b", "random", "--games", "2", "extra",
            ],
            "'extra'",
        ),
        (&["game"], "show"),
        (&["game", "show"], "<FILE>"),
        (&["game", "show", "--as", "green", "x.ron"], "green"),
        (&["layout"], "check"),
        (&["layout", "check"], "<FILE>"),
        (&["layout", "check", "--bogus", "x.ron"], "--bogus"),
        (&["completions"], "<SHELL>"),
        (&["completions", "tcsh"], "tcsh"),
        (&["help", "nosuch"], "nosuch"),
        (&["--bogus"], "--bogus"),
        (&["frobnicate"], "frobnicate"),
        (&["/nonexistent/game.ron"], "/nonexistent/game.ron"),
    ] {
        let err = refused(args);
        assert!(err.contains(says), "{args:?}: '{says}' in {err}");
    }
}

#[test]
fn completions_generate_for_bash_zsh_and_fish() {
    for shell in ["bash", "zsh", "fish"] {
        let script = ok_stdout(&["completions", shell]);
        for word in ["moves", "layout", "flying-bombs", "bombs-in-front-row"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    assert!(ok_stdout(&["completions", "bash"]).contains("complete -F _junqi"));
    assert!(ok_stdout(&["completions", "zsh"]).starts_with("#compdef junqi"));
}

#[test]
fn manpages_are_written_for_every_command_and_the_command_is_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let listed = ok_stdout(&["manpages", dir.path().to_str().unwrap()]);
    for page in [
        "junqi.1",
        "junqi-moves.1",
        "junqi-arena.1",
        "junqi-serve.1",
        "junqi-connect.1",
        "junqi-layout-check.1",
    ] {
        assert!(listed.lines().any(|l| l == page), "{page}: {listed}");
        let roff = std::fs::read_to_string(dir.path().join(page)).unwrap();
        assert!(roff.contains(".TH junqi"), "{page}: {roff}");
    }
    let main = std::fs::read_to_string(dir.path().join("junqi.1")).unwrap();
    assert!(
        main.contains("junqi\\-moves(1)") && !main.contains("manpages"),
        "{main}"
    );
    assert!(!ok_stdout(&["--help"]).contains("manpages"));
}

#[test]
fn rules_flags_change_the_answers_before_or_after_the_position() {
    // A quiet limit of 1: the first turn without a removal ends the game in a draw.
    let ongoing = ok_stdout(&["apply", START, "a2-b3"]);
    assert!(ongoing.ends_with("\nresult: ongoing\n"), "{ongoing}");
    for args in [
        &["apply", "--quiet-limit", "1", START, "a2-b3"][..],
        &["apply", START, "a2-b3", "--quiet-limit", "1"],
    ] {
        let out = ok_stdout(args);
        assert!(out.ends_with("\nresult: draw quiet-limit\n"), "{out}");
    }
    assert_eq!(ok_stdout(&["perft", START, "2"]), "1162\n");
    let rules = Rules {
        quiet_limit: 1,
        ..Rules::default()
    };
    let pos = junqi::engine::Position::from_notation(START, &rules).unwrap();
    let expect = junqi::engine::perft(&pos, &rules, 2);
    assert!(expect < 1162);
    assert_eq!(
        ok_stdout(&["perft", "--quiet-limit", "1", START, "2"]),
        format!("{expect}\n")
    );
    assert_eq!(
        ok_stdout(&["moves", "--quiet-limit", "1", START])
            .lines()
            .count(),
        34
    );
}

/// A shipped formation with a bomb moved into the front line (swapped with an officer there).
fn bomb_in_front_row(dir: &Path) -> PathBuf {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/solid-defence.ron");
    let mut f = Formation::from_ron(&std::fs::read_to_string(shipped).unwrap()).unwrap();
    let bomb = (2..=6u8)
        .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
        .find(|&(l, c)| f.at(l, c) == Some(Rank::Bomb))
        .expect("a bomb behind the front line");
    let front = (1..=5u8)
        .find(|&c| {
            f.at(1, c)
                .is_some_and(|r| r.is_movable() && r != Rank::Bomb)
        })
        .expect("an officer in the front line");
    let officer = f.at(1, front);
    f.set(1, front, Some(Rank::Bomb));
    f.set(bomb.0, bomb.1, officer);
    assert!(!f.problems(&Rules::default()).is_empty());
    let rules = Rules {
        bombs_in_front_row: true,
        ..Rules::default()
    };
    assert!(f.problems(&rules).is_empty(), "{:?}", f.problems(&rules));
    let path = dir.join("front-bomb.ron");
    std::fs::write(&path, f.to_ron()).unwrap();
    path
}

#[test]
fn layout_check_takes_the_deployment_flags() {
    let dir = tempfile::tempdir().unwrap();
    let path = bomb_in_front_row(dir.path());
    let file = path.to_str().unwrap();
    // Without the house rule: the bomb on the front line is a problem.
    let o = junqi(&["layout", "check", file]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.starts_with(&format!("{file}: ")) && err.contains("bomb on the front line"),
        "{err}"
    );
    // With it, before or after the file name, and from a rules file.
    for args in [
        vec!["layout", "check", "--bombs-in-front-row", file],
        vec!["layout", "check", file, "--bombs-in-front-row"],
        vec![
            "layout",
            "check",
            "--mode",
            "hidden",
            "--bombs-in-front-row",
            file,
        ],
    ] {
        assert_eq!(ok_stdout(&args), format!("{file}: ok\n"), "{args:?}");
    }
    let rules_file = dir.path().join("house.ron");
    std::fs::write(&rules_file, "(bombs_in_front_row: true)").unwrap();
    let out = ok_stdout(&[
        "layout",
        "check",
        "--rules",
        rules_file.to_str().unwrap(),
        file,
    ]);
    assert_eq!(out, format!("{file}: ok\n"));
    // Flip mode has no formations.
    let err = refused(&["layout", "check", "--mode", "flip", file]);
    assert!(err.contains("flip"), "{err}");
}
