//! `junqi engine`: the built-in computer as an engine process, speaking the junqi engine protocol
//! (docs/engine-protocol.md) on standard input and output.
//! The answering itself is `table::answerer`.

use super::{CliError, CliResult};
use crate::ai::Level;
use crate::protocol::EngineMsg;
use crate::table::answerer::Engine;

/// `junqi engine`'s options.
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Reads the host's lines on standard input and answers on standard output \
(docs/engine-protocol.md). Ends at `quit` or at the end of its input. With --protocol ccgc it \
speaks the CCGC 2012 protocol instead (docs/ccgc.md) and ends at END, at the end of its input or \
at a line starting below 'A'."
)]
pub struct EngineArgs {
    /// How hard the computer thinks
    #[arg(long, value_name = "LEVEL", default_value = "normal", value_parser = ["easy", "normal", "hard"])]
    level: String,
    /// Search this many nodes per turn instead of the level's time (the same inputs give the
    /// same turns)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    nodes: Option<u64>,
    /// Search on this many threads (1 to 64): the sampled deals at once in hidden and flip mode,
    /// one position on every thread in open mode, all over one shared table. With --nodes the
    /// turns repeat for the same inputs on one thread only
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
    /// The transposition table's size in MiB (1 to 1024; default 4), one table shared by all
    /// the threads
    #[arg(long, value_name = "MB", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=1024))]
    hash: u16,
    /// Play as one of the simple players instead (`random`, `greedy`): for testing and
    /// measuring hosts
    #[arg(long, value_name = "SPEC", value_parser = ["random", "greedy"])]
    player: Option<String>,
    /// The protocol spoken: junqi (docs/engine-protocol.md) or ccgc, the CCGC 2012 军棋
    /// platform's (docs/ccgc.md)
    #[arg(long, value_name = "PROTOCOL", default_value = "junqi", value_parser = ["junqi", "ccgc"])]
    protocol: String,
}

/// Run the engine on standard input and output until `quit` or the end of the input.
pub fn cmd_engine(args: &EngineArgs) -> CliResult {
    let level = Level::parse(&args.level).ok_or_else(|| CliError("bad level".into()))?;
    if args.protocol == "ccgc" {
        return super::engine_ccgc::cmd_engine_ccgc(
            level,
            args.nodes,
            args.threads.into(),
            args.hash.into(),
        );
    }
    let simple = (args.player.as_deref())
        .map(crate::ai::PlayerSpec::parse)
        .transpose()
        .map_err(|e| CliError(format!("--player: {e}")))?;
    let mut engine =
        Engine::new(level, args.nodes, simple).with_threads(args.threads.into(), args.hash.into());
    super::lines::serve_lines(|line| match line {
        Some(line) => {
            let (answers, stop) = engine.answer(line);
            (answers.iter().map(EngineMsg::line).collect(), stop)
        }
        None => (vec![EngineMsg::Error("line too long".into()).line()], false),
    })
}
