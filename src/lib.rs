//! whalegen renders p5.js-style generative sketches to PNG frames and
//! animated GIFs, with no browser, GPU or window.
//!
//! The flow is plan -> scene -> p5 layer -> sink: [`plan::Plan`] checks
//! everything up front, a [`scene::Scene`] steps and draws through the
//! p5-like [`p5::P5`], and a sink writes the frames.

pub mod batch;
mod check;
pub mod cli;
pub mod error;
pub mod frame;
pub mod p5;
pub mod params;
pub mod plan;
pub mod preset;
pub mod progress;
pub mod render;
pub mod rng;
pub mod scene;
pub mod sink;

pub use error::Error;
