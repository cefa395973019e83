#!/usr/bin/env bash
# Line and branch coverage of each parser package from a JaCoCo CSV report:
#   fuzz/coverage.sh [target/site/jacoco/jacoco.csv]
set -euo pipefail
csv=${1:-target/site/jacoco/jacoco.csv}
awk -F, 'NR > 1 {
  lm[$2] += $8; lc[$2] += $9; bm[$2] += $6; bc[$2] += $7
} END {
  split("dev.loupe.image dev.loupe.image.jpeg dev.loupe.tool.forensic.jpeg dev.loupe.tool.forensic.metadata dev.loupe.tool.forensic.provenance.c2pa dev.loupe.server dev.loupe.structure dev.loupe.model.jsonprotocol dev.loupe.graph dev.loupe.eval.manifest", p, " ")
  printf "%-42s %8s %8s\n", "package", "lines", "branches"
  for (i = 1; i in p; i++) {
    k = p[i]; if (!(k in lc)) { printf "%-42s %8s %8s\n", k, "-", "-"; continue }
    printf "%-42s %7.1f%% %7.1f%%\n", k, 100 * lc[k] / (lc[k] + lm[k]), (bc[k] + bm[k]) ? 100 * bc[k] / (bc[k] + bm[k]) : 0
  }
}' "$csv"
