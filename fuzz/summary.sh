#!/usr/bin/env bash
# Executions and CPU time per target over every recorded campaign (fuzz/campaigns.tsv).
set -euo pipefail
cd "$(dirname "$0")"
awk -F'\t' '{ runs[$2]++; ex[$2] += $3; cpu[$2] += $5; found[$2] += $6; te += $3; tc += $5 }
END {
  printf "%-14s %5s %12s %8s %9s\n", "target", "runs", "executions", "cpu_s", "findings"
  for (t in runs) printf "%-14s %5d %12d %8d %9d\n", t, runs[t], ex[t], cpu[t], found[t]
  printf "%-14s %5s %12d %8d\n", "total", "", te, tc
}' campaigns.tsv
