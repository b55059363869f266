//! Geometry to pixels: the primitives and `beginShape` shapes as p5 builds
//! them, arcs and curves, the rasterisers that match Chromium's Skia, clipping,
//! and what is known of the pixels a drawing touched.

pub mod arc;
pub mod clip;
pub mod curve;
pub mod damage;
pub mod edges;
pub mod fatrect;
pub mod fill;
pub mod hairline;
pub mod path;
pub mod shape;
pub mod shapes;
pub mod stroked;
