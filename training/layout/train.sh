#!/usr/bin/env bash
# The learned layout reader, from nothing: renders the training and held-out pictures, trains the
# net on this machine's CPU (fixed seeds), exports it to ONNX and scores it on the held-out renders.
#
#   training/layout/train.sh            # writes .tmp/layout/layout.onnx and .tmp/layout/metrics.json
#   INSTALL=1 training/layout/train.sh  # ... and copies the model into the engine
#
# Needs `npm ci` and Debian's PyTorch and ONNX: apt-get install python3-torch python3-onnx.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-.tmp/layout}
STEPS=${STEPS:-950}
PYTHON=${PYTHON:-/usr/bin/python3}

rm -rf "$OUT"
mkdir -p "$OUT"
# Training seeds 10000+, held-out seeds 90000+: no picture is in both (nor in the eval seeds 1-3).
npx tsx training/layout/make-data.ts --out "$OUT/train-0" --first 0 --count 2000 --seed-base 10000 &
npx tsx training/layout/make-data.ts --out "$OUT/train-1" --first 2000 --count 2000 --seed-base 10000 &
wait
npx tsx training/layout/make-data.ts --out "$OUT/held-out" --first 0 --count 400 --seed-base 90000
"$PYTHON" training/layout/train.py --data "$OUT/train-0" "$OUT/train-1" --out "$OUT/layout.onnx" --steps "$STEPS"
npx tsx training/layout/evaluate.ts "$OUT/held-out" --model "$OUT/layout.onnx" --json "$OUT/metrics.json"
if [ "${INSTALL:-0}" = 1 ]; then
  cp "$OUT/layout.onnx" src/engine/layout/learned/layout.onnx
  cp "$OUT/metrics.json" training/layout/metrics.json
fi
