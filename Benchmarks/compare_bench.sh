#!/usr/bin/env bash
# Two cardbot binaries side by side, interleaved in one run, on the session and video benchmarks' data: a
# 200-frame 1280x720 stills session (Benchmarks/session_bench.sh makes it) and a one-minute 1280x720 30 fps
# H.264 video (Benchmarks/video_bench.sh makes it). Prints each round's wall times and the median ratio NEW/OLD.
# Usage: Benchmarks/compare_bench.sh OLD_BINARY NEW_BINARY [ROUNDS]
# (for example a binary built from the commit before a change, copied aside, against .build/release/cardbot)
set -euo pipefail
cd "$(dirname "$0")/.."
OLD=$1
NEW=$2
ROUNDS=${3:-5}
STILLS=Benchmarks/out/session/s200
VIDEO=Benchmarks/out/video/min1.mp4
[ -f "$STILLS/frame-0200.jpg" ] || { echo "run Benchmarks/session_bench.sh first (it makes $STILLS)" >&2; exit 2; }
[ -f "$VIDEO" ] || { echo "run Benchmarks/video_bench.sh first (it makes $VIDEO)" >&2; exit 2; }
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for input in "$STILLS" "$VIDEO"; do
  level=16; [ "$input" = "$VIDEO" ] && level=3
  echo "== $input (cardbot run --level $level --quiet --jobs 2), $ROUNDS rounds interleaved"
  ratios=()
  for round in $(seq "$ROUNDS"); do
    old=$(seconds "$OLD" run --level "$level" --quiet --jobs 2 "$input")
    new=$(seconds "$NEW" run --level "$level" --quiet --jobs 2 "$input")
    ratio=$(echo "$new / $old" | bc -l)
    ratios+=("$ratio")
    printf 'round %d: old %.3f s, new %.3f s, new/old %.3f\n' "$round" "$old" "$new" "$ratio"
  done
  printf 'median new/old: %.3f\n' "$(printf '%s\n' "${ratios[@]}" | median)"
done
