#!/bin/sh
# Draws assets/icons/junqi.png (256 × 256): a red Junqi piece with 军 on the board's colour.
# Also assets/icons/junqi.ico (256, 64, 48, 32, 24, 16), which build.rs embeds in the Windows exe.
# Needs ImageMagick; the character comes from the shipped subset font. Run from the repository root.
set -e
convert -size 256x256 xc:none \
  -fill '#eedcb0' -stroke '#4a3a28' -strokewidth 6 -draw 'roundrectangle 8,8 247,247 36,36' \
  -fill '#c02a22' -stroke '#6e1712' -strokewidth 5 -draw 'roundrectangle 34,58 221,197 22,22' \
  -fill none -stroke '#ffffff80' -strokewidth 3 -draw 'roundrectangle 46,70 209,185 14,14' \
  -font assets/fonts/JunqiSansSC-Subset.otf -pointsize 118 -fill white -stroke none \
  -gravity center -annotate +0+0 '军' \
  -strip -depth 8 -define png:compression-level=9 PNG32:assets/icons/junqi.png
convert assets/icons/junqi.png -define icon:auto-resize=256,64,48,32,24,16 assets/icons/junqi.ico
