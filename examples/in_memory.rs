// A GIF rendered into memory, never written to a file: the output's
// `.gif` names the format, `render_to` hands the bytes to any writer.
//
// `cargo run --release --example in_memory` prints `GIF89a <N> bytes`.

use whalegen::{render_to, Error, Frames, Plan, RenderOptions, Rgba, Silent, Sketch, P5};

/// A dot crossing the canvas, one step a frame.
#[derive(Clone)]
struct Crossing {
    x: f64,
}

impl Sketch for Crossing {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.create_canvas(120, 60)
    }
    fn update(&mut self, _frame: u32) -> Result<(), Error> {
        self.x += 4.0;
        Ok(())
    }
    fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.background(Rgba::grey(30));
        p5.fill(Rgba::new(250, 180, 40, 255));
        p5.circle(self.x, 30.0, 20.0);
        Ok(())
    }
}

/// The GIF's 30 frames, as bytes.
fn gif() -> Result<Vec<u8>, Error> {
    let options = RenderOptions {
        output: Some("crossing.gif".into()),
        frames: Frames::Count(30),
        ..RenderOptions::default()
    };
    let plan = Plan::new(Box::new(Crossing { x: 0.0 }), &options)?;
    let mut bytes = Vec::new();
    render_to(plan, &mut bytes, &mut Silent)?;
    Ok(bytes)
}

/// What the example prints last: the GIF's signature and its length.
fn summary(gif: &[u8]) -> String {
    let signature = String::from_utf8_lossy(&gif[..gif.len().min(6)]);
    format!("{signature} {} bytes", gif.len())
}

fn main() -> Result<(), Error> {
    let bytes = gif()?;
    println!("{}", summary(&bytes));
    Ok(())
}
