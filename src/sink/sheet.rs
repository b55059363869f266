//! A contact sheet: the selected frames side by side in one PNG, row by row,
//! with a thin gutter. Only the sheet is kept; each frame is copied in as it
//! comes. The gutter is mid grey, which shows against a light scene and a dark
//! one alike.

use std::path::Path;

use std::sync::Arc;

use tiny_skia::{BlendMode, Color, Pixmap, PixmapPaint, Transform};

use super::png::encode;
use super::Grid;
use super::{straight_rgba, AtomicFile, Finished, Sink};
use crate::error::Error;
use crate::frame::Frame;

pub struct SheetSink {
    file: AtomicFile,
    sheet: Pixmap,
    grid: Grid,
    gutter: u32,
    placed: u32,
}

impl SheetSink {
    /// A sheet of `grid` cells of `width` x `height` pixels; the plan has
    /// checked its size.
    pub fn create(path: &Path, grid: Grid, (width, height): (u32, u32)) -> Result<Self, Error> {
        let file = AtomicFile::create(path)?;
        let (w, h) = grid.sheet_size(width, height);
        let side = |v: u64| u32::try_from(v).expect("the plan keeps sheets within 65535");
        let mut sheet = Pixmap::new(side(w), side(h)).expect("the plan checked the sheet's size");
        sheet.fill(Color::from_rgba8(128, 128, 128, 255));
        Ok(SheetSink {
            file,
            sheet,
            grid,
            gutter: Grid::gutter(width, height),
            placed: 0,
        })
    }
}

impl Sink for SheetSink {
    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        let (col, row) = (self.placed % self.grid.cols, self.placed / self.grid.cols);
        let at = |i: u32, cell: u32| (self.gutter + i * (cell + self.gutter)) as i32;
        // A copy, not a blend: a transparent frame stays transparent.
        let paint = PixmapPaint {
            blend_mode: BlendMode::Source,
            ..PixmapPaint::default()
        };
        let (x, y) = (at(col, frame.width()), at(row, frame.height()));
        self.sheet.draw_pixmap(
            x,
            y,
            (**frame).as_ref(),
            &paint,
            Transform::identity(),
            None,
        );
        self.placed += 1;
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<Finished, Error> {
        let SheetSink {
            mut file, sheet, ..
        } = *self;
        let mut rgba = Vec::new();
        let rgba = straight_rgba(&sheet, &mut rgba);
        encode(&mut file, sheet.width(), sheet.height(), rgba)?;
        file.commit()?;
        Ok(Finished::default())
    }
}
