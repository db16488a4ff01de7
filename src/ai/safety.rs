//! The flag's safety at the root of a decision, in every mode with a flag on the board from the
//! start (open and hidden, two and four players): the turns after which an enemy piece could
//! stand beside the flag with nothing to take it there first are left out while other turns
//! remain — and so are, where others remain, the turns after which a known enemy engineer could
//! come to such a raid whatever the reply. With four players the turns are ranked by the raids
//! they leave on the team's flags (`team_raids`): by either enemy, on its own flag or its
//! partner's, answered by either partner.
//!
//! It looks at the position the computer knows (`known_position`): its own pieces, every piece
//! seen, and the enemy pieces whose rank the belief is sure of (an engineer that turned on the
//! railway); the other enemy pieces stand in as lieutenants (they may step onto an empty square
//! beside the flag, but dig no mine).

use crate::engine::board::{NodeId, NodeSet};
use crate::engine::play::clash;
use crate::engine::{ClashOutcome, Mover, Piece, Position, Rank, Rules, Seat, Seen, Turn, View};

/// The position `me` knows in `view`, the unknown pieces given the ranks `sure_rank` names (and
/// lieutenants where it names none).
pub fn known_position(view: &View, sure_rank: impl Fn(NodeId, Seat) -> Option<Rank>) -> Position {
    let mut setup = view.proxy_setup();
    for (i, s) in view.cells().iter().enumerate() {
        if let Seen::Unknown(owner) = *s
            && let Some(r) = sure_rank(i as NodeId, owner)
        {
            setup.cells[i] = Some(Piece::new(owner, r));
        }
    }
    Position::stand_in(&setup)
}

/// Whether `me`'s piece could take the piece on `g` (an enemy raider beside the flag) with its
/// next move: a movable piece of `me`'s reaches `g` and removes what stands there.
fn answered(pos: &Position, rules: &Rules, me: Seat, g: NodeId) -> bool {
    let Some(raider) = pos.at(g) else {
        return true;
    };
    pos.cells().iter().enumerate().any(|(i, c)| {
        c.is_some_and(|p| {
            p.side() == me
                && !p.is_face_down()
                && pos.reach(rules, i as NodeId).contains(g)
                && matches!(
                    clash(rules, p, raider).0,
                    ClashOutcome::DefenderRemoved | ClashOutcome::BothRemoved
                )
        })
    })
}

/// Whether, in `pos` with an enemy of `me` to move, that enemy can take `me`'s flag at once, or
/// move a piece onto a square beside it (onto an empty one, or digging or taking what stands
/// there) from where it could take the flag with its next move while no piece of `me`'s could
/// take it there first.
pub fn raid_unanswered(pos: &Position, rules: &Rules, me: Seat) -> bool {
    let (Some(f), Mover::Side(e)) = (pos.flag_node(me), pos.mover()) else {
        return false;
    };
    if e.team() == me.team() {
        return false;
    }
    raid(pos, rules, e, f, |after, to| answered(after, rules, me, to))
}

/// Whether `e` (to move in `pos`) can take the piece on `f` at once, or move a piece onto a
/// square beside it (onto an empty one, or digging or taking what stands there) from where it
/// could take it with its next move, unless `answers` says the raider is taken there first.
fn raid(
    pos: &Position,
    rules: &Rules,
    e: Seat,
    f: NodeId,
    answers: impl Fn(&Position, NodeId) -> bool,
) -> bool {
    if pos.can_attack(rules, e, f) {
        return true;
    }
    let guards = pos.board().tables.links[f as usize];
    let mut moves = Vec::with_capacity(64);
    pos.pseudo_turns(rules, &mut moves);
    moves.into_iter().any(|t| {
        let Turn::Move { from: _, to } = t else {
            return false;
        };
        if !guards.contains(to) {
            return false;
        }
        let mut after = *pos;
        after.play_unchecked(rules, t);
        after.at(to).is_some_and(|p| p.side() == e)
            && after.can_attack(rules, e, f)
            && !answers(&after, to)
    })
}

/// Whether, in `pos` with an enemy of `me` to move, one of the enemy's engineers on `engineers`
/// has a quiet move after which every reply of `me`'s leaves a raid unanswered
/// (`raid_unanswered`). `cancelled` is asked before each move weighed (a cancelled look says
/// `false`).
pub fn raid_in_two(
    pos: &Position,
    rules: &Rules,
    me: Seat,
    (engineers, cancelled): (NodeSet, &dyn Fn() -> bool),
) -> bool {
    let (Some(f), Mover::Side(e)) = (pos.flag_node(me), pos.mover()) else {
        return false;
    };
    if e.team() == me.team() || engineers.is_empty() {
        return false;
    }
    let guards = pos.board().tables.links[f as usize];
    let mut moves = Vec::with_capacity(64);
    pos.pseudo_turns(rules, &mut moves);
    let mut replies = Vec::with_capacity(64);
    for t in moves {
        let Turn::Move { from, to } = t else { continue };
        if !engineers.contains(from) || pos.at(to).is_some() {
            continue;
        }
        let mut after = *pos;
        after.play_unchecked(rules, t);
        if after.mover() != Mover::Side(me) || (after.reach(rules, to) & guards).is_empty() {
            continue;
        }
        // Were `me` to pass, would the raid be on? If not, no reply is needed.
        let mut passed = after;
        passed.pass_turn(false);
        if !raid_unanswered(&passed, rules, me) {
            continue;
        }
        if cancelled() {
            return false;
        }
        replies.clear();
        after.pseudo_turns(rules, &mut replies);
        let every_reply_fails = replies.iter().all(|&r| {
            let mut next = after;
            next.play_unchecked(rules, r);
            raid_unanswered(&next, rules, me)
        });
        if every_reply_fails && !replies.is_empty() {
            return true;
        }
    }
    false
}

/// Four players: `pos` with `seat` to move (the rest as it is), for the turns `seat` could make
/// when its turn comes.
fn with_mover(pos: &Position, seat: Seat) -> Position {
    let mut setup = crate::engine::position::Setup::empty(pos.board());
    setup.cells = pos.cells().to_vec();
    setup.mover = Mover::Side(seat);
    setup.quiet = pos.quiet();
    setup.ply = pos.ply();
    setup.out = pos.out();
    Position::stand_in(&setup)
}

/// Four players: the nodes of a flag of `owner`'s that a raid may aim at: its flag where the
/// position shows it, else each of its HQs holding a piece of its (the flag is in one of them).
fn flag_targets(pos: &Position, owner: Seat) -> NodeSet {
    if let Some(f) = pos.flag_node(owner) {
        return NodeSet::from_iter([f]);
    }
    let board = pos.board();
    board.tables.hqs & pos.pieces_set(owner)
}

/// Whether a piece of `team`'s (either partner: each has a turn before the raider's next) could
/// take the piece on `g` with its next move.
fn team_answers(pos: &Position, rules: &Rules, team: crate::engine::Team, g: NodeId) -> bool {
    team.seats()
        .iter()
        .any(|&s| !pos.out().contains(s) && answered(pos, rules, s, g))
}

/// Four players: whether `e` (to move in `pos`) can take the piece on `f` at once, or move a
/// piece onto a square beside it from where it could take it with its next move while no piece
/// of `f`'s team could take it there first.
fn raid_on(pos: &Position, rules: &Rules, e: Seat, f: NodeId) -> bool {
    let Some(owner) = pos.at(f).map(|p| p.side()) else {
        return false;
    };
    raid(pos, rules, e, f, |after, to| {
        team_answers(after, rules, owner.team(), to)
    })
}

/// Four players: the raids on the flags of `me`'s team that the enemies could make with no
/// answer (`raid_on`), each enemy still in looked at as if its turn had come (the other players'
/// turns before it are not played: each of them may change things, but both partners have a
/// turn between a raid and the raider's next turn). A raid on `me`'s own flag counts 2, one on
/// the partner's 1 (on either of its HQs while its flag is not known: the partner moves before
/// the raider takes the flag too, and may parry it itself).
pub fn team_raids(pos: &Position, rules: &Rules, me: Seat) -> u8 {
    let out = pos.out();
    let mut count = 0u8;
    for &e in pos.board().seats {
        if e.team() == me.team() || out.contains(e) {
            continue;
        }
        let at_turn = with_mover(pos, e);
        for &s in me.team().seats() {
            if out.contains(s) {
                continue;
            }
            if flag_targets(pos, s)
                .iter()
                .any(|f| raid_on(&at_turn, rules, e, f))
            {
                count = count.saturating_add(if s == me { 2 } else { 1 });
            }
        }
    }
    count
}

/// Four players: the safety of a turn that takes a flag (`safety`).
const FOUR_SAFE: u8 = 200;

/// How safe `me`'s flag is after turn `t` in `pos` (`me` to move): 3 the turn wins at once, 2 no
/// raid unanswered and none in two, 1 no raid unanswered, 0 a raid unanswered. Four players:
/// `FOUR_SAFE` when the turn takes a flag, else `FOUR_SAFE - 1`, less half of `FOUR_SAFE` for a
/// raid on its own flag by the enemy moving next that only it could answer (`raid_unanswered`:
/// the raid its own turn must parry, first), and less the raids on the team's flags left
/// unanswered (`team_raids`: the partner's flag too, and the enemy moving third).
fn safety(
    pos: &Position,
    rules: &Rules,
    me: Seat,
    t: Turn,
    (engineers, cancelled): (NodeSet, &dyn Fn() -> bool),
) -> u8 {
    // Taking a flag it sees wins at once. (Not `status`: the position it knows may have no enemy
    // flag at all, its unknown pieces standing in as lieutenants.)
    if let Turn::Move { to, .. } = t
        && pos
            .at(to)
            .is_some_and(|p| p.rank() == Rank::Flag && p.side().team() != me.team())
    {
        return if pos.board().is_four() { FOUR_SAFE } else { 3 };
    }
    let mut after = *pos;
    after.play_unchecked(rules, t);
    if pos.board().is_four() {
        let own = if raid_unanswered(&after, rules, me) {
            FOUR_SAFE / 2
        } else {
            0
        };
        return (FOUR_SAFE - 1 - own).saturating_sub(team_raids(&after, rules, me));
    }
    if raid_unanswered(&after, rules, me) {
        return 0;
    }
    // The engineers after the turn (a turn of `me`'s may have taken one).
    let still: NodeSet = engineers
        .iter()
        .filter(|&n| after.at(n).is_some_and(|p| p.rank() == Rank::Engineer))
        .collect();
    if raid_in_two(&after, rules, me, (still, cancelled)) {
        1
    } else {
        2
    }
}

/// The turns of `turns` that keep `me`'s flag safest in `pos` (`me` to move; `engineers`: the
/// nodes of enemy engineers it knows): every turn at the best level of `safety`. All of them when
/// `pos` has no flag of `me`'s or `me` is not to move, or once `cancelled` says so (checked
/// before each turn is weighed).
pub fn safest_turns(
    pos: &Position,
    rules: &Rules,
    me: Seat,
    turns: &[Turn],
    (engineers, cancelled): (NodeSet, &dyn Fn() -> bool),
) -> Vec<Turn> {
    if pos.flag_node(me).is_none() || pos.mover() != Mover::Side(me) || turns.len() <= 1 {
        return turns.to_vec();
    }
    let mut levels = Vec::with_capacity(turns.len());
    for &t in turns {
        if cancelled() {
            return turns.to_vec();
        }
        levels.push(safety(pos, rules, me, t, (engineers, cancelled)));
    }
    let best = levels.iter().copied().max().unwrap_or(0);
    turns
        .iter()
        .zip(levels)
        .filter(|&(_, l)| l == best)
        .map(|(&t, _)| t)
        .collect()
}
