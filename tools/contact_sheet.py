#!/usr/bin/env python3
"""Composes frames into one contact sheet, each cropped around the whale.

usage: contact_sheet.py OUT.png COLUMNS CROP FRAME.png...

Each frame is cropped to a CROP x CROP square centred on the whale (found as
the pixels brighter than the star field's sky and darker than a star), then
the crops are laid out in COLUMNS columns with a thin gutter.
"""
import sys

from PIL import Image


def whale_centre(img):
    small = img.convert("RGB").resize((img.width // 4, img.height // 4))
    xs, ys = [], []
    for y in range(small.height):
        for x in range(small.width):
            r, g, b = small.getpixel((x, y))
            # The back: blue-grey, clearly above the sky, below a star.
            if 40 < r < 140 and 55 < g < 150 and b > 80 and b - r > 20:
                xs.append(x)
                ys.append(y)
    if not xs:
        return img.width // 2, img.height // 2
    xs.sort()
    ys.sort()
    return xs[len(xs) // 2] * 4, ys[len(ys) // 2] * 4


def crop(img, size):
    cx, cy = whale_centre(img)
    left = min(max(cx - size // 2, 0), img.width - size)
    top = min(max(cy - size // 2, 0), img.height - size)
    return img.crop((left, top, left + size, top + size))


def main():
    out, columns, size, frames = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    rows = (len(frames) + columns - 1) // columns
    gutter = 4
    sheet = Image.new("RGB", (columns * (size + gutter) - gutter, rows * (size + gutter) - gutter), (30, 30, 30))
    for k, path in enumerate(frames):
        tile = crop(Image.open(path).convert("RGB"), size)
        sheet.paste(tile, ((k % columns) * (size + gutter), (k // columns) * (size + gutter)))
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
