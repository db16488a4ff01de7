//! `junqi arena`: computer players against each other, many games, in threads; deterministic for a
//! seed whatever the thread count.

use super::{CliError, CliResult, RuleFlags, err};
use crate::ai::{Player, ai_formation, player_from_spec};
use crate::engine::rng::SplitMix64;
use crate::engine::{
    Board, Formation, Game, InfoKey, Mode, Mover, Rules, Seat, Start, Status, Team, Viewer,
};
use crate::fsutil::atomic_write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const MAX_GAMES: usize = 1_000_000;
const MAX_THREADS: usize = 256;

/// `junqi arena`: its own options, then the rules flags.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "SPEC: random (uniform over legal turns), greedy (the best clash it can judge \
from its own view), or the computer opponent ai:easy, ai:normal, ai:hard, which think for a time \
per turn; ai:LEVEL:nodes=N (e.g. ai:normal:nodes=20000, N from 1 to 1000000000) spends N search \
nodes per turn instead, so its games replay exactly from the seed. The last line on stdout is \
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
    /// The seed of the formations and deals (the same seed plays the same games)
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
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
    /// The formations read from `b_formations` (those valid under the game's rules).
    #[arg(skip)]
    b_library: Vec<Formation>,
}

/// The formations of `dir` that are valid under `rules`, or a message saying why there are none.
fn read_b_formations(dir: &std::path::Path, rules: &Rules) -> Result<Vec<Formation>, String> {
    let entries = crate::editor::files::list_library(dir);
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
/// computer's own for an `ai:*` spec and a random one otherwise.
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
    if spec.starts_with("ai:") {
        ai_formation(rng, rules)
    } else {
        Formation::random(rng, rules)
    }
}

fn player_spec(s: &str) -> Result<String, String> {
    player_from_spec(s)
        .map(|_| s.to_string())
        .map_err(|e| e.to_string())
}

fn players(s: &str) -> Result<u8, String> {
    match s {
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err("needs 2 or 4".into()),
    }
}

fn whole<const LO: usize, const HI: usize>(s: &str) -> Result<usize, String> {
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

/// The seed of game `i`: a mix of the arena seed and the game number.
fn game_seed(seed: u64, i: usize) -> u64 {
    let mut r = SplitMix64::new(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
    r.next_u64()
}

/// Build game `i`'s start: formations in open/hidden mode (`formation_for`; A is Red when
/// `a_first`), a seeded deal in flip mode.
fn start_game(
    rules: &Rules,
    opts: &Options,
    i: usize,
    seed: u64,
    a_first: bool,
) -> Result<Game, String> {
    let start = if rules.mode.deals_face_down() {
        Start::FlipDeal { seed }
    } else {
        let mut rng = SplitMix64::new(seed);
        let (red_spec, blue_spec) = if a_first {
            (&opts.a, &opts.b)
        } else {
            (&opts.b, &opts.a)
        };
        let red = formation_for(red_spec, !a_first, opts, &mut rng, rules);
        let blue = formation_for(blue_spec, a_first, opts, &mut rng, rules);
        Start::formations(&red, &blue)
    };
    Game::new(rules.clone(), start).map_err(|e| format!("game {}: {e}", i + 1))
}

/// Whether seat A is to move, and which side's view the mover gets.
fn seat_to_move(game: &Game, a_first: bool) -> (bool, Seat) {
    match game.position().mover() {
        // Flip mode before colours: player 1 is A in even games. The view is the same for both
        // (everything face up is public), so any side's viewpoint serves.
        Mover::Player(p) => ((p == 1) == a_first, Seat::Red),
        Mover::Side(s) => {
            let a_side = if game.rules().mode.deals_face_down() {
                let a_player = if a_first { 1 } else { 2 };
                game.player_colour(a_player)
                    .expect("colours are decided once a side moves")
            } else if a_first {
                Seat::Red
            } else {
                Seat::Blue
            };
            (s == a_side, s)
        }
    }
}

/// The colour seat A (`a == true`) or B plays; in flip mode before colours, Red's view (the
/// same for both then).
fn seat_side(game: &Game, a_first: bool, a: bool) -> Seat {
    let first = a == a_first;
    if game.rules().mode.deals_face_down() {
        return game
            .player_colour(if first { 1 } else { 2 })
            .unwrap_or(Seat::Red);
    }
    if first { Seat::Red } else { Seat::Blue }
}

/// Let the seats play `game` to its end. `to_move` says which seat (by index into `seats` and
/// `rngs`) moves and the side whose view it gets; `side_of` the side of seat `k`, from whose view
/// it observes every public report. Returns each seat's thinking times per turn (milliseconds)
/// and the number of turns the referee refused. `i` numbers the game in messages.
fn play_seats<const N: usize>(
    game: &mut Game,
    seats: &mut [Box<dyn Player>; N],
    rngs: &mut [SplitMix64; N],
    i: usize,
    to_move: impl Fn(&Game) -> Result<(usize, Seat), String>,
    side_of: impl Fn(&Game, usize) -> Seat,
) -> Result<([Vec<f64>; N], u32), String> {
    let rules = game.rules().clone();
    let mut times: [Vec<f64>; N] = std::array::from_fn(|_| Vec::new());
    let mut refusals = 0;
    while !game.status().is_over() {
        let (seat, side) = to_move(game)?;
        let mut tries = 0usize;
        loop {
            // Again after a refusal: the refused attack showed the flag to every seat.
            let view = game.view(Viewer::Side(side));
            let t0 = Instant::now();
            let choice = seats[seat].choose(&view, &rules, &mut rngs[seat]);
            times[seat].push(t0.elapsed().as_secs_f64() * 1000.0);
            let Some(turn) = choice else {
                // With four seats a spec plays two of them: the message names the seat.
                let who = if N > 2 {
                    format!("{} ({side})", seats[seat].name())
                } else {
                    seats[seat].name().to_string()
                };
                return Err(format!(
                    "game {}: {who} found no turn at ply {} although the game goes on",
                    i + 1,
                    view.ply()
                ));
            };
            match game.play(turn) {
                Ok(ply) => {
                    if let Some(report) = ply.report.clone() {
                        // Every player learns the public report of every turn, from its own view.
                        for (k, p) in seats.iter_mut().enumerate() {
                            p.observe(&report, &game.view(Viewer::Side(side_of(game, k))));
                        }
                    }
                    break;
                }
                Err(e) => {
                    tries += 1;
                    // A refused candidate is never offered again, so this ends; the bound guards
                    // against a player that ignores refusals.
                    if tries > view.cells().len() * 64 {
                        return Err(format!(
                            "game {}: {} keeps proposing refused turns ({e})",
                            i + 1,
                            seats[seat].name()
                        ));
                    }
                    seats[seat].refused(turn);
                    refusals += 1;
                }
            }
        }
    }
    Ok((times, refusals))
}

/// Two players: let the seats (A first in `seats`) play `game` to its end (`play_seats`).
fn play_to_end(
    game: &mut Game,
    seats: &mut [Box<dyn Player>; 2],
    rngs: &mut [SplitMix64; 2],
    a_first: bool,
    i: usize,
) -> Result<([Vec<f64>; 2], u32), String> {
    play_seats(
        game,
        seats,
        rngs,
        i,
        |g| {
            let (a_moves, side) = seat_to_move(g, a_first);
            Ok((if a_moves { 0 } else { 1 }, side))
        },
        |g, k| seat_side(g, a_first, k == 0),
    )
}

/// Play game `i` to its end.
fn play_game(rules: &Rules, opts: &Options, i: usize) -> Result<(Outcome, Game), String> {
    let seed = game_seed(opts.seed, i);
    // Even games: A is Red (or player 1 in flip mode).
    let a_first = i.is_multiple_of(2);
    let mut game = start_game(rules, opts, i, seed, a_first)?;
    let spec = |s: &str| player_from_spec(s).map_err(|e| e.to_string());
    let mut seats: [Box<dyn Player>; 2] = [spec(&opts.a)?, spec(&opts.b)?];
    let mut rngs = [
        SplitMix64::new(seed ^ 0x5EA7_A000),
        SplitMix64::new(seed ^ 0x5EA7_B000),
    ];
    let (times, refusals) = play_to_end(&mut game, &mut seats, &mut rngs, a_first, i)?;
    let winner_side = match game.status() {
        Status::Won(s, _) => Some(s.side()),
        _ => None,
    };
    let winner = match winner_side {
        None => Winner::Draw,
        Some(s) => {
            let a_side = if rules.mode.deals_face_down() {
                game.player_colour(if a_first { 1 } else { 2 })
            } else if a_first {
                Some(Seat::Red)
            } else {
                Some(Seat::Blue)
            };
            if a_side == Some(s) {
                Winner::A
            } else {
                Winner::B
            }
        }
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
    Ok(finish(game, opts, i, &names, winner, times, refusals))
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
    game.set_info(InfoKey::ArenaSeed, &opts.seed.to_string());
    for (key, name) in names {
        game.set_info(*key, name);
    }
    let outcome = Outcome {
        winner,
        a_ms,
        b_ms,
        refusals,
        early_flag: early_flag(&game),
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

/// Four players: the start of game `i` (the computer's own formation on an `ai:*` seat, a random
/// one otherwise), with the spec of each seat (by seat index).
fn start_four(
    rules: &Rules,
    opts: &Options,
    i: usize,
    seed: u64,
) -> Result<(Game, [String; 4]), String> {
    let board = Board::four_player();
    let specs: [String; 4] = std::array::from_fn(|k| {
        if board.seats[k].team() == team_a(i) {
            opts.a.clone()
        } else {
            opts.b.clone()
        }
    });
    let mut rng = SplitMix64::new(seed);
    let formations: Vec<Formation> = (0..4)
        .map(|k| {
            let is_b = board.seats[k].team() != team_a(i);
            formation_for(&specs[k], is_b, opts, &mut rng, rules)
        })
        .collect();
    let start = Start::four_formations([
        &formations[0],
        &formations[1],
        &formations[2],
        &formations[3],
    ]);
    let game = Game::new(rules.clone(), start).map_err(|e| format!("game {}: {e}", i + 1))?;
    Ok((game, specs))
}

/// Four players: play game `i` to its end; the outcome counts teams (A is `team_a(i)`).
fn play_game_four(rules: &Rules, opts: &Options, i: usize) -> Result<(Outcome, Game), String> {
    let seed = game_seed(opts.seed, i);
    let (mut game, specs) = start_four(rules, opts, i, seed)?;
    let spec = |s: &str| player_from_spec(s).map_err(|e| e.to_string());
    let mut seats: [Box<dyn Player>; 4] = [
        spec(&specs[0])?,
        spec(&specs[1])?,
        spec(&specs[2])?,
        spec(&specs[3])?,
    ];
    let mut rngs: [SplitMix64; 4] =
        std::array::from_fn(|k| SplitMix64::new(seed ^ (0x5EA7_0000 + k as u64)));
    // Seats by seat index: the side to move plays, every seat observes from its own side.
    let (times, refusals) = play_seats(
        &mut game,
        &mut seats,
        &mut rngs,
        i,
        |g| match g.position().mover() {
            Mover::Side(seat) => Ok((seat.index(), seat)),
            Mover::Player(_) => Err(format!("game {}: no seat to move", i + 1)),
        },
        |g, k| g.position().board().seats[k],
    )?;
    let winner = match game.status() {
        Status::Won(t, _) if t == team_a(i) => Winner::A,
        Status::Won(..) => Winner::B,
        _ => Winner::Draw,
    };
    let board = game.position().board();
    let (mut a_ms, mut b_ms) = (Vec::new(), Vec::new());
    for (k, t) in times.into_iter().enumerate() {
        if board.seats[k].team() == team_a(i) {
            a_ms.extend(t);
        } else {
            b_ms.extend(t);
        }
    }
    let names: Vec<(InfoKey, String)> = (board.seats.iter().zip(specs))
        .map(|(&seat, spec)| (InfoKey::ArenaSeat(seat), spec))
        .collect();
    let times = [a_ms, b_ms];
    Ok(finish(game, opts, i, &names, winner, times, refusals))
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

pub fn cmd_arena(args: &ArenaArgs) -> CliResult {
    let rules = args.rules.rules()?;
    let mut opts = args.opts.clone();
    if let Some(dir) = &opts.b_formations {
        if rules.mode.deals_face_down() {
            return err("--b-formations: flip mode deals its pieces face down, not by formation");
        }
        opts.b_library = read_b_formations(dir, &rules).map_err(CliError)?;
    }
    let opts = &opts;
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
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new((0..opts.games).map(|_| None).collect());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let threads = opts.threads.min(opts.games);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    if failure.lock().expect("no panics hold it").is_some() {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opts.games {
                        return;
                    }
                    let played = if opts.players == 4 {
                        play_game_four(&rules, opts, i)
                    } else {
                        play_game(&rules, opts, i)
                    };
                    let played = played.and_then(|(outcome, game)| {
                        if let Some(dir) = &opts.record {
                            let path = dir.join(format!("game-{:04}.ron", i + 1));
                            atomic_write(&path, game.to_ron().as_bytes())
                                .map_err(|e| e.to_string())?;
                        }
                        Ok(outcome)
                    });
                    match played {
                        Ok(outcome) => {
                            results.lock().expect("no panics hold it")[i] = Some(outcome);
                            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                            let step = opts.games.div_ceil(10);
                            if n.is_multiple_of(step) || n == opts.games {
                                eprintln!("arena: {n}/{} games", opts.games);
                            }
                        }
                        Err(e) => {
                            failure.lock().expect("no panics hold it").get_or_insert(e);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("threads joined") {
        return err(e);
    }
    let results = results.into_inner().expect("threads joined");
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut a_ms = Vec::new();
    let mut b_ms = Vec::new();
    let mut refusals = 0u64;
    // Flags lost within EARLY_FLAG_PLIES plies, by the loser: A's, B's.
    let (mut a_early, mut b_early) = (0, 0);
    for o in results.into_iter().flatten() {
        refusals += u64::from(o.refusals);
        match o.winner {
            Winner::A => w += 1,
            Winner::Draw => d += 1,
            Winner::B => l += 1,
        }
        match (o.early_flag, o.winner) {
            (true, Winner::A) => b_early += 1,
            (true, Winner::B) => a_early += 1,
            _ => {}
        }
        a_ms.extend(o.a_ms);
        b_ms.extend(o.b_ms);
    }
    if refusals > 0 {
        eprintln!("arena: the referee refused {refusals} proposed turns (chosen again)");
    }
    eprintln!("arena: flags lost within {EARLY_FLAG_PLIES} plies: a {a_early}, b {b_early}");
    let (am, ap) = median_p95(&mut a_ms);
    let (bm, bp) = median_p95(&mut b_ms);
    Ok(format!(
        "arena: games={} a_wins={w} draws={d} b_wins={l} a_ms_median={am:.3} a_ms_p95={ap:.3} b_ms_median={bm:.3} b_ms_p95={bp:.3}\n",
        opts.games
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let mut v: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(median_p95(&mut v), (50.0, 95.0));
        assert_eq!(median_p95(&mut []), (0.0, 0.0));
        assert_eq!(median_p95(&mut [3.0]), (3.0, 3.0));
    }

    #[test]
    fn games_alternate_colours_and_flip_seats() {
        let opts = Options {
            a: "greedy".into(),
            b: "random".into(),
            players: 2,
            games: 2,
            seed: 3,
            threads: 1,
            record: None,
            b_formations: None,
            b_library: Vec::new(),
        };
        for mode in [Mode::Open, Mode::Hidden, Mode::Flip] {
            let rules = Rules::for_mode(mode);
            for i in 0..2 {
                let (_, game) = play_game(&rules, &opts, i).unwrap();
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
            let mut game = Game::new(rules.clone(), Start::Position(pos.into())).unwrap();
            let mut seats = [
                player_from_spec("random").unwrap(),
                player_from_spec("greedy").unwrap(),
            ];
            let mut rngs = [SplitMix64::new(seed), SplitMix64::new(seed + 100)];
            let (_, n) = play_to_end(&mut game, &mut seats, &mut rngs, true, 0).unwrap();
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
        let seats = || -> [Box<dyn Player>; 2] {
            [
                Box::new(AiPlayer::fixed_depth(1, 1)),
                Box::new(AiPlayer::fixed_depth(1, 1)),
            ]
        };
        let mut total = 0;
        for seed in 0..3 {
            // The position (colours already decided: Red is seat 0).
            let mut game = Game::new(rules.clone(), Start::Position(pos.into())).unwrap();
            let mut s = seats();
            let mut rng = SplitMix64::new(seed);
            while !game.status().is_over() && total < 100 {
                let side = game.position().side_to_move().unwrap();
                let view = game.view(Viewer::Side(side));
                let turn = s[side.index()].choose(&view, &rules, &mut rng).unwrap();
                if game.play(turn).is_err() {
                    s[side.index()].refused(turn);
                    total += 1;
                }
            }
            // Whole games from a deal.
            let mut deal = rules.clone();
            deal.turn_limit = 40;
            let mut game = Game::new(deal, Start::FlipDeal { seed }).unwrap();
            let mut rngs = [SplitMix64::new(seed), SplitMix64::new(seed + 7)];
            let (_, n) = play_to_end(&mut game, &mut seats(), &mut rngs, true, 0).unwrap();
            assert!(game.status().is_over());
            total += n;
        }
        assert_eq!(total, 0, "the computer proposed turns the referee refused");
    }

    #[test]
    fn four_player_games_give_team_a_both_seats_and_alternate_teams() {
        let opts = Options {
            players: 4,
            a: "greedy".into(),
            b: "random".into(),
            games: 2,
            seed: 4,
            threads: 1,
            record: None,
            b_formations: None,
            b_library: Vec::new(),
        };
        for mode in [Mode::Open, Mode::Hidden] {
            let rules = Rules::for_mode(mode);
            for i in 0..2 {
                let (_, specs) = start_four(&rules, &opts, i, game_seed(opts.seed, i)).unwrap();
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
        let mut opts = Options {
            a: "ai:easy".into(),
            b: "ai:easy".into(),
            players: 2,
            games: 2,
            seed: 5,
            threads: 1,
            record: None,
            b_formations: Some(layouts.clone()),
            b_library: library.clone(),
        };
        for i in 0..4 {
            let a_first = i % 2 == 0;
            let game = start_game(&rules, &opts, i, game_seed(5, i), a_first).unwrap();
            let Start::Formations { red, blue } = &game.record().start else {
                panic!("formations")
            };
            let (a, b) = if a_first { (red, blue) } else { (blue, red) };
            assert!(from_library(b), "game {i}: B's formation");
            assert!(!from_library(a), "game {i}: A's formation");
        }
        opts.players = 4;
        for i in 0..2 {
            let (game, _) = start_four(&rules, &opts, i, game_seed(5, i)).unwrap();
            let Start::FourFormations {
                south,
                east,
                north,
                west,
            } = &game.record().start
            else {
                panic!("four formations")
            };
            let board = Board::four_player();
            for (k, f) in [south, east, north, west].into_iter().enumerate() {
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
            let opts = Options {
                a: "greedy".into(),
                b: "random".into(),
                players,
                games,
                seed,
                threads: 1,
                record: None,
                b_formations: None,
                b_library: Vec::new(),
            };
            let rules = Rules::for_mode(mode);
            (0..games)
                .map(|i| {
                    let (o, game) = if players == 4 {
                        play_game_four(&rules, &opts, i)
                    } else {
                        play_game(&rules, &opts, i)
                    }
                    .unwrap();
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
                "A91r0 A102r0 A73r0 A126r0",
                "A287r0 D337r0 A243r0 B379r0",
                "A135r0 A189r0 A146r0 A176r0",
                "A100r0 A148r0",
                "A675r0 A795r0",
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
        let opts = Options {
            a: a.into(),
            b: b.into(),
            players,
            games: 1,
            seed: 6,
            threads: 1,
            record: None,
            b_formations: None,
            b_library: Vec::new(),
        };
        let mut rules = Rules::for_mode(mode);
        rules.turn_limit = plies;
        [0, 1].map(|_| {
            let (_, game) = if players == 4 {
                play_game_four(&rules, &opts, 0)
            } else {
                play_game(&rules, &opts, 0)
            }
            .unwrap();
            game.record().actions.clone()
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
        let opts = Options {
            a: "random".into(),
            b: "greedy".into(),
            players: 2,
            games: 1,
            seed: 11,
            threads: 1,
            record: None,
            b_formations: None,
            b_library: Vec::new(),
        };
        let rules = Rules::for_mode(Mode::Hidden);
        let (_, g1) = play_game(&rules, &opts, 0).unwrap();
        let (_, g2) = play_game(&rules, &opts, 0).unwrap();
        assert_eq!(g1.record().actions, g2.record().actions);
    }
}
