#!/usr/bin/env bash
# Renders a run's report.html in headless Chromium and checks that the screenshot is not blank
# (distinct colours, inked area, the charts' blue and red painted).
# Usage: evaluation/check-report.sh RUN_DIR [OUT.png]     (default OUT: RUN_DIR/report.png)
# Installs Chromium from Debian when missing (apt-get install -y chromium).
set -euo pipefail
RUN=${1:?usage: evaluation/check-report.sh RUN_DIR [OUT.png]}
RUN=$(cd "$RUN" && pwd)
OUT=${2:-$RUN/report.png}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ -f $RUN/report.html ]] || { echo "$RUN/report.html: no report (run loupe eval first)" >&2; exit 2; }
if ! command -v chromium >/dev/null; then
  apt-get install -y -q chromium >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; }
fi
PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT
chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
  --disable-sync --no-first-run --user-data-dir="$PROFILE" --hide-scrollbars \
  --screenshot="$OUT" --window-size=1280,2000 "file://$RUN/report.html" 2>/dev/null
if [[ -f $ROOT/eval/target/classes/dev/loupe/eval/report/ScreenshotCheck.class ]]; then
  CP=$ROOT/eval/target/classes
else
  CP=$ROOT/cli/target/loupe.jar
fi
java -cp "$CP" dev.loupe.eval.report.ScreenshotCheck "$OUT"
