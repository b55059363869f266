//! Pixel facts about `beginShape` shapes and their kinds.

use crate::p5::tests::pixel;
use crate::p5::{Kind, Rgba, ShapeEnd, P5};

const WHITE: [u8; 4] = [255, 255, 255, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

/// A 20 x 20 black canvas drawing white fills without stroke.
fn canvas() -> P5 {
    let mut p5 = P5::new(20, 20, 1.0).unwrap();
    p5.background(Rgba::grey(0));
    p5.no_stroke();
    p5
}

fn shape(p5: &mut P5, kind: Kind, vertices: &[(f64, f64)], end: ShapeEnd) {
    p5.begin_shape_kind(kind);
    for &(x, y) in vertices {
        p5.vertex(x, y);
    }
    p5.end_shape(end);
}

#[test]
fn a_triangle_strip_of_four_vertices_fills_two_triangles() {
    let mut p5 = canvas();
    let square = [(2.0, 2.0), (2.0, 18.0), (18.0, 2.0), (18.0, 18.0)];
    shape(&mut p5, Kind::TriangleStrip, &square, ShapeEnd::Open);
    // Pixels clear of the shared diagonal, where each triangle's edge
    // blends over the other's as in Chromium.
    for (x, y) in [(3, 3), (3, 12), (12, 3), (15, 15), (16, 10)] {
        assert_eq!(pixel(&p5, x, y), WHITE, "({x}, {y})");
    }
    // Three vertices make one triangle: the half below the diagonal stays.
    let mut p5 = canvas();
    shape(&mut p5, Kind::TriangleStrip, &square[..3], ShapeEnd::Open);
    assert_eq!(pixel(&p5, 4, 4), WHITE);
    assert_eq!(pixel(&p5, 15, 15), BLACK);
}

#[test]
fn a_reversed_contour_leaves_its_hole_unfilled() {
    let mut p5 = canvas();
    p5.begin_shape();
    for (x, y) in [(0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0)] {
        p5.vertex(x, y);
    }
    p5.begin_contour();
    for (x, y) in [(6.0, 6.0), (6.0, 14.0), (14.0, 14.0), (14.0, 6.0)] {
        p5.vertex(x, y);
    }
    p5.end_contour();
    p5.end_shape(ShapeEnd::Close);
    assert_eq!(pixel(&p5, 10, 10), BLACK);
    assert_eq!(pixel(&p5, 3, 3), WHITE);
    assert_eq!(pixel(&p5, 16, 10), WHITE);
}

#[test]
fn triangles_take_three_vertices_each_in_their_last_vertex_colour() {
    let mut p5 = canvas();
    p5.begin_shape_kind(Kind::Triangles);
    let red = Rgba::new(255, 0, 0, 255);
    let blue = Rgba::new(0, 0, 255, 255);
    p5.fill(red);
    for (x, y) in [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)] {
        p5.vertex(x, y);
    }
    p5.fill(blue);
    for (x, y) in [(20.0, 20.0), (10.0, 20.0), (20.0, 10.0), (0.0, 20.0)] {
        p5.vertex(x, y);
    }
    p5.end_shape(ShapeEnd::Open);
    assert_eq!(pixel(&p5, 2, 2), [255, 0, 0, 255]);
    assert_eq!(pixel(&p5, 17, 17), [0, 0, 255, 255]);
    assert_eq!(pixel(&p5, 2, 18), BLACK, "the seventh vertex alone");
    assert_eq!(p5.style.fill, Some(blue), "p5 leaves the last colour set");
}

#[test]
fn lines_join_pairs_only_and_points_mark_each_vertex() {
    let mut p5 = canvas();
    p5.stroke(Rgba::grey(255));
    p5.stroke_weight(2.0);
    let v = [(2.0, 5.0), (18.0, 5.0), (2.0, 15.0), (18.0, 15.0)];
    shape(&mut p5, Kind::Lines, &v, ShapeEnd::Open);
    assert_eq!(pixel(&p5, 10, 5), WHITE);
    assert_eq!(pixel(&p5, 10, 15), WHITE);
    assert_eq!(pixel(&p5, 10, 10), BLACK, "no line from the 2nd to the 3rd");
    let mut p5 = canvas();
    p5.stroke(Rgba::grey(255));
    p5.stroke_weight(4.0);
    shape(&mut p5, Kind::Points, &v, ShapeEnd::Open);
    assert_eq!(pixel(&p5, 18, 15), WHITE);
    assert_eq!(pixel(&p5, 10, 5), BLACK);
}

#[test]
fn quads_and_a_quad_strip_fill_their_quadrilaterals() {
    let mut p5 = canvas();
    let v = [
        (0.0, 0.0),
        (10.0, 0.0),
        (10.0, 10.0),
        (0.0, 10.0),
        (12.0, 12.0),
    ];
    shape(&mut p5, Kind::Quads, &v, ShapeEnd::Open);
    assert_eq!(pixel(&p5, 5, 5), WHITE);
    assert_eq!(pixel(&p5, 15, 15), BLACK);
    let mut p5 = canvas();
    let strip = [
        (0.0, 0.0),
        (0.0, 20.0),
        (10.0, 0.0),
        (10.0, 20.0),
        (20.0, 0.0),
        (20.0, 20.0),
    ];
    shape(&mut p5, Kind::QuadStrip, &strip, ShapeEnd::Open);
    assert_eq!(pixel(&p5, 5, 10), WHITE);
    assert_eq!(pixel(&p5, 15, 10), WHITE);
}

#[test]
fn a_fan_shares_its_first_vertex() {
    let mut p5 = canvas();
    let v = [(10.0, 10.0), (18.0, 2.0), (18.0, 18.0), (2.0, 18.0)];
    shape(&mut p5, Kind::TriangleFan, &v, ShapeEnd::Open);
    assert_eq!(pixel(&p5, 15, 10), WHITE);
    assert_eq!(pixel(&p5, 10, 15), WHITE);
    assert_eq!(pixel(&p5, 4, 10), BLACK);
}

#[test]
fn vertices_and_bezier_vertices_mix_in_one_outline() {
    let mut p5 = canvas();
    p5.begin_shape();
    p5.bezier_vertex(0.0, 0.0, 1.0, 1.0, 2.0, 2.0);
    p5.vertex(2.0, 10.0);
    // An arch whose top is at y = 4.
    p5.bezier_vertex(2.0, 2.0, 18.0, 2.0, 18.0, 10.0);
    p5.vertex(18.0, 18.0);
    p5.vertex(2.0, 18.0);
    p5.end_shape(ShapeEnd::Close);
    assert_eq!(pixel(&p5, 10, 5), WHITE);
    assert_eq!(pixel(&p5, 10, 15), WHITE);
    assert_eq!(pixel(&p5, 10, 2), BLACK);
    assert_eq!(
        pixel(&p5, 0, 0),
        BLACK,
        "a Bézier before any vertex is dropped"
    );
}

#[test]
fn a_quadratic_vertex_curves_to_its_end() {
    let mut p5 = canvas();
    p5.begin_shape();
    p5.vertex(2.0, 18.0);
    // The top is at y = 6 (the control at y = -6).
    p5.quadratic_vertex(10.0, -6.0, 18.0, 18.0);
    p5.end_shape(ShapeEnd::Close);
    assert_eq!(pixel(&p5, 10, 8), WHITE);
    assert_eq!(pixel(&p5, 10, 4), BLACK);
}

#[test]
fn end_shape_close_keeps_the_vertex_list_and_resets_the_curve_flag() {
    let mut p5 = canvas();
    p5.begin_shape();
    for (x, y) in [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)] {
        p5.curve_vertex(x, y);
    }
    p5.end_shape(ShapeEnd::Close);
    assert_eq!(p5.shape.vertices.len(), 4);
    assert!(!p5.shape.curve);
    assert_eq!(pixel(&p5, 5, 5), WHITE);
}
