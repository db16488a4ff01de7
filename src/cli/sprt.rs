//! The statistics of a sequential probability ratio test (SPRT) on paired games: the same two
//! formations are played twice with the seats swapped, and each pair's score for player A (0, ½,
//! 1, 1½ or 2 points) is one sample. No I/O: the arena feeds pairs in and prints
//! [`summary_line`].
//!
//! The counts of pair scores form the pentanomial [`Penta`] `[LL, LD, DD or WL, WD, WW]`. A pair
//! scores `x = points / 2` per game, one of 0, ¼, ½, ¾, 1.
//!
//! # The log-likelihood ratio
//!
//! [`Sprt::llr`] is the generalized SPRT of the logistic Elo model on the pentanomial distribution,
//! as fishtest computes it (`server/fishtest/stats/LLRcalc.py`: `LLR_logistic`, `MLE_expected`,
//! `secular`, `regularize`) and fastchess too (`app/src/matchmaking/sprt/sprt.cpp`:
//! `getLLR_logistic`):
//!
//! - the null and alternative hypotheses are the expected scores per game `s0 = L(elo0)` and
//!   `s1 = L(elo1)`, with the logistic `L(e) = 1 / (1 + 10^(-e/400))` ([`score_of_elo`]);
//! - empty cells count `0.001` pairs (fishtest's `regularize`), so every cell has a probability
//!   `p̂ᵢ > 0`, and `N` is the regularized total;
//! - under the constraint "expected score = s", the maximum-likelihood pentanomial distribution is
//!   `pᵢ = p̂ᵢ / (1 + θ·(xᵢ − s))`, where θ is the root of the secular equation
//!   `Σ p̂ᵢ (xᵢ − s) / (1 + θ·(xᵢ − s)) = 0` on `(−1/(1 − s), 1/s)` (M. Van den Bergh, *Comments
//!   on Normalized Elo*, Proposition 1.1; cited by both). The left side falls strictly in θ, so
//!   the root is found by bisection to the last bits of an `f64`;
//! - `LLR = N · Σ p̂ᵢ · (ln pᵢ(s1) − ln pᵢ(s0))`.
//!
//! The LLR is finite for any counts. Without any pair it is 0 (no evidence either way).
//!
//! The test stops at Wald's bounds `ln(β/(1−α))` ([`Sprt::lower_bound`]: H0 accepted) and
//! `ln((1−β)/α)` ([`Sprt::upper_bound`]: H1 accepted).
//!
//! # The Elo estimate
//!
//! [`elo_estimate`] follows fastchess's `app/src/elo/elo_pentanomial.cpp` (and fishtest's
//! `stat_util.get_elo`): the mean score per game `m` and the variance `v` of the per-game pair
//! scores `xᵢ`, both from the raw counts; the 95% interval of the mean is `m ± 1.959964·√(v/N)`
//! (N pairs), and its ends are transformed into Elo ([`elo_of_score`]), so the Elo interval is
//! not symmetric around the estimate. An end at a score of 0 or 1 is −∞ or +∞. When every pair
//! has the same score the interval has width 0.

use std::fmt;

/// The largest |elo0| and |elo1| accepted by [`Sprt::new`].
pub const MAX_ELO: f64 = 1000.0;

/// The two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The count that stands in for an empty cell in the LLR (fishtest's `regularize`).
const EMPTY_CELL: f64 = 1e-3;

/// The score per game of each pentanomial cell: a pair's points divided by 2.
const PER_GAME: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The expected score per game of an Elo difference in the logistic model:
/// `1 / (1 + 10^(-elo/400))`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference of an expected score per game (the inverse of [`score_of_elo`]):
/// `400 · log10(score / (1 − score))`; −∞ at 0, +∞ at 1, NaN outside `0..=1`.
pub fn elo_of_score(score: f64) -> f64 {
    400.0 * (score / (1.0 - score)).log10()
}

/// The pentanomial counts of player A's pair scores: `[LL, LD, DD or WL, WD, WW]`, i.e. how many
/// pairs scored 0, ½, 1, 1½ and 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Penta(pub [u64; 5]);

impl Penta {
    /// Count one pair by player A's points in half points: 0 (two losses) to 4 (two wins).
    ///
    /// # Panics
    ///
    /// If `half_points` is above 4.
    pub fn add(&mut self, half_points: u8) {
        assert!(
            half_points <= 4,
            "a pair scores 0 to 4 half points, not {half_points}"
        );
        self.0[usize::from(half_points)] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().fold(0u64, |a, &c| a.saturating_add(c))
    }

    /// The same pairs from player B's side: the counts in reverse order.
    pub fn reversed(&self) -> Penta {
        let [a, b, c, d, e] = self.0;
        Penta([e, d, c, b, a])
    }

    /// Player A's mean score per game (0 to 1); `None` without pairs.
    pub fn score(&self) -> Option<f64> {
        let pairs = self.pairs();
        (pairs > 0).then(|| self.half_points() as f64 / (4.0 * pairs as f64))
    }

    /// Player A's points over all pairs, in half points.
    fn half_points(&self) -> u128 {
        (0u128..).zip(self.0).map(|(i, c)| i * u128::from(c)).sum()
    }
}

/// Why [`Sprt::new`] refused its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtError {
    /// `elo0` or `elo1` (named) is not a number from −[`MAX_ELO`] to [`MAX_ELO`].
    EloOutOfRange { name: &'static str, value: f64 },
    /// `elo0` is not below `elo1`.
    EloOrder { elo0: f64, elo1: f64 },
    /// `alpha` or `beta` (named) is not above 0 and below 0.5.
    ErrorRate { name: &'static str, value: f64 },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::EloOutOfRange { name, value } => write!(
                f,
                "SPRT {name} must be a number from -{MAX_ELO} to {MAX_ELO} Elo, not {value}"
            ),
            SprtError::EloOrder { elo0, elo1 } => write!(
                f,
                "SPRT elo0 ({elo0}) must be below elo1 ({elo1}): H0 is elo0, H1 the better elo1"
            ),
            SprtError::ErrorRate { name, value } => write!(
                f,
                "SPRT {name} must be above 0 and below 0.5 (an error probability), not {value}"
            ),
        }
    }
}

impl std::error::Error for SprtError {}

/// The hypothesis a finished test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Player A is not better than `elo0` (the LLR reached the lower bound).
    H0,
    /// Player A is at least `elo1` better (the LLR reached the upper bound).
    H1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
        })
    }
}

/// A test of H0 "A is `elo0` better than B" against H1 "A is `elo1` better" (logistic Elo), with
/// the probability `alpha` of accepting H1 when H0 holds and `beta` of accepting H0 when H1 holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

impl Sprt {
    /// A test with `elo0 < elo1`, both within ±[`MAX_ELO`], and `alpha`, `beta` in `(0, 0.5)`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        for (name, value) in [("elo0", elo0), ("elo1", elo1)] {
            if !(-MAX_ELO..=MAX_ELO).contains(&value) {
                return Err(SprtError::EloOutOfRange { name, value });
            }
        }
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::ErrorRate { name, value });
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    pub fn elo0(&self) -> f64 {
        self.elo0
    }

    pub fn elo1(&self) -> f64 {
        self.elo1
    }

    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    pub fn beta(&self) -> f64 {
        self.beta
    }

    /// `ln(beta / (1 − alpha))`, below 0: at or under it H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// `ln((1 − beta) / alpha)`, above 0: at or over it H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The generalized log-likelihood ratio of H1 against H0 for the pairs (see the module
    /// documentation): finite for any counts, 0 without pairs.
    pub fn llr(&self, penta: &Penta) -> f64 {
        if penta.pairs() == 0 {
            return 0.0;
        }
        let counts = penta.0.map(|c| if c == 0 { EMPTY_CELL } else { c as f64 });
        let n: f64 = counts.iter().sum();
        let p = counts.map(|c| c / n);
        let d0 = mle_denominators(&p, score_of_elo(self.elo0));
        let d1 = mle_denominators(&p, score_of_elo(self.elo1));
        // ln p(s1) − ln p(s0) = ln(p̂ / d1) − ln(p̂ / d0) = ln d0 − ln d1.
        let mean: f64 = (0..5).map(|i| p[i] * (d0[i].ln() - d1[i].ln())).sum();
        n * mean
    }

    /// The accepted hypothesis, or `None` while the LLR is between the bounds.
    pub fn decision(&self, penta: &Penta) -> Option<Verdict> {
        let llr = self.llr(penta);
        if llr <= self.lower_bound() {
            Some(Verdict::H0)
        } else if llr >= self.upper_bound() {
            Some(Verdict::H1)
        } else {
            None
        }
    }
}

/// The denominators `1 + θ·(xᵢ − s)` of the maximum-likelihood distribution with expected score
/// `s` (0 < s < 1) near the empirical distribution `p` (every `pᵢ > 0`, summing to 1):
/// `pᵢ(s) = pᵢ / dᵢ`.
fn mle_denominators(p: &[f64; 5], s: f64) -> [f64; 5] {
    let a = PER_GAME.map(|x| x - s);
    let secular = |theta: f64| -> f64 { (0..5).map(|i| p[i] * a[i] / (1.0 + theta * a[i])).sum() };
    // The secular function falls from +∞ at θ = −1/(1 − s) to −∞ at θ = 1/s.
    let (mut lo, mut hi) = (-1.0 / a[4], -1.0 / a[0]);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi || hi - lo <= 1e-17 {
            break;
        }
        let v = secular(mid);
        if v > 0.0 {
            lo = mid;
        } else if v < 0.0 {
            hi = mid;
        } else {
            (lo, hi) = (mid, mid);
        }
    }
    let theta = 0.5 * (lo + hi);
    // At the root every pᵢ(s) ≤ 1, so dᵢ ≥ pᵢ > 0: the floor only absorbs rounding.
    std::array::from_fn(|i| (1.0 + theta * a[i]).max(p[i]))
}

/// Player A's logistic Elo from the mean score per game, with the ends of its 95% interval
/// `(elo, lo95, hi95)` (see the module documentation); `lo95 ≤ elo ≤ hi95`, the ends may be
/// infinite. `None` without pairs, or when A scored 0% or 100% (an infinite Elo).
pub fn elo_estimate(penta: &Penta) -> Option<(f64, f64, f64)> {
    let pairs = penta.pairs();
    let half_points = penta.half_points();
    if pairs == 0 || half_points == 0 || half_points == 4 * u128::from(pairs) {
        return None;
    }
    let n = pairs as f64;
    let mean = half_points as f64 / (4.0 * n);
    let var: f64 = (0..5)
        .map(|i| penta.0[i] as f64 * (PER_GAME[i] - mean).powi(2))
        .sum::<f64>()
        / n;
    let half = Z95 * (var / n).sqrt();
    Some((
        elo_of_score(mean),
        elo_of_score((mean - half).max(0.0)),
        elo_of_score((mean + half).min(1.0)),
    ))
}

/// One line on the state of the test:
///
/// `sprt: pairs=N penta=[LL,LD,DD,WD,WW] llr=X.XX (LOWER, UPPER) elo=E.E ±H.H [LO, HI]`
///
/// with the LLR and the bounds to 2 decimals, the Elo estimate, the half width `(HI − LO) / 2` of
/// its 95% interval and the interval's ends to 1 decimal (`inf`/`-inf` for an infinite end). When
/// there is no estimate the Elo part is `elo=inf` (A scored 100%), `elo=-inf` (0%) or `elo=none`
/// (no pairs). For example
/// `sprt: pairs=200 penta=[10,30,100,40,20] llr=0.83 (-2.94, 2.94) elo=26.1 ±23.4 [2.9, 49.6]`.
pub fn summary_line(penta: &Penta, sprt: &Sprt) -> String {
    let [a, b, c, d, e] = penta.0;
    let elo = match elo_estimate(penta) {
        Some((elo, lo, hi)) => format!("{elo:.1} ±{:.1} [{lo:.1}, {hi:.1}]", (hi - lo) / 2.0),
        None => match penta.score() {
            None => "none".to_string(),
            Some(s) if s > 0.5 => "inf".to_string(),
            Some(_) => "-inf".to_string(),
        },
    };
    format!(
        "sprt: pairs={} penta=[{a},{b},{c},{d},{e}] llr={:.2} ({:.2}, {:.2}) elo={elo}",
        penta.pairs(),
        sprt.llr(penta),
        sprt.lower_bound(),
        sprt.upper_bound(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SplitMix64;
    use proptest::prelude::*;

    /// Relative closeness, for numbers of any size.
    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
    }

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05).unwrap()
    }

    /// `(counts, elo0, elo1, LLR)`: fishtest's `LLR_logistic(elo0, elo1, counts)` (LLRcalc.py:
    /// `regularize`, `results_to_pdf`, `MLE_expected`) evaluated in 60-digit decimal arithmetic in
    /// Python, with the secular equation solved by 400 bisection steps in place of scipy's
    /// `brentq`; printed to 15 significant digits.
    const FISHTEST_LLR: [([u64; 5], f64, f64, f64); 8] = [
        ([3, 5, 8, 5, 3], 0.0, 5.0, -0.007_015_838_121_483_85),
        ([10, 30, 100, 40, 20], 0.0, 5.0, 0.827_331_228_451_708),
        ([1, 2, 4, 10, 15], 0.0, 10.0, 0.809_663_298_388_267),
        ([15, 10, 4, 2, 1], -10.0, 0.0, -0.809_663_298_388_267),
        ([0, 0, 24, 0, 0], 0.0, 10.0, -0.693_670_817_497_907),
        ([0, 0, 0, 0, 10], 0.0, 5.0, 0.142_904_432_544_158),
        (
            [1200, 5000, 12000, 5500, 1000],
            -1.75,
            0.25,
            3.041_651_996_397_28,
        ),
        ([400, 1900, 4200, 2100, 450], 0.0, 2.0, 3.489_925_817_408_94),
    ];

    /// `(counts, elo, lo95, hi95)`: fastchess's `EloPentanomial` (elo_pentanomial.cpp: score,
    /// variance, `score ± 1.959963984540054·√(variance / pairs)`, `scoreToEloDiff`) evaluated in
    /// 60-digit decimal arithmetic in Python; printed to 15 significant digits.
    const FASTCHESS_ELO: [([u64; 5], f64, f64, f64); 4] = [
        (
            [3, 5, 8, 5, 3],
            0.0,
            -84.340_458_187_099_9,
            84.340_458_187_099_9,
        ),
        (
            [10, 30, 100, 40, 20],
            26.106_692_605_036_6,
            2.871_279_227_894_45,
            49.577_913_134_647_7,
        ),
        (
            [1, 2, 4, 10, 15],
            221.136_787_463_112,
            139.008_707_088_738,
            334.075_666_892_154,
        ),
        (
            [400, 1900, 4200, 2100, 450],
            5.759_128_280_256_99,
            2.524_439_448_291_28,
            8.994_815_754_633_74,
        ),
    ];

    #[test]
    fn sprt_llr_matches_fishtest() {
        for (counts, elo0, elo1, want) in FISHTEST_LLR {
            let got = sprt(elo0, elo1).llr(&Penta(counts));
            assert!(
                close(got, want, 1e-10),
                "{counts:?} [{elo0}, {elo1}]: {got} vs {want}"
            );
        }
    }

    #[test]
    fn sprt_elo_estimate_matches_fastchess() {
        for (counts, elo, lo, hi) in FASTCHESS_ELO {
            let (e, l, h) = elo_estimate(&Penta(counts)).unwrap();
            assert!(
                close(e, elo, 1e-10) && close(l, lo, 1e-10) && close(h, hi, 1e-10),
                "{counts:?}: ({e}, {l}, {h}) vs ({elo}, {lo}, {hi})"
            );
        }
    }

    #[test]
    fn sprt_bounds_for_five_percent_errors() {
        let t = sprt(0.0, 5.0);
        // ln(0.05 / 0.95), from the same Python session.
        assert!(close(t.lower_bound(), -2.944_438_979_166_44, 1e-12));
        assert!(close(t.upper_bound(), 2.944_438_979_166_44, 1e-12));
        let t = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap();
        assert!(close(t.lower_bound(), (0.1f64 / 0.95).ln(), 1e-15));
        assert!(close(t.upper_bound(), (0.9f64 / 0.05).ln(), 1e-15));
    }

    #[test]
    fn sprt_score_and_elo_are_inverse() {
        assert_eq!(score_of_elo(0.0), 0.5);
        assert!(close(score_of_elo(400.0), 10.0 / 11.0, 1e-15));
        assert!(close(elo_of_score(0.75), 190.848_501_887_864_98, 1e-12));
        for e in [-1000.0, -250.5, -1.0, 0.0, 3.25, 400.0, 999.0] {
            assert!(close(elo_of_score(score_of_elo(e)), e, 1e-10), "{e}");
        }
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
    }

    #[test]
    fn sprt_new_refuses_bad_parameters() {
        assert!(Sprt::new(-1000.0, 1000.0, 0.01, 0.49).is_ok());
        let cases = [
            (
                (f64::NAN, 5.0, 0.05, 0.05),
                "elo0 must be a number from -1000",
            ),
            ((0.0, f64::INFINITY, 0.05, 0.05), "elo1 must be a number"),
            ((-1000.5, 5.0, 0.05, 0.05), "not -1000.5"),
            ((5.0, 5.0, 0.05, 0.05), "elo0 (5) must be below elo1 (5)"),
            ((5.0, 0.0, 0.05, 0.05), "elo0 (5) must be below elo1 (0)"),
            ((0.0, 5.0, 0.0, 0.05), "alpha must be above 0 and below 0.5"),
            ((0.0, 5.0, 0.05, 0.5), "beta must be above 0 and below 0.5"),
            ((0.0, 5.0, f64::NAN, 0.05), "alpha must be"),
            ((0.0, 5.0, 0.05, -0.1), "not -0.1"),
        ];
        for ((elo0, elo1, alpha, beta), want) in cases {
            let e = Sprt::new(elo0, elo1, alpha, beta).unwrap_err();
            let m = e.to_string();
            assert!(m.starts_with("SPRT ") && m.contains(want), "{m}");
        }
    }

    #[test]
    fn sprt_penta_counts_pairs() {
        let mut p = Penta::default();
        for hp in [0, 1, 2, 2, 3, 4, 4, 4] {
            p.add(hp);
        }
        assert_eq!(p, Penta([1, 1, 2, 1, 3]));
        assert_eq!(p.pairs(), 8);
        assert_eq!(p.reversed(), Penta([3, 1, 2, 1, 1]));
        assert_eq!(p.score(), Some(20.0 / 32.0));
        assert_eq!(Penta::default().score(), None);
    }

    #[test]
    #[should_panic(expected = "0 to 4 half points")]
    fn sprt_penta_refuses_five_half_points() {
        Penta::default().add(5);
    }

    #[test]
    fn sprt_degenerate_counts_give_finite_llr() {
        let t = sprt(0.0, 5.0);
        assert_eq!(t.llr(&Penta::default()), 0.0);
        assert_eq!(t.decision(&Penta::default()), None);
        for cell in 0..5 {
            for n in [1, 7, 1_000_000, u64::from(u32::MAX)] {
                let mut counts = [0; 5];
                counts[cell] = n;
                for (e0, e1) in [
                    (0.0, 5.0),
                    (-1000.0, 1000.0),
                    (999.0, 1000.0),
                    (-1000.0, -999.0),
                ] {
                    let llr = sprt(e0, e1).llr(&Penta(counts));
                    assert!(llr.is_finite(), "{counts:?} [{e0}, {e1}]: {llr}");
                }
            }
        }
    }

    #[test]
    fn sprt_swapping_the_players_negates_the_llr() {
        for (counts, elo0, elo1, _) in FISHTEST_LLR {
            let p = Penta(counts);
            let a = sprt(elo0, elo1).llr(&p);
            let b = sprt(-elo1, -elo0).llr(&p.reversed());
            assert!(close(a, -b, 1e-12), "{counts:?}: {a} vs {b}");
        }
    }

    #[test]
    fn sprt_more_ww_pairs_raise_the_llr() {
        let t = sprt(0.0, 5.0);
        let mut p = Penta([50, 100, 200, 100, 50]);
        let mut last = t.llr(&p);
        for _ in 0..100 {
            p.add(4);
            let llr = t.llr(&p);
            assert!(llr > last, "{p:?}: {llr} after {last}");
            last = llr;
        }
    }

    /// Near equal strength the exact LLR is close to the normal approximation
    /// `N·(s1 − s0)·(2·x̄ − s0 − s1) / (2·var)` (fishtest's `LLR_alt2`).
    #[test]
    fn sprt_llr_is_close_to_the_normal_approximation() {
        let t = sprt(0.0, 5.0);
        for counts in [[400, 1900, 4200, 2100, 450], [450, 2100, 4200, 1900, 400]] {
            let p = Penta(counts);
            let n = p.pairs() as f64;
            let m = p.score().unwrap();
            let var = (0..5)
                .map(|i| counts[i] as f64 * (PER_GAME[i] - m).powi(2))
                .sum::<f64>()
                / n;
            let (s0, s1) = (score_of_elo(0.0), score_of_elo(5.0));
            let approx = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var);
            let exact = t.llr(&p);
            assert!(
                (exact - approx).abs() < 0.02 * approx.abs(),
                "{exact} vs {approx}"
            );
        }
    }

    #[test]
    fn sprt_decision_at_the_bounds() {
        let t = sprt(0.0, 5.0);
        assert_eq!(t.decision(&Penta([10, 30, 100, 40, 20])), None);
        let strong = Penta([400, 1900, 4200, 2100, 450]);
        assert!(t.llr(&strong) >= t.upper_bound());
        assert_eq!(t.decision(&strong), Some(Verdict::H1));
        let weak = strong.reversed();
        assert!(t.llr(&weak) <= t.lower_bound());
        assert_eq!(t.decision(&weak), Some(Verdict::H0));
        assert_eq!(Verdict::H0.to_string(), "H0");
        assert_eq!(Verdict::H1.to_string(), "H1");
    }

    #[test]
    fn sprt_elo_estimate_without_a_finite_elo() {
        assert_eq!(elo_estimate(&Penta::default()), None);
        assert_eq!(elo_estimate(&Penta([0, 0, 0, 0, 9])), None);
        assert_eq!(elo_estimate(&Penta([9, 0, 0, 0, 0])), None);
        assert_eq!(elo_estimate(&Penta([0, 0, 5, 0, 0])), Some((0.0, 0.0, 0.0)));
        // One win pair and one loss pair: the interval reaches 0% and 100%.
        let (e, lo, hi) = elo_estimate(&Penta([1, 0, 0, 0, 1])).unwrap();
        assert_eq!((e, lo, hi), (0.0, f64::NEG_INFINITY, f64::INFINITY));
    }

    #[test]
    fn sprt_summary_line_format() {
        let t = sprt(0.0, 5.0);
        assert_eq!(
            summary_line(&Penta([10, 30, 100, 40, 20]), &t),
            "sprt: pairs=200 penta=[10,30,100,40,20] llr=0.83 (-2.94, 2.94) \
             elo=26.1 ±23.4 [2.9, 49.6]"
        );
        assert_eq!(
            summary_line(&Penta::default(), &t),
            "sprt: pairs=0 penta=[0,0,0,0,0] llr=0.00 (-2.94, 2.94) elo=none"
        );
        assert_eq!(
            summary_line(&Penta([0, 0, 0, 0, 10]), &t),
            "sprt: pairs=10 penta=[0,0,0,0,10] llr=0.14 (-2.94, 2.94) elo=inf"
        );
        assert_eq!(
            summary_line(&Penta([3, 0, 0, 0, 0]), &t),
            "sprt: pairs=3 penta=[3,0,0,0,0] llr=-0.04 (-2.94, 2.94) elo=-inf"
        );
        assert_eq!(
            summary_line(&Penta([1, 0, 0, 0, 1]), &t),
            "sprt: pairs=2 penta=[1,0,0,0,1] llr=-0.00 (-2.94, 2.94) elo=0.0 ±inf [-inf, inf]"
        );
    }

    /// Play pairs drawn from `dist` (per mille for 0 to 4 half points) until the test decides.
    fn run(t: &Sprt, dist: [u64; 5], seed: u64, max_pairs: u64) -> Option<(Verdict, u64)> {
        assert_eq!(dist.iter().sum::<u64>(), 1000);
        let mut rng = SplitMix64::new(seed);
        let mut p = Penta::default();
        for n in 1..=max_pairs {
            let mut r = rng.below(1000);
            let mut hp = 0;
            while r >= dist[hp] {
                r -= dist[hp];
                hp += 1;
            }
            p.add(hp as u8);
            if let Some(v) = t.decision(&p) {
                return Some((v, n));
            }
        }
        None
    }

    /// A distribution with a mean score of 0.575 per game (about +52.5 Elo).
    const STRONG: [u64; 5] = [50, 150, 400, 250, 150];

    #[test]
    fn sprt_simulated_strong_player_accepts_h1() {
        let elo = elo_of_score((0..5).map(|i| STRONG[i] as f64 * PER_GAME[i]).sum::<f64>() / 1e3);
        assert!(elo > 50.0, "{elo}");
        let t = sprt(0.0, 20.0);
        for seed in 0..20 {
            let got = run(&t, STRONG, seed, 2000);
            assert!(
                matches!(got, Some((Verdict::H1, _))),
                "seed {seed}: {got:?}"
            );
        }
    }

    #[test]
    fn sprt_simulated_weak_player_accepts_h0() {
        let weak = Penta(STRONG).reversed().0;
        let t = sprt(0.0, 20.0);
        for seed in 100..120 {
            let got = run(&t, weak, seed, 2000);
            assert!(
                matches!(got, Some((Verdict::H0, _))),
                "seed {seed}: {got:?}"
            );
        }
    }

    fn counts() -> impl Strategy<Value = [u64; 5]> {
        prop::array::uniform5(prop_oneof![Just(0u64), 0u64..=20, 0u64..=1_000_000])
    }

    fn elos() -> impl Strategy<Value = (f64, f64)> {
        (-1000.0f64..1000.0, 0.01f64..400.0).prop_map(|(e0, d)| (e0, (e0 + d).min(1000.0)))
    }

    proptest! {
        #[test]
        fn sprt_llr_is_finite_for_any_counts(c in counts(), (e0, e1) in elos()) {
            let t = sprt(e0, e1);
            let llr = t.llr(&Penta(c));
            prop_assert!(llr.is_finite(), "{:?} [{}, {}]: {}", c, e0, e1, llr);
            let swapped = sprt(-e1, -e0).llr(&Penta(c).reversed());
            // Near-equal bounds subtract nearly equal logs: the two sums agree to about 1e-8.
            prop_assert!(close(llr, -swapped, 1e-6), "{} vs {}", llr, swapped);
        }

        #[test]
        fn sprt_a_ww_pair_raises_the_llr(c in prop::array::uniform5(0u64..=10_000)) {
            let t = sprt(-3.0, 7.0);
            let mut more = Penta(c);
            more.add(4);
            prop_assert!(t.llr(&more) > t.llr(&Penta(c)), "{:?}", c);
        }

        #[test]
        fn sprt_elo_interval_contains_the_estimate(c in counts()) {
            let p = Penta(c);
            match elo_estimate(&p) {
                Some((e, lo, hi)) => {
                    prop_assert!(e.is_finite() && !lo.is_nan() && !hi.is_nan(), "{:?}", c);
                    prop_assert!(lo <= e && e <= hi, "{:?}: {} [{}, {}]", c, e, lo, hi);
                }
                None => {
                    let s = p.score();
                    prop_assert!(s.is_none() || s == Some(0.0) || s == Some(1.0), "{:?}", c);
                }
            }
        }
    }
}
