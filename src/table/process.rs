//! An outside engine's process: started from a shell command in a working folder of its own,
//! spoken to in lines on its standard input and output, never waited on without a bound, and
//! always reaped.
//!
//! Reading and writing run on two threads of their own, so a process that stops reading or
//! writing never blocks the table: the table waits for a line only until a deadline. Lines are
//! bounded in length (`MAX_LINE`) and the lines waiting to be read in number (a flood of output
//! fills the bounded channel and then waits in the pipe, never in memory). Dropping an
//! `EngineProcess` closes its input, gives it `GRACE` to end, then kills it, waits for it and
//! removes its working folder.

use super::SeatFailure;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::time::{Duration, Instant};

/// The longest line an engine may send (bytes, without the newline).
pub const MAX_LINE: usize = crate::protocol::MAX_LINE;
/// Lines read ahead of the table.
const QUEUE: usize = 256;
/// How long a process is given to end once its input is closed.
pub const GRACE: Duration = Duration::from_millis(500);

/// One line read, or how reading ended.
enum Got {
    Line(String),
    TooLong,
    /// Not UTF-8.
    Binary,
    End,
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    to_engine: Option<SyncSender<String>>,
    from_engine: Receiver<Got>,
    folder: PathBuf,
    /// The command, for messages.
    command: String,
    /// Everything sent and received, when a transcript is kept (tests, debugging).
    transcript: Option<Vec<String>>,
}

/// Numbers the working folders of the engines of this process.
static FOLDERS: AtomicU64 = AtomicU64::new(0);
/// How many engine processes are running: started and not yet reaped.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// How many engine processes this program has running (started, not yet ended and reaped):
/// an engine given up is ended on a thread of its own, and tests wait for this to fall.
pub fn running() -> usize {
    RUNNING.load(Ordering::SeqCst)
}

impl EngineProcess {
    /// Start `command` with the system's shell (`sh -c`, or `cmd /C` on Windows) in a new
    /// working folder under the system's temporary folder.
    ///
    /// # Errors
    /// The folder or the process could not be made.
    pub fn start(command: &str) -> Result<EngineProcess, SeatFailure> {
        let n = FOLDERS.fetch_add(1, Ordering::Relaxed);
        let folder = std::env::temp_dir().join(format!("junqi-engine-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&folder)
            .map_err(|e| SeatFailure::Spawn(format!("{}: {e}", folder.display())))?;
        let mut cmd = if cfg!(windows) {
            let mut c = Command::new("cmd");
            c.arg("/C").arg(command);
            c
        } else {
            let mut c = Command::new("sh");
            c.arg("-c").arg(command);
            c
        };
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own process group: `kill_all` ends the shell and whatever it started.
            cmd.process_group(0);
        }
        let mut child = match cmd
            .current_dir(&folder)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
        {
            Ok(c) => c,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&folder);
                return Err(SeatFailure::Spawn(format!("{command}: {e}")));
            }
        };
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (to_engine, rx) = sync_channel::<String>(QUEUE);
        std::thread::Builder::new()
            .name("junqi-engine-in".into())
            .spawn(move || {
                let mut stdin = stdin;
                for line in rx {
                    if stdin
                        .write_all(line.as_bytes())
                        .and_then(|()| stdin.write_all(b"\n"))
                        .and_then(|()| stdin.flush())
                        .is_err()
                    {
                        return;
                    }
                }
            })
            .map_err(|e| SeatFailure::Spawn(e.to_string()))?;
        let (tx, from_engine) = sync_channel::<Got>(QUEUE);
        std::thread::Builder::new()
            .name("junqi-engine-out".into())
            .spawn(move || read_lines(stdout, &tx))
            .map_err(|e| SeatFailure::Spawn(e.to_string()))?;
        RUNNING.fetch_add(1, Ordering::SeqCst);
        Ok(EngineProcess {
            child,
            to_engine: Some(to_engine),
            from_engine,
            folder,
            command: command.to_string(),
            transcript: None,
        })
    }

    /// Keep a transcript of every line sent (`> …`) and received (`< …`).
    pub fn keep_transcript(&mut self) {
        self.transcript = Some(Vec::new());
    }

    /// The transcript kept so far.
    pub fn transcript(&self) -> &[String] {
        self.transcript.as_deref().unwrap_or(&[])
    }

    /// The command the process was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Send one line (without its newline). A process that has ended is found out when its
    /// answer is awaited (`line`).
    pub fn send(&mut self, line: &str) {
        if let Some(t) = &mut self.transcript {
            t.push(format!("> {line}"));
        }
        if let Some(tx) = &self.to_engine
            && tx.try_send(line.to_string()).is_err()
        {
            // The writer is gone (the process stopped reading and died) or the queue is full
            // (it stopped reading): either way it will not answer, which `line` reports.
            self.to_engine = None;
        }
    }

    /// Send one line like `send`, but while the lines waiting for the engine fill their queue
    /// (it reads more slowly than they come), wait for room until `until` or until `stop` is
    /// set; only then is the engine cut off as `send` does.
    pub fn send_waiting(&mut self, line: &str, until: Instant, stop: &AtomicBool) {
        if let Some(t) = &mut self.transcript {
            t.push(format!("> {line}"));
        }
        let Some(tx) = &self.to_engine else {
            return;
        };
        let mut line = line.to_string();
        loop {
            match tx.try_send(line) {
                Ok(()) => return,
                Err(TrySendError::Full(back))
                    if Instant::now() < until && !stop.load(Ordering::Relaxed) =>
                {
                    line = back;
                    std::thread::sleep(Duration::from_millis(2));
                }
                Err(_) => {
                    self.to_engine = None;
                    return;
                }
            }
        }
    }

    /// The next line, waiting until `deadline` at most.
    ///
    /// # Errors
    /// The process ended, sent a line too long or not text, or said nothing in time.
    pub fn line(&mut self, deadline: Instant) -> Result<String, SeatFailure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        let got = match self.from_engine.recv_timeout(wait) {
            Ok(r) => r,
            Err(RecvTimeoutError::Timeout) => return Err(SeatFailure::Hung(wait)),
            Err(RecvTimeoutError::Disconnected) => Got::End,
        };
        match got {
            Got::Line(l) => {
                if let Some(t) = &mut self.transcript {
                    t.push(format!("< {l}"));
                }
                Ok(l)
            }
            Got::TooLong => Err(SeatFailure::LineTooLong),
            Got::Binary => Err(SeatFailure::NotText),
            Got::End => Err(self.ended()),
        }
    }

    /// How the process ended, as far as can be told within `GRACE`.
    fn ended(&mut self) -> SeatFailure {
        let until = Instant::now() + GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(s)) => return SeatFailure::Crashed(format!("it exited: {s}")),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => return SeatFailure::ClosedOutput,
                Err(e) => return SeatFailure::Crashed(e.to_string()),
            }
        }
    }
}

impl EngineProcess {
    /// End every process left in the engine's process group (what its shell started).
    #[cfg(unix)]
    fn kill_group(&self) {
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group the child leads
            // (made with `process_group(0)` at its start); it touches no memory of ours.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }

    #[cfg(not(unix))]
    fn kill_group(&self) {}
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // Closing the input asks it to end; then it is given GRACE, then killed.
        self.to_engine = None;
        let until = Instant::now() + GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break;
                }
            }
        }
        self.kill_group();
        let _ = std::fs::remove_dir_all(&self.folder);
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Read `out` line by line into `tx` until it ends, a line is too long or not text, or the
/// receiver is gone.
fn read_lines(out: impl Read, tx: &SyncSender<Got>) {
    let mut r = BufReader::new(out);
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        // At most MAX_LINE + 1 bytes of one line are kept.
        let n = (&mut r)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .unwrap_or_default();
        if n == 0 {
            let _ = tx.send(Got::End);
            return;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        } else if buf.len() > MAX_LINE {
            let _ = tx.send(Got::TooLong);
            return;
        }
        let msg = match String::from_utf8(std::mem::take(&mut buf)) {
            Ok(s) => Got::Line(s),
            Err(_) => {
                let _ = tx.send(Got::Binary);
                return;
            }
        };
        if tx.send(msg).is_err() {
            return;
        }
    }
}
