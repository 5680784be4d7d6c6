#!/usr/bin/env bash
# Issue 2's benchmark: CardBot's Swift JPEG-to-gray decode against a plain C loop over libjpeg-turbo,
# side by side in one process on the same camera-style 1280x720 JPEGs.
# Usage: Benchmarks/run_decode_bench.sh [ROUNDS]   (needs python3 with numpy and opencv-python-headless)
set -euo pipefail
cd "$(dirname "$0")"
python3 make_camera_jpegs.py out/camera 8 >/dev/null
swift build -c release --product decode-bench >/dev/null
./.build/release/decode-bench --rounds "${1:-30}" out/camera/*.jpg
