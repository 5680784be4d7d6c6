#!/usr/bin/env bash
# Issue 14's benchmark: the AR replay.
# - the overlay drawn on one 1280x720 camera frame (one core), beside copying and decoding the frame;
# - a one-minute replay (600 frames at 10 fps) rendered and encoded to MP4, beside encoding the bare frames;
# - end to end: `cardbot run SESSION --replay OUT.mp4` on a one-minute 1280x720 video session, beside the run alone.
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

# End to end: a synthesized 1280x720 video session of level 3 at a child's pace (81.5 s, four programs run by GO
# taps) replayed by the CLI, against the same run without --replay. The replay decodes the stretches of video its
# attempts are shown over (seeking over the rest) and takes every frame's cards from the run: nothing is detected
# twice. Runs interleave, twice each; the ratio is the replay's median over the run's.
SESSION=Benchmarks/out/ar-child
if [ ! -f "$SESSION/session.mp4" ]; then
  rm -rf "$SESSION" && mkdir -p "$SESSION"
  .build/release/cardbot synth session --level 3 --seed 4 --size 1280x720 --out "$SESSION" \
    --video "$SESSION/session.mp4" --program "forward forward left forward" \
    --then "forward left forward forward right forward" --then "forward forward left forward forward right forward" \
    --then "left forward forward right forward forward" >/dev/null
fi
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
plain=() replay=()
for round in 1 2 3; do
  plain+=("$(seconds .build/release/cardbot run "$SESSION")")
  replay+=("$(seconds .build/release/cardbot run "$SESSION" --replay "$OUT/replay.mp4")")
done
p=$(median "${plain[@]}") r=$(median "${replay[@]}")
frames=$(ffprobe -v error -count_packets -select_streams v:0 -show_entries stream=nb_read_packets -of csv=p=0 "$OUT/replay.mp4")
printf "81.5 s video session (1280x720, 4 attempts) 'cardbot run SESSION --replay OUT.mp4': %.1f s for %d replay frames\n" "$r" "$frames"
printf "  reference: the same run without --replay %.1f s; replay / run = %.2f (median of 3 interleaved runs)\n" "$p" \
  "$(echo "$r / $p" | bc -l)"
