//! The network host under load: GAMES concurrent two-player hidden games (2 × GAMES clients in
//! this process, random legal turns) against one in-process `junqi serve` host on loopback.
//!
//! `cargo run --release --example net_load [GAMES] [THINK_MS] [--save]` (200 games by default)
//! prints: the games finished and lost, the turn relay's median, p99 and maximum (from a seat
//! sending its turn to the next seat receiving its `go`), and the resident memory before the
//! games and while they all run. With THINK_MS each seat waits a random 0 to 2 × THINK_MS before
//! it sends a turn, as a player thinks (the wait is not part of the relay); 0, the default, plays
//! as fast as the machine can. `--save` gives the host a state folder (a temporary one), so that
//! it saves each room after every turn, as `junqi serve --state` does.

use junqi::engine::{Mode, Rules};
use junqi::net::client::{Client, Event, Request};
use junqi::net::host::{ServeOptions, Server};
use junqi::net::wire::Msg;
use junqi::protocol::{EngineMsg, HostMsg};
use junqi::table::answerer::builtin_answerer;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

fn rss_kib() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Play one seat; `last_turn` is the room's last turn sent (shared by both seats).
/// `think`: the mean wait before a turn (milliseconds); `seed` varies the waits by seat.
fn seat(
    c: Client,
    last_turn: Arc<Mutex<Option<Instant>>>,
    relay: Arc<Mutex<Vec<f64>>>,
    think: u64,
    seed: u64,
) -> bool {
    let mut answer = builtin_answerer(&"random".parse().unwrap());
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut mine = Vec::new();
    let until = Instant::now() + Duration::from_secs(600);
    let mut over = false;
    while Instant::now() < until {
        match c.next_event(Duration::from_secs(30)) {
            Some(Event::Msg(Msg::Host(m))) => {
                if matches!(m, HostMsg::Go { .. })
                    && let Some(t) = last_turn.lock().unwrap().take()
                {
                    mine.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                if let HostMsg::GameOver(_) = m {
                    over = true;
                }
                if matches!(m, HostMsg::Quit) {
                    break;
                }
                for l in answer(&m.line(c.board())).0 {
                    let e = EngineMsg::parse(&l).unwrap();
                    if think > 0 && matches!(e, EngineMsg::Turn(_)) {
                        // xorshift64: a wait uniform in 0..2 × think.
                        rng ^= rng << 13;
                        rng ^= rng >> 7;
                        rng ^= rng << 17;
                        std::thread::sleep(Duration::from_millis(rng % (2 * think + 1)));
                    }
                    if matches!(e, EngineMsg::Turn(_)) {
                        *last_turn.lock().unwrap() = Some(Instant::now());
                    }
                    if c.answer(e).is_err() {
                        return false;
                    }
                }
            }
            Some(Event::Msg(Msg::Bye(_))) | Some(Event::Closed(_)) => break,
            _ => {}
        }
    }
    relay.lock().unwrap().extend(mine);
    over
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let save = args.iter().any(|a| a == "--save");
    let mut numbers = args.iter().filter(|a| *a != "--save").map(|a| {
        a.parse::<u64>().unwrap_or_else(|_| {
            eprintln!(
                "net_load: '{a}' is not a number (usage: net_load [GAMES] [THINK_MS] [--save])"
            );
            std::process::exit(2)
        })
    });
    let games = numbers.next().unwrap_or(200) as usize;
    let think = numbers.next().unwrap_or(0);
    let state = save.then(|| tempfile::tempdir().expect("a temporary folder"));
    let before = rss_kib();
    let h = Server::bind(
        "127.0.0.1:0",
        ServeOptions {
            quiet: true,
            fault: None,
            state: state.as_ref().map(|d| d.path().to_path_buf()),
            ..ServeOptions::default()
        },
    )
    .expect("bind")
    .spawn();
    let relay = Arc::new(Mutex::new(Vec::new()));
    let done = Arc::new(AtomicUsize::new(0));
    // Every seat waits here once seated, so that the games run at the same time.
    let barrier = Arc::new(Barrier::new(2 * games + 1));
    let t0 = Instant::now();
    let mut threads = Vec::new();
    for g in 0..games {
        let a = Client::connect(&Request::Create {
            addr: h.addr().to_string(),
            players: 2,
            rules: Rules::for_mode(Mode::Hidden),
            name: "a".into(),
            pin: None,
            seat: None,
        })
        .expect("create");
        let b = Client::connect(&Request::Join {
            invite: a.seated().invite.clone(),
            name: "b".into(),
            seat: None,
        })
        .expect("join");
        let last = Arc::new(Mutex::new(None));
        for (k, c) in [a, b].into_iter().enumerate() {
            let (last, relay, done, barrier) =
                (last.clone(), relay.clone(), done.clone(), barrier.clone());
            threads.push(
                std::thread::Builder::new()
                    .stack_size(512 * 1024)
                    .spawn(move || {
                        barrier.wait();
                        if seat(c, last, relay, think, (2 * g + k) as u64 + 1) {
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                    })
                    .expect("a thread"),
            );
        }
    }
    barrier.wait();
    let seated = t0.elapsed();
    std::thread::sleep(Duration::from_millis(500));
    let during = rss_kib();
    let rooms_running = h.rooms();
    for t in threads {
        let _ = t.join();
    }
    let elapsed = t0.elapsed();
    // The host files a game a moment after its last lines.
    let wait = Instant::now() + Duration::from_secs(10);
    while h.finished().len() < games && Instant::now() < wait {
        std::thread::sleep(Duration::from_millis(50));
    }
    let finished = h.finished();
    let clean = finished
        .iter()
        .filter(|f| f.forfeit.is_none() && f.game.status().is_over())
        .count();
    let plies: usize = finished.iter().map(|f| f.game.plies().len()).sum();
    let mut r = relay.lock().unwrap().clone();
    r.sort_by(f64::total_cmp);
    let q = |p: f64| {
        r.get(((r.len() as f64 - 1.0) * p).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!("think_ms={think} save={save}");
    println!(
        "games={games} rooms_running={rooms_running} finished={} clean={clean} lost={}",
        finished.len(),
        games - clean
    );
    println!(
        "seats_seen_over={} plies={plies} seated_in={:.1}s all_done_in={:.1}s",
        done.load(Ordering::Relaxed),
        seated.as_secs_f64(),
        elapsed.as_secs_f64()
    );
    println!(
        "relay_ms: n={} median={:.2} p99={:.2} max={:.2}",
        r.len(),
        q(0.5),
        q(0.99),
        r.last().copied().unwrap_or(0.0)
    );
    println!(
        "rss_kib: before={before} during={during} per_game={}",
        (during.saturating_sub(before)) / games.max(1) as u64
    );
}
