//! Sets of ranks as bits, and matching pieces to the ranks they may be: what the computer's
//! belief and the hidden puzzles' deduction both work out about an enemy's unknown pieces.

use super::Rank;

/// A set of ranks (bit `rank as u8`).
pub type RankSet = u16;

/// Every rank.
pub const ALL_RANKS: RankSet = 0b1_1111_1111_1110;

/// The bit of one rank.
pub fn bit(r: Rank) -> RankSet {
    1 << (r as u8)
}

/// The ranks of a set, highest officer first.
pub fn ranks_in(set: RankSet) -> impl Iterator<Item = Rank> {
    Rank::ALL.into_iter().filter(move |r| set & bit(*r) != 0)
}

/// One augmenting path of Kuhn's bipartite matching: give piece `p` one of the rank slots
/// (`slots`, one per copy of a rank) its set (`masks[p]`) allows, moving the pieces that hold
/// slots (`owner`) to others where they can. `seen` marks the slots tried in this search (all
/// false at its start). Whether `p` got a slot.
pub fn augment(
    p: usize,
    masks: &[RankSet],
    slots: &[Rank],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for s in 0..slots.len() {
        if masks[p] & bit(slots[s]) == 0 || seen[s] {
            continue;
        }
        seen[s] = true;
        if owner[s].is_none_or(|q| augment(q, masks, slots, owner, seen)) {
            owner[s] = Some(p);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two pieces that may each be only the marshal cannot both have a slot when there is one
    /// marshal; with a general's slot for the second, both can.
    #[test]
    fn pieces_get_slots_only_as_their_sets_allow() {
        let masks = [bit(Rank::Marshal), bit(Rank::Marshal) | bit(Rank::General)];
        let mut owner = vec![None; 1];
        assert!(augment(
            0,
            &masks,
            &[Rank::Marshal],
            &mut owner,
            &mut [false]
        ));
        assert!(!augment(
            1,
            &masks,
            &[Rank::Marshal],
            &mut owner,
            &mut [false]
        ));
        let slots = [Rank::Marshal, Rank::General];
        let mut owner = vec![None; 2];
        // The second piece takes the marshal's slot first, then moves to the general's.
        assert!(augment(1, &masks, &slots, &mut owner, &mut [false; 2]));
        assert!(augment(0, &masks, &slots, &mut owner, &mut [false; 2]));
        assert_eq!(owner, [Some(0), Some(1)]);
        assert_eq!(
            ranks_in(masks[1]).collect::<Vec<_>>(),
            [Rank::Marshal, Rank::General]
        );
        assert_eq!(ranks_in(ALL_RANKS).count(), Rank::ALL.len());
    }
}
