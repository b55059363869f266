use whalegen::{render, Error, Plan, RenderOptions, Rgba, Silent, Sketch, P5};

#[derive(Clone)]
struct Orbit(f64); // an angle, in radians

impl Sketch for Orbit {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.create_canvas(200, 200)
    }
    fn update(&mut self, _frame: u32) -> Result<(), Error> {
        self.0 += std::f64::consts::TAU / 60.0; // one turn in 60 frames, the default length
        Ok(())
    }
    fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.background(Rgba::new(20, 24, 40, 255));
        let (x, y) = (100.0 + 60.0 * self.0.cos(), 100.0 + 60.0 * self.0.sin());
        p5.circle(x, y, 30.0); // p5's default style: white, outlined in black
        Ok(())
    }
}

fn main() -> Result<(), Error> {
    let options = RenderOptions {
        output: Some("out/orbit.gif".into()), // out/ is in the repository, its files ignored
        ..Default::default()
    };
    render(Plan::new(Box::new(Orbit(0.0)), &options)?, &mut Silent)?;
    Ok(())
}
