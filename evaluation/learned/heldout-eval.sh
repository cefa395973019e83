#!/usr/bin/env bash
# Scores the content set with the forensic graph so that every item's learned_residual result comes from
# the model that never saw its fold: one `loupe eval` per fold k, with -Dloupe.learned.model=MODELS/fold-k.onnx
# (evaluation/learned/train.py writes them), all into one thread store, then the five runs merged into one
# run folder (results.jsonl and run.json; each fold's own metrics and report stay in RUN/fold-K/) that
# `loupe eval calibrate RUN --store STORE` reads like any other. `loupe eval --resume` cannot rewrite the
# merged metrics: it refuses a run whose folds ran with different model files.
#
#   evaluation/learned/heldout-eval.sh MODELS_DIR RUN_DIR STORE [MANIFEST]
#   e.g. evaluation/learned/heldout-eval.sh evaluation/learned/out /tmp/cs-heldout /tmp/cs-heldout.db
#
# MANIFEST defaults to evaluation/content-set/manifest.csv; LOUPE_JAR to cli/target/loupe.jar. Runs at
# nice 10, one worker. Exit: 0 done; 1 a run failed; 2 bad arguments.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if [[ $# -lt 3 ]]; then
  echo "usage: $0 MODELS_DIR RUN_DIR STORE [MANIFEST]" >&2
  exit 2
fi
MODELS=$(cd "$1" && pwd)
RUN=$2
STORE=$3
MANIFEST=$(realpath "${4:-$ROOT/evaluation/content-set/manifest.csv}")
JAR=${LOUPE_JAR:-$ROOT/cli/target/loupe.jar}
SET=$(dirname "$MANIFEST")
for k in 0 1 2 3 4; do
  [[ -f $MODELS/fold-$k.onnx ]] || { echo "$MODELS/fold-$k.onnx: no such model (evaluation/learned/train.py writes it)" >&2; exit 2; }
done
[[ -f $JAR ]] || { echo "$JAR: no such jar (mvn -q -B package -DskipTests builds it)" >&2; exit 2; }
if [[ -e $RUN ]]; then echo "$RUN exists: give a new run folder" >&2; exit 2; fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$RUN"
fold_column=$(head -1 "$MANIFEST" | tr ',' '\n' | grep -nx fold | cut -d: -f1)
[[ -n $fold_column ]] || { echo "$MANIFEST has no fold column" >&2; exit 2; }
for k in 0 1 2 3 4; do
  # a manifest of fold k's items beside links to the set's folders, so its relative paths still resolve
  mkdir -p "$WORK/fold-$k"
  for entry in "$SET"/*/; do ln -s "$entry" "$WORK/fold-$k/$(basename "$entry")"; done
  /usr/bin/python3 - "$MANIFEST" "$WORK/fold-$k/manifest.csv" "$k" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
with open(sys.argv[2], 'w', newline='') as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator='\n')
    w.writeheader()
    w.writerows(r for r in rows if r['fold'].strip() == sys.argv[3])
EOF
  echo "fold $k: $(($(wc -l < "$WORK/fold-$k/manifest.csv") - 1)) items with $MODELS/fold-$k.onnx" >&2
  nice -n 10 java -Dloupe.learned.model="$MODELS/fold-$k.onnx" -jar "$JAR" eval "$WORK/fold-$k/manifest.csv" \
    --workers 1 --store "$STORE" --out "$RUN/fold-$k" >&2 || { echo "fold $k: loupe eval failed" >&2; exit 1; }
done

# one run folder: every fold's result lines numbered anew, fold 0's run description for the whole manifest
/usr/bin/python3 "$ROOT/evaluation/learned/merge_runs.py" "$RUN" "$MANIFEST" "$MODELS" >&2
echo "$RUN: $(wc -l < "$RUN/results.jsonl") items; next: java -jar $JAR eval calibrate $RUN --store $STORE"
