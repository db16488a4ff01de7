//! What went wrong, typed, as the window keeps it until it is shown: worded in the player's
//! language when drawn (switching the language re-words it), never stored as text.

use super::records::LoadError;
use crate::engine::game::{ActionError, RecordError, StartError};
use crate::engine::rules::RulesError;
use crate::fsutil::FileError;
use crate::i18n::Lang;
use std::path::PathBuf;

/// Why something the player asked for did not happen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Problem {
    /// A file that could not be read, written or moved.
    File(FileError),
    /// A game file that is not a record this program plays back (`path` empty: a record made
    /// here, not read from a file).
    Record { path: PathBuf, error: RecordError },
    /// A game that cannot start.
    Start(StartError),
    /// A recorded action that does not replay.
    Action(ActionError),
    /// A file of the program's own (settings, the referee's tallies …) that is not its format.
    Syntax {
        path: PathBuf,
        line: usize,
        col: usize,
        /// The parser's own words (English; shown in the English window only).
        message: String,
    },
    /// A file of the program's own written by another version of it.
    Version {
        path: PathBuf,
        found: u32,
        reads: u32,
    },
    /// Settings whose house rules do not fit together.
    Rules { path: PathBuf, error: RulesError },
    /// A file that could not be read, kept aside under another name (`aside`).
    KeptAside {
        aside: PathBuf,
        because: Box<Problem>,
    },
    /// Not a problem but the name a game was saved under instead (no file dialog could open).
    SavedAs(String),
    /// The referee's saved tally or formation entry that does not replay (`path` empty: one
    /// offered on the first screen): its reason, in English; the Chinese window says only that
    /// it does not replay.
    Referee { path: PathBuf, why: String },
    /// More than one problem at once (files left by the referee).
    Several(Vec<Problem>),
    /// An outside engine stopped playing its seat.
    Engine(Box<EngineTrouble>),
    /// The program an engine command starts is neither on the `PATH` nor a file (its name as
    /// typed): refused at Start.
    CommandNotFound(String),
}

/// An outside engine that failed at its seat: the name the window gives it (from the command
/// the person typed, if that names a program), whose seat, why, and whether its side resigned
/// for it (else the game cannot go on: a flip game before the colours are decided has no colour
/// to resign). The command and the engine's own words (its `id name`, the line or error text in
/// `failure`) go to the engine log only (`log_line`), never on screen (`words`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineTrouble {
    pub name: Option<String>,
    /// The side it played, or before a flip game's colours its player number.
    pub who: Result<crate::engine::Seat, u8>,
    pub failure: crate::table::SeatFailure,
    pub resigned: bool,
    /// It failed before its first turn: the game is abandoned, with no result (not resigned).
    pub abandoned: bool,
    /// The command that started it.
    pub command: String,
    /// The name it gave itself in its handshake, if it did.
    pub id_name: Option<String>,
}

/// The engine log's file name in the program's data folder: what failed engines said.
pub const ENGINE_LOG: &str = "engines.log";

/// The most the engine log grows before it starts again (the entries before kept once, as
/// `engines.log.old`).
pub const ENGINE_LOG_LIMIT: u64 = 256 * 1024;

impl EngineTrouble {
    /// Its seat, in English (the record's and the log's language).
    pub fn chair(&self) -> String {
        match self.who {
            Ok(side) => side.en().to_string(),
            Err(p) => format!("player {p}"),
        }
    }

    /// The engine log's entry for it (UTC time, seat, command, the engine's name for itself and
    /// the whole reason, with whatever the engine wrote).
    pub fn log_line(&self, now: std::time::SystemTime) -> String {
        format!(
            "{} {}: engine `{}` (id name {:?}): {}",
            super::records::date_text(now),
            self.chair(),
            self.command,
            self.id_name.as_deref().unwrap_or(""),
            self.failure
        )
    }

    /// The whole sentence in `lang`: the engine, its seat, why, and what became of the game,
    /// in the program's words only (`Lang::seat_failure`).
    pub fn words(&self, lang: Lang) -> String {
        use crate::i18n::{self, fill};
        let who = match self.who {
            Ok(side) => lang.side(side).to_string(),
            Err(p) => fill(lang.t(&i18n::SEAT_PLAYER), &[("n", &p.to_string())]),
        };
        let name = self
            .name
            .clone()
            .unwrap_or_else(|| lang.t(&i18n::ENGINE).to_string());
        let template = if self.abandoned {
            &i18n::ENGINE_FAILED_ABANDONED
        } else if self.resigned {
            &i18n::ENGINE_FAILED
        } else {
            &i18n::ENGINE_FAILED_STUCK
        };
        fill(
            lang.t(template),
            &[
                ("name", &name),
                ("who", &who),
                ("why", &self.failure.in_lang(lang)),
            ],
        )
    }
}

impl Problem {
    /// The problem in the player's language.
    pub fn words(&self, lang: Lang) -> String {
        let path_of = |p: &PathBuf| p.display().to_string();
        // "<file>: <why>", with the colon of the language.
        let at = |p: &PathBuf, why: String| match lang {
            Lang::En => format!("{}: {why}", p.display()),
            Lang::Zh => format!("{}：{why}", p.display()),
        };
        match (self, lang) {
            (Problem::File(e), _) => lang.file_error(e),
            (Problem::Record { path, error }, _) if path.as_os_str().is_empty() => {
                lang.record_error(error)
            }
            (Problem::Record { path, error }, _) => at(path, lang.record_error(error)),
            (Problem::Start(e), _) => lang.start_error(e),
            (Problem::Action(e), _) => lang.action_error(e),
            (Problem::Rules { path, error }, _) => at(path, lang.rules_error(error)),
            (Problem::KeptAside { aside, because }, _) => {
                format!("{} ({})", path_of(aside), because.words(lang))
            }
            (Problem::SavedAs(name), _) => name.clone(),
            (Problem::Engine(t), _) => t.words(lang),
            (Problem::CommandNotFound(name), _) => {
                crate::i18n::fill(lang.t(&crate::i18n::ENGINE_NOT_FOUND), &[("name", name)])
            }
            (Problem::Several(all), _) => all
                .iter()
                .map(|p| p.words(lang))
                .collect::<Vec<_>>()
                .join(if lang == Lang::Zh { "；" } else { "; " }),
            (_, Lang::En) => self.to_string(),
            (
                Problem::Syntax {
                    path, line, col, ..
                },
                Lang::Zh,
            ) => at(path, format!("第 {line} 行第 {col} 列：格式不对")),
            (Problem::Version { path, found, reads }, Lang::Zh) => at(
                path,
                format!("不支持版本 {found}（本程序读取版本 {reads}）"),
            ),
            (Problem::Referee { path, .. }, Lang::Zh) if path.as_os_str().is_empty() => {
                "裁判保存的记录无法还原".into()
            }
            (Problem::Referee { path, .. }, Lang::Zh) => at(path, "裁判保存的记录无法还原".into()),
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::File(e) => e.fmt(f),
            Problem::Record { path, error } if path.as_os_str().is_empty() => error.fmt(f),
            Problem::Record { path, error } => write!(f, "{}: {error}", path.display()),
            Problem::Start(e) => e.fmt(f),
            Problem::Action(e) => e.fmt(f),
            Problem::Syntax {
                path,
                line,
                col,
                message,
            } => write!(
                f,
                "{}: line {line}, column {col}: {message}",
                path.display()
            ),
            Problem::Version { path, found, reads } => write!(
                f,
                "{}: version {found} is not supported (this program reads version {reads})",
                path.display()
            ),
            Problem::Rules { path, error } => write!(f, "{}: {error}", path.display()),
            Problem::KeptAside { aside, because } => write!(f, "{} ({because})", aside.display()),
            Problem::SavedAs(name) => f.write_str(name),
            Problem::Referee { path, why } if path.as_os_str().is_empty() => f.write_str(why),
            Problem::Referee { path, why } => write!(f, "{}: {why}", path.display()),
            Problem::Several(all) => {
                let words: Vec<String> = all.iter().map(Problem::to_string).collect();
                f.write_str(&words.join("; "))
            }
            Problem::Engine(t) => f.write_str(&t.words(Lang::En)),
            Problem::CommandNotFound(_) => f.write_str(&self.words(Lang::En)),
        }
    }
}
impl std::error::Error for Problem {}

impl From<FileError> for Problem {
    fn from(e: FileError) -> Problem {
        Problem::File(e)
    }
}

impl From<LoadError> for Problem {
    fn from(e: LoadError) -> Problem {
        match e {
            LoadError::File(e) => Problem::File(e),
            LoadError::Record { path, error } => Problem::Record { path, error },
        }
    }
}

impl From<StartError> for Problem {
    fn from(e: StartError) -> Problem {
        Problem::Start(e)
    }
}

impl From<ActionError> for Problem {
    fn from(e: ActionError) -> Problem {
        Problem::Action(e)
    }
}

/// A warning the window shows above the screen until it is dismissed: what happened (a template
/// whose `{e}` is the problem's words and `{n}` the count of unsaved turns) and, when there is
/// one, why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Warning {
    pub what: crate::i18n::Text,
    pub why: Option<Problem>,
}

impl Warning {
    pub fn new(what: crate::i18n::Text, why: impl Into<Problem>) -> Warning {
        Warning {
            what,
            why: Some(why.into()),
        }
    }

    /// A warning with no reason beyond its text.
    pub fn plain(what: crate::i18n::Text) -> Warning {
        Warning { what, why: None }
    }

    /// The reason in `lang` (empty when there is none).
    pub fn detail(&self, lang: Lang) -> String {
        self.why
            .as_ref()
            .map_or_else(String::new, |p| p.words(lang))
    }
}
