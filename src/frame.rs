//! A drawn frame on its way to a sink.

use std::ops::Deref;
use std::sync::mpsc::Sender;

use tiny_skia::Pixmap;

use crate::p5::{Damage, Drawing};

/// A drawn frame, shared (as `Arc<Frame>`) by the renderer, which shows it
/// again when the next frame looks the same, and a sink, which may keep it
/// until it is encoded: nobody copies its pixels. When the last holder lets
/// go, the pixmap goes back to be drawn on again. It dereferences to its
/// [`Pixmap`] (premultiplied RGBA).
pub struct Frame {
    /// Taken only when the frame is dropped.
    drawing: Option<Drawing>,
    home: Sender<Drawing>,
}

impl Frame {
    /// A frame of `drawing`, which goes to `home` when the frame is dropped.
    pub(crate) fn new(drawing: Drawing, home: Sender<Drawing>) -> Self {
        Frame {
            drawing: Some(drawing),
            home,
        }
    }

    /// Where the frame may differ from a flat background.
    pub fn damage(&self) -> &Damage {
        self.drawing().damage()
    }

    /// The pixels and what is known of them.
    pub fn drawing(&self) -> &Drawing {
        self.drawing
            .as_ref()
            .expect("the drawing leaves only on drop")
    }

    /// The pixels as RGBA quadruples, premultiplied.
    pub fn quads(&self) -> &[[u8; 4]] {
        bytemuck::cast_slice(self.data())
    }
}

impl Deref for Frame {
    type Target = Pixmap;

    fn deref(&self) -> &Pixmap {
        self.drawing().pixmap()
    }
}

impl Drop for Frame {
    fn drop(&mut self) {
        if let Some(drawing) = self.drawing.take() {
            // Once rendering is over nobody draws again: let it go.
            let _ = self.home.send(drawing);
        }
    }
}
