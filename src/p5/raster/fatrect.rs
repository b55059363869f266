//! Small rectangles as Chromium's Skia fills them: exact edge coverage, not
//! the analytic fill's quarter-pixel rows.
//!
//! Skia's analytic fill (`SkScan::AAAFillPath`) sends a path whose bounds
//! fit its mask blitter (at most 32 pixels wide and 1,024 mask bytes) to
//! `TryBlitFatAntiRect` first: when the path, in device space, is an
//! axis-aligned rectangle at least 3 pixels wide once rounded out, it is
//! drawn by `SkBlitter::blitFatAntiRect`, whose edge rows and columns take
//! their exact share of the pixel (`(u8)(share * 255)`, snapped to 0 below 8
//! and to 255 above 247). Measured in Chromium (p5.js `rect` and a four-vertex
//! `beginShape`): a rect whose top is at y = 2.575 gets 108 on its top row
//! (0.425 of 255), where the analytic fill, which snaps 2.575 to 2.5, gives
//! 128; rects 1.2 px wide keep the analytic fill's 128.

use tiny_skia::{Path, PathSegment, Pixmap, Point, Transform};

use crate::p5::colour::color::Rgba;
use crate::p5::compositing::blend::Solid;

/// `MaskAdditiveBlitter`'s limits: the widest bounds, and the most bytes of
/// a mask whose rows are rounded up to 4 bytes.
const MASK_MAX_WIDTH: i64 = 32;
const MASK_MAX_STORAGE: i64 = 1024;

/// Fills `path` under `ts` with `color` as `blitFatAntiRect` does, and
/// returns true, when Skia would take that route; otherwise leaves the
/// pixmap alone and returns false (the analytic fill's turn).
pub fn fill_fat_rect(pixmap: &mut Pixmap, path: &Path, ts: Transform, color: Rgba) -> bool {
    let Some([l, t, r, b]) = device_rect(path, ts) else {
        return false;
    };
    // The path's bounds, rounded out, must fit the mask blitter.
    let (w, h) = ((r.ceil() - l.floor()) as i64, (b.ceil() - t.floor()) as i64);
    if w > MASK_MAX_WIDTH || (w + 3) / 4 * 4 * h > MASK_MAX_STORAGE {
        return false;
    }
    // Clipped to the canvas; nothing to draw is done too.
    let (cw, ch) = (pixmap.width() as f32, pixmap.height() as f32);
    let [l, t, r, b] = [l.max(0.0), t.max(0.0), r.min(cw), b.min(ch)];
    if l >= r || t >= b {
        return true;
    }
    let [bl, bt, br, bb] = [l.floor(), t.floor(), r.ceil(), b.ceil()];
    if br - bl < 3.0 {
        return false;
    }
    blit(pixmap, [l, t, r, b], [bl, bt, br, bb], color);
    true
}

/// `blitFatAntiRect` of `rect`, whose rounded-out bounds `bounds` are at
/// least 3 pixels wide and inside the pixmap.
fn blit(pixmap: &mut Pixmap, [l, t, r, b]: [f32; 4], [bl, bt, br, bb]: [f32; 4], color: Rgba) {
    let solid = Solid::new(color);
    let width = pixmap.width() as usize;
    let data = pixmap.data_mut();
    let (x0, x1) = (bl as usize, br as usize);
    let (y0, y1) = (bt as usize, bb as usize);
    let partial_l = bl + 1.0 - l;
    let partial_r = r - (br - 1.0);
    let partial_t = if y1 - y0 == 1 { b - t } else { bt + 1.0 - t };
    let partial_b = b - (bb - 1.0);
    // One row: (left pixel, the run between, right pixel) alphas.
    let mut row = |y: usize, [al, am, ar]: [u32; 3]| {
        let pixels = &mut data[(y * width + x0) * 4..(y * width + x1) * 4];
        let last = x1 - x0 - 1;
        for (i, px) in pixels.chunks_exact_mut(4).enumerate() {
            let a = match i {
                0 => al,
                i if i == last => ar,
                _ => am,
            };
            solid.blend(px, a);
        }
    };
    let edge = |share: f32| [partial_l * share, share, partial_r * share].map(alpha);
    row(y0, edge(partial_t));
    let sides = [alpha(partial_l), 255, alpha(partial_r)];
    for y in y0 + 1..y1.saturating_sub(1) {
        row(y, sides);
    }
    if y1 - y0 > 1 {
        row(y1 - 1, edge(partial_b));
    }
}

/// Skia's `ScalarToAlpha`: a share of the pixel in 0..=1 as 8 bits,
/// truncated, snapped to 0 below 8 and to 255 above 247.
fn alpha(share: f32) -> u32 {
    match (share * 255.0) as u8 {
        a if a > 247 => 255,
        a if a < 8 => 0,
        a => u32::from(a),
    }
}

/// The device-space (left, top, right, bottom) of `path` under `ts` when it
/// is one closed axis-aligned rectangle of some area, its corners given in
/// turn (as `rect` and a four-vertex `beginShape` make it); `None` for any
/// other path. Stricter than Skia's `SkPath::isRect`, which also takes
/// points along the sides: those paths keep the analytic fill.
fn device_rect(path: &Path, ts: Transform) -> Option<[f32; 4]> {
    let map = |p: Point| {
        Point::from_xy(
            p.x * ts.sx + p.y * ts.kx + ts.tx,
            p.x * ts.ky + p.y * ts.sy + ts.ty,
        )
    };
    let mut corners: Vec<Point> = Vec::with_capacity(5);
    for (i, segment) in path.segments().enumerate() {
        match segment {
            PathSegment::MoveTo(p) if i == 0 => corners.push(map(p)),
            PathSegment::LineTo(p) if i > 0 => {
                let p = map(p);
                if corners.last() != Some(&p) {
                    corners.push(p);
                }
            }
            PathSegment::Close => {}
            _ => return None,
        }
    }
    if corners.len() == 5 && corners[4] == corners[0] {
        corners.pop();
    }
    if corners.len() != 4 {
        return None;
    }
    // Sides alternate between horizontal and vertical.
    let horizontal = |a: Point, b: Point| a.y == b.y && a.x != b.x;
    let vertical = |a: Point, b: Point| a.x == b.x && a.y != b.y;
    let side = |i: usize| (corners[i], corners[(i + 1) % 4]);
    let alternates = |first: &dyn Fn(Point, Point) -> bool,
                      second: &dyn Fn(Point, Point) -> bool| {
        (0..4).all(|i| {
            let (a, b) = side(i);
            if i % 2 == 0 {
                first(a, b)
            } else {
                second(a, b)
            }
        })
    };
    if !alternates(&horizontal, &vertical) && !alternates(&vertical, &horizontal) {
        return None;
    }
    let xs = corners.iter().map(|p| p.x);
    let ys = corners.iter().map(|p| p.y);
    let (l, r) = (
        xs.clone().fold(f32::MAX, f32::min),
        xs.fold(f32::MIN, f32::max),
    );
    let (t, b) = (
        ys.clone().fold(f32::MAX, f32::min),
        ys.fold(f32::MIN, f32::max),
    );
    [l, t, r, b]
        .iter()
        .all(|v| v.is_finite())
        .then_some([l, t, r, b])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::PathBuilder;

    fn rect_path(l: f32, t: f32, r: f32, b: f32) -> Path {
        let mut pb = PathBuilder::new();
        pb.move_to(l, t);
        pb.line_to(r, t);
        pb.line_to(r, b);
        pb.line_to(l, b);
        pb.close();
        pb.finish().unwrap()
    }

    fn red(pixmap: &Pixmap, x: u32, y: u32) -> u8 {
        pixmap.pixel(x, y).unwrap().red()
    }

    #[test]
    fn edges_take_their_exact_share_as_in_chromium() {
        // p5.js 1.11.13 in Chromium: rect(2.3, 2.575, 10.4, 6.2) in white
        // over black reads 75, 108 along the top, 178 down the left side,
        // 138, 197 along the bottom.
        let mut pixmap = Pixmap::new(20, 12).unwrap();
        pixmap.fill(tiny_skia::Color::BLACK);
        let path = rect_path(2.3, 2.575, 12.7, 8.775);
        let white = Rgba::grey(255);
        assert!(fill_fat_rect(
            &mut pixmap,
            &path,
            Transform::identity(),
            white
        ));
        let got = [(2, 2), (3, 2), (2, 4), (4, 4), (12, 4), (2, 8), (3, 8)]
            .map(|(x, y)| red(&pixmap, x, y));
        assert_eq!(got, [75, 108, 178, 255, 178, 138, 197]);
    }

    #[test]
    fn one_row_high_takes_the_height_as_its_share() {
        // Chromium: rect(72.3, 2.3, 5.6, 0.4) reads 71, 102, ..., 91.
        let mut pixmap = Pixmap::new(10, 5).unwrap();
        pixmap.fill(tiny_skia::Color::BLACK);
        let path = rect_path(2.3, 2.3, 7.9, 2.7);
        assert!(fill_fat_rect(
            &mut pixmap,
            &path,
            Transform::identity(),
            Rgba::grey(255)
        ));
        let got = [2, 3, 7].map(|x| red(&pixmap, x, 2));
        assert_eq!(got, [71, 102, 91]);
    }

    #[test]
    fn thin_wide_and_slanted_paths_are_left_to_the_analytic_fill() {
        let mut pixmap = Pixmap::new(100, 100).unwrap();
        let id = Transform::identity();
        let c = Rgba::grey(255);
        // Two pixels wide once rounded out.
        assert!(!fill_fat_rect(
            &mut pixmap,
            &rect_path(2.375, 2.5, 3.575, 9.0),
            id,
            c
        ));
        // Wider than the mask blitter.
        assert!(!fill_fat_rect(
            &mut pixmap,
            &rect_path(1.5, 1.5, 40.5, 3.5),
            id,
            c
        ));
        // Too many mask bytes: 12 x 90.
        assert!(!fill_fat_rect(
            &mut pixmap,
            &rect_path(1.5, 1.5, 12.5, 90.5),
            id,
            c
        ));
        // Turned.
        assert!(!fill_fat_rect(
            &mut pixmap,
            &rect_path(2.5, 2.5, 9.5, 9.5),
            Transform::from_rotate(10.0),
            c
        ));
        assert!(pixmap.pixels().iter().all(|p| p.alpha() == 0));
    }
}
