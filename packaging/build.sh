#!/usr/bin/env bash
# Builds junqi's installable packages into packaging/out/:
#   junqi-VERSION-windows-x86_64.zip   junqi.exe (GUI subsystem, icon and version resource), README,
#                                      licences, layouts/ — cross-compiled with MinGW
#   junqi_VERSION-1_amd64.deb          Debian/Ubuntu: binary, .desktop entry, icon, MIME type, man pages
#   junqi-VERSION-linux-x86_64.tar.gz  portable Linux build linked against glibc 2.17 (zig), install.sh
# and prints where each one is and its size.
#
# usage: packaging/build.sh [--check]
#   --check  then checks them: the golden cases through `wine junqi.exe moves|perft|apply` equal the
#            Linux binary's, the window starts under Xvfb + Wine (screenshot in packaging/out/check/),
#            a game record written under Wine reads back the same under Wine and Linux, the .deb
#            installs (dpkg -i), answers --version, its .desktop file validates, and it removes
#            cleanly; the tarball's glibc need and install.sh. Exits non-zero on any failure.
#   --check-only  the checks alone, on the packages a previous run left in packaging/out/
#
# What it needs it installs (Debian packages with apt-get, the Rust target with rustup, zig and
# cargo-zigbuild from PyPI into a virtualenv under the cargo target folder), or stops naming it.
# Runs as root, or as a user with sudo, for apt-get and the .deb check.
set -euo pipefail
umask 022

usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

CHECK=0
BUILD=1
for arg in "$@"; do
  case "$arg" in
    --check) CHECK=1 ;;
    --check-only) CHECK=1; BUILD=0 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "packaging/build.sh: unknown argument '$arg'; usage: packaging/build.sh [--check | --check-only]" >&2; exit 2 ;;
  esac
done

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
OUT=$ROOT/packaging/out
TOOLS=$CARGO_TARGET_DIR/packaging-tools
WIN_TARGET=x86_64-pc-windows-gnu
LINUX_TARGET=x86_64-unknown-linux-gnu
GLIBC=2.17            # the oldest glibc zig links against: RHEL/CentOS 7, Debian 8, Ubuntu 14.04
ZIG_PIP="ziglang==0.17.1 cargo-zigbuild==0.24.1"
VERSION=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
[ -n "$VERSION" ] || { echo "packaging/build.sh: no version in Cargo.toml" >&2; exit 1; }

say() { printf '\n== %s\n' "$*"; }
die() { printf 'packaging/build.sh: %s\n' "$*" >&2; exit 1; }
SUDO=()
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null; then SUDO=(sudo); fi
fi
as_root() {
  if [ "$(id -u)" != 0 ] && [ ${#SUDO[@]} -eq 0 ]; then
    die "needs root (or sudo) for: $*"
  fi
  "${SUDO[@]}" "$@"
}

# Debian packages: install those not installed yet.
APT_UPDATED=0
need_deb() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "needs the Debian packages ${missing[*]} (no apt-get here: install them by hand)"
  echo "installing Debian packages: ${missing[*]}"
  if [ $APT_UPDATED = 0 ]; then
    as_root apt-get update -qq || die "apt-get update failed (needed for: ${missing[*]})"
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || die "apt-get could not install: ${missing[*]}"
}

command -v dpkg-query >/dev/null || die "this script runs on Debian or Ubuntu (needs dpkg and apt-get)"
command -v cargo >/dev/null || die "needs cargo (the Rust toolchain, stable 1.95, from rustup)"
command -v rustup >/dev/null || die "needs rustup (to add the $WIN_TARGET target)"
command -v python3 >/dev/null || need_deb python3

size() { du -h "$1" | cut -f1; }
STAGE=$OUT/stage
WNAME=junqi-$VERSION-windows-x86_64
WDIR=$STAGE/$WNAME
ZIP=$OUT/$WNAME.zip
LNAME=junqi-$VERSION-linux-x86_64
LDIR=$STAGE/$LNAME
TARBALL=$OUT/$LNAME.tar.gz
DEB_VERSION=$VERSION-1
DEB=$OUT/junqi_${DEB_VERSION}_amd64.deb
max_glibc() { objdump -T "$1" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n1; }

if [ "$BUILD" = 1 ]; then
# ---------------------------------------------------------------------------------------------
say "tools"
need_deb gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 binutils zip unzip
rustup target list --installed | grep -qx "$WIN_TARGET" || rustup target add "$WIN_TARGET" \
  || die "rustup could not add the target $WIN_TARGET"
if [ ! -x "$TOOLS/venv/bin/cargo-zigbuild" ] || ! "$TOOLS/venv/bin/python" -m ziglang version >/dev/null 2>&1; then
  python3 -m venv "$TOOLS/venv" 2>/dev/null || { need_deb python3-venv; python3 -m venv "$TOOLS/venv"; } \
    || die "python3 -m venv failed (Debian: python3-venv)"
  # shellcheck disable=SC2086
  "$TOOLS/venv/bin/pip" install -q $ZIG_PIP || die "pip could not install $ZIG_PIP (from PyPI)"
fi
ZIGBUILD_PATH=$TOOLS/venv/bin:$PATH

# ---------------------------------------------------------------------------------------------
say "build: Windows ($WIN_TARGET)"
nice -n 10 cargo build --release --locked --target "$WIN_TARGET"
EXE=$CARGO_TARGET_DIR/$WIN_TARGET/release/junqi.exe

say "build: Linux ($LINUX_TARGET, glibc $GLIBC)"
PATH=$ZIGBUILD_PATH nice -n 10 cargo zigbuild --release --locked --target "$LINUX_TARGET.$GLIBC"
BIN=$CARGO_TARGET_DIR/$LINUX_TARGET/release/junqi
"$BIN" --version >/dev/null || die "the Linux binary does not run: $BIN"

rm -rf "$OUT"
mkdir -p "$OUT/stage"

say "man pages and licences"
"$BIN" manpages "$STAGE/man" >/dev/null
gzip -9n "$STAGE"/man/*.1
python3 packaging/third_party_licenses.py "$WIN_TARGET" "$STAGE/THIRD-PARTY-LICENSES-windows.txt"
python3 packaging/third_party_licenses.py "$LINUX_TARGET" "$STAGE/THIRD-PARTY-LICENSES-linux.txt"

# The files every package carries beside the program: README, licences, the shipped formations.
# $1 the folder, $2 the suffix of text files (".txt" for Windows), $3 the third-party licence file.
common_files() {
  install -d "$1/layouts"
  install -m644 layouts/*.ron "$1/layouts/"
  install -m644 README.md "$1/README.md"
  install -m644 LICENSE-MIT "$1/LICENSE-MIT$2"
  install -m644 LICENSE-APACHE "$1/LICENSE-APACHE$2"
  install -m644 assets/fonts/OFL.txt "$1/LICENSE-FONT-OFL.txt"
  install -m644 assets/sounds/LICENSE "$1/LICENSE-SOUNDS-CC0$2"
  install -m644 "$3" "$1/THIRD-PARTY-LICENSES.txt"
}

# ---------------------------------------------------------------------------------------------
say "package: Windows zip"
install -d "$WDIR"
x86_64-w64-mingw32-strip -o "$WDIR/junqi.exe" "$EXE"
common_files "$WDIR" .txt "$STAGE/THIRD-PARTY-LICENSES-windows.txt"
(cd "$STAGE" && zip -q -r -9 -X "$ZIP" "$WNAME")

# ---------------------------------------------------------------------------------------------
say "package: portable Linux tarball"
install -d "$LDIR/share/applications" "$LDIR/share/icons/hicolor/256x256/apps" \
  "$LDIR/share/mime/packages" "$LDIR/share/man/man1"
strip -o "$LDIR/junqi" "$BIN"
common_files "$LDIR" "" "$STAGE/THIRD-PARTY-LICENSES-linux.txt"
install -m644 assets/junqi.desktop "$LDIR/share/applications/junqi.desktop"
install -m644 assets/icons/junqi.png "$LDIR/share/icons/hicolor/256x256/apps/junqi.png"
install -m644 assets/junqi-mime.xml "$LDIR/share/mime/packages/junqi.xml"
install -m644 "$STAGE"/man/*.1.gz "$LDIR/share/man/man1/"
install -m755 packaging/install.sh "$LDIR/install.sh"
tar --owner=0 --group=0 --sort=name -C "$STAGE" -czf "$TARBALL" "$LNAME"

# ---------------------------------------------------------------------------------------------
say "package: Debian .deb"
DROOT=$STAGE/deb
install -d "$DROOT/DEBIAN" "$DROOT/usr/bin" "$DROOT/usr/lib/junqi" "$DROOT/usr/share/junqi/layouts" \
  "$DROOT/usr/share/applications" "$DROOT/usr/share/icons/hicolor/256x256/apps" \
  "$DROOT/usr/share/mime/packages" "$DROOT/usr/share/man/man1" "$DROOT/usr/share/doc/junqi"
# The program finds its shipped formations in layouts/ beside the executable (after symlinks).
install -m755 "$LDIR/junqi" "$DROOT/usr/lib/junqi/junqi"
ln -s ../lib/junqi/junqi "$DROOT/usr/bin/junqi"
ln -s ../../share/junqi/layouts "$DROOT/usr/lib/junqi/layouts"
install -m644 layouts/*.ron "$DROOT/usr/share/junqi/layouts/"
install -m644 assets/junqi.desktop "$DROOT/usr/share/applications/junqi.desktop"
install -m644 assets/icons/junqi.png "$DROOT/usr/share/icons/hicolor/256x256/apps/junqi.png"
install -m644 assets/junqi-mime.xml "$DROOT/usr/share/mime/packages/junqi.xml"
install -m644 "$STAGE"/man/*.1.gz "$DROOT/usr/share/man/man1/"
DOC=$DROOT/usr/share/doc/junqi
gzip -9nc README.md >"$DOC/README.md.gz"
gzip -9nc "$STAGE/THIRD-PARTY-LICENSES-linux.txt" >"$DOC/THIRD-PARTY-LICENSES.txt.gz"
printf 'junqi (%s) unstable; urgency=medium\n\n  * Built from the junqi sources, version %s.\n\n -- The junqi developers <junqi@localhost>  %s\n' \
  "$DEB_VERSION" "$VERSION" "$(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")" \
  | gzip -9n >"$DOC/changelog.Debian.gz"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: junqi"
  echo
  echo "Files: *"
  echo "Copyright: The junqi developers"
  echo "License: MIT or Apache-2.0"
  echo " The program is dual-licensed: MIT (below) or the Apache License 2.0"
  echo " (/usr/share/common-licenses/Apache-2.0). The Rust crates linked into it and their"
  echo " licences: /usr/share/doc/junqi/THIRD-PARTY-LICENSES.txt.gz."
  echo " ."
  sed -e 's/^$/./' -e 's/^/ /' LICENSE-MIT
  echo
  echo "Files: assets/fonts/JunqiSansSC-Subset.otf (embedded in /usr/lib/junqi/junqi)"
  echo "Copyright: 2014-2021 Adobe"
  echo "License: OFL-1.1"
  sed -e 's/^$/./' -e 's/^/ /' assets/fonts/OFL.txt
  echo
  echo "Files: assets/sounds/*.wav (embedded in /usr/lib/junqi/junqi)"
  echo "Copyright: none (made for junqi)"
  echo "License: CC0-1.0"
  echo " /usr/share/common-licenses/CC0-1.0"
} >"$DOC/copyright"
# Depends: the binary needs only glibc's libraries, at the newest symbol version it uses (zig
# linked it against glibc 2.17; dpkg-shlibdeps would say 2.34, the version this machine's libdl and
# libpthread symbol files start at). The window's libraries are loaded at run time, so they are
# Recommends: a headless use needs none of them.
OTHER=$(objdump -p "$DROOT/usr/lib/junqi/junqi" | awk '/NEEDED/ {print $2}' \
  | grep -Ev '^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|ld-linux-x86-64\.so\.2)$' || true)
[ -z "$OTHER" ] || die "the binary needs libraries beyond glibc (add them to Depends): $OTHER"
DEPENDS="libc6 (>= $(max_glibc "$DROOT/usr/lib/junqi/junqi" | sed 's/^GLIBC_//'))"
cat >"$DROOT/DEBIAN/control" <<EOF
Package: junqi
Version: $DEB_VERSION
Architecture: amd64
Maintainer: The junqi developers <junqi@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$DROOT" | cut -f1)
Depends: $DEPENDS
Recommends: libgl1, libegl1, libx11-6, libx11-xcb1, libxcursor1, libxi6, libxrandr2, libxkbcommon0, libxkbcommon-x11-0, libwayland-client0, libwayland-cursor0, libwayland-egl1
Suggests: libasound2 | libasound2t64
Section: games
Priority: optional
Description: Junqi (Chinese military chess): play, design formations, referee
 A desktop program for Junqi (军棋 / 陆战棋): two people at one computer or
 one against the computer, in open, hidden and flip games, two or four
 players; a formation editor; a referee for games on a physical board; saved
 games and replay. The same binary answers headless commands (legal turns,
 perft, game records) for other tools.
EOF
(cd "$DROOT" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$DROOT/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$DROOT" "$DEB" >/dev/null
else
  for f in "$ZIP" "$DEB" "$TARBALL" "$WDIR/junqi.exe" "$LDIR/junqi"; do
    [ -e "$f" ] || die "--check-only: $f is missing; run packaging/build.sh first"
  done
fi

# ---------------------------------------------------------------------------------------------
say "packages"
need_deb binutils-mingw-w64-x86-64 binutils unzip
EXE_BYTES=$(stat -c %s "$WDIR/junqi.exe")
printf '%-48s %6s  (junqi.exe %s)\n' "$ZIP" "$(size "$ZIP")" "$(size "$WDIR/junqi.exe")"
printf '%-48s %6s\n' "$DEB" "$(size "$DEB")"
printf '%-48s %6s  (junqi %s, needs %s or newer)\n' "$TARBALL" "$(size "$TARBALL")" "$(size "$LDIR/junqi")" \
  "$(max_glibc "$LDIR/junqi" | tr _ ' ')"
[ "$CHECK" = 1 ] || exit 0

# =============================================================================================
say "check"
FAILED=()
pass() { printf '  ok    %s\n' "$*"; }
fail() { printf '  FAIL  %s\n' "$*"; FAILED+=("$*"); }
need_deb wine wine64 xvfb imagemagick x11-utils xdotool libgl1-mesa-dri desktop-file-utils
CK=$OUT/check
mkdir -p "$CK"

# --- the Windows exe itself ---------------------------------------------------------------------
if [ "$EXE_BYTES" -lt $((25 * 1024 * 1024)) ]; then pass "junqi.exe is $(size "$WDIR/junqi.exe") (under 25 MB)"
else fail "junqi.exe is $(size "$WDIR/junqi.exe"), over 25 MB"; fi
HDR=$(x86_64-w64-mingw32-objdump -p "$WDIR/junqi.exe")
if grep -q 'Subsystem.*Windows GUI' <<<"$HDR"; then pass "junqi.exe is a GUI-subsystem program"
else fail "junqi.exe is not a GUI-subsystem program"; fi
STRS=$(strings -el "$WDIR/junqi.exe")
if grep -qx 'FileVersion' <<<"$STRS" && grep -qx "$VERSION" <<<"$STRS" && grep -qx 'junqi.exe' <<<"$STRS"; then
  pass "version resource: FileVersion $VERSION, OriginalFilename junqi.exe"
else fail "no version resource in junqi.exe"; fi
# The resource types (the first level of the .rsrc tree): 0xe a group icon, 0x10 a version.
if grep -Eq '^[0-9a-f]{3}   Entry: ID: 0x00000e,' <<<"$HDR" && grep -Eq '^[0-9a-f]{3}   Entry: ID: 0x000010,' <<<"$HDR"; then
  pass "icon and version resources in junqi.exe"
else fail "no icon resource in junqi.exe"; fi

# --- Wine: a fresh prefix, the zip unpacked -------------------------------------------------------
export WINEPREFIX=$CK/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree=;mshtml=" WINEARCH=win64
WIN=$CK/windows
rm -rf "$WINEPREFIX" "$WIN"
mkdir -p "$WIN"
(cd "$WIN" && unzip -q "$ZIP")
WEXE=$WIN/$WNAME/junqi.exe
echo "  (wineboot: a new Wine prefix takes a while)"
wineboot -i >/dev/null 2>&1 || true
wineserver -w || true # wineboot's server ends; then one is kept up until the end of the check,
wineserver -p || true  # with Wine's services started once with no pipe to inherit (else a captured
wine cmd /c exit >/dev/null 2>&1 </dev/null || true # output would stay open after junqi.exe ends)
if [ ! -e "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ]; then
  # Rust's std asks bcryptprimitives.dll for ProcessPrng (Windows 10+); this Wine has none. For the
  # check only: a stub beside the exe in the check folder that forwards to BCryptGenRandom. The zip
  # does not carry it (Windows has the real one).
  cat >"$CK/prng.c" <<'EOF'
#include <windows.h>
#include <bcrypt.h>
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  return BCryptGenRandom(NULL, data, (ULONG)len, BCRYPT_USE_SYSTEM_PREFERRED_RNG) == 0;
}
EOF
  printf 'LIBRARY bcryptprimitives.dll\nEXPORTS\n  ProcessPrng\n' >"$CK/prng.def"
  x86_64-w64-mingw32-gcc -shared -O2 -o "$WIN/$WNAME/bcryptprimitives.dll" "$CK/prng.c" "$CK/prng.def" -lbcrypt
  echo "  (this Wine lacks bcryptprimitives.dll: a ProcessPrng stub is placed beside the exe for the check only)"
fi
WRAP=$CK/wine-junqi
printf '#!/bin/sh\nexec wine %q "$@"\n' "$WEXE" >"$WRAP"
chmod +x "$WRAP"
WV=$("$WRAP" --version 2>&1 | tr -d '\r' || true)
if [ "$WV" = "junqi $VERSION" ]; then pass "wine junqi.exe --version: $WV"
else fail "wine junqi.exe --version printed '$WV'"; fi

# --- golden cases: Linux binary and Wine -------------------------------------------------------------
GOLDEN=${GOLDEN_CHECK:-}
for g in "$ROOT/../shared/tools/golden_check.py" /work/shared/tools/golden_check.py; do
  [ -n "$GOLDEN" ] || { [ -f "$g" ] && GOLDEN=$g; }
done
if [ -z "$GOLDEN" ]; then
  fail "golden cases: golden_check.py not found (shared/tools beside the repository; or set GOLDEN_CHECK)"
else
  GL=$(python3 "$GOLDEN" "$LDIR/junqi" | tail -n1 || true)
  echo "  (golden cases under Wine: a few minutes)"
  GW=$(python3 "$GOLDEN" "$WRAP" | tee "$CK/golden-wine.txt" | tail -n1 || true)
  if [[ "$GL" =~ ^golden:\ ([0-9]+)/([0-9]+) ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] && [ "$GW" = "$GL" ]; then
    pass "golden cases: Linux '$GL', Wine '$GW'"
  else fail "golden cases: Linux '$GL', Wine '$GW' (see $CK/golden-wine.txt)"; fi
fi

# --- a game record written and read back under Wine and Linux -----------------------------------
REC=$CK/records
mkdir -p "$REC/wine" "$REC/linux"
"$WRAP" arena --a random --b greedy --games 1 --seed 7 --record "$(winepath -w "$REC/wine")" >"$REC/wine-arena.txt" 2>&1 || true
"$LDIR/junqi" arena --a random --b greedy --games 1 --seed 7 --record "$REC/linux" >"$REC/linux-arena.txt" 2>&1 || true
WREC=$REC/wine/game-0001.ron LREC=$REC/linux/game-0001.ron
if [ -s "$WREC" ] && [ -s "$LREC" ]; then
  "$WRAP" game show "$(winepath -w "$WREC")" 2>&1 | tr -d '\r' >"$REC/ww.txt" || true
  "$LDIR/junqi" game show "$WREC" >"$REC/wl.txt" 2>&1 || true
  "$WRAP" game show "$(winepath -w "$LREC")" 2>&1 | tr -d '\r' >"$REC/lw.txt" || true
  "$LDIR/junqi" game show "$LREC" >"$REC/ll.txt" 2>&1 || true
  if [ "$(wc -l <"$REC/ll.txt")" -gt 5 ] && cmp -s "$REC/ww.txt" "$REC/wl.txt" && cmp -s "$REC/lw.txt" "$REC/ll.txt" \
    && cmp -s "$REC/ww.txt" "$REC/ll.txt"; then
    pass "game record saved by 'arena --record' under Wine and reopened by 'game show': same $(wc -l <"$REC/ll.txt") lines under Wine and Linux, and as Linux's own record"
  else fail "game records differ between Wine and Linux (see $REC)"; fi
else fail "arena --record wrote no game record (see $REC/*-arena.txt)"; fi

# --- the window under Xvfb + Wine: first screen, a turn saved, a crash, the game offered again --------
# The window is sized to 1120x780 (its default) so that the clicks below land: "start now" on the
# first screen, then Red's a6 and the camp b5 (the turn a6-b5).
DISP=:$((90 + RANDOM % 9))
Xvfb "$DISP" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
sleep 2
WINDOW_ID=
start_window() { # $1 log file; sets WINDOW_ID (empty if no window within 60 s)
  (cd "$WIN/$WNAME" && DISPLAY=$DISP LC_ALL=zh_CN.UTF-8 LIBGL_ALWAYS_SOFTWARE=1 wine junqi.exe >"$1" 2>&1) &
  WINDOW_ID=
  for _ in $(seq 60); do
    sleep 1
    WINDOW_ID=$(DISPLAY=$DISP xwininfo -root -tree 2>/dev/null | awk '/"军棋 Junqi"/ {print $1; exit}')
    [ -n "$WINDOW_ID" ] && break
  done
  if [ -n "$WINDOW_ID" ]; then
    DISPLAY=$DISP xdotool windowsize "$WINDOW_ID" 1120 780 2>/dev/null || true
    sleep 8 # let it draw its first frames
  fi
}
click() { DISPLAY=$DISP xdotool mousemove --window "$WINDOW_ID" "$1" "$2" click 1; sleep "${3:-2}"; }
SHOT=$CK/wine-first-screen.png
start_window "$CK/window.log"
DISPLAY=$DISP import -window root "$SHOT" 2>/dev/null || true
COLOURS=$( [ -s "$SHOT" ] && identify -format '%k' "$SHOT" 2>/dev/null || echo 0)
if [ -n "$WINDOW_ID" ] && [ "$COLOURS" -gt 50 ]; then
  pass "the window '军棋 Junqi' opened under Xvfb + Wine (LC_ALL=zh_CN.UTF-8); screenshot $SHOT ($COLOURS colours)"
else fail "the window did not show under Xvfb + Wine (window: '${WINDOW_ID}', colours: $COLOURS; see $CK/window.log)"; fi
CURRENT=
if [ -n "$WINDOW_ID" ]; then
  click 559 369 4 # 立即开始 (start now, the last rules: an open game between two people)
  click 217 426 1 # Red's piece on a6
  click 298 476 3 # the empty camp b5
  DISPLAY=$DISP import -window root "$CK/wine-after-a6-b5.png" 2>/dev/null || true
  CURRENT=$(find "$WINEPREFIX/drive_c/users" -path '*AppData/Roaming/junqi/data/games/current.ron' 2>/dev/null | head -n1)
  wine taskkill /f /im junqi.exe >/dev/null 2>&1 </dev/null || true # a crash: no chance to save more
  sleep 2
fi
if [ -n "$CURRENT" ] && grep -q 'a6-b5' "$CURRENT"; then
  pass "the window saved the game after the turn a6-b5 in ${CURRENT#"$WINEPREFIX"/drive_c/} (the folder 'directories' gives)"
  SW=$("$WRAP" game show "$(winepath -w "$CURRENT")" 2>&1 | tr -d '\r' || true)
  SL=$("$LDIR/junqi" game show "$CURRENT" 2>&1 || true)
  if [ "$SW" = "$SL" ] && grep -q 'a6-b5' <<<"$SW"; then
    pass "that game reopened by 'game show' under Wine and Linux: the same $(wc -l <<<"$SW") lines, with a6-b5"
  else fail "the window's saved game reads differently under Wine and Linux"; fi
  start_window "$CK/window2.log"
  DISPLAY=$DISP import -window root "$CK/wine-resume-offer.png" 2>/dev/null || true
  if [ -n "$WINDOW_ID" ]; then
    pass "the window started again after the crash (the resume offer: $CK/wine-resume-offer.png)"
  else fail "the window did not start again after the crash"; fi
  wine taskkill /f /im junqi.exe >/dev/null 2>&1 </dev/null || true
else fail "the window did not save the turn a6-b5 (current.ron: '${CURRENT}'; see $CK/wine-after-a6-b5.png)"; fi
kill "$XVFB" 2>/dev/null || true
wait "$XVFB" 2>/dev/null || true
wineserver -k 2>/dev/null || true

# --- the tarball ---------------------------------------------------------------------------------------------
TT=$CK/tarball
rm -rf "$TT"
mkdir -p "$TT"
tar -C "$TT" -xzf "$TARBALL"
NEED=$(max_glibc "$TT/$LNAME/junqi")
if [ "$NEED" = "GLIBC_$GLIBC" ] || [ "$(printf '%s\n%s\n' "$NEED" "GLIBC_$GLIBC" | sort -V | tail -n1)" = "GLIBC_$GLIBC" ]; then
  pass "tarball binary needs ${NEED/_/ } at most (objdump -T)"
else fail "tarball binary needs $NEED, more than glibc $GLIBC"; fi
PREFIX=$TT/prefix "$TT/$LNAME/install.sh" >/dev/null
if [ "$("$TT/prefix/bin/junqi" --version)" = "junqi $VERSION" ] \
  && "$TT/prefix/bin/junqi" layout check "$TT"/prefix/lib/junqi/layouts/*.ron >/dev/null \
  && [ -f "$TT/prefix/share/applications/junqi.desktop" ] && [ -f "$TT/prefix/share/man/man1/junqi.1.gz" ]; then
  pass "tarball install.sh into a fresh prefix: junqi --version, layouts check, desktop entry and man page in place"
else fail "tarball install.sh: the installed program or its files are missing"; fi

# --- the .deb: install, use, validate, remove -----------------------------------------------------------
if dpkg-query -W -f='${Status}' junqi 2>/dev/null | grep -q 'install ok installed'; then
  fail ".deb: a junqi package is installed already; remove it first (dpkg -r junqi)"
else
  FILES=$(dpkg-deb -c "$DEB" | awk '{print $6}' | sed 's|^\./|/|' | grep -v '/$')
  if as_root dpkg -i "$DEB" >"$CK/dpkg-i.txt" 2>&1; then
    pass ".deb installs (dpkg -i)"
    pass ".deb Depends: $(dpkg-deb -f "$DEB" Depends)"
    V=$(/usr/bin/junqi --version 2>&1 || true)
    if [ "$V" = "junqi $VERSION" ]; then pass "installed junqi --version: $V"; else fail "installed junqi --version printed '$V'"; fi
    if /usr/bin/junqi layout check /usr/lib/junqi/layouts/*.ron >/dev/null 2>&1; then
      pass "installed shipped formations found beside the program (/usr/lib/junqi/layouts) and valid"
    else fail "installed formations missing or invalid"; fi
    if desktop-file-validate /usr/share/applications/junqi.desktop >"$CK/desktop-file-validate.txt" 2>&1 \
      && [ ! -s "$CK/desktop-file-validate.txt" ]; then
      pass "desktop-file-validate /usr/share/applications/junqi.desktop: no complaint"
    else fail "desktop-file-validate: $(cat "$CK/desktop-file-validate.txt")"; fi
    if [ -f /usr/share/man/man1/junqi.1.gz ] && zcat /usr/share/man/man1/junqi.1.gz | grep -q '^\.TH junqi'; then
      pass "man page /usr/share/man/man1/junqi.1.gz ($(ls /usr/share/man/man1/junqi*.1.gz | wc -l) pages)"
    else fail "no man page installed"; fi
    if [ -f /usr/share/mime/packages/junqi.xml ] && { [ ! -d /usr/share/mime/application ] || [ -f /usr/share/mime/application/x-junqi-game.xml ]; }; then
      pass "MIME type application/x-junqi-game registered"
    else fail "MIME type not registered"; fi
    if as_root dpkg -r junqi >"$CK/dpkg-r.txt" 2>&1; then
      LEFT=$(for f in $FILES; do [ -e "$f" ] || [ -L "$f" ] && echo "$f"; done || true)
      STATUS=$(dpkg-query -W -f='${Status}' junqi 2>/dev/null || echo "not known to dpkg")
      if [ -z "$LEFT" ] && ! grep -q 'installed' <<<"$STATUS"; then
        pass "dpkg -r junqi removes it: none of its $(wc -w <<<"$FILES") files left, dpkg status: $STATUS"
      else fail "dpkg -r left: $LEFT (status $STATUS)"; fi
    else fail "dpkg -r junqi failed (see $CK/dpkg-r.txt)"; fi
  else fail ".deb does not install (see $CK/dpkg-i.txt)"; as_root dpkg -r junqi >/dev/null 2>&1 || true; fi
fi

say "check: ${#FAILED[@]} failed"
[ ${#FAILED[@]} -eq 0 ] || { printf '  %s\n' "${FAILED[@]}"; exit 1; }
