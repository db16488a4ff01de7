//! The computer's own formations 布阵: sensible and varied rather than uniform random. The flag goes
//! in an HQ with mines around it, bombs where they trade well (second and third lines, beside the
//! camps, or behind the flag side), strong pieces on the railways, engineers kept back to dig mines
//! later, and a cheap piece in the HQ that does not hold the flag (it never moves again).

use crate::engine::formation::is_hq_square;
use crate::engine::rng::SplitMix64;
use crate::engine::{Formation, Rank, Rules};

/// Whether a square (owner's line 1–6, column 1–5) lies on a railway: lines 1 and 5 in full, and
/// columns 1 and 5 from line 1 to line 5 (the same for both sides).
fn on_rail(line: u8, col: u8) -> bool {
    line == 1 || line == 5 || ((col == 1 || col == 5) && line <= 5)
}

/// How much `rank` likes square (line, col) in a formation whose flag is in column `flag_col`
/// (higher is better; a random term is added by the caller).
fn liking(rank: Rank, line: u8, col: u8, flag_col: u8) -> i32 {
    let near_flag = (col as i32 - flag_col as i32).abs() <= 1;
    if is_hq_square(line, col) {
        // The HQ without the flag freezes whatever stands there: a cheap piece.
        return match rank {
            Rank::Lieutenant | Rank::Captain => 30,
            Rank::Engineer => 5,
            _ => -40,
        };
    }
    match rank {
        Rank::Bomb => {
            let mut s = match line {
                2 | 3 => 25,
                4 => 15,
                5 => 10,
                _ => 0,
            };
            if near_flag && line >= 4 {
                s += 10;
            }
            s
        }
        Rank::Marshal | Rank::General => {
            let mut s = match line {
                1 => 25,
                2 => 20,
                5 => 12,
                _ => 5,
            };
            if on_rail(line, col) {
                s += 10;
            }
            s
        }
        Rank::MajorGeneral | Rank::Brigadier => {
            let mut s = match line {
                1 | 2 => 15,
                3 | 4 => 12,
                _ => 6,
            };
            if on_rail(line, col) {
                s += 6;
            }
            s
        }
        Rank::Engineer => {
            let mut s = match line {
                4 | 5 => 18,
                3 => 10,
                6 => 8,
                _ => 2,
            };
            if on_rail(line, col) {
                s += 8;
            }
            s
        }
        Rank::Colonel | Rank::Major | Rank::Captain => match line {
            1 => 14,
            2 | 3 => 10,
            _ => 6,
        },
        Rank::Lieutenant => match line {
            1 => 12,
            6 => 10,
            _ => 6,
        },
        Rank::Mine | Rank::Flag => 0,
    }
}

/// The squares that guard a flag in the HQ of column `flag_col` (owner's line, column): left and
/// right of it, and in front of it.
pub fn guard_squares(flag_col: u8) -> [(u8, u8); 3] {
    [(6, flag_col - 1), (6, flag_col + 1), (5, flag_col)]
}

/// How many of the computer's formations `usual_ranks` counts.
const USUAL_SAMPLE: u64 = 4000;

/// How usual each rank is on each square of a formation (owner's line 1–6, column 1–5), as a
/// weight in hundredths: 100 is as often as a uniformly random formation would put it there,
/// 300 three times as often. The formations are taken to be, half of the time, like the
/// computer's own (`ai_formation`, which follows the usual advice of 布阵: strong pieces forward
/// on the railways, bombs in the second and third lines, engineers held back, a cheap piece in the
/// HQ without the flag; counted once over `USUAL_SAMPLE` of them), and the other half anything at
/// all — so every weight is at least 50: no formation, a human's, is ruled out, and a rank found
/// where the computer never puts it is only half as likely as in a uniform deal.
/// `weights[line - 1][col - 1][rank as usize]`.
pub fn usual_ranks() -> &'static [[[u32; 13]; 5]; 6] {
    // Worked out once, ahead of time, by `count_usual_ranks` (a test checks the two agree), so
    // the first hidden turn of the hard computer does not pay for 4000 formations.
    &super::usual_ranks_table::USUAL_RANKS
}

/// `usual_ranks` worked out from the formations themselves.
pub fn count_usual_ranks() -> [[[u32; 13]; 5]; 6] {
    let rules = Rules::default();
    let mut seen = [[[0u32; 13]; 5]; 6];
    for seed in 0..USUAL_SAMPLE {
        let f = usual_formation(&mut SplitMix64::new(0x5eed_0000 + seed), &rules);
        for line in 1..=6u8 {
            for col in 1..=5u8 {
                if let Some(r) = f.at(line, col) {
                    seen[line as usize - 1][col as usize - 1][r as usize] += 1;
                }
            }
        }
    }
    let mut w = [[[100u32; 13]; 5]; 6];
    for line in 0..6 {
        for col in 0..5 {
            for r in Rank::ALL {
                // A uniform formation puts `r` on a square count/25 of the time.
                let uniform = USUAL_SAMPLE as f64 * r.count() as f64 / 25.0;
                let ratio = seen[line][col][r as usize] as f64 / uniform;
                w[line][col][r as usize] = (50.0 + 50.0 * ratio).round() as u32;
            }
        }
    }
    w
}

/// The text of `src/ai/usual_ranks_table.rs` for a table.
pub fn usual_ranks_source(w: &[[[u32; 13]; 5]; 6]) -> String {
    let mut s = String::from(
        "//! `formation::usual_ranks`, worked out ahead of time by `formation::count_usual_ranks`\n\
         //! (the test `the_usual_ranks_table_is_what_the_formations_give` checks it and, when the\n\
         //! computer's formations change, says how to write it again). Do not edit by hand.\n\n\
         /// `USUAL_RANKS[line - 1][col - 1][rank as usize]`, in hundredths.\n\
         #[rustfmt::skip]\n\
         pub const USUAL_RANKS: [[[u32; 13]; 5]; 6] = [\n",
    );
    for line in w {
        s.push_str("    [\n");
        for col in line {
            let row: Vec<String> = col.iter().map(u32::to_string).collect();
            s.push_str(&format!("        [{}],\n", row.join(", ")));
        }
        s.push_str("    ],\n");
    }
    s.push_str("];\n");
    s
}

/// A valid, sensible formation for the computer, different from seed to seed: `usual_formation`
/// made ready for a charge down the centre file, the marshal or general moved off the centre of
/// the front line (`off_the_front_centre`) and a bomb put behind it (`bomb_behind_the_centre`).
pub fn ai_formation(rng: &mut SplitMix64, rules: &Rules) -> Formation {
    let f = usual_formation(rng, rules);
    let f = off_the_front_centre(f, rng, rules);
    bomb_behind_the_centre(f, rules)
}

/// A bomb behind the centre of the front line (line 2, column 3), where it takes the piece that
/// charged onto the front centre (most often the enemy's marshal): the first bomb found from
/// line 2 back changes places with what stood there.
pub fn bomb_behind_the_centre(f: Formation, rules: &Rules) -> Formation {
    const BEHIND: (u8, u8) = (2, 3);
    if f.at(BEHIND.0, BEHIND.1) == Some(Rank::Bomb) {
        return f;
    }
    let bomb = (2..=6u8)
        .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
        .find(|&(l, c)| f.at(l, c) == Some(Rank::Bomb));
    let Some((l, c)) = bomb else {
        return f;
    };
    let mut moved = f.clone();
    moved.set(l, c, f.at(BEHIND.0, BEHIND.1));
    moved.set(BEHIND.0, BEHIND.1, Some(Rank::Bomb));
    if moved.problems(rules).is_empty() {
        moved
    } else {
        f
    }
}

/// The centre of the front line (line 1, column 3): the square an enemy marshal charging down the
/// centre file at its first turn meets first (outside engines open so). A general there is lost
/// at once, a marshal trades at once (and both flags are shown), so neither stands there: it
/// changes places with another piece of the front line, chosen at random. (`usual_ranks` counts
/// the formations before this move and `bomb_behind_the_centre`: it models how an opponent
/// deploys, and a stranger's marshal stands there as often as anywhere in the front line.)
pub fn off_the_front_centre(f: Formation, rng: &mut SplitMix64, rules: &Rules) -> Formation {
    const CENTRE: (u8, u8) = (1, 3);
    let big = |r: Option<Rank>| matches!(r, Some(Rank::Marshal | Rank::General));
    if !big(f.at(CENTRE.0, CENTRE.1)) {
        return f;
    }
    let others: Vec<u8> = [1u8, 2, 4, 5]
        .into_iter()
        .filter(|&c| f.at(1, c).is_some() && !big(f.at(1, c)))
        .collect();
    let Some(&c) = rng.choose(&others) else {
        return f;
    };
    let mut moved = f.clone();
    moved.set(1, c, f.at(CENTRE.0, CENTRE.1));
    moved.set(CENTRE.0, CENTRE.1, f.at(1, c));
    if moved.problems(rules).is_empty() {
        moved
    } else {
        f
    }
}

/// The formation the computer's liking of squares gives (the usual advice of 布阵), before
/// `off_the_front_centre` and `bomb_behind_the_centre`.
pub fn usual_formation(rng: &mut SplitMix64, rules: &Rules) -> Formation {
    let mut f = Formation {
        name: "computer".into(),
        ..Formation::default()
    };
    let flag_col: u8 = if rng.below(2) == 0 { 2 } else { 4 };
    f.set(6, flag_col, Some(Rank::Flag));
    // Mines: the three squares around the flag most of the time; sometimes one of them elsewhere in
    // the last two lines, so that the flag is not always given away by the mine pattern.
    let mut guards = guard_squares(flag_col).to_vec();
    if rng.below(3) == 0 {
        let i = rng.below(3) as usize;
        guards.swap_remove(i);
        let others: Vec<(u8, u8)> = (1..=6u8)
            .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
            .filter(|&(l, c)| {
                rules.may_deploy(Rank::Mine, l, c)
                    && f.at(l, c).is_none()
                    && !guards.contains(&(l, c))
            })
            .filter(|&(l, c)| !is_hq_square(l, c))
            .collect();
        if let Some(&sq) = rng.choose(&others) {
            guards.push(sq);
        }
    }
    for (l, c) in guards {
        f.set(l, c, Some(Rank::Mine));
    }
    // The rest, most important first, each on a square chosen by liking plus noise.
    let mut order: Vec<Rank> = vec![Rank::Marshal, Rank::General, Rank::Bomb, Rank::Bomb];
    for r in [
        Rank::MajorGeneral,
        Rank::Brigadier,
        Rank::Engineer,
        Rank::Colonel,
        Rank::Major,
        Rank::Captain,
        Rank::Lieutenant,
    ] {
        for _ in 0..r.count() {
            order.push(r);
        }
    }
    // Mines left over if the guards could not all be placed (never on this board, but be safe).
    for _ in f.count(Rank::Mine)..Rank::Mine.count() {
        order.insert(0, Rank::Mine);
    }
    for r in order {
        let free: Vec<(u8, u8)> = (1..=6u8)
            .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
            .filter(|&(l, c)| f.at(l, c).is_none() && rules.may_deploy(r, l, c))
            .collect();
        let best = free
            .iter()
            .map(|&(l, c)| (liking(r, l, c, flag_col) + rng.below(16) as i32, (l, c)))
            .max();
        if let Some((_, (l, c))) = best {
            f.set(l, c, Some(r));
        }
    }
    if rng.below(2) == 0 {
        // Mirroring keeps every rule (camps and HQs are symmetric) and doubles the variety.
        f = f.mirrored();
        f.name = "computer".into();
    }
    if !f.is_valid(rules) {
        // Not reachable with the squares above; a valid formation is still owed to the caller.
        return Formation::random(rng, rules);
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Mode;
    use std::collections::HashSet;

    #[test]
    fn formations_are_valid_and_varied() {
        let mut seen = HashSet::new();
        for mode in [Mode::Open, Mode::Hidden] {
            let rules = Rules::for_mode(mode);
            for seed in 0..500 {
                let f = ai_formation(&mut SplitMix64::new(seed), &rules);
                assert!(
                    f.problems(&rules).is_empty(),
                    "seed {seed}: {:?}",
                    f.problems(&rules)
                );
                seen.insert(f.grid);
                // The flag is guarded: at least two of its three neighbours are mines.
                let c = (1..=5).find(|&c| f.at(6, c) == Some(Rank::Flag)).unwrap();
                let guards = [(6, c - 1), (6, c + 1), (5, c)]
                    .iter()
                    .filter(|&&(l, cc)| f.at(l, cc) == Some(Rank::Mine))
                    .count();
                assert!(guards >= 2, "seed {seed}: {guards} guards");
            }
        }
        assert!(seen.len() > 400, "only {} different formations", seen.len());
    }

    /// The table shipped in the source is the one the computer's formations give. When they
    /// change, write it again: `JUNQI_WRITE_USUAL_RANKS=1 cargo test --lib usual_ranks_table`.
    #[test]
    fn the_usual_ranks_table_is_what_the_formations_give() {
        let counted = count_usual_ranks();
        if counted != super::super::usual_ranks_table::USUAL_RANKS {
            if std::env::var_os("JUNQI_WRITE_USUAL_RANKS").is_some() {
                let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/usual_ranks_table.rs");
                crate::fsutil::atomic_write(
                    std::path::Path::new(path),
                    usual_ranks_source(&counted).as_bytes(),
                )
                .expect("write the table");
            }
            panic!(
                "src/ai/usual_ranks_table.rs is out of date: run \
                 JUNQI_WRITE_USUAL_RANKS=1 cargo test --lib usual_ranks_table"
            );
        }
    }

    #[test]
    fn usual_ranks_follow_the_formations_and_rule_nothing_out() {
        let w = usual_ranks();
        let at = |line: usize, col: usize, r: Rank| w[line - 1][col - 1][r as usize];
        for line in &w[..] {
            for sq in line {
                assert!(sq.iter().all(|&x| x >= 50), "{sq:?}");
            }
        }
        // Strong pieces forward on the railways, bombs behind the front, mines at the back,
        // a cheap piece in an HQ.
        assert!(at(1, 1, Rank::Marshal) > 200 && at(6, 3, Rank::Marshal) == 50);
        assert!(at(3, 2, Rank::Bomb) > 150 && at(5, 3, Rank::Bomb) < 80);
        assert!(at(6, 1, Rank::Mine) > 200 && at(1, 3, Rank::Mine) == 50);
        assert!(at(6, 2, Rank::Captain) > 200 && at(6, 2, Rank::General) == 50);
    }

    /// An opening charge down the centre file meets neither the marshal nor the general, and a
    /// bomb stands behind the square it takes: the usual formations put a big piece on the front
    /// centre about two times in five and a bomb behind it about one time in five, the computer's
    /// never and always.
    #[test]
    fn the_front_centre_is_ready_for_a_charge() {
        let rules = Rules::ccgc();
        let big = |f: &Formation| matches!(f.at(1, 3), Some(Rank::Marshal | Rank::General));
        let bomb = |f: &Formation| f.at(2, 3) == Some(Rank::Bomb);
        let (mut usual_big, mut usual_bomb) = (0, 0);
        for seed in 0..500 {
            let f = ai_formation(&mut SplitMix64::new(seed), &rules);
            assert!(!big(&f), "seed {seed}: {:?}", f.at(1, 3));
            assert!(bomb(&f), "seed {seed}: {:?}", f.at(2, 3));
            assert!(f.problems(&rules).is_empty(), "seed {seed}");
            let u = usual_formation(&mut SplitMix64::new(seed), &rules);
            usual_big += big(&u) as u32;
            usual_bomb += bomb(&u) as u32;
        }
        assert!(usual_big > 100, "the usual formations: {usual_big} of 500");
        assert!(
            usual_bomb < 150,
            "the usual formations: {usual_bomb} of 500"
        );
    }

    #[test]
    fn bombs_in_front_row_rule_is_respected() {
        let rules = Rules {
            bombs_in_front_row: false,
            ..Rules::default()
        };
        for seed in 0..200 {
            let f = ai_formation(&mut SplitMix64::new(seed), &rules);
            assert!((1..=5).all(|c| f.at(1, c) != Some(Rank::Bomb)));
        }
    }
}
