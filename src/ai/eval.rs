//! Static evaluation of a position for the search: material (with engineers worth more while enemy
//! mines remain, bombs about a general-level trade, mines worth more beside their flag), pressure on
//! the enemy flag and threats to one's own, and mobility on the railways.
//!
//! Face-down pieces (flip mode) count for nobody: their expected worth is the same for both sides.

use crate::engine::board::{Board, MAX_NODES, NodeId, NodeSet};
use crate::engine::{ClashOutcome, Mode, Position, Rank, Rules, Seat};
use std::sync::LazyLock;

/// Turn distances on an empty board: `walk` for any movable piece (a road step or a straight rail
/// run is one turn), `fly` for engineers (any two connected rail nodes are one turn apart).
pub struct Distances {
    pub walk: Vec<[u8; MAX_NODES]>,
    pub fly: Vec<[u8; MAX_NODES]>,
    /// The nodes at most two turns from each node by `walk`, and by `fly` (`open_guards`).
    pub walk2: Vec<NodeSet>,
    pub fly2: Vec<NodeSet>,
    /// The seat index whose arm holds each node (`u8::MAX`: the centre, or no arm).
    pub arm: [u8; MAX_NODES],
}

fn bfs(board: &Board, src: NodeId, fly: bool) -> [u8; MAX_NODES] {
    let n = board.len();
    let mut d = [u8::MAX; MAX_NODES];
    d[src as usize] = 0;
    let mut queue = vec![src];
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        let mut next: Vec<NodeId> = board.links[u as usize].clone();
        if board.is_rail(u) {
            if fly {
                next.extend((0..n as NodeId).filter(|&v| board.is_rail(v)));
            } else {
                for &(line, _) in &board.lines_through[u as usize] {
                    next.extend(board.lines[line as usize].iter().copied());
                }
            }
        }
        for v in next {
            if d[v as usize] == u8::MAX {
                d[v as usize] = d[u as usize] + 1;
                queue.push(v);
            }
        }
    }
    d
}

fn tables(b: &Board) -> Distances {
    let mut arm = [u8::MAX; MAX_NODES];
    for &seat in b.seats {
        for n in b.deploy_nodes(seat) {
            arm[n as usize] = seat.index() as u8;
        }
    }
    let walk: Vec<_> = (0..b.len() as NodeId).map(|s| bfs(b, s, false)).collect();
    let fly: Vec<_> = (0..b.len() as NodeId).map(|s| bfs(b, s, true)).collect();
    let within2 = |d: &[[u8; MAX_NODES]]| -> Vec<NodeSet> {
        (0..b.len())
            .map(|g| {
                (0..b.len() as NodeId)
                    .filter(|&n| d[n as usize][g] <= 2)
                    .collect()
            })
            .collect()
    };
    Distances {
        walk2: within2(&walk),
        fly2: within2(&fly),
        walk,
        fly,
        arm,
    }
}

/// The distance tables of the two-player board.
pub fn distances() -> &'static Distances {
    static D: LazyLock<Distances> = LazyLock::new(|| tables(Board::two_player()));
    &D
}

/// The distance tables of the four-player board.
pub fn distances_four() -> &'static Distances {
    static D: LazyLock<Distances> = LazyLock::new(|| tables(Board::four_player()));
    &D
}

/// Whether an enemy of `side` could take `side`'s flag with its next move (the flag is "in
/// check": RULES.md 3 and the flag rules, whoever is to move).
pub fn flag_in_check(pos: &Position, rules: &Rules, side: Seat) -> bool {
    let Some(f) = pos.flag_node(side) else {
        return false;
    };
    pos.board()
        .seats
        .iter()
        .any(|&e| e.team() != side.team() && pos.can_attack(rules, e, f))
}

/// Whether `me` could take an enemy flag with this move and so win (two players; four players:
/// an enemy whose partner is already out).
pub fn can_win_by_flag(pos: &Position, rules: &Rules, me: Seat) -> bool {
    let out = pos.out();
    pos.board().seats.iter().any(|&e| {
        e.team() != me.team()
            && e.partner().is_none_or(|p| out.contains(p))
            && pos
                .flag_node(e)
                .is_some_and(|f| pos.can_attack(rules, me, f))
    })
}

/// The squares linked to `side`'s flag (its guard squares: from there a piece takes it).
pub fn guard_squares(pos: &Position, side: Seat) -> NodeSet {
    match pos.flag_node(side) {
        Some(f) => pos.board().tables.links[f as usize],
        None => NodeSet::EMPTY,
    }
}

/// Whether a movable piece of `side`'s stands beside node `g`, able to answer a raider there (a
/// piece in an HQ moves only under `movable HQ`).
fn answered(pos: &Position, rules: &Rules, side: Seat, g: NodeId) -> bool {
    let board = pos.board();
    board.links[g as usize].iter().any(|&n| {
        pos.at(n).is_some_and(|d| {
            d.side() == side
                && d.rank().is_movable()
                && !d.is_face_down()
                && (rules.movable_hq || board.kind(n) != crate::engine::NodeKind::Hq)
        })
    })
}

/// What an enemy raider (an engineer, or a bomb) that can reach one of the guard squares of a
/// flag with its next move costs the flag's owner: twice as much when no piece of the owner's
/// stands beside that square to answer it.
const RAID_ENGINEER: i32 = 60;
const RAID_BOMB: i32 = 12;

/// The danger to `side`'s flag from raiders: each enemy engineer or bomb that can reach one of
/// the flag's guard squares with its next move (by rail, on the board as it is) while that square
/// is empty or holds something it removes (an engineer digs a mine; a bomb removes anything),
/// weighed by whether a movable piece of `side`'s stands beside the square to answer. (The
/// evaluation gathers the raiders in its own pass and calls `raid_danger`; this finds them.)
pub fn flag_danger(pos: &Position, rules: &Rules, side: Seat) -> i32 {
    let raiders = pos
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_some_and(|p| p.side().team() != side.team() && is_raider(p)))
        .map(|(i, _)| i as NodeId)
        .collect();
    raid_danger(pos, rules, side, raiders)
}

/// Whether `flag_danger` weighs a piece as a raider: a face-up engineer or bomb.
fn is_raider(p: crate::engine::Piece) -> bool {
    !p.is_face_down() && matches!(p.rank(), Rank::Engineer | Rank::Bomb)
}

/// `flag_danger` given the nodes of the enemy's raiders (`is_raider`), gathered by the
/// evaluation in its own pass over the board.
fn raid_danger(pos: &Position, rules: &Rules, side: Seat, raiders: NodeSet) -> i32 {
    let guards = guard_squares(pos, side);
    if guards.is_empty() || raiders.is_empty() {
        return 0;
    }
    // The doors an engineer opens (empty, or a mine or an engineer to remove); a bomb opens all.
    // A piece reaches in one turn only a neighbour, or a rail node from a rail node
    // (`Position::destinations`): a raider with none of its doors there is passed by without
    // working out where it can go (the same sum, at a fraction of the cost).
    let tables = &pos.board().tables;
    let engineer_doors: NodeSet = guards
        .iter()
        .filter(|&g| {
            pos.at(g)
                .is_none_or(|d| matches!(d.rank(), Rank::Mine | Rank::Engineer))
        })
        .collect();
    let mut danger = 0;
    for i in raiders.iter() {
        let Some(p) = pos.at(i) else { continue };
        let engineer = p.rank() == Rank::Engineer;
        let bomb = !engineer;
        let mut near = tables.links[i as usize];
        if tables.rail.contains(i) {
            near |= tables.rail;
        }
        if !near.intersects(if engineer { engineer_doors } else { guards }) {
            continue;
        }
        let hits = pos.reach(rules, i) & guards;
        let mut worst = 0;
        for g in hits.iter() {
            let opens = match pos.at(g) {
                None => true,
                Some(d) => bomb || matches!(d.rank(), Rank::Mine | Rank::Engineer),
            };
            if !opens {
                continue;
            }
            let defended = answered(pos, rules, side, g);
            let w = if engineer { RAID_ENGINEER } else { RAID_BOMB };
            worst = worst.max(if defended { w } else { 2 * w });
        }
        danger += worst;
    }
    danger
}

/// What an open door into a flag costs its owner, by how many turns the nearest enemy piece
/// that would stand on it needs (`OPEN_GUARD[d]`, on an empty board: `Distances`); halved when
/// another movable piece of the owner's stands beside the door to answer.
const OPEN_GUARD: [i32; 3] = [0, 20, 10];

/// The doors into `side`'s flag left open: each guard square that an enemy piece could stand on
/// within two turns — empty, or held by a small piece of `side`'s (an engineer, a lieutenant or
/// a captain) that it beats — then take the flag on the third, as `OPEN_GUARD` weighs it. What
/// the search sees past its horizon of a raid that has not begun: a piece coming down the file
/// toward a door left weak. Engineers (and bombs where
/// they fly) are measured by rail flights, other pieces by steps and straight rail runs; a
/// bomb only opens an empty door (it removes itself with what it meets).
pub fn open_guards(pos: &Position, rules: &Rules, side: Seat, dist: &Distances) -> i32 {
    let (mut walkers, mut flyers) = (NodeSet::EMPTY, NodeSet::EMPTY);
    for (i, c) in pos.cells().iter().enumerate() {
        if let Some(p) = c
            && p.side().team() != side.team()
        {
            mover_sets(rules, *p, i as NodeId, &mut walkers, &mut flyers);
        }
    }
    doors_open(pos, rules, side, dist, (walkers, flyers))
}

/// Adds a piece on `n` to the movers that walk (steps and straight rail runs) or fly (engineers,
/// and bombs where bombs fly); face-down and unmovable pieces to neither.
fn mover_sets(
    rules: &Rules,
    p: crate::engine::Piece,
    n: NodeId,
    walk: &mut NodeSet,
    fly: &mut NodeSet,
) {
    if p.is_face_down() || !p.rank().is_movable() {
        return;
    }
    if p.rank() == Rank::Engineer || (p.rank() == Rank::Bomb && rules.flying_bombs) {
        fly.insert(n);
    } else {
        walk.insert(n);
    }
}

/// `open_guards` given the enemy's movers, by how they move (`mover_sets`).
fn doors_open(
    pos: &Position,
    rules: &Rules,
    side: Seat,
    dist: &Distances,
    (walkers, flyers): (NodeSet, NodeSet),
) -> i32 {
    let guards = guard_squares(pos, side);
    let mut cost = 0;
    for g in guards.iter() {
        let holder = pos.at(g);
        // Doors held by a mine, a bomb or an officer above captain are left to the search and
        // `flag_danger` (an engineer digging a mine a flight away): few pieces open them, and
        // weighing every mover against them costs more than it finds.
        if holder.is_some_and(|h| h.side().team() != side.team() || h.rank() > Rank::Captain) {
            continue;
        }
        let mut nearest = u8::MAX;
        let walk = (walkers & dist.walk2[g as usize])
            .iter()
            .map(|n| (n, &dist.walk));
        let fly = (flyers & dist.fly2[g as usize])
            .iter()
            .map(|n| (n, &dist.fly));
        for (n, table) in walk.chain(fly) {
            let d = table[n as usize][g as usize];
            if d >= nearest {
                continue;
            }
            let Some(p) = pos.at(n) else { continue };
            let opens = holder.is_none_or(|h| {
                crate::engine::play::clash(rules, p, h).0 == ClashOutcome::DefenderRemoved
            });
            if opens {
                nearest = d;
            }
        }
        let Some(&w) = OPEN_GUARD.get(nearest as usize) else {
            continue;
        };
        cost += if answered(pos, rules, side, g) {
            w / 2
        } else {
            w
        };
    }
    cost
}

/// What a player going out costs its team beyond the pieces it loses (RULES.md 9.7: the partner
/// plays on, but two against one).
pub const OUT_PENALTY: i32 = 400;

/// Four players: what a player still in loses by how few of its pieces may still move
/// (`FEW_FREE_FOUR[n]` for n such pieces; a piece held in an HQ does not count): with none it
/// goes out at its turn (RULES.md 9.7), so that costs what going out costs; with one or two its
/// last pieces keep it in the game, and are not traded lightly.
const FEW_FREE_FOUR: [i32; 3] = [OUT_PENALTY, 60, 15];

/// Four players: the score of `pos` for `me`'s team (positive is good for it). Material of both
/// partners, pressure on the nearer enemy flag (which is also the threat to a partner's flag:
/// the enemy's pressure counts against the team), mobility, a player out or with few pieces
/// left that may move, and a small cost for standing on the partner's railways (blocking its
/// rail runs).
pub fn evaluate_four(pos: &Position, rules: &Rules, me: Seat) -> i32 {
    let board = pos.board();
    let dist = distances_four();
    let seats = board.seats;
    let mut mines = [0u8; 4];
    let mut flag: [Option<NodeId>; 4] = [None; 4];
    let mut movers = [(NodeSet::EMPTY, NodeSet::EMPTY); 4];
    let mut raiders = [NodeSet::EMPTY; 4];
    let mut free = [0u8; 4];
    let frozen_hqs = if rules.movable_hq {
        NodeSet::EMPTY
    } else {
        board.tables.hqs
    };
    for (i, c) in pos.cells().iter().enumerate() {
        let Some(p) = c else { continue };
        if p.rank().is_movable() && !frozen_hqs.contains(i as NodeId) {
            free[p.side().index()] += 1;
        }
        let (walk, fly) = &mut movers[p.side().index()];
        mover_sets(rules, *p, i as NodeId, walk, fly);
        if is_raider(*p) {
            raiders[p.side().index()].insert(i as NodeId);
        }
        match p.rank() {
            Rank::Mine => mines[p.side().index()] += 1,
            Rank::Flag => flag[p.side().index()] = Some(i as NodeId),
            _ => {}
        }
    }
    let enemies = |s: Seat| -> [Seat; 2] {
        let t = s.team().other();
        [t.seats()[0], t.seats()[1]]
    };
    let mut score = [0i32; 4];
    for (i, c) in pos.cells().iter().enumerate() {
        let Some(p) = c else { continue };
        let s = p.side();
        let r = p.rank();
        let n = i as NodeId;
        let [e1, e2] = enemies(s);
        let enemy_mines = (mines[e1.index()] + mines[e2.index()]).div_ceil(2);
        let mut v = value(r, enemy_mines, rules.mode);
        if r == Rank::Mine {
            if let Some(f) = flag[s.index()]
                && board.linked(n, f)
            {
                v += 10;
            }
        } else if r.is_movable() {
            if board.is_rail(n) {
                v += if r == Rank::Engineer { 3 } else { 2 };
                // On the partner's arm: in the way of its rail runs.
                if let Some(partner) = s.partner()
                    && dist.arm[n as usize] == partner.index() as u8
                {
                    v -= 4;
                }
            }
            let fly = r == Rank::Engineer || (r == Rank::Bomb && rules.flying_bombs);
            let d = [e1, e2]
                .iter()
                .filter_map(|e| flag[e.index()])
                .map(|f| {
                    if fly {
                        dist.fly[n as usize][f as usize]
                    } else {
                        dist.walk[n as usize][f as usize]
                    }
                })
                .min();
            if let Some(d) = d {
                let w = match r {
                    Rank::Engineer => 3,
                    Rank::Lieutenant | Rank::Captain | Rank::Major | Rank::Colonel => 2,
                    _ => 1,
                };
                v += w * PRESSURE[(d as usize).min(PRESSURE.len() - 1)];
            }
        }
        score[s.index()] += v;
    }
    let out = pos.out();
    let mut total = 0;
    for &s in seats {
        let danger = if out.contains(s) {
            0
        } else {
            let [e1, e2] = enemies(s).map(|e| movers[e.index()]);
            let enemy = (e1.0 | e2.0, e1.1 | e2.1);
            let raid = enemies(s).map(|e| raiders[e.index()]);
            raid_danger(pos, rules, s, raid[0] | raid[1])
                + doors_open(pos, rules, s, dist, enemy)
                + FEW_FREE_FOUR[(free[s.index()] as usize).min(FEW_FREE_FOUR.len() - 1)]
        };
        let v = score[s.index()] - danger - if out.contains(s) { OUT_PENALTY } else { 0 };
        total += if s.team() == me.team() { v } else { -v };
    }
    total
}

/// What a bomb is worth in hidden mode (`value`).
pub const BOMB_HIDDEN: i32 = 25;

/// What a face-up piece is worth to its owner. `enemy_mines` is how many mines the enemy still has.
pub fn value(rank: Rank, enemy_mines: u8, mode: Mode) -> i32 {
    match rank {
        // In hidden mode losing the marshal also shows the flag to the enemy.
        Rank::Marshal => {
            100 + match mode {
                Mode::Hidden => 15,
                Mode::Open | Mode::Flip => 0,
            }
        }
        Rank::General => 75,
        Rank::MajorGeneral => 50,
        Rank::Brigadier => 35,
        Rank::Colonel => 24,
        Rank::Major => 16,
        Rank::Captain => 10,
        Rank::Lieutenant => 7,
        Rank::Engineer => 7 + 4 * enemy_mines.min(3) as i32,
        // A bomb is worth what it takes with it. In hidden mode, worth less than a major
        // general, it is spent on any major general or bigger that the search sees within its
        // reach, rather than held back for a general it may never meet. Measured under the CCGC
        // rules (docs/ai.md, "The bomb's worth in hidden mode"): at 10 000 nodes a turn 25 played
        // about 50 Elo stronger than 45, its bombs clashing earlier and taking more marshals and
        // generals; at 100 000 no gain or loss was shown. Open and flip mode keep 45 (not
        // measured there).
        Rank::Bomb => match mode {
            Mode::Hidden => BOMB_HIDDEN,
            Mode::Open | Mode::Flip => 45,
        },
        Rank::Mine => 8,
        Rank::Flag => 0,
    }
}

/// Bonus for a piece `d` turns from the enemy flag.
const PRESSURE: [i32; 7] = [0, 14, 8, 5, 3, 2, 1];

/// What a side loses by how few of its pieces may still move (`FEW_FREE[n]` for n such pieces):
/// with none it has no legal turn and loses (RULES.md 7), so that is nearly a lost game; with one
/// its last piece can neither clash freely nor keep the quiet counter from running out.
const FEW_FREE: [i32; 3] = [20_000, 60, 15];

/// Under `quiet_loses` (CCGC), what the side that would make the losing quiet turn loses by the
/// quiet turns left (`QUIET_BURDEN[left]`; 0 from `QUIET_BURDEN.len()` on). The side does not
/// change while the turns stay quiet (the turns left and the mover change together), so this is
/// the pull to clash in time for that side, and to keep it quiet for the other.
const QUIET_BURDEN: [i32; 10] = [0, 200, 150, 110, 80, 60, 45, 30, 20, 10];

/// The side that makes the last quiet turn under `quiet_loses` if no piece is removed first (two
/// players), while the quiet turns left are few enough to matter (`QUIET_BURDEN`).
pub fn quiet_burdened(pos: &Position, rules: &Rules) -> Option<Seat> {
    if !rules.quiet_loses || pos.board().is_four() {
        return None;
    }
    let left = rules.quiet_limit.saturating_sub(pos.quiet());
    if left == 0 || left as usize >= QUIET_BURDEN.len() {
        return None;
    }
    let mover = pos.mover().side()?;
    if left % 2 == 1 {
        Some(mover)
    } else {
        mover.opponent()
    }
}

/// The score of `pos` for `me` (positive is good for `me`).
pub fn evaluate(pos: &Position, rules: &Rules, me: Seat) -> i32 {
    if pos.board().is_four() {
        return evaluate_four(pos, rules, me);
    }
    let board = pos.board();
    let dist = distances();
    let mut mines = [0u8; 2];
    let mut flag: [Option<NodeId>; 2] = [None; 2];
    let mut flag_up = [false; 2];
    let mut lowest = [u8::MAX; 2];
    let mut movers = [(NodeSet::EMPTY, NodeSet::EMPTY); 2];
    let mut raiders = [NodeSet::EMPTY; 2];
    // Pieces that may still move: not a mine or flag, not held in an HQ (a face-down piece may
    // be flipped).
    let mut free = [0u8; 2];
    let frozen_hqs = if rules.movable_hq {
        NodeSet::EMPTY
    } else {
        board.tables.hqs
    };
    for (i, c) in pos.cells().iter().enumerate() {
        let Some(p) = c else { continue };
        let s = p.side().index();
        if (p.is_face_down() || p.rank().is_movable()) && !frozen_hqs.contains(i as NodeId) {
            free[s] += 1;
        }
        let (walk, fly) = &mut movers[s];
        mover_sets(rules, *p, i as NodeId, walk, fly);
        if is_raider(*p) {
            raiders[s].insert(i as NodeId);
        }
        match p.rank() {
            Rank::Mine => mines[s] += 1,
            Rank::Flag => {
                flag[s] = Some(i as NodeId);
                flag_up[s] = !p.is_face_down();
            }
            r if r.is_officer() && !p.is_face_down() => lowest[s] = lowest[s].min(r as u8),
            _ => {}
        }
    }
    let mut score = [0i32; 2];
    for (i, c) in pos.cells().iter().enumerate() {
        let Some(p) = c else { continue };
        if p.is_face_down() {
            continue;
        }
        let s = p.side().index();
        let o = 1 - s;
        let r = p.rank();
        let n = i as NodeId;
        let mut v = value(r, mines[o], rules.mode);
        if r == Rank::Mine {
            if let Some(f) = flag[s]
                && board.linked(n, f)
            {
                v += 10;
            }
        } else if r.is_movable() {
            if board.is_rail(n) {
                v += if r == Rank::Engineer { 3 } else { 2 };
            }
            if let Some(f) = flag[o] {
                let may_take = match rules.mode {
                    // The flag must be face up, its mines gone, and only the smallest may take it.
                    Mode::Flip => flag_up[o] && mines[o] == 0 && r as u8 == lowest[s],
                    Mode::Open | Mode::Hidden => true,
                };
                let d = if r == Rank::Engineer || (r == Rank::Bomb && rules.flying_bombs) {
                    dist.fly[n as usize][f as usize]
                } else {
                    dist.walk[n as usize][f as usize]
                };
                let w = match r {
                    Rank::Engineer => 3,
                    Rank::Lieutenant | Rank::Captain | Rank::Major | Rank::Colonel => 2,
                    _ => 1,
                };
                if may_take {
                    v += w * PRESSURE[(d as usize).min(PRESSURE.len() - 1)];
                } else if rules.mode.deals_face_down() && flag_up[o] {
                    // Clearing the way: pieces near a face-up flag still help dig its mines.
                    v += PRESSURE[(d as usize).min(PRESSURE.len() - 1)] / 2;
                }
            }
        }
        score[s] += v;
    }
    for side in Seat::BOTH {
        let enemy = 1 - side.index();
        score[side.index()] -= raid_danger(pos, rules, side, raiders[enemy])
            + doors_open(pos, rules, side, dist, movers[enemy])
            + FEW_FREE[(free[side.index()] as usize).min(FEW_FREE.len() - 1)];
    }
    if let Some(side) = quiet_burdened(pos, rules) {
        let left = rules.quiet_limit.saturating_sub(pos.quiet()) as usize;
        score[side.index()] -= QUIET_BURDEN[left.min(QUIET_BURDEN.len() - 1)];
    }
    // Mine less the other colour's.
    Seat::BOTH
        .iter()
        .map(|&s| {
            if s == me {
                score[s.index()]
            } else {
                -score[s.index()]
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_on_the_board() {
        let b = Board::two_player();
        let n = |s: &str| b.node_by_name(s).unwrap() as usize;
        let d = distances();
        assert_eq!(d.walk[n("a2")][n("a11")], 1);
        assert_eq!(d.walk[n("a2")][n("e11")], 2);
        assert_eq!(d.fly[n("a2")][n("e11")], 1);
        assert_eq!(d.walk[n("c3")][n("c3")], 0);
        assert_eq!(d.walk[n("b1")][n("b2")], 1);
    }

    /// `flag_danger` as it was before raiders far from every door were passed by: every enemy
    /// engineer and bomb's destinations worked out.
    fn danger_by_every_raider(pos: &Position, rules: &Rules, side: Seat) -> i32 {
        let guards = guard_squares(pos, side);
        let mut danger = 0;
        for (i, c) in pos.cells().iter().enumerate() {
            let Some(p) = c else { continue };
            if p.side().team() == side.team() || !is_raider(*p) {
                continue;
            }
            let engineer = p.rank() == Rank::Engineer;
            let mut worst = 0;
            for g in (pos.reach(rules, i as NodeId) & guards).iter() {
                let opens = pos
                    .at(g)
                    .is_none_or(|d| !engineer || matches!(d.rank(), Rank::Mine | Rank::Engineer));
                if opens {
                    let w = if engineer { RAID_ENGINEER } else { RAID_BOMB };
                    worst = worst.max(if answered(pos, rules, side, g) {
                        w
                    } else {
                        2 * w
                    });
                }
            }
            danger += worst;
        }
        danger
    }

    /// The shortcut in `raid_danger` changes no sum: along random games, two and four players,
    /// with and without flying bombs, every seat's danger is what working out every raider's
    /// destinations gives.
    #[test]
    fn raiders_far_from_the_doors_are_passed_by_without_changing_the_danger() {
        use crate::engine::Game;
        use crate::engine::game::Start;
        use crate::engine::rng::SplitMix64;
        let mut seen_danger = 0;
        for seed in 1..=12u64 {
            let rules = Rules {
                flying_bombs: seed % 2 == 0,
                ..Rules::default()
            };
            let start = if seed % 3 == 0 {
                Start::random_four(&rules, seed)
            } else {
                Start::random(&rules, seed)
            };
            let game = Game::new(rules.clone(), start).unwrap();
            let mut pos = *game.position();
            let mut rng = SplitMix64::new(seed);
            for _ in 0..300 {
                for &side in pos.board().seats {
                    let d = flag_danger(&pos, &rules, side);
                    assert_eq!(d, danger_by_every_raider(&pos, &rules, side), "{seed}");
                    seen_danger += usize::from(d > 0);
                }
                let turns = pos.legal_turns(&rules);
                if turns.is_empty() {
                    break;
                }
                let t = turns[rng.below(turns.len() as u64) as usize];
                pos.play_unchecked_fast(&rules, t);
            }
        }
        // The games reach raids, so the comparison covers more than zeros.
        assert!(seen_danger > 50, "{seen_danger}");
    }

    /// A bomb is worth what it takes with it: where the enemy's pieces are unseen (hidden mode)
    /// giving it for a brigadier is a gain, and where they are seen (open mode) a loss, since it
    /// may wait for a general there.
    #[test]
    fn a_bomb_for_a_brigadier_pays_in_hidden_mode_only() {
        let before = "bMbFbM..../........../........../........../......b6../....b6..../....rB..../........../........../........../r1......../rMrFrM.... r 0 0";
        let after = "bMbFbM..../........../........../........../......b6../........../........../........../........../........../r1......../rMrFrM.... r 0 0";
        for (mode, gains) in [(Mode::Hidden, true), (Mode::Open, false)] {
            let rules = Rules::for_mode(mode);
            let score = |text: &str| {
                let pos = Position::from_notation(text, &rules).unwrap();
                evaluate(&pos, &rules, Seat::Red)
            };
            assert_eq!(score(after) > score(before), gains, "{mode:?}");
        }
    }

    #[test]
    fn material_counts() {
        let rules = Rules::default();
        let pos = Position::from_notation(
            "bF......../........../........../........../........../........../........../........../........../........../........../rFr9...... r 0 0",
            &rules,
        )
        .unwrap();
        assert!(evaluate(&pos, &rules, Seat::Red) > 90);
        assert_eq!(
            evaluate(&pos, &rules, Seat::Red),
            -evaluate(&pos, &rules, Seat::Blue)
        );
    }
}
