//! p5's transform functions, each composed on the right of the current
//! matrix as the canvas does (src/p5/state/matrix.rs). As in Chromium, a call with
//! a non-finite number changes nothing, and while the matrix has no inverse
//! (`scale(0)`) nothing is drawn.

use super::matrix::Matrix;
use crate::p5::P5;

impl P5 {
    /// Moves the origin by (`x`, `y`) canvas units.
    pub fn translate(&mut self, x: f64, y: f64) {
        if x.is_finite() && y.is_finite() {
            self.style.matrix.translate(x, y);
        }
    }

    /// Rotates by `angle` radians; a positive angle turns clockwise on screen.
    pub fn rotate(&mut self, angle: f64) {
        if angle.is_finite() {
            self.style.matrix.rotate(angle);
        }
    }

    /// p5's `scale(sx, sy)`: multiplies x by `sx` and y by `sy` (p5's
    /// `scale(s)` is `scale(s, s)`). Negative factors mirror; a factor of 0
    /// stops drawing until the matrix is reset or popped.
    pub fn scale(&mut self, sx: f64, sy: f64) {
        if sx.is_finite() && sy.is_finite() {
            self.style.matrix.scale(sx, sy);
        }
    }

    /// p5's `shearX`: slants the x axis by `angle` radians (x += y tan angle).
    pub fn shear_x(&mut self, angle: f64) {
        self.apply_matrix(1.0, 0.0, libm::tan(angle), 1.0, 0.0, 0.0);
    }

    /// p5's `shearY`: slants the y axis by `angle` radians (y += x tan angle).
    pub fn shear_y(&mut self, angle: f64) {
        self.apply_matrix(1.0, libm::tan(angle), 0.0, 1.0, 0.0, 0.0);
    }

    /// p5's `applyMatrix(a, b, c, d, e, f)`, the canvas's `transform`:
    /// multiplies the current matrix by x' = a x + c y + e, y' = b x + d y + f.
    pub fn apply_matrix(&mut self, a: f64, b: f64, c: f64, d: f64, e: f64, f: f64) {
        if [a, b, c, d, e, f].iter().all(|v| v.is_finite()) {
            self.style.matrix.transform(Matrix { a, b, c, d, e, f });
        }
    }

    /// Undoes every transform; done before each frame.
    pub fn reset_matrix(&mut self) {
        self.style.matrix = Matrix::IDENTITY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_matrix_composes_as_translate_and_rotate() {
        let mut a = P5::new(4, 4, 1.0).unwrap();
        a.translate(3.0, 4.0);
        a.rotate(0.5);
        a.scale(2.0, 3.0);
        let mut b = P5::new(4, 4, 1.0).unwrap();
        b.apply_matrix(1.0, 0.0, 0.0, 1.0, 3.0, 4.0);
        let (s, c) = (libm::sin(0.5), libm::cos(0.5));
        b.apply_matrix(c, s, -s, c, 0.0, 0.0);
        b.apply_matrix(2.0, 0.0, 0.0, 3.0, 0.0, 0.0);
        let (ma, mb) = (a.style.matrix, b.style.matrix);
        for (x, y) in [
            (ma.a, mb.a),
            (ma.b, mb.b),
            (ma.c, mb.c),
            (ma.d, mb.d),
            (ma.e, mb.e),
            (ma.f, mb.f),
        ] {
            assert!((x - y).abs() < 1e-12, "{ma:?} vs {mb:?}");
        }
    }

    #[test]
    fn shear_x_moves_x_by_y_times_the_tangent() {
        let mut p5 = P5::new(4, 4, 1.0).unwrap();
        p5.shear_x(std::f64::consts::FRAC_PI_4);
        let (x, y) = p5.style.matrix.apply(0.0, 10.0);
        assert!((x - 10.0).abs() < 1e-9 && y == 10.0, "({x}, {y})");
        p5.reset_matrix();
        p5.shear_y(std::f64::consts::FRAC_PI_4);
        let (x, y) = p5.style.matrix.apply(10.0, 0.0);
        assert!(x == 10.0 && (y - 10.0).abs() < 1e-9, "({x}, {y})");
    }

    #[test]
    fn non_finite_arguments_change_nothing() {
        let mut p5 = P5::new(4, 4, 1.0).unwrap();
        p5.scale(f64::NAN, 1.0);
        p5.apply_matrix(1.0, 0.0, 0.0, f64::INFINITY, 0.0, 0.0);
        assert_eq!(p5.style.matrix, Matrix::IDENTITY);
    }
}
