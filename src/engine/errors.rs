//! Why a game refuses: an action (`Game::act`), a start (`Game::new`), a guess tag
//! (`Game::set_tag`). `Display` gives the English; `i18n` words them in Chinese.

use super::formation::FormationFileError;
use super::movegen::IllegalTurn;
use super::piece::Seat;
use super::position::NotationError;

/// Why a tag is refused (`Game::set_tag`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TagError {
    /// A text longer than `MAX_TAG_CHARS`.
    TooLong,
    /// No enemy piece on this square.
    NoEnemyPiece(String),
}

impl std::fmt::Display for TagError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TagError::TooLong => write!(f, "a tag has at most {MAX_TAG_CHARS} characters"),
            TagError::NoEnemyPiece(square) => write!(f, "no enemy piece on {square} to tag"),
        }
    }
}
impl std::error::Error for TagError {}

/// Longest tag text, in characters.
pub const MAX_TAG_CHARS: usize = 8;

/// Why `Game::act` refuses an action. `Display` gives the English (the command line prints it);
/// the window words it in either language (`i18n`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ActionError {
    /// The game has ended: no action is taken any more.
    GameOver,
    /// A turn that is not notation.
    Notation(NotationError),
    /// A turn the rules do not allow.
    Illegal(IllegalTurn),
    /// A refused attack recorded for a turn that is legal (the referee would not refuse it).
    NotRefusable(String),
    /// A draw offer while one is open.
    DrawOfferOpen,
    /// An answer from a side that has no offer to answer (none open, its own, or already
    /// accepted by it).
    NoDrawOffer(Seat),
    /// Four players: an action of a player who is out (or of a seat the board does not have).
    NotInGame(Seat),
    /// A timeout in a game without a move clock.
    NoMoveClock,
    /// A timeout for the side that is not to move.
    NotToMove(Seat),
    /// A takeback of more turns than stand (or of none).
    TakebackTooLong {
        by: Seat,
        turns: u32,
        standing: usize,
    },
    /// A takeback without the disclosure gate's grant.
    NoTakebackGrant,
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::GameOver => f.write_str("the game is already over"),
            ActionError::Notation(e) => e.fmt(f),
            ActionError::Illegal(e) => e.fmt(f),
            ActionError::NotRefusable(t) => {
                write!(f, "{t} is legal: the referee would not refuse it")
            }
            ActionError::DrawOfferOpen => f.write_str("a draw offer is already open"),
            ActionError::NoDrawOffer(s) => write!(f, "{s} has no draw offer to answer"),
            ActionError::NotInGame(s) => write!(f, "{s} is not in the game"),
            ActionError::NoMoveClock => f.write_str("there is no move clock in this game"),
            ActionError::NotToMove(s) => write!(f, "{s} is not to move, so cannot time out"),
            ActionError::TakebackTooLong {
                by,
                turns,
                standing,
            } => write!(f, "{by} cannot take back {turns} turns: {standing} stand"),
            ActionError::NoTakebackGrant => f.write_str("a takeback needs the gate's grant"),
        }
    }
}
impl std::error::Error for ActionError {}

/// Why a game cannot start: bad rules, a start that does not fit the mode, a formation that is
/// not text of the file form or breaks a deployment rule, or a position the rules do not allow.
/// `Display` gives the English (the command line prints it).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StartError {
    /// The house rules do not fit together (`Rules::validate`).
    Rules(super::rules::RulesError),
    /// Formations given for a flip game, which starts from a deal.
    FormationsInFlip,
    /// A deal given outside flip mode.
    DealOutsideFlip,
    /// A formation's lines that are not the file form.
    FormationText {
        side: Seat,
        error: FormationFileError,
    },
    /// A formation that breaks a deployment rule (the first one found).
    Formation {
        side: Seat,
        problem: super::formation::FormationProblem,
    },
    /// A start position that is not notation.
    Notation(NotationError),
    /// A start position the rules do not allow.
    Setup(super::position::SetupError),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Rules(e) => write!(f, "{e}"),
            StartError::FormationsInFlip => {
                f.write_str("a flip game starts from a deal, not formations")
            }
            StartError::DealOutsideFlip => f.write_str("a deal is only for flip mode"),
            StartError::FormationText { side, error } => {
                write!(f, "{} formation: {error}", side.en().to_lowercase())
            }
            StartError::Formation { side, problem } => write!(f, "{side} formation: {problem}"),
            StartError::Notation(e) => e.fmt(f),
            StartError::Setup(e) => e.fmt(f),
        }
    }
}
impl std::error::Error for StartError {}
