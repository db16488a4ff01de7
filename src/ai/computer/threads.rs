//! What a search may spend (the turn's clock) and the searches run on several threads: deals
//! shared out among threads (`on_threads`) and one position searched by all of them at once
//! (`search_together`).

use super::AiPlayer;
use crate::ai::clock::part_way;
use crate::ai::search::{Limits, Search, Tt};
use crate::engine::{Position, Rules, Seat, Turn};
use std::sync::atomic::{AtomicBool, Ordering};

impl AiPlayer {
    /// Limits for a search begun now that must end at tick `until` of the turn's clock.
    pub(super) fn limits(&self, until: u64) -> Limits {
        Limits {
            max_depth: self.budget.max_depth,
            stop: self.clock.stop_at(until),
            cancel: self.cancel.clone(),
        }
    }

    /// Limits for a search of its own running ticks `from` to `to` of the turn beside others
    /// (`Clock::share`).
    pub(super) fn share_limits(&self, from: u64, to: u64) -> Limits {
        Limits {
            max_depth: self.budget.max_depth,
            stop: self.clock.share(from, to),
            cancel: self.cancel.clone(),
        }
    }

    /// Whether `n` searches run on several threads.
    pub(super) fn parallel(&self, n: usize) -> bool {
        self.threads > 1 && n > 1
    }

    /// `job` done for deals `0..n` at once on up to `threads` threads, each taking the next deal
    /// not yet taken (so a thread whose deals searched fast takes more of them), all with the
    /// player's one table; the results in deal order.
    pub(super) fn on_threads<R: Send>(
        &self,
        n: usize,
        job: impl Fn(usize, &Tt) -> R + Sync,
    ) -> Vec<R> {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let tt = &self.tt;
        let mut out: Vec<Option<R>> = (0..n).map(|_| None).collect();
        std::thread::scope(|scope| {
            let (job, next) = (&job, &next);
            let workers: Vec<_> = (0..self.threads.min(n))
                .map(|_| {
                    scope.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            if i >= n {
                                break done;
                            }
                            done.push((i, job(i, tt)));
                        }
                    })
                })
                .collect();
            for worker in workers {
                for (i, r) in worker.join().expect("a search thread panicked") {
                    out[i] = Some(r);
                }
            }
        });
        out.into_iter()
            .map(|r| r.expect("every deal searched"))
            .collect()
    }

    /// One position searched on every thread at once over the player's one table (Lazy SMP):
    /// the calling thread runs the search whose answer is used, exactly as on one thread; each
    /// helper runs the same iterative deepening from the same root with killers and history of
    /// its own, the odd ones an iteration ahead, and all of them read and fill the shared table,
    /// so the main search finds much of its tree already searched. Helpers stop when the main
    /// search ends (or at their own stop, or on the cancel flag). The stop: with a node budget
    /// each thread a `threads`-th of the 60% (a turn's nodes about those of one thread); with a
    /// time budget every thread until 60% of the time, as on one thread. What the main search
    /// reads in the table depends on how far the helpers got, so the turn depends on how the
    /// threads were scheduled, a node budget or not.
    pub(super) fn search_together(
        &mut self,
        pos: &Position,
        turns: &[(Turn, i32)],
        rules: &Rules,
        me: Seat,
        start: u64,
        end: u64,
    ) -> Option<(Turn, i32, u32)> {
        let t = self.threads;
        let at = |f: f64| part_way(start, end, 0.6 * f);
        let limits: Vec<Limits> = (0..t)
            .map(|i| {
                if self.clock.counts_nodes() {
                    self.share_limits(at(i as f64 / t as f64), at((i + 1) as f64 / t as f64))
                } else {
                    self.share_limits(start, at(1.0))
                }
            })
            .collect();
        let halt = AtomicBool::new(false);
        let tt = &self.tt;
        let (found, nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = limits[1..]
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let (l, halt) = (l.clone(), &halt);
                    scope.spawn(move || {
                        let mut s = Search::new(rules, tt, l, me).helper(halt, (i as u32 + 1) % 2);
                        s.iterate(pos, turns);
                        s.nodes
                    })
                })
                .collect();
            let mut s = Search::new(rules, tt, limits[0].clone(), me);
            let found = s.iterate(pos, turns);
            halt.store(true, Ordering::Relaxed);
            let helped: u64 = helpers
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .sum();
            (found, s.nodes + helped)
        });
        self.clock.count(nodes);
        found
    }
}
