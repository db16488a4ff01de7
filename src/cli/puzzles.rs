//! `junqi puzzles make`: puzzles 残局 found in the computer's own games (arena records, or games
//! it plays against itself here), each proven by the exhaustive search of `puzzles::prove`.

use super::{CliError, CliResult, puzzles_hidden, read_small};
use crate::engine::rng::{SplitMix64, derive};
use crate::engine::{Chair, Game, Mode, Position, Rules, Seat};
use crate::puzzles::{
    Goal, MAX_DEPTH, OutOfBudget, PROOF_BUDGET, PUZZLE_VERSION, Prover, PuzzleEntry, PuzzleFile,
    Solved,
};
use crate::table::{Deal, Limits, SeatSpec, Table};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The largest game record read.
const MAX_RECORD_BYTES: u64 = 4 << 20;
/// Hidden puzzles: the search stops once it has found this many times the count asked for, so
/// that the kinds found more seldom (a bomb, the flag) are there to be taken in turn.
const HIDDEN_POOL: usize = 3;
/// The most games of self-play one run plays.
const MAX_GAMES: usize = 100_000;

#[derive(clap::Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Find puzzles in game records or in the computer's self-play and write a puzzle file
    #[command(
        long_about = "Find puzzles in game records (--from, e.g. the game-0001.ron … that \
`junqi arena --record DIR` writes) or, without --from, in games the built-in computer plays against \
itself. Open mode: a position is a puzzle when the side to move takes the enemy flag by force (or \
leaves the enemy no move) within --depth of its turns against every defence, and exactly one first \
turn does so in the fewest turns: proven by an exhaustive search of the true position. With \
--goal material (or any, the default) a position that is no such puzzle is one when exactly one \
first turn wins decisive material fastest: a general's worth (75 by the computer's piece values) \
ahead of the position after the defender's reply, whatever the defence, within --depth turns (a \
flag win counts too). Hidden mode \
(hidden games only): from what the side to move knew (its pieces, every enemy piece's moves and \
clashes, the flag shown when a marshal fell), exactly one enemy piece on the board must be the \
marshal / the flag / a bomb / a mine in every deployment the reports allow, or exactly one of its \
attacks on unknown pieces (of at least three) cannot lose the attacker: decided exactly by a \
matching of the enemy's pieces to its ranks. Progress goes to standard error; the file (RON, version 1) to --out, or to standard output. The \
last line on standard output with --out: `puzzles: made=N positions=P unproven=U games=G ms=T`."
    )]
    Make(MakeArgs),
    /// Prove every puzzle of a puzzle file again (open: its answer the only first turn that wins
    /// within its depth, none sooner; hidden: the only answer the reports allow); prints
    /// `puzzles: checked=N ms=T`, or the first that fails
    Check {
        /// The puzzle file
        file: PathBuf,
    },
}

/// The kinds of puzzle made.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleMode {
    /// Open 明棋: take the flag by force, proven by an exhaustive search
    Open,
    /// Hidden 暗棋: deduce an enemy piece's rank, or the one safe attack, from the reports
    Hidden,
}

/// What an open puzzle asks for.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalArg {
    /// Take the flag by force
    Flag,
    /// Win decisive material (a general's worth) that the defence does not win back
    Material,
    /// Both: a flag puzzle where there is one, else a material one
    Any,
}

#[derive(clap::Args, Debug)]
pub struct MakeArgs {
    /// The kind of puzzle
    #[arg(long, value_enum, default_value_t = PuzzleMode::Open)]
    mode: PuzzleMode,
    /// Open puzzles: what the side to move must win
    #[arg(long, value_enum, default_value_t = GoalArg::Any)]
    goal: GoalArg,
    /// Stop once this many puzzles are found (1 to 100000)
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = super::arena::whole::<1, 100_000>)]
    count: usize,
    /// Game records to read (two-player open or hidden games; open puzzles use their true
    /// positions, hidden ones only what the side to move knew)
    #[arg(long, value_name = "RECORDS", num_args = 1..)]
    from: Vec<PathBuf>,
    /// Write the puzzle file here (atomically) instead of to standard output
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The seed of the self-play games (without --from)
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The most turns of the side to move a puzzle may take (1 to 3)
    #[arg(long, value_name = "D", default_value_t = 3, value_parser = super::arena::whole::<1, 3>)]
    depth: usize,
    /// The positions looked at in each game: its last P (1 to 2000)
    #[arg(long, value_name = "P", default_value_t = 40, value_parser = super::arena::whole::<1, 2000>)]
    last: usize,
    /// The most self-play games to play (without --from; 1 to 100000)
    #[arg(long, value_name = "G", default_value_t = 1000, value_parser = super::arena::whole::<1, MAX_GAMES>)]
    games: usize,
    /// The computer that plays itself (an arena SPEC)
    #[arg(long, value_name = "SPEC", default_value = "ai:normal:nodes=3000")]
    player: String,
    /// Positions searched at once (1 to 64)
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = super::arena::whole::<1, 64>)]
    threads: usize,
}

pub fn run(command: &PuzzlesCommand) -> CliResult {
    match command {
        PuzzlesCommand::Make(args) => make(args),
        PuzzlesCommand::Check { file } => check(file),
    }
}

fn check(path: &std::path::Path) -> CliResult {
    let started = Instant::now();
    let name = path.display().to_string();
    let text = read_small(&name, MAX_RECORD_BYTES * 4)?;
    if crate::puzzles::hidden::is_hidden_file(&text) {
        let fail = |e: crate::puzzles::PuzzleError| CliError(format!("{name}: {e}"));
        let file = crate::puzzles::hidden::HiddenFile::parse(&text).map_err(fail)?;
        let puzzles = file.puzzles().map_err(fail)?;
        for p in &puzzles {
            p.prove().map_err(fail)?;
        }
        return Ok(format!(
            "puzzles: checked={} ms={}\n",
            puzzles.len(),
            started.elapsed().as_millis()
        ));
    }
    let file = PuzzleFile::read(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let puzzles = file
        .puzzles()
        .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    for p in &puzzles {
        p.prove(PROOF_BUDGET)
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    }
    Ok(format!(
        "puzzles: checked={} ms={}\n",
        puzzles.len(),
        started.elapsed().as_millis()
    ))
}

/// What the search of the games found so far.
#[derive(Default)]
struct Found {
    entries: Vec<PuzzleEntry>,
    seen: BTreeSet<String>,
    positions: usize,
    unproven: usize,
    games: usize,
}

fn make(args: &MakeArgs) -> CliResult {
    if let Some(out) = &args.out
        && out.is_dir()
    {
        return Err(CliError(format!("--out {}: is a folder", out.display())));
    }
    let started = Instant::now();
    let mut found = Found::default();
    let mut hidden = puzzles_hidden::Found::default();
    let mode = match args.mode {
        PuzzleMode::Open => Mode::Open,
        PuzzleMode::Hidden => Mode::Hidden,
    };
    if args.from.is_empty() {
        let spec = SeatSpec::parse(&args.player).map_err(CliError)?;
        if spec.is_outside() {
            return Err(CliError(format!(
                "bad flag: --player {}: only the built-in computer plays itself here",
                args.player
            )));
        }
        for i in 0..args.games {
            // Hidden: found HIDDEN_POOL times the count, for the rarer kinds to be taken in turn.
            if found.entries.len() >= args.count || hidden.entries.len() >= args.count * HIDDEN_POOL
            {
                break;
            }
            let game = self_play(&spec, derive(args.seed, "puzzles game", i as u64), mode)?;
            let source = format!("self-play seed {} game {}", args.seed, i + 1);
            if mode == Mode::Hidden {
                puzzles_hidden::search_game(&game, &source, &mut hidden).map_err(CliError)?;
                progress(&source, hidden.entries.len());
            } else {
                search_game(&game, &source, args, &mut found);
            }
        }
    } else {
        // Every file is read before any search: a bad one stops the run at once.
        let mut games = Vec::with_capacity(args.from.len());
        for path in &args.from {
            let name = path.display().to_string();
            let text = read_small(&name, MAX_RECORD_BYTES)?;
            let game = Game::from_ron(&text).map_err(|e| CliError(format!("{name}: {e}")))?;
            if game.board().is_four() || game.rules().mode == Mode::Flip {
                return Err(CliError(format!(
                    "{name}: puzzles come from two-player open or hidden games"
                )));
            }
            if mode == Mode::Hidden && !crate::puzzles::deduce::supported(game.rules()) {
                return Err(CliError(format!(
                    "{name}: hidden puzzles come from hidden games without flag rules or scouting"
                )));
            }
            let file = path
                .file_name()
                .map_or(name.clone(), |f| f.to_string_lossy().into_owned());
            games.push((game, file));
        }
        for (game, file) in &games {
            if found.entries.len() >= args.count || hidden.entries.len() >= args.count * HIDDEN_POOL
            {
                break;
            }
            if mode == Mode::Hidden {
                puzzles_hidden::search_game(game, file, &mut hidden).map_err(CliError)?;
                progress(file, hidden.entries.len());
            } else {
                search_game(game, file, args, &mut found);
            }
        }
    }
    if mode == Mode::Hidden {
        let made = puzzles_hidden::file(hidden.entries, args.count);
        let summary = format!(
            "puzzles: made={} positions={} unproven=0 games={} ms={}\n",
            made.puzzles.len(),
            hidden.positions,
            hidden.games,
            started.elapsed().as_millis()
        );
        return match &args.out {
            Some(out) => {
                made.write(out).map_err(|e| CliError(e.to_string()))?;
                Ok(summary)
            }
            None => {
                eprint!("{summary}");
                Ok(made.to_ron())
            }
        };
    }
    found.entries.truncate(args.count);
    // Easiest first, as a player meets them; numbered in that order, each goal on its own.
    found.entries.sort_by_key(|e| e.rating);
    let mut numbers = [0; 2];
    for e in found.entries.iter_mut() {
        let (k, name) = match e.goal {
            Goal::Flag => (0, "open"),
            Goal::Material => (1, "material"),
        };
        numbers[k] += 1;
        e.id = format!("{name}-{:04}", numbers[k]);
    }
    let file = PuzzleFile {
        version: PUZZLE_VERSION,
        puzzles: found.entries,
    };
    let summary = format!(
        "puzzles: made={} positions={} unproven={} games={} ms={}\n",
        file.puzzles.len(),
        found.positions,
        found.unproven,
        found.games,
        started.elapsed().as_millis()
    );
    match &args.out {
        Some(out) => {
            file.write(out).map_err(|e| CliError(e.to_string()))?;
            Ok(summary)
        }
        None => {
            eprint!("{summary}");
            Ok(file.to_ron())
        }
    }
}

/// A line of progress on standard error.
fn progress(source: &str, found: usize) {
    let _ = writeln!(
        std::io::stderr().lock(),
        "puzzles: {source}: {found} hidden puzzles so far"
    );
}

/// One game of the computer against itself, to its end.
fn self_play(spec: &SeatSpec, seed: u64, mode: Mode) -> Result<Game, CliError> {
    let rules = Rules::for_mode(mode);
    let seats = vec![
        (Chair::Side(Seat::Red), spec.driver()),
        (Chair::Side(Seat::Blue), spec.driver()),
    ];
    let seeds = [derive(seed, "seat", 0), derive(seed, "seat", 1)];
    let mut rng = SplitMix64::new(derive(seed, "formations", 0));
    let red = crate::ai::ai_formation(&mut rng, &rules);
    let blue = crate::ai::ai_formation(&mut rng, &rules);
    let deal = Deal::Formations(vec![Some(red), Some(blue)]);
    let mut table = Table::open(&rules, seats, &seeds, deal, Limits::default())
        .map_err(|e| CliError(format!("self-play could not start: {e:?}")))?;
    table.play_out();
    Ok(table.into_game())
}

/// The position at ply `n` of `game` as an open-mode puzzle would stand: the true board, the
/// counters of quiet turns and of turns from zero (a puzzle stands alone).
fn puzzle_position(game: &Game, rules: &Rules, n: usize) -> Option<Position> {
    let text = game.position_at(n).notation();
    let mut fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 4 {
        return None;
    }
    fields[2] = "0";
    fields[3] = "0";
    Position::from_notation(&fields.join(" "), rules).ok()
}

/// The puzzle `pos` is for the goals asked, each proof with a budget of its own. A flag puzzle
/// stays one: a material puzzle is kept only when the flag goal finds no puzzle within
/// `MAX_DEPTH` turns (asked after the material search, which finds far fewer).
fn prove(
    rules: &Rules,
    pos: &Position,
    depth: u32,
    goal: GoalArg,
) -> Result<Option<(Goal, Solved)>, OutOfBudget> {
    if goal != GoalArg::Material
        && let Some(s) = Prover::new(rules, PROOF_BUDGET).puzzle(pos, depth)?
    {
        return Ok(Some((Goal::Flag, s)));
    }
    if goal == GoalArg::Flag {
        return Ok(None);
    }
    let Some(s) = Prover::with_goal(rules, PROOF_BUDGET, Goal::Material).puzzle(pos, depth)? else {
        return Ok(None);
    };
    let flag_checked = goal == GoalArg::Any && depth >= MAX_DEPTH;
    if !flag_checked
        && Prover::new(rules, PROOF_BUDGET)
            .puzzle(pos, MAX_DEPTH)?
            .is_some()
    {
        return Ok(None);
    }
    Ok(Some((Goal::Material, s)))
}

/// Search the last positions of `game` (in parallel), adding the puzzles found to `found`.
fn search_game(game: &Game, source: &str, args: &MakeArgs, found: &mut Found) {
    let mut rules = game.rules().clone();
    rules.mode = Mode::Open;
    let plies = game.plies().len();
    let first = (plies + 1).saturating_sub(args.last);
    let mut todo: Vec<(usize, Position)> = Vec::new();
    for n in first..=plies {
        let Some(pos) = puzzle_position(game, &rules, n) else {
            continue;
        };
        if pos.status(&rules).is_over() || !found.seen.insert(pos.notation()) {
            continue;
        }
        todo.push((n, pos));
    }
    found.games += 1;
    found.positions += todo.len();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..args.threads {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((n, pos)) = todo.get(k) else { break };
                    let r = prove(&rules, pos, args.depth as u32, args.goal);
                    results
                        .lock()
                        .expect("no thread panics")
                        .push((*n, *pos, r));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("no thread panics");
    results.sort_by_key(|r| r.0);
    // A puzzle's forced line passes through the positions after it: the next few positions of
    // the game are the same attack again, and are left out.
    let mut free_from = 0;
    for (n, pos, r) in results {
        match r {
            Err(_) => found.unproven += 1,
            Ok(None) => {}
            Ok(Some((goal, solved))) if n >= free_from && solved.depth <= MAX_DEPTH => {
                free_from = n + 2 * solved.depth as usize;
                let id = format!("open-{:04}", found.entries.len() + 1);
                let from = format!("{source}, ply {n}");
                found
                    .entries
                    .push(PuzzleEntry::new(id, &pos, &rules, goal, &solved, from));
            }
            Ok(Some(_)) => {}
        }
    }
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "puzzles: {source}: {} positions, {} puzzles so far",
        todo.len(),
        found.entries.len()
    );
}
