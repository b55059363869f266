//! The natives of p5's pixel functions: `loadPixels`, `updatePixels` and
//! `get(x, y)` (`pixels[]` and `set` live in prelude.js, over them).

use rquickjs::{Ctx, Exception, Object, TypedArray, U8Clamped};

use super::bind::{set, Stage, N};

/// Installs the pixel natives on `native`.
pub(super) fn install_pixels<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
) -> rquickjs::Result<()> {
    let s = stage.clone();
    set(ctx, native, "loadPixels", move |ctx: Ctx<'js>| {
        let bytes = s.pixels(&ctx, |p5| p5.read_pixels())?;
        TypedArray::<U8Clamped>::new(ctx, bytes.into_iter().map(U8Clamped).collect::<Vec<_>>())
    })?;
    let s = stage.clone();
    set(
        ctx,
        native,
        "updatePixels",
        move |ctx: Ctx<'js>, data: TypedArray<'js, U8Clamped>, x: N, y: N, w: N, h: N| {
            // SAFETY: the bytes are copied at once; no JavaScript runs
            // while the slice lives.
            let bytes = unsafe { data.as_bytes() }
                .map(<[u8]>::to_vec)
                .unwrap_or_default();
            let (count, written) = s.pixels(&ctx, |p5| {
                let (width, height) = p5.drawing().size();
                let written = p5.write_pixels(&bytes, [x.0, y.0, w.0, h.0]);
                (width as usize * height as usize * 4, written)
            })?;
            if written {
                Ok(())
            } else {
                let why = format!(
                    "updatePixels(): pixels holds {} values; the canvas takes {count} \
                     (its width x height x 4, times pixelDensity() squared)",
                    bytes.len()
                );
                Err(Exception::throw_message(&ctx, &why))
            }
        },
    )?;
    let s = stage.clone();
    set(ctx, native, "getPixel", move |ctx: Ctx<'js>, x: N, y: N| {
        s.pixels(&ctx, |p5| p5.pixel(x.0, y.0).to_vec())
    })
}
