use super::*;
use crate::engine::{
    Action, ClashOutcome, EndReason, Mode, Mover, Rules, Seat, Start, Status, Team, Turn,
};

fn report(clash: Option<ClashOutcome>) -> TurnReport {
    TurnReport {
        turn: Turn::Move { from: 10, to: 11 },
        mover: Mover::Side(Seat::Red),
        flipped: None,
        clash,
        flags_revealed: [None, None],
        revealed: None,
        colours_decided: None,
        result: None,
    }
}

#[test]
fn a_plain_move_sounds_as_a_move() {
    assert_eq!(sound_for([Some(&report(None))], false), Some(Sound::Move));
}

#[test]
fn nothing_played_is_no_sound() {
    assert_eq!(sound_for([], false), None);
    // A turn lost to the move clock has no report and makes no sound.
    assert_eq!(sound_for([None], false), None);
}

#[test]
fn every_clash_sounds_the_same_whoever_won_it() {
    // The outcome is public, but the sound does not even tell it: only that pieces met.
    for outcome in [
        ClashOutcome::DefenderRemoved,
        ClashOutcome::AttackerRemoved,
        ClashOutcome::BothRemoved,
        ClashOutcome::MineDug,
        ClashOutcome::Bounced,
    ] {
        assert_eq!(
            turn_sound(&report(Some(outcome))),
            Sound::Clash,
            "{outcome:?}"
        );
    }
}

#[test]
fn a_flag_shown_to_both_sounds_as_a_flag_whichever_side() {
    for side in Seat::BOTH {
        let mut r = report(Some(ClashOutcome::BothRemoved));
        r.flags_revealed = [Some((side, 3)), None];
        assert_eq!(turn_sound(&r), Sound::Flag);
    }
    // Flip mode: a flag turned face up is shown to both.
    let mut flip = report(None);
    flip.turn = Turn::Flip(4);
    flip.flipped = Some((Seat::Blue, Rank::Flag));
    assert_eq!(turn_sound(&flip), Sound::Flag);
    flip.flipped = Some((Seat::Blue, Rank::Marshal));
    assert_eq!(turn_sound(&flip), Sound::Move);
}

#[test]
fn the_end_outranks_everything_and_is_one_sound() {
    let mut last = report(Some(ClashOutcome::DefenderRemoved));
    last.result = Some(Status::Won(Team::Red, EndReason::Flag));
    assert_eq!(turn_sound(&last), Sound::End);
    let move_then_clash = [
        Some(report(None)),
        Some(report(Some(ClashOutcome::Bounced))),
    ];
    assert_eq!(
        sound_for(move_then_clash.iter().map(Option::as_ref), false),
        Some(Sound::Clash)
    );
    // A resignation or an agreed draw ends the game without a turn.
    assert_eq!(sound_for([], true), Some(Sound::End));
    assert_eq!(sound_for([Some(&report(None))], true), Some(Sound::End));
}

fn hidden_game(seed: u64) -> Game {
    let rules = Rules::for_mode(Mode::Hidden);
    Game::new(rules.clone(), Start::random(&rules, seed)).unwrap()
}

/// Play the first legal turn (by the order of `legal_turns`, rotated by `k`) of the side to move.
fn play_some(game: &mut Game, k: usize) {
    let turns = game.position().legal_turns(game.rules());
    let turn = turns[k % turns.len()];
    game.play(turn).unwrap();
}

#[test]
fn a_game_starts_heard_and_sounds_each_new_turn_once() {
    let mut game = hidden_game(3);
    for k in 0..4 {
        play_some(&mut game, k * 7);
    }
    // Opened (or continued) with turns in it: no sound for those.
    let mut heard = Heard::of(&game);
    assert_eq!(heard.take(&game), None);
    play_some(&mut game, 5);
    let expected = turn_sound(game.plies().last().unwrap().report.as_ref().unwrap());
    assert_eq!(heard.take(&game), Some(expected));
    assert_eq!(heard.take(&game), None, "a turn sounds once");
    // A turn undone makes no sound; played again, it sounds.
    game.undo();
    assert_eq!(heard.take(&game), None);
    play_some(&mut game, 5);
    assert_eq!(heard.take(&game), Some(expected));
}

#[test]
fn the_sounds_of_a_hidden_game_follow_its_public_reports_to_the_end() {
    for seed in 0..6 {
        let mut game = hidden_game(seed);
        let mut heard = Heard::of(&game);
        let mut clashes = 0;
        let mut k = seed as usize;
        while !game.status().is_over() && game.plies().len() < 400 {
            // Prefer attacks, so the game has clashes and ends.
            let turns = game.position().legal_turns(game.rules());
            let attack = turns
                .iter()
                .copied()
                .find(|t| matches!(t, Turn::Move { to, .. } if game.position().at(*to).is_some()));
            k = k.wrapping_mul(31).wrapping_add(7);
            game.play(attack.unwrap_or(turns[k % turns.len()])).unwrap();
            let report = game.plies().last().unwrap().report.clone().unwrap();
            let sound = heard.take(&game).unwrap();
            if game.status().is_over() {
                assert_eq!(sound, Sound::End);
            } else if report.flags_revealed().next().is_some() {
                assert_eq!(sound, Sound::Flag);
            } else if report.clash.is_some() {
                clashes += 1;
                assert_eq!(sound, Sound::Clash);
            } else {
                assert_eq!(sound, Sound::Move);
            }
        }
        assert!(clashes > 0, "seed {seed}: no clash");
    }
}

#[test]
fn resigning_sounds_the_end_once() {
    let mut game = hidden_game(1);
    let mut heard = Heard::of(&game);
    game.act(Action::Resign(Seat::Red)).unwrap();
    assert_eq!(heard.take(&game), Some(Sound::End));
    assert_eq!(heard.take(&game), None);
}

#[test]
fn the_recording_sink_keeps_what_it_was_asked() {
    let rec = Recording::default();
    let mut sink: Box<dyn SoundSink> = Box::new(rec.clone());
    sink.play(Sound::Clash);
    sink.play(Sound::End);
    assert_eq!(rec.sounds(), vec![Sound::Clash, Sound::End]);
    assert_eq!(Silent.availability(), Availability::Unavailable);
}

#[test]
fn every_sound_has_its_own_file() {
    for a in Sound::ALL {
        for b in Sound::ALL {
            assert_eq!(a == b, a.wav() == b.wav(), "{a:?} {b:?}");
        }
    }
    // The click is the shortest, the end's arpeggio the longest.
    let len = |s: Sound| wav::read(s.wav()).unwrap().samples.len();
    assert!(len(Sound::Move) < len(Sound::Clash) && len(Sound::Flag) < len(Sound::End));
}
