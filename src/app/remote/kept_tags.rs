//! A player's notes on a network game, kept on this machine while the game goes on (in the data
//! folder's `net-tags`, one file a room), so that a window closed or killed mid-game and joined
//! again with the invite has its guesses and its 记子 back with its seat. The host sends a
//! rejoined window the game's history as it told it, so the removed pieces kept here count only
//! where it sends none (a game taken up again after a host restart); the tags are the player's
//! alone. Never sent anywhere; removed when the game ends.
//!
//! The file: `junqi tags 2 <ply>` (the view's turn count when it was written), then a line per tag,
//! `SQUARE<TAB>SIDE<TAB>TEXT` (SIDE: the index of the seat whose piece it was), and a line per seat
//! whose pieces the player saw removed, `removed<TAB>SIDE<TAB>N1 … N12<TAB>UNKNOWN` (how many of
//! each rank in `Rank::ALL`'s order, marshal first and flag last, and how many of a rank never
//! learnt). Version 1 (tags only) is read too. A file that does not read so is left out whole
//! (these are only the player's notes; the game goes on without them).
//!
//! Turns may have been played while the window was away, and the new window did not see them: a
//! tag is put back only where it cannot have landed on another piece (`restorable`); the pieces
//! removed meanwhile count as of unknown rank.

use crate::app::jizi::Removed;
use crate::engine::{Board, MAX_TAG_CHARS, NodeId, Rank, Seat, Seen, View};
use std::path::{Path, PathBuf};

const HEAD: &str = "junqi tags 2";
/// The first version's head: tags only.
const HEAD_1: &str = "junqi tags 1";
/// The largest file read back (a tag per enemy piece of three enemies is far less).
const MAX_FILE: u64 = 16 * 1024;

/// Notes as kept: the view's ply, (square, whose piece, text) for each tag, and the pieces the
/// player saw removed.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Kept {
    pub ply: u32,
    pub tags: Vec<(NodeId, Seat, String)>,
    pub removed: Removed,
}

/// The file of `room`'s tags in `dir`; none for a code that is not a plain room code.
pub fn path(dir: &Path, room: &str) -> Option<PathBuf> {
    let plain =
        !room.is_empty() && room.len() <= 32 && room.chars().all(|c| c.is_ascii_alphanumeric());
    plain.then(|| dir.join(format!("{room}.tags")))
}

/// The side of the piece `view` shows on `n`, if any.
pub fn side_at(view: &View, n: NodeId) -> Option<Seat> {
    match view.at(n) {
        Seen::Known(p) if !p.is_face_down() => Some(p.side()),
        Seen::Unknown(s) => Some(s),
        _ => None,
    }
}

/// The text of the file.
pub fn text(kept: &Kept, board: &Board) -> String {
    let mut s = format!("{HEAD} {}\n", kept.ply);
    for (n, side, t) in &kept.tags {
        s.push_str(&format!("{}\t{}\t{t}\n", board.name(*n), side.index()));
    }
    for &side in board.seats {
        let (known, unknown) = kept.removed.of(side);
        if known == [0; 12] && unknown == 0 {
            continue;
        }
        let known: Vec<String> = (Rank::ALL.iter())
            .map(|&r| known[r as usize - 1].to_string())
            .collect();
        s.push_str(&format!(
            "removed\t{}\t{}\t{unknown}\n",
            side.index(),
            known.join(" ")
        ));
    }
    s
}

/// A `removed` line's fields: how many of each rank (at most the rank's count) and of unknown
/// rank (at most a side's pieces).
fn parse_removed(known: &str, unknown: &str) -> Option<([u8; 12], u32)> {
    let mut out = [0u8; 12];
    let mut words = known.split(' ');
    for rank in Rank::ALL {
        out[rank as usize - 1] = words.next()?.parse().ok().filter(|&k| k <= rank.count())?;
    }
    let unknown = unknown.parse().ok().filter(|&k: &u32| k <= 25)?;
    words.next().is_none().then_some((out, unknown))
}

/// The tags in `text`, or `None` if it is not such a file (or names a square or a seat `board`
/// lacks, or a tag too long).
pub fn parse(text: &str, board: &Board) -> Option<Kept> {
    let mut lines = text.lines();
    let head = lines.next()?;
    let (rest, two) = match head.strip_prefix(HEAD) {
        Some(rest) => (rest, true),
        None => (head.strip_prefix(HEAD_1)?, false),
    };
    let ply = rest.strip_prefix(' ')?.parse().ok()?;
    let mut tags = Vec::new();
    let mut removed = Removed::default();
    for line in lines {
        let mut parts = line.splitn(4, '\t');
        let (first, side) = (parts.next()?, parts.next()?);
        let side = *board.seats.iter().find(|s| s.index().to_string() == side)?;
        if first == "removed" && two {
            let (known, unknown) = parse_removed(parts.next()?, parts.next()?)?;
            if parts.next().is_some() {
                return None;
            }
            removed.set(side, known, unknown);
            continue;
        }
        let n = board.node_by_name(first)?;
        // A tag's text holds no tab.
        let (t, None) = (parts.next()?, parts.next()) else {
            return None;
        };
        if t.trim().is_empty() || t.chars().count() > MAX_TAG_CHARS {
            return None;
        }
        if tags.len() >= board.len() {
            return None;
        }
        tags.push((n, side, t.to_string()));
    }
    Some(Kept { ply, tags, removed })
}

/// The kept tags that may go back on `view` (the first the rejoined window got), seen by `me`.
///
/// Each goes back only onto a piece of the same side on the same square. While the window was
/// away the others played on; a tag would sit on another piece only if one piece left its square
/// and another of the same side came in — two turns of that side. That cannot happen within
/// fewer turns than there are other seats still in (each has one turn a round; `me` was away and
/// played none), nor within one turn; past that, or after a takeback (fewer turns than kept),
/// nothing goes back.
pub fn restorable(kept: Kept, view: &View, me: Seat) -> Vec<(NodeId, String)> {
    let others = view
        .board()
        .seats
        .iter()
        .filter(|&&s| s != me && !view.out().contains(s))
        .count() as u32;
    let Some(passed) = view.ply().checked_sub(kept.ply) else {
        return Vec::new();
    };
    if passed > 1 && passed >= others {
        return Vec::new();
    }
    kept.tags
        .into_iter()
        .filter(|(n, side, _)| side_at(view, *n) == Some(*side))
        .map(|(n, _, t)| (n, t))
        .collect()
}

/// Read the kept tags (none if there is no file or it does not read).
pub fn read(path: &Path, board: &Board) -> Kept {
    crate::fsutil::read_text(path, MAX_FILE)
        .ok()
        .and_then(|t| parse(&t, board))
        .unwrap_or_default()
}

/// Keep the tags (atomically, in a private folder); a failure only loses them for a rejoin.
pub fn write(path: &Path, kept: &Kept, board: &Board) {
    if let Some(dir) = path.parent() {
        let _ = crate::fsutil::create_private_dir_all(dir).and_then(|()| {
            crate::fsutil::atomic_write_unsynced(path, text(kept, board).as_bytes())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Mode, Rules, Start, Turn, Viewer};

    #[test]
    fn tags_read_back_and_bad_files_are_left_out() {
        let board = Board::two_player();
        let a = board.node_by_name("a1").unwrap();
        let b = board.node_by_name("e12").unwrap();
        let mut removed = Removed::default();
        let mut known = [0; 12];
        known[Rank::Mine as usize - 1] = 2;
        known[Rank::Marshal as usize - 1] = 1;
        removed.set(Seat::Blue, known, 4);
        let kept = Kept {
            ply: 7,
            tags: vec![(a, Seat::Red, "40".into()), (b, Seat::Blue, "炸".into())],
            removed,
        };
        let written = text(&kept, board);
        assert!(
            written.ends_with("removed\t1\t1 0 0 0 0 0 0 0 0 0 2 0\t4\n"),
            "{written}"
        );
        assert_eq!(parse(&written, board), Some(kept.clone()));
        assert_eq!(parse("junqi tags 1 0\n", board), Some(Kept::default()));
        // Version 1: tags only.
        let one = Kept {
            removed: Removed::default(),
            ..kept.clone()
        };
        let v1 = text(&one, board).replace("junqi tags 2", "junqi tags 1");
        assert_eq!(parse(&v1, board), Some(one));
        for bad in [
            "",
            "junqi tags 1\n",
            "junqi tags 3 0\na1\t0\t40\n",
            "junqi tags 1 0\nremoved\t1\t0 0 0 0 0 0 0 0 0 0 0 0\t1\n",
            "junqi tags 2 0\nremoved\t1\t0 0 0 0 0 0 0 0 0 0 0\t1\n",
            "junqi tags 2 0\nremoved\t1\t2 0 0 0 0 0 0 0 0 0 0 0\t1\n",
            "junqi tags 2 0\nremoved\t1\t0 0 0 0 0 0 0 0 0 0 0 2\t1\n",
            "junqi tags 2 0\nremoved\t1\t0 0 0 0 0 0 0 0 0 0 0 0\t26\n",
            "junqi tags 2 0\nremoved\t5\t0 0 0 0 0 0 0 0 0 0 0 0\t1\n",
            "junqi tags 2 0\nremoved\t1\t0 0 0 0 0 0 0 0 0 0 0 0 0\t1\n",
            "junqi tags 2 0\nremoved\t1\t0 0 0 0 0 0 0 0 0 0 0 0\n",
            "junqi tags 2 0\na1\t0\t40\tx\n",
            "junqi tags 1 0\nz99\t0\t40\n",
            "junqi tags 1 0\na1\t9\t40\n",
            "junqi tags 1 0\na1 0 40\n",
            "junqi tags 1 0\na1\t0\t\n",
            "junqi tags 1 0\na1\t0\t123456789\n",
        ] {
            assert_eq!(parse(bad, board), None, "{bad:?}");
        }
        assert_eq!(
            path(Path::new("/d"), "AB12"),
            Some(PathBuf::from("/d/AB12.tags"))
        );
        for bad in ["", "../x", "a b", "a/b"] {
            assert_eq!(path(Path::new("/d"), bad), None);
        }
        let dir = tempfile::tempdir().unwrap();
        let p = path(dir.path(), "ROOM1").unwrap();
        assert_eq!(read(&p, board), Kept::default());
        write(&p, &kept, board);
        assert_eq!(read(&p, board), kept);
    }

    /// Blue tags every Red piece, is away while turns are played, and gets back the tags that
    /// still sit on a Red piece after one turn; none after two turns or a takeback.
    #[test]
    fn tags_go_back_only_where_no_other_piece_can_have_come() {
        let rules = Rules::for_mode(Mode::Hidden);
        let mut game = Game::new(rules.clone(), Start::random(&rules, 9)).unwrap();
        let view = |g: &Game| g.view(Viewer::Side(Seat::Blue));
        let kept = Kept {
            ply: 0,
            tags: game
                .position()
                .pieces(Seat::Red)
                .map(|(n, _)| (n, Seat::Red, "40".to_string()))
                .collect(),
            removed: Removed::default(),
        };
        assert_eq!(restorable(kept.clone(), &view(&game), Seat::Blue).len(), 25);
        // Red moves a piece to an empty square: its tag stays behind and is dropped.
        let (from, to) = game
            .position()
            .legal_turns(&rules)
            .into_iter()
            .find_map(|t| match t {
                Turn::Move { from, to } if game.position().at(to).is_none() => Some((from, to)),
                _ => None,
            })
            .unwrap();
        game.play(Turn::Move { from, to }).unwrap();
        let back = restorable(kept.clone(), &view(&game), Seat::Blue);
        assert_eq!(back.len(), 24);
        assert!(back.iter().all(|(n, _)| *n != from && *n != to));
        // Two turns passed: nothing goes back.
        let t = game.position().legal_turns(&rules)[0];
        game.play(t).unwrap();
        assert!(restorable(kept.clone(), &view(&game), Seat::Blue).is_empty());
        // Kept after more turns than the game has now (a takeback meanwhile): nothing.
        let later = Kept { ply: 5, ..kept };
        assert!(restorable(later, &view(&game), Seat::Blue).is_empty());
    }
}
