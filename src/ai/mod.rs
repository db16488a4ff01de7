//! Computer players. A player decides from its own `View` (what `Game::view(Viewer::Side(s))`
//! shows), the `Rules` and a random generator, never from the position behind the view: the
//! `Player` trait has no way to reach it.

pub mod belief;
pub mod clock;
pub mod computer;
pub mod eval;
pub mod explain;
pub mod formation;
pub mod mark;
pub mod raider;
pub mod review;
pub mod safety;
pub mod search;
pub mod sparring;
#[cfg(test)]
mod tests_arms;
#[cfg(test)]
mod tests_flag;
#[cfg(test)]
mod tests_four;
#[cfg(test)]
mod tests_nodes;
#[cfg(test)]
mod tests_rules;
pub mod thinker;
mod usual_ranks_table;

pub use computer::{AiPlayer, Level};
pub use formation::ai_formation;
pub use thinker::Thinker;

use crate::engine::rng::SplitMix64;
use crate::engine::{
    ClashOutcome, IllegalTurn, Position, Rank, Rules, Seen, Status, Turn, TurnReport, TurnSets,
    View, play,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A computer player.
///
/// `choose` gets only what the player may know. In hidden mode the referee may refuse a candidate
/// turn (an attack on an unknown piece that turns out to be a flag the attacker may not take): the
/// refusal is public (`Action::Refused`, the flag is shown) and does not spend the turn; `refused`
/// tells the player, and the next `choose` for the same position must not offer it again. The
/// computer opponent (`AiPlayer`) avoids such attacks (`View::may_be_refused`); `random` and
/// `greedy` do not.
pub trait Player: Send {
    /// A short name (`random`, `greedy`).
    fn name(&self) -> &'static str;

    /// The turn to play, or `None` if the view offers no candidate (the game is then over).
    fn choose(&mut self, view: &View, rules: &Rules, rng: &mut SplitMix64) -> Option<Turn>;

    /// The referee refused `turn` in the position of the last `choose`.
    fn refused(&mut self, turn: Turn);

    /// The referee refused `turn` for `why` (a player that passes the reason on, such as an
    /// outside engine, takes it here; the others are told `refused`).
    fn refused_for(&mut self, turn: Turn, _why: &IllegalTurn) {
        self.refused(turn);
    }

    /// The public report of every turn (both sides'), with this player's view after it. Players
    /// that remember (the computer opponent's belief) learn here; the default forgets.
    fn observe(&mut self, _report: &TurnReport, _view_after: &View) {}

    /// A flag that, once set, asks a thinking `choose` to return at once (undo, new game).
    fn set_cancel(&mut self, _flag: Arc<AtomicBool>) {}

    /// What the last `choose` thought, as the words of an engine protocol `info` line (`nodes
    /// 21344`), if the player says.
    fn thoughts(&self) -> Option<String> {
        None
    }
}

/// The players `junqi arena` knows, by spec. `ai:LEVEL:nodes=N` is a computer level spending
/// N search nodes per turn instead of its time (`AiPlayer::with_nodes`): its games replay exactly
/// on one thread. `ai:LEVEL:ms=N` spends N milliseconds per turn instead of its level's time
/// (`AiPlayer::with_time`). Each form may end in `@T`, searching on T threads
/// (`AiPlayer::with_threads`).
pub const PLAYER_SPECS: &[&str] = &[
    "random",
    "greedy",
    "raider",
    "raider:SPEC",
    "charger",
    "charger:SPEC",
    "fortress",
    "fortress:SPEC",
    "quiet",
    "quiet:SPEC",
    "ai:easy",
    "ai:normal",
    "ai:hard",
    "ai:LEVEL:nodes=N",
    "ai:LEVEL:ms=N",
    "ai:LEVEL@T",
    "ai:LEVEL:nodes=N@T",
    "ai:LEVEL:ms=N@T",
];

/// What an `ai:LEVEL:…` spec spends per turn instead of its level's time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SpecBudget {
    /// `nodes=N`: N search nodes.
    Nodes(u64),
    /// `ms=N`: N milliseconds of wall time.
    Millis(u64),
}

/// The most search nodes per turn a spec may ask for (`ai:LEVEL:nodes=N`).
pub const MAX_SPEC_NODES: u64 = 1_000_000_000;

/// The most milliseconds per turn a spec may ask for (`ai:LEVEL:ms=N`): ten minutes.
pub const MAX_SPEC_MS: u64 = 600_000;

/// Whether a spec plays as the computer (`ai:*`, `raider`, `raider:SPEC`), and so deploys the
/// computer's formations (`ai_formation`) where the arena deals them; `random` and `greedy` do not.
pub fn is_computer_spec(spec: &str) -> bool {
    spec.starts_with("ai:")
        || ["raider"]
            .iter()
            .chain(&sparring::NAMES)
            .any(|n| spec == *n || spec.strip_prefix(n).is_some_and(|r| r.starts_with(':')))
}

/// Make a player from its spec (`random`, `greedy`, `raider` or `raider:SPEC` (engineer raids,
/// otherwise as greedy or as SPEC), `ai:easy`, `ai:normal`, `ai:hard`, or a level
/// with a node budget: `ai:normal:nodes=20000`, N a whole number 1 to `MAX_SPEC_NODES`, or a
/// time per turn: `ai:hard:ms=300`, N a whole number 1 to `MAX_SPEC_MS`; each followed by `@T`
/// to search on T threads, T a whole number 1 to `MAX_THREADS`: `ai:hard@2`,
/// `ai:hard:nodes=180000@2`, `ai:hard:ms=300@2`).
///
/// # Errors
/// An unknown spec (with the list of known ones), a level followed by something other than a
/// good `nodes=N` or `ms=N`, or a bad `@T`.
pub fn player_from_spec(spec: &str) -> Result<Box<dyn Player>, BadPlayerSpec> {
    PlayerSpec::parse(spec).map(|p| p.player())
}

/// A player's spec, read once (`PlayerSpec::parse`, the grammar of `player_from_spec`): it
/// makes its player without reading the words again, and keeps the words it was read from (the
/// player's name at a table).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerSpec {
    text: String,
    kind: SpecKind,
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum SpecKind {
    Random,
    Greedy,
    /// Engineer raids, otherwise greedy or the inner spec.
    Raider(Option<Box<SpecKind>>),
    /// A sparring partner's habit (one of `sparring::NAMES`), otherwise greedy or the inner spec.
    Sparring(&'static str, Option<Box<SpecKind>>),
    Ai {
        level: Level,
        budget: Option<SpecBudget>,
        threads: usize,
    },
}

impl PlayerSpec {
    /// Read a spec.
    ///
    /// # Errors
    /// As `player_from_spec`.
    pub fn parse(spec: &str) -> Result<PlayerSpec, BadPlayerSpec> {
        Ok(PlayerSpec {
            text: spec.to_string(),
            kind: SpecKind::parse(spec)?,
        })
    }

    /// The built-in computer at `level` (`ai:LEVEL`), with no words to read.
    pub fn computer(level: Level) -> PlayerSpec {
        PlayerSpec {
            text: format!("ai:{}", level.word()),
            kind: SpecKind::Ai {
                level,
                budget: None,
                threads: 1,
            },
        }
    }

    /// The words it was read from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// A new player of this spec.
    pub fn player(&self) -> Box<dyn Player> {
        self.kind.player()
    }
}

impl std::str::FromStr for PlayerSpec {
    type Err = BadPlayerSpec;

    fn from_str(spec: &str) -> Result<PlayerSpec, BadPlayerSpec> {
        PlayerSpec::parse(spec)
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl SpecKind {
    fn parse(spec: &str) -> Result<SpecKind, BadPlayerSpec> {
        // An inner spec's unknown words are told as the whole spec's.
        let inner = |inner: &str| {
            SpecKind::parse(inner).map_err(|e| match e {
                BadPlayerSpec::Unknown(_) => BadPlayerSpec::Unknown(spec.to_string()),
                e => e,
            })
        };
        let nested =
            |s: &str| s.starts_with("raider") || sparring::NAMES.iter().any(|n| s.starts_with(n));
        match spec {
            "random" => Ok(SpecKind::Random),
            "greedy" => Ok(SpecKind::Greedy),
            "raider" => Ok(SpecKind::Raider(None)),
            _ if let Some(name) = sparring::NAMES.iter().find(|n| **n == spec) => {
                Ok(SpecKind::Sparring(name, None))
            }
            _ if let Some((name, rest)) = spec
                .split_once(':')
                .and_then(|(n, r)| sparring::NAMES.iter().find(|k| **k == n).map(|k| (*k, r))) =>
            {
                // `NAME:SPEC`: the habit, otherwise plays as SPEC (no sparring partner or raider).
                if nested(rest) {
                    return Err(BadPlayerSpec::Unknown(spec.to_string()));
                }
                Ok(SpecKind::Sparring(name, Some(Box::new(inner(rest)?))))
            }
            _ if let Some(rest) = spec.strip_prefix("raider:") => {
                // `raider:SPEC`: raids, otherwise plays as SPEC (any spec but another raider).
                if rest.starts_with("raider") {
                    return Err(BadPlayerSpec::Unknown(spec.to_string()));
                }
                Ok(SpecKind::Raider(Some(Box::new(inner(rest)?))))
            }
            _ => {
                let (base, threads) = match spec.split_once('@') {
                    Some((base, t)) => (base, Some(t)),
                    None => (spec, None),
                };
                let (level, budget) = ai_spec(base).map_err(|e| match e {
                    BadPlayerSpec::Unknown(_) => BadPlayerSpec::Unknown(spec.to_string()),
                    e => e,
                })?;
                let threads = match threads {
                    Some(t) => thread_count(t).ok_or_else(|| BadPlayerSpec::BadThreads {
                        spec: spec.to_string(),
                    })?,
                    None => 1,
                };
                Ok(SpecKind::Ai {
                    level,
                    budget,
                    threads,
                })
            }
        }
    }

    fn player(&self) -> Box<dyn Player> {
        let fallback = |inner: &Option<Box<SpecKind>>| -> Box<dyn Player> {
            match inner {
                Some(k) => k.player(),
                None => Box::new(GreedyPlayer::default()),
            }
        };
        match self {
            SpecKind::Random => Box::new(RandomPlayer::default()),
            SpecKind::Greedy => Box::new(GreedyPlayer::default()),
            SpecKind::Raider(None) => Box::new(raider::RaiderPlayer::default()),
            SpecKind::Raider(inner) => {
                Box::new(raider::RaiderPlayer::with_fallback(fallback(inner)))
            }
            SpecKind::Sparring(name, inner) => Box::new(
                sparring::Sparring::new(name, fallback(inner))
                    .expect("one of sparring::NAMES, checked when read"),
            ),
            SpecKind::Ai {
                level,
                budget,
                threads,
            } => {
                let player = AiPlayer::new(*level).with_threads(*threads);
                Box::new(match budget {
                    Some(SpecBudget::Nodes(n)) => player.with_nodes(*n),
                    Some(SpecBudget::Millis(ms)) => {
                        player.with_time(std::time::Duration::from_millis(*ms))
                    }
                    None => player,
                })
            }
        }
    }
}

/// The level and budget of an `ai:LEVEL`, `ai:LEVEL:nodes=N` or `ai:LEVEL:ms=N` spec.
fn ai_spec(spec: &str) -> Result<(Level, Option<SpecBudget>), BadPlayerSpec> {
    let unknown = || BadPlayerSpec::Unknown(spec.to_string());
    let rest = spec.strip_prefix("ai:").ok_or_else(unknown)?;
    let (word, suffix) = match rest.split_once(':') {
        Some((w, s)) => (w, Some(s)),
        None => (rest, None),
    };
    let level = Level::parse(word).ok_or_else(unknown)?;
    let Some(suffix) = suffix else {
        return Ok((level, None));
    };
    let bad = |problem| BadPlayerSpec::BadSuffix {
        spec: spec.to_string(),
        problem,
    };
    let (n, max, problem, make): (_, _, _, fn(u64) -> SpecBudget) =
        if let Some(n) = suffix.strip_prefix("nodes=") {
            (
                n,
                MAX_SPEC_NODES,
                SuffixProblem::BadCount,
                SpecBudget::Nodes,
            )
        } else if let Some(n) = suffix.strip_prefix("ms=") {
            (n, MAX_SPEC_MS, SuffixProblem::BadMillis, SpecBudget::Millis)
        } else {
            return Err(bad(SuffixProblem::NotNodes));
        };
    // Digits only: no sign, no spaces, no separators.
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(problem));
    }
    match n.parse::<u64>() {
        Ok(n) if (1..=max).contains(&n) => Ok((level, Some(make(n)))),
        _ => Err(bad(problem)),
    }
}

/// The most threads a spec may ask for (`@T`).
pub use computer::MAX_THREADS;
pub use computer::{DEFAULT_HASH_MB, MAX_HASH_MB};

/// T of a spec's `@T`: digits only, 1 to `MAX_THREADS`.
fn thread_count(t: &str) -> Option<usize> {
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse::<usize>()
        .ok()
        .filter(|t| (1..=MAX_THREADS).contains(t))
}

/// A player spec `player_from_spec` cannot make. `Display` names the spec and the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BadPlayerSpec {
    /// Not a known spec (`Display` lists the known ones).
    Unknown(String),
    /// A computer level followed by something other than a good `:nodes=N` or `:ms=N`.
    BadSuffix {
        spec: String,
        problem: SuffixProblem,
    },
    /// A computer level followed by an `@T` with T not a whole number 1 to `MAX_THREADS`.
    BadThreads { spec: String },
}

/// What is wrong after `ai:LEVEL:`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SuffixProblem {
    /// Neither `nodes=…` nor `ms=…`.
    NotNodes,
    /// `nodes=` not followed by a whole number 1 to `MAX_SPEC_NODES`.
    BadCount,
    /// `ms=` not followed by a whole number 1 to `MAX_SPEC_MS`.
    BadMillis,
}

impl std::fmt::Display for BadPlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadPlayerSpec::Unknown(spec) => write!(
                f,
                "unknown player '{spec}' (known: {})",
                PLAYER_SPECS.join(", ")
            ),
            BadPlayerSpec::BadSuffix { spec, problem } => {
                // What follows `ai:LEVEL:`.
                let suffix = spec.splitn(3, ':').nth(2).unwrap_or_default();
                match problem {
                    SuffixProblem::NotNodes => write!(
                        f,
                        "player '{spec}': unknown suffix '{suffix}' (a computer level takes only \
                         nodes=N, N search nodes per turn, or ms=N, N milliseconds per turn)"
                    ),
                    SuffixProblem::BadCount => write!(
                        f,
                        "player '{spec}': '{suffix}' needs N a whole number 1 to {MAX_SPEC_NODES} \
                         (search nodes per turn)"
                    ),
                    SuffixProblem::BadMillis => write!(
                        f,
                        "player '{spec}': '{suffix}' needs N a whole number 1 to {MAX_SPEC_MS} \
                         (milliseconds per turn)"
                    ),
                }
            }
            BadPlayerSpec::BadThreads { spec } => {
                let t = spec.split_once('@').map(|x| x.1).unwrap_or_default();
                write!(
                    f,
                    "player '{spec}': '@{t}' needs T a whole number 1 to {MAX_THREADS} (search \
                     threads)"
                )
            }
        }
    }
}
impl std::error::Error for BadPlayerSpec {}

/// Turns refused by the referee in the current position (forgotten once the position changes).
#[derive(Default, Debug)]
struct Refusals {
    ply: u32,
    turns: Vec<Turn>,
}

impl Refusals {
    /// The candidates of `view` minus the turns refused in this position.
    fn candidates(&mut self, view: &View, rules: &Rules) -> Vec<Turn> {
        if self.ply != view.ply() {
            self.turns.clear();
            self.ply = view.ply();
        }
        let mut c = view.candidate_turns(rules);
        c.retain(|t| !self.turns.contains(t));
        c
    }

    fn add(&mut self, t: Turn) {
        self.turns.push(t);
    }
}

/// Uniform over the candidate turns.
#[derive(Default, Debug)]
pub struct RandomPlayer {
    refusals: Refusals,
}

impl Player for RandomPlayer {
    fn name(&self) -> &'static str {
        "random"
    }
    fn choose(&mut self, view: &View, rules: &Rules, rng: &mut SplitMix64) -> Option<Turn> {
        let c = self.refusals.candidates(view, rules);
        rng.choose(&c).copied()
    }
    fn refused(&mut self, turn: Turn) {
        self.refusals.add(turn);
    }
}

#[cfg(test)]
impl RandomPlayer {
    /// For tests: play `game` on with random turns, each side choosing from its own view with
    /// `rng`, for up to `plies` turns or to its end; `each` sees the game and the report after
    /// every turn.
    pub fn play_on(
        &mut self,
        game: &mut crate::engine::Game,
        rng: &mut SplitMix64,
        plies: usize,
        mut each: impl FnMut(&crate::engine::Game, &crate::engine::TurnReport),
    ) {
        let rules = game.rules().clone();
        for _ in 0..plies {
            let Some(side) = game.position().side_to_move() else {
                break;
            };
            if game.status().is_over() {
                break;
            }
            let view = game.view(crate::engine::Viewer::Side(side));
            let t = self.choose(&view, &rules, rng).expect("a random turn");
            let played = game.play(t).expect("a random turn is legal");
            let report = played.report.clone().expect("a turn played has its report");
            each(game, &report);
        }
    }
}

/// What a piece is worth to its owner, for judging trades (the flag above everything).
pub fn piece_value(r: Rank) -> i32 {
    match r {
        Rank::Flag => 10_000,
        Rank::Marshal => 100,
        Rank::General => 70,
        Rank::MajorGeneral => 45,
        Rank::Brigadier => 30,
        Rank::Colonel => 20,
        Rank::Major => 14,
        Rank::Captain => 9,
        Rank::Lieutenant => 6,
        // Engineers dig mines and carry the flag late in the game: worth more than their rank.
        Rank::Engineer => 12,
        Rank::Bomb => 40,
        Rank::Mine => 10,
    }
}

/// Takes the best attack it can judge from its view; otherwise a random turn that is not a
/// known-losing attack.
#[derive(Default, Debug)]
pub struct GreedyPlayer {
    refusals: Refusals,
}

impl GreedyPlayer {
    /// Material gained by `turn` if its clash can be judged from the view: `Some(gain)` for an attack
    /// on a known piece, `None` otherwise (plain moves, flips, attacks on unknown pieces).
    fn judged_gain(view: &View, rules: &Rules, turn: Turn) -> Option<i32> {
        let Turn::Move { from, to } = turn else {
            return None;
        };
        let (Seen::Known(a), Seen::Known(d)) = (view.at(from), view.at(to)) else {
            return None;
        };
        let (outcome, _, _) = play::clash(rules, a, d);
        let (va, vd) = (piece_value(a.rank()), piece_value(d.rank()));
        Some(match outcome {
            ClashOutcome::FlagTaken => vd,
            ClashOutcome::DefenderRemoved | ClashOutcome::MineDug => vd,
            ClashOutcome::AttackerRemoved => -va,
            ClashOutcome::BothRemoved => vd - va,
            // Back where it came from, alive, having shown the mine: nothing gained.
            ClashOutcome::Bounced => 0,
        })
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> &'static str {
        "greedy"
    }
    fn choose(&mut self, view: &View, rules: &Rules, rng: &mut SplitMix64) -> Option<Turn> {
        let c = self.refusals.candidates(view, rules);
        let judged: Vec<(Turn, Option<i32>)> = c
            .iter()
            .map(|&t| (t, Self::judged_gain(view, rules, t)))
            .collect();
        let best = judged
            .iter()
            .filter_map(|(_, g)| *g)
            .filter(|g| *g > 0)
            .max();
        if let Some(best) = best {
            let top: Vec<Turn> = judged
                .iter()
                .filter(|(_, g)| *g == Some(best))
                .map(|(t, _)| *t)
                .collect();
            return rng.choose(&top).copied();
        }
        let safe: Vec<Turn> = judged
            .iter()
            .filter(|(_, g)| g.is_none_or(|g| g >= 0))
            .map(|(t, _)| *t)
            .collect();
        if safe.is_empty() {
            // Every turn loses material: give up the least.
            let least = judged.iter().filter_map(|(_, g)| *g).max()?;
            let top: Vec<Turn> = judged
                .iter()
                .filter(|(_, g)| *g == Some(least))
                .map(|(t, _)| *t)
                .collect();
            return rng.choose(&top).copied();
        }
        rng.choose(&safe).copied()
    }
    fn refused(&mut self, turn: Turn) {
        self.refusals.add(turn);
    }
}

/// Play uniformly random legal turns from `pos` to the end of the game (the referee's view: for
/// simulations and benchmarks, not a player). Returns the final status and the turns played.
pub fn random_playout(pos: &Position, rules: &Rules, rng: &mut SplitMix64) -> (Status, u32) {
    // The engine directly, no views and no allocation: the turn sets of the side to move (the
    // turns of `pseudo_turns`, in the same order, without listing them), the end-of-game check
    // given whether there is a turn, and `play_unchecked_fast`.
    let mut p = *pos;
    let mut played = 0;
    let mut turns = TurnSets::new();
    loop {
        p.turn_sets_in(rules, &mut turns);
        let status = p.status_with(rules, Some(!turns.is_empty()));
        if status.is_over() {
            return (status, played);
        }
        let t = turns
            .nth(rng.below(turns.len() as u64) as usize)
            .expect("index below the number of turns");
        p.play_unchecked_fast(rules, t);
        played += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Position, Seat, Viewer};

    fn view_of(notation: &str, rules: &Rules, side: Seat) -> View {
        Position::from_notation(notation, rules)
            .unwrap()
            .view(rules, Viewer::Side(side))
    }

    #[test]
    fn greedy_takes_the_flag_when_it_can() {
        let rules = Rules::default();
        // Red captain on a11 beside Blue's flag on a12 (rail a11 is not an HQ; a12 has the flag).
        let pos = "bF......../r3..b9..../........../........../........../........../........../........../........../........../........../rF........ r 0 0";
        let v = view_of(pos, &rules, Seat::Red);
        let t = GreedyPlayer::default()
            .choose(&v, &rules, &mut SplitMix64::new(1))
            .unwrap();
        assert_eq!(t.notation(v.board()), "a11-a12");
    }

    #[test]
    fn greedy_avoids_a_known_losing_attack() {
        let rules = Rules::default();
        // Red lieutenant on c6 may attack Blue's marshal on c7 or step aside; it must never attack.
        let pos = "bF......../........../........../........../........../....b9..../....r2..../........../........../........../........../rF........ r 0 0";
        let v = view_of(pos, &rules, Seat::Red);
        let attack = Turn::Move {
            from: v.board().node_by_name("c6").unwrap(),
            to: v.board().node_by_name("c7").unwrap(),
        };
        assert!(v.candidate_turns(&rules).contains(&attack));
        assert_eq!(GreedyPlayer::judged_gain(&v, &rules, attack), Some(-6));
        let mut p = GreedyPlayer::default();
        for seed in 0..50 {
            let t = p.choose(&v, &rules, &mut SplitMix64::new(seed)).unwrap();
            assert_ne!(t.notation(v.board()), "c6-c7");
        }
    }

    #[test]
    fn hidden_view_does_not_judge_unknown_pieces() {
        let rules = Rules::for_mode(crate::engine::Mode::Hidden);
        let pos = "bF......../........../........../........../........../....b9..../....r2..../........../........../........../........../rF........ r 0 0";
        let v = view_of(pos, &rules, Seat::Red);
        assert_eq!(
            v.at(v.board().node_by_name("c7").unwrap()),
            Seen::Unknown(Seat::Blue)
        );
        let attack = Turn::Move {
            from: v.board().node_by_name("c6").unwrap(),
            to: v.board().node_by_name("c7").unwrap(),
        };
        assert_eq!(GreedyPlayer::judged_gain(&v, &rules, attack), None);
    }

    #[test]
    fn refused_turns_are_not_offered_again() {
        let rules = Rules::default();
        let pos = "bF......../........../........../........../........../........../....r2..../........../........../........../........../rF........ r 0 0";
        let v = view_of(pos, &rules, Seat::Red);
        let all = v.candidate_turns(&rules);
        let mut p = RandomPlayer::default();
        let mut rng = SplitMix64::new(7);
        for _ in 0..all.len() {
            let t = p.choose(&v, &rules, &mut rng).unwrap();
            p.refused(t);
        }
        assert_eq!(p.choose(&v, &rules, &mut rng), None);
    }

    #[test]
    fn random_playouts_end_and_agree_with_the_referee() {
        use crate::engine::{Formation, Game, Start};
        for mode in [crate::engine::Mode::Open, crate::engine::Mode::Hidden] {
            let rules = Rules::for_mode(mode);
            for seed in 0..5 {
                let mut rng = SplitMix64::new(seed);
                let red = Formation::random(&mut rng, &rules);
                let blue = Formation::random(&mut rng, &rules);
                let g = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
                let (status, n) = random_playout(g.position(), &rules, &mut rng);
                assert!(status.is_over());
                assert!(n <= rules.turn_limit, "{n}");
            }
        }
    }

    #[test]
    fn a_level_takes_a_node_budget() {
        assert_eq!(ai_spec("ai:normal"), Ok((Level::Normal, None)));
        assert_eq!(
            ai_spec("ai:normal:nodes=20000"),
            Ok((Level::Normal, Some(SpecBudget::Nodes(20_000))))
        );
        assert_eq!(
            ai_spec("ai:easy:nodes=1"),
            Ok((Level::Easy, Some(SpecBudget::Nodes(1))))
        );
        assert_eq!(
            ai_spec("ai:hard:nodes=1000000000"),
            Ok((Level::Hard, Some(SpecBudget::Nodes(MAX_SPEC_NODES))))
        );
        let p = player_from_spec("ai:hard:nodes=5000").unwrap();
        assert_eq!(p.name(), "ai:hard");
        for bad in [
            "ai:normal:nodes=0",
            "ai:normal:nodes=1000000001",
            "ai:normal:nodes=99999999999999999999999",
            "ai:normal:nodes=",
            "ai:normal:nodes=-5",
            "ai:normal:nodes=+5",
            "ai:normal:nodes= 5",
            "ai:normal:nodes=5k",
            "ai:normal:nodes=2e4",
            "ai:normal:nodes=5:x",
        ] {
            let e = player_from_spec(bad).err().unwrap();
            assert!(
                matches!(
                    e,
                    BadPlayerSpec::BadSuffix {
                        problem: SuffixProblem::BadCount,
                        ..
                    }
                ),
                "{bad}: {e:?}"
            );
            let text = e.to_string();
            assert!(
                text.contains(bad) && text.contains("1 to 1000000000"),
                "{text}"
            );
        }
        for bad in [
            "ai:normal:",
            "ai:normal:depth=3",
            "ai:normal:Nodes=5",
            "ai:normal:nodes",
        ] {
            let e = player_from_spec(bad).err().unwrap();
            assert!(
                matches!(
                    e,
                    BadPlayerSpec::BadSuffix {
                        problem: SuffixProblem::NotNodes,
                        ..
                    }
                ),
                "{bad}: {e:?}"
            );
            assert!(e.to_string().contains("nodes=N"), "{e}");
        }
        // An unknown level, or a suffix after a player that takes none.
        for bad in [
            "ai:medium:nodes=5",
            "ai:",
            "ai",
            "greedy:nodes=5",
            "ai:Normal",
        ] {
            let e = player_from_spec(bad).err().unwrap();
            assert_eq!(e, BadPlayerSpec::Unknown(bad.into()));
            assert!(e.to_string().contains("ai:LEVEL:nodes=N"), "{e}");
        }
    }

    #[test]
    fn a_level_takes_a_time_per_turn() {
        assert_eq!(
            ai_spec("ai:hard:ms=300"),
            Ok((Level::Hard, Some(SpecBudget::Millis(300))))
        );
        assert_eq!(
            ai_spec("ai:easy:ms=600000"),
            Ok((Level::Easy, Some(SpecBudget::Millis(MAX_SPEC_MS))))
        );
        assert_eq!(
            player_from_spec("ai:hard:ms=1@2").unwrap().name(),
            "ai:hard"
        );
        for bad in [
            "ai:hard:ms=0",
            "ai:hard:ms=600001",
            "ai:hard:ms=",
            "ai:hard:ms=-1",
            "ai:hard:ms=1.5",
            "ai:hard:ms=300ms",
        ] {
            let e = player_from_spec(bad).err().unwrap();
            assert!(
                matches!(
                    e,
                    BadPlayerSpec::BadSuffix {
                        problem: SuffixProblem::BadMillis,
                        ..
                    }
                ),
                "{bad}: {e:?}"
            );
            let text = e.to_string();
            assert!(
                text.contains(bad) && text.contains("1 to 600000") && text.contains("milliseconds"),
                "{text}"
            );
        }
    }

    #[test]
    fn a_level_takes_a_thread_count() {
        for (spec, threads) in [
            ("ai:hard", 1),
            ("ai:hard@1", 1),
            ("ai:normal@2", 2),
            ("ai:hard:nodes=180000@2", 2),
            ("ai:hard:ms=300@2", 2),
            ("ai:easy:nodes=1@64", 64),
        ] {
            let p = player_from_spec(spec).unwrap();
            assert!(p.name().starts_with("ai:"), "{spec}");
            let (base, _) = spec.split_once('@').unwrap_or((spec, ""));
            let (level, spend) = ai_spec(base).unwrap();
            let mut made = AiPlayer::new(level);
            if let Some(SpecBudget::Nodes(n)) = spend {
                made = made.with_nodes(n);
            }
            assert_eq!(made.with_threads(threads).threads(), threads, "{spec}");
        }
        for bad in [
            "ai:hard@0",
            "ai:hard@65",
            "ai:hard@",
            "ai:hard@two",
            "ai:hard@+2",
            "ai:hard@ 2",
            "ai:hard@2@2",
            "ai:hard:nodes=5000@0",
            "ai:hard:nodes=5000@99999999999999999999999",
        ] {
            let e = player_from_spec(bad).err().unwrap();
            assert_eq!(e, BadPlayerSpec::BadThreads { spec: bad.into() }, "{bad}");
            let text = e.to_string();
            assert!(text.contains(bad) && text.contains("1 to 64"), "{text}");
        }
        // The rest of the spec is checked as without `@T`.
        assert!(matches!(
            player_from_spec("ai:hard:nodes=0@2"),
            Err(BadPlayerSpec::BadSuffix {
                problem: SuffixProblem::BadCount,
                ..
            })
        ));
        for bad in ["random@2", "ai:medium@2", "@2"] {
            let e = player_from_spec(bad).err().unwrap();
            assert_eq!(e, BadPlayerSpec::Unknown(bad.into()), "{bad}");
        }
    }

    #[test]
    fn a_raider_takes_a_fallback_spec() {
        for spec in ["raider", "raider:greedy", "raider:ai:normal:nodes=2000@2"] {
            assert_eq!(player_from_spec(spec).unwrap().name(), "raider", "{spec}");
        }
        for bad in [
            "raider:",
            "raider:raider",
            "raider:raider:greedy",
            "raider:ai:medium",
        ] {
            let e = player_from_spec(bad).err().unwrap();
            assert_eq!(e, BadPlayerSpec::Unknown(bad.into()), "{bad}");
        }
        assert!(matches!(
            player_from_spec("raider:ai:hard:nodes=0"),
            Err(BadPlayerSpec::BadSuffix { .. })
        ));
    }

    #[test]
    fn sparring_partners_take_a_fallback_spec() {
        for name in sparring::NAMES {
            for spec in [
                name.to_string(),
                format!("{name}:greedy"),
                format!("{name}:ai:normal:nodes=2000@2"),
            ] {
                assert_eq!(player_from_spec(&spec).unwrap().name(), name, "{spec}");
                assert!(is_computer_spec(&spec), "{spec}");
            }
            for bad in [
                format!("{name}:"),
                format!("{name}:raider"),
                format!("{name}:quiet:greedy"),
                format!("{name}:ai:medium"),
                format!("{name}x"),
            ] {
                let e = player_from_spec(&bad).err().unwrap();
                assert_eq!(e, BadPlayerSpec::Unknown(bad.clone()), "{bad}");
            }
        }
        assert!(!is_computer_spec("quietly"));
    }

    #[test]
    fn unknown_spec_is_refused() {
        assert!(player_from_spec("random").is_ok());
        assert!(player_from_spec("greedy").is_ok());
        let e = player_from_spec("alphazero").err().unwrap().to_string();
        assert!(e.contains("alphazero") && e.contains("random"), "{e}");
    }
}
