//! The referee's model, driven by its commands without a window.

use super::*;
use crate::editor::EditorOutcome;
use crate::engine::rng::SplitMix64;
use crate::engine::{Action, EndReason, Formation, NodeId, Rank, Status, Turn};
use crate::i18n::Lang;

fn judge_cmd(r: &mut Referee, c: JudgeCmd) {
    assert_eq!(r.apply(RefereeCmd::Judge(c)), RefereeOutcome::Stay);
}

fn table(r: &Referee) -> &JudgeTable {
    match &r.stage {
        Stage::Judge(j) => j,
        _ => panic!("not the clash judge"),
    }
}

fn tracked(r: &Referee) -> &Tracked {
    match &r.stage {
        Stage::Tracked(t) => t,
        _ => panic!("not a tracked game"),
    }
}

fn judge_referee() -> Referee {
    let mut r = Referee::new(&Rules::default(), None);
    r.apply(RefereeCmd::Choose(Way::Judge));
    r
}

/// One clash entered through the commands, as the pad sends them.
fn clash(r: &mut Referee, attacker: Seat, a: Rank, d: Rank) {
    judge_cmd(r, JudgeCmd::Attacks(attacker));
    judge_cmd(r, JudgeCmd::Enter(a));
    judge_cmd(r, JudgeCmd::Ready);
    judge_cmd(r, JudgeCmd::Enter(d));
}

#[test]
fn judge_commands_judge_a_clash_after_the_hand_over() {
    let mut r = judge_referee();
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::Red));
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Colonel));
    let p = table(&r).pending.expect("a clash being entered");
    assert_eq!((p.who, p.pad_open), (Seat::Blue, false));
    // The pad is closed until the defender is at the screen: an entry now changes nothing.
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Major));
    assert_eq!(table(&r).pending, Some(p));
    assert_eq!(table(&r).judge.clashes(), 0);
    judge_cmd(&mut r, JudgeCmd::Ready);
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Major));
    let t = table(&r);
    assert_eq!(t.judge.clashes(), 1);
    assert_eq!(t.judge.lost(Seat::Blue, Rank::Major), 1);
    assert!(t.pending.is_none());
    assert!(matches!(t.notice, Some(Notice::Verdict(_))));
    assert_eq!(t.log.len(), 1);
    assert_eq!(t.record.events.len(), 1);
}

#[test]
fn judge_refuses_an_impossible_claim_and_the_same_player_enters_again() {
    let mut r = judge_referee();
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::Blue));
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Mine));
    let t = table(&r);
    assert!(matches!(t.notice, Some(Notice::Refused(_))));
    let p = t.pending.expect("still entering");
    assert_eq!((p.who, p.pad_open), (Seat::Blue, true));
    assert!(t.record.events.is_empty());
    // A third marshal-less clash: Blue's marshal is gone after the first.
    judge_cmd(&mut r, JudgeCmd::CancelClash);
    assert!(table(&r).pending.is_none() && table(&r).notice.is_none());
    clash(&mut r, Seat::Red, Rank::Marshal, Rank::Marshal);
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::Red));
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::General));
    judge_cmd(&mut r, JudgeCmd::Ready);
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Marshal));
    let t = table(&r);
    assert_eq!(t.judge.clashes(), 1);
    let p = t.pending.expect("Blue enters again");
    assert_eq!((p.who, p.pad_open), (Seat::Blue, true));
}

#[test]
fn judge_resignation_and_agreed_draw_end_the_tally_once() {
    let mut r = judge_referee();
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::Red));
    judge_cmd(&mut r, JudgeCmd::Resign(Seat::Blue));
    let t = table(&r);
    assert_eq!(
        t.judge.result(),
        Some(Status::Won(Seat::Red.team(), EndReason::Resignation))
    );
    assert!(t.pending.is_none());
    // Over: no draw, no second resignation, no clash.
    judge_cmd(&mut r, JudgeCmd::AgreedDraw);
    judge_cmd(&mut r, JudgeCmd::Resign(Seat::Red));
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::Red));
    let t = table(&r);
    assert_eq!(t.record.events, vec![JudgeEvent::Resign(Seat::Blue)]);
    assert!(t.pending.is_none());
    // Start again: a fresh tally with the same rules.
    judge_cmd(&mut r, JudgeCmd::Restart);
    judge_cmd(&mut r, JudgeCmd::AgreedDraw);
    assert_eq!(
        table(&r).judge.result(),
        Some(Status::Draw(EndReason::Agreement))
    );
    assert_eq!(table(&r).record.events, vec![JudgeEvent::AgreedDraw]);
}

#[test]
fn judge_losses_by_rank_need_both_players() {
    let mut r = judge_referee();
    clash(&mut r, Seat::Red, Rank::Colonel, Rank::Major);
    // Nobody asked: a confirmation changes nothing.
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Confirm));
    assert!(!table(&r).by_rank);
    judge_cmd(&mut r, JudgeCmd::AskByRank);
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Agree(Seat::Red, true)));
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Confirm));
    assert!(!table(&r).by_rank, "one player is not enough");
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Agree(Seat::Blue, true)));
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Agree(Seat::Red, false)));
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Confirm));
    assert!(!table(&r).by_rank, "Red took the consent back");
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Agree(Seat::Red, true)));
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Confirm));
    let t = table(&r);
    assert!(t.by_rank && t.by_rank_consent.is_none());
    assert_eq!(t.record.events.last(), Some(&JudgeEvent::ShowByRank));
    judge_cmd(&mut r, JudgeCmd::HideByRank);
    assert!(!table(&r).by_rank);
    judge_cmd(&mut r, JudgeCmd::AskByRank);
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Cancel));
    assert!(table(&r).by_rank_consent.is_none());
}

fn formation(seed: u64, rules: &Rules) -> Formation {
    Formation::random(&mut SplitMix64::new(seed), rules)
}

fn form(r: &mut Referee, c: FormationCmd) {
    assert_eq!(r.apply(RefereeCmd::Formation(c)), RefereeOutcome::Stay);
}

/// Both formations entered in the editor, as the screen sends them.
fn tracked_referee() -> Referee {
    let mut r = Referee::new(&Rules::default(), None).with_bottom(Seat::Blue);
    r.apply(RefereeCmd::Choose(Way::Tracked));
    for seed in [1, 2] {
        let f = formation(seed, &r.rules);
        form(&mut r, FormationCmd::Continue);
        form(&mut r, FormationCmd::OpenEditor(Lang::En));
        form(
            &mut r,
            FormationCmd::Editor(EditorOutcome::UseInGame(f, None)),
        );
    }
    r
}

#[test]
fn tracked_formations_are_entered_behind_the_curtain() {
    let mut r = Referee::new(&Rules::default(), None);
    r.apply(RefereeCmd::Choose(Way::Tracked));
    let red = formation(1, &r.rules);
    // The curtain is up: no editor, and a formation from nowhere changes nothing.
    form(&mut r, FormationCmd::OpenEditor(Lang::En));
    form(
        &mut r,
        FormationCmd::Editor(EditorOutcome::UseInGame(red.clone(), None)),
    );
    let Stage::Formations(f) = &r.stage else {
        panic!("entering formations")
    };
    assert!(f.editor.is_none() && !f.red_is_in() && f.curtain);
    form(&mut r, FormationCmd::Continue);
    form(&mut r, FormationCmd::OpenEditor(Lang::En));
    // A formation with a problem is refused with the reason; Red enters again.
    let mut bad = red.clone();
    *bad.grid.iter_mut().flatten().find(|c| c.is_some()).unwrap() = None;
    assert!(!bad.problems(&r.rules).is_empty());
    form(
        &mut r,
        FormationCmd::Editor(EditorOutcome::UseInGame(bad, None)),
    );
    let Stage::Formations(f) = &r.stage else {
        panic!("entering formations")
    };
    assert!(f.error.is_some() && !f.red_is_in() && f.editor.is_none());
    assert_eq!(f.side, Seat::Red);
    form(&mut r, FormationCmd::OpenEditor(Lang::En));
    form(
        &mut r,
        FormationCmd::Editor(EditorOutcome::UseInGame(red, None)),
    );
    let Stage::Formations(f) = &r.stage else {
        panic!("entering formations")
    };
    assert!(f.red_is_in() && f.error.is_none());
    assert_eq!((f.side, f.curtain), (Seat::Blue, true));
    let blue = formation(2, &r.rules);
    form(&mut r, FormationCmd::Continue);
    form(&mut r, FormationCmd::OpenEditor(Lang::En));
    form(&mut r, FormationCmd::Editor(EditorOutcome::Close));
    form(
        &mut r,
        FormationCmd::Editor(EditorOutcome::UseInGame(blue.clone(), None)),
    );
    assert!(
        matches!(r.stage, Stage::Formations(_)),
        "the editor was closed"
    );
    form(&mut r, FormationCmd::OpenEditor(Lang::En));
    form(
        &mut r,
        FormationCmd::Editor(EditorOutcome::UseInGame(blue, None)),
    );
    let t = tracked(&r);
    assert!(t.game().plies().is_empty());
    assert_eq!(t.game().rules().mode, Mode::Hidden);
}

/// The first legal move of the side to move.
fn a_move(game: &Game) -> (NodeId, NodeId) {
    match game.position().legal_turns(game.rules()).first() {
        Some(&Turn::Move { from, to }) => (from, to),
        t => panic!("no move: {t:?}"),
    }
}

fn track(r: &mut Referee, c: TrackedCmd) {
    assert_eq!(r.apply(RefereeCmd::Tracked(c)), RefereeOutcome::Stay);
}

#[test]
fn tracked_moves_by_click_and_by_drag_and_refuses_with_a_reason() {
    let mut r = tracked_referee();
    assert_eq!(tracked(&r).bottom, Seat::Blue);
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Click(from));
    assert_eq!(tracked(&r).selected, Some(from));
    track(&mut r, TrackedCmd::Click(to));
    assert_eq!(tracked(&r).game().plies().len(), 1);
    assert_eq!(tracked(&r).selected, None);
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Drop(from, to));
    assert_eq!(tracked(&r).game().plies().len(), 2);
    // An enemy piece cannot be picked up: the reason is given, nothing is played.
    let enemy = tracked(&r)
        .game()
        .position()
        .pieces(Seat::Blue)
        .next()
        .map(|(n, _)| n)
        .unwrap();
    track(&mut r, TrackedCmd::Click(enemy));
    assert!(tracked(&r).message.is_some());
    assert_eq!(tracked(&r).game().plies().len(), 2);
    // "Save as…" goes to the window.
    assert_eq!(r.apply(RefereeCmd::SaveAs), RefereeOutcome::SaveAs);
}

#[test]
fn tracked_resignation_is_undone_only_when_both_agree_and_noted() {
    let mut r = tracked_referee();
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Drop(from, to));
    track(&mut r, TrackedCmd::Resign(Seat::Blue));
    assert!(tracked(&r).game().status().is_over());
    // Over: no move, no second resignation.
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Drop(from, to));
    track(&mut r, TrackedCmd::Resign(Seat::Red));
    assert_eq!(
        tracked(&r).game().status(),
        Status::Won(Seat::Red.team(), EndReason::Resignation)
    );
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    assert!(tracked(&r).game().status().is_over(), "nobody asked");
    track(&mut r, TrackedCmd::AskUndo);
    track(&mut r, TrackedCmd::Undo(Consent::Agree(Seat::Red, true)));
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    assert!(tracked(&r).game().status().is_over(), "one player agreed");
    track(&mut r, TrackedCmd::Undo(Consent::Agree(Seat::Blue, true)));
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    let t = tracked(&r);
    assert!(!t.game().status().is_over());
    assert_eq!(t.game().plies().len(), 1);
    assert!(t.game().record().referee_view_used());
    assert_eq!(
        tracked_notes(t.game()),
        vec![TrackedNote::Reopened {
            ply: 1,
            status: Status::Won(Seat::Red.team(), EndReason::Resignation)
        }]
    );
}

#[test]
fn tracked_agreed_draw_is_an_offer_and_its_acceptance_undone_together() {
    let mut r = tracked_referee();
    track(&mut r, TrackedCmd::AgreedDraw);
    let t = tracked(&r);
    assert_eq!(t.game().status(), Status::Draw(EndReason::Agreement));
    assert_eq!(
        t.game().record().actions,
        vec![Action::OfferDraw(Seat::Red), Action::AcceptDraw(Seat::Blue)]
    );
    track(&mut r, TrackedCmd::AskUndo);
    track(&mut r, TrackedCmd::Undo(Consent::Cancel));
    assert!(tracked(&r).undo_consent.is_none());
    track(&mut r, TrackedCmd::AskUndo);
    track(&mut r, TrackedCmd::Undo(Consent::Agree(Seat::Red, true)));
    track(&mut r, TrackedCmd::Undo(Consent::Agree(Seat::Blue, true)));
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    let t = tracked(&r);
    assert!(!t.game().status().is_over());
    assert_eq!(t.game().draw_offer(), None);
}

#[test]
fn tracked_takeback_needs_both_players_and_is_noted() {
    let mut r = tracked_referee();
    // Nothing to undo yet: nobody is asked.
    track(&mut r, TrackedCmd::AskUndo);
    assert!(tracked(&r).undo_consent.is_none());
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Drop(from, to));
    let mv = tracked(&r).game().plies()[0]
        .turn
        .unwrap()
        .notation(tracked(&r).game().board());
    track(&mut r, TrackedCmd::AskUndo);
    track(&mut r, TrackedCmd::Undo(Consent::Agree(Seat::Blue, true)));
    track(&mut r, TrackedCmd::Undo(Consent::Agree(Seat::Red, true)));
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    let t = tracked(&r);
    assert!(t.game().plies().is_empty());
    assert_eq!(
        tracked_notes(t.game()),
        vec![TrackedNote::TakenBack { ply: 0, turn: mv }]
    );
}

#[test]
fn commands_for_another_stage_change_nothing() {
    let mut r = Referee::new(&Rules::default(), None);
    // The menu: house rules change here, and only those offered.
    assert_eq!(
        r.apply(RefereeCmd::SetRule(
            HouseRule::FlyingBombs,
            RuleValue::Switch(true)
        )),
        RefereeOutcome::Stay
    );
    assert!(r.rules.flying_bombs);
    r.apply(RefereeCmd::SetRule(
        HouseRule::MoveClock,
        RuleValue::Clock(Some(30)),
    ));
    assert_eq!(r.rules.move_clock, None);
    // A value of the wrong kind is refused.
    r.apply(RefereeCmd::SetRule(HouseRule::Mines, RuleValue::Turns(3)));
    assert_eq!(r.rules.mines, Rules::default().mines);
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::Red));
    track(&mut r, TrackedCmd::Resign(Seat::Red));
    form(&mut r, FormationCmd::Continue);
    assert_eq!(r.apply(RefereeCmd::SaveAs), RefereeOutcome::Stay);
    assert!(matches!(r.stage, Stage::Menu));
    // The judge takes the menu's rules; rules change no more once it runs.
    r.apply(RefereeCmd::Choose(Way::Judge));
    assert!(table(&r).judge.rules().flying_bombs);
    r.apply(RefereeCmd::SetRule(
        HouseRule::FlyingBombs,
        RuleValue::Switch(false),
    ));
    assert!(r.rules.flying_bombs);
    r.apply(RefereeCmd::Menu);
    assert!(matches!(r.stage, Stage::Menu));
    assert_eq!(r.apply(RefereeCmd::Leave), RefereeOutcome::Leave);
}

#[test]
fn autosave_and_resume_bring_back_the_tracked_game_and_the_tally() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path();
    let (mut saves, warning) = RefereeSaves::open(Some(games));
    assert!(warning.is_none());
    // A tracked game with one move, autosaved.
    let mut r = tracked_referee();
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Drop(from, to));
    assert_eq!(saves.autosave(Some(&mut r)), Autosaved::default());
    let file = games.join("referee").join(TRACKED_FILE);
    assert!(file.exists());
    let position = tracked(&r).game().position().notation();
    // The next run offers it; resuming puts it on a new referee screen.
    let (mut saves, _) = RefereeSaves::open(Some(games));
    assert!(saves.tracked_offer.is_some());
    let fresh = Referee::new(&Rules::default(), None).with_bottom(Seat::Blue);
    let out = saves.resume(ResumeCmd::ResumeTracked, fresh);
    let back = out.referee.expect("resumed");
    assert!(out.warning.is_none());
    assert_eq!(tracked(&back).game().position().notation(), position);
    assert_eq!(tracked(&back).bottom, Seat::Blue);
    assert!(saves.tracked_offer.is_none());
    // Nothing more on offer: a second resume does nothing.
    let again = saves.resume(
        ResumeCmd::ResumeTracked,
        Referee::new(&Rules::default(), None),
    );
    assert!(again.referee.is_none());

    // A tally with one clash, autosaved, left (offered again), and resumed.
    let mut j = judge_referee();
    clash(&mut j, Seat::Red, Rank::Colonel, Rank::Major);
    assert_eq!(saves.autosave(Some(&mut j)), Autosaved::default());
    assert!(games.join("referee").join(JUDGE_FILE).exists());
    saves.autosave(None);
    assert!(saves.judge_offer.is_some());
    let out = saves.resume(
        ResumeCmd::ResumeJudge,
        Referee::new(&Rules::default(), None),
    );
    let back = out.referee.expect("resumed");
    assert_eq!(table(&back).judge.clashes(), 1);
    assert_eq!(table(&back).log, table(&j).log);
    // Discarding a tally keeps it aside, out of the offer.
    saves.autosave(None);
    assert!(saves.judge_offer.is_some());
    let out = saves.resume(
        ResumeCmd::DiscardJudge,
        Referee::new(&Rules::default(), None),
    );
    assert!(out.referee.is_none() && out.warning.is_none());
    assert!(!games.join("referee").join(JUDGE_FILE).exists());
    assert!(saves.judge_offer.is_none());
}

fn judge4_referee() -> Referee {
    let mut r = Referee::new(&Rules::default(), None);
    r.apply(RefereeCmd::SetFour(true));
    r.apply(RefereeCmd::Choose(Way::Judge));
    r
}

/// One four-player clash entered through the commands: attacker, seat attacked, both pieces.
fn clash4(r: &mut Referee, attacker: Seat, defender: Seat, a: Rank, d: Rank) {
    judge_cmd(r, JudgeCmd::Attacks(attacker));
    judge_cmd(r, JudgeCmd::Defends(defender));
    judge_cmd(r, JudgeCmd::Enter(a));
    judge_cmd(r, JudgeCmd::Ready);
    judge_cmd(r, JudgeCmd::Enter(d));
}

#[test]
fn four_player_judge_chooses_the_defender_among_opponents_still_in() {
    let mut r = judge4_referee();
    assert!(table(&r).judge.is_four());
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::South));
    let p = table(&r).pending.expect("a clash being chosen");
    assert_eq!((p.defender, p.pad_open), (None, false));
    // No pad before the seat attacked is chosen; a partner or a two-player seat is no choice.
    judge_cmd(&mut r, JudgeCmd::Ready);
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Major));
    judge_cmd(&mut r, JudgeCmd::Defends(Seat::North));
    judge_cmd(&mut r, JudgeCmd::Defends(Seat::Blue));
    assert_eq!(table(&r).pending, Some(p));
    judge_cmd(&mut r, JudgeCmd::Defends(Seat::West));
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Colonel));
    let p = table(&r).pending.unwrap();
    assert_eq!((p.who, p.pad_open), (Seat::West, false));
    judge_cmd(&mut r, JudgeCmd::Ready);
    judge_cmd(&mut r, JudgeCmd::Enter(Rank::Major));
    let t = table(&r);
    assert_eq!(t.judge.lost(Seat::West, Rank::Major), 1);
    assert_eq!(t.lost_total(Seat::South), 0);
    assert_eq!(
        t.log[0].en,
        "Clash 1 (South attacked West): The defender's piece leaves the board"
    );
    assert_eq!(
        t.record.events,
        vec![JudgeEvent::Clash {
            attacker: Seat::South,
            attack: Rank::Colonel,
            defend: Rank::Major,
            defender: Some(Seat::West),
        }]
    );
}

#[test]
fn four_player_judge_announces_who_is_out_and_the_team_result() {
    let mut r = judge4_referee();
    clash4(
        &mut r,
        Seat::East,
        Seat::North,
        Rank::Marshal,
        Rank::Marshal,
    );
    let said = &table(&r).log[0].en;
    assert!(said.contains("East must show its flag"), "{said}");
    assert!(said.contains("North must show its flag"), "{said}");
    clash4(&mut r, Seat::South, Seat::West, Rank::Engineer, Rank::Flag);
    let said = &table(&r).log[1].en;
    assert!(said.contains("West is out: the flag was taken"), "{said}");
    assert!(table(&r).judge.is_out(Seat::West));
    // West is out: it neither attacks nor is chosen as the seat attacked.
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::West));
    assert!(table(&r).pending.is_none());
    judge_cmd(&mut r, JudgeCmd::Attacks(Seat::North));
    judge_cmd(&mut r, JudgeCmd::Defends(Seat::West));
    assert_eq!(table(&r).pending.unwrap().defender, None);
    judge_cmd(&mut r, JudgeCmd::CancelClash);
    // East resigns: both of East and West are out, South and North win.
    judge_cmd(&mut r, JudgeCmd::Resign(Seat::East));
    let t = table(&r);
    assert_eq!(
        t.judge.result(),
        Some(Status::Won(
            crate::engine::Team::SouthNorth,
            EndReason::Resignation
        ))
    );
    assert!(
        t.log
            .iter()
            .any(|s| s.en.contains("East is out: resignation"))
    );
    // The record replays to the same tally and log.
    let text = t.record.to_ron();
    let again = JudgeTable::from_record(JudgeRecord::from_ron(&text).unwrap()).unwrap();
    assert_eq!(again.log, t.log);
    assert!(again.judge.is_four());
    assert_eq!(again.judge.result(), t.judge.result());
}

#[test]
fn four_player_losses_by_rank_need_all_four() {
    let mut r = judge4_referee();
    judge_cmd(&mut r, JudgeCmd::AskByRank);
    for s in [Seat::South, Seat::East, Seat::North] {
        judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Agree(s, true)));
    }
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Confirm));
    assert!(!table(&r).by_rank);
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Agree(Seat::West, true)));
    judge_cmd(&mut r, JudgeCmd::ByRank(Consent::Confirm));
    assert!(table(&r).by_rank);
}

#[test]
fn a_two_player_judge_record_names_no_seats_and_replays() {
    // Records written before four players (no `defender`, no `four`) keep reading: a two-player
    // record is written exactly as before.
    let mut t = JudgeTable::new(Rules::default());
    t.apply_event(JudgeEvent::Clash {
        attacker: Seat::Red,
        attack: Rank::Colonel,
        defend: Rank::Major,
        defender: None,
    })
    .unwrap();
    let text = t.record.to_ron();
    assert!(!text.contains("defender"), "{text}");
    assert!(!text.contains("four"), "{text}");
    let t = JudgeTable::from_record(JudgeRecord::from_ron(&text).unwrap()).unwrap();
    assert!(!t.judge.is_four());
    assert_eq!(t.judge.lost(Seat::Blue, Rank::Major), 1);
    // A four-player clash in a two-player record is refused.
    let mut bad = t.record.clone();
    bad.events.push(JudgeEvent::Clash {
        attacker: Seat::South,
        attack: Rank::Colonel,
        defend: Rank::Major,
        defender: Some(Seat::East),
    });
    assert!(JudgeTable::from_record(bad).is_err());
}

/// Four formations entered in the editor, as the screen sends them.
fn tracked4_referee() -> Referee {
    let mut r = Referee::new(&Rules::default(), None);
    r.apply(RefereeCmd::SetFour(true));
    r.apply(RefereeCmd::Choose(Way::Tracked));
    for (i, seed) in [1, 2, 3, 4].into_iter().enumerate() {
        let Stage::Formations(f) = &r.stage else {
            panic!("entering formations")
        };
        assert_eq!((f.side, f.curtain), (Seat::FOUR[i], true));
        assert_eq!(f.seats_in(), &Seat::FOUR[..i]);
        let f = formation(seed, &r.rules);
        form(&mut r, FormationCmd::Continue);
        form(&mut r, FormationCmd::OpenEditor(Lang::En));
        form(
            &mut r,
            FormationCmd::Editor(EditorOutcome::UseInGame(f, None)),
        );
    }
    r
}

#[test]
fn four_player_tracked_game_takes_four_formations_and_needs_all_four_to_undo_or_draw() {
    let mut r = tracked4_referee();
    // A player who resigns before the first turn is announced out.
    track(&mut r, TrackedCmd::Resign(Seat::North));
    let said = tracked(&r).announcements(Lang::En);
    assert_eq!(
        said,
        vec![(
            Seat::North,
            "North is out: resignation; all their pieces leave the board".to_string()
        )]
    );
    let t = tracked(&r);
    assert!(t.game().board().is_four());
    assert_eq!((t.mover(), t.bottom), (Seat::South, Seat::South));
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Click(from));
    track(&mut r, TrackedCmd::Click(to));
    assert_eq!(tracked(&r).mover(), Seat::East);
    // Undo: every player must agree; the takeback is South's.
    track(&mut r, TrackedCmd::AskUndo);
    for s in [Seat::South, Seat::East, Seat::North] {
        track(&mut r, TrackedCmd::Undo(Consent::Agree(s, true)));
    }
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    assert_eq!(tracked(&r).game().plies().len(), 1);
    track(&mut r, TrackedCmd::Undo(Consent::Agree(Seat::West, true)));
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    let game = tracked(&r).game();
    assert!(game.plies().is_empty());
    assert!(game.record().actions.iter().any(|a| matches!(
        a,
        Action::Takeback {
            by: Seat::South,
            turns: 1
        }
    )));
    // A draw agreed at the table: every player still in.
    track(&mut r, TrackedCmd::Resign(Seat::West));
    track(&mut r, TrackedCmd::AgreedDraw);
    assert_eq!(
        tracked(&r).game().status(),
        Status::Draw(EndReason::Agreement)
    );
}

#[test]
fn a_four_player_table_may_play_clockwise_and_the_tracked_game_follows_it() {
    use crate::engine::rules::TurnOrder;
    let cw = RuleValue::Order(TurnOrder::Clockwise);
    let mut r = Referee::new(&Rules::default(), None);
    // Two players: the turn order is not offered, so the command changes nothing.
    r.apply(RefereeCmd::SetRule(HouseRule::TurnOrder, cw));
    assert_eq!(r.rules.turn_order, TurnOrder::Counterclockwise);
    r.apply(RefereeCmd::SetFour(true));
    r.apply(RefereeCmd::SetRule(HouseRule::TurnOrder, cw));
    assert_eq!(r.rules.turn_order, TurnOrder::Clockwise);
    assert!(super::words::rules_summary(&r.rules, Lang::En).contains("clockwise"));
    // Back to two players: the order goes back to its default.
    r.apply(RefereeCmd::SetFour(false));
    assert_eq!(r.rules.turn_order, TurnOrder::Counterclockwise);
    r.apply(RefereeCmd::SetFour(true));
    r.apply(RefereeCmd::SetRule(HouseRule::TurnOrder, cw));
    r.apply(RefereeCmd::Choose(Way::Tracked));
    for seed in [1, 2, 3, 4] {
        let f = formation(seed, &r.rules);
        form(&mut r, FormationCmd::Continue);
        form(&mut r, FormationCmd::OpenEditor(Lang::En));
        form(
            &mut r,
            FormationCmd::Editor(EditorOutcome::UseInGame(f, None)),
        );
    }
    // South moves, then West (clockwise), not East.
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Click(from));
    track(&mut r, TrackedCmd::Click(to));
    assert_eq!(tracked(&r).mover(), Seat::West);
}

#[test]
fn four_player_tracked_draw_reopened_takes_the_offer_and_every_acceptance() {
    let mut r = tracked4_referee();
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Drop(from, to));
    track(&mut r, TrackedCmd::AgreedDraw);
    assert_eq!(
        tracked(&r).game().status(),
        Status::Draw(EndReason::Agreement)
    );
    track(&mut r, TrackedCmd::AskUndo);
    for s in Seat::FOUR {
        track(&mut r, TrackedCmd::Undo(Consent::Agree(s, true)));
    }
    track(&mut r, TrackedCmd::Undo(Consent::Confirm));
    let t = tracked(&r);
    assert!(!t.game().status().is_over());
    assert_eq!(
        t.game().draw_offer(),
        None,
        "no offer is left half accepted"
    );
    assert_eq!(t.mover(), Seat::East);
    // Play goes on, and the players may agree a draw again.
    let (from, to) = a_move(tracked(&r).game());
    track(&mut r, TrackedCmd::Drop(from, to));
    assert_eq!(tracked(&r).game().plies().len(), 2);
    track(&mut r, TrackedCmd::AgreedDraw);
    assert_eq!(
        tracked(&r).game().status(),
        Status::Draw(EndReason::Agreement)
    );
}
