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
    for block in include_str!("data/perft.txt").split("\n\n") {
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
