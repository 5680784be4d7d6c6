#!/usr/bin/env bash
# Issue 17's benchmark: the solver and the optimum cache.
# - `cardbot solve` on every curriculum level, and on each level with all 18 cards offered (the function
#   cards included), with the default budget: wall time and whether the answer is proven;
# - `cardbot run --level L --program forward` with a cold cache (a fresh cache folder: the level is solved)
#   and a warm one (the proven optimum is read from the cache), side by side, and their ratio.
# Times are the best of 3 runs, in milliseconds of CPU (user + system, including process start): on a shared
# machine the wall clock mostly measures the other processes.
# Usage: Benchmarks/solver_bench.sh        (from anywhere; builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product cardbot >/dev/null
BIN=$PWD/.build/release/cardbot
OUT=Benchmarks/out/solver
rm -rf "$OUT" && mkdir -p "$OUT/allcards" "$OUT/cache"
ms() { /usr/bin/time -f '%U %S' -o "$OUT/time.txt" "$@" >/dev/null 2>&1 || true; awk 'END {printf "%d\n", ($1 + $2) * 1000}' "$OUT/time.txt"; }
best3() { local a b c; a=$(ms "$@"); b=$(ms "$@"); c=$(ms "$@"); printf '%s\n' "$a" "$b" "$c" | sort -n | head -1; }
proven() { "$BIN" solve "$1" 2>/dev/null | grep -qE '^Proven minimal' && echo proven || echo "not proven"; }
fewest() { "$BIN" solve "$1" 2>/dev/null | sed -n 's/^Fewest cards: //p'; }
echo "== solve, curriculum levels (best of 3, ms)"
for f in Levels/[0-9]*.json; do
  printf '%-34s %6s ms  fewest %-3s %s\n' "$(basename "$f")" "$(best3 "$BIN" solve "$f")" "$(fewest "$f")" "$(proven "$f")"
done
echo "== solve, the same maps with all 18 cards offered (best of 3, ms)"
ALL='{"0": "forward", "1": "left", "2": "right", "3": "jump", "4": "repeat-2", "5": "repeat-3", "6": "repeat-4", "7": "repeat-5", "8": "repeat-until-goal", "9": "if-path-ahead", "10": "if-path-left", "11": "if-path-right", "12": "else", "13": "end", "14": "define-a", "15": "call-a", "16": "define-b", "17": "call-b"}'
for f in Levels/[0-9]*.json; do
  g="$OUT/allcards/$(basename "$f")"
  python3 - "$f" "$g" "$ALL" <<'PY'
import json, sys
level = json.load(open(sys.argv[1])); level["cards"] = json.loads(sys.argv[3])
level.pop("$schema", None); level.pop("unlocks", None); level.pop("maxCards", None)
json.dump(level, open(sys.argv[2], "w"), indent=1)
PY
  printf '%-34s %6s ms  fewest %-3s %s\n' "$(basename "$f")" "$(best3 "$BIN" solve "$g")" "$(fewest "$g")" "$(proven "$g")"
done
echo "== run --program: optimum with a cold cache (solved) and a warm one (read), best of 3, ms"
for f in Levels/[0-9]*.json; do
  cold() { rm -rf "$OUT/cache/cold"; XDG_CACHE_HOME=$PWD/$OUT/cache/cold "$BIN" run --level "$f" --program forward; }
  warm() { XDG_CACHE_HOME=$PWD/$OUT/cache/warm "$BIN" run --level "$f" --program forward; }
  warm >/dev/null 2>&1 || true
  c=$(best3 cold); w=$(best3 warm)
  printf '%-34s cold %6s ms  warm %4s ms  ratio %s\n' "$(basename "$f")" "$c" "$w" "$(awk "BEGIN{printf \"%.1f\", $c/($w>0?$w:1)}")"
done
