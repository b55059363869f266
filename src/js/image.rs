//! The natives of p5's images and off-screen graphics (image.js calls
//! them): `loadImage` from the sketch's folder, making surfaces
//! (`createImage`, `createGraphics`, `get()` of an area), making one the
//! target of the drawing calls, `image()` and `copy()`, and p5.Image's
//! `resize` and `mask`.

use std::sync::Arc;

use rquickjs::prelude::Rest;
use rquickjs::{Array, Ctx, Exception, Function, Object};

use super::bind::{numbers, set, Stage, N};
use super::files::read_data;
use super::look;
use super::surfaces::{raster, Guard, Surfaces, CANVAS, MAX_PIXELS};
use crate::folder::Folder;
use crate::limits::{MAX_SCALE, MAX_SIDE, MIN_SCALE};
use crate::p5::images::decode::decode;
use crate::p5::images::image::{scaled, tinted};
use crate::p5::P5;

/// The largest image file read, in bytes (64 MiB).
const MAX_IMAGE_FILE: u64 = 64 << 20;

/// Installs the image natives on `__native`; `loadImage` reads from
/// `folder`, the sketch's.
pub(super) fn install_images<'js>(
    ctx: &Ctx<'js>,
    stage: &Stage,
    folder: Arc<Folder>,
) -> rquickjs::Result<()> {
    let native: Object = ctx.globals().get("__native")?;
    let s = stage.clone();
    set(ctx, &native, "target", move |ctx: Ctx<'js>, id: u32| {
        if s.target(id) {
            Ok(())
        } else {
            let why = "this image or graphics was removed (remove()), or drawn on outside \
                       setup() and draw()";
            Err(Exception::throw_message(&ctx, why))
        }
    })?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "makeSurface",
        move |ctx: Ctx<'js>, call: String, w: N, h: N, density: N| {
            let shown = format!("{call}({}, {})", w.0, h.0);
            let (w, h) = (side(&ctx, &shown, w.0)?, side(&ctx, &shown, h.0)?);
            let density = density.0.clamp(MIN_SCALE, MAX_SCALE);
            keep(&ctx, &s, &shown, surface(&ctx, &shown, w, h, density)?)
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "loadImage",
        move |ctx: Ctx<'js>, path: String| {
            let call = format!("loadImage({path:?})");
            let bytes = read_data(&folder, &path, "loadImage", MAX_IMAGE_FILE)
                .map_err(|why| Exception::throw_message(&ctx, &why))?;
            let pixmap = decode(&bytes)
                .map_err(|why| Exception::throw_message(&ctx, &format!("{call}: {why}")))?;
            let (w, h) = (pixmap.width(), pixmap.height());
            let mut p5 = surface(&ctx, &call, w, h, 1.0)?;
            p5.replace_pixels(&pixmap);
            let guard = keep(&ctx, &s, &call, p5)?;
            let out = Array::new(ctx.clone())?;
            out.set(0, guard)?;
            out.set(1, w)?;
            out.set(2, h)?;
            Ok::<_, rquickjs::Error>(out)
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "region",
        move |ctx: Ctx<'js>, x: N, y: N, w: N, h: N| {
            let shown = format!("get({}, {}, {}, {})", x.0, y.0, w.0, h.0);
            let (wu, hu) = (side(&ctx, &shown, w.0)?, side(&ctx, &shown, h.0)?);
            let region = s.surfaces(&ctx, |p5, _, _| {
                let d = p5.density();
                let mut region = surface(&ctx, &shown, wu, hu, d)?;
                let src = [x.0 * d, y.0 * d, f64::from(wu) * d, f64::from(hu) * d];
                let dst = [0.0, 0.0, f64::from(wu), f64::from(hu)];
                region.draw_image(p5.pixmap().as_ref(), src, dst, false);
                Ok::<_, rquickjs::Error>(region)
            })??;
            keep(&ctx, &s, &shown, region)
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "drawImage",
        move |ctx: Ctx<'js>, id: u32, placed: bool, v: Rest<N>| {
            let [sx, sy, sw, sh, dx, dy, dw, dh] = numbers(&v.0);
            let (mode, tint, smooth) = {
                let state = s.state();
                let look = &state.look.now;
                (look.image_mode, look.tint, look.smooth)
            };
            let src = [sx, sy, sw, sh];
            // image() reads imageMode and tint; copy() neither.
            let (dst, tint) = if placed {
                (look::placed([dx, dy, dw, dh], mode), tint)
            } else {
                ([dx, dy, dw, dh], None)
            };
            let drawn = s.surfaces(&ctx, |p5, surfaces, target| {
                let own;
                let source = if id == target {
                    own = p5.pixmap().clone();
                    &own
                } else {
                    match surfaces.get(id) {
                        Some(source) => source.pixmap(),
                        None => return false,
                    }
                };
                match tint {
                    Some(tint) => {
                        let tinted = tinted(source.as_ref(), tint);
                        p5.draw_image(tinted.as_ref(), src, dst, smooth);
                    }
                    None => {
                        let source = source.clone();
                        p5.draw_image(source.as_ref(), src, dst, smooth);
                    }
                }
                true
            })?;
            if drawn {
                Ok(())
            } else {
                Err(Exception::throw_message(
                    &ctx,
                    "image(): the image was removed (remove())",
                ))
            }
        },
    )?;
    let s = stage.clone();
    set(ctx, &native, "resize", move |ctx: Ctx<'js>, w: N, h: N| {
        let shown = format!("resize({}, {})", w.0, h.0);
        let (w, h) = (side(&ctx, &shown, w.0)?, side(&ctx, &shown, h.0)?);
        raster(w, h, 1.0).map_err(|size| too_large(&ctx, &shown, size))?;
        let result = s.surfaces(&ctx, |p5, surfaces, _| {
            room(&ctx, surfaces, u64::from(w) * u64::from(h))?;
            let resized = scaled(p5.pixmap().as_ref(), w, h).expect("within the bound");
            let mut image = P5::new(w, h, 1.0).expect("within the bound");
            image.replace_pixels(&resized);
            *p5 = image;
            Ok(())
        })?;
        result.map_err(|total| over(&ctx, &shown, total))
    })?;
    let s = stage.clone();
    set(ctx, &native, "mask", move |ctx: Ctx<'js>, id: u32| {
        let masked = s.surfaces(&ctx, |p5, surfaces, target| {
            if id == target {
                let own = p5.pixmap().clone();
                p5.mask_with(own.as_ref());
                return true;
            }
            match surfaces.get(id) {
                Some(mask) => {
                    let mask = mask.pixmap().clone();
                    p5.mask_with(mask.as_ref());
                    true
                }
                None => false,
            }
        })?;
        if masked {
            Ok(())
        } else {
            Err(Exception::throw_message(
                &ctx,
                "mask(): the mask was removed (remove())",
            ))
        }
    })?;
    let s = stage.clone();
    set(ctx, &native, "setDensity", move |ctx: Ctx<'js>, d: N| {
        let density = d.0.clamp(MIN_SCALE, MAX_SCALE);
        let shown = format!("pixelDensity({})", d.0);
        s.surfaces(&ctx, |p5, surfaces, target| {
            if target == CANVAS {
                return Ok::<_, rquickjs::Error>(());
            }
            let (w, h) = raster(p5.width(), p5.height(), density)
                .map_err(|size| too_large(&ctx, &shown, size))?;
            room(&ctx, surfaces, u64::from(w) * u64::from(h))
                .map_err(|total| over(&ctx, &shown, total))?;
            *p5 = p5.with_density(density).expect("within the bound");
            Ok(())
        })?
    })?;
    let s = stage.clone();
    set(ctx, &native, "removeSurface", move |id: u32| {
        s.state().surfaces.remove(id);
    })?;
    Ok(())
}

/// A side in canvas units, whole (as p5 floors it), or thrown: at least 1.
fn side(ctx: &Ctx<'_>, call: &str, v: f64) -> rquickjs::Result<u32> {
    if v.is_finite() && v >= 1.0 {
        Ok(v.min(f64::from(u32::MAX)) as u32)
    } else {
        let why = format!("{call}: sides of at least 1 are needed");
        Err(Exception::throw_message(ctx, &why))
    }
}

/// A new image or graphics of `w` x `h` canvas units at `density` for
/// `call`, refused before its pixels are allocated when its raster passes
/// the bound (see `surfaces::raster`).
fn surface(ctx: &Ctx<'_>, call: &str, w: u32, h: u32, density: f64) -> rquickjs::Result<P5> {
    raster(w, h, density).map_err(|size| too_large(ctx, call, size))?;
    P5::new(w, h, density).ok_or_else(|| too_large(ctx, call, (u64::from(w), u64::from(h))))
}

/// The refusal of a raster of `w` x `h` pixels past the bound of one surface.
fn too_large(ctx: &Ctx<'_>, call: &str, (w, h): (u64, u64)) -> rquickjs::Error {
    let why = format!(
        "{call}: {w} x {h} pixels is too large an image or graphics (at most {MAX_PIXELS} \
         pixels, sides of at least 1 and at most {MAX_SIDE})"
    );
    Exception::throw_message(ctx, &why)
}

fn over(ctx: &Ctx<'_>, call: &str, total: u64) -> rquickjs::Error {
    let why = format!(
        "{call}: the sketch's images and graphics would hold {total} pixels, over the limit \
         of {MAX_PIXELS} ({} MiB); remove() graphics no longer needed",
        (MAX_PIXELS * 4) >> 20
    );
    Exception::throw_message(ctx, &why)
}

/// Whether `extra` pixels more fit, after collecting the garbage if they
/// do not at first; `Err` with the total they would make.
fn room(ctx: &Ctx<'_>, surfaces: &mut Surfaces, extra: u64) -> Result<(), u64> {
    surfaces.room(extra).or_else(|_| {
        ctx.run_gc();
        surfaces.room(extra)
    })
}

/// Keeps `p5` as a new surface and returns the function that the
/// JavaScript object holds: called, it gives the surface's number;
/// collected, it releases the surface.
fn keep<'js>(ctx: &Ctx<'js>, s: &Stage, call: &str, p5: P5) -> rquickjs::Result<Function<'js>> {
    let (w, h) = p5.drawing().size();
    let made: Result<Guard, u64> = s.surfaces(ctx, |target, surfaces, id| {
        let target = (id != CANVAS).then_some(&*target);
        let held = target.map_or(0, |t| {
            let (tw, th) = t.drawing().size();
            u64::from(tw) * u64::from(th)
        });
        room(ctx, surfaces, held + u64::from(w) * u64::from(h))?;
        Ok(surfaces.make(p5))
    })?;
    let guard = made.map_err(|total| over(ctx, call, total))?;
    // The closure must own the whole guard, not only its number (which a
    // closure naming `guard.id` alone would capture).
    Function::new(ctx.clone(), move || {
        let guard = &guard;
        guard.id
    })
}
