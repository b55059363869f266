//! What is known of a canvas's pixels: one flat colour, painted by
//! `background`, except inside the boxes drawn on since. The next
//! `background` repaints only those boxes, and two frames over the same
//! colour can differ only inside their boxes: most of the whale's canvas is
//! never touched, neither to paint nor to compare it.

use std::ops::Range;

use tiny_skia::{Pixmap, Transform};

/// Boxes kept apart; past this many (a tree's thousands of strokes) they are
/// merged into the one box around them all.
const MAX_BOXES: usize = 512;

/// Pixels a mark is widened by on every side: anti-aliasing reaches a pixel
/// past a shape's edge, and a margin costs nothing but a few compares.
const MARGIN: f32 = 2.0;

/// A box of pixels, `x0..x1` by `y0..y1`, inside the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Box {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Box {
    /// Every pixel of a canvas of `width` x `height`.
    pub(in crate::p5) fn whole((width, height): (u32, u32)) -> Box {
        Box {
            x0: 0,
            y0: 0,
            x1: width as usize,
            y1: height as usize,
        }
    }

    fn union(self, other: Box) -> Box {
        Box {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }
}

/// A pixmap's pixels are `flat` (premultiplied RGBA) outside `boxes`; when
/// `flat` is `None` nothing is known.
#[derive(Debug, Clone, Default)]
pub struct Damage {
    flat: Option<[u8; 4]>,
    boxes: Vec<Box>,
}

/// The pixels of a `width` x `height` pixmap that drawing inside the box
/// `[left, top, right, bottom]`, in user space under `ts`, may change:
/// widened for anti-aliasing, clamped to the pixmap; all of it when a
/// corner is NaN; `None` when empty.
pub(in crate::p5) fn pixel_box(
    ltrb: [f32; 4],
    ts: Transform,
    (width, height): (u32, u32),
) -> Option<Box> {
    let [left, top, right, bottom] = ltrb;
    let corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
        .map(|(x, y)| (ts.sx * x + ts.kx * y + ts.tx, ts.ky * x + ts.sy * y + ts.ty));
    if corners.iter().any(|(x, y)| x.is_nan() || y.is_nan()) {
        // Where a NaN lands is anybody's guess: assume everywhere.
        return Some(Box::whole((width, height)));
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for (x, y) in corners {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    // Infinities clamp to the canvas's sides.
    let clamp = |v: f32, hi: u32| v.clamp(0.0, hi as f32) as usize;
    let b = Box {
        x0: clamp((x0 - MARGIN).floor(), width),
        y0: clamp((y0 - MARGIN).floor(), height),
        x1: clamp((x1 + MARGIN).ceil(), width),
        y1: clamp((y1 + MARGIN).ceil(), height),
    };
    (b.x0 < b.x1 && b.y0 < b.y1).then_some(b)
}

/// Per row of a canvas `height` pixels high, the columns inside some of
/// `boxes`, as ranges in order that neither overlap nor touch.
pub fn covered<'a>(
    boxes: impl IntoIterator<Item = &'a Box>,
    height: usize,
) -> Vec<Vec<Range<usize>>> {
    let mut rows = vec![Vec::new(); height];
    for b in boxes {
        for row in &mut rows[b.y0..b.y1] {
            row.push(b.x0..b.x1);
        }
    }
    for row in rows.iter_mut().filter(|row| row.len() > 1) {
        row.sort_unstable_by_key(|r| r.start);
        // Each range that starts within the one kept before it joins it.
        row.dedup_by(|next, kept| {
            let joins = next.start <= kept.end;
            if joins {
                kept.end = kept.end.max(next.end);
            }
            joins
        });
    }
    rows
}

impl Damage {
    /// The colour of every pixel outside the boxes, when known.
    pub fn flat(&self) -> Option<[u8; 4]> {
        self.flat
    }

    /// Boxes that hold every pixel that may not be flat.
    pub fn boxes(&self) -> &[Box] {
        &self.boxes
    }

    /// The boxes outside which `self` and `other` hold the same pixels, or
    /// `None` when they may differ anywhere.
    pub fn differ_within<'a>(&'a self, other: &'a Damage) -> Option<impl Iterator<Item = &'a Box>> {
        (self.flat.is_some() && self.flat == other.flat)
            .then(|| self.boxes.iter().chain(&other.boxes))
    }

    /// Paints all of `pixmap`, which `self` describes, with the opaque or
    /// transparent `pixel`: only the boxes when it is flat in that colour.
    pub(in crate::p5) fn paint(&mut self, pixmap: &mut Pixmap, pixel: [u8; 4]) {
        let width = pixmap.width() as usize;
        let data: &mut [[u8; 4]] = bytemuck::cast_slice_mut(pixmap.data_mut());
        if self.flat == Some(pixel) {
            for b in &self.boxes {
                for row in data.chunks_exact_mut(width).take(b.y1).skip(b.y0) {
                    row[b.x0..b.x1].fill(pixel);
                }
            }
        } else {
            data.fill(pixel);
        }
        self.flat = Some(pixel);
        self.boxes.clear();
    }

    /// Nothing is known any more (a translucent background blends over
    /// everything).
    pub(in crate::p5) fn forget(&mut self) {
        self.flat = None;
        self.boxes.clear();
    }

    /// Records that the box `[left, top, right, bottom]`, in user space
    /// under `ts`, may have been drawn on a `width` x `height` pixmap.
    pub(in crate::p5) fn mark(&mut self, ltrb: [f32; 4], ts: Transform, size: (u32, u32)) {
        if self.flat.is_none() {
            return;
        }
        if let Some(b) = pixel_box(ltrb, ts, size) {
            self.add(b);
        }
    }

    fn add(&mut self, b: Box) {
        if self.boxes.len() < MAX_BOXES {
            self.boxes.push(b);
        } else {
            let all = self.boxes.iter().fold(b, |all, &b| all.union(b));
            self.boxes.clear();
            self.boxes.push(all);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: (u32, u32) = (20, 10);

    fn bx(x0: usize, y0: usize, x1: usize, y1: usize) -> Box {
        Box { x0, y0, x1, y1 }
    }

    #[test]
    fn nothing_is_marked_on_an_unknown_canvas_and_nan_marks_everything() {
        let mut damage = Damage::default();
        damage.mark([1.0, 1.0, 2.0, 2.0], Transform::identity(), SIZE);
        assert!(damage.boxes.is_empty());
        damage.paint(&mut Pixmap::new(SIZE.0, SIZE.1).unwrap(), [0; 4]);
        damage.mark([f32::NAN, 1.0, 2.0, 2.0], Transform::identity(), SIZE);
        assert_eq!(damage.boxes, [bx(0, 0, 20, 10)]);
    }

    #[test]
    fn marks_are_widened_clamped_and_merged_past_the_limit() {
        let mut damage = Damage::default();
        let mut pixmap = Pixmap::new(SIZE.0, SIZE.1).unwrap();
        damage.paint(&mut pixmap, [1, 2, 3, 255]);
        damage.mark(
            [3.5, 4.0, 5.0, 30.0],
            Transform::from_translate(-3.0, 0.0),
            SIZE,
        );
        let b = bx(0, 2, 4, 10);
        assert_eq!(damage.boxes, [b]);
        for _ in 0..MAX_BOXES {
            damage.mark([10.0, 1.0, 11.0, 2.0], Transform::identity(), SIZE);
        }
        assert_eq!(damage.boxes.len(), 1);
        assert_eq!(
            damage.boxes[0],
            b.union(Box {
                x0: 8,
                y0: 0,
                x1: 13,
                y1: 5
            })
        );
    }

    #[test]
    fn covered_rows_merge_overlapping_and_touching_boxes() {
        let b = |x0, y0, x1, y1| Box { x0, y0, x1, y1 };
        let rows = covered(
            &[b(0, 0, 3, 2), b(2, 1, 5, 3), b(5, 1, 6, 2), b(8, 1, 9, 2)],
            4,
        );
        assert_eq!(rows[0], vec![0..3]);
        assert_eq!(rows[1], vec![0..6, 8..9]);
        assert_eq!(rows[2], vec![2..5]);
        assert!(rows[3].is_empty());
    }

    #[test]
    fn painting_the_same_colour_repaints_only_the_boxes() {
        let mut damage = Damage::default();
        let mut pixmap = Pixmap::new(SIZE.0, SIZE.1).unwrap();
        damage.paint(&mut pixmap, [9, 9, 9, 255]);
        pixmap.data_mut()[0] = 0;
        let marked = 4 * (5 * 20 + 10);
        pixmap.data_mut()[marked] = 0;
        damage.mark([10.0, 5.0, 11.0, 6.0], Transform::identity(), SIZE);
        damage.paint(&mut pixmap, [9, 9, 9, 255]);
        // Outside any box a pixel is trusted to be flat already.
        assert_eq!((pixmap.data()[0], pixmap.data()[marked]), (0, 9));
        damage.paint(&mut pixmap, [7, 7, 7, 255]);
        assert!(pixmap.data().iter().all(|&v| v == 7 || v == 255));
    }

    #[test]
    fn frames_compare_only_over_the_same_flat_colour() {
        let (mut a, mut b) = (Damage::default(), Damage::default());
        let mut pixmap = Pixmap::new(SIZE.0, SIZE.1).unwrap();
        assert!(a.differ_within(&b).is_none());
        a.paint(&mut pixmap, [1, 1, 1, 255]);
        b.paint(&mut pixmap, [1, 1, 1, 255]);
        b.mark([1.0, 1.0, 2.0, 2.0], Transform::identity(), SIZE);
        assert_eq!(a.differ_within(&b).unwrap().count(), 1);
        b.forget();
        assert!(a.differ_within(&b).is_none());
    }
}
