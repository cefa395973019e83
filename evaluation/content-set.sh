#!/usr/bin/env bash
# Builds the content-semantics set (evaluation/content-set.md) into evaluation/content-set/ (git-ignored):
# the development set's camera originals first, if they are not there yet, then the generator, at low
# priority since it is CPU-bound for minutes. Arguments go to the generator (e.g. --only NAME,...).
# Exit: as evaluation/content-set.py (0 done and every file matches evaluation/content-set.sha256).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEV=${LOUPE_DEV_SET:-$ROOT/evaluation/dev-images}
if [[ ! -f $DEV/manifest.csv ]]; then
  "$ROOT/evaluation/fetch-dev-set.sh" "$DEV"
fi
exec nice -n 10 /usr/bin/python3 "$ROOT/evaluation/content-set.py" "$DEV" "$ROOT/evaluation/content-set" "$@"
