//! Sparring partners for the arena beside `raider`, each playing one habit seen in outside
//! engines, and otherwise as another player (`NAME`: as `greedy`; `NAME:SPEC`: as SPEC, e.g.
//! `charger:ai:normal:nodes=20000`). Each sees only its own view, like every player.
//!
//! - `charger`: its marshal stands on the centre file of its front line and attacks at once, then
//!   keeps charging: every turn its marshal attacks the enemy piece nearest an enemy HQ that it
//!   can reach, or steps nearer the HQs; otherwise (its marshal gone or stuck) the fallback plays.
//! - `fortress`: fixed formations with the flag in an HQ and mines in both back corners and beside
//!   the flag (`FORTRESS`, mirrored half of the time); it plays as its fallback.
//! - `quiet`: plays for the quiet limit under `quiet loses` (the CCGC rules): it never clashes
//!   while it can move quietly, unless it is the side that would make the losing quiet turn and
//!   three or one quiet turns are left, when it clashes with its smallest piece that can; under
//!   other rules it plays as its fallback.

use super::eval::distances;
use super::formation::usual_formation;
use super::{GreedyPlayer, Player, Refusals};
use crate::engine::board::NodeId;
use crate::engine::rng::SplitMix64;
use crate::engine::{
    Formation, Mover, NodeKind, Rank, Rules, Seat, Seen, Turn, TurnReport, View, Viewer,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The sparring partners of this module, by spec name.
pub const NAMES: [&str; 3] = ["charger", "fortress", "quiet"];

/// The fortress's formation (lines from the front, columns from the owner's left): flag in the
/// left HQ, mines in both back corners and beside the flag, bombs in front of the rear camps.
const FORTRESS: [&str; 6] = [
    "4 7 5 6 4",
    "3 + 8 + 3",
    "2 B + B 2",
    "6 + 9 + 5",
    "1 7 2 1 1",
    "M F M 3 M",
];

/// The fortress's formation, mirrored when `mirror`.
pub fn fortress_formation(mirror: bool) -> Formation {
    let lines: Vec<String> = FORTRESS.iter().map(|l| format!("{l:?}")).collect();
    let text = format!(
        "(version: 1, name: \"Fortress\", name_zh: \"\", notes: \"\", notes_zh: \"\", lines: [{}])",
        lines.join(", ")
    );
    let f = Formation::from_ron(&text).expect("the fortress formation reads");
    if mirror { f.mirrored() } else { f }
}

/// The charger's formation: the computer's usual one (`usual_formation`), with the marshal moved to the centre of the front
/// line (line 1, column 3), from where it attacks down the centre file at once. (The piece that
/// stood there takes the marshal's square; the computer's formations never put a piece there
/// that the marshal's square would not take.)
pub fn charger_formation(rng: &mut SplitMix64, rules: &Rules) -> Formation {
    let mut f = usual_formation(rng, rules);
    let at = (1..=6u8)
        .flat_map(|l| (1..=5u8).map(move |c| (l, c)))
        .find(|&(l, c)| f.at(l, c) == Some(Rank::Marshal));
    if let Some((l, c)) = at {
        let front = f.at(1, 3);
        let mut moved = f.clone();
        moved.set(1, 3, Some(Rank::Marshal));
        moved.set(l, c, front);
        if moved.problems(rules).is_empty() {
            f = moved;
        }
    }
    f
}

/// The formation the arena deals a sparring partner's spec, if it has its own.
pub fn formation(spec: &str, rng: &mut SplitMix64, rules: &Rules) -> Option<Formation> {
    let name = spec.split(':').next().unwrap_or(spec);
    match name {
        "charger" => Some(charger_formation(rng, rules)),
        "fortress" => Some(fortress_formation(rng.below(2) == 0)),
        _ => None,
    }
}

/// Which habit a sparring partner plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Habit {
    Charger,
    Fortress,
    Quiet,
}

/// A sparring partner: its habit, then its fallback player.
pub struct Sparring {
    habit: Habit,
    refusals: Refusals,
    fallback: Box<dyn Player>,
}

impl Sparring {
    /// The partner named `name` (one of `NAMES`) playing as `fallback` when its habit has
    /// nothing to say; `None` for another name.
    pub fn new(name: &str, fallback: Box<dyn Player>) -> Option<Sparring> {
        let habit = match name {
            "charger" => Habit::Charger,
            "fortress" => Habit::Fortress,
            "quiet" => Habit::Quiet,
            _ => return None,
        };
        Some(Sparring {
            habit,
            refusals: Refusals::default(),
            fallback,
        })
    }

    /// The partner named `name` playing as `greedy` otherwise.
    pub fn greedy(name: &str) -> Option<Sparring> {
        Sparring::new(name, Box::new(GreedyPlayer::default()))
    }
}

/// The enemy HQs of `me`.
fn enemy_hqs(view: &View, me: Seat) -> Vec<NodeId> {
    let board = view.board();
    board
        .seats
        .iter()
        .filter(|e| e.team() != me.team() && !view.out().contains(**e))
        .flat_map(|&e| board.deploy_nodes(e))
        .filter(|&n| board.kind(n) == NodeKind::Hq)
        .collect()
}

/// Whether `n` holds an enemy piece of `me`'s.
fn enemy_at(view: &View, me: Seat, n: NodeId) -> bool {
    match view.at(n) {
        Seen::Unknown(s) => s.team() != me.team(),
        Seen::Known(p) => p.side().team() != me.team(),
        Seen::Empty | Seen::FaceDown => false,
    }
}

/// The charger's turn: its marshal attacks the enemy piece nearest an enemy HQ, or steps
/// nearer the HQs. Known mines and bombs are left alone.
fn charge(view: &View, me: Seat, cands: &[Turn], rng: &mut SplitMix64) -> Option<Turn> {
    if view.board().is_four() {
        return None;
    }
    let hqs = enemy_hqs(view, me);
    let dist = distances();
    let to_hq = |n: NodeId| {
        hqs.iter()
            .map(|&h| dist.walk[n as usize][h as usize])
            .min()
            .unwrap_or(u8::MAX)
    };
    let moves: Vec<(NodeId, NodeId, Turn)> = cands
        .iter()
        .filter_map(|&t| {
            let Turn::Move { from, to } = t else {
                return None;
            };
            matches!(view.at(from), Seen::Known(p) if p.side() == me && p.rank() == Rank::Marshal)
                .then_some((from, to, t))
        })
        .collect();
    let attacks: Vec<(u8, Turn)> = moves
        .iter()
        .filter(|m| enemy_at(view, me, m.1))
        .filter(|m| !matches!(view.at(m.1), Seen::Known(p) if matches!(p.rank(), Rank::Mine | Rank::Bomb)))
        .map(|m| (to_hq(m.1), m.2))
        .collect();
    let pick = |list: Vec<(u8, Turn)>, rng: &mut SplitMix64| {
        let best = list.iter().map(|x| x.0).min()?;
        let top: Vec<Turn> = list.iter().filter(|x| x.0 == best).map(|x| x.1).collect();
        rng.choose(&top).copied()
    };
    if !attacks.is_empty() {
        return pick(attacks, rng);
    }
    let nearer: Vec<(u8, Turn)> = moves
        .iter()
        .filter(|m| view.at(m.1) == Seen::Empty && to_hq(m.1) < to_hq(m.0))
        .map(|m| (to_hq(m.1), m.2))
        .collect();
    pick(nearer, rng)
}

/// The quiet player's plan under `quiet loses`.
enum QuietPlan {
    /// Clash now: the turns that attack, smallest attacker first.
    Clash(Vec<Turn>),
    /// Stay quiet: the quiet turns, safest first.
    Quiet(Vec<Turn>),
}

/// The quiet player's plan: clash when it would make the limit's last quiet turn and three or
/// one are left; otherwise stay quiet while it can. `None` under other rules, or with no quiet
/// turn and no need to clash.
fn quiet_plan(view: &View, rules: &Rules, me: Seat, cands: &[Turn]) -> Option<QuietPlan> {
    if !rules.quiet_loses || view.board().is_four() {
        return None;
    }
    let left = rules.quiet_limit.saturating_sub(view.quiet());
    let rank_of = |n: NodeId| match view.at(n) {
        Seen::Known(p) => p.rank() as u8,
        _ => 0,
    };
    let (mut attacks, mut quiet): (Vec<Turn>, Vec<Turn>) = cands
        .iter()
        .partition(|&&t| matches!(t, Turn::Move { to, .. } if enemy_at(view, me, to)));
    // This side makes the quiet limit's last turn when an odd number are left.
    if left % 2 == 1 && left <= 3 && !attacks.is_empty() {
        attacks.sort_by_key(|t| match *t {
            Turn::Move { from, .. } => rank_of(from),
            Turn::Flip(_) => 0,
        });
        return Some(QuietPlan::Clash(attacks));
    }
    if quiet.is_empty() {
        return None;
    }
    // Safest first: the fewest enemy pieces beside the square moved to.
    let board = view.board();
    quiet.sort_by_key(|t| match *t {
        Turn::Move { to, .. } => board.links[to as usize]
            .iter()
            .filter(|&&n| enemy_at(view, me, n))
            .count(),
        Turn::Flip(_) => usize::MAX,
    });
    Some(QuietPlan::Quiet(quiet))
}

impl Player for Sparring {
    fn name(&self) -> &'static str {
        match self.habit {
            Habit::Charger => "charger",
            Habit::Fortress => "fortress",
            Habit::Quiet => "quiet",
        }
    }

    fn choose(&mut self, view: &View, rules: &Rules, rng: &mut SplitMix64) -> Option<Turn> {
        let me = match (view.viewer(), view.mover()) {
            (Viewer::Side(s), _) | (Viewer::Referee, Mover::Side(s)) => s,
            (Viewer::Referee, Mover::Player(_)) => return self.fallback.choose(view, rules, rng),
        };
        let cands = self.refusals.candidates(view, rules);
        match self.habit {
            Habit::Fortress => {}
            Habit::Charger => {
                if let Some(t) = charge(view, me, &cands, rng) {
                    return Some(t);
                }
            }
            Habit::Quiet => match quiet_plan(view, rules, me, &cands) {
                Some(QuietPlan::Clash(attacks)) => return attacks.first().copied(),
                Some(QuietPlan::Quiet(quiet)) => {
                    // The fallback's choice when it is quiet; else the safest quiet turn (one
                    // of those as safe as the first).
                    let t = self.fallback.choose(view, rules, rng);
                    if let Some(t) = t.filter(|t| quiet.contains(t)) {
                        return Some(t);
                    }
                    return quiet.first().copied();
                }
                None => {}
            },
        }
        self.fallback.choose(view, rules, rng)
    }

    fn refused(&mut self, turn: Turn) {
        self.refusals.add(turn);
        self.fallback.refused(turn);
    }

    fn observe(&mut self, report: &TurnReport, view_after: &View) {
        self.fallback.observe(report, view_after);
    }

    fn set_cancel(&mut self, flag: Arc<AtomicBool>) {
        self.fallback.set_cancel(flag);
    }

    fn thoughts(&self) -> Option<String> {
        self.fallback.thoughts()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::formation::ai_formation;
    use crate::engine::{Game, Mode, Position, Start};

    fn choice(player: &mut dyn Player, notation: &str, rules: &Rules, seed: u64) -> String {
        let pos = Position::from_notation(notation, rules).unwrap();
        let view = pos.view(rules, Viewer::Side(pos.mover().side().unwrap()));
        player
            .choose(&view, rules, &mut SplitMix64::new(seed))
            .unwrap()
            .notation(view.board())
    }

    /// The sparring formations are valid, the charger's marshal stands on the centre of its front
    /// line, the fortress's mines in both back corners.
    #[test]
    fn the_formations_are_valid() {
        let rules = Rules::ccgc();
        let mut rng = SplitMix64::new(3);
        for _ in 0..50 {
            let f = charger_formation(&mut rng, &rules);
            assert!(f.problems(&rules).is_empty());
            assert_eq!(f.at(1, 3), Some(Rank::Marshal));
        }
        for mirror in [false, true] {
            let f = fortress_formation(mirror);
            assert!(f.problems(&rules).is_empty(), "{:?}", f.problems(&rules));
            assert_eq!(
                (f.at(6, 1), f.at(6, 5)),
                (Some(Rank::Mine), Some(Rank::Mine))
            );
        }
    }

    /// At its first turn the charger's marshal attacks down the centre file.
    #[test]
    fn the_charger_attacks_at_once() {
        let rules = Rules::ccgc();
        let mut rng = SplitMix64::new(5);
        let red = charger_formation(&mut rng, &rules);
        let blue = ai_formation(&mut rng, &rules);
        let game = Game::new(rules.clone(), Start::formations(&red, &blue)).unwrap();
        let view = game.view(Viewer::Side(Seat::Red));
        let mut p = Sparring::greedy("charger").unwrap();
        let t = p
            .choose(&view, &rules, &mut SplitMix64::new(1))
            .unwrap()
            .notation(view.board());
        assert_eq!(t, "c6-c7");
    }

    /// Under the CCGC rules the quiet player moves quietly rather than take a free piece, until
    /// it would make the 31st quiet turn: then it clashes.
    #[test]
    fn the_quiet_player_clashes_only_at_the_limit() {
        let rules = Rules {
            mode: Mode::Open,
            ..Rules::ccgc()
        };
        let pos = |quiet: u32| {
            format!(
                "bMbFbM..../........../........../........../........../....b2..../....r8..../........../........../........../........../rMrFrM.... r {quiet} 40"
            )
        };
        let mut p = Sparring::greedy("quiet").unwrap();
        assert_ne!(choice(&mut p, &pos(10), &rules, 1), "c6-c7");
        assert_ne!(choice(&mut p, &pos(26), &rules, 1), "c6-c7");
        assert_eq!(choice(&mut p, &pos(28), &rules, 1), "c6-c7");
        assert_eq!(choice(&mut p, &pos(30), &rules, 1), "c6-c7");
        // Under other rules it plays as greedy: the free piece.
        let open = Rules::for_mode(Mode::Open);
        assert_eq!(choice(&mut p, &pos(10), &open, 1), "c6-c7");
    }
}
