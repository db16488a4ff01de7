//! The computer opponent in the window: which seats the computer (or an outside engine) plays,
//! each a thinker seat of the table (`table::thinker_seat`: its player thinks off the UI thread
//! on `ai::Thinker`), and the seats as kept in a record. The seats sit at the session's table,
//! which asks them for their turns; the computer gets only its own view.

use super::settings::Occupant;
use crate::ai::{AiPlayer, Level, Player};
use crate::engine::{Game, View};
use crate::i18n::{self, Lang};
use crate::table::engine_player::{EngineNews, EnginePlayer, EngineStop};
use crate::table::thinker_seat::{MakePlayer, ThinkerLink, ThinkerSeat};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The most an outside engine's turn may take when the game has no move clock (with one, the
/// clock's seconds): told to the engine, and the bound after which a silent engine has failed.
pub const ENGINE_TURN_TIME: Duration = Duration::from_secs(60);

/// How the seats an outside engine plays are started: its command and the most one turn may
/// take (each seat's engine is told its chair and its view at the start of the game).
#[derive(Clone, Debug)]
pub struct EngineSetup {
    pub command: String,
    pub turn_time: Duration,
}

/// What the computer seats' makers read when they make a fresh player: the threads, the node
/// budget and how engine seats are started (shared with the seats at the table).
#[derive(Default)]
struct Conf {
    /// How many threads the computer seats search on (`AiPlayer::with_threads`; 0 reads as 1).
    threads: usize,
    /// A node budget per turn instead of the level's time (`AiPlayer::with_nodes`): set by tests,
    /// whose computer seats must play the same whatever the machine's load.
    nodes: Option<u64>,
    /// How engine seats are started (none yet: they have no player and wait).
    engine: Option<EngineSetup>,
}

/// The computer seats of a game on screen: one per seat of the board (two, or four in the order
/// South, East, North, West), each a human, the computer or an outside engine. The seats
/// themselves sit at the session's table (`make_seat`); the screen keeps their links.
#[derive(Default)]
pub struct Seats {
    pub seats: Vec<Occupant>,
    /// The screen's end of each computer seat (none for a human's).
    links: Vec<Option<ThinkerLink>>,
    conf: Arc<Mutex<Conf>>,
    /// The command that starts the engine seats, once set (as in `conf`).
    command: Option<String>,
    /// What each engine seat's player reports (its name, why it stopped).
    news: Vec<EngineNews>,
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seats")
            .field("seats", &self.seats)
            .field("thinking", &self.is_thinking())
            .field("engine", &self.engine_command())
            .finish()
    }
}

impl Seats {
    pub fn new(seats: Vec<Occupant>) -> Seats {
        Seats {
            news: vec![EngineNews::default(); seats.len()],
            links: vec![None; seats.len()],
            seats,
            ..Seats::default()
        }
    }

    fn conf(&self) -> std::sync::MutexGuard<'_, Conf> {
        self.conf.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Fresh players for every computer seat, told the game again, the next time each is asked
    /// while not thinking (new settings; a stopped engine gets a new process).
    pub fn reset(&mut self) {
        for link in self.links.iter().flatten() {
            link.renew();
        }
    }

    /// The seat of player slot `k` in `game`, if the computer plays it: a thinker seat told
    /// the game so far, whose players are made as the settings say when it is asked (an
    /// engine seat's only once the engine's command is set: until then it waits).
    pub(super) fn make_seat(&mut self, k: usize, game: &Game) -> Option<ThinkerSeat> {
        let chair = *crate::table::turns::chairs_of(game).get(k)?;
        let side =
            crate::table::turns::side_of_chair(game, chair).unwrap_or(crate::engine::Seat::Red);
        let (start, history) = history_of(game, side);
        let conf = self.conf.clone();
        let seat = match self.seats.get(k)? {
            Occupant::Human => return None,
            Occupant::Computer(level) => {
                let level = *level;
                let make: MakePlayer = Box::new(move |_| {
                    let c = conf.lock().unwrap_or_else(|e| e.into_inner());
                    let player = computer_player(level, c.threads.max(1), c.nodes);
                    Some(Box::new(player) as Box<dyn Player>)
                });
                ThinkerSeat::new(level.word(), make)
            }
            Occupant::Engine => {
                let news = self.news.get(k)?.clone();
                let slot = news.clone();
                let make: MakePlayer = Box::new(move |start: &View| {
                    let c = conf.lock().unwrap_or_else(|e| e.into_inner());
                    let e = c.engine.as_ref()?;
                    slot.restart();
                    let player =
                        EnginePlayer::new(&e.command, chair, start.clone(), Some(e.turn_time))
                            .with_news(slot.clone());
                    Some(Box::new(player) as Box<dyn Player>)
                });
                ThinkerSeat::new(ENGINE_WORD, make).with_news(news)
            }
        };
        let seat = seat.with_history(start, history);
        self.links[k] = Some(seat.link());
        Some(seat)
    }

    /// The computer seats search on `threads` threads from now on: fresh players (told the game
    /// again) the next time each seat is asked while not thinking.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, crate::ai::MAX_THREADS);
        if threads == self.threads() {
            return;
        }
        self.conf().threads = threads;
        self.reset();
    }

    /// How many threads the computer seats search on.
    pub fn threads(&self) -> usize {
        self.conf().threads.max(1)
    }

    /// The computer seats (and the hint) think `nodes` nodes a turn instead of their level's
    /// time from now on (`None`: the level's time), as `set_threads` takes effect.
    pub fn set_nodes(&mut self, nodes: Option<u64>) {
        if nodes == self.nodes() {
            return;
        }
        self.conf().nodes = nodes;
        self.reset();
    }

    /// The node budget of the computer seats, if they have one instead of their level's time.
    pub fn nodes(&self) -> Option<u64> {
        self.conf().nodes
    }

    /// How engine seats are started, and fresh players for every seat.
    pub fn set_engine(&mut self, setup: EngineSetup) {
        self.command = Some(setup.command.clone());
        let name = command_name(&setup.command).unwrap_or_else(|| ENGINE_WORD.to_string());
        for k in 0..self.seats.len() {
            if self.seats[k] == Occupant::Engine
                && let Some(link) = &self.links[k]
            {
                link.set_name(&name);
            }
        }
        self.conf().engine = Some(setup);
        self.reset();
    }

    /// The command that starts the engine seats, once set.
    pub fn engine_command(&self) -> Option<&str> {
        self.command.as_deref()
    }

    /// The name an engine seat's engine gave itself (`id name`), once its handshake is done: the
    /// engine's own words, for the engine log only, never shown (the seat is shown as
    /// `engine_label` says).
    pub fn engine_id_name(&self, k: usize) -> Option<String> {
        (self.seats.get(k) == Some(&Occupant::Engine))
            .then(|| self.news.get(k)?.name())
            .flatten()
    }

    /// The name the window gives an engine seat: the program the person's command starts
    /// (`command_name`), or "Engine" when the command names none.
    pub fn engine_label(&self, lang: Lang) -> String {
        self.engine_command()
            .and_then(command_name)
            .unwrap_or_else(|| lang.t(&i18n::ENGINE).to_string())
    }

    /// Why an engine seat's engine stopped (resigned or failed), if it did.
    pub fn engine_stop(&self, k: usize) -> Option<EngineStop> {
        (self.seats.get(k) == Some(&Occupant::Engine))
            .then(|| self.news.get(k)?.stop())
            .flatten()
    }

    /// Who plays seat `k`, for the interface: "Human", "Computer · Normal", or the engine by
    /// the name the person's command gives it (`engine_label`), never by the name the engine
    /// gave itself: an engine's free words could spell out pieces to whoever looks at the screen.
    pub fn label(&self, k: usize, lang: Lang) -> String {
        match self.seats.get(k).copied().unwrap_or_default() {
            Occupant::Engine => {
                let name = self.engine_label(lang);
                match self.news.get(k).and_then(EngineNews::thoughts) {
                    Some(t) => format!("{name} · {t}"),
                    None => name,
                }
            }
            other => occupant_label(other, lang),
        }
    }

    pub fn any(&self) -> bool {
        self.seats.iter().any(|s| *s != Occupant::Human)
    }

    pub fn is_thinking(&self) -> bool {
        (self.links.iter().flatten()).any(ThinkerLink::is_thinking)
    }

    /// The one human seat, if exactly one seat is human (the others are the computer).
    pub(super) fn lone_human(&self) -> Option<usize> {
        let mut humans = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == Occupant::Human);
        match (humans.next(), humans.next()) {
            (Some((k, _)), None) => Some(k),
            _ => None,
        }
    }

    /// The human seats.
    pub fn humans(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.seats.len()).filter(|&k| self.seats[k] == Occupant::Human)
    }
}

/// What the seat playing `side` was shown of `game`: its view at the start, and each turn's
/// public report with its view after it.
fn history_of(
    game: &Game,
    side: crate::engine::Seat,
) -> (View, Vec<(crate::engine::TurnReport, View)>) {
    let rules = game.rules();
    let viewer = crate::engine::Viewer::Side(side);
    let start = game.position_at(0).view(rules, viewer);
    let history = (game.plies().iter().enumerate())
        .filter_map(|(i, ply)| {
            let report = ply.report.clone()?;
            Some((report, game.position_at(i + 1).view(rules, viewer)))
        })
        .collect();
    (start, history)
}

/// A computer player of `level` on `threads` threads, thinking `nodes` nodes a turn if given
/// (else its level's time).
fn computer_player(level: Level, threads: usize, nodes: Option<u64>) -> AiPlayer {
    let p = AiPlayer::new(level).with_threads(threads);
    match nodes {
        Some(n) => p.with_nodes(n),
        None => p,
    }
}

/// Who plays a seat, for the interface ("an engine" for an outside engine whose name is not
/// known here).
pub fn occupant_label(occupant: Occupant, lang: Lang) -> String {
    match occupant {
        Occupant::Human => lang.t(&i18n::HUMAN).to_string(),
        Occupant::Computer(l) => format!("{} · {}", lang.t(&i18n::COMPUTER), lang.t(level_text(l))),
        Occupant::Engine => lang.t(&i18n::ENGINE).to_string(),
    }
}

/// Programs that run the program named after them (`sh engine.sh`, `python3 bot.py`): an engine's
/// name is taken from the word after one of these.
const LAUNCHERS: &[&str] = &[
    "sh",
    "bash",
    "dash",
    "zsh",
    "env",
    "exec",
    "nice",
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
    "java",
    "wine",
    "cmd",
    "powershell",
    "pwsh",
];

/// The name of the program an engine command starts, for the window: the file name, without its
/// extension, of the command's first word that is not a launcher (`LAUNCHERS`), an option or a
/// variable setting (`/opt/pikafish/bin/pikafish --threads 2` → "pikafish", `sh bad.sh hang` →
/// "bad"); at most 40 characters; `None` when there is none. The person typed the command, so the
/// name is the person's words, not the engine's.
pub fn command_name(command: &str) -> Option<String> {
    command
        .split_whitespace()
        .map(|w| w.trim_matches(['\'', '"']))
        .filter(|w| !w.is_empty() && !w.starts_with('-') && !w.contains('='))
        .map(|w| w.rsplit(['/', '\\']).next().unwrap_or(w))
        .find(|w| {
            !w.is_empty() && !LAUNCHERS.contains(&w.to_ascii_lowercase().trim_end_matches(".exe"))
        })
        .map(|w| {
            let stem = match w.rsplit_once('.') {
                Some((stem, _)) if !stem.is_empty() => stem,
                _ => w,
            };
            stem.chars().take(40).collect()
        })
}

/// Shell words that are not programs on the `PATH` (builtins a command line may start with).
const SHELL_BUILTINS: &[&str] = &[
    "exec", "command", "eval", "cd", ".", "set", "export", "ulimit",
];

/// The program an engine command starts when it is neither on the `PATH` nor a file: its first
/// word (after any `NAME=value` settings, quotes taken off), as typed; `None` when it is found,
/// or is a shell builtin, or the command is one the shell must read itself (quotes inside a
/// word, `$`, `;`, `|`, `&`, backquotes, redirections): those are left to the shell.
pub fn missing_program(command: &str) -> Option<String> {
    let word = command
        .split_whitespace()
        .find(|w| !w.contains('=') || w.starts_with(['\'', '"']))?;
    let word = match word.strip_prefix('\'').and_then(|w| w.strip_suffix('\'')) {
        Some(inner) => inner,
        None => word
            .strip_prefix('"')
            .and_then(|w| w.strip_suffix('"'))
            .unwrap_or(word),
    };
    let shell = |c: char| "'\"$;|&`<>(){}*?~\\".contains(c) && !(cfg!(windows) && c == '\\');
    if word.is_empty() || word.chars().any(shell) || SHELL_BUILTINS.contains(&word) {
        return None;
    }
    let path = std::path::Path::new(word);
    let exts: Vec<String> = if cfg!(windows) {
        let pathext = std::env::var("PATHEXT").unwrap_or_else(|_| ".EXE;.CMD;.BAT;.COM".into());
        std::iter::once(String::new())
            .chain(pathext.split(';').map(str::to_string))
            .collect()
    } else {
        vec![String::new()]
    };
    let exists = |p: &std::path::Path| {
        exts.iter().any(|e| {
            let mut name = p.as_os_str().to_owned();
            name.push(e);
            std::path::Path::new(&name).is_file()
        })
    };
    let found = if word.contains('/') || (cfg!(windows) && word.contains('\\')) {
        exists(path)
    } else {
        std::env::var_os("PATH")
            .is_some_and(|dirs| std::env::split_paths(&dirs).any(|d| exists(&d.join(word))))
    };
    (!found).then(|| word.to_string())
}

/// The command the new-game dialog offers for an outside engine before one was chosen: this
/// program's own computer as an engine (`junqi engine --level normal`).
pub fn default_engine_command() -> String {
    let exe = std::env::current_exe().ok();
    format!(
        "{} engine --level normal",
        shell_word(&engine_program(exe.as_deref()))
    )
}

/// The program an engine command runs, from this program's path (`current_exe`): that path;
/// on Linux, a program replaced while it runs (a package upgrade) is named `PATH (deleted)`,
/// and the file now at `PATH` is taken; `junqi` (found on the PATH) when there is no such
/// file, or no path.
fn engine_program(exe: Option<&std::path::Path>) -> String {
    let Some(text) = exe.and_then(|p| p.to_str()) else {
        return "junqi".into();
    };
    match text.strip_suffix(" (deleted)") {
        Some(now) if std::path::Path::new(now).is_file() => now.to_string(),
        Some(_) => "junqi".into(),
        None => text.to_string(),
    }
}

/// `word` as one word of a shell command line (`sh -c`, or `cmd /C` on Windows).
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+:\\".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else if cfg!(windows) {
        format!("\"{word}\"")
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The name of a level, for the interface.
pub fn level_text(level: Level) -> &'static crate::i18n::Text {
    match level {
        Level::Easy => &crate::i18n::LEVEL_EASY,
        Level::Normal => &crate::i18n::LEVEL_NORMAL,
        Level::Hard => &crate::i18n::LEVEL_HARD,
    }
}

/// The words naming the seats of four-player games in the record's `computer` info.
const FOUR_WORDS: [&str; 4] = ["south", "east", "north", "west"];

/// The word of an outside engine's seat in the record's `computer` info (`blue:engine`): the
/// command is not in the record but in the settings, so a resumed game goes on with the engine
/// last chosen.
const ENGINE_WORD: &str = "engine";

/// The computer seats as kept in a game record's info (`computer` = `red:normal`, `2:hard`,
/// `east:easy,west:hard`, `blue:engine` …), so a resumed game goes on against the computer. Two
/// seats are Red and Blue (players 1 and 2 in a flip game), four are South, East, North and West.
pub fn seats_to_info(seats: &[Occupant], flip: bool) -> Option<String> {
    let parts: Vec<String> = seats
        .iter()
        .enumerate()
        .filter_map(|(k, s)| match s {
            Occupant::Human => None,
            Occupant::Computer(_) | Occupant::Engine => {
                let who = match (flip, k) {
                    _ if seats.len() == 4 => FOUR_WORDS[k].to_string(),
                    (true, k) => (k + 1).to_string(),
                    (false, 0) => "red".into(),
                    (false, _) => "blue".into(),
                };
                let what = match s {
                    Occupant::Computer(level) => level.word(),
                    _ => ENGINE_WORD,
                };
                Some(format!("{who}:{what}"))
            }
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(","))
}

/// Read `seats_to_info` back for a board of `n` seats (2 or 4); anything unreadable is a human
/// seat.
pub fn seats_from_info(text: Option<&str>, n: usize) -> Vec<Occupant> {
    let mut seats = vec![Occupant::Human; n];
    for part in text.unwrap_or("").split(',') {
        let Some((who, level)) = part.split_once(':') else {
            continue;
        };
        let k = match who {
            "red" | "1" if n == 2 => 0,
            "blue" | "2" if n == 2 => 1,
            w if n == 4 => match FOUR_WORDS.iter().position(|f| *f == w) {
                Some(k) => k,
                None => continue,
            },
            _ => continue,
        };
        if level == ENGINE_WORD {
            seats[k] = Occupant::Engine;
        } else if let Some(level) = Level::parse(level) {
            seats[k] = Occupant::Computer(level);
        }
    }
    seats
}

/// A hint: the computer's suggestions for a human's position, thought out off the UI thread from
/// that human's own sight (the gate's `own_sight`: the history as the human saw it and the board as
/// the human sees it), at the level the computer plays against them.
pub struct HintThought {
    /// The number of plies played when the hint was asked (it is for that position only).
    pub ply: usize,
    rx: std::sync::mpsc::Receiver<Vec<crate::engine::Turn>>,
}

/// How many turns a hint suggests.
pub const HINT_TURNS: usize = 3;

impl HintThought {
    pub fn start(
        game: &crate::engine::Game,
        me: crate::engine::Seat,
        level: Level,
        nodes: Option<u64>,
        seed: u64,
    ) -> HintThought {
        let sight = game.own_sight(me);
        let history: Vec<_> = game
            .plies()
            .iter()
            .enumerate()
            .filter_map(|(i, ply)| {
                let report = ply.report.clone()?;
                Some((report, game.sight_view(sight, i + 1)))
            })
            .collect();
        let view = game.sight_now(sight);
        let rules = game.rules().clone();
        let (tx, rx) = std::sync::mpsc::channel();
        // Without a thread the sender is dropped: `poll` then answers with no suggestions.
        let _ = std::thread::Builder::new()
            .name("junqi-hint".into())
            .spawn(move || {
                let mut player = AiPlayer::new(level);
                if let Some(n) = nodes {
                    player = player.with_nodes(n);
                }
                for (report, after) in &history {
                    player.observe(report, after);
                }
                let mut rng = crate::engine::rng::SplitMix64::new(seed);
                // The receiver may be gone (the position changed): nothing to do then.
                let _ = tx.send(player.suggest(&view, &rules, &mut rng, HINT_TURNS));
            });
        HintThought {
            ply: game.plies().len(),
            rx,
        }
    }

    /// `None` while thinking; then the suggestions, best first (empty if the thought failed).
    pub fn poll(&self) -> Option<Vec<crate::engine::Turn>> {
        match self.rx.try_recv() {
            Ok(turns) => Some(turns),
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => Some(Vec::new()),
        }
    }
}

/// The threads the window's computer searches on for the setting `setting` (`Settings::threads`):
/// 0 means all cores but one (at least one), so the window's own thread keeps a core; any other
/// number is taken as it is (at most `ai::MAX_THREADS`).
pub fn computer_threads(setting: u16) -> usize {
    match setting {
        0 => cores().saturating_sub(1).max(1),
        n => (n as usize).min(crate::ai::MAX_THREADS),
    }
}

/// The cores this machine offers the program (1 if it cannot tell).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command's program is looked for on the `PATH` or as a file; what only the shell can
    /// read is left to it.
    #[test]
    #[cfg(unix)]
    fn a_missing_program_is_named() {
        assert_eq!(missing_program("sh bad.sh crash"), None);
        assert_eq!(missing_program("/bin/sh -c true"), None);
        assert_eq!(missing_program("cat"), None);
        assert_eq!(
            missing_program("no-such-junqi-engine --level 3").as_deref(),
            Some("no-such-junqi-engine")
        );
        assert_eq!(
            missing_program("DEPTH=3 'no-such-junqi-engine' x").as_deref(),
            Some("no-such-junqi-engine")
        );
        assert_eq!(
            missing_program("/no/such/folder/engine").as_deref(),
            Some("/no/such/folder/engine")
        );
        for left_to_the_shell in ["exec junqi", "$HOME/engine", "a|b", "", "  "] {
            assert_eq!(
                missing_program(left_to_the_shell),
                None,
                "{left_to_the_shell:?}"
            );
        }
    }

    /// An engine seat is named after the program the person's command starts.
    #[test]
    fn an_engine_is_named_by_its_command() {
        for (command, name) in [
            ("/opt/pikafish/bin/pikafish --threads 2", Some("pikafish")),
            ("sh /x/tests/engines/bad.sh hang", Some("bad")),
            ("FOO=1 python3 -u bot.py", Some("bot")),
            ("C:\\Engines\\Shogi.exe", Some("Shogi")),
            ("junqi engine --level normal", Some("junqi")),
            ("sh -c", None),
            ("", None),
        ] {
            assert_eq!(command_name(command).as_deref(), name, "{command}");
        }
        assert_eq!(command_name(&"x".repeat(100)).unwrap().len(), 40);
    }

    #[test]
    fn seats_round_trip_through_the_record_info() {
        let seats = [Occupant::Human, Occupant::Computer(Level::Hard)];
        let text = seats_to_info(&seats, false).unwrap();
        assert_eq!(text, "blue:hard");
        assert_eq!(seats_from_info(Some(&text), 2), seats);
        assert_eq!(seats_to_info(&[Occupant::Human; 2], true), None);
        assert_eq!(
            seats_from_info(Some("1:easy,zz:hard,2:nope"), 2),
            [Occupant::Computer(Level::Easy), Occupant::Human]
        );
        let engine = [Occupant::Human, Occupant::Engine];
        assert_eq!(
            seats_to_info(&engine, false).as_deref(),
            Some("blue:engine")
        );
        assert_eq!(seats_from_info(Some("blue:engine"), 2), engine);
        assert_eq!(
            seats_to_info(&[Occupant::Engine, Occupant::Computer(Level::Hard)], true).as_deref(),
            Some("1:engine,2:hard")
        );
    }

    #[test]
    fn the_default_engine_is_this_program_as_one_shell_word() {
        let cmd = default_engine_command();
        assert!(cmd.ends_with(" engine --level normal"), "{cmd}");
        assert_eq!(shell_word("/usr/bin/junqi"), "/usr/bin/junqi");
        if !cfg!(windows) {
            assert_eq!(shell_word("/home/a b/it's"), "'/home/a b/it'\\''s'");
        }
    }

    /// A program replaced while it runs is named `PATH (deleted)` on Linux: the file now at
    /// `PATH` is offered, or `junqi` on the PATH when there is none.
    #[test]
    fn a_replaced_program_is_offered_by_its_path_not_as_deleted() {
        use std::path::Path;
        let dir = tempfile::tempdir().unwrap();
        let now = dir.path().join("junqi");
        std::fs::write(&now, "").unwrap();
        let now_text = now.to_str().unwrap();
        let deleted = format!("{now_text} (deleted)");
        assert_eq!(engine_program(Some(Path::new(&deleted))), now_text);
        let gone = dir.path().join("gone").to_str().unwrap().to_string() + " (deleted)";
        assert_eq!(engine_program(Some(Path::new(&gone))), "junqi");
        assert_eq!(engine_program(Some(&now)), now_text);
        assert_eq!(engine_program(None), "junqi");
    }

    #[test]
    fn four_seats_round_trip_through_the_record_info() {
        let seats = [
            Occupant::Human,
            Occupant::Computer(Level::Easy),
            Occupant::Human,
            Occupant::Computer(Level::Hard),
        ];
        let text = seats_to_info(&seats, false).unwrap();
        assert_eq!(text, "east:easy,west:hard");
        assert_eq!(seats_from_info(Some(&text), 4), seats);
        // Two-player words mean nothing on four seats, and the other way round.
        assert_eq!(seats_from_info(Some("blue:hard"), 4), [Occupant::Human; 4]);
        assert_eq!(seats_from_info(Some("east:hard"), 2), [Occupant::Human; 2]);
        let lone = Seats::new(seats.to_vec());
        assert_eq!(lone.lone_human(), None);
        let lone = Seats::new(vec![
            Occupant::Computer(Level::Easy),
            Occupant::Human,
            Occupant::Computer(Level::Easy),
            Occupant::Computer(Level::Easy),
        ]);
        assert_eq!(lone.lone_human(), Some(1));
    }

    #[test]
    fn the_threads_setting_leaves_a_core_and_reaches_the_computer_seats() {
        let cores = cores();
        assert_eq!(computer_threads(0), cores.saturating_sub(1).max(1));
        assert_eq!(computer_threads(1), 1);
        assert_eq!(computer_threads(3), 3);
        assert_eq!(computer_threads(u16::MAX), crate::ai::MAX_THREADS);
        let mut seats = Seats::new(vec![
            Occupant::Human,
            Occupant::Computer(crate::ai::Level::Easy),
        ]);
        assert_eq!(seats.threads(), 1);
        seats.set_threads(3);
        assert_eq!(seats.threads(), 3);
        seats.set_threads(0);
        assert_eq!(seats.threads(), 1, "at least one");
    }
}
