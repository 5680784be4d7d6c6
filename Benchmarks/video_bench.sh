#!/usr/bin/env bash
# Issue 13's benchmark: `cardbot run` on a 10-minute 1280x720 30 fps H.264 session, side by side with the
# decode floor `ffmpeg -threads 2 -i FILE -f null -` on the same file, and peak memory for 1 and 10 minutes.
# The long videos are made once: a synthesized session (6.2 s of H.264, libx264 veryfast CRF 20, 30 fps) is
# repeated to 10 minutes by ffmpeg's concat demuxer without encoding again (`-c copy`); each entry's `duration`
# is the segment's exact length, so the timestamps run on without overlaps at the joins.
# Usage: Benchmarks/video_bench.sh [ROUNDS]     (from anywhere; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
swift build -c release --product cardbot >/dev/null
BIN=.build/release/cardbot
OUT=Benchmarks/out/video
if [ ! -f "$OUT/min10.mp4" ]; then
  rm -rf "$OUT" && mkdir -p "$OUT/seg"
  "$BIN" synth session --level 3 --program "forward forward right forward" \
    --then "forward right forward" --then "forward right forward forward left forward forward forward" \
    --video "$OUT/seg/lesson.mp4" --size 1280x720 --video-fps 30 --seed 3 >/dev/null
  frames=$(ffprobe -v error -select_streams v -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$OUT/seg/lesson.mp4")
  length=$(echo "$frames / 30" | bc -l)
  for i in $(seq 100); do printf "file 'seg/lesson.mp4'\nduration %s\n" "$length"; done > "$OUT/list.txt"
  ffmpeg -v error -y -f concat -safe 0 -i "$OUT/list.txt" -t 600 -c copy "$OUT/min10.mp4"
  ffmpeg -v error -y -f concat -safe 0 -i "$OUT/list.txt" -t 60 -c copy "$OUT/min1.mp4"
fi
ffprobe -v error -select_streams v -show_entries stream=codec_name,width,height,avg_frame_rate,nb_frames \
  -show_entries format=duration -of compact "$OUT/min10.mp4"
# A session whose last attempt fails exits 1; that is not a failure of the benchmark.
run() { "$BIN" run --level 3 --quiet "$@" >/dev/null || [ $? -eq 1 ]; }
seconds() { local start end; start=$(date +%s.%N); "$@"; end=$(date +%s.%N); echo "$end - $start" | bc; }
echo "== 10 minutes, $ROUNDS rounds interleaved (seconds)"
for round in $(seq "$ROUNDS"); do
  f=$(seconds ffmpeg -v error -threads 2 -i "$OUT/min10.mp4" -f null -)
  c=$(seconds run --jobs 2 "$OUT/min10.mp4")
  printf 'round %d: ffmpeg -threads 2 %.2f s, cardbot run %.2f s, ratio %.2f\n' "$round" "$f" "$c" "$(echo "$c / $f" | bc -l)"
done
echo "== peak memory"
for v in min1 min10; do
  { /usr/bin/time -f "$v: cardbot run peak RSS %M KiB, wall %e s" "$BIN" run --level 3 --quiet --jobs 2 "$OUT/$v.mp4" >/dev/null || true; } 2>&1 | grep -E "peak RSS"
done
