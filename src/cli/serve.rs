//! `junqi serve`: the neutral host of network games (docs/network.md).

use super::arena::whole;
use super::{CliError, CliResult};
use crate::net::host::{Bounds, ServeOptions, Server};
use std::path::PathBuf;

/// `junqi serve`'s options.
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Holds rooms for players who each connect from their own machine with \
`junqi connect` (docs/network.md). It plays no seat and nobody at a screen holds the game: it \
referees every room's game and sends each player only their seat's view and the public reports. \
Connections are encrypted and authenticated (the Noise protocol); a player needs the room's \
invite to join. Logs to standard error; runs until it is stopped."
)]
pub struct ServeArgs {
    /// The address and port to listen on (e.g. 0.0.0.0:7474; port 0 picks a free one, named in
    /// the log)
    #[arg(long, value_name = "ADDR:PORT")]
    listen: String,
    /// The folder the host keeps its state in: its key (so that invites outlive a restart) and
    /// every room's game, saved after every turn and taken up again when the host starts.
    /// Without it, the host makes a new key every time it starts and keeps nothing
    #[arg(long, value_name = "DIR")]
    state: Option<PathBuf>,
    /// How long a room whose game has not started stays open once nobody is in it, in hours
    /// (1 to 8760): then it is closed, its file removed, and its invite leads nowhere
    #[arg(long, value_name = "H", default_value_t = 24, value_parser = whole::<1, 8760>)]
    waiting_hours: usize,
    /// How long a connection may stay silent before the host drops it, in seconds (20 to
    /// 3600; players ping every 15 s, so only a player whose program stopped — a laptop
    /// asleep — is silent this long): its seat waits for its rejoin
    #[arg(long, value_name = "S", default_value_t = 60, value_parser = whole::<20, 3600>)]
    idle_seconds: usize,
}

/// Listen and serve until stopped.
pub fn cmd_serve(args: &ServeArgs) -> CliResult {
    let server = Server::bind(
        &args.listen,
        ServeOptions {
            state: args.state.clone(),
            bounds: Bounds {
                waiting_life: std::time::Duration::from_secs(args.waiting_hours as u64 * 3600),
                idle: std::time::Duration::from_secs(args.idle_seconds as u64),
                ..Bounds::default()
            },
            ..ServeOptions::default()
        },
    )
    .map_err(CliError)?;
    server.resume_rooms();
    server.run();
    Ok(String::new())
}
