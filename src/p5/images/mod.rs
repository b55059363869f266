//! Images: decoding files, drawing images on a canvas, a canvas's pixels as
//! a sketch reads and writes them, and `filter()`.

pub mod blur_gl;
pub mod decode;
pub mod filter;
pub mod filter_gl;
pub mod image;
pub mod pixels;
