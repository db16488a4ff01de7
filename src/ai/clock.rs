//! What the computer spends on a turn: wall time (the default, `AiPlayer::new`) or search nodes
//! (`AiPlayer::with_nodes`). A turn's `Clock` measures both in ticks — nanoseconds since the turn
//! began, or nodes searched in the turn — so the player's shares of the budget, what is left of
//! it and what a pass cost are worked out alike for both; a search is told where to stop as a
//! moment (`Stop::At`) or as a number of nodes (`Stop::Nodes`). With nodes the clock never reads
//! the wall clock, so a turn depends only on the player's inputs and memory.

use super::search::Stop;
use std::time::{Duration, Instant};

/// What one turn may spend.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Allowance {
    /// Wall time: how deep the searches get depends on the machine's speed and load.
    Time(Duration),
    /// Search nodes, counted over every search of the turn.
    Nodes(u64),
    /// Nothing stops the searches but their depth cap (and cancellation).
    Depth,
}

/// A turn's budget as it is spent.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    allowance: Allowance,
    /// When the turn began (wall time only).
    start: Option<Instant>,
    /// Nodes searched since the turn began (counted whatever the allowance).
    nodes: u64,
}

impl Clock {
    /// A turn beginning now.
    pub fn start(allowance: Allowance) -> Clock {
        Clock {
            allowance,
            start: matches!(allowance, Allowance::Time(_)).then(Instant::now),
            nodes: 0,
        }
    }

    /// Ticks spent since the turn began.
    pub fn now(&self) -> u64 {
        match (self.allowance, self.start) {
            (Allowance::Time(_), Some(start)) => nanos(start.elapsed()),
            _ => self.nodes,
        }
    }

    /// The tick the turn must end at.
    pub fn end(&self) -> u64 {
        match self.allowance {
            Allowance::Time(t) => nanos(t),
            Allowance::Nodes(n) => n,
            Allowance::Depth => u64::MAX,
        }
    }

    /// Count the nodes of a search of this turn.
    pub fn count(&mut self, nodes: u64) {
        self.nodes = self.nodes.saturating_add(nodes);
    }

    /// Nodes searched since the turn began.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Where a search begun now stops so as to end at tick `at`.
    pub fn stop_at(&self, at: u64) -> Option<Stop> {
        match (self.allowance, self.start) {
            (Allowance::Time(_), Some(start)) => {
                start.checked_add(Duration::from_nanos(at)).map(Stop::At)
            }
            (Allowance::Nodes(_), _) => Some(Stop::Nodes(at.saturating_sub(self.nodes))),
            _ => None,
        }
    }

    /// Whether the turn's ticks are search nodes (a node budget): then a search may be given a
    /// share of its own, ticks `from` to `to`, whatever the other searches spend.
    pub fn counts_nodes(&self) -> bool {
        matches!(self.allowance, Allowance::Nodes(_))
    }

    /// Where a search stops that is given ticks `from` to `to` of the turn on its own (one of
    /// several searches running at once): `to - from` nodes with a node budget, the moment of
    /// tick `to` with a time budget, nothing with only a depth cap.
    pub fn share(&self, from: u64, to: u64) -> Option<Stop> {
        match self.allowance {
            Allowance::Nodes(_) => Some(Stop::Nodes(to.saturating_sub(from))),
            _ => self.stop_at(to),
        }
    }
}

/// The tick `f` (0 to 1) of the way from `from` to `to` (`from` if `to` is past).
pub fn part_way(from: u64, to: u64, f: f64) -> u64 {
    from.saturating_add((to.saturating_sub(from) as f64 * f) as u64)
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_clock_counts_nodes_and_stops_searches_at_a_count() {
        let mut c = Clock::start(Allowance::Nodes(1000));
        assert_eq!((c.now(), c.end()), (0, 1000));
        assert_eq!(c.stop_at(600), Some(Stop::Nodes(600)));
        c.count(250);
        assert_eq!((c.now(), c.nodes()), (250, 250));
        assert_eq!(c.stop_at(600), Some(Stop::Nodes(350)));
        c.count(500);
        assert_eq!(c.stop_at(600), Some(Stop::Nodes(0)), "past its tick");
        assert_eq!(part_way(250, 1000, 0.7), 775);
        assert_eq!(part_way(1200, 1000, 0.7), 1200);
        assert!(c.counts_nodes());
        assert_eq!(
            c.share(300, 700),
            Some(Stop::Nodes(400)),
            "whatever was spent"
        );
    }

    #[test]
    fn a_time_clock_stops_searches_at_a_moment_and_a_depth_clock_not_at_all() {
        let c = Clock::start(Allowance::Time(Duration::from_secs(600)));
        assert_eq!(c.end(), 600_000_000_000);
        let Some(Stop::At(at)) = c.stop_at(c.end()) else {
            panic!("a moment")
        };
        // Ten minutes from the start: still in the future, however loaded the machine.
        assert!(at > Instant::now() + Duration::from_secs(300));
        let d = Clock::start(Allowance::Depth);
        assert_eq!(d.stop_at(d.end()), None);
    }
}
