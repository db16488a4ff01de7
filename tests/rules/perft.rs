//! Perft regression data (`tests/data/perft.txt`): the legal turns at depth 1 (checked by hand and
//! against an independent generator) and the counts of turn sequences at depths 1–3.

use junqi::cli::parse_rules;
use junqi::engine::{Position, perft};

struct Entry {
    name: String,
    flags: Vec<String>,
    position: String,
    turns: Vec<String>,
    counts: Vec<u64>,
}

fn entries() -> Vec<Entry> {
    let mut out = Vec::new();
    for block in include_str!("../data/perft.txt").split("\n\n") {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
        };
        let Some(name) = field("name:") else { continue };
        let words = |key: &str| -> Vec<String> {
            field(key)
                .unwrap_or_default()
                .split_whitespace()
                .map(String::from)
                .collect()
        };
        out.push(Entry {
            flags: words("flags:"),
            position: field("position:").unwrap_or_else(|| panic!("{name}: no position")),
            turns: words("turns:"),
            counts: words("perft:")
                .iter()
                .map(|c| {
                    c.parse()
                        .unwrap_or_else(|_| panic!("{name}: bad count {c}"))
                })
                .collect(),
            name,
        });
    }
    out
}

#[test]
fn perft_data_covers_modes_and_house_rules() {
    let es = entries();
    assert!(es.len() >= 9, "{} entries", es.len());
    let all: Vec<String> = es.iter().flat_map(|e| e.flags.clone()).collect();
    for flag in [
        "hidden",
        "flip",
        "--flying-bombs",
        "spring",
        "--movable-hq",
        "--rail-turn-for-all",
        "--flag-takers",
    ] {
        assert!(all.iter().any(|f| f == flag), "no entry uses {flag}");
    }
    assert_eq!(es[0].counts, [34, 1162, 36368], "the NOTATION.md example");
}

#[test]
fn perft_regression() {
    for e in entries() {
        let (rules, rest) =
            parse_rules(&e.flags).unwrap_or_else(|err| panic!("{}: flags: {}", e.name, err.0));
        assert!(rest.is_empty(), "{}: stray flags {rest:?}", e.name);
        let pos = Position::from_notation(&e.position, &rules)
            .unwrap_or_else(|err| panic!("{}: {err}", e.name));
        let mut turns: Vec<String> = pos
            .legal_turns(&rules)
            .iter()
            .map(|t| t.notation(pos.board()))
            .collect();
        turns.sort();
        assert_eq!(turns, e.turns, "{}: depth-1 turns", e.name);
        assert_eq!(e.counts.len(), 3, "{}: counts for depths 1-3", e.name);
        for (d, &want) in e.counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(
                perft(&pos, &rules, depth),
                want,
                "{}: perft {depth}",
                e.name
            );
        }
    }
}

/// The four-player start of NOTATION.md.
const FOUR_START: &str = "n2n1nMnFnM/n3nBn5nMn7/n4..n6..n1/n2n9..nBn8/n4..n1..n5/n3n6n2n7n3/wMw7w1w8w5w3......e3e4e2e4e3e2/wFwM..wB..w7e6..e9..eBe1/wMw5w6..w1w2......e2e1..e6e5eM/w1wB..w9..w6e7..eB..eMeF/w2w3w4w2w4w3......e3e5e8e1e7eM/s3s7s2s6s3/s5..s1..s4/s8sB..s9s2/s1..s6..s4/s7sMs5sBs3/sMsFsMs1s2 s 0 0 -";

#[test]
fn four_player_perft_from_the_notation_md_start() {
    let rules = junqi::engine::Rules::default();
    let pos = Position::from_notation(FOUR_START, &rules).unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&pos, &rules, d)).collect();
    assert_eq!(counts, [42, 1762, 73458]);
}

/// Depth 4 (3,061,612): about a second in a debug build; run with `cargo test -- --ignored`.
#[test]
#[ignore]
fn four_player_perft_4_from_the_notation_md_start() {
    let rules = junqi::engine::Rules::default();
    let pos = Position::from_notation(FOUR_START, &rules).unwrap();
    assert_eq!(perft(&pos, &rules, 4), 3_061_612);
}
