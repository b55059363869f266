//! Pixel facts about the primitives: each fails when the geometry is wrong.

use std::f64::consts::{FRAC_PI_2, PI};

use crate::p5::tests::pixel;
use crate::p5::{ArcMode, Cap, Mode, Rgba, P5};

const WHITE: [u8; 4] = [255, 255, 255, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

/// A 20 x 20 black canvas drawing white fills without stroke.
fn canvas() -> P5 {
    let mut p5 = P5::new(20, 20, 1.0).unwrap();
    p5.background(Rgba::grey(0));
    p5.no_stroke();
    p5
}

#[test]
fn rect_mode_center_covers_the_box_around_the_point() {
    let mut p5 = canvas();
    p5.rect_mode(Mode::Center);
    p5.rect(10.0, 10.0, 8.0, -6.0, [0.0; 4]);
    // x from 6 to 14, y from 7 to 13.
    for (x, y) in [(6, 7), (13, 12), (10, 10)] {
        assert_eq!(pixel(&p5, x, y), WHITE, "({x}, {y})");
    }
    for (x, y) in [(5, 10), (14, 10), (10, 6), (10, 13)] {
        assert_eq!(pixel(&p5, x, y), BLACK, "({x}, {y})");
    }
}

#[test]
fn a_negative_width_in_corner_mode_draws_the_other_way() {
    let mut p5 = canvas();
    p5.rect(10.0, 5.0, -4.0, 4.0, [0.0; 4]);
    assert_eq!(pixel(&p5, 7, 6), WHITE);
    assert_eq!(pixel(&p5, 11, 6), BLACK);
    p5.rect_mode(Mode::Corners);
    p5.rect(18.0, 18.0, 14.0, 14.0, [0.0; 4]);
    assert_eq!(pixel(&p5, 15, 15), WHITE);
}

#[test]
fn rounded_corners_leave_the_corner_pixel_as_background() {
    let mut p5 = canvas();
    p5.rect(2.0, 2.0, 16.0, 16.0, [6.0, 6.0, 0.0, 6.0]);
    assert_eq!(pixel(&p5, 2, 2), BLACK);
    assert_eq!(pixel(&p5, 17, 2), BLACK);
    assert_eq!(pixel(&p5, 2, 17), BLACK);
    assert_eq!(pixel(&p5, 17, 17), WHITE, "the square corner");
    assert_eq!(pixel(&p5, 10, 2), WHITE);
    // Radii past half a side are cut to it: a stadium, not a failure.
    let mut p5 = canvas();
    p5.rect(0.0, 6.0, 20.0, 8.0, [100.0; 4]);
    assert_eq!(pixel(&p5, 10, 7), WHITE);
    assert_eq!(pixel(&p5, 0, 6), BLACK);
    // A negative radius draws nothing.
    p5.rect(0.0, 0.0, 20.0, 20.0, [-1.0, 0.0, 0.0, 0.0]);
    assert_eq!(pixel(&p5, 10, 2), BLACK);
}

#[test]
fn ellipse_mode_corner_puts_the_box_at_the_point() {
    let mut p5 = canvas();
    p5.ellipse_mode(Mode::Corner);
    p5.ellipse(0.0, 0.0, 20.0, 10.0);
    assert_eq!(pixel(&p5, 10, 5), WHITE);
    assert_eq!(pixel(&p5, 10, 12), BLACK);
    assert_eq!(pixel(&p5, 0, 0), BLACK);
    // circle follows the ellipse mode too.
    p5.ellipse_mode(Mode::Radius);
    p5.circle(10.0, 15.0, 3.0);
    assert_eq!(pixel(&p5, 10, 13), WHITE);
}

#[test]
fn a_pie_fills_the_centre_a_chord_does_not() {
    let draw = |mode| {
        let mut p5 = canvas();
        // A quarter below and right of the centre (10, 10), radius 8.
        p5.arc(10.0, 10.0, 16.0, 16.0, 0.0, FRAC_PI_2, mode);
        p5
    };
    let (pie, chord) = (draw(ArcMode::Pie), draw(ArcMode::Chord));
    assert_eq!(pixel(&pie, 11, 11), WHITE);
    assert_eq!(pixel(&chord, 11, 11), BLACK);
    assert_eq!(pixel(&chord, 16, 12), WHITE);
    assert_eq!(pixel(&pie, 8, 8), BLACK, "outside the quarter");
    // p5 1.11 fills OPEN as a chord and no mode as a pie.
    assert_eq!(draw(ArcMode::Open).pixmap().data(), chord.pixmap().data());
    assert_eq!(draw(ArcMode::Default).pixmap().data(), pie.pixmap().data());
}

#[test]
fn an_arc_whose_ends_meet_is_a_whole_ellipse() {
    let mut p5 = canvas();
    p5.arc(10.0, 10.0, 16.0, 12.0, -PI, PI, ArcMode::Pie);
    let mut whole = canvas();
    whole.ellipse(10.0, 10.0, 16.0, 12.0);
    assert_eq!(p5.pixmap().data(), whole.pixmap().data());
    assert_eq!(pixel(&p5, 10, 10), WHITE);
}

#[test]
fn point_is_a_disc_of_the_stroke_colour_and_weight() {
    let mut p5 = canvas();
    p5.point(10.0, 10.0);
    assert_eq!(pixel(&p5, 10, 10), BLACK, "no stroke, no point");
    let red = Rgba::new(255, 0, 0, 255);
    p5.stroke(red);
    p5.stroke_weight(6.0);
    p5.point(10.0, 10.0);
    assert_eq!(pixel(&p5, 10, 10), [255, 0, 0, 255]);
    assert_eq!(pixel(&p5, 11, 10), [255, 0, 0, 255]);
    assert_eq!(pixel(&p5, 10, 14), BLACK);
    assert_eq!(p5.style.fill, Some(Rgba::grey(255)), "the fill is kept");
}

#[test]
fn square_caps_stop_at_the_ends_project_and_round_pass_them() {
    let line = |cap, weight| {
        let mut p5 = canvas();
        p5.stroke(Rgba::grey(255));
        p5.stroke_weight(weight);
        p5.stroke_cap(cap);
        p5.line(5.0, 10.5, 15.0, 10.5);
        p5
    };
    for weight in [2.0, 6.0] {
        assert_eq!(pixel(&line(Cap::Square, weight), 15, 10), BLACK, "{weight}");
        assert_eq!(pixel(&line(Cap::Square, weight), 14, 10), WHITE, "{weight}");
        assert_eq!(
            pixel(&line(Cap::Project, weight), 15, 10),
            WHITE,
            "{weight}"
        );
        assert_ne!(pixel(&line(Cap::Round, weight), 15, 10), BLACK, "{weight}");
    }
}

#[test]
fn scale_two_doubles_a_rect() {
    let mut p5 = canvas();
    p5.scale(2.0, 2.0);
    p5.rect(2.0, 2.0, 3.0, 3.0, [0.0; 4]);
    assert_eq!(pixel(&p5, 4, 4), WHITE);
    assert_eq!(pixel(&p5, 9, 9), WHITE);
    assert_eq!(pixel(&p5, 10, 10), BLACK);
    assert_eq!(pixel(&p5, 3, 3), BLACK);
}

#[test]
fn apply_matrix_draws_as_translate_and_rotate() {
    let draw = |p5: &mut P5| {
        p5.stroke(Rgba::new(255, 0, 0, 255));
        p5.stroke_weight(1.5);
        p5.triangle(-6.0, -5.0, 7.0, -2.0, 0.0, 6.0);
        p5.ellipse(0.0, 0.0, 6.0, 4.0);
    };
    let mut a = canvas();
    a.translate(10.0, 9.0);
    a.rotate(0.7);
    draw(&mut a);
    let mut b = canvas();
    let (s, c) = (libm::sin(0.7), libm::cos(0.7));
    b.apply_matrix(c, s, -s, c, 10.0, 9.0);
    draw(&mut b);
    let differ = a
        .pixmap()
        .data()
        .iter()
        .zip(b.pixmap().data())
        .filter(|(x, y)| x.abs_diff(**y) > 1);
    assert_eq!(differ.count(), 0);
    assert_ne!(pixel(&a, 10, 9), BLACK);
}

#[test]
fn a_matrix_without_inverse_draws_nothing() {
    let mut p5 = canvas();
    p5.stroke(Rgba::grey(255));
    p5.scale(0.0, 1.0);
    p5.rect(0.0, 0.0, 20.0, 20.0, [0.0; 4]);
    p5.line(0.0, 0.0, 20.0, 20.0);
    p5.ellipse(10.0, 10.0, 10.0, 8.0);
    assert!(p5.pixmap().pixels().iter().all(|c| c.red() == 0));
}

#[test]
fn clear_makes_every_pixel_transparent() {
    let mut p5 = canvas();
    p5.translate(5.0, 5.0);
    p5.rect(0.0, 0.0, 5.0, 5.0, [0.0; 4]);
    p5.clear();
    assert!(p5.pixmap().pixels().iter().all(|c| c.alpha() == 0));
}

#[test]
fn bezier_and_curve_draw_their_segment_and_curve_needs_a_stroke() {
    let mut p5 = canvas();
    p5.curve(0.0, 10.0, 2.0, 10.0, 18.0, 10.0, 20.0, 10.0);
    assert!(
        p5.pixmap().pixels().iter().all(|c| c.red() == 0),
        "no stroke"
    );
    p5.stroke(Rgba::grey(255));
    p5.stroke_weight(2.0);
    p5.no_fill();
    p5.curve(0.0, 10.0, 2.0, 10.0, 18.0, 10.0, 20.0, 10.0);
    assert_eq!(pixel(&p5, 10, 10), WHITE);
    // A Bézier arch peaking at y = 4 (its controls at y = 2).
    p5.bezier(2.0, 16.0, 2.0, 2.0, 18.0, 2.0, 18.0, 16.0);
    assert_ne!(pixel(&p5, 10, 4), BLACK);
    assert_eq!(pixel(&p5, 10, 1), BLACK);
}
