//! Spare drawings, shared by every pass over one render (its preview and
//! its frames) and by its drawing threads: a pixmap is allocated once and
//! drawn on again, where a new one costs a page fault for every 4 KB.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use crate::frame::Frame;
use crate::p5::{Drawing, P5};

/// Where drawings come from and go back to.
#[derive(Clone)]
pub(crate) struct Pool {
    home: Sender<Drawing>,
    spare: Arc<Mutex<Receiver<Drawing>>>,
}

impl Pool {
    pub(crate) fn new() -> Self {
        let (home, spare) = channel();
        Pool {
            home,
            spare: Arc::new(Mutex::new(spare)),
        }
    }

    /// A spare drawing the size of `p5`, or a new one.
    pub(crate) fn take(&self, p5: &P5) -> Drawing {
        let spare = self
            .spare
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A spare of another size (a sketch that changed its canvas) goes.
        while let Ok(drawing) = spare.try_recv() {
            if drawing.size() == p5.drawing().size() {
                return drawing;
            }
        }
        p5.blank_drawing()
    }

    /// A frame of `drawing`, which comes back here when the frame is dropped.
    pub(crate) fn frame(&self, drawing: Drawing) -> Arc<Frame> {
        Arc::new(Frame::new(drawing, self.home.clone()))
    }

    /// Gives `drawing` back, to be drawn on again.
    pub(crate) fn give(&self, drawing: Drawing) {
        // Only fails when every pass is over.
        let _ = self.home.send(drawing);
    }
}
