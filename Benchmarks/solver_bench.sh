#!/usr/bin/env bash
# Issue 17's benchmark: the solver and the optimum cache.
# - `cardbot solve` on every curriculum level, and on each level with all 18 cards offered (the function
#   cards included), with the default budget: wall time and whether the answer is proven;
# - `cardbot run --level L --program forward` with a cold cache (a fresh cache folder: the level is solved)
#   and a warm one (the proven optimum is read from the cache), side by side, and their ratio.
# Times are the mean of REPEAT runs (default 10), in milliseconds of CPU (user + system, including process start): on a shared
# machine the wall clock mostly measures the other processes.
# Usage: Benchmarks/solver_bench.sh        (from anywhere; builds the release binary first, unless SKIP_BUILD=1)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SKIP_BUILD:-}" ] || swift build -c release --product cardbot >/dev/null
BIN=$PWD/.build/release/cardbot
OUT=Benchmarks/out/solver
rm -rf "$OUT" && mkdir -p "$OUT/allcards" "$OUT/cache"
# CPU milliseconds per run of the command line "$1" (run REPEAT times in one shell, default 10).
REPEAT=${REPEAT:-10}
ms() {
  /usr/bin/time -f '%U %S' -o "$OUT/time.txt" bash -c "for i in \$(seq $REPEAT); do $1 >/dev/null 2>&1; done" || true
  awk -v n="$REPEAT" 'END {printf "%.1f\n", ($1 + $2) * 1000 / n}' "$OUT/time.txt"
}
proven() { "$BIN" solve "$1" 2>/dev/null | grep -qE '^Proven minimal' && echo proven || echo "not proven"; }
fewest() { "$BIN" solve "$1" 2>/dev/null | sed -n 's/^Fewest cards: //p'; }
echo "== solve, curriculum levels (CPU ms per run, process start included)"
for f in Levels/[0-9]*.json; do
  printf '%-34s %7s ms  fewest %-3s %s\n' "$(basename "$f")" "$(ms "$BIN solve $f")" "$(fewest "$f")" "$(proven "$f")"
done
echo "== solve, the same maps with all 18 cards offered and no maxCards (CPU ms per run)"
ALL='{"0": "forward", "1": "left", "2": "right", "3": "jump", "4": "repeat-2", "5": "repeat-3", "6": "repeat-4", "7": "repeat-5", "8": "repeat-until-goal", "9": "if-path-ahead", "10": "if-path-left", "11": "if-path-right", "12": "else", "13": "end", "14": "define-a", "15": "call-a", "16": "define-b", "17": "call-b"}'
for f in Levels/[0-9]*.json; do
  g="$OUT/allcards/$(basename "$f")"
  python3 - "$f" "$g" "$ALL" <<'PY'
import json, sys
level = json.load(open(sys.argv[1])); level["cards"] = json.loads(sys.argv[3])
level.pop("$schema", None); level.pop("unlocks", None); level.pop("maxCards", None)
json.dump(level, open(sys.argv[2], "w"), indent=1)
PY
  printf '%-34s %7s ms  fewest %-3s %s\n' "$(basename "$f")" "$(ms "$BIN solve $g")" "$(fewest "$g")" "$(proven "$g")"
done
echo "== run --program forward: cold cache (a fresh folder each run: the level is solved) and warm (read), CPU ms per run"
for f in Levels/[0-9]*.json; do
  C=$PWD/$OUT/cache/cold W=$PWD/$OUT/cache/warm
  XDG_CACHE_HOME=$W "$BIN" run --level "$f" --program forward >/dev/null 2>&1 || true
  c=$(ms "rm -rf $C; XDG_CACHE_HOME=$C $BIN run --level $f --program forward")
  w=$(ms "XDG_CACHE_HOME=$W $BIN run --level $f --program forward")
  printf '%-34s cold %7s ms  warm %6s ms  optimum cold %7s ms\n' "$(basename "$f")" "$c" "$w" "$(awk "BEGIN{printf \"%.1f\", $c - $w}")"
done
