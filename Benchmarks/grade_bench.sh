#!/usr/bin/env bash
# Issue 6's benchmark (not a test): `cardbot grade` on a synthesized class of 30 sessions of 100 frames
# at 1280x720 (10 students x levels 1, 2 and 3, grouped as class/student-NN/level-L/), writing all three
# reports. Prints the wall time, frames per second and peak memory (from /usr/bin/time -v) with
# --jobs 1 and --jobs 2.
#
# Usage: Benchmarks/grade_bench.sh            (builds .build/release/cardbot)
#        CARDBOT_BIN=path/to/cardbot Benchmarks/grade_bench.sh
# The class is written once to Benchmarks/out/grade-class/ (git-ignored) and reused by later runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CARDBOT_BIN:-}" ]; then
    swift build -c release --product cardbot >/dev/null
    CARDBOT_BIN=.build/release/cardbot
fi
CLASS=Benchmarks/out/grade-class
OUT=Benchmarks/out/grade-reports
mkdir -p "$OUT"

# One session: DIR LEVEL SEED FIRST [THEN...]. A first program of 5 cards laid one by one takes 21 frames,
# each of the 11 rearrangements 7, and the close 2: 100 frames and 12 attempts.
session() {
    local dir=$1 level=$2 seed=$3 first=$4
    shift 4
    local thens=()
    for program in "$@"; do thens+=(--then "$program"); done
    "$CARDBOT_BIN" synth session --level "$level" --size 1280x720 --seed "$seed" --out "$dir" \
        --program "$first" "${thens[@]}" >/dev/null
}

F="forward"
if [ ! -f "$CLASS/.complete" ]; then
    rm -rf "$CLASS"
    echo "Synthesizing 30 sessions of 100 frames at 1280x720 into $CLASS (once; a few minutes)..." >&2
    for n in $(seq -w 1 10); do
        seed=$((10#$n * 10))
        # Every third student ends without solving; the others end on a solution.
        if [ $((10#$n % 3)) -eq 0 ]; then last1="$F $F"; last2="$F right $F"; last3="$F right $F left $F"
        else last1="$F $F $F"; last2="$F $F right $F $F"; last3="$F right $F $F left $F $F $F"; fi
        session "$CLASS/student-$n/level-1" 1 $((seed + 1)) "$F $F $F $F $F" \
            "$F" "$F $F" "$F $F $F $F" "$F" "$F $F" "$F $F $F $F $F" "$F" "$F $F" "$F $F $F $F" "$F $F" "$last1"
        session "$CLASS/student-$n/level-2" 2 $((seed + 2)) "$F right $F $F $F" \
            "$F $F" "right $F $F" "$F $F right" "$F right $F" "$F $F $F right" "right right $F" \
            "$F $F right right right right right $F $F" "$F" "$F $F right $F" "right" "$last2"
        session "$CLASS/student-$n/level-3" 3 $((seed + 3)) "$F right $F left $F" \
            "$F $F" "$F right $F" "$F right $F $F" "$F left $F" "$F right $F $F left" "right $F" \
            "$F right $F $F left $F" "$F right $F $F right $F $F" "left $F" "$F right $F $F left $F $F" "$last3"
    done
    touch "$CLASS/.complete"
fi

frames=$(find "$CLASS" -name '*.jpg' | wc -l)
sessions=$(find "$CLASS" -name session.json | wc -l)
echo "Class: $sessions sessions, $frames frames at 1280x720 ($(du -sh "$CLASS" | cut -f1) of JPEGs) on $(nproc) cores"
for jobs in 1 2; do
    log="$OUT/time-jobs-$jobs.txt"
    /usr/bin/time -v "$CARDBOT_BIN" grade "$CLASS" --jobs "$jobs" --stats \
        --out "$OUT/class.csv" --out "$OUT/class.json" --out "$OUT/class.html" >"$OUT/table.txt" 2>"$log" || true
    wall=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}')
    peak=$(grep 'Maximum resident set size' "$log" | awk '{printf "%.1f", $NF / 1024}')
    stats=$(grep '^stats:' "$log" | sed 's/^stats: //')
    seconds=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
    fps=$(awk -v f="$frames" -v s="$seconds" 'BEGIN { printf "%.1f", f / s }')
    echo "--jobs $jobs: wall $wall ($fps frames/s over the whole command), peak memory $peak MiB; cardbot: $stats"
done
echo "Reports: $(ls -l "$OUT"/class.* | awk '{printf "%s %d bytes; ", $NF, $5}')"

# The term's gradebook (issue 15): the first run records every session; a regrade of the unchanged class reads
# them all back (every frame is hashed, none decoded); after one session changes, only it is read again.
# The reports of the regrade are compared with the plain run's.
book="$OUT/term.sqlite"
rm -f "$book" "$book-wal" "$book-shm"
timed() { # LABEL ARGS...: wall seconds of one cardbot grade run
    local label=$1
    shift
    local start end
    start=$(date +%s.%N)
    "$CARDBOT_BIN" grade "$CLASS" --jobs 2 "$@" >/dev/null 2>"$OUT/gradebook-stderr.txt" || true
    end=$(date +%s.%N)
    printf '%s: %.3f s (%s)\n' "$label" "$(echo "$end - $start" | bc)" "$(grep '^gradebook' "$OUT/gradebook-stderr.txt" | sed 's/^gradebook [^:]*: //')"
}
timed "--gradebook, first run (grades and records 30 sessions)" --gradebook "$book"
timed "--gradebook, regrade of the unchanged class" --gradebook "$book" --out "$OUT/regrade.csv" --out "$OUT/regrade.json" --out "$OUT/regrade.html"
for name in csv json html; do cmp "$OUT/class.$name" "$OUT/regrade.$name" || echo "MISMATCH: regrade.$name differs from class.$name"; done
changed="$CLASS/student-01/level-1/frame-0100.jpg"
cp "$changed" "$OUT/frame-0100.jpg.keep"
printf 'x' >>"$changed"
timed "--gradebook, regrade after one session changed" --gradebook "$book"
cp "$OUT/frame-0100.jpg.keep" "$changed"
timed "--gradebook, regrade of the restored class" --gradebook "$book"
echo
cat "$OUT/table.txt"
