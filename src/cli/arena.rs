//! `junqi arena`: computer players against each other, many games, in threads; deterministic for a
//! seed whatever the thread count.

use super::sprt::{Penta, Sprt, summary_line};
use super::{CliError, CliResult, RuleFlags, err};
use crate::ai::ai_formation;
use crate::engine::rng::{SplitMix64, derive};
use crate::engine::{Board, Formation, Game, InfoKey, Mode, Rules, Seat, Start, Status, Team};
use crate::fsutil::atomic_write;
use crate::table::{
    Chair, Deal, Limits, SeatDriver, SeatFailure, SeatSpec, SetupFailure, Table, TableEnd,
};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const MAX_GAMES: usize = 1_000_000;
const MAX_THREADS: usize = 256;
/// The most one turn of an outside engine may take unless `--turn-ms` says otherwise.
const DEFAULT_ENGINE_TURN_MS: usize = 30_000;
/// Each side's time for the whole game under `--rules-set ccgc` or with a `ccgc:CMD` seat,
/// unless `--game-ms` says otherwise.
const CCGC_GAME_MS: usize = 1_800_000;

/// `junqi arena`: its own options, then the rules flags.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "SPEC: random (uniform over legal turns), greedy (the best clash it can judge \
from its own view), raider (attacks the enemy HQs, flies its engineers along the railway to the \
squares beside them and digs there, otherwise greedy), charger (its marshal attacks down the centre file at once and keeps charging), fortress (fixed formations, mines in the back corners), quiet (plays for the quiet-limit win under --quiet-loses); raider, charger, fortress and quiet play as greedy otherwise, NAME:SPEC as SPEC; the computer opponent ai:easy, ai:normal, ai:hard, which think for a time \
per turn (ai:LEVEL:nodes=N, e.g. ai:normal:nodes=20000, N from 1 to 1000000000, spends N search \
nodes per turn instead, so its games replay exactly from the seed; ai:LEVEL:ms=N, N from 1 to \
600000, thinks N milliseconds a turn; each may end in @T, searching on T threads, e.g. \
ai:hard:ms=300@2), or an outside engine process: \
engine:CMD (the junqi engine protocol, docs/engine-protocol.md) or ccgc:CMD (the CCGC 2012 protocol, \
docs/ccgc.md; two-player games under --rules-set ccgc). The last line on stdout is \
`arena: games=N a_wins=W draws=D b_wins=L a_ms_median=X a_ms_p95=Y b_ms_median=Z b_ms_p95=V`. With --players 4, A and B are teams: A's spec plays both seats of one team (South and North in odd games, East and West in even ones), and wins, draws and times count for the teams."
)]
pub struct ArenaArgs {
    #[command(flatten)]
    opts: Options,
    #[command(flatten)]
    rules: RuleFlags,
}

/// The arena's own options.
#[derive(clap::Args, Debug, Clone)]
struct Options {
    /// Players: 2 (default) or 4 (RULES.md section 9; open or hidden mode)
    #[arg(long, value_name = "P", default_value_t = 2, value_parser = players)]
    players: u8,
    /// Player A (red in odd games, blue in even ones; four players: team South and North in odd
    /// games, East and West in even ones)
    #[arg(long = "a", value_name = "SPEC", value_parser = player_spec)]
    a: String,
    /// Player B
    #[arg(long = "b", value_name = "SPEC", value_parser = player_spec)]
    b: String,
    /// How many games to play (1 to 1000000)
    #[arg(long, value_name = "N", value_parser = whole::<1, MAX_GAMES>)]
    games: usize,
    /// The seed of the formations and deals (the same seed plays the same games); without it,
    /// one drawn from the system's random source, printed so that the games can be played again.
    /// Each seat's seed is derived from it one way: an engine seat cannot work it out, but one
    /// who knows it can, so a contest keeps its seed to itself.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Games played at once (1 to 256); the results do not depend on it
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = whole::<1, MAX_THREADS>)]
    threads: usize,
    /// Write each game's record to this folder (game-0001.ron …)
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// Player B deploys the formations saved in this folder (*.ron, e.g. the shipped `layouts`)
    /// instead of its own: each game picks one by its seed, mirrored half of the time
    #[arg(long, value_name = "DIR")]
    b_formations: Option<PathBuf>,
    /// Outside engines (`engine:CMD`) send their own formations (checked against the rules;
    /// a formation refused loses the game) instead of deploying the computer's
    #[arg(long)]
    own_formations: bool,
    /// The most one turn may take, in milliseconds (an engine over it loses the game; default
    /// 30000 when an outside engine plays, none otherwise)
    #[arg(long, value_name = "MS", value_parser = whole::<1, 3_600_000>)]
    turn_ms: Option<usize>,
    /// Each seat's thinking time for the whole game, in milliseconds (over it loses; default
    /// 1800000 with --rules-set ccgc or a ccgc:CMD seat, none otherwise)
    #[arg(long, value_name = "MS", value_parser = whole::<1, 36_000_000>)]
    game_ms: Option<usize>,
    /// Stop when a sequential probability ratio test decides between Elo ELO0 and ELO1 (A's
    /// strength over B's, logistic Elo): games are played in pairs with the same formations (or
    /// the same flip deal) and the seats swapped, and `--games` (even) is the most it plays
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    /// The SPRT's false positive rate
    #[arg(long, value_name = "A", default_value_t = 0.05, requires = "sprt")]
    alpha: f64,
    /// The SPRT's false negative rate
    #[arg(long, value_name = "B", default_value_t = 0.05, requires = "sprt")]
    beta: f64,
    /// The formations read from `b_formations` (those valid under the game's rules).
    #[arg(skip)]
    b_library: Vec<Formation>,
}

impl Options {
    /// The arena's seed: the one given, or the one drawn when the arena began (`cmd_arena`).
    fn seed(&self) -> u64 {
        self.seed.unwrap_or_default()
    }
}

/// The formations of `dir` that are valid under `rules`, or a message saying why there are none.
fn read_b_formations(dir: &std::path::Path, rules: &Rules) -> Result<Vec<Formation>, String> {
    let entries = crate::library::list_library(dir);
    if entries.is_empty() {
        return Err(format!(
            "--b-formations {}: no formation files (*.ron) there",
            dir.display()
        ));
    }
    let mut problems = Vec::new();
    let mut valid = Vec::new();
    for e in entries {
        match e.content {
            Ok(f) if f.is_valid(rules) => valid.push(f),
            Ok(f) => problems.push(format!(
                "{}: {}",
                e.path.display(),
                f.problems(rules)
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            Err(e) => problems.push(e.to_string()),
        }
    }
    if valid.is_empty() {
        return Err(format!(
            "--b-formations {}: no formation there is valid under these rules ({})",
            dir.display(),
            problems.join(" | ")
        ));
    }
    Ok(valid)
}

/// The formation of one side or seat: from player B's folder when it has one, else the
/// computer's own for an `ai:*` spec, `raider` or an outside engine (which gets it from the arena unless
/// `--own-formations`) and a random one otherwise.
fn formation_for(
    spec: &str,
    is_b: bool,
    opts: &Options,
    rng: &mut SplitMix64,
    rules: &Rules,
) -> Formation {
    if is_b && !opts.b_library.is_empty() {
        let f = &opts.b_library[rng.below(opts.b_library.len() as u64) as usize];
        return if rng.below(2) == 0 {
            f.mirrored()
        } else {
            f.clone()
        };
    }
    if let Some(f) = crate::ai::sparring::formation(spec, rng, rules) {
        return f;
    }
    let outside = SeatSpec::parse(spec).is_ok_and(|s| s.is_outside());
    if crate::ai::is_computer_spec(spec) || outside {
        ai_formation(rng, rules)
    } else {
        Formation::random(rng, rules)
    }
}

/// Whether the arena asks the seat of `spec` for its own formation (a CCGC engine always sends
/// its own).
fn asks_formation(spec: &str, opts: &Options) -> bool {
    SeatSpec::parse(spec)
        .is_ok_and(|s| matches!(s, SeatSpec::Ccgc(_)) || (opts.own_formations && s.is_outside()))
}

fn player_spec(s: &str) -> Result<String, String> {
    SeatSpec::parse(s).map(|_| s.to_string())
}

fn players(s: &str) -> Result<u8, String> {
    match s {
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err("needs 2 or 4".into()),
    }
}

pub(super) fn whole<const LO: usize, const HI: usize>(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .ok()
        .filter(|n| (LO..=HI).contains(n))
        .ok_or_else(|| format!("needs a whole number {LO} to {HI}"))
}

/// Which of the two seats won a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Winner {
    A,
    B,
    Draw,
}

/// One finished game: who won, thinking times per turn of each seat (milliseconds).
struct Outcome {
    winner: Winner,
    a_ms: Vec<f64>,
    b_ms: Vec<f64>,
    /// Turns the referee refused (hidden mode flag rules).
    refusals: u32,
    /// The game ended with a flag taken within `EARLY_FLAG_PLIES` plies (the loser's flag fell
    /// early: a raid the loser did not parry).
    early_flag: bool,
    /// A seat that lost by failing: whether it was A's, and the reason (its chair and name).
    forfeit: Option<(bool, String)>,
    /// The game was won under `quiet loses`: the loser made the quiet limit's last quiet turn.
    quiet_loss: bool,
    /// Marshals and generals each seat lost within `EARLY_BIG_PLIES` plies: A's, B's (two
    /// players).
    early_big: [u32; 2],
}

/// A marshal or general lost within this many plies counts as an early big-piece loss.
const EARLY_BIG_PLIES: usize = 20;

/// The marshals and generals `side` lost within the first `EARLY_BIG_PLIES` plies of `game`.
fn early_big_losses(game: &Game, side: crate::engine::Seat) -> u32 {
    use crate::engine::Rank;
    let big = |n: usize| {
        game.position_at(n)
            .cells()
            .iter()
            .flatten()
            .filter(|p| p.side() == side && matches!(p.rank(), Rank::Marshal | Rank::General))
            .count()
    };
    let last = game.plies().len().min(EARLY_BIG_PLIES);
    big(0).saturating_sub(big(last)) as u32
}

/// A flag taken within this many plies counts as an early flag loss in the arena's summary.
const EARLY_FLAG_PLIES: u32 = 60;

/// Whether `game` ended with a flag taken within `EARLY_FLAG_PLIES` plies.
fn early_flag(game: &Game) -> bool {
    matches!(
        game.status(),
        Status::Won(_, crate::engine::EndReason::Flag)
    ) && game.position().ply() <= EARLY_FLAG_PLIES
}

/// The seed of game `i`, derived from the arena seed (`rng::derive`, as every seed below it).
fn game_seed(seed: u64, i: usize) -> u64 {
    derive(seed, "arena game", i as u64)
}

/// The seed told to seat `k` (its `seed` line) in the game of seed `game`. One-way from the
/// game's seed: a seat cannot compute from it the deal (`deal_of`) nor another seat's seed, so an
/// engine seat learns nothing of the pieces it may not see (docs/hidden-information.md).
fn seat_seed(game: u64, k: usize) -> u64 {
    derive(game, "arena seat", k as u64)
}

/// The seed of the deal of the game of seed `game`: the flip deal, or the formations dealt.
fn deal_of(game: u64) -> u64 {
    derive(game, "arena deal", 0)
}

/// The seed of game `i`'s deal: its own, or with `--sprt` its pair's (games 2k and 2k+1 deal the
/// same formations, seats swapped).
fn deal_seed(opts: &Options, i: usize) -> u64 {
    if opts.sprt.is_some() {
        game_seed(opts.seed(), i - i % 2)
    } else {
        game_seed(opts.seed(), i)
    }
}

/// A's half points in a game (win 2, draw 1, loss 0).
fn half_points(w: Winner) -> u8 {
    match w {
        Winner::A => 2,
        Winner::Draw => 1,
        Winner::B => 0,
    }
}

/// The deal of game `i` (A is Red, or player 1 in flip mode, when `a_first`), by seat index
/// (A first): formations in open/hidden mode (`formation_for`; `None` for a seat asked for its
/// own), a seeded deal in flip mode.
fn deal_game(rules: &Rules, opts: &Options, seed: u64, a_first: bool) -> Deal {
    if rules.mode.deals_face_down() {
        return Deal::Start(Start::FlipDeal {
            seed: deal_of(seed),
        });
    }
    let mut rng = SplitMix64::new(deal_of(seed));
    let (red_spec, blue_spec) = if a_first {
        (&opts.a, &opts.b)
    } else {
        (&opts.b, &opts.a)
    };
    let red = formation_for(red_spec, !a_first, opts, &mut rng, rules);
    let blue = formation_for(blue_spec, a_first, opts, &mut rng, rules);
    let (a, b) = if a_first { (red, blue) } else { (blue, red) };
    Deal::Formations(vec![
        (!asks_formation(&opts.a, opts)).then_some(a),
        (!asks_formation(&opts.b, opts)).then_some(b),
    ])
}

/// The chairs of seats A and B in a two-player game.
fn chairs_two(rules: &Rules, a_first: bool) -> [Chair; 2] {
    let (first, second) = if rules.mode.deals_face_down() {
        (Chair::Player(1), Chair::Player(2))
    } else {
        (Chair::Side(Seat::Red), Chair::Side(Seat::Blue))
    };
    if a_first {
        [first, second]
    } else {
        [second, first]
    }
}

/// The table's limits for the arena's games.
fn limits(opts: &Options) -> Limits {
    Limits {
        turn_time: opts.turn_ms.map(|ms| Duration::from_millis(ms as u64)),
        game_time: opts.game_ms.map(|ms| Duration::from_millis(ms as u64)),
    }
}

/// Game `i` of a table with `seats` (A's first) and `seeds`: played to its end. A seat that
/// failed while the game was set up loses it (no record then).
fn play_table(
    rules: &Rules,
    opts: &Options,
    i: usize,
    seats: Vec<(Chair, Box<dyn SeatDriver>)>,
    seeds: &[u64],
    deal: Deal,
) -> Result<(Table, TableEnd), (usize, SeatFailure)> {
    let mut table = match Table::open(rules, seats, seeds, deal, limits(opts)) {
        Ok(t) => t,
        Err(SetupFailure::Seat(k, why)) => return Err((k, why)),
        Err(SetupFailure::Start(e)) => {
            return Err((0, SeatFailure::Reported(format!("game {}: {e}", i + 1))));
        }
    };
    let end = table.play_out();
    Ok((table, end))
}

/// Play game `i` to its end.
fn play_game(rules: &Rules, opts: &Options, i: usize) -> Result<(Outcome, Option<Game>), String> {
    let seed = deal_seed(opts, i);
    // Even games: A is Red (or player 1 in flip mode).
    let a_first = i.is_multiple_of(2);
    let deal = deal_game(rules, opts, seed, a_first);
    let chairs = chairs_two(rules, a_first);
    let seats = vec![
        (chairs[0], SeatSpec::parse(&opts.a)?.driver()),
        (chairs[1], SeatSpec::parse(&opts.b)?.driver()),
    ];
    let seeds = [seat_seed(seed, 0), seat_seed(seed, 1)];
    let (table, end) = match play_table(rules, opts, i, seats, &seeds, deal) {
        Ok(x) => x,
        Err((k, why)) => return Ok((setup_forfeit(opts, i, k == 0, &why), None)),
    };
    let winner = match (end.status, &end.forfeit) {
        (Status::Won(t, _), _) => {
            let a_side = table.side_of(0);
            if t == a_side.team() {
                Winner::A
            } else {
                Winner::B
            }
        }
        (Status::Draw(_), _) => Winner::Draw,
        // Flip mode before colours: the failed seat loses.
        (Status::Ongoing, Some((k, _))) => {
            if *k == 0 {
                Winner::B
            } else {
                Winner::A
            }
        }
        (Status::Ongoing, None) => Winner::Draw,
    };
    let (red_name, blue_name) = match rules.mode {
        Mode::Flip => (
            format!("player 1: {}", if a_first { &opts.a } else { &opts.b }),
            format!("player 2: {}", if a_first { &opts.b } else { &opts.a }),
        ),
        Mode::Open | Mode::Hidden if a_first => (opts.a.clone(), opts.b.clone()),
        Mode::Open | Mode::Hidden => (opts.b.clone(), opts.a.clone()),
    };
    let (k1, k2) = match rules.mode {
        Mode::Flip => (InfoKey::ArenaFirst, InfoKey::ArenaSecond),
        Mode::Open | Mode::Hidden => (
            InfoKey::ArenaSeat(Seat::Red),
            InfoKey::ArenaSeat(Seat::Blue),
        ),
    };
    let names = [(k1, red_name), (k2, blue_name)];
    let forfeit = forfeit_of(&table, &end, |k| k == 0);
    let times = [table.times()[0].clone(), table.times()[1].clone()];
    let refusals = table.refusals();
    let a_side = table.side_of(0);
    let (mut o, g) = finish(table.into_game(), opts, i, &names, winner, times, refusals);
    o.forfeit = forfeit;
    if let Some(b_side) = a_side.opponent() {
        o.early_big = [early_big_losses(&g, a_side), early_big_losses(&g, b_side)];
    }
    Ok((o, Some(g)))
}

/// The forfeit of a played game, as the outcome keeps it.
fn forfeit_of(
    table: &Table,
    end: &TableEnd,
    is_a: impl Fn(usize) -> bool,
) -> Option<(bool, String)> {
    end.forfeit.as_ref().map(|(k, why)| {
        (
            is_a(*k),
            format!("{} ({}): {why}", table.chair(*k), table.names()[*k]),
        )
    })
}

/// A game lost by a seat that failed while it was set up (seat A's if `a`).
fn setup_forfeit(opts: &Options, i: usize, a: bool, why: &SeatFailure) -> Outcome {
    let spec = if a { &opts.a } else { &opts.b };
    Outcome {
        winner: if a { Winner::B } else { Winner::A },
        a_ms: Vec::new(),
        b_ms: Vec::new(),
        refusals: 0,
        early_flag: false,
        forfeit: Some((a, format!("game {}: {spec}: {why}", i + 1))),
        quiet_loss: false,
        early_big: [0, 0],
    }
}

/// Game `i` played: its record names the arena game, the seed and (`names`) who played which
/// seat; its outcome counts `times` as A's and B's.
fn finish(
    mut game: Game,
    opts: &Options,
    i: usize,
    names: &[(InfoKey, String)],
    winner: Winner,
    [a_ms, b_ms]: [Vec<f64>; 2],
    refusals: u32,
) -> (Outcome, Game) {
    game.set_info(InfoKey::ArenaGame, &(i + 1).to_string());
    game.set_info(InfoKey::ArenaSeed, &opts.seed().to_string());
    for (key, name) in names {
        game.set_info(*key, name);
    }
    let outcome = Outcome {
        winner,
        a_ms,
        b_ms,
        refusals,
        early_flag: early_flag(&game),
        forfeit: None,
        quiet_loss: matches!(
            game.status(),
            Status::Won(_, crate::engine::EndReason::QuietLimit)
        ),
        early_big: [0, 0],
    };
    (outcome, game)
}

/// The team whose seats player A plays in game `i` (four players): South and North in even
/// games (the first game), East and West in odd ones.
fn team_a(i: usize) -> Team {
    if i.is_multiple_of(2) {
        Team::SouthNorth
    } else {
        Team::EastWest
    }
}

/// Four players: the deal of game `i` (the computer's own formation on an `ai:*` seat or an
/// outside engine, a random one otherwise; `None` for a seat asked for its own), with the spec
/// of each seat (by seat index).
fn deal_four(rules: &Rules, opts: &Options, i: usize, seed: u64) -> (Deal, [String; 4]) {
    let board = Board::four_player();
    let specs: [String; 4] = std::array::from_fn(|k| {
        if board.seats[k].team() == team_a(i) {
            opts.a.clone()
        } else {
            opts.b.clone()
        }
    });
    let mut rng = SplitMix64::new(deal_of(seed));
    let formations: Vec<Option<Formation>> = (0..4)
        .map(|k| {
            let is_b = board.seats[k].team() != team_a(i);
            let f = formation_for(&specs[k], is_b, opts, &mut rng, rules);
            (!asks_formation(&specs[k], opts)).then_some(f)
        })
        .collect();
    (Deal::Formations(formations), specs)
}

/// Four players: play game `i` to its end; the outcome counts teams (A is `team_a(i)`).
fn play_game_four(
    rules: &Rules,
    opts: &Options,
    i: usize,
) -> Result<(Outcome, Option<Game>), String> {
    let seed = deal_seed(opts, i);
    let (deal, specs) = deal_four(rules, opts, i, seed);
    let board = Board::four_player();
    let mut seats = Vec::with_capacity(4);
    for (k, spec) in specs.iter().enumerate() {
        seats.push((Chair::Side(board.seats[k]), SeatSpec::parse(spec)?.driver()));
    }
    let seeds: [u64; 4] = std::array::from_fn(|k| seat_seed(seed, k));
    let is_a = |k: usize| board.seats[k].team() == team_a(i);
    let (table, end) = match play_table(rules, opts, i, seats, &seeds, deal) {
        Ok(x) => x,
        Err((k, why)) => return Ok((setup_forfeit(opts, i, is_a(k), &why), None)),
    };
    let winner = match end.status {
        Status::Won(t, _) if t == team_a(i) => Winner::A,
        Status::Won(..) => Winner::B,
        _ => Winner::Draw,
    };
    let (mut a_ms, mut b_ms) = (Vec::new(), Vec::new());
    for (k, t) in table.times().iter().enumerate() {
        if is_a(k) {
            a_ms.extend(t);
        } else {
            b_ms.extend(t);
        }
    }
    let names: Vec<(InfoKey, String)> = (board.seats.iter().zip(specs))
        .map(|(&seat, spec)| (InfoKey::ArenaSeat(seat), spec))
        .collect();
    let forfeit = forfeit_of(&table, &end, is_a);
    let refusals = table.refusals();
    let times = [a_ms, b_ms];
    let (mut o, g) = finish(table.into_game(), opts, i, &names, winner, times, refusals);
    o.forfeit = forfeit;
    Ok((o, Some(g)))
}

/// Median and 95th percentile (nearest rank) of a list of times.
fn median_p95(v: &mut [f64]) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
    (at(0.5), at(0.95))
}

/// `junqi arena`: play the games between seats A and B on all the threads asked for (stopping
/// early when the sequential test decides), and report the tally.
pub fn cmd_arena(args: &ArenaArgs) -> CliResult {
    let rules = args.rules.rules()?;
    let mut opts = args.opts.clone();
    // Without --seed, a seed nobody knows (said once the games begin): a seat that could guess
    // it (a default of 0) could derive the deals and the other seats' seeds from it.
    let drawn = opts.seed.is_none().then(crate::engine::rng::os_seed);
    opts.seed = opts.seed.or(drawn);
    settle_options(args, &rules, &mut opts)?;
    let opts = &opts;
    let sprt = check_options(&rules, opts)?;
    if let Some(seed) = drawn {
        eprintln!("arena: seed {seed} (--seed {seed} plays these games again)");
    }
    let run = Run::new(&rules, opts, sprt.as_ref());
    let threads = opts.threads.min(opts.games);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| run.work());
        }
    });
    if let Some(e) = run.failure.into_inner().expect("threads joined") {
        return err(e);
    }
    let results = run.results.into_inner().expect("threads joined");
    let mut tally = Tally::of(results.into_iter().flatten());
    tally.report(&rules);
    let (am, ap) = median_p95(&mut tally.a_ms);
    let (bm, bp) = median_p95(&mut tally.b_ms);
    let (w, d, l) = tally.wdl;
    let mut out = String::new();
    if let Some(sprt) = &sprt {
        let p = run.penta.into_inner().expect("threads joined");
        let verdict = sprt
            .decision(&p)
            .map_or("none (the game cap came first)".to_string(), |v| {
                v.to_string()
            });
        out.push_str(&format!(
            "{}\nsprt: verdict {verdict}\n",
            summary_line(&p, sprt)
        ));
    }
    out.push_str(&format!(
        "arena: games={} a_wins={w} draws={d} b_wins={l} a_ms_median={am:.3} a_ms_p95={ap:.3} b_ms_median={bm:.3} b_ms_p95={bp:.3}\n",
        w + d + l
    ));
    Ok(out)
}

/// The options the seats and rules imply: B's formations read from their folder, a turn budget
/// for outside engines, the CCGC whole-game time; refuses CCGC seats the rules do not suit.
fn settle_options(args: &ArenaArgs, rules: &Rules, opts: &mut Options) -> Result<(), CliError> {
    if let Some(dir) = &opts.b_formations {
        if rules.mode.deals_face_down() {
            return err("--b-formations: flip mode deals its pieces face down, not by formation");
        }
        opts.b_library = read_b_formations(dir, rules).map_err(CliError)?;
    }
    let outside = [&opts.a, &opts.b]
        .iter()
        .any(|s| SeatSpec::parse(s).is_ok_and(|s| s.is_outside()));
    if outside && opts.turn_ms.is_none() {
        opts.turn_ms = Some(DEFAULT_ENGINE_TURN_MS);
    }
    let ccgc = [&opts.a, &opts.b]
        .iter()
        .any(|s| matches!(SeatSpec::parse(s), Ok(SeatSpec::Ccgc(_))));
    if ccgc && let Some(why) = crate::table::ccgc_seat::refuses(rules, opts.players) {
        return err(format!("ccgc: seats: {why}"));
    }
    // The CCGC rules: each side's whole-game time, 1800 s (the 2018 event's).
    if (ccgc || args.rules.rules_set() == Some(super::RulesSet::Ccgc)) && opts.game_ms.is_none() {
        opts.game_ms = Some(CCGC_GAME_MS);
    }
    Ok(())
}

/// Refuse what arena games cannot be (a move clock, flip mode for four, an odd number of games
/// under the sequential test), make the records' folder, and set up the sequential test if asked.
fn check_options(rules: &Rules, opts: &Options) -> Result<Option<Sprt>, CliError> {
    if rules.move_clock.is_some() {
        return err("arena games are played without a move clock");
    }
    if opts.players == 4 && !rules.mode.offered_for_four() {
        return err(
            "flip mode is not played by four players (RULES.md 9.6): use --mode open or hidden",
        );
    }
    if let Some(dir) = &opts.record {
        // The folder the user named for the records (games between computer players, which hide
        // nothing from a person) is made like any output folder the user asks for: with the
        // user's default mode, never tightened (it may be shared on purpose). The records in it
        // are written 0600 like every file of the program (`fsutil::atomic_write`).
        std::fs::create_dir_all(dir).map_err(|e| CliError(format!("{}: {e}", dir.display())))?;
    }
    match &opts.sprt {
        None => Ok(None),
        Some(e) => {
            if !opts.games.is_multiple_of(2) {
                return err("--sprt plays games in pairs: --games must be even");
            }
            Ok(Some(
                Sprt::new(e[0], e[1], opts.alpha, opts.beta).map_err(CliError::from)?,
            ))
        }
    }
}

/// The games in progress, shared by the threads that play them: which game is next, the
/// outcomes so far, the pairs' tally for the sequential test, and the first failure.
struct Run<'a> {
    rules: &'a Rules,
    opts: &'a Options,
    sprt: Option<&'a Sprt>,
    penta: Mutex<Penta>,
    /// The sequential test has decided: no more games start.
    stop: std::sync::atomic::AtomicBool,
    next: AtomicUsize,
    done: AtomicUsize,
    results: Mutex<Vec<Option<Outcome>>>,
    failure: Mutex<Option<String>>,
}

impl<'a> Run<'a> {
    fn new(rules: &'a Rules, opts: &'a Options, sprt: Option<&'a Sprt>) -> Self {
        Run {
            rules,
            opts,
            sprt,
            penta: Mutex::new(Penta::default()),
            stop: std::sync::atomic::AtomicBool::new(false),
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            results: Mutex::new((0..opts.games).map(|_| None).collect()),
            failure: Mutex::new(None),
        }
    }

    /// One thread's work: play the next game until none is left, the test has decided, or a
    /// game failed (the first failure is kept).
    fn work(&self) {
        loop {
            if self.failure.lock().expect("no panics hold it").is_some()
                || self.stop.load(Ordering::Relaxed)
            {
                return;
            }
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.opts.games {
                return;
            }
            match self.play(i) {
                Ok(outcome) => self.note(i, outcome),
                Err(e) => {
                    self.failure
                        .lock()
                        .expect("no panics hold it")
                        .get_or_insert(e);
                    return;
                }
            }
        }
    }

    /// Play game `i` and write its record if records are asked for.
    fn play(&self, i: usize) -> Result<Outcome, String> {
        let (rules, opts) = (self.rules, self.opts);
        let played = if opts.players == 4 {
            play_game_four(rules, opts, i)
        } else {
            play_game(rules, opts, i)
        };
        played.and_then(|(outcome, game)| {
            if let (Some(dir), Some(game)) = (&opts.record, game) {
                let path = dir.join(format!("game-{:04}.ron", i + 1));
                atomic_write(&path, game.to_ron().as_bytes()).map_err(|e| e.to_string())?;
            }
            Ok(outcome)
        })
    }

    /// Keep game `i`'s outcome; with the sequential test, score its pair once both are played
    /// (a line every ten pairs, and stop once it decides; pairs that end after that are not
    /// scored); else say how far the games are.
    fn note(&self, i: usize, outcome: Outcome) {
        let opts = self.opts;
        let mut all = self.results.lock().expect("no panics hold it");
        all[i] = Some(outcome);
        let n = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(sprt) = self.sprt {
            let k = i - i % 2;
            let mut p = self.penta.lock().expect("no panics hold it");
            // A pair that ends after the test decided (its last game was still being played on
            // another thread) is not scored: the verdict stands as it was reached, and the
            // overshoot cannot take it back. Its games still count in the tally.
            let decided = self.stop.load(Ordering::Relaxed);
            if let (Some(x), Some(y), false) = (&all[k], &all[k + 1], decided) {
                p.add(half_points(x.winner) + half_points(y.winner));
                if p.pairs().is_multiple_of(10) {
                    eprintln!("arena: {}", summary_line(&p, sprt));
                }
                if sprt.decision(&p).is_some() {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        drop(all);
        let step = opts.games.div_ceil(10);
        if self.sprt.is_none() && (n.is_multiple_of(step) || n == opts.games) {
            eprintln!("arena: {n}/{} games", opts.games);
        }
    }
}

/// What the games played add up to, A's side first.
#[derive(Default)]
struct Tally {
    /// A's wins, draws, B's wins.
    wdl: (u32, u32, u32),
    a_ms: Vec<f64>,
    b_ms: Vec<f64>,
    refusals: u64,
    /// The reasons of the games each seat lost by failing: A's, B's.
    forfeits: [Vec<String>; 2],
    /// Flags lost within EARLY_FLAG_PLIES plies, by the loser: A's, B's.
    early_flags: [u32; 2],
    /// Games lost under `quiet loses`, by the loser: A's, B's.
    quiet_lost: [u32; 2],
    /// Early big-piece losses: A's, B's.
    early_big: [u32; 2],
}

impl Tally {
    /// The tally of `outcomes`.
    fn of(outcomes: impl Iterator<Item = Outcome>) -> Tally {
        let mut t = Tally::default();
        for o in outcomes {
            match (o.quiet_loss, o.winner) {
                (true, Winner::A) => t.quiet_lost[1] += 1,
                (true, Winner::B) => t.quiet_lost[0] += 1,
                _ => {}
            }
            t.early_big[0] += o.early_big[0];
            t.early_big[1] += o.early_big[1];
            t.refusals += u64::from(o.refusals);
            if let Some((a, why)) = &o.forfeit {
                t.forfeits[usize::from(!a)].push(why.clone());
            }
            match o.winner {
                Winner::A => t.wdl.0 += 1,
                Winner::Draw => t.wdl.1 += 1,
                Winner::B => t.wdl.2 += 1,
            }
            match (o.early_flag, o.winner) {
                (true, Winner::A) => t.early_flags[1] += 1,
                (true, Winner::B) => t.early_flags[0] += 1,
                _ => {}
            }
            t.a_ms.extend(o.a_ms);
            t.b_ms.extend(o.b_ms);
        }
        t
    }

    /// The tally's notes on standard error: refused turns, early flags and big pieces, games
    /// lost by the quiet rule (when it is on) and by failing.
    fn report(&self, rules: &Rules) {
        let refusals = self.refusals;
        if refusals > 0 {
            eprintln!("arena: the referee refused {refusals} proposed turns (chosen again)");
        }
        let [a_early, b_early] = self.early_flags;
        eprintln!("arena: flags lost within {EARLY_FLAG_PLIES} plies: a {a_early}, b {b_early}");
        eprintln!(
            "arena: early big-piece losses (marshals and generals within {EARLY_BIG_PLIES} plies): a {}, b {}",
            self.early_big[0], self.early_big[1]
        );
        if rules.quiet_loses {
            eprintln!(
                "arena: games lost by the quiet rule: a {}, b {}",
                self.quiet_lost[0], self.quiet_lost[1]
            );
        }
        for (who, list) in ["a", "b"].iter().zip(&self.forfeits) {
            if !list.is_empty() {
                eprintln!(
                    "arena: {who} lost {} game(s) by failing: {}",
                    list.len(),
                    list.join(" | ")
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::sprt::Verdict;
    use crate::table::Brain;

    /// The marshals trade at once (one early big-piece loss each), then Blue's general and Red's
    /// lieutenant step back and forth past the 20th ply.
    #[test]
    fn early_big_losses_count_the_first_twenty_plies() {
        use crate::engine::{Seat, Start, Turn};
        let rules = Rules {
            mode: Mode::Open,
            ..Rules::default()
        };
        let start = "bMbFbM..../........../........../........../........../....b9b8../....r9r2../........../........../........../........../rMrFrM.... r 0 0";
        let mut game = Game::new(rules, Start::Position(start.into())).unwrap();
        let n = |s: &str| game.board().node_by_name(s).unwrap();
        let mut turns = vec![(n("c6"), n("c7"))];
        for _ in 0..10 {
            turns.push((n("d7"), n("e7")));
            turns.push((n("d6"), n("e6")));
            turns.push((n("e7"), n("d7")));
            turns.push((n("e6"), n("d6")));
        }
        for (from, to) in turns {
            game.play(Turn::Move { from, to }).unwrap();
        }
        assert_eq!(early_big_losses(&game, Seat::Red), 1);
        assert_eq!(early_big_losses(&game, Seat::Blue), 1);
    }

    fn opts(a: &str, b: &str, players: u8, games: usize, seed: u64) -> Options {
        Options {
            a: a.into(),
            b: b.into(),
            players,
            games,
            seed: Some(seed),
            threads: 1,
            record: None,
            b_formations: None,
            own_formations: false,
            turn_ms: None,
            game_ms: None,
            sprt: None,
            alpha: 0.05,
            beta: 0.05,
            b_library: Vec::new(),
        }
    }

    /// Two seats (A first, as Red or player 1) play `game`'s start to its end: the refusals.
    fn play_to_end(
        rules: &Rules,
        start: Start,
        seats: [Box<dyn SeatDriver>; 2],
        seeds: [u64; 2],
    ) -> (Game, u32) {
        let chairs = chairs_two(rules, true);
        let [a, b] = seats;
        let seats = vec![(chairs[0], a), (chairs[1], b)];
        let mut t = Table::open(rules, seats, &seeds, Deal::Start(start), Limits::default())
            .unwrap_or_else(|e| panic!("{e:?}"));
        let end = t.play_out();
        assert!(end.forfeit.is_none(), "{:?}", end.forfeit);
        let n = t.refusals();
        (t.into_game(), n)
    }

    fn outcome(winner: Winner) -> Outcome {
        Outcome {
            winner,
            a_ms: Vec::new(),
            b_ms: Vec::new(),
            refusals: 0,
            early_flag: false,
            forfeit: None,
            quiet_loss: false,
            early_big: [0, 0],
        }
    }

    /// The test decides on the pair that crosses its bound; a pair whose last game ends after
    /// that (on another thread) is not scored, so it cannot take the verdict back, though its
    /// games are kept.
    #[test]
    fn a_pair_ended_after_the_verdict_does_not_undo_it() {
        let rules = Rules::for_mode(Mode::Hidden);
        let o = opts("random", "random", 2, 400, 1);
        let sprt = Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap();
        let run = Run::new(&rules, &o, Some(&sprt));
        // Each step plays one pair whole and leaves the second game of another unplayed: the
        // last of those ends only after the test has decided.
        let mut i = 0;
        while !run.stop.load(Ordering::Relaxed) {
            run.note(i, outcome(Winner::A));
            run.note(i + 2, outcome(Winner::A));
            run.note(i + 3, outcome(Winner::A));
            i += 4;
            assert!(i < 400, "no verdict");
        }
        assert_eq!(sprt.decision(&run.penta.lock().unwrap()), Some(Verdict::H1));
        let pairs = run.penta.lock().unwrap().pairs();
        // A run of pairs each won once by each side would pull the LLR back below the bound.
        for k in 0..20 {
            let j = i + 4 * k;
            run.note(j, outcome(Winner::A));
            run.note(j + 1, outcome(Winner::B));
        }
        run.note(i - 3, outcome(Winner::B));
        let p = run.penta.lock().unwrap();
        assert_eq!(p.pairs(), pairs);
        assert_eq!(sprt.decision(&p), Some(Verdict::H1));
        assert!(run.results.lock().unwrap()[i - 3].is_some());
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let mut v: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(median_p95(&mut v), (50.0, 95.0));
        assert_eq!(median_p95(&mut []), (0.0, 0.0));
        assert_eq!(median_p95(&mut [3.0]), (3.0, 3.0));
    }

    #[test]
    fn games_alternate_colours_and_flip_seats() {
        let opts = opts("greedy", "random", 2, 2, 3);
        for mode in [Mode::Open, Mode::Hidden, Mode::Flip] {
            let rules = Rules::for_mode(mode);
            for i in 0..2 {
                let (_, game) = play_game(&rules, &opts, i).unwrap();
                let game = game.unwrap();
                assert!(game.status().is_over());
                let info = &game.record().info;
                let first = &info
                    .iter()
                    .find(|(k, _)| k == "red" || k == "first")
                    .unwrap()
                    .1;
                assert!(
                    first.contains(if i == 0 { "greedy" } else { "random" }),
                    "{first}"
                );
            }
        }
    }

    #[test]
    fn refused_turns_are_chosen_again() {
        // Hidden mode, only engineers take the flag: Red's lieutenant beside Blue's (unknown) flag
        // may propose the attack; the referee refuses it and the player chooses again.
        let mut rules = Rules::for_mode(Mode::Hidden);
        rules.flag_takers = crate::engine::FlagTakers::Engineer;
        rules.turn_limit = 2;
        let pos = "bF..b3..../r2......../........../........../........../........../........../........../........../........../........../rF........ r 0 0";
        let mut refused = 0;
        for seed in 0..200 {
            let seats: [Box<dyn SeatDriver>; 2] = [
                Box::new(Brain::from_spec("random").unwrap()),
                Box::new(Brain::from_spec("greedy").unwrap()),
            ];
            let start = Start::Position(pos.into());
            let (game, n) = play_to_end(&rules, start, seats, [seed, seed + 100]);
            assert!(game.status().is_over());
            assert!(
                !game
                    .record()
                    .actions
                    .contains(&crate::engine::Action::Turn("a11-a12".into()))
            );
            refused += n;
        }
        assert!(
            refused > 0,
            "the lieutenant never tried the flag in 200 games"
        );
    }

    #[test]
    fn computer_proposes_no_refused_turn_in_flip_mode() {
        use crate::ai::AiPlayer;
        // Flip mode (flag needs mines cleared, the smallest piece takes the flag): Red's captain,
        // its smallest piece, stands beside Blue's face-up flag while a Blue mine is face down.
        let mut rules = Rules::for_mode(Mode::Flip);
        assert!(rules.flag_needs_mines_cleared);
        assert_eq!(rules.flag_takers, crate::engine::FlagTakers::Smallest);
        rules.turn_limit = 8;
        let pos = "..b8..bFr3/BM......../........../........../........../........../r5......../........../........../........../........../..rF...... r 0 0";
        let players = || -> [Box<dyn crate::ai::Player>; 2] {
            [
                Box::new(AiPlayer::fixed_depth(1, 1)),
                Box::new(AiPlayer::fixed_depth(1, 1)),
            ]
        };
        let seats = || -> [Box<dyn SeatDriver>; 2] {
            players().map(|p| Box::new(Brain::new(p, "fixed")) as Box<dyn SeatDriver>)
        };
        let mut total = 0;
        for seed in 0..3 {
            // The position (colours already decided: Red is seat 0).
            let mut game = Game::new(rules.clone(), Start::Position(pos.into())).unwrap();
            let mut s = players();
            let mut rng = SplitMix64::new(seed);
            while !game.status().is_over() && total < 100 {
                let side = game.position().side_to_move().unwrap();
                let view = game.view(crate::engine::Viewer::Side(side));
                let turn = s[side.index()].choose(&view, &rules, &mut rng).unwrap();
                if game.play(turn).is_err() {
                    s[side.index()].refused(turn);
                    total += 1;
                }
            }
            // Whole games from a deal.
            let mut deal = rules.clone();
            deal.turn_limit = 40;
            let (game, n) = play_to_end(&deal, Start::FlipDeal { seed }, seats(), [seed, seed + 7]);
            assert!(game.status().is_over());
            total += n;
        }
        assert_eq!(total, 0, "the computer proposed turns the referee refused");
    }

    #[test]
    fn four_player_games_give_team_a_both_seats_and_alternate_teams() {
        let opts = opts("greedy", "random", 4, 2, 4);
        for mode in [Mode::Open, Mode::Hidden] {
            let rules = Rules::for_mode(mode);
            for i in 0..2 {
                let (_, specs) = deal_four(&rules, &opts, i, game_seed(opts.seed(), i));
                let board = Board::four_player();
                for (k, spec) in specs.iter().enumerate() {
                    let a = board.seats[k].team() == team_a(i);
                    assert_eq!(spec, if a { "greedy" } else { "random" });
                }
                let (o, _) = play_game_four(&rules, &opts, i).unwrap();
                assert!(!o.a_ms.is_empty() && !o.b_ms.is_empty());
            }
            assert_ne!(team_a(0), team_a(1));
        }
    }

    /// The computer deploys its own formations whatever plays it: `ai:*`, `raider` and `raider:SPEC`
    /// (the computer raiding) alike; `random` and `greedy` deploy at random.
    #[test]
    fn computer_seats_deploy_the_computer_s_formations() {
        let rules = Rules::for_mode(Mode::Hidden);
        let opts = opts("ai:easy", "ai:easy", 2, 2, 5);
        for spec in [
            "ai:normal",
            "raider",
            "raider:ai:normal:nodes=20000",
            "random",
        ] {
            let f = formation_for(spec, false, &opts, &mut SplitMix64::new(3), &rules);
            let computer = ai_formation(&mut SplitMix64::new(3), &rules);
            assert_eq!(f.lines() == computer.lines(), spec != "random", "{spec}");
        }
        // The sparring partners: `quiet` deploys the computer's; `charger` the computer's with
        // the marshal in the centre of the front line; `fortress` its own.
        let f = |spec| formation_for(spec, false, &opts, &mut SplitMix64::new(3), &rules);
        let computer = ai_formation(&mut SplitMix64::new(3), &rules);
        assert_eq!(f("quiet:ai:easy").lines(), computer.lines());
        assert_eq!(f("charger").at(1, 3), Some(crate::engine::Rank::Marshal));
        let fortress = crate::ai::sparring::fortress_formation(false);
        let fort = f("fortress");
        assert!(fort.lines() == fortress.lines() || fort.lines() == fortress.mirrored().lines());
    }

    /// With `--b-formations`, B's side or seats deploy the folder's formations (or their mirror
    /// images) and A's keep their own; a folder with nothing valid is refused with a message.
    #[test]
    fn player_b_deploys_the_formations_of_its_folder() {
        let layouts = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
        let rules = Rules::for_mode(Mode::Hidden);
        let library = read_b_formations(&layouts, &rules).unwrap();
        assert!(library.len() >= 4);
        let from_library = |f: &Vec<String>| {
            library
                .iter()
                .any(|l| l.lines() == *f || l.mirrored().lines() == *f)
        };
        let mut opts = opts("ai:easy", "ai:easy", 2, 2, 5);
        opts.b_formations = Some(layouts.clone());
        opts.b_library = library.clone();
        let dealt = |deal: Deal| match deal {
            Deal::Formations(fs) => fs
                .into_iter()
                .map(|f| f.expect("dealt").lines())
                .collect::<Vec<_>>(),
            Deal::Start(_) => panic!("formations"),
        };
        for i in 0..4 {
            let a_first = i % 2 == 0;
            // By seat index: A first.
            let fs = dealt(deal_game(&rules, &opts, game_seed(5, i), a_first));
            assert!(from_library(&fs[1]), "game {i}: B's formation");
            assert!(!from_library(&fs[0]), "game {i}: A's formation");
        }
        opts.players = 4;
        for i in 0..2 {
            let fs = dealt(deal_four(&rules, &opts, i, game_seed(5, i)).0);
            let board = Board::four_player();
            for (k, f) in fs.iter().enumerate() {
                let b = board.seats[k].team() != team_a(i);
                assert_eq!(from_library(f), b, "game {i}, seat {k}");
            }
        }
        let empty = std::env::temp_dir().join(format!("junqi-arena-empty-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let e = read_b_formations(&empty, &rules).unwrap_err();
        assert!(e.contains("no formation files"), "{e}");
        std::fs::write(empty.join("bad.ron"), "(version: 1, lines: [])").unwrap();
        let e = read_b_formations(&empty, &rules).unwrap_err();
        assert!(e.contains("bad.ron"), "{e}");
        std::fs::remove_dir_all(&empty).unwrap();
    }

    /// Each game of a seed as (winner, actions recorded, refusals, early flag), two and four
    /// players: the results of a seed stay what they are.
    #[test]
    fn a_seed_pins_the_results_of_two_and_four_player_games() {
        let summary = |players: u8, mode: Mode, seed: u64, games: usize| {
            let opts = opts("greedy", "random", players, games, seed);
            let rules = Rules::for_mode(mode);
            (0..games)
                .map(|i| {
                    let (o, game) = if players == 4 {
                        play_game_four(&rules, &opts, i)
                    } else {
                        play_game(&rules, &opts, i)
                    }
                    .unwrap();
                    let game = game.unwrap();
                    let w = match o.winner {
                        Winner::A => 'A',
                        Winner::B => 'B',
                        Winner::Draw => 'D',
                    };
                    format!(
                        "{w}{}r{}{}",
                        game.record().actions.len(),
                        o.refusals,
                        if o.early_flag { "e" } else { "" }
                    )
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let got = [
            summary(2, Mode::Open, 7, 4),
            summary(2, Mode::Hidden, 3, 4),
            summary(2, Mode::Flip, 9, 4),
            summary(4, Mode::Open, 4, 2),
            summary(4, Mode::Hidden, 2, 2),
        ];
        assert_eq!(
            got,
            [
                "A93r0 A116r0 A67r0 A38r0e",
                "D329r0 A318r0 A347r0 B378r0",
                "A278r0 A169r0 A163r0 A129r0",
                "A121r0 A249r0",
                "D620r0 A731r0",
            ]
        );
    }

    /// Game `i` of seed 6 between `a` and `b` with a turn limit of `plies`, played twice: the
    /// actions recorded each time.
    fn twice(
        players: u8,
        mode: Mode,
        a: &str,
        b: &str,
        plies: u32,
    ) -> [Vec<crate::engine::Action>; 2] {
        let opts = opts(a, b, players, 1, 6);
        let mut rules = Rules::for_mode(mode);
        rules.turn_limit = plies;
        [0, 1].map(|_| {
            let (_, game) = if players == 4 {
                play_game_four(&rules, &opts, 0)
            } else {
                play_game(&rules, &opts, 0)
            }
            .unwrap();
            game.unwrap().record().actions.clone()
        })
    }

    /// Computer players with a node budget replay their games exactly (easy's depth cap and the
    /// budget both stop its searches at this size).
    fn node_budget_games_replay(players: u8, mode: Mode, plies: u32) {
        let spec = "ai:easy:nodes=600";
        let [first, second] = twice(players, mode, spec, spec, plies);
        assert!(
            first.len() >= plies as usize / 2,
            "{mode:?}: {}",
            first.len()
        );
        assert_eq!(first, second, "{players} players, {mode:?}");
    }

    #[test]
    fn node_budget_games_replay_in_open_mode() {
        node_budget_games_replay(2, Mode::Open, 40);
    }

    #[test]
    fn node_budget_games_replay_in_hidden_mode() {
        node_budget_games_replay(2, Mode::Hidden, 40);
    }

    #[test]
    fn node_budget_games_replay_in_flip_mode() {
        node_budget_games_replay(2, Mode::Flip, 40);
    }

    #[test]
    fn node_budget_games_replay_with_four_players_in_hidden_mode() {
        node_budget_games_replay(4, Mode::Hidden, 16);
    }

    #[test]
    fn same_seed_same_games() {
        let opts = opts("random", "greedy", 2, 1, 11);
        let rules = Rules::for_mode(Mode::Hidden);
        let (_, g1) = play_game(&rules, &opts, 0).unwrap();
        let (_, g2) = play_game(&rules, &opts, 0).unwrap();
        assert_eq!(g1.unwrap().record().actions, g2.unwrap().record().actions);
    }
}
