# Writes a copy of a font whose GSUB and GPOS lookups are all extension
# lookups (GSUB type 7, GPOS type 9) holding the same subtables, for tests:
# opentype.js, and so p5.js, reads neither ligatures nor kerning from them
# (tests/sketches/text-points/serif-extension.ttf:
#   python3 to-extension.py ../tests/sketches/text-points/serif-italic.ttf \
#     ../tests/sketches/text-points/serif-extension.ttf).  pip install fonttools
import sys
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import otTables

font = TTFont(sys.argv[1])
for tag, extension, wrapper in (('GPOS', 9, otTables.ExtensionPos), ('GSUB', 7, otTables.ExtensionSubst)):
    for lookup in font[tag].table.LookupList.Lookup:
        wrapped = []
        for subtable in lookup.SubTable:
            e = wrapper()
            e.Format = 1
            e.ExtensionLookupType = lookup.LookupType
            e.ExtSubTable = subtable
            wrapped.append(e)
        lookup.SubTable = wrapped
        lookup.LookupType = extension
font.save(sys.argv[2])
