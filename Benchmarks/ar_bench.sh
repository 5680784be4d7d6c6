#!/usr/bin/env bash
# Issue 14's benchmark: the AR replay.
# - the overlay drawn on one 1280x720 camera frame (one core), beside copying and decoding the frame;
# - a one-minute replay (600 frames at 10 fps) rendered and encoded to MP4, beside encoding the bare frames.
# Usage: Benchmarks/ar_bench.sh        (from anywhere; builds the release binaries first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product cardbot >/dev/null
(cd Benchmarks && swift build -c release --product ar-bench >/dev/null)
OUT=Benchmarks/out/ar
if [ ! -f "$OUT/frame-0001.jpg" ]; then
  rm -rf "$OUT" && mkdir -p "$OUT"
  # Six cards in one row (the synthesizer's cards are 64 mm wide), level 3's 7x5 map beside them.
  .build/release/cardbot synth frames --out "$OUT" --count 1 --seed 7 --cards 6 --rows 1 --size 1280x720 >/dev/null
fi
# The overlay on one core; the encoder (libx264) uses both.
taskset -c 0 Benchmarks/.build/release/ar-bench "$OUT/frame-0001.jpg" Levels/03-left-and-right.json --card-size 64 --overlay-only
Benchmarks/.build/release/ar-bench "$OUT/frame-0001.jpg" Levels/03-left-and-right.json --card-size 64 | tail -2
