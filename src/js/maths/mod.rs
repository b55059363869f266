//! The runtime's own maths, bit for bit as JavaScript and p5.js compute it:
//! `Math`'s functions, `random` and `noise` (number conversion and
//! formatting, shared with the drawing layer, are src/jsnum.rs).

pub mod math;
pub mod noise;
pub mod random;
