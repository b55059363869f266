//! The canvas transform.

use tiny_skia::Transform;

/// A 2D affine matrix in f64, as the canvas keeps it:
/// x' = a x + c y + e, y' = b x + d y + f.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Matrix {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub e: f64,
    pub f: f64,
}

impl Matrix {
    pub const IDENTITY: Matrix = Matrix {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        e: 0.0,
        f: 0.0,
    };

    pub fn translate(&mut self, x: f64, y: f64) {
        self.e += self.a * x + self.c * y;
        self.f += self.b * x + self.d * y;
    }

    pub fn rotate(&mut self, angle: f64) {
        let (sin, cos) = (libm::sin(angle), libm::cos(angle));
        let Matrix { a, b, c, d, .. } = *self;
        self.a = a * cos + c * sin;
        self.b = b * cos + d * sin;
        self.c = c * cos - a * sin;
        self.d = d * cos - b * sin;
    }

    /// Multiplies by (sx, sy) along the current axes, as canvas `scale`.
    pub fn scale(&mut self, sx: f64, sy: f64) {
        self.a *= sx;
        self.b *= sx;
        self.c *= sy;
        self.d *= sy;
    }

    /// Multiplies by `m` on the right, as canvas `transform(a, b, c, d, e,
    /// f)`: `m` acts first, in the current coordinates.
    pub fn transform(&mut self, m: Matrix) {
        let s = *self;
        self.a = s.a * m.a + s.c * m.b;
        self.b = s.b * m.a + s.d * m.b;
        self.c = s.a * m.c + s.c * m.d;
        self.d = s.b * m.c + s.d * m.d;
        self.e = s.a * m.e + s.c * m.f + s.e;
        self.f = s.b * m.e + s.d * m.f + s.f;
    }

    /// Whether the canvas draws under this matrix: Chromium skips every
    /// fill and stroke while its transform has no inverse.
    pub fn invertible(&self) -> bool {
        let det = self.a * self.d - self.b * self.c;
        det != 0.0 && det.is_finite()
    }

    pub fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        (
            self.a * x + self.c * y + self.e,
            self.b * x + self.d * y + self.f,
        )
    }

    pub fn to_skia(self, density: f64) -> Transform {
        let m = |v: f64| (v * density) as f32;
        Transform::from_row(
            m(self.a),
            m(self.b),
            m(self.c),
            m(self.d),
            m(self.e),
            m(self.f),
        )
    }
}
