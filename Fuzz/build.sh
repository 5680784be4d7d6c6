#!/bin/sh
# Builds the libFuzzer harnesses (one executable per parser of outside input) into $FUZZ_OUT, and gathers their
# seed corpora from the repository's own examples. Each module is compiled with swiftc directly, with
# -sanitize=fuzzer,address, in dependency order: CardBotSupport, the JPEG C shim, CardBotImaging, CardBotLesson,
# CardBotVision (with -enable-testing, so the deck harness can reach the internal deck.json parser; it links no cairo);
# the session.json harness is compiled together with the two Session files it needs (SessionManifest, SessionError),
# so that it does not need the HTML template package. The gradebook harness needs the whole stack below
# CardBotGradebook: the FFmpeg C shim, CardBotVideo, CardBotSession, CardBotClassroom (no renderer), and the package's
# dependencies GRDB (over the system's libsqlite3) and swift-mustache, compiled here from the sources SwiftPM checked
# out into .build/checkouts (`swift build` or `make build` makes them; FUZZ_CHECKOUTS names another folder).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_OUT:-$ROOT/.build/fuzz}
SWIFTC=${SWIFTC:-swiftc}
CLANG=${CLANG:-clang}
OPT=${FUZZ_OPT:--Onone}
SAN="-sanitize=fuzzer,address"
CHECKOUTS=${FUZZ_CHECKOUTS:-$ROOT/.build/checkouts}
GRDB_DIR=$CHECKOUTS/GRDB.swift
MUSTACHE_DIR=$CHECKOUTS/swift-mustache
if [ ! -d "$GRDB_DIR/GRDB" ] || [ ! -f "$GRDB_DIR/Sources/GRDBSQLite/module.modulemap" ] \
    || [ ! -d "$MUSTACHE_DIR/Sources/Mustache" ]; then
    echo "fuzz: error: the gradebook harness is built from the sources of GRDB and swift-mustache," >&2
    echo "fuzz: and they are not in $CHECKOUTS:" >&2
    echo "fuzz: run 'swift build' (or 'make build') first, so that SwiftPM checks them out" >&2
    exit 1
fi
mkdir -p "$OUT/include/CCardBotJPEG" "$OUT/include/CCardBotVideo"
cd "$ROOT"

FFMPEG="libavformat libavcodec libavutil libswscale"
CFLAGS=""
for flag in $(pkg-config --cflags libpng libjpeg $FFMPEG sqlite3); do CFLAGS="$CFLAGS -Xcc $flag"; done
INCLUDES="-I $OUT -I $OUT/include/CCardBotJPEG -I $OUT/include/CCardBotVideo -I Sources/CJPEG -I Sources/CPNG \
    -I Sources/CFFmpeg -I $GRDB_DIR/Sources/GRDBSQLite $CFLAGS"
LIBS="-L $OUT $(pkg-config --libs libpng libjpeg)"

# library NAME "FLAGS" "DEPENDENCIES" SOURCES...: a static library and its Swift module, skipped when it is newer
# than its sources and the libraries it depends on (so that a rebuild after an edit stays short).
library() {
    name=$1
    flags=$2
    dependencies=""
    for dependency in $3; do dependencies="$dependencies $OUT/lib$dependency.a"; done
    shift 3
    if [ -f "$OUT/lib$name.a" ] && [ -z "$(find "$@" $dependencies -newer "$OUT/lib$name.a")" ]; then
        echo "fuzz: $name is up to date"
        return
    fi
    echo "fuzz: building $name"
    $SWIFTC $SAN $OPT -parse-as-library -module-name "$name" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
        -emit-library -static -o "$OUT/lib$name.a" $INCLUDES $flags "$@"
}

# harness NAME MODULE-NAME SOURCES... : one libFuzzer executable.
harness() {
    name=$1
    module=$2
    shift 2
    echo "fuzz: building fuzz-$name"
    $SWIFTC $SAN $OPT -parse-as-library -module-name "$module" -o "$OUT/fuzz-$name" $INCLUDES "$@" \
        Fuzz/Harnesses/FuzzInput.swift $LIBS -use-ld=lld
}

swift_sources() { find "$1" -name '*.swift' | sort; }

cat > "$OUT/include/CCardBotJPEG/module.modulemap" <<MAP
module CCardBotJPEG {
    header "$ROOT/Sources/CCardBotJPEG/include/CCardBotJPEG.h"
    export *
}
MAP
if [ ! -f "$OUT/libCCardBotJPEGShim.a" ] || [ -n "$(find Sources/CCardBotJPEG -newer "$OUT/libCCardBotJPEGShim.a")" ]; then
    echo "fuzz: building the JPEG shim"
    $CLANG -fsanitize=fuzzer-no-link,address -g -O1 -c Sources/CCardBotJPEG/shim.c -I Sources/CCardBotJPEG/include \
        $(pkg-config --cflags libjpeg) -o "$OUT/shim.o"
    rm -f "$OUT/libCCardBotJPEGShim.a"
    ar rcs "$OUT/libCCardBotJPEGShim.a" "$OUT/shim.o"
fi

cat > "$OUT/include/CCardBotVideo/module.modulemap" <<MAP
module CCardBotVideo {
    header "$ROOT/Sources/CCardBotVideo/include/CCardBotVideo.h"
    export *
}
MAP
if [ ! -f "$OUT/libCCardBotVideoShim.a" ] \
    || [ -n "$(find Sources/CCardBotVideo -newer "$OUT/libCCardBotVideoShim.a")" ]; then
    echo "fuzz: building the FFmpeg shim"
    $CLANG -fsanitize=fuzzer-no-link,address -g -O1 -c Sources/CCardBotVideo/shim.c -I Sources/CCardBotVideo/include \
        $(pkg-config --cflags $FFMPEG) -o "$OUT/video-shim.o"
    rm -f "$OUT/libCCardBotVideoShim.a"
    ar rcs "$OUT/libCCardBotVideoShim.a" "$OUT/video-shim.o"
fi

library CardBotSupport "" "" $(swift_sources Sources/CardBotSupport)
library CardBotImaging "" "CardBotSupport CCardBotJPEGShim" $(swift_sources Sources/CardBotImaging)
library CardBotLesson "" "CardBotSupport" $(swift_sources Sources/CardBotLesson)
library CardBotVision -enable-testing "CardBotImaging CardBotSupport" $(swift_sources Sources/CardBotVision)
# The gradebook's stack. GRDB and Mustache get the flags their packages give them (Swift 6, GRDB's SQLite defines).
library CardBotVideo "" "CardBotImaging CardBotSupport CCardBotVideoShim" $(swift_sources Sources/CardBotVideo)
library CardBotSession "" "CardBotImaging CardBotVideo CardBotSupport" $(swift_sources Sources/CardBotSession)
library Mustache "-swift-version 6 -suppress-warnings" "" $(swift_sources "$MUSTACHE_DIR/Sources/Mustache")
GRDB_FLAGS="-swift-version 6 -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_SNAPSHOT -DSQLITE_DISABLE_SNAPSHOT -suppress-warnings"
library GRDB "$GRDB_FLAGS" "" $(swift_sources "$GRDB_DIR/GRDB")
library CardBotClassroom "" "CardBotSession CardBotLesson CardBotVision CardBotImaging CardBotVideo CardBotSupport \
    Mustache" \
    $(swift_sources Sources/CardBotClassroom)
library CardBotGradebook "" "CardBotClassroom CardBotSession CardBotLesson CardBotImaging CardBotSupport GRDB \
    Mustache" \
    $(swift_sources Sources/CardBotGradebook)

IMAGING="-lCardBotImaging -lCCardBotJPEGShim -lCardBotSupport"
harness png FuzzPNG Fuzz/Harnesses/PNG.swift $IMAGING
harness jpeg FuzzJPEG Fuzz/Harnesses/JPEG.swift $IMAGING
harness level FuzzLevel Fuzz/Harnesses/Level.swift -lCardBotLesson -lCardBotSupport
harness program FuzzProgram Fuzz/Harnesses/Program.swift -lCardBotLesson -lCardBotSupport
harness deck FuzzDeck Fuzz/Harnesses/Deck.swift -lCardBotVision $IMAGING
harness patterns FuzzPatterns Fuzz/Harnesses/Patterns.swift -lCardBotVision $IMAGING
harness catalog FuzzCatalog Fuzz/Harnesses/Catalog.swift -lCardBotSupport
harness session CardBotSession Fuzz/Harnesses/Session.swift Sources/CardBotSession/SessionManifest.swift \
    Sources/CardBotSession/SessionError.swift -lCardBotSupport
harness gradebook FuzzGradebook Fuzz/Harnesses/Gradebook.swift -lCardBotGradebook -lGRDB -lCardBotClassroom \
    -lMustache -lCardBotSession -lCardBotVideo -lCCardBotVideoShim -lCardBotVision -lCardBotLesson $IMAGING -lsqlite3 $(pkg-config --libs $FFMPEG)

# Seed corpora: the repository's own examples (copied, so that libFuzzer never writes into the checkout).
mkdir -p "$OUT/seeds"
copy() {
    dir="$OUT/seeds/$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    shift
    n=0
    for file in "$@"; do
        n=$((n + 1))
        cp "$file" "$dir/$n-$(basename "$file")"
    done
}
copy png Tests/CardBotImagingTests/Fixtures/*.png Cards/markers/*.png
# Small copies of example frames (made with ImageMagick: resized, gray, progressive, 4:4:4), so that each
# execution decodes a few thousand pixels, not a million.
copy jpeg Fuzz/Seeds/jpeg/*
copy level Levels/[0-9]*.json
copy session Examples/*/session.json Fuzz/Seeds/session/*
copy deck Cards/deck.json $(find Cards/examples -name deck.json)
copy patterns Fuzz/Seeds/patterns/*
copy program Fuzz/Seeds/program/*
# Gradebooks made by cardbot grade (their pictures cut to their first bytes, VACUUMed with 512-byte pages) and the
# edit programs of the hostile review. The harness starts its edits from the gradebooks, by their names (so they
# are copied apart too, unnumbered), and reads the curriculum for the progress report.
copy gradebook Fuzz/Seeds/gradebook/*
rm -rf "$OUT/gradebook-bases" "$OUT/gradebook-levels"
mkdir -p "$OUT/gradebook-bases" "$OUT/gradebook-levels"
cp Fuzz/Seeds/gradebook/*.sqlite "$OUT/gradebook-bases/"
cp Levels/*.json "$OUT/gradebook-levels/"
# The catalog harness skips inputs over 8 KB: its seeds are the first entries of the Danish catalog.
mkdir -p "$OUT/seeds-src"
head -c 6000 Locale/da.po > "$OUT/seeds-src/da-head.po"
copy catalog "$OUT/seeds-src/da-head.po"
echo "fuzz: harnesses in $OUT"
