# Writes a CFF (.otf) copy of a TrueType font: the same glyphs (quadratic
# curves as cubics, composites drawn whole), metrics, cmap and OpenType
# layout tables, for tests (tests/sketches/text-points/bold-cff.otf:
#   pyftsubset DejaVuSans-Bold.ttf --unicodes=U+0020-007E,U+00C0-00FF \
#     --layout-features="*" --output-file=bold.ttf
#   python3 to-otf.py bold.ttf bold-cff.otf).  pip install fonttools
import sys
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

src = TTFont(sys.argv[1])
order = src.getGlyphOrder()
glyphs = src.getGlyphSet()
metrics = {name: src['hmtx'][name] for name in order}
charstrings = {}
for name in order:
    pen = T2CharStringPen(metrics[name][0], glyphs)
    glyphs[name].draw(pen)
    charstrings[name] = pen.getCharString()
names = {n.nameID: n.toUnicode() for n in src['name'].names if n.platformID == 3}
fb = FontBuilder(src['head'].unitsPerEm, isTTF=False)
fb.setupGlyphOrder(order)
fb.setupCharacterMap(src.getBestCmap())
ps = names.get(6, 'Font').replace(' ', '') + '-CFF'
# A Private DICT that is not empty: opentype.js reads no widths without one.
fb.setupCFF(ps, {'FullName': ps}, charstrings, {'BlueValues': [0, 0]})
fb.setupHorizontalMetrics(metrics)
fb.setupHorizontalHeader(ascent=src['hhea'].ascent, descent=src['hhea'].descent)
fb.setupNameTable({'familyName': names.get(1, 'Font') + ' CFF', 'styleName': names.get(2, 'Regular')})
os2 = src['OS/2']
fb.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
            usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent)
fb.setupPost()
for tag in ('GDEF', 'GSUB', 'GPOS'):
    if tag in src:
        fb.font[tag] = src[tag]
fb.save(sys.argv[2])
