#!/usr/bin/env bash
# Two cardbot binaries side by side, interleaved in one run, on the session and video benchmarks' data: a
# 200-frame 1280x720 stills session (Benchmarks/session_bench.sh makes it) and a one-minute 1280x720 30 fps
# H.264 video (Benchmarks/video_bench.sh makes it). Prints each round's wall and CPU (user + system) times, and the
# median ratios NEW/OLD of both: on a shared machine the wall time swings by a third from run to run, the CPU time
# far less.
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
# "WALL CPU" seconds of one run (a session no attempt solves exits 1: not a failure of the benchmark).
seconds() { local out; out=$(mktemp); /usr/bin/time -o "$out" -f "%e %U %S" "$@" >/dev/null 2>&1 || true; tail -n 1 "$out" | awk '{print $1, $2 + $3}'; rm -f "$out"; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for input in "$STILLS" "$VIDEO"; do
  level=16; [ "$input" = "$VIDEO" ] && level=3
  echo "== $input (cardbot run --level $level --quiet --jobs 2), $ROUNDS rounds interleaved"
  walls=(); cpus=()
  for round in $(seq "$ROUNDS"); do
    read -r old_wall old_cpu < <(seconds "$OLD" run --level "$level" --quiet --jobs 2 "$input")
    read -r new_wall new_cpu < <(seconds "$NEW" run --level "$level" --quiet --jobs 2 "$input")
    wall=$(echo "$new_wall / $old_wall" | bc -l)
    cpu=$(echo "$new_cpu / $old_cpu" | bc -l)
    walls+=("$wall"); cpus+=("$cpu")
    printf 'round %d: wall old %.3f s, new %.3f s (%.3f); cpu old %.3f s, new %.3f s (%.3f)\n' \
      "$round" "$old_wall" "$new_wall" "$wall" "$old_cpu" "$new_cpu" "$cpu"
  done
  printf 'median new/old: wall %.3f, cpu %.3f\n' "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)"
done
