#!/usr/bin/env bash
# The learned layout reader, from nothing: renders the training and held-out pictures, trains its
# two nets on this machine's CPU (fixed seeds: the whole picture's, then the label column's
# strip's), exports them to ONNX and scores them on the held-out renders, read at their own size.
#
#   training/layout/train.sh            # writes .tmp/layout/{layout,strip}.onnx and .tmp/layout/metrics.json
#   INSTALL=1 training/layout/train.sh  # ... and copies the models into the engine
#
# Needs `npm ci` and Debian's PyTorch and ONNX: apt-get install python3-torch python3-onnx.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-.tmp/layout}
STEPS=${STEPS:-2000}
STRIP_STEPS=${STRIP_STEPS:-600}
PYTHON=${PYTHON:-/usr/bin/python3}

rm -rf "$OUT"
mkdir -p "$OUT"
# Training seeds 10000+, held-out seeds 90000+: no picture is in both (nor in the eval seeds 1-3).
for shard in 0 1 2; do
  npx tsx training/layout/make-data.ts --out "$OUT/train-$shard" --first $((shard * 2000)) --count 2000 --seed-base 10000 &
done
wait
npx tsx training/layout/make-data.ts --out "$OUT/held-out" --first 0 --count 400 --seed-base 90000 --native
"$PYTHON" training/layout/train.py --data "$OUT"/train-[0-2] --out "$OUT/layout.onnx" --steps "$STEPS"
"$PYTHON" training/layout/train.py --task strip --data "$OUT"/train-[0-2] --out "$OUT/strip.onnx" \
  --steps "$STRIP_STEPS" --batch 16
npx tsx training/layout/evaluate.ts "$OUT/held-out" --model "$OUT/layout.onnx" --strip-model "$OUT/strip.onnx" \
  --json "$OUT/metrics.json"
if [ "${INSTALL:-0}" = 1 ]; then
  cp "$OUT/layout.onnx" src/engine/layout/learned/layout.onnx
  cp "$OUT/strip.onnx" src/engine/layout/learned/strip.onnx
  cp "$OUT/metrics.json" training/layout/metrics.json
fi
