#!/bin/sh
# Runs every libFuzzer harness built by build.sh.
#   run.sh runs N      each harness for exactly N executions (the smoke run CI does); the gradebook harness, whose
#                      executions take some 30 ms each (20 to 100 times the others'), for N/4
#   run.sh seconds S   each harness for S seconds
# Prints one line per harness (executions, seconds, crashes) and fails on the first crash; the crashing
# input is kept in $FUZZ_OUT/crashes/ (turn it into a regression test: see docs/internals.md, "Fuzzing").
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FUZZ_OUT:-$ROOT/.build/fuzz}
MODE=${1:-runs}
AMOUNT=${2:-2000}
HARNESSES=${FUZZ_HARNESSES:-png jpeg level session corrections classjson roster deck patterns program catalog gradebook}
case "$MODE" in
runs) LIMIT="-runs=$AMOUNT" ;;
seconds) LIMIT="-max_total_time=$AMOUNT" ;;
*) echo "usage: run.sh runs N | seconds S" >&2; exit 2 ;;
esac
mkdir -p "$OUT/crashes"
failed=0
for name in $HARNESSES; do
    corpus="$OUT/corpus/$name"
    mkdir -p "$corpus"
    regressions="$ROOT/Fuzz/Regressions/$name"
    dirs="$corpus $OUT/seeds/$name"
    [ -d "$regressions" ] && dirs="$dirs $regressions"
    log="$OUT/fuzz-$name.log"
    limit=$LIMIT
    [ "$MODE" = runs ] && [ "$name" = gradebook ] && limit="-runs=$((AMOUNT / 4))"
    # The catalog harness runs without leak checks: LeakSanitizer cannot see the plural rule's one-time global
    # (an indirect enum, whose pointers carry tag bits) and reports it as lost; memory errors are still caught.
    # The gradebook harness too: GRDB's and Foundation's caches make libFuzzer check for leaks after most inputs,
    # each check scanning a heap of some 500 MB, which doubles the time an input takes (no leak was reported).
    leaks=1
    [ "$name" = catalog ] || [ "$name" = gradebook ] && leaks=0
    # SWIFT_BACKTRACE=enable=no: Swift's own crash handler would otherwise take a trap's signal before libFuzzer
    # (which leaves a handler already there in place), so libFuzzer would neither save the input nor stop.
    if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=$leaks" "$OUT/fuzz-$name" -detect_leaks=$leaks $limit -max_len=65536 -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
        -artifact_prefix="$OUT/crashes/$name-" $dirs >"$log" 2>&1; then
        status=0
    else
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
    crashes=$(ls "$OUT/crashes" | grep -c "^$name-" || true)
    printf '%-9s %9s executions in %4s s, crashes: %s\n' "$name" "${runs:-?}" "${seconds:-?}" "$crashes"
    if [ "$status" -ne 0 ]; then
        failed=1
        tail -n 30 "$log" >&2
    fi
done
exit $failed
