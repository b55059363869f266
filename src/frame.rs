//! A drawn frame on its way to a sink.

use std::ops::Deref;
use std::sync::mpsc::Sender;

use tiny_skia::Pixmap;

/// A drawn frame, shared (as `Arc<Frame>`) by the renderer, which shows it
/// again when the next frame looks the same, and a sink, which may keep it
/// until it is encoded: nobody copies its pixels. When the last holder lets
/// go, the pixmap goes back to be drawn on again.
pub struct Frame {
    /// Taken only when the frame is dropped.
    pixmap: Option<Pixmap>,
    home: Sender<Pixmap>,
}

impl Frame {
    /// A frame of `pixmap`, which goes to `home` when the frame is dropped.
    pub fn new(pixmap: Pixmap, home: Sender<Pixmap>) -> Self {
        Frame {
            pixmap: Some(pixmap),
            home,
        }
    }

    /// The pixels as RGBA quadruples, premultiplied.
    pub fn quads(&self) -> &[[u8; 4]] {
        bytemuck::cast_slice(self.data())
    }
}

impl Deref for Frame {
    type Target = Pixmap;

    fn deref(&self) -> &Pixmap {
        self.pixmap.as_ref().expect("the pixmap leaves only on drop")
    }
}

impl Drop for Frame {
    fn drop(&mut self) {
        if let Some(pixmap) = self.pixmap.take() {
            // Once rendering is over nobody draws again: let it go.
            let _ = self.home.send(pixmap);
        }
    }
}
