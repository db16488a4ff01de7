//! Player aids and desktop polish: the idle move clock, the in-app rules.

use junqi::app::clock_wait;

#[test]
fn move_clock_repaints_only_when_the_shown_second_changes() {
    let ms = |left: f64| clock_wait(left).as_secs_f64() * 1000.0;
    // 25.3 s left shows 26 until 25.0: wait 0.3 s (and a hair more), not a frame.
    assert!((ms(25.3) - 305.0).abs() < 1.0, "{}", ms(25.3));
    // On a whole second the next change is a full second away.
    assert!((ms(25.0) - 1005.0).abs() < 1.0, "{}", ms(25.0));
    assert!((ms(0.2) - 205.0).abs() < 1.0, "{}", ms(0.2));
    // Run out: repaint at once (the timeout is handled on that frame).
    assert!(ms(0.0) < 10.0 && ms(-1.0) < 10.0);
}
