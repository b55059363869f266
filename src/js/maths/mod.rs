//! The runtime's own maths, bit for bit as JavaScript and p5.js compute it:
//! `Math`'s functions, number conversion and formatting, `random` and
//! `noise`.

pub mod jsnum;
pub mod math;
pub mod noise;
pub mod random;
