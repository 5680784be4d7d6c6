#!/usr/bin/env bash
# Issue 5's benchmark: `cardbot run` on a long recorded session.
# - throughput (frames per second) with --jobs 1 and --jobs 2, side by side in one run;
# - peak memory of a 200-frame and a 2,000-frame session (streaming: it must not grow with the session).
# Usage: Benchmarks/session_bench.sh        (from anywhere; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product cardbot >/dev/null
BIN=.build/release/cardbot
OUT=Benchmarks/out/session
# 200 distinct camera frames at 1280x720 (made once); the 2,000-frame session repeats them ten times (hard links).
if [ ! -f "$OUT/s200/frame-0200.jpg" ]; then
  rm -rf "$OUT" && mkdir -p "$OUT/s200"
  "$BIN" synth frames --out "$OUT/s200" --count 200 --seed 5 --size 1280x720 --cards 6 --rows 1 >/dev/null
  rm -f "$OUT/s200/truth.json"
fi
rm -rf "$OUT/s2000" && mkdir -p "$OUT/s2000"
for round in 0 1 2 3 4 5 6 7 8 9; do
  for f in "$OUT"/s200/frame-*.jpg; do ln "$f" "$OUT/s2000/r$round-$(basename "$f")"; done
done
# A session that no attempt solves exits 1; that is not a failure of the benchmark.
run() { "$BIN" run --level 16 --quiet "$@" || [ $? -eq 1 ]; }
echo "== throughput, 200 frames at 1280x720 (3 runs each, interleaved)"
for round in 1 2 3; do
  for jobs in 1 2; do
    run --stats --jobs "$jobs" "$OUT/s200" 2>&1 >/dev/null | grep stats: | sed "s/^/jobs=$jobs  /"
  done
done
echo "== peak memory, 2 jobs"
for s in s200 s2000; do
  { /usr/bin/time -f "$s: peak RSS %M KiB, wall %e s" "$BIN" run --level 16 --quiet --jobs 2 "$OUT/$s" || true; } 2>&1 >/dev/null | grep -E "peak RSS"
done
