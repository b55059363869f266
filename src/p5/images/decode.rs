//! Image files decoded into premultiplied pixmaps: PNG (the `png` crate),
//! JPEG (`zune-jpeg`) and the first frame of a GIF (`gif`), told apart by
//! their first bytes. The size is read from the header and refused before
//! any pixel is decoded, so a small hostile file cannot claim gigabytes.

use std::io::Cursor;

use tiny_skia::{ColorU8, IntSize, Pixmap};
use zune_jpeg::zune_core::bytestream::ZCursor;
use zune_jpeg::zune_core::colorspace::ColorSpace;
use zune_jpeg::zune_core::options::DecoderOptions;
use zune_jpeg::JpegDecoder;

/// The most pixels a decoded image may hold: 16,777,216 (4096 x 4096,
/// 64 MiB decoded).
pub const MAX_IMAGE_PIXELS: u64 = 1 << 24;

/// The widest or tallest image, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 16_384;

/// The pixels of the PNG, JPEG or GIF (its first frame) file `bytes`, or
/// why not, in a phrase (the caller names the file). Refuses another
/// format, a broken file, and one wider or taller than `MAX_IMAGE_SIDE` or
/// of more than `MAX_IMAGE_PIXELS` pixels.
pub fn decode(bytes: &[u8]) -> Result<Pixmap, String> {
    let (width, height, rgba) = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        png(bytes)?
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        jpeg(bytes)?
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        gif(bytes)?
    } else {
        return Err("not a PNG, JPEG or GIF file".into());
    };
    let size = IntSize::from_wh(width, height).ok_or("an image without pixels")?;
    let premultiplied = rgba
        .chunks_exact(4)
        .flat_map(|p| {
            let c = ColorU8::from_rgba(p[0], p[1], p[2], p[3]).premultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Pixmap::from_vec(premultiplied, size).ok_or_else(|| "an image without pixels".into())
}

/// Refuses a size past the limits, before decoding.
fn check_size(width: u32, height: u32) -> Result<(), String> {
    if width == 0 || height == 0 {
        return Err(format!("{width} x {height}: an image without pixels"));
    }
    if width.max(height) > MAX_IMAGE_SIDE || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS
    {
        return Err(format!(
            "{width} x {height} pixels, over the limit of {MAX_IMAGE_SIDE} a side and \
             {MAX_IMAGE_PIXELS} pixels; make it smaller"
        ));
    }
    Ok(())
}

type Decoded = (u32, u32, Vec<u8>);

fn png(bytes: &[u8]) -> Result<Decoded, String> {
    let broken = |e: png::DecodingError| format!("a broken PNG file ({e})");
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(broken)?;
    let (width, height) = (reader.info().width, reader.info().height);
    check_size(width, height)?;
    let mut buf = vec![0; reader.output_buffer_size().ok_or("a PNG too large")?];
    let frame = reader.next_frame(&mut buf).map_err(broken)?;
    let data = &buf[..frame.buffer_size()];
    let rgba = match frame.color_type {
        png::ColorType::Rgba => data.to_vec(),
        png::ColorType::Rgb => data
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => data
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => data.iter().flat_map(|&v| [v, v, v, 255]).collect(),
        png::ColorType::Indexed => return Err("a PNG palette left unexpanded".into()),
    };
    Ok((width, height, rgba))
}

fn jpeg(bytes: &[u8]) -> Result<Decoded, String> {
    let broken = |e: zune_jpeg::errors::DecodeErrors| format!("a broken JPEG file ({e})");
    let options = DecoderOptions::default()
        .set_max_width(MAX_IMAGE_SIDE as usize)
        .set_max_height(MAX_IMAGE_SIDE as usize)
        .jpeg_set_out_colorspace(ColorSpace::RGBA);
    let mut decoder = JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    decoder.decode_headers().map_err(broken)?;
    let info = decoder.info().ok_or("a JPEG file without a header")?;
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    check_size(width, height)?;
    let rgba = decoder.decode().map_err(broken)?;
    if rgba.len() != width as usize * height as usize * 4 {
        return Err("a JPEG file whose pixels do not fill it".into());
    }
    Ok((width, height, rgba))
}

/// The first frame, placed on the GIF's screen (transparent around it).
fn gif(bytes: &[u8]) -> Result<Decoded, String> {
    let broken = |e: gif::DecodingError| format!("a broken GIF file ({e})");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    if let Some(bytes) = std::num::NonZeroU64::new(MAX_IMAGE_PIXELS * 4) {
        options.set_memory_limit(gif::MemoryLimit::Bytes(bytes));
    }
    let mut decoder = options.read_info(Cursor::new(bytes)).map_err(broken)?;
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    check_size(width, height)?;
    let frame = decoder
        .read_next_frame()
        .map_err(broken)?
        .ok_or("a GIF file without a frame")?;
    let mut rgba = vec![0; width as usize * height as usize * 4];
    let (left, top) = (usize::from(frame.left), usize::from(frame.top));
    // A frame of no width (a GIF may say so) covers nothing of the screen.
    let across = usize::from(frame.width).max(1);
    for (row, line) in frame.buffer.chunks_exact(across * 4).enumerate() {
        let y = top + row;
        if y >= height as usize {
            break;
        }
        for (column, p) in line.chunks_exact(4).enumerate() {
            let x = left + column;
            if x < width as usize {
                let at = 4 * (y * width as usize + x);
                rgba[at..at + 4].copy_from_slice(p);
            }
        }
    }
    Ok((width, height, rgba))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gif_frame_of_no_width_is_an_empty_picture() {
        // Found by the image fuzz target: chunks_exact(0) panicked.
        let bytes = include_bytes!("../../../fuzz/regressions/image/gif-frame-of-no-width");
        if let Ok((width, height, rgba)) = gif(bytes) {
            assert_eq!(rgba.len(), width as usize * height as usize * 4);
        }
    }

    #[test]
    fn png_pixels_are_premultiplied_and_other_files_refused() {
        let mut pixmap = Pixmap::new(2, 1).unwrap();
        pixmap.pixels_mut()[1] = ColorU8::from_rgba(200, 100, 0, 128).premultiply();
        let decoded = decode(&pixmap.encode_png().unwrap()).unwrap();
        assert_eq!(decoded.data(), pixmap.data());
        for (bytes, needle) in [
            (&b"hello"[..], "not a PNG"),
            (&b"\x89PNG\r\n\x1a\nbroken"[..], "broken PNG"),
            (&[0xFF, 0xD8, 0xFF, 0xE0, 0][..], "broken JPEG"),
            (&b"GIF89a\x01"[..], "broken GIF"),
        ] {
            let err = decode(bytes).unwrap_err();
            assert!(err.contains(needle), "{err}");
        }
    }

    #[test]
    fn a_huge_size_is_refused_before_decoding() {
        // A 43-byte GIF of one pixel whose screen claims 65535 x 65535.
        let gif = [
            71, 73, 70, 56, 55, 97, 255, 255, 255, 255, 129, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 44, 0, 0, 0, 0, 1, 0, 1, 0, 0, 8, 4, 0, 1, 4, 4, 0, 59,
        ];
        let err = decode(&gif).unwrap_err();
        assert!(err.contains("over the limit"), "{err}");
    }
}
