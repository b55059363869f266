//! How what is drawn combines with the canvas: Skia's blending of a solid
//! colour, the blend modes, `erase()`, and shadows.

pub mod blend;
pub mod blending;
pub mod composite;
pub mod shadow;
