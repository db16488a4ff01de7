//! The reference cases of `tests/data/turns.txt` and `tests/data/four.txt` (copies of the project's
//! two golden files: two players, and the four players of RULES.md section 9), checked through the
//! library and through the built binary (a few two-player cases, every four-player case), and bad
//! input through the binary.

use crate::common;

use common::cli::text;
use junqi::cli::parse_rules;
use junqi::engine::{Position, Rules, Turn, perft};

struct Case {
    number: String,
    flags: Vec<String>,
    position: String,
    turns: Vec<String>,
    perft2: u64,
    line: Vec<String>,
    after: Option<String>,
    result: Option<String>,
}

/// The two-player cases.
fn cases() -> Vec<Case> {
    parse_cases(include_str!("../data/turns.txt"))
}

/// The four-player cases.
fn four_cases() -> Vec<Case> {
    parse_cases(include_str!("../data/four.txt"))
}

/// Both files' cases.
fn all_cases() -> Vec<Case> {
    let mut all = cases();
    all.extend(four_cases());
    all
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut fields = std::collections::HashMap::new();
        let mut number = None;
        for line in block.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if let Some(n) = line.strip_prefix("case ") {
                number = Some(n.to_string());
                continue;
            }
            let (key, val) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("line without a key: {line}"));
            fields.insert(key.to_string(), val.trim().to_string());
        }
        let Some(number) = number else { continue };
        let words = |k: &str| -> Vec<String> {
            fields
                .get(k)
                .map(|v| v.split_whitespace().map(String::from).collect())
                .unwrap_or_default()
        };
        out.push(Case {
            flags: words("flags"),
            position: fields["position"].clone(),
            turns: words("turns"),
            perft2: fields["perft2"].parse().expect("perft2 is a number"),
            line: words("line"),
            after: fields.get("after").cloned(),
            result: fields.get("result").cloned(),
            number,
        });
    }
    out
}

fn rules_of(case: &Case) -> Rules {
    parse_rules(&case.flags)
        .unwrap_or_else(|e| panic!("case {}: flags: {}", case.number, e.0))
        .0
}

#[test]
fn golden_file_has_all_cases() {
    for (cs, n) in [(cases(), 34), (four_cases(), 46)] {
        assert_eq!(cs.len(), n);
        for (i, c) in cs.iter().enumerate() {
            assert_eq!(c.number, (i + 1).to_string());
        }
    }
}

#[test]
fn golden_moves_sorted() {
    for c in all_cases() {
        let rules = rules_of(&c);
        let pos = Position::from_notation(&c.position, &rules)
            .unwrap_or_else(|e| panic!("case {}: {e}", c.number));
        let mut got: Vec<String> = pos
            .legal_turns(&rules)
            .iter()
            .map(|t| t.notation(pos.board()))
            .collect();
        got.sort();
        assert_eq!(got, c.turns, "case {}: legal turns", c.number);
        assert_eq!(
            perft(&pos, &rules, 1),
            c.turns.len() as u64,
            "case {}: perft 1",
            c.number
        );
    }
}

#[test]
fn golden_perft_2() {
    for c in all_cases() {
        let rules = rules_of(&c);
        let pos = Position::from_notation(&c.position, &rules).unwrap();
        assert_eq!(
            perft(&pos, &rules, 2),
            c.perft2,
            "case {}: perft 2",
            c.number
        );
    }
}

#[test]
fn golden_lines_after_and_result() {
    for c in all_cases() {
        if c.line.is_empty() {
            continue;
        }
        let rules = rules_of(&c);
        let mut pos = Position::from_notation(&c.position, &rules).unwrap();
        for (i, t) in c.line.iter().enumerate() {
            let turn = Turn::parse(t, pos.board())
                .unwrap_or_else(|e| panic!("case {}: turn {} '{t}': {e}", c.number, i + 1));
            if let Err(e) = pos.play(&rules, turn) {
                panic!("case {}: turn {} '{t}' refused: {e}", c.number, i + 1);
            }
        }
        assert_eq!(Some(pos.notation()), c.after, "case {}: after", c.number);
        // The position written back reads back to itself.
        let again = Position::from_notation(&pos.notation(), &rules)
            .unwrap_or_else(|e| panic!("case {}: after reads back: {e}", c.number));
        assert_eq!(again.notation(), pos.notation(), "case {}", c.number);
        assert_eq!(
            Some(pos.status(&rules).word()),
            c.result,
            "case {}: result",
            c.number
        );
    }
}

/// The binary's exit code, stdout and stderr.
fn junqi(args: &[&str]) -> (i32, String, String) {
    let out = common::cli::junqi(args);
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

#[test]
fn golden_positions_read_back_byte_identically() {
    for c in all_cases() {
        let rules = rules_of(&c);
        let pos = Position::from_notation(&c.position, &rules).unwrap();
        assert_eq!(pos.notation(), c.position, "case {}", c.number);
    }
}

/// One case through the binary: `moves`, `perft 2` and `apply` print what the case says.
fn check_case_with_binary(c: &Case) {
    let n = &c.number;
    let flags: Vec<&str> = c.flags.iter().map(String::as_str).collect();
    let mut args = vec!["moves"];
    args.extend(&flags);
    args.push(&c.position);
    let (code, out, err) = junqi(&args);
    assert_eq!((code, err.as_str()), (0, ""), "case {n}: moves");
    let expect: String = c.turns.iter().map(|t| format!("{t}\n")).collect();
    assert_eq!(out, expect, "case {n}: moves output in byte order");

    let mut args = vec!["perft"];
    args.extend(&flags);
    args.extend([c.position.as_str(), "2"]);
    let (code, out, _) = junqi(&args);
    assert_eq!(
        (code, out),
        (0, format!("{}\n", c.perft2)),
        "case {n}: perft"
    );

    let mut args = vec!["apply"];
    args.extend(&flags);
    args.push(&c.position);
    args.extend(c.line.iter().map(String::as_str));
    let (code, out, _) = junqi(&args);
    assert_eq!(code, 0, "case {n}: apply");
    assert_eq!(
        out,
        format!(
            "{}\nresult: {}\n",
            c.after.as_deref().unwrap(),
            c.result.as_deref().unwrap()
        ),
        "case {n}: apply output"
    );
}

#[test]
fn binary_answers_golden_cases() {
    let cs = cases();
    // One open, one hidden, one flip case.
    for n in ["1", "16", "25"] {
        check_case_with_binary(cs.iter().find(|c| c.number == n).unwrap());
    }
}

#[test]
fn binary_answers_every_four_player_case() {
    for c in four_cases() {
        check_case_with_binary(&c);
    }
}

#[test]
fn binary_bad_four_player_input_exits_2_with_one_line_on_stderr() {
    let cs = four_cases();
    let start = &cs[0].position; // case 1: East to move, nobody out
    let no_out_field = start.trim_end_matches(" -").to_string();
    // South out (listed) while its pieces stand on the board.
    let out_with_pieces = format!("{no_out_field} sr");
    // South's flag (h1) gone while South is in.
    let flagless = start.replacen("s2sFsMs2sM e", "s2..sMs2sM e", 1);
    // NOTATION.md's third worked example after its turn, with East (out) to move.
    let mover_out = "......nF../........../........../........../........../....n2..../............................../wF....................../..........w4................../......................../............................../........../..s3....../........../........../........../..sF...... e 0 1 em";
    let face_down = start.replacen("s2sFsMs2sM e", "S2sFsMs2sM e", 1);
    let bad_out = format!("{no_out_field} sx");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["moves", &no_out_field], "5 fields"),
        (vec!["moves", &out_with_pieces], "still has pieces"),
        (vec!["moves", &flagless], "South"),
        (vec!["moves", mover_out], "East is to move but is out"),
        (vec!["moves", &face_down], "face down"),
        (vec!["moves", &bad_out], "reason"),
        (vec!["moves", "--mode", "flip", start], "four players"),
        (vec!["perft", "--order", "up", start, "1"], "--order"),
        (vec!["apply", start, "g11-g12"], "illegal"),
    ];
    for (args, says) in cases {
        let (code, out, err) = junqi(&args);
        assert_eq!(code, 2, "{args:?}: exit status");
        assert_eq!(out, "", "{args:?}: nothing on stdout");
        assert_eq!(
            err.lines().count(),
            1,
            "{args:?}: one line on stderr: {err:?}"
        );
        assert!(err.contains(says), "{args:?}: {err:?} should name '{says}'");
    }
}

#[test]
fn binary_bad_input_exits_2_with_one_line_on_stderr() {
    let cs = cases();
    let open = &cs[0].position; // case 1: open, Red to move
    let bad_rank = open.replacen("bMbFbMb4b1", "bMbFbMb4", 1);
    let five_engineers = open.replacen("bMbFbMb4b1", "b1bFbMb1b1", 1);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["moves", "not a position"], "4 fields"),
        (vec!["moves", &bad_rank], "rank 12"),
        (
            vec!["moves", "--movable-hq", &five_engineers],
            "Blue has 5 engineers",
        ),
        (vec!["apply", "--movable-hq", open, "a4-a9"], "illegal"),
        (vec!["apply", "--movable-hq", open, "z9-a1"], "z9"),
        (vec!["moves", "--mode", "chess", open], "--mode"),
        (vec!["moves", "--no-such-flag", open], "--no-such-flag"),
        (vec!["perft", open, "deep"], "depth"),
        (
            vec!["perft", "--quiet-limit", "0", open, "1"],
            "--quiet-limit",
        ),
        (vec!["frobnicate"], "frobnicate"),
    ];
    for (args, says) in cases {
        let (code, out, err) = junqi(&args);
        assert_eq!(code, 2, "{args:?}: exit status");
        assert_eq!(out, "", "{args:?}: nothing on stdout");
        assert_eq!(
            err.lines().count(),
            1,
            "{args:?}: one line on stderr: {err:?}"
        );
        assert!(err.ends_with('\n'), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err:?} should name '{says}'");
    }
}
