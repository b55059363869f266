//! Type: fonts, laying out and drawing text, loaded fonts' glyph outlines
//! (opentype.js's for p5.js 1, Typr.js's for p5.js 2) and text metrics.

mod font_bounds;
pub mod ink;
pub mod opentype;
pub mod outline;
pub mod text;
pub mod typr;
