#!/usr/bin/env bash
# Make assets/fonts/JunqiSansSC-Subset.otf: the Chinese font the window ships, so Chinese renders on a
# machine with no Chinese font installed.
#
# Source font: Noto Sans CJK SC Regular (SIL Open Font License 1.1, Copyright 2014-2021 Adobe, with
# Reserved Font Name 'Source'), from Debian's package `fonts-noto-cjk`
# (/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc, face 2 = SC).
# Tool: fontTools' pyftsubset (`pip install fonttools`).
#
# Characters: assets/fonts/font-chars.txt, which this script extends (never shrinks) with every
# non-ASCII character found in the program's sources (src/**/*.rs) and lessons (lessons/*.ron), so every
# string table and lesson is covered.
# The unit test `app::fonts::tests::font_covers_every_ui_string` fails if a Chinese character in the
# sources is missing from the font: rerun this script after adding text.
#
# The subset is a Modified Version under the OFL, so it carries its own family name
# ("Junqi Sans SC Subset") rather than the original's; the licence sits beside it as OFL.txt.
#
# Usage: apt-get install -y fonts-noto-cjk && pip install fonttools && assets/make-font-subset.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${NOTO_CJK_TTC:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
OUT=assets/fonts/JunqiSansSC-Subset.otf
CHARS=assets/fonts/font-chars.txt
python3 - "$CHARS" <<'PY'
import pathlib, sys
chars_file = pathlib.Path(sys.argv[1])
have = set(chars_file.read_text(encoding="utf-8")) if chars_file.exists() else set()
# Common punctuation and symbols of Chinese text, kept even if no source uses them yet.
have |= set("，。、：；！？（）《》「」『』【】“”‘’…—·　０１２３４５６７８９")
for path in [*pathlib.Path("src").rglob("*.rs"), *pathlib.Path("lessons").glob("*.ron")]:
    have |= {c for c in path.read_text(encoding="utf-8") if ord(c) > 0x2000}
have = sorted(c for c in have if ord(c) > 0x2000 and not c.isspace() or c == "　")
chars_file.write_text("".join(have) + "\n", encoding="utf-8")
print(f"{len(have)} characters")
PY
pyftsubset "$SRC" --font-number=2 --text-file="$CHARS" --output-file="$OUT.tmp" \
    --layout-features='*' --no-hinting --desubroutinize --name-IDs='*'
python3 - "$OUT.tmp" "$OUT" <<'PY'
import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1])
names = {1: "Junqi Sans SC Subset", 3: "JunqiSansSCSubset-Regular", 4: "Junqi Sans SC Subset",
         6: "JunqiSansSCSubset-Regular", 16: "Junqi Sans SC Subset", 17: "Regular"}
table = f["name"]
for rec in list(table.names):
    if rec.nameID in names:
        table.setName(names[rec.nameID], rec.nameID, rec.platformID, rec.platEncID, rec.langID)
    elif rec.nameID in (18, 21, 22):
        table.removeNames(nameID=rec.nameID)
# Keep the CFF table's own name in step.
if "CFF " in f:
    cff = f["CFF "].cff
    cff.fontNames = ["JunqiSansSCSubset-Regular"]
    top = cff.topDictIndex[0]
    for key in ("FullName", "FamilyName"):
        if hasattr(top, key):
            setattr(top, key, "Junqi Sans SC Subset")
f.save(sys.argv[2])
PY
rm -f "$OUT.tmp"
ls -l "$OUT"
