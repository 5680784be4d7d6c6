#!/bin/sh
# Builds the libFuzzer harnesses (one executable per parser of outside input) into $FUZZ_OUT, and gathers their
# seed corpora from the repository's own examples. The harnesses are targets of the package itself, declared only
# when CARDBOT_FUZZ is set (see the end of Package.swift), and SwiftPM builds them with -sanitize=fuzzer,address
# into a build folder of their own (.build/fuzz-spm), so that the CardBot modules they reach are instrumented for
# coverage and checked for memory errors, and the ordinary build is left alone. The deck and session.json
# harnesses reach internal parsers through @testable import, which a debug build allows.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_OUT:-$ROOT/.build/fuzz}
SWIFT=${SWIFT:-swift}
BUILD=${FUZZ_BUILD_PATH:-$ROOT/.build/fuzz-spm}
cd "$ROOT"
# One harness per file of Fuzz/Harnesses (PNG.swift is fuzz-png), as Package.swift declares them.
HARNESSES=$(for file in Fuzz/Harnesses/*.swift; do basename "$file" .swift | tr 'A-Z' 'a-z'; done)
mkdir -p "$OUT"
for name in $HARNESSES; do
    echo "fuzz: building fuzz-$name"
    rm -f "$OUT/fuzz-$name"
    # --sanitize lets SwiftPM link libFuzzer's main (and keep its own entry point out); it hands swiftc one
    # -sanitize flag per sanitizer, though, and swiftc keeps only the last, which would leave the code without
    # libFuzzer's coverage counters: the one -sanitize=fuzzer,address after them is what every module is built with.
    if ! CARDBOT_FUZZ=1 $SWIFT build --package-path "$ROOT" --build-path "$BUILD" -c debug --sanitize=fuzzer --sanitize=address \
        -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address --product "fuzz-$name" \
        >"$OUT/build-$name.log" 2>&1; then
        cat "$OUT/build-$name.log" >&2
        exit 1
    fi
    cp "$BUILD/debug/fuzz-$name" "$OUT/fuzz-$name"
done

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
copy corrections Fuzz/Seeds/corrections/*
copy classjson Examples/class.json Fuzz/Seeds/classjson/*
# Roster files: the first byte of a seed picks the file's name (Fuzz/Harnesses/Roster.swift), so the seeds are
# the sample rosters' files with that byte before them.
copy roster Fuzz/Seeds/roster/*
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
