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

# End to end: a one-minute 1280x720 video session (a 7.6 s synthesized level-3 session with four programs,
# looped eight times with ffmpeg, 32 run marks) replayed by the CLI, against the same run without --replay.
SESSION=Benchmarks/out/ar-session
if [ ! -f "$SESSION/long.mp4" ]; then
  rm -rf "$SESSION" && mkdir -p "$SESSION"
  .build/release/cardbot synth session --level 3 --seed 4 --size 1280x720 --out "$SESSION" \
    --video "$SESSION/session.mp4" --program "forward forward left forward" \
    --then "forward left forward forward right forward" --then "forward forward left forward forward right forward" \
    --then "left forward forward right forward forward" >/dev/null
  ffmpeg -v error -y -stream_loop 7 -i "$SESSION/session.mp4" -c copy "$SESSION/long.mp4"
  runs=$(for k in 0 1 2 3 4 5 6 7; do for r in 2 4.2 5.6 7; do echo "$r + 7.6 * $k"; done; done | bc | paste -sd, -)
  printf '{"level": 3, "runs": [%s], "video": "long.mp4"}\n' "$runs" > "$SESSION/session.json"
fi
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
plain=$(seconds .build/release/cardbot run "$SESSION")
replay=$(seconds .build/release/cardbot run "$SESSION" --replay "$OUT/replay.mp4")
frames=$(ffprobe -v error -count_packets -select_streams v:0 -show_entries stream=nb_read_packets -of csv=p=0 "$OUT/replay.mp4")
printf "one-minute video session (1280x720) replayed by 'cardbot run SESSION --replay OUT.mp4': %.1f s for %d replay frames\n" "$replay" "$frames"
printf "  reference: the same run without --replay %.1f s; the replay's own cost per 600 frames (one minute at 10 fps): %.1f s\n" \
  "$plain" "$(echo "($replay - $plain) * 600 / $frames" | bc -l)"
