#!/bin/sh
# Installs this portable junqi for one user (into ~/.local) or, with PREFIX=/usr/local as root, for
# everyone: the program and its shipped formations in PREFIX/lib/junqi (a link in PREFIX/bin), the
# menu entry, the icon, the MIME type of game records and the man pages under PREFIX/share.
# To remove it: rm -r PREFIX/lib/junqi PREFIX/bin/junqi and the files under share/ named below.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-$HOME/.local}
[ -x "$here/junqi" ] || { echo "install.sh: no junqi beside this script ($here)" >&2; exit 1; }
mkdir -p "$prefix/lib/junqi" "$prefix/bin" "$prefix/share/applications" \
  "$prefix/share/icons/hicolor/256x256/apps" "$prefix/share/mime/packages" "$prefix/share/man/man1"
cp "$here/junqi" "$prefix/lib/junqi/junqi"
rm -rf "$prefix/lib/junqi/layouts"
cp -R "$here/layouts" "$prefix/lib/junqi/layouts"
ln -sf "$prefix/lib/junqi/junqi" "$prefix/bin/junqi"
cp "$here/share/applications/junqi.desktop" "$prefix/share/applications/"
cp "$here/share/icons/hicolor/256x256/apps/junqi.png" "$prefix/share/icons/hicolor/256x256/apps/"
cp "$here/share/mime/packages/junqi.xml" "$prefix/share/mime/packages/"
cp "$here"/share/man/man1/*.1.gz "$prefix/share/man/man1/"
if command -v update-mime-database >/dev/null; then update-mime-database "$prefix/share/mime" || true; fi
if command -v update-desktop-database >/dev/null; then update-desktop-database "$prefix/share/applications" || true; fi
echo "junqi installed: $prefix/bin/junqi (that folder must be on your PATH for the menu entry)"
echo "files: $prefix/lib/junqi, $prefix/share/applications/junqi.desktop, .../icons/hicolor/256x256/apps/junqi.png,"
echo "       $prefix/share/mime/packages/junqi.xml, $prefix/share/man/man1/junqi*.1.gz"
