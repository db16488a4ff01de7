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

#[test]
fn window_icon_is_embedded_and_square() {
    let icon = junqi::app::icon();
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    // The desktop file names the same application id and icon.
    let desktop = include_str!("../assets/junqi.desktop");
    assert!(desktop.contains(&format!("StartupWMClass={}", junqi::app::APP_ID)));
    assert!(desktop.contains("Icon=junqi\n"));
}
