//! The command line (clap): the headless commands of NOTATION.md (`moves`, `perft`, `apply`), the
//! tools built on the engine (`arena`, `game show`, `layout check`), shell completions, and
//! `junqi [FILE]`, which opens the window. Every bad input, clap's own usage errors included: one
//! line on stderr, exit 2, nothing on stdout.

use crate::engine::rules::{HouseRule, RuleValue};
use crate::engine::{Mode, Position, Rules, Turn, perft};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

pub mod arena;
pub mod connect;
pub mod engine;
pub mod engine_ccgc;
pub mod game_show;
pub mod layout;
mod lines;
pub mod puzzles;
mod puzzles_hidden;
pub mod serve;
pub mod sprt;

/// A failed command: the message for stderr (exit status 2).
#[derive(Debug)]
pub struct CliError(pub String);

impl<T: std::fmt::Display> From<T> for CliError {
    fn from(e: T) -> CliError {
        CliError(e.to_string())
    }
}

pub type CliResult = Result<String, CliError>;

fn err<T>(m: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(m.into()))
}

const ABOUT: &str = "Junqi (军棋 / 陆战棋): play, design formations, and referee games";

const LONG_ABOUT: &str = "Junqi (军棋 / 陆战棋): play, design formations, and referee games.

Without a command the window opens (with FILE: a game record in the replay viewer, or a formation \
in the editor). With a command the program works headless and never opens the window. Positions and \
turns are written in the notation of NOTATION.md. Bad input (a position, a turn, a flag, a file) \
prints one line on standard error and exits with status 2, printing nothing on standard output.";

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "junqi",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A game record to watch in the replay viewer, or a formation to open in the editor
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Every legal turn of a position, one per line, sorted in byte order
    Moves(MovesArgs),
    /// The number of turn sequences of a given length from a position
    Perft(PerftArgs),
    /// Play turns from a position: the position after them, then `result: …`
    Apply(ApplyArgs),
    /// Computer players against each other, many games in parallel threads
    Arena(arena::ArenaArgs),
    /// The computer as an engine process: the junqi (or CCGC 2012) engine protocol on stdin/stdout
    Engine(engine::EngineArgs),
    /// Host network games: rooms for players who each connect from their own machine
    Serve(serve::ServeArgs),
    /// Play a seat of a network game: create a room on a host, or join one with its invite
    Connect(connect::ConnectArgs),
    /// Game records
    #[command(arg_required_else_help = false)]
    Game {
        #[command(subcommand)]
        command: game_show::GameCommand,
    },
    /// Formation files (布阵)
    #[command(arg_required_else_help = false)]
    Layout {
        #[command(subcommand)]
        command: layout::LayoutCommand,
    },
    /// Puzzles 残局: find them in game records or self-play, proven by an exhaustive search
    #[command(arg_required_else_help = false)]
    Puzzles {
        #[command(subcommand)]
        command: puzzles::PuzzlesCommand,
    },
    /// Print a shell completion script for bash, zsh, fish, elvish or powershell
    #[command(
        long_about = "Print a shell completion script on standard output, e.g.\n  \
        junqi completions bash > ~/.local/share/bash-completion/completions/junqi\n  \
        junqi completions zsh > ~/.zfunc/_junqi\n  \
        junqi completions fish > ~/.config/fish/completions/junqi.fish"
    )]
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Write the manual pages (junqi.1, junqi-moves.1, …) into a folder, for packaging
    #[command(hide = true)]
    Manpages {
        /// The folder (made if missing)
        dir: PathBuf,
    },
}

const POSITION_HELP: &str = "A position in the notation of NOTATION.md (quote it: it holds spaces)";

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[arg(help = POSITION_HELP)]
    pub position: String,
    #[command(flatten)]
    pub rules: RuleFlags,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[arg(help = POSITION_HELP)]
    pub position: String,
    /// The length of the turn sequences counted, 0 to 12 (depth 0 counts 1)
    #[arg(value_parser = depth)]
    pub depth: u32,
    #[command(flatten)]
    pub rules: RuleFlags,
}

#[derive(Args, Debug)]
pub struct ApplyArgs {
    #[arg(help = POSITION_HELP)]
    pub position: String,
    /// Turns to play in order: `a6-a11` (a move or an attack), `c7` (a flip)
    pub turns: Vec<String>,
    #[command(flatten)]
    pub rules: RuleFlags,
}

fn depth(s: &str) -> Result<u32, String> {
    s.parse::<u32>()
        .ok()
        .filter(|d| *d <= 12)
        .ok_or_else(|| "depth must be a whole number 0 to 12".to_string())
}

/// The rules flags of every command that plays or checks (`moves`, `perft`, `apply`, `arena`,
/// `layout check`): `--mode`, `--rules FILE` or `--rules-set NAME`, and one flag per house rule,
/// made from `HouseRule` (its flag, explanation and values) — a new house rule needs no change
/// here.
#[derive(Clone, Debug, Default)]
pub struct RuleFlags {
    mode: Option<Mode>,
    file: Option<PathBuf>,
    rules_set: Option<RulesSet>,
    /// The house rules set on the command line, in the order of `HouseRule::every`.
    set: Vec<(HouseRule, RuleValue)>,
}

/// A named set of rules (`--rules-set`): the rules of an event or platform as a whole.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RulesSet {
    /// The CCGC 军棋 event's rules (`Rules::ccgc`, docs/ccgc.md).
    Ccgc,
}

impl RulesSet {
    pub const ALL: [RulesSet; 1] = [RulesSet::Ccgc];

    /// The command-line word.
    pub fn word(self) -> &'static str {
        match self {
            RulesSet::Ccgc => "ccgc",
        }
    }

    pub fn parse(s: &str) -> Option<RulesSet> {
        RulesSet::ALL.into_iter().find(|r| r.word() == s)
    }

    /// The rules the set names.
    pub fn rules(self) -> Rules {
        match self {
            RulesSet::Ccgc => Rules::ccgc(),
        }
    }
}

const MODE_ID: &str = "mode";
const RULES_FILE_ID: &str = "rules";
const RULES_SET_ID: &str = "rules-set";

fn default_word(value: RuleValue) -> String {
    match value {
        RuleValue::Switch(on) => (if on { "on" } else { "off" }).to_string(),
        RuleValue::Mines(m) => m.word().to_string(),
        RuleValue::Takers(t) => t.word().to_string(),
        RuleValue::Turns(n) => n.to_string(),
        RuleValue::Clock(None) => "no clock".to_string(),
        RuleValue::Clock(Some(s)) => format!("{s} seconds"),
        RuleValue::Order(o) => o.word().to_string(),
    }
}

/// The `--help` text of a house rule's flag: its name and explanation in both languages, and its
/// defaults.
fn long_help(rule: HouseRule) -> String {
    let t = rule.texts();
    let open = Rules::default().get(rule);
    let flip = Rules::for_mode(Mode::Flip).get(rule);
    let mut default = format!("Default: {}", default_word(open));
    if flip != open {
        default.push_str(&format!(" ({} in flip mode)", default_word(flip)));
    }
    if let RuleValue::Switch(on) = open {
        default.push_str(if on {
            "; this flag turns it off"
        } else {
            "; this flag turns it on"
        });
    }
    format!(
        "{} ({}): {}\n{}\n{default}.",
        t.en, t.zh, t.explain_en, t.explain_zh
    )
}

impl Args for RuleFlags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut cmd = cmd
            .next_help_heading("Rules (RULES.md sections 6 and 8)")
            .arg(
                Arg::new(MODE_ID)
                    .long("mode")
                    .value_name("MODE")
                    .value_parser(
                        PossibleValuesParser::new(Mode::ALL.map(Mode::word))
                            .try_map(|s| Mode::parse(&s).ok_or("not a mode")),
                    )
                    .help("The game mode: open 明棋, hidden 暗棋 or flip 翻棋 [default: open]")
                    .long_help(
                        "The game mode: open 明棋 (everything visible), hidden 暗棋 (each side sees \
                         its own pieces) or flip 翻棋 (every piece starts face down). Flip mode \
                         brings its own defaults for some house rules; a flag given on the command \
                         line wins over a default. [default: open]",
                    ),
            )
            .arg(
                Arg::new(RULES_FILE_ID)
                    .long("rules")
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("A saved house-rules file (RON); flags given beside it win over it"),
            )
            .arg(
                Arg::new(RULES_SET_ID)
                    .long("rules-set")
                    .value_name("NAME")
                    .conflicts_with(RULES_FILE_ID)
                    .value_parser(
                        PossibleValuesParser::new(RulesSet::ALL.map(RulesSet::word))
                            .try_map(|s| RulesSet::parse(&s).ok_or("not a rules set")),
                    )
                    .help("A named rules set (ccgc: the CCGC 军棋 event's rules); flags given beside it win over it")
                    .long_help(
                        "A named rules set. ccgc: the CCGC 军棋 event's rules (docs/ccgc.md): hidden \
                         mode, standard mines, no flying bombs, fixed HQs, the flag shown when its \
                         marshal falls, 31 clash-free plies in a row lose for the player making \
                         the 31st (--quiet-limit 31 --quiet-loses), no turn limit; in the arena \
                         each side also has 1800 seconds for the whole game unless --game-ms says \
                         otherwise. Flags given beside it win over it.",
                    ),
            );
        for rule in HouseRule::every() {
            let t = rule.texts();
            let arg = Arg::new(rule.key())
                .long(rule.flag())
                .help(t.explain_en)
                .long_help(long_help(rule));
            let arg = match Rules::default().get(rule) {
                RuleValue::Switch(_) => arg.action(ArgAction::SetTrue),
                RuleValue::Mines(_) | RuleValue::Takers(_) | RuleValue::Order(_) => arg
                    .value_name(rule.words().join("|"))
                    .value_parser(
                        PossibleValuesParser::new(rule.words())
                            .try_map(move |s| rule.parse_value(&s)),
                    )
                    .hide_possible_values(true),
                RuleValue::Turns(_) => arg
                    .value_name("TURNS")
                    .value_parser(move |s: &str| rule.parse_value(s)),
                RuleValue::Clock(_) => arg
                    .value_name("SECONDS")
                    .value_parser(move |s: &str| rule.parse_value(s)),
            };
            cmd = cmd.arg(arg);
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for RuleFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = RuleFlags::default();
        flags.update_from_arg_matches(m)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        if let Some(mode) = m.get_one::<Mode>(MODE_ID) {
            self.mode = Some(*mode);
        }
        if let Some(file) = m.get_one::<PathBuf>(RULES_FILE_ID) {
            self.file = Some(file.clone());
        }
        if let Some(set) = m.get_one::<RulesSet>(RULES_SET_ID) {
            self.rules_set = Some(*set);
        }
        for rule in HouseRule::every() {
            let value = match Rules::default().get(rule) {
                // A yes/no flag sets the opposite of the rule's default.
                RuleValue::Switch(on) => m.get_flag(rule.key()).then_some(RuleValue::Switch(!on)),
                _ => m.get_one::<RuleValue>(rule.key()).copied(),
            };
            if let Some(v) = value {
                self.set.retain(|(r, _)| *r != rule);
                self.set.push((rule, v));
            }
        }
        Ok(())
    }
}

impl RuleFlags {
    /// The named rules set given (`--rules-set`), if any.
    pub fn rules_set(&self) -> Option<RulesSet> {
        self.rules_set
    }

    /// The rules: the `--rules` file, the `--rules-set` or the mode's defaults, then `--mode`,
    /// then each house-rule flag; checked by `Rules::validate`.
    pub fn rules(&self) -> Result<Rules, CliError> {
        let mut rules = match &self.file {
            None if let Some(set) = self.rules_set => set.rules(),
            Some(path) => {
                let f = path.display().to_string();
                let text = read_small(&f, 64 * 1024)?;
                ron::from_str::<Rules>(&text).map_err(|e| {
                    CliError(format!(
                        "{f}: line {}, column {}: {}",
                        e.span.start.line, e.span.start.col, e.code
                    ))
                })?
            }
            None => Rules::for_mode(self.mode.unwrap_or_default()),
        };
        if let Some(m) = self.mode {
            rules.mode = m;
        }
        for (rule, value) in &self.set {
            rules
                .set(*rule, *value)
                .map_err(|e| CliError(e.to_string()))?;
        }
        rules.validate().map_err(|e| CliError(e.to_string()))?;
        Ok(rules)
    }
}

/// Split arguments into rules flags and positional arguments (the flags of `RuleFlags`; for
/// tests and benches that read flags from data files).
pub fn parse_rules(args: &[String]) -> Result<(Rules, Vec<String>), CliError> {
    let cmd = RuleFlags::augment_args(
        clap::Command::new("junqi")
            .no_binary_name(true)
            .disable_help_flag(true),
    )
    .arg(Arg::new("rest").num_args(0..).action(ArgAction::Append));
    let m = cmd.try_get_matches_from(args).map_err(|e| one_line(&e))?;
    let rest = m
        .get_many::<String>("rest")
        .map(|v| v.cloned().collect())
        .unwrap_or_default();
    let rules = RuleFlags::from_arg_matches(&m)
        .map_err(|e| one_line(&e))?
        .rules()?;
    Ok((rules, rest))
}

/// A clap error as one line: its first line, plus the detail lines clap puts under it
/// (`[possible values: …]`, a similar flag, the missing arguments), and where to find help in place
/// of the usage.
fn one_line(e: &clap::Error) -> CliError {
    let text = e.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    let mut command = "junqi".to_string();
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(usage) = line.strip_prefix("Usage:") {
            // `Usage: junqi layout check [OPTIONS] <FILE>...`: the command's words.
            command = usage
                .split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<', '-']))
                .collect::<Vec<_>>()
                .join(" ");
            break;
        }
        if line.starts_with("For more information") {
            break;
        }
        if line.starts_with("tip: to pass") {
            // "use '-- --flag'" does not apply: no command takes a value starting with '-'.
            continue;
        }
        let indented = raw.starts_with(' ') && !line.starts_with("tip:");
        match parts.last_mut() {
            // What clap indents under its message: possible values, a list of missing arguments.
            Some(last) if indented => {
                last.push_str(if last.ends_with(':') || line.starts_with('[') {
                    " "
                } else {
                    ", "
                });
                last.push_str(line);
            }
            _ => parts.push(line.strip_prefix("error: ").unwrap_or(line).to_string()),
        }
    }
    let mut msg = parts.join("; ");
    if msg.is_empty() {
        msg = format!("{:?}", e.kind());
    }
    CliError(format!("{msg}; see '{command} --help'"))
}

/// Read a file of at most `limit` bytes as UTF-8, with messages naming the file.
pub fn read_small(path: &str, limit: u64) -> Result<String, CliError> {
    crate::fsutil::read_text(std::path::Path::new(path), limit).map_err(|e| CliError(e.to_string()))
}

fn position_arg(rules: &Rules, text: &str) -> Result<Position, CliError> {
    if !rules.mode.offered_for_four()
        && crate::engine::Setup::parse(text).is_ok_and(|s| s.board.is_four())
    {
        return err("bad flag: --mode flip is not offered for four players (RULES.md 9.6)");
    }
    Position::from_notation(text, rules).map_err(|e| CliError(format!("bad position: {e}")))
}

pub fn cmd_moves(args: &MovesArgs) -> CliResult {
    let rules = args.rules.rules()?;
    let pos = position_arg(&rules, &args.position)?;
    let mut turns: Vec<String> = pos
        .legal_turns(&rules)
        .into_iter()
        .map(|t| t.notation(pos.board()))
        .collect();
    turns.sort();
    Ok(turns.iter().map(|t| format!("{t}\n")).collect())
}

pub fn cmd_perft(args: &PerftArgs) -> CliResult {
    let rules = args.rules.rules()?;
    let pos = position_arg(&rules, &args.position)?;
    Ok(format!("{}\n", perft(&pos, &rules, args.depth)))
}

pub fn cmd_apply(args: &ApplyArgs) -> CliResult {
    let rules = args.rules.rules()?;
    let mut pos = position_arg(&rules, &args.position)?;
    for (i, t) in args.turns.iter().enumerate() {
        let turn = Turn::parse(t, pos.board())
            .map_err(|e| CliError(format!("turn {} '{t}': {e}", i + 1)))?;
        pos.play(&rules, turn)
            .map_err(|e| CliError(format!("turn {} '{t}' is illegal: {e}", i + 1)))?;
    }
    Ok(format!(
        "{}\nresult: {}\n",
        pos.notation(),
        pos.status(&rules).word()
    ))
}

fn cmd_completions(shell: clap_complete::Shell) -> CliResult {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "junqi", &mut out);
    String::from_utf8(out).map_err(|e| CliError(e.to_string()))
}

fn cmd_manpages(dir: &std::path::Path) -> CliResult {
    let d = dir.display();
    std::fs::create_dir_all(dir).map_err(|e| CliError(format!("{d}: {e}")))?;
    clap_mangen::generate_to(Cli::command(), dir).map_err(|e| CliError(format!("{d}: {e}")))?;
    let mut pages: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| CliError(format!("{d}: {e}")))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("junqi") && n.ends_with(".1"))
        .collect();
    pages.sort();
    Ok(pages.iter().map(|p| format!("{p}\n")).collect())
}

/// What `main` does after the command line is read.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// A headless command ran (or the command line was refused): exit with this status.
    Exit(i32),
    /// Open the window, with a file named on the command line.
    Window(Option<PathBuf>),
    /// Open the window at the join form, filled in from this `junqi:` link (the desktop opens
    /// the program with one); a link that is not one is shown there with what is wrong.
    Link(String),
}

/// Read the command line (the program name first, as `std::env::args_os` gives it) and run a
/// headless command; `Outcome::Window` if there is none.
pub fn run<I, T>(args: I) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help, --version, `help`: the text on stdout (styled on a terminal), exit 0.
            let _ = e.print();
            return Outcome::Exit(0);
        }
        Err(e) => return fail(one_line(&e)),
    };
    let result = match &cli.command {
        None => return window_outcome(cli.file),
        Some(Command::Moves(a)) => cmd_moves(a),
        Some(Command::Perft(a)) => cmd_perft(a),
        Some(Command::Apply(a)) => cmd_apply(a),
        Some(Command::Arena(a)) => arena::cmd_arena(a),
        Some(Command::Engine(a)) => engine::cmd_engine(a),
        Some(Command::Serve(a)) => serve::cmd_serve(a),
        Some(Command::Connect(a)) => connect::cmd_connect(a),
        Some(Command::Game { command }) => game_show::run(command),
        Some(Command::Layout { command }) => return Outcome::Exit(layout::run(command)),
        Some(Command::Puzzles { command }) => puzzles::run(command),
        Some(Command::Completions { shell }) => cmd_completions(*shell),
        Some(Command::Manpages { dir }) => cmd_manpages(dir),
    };
    match result {
        Ok(out) => {
            let mut so = std::io::stdout().lock();
            let _ = so.write_all(out.as_bytes());
            Outcome::Exit(0)
        }
        Err(e) => fail(e),
    }
}

/// The window to open for the command line's FILE: a `junqi:` link opens the join form, a
/// `file://` URL (as a desktop passes one) the file it names.
fn window_outcome(file: Option<PathBuf>) -> Outcome {
    let Some(path) = file else {
        return Outcome::Window(None);
    };
    if let Some(text) = path.to_str() {
        if crate::net::join_code::is_link(text) {
            // Told on stderr too, though a desktop shows it only in the window.
            if let Err(e) = crate::net::join_code::JoinCode::parse(text) {
                eprintln!("junqi: this link cannot be opened: {e}");
            }
            return Outcome::Link(text.trim().to_string());
        }
        if let Some(local) = file_url_path(text) {
            return window_outcome(Some(local));
        }
    }
    if !path.is_file() {
        return fail(CliError(format!(
            "'{}' is neither a command nor a file; see 'junqi --help'",
            path.display()
        )));
    }
    Outcome::Window(Some(path))
}

/// The local path of a `file://` URL (`file:///home/li/a%20game.ron`, `file://localhost/…`);
/// none for anything else, or a URL naming another machine.
fn file_url_path(text: &str) -> Option<PathBuf> {
    let rest = text.strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let b = rest.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut k = 0;
    while k < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b[k],
            b.get(k + 1).and_then(|&c| hex(c)),
            b.get(k + 2).and_then(|&c| hex(c)),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                k += 3;
            }
            (c, _, _) => {
                out.push(c);
                k += 1;
            }
        }
    }
    let path = String::from_utf8(out).ok()?;
    // On Windows `file:///C:/games/a.ron` names `C:/games/a.ron`.
    #[cfg(windows)]
    let path = path.strip_prefix('/').unwrap_or(&path).to_string();
    Some(PathBuf::from(path))
}

fn fail(CliError(m): CliError) -> Outcome {
    eprintln!("junqi: {}", m.replace('\n', " "));
    Outcome::Exit(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FlagTakers, MineRule};

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// A `junqi:` link opens the join form (a bad one too, where it is shown with what is
    /// wrong); a `file://` URL opens its file; anything else is a file that must exist.
    #[test]
    fn a_link_or_a_file_url_opens_the_window() {
        let link = "junqi://join/192.0.2.7:7474/K7M2-QX8D-3FZ9-WQ4R";
        assert_eq!(run(["junqi", link]), Outcome::Link(link.into()));
        let invite = format!(
            "junqi://192.0.2.7:7474/K7M2QX-8D3FZ9WQ4R/{}",
            "0".repeat(52)
        );
        assert_eq!(
            run(["junqi", invite.as_str()]),
            Outcome::Link(invite.clone())
        );
        assert_eq!(
            run(["junqi", "JUNQI://join/nonsense"]),
            Outcome::Link("JUNQI://join/nonsense".into())
        );
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a game.ron");
        std::fs::write(&file, "x").unwrap();
        let url = format!("file://{}", file.display()).replace(' ', "%20");
        assert_eq!(
            run(["junqi", url.as_str()]),
            Outcome::Window(Some(file.clone()))
        );
        assert_eq!(
            file_url_path(&format!("file://localhost{}", file.display())),
            Some(file)
        );
        assert_eq!(file_url_path("file://elsewhere/x"), None);
        assert_eq!(run(["junqi", "file:///no/such/file.ron"]), Outcome::Exit(2));
        assert_eq!(run(["junqi", "no-such-file.ron"]), Outcome::Exit(2));
    }

    #[test]
    fn every_house_rule_has_a_flag_read_back_into_the_rules() {
        for rule in HouseRule::every() {
            let mut args = vec![format!("--{}", rule.flag())];
            let expect = match Rules::default().get(rule) {
                RuleValue::Switch(on) => RuleValue::Switch(!on),
                RuleValue::Mines(_) => {
                    args.push("spring".into());
                    RuleValue::Mines(MineRule::Spring)
                }
                RuleValue::Takers(_) => {
                    args.push("engineer".into());
                    RuleValue::Takers(FlagTakers::Engineer)
                }
                RuleValue::Turns(_) => {
                    args.push("12".into());
                    RuleValue::Turns(12)
                }
                RuleValue::Clock(_) => {
                    args.push("30".into());
                    RuleValue::Clock(Some(30))
                }
                RuleValue::Order(_) => {
                    args.push("cw".into());
                    RuleValue::Order(crate::engine::TurnOrder::Clockwise)
                }
            };
            args.push("pos".into());
            let (rules, rest) = parse_rules(&args).unwrap_or_else(|e| panic!("{args:?}: {}", e.0));
            assert_eq!(rules.get(rule), expect, "{args:?}");
            assert_eq!(rest, ["pos"]);
        }
    }

    #[test]
    fn flags_win_over_the_flip_defaults() {
        let args: Vec<String> = ["--mode", "flip", "--flag-takers", "any"]
            .map(String::from)
            .into();
        let (rules, _) = parse_rules(&args).unwrap();
        assert_eq!(rules.mode, Mode::Flip);
        assert_eq!(rules.flag_takers, FlagTakers::Any);
        assert!(rules.movable_hq && rules.flag_needs_mines_cleared);
    }

    #[test]
    fn the_ccgc_rules_set_and_flags_beside_it() {
        let args: Vec<String> = ["--rules-set", "ccgc"].map(String::from).into();
        let (rules, _) = parse_rules(&args).unwrap();
        assert_eq!(rules, Rules::ccgc());
        let args: Vec<String> = ["--rules-set", "ccgc", "--quiet-limit", "20"]
            .map(String::from)
            .into();
        let (rules, _) = parse_rules(&args).unwrap();
        assert_eq!((rules.quiet_limit, rules.quiet_loses), (20, true));
        let args: Vec<String> = ["--quiet-loses"].map(String::from).into();
        let (rules, _) = parse_rules(&args).unwrap();
        assert!(rules.quiet_loses && rules.mode == Mode::Open);
        for bad in [
            &["--rules-set", "chess"][..],
            &["--rules-set", "ccgc", "--rules", "x.ron"],
        ] {
            let args: Vec<String> = bad.iter().map(|s| s.to_string()).collect();
            assert!(parse_rules(&args).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn usage_errors_are_one_line() {
        for args in [
            &["junqi", "moves", "--bogus", "x"][..],
            &["junqi", "moves"],
            &["junqi", "moves", "--mode", "chess", "x"],
            &["junqi", "game"],
            &["junqi", "perft", "x", "99"],
        ] {
            let e = Cli::try_parse_from(args).unwrap_err();
            let CliError(m) = one_line(&e);
            assert!(!m.contains('\n') && !m.contains("Usage"), "{args:?}: {m}");
            assert!(m.len() > 20, "{args:?}: {m}");
        }
    }

    #[test]
    fn the_engine_takes_1_to_64_threads() {
        for good in ["1", "2", "64"] {
            let args = ["junqi", "engine", "--nodes", "5000", "--threads", good];
            assert!(Cli::try_parse_from(args).is_ok(), "{good}");
        }
        for bad in ["0", "65", "two", ""] {
            let e = Cli::try_parse_from(["junqi", "engine", "--threads", bad]).unwrap_err();
            let CliError(m) = one_line(&e);
            assert!(m.contains("--threads"), "{bad}: {m}");
        }
    }
}
