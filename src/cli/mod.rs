//! The headless commands of NOTATION.md (`moves`, `perft`, `apply`) and the tools built on the
//! engine (`arena`, `game show`, `layout check`). Every bad input: one line on stderr, exit 2.

use crate::engine::{Mode, Position, Rules, Turn, perft};
use std::io::Write;

pub mod arena;
pub mod game_show;
pub mod layout;

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

/// A change to the rules made by one command-line flag, applied after the mode's defaults.
type RulesEdit = Box<dyn Fn(&mut Rules)>;

/// Split arguments into rules flags and positional arguments.
pub fn parse_rules(args: &[String]) -> Result<(Rules, Vec<String>), CliError> {
    let mut mode: Option<Mode> = None;
    let mut file: Option<String> = None;
    let mut edits: Vec<RulesEdit> = Vec::new();
    let mut rest = Vec::new();
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String, CliError> {
        *i += 1;
        args.get(*i)
            .cloned()
            .ok_or_else(|| CliError(format!("{flag} needs a value")))
    };
    let number = |s: &str, flag: &str| -> Result<u32, CliError> {
        s.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
            CliError(format!(
                "{flag} needs a whole number of at least 1, not '{s}'"
            ))
        })
    };
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "--mode" => {
                let v = value(&mut i, a)?;
                mode = Some(Mode::parse(&v).ok_or_else(|| {
                    CliError(format!("--mode must be open, hidden or flip, not '{v}'"))
                })?);
            }
            "--mines" => {
                let v = value(&mut i, a)?;
                let m = crate::engine::MineRule::parse(&v).ok_or_else(|| {
                    CliError(format!(
                        "--mines must be standard, spring or bomb, not '{v}'"
                    ))
                })?;
                edits.push(Box::new(move |r| r.mines = m));
            }
            "--flag-takers" => {
                let v = value(&mut i, a)?;
                let t = crate::engine::FlagTakers::parse(&v).ok_or_else(|| {
                    CliError(format!(
                        "--flag-takers must be any, engineer or smallest, not '{v}'"
                    ))
                })?;
                edits.push(Box::new(move |r| r.flag_takers = t));
            }
            "--flying-bombs" => edits.push(Box::new(|r| r.flying_bombs = true)),
            "--movable-hq" => edits.push(Box::new(|r| r.movable_hq = true)),
            "--bombs-in-front-row" => edits.push(Box::new(|r| r.bombs_in_front_row = true)),
            "--no-flag-reveal" => edits.push(Box::new(|r| r.flag_reveal_on_marshal_loss = false)),
            "--engineer-scout" => edits.push(Box::new(|r| r.engineer_scout = true)),
            "--flag-needs-mines-cleared" => {
                edits.push(Box::new(|r| r.flag_needs_mines_cleared = true))
            }
            "--rail-turn-for-all" => edits.push(Box::new(|r| r.rail_turn_for_all = true)),
            "--first-engineer-decides" => edits.push(Box::new(|r| r.first_engineer_decides = true)),
            "--quiet-limit" => {
                let n = number(&value(&mut i, a)?, a)?;
                edits.push(Box::new(move |r| r.quiet_limit = n));
            }
            "--turn-limit" => {
                let n = number(&value(&mut i, a)?, a)?;
                edits.push(Box::new(move |r| r.turn_limit = n));
            }
            "--rules" => file = Some(value(&mut i, a)?),
            _ if a.starts_with("--") => return err(format!("unknown flag '{a}'")),
            _ => rest.push(args[i].clone()),
        }
        i += 1;
    }
    let mut rules = match file {
        Some(f) => {
            let text = read_small(&f, 64 * 1024)?;
            ron::from_str::<Rules>(&text).map_err(|e| {
                CliError(format!(
                    "{f}: line {}, column {}: {}",
                    e.span.start.line, e.span.start.col, e.code
                ))
            })?
        }
        None => Rules::for_mode(mode.unwrap_or_default()),
    };
    if let Some(m) = mode {
        rules.mode = m;
    }
    for e in edits {
        e(&mut rules);
    }
    rules.validate().map_err(CliError)?;
    Ok((rules, rest))
}

/// Read a file of at most `limit` bytes as UTF-8, with messages naming the file.
pub fn read_small(path: &str, limit: u64) -> Result<String, CliError> {
    use std::io::Read;
    let f = std::fs::File::open(path).map_err(|e| CliError(format!("{path}: {e}")))?;
    let mut buf = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut buf)
        .map_err(|e| CliError(format!("{path}: {e}")))?;
    if buf.len() as u64 > limit {
        return err(format!("{path}: file is larger than {limit} bytes"));
    }
    String::from_utf8(buf).map_err(|e| {
        CliError(format!(
            "{path}: not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn position_arg(rules: &Rules, rest: &[String], what: &str) -> Result<Position, CliError> {
    let Some(text) = rest.first() else {
        return err(format!("{what} needs a position"));
    };
    Position::from_notation(text, rules).map_err(|e| CliError(format!("bad position: {e}")))
}

pub fn cmd_moves(args: &[String]) -> CliResult {
    let (rules, rest) = parse_rules(args)?;
    if rest.len() != 1 {
        return err("usage: junqi moves [RULES] '<position>'");
    }
    let pos = position_arg(&rules, &rest, "moves")?;
    let mut turns: Vec<String> = pos
        .legal_turns(&rules)
        .into_iter()
        .map(|t| t.notation(pos.board()))
        .collect();
    turns.sort();
    Ok(turns.iter().map(|t| format!("{t}\n")).collect())
}

pub fn cmd_perft(args: &[String]) -> CliResult {
    let (rules, rest) = parse_rules(args)?;
    if rest.len() != 2 {
        return err("usage: junqi perft [RULES] '<position>' <depth>");
    }
    let pos = position_arg(&rules, &rest, "perft")?;
    let depth: u32 = rest[1].parse().ok().filter(|d| *d <= 12).ok_or_else(|| {
        CliError(format!(
            "depth must be a whole number 0 to 12, not '{}'",
            rest[1]
        ))
    })?;
    Ok(format!("{}\n", perft(&pos, &rules, depth)))
}

pub fn cmd_apply(args: &[String]) -> CliResult {
    let (rules, rest) = parse_rules(args)?;
    if rest.is_empty() {
        return err("usage: junqi apply [RULES] '<position>' <turn>...");
    }
    let mut pos = position_arg(&rules, &rest, "apply")?;
    for (i, t) in rest[1..].iter().enumerate() {
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

const USAGE: &str = "usage: junqi [moves|perft|apply|arena|game show|layout check] …  (no command opens the window)";

/// Run a headless command; `None` if `args` names none (the window opens instead).
pub fn run(args: &[String]) -> Option<i32> {
    let cmd = args.first()?.as_str();
    let rest = &args[1..];
    let result = match cmd {
        "moves" => cmd_moves(rest),
        "perft" => cmd_perft(rest),
        "apply" => cmd_apply(rest),
        "arena" => arena::cmd_arena(rest),
        "game" => game_show::cmd_game(rest),
        "layout" => return Some(layout::run_layout(rest)),
        "help" | "--help" | "-h" => Ok(format!("{USAGE}\n")),
        _ => Err(CliError(format!("unknown command '{cmd}'; {USAGE}"))),
    };
    Some(match result {
        Ok(out) => {
            let mut so = std::io::stdout().lock();
            let _ = so.write_all(out.as_bytes());
            0
        }
        Err(CliError(m)) => {
            eprintln!("junqi: {m}");
            2
        }
    })
}
