#!/usr/bin/env bash
# Issue 61's check that a refactoring changed no behaviour: the outputs a teacher sees, written by one cardbot binary
# into a snapshot folder, so that two snapshots (before and after) compare with `diff -r`.
#
# What it keeps: `make demo`'s four commands (the terminal's text and Maya's MP4 replay), Zoe's video replay, the
# Examples class graded in every format (terminal, JSON Lines, CSV, JSON, HTML), a gradebook's `progress` (terminal
# and HTML), `detect --annotate`, `cards print` and `levels print --language da`. PDFs are compared by their pages
# (pdftoppm at 50 dpi, one checksum a page: a PDF's bytes hold its creation date) and videos by their decoded frames
# (ffmpeg's framemd5), everything else byte for byte. Every command's exit status is kept beside its output.
#
# Usage (from anywhere):
#   Benchmarks/behaviour_snapshot.sh NAME [CARDBOT]   writes .build/snapshot/NAME (CARDBOT: default .build/release/cardbot)
#   diff -r .build/snapshot/before .build/snapshot/after && echo "no behaviour changed"
# A snapshot is made in .build/snapshot/current and renamed, so that the paths printed in it are the same each time.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: Benchmarks/behaviour_snapshot.sh NAME [CARDBOT]}
bin=$(realpath "${2:-.build/release/cardbot}")
export CARDBOT_HOME=$PWD CARDBOT_LANGUAGE=en NO_COLOR=1 TZ=UTC
out=.build/snapshot/current
rm -rf "$out" && mkdir -p "$out"

# Runs cardbot with the arguments after the snapshot's file name; stdout, stderr and the exit status go in the file.
keep() {
  local file=$1
  shift
  set +e
  "$bin" "$@" >"$out/$file.out" 2>"$out/$file.err"
  echo $? >"$out/$file.status"
  set -e
}

# The pages of a PDF as one checksum each, in place of the PDF.
pages() {
  local pdf=$1
  mkdir -p "$pdf.pages"
  pdftoppm -r 50 -png "$pdf" "$pdf.pages/page"
  (cd "$pdf.pages" && md5sum page*.png) >"$pdf.pages.md5"
  rm -rf "$pdf" "$pdf.pages"
}

# A video as its decoded frames' checksums, in place of the video.
frames() {
  ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#' >"$1.framemd5"
  rm -f "$1"
}

# make demo
keep demo-maya run Examples/maya-level-3 --replay "$out/maya-level-3.mp4"
keep demo-leo run --quiet Examples/leo-level-9
keep demo-zoe run Examples/zoe-level-5
keep demo-grade grade Examples --out "$out/demo-class.html"
frames "$out/maya-level-3.mp4"
# A video session's replay (the path that reads the video again), as MP4 and as PNG frames.
keep zoe-replay run --quiet Examples/zoe-level-5 --replay "$out/zoe-level-5.mp4"
frames "$out/zoe-level-5.mp4"
keep zoe-replay-png run --quiet Examples/zoe-level-5 --replay "$out/zoe-png/"
(cd "$out/zoe-png" && md5sum -- *.png) >"$out/zoe-png.md5" && rm -rf "$out/zoe-png"
# The Examples class in every format.
keep class grade Examples --out "$out/class.csv" --out "$out/class.json" --out "$out/class.html"
# JSON Lines: a run's (a session of stills, a video session, a typed program) and the capture check's.
keep run-json-maya run --json Examples/maya-level-3
keep run-json-zoe run --json Examples/zoe-level-5
keep run-json-typed run --json --level 1 --program "forward forward forward"
keep check-json check --json Examples/zoe-level-5
# A gradebook graded twice (the second regrades nothing) and its progress.
keep book-1 grade Examples --gradebook "$out/term.sqlite"
keep book-2 grade Examples --gradebook "$out/term.sqlite"
keep progress progress "$out/term.sqlite"
keep progress-html progress "$out/term.sqlite" --out "$out/progress.html"
rm -f "$out"/term.sqlite*
# Detection with its annotated frames.
keep detect detect --annotate "$out/annotated" Examples/maya-level-3/frame-0004.jpg Examples/leo-level-9/frame-0010.jpg
keep detect-json detect --json Examples/leo-level-9/frame-0010.jpg Examples/maya-level-3/frame-0004.jpg
# Its timings (decodeMs, ms) differ from run to run.
sed -i -E 's/"(decodeMs|ms)":[0-9.]+/"\1":0/g' "$out/detect-json.out"
# Printed matter.
keep cards-print cards print --out "$out/cards.pdf"
pages "$out/cards.pdf"
keep levels-print-da levels print --language da --out "$out/levels-da.pdf"
pages "$out/levels-da.pdf"

rm -rf ".build/snapshot/$name"
mv "$out" ".build/snapshot/$name"
echo "snapshot: .build/snapshot/$name ($(find ".build/snapshot/$name" -type f | wc -l) files)"
