//! `junqi connect`: play one seat of a network game headless (docs/network.md): create a room
//! on a host and print its invite, or join one with an invite; the seat is played by any local
//! seat (`--as SPEC`). When the game ends it prints the audit's verdict and `result: …`.

use super::{CliError, CliResult, RuleFlags};
use crate::net::Invite;
use crate::net::client::{Client, ClientError, Rematched, Request};
use crate::net::join_code::JoinCode;
use crate::net::kept_seat::SeatLock;
use crate::net::known_hosts::KnownHosts;
use crate::net::wire::{Msg, PRESETS};
use crate::table::SeatSpec;
use crate::table::process::EngineProcess;
use std::io::Write;
use std::time::{Duration, Instant};

/// `junqi connect`'s options.
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "With --create, TARGET is the host's ADDR:PORT: a room is made with the \
rules given (--players, --mode, the house rules), its invite is printed on one line on standard \
output, and this program takes the first seat (or --seat N); the key the host presents the first time is kept for ADDR:PORT (--known-hosts), and a room is never made on a host presenting another key later (unless --accept-new-host-key). Without it, TARGET is an invite \
(junqi://ADDR:PORT/ROOM-SECRET/HOSTKEY) and this program takes the first free seat (or seat N, \
refused if it is taken), or the host's address and the room's short code, 'ADDR:PORT \
K7M2-QX8D-3FZ9-WQ4R' (the host's key is then asked of the host: the first key seen for ADDR:PORT \
is kept, and a later join or room at that address on a host presenting another key is refused), \
or a junqi://join/ link holding either. Seats count from 1 in the board's order: two players 1 Red, 2 Blue \
(flip mode: the first and the second player); four players 1 South, 2 East, 3 North, 4 West. \
The seat is played \
by SPEC: random, greedy, ai:easy, ai:normal, ai:hard (ai:LEVEL:nodes=N) or engine:CMD (an outside \
engine, docs/engine-protocol.md). If the connection breaks, it rejoins its seat for --retry \
seconds. The seat taken is kept (with its token, readable by the user only) in connect-seats in \
the data folder until the game ends: started again with the same invite after it ended mid-game \
(even killed), it takes the seat back. When the game ends it prints the audit of the host (`audit: honest: …`, `audit: the \
host lied: …` or `audit: not checked: …`; docs/network.md) and then, as the last line on standard \
output, `result: …`; with --rematch N it then asks for another game in the same room (every player \
must agree; the seats move one chair round, two players swap sides), up to N more, each game \
ending with its own audit and result. A bad invite, an unreachable host or \
a refused code exits with status 2 and a message on standard error."
)]
pub struct ConnectArgs {
    /// ADDR:PORT of a host (with --create), or an invite, 'ADDR:PORT CODE' or a junqi://join/ link
    #[arg(value_name = "TARGET")]
    target: String,
    /// Make a new room on the host at TARGET
    #[arg(long)]
    create: bool,
    /// Players of the new room: 2 or 4 (four players: open or hidden mode)
    #[arg(long, value_name = "P", default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4), requires = "create")]
    players: u8,
    /// Who plays the seat: random, greedy, ai:LEVEL, engine:CMD
    #[arg(long = "as", value_name = "SPEC")]
    seat: String,
    /// The seat to take, 1 to P (see below); default: the first free one
    #[arg(long = "seat", value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4))]
    take: Option<u8>,
    /// The name the other players see
    #[arg(long, value_name = "NAME", default_value = "player")]
    name: String,
    /// With --create: the host's key (52 characters) to check it against (it is then kept as
    /// the host's known key)
    #[arg(long, value_name = "KEY", requires = "create")]
    host_key: Option<String>,
    /// Take the key the host presents even if it is not the one kept for its address (a host
    /// whose key was changed on purpose; with --create or a short room code); it is kept from
    /// then on
    #[arg(long)]
    accept_new_host_key: bool,
    /// The file of known host keys (default: known-hosts in the data folder)
    #[arg(long, value_name = "FILE")]
    known_hosts: Option<std::path::PathBuf>,
    /// How long to try to rejoin after the connection breaks (seconds)
    #[arg(long, value_name = "SECONDS", default_value_t = 120)]
    retry: u64,
    /// After each game, ask for (and agree to) another in the same room, up to N more games,
    /// the seats moved one chair round each time; 0: leave at the end (a rematch another player
    /// asks for is then off)
    #[arg(long, value_name = "N", default_value_t = 0)]
    rematch: u32,
    #[command(flatten)]
    rules: RuleFlags,
}

/// A local seat answering the host's lines.
type Answerer = Box<dyn FnMut(&str) -> (Vec<String>, bool)>;

/// The answerer of `spec`: a built-in player as `junqi engine` serves it, or lines relayed to an
/// engine process.
fn answerer(spec: &SeatSpec) -> Result<Answerer, CliError> {
    match spec {
        SeatSpec::Builtin(s) => Ok(Box::new(crate::table::answerer::builtin_answerer(s))),
        SeatSpec::Engine(cmd) => {
            let mut p = EngineProcess::start(cmd).map_err(|e| CliError(format!("engine: {e}")))?;
            let mut viewer = String::new();
            Ok(Box::new(move |line: &str| relay(&mut p, line, &mut viewer)))
        }
        SeatSpec::Ccgc(_) => Err(CliError(
            "a network seat speaks the junqi engine protocol: engine:CMD, not ccgc:CMD".into(),
        )),
    }
}

/// Send `line` to the engine and, for a question, read its lines up to the answer. `viewer` is
/// the seat's side as the last `view` named it: a `timeout` of that side is a question.
fn relay(p: &mut EngineProcess, line: &str, viewer: &mut String) -> (Vec<String>, bool) {
    p.send(line);
    if let Some(rest) = line.strip_prefix("view ") {
        *viewer = rest.split(' ').next().unwrap_or("").to_string();
    }
    let own_timeout = line
        .strip_prefix("timeout ")
        .is_some_and(|rest| rest.split(' ').next() == Some(viewer.as_str()));
    // The first word of each answer the protocol allows (`junqiok 1`; `turn …`, `resign`,
    // `draw offer`, `takeback ask`; `draw accept|decline`; `takeback accept|decline`; …).
    let (answers, time): (&[&str], Duration) = if line.starts_with("junqi ") {
        (&["junqiok"], Duration::from_secs(10))
    } else if line == "go" || line.starts_with("go ") {
        (
            &["turn", "resign", "draw", "takeback"],
            Duration::from_secs(3600),
        )
    } else if line.starts_with("draw offered") {
        (&["draw"], Duration::from_secs(10))
    } else if line.starts_with("takeback asked ") {
        (&["takeback"], Duration::from_secs(10))
    } else if line == "formation?" {
        (&["formation"], Duration::from_secs(10))
    } else if own_timeout {
        // Its late answer to the `go` that timed out, if it sends one, comes first.
        (&["timeout"], Duration::from_secs(10))
    } else {
        return (Vec::new(), line == "quit");
    };
    let deadline = Instant::now() + time;
    let mut out = Vec::new();
    for _ in 0..crate::table::engine_seat::MAX_LINES_PER_ANSWER {
        match p.line(deadline) {
            Ok(l) => {
                let first = l.split(' ').next().unwrap_or("").to_string();
                out.push(l);
                if answers.contains(&first.as_str()) || first == "error" {
                    return (out, false);
                }
            }
            Err(e) => {
                out.push(crate::protocol::EngineMsg::Error(format!("the engine {e}")).line());
                return (out, false);
            }
        }
    }
    (out, false)
}

fn refused(e: ClientError) -> CliError {
    CliError(format!("connect: {e}"))
}

/// What the seat hears that is not a line for it: the lobby and the chat, on standard error.
fn tell(m: &Msg) {
    match m {
        Msg::Lobby { names, started } => {
            eprintln!(
                "connect: seats: {}{}",
                names.join(", "),
                if *started { " (started)" } else { "" }
            );
        }
        Msg::Said { from, text } => eprintln!("connect: seat {} says: {text}", from + 1),
        Msg::SaidPreset { from, preset } => {
            eprintln!(
                "connect: seat {} says: {}",
                from + 1,
                PRESETS[usize::from(*preset)]
            );
        }
        _ => {}
    }
}

/// The known hosts a room is created with: `--known-hosts`, or the data folder's; none (with a
/// word on standard error) when there is no data folder.
fn known_hosts(args: &ConnectArgs) -> Option<KnownHosts> {
    let path = args.known_hosts.clone().or_else(|| {
        directories::ProjectDirs::from("", "", "junqi")
            .map(|d| d.data_dir().join(crate::net::known_hosts::FILE))
    });
    let Some(path) = path else {
        eprintln!("connect: no data folder: the host's key is not checked against a kept one");
        return None;
    };
    let known = KnownHosts::at(path);
    Some(if args.accept_new_host_key {
        known.accepting_new()
    } else {
        known
    })
}

/// What `junqi connect` asks of the host: a room made, or a seat in one joined (the invite read
/// from an invite, a short code — the host's key asked of it and kept on first use — or a link).
fn request_of(args: &ConnectArgs) -> Result<Request, CliError> {
    Ok(if args.create {
        if args.players == 3 {
            return Err(CliError("--players: 2 or 4".into()));
        }
        if let Some(n) = args.take.filter(|&n| n > args.players) {
            return Err(CliError(format!(
                "--seat: {n} is not a seat of {} players (1 to {})",
                args.players, args.players
            )));
        }
        let pin = match &args.host_key {
            Some(k) => Some(
                crate::net::invite::parse_key(k)
                    .map_err(|e| CliError(format!("--host-key: {e}")))?,
            ),
            None => None,
        };
        crate::net::invite::parse_addr(&args.target).map_err(|e| CliError(e.to_string()))?;
        Request::Create {
            addr: args.target.clone(),
            players: args.players,
            rules: args.rules.rules()?,
            name: args.name.clone(),
            pin,
            seat: args.take.map(|n| n - 1),
        }
    } else {
        let code = JoinCode::parse(&args.target).map_err(|e| CliError(e.to_string()))?;
        // A short code's host key is asked of the host and kept on first use.
        let known = match &code {
            JoinCode::Short(_) => known_hosts(args),
            JoinCode::Invite(_) => None,
        };
        let invite = crate::net::client::resolve(&code, known.as_ref()).map_err(refused)?;
        Request::Join {
            invite,
            name: args.name.clone(),
            seat: args.take.map(|n| n - 1),
        }
    })
}

pub fn cmd_connect(args: &ConnectArgs) -> CliResult {
    let spec = SeatSpec::parse(&args.seat).map_err(|e| CliError(format!("--as: {e}")))?;
    let request = request_of(args)?;
    // A seat this machine kept for the invite's room (a `junqi connect` ended mid-game, killed
    // even): taken back first, under the room's lock so that another `junqi connect` on this
    // machine in the same room keeps its own seat.
    let seats = seats_dir();
    let (mut lock, kept) = match (&request, &seats) {
        (Request::Join { invite, .. }, Some(dir)) => kept_seat(dir, invite),
        _ => (None, None),
    };
    let rejoined = kept.map(|r| rejoin(&r, args.retry, None));
    if let Some(Err(e)) = &rejoined
        && !e.rejoin_may_retry()
        && let (Some(dir), Request::Join { invite, .. }) = (&seats, &request)
    {
        // The host refused the kept token (the seat is gone, or the game): join as new.
        crate::net::kept_seat::forget(dir, invite.room);
    }
    let took_back = matches!(rejoined, Some(Ok(_)));
    let client = match (rejoined, known_hosts(args)) {
        (Some(Ok(c)), _) => Ok(c),
        (_, Some(known)) if args.create => Client::connect_known(&request, &known),
        _ => Client::connect(&request),
    }
    .map_err(refused)?;
    let seated = client.seated().clone();
    // Kept before the invite is printed: a `junqi connect` started with it on this machine
    // finds the room's lock held.
    if let Some(dir) = &seats {
        lock = lock.or_else(|| SeatLock::take(dir, seated.invite.room));
        if lock.is_some()
            && let Err(e) = crate::net::kept_seat::keep(dir, &seated)
        {
            eprintln!("connect: the seat is not kept for a rejoin: {e}");
        }
    }
    if args.create {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", seated.invite);
        let _ = out.flush();
        eprintln!(
            "connect: to read out: {} (the address and room code; the host's key is kept on \
             first use)",
            crate::net::join_code::ShortCode::of(&seated.invite)
        );
    }
    // Counted from 1, as `--seat` counts.
    eprintln!(
        "connect: seat {} of {}{}",
        seated.seat + 1,
        seated.players,
        if took_back { " (taken back)" } else { "" }
    );
    let audit = client.audit();
    let mut client = Some(client);
    let (mut seated, mut rematches) = (seated, args.rematch);
    loop {
        let c = match client.take() {
            Some(c) => c,
            None => {
                let back = Request::Rejoin {
                    invite: seated.invite.clone(),
                    seat: seated.seat,
                    token: seated.token.clone(),
                };
                rejoin(&back, args.retry, Some(audit.clone())).map_err(refused)?
            }
        };
        let mut answer = answerer(&spec)?;
        match c.play(&mut *answer, &mut tell) {
            Ok(status) => {
                if let (Some(dir), Some(_)) = (&seats, &lock) {
                    crate::net::kept_seat::forget(dir, seated.invite.room);
                }
                let end = format!("audit: {}\nresult: {}\n", c.verdict(), status.word());
                if rematches == 0 {
                    return Ok(end);
                }
                print!("{end}");
                let _ = std::io::stdout().flush();
                rematches -= 1;
                match c.rematch(&mut tell) {
                    Ok(Rematched::Begun) => {
                        seated = c.seated();
                        eprintln!(
                            "connect: a rematch: seat {} of {}",
                            seated.seat + 1,
                            seated.players
                        );
                        if let (Some(dir), Some(_)) = (&seats, &lock)
                            && let Err(e) = crate::net::kept_seat::keep(dir, &seated)
                        {
                            eprintln!("connect: the seat is not kept for a rejoin: {e}");
                        }
                        client = Some(c);
                        continue;
                    }
                    Ok(Rematched::Off { seat, left }) => eprintln!(
                        "connect: no rematch: seat {} {}",
                        seat + 1,
                        if left { "left" } else { "declined" }
                    ),
                    Ok(Rematched::Closed) | Err(_) => {
                        eprintln!("connect: no rematch: the room closed");
                    }
                }
                return Ok(String::new());
            }
            Err(ClientError::Connection(why)) => {
                eprintln!("connect: the connection broke ({why}); rejoining");
            }
            Err(e) => return Err(refused(e)),
        }
    }
}

/// Where `junqi connect` keeps the seats it takes: `connect-seats` in the data folder.
fn seats_dir() -> Option<std::path::PathBuf> {
    directories::ProjectDirs::from("", "", "junqi").map(|d| d.data_dir().join("connect-seats"))
}

/// The lock of `invite`'s room in `dir` and, with it, a rejoin with the seat kept there; no
/// lock when another `junqi connect` holds it (that one plays the kept seat).
fn kept_seat(dir: &std::path::Path, invite: &Invite) -> (Option<SeatLock>, Option<Request>) {
    let Some(lock) = SeatLock::take(dir, invite.room) else {
        return (None, None);
    };
    let rejoin =
        crate::net::kept_seat::read(dir, invite.room).map(|(seat, token)| Request::Rejoin {
            invite: invite.clone(),
            seat,
            token,
        });
    (Some(lock), rejoin)
}

/// Take the seat back (`Client::rejoin`: for `retry` seconds while the refusal may mend,
/// through a few cut handshakes, backing off between tries), each try's failure on standard
/// error.
fn rejoin(
    request: &Request,
    retry: u64,
    audit: Option<crate::net::client::SharedAudit>,
) -> Result<Client, ClientError> {
    let mut wait = |e: &ClientError, pause: Duration| {
        eprintln!("connect: rejoining: {e}; trying again");
        std::thread::sleep(pause);
        true
    };
    Client::rejoin(request, Duration::from_secs(retry), audit, &mut wait)
        .unwrap_or_else(|| Err(ClientError::Connection("stopped".into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The relay reads an engine's answers up to the one each question asks for: the
    /// handshake's `junqiok`, `draw offer` and `takeback ask` answering `go`, a takeback's answer.
    #[test]
    fn the_relay_reads_up_to_each_questions_answer() {
        let script = "while read l; do case \"$l\" in \
                      'junqi 1') echo 'id name x'; echo 'junqiok 1';; \
                      go*) echo 'info depth 1'; echo 'draw offer';; \
                      'takeback asked'*) echo 'takeback decline';; \
                      'draw offered'*) echo 'draw accept';; esac; done";
        let mut p = EngineProcess::start(script).unwrap();
        let mut viewer = String::new();
        let mut ask = |line: &str| relay(&mut p, line, &mut viewer).0;
        assert_eq!(ask("junqi 1"), ["id name x", "junqiok 1"]);
        assert_eq!(ask("go turn 1000"), ["info depth 1", "draw offer"]);
        assert_eq!(ask("takeback asked red 2"), ["takeback decline"]);
        assert_eq!(ask("draw offered red"), ["draw accept"]);
        assert!(ask("report r a6-a5").is_empty());
    }

    /// The relay to an engine process reads up to the engine's `timeout ok` for a timeout of
    /// the seat's own side (the side of its last view), the late turn before it included, and
    /// reads nothing for another side's.
    #[test]
    fn an_own_timeout_is_a_question_and_another_sides_is_not() {
        let script = "while read l; do case \"$l\" in \"timeout blue\"*) \
                      echo 'turn a6-a7'; echo \"timeout ok ${l##* }\";; esac; done";
        let mut p = EngineProcess::start(script).unwrap();
        let mut viewer = String::new();
        let view = "view blue b?b?b?b?b?/b?b?b?b?b?/b?..b?..b?/b?b?..b?b?/b?..b?..b?/b?b?b?b?b?/\
                    r7r9r7r8r4/r6..r2..r4/r5r3..r5r6/r1..rB..rB/r1r2r3rMr1/r2r3rMrFrM r 0 0 mines y?";
        assert_eq!(relay(&mut p, view, &mut viewer), (Vec::new(), false));
        assert_eq!(viewer, "blue");
        assert_eq!(
            relay(&mut p, "timeout red 1", &mut viewer),
            (Vec::new(), false)
        );
        assert_eq!(
            relay(&mut p, "timeout blue 2", &mut viewer),
            (
                vec!["turn a6-a7".to_string(), "timeout ok 2".to_string()],
                false
            )
        );
    }
}
