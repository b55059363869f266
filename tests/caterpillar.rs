//! The chain's `style`: `"caterpillar"` (the default) draws the same circles
//! as a caterpillar, the same picture every run; `"circles"` is SCENES.md's
//! chain (tests/fidelity.rs holds it to p5.js); anything else is refused in
//! one line that lists both.

mod common;

use common::{assert_refused, decode, whalegen, Decoded};

/// The decoded GIF of 30 frames of the chain with `sets` (`KEY=VALUE`).
fn chain_gif(sets: &[&str]) -> Decoded {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["render", "-q", "--scene", "chain", "--frames", "30"];
    for set in sets {
        args.extend(["--set", set]);
    }
    args.extend(["-o", "c.gif"]);
    let out = whalegen(dir.path(), &args);
    assert!(out.status.success(), "{}", common::stderr(&out));
    decode(&dir.path().join("c.gif"))
}

/// The share (%) of pixels whose largest channel differs by more than 8.
fn diff8(a: &[[u8; 3]], b: &[[u8; 3]]) -> f64 {
    let over = a
        .iter()
        .zip(b)
        .filter(|(p, q)| (0..3).any(|k| p[k].abs_diff(q[k]) > 8))
        .count();
    100.0 * over as f64 / a.len() as f64
}

#[test]
fn the_caterpillar_is_the_default_and_draws_other_pixels_than_the_circles() {
    let default = chain_gif(&[]);
    let caterpillar = chain_gif(&["style=caterpillar"]);
    let circles = chain_gif(&["style=circles"]);
    assert_eq!(default.shown.len(), 30);
    for (k, ((d, _), (c, _))) in default.shown.iter().zip(&caterpillar.shown).enumerate() {
        assert!(d == c, "frame {k}: the default is not the caterpillar");
    }
    for (k, ((cat, _), (circ, _))) in caterpillar.shown.iter().zip(&circles.shown).enumerate() {
        // The circles are on white, the caterpillar on a leaf green: nearly
        // every pixel differs (measured 100 % on each frame).
        let share = diff8(cat, circ);
        assert!(share > 90.0, "frame {k}: only {share:.1} % differ");
        assert_eq!(circ[0], [255, 255, 255], "frame {k}: circles' background");
    }
    // On the same background the two looks still differ where the body is.
    let on_white = chain_gif(&["style=caterpillar", "background=255"]);
    for (k, ((cat, _), (circ, _))) in on_white.shown.iter().zip(&circles.shown).enumerate() {
        let share = diff8(cat, circ);
        assert!(share > 2.0, "frame {k}: only {share:.2} % differ");
    }
}

#[test]
fn the_caterpillar_is_the_same_every_run() {
    let (a, b) = (chain_gif(&[]), chain_gif(&[]));
    assert_eq!(a.shown.len(), b.shown.len());
    for (k, ((p, dp), (q, dq))) in a.shown.iter().zip(&b.shown).enumerate() {
        assert!(p == q && dp == dq, "frame {k} differs between two runs");
    }
}

#[test]
fn an_unknown_style_is_refused_in_one_line_listing_the_styles() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "render",
        "--scene",
        "chain",
        "--set",
        "style=koi",
        "-o",
        "c.gif",
    ];
    let out = whalegen(dir.path(), &args);
    assert_refused(&out, &args, "style");
    let err = common::stderr(&out);
    assert!(
        err.contains("circles") && err.contains("caterpillar"),
        "{err}"
    );
}
