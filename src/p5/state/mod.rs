//! The canvas and the state drawing reads: the canvas's life and pixels, the
//! style `push()` saves, the transform, and what only `drawingContext`
//! reaches.

pub mod canvas;
pub mod context;
pub mod drawing;
pub mod matrix;
pub mod style;
pub mod transform;
