//! The order in which the search tries turns that it cannot tell apart, the same for every seat.
//!
//! Turns come from the move generator in the order of the nodes (from rank 1 up, file a first),
//! and the search keeps the first of equally good turns. Taken as it is, that order differs from
//! seat to seat: South and Red met their back row first, North and Blue their front row, East
//! and West their pieces file by file along their arm. Where the evaluation could not tell turns
//! apart, each seat played its own habits, and the four-player computer played some arms worse
//! than others (docs/ai.md, "Every arm alike"). So ties are now broken by each node's place as
//! its mover sees the board, in the order North and Blue had: the rank farthest from its own
//! back row first, from its own right, then back towards it rank by rank (its most advanced
//! pieces first). The other way round, South's order for every seat, measured weaker; this one
//! as strong as the old orders between two programs, and stronger against the raider.

use crate::engine::Seat;
use crate::engine::board::{Board, NodeId};
use std::sync::LazyLock;

/// Per board (two players, four players) and seat index: each node's place in the order.
struct Places {
    two: [Vec<NodeId>; 2],
    four: [Vec<NodeId>; 4],
}

static PLACES: LazyLock<Places> = LazyLock::new(|| {
    let (two, four) = (Board::two_player(), Board::four_player());
    Places {
        two: [Seat::Red, Seat::Blue].map(|seat| places(two, seat)),
        four: [Seat::South, Seat::East, Seat::North, Seat::West].map(|seat| places(four, seat)),
    }
});

/// Each node's place on `board` for `seat`: the node stands, as `seat` sees the board
/// (`Board::cell_seen_by`), where the node numbered k stands as South (or Red) sees it, and k's
/// place is counted from the last node (the far end of the board from South, on South's right),
/// so that every seat meets its nodes as North did.
fn places(board: &Board, seat: Seat) -> Vec<NodeId> {
    let last = board.len() as NodeId - 1;
    (0..board.len() as NodeId)
        .map(|n| {
            let (col, row) = board.cell_seen_by(seat, n);
            let k = board
                .node_at(col, row)
                .expect("the board turned a half (two players) or a quarter (four) is itself");
            last - k
        })
        .collect()
}

/// Each node's place in the order of turns for `seat` on `board`, by node: looked up once for a
/// list of turns, not once a turn.
#[inline]
pub(crate) fn places_for(board: &Board, seat: Seat) -> &'static [NodeId] {
    let p = &*PLACES;
    if board.is_four() {
        &p.four[seat.index()]
    } else {
        &p.two[seat.index()]
    }
}

/// Where node `n` comes in `places` (`places_for`); a number that is no node, as the search's
/// null flip has, comes where it is.
#[inline]
pub(crate) fn place(places: &[NodeId], n: NodeId) -> NodeId {
    places.get(n as usize).copied().unwrap_or(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each seat's order is an order of every node; Blue's and North's are the nodes' own (their
    /// front row first); Red's is Blue's on the board turned a half.
    #[test]
    fn every_seat_orders_the_nodes_as_north_does() {
        for board in [Board::two_player(), Board::four_player()] {
            for &seat in board.seats {
                let places = places_for(board, seat);
                let mut seen: Vec<NodeId> = (0..board.len() as NodeId)
                    .map(|n| place(places, n))
                    .collect();
                seen.sort();
                assert!(seen.iter().enumerate().all(|(k, &n)| k == n as usize));
            }
            let north = places_for(board, board.seats[board.seats.len() / 2]);
            assert!((0..board.len() as NodeId).all(|n| place(north, n) == n));
        }
        let b = Board::two_player();
        let node = |name: &str| b.node_by_name(name).unwrap();
        let (red, blue) = (places_for(b, Seat::Red), places_for(b, Seat::Blue));
        // The far end of the board from its own right comes first for each side (e12 for Red, a1
        // for Blue), and the squares of the two halves come alike (Red's a6 as Blue's e7).
        assert_eq!(place(red, node("e12")), 0);
        assert_eq!(place(blue, node("a1")), 0);
        assert!(place(red, node("a6")) < place(red, node("a1")));
        assert_eq!(place(red, node("a6")), place(blue, node("e7")));
        assert_eq!(place(red, 255), 255);
    }
}
