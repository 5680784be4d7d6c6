#!/bin/sh
# Writes DEBIAN/control for the tree `make deb` staged in ROOT: the package's name, version, architecture and
# size, and its runtime dependencies, found from the libraries the installed binary links (each owning Debian
# package, at least at the version installed here) plus the fonts the printed matter uses.
# Usage: Packaging/debian-control.sh ROOT VERSION ARCH
set -eu
ROOT=$1
VERSION=$2
ARCH=$3
BINARY="$ROOT/usr/bin/cardbot"
[ -x "$BINARY" ] || { echo "error: $BINARY: no installed binary (run make install DESTDIR=... first)" >&2; exit 1; }

# Every shared library the binary links, by the Debian package that ships it (libraries outside any package,
# such as a toolchain's own, are reported: the binary should not need them).
deps=""
missing=""
# The libraries the binary names itself (NEEDED), where the loader finds them; their own dependencies come with
# their packages.
for needed in $(objdump -p "$BINARY" | awk '/NEEDED/ { print $2 }'); do
    case $needed in ld-linux*) continue ;; esac
    library=$(ldd "$BINARY" | awk -v name="$needed" '$1 == name { print $3 }')
    [ -n "$library" ] || { missing="$missing $needed"; continue; }
    real=$(readlink -f "$library")
    package=$(dpkg -S "$real" 2>/dev/null | head -n 1 | cut -d: -f1) || true
    [ -n "$package" ] || package=$(dpkg -S "$library" 2>/dev/null | head -n 1 | cut -d: -f1) || true
    [ -n "$package" ] || package=$(dpkg -S "*/$needed" 2>/dev/null | head -n 1 | cut -d: -f1) || true
    if [ -z "$package" ]; then
        missing="$missing $library"
        continue
    fi
    case " $deps " in *" $package "*) ;; *) deps="$deps $package" ;; esac
done
if [ -n "$missing" ]; then
    echo "error: the binary links libraries no Debian package ships:$missing (build it with --static-swift-stdlib)" >&2
    exit 1
fi
depends=""
for package in $deps; do
    version=$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null | sed 's/-[^-]*$//')
    entry="$package"
    [ -n "$version" ] && entry="$package (>= $version)"
    depends="${depends:+$depends, }$entry"
done
# The printed cards and worksheets need fonts for Latin, Greek and Cyrillic (DejaVu) and the other scripts (Noto).
depends="$depends, fonts-dejavu-core, fonts-noto-core"
size=$(du -sk "$ROOT" | cut -f1)
mkdir -p "$ROOT/DEBIAN"
cat > "$ROOT/DEBIAN/control" <<CONTROL
Package: cardbot
Version: $VERSION
Architecture: $ARCH
Maintainer: CardBot maintainers <maintainers@cardbot.invalid>
Installed-Size: $size
Depends: $depends
Recommends: ffmpeg
Section: education
Priority: optional
Description: programming cards read by a camera, run by a robot
 Children lay printed programming cards (forward, turn, jump, repeat, if) in
 a row on a table; CardBot reads them from camera frames, phone videos or a
 live webcam stream, runs the program on a robot in a tile-map level and
 prints every step. It grades the recorded sessions of a whole class, keeps
 the term in a gradebook and prints the cards and level worksheets.
CONTROL
echo "$ROOT/DEBIAN/control: Depends: $depends"
