//! Thinking off the UI thread. `Thinker::start` moves a player onto a std thread that runs
//! `choose` on a view; the window polls it each frame (`poll` never blocks) and shows that the
//! computer is thinking meanwhile. `cancel` (undo, new game) sets a flag the search checks, so the
//! thread ends within a few milliseconds.
//!
//! The player travels with the thought and comes back with it: after `poll` has returned the
//! turn, `into_player` hands the player back (with its memory: transposition table, belief) for
//! the next turn. `into_player` on a thought still running cancels it and waits for the thread;
//! a thought dropped before its answer is cancelled and its thread left to end.

use super::Player;
use crate::engine::rng::SplitMix64;
use crate::engine::{Rules, Turn, View};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

type Answer = (Box<dyn Player>, Option<Turn>);

pub struct Thinker {
    cancel: Arc<AtomicBool>,
    rx: Receiver<Answer>,
    handle: Option<JoinHandle<()>>,
    /// The player, once the thought is over.
    player: Option<Box<dyn Player>>,
    /// The answer, once given (so `poll` keeps returning it).
    answer: Option<Option<Turn>>,
    started: Instant,
}

impl Thinker {
    /// Start thinking about `view` on a new thread; `seed` makes the player's random choices.
    pub fn start(mut player: Box<dyn Player>, view: View, rules: Rules, seed: u64) -> Thinker {
        let cancel = Arc::new(AtomicBool::new(false));
        player.set_cancel(cancel.clone());
        let (tx, rx) = channel();
        let handle = std::thread::Builder::new()
            .name("junqi-ai".into())
            .spawn(move || {
                let mut rng = SplitMix64::new(seed);
                let turn = player.choose(&view, &rules, &mut rng);
                // The receiver may be gone (cancelled): nothing to do then.
                let _ = tx.send((player, turn));
            })
            .expect("the system can start a thread");
        Thinker {
            cancel,
            rx,
            handle: Some(handle),
            player: None,
            answer: None,
            started: Instant::now(),
        }
    }

    /// `None` while thinking; then `Some(turn)` (`Some(None)` if the view offered no turn).
    pub fn poll(&mut self) -> Option<Option<Turn>> {
        if self.answer.is_none() {
            match self.rx.try_recv() {
                Ok((player, turn)) => {
                    self.player = Some(player);
                    self.answer = Some(turn);
                    if let Some(h) = self.handle.take() {
                        let _ = h.join();
                    }
                }
                Err(TryRecvError::Empty) => {}
                // The thread died without answering (a panic): no turn.
                Err(TryRecvError::Disconnected) => self.answer = Some(None),
            }
        }
        self.answer
    }

    /// Whether the thought is still running.
    pub fn is_thinking(&mut self) -> bool {
        self.poll().is_none()
    }

    /// How long it has been thinking (for a "thinking…" display).
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Stop thinking: the search returns at its next check and the thread ends on its own.
    pub fn cancel(self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The player back, after the answer (or cancelling and waiting for the thread if still
    /// thinking). `None` only if the thread died.
    pub fn into_player(mut self) -> Option<Box<dyn Player>> {
        if self.player.is_none() {
            self.cancel.store(true, Ordering::Relaxed);
            if let Ok((player, _)) = self.rx.recv() {
                self.player = Some(player);
            }
        }
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
        self.player.take()
    }
}

impl Drop for Thinker {
    /// A thought dropped unanswered (undo, a new game) is cancelled: its thread ends on its own
    /// soon after, with the player it holds.
    fn drop(&mut self) {
        if self.answer.is_none() {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{AiPlayer, Level};
    use crate::engine::{Formation, Game, Mode, Start, Viewer};

    fn game(mode: Mode) -> Game {
        let rules = Rules::for_mode(mode);
        let mut rng = SplitMix64::new(5);
        let red = Formation::random(&mut rng, &rules);
        let blue = Formation::random(&mut rng, &rules);
        Game::new(rules, Start::formations(&red, &blue)).unwrap()
    }

    #[test]
    fn thinker_returns_a_legal_turn() {
        let g = game(Mode::Open);
        let view = g.view(Viewer::Side(crate::engine::Seat::Red));
        let mut t = Thinker::start(
            Box::new(AiPlayer::fixed_depth(2, 1)),
            view,
            g.rules().clone(),
            1,
        );
        let deadline = Instant::now() + Duration::from_secs(60);
        let turn = loop {
            if let Some(a) = t.poll() {
                break a;
            }
            assert!(Instant::now() < deadline, "no answer");
            std::thread::sleep(Duration::from_millis(2));
        };
        let turn = turn.expect("a turn");
        assert!(g.position().check_turn(g.rules(), turn).is_ok());
        assert!(t.into_player().is_some());
    }

    /// Cancel a thinker of `player`, whose thought would not end by itself for far longer than
    /// any test, and wait for the player to come back (on another thread, so that a search
    /// that ignored the cancel fails the test instead of hanging it).
    fn cancelled_comes_back(player: AiPlayer) {
        let g = game(Mode::Hidden);
        let view = g.view(Viewer::Side(crate::engine::Seat::Red));
        let t = Thinker::start(Box::new(player), view, g.rules().clone(), 1);
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(t.into_player().is_some());
        });
        let back = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the cancelled search came back");
        assert!(back, "the player comes back");
    }

    #[test]
    fn thinker_can_be_cancelled() {
        // A whole hour of thinking by the clock.
        cancelled_comes_back(AiPlayer::new(Level::Hard).with_time(Duration::from_secs(3600)));
    }

    #[test]
    fn a_node_budget_thinker_can_be_cancelled() {
        // A hundred billion nodes.
        cancelled_comes_back(AiPlayer::new(Level::Hard).with_nodes(100_000_000_000));
    }
}
