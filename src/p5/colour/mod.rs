//! Colours: as inputs write them, as `p5.Color` and CSS strings compute them,
//! gradients, and what a shape is finally painted with.

pub mod color;
pub mod colorspace;
pub mod css;
pub mod gradient;
pub mod paint;
