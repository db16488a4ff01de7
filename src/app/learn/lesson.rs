//! A lesson as data: its file format (`lessons/*.ron`, embedded in the program), read and
//! checked into a `Lesson` whose position, squares and turns the engine has accepted.

use crate::engine::{Game, Mode, NodeId, Rules, Start, StartError, Turn};
use crate::i18n::Lang;
use serde::Deserialize;

/// The version of the lesson format this program reads.
pub const LESSON_VERSION: u32 = 1;

/// The lesson files, in the order they are taught.
const FILES: &[(&str, &str)] = &[
    (
        "01-roads.ron",
        include_str!("../../../lessons/01-roads.ron"),
    ),
    (
        "02-rails.ron",
        include_str!("../../../lessons/02-rails.ron"),
    ),
    (
        "03-engineers.ron",
        include_str!("../../../lessons/03-engineers.ron"),
    ),
    (
        "04-camps.ron",
        include_str!("../../../lessons/04-camps.ron"),
    ),
    (
        "05-headquarters.ron",
        include_str!("../../../lessons/05-headquarters.ron"),
    ),
    (
        "06-ranks.ron",
        include_str!("../../../lessons/06-ranks.ron"),
    ),
    (
        "07-bombs.ron",
        include_str!("../../../lessons/07-bombs.ron"),
    ),
    (
        "08-mines.ron",
        include_str!("../../../lessons/08-mines.ron"),
    ),
    ("09-flag.ron", include_str!("../../../lessons/09-flag.ron")),
    (
        "10-hidden.ron",
        include_str!("../../../lessons/10-hidden.ron"),
    ),
    ("11-flip.ron", include_str!("../../../lessons/11-flip.ron")),
    ("12-four.ron", include_str!("../../../lessons/12-four.ron")),
];

/// Every lesson, read once: a file that does not read is kept as its error (the list says so
/// and the other lessons stay usable).
pub fn all() -> &'static [Result<Lesson, LessonError>] {
    static LESSONS: std::sync::OnceLock<Vec<Result<Lesson, LessonError>>> =
        std::sync::OnceLock::new();
    LESSONS.get_or_init(|| FILES.iter().map(|(_, text)| Lesson::parse(text)).collect())
}

/// The names of the lesson files, in order (for messages and tests).
pub fn file_names() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(name, _)| *name)
}

/// A text in both languages, as the lesson files give it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Words {
    pub zh: String,
    pub en: String,
}

impl Words {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

/// The game mode a lesson is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
pub enum LessonMode {
    #[default]
    Open,
    Hidden,
    Flip,
}

/// A lesson file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    version: u32,
    id: String,
    title: Words,
    text: Words,
    #[serde(default)]
    mode: LessonMode,
    position: String,
    steps: Vec<StepFile>,
    done: Words,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepFile {
    task: Words,
    goal: GoalFile,
    answer: String,
    hint: Vec<String>,
    miss: Words,
    #[serde(default)]
    wrong: Vec<WrongFile>,
    #[serde(default)]
    reply: Vec<String>,
}

#[derive(Deserialize)]
enum GoalFile {
    Turns(Vec<String>),
    Reach(String),
    Take(String),
    Win,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrongFile {
    turn: String,
    #[serde(default)]
    why: Option<Words>,
}

/// What a step asks for; a turn the engine allows is checked against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One of these turns.
    Turns(Vec<Turn>),
    /// One of the player's pieces stands on this square after the turn.
    Reach(NodeId),
    /// No enemy piece stands on this square after the turn.
    Take(NodeId),
    /// The turn wins the game for the player's side.
    Win,
}

/// A try the lesson states as wrong: refused by the engine (`why` none, the engine's reason is
/// shown) or allowed but missing the goal (`why`: the lesson's explanation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrong {
    pub turn: Turn,
    pub why: Option<Words>,
}

/// One turn of the player's, with the scripted replies of the other seats after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub task: Words,
    pub goal: Goal,
    /// The stated answer (tests play it).
    pub answer: Turn,
    /// The squares the hint frames.
    pub hint: Vec<NodeId>,
    /// Said for an allowed turn that misses the goal and is not among `wrong`.
    pub miss: Words,
    pub wrong: Vec<Wrong>,
    pub reply: Vec<Turn>,
}

/// A lesson, checked: its position is legal under its mode's rules and every square and turn it
/// names exists on its board.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub id: String,
    pub title: Words,
    pub text: Words,
    pub mode: LessonMode,
    pub position: String,
    pub steps: Vec<Step>,
    pub done: Words,
}

/// Why a lesson file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonError {
    /// Not the format: the parser's own words.
    Syntax(String),
    Version(u32),
    /// No steps, or an empty id.
    Empty,
    /// The position is not a legal start.
    Position(StartError),
    /// A square or turn that is not on the board.
    Notation(String),
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LessonError::Syntax(m) => write!(f, "not a lesson file: {m}"),
            LessonError::Version(v) => write!(
                f,
                "lesson format version {v} (this program reads version {LESSON_VERSION})"
            ),
            LessonError::Empty => write!(f, "the lesson has no id or no steps"),
            LessonError::Position(e) => write!(f, "position: {e}"),
            LessonError::Notation(m) => write!(f, "{m}"),
        }
    }
}
impl std::error::Error for LessonError {}

impl Lesson {
    /// Read and check a lesson file's text.
    pub fn parse(text: &str) -> Result<Lesson, LessonError> {
        let file: LessonFile =
            ron::from_str(text).map_err(|e| LessonError::Syntax(e.to_string()))?;
        if file.version != LESSON_VERSION {
            return Err(LessonError::Version(file.version));
        }
        if file.id.is_empty() || file.steps.is_empty() {
            return Err(LessonError::Empty);
        }
        let game = new_game(file.mode, &file.position).map_err(LessonError::Position)?;
        let board = game.board();
        let square = |s: &str| {
            board
                .node_by_name(s)
                .ok_or_else(|| LessonError::Notation(format!("'{s}' is not a square")))
        };
        let turn = |s: &str| Turn::parse(s, board).map_err(|e| LessonError::Notation(e.0));
        let turns = |v: &[String]| v.iter().map(|t| turn(t)).collect::<Result<Vec<_>, _>>();
        let mut steps = Vec::new();
        for s in file.steps {
            let goal = match &s.goal {
                GoalFile::Turns(v) => Goal::Turns(turns(v)?),
                GoalFile::Reach(sq) => Goal::Reach(square(sq)?),
                GoalFile::Take(sq) => Goal::Take(square(sq)?),
                GoalFile::Win => Goal::Win,
            };
            let wrong = s
                .wrong
                .into_iter()
                .map(|w| {
                    Ok(Wrong {
                        turn: turn(&w.turn)?,
                        why: w.why,
                    })
                })
                .collect::<Result<Vec<_>, LessonError>>()?;
            steps.push(Step {
                task: s.task,
                goal,
                answer: turn(&s.answer)?,
                hint: s.hint.iter().map(|h| square(h)).collect::<Result<_, _>>()?,
                miss: s.miss,
                wrong,
                reply: turns(&s.reply)?,
            });
        }
        Ok(Lesson {
            id: file.id,
            title: file.title,
            text: file.text,
            mode: file.mode,
            position: file.position,
            steps,
            done: file.done,
        })
    }

    /// The lesson's game at its start.
    pub fn game(&self) -> Result<Game, StartError> {
        new_game(self.mode, &self.position)
    }

    /// Every text of the lesson, in both languages (the font test reads them).
    pub fn texts(&self) -> Vec<&Words> {
        let mut v = vec![&self.title, &self.text, &self.done];
        for s in &self.steps {
            v.extend([&s.task, &s.miss]);
            v.extend(s.wrong.iter().filter_map(|w| w.why.as_ref()));
        }
        v
    }
}

fn new_game(mode: LessonMode, position: &str) -> Result<Game, StartError> {
    let rules = Rules::for_mode(match mode {
        LessonMode::Open => Mode::Open,
        LessonMode::Hidden => Mode::Hidden,
        LessonMode::Flip => Mode::Flip,
    });
    Game::new(rules, Start::Position(position.to_string()))
}
